//! `compare -- sudoku --generate [--count N]`: our puzzle generation rate per grade against
//! qqwing's for its nearest class, and a confusion table of qqwing's class against our grade
//! on qqwing's own puzzles, in one run. qqwing (the Debian package `qqwing`) runs as a child
//! process; its CPU time is the children's CPU time around the run. Without qqwing on the
//! PATH only our side runs, and the table says so.

use std::process::Command;

use sudoku_engine::Grid;
use sudoku_engine::puzzle_gen::Generator;
use sudoku_engine::rating::{GRADES, Grade, rate, read_rated};

use crate::Ctx;
use crate::error::{HarnessError, Result};
use crate::measure::{children_cpu, thread_cpu};
use crate::report::{SuiteReport, Table, sig3};

/// qqwing's classes and the grade of ours nearest each.
const CLASSES: [(&str, Grade); 4] = [
    ("simple", Grade::Easy),
    ("easy", Grade::Easy),
    ("intermediate", Grade::Medium),
    ("expert", Grade::Hard),
];

/// qqwing's class nearest each of our grades.
fn nearest(g: Grade) -> &'static str {
    match g {
        Grade::Easy => "simple",
        Grade::Medium => "intermediate",
        _ => "expert",
    }
}

/// Puzzles per class and grade (the 1,000), and in quick mode.
const COUNT: usize = 1000;
const QUICK_COUNT: usize = 10;
/// The seed of our runs (any fixed one: the run is repeatable).
const SEED: u64 = 2026;

struct QqwingRun {
    puzzles: Vec<Grid>,
    per_s: f64,
}

/// qqwing's `count` puzzles of `class`, and its rate in puzzles per CPU second; `None`
/// when qqwing is not installed.
fn qqwing(class: &str, count: usize) -> Result<Option<QqwingRun>> {
    let before = children_cpu();
    let out = match Command::new("qqwing")
        .args([
            "--generate",
            &count.to_string(),
            "--difficulty",
            class,
            "--one-line",
        ])
        .output()
    {
        Ok(o) => o,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(HarnessError::external(format!("qqwing: {e}"))),
    };
    let cpu = children_cpu().saturating_sub(before).as_secs_f64();
    if !out.status.success() {
        return Err(HarnessError::external(format!(
            "qqwing exited with {}",
            out.status
        )));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let puzzles = read_rated(&text).map_err(|e| HarnessError::input("qqwing's output", e))?;
    if puzzles.len() != count {
        return Err(HarnessError::mismatch(format!(
            "qqwing wrote {} puzzles of class {class}, asked for {count}",
            puzzles.len()
        )));
    }
    Ok(Some(QqwingRun {
        puzzles,
        per_s: count as f64 / cpu.max(1e-9),
    }))
}

/// Our rate for `grade` in puzzles per CPU second, one thread, checking every puzzle's grade.
fn ours(grade: Grade, count: usize) -> Result<f64> {
    let generator = Generator::new(SEED).difficulty(grade);
    let before = thread_cpu();
    let made: Vec<Grade> = generator
        .iter()
        .take(count)
        .map(|p| p.rating.grade)
        .collect();
    let cpu = thread_cpu().saturating_sub(before).as_secs_f64();
    if made.iter().any(|&g| g != grade) {
        return Err(HarnessError::mismatch(format!(
            "a puzzle asked as {grade} came out otherwise"
        )));
    }
    Ok(count as f64 / cpu.max(1e-9))
}

/// Runs the comparison (`args` after `--generate`: optionally `--count N`).
pub fn run(ctx: &Ctx, args: &[String]) -> Result<SuiteReport> {
    let mut count = if ctx.quick { QUICK_COUNT } else { COUNT };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--count" => {
                count = it
                    .next()
                    .and_then(|n| n.parse().ok())
                    .filter(|&n| n > 0)
                    .ok_or_else(|| HarnessError::usage("--count needs a whole number above 0"))?;
            }
            other => {
                return Err(HarnessError::usage(format!(
                    "unknown argument `{other}` (sudoku --generate takes --count N)"
                )));
            }
        }
    }
    let mut report = SuiteReport {
        suite: "sudoku-generate".into(),
        ..SuiteReport::default()
    };
    // qqwing's classes: its rate, and our grades of its puzzles.
    let mut header = vec![
        "qqwing class".to_string(),
        "puzzles".into(),
        "qqwing /s".into(),
    ];
    header.extend(GRADES.iter().map(|g| format!("our {g}")));
    let mut confusion = Table::new(header);
    let mut qq_rate = std::collections::HashMap::new();
    let mut have_qqwing = true;
    for (class, _) in CLASSES {
        let Some(run) = qqwing(class, count)? else {
            have_qqwing = false;
            println!("(qqwing is not installed: `apt-get install qqwing` for its side; ours only)");
            break;
        };
        let mut row = [0usize; 5];
        for p in &run.puzzles {
            let r = rate(p)
                .map_err(|e| HarnessError::input(format!("qqwing {class} puzzle {p}"), e))?;
            row[GRADES.iter().position(|&g| g == r.grade).unwrap_or(0)] += 1;
        }
        let mut cells = vec![class.to_string(), count.to_string(), sig3(run.per_s)];
        cells.extend(row.iter().map(|n| n.to_string()));
        confusion.row(cells);
        report.figure(format!("qqwing {class} /s"), run.per_s, "puzzles/cpu-s");
        qq_rate.insert(class, run.per_s);
    }
    if have_qqwing {
        print!("{}", confusion.render());
        println!();
    }
    // Our rate per grade against qqwing's nearest class.
    let mut table = Table::new([
        "our grade",
        "puzzles",
        "ours /s",
        "qqwing class",
        "qqwing /s",
        "ratio",
    ]);
    let mut worst: Option<(f64, Grade)> = None;
    for g in GRADES {
        let per_s = ours(g, count)?;
        report.figure(format!("ours {g} /s"), per_s, "puzzles/cpu-s");
        let class = nearest(g);
        let (theirs, ratio) = match qq_rate.get(class) {
            Some(&q) => {
                let ratio = per_s / q;
                report.figure(format!("ratio {g} vs qqwing {class}"), ratio, "x");
                if worst.is_none_or(|(w, _)| ratio < w) {
                    worst = Some((ratio, g));
                }
                (sig3(q), format!("{}x", sig3(ratio)))
            }
            None => ("-".into(), "-".into()),
        };
        table.row([
            g.to_string(),
            count.to_string(),
            sig3(per_s),
            class.into(),
            theirs,
            ratio,
        ]);
    }
    report.table = table;
    report.last_line = match worst {
        Some((r, g)) => format!(
            "sudoku --generate: {count} puzzles per grade, lowest rate ratio vs qqwing {}x ({g} vs {})",
            sig3(r),
            nearest(g)
        ),
        None => {
            format!("sudoku --generate: {count} puzzles per grade, qqwing not installed (no ratio)")
        }
    };
    Ok(report)
}
