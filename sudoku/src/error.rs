//! The public error types of the crate: what went wrong, and where (puzzle, line, column,
//! cell, file).

use std::path::PathBuf;

use thiserror::Error;

use crate::grid::Unit;

/// Two givens that break the rule: the same digit twice in a row, column or box (from
/// [`Grid::clash`](crate::Grid::clash)). Rows and columns in the message count from 1.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
#[error(
    "the {digit} at row {}, column {} clashes with the {digit} at row {}, column {} (same {unit})",
    second / 9 + 1,
    second % 9 + 1,
    first / 9 + 1,
    first % 9 + 1
)]
pub struct Clash {
    /// The repeated digit.
    pub digit: u8,
    /// The first cell holding it (row-major index).
    pub first: usize,
    /// The second cell holding it (row-major index), after `first`.
    pub second: usize,
    /// The unit they share.
    pub unit: Unit,
}

/// A format name that is neither `grid` nor `line` (from `str::parse::<Format>`).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
#[error("unknown format `{name}` (expected `line` or `grid`)")]
pub struct UnknownFormat {
    /// The name given.
    pub name: String,
}

/// What was wrong with a puzzle text, and where (puzzle number, line and column count from 1).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseError {
    /// A line has the wrong number of characters.
    #[error("puzzle {puzzle}, line {line}: expected {expected} characters, found {found}")]
    WrongLength {
        /// Puzzle number.
        puzzle: usize,
        /// Line number in the input.
        line: usize,
        /// Characters expected.
        expected: usize,
        /// Characters found.
        found: usize,
    },
    /// A character that has no place there.
    #[error(
        "puzzle {puzzle}, line {line}, column {column}: unexpected {found:?}, expected {expected}"
    )]
    BadChar {
        /// Puzzle number.
        puzzle: usize,
        /// Line number in the input.
        line: usize,
        /// Column (in characters) in that line.
        column: usize,
        /// The character found.
        found: char,
        /// What belongs there.
        expected: &'static str,
    },
    /// The input ends in the middle of a grid.
    #[error("puzzle {puzzle}, line {line}: the grid ends after {rows} of 9 rows")]
    Truncated {
        /// Puzzle number.
        puzzle: usize,
        /// The line after the last row read.
        line: usize,
        /// Rows read.
        rows: usize,
    },
    /// Grids not separated by an empty line.
    #[error("puzzle {puzzle}, line {line}: expected an empty line between grids")]
    MissingSeparator {
        /// Number of the puzzle that should start after the empty line.
        puzzle: usize,
        /// Line number in the input.
        line: usize,
    },
    /// Two givens break the rule (only from the strict readers).
    #[error(
        "puzzle {puzzle}: the {digit} at line {line}, column {column} clashes with the {digit} at line {other_line}, column {other_column} (same {unit})"
    )]
    Clash {
        /// Puzzle number.
        puzzle: usize,
        /// The repeated digit.
        digit: u8,
        /// Line of the later given.
        line: usize,
        /// Column of the later given.
        column: usize,
        /// Line of the earlier given.
        other_line: usize,
        /// Column of the earlier given.
        other_column: usize,
        /// The unit both are in.
        unit: Unit,
    },
    /// No puzzle in the input (one was required).
    #[error("no puzzle found in the input")]
    Empty,
    /// More than one puzzle where exactly one was required.
    #[error("expected one puzzle, found more (line {line})")]
    TooMany {
        /// Line where the second puzzle starts.
        line: usize,
    },
}

/// What was wrong with a generation request.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum GenerateError {
    /// The top-left digit is not 1-9.
    #[error("the top-left digit must be 1-9, got {0}")]
    BadDigit(u8),
    /// More finals than exist for one top-left digit.
    #[error("at most {max} distinct finals exist per top-left digit, {asked} were asked for")]
    TooMany {
        /// The count asked for.
        asked: u64,
        /// [`MAX_FINALS`](crate::generate::MAX_FINALS).
        max: u64,
    },
}

/// What went wrong while reading, generating or writing a file.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum FileError {
    /// The operating system refused (missing file, no permission, full disk...).
    #[error("{path}: {source}")]
    Io {
        /// The file concerned.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// A puzzle in the input is malformed.
    #[error("{path}: {source}")]
    Parse {
        /// The input file.
        path: PathBuf,
        /// Where and what.
        #[source]
        source: ParseError,
    },
    /// The input holds no puzzle.
    #[error("{0}: no puzzle found")]
    Empty(PathBuf),
    /// The input file is larger than [`MAX_INPUT_BYTES`](crate::io::MAX_INPUT_BYTES): refused
    /// before it is read, since solving it would hold all of it (and its grids) in memory.
    #[error("{path}: {bytes} bytes, more than the {max} a puzzle file may have")]
    TooLarge {
        /// The input file.
        path: PathBuf,
        /// Its size.
        bytes: u64,
        /// The limit.
        max: u64,
    },
    /// The generation request is impossible.
    #[error(transparent)]
    Generate(#[from] GenerateError),
    /// Writing the output failed (a writer that is not a file).
    #[error("writing the output: {0}")]
    Write(#[source] std::io::Error),
    /// The caller stopped the run (see [`solve_file_watched`](crate::io::solve_file_watched))
    /// after `puzzles` puzzles; the output was not replaced.
    #[error("{path}: stopped after {puzzles} puzzles, the output left as it was")]
    Stopped {
        /// The input file.
        path: PathBuf,
        /// Puzzles solved before the run stopped.
        puzzles: usize,
    },
    /// The thread pool for `threads > 1` could not start.
    #[error("cannot start {threads} solving threads: {source}")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// Why not.
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
}

#[cfg(test)]
mod tests {
    use std::error::Error as _;

    use super::*;
    use crate::grid::Grid;

    #[test]
    fn messages_say_where_and_sources_chain() {
        let mut g = Grid::EMPTY;
        g.set(0, 5).unwrap();
        g.set(9, 5).unwrap();
        let clash = g.clash().unwrap();
        assert_eq!(
            clash.to_string(),
            "the 5 at row 2, column 1 clashes with the 5 at row 1, column 1 (same column 1)"
        );
        let unknown = "csv".parse::<crate::parse::Format>().unwrap_err();
        assert_eq!(
            unknown.to_string(),
            "unknown format `csv` (expected `line` or `grid`)"
        );

        let parse = "12".parse::<Grid>().unwrap_err();
        let file = FileError::Parse {
            path: PathBuf::from("in.txt"),
            source: parse.clone(),
        };
        assert_eq!(
            file.to_string(),
            "in.txt: puzzle 1, line 1: expected 81 characters, found 2"
        );
        let source = file.source().unwrap().downcast_ref::<ParseError>();
        assert_eq!(source, Some(&parse));

        let write = FileError::Write(std::io::Error::other("disk full"));
        assert!(write.source().unwrap().is::<std::io::Error>());
        let generate = FileError::from(GenerateError::BadDigit(0));
        assert_eq!(
            generate.to_string(),
            "the top-left digit must be 1-9, got 0"
        );
        let threads = FileError::Threads {
            threads: 4,
            source: "no threads here".into(),
        };
        assert_eq!(threads.source().unwrap().to_string(), "no threads here");
    }
}
