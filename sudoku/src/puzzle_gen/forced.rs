//! A cheap sufficient test for the removal loop: a given whose cell the other givens force by
//! a single (naked: its peers hold the eight other digits; hidden: its digit has no other
//! place in one of its units) can go without changing the puzzle's solutions, so no solver
//! call is needed to know the puzzle stays unique. The test only answers "yes, forced" or "do
//! not know"; the solver decides the rest, so the puzzles made are the same either way.

use crate::grid::{CELLS, Grid, box_of, col_of, row_of};

/// The digits of the givens per row, column and box (bits 1..=9), kept as givens go.
#[derive(Clone, Debug)]
pub(crate) struct Givens {
    cells: [u8; CELLS],
    /// `used[0][row]`, `used[1][col]`, `used[2][box]`.
    used: [[u16; 9]; 3],
}

impl Givens {
    pub(crate) fn new(puzzle: &Grid) -> Givens {
        let mut g = Givens {
            cells: *puzzle.cells(),
            used: [[0; 9]; 3],
        };
        for c in 0..CELLS {
            let d = g.cells[c];
            if d != 0 {
                g.toggle(c, d);
            }
        }
        g
    }

    fn toggle(&mut self, cell: usize, d: u8) {
        self.used[0][row_of(cell)] ^= 1 << d;
        self.used[1][col_of(cell)] ^= 1 << d;
        self.used[2][box_of(cell)] ^= 1 << d;
    }

    /// Blanks `cell` (a given).
    pub(crate) fn remove(&mut self, cell: usize) {
        let d = self.cells[cell];
        if d != 0 {
            self.toggle(cell, d);
            self.cells[cell] = 0;
        }
    }

    /// Gives `cell` the digit `d` again (it was blank).
    pub(crate) fn restore(&mut self, cell: usize, d: u8) {
        if self.cells[cell] == 0 && d != 0 {
            self.cells[cell] = d;
            self.toggle(cell, d);
        }
    }

    /// The digits the givens rule out at `cell`.
    fn seen(&self, cell: usize) -> u16 {
        self.used[0][row_of(cell)] | self.used[1][col_of(cell)] | self.used[2][box_of(cell)]
    }

    /// True when blank `cell` must hold `d` by a naked or hidden single on the givens alone.
    pub(crate) fn forces(&self, cell: usize, d: u8) -> bool {
        const ALL: u16 = 0b11_1111_1110;
        let bit = 1u16 << d;
        let seen = self.seen(cell);
        if seen & bit != 0 {
            return false;
        }
        if seen | bit == ALL {
            return true;
        }
        // Hidden single: every other blank cell of one unit has `d` among its seen digits.
        let (r, c) = (row_of(cell), col_of(cell));
        let (br, bc) = (3 * (r / 3), 3 * (c / 3));
        self.alone(cell, bit, (0..9).map(|k| 9 * r + k))
            || self.alone(cell, bit, (0..9).map(|k| 9 * k + c))
            || self.alone(cell, bit, (0..9).map(|k| 9 * (br + k / 3) + bc + k % 3))
    }

    /// True when `cell` is the only blank cell of `unit` where the digit `bit` can go.
    fn alone(&self, cell: usize, bit: u16, mut unit: impl Iterator<Item = usize>) -> bool {
        unit.all(|e| e == cell || self.cells[e] != 0 || self.seen(e) & bit != 0)
    }
}
