//! The seed's solver, kept as the oracle and the yardstick: depth-first search over the blank
//! cells in row-major order, digits tried from 1 to 9, with a bitset of used digits per row,
//! column and box. No propagation, no cell ordering.
//!
//! The seed recursed; here the recursion is an explicit stack (the digit tried at each
//! blank), so the search can pause after any placement and resume. It places the same digits
//! in the same order as the recursion did, so it finds the same solutions in the same order
//! and counts the same placements.

use puzzle_search::{Limit, Meter};

use crate::grid::{CELLS, Grid, box_of, col_of, row_of};

use super::{Counters, Event};

/// Digits 1..=9 as bits 1..=9.
const DIGITS: u16 = 0x3fe;

/// The backtracker as a continuation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BaselineSearch {
    cells: [u8; CELLS],
    /// The blank cells of the puzzle, row-major; `blanks[..len]` are used.
    blanks: [u8; CELLS],
    len: usize,
    /// `tried[k]`: the digit placed in `blanks[k]` for `k < depth`; 0 for the others.
    tried: [u8; CELLS],
    /// Blanks filled on the current path.
    depth: usize,
    /// The search never takes back placements above this depth (a part of a split search
    /// starts below its cut; 0 otherwise).
    floor: usize,
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
    /// The search stands on a solution: the next run first takes back the last placement.
    at_solution: bool,
    done: bool,
    counters: Counters,
}

impl BaselineSearch {
    /// A search of `puzzle`; no work done yet. Clashing givens make a search that is over.
    pub(crate) fn new(puzzle: &Grid) -> BaselineSearch {
        let mut s = BaselineSearch {
            cells: [0; CELLS],
            blanks: [0; CELLS],
            len: 0,
            tried: [0; CELLS],
            depth: 0,
            floor: 0,
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
            at_solution: false,
            done: false,
            counters: Counters::default(),
        };
        s.reset(puzzle);
        s
    }

    /// Starts over on another puzzle.
    pub(crate) fn reset(&mut self, puzzle: &Grid) {
        self.cells = *puzzle.cells();
        self.len = 0;
        self.tried = [0; CELLS];
        self.depth = 0;
        self.floor = 0;
        self.rows = [0; 9];
        self.cols = [0; 9];
        self.boxes = [0; 9];
        self.at_solution = false;
        self.counters = Counters::default();
        self.done = puzzle.clash().is_some();
        if self.done {
            return;
        }
        for (cell, &v) in puzzle.cells().iter().enumerate() {
            if v == 0 {
                self.blanks[self.len] = cell as u8;
                self.len += 1;
            } else {
                let bit = 1u16 << v;
                self.rows[row_of(cell)] |= bit;
                self.cols[col_of(cell)] |= bit;
                self.boxes[box_of(cell)] |= bit;
            }
        }
    }

    pub(crate) fn counters(&self) -> Counters {
        self.counters
    }

    /// Blanks filled on the current path.
    pub(crate) fn depth(&self) -> usize {
        self.depth
    }

    pub(crate) fn is_finished(&self) -> bool {
        self.done
    }

    /// Takes back the placement at the deepest filled blank; false when there is none above
    /// the floor (the search is over).
    #[inline]
    fn back(&mut self) -> bool {
        if self.depth == self.floor {
            return false;
        }
        self.depth -= 1;
        let cell = self.blanks[self.depth] as usize;
        let bit = !(1u16 << self.tried[self.depth]);
        self.rows[row_of(cell)] &= bit;
        self.cols[col_of(cell)] &= bit;
        self.boxes[box_of(cell)] &= bit;
        true
    }

    /// The next digit to place at the deepest open blank `k`, above the one tried last there.
    #[inline(always)]
    fn next_digit(&self, k: usize) -> Option<u8> {
        let cell = self.blanks[k] as usize;
        let used = self.rows[row_of(cell)] | self.cols[col_of(cell)] | self.boxes[box_of(cell)];
        let free = DIGITS & !used & !((2u16 << self.tried[k]) - 1);
        (free != 0).then(|| free.trailing_zeros() as u8)
    }

    /// Places `d` at the deepest open blank.
    #[inline(always)]
    fn place(&mut self, d: u8) {
        let k = self.depth;
        let cell = self.blanks[k] as usize;
        let bit = 1u16 << d;
        self.cells[cell] = d;
        self.rows[row_of(cell)] |= bit;
        self.cols[col_of(cell)] |= bit;
        self.boxes[box_of(cell)] |= bit;
        self.tried[k] = d;
        self.depth = k + 1;
    }

    /// Cuts this search, if it has not been stepped yet, below `depth` placements (at most
    /// the number of blanks): every way to fill that many blanks, in the order the search
    /// would reach them, each one a part that never takes back those placements. Returns the
    /// depth used, the placements done above the cut, and the parts. A search already stepped
    /// is one part, itself, with nothing above it.
    pub(crate) fn split(&self, depth: usize) -> (usize, Counters, Vec<BaselineSearch>) {
        let fresh = self.counters == Counters::default() && !self.at_solution && !self.done;
        if !fresh || self.depth != self.floor {
            return (0, Counters::default(), vec![self.clone()]);
        }
        let cut = self.floor + depth.min(self.len - self.floor);
        let mut walk = self.clone();
        let mut above = Counters::default();
        let mut parts = Vec::new();
        loop {
            let k = walk.depth;
            if k == cut {
                let mut part = walk.clone();
                part.floor = cut;
                part.counters = Counters::default();
                parts.push(part);
                if !walk.back() {
                    break;
                }
                continue;
            }
            match walk.next_digit(k) {
                Some(d) => {
                    above.nodes += 1;
                    above.guesses += 1;
                    walk.place(d);
                }
                None => {
                    walk.cells[walk.blanks[k] as usize] = 0;
                    walk.tried[k] = 0;
                    if !walk.back() {
                        break;
                    }
                }
            }
        }
        (cut - self.floor, above, parts)
    }

    /// Works until the next solution, the end, or `limit` pauses it (checked before each
    /// placement).
    #[inline]
    pub(crate) fn run<L: Limit>(&mut self, limit: L) -> Event<Grid> {
        if self.done {
            return Event::Finished;
        }
        if self.at_solution {
            self.at_solution = false;
            if !self.back() {
                self.done = true;
                return Event::Finished;
            }
        }
        let mut meter = Meter::new(limit, self.counters.nodes);
        loop {
            let k = self.depth;
            if k == self.len {
                self.at_solution = true;
                self.counters.found += 1;
                return Event::Solution(Grid::from_cells(self.cells).unwrap_or_default());
            }
            let cell = self.blanks[k] as usize;
            let (r, c, b) = (row_of(cell), col_of(cell), box_of(cell));
            let used = self.rows[r] | self.cols[c] | self.boxes[b];
            // The digits above the one tried last at this blank.
            let free = DIGITS & !used & !((2u16 << self.tried[k]) - 1);
            if free == 0 {
                self.cells[cell] = 0;
                self.tried[k] = 0;
                if !self.back() {
                    self.done = true;
                    return Event::Finished;
                }
                continue;
            }
            if !meter.go_on(self.counters.nodes) {
                return Event::Paused;
            }
            let d = free.trailing_zeros() as u8;
            let bit = 1u16 << d;
            self.counters.nodes += 1;
            self.counters.guesses += 1;
            self.cells[cell] = d;
            self.rows[r] |= bit;
            self.cols[c] |= bit;
            self.boxes[b] |= bit;
            self.tried[k] = d;
            self.depth = k + 1;
        }
    }
}
