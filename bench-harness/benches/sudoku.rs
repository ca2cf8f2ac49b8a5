//! Criterion benches for `sudoku-engine`: uniqueness checks (count up to 2) over the tdoku
//! sets (and isomorphs of the two hard ones) with the fast engine and, side by side, the
//! `sudoku` crate, from parsed grids and from the puzzles' lines (each parsed in the pass,
//! as a user reading puzzles one line at a time does), and the parse of a line alone; the seed's baseline on a few top1465
//! puzzles; generation of finals into memory; and files end to end on one and two threads: a
//! file's verdicts read a batch at a time (`io::verdicts_file`) against read whole and then
//! solved, and a file solved into another (`io::solve_file`).
//!
//! `cargo bench -p bench-harness --bench sudoku` (`compare -- sudoku` prints the paired
//! table).

use std::hint::black_box;
use std::time::Duration;

use bench_harness::suites::sudoku::{
    SETS, lines, ours, pass_baseline, pass_ours, pass_ours_lines, pass_ours_strict_lines,
    pass_peer, pass_peer_lines, peer, set_lines,
};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use sudoku_engine::generate::Finals;
use sudoku_engine::io::{SolveOptions, read_puzzles, solve_file, verdicts, verdicts_file};
use sudoku_engine::parse::parse_one;
use sudoku_engine::{Grid, Solver};

fn solve(c: &mut Criterion) {
    let mut g = c.benchmark_group("sudoku/count2");
    g.measurement_time(Duration::from_secs(4));
    g.sample_size(10);
    for set in &SETS {
        let l = set_lines(set).expect("testdata/sudoku");
        let o = ours(&l).expect("puzzles parse");
        let p = peer(&l).expect("puzzles parse for the peer");
        g.throughput(Throughput::Elements(o.len() as u64));
        let mut solver = Solver::new();
        g.bench_with_input(BenchmarkId::new("ours", set.name), &o, |b, o| {
            b.iter(|| pass_ours(&mut solver, o))
        });
        g.bench_with_input(BenchmarkId::new("sudoku-crate", set.name), &p, |b, p| {
            b.iter(|| pass_peer(p))
        });
    }
    g.finish();

    // The same from the lines, on the sets where parsing weighs most (the quickest to solve).
    let mut g = c.benchmark_group("sudoku/count2-lines");
    g.measurement_time(Duration::from_secs(4));
    g.sample_size(10);
    for set in SETS
        .iter()
        .filter(|s| ["17-clue", "serg", "bad_unsat"].contains(&s.name))
    {
        let l = set_lines(set).expect("testdata/sudoku");
        g.throughput(Throughput::Elements(l.len() as u64));
        let mut solver = Solver::new();
        g.bench_with_input(BenchmarkId::new("ours", set.name), &l, |b, l| {
            b.iter(|| pass_ours_lines(&mut solver, l))
        });
        g.bench_with_input(BenchmarkId::new("ours-strict", set.name), &l, |b, l| {
            b.iter(|| pass_ours_strict_lines(&mut solver, l))
        });
        g.bench_with_input(BenchmarkId::new("sudoku-crate", set.name), &l, |b, l| {
            b.iter(|| pass_peer_lines(l))
        });
    }
    g.finish();

    // The parse alone, a line at a time: the strict `str::parse` (clashes rejected), the
    // lenient `parse_one` (clashes left to the solver) and the peer's `from_str_line`.
    let mut g = c.benchmark_group("sudoku/parse-line");
    let l = set_lines(&SETS[3]).expect("testdata/sudoku");
    g.throughput(Throughput::Elements(l.len() as u64));
    g.bench_function("ours-strict/serg", |b| {
        b.iter(|| {
            l.iter()
                .filter(|l| black_box(l).parse::<Grid>().is_ok())
                .count()
        })
    });
    g.bench_function("ours/serg", |b| {
        b.iter(|| l.iter().filter(|l| parse_one(black_box(l)).is_ok()).count())
    });
    g.bench_function("sudoku-crate/serg", |b| {
        b.iter(|| {
            l.iter()
                .filter(|l| ::sudoku::Sudoku::from_str_line(black_box(l)).is_ok())
                .count()
        })
    });
    g.finish();

    let mut g = c.benchmark_group("sudoku/baseline");
    g.sample_size(10);
    let l = lines(SETS[1].file).expect("testdata/sudoku");
    let o = ours(&l[1..4]).expect("puzzles parse");
    g.throughput(Throughput::Elements(o.len() as u64));
    g.bench_function("top1465-2..4", |b| b.iter(|| pass_baseline(black_box(&o))));
    g.finish();
}

fn generate(c: &mut Criterion) {
    let mut g = c.benchmark_group("sudoku/generate");
    let n = 100_000;
    g.throughput(Throughput::Elements(n));
    g.bench_function("finals-text-100k", |b| {
        let mut buf = Vec::with_capacity(163 * n as usize);
        b.iter(|| {
            buf.clear();
            let mut f = Finals::new(1, n).unwrap();
            while f.write_next_block(&mut buf) {
                buf.push(b'\n');
            }
            buf.len()
        })
    });
    g.finish();
}

/// `sudoku -s FILE --count` as it was (the file read whole, every puzzle parsed, then
/// solved) and as it is (`verdicts_file`), and `sudoku -s FILE -o OUT` (`solve_file`, its
/// output replaced whole at the end as it always is), on the 17-clue set four times
/// (196,632 puzzles).
fn files(c: &mut Criterion) {
    let lines = set_lines(&SETS[0]).expect("testdata/sudoku");
    let text = lines
        .iter()
        .map(|l| format!("{l}\n"))
        .collect::<String>()
        .repeat(4);
    let path = std::env::temp_dir().join(format!("sudoku-bench-{}.txt", std::process::id()));
    std::fs::write(&path, &text).expect("a temporary file");
    let out = path.with_extension("solved.txt");
    let puzzles = read_puzzles(&text, None).expect("puzzles parse").0.len();
    let mut g = c.benchmark_group("sudoku/file-verdicts");
    g.measurement_time(Duration::from_secs(5));
    g.sample_size(10);
    g.throughput(Throughput::Elements(puzzles as u64));
    for threads in [1, 2] {
        g.bench_function(BenchmarkId::new("whole-then-solved", threads), |b| {
            b.iter(|| {
                let text = std::fs::read_to_string(&path).expect("the file");
                let (grids, _) = read_puzzles(&text, None).expect("puzzles parse");
                verdicts(&grids, threads).expect("a pool").len()
            })
        });
        g.bench_function(BenchmarkId::new("verdicts_file", threads), |b| {
            b.iter(|| {
                verdicts_file(&path, None, threads)
                    .expect("the file")
                    .0
                    .len()
            })
        });
        g.bench_function(BenchmarkId::new("solve_file", threads), |b| {
            let options = SolveOptions {
                threads,
                ..SolveOptions::default()
            };
            b.iter(|| solve_file(&path, &out, options).expect("the files").puzzles)
        });
    }
    g.finish();
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(&out);
}

criterion_group!(benches, solve, generate, files);
criterion_main!(benches);
