//! `compare -- eternity --score`: the score search on the official 256-piece Eternity II set,
//! the best score against CPU time, per engine variant.
//!
//! Each row runs one variant of the score search on one thread for a CPU-time budget, and the
//! table gives its best score at each mark of the curve (1, 10 and 60 CPU seconds; `--quick`:
//! 1 s on the centre-piece board only). The best board is checked independently: its score is
//! recomputed from the board by `Board::score`, and its pieces are checked to be used once
//! and kept off the rim's wrong side.
//!
//! Suite arguments: `--score-marks S1,S2,...` (CPU seconds; default 1,10,60).
//! Last line: `eternity-score: best <s>/480 in <t> cpu-s (<variant>, <board>)`.

use std::time::Duration;

use eternity_solver::score::{PieceOrder, ScoreOptions, ScoreSearch};
use eternity_solver::{Board, Budget, FillOrder, GREY, Instance, Search, Side};

use super::eternity::{SuiteArgs, load};
use crate::Ctx;
use crate::error::{HarnessError, Result};
use crate::measure::thread_cpu;
use crate::report::{SuiteReport, Table};

/// The variants compared.
fn variants() -> Vec<(&'static str, ScoreOptions)> {
    vec![
        (
            "hard-first",
            ScoreOptions::default().piece_order(PieceOrder::HardFirst),
        ),
        (
            "random",
            ScoreOptions::default().piece_order(PieceOrder::Random),
        ),
        // The local-improvement phase (off by default): 100 windows of up to 12 cells,
        // 20,000 placements each, after every restart.
        (
            "hard-first+polish",
            ScoreOptions::default()
                .piece_order(PieceOrder::HardFirst)
                .polish(100, 12, 20_000),
        ),
    ]
}

/// The official set's boards: the centre piece alone, and the five clues.
fn boards(quick: bool) -> Result<Vec<(&'static str, Instance)>> {
    let mut b = vec![("centre", load("official/e2-official-centre.json")?)];
    if !quick {
        b.push(("clues", load("official/e2-official-clues.json")?));
    }
    Ok(b)
}

/// Counts a score board's mismatched edges, checking the rules it must keep.
pub fn check(inst: &Instance, board: &Board) -> Result<usize> {
    let mut seen = vec![false; inst.pieces().len()];
    let mut breaks = 0;
    for cell in 0..inst.cells() {
        let Some(p) = board.get(cell) else { continue };
        if std::mem::replace(&mut seen[p.piece as usize], true) {
            return Err(HarnessError::not_measured(format!(
                "piece {} used twice",
                p.piece
            )));
        }
        let edges = inst.piece(p.piece).rotated(p.rotation);
        for side in Side::ALL {
            let e = edges[side.index()];
            let rim = inst.neighbour(cell, side).is_none();
            if (e == GREY) != rim {
                return Err(HarnessError::not_measured(format!(
                    "cell {cell}: the {side:?} edge breaks the rim rule"
                )));
            }
            if let (Side::Right | Side::Down, Some(n)) = (side, inst.neighbour(cell, side))
                && board.edge(inst, n, side.opposite()).is_some_and(|f| f != e)
            {
                breaks += 1;
            }
        }
    }
    Ok(breaks)
}

/// Runs the suite.
pub fn run(ctx: &Ctx, mut args: SuiteArgs) -> Result<SuiteReport> {
    let marks: Vec<f64> = match args.take_value("--score-marks")? {
        Some(v) => v
            .split(',')
            .map(|s| {
                s.trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite() && *x > 0.0)
            })
            .collect::<Option<Vec<f64>>>()
            .ok_or_else(|| {
                HarnessError::usage(format!("--score-marks needs positive seconds, got `{v}`"))
            })?,
        None if ctx.quick => vec![1.0],
        None => vec![1.0, 10.0, 60.0],
    };
    args.finish()?;
    let mut header = vec!["board".to_string(), "variant".into()];
    header.extend(marks.iter().map(|m| format!("best @{m}s")));
    header.extend([
        "nodes".into(),
        "M/cpu-s".into(),
        "breaks".into(),
        "complete".into(),
    ]);
    let mut table = Table::new(header);
    let mut report = SuiteReport {
        suite: "eternity-score".into(),
        ..SuiteReport::default()
    };
    let mut top: Option<(usize, f64, String)> = None;
    for (name, inst) in boards(ctx.quick)? {
        let order = FillOrder::row_major(&inst);
        for (variant, options) in variants() {
            let mut s = ScoreSearch::new(&inst, &order, options);
            let start = thread_cpu();
            let mut at_marks = Vec::new();
            let mut first_at: Option<(usize, f64)> = None;
            for &m in &marks {
                let until = Duration::from_secs_f64(m);
                while thread_cpu() - start < until {
                    let _ = s.step(Budget::time(Duration::from_millis(50)));
                    let p = s.progress();
                    if first_at.is_none_or(|(b, _)| p.best_score > b) {
                        first_at = Some((p.best_score, (thread_cpu() - start).as_secs_f64()));
                    }
                }
                at_marks.push(s.progress().best_score);
            }
            let cpu = (thread_cpu() - start).as_secs_f64();
            let best = s
                .improvement()
                .ok_or_else(|| HarnessError::not_measured(format!("{name} {variant}: no board")))?;
            let breaks = check(&inst, &best.board)?;
            if best.board.score(&inst) != best.score {
                return Err(HarnessError::not_measured(
                    "the best board's score is not its own",
                ));
            }
            let mut row = vec![name.to_string(), variant.to_string()];
            row.extend(at_marks.iter().map(|b| b.to_string()));
            row.extend([
                s.nodes().to_string(),
                format!("{:.1}", s.nodes() as f64 / cpu / 1e6),
                breaks.to_string(),
                best.complete.to_string(),
            ]);
            table.row(row);
            report.figure(format!("{name} {variant} best"), best.score as f64, "edges");
            if let Some((b, t)) = first_at
                && top.as_ref().is_none_or(|(tb, _, _)| b > *tb)
            {
                top = Some((b, t, format!("{variant}, {name}")));
            }
        }
    }
    report.table = table;
    report.last_line = match top {
        Some((b, t, what)) => format!("eternity-score: best {b}/480 in {t:.1} cpu-s ({what})"),
        None => "eternity-score: no board".into(),
    };
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_curve_checks_its_boards() {
        let ctx = Ctx {
            quick: true,
            rounds: 1,
            args: vec![],
        };
        let args = SuiteArgs::new(&["--score-marks".into(), "0.2".into()]);
        let r = run(&ctx, args).unwrap();
        assert!(
            r.last_line.starts_with("eternity-score: best "),
            "{}",
            r.last_line
        );
        assert_eq!(r.figures.len(), variants().len());
        assert!(r.figures.iter().all(|f| f.value > 300.0));
        let bad = SuiteArgs::new(&["--score-marks".into(), "inf".into()]);
        assert!(run(&ctx, bad).is_err());
    }
}
