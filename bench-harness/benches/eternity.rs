//! Criterion benches for `eternity-solver`: node throughput of every engine on bench-hard (a
//! fixed node budget), full enumeration of bench-easy-h52 (151,512 nodes) and, as a long
//! benchmark, bench-easy-h40 (487,397,329 nodes); and the cost of watching a search: the
//! same budget run in one go, in 1 Mi-node steps with a progress snapshot after each, and in
//! 50 ms time-budget steps; and the score search's node rate on the official set.
//! Throughput is in nodes (criterion's "elements").
//!
//! `cargo bench -p bench-harness --bench eternity` (add `-- h40` for the long one only).
//! `compare -- eternity` gives the paired CPU-time table.

use std::hint::black_box;
use std::time::Duration;

use bench_harness::suites::eternity::load;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use eternity_solver::engine::{self, EngineKind, Limits};
use eternity_solver::search::{SearchOptions, Solver};
use eternity_solver::{FillOrder, Instance, Search, Step};
use puzzle_search::{Nodes, Time, Unlimited};

/// Node budget per iteration on bench-hard.
const HARD_NODES: u64 = 20_000_000;

fn hard() -> Instance {
    load("dfs-study-bench/bench-hard.json").expect("bench-hard")
}

fn engines(c: &mut Criterion) {
    let inst = hard();
    let order = FillOrder::row_major(&inst);
    let mut g = c.benchmark_group("eternity/bench-hard-20M");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(10));
    g.throughput(Throughput::Elements(HARD_NODES));
    for kind in EngineKind::ALL {
        g.bench_with_input(BenchmarkId::from_parameter(kind), &kind, |b, &kind| {
            b.iter(|| {
                let out = engine::run(
                    kind,
                    black_box(&inst),
                    &order,
                    Limits::all().with_max_nodes(HARD_NODES),
                );
                assert_eq!(out.nodes, HARD_NODES);
                out.max_depth
            })
        });
    }
    g.finish();

    let inst = load("oracles/bench-easy-h52.json").expect("h52");
    let order = FillOrder::row_major(&inst);
    let mut g = c.benchmark_group("eternity/h52-full");
    g.sample_size(20);
    g.throughput(Throughput::Elements(151_512));
    for kind in EngineKind::ALL {
        g.bench_with_input(BenchmarkId::from_parameter(kind), &kind, |b, &kind| {
            b.iter(|| {
                let out = engine::run(kind, black_box(&inst), &order, Limits::all());
                assert_eq!(out.nodes, 151_512);
                out.solutions
            })
        });
    }
    g.finish();
}

/// Progress reporting on and off: the same 20 M nodes of bench-hard with the table engine.
fn progress(c: &mut Criterion) {
    let inst = hard();
    let order = FillOrder::row_major(&inst);
    let options = SearchOptions::default()
        .engine(EngineKind::Table)
        .max_nodes(HARD_NODES);
    let mut g = c.benchmark_group("eternity/progress");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(10));
    g.throughput(Throughput::Elements(HARD_NODES));
    g.bench_function("off", |b| {
        b.iter(|| {
            let mut s = Solver::new(black_box(&inst), &order, options);
            while let Step::Found(_) = s.step(Unlimited) {}
            s.nodes()
        })
    });
    g.bench_function("node-steps-with-progress", |b| {
        b.iter(|| {
            let mut s = Solver::new(black_box(&inst), &order, options);
            let mut best = 0;
            while !s.is_out_of_nodes() {
                let _ = s.step(Nodes(1 << 20));
                best = best.max(black_box(s.progress()).best_score);
            }
            best
        })
    });
    g.bench_function("time-steps-50ms", |b| {
        b.iter(|| {
            let mut s = Solver::new(black_box(&inst), &order, options);
            while !s.is_out_of_nodes() {
                let _ = s.step(Time::new(Duration::from_millis(50)));
            }
            s.nodes()
        })
    });
    g.finish();
}

/// bench-easy-h40 to completion: long (seconds per run), so few samples.
fn h40(c: &mut Criterion) {
    let inst = load("oracles/bench-easy-h40.json").expect("h40");
    let order = FillOrder::row_major(&inst);
    let mut g = c.benchmark_group("eternity/h40-full");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(60));
    g.throughput(Throughput::Elements(487_397_329));
    g.bench_function("table", |b| {
        b.iter(|| {
            let out = engine::run(EngineKind::Table, black_box(&inst), &order, Limits::all());
            assert_eq!(out.nodes, 487_397_329);
            out.solutions
        })
    });
    g.finish();
}

/// The score search on the official set (centre piece pinned): 4 Mi nodes from the first
/// restart, each piece-ranking variant; the walk is deterministic, so every iteration walks
/// the same nodes.
fn score(c: &mut Criterion) {
    use eternity_solver::score::{PieceOrder, ScoreOptions, ScoreSearch};
    const NODES: u64 = 1 << 22;
    let inst = load("official/e2-official-centre.json").expect("official set");
    let order = FillOrder::row_major(&inst);
    let mut g = c.benchmark_group("eternity/score-official-4Mi");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(10));
    g.throughput(Throughput::Elements(NODES));
    for po in [PieceOrder::HardFirst, PieceOrder::Random] {
        g.bench_with_input(BenchmarkId::from_parameter(po.name()), &po, |b, &po| {
            b.iter(|| {
                let opts = ScoreOptions::default().piece_order(po);
                let mut s = ScoreSearch::new(black_box(&inst), &order, opts);
                while s.nodes() < NODES {
                    if s.step(Nodes(NODES - s.nodes())) == Step::Finished {
                        break;
                    }
                }
                s.progress().best_score
            })
        });
    }
    g.finish();
}

criterion_group!(benches, engines, progress, score, h40);
criterion_main!(benches);
