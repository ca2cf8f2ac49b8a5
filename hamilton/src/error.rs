//! The public errors of this crate: a board's text that does not parse, a sequence of cells
//! that is not a path, a board without a path (and why), a board too wide to count. Every
//! message says what and where (line and column, from 1).

use crate::grid::Pos;
use crate::proof::Parity;

/// What was wrong with a board's text; every position is given as line and column (from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// The board has no start tile `X` (use [`Grid::parse_any_start`](crate::Grid::parse_any_start) to accept that).
    #[error("no start tile `X` on the board")]
    NoStart,
    /// More than one start tile.
    #[error("two start tiles `X`: at {first} and at {second}")]
    TwoStarts {
        /// The first one, in reading order.
        first: Pos,
        /// The second one.
        second: Pos,
    },
    /// More than one end marker.
    #[error("two end tiles `E`: at {first} and at {second}")]
    TwoEnds {
        /// The first one, in reading order.
        first: Pos,
        /// The second one.
        second: Pos,
    },
    /// A character that is not `x`, `X`, `E` or a space.
    #[error("unknown character {ch:?} at {at} (expected `x` tile, `X` start, `E` end or a space)")]
    UnknownChar {
        /// The character.
        ch: char,
        /// Where it is.
        at: Pos,
    },
    /// No tile at all.
    #[error("the board has no tiles")]
    NoTiles,
    /// Some tile cannot be reached from the others by steps up, down, left or right.
    #[error("the tile at {tile} cannot be reached from the tile at {from}")]
    Disconnected {
        /// A tile in another piece of the board.
        tile: Pos,
        /// The first tile of the board, in reading order.
        from: Pos,
    },
    /// More tiles than [`MAX_TILES`](crate::MAX_TILES).
    #[error("the board has {tiles} tiles; at most {max} are supported", max = crate::MAX_TILES)]
    TooLarge {
        /// Number of tiles found.
        tiles: usize,
    },
    /// The text spans more cells (longest line times lines) than
    /// [`MAX_CELLS`](crate::MAX_CELLS): refused before the board is laid out.
    #[error("the board spans {width} x {height} cells; at most {max} are supported", max = crate::MAX_CELLS)]
    TooWide {
        /// Length of the longest line.
        width: usize,
        /// Number of lines.
        height: usize,
    },
}

/// Why a sequence of cells is not a solution of a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PathError {
    /// A cell is a gap or off the board.
    #[error("{0} is not a tile")]
    NotATile(Pos),
    /// Two consecutive cells are not neighbours.
    #[error("{0} and {1} are not neighbours")]
    NotAdjacent(Pos, Pos),
    /// A tile is visited twice.
    #[error("{0} is visited twice")]
    Revisited(Pos),
    /// The path misses tiles.
    #[error("the path visits {visited} of {tiles} tiles")]
    Incomplete {
        /// Tiles visited.
        visited: usize,
        /// Tiles on the board.
        tiles: usize,
    },
    /// The path does not begin at the board's start or end at its end tile.
    #[error("the path must run from the start tile to the end tile")]
    WrongEnds,
}

/// Why a board has no path from its start through every tile.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Impossible {
    /// A path alternates chessboard colours, so the colour counts must differ by at most one,
    /// and the start (and the end) must have the right colour.
    #[error("{0}")]
    Parity(Parity),
    /// Without the tile `cut` the other tiles fall into `pieces` pieces; a path through `cut`
    /// can join at most two (one if `cut` is the start or end).
    #[error("removing the tile at {cut} leaves {pieces} separate pieces; a path cannot cover them")]
    Disconnected {
        /// The cut tile.
        cut: Pos,
        /// How many pieces the rest falls into.
        pieces: usize,
    },
    /// Tiles with a single neighbour must be ends of the path; a path has two ends, one of
    /// them the start.
    #[error("{} tiles other than the start have a single neighbour (first at {}); a path has only one free end", .cells.len(), .cells[0])]
    DeadEnds {
        /// The dead-end tiles (not counting the start).
        cells: Vec<Pos>,
    },
    /// The search tried everything (0 nodes: the propagation rules refuted the board before
    /// any branching).
    #[error("{}", exhausted(*nodes))]
    Exhausted {
        /// Nodes the search took to prove it (with the constructive attempt's moves, as in
        /// the nodes of [`Progress`](crate::Progress)).
        nodes: u64,
    },
}

/// Why a board cannot be counted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CountError {
    /// Both sides of the board are longer than [`MAX_WIDTH`](crate::count::MAX_WIDTH).
    #[error("the board is {width} cells wide on its narrower side; counting supports at most {max}", max = crate::count::MAX_WIDTH)]
    TooWide {
        /// The narrower side.
        width: usize,
    },
    /// The sweep needed more frontier states in one step than
    /// [`CountLimits::max_states`](crate::count::CountLimits::max_states) allows, or the
    /// memory for them could not be had.
    #[error(
        "counting this board needs more than {max_states} frontier states at once (the limit on the count's memory)"
    )]
    TooManyStates {
        /// The limit in force.
        max_states: usize,
    },
    /// The count's cancel flag was set before it finished.
    #[error("the count was cancelled")]
    Cancelled,
    /// A [`Sampler`](crate::count::Sampler) counts in `u128`, and the board has more paths.
    #[error("the board has more than 2^128 paths, more than sampling counts")]
    TooManyPaths,
}

impl Impossible {
    /// A one-word name of the proof: `parity`, `disconnected`, `dead-ends` or `exhausted`
    /// (Python's `Impossible.reason`, the programs' JSON `reason`).
    pub fn reason(&self) -> &'static str {
        match self {
            Impossible::Parity(_) => "parity",
            Impossible::Disconnected { .. } => "disconnected",
            Impossible::DeadEnds { .. } => "dead-ends",
            Impossible::Exhausted { .. } => "exhausted",
        }
    }
}

/// The message of [`Impossible::Exhausted`]: a board the propagation rules refuted before
/// any branching is not said to have been searched.
fn exhausted(nodes: u64) -> String {
    match nodes {
        0 => "the forced moves refute every path before any search".to_string(),
        1 => "an exhaustive search (1 node) found no path".to_string(),
        n => format!("an exhaustive search ({n} nodes) found no path"),
    }
}
