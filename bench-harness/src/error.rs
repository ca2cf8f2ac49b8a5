//! The harness's one error type: what went wrong, with the typed cause kept as the
//! [`source`](std::error::Error::source) where there is one.
//!
//! Each variant's `Display` says what the harness was doing; the cause's own message comes
//! from its `source()`. [`HarnessError::chain`] joins the two (and any deeper causes) into
//! the one line `compare` prints and the eternity table shows in its `note` column.

use std::error::Error;
use std::path::{Path, PathBuf};
use std::process::ExitStatus;

use crate::eternity_c::BoardError;

/// A boxed cause: a solver's or a format's own typed error.
pub type BoxError = Box<dyn Error + Send + Sync + 'static>;

/// The harness's results.
pub type Result<T> = std::result::Result<T, HarnessError>;

/// What went wrong in a suite, a bench or a test of the harness.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum HarnessError {
    /// A suite argument is unknown, missing its value, or malformed.
    #[error("{0}")]
    Usage(String),
    /// A file of `testdata/` or of a cache could not be read or written.
    #[error("{}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A solver or a format refused an instance (or a file's contents); `what` names it.
    #[error("{what}")]
    Input {
        /// What was refused.
        what: String,
        /// The crate's own error.
        #[source]
        source: BoxError,
    },
    /// A file holds something the harness cannot read, with no typed error to quote.
    #[error("{0}")]
    Data(String),
    /// Engines disagree, or an answer is wrong: the comparison is void.
    #[error("{0}")]
    Mismatch(String),
    /// A solver's own error, passed on as it is.
    #[error(transparent)]
    Solver(BoxError),
    /// A board cannot be expressed for the C engines.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// No usable C compiler; `what` says what was tried.
    #[error("no usable C compiler ({what}); install gcc or clang, or set CC")]
    NoCompiler {
        /// What was tried and how it failed.
        what: String,
        /// The cause, where there is one.
        #[source]
        source: Option<BoxError>,
    },
    /// The C compiler rejected a source.
    #[error("the C compiler rejected `{name}`:\n{stderr}")]
    Compile {
        /// Which engine.
        name: String,
        /// The compiler's diagnostics (truncated).
        stderr: String,
    },
    /// A command could not be started (missing program, no permission).
    #[error("cannot run `{command}`")]
    Spawn {
        /// The command line.
        command: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A command exited with a failure status.
    #[error("`{command}` failed ({status}); its stderr ends:\n{stderr}")]
    Failed {
        /// The command line.
        command: String,
        /// Its exit status.
        status: ExitStatus,
        /// The end of its stderr.
        stderr: String,
    },
    /// A command ran but printed no result the harness can read.
    #[error("`{command}` printed no result: expected {expected}; its stdout ends:\n{stdout}")]
    NoResult {
        /// The command line.
        command: String,
        /// What was looked for.
        expected: String,
        /// The end of its stdout.
        stdout: String,
    },
    /// An engine's node count disagrees with the oracle: its rate is refused.
    #[error(
        "{engine} on {board}: {got} nodes, the oracle says {expected}; \
         no rate is shown for an engine that searches a different tree"
    )]
    CountMismatch {
        /// Which engine.
        engine: String,
        /// Which board.
        board: String,
        /// The oracle's count.
        expected: u64,
        /// The engine's count.
        got: u64,
    },
    /// A program failed or ended in a way the harness cannot use; `what` says which and how.
    #[error("{what}")]
    External {
        /// The program and what happened.
        what: String,
        /// The cause, where there is one.
        #[source]
        source: Option<BoxError>,
    },
    /// A row of the eternity table did not run on a board; `notes` are the row's notes.
    #[error("{row} on {board}: {notes}")]
    Row {
        /// The row.
        row: String,
        /// The board.
        board: String,
        /// Its notes, errors included.
        notes: String,
        /// The first error the row reported.
        #[source]
        source: Option<Box<HarnessError>>,
    },
    /// Nothing was measured where a figure was needed.
    #[error("{0}")]
    NotMeasured(String),
}

impl HarnessError {
    /// A bad suite argument.
    pub fn usage(msg: impl Into<String>) -> HarnessError {
        HarnessError::Usage(msg.into())
    }

    /// A file that could not be read or written.
    pub fn io(path: impl AsRef<Path>, source: std::io::Error) -> HarnessError {
        HarnessError::Io {
            path: path.as_ref().to_path_buf(),
            source,
        }
    }

    /// `what` was refused by a solver or a format, with its error.
    pub fn input(what: impl Into<String>, source: impl Into<BoxError>) -> HarnessError {
        HarnessError::Input {
            what: what.into(),
            source: source.into(),
        }
    }

    /// Unreadable contents with no typed error.
    pub fn data(msg: impl Into<String>) -> HarnessError {
        HarnessError::Data(msg.into())
    }

    /// Engines disagree, or an answer is wrong.
    pub fn mismatch(msg: impl Into<String>) -> HarnessError {
        HarnessError::Mismatch(msg.into())
    }

    /// A solver's own error, unchanged.
    pub fn solver(source: impl Into<BoxError>) -> HarnessError {
        HarnessError::Solver(source.into())
    }

    /// A program failed; no cause to quote beyond `what`.
    pub fn external(what: impl Into<String>) -> HarnessError {
        HarnessError::External {
            what: what.into(),
            source: None,
        }
    }

    /// Nothing was measured.
    pub fn not_measured(msg: impl Into<String>) -> HarnessError {
        HarnessError::NotMeasured(msg.into())
    }

    /// The message and every cause that adds to it, joined by `: ` on one line (as
    /// `compare` prints it).
    pub fn chain(&self) -> String {
        chain(self)
    }
}

/// `e`'s message followed by each [`source`](Error::source) whose message is not already
/// part of what came before, joined by `: `.
pub fn chain(e: &(dyn Error + 'static)) -> String {
    let mut out = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        let text = c.to_string();
        if !text.is_empty() && !out.contains(&text) {
            out.push_str(": ");
            out.push_str(&text);
        }
        cause = c.source();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chain_adds_causes_once() {
        let e = HarnessError::io(
            "/x/y.json",
            std::io::Error::new(std::io::ErrorKind::NotFound, "no such file"),
        );
        assert_eq!(e.to_string(), "/x/y.json");
        assert_eq!(e.chain(), "/x/y.json: no such file");
        let row = HarnessError::Row {
            row: "c-table".into(),
            board: "h52".into(),
            notes: format!("error: {}", e.chain()),
            source: Some(Box::new(e)),
        };
        assert_eq!(
            row.chain(),
            "c-table on h52: error: /x/y.json: no such file"
        );
        let s = HarnessError::solver(std::io::Error::other("bad"));
        assert_eq!(s.chain(), "bad");
    }
}
