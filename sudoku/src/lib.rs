//! Fast sudoku solving and generation of distinct solved grids.
//!
//! - [`Grid`]: 81 cells; parsing and printing in the nine-line text format and the one-line
//!   format ([`parse`]), with errors that name the puzzle, line and column.
//! - Solving ([`solve`](mod@solve)): a bit-parallel engine ([`Solver`], [`Search`]) with band
//!   propagation (singles and locked candidates) and guesses that copy a 128-byte state;
//!   `count` with a limit (2 checks uniqueness); a budgeted, resumable [`Search`] over all
//!   solutions; and the seed's plain backtracker as [`baseline`](solve::baseline).
//! - Generation ([`generate`]): [`Finals`], distinct solved grids with a chosen top-left digit
//!   (1,672,151,040 of them, the seed's 1,451,520 first), any index in constant time.
//! - Files ([`io`]): [`generate_to`] and [`solve_file`] write through a thread fed by a bounded
//!   channel; batch solving on several threads keeps input order and reports every puzzle
//!   without exactly one solution.
//!
//! ```
//! use sudoku_engine::{Grid, Solver, Verdict};
//!
//! let puzzle: Grid = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
//!     .parse()
//!     .unwrap();
//! let mut solver = Solver::new(); // reuse it: no allocation per puzzle
//! let count = solver.count(&puzzle, 2);
//! assert_eq!(count.verdict(), Verdict::Unique);
//! let solution = count.first.unwrap();
//! assert!(puzzle.is_solved_by(&solution));
//! println!("{solution}  ({} guesses)", count.guesses);
//!
//! // A million distinct finals with a 1 in the top-left corner, lazily.
//! let mut finals = sudoku_engine::Finals::new(1, 1_000_000).unwrap();
//! let last = finals.nth(999_999).unwrap();
//! assert!(last.is_valid_solution() && last.get(0) == 1);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod generate;
pub mod grid;
pub mod io;
pub mod parse;
pub mod solve;

pub use generate::{Finals, MAX_FINALS, final_grid};
pub use grid::{CELLS, Clash, Grid, Unit};
pub use io::{FileError, SolveOptions, SolveReport, generate_to, solve_file};
pub use parse::{Format, ParseError, Puzzles};
pub use solve::{
    Budget, Count, Progress, Search, Solver, Step, Verdict, count_solutions, solutions,
};
