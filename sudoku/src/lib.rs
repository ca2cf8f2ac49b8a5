//! Fast sudoku solving and generation of distinct solved grids.
//!
//! - [`Grid`]: 81 cells; parsing and printing in the nine-line text format and the one-line
//!   format ([`parse`]), with errors that name the puzzle, line and column.
//! - Solving: [`Solutions`], the search over every solution of a puzzle as its own
//!   continuation (it implements [`Search`]: budgeted, resumable steps), and [`Solver`], which
//!   counts solutions up to a limit (2 checks uniqueness) without allocating per puzzle. Both
//!   run an [`Engine`]: the fast bit-parallel engine with band propagation (singles and locked
//!   candidates) and guesses that copy a 128-byte state, or the seed's plain backtracker, kept
//!   as the oracle. The fast engine is built for the target's baseline and again for
//!   x86-64-v3 (AVX2, BMI, POPCNT); the copy for the processor is picked at run time, with
//!   no build flags, and both make the same search.
//! - Generation ([`generate`]): [`Finals`](generate::Finals), distinct solved grids with a
//!   chosen top-left digit (1,672,151,040 of them, the seed's 1,451,520 first), any index in
//!   constant time.
//! - Puzzles ([`puzzle_gen`]): [`Generator`](puzzle_gen::Generator) makes puzzles with exactly
//!   one solution that are minimal, from a seed, with a symmetry, a clue limit and a target
//!   grade; [`io::write_puzzles`] writes batches on several threads in a fixed order.
//! - Isomorphs ([`isomorph`]): the symmetries of sudoku, numbered; an image of a puzzle has
//!   the images of its solutions.
//! - Ratings ([`rating`]): [`rate`](rating::rate) solves as a person would (singles up to
//!   simple colouring) and gives a grade, a score and the log of deductions for hints.
//! - Files ([`io`]): [`generate_to`](io::generate_to) and [`solve_file`](io::solve_file) write
//!   through a thread fed by a bounded channel; [`solve_file`](io::solve_file) and
//!   [`verdicts_file`](io::verdicts_file) read a batch at a time, the next batch parsed while
//!   the current one is solved, and [`solve_file_watched`](io::solve_file_watched) shows
//!   progress and stops when told after any batch; batch solving on several threads (the `parallel` feature, on
//!   by default) keeps input order and reports every puzzle without exactly one solution.
//!
//! ```
//! use sudoku_engine::{Budget, Grid, Search, Solutions, Solver, Step, Verdict};
//!
//! let puzzle: Grid = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
//!     .parse()
//!     .unwrap();
//!
//! // One call: count up to 2 solutions (a uniqueness check).
//! let mut solver = Solver::new(); // reuse it: no allocation per puzzle
//! let count = solver.count(&puzzle, 2);
//! assert_eq!(count.verdict(), Verdict::Unique);
//! let solution = count.first.unwrap();
//! assert!(puzzle.is_solved_by(&solution));
//! println!("{solution}  ({} guesses)", count.guesses);
//!
//! // The same search in small steps, resumable at any point.
//! let mut search = Solutions::new(&puzzle);
//! loop {
//!     match search.step(Budget::nodes(10)) {
//!         Step::Found(g) => assert_eq!(g, solution),
//!         Step::Paused => { /* show search.progress(), save, yield... */ }
//!         Step::Finished => break,
//!     }
//! }
//! let p = search.progress();
//! assert_eq!((p.found, p.guesses), (1, count.guesses));
//!
//! // A million distinct finals with a 1 in the top-left corner, lazily.
//! let mut finals = sudoku_engine::generate::Finals::new(1, 1_000_000).unwrap();
//! let last = finals.nth(999_999).unwrap();
//! assert!(last.is_valid_solution() && last.get(0) == 1);
//! ```
//!
//! # Features
//!
//! - `parallel` (default): [`io::count_all`], [`io::verdicts`], [`io::verdicts_file`] and
//!   [`io::solve_file`] with `threads > 1` solve on a rayon pool; without it they solve on
//!   the calling thread, with the same output.
//! - `svg` (default): [`Grid::to_svg`] and [`Grid::solution_svg`] draw grids as SVG pictures
//!   ([`svg`](mod@svg)).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod engine;
mod error;
mod grid;
mod search;

pub mod generate;
pub mod io;
pub mod isomorph;
pub mod parse;
pub mod puzzle_gen;
pub mod rating;
#[cfg(feature = "svg")]
pub mod svg;

pub use engine::Engine;
pub use error::{Clash, FileError, GenerateError, ParseError, UnknownFormat};
pub use grid::{CELLS, Grid, Unit};
pub use search::{Count, Progress, Solutions, Solver, Verdict, count_solutions, solutions, solve};

/// The family's vocabulary, from puzzle-search: drive a [`Solutions`] with
/// [`Search::step`] and a [`Budget`] (or any [`Limit`]), and match the [`Step`] it returns.
pub use puzzle_search::{Budget, Limit, Search, Step};

/// The first twelve puzzles of the magictour top1465 list, for the crate's unit tests.
#[cfg(test)]
pub(crate) const TOP1465_HEAD: [&str; 12] = [
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
    "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
    "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....",
    "5..7..6....38...........2..62.4............917............35.8.4.....1......9....",
    "4..7..6....38...........2..62.5............917............43.8.5.....1......9....",
    ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........",
    "7.5.....2...4.1...3.........1.6..4..2...5...........9....37.....8....6...9.....8.",
    "......41.9..3.....3...5.....48..7..........62.1.......6..2....5.7....8......9....",
    "7.5.....2...4.1...3.........1.6..4..2...5...........9....37.....9....8...8.....6.",
    ".8..1......5....3.......4.....6.5.7.89....2.....3.....2.....1.9..67........4.....",
    "8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5...........",
];

/// A solved grid, for the crate's unit tests.
#[cfg(test)]
pub(crate) const SOLVED: &str =
    "468931527751624839392578461134756298289413675675289314846192753513867942927345186";

/// [`SOLVED`] with each cell kept as a given when the next draw of `seed` ([`xorshift`])
/// is below `keep` modulo 81, so about `keep` givens: the random puzzles of the unit tests.
#[cfg(test)]
pub(crate) fn thinned_solution(seed: &mut u64, keep: u64) -> Grid {
    let mut g: Grid = SOLVED.parse().unwrap();
    for cell in 0..81 {
        xorshift(seed);
        if *seed % 81 >= keep {
            g.set(cell, 0).unwrap();
        }
    }
    g
}

/// Advances a xorshift64 generator (shifts 13, 7, 17): the random inputs of the crate's
/// unit tests, the same sequence on every platform.
#[cfg(test)]
pub(crate) fn xorshift(seed: &mut u64) {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
}
