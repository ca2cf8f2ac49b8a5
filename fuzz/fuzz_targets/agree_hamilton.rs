//! Structure-aware: random small block-fill boards. The fast engine and the baseline find the
//! same paths; stepping in small budgets changes nothing; the parts of a split add up to the
//! whole.
#![no_main]
use arbitrary::Arbitrary;
use hamilton_solver::{Engine, Grid, Paths, Pos, Search, Step};
use libfuzzer_sys::fuzz_target;
use puzzle_search::Split;
use puzzle_search::check::{assert_steps_change_nothing, run_whole};

#[derive(Arbitrary, Debug)]
struct Board {
    width: u8,
    height: u8,
    /// Bit `i` set: cell `i` is a tile.
    mask: u32,
    start: u8,
    end: Option<u8>,
    budgets: [u8; 3],
    depth: u8,
}

fn letters(paths: Paths) -> Vec<String> {
    let mut out: Vec<String> = run_whole(paths).items.iter().map(|s| s.letters()).collect();
    out.sort();
    out
}

fuzz_target!(|b: Board| {
    let (w, h) = (usize::from(b.width % 5) + 1, usize::from(b.height % 5) + 1);
    let tiles: Vec<bool> = (0..w * h).map(|i| b.mask >> i & 1 == 1).collect();
    let cells: Vec<usize> = (0..w * h).filter(|&i| tiles[i]).collect();
    if cells.is_empty() {
        return;
    }
    let at = |i: usize| Pos::new(i / w, i % w);
    let s = cells[usize::from(b.start) % cells.len()];
    let e = b
        .end
        .map(|k| cells[usize::from(k) % cells.len()])
        .filter(|&e| e != s);
    let Ok(grid) = Grid::from_tiles(w, h, tiles, Some(at(s)), e.map(at)) else {
        return;
    };
    // The two engines: the same paths (each in its own order).
    let fast = letters(Paths::new(&grid));
    assert_eq!(letters(Paths::with_engine(&grid, Engine::Baseline)), fast);
    // Budgets of 1 to 256 nodes: the same items and counters as one run.
    let budgets: Vec<u64> = b.budgets.iter().map(|&n| u64::from(n) + 1).collect();
    let whole = assert_steps_change_nothing(Paths::new(&grid), &budgets);
    // A split at any depth: its parts, in order, are the whole.
    let (total, items) = Paths::new(&grid)
        .split(usize::from(b.depth % 8))
        .solve_serially();
    assert_eq!(items, whole.items, "split items differ");
    assert_eq!(
        (total.nodes, total.found),
        (whole.progress.nodes, whole.progress.found)
    );
    // A search cloned mid-run goes on as the original does.
    let mut first = Paths::new(&grid);
    if let Step::Found(_) | Step::Paused = first.step(puzzle_search::Nodes(budgets[0])) {
        let a = run_whole(first.clone());
        let b = run_whole(first);
        assert_eq!(a, b);
    }
});
