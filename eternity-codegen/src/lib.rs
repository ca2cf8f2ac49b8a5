//! # eternity-codegen
//!
//! Puzzle-specialised Eternity II solvers, generated as safe Rust and compiled by rustc.
//!
//! The fastest edge-matching backtrackers are not general engines but programs written for one
//! puzzle: neighbour addresses, rim rules and candidate lists become constants, and each cell
//! of the fill order becomes its own straight-line block of code. This crate writes such a
//! program for any [`eternity_solver::Instance`], compiles it with the rustc on the machine
//! (cached, so the second run of a puzzle starts at once), runs it, and reads its result back.
//!
//! The generated search walks exactly the tree of `eternity-solver`'s engines: same fill
//! order, same candidate order (piece ascending, rotation ascending, symmetric duplicates
//! removed), one node per committed placement, pins not counted. Node counts are therefore
//! identical, which the tests check against the published oracles.
//!
//! ## API
//! - [`emit_program`]: the source of a stand-alone program (`#![forbid(unsafe_code)]`, no
//!   dependencies); [`emit_module`]: the same solver as items for `include!`.
//! - [`Compiler`] / [`compile`]: rustc from `$RUSTC` or `PATH`, `-C opt-level=3 -C
//!   codegen-units=1 -C panic=abort`, a cache keyed by a stable hash of source, rustc version
//!   and flags.
//! - [`Running`]: a started program as a [`Search`] continuation: step it with any
//!   [`Budget`] and it finds the same solutions with the same node counts as the in-process
//!   engines, however it is stepped. [`run`]: the whole run at full speed, as an [`Outcome`].
//! - [`Program`]: all three in one value.
//! - [`build`]: a helper for a downstream `build.rs` that bakes a puzzle in at build time.
//!
//! ## Example
//! A 2x2 board of four corner pieces (it has four solutions: one board, turned), compiled,
//! then stepped two nodes at a time:
//! ```
//! use eternity_codegen::{Budget, Compiler, EmitOptions, Program, RunOptions, Search, Step};
//! use eternity_solver::{Instance, Piece};
//!
//! let pieces = vec![
//!     Piece::new([0, 1, 2, 0]),
//!     Piece::new([0, 0, 3, 1]),
//!     Piece::new([2, 4, 0, 0]),
//!     Piece::new([3, 0, 0, 4]),
//! ];
//! let inst = Instance::new(2, 2, pieces, vec![])?;
//! // `Program::build` caches compiled programs in the user's cache directory; this one
//! // keeps its cache in a folder of its own.
//! let compiler = Compiler::new().cache_dir(std::env::temp_dir().join("codegen-doc-example"));
//! let program = Program::build_with(&compiler, &inst, &EmitOptions::default())?;
//!
//! let mut running = program.spawn(&RunOptions::default())?;
//! let mut solutions = Vec::new();
//! loop {
//!     match running.step(Budget::nodes(2)) {
//!         Step::Found(board) => solutions.push(board),
//!         Step::Paused => {} // redraw, save, look at running.progress()...
//!         Step::Finished => break,
//!     }
//! }
//! assert!(running.error().is_none());
//! assert_eq!(solutions.len(), 4);
//! solutions[0].verify_solution(&inst)?;
//!
//! // The whole run at once, with no round trips: the same tree.
//! let outcome = program.run(&RunOptions::default())?;
//! assert_eq!(outcome.nodes, running.progress().nodes);
//! assert_eq!(outcome.solutions, 4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Emitting alone needs no compiler:
//! ```
//! use eternity_codegen::{EmitOptions, emit_program};
//! use eternity_solver::{Instance, Piece};
//!
//! let pieces = vec![
//!     Piece::new([0, 1, 2, 0]),
//!     Piece::new([0, 0, 3, 1]),
//!     Piece::new([2, 4, 0, 0]),
//!     Piece::new([3, 0, 0, 4]),
//! ];
//! let inst = Instance::new(2, 2, pieces, vec![])?;
//! let source = emit_program(&inst, &EmitOptions::default());
//! assert!(source.contains("#![forbid(unsafe_code)]"));
//! assert!(source.contains("fn main()"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod build;
mod compile;
mod emit;
mod error;
mod hash;
mod lookahead;
mod options;
mod plan;
mod program;
mod run;
mod search;

/// The family's vocabulary, from puzzle-search: a [`Running`] program is a [`Search`], stepped
/// with a [`Budget`] (or any [`Limit`]) and answering a [`Step`].
pub use puzzle_search::{Budget, Limit, Search, Step};

pub use compile::{Compiled, Compiler, RUSTC_FLAGS, compile};
pub use error::{BuildError, CompileError, Error, GroupError, ParseBoardError, RunError};
pub use options::{EmitOptions, Group};
pub use program::{Program, emit_module, emit_program};
pub use run::{Outcome, RunOptions, SILENCE_GRACE, Status, parse_board, run};
pub use search::{Progress, Running};
