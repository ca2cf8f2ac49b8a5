//! Puzzle generation: proper, minimal puzzles from a seed, with a symmetry, a clue-count
//! limit and a target grade.
//!
//! Puzzle `i` of a [`Generator`] depends only on the seed, the options and `i` (each index has
//! its own random stream), so a run can be resumed, split, or made on any number of threads
//! with the same output ([`crate::io::write_puzzles`]). A puzzle is made by filling a random
//! solved grid, then removing the givens orbit by orbit (a cell and its image under the
//! symmetry) in random order, keeping each removal that leaves exactly one solution. The
//! result has one solution and no orbit can go; a symmetric result that still has a single
//! removable given is discarded, so every puzzle is minimal: removing any given leaves two or
//! more solutions. Attempts that miss the clue limit or the grade are discarded too, and the
//! next attempt continues the same stream.
//!
//! Most attempts are discarded when a rare grade is asked for, so an attempt is kept cheap
//! without changing what it makes: a removal whose cell the other givens force by a single is
//! kept, and one that would leave a two-digit unavoidable set of the solution without givens
//! is refused, both without a solver call (each is what the solver would answer); with a
//! target grade the rating uses only the techniques up to that grade and stops as soon as
//! none applies, since the puzzle is then harder than asked.
//!
//! ```
//! use sudoku_engine::Solver;
//! use sudoku_engine::puzzle_gen::{Generator, Symmetry};
//! use sudoku_engine::rating::Grade;
//!
//! let generator = Generator::new(2024).symmetry(Symmetry::Rot180).difficulty(Grade::Medium);
//! let mut solver = Solver::new();
//! for p in generator.iter().take(3) {
//!     assert_eq!(solver.count(&p.puzzle, 2).solutions, 1);
//!     assert!(Symmetry::Rot180.holds(&p.puzzle));
//!     assert_eq!(p.rating.grade, Grade::Medium);
//!     println!("{} {} {}", p.puzzle, p.rating.grade, p.rating.score);
//! }
//! // Random access: puzzle 1 again, on its own.
//! assert_eq!(generator.puzzle(1), generator.iter().nth(1).unwrap());
//! ```

mod fill;
mod forced;
pub(crate) mod rng;
mod symmetry;
mod unavoidable;

pub use symmetry::{SYMMETRIES, Symmetry, UnknownSymmetry};

use thiserror::Error;

use crate::grid::Grid;
use crate::rating::{Grade, Rating, rate_unique, rate_up_to};
use crate::search::Solver;
use forced::Givens;
use rng::Rng;
use unavoidable::Unavoidable;

/// The fewest clues a limit may ask for: below this, minimal puzzles are too rare to find in
/// reasonable time (17 is the least any proper sudoku has).
pub const MIN_CLUE_LIMIT: usize = 20;

/// An impossible option.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum GeneratorError {
    /// A clue limit below [`MIN_CLUE_LIMIT`] or above 81.
    #[error("a clue limit of {0} is out of range (expected {MIN_CLUE_LIMIT} to 81)")]
    Clues(usize),
}

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Generated {
    /// Its index in the generator's sequence.
    pub index: u64,
    /// The puzzle: exactly one solution, minimal.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// Its rating (grade, score, the log of deductions).
    pub rating: Rating,
    /// Attempts made (1 when the first met every option).
    pub attempts: u32,
}

/// Makes puzzles from a seed; cheap to clone and share between threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Generator {
    seed: u64,
    symmetry: Symmetry,
    difficulty: Option<Grade>,
    clues: Option<usize>,
}

impl Generator {
    /// A generator of puzzles of any grade, no symmetry, no clue limit.
    pub fn new(seed: u64) -> Generator {
        Generator {
            seed,
            symmetry: Symmetry::None,
            difficulty: None,
            clues: None,
        }
    }

    /// Givens keep `symmetry`.
    pub fn symmetry(self, symmetry: Symmetry) -> Generator {
        Generator { symmetry, ..self }
    }

    /// Only puzzles of this grade.
    pub fn difficulty(self, grade: Grade) -> Generator {
        Generator {
            difficulty: Some(grade),
            ..self
        }
    }

    /// Only puzzles with at most `clues` givens. Minimal puzzles mostly have 22 to 27, so a
    /// limit of 21 or less is slow, and a high one changes nothing.
    pub fn clues(self, clues: usize) -> Result<Generator, GeneratorError> {
        if !(MIN_CLUE_LIMIT..=81).contains(&clues) {
            return Err(GeneratorError::Clues(clues));
        }
        Ok(Generator {
            clues: Some(clues),
            ..self
        })
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Puzzle `index` of the sequence.
    pub fn puzzle(&self, index: u64) -> Generated {
        self.puzzle_with(index, &mut Solver::new())
    }

    /// Puzzle `index`, checking uniqueness with `solver` (reuse one across calls).
    pub fn puzzle_with(&self, index: u64, solver: &mut Solver) -> Generated {
        let mut rng = Rng::for_puzzle(self.seed, index);
        let mut attempts = 0;
        loop {
            attempts += 1;
            let solution = fill::random_solution(&mut rng);
            let Some(puzzle) = dig(&solution, self.symmetry, &mut rng, solver) else {
                continue;
            };
            if self.clues.is_some_and(|k| puzzle.givens() > k) {
                continue;
            }
            // With a target grade, rating stops as soon as the puzzle is sure to be harder.
            let rating = match self.difficulty {
                None => rate_unique(&puzzle),
                Some(g) => match rate_up_to(&puzzle, g) {
                    Some(r) if r.grade == g => r,
                    _ => continue,
                },
            };
            return Generated {
                index,
                puzzle,
                solution,
                rating,
                attempts,
            };
        }
    }

    /// Puzzles 0, 1, 2, ... (endless; `take` what you need).
    pub fn iter(&self) -> Puzzles {
        Puzzles {
            generator: *self,
            next: 0,
            solver: Solver::new(),
        }
    }
}

/// The endless sequence of a [`Generator`]'s puzzles (see [`Generator::iter`]).
#[derive(Clone, Debug)]
pub struct Puzzles {
    generator: Generator,
    next: u64,
    solver: Solver,
}

impl Iterator for Puzzles {
    type Item = Generated;

    fn next(&mut self) -> Option<Generated> {
        let p = self.generator.puzzle_with(self.next, &mut self.solver);
        self.next += 1;
        Some(p)
    }

    fn nth(&mut self, n: usize) -> Option<Generated> {
        self.next += n as u64;
        self.next()
    }
}

/// Removes givens of `solution` orbit by orbit in random order while exactly one solution
/// remains; `None` when a symmetric result is not minimal given by given.
fn dig(solution: &Grid, symmetry: Symmetry, rng: &mut Rng, solver: &mut Solver) -> Option<Grid> {
    let mut orbits = symmetry.orbits();
    rng.shuffle(&mut orbits);
    let mut puzzle = *solution;
    let mut givens = Givens::new(&puzzle);
    let mut parts = Unavoidable::new(solution);
    for orbit in &orbits {
        let mut trial = puzzle;
        for &c in orbit {
            trial.set(c, 0);
            givens.remove(c);
            parts.remove(c);
        }
        // Two cheap answers before the solver, each what the solver would say: the orbit's
        // cells forced one after another by singles on the givens left (each with the ones
        // before it given back) keep the one solution, mostly the early removals; a removal
        // that empties a two-digit unavoidable set leaves two solutions, mostly late ones.
        let mut forced = true;
        for &c in orbit {
            forced = forced && givens.forces(c, solution.get(c));
            givens.restore(c, solution.get(c));
        }
        let keeps_one = forced
            || !orbit.iter().any(|&c| parts.emptied_at(c))
                && solver.count(&trial, 2).solutions == 1;
        if keeps_one {
            puzzle = trial;
            for &c in orbit {
                givens.remove(c);
            }
        } else {
            for &c in orbit {
                parts.restore(c);
            }
        }
    }
    // Without a symmetry every orbit is one cell, and removals only add solutions, so a given
    // that could not go then cannot go now: the puzzle is minimal. With one, check each given.
    (symmetry == Symmetry::None || minimal(&puzzle, solution, solver)).then_some(puzzle)
}

/// True when removing any one given leaves more than one solution (the puzzle itself is
/// assumed to have exactly one).
pub fn is_minimal(puzzle: &Grid, solver: &mut Solver) -> bool {
    let count = solver.count(puzzle, 2);
    match count.first {
        Some(solution) if count.solutions == 1 => minimal(puzzle, &solution, solver),
        // Not a proper puzzle: no shortcut applies, ask the solver given by given.
        _ => (0..crate::CELLS).filter(|&c| puzzle.get(c) != 0).all(|c| {
            let mut p = *puzzle;
            p.set(c, 0);
            solver.count(&p, 2).solutions >= 2
        }),
    }
}

/// [`is_minimal`] for a puzzle whose one solution is known.
fn minimal(puzzle: &Grid, solution: &Grid, solver: &mut Solver) -> bool {
    let mut givens = Givens::new(puzzle);
    let mut parts = Unavoidable::new(solution);
    let blanks: Vec<usize> = (0..crate::CELLS).filter(|&c| puzzle.get(c) == 0).collect();
    for &c in &blanks {
        parts.remove(c);
    }
    let given: Vec<usize> = (0..crate::CELLS).filter(|&c| puzzle.get(c) != 0).collect();
    let mut forced = false;
    for &c in &given {
        givens.remove(c);
        forced = forced || givens.forces(c, puzzle.get(c));
        givens.restore(c, puzzle.get(c));
    }
    // A given forced by a single on the others can go: not minimal, no solver needed. A
    // given whose removal empties an unavoidable set cannot; the solver decides the rest.
    !forced
        && given.iter().all(|&c| {
            parts.remove(c);
            let emptied = parts.emptied_at(c);
            parts.restore(c);
            emptied || {
                let mut p = *puzzle;
                p.set(c, 0);
                solver.count(&p, 2).solutions >= 2
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn puzzles_are_proper_minimal_and_repeatable() {
        let g = Generator::new(5);
        let a: Vec<Generated> = g.iter().take(10).collect();
        let mut solver = Solver::new();
        for p in &a {
            let c = solver.count(&p.puzzle, 2);
            assert_eq!(c.solutions, 1);
            assert_eq!(c.first, Some(p.solution));
            assert!(is_minimal(&p.puzzle, &mut solver));
            assert_eq!(p.attempts, 1);
        }
        assert_eq!(g.puzzle(7), a[7]);
        assert_ne!(Generator::new(6).puzzle(0).puzzle, a[0].puzzle);
    }

    #[test]
    fn options_are_kept() {
        let g = Generator::new(1)
            .symmetry(Symmetry::Diagonal)
            .clues(25)
            .unwrap()
            .difficulty(Grade::Hard);
        for p in g.iter().take(3) {
            assert!(Symmetry::Diagonal.holds(&p.puzzle));
            assert!(p.puzzle.givens() <= 25);
            assert_eq!(p.rating.grade, Grade::Hard);
        }
        assert_eq!(Generator::new(1).clues(19), Err(GeneratorError::Clues(19)));
        assert!(Generator::new(1).clues(82).is_err());
    }
}
