//! A*: an exact closed set (a state is closed when it is expanded, never when generated), any
//! [`PQLike`] open list, any [`Heuristic`]. With an admissible heuristic the first goal popped
//! is optimal; a state reached again by a shorter path is reopened, so consistency is not
//! needed.

use puzzle_search::{Limit, Meter, Search, Step};

use super::{Counters, DEFAULT_MAX_STORED, Room, table_room, vec_room};
use crate::board::Direction;
use crate::error::PuzzleError;
use crate::hash::KeyMap;
use crate::heuristic::Heuristic;
use crate::queue::{BucketQueue, Entry, PQLike};
use crate::search::Progress;
use crate::solution::Solution;
use crate::state::{NONE, Puzzle, State};

#[derive(Clone, Copy, Debug)]
struct Node<M> {
    key: u128,
    parent: u32,
    g: u16,
    h: u16,
    /// Direction the blank moved to reach this node (`4` for the root).
    dir: u8,
    memo: M,
}

/// An expansion a budget interrupted: the node, its state, and the next direction to try.
#[derive(Clone, Copy, Debug)]
struct Expansion<M> {
    id: u32,
    node: Node<M>,
    state: State,
    next: u8,
}

/// An A* search in progress: a value that is its own continuation (see [`Search`]). It finds
/// one item, an optimal solution, then is finished.
///
/// A node is a generated child (see [`Engine`](crate::Engine)); a budget can pause it between
/// two children of one expansion, and the next step goes on with the next child.
#[derive(Clone, Debug)]
pub struct AStar<H: Heuristic, Q: PQLike = BucketQueue> {
    puzzle: Puzzle,
    heuristic: H,
    open: Q,
    nodes: Vec<Node<H::Memo>>,
    /// Best node id per state.
    best: KeyMap<u32>,
    counters: Counters,
    expanding: Option<Expansion<H::Memo>>,
    room: Room,
}

fn unpack(key: u128, template: &State) -> State {
    let mut s = *template;
    let mut k = key;
    for c in 0..s.n as usize {
        let l = (k & 31) as u8;
        s.cells[c] = l;
        s.pos[l as usize] = c as u8;
        if l == s.blank_label {
            s.blank = c as u8;
        }
        k >>= 5;
    }
    s
}

impl<H: Heuristic, Q: PQLike> AStar<H, Q> {
    /// A search of `puzzle` guided by `heuristic` (no work yet).
    pub fn new(puzzle: &Puzzle, heuristic: H) -> Result<Self, PuzzleError> {
        let mut search = AStar {
            puzzle: puzzle.clone(),
            heuristic,
            open: Q::default(),
            nodes: Vec::new(),
            best: KeyMap::default(),
            counters: Counters::default(),
            expanding: None,
            room: Room::new(DEFAULT_MAX_STORED),
        };
        search.reset(puzzle)?;
        Ok(search)
    }

    /// The same search storing at most `max` nodes (default [`DEFAULT_MAX_STORED`]): once
    /// full, or once the memory for more cannot be had, every step pauses without work
    /// ([`Run::Capped`](puzzle_search::Run::Capped) for a run) and
    /// [`is_out_of_memory`](Self::is_out_of_memory) says so.
    pub fn with_max_stored(mut self, max: usize) -> Self {
        self.room = Room::new(max);
        self
    }

    /// True once the search stopped at its limit on stored nodes (or the machine's memory).
    pub fn is_out_of_memory(&self) -> bool {
        self.room.full
    }

    /// The most nodes it may store.
    pub fn max_stored(&self) -> usize {
        self.room.max
    }

    /// Starts over on another puzzle of the same size, keeping the allocations (the node
    /// arena, the closed set and the open list): the cheap way to solve many puzzles.
    pub fn reset(&mut self, puzzle: &Puzzle) -> Result<(), PuzzleError> {
        self.heuristic.check(puzzle.geometry())?;
        let s = puzzle.state();
        let (h, memo) = self.heuristic.evaluate(&s);
        self.open.clear();
        self.open.push(Entry { f: h, g: 0, id: 0 });
        self.best.clear();
        self.best.insert(s.key(), 0);
        self.nodes.clear();
        self.nodes.push(Node {
            key: s.key(),
            parent: u32::MAX,
            g: 0,
            h: h as u16,
            dir: 4,
            memo,
        });
        self.counters = Counters {
            open: 1,
            bound: h,
            ..Counters::default()
        };
        self.expanding = None;
        self.room.full = false;
        self.puzzle = puzzle.clone();
        Ok(())
    }

    /// True once the search has returned its solution (or found none).
    pub fn is_finished(&self) -> bool {
        self.counters.done
    }

    /// Runs to the end and returns the optimal solution (`None` only if there is none, which
    /// cannot happen for a [`Puzzle`]).
    pub fn solve(mut self) -> Option<Solution> {
        self.step(puzzle_search::Unlimited).found()
    }

    fn path(&self, mut id: u32) -> Solution {
        let mut dirs = Vec::new();
        while self.nodes[id as usize].dir < 4 {
            dirs.push(Direction::ALL[self.nodes[id as usize].dir as usize]);
            id = self.nodes[id as usize].parent;
        }
        dirs.reverse();
        Solution::new(*self.puzzle.start(), dirs)
    }
}

impl<H: Heuristic, Q: PQLike> Search for AStar<H, Q> {
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
        let template = self.puzzle.state();
        let mut meter = Meter::new(budget, self.counters.generated);
        loop {
            let (id, node, s, first) = match self.expanding.take() {
                Some(x) => (x.id, x.node, x.state, x.next),
                None => {
                    let Some(e) = self.open.pop() else {
                        self.counters.done = true;
                        self.counters.open = 0;
                        return Step::Finished;
                    };
                    let node = self.nodes[e.id as usize];
                    // A later, shorter path to this state superseded this entry.
                    if self.best.get(&node.key) != Some(&e.id) {
                        continue;
                    }
                    let s = unpack(node.key, &template);
                    if node.h == 0 && s.is_goal() {
                        self.counters.done = true;
                        self.counters.open = self.open.len();
                        self.counters.found = 1;
                        return Step::Found(self.path(e.id));
                    }
                    self.counters.expanded += 1;
                    self.counters.bound = e.f;
                    (e.id, node, s, 0)
                }
            };
            let g = node.g as u32 + 1;
            for d in first..4u8 {
                let from = geo.nbr[s.blank as usize][d as usize];
                // Undoing the last move leads back to the parent, which is never better.
                if from == NONE || (node.dir < 4 && d == (node.dir + 2) % 4) {
                    continue;
                }
                let (nodes, best) = (&mut self.nodes, &mut self.best);
                let fits = self.room.fits(nodes.len(), || {
                    vec_room(nodes)
                        && table_room(best.len(), best.capacity(), |n| best.try_reserve(n))
                });
                if !fits || !meter.go_on(self.counters.generated) {
                    self.expanding = Some(Expansion {
                        id,
                        node,
                        state: s,
                        next: d,
                    });
                    self.counters.open = self.open.len();
                    return Step::Paused;
                }
                self.counters.generated += 1;
                let (h, memo) = self
                    .heuristic
                    .update(&s, from as usize, node.h as u32, &node.memo);
                let mut c = s;
                c.slide_unchecked(from as usize);
                let key = c.key();
                let child = self.nodes.len() as u32;
                match self.best.entry(key) {
                    hashbrown::hash_map::Entry::Occupied(mut o) => {
                        if self.nodes[*o.get() as usize].g as u32 <= g {
                            continue;
                        }
                        o.insert(child);
                    }
                    hashbrown::hash_map::Entry::Vacant(v) => {
                        v.insert(child);
                    }
                }
                self.nodes.push(Node {
                    key,
                    parent: id,
                    g: g as u16,
                    h: h as u16,
                    dir: d,
                    memo,
                });
                self.open.push(Entry {
                    f: g + h,
                    g,
                    id: child,
                });
            }
        }
    }

    fn progress(&self) -> Progress {
        self.counters.progress()
    }
}

impl<H: Heuristic, Q: PQLike> Iterator for AStar<H, Q> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        self.step(puzzle_search::Unlimited).found()
    }
}
