//! The search as a value that is its own continuation: step it with a budget, watch its
//! progress, save it, resume it in another process, split it into independent jobs.
//!
//! [`Solver`] implements the family's [`Search`] (its items are solution [`Board`]s) and
//! [`Split`](puzzle_search::Split); its saved form is a [`Checkpoint`] (see
//! [`Solver::checkpoint`] and [`Solver::from_checkpoint`]).
//!
//! ```
//! use eternity_solver::format::mcgavin::{self, HintAxis};
//! use eternity_solver::search::{SearchOptions, Solver};
//! use eternity_solver::{Budget, FillOrder, Search, Step};
//!
//! # let puz = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/bench-easy-h52.puz"));
//! # let hnt = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/bench-easy-h52.hnt"));
//! let inst = mcgavin::parse(puz, Some(hnt), HintAxis::TopDown).unwrap();
//! let mut solver = Solver::new(&inst, &FillOrder::row_major(&inst), SearchOptions::default());
//! let mut found = 0;
//! loop {
//!     match solver.step(Budget::nodes(10_000)) {
//!         Step::Found(board) => {
//!             board.verify_solution(&inst).unwrap();
//!             found += 1;
//!         }
//!         Step::Paused => { let _p = solver.progress(); }
//!         Step::Finished => break,
//!     }
//! }
//! assert_eq!((solver.progress().nodes, found), (151_512, 1));
//! ```

#[cfg(feature = "parallel")]
mod capped;
mod continuation;
mod split;

use std::time::Duration;

use puzzle_search::Instant;

use puzzle_search::{Checkpoint, Limit, Meter, Search, Step, Unlimited};

pub use continuation::Continuation;
pub use split::{
    DEFAULT_MAX_PARTS, Jobs, SplitError, SplitLimits, split, split_nonempty, split_nonempty_within,
    split_within,
};
#[cfg(feature = "parallel")]
pub use split::{ParallelControl, ParallelOutcome, run_parallel, run_parallel_with};

use crate::board::Board;
use crate::engine::{Core, Cursor, EngineKind, Event, Mode, Stats, board_of};
use crate::error::ResumeError;
use crate::instance::{Candidate, GREY, Instance, Side};
use crate::order::FillOrder;

/// Depths below the floor that [`Solver`]'s fraction estimate looks at, at most.
const FRACTION_DEPTHS: usize = 24;

/// How a [`Solver`] searches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SearchOptions {
    /// The engine (all give the same nodes and solutions; they differ in speed). Default:
    /// [`EngineKind::Table`].
    pub engine: EngineKind,
    /// Enumerate the whole tree or stop at the first solution.
    pub mode: Mode,
    /// Stop for good after this many nodes in total (the search then stays paused).
    pub max_nodes: Option<u64>,
}

impl SearchOptions {
    /// These options with another engine.
    pub fn engine(self, engine: EngineKind) -> SearchOptions {
        SearchOptions { engine, ..self }
    }

    /// These options with another mode.
    pub fn mode(self, mode: Mode) -> SearchOptions {
        SearchOptions { mode, ..self }
    }

    /// These options with a total node limit.
    pub fn max_nodes(self, max_nodes: u64) -> SearchOptions {
        SearchOptions {
            max_nodes: Some(max_nodes),
            ..self
        }
    }
}

/// A snapshot of a search, cheap to take: the family's counters plus this crate's own.
///
/// `core.nodes` counts committed placements (hints not counted), `core.found` the solutions
/// returned as [`Step::Found`]; `core.fraction` estimates the share of the tree explored from
/// the choices on the path (1 once the search is over). The core fields read through `Deref`:
/// `progress.nodes`, `progress.found`.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// Nodes, solutions found, fraction explored.
    pub core: puzzle_search::Progress,
    /// Wall time spent inside `step` (in this process).
    pub elapsed: Duration,
    /// Nodes per second of `elapsed` (0 before any work).
    pub nodes_per_sec: f64,
    /// The frontier depth now (open cells filled).
    pub depth: usize,
    /// The deepest depth reached.
    pub max_depth: usize,
    /// The score of the board at the deepest depth (all its edges match, so it is the best
    /// score seen).
    pub best_score: usize,
    /// That board, hints included.
    pub best_board: Board,
    /// The fill order's length: the depth of a solution.
    pub total_depth: usize,
}

puzzle_search::extends_progress!(Progress, core);

/// A resumable depth-first search of one instance in one fill order.
#[derive(Clone, Debug)]
pub struct Solver {
    inst: Instance,
    order: FillOrder,
    options: SearchOptions,
    core: Core,
    stats: Stats,
    solutions: u64,
    elapsed: Duration,
    done: bool,
    nodes_at_resume: u64,
}

impl Solver {
    /// A search from the root. Cheap: tables are built here, no search work is done.
    pub fn new(inst: &Instance, order: &FillOrder, options: SearchOptions) -> Solver {
        Solver::from_parts(
            inst,
            order,
            options,
            Cursor::start(order),
            Stats::default(),
            0,
        )
    }

    fn from_parts(
        inst: &Instance,
        order: &FillOrder,
        options: SearchOptions,
        cursor: Cursor,
        stats: Stats,
        solutions: u64,
    ) -> Solver {
        let nodes = stats.nodes;
        Solver {
            inst: inst.clone(),
            order: order.clone(),
            options,
            core: Core::new(options.engine, inst, order, cursor),
            stats,
            solutions,
            elapsed: Duration::ZERO,
            done: false,
            nodes_at_resume: nodes,
        }
    }

    /// The instance searched.
    pub fn instance(&self) -> &Instance {
        &self.inst
    }

    /// The fill order.
    pub fn order(&self) -> &FillOrder {
        &self.order
    }

    /// The options.
    pub fn options(&self) -> SearchOptions {
        self.options
    }

    /// True when the search is over: the tree is exhausted or, stopping at the first
    /// solution, it was found.
    pub fn is_finished(&self) -> bool {
        self.done
    }

    /// True when the total node limit has been reached.
    pub fn is_out_of_nodes(&self) -> bool {
        self.options
            .max_nodes
            .is_some_and(|m| self.stats.nodes >= m)
    }

    /// Nodes so far (the same as `progress().nodes`, without building the best board).
    pub fn nodes(&self) -> u64 {
        self.stats.nodes
    }

    /// Solutions so far (the same as `progress().found`).
    pub fn solutions(&self) -> u64 {
        self.solutions
    }

    /// An estimate of the share of the tree explored, from the choices on the path: at each
    /// depth from the floor down, the candidates that fit there before the current one are
    /// done, each standing for an equal share of its depth. Only the top depths matter, so it
    /// stops once a depth's share falls below one in ten thousand or after
    /// [`FRACTION_DEPTHS`] depths (forced placements do not shrink the share, and the
    /// estimate is off by at most the share left), so it costs microseconds.
    fn fraction(&self) -> f64 {
        if self.done {
            return 1.0;
        }
        let cursor = self.core.cursor();
        if cursor.finished {
            return 1.0;
        }
        let inst = &self.inst;
        let cands: Vec<(Candidate, u32)> = inst
            .candidates()
            .into_iter()
            .map(|c| {
                (
                    c,
                    u32::from_le_bytes(inst.piece(c.piece).rotated(c.rotation)),
                )
            })
            .collect();
        let mut board = Board::with_hints(inst);
        let mut used = inst.hinted_pieces();
        let (mut weight, mut done) = (1.0f64, 0.0f64);
        let last = cursor.choices.len() - 1;
        for (d, (&key, &cell)) in cursor.choices.iter().zip(self.order.cells()).enumerate() {
            if d >= cursor.floor {
                // What each side must show here: grey at the rim, the facing edge of a filled
                // neighbour (both exact, under `mask`), any colour but grey elsewhere (`open`).
                let (mut mask, mut want, mut open) = (0u32, 0u32, [0u32; 4]);
                for s in Side::ALL {
                    let shift = 8 * s.index() as u32;
                    let exact = match inst.neighbour(cell, s) {
                        None => Some(GREY),
                        Some(n) => board.edge(inst, n, s.opposite()),
                    };
                    match exact {
                        Some(c) => {
                            mask |= 0xFF << shift;
                            want |= u32::from(c) << shift;
                        }
                        None => open[s.index()] = 0xFF << shift,
                    }
                }
                let fits = |e: u32| e & mask == want && open.iter().all(|&m| e & m != 0 || m == 0);
                let (mut before, mut fitting) = (0u64, 0u64);
                for &(c, e) in &cands {
                    if !used[c.piece as usize] && fits(e) {
                        fitting += 1;
                        before += u64::from(c.key() < key);
                    }
                }
                if fitting == 0 {
                    break;
                }
                done += weight * before as f64 / fitting as f64;
                weight /= fitting as f64;
                if weight < 1e-4 || d >= cursor.floor + FRACTION_DEPTHS {
                    break;
                }
            }
            if d == last {
                break;
            }
            let Some(c) = Candidate::from_key(key) else {
                break;
            };
            used[c.piece as usize] = true;
            board.place(cell, c);
        }
        done
    }

    /// The search's state as plain data: the choices per depth and the counters. Save it with
    /// [`Continuation::to_text`] and resume it with [`Solver::resume`], here or in another
    /// process, with any engine.
    pub fn continuation(&self) -> Continuation {
        let cursor = self.core.cursor();
        Continuation {
            fingerprint: Continuation::fingerprint(&self.inst, &self.order),
            mode: self.options.mode,
            // With every cell hinted the core starts finished, but the search is not over
            // until it has reported the hints as its one solution.
            finished: self.done || (cursor.finished && !self.order.is_empty()),
            choices: cursor.choices,
            floor: cursor.floor,
            nodes: self.stats.nodes,
            solutions: self.solutions,
            max_depth: self.stats.max_depth,
            best: self.stats.best.iter().map(|c| c.key()).collect(),
        }
    }

    /// A search that goes on from `cont`, which must come from the same instance and fill
    /// order (checked by fingerprint, and every recorded choice is checked to be legal). The
    /// engine may differ from the one that saved it; `options.mode` is taken from `cont`.
    pub fn resume(
        inst: &Instance,
        order: &FillOrder,
        cont: &Continuation,
        options: SearchOptions,
    ) -> Result<Solver, ResumeError> {
        cont.check(inst, order)?;
        let options = SearchOptions {
            mode: cont.mode,
            ..options
        };
        let mut s = Solver::from_parts(
            inst,
            order,
            options,
            cont.cursor(order),
            cont.stats(),
            cont.solutions,
        );
        s.done = cont.finished;
        Ok(s)
    }

    /// [`Solver::resume`] of `cont` on this solver's instance, fill order and options, with
    /// the tables this solver already built instead of new ones: a process that runs many
    /// parts of one cut builds its tables once (a part's search then costs microseconds, not a
    /// millisecond). What the result does is exactly what `Solver::resume` gives; this solver
    /// is left as it is.
    pub fn resume_with_tables(&self, cont: &Continuation) -> Result<Solver, ResumeError> {
        self.resume_on_tables(cont, self.options)
    }

    /// [`Solver::resume_with_tables`] with other options of the same engine (the parallel
    /// runs give each job its own node limit).
    pub(crate) fn resume_on_tables(
        &self,
        cont: &Continuation,
        options: SearchOptions,
    ) -> Result<Solver, ResumeError> {
        debug_assert_eq!(options.engine, self.options.engine);
        cont.check(&self.inst, &self.order)?;
        let mut s = self.clone();
        s.core.reset(cont.cursor(&self.order));
        s.options = options;
        s.options.mode = cont.mode;
        s.stats = cont.stats();
        s.solutions = cont.solutions;
        s.elapsed = Duration::ZERO;
        s.done = cont.finished;
        s.nodes_at_resume = cont.nodes;
        Ok(s)
    }

    /// The search's state in the family's [`Checkpoint`] envelope (kind
    /// [`Continuation::KIND`], version [`Continuation::VERSION`], the puzzle's fingerprint,
    /// the counters, and the continuation's text as the body). Save it with
    /// [`Checkpoint::save`]; resume it with [`Solver::from_checkpoint`].
    pub fn checkpoint(&self) -> Checkpoint {
        self.continuation().to_checkpoint()
    }

    /// A search that goes on from a checkpoint written by [`Solver::checkpoint`] (or
    /// [`Continuation::save`]). A checkpoint of another kind of search, of another version or
    /// of another puzzle or fill order is refused with a typed error before its body is read;
    /// then the body is parsed and checked as by [`Solver::resume`].
    pub fn from_checkpoint(
        inst: &Instance,
        order: &FillOrder,
        checkpoint: &Checkpoint,
        options: SearchOptions,
    ) -> Result<Solver, ResumeError> {
        checkpoint.expect(
            Continuation::KIND,
            Continuation::VERSION,
            Continuation::fingerprint(inst, order),
        )?;
        let cont = Continuation::from_checkpoint(checkpoint)?;
        Solver::resume(inst, order, &cont, options)
    }
}

impl Search for Solver {
    type Item = Board;
    type Progress = Progress;

    /// Searches until a solution, the end of the tree, or the end of the budget. Does at least
    /// one node of work unless the search is over or the total node limit is reached.
    fn step<L: Limit>(&mut self, budget: L) -> Step<Board> {
        if self.done {
            return Step::Finished;
        }
        if self.order.is_empty() {
            // Every cell is hinted: the hints are the one solution.
            self.done = true;
            self.solutions = 1;
            return Step::Found(Board::with_hints(&self.inst));
        }
        let start = Instant::now();
        let max = self.options.max_nodes.unwrap_or(u64::MAX);
        let mut meter = Meter::with_cap(budget, self.stats.nodes, max);
        let ev = self.core.run(&mut meter, &mut self.stats);
        self.elapsed += start.elapsed();
        match ev {
            Event::Leaf(path) => {
                self.solutions += 1;
                if self.options.mode == Mode::First {
                    self.done = true;
                }
                Step::Found(board_of(&self.inst, &self.order, &path))
            }
            Event::Paused => Step::Paused,
            Event::Finished => {
                self.done = true;
                Step::Finished
            }
        }
    }

    /// A snapshot of the counters, the fraction explored and the best board.
    fn progress(&self) -> Progress {
        let best_board = board_of(&self.inst, &self.order, &self.stats.best);
        let secs = self.elapsed.as_secs_f64();
        let done_here = self.stats.nodes - self.nodes_at_resume;
        Progress {
            core: puzzle_search::Progress::new(self.stats.nodes, self.solutions)
                .with_fraction(self.fraction()),
            elapsed: self.elapsed,
            nodes_per_sec: if secs > 0.0 {
                done_here as f64 / secs
            } else {
                0.0
            },
            depth: self.core.depth(),
            max_depth: self.stats.max_depth,
            best_score: best_board.score(&self.inst),
            best_board,
            total_depth: self.order.len(),
        }
    }
}

impl Iterator for Solver {
    type Item = Board;

    /// The next solution (stops at the total node limit, if one is set).
    fn next(&mut self) -> Option<Board> {
        loop {
            match self.step(Unlimited) {
                Step::Found(b) => return Some(b),
                Step::Finished => return None,
                Step::Paused => {
                    if self.is_out_of_nodes() {
                        return None;
                    }
                }
            }
        }
    }
}
