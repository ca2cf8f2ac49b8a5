//! `compare -- hamilton`: block-fill boards, the seed's backtracker (`baseline`) against the
//! fast engine, plus proofs of impossibility and path counting.
//!
//! Inputs: planted boards from `hamilton_solver::generate::planted` (85% tiles, seeds
//! 0..BOARDS, deterministic). Sizes 6x6 to 10x10 run both engines round-robin on the same
//! boards; 14x14 to 30x30 run the fast engine against its own exact search alone (without the
//! constructive first attempt); 40x40 and 100x100 run the fast engine alone. Every answer is
//! checked before it is
//! timed: each path is replayed on its board, and both engines must agree on which boards have
//! a path. The baseline gets a CPU budget per board (it cannot finish most 10x10 boards); a
//! board it does not finish counts at the budget, so its times and the speedups are lower
//! bounds. Times are per-board CPU times; the table shows the median and the max over boards
//! (each board's time being its median over rounds).
//!
//! Then: parity proofs on 40x40 boards with one tile added (microseconds), and `count()` on
//! full n x n boards against OEIS A120443.
//!
//! Suite arguments: `--boards N` boards per size (default 10), `--min-size N` and
//! `--max-size N` (default all sizes: 6, 8, 10, 14, 20, 30, 40 and 100), `--count-to N` largest full board to count
//! (default 10). `--quick`: 3 boards of 6x6 to 20x20 and one of 40x40, one round, counts to
//! 6x6, in a second or two. The last line reports 40x40 whatever the largest size.

use std::time::Duration;

use hamilton_solver::count::count;
use hamilton_solver::generate::{parity_breaker, planted};
use hamilton_solver::{Engine, Grid, Impossible, Options, Solution, Solver};

use crate::Ctx;
use crate::drive::{First, first_within};
use crate::error::{HarnessError, Result};
use crate::measure::{Samples, cpu_timed, paired_ratio};
use crate::report::{SuiteReport, Table, sig3};

/// OEIS A120443, n = 1..=12: undirected Hamiltonian paths of the full n x n grid.
pub const A120443: [u128; 12] = [
    1,
    4,
    20,
    276,
    4324,
    229348,
    13535280,
    3023313284,
    745416341496,
    730044829512632,
    786671485270308848,
    3452664855804347354220,
];

/// Fill of the planted boards.
pub const FILL: f64 = 0.85;

/// A planted board of `n x n`.
pub fn board(n: usize, seed: u64) -> Grid {
    planted(n, n, FILL, seed).0
}

/// The outcome of one timed solve: found a path (checked), proved none, or ran out of budget.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// A valid path.
    Path,
    /// Proved impossible.
    Impossible,
    /// Budget spent.
    Unfinished,
}

/// The fast engine with a CPU-time cap; checks the path it returns.
pub fn fast(grid: &Grid, cap: Duration) -> Result<Outcome> {
    capped(grid, &mut Solver::new(grid), 2_000, cap)
}

/// The fast engine without its constructive first attempt (the exact search alone), with a
/// CPU-time cap; checks the path it returns.
pub fn exact(grid: &Grid, cap: Duration) -> Result<Outcome> {
    let options = Options {
        construct: false,
        ..Options::default()
    };
    capped(grid, &mut Solver::with_options(grid, options), 2_000, cap)
}

/// The seed's backtracker with a CPU-time cap; checks the path it returns.
pub fn slow(grid: &Grid, cap: Duration) -> Result<Outcome> {
    capped(
        grid,
        &mut Solver::with_engine(grid, Engine::Baseline),
        20_000,
        cap,
    )
}

/// Runs a search through the harness's one driver until it finds a path (checked), finishes,
/// or has used `cap` of this thread's CPU time (read only between steps of `step_nodes`).
fn capped(grid: &Grid, search: &mut Solver, step_nodes: u64, cap: Duration) -> Result<Outcome> {
    match first_within(search, step_nodes, cap) {
        First::Found(p) => {
            check(grid, &p)?;
            Ok(Outcome::Path)
        }
        First::Finished => Ok(Outcome::Impossible),
        First::OutOfTime => Ok(Outcome::Unfinished),
    }
}

/// Times one engine on a planted board into `times`; a path found in the `first` round counts
/// in `solved`, and "impossible" is an error (the board has a path by construction).
fn time_one(
    name: &str,
    grid: &Grid,
    first: bool,
    solved: &mut usize,
    times: &mut Samples,
    mut solve: impl FnMut() -> Result<Outcome>,
) -> Result<()> {
    let (outcome, d) = timed(&mut solve);
    match outcome? {
        Outcome::Impossible => Err(HarnessError::mismatch(format!(
            "{name}: no path on a planted board\n{grid}"
        ))),
        Outcome::Path => {
            *solved += usize::from(first);
            times.push(d);
            Ok(())
        }
        Outcome::Unfinished => {
            times.push(d);
            Ok(())
        }
    }
}

fn check(grid: &Grid, p: &Solution) -> Result<()> {
    Solution::new(grid, p.cells().to_vec())
        .map(|_| ())
        .map_err(|e| HarnessError::input(format!("wrong path on\n{grid}"), e))
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// CPU milliseconds per call of `f`, repeating short calls until at least 20 ms are measured
/// (one call of a few microseconds is mostly cache and interrupt noise); returns the last
/// result.
pub fn timed<T>(mut f: impl FnMut() -> T) -> (T, f64) {
    let mut reps = 1u32;
    loop {
        let (out, d) = cpu_timed(|| {
            let mut out = f();
            for _ in 1..reps {
                out = f();
            }
            out
        });
        if d >= Duration::from_millis(20) || reps >= 1 << 16 {
            return (out, ms(d) / f64::from(reps));
        }
        reps *= 8;
    }
}

struct Args {
    boards: u64,
    min_size: usize,
    max_size: usize,
    count_to: usize,
}

fn parse_args(ctx: &Ctx) -> Result<Args> {
    let mut a = Args {
        boards: if ctx.quick { 3 } else { 10 },
        min_size: 0,
        max_size: if ctx.quick { 40 } else { 100 },
        count_to: if ctx.quick { 6 } else { 10 },
    };
    let mut it = ctx.args.iter();
    while let Some(x) = it.next() {
        let mut num = |name: &str| -> Result<usize> {
            it.next()
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| HarnessError::usage(format!("{name} needs a whole number")))
        };
        match x.as_str() {
            "--boards" => a.boards = num("--boards")? as u64,
            "--min-size" => a.min_size = num("--min-size")?,
            "--max-size" => a.max_size = num("--max-size")?,
            "--count-to" => a.count_to = num("--count-to")?.min(A120443.len()),
            other => {
                return Err(HarnessError::usage(format!(
                    "unknown argument `{other}` (hamilton takes --boards N, --min-size N, --max-size N, --count-to N)"
                )));
            }
        }
    }
    Ok(a)
}

/// Runs the suite.
pub fn run(ctx: &Ctx) -> Result<SuiteReport> {
    let args = parse_args(ctx)?;
    let rounds = ctx.rounds();
    let slow_cap = Duration::from_millis(if ctx.quick { 100 } else { 2_000 });
    let fast_cap = Duration::from_secs(if ctx.quick { 2 } else { 10 });
    let mut report = SuiteReport {
        suite: "hamilton".into(),
        ..SuiteReport::default()
    };
    let mut t = Table::new([
        "size",
        "boards",
        "engine",
        "solved",
        "median ms",
        "max ms",
        "speedup (median, paired)",
    ]);
    let mut speedup8 = f64::NAN;
    // the last line reports 40x40 (or the largest size run up to it; with only larger sizes
    // run, the smallest of them)
    let mut last = (f64::NAN, f64::NAN, 0usize);
    for n in [6usize, 8, 10, 14, 20, 30, 40, 100] {
        if n < args.min_size || n > args.max_size || (ctx.quick && n == 30) {
            continue;
        }
        // quick mode: one 40x40 board (seed 0, about a thousand nodes) keeps the last line's
        // size while the run stays within seconds
        let per_size = if ctx.quick && n == 40 { 1 } else { args.boards };
        let boards: Vec<Grid> = (0..per_size).map(|s| board(n, s)).collect();
        let with_baseline = n <= 10;
        // the exact search alone, as a yardstick for the constructive attempt
        let with_exact = !ctx.quick && (14..=30).contains(&n);
        let mut fast_t = vec![Samples::new(); boards.len()];
        let mut slow_t = vec![Samples::new(); boards.len()];
        let mut exact_t = vec![Samples::new(); boards.len()];
        let mut solved = [0usize; 3];
        for round in 0..rounds {
            for (i, g) in boards.iter().enumerate() {
                let first = round == 0;
                time_one(
                    "fast engine",
                    g,
                    first,
                    &mut solved[0],
                    &mut fast_t[i],
                    || fast(g, fast_cap),
                )?;
                if with_baseline {
                    time_one("baseline", g, first, &mut solved[1], &mut slow_t[i], || {
                        slow(g, slow_cap)
                    })?;
                }
                if with_exact {
                    time_one(
                        "exact search",
                        g,
                        first,
                        &mut solved[2],
                        &mut exact_t[i],
                        || exact(g, fast_cap),
                    )?;
                }
            }
        }
        let per_board = |v: &[Samples]| {
            let mut s = Samples::new();
            for x in v {
                s.push(x.median());
            }
            s
        };
        let f = per_board(&fast_t);
        let label = format!("{n}x{n}");
        // one table row: engine, boards solved, median and max, a note
        let row = |t: &mut Table, engine: &str, solved: usize, x: &Samples, note: String| {
            t.row([
                label.clone(),
                boards.len().to_string(),
                engine.into(),
                format!("{solved}/{}", boards.len()),
                sig3(x.median()),
                sig3(x.max()),
                note,
            ]);
        };
        // the yardstick's row, then the fast engine's with the paired ratio
        let yardstick = if with_baseline {
            Some(("baseline", solved[1], per_board(&slow_t), ""))
        } else if with_exact {
            Some((
                "exact search only",
                solved[2],
                per_board(&exact_t),
                " vs exact only",
            ))
        } else {
            None
        };
        match yardstick {
            Some((engine, done, y, versus)) => {
                let ratio = paired_ratio(&y, &f).median();
                if n == 8 && with_baseline {
                    speedup8 = ratio;
                }
                row(&mut t, engine, done, &y, String::new());
                row(
                    &mut t,
                    "fast",
                    solved[0],
                    &f,
                    format!("{}x{versus}", sig3(ratio)),
                );
                report.figure(format!("{label} speedup{versus}"), ratio, "x");
            }
            None => row(&mut t, "fast", solved[0], &f, String::new()),
        }
        report.figure(format!("{label} median"), f.median(), "ms");
        report.figure(format!("{label} max"), f.max(), "ms");
        if n <= 40 || last.2 == 0 {
            last = (f.median(), f.max(), n);
        }
    }

    // impossibility by parity on the largest size
    let n = args.max_size.min(40);
    let mut parity = Samples::new();
    for seed in 0..args.boards {
        let Some(g) = parity_breaker(n, n, FILL, seed) else {
            continue;
        };
        let (r, d) = timed(|| Solver::new(&g).solve());
        if !matches!(r, Err(Impossible::Parity(_))) {
            return Err(HarnessError::mismatch(format!(
                "parity board not refuted by parity:\n{g}"
            )));
        }
        parity.push(d * 1e3);
    }
    t.row([
        format!("{n}x{n}+1 tile"),
        parity.len().to_string(),
        "parity proof".into(),
        format!("{}/{}", parity.len(), parity.len()),
        sig3(parity.median() / 1e3),
        sig3(parity.max() / 1e3),
        format!("{} us median", sig3(parity.median())),
    ]);
    report.figure("parity proof median", parity.median(), "us");

    // counting full boards
    for n in 1..=args.count_to {
        let row = "x".repeat(n);
        let g = Grid::parse_any_start(&vec![row; n].join("\n")).map_err(HarnessError::solver)?;
        let (c, d) = timed(|| count(&g));
        let c = c.map_err(HarnessError::solver)?;
        if c != A120443[n - 1] {
            return Err(HarnessError::mismatch(format!(
                "count({n}x{n}) = {c}, OEIS A120443 says {}",
                A120443[n - 1]
            )));
        }
        if n >= 6 {
            t.row([
                format!("{n}x{n} full"),
                "1".into(),
                "count".into(),
                c.to_string(),
                sig3(d),
                sig3(d),
                "= A120443".into(),
            ]);
        }
        if n == args.count_to {
            report.figure(format!("count {n}x{n}"), d, "ms");
        }
    }

    report.table = t;
    report.last_line = format!(
        "hamilton: {}x{} median {} ms, max {} ms, speedup-vs-baseline-8x8 {}x",
        last.2,
        last.2,
        sig3(last.0),
        sig3(last.1),
        sig3(speedup8)
    );
    Ok(report)
}
