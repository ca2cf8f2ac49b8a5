//! A parallel run under a total node limit that does exactly what the single-threaded search
//! does under the same limit: the same nodes, solutions, deepest depth and best board.
//!
//! Depth first, the single-threaded search places some prefix nodes (those above the cut, up to
//! job 0's prefix), then job 0's nodes, then the prefix nodes up to job 1's prefix, then job 1's,
//! and so on, and the rest of the prefix after the last job. Under a limit, job `i` gets what
//! is left after everything before it, which is known only once the jobs before it are
//! finished. So the jobs run in parallel, taken in order, each with what the limit leaves after
//! the prefix nodes before it as its own upper bound, and a job is stopped as soon as what comes
//! before it has certainly used the limit up (the other jobs' nodes so far only grow); the work
//! of such jobs is dropped. Every job the single-threaded search reaches therefore runs at least
//! as far as that search takes it; only the one the limit ends in can run further, and it is cut
//! back afterwards from the nearest of the snapshots it keeps on the way (at most [`SNAPSHOTS`]
//! a job, evenly spaced: every `step` nodes at first, twice as far apart each time the list
//! fills up), so the cut redoes at most a [`SNAPSHOTS`]/2-th of that job.

use std::sync::Mutex;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicU64, AtomicUsize};

use puzzle_search::{Nodes, Search, Step, Unlimited};

use super::split::{Jobs, ParallelControl, ParallelOutcome};
use super::{Continuation, SearchOptions, Solver};
use crate::board::Board;
use crate::engine::Mode;
use crate::instance::Instance;
use crate::order::FillOrder;

/// The most snapshots a job keeps.
const SNAPSHOTS: usize = 64;

/// One job as the parallel phase left it (its solver is dropped: it holds the engine's tables).
struct JobRun {
    /// Its totals as it stopped.
    ran: Share,
    /// The job as `split` made it (its state at zero nodes).
    start: Continuation,
    /// `(nodes, state, solutions found by then)`, in order of nodes.
    snapshots: Vec<(u64, Continuation, usize)>,
}

/// What a job contributes once cut to the nodes the serial search gives it.
struct Share {
    nodes: u64,
    found: Vec<Board>,
    max_depth: usize,
    best_board: Board,
}

/// One parallel run of `jobs` with `options.max_nodes = Some(cap)` as a limit on the total
/// (see the module docs): what every part of it reads.
pub(super) struct Capped<'a> {
    pub(super) inst: &'a Instance,
    pub(super) order: &'a FillOrder,
    pub(super) jobs: &'a Jobs,
    /// `marks[i]`: the prefix nodes the serial search places before job `i`.
    pub(super) marks: &'a [u64],
    pub(super) options: SearchOptions,
    /// A search of `inst` in `order` with `options`, never stepped: every job and every cut
    /// resumes on a copy of its tables ([`Solver::resume_on_tables`]) instead of building
    /// them again.
    pub(super) tables: &'a Solver,
    pub(super) control: &'a ParallelControl,
    /// The limit on the whole run.
    pub(super) cap: u64,
    /// The nodes a job does between looks at the others, and its first spacing of snapshots:
    /// [`ParallelControl::STEP`] from `run_parallel_with` (the tests take a small one, to cut
    /// inside a small tree's jobs).
    pub(super) step: u64,
}

impl Capped<'_> {
    /// Runs it.
    pub(super) fn run(&self) -> ParallelOutcome {
        let Capped {
            inst,
            jobs,
            marks,
            options,
            control,
            cap,
            ..
        } = *self;
        let n = jobs.jobs.len();
        // A limit that ends before job 0's first node ends in the prefix: the serial search is
        // the whole answer, and short (at most the prefix's nodes).
        if marks.first().is_none_or(|&m| cap <= m) {
            return self.serial_counted();
        }
        // The prefix was placed to make the jobs; `control` counts work done, redone work too.
        control.nodes.fetch_add(jobs.prefix_nodes, Relaxed);
        let runs = self.parallel_phase();
        let mut out = ParallelOutcome {
            nodes: 0,
            solutions: 0,
            found: Vec::new(),
            // The prefix's, as `run_parallel_with` reports it; the first job with nodes goes
            // deeper.
            max_depth: jobs.prefix_max_depth,
            best_board: Board::with_hints(inst),
            best_score: 0,
            jobs: n,
        };
        let stopped = control.stop.load(Relaxed);
        let mut left = cap;
        let mut job_nodes = 0;
        let mut solved_first = false;
        for (i, run) in runs.into_iter().enumerate() {
            // The prefix nodes between the last job and this one.
            let gap = marks[i] - if i == 0 { 0 } else { marks[i - 1] };
            let take = gap.min(left);
            out.nodes += take;
            left -= take;
            // A run stopped from outside reports what it did, as `run_parallel_with` does.
            let share = match run {
                Some(run) if stopped => run.ran,
                None if stopped => continue,
                // A job is left unstarted only once what comes before it used the limit up.
                None => break,
                Some(_) if left == 0 => break,
                Some(run) => self.cut(run, left),
            };
            left -= share.nodes.min(left);
            // A job with nodes reached below the cut, deeper than any empty job or the prefix:
            // the first such job to reach a depth has the serial search's best board.
            if share.nodes > 0 && (job_nodes == 0 || share.max_depth > out.max_depth) {
                out.max_depth = share.max_depth;
                out.best_board = share.best_board;
            }
            out.nodes += share.nodes;
            job_nodes += share.nodes;
            out.solutions += share.found.len() as u64;
            solved_first = options.mode == Mode::First && !share.found.is_empty();
            out.found.extend(share.found);
            if solved_first {
                break;
            }
        }
        if !solved_first {
            // The prefix after the last job.
            out.nodes += (jobs.prefix_nodes - marks[n - 1]).min(left);
        }
        if job_nodes == 0 && !stopped {
            // Every job the limit reached is empty: the deepest board is a prefix's. The serial
            // search finds it at no more cost than the prefix's nodes.
            return self.serial_counted();
        }
        out.best_score = out.best_board.score(inst);
        out
    }

    /// [`serial`], its nodes added to `control`.
    fn serial_counted(&self) -> ParallelOutcome {
        let out = serial(self.inst, self.order, self.options, self.jobs.jobs.len());
        self.control.nodes.fetch_add(out.nodes, Relaxed);
        out
    }

    /// Runs the jobs on the current rayon pool, in order, each stopped once what the serial
    /// search places before it has certainly used the limit up. Index `i` of the result is job
    /// `i`'s run (`None`: never started, because it was not needed or the run was stopped).
    fn parallel_phase(&self) -> Vec<Option<JobRun>> {
        let Capped {
            jobs,
            marks,
            options,
            tables,
            control,
            cap,
            step,
            ..
        } = *self;
        let n = jobs.jobs.len();
        let next = AtomicUsize::new(0);
        // Nodes so far per job: a lower bound of what it will have done.
        let done: Vec<AtomicU64> = (0..n).map(|_| AtomicU64::new(0)).collect();
        // With `Mode::First`, the lowest job that found a solution: later ones are not needed.
        let first_found = AtomicUsize::new(usize::MAX);
        let runs: Mutex<Vec<Option<JobRun>>> = Mutex::new((0..n).map(|_| None).collect());
        // What the serial search certainly places before job `i`'s first node, as things stand.
        let before =
            |i: usize| -> u64 { marks[i] + done[..i].iter().map(|d| d.load(Relaxed)).sum::<u64>() };
        let worker = || {
            loop {
                let i = next.fetch_add(1, Relaxed);
                if i >= n || control.stop.load(Relaxed) || first_found.load(Relaxed) < i {
                    return;
                }
                if before(i) >= cap {
                    return; // and every later job: they are taken in order
                }
                let job = Continuation {
                    mode: options.mode,
                    ..jobs.jobs[i].clone()
                };
                // The job never gets more than the limit leaves after the prefix before it.
                let own = options.max_nodes(cap - marks[i]);
                let mut solver = match tables.resume_on_tables(&job, own) {
                    Ok(s) => s,
                    // A job made by `split` always resumes; an error would be a bug here.
                    Err(e) => panic!("split job does not resume: {e}"),
                };
                let mut run_found = Vec::new();
                let mut snapshots = Vec::new();
                let (mut every, mut last) = (step, 0);
                loop {
                    let event = solver.step(Nodes(step));
                    let nodes = solver.nodes();
                    control
                        .nodes
                        .fetch_add(nodes - done[i].load(Relaxed), Relaxed);
                    done[i].store(nodes, Relaxed);
                    match event {
                        Step::Found(b) => {
                            run_found.push(b);
                            if options.mode == Mode::First {
                                first_found.fetch_min(i, Relaxed);
                                break;
                            }
                        }
                        Step::Paused
                            if !solver.is_out_of_nodes()
                                && !control.stop.load(Relaxed)
                                && before(i) < cap =>
                        {
                            if nodes - last >= every {
                                if snapshots.len() == SNAPSHOTS {
                                    // Keep every second one, twice as far apart from now on.
                                    let mut k = 0;
                                    snapshots.retain(|_| {
                                        k += 1;
                                        k % 2 == 0
                                    });
                                    every *= 2;
                                }
                                snapshots.push((nodes, solver.continuation(), run_found.len()));
                                last = nodes;
                            }
                        }
                        Step::Paused | Step::Finished => break,
                    }
                }
                let p = solver.progress();
                let ran = Share {
                    nodes: solver.nodes(),
                    found: run_found,
                    max_depth: p.max_depth,
                    best_board: p.best_board,
                };
                drop(solver);
                if let Ok(mut r) = runs.lock() {
                    r[i] = Some(JobRun {
                        ran,
                        start: job,
                        snapshots,
                    });
                }
            }
        };
        rayon::scope(|s| {
            for _ in 0..rayon::current_num_threads() {
                s.spawn(|_| worker());
            }
        });
        runs.into_inner().unwrap_or_else(|e| e.into_inner())
    }

    /// `run` cut to the serial search's share of it: at most `left` nodes. A run that stayed
    /// within it is taken as it is; one that went past is redone from its last snapshot at or
    /// below `left`, to exactly `left` nodes (or to its end, or its first solution with
    /// `Mode::First`, if that comes first).
    fn cut(&self, run: JobRun, left: u64) -> Share {
        let Capped {
            options, tables, ..
        } = *self;
        if run.ran.nodes <= left {
            return run.ran;
        }
        let JobRun {
            ran: Share { mut found, .. },
            start,
            snapshots,
        } = run;
        let (from, kept) = snapshots
            .into_iter()
            .rev()
            .find(|(n, _, _)| *n <= left)
            .map_or((start, 0), |(_, c, k)| (c, k));
        found.truncate(kept);
        let mut solver = match tables.resume_on_tables(&from, options.max_nodes(left)) {
            Ok(s) => s,
            // A snapshot taken from a running job always resumes; an error would be a bug here.
            Err(e) => panic!("snapshot does not resume: {e}"),
        };
        // With `Mode::First` the step after a solution finishes.
        while let Step::Found(b) = solver.step(Unlimited) {
            found.push(b);
        }
        let p = solver.progress();
        Share {
            nodes: solver.nodes(),
            found,
            max_depth: p.max_depth,
            best_board: p.best_board,
        }
    }
}

/// The whole search on this thread (a limit that ends above the cut).
fn serial(
    inst: &Instance,
    order: &FillOrder,
    options: SearchOptions,
    jobs: usize,
) -> ParallelOutcome {
    let mut s = Solver::new(inst, order, options);
    let mut found = Vec::new();
    while let Step::Found(b) = s.step(Unlimited) {
        found.push(b);
    }
    let p = s.progress();
    ParallelOutcome {
        nodes: s.nodes(),
        solutions: found.len() as u64,
        found,
        max_depth: p.max_depth,
        best_score: p.best_board.score(inst),
        best_board: p.best_board,
        jobs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::mcgavin::{self, HintAxis};
    use crate::search::split::split_marked;

    fn h52() -> Instance {
        let puz = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/bench-easy-h52.puz"
        ));
        let hnt = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/bench-easy-h52.hnt"
        ));
        mcgavin::parse(puz, Some(hnt), HintAxis::TopDown).expect("bench-easy-h52 reads")
    }

    #[test]
    #[cfg_attr(target_os = "wasi", ignore = "starts threads: wasm32-wasip1 has none")]
    fn a_total_limit_gives_the_single_thread_run_under_that_limit() {
        let inst = h52();
        let order = FillOrder::row_major(&inst);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .expect("a thread pool");
        // 151,512 nodes in all, one solution; the limits fall above the cut, on it, inside
        // jobs (with snapshots every 500 nodes, thinned past 64), and past the end.
        for depth in [2, 6] {
            let unbounded = crate::search::SplitLimits {
                max_parts: usize::MAX,
                cancel: None,
            };
            let (jobs, marks) = split_marked(&inst, &order, depth, &unbounded).expect("a cut");
            let (m, p) = (marks[0], jobs.prefix_nodes);
            let caps = [
                1,
                m,
                m + 1,
                p,
                p + 1,
                777,
                5_000,
                60_000,
                140_000,
                151_511,
                151_512,
                1 << 30,
            ];
            for cap in caps {
                for mode in [Mode::All, Mode::First] {
                    let options = SearchOptions::default().mode(mode).max_nodes(cap);
                    // The single-threaded search under the same limit.
                    let want = serial(&inst, &order, options, 0);
                    let control = ParallelControl::default();
                    let got = pool.install(|| {
                        Capped {
                            inst: &inst,
                            order: &order,
                            jobs: &jobs,
                            marks: &marks,
                            options,
                            tables: &Solver::new(&inst, &order, options),
                            control: &control,
                            cap,
                            step: 500,
                        }
                        .run()
                    });
                    let what = format!("depth {depth}, cap {cap}, {mode:?}");
                    assert_eq!(got.nodes, want.nodes, "{what}");
                    assert_eq!(got.found, want.found, "{what}");
                    assert_eq!(got.solutions, want.solutions, "{what}");
                    assert_eq!(got.max_depth, want.max_depth, "{what}");
                    assert_eq!(got.best_board, want.best_board, "{what}");
                    assert_eq!(got.best_score, want.best_score, "{what}");
                    assert!(control.nodes.load(Relaxed) >= got.nodes, "{what}");
                }
            }
        }
    }
}
