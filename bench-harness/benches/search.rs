//! Criterion benches for `puzzle-search`: what a budget costs an engine's inner loop, and
//! what one clock read costs (the measurement behind `CLOCK_EVERY`).
//!
//! The loop stands in for the cheapest node of the family (a few nanoseconds of integer
//! work); each budget meters the same loop, so the rows compare the meter alone.
//!
//! `cargo bench -p bench-harness --bench search`

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use puzzle_search::{Budget, CLOCK_EVERY, Cancel, Limit, Meter, Nodes, Time, Unlimited};

/// Units of work per iteration.
const WORK: u64 = 1 << 16;

/// A cheap node: a few dependent integer operations.
#[inline(always)]
fn node(x: u64) -> u64 {
    black_box(x.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(17) ^ x)
}

/// The metered loop, as an engine writes it.
fn metered<L: Limit>(limit: L) -> u64 {
    let mut nodes = 0u64;
    let mut acc = 1u64;
    let mut meter = Meter::new(limit, nodes);
    while nodes < WORK && meter.go_on(nodes) {
        acc = node(acc);
        nodes += 1;
    }
    acc ^ nodes
}

/// The same loop with no meter at all: the floor.
fn bare() -> u64 {
    let mut acc = 1u64;
    let mut nodes = 0u64;
    while nodes < WORK {
        acc = node(acc);
        nodes += 1;
    }
    acc ^ nodes
}

/// The same loop reading the clock every `every` nodes through a threshold, as a time budget
/// with that interval does: the rows differ from `bare` by the clock reads alone.
fn clock_every(every: u64) -> u64 {
    let deadline = Instant::now() + Duration::from_secs(3600);
    let mut acc = 1u64;
    let mut nodes = 0u64;
    let mut next = every;
    while nodes < WORK {
        if nodes >= next {
            next += every;
            if Instant::now() >= deadline {
                break;
            }
        }
        acc = node(acc);
        nodes += 1;
    }
    acc ^ nodes
}

fn budgets(c: &mut Criterion) {
    let mut g = c.benchmark_group("search/meter-64k-nodes");
    g.measurement_time(Duration::from_secs(3));
    g.bench_function("bare", |b| b.iter(bare));
    g.bench_function("unlimited", |b| b.iter(|| metered(Unlimited)));
    g.bench_function("nodes", |b| b.iter(|| metered(Nodes(u64::MAX / 2))));
    g.bench_function("budget-enum-nodes", |b| {
        b.iter(|| metered(Budget::nodes(u64::MAX / 2)))
    });
    g.bench_function("time", |b| {
        b.iter(|| metered(Time::new(Duration::from_secs(3600))))
    });
    let cancel = Cancel::new();
    g.bench_function("time-or-cancel", |b| {
        b.iter(|| metered(Time::new(Duration::from_secs(3600)).or_cancel(&cancel)))
    });
    g.finish();

    // Reading the clock every N nodes: the rows that chose CLOCK_EVERY.
    let mut g = c.benchmark_group("search/clock-every");
    g.measurement_time(Duration::from_secs(3));
    g.bench_function("bare", |b| b.iter(bare));
    for every in [1, 64, 256, 1024, CLOCK_EVERY, 16_384] {
        g.bench_function(format!("{every}"), |b| b.iter(|| clock_every(every)));
    }
    g.finish();

    let mut g = c.benchmark_group("search/clock");
    g.bench_function("instant-now", |b| b.iter(Instant::now));
    g.finish();
}

criterion_group!(benches, budgets);
criterion_main!(benches);
