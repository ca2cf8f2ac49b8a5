//! The example programs under output faults and bad numbers: a closed pipe ends quietly (or
//! with one line) and a full stdout with one line on stderr, both with a non-zero status and
//! never a panic trace; a numeric argument out of range is a usage error (status 2).
//!
//! `cargo test` builds the examples beside this test's own executable
//! (`target/<profile>/examples/`), which is where they are run from.

use std::fs::OpenOptions;
use std::process::{Output, Stdio};

mod common;
use common::program;

/// Each program with arguments that print to stdout soon, and quickly.
fn runs() -> Vec<(&'static str, Vec<&'static str>)> {
    vec![
        ("block_fill", vec!["testdata/hamilton/s6_1.txt"]),
        ("demo", vec![]),
        (
            "eternity",
            vec!["--quiet", "testdata/eternity/oracles/bench-easy-h52.json"],
        ),
        ("quartiles", vec!["--public", "xebia-1"]),
        ("slide", vec!["--quiet", "536208417"]),
        (
            "sudoku",
            vec!["-s", "testdata/sudoku/bad_multi_16clue.txt", "--count"],
        ),
    ]
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn assert_no_panic(name: &str, out: &Output) {
    let err = stderr(out);
    assert!(
        !err.contains("panicked") && !err.contains("RUST_BACKTRACE"),
        "{name} panicked: {err}"
    );
}

#[test]
fn a_full_stdout_ends_with_one_line_and_a_failure_status() {
    for (name, args) in runs() {
        let full = OpenOptions::new().write(true).open("/dev/full").unwrap();
        let out = program(name)
            .args(&args)
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_no_panic(name, &out);
        assert_eq!(out.status.code(), Some(1), "{name}: {}", stderr(&out));
        let err = stderr(&out);
        let last = err.lines().last().unwrap_or_default();
        assert!(
            last.starts_with(&format!("{name}: ")) && last.contains("No space left on device"),
            "{name} ends with `{last}`"
        );
    }
}

#[test]
fn a_closed_pipe_ends_quietly_with_a_failure_status() {
    for (name, args) in runs() {
        // A pipe whose reader has gone before the program starts, so its first write fails
        // (as behind `| head -1` once head has its line), whatever the timing.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = program(name)
            .args(&args)
            .stdout(writer)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_no_panic(name, &out);
        let code = out.status.code();
        assert!(
            code.is_some_and(|c| c != 0),
            "{name} exited with {code:?} after its stdout closed"
        );
        // Quietly, or one line saying so.
        let err = stderr(&out);
        let noise: Vec<&str> = err
            .lines()
            .filter(|l| l.contains("pipe") || l.contains("error"))
            .collect();
        assert!(noise.len() <= 1, "{name}: {err}");
    }
}

#[test]
fn numbers_out_of_range_are_usage_errors() {
    let puzzle = "testdata/eternity/oracles/bench-easy-h52.json";
    let cases: Vec<(&str, Vec<&str>)> = vec![
        ("eternity", vec!["--budget-s", "inf", puzzle]),
        ("eternity", vec!["--budget-s", "NaN", puzzle]),
        ("eternity", vec!["--budget-s=-1", puzzle]),
        ("eternity", vec!["--budget-s", "1e300", puzzle]),
        ("eternity", vec!["--threads", "0", puzzle]),
        ("eternity", vec!["--threads", "100000", puzzle]),
        ("eternity", vec!["--max-nodes=-5", puzzle]),
        (
            "eternity",
            vec!["--engine", "codegen", "--group", "0", puzzle],
        ),
        (
            "eternity",
            vec!["--engine", "codegen", "--group", "9", puzzle],
        ),
        ("slide", vec!["--size", "100000x100000", "1 2 3 0"]),
        ("slide", vec!["--size", "0x0", "1 2 3 0"]),
        ("sudoku", vec!["-c", "0"]),
        ("sudoku", vec!["-c", "99999999999999999999"]),
        ("sudoku", vec!["-c", "5", "-d", "10"]),
        ("sudoku", vec!["-s", "x.txt", "--threads", "0"]),
        ("block_fill", vec!["--all", "--limit=-1", "x.txt"]),
        ("quartiles_tui", vec!["--nodes=-1"]),
        ("quartiles_tui", vec!["--frame-ms", "1e9"]),
    ];
    for (name, args) in cases {
        let out = program(name).args(&args).output().unwrap();
        assert_no_panic(name, &out);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{name} {args:?}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn an_infinite_budget_is_refused_before_any_search() {
    let out = program("eternity")
        .args([
            "--budget-s",
            "inf",
            "testdata/eternity/oracles/bench-easy-h52.json",
        ])
        .output()
        .unwrap();
    assert!(out.stdout.is_empty());
    assert!(stderr(&out).contains("--budget-s"), "{}", stderr(&out));
}
