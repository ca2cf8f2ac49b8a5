//! Block-fill puzzles: find a path from the start tile through every tile of a grid once (a
//! Hamiltonian path in a grid graph), enumerate or count all of them, or prove there is none.
//!
//! ```
//! use hamilton_solver::{Grid, Impossible, Solver};
//!
//! // `x` a tile, `X` the start, a space a gap
//! let grid = Grid::parse("Xxxx\nx  x\nxxxx").unwrap();
//! let path = Solver::new(&grid).solve().unwrap();
//! assert_eq!(path.arrows(), "→ → → ↓ ↓ ← ← ← ↑");
//! assert_eq!(path.letters(), "RRRDDLLLU");
//!
//! // the start is on the chessboard colour with fewer tiles: proved impossible in O(N)
//! let grid = Grid::parse("Xxx\nx x").unwrap();
//! assert!(matches!(Solver::new(&grid).solve(), Err(Impossible::Parity(_))));
//! ```
//!
//! # The API
//! - [`Grid`]: the text format (`x` tile, `X` start, space gap, optional `E` end), typed
//!   [`ParseError`]s with line and column.
//! - [`Solver`]: one path or an [`Impossible`] proof that says why (parity, a cut tile, dead
//!   ends, or an exhausted search with its node count).
//! - [`Paths`]: every path, in a fixed order: a [`Search`] and an [`Iterator`]; it cuts into
//!   independent parts by decision prefixes (`puzzle_search::Split`), whose counts add up
//!   exactly to the whole.
//! - [`count::count`]: the number of paths by a dynamic programme over the frontier of a
//!   row sweep, without enumerating them (big-integer counts); [`count::count_with`] within
//!   a memory limit and a cancel flag.
//! - [`count::Sampler`]: paths drawn uniformly at random through those counts, and how many
//!   paths use each edge ([`count::EdgeCounts`], drawn by `Grid::edges_svg`).
//! - [`Engine`]: [`Engine::Fast`], or [`Engine::Baseline`], the plain backtracker the
//!   project started from, kept as the oracle; both run behind [`Solver`] and [`Paths`].
//! - [`generate`]: random solvable boards (a planted path reshaped by backbite moves).
//! - [`svg`](mod@svg) (feature `svg`, default): [`Grid::to_svg`], [`Grid::solution_svg`] and
//!   [`Grid::proof_svg`] draw boards, paths and proofs as SVG pictures.
//! - Errors: [`ParseError`], [`PathError`], [`Impossible`], [`CountError`].
//!
//! # Searches are continuations
//! [`Solver`] and [`Paths`] implement the family's [`Search`] trait (from `puzzle-search`,
//! re-exported here with [`Budget`], [`Limit`] and [`Step`]): each is a value that holds its
//! whole state. Drive it in budgeted steps, watch its [`Progress`], clone it, and resume; the
//! results and node counts are the same as in one long run.
//!
//! ```
//! use hamilton_solver::{Budget, Grid, Paths, Search, Step};
//! let grid = Grid::parse("Xxxx\nxxxx\nxxxx\nxxxx").unwrap();
//! let mut paths = Paths::new(&grid);
//! let mut found = 0;
//! loop {
//!     match paths.step(Budget::nodes(10)) {
//!         Step::Found(_) => found += 1,
//!         Step::Paused => assert!(paths.progress().nodes > 0), // redraw, save, ...
//!         Step::Finished => break,
//!     }
//! }
//! assert_eq!(found, 52);
//! assert_eq!(paths.progress().found, 52);
//! assert_eq!(paths.progress().nodes, 51);
//! ```
//!
//! # How the fast engine works
//! See the notes in the README: chessboard colour counts first (O(N) proofs and the end's
//! colour); then a constructive attempt (a cover of every tile with the right degrees by
//! bipartite b-matching, its cycles joined into the path by square flips, alternating-path
//! reroutes and small exact re-solves), which finds a path on planted 40x40 boards in well
//! under a millisecond typically; then, if that gives up, the exact search: edges decided
//! depth first with degree propagation, fragment end pointers against early cycles, a
//! connectivity check, colour balance, most-constrained branching and Luby restarts with
//! deterministic seeds. The exact search alone decides impossible boards.
#![warn(missing_docs)]
// Every public function that returns a `Result` says when it fails.
#![warn(clippy::missing_errors_doc)]
#![forbid(unsafe_code)]

mod construct;
pub mod count;
mod engine;
mod error;
pub mod generate;
mod graph;
mod grid;
mod path;
mod proof;
mod rng;
mod search;
#[cfg(feature = "svg")]
pub mod svg;

/// The family's vocabulary, from puzzle-search: budgets, the [`Search`] trait and what a
/// step returns.
pub use puzzle_search::{Budget, Limit, Search, Step};

pub use engine::Engine;
pub use error::{CountError, Impossible, ParseError, PathError};
pub use grid::{Grid, MAX_CELLS, MAX_TILES, Pos};
pub use path::{Dir, Solution};
pub use proof::{Parity, ParityReason};
pub use search::{Options, Paths, Progress, Solver};
