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
//! - [`Solver`]: the search as a value that is its own continuation: run it in budgeted
//!   [`step`](Solver::step)s, iterate over it, or [`solve_fully`](Solver::solve_fully); then
//!   [`words`](Solver::words), [`quartiles`](Solver::quartiles), [`score`](Solver::score).
//! - [`FragmentPath`]: a path of tile indices, the search's position.
//! - [`baseline`]: the plain algorithm of the original solver, the oracle for tests.
//!
//! ```
//! use quartiles_solver::{Board, Dictionary, Solver};
//!
//! let dict = Dictionary::english(); // no I/O: the list is embedded
//! let board = Board::parse(
//!     "azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment",
//! )?;
//! let solver = Solver::new(&dict, &board).solve_fully();
//! let covers = solver.quartiles();
//! let quartiles: Vec<&str> = covers[0].iter().map(|w| w.as_str()).collect();
//! assert_eq!(
//!     quartiles,
//!     ["truthfully", "refreshment", "razzmatazz", "nihilistic", "crosswords"]
//! );
//! assert!(solver.words().iter().any(|w| w.as_str() == "truss"));
//! println!("{} words, {} points", solver.words().len(), solver.score());
//! # Ok::<(), quartiles_solver::BoardError>(())
//! ```
//!
//! The search is deterministic: the same board and dictionary give the same words in the same
//! order and the same node counts, however the run is sliced.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod baseline;
mod board;
mod budget;
mod dictionary;
mod error;
mod index;
mod path;
mod score;
mod solver;

pub use board::{Board, MAX_TILE_LEN, TILE_COUNT, Tile};
pub use budget::Budget;
pub use dictionary::{CUSTOM_TIER, Cursor, Dictionary, Tiers};
pub use error::{BoardError, DictionaryError, FragmentPathError};
pub use path::{FragmentPath, Indices, MAX_WORD_LEN, WordText};
pub use score::{QUARTILES_BONUS, points};
pub use solver::{Progress, Solver, Step, Word};
