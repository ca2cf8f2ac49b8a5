//! Differential tests: the fast engine, the plain backtracker and the parsers on random
//! small boards.

use hamilton_solver::baseline::{self, Baseline};
use hamilton_solver::{Budget, Grid, Impossible, Options, Paths, Pos, Solution, Solver, Step};
use proptest::prelude::*;

/// A random board of up to 5x5 with a start, or `None` when the mask is not a valid board.
fn board(w: usize, h: usize, mask: &[bool], start: usize, end: Option<usize>) -> Option<Grid> {
    let tiles: Vec<bool> = mask[..w * h].to_vec();
    let cells: Vec<usize> = (0..w * h).filter(|&i| tiles[i]).collect();
    if cells.is_empty() {
        return None;
    }
    let at = |i: usize| Pos::new(i / w, i % w);
    let s = cells[start % cells.len()];
    let e = end.map(|k| cells[k % cells.len()]).filter(|&e| e != s);
    Grid::from_tiles(w, h, tiles, Some(at(s)), e.map(at)).ok()
}

fn sorted_letters(it: impl Iterator<Item = Solution>) -> Vec<String> {
    let mut v: Vec<String> = it
        .map(|s| format!("{:?}{}", s.start(), s.letters()))
        .collect();
    v.sort();
    v
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
        let fast = Solver::new(&grid).solve();
        let slow = baseline::solve(&grid);
        prop_assert_eq!(fast.is_ok(), slow.is_ok(), "{}", grid);
        if let Ok(p) = &fast {
            prop_assert!(Solution::new(&grid, p.cells().to_vec()).is_ok());
        }
        let all_fast = sorted_letters(Paths::new(&grid));
        let all_slow = sorted_letters(Baseline::new(&grid));
        prop_assert_eq!(all_fast, all_slow, "{}", grid);
    }

    #[test]
    fn every_option_agrees_on_existence(
        w in 1usize..=6, h in 1usize..=6,
        mask in proptest::collection::vec(prop::bool::weighted(0.85), 36),
        start in 0usize..36, unit in 0u64..4, flags in 0u8..32,
    ) {
        let Some(grid) = board(w, h, &mask, start, None) else { return Ok(()) };
        let expected = baseline::solve(&grid).is_ok();
        let options = Options {
            restart_unit: unit,
            end_first: flags & 1 != 0,
            head: flags & 2 != 0,
            portfolio: flags & 4 != 0,
            probe: flags & 8 != 0,
            construct: flags & 16 != 0,
        };
        let got = Solver::with_options(&grid, options).solve();
        prop_assert_eq!(got.is_ok(), expected, "{:?}\n{}", options, grid);
        if let Ok(p) = got {
            prop_assert!(Solution::new(&grid, p.cells().to_vec()).is_ok());
        }
    }

    #[test]
    fn unknown_start_tries_every_start(
        w in 1usize..=4, h in 1usize..=4,
        mask in proptest::collection::vec(prop::bool::weighted(0.85), 16),
    ) {
        let Some(grid) = board(w, h, &mask, 0, None) else { return Ok(()) };
        let Some(free) = grid.with_start(None) else { return Ok(()) };
        let fast = Solver::new(&free).solve();
        let slow = baseline::solve(&free);
        prop_assert_eq!(fast.is_ok(), slow.is_ok());
        prop_assert_eq!(sorted_letters(Paths::new(&free)), sorted_letters(Baseline::new(&free)));
    }

    #[test]
    fn stepping_in_small_budgets_changes_nothing(
        w in 2usize..=5, h in 2usize..=5,
        mask in proptest::collection::vec(prop::bool::weighted(0.9), 25),
        start in 0usize..25, budget in 1u64..20,
    ) {
        let Some(grid) = board(w, h, &mask, start, None) else { return Ok(()) };
        let whole: Vec<Solution> = Paths::new(&grid).collect();
        let mut stepped = Vec::new();
        let mut p = Paths::new(&grid);
        loop {
            match p.step(Budget::nodes(budget)) {
                Step::Found(s) => stepped.push(s),
                Step::Paused => { p = p.clone(); }
                Step::Finished => break,
            }
        }
        prop_assert_eq!(whole, stepped);
        let one = Solver::new(&grid).solve();
        let mut s = Solver::new(&grid);
        let mut found = None;
        loop {
            match s.step(Budget::nodes(budget)) {
                Step::Found(x) => found = Some(x),
                Step::Paused => {}
                Step::Finished => break,
            }
        }
        prop_assert_eq!(one.ok(), found);
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
