//! The errors of this crate.

use std::path::PathBuf;

/// Why a [`Checkpoint`](crate::Checkpoint) cannot be read or does not fit.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CheckpointError {
    /// The text does not start with a checkpoint's first line.
    #[error("not a puzzle-search checkpoint (the first line is not `puzzle-search checkpoint N`)")]
    NotACheckpoint,
    /// A checkpoint of another envelope format.
    #[error("checkpoint format {found} is not supported (this build reads format {supported})")]
    Format {
        /// The format in the file.
        found: u32,
        /// The format this build reads.
        supported: u32,
    },
    /// The text ends inside the header.
    #[error("line {line}: the checkpoint ends before {what}")]
    Truncated {
        /// The line (from 1) that is missing.
        line: usize,
        /// What was expected there.
        what: &'static str,
    },
    /// A header line is malformed.
    #[error("line {line}: field `{key}`: {why}")]
    Field {
        /// The line (from 1).
        line: usize,
        /// The field expected there.
        key: &'static str,
        /// What is wrong.
        why: String,
    },
    /// The body is shorter (truncated) or longer than the header says.
    #[error(
        "the body has {found} bytes, the header says {expected}: the file is truncated or damaged"
    )]
    BodyLength {
        /// Bytes the header announces.
        expected: usize,
        /// Bytes present.
        found: usize,
    },
    /// The checksum does not match: the file was changed or damaged.
    #[error(
        "checksum mismatch (header {expected:016x}, contents {found:016x}): the file is damaged"
    )]
    Checksum {
        /// The checksum in the header.
        expected: u64,
        /// The checksum of what was read.
        found: u64,
    },
    /// The checkpoint belongs to another kind of search.
    #[error("the checkpoint is of kind `{found}`, expected `{expected}`")]
    Kind {
        /// The kind asked for.
        expected: String,
        /// The kind in the file.
        found: String,
    },
    /// The body is of another version of its kind.
    #[error("`{kind}` checkpoint version {found}, this build reads version {expected}")]
    Version {
        /// The kind.
        kind: String,
        /// The version this build reads.
        expected: u32,
        /// The version in the file.
        found: u32,
    },
    /// The checkpoint belongs to another puzzle.
    #[error(
        "the checkpoint belongs to another puzzle (fingerprint {found:016x}, this one {expected:016x})"
    )]
    Fingerprint {
        /// This puzzle's fingerprint.
        expected: u64,
        /// The fingerprint in the file.
        found: u64,
    },
    /// Reading or writing the file failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        #[source]
        source: std::io::Error,
    },
}
