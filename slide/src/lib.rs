//! Optimal sliding-tile puzzle solving, from the 8-puzzle to the 24-puzzle.
//!
//! - [`Board`]: any `W x H` board from 2x2 to 5x5, parsed from `1274x5836` (3x3 compact,
//!   `x`/`X`/`0` for the blank) or from numbers separated by spaces or commas; any goal, with
//!   both conventions named ([`GoalConvention`]); solvability by inversion parity, explained.
//! - [`Puzzle`]: a start and a goal, checked solvable.
//! - Heuristics behind one trait ([`Heuristic`]): [`Manhattan`], [`LinearConflict`] (counted
//!   correctly), Takahashi's [`WalkingDistance`] (boards up to 4x4) and additive disjoint
//!   [`PatternDatabases`] with mirror lookups, built by backward breadth-first search, cached
//!   on disk with a checksum.
//! - Engines: [`AStar`] over any [`PQLike`] open list ([`BucketQueue`], [`HeapQueue`]),
//!   [`IdaStar`] with incremental heuristic updates, and [`Baseline`], the seed's algorithm;
//!   [`Solver`] runs any of them with any heuristic, chosen at run time ([`Engine`],
//!   [`Options`]). Every engine is a continuation: it implements [`Search`], so
//!   `step(budget)` does bounded work (a budget counts generated nodes) and can be called
//!   again, with the same nodes in the same order as one long run.
//! - [`Solution`]: moves as tile arrows (`↑` = the tile moved up), blank letters (`URDL`), tile
//!   numbers, and the boards step by step; drawn as SVG (feature `svg`, default) as a strip
//!   of boards or one animated board ([`svg`](mod@svg)).
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
//! use slide_solver::{Board, Budget, IdaStar, Manhattan, Puzzle, Search, Step};
//!
//! let puzzle = Puzzle::with_default_goal("8672543x1".parse::<Board>()?)?;
//! let h = Manhattan::new(puzzle.geometry(), puzzle.goal().blank());
//! let mut search = IdaStar::new(&puzzle, h)?;
//! let solution = loop {
//!     match search.step(Budget::nodes(10_000)) {
//!         Step::Found(s) => break s,
//!         Step::Paused => eprintln!("{} nodes so far", search.progress().nodes),
//!         Step::Finished => unreachable!("a solvable puzzle has a solution"),
//!     }
//! };
//! assert_eq!(solution.len(), 31);
//! assert_eq!(search.progress().found, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod board;
mod engine;
mod error;
mod hash;
mod heuristic;
mod pdb;
mod queue;
mod search;
mod solution;
mod split;
mod state;
#[cfg(feature = "svg")]
pub mod svg;
mod walking;

/// The family's vocabulary, from puzzle-search: budgets, the [`Search`] trait every engine
/// implements, and what a step returns.
pub use puzzle_search::{Budget, Limit, Search, Step};

pub use board::{Board, Direction, GoalConvention, MAX_CELLS, parse_size};
pub use engine::{AStar, Baseline, DEFAULT_MAX_STORED, Engine, IdaStar, Iteration};
pub use error::{MoveError, NameError, ParseError, PdbError, PuzzleError, SolveError, SplitError};
pub use heuristic::{Heuristic, LineMemo, LinearConflict, Manhattan, Zero};
pub use pdb::{BuildProgress, Partition, PatternDatabases, PatternDb, PdbMemo};
pub use queue::{BucketQueue, Entry, HeapQueue, PQLike};
pub use search::{HeuristicKind, Options, Outcome, Progress, Solver, solve};
pub use solution::{Solution, StepInfo, Steps};
pub use split::{Cut, CutDepth, MAX_PARTS, Part, Plan, Subtree, cut};
pub use state::{Geometry, Puzzle, State};
pub use walking::{WalkingDistance, WdMemo};
