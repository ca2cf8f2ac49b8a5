//! The pencil-marks board the techniques read: placed digits and, for every blank cell, the
//! digits still possible there. Independent of the solving engines.

use crate::grid::{CELLS, Grid, box_of, col_of, row_of};

/// A set of digits 1-9 as bits 1..=9.
pub(crate) type Digits = u16;

/// All nine digits.
pub(crate) const ALL: Digits = 0b11_1111_1110;

/// The 27 units: rows 0-8, columns 9-17, boxes 18-26, each as its nine cells in order.
pub(crate) const UNITS: [[u8; 9]; 27] = units();

const fn units() -> [[u8; 9]; 27] {
    let mut u = [[0u8; 9]; 27];
    let mut k = 0;
    while k < 9 {
        let mut i = 0;
        while i < 9 {
            u[k][i] = (9 * k + i) as u8;
            u[9 + k][i] = (9 * i + k) as u8;
            u[18 + k][i] = ((k / 3) * 27 + (k % 3) * 3 + (i / 3) * 9 + i % 3) as u8;
            i += 1;
        }
        k += 1;
    }
    u
}

/// The units of a cell: its row, column and box (as unit numbers).
pub(crate) fn units_of(cell: usize) -> [usize; 3] {
    [row_of(cell), 9 + col_of(cell), 18 + box_of(cell)]
}

/// Where each cell sits in its three units: (unit, position 0..9) for its row, column, box.
const SLOTS: [[(u8, u8); 3]; CELLS] = slots();

const fn slots() -> [[(u8, u8); 3]; CELLS] {
    let mut s = [[(0u8, 0u8); 3]; CELLS];
    let mut u = 0;
    while u < 27 {
        let mut i = 0;
        while i < 9 {
            let cell = UNITS[u][i] as usize;
            s[cell][u / 9] = (u as u8, i as u8);
            i += 1;
        }
        u += 1;
    }
    s
}

/// True when two distinct cells share a row, column or box.
pub(crate) fn sees(a: usize, b: usize) -> bool {
    a != b && (row_of(a) == row_of(b) || col_of(a) == col_of(b) || box_of(a) == box_of(b))
}

/// The digits of a set, smallest first.
pub(crate) fn digits(set: Digits) -> impl Iterator<Item = u8> {
    (1..=9u8).filter(move |d| set & (1 << d) != 0)
}

/// Placed digits and candidates. A placed cell has no candidates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Board {
    values: [u8; CELLS],
    cand: [Digits; CELLS],
    /// `places[u][d]`: the positions in unit `u` where `d` is a candidate, kept up to date
    /// with `cand` so the unit-wise techniques read them without a scan.
    places: [[u16; 10]; 27],
    /// Cells still blank.
    blanks: u8,
}

impl Board {
    /// The board of a puzzle: its givens placed, every blank cell's candidates the digits no
    /// peer holds.
    pub(crate) fn new(puzzle: &Grid) -> Board {
        let mut b = Board {
            values: [0; CELLS],
            cand: [ALL; CELLS],
            places: [[0b1_1111_1111; 10]; 27],
            blanks: CELLS as u8,
        };
        for cell in 0..CELLS {
            let d = puzzle.get(cell);
            if d != 0 {
                b.place(cell, d);
            }
        }
        b
    }

    /// The digit placed in `cell`, 0 if blank.
    pub(crate) fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// The candidates of `cell` (empty once placed).
    pub(crate) fn cand(&self, cell: usize) -> Digits {
        self.cand[cell]
    }

    /// True when `d` is a candidate of `cell`.
    pub(crate) fn has(&self, cell: usize, d: u8) -> bool {
        self.cand[cell] & (1 << d) != 0
    }

    /// Places `d` in `cell` and removes it from the candidates of the cell's peers.
    pub(crate) fn place(&mut self, cell: usize, d: u8) {
        if self.values[cell] == 0 {
            self.blanks -= 1;
        }
        self.values[cell] = d;
        for e in digits(self.cand[cell]) {
            self.eliminate(cell, e);
        }
        for u in units_of(cell) {
            for &c in &UNITS[u] {
                self.eliminate(c as usize, d);
            }
        }
    }

    /// Removes `d` from the candidates of `cell`.
    pub(crate) fn eliminate(&mut self, cell: usize, d: u8) {
        let bit = 1 << d;
        if self.cand[cell] & bit != 0 {
            self.cand[cell] &= !bit;
            for (u, i) in SLOTS[cell] {
                self.places[u as usize][d as usize] &= !(1 << i);
            }
        }
    }

    /// True when no cell is blank.
    pub(crate) fn is_solved(&self) -> bool {
        self.blanks == 0
    }

    /// A blank cell without candidates (only when the puzzle has no solution).
    pub(crate) fn is_broken(&self) -> bool {
        (0..CELLS).any(|c| self.values[c] == 0 && self.cand[c] == 0)
    }

    /// The cells of unit `u` (positions 0..9 as bits) where `d` is a candidate.
    pub(crate) fn places(&self, u: usize, d: u8) -> u16 {
        self.places[u][d as usize]
    }

    /// The grid of placed digits.
    pub(crate) fn grid(&self) -> Grid {
        Grid::from_cells(self.values).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_and_peers() {
        assert_eq!(UNITS[0], [0, 1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(UNITS[9], [0, 9, 18, 27, 36, 45, 54, 63, 72]);
        assert_eq!(UNITS[26], [60, 61, 62, 69, 70, 71, 78, 79, 80]);
        assert_eq!(units_of(40), [4, 13, 22]);
        assert!(!sees(0, 80) && sees(0, 20) && sees(0, 72) && !sees(5, 5));
        assert_eq!((0..81).filter(|&c| sees(40, c)).count(), 20);
    }

    #[test]
    fn placing_removes_the_digit_from_peers() {
        let mut g = Grid::EMPTY;
        g.set(0, 5).unwrap();
        let b = Board::new(&g);
        assert_eq!(b.value(0), 5);
        assert_eq!(b.cand(0), 0);
        assert!(!b.has(8, 5) && !b.has(72, 5) && !b.has(20, 5) && b.has(80, 5));
        assert_eq!(b.places(0, 5), 0);
        assert_eq!(b.places(8, 5), 0b1_1111_1110);
        assert_eq!(digits(b.cand(1)).count(), 8);
        assert!(!b.is_solved() && !b.is_broken());
        assert_eq!(b.grid(), g);
    }

    #[test]
    fn places_follow_the_candidates() {
        // The kept masks must equal a scan of the candidates after any mix of moves.
        let mut b = Board::new(
            &"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .parse()
                .unwrap(),
        );
        b.eliminate(0, 4);
        b.eliminate(0, 4);
        b.place(1, 4);
        for (u, unit) in UNITS.iter().enumerate() {
            for d in 1..=9u8 {
                let scan = unit
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| b.has(c as usize, d))
                    .fold(0u16, |m, (i, _)| m | 1 << i);
                assert_eq!(b.places(u, d), scan, "unit {u} digit {d}");
            }
        }
        assert_eq!(
            b.blanks as usize,
            (0..CELLS).filter(|&c| b.value(c) == 0).count()
        );
    }
}
