//! The public continuation [`Solutions`], the reusable [`Solver`], and what they report.
//!
//! Every form shares its engine's one search order, so the same puzzle always visits the
//! same nodes and finds the same solutions in the same order, whether it runs in one call or
//! in many small budgeted steps (see [`Engine`] for what a node is).

use puzzle_search::{Limit, Parts, Search, Split, Step, Unlimited};

use crate::engine::baseline::BaselineSearch;
use crate::engine::fast::FastSearch;
use crate::engine::{Counters, Engine, Event};
use crate::grid::Grid;

/// Counters of a search so far (kept anyway, so reading them is free).
///
/// `core.nodes` counts the engine's nodes (see [`Engine`]) and `core.found` the solutions
/// found: those [`Search::step`] returned as [`Step::Found`], and those
/// [`Solutions::count_up_to`] counted. Both read through `Deref` as `p.nodes` and `p.found`.
/// No fraction explored is estimated.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct Progress {
    /// Nodes and solutions found, as every search of the family reports them.
    pub core: puzzle_search::Progress,
    /// Guesses made (the fast engine: a cell's candidates split in two; the baseline: every
    /// placement).
    pub guesses: u64,
    /// Open guesses on the current path: alternatives waiting on the stack (fast), blanks
    /// filled (baseline).
    pub depth: usize,
}

puzzle_search::extends_progress!(Progress, core);

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
        Verdict::of(self.solutions)
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

impl Verdict {
    /// The verdict of `solutions` counted with a limit of at least 2.
    pub fn of(solutions: u64) -> Verdict {
        match solutions {
            0 => Verdict::NoSolution,
            1 => Verdict::Unique,
            _ => Verdict::Multiple,
        }
    }

    /// A one-word name for machine-readable output: `none`, `unique` or `several` (what the
    /// Python binding and the programs' JSON use; `Display` gives the phrase).
    pub fn name(self) -> &'static str {
        match self {
            Verdict::NoSolution => "none",
            Verdict::Unique => "unique",
            Verdict::Multiple => "several",
        }
    }
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

/// The engine's continuation.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Inner {
    Fast(FastSearch),
    Baseline(BaselineSearch),
}

/// The search over every solution of one puzzle, as its own continuation: drive it with
/// [`Search::step`] and any [`Budget`](crate::Budget), watch [`Search::progress`], clone it,
/// resume it later; or iterate it. The fast engine runs unless [`Solutions::with_engine`]
/// picks another.
///
/// ```
/// use sudoku_engine::{Budget, Grid, Search, Solutions, Step};
///
/// let puzzle: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse()
///     .unwrap();
/// let mut search = Solutions::new(&puzzle);
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
/// assert_eq!(search.progress().found, 1);
/// assert_eq!(Solutions::new(&puzzle).collect::<Vec<_>>(), found);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solutions {
    inner: Inner,
}

impl Solutions {
    /// A search of `puzzle` with the fast engine; cheap, no work done yet.
    pub fn new(puzzle: &Grid) -> Solutions {
        Solutions::with_engine(puzzle, Engine::Fast)
    }

    /// A search of `puzzle` with `engine`; no work done yet.
    pub fn with_engine(puzzle: &Grid, engine: Engine) -> Solutions {
        let inner = match engine {
            Engine::Fast => Inner::Fast(FastSearch::new(puzzle)),
            Engine::Baseline => Inner::Baseline(BaselineSearch::new(puzzle)),
        };
        Solutions { inner }
    }

    /// The engine this search runs.
    pub fn engine(&self) -> Engine {
        match self.inner {
            Inner::Fast(_) => Engine::Fast,
            Inner::Baseline(_) => Engine::Baseline,
        }
    }

    /// Starts over on another puzzle with the same engine, keeping what it allocated.
    pub fn reset(&mut self, puzzle: &Grid) {
        match &mut self.inner {
            Inner::Fast(f) => f.reset(puzzle),
            Inner::Baseline(b) => b.reset(puzzle),
        }
    }

    /// True when every solution has been found.
    pub fn is_finished(&self) -> bool {
        match &self.inner {
            Inner::Fast(f) => f.is_finished(),
            Inner::Baseline(b) => b.is_finished(),
        }
    }

    fn counters(&self) -> Counters {
        match &self.inner {
            Inner::Fast(f) => f.counters(),
            Inner::Baseline(b) => b.counters(),
        }
    }

    /// Counts solutions from here up to `limit` more, with no budget to check; `guesses` is
    /// the total of this search so far.
    pub fn count_up_to(&mut self, limit: u64) -> Count {
        self.count_from(None, limit, true)
    }

    /// [`Solutions::count_up_to`], after starting over on `puzzle` if given (for the fast
    /// engine one call does both, see `FastSearch::count`), building the first solution's
    /// grid only if `keep_first` (a count alone needs none).
    fn count_from(&mut self, puzzle: Option<&Grid>, limit: u64, keep_first: bool) -> Count {
        let mut count = Count::default();
        match &mut self.inner {
            Inner::Fast(f) => {
                (count.solutions, count.first) = f.count(puzzle, limit, keep_first);
            }
            Inner::Baseline(b) => {
                if let Some(p) = puzzle {
                    b.reset(p);
                }
                while count.solutions < limit {
                    match b.run(Unlimited) {
                        Event::Solution(g) => {
                            count.solutions += 1;
                            count.first = count.first.or(Some(g));
                        }
                        Event::Paused | Event::Finished => break,
                    }
                }
            }
        }
        count.guesses = self.counters().guesses;
        count
    }
}

impl Search for Solutions {
    type Item = Grid;
    type Progress = Progress;

    /// Works until the next solution, the end, or the budget runs out.
    fn step<L: Limit>(&mut self, budget: L) -> Step<Grid> {
        match &mut self.inner {
            Inner::Fast(f) => match f.run(budget) {
                Event::Solution(s) => Step::Found(s.solution()),
                Event::Paused => Step::Paused,
                Event::Finished => Step::Finished,
            },
            Inner::Baseline(b) => match b.run(budget) {
                Event::Solution(g) => Step::Found(g),
                Event::Paused => Step::Paused,
                Event::Finished => Step::Finished,
            },
        }
    }

    fn progress(&self) -> Progress {
        let c = self.counters();
        Progress {
            core: puzzle_search::Progress::new(c.nodes, c.found),
            guesses: c.guesses,
            depth: match &self.inner {
                Inner::Fast(f) => f.depth(),
                Inner::Baseline(b) => b.depth(),
            },
        }
    }
}

/// Cuts a search that has not been stepped yet into independent parts (for all cores, or many
/// machines): with the fast engine, the states `depth` guesses down (the depth lowered to the
/// shallowest solution above it); with the baseline, the ways to fill the first `depth`
/// blanks. The parts' counters added to `prefix` are the whole search's nodes and solutions,
/// and their solutions in part order are the whole search's, in its order. A search that
/// has already been stepped is one part, itself.
///
/// ```
/// use puzzle_search::Split;
/// use sudoku_engine::{Grid, Search, Solutions};
///
/// let puzzle: Grid = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
///     .parse()
///     .unwrap();
/// let mut whole = Solutions::new(&puzzle);
/// let all: Vec<Grid> = whole.by_ref().collect();
/// let parts = Solutions::new(&puzzle).split(4);
/// assert_eq!(parts.depth, 4);
/// let (total, found) = parts.solve_serially();
/// assert_eq!(found, all);
/// assert_eq!(total.nodes, whole.progress().nodes);
/// ```
impl Split for Solutions {
    fn split(&self, depth: usize) -> Parts<Solutions> {
        let (depth, above, parts) = match &self.inner {
            Inner::Fast(f) => {
                let (depth, above, parts) = f.split(depth);
                let parts = parts.into_iter().map(Inner::Fast);
                (
                    depth,
                    above,
                    parts.map(|inner| Solutions { inner }).collect(),
                )
            }
            Inner::Baseline(b) => {
                let (depth, above, parts) = b.split(depth);
                let parts = parts.into_iter().map(Inner::Baseline);
                (
                    depth,
                    above,
                    parts.map(|inner| Solutions { inner }).collect(),
                )
            }
        };
        Parts {
            depth,
            prefix: puzzle_search::Progress::new(above.nodes, above.found),
            parts,
        }
    }
}

impl Iterator for Solutions {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        self.step(Unlimited).found()
    }
}

/// An engine reusable across puzzles without allocating (its stack is kept).
///
/// ```
/// use sudoku_engine::{Engine, Grid, Solver, Verdict};
///
/// let mut solver = Solver::new();
/// let empty = Grid::EMPTY;
/// assert_eq!(solver.count(&empty, 2).verdict(), Verdict::Multiple);
/// let solution = solver.solve(&empty).unwrap();
/// assert!(solution.is_valid_solution());
/// // The seed's backtracker finds the lexicographically first solution.
/// let first = Solver::with_engine(Engine::Baseline).solve(&empty).unwrap();
/// assert_eq!(first.to_line()[..9], *"123456789");
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    search: Solutions,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with the fast engine.
    pub fn new() -> Solver {
        Solver::with_engine(Engine::Fast)
    }

    /// A solver with `engine`.
    pub fn with_engine(engine: Engine) -> Solver {
        Solver {
            search: Solutions::with_engine(&Grid::EMPTY, engine),
        }
    }

    /// The engine this solver runs.
    pub fn engine(&self) -> Engine {
        self.search.engine()
    }

    /// Counts the solutions of `puzzle` up to `limit` (2 checks uniqueness).
    pub fn count(&mut self, puzzle: &Grid, limit: u64) -> Count {
        self.search.count_from(Some(puzzle), limit, true)
    }

    /// The number of solutions of `puzzle`, counted up to `limit`, without building any
    /// solution's grid: [`Solver::count`]`(puzzle, limit).solutions`, with the same search
    /// and counters, for a caller that needs the number alone (a uniqueness check of many
    /// puzzles).
    pub fn count_solutions(&mut self, puzzle: &Grid, limit: u64) -> u64 {
        self.search.count_from(Some(puzzle), limit, false).solutions
    }

    /// The counters of the last [`Solver::count`], [`Solver::count_solutions`] or
    /// [`Solver::solve`]: nodes, solutions found, guesses (what a benchmark records to show
    /// that a speed change kept the search).
    pub fn progress(&self) -> Progress {
        self.search.progress()
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

/// The number of solutions of `puzzle`, counted up to `limit` by the fast engine.
pub fn count_solutions(puzzle: &Grid, limit: u64) -> u64 {
    Solver::new().count_solutions(puzzle, limit)
}

/// Every solution of `puzzle`, lazily, by the fast engine: [`Solutions::new`].
pub fn solutions(puzzle: &Grid) -> Solutions {
    Solutions::new(puzzle)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use puzzle_search::Budget;
    use puzzle_search::check::{run_in_steps, run_whole};

    use super::*;

    const P: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    const S: &str = crate::SOLVED;

    #[test]
    fn fast_and_baseline_solve_a_hard_puzzle() {
        let p: Grid = P.parse().unwrap();
        let s: Grid = S.parse().unwrap();
        let c = Solver::new().count(&p, 2);
        assert_eq!(c.solutions, 1);
        assert_eq!(c.first, Some(s));
        let b = Solver::with_engine(Engine::Baseline);
        assert_eq!(b.engine(), Engine::Baseline);
        assert_eq!(b.clone().solve(&p), Some(s));
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
        let mut base = Solver::with_engine(Engine::Baseline);
        assert_eq!(base.count(&col, 2).solutions, 0);
        assert_eq!(base.count(&s, 2), Solver::new().count(&s, 2));
        assert_eq!(base.count(&s, 0).solutions, 0);
    }

    #[test]
    fn a_count_alone_is_the_same_search() {
        let p: Grid = P.parse().unwrap();
        let s: Grid = S.parse().unwrap();
        let mut col = Grid::EMPTY;
        col.set(0, 5).unwrap();
        col.set(9 * 5, 5).unwrap();
        for engine in [Engine::Fast, Engine::Baseline] {
            let mut solver = Solver::with_engine(engine);
            for (grid, limit) in [(p, 2), (s, 2), (col, 2), (Grid::EMPTY, 7), (p, 0)] {
                let full = solver.count(&grid, limit);
                let progress = solver.progress();
                assert_eq!(solver.count_solutions(&grid, limit), full.solutions);
                assert_eq!(solver.progress(), progress, "{engine:?} {grid} {limit}");
            }
        }
        assert_eq!(Solver::new().count_solutions(&Grid::EMPTY, 7), 7);
    }

    #[test]
    fn budgeted_steps_match_one_run() {
        let p: Grid = P.parse().unwrap();
        for engine in [Engine::Fast, Engine::Baseline] {
            let whole = run_whole(Solutions::with_engine(&p, engine));
            let stepped = run_in_steps(Solutions::with_engine(&p, engine), &[3]);
            assert_eq!(stepped.items, whole.items);
            assert_eq!(stepped.progress, whole.progress);
            assert!(stepped.steps > 3);
        }
        let mut one = Solutions::new(&p);
        let all: Vec<_> = one.by_ref().collect();
        assert_eq!(all, vec![S.parse().unwrap()]);
        assert!(one.is_finished());
        assert_eq!(one.step(Budget::nodes(3)), Step::Finished);
    }

    #[test]
    fn time_budget_pauses_and_resumes() {
        for engine in [Engine::Fast, Engine::Baseline] {
            let mut s = Solutions::with_engine(&Grid::EMPTY, engine);
            let mut n = 0;
            while n < 50 {
                if let Step::Found(g) = s.step(Budget::time(Duration::from_millis(1))) {
                    assert!(g.is_valid_solution());
                    n += 1;
                }
            }
            let mut clone = s.clone();
            assert_eq!(clone.next(), s.next());
            assert_eq!(clone.progress(), s.progress());
        }
    }
}
