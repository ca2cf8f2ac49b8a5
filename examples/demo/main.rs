//! `demo`: runs every solver of the family on built-in puzzles, one section each.
//!
//! `cargo run --release -p examples --example demo [-- --svg DIR]`
//!
//! A short guided tour: each section says in one line what it shows, then shows it. With
//! `--svg DIR` each section also draws a picture of what it solved into DIR, and
//! `DIR/index.html` shows them all. `--help` prints the usage.
#![forbid(unsafe_code)]

use std::process::ExitCode;
use std::time::Instant;

use examples::DemoResult;
use examples::picture::Pictures;

mod eternity;
mod hamilton;
mod quartiles;
mod slide;
mod sudoku;

/// One solver's section of the demo.
struct Section {
    name: &'static str,
    /// What the section shows, in one line for the reader of the tour.
    about: &'static str,
    run: fn(&mut Pictures) -> DemoResult,
}

/// Every solver's section, in the order they run.
const SECTIONS: &[Section] = &[
    Section {
        name: "quartiles",
        about: "Apple's Quartiles: every dictionary word of 1-4 tiles on a board, and the five 4-tile words covering all 20 tiles",
        run: quartiles::run,
    },
    Section {
        name: "hamilton",
        about: "block fill: a path from the start X through every tile once, a proof when there is none, and exact path counts",
        run: hamilton::run,
    },
    Section {
        name: "sudoku",
        about: "a hard puzzle solved and checked against the plain backtracker, the same search paused and resumed, solved grids generated",
        run: sudoku::run,
    },
    Section {
        name: "slide",
        about: "sliding-tile puzzles solved in the fewest moves; each arrow is the move of the tile that slides (↑: a tile moved up into the gap)",
        run: slide::run,
    },
    Section {
        name: "eternity",
        about: "Eternity II edge matching: a clue puzzle solved, two engines agreeing on an oracle, a hard search saved and resumed",
        run: eternity::run,
    },
];

fn main() -> ExitCode {
    let _out = examples::output::guard("demo");
    let args: Vec<String> = std::env::args().skip(1).collect();
    const USAGE: &str = "usage: demo [--svg DIR]\n\nRuns every solver of the family on built-in puzzles, a section each.\n\n  --svg DIR   also draw a picture per solver into DIR, with DIR/index.html showing them\n  -h, --help  print this help";
    let dir = match args.as_slice() {
        [] => None,
        [flag] if flag == "--help" || flag == "-h" => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        [flag, dir] if flag == "--svg" => Some(std::path::PathBuf::from(dir)),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut pictures = match Pictures::new(dir) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("demo: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut failed = 0;
    for Section { name, about, run } in SECTIONS {
        println!("=== {name}: {about}");
        let start = Instant::now();
        match run(&mut pictures) {
            Ok(()) => println!("--- {name}: done in {:.1?}\n", start.elapsed()),
            Err(e) => {
                println!("--- {name}: FAILED: {e}\n");
                failed += 1;
            }
        }
    }
    if let Err(e) = pictures.write_index() {
        println!("pictures: FAILED: {e}");
        failed += 1;
    }
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
