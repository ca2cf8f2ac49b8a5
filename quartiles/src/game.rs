//! A game in progress: the board, the words a player has found, what is left, hints, score.
//!
//! The board is solved once when the game starts (microseconds), so every later question
//! (is this a word, what is left, a hint) is a look-up in the solution.

use crate::board::{Board, TILE_COUNT, Tile};
use crate::dictionary::Dictionary;
use crate::path::WordText;
use crate::score::QUARTILES_BONUS;
use crate::search::{Solver, Word};

/// Why a play was not accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Rejected {
    /// Nothing was typed (or only spaces).
    #[error("nothing to play")]
    Empty,
    /// The text is no sequence of 1-4 distinct tiles of the board.
    #[error("`{word}` cannot be made from the board's tiles")]
    NotOnBoard {
        /// The text played, lowercased.
        word: String,
    },
    /// The tiles spell it, but the dictionary does not take it.
    #[error("`{word}` is not in the word list")]
    NotAWord {
        /// The text played, lowercased.
        word: String,
    },
    /// The player has it already.
    #[error("`{word}` is already found")]
    AlreadyFound {
        /// The word.
        word: String,
    },
}

/// An accepted play: the word and the points it brought.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accepted {
    /// The word, with the tiles that make it (the spelling with the most tiles, if several).
    pub word: Word,
    /// Points for the word (1, 2, 4 or 8).
    pub points: u32,
    /// The quartiles bonus, if this word completed the five quartiles (otherwise 0).
    pub bonus: u32,
}

/// A hint about a word the player has not found yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Hint {
    /// A missing word starts with this tile and has this many tiles.
    FirstTile {
        /// The first tile.
        tile: Tile,
        /// The word's length in tiles (1-4).
        tiles: usize,
    },
    /// The tiles of a missing quartile, in the order that spells it.
    Quartile {
        /// The four tiles.
        tiles: [Tile; 4],
    },
}

/// One distinct word of the board's solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    word: Word,
    found: bool,
}

/// A game of Quartiles: the board, its solution, and what the player has found.
///
/// Scoring is the game's: 1, 2, 4 or 8 points for a word of 1-4 tiles, and 40 more once the
/// five quartiles (the 4-tile words that cover the board) are all found. Each word counts
/// once, however many tile sequences spell it.
///
/// ```
/// use quartiles_solver::{Board, Dictionary, Game, Hint, Rejected};
///
/// let board = Board::parse("azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment")?;
/// let mut game = Game::new(&Dictionary::english(), &board);
/// let play = game.play("Truss").unwrap();
/// assert_eq!((play.word.tiles(), play.points), (2, 2));
/// assert!(matches!(game.play("truss"), Err(Rejected::AlreadyFound { .. })));
/// assert!(matches!(game.play("qqq"), Err(Rejected::NotOnBoard { .. })));
/// assert_eq!(game.score(), 2);
/// if let Some(Hint::Quartile { tiles }) = game.quartile_hint() {
///     println!("try {}", tiles.map(|t| t.to_string()).join(" + "));
/// }
/// # Ok::<(), quartiles_solver::BoardError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    solver: Solver,
    /// Distinct words in search order.
    entries: Vec<Entry>,
    /// Every cover of the board by five quartiles (official boards have one).
    covers: Vec<[WordText; 5]>,
    hints: usize,
}

impl Game {
    /// A game on `board` with `dictionary` (solved here, in microseconds).
    pub fn new(dictionary: &Dictionary, board: &Board) -> Game {
        let solver = Solver::new(dictionary, board).finish();
        let mut entries: Vec<Entry> = Vec::new();
        for w in solver.words() {
            match entries.iter_mut().find(|e| e.word.text == w.text) {
                // A word spelled with more tiles is worth more: keep that spelling.
                Some(e) if w.tiles() > e.word.tiles() => e.word = w,
                Some(_) => {}
                None => entries.push(Entry {
                    word: w,
                    found: false,
                }),
            }
        }
        let covers = solver
            .quartiles()
            .iter()
            .map(|c| c.map(|w| w.text))
            .collect();
        Game {
            solver,
            entries,
            covers,
            hints: 0,
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        self.solver.board()
    }

    /// The finished solver behind the game (every word, the quartiles, node counts).
    pub fn solver(&self) -> &Solver {
        &self.solver
    }

    /// Plays a word typed by the player (case and surrounding spaces ignored).
    ///
    /// # Errors
    /// [`Rejected`] says why the word does not count: empty, not made of the board's tiles,
    /// not in the word list, or already found.
    pub fn play(&mut self, text: &str) -> Result<Accepted, Rejected> {
        let word = text.trim().to_ascii_lowercase();
        if word.is_empty() {
            return Err(Rejected::Empty);
        }
        let Some(i) = self.entries.iter().position(|e| e.word.as_str() == word) else {
            return Err(if spells(self.board(), word.as_bytes(), 0, 0) {
                Rejected::NotAWord { word }
            } else {
                Rejected::NotOnBoard { word }
            });
        };
        if self.entries[i].found {
            return Err(Rejected::AlreadyFound { word });
        }
        let had_bonus = self.has_bonus();
        self.entries[i].found = true;
        let bonus = if !had_bonus && self.has_bonus() {
            QUARTILES_BONUS
        } else {
            0
        };
        let word = self.entries[i].word;
        Ok(Accepted {
            word,
            points: word.points(),
            bonus,
        })
    }

    /// True if the player has found `word`.
    pub fn is_found(&self, word: &str) -> bool {
        self.entries
            .iter()
            .any(|e| e.found && e.word.as_str() == word)
    }

    /// The words found, in the order of the solution (not the order played).
    pub fn found(&self) -> impl Iterator<Item = &Word> + '_ {
        self.entries.iter().filter(|e| e.found).map(|e| &e.word)
    }

    /// The words not found yet, in the order of the solution.
    pub fn missing(&self) -> impl Iterator<Item = &Word> + '_ {
        self.entries.iter().filter(|e| !e.found).map(|e| &e.word)
    }

    /// Every word of the board (distinct), in the order of the solution.
    pub fn words(&self) -> impl Iterator<Item = &Word> + '_ {
        self.entries.iter().map(|e| &e.word)
    }

    /// Words not found yet, counted by length in tiles: `[1 tile, 2, 3, 4]`.
    pub fn remaining_by_tiles(&self) -> [usize; 4] {
        self.count_by_tiles(|e| !e.found)
    }

    /// Every word of the board, counted by length in tiles: `[1 tile, 2, 3, 4]`.
    pub fn total_by_tiles(&self) -> [usize; 4] {
        self.count_by_tiles(|_| true)
    }

    fn count_by_tiles(&self, keep: impl Fn(&Entry) -> bool) -> [usize; 4] {
        let mut out = [0; 4];
        for e in self.entries.iter().filter(|e| keep(e)) {
            out[e.word.tiles() - 1] += 1;
        }
        out
    }

    /// The score so far, as the game counts it.
    pub fn score(&self) -> u32 {
        let words: u32 = self.found().map(Word::points).sum();
        words + if self.has_bonus() { QUARTILES_BONUS } else { 0 }
    }

    /// The most the board offers: every word and the bonus (if the quartiles are found by
    /// the solver at all).
    pub fn max_score(&self) -> u32 {
        let words: u32 = self.words().map(Word::points).sum();
        words
            + if self.covers.is_empty() {
                0
            } else {
                QUARTILES_BONUS
            }
    }

    /// True once the player has found five quartiles that cover the board.
    pub fn has_bonus(&self) -> bool {
        self.covers
            .iter()
            .any(|c| c.iter().all(|w| self.is_found(w.as_str())))
    }

    /// True once every word is found.
    pub fn is_complete(&self) -> bool {
        self.entries.iter().all(|e| e.found)
    }

    /// How many hints the player has asked for.
    pub fn hints_used(&self) -> usize {
        self.hints
    }

    /// The first tile and the length in tiles of a missing word (the first missing one in
    /// the order of the solution, so the same state gives the same hint), or `None` if every
    /// word is found. Counts as a hint.
    pub fn word_hint(&mut self) -> Option<Hint> {
        let w = *self.missing().next()?;
        self.hints += 1;
        let first = w.path.iter().next().unwrap_or_default();
        Some(Hint::FirstTile {
            tile: self.board().tiles()[first],
            tiles: w.tiles(),
        })
    }

    /// The tiles of a missing quartile (of the first cover, in its order), or `None` if the
    /// quartiles are all found or the board has no cover. Counts as a hint.
    pub fn quartile_hint(&mut self) -> Option<Hint> {
        let cover = self.covers.first()?;
        let text = cover.iter().find(|w| !self.is_found(w.as_str()))?;
        let word = self
            .entries
            .iter()
            .find(|e| e.word.text == *text && e.word.is_quartile())?
            .word;
        self.hints += 1;
        let tiles = self.board().tiles();
        let mut out = [Tile::default(); 4];
        for (slot, i) in out.iter_mut().zip(word.path.iter()) {
            *slot = tiles[i];
        }
        Some(Hint::Quartile { tiles: out })
    }
}

/// True if `rest` is spelled by at most `4 - depth` more distinct tiles not in `used`.
fn spells(board: &Board, rest: &[u8], used: u32, depth: usize) -> bool {
    if rest.is_empty() {
        return depth > 0;
    }
    if depth == 4 {
        return false;
    }
    (0..TILE_COUNT).any(|i| {
        let tile = board.tile(i).as_bytes();
        used & (1 << i) == 0
            && rest.starts_with(tile)
            && spells(board, &rest[tile.len()..], used | (1 << i), depth + 1)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = "azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment";

    #[test]
    fn spelling_checks_tiles_and_their_count() {
        let board = Board::parse(SEED).unwrap();
        assert!(spells(&board, b"truss", 0, 0));
        assert!(spells(&board, b"razzmatazz", 0, 0));
        assert!(!spells(&board, b"trutru", 0, 0)); // the same tile twice
        assert!(!spells(&board, b"", 0, 0));
        // five tiles
        assert!(!spells(&board, b"truthfullyis", 0, 0));
    }
}
