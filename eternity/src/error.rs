//! Typed errors: each says what was wrong and where.

use std::path::PathBuf;

use crate::instance::Side;

/// An instance that is not well formed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum InstanceError {
    /// Width or height is zero.
    #[error("board size {width}x{height} is empty")]
    EmptyBoard {
        /// Given width.
        width: usize,
        /// Given height.
        height: usize,
    },
    /// More cells than piece ids can number.
    #[error("board size {width}x{height} has more than 65535 cells")]
    TooLarge {
        /// Given width.
        width: usize,
        /// Given height.
        height: usize,
    },
    /// The piece count is not `width * height`.
    #[error("a {width}x{height} board needs {} pieces, got {pieces}", width * height)]
    PieceCount {
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
        /// Pieces given.
        pieces: usize,
    },
    /// A hint names a cell outside the board.
    #[error("hint {hint}: cell {cell} is outside the board ({cells} cells)")]
    HintCell {
        /// Index of the hint.
        hint: usize,
        /// The cell it names.
        cell: usize,
        /// Cells on the board.
        cells: usize,
    },
    /// A hint names a piece that does not exist.
    #[error("hint {hint}: piece {piece} does not exist ({pieces} pieces)")]
    HintPiece {
        /// Index of the hint.
        hint: usize,
        /// The piece it names.
        piece: usize,
        /// Pieces in the instance.
        pieces: usize,
    },
    /// Two hints pin the same cell.
    #[error("hints {first} and {second} both pin cell {cell}")]
    HintSameCell {
        /// Index of the first hint.
        first: usize,
        /// Index of the second hint.
        second: usize,
        /// The cell.
        cell: usize,
    },
    /// Two hints pin the same piece.
    #[error("hints {first} and {second} both pin piece {piece}")]
    HintSamePiece {
        /// Index of the first hint.
        first: usize,
        /// Index of the second hint.
        second: usize,
        /// The piece.
        piece: usize,
    },
    /// A hint contradicts the rim or another hint.
    #[error("hint {hint} at row {row}, col {col}: its {side:?} edge does not fit {with}")]
    HintConflict {
        /// Index of the hint.
        hint: usize,
        /// Row of its cell (0-based).
        row: usize,
        /// Column of its cell (0-based).
        col: usize,
        /// The side that does not fit.
        side: Side,
        /// What it contradicts, in words.
        with: String,
    },
}

/// A board file that could not be read: where, and what was wrong.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FormatError {
    /// The file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        #[source]
        source: std::io::Error,
    },
    /// The text is not valid in its format.
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What was wrong.
        message: String,
    },
    /// A field is missing or has a value outside its range.
    #[error("{}field `{field}`: {message}", at_line(*line))]
    Field {
        /// 1-based line, where the format tracks lines for fields.
        line: Option<usize>,
        /// The field, e.g. `pieces[17][2]` or `hint 3 rot`.
        field: String,
        /// What was wrong.
        message: String,
    },
    /// The file parsed but does not describe a well-formed instance.
    #[error("invalid instance: {0}")]
    Instance(#[from] InstanceError),
    /// The file's format is read by a cargo feature this build leaves out.
    #[error("{}: reading this format needs the `{feature}` feature of eternity-solver", path.display())]
    NeedsFeature {
        /// The file.
        path: PathBuf,
        /// The feature.
        feature: &'static str,
    },
}

fn at_line(line: Option<usize>) -> String {
    line.map(|l| format!("line {l}: ")).unwrap_or_default()
}

/// Why a saved search cannot be resumed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ResumeError {
    /// The checkpoint file is unreadable, truncated, damaged, of another kind of search or
    /// another version, or of another puzzle.
    #[error("checkpoint: {0}")]
    Checkpoint(#[from] puzzle_search::CheckpointError),
    /// The checkpoint's body is not a continuation.
    #[error("checkpoint body: {0}")]
    Body(#[source] FormatError),
    /// It was saved for another instance or fill order.
    #[error(
        "the saved state belongs to another puzzle or fill order (fingerprint {saved:016x}, this one {this:016x})"
    )]
    Fingerprint {
        /// Saved fingerprint.
        saved: u64,
        /// This instance's.
        this: u64,
    },
    /// The choice list is too short, too long or above the floor, or the counters disagree.
    #[error("{0}")]
    Shape(String),
    /// A recorded choice is not a legal placement.
    #[error("depth {depth}: choice {choice} cannot be placed: {why}")]
    Choice {
        /// Depth of the bad choice.
        depth: usize,
        /// The choice as `piece/rotation` (or its raw key).
        choice: String,
        /// Why.
        why: String,
    },
}

/// A custom fill order that does not list the open cells exactly once.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OrderError {
    /// A cell number past the board.
    #[error("fill order position {index}: cell {cell} is outside the board ({cells} cells)")]
    Outside {
        /// Position in the given list.
        index: usize,
        /// The cell.
        cell: usize,
        /// Cells on the board.
        cells: usize,
    },
    /// A cell that holds a hint.
    #[error("fill order position {index}: cell {cell} (row {row}, col {col}) holds a hint")]
    Hinted {
        /// Position in the given list.
        index: usize,
        /// The cell.
        cell: usize,
        /// Its row.
        row: usize,
        /// Its column.
        col: usize,
    },
    /// A cell listed a second time.
    #[error("fill order position {index}: cell {cell} (row {row}, col {col}) is listed twice")]
    Repeated {
        /// Position in the given list of the second listing.
        index: usize,
        /// The cell.
        cell: usize,
        /// Its row.
        row: usize,
        /// Its column.
        col: usize,
    },
    /// Open cells left out.
    #[error("{listed} cells listed, {open} open cells on the board")]
    Count {
        /// Cells listed.
        listed: usize,
        /// Open cells on the board.
        open: usize,
    },
}

/// A name that is not one of this crate's engines, fill orders or hint axes (from `FromStr`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[error("unknown {what} `{name}` (expected {expected})")]
pub struct ParseNameError {
    /// What was named: `engine`, `fill order` or `hint axis`.
    pub what: &'static str,
    /// The name given.
    pub name: String,
    /// The names accepted, in words.
    pub expected: &'static str,
}

/// Why a board is not a complete solution (see [`Board::verify_solution`](crate::Board::verify_solution)).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolutionError {
    /// The board and the instance differ in size.
    #[error("board is {width}x{height}, the instance {inst_width}x{inst_height}")]
    Size {
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
        /// Instance width.
        inst_width: usize,
        /// Instance height.
        inst_height: usize,
    },
    /// A cell is empty.
    #[error("row {row}, col {col} is empty")]
    Empty {
        /// Row (0-based).
        row: usize,
        /// Column (0-based).
        col: usize,
    },
    /// A cell holds a piece the instance does not have.
    #[error("row {row}, col {col}: no piece {piece}")]
    NoPiece {
        /// Row (0-based).
        row: usize,
        /// Column (0-based).
        col: usize,
        /// The piece.
        piece: usize,
    },
    /// A piece lies on two cells.
    #[error("row {row}, col {col}: piece {piece} is used twice")]
    Repeated {
        /// Row (0-based) of the second use.
        row: usize,
        /// Column (0-based) of the second use.
        col: usize,
        /// The piece.
        piece: usize,
    },
    /// A placement breaks the legality rule.
    #[error(
        "row {row}, col {col}: piece {piece} rotation {rotation} does not fit on its {side:?} side"
    )]
    Misfit {
        /// Row (0-based).
        row: usize,
        /// Column (0-based).
        col: usize,
        /// The piece.
        piece: usize,
        /// Its rotation (quarter turns).
        rotation: u8,
        /// The first side (up, right, down, left) that breaks the rule.
        side: Side,
    },
    /// A hint is not respected.
    #[error("row {row}, col {col}: hint piece {piece} rotation {rotation} is not there")]
    Hint {
        /// Row (0-based).
        row: usize,
        /// Column (0-based).
        col: usize,
        /// The hinted piece.
        piece: usize,
        /// Its rotation (quarter turns).
        rotation: u8,
    },
}
