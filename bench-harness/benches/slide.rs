//! Criterion benches for `slide-solver`: the two 31-move 8-puzzles (ours, linear conflict,
//! the seed's baseline, the `pathfinding` peer), three easy Korf instances with the 6-6-3
//! databases (loaded from `$SLIDE_PDB_DIR` or the user cache, built on first use), and
//! pattern-database builds small enough to repeat (7 tiles on 3x3, 5 tiles on 4x4).
//!
//! `cargo bench -p bench-harness --bench slide`

use std::hint::black_box;

use bench_harness::suites::slide::{
    baseline_8, bench9, bucket_8, ida_8, korf100, ours_8, pathfinding_8,
};
use criterion::{Criterion, criterion_group, criterion_main};
use slide_solver::{IdaStar, Partition, PatternDatabases, PatternDb};

fn eight_puzzle(c: &mut Criterion) {
    let hard: Vec<_> = bench9()
        .expect("test data")
        .into_iter()
        .filter(|i| i.optimal == 31)
        .collect();
    let mut g = c.benchmark_group("slide/8-puzzle-31");
    type Engine = fn(&slide_solver::Puzzle) -> Option<(slide_solver::Solution, u64)>;
    let engines: [(&str, Engine); 5] = [
        ("ours-astar-pdb71", ours_8),
        ("astar-linear-conflict", bucket_8),
        ("idastar-linear-conflict", ida_8),
        ("baseline", baseline_8),
        ("pathfinding-astar-manhattan", pathfinding_8),
    ];
    for (name, f) in engines {
        g.bench_function(name, |b| {
            b.iter(|| {
                for i in &hard {
                    black_box(f(black_box(&i.puzzle)));
                }
            })
        });
    }
    g.finish();
}

fn korf_fast(c: &mut Criterion) {
    let pdb = PatternDatabases::load(Partition::P663, 4, 4, 0, None, |_| true)
        .expect("the 6-6-3 databases");
    let korf: Vec<_> = korf100()
        .expect("test data")
        .into_iter()
        .filter(|k| ["9", "12", "13"].contains(&k.name.as_str()))
        .collect();
    let mut g = c.benchmark_group("slide/korf-easy3");
    g.sample_size(10);
    g.bench_function("idastar-pdb663", |b| {
        b.iter(|| {
            for k in &korf {
                let s = IdaStar::new(&k.puzzle, pdb.clone()).expect("4x4");
                black_box(s.solve());
            }
        })
    });
    g.finish();
}

fn pdb_build(c: &mut Criterion) {
    let mut g = c.benchmark_group("slide/pdb-build");
    g.sample_size(10);
    let tables: [(&str, usize, usize, &[u8]); 2] = [
        ("3x3-7-tiles", 3, 3, &[1, 2, 3, 4, 5, 6, 7]),
        ("4x4-5-tiles", 4, 4, &[1, 4, 5, 8, 9]),
    ];
    for (name, w, h, pattern) in tables {
        g.bench_function(name, |b| {
            b.iter(|| black_box(PatternDb::build(w, h, black_box(pattern), 0, |_| true)))
        });
    }
    g.finish();
}

criterion_group!(benches, eight_puzzle, korf_fast, pdb_build);
criterion_main!(benches);
