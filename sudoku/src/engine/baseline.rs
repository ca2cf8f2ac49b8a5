//! The seed's solver, kept as the oracle and the yardstick: depth-first search over the blank
//! cells in row-major order, digits tried from 1 to 9, with a bitset of used digits per row,
//! column and box. No propagation, no cell ordering.

use crate::grid::{CELLS, Grid, box_of, col_of, row_of};

use super::Count;

struct Dfs {
    cells: [u8; CELLS],
    blanks: Vec<u8>,
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
    limit: u64,
    count: Count,
}

impl Dfs {
    fn go(&mut self, k: usize) -> bool {
        if k == self.blanks.len() {
            self.count.solutions += 1;
            if self.count.first.is_none() {
                self.count.first = Grid::from_cells(self.cells);
            }
            return self.count.solutions >= self.limit;
        }
        let cell = self.blanks[k] as usize;
        let (r, c, b) = (row_of(cell), col_of(cell), box_of(cell));
        let used = self.rows[r] | self.cols[c] | self.boxes[b];
        for d in 1..=9u8 {
            let bit = 1u16 << d;
            if used & bit != 0 {
                continue;
            }
            self.count.guesses += 1;
            self.cells[cell] = d;
            self.rows[r] |= bit;
            self.cols[c] |= bit;
            self.boxes[b] |= bit;
            let stop = self.go(k + 1);
            self.rows[r] &= !bit;
            self.cols[c] &= !bit;
            self.boxes[b] &= !bit;
            if stop {
                return true;
            }
        }
        self.cells[cell] = 0;
        false
    }
}

/// Counts solutions up to `limit` (the first one kept) by plain row-major backtracking.
/// `guesses` counts digit placements tried. A clash among the givens gives 0 solutions.
pub fn count_solutions(grid: &Grid, limit: u64) -> Count {
    let mut dfs = Dfs {
        cells: *grid.cells(),
        blanks: Vec::with_capacity(CELLS),
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
        limit: limit.max(1),
        count: Count::default(),
    };
    if limit == 0 || grid.clash().is_some() {
        return dfs.count;
    }
    for (cell, &v) in grid.cells().iter().enumerate() {
        if v == 0 {
            dfs.blanks.push(cell as u8);
        } else {
            let bit = 1u16 << v;
            dfs.rows[row_of(cell)] |= bit;
            dfs.cols[col_of(cell)] |= bit;
            dfs.boxes[box_of(cell)] |= bit;
        }
    }
    dfs.go(0);
    dfs.count
}

/// The first solution in the baseline's order (digits ascending, cells row-major), if any.
pub fn solve(grid: &Grid) -> Option<Grid> {
    count_solutions(grid, 1).first
}
