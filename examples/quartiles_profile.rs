//! Solves every public Quartiles board (`testdata/quartiles/boards-public.json`) a number of
//! times with the fast engine, as a fixed workload for an instruction counter:
//!
//! ```sh
//! cargo run --release -p examples --example quartiles_profile -- 1
//! valgrind --tool=callgrind --toggle-collect='*Solver::finish*' \
//!     target/release/examples/quartiles_profile 1
//! ```
//!
//! Prints the number of boards and solves and, summed over them, the words, the nodes and
//! the quartiles found, so that two builds can be checked to do the same work.

use std::process::ExitCode;

use examples::testdata;
use quartiles_solver::{Board, Dictionary, Search, Solver};

fn boards() -> Result<Vec<Board>, String> {
    let path = testdata().join("quartiles").join("boards-public.json");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let json: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut boards = Vec::new();
    for b in json["boards"].as_array().into_iter().flatten() {
        let tiles: Vec<&str> = b["tiles"]
            .as_array()
            .map(|t| t.iter().filter_map(|s| s.as_str()).collect())
            .unwrap_or_default();
        boards.push(Board::from_tiles(tiles).map_err(|e| format!("board {}: {e}", b["id"]))?);
    }
    Ok(boards)
}

/// Solve every public Quartiles board ROUNDS times: a fixed workload for an instruction
/// counter.
#[derive(clap::Parser, Debug)]
#[command(name = "quartiles_profile")]
struct Args {
    /// How many times to solve every board (at least 1).
    #[arg(default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    rounds: u32,
}

fn main() -> ExitCode {
    let _out = examples::output::guard("quartiles_profile");
    let rounds = examples::args::parse::<Args>().rounds as usize;
    let boards = match boards() {
        Ok(b) => b,
        Err(e) => {
            eprintln!("quartiles_profile: {e}");
            return ExitCode::FAILURE;
        }
    };
    let dict = Dictionary::english();
    let (mut words, mut nodes, mut quartiles) = (0, 0, 0);
    for _ in 0..rounds {
        for board in &boards {
            let solver = Solver::new(&dict, board).finish();
            words += solver.words().len();
            nodes += solver.progress().nodes;
            quartiles += solver.quartiles().len();
        }
    }
    println!(
        "boards {} solves {} words {words} nodes {nodes} quartiles {quartiles}",
        boards.len(),
        boards.len() * rounds
    );
    ExitCode::SUCCESS
}
