//! A*: an exact closed set (a state is closed when it is expanded, never when generated), any
//! [`PQLike`] open list, any [`Heuristic`]. With an admissible heuristic the first goal popped
//! is optimal; a state reached again by a shorter path is reopened, so consistency is not
//! needed.

use crate::board::Direction;
use crate::error::PuzzleError;
use crate::hash::KeyMap;
use crate::heuristic::Heuristic;
use crate::queue::{BucketQueue, Entry, PQLike};
use crate::search::{Budget, Progress, Step, Unlimited};
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

/// An A* search in progress: a value that is its own continuation.
#[derive(Clone, Debug)]
pub struct AStar<H: Heuristic, Q: PQLike = BucketQueue> {
    puzzle: Puzzle,
    heuristic: H,
    open: Q,
    nodes: Vec<Node<H::Memo>>,
    /// Best node id per state.
    best: KeyMap<u32>,
    progress: Progress,
    done: bool,
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
            progress: Progress::default(),
            done: false,
        };
        search.reset(puzzle)?;
        Ok(search)
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
        self.progress = Progress {
            open: 1,
            bound: h,
            ..Progress::default()
        };
        self.done = false;
        self.puzzle = puzzle.clone();
        Ok(())
    }

    /// Counters so far.
    pub fn progress(&self) -> Progress {
        self.progress
    }

    /// True once the search has returned its solution (or found none).
    pub fn is_finished(&self) -> bool {
        self.done
    }

    /// Runs until a solution, the end, or the budget.
    pub fn step<B: Budget>(&mut self, mut budget: B) -> Step {
        if self.done {
            return Step::Finished;
        }
        let geo = self.puzzle.geometry().clone();
        let template = self.puzzle.state();
        let mut work = 0u64;
        while let Some(e) = self.open.pop() {
            let node = self.nodes[e.id as usize];
            // A later, shorter path to this state superseded this entry.
            if self.best.get(&node.key) != Some(&e.id) {
                continue;
            }
            let s = unpack(node.key, &template);
            if node.h == 0 && s.is_goal() {
                self.done = true;
                self.progress.open = self.open.len();
                self.progress.solutions = 1;
                return Step::Found(self.path(e.id));
            }
            self.progress.expanded += 1;
            self.progress.bound = e.f;
            let g = node.g as u32 + 1;
            for d in 0..4u8 {
                let from = geo.nbr[s.blank as usize][d as usize];
                // Undoing the last move leads back to the parent, which is never better.
                if from == NONE || (node.dir < 4 && d == (node.dir + 2) % 4) {
                    continue;
                }
                self.progress.generated += 1;
                let (h, memo) = self
                    .heuristic
                    .update(&s, from as usize, node.h as u32, &node.memo);
                let mut c = s;
                c.slide(from as usize);
                let key = c.key();
                let id = self.nodes.len() as u32;
                match self.best.entry(key) {
                    hashbrown::hash_map::Entry::Occupied(mut o) => {
                        if self.nodes[*o.get() as usize].g as u32 <= g {
                            continue;
                        }
                        o.insert(id);
                    }
                    hashbrown::hash_map::Entry::Vacant(v) => {
                        v.insert(id);
                    }
                }
                self.nodes.push(Node {
                    key,
                    parent: e.id,
                    g: g as u16,
                    h: h as u16,
                    dir: d,
                    memo,
                });
                self.open.push(Entry { f: g + h, g, id });
            }
            work += 1;
            if budget.exhausted(work) {
                self.progress.open = self.open.len();
                return Step::Paused;
            }
        }
        self.done = true;
        Step::Finished
    }

    /// Runs to the end and returns the optimal solution.
    pub fn solve(mut self) -> Option<Solution> {
        match self.step(Unlimited) {
            Step::Found(s) => Some(s),
            _ => None,
        }
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

impl<H: Heuristic, Q: PQLike> Iterator for AStar<H, Q> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        match self.step(Unlimited) {
            Step::Found(s) => Some(s),
            _ => None,
        }
    }
}
