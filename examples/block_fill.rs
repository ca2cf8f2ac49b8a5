//! `block_fill`: solves a block-fill board and prints the path as arrows, like the seed.
//!
//! ```text
//! cargo run --release -p examples --example block_fill -- testdata/hamilton/s20_1.txt
//! cargo run --release -p examples --example block_fill -- --letters testdata/hamilton/s10_1.txt
//! cargo run --release -p examples --example block_fill -- --count testdata/hamilton/s10_1.txt
//! cargo run --release -p examples --example block_fill -- --all --limit 5 testdata/hamilton/s6_3.txt
//! ```
//!
//! The board: `x` tile, `X` start, a space a gap (optional `E`: the end tile). Without
//! options it prints the moves on one line (`→ → ↓ ← …`). `--letters` prints `RRDL…`
//! instead; `--all` prints every path, one a line (`--limit K` stops after K); `--count`
//! prints the number of paths (counted by the frontier dynamic programme, not enumerated);
//! `--exact` skips the constructive first attempt and runs the exact search alone.
//! `--svg FILE` also draws the board as an SVG picture: the path, or the cells the proof of
//! impossibility names.
//! A board with no path prints the reason and exits with status 1; a board that cannot be
//! read exits with status 2. On a terminal, stderr shows the search's progress (nodes, paths
//! found, rate, and the fraction explored where it is known).
#![forbid(unsafe_code)]

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use examples::{Drive, drive};
use hamilton_solver::count::count;
use hamilton_solver::{Grid, Options, Paths, Search, Solution, Solver};

/// Solve a block-fill board: a path from the start through every tile once.
#[derive(Parser, Debug)]
#[command(name = "block_fill")]
struct Args {
    /// The board file (`x` tile, `X` start, space gap, optional `E` end).
    file: PathBuf,
    /// Print the number of paths instead of one path.
    #[arg(long, conflicts_with = "all")]
    count: bool,
    /// Print every path, one a line.
    #[arg(long)]
    all: bool,
    /// With `--all`: stop after this many paths.
    #[arg(long, requires = "all")]
    limit: Option<u64>,
    /// Print the moves as letters U, D, L, R instead of arrows.
    #[arg(long)]
    letters: bool,
    /// Skip the constructive first attempt: the exact search alone (slower on big boards;
    /// for comparison).
    #[arg(long, conflicts_with_all = ["count", "all"])]
    exact: bool,
    /// Also draw the board as an SVG picture in FILE: the path found, or the cells the proof
    /// of impossibility names.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

fn show(path: &Solution, letters: bool) -> String {
    if letters {
        path.letters()
    } else {
        path.arrows()
    }
}

fn main() -> ExitCode {
    let _out = examples::output::guard("block_fill");
    let args = Args::parse();
    let text = match std::fs::read_to_string(&args.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}: {e}", args.file.display());
            return ExitCode::from(2);
        }
    };
    let grid = match Grid::parse_any_start(&text) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{}: {e}", args.file.display());
            return ExitCode::from(2);
        }
    };
    if args.count {
        return match count(&grid) {
            Ok(n) => {
                println!("{n}");
                if n.is_zero() {
                    ExitCode::FAILURE
                } else {
                    ExitCode::SUCCESS
                }
            }
            Err(e) => {
                eprintln!("{e}");
                ExitCode::from(2)
            }
        };
    }
    if args.all {
        let limit = args.limit.unwrap_or(u64::MAX);
        let mut paths = Paths::new(&grid);
        let mut printed = 0u64;
        drive(&mut paths, &Drive::new("enumerating paths"), |p| {
            println!("{}", show(&p, args.letters));
            printed += 1;
            if printed < limit {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        });
        if printed == 0 {
            match paths.proof() {
                Some(why) => println!("no path: {why}"),
                None => println!(
                    "no path: exhaustive search ({} nodes)",
                    paths.progress().nodes
                ),
            }
            return ExitCode::FAILURE;
        }
        return ExitCode::SUCCESS;
    }
    let options = Options {
        construct: !args.exact,
        ..Options::default()
    };
    let mut solver = Solver::with_options(&grid, options);
    let mut found = None;
    drive(&mut solver, &Drive::new("searching"), |p| {
        found = Some(p);
        ControlFlow::Break(())
    });
    let picture =
        examples::picture::write_svg(args.svg.as_deref(), || match (&found, solver.proof()) {
            (Some(p), _) => grid.solution_svg(p),
            (None, Some(why)) => grid.proof_svg(why),
            (None, None) => grid.to_svg(),
        });
    if let Err(e) = picture {
        eprintln!("{e}");
        return ExitCode::from(2);
    }
    match found {
        Some(p) => {
            println!("{}", show(&p, args.letters));
            ExitCode::SUCCESS
        }
        None => {
            match solver.proof() {
                Some(why) => println!("no path: {why}"),
                None => println!("no path"),
            }
            ExitCode::FAILURE
        }
    }
}
