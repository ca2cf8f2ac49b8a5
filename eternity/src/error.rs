//! Typed errors: each says what was wrong and where.

use std::path::PathBuf;

use crate::instance::Side;

/// An instance that is not well formed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
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
}

fn at_line(line: Option<usize>) -> String {
    line.map(|l| format!("line {l}: ")).unwrap_or_default()
}
