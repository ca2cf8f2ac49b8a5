//! A puzzle's first state: its givens placed all at once, four words a vector.

use wide::{u8x16, u32x4};

use super::triads::fold_v;
use super::words::{columns_v, lanes4, units_of};
use super::{BAND, State};
use crate::engine::tables::columns_mask;
use crate::grid::{CELLS, Grid};

impl State {
    /// The state of a puzzle's givens, or `None` when two givens clash.
    ///
    /// Givens are placed directly (the cell leaves the other digits, its row and box leave
    /// its digit in the band, its column leaves the digit's other bands), so the first
    /// propagation starts from their consequences instead of rediscovering each one. The
    /// givens are first gathered into one mask per digit and band (one pass over the cells,
    /// no branch per cell), then every word is computed once from the masks: placing the
    /// givens one by one touched nine words per given, a large share of the time of an easy
    /// puzzle. The words are computed four to a vector, with no loop over a word's givens:
    /// a clash is found by counting the rows and boxes that hold a given.
    #[inline(always)]
    pub(crate) fn new(grid: &Grid) -> Option<State> {
        // The givens of each digit, one mask per band: the 81 cells, padded with blanks to
        // six vectors of sixteen, compared with the digit, each compare's bits taken at once
        // (a byte compare and a movemask a vector). No branch and no work per cell.
        let mut padded = [0u8; 96];
        padded[..CELLS].copy_from_slice(grid.cells());
        let mut sixteens = [u8x16::ZERO; 6];
        for (v, chunk) in sixteens.iter_mut().zip(padded.chunks_exact(16)) {
            let mut bytes = [0u8; 16];
            bytes.copy_from_slice(chunk);
            *v = u8x16::new(bytes);
        }
        let mut givens = [0u32; 27];
        for d in 0..9 {
            let value = u8x16::splat(d as u8 + 1);
            let bits = |j: usize| u64::from(sixteens[j].simd_eq(value).to_bitmask());
            let lo = bits(0) | bits(1) << 16 | bits(2) << 32 | bits(3) << 48;
            let hi = bits(4) | bits(5) << 16;
            givens[d] = lo as u32 & BAND;
            givens[9 + d] = (lo >> 27) as u32 & BAND;
            givens[18 + d] = (lo >> 54 | hi << 10) as u32 & BAND;
        }
        // Then every word at once from the masks, four words a vector: the words of digits
        // 0..4 and 4..8 of each band, and digit 8 of the three bands in one vector. A word
        // keeps the open cells outside the rows and boxes of its digit's givens and the
        // columns of all the digit's givens, and its givens. The digit's columns in its own
        // band lie in the boxes of its givens there, so one set of columns per digit serves
        // every band.
        let open: [u32; 3] = std::array::from_fn(|band| {
            BAND & !givens[9 * band..9 * band + 9].iter().fold(0, |a, &g| a | g)
        });
        let mut cand = [BAND; 27];
        // Two givens of a digit in one row or box of a band leave fewer rows and boxes with
        // a given than givens (`held` counts them, see `units_of`); in one column of two
        // bands, `clash`.
        let mut held = u32x4::ZERO;
        let mut clash = u32x4::ZERO;
        for half in 0..2 {
            // Written out: `array::map` here is a call the compiler does not inline.
            let x = [
                lanes4(&givens, 4 * half),
                lanes4(&givens, 9 + 4 * half),
                lanes4(&givens, 18 + 4 * half),
            ];
            let [f0, f1, f2] = [fold_v(x[0]), fold_v(x[1]), fold_v(x[2])];
            clash |= (f0 & f1) | (f0 & f2) | (f1 & f2);
            let taken = columns_v(f0 | f1 | f2);
            for (band, x) in x.into_iter().enumerate() {
                let (units, counts) = units_of(x);
                held += counts;
                let c = (u32x4::splat(open[band]) & !(units | taken)) | x;
                let at = 9 * band + 4 * half;
                cand[at..at + 4].copy_from_slice(&c.to_array());
            }
        }
        let x = u32x4::new([givens[8], givens[17], givens[26], 0]);
        let [c0, c1, c2, _] = fold_v(x).to_array();
        clash |= u32x4::splat((c0 & c1) | (c0 & c2) | (c1 & c2));
        let (units, counts) = units_of(x);
        held += counts;
        let open8 = u32x4::new([open[0], open[1], open[2], 0]);
        let taken = u32x4::splat(columns_mask(c0 | c1 | c2));
        let [w8, w17, w26, _] = ((open8 & !(units | taken)) | x).to_array();
        (cand[8], cand[17], cand[26]) = (w8, w17, w26);
        let mut s = State {
            cand,
            unplaced: open,
            band_dirty: 0,
            stack_dirty: 0,
        };
        // With no clash each given has a row and a box of its own: as many rows with a given,
        // and as many boxes, as givens.
        let given_count = 81 - s.open_cells();
        let held = held.reduce_add();
        let held = (held & 511) + (held >> 9 & 511) + (held >> 18);
        if clash.simd_eq(u32x4::ZERO).to_bitmask() != 15 || held != 2 * given_count {
            return None;
        }
        for (band, &open) in open.iter().enumerate() {
            // The words that differ from the full band: all nine when the band has a given
            // (a filled cell leaves every other digit, and the digit's own given the rest
            // of its row), else those of digits whose column is taken in another band.
            let changed = if open != BAND {
                511
            } else {
                let words = s.band_words(band);
                (0..9).fold(0, |m, d| m | ((words[d] != BAND) as u32) << d)
            };
            s.band_dirty |= changed << (9 * band);
        }
        s.stack_dirty = s.band_dirty | State::mode(given_count);
        Some(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fast::{FULL_MODE, LATE, OTHER_BANDS, PAIRS};
    use crate::engine::tables::{BAND_PEERS, columns_mask};

    /// The givens placed one at a time, the way the construction is defined.
    fn one_by_one(grid: &Grid) -> Option<State> {
        let mut s = State {
            cand: [BAND; 27],
            unplaced: [BAND; 3],
            band_dirty: 0,
            stack_dirty: 0,
        };
        for (cell, &v) in grid.cells().iter().enumerate() {
            if v != 0 {
                let band = cell / 27;
                let digit = v as usize - 1;
                let i = 9 * band + digit;
                let bit = 1 << (cell % 27);
                if s.cand[i] & bit == 0 {
                    return None;
                }
                for c in &mut s.cand[9 * band..9 * band + 9] {
                    *c &= !bit;
                }
                s.cand[i] = (s.cand[i] & !BAND_PEERS[cell % 27]) | bit;
                let (b1, b2) = OTHER_BANDS[band];
                let col = columns_mask(1 << (cell % 9));
                s.cand[9 * b1 + digit] &= !col;
                s.cand[9 * b2 + digit] &= !col;
                s.unplaced[band] &= !bit;
            }
        }
        for (i, &c) in s.cand.iter().enumerate() {
            s.band_dirty |= ((c != BAND) as u32) << i;
        }
        // The mode: 17 to 29 givens the full inference, more the cheap rules without the
        // rules across bands, fewer the cheap rules.
        let givens = grid.cells().iter().filter(|&&v| v != 0).count() as u32;
        s.stack_dirty = s.band_dirty
            | match givens {
                0..17 => 0,
                17..=29 => FULL_MODE | PAIRS,
                _ => LATE,
            };
        Some(s)
    }

    #[test]
    fn gathered_givens_make_the_state_of_givens_placed_one_by_one() {
        let solved: Grid = crate::SOLVED.parse().unwrap();
        // Random subsets of a solution's givens (no clash) with a few random givens added
        // (a clash, or not).
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut clashes = 0;
        for _ in 0..2000 {
            let mut cells = [0u8; CELLS];
            for (k, c) in cells.iter_mut().enumerate() {
                crate::xorshift(&mut seed);
                *c = match seed % 40 {
                    0..8 => solved.get(k),
                    8 => (seed >> 8) as u8 % 10,
                    _ => 0,
                };
            }
            let g = Grid::from_cells(cells).unwrap();
            let s = State::new(&g);
            assert_eq!(s, one_by_one(&g), "{g}");
            clashes += s.is_none() as u32;
        }
        assert!((200..1800).contains(&clashes), "{clashes} clashes");
        assert_eq!(State::new(&solved), one_by_one(&solved));
        assert_eq!(State::new(&Grid::EMPTY), one_by_one(&Grid::EMPTY));
    }
}
