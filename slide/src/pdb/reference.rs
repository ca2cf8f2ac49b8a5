//! The first table builder, kept as the test oracle of [`super::build`]: a breadth-first
//! search with a queue of (rank, blank region) nodes, unranking every node and flood-filling
//! the blank's region cell by cell after every move. Simple and slow (single thread).

use super::{UNSEEN, placements, rank};
use crate::board::MAX_CELLS;
use crate::state::{Geometry, NONE};

pub(super) fn unrank(mut r: usize, n: usize, k: usize, out: &mut [u8]) {
    let mut digits = [0usize; MAX_CELLS];
    for i in (0..k).rev() {
        digits[i] = r % (n - i);
        r /= n - i;
    }
    let mut used = 0u32;
    for i in 0..k {
        // The digits[i]-th free cell.
        let mut free = !used;
        for _ in 0..digits[i] {
            free &= free - 1;
        }
        let p = free.trailing_zeros();
        out[i] = p as u8;
        used |= 1 << p;
    }
}

/// The cells reachable from `start` through `free` cells (the blank's region).
fn flood(geo: &Geometry, start: usize, free: u32) -> u32 {
    let mut region = 1u32 << start;
    let mut todo = region;
    while todo != 0 {
        let c = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        for &t in &geo.nbr[c] {
            if t != NONE && free & (1 << t) != 0 && region & (1 << t) == 0 {
                region |= 1 << t;
                todo |= 1 << t;
            }
        }
    }
    region
}

/// The table of the tiles whose goal cells are `pattern`, the blank's goal cell `blank_goal`.
pub(super) fn build(width: usize, height: usize, pattern: &[u8], blank_goal: usize) -> Vec<u8> {
    let n = width * height;
    let k = pattern.len();
    let total = placements(n, k);
    let geo = Geometry::new(width, height);
    let all = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    let mut table = vec![UNSEEN; total as usize];
    // `seen[rank]`: the blank cells whose region has been reached with that placement.
    let mut seen = vec![0u32; total as usize];
    let goal = rank(pattern.iter().copied(), n);
    table[goal] = 0;
    // At the goal the blank stands in its goal cell: only that cell's region starts at 0.
    let goal_free = all & !pattern.iter().fold(0u32, |m, &p| m | 1 << p);
    let region = flood(&geo, blank_goal, goal_free);
    seen[goal] = region;
    let mut frontier: Vec<(u32, u32)> = vec![(goal as u32, region)];
    let mut depth = 0u32;
    let mut pos = [0u8; MAX_CELLS];
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for &(r, region) in &frontier {
            unrank(r as usize, n, k, &mut pos);
            let occupied = pos[..k].iter().fold(0u32, |m, &p| m | 1 << p);
            for i in 0..k {
                let here = pos[i];
                for &to in &geo.nbr[here as usize] {
                    // A pattern tile moves only into the blank, and the blank reaches only
                    // the cells of its region without moving pattern tiles.
                    if to == NONE || region & (1 << to) == 0 {
                        continue;
                    }
                    pos[i] = to;
                    let nr = rank(pos[..k].iter().copied(), n);
                    let free = all & !(occupied ^ (1 << here) ^ (1 << to));
                    // The blank now stands where the tile was.
                    let nregion = flood(&geo, here as usize, free);
                    if seen[nr] & nregion == 0 {
                        seen[nr] |= nregion;
                        if table[nr] == UNSEEN {
                            table[nr] = (depth + 1) as u8;
                        }
                        next.push((nr as u32, nregion));
                    }
                }
                pos[i] = here;
            }
        }
        depth += 1;
        frontier = next;
    }
    table
}
