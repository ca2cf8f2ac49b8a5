//! `compare -- sudoku`: the fast engine of `sudoku-engine` against the `sudoku` crate (the
//! peer, a port of JCZSolve) and the seed's `baseline`, on the tdoku benchmark sets, and on
//! isomorphs of the two hard ones (`top1465-iso`, `1106-iso`: each puzzle and its recorded
//! solution moved by a random symmetry from a fixed seed; a lead tuned to the order of the
//! published files would not survive them).
//!
//! Work per puzzle is a uniqueness check (count solutions up to 2), single thread, timed from
//! parsed grids and again from the puzzles' lines, each parsed inside the timed pass (the
//! `lines ratio` column: the measurement against tdoku that set the goals fed every solver
//! lines; ours reads them with `parse::parse_one`, which leaves clashing givens to the
//! solver, as the peer's parser and tdoku do). Before timing, every answer is checked: the verdict histogram of each set (17-clue, top1465 and
//! 1106 unique, serg and bad_multi 2+, bad_unsat none), our solutions against the recorded
//! ones (top1465, 1106 and their isomorphs) and the peer's, and the baseline against the fast
//! engine on its subset. Each round times a batch of whole passes over a set per engine
//! (round-robin, CPU time of this thread, about 200 ms a batch); the table shows the median
//! rate over rounds and the median of the per-round paired ratios. The baseline runs only on
//! the first puzzles of the sets with recorded solutions: on 17-clue puzzles it takes seconds
//! each. The `nodes` and `guesses` columns are our engine's exact totals over the set: a speed
//! change that moves them changed the search.

use std::hint::black_box;
use std::io::Read;
use std::time::{Duration, Instant};

use sudoku_engine::isomorph::Isomorph;
use sudoku_engine::parse::parse_one;
use sudoku_engine::{Engine, Grid, Solver, Verdict};

use crate::error::{HarnessError, Result};
use crate::measure::{Samples, cpu_timed, paired_ratio, round_robin};
use crate::report::{SuiteReport, Table, pct, sig3};
use crate::{Ctx, testdata};

/// CPU time of one timed batch.
const BATCH: Duration = Duration::from_millis(200);
/// CPU time of one timed batch in quick mode (enough to read the CPU clock at all).
const QUICK_BATCH: Duration = Duration::from_millis(20);
/// Puzzles per set in quick mode.
const QUICK_PUZZLES: usize = 40;
/// Puzzles of top1465 and 1106 the baseline runs on.
const BASELINE_PUZZLES: usize = 10;
/// Puzzles the baseline runs on in quick mode (the quickest of the first ten for it).
const QUICK_BASELINE_PUZZLES: usize = 2;

/// One benchmark set: its name, file, and the verdict every puzzle has.
pub struct Set {
    /// Short name for the table.
    pub name: &'static str,
    /// File in `testdata/sudoku`.
    pub file: &'static str,
    /// The recorded solutions file, if any.
    pub solutions: Option<&'static str>,
    /// Every puzzle's verdict (uniqueness check).
    pub verdict: Verdict,
    /// When set, every puzzle (and recorded solution) is replaced by an isomorph drawn from
    /// this seed: the same puzzle to a solver's logic, new to its heuristics.
    pub isomorphs: Option<u64>,
}

/// The four tdoku sets, the two bad-input sets (16 clues: 2+ solutions; a wrong 18th clue:
/// none), and isomorphs of the two hard sets (each puzzle moved by its own random symmetry:
/// whether a lead holds on puzzles no one has tuned for), in table order.
pub const SETS: [Set; 8] = [
    Set {
        name: "17-clue",
        file: "puzzles2_17_clue.gz",
        solutions: None,
        verdict: Verdict::Unique,
        isomorphs: None,
    },
    Set {
        name: "top1465",
        file: "puzzles3_magictour_top1465",
        solutions: Some("puzzles3_magictour_top1465.solutions"),
        verdict: Verdict::Unique,
        isomorphs: None,
    },
    Set {
        name: "1106",
        file: "puzzles6_forum_hardest_1106",
        solutions: Some("puzzles6_forum_hardest_1106.solutions"),
        verdict: Verdict::Unique,
        isomorphs: None,
    },
    Set {
        name: "serg",
        file: "puzzles7_serg_benchmark.gz",
        solutions: None,
        verdict: Verdict::Multiple,
        isomorphs: None,
    },
    Set {
        name: "bad_multi",
        file: "bad_multi_16clue.txt",
        solutions: None,
        verdict: Verdict::Multiple,
        isomorphs: None,
    },
    Set {
        name: "bad_unsat",
        file: "bad_unsat_wrongclue.txt",
        solutions: None,
        verdict: Verdict::NoSolution,
        isomorphs: None,
    },
    Set {
        name: "top1465-iso",
        file: "puzzles3_magictour_top1465",
        solutions: Some("puzzles3_magictour_top1465.solutions"),
        verdict: Verdict::Unique,
        isomorphs: Some(ISOMORPH_SEED),
    },
    Set {
        name: "1106-iso",
        file: "puzzles6_forum_hardest_1106",
        solutions: Some("puzzles6_forum_hardest_1106.solutions"),
        verdict: Verdict::Unique,
        isomorphs: Some(ISOMORPH_SEED),
    },
];

/// The seed of the isomorph sets.
const ISOMORPH_SEED: u64 = 2026;

/// The puzzles of a set as one-line strings, moved by the set's isomorphs if it has them.
pub fn set_lines(set: &Set) -> Result<Vec<String>> {
    moved(set, lines(set.file)?)
}

/// The lines of a set moved by the set's isomorphs (unchanged without them).
fn moved(set: &Set, lines: Vec<String>) -> Result<Vec<String>> {
    let Some(seed) = set.isomorphs else {
        return Ok(lines);
    };
    lines
        .iter()
        .enumerate()
        .map(|(k, l)| {
            let g = l.parse::<Grid>().map_err(|e| HarnessError::input(l, e))?;
            Ok(Isomorph::for_puzzle(seed, k as u64).apply(&g).to_line())
        })
        .collect()
}

/// Reads a file of `testdata/sudoku` (gunzipping `.gz`).
pub fn read_text(file: &str) -> Result<String> {
    let path = testdata().join("sudoku").join(file);
    let f = std::fs::File::open(&path).map_err(|e| HarnessError::io(&path, e))?;
    let mut text = String::new();
    let r = if file.ends_with(".gz") {
        flate2::read::GzDecoder::new(f).read_to_string(&mut text)
    } else {
        std::io::BufReader::new(f).read_to_string(&mut text)
    };
    r.map_err(|e| HarnessError::io(&path, e))?;
    Ok(text)
}

/// The puzzles of a set as one-line strings (comments and empty lines dropped).
pub fn lines(file: &str) -> Result<Vec<String>> {
    Ok(read_text(file)?
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect())
}

/// The puzzles of a set for our engine.
pub fn ours(lines: &[String]) -> Result<Vec<Grid>> {
    lines
        .iter()
        .map(|l| l.parse::<Grid>().map_err(|e| HarnessError::input(l, e)))
        .collect()
}

/// The puzzles of a set for the peer.
pub fn peer(lines: &[String]) -> Result<Vec<::sudoku::Sudoku>> {
    lines
        .iter()
        .map(|l| ::sudoku::Sudoku::from_str_line(l).map_err(|e| HarnessError::input(l, e)))
        .collect()
}

/// One pass of our engine over a set; returns the number of solutions found (for
/// `black_box`). Like the peer's `solutions_count_up_to`, it counts without building a
/// solution's grid.
pub fn pass_ours(solver: &mut Solver, grids: &[Grid]) -> u64 {
    grids
        .iter()
        .map(|g| solver.count_solutions(black_box(g), 2))
        .sum()
}

/// One pass of our engine over a set's lines, each parsed as part of the work: the
/// protocol of the measurement against tdoku that set the goals (every solver fed the same
/// 81-character lines), where a parser's speed counts on the sets that solve quickly.
///
/// The lines are read by `parse_one`, which, like the peer's `from_str_line` and tdoku,
/// leaves clashing givens to the solver (no solution); `str::parse::<Grid>` rejects them
/// first, about 53 ns a line more (see [`pass_ours_strict_lines`]).
pub fn pass_ours_lines(solver: &mut Solver, lines: &[String]) -> u64 {
    lines
        .iter()
        .map(|l| parse_one(black_box(l)).map_or(0, |g| solver.count_solutions(&g, 2)))
        .sum()
}

/// [`pass_ours_lines`] through the strict parse, `str::parse::<Grid>`, which rejects
/// clashing givens: what checking puzzles one at a time costs a caller who wants a clash
/// named (a criterion bench; `compare` times the lenient parse).
pub fn pass_ours_strict_lines(solver: &mut Solver, lines: &[String]) -> u64 {
    lines
        .iter()
        .map(|l| {
            black_box(l)
                .parse::<Grid>()
                .map_or(0, |g| solver.count_solutions(&g, 2))
        })
        .sum()
}

/// One pass of the peer over a set's lines, each parsed as part of the work.
pub fn pass_peer_lines(lines: &[String]) -> u64 {
    lines
        .iter()
        .map(|l| {
            ::sudoku::Sudoku::from_str_line(black_box(l))
                .map_or(0, |g| g.solutions_count_up_to(2) as u64)
        })
        .sum()
}

/// One pass of the peer over a set.
pub fn pass_peer(grids: &[::sudoku::Sudoku]) -> u64 {
    grids
        .iter()
        .map(|g| black_box(g).solutions_count_up_to(2) as u64)
        .sum()
}

/// One pass of the baseline over a set.
pub fn pass_baseline(grids: &[Grid]) -> u64 {
    let mut solver = Solver::with_engine(Engine::Baseline);
    grids
        .iter()
        .map(|g| solver.count(black_box(g), 2).solutions)
        .sum()
}

/// Everything loaded and checked for one set.
struct Loaded {
    set: &'static Set,
    lines: Vec<String>,
    ours: Vec<Grid>,
    peer: Vec<::sudoku::Sudoku>,
    guesses: u64,
    nodes: u64,
}

fn load_and_check(set: &'static Set, quick: bool) -> Result<Loaded> {
    let mut lines = lines(set.file)?;
    if quick {
        lines.truncate(QUICK_PUZZLES);
    }
    let lines = moved(set, lines)?;
    let ours = ours(&lines)?;
    let peer = peer(&lines)?;
    let recorded = match set.solutions {
        Some(f) => Some(moved(set, self::lines(f)?)?),
        None => None,
    };
    let mut solver = Solver::new();
    let (mut guesses, mut nodes) = (0, 0);
    for (k, (g, p)) in ours.iter().zip(&peer).enumerate() {
        let c = solver.count(g, 2);
        guesses += c.guesses;
        if c.verdict() != set.verdict {
            return Err(HarnessError::mismatch(format!(
                "{} puzzle {}: ours says {}, the set has {}",
                set.name,
                k + 1,
                c.verdict(),
                set.verdict
            )));
        }
        let peer_count = p.solutions_count_up_to(2);
        if peer_count as u64 != c.solutions {
            return Err(HarnessError::mismatch(format!(
                "{} puzzle {}: ours counts {}, the peer {peer_count}",
                set.name,
                k + 1,
                c.solutions
            )));
        }
        nodes += solver.progress().nodes;
        let Some(first) = c.first else {
            // A set of puzzles without a solution: the verdict and the peer's count agree.
            continue;
        };
        if !g.is_solved_by(&first) {
            return Err(HarnessError::mismatch(format!(
                "{} puzzle {}: wrong solution",
                set.name,
                k + 1
            )));
        }
        if set.verdict == Verdict::Unique {
            let theirs = p.solution().map(|s| s.to_str_line().to_string());
            if theirs.as_deref() != Some(first.to_line().as_str()) {
                return Err(HarnessError::mismatch(format!(
                    "{} puzzle {}: peer solves differently",
                    set.name,
                    k + 1
                )));
            }
        }
        if let Some(rec) = &recorded
            && rec.get(k).map(String::as_str) != Some(first.to_line().as_str())
        {
            return Err(HarnessError::mismatch(format!(
                "{} puzzle {}: differs from the recorded solution",
                set.name,
                k + 1
            )));
        }
    }
    Ok(Loaded {
        set,
        lines,
        ours,
        peer,
        guesses,
        nodes,
    })
}

/// Whole passes that take about `BATCH` (`QUICK_BATCH` in quick mode).
fn passes_for(quick: bool, mut one: impl FnMut()) -> u32 {
    let batch = if quick { QUICK_BATCH } else { BATCH };
    let start = Instant::now();
    one();
    let t = start.elapsed().as_secs_f64().max(1e-9);
    (batch.as_secs_f64() / t).ceil().clamp(1.0, 1e6) as u32
}

/// Puzzles per CPU second of `passes` passes of `f` over `n` puzzles.
fn rate(n: usize, passes: u32, mut f: impl FnMut() -> u64) -> f64 {
    let (_, t) = cpu_timed(|| {
        for _ in 0..passes {
            black_box(f());
        }
    });
    let s = t.as_secs_f64();
    if s > 0.0 {
        n as f64 * f64::from(passes) / s
    } else {
        f64::NAN
    }
}

/// Runs the suite.
pub fn run(ctx: &Ctx) -> Result<SuiteReport> {
    // `sudoku --generate`: puzzle generation and ratings against qqwing (its own module).
    if ctx.args.first().is_some_and(|a| a == "--generate") {
        return super::sudoku_generate::run(ctx, &ctx.args[1..]);
    }
    if let Some(a) = ctx.args.first() {
        return Err(HarnessError::usage(format!(
            "unknown argument `{a}` (the sudoku suite takes none)"
        )));
    }
    let mut table = Table::new([
        "set",
        "puzzles",
        "ours /s",
        "peer /s",
        "ratio",
        "ratio min",
        "ratio max",
        "spread",
        "lines ratio",
        "guesses/puzzle",
        "nodes",
        "guesses",
        "baseline /s",
        "baseline puzzles",
    ]);
    let mut report = SuiteReport {
        suite: "sudoku".into(),
        ..SuiteReport::default()
    };
    let mut headline = None;
    for set in &SETS {
        let l = load_and_check(set, ctx.quick)?;
        let base_grids: Vec<Grid> = if set.solutions.is_some() {
            let n = if ctx.quick {
                QUICK_BASELINE_PUZZLES
            } else {
                BASELINE_PUZZLES
            };
            // The quickest of the first ones for the baseline in quick mode: puzzles 4 and 2.
            let pick: Vec<usize> = if ctx.quick {
                vec![3, 1]
            } else {
                (0..n).collect()
            };
            pick.into_iter()
                .filter_map(|k| l.ours.get(k).copied())
                .collect()
        } else {
            Vec::new()
        };
        let mut solver = Solver::new();
        let mut baseline = Solver::with_engine(Engine::Baseline);
        for g in &base_grids {
            let b = baseline.count(g, 2);
            let f = solver.count(g, 2);
            if (b.solutions, b.first) != (f.solutions, f.first) {
                return Err(HarnessError::mismatch(format!(
                    "{}: baseline and fast engine disagree on {g}",
                    set.name
                )));
            }
        }
        // Our runs from the lines have a solver of their own, so that each timed closure
        // holds one.
        let mut lines_solver = Solver::new();
        // Read from the lines, each engine finds what it finds from the parsed grids (a
        // line our parser rejects, for clashing givens, counts none: it has no solution).
        if pass_ours_lines(&mut lines_solver, &l.lines) != pass_ours(&mut solver, &l.ours)
            || pass_peer_lines(&l.lines) != pass_peer(&l.peer)
        {
            return Err(HarnessError::mismatch(format!(
                "{}: the solutions counted from the lines differ from those of the grids",
                set.name
            )));
        }
        let n = l.ours.len();
        let ours_passes = passes_for(ctx.quick, || {
            black_box(pass_ours(&mut solver, &l.ours));
        });
        let peer_passes = passes_for(ctx.quick, || {
            black_box(pass_peer(&l.peer));
        });
        // The same work from the lines, each parsed in the pass (as the tdoku measurement
        // was made).
        let ours_lines_passes = passes_for(ctx.quick, || {
            black_box(pass_ours_lines(&mut lines_solver, &l.lines));
        });
        let peer_lines_passes = passes_for(ctx.quick, || {
            black_box(pass_peer_lines(&l.lines));
        });
        let mut ours_run = || rate(n, ours_passes, || pass_ours(&mut solver, &l.ours));
        let mut peer_run = || rate(n, peer_passes, || pass_peer(&l.peer));
        let mut ours_lines_run = || {
            rate(n, ours_lines_passes, || {
                pass_ours_lines(&mut lines_solver, &l.lines)
            })
        };
        let mut peer_lines_run = || rate(n, peer_lines_passes, || pass_peer_lines(&l.lines));
        let samples = round_robin(
            ctx.rounds(),
            &mut [
                &mut ours_run,
                &mut peer_run,
                &mut ours_lines_run,
                &mut peer_lines_run,
            ],
        );
        let (ours, peer) = (&samples[0], &samples[1]);
        let ratio = paired_ratio(ours, peer);
        let lines_ratio = paired_ratio(&samples[2], &samples[3]);
        let base = if base_grids.is_empty() {
            Samples::new()
        } else {
            let mut s = Samples::new();
            for _ in 0..if ctx.quick { 1 } else { 3 } {
                s.push(rate(base_grids.len(), 1, || pass_baseline(&base_grids)));
            }
            s
        };
        table.row([
            set.name.to_string(),
            n.to_string(),
            sig3(ours.median()),
            sig3(peer.median()),
            format!("{}x", sig3(ratio.median())),
            format!("{}x", sig3(ratio.min())),
            format!("{}x", sig3(ratio.max())),
            pct(ratio.spread()),
            format!("{}x", sig3(lines_ratio.median())),
            sig3(l.guesses as f64 / n as f64),
            // Exact totals: a speed change that changes the search shows here.
            l.nodes.to_string(),
            l.guesses.to_string(),
            if base.is_empty() {
                "-".into()
            } else {
                sig3(base.median())
            },
            base_grids.len().to_string(),
        ]);
        report.figure(
            format!("{} ours", l.set.name),
            ours.median(),
            "puzzles/cpu-s",
        );
        report.figure(
            format!("{} peer", l.set.name),
            peer.median(),
            "puzzles/cpu-s",
        );
        report.figure(format!("{} ratio", l.set.name), ratio.median(), "x");
        report.figure(
            format!("{} lines ratio", l.set.name),
            lines_ratio.median(),
            "x",
        );
        if set.name == "top1465" {
            headline = Some((ours.median(), peer.median(), ratio.median()));
        }
    }
    let (o, p, r) =
        headline.ok_or_else(|| HarnessError::not_measured("top1465 was not measured"))?;
    report.last_line = format!(
        "sudoku: ours {}/s, peer {}/s, ratio {}x",
        sig3(o),
        sig3(p),
        sig3(r)
    );
    report.table = table;
    Ok(report)
}
