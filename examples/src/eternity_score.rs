//! `eternity --engine score`: the score search of `eternity-solver` on one or more threads,
//! with a time or node budget, a progress line a second, and the best board written as JSON.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use eternity_solver::format::{bucas, json, mcgavin};
use eternity_solver::score::{BreakSchedule, Improvement, PieceOrder, ScoreOptions, ScoreSearch};
use eternity_solver::{Board, Budget, FillOrder, Instance, Search, Step};
use puzzle_search::{Checkpoint, write_atomically};

use crate::process_cpu;

/// What `--engine score` was asked for.
#[derive(Clone, Debug)]
pub struct ScoreArgs {
    /// The seed of the restarts' rankings.
    pub seed: u64,
    /// Breaks by depth (`None`: the crate's default for the board).
    pub schedule: Option<BreakSchedule>,
    /// Nodes per restart (`None`: the crate's default).
    pub restart_nodes: Option<u64>,
    /// The piece ranking.
    pub piece_order: PieceOrder,
    /// Breaks at any cell, not only where nothing fits exactly.
    pub breaks_anywhere: bool,
    /// The most breaks one placement may cost (`None`: the crate's default).
    pub cell_breaks: Option<u32>,
    /// Windows re-filled after each restart, cells a window, placements a window (`None`:
    /// the crate's defaults).
    pub polish: (Option<u32>, Option<u32>, Option<u64>),
    /// Stop after this much CPU time of the process (all threads).
    pub cpu_budget: Option<Duration>,
    /// Stop after this many seconds of wall time.
    pub budget: Option<Duration>,
    /// Stop after this many nodes in total (over all threads).
    pub max_nodes: Option<u64>,
    /// Threads, each running its own share of the restarts.
    pub threads: usize,
    /// Write the best board here as JSON.
    pub best: Option<PathBuf>,
    /// Save the state here every second and at the end (one thread only).
    pub save: Option<PathBuf>,
    /// Resume from a saved state (one thread only).
    pub resume: Option<PathBuf>,
    /// No progress lines.
    pub quiet: bool,
}

/// What a run ends with (the last line of the program).
#[derive(Clone, Debug)]
pub struct ScoreOutcome {
    /// Nodes over all threads (a resumed run's earlier nodes included).
    pub nodes: u64,
    /// Nodes of this process.
    pub nodes_here: u64,
    /// Restarts finished.
    pub restarts: u64,
    /// The best board, if any node was placed.
    pub best: Option<Improvement>,
    /// The most cells filled at once.
    pub max_depth: usize,
}

/// A slice of work between two looks at the clock and the other threads.
const SLICE: Duration = Duration::from_millis(50);

/// Runs the score search as `args` asks.
pub fn run(
    inst: &Instance,
    order: &FillOrder,
    args: &ScoreArgs,
) -> Result<ScoreOutcome, Box<dyn std::error::Error>> {
    let mut options = ScoreOptions::default()
        .seed(args.seed)
        .piece_order(args.piece_order)
        .breaks_when_stuck(!args.breaks_anywhere);
    if let Some(s) = args.schedule {
        options = options.schedule(s);
    }
    if let Some(n) = args.restart_nodes {
        options = options.restart_nodes(n);
    }
    if let Some(n) = args.cell_breaks {
        options = options.cell_breaks(n);
    }
    let (windows, cells, nodes) = args.polish;
    options = options.polish(
        windows.unwrap_or(options.polish_windows),
        cells.unwrap_or(options.window_cells),
        nodes.unwrap_or(options.window_nodes),
    );
    let threads = args.threads.max(1);
    if threads > 1 && (args.save.is_some() || args.resume.is_some()) {
        return Err("--save and --resume work with --threads 1 only".into());
    }
    let root = match &args.resume {
        Some(path) => {
            let ck = Checkpoint::load(path)?;
            ScoreSearch::from_checkpoint(inst, order, &ck)
                .map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => ScoreSearch::new(inst, order, options),
    };
    let nodes0 = root.nodes();
    if !args.quiet {
        let a = root.allowances();
        let free = a.iter().position(|&b| b > 0).unwrap_or(a.len());
        eprintln!(
            "score search: seed {}, breaks from depth {free} up to {} at depth {}, {} nodes a restart, {} windows of {} cells and {} nodes after each, {} threads",
            root.options().seed,
            a.last().copied().unwrap_or(0),
            a.len(),
            root.options().restart_nodes,
            root.options().polish_windows,
            root.options().window_cells,
            root.options().window_nodes,
            threads
        );
    }
    let mut parts = if threads > 1 {
        root.parts(threads)
    } else {
        vec![root]
    };
    let start = Instant::now();
    let cpu0 = process_cpu();
    let mut last_log = Instant::now();
    let mut last_best = 0usize;
    let per_part_cap = args.max_nodes.map(|m| m.div_ceil(threads as u64));
    loop {
        let out_of_time = args.budget.is_some_and(|b| start.elapsed() >= b)
            || args.cpu_budget.is_some_and(|b| (process_cpu() - cpu0) >= b);
        let out_of_nodes = per_part_cap.is_some_and(|cap| parts.iter().all(|p| p.nodes() >= cap));
        // A complete board of full score cannot be beaten: the run is over.
        let perfect =
            ScoreSearch::best_of(&parts).is_some_and(|b| b.complete && b.score == inst.max_score());
        if out_of_time || out_of_nodes || perfect {
            break;
        }
        std::thread::scope(|scope| {
            for part in parts.iter_mut() {
                scope.spawn(move || run_slice(part, per_part_cap));
            }
        });
        let best = ScoreSearch::best_of(&parts);
        if let Some(b) = &best
            && b.score > last_best
        {
            last_best = b.score;
            if !args.quiet {
                eprintln!(
                    "[cpu {:>8.1}s] best_score={}/{}{} restart={}",
                    (process_cpu() - cpu0).as_secs_f64(),
                    b.score,
                    inst.max_score(),
                    if b.complete { " (complete)" } else { "" },
                    b.restart
                );
            }
            if let Some(path) = &args.best {
                write_best(inst, &b.board, path)?;
            }
        }
        if last_log.elapsed() >= Duration::from_secs(1) {
            last_log = Instant::now();
            if let Some(path) = &args.save {
                parts[0].checkpoint().save(path)?;
            }
            if !args.quiet {
                let nodes: u64 = parts.iter().map(ScoreSearch::nodes).sum();
                let p: Vec<_> = parts.iter().map(|s| s.progress()).collect();
                let restarts: u64 = p.iter().map(|p| p.restarts).sum();
                let max_depth = p.iter().map(|p| p.max_depth).max().unwrap_or(0);
                eprintln!(
                    "[{:>7.1}s] nodes={nodes} rate={:.1}M/s restarts={restarts} max_depth={max_depth} best_score={}/{}{}",
                    start.elapsed().as_secs_f64(),
                    (nodes - nodes0) as f64 / start.elapsed().as_secs_f64() / 1e6,
                    best.as_ref().map_or(0, |b| b.score),
                    inst.max_score(),
                    if best.as_ref().is_some_and(|b| b.complete) {
                        " (complete)"
                    } else {
                        ""
                    },
                );
            }
        }
    }
    if let Some(path) = &args.save {
        parts[0].checkpoint().save(path)?;
    }
    let best = ScoreSearch::best_of(&parts);
    if let (Some(path), Some(b)) = (&args.best, &best) {
        write_best(inst, &b.board, path)?;
    }
    if !args.quiet
        && let Some(b) = &best
    {
        eprintln!(
            "best board (score {}, {}, restart {}):\n{}",
            b.score,
            if b.complete { "complete" } else { "partial" },
            b.restart,
            b.board
        );
        eprintln!("{}", bucas::url(inst, &b.board));
    }
    let progress: Vec<_> = parts.iter().map(|s| s.progress()).collect();
    let nodes = progress.iter().map(|p| p.nodes).sum::<u64>();
    Ok(ScoreOutcome {
        nodes,
        nodes_here: nodes - nodes0,
        restarts: progress.iter().map(|p| p.restarts).sum(),
        best,
        max_depth: progress.iter().map(|p| p.max_depth).max().unwrap_or(0),
    })
}

/// Writes a best board as the puzzle's JSON with `"board"` and `"score"` at `path`, and beside
/// it (same name, other extensions) the puzzle as McGavin's `.puz`, the board's placements as
/// a `.hnt` (one line per cell, rows counted from the top, so `eternity OUT.puz --hints
/// OUT.hnt` reloads the board as pins when it has no breaks) and the viewer URL as `.url`.
fn write_best(inst: &Instance, board: &Board, path: &Path) -> Result<(), String> {
    // Each file's error names it.
    let write = |p: &Path, text: String| {
        write_atomically(p, text.as_bytes()).map_err(|e| format!("--best {}: {e}", p.display()))
    };
    write(path, json::with_board(inst, board) + "\n")?;
    write(&path.with_extension("puz"), mcgavin::puz_to_string(inst))?;
    let hnt = mcgavin::board_to_hnt(inst, board, mcgavin::HintAxis::TopDown);
    write(&path.with_extension("hnt"), hnt)?;
    write(&path.with_extension("url"), bucas::url(inst, board) + "\n")
}

/// Runs one part for about [`SLICE`] (and no further than its node cap).
fn run_slice(part: &mut ScoreSearch, cap: Option<u64>) {
    let end = Instant::now() + SLICE;
    while Instant::now() < end {
        let left = cap.map_or(u64::MAX, |c| c.saturating_sub(part.nodes()));
        if left == 0 {
            return;
        }
        let budget = Budget::time(end.saturating_duration_since(Instant::now()));
        let step = if left < u64::MAX {
            part.step(Budget::nodes(left.min(1 << 24)))
        } else {
            part.step(budget)
        };
        if step == Step::Finished {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use eternity_solver::format;
    use eternity_solver::format::mcgavin::HintAxis;

    fn args(threads: usize, best: Option<PathBuf>) -> ScoreArgs {
        ScoreArgs {
            seed: 3,
            schedule: None,
            restart_nodes: Some(50_000),
            piece_order: PieceOrder::HardFirst,
            breaks_anywhere: false,
            cell_breaks: None,
            polish: (None, None, None),
            cpu_budget: None,
            budget: None,
            max_nodes: Some(400_000),
            threads,
            best,
            save: None,
            resume: None,
            quiet: true,
        }
    }

    #[test]
    fn runs_on_threads_and_writes_the_best_board() {
        let path = crate::testdata().join("eternity/eternity2dev-instances/e2-clue-clue1.json");
        let inst = format::read(&path, None, HintAxis::TopDown).unwrap();
        let order = FillOrder::row_major(&inst);
        let out_file = std::env::temp_dir().join(format!("score-best-{}.json", std::process::id()));
        let one = run(&inst, &order, &args(1, Some(out_file.clone()))).unwrap();
        let best = one.best.unwrap();
        // The run ends at its node cap, or before it at a complete board of full score.
        let perfect = |b: &Improvement| b.complete && b.score == inst.max_score();
        assert!(
            one.nodes >= 400_000 || perfect(&best),
            "{} nodes",
            one.nodes
        );
        assert_eq!(best.score, best.board.score(&inst));
        let text = std::fs::read_to_string(&out_file).unwrap();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["score"], best.score);
        // The board's placements as a .hnt beside it: one line per filled cell.
        let hnt = std::fs::read_to_string(out_file.with_extension("hnt")).unwrap();
        assert_eq!(hnt.lines().count(), 1 + best.board.filled());
        let puz = std::fs::read_to_string(out_file.with_extension("puz")).unwrap();
        assert_eq!(puz.lines().count(), 1 + inst.pieces().len());
        let url = std::fs::read_to_string(out_file.with_extension("url")).unwrap();
        assert!(url.starts_with("http"), "{url}");
        for ext in ["json", "puz", "hnt", "url"] {
            let _ = std::fs::remove_file(out_file.with_extension(ext));
        }
        let two = run(&inst, &order, &args(2, None)).unwrap();
        let best_two = two.best.unwrap();
        assert!(
            two.nodes >= 400_000 || perfect(&best_two),
            "{} nodes",
            two.nodes
        );
        // --save needs one thread.
        let mut bad = args(2, None);
        bad.save = Some(out_file);
        assert!(run(&inst, &order, &bad).is_err());
    }
}
