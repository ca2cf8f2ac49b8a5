//! Criterion benches for `quartiles-solver`: a full solve (every word and the quartiles) of
//! public boards with the dictionary already loaded (warm, cycling through all boards, and
//! with the core's caches emptied before each solve), by the fast engine and by the seed's
//! baseline doing the same job, and loading the embedded list from its bytes until it is
//! ready to solve (`compare -- quartiles` also shows the cost of `prepare`, which the embedded
//! list does not need).
//!
//! `cargo bench -p bench-harness --bench quartiles`

use std::hint::black_box;
use std::time::Duration;

use bench_harness::suites::quartiles::{baseline_solve, full_solve, public_boards};
use criterion::{BatchSize, BenchmarkId, Criterion, criterion_group, criterion_main};
use quartiles_solver::Dictionary;

fn boards() -> Vec<(String, quartiles_solver::Board)> {
    public_boards().expect("testdata/quartiles/boards-public.json")
}

fn solve(c: &mut Criterion) {
    let dict = Dictionary::english();
    dict.prepare();
    let boards = boards();
    let mut g = c.benchmark_group("quartiles/full_solve");
    g.measurement_time(Duration::from_secs(3));
    // Three boards in full detail: the seed's, and two others from the public set.
    for (id, board) in boards
        .iter()
        .filter(|(id, _)| ["xebia-1", "xebia-2", "qc-2025-02-21"].contains(&id.as_str()))
    {
        g.bench_with_input(BenchmarkId::new("ours", id), board, |b, board| {
            b.iter(|| full_solve(&dict, black_box(board)))
        });
    }
    // All 65 boards, one after another (per iteration: 65 solves).
    g.bench_function("ours/all-65-boards", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|(_, board)| full_solve(&dict, black_box(board)))
                .sum::<usize>()
        })
    });
    // One board at a time with the core's caches emptied first (an 8 MB buffer read and
    // written, not timed), cycling through the 65 boards: an app that solves a board now
    // and then meets the index in the shared cache or memory, not in L1 and L2.
    let mut buffer = vec![0u64; 1 << 20];
    let mut next = 0;
    g.bench_function("ours/cold-cache", |b| {
        b.iter_batched(
            || {
                let mut sum = 0u64;
                for word in buffer.iter_mut().step_by(8) {
                    sum = sum.wrapping_add(*word);
                    *word = sum;
                }
                black_box(sum);
                next = (next + 1) % boards.len();
                &boards[next].1
            },
            |board| full_solve(&dict, black_box(board)),
            BatchSize::PerIteration,
        )
    });
    g.finish();

    let mut g = c.benchmark_group("quartiles/baseline");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(3));
    if let Some((id, board)) = boards.iter().find(|(id, _)| id == "xebia-1") {
        g.bench_with_input(BenchmarkId::new("baseline", id), board, |b, board| {
            b.iter(|| baseline_solve(&dict, black_box(board)))
        });
    }
    g.finish();
}

fn load(c: &mut Criterion) {
    let mut g = c.benchmark_group("quartiles/dictionary");
    g.measurement_time(Duration::from_secs(2));
    // A real load every iteration: `english()` reads the map's header and wraps the search
    // index embedded beside it; nothing is cached across calls, and the result is ready to
    // solve (no index to build).
    assert!(Dictionary::english().is_prepared());
    g.bench_function("load-embedded", |b| b.iter(Dictionary::english));
    g.finish();
}

criterion_group!(benches, solve, load);
criterion_main!(benches);
