//! Criterion benches for `hamilton-solver`: the fast engine on planted boards of 10x10 to
//! 40x40, the seed's backtracker beside it on 8x8, a parity proof on a 40x40 board, and
//! `count()` on full 7x7 to 9x9 boards.
//!
//! `cargo bench -p bench-harness --bench hamilton`

use std::hint::black_box;
use std::time::Duration;

use bench_harness::suites::hamilton::{FILL, Outcome, board, fast, slow};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use hamilton_solver::count::count;
use hamilton_solver::generate::parity_breaker;
use hamilton_solver::{Grid, Solver};

fn solve(c: &mut Criterion) {
    let mut g = c.benchmark_group("hamilton/solve");
    g.sample_size(10);
    for n in [10usize, 20, 30, 40] {
        let boards: Vec<Grid> = (0..5).map(|s| board(n, s)).collect();
        g.bench_with_input(
            BenchmarkId::new("fast-5-boards", n),
            &boards,
            |b, boards| {
                b.iter(|| {
                    for grid in boards {
                        let o = fast(black_box(grid), Duration::from_secs(30)).expect("valid path");
                        assert_eq!(o, Outcome::Path);
                    }
                })
            },
        );
    }
    let boards: Vec<Grid> = (0..5).map(|s| board(8, s)).collect();
    for (name, f) in [
        (
            "fast-5-boards",
            fast as fn(&Grid, Duration) -> Result<Outcome, String>,
        ),
        ("baseline-5-boards", slow),
    ] {
        g.bench_with_input(BenchmarkId::new(name, 8), &boards, |b, boards| {
            b.iter(|| {
                for grid in boards {
                    black_box(f(black_box(grid), Duration::from_secs(30)).expect("valid path"));
                }
            })
        });
    }
    g.finish();
}

fn parity(c: &mut Criterion) {
    let grid = parity_breaker(40, 40, FILL, 0).expect("a parity board");
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
        g.bench_with_input(BenchmarkId::from_parameter(n), &grid, |b, grid| {
            b.iter(|| black_box(count(black_box(grid)).expect("countable")))
        });
    }
    g.finish();
}

criterion_group!(benches, solve, parity, counting);
criterion_main!(benches);
