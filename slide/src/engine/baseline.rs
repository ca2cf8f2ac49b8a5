//! [`Baseline`]: the seed's algorithm, kept as the yardstick for speed.
//!
//! A* over a [`PQLike`] open list with Manhattan distance plus the seed's pairwise linear
//! conflict (+2 per reversed pair), and a flat hash set that marks a state closed as soon as
//! it is *generated*. Both choices can lose optimality: the pairwise count overestimates when
//! three tiles in a line are mutually reversed, and closing on generation keeps the first path
//! found to a state rather than the shortest. Its solutions are always valid move sequences,
//! just sometimes longer than optimal; the tests measure how often.

use puzzle_search::{Limit, Meter, Search, Step};

use super::{Counters, DEFAULT_MAX_STORED, Room, table_room, vec_room};
use crate::board::Direction;
use crate::hash::KeySet;
use crate::heuristic::{Heuristic, LinearConflict};
use crate::queue::{Entry, HeapQueue, PQLike};
use crate::search::Progress;
use crate::solution::Solution;
use crate::state::{NONE, Puzzle, State};

#[derive(Clone, Copy, Debug)]
struct Node {
    state: State,
    parent: u32,
    g: u32,
    /// Direction the blank moved to reach this node (`4` for the root).
    dir: u8,
}

/// An expansion a budget interrupted: the node and the next direction to try.
#[derive(Clone, Copy, Debug)]
struct Expansion {
    id: u32,
    node: Node,
    next: u8,
}

/// The seed's A* in progress, over the open list `Q` (the seed used a binary heap): a
/// continuation like the other engines (see [`Search`]), returning one solution, which may be
/// longer than optimal. A node is a generated child, counted before the duplicate check.
#[derive(Clone, Debug)]
pub struct Baseline<Q: PQLike = HeapQueue> {
    puzzle: Puzzle,
    heuristic: LinearConflict,
    nodes: Vec<Node>,
    seen: KeySet,
    open: Q,
    counters: Counters,
    expanding: Option<Expansion>,
    room: Room,
}

impl<Q: PQLike> Baseline<Q> {
    /// A search of `puzzle` the seed's way (no work yet).
    pub fn new(puzzle: &Puzzle) -> Baseline<Q> {
        let heuristic = LinearConflict::seed_pairwise(puzzle.geometry(), puzzle.goal().blank());
        let start = puzzle.state();
        let mut seen = KeySet::default();
        seen.insert(start.key());
        let mut open = Q::default();
        let h = heuristic.evaluate(&start).0;
        open.push(Entry { f: h, g: 0, id: 0 });
        Baseline {
            puzzle: puzzle.clone(),
            heuristic,
            nodes: vec![Node {
                state: start,
                parent: u32::MAX,
                g: 0,
                dir: 4,
            }],
            seen,
            open,
            counters: Counters {
                open: 1,
                bound: h,
                ..Counters::default()
            },
            expanding: None,
            room: Room::new(DEFAULT_MAX_STORED),
        }
    }

    /// The same search storing at most `max` nodes (default [`DEFAULT_MAX_STORED`]); see
    /// [`AStar::with_max_stored`](super::AStar::with_max_stored).
    pub fn with_max_stored(mut self, max: usize) -> Self {
        self.room = Room::new(max);
        self
    }

    /// True once the search stopped at its limit on stored nodes (or the machine's memory).
    pub fn is_out_of_memory(&self) -> bool {
        self.room.full
    }

    /// True once the search has returned its solution (or found none).
    pub fn is_finished(&self) -> bool {
        self.counters.done
    }

    /// Runs to the end and returns the solution it finds (valid, not always optimal).
    pub fn solve(mut self) -> Option<Solution> {
        self.step(puzzle_search::Unlimited).found()
    }

    fn path(&self, mut id: u32) -> Solution {
        let mut moves = Vec::new();
        while self.nodes[id as usize].dir < 4 {
            moves.push(Direction::ALL[self.nodes[id as usize].dir as usize]);
            id = self.nodes[id as usize].parent;
        }
        moves.reverse();
        Solution::new(*self.puzzle.start(), moves)
    }
}

impl<Q: PQLike> Search for Baseline<Q> {
    type Item = Solution;
    type Progress = Progress;

    /// Runs until the solution, the end, or the budget (counted in generated nodes).
    fn step<L: Limit>(&mut self, budget: L) -> Step<Solution> {
        if self.counters.done {
            return Step::Finished;
        }
        if self.room.full {
            return Step::Paused;
        }
        let geo = self.puzzle.geometry().clone();
        let mut meter = Meter::new(budget, self.counters.generated);
        loop {
            let (id, node, first) = match self.expanding.take() {
                Some(x) => (x.id, x.node, x.next),
                None => {
                    let Some(e) = self.open.pop() else {
                        self.counters.done = true;
                        self.counters.open = 0;
                        return Step::Finished;
                    };
                    let node = self.nodes[e.id as usize];
                    if node.state.is_goal() {
                        self.counters.done = true;
                        self.counters.found = 1;
                        self.counters.open = self.open.len();
                        return Step::Found(self.path(e.id));
                    }
                    self.counters.expanded += 1;
                    self.counters.bound = e.f;
                    (e.id, node, 0)
                }
            };
            let s = node.state;
            for d in first..4u8 {
                let from = geo.nbr[s.blank as usize][d as usize];
                if from == NONE || (node.dir < 4 && d == (node.dir + 2) % 4) {
                    continue;
                }
                let (nodes, seen) = (&mut self.nodes, &mut self.seen);
                let fits = self.room.fits(nodes.len(), || {
                    vec_room(nodes)
                        && table_room(seen.len(), seen.capacity(), |n| seen.try_reserve(n))
                });
                if !fits || !meter.go_on(self.counters.generated) {
                    self.expanding = Some(Expansion { id, node, next: d });
                    self.counters.open = self.open.len();
                    return Step::Paused;
                }
                self.counters.generated += 1;
                let mut c = s;
                c.slide_unchecked(from as usize);
                // Closed on generation: the first path found to a state is the one kept.
                if !self.seen.insert(c.key()) {
                    continue;
                }
                let h = self.heuristic.evaluate(&c).0;
                let child = self.nodes.len() as u32;
                self.nodes.push(Node {
                    state: c,
                    parent: id,
                    g: node.g + 1,
                    dir: d,
                });
                self.open.push(Entry {
                    f: node.g + 1 + h,
                    g: node.g + 1,
                    id: child,
                });
            }
        }
    }

    fn progress(&self) -> Progress {
        self.counters.progress()
    }
}

impl<Q: PQLike> Iterator for Baseline<Q> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        self.step(puzzle_search::Unlimited).found()
    }
}
