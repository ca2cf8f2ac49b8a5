//! `quartiles`: solve a Quartiles board and print every word, grouped by tile count, with the
//! quartiles marked.
//!
//! ```sh
//! cargo run --release -p examples --example quartiles -- azz th ss tru ref fu ra nih cro mat \
//!     wo sh re rds tic il lly zz is ment
//! cargo run --release -p examples --example quartiles -- --file board.txt --json
//! cargo run --release -p examples --example quartiles -- --public qc-2025-02-21
//! echo "azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment" |
//!     cargo run --release -p examples --example quartiles -- --file - --json
//! cargo run --release -p examples --example quartiles -- --seed-board
//! ```
//!
//! A board comes as 20 tiles, `--file FILE` (`-` for standard input), `--public ID`, or
//! `--seed-board` (the seed's own board); without one the program says so and exits with
//! status 2. `--json` prints one object with the fields of Python's `quartiles.Solution`:
//! `{"tiles", "words", "quartiles", "covers", "score", "nodes", "missing"}` (distinct words in
//! search order, the quartiles of the first cover, every cover, the board's total score,
//! search nodes). When the dictionary lacks one quartile, four are found and the four tiles
//! they leave must be the fifth: `missing` is then
//! `{"found": [4 words], "tiles": [4 tiles], "spellings": [24 spellings, most word-like first]}`
//! (else `null`), and the text output offers the best spelling, marked as not in the
//! dictionary. `--svg FILE` also draws the board,
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
    /// Read the tiles from a file (whitespace or comma separated); `-` reads standard input.
    #[arg(long, conflicts_with_all = ["tiles", "public", "seed_board"])]
    file: Option<String>,
    /// Solve a board of testdata/quartiles/boards-public.json by its id.
    #[arg(long, conflicts_with_all = ["tiles", "seed_board"])]
    public: Option<String>,
    /// Solve the seed's board (azz th ss tru ...), the one the crate's docs use.
    #[arg(long, conflicts_with = "tiles")]
    seed_board: bool,
    /// Print JSON: tiles, words, quartiles, covers, score, nodes and missing (the fields of
    /// Python's `quartiles.Solution`, with the fifth quartile the dictionary lacks).
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
        let path = std::path::Path::new(path);
        let text = examples::input::read_text(path)?;
        return Board::parse(&text).map_err(|e| format!("{}: {e}", examples::input::name(path)));
    }
    if let Some(id) = &args.public {
        return examples::quartiles_public_board(id);
    }
    if args.seed_board {
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

    let missing = solver.missing_quartile();
    if args.json {
        let words: Vec<String> = solver
            .solution()
            .iter()
            .map(|w| w.as_str().to_string())
            .collect();
        let covers: Vec<Vec<String>> = covers
            .iter()
            .map(|c| c.iter().map(|w| w.to_string()).collect())
            .collect();
        let tiles: Vec<&str> = board.tiles().iter().map(|t| t.as_str()).collect();
        let missing = missing.as_ref().map(|m| {
            serde_json::json!({
                "found": m.found.iter().map(|w| w.to_string()).collect::<Vec<_>>(),
                "tiles": m.tiles.iter().map(|&t| board.tile(t)).collect::<Vec<_>>(),
                "spellings": m.spellings,
            })
        });
        let json = serde_json::json!({
            "tiles": tiles,
            "words": words,
            "quartiles": quartiles,
            "covers": covers,
            "score": solver.score(),
            "nodes": solver.progress().nodes,
            "missing": missing,
        });
        return emit(&format!("{json}\n"));
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
    let _ = match (covers.len(), &missing) {
        (0, Some(m)) => writeln!(
            out,
            "quartiles (*): {} + {} (not in the dictionary: the four tiles left, {}; other orders: {})",
            m.found.map(|w| w.to_string()).join(" "),
            m.best(),
            m.tiles.map(|t| board.tile(t)).join(" "),
            m.spellings[1..4].join(" ")
        ),
        (0, None) => writeln!(out, "quartiles: none found (is the board typed right?)"),
        (1, _) => writeln!(out, "quartiles (*): {}", quartiles.join(" ")),
        (n, _) => writeln!(
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
    let args = examples::args::parse::<Args>();
    if args.tiles.is_empty() && args.file.is_none() && args.public.is_none() && !args.seed_board {
        eprintln!(
            "quartiles: no board given: pass the 20 tiles, --file FILE (- for standard input), --public ID or --seed-board (see --help)"
        );
        return ExitCode::from(2);
    }
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("quartiles: {e}");
            ExitCode::FAILURE
        }
    }
}
