//! The board: the seed's text format (`x` tile, `X` start, space = gap), parsing and printing.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;

/// A position on the board: row and column, both counted from 0 at the top left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// Row, 0 at the top.
    pub row: usize,
    /// Column, 0 at the left.
    pub col: usize,
}

impl Pos {
    /// A position from row and column.
    pub const fn new(row: usize, col: usize) -> Self {
        Pos { row, col }
    }
}

impl fmt::Display for Pos {
    /// As a person reads a text file: `line L, column C`, both counted from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.row + 1, self.col + 1)
    }
}

/// The largest number of tiles a board may have: 2^22 (a 2048 x 2048 board), which the
/// solver handles in about 0.8 GB (some 180 bytes a tile); a bigger board is refused when it
/// is read, before any memory is spent on it.
pub const MAX_TILES: usize = 1 << 22;

/// The most cells (tiles and gaps, longest line times lines) a board's text may span:
/// 4 x [`MAX_TILES`].
pub const MAX_CELLS: usize = 4 * MAX_TILES;

/// A block-fill board: a rectangle of tiles and gaps, with an optional start and end tile.
///
/// Text format (the seed's): one line per row, `x` a tile, `X` the start tile, a space a gap;
/// `E` marks a tile where the path must end (optional). Ragged lines are padded with gaps
/// (editors strip trailing spaces), a `\r` before a line break is ignored, and trailing empty
/// lines are dropped.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    width: usize,
    height: usize,
    tiles: Vec<bool>,
    start: Option<Pos>,
    end: Option<Pos>,
}

impl Grid {
    /// Parses a board that must have exactly one start tile `X`.
    ///
    /// # Errors
    /// [`ParseError::NoStart`] without an `X`, and every error of
    /// [`Grid::parse_any_start`].
    pub fn parse(text: &str) -> Result<Grid, ParseError> {
        let g = Grid::parse_any_start(text)?;
        if g.start.is_none() {
            return Err(ParseError::NoStart);
        }
        Ok(g)
    }

    /// Parses a board where the start tile `X` is optional (without it, solvers try every
    /// start).
    ///
    /// # Errors
    /// [`ParseError::UnknownChar`] (line and column), [`ParseError::TwoStarts`],
    /// [`ParseError::TwoEnds`], [`ParseError::NoTiles`], [`ParseError::Disconnected`],
    /// [`ParseError::TooLarge`] (more than [`MAX_TILES`](crate::MAX_TILES) tiles) or
    /// [`ParseError::TooWide`] (more than [`MAX_CELLS`](crate::MAX_CELLS) cells), each before
    /// the board is built.
    pub fn parse_any_start(text: &str) -> Result<Grid, ParseError> {
        let mut lines: Vec<&str> = text
            .split('\n')
            .map(|l| l.strip_suffix('\r').unwrap_or(l))
            .collect();
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        let height = lines.len();
        let width = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        // A few long lines and many short ones span a box far larger than the text (100000
        // lines and one of 100000 spaces: 200 kB of text, 10^10 cells): checked first.
        if width
            .checked_mul(height)
            .is_none_or(|cells| cells > MAX_CELLS)
        {
            return Err(ParseError::TooWide { width, height });
        }
        let mut tiles = vec![false; width * height];
        let mut start: Option<Pos> = None;
        let mut end: Option<Pos> = None;
        let mut count = 0usize;
        for (row, line) in lines.iter().enumerate() {
            for (col, ch) in line.chars().enumerate() {
                let at = Pos::new(row, col);
                match ch {
                    ' ' => {}
                    'x' => tiles[row * width + col] = true,
                    'X' => {
                        if let Some(first) = start {
                            return Err(ParseError::TwoStarts { first, second: at });
                        }
                        start = Some(at);
                        tiles[row * width + col] = true;
                    }
                    'E' => {
                        if let Some(first) = end {
                            return Err(ParseError::TwoEnds { first, second: at });
                        }
                        end = Some(at);
                        tiles[row * width + col] = true;
                    }
                    _ => return Err(ParseError::UnknownChar { ch, at }),
                }
                if ch != ' ' {
                    count += 1;
                }
            }
        }
        if count > MAX_TILES {
            return Err(ParseError::TooLarge { tiles: count });
        }
        Grid::build(width, height, tiles, start, end)
    }

    /// A board from a row-major tile mask (`true` = tile), with an optional start and end.
    ///
    /// # Errors
    /// Like the parser's: no tiles, a start or end on a gap (reported as
    /// [`ParseError::UnknownChar`] with a space), disconnected tiles, too many tiles.
    pub fn from_tiles(
        width: usize,
        height: usize,
        tiles: Vec<bool>,
        start: Option<Pos>,
        end: Option<Pos>,
    ) -> Result<Grid, ParseError> {
        assert_eq!(tiles.len(), width * height, "tile mask has the wrong size");
        for p in [start, end].into_iter().flatten() {
            if p.row >= height || p.col >= width || !tiles[p.row * width + p.col] {
                return Err(ParseError::UnknownChar { ch: ' ', at: p });
            }
        }
        let count = tiles.iter().filter(|t| **t).count();
        if count > MAX_TILES {
            return Err(ParseError::TooLarge { tiles: count });
        }
        Grid::build(width, height, tiles, start, end)
    }

    fn build(
        width: usize,
        height: usize,
        tiles: Vec<bool>,
        start: Option<Pos>,
        end: Option<Pos>,
    ) -> Result<Grid, ParseError> {
        let Some(first) = tiles.iter().position(|t| *t) else {
            return Err(ParseError::NoTiles);
        };
        if let (Some(s), Some(e)) = (start, end)
            && s == e
        {
            return Err(ParseError::TwoStarts {
                first: s,
                second: e,
            });
        }
        // Every tile must be reachable from the first one.
        let mut seen = vec![false; tiles.len()];
        let mut stack = vec![first];
        seen[first] = true;
        while let Some(i) = stack.pop() {
            let (r, c) = (i / width, i % width);
            let mut visit = |j: usize| {
                if tiles[j] && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            };
            if r > 0 {
                visit(i - width);
            }
            if r + 1 < height {
                visit(i + width);
            }
            if c > 0 {
                visit(i - 1);
            }
            if c + 1 < width {
                visit(i + 1);
            }
        }
        if let Some(lost) = (0..tiles.len()).find(|&i| tiles[i] && !seen[i]) {
            return Err(ParseError::Disconnected {
                tile: Pos::new(lost / width, lost % width),
                from: Pos::new(first / width, first % width),
            });
        }
        Ok(Grid {
            width,
            height,
            tiles,
            start,
            end,
        })
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// True when `p` is on the board and is a tile (not a gap).
    pub fn is_tile(&self, p: Pos) -> bool {
        p.row < self.height && p.col < self.width && self.tiles[p.row * self.width + p.col]
    }

    /// Number of tiles.
    pub fn tile_count(&self) -> usize {
        self.tiles.iter().filter(|t| **t).count()
    }

    /// Every tile, in reading order (row by row, left to right).
    pub fn tiles(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.tiles.len())
            .filter(|&i| self.tiles[i])
            .map(|i| Pos::new(i / self.width, i % self.width))
    }

    /// The start tile, if the board has one.
    pub fn start(&self) -> Option<Pos> {
        self.start
    }

    /// The required end tile, if the board marks one.
    pub fn end(&self) -> Option<Pos> {
        self.end
    }

    /// The same board with another start (or none); `None` if `start` is not a tile or is
    /// the end tile.
    pub fn with_start(&self, start: Option<Pos>) -> Option<Grid> {
        if let Some(s) = start
            && (!self.is_tile(s) || Some(s) == self.end)
        {
            return None;
        }
        Some(Grid {
            start,
            ..self.clone()
        })
    }

    /// The same board with another required end (or none); `None` if `end` is not a tile or
    /// is the start tile.
    pub fn with_end(&self, end: Option<Pos>) -> Option<Grid> {
        if let Some(e) = end
            && (!self.is_tile(e) || Some(e) == self.start)
        {
            return None;
        }
        Some(Grid {
            end,
            ..self.clone()
        })
    }

    /// The board mirrored along its main diagonal (rows become columns).
    pub fn transposed(&self) -> Grid {
        let t = |p: Pos| Pos::new(p.col, p.row);
        let mut tiles = vec![false; self.tiles.len()];
        for r in 0..self.height {
            for c in 0..self.width {
                tiles[c * self.height + r] = self.tiles[r * self.width + c];
            }
        }
        Grid {
            width: self.height,
            height: self.width,
            tiles,
            start: self.start.map(t),
            end: self.end.map(t),
        }
    }
}

impl FromStr for Grid {
    type Err = ParseError;

    /// Same as [`Grid::parse_any_start`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Grid::parse_any_start(s)
    }
}

impl fmt::Display for Grid {
    /// The text format, every line padded to the full width, each line ending in `\n`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.height {
            let mut line = String::with_capacity(self.width);
            for c in 0..self.width {
                let p = Pos::new(r, c);
                line.push(if Some(p) == self.start {
                    'X'
                } else if Some(p) == self.end {
                    'E'
                } else if self.tiles[r * self.width + c] {
                    'x'
                } else {
                    ' '
                });
            }
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_seed_format_and_pads_ragged_lines() {
        let g = Grid::parse("xxX\nx\r\nxxx\n\n").unwrap();
        assert_eq!((g.width(), g.height()), (3, 3));
        assert_eq!(g.start(), Some(Pos::new(0, 2)));
        assert!(!g.is_tile(Pos::new(1, 1)));
        assert_eq!(g.tile_count(), 7);
        assert_eq!(g.to_string(), "xxX\nx  \nxxx\n");
    }

    #[test]
    fn errors_say_where() {
        assert_eq!(Grid::parse("xx\nxx"), Err(ParseError::NoStart));
        assert!(Grid::parse_any_start("xx\nxx").is_ok());
        assert_eq!(
            Grid::parse("X\nX"),
            Err(ParseError::TwoStarts {
                first: Pos::new(0, 0),
                second: Pos::new(1, 0)
            })
        );
        let e = Grid::parse("Xx\nxo").unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown character 'o' at line 2, column 2 (expected `x` tile, `X` start, `E` end or a space)"
        );
        assert_eq!(Grid::parse_any_start("  \n"), Err(ParseError::NoTiles));
        // 100000 x 100000 from 200 kB of text: refused before 10^10 cells are laid out.
        let wide = format!("X{}\n{}", " ".repeat(99_999), "\n".repeat(99_998) + "x");
        assert_eq!(
            Grid::parse(&wide),
            Err(ParseError::TooWide {
                width: 100_000,
                height: 100_000
            })
        );
        assert_eq!(
            Grid::parse("X x"),
            Err(ParseError::Disconnected {
                tile: Pos::new(0, 2),
                from: Pos::new(0, 0)
            })
        );
        assert!(matches!(
            Grid::parse("XE\nEx"),
            Err(ParseError::TwoEnds { .. })
        ));
    }

    #[test]
    fn transpose_round_trips() {
        let g = Grid::parse("xX \nxxE\n").unwrap();
        let t = g.transposed();
        assert_eq!(t.to_string(), "xx\nXx\n E\n");
        assert_eq!(t.transposed(), g);
    }
}
