//! Optimal sliding-tile puzzle solving, from the 8-puzzle to the 24-puzzle.
//!
//! - [`Board`]: any `W x H` board from 2x2 to 5x5, parsed from `1274x5836` (3x3 compact,
//!   `x`/`X`/`0` for the blank) or from numbers separated by spaces or commas; any goal, with
//!   both conventions named ([`GoalConvention`]); solvability by inversion parity, explained.
//! - [`Puzzle`]: a start and a goal, checked solvable.
//! - Heuristics behind one trait ([`Heuristic`]): [`Manhattan`], [`LinearConflict`] (counted
//!   correctly), Takahashi's [`WalkingDistance`] (boards up to 4x4) and additive disjoint [`PatternDatabases`] with mirror lookups, built by
//!   backward breadth-first search, cached on disk with a checksum ([`pdb`]).
//! - Engines: [`AStar`] over any [`PQLike`] open list ([`BucketQueue`], [`HeapQueue`]),
//!   [`IdaStar`] with incremental heuristic updates, and [`baseline`], the seed's algorithm.
//!   Every engine is a continuation: `step(budget)` does bounded work and can be called again.
//! - [`Solution`]: moves as tile arrows (`↑` = the tile moved up), blank letters (`URDL`), tile
//!   numbers, and the boards step by step.
//!
//! ```
//! use slide_solver::{AStar, Board, BucketQueue, LinearConflict, Puzzle};
//!
//! let start: Board = "1274x5836".parse()?;
//! let puzzle = Puzzle::with_default_goal(start)?;
//! let h = LinearConflict::new(puzzle.geometry(), puzzle.goal().blank());
//! let solution = AStar::<_, BucketQueue>::new(&puzzle, h)?.solve().expect("solvable");
//! assert_eq!(solution.len(), 20);
//! assert_eq!(solution.replay(), Some(*puzzle.goal()));
//! println!("{}", solution.arrows());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Pausing and resuming (the same nodes in the same order as one long run):
//!
//! ```
//! use slide_solver::{Board, IdaStar, Manhattan, Puzzle, search::{Nodes, Step}};
//!
//! let puzzle = Puzzle::with_default_goal("8672543x1".parse::<Board>()?)?;
//! let h = Manhattan::new(puzzle.geometry(), puzzle.goal().blank());
//! let mut search = IdaStar::new(&puzzle, h)?;
//! let solution = loop {
//!     match search.step(Nodes(10_000)) {
//!         Step::Found(s) => break s,
//!         Step::Paused => eprintln!("{} nodes so far", search.progress().generated),
//!         Step::Finished => unreachable!("a solvable puzzle has a solution"),
//!     }
//! };
//! assert_eq!(solution.len(), 31);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![warn(missing_docs)]

pub mod astar;
pub mod baseline;
pub mod board;
pub mod error;
mod hash;
pub mod heuristic;
pub mod idastar;
pub mod pdb;
pub mod queue;
pub mod search;
pub mod solution;
pub mod solver;
pub mod state;
pub mod walking;

pub use astar::AStar;
pub use board::{Board, Direction, GoalConvention, parse_size};
pub use error::{ParseError, PdbError, PuzzleError};
pub use heuristic::{Heuristic, LinearConflict, Manhattan, Zero};
pub use idastar::IdaStar;
pub use pdb::{Partition, PatternDatabases, PatternDb};
pub use queue::{BucketQueue, Entry, HeapQueue, PQLike};
pub use solution::Solution;
pub use solver::{EngineKind, HeuristicKind, Options, SolveError, solve};
pub use state::{Geometry, Puzzle, State};
pub use walking::WalkingDistance;
