//! `block_fill`: solves a block-fill board and prints the path as arrows, like the seed.
//!
//! ```text
//! cargo run --release -p examples --example block_fill -- testdata/hamilton/s20_1.txt
//! cargo run --release -p examples --example block_fill -- --letters testdata/hamilton/s10_1.txt
//! cargo run --release -p examples --example block_fill -- --count testdata/hamilton/s10_1.txt
//! cargo run --release -p examples --example block_fill -- --all --limit 5 testdata/hamilton/s6_3.txt
//! cargo run --release -p examples --example block_fill -- --sample 3 --seed 7 testdata/hamilton/s6_3.txt
//! cat testdata/hamilton/s6_3.txt | cargo run --release -p examples --example block_fill -- - --json
//! ```
//!
//! The board: `x` tile, `X` start, a space a gap (optional `E`: the end tile). Without
//! options it prints the moves on one line (`→ → ↓ ← …`). `--letters` prints `RRDL…`
//! instead; `--all` prints every path, one a line (`--limit K` stops after K); `--count`
//! prints the number of paths (counted by the frontier dynamic programme, not enumerated);
//! `--exact` skips the constructive first attempt and runs the exact search alone.
//! `--sample K [--seed S]` prints K paths drawn uniformly at random from all of them
//! (through the frontier counts; the same seed, the same paths); `--edges` prints how many
//! paths use each edge (with `--svg`, a heat map).
//! `--svg FILE` also draws the board as an SVG picture: the path, or the cells the proof of
//! impossibility names.
//! `-` reads the board from standard input. `--json` prints JSON instead (see
//! `examples/README.md`): `{"found": true, "path": [[row, col], ...], "moves": "RRDL..."}` or
//! `{"found": false, "reason": "parity", "message": "..."}`, `{"count": N}` with `--count`,
//! and with `--all` one such object a line (JSON Lines).
//! A board with no path prints the reason and exits with status 1; a board that cannot be
//! read exits with status 2. On a terminal, stderr shows the search's progress (nodes, paths
//! found, rate, and the fraction explored where it is known).
#![forbid(unsafe_code)]

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use examples::input;
use examples::{Drive, drive};
use hamilton_solver::CountError;
use hamilton_solver::count::{CountLimits, DEFAULT_MAX_STATES, EdgeCounts, Sampler, count_with};
use hamilton_solver::{Grid, Impossible, Options, Paths, Search, Solution, Solver};

/// Solve a block-fill board: a path from the start through every tile once.
#[derive(Parser, Debug)]
#[command(name = "block_fill")]
#[command(group(clap::ArgGroup::new("frontier").args(["count", "sample", "edges"])))]
struct Args {
    /// The board file (`x` tile, `X` start, space gap, optional `E` end); `-` reads
    /// standard input.
    file: PathBuf,
    /// Print the number of paths instead of one path.
    #[arg(long, conflicts_with = "all")]
    count: bool,
    /// Print K paths drawn uniformly at random from all of them (through the counts), one a
    /// line; the same `--seed` gives the same paths.
    #[arg(long, value_name = "K", conflicts_with_all = ["count", "all", "exact"])]
    sample: Option<usize>,
    /// Print how many paths use each edge between two tiles, one edge a line
    /// (`ROW,COL ROW,COL PATHS SHARE`); `--svg` draws them as a heat map.
    #[arg(long, conflicts_with_all = ["count", "all", "exact", "sample"])]
    edges: bool,
    /// With `--sample`: the seed of the draws.
    #[arg(long, requires = "sample", default_value_t = 0)]
    seed: u64,
    /// With `--count`, `--sample` or `--edges`: the most frontier states held at once
    /// (`--sample`, `--edges`: in all), their memory at some 70 bytes each; a board needing
    /// more is refused.
    #[arg(long, requires = "frontier", value_name = "N", default_value_t = DEFAULT_MAX_STATES as u64,
          value_parser = clap::value_parser!(u64).range(1..))]
    max_states: u64,
    /// Print every path, one a line.
    #[arg(long)]
    all: bool,
    /// With `--all`: stop after this many paths (at least 1).
    #[arg(long, requires = "all", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Print the moves as letters U, D, L, R instead of arrows.
    #[arg(long)]
    letters: bool,
    /// Skip the constructive first attempt: the exact search alone (slower on big boards;
    /// for comparison).
    #[arg(long, conflicts_with_all = ["count", "all"])]
    exact: bool,
    /// Also draw the board as an SVG picture in FILE: the path found, or the cells the proof
    /// of impossibility names (`--sample`: the first path drawn; `--edges`: the heat map).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["count", "all"])]
    svg: Option<PathBuf>,
    /// Print JSON: `{"found", "path", "moves"}` (or `"reason"` and `"message"` without a
    /// path), `{"count"}` with `--count`, one object a line with `--all`.
    #[arg(long)]
    json: bool,
}

/// A path as JSON: its cells as `[row, col]` from the start, and its moves as letters.
fn path_json(path: &Solution) -> String {
    let cells: Vec<serde_json::Value> = path
        .cells()
        .iter()
        .map(|p| serde_json::json!([p.row, p.col]))
        .collect();
    serde_json::json!({"found": true, "path": cells, "moves": path.letters()}).to_string()
}

/// Reports a board without a path, in text or JSON; the exit status 1.
fn no_path(why: Option<&Impossible>, nodes: u64, json: bool) -> ExitCode {
    let message = match why {
        Some(why) => why.to_string(),
        None => format!("an exhaustive search ({nodes} nodes) found no path"),
    };
    if json {
        let reason = why.map_or("exhausted", Impossible::reason);
        println!(
            "{}",
            serde_json::json!({"found": false, "reason": reason, "message": message})
        );
    } else {
        println!("no path: {message}");
    }
    ExitCode::FAILURE
}

/// The limits of `--count`, `--sample` and `--edges`: `--max-states`.
fn limits(args: &Args) -> CountLimits {
    CountLimits {
        max_states: usize::try_from(args.max_states).unwrap_or(usize::MAX),
        ..CountLimits::default()
    }
}

/// A count or a sampler's layout that reached a limit: a limit, not a fault of the board's
/// text, so the failure status, as for a board without a path; the flag that raises it.
fn limit_failure(e: &CountError) -> ExitCode {
    let hint = match e {
        CountError::TooManyStates { .. } => "; raise it with --max-states",
        _ => "",
    };
    eprintln!("block_fill: {e}{hint}");
    ExitCode::FAILURE
}

/// `--sample K`: `k` uniformly random paths, one a line (JSON Lines with `--json`); the first
/// drawn with `--svg`. `--edges`: how many paths use each edge (one JSON object with
/// `--json`); the heat map with `--svg`. A board without a path fails with status 1, as
/// `--count` does.
fn frontier(grid: &Grid, args: &Args) -> ExitCode {
    let sampler = match Sampler::new(grid, &limits(args)) {
        Ok(s) => s,
        Err(e) => return limit_failure(&e),
    };
    if sampler.count() == 0 {
        eprintln!("block_fill: the board has no path");
        return ExitCode::FAILURE;
    }
    if args.edges {
        let counts = sampler.edge_counts();
        print_edges(&counts, args.json);
        if let Err(e) =
            examples::picture::write_svg(args.svg.as_deref(), || grid.edges_svg(&counts))
        {
            eprintln!("block_fill: {e}");
            return ExitCode::FAILURE;
        }
        return ExitCode::SUCCESS;
    }
    // Printed as drawn: any number of paths in constant memory.
    let mut first = None;
    for p in sampler.draws(args.seed).take(args.sample.unwrap_or(0)) {
        if args.json {
            println!("{}", path_json(&p));
        } else {
            println!("{}", show(&p, args.letters));
        }
        first.get_or_insert(p);
    }
    if let Some(first) = first
        && let Err(e) =
            examples::picture::write_svg(args.svg.as_deref(), || grid.solution_svg(&first))
    {
        eprintln!("block_fill: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// The edge counts: a line an edge (`ROW,COL ROW,COL PATHS SHARE`), or one JSON object
/// `{"total": N, "edges": [[row, col, row, col, paths], ...]}`.
fn print_edges(counts: &EdgeCounts, json: bool) {
    let total = counts.total();
    if json {
        let edges: Vec<String> = counts
            .edges()
            .map(|(a, b, n)| format!("[{},{},{},{},{n}]", a.row, a.col, b.row, b.col))
            .collect();
        // Counts as JSON numbers of any size (Python's json reads them exactly).
        println!("{{\"total\": {total}, \"edges\": [{}]}}", edges.join(","));
        return;
    }
    for (a, b, n) in counts.edges() {
        let share = 100.0 * n as f64 / total as f64;
        println!("{},{} {},{} {n} {share:.2}%", a.row, a.col, b.row, b.col);
    }
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
    let args = examples::args::parse::<Args>();
    let text = match input::read_text(&args.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("block_fill: {e}");
            return ExitCode::from(2);
        }
    };
    let grid = match Grid::parse_any_start(&text) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("block_fill: {}: {e}", input::name(&args.file));
            return ExitCode::from(2);
        }
    };
    if args.count {
        return match count_with(&grid, &limits(&args)) {
            Ok(n) => {
                if args.json {
                    // The count as a JSON number of any size (Python's json reads it exactly).
                    println!("{{\"count\": {n}}}");
                } else {
                    println!("{n}");
                }
                if n.is_zero() {
                    ExitCode::FAILURE
                } else {
                    ExitCode::SUCCESS
                }
            }
            Err(e) => limit_failure(&e),
        };
    }
    if args.sample.is_some() || args.edges {
        return frontier(&grid, &args);
    }
    if args.all {
        let limit = args.limit.unwrap_or(u64::MAX);
        let mut paths = Paths::new(&grid);
        let mut printed = 0u64;
        drive(&mut paths, &Drive::new("enumerating paths"), |p| {
            if args.json {
                println!("{}", path_json(&p));
            } else {
                println!("{}", show(&p, args.letters));
            }
            printed += 1;
            if printed < limit {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        });
        if printed == 0 {
            return no_path(paths.proof(), paths.progress().nodes, args.json);
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
        eprintln!("block_fill: {e}");
        return ExitCode::from(2);
    }
    match found {
        Some(p) if args.json => {
            println!("{}", path_json(&p));
            ExitCode::SUCCESS
        }
        Some(p) => {
            println!("{}", show(&p, args.letters));
            ExitCode::SUCCESS
        }
        None => no_path(solver.proof(), solver.progress().nodes, args.json),
    }
}
