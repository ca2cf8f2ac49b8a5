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
//! - Legality ([`Board::fits`]): each side of a placed piece is grey exactly where it faces the rim,
//!   and matches any filled neighbour. Score = matched interior edges ([`Board::score`]).
//! - [`FillOrder`]: the open cells in the order they are filled; [`FillOrder::row_major`] is
//!   the oracle order; spiral, border-first and column-major skip pinned cells and go on;
//!   [`FillOrder::auto`] picks the built-in order that suits a puzzle (a short race, or Knuth's
//!   tree estimates) and says why.
//! - Candidates ([`Instance::candidates`]): piece id ascending, rotation ascending, duplicate
//!   rotations of symmetric pieces removed. Every engine tries candidates in this order.
//! - Nodes: one per committed placement (after the fit and used checks); hints not counted.
//!
//! ## Engines ([`engine`])
//! - [`EngineKind::Baseline`](engine::EngineKind::Baseline): the plain recursive DFS, the
//!   oracle and the yardstick.
//! - [`EngineKind::Table`](engine::EngineKind::Table): iterative, candidates pre-rotated,
//!   packed in `u64`s and bucketed per depth by the colours of the neighbours filled before
//!   (the crate's one [`plan`]); several times faster, same nodes.
//!
//! [`engine::run`] is the one-shot form; [`search::Solver`] the resumable one, with either
//! engine behind it.
//!
//! ## Score search ([`score`])
//! [`score::ScoreSearch`] plays the game the Eternity II community competes on: the most
//! matched edges, on boards that need not be solvable. It backtracks with a scheduled number
//! of mismatched edges, seeded restarts and branch and bound, returns each better board, and
//! saves, resumes and splits like the exact search.
//!
//! ## Searching ([`search`])
//! [`search::Solver`] speaks the family's vocabulary, from `puzzle-search` (re-exported here:
//! [`Search`], [`Budget`], [`Limit`], [`Step`]): `step(budget)` returns [`Step::Found`] with a
//! solution, `Paused` or `Finished`; `progress()` reports nodes, solutions, the fraction
//! explored, rate, depth, deepest depth, best score and its board;
//! [`search::Solver::checkpoint`] is the state as a self-checking checkpoint, resumed in
//! another process (with any engine) with the same totals; it splits into independent parts
//! (`puzzle_search::Split`), and [`search::run_parallel`] runs them on all cores (feature
//! `parallel`).
//!
//! ## Formats ([`format`](mod@format))
//! The JSON bench boards (feature `json`), `e2pieces.txt` piece lists, McGavin's
//! `.puz`/`.hnt` (read and write, with an explicit hint axis), and bucas-style viewer URLs.
//!
//! ## Features
//! - `parallel` (default): [`search::run_parallel`] on rayon's thread pool.
//! - `json` (default): `format::json`, the JSON bench boards.
//! - `svg` (default): [`Board::to_svg`] and the [`svg`](mod@svg) module, boards drawn as SVG.
//!
//! ## Example
//! ```
//! use eternity_solver::{FillOrder, Instance, Piece, engine::{self, EngineKind, Limits}};
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
//! let out = engine::run(EngineKind::Baseline, &inst, &order, Limits::all());
//! // Each of the 4 corner pieces can start the top-left cell in exactly one rotation, and the
//! // rest then follows: 4 solutions (the board turned four ways).
//! assert_eq!(out.solutions, 4);
//! let board = out.first_solution.unwrap();
//! board.verify_solution(&inst).unwrap();
//! assert_eq!(board.score(&inst), inst.max_score());
//! ```
//!
//! Stepping a search with a budget, and resuming it from its saved state:
//! ```
//! use eternity_solver::format::mcgavin::{self, HintAxis};
//! use eternity_solver::search::{SearchOptions, Solver};
//! use eternity_solver::{Budget, FillOrder, Search, Step};
//! use puzzle_search::Checkpoint;
//!
//! # let (puz, hnt) = (
//! #     include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/bench-easy-h52.puz")),
//! #     include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/bench-easy-h52.hnt")),
//! # );
//! // bench-easy-h52: a 16x16 board with 52 hints.
//! let inst = mcgavin::parse(puz, Some(hnt), HintAxis::TopDown)?;
//! let order = FillOrder::row_major(&inst);
//! let mut solver = Solver::new(&inst, &order, SearchOptions::default());
//! assert_eq!(solver.step(Budget::nodes(50)), Step::Paused);
//! let saved = solver.checkpoint().to_text(); // write it to a file, stop, ...
//! let checkpoint = Checkpoint::from_text(&saved)?;
//! let mut solver = Solver::from_checkpoint(&inst, &order, &checkpoint, SearchOptions::default())?;
//! let solutions: Vec<_> = solver.by_ref().collect();
//! let p = solver.progress();
//! assert_eq!((p.nodes, p.found, solutions.len()), (151_512, 1, 1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod board;
pub mod engine;
mod error;
pub mod format;
mod instance;
pub mod order;
pub mod plan;
pub mod score;
pub mod search;
#[cfg(feature = "svg")]
pub mod svg;

pub use board::{Board, Placement};
pub use error::{
    FormatError, InstanceError, OrderError, ParseNameError, ResumeError, SolutionError,
};
pub use instance::{
    Candidate, Colour, GREY, Hint, Instance, MAX_PIECES, Piece, PieceId, Rotation, Side,
};
pub use order::{AutoOrder, AutoReason, FillOrder, OrderKind, TreeEstimate};
/// The family's vocabulary, from puzzle-search: a budget ([`Budget`], or any [`Limit`]) for
/// each [`Search::step`], which returns a [`Step`].
pub use puzzle_search::{Budget, Limit, Search, Step};
