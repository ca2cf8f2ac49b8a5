//! `quartiles`: solve a Quartiles board and print every word, grouped by tile count, with the
//! quartiles marked.
//!
//! ```sh
//! cargo run --release -p examples --example quartiles -- azz th ss tru ref fu ra nih cro mat \
//!     wo sh re rds tic il lly zz is ment
//! cargo run --release -p examples --example quartiles -- --file board.txt --json
//! cargo run --release -p examples --example quartiles -- --public qc-2025-02-21
//! ```
//!
//! With no board the seed's board is solved. `--json` prints
//! `{"words": [...], "quartiles": [...], "score": N}` (distinct words in search order, the
//! quartiles of the first cover, the board's total score). `--svg FILE` also draws the board,
//! each quartile in its own colour, and the words found as an SVG picture.
#![forbid(unsafe_code)]

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use examples::{Drive, drive};
use quartiles_solver::{Board, Dictionary, Search, Solver, Tiers};

/// The seed's board, solved when no board is given.
const SEED: &str = "azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment";

#[derive(Parser, Debug)]
#[command(about = "Solve a Quartiles board: every word of 1-4 tiles, and the quartiles")]
struct Args {
    /// The 20 tiles (separate arguments, or one argument with spaces or commas).
    tiles: Vec<String>,
    /// Read the tiles from a file (whitespace or comma separated).
    #[arg(long, conflicts_with_all = ["tiles", "public"])]
    file: Option<String>,
    /// Solve a board of testdata/quartiles/boards-public.json by its id.
    #[arg(long, conflicts_with = "tiles")]
    public: Option<String>,
    /// Print JSON: {"words": [...], "quartiles": [...], "score": N}.
    #[arg(long)]
    json: bool,
    /// Use this word list (one word per line) instead of the embedded English list.
    #[arg(long)]
    words: Option<String>,
    /// Extra words to accept, comma separated.
    #[arg(long, value_delimiter = ',')]
    allow: Vec<String>,
    /// Words to reject, comma separated.
    #[arg(long, value_delimiter = ',')]
    deny: Vec<String>,
    /// Words the player already found, comma separated: listed apart, not in the remaining
    /// score.
    #[arg(long, value_delimiter = ',')]
    known: Vec<String>,
    /// Highest SCOWL size for 1-3 tile words and for 4-tile words, as SHORT,QUARTILE
    /// (default 60,80).
    #[arg(long, value_delimiter = ',')]
    tiers: Vec<u8>,
    /// Also draw the board, its quartiles and the words found as an SVG picture in FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<std::path::PathBuf>,
}

fn board(args: &Args) -> Result<Board, String> {
    if let Some(path) = &args.file {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        return Board::parse(&text).map_err(|e| format!("{path}: {e}"));
    }
    if let Some(id) = &args.public {
        return examples::quartiles_public_board(id);
    }
    if args.tiles.is_empty() {
        return Board::parse(SEED).map_err(|e| e.to_string());
    }
    Board::parse(&args.tiles.join(" ")).map_err(|e| e.to_string())
}

fn dictionary(args: &Args) -> Result<Dictionary, String> {
    let mut dict = match &args.words {
        Some(path) => Dictionary::from_word_list_file(path).map_err(|e| chain(&e))?,
        None => Dictionary::english(),
    };
    if !args.allow.is_empty() || !args.deny.is_empty() {
        dict = dict
            .with_overrides(&args.allow, &args.deny)
            .map_err(|e| format!("--allow/--deny: {}", chain(&e)))?;
    }
    match args.tiers[..] {
        [] => {}
        [short, quartile] => dict = dict.with_tiers(Tiers { short, quartile }),
        _ => return Err("--tiers takes two sizes: SHORT,QUARTILE (e.g. 60,80)".into()),
    }
    Ok(dict)
}

/// An error and its sources, `: `-separated.
fn chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut source = e.source();
    while let Some(cause) = source {
        s.push_str(": ");
        s.push_str(&cause.to_string());
        source = cause.source();
    }
    s
}

fn json_string(s: &str) -> String {
    serde_json::Value::from(s).to_string()
}

/// Writes the report; a closed pipe (`| head`) ends the program quietly.
fn emit(text: &str) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => examples::output::closed_pipe(),
        Err(e) => Err(format!("stdout: {e}")),
        Ok(()) => Ok(()),
    }
}

fn run(args: &Args) -> Result<(), String> {
    let board = board(args)?;
    let dict = dictionary(args)?;
    let start = Instant::now();
    dict.prepare();
    let prepared = start.elapsed();
    let start = Instant::now();
    let mut solver = Solver::new(&dict, &board).with_known_words(&args.known);
    drive(&mut solver, &Drive::new("solving"), |_| {
        ControlFlow::Continue(())
    });
    let solved = start.elapsed();
    examples::picture::write_svg(args.svg.as_deref(), || solver.to_svg())?;
    let covers = solver.quartiles();
    let quartiles: Vec<String> = covers
        .first()
        .map(|c| c.iter().map(|w| w.to_string()).collect())
        .unwrap_or_default();

    if args.json {
        let words: Vec<String> = solver
            .solution()
            .iter()
            .map(|w| json_string(w.as_str()))
            .collect();
        let q: Vec<String> = quartiles.iter().map(|w| json_string(w)).collect();
        return emit(&format!(
            "{{\"words\": [{}], \"quartiles\": [{}], \"score\": {}}}\n",
            words.join(", "),
            q.join(", "),
            solver.score()
        ));
    }

    let mut out = String::new();
    let _ = writeln!(out, "board: {board}");
    let mut by_tiles: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    let mut seen = Vec::new();
    for w in solver.words() {
        if seen.contains(&w.text) {
            continue;
        }
        seen.push(w.text);
        let mut s = w.to_string();
        if quartiles.contains(&s) {
            s.push('*');
        }
        if args
            .known
            .iter()
            .any(|k| k.eq_ignore_ascii_case(w.as_str()))
        {
            s = format!("({s})");
        }
        by_tiles.entry(w.tiles()).or_default().push(s);
    }
    for (tiles, words) in &by_tiles {
        let label = if *tiles == 1 { "tile" } else { "tiles" };
        let _ = writeln!(
            out,
            "{tiles} {label} ({}): {}",
            words.len(),
            words.join(" ")
        );
    }
    let _ = match covers.len() {
        0 => writeln!(out, "quartiles: none found (is the board typed right?)"),
        1 => writeln!(out, "quartiles (*): {}", quartiles.join(" ")),
        n => writeln!(
            out,
            "quartiles (*): {} ({n} covers; first shown)",
            quartiles.join(" ")
        ),
    };
    let p = solver.progress();
    let _ = writeln!(
        out,
        "{} words, score {}{}; {} nodes, solved in {:.1?} (search index ready in {:.1?})",
        seen.len(),
        solver.score(),
        if args.known.is_empty() {
            String::new()
        } else {
            format!(", {} still to win", solver.remaining_score())
        },
        p.nodes,
        solved,
        prepared
    );
    emit(&out)
}

fn main() -> ExitCode {
    let _out = examples::output::guard("quartiles");
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("quartiles: {e}");
            ExitCode::FAILURE
        }
    }
}
