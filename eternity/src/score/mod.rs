//! The score search: the most matched edges on boards that may not be solvable, as the
//! Eternity II community has competed on since 2008.
//!
//! A strict depth-first search of the real 256-piece puzzle runs dry around depth 205. The
//! score search ([`ScoreSearch`]) backtracks in the same fill order but lets a scheduled
//! number of edges mismatch ("breaks", [`BreakSchedule`]): none in the first part of the
//! board, then a growing allowance, so a board is completed with few mismatched edges. Past
//! the free depth, each cell that faces a third filled cell or pin adds a break from its
//! depth on (a side more to match).
//! - The rim stays a hard rule: grey exactly where a side faces the rim, so border pieces stay
//!   on the border and corners in the corners. Breaks are spent on interior edges only, and a
//!   pinned piece's edges are soft like any other.
//! - At each cell, exact fits come first, then one break, then two (see the `tables` docs);
//!   within each, pieces are tried in the restart's ranking ([`PieceOrder`]): by default the
//!   hardest pieces (rarest colours) first, so the easy ones are left for the end.
//! - Each restart walks for [`ScoreOptions::restart_nodes`] nodes (by default a length that
//!   follows the board's size, [`ScoreOptions::restart_nodes_for`]); restart `r` ranks pieces
//!   from a generator seeded by `(seed, r)`, so a run is a pure function of its options and a
//!   restart can be replayed alone.
//! - The best board is kept, by score: a partial board that scores more than the best so far
//!   is completed ([`complete`]: the free pieces put greedily on the empty cells, which only
//!   adds matched edges), so every best board is a complete one a competitor could submit.
//!   Each improvement is returned as [`Step::Found`].
//! - Between restarts, the best board can be improved in place
//!   ([`ScoreOptions::polish_windows`], off by default): windows of a few cells around its
//!   breaks are cleared and filled again, exactly, by a small branch and bound over the
//!   window's own pieces with the rest of the board pinned, keeping a fill with fewer breaks (an
//!   improvement) or as many, laid differently (a drift, so the next windows see a new
//!   board). Window `j` after restart `r` comes from a generator of `(seed, r, j)`.
//!
//! It speaks the family's vocabulary ([`Search`]: budgets, steps, progress), saves and resumes
//! through a [`Checkpoint`] (kind [`ScoreSearch::KIND`]), and cuts into parts by restarts
//! ([`ScoreSearch::parts`]): part `k` of `n` runs restarts `k, k + n, ...`, so `n` parts that
//! each run `m` restarts cover exactly the restarts `0 .. n * m` of the uncut search, and the
//! best of their boards is the uncut search's best (ties go to the lower restart).
//!
//! ```
//! use eternity_solver::score::{ScoreOptions, ScoreSearch};
//! use eternity_solver::{Budget, FillOrder, Instance, Piece, Search, Step};
//!
//! // A 2x2 board of four corners: a full score of 4 edges is reachable.
//! let pieces = vec![
//!     Piece::new([0, 1, 2, 0]),
//!     Piece::new([0, 0, 3, 1]),
//!     Piece::new([2, 4, 0, 0]),
//!     Piece::new([3, 0, 0, 4]),
//! ];
//! let inst = Instance::new(2, 2, pieces, vec![]).unwrap();
//! let mut search = ScoreSearch::new(&inst, &FillOrder::row_major(&inst), ScoreOptions::default());
//! let mut best = 0;
//! while let Step::Found(improvement) = search.step(Budget::nodes(1_000)) {
//!     assert_eq!(improvement.board.score(&inst), improvement.score);
//!     best = improvement.score;
//! }
//! assert_eq!(best, inst.max_score());
//! ```

mod complete;
mod options;
mod polish;
pub(crate) mod rng;
mod saved;
mod tables;
mod walk;
mod window_fill;

use std::collections::HashMap;
use std::time::Duration;

use puzzle_search::Instant;

use puzzle_search::{Checkpoint, Limit, Meter, Search, Step};

pub use complete::complete;
pub use options::{BreakSchedule, MAX_WINDOW_NODES, PieceOrder, ScoreOptions};

use crate::board::Board;
use crate::instance::{Colour, GREY, Instance};
use crate::order::FillOrder;
use polish::Refill;
use rng::SplitMix;
use tables::Layout;
use walk::{Event, Walk};

/// A better board than any before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Improvement {
    /// Its score: matched interior edges (recomputed by [`Board::score`], pins included).
    pub score: usize,
    /// True when every cell is filled.
    pub complete: bool,
    /// The board, pins included.
    pub board: Board,
    /// The restart that found it.
    pub restart: u64,
    /// Nodes of the whole search when it was found.
    pub nodes: u64,
}

/// A snapshot of a score search. The core fields read through `Deref`: `progress.nodes`,
/// `progress.found` (the improvements so far).
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// Nodes and improvements found.
    pub core: puzzle_search::Progress,
    /// Wall time spent inside `step` (in this process).
    pub elapsed: Duration,
    /// Nodes per second of `elapsed` (0 before any work).
    pub nodes_per_sec: f64,
    /// Restarts finished.
    pub restarts: u64,
    /// The restart being walked.
    pub restart: u64,
    /// The depth being filled now.
    pub depth: usize,
    /// The most cells filled at once so far.
    pub max_depth: usize,
    /// The best board's score (0 before the first node).
    pub best_score: usize,
    /// True when the best board is complete.
    pub best_complete: bool,
    /// The fill order's length.
    pub total_depth: usize,
}

puzzle_search::extends_progress!(Progress, core);

/// A resumable, seeded score search of one instance in one fill order (see the module docs).
#[derive(Clone, Debug)]
pub struct ScoreSearch {
    inst: Instance,
    order: FillOrder,
    options: ScoreOptions,
    layout: Layout,
    allowed: Vec<u32>,
    walk: Walk,
    /// Restarts run are `offset, offset + stride, ...`.
    offset: u64,
    stride: u64,
    /// How many restarts of this search's sequence are finished.
    restarts: u64,
    nodes: u64,
    improvements: u64,
    max_depth: usize,
    best_key: u32,
    best: Option<(Board, u64)>,
    elapsed: Duration,
    nodes_at_resume: u64,
    /// Between two restarts, the windows of the best board re-filled so far.
    polishing: Option<u32>,
}

impl ScoreSearch {
    /// The kind of its checkpoints.
    pub const KIND: &'static str = "eternity-solver/score";
    /// The version of its checkpoints' body (2: with `cell_breaks`; 3: with the windows).
    pub const VERSION: u32 = 3;

    /// A search from its first restart. Cheap: tables are built, no search work is done.
    pub fn new(inst: &Instance, order: &FillOrder, options: ScoreOptions) -> ScoreSearch {
        ScoreSearch::part(inst, order, options, 0, 1)
    }

    /// Part `offset` of `stride`: restarts `offset, offset + stride, ...`.
    fn part(
        inst: &Instance,
        order: &FillOrder,
        options: ScoreOptions,
        offset: u64,
        stride: u64,
    ) -> ScoreSearch {
        let layout = Layout::new(inst, order);
        let schedule = options
            .schedule
            .unwrap_or_else(|| BreakSchedule::for_depths(order.len()));
        let mut allowed = schedule.allowances(order.len());
        // A cell past the free depth that faces a third filled cell or pin has a side more to
        // match (about one fit in seventeen on the official board): each such side adds a
        // break to the allowance from its depth on. Boards with pins deep down (the five
        // clues) are walked past them so; boards without (the centre piece alone, whose
        // neighbours lie before the free depth) keep the schedule as it is.
        let mut third_sides = 0;
        for (d, a) in allowed.iter_mut().enumerate() {
            if d >= schedule.free_depth {
                third_sides += layout.depths[d].extra.len() as u32;
            }
            *a += third_sides;
        }
        let walk = Walk::start(
            inst,
            &layout,
            options.breaks_when_stuck,
            options.cell_breaks,
        );
        let mut s = ScoreSearch {
            inst: inst.clone(),
            order: order.clone(),
            options: ScoreOptions {
                restart_nodes: match options.restart_nodes {
                    0 => ScoreOptions::restart_nodes_for(inst.cells()),
                    n => n,
                },
                ..options
            },
            layout,
            allowed,
            walk,
            offset,
            stride: stride.max(1),
            restarts: 0,
            nodes: 0,
            improvements: 0,
            max_depth: 0,
            best_key: 0,
            best: None,
            elapsed: Duration::ZERO,
            nodes_at_resume: 0,
            polishing: None,
        };
        s.begin_restart();
        s
    }

    /// Cuts this search, before its first step, into `n` parts by restarts: part `k` runs
    /// restarts `k, k + n, k + 2n, ...` of this search's sequence (see the module docs).
    pub fn parts(&self, n: usize) -> Vec<ScoreSearch> {
        let n = n.max(1) as u64;
        (0..n)
            .map(|k| {
                ScoreSearch::part(
                    &self.inst,
                    &self.order,
                    self.options,
                    self.offset + k * self.stride,
                    self.stride * n,
                )
            })
            .collect()
    }

    /// The restart being walked.
    pub fn restart(&self) -> u64 {
        self.offset + self.restarts * self.stride
    }

    /// The options.
    pub fn options(&self) -> ScoreOptions {
        self.options
    }

    /// The breaks allowed in total once each depth is filled.
    pub fn allowances(&self) -> &[u32] {
        &self.allowed
    }

    /// Nodes so far (the same as `progress().nodes`).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The best board so far and the restart that found it.
    pub fn best(&self) -> Option<(&Board, u64)> {
        self.best.as_ref().map(|(b, r)| (b, *r))
    }

    /// The instance searched.
    pub fn instance(&self) -> &Instance {
        &self.inst
    }

    /// Ranks the pieces for the current restart and starts its walk from the root.
    fn begin_restart(&mut self) {
        let mut rng = SplitMix::for_restart(self.options.seed, self.restart());
        let rank = piece_rank(&self.inst, self.options.piece_order, &mut rng);
        self.layout.rank(&rank);
        self.walk = Walk::start(
            &self.inst,
            &self.layout,
            self.options.breaks_when_stuck,
            self.options.cell_breaks,
        );
    }

    /// The restart whose end the current polish follows.
    fn polished_restart(&self) -> u64 {
        self.offset + (self.restarts.saturating_sub(1)) * self.stride
    }

    /// Re-fills windows of the best board until the polish after this restart is done
    /// ([`Event::Done`]), a window improves it or the budget is spent. Window `j` after
    /// restart `r` is drawn from a generator of `(seed, r, j)` alone, so a resumed or split
    /// search draws the same windows.
    fn polish<L: Limit>(&mut self, meter: &mut Meter<L>) -> Event {
        while let Some(j) = self.polishing {
            let Some((board, found_in)) = &self.best else {
                break;
            };
            if j >= self.options.polish_windows || board.filled() < board.cells().len() {
                break;
            }
            if !meter.go_on(self.nodes) {
                return Event::Paused;
            }
            let r = self.polished_restart();
            let mut rng =
                SplitMix::for_restart(self.options.seed ^ POLISH_SALT, r << 24 | u64::from(j));
            let o = self.options;
            let cells = polish::window(&self.inst, board, o.window_cells as usize, &mut rng);
            let cap = o.window_nodes.min(options::MAX_WINDOW_NODES);
            let (out, nodes) = polish::refill(&self.inst, board, &cells, cap, &mut rng);
            self.nodes += nodes.max(1);
            self.polishing = Some(j + 1);
            match out {
                Refill::Better(b) => {
                    self.best_key = b.score(&self.inst) as u32;
                    self.best = Some((b, r));
                    self.improvements += 1;
                    return Event::Improved;
                }
                Refill::Drift(b) => {
                    let found_in = *found_in;
                    self.best = Some((b, found_in));
                }
                Refill::Same => {}
            }
        }
        self.polishing = None;
        Event::Done
    }

    /// The best of several searches' boards (parts of one search): the highest key, ties to
    /// the lowest restart.
    pub fn best_of<'a>(searches: impl IntoIterator<Item = &'a ScoreSearch>) -> Option<Improvement> {
        let mut best: Option<(u32, u64, &ScoreSearch)> = None;
        for s in searches {
            if let Some((_, r)) = &s.best {
                let better = match best {
                    None => true,
                    Some((k, br, _)) => s.best_key > k || (s.best_key == k && *r < br),
                };
                if better {
                    best = Some((s.best_key, *r, s));
                }
            }
        }
        best.and_then(|(_, _, s)| s.improvement())
    }

    /// True once the best board is complete with the puzzle's maximum score.
    fn is_perfect(&self) -> bool {
        self.best.as_ref().is_some_and(|(board, _)| {
            board.filled() == board.cells().len()
                && board.score(&self.inst) == self.inst.max_score()
        })
    }

    /// The best board as an [`Improvement`].
    pub fn improvement(&self) -> Option<Improvement> {
        self.best.as_ref().map(|(board, restart)| Improvement {
            score: board.score(&self.inst),
            complete: board.filled() == board.cells().len(),
            board: board.clone(),
            restart: *restart,
            nodes: self.nodes,
        })
    }

    /// The search's state in the family's [`Checkpoint`] envelope.
    pub fn checkpoint(&self) -> Checkpoint {
        saved::checkpoint(self)
    }

    /// A search that goes on from a checkpoint of [`ScoreSearch::checkpoint`], of the same
    /// instance and fill order. Its options come from the checkpoint.
    pub fn from_checkpoint(
        inst: &Instance,
        order: &FillOrder,
        checkpoint: &Checkpoint,
    ) -> Result<ScoreSearch, crate::ResumeError> {
        saved::resume(inst, order, checkpoint)
    }
}

/// Mixed into the seed of the windows' generators, so their streams are not the restarts'.
const POLISH_SALT: u64 = 0x517C_C1B7_2722_0A95;

/// A number per piece, lower first (see [`PieceOrder`]).
fn piece_rank(inst: &Instance, order: PieceOrder, rng: &mut SplitMix) -> Vec<u64> {
    let mut freq = vec![0u64; inst.colours().max(1)];
    for p in inst.pieces() {
        for &c in &p.edges {
            freq[c as usize] += 1;
        }
    }
    // Neighbouring edges clockwise (up-right, right-down, ...), both off the rim: what a cell
    // filled after two neighbours asks of a piece, whatever its turn.
    let pairs = |p: &crate::instance::Piece| {
        let e = p.edges;
        (0..4)
            .map(move |i| (e[i], e[(i + 1) % 4]))
            .filter(|&(a, b)| a != GREY && b != GREY)
    };
    let mut pair_freq: HashMap<(Colour, Colour), u64> = HashMap::new();
    if order == PieceOrder::RarePairs {
        for p in inst.pieces() {
            for pair in pairs(p) {
                *pair_freq.entry(pair).or_default() += 1;
            }
        }
    }
    inst.pieces()
        .iter()
        .map(|p| {
            let noise = rng.next_u64();
            // Rarity in fixed point: the top bits order by rarity (rarest first), the noise
            // breaks near-ties.
            let rarity: u64 = match order {
                PieceOrder::Random => return noise,
                // The sum over interior edges of 1/frequency.
                PieceOrder::HardFirst => p
                    .edges
                    .iter()
                    .filter(|&&c| c != GREY)
                    .map(|&c| (1u64 << 20) / freq[c as usize].max(1))
                    .sum(),
                // The sum over neighbouring pairs of 1/frequency of the pair.
                PieceOrder::RarePairs => pairs(p)
                    .map(|pair| (1u64 << 20) / pair_freq[&pair].max(1))
                    .sum(),
            };
            let jitter = (noise >> 59) * (rarity >> 7); // up to a quarter of it
            (u64::from(u32::MAX) - (rarity + jitter).min(u64::from(u32::MAX))) << 24 | (noise >> 40)
        })
        .collect()
}

impl Search for ScoreSearch {
    type Item = Improvement;
    type Progress = Progress;

    /// Walks until a better board, or the end of the budget. Restarts go on until a complete
    /// board of the puzzle's maximum score is found: nothing can beat it, so the search is
    /// then [`Step::Finished`] (as it is when there is nothing to place at all).
    fn step<L: Limit>(&mut self, budget: L) -> Step<Improvement> {
        if self.is_perfect() {
            return Step::Finished;
        }
        if self.layout.depths.is_empty() {
            if self.best.is_some() {
                return Step::Finished;
            }
            let board = Board::with_hints(&self.inst);
            self.best = Some((board, 0));
            self.best_key = self.layout.pinned_matches;
            self.improvements = 1;
            return self.improvement().map_or(Step::Finished, Step::Found);
        }
        let start = Instant::now();
        let mut meter = Meter::new(budget, self.nodes);
        let mut improved = None;
        loop {
            if self.polishing.is_some() {
                match self.polish(&mut meter) {
                    Event::Improved => {
                        self.elapsed += start.elapsed();
                        return self.improvement().map_or(Step::Paused, Step::Found);
                    }
                    Event::Paused => {
                        self.elapsed += start.elapsed();
                        return Step::Paused;
                    }
                    Event::Done => {}
                }
            }
            let ev = self.walk.run(
                &self.inst,
                &self.layout,
                &self.allowed,
                self.options.restart_nodes,
                &mut meter,
                &mut self.nodes,
                &mut self.best_key,
                &mut improved,
            );
            match ev {
                Event::Improved => {
                    let board = improved.take().expect("an improvement carries its board");
                    // A partial board is completed, and its completion (which may match more
                    // edges) is the one to beat from now on.
                    let board = if board.filled() < board.cells().len() {
                        complete(&self.inst, &board)
                    } else {
                        board
                    };
                    self.best_key = self.best_key.max(board.score(&self.inst) as u32);
                    self.best = Some((board, self.restart()));
                    self.improvements += 1;
                    self.max_depth = self.max_depth.max(self.walk.max_depth);
                    self.elapsed += start.elapsed();
                    return self.improvement().map_or(Step::Paused, Step::Found);
                }
                Event::Paused => {
                    self.max_depth = self.max_depth.max(self.walk.max_depth);
                    self.elapsed += start.elapsed();
                    return Step::Paused;
                }
                Event::Done => {
                    self.max_depth = self.max_depth.max(self.walk.max_depth);
                    self.restarts += 1;
                    self.begin_restart();
                    if self.options.polish_windows > 0 && self.best.is_some() {
                        self.polishing = Some(0);
                    }
                }
            }
        }
    }

    fn progress(&self) -> Progress {
        let secs = self.elapsed.as_secs_f64();
        let here = self.nodes - self.nodes_at_resume;
        let (best_score, best_complete) = self.best.as_ref().map_or((0, false), |(b, _)| {
            (b.score(&self.inst), b.filled() == b.cells().len())
        });
        Progress {
            core: puzzle_search::Progress::new(self.nodes, self.improvements),
            elapsed: self.elapsed,
            nodes_per_sec: if secs > 0.0 { here as f64 / secs } else { 0.0 },
            restarts: self.restarts,
            restart: self.restart(),
            depth: self.walk.depth,
            max_depth: self.max_depth.max(self.walk.max_depth),
            best_score,
            best_complete,
            total_depth: self.order.len(),
        }
    }
}
