//! The board: 20 distinct tiles of 1-8 lowercase letters.

use std::fmt;
use std::str::FromStr;

use fixedstr::fstr;

use crate::error::BoardError;

/// Tiles on a board.
pub const TILE_COUNT: usize = 20;
/// Longest tile, in bytes (letters).
pub const MAX_TILE_LEN: usize = 8;

/// One tile: 1 to 8 lowercase ASCII letters, stored inline.
pub type Tile = fstr<MAX_TILE_LEN>;

/// A Quartiles board: 20 distinct tiles in a fixed order (the order numbers the tiles for
/// [`FragmentPath`](crate::FragmentPath)).
///
/// ```
/// use quartiles_solver::Board;
///
/// let board: Board = "azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment"
///     .parse()
///     .unwrap();
/// assert_eq!(board.tile(3), "tru");
/// assert!("a b".parse::<Board>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    tiles: [Tile; TILE_COUNT],
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.tiles.iter().map(|t| t.as_str()))
            .finish()
    }
}

impl fmt::Display for Board {
    /// The tiles separated by single spaces: text that [`Board::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, t) in self.tiles.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(t.as_str())?;
        }
        Ok(())
    }
}

impl FromStr for Board {
    type Err = BoardError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Board::parse(s)
    }
}

/// A tile as written in the text, with the position of its first character.
struct Token<'a> {
    text: &'a str,
    line: usize,
    column: usize,
}

/// Splits text into tiles at whitespace and commas; a comma with no tile before it (since the
/// start or the previous comma), or a comma at the end, marks an empty tile.
fn tokenize<'a>(text: &'a str) -> Result<Vec<Token<'a>>, BoardError> {
    let mut tokens = Vec::with_capacity(TILE_COUNT);
    let mut start: Option<(usize, usize, usize)> = None; // byte offset, line, column
    let mut comma: Option<(usize, usize)> = None; // an unmatched comma: line, column
    let mut after_token = false;
    let (mut line, mut column) = (1, 0);
    let finish = |tokens: &mut Vec<Token<'a>>, start: &mut Option<(usize, usize, usize)>, end| {
        if let Some((s, l, c)) = start.take() {
            tokens.push(Token {
                text: &text[s..end],
                line: l,
                column: c,
            });
            true
        } else {
            false
        }
    };
    for (offset, ch) in text.char_indices() {
        column += 1;
        if ch == ',' {
            if finish(&mut tokens, &mut start, offset) {
                after_token = true;
            }
            if !after_token || comma.is_some() {
                return Err(BoardError::EmptyTile {
                    tile: tokens.len() + 1,
                    line,
                    column,
                });
            }
            comma = Some((line, column));
            after_token = false;
        } else if ch.is_whitespace() {
            if finish(&mut tokens, &mut start, offset) {
                after_token = true;
            }
            if ch == '\n' {
                line += 1;
                column = 0;
            }
        } else if start.is_none() {
            start = Some((offset, line, column));
            comma = None;
        }
    }
    finish(&mut tokens, &mut start, text.len());
    if let Some((line, column)) = comma {
        return Err(BoardError::EmptyTile {
            tile: tokens.len() + 1,
            line,
            column,
        });
    }
    Ok(tokens)
}

/// Checks one tile and lowercases it.
fn make_tile(index: usize, tok: &Token<'_>) -> Result<Tile, BoardError> {
    if tok.text.is_empty() {
        return Err(BoardError::EmptyTile {
            tile: index + 1,
            line: tok.line,
            column: tok.column,
        });
    }
    for (i, ch) in tok.text.chars().enumerate() {
        if !ch.is_ascii_alphabetic() {
            return Err(BoardError::NotALetter {
                tile: index + 1,
                text: puzzle_search::excerpt(tok.text),
                ch,
                line: tok.line,
                column: tok.column + i,
            });
        }
    }
    if tok.text.len() > MAX_TILE_LEN {
        return Err(BoardError::TileTooLong {
            tile: index + 1,
            text: puzzle_search::excerpt(tok.text),
            len: tok.text.len(),
        });
    }
    let mut tile = Tile::create(tok.text);
    tile.make_ascii_lowercase();
    Ok(tile)
}

fn assemble(tokens: &[Token<'_>]) -> Result<Board, BoardError> {
    let mut tiles = [Tile::default(); TILE_COUNT];
    for (i, tok) in tokens.iter().enumerate() {
        let tile = make_tile(i, tok)?;
        if let Some(slot) = tiles.get_mut(i) {
            *slot = tile;
        }
    }
    if tokens.len() != TILE_COUNT {
        return Err(BoardError::WrongCount {
            found: tokens.len(),
        });
    }
    for j in 1..TILE_COUNT {
        if let Some(i) = (0..j).find(|&i| tiles[i] == tiles[j]) {
            return Err(BoardError::DuplicateTile {
                text: tiles[j].to_string(),
                first: i + 1,
                second: j + 1,
            });
        }
    }
    Ok(Board { tiles })
}

impl Board {
    /// Reads a board from text: 20 tiles separated by whitespace, commas, or both (lines
    /// are fine). Letters are lowercased.
    ///
    /// # Errors
    /// A [`BoardError`] naming the tile and its line and column: an empty tile between commas,
    /// a character that is not a letter, a tile over 8 letters, a count other than 20, or a
    /// tile given twice.
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        assemble(&tokenize(text)?)
    }

    /// A board from 20 tiles (read as if written one per line, for error positions).
    ///
    /// # Errors
    /// As [`parse`](Self::parse); a tile holding a space or comma is `NotALetter`.
    pub fn from_tiles<I, S>(tiles: I) -> Result<Board, BoardError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let owned: Vec<S> = tiles.into_iter().collect();
        let tokens: Vec<Token<'_>> = owned
            .iter()
            .enumerate()
            .map(|(i, s)| Token {
                text: s.as_ref(),
                line: i + 1,
                column: 1,
            })
            .collect();
        assemble(&tokens)
    }

    /// The 20 tiles, in board order.
    pub fn tiles(&self) -> &[Tile; TILE_COUNT] {
        &self.tiles
    }

    /// Tile `i` as text.
    ///
    /// # Panics
    /// If `i >= 20`.
    pub fn tile(&self, i: usize) -> &str {
        self.tiles[i].as_str()
    }

    /// The position of a tile (case-insensitive), if it is on the board.
    pub fn position(&self, tile: &str) -> Option<usize> {
        self.tiles
            .iter()
            .position(|t| t.as_str().eq_ignore_ascii_case(tile))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = "azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment";

    #[test]
    fn parses_spaces_commas_lines_and_case() {
        let a = Board::parse(SEED).unwrap();
        let b = Board::parse(&SEED.to_uppercase().replace(' ', ", ")).unwrap();
        let c = Board::parse(&SEED.replace(' ', ",")).unwrap();
        let d = Board::parse(&SEED.replacen(' ', "\n", 5)).unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!(a, d);
        assert_eq!(a.to_string(), SEED);
        assert_eq!(a.position("RDS"), Some(13));
    }

    #[test]
    fn typed_errors_with_positions() {
        assert_eq!(
            Board::parse("a b c"),
            Err(BoardError::WrongCount { found: 3 })
        );
        assert_eq!(
            Board::parse("ab,,cd"),
            Err(BoardError::EmptyTile {
                tile: 2,
                line: 1,
                column: 4
            })
        );
        assert!(matches!(
            Board::parse(",ab"),
            Err(BoardError::EmptyTile { column: 1, .. })
        ));
        assert!(matches!(
            Board::parse("ab ,"),
            Err(BoardError::EmptyTile { column: 4, .. })
        ));
        assert_eq!(
            Board::parse("ab\ncd x1y"),
            Err(BoardError::NotALetter {
                tile: 3,
                text: "x1y".into(),
                ch: '1',
                line: 2,
                column: 5
            })
        );
        assert!(matches!(
            Board::parse("abcdefghi"),
            Err(BoardError::TileTooLong { len: 9, .. })
        ));
        let dup = SEED.replace("ment", "AZZ");
        assert_eq!(
            Board::parse(&dup),
            Err(BoardError::DuplicateTile {
                text: "azz".into(),
                first: 1,
                second: 20
            })
        );
        let mut tiles: Vec<&str> = SEED.split(' ').collect();
        tiles[4] = "";
        assert!(matches!(
            Board::from_tiles(&tiles),
            Err(BoardError::EmptyTile { tile: 5, .. })
        ));
    }
}
