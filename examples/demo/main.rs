//! `demo`: runs every solver of the family on built-in puzzles, one section each.
//!
//! `cargo run --release -p examples --example demo [-- --svg DIR]`
//!
//! With `--svg DIR` each section also draws a picture of what it solved into DIR, and
//! `DIR/index.html` shows them all.
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
    run: fn(&mut Pictures) -> DemoResult,
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
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = match args.as_slice() {
        [] => None,
        [flag, dir] if flag == "--svg" => Some(std::path::PathBuf::from(dir)),
        _ => {
            eprintln!("usage: demo [--svg DIR]");
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
    for Section { name, run } in SECTIONS {
        println!("=== {name}");
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
