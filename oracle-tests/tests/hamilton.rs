//! hamilton-solver against the shared test boards in `testdata/hamilton`: every solvable
//! board solved (answers replayed by an independent checker), every impossible board proved
//! impossible, path counts reproduced by the counter and the enumerator.

use std::path::PathBuf;

use hamilton_solver::count::count;
use hamilton_solver::{Grid, Impossible, Paths, Pos, Solver};

fn dir() -> PathBuf {
    oracle_tests::testdata_path("hamilton")
}

/// One line of `manifest.tsv`.
struct Entry {
    file: String,
    cells: usize,
    sat: bool,
    count: Option<u64>,
}

fn manifest() -> Vec<Entry> {
    let text = std::fs::read_to_string(dir().join("manifest.tsv")).expect("manifest.tsv");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Entry {
                file: f[0].to_string(),
                cells: f[1].parse().expect("cells"),
                sat: f[2] == "SAT",
                count: f[3].parse().ok(),
            }
        })
        .collect()
}

fn board(name: &str) -> (String, Grid) {
    let text = std::fs::read_to_string(dir().join(name)).expect("board file");
    let grid = Grid::parse(&text).expect("board parses");
    (text, grid)
}

/// Replays a path on the raw text, sharing no code with the crate: starts on `X`, steps to a
/// neighbour each time, never leaves the tiles, never revisits, covers every tile.
fn replay(text: &str, cells: &[Pos]) -> Result<(), String> {
    let rows: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    let at = |p: Pos| rows.get(p.row).and_then(|r| r.get(p.col)).copied();
    let tiles = rows
        .iter()
        .flatten()
        .filter(|c| **c == 'x' || **c == 'X')
        .count();
    if at(cells[0]) != Some('X') {
        return Err("does not begin on X".into());
    }
    let mut seen = std::collections::BTreeSet::new();
    for (i, &p) in cells.iter().enumerate() {
        if !matches!(at(p), Some('x') | Some('X')) {
            return Err(format!("step {i} is not on a tile"));
        }
        if !seen.insert((p.row, p.col)) {
            return Err(format!("step {i} revisits a tile"));
        }
        if i > 0 {
            let q = cells[i - 1];
            if q.row.abs_diff(p.row) + q.col.abs_diff(p.col) != 1 {
                return Err(format!("step {i} jumps"));
            }
        }
    }
    if seen.len() != tiles {
        return Err(format!("covers {} of {tiles} tiles", seen.len()));
    }
    Ok(())
}

#[test]
fn every_board_solved_or_proved_impossible() {
    // the 30x30 and 40x40 boards take milliseconds since the constructive attempt
    solve_all(|_| true);
}

fn solve_all(pick: impl Fn(&Entry) -> bool) {
    for e in manifest().into_iter().filter(|e| pick(e)) {
        let (text, grid) = board(&e.file);
        assert_eq!(grid.tile_count(), e.cells, "{}", e.file);
        let result = Solver::new(&grid).solve();
        match result {
            Ok(path) => {
                assert!(e.sat, "{}: found a path on an impossible board", e.file);
                replay(&text, path.cells()).unwrap_or_else(|m| panic!("{}: {m}", e.file));
            }
            Err(why) => {
                assert!(!e.sat, "{}: no path found: {why}", e.file);
                if e.file.starts_with('p') {
                    assert!(matches!(why, Impossible::Parity(_)), "{}: {why}", e.file);
                }
            }
        }
    }
}

#[test]
fn enumerator_reproduces_small_counts() {
    for e in manifest() {
        let Some(count) = e.count else { continue };
        if count > 50_000 {
            continue;
        }
        let (text, grid) = board(&e.file);
        let mut n = 0u64;
        for p in Paths::new(&grid) {
            if n < 50 {
                replay(&text, p.cells()).unwrap_or_else(|m| panic!("{}: {m}", e.file));
            }
            n += 1;
        }
        assert_eq!(n, count, "{}", e.file);
    }
}

#[test]
fn manifest_counts() {
    let mut checked = 0;
    for e in manifest() {
        let Some(expected) = e.count else { continue };
        let (_, grid) = board(&e.file);
        assert_eq!(count(&grid).unwrap(), u128::from(expected), "{}", e.file);
        checked += 1;
    }
    assert_eq!(checked, 23);
}

/// The enumerator on the manifest's boards with 1.1 and 1.5 million paths (about 40 s).
#[test]
#[ignore = "about 40 s in release: 1.1 and 1.5 million paths enumerated one by one"]
fn enumerator_matches_count_on_large_manifest_boards() {
    for name in ["s10_1.txt", "full_c7.txt"] {
        let (_, grid) = board(name);
        let n = Paths::new(&grid).count() as u128;
        assert_eq!(count(&grid).unwrap(), n, "{name}");
    }
}
