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
#[non_exhaustive]
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

/// A board as the generated programs print it could not be read.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseBoardError {
    /// A cell is neither `piece/rotation` (rotation 0 to 3) nor `-`.
    #[error("cell {cell}: `{token}` is not piece/rotation or `-`")]
    Cell {
        /// The cell (row-major, from 0).
        cell: usize,
        /// What stood there.
        token: String,
    },
    /// The number of cells does not fit the board.
    #[error("{cells} cells for a {width}x{height} board")]
    Size {
        /// Cells read.
        cells: usize,
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
}

/// Running a generated program failed.
#[derive(Debug, Error)]
#[non_exhaustive]
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
        /// The board on the line that could not be read, where that is what is wrong.
        #[source]
        source: Option<ParseBoardError>,
    },
    /// The program ended without its summary line, or with a failure status.
    #[error("the program exited ({status}) without a result; stderr:\n{stderr}")]
    Exited {
        /// Its exit status.
        status: String,
        /// Its standard error.
        stderr: String,
    },
    /// Talking to the program or waiting for it failed.
    #[error("I/O error while running the program: {0}")]
    Io(#[from] std::io::Error),
    /// The program said nothing for [`SILENCE_GRACE`](crate::SILENCE_GRACE) past its time
    /// budget (a hung or stopped process); it was killed.
    #[error("the program went silent past its time budget (by {} s) and was stopped", crate::SILENCE_GRACE.as_secs())]
    Unresponsive,
}

/// A `build.rs` helper failed.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum BuildError {
    /// `OUT_DIR` is not set: the helper was not called from a build script.
    #[error("OUT_DIR is not set; call this from a build script or use `generate_into`")]
    NoOutDir,
    /// The puzzle file could not be read or parsed.
    #[error("cannot read the puzzle {}: {source}", path.display())]
    Format {
        /// The puzzle file.
        path: PathBuf,
        /// What is wrong with it.
        #[source]
        source: eternity_solver::FormatError,
    },
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
#[non_exhaustive]
pub enum Error {
    /// Compiling failed.
    #[error(transparent)]
    Compile(#[from] CompileError),
    /// Running failed.
    #[error(transparent)]
    Run(#[from] RunError),
}

#[cfg(test)]
mod tests {
    use std::error::Error as _;

    use super::*;

    #[test]
    fn sources_chain() {
        let bad = ParseBoardError::Cell {
            cell: 3,
            token: "x/9".into(),
        };
        let e = RunError::Malformed {
            line: 7,
            text: "solution x/9".into(),
            reason: "bad board".into(),
            source: Some(bad.clone()),
        };
        assert!(e.to_string().starts_with("output line 7"));
        assert_eq!(e.source().unwrap().to_string(), bad.to_string());
        assert!(bad.to_string().contains("cell 3"));
        let io = RunError::from(std::io::Error::other("pipe"));
        assert!(io.source().is_some());
    }
}
