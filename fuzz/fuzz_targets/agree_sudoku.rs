//! Structure-aware: puzzles cut from random solved grids. Fast engine and baseline count the
//! same solutions and enumerate the same ones; stepping changes nothing; a split's parts are
//! the whole.
#![no_main]
use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use puzzle_search::Split;
use puzzle_search::check::{assert_steps_change_nothing, run_whole};
use sudoku_engine::generate::final_grid;
use sudoku_engine::{Engine, Grid, Solutions, Solver};

#[derive(Arbitrary, Debug)]
struct Puzzle {
    /// Which solved grid (any index; reduced to the ones that exist).
    index: u64,
    top_left: u8,
    /// Bit `i` set: cell `i` is blanked (at most 45 of them, so enumeration stays small).
    blanks: u128,
    budgets: [u8; 3],
    depth: u8,
}

const LIMIT: u64 = 50;

fuzz_target!(|p: Puzzle| {
    let top_left = p.top_left % 9 + 1;
    let Some(solved) = final_grid(p.index % 1_672_151_040, top_left) else {
        return;
    };
    let mut cells = *solved.cells();
    let mut blanked = 0;
    for (i, cell) in cells.iter_mut().enumerate() {
        if p.blanks >> (i % 128) & 1 == 1 && blanked < 45 {
            *cell = 0;
            blanked += 1;
        }
    }
    let puzzle = Grid::from_cells(cells).expect("digits 0-9");
    let fast = Solver::with_engine(Engine::Fast).count(&puzzle, LIMIT);
    let base = Solver::with_engine(Engine::Baseline).count(&puzzle, LIMIT);
    assert_eq!(fast.solutions, base.solutions, "solution counts differ");
    assert!(
        fast.solutions >= 1,
        "a puzzle cut from a solved grid has a solution"
    );
    for first in [fast.first, base.first].into_iter().flatten() {
        assert!(puzzle.is_solved_by(&first));
    }
    if fast.solutions >= LIMIT {
        return;
    }
    let budgets: Vec<u64> = p.budgets.iter().map(|&n| u64::from(n) + 1).collect();
    let whole = assert_steps_change_nothing(Solutions::new(&puzzle), &budgets);
    let mut a: Vec<Grid> = whole.items.clone();
    let mut b = run_whole(Solutions::with_engine(&puzzle, Engine::Baseline)).items;
    a.sort_by_key(|g| *g.cells());
    b.sort_by_key(|g| *g.cells());
    assert_eq!(a, b, "the engines enumerate different solutions");
    let (total, items) = Solutions::new(&puzzle)
        .split(usize::from(p.depth % 6))
        .solve_serially();
    assert_eq!(items, whole.items, "split items differ");
    assert_eq!(
        (total.nodes, total.found),
        (whole.progress.nodes, whole.progress.found)
    );
});
