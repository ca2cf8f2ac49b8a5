//! Typed errors: what went wrong and where.

use std::path::PathBuf;

use thiserror::Error;

/// A group size outside 1..=8.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
#[error("group size {requested} is out of range: cells per function must be 1 to 8")]
pub struct GroupError {
    /// The size asked for.
    pub requested: usize,
}

/// Compiling a generated program failed.
#[derive(Debug, Error)]
pub enum CompileError {
    /// No rustc could be run: `$RUSTC` names something that does not run, or there is no
    /// `rustc` on `PATH`.
    #[error("rustc not found: tried `{tried}` ({reason}); set $RUSTC or put rustc on PATH")]
    RustcMissing {
        /// What was tried (the value of `$RUSTC`, or `rustc` looked up on `PATH`).
        tried: String,
        /// Why it did not work.
        reason: String,
    },
    /// rustc ran and rejected the program.
    #[error("rustc failed ({status}) on {}:\n{stderr}", source_path.display())]
    Failed {
        /// rustc's exit status.
        status: String,
        /// rustc's complete standard error.
        stderr: String,
        /// The source file, kept for inspection.
        source_path: PathBuf,
    },
    /// Reading or writing the cache failed.
    #[error("I/O error at {}: {source}", path.display())]
    Io {
        /// The file or directory involved.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
}

/// Running a generated program failed.
#[derive(Debug, Error)]
pub enum RunError {
    /// The program could not be started.
    #[error("could not start {}: {source}", path.display())]
    Spawn {
        /// The binary.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// The program printed a line this crate does not understand.
    #[error("output line {line}: {reason}: `{text}`")]
    Malformed {
        /// 1-based line number in the program's standard output.
        line: usize,
        /// The line.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The program ended without its summary line, or with a failure status.
    #[error("the program exited ({status}) without a result; stderr:\n{stderr}")]
    Exited {
        /// Its exit status.
        status: String,
        /// Its standard error.
        stderr: String,
    },
    /// Waiting for the program failed.
    #[error("I/O error while running the program: {0}")]
    Io(#[from] std::io::Error),
}

/// A `build.rs` helper failed.
#[derive(Debug, Error)]
pub enum BuildError {
    /// `OUT_DIR` is not set: the helper was not called from a build script.
    #[error("OUT_DIR is not set; call this from a build script or use `generate_into`")]
    NoOutDir,
    /// The puzzle file could not be read or parsed.
    #[error(transparent)]
    Format(#[from] eternity_solver::FormatError),
    /// Writing the generated file failed.
    #[error("I/O error at {}: {source}", path.display())]
    Io {
        /// The file involved.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
}

/// Either step of building and running a specialised solver.
#[derive(Debug, Error)]
pub enum Error {
    /// Compiling failed.
    #[error(transparent)]
    Compile(#[from] CompileError),
    /// Running failed.
    #[error(transparent)]
    Run(#[from] RunError),
}
