//! Reading and writing puzzle files in the two common text formats.
//!
//! - [`Format::Grid`]: nine lines of nine digits separated by single spaces, `0` for a blank,
//!   one empty line between grids and none after the last, so `N` grids take exactly
//!   `163 * N - 1` bytes (the last line ends in `\n`).
//! - [`Format::Line`]: one puzzle per line, 81 characters, `1`-`9` for a given and `.` or `0`
//!   for a blank; lines starting with `#` and empty lines are skipped.
//!
//! Readers accept `\r\n` line ends and report errors with the puzzle number, line and column
//! (all counted from 1). A clash between givens is a puzzle without solutions, not a format
//! error, for the file readers ([`Puzzles`], [`parse_all`]); [`parse_all_strict`] and
//! `str::parse::<Grid>` reject it.

use std::str::FromStr;

use wide::u8x16;

use crate::error::{ParseError, UnknownFormat};
use crate::grid::{CELLS, Grid, col_of, row_of};

/// The text format of a puzzle file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Nine lines of nine space-separated digits per grid, `0` for blank, a blank line between
    /// grids.
    Grid,
    /// One 81-character line per puzzle, `.` or `0` for blank, `#` comment lines.
    Line,
}

impl Format {
    /// Guesses the format from the first line that is neither empty nor a `#` comment: a line
    /// with a space is the grid format, anything else the line format.
    pub fn detect(text: &str) -> Format {
        text.lines()
            .map(|l| l.trim_end_matches('\r'))
            .find(|l| !l.is_empty() && !l.starts_with('#'))
            .map_or(Format::Line, |l| {
                if l.contains(' ') {
                    Format::Grid
                } else {
                    Format::Line
                }
            })
    }
}

impl FromStr for Format {
    type Err = UnknownFormat;

    /// `grid` or `line`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "grid" => Ok(Format::Grid),
            "line" => Ok(Format::Line),
            other => Err(UnknownFormat {
                name: puzzle_search::excerpt(other),
            }),
        }
    }
}

/// Where each cell of a puzzle was read: its line and column, for error messages.
#[derive(Clone, Copy, Debug)]
struct Origin {
    format: Format,
    first_line: usize,
}

impl Origin {
    fn locate(&self, cell: usize) -> (usize, usize) {
        match self.format {
            Format::Line => (self.first_line, cell + 1),
            Format::Grid => (self.first_line + row_of(cell), 2 * col_of(cell) + 1),
        }
    }
}

/// A lazy reader of puzzles: yields each puzzle or the first error (then stops).
///
/// Clashing givens are not an error here (they make a puzzle with no solution, which a solver
/// reports); use [`check_clash`] or [`parse_all_strict`] to reject them.
#[derive(Clone, Debug)]
pub struct Puzzles<'a> {
    /// The text not read yet, and the number of lines before it.
    rest: &'a str,
    line: usize,
    format: Format,
    puzzle: usize,
    done: bool,
    last_origin: Option<Origin>,
}

impl<'a> Puzzles<'a> {
    /// Reads `text` in the given format.
    pub fn new(text: &'a str, format: Format) -> Self {
        Self::resume(text, format, 0, 0)
    }

    /// Goes on reading in `text`, the text that follows what a reader in `format` read up to
    /// `line` lines and `puzzle` puzzles: errors then name the lines and puzzles of the whole.
    /// `text` must begin where a puzzle may (in the grid format, at a line that separates
    /// two puzzles, unless no puzzle was read yet).
    pub(crate) fn resume(text: &'a str, format: Format, line: usize, puzzle: usize) -> Self {
        Puzzles {
            rest: text,
            line,
            format,
            puzzle,
            done: false,
            last_origin: None,
        }
    }

    /// The lines and puzzles read so far, and the bytes of the text not read yet.
    pub(crate) fn position(&self) -> (usize, usize, usize) {
        (self.line, self.puzzle, self.rest.len())
    }

    /// Reads `text` in the format [`Format::detect`] finds.
    pub fn detect(text: &'a str) -> Self {
        Self::new(text, Format::detect(text))
    }

    /// The format being read.
    pub fn format(&self) -> Format {
        self.format
    }

    /// Checks the puzzle last returned for clashing givens, naming lines and columns.
    pub fn check_last(&self, grid: &Grid) -> Result<(), ParseError> {
        match self.last_origin {
            Some(o) => clash_error(grid, self.puzzle, o),
            None => Ok(()),
        }
    }

    /// The next line and its number: the lines of `str::lines` (split at `\n` or `\r\n`),
    /// each without one more `\r` at its end if it has one.
    fn next_line(&mut self) -> Option<(usize, &'a str)> {
        if self.rest.is_empty() {
            return None;
        }
        let strip = |l: &'a str| l.strip_suffix('\r').unwrap_or(l);
        let line = match self.rest.split_once('\n') {
            Some((line, rest)) => {
                self.rest = rest;
                strip(strip(line))
            }
            None => strip(std::mem::take(&mut self.rest)),
        };
        self.line += 1;
        Some((self.line, line))
    }

    /// The common case of the line format: the next line is a well-formed puzzle of 81 bytes
    /// ending the text or followed by `\n` or `\r\n`. It is read without searching for the
    /// line's end (which costs about as much as parsing it); anything else is left to the
    /// general path.
    #[inline]
    fn next_plain_puzzle(&mut self) -> Option<(Grid, Origin)> {
        let (line, skip) = plain_line(self.rest.as_bytes())?;
        // A line of digits and dots only: no line end inside it, and every byte is ASCII, so
        // `skip` falls on a character boundary.
        let grid = parse_line_ascii(line)?;
        self.rest = self.rest.get(skip..)?;
        self.line += 1;
        self.puzzle += 1;
        let origin = Origin {
            format: Format::Line,
            first_line: self.line,
        };
        Some((grid, origin))
    }

    /// Appends to `out` the well-formed puzzles of the line format ahead (see
    /// `next_plain_puzzle`), as many as follow one another, and stops before anything else;
    /// the iterator then goes on after them. A batch reader's fast path: each grid is
    /// written once, into `out`, instead of passing through the iterator's item.
    pub(crate) fn plain_lines_into(&mut self, out: &mut Vec<Grid>) {
        self.plain_lines_up_to(out, usize::MAX);
    }

    /// [`Puzzles::plain_lines_into`], stopping once `out` holds `max` grids.
    pub(crate) fn plain_lines_up_to(&mut self, out: &mut Vec<Grid>, max: usize) {
        if self.format != Format::Line || self.done {
            return;
        }
        let mut b = self.rest.as_bytes();
        let mut read = 0;
        while out.len() < max
            && let Some((line, skip)) = plain_line(b)
            && let Some(grid) = parse_line_ascii(line)
            && let Some(next) = b.get(skip..)
        {
            out.push(grid);
            b = next;
            read += 1;
        }
        // Every line read is ASCII, so what is left starts on a character boundary.
        if let Some(rest) = self.rest.get(self.rest.len() - b.len()..)
            && read > 0
        {
            self.rest = rest;
            self.line += read;
            self.puzzle += read;
            self.last_origin = Some(Origin {
                format: Format::Line,
                first_line: self.line,
            });
        }
    }

    fn read_line_format(&mut self) -> Option<Result<(Grid, Origin), ParseError>> {
        if let Some(found) = self.next_plain_puzzle() {
            return Some(Ok(found));
        }
        loop {
            let (n, line) = self.next_line()?;
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            self.puzzle += 1;
            let origin = Origin {
                format: Format::Line,
                first_line: n,
            };
            return Some(parse_line(line, self.puzzle, n).map(|g| (g, origin)));
        }
    }

    fn read_grid_format(&mut self) -> Option<Result<(Grid, Origin), ParseError>> {
        // Skip empty lines and comments before the grid; the first grid must not be preceded
        // by a separator only when it is not the first, which `MissingSeparator` checks below.
        let mut separated = self.puzzle == 0;
        let (first, mut line) = loop {
            let (n, line) = self.next_line()?;
            if line.is_empty() {
                separated = true;
                continue;
            }
            if line.starts_with('#') {
                continue;
            }
            break (n, line);
        };
        self.puzzle += 1;
        if !separated {
            return Some(Err(ParseError::MissingSeparator {
                puzzle: self.puzzle,
                line: first,
            }));
        }
        let mut cells = [0u8; CELLS];
        let mut n = first;
        for row in 0..9 {
            if row > 0 {
                match self.next_line() {
                    Some((m, l)) if !l.is_empty() => {
                        n = m;
                        line = l;
                    }
                    Some((m, _)) => {
                        return Some(Err(ParseError::Truncated {
                            puzzle: self.puzzle,
                            line: m,
                            rows: row,
                        }));
                    }
                    None => {
                        return Some(Err(ParseError::Truncated {
                            puzzle: self.puzzle,
                            line: n + 1,
                            rows: row,
                        }));
                    }
                }
            }
            if let Err(e) = parse_row(line, &mut cells[row * 9..row * 9 + 9], self.puzzle, n) {
                return Some(Err(e));
            }
        }
        let origin = Origin {
            format: Format::Grid,
            first_line: first,
        };
        Some(Ok((Grid::from_cells(cells).unwrap_or_default(), origin)))
    }
}

impl Iterator for Puzzles<'_> {
    type Item = Result<Grid, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let r = match self.format {
            Format::Line => self.read_line_format(),
            Format::Grid => self.read_grid_format(),
        }?;
        match r {
            Ok((g, origin)) => {
                self.last_origin = Some(origin);
                Some(Ok(g))
            }
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
        }
    }
}

fn parse_line(line: &str, puzzle: usize, n: usize) -> Result<Grid, ParseError> {
    // The common case, 81 ASCII bytes of digits and dots, in one pass over bytes with one
    // check per byte; anything else takes the character-wise path, which names the error.
    if let Some(g) = parse_line_ascii(line.as_bytes()) {
        return Ok(g);
    }
    let found = line.chars().count();
    let mut cells = [0u8; CELLS];
    for (i, ch) in line.chars().enumerate() {
        if i >= CELLS {
            break;
        }
        cells[i] = match ch {
            '1'..='9' => ch as u8 - b'0',
            '.' | '0' => 0,
            _ => {
                return Err(ParseError::BadChar {
                    puzzle,
                    line: n,
                    column: i + 1,
                    found: ch,
                    expected: "a digit 1-9, or `.` or `0` for a blank",
                });
            }
        };
    }
    if found != CELLS {
        return Err(ParseError::WrongLength {
            puzzle,
            line: n,
            expected: CELLS,
            found,
        });
    }
    Ok(Grid::from_cells(cells).unwrap_or_default())
}

/// The first 81 bytes of `b` if a line end (or the end of the text) follows them, with the
/// number of bytes to the next line; the bytes are not checked.
#[inline]
fn plain_line(b: &[u8]) -> Option<(&[u8], usize)> {
    let skip = match b.get(CELLS) {
        None if b.len() == CELLS => CELLS,
        Some(b'\n') => CELLS + 1,
        Some(b'\r') if b.get(CELLS + 1) == Some(&b'\n') => CELLS + 2,
        _ => return None,
    };
    Some((b.get(..CELLS)?, skip))
}

/// A well-formed 81-byte line, or `None` for anything else (wrong length, another byte).
#[inline]
fn parse_line_ascii(line: &[u8]) -> Option<Grid> {
    let line: &[u8; CELLS] = line.try_into().ok()?;
    // `.` and `0` are blanks, `1`-`9` digits, anything else makes the line take the slow
    // path, which names the error. Sixteen bytes a vector for the first 80, read from the
    // line and written to the cells in place; the last byte alone. One flag for the whole
    // line, no branch per byte.
    let mut cells = [0u8; CELLS];
    let mut good = u8x16::splat(u8::MAX);
    let (zero, nine, dot) = (u8x16::splat(b'0'), u8x16::splat(9), u8x16::splat(b'.'));
    for (src, dst) in line.chunks_exact(16).zip(cells.chunks_exact_mut(16)) {
        let mut bytes = [0u8; 16];
        bytes.copy_from_slice(src);
        let b = u8x16::new(bytes);
        let d = b - zero;
        let digit = d.min(nine).simd_eq(d);
        good &= digit | b.simd_eq(dot);
        dst.copy_from_slice(&(d & digit).to_array());
    }
    let last = line[CELLS - 1];
    let d = last.wrapping_sub(b'0');
    cells[CELLS - 1] = if d <= 9 { d } else { 0 };
    if good.to_bitmask() != 0xFFFF || (d > 9 && last != b'.') {
        return None;
    }
    Some(Grid::from_checked_cells(cells))
}

fn parse_row(line: &str, row: &mut [u8], puzzle: usize, n: usize) -> Result<(), ParseError> {
    // The common case, 17 ASCII bytes, by bytes; anything else names its error below.
    if let Ok(bytes) = <&[u8; 17]>::try_from(line.as_bytes()) {
        let mut bad = false;
        for (k, c) in row.iter_mut().enumerate() {
            let b = bytes[2 * k];
            let d = b.wrapping_sub(b'0');
            bad |= (d > 9 && b != b'.') || (k < 8 && bytes[2 * k + 1] != b' ');
            *c = if d <= 9 { d } else { 0 };
        }
        if !bad {
            return Ok(());
        }
    }
    let mut count = 0;
    for (i, ch) in line.chars().enumerate() {
        count += 1;
        if i >= 17 {
            continue;
        }
        if i % 2 == 1 {
            if ch != ' ' {
                return Err(ParseError::BadChar {
                    puzzle,
                    line: n,
                    column: i + 1,
                    found: ch,
                    expected: "a single space between digits",
                });
            }
        } else {
            row[i / 2] = match ch {
                '1'..='9' => ch as u8 - b'0',
                '0' | '.' => 0,
                _ => {
                    return Err(ParseError::BadChar {
                        puzzle,
                        line: n,
                        column: i + 1,
                        found: ch,
                        expected: "a digit 0-9 (0 for a blank)",
                    });
                }
            };
        }
    }
    if count != 17 {
        return Err(ParseError::WrongLength {
            puzzle,
            line: n,
            expected: 17,
            found: count,
        });
    }
    Ok(())
}

fn clash_error(grid: &Grid, puzzle: usize, origin: Origin) -> Result<(), ParseError> {
    match grid.clash() {
        None => Ok(()),
        Some(c) => {
            let (line, column) = origin.locate(c.second);
            let (other_line, other_column) = origin.locate(c.first);
            Err(ParseError::Clash {
                puzzle,
                digit: c.digit,
                line,
                column,
                other_line,
                other_column,
                unit: c.unit,
            })
        }
    }
}

/// Checks a grid read as puzzle number `puzzle` of a file for clashing givens; the error
/// names the cells as line and column of that format, counting from the puzzle's first line.
pub fn check_clash(grid: &Grid, puzzle: usize, format: Format) -> Result<(), ParseError> {
    clash_error(
        grid,
        puzzle,
        Origin {
            format,
            first_line: 1,
        },
    )
}

/// Reads every puzzle of `text` (clashing givens allowed: such a puzzle has no solution).
pub fn parse_all(text: &str, format: Format) -> Result<Vec<Grid>, ParseError> {
    Puzzles::new(text, format).collect()
}

/// Reads every puzzle of `text` and rejects clashing givens as [`ParseError::Clash`].
pub fn parse_all_strict(text: &str, format: Format) -> Result<Vec<Grid>, ParseError> {
    let mut p = Puzzles::new(text, format);
    let mut out = Vec::new();
    while let Some(g) = p.next() {
        let g = g?;
        p.check_last(&g)?;
        out.push(g);
    }
    Ok(out)
}

/// Parses exactly one puzzle in either format (detected), rejecting clashing givens.
impl FromStr for Grid {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        read_one::<true>(s)
    }
}

/// Reads exactly one puzzle in either format (detected), as `str::parse::<Grid>` does, but
/// allows clashing givens, as [`parse_all`] and the file readers do: such a puzzle has no
/// solution, which the solver finds. For a caller that checks puzzles one at a time and
/// wants the count, not the reason: the strict parse spends most of its time on the clash
/// test (a plain line takes about 7 ns this way, 60 ns the strict way, on x86-64-v3).
///
/// ```
/// use sudoku_engine::{Grid, Solver, parse::parse_one};
///
/// // Two 5s in the first row.
/// let line = format!("55{}", ".".repeat(79));
/// assert!(line.parse::<Grid>().is_err());
/// let grid = parse_one(&line).unwrap();
/// assert_eq!(Solver::new().count_solutions(&grid, 2), 0);
/// // Anything else wrong is still an error.
/// assert!(parse_one("5").is_err());
/// ```
pub fn parse_one(text: &str) -> Result<Grid, ParseError> {
    read_one::<false>(text)
}

/// One puzzle of `s`, its givens checked for clashes if `STRICT`.
#[inline]
fn read_one<const STRICT: bool>(s: &str) -> Result<Grid, ParseError> {
    // The common case, one line of 81 digits and dots and nothing after its line end:
    // read straight from the bytes, without looking for the format or for more puzzles.
    if let Some((line, skip)) = plain_line(s.as_bytes())
        && skip == s.len()
        && let Some(g) = parse_line_ascii(line)
    {
        if STRICT {
            check_clash(&g, 1, Format::Line)?;
        }
        return Ok(g);
    }
    read_one_general::<STRICT>(s)
}

/// [`read_one`] the general way: the format detected, one puzzle, nothing after it but
/// blank and comment lines.
fn read_one_general<const STRICT: bool>(s: &str) -> Result<Grid, ParseError> {
    let mut p = Puzzles::detect(s);
    let g = p.next().ok_or(ParseError::Empty)??;
    if STRICT {
        p.check_last(&g)?;
    }
    // Anything after the one puzzle other than blank or comment lines is a second puzzle.
    while let Some((n, l)) = p.next_line() {
        let l = l.trim_end_matches('\r');
        if !l.is_empty() && !l.starts_with('#') {
            return Err(ParseError::TooMany { line: n });
        }
    }
    Ok(g)
}

/// Appends `grids` to `out` in `format`: the grid format with one empty line between grids
/// and none after the last (`163 * N - 1` bytes), or one line per grid with `.` for blanks.
pub fn write_all<'g>(out: &mut Vec<u8>, grids: impl IntoIterator<Item = &'g Grid>, format: Format) {
    for (i, g) in grids.into_iter().enumerate() {
        match format {
            Format::Grid => {
                if i > 0 {
                    out.push(b'\n');
                }
                g.write_block(out);
            }
            Format::Line => g.write_line(out, b'.'),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Unit;
    use proptest::prelude::*;

    /// The line reader as it was defined before its fast path: `str::lines`, one more `\r`
    /// dropped, comments and empty lines skipped, each other line one puzzle.
    fn read_by_lines(text: &str) -> Vec<Result<Grid, ParseError>> {
        let mut out = Vec::new();
        let mut puzzle = 0;
        for (i, l) in text.lines().enumerate() {
            let l = l.strip_suffix('\r').unwrap_or(l);
            if l.is_empty() || l.starts_with('#') {
                continue;
            }
            puzzle += 1;
            let r = parse_line(l, puzzle, i + 1);
            let stop = r.is_err();
            out.push(r);
            if stop {
                break;
            }
        }
        out
    }

    /// Lines a puzzle file may hold, well formed or not, and the ways lines end.
    fn file_text() -> impl Strategy<Value = String> {
        proptest::collection::vec((line(), line_end()), 0..8)
            .prop_map(|parts| parts.into_iter().map(|(l, e)| l + e).collect::<String>())
    }

    /// A line a puzzle file may hold, without its end.
    fn line() -> impl Strategy<Value = String> {
        prop_oneof![
            4 => Just(P.to_string()),
            2 => (0..81usize, "[0-9.#x\r]").prop_map(|(i, c)| {
                let mut l = P.to_string();
                l.replace_range(i..i + 1, &c);
                l
            }),
            1 => Just(String::new()),
            1 => Just("# comment".to_string()),
            1 => "[0-9.\r]{0,84}",
            1 => Just(format!("{P}5")),
            // Clashing givens: the first cell's 4 again in its row, column or box.
            1 => prop_oneof![Just(4usize), Just(36), Just(10)].prop_map(|i| {
                let mut l = P.to_string();
                l.replace_range(i..i + 1, "4");
                l
            }),
        ]
    }

    /// The ways a line may end.
    fn line_end() -> impl Strategy<Value = &'static str> {
        prop_oneof![
            Just("\n"),
            Just("\r\n"),
            Just("\r\r\n"),
            Just("\r"),
            Just("")
        ]
    }

    proptest! {
        #[test]
        fn the_fast_path_reads_what_the_lines_say(text in file_text()) {
            let fast: Vec<_> = Puzzles::new(&text, Format::Line).collect();
            prop_assert_eq!(fast, read_by_lines(&text));
        }

        #[test]
        fn str_parse_reads_a_plain_line_as_the_general_reader_does(
            one in (line(), line_end()).prop_map(|(l, e)| l + e),
            text in file_text(),
        ) {
            prop_assert_eq!(one.parse::<Grid>(), read_one_general::<true>(&one));
            prop_assert_eq!(text.parse::<Grid>(), read_one_general::<true>(&text));
            prop_assert_eq!(parse_one(&one), read_one_general::<false>(&one));
            prop_assert_eq!(parse_one(&text), read_one_general::<false>(&text));
        }

        #[test]
        fn parse_one_differs_from_str_parse_only_by_allowing_clashes(
            text in prop_oneof![(line(), line_end()).prop_map(|(l, e)| l + e), file_text()],
        ) {
            match (text.parse::<Grid>(), parse_one(&text)) {
                (Err(ParseError::Clash { .. }), Ok(g)) => prop_assert!(g.clash().is_some()),
                // The strict parse stops at the clash; the lenient one reads on, and may
                // find what else is wrong (a second puzzle).
                (Err(ParseError::Clash { .. }), Err(e)) => {
                    let clash = matches!(e, ParseError::Clash { .. });
                    prop_assert!(!clash, "{:?}", e)
                }
                (strict, lenient) => prop_assert_eq!(strict, lenient),
            }
        }

        #[test]
        fn lines_are_split_as_str_lines_splits(text in "[a\r\n]{0,12}") {
            let mut p = Puzzles::new(&text, Format::Line);
            let ours: Vec<_> = std::iter::from_fn(|| p.next_line()).collect();
            let theirs: Vec<_> = text
                .lines()
                .enumerate()
                .map(|(i, l)| (i + 1, l.strip_suffix('\r').unwrap_or(l)))
                .collect();
            prop_assert_eq!(ours, theirs);
        }
    }

    const P: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    #[test]
    fn line_format_round_trip() {
        let g: Grid = P.parse().unwrap();
        assert_eq!(g.to_line(), P);
        assert_eq!(g.givens(), 18);
        let text = format!("# comment\n\n{P}\r\n{P}\n");
        let all = parse_all(&text, Format::detect(&text)).unwrap();
        assert_eq!(all, vec![g, g]);
    }

    #[test]
    fn grid_format_round_trip_and_size() {
        let g: Grid = P.parse().unwrap();
        let mut out = Vec::new();
        write_all(&mut out, &[g, g, g], Format::Grid);
        assert_eq!(out.len(), 163 * 3 - 1);
        let text = String::from_utf8(out).unwrap();
        assert_eq!(Format::detect(&text), Format::Grid);
        assert_eq!(parse_all(&text, Format::Grid).unwrap(), vec![g, g, g]);
        let one: Grid = g.to_block().parse().unwrap();
        assert_eq!(one, g);
    }

    #[test]
    fn errors_say_where() {
        let short = &P[..80];
        assert_eq!(
            short.parse::<Grid>(),
            Err(ParseError::WrongLength {
                puzzle: 1,
                line: 1,
                expected: 81,
                found: 80
            })
        );
        let text = format!("{P}\n{}x{}\n", &P[..10], &P[11..]);
        match parse_all(&text, Format::Line) {
            Err(ParseError::BadChar {
                puzzle: 2,
                line: 2,
                column: 11,
                found: 'x',
                ..
            }) => {}
            other => panic!("{other:?}"),
        }
        let g: Grid = P.parse().unwrap();
        let mut block = g.to_block();
        block.replace_range(20..21, ",");
        match block.parse::<Grid>() {
            Err(ParseError::BadChar {
                line: 2,
                column: 3,
                found: ',',
                ..
            }) => {}
            other => panic!("{other:?}"),
        }
        let truncated: String = g.to_block().lines().take(5).collect::<Vec<_>>().join("\n");
        assert!(matches!(
            truncated.parse::<Grid>(),
            Err(ParseError::Truncated { rows: 5, .. })
        ));
        let two = format!("{}{}", g.to_block(), g.to_block());
        assert!(matches!(
            parse_all(&two, Format::Grid),
            Err(ParseError::MissingSeparator {
                puzzle: 2,
                line: 10
            })
        ));
        assert_eq!("".parse::<Grid>(), Err(ParseError::Empty));
        assert!(matches!(
            format!("{P}\n{P}").parse::<Grid>(),
            Err(ParseError::TooMany { line: 2 })
        ));
    }

    #[test]
    fn clashes_are_puzzles_for_files_and_errors_for_strict_readers() {
        let dup = format!("11{}", &".".repeat(79));
        assert_eq!(parse_all(&dup, Format::Line).unwrap().len(), 1);
        match parse_all_strict(&dup, Format::Line) {
            Err(ParseError::Clash {
                digit: 1,
                line: 1,
                column: 2,
                other_column: 1,
                unit: Unit::Row(0),
                ..
            }) => {}
            other => panic!("{other:?}"),
        }
        let mut g = Grid::EMPTY;
        g.set(0, 5).unwrap();
        g.set(9, 5).unwrap();
        match g.to_block().parse::<Grid>() {
            Err(ParseError::Clash {
                line: 2,
                column: 1,
                other_line: 1,
                other_column: 1,
                unit: Unit::Column(0),
                ..
            }) => {}
            other => panic!("{other:?}"),
        }
    }
}
