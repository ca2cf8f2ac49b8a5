//! `baseline`: the seed's algorithm, kept as the yardstick for speed.
//!
//! A* over a [`PQLike`] open list with Manhattan distance plus the seed's pairwise linear
//! conflict (+2 per reversed pair), and a flat hash set that marks a state closed as soon as
//! it is *generated*. Both choices can lose optimality: the pairwise count overestimates when
//! three tiles in a line are mutually reversed, and closing on generation keeps the first path
//! found to a state rather than the shortest. Its solutions are always valid move sequences,
//! just sometimes longer than optimal; the tests measure how often.

use crate::board::Direction;
use crate::hash::KeySet;
use crate::heuristic::{Heuristic, LinearConflict};
use crate::queue::{Entry, HeapQueue, PQLike};
use crate::search::Progress;
use crate::solution::Solution;
use crate::state::{NONE, Puzzle};

/// Solves `puzzle` the seed's way over the open list `Q` (the seed used a binary heap);
/// returns the solution and the counters.
pub fn solve_with<Q: PQLike>(puzzle: &Puzzle) -> (Option<Solution>, Progress) {
    let geo = puzzle.geometry();
    let heuristic = LinearConflict::seed_pairwise(geo, puzzle.goal().blank());
    let mut progress = Progress::default();
    struct Node {
        state: crate::state::State,
        parent: u32,
        g: u32,
        dir: u8,
    }
    let start = puzzle.state();
    let mut nodes = vec![Node {
        state: start,
        parent: u32::MAX,
        g: 0,
        dir: 4,
    }];
    let mut seen = KeySet::default();
    seen.insert(start.key());
    let mut open = Q::default();
    open.push(Entry {
        f: heuristic.evaluate(&start).0,
        g: 0,
        id: 0,
    });
    while let Some(e) = open.pop() {
        let (s, g, dir) = {
            let n = &nodes[e.id as usize];
            (n.state, n.g, n.dir)
        };
        if s.is_goal() {
            let mut moves = Vec::new();
            let mut id = e.id;
            while nodes[id as usize].dir < 4 {
                moves.push(Direction::ALL[nodes[id as usize].dir as usize]);
                id = nodes[id as usize].parent;
            }
            moves.reverse();
            progress.solutions = 1;
            progress.open = open.len();
            return (Some(Solution::new(*puzzle.start(), moves)), progress);
        }
        progress.expanded += 1;
        for d in 0..4u8 {
            let from = geo.nbr[s.blank as usize][d as usize];
            if from == NONE || (dir < 4 && d == (dir + 2) % 4) {
                continue;
            }
            progress.generated += 1;
            let mut c = s;
            c.slide(from as usize);
            // Closed on generation: the first path found to a state is the one kept.
            if !seen.insert(c.key()) {
                continue;
            }
            let h = heuristic.evaluate(&c).0;
            let id = nodes.len() as u32;
            nodes.push(Node {
                state: c,
                parent: e.id,
                g: g + 1,
                dir: d,
            });
            open.push(Entry {
                f: g + 1 + h,
                g: g + 1,
                id,
            });
        }
    }
    (None, progress)
}

/// Solves `puzzle` the seed's way with a binary heap.
pub fn solve(puzzle: &Puzzle) -> (Option<Solution>, Progress) {
    solve_with::<HeapQueue>(puzzle)
}
