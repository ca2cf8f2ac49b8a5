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
//!   the top-left, piece, rotation), checked on construction (hints against the rim and each
//!   other).
//! - Legality ([`board`]): each side of a placed piece is grey exactly where it faces the rim,
//!   and matches any filled neighbour. Score = matched interior edges ([`Board::score`]).
//! - [`FillOrder`]: the open cells in the order they are filled; [`FillOrder::row_major`] is
//!   the default and the oracle order; spiral and border-first skip pinned cells and go on.
//! - Candidates ([`Instance::candidates`]): piece id ascending, rotation ascending, duplicate
//!   rotations of symmetric pieces removed. Every engine tries candidates in this order.
//! - Nodes: one per committed placement (after the fit and used checks); hints not counted.
//!
//! ## Engines ([`engine`])
//! - [`engine::baseline`]: the plain recursive DFS, the oracle and the yardstick.
//! - [`engine::table`]: iterative, candidates pre-rotated, packed in `u64`s and bucketed per
//!   depth by the colours of the neighbours filled before; several times faster, same nodes.
//!
//! [`engine::run`] is the one-shot form; [`search::Solver`] the resumable one.
//!
//! ## Searching ([`search`])
//! [`search::Solver::step`] takes a budget (a generic parameter: [`search::NodeBudget`],
//! [`search::TimeBudget`], ...) and returns [`search::Step::Found`], `Paused` or `Finished`;
//! [`search::Solver::progress`] reports nodes, rate, depth, deepest depth, best score and its
//! board; [`search::Solver::continuation`] is the state as choices per depth, saved as text
//! and resumed in another process (with any engine) with the same totals;
//! [`search::split`] and [`search::run_parallel`] cut the tree into independent jobs.
//!
//! ## Formats ([`format`](mod@format))
//! The JSON bench boards, `e2pieces.txt` piece lists, McGavin's `.puz`/`.hnt` (read and
//! write, with an explicit hint axis), and bucas-style viewer URLs.
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
//!
//! Stepping a search, and resuming it from its saved state:
//! ```
//! use eternity_solver::search::{Budget, Continuation, SearchOptions, Solver, Step};
//! use eternity_solver::{FillOrder, format};
//!
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata/eternity/oracles/bench-easy-h52.json");
//! let inst = format::json::read(path)?;
//! let order = FillOrder::row_major(&inst);
//! let mut solver = Solver::new(&inst, &order, SearchOptions::default());
//! assert_eq!(solver.step(Budget::nodes(50)), Step::Paused);
//! let saved = solver.continuation().to_text(); // write it to a file, stop, ...
//! let cont = Continuation::from_text(&saved)?;
//! let mut solver = Solver::resume(&inst, &order, &cont, SearchOptions::default())?;
//! let solutions: Vec<_> = solver.by_ref().collect();
//! assert_eq!((solver.nodes(), solutions.len()), (151_512, 1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod board;
pub mod engine;
pub mod error;
pub mod format;
pub mod instance;
pub mod order;
pub mod plan;
pub mod search;

pub use board::{Board, Placement};
pub use error::{FormatError, InstanceError};
pub use instance::{
    Candidate, Colour, GREY, Hint, Instance, MAX_PIECES, Piece, PieceId, Rotation, Side,
};
pub use order::{FillOrder, OrderKind};
