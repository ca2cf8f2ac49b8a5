//! Splitting a search into independent jobs, and running them on all cores.

#[cfg(feature = "parallel")]
use std::sync::atomic::Ordering::Relaxed;
#[cfg(feature = "parallel")]
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize};

use puzzle_search::{Cancel, Limit, Meter, Parts, Unlimited};
#[cfg(feature = "parallel")]
use puzzle_search::{Nodes, Search, Step};
#[cfg(feature = "parallel")]
use rayon::prelude::*;

#[cfg(feature = "parallel")]
use super::SearchOptions;
use super::{Continuation, Solver};
#[cfg(feature = "parallel")]
use crate::board::Board;
use crate::engine::{Core, Cursor, EngineKind, Event, Mode, Stats};
use crate::instance::Instance;
use crate::order::FillOrder;

/// A search cut at a depth into independent subtrees, as continuations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Jobs {
    /// The depth of the cut (the requested one, capped below the fill order's length).
    pub depth: usize,
    /// Nodes placed above the cut while enumerating the subtrees.
    pub prefix_nodes: u64,
    /// Deepest depth reached above the cut.
    pub prefix_max_depth: usize,
    /// One job per subtree, in search order: its prefix is fixed (`floor` = `depth`), its
    /// counters start at zero. Resume each with [`Solver::resume`].
    pub jobs: Vec<Continuation>,
}

/// Enumerates the subtrees at `depth` (capped at the fill order's length minus one). The
/// prefix nodes plus the jobs' nodes equal the node count of the uncut search, and the jobs'
/// solutions, in job order, are the uncut search's solutions in order.
///
/// The number of jobs grows about exponentially with `depth` and nothing here caps it: for a
/// depth that comes from a user, use [`split_within`].
pub fn split(inst: &Instance, order: &FillOrder, depth: usize) -> Jobs {
    let unbounded = SplitLimits {
        max_parts: usize::MAX,
        cancel: None,
    };
    match split_marked(inst, order, depth, &unbounded) {
        Ok((jobs, _)) => jobs,
        // Neither limit can be reached: no cap, no flag.
        Err(e) => unreachable!("an unbounded split failed: {e}"),
    }
}

/// The default of [`SplitLimits::max_parts`]: 2^20 jobs, some hundreds of megabytes of
/// continuations on a 16x16 board cut deep.
pub const DEFAULT_MAX_PARTS: usize = 1 << 20;

/// What a split may spend: how many parts it may make, and a flag that stops it early.
#[derive(Clone, Debug)]
pub struct SplitLimits {
    /// The most jobs the cut may make; a deeper cut is refused with
    /// [`SplitError::TooManyParts`] instead of exhausting the machine's memory.
    pub max_parts: usize,
    /// Once set, the cut stops within a few thousand nodes with [`SplitError::Cancelled`].
    pub cancel: Option<Cancel>,
}

impl Default for SplitLimits {
    fn default() -> SplitLimits {
        SplitLimits {
            max_parts: DEFAULT_MAX_PARTS,
            cancel: None,
        }
    }
}

/// Why a split within limits was not made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SplitError {
    /// The cut would make more parts than [`SplitLimits::max_parts`].
    #[error(
        "cutting at depth {depth} makes more than {max_parts} parts (the limit on a split's memory); cut shallower"
    )]
    TooManyParts {
        /// The depth of the cut (after capping it below the fill order's length).
        depth: usize,
        /// The limit in force.
        max_parts: usize,
    },
    /// The cancel flag was set before the cut was made.
    #[error("the split was cancelled")]
    Cancelled,
}

/// [`split`] within `limits`: refused with [`SplitError::TooManyParts`] as soon as the
/// cut makes more than `limits.max_parts` jobs, stopped with [`SplitError::Cancelled`] once
/// `limits.cancel` is set. A cut that fits is [`split`]'s, job for job.
///
/// ```
/// use eternity_solver::format::mcgavin::{self, HintAxis};
/// use eternity_solver::search::{SplitError, SplitLimits, split, split_within};
/// use eternity_solver::FillOrder;
///
/// # let puz = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/bench-easy-h52.puz"));
/// # let hnt = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/bench-easy-h52.hnt"));
/// let inst = mcgavin::parse(puz, Some(hnt), HintAxis::TopDown).unwrap();
/// let order = FillOrder::row_major(&inst);
/// let all = split(&inst, &order, 3);
/// let fits = SplitLimits { max_parts: all.jobs.len(), ..SplitLimits::default() };
/// assert_eq!(split_within(&inst, &order, 3, &fits), Ok(all.clone()));
/// let tight = SplitLimits { max_parts: all.jobs.len() - 1, ..SplitLimits::default() };
/// assert_eq!(
///     split_within(&inst, &order, 3, &tight),
///     Err(SplitError::TooManyParts { depth: 3, max_parts: all.jobs.len() - 1 })
/// );
/// ```
pub fn split_within(
    inst: &Instance,
    order: &FillOrder,
    depth: usize,
    limits: &SplitLimits,
) -> Result<Jobs, SplitError> {
    Ok(split_marked(inst, order, depth, limits)?.0)
}

/// [`split`], and for each job the prefix nodes counted up to and including its prefix's last
/// placement: the single-threaded search places that many prefix nodes before the job's first
/// node (the rest of the prefix comes between and after the jobs, depth first).
pub(super) fn split_marked(
    inst: &Instance,
    order: &FillOrder,
    depth: usize,
    limits: &SplitLimits,
) -> Result<(Jobs, Vec<u64>), SplitError> {
    let depth = depth.min(order.len().saturating_sub(1));
    let fingerprint = Continuation::fingerprint(inst, order);
    let job = |choices: Vec<u32>| Continuation {
        fingerprint,
        mode: Mode::All,
        finished: false,
        choices,
        floor: depth,
        nodes: 0,
        solutions: 0,
        max_depth: 0,
        best: Vec::new(),
    };
    if depth == 0 {
        // One job, the whole search; even with every cell hinted (an empty fill order) the
        // job is there, as it holds the search's one solution.
        let jobs = vec![job(vec![0])];
        let marks = vec![0];
        let jobs = Jobs {
            depth,
            prefix_nodes: 0,
            prefix_max_depth: 0,
            jobs,
        };
        return Ok((jobs, marks));
    }
    let cursor = Cursor {
        leaf: depth,
        ..Cursor::start(order)
    };
    let mut core = Core::new(EngineKind::Table, inst, order, cursor);
    let mut stats = Stats::default();
    let never = Cancel::new();
    let mut meter = Meter::new(
        Unlimited.or_cancel(limits.cancel.as_ref().unwrap_or(&never)),
        0,
    );
    let mut jobs = Vec::new();
    let mut marks = Vec::new();
    loop {
        match core.run(&mut meter, &mut stats) {
            Event::Leaf(path) => {
                if jobs.len() >= limits.max_parts {
                    return Err(SplitError::TooManyParts {
                        depth,
                        max_parts: limits.max_parts,
                    });
                }
                let mut choices: Vec<u32> = path.iter().map(|c| c.key()).collect();
                choices.push(0);
                jobs.push(job(choices));
                marks.push(stats.nodes);
            }
            Event::Paused => return Err(SplitError::Cancelled),
            Event::Finished => break,
        }
    }
    let jobs = Jobs {
        depth,
        prefix_nodes: stats.nodes,
        prefix_max_depth: stats.max_depth,
        jobs,
    };
    Ok((jobs, marks))
}

/// [`split`] without the jobs whose subtree holds no node (nothing fits at the cut's depth
/// under their prefix): the same depth and prefix nodes, and the same jobs in the same order
/// less the empty ones, so the totals (nodes, solutions in order) are [`split`]'s. A deep cut
/// of a constrained tree is mostly such jobs (bench-easy-h40 at depth 5: 709 of 1,149), and a
/// job still costs its runner something to ship and start. Found by cutting one depth further
/// (a job has nodes exactly when some job of that cut extends its prefix), which costs about
/// as much as the cut itself.
pub fn split_nonempty(inst: &Instance, order: &FillOrder, depth: usize) -> Jobs {
    let unbounded = SplitLimits {
        max_parts: usize::MAX,
        cancel: None,
    };
    match split_nonempty_within(inst, order, depth, &unbounded) {
        Ok(jobs) => jobs,
        Err(e) => unreachable!("an unbounded split failed: {e}"),
    }
}

/// [`split_nonempty`] within `limits` (see [`split_within`]); the cap counts the jobs of
/// both cuts it makes, the empty ones too.
pub fn split_nonempty_within(
    inst: &Instance,
    order: &FillOrder,
    depth: usize,
    limits: &SplitLimits,
) -> Result<Jobs, SplitError> {
    let mut all = split_within(inst, order, depth, limits)?;
    let d = all.depth;
    if d + 1 > order.len().saturating_sub(1) {
        return Ok(all); // no depth below the cut to look at
    }
    let deeper = split_within(inst, order, d + 1, limits)?.jobs;
    // Both cuts list their jobs in search order, so one walk pairs them up.
    let mut next = deeper.iter().map(|j| &j.choices[..d]).peekable();
    all.jobs.retain(|job| {
        let path = &job.choices[..d];
        let mut has_nodes = false;
        while next.peek() == Some(&path) {
            has_nodes = true;
            next.next();
        }
        has_nodes
    });
    Ok(all)
}

/// Cuts the search at a depth into [`Solver`]s, one per subtree, each resumed from a job of
/// [`split`] with this solver's engine, node limit and built tables
/// ([`Solver::resume_with_tables`]): the prefix nodes plus the parts'
/// nodes are the uncut search's count, and the parts' solutions in part order are its
/// solutions in order. The cut is of the whole tree (as the search stands before its first
/// step), and the parts enumerate their subtrees ([`Mode::All`]); with [`Mode::First`], the
/// first solution of the first part that has one is the uncut search's first solution.
impl puzzle_search::Split for Solver {
    fn split(&self, depth: usize) -> Parts<Solver> {
        let jobs = split(&self.inst, &self.order, depth);
        let parts = jobs
            .jobs
            .iter()
            .map(|job| match self.resume_with_tables(job) {
                Ok(s) => s,
                // A job made by `split` always resumes; an error would be a bug here.
                Err(e) => panic!("split job does not resume: {e}"),
            })
            .collect();
        Parts {
            depth: jobs.depth,
            prefix: puzzle_search::Progress::new(jobs.prefix_nodes, 0),
            parts,
        }
    }
}

#[cfg(feature = "parallel")]
/// What a parallel run found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParallelOutcome {
    /// Total nodes: the prefix plus every job.
    pub nodes: u64,
    /// Solutions found.
    pub solutions: u64,
    /// The solutions, in the order a single-threaded search finds them.
    pub found: Vec<Board>,
    /// Deepest depth reached.
    pub max_depth: usize,
    /// The board at the deepest depth (of the first job, in search order, that reached it).
    pub best_board: Board,
    /// Its score.
    pub best_score: usize,
    /// Number of jobs the search was cut into.
    pub jobs: usize,
}

#[cfg(feature = "parallel")]
/// Shared between the jobs of a parallel run and whoever watches it: nodes done so far (the
/// prefix included, updated every [`ParallelControl::STEP`] nodes per job) and a stop flag.
#[derive(Debug, Default)]
pub struct ParallelControl {
    /// Nodes done so far.
    pub nodes: AtomicU64,
    /// Set it to make every job stop at its next step.
    pub stop: AtomicBool,
}

#[cfg(feature = "parallel")]
impl ParallelControl {
    /// Nodes a job does between looks at the control.
    pub const STEP: u64 = 1 << 20;
}

#[cfg(feature = "parallel")]
/// Splits the search at `depth` and runs the jobs on rayon's thread pool (run it inside
/// `ThreadPool::install` to choose the number of threads).
///
/// With [`Mode::All`] the totals equal a single-threaded run's exactly. With [`Mode::First`]
/// the solution reported is the one the single-threaded search finds first, but jobs running
/// beside it may add nodes, so the node count can exceed the single-threaded one.
///
/// `options.max_nodes` limits the whole run, prefix included, and then the run does exactly
/// what the single-threaded search does under the same limit, in either mode: the same nodes,
/// solutions, deepest depth and best board (jobs are taken in order; see the `capped` module).
pub fn run_parallel(
    inst: &Instance,
    order: &FillOrder,
    depth: usize,
    options: SearchOptions,
) -> ParallelOutcome {
    run_parallel_with(inst, order, depth, options, &ParallelControl::default())
}

#[cfg(feature = "parallel")]
/// [`run_parallel`], watched and stoppable through `control`. A stopped run reports what was
/// done; its totals are then not those of a full run.
pub fn run_parallel_with(
    inst: &Instance,
    order: &FillOrder,
    depth: usize,
    options: SearchOptions,
    control: &ParallelControl,
) -> ParallelOutcome {
    if order.is_empty() {
        return ParallelOutcome {
            nodes: 0,
            solutions: 1,
            found: vec![Board::with_hints(inst)],
            max_depth: 0,
            best_score: Board::with_hints(inst).score(inst),
            best_board: Board::with_hints(inst),
            jobs: 0,
        };
    }
    // One set of tables for every job: building them costs about a millisecond a job on a
    // 16x16 board, copying them about 30 microseconds.
    let tables = Solver::new(inst, order, options);
    if let Some(cap) = options.max_nodes {
        let unbounded = SplitLimits {
            max_parts: usize::MAX,
            cancel: None,
        };
        let (sp, marks) = match split_marked(inst, order, depth, &unbounded) {
            Ok(cut) => cut,
            Err(e) => unreachable!("an unbounded split failed: {e}"),
        };
        return super::capped::Capped {
            inst,
            order,
            jobs: &sp,
            marks: &marks,
            options,
            tables: &tables,
            control,
            cap,
            step: ParallelControl::STEP,
        }
        .run();
    }
    let sp = split(inst, order, depth);
    control.nodes.fetch_add(sp.prefix_nodes, Relaxed);
    let first_found = AtomicUsize::new(usize::MAX);
    let results: Vec<(u64, Vec<Board>, usize, Option<Board>)> = sp
        .jobs
        .par_iter()
        .enumerate()
        .map(|(i, job)| {
            if control.stop.load(Relaxed)
                || (options.mode == Mode::First && first_found.load(Relaxed) < i)
            {
                return (0, Vec::new(), 0, None);
            }
            let job = Continuation {
                mode: options.mode,
                ..job.clone()
            };
            let mut s = match tables.resume_on_tables(&job, options) {
                Ok(s) => s,
                // A job made by `split` always resumes; an error would be a bug here.
                Err(e) => panic!("split job does not resume: {e}"),
            };
            let mut found = Vec::new();
            let mut reported = 0;
            loop {
                let step = s.step(Nodes(ParallelControl::STEP));
                control.nodes.fetch_add(s.nodes() - reported, Relaxed);
                reported = s.nodes();
                match step {
                    Step::Found(b) => {
                        found.push(b);
                        if options.mode == Mode::First {
                            first_found.fetch_min(i, Relaxed);
                            break;
                        }
                    }
                    Step::Paused if !s.is_out_of_nodes() && !control.stop.load(Relaxed) => {}
                    Step::Paused | Step::Finished => break,
                }
            }
            let p = s.progress();
            (s.nodes(), found, p.max_depth, Some(p.best_board))
        })
        .collect();
    let mut out = ParallelOutcome {
        nodes: sp.prefix_nodes,
        solutions: 0,
        found: Vec::new(),
        max_depth: sp.prefix_max_depth,
        best_board: Board::with_hints(inst),
        best_score: 0,
        jobs: sp.jobs.len(),
    };
    let mut best_depth = None;
    for (nodes, found, max_depth, board) in results {
        out.nodes += nodes;
        out.max_depth = out.max_depth.max(max_depth);
        if let Some(b) = board
            && best_depth.is_none_or(|d| max_depth > d)
        {
            best_depth = Some(max_depth);
            out.best_board = b;
        }
        if options.mode == Mode::First && !out.found.is_empty() {
            continue;
        }
        out.solutions += found.len() as u64;
        out.found.extend(found);
    }
    out.best_score = out.best_board.score(inst);
    out
}
