//! The run loop: propagate, branch (one node per decision), backtrack from the trail, and
//! pause where the step's meter says, after a node.

use puzzle_search::{Limit, Meter};

use super::state::{Exact, Frame, IN, Next};
use super::{Cut, Event};
use crate::graph::NONE;
use crate::path::Solution;

impl Exact {
    /// True once the whole tree is searched.
    pub(crate) fn is_finished(&self) -> bool {
        self.next == Next::Done
    }

    /// An estimate of the fraction of the tree (below the floor) explored: each decision whose first branch is
    /// done accounts for half of its subtree.
    pub(crate) fn fraction(&self) -> f64 {
        if self.is_finished() {
            return 1.0;
        }
        let mut f = 0.0;
        let mut w = 0.5;
        for fr in &self.frames[self.floor..] {
            if fr.second {
                f += w;
            }
            w *= 0.5;
        }
        f
    }

    /// The path the edges in make, once every vertex has its edges.
    fn solution(&self) -> Solution {
        let mut cells = Vec::with_capacity(self.n as usize);
        let mut prev = NONE;
        let mut cur = self.start;
        loop {
            cells.push(self.positions[cur as usize]);
            let mut next = NONE;
            for &e in &self.inc[cur as usize][..4] {
                if e != NONE && self.status[e as usize] == IN {
                    let u = self.other(e, cur);
                    if u != prev {
                        next = u;
                        break;
                    }
                }
            }
            if next == NONE {
                break;
            }
            prev = cur;
            cur = next;
        }
        Solution::from_cells(cells)
    }

    /// Searches until a solution, the end of the tree, the step's `meter` running out, or
    /// `self.nodes` reaching `stop_at`. The meter counts in the caller's total: `base` plus
    /// this engine's nodes, added wrapping: a part of a split counts from zero while its engine
    /// already holds the prefix's nodes, so its `base` is below zero (found by the fuzz target
    /// `agree_hamilton` in a build with overflow checks). It is asked after each node, before `stop_at`, which is where a
    /// step pauses, so a resumed step goes on exactly where the paused one stopped (at the
    /// cutoff, if the pause fell on it).
    pub(crate) fn run<L: Limit>(&mut self, meter: &mut Meter<L>, base: u64, stop_at: u64) -> Event {
        if self.nodes >= stop_at && self.next != Next::Done {
            return Event::Cutoff;
        }
        loop {
            match self.next {
                Next::Done => return Event::Exhausted,
                Next::Propagate => {
                    if !self.propagate() {
                        self.next = Next::Backtrack;
                        continue;
                    }
                    let choice = self.choose();
                    if let Some(e) = choice
                        && self.config.probe
                        && let Some(forced) = self.probe(e)
                    {
                        // one side of the decision fails at once: take the other side here,
                        // without a node, and look again
                        let ok = if forced {
                            self.set_in(e)
                        } else {
                            self.set_out(e)
                        };
                        if !ok {
                            self.next = Next::Backtrack;
                        }
                        continue;
                    }
                    match choice {
                        None => {
                            self.next = Next::Backtrack;
                            return Event::Found(self.solution());
                        }
                        Some(e) => {
                            self.open_branch(e);
                            // the budget first: a step paused here resumes at the cutoff
                            if !meter.go_on(base.wrapping_add(self.nodes)) {
                                return Event::Paused;
                            }
                            if self.nodes >= stop_at {
                                return Event::Cutoff;
                            }
                        }
                    }
                }
                Next::Backtrack => self.backtrack(),
            }
        }
    }

    /// One node: a decision on edge `e`, taken first (its second branch comes on backtrack),
    /// with what to do next.
    #[inline]
    fn open_branch(&mut self, e: u32) {
        self.nodes += 1;
        self.frames.push(Frame {
            trail: self.trail.len() as u32,
            edge: e,
            second: false,
        });
        self.next = if self.set_in(e) {
            Next::Propagate
        } else {
            Next::Backtrack
        };
    }

    /// Backs up to the deepest decision still on its first branch and takes its second; or,
    /// with none left above the floor, ends the search.
    #[inline]
    fn backtrack(&mut self) {
        self.queue.clear();
        loop {
            if self.frames.len() <= self.floor {
                if self.floor == 0 {
                    self.undo_to(self.root_trail);
                }
                self.next = Next::Done;
                return;
            }
            let Some(f) = self.frames.last_mut() else {
                unreachable!("more frames than the floor");
            };
            let (trail, edge, second) = (f.trail, f.edge, f.second);
            f.second = true;
            self.undo_to(trail as usize);
            if second {
                self.frames.pop();
            } else {
                self.set_out(edge);
                self.next = Next::Propagate;
                return;
            }
        }
    }

    /// Walks the tree as [`Exact::run`] does, but only down to `depth` decisions: each
    /// subtree there goes to `cut` as an engine that searches it alone, and each path found
    /// above it goes to `cut` too, all in the order of the uncut run. Returns the nodes taken
    /// above the cut: they and the subtrees' nodes add up to the uncut run's. The engine is
    /// left finished. Only for the plain branching order (no probing, no restarts).
    pub(crate) fn split(&mut self, depth: usize, mut cut: impl FnMut(Cut)) -> u64 {
        debug_assert!(!self.config.probe, "probing revisits a node: no clean cut");
        let before = self.nodes;
        loop {
            match self.next {
                Next::Done => return self.nodes - before,
                Next::Propagate if self.frames.len() == depth => {
                    // a subtree at the cut: the engine as it stands searches it
                    let mut part = self.clone();
                    part.floor = depth;
                    cut(Cut::Subtree(Box::new(part)));
                    if depth == 0 {
                        self.next = Next::Done;
                    } else {
                        self.next = Next::Backtrack;
                    }
                }
                Next::Propagate => {
                    if !self.propagate() {
                        self.next = Next::Backtrack;
                        continue;
                    }
                    match self.choose() {
                        None => {
                            self.next = Next::Backtrack;
                            cut(Cut::Path(self.solution()));
                        }
                        Some(e) => {
                            self.open_branch(e);
                        }
                    }
                }
                Next::Backtrack => self.backtrack(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Config;
    use crate::generate::planted;
    use crate::graph::Graph;
    use crate::proof::precheck;

    /// Exact and graph for a planted board, with the planted path as pairs of tiles.
    fn planted_case(n: usize, seed: u64) -> (Graph, Vec<(u32, u32)>, u32) {
        let (grid, path) = planted(n, n, 0.85, seed);
        let g = Graph::new(&grid);
        let index = |p: crate::grid::Pos| (0..g.len() as u32).find(|&v| g.pos(v) == p).unwrap();
        let cells: Vec<u32> = path.cells().iter().map(|&p| index(p)).collect();
        let pairs = cells.windows(2).map(|w| (w[0], w[1])).collect();
        (g, pairs, *cells.last().unwrap())
    }

    const PLAIN: Config = Config {
        end_first: false,
        head: false,
        probe: false,
    };

    #[test]
    fn fixing_a_window_around_a_known_path_keeps_it_reachable() {
        for seed in 0..6 {
            let (g, pairs, end) = planted_case(12, seed);
            let start = g.start().unwrap();
            let colours = precheck(&g).unwrap();
            let on = |a: u32, b: u32| {
                pairs
                    .iter()
                    .any(|&(x, y)| (x, y) == (a, b) || (y, x) == (a, b))
            };
            // free only the tiles near the middle of the board
            let free = |v: u32| {
                let p = g.pos(v);
                p.row.abs_diff(6) <= 2 && p.col.abs_diff(6) <= 2
            };
            let mut engine = Exact::new(&g, start, colours, PLAIN);
            let ok = engine.fix(|a, b| {
                if b == NONE {
                    if free(a) && free(end) {
                        None
                    } else {
                        Some(a == end)
                    }
                } else if free(a) && free(b) {
                    None
                } else {
                    Some(on(a, b))
                }
            });
            assert!(ok, "seed {seed}");
            let mut meter = Meter::new(puzzle_search::Unlimited, 0);
            let found = engine.run(&mut meter, 0, u64::MAX);
            assert!(matches!(found, Event::Found(_)), "seed {seed}");
        }
    }
}
