//! Criterion benches for `hamilton-solver`: the fast engine on planted boards of 10x10 to
//! 40x40, the seed's backtracker beside it on 8x8, a parity proof on a 40x40 board, and
//! `count()` on full 7x7 to 9x9 boards.
//!
//! Only the solve is timed: every board is solved and its path checked once before its
//! bench, and the timed loop neither checks paths nor reads a clock. The backtracker runs one
//! step of at most [`BASELINE_NODES`] nodes per board (a fixed amount of work, no clock), so
//! its times are lower bounds on boards it does not finish within them.
//!
//! `cargo bench -p bench-harness --bench hamilton`

use std::hint::black_box;

use bench_harness::suites::hamilton::{FILL, board};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use hamilton_solver::count::count;
use hamilton_solver::generate::parity_breaker;
use hamilton_solver::{Budget, Engine, Grid, Search, Solution, Solver};

/// The backtracker's node cap per board: most 8x8 planted boards take 10-60 million nodes,
/// seconds each, so a cap keeps a sample within seconds.
const BASELINE_NODES: u64 = 20_000_000;

/// The fast engine's answer: a path.
fn fast(grid: &Grid) -> Option<Solution> {
    Solver::new(grid).solve().ok()
}

/// The backtracker's first path within [`BASELINE_NODES`], if it gets there.
fn baseline(grid: &Grid) -> Option<Solution> {
    Solver::with_engine(grid, Engine::Baseline)
        .step(Budget::nodes(BASELINE_NODES))
        .found()
}

/// Checks, before any timing, that `solve` answers every board with a valid path (or, for
/// `may_stop`, with none within its cap).
fn check(boards: &[Grid], solve: fn(&Grid) -> Option<Solution>, may_stop: bool) {
    for grid in boards {
        match solve(grid) {
            Some(path) => {
                Solution::new(grid, path.cells().to_vec())
                    .unwrap_or_else(|e| panic!("wrong path: {e}\n{grid}"));
            }
            None => assert!(may_stop, "no path on a planted board\n{grid}"),
        }
    }
}

fn solve(c: &mut Criterion) {
    let mut g = c.benchmark_group("hamilton/solve");
    g.sample_size(10);
    for n in [10usize, 20, 30, 40] {
        let boards: Vec<Grid> = (0..5).map(|s| board(n, s)).collect();
        check(&boards, fast, false);
        g.bench_with_input(
            BenchmarkId::new("fast-5-boards", n),
            &boards,
            |b, boards| {
                b.iter(|| {
                    for grid in boards {
                        black_box(fast(black_box(grid)));
                    }
                })
            },
        );
    }
    let boards: Vec<Grid> = (0..5).map(|s| board(8, s)).collect();
    for (name, f, may_stop) in [
        (
            "fast-5-boards",
            fast as fn(&Grid) -> Option<Solution>,
            false,
        ),
        ("baseline-5-boards", baseline, true),
    ] {
        check(&boards, f, may_stop);
        g.bench_with_input(BenchmarkId::new(name, 8), &boards, |b, boards| {
            b.iter(|| {
                for grid in boards {
                    black_box(f(black_box(grid)));
                }
            })
        });
    }
    g.finish();
}

fn parity(c: &mut Criterion) {
    let grid = parity_breaker(40, 40, FILL, 0).expect("a parity board");
    assert!(
        Solver::new(&grid).solve().is_err(),
        "a parity board has no path"
    );
    c.bench_function("hamilton/parity-proof-40x40", |b| {
        b.iter(|| black_box(Solver::new(black_box(&grid)).solve().is_err()))
    });
}

fn counting(c: &mut Criterion) {
    let mut g = c.benchmark_group("hamilton/count-full");
    g.sample_size(10);
    for n in [7usize, 8, 9] {
        let row = "x".repeat(n);
        let grid = Grid::parse_any_start(&vec![row; n].join("\n")).expect("full board");
        count(&grid).expect("countable");
        g.bench_with_input(BenchmarkId::from_parameter(n), &grid, |b, grid| {
            b.iter(|| black_box(count(black_box(grid)).expect("countable")))
        });
    }
    g.finish();
}

criterion_group!(benches, solve, parity, counting);
criterion_main!(benches);
