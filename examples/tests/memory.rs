//! Every program under a 2 GB address-space limit (`ulimit -v 2000000`), on hostile input of
//! each kind: an endless input (`/dev/zero`, as a file and as standard input), a board too
//! big to lay out, and searches whose memory grows with their work. Each ends with a one-line
//! error and its failure status, never a signal: memory that grows is capped or reserved
//! fallibly, and reaching the cap is an error that names it.

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

mod common;
use common::program;

/// The address-space limit of every run, in kilobytes, as `ulimit -v` takes it.
const LIMIT_KB: u64 = 2_000_000;

/// A case: program, arguments, standard input, exit status, what the error says.
type Case<'a> = (&'a str, &'a [&'a str], Option<&'a Path>, i32, &'a str);

fn scratch() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("memory-limits");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// Runs program `name` with `args` under the limit (through the shell's `ulimit`), standard
/// input from `stdin` or nothing.
fn limited(name: &str, args: &[&str], stdin: Option<&Path>) -> Output {
    let template = program(name);
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!("ulimit -v {LIMIT_KB} && exec \"$@\""))
        .arg("sh")
        .arg(template.get_program())
        .args(args);
    if let Some(dir) = template.get_current_dir() {
        cmd.current_dir(dir);
    }
    for (key, value) in template.get_envs() {
        if let Some(value) = value {
            cmd.env(key, value);
        }
    }
    cmd.stdin(match stdin {
        Some(path) => Stdio::from(std::fs::File::open(path).expect("the input opens")),
        None => Stdio::null(),
    });
    cmd.output().expect("the program runs")
}

#[test]
#[cfg_attr(
    not(target_os = "linux"),
    ignore = "reads /dev/zero and relies on Linux's ulimit -v"
)]
fn every_program_refuses_hostile_input_in_one_line_under_a_memory_limit() {
    let dir = scratch();
    let full20 = dir.join("full20.txt");
    std::fs::write(
        &full20,
        format!("X{}\n", "x".repeat(19)) + &format!("{}\n", "x".repeat(20)).repeat(19),
    )
    .unwrap();
    let huge_board = dir.join("board4000.txt");
    let row = format!("{}\n", "x".repeat(4000));
    std::fs::write(&huge_board, format!("X{}", &row[1..]) + &row.repeat(3999)).unwrap();
    // One 50 MB "word": building the word map for it took gigabytes; no board can play it,
    // so it is skipped (checked apart below: the run succeeds).
    let one_word = dir.join("one-word.txt");
    std::fs::write(&one_word, "a".repeat(50_000_000) + "\n").unwrap();
    let (full20, huge_board) = (full20.to_str().unwrap(), huge_board.to_str().unwrap());
    let zero = Path::new("/dev/zero");
    // A hard 15-puzzle (Korf's instance 1): A* with Manhattan distance stores tens of
    // millions of nodes on it.
    let hard = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";

    // (program, arguments, standard input, status, what the error says). block_fill keeps
    // its documented status 2 for a board it cannot read; every other failure is status 1.
    let cases: &[Case] = &[
        ("sudoku", &["-s", "/dev/zero"], None, 1, "more than"),
        ("sudoku", &["--rate", "/dev/zero"], None, 1, "longer than"),
        ("sudoku", &["-s", "-"], Some(zero), 1, "longer than"),
        ("eternity", &["/dev/zero"], None, 1, "longer than"),
        ("eternity", &["-"], Some(zero), 1, "longer than"),
        (
            "quartiles",
            &["--file", "/dev/zero"],
            None,
            1,
            "longer than",
        ),
        (
            "quartiles",
            &["--words", "/dev/zero", "--seed-board"],
            None,
            1,
            "longer than",
        ),
        ("slide", &["-"], Some(zero), 1, "longer than"),
        ("block_fill", &["/dev/zero"], None, 2, "longer than"),
        ("block_fill", &["-"], Some(zero), 2, "longer than"),
        ("block_fill", &[huge_board], None, 2, "at most 4194304"),
        (
            "block_fill",
            &["--count", full20],
            None,
            1,
            "frontier states",
        ),
        (
            "slide",
            &[
                "--engine",
                "astar",
                "--heuristic",
                "manhattan",
                "--goal-blank-first",
                hard,
            ],
            None,
            1,
            "memory limit",
        ),
    ];
    for (name, args, stdin, status, says) in cases {
        let out = limited(name, args, *stdin);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            out.status.code(),
            Some(*status),
            "{name} {args:?}: ended by {:?}: {err}",
            out.status
        );
        assert_eq!(err.trim_end().lines().count(), 1, "{name} {args:?}: {err}");
        assert!(err.contains(says), "{name} {args:?}: {err}");
        assert!(
            err.starts_with(&format!("{name}: ")),
            "{name} {args:?}: {err}"
        );
    }
}
