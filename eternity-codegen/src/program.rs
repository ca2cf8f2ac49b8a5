//! Emitting, compiling and running in one value, and the puzzle reduced to what the emitter
//! needs.

use std::path::{Path, PathBuf};

use eternity_solver::Instance;

use crate::compile::{Compiled, Compiler};
use crate::error::{CompileError, RunError};
use crate::options::EmitOptions;
use crate::plan;
use crate::run::{Outcome, RunOptions};
use crate::search::Running;

fn spec(inst: &Instance, opts: &EmitOptions) -> plan::Spec {
    plan::Spec::new(inst, opts.order, opts.tight_tables)
}

/// The source of a stand-alone solver program for `inst`: no dependencies,
/// `#![forbid(unsafe_code)]`, pieces, tables, pins and fill order as constants, and a `main`
/// that prints progress, solutions and a summary line (see [`run`](crate::run) for the
/// format).
pub fn emit_program(inst: &Instance, options: &EmitOptions) -> String {
    crate::emit::program(&spec(inst, options), options)
}

/// The same solver as items for `include!` inside a module: `Config`, `Event`, `Status`,
/// `Report`, `Board`, `solve` and `board_text` (see [`build`](crate::build)).
pub fn emit_module(inst: &Instance, options: &EmitOptions) -> String {
    crate::emit::module(&spec(inst, options), options)
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

    /// Starts a run to drive as a [`Search`](puzzle_search::Search): it waits for its first
    /// step.
    pub fn spawn(&self, options: &RunOptions) -> Result<Running, RunError> {
        Running::spawn(&self.compiled.binary, self.width, self.height, options)
    }

    /// Runs to the end at full speed, with no round trips (see [`run`](crate::run)).
    pub fn run(&self, options: &RunOptions) -> Result<Outcome, RunError> {
        crate::run::run(&self.compiled.binary, self.width, self.height, options)
    }
}
