//! The seed's algorithm, written from its description: extend the path from the start, try
//! the moves up, down, left, right in turn, skip a tile when `path.contains` it, back up at a
//! dead end. No pruning at all. Deterministic (the seed's hash-set order is gone).
//!
//! It is the oracle for correctness and the yardstick for speed; it enumerates every path,
//! in a fixed order, as a budgeted continuation like the fast engine.

use crate::budget::{Budget, Limit, Progress};
use crate::grid::{Grid, Pos};
use crate::path::{Dir, Solution};
use crate::proof::Impossible;
use crate::search::Step;

/// The plain backtracker: every path from the start (every start, in reading order, for a
/// board without one).
///
/// ```
/// use hamilton_solver::{Grid, baseline::Baseline};
/// let grid = Grid::parse("Xx\nxx").unwrap();
/// assert_eq!(Baseline::new(&grid).count(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Baseline {
    grid: Grid,
    tiles: usize,
    starts: Vec<Pos>,
    next_start: usize,
    path: Vec<Pos>,
    /// Next direction to try at each depth.
    tried: Vec<u8>,
    nodes: u64,
    found: u64,
    finished: bool,
}

impl Baseline {
    /// The backtracker for `grid`.
    pub fn new(grid: &Grid) -> Baseline {
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
            found: 0,
            finished: false,
        }
    }

    fn complete(&self) -> bool {
        self.path.len() == self.tiles
            && self.grid.end().is_none_or(|e| self.path.last() == Some(&e))
    }

    /// Works within `budget` until the next path, the budget's end, or the end of the search.
    pub fn step<L: Limit>(&mut self, mut budget: L) -> Step {
        let mut spent = 0u64;
        loop {
            if self.finished {
                return Step::Finished;
            }
            if self.path.is_empty() {
                let Some(&s) = self.starts.get(self.next_start) else {
                    self.finished = true;
                    return Step::Finished;
                };
                self.next_start += 1;
                self.path.push(s);
                self.tried.push(0);
                self.nodes += 1;
                spent += 1;
                if self.complete() {
                    let found = Solution::from_cells(self.path.clone());
                    self.found += 1;
                    // nothing to extend: back up next time
                    self.tried[0] = 4;
                    return Step::Found(found);
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
            spent += 1;
            if self.complete() {
                self.found += 1;
                self.tried[depth + 1] = 4;
                return Step::Found(Solution::from_cells(self.path.clone()));
            }
            if budget.spent(spent) {
                return Step::Paused;
            }
        }
    }

    /// Counters so far (the fraction is not estimated: 0 until finished).
    pub fn progress(&self) -> Progress {
        Progress {
            nodes: self.nodes,
            found: self.found,
            restarts: 0,
            starts_done: self
                .next_start
                .saturating_sub(usize::from(!self.path.is_empty())),
            fraction: if self.finished { 1.0 } else { 0.0 },
        }
    }

    /// True once every path has been produced.
    pub fn is_finished(&self) -> bool {
        self.finished
    }
}

impl Iterator for Baseline {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        crate::search::next_path(|| self.step(Budget::unlimited()))
    }
}

/// The first path the backtracker finds, or [`Impossible::Exhausted`] with its node count.
pub fn solve(grid: &Grid) -> Result<Solution, Impossible> {
    let mut b = Baseline::new(grid);
    match b.next() {
        Some(s) => Ok(s),
        None => Err(Impossible::Exhausted { nodes: b.nodes }),
    }
}
