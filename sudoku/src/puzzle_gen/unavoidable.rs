//! Two-digit unavoidable sets of a solved grid: the removal loop's cheap "no" answer.
//!
//! Take two digits `a` and `b` of a solved grid and link the cell holding `a` to the cell
//! holding `b` in every row, column and box. A connected part of these links is closed: each
//! row, column and box holds both of its cells or neither, so swapping `a` and `b` inside it
//! gives another solved grid that differs from the first only there. A puzzle whose givens
//! miss every cell of such a part therefore has two or more solutions. The removal loop keeps
//! a count of givens per part; a removal that would empty a part is refused without a solver
//! call, which is what the solver would have said, so the puzzles made are the same.

use crate::grid::{CELLS, Grid, box_of, col_of, row_of};

/// The two-digit parts of a solved grid, and how many givens each still has.
#[derive(Clone, Debug)]
pub(crate) struct Unavoidable {
    /// The parts each cell is in: one per other digit (8), as indexes into `givens`.
    parts_of: [[u8; 8]; CELLS],
    /// Givens left in each part.
    givens: Vec<u8>,
}

impl Unavoidable {
    /// The parts of `solution` (a valid solved grid), every cell given.
    pub(crate) fn new(solution: &Grid) -> Unavoidable {
        let cells = solution.cells();
        // Where digit d is in row r, column k and box x, as a cell.
        let mut in_row = [[0u8; 10]; 9];
        let mut in_col = [[0u8; 10]; 9];
        let mut in_box = [[0u8; 10]; 9];
        for (cell, &d) in cells.iter().enumerate() {
            let d = d as usize;
            in_row[row_of(cell)][d] = cell as u8;
            in_col[col_of(cell)][d] = cell as u8;
            in_box[box_of(cell)][d] = cell as u8;
        }
        let mut parts_of = [[0u8; 8]; CELLS];
        let mut filled = [0usize; CELLS];
        let mut givens = Vec::new();
        for a in 1..=9usize {
            for b in a + 1..=9 {
                // A row's two cells are always linked, so a node is a row (both its cells);
                // the columns and boxes link the row of their `a` to the row of their `b`.
                let mut root: [u8; 9] = std::array::from_fn(|n| n as u8);
                for k in 0..9 {
                    for (ca, cb) in [(in_col[k][a], in_col[k][b]), (in_box[k][a], in_box[k][b])] {
                        let x = find(&mut root, ca as usize / 9);
                        let y = find(&mut root, cb as usize / 9);
                        root[x] = y as u8;
                    }
                }
                // Number the parts of this pair and file each cell under its part.
                let mut part = [u8::MAX; 9];
                for (r, row) in in_row.iter().enumerate() {
                    let top = find(&mut root, r);
                    if part[top] == u8::MAX {
                        part[top] = givens.len() as u8;
                        givens.push(0);
                    }
                    for digit in [a, b] {
                        let cell = row[digit] as usize;
                        parts_of[cell][filled[cell]] = part[top];
                        filled[cell] += 1;
                    }
                    givens[part[top] as usize] += 2;
                }
            }
        }
        Unavoidable { parts_of, givens }
    }

    /// Takes the given at `cell` away.
    pub(crate) fn remove(&mut self, cell: usize) {
        for &p in &self.parts_of[cell] {
            self.givens[p as usize] -= 1;
        }
    }

    /// Gives `cell` back.
    pub(crate) fn restore(&mut self, cell: usize) {
        for &p in &self.parts_of[cell] {
            self.givens[p as usize] += 1;
        }
    }

    /// True when some part containing `cell` has no given left (so the puzzle has two or
    /// more solutions).
    pub(crate) fn emptied_at(&self, cell: usize) -> bool {
        self.parts_of[cell]
            .iter()
            .any(|&p| self.givens[p as usize] == 0)
    }
}

/// The root of `n`, halving paths as it goes.
fn find(root: &mut [u8; 9], mut n: usize) -> usize {
    while root[n] as usize != n {
        root[n] = root[root[n] as usize];
        n = root[n] as usize;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle_gen::fill::random_solution;
    use crate::puzzle_gen::rng::Rng;
    use crate::search::Solver;

    #[test]
    fn every_part_is_closed_and_an_emptied_part_means_two_solutions() {
        let mut solver = Solver::new();
        for i in 0..5 {
            let solution = random_solution(&mut Rng::for_puzzle(11, i));
            let mut u = Unavoidable::new(&solution);
            // 36 pairs, 18 cells each: every cell is counted once per other digit.
            assert_eq!(u.givens.iter().map(|&n| n as usize).sum::<usize>(), 36 * 18);
            for part in 0..u.givens.len() {
                let cells: Vec<usize> = (0..CELLS)
                    .filter(|&c| u.parts_of[c].contains(&(part as u8)))
                    .collect();
                // Blanking a part leaves a puzzle with another solution.
                let mut p = solution;
                for &c in &cells {
                    p.set(c, 0);
                }
                assert!(
                    solver.count(&p, 2).solutions >= 2,
                    "part {part} of grid {i}"
                );
                for &c in &cells {
                    u.remove(c);
                }
                assert!(cells.iter().all(|&c| u.emptied_at(c)));
                for &c in &cells {
                    u.restore(c);
                }
                assert!(!cells.iter().any(|&c| u.emptied_at(c)));
            }
        }
    }
}
