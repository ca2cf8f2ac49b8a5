//! `Paths` cut by decision prefixes: the parts' paths in part order are the uncut run's
//! paths, and their path and node counts, with the prefix's nodes, add up to the uncut run's
//! exactly, at every depth, and however each part is stepped.

use hamilton_solver::generate::planted;
use hamilton_solver::{Engine, Grid, Paths};
use puzzle_search::Split;
use puzzle_search::check::{run_in_steps, run_whole};

fn boards() -> Vec<(String, Grid)> {
    let mut out: Vec<(String, Grid)> = [
        "Xxxx\nxxxx\nxxxx\nxxxx",
        "Xxxxx\nxxxxx\nxxxxx\nxxxxx\nxxxxx",
        "xxxx\nxxxx\nxxxx\nxxxx",
        "Xxxxx\nx xxx\nxxxxx\nxxx x\nxxxxx",
        "xxx\nxXx\nxxx",
        "Xxxxxx\nxxxxxx\nxxxxxx\nxxxxxE",
        "X",
        "Xxx\nx x",
    ]
    .iter()
    .map(|t| (t.to_string(), Grid::parse_any_start(t).unwrap()))
    .collect();
    for seed in 0..3 {
        let (g, _) = planted(6, 6, 0.85, seed);
        out.push((format!("planted 6x6 seed {seed}"), g));
    }
    out
}

#[test]
fn parts_add_up_to_the_uncut_run_at_every_depth() {
    for (name, grid) in boards() {
        let whole = run_whole(Paths::new(&grid));
        for depth in [0, 1, 2, 3, 5, 8, 13, 40] {
            let parts = Paths::new(&grid).split(depth);
            assert_eq!(parts.depth, depth);
            assert_eq!(parts.prefix.found, 0, "{name} at {depth}");
            let (total, items) = parts.solve_serially();
            assert_eq!(items, whole.items, "{name} at {depth}");
            assert_eq!(total, whole.progress, "{name} at {depth}");
        }
    }
}

#[test]
fn parts_step_and_clone_like_any_search() {
    let grid = Grid::parse("Xxxxx\nxxxxx\nxxxxx\nxxxxx\nxxxxx").unwrap();
    let whole = run_whole(Paths::new(&grid));
    let parts = Paths::new(&grid).split(6);
    assert!(parts.parts.len() > 10);
    let mut nodes = parts.prefix.nodes;
    let mut items = Vec::new();
    for part in parts.parts {
        let stepped = run_in_steps(part.clone(), &[1, 4]);
        let at_once = run_whole(part);
        assert!(
            stepped.items == at_once.items,
            "a part stepped finds other paths"
        );
        assert_eq!(stepped.progress, at_once.progress);
        nodes += stepped.progress.nodes;
        items.extend(stepped.items);
    }
    assert_eq!(items, whole.items);
    assert_eq!(nodes, whole.progress.nodes);
}

#[test]
fn a_stepped_search_is_cut_as_it_was_built() {
    let grid = Grid::parse("Xxxx\nxxxx\nxxxx\nxxxx").unwrap();
    let mut paths = Paths::new(&grid);
    paths.by_ref().take(5).for_each(drop);
    let (total, items) = paths.split(3).solve_serially();
    assert_eq!(items, Paths::new(&grid).collect::<Vec<_>>());
    assert_eq!(total.found, 52);
}

#[test]
fn the_baseline_is_one_part() {
    let grid = Grid::parse("Xxxx\nxxxx\nxxxx\nxxxx").unwrap();
    let parts = Paths::with_engine(&grid, Engine::Baseline).split(5);
    assert_eq!(parts.depth, 0);
    assert_eq!(parts.parts.len(), 1);
    let whole = run_whole(Paths::with_engine(&grid, Engine::Baseline));
    let (total, items) = parts.solve_serially();
    assert_eq!((total, items), (whole.progress, whole.items));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    #[test]
    fn random_boards_split_anywhere_add_up(
        w in 1usize..=5, h in 1usize..=5,
        mask in proptest::collection::vec(proptest::bool::weighted(0.85), 25),
        start in 0usize..25, open in proptest::bool::ANY, depth in 0usize..12,
    ) {
        let tiles: Vec<bool> = mask[..w * h].to_vec();
        let cells: Vec<usize> = (0..w * h).filter(|&i| tiles[i]).collect();
        if cells.is_empty() {
            return Ok(());
        }
        let s = cells[start % cells.len()];
        let start = (!open).then(|| hamilton_solver::Pos::new(s / w, s % w));
        let Ok(grid) = Grid::from_tiles(w, h, tiles, start, None) else { return Ok(()) };
        let whole = run_whole(Paths::new(&grid));
        let (total, items) = Paths::new(&grid).split(depth).solve_serially();
        proptest::prop_assert_eq!(total, whole.progress);
        proptest::prop_assert!(items == whole.items);
    }
}

/// Found by the fuzz target `agree_hamilton`: a part of a split, stepped, counted its nodes as
/// its own total minus its engine's prefix nodes, an unsigned subtraction below zero (a panic
/// where overflow checks are on, as in `cargo test` without `--release`). The 4x5 board of
/// the crash input, split at depth 1, stepped in budgets of 77, 8 and 1 nodes.
#[test]
fn stepped_parts_of_a_split_count_from_zero() {
    let (w, h, mask) = (4usize, 5usize, 3_657_498_368u32);
    let tiles: Vec<bool> = (0..w * h).map(|i| mask >> i & 1 == 1).collect();
    let cells: Vec<usize> = (0..w * h).filter(|&i| tiles[i]).collect();
    let s = cells[179 % cells.len()];
    let grid = Grid::from_tiles(
        w,
        h,
        tiles,
        Some(hamilton_solver::Pos::new(s / w, s % w)),
        None,
    )
    .expect("the crash input's board");
    let whole = run_whole(Paths::new(&grid));
    let parts = Paths::new(&grid).split(1);
    let mut nodes = parts.prefix.nodes;
    let mut items = Vec::new();
    for part in parts.parts {
        let out = run_in_steps(part, &[77, 8, 1]);
        nodes += out.progress.nodes;
        items.extend(out.items);
    }
    assert_eq!(items, whole.items);
    assert_eq!(nodes, whole.progress.nodes);
}
