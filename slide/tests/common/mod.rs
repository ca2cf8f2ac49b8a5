//! Helpers shared by the integration tests: small built-in instances, an independent move
//! checker and full breadth-first distances of small boards.
#![allow(dead_code)]

use std::collections::HashMap;

use slide_solver::{Board, Direction};

/// Slidr's nine benchmark 8-puzzles (goal `12345678x`): name, optimal length (checked by a
/// full breadth-first search), compact board.
pub const SLIDR_BENCH9: [(&str, usize, &str); 9] = [
    ("easy0", 12, "135872x46"),
    ("easy1", 16, "74152386x"),
    ("easy2", 18, "2314x8576"),
    ("mid0", 20, "1274x5836"),
    ("mid1", 22, "17x843526"),
    ("mid2", 24, "7326x5814"),
    ("mid3", 26, "x84762135"),
    ("hard0", 31, "8672543x1"),
    ("hard1", 31, "64785x321"),
];

/// A Korf instance: id, optimal length, tiles (goal `0 1 ... 15`, blank first).
pub struct Korf {
    pub id: usize,
    pub optimal: usize,
    pub tiles: Vec<u8>,
}

/// Eight of Korf's 100 15-puzzles (Korf 1985), the ones IDA* with the 6-6-3 databases solves
/// in well under a second each; goal `0 1 ... 15` (blank first).
const KORF_EASY: [(usize, usize, &str); 8] = [
    (9, 46, "3 14 9 11 5 4 8 2 13 12 6 7 10 1 15 0"),
    (12, 45, "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15"),
    (13, 46, "3 6 5 2 10 0 15 14 1 4 13 12 9 8 11 7"),
    (19, 46, "7 11 8 3 14 0 6 15 1 4 13 9 5 12 2 10"),
    (2, 55, "13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6"),
    (18, 55, "6 0 14 12 1 15 9 10 11 4 7 2 8 3 5 13"),
    (22, 59, "14 3 9 1 15 8 4 5 11 7 10 13 0 2 12 6"),
    (28, 52, "13 14 6 12 4 5 1 0 9 3 10 2 15 11 8 7"),
];

/// Korf's instances 9 and 12 mapped to the goal `1 2 ... 15 0` (blank last) by a half turn
/// and tile `t -> 16 - t`, which keeps the optimal length.
const KORF_EASY_BLANK_LAST: [(usize, usize, &str); 2] = [
    (9, 46, "0 1 15 6 9 10 4 3 14 8 12 11 5 7 2 13"),
    (12, 45, "1 3 5 6 0 13 14 9 11 4 8 12 10 7 15 2"),
];

fn tiles(text: &str) -> Vec<u8> {
    text.split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect()
}

fn korf_rows(rows: &[(usize, usize, &str)]) -> Vec<Korf> {
    rows.iter()
        .map(|&(id, optimal, t)| Korf {
            id,
            optimal,
            tiles: tiles(t),
        })
        .collect()
}

/// [`KORF_EASY`], blank-first goal.
pub fn korf_easy() -> Vec<Korf> {
    korf_rows(&KORF_EASY)
}

/// [`KORF_EASY_BLANK_LAST`], blank-last goal.
pub fn korf_easy_blank_last() -> Vec<Korf> {
    korf_rows(&KORF_EASY_BLANK_LAST)
}

/// Plays blank moves given as `URDL` letters on plain tiles (0 = blank), without using the
/// crate's board code. Panics when a move leaves the board.
pub fn replay(tiles: &[u8], width: usize, letters: &str) -> Vec<u8> {
    let mut t = tiles.to_vec();
    let height = t.len() / width;
    let mut b = t.iter().position(|&x| x == 0).expect("a blank");
    for ch in letters.chars() {
        let (r, c) = (b / width, b % width);
        let to = match ch {
            'U' if r > 0 => b - width,
            'D' if r + 1 < height => b + width,
            'L' if c > 0 => b - 1,
            'R' if c + 1 < width => b + 1,
            _ => panic!("move {ch} from cell {b} leaves the board"),
        };
        t.swap(b, to);
        b = to;
    }
    t
}

/// BFS distance to `goal` of every state reachable from it, keyed by packed board.
pub fn bfs(goal: Board) -> HashMap<u128, u32> {
    let mut dist = HashMap::new();
    dist.insert(goal.packed(), 0);
    let mut frontier = vec![goal];
    let mut d = 0;
    while !frontier.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for b in frontier {
            for dir in Direction::ALL {
                if let Some(c) = b.moved(dir) {
                    dist.entry(c.packed()).or_insert_with(|| {
                        next.push(c);
                        d
                    });
                }
            }
        }
        frontier = next;
    }
    dist
}

/// A random solvable state: a walk of blank moves from `goal` (impossible ones skipped).
pub fn walk(goal: Board, steps: &[u8]) -> Board {
    let mut b = goal;
    for &s in steps {
        if let Some(c) = b.moved(Direction::ALL[s as usize % 4]) {
            b = c;
        }
    }
    b
}
