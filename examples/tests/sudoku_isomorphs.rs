//! `sudoku --isomorphs FILE`: every puzzle moved by its own symmetry, in the input's format,
//! the same file for the same seed, and the same verdicts when counted again.

mod common;
use common::{program, testdata};

use std::path::Path;

use sudoku_engine::Solver;
use sudoku_engine::io::read_puzzles;

fn isomorphs(input: &Path, seed: &str, output: &Path) -> String {
    let out = program("sudoku")
        .arg("--isomorphs")
        .arg(input)
        .args(["--seed", seed, "-o"])
        .arg(output)
        .output()
        .expect("the program runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read_to_string(output).expect("the output file")
}

#[test]
fn isomorphs_keep_the_format_and_the_verdicts() {
    let dir = std::env::temp_dir().join(format!("sudoku-isomorphs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut solver = Solver::new();
    for file in [
        "sudoku/bad_multi_16clue.txt",
        "sudoku/bad_unsat_wrongclue.txt",
        "sudoku/top1465_course_format.txt",
    ] {
        let input = testdata().join(file);
        let text = std::fs::read_to_string(&input).unwrap();
        let (grids, format) = read_puzzles(&text, None).unwrap();
        let a = isomorphs(&input, "7", &dir.join("a.txt"));
        let b = isomorphs(&input, "7", &dir.join("b.txt"));
        let c = isomorphs(&input, "8", &dir.join("c.txt"));
        assert_eq!(a, b, "{file}: the same seed, the same file");
        assert_ne!(a, c, "{file}: another seed, other moves");
        let (moved, moved_format) = read_puzzles(&a, None).unwrap();
        assert_eq!(moved_format, format, "{file}");
        assert_eq!(moved.len(), grids.len(), "{file}");
        for (k, (g, m)) in grids.iter().zip(&moved).enumerate() {
            assert_ne!(g, m, "{file} puzzle {}", k + 1);
            assert_eq!(g.givens(), m.givens(), "{file} puzzle {}", k + 1);
            assert_eq!(
                solver.count(g, 2).verdict(),
                solver.count(m, 2).verdict(),
                "{file} puzzle {}",
                k + 1
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn isomorphs_never_overwrite_the_input() {
    let dir = std::env::temp_dir().join(format!("sudoku-isomorphs-in-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("in.txt");
    std::fs::copy(testdata().join("sudoku/bad_multi_16clue.txt"), &input).unwrap();
    let before = std::fs::read(&input).unwrap();
    let out = program("sudoku")
        .arg("--isomorphs")
        .arg(&input)
        .arg("-o")
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("would overwrite the input"));
    assert_eq!(std::fs::read(&input).unwrap(), before);
    std::fs::remove_dir_all(&dir).unwrap();
}
