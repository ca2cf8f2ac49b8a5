//! Programs that compose: every program reads its puzzle from standard input when given `-`
//! (`cat puzzle | PROGRAM - --json`), and `--json` prints one JSON object that a JSON reader
//! takes whole, with the documented fields (`examples/README.md`, "JSON output").
//!
//! The JSON is checked by Python's `json` module, as a user's pipeline (`| jq`, `| python3 -c
//! 'import json...'`) would read it, where Python is on the machine; the test also parses it
//! itself, so it asserts the same without Python.

use std::io::Write;
use std::process::{Command, Output, Stdio};

mod common;
use common::{program, testdata};

/// Runs `cmd` with `input` on its standard input.
fn piped(mut cmd: Command, input: &[u8]) -> Output {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input)
        .expect("the program reads its input");
    child.wait_with_output().expect("the program ends")
}

/// The one JSON object `out` printed, after checking the status, that stdout is one line,
/// and (where `python3` runs) that Python's `json` module reads it and finds `keys`.
fn json_of(name: &str, out: &Output, keys: &[&str]) -> serde_json::Value {
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{name} failed: {err}");
    let text = String::from_utf8(out.stdout.clone()).expect("JSON is UTF-8");
    assert_eq!(
        text.lines().count(),
        1,
        "{name} printed more than one line: {text}"
    );
    let value: serde_json::Value = serde_json::from_str(&text).expect("stdout is JSON");
    for key in keys {
        assert!(value.get(key).is_some(), "{name}: no `{key}` in {text}");
    }
    let script = format!(
        "import json, sys\nv = json.load(sys.stdin)\nmissing = [k for k in {keys:?} if k not in v]\nsys.exit(1 if missing else 0)\n"
    );
    if let Ok(mut python) = Command::new("python3")
        .args(["-c", &script])
        .stdin(Stdio::piped())
        .spawn()
    {
        if let Some(mut stdin) = python.stdin.take() {
            stdin.write_all(text.as_bytes()).expect("python reads");
        }
        let status = python.wait().expect("python ends");
        assert!(
            status.success(),
            "{name}: Python's json module refused {text}"
        );
    }
    value
}

fn file(path: &str) -> Vec<u8> {
    std::fs::read(testdata().join(path)).expect("test data is there")
}

#[test]
fn block_fill_reads_stdin_and_prints_json() {
    let mut cmd = program("block_fill");
    cmd.args(["-", "--json"]);
    let out = piped(cmd, &file("hamilton/s6_3.txt"));
    let v = json_of("block_fill", &out, &["found", "path", "moves"]);
    assert_eq!(v["found"], true);
    let path = v["path"].as_array().unwrap();
    assert_eq!(path.len(), v["moves"].as_str().unwrap().len() + 1);

    let mut cmd = program("block_fill");
    cmd.args(["-", "--count", "--json"]);
    let out = piped(cmd, &file("hamilton/s6_3.txt"));
    let v = json_of("block_fill --count", &out, &["count"]);
    assert!(v["count"].as_u64().unwrap() > 0);

    // No path: status 1, and still one JSON object saying why.
    let mut cmd = program("block_fill");
    cmd.args(["-", "--json"]);
    let out = piped(cmd, b"Xxx\nx x\n");
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["found"], false);
    assert_eq!(v["reason"], "parity");
}

#[test]
fn slide_reads_stdin_and_prints_json() {
    let mut cmd = program("slide");
    cmd.args(["-", "--json"]);
    let out = piped(cmd, b"8672543x1\n");
    let v = json_of(
        "slide",
        &out,
        &[
            "moves",
            "arrows",
            "length",
            "nodes",
            "expanded",
            "tiles",
            "engine",
            "heuristic",
        ],
    );
    assert_eq!(v["length"], 31);
    assert_eq!(v["moves"].as_str().unwrap().len(), 31);
    assert_eq!(v["tiles"].as_array().unwrap().len(), 31);
}

#[test]
fn quartiles_reads_stdin_and_prints_json() {
    let mut cmd = program("quartiles");
    cmd.args(["--file", "-", "--json"]);
    let board = b"azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment\n";
    let out = piped(cmd, board);
    let v = json_of(
        "quartiles",
        &out,
        &[
            "tiles",
            "words",
            "quartiles",
            "covers",
            "score",
            "nodes",
            "missing",
        ],
    );
    assert_eq!(v["quartiles"].as_array().unwrap().len(), 5);
    assert_eq!(v["tiles"].as_array().unwrap().len(), 20);
    assert!(v["missing"].is_null());

    // A dictionary without one quartile: the four tiles left are offered as the fifth.
    let mut cmd = program("quartiles");
    cmd.args(["--file", "-", "--json", "--deny", "nihilistic"]);
    let v = json_of("quartiles --deny", &piped(cmd, board), &["missing"]);
    assert_eq!(v["quartiles"].as_array().unwrap().len(), 0);
    assert_eq!(v["missing"]["spellings"][0], "nihilistic");
    assert_eq!(v["missing"]["found"].as_array().unwrap().len(), 4);
}

#[test]
fn sudoku_reads_stdin_and_prints_json() {
    let puzzles = file("sudoku/bad_multi_16clue.txt");
    let mut cmd = program("sudoku");
    cmd.args(["-s", "-", "--count", "--json"]);
    let v = json_of(
        "sudoku --count",
        &piped(cmd, &puzzles),
        &["puzzles", "verdicts", "none", "unique", "several"],
    );
    let n = v["puzzles"].as_u64().unwrap();
    assert!(n > 0);
    assert_eq!(v["verdicts"].as_array().unwrap().len() as u64, n);

    let one =
        b"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n";
    let mut cmd = program("sudoku");
    cmd.args(["-s", "-", "--json"]);
    let v = json_of(
        "sudoku -s",
        &piped(cmd, one),
        &["puzzles", "unique", "guesses", "anomalies", "solutions"],
    );
    assert_eq!(
        v["solutions"][0],
        "468931527751624839392578461134756298289413675675289314846192753513867942927345186"
    );

    // Standard input to standard output, in the input's format, as `-s FILE -o OUT` writes.
    let mut cmd = program("sudoku");
    cmd.args(["-s", "-", "-o", "-"]);
    let out = piped(cmd, one);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "468931527751624839392578461134756298289413675675289314846192753513867942927345186"
    );
}

#[test]
fn eternity_reads_stdin_and_prints_json() {
    let mut cmd = program("eternity");
    cmd.args(["-", "--json", "--quiet"]);
    let out = piped(cmd, &file("eternity/oracles/bench-easy-h52.json"));
    let v = json_of(
        "eternity",
        &out,
        &[
            "nodes",
            "solutions",
            "best_score",
            "max_score",
            "max_depth",
            "boards",
            "best_board",
        ],
    );
    let solutions = v["solutions"].as_u64().unwrap();
    assert!(solutions > 0);
    assert_eq!(v["boards"].as_array().unwrap().len() as u64, solutions);
    assert_eq!(v["best_score"], v["max_score"]);
}

#[test]
fn every_program_reads_dash_as_stdin_in_text_mode_too() {
    let runs: [(&str, &[&str], Vec<u8>); 4] = [
        ("block_fill", &["-"], file("hamilton/s6_3.txt")),
        ("slide", &["--quiet", "-"], b"536208417".to_vec()),
        (
            "quartiles",
            &["--file", "-"],
            b"azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment".to_vec(),
        ),
        (
            "sudoku",
            &["-s", "-", "--count"],
            file("sudoku/bad_multi_16clue.txt"),
        ),
    ];
    for (name, args, input) in runs {
        let mut cmd = program(name);
        cmd.args(args);
        let out = piped(cmd, &input);
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!out.stdout.is_empty(), "{name} printed nothing");
    }
}
