//! `sudoku-engine` on the sets of `testdata/sudoku`: the benchmark sets solve to their
//! recorded solutions, the bad-input sets get the verdicts their sources state, and the seed's
//! baseline agrees with the fast engine.

use std::io::Read;
use std::path::PathBuf;

use puzzle_search::check::assert_agree;
use sha2::{Digest, Sha256};
use sudoku_engine::io::{SolveOptions, solve_file};
use sudoku_engine::parse::{self, Format};
use sudoku_engine::{Engine, Grid, ParseError, Solutions, Solver, Verdict};

fn data(name: &str) -> PathBuf {
    oracle_tests::testdata_path("sudoku").join(name)
}

fn read(name: &str) -> String {
    let path = data(name);
    let mut text = String::new();
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    if name.ends_with(".gz") {
        flate2::read::GzDecoder::new(file)
            .read_to_string(&mut text)
            .unwrap();
    } else {
        std::io::BufReader::new(file)
            .read_to_string(&mut text)
            .unwrap();
    }
    text
}

fn puzzles(name: &str) -> Vec<Grid> {
    let text = read(name);
    parse::parse_all(&text, Format::detect(&text)).unwrap()
}

/// Solves every puzzle with a uniqueness check and returns the solutions file it implies
/// (81 digits and `\n` per puzzle) plus the verdict histogram.
fn solve_set(grids: &[Grid]) -> (String, [usize; 3]) {
    let mut solver = Solver::new();
    let mut out = String::with_capacity(grids.len() * 82);
    let mut hist = [0; 3];
    for g in grids {
        let c = solver.count(g, 2);
        hist[c.solutions as usize] += 1;
        if let Some(s) = c.first {
            assert!(g.is_solved_by(&s), "{g}: {s} is not a solution");
            out.push_str(&s.to_line());
            out.push('\n');
        }
    }
    (out, hist)
}

fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[test]
fn top1465_matches_recorded_solutions_and_hash() {
    let grids = puzzles("puzzles3_magictour_top1465");
    assert_eq!(grids.len(), 1465);
    let (out, hist) = solve_set(&grids);
    assert_eq!(hist, [0, 1465, 0]);
    assert_eq!(out, read("puzzles3_magictour_top1465.solutions"));
    assert_eq!(
        sha256_hex(&out),
        "7eac397659b821c0a905fb73b2d2b3db0c1c0c5c36675d1cadaee030ad3e9d89"
    );
}

#[test]
fn forum_hardest_1106_matches_recorded_solutions_and_hash() {
    let grids = puzzles("puzzles6_forum_hardest_1106");
    assert_eq!(grids.len(), 375);
    let (out, hist) = solve_set(&grids);
    assert_eq!(hist, [0, 375, 0]);
    assert_eq!(out, read("puzzles6_forum_hardest_1106.solutions"));
    assert_eq!(
        sha256_hex(&out),
        "6e7910b72a0d7e5a8f6d3ffd4079fb10ba31275498cb75f17686716dae30f1a6"
    );
}

#[test]
fn all_17_clue_puzzles_match_the_recorded_hash() {
    let grids = puzzles("puzzles2_17_clue.gz");
    assert_eq!(grids.len(), 49_158);
    assert!(grids.iter().all(|g| g.givens() == 17));
    let (out, hist) = solve_set(&grids);
    assert_eq!(hist, [0, 49_158, 0]);
    assert_eq!(
        sha256_hex(&out),
        "76cb808d41d47abe64be0215607bfc357f56c618906dcd4b5d78e10f88db62f0"
    );
}

#[test]
fn serg_puzzles_all_have_several_solutions() {
    let grids = puzzles("puzzles7_serg_benchmark.gz");
    assert_eq!(grids.len(), 10_000);
    let (_, hist) = solve_set(&grids);
    assert_eq!(hist, [0, 0, 10_000]);
}

#[test]
fn course_format_file_solves_to_its_answers() {
    let text = read("top1465_course_format.txt");
    assert_eq!(Format::detect(&text), Format::Grid);
    let grids = parse::parse_all_strict(&text, Format::Grid).unwrap();
    assert_eq!(grids.len(), 1465);
    let mut solver = Solver::new();
    let solutions: Vec<Grid> = grids.iter().map(|g| solver.solve(g).unwrap()).collect();
    let mut out = Vec::new();
    parse::write_all(&mut out, &solutions, Format::Grid);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        read("top1465_course_format.solutions.txt")
    );
}

#[test]
fn sixteen_clue_puzzles_have_several_solutions() {
    let grids = puzzles("bad_multi_16clue.txt");
    assert_eq!(grids.len(), 1000);
    let (_, hist) = solve_set(&grids);
    assert_eq!(hist, [0, 0, 1000]);
}

#[test]
fn wrong_clue_puzzles_have_no_solution() {
    let grids = puzzles("bad_unsat_wrongclue.txt");
    assert_eq!(grids.len(), 1000);
    // The extra given clashes with nothing: only search can refute it.
    assert!(grids.iter().all(|g| g.clash().is_none()));
    let (_, hist) = solve_set(&grids);
    assert_eq!(hist, [1000, 0, 0]);
}

#[test]
fn misc_cases_get_the_verdict_of_their_comment() {
    let text = read("bad_misc.txt");
    let mut expected = None;
    let mut cases = 0;
    let mut solver = Solver::new();
    let mut baseline = Solver::with_engine(Engine::Baseline);
    for (n, line) in text.lines().enumerate() {
        if let Some(comment) = line.strip_prefix('#') {
            expected = if comment.contains("malformed") {
                Some(None)
            } else if comment.contains("0 solutions") {
                Some(Some(Verdict::NoSolution))
            } else if comment.contains("exactly 1 solution") {
                Some(Some(Verdict::Unique))
            } else if comment.contains("2+ solutions") {
                Some(Some(Verdict::Multiple))
            } else {
                expected
            };
            continue;
        }
        let want = expected
            .take()
            .unwrap_or_else(|| panic!("line {}: no verdict", n + 1));
        cases += 1;
        let parsed = parse::parse_all(line, Format::Line);
        match want {
            None => assert!(
                matches!(
                    parsed,
                    Err(ParseError::WrongLength { .. } | ParseError::BadChar { .. })
                ),
                "line {}: {parsed:?}",
                n + 1
            ),
            Some(v) => {
                let g = parsed.unwrap()[0];
                assert_eq!(solver.count(&g, 2).verdict(), v, "line {}", n + 1);
                assert_eq!(baseline.count(&g, 2).verdict(), v, "line {}", n + 1);
            }
        }
    }
    assert_eq!(cases, 8);
}

#[test]
fn baseline_agrees_with_the_fast_engine_on_top1465_samples() {
    // The plain backtracker is slow on the hardest puzzles: every 50th puzzle keeps this
    // test short while still covering the whole list.
    let grids = puzzles("puzzles3_magictour_top1465");
    for g in grids.iter().step_by(50) {
        assert_agree(
            Solutions::with_engine(g, Engine::Baseline),
            Solutions::new(g),
            false,
        );
    }
}

#[test]
fn solving_the_course_format_file_writes_its_answers_on_any_thread_count() {
    let dir = std::env::temp_dir().join(format!("sudoku-oracle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let expected = read("top1465_course_format.solutions.txt");
    for threads in [1, 2] {
        let out = dir.join(format!("solved-{threads}.txt"));
        let options = SolveOptions {
            threads,
            ..SolveOptions::default()
        };
        let report = solve_file(data("top1465_course_format.txt"), &out, options).unwrap();
        assert_eq!((report.puzzles, report.unique), (1465, 1465));
        assert!(report.anomalies.is_empty());
        assert_eq!(std::fs::read_to_string(&out).unwrap(), expected);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
