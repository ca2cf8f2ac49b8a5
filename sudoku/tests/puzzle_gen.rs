//! Generated puzzles, checked with the baseline engine (the oracle): exactly one solution,
//! minimal (removing any given leaves several), symmetric when asked, graded as their rating
//! says, and the same bytes from a batch run on any number of threads.
//!
//! The baseline needs about 50 ms of CPU to check one puzzle's minimality (25 counts, some
//! slow for a plain backtracker), so the CI test checks the minimality of the first
//! `ORACLE_MINIMAL` of its thousand with the baseline and all of them with the fast engine;
//! the ignored tests check every puzzle with the baseline.

use std::io::Write;
use std::sync::{Arc, Mutex};

use sudoku_engine::io::write_puzzles;
use sudoku_engine::puzzle_gen::{Generator, SYMMETRIES, Symmetry};
use sudoku_engine::rating::{Grade, rate, read_rated};
use sudoku_engine::{Engine, Grid, Solver};

/// A `Write` whose bytes the test reads after the writer thread is done.
#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn batch(generator: &Generator, n: u64, threads: usize) -> String {
    let sink = Sink::default();
    let report = write_puzzles(sink.clone(), generator, n, threads, |_, _| {}).unwrap();
    assert_eq!(report.puzzles, n);
    String::from_utf8(sink.0.lock().unwrap().clone()).unwrap()
}

/// Puzzles whose minimality the CI test checks with the baseline (the rest: the fast engine).
const ORACLE_MINIMAL: usize = 200;

/// Every puzzle of `text` (the batch format): uniqueness with the baseline engine, minimality
/// with the baseline for the first `oracle_minimal` and with the fast engine after them.
fn check_all(
    text: &str,
    generator: &Generator,
    symmetry: Symmetry,
    n: usize,
    oracle_minimal: usize,
) {
    let puzzles = read_rated(text).unwrap();
    assert_eq!(puzzles.len(), n);
    let mut oracle = Solver::with_engine(Engine::Baseline);
    let mut fast = Solver::new();
    let mut distinct: Vec<Grid> = puzzles.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), n, "puzzles repeat");
    for (i, (p, line)) in puzzles.iter().zip(text.lines()).enumerate() {
        let count = oracle.count(p, 2);
        assert_eq!(count.solutions, 1, "puzzle {i} {p} is not proper");
        for c in (0..81).filter(|&c| p.get(c) != 0) {
            let mut less = *p;
            less.set(c, 0).unwrap();
            let checker = if i < oracle_minimal {
                &mut oracle
            } else {
                &mut fast
            };
            assert_eq!(
                checker.count(&less, 2).solutions,
                2,
                "puzzle {i} {p}: given {c} can go"
            );
        }
        assert!(symmetry.holds(p), "puzzle {i} {p} is not {symmetry}");
        let g = generator.puzzle(i as u64);
        assert_eq!(g.puzzle, *p);
        assert_eq!(Some(g.solution), count.first);
        assert_eq!(line, format!("{p} {}", g.rating.grade));
    }
}

#[test]
#[cfg_attr(target_os = "wasi", ignore = "starts threads: wasm32-wasip1 has none")]
fn a_thousand_puzzles_from_one_seed_are_proper_minimal_and_thread_independent() {
    let generator = Generator::new(2026);
    let one = batch(&generator, 1000, 1);
    assert_eq!(batch(&generator, 1000, 2), one);
    assert_eq!(batch(&generator, 1000, 3), one);
    check_all(&one, &generator, Symmetry::None, 1000, ORACLE_MINIMAL);
}

/// The same thousand, every one's minimality checked with the baseline (about a minute).
#[test]
#[ignore]
fn a_thousand_puzzles_checked_entirely_by_the_baseline() {
    let generator = Generator::new(2026);
    check_all(
        &batch(&generator, 1000, 2),
        &generator,
        Symmetry::None,
        1000,
        1000,
    );
}

#[test]
#[cfg_attr(target_os = "wasi", ignore = "starts threads: wasm32-wasip1 has none")]
fn symmetric_puzzles_are_symmetric_and_minimal() {
    for symmetry in SYMMETRIES {
        let generator = Generator::new(77).symmetry(symmetry);
        let one = batch(&generator, 40, 1);
        assert_eq!(batch(&generator, 40, 2), one);
        check_all(&one, &generator, symmetry, 40, 40);
    }
}

/// The full check for every symmetry: a thousand puzzles each (minutes in release mode).
#[test]
#[ignore]
fn a_thousand_symmetric_puzzles_per_symmetry() {
    for symmetry in SYMMETRIES {
        let generator = Generator::new(2026).symmetry(symmetry);
        let one = batch(&generator, 1000, 2);
        assert_eq!(batch(&generator, 1000, 1), one);
        check_all(&one, &generator, symmetry, 1000, 1000);
    }
}

#[test]
fn targets_and_limits_are_met() {
    for grade in [
        Grade::Easy,
        Grade::Medium,
        Grade::Hard,
        Grade::Expert,
        Grade::Trial,
    ] {
        let generator = Generator::new(3).difficulty(grade).clues(26).unwrap();
        for p in generator.iter().take(5) {
            assert!(p.puzzle.givens() <= 26);
            assert_eq!(p.rating.grade, grade);
            // The public rating agrees with the generator's.
            assert_eq!(rate(&p.puzzle).unwrap(), p.rating);
        }
    }
}
