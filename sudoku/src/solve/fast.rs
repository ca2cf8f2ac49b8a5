//! The fast engine: bit-parallel candidates per digit and band, propagation by table lookups,
//! guesses on two-candidate cells, state copied on a guess.
//!
//! For each digit and each band (three rows) the candidate cells are 27 bits of a `u32`; the
//! whole state is 27 such words plus a mask of unplaced cells per band, about 230 bytes, so a
//! guess copies it onto a stack instead of undoing moves. Propagation repeats two rules until
//! nothing changes:
//!
//! - band rule, per changed (digit, band): the digit occupies one cell per row and per box of
//!   the band, so only (row, box) pairs that belong to a one-to-one pairing of rows with boxes
//!   survive (one lookup in `COMPLEX`: locked candidates and hidden singles in rows and boxes).
//!   A row left with one candidate places the digit there: the cell leaves the other digits and
//!   its column leaves the digit's other two bands.
//! - naked singles: cells with one candidate left (bit-parallel counting over the nine digits)
//!   place it; a cell with none is a contradiction.
//!
//! When propagation stalls the engine guesses on the first cell with exactly two candidates
//! (or else the first cell with the fewest): the copy with the digit removed goes on the stack,
//! the current state places it.

use crate::grid::{CELLS, Grid};

use super::tables::{BAND_PEERS, CLAIM, COMPLEX, POINT, ROW_BOXES, SINGLE, columns_mask};

const BAND: u32 = (1 << 27) - 1;
const OTHER_BANDS: [(usize, usize); 3] = [(1, 2), (0, 2), (0, 1)];

/// The candidates of a partly solved grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct State {
    /// `cand[3 * digit + band]`: cells of the band that may hold the digit (digit 0..9).
    cand: [u32; 27],
    /// The value of `cand` when the band rule last ran on it; equal means nothing to do.
    seen: [u32; 27],
    /// The value of `cand` when the stack rule last ran on it.
    seen_stacks: [u32; 27],
    /// Cells of each band not placed yet.
    unplaced: [u32; 3],
}

impl State {
    /// The state of a puzzle's givens, or `None` when two givens clash in a row or box (a clash
    /// in a column shows up as a contradiction in [`State::propagate`]).
    pub(crate) fn new(grid: &Grid) -> Option<State> {
        let mut s = State {
            cand: [BAND; 27],
            seen: [BAND; 27],
            seen_stacks: [BAND; 27],
            unplaced: [BAND; 3],
        };
        for (cell, &v) in grid.cells().iter().enumerate() {
            if v != 0 {
                let i = 3 * (v as usize - 1) + cell / 27;
                let p = cell % 27;
                if s.cand[i] & (1 << p) == 0 {
                    return None;
                }
                s.cand[i] &= !BAND_PEERS[p];
            }
        }
        Some(s)
    }

    /// True when every cell is placed (after a successful [`State::propagate`], a solution).
    #[inline]
    pub(crate) fn is_solved(&self) -> bool {
        self.unplaced[0] | self.unplaced[1] | self.unplaced[2] == 0
    }

    /// Applies the band rule, naked singles and the rules across bands until nothing
    /// changes; false on a contradiction.
    #[inline]
    pub(crate) fn propagate(&mut self) -> bool {
        // Bit i: cand[i] changed since the band rule last saw it.
        let mut dirty = 0u32;
        for i in 0..27 {
            dirty |= ((self.cand[i] != self.seen[i]) as u32) << i;
        }
        loop {
            while dirty != 0 {
                let i = dirty.trailing_zeros() as usize;
                dirty &= dirty - 1;
                match self.band_rule(i) {
                    None => return false,
                    Some(more) => dirty |= more,
                }
            }
            match self.naked_singles() {
                None => return false,
                Some(0) => {}
                Some(more) => {
                    dirty = more;
                    continue;
                }
            }
            // The cheap rules are stuck: try the rules across bands.
            for i in (0..27).step_by(3) {
                if self.cand[i] != self.seen_stacks[i]
                    || self.cand[i + 1] != self.seen_stacks[i + 1]
                    || self.cand[i + 2] != self.seen_stacks[i + 2]
                {
                    match self.stack_rule(i) {
                        None => return false,
                        Some(more) => dirty |= more,
                    }
                }
            }
            if dirty == 0 {
                return true;
            }
        }
    }

    /// The band rule on `cand[i]`; `None` on a contradiction, else the entries of `cand` it
    /// changed besides `i`.
    #[inline(always)]
    fn band_rule(&mut self, i: usize) -> Option<u32> {
        let x = self.cand[i];
        if x == self.seen[i] {
            return Some(0);
        }
        let shrink = ROW_BOXES[(x & 511) as usize]
            | ROW_BOXES[((x >> 9) & 511) as usize] << 3
            | ROW_BOXES[(x >> 18) as usize] << 6;
        let x = x & COMPLEX[shrink as usize];
        if x == 0 {
            return None;
        }
        self.cand[i] = x;
        self.seen[i] = x;
        let band = i % 3;
        let singles = SINGLE[(x & 511) as usize]
            | SINGLE[((x >> 9) & 511) as usize] << 9
            | SINGLE[(x >> 18) as usize] << 18;
        let placed = singles & self.unplaced[band];
        let mut more = 0;
        if placed != 0 {
            self.unplaced[band] &= !placed;
            // Branch-free: clear the cells from every digit of the band, then restore this
            // digit's own word.
            for d in 0..9 {
                let j = 3 * d + band;
                let old = self.cand[j];
                self.cand[j] = old & !placed;
                more |= ((old & placed != 0) as u32) << j;
            }
            self.cand[i] = x;
            more &= !(1 << i);
            let cols = columns_mask((placed | placed >> 9 | placed >> 18) & 511);
            let (b1, b2) = OTHER_BANDS[band];
            let base = i - band;
            for k in [base + b1, base + b2] {
                let old = self.cand[k];
                self.cand[k] = old & !cols;
                more |= ((old & cols != 0) as u32) << k;
            }
        }
        Some(more)
    }

    /// The rules across bands for the digit whose candidates start at `cand[i]`: pointing
    /// (a box whose candidates lie in one column clears that column in the other bands),
    /// claiming (a column whose candidates lie in one band confines the box it crosses to it)
    /// and hidden singles in columns. `None` on a column without candidates, else the entries
    /// of `cand` it changed.
    #[inline(always)]
    fn stack_rule(&mut self, i: usize) -> Option<u32> {
        let [x0, x1, x2] = [self.cand[i], self.cand[i + 1], self.cand[i + 2]];
        let fold = |x: u32| (x | x >> 9 | x >> 18) & 511;
        let (c0, c1, c2) = (fold(x0), fold(x1), fold(x2));
        if c0 | c1 | c2 != 511 {
            return None;
        }
        let once = |x: u32| {
            let (a, b, c) = (x & 511, (x >> 9) & 511, x >> 18);
            (a ^ b ^ c) & !(a & b & c)
        };
        let mut y = [x0, x1, x2];
        let only = [c0 & !(c1 | c2), c1 & !(c0 | c2), c2 & !(c0 | c1)];
        let point = [POINT[c0 as usize], POINT[c1 as usize], POINT[c2 as usize]];
        for b in 0..3 {
            let (o1, o2) = OTHER_BANDS[b];
            y[b] &= columns_mask(CLAIM[only[b] as usize]) & !columns_mask(point[o1] | point[o2]);
            let mut singles = y[b] & columns_mask(only[b] & once(y[b])) & self.unplaced[b];
            while singles != 0 {
                let p = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                y[b] &= !BAND_PEERS[p];
            }
        }
        let changed =
            ((y[0] != x0) as u32) | ((y[1] != x1) as u32) << 1 | ((y[2] != x2) as u32) << 2;
        self.cand[i..i + 3].copy_from_slice(&y);
        self.seen_stacks[i..i + 3].copy_from_slice(&y);
        Some(changed << i)
    }

    /// Places every naked single; `None` on a cell without candidates, else the entries of
    /// `cand` it changed.
    #[inline(always)]
    fn naked_singles(&mut self) -> Option<u32> {
        let mut found = 0;
        for band in 0..3 {
            let open = self.unplaced[band];
            if open == 0 {
                continue;
            }
            let (ones, twos) = self.counts(band);
            if open & !ones != 0 {
                return None;
            }
            let mut singles = open & !twos;
            while singles != 0 {
                let p = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                let mut d = band;
                // An earlier single of this pass may have taken this cell's last candidate.
                loop {
                    if d >= 27 {
                        return None;
                    }
                    if self.cand[d] & (1 << p) != 0 {
                        break;
                    }
                    d += 3;
                }
                self.cand[d] &= !BAND_PEERS[p];
                found |= 1 << d;
            }
        }
        Some(found)
    }

    /// Cells of a band with at least one and at least two candidates.
    #[inline(always)]
    fn counts(&self, band: usize) -> (u32, u32) {
        let mut ones = 0;
        let mut twos = 0;
        let mut d = band;
        while d < 27 {
            let c = self.cand[d];
            twos |= ones & c;
            ones |= c;
            d += 3;
        }
        (ones, twos)
    }

    /// The guess: `(index into cand, band cell)` of the first cell with two candidates (its
    /// lower digit), else of the first cell with the fewest. Call only on an unsolved,
    /// propagated state.
    #[inline]
    pub(crate) fn choose(&self) -> (usize, usize) {
        for band in 0..3 {
            let open = self.unplaced[band];
            if open == 0 {
                continue;
            }
            let mut ones = 0;
            let mut twos = 0;
            let mut threes = 0;
            let mut d = band;
            while d < 27 {
                let c = self.cand[d];
                threes |= twos & c;
                twos |= ones & c;
                ones |= c;
                d += 3;
            }
            let pairs = open & twos & !threes;
            if pairs != 0 {
                let p = pairs.trailing_zeros() as usize;
                return (self.first_digit(band, p), p + 27 * band);
            }
        }
        // No cell with two candidates: the first one with the fewest.
        let mut best = (usize::MAX, 0, 0);
        for band in 0..3 {
            let mut open = self.unplaced[band];
            while open != 0 {
                let p = open.trailing_zeros() as usize;
                open &= open - 1;
                let n = (0..9)
                    .filter(|d| self.cand[3 * d + band] & (1 << p) != 0)
                    .count();
                if n < best.0 {
                    best = (n, band, p);
                }
            }
        }
        let (_, band, p) = best;
        (self.first_digit(band, p), p + 27 * band)
    }

    #[inline(always)]
    fn first_digit(&self, band: usize, p: usize) -> usize {
        let mut d = band;
        while d < 27 && self.cand[d] & (1 << p) == 0 {
            d += 3;
        }
        d
    }

    /// Splits on `(index, cell)` from [`State::choose`]: `self` places the digit, the
    /// returned copy excludes it.
    #[inline(always)]
    pub(crate) fn split(&mut self, (i, cell): (usize, usize)) -> State {
        let p = cell % 27;
        let mut other = *self;
        other.cand[i] &= !(1 << p);
        self.cand[i] &= !BAND_PEERS[p];
        other
    }

    /// The grid of a solved state (every cell placed).
    pub(crate) fn solution(&self) -> Grid {
        let mut cells = [0u8; CELLS];
        for (i, &c) in self.cand.iter().enumerate() {
            let base = 27 * (i % 3);
            let digit = (i / 3) as u8 + 1;
            let mut bits = c;
            while bits != 0 {
                cells[base + bits.trailing_zeros() as usize] = digit;
                bits &= bits - 1;
            }
        }
        Grid::from_cells(cells).unwrap_or_default()
    }
}
