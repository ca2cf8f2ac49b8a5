//! # eternity-solver
//!
//! An exact, deterministic depth-first backtracker for Eternity II style edge-matching
//! puzzles: W x H boards of square pieces with four coloured edges, grey (colour 0) on the rim,
//! optional hints (pinned pieces), solved by strict DFS in a chosen fill order.
//!
//! Every engine walks the same tree in the same order and counts a node per committed
//! placement, so node counts are comparable across engines, runs and machines; the published
//! oracle counts (e.g. 151,512 nodes for `bench-easy-h52` in row-major order) hold for all of
//! them.
//!
//! ## The model (stable; other crates build on it)
//! - [`Piece`]: edges `[up, right, down, left]`; [`GREY`] = 0 is the border colour.
//! - [`Rotation`]: clockwise quarter turns; rotation 1 maps `[u, r, d, l]` to `[l, u, r, d]`
//!   ([`Piece::rotated`]).
//! - [`Instance`]: width, height, pieces (piece id = index), [`Hint`]s (`cell` row-major from
//!   the top-left, piece, rotation), checked on construction.
//! - Legality ([`board`]): each side of a placed piece is grey exactly where it faces the rim,
//!   and matches any filled neighbour. Score = matched interior edges ([`Board::score`]).
//! - [`FillOrder`]: the open cells in the order they are filled; [`FillOrder::row_major`] is
//!   the default and the oracle order.
//! - Candidates ([`Instance::candidates`]): piece id ascending, rotation ascending, duplicate
//!   rotations of symmetric pieces removed. Every engine tries candidates in this order.
//! - Engines ([`engine`]): [`engine::baseline`] is the plain recursive DFS, the oracle.
//!
//! ## Example
//! ```
//! use eternity_solver::{FillOrder, Instance, Piece, engine::{Limits, baseline}};
//!
//! // A 2x2 board: four corner pieces.
//! let pieces = vec![
//!     Piece::new([0, 1, 2, 0]), // fits the top-left corner as it is
//!     Piece::new([0, 0, 3, 1]),
//!     Piece::new([2, 4, 0, 0]),
//!     Piece::new([3, 0, 0, 4]),
//! ];
//! let inst = Instance::new(2, 2, pieces, vec![]).unwrap();
//! let order = FillOrder::row_major(&inst);
//! let out = baseline::run(&inst, &order, Limits::all());
//! // Each of the 4 corner pieces can start the top-left cell in exactly one rotation, and the
//! // rest then follows: 4 solutions (the board turned four ways).
//! assert_eq!(out.solutions, 4);
//! let board = out.first_solution.unwrap();
//! board.verify_solution(&inst).unwrap();
//! assert_eq!(board.score(&inst), inst.max_score());
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod board;
pub mod engine;
pub mod error;
pub mod format;
pub mod instance;
pub mod order;
pub mod search;

pub use board::{Board, Placement};
pub use error::{FormatError, InstanceError};
pub use instance::{
    Candidate, Colour, GREY, Hint, Instance, MAX_PIECES, Piece, PieceId, Rotation, Side,
};
pub use order::{FillOrder, OrderKind};
