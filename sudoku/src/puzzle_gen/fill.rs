//! A random solved grid: a backtracking fill, fewest-candidates cell first, digits in random
//! order. Every valid grid can come out (not uniformly, as with every simple generator).

use super::rng::Rng;
use crate::grid::{CELLS, Grid, box_of, col_of, row_of};

/// A random solved grid.
pub(crate) fn random_solution(rng: &mut Rng) -> Grid {
    let mut f = Fill {
        cells: [0; CELLS],
        used: [[0; 9]; 3],
    };
    // The empty grid always completes, so the fill succeeds; the fallback is never taken.
    if f.fill(rng) {
        Grid::from_cells(f.cells).unwrap_or_default()
    } else {
        Grid::EMPTY
    }
}

/// The size of every digit set (bits 1..=9, shifted down by one): a table lookup, cheaper
/// than a software popcount where the target has no popcount instruction, in the scan the
/// fill makes at every level.
const FREE_COUNT: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut i = 0;
    while i < 512 {
        t[i] = (i as u16).count_ones() as u8;
        i += 1;
    }
    t
};

struct Fill {
    cells: [u8; CELLS],
    /// Digits used per row, column and box, as bits 1..=9.
    used: [[u16; 9]; 3],
}

impl Fill {
    fn free(&self, cell: usize) -> u16 {
        !(self.used[0][row_of(cell)] | self.used[1][col_of(cell)] | self.used[2][box_of(cell)])
            & 0b11_1111_1110
    }

    fn set(&mut self, cell: usize, d: u8, on: bool) {
        let bit = 1u16 << d;
        for (k, i) in [row_of(cell), col_of(cell), box_of(cell)]
            .into_iter()
            .enumerate()
        {
            if on {
                self.used[k][i] |= bit;
            } else {
                self.used[k][i] &= !bit;
            }
        }
        self.cells[cell] = if on { d } else { 0 };
    }

    fn fill(&mut self, rng: &mut Rng) -> bool {
        let mut best = None;
        let mut fewest = 10u8;
        for cell in 0..CELLS {
            if self.cells[cell] == 0 {
                let n = FREE_COUNT[(self.free(cell) >> 1) as usize];
                if n < fewest {
                    fewest = n;
                    best = Some(cell);
                }
            }
        }
        let Some(cell) = best else { return true };
        let free = self.free(cell);
        // The free digits in increasing order, shuffled in place (no allocation per level).
        let mut order = [0u8; 9];
        let mut n = 0;
        for d in (1..=9).filter(|d| free & (1 << d) != 0) {
            order[n] = d;
            n += 1;
        }
        let order = &mut order[..n];
        rng.shuffle(order);
        for &d in order.iter() {
            self.set(cell, d, true);
            if self.fill(rng) {
                return true;
            }
            self.set(cell, d, false);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_are_valid_and_differ() {
        let grids: Vec<Grid> = (0..20)
            .map(|i| random_solution(&mut Rng::for_puzzle(3, i)))
            .collect();
        assert!(grids.iter().all(Grid::is_valid_solution));
        let mut d = grids.clone();
        d.sort();
        d.dedup();
        assert_eq!(d.len(), grids.len());
    }
}
