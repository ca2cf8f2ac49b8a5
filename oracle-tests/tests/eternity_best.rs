//! The best score-search boards kept in the repository (testdata/eternity/best/), each checked
//! from its JSON alone: the score is recomputed here from the puzzle's piece list, without
//! eternity-solver's scoring code, so a bug there cannot hide a wrong figure.

use oracle_tests::testdata_path;
use serde_json::Value;

const SIDE: usize = 16;
/// Inner edges of a 16 x 16 board: 15 between the columns and 15 between the rows, 16 each.
const INNER_EDGES: u64 = 2 * (SIDE as u64) * (SIDE as u64 - 1);

fn read_json(rel: &str) -> Value {
    let path = testdata_path(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn number(v: &Value) -> usize {
    usize::try_from(v.as_u64().expect("a whole number")).expect("fits a usize")
}

/// `[up, right, down, left]` after `rot` clockwise quarter turns: turning once brings the left
/// edge to the top.
fn turned(edges: [usize; 4], rot: usize) -> [usize; 4] {
    std::array::from_fn(|side| edges[(side + 4 - rot % 4) % 4])
}

#[test]
fn the_460_board_on_the_official_centre_puzzle_rechecks() {
    recheck("eternity/best/e2-official-centre-460.json", 460);
}

#[test]
fn the_461_board_on_the_official_centre_puzzle_rechecks() {
    recheck("eternity/best/e2-official-centre-461.json", 461);
}

/// Checks the board in `best` (a path under testdata) against the official puzzle with its
/// centre piece: every piece once, the clue kept, the rim rule, and `score` matched edges,
/// recomputed here and equal to the score the file states.
fn recheck(best: &str, score: u64) {
    let puzzle = read_json("eternity/official/e2-official-centre.json");
    let best = read_json(best);
    let pieces: Vec<[usize; 4]> = puzzle["pieces"]
        .as_array()
        .expect("pieces")
        .iter()
        .map(|p| std::array::from_fn(|i| number(&p[i])))
        .collect();
    assert_eq!(pieces.len(), SIDE * SIDE);
    let cells: Vec<(usize, usize)> = best["board"]
        .as_array()
        .expect("board")
        .iter()
        .map(|c| (number(&c[0]), number(&c[1])))
        .collect();
    assert_eq!(cells.len(), SIDE * SIDE, "a complete board");

    let mut used = vec![false; pieces.len()];
    for &(piece, _) in &cells {
        assert!(!used[piece], "piece {piece} placed twice");
        used[piece] = true;
    }
    for hint in puzzle["hints"].as_array().expect("hints") {
        let cell = cells[number(&hint["pos"])];
        assert_eq!(
            cell,
            (number(&hint["piece"]), number(&hint["rot"])),
            "the clue is kept"
        );
    }

    let edges: Vec<[usize; 4]> = cells
        .iter()
        .map(|&(piece, rot)| turned(pieces[piece], rot))
        .collect();
    let (up, right, down, left) = (0, 1, 2, 3);
    for (cell, e) in edges.iter().enumerate() {
        let (row, col) = (cell / SIDE, cell % SIDE);
        // The rim: grey (colour 0) faces the frame, and only the frame.
        assert_eq!(e[up] == 0, row == 0, "cell {cell} up");
        assert_eq!(e[down] == 0, row == SIDE - 1, "cell {cell} down");
        assert_eq!(e[left] == 0, col == 0, "cell {cell} left");
        assert_eq!(e[right] == 0, col == SIDE - 1, "cell {cell} right");
    }
    let mut matched = 0;
    for cell in 0..SIDE * SIDE {
        let (row, col) = (cell / SIDE, cell % SIDE);
        if col + 1 < SIDE && edges[cell][right] == edges[cell + 1][left] {
            matched += 1;
        }
        if row + 1 < SIDE && edges[cell][down] == edges[cell + SIDE][up] {
            matched += 1;
        }
    }
    assert_eq!(matched, score, "matched inner edges of {INNER_EDGES}");
    assert_eq!(
        best["score"].as_u64(),
        Some(matched),
        "the score the file states"
    );
}
