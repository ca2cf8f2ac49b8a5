//! `slide`: solves a sliding-tile puzzle optimally and prints the steps.
//!
//! ```text
//! cargo run --release -p examples --example slide -- 536208417
//! cargo run --release -p examples --example slide -- --size 4x4 "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3" --goal-blank-first
//! cargo run --release -p examples --example slide -- --quiet --engine idastar --heuristic linear-conflict 8672543x1
//! cargo run --release -p examples --example slide -- --quiet --heuristic pdb6666 --size 5x5 --goal-blank-first "2 17 4 13 7 12 10 3 0 16 21 24 8 5 18 20 15 19 14 9 22 11 6 1 23"
//! echo 8672543x1 | cargo run --release -p examples --example slide -- - --json
//! ```
//!
//! `-` reads the board from standard input. `--json` prints one object with the fields of
//! Python's `slide.Solution`: `moves` (the blank's moves as letters), `arrows` (the tiles'),
//! `length`, `nodes`, `expanded`, `tiles`, `engine`, `heuristic`, `iterations`.
//!
//! Prints the start, then each move (the tile and the direction it moved, as arrows) with the
//! board after it, then `Moves: ...` (tile arrows) and `Total moves: N`. `--quiet` leaves out
//! the boards and keeps those two lines. Pattern databases are built on first use and cached
//! in `--pdb-dir`, else `$SLIDE_PDB_DIR`, else the user cache directory. `--svg FILE` also
//! draws the solution as an SVG picture: a strip of boards with each moved tile highlighted,
//! or with `--animate` one board that plays the moves.
#![forbid(unsafe_code)]

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use examples::{Drive, drive};
use slide_solver::{
    Board, BuildProgress, DEFAULT_MAX_STORED, Engine, GoalConvention, HeuristicKind, Options,
    Puzzle, Search, Solver, parse_size,
};

/// Solve a sliding-tile puzzle optimally.
#[derive(Parser, Debug)]
#[command(name = "slide")]
struct Args {
    /// The start: `536208417` (3x3 compact, `0`/`x` for the blank) or numbers separated by
    /// spaces or commas; `-` reads it from standard input.
    board: String,
    /// Board size as WIDTHxHEIGHT (inferred from 4, 9, 16 or 25 tiles when left out).
    #[arg(long, value_parser = parse_size)]
    size: Option<(usize, usize)>,
    /// The goal, in the same notation (default: 1 2 ... N-1 then the blank).
    #[arg(long)]
    goal: Option<String>,
    /// Use the goal with the blank first (0 1 2 ... N-1), as in Korf's instances.
    #[arg(long, conflicts_with = "goal")]
    goal_blank_first: bool,
    /// manhattan, linear-conflict, walking-distance (up to 4x4), pdb71 (3x3), pdb663 or pdb78
    /// (4x4), pdb6666 (5x5), pdb-small (default: the best quick one for the size).
    #[arg(long)]
    heuristic: Option<HeuristicKind>,
    /// astar, astar-heap, idastar or baseline (the seed's algorithm; may be non-optimal).
    #[arg(long)]
    engine: Option<Engine>,
    /// Leave out the step boards; print only the `Moves:` and `Total moves:` lines.
    #[arg(long)]
    quiet: bool,
    /// Where pattern databases are cached (default: $SLIDE_PDB_DIR or the user cache).
    #[arg(long)]
    pdb_dir: Option<PathBuf>,
    /// The most nodes an A* engine (astar, astar-heap, baseline) may store: its memory,
    /// some 64 bytes each. A search that needs more stops with an error.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_STORED as u64,
          value_parser = clap::value_parser!(u64).range(1..))]
    max_stored: u64,
    /// Also draw the solution as an SVG picture in FILE: a strip of boards, one per move.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// With --svg: one animated board that plays the moves instead of the strip.
    #[arg(long, requires = "svg")]
    animate: bool,
    /// Print the solution as JSON (the fields of Python's `slide.Solution`) instead of text.
    #[arg(long, conflicts_with = "quiet")]
    json: bool,
}

fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let board = if args.board == "-" {
        examples::input::read_text(std::path::Path::new("-"))?
    } else {
        args.board.clone()
    };
    let board = board.trim();
    let start = match args.size {
        Some((w, h)) => Board::parse_sized(board, w, h)?,
        None => Board::parse(board)?,
    };
    let (w, h) = (start.width(), start.height());
    let goal = match (&args.goal, args.goal_blank_first) {
        (Some(g), _) => Board::parse_sized(g, w, h)?,
        (None, true) => Board::goal(w, h, GoalConvention::BlankFirst)?,
        (None, false) => Board::goal(w, h, GoalConvention::BlankLast)?,
    };
    let puzzle = Puzzle::new(start, goal)?;
    let options = Options {
        engine: args.engine.unwrap_or(Engine::default_for(w, h)),
        heuristic: args.heuristic.unwrap_or(HeuristicKind::default_for(w, h)),
        pdb_dir: args.pdb_dir.clone(),
        max_stored: usize::try_from(args.max_stored).unwrap_or(usize::MAX),
    };
    let mut last = Instant::now();
    let progress = |p: BuildProgress| {
        if last.elapsed().as_secs_f64() > 1.0 {
            eprintln!(
                "building the {}-tile pattern database (first use only): depth {}, {:.0}%",
                p.tiles,
                p.depth,
                100.0 * p.reached as f64 / p.total as f64
            );
            last = Instant::now();
        }
        true
    };
    let began = Instant::now();
    let mut solver = Solver::with_build_progress(&puzzle, &options, progress)?;
    let mut found = None;
    drive(&mut solver, &Drive::new("searching"), |s| {
        found = Some(s);
        ControlFlow::Break(())
    });
    if found.is_none() && solver.is_out_of_memory() {
        return Err(format!(
            "{} stopped after storing {} nodes, its memory limit; raise it with --max-stored, \
             or use --engine idastar, whose memory is its path",
            options.engine.name(),
            args.max_stored
        )
        .into());
    }
    let solution = found.ok_or("the search ended without a solution")?;
    let progress = solver.progress();
    examples::picture::write_svg(args.svg.as_deref(), || {
        if args.animate {
            solution.animated_svg()
        } else {
            solution.strip_svg()
        }
    })?;
    let engine = options.engine.name();
    let heuristic = if options.engine == Engine::Baseline {
        "seed-linear-conflict"
    } else {
        options.heuristic.name()
    };
    if args.json {
        let iterations: Vec<[u64; 2]> = solver
            .iterations()
            .iter()
            .map(|i| [u64::from(i.bound), i.nodes])
            .collect();
        println!(
            "{}",
            serde_json::json!({
                "moves": solution.letters(),
                "arrows": solution.arrows(),
                "length": solution.len(),
                "nodes": progress.generated,
                "expanded": progress.expanded,
                "tiles": solution.tiles(),
                "engine": engine,
                "heuristic": heuristic,
                "iterations": iterations,
            })
        );
    } else if !args.quiet {
        println!("Start:\n{start}");
        for (i, step) in solution.steps().enumerate() {
            println!("Step {}: {} {}", i + 1, step.tile, step.direction.arrow());
            println!("{}", step.after);
        }
    }
    if !args.json {
        println!("Moves: {}", solution.arrows());
        println!("Total moves: {}", solution.len());
    }
    eprintln!(
        "{engine} + {heuristic}: {} expanded, {} generated, {:.1?}",
        examples::input::plural(progress.expanded, "node", "nodes"),
        progress.generated,
        began.elapsed()
    );
    Ok(())
}

fn main() -> ExitCode {
    let _out = examples::output::guard("slide");
    match run(examples::args::parse::<Args>()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("slide: {e}");
            ExitCode::FAILURE
        }
    }
}
