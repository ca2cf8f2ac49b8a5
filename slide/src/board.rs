//! Boards of any size from 2x2 to 5x5: tiles, the blank, parsing, goals and solvability.

use std::fmt;
use std::str::FromStr;

use crate::error::{ParseError, PuzzleError};

/// Largest number of cells a board may have (5x5).
pub const MAX_CELLS: usize = 25;

/// A sliding-tile board: `width` x `height` cells holding tiles `1..width*height` and one
/// blank (tile `0`). The blank's cell is kept, so moves never search for it.
///
/// Cells are numbered row-major from the top-left corner, starting at 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    width: u8,
    height: u8,
    blank: u8,
    cells: [u8; MAX_CELLS],
}

/// The two named goal conventions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GoalConvention {
    /// `1 2 ... N-1` then the blank in the bottom-right corner (the 8-puzzle's usual goal).
    BlankLast,
    /// The blank in the top-left corner, then `1 2 ... N-1` (Korf's 15-puzzle goal).
    BlankFirst,
}

/// A direction on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Towards row 0.
    Up,
    /// Towards the last column.
    Right,
    /// Towards the last row.
    Down,
    /// Towards column 0.
    Left,
}

impl Direction {
    /// All four, in the order engines try them (U, R, D, L).
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Right,
        Direction::Down,
        Direction::Left,
    ];

    /// The opposite direction.
    pub fn opposite(self) -> Direction {
        match self {
            Direction::Up => Direction::Down,
            Direction::Right => Direction::Left,
            Direction::Down => Direction::Up,
            Direction::Left => Direction::Right,
        }
    }

    /// Index in [`Direction::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The letter `U`, `R`, `D` or `L`.
    pub fn letter(self) -> char {
        ['U', 'R', 'D', 'L'][self.index()]
    }

    /// The arrow `↑`, `→`, `↓` or `←`.
    pub fn arrow(self) -> char {
        ['↑', '→', '↓', '←'][self.index()]
    }
}

pub(crate) fn check_size(width: usize, height: usize) -> Result<(), ParseError> {
    if (2..=5).contains(&width) && (2..=5).contains(&height) {
        Ok(())
    } else {
        Err(ParseError::BadSize { width, height })
    }
}

/// Reads a size such as `4x4` or `3X5`.
pub fn parse_size(text: &str) -> Result<(usize, usize), ParseError> {
    let bad = || ParseError::BadSizeText {
        text: text.to_string(),
    };
    let (w, h) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
    let w: usize = w.trim().parse().map_err(|_| bad())?;
    let h: usize = h.trim().parse().map_err(|_| bad())?;
    check_size(w, h)?;
    Ok((w, h))
}

impl Board {
    /// A board from its tiles in row-major order, `0` for the blank.
    pub fn new(width: usize, height: usize, tiles: &[u8]) -> Result<Board, ParseError> {
        check_size(width, height)?;
        let n = width * height;
        if tiles.len() != n {
            return Err(ParseError::WrongCount {
                expected: n,
                found: tiles.len(),
                width,
                height,
            });
        }
        let mut seen = [usize::MAX; MAX_CELLS];
        let mut cells = [0u8; MAX_CELLS];
        let mut blank = 0;
        for (i, &t) in tiles.iter().enumerate() {
            let (row, column) = (i / width + 1, i % width + 1);
            let t = t as usize;
            if t >= n {
                return Err(ParseError::OutOfRange {
                    tile: t,
                    row,
                    column,
                    width,
                    height,
                    max: n - 1,
                });
            }
            if seen[t] != usize::MAX {
                let f = seen[t];
                return Err(ParseError::Duplicate {
                    tile: t,
                    first_row: f / width + 1,
                    first_column: f % width + 1,
                    row,
                    column,
                });
            }
            seen[t] = i;
            cells[i] = t as u8;
            if t == 0 {
                blank = i as u8;
            }
        }
        Ok(Board {
            width: width as u8,
            height: height as u8,
            blank,
            cells,
        })
    }

    /// The goal of a convention for a size.
    pub fn goal(
        width: usize,
        height: usize,
        convention: GoalConvention,
    ) -> Result<Board, ParseError> {
        // The size first: the tiles are built from it (`100000 x 100000` would take 10 GB).
        check_size(width, height)?;
        let n = width * height;
        let tiles: Vec<u8> = match convention {
            GoalConvention::BlankLast => (1..n).chain([0]).map(|t| t as u8).collect(),
            GoalConvention::BlankFirst => (0..n).map(|t| t as u8).collect(),
        };
        Board::new(width, height, &tiles)
    }

    /// The default goal: `1 2 ... N-1` then the blank.
    pub fn default_goal(width: usize, height: usize) -> Result<Board, ParseError> {
        Board::goal(width, height, GoalConvention::BlankLast)
    }

    /// The default goal for this board's size.
    pub fn solved(&self) -> Board {
        let n = self.len();
        let mut cells = [0u8; MAX_CELLS];
        for (i, c) in cells.iter_mut().enumerate().take(n - 1) {
            *c = (i + 1) as u8;
        }
        Board {
            width: self.width,
            height: self.height,
            blank: (n - 1) as u8,
            cells,
        }
    }

    /// Reads a board whose size follows from the input: the compact form of 4 or 9 single
    /// characters (`1274x5836`, with `x`, `X` or `0` for the blank), or 4, 9, 16 or 25
    /// numbers separated by whitespace or commas.
    pub fn parse(text: &str) -> Result<Board, ParseError> {
        let tiles = read_tiles(text, None)?;
        let n = tiles.len();
        let side = match n {
            4 => 2,
            9 => 3,
            16 => 4,
            25 => 5,
            found => return Err(ParseError::UnknownSize { found }),
        };
        Board::new(side, side, &tiles)
    }

    /// Reads a board of a given size: numbers separated by whitespace or commas, or (for up to
    /// ten cells) the compact one-character-per-tile form.
    pub fn parse_sized(text: &str, width: usize, height: usize) -> Result<Board, ParseError> {
        check_size(width, height)?;
        let tiles = read_tiles(text, Some(width * height))?;
        Board::new(width, height, &tiles)
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// Number of cells (tiles plus the blank).
    pub fn len(&self) -> usize {
        self.width() * self.height()
    }

    /// Always false: a board has at least four cells. (Present for the `len` convention.)
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The cell of the blank.
    pub fn blank(&self) -> usize {
        self.blank as usize
    }

    /// The tiles in row-major order, `0` for the blank.
    pub fn tiles(&self) -> &[u8] {
        &self.cells[..self.len()]
    }

    /// The tile in a cell (`0` for the blank).
    pub fn tile(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// The cell holding a tile.
    pub fn position_of(&self, tile: u8) -> Option<usize> {
        self.tiles().iter().position(|&t| t == tile)
    }

    /// The tiles packed four bits per cell for boards of up to 16 cells (so a 4x4 board fits a
    /// `u64`: see [`Board::packed_u64`]) and five bits per cell for larger boards.
    pub fn packed(&self) -> u128 {
        let bits = if self.len() <= 16 { 4 } else { 5 };
        self.tiles()
            .iter()
            .enumerate()
            .fold(0u128, |acc, (i, &t)| acc | (t as u128) << (bits * i))
    }

    /// The packed form as a `u64`, for boards of up to 16 cells.
    pub fn packed_u64(&self) -> Option<u64> {
        (self.len() <= 16).then(|| self.packed() as u64)
    }

    /// The cell next to `cell` in a direction, if on the board.
    pub fn neighbour(&self, cell: usize, dir: Direction) -> Option<usize> {
        let (w, h) = (self.width(), self.height());
        let (r, c) = (cell / w, cell % w);
        match dir {
            Direction::Up => (r > 0).then(|| cell - w),
            Direction::Down => (r + 1 < h).then(|| cell + w),
            Direction::Left => (c > 0).then(|| cell - 1),
            Direction::Right => (c + 1 < w).then(|| cell + 1),
        }
    }

    /// The board after the blank moves one cell in `dir` (the tile there moves the opposite
    /// way), or `None` at the edge.
    pub fn moved(&self, dir: Direction) -> Option<Board> {
        let to = self.neighbour(self.blank(), dir)?;
        let mut b = *self;
        b.cells[self.blank()] = b.cells[to];
        b.cells[to] = 0;
        b.blank = to as u8;
        Some(b)
    }

    /// Explains why `goal` cannot be reached from this board, or returns `Ok` if it can.
    ///
    /// Every move swaps the blank with a tile: it flips the parity of the permutation (the
    /// number of inversions, counting the blank as a tile) and flips the parity of the blank's
    /// taxicab distance to its goal cell. So the two parities stay equal or stay different
    /// forever, and the goal (zero inversions, distance zero) is reachable exactly when they
    /// start equal.
    pub fn check_solvable(&self, goal: &Board) -> Result<(), PuzzleError> {
        if (self.width, self.height) != (goal.width, goal.height) {
            return Err(PuzzleError::SizeMismatch {
                start_width: self.width(),
                start_height: self.height(),
                goal_width: goal.width(),
                goal_height: goal.height(),
            });
        }
        let n = self.len();
        let mut goal_pos = [0usize; MAX_CELLS];
        for (i, &t) in goal.tiles().iter().enumerate() {
            goal_pos[t as usize] = i;
        }
        let seq: Vec<usize> = self.tiles().iter().map(|&t| goal_pos[t as usize]).collect();
        let mut inversions = 0;
        for i in 0..n {
            for j in i + 1..n {
                if seq[i] > seq[j] {
                    inversions += 1;
                }
            }
        }
        let w = self.width();
        let (b, g) = (self.blank(), goal.blank());
        let dist = (b / w).abs_diff(g / w) + (b % w).abs_diff(g % w);
        if inversions % 2 == dist % 2 {
            Ok(())
        } else {
            let parity = |x: usize| if x.is_multiple_of(2) { "even" } else { "odd" };
            Err(PuzzleError::Unsolvable {
                explanation: format!(
                    "relative to the goal the tiles (blank included) are in {} order ({inversions} inversions) \
                     but the blank is an {} number of moves ({dist}) from its goal cell; every move flips both \
                     parities, so they can never both become even (swap two non-blank tiles to make it solvable)",
                    parity(inversions),
                    parity(dist)
                ),
            })
        }
    }

    /// True when `goal` can be reached from this board (same size, matching parities).
    pub fn is_solvable(&self, goal: &Board) -> bool {
        self.check_solvable(goal).is_ok()
    }

    /// The compact string form (`1274x5836`) for boards of up to ten cells, the numbers
    /// separated by spaces otherwise.
    pub fn to_compact(&self) -> String {
        if self.len() <= 10 {
            self.tiles()
                .iter()
                .map(|&t| if t == 0 { 'x' } else { char::from(b'0' + t) })
                .collect()
        } else {
            let v: Vec<String> = self.tiles().iter().map(|t| t.to_string()).collect();
            v.join(" ")
        }
    }
}

/// Splits input into tile numbers. The compact form (no separators, one character per tile)
/// is accepted when `expected` allows it (or is unknown) and the input is one token.
fn read_tiles(text: &str, expected: Option<usize>) -> Result<Vec<u8>, ParseError> {
    let trimmed = text.trim();
    let one_token =
        !trimmed.is_empty() && !trimmed.contains(|c: char| c.is_whitespace() || c == ',');
    // One token of four or more characters cannot be a single tile number: read it as the
    // compact form, so a missing tile is reported as a wrong count.
    let compact_ok = trimmed.chars().count() >= 4 && expected.is_none_or(|n| n <= 10);
    let lead = text.len() - text.trim_start().len();
    if one_token && compact_ok {
        let mut out = Vec::new();
        for (i, ch) in trimmed.chars().enumerate() {
            let column = text[..lead].chars().count() + i + 1;
            match ch {
                'x' | 'X' | '_' | '.' => out.push(0),
                '0'..='9' => out.push(ch as u8 - b'0'),
                _ => return Err(ParseError::BadChar { column, ch }),
            }
        }
        return Ok(out);
    }
    let mut out = Vec::new();
    let mut current: Option<(usize, String)> = None;
    let flush = |cur: &mut Option<(usize, String)>, out: &mut Vec<u8>| -> Result<(), ParseError> {
        if let Some((column, digits)) = cur.take() {
            if digits == "x" || digits == "X" || digits == "_" {
                out.push(0);
            } else {
                match digits.parse::<u8>() {
                    Ok(v) => out.push(v),
                    Err(_) => {
                        return Err(ParseError::BadNumber {
                            column,
                            text: digits,
                        });
                    }
                }
            }
        }
        Ok(())
    };
    for (i, ch) in text.chars().enumerate() {
        let column = i + 1;
        if ch.is_ascii_digit() {
            match &mut current {
                Some((_, s)) if s.chars().all(|c| c.is_ascii_digit()) => s.push(ch),
                Some(_) => return Err(ParseError::BadChar { column, ch }),
                None => current = Some((column, ch.to_string())),
            }
        } else if ch.is_whitespace() || ch == ',' {
            flush(&mut current, &mut out)?;
        } else if matches!(ch, 'x' | 'X' | '_') && current.is_none() {
            current = Some((column, ch.to_string()));
        } else {
            return Err(ParseError::BadChar { column, ch });
        }
    }
    flush(&mut current, &mut out)?;
    Ok(out)
}

impl FromStr for Board {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Board, ParseError> {
        Board::parse(s)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Board({}x{}: {})",
            self.width,
            self.height,
            self.to_compact()
        )
    }
}

/// Prints the board as a grid, the blank as a space, each cell as wide as the largest tile.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = if self.len() > 10 { 2 } else { 1 };
        for r in 0..self.height() {
            let row: Vec<String> = (0..self.width())
                .map(|c| match self.cells[r * self.width() + c] {
                    0 => " ".repeat(digits),
                    t => format!("{t:>digits$}"),
                })
                .collect();
            writeln!(f, "{}", row.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found reviewing what the fuzz target feeds `Board::goal`: the tiles of the stated size
    /// were built before the size was checked.
    #[test]
    fn a_goal_too_large_is_refused_before_its_tiles_are_built() {
        for (w, h) in [(100_000, 100_000), (usize::MAX, 1), (1, 1)] {
            assert_eq!(
                Board::goal(w, h, GoalConvention::BlankLast),
                Err(ParseError::BadSize {
                    width: w,
                    height: h
                })
            );
        }
    }

    #[test]
    fn parses_compact_and_numbers() {
        let b = Board::parse("1274x5836").unwrap();
        assert_eq!(b.tiles(), &[1, 2, 7, 4, 0, 5, 8, 3, 6]);
        assert_eq!(b.blank(), 4);
        assert_eq!(Board::parse("536208417").unwrap().blank(), 4);
        let k = Board::parse("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3").unwrap();
        assert_eq!((k.width(), k.height(), k.blank()), (4, 4, 9));
        let r = Board::parse_sized("1,2,3 4,5,0", 3, 2).unwrap();
        assert_eq!((r.width(), r.height()), (3, 2));
        assert_eq!(Board::parse_sized("123x", 2, 2).unwrap().blank(), 3);
    }

    #[test]
    fn reports_errors_with_positions() {
        assert_eq!(
            Board::parse("1234x5836"),
            Err(ParseError::Duplicate {
                tile: 3,
                first_row: 1,
                first_column: 3,
                row: 3,
                column: 2
            })
        );
        assert_eq!(
            Board::parse("12345678"),
            Err(ParseError::UnknownSize { found: 8 })
        );
        assert!(matches!(
            Board::parse_sized("1 2 3 9", 2, 2),
            Err(ParseError::OutOfRange {
                tile: 9,
                row: 2,
                column: 2,
                ..
            })
        ));
        assert!(matches!(
            Board::parse("12?4x5836"),
            Err(ParseError::BadChar { column: 3, ch: '?' })
        ));
        assert!(matches!(
            Board::parse_sized("1 2 3", 2, 2),
            Err(ParseError::WrongCount { .. })
        ));
        assert!(matches!(parse_size("6x6"), Err(ParseError::BadSize { .. })));
    }

    #[test]
    fn solvability_by_parity() {
        let goal = Board::default_goal(3, 3).unwrap();
        assert!(Board::parse("1274x5836").unwrap().is_solvable(&goal));
        let bad = Board::parse("21345678x").unwrap();
        let err = bad.check_solvable(&goal).unwrap_err();
        assert!(err.to_string().contains("inversions"), "{err}");
        let k = Board::parse("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3").unwrap();
        let korf_goal = Board::goal(4, 4, GoalConvention::BlankFirst).unwrap();
        assert!(k.is_solvable(&korf_goal));
        assert!(!k.is_solvable(&Board::default_goal(4, 4).unwrap()) || k.is_solvable(&korf_goal));
    }

    #[test]
    fn packs_a_4x4_board_into_u64() {
        let g = Board::default_goal(4, 4).unwrap();
        assert_eq!(g.packed_u64(), Some(0x0FED_CBA9_8765_4321));
        let big = Board::default_goal(5, 5).unwrap();
        assert_eq!(big.packed_u64(), None);
    }
}
