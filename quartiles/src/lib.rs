//! An exhaustive, resumable solver for Apple's Quartiles word game.
//!
//! A board has 20 tiles (fragments of words). Every dictionary word made of 1-4 distinct
//! tiles scores (1, 2, 4 or 8 points), and five 4-tile words, the *quartiles*, use all 20
//! tiles exactly once (40 bonus points). This crate finds them all, in microseconds.
//!
//! - [`Dictionary`]: an embedded English list (SCOWL, tiered: common words for 1-3 tiles,
//!   rarer ones for 4), custom lists, allow/deny overrides, prefix queries, and a [`Cursor`]
//!   that extends a prefix tile by tile.
//! - [`Board`]: 20 tiles parsed from text, with typed errors.
//! - [`Solver`]: the search as a value that is its own continuation. It is a [`Search`] (the
//!   family's stepping API): run it in budgeted [`step`](Search::step)s, iterate over it, or
//!   [`finish`](Solver::finish) it; then [`words`](Solver::words),
//!   [`quartiles`](Solver::quartiles), [`score`](Solver::score).
//! - [`Engine`]: the fast engine, or the seed's plain algorithm kept as the oracle (the same
//!   words, in the same order, with the same node counts).
//! - [`FragmentPath`]: a path of tile indices, the search's position.
//! - [`Solver::to_svg`] (feature `svg`, default): the board and its words as an SVG picture
//!   ([`svg`](mod@svg)).
//! - [`Solver::missing_quartile`]: when the dictionary lacks one quartile, the four tiles the
//!   other four leave, which must be the fifth, with their most word-like spelling first.
//! - [`Game`]: a game in progress for a player or an app: words played ([`Accepted`] or
//!   [`Rejected`]), what is left by length in tiles, [`Hint`]s, the score as the game counts it.
//!
//! ```
//! use quartiles_solver::{Board, Budget, Dictionary, Search, Solver, Step};
//!
//! let dict = Dictionary::english(); // no I/O: the list is embedded
//! let board = Board::parse(
//!     "azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment",
//! )?;
//!
//! // In budgeted steps, as a user interface runs it between frames...
//! let mut solver = Solver::new(&dict, &board);
//! let mut words = Vec::new();
//! loop {
//!     match solver.step(Budget::nodes(200)) {
//!         Step::Found(word) => words.push(word),
//!         Step::Paused => {} // draw solver.progress()
//!         Step::Finished => break,
//!     }
//! }
//! assert!(words.iter().any(|w| w.as_str() == "truss"));
//!
//! // ...or all at once: the same words in the same order.
//! assert_eq!(Solver::new(&dict, &board).solve_fully(), words);
//!
//! let covers = solver.quartiles();
//! let quartiles: Vec<&str> = covers[0].iter().map(|w| w.as_str()).collect();
//! assert_eq!(
//!     quartiles,
//!     ["truthfully", "refreshment", "razzmatazz", "nihilistic", "crosswords"]
//! );
//! println!("{} words, {} points", words.len(), solver.score());
//! # Ok::<(), quartiles_solver::BoardError>(())
//! ```
//!
//! The search is deterministic: the same board and dictionary give the same words in the same
//! order and the same node counts, however the run is sliced.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod board;
mod dictionary;
mod engine;
mod error;
mod game;
mod index;
mod missing;
mod path;
mod score;
mod search;
#[cfg(feature = "svg")]
pub mod svg;

pub use board::{Board, MAX_TILE_LEN, TILE_COUNT, Tile};
pub use dictionary::{CUSTOM_TIER, Cursor, Dictionary, Tiers};
pub use engine::Engine;
pub use error::{BoardError, DictionaryError, FragmentPathError};
pub use game::{Accepted, Game, Hint, Rejected};
pub use missing::MissingQuartile;
pub use path::{FragmentPath, Indices, MAX_WORD_LEN, WordText};
pub use score::{QUARTILES_BONUS, points};
pub use search::{Progress, Solver, Word};

/// The family's vocabulary, from puzzle-search: the stepping trait, its budgets and what a
/// step ends with, so a solve loop needs no second dependency.
pub use puzzle_search::{Budget, Limit, Search, Step};
