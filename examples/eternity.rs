//! `eternity`: solve an Eternity II style edge-matching puzzle by strict depth-first search.
//!
//! ```text
//! cargo run --release -p examples --example eternity -- PUZZLE [--hints FILE]
//!     [--engine table|baseline|score|codegen] [--order auto|row|spiral|border|column] [--first|--all]
//!     [--budget-s N] [--max-nodes N] [--threads N] [--save STATE] [--resume STATE]
//!     [--axis top-down|bottom-up] [--quiet] [--svg FILE] [--json]
//!     [--engine codegen [--group N] [--emit-src OUT.rs] [--native]]
//!     [--engine score [--seed S] [--best OUT.json] [--schedule DEPTH:BREAKS[:CURVE]]
//!         [--restart-nodes N] [--piece-order hard-first|random|rare-pairs] [--breaks-anywhere]
//!         [--cell-breaks 1|2] [--budget-cpu-s N]
//!         [--polish-windows N] [--window-cells N] [--window-nodes N]]
//! ```
//!
//! `--engine score` runs the score search (`eternity_solver::score`): a backtracker that lets
//! a scheduled number of edges mismatch, with seeded restarts, for the most matched edges on
//! boards that may have no solution (the real Eternity II). `--threads N` runs N shares of the
//! restarts at once; `--best` writes the best board as the puzzle's JSON plus `"board"` and
//! `"score"`, rewritten on each improvement. Its last line has the same fields, followed by
//! `restarts=<r> complete=<true|false>`; `solutions` counts boards of full score.
//!
//! `--engine codegen` emits a Rust program specialised for this puzzle (`eternity-codegen`,
//! `--group` cells fused per function, default 4), compiles it with rustc into the user cache
//! (a second run starts at once), runs it and follows its progress; `--emit-src` also writes
//! the generated source to a file. Its `cpu_s` is the search's own CPU time in the child.
//!
//! PUZZLE is a JSON bench board (`.json`), McGavin's `.puz` or a piece list (`.txt`); `-`
//! reads a JSON board or a piece list from standard input (told apart by a leading `{`);
//! `--hints` reads a `.hnt` file whose hints replace the puzzle's own (rows counted along
//! `--axis`). Progress goes to stderr (off with `--quiet`): a bar on a terminal, otherwise a
//! line at most once a second;
//! solutions are printed as they are found, with a viewer URL; `explored` is the search's
//! estimate of the share of the tree done. With `--save`, the search state
//! is written to STATE every second and at the end, so a killed run resumes with `--resume
//! STATE` and reports the same totals as one long run. The last line is
//! `nodes=<n> solutions=<k> best_score=<s> max_depth=<d> cpu_s=<t> nodes_per_cpu_s=<r>`,
//! where `nodes` is the total (a resumed run included) and the rate is over the nodes and CPU
//! time of this process. `--svg FILE` draws the first solution (without one, the best board)
//! as an SVG picture, mismatched edges marked.
//!
//! `--json` prints, instead of the solutions and the last line, one JSON object with the
//! last line's fields (`nodes`, `solutions`, `best_score`, `max_depth`, `cpu_s`,
//! `nodes_per_cpu_s`; the score engine adds `restarts` and `complete`), `max_score`, and
//! the boards as Python's `eternity.Search.solutions` gives them: `boards` (every solution
//! found, each a list of `[piece, rotation]` or `null` per cell, row-major) and `best_board`
//! (the best board seen, for the score engine and searches without a solution).
#![forbid(unsafe_code)]

use std::io::IsTerminal;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

use clap::Parser;
use eternity_solver::engine::{EngineKind, Mode};
use eternity_solver::format::{self, bucas, mcgavin::HintAxis};
use eternity_solver::score::{BreakSchedule, MAX_WINDOW_NODES, PieceOrder};
use eternity_solver::search::{
    Continuation, ParallelControl, SearchOptions, Solver, run_parallel_with, split,
};
use eternity_solver::{AutoReason, Board, FillOrder, Instance, OrderKind, Search};
use examples::eternity_score::{self, ScoreArgs};
use examples::{Drive, drive_with, process_cpu};

#[derive(Parser, Debug)]
#[command(
    name = "eternity",
    about = "Strict depth-first search for edge-matching puzzles"
)]
struct Args {
    /// The puzzle: `.json` bench board, McGavin `.puz`, or a piece list `.txt`; `-` reads a
    /// JSON board or a piece list from standard input.
    puzzle: PathBuf,
    /// A `.hnt` file whose hints replace the puzzle's.
    #[arg(long)]
    hints: Option<PathBuf>,
    /// Where `.hnt` rows are counted from: top-down (y=1 is the top row) or bottom-up.
    #[arg(long, default_value = "top-down")]
    axis: HintAxis,
    /// The engine: table (strict, fastest in process), baseline (the seed's plain
    /// algorithm), score (most matched edges, for boards that may have no solution) or
    /// codegen (a program specialised to the puzzle, compiled by rustc).
    #[arg(long, default_value = "table",
          value_parser = ["table", "baseline", "score", "codegen"])]
    engine: String,
    /// Fill order: auto (chosen per puzzle by a short race of the built-in orders, or by
    /// their estimated tree sizes), row, spiral, border or column.
    #[arg(long, default_value = "auto")]
    order: OrderArg,
    /// Stop at the first solution.
    #[arg(long, conflicts_with = "all")]
    first: bool,
    /// Enumerate every solution (the default).
    #[arg(long)]
    all: bool,
    /// Stop after this many seconds (wall clock).
    #[arg(long, value_parser = examples::args::seconds)]
    budget_s: Option<Duration>,
    /// Stop after this many nodes in total.
    #[arg(long)]
    max_nodes: Option<u64>,
    /// Worker threads (more than 1 splits the search into independent subtrees).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: u16,
    /// Save the search state here every second and at the end.
    #[arg(long)]
    save: Option<PathBuf>,
    /// Resume from a saved state (same puzzle, hints and order).
    #[arg(long)]
    resume: Option<PathBuf>,
    /// No progress lines.
    #[arg(long)]
    quiet: bool,
    /// `--engine codegen`: cells fused per generated function (1 to 8).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=8))]
    group: Option<u8>,
    /// `--engine codegen`: also write the generated program's source here.
    #[arg(long)]
    emit_src: Option<PathBuf>,
    /// `--engine codegen`: build for this machine's CPU (`-C target-cpu=native`).
    #[arg(long)]
    native: bool,
    /// `--engine score`: the seed of the restarts.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// `--engine score`: write the best board here (JSON).
    #[arg(long)]
    best: Option<PathBuf>,
    /// `--engine score`: breaks allowed from DEPTH, growing to BREAKS at the last depth
    /// (evenly, or as the power CURVE of the depths done: `190:24:2`).
    #[arg(long, value_name = "DEPTH:BREAKS[:CURVE]")]
    schedule: Option<BreakSchedule>,
    /// `--engine score`: nodes per restart (at least 1).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    restart_nodes: Option<u64>,
    /// `--engine score`: the piece ranking of each restart.
    #[arg(long, default_value = "hard-first")]
    piece_order: PieceOrder,
    /// `--engine score`: allow breaks at any cell, not only where nothing fits exactly.
    #[arg(long)]
    breaks_anywhere: bool,
    /// `--engine score`: the most breaks one placement may cost (1 or 2).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=4))]
    cell_breaks: Option<u32>,
    /// `--engine score`: windows of the best board re-filled after each restart (0: none).
    #[arg(long)]
    polish_windows: Option<u32>,
    /// `--engine score`: the most cells in one window (at least 2).
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=64))]
    window_cells: Option<u32>,
    /// `--engine score`: placements one window's re-fill may make (at most 1000000: a window
    /// is one unit of work, checked against the budget between windows).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_WINDOW_NODES))]
    window_nodes: Option<u64>,
    /// `--engine score`: stop after this many seconds of CPU time (all threads), for runs
    /// on a machine shared with other work.
    #[arg(long, value_parser = examples::args::seconds)]
    budget_cpu_s: Option<Duration>,
    /// Draw the first solution (or, without one, the search's best board) as an SVG picture
    /// in FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Print one JSON object (the last line's fields and the boards) instead of text.
    #[arg(long)]
    json: bool,
}

/// What the final line reports.
struct Summary {
    nodes: u64,
    solutions: u64,
    best_score: usize,
    max_depth: usize,
    nodes_here: u64,
    /// The first solution, or the best board when there is none (for `--svg`).
    board: Board,
    /// Every solution, kept for `--json` only.
    boards: Vec<Board>,
}

/// A solution as it is found: printed, or kept for `--json`.
fn show_solution(args: &Args, inst: &Instance, k: u64, board: &Board, kept: &mut Vec<Board>) {
    if args.json {
        kept.push(board.clone());
        return;
    }
    println!("solution {k} (score {}):", board.score(inst));
    print!("{board}");
    println!("{}", bucas::url(inst, board));
}

/// A board as Python's `eternity.Search.solutions` gives one: `[piece, rotation]` or `null`
/// per cell, row-major.
fn board_json(board: &Board) -> serde_json::Value {
    board
        .cells()
        .iter()
        .map(|c| match c {
            Some(p) => serde_json::json!([p.piece, p.rotation.quarter_turns()]),
            None => serde_json::Value::Null,
        })
        .collect()
}

/// Reads the puzzle: a file in the format its extension names, or standard input (`-`), a
/// JSON board when it starts with `{` and a piece list otherwise.
fn read_puzzle(args: &Args) -> Result<Instance, Box<dyn std::error::Error>> {
    if !examples::input::is_std(&args.puzzle) {
        return Ok(format::read(
            &args.puzzle,
            args.hints.as_deref(),
            args.axis,
        )?);
    }
    let text = examples::input::read_text(&args.puzzle)?;
    let inst = if text.trim_start().starts_with('{') {
        format::json::parse(&text)
    } else {
        format::e2pieces::parse(&text, None).map(|i| i.with_name("stdin".to_string()))
    }
    .map_err(|e| format!("<stdin>: {e}"))?;
    match &args.hints {
        Some(h) => {
            let hints = examples::input::read_text(h)?;
            Ok(format::mcgavin::with_hints(&inst, &hints, args.axis)
                .map_err(|e| format!("{}: {e}", h.display()))?)
        }
        None => Ok(inst),
    }
}

/// Options of one engine only: given with another engine they are a usage error, not
/// silently ignored (`--best b.json --seed 5` with the table engine wrote nothing).
const ENGINE_ONLY: &[(&str, &[&str])] = &[
    (
        "score",
        &[
            "seed",
            "best",
            "schedule",
            "restart_nodes",
            "piece_order",
            "breaks_anywhere",
            "cell_breaks",
            "polish_windows",
            "window_cells",
            "window_nodes",
            "budget_cpu_s",
        ],
    ),
    ("codegen", &["group", "emit_src", "native"]),
];

/// Refuses an option of another engine than the one chosen, naming both.
fn check_options(matches: &clap::ArgMatches) -> Result<(), clap::Error> {
    use clap::parser::ValueSource;
    let engine = matches
        .get_one::<String>("engine")
        .map_or("table", String::as_str);
    for (owner, ids) in ENGINE_ONLY {
        for id in ids.iter().filter(|_| *owner != engine) {
            if matches.value_source(id) == Some(ValueSource::CommandLine) {
                return Err(clap::Error::raw(
                    clap::error::ErrorKind::ArgumentConflict,
                    format!(
                        "--{} applies to --engine {owner} only, not {engine}\n",
                        id.replace('_', "-")
                    ),
                ));
            }
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let _out = examples::output::guard("eternity");
    let args: Args = examples::args::parse_checked(check_options);
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("eternity: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `--order`: a built-in order, or `auto` to choose one per puzzle.
#[derive(Clone, Copy, Debug)]
enum OrderArg {
    Auto,
    Kind(OrderKind),
}

impl std::str::FromStr for OrderArg {
    type Err = eternity_solver::ParseNameError;
    fn from_str(s: &str) -> Result<OrderArg, Self::Err> {
        match s {
            "auto" => Ok(OrderArg::Auto),
            _ => s.parse().map(OrderArg::Kind),
        }
    }
}

/// The fill order `--order` asks for. `auto` chooses one for this puzzle and `mode`
/// ([`FillOrder::auto`]; the score search asks for the order that reaches a full board
/// first) and, unless `--quiet`, says which and why on stderr.
fn fill_order(args: &Args, inst: &Instance, mode: Mode) -> (OrderKind, FillOrder) {
    let mode = if args.engine == "score" {
        Mode::First
    } else {
        mode
    };
    let auto = match args.order {
        OrderArg::Kind(kind) => return (kind, FillOrder::new(inst, kind)),
        OrderArg::Auto => FillOrder::auto(inst, mode),
    };
    if !args.quiet {
        let why = match auto.reason {
            AutoReason::Race { nodes } => format!(
                "finished first in a race of the built-in orders ({} in {nodes} nodes)",
                if mode == Mode::First {
                    "a first solution"
                } else {
                    "the whole tree"
                }
            ),
            AutoReason::Estimate if auto.kind == OrderKind::RowMajor => format!(
                "no order finished in the race and none has an estimated tree {:.0}x smaller",
                eternity_solver::order::ESTIMATE_MARGIN
            ),
            AutoReason::Estimate => format!(
                "no order finished in the race; the smallest estimated tree, {:.1e} nodes",
                auto.estimate().nodes
            ),
        };
        let estimates: Vec<String> = auto
            .estimates
            .iter()
            .map(|(k, e)| format!("{k} {:.1e}", e.nodes))
            .collect();
        eprintln!(
            "order auto: {}, {why}; race {} nodes; estimated trees: {}",
            auto.kind,
            auto.race_nodes,
            estimates.join(", ")
        );
    }
    (auto.kind, auto.order)
}

fn run(args: &Args) -> Result<(), Box<dyn std::error::Error>> {
    let inst = read_puzzle(args)?;
    let mode = if args.first { Mode::First } else { Mode::All };
    let (kind, order) = fill_order(args, &inst, mode);
    if args.engine == "codegen" {
        return codegen(args, &inst, kind, mode);
    }
    if args.engine == "score" {
        return score(args, &inst, &order);
    }
    let engine: EngineKind = args.engine.parse()?;
    let mut options = SearchOptions::default().engine(engine).mode(mode);
    if let Some(m) = args.max_nodes {
        options = options.max_nodes(m);
    }
    if !args.quiet {
        eprintln!(
            "{}: {}x{}, {} pieces, {} hints, {} open cells, engine {engine}, order {}",
            examples::input::name(&args.puzzle),
            inst.width(),
            inst.height(),
            inst.cells(),
            inst.hints().len(),
            order.len(),
            kind
        );
    }
    let cpu0 = process_cpu();
    let summary = if args.threads > 1 {
        if args.save.is_some() || args.resume.is_some() {
            return Err("--save and --resume work with --threads 1 only".into());
        }
        parallel(args, &inst, &order, options)?
    } else {
        single(args, &inst, &order, options)?
    };
    examples::picture::write_svg(args.svg.as_deref(), || summary.board.to_svg(&inst))?;
    let cpu_s = (process_cpu() - cpu0).as_secs_f64();
    let rate = if cpu_s > 0.0 {
        summary.nodes_here as f64 / cpu_s
    } else {
        0.0
    };
    if args.json {
        let boards: Vec<serde_json::Value> = summary.boards.iter().map(board_json).collect();
        println!(
            "{}",
            serde_json::json!({
                "nodes": summary.nodes,
                "solutions": summary.solutions,
                "best_score": summary.best_score,
                "max_score": inst.max_score(),
                "max_depth": summary.max_depth,
                "cpu_s": cpu_s,
                "nodes_per_cpu_s": rate.round(),
                "boards": boards,
                "best_board": board_json(&summary.board),
            })
        );
        return Ok(());
    }
    println!(
        "nodes={} solutions={} best_score={} max_depth={} cpu_s={cpu_s:.3} nodes_per_cpu_s={rate:.0}",
        summary.nodes, summary.solutions, summary.best_score, summary.max_depth
    );
    Ok(())
}

fn single(
    args: &Args,
    inst: &Instance,
    order: &FillOrder,
    options: SearchOptions,
) -> Result<Summary, Box<dyn std::error::Error>> {
    let mut solver = match &args.resume {
        Some(path) => {
            let cont = Continuation::load(path)?;
            Solver::resume(inst, order, &cont, options)
                .map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => Solver::new(inst, order, options),
    };
    let nodes0 = solver.nodes();
    let start = Instant::now();
    let limit = args.budget_s;
    let save = |s: &Solver| -> Result<(), Box<dyn std::error::Error>> {
        if let Some(p) = &args.save {
            s.continuation().save(p)?;
        }
        Ok(())
    };
    // On a terminal the driver's bar shows progress; in a log, a line a second does.
    let log = !args.quiet && !std::io::stderr().is_terminal();
    let mut last = Instant::now();
    let mut failed = None;
    let mut solutions = solver.solutions();
    let mut first = None;
    let mut kept = Vec::new();
    drive_with(
        &mut solver,
        &Drive::new("searching").limit(limit).quiet(args.quiet),
        |board| {
            solutions += 1;
            show_solution(args, inst, solutions, &board, &mut kept);
            first.get_or_insert(board);
            ControlFlow::Continue(())
        },
        |s| {
            // Report and save once a second.
            if last.elapsed() < Duration::from_secs(1) {
                return ControlFlow::Continue(());
            }
            last = Instant::now();
            if log {
                let p = s.progress();
                eprintln!(
                    "[{:>7.1}s] nodes={} rate={:.1}M/s explored~{:.4}% depth={}/{} max_depth={} best_score={}/{} solutions={}",
                    start.elapsed().as_secs_f64(),
                    p.nodes,
                    p.nodes_per_sec / 1e6,
                    100.0 * p.fraction.unwrap_or(0.0),
                    p.depth,
                    p.total_depth,
                    p.max_depth,
                    p.best_score,
                    inst.max_score(),
                    p.found
                );
            }
            match save(s) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => {
                    failed = Some(e);
                    ControlFlow::Break(())
                }
            }
        },
    );
    if let Some(e) = failed {
        return Err(e);
    }
    save(&solver)?;
    let p = solver.progress();
    if !args.quiet && !args.json && p.found == 0 {
        eprintln!("best board (score {}):\n{}", p.best_score, p.best_board);
        eprintln!("{}", bucas::url(inst, &p.best_board));
    }
    Ok(Summary {
        nodes: p.nodes,
        solutions: p.found,
        best_score: p.best_score,
        max_depth: p.max_depth,
        nodes_here: p.nodes - nodes0,
        board: first.unwrap_or(p.best_board),
        boards: kept,
    })
}

fn parallel(
    args: &Args,
    inst: &Instance,
    order: &FillOrder,
    options: SearchOptions,
) -> Result<Summary, Box<dyn std::error::Error>> {
    // Cut deep enough for a few dozen jobs per thread, so the work spreads evenly.
    let mut depth = 1;
    let mut jobs = split(inst, order, depth).jobs.len();
    while depth + 1 < order.len() && jobs < 32 * usize::from(args.threads) {
        depth += 1;
        jobs = split(inst, order, depth).jobs.len();
    }
    if !args.quiet {
        eprintln!("split at depth {depth} into {jobs} jobs");
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(usize::from(args.threads))
        .build()?;
    let control = ParallelControl::default();
    let start = Instant::now();
    let out = std::thread::scope(|scope| {
        let watcher = scope.spawn(|| {
            let mut last = 0;
            loop {
                std::thread::sleep(Duration::from_millis(100));
                if control.stop.load(Relaxed) {
                    return;
                }
                let el = start.elapsed();
                if args.budget_s.is_some_and(|b| el >= b) {
                    control.stop.store(true, Relaxed);
                    return;
                }
                if !args.quiet && el.as_secs() > last {
                    last = el.as_secs();
                    let n = control.nodes.load(Relaxed);
                    eprintln!(
                        "[{:>7.1}s] nodes={n} rate={:.1}M/s threads={}",
                        el.as_secs_f64(),
                        n as f64 / el.as_secs_f64() / 1e6,
                        args.threads
                    );
                }
            }
        });
        let out = pool.install(|| run_parallel_with(inst, order, depth, options, &control));
        control.stop.store(true, Relaxed);
        let _ = watcher.join();
        out
    });
    let mut kept = Vec::new();
    for (k, b) in out.found.iter().enumerate() {
        show_solution(args, inst, k as u64 + 1, b, &mut kept);
    }
    Ok(Summary {
        nodes: out.nodes,
        solutions: out.solutions,
        best_score: out.best_score,
        max_depth: out.max_depth,
        nodes_here: out.nodes,
        board: out.found.into_iter().next().unwrap_or(out.best_board),
        boards: kept,
    })
}

/// `--engine codegen`: emit, compile (cached) and run a puzzle-specialised program, showing
/// its progress and solutions like the in-process engines do.
fn codegen(
    args: &Args,
    inst: &Instance,
    order: OrderKind,
    mode: Mode,
) -> Result<(), Box<dyn std::error::Error>> {
    use eternity_codegen::{
        Budget as CgBudget, Compiler, EmitOptions, Group, Program, RunOptions, Search as _,
        Step as CgStep,
    };
    if args.threads > 1 || args.save.is_some() || args.resume.is_some() {
        return Err("--engine codegen runs on one thread, without --save/--resume".into());
    }
    let group = match args.group {
        Some(n) => Group::new(usize::from(n))?,
        None => Group::default(),
    };
    let opts = EmitOptions::default()
        .order(order)
        .group(group)
        .mode(mode)
        .max_nodes(args.max_nodes)
        .progress(!args.quiet);
    if let Some(path) = &args.emit_src {
        puzzle_search::write_atomically(
            path,
            eternity_codegen::emit_program(inst, &opts).as_bytes(),
        )
        .map_err(|e| format!("--emit-src {}: {e}", path.display()))?;
    }
    let compiler = Compiler::new().native_cpu(args.native);
    let program = Program::build_with(&compiler, inst, &opts)?;
    if !args.quiet {
        let c = program.compiled();
        eprintln!(
            "codegen: group {group}, order {order}, {} in {:.3}s: {}",
            if c.cached { "cached" } else { "compiled" },
            c.elapsed.as_secs_f64(),
            c.binary.display()
        );
    }
    let run_opts = RunOptions {
        max_nodes: args.max_nodes,
        mode: Some(mode),
        time_budget: args.budget_s,
        progress: Some((!args.quiet).then_some(Duration::from_secs(1))),
    };
    let start = Instant::now();
    let mut running = program.spawn(&run_opts)?;
    let mut found = 0;
    let mut kept = Vec::new();
    loop {
        match running.step(CgBudget::time(Duration::from_secs(1))) {
            CgStep::Found(board) => {
                found += 1;
                show_solution(args, inst, found, &board, &mut kept);
            }
            // --max-nodes or --budget-s reached: the run is over.
            CgStep::Paused if running.is_capped() => break,
            CgStep::Paused => {
                if !args.quiet && running.progress().nodes > 0 {
                    let p = running.progress();
                    eprintln!(
                        "[{:>7.1}s] nodes={} rate={:.1}M/cpu-s depth={} max_depth={} best_score={}/{}",
                        start.elapsed().as_secs_f64(),
                        p.nodes,
                        p.nodes as f64 / p.cpu_s.max(1e-9) / 1e6,
                        p.depth,
                        p.max_depth,
                        p.best_score,
                        inst.max_score()
                    );
                }
            }
            CgStep::Finished => break,
        }
    }
    // The outcome of a finished run, or of one stopped at its cap; or what went wrong.
    let out = running.stop()?;
    examples::picture::write_svg(args.svg.as_deref(), || out.best.to_svg(inst))?;
    if args.json {
        let boards: Vec<serde_json::Value> = kept.iter().map(board_json).collect();
        println!(
            "{}",
            serde_json::json!({
                "nodes": out.nodes,
                "solutions": out.solutions,
                "best_score": out.best_score,
                "max_score": inst.max_score(),
                "max_depth": out.max_depth,
                "cpu_s": out.cpu_s,
                "nodes_per_cpu_s": out.nodes_per_cpu_s().round(),
                "boards": boards,
                "best_board": board_json(&out.best),
            })
        );
        return Ok(());
    }
    if !args.quiet && out.solutions == 0 {
        eprintln!("best board (score {}):\n{}", out.best_score, out.best);
        eprintln!("{}", bucas::url(inst, &out.best));
    }
    println!(
        "nodes={} solutions={} best_score={} max_depth={} cpu_s={:.3} nodes_per_cpu_s={:.0}",
        out.nodes,
        out.solutions,
        out.best_score,
        out.max_depth,
        out.cpu_s,
        out.nodes_per_cpu_s()
    );
    Ok(())
}

/// `--engine score`: the score search, its best board and the usual last line.
fn score(
    args: &Args,
    inst: &Instance,
    order: &FillOrder,
) -> Result<(), Box<dyn std::error::Error>> {
    let cpu0 = process_cpu();
    let out = eternity_score::run(
        inst,
        order,
        &ScoreArgs {
            seed: args.seed,
            schedule: args.schedule,
            restart_nodes: args.restart_nodes,
            piece_order: args.piece_order,
            breaks_anywhere: args.breaks_anywhere,
            cell_breaks: args.cell_breaks,
            polish: (args.polish_windows, args.window_cells, args.window_nodes),
            cpu_budget: args.budget_cpu_s,
            budget: args.budget_s,
            max_nodes: args.max_nodes,
            threads: usize::from(args.threads),
            best: args.best.clone(),
            save: args.save.clone(),
            resume: args.resume.clone(),
            quiet: args.quiet,
        },
    )?;
    let cpu_s = (process_cpu() - cpu0).as_secs_f64();
    let rate = if cpu_s > 0.0 {
        out.nodes_here as f64 / cpu_s
    } else {
        0.0
    };
    if let Some(b) = &out.best {
        examples::picture::write_svg(args.svg.as_deref(), || b.board.to_svg(inst))?;
    }
    let (best_score, complete) = out
        .best
        .as_ref()
        .map_or((0, false), |b| (b.score, b.complete));
    let solutions = u64::from(complete && best_score == inst.max_score());
    if args.json {
        let best = out.best.as_ref().map(|b| board_json(&b.board));
        let boards: Vec<serde_json::Value> =
            best.iter().filter(|_| solutions > 0).cloned().collect();
        println!(
            "{}",
            serde_json::json!({
                "nodes": out.nodes,
                "solutions": solutions,
                "best_score": best_score,
                "max_score": inst.max_score(),
                "max_depth": out.max_depth,
                "cpu_s": cpu_s,
                "nodes_per_cpu_s": rate.round(),
                "restarts": out.restarts,
                "complete": complete,
                "boards": boards,
                "best_board": best,
            })
        );
        return Ok(());
    }
    println!(
        "nodes={} solutions={solutions} best_score={best_score} max_depth={} cpu_s={cpu_s:.3} nodes_per_cpu_s={rate:.0} restarts={} complete={complete}",
        out.nodes, out.max_depth, out.restarts
    );
    Ok(())
}
