//! Every example program takes `--svg FILE` and writes a picture there: a well-formed SVG
//! document of its own kind (the demo writes a folder of them and an `index.html`).

mod common;
use common::program;

use std::path::Path;
use std::process::Stdio;

/// Runs `name` with `args` and `--svg` into `dir`, and returns the picture's text.
fn picture(dir: &Path, name: &str, args: &[&str]) -> String {
    let file = dir.join(format!("{name}.svg"));
    let out = program(name)
        .args(args)
        .arg("--svg")
        .arg(&file)
        .stdin(Stdio::null())
        .output()
        .expect("the program runs");
    assert!(
        out.status.success(),
        "{name} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(
        svg.contains("<svg") && svg.trim_end().ends_with("</svg>"),
        "{name}: not an SVG"
    );
    svg
}

#[test]
fn every_program_draws_with_svg() {
    let dir = std::env::temp_dir().join(format!("example-pictures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let runs: &[(&str, &[&str])] = &[
        ("block_fill", &["testdata/hamilton/s6_1.txt"]),
        (
            "eternity",
            &["--quiet", "testdata/eternity/oracles/bench-easy-h52.json"],
        ),
        ("quartiles", &["--public", "xebia-1"]),
        ("quartiles_tui", &["--headless"]),
        ("slide", &["--quiet", "536208417"]),
        (
            "sudoku",
            &["-s", "testdata/sudoku/bad_multi_16clue.txt", "-o"],
        ),
    ];
    for (name, args) in runs {
        let mut args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        if *name == "sudoku" {
            args.push(dir.join("solved.txt").display().to_string());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let svg = picture(&dir, name, &args);
        assert!(svg.len() > 500, "{name}: a picture of {} bytes", svg.len());
    }
    // The score search draws its best board.
    let svg = picture(
        &dir,
        "eternity",
        &[
            "--quiet",
            "testdata/eternity/eternity2dev-instances/e2-clue-clue1.json",
            "--engine",
            "score",
            "--max-nodes",
            "200000",
        ],
    );
    assert!(
        svg.contains("<polygon") || svg.contains("<path"),
        "no pieces drawn"
    );
    // The demo writes one picture per solver and a page showing them.
    let demo = dir.join("demo");
    let out = program("demo").arg("--svg").arg(&demo).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pictures = std::fs::read_dir(&demo)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "svg")
        })
        .count();
    assert!(pictures >= 5, "{pictures} pictures");
    assert!(demo.join("index.html").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
