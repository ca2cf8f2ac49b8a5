//! The seed's algorithm, written from its description: extend the path from the start, try
//! the moves up, down, left, right in turn, skip a tile when `path.contains` it, back up at a
//! dead end. No pruning at all. Deterministic (the seed's hash-set order is gone).
//!
//! It is the oracle for correctness and the yardstick for speed; it enumerates every path,
//! in a fixed order, as a budgeted continuation like the fast engine. [`Solver`](crate::Solver)
//! and [`Paths`](crate::Paths) run it with [`Engine::Baseline`](crate::Engine::Baseline).

use puzzle_search::{Limit, Meter};

use super::Event;
use crate::grid::{Grid, Pos};
use crate::path::{Dir, Solution};

/// The plain backtracker: every path from the start (every start, in reading order, for a
/// board without one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Baseline {
    grid: Grid,
    tiles: usize,
    starts: Vec<Pos>,
    next_start: usize,
    path: Vec<Pos>,
    /// Next direction to try at each depth.
    tried: Vec<u8>,
    /// Tiles put on the path so far (each start tile too): the node count.
    pub(crate) nodes: u64,
    finished: bool,
}

impl Baseline {
    /// The backtracker for `grid`.
    pub(crate) fn new(grid: &Grid) -> Baseline {
        let starts = match grid.start() {
            Some(s) => vec![s],
            None => grid.tiles().filter(|&p| Some(p) != grid.end()).collect(),
        };
        Baseline {
            tiles: grid.tile_count(),
            grid: grid.clone(),
            starts,
            next_start: 0,
            path: Vec::new(),
            tried: Vec::new(),
            nodes: 0,
            finished: false,
        }
    }

    fn complete(&self) -> bool {
        self.path.len() == self.tiles
            && self.grid.end().is_none_or(|e| self.path.last() == Some(&e))
    }

    /// Searches until the next path, the end of the search, or the step's `meter` running
    /// out; the meter counts in the caller's total, `base` plus this search's nodes, and is
    /// asked after each node.
    pub(crate) fn run<L: Limit>(&mut self, meter: &mut Meter<L>, base: u64) -> Event {
        loop {
            if self.finished {
                return Event::Exhausted;
            }
            if self.path.is_empty() {
                let Some(&s) = self.starts.get(self.next_start) else {
                    self.finished = true;
                    return Event::Exhausted;
                };
                self.next_start += 1;
                self.path.push(s);
                self.tried.push(0);
                self.nodes += 1;
                if self.complete() {
                    // nothing to extend: back up next time
                    self.tried[0] = 4;
                    return Event::Found(Solution::from_cells(self.path.clone()));
                }
                if !meter.go_on(base.wrapping_add(self.nodes)) {
                    return Event::Paused;
                }
            }
            let depth = self.path.len() - 1;
            let here = self.path[depth];
            let t = self.tried[depth];
            if t >= 4 {
                self.path.pop();
                self.tried.pop();
                continue;
            }
            self.tried[depth] = t + 1;
            let (dr, dc) = Dir::ALL[t as usize].delta();
            let (r, c) = (here.row as isize + dr, here.col as isize + dc);
            if r < 0 || c < 0 {
                continue;
            }
            let next = Pos::new(r as usize, c as usize);
            if !self.grid.is_tile(next) || self.path.contains(&next) {
                continue;
            }
            self.path.push(next);
            self.tried.push(0);
            self.nodes += 1;
            if self.complete() {
                self.tried[depth + 1] = 4;
                return Event::Found(Solution::from_cells(self.path.clone()));
            }
            if !meter.go_on(base.wrapping_add(self.nodes)) {
                return Event::Paused;
            }
        }
    }

    /// The same backtracker, back at its beginning.
    pub(crate) fn restarted(&self) -> Baseline {
        Baseline::new(&self.grid)
    }

    /// Starts whose paths are all produced.
    pub(crate) fn starts_done(&self) -> usize {
        self.next_start
            .saturating_sub(usize::from(!self.path.is_empty()))
    }
}
