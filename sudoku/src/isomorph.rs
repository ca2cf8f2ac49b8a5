//! Isomorphs: the moves that turn one sudoku into an equivalent one.
//!
//! Permuting the bands, the rows inside each band, the stacks, the columns inside each stack,
//! transposing, and relabelling the digits keep every row, column and box a row, column or
//! box, so a puzzle's image has as many solutions as the puzzle, and they are the images of
//! its solutions. A solver's heuristics see a different puzzle, though: the order of cells
//! and digits decides where it guesses. Timing a solver on isomorphs of a benchmark set tells
//! whether its speed holds on puzzles it was never tuned on (`compare -- sudoku` does that).
//!
//! [`Isomorph::nth`] numbers all [`Isomorph::COUNT`] moves; [`Isomorph::for_puzzle`] draws
//! one from a seed and a puzzle's index:
//!
//! ```
//! use sudoku_engine::isomorph::Isomorph;
//! use sudoku_engine::{Grid, Solver};
//!
//! let puzzle: Grid = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
//!     .parse()
//!     .unwrap();
//! let m = Isomorph::for_puzzle(2026, 0);
//! let image = m.apply(&puzzle);
//! assert_ne!(image, puzzle);
//! assert_eq!(m.inverse().apply(&image), puzzle);
//!
//! let mut solver = Solver::new();
//! let (a, b) = (solver.count(&puzzle, 2), solver.count(&image, 2));
//! assert_eq!((a.solutions, b.solutions), (1, 1));
//! assert_eq!(b.first, Some(m.apply(&a.first.unwrap())));
//! ```

use crate::grid::{CELLS, Grid, PERMS3, nth_permutation};
use crate::puzzle_gen::rng::Rng;

/// 3! ways to order three things, to the fourth power: a line order (the bands, then the
/// lines inside each of the three).
const LINE_ORDERS: u64 = 6 * 6 * 6 * 6;
/// 9!: the relabellings of the digits.
const RELABELLINGS: u64 = 362_880;

/// One move of the sudoku symmetry group: a row order, a column order (each keeping bands,
/// or stacks, together), an optional transpose, and a relabelling of the digits.
///
/// [`Isomorph::apply`] reads output row `r`, column `c` from input row `rows[r]`, column
/// `cols[c]`, writes it at `(c, r)` instead when transposing, and relabels the digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Isomorph {
    rows: [u8; 9],
    cols: [u8; 9],
    transpose: bool,
    /// `digits[v]`: the new digit of digit `v`; `digits[0] = 0` keeps blanks blank.
    digits: [u8; 10],
}

impl Isomorph {
    /// The move that changes nothing ([`Isomorph::nth`]`(0)`).
    pub const IDENTITY: Isomorph = Isomorph {
        rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        transpose: false,
        digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    };

    /// The number of moves: 1,296 row orders x 1,296 column orders x 2 (the 3,359,232 moves
    /// of cells that keep sudoku's units) x 9! relabellings = 1,218,998,108,160. Different
    /// indices are different moves.
    pub const COUNT: u64 = LINE_ORDERS * LINE_ORDERS * 2 * RELABELLINGS;

    /// Move number `n` (`0..COUNT`), `None` past the end. The digits of `n` in a mixed radix
    /// pick, from the lowest: the band order, the row order inside each band, the stack
    /// order, the column order inside each stack, the transpose, and the relabelling (its
    /// rank among the permutations of 1-9 in lexicographic order).
    pub fn nth(n: u64) -> Option<Isomorph> {
        if n >= Self::COUNT {
            return None;
        }
        let rows = line_order(n % LINE_ORDERS);
        let n = n / LINE_ORDERS;
        let cols = line_order(n % LINE_ORDERS);
        let n = n / LINE_ORDERS;
        let transpose = n % 2 == 1;
        let digits = relabelling(n / 2);
        Some(Isomorph {
            rows,
            cols,
            transpose,
            digits,
        })
    }

    /// The move for puzzle `index` of a run seeded with `seed`: a fixed function of the two
    /// (SplitMix64, as the puzzle generator's streams), the same on every platform and in
    /// every release, so a set of isomorphs can be made again from its seed.
    pub fn for_puzzle(seed: u64, index: u64) -> Isomorph {
        let n = Rng::for_puzzle(seed, index).next_u64() % Self::COUNT;
        Self::nth(n).unwrap_or(Self::IDENTITY)
    }

    /// The image of `grid` under this move.
    pub fn apply(&self, grid: &Grid) -> Grid {
        let cells = grid.cells();
        let mut out = [0u8; CELLS];
        for (r, &from_row) in self.rows.iter().enumerate() {
            for (c, &from_col) in self.cols.iter().enumerate() {
                let v = self.digits[cells[9 * from_row as usize + from_col as usize] as usize];
                let to = if self.transpose { 9 * c + r } else { 9 * r + c };
                out[to] = v;
            }
        }
        Grid::from_checked_cells(out)
    }

    /// The move that undoes this one: `m.inverse().apply(&m.apply(g)) == *g`.
    pub fn inverse(&self) -> Isomorph {
        let invert = |order: &[u8; 9]| {
            let mut inv = [0u8; 9];
            for (k, &from) in order.iter().enumerate() {
                inv[from as usize] = k as u8;
            }
            inv
        };
        let mut digits = [0u8; 10];
        for (v, &to) in self.digits.iter().enumerate() {
            digits[to as usize] = v as u8;
        }
        let (rows, cols) = (invert(&self.rows), invert(&self.cols));
        // Undoing a transpose swaps the roles of the two orders: the image's row `c` came
        // from column `cols[c]`.
        let (rows, cols) = if self.transpose {
            (cols, rows)
        } else {
            (rows, cols)
        };
        Isomorph {
            rows,
            cols,
            transpose: self.transpose,
            digits,
        }
    }
}

/// Line order number `n` (`0..LINE_ORDERS`): the order of the three bands, then of the three
/// lines inside each band of the output, from the lowest digit of `n` in base 6.
fn line_order(n: u64) -> [u8; 9] {
    let n = n as usize;
    let bands = PERMS3[n % 6];
    let mut order = [0u8; 9];
    for (band, lines) in order.chunks_exact_mut(3).enumerate() {
        let within = PERMS3[(n / 6usize.pow(band as u32 + 1)) % 6];
        for (k, line) in lines.iter_mut().enumerate() {
            *line = 3 * bands[band] + within[k];
        }
    }
    order
}

/// Relabelling number `s` (`0..9!`): the `s`-th permutation of 1-9 in lexicographic order,
/// as `map[v]` = the new digit of `v` (`map[0] = 0`).
fn relabelling(s: u64) -> [u8; 10] {
    let mut map = [0u8; 10];
    map[1..].copy_from_slice(&nth_permutation(s, [1, 2, 3, 4, 5, 6, 7, 8, 9]));
    map
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::final_grid;

    #[test]
    fn the_first_and_the_last_moves() {
        assert_eq!(Isomorph::nth(0), Some(Isomorph::IDENTITY));
        assert_eq!(Isomorph::COUNT, 1_218_998_108_160);
        let last = Isomorph::nth(Isomorph::COUNT - 1).unwrap();
        assert_eq!(last.digits, [0, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
        assert!(last.transpose);
        assert_eq!(last.rows, [8, 7, 6, 5, 4, 3, 2, 1, 0]);
        assert_eq!(Isomorph::nth(Isomorph::COUNT), None);
    }

    #[test]
    fn seeded_moves_are_fixed() {
        let a: Vec<Isomorph> = (0..8).map(|k| Isomorph::for_puzzle(7, k)).collect();
        let b: Vec<Isomorph> = (0..8).map(|k| Isomorph::for_puzzle(7, k)).collect();
        assert_eq!(a, b);
        assert!(a.windows(2).all(|w| w[0] != w[1]));
        assert_ne!(Isomorph::for_puzzle(8, 0), a[0]);
    }

    #[test]
    fn every_line_order_keeps_bands_together_and_all_differ() {
        let mut seen = std::collections::HashSet::new();
        for n in 0..LINE_ORDERS {
            let order = line_order(n);
            for band in order.chunks_exact(3) {
                assert!(band.iter().all(|&l| l / 3 == band[0] / 3), "{order:?}");
            }
            let mut sorted = order;
            sorted.sort_unstable();
            assert_eq!(sorted, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
            assert!(seen.insert(order));
        }
    }

    #[test]
    fn relabellings_are_the_permutations_in_order() {
        assert_eq!(relabelling(0), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(relabelling(1), [0, 1, 2, 3, 4, 5, 6, 7, 9, 8]);
        assert_eq!(
            relabelling(RELABELLINGS - 1),
            [0, 9, 8, 7, 6, 5, 4, 3, 2, 1]
        );
        let mut seen = std::collections::HashSet::new();
        for s in (0..RELABELLINGS).step_by(97) {
            assert!(seen.insert(relabelling(s)));
        }
    }

    #[test]
    fn images_of_solved_grids_are_solved_and_the_inverse_undoes() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for k in 0..500 {
            crate::xorshift(&mut seed);
            let grid = final_grid(k * 1_000_003, 1 + (k % 9) as u8).unwrap();
            let m = Isomorph::nth(seed % Isomorph::COUNT).unwrap();
            let image = m.apply(&grid);
            assert!(image.is_valid_solution(), "{m:?}");
            assert_eq!(m.inverse().apply(&image), grid, "{m:?}");
            assert_eq!(m.inverse().inverse(), m);
        }
    }
}
