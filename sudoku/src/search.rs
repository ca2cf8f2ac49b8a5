//! Solving: the fast engine behind [`Search`] and [`Solver`], and the seed's [`baseline`].
//!
//! Every form shares one search order, so the same puzzle always visits the same nodes and
//! finds the same solutions in the same order, whether it runs in one call or in many small
//! budgeted steps.

pub mod baseline;
mod fast;
mod tables;

use std::time::{Duration, Instant};

use crate::grid::Grid;
use fast::State;

/// How much work one call to [`Search::step`] may do. At least one node is always visited,
/// so a loop of steps always makes progress.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    nodes: Option<u64>,
    time: Option<Duration>,
}

impl Budget {
    /// No limit: run to the next solution or to the end.
    pub fn unlimited() -> Budget {
        Budget::default()
    }

    /// At most `n` nodes (propagations); reproducible, for tests and replays.
    pub fn nodes(n: u64) -> Budget {
        Budget {
            nodes: Some(n),
            time: None,
        }
    }

    /// Roughly `d` of wall time (the clock is read every 256 nodes), for interactive use.
    pub fn time(d: Duration) -> Budget {
        Budget {
            nodes: None,
            time: Some(d),
        }
    }
}

/// What a [`Search::step`] ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A solution; the search is already positioned after it.
    Found(Grid),
    /// The budget ran out; call `step` again to resume.
    Paused,
    /// Every solution has been found.
    Finished,
}

/// Counters of a search so far (kept anyway, so reading them is free).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// States propagated.
    pub nodes: u64,
    /// Guesses made (a cell's candidates split in two).
    pub guesses: u64,
    /// Solutions found.
    pub solutions: u64,
    /// Alternatives waiting on the stack.
    pub depth: usize,
}

/// The result of counting solutions up to a limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// Solutions found, at most the limit.
    pub solutions: u64,
    /// The first solution found.
    pub first: Option<Grid>,
    /// Guesses the engine made: a measure of how hard the puzzle was for it.
    pub guesses: u64,
}

impl Count {
    /// The verdict of a count made with a limit of at least 2.
    pub fn verdict(&self) -> Verdict {
        match self.solutions {
            0 => Verdict::NoSolution,
            1 => Verdict::Unique,
            _ => Verdict::Multiple,
        }
    }
}

/// How many solutions a puzzle has, as far as a uniqueness check (limit 2) can tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// No solution (including puzzles whose givens clash).
    NoSolution,
    /// Exactly one solution: a proper sudoku.
    Unique,
    /// Two or more solutions.
    Multiple,
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Verdict::NoSolution => "no solution",
            Verdict::Unique => "unique solution",
            Verdict::Multiple => "several solutions",
        })
    }
}

/// [`Step`] before the solution is turned into a grid (which counting skips).
// Internal and short-lived; boxing the state would allocate once per solution.
#[allow(clippy::large_enum_variant)]
enum Found {
    Solution(State),
    Paused,
    Finished,
}

impl From<Found> for Step {
    fn from(f: Found) -> Step {
        match f {
            Found::Solution(s) => Step::Found(s.solution()),
            Found::Paused => Step::Paused,
            Found::Finished => Step::Finished,
        }
    }
}

trait Meter {
    /// Called after each node; true when the step must pause.
    fn spent(&mut self) -> bool;
}

struct Unlimited;

impl Meter for Unlimited {
    #[inline(always)]
    fn spent(&mut self) -> bool {
        false
    }
}

struct Limited {
    left: u64,
    deadline: Option<Instant>,
    tick: u32,
}

impl Meter for Limited {
    #[inline]
    fn spent(&mut self) -> bool {
        self.left = self.left.saturating_sub(1);
        if self.left == 0 {
            return true;
        }
        if let Some(d) = self.deadline {
            self.tick += 1;
            if self.tick >= 256 {
                self.tick = 0;
                return Instant::now() >= d;
            }
        }
        false
    }
}

/// A search over the solutions of one puzzle, as its own continuation: drive it with
/// [`Search::step`], watch [`Search::progress`], clone it, resume it later; or iterate it.
///
/// ```
/// use sudoku_engine::{Budget, Grid, Search, Step};
///
/// let puzzle: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse()
///     .unwrap();
/// let mut search = Search::new(&puzzle);
/// let mut found = Vec::new();
/// loop {
///     match search.step(Budget::nodes(1)) {
///         Step::Found(g) => found.push(g),
///         Step::Paused => continue,
///         Step::Finished => break,
///     }
/// }
/// assert_eq!(found.len(), 1);
/// assert!(puzzle.is_solved_by(&found[0]));
/// assert_eq!(Search::new(&puzzle).collect::<Vec<_>>(), found);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Search {
    current: Option<State>,
    stack: Vec<State>,
    progress: Progress,
}

impl Search {
    /// A search of `puzzle`; cheap, no work done yet.
    pub fn new(puzzle: &Grid) -> Search {
        let mut s = Search {
            current: None,
            stack: Vec::with_capacity(64),
            progress: Progress::default(),
        };
        s.reset(puzzle);
        s
    }

    /// Starts over on another puzzle, keeping the allocated stack.
    pub fn reset(&mut self, puzzle: &Grid) {
        self.stack.clear();
        self.progress = Progress::default();
        self.current = State::new(puzzle);
    }

    /// The counters so far.
    pub fn progress(&self) -> Progress {
        Progress {
            depth: self.stack.len(),
            ..self.progress
        }
    }

    /// True when every solution has been found.
    pub fn is_finished(&self) -> bool {
        self.current.is_none() && self.stack.is_empty()
    }

    /// Works until the next solution, the end, or the budget runs out.
    pub fn step(&mut self, budget: Budget) -> Step {
        let found = if budget.nodes.is_none() && budget.time.is_none() {
            self.run(&mut Unlimited)
        } else {
            self.run(&mut Limited {
                left: budget.nodes.unwrap_or(u64::MAX),
                deadline: budget.time.map(|d| Instant::now() + d),
                tick: 0,
            })
        };
        found.into()
    }

    #[inline]
    fn run<M: Meter>(&mut self, meter: &mut M) -> Found {
        let mut state = match self.current.take() {
            Some(s) => s,
            None => match self.stack.pop() {
                Some(s) => s,
                None => return Found::Finished,
            },
        };
        loop {
            self.progress.nodes += 1;
            if state.propagate() {
                if state.is_solved() {
                    self.progress.solutions += 1;
                    return Found::Solution(state);
                }
                self.progress.guesses += 1;
                let choice = state.choose();
                let other = state.split(choice);
                self.stack.push(other);
            } else {
                match self.stack.pop() {
                    Some(s) => state = s,
                    None => return Found::Finished,
                }
            }
            if meter.spent() {
                self.current = Some(state);
                return Found::Paused;
            }
        }
    }

    /// Counts solutions from here up to `limit` more.
    pub fn count_up_to(&mut self, limit: u64) -> Count {
        let mut count = Count::default();
        while count.solutions < limit {
            match self.run(&mut Unlimited) {
                Found::Solution(s) => {
                    count.solutions += 1;
                    if count.first.is_none() {
                        count.first = Some(s.solution());
                    }
                }
                _ => break,
            }
        }
        count.guesses = self.progress.guesses;
        count
    }

    /// Runs to the end and returns every remaining solution.
    pub fn solve_fully(mut self) -> Vec<Grid> {
        let mut all = Vec::new();
        while let Found::Solution(s) = self.run(&mut Unlimited) {
            all.push(s.solution());
        }
        all
    }
}

impl Iterator for Search {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        match self.run(&mut Unlimited) {
            Found::Solution(s) => Some(s.solution()),
            _ => None,
        }
    }
}

/// The fast engine, reusable across puzzles without allocating (its stack is kept).
///
/// ```
/// use sudoku_engine::{Grid, Solver, Verdict};
///
/// let mut solver = Solver::new();
/// let empty = Grid::EMPTY;
/// assert_eq!(solver.count(&empty, 2).verdict(), Verdict::Multiple);
/// let solution = solver.solve(&empty).unwrap();
/// assert!(solution.is_valid_solution());
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    search: Search,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with an empty stack.
    pub fn new() -> Solver {
        Solver {
            search: Search::new(&Grid::EMPTY),
        }
    }

    /// Counts the solutions of `puzzle` up to `limit` (2 checks uniqueness).
    pub fn count(&mut self, puzzle: &Grid, limit: u64) -> Count {
        self.search.reset(puzzle);
        self.search.count_up_to(limit)
    }

    /// The first solution of `puzzle`, if any.
    pub fn solve(&mut self, puzzle: &Grid) -> Option<Grid> {
        self.count(puzzle, 1).first
    }
}

/// The first solution of `puzzle` found by the fast engine, if any.
pub fn solve(puzzle: &Grid) -> Option<Grid> {
    Solver::new().solve(puzzle)
}

/// The number of solutions of `puzzle`, counted up to `limit`.
pub fn count_solutions(puzzle: &Grid, limit: u64) -> u64 {
    Solver::new().count(puzzle, limit).solutions
}

/// Every solution of `puzzle`, lazily; see [`Search`] for budgeted steps.
pub fn solutions(puzzle: &Grid) -> Search {
    Search::new(puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    const S: &str =
        "468931527751624839392578461134756298289413675675289314846192753513867942927345186";

    #[test]
    fn fast_and_baseline_solve_a_hard_puzzle() {
        let p: Grid = P.parse().unwrap();
        let s: Grid = S.parse().unwrap();
        let c = Solver::new().count(&p, 2);
        assert_eq!(c.solutions, 1);
        assert_eq!(c.first, Some(s));
        assert_eq!(baseline::count_solutions(&p, 2).first, Some(s));
    }

    #[test]
    fn clashes_and_full_grids() {
        let s: Grid = S.parse().unwrap();
        assert_eq!(count_solutions(&s, 2), 1);
        let mut bad = s;
        bad.set(80, 1).unwrap();
        assert_eq!(count_solutions(&bad, 2), 0);
        let mut col = Grid::EMPTY;
        col.set(0, 5).unwrap();
        col.set(9 * 5, 5).unwrap();
        assert_eq!(count_solutions(&col, 2), 0);
        assert_eq!(baseline::count_solutions(&col, 2).solutions, 0);
    }

    #[test]
    fn budgeted_steps_match_one_run() {
        let p: Grid = P.parse().unwrap();
        let mut one = Search::new(&p);
        let all: Vec<_> = one.by_ref().collect();
        let mut stepped = Search::new(&p);
        let mut found = Vec::new();
        let mut calls = 0;
        loop {
            calls += 1;
            match stepped.step(Budget::nodes(3)) {
                Step::Found(g) => found.push(g),
                Step::Paused => {}
                Step::Finished => break,
            }
        }
        assert_eq!(found, all);
        assert_eq!(stepped.progress(), one.progress());
        assert!(calls > 3);
        assert!(stepped.is_finished());
    }

    #[test]
    fn time_budget_pauses_and_resumes() {
        let mut s = Search::new(&Grid::EMPTY);
        let mut n = 0;
        while n < 50 {
            if let Step::Found(g) = s.step(Budget::time(Duration::from_millis(1))) {
                assert!(g.is_valid_solution());
                n += 1;
            }
        }
        let mut clone = s.clone();
        assert_eq!(clone.next(), s.next());
    }
}
