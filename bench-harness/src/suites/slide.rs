//! `compare -- slide`: optimal sliding-tile solving, ours against the seed's algorithm
//! (`baseline`) and the `pathfinding` crate (A* with Manhattan distance) as a peer.
//!
//! Inputs: the seed's nine benchmark 8-puzzles (two of them the 31-move states) and Korf's
//! 100 15-puzzle instances. Before anything is timed, every engine's answer is replayed to the
//! goal and its length checked against the published optimum (`baseline` may be longer: it is
//! the seed's non-optimal algorithm, and the table says by how much). Each round times every
//! engine on every 8-puzzle (round-robin, CPU time, short solves repeated), then Korf's 100
//! once; the table shows medians over rounds and paired ratios.
//!
//! Suite arguments: `--pdb-dir DIR` (where the pattern databases are cached; default
//! `$SLIDE_PDB_DIR` or the user cache directory). Full runs solve all of Korf's instances with
//! the 6-6-3 and with the 7-8 databases, built on first use (seconds for 6-6-3, a few minutes
//! and 2 GB of memory for 7-8; build and load times are reported apart from solve times); the
//! `korf100` figure of the last line is the faster of the two, named in the table. Full runs
//! also solve the easiest of Korf & Felner's 24-puzzles (#40) with the 6-6-6-6 databases
//! (four tables of 127.5 M entries, minutes to build on first use). `--quick`
//! solves only a few easy ones, with small 4-tile tables built at once.

use std::hint::black_box;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Duration;

use slide_solver::{
    AStar, Baseline, Board, BucketQueue, BuildProgress, Direction, GoalConvention, HeapQueue,
    Heuristic, IdaStar, LinearConflict, Partition, PatternDatabases, Puzzle, Search, Solution,
    WalkingDistance,
};

use crate::error::{HarnessError, Result};
use crate::measure::{Samples, cpu_timed, paired_ratio, process_cpu_timed};
use crate::report::{SuiteReport, Table, pct, sig3};
use crate::{Ctx, testdata};

/// Repetitions of the nine 8-puzzles per engine per round (a set takes about a millisecond).
const REPS: u32 = 100;

/// Korf instances used by `--quick` (each well under a second with the 6-6-3 databases).
const QUICK_KORF: [usize; 3] = [9, 12, 13];

/// Korf instances IDA* with walking distance solves in well under a second each (full runs
/// only).
const WD_KORF: [usize; 4] = [9, 12, 13, 19];

/// Korf & Felner's 24-puzzle instances solved in full runs with the 6-6-6-6 databases: the
/// easiest of the 50 (Korf & Felner report 65 M nodes for it; 50 M, about 4 cpu-s here).
const KF24: [usize; 1] = [40];

/// A puzzle with its name and published optimal length.
pub struct Instance {
    /// Name or id.
    pub name: String,
    /// Optimal number of moves.
    pub optimal: usize,
    /// Start and goal.
    pub puzzle: Puzzle,
}

fn read(path: PathBuf) -> Result<String> {
    std::fs::read_to_string(&path).map_err(|e| HarnessError::io(&path, e))
}

/// The seed's nine benchmark 8-puzzles (goal `12345678x`).
pub fn bench9() -> Result<Vec<Instance>> {
    let text = read(testdata().join("slide/eightpuzzle_slidr_bench9.txt"))?;
    let mut out = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let parts: Vec<&str> = line.split('|').collect();
        let head: Vec<&str> = parts[0].split_whitespace().collect();
        let (name, optimal) = (
            head[0].to_string(),
            head[1].parse().map_err(|_| HarnessError::data(line))?,
        );
        let board: Board = parts[2]
            .trim()
            .parse()
            .map_err(|e| HarnessError::input(line, e))?;
        let puzzle = Puzzle::with_default_goal(board).map_err(|e| HarnessError::input(line, e))?;
        out.push(Instance {
            name,
            optimal,
            puzzle,
        });
    }
    Ok(out)
}

/// Korf's 100 (goal: blank first).
pub fn korf100() -> Result<Vec<Instance>> {
    korf_file("slide/korf100.txt", 4)
}

/// Korf & Felner's 50 24-puzzle instances (goal: blank first).
pub fn korf_felner_24() -> Result<Vec<Instance>> {
    korf_file("slide/korf_felner_24puzzle_50.txt", 5)
}

/// A Korf-style instance file of `side x side` boards (`name optimal ... | tiles`, `#`
/// comments), each with the blank-first goal.
fn korf_file(path: &str, side: usize) -> Result<Vec<Instance>> {
    let text = read(testdata().join(path))?;
    let goal = Board::goal(side, side, GoalConvention::BlankFirst).map_err(HarnessError::solver)?;
    let mut out = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (head, tiles) = line
            .split_once('|')
            .ok_or_else(|| HarnessError::data(line))?;
        let head: Vec<&str> = head.split_whitespace().collect();
        let board =
            Board::parse_sized(tiles, side, side).map_err(|e| HarnessError::input(line, e))?;
        out.push(Instance {
            name: head[0].to_string(),
            optimal: head[1].parse().map_err(|_| HarnessError::data(line))?,
            puzzle: Puzzle::new(board, goal).map_err(|e| HarnessError::input(line, e))?,
        });
    }
    Ok(out)
}

/// The 7-1 pattern databases for the 3x3 goal `12345678x`, built once (milliseconds).
fn pdb71() -> &'static PatternDatabases {
    static PDB: OnceLock<PatternDatabases> = OnceLock::new();
    PDB.get_or_init(|| {
        PatternDatabases::build(Partition::P71, 3, 3, 8).expect("the 7-1 partition fits 3x3")
    })
}

/// Ours on the 8-puzzle: A* with the bucket queue and the 7-1 pattern databases (mirrored).
pub fn ours_8(p: &Puzzle) -> Option<(Solution, u64)> {
    let mut a = AStar::<_, BucketQueue>::new(p, pdb71().clone()).ok()?;
    let s = a.next()?;
    Some((s, a.progress().expanded))
}

/// A* with the bucket queue and linear conflict.
pub fn bucket_8(p: &Puzzle) -> Option<(Solution, u64)> {
    let h = LinearConflict::new(p.geometry(), p.goal().blank());
    let mut a = AStar::<_, BucketQueue>::new(p, h).ok()?;
    let s = a.next()?;
    Some((s, a.progress().expanded))
}

/// A* with the binary heap (same order, same nodes as the bucket queue).
pub fn heap_8(p: &Puzzle) -> Option<(Solution, u64)> {
    let h = LinearConflict::new(p.geometry(), p.goal().blank());
    let mut a = AStar::<_, HeapQueue>::new(p, h).ok()?;
    let s = a.next()?;
    Some((s, a.progress().expanded))
}

/// IDA* with linear conflict.
pub fn ida_8(p: &Puzzle) -> Option<(Solution, u64)> {
    let h = LinearConflict::new(p.geometry(), p.goal().blank());
    let mut a = IdaStar::new(p, h).ok()?;
    let s = a.next()?;
    Some((s, a.progress().expanded))
}

/// The seed's algorithm.
pub fn baseline_8(p: &Puzzle) -> Option<(Solution, u64)> {
    let mut b = Baseline::<HeapQueue>::new(p);
    let s = b.next()?;
    Some((s, b.progress().expanded))
}

/// The peer: `pathfinding::directed::astar` over boards with Manhattan distance.
pub fn pathfinding_8(p: &Puzzle) -> Option<(Solution, u64)> {
    let goal = *p.goal();
    let w = goal.width();
    let mut home = [0usize; 25];
    for (c, &t) in goal.tiles().iter().enumerate() {
        home[t as usize] = c;
    }
    let manhattan = |b: &Board| -> u32 {
        b.tiles()
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t != 0)
            .map(|(c, &t)| {
                let g = home[t as usize];
                ((c / w).abs_diff(g / w) + (c % w).abs_diff(g % w)) as u32
            })
            .sum()
    };
    let mut expanded = 0u64;
    let (path, _) = pathfinding::directed::astar::astar(
        p.start(),
        |b: &Board| {
            expanded += 1;
            Direction::ALL
                .iter()
                .filter_map(|&d| b.moved(d).map(|c| (c, 1u32)))
                .collect::<Vec<_>>()
        },
        manhattan,
        |b| *b == goal,
    )?;
    // Turn the board path into blank moves.
    let moves = path
        .windows(2)
        .filter_map(|w2| {
            Direction::ALL
                .into_iter()
                .find(|&d| w2[0].moved(d) == Some(w2[1]))
        })
        .collect();
    Some((Solution::new(*p.start(), moves), expanded))
}

type Engine8 = fn(&Puzzle) -> Option<(Solution, u64)>;

/// Checks an answer: it replays to the goal and has the optimal length (or, for `baseline`,
/// at least the optimal length). Returns the length.
fn check(
    name: &str,
    inst: &Instance,
    out: Option<(Solution, u64)>,
    exact: bool,
) -> Result<(usize, u64)> {
    let (s, nodes) = out
        .ok_or_else(|| HarnessError::mismatch(format!("{name}: no solution for {}", inst.name)))?;
    if s.replay() != Some(*inst.puzzle.goal()) {
        return Err(HarnessError::mismatch(format!(
            "{name}: the moves for {} do not reach the goal",
            inst.name
        )));
    }
    if (exact && s.len() != inst.optimal) || s.len() < inst.optimal {
        return Err(HarnessError::mismatch(format!(
            "{name}: {} moves for {}, optimal is {}",
            s.len(),
            inst.name,
            inst.optimal
        )));
    }
    Ok((s.len(), nodes))
}

fn pdb_dir(ctx: &Ctx) -> Result<Option<PathBuf>> {
    let mut dir = None;
    let mut args = ctx.args.iter();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--pdb-dir" => {
                dir = Some(PathBuf::from(args.next().ok_or_else(|| {
                    HarnessError::usage("--pdb-dir needs a directory")
                })?))
            }
            other => {
                return Err(HarnessError::usage(format!(
                    "unknown argument {other:?} (the slide suite takes --pdb-dir DIR)"
                )));
            }
        }
    }
    Ok(dir)
}

/// Runs the suite.
pub fn run(ctx: &Ctx) -> Result<SuiteReport> {
    let dir = pdb_dir(ctx)?;
    let eight = bench9()?;
    let (_, pdb71_time) = cpu_timed(pdb71);
    let engines: [(&str, Engine8, bool); 6] = [
        ("ours: A* bucket + pdb71 (mirror)", ours_8, true),
        ("A* bucket + linear conflict", bucket_8, true),
        ("A* binary heap + linear conflict", heap_8, true),
        ("IDA* + linear conflict", ida_8, true),
        ("baseline (seed)", baseline_8, false),
        ("pathfinding A* + Manhattan", pathfinding_8, true),
    ];
    // Answers first: lengths, replays, node counts.
    let mut lengths = vec![0usize; engines.len()];
    let mut nodes = vec![0u64; engines.len()];
    let mut baseline_longer = 0;
    for inst in &eight {
        for (i, (name, f, exact)) in engines.iter().enumerate() {
            let (len, n) = check(name, inst, f(&inst.puzzle), *exact)?;
            lengths[i] += len;
            nodes[i] += n;
            if !exact && len > inst.optimal {
                baseline_longer += 1;
            }
        }
    }
    if nodes[1] != nodes[2] {
        return Err(HarnessError::mismatch(format!(
            "the two queues expanded different node counts: {} vs {}",
            nodes[1], nodes[2]
        )));
    }

    // Korf's 100 (or a quick subset) with the pattern databases.
    let mut korf = korf100()?;
    // Full runs: the 6-6-3 tables (seconds to build once) and the 7-8 tables (a few minutes
    // and 2 GB to build once, 577 MB on disk). `--quick` stays in seconds on a clean machine:
    // small 4-tile tables built at once.
    let partitions: &[Partition] = if ctx.quick {
        &[Partition::Small]
    } else {
        &[Partition::P663, Partition::P78]
    };
    if ctx.quick {
        korf.retain(|k| QUICK_KORF.iter().any(|&id| k.name == id.to_string()));
    }
    let mut last_report = std::time::Instant::now();
    let mut progress = |p: BuildProgress| {
        if last_report.elapsed() > Duration::from_secs(2) {
            eprintln!(
                "building the {}-tile pattern database: depth {}, {:.0}% of {} entries",
                p.tiles,
                p.depth,
                100.0 * p.reached as f64 / p.total as f64,
                p.total
            );
            last_report = std::time::Instant::now();
        }
        true
    };
    let mut korf_runs = Vec::new();
    for &partition in partitions {
        // A build runs on every core: count the CPU time of the whole process.
        let (pdb, load) = process_cpu_timed(|| {
            PatternDatabases::load(partition, 4, 4, 0, dir.as_deref(), &mut progress)
        });
        korf_runs.push(KorfRun {
            partition,
            pdb: pdb.map_err(HarnessError::solver)?,
            load,
            counts: None,
            cpu: Samples::new(),
        });
    }
    // Full runs: the easiest 24-puzzles with the 6-6-6-6 tables (four of 127.5 M entries,
    // minutes to build once).
    let kf24: Vec<Instance> = if ctx.quick {
        Vec::new()
    } else {
        korf_felner_24()?
            .into_iter()
            .filter(|k| KF24.iter().any(|&id| k.name == id.to_string()))
            .collect()
    };
    let mut run24 = None;
    if !kf24.is_empty() {
        let partition = Partition::P6666;
        let (pdb, load) = process_cpu_timed(|| {
            PatternDatabases::load(partition, 5, 5, 0, dir.as_deref(), &mut progress)
        });
        run24 = Some(KorfRun {
            partition,
            pdb: pdb.map_err(HarnessError::solver)?,
            load,
            counts: None,
            cpu: Samples::new(),
        });
    }
    let solve_korf = |pdb: &PatternDatabases| solve_optimally(korf.iter(), "", |_| Ok(pdb.clone()));
    // Walking distance on a few instances (full runs only): a table-free heuristic to set the
    // databases against.
    let wd_korf: Vec<&Instance> = if ctx.quick {
        Vec::new()
    } else {
        korf.iter()
            .filter(|k| WD_KORF.iter().any(|&id| k.name == id.to_string()))
            .collect()
    };
    let solve_wd = || {
        solve_optimally(wd_korf.iter().copied(), " with walking distance", |k| {
            WalkingDistance::new(k.puzzle.geometry(), k.puzzle.goal().blank())
                .map_err(HarnessError::solver)
        })
    };
    let mut wd_counts: Option<(u64, usize)> = None;
    let mut wd_cpu = Samples::new();

    // Timing, round-robin. CPU clocks tick coarsely (milliseconds), so each measurement
    // repeats the whole set of puzzles enough times to run for a good fraction of a second.
    let rounds = ctx.rounds();
    let (reps, reps31) = if ctx.quick {
        (50, 3000)
    } else {
        (REPS, 20 * REPS)
    };
    let hard: Vec<&Instance> = eight.iter().filter(|i| i.optimal == 31).collect();
    let mut per_engine = vec![Samples::new(); engines.len()];
    let mut hard31 = Samples::new();
    for _ in 0..rounds {
        for (i, (_, f, _)) in engines.iter().enumerate() {
            let (_, t) = cpu_timed(|| {
                for _ in 0..reps {
                    for inst in &eight {
                        black_box(f(black_box(&inst.puzzle)));
                    }
                }
            });
            per_engine[i].push(t.as_secs_f64() * 1e6 / f64::from(reps));
        }
        let (_, t) = cpu_timed(|| {
            for _ in 0..reps31 {
                for inst in &hard {
                    black_box(ours_8(black_box(&inst.puzzle)));
                }
            }
        });
        hard31.push(t.as_secs_f64() * 1e6 / f64::from(reps31) / hard.len() as f64);
        // Every timed pass over Korf's instances checks its answers too (a long pass is not
        // repeated just to check); the counts must be the same in every round.
        for run in &mut korf_runs {
            let (r, t) = cpu_timed(|| solve_korf(&run.pdb));
            let counts = r?;
            if run.counts.is_some_and(|c| c != counts) {
                return Err(HarnessError::mismatch(format!(
                    "Korf's instances gave different node counts in two rounds with {}",
                    run.partition.name()
                )));
            }
            run.counts = Some(counts);
            run.cpu.push(t.as_secs_f64());
        }
        if let Some(run) = &mut run24 {
            let (r, t) =
                cpu_timed(|| solve_optimally(kf24.iter(), " (24-puzzle)", |_| Ok(run.pdb.clone())));
            let counts = r?;
            if run.counts.is_some_and(|c| c != counts) {
                return Err(HarnessError::mismatch(
                    "the 24-puzzles gave different node counts in two rounds",
                ));
            }
            run.counts = Some(counts);
            run.cpu.push(t.as_secs_f64());
        }
        if !wd_korf.is_empty() {
            let (r, t) = cpu_timed(solve_wd);
            let counts = r?;
            if wd_counts.is_some_and(|c| c != counts) {
                return Err(HarnessError::mismatch(
                    "walking distance gave different node counts in two rounds",
                ));
            }
            wd_counts = Some(counts);
            wd_cpu.push(t.as_secs_f64());
        }
    }
    // The `korf100` figure: the fastest set of tables that was run.
    let best = korf_runs
        .iter()
        .min_by(|a, b| a.cpu.median().total_cmp(&b.cpu.median()))
        .ok_or_else(|| HarnessError::not_measured("no pattern databases were run"))?;
    let korf_cpu = best.cpu.clone();
    let vs_pathfinding = paired_ratio(&per_engine[5], &per_engine[0]);
    let vs_baseline = paired_ratio(&per_engine[4], &per_engine[0]);

    let mut table = Table::new([
        "engine", "input", "median", "unit", "spread", "moves", "nodes",
    ]);
    for (i, (name, _, _)) in engines.iter().enumerate() {
        table.row([
            name.to_string(),
            "Slidr 9 (sum)".to_string(),
            sig3(per_engine[i].median()),
            "cpu-us".to_string(),
            pct(per_engine[i].spread()),
            lengths[i].to_string(),
            nodes[i].to_string(),
        ]);
    }
    table.row([
        "ours, per 31-move 8-puzzle".to_string(),
        "hard0, hard1".to_string(),
        sig3(hard31.median()),
        "cpu-us".to_string(),
        pct(hard31.spread()),
        "31".to_string(),
        String::new(),
    ]);
    table.row([
        "speedup vs pathfinding (paired)".to_string(),
        "Slidr 9".to_string(),
        sig3(vs_pathfinding.median()),
        "x".to_string(),
        pct(vs_pathfinding.spread()),
        String::new(),
        String::new(),
    ]);
    table.row([
        "speedup vs baseline (paired)".to_string(),
        "Slidr 9".to_string(),
        sig3(vs_baseline.median()),
        "x".to_string(),
        pct(vs_baseline.spread()),
        format!("{baseline_longer} non-optimal"),
        String::new(),
    ]);
    for run in &korf_runs {
        let (nodes, moves) = run.counts.unwrap_or_default();
        table.row([
            format!("ours: IDA* + {} (mirror)", run.partition.name()),
            format!("Korf {} instances", korf.len()),
            sig3(run.cpu.median()),
            "cpu-s".to_string(),
            pct(run.cpu.spread()),
            moves.to_string(),
            nodes.to_string(),
        ]);
    }
    if let Some(run) = &run24 {
        let (nodes, moves) = run.counts.unwrap_or_default();
        table.row([
            format!("ours: IDA* + {} (mirror)", run.partition.name()),
            format!("24-puzzle K&F {KF24:?}"),
            sig3(run.cpu.median()),
            "cpu-s".to_string(),
            pct(run.cpu.spread()),
            moves.to_string(),
            nodes.to_string(),
        ]);
    }
    table.row([
        format!("korf100 figure: IDA* + {}", best.partition.name()),
        "fastest tables run".to_string(),
        sig3(korf_cpu.median()),
        "cpu-s".to_string(),
        pct(korf_cpu.spread()),
        String::new(),
        String::new(),
    ]);
    if let Some((wd_nodes, wd_moves)) = wd_counts {
        table.row([
            "IDA* + walking distance".to_string(),
            format!("Korf {WD_KORF:?}"),
            sig3(wd_cpu.median()),
            "cpu-s".to_string(),
            pct(wd_cpu.spread()),
            wd_moves.to_string(),
            wd_nodes.to_string(),
        ]);
    }
    table.row([
        "pdb71 build (cpu, once)".to_string(),
        "181,449 entries".to_string(),
        sig3(pdb71_time.as_secs_f64() * 1e3),
        "ms".to_string(),
        String::new(),
        String::new(),
        String::new(),
    ]);
    for run in korf_runs.iter().chain(&run24) {
        let built: Duration = run.pdb.tables().iter().map(|t| t.build_time()).sum();
        let entries: usize = run.pdb.tables().iter().map(|t| t.len()).sum();
        table.row([
            format!(
                "{} load or build (cpu) / build (wall; 0: cached)",
                run.partition.name()
            ),
            format!("{entries} entries"),
            format!(
                "{} / {}",
                sig3(run.load.as_secs_f64()),
                sig3(built.as_secs_f64())
            ),
            "s".to_string(),
            String::new(),
            String::new(),
            String::new(),
        ]);
    }

    let mut report = SuiteReport {
        suite: "slide".into(),
        table,
        ..SuiteReport::default()
    };
    report.figure("korf100", korf_cpu.median(), "cpu-s");
    report.figure("8-puzzle-31", hard31.median(), "us");
    report.figure("speedup-vs-pathfinding", vs_pathfinding.median(), "x");
    report.figure("speedup-vs-baseline", vs_baseline.median(), "x");
    report.last_line = format!(
        "slide: korf100 {} cpu-s, 8-puzzle-31 {} us, speedup-vs-pathfinding {}x",
        sig3(korf_cpu.median()),
        sig3(hard31.median()),
        sig3(vs_pathfinding.median())
    );
    Ok(report)
}

/// One set of tables on Korf's instances: the tables, their load (or build) time and the
/// timed solves.
struct KorfRun {
    partition: Partition,
    pdb: PatternDatabases,
    load: Duration,
    counts: Option<(u64, usize)>,
    cpu: Samples,
}

/// Solves each instance with IDA* and the heuristic `make` gives for it, checks every answer
/// (optimal length, replays to the goal), and returns the nodes generated and moves in all.
fn solve_optimally<'a, H: Heuristic>(
    instances: impl IntoIterator<Item = &'a Instance>,
    label: &str,
    make: impl Fn(&Instance) -> Result<H>,
) -> Result<(u64, usize)> {
    let mut generated = 0;
    let mut moves = 0;
    for k in instances {
        let mut s = IdaStar::new(&k.puzzle, make(k)?).map_err(HarnessError::solver)?;
        let sol = s
            .next()
            .ok_or_else(|| HarnessError::mismatch(format!("Korf #{}: no solution", k.name)))?;
        if sol.len() != k.optimal || sol.replay() != Some(*k.puzzle.goal()) {
            return Err(HarnessError::mismatch(format!(
                "Korf #{}{label}: {} moves, optimal {}",
                k.name,
                sol.len(),
                k.optimal
            )));
        }
        generated += s.progress().generated;
        moves += sol.len();
    }
    Ok((generated, moves))
}
