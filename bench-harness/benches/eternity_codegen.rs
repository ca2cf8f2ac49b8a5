//! Criterion benches for `eternity-codegen`: node throughput of the generated programs per
//! group size on bench-hard (fixed node budget, CPU time of the child process), full
//! enumeration of bench-easy-h40 (487,397,329 nodes, checked), the cost of emitting, a cold
//! compile and a cached start.
//!
//! `cargo bench -p bench-harness --bench eternity_codegen` (filters: `hard`, `h40`, `emit`,
//! `compile`; `-- bench-easy` adds the full bench-easy enumeration, 3,577,121,570 nodes, which
//! takes minutes). `compare -- eternity` gives the paired table against `table` and
//! `baseline`.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use bench_harness::measure::children_cpu;
use bench_harness::suites::eternity::load;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use eternity_codegen::{Compiler, EmitOptions, Group, Program, RunOptions, emit_program};
use eternity_solver::Instance;

/// Node budget per iteration on bench-hard.
const HARD_NODES: u64 = 50_000_000;

fn quiet(max_nodes: Option<u64>) -> RunOptions {
    RunOptions {
        max_nodes,
        progress: Some(None),
        ..RunOptions::default()
    }
}

fn program(inst: &Instance, group: Group) -> Program {
    Program::build(inst, &EmitOptions::default().group(group).progress(false))
        .expect("generated program compiles")
}

/// Runs `iters` times and returns the child CPU time they took.
fn child_cpu_of(iters: u64, mut f: impl FnMut()) -> Duration {
    let before = children_cpu();
    for _ in 0..iters {
        f();
    }
    children_cpu().saturating_sub(before)
}

fn hard(c: &mut Criterion) {
    let inst = load("dfs-study-bench/bench-hard.json").expect("bench-hard");
    let mut g = c.benchmark_group("eternity-codegen/hard-50M");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(8));
    g.throughput(Throughput::Elements(HARD_NODES));
    for group in Group::all() {
        let p = program(&inst, group);
        g.bench_with_input(BenchmarkId::from_parameter(group), &p, |b, p| {
            b.iter_custom(|iters| {
                child_cpu_of(iters, || {
                    let out = p.run(&quiet(Some(HARD_NODES))).expect("runs");
                    assert_eq!(out.nodes, HARD_NODES);
                })
            })
        });
    }
    g.finish();
}

fn oracles(c: &mut Criterion) {
    let mut boards = vec![("h40", "oracles/bench-easy-h40.json", 487_397_329u64)];
    // The full bench-easy tree takes minutes per run: only when asked for by name.
    if std::env::args().any(|a| a.contains("bench-easy")) {
        boards.push((
            "bench-easy",
            "dfs-study-bench/bench-easy.json",
            3_577_121_570,
        ));
    }
    for (name, file, nodes) in boards {
        let inst = load(file).expect(name);
        let mut g = c.benchmark_group(format!("eternity-codegen/{name}-full"));
        g.sample_size(10);
        g.throughput(Throughput::Elements(nodes));
        for group in [Group::MIN, Group::default(), Group::MAX] {
            let p = program(&inst, group);
            g.bench_with_input(BenchmarkId::from_parameter(group), &p, |b, p| {
                b.iter_custom(|iters| {
                    child_cpu_of(iters, || {
                        let out = p.run(&quiet(None)).expect("runs");
                        assert_eq!(out.nodes, nodes, "{name} oracle");
                        assert_eq!(out.solutions, 1, "{name} oracle");
                    })
                })
            });
        }
        g.finish();
    }
}

fn build_steps(c: &mut Criterion) {
    let inst = load("dfs-study-bench/bench-hard.json").expect("bench-hard");
    let opts = EmitOptions::default();
    let mut g = c.benchmark_group("eternity-codegen/build");
    g.sample_size(10);
    g.bench_function("emit", |b| b.iter(|| emit_program(black_box(&inst), &opts)));
    // A cached start: emit, hash, find the binary (rustc -vV is asked once per process).
    let warm = Compiler::new();
    warm.compile(&emit_program(&inst, &opts)).expect("compiles");
    g.bench_function("cached-start", |b| {
        b.iter(|| Program::build_with(&warm, black_box(&inst), &opts).expect("cached"))
    });
    // A cold compile: a fresh cache directory each time.
    let scratch =
        std::env::temp_dir().join(format!("eternity-codegen-bench-{}", std::process::id()));
    let source = emit_program(&inst, &opts);
    g.measurement_time(Duration::from_secs(20));
    g.bench_function("cold-compile", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for i in 0..iters {
                let dir: PathBuf = scratch.join(i.to_string());
                let t = Instant::now();
                let out = Compiler::new()
                    .cache_dir(&dir)
                    .compile(&source)
                    .expect("compiles");
                total += t.elapsed();
                assert!(!out.cached);
                let _ = std::fs::remove_dir_all(&dir);
            }
            total
        })
    });
    let _ = std::fs::remove_dir_all(&scratch);
    g.finish();
}

criterion_group!(benches, hard, oracles, build_steps);
criterion_main!(benches);
