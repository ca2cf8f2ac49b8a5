//! Planted boards of every size the benches use, solved with the default options (the
//! constructive attempt first), with the start given and with the start left open; every
//! answer checked against its board. The timings are the benches' business
//! (`compare -- hamilton`); these runs only have to finish.

use hamilton_solver::generate::planted;
use hamilton_solver::{Budget, Grid, Options, Search, Solution, Solver, Step};

fn check(grid: &Grid, path: &Solution) {
    Solution::new(grid, path.cells().to_vec()).unwrap_or_else(|e| panic!("{e}\n{grid}"));
}

#[test]
fn planted_boards_up_to_40x40_are_solved() {
    for (n, seeds) in [(14, 10), (20, 10), (30, 6), (40, 6)] {
        for seed in 0..seeds {
            let (grid, _) = planted(n, n, 0.85, seed);
            let path = Solver::new(&grid)
                .solve()
                .unwrap_or_else(|e| panic!("{n}x{n} seed {seed}: {e}"));
            assert_eq!(path.start(), grid.start().unwrap());
            check(&grid, &path);
        }
    }
}

#[test]
fn planted_boards_without_a_start_are_solved() {
    for (n, seeds) in [(10, 10), (14, 6), (30, 3)] {
        for seed in 0..seeds {
            let (grid, _) = planted(n, n, 0.85, seed);
            let open = grid.with_start(None).unwrap();
            let path = Solver::new(&open)
                .solve()
                .unwrap_or_else(|e| panic!("{n}x{n} seed {seed}: {e}"));
            check(&open, &path);
        }
    }
}

#[test]
fn the_exact_search_alone_finds_the_same_boards_solvable() {
    let exact = Options {
        construct: false,
        ..Options::default()
    };
    for seed in 0..6 {
        let (grid, _) = planted(12, 12, 0.85, seed);
        let a = Solver::new(&grid).solve().unwrap();
        let b = Solver::with_options(&grid, exact).solve().unwrap();
        check(&grid, &a);
        check(&grid, &b);
    }
}

#[test]
fn a_big_board_is_solved_in_steps_as_in_one_run() {
    let (grid, _) = planted(40, 40, 0.85, 3);
    let whole = Solver::new(&grid);
    let mut stepped = whole.clone();
    let path = whole.solve().unwrap();
    let mut steps = 0;
    let found = loop {
        match stepped.step(Budget::nodes(50)) {
            Step::Found(p) => break p,
            Step::Paused => steps += 1,
            Step::Finished => panic!("no path"),
        }
    };
    assert!(steps > 0);
    assert_eq!(found, path);
}
