//! The comparison suites, one module per crate. Each suite prints its own table and ends with
//! the one-line summary its issue specifies; `compare` with no suite runs them all.

pub mod eternity;
pub mod eternity_codegen;
pub mod eternity_score;
pub mod hamilton;
pub mod quartiles;
pub mod slide;
pub mod sudoku;
pub mod sudoku_generate;

use crate::Ctx;
use crate::error::Result;
use crate::report::SuiteReport;

/// A named comparison.
pub struct Suite {
    /// Name on the command line (`compare -- NAME`).
    pub name: &'static str,
    /// One line on what it compares.
    pub about: &'static str,
    /// Runs it: prints the table and returns the figures, or says what went wrong.
    pub run: fn(&Ctx) -> Result<SuiteReport>,
}

/// Every suite, in the order `compare` runs them.
pub fn all() -> Vec<Suite> {
    vec![
        Suite {
            name: "quartiles",
            about: "Quartiles: full solve of the public boards, ours vs the seed's baseline",
            run: quartiles::run,
        },
        Suite {
            name: "hamilton",
            about: "Block fill: planted boards 6x6-100x100, fast engine vs the seed's backtracker and its own exact search; parity proofs; counts",
            run: hamilton::run,
        },
        Suite {
            name: "sudoku",
            about: "Sudoku: uniqueness checks on the tdoku sets, ours vs the sudoku crate vs baseline",
            run: sudoku::run,
        },
        Suite {
            name: "slide",
            about: "Sliding tiles: 8-puzzles and Korf's 100, ours vs baseline vs the pathfinding crate",
            run: slide::run,
        },
        Suite {
            name: "eternity",
            about: "Eternity II: every engine on the same tree (bench-hard budget, bench-easy-h40 to the end)",
            run: eternity::run,
        },
    ]
}
