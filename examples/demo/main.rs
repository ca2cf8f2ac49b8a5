//! `demo`: runs every solver of the family on built-in puzzles, one section each.
//!
//! `cargo run --release -p examples --example demo`
#![forbid(unsafe_code)]

use std::process::ExitCode;
use std::time::Instant;

use examples::DemoResult;

mod eternity;
mod hamilton;
mod quartiles;
mod slide;
mod sudoku;

/// One solver's section of the demo.
struct Section {
    name: &'static str,
    run: fn() -> DemoResult,
}

/// Every solver's section, in the order they run.
const SECTIONS: &[Section] = &[
    Section {
        name: "quartiles",
        run: quartiles::run,
    },
    Section {
        name: "hamilton",
        run: hamilton::run,
    },
    Section {
        name: "sudoku",
        run: sudoku::run,
    },
    Section {
        name: "slide",
        run: slide::run,
    },
    Section {
        name: "eternity",
        run: eternity::run,
    },
];

fn main() -> ExitCode {
    let _out = examples::output::guard("demo");
    let mut failed = 0;
    for Section { name, run } in SECTIONS {
        println!("=== {name}");
        let start = Instant::now();
        match run() {
            Ok(()) => println!("--- {name}: done in {:.1?}\n", start.elapsed()),
            Err(e) => {
                println!("--- {name}: FAILED: {e}\n");
                failed += 1;
            }
        }
    }
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
