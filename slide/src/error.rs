//! Typed errors: what was wrong and where. Every public error of the crate is here.

use std::path::PathBuf;

use thiserror::Error;

/// Why a board could not be read or built.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseError {
    /// The board size is outside 2x2..=5x5.
    #[error("unsupported board size {width}x{height}: each side must be between 2 and 5")]
    BadSize {
        /// Columns asked for.
        width: usize,
        /// Rows asked for.
        height: usize,
    },
    /// A size string like `4x4` could not be read.
    #[error("cannot read the board size {text:?}: expected WIDTHxHEIGHT such as 4x4")]
    BadSizeText {
        /// The text given.
        text: String,
    },
    /// A character that is neither a digit, a blank marker nor a separator.
    #[error("unexpected character {ch:?} at column {column}")]
    BadChar {
        /// 1-based character column in the input.
        column: usize,
        /// The character.
        ch: char,
    },
    /// A number too large to be any tile.
    #[error("number {text:?} at column {column} is too large to be a tile")]
    BadNumber {
        /// 1-based character column where the number starts.
        column: usize,
        /// The digits read.
        text: String,
    },
    /// The input holds the wrong number of tiles for the board size.
    #[error(
        "expected {expected} tiles (blank included) for a {width}x{height} board, found {found}"
    )]
    WrongCount {
        /// Tiles the size needs.
        expected: usize,
        /// Tiles found.
        found: usize,
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// The size could not be inferred from the number of tiles.
    #[error(
        "cannot infer the board size from {found} tiles (only 4, 9, 16 and 25 are square); give the size, e.g. 3x4"
    )]
    UnknownSize {
        /// Tiles found.
        found: usize,
    },
    /// A tile number too large for the board.
    #[error(
        "tile {tile} at row {row}, column {column} is out of range: a {width}x{height} board holds 0..={max}"
    )]
    OutOfRange {
        /// The tile number.
        tile: usize,
        /// 1-based row of the cell.
        row: usize,
        /// 1-based column of the cell.
        column: usize,
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// Largest allowed tile number.
        max: usize,
    },
    /// The same tile twice.
    #[error(
        "tile {tile} appears twice: at row {first_row}, column {first_column} and at row {row}, column {column}"
    )]
    Duplicate {
        /// The tile number (0 is the blank).
        tile: usize,
        /// 1-based row of the first occurrence.
        first_row: usize,
        /// 1-based column of the first occurrence.
        first_column: usize,
        /// 1-based row of the second occurrence.
        row: usize,
        /// 1-based column of the second occurrence.
        column: usize,
    },
}

/// Why a puzzle (start and goal) cannot be solved or set up.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum PuzzleError {
    /// Start and goal have different sizes.
    #[error("the start is {start_width}x{start_height} but the goal is {goal_width}x{goal_height}")]
    SizeMismatch {
        /// Start columns.
        start_width: usize,
        /// Start rows.
        start_height: usize,
        /// Goal columns.
        goal_width: usize,
        /// Goal rows.
        goal_height: usize,
    },
    /// The goal cannot be reached from the start.
    #[error("unsolvable: {explanation}")]
    Unsolvable {
        /// Why, in terms of inversion parity.
        explanation: String,
    },
    /// The chosen heuristic does not support this board.
    #[error("the {heuristic} heuristic does not support a {width}x{height} board")]
    Unsupported {
        /// Heuristic name.
        heuristic: String,
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// A [`cut`](crate::cut) at this depth would make more than
    /// [`MAX_PARTS`](crate::MAX_PARTS) parts.
    #[error(
        "cutting at depth {depth} makes more than {max_parts} parts (the limit on a cut's memory); cut shallower"
    )]
    TooManyParts {
        /// The depth asked for.
        depth: usize,
        /// The limit.
        max_parts: usize,
    },
}

/// Why a pattern database could not be loaded or saved.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum PdbError {
    /// Reading or writing the cache file failed.
    #[error("pattern database file {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        #[source]
        source: std::io::Error,
    },
    /// The cache file is damaged or belongs to another pattern.
    #[error("pattern database file {} is not valid: {reason}", path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What did not match.
        reason: &'static str,
    },
    /// The board or pattern is not supported.
    #[error("{0}")]
    Unsupported(String),
    /// The build was interrupted by the progress callback.
    #[error("pattern database build was interrupted")]
    Interrupted,
}

/// Why a move cannot be made on a [`State`](crate::State).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError {
    /// The cell is not on the board.
    #[error("cell {from} is off the board: it has cells 0..{cells}")]
    OffBoard {
        /// The cell asked for.
        from: usize,
        /// Cells on the board.
        cells: usize,
    },
    /// The cell is on the board but not next to the blank.
    #[error(
        "the tile at row {row}, column {column} (cell {from}) cannot slide: the blank is at row {blank_row}, column {blank_column}, not next to it"
    )]
    NotAdjacent {
        /// The cell asked for.
        from: usize,
        /// 1-based row of that cell.
        row: usize,
        /// 1-based column of that cell.
        column: usize,
        /// 1-based row of the blank.
        blank_row: usize,
        /// 1-based column of the blank.
        blank_column: usize,
    },
}

/// A name on the command line that is no engine or heuristic.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum NameError {
    /// Not an [`Engine`](crate::Engine) name.
    #[error("unknown engine {name:?}: use baseline, astar, astar-heap or idastar")]
    Engine {
        /// The name given.
        name: String,
    },
    /// Not a [`HeuristicKind`](crate::HeuristicKind) name.
    #[error(
        "unknown heuristic {name:?}: use manhattan, linear-conflict, walking-distance, pdb71, pdb663, pdb78, pdb6666 or pdb-small"
    )]
    Heuristic {
        /// The name given.
        name: String,
    },
}

/// Anything that can stop a run-time solve ([`Solver`](crate::Solver), [`solve`](crate::solve)).
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The puzzle or heuristic choice is wrong.
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    /// A pattern database could not be loaded or built.
    #[error(transparent)]
    Pdb(#[from] PdbError),
    /// The engine ended without a solution (cannot happen for a solvable puzzle).
    #[error("the search ended without a solution")]
    NoSolution,
}

/// Why a part of a cut IDA* iteration ([`Subtree`](crate::Subtree), [`Part`](crate::Part))
/// cannot be restored from its checkpoint, or a [`Plan`](crate::Plan) cannot be made.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum SplitError {
    /// The checkpoint envelope is damaged, foreign or of another version.
    #[error("part checkpoint: {0}")]
    Checkpoint(#[from] puzzle_search::CheckpointError),
    /// A line of the checkpoint's body is missing or malformed.
    #[error("part checkpoint, body line {line}: field `{key}`: {why}")]
    Field {
        /// The body line (from 1).
        line: usize,
        /// The field expected there.
        key: &'static str,
        /// What is wrong.
        why: String,
    },
    /// A board in the checkpoint cannot be read.
    #[error("part checkpoint, {which} board: {source}")]
    Board {
        /// `start` or `goal`.
        which: &'static str,
        /// The parse error.
        #[source]
        source: ParseError,
    },
    /// The saved path is not a path the search could be on.
    #[error("part checkpoint, move {step} of the path: {why}")]
    Path {
        /// The move (from 1).
        step: usize,
        /// What is wrong.
        why: String,
    },
    /// The checkpoint does not fit the search it is restored into.
    #[error("part checkpoint: {0}")]
    Mismatch(String),
    /// The puzzle or heuristic cannot be set up (unsolvable goal, tables that fail to load).
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// A heuristic name that is no [`HeuristicKind`](crate::HeuristicKind).
    #[error(transparent)]
    Name(#[from] NameError),
}

impl From<PuzzleError> for SplitError {
    fn from(e: PuzzleError) -> SplitError {
        SplitError::Solve(SolveError::Puzzle(e))
    }
}
