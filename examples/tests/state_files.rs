//! `eternity --resume` on a damaged state file: truncated, corrupted, foreign, of another
//! version or of another puzzle. Each is refused with one line naming the problem and a failure
//! status, and no result line: never a wrong total.

use std::path::PathBuf;
use std::process::Command;

mod common;

fn eternity() -> Command {
    common::program("eternity")
}

const PUZZLE: &str = "testdata/eternity/oracles/bench-easy-h52.json";

#[test]
fn damaged_state_files_are_refused_with_a_clear_error() {
    let dir = std::env::temp_dir().join(format!("state-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let state = dir.join("state");
    let saved = eternity()
        .args(["--quiet", "--max-nodes", "5000", PUZZLE, "--save"])
        .arg(&state)
        .output()
        .unwrap();
    assert!(saved.status.success());
    let good = std::fs::read_to_string(&state).unwrap();
    assert!(good.contains("checkpoint 1"), "{good}");

    let other = dir.join("other");
    let saved = eternity()
        .args(["--quiet", "--max-nodes", "5000"])
        .arg("testdata/eternity/oracles/bench-easy-h40.json")
        .arg("--save")
        .arg(&other)
        .output()
        .unwrap();
    assert!(saved.status.success());

    let cases: Vec<(&str, String)> = vec![
        ("empty", String::new()),
        ("truncated", good[..good.len() / 2].to_string()),
        ("truncated by a byte", good[..good.len() - 1].to_string()),
        (
            "a changed count",
            good.replacen("nodes 5000", "nodes 5001", 1),
        ),
        ("a changed body", good.replacen("mode all", "mode first", 1)),
        (
            "another format version",
            good.replacen("checkpoint 1", "checkpoint 2", 1),
        ),
        (
            "another kind",
            good.replacen("eternity-solver/dfs", "sudoku/dfs", 1),
        ),
        (
            "a foreign file",
            std::fs::read_to_string(
                PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                    .join("..")
                    .join(PUZZLE),
            )
            .unwrap(),
        ),
        (
            "another puzzle's state",
            std::fs::read_to_string(&other).unwrap(),
        ),
    ];
    for (what, text) in cases {
        let path = dir.join("damaged");
        std::fs::write(&path, &text).unwrap();
        let out = eternity()
            .args(["--quiet", PUZZLE, "--resume"])
            .arg(&path)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{what}: {stderr}");
        assert!(
            !stdout.contains("nodes="),
            "{what}: a total was printed: {stdout}"
        );
        assert_eq!(stderr.lines().count(), 1, "{what}: {stderr}");
        assert!(stderr.starts_with("eternity: "), "{what}: {stderr}");
        assert!(!stderr.contains("panicked"), "{what}: {stderr}");
    }
    // The good state still resumes to the straight total.
    let resumed = eternity()
        .args(["--quiet", PUZZLE, "--resume"])
        .arg(&state)
        .output()
        .unwrap();
    let straight = eternity().args(["--quiet", PUZZLE]).output().unwrap();
    let totals = |o: &std::process::Output| {
        let t = String::from_utf8_lossy(&o.stdout).into_owned();
        t.lines()
            .last()
            .unwrap_or_default()
            .split(" cpu_s")
            .next()
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(totals(&resumed), totals(&straight));
    std::fs::remove_dir_all(&dir).unwrap();
}
