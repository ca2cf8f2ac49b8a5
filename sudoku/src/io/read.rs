//! Puzzle files read a piece at a time, so that the puzzles of one batch are solved while
//! the next batch is read and parsed, and memory stays bounded whatever the file's size.
//!
//! The bytes are read in chunks and cut where a puzzle may begin (after a line end in the
//! line format, before an empty line in the grid format); each piece is checked as UTF-8
//! once, whole, and parsed by [`Puzzles`] resumed at the lines and puzzles read before it,
//! so the grids and the errors are those of reading the whole text at once.

use std::io::Read;

use super::{BATCH, MAX_INPUT_BYTES};
use crate::error::ParseError;
use crate::grid::Grid;
use crate::parse::{Format, Puzzles};

/// Bytes read at a time.
const CHUNK: usize = 1 << 20;

/// What can go wrong reading: the source, the text, or a puzzle.
#[derive(Debug)]
pub(super) enum ReadError {
    /// The source failed, or its bytes are not UTF-8.
    Io(std::io::Error),
    /// More than [`MAX_INPUT_BYTES`] bytes.
    TooLarge(u64),
    /// A malformed puzzle.
    Parse(ParseError),
}

/// Puzzles read from `R` a batch at a time.
pub(super) struct PuzzleReader<R> {
    source: R,
    chunk: usize,
    /// Bytes read and not yet cut into a piece.
    raw: Vec<u8>,
    eof: bool,
    bytes: u64,
    /// The piece being parsed, and how much of it is parsed.
    piece: String,
    at: usize,
    /// The format (given, or detected once the first line that tells it is read).
    format: Option<Format>,
    /// Where in `raw` the search for a cut (or, before the format is known, for the end of
    /// the line that may tell it) goes on after the last read: each byte is searched about
    /// once, so a file without a place to cut (one huge line) is not searched over and over.
    searched: usize,
    /// Before the format is known: where in `raw` the first line not yet looked at begins.
    line_start: usize,
    /// Lines and puzzles read before the unparsed part of the piece.
    line: usize,
    puzzle: usize,
}

impl<R: Read> PuzzleReader<R> {
    /// A reader of `source` in `format`, or the format its first line of puzzle text tells.
    pub(super) fn new(source: R, format: Option<Format>) -> Self {
        Self::with_chunk(source, format, CHUNK)
    }

    /// [`PuzzleReader::new`] reading `chunk` bytes at a time (small in tests, to cut often).
    pub(super) fn with_chunk(source: R, format: Option<Format>, chunk: usize) -> Self {
        PuzzleReader {
            source,
            chunk: chunk.max(1),
            raw: Vec::new(),
            eof: false,
            bytes: 0,
            piece: String::new(),
            at: 0,
            format,
            searched: 0,
            line_start: 0,
            line: 0,
            puzzle: 0,
        }
    }

    /// The format: the one given, or the one the first line of puzzle text tells (the line
    /// format for a file without any, as [`Format::detect`] says), reading as far as that
    /// line.
    pub(super) fn format(&mut self) -> Result<Format, ReadError> {
        loop {
            if let Some(format) = self.format {
                return Ok(format);
            }
            self.format = self.detect();
            if self.format.is_some() {
                // The search for a cut starts over: it looks for other line ends.
                self.searched = 0;
            } else {
                self.read_more()?;
            }
        }
    }

    /// Fills `out` (emptied first) with the next puzzles, at most [`BATCH`]; empty at the end.
    pub(super) fn next_batch(&mut self, out: &mut Vec<Grid>) -> Result<(), ReadError> {
        out.clear();
        while out.len() < BATCH {
            if self.at == self.piece.len() {
                if !self.next_piece()? {
                    break;
                }
                continue;
            }
            let format = self.format()?;
            let mut puzzles =
                Puzzles::resume(&self.piece[self.at..], format, self.line, self.puzzle);
            let result = loop {
                puzzles.plain_lines_up_to(out, BATCH);
                if out.len() == BATCH {
                    break Ok(());
                }
                match puzzles.next() {
                    Some(Ok(grid)) => out.push(grid),
                    Some(Err(e)) => break Err(ReadError::Parse(e)),
                    None => break Ok(()),
                }
            };
            let (line, puzzle, left) = puzzles.position();
            (self.line, self.puzzle, self.at) = (line, puzzle, self.piece.len() - left);
            result?;
        }
        Ok(())
    }

    /// [`Format::detect`] on the bytes read so far, once they hold the line that decides it
    /// (the first that is neither empty nor a `#` comment) or are the whole text; the lines
    /// already looked at are not looked at again.
    fn detect(&mut self) -> Option<Format> {
        loop {
            let end = match self.raw[self.searched..].iter().position(|&b| b == b'\n') {
                Some(k) => self.searched + k,
                None if self.eof => self.raw.len(),
                None => {
                    self.searched = self.raw.len();
                    return None;
                }
            };
            let mut line = &self.raw[self.line_start..end];
            while let [rest @ .., b'\r'] = line {
                line = rest;
            }
            if !line.is_empty() && line[0] != b'#' {
                return Some(if line.contains(&b' ') {
                    Format::Grid
                } else {
                    Format::Line
                });
            }
            if end == self.raw.len() {
                // The whole text, and no line tells: as `Format::detect` says.
                return Some(Format::Line);
            }
            (self.line_start, self.searched) = (end + 1, end + 1);
        }
    }

    /// Cuts the next piece from the bytes read, reading more as needed; false at the end.
    fn next_piece(&mut self) -> Result<bool, ReadError> {
        let format = self.format()?;
        loop {
            let cut = if self.eof {
                self.raw.len()
            } else {
                let cut = cut_point(&self.raw, format, self.searched);
                // Every line end before the last two bytes was decided for good.
                self.searched = self.raw.len().saturating_sub(2);
                cut
            };
            if cut > 0 {
                self.searched = 0;
                // The spent piece's allocation takes the bytes after the cut, and the bytes
                // before it become the new piece, checked in place: no copy of the text.
                let mut rest = std::mem::take(&mut self.piece).into_bytes();
                rest.clear();
                rest.extend_from_slice(&self.raw[cut..]);
                self.raw.truncate(cut);
                let bytes = std::mem::replace(&mut self.raw, rest);
                self.piece = String::from_utf8(bytes).map_err(|e| {
                    let bad = e.utf8_error().valid_up_to();
                    let before = e.as_bytes()[..bad].iter().filter(|&&b| b == b'\n').count();
                    ReadError::Io(std::io::Error::new(
                        std::io::ErrorKind::InvalidData,
                        format!("line {} is not valid UTF-8", self.line + before + 1),
                    ))
                })?;
                self.at = 0;
                return Ok(true);
            }
            if self.eof {
                return Ok(false);
            }
            self.read_more()?;
        }
    }

    /// Reads up to a chunk more into `raw` (nothing, and `eof` set, at the end). Its memory
    /// is reserved fallibly: an input without line ends grows `raw` to
    /// [`MAX_INPUT_BYTES`], and a machine without that memory ends in an error, not an abort.
    fn read_more(&mut self) -> Result<(), ReadError> {
        let room = MAX_INPUT_BYTES.saturating_sub(self.bytes);
        if room == 0 {
            // One byte more shows that the input goes past the limit, without growing `raw`
            // (a gigabyte by now, if it holds no line end) for it.
            let mut probe = [0u8; 1];
            if read_retrying(&mut self.source, &mut probe).map_err(ReadError::Io)? > 0 {
                return Err(ReadError::TooLarge(self.bytes + 1));
            }
            self.eof = true;
            return Ok(());
        }
        let want = self.chunk.min(usize::try_from(room).unwrap_or(usize::MAX));
        let start = self.raw.len();
        if self.raw.try_reserve(want).is_err() {
            return Err(ReadError::Io(std::io::Error::new(
                std::io::ErrorKind::OutOfMemory,
                format!("no memory to read past byte {} of a line", self.bytes),
            )));
        }
        self.raw.resize(start + want, 0);
        let n = match read_retrying(&mut self.source, &mut self.raw[start..]) {
            Ok(n) => n,
            Err(e) => {
                self.raw.truncate(start);
                return Err(ReadError::Io(e));
            }
        };
        self.raw.truncate(start + n);
        self.bytes += n as u64;
        self.eof = n == 0;
        Ok(())
    }
}

/// `source.read(buf)`, tried again when a signal interrupted it.
fn read_retrying(source: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    loop {
        match source.read(buf) {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            other => return other,
        }
    }
}

/// Where the bytes read can be cut so that a puzzle may begin after the cut (0: nowhere),
/// looking at the line ends from `from` on: after the last line end in the line format; in
/// the grid format after the last line end followed by an empty line, so that the next
/// piece begins with the separator the next puzzle needs.
fn cut_point(raw: &[u8], format: Format, from: usize) -> usize {
    let from = from.min(raw.len());
    match format {
        Format::Line => raw[from..]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| from + p + 1),
        Format::Grid => {
            let mut end = raw.len();
            while let Some(p) = raw[from..end].iter().rposition(|&b| b == b'\n') {
                let p = from + p;
                let next = &raw[p + 1..];
                if next.starts_with(b"\n") || next.starts_with(b"\r\n") {
                    return p + 1;
                }
                end = p;
            }
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::read_puzzles;
    use crate::parse::write_all;
    use proptest::prelude::*;

    /// Every puzzle of `text` through a reader that reads `chunk` bytes at a time: the
    /// grids, or the error, and the format read.
    fn by_reader(text: &str, chunk: usize) -> (Result<Vec<Grid>, ParseError>, Format) {
        let mut reader = PuzzleReader::with_chunk(text.as_bytes(), None, chunk);
        let mut all = Vec::new();
        let mut batch = Vec::new();
        loop {
            match reader.next_batch(&mut batch) {
                Ok(()) if batch.is_empty() => return (Ok(all), reader.format().unwrap()),
                Ok(()) => all.extend_from_slice(&batch),
                Err(ReadError::Parse(e)) => return (Err(e), reader.format().unwrap()),
                Err(e) => panic!("{e:?} on valid UTF-8 within the size limit"),
            }
        }
    }

    /// The reader against reading the whole text at once, for several chunk sizes.
    fn agree(text: &str) -> Result<(), TestCaseError> {
        let whole = read_puzzles(text, None);
        for chunk in [1, 2, 3, 7, 16, 81, 200, 1 << 20] {
            let (grids, format) = by_reader(text, chunk);
            match &whole {
                Ok((g, f)) => {
                    prop_assert_eq!(grids.as_ref(), Ok(g), "chunk {}", chunk);
                    prop_assert_eq!(format, *f);
                }
                Err(e) => prop_assert_eq!(grids.as_ref(), Err(e), "chunk {}", chunk),
            }
        }
        Ok(())
    }

    fn sample_grids() -> Vec<Grid> {
        [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
            "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
        ]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect()
    }

    /// Lines of both formats, separators, comments, and lines that are errors in one
    /// format or both.
    fn pool() -> Vec<String> {
        let mut lines = Vec::new();
        for g in sample_grids() {
            let mut text = Vec::new();
            write_all(&mut text, [&g], Format::Line);
            lines.push(String::from_utf8(text).unwrap());
            let mut text = Vec::new();
            write_all(&mut text, [&g], Format::Grid);
            let block = String::from_utf8(text).unwrap();
            lines.extend(block.lines().map(str::to_string));
        }
        for extra in ["", "", "# a comment", "\r", "4 . . x . . 8 . 5", "123", "é"] {
            lines.push(extra.to_string());
        }
        lines
    }

    proptest! {
        #[test]
        fn pieces_read_what_the_whole_text_reads(
            picks in prop::collection::vec(any::<prop::sample::Index>(), 0..120),
            crlf: bool,
            end_with_newline: bool,
        ) {
            let pool = pool();
            let end = if crlf { "\r\n" } else { "\n" };
            let mut text = picks.iter().map(|i| i.get(&pool).as_str()).collect::<Vec<_>>().join(end);
            if end_with_newline {
                text.push_str(end);
            }
            agree(&text)?;
        }

        #[test]
        fn pieces_read_well_formed_files_whole(
            puzzles in prop::collection::vec((0..3usize, 0..4usize), 1..40),
            grid_format: bool,
            crlf: bool,
        ) {
            // Puzzles of one format, each after zero to three separator lines (blank, a
            // comment, or both); the grid format needs at least one blank line between two.
            let grids = sample_grids();
            let end = if crlf { "\r\n" } else { "\n" };
            let format = if grid_format { Format::Grid } else { Format::Line };
            let mut text = String::new();
            for (k, &(g, sep)) in puzzles.iter().enumerate() {
                let seps: &[&str] = match sep {
                    0 if k > 0 && grid_format => &[""],
                    0 => &[],
                    1 => &[""],
                    2 => &["# note", ""],
                    _ => &["", "", "# note"],
                };
                for s in seps {
                    text.push_str(s);
                    text.push_str(end);
                }
                let mut one = Vec::new();
                write_all(&mut one, [&grids[g]], format);
                for line in String::from_utf8(one).unwrap().lines() {
                    text.push_str(line);
                    text.push_str(end);
                }
            }
            prop_assert_eq!(read_puzzles(&text, None).map(|(g, _)| g.len()), Ok(puzzles.len()));
            agree(&text)?;
        }
    }

    #[test]
    fn batches_are_full_and_in_order_across_pieces() {
        let grids = sample_grids();
        for format in [Format::Line, Format::Grid] {
            let many: Vec<Grid> = (0..2 * BATCH + 5).map(|k| grids[k % 3]).collect();
            let mut text = Vec::new();
            write_all(&mut text, &many, format);
            let mut reader = PuzzleReader::with_chunk(text.as_slice(), None, 1000);
            let mut batch = Vec::new();
            let mut sizes = Vec::new();
            let mut all = Vec::new();
            loop {
                reader.next_batch(&mut batch).unwrap();
                if batch.is_empty() {
                    break;
                }
                sizes.push(batch.len());
                all.extend_from_slice(&batch);
            }
            assert_eq!(sizes, [BATCH, BATCH, 5]);
            assert_eq!(all, many);
            assert_eq!(reader.format().unwrap(), format);
        }
    }

    #[test]
    fn a_file_with_nowhere_to_cut_is_read_whole_once() {
        // One line of 4 MB in each format, read 1 KB at a time: without the `searched`
        // marks every read would search all the bytes before it again (some 8 GB here).
        for first in ["4 . . ", "4....."] {
            let text = first.to_string() + &"x".repeat(4 << 20) + "\n";
            let (grids, _) = by_reader(&text, 1024);
            assert_eq!(grids, read_puzzles(&text, None).map(|(g, _)| g));
            assert!(grids.is_err());
        }
    }

    #[test]
    fn bytes_that_are_not_utf8_are_an_error_naming_their_line() {
        let mut text = b"# fine\n".to_vec();
        text.extend_from_slice(
            b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n",
        );
        text.extend_from_slice(b"# \xff\n");
        for chunk in [1, 5, 1 << 20] {
            let mut reader = PuzzleReader::with_chunk(text.as_slice(), None, chunk);
            let mut batch = Vec::new();
            let mut result = reader.next_batch(&mut batch);
            // With small chunks the first line's batch may come before the bad line is read.
            if result.is_ok() && !batch.is_empty() {
                result = reader.next_batch(&mut batch);
            }
            match result {
                Err(ReadError::Io(e)) => {
                    assert_eq!(e.kind(), std::io::ErrorKind::InvalidData);
                    assert!(e.to_string().contains("line 3"), "{e}");
                }
                other => panic!("{other:?}"),
            }
        }
    }
}
