//! Differential tests: the fast engine against the plain backtracker, behind the same
//! continuations ([`Solver`] and [`Paths`] with [`Engine::Baseline`]), and the parsers, on
//! random small boards.

use hamilton_solver::{
    Engine, Grid, Impossible, Limit, Options, Paths, Search, Solution, Solver, Step,
};
use proptest::prelude::*;
use puzzle_search::check::{assert_agree, run_in_steps, run_whole};

mod common;

/// A random board of up to 5x5 with a start, or `None` when the mask is not a valid board.
fn board(w: usize, h: usize, mask: &[bool], start: usize, end: Option<usize>) -> Option<Grid> {
    common::board(w, h, mask, start, end, true)
}

/// The paths of a search as sorted text, yielded one by one: the two engines enumerate the
/// same paths, each in its own order, so they are compared as sets.
#[derive(Clone, Debug)]
struct Sorted<S> {
    search: S,
    /// The sorted paths left, last first; filled by the first step.
    left: Option<Vec<String>>,
    nodes: u64,
    found: u64,
}

fn sorted<S>(search: S) -> Sorted<S> {
    Sorted {
        search,
        left: None,
        nodes: 0,
        found: 0,
    }
}

impl<S: Search<Item = Solution> + Clone> Search for Sorted<S> {
    type Item = String;
    type Progress = puzzle_search::Progress;

    fn step<L: Limit>(&mut self, _budget: L) -> Step<String> {
        if self.left.is_none() {
            let whole = run_whole(self.search.clone());
            self.nodes = whole.progress.nodes;
            let mut v: Vec<String> = whole
                .items
                .iter()
                .map(|s| format!("{:?}{}", s.start(), s.letters()))
                .collect();
            v.sort_unstable_by(|a, b| b.cmp(a));
            self.left = Some(v);
        }
        match self.left.as_mut().and_then(Vec::pop) {
            Some(p) => {
                self.found += 1;
                Step::Found(p)
            }
            None => Step::Finished,
        }
    }

    fn progress(&self) -> puzzle_search::Progress {
        puzzle_search::Progress::new(self.nodes, self.found)
    }
}

/// A solver whose item is whether its path is a path of the board: two engines find
/// different paths, but agree on whether there is one, and every path must be valid.
#[derive(Clone, Debug)]
struct Valid {
    solver: Solver,
    grid: Grid,
}

fn valid(solver: Solver, grid: &Grid) -> Valid {
    Valid {
        solver,
        grid: grid.clone(),
    }
}

impl Search for Valid {
    type Item = Result<(), String>;
    type Progress = hamilton_solver::Progress;

    fn step<L: Limit>(&mut self, budget: L) -> Step<Self::Item> {
        let grid = &self.grid;
        self.solver.step(budget).map(|p| {
            Solution::new(grid, p.cells().to_vec())
                .map(|_| ())
                .map_err(|e| format!("{e}\n{grid}"))
        })
    }

    fn progress(&self) -> hamilton_solver::Progress {
        self.solver.progress()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn engines_agree_on_existence_and_every_path(
        w in 1usize..=5, h in 1usize..=5,
        mask in proptest::collection::vec(prop::bool::weighted(0.85), 25),
        start in 0usize..25, end in proptest::option::of(0usize..25),
    ) {
        let Some(grid) = board(w, h, &mask, start, end) else { return Ok(()) };
        assert_agree(
            valid(Solver::with_engine(&grid, Engine::Baseline), &grid),
            valid(Solver::new(&grid), &grid),
            false,
        );
        assert_agree(
            sorted(Paths::with_engine(&grid, Engine::Baseline)),
            sorted(Paths::new(&grid)),
            false,
        );
    }

    #[test]
    fn every_option_agrees_on_existence(
        w in 1usize..=6, h in 1usize..=6,
        mask in proptest::collection::vec(prop::bool::weighted(0.85), 36),
        start in 0usize..36, unit in 0u64..4, flags in 0u8..32,
    ) {
        let Some(grid) = board(w, h, &mask, start, None) else { return Ok(()) };
        let options = Options {
            restart_unit: unit,
            end_first: flags & 1 != 0,
            head: flags & 2 != 0,
            portfolio: flags & 4 != 0,
            probe: flags & 8 != 0,
            construct: flags & 16 != 0,
            ..Options::default()
        };
        assert_agree(
            valid(Solver::with_engine(&grid, Engine::Baseline), &grid),
            valid(Solver::with_options(&grid, options), &grid),
            false,
        );
    }

    #[test]
    fn unknown_start_tries_every_start(
        w in 1usize..=4, h in 1usize..=4,
        mask in proptest::collection::vec(prop::bool::weighted(0.85), 16),
    ) {
        let Some(grid) = board(w, h, &mask, 0, None) else { return Ok(()) };
        let Some(free) = grid.with_start(None) else { return Ok(()) };
        assert_agree(
            valid(Solver::with_engine(&free, Engine::Baseline), &free),
            valid(Solver::new(&free), &free),
            false,
        );
        assert_agree(
            sorted(Paths::with_engine(&free, Engine::Baseline)),
            sorted(Paths::new(&free)),
            false,
        );
    }

    #[test]
    fn stepping_in_small_budgets_changes_nothing(
        w in 2usize..=5, h in 2usize..=5,
        mask in proptest::collection::vec(prop::bool::weighted(0.9), 25),
        start in 0usize..25, budget in 1u64..20, open in any::<bool>(),
    ) {
        let Some(grid) = board(w, h, &mask, start, None) else { return Ok(()) };
        let grid = if open { grid.with_start(None).unwrap_or(grid) } else { grid };
        for engine in [Engine::Fast, Engine::Baseline] {
            let whole = run_whole(Paths::with_engine(&grid, engine));
            let stepped = run_in_steps(Paths::with_engine(&grid, engine), &[budget, 1]);
            prop_assert_eq!(&whole.items, &stepped.items);
            prop_assert_eq!(whole.progress, stepped.progress);
            let whole = run_whole(Solver::with_engine(&grid, engine));
            let stepped = run_in_steps(Solver::with_engine(&grid, engine), &[budget]);
            prop_assert_eq!(&whole.items, &stepped.items);
            prop_assert_eq!(whole.progress, stepped.progress);
        }
    }

    #[test]
    fn parser_never_panics(text in "[xX E\\n\\r.a]{0,60}") {
        let _ = Grid::parse(&text);
        if let Ok(g) = Grid::parse_any_start(&text) {
            prop_assert_eq!(Grid::parse_any_start(&g.to_string()), Ok(g));
        }
    }

    #[test]
    fn parser_never_panics_on_any_text(text in ".{0,40}") {
        let _ = Grid::parse(&text);
    }
}

#[test]
fn parity_and_dead_end_proofs() {
    let g = Grid::parse("Xxx\nx x").unwrap();
    assert!(matches!(
        Solver::new(&g).solve(),
        Err(Impossible::Parity(_))
    ));
    let g = Grid::parse("x x\nxXx\nx x").unwrap();
    assert!(matches!(
        Solver::new(&g).solve(),
        Err(Impossible::DeadEnds { .. } | Impossible::Parity(_))
    ));
    let g = Grid::parse("xXx\nxxx\nxxx").unwrap();
    // start in the middle of a 3x3's edge: the colour with fewer tiles
    assert!(matches!(
        Solver::new(&g).solve(),
        Err(Impossible::Parity(_))
    ));
    let g = Grid::parse("xxxxx\nxxXxx\nx   x").unwrap();
    assert!(Solver::new(&g).solve().is_err());
    let g = Grid::parse("X").unwrap();
    assert_eq!(Solver::new(&g).solve().unwrap().cells().len(), 1);
}
