//! The programs against a careless or hostile command line: outputs written through symbolic
//! links (the link stays, its target gets the data), options that do not apply to the chosen
//! mode or engine refused as usage errors (status 2) instead of silently ignored, and errors
//! that name the path at fault.

use std::process::Output;

mod common;
use common::program;

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("hostile-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

fn run(name: &str, args: &[&str]) -> Output {
    program(name).args(args).output().expect("the program runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs each `(program, args, says)` and checks that it ends with `status` and that its
/// stderr contains `says`.
fn expect_failures(cases: &[(&str, &[&str], &str)], status: i32) {
    for (name, args, says) in cases {
        let out = run(name, args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(status), "{name} {args:?}: {err}");
        assert!(err.contains(says), "{name} {args:?}: {err}");
    }
}

#[cfg(unix)]
#[test]
fn an_output_through_a_symbolic_link_writes_the_target_and_keeps_the_link() {
    let dir = scratch("link");
    let (real, link) = (dir.join("real.txt"), dir.join("lnk.txt"));
    std::fs::write(&real, "old").unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let out = run("sudoku", &["-c", "2", "-o", link.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::metadata(&real).unwrap().len(), 163 * 2 - 1);
    // The same for a picture.
    let svg_link = dir.join("pic.svg");
    let svg_real = dir.join("pic-real.svg");
    std::fs::write(&svg_real, "").unwrap();
    std::os::unix::fs::symlink(&svg_real, &svg_link).unwrap();
    let out = run(
        "block_fill",
        &[
            "testdata/hamilton/s6_3.txt",
            "--svg",
            svg_link.to_str().unwrap(),
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        std::fs::symlink_metadata(&svg_link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        std::fs::read_to_string(&svg_real)
            .unwrap()
            .starts_with("<svg")
    );
}

#[test]
fn options_of_another_mode_are_usage_errors() {
    let cases: &[(&str, &[&str], &str)] = &[
        (
            "sudoku",
            &["-c", "1", "--count"],
            "--count does not apply to -c",
        ),
        (
            "sudoku",
            &["-c", "1", "--svg", "x.svg"],
            "--svg does not apply to -c",
        ),
        (
            "sudoku",
            &["-c", "1", "--steps"],
            "--steps does not apply to -c",
        ),
        (
            "sudoku",
            &["--rate", "x.txt", "--count"],
            "--count does not apply to --rate",
        ),
        (
            "sudoku",
            &["-s", "x.txt", "--difficulty", "hard"],
            "--difficulty does not apply to -s",
        ),
        (
            "eternity",
            &["x.json", "--best", "b.json", "--seed", "5"],
            "applies to --engine score only",
        ),
        (
            "eternity",
            &["x.json", "--group", "3"],
            "--group applies to --engine codegen only",
        ),
        (
            "eternity",
            &["x.json", "--engine", "score", "--restart-nodes", "0"],
            "0 is not in 1..",
        ),
        (
            "block_fill",
            &["x.txt", "--all", "--limit", "0"],
            "0 is not in 1..",
        ),
    ];
    expect_failures(cases, 2);
}

#[test]
fn errors_name_the_path_at_fault() {
    let h52 = "testdata/eternity/oracles/bench-easy-h52.json";
    let cases: &[(&str, &[&str], &str)] = &[
        (
            "eternity",
            &[
                h52,
                "--engine",
                "codegen",
                "--emit-src",
                "/missing/x.rs",
                "--quiet",
            ],
            "--emit-src /missing/x.rs: ",
        ),
        (
            "eternity",
            &[
                h52,
                "--engine",
                "score",
                "--best",
                "/missing/b.json",
                "--max-nodes",
                "1000",
                "--quiet",
            ],
            "--best /missing/b.json: ",
        ),
        (
            "slide",
            &[
                "--pdb-dir",
                "/proc/version",
                "--size",
                "4x4",
                "--goal-blank-first",
                "--heuristic",
                "pdb663",
                "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15",
            ],
            "/proc/version",
        ),
    ];
    expect_failures(cases, 1);
    // A kernel file is written directly and fails with the kernel's reason, not a missing
    // temporary file's "No such file or directory".
    let out = run("sudoku", &["-c", "2", "-o", "/proc/version"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!stderr(&out).contains("No such file"), "{}", stderr(&out));
}

#[test]
fn a_huge_token_comes_back_as_a_short_excerpt() {
    let dir = scratch("huge");
    let token = "a".repeat(1_000_000);
    let board = dir.join("board.txt");
    std::fs::write(&board, &token).unwrap();
    let json = dir.join("board.json");
    std::fs::write(&json, format!("{{\"width\": 2, \"height\": \"{token}\"}}")).unwrap();
    let (b, j) = (board.to_str().unwrap(), json.to_str().unwrap());
    let cases: &[(&str, &[&str])] = &[
        ("quartiles", &["--file", b]),
        ("eternity", &[b, "--quiet"]),
        ("eternity", &[j, "--quiet"]),
    ];
    for (name, args) in cases {
        let out = run(name, args);
        assert_eq!(out.status.code(), Some(1), "{name} {args:?}");
        let err = stderr(&out);
        assert!(err.len() < 400, "{name}: {} bytes of error", err.len());
        assert!(
            err.contains("(1000000 characters)") || err.contains("characters)"),
            "{err}"
        );
    }
}

#[test]
fn a_huge_argument_comes_back_as_a_short_excerpt_in_a_usage_error() {
    let huge = "y".repeat(100_000);
    let flag = format!("--{huge}");
    for (name, args) in [
        ("slide", vec!["--engine", huge.as_str(), "8672543x1"]),
        (
            "block_fill",
            vec!["--max-states", huge.as_str(), "--count", "-"],
        ),
        ("sudoku", vec!["-c", huge.as_str()]),
        ("eternity", vec!["--engine", huge.as_str(), "-"]),
        ("quartiles", vec!["--seed-board", flag.as_str()]),
    ] {
        let out = run(name, &args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{name}: {err:.300}");
        assert!(err.len() < 600, "{name}: {} bytes: {err:.300}", err.len());
        assert!(err.contains("characters)"), "{name}: {err}");
    }
}

#[test]
fn a_picture_is_refused_where_nothing_would_be_drawn() {
    for mode in ["--count", "--all"] {
        let out = run(
            "block_fill",
            &[mode, "--svg", "x.svg", "testdata/hamilton/s6_3.txt"],
        );
        assert_eq!(out.status.code(), Some(2), "{mode}: {}", stderr(&out));
        assert!(stderr(&out).contains("--svg"), "{}", stderr(&out));
    }
}

#[test]
fn a_polish_window_budget_past_its_limit_is_a_usage_error() {
    let out = run(
        "eternity",
        &[
            "testdata/eternity/official/e2-official-clues.json",
            "--engine",
            "score",
            "--window-nodes",
            "18446744073709551615",
            "--budget-s",
            "3",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("1..=1000000"), "{}", stderr(&out));
}
