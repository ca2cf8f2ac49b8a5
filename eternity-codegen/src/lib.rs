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
//! - [`Running`] / [`run`]: start the program, follow its progress with
//!   [`Running::step`] (the same `Found` / `Paused` / `Finished` shape as the in-process
//!   engines), and get an [`Outcome`].
//! - [`Program`]: all three in one value.
//! - [`build`]: a helper for a downstream `build.rs` that bakes a puzzle in at build time.
//!
//! ## Example
//! ```no_run
//! use eternity_codegen::{EmitOptions, Group, Program, RunOptions};
//! use eternity_solver::format::json;
//!
//! let inst = json::read("testdata/eternity/oracles/bench-easy-h52.json")?;
//! let program = Program::build(&inst, &EmitOptions::default().group(Group::new(4)?))?;
//! let outcome = program.run(&RunOptions::default())?;
//! assert_eq!(outcome.nodes, 151_512);
//! assert_eq!(outcome.solutions, 1);
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
mod options;
mod plan;
mod run;

use std::path::{Path, PathBuf};

use eternity_solver::{FillOrder, Instance};

pub use compile::{Compiled, Compiler, RUSTC_FLAGS, compile};
pub use error::{BuildError, CompileError, Error, GroupError, RunError};
pub use options::{EmitOptions, Group};
pub use run::{Outcome, Progress, RunOptions, Running, Status, Step, parse_board, run};

fn spec(inst: &Instance, opts: &EmitOptions) -> plan::Spec {
    let order = FillOrder::new(inst, opts.order);
    plan::Spec {
        name: inst.name().to_string(),
        width: inst.width(),
        height: inst.height(),
        pieces: inst.pieces().iter().map(|p| p.edges).collect(),
        hints: inst
            .hints()
            .iter()
            .map(|h| (h.cell, h.piece, h.rotation.quarter_turns()))
            .collect(),
        order: order.cells().to_vec(),
        tight: opts.tight_tables,
    }
}

/// The source of a stand-alone solver program for `inst`: no dependencies,
/// `#![forbid(unsafe_code)]`, pieces, tables, pins and fill order as constants, and a `main`
/// that prints progress, solutions and a summary line (see [`run`] for the format).
pub fn emit_program(inst: &Instance, options: &EmitOptions) -> String {
    emit::program(&spec(inst, options), options)
}

/// The same solver as items for `include!` inside a module: `Config`, `Event`, `Status`,
/// `Report`, `Board`, `solve` and `board_text` (see [`build`]).
pub fn emit_module(inst: &Instance, options: &EmitOptions) -> String {
    emit::module(&spec(inst, options), options)
}

/// A compiled solver for one instance, ready to run any number of times.
#[derive(Clone, Debug)]
pub struct Program {
    compiled: Compiled,
    width: usize,
    height: usize,
}

impl Program {
    /// Emits and compiles (or finds in the cache) the solver for `inst` with the default
    /// [`Compiler`].
    pub fn build(inst: &Instance, options: &EmitOptions) -> Result<Program, CompileError> {
        Program::build_with(&Compiler::new(), inst, options)
    }

    /// Like [`Program::build`] with a chosen compiler.
    pub fn build_with(
        compiler: &Compiler,
        inst: &Instance,
        options: &EmitOptions,
    ) -> Result<Program, CompileError> {
        let source = emit_program(inst, options);
        Ok(Program {
            compiled: compiler.compile(&source)?,
            width: inst.width(),
            height: inst.height(),
        })
    }

    /// What the compile step did (binary, kept source, cache hit, warnings, time).
    pub fn compiled(&self) -> &Compiled {
        &self.compiled
    }

    /// The executable.
    pub fn binary(&self) -> &Path {
        &self.compiled.binary
    }

    /// The source the binary was built from.
    pub fn source(&self) -> PathBuf {
        self.compiled.source.clone()
    }

    /// Starts a run; follow it with [`Running::step`].
    pub fn spawn(&self, options: &RunOptions) -> Result<Running, RunError> {
        Running::spawn(&self.compiled.binary, self.width, self.height, options)
    }

    /// Runs to the end.
    pub fn run(&self, options: &RunOptions) -> Result<Outcome, RunError> {
        self.spawn(options)?.wait()
    }
}
