//! Small boards shipped with the crate (`tests/data/`, from the repository's shared test
//! boards): every solvable board solved (the path replayed by a checker that shares no code
//! with the crate), every impossible one proved impossible, path counts reproduced by the
//! counter and by both enumerators. The large boards are checked by the repository's oracle
//! tests.

use hamilton_solver::count::count;
use hamilton_solver::{Engine, Grid, Impossible, Paths, Pos, Solver};

/// A board: its file name and text, its tiles, whether it has a path, and how many paths run
/// from its start (to any end).
struct Board {
    name: &'static str,
    text: &'static str,
    cells: usize,
    sat: bool,
    paths: u64,
}

macro_rules! board {
    ($name:literal, $cells:expr, $sat:expr, $paths:expr) => {
        Board {
            name: $name,
            text: include_str!(concat!("data/", $name)),
            cells: $cells,
            sat: $sat,
            paths: $paths,
        }
    };
}

const BOARDS: [Board; 12] = [
    board!("s6_1.txt", 31, true, 445),
    board!("s6_2.txt", 31, true, 1340),
    board!("s6_3.txt", 31, true, 21),
    board!("s8_1.txt", 54, true, 200),
    board!("s8_3.txt", 54, true, 4535),
    board!("p6_1.txt", 32, false, 0),
    board!("p8_1.txt", 55, false, 0),
    board!("m6_3.txt", 31, false, 0),
    board!("m8_4.txt", 54, false, 0),
    board!("m8_6.txt", 54, false, 0),
    board!("full_c4.txt", 16, true, 52),
    board!("full_c5.txt", 25, true, 824),
];

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
    if cells.first().and_then(|&p| at(p)) != Some('X') {
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
    for b in &BOARDS {
        let grid = Grid::parse(b.text).expect("board parses");
        assert_eq!(grid.tile_count(), b.cells, "{}", b.name);
        match Solver::new(&grid).solve() {
            Ok(path) => {
                assert!(b.sat, "{}: a path on an impossible board", b.name);
                replay(b.text, path.cells()).unwrap_or_else(|m| panic!("{}: {m}", b.name));
            }
            Err(why) => {
                assert!(!b.sat, "{}: no path found: {why}", b.name);
                if b.name.starts_with('p') {
                    assert!(matches!(why, Impossible::Parity(_)), "{}: {why}", b.name);
                }
            }
        }
    }
}

#[test]
fn counts_and_enumerations_agree_with_the_recorded_counts() {
    for b in &BOARDS {
        let grid = Grid::parse(b.text).expect("board parses");
        assert_eq!(count(&grid).unwrap(), u128::from(b.paths), "{}", b.name);
        let mut n = 0u64;
        for p in Paths::new(&grid) {
            if n < 50 {
                replay(b.text, p.cells()).unwrap_or_else(|m| panic!("{}: {m}", b.name));
            }
            n += 1;
        }
        assert_eq!(n, b.paths, "{}", b.name);
        // the plain backtracker on the boards it finishes in well under a second
        if b.cells <= 32 {
            let slow = Paths::with_engine(&grid, Engine::Baseline).count() as u64;
            assert_eq!(slow, b.paths, "{} (baseline)", b.name);
        }
    }
}
