//! `demo`: runs every solver of the family on built-in puzzles, one section each.
//!
//! `cargo run --release -p examples --example demo`
#![forbid(unsafe_code)]

use std::process::ExitCode;
use std::time::Instant;

use examples::DemoResult;

/// Each solver's section: a name and the function that runs it.
const SECTIONS: &[(&str, fn() -> DemoResult)] = &[];

fn main() -> ExitCode {
    let mut failed = 0;
    for (name, run) in SECTIONS {
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
