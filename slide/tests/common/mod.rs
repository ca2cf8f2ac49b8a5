//! Helpers shared by the integration tests: test data and an independent move checker.
#![allow(dead_code)]

use std::collections::HashMap;
use std::path::PathBuf;

use slide_solver::{Board, Direction};

pub fn testdata(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../testdata/slide")
        .join(name)
}

pub fn read(name: &str) -> String {
    std::fs::read_to_string(testdata(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
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

/// A Korf instance: id, optimal length, Korf's 1985 IDA*+Manhattan node count, tiles.
pub struct Korf {
    pub id: usize,
    pub optimal: usize,
    pub korf_nodes: u64,
    pub tiles: Vec<u8>,
}

/// The rows of a Korf-style instance file (`id optimal [more numbers] | tiles`, `#`
/// comments): the numbers before the bar, and the tiles.
fn korf_rows(name: &str) -> Vec<(Vec<u64>, Vec<u8>)> {
    read(name)
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (head, tiles) = l.split_once('|').expect("a | separator");
            let head = head
                .split_whitespace()
                .map(|x| x.parse().unwrap())
                .collect();
            let tiles = tiles
                .split_whitespace()
                .map(|x| x.parse().unwrap())
                .collect();
            (head, tiles)
        })
        .collect()
}

/// Reads `korf100.txt` (goal: blank first).
pub fn korf100() -> Vec<Korf> {
    korf_rows("korf100.txt")
        .into_iter()
        .map(|(h, tiles)| Korf {
            id: h[0] as usize,
            optimal: h[1] as usize,
            korf_nodes: h[2],
            tiles,
        })
        .collect()
}

/// Reads `korf100_goal_blank_last.txt` as (id, optimal, tiles).
pub fn korf100_blank_last() -> Vec<(usize, usize, Vec<u8>)> {
    id_optimal_tiles("korf100_goal_blank_last.txt")
}

/// A Korf-style file as (id, optimal, tiles).
fn id_optimal_tiles(name: &str) -> Vec<(usize, usize, Vec<u8>)> {
    korf_rows(name)
        .into_iter()
        .map(|(h, tiles)| (h[0] as usize, h[1] as usize, tiles))
        .collect()
}

/// The 181,440 solvable 8-puzzle states (goal `123456780`) with their optimal distances.
pub fn eight_puzzle_all() -> Vec<([u8; 9], usize)> {
    read("eightpuzzle_all_distances.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (s, d) = l.split_once(' ').expect("state and distance");
            let mut t = [0u8; 9];
            for (i, ch) in s.bytes().enumerate() {
                t[i] = ch - b'0';
            }
            (t, d.trim().parse().unwrap())
        })
        .collect()
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

/// Reads `korf_felner_24puzzle_50.txt` as (id, optimal, tiles); goal `0 1 ... 24`.
pub fn korf_felner_24() -> Vec<(usize, usize, Vec<u8>)> {
    id_optimal_tiles("korf_felner_24puzzle_50.txt")
}
