//! `compare -- quartiles`: the fast solver against the seed's algorithm (`baseline`) on the
//! public boards, with the embedded dictionary already loaded.
//!
//! A full solve is `Solver::with_engine` + `finish` + `words()` + `quartiles()` (every word and
//! the exact cover), the same job for both engines. Before timing, both engines must give the
//! same words in the same order and the same node counts on every board. Each round times a batch of passes over all boards with
//! each engine (round-robin, CPU time, about 150 ms a batch because CPU clocks tick in
//! milliseconds) and pairs the two into a ratio; the table shows medians over rounds, plus
//! the median and slowest board by wall clock (one board is too short for the CPU clock).
//! A first table gives the dictionary's recall on the boards under three tier policies:
//! boards whose five quartiles are found, words a board, and words beyond the partial
//! official lists of the two boards that have one.

use std::collections::{HashMap, HashSet};
use std::hint::black_box;
use std::time::{Duration, Instant};

use quartiles_solver::{Board, Dictionary, Engine, Search, Solver, Tiers};

use crate::error::{HarnessError, Result};
use crate::measure::{Samples, cpu_timed, paired_ratio, round_robin};
use crate::report::{SuiteReport, Table, pct, sig3};
use crate::{Ctx, testdata};

/// Repetitions of the fast solver per board for the wall-clock distribution over boards.
const OURS_REPS: u32 = 200;
/// CPU time of one timed batch (CPU clocks tick in milliseconds).
const BATCH: Duration = Duration::from_millis(150);

/// A public board with its answers.
pub struct PublicBoard {
    /// Its id in the file.
    pub id: String,
    /// The tiles.
    pub board: Board,
    /// The five quartiles, sorted.
    pub quartiles: Vec<String>,
    /// Words copied from the official game, where the source has them (partial lists).
    pub official: Option<Vec<String>>,
}

fn strings(v: &serde_json::Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// Every board of `testdata/quartiles/boards-public.json`, with its answers.
pub fn public_boards_with_answers() -> Result<Vec<PublicBoard>> {
    let path = testdata().join("quartiles").join("boards-public.json");
    let text = std::fs::read_to_string(&path).map_err(|e| HarnessError::io(&path, e))?;
    let json: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| HarnessError::input(path.display().to_string(), e))?;
    let boards = json["boards"]
        .as_array()
        .ok_or_else(|| HarnessError::data(format!("{}: no `boards` array", path.display())))?;
    boards
        .iter()
        .map(|b| {
            let id = b["id"].as_str().unwrap_or("?").to_string();
            let board = Board::from_tiles(strings(&b["tiles"]))
                .map_err(|e| HarnessError::input(format!("board {id}"), e))?;
            let mut quartiles = strings(&b["quartiles"]);
            quartiles.sort();
            Ok(PublicBoard {
                id,
                board,
                quartiles,
                official: b.get("official_words_subset").map(strings),
            })
        })
        .collect()
}

/// The public boards: id and board.
pub fn public_boards() -> Result<Vec<(String, Board)>> {
    Ok(public_boards_with_answers()?
        .into_iter()
        .map(|b| (b.id, b.board))
        .collect())
}

/// The dictionary's recall on the public boards under three tier policies: boards whose five
/// quartiles are found, words a board, and words beyond the (partial) official lists.
fn recall(dict: &Dictionary, boards: &[PublicBoard]) -> Table {
    let mut t = Table::new([
        "tiers: 1-3 tiles / 4 tiles",
        "boards with the quartiles",
        "words a board",
        "beyond official lists",
    ]);
    for (name, short, quartile) in [
        ("size 60 / 60", 60, 60),
        ("size 80 / 80", 80, 80),
        ("size 60 / 80 (default)", 60, 80),
    ] {
        let d = dict.clone().with_tiers(Tiers { short, quartile });
        let (mut found, mut words, mut beyond) = (0, 0, Vec::new());
        for b in boards {
            let s = Solver::new(&d, &b.board).finish();
            let solution: Vec<String> = s.solution().iter().map(|w| w.to_string()).collect();
            words += solution.len();
            let hit = s.quartiles().iter().any(|c| {
                let mut q: Vec<String> = c.iter().map(|w| w.to_string()).collect();
                q.sort();
                q == b.quartiles
            });
            found += usize::from(hit);
            if let Some(official) = &b.official {
                let extra = solution.iter().filter(|w| !official.contains(w)).count();
                beyond.push(format!("{} {extra}", b.id));
            }
        }
        t.row([
            name.to_string(),
            format!("{found}/{}", boards.len()),
            sig3(words as f64 / boards.len().max(1) as f64),
            beyond.join(", "),
        ]);
    }
    t
}

/// The game's record of a day: the words it accepted (the public answer lists; see
/// `testdata/quartiles/SOURCE.md`).
struct Record {
    /// Day -> accepted words.
    days: HashMap<String, HashSet<String>>,
    /// Words the game rejected.
    rejected: HashSet<String>,
    /// Every word accepted on some day.
    accepted: HashSet<String>,
    /// The days held out of the dictionary's tuning.
    held_out: HashSet<String>,
}

fn record() -> Result<Record> {
    let dir = testdata().join("quartiles");
    let read = |name: &str| {
        let path = dir.join(name);
        std::fs::read_to_string(&path).map_err(|e| HarnessError::io(&path, e))
    };
    let json: serde_json::Value = serde_json::from_str(&read("official-answers.json")?)
        .map_err(|e| HarnessError::input("official-answers.json", e))?;
    let days: HashMap<String, HashSet<String>> = json["days"]
        .as_object()
        .ok_or_else(|| HarnessError::data("official-answers.json: no `days` object"))?
        .iter()
        .map(|(d, w)| (d.clone(), strings(w).into_iter().collect()))
        .collect();
    let accepted = days.values().flatten().cloned().collect();
    let words = |text: String| -> HashSet<String> {
        text.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(String::from)
            .collect()
    };
    Ok(Record {
        days,
        rejected: words(read("known-invalid.txt")?),
        accepted,
        held_out: words(read("held-out-days.txt")?),
    })
}

/// Recall and junk against the game's record, on the public boards that have a day's list:
/// the held-out days (which the embedded list was not tuned on) and the training days.
///
/// Recall is the share of the day's accepted words the solver reports; junk the share of
/// reported words the game is known to reject (`known-invalid.txt`); "unknown" the share that
/// is in neither record (the record leaves out words formable on a set of boards kept
/// private, so most of these, such as `he` or `hand`, are words the game takes).
fn game_record(dict: &Dictionary, boards: &[PublicBoard]) -> Result<Table> {
    let rec = record()?;
    let mut t = Table::new([
        "days (tiers 1-3 / 4)",
        "boards",
        "accepted words",
        "recall",
        "junk",
        "unknown",
        "quartiles",
    ]);
    let policies = [
        ("size 55 / 80", 55, 80),
        ("size 60 / 80 (default)", 60, 80),
        ("size 70 / 80", 70, 80),
    ];
    for held_out in [true, false] {
        for (name, short, quartile) in policies {
            let d = dict.clone().with_tiers(Tiers { short, quartile });
            let (mut n, mut official, mut hit, mut reported, mut junk, mut unknown, mut q) =
                (0, 0, 0, 0, 0, 0, 0);
            for b in boards {
                let day = b.id.trim_start_matches("qc-");
                let Some(accepted) = rec.days.get(day) else {
                    continue;
                };
                if rec.held_out.contains(day) != held_out {
                    continue;
                }
                let s = Solver::new(&d, &b.board).finish();
                let words: HashSet<String> = s.solution().iter().map(|w| w.to_string()).collect();
                n += 1;
                official += accepted.len();
                hit += words.intersection(accepted).count();
                reported += words.len();
                for w in words.difference(accepted) {
                    if rec.rejected.contains(w) {
                        junk += 1;
                    } else if !rec.accepted.contains(w) {
                        unknown += 1;
                    }
                }
                q += usize::from(s.quartiles().iter().any(|c| {
                    let mut q: Vec<String> = c.iter().map(|w| w.to_string()).collect();
                    q.sort();
                    q == b.quartiles
                }));
            }
            let share = |a: usize, b: usize| format!("{:.1}%", 100.0 * a as f64 / b.max(1) as f64);
            let which = if held_out { "held out" } else { "training" };
            t.row([
                format!("{which}, {name}"),
                n.to_string(),
                official.to_string(),
                share(hit, official),
                share(junk, reported),
                share(unknown, reported),
                format!("{q}/{n}"),
            ]);
        }
    }
    Ok(t)
}

/// One full solve with `engine`: every word and the quartiles. Returns a checksum so nothing
/// is elided.
pub fn solve_with(engine: Engine, dict: &Dictionary, board: &Board) -> usize {
    let s = Solver::with_engine(dict, board, engine).finish();
    s.words().len() + s.quartiles().len()
}

/// The fast engine's full solve (see [`solve_with`]).
pub fn full_solve(dict: &Dictionary, board: &Board) -> usize {
    solve_with(Engine::Fast, dict, board)
}

/// The baseline's full solve: the same job, the same checksum.
pub fn baseline_solve(dict: &Dictionary, board: &Board) -> usize {
    solve_with(Engine::Baseline, dict, board)
}

/// Checks that both engines agree on a board; returns (words, nodes).
fn check(dict: &Dictionary, id: &str, board: &Board) -> Result<(usize, u64)> {
    let ours = Solver::new(dict, board).finish();
    let base = Solver::with_engine(dict, board, Engine::Baseline).finish();
    if ours.words() != base.words() {
        return Err(HarnessError::mismatch(format!(
            "board {id}: the engines found different words"
        )));
    }
    let (n, m) = (ours.progress().nodes, base.progress().nodes);
    if n != m {
        return Err(HarnessError::mismatch(format!(
            "board {id}: node counts differ (ours {n}, baseline {m})"
        )));
    }
    Ok((ours.words().len(), m))
}

/// Runs the suite.
pub fn run(ctx: &Ctx) -> Result<SuiteReport> {
    // Wall clock for the one-off costs: they are below the CPU clock's resolution.
    let start = Instant::now();
    let dict = Dictionary::english();
    let load = start.elapsed();
    let start = Instant::now();
    dict.prepare();
    let prepare = start.elapsed();
    let mut answers = public_boards_with_answers()?;
    if ctx.quick {
        answers.truncate(1);
    }
    // Recall first (its own table), then speed (the suite's table and last line).
    print!("{}", recall(&dict, &answers).render());
    println!();
    print!("{}", game_record(&dict, &answers)?.render());
    println!();
    let boards: Vec<(String, Board)> = answers.into_iter().map(|b| (b.id, b.board)).collect();
    let mut words = 0;
    let mut nodes = 0;
    let mut solved = 0;
    for (id, board) in &boards {
        let (w, n) = check(&dict, id, board)?;
        words += w;
        nodes += n;
        solved += usize::from(Solver::new(&dict, board).finish().is_solved());
    }

    // CPU time advances in steps of a few milliseconds, so each sample is a batch of whole
    // passes over the boards lasting about BATCH; the figure is CPU time per board solve.
    let passes = |f: &dyn Fn(&Board) -> usize| -> u32 {
        if ctx.quick {
            return 1;
        }
        let start = Instant::now();
        for (_, board) in &boards {
            black_box(f(black_box(board)));
        }
        let one = start.elapsed().as_secs_f64().max(1e-9);
        (BATCH.as_secs_f64() / one).ceil().clamp(1.0, 1e6) as u32
    };
    let fast = |b: &Board| full_solve(&dict, b);
    let slow = |b: &Board| baseline_solve(&dict, b);
    let (ours_passes, base_passes) = (passes(&fast), passes(&slow));
    let batch = |f: &dyn Fn(&Board) -> usize, n: u32| -> f64 {
        let (_, t) = cpu_timed(|| {
            for _ in 0..n {
                for (_, board) in &boards {
                    black_box(f(black_box(board)));
                }
            }
        });
        t.as_secs_f64() * 1e6 / (f64::from(n) * boards.len() as f64)
    };
    let mut ours_run = || batch(&fast, ours_passes);
    let mut base_run = || batch(&slow, base_passes);
    let samples = round_robin(ctx.rounds(), &mut [&mut ours_run, &mut base_run]);
    let (ours, base) = (&samples[0], &samples[1]);
    let ratio = paired_ratio(base, ours);

    // The distribution over boards (wall clock, which has the resolution CPU time lacks).
    let per_board = |f: &dyn Fn(&Board) -> usize, reps: u32| -> Samples {
        let mut s = Samples::new();
        for (_, board) in &boards {
            let start = Instant::now();
            for _ in 0..reps {
                black_box(f(black_box(board)));
            }
            s.push(start.elapsed().as_secs_f64() * 1e6 / f64::from(reps));
        }
        s
    };
    let reps = if ctx.quick { 1 } else { OURS_REPS };
    let ours_boards = per_board(&fast, reps);
    let base_boards = per_board(&slow, 1);

    let mut table = Table::new([
        "engine",
        "boards",
        "cpu us/solve",
        "min",
        "max",
        "spread",
        "board median (wall)",
        "slowest board",
        "words",
        "nodes",
    ]);
    for (name, s, pb) in [
        ("ours", ours, &ours_boards),
        ("baseline", base, &base_boards),
    ] {
        table.row([
            name.to_string(),
            boards.len().to_string(),
            sig3(s.median()),
            sig3(s.min()),
            sig3(s.max()),
            pct(s.spread()),
            sig3(pb.median()),
            sig3(pb.max()),
            words.to_string(),
            nodes.to_string(),
        ]);
    }
    let board_ratio = base_boards.median() / ours_boards.median();
    table.sparse_row(
        "speedup (paired)",
        &[
            (2, format!("{}x", sig3(ratio.median()))),
            (3, format!("{}x", sig3(ratio.min()))),
            (4, format!("{}x", sig3(ratio.max()))),
            (5, pct(ratio.spread())),
            (6, format!("{}x", sig3(board_ratio))),
        ],
    );
    table.sparse_row(
        "quartiles found",
        &[(1, format!("{solved}/{}", boards.len()))],
    );
    table.sparse_row(
        "load embedded dictionary (wall us)",
        &[
            (2, sig3(load.as_secs_f64() * 1e6)),
            (8, dict.len().to_string()),
        ],
    );
    table.sparse_row(
        "prepare search index (wall us)",
        &[(2, sig3(prepare.as_secs_f64() * 1e6))],
    );

    let mut report = SuiteReport {
        suite: "quartiles".into(),
        table,
        ..SuiteReport::default()
    };
    // In quick mode one CPU batch is below the clock's resolution: report the wall-clock
    // figures instead, so the last line always holds numbers.
    let (o, b, r) = if ctx.quick {
        (ours_boards.median(), base_boards.median(), board_ratio)
    } else {
        (ours.median(), base.median(), ratio.median())
    };
    report.figure("ours", o, "us");
    report.figure("ours board median (wall)", ours_boards.median(), "us");
    report.figure("baseline", b, "us");
    report.figure("speedup", r, "x");
    report.last_line = format!(
        "quartiles: ours {} us, baseline {} us, speedup {}x",
        sig3(o),
        sig3(b),
        sig3(r)
    );
    Ok(report)
}
