//! Generation of distinct solved grids ("finals") with a chosen top-left digit.
//!
//! Every final is a symmetry image of one base grid: a position transform `T` (row and column
//! moves that keep the top-left cell in place, and the transpose) followed by a relabelling
//! `σ` of the digits that sends the base's top-left digit to the chosen one:
//!
//! - digits: the 8! = 40,320 ways to relabel the other eight digits;
//! - rows: swap rows 2 and 3 (2), permute rows 4-6 (3!) and rows 7-9 (3!), swap the lower two
//!   bands (2): 144 moves;
//! - columns: the same 144 moves on columns; the transpose (2).
//!
//! That is 40,320 x 41,472 = 1,672,151,040 finals per top-left digit ([`MAX_FINALS`]). They
//! are pairwise distinct because the base grid has no symmetry among these moves (no `T`
//! other than the identity maps it onto a relabelling of itself; a test checks all 41,472):
//! if `σ∘B∘T = σ'∘B∘T'` then `B∘T'T⁻¹` is a relabelling of `B`, so `T = T'` and `σ = σ'`.
//!
//! The order starts with the seed's scheme: the first 8! x 3! x 3! = 1,451,520 finals
//! ([`SEED_FINALS`]) use only digit relabellings and the row permutations inside the lower two
//! bands. Index `n` maps to its final in constant time ([`final_grid`], `Iterator::nth`), so
//! any range can be produced (or resumed) independently and in parallel.

use crate::error::GenerateError;
use crate::grid::{CELLS, Grid, PERMS3, nth_permutation};

/// Digit relabellings that fix the top-left digit: 8!.
pub const DIGIT_PERMUTATIONS: u64 = 40_320;
/// Position transforms that keep the top-left cell: 144 row moves x 144 column moves x 2.
pub const TRANSFORMS: u64 = 41_472;
/// Distinct finals per top-left digit.
pub const MAX_FINALS: u64 = DIGIT_PERMUTATIONS * TRANSFORMS;
/// Size of the seed's scheme (8! x 3! x 3!): the first finals of the order.
pub const SEED_FINALS: u64 = DIGIT_PERMUTATIONS * 36;

/// The base grid. Chosen for having no symmetry under the moves above (checked by a test).
const BASE: &[u8; 81] =
    b"468931527751624839392578461134756298289413675675289314846192753513867942927345186";

/// Row (or column) order of a transform: output line `k` takes base line `map[k]`.
fn line_map(swap_first: bool, band1: usize, band2: usize, swap_bands: bool) -> [u8; 9] {
    let within = [
        if swap_first { [0, 2, 1] } else { [0, 1, 2] },
        PERMS3[band1],
        PERMS3[band2],
    ];
    let mut map = [0u8; 9];
    for (k, m) in map.iter_mut().enumerate() {
        let band = k / 3;
        let src_band = if swap_bands && band > 0 {
            3 - band
        } else {
            band
        };
        *m = (3 * src_band) as u8 + within[band][k % 3];
    }
    map
}

/// Transform `t` (0..TRANSFORMS) as its row map, column map and whether it transposes.
fn transform(t: u64) -> ([u8; 9], [u8; 9], bool) {
    let t = t as usize;
    let rows = line_map((t / 36) % 2 == 1, t % 6, (t / 6) % 6, (t / 72) % 2 == 1);
    let rest = t / 144;
    let cols = line_map(
        rest % 2 == 1,
        (rest / 2) % 6,
        (rest / 12) % 6,
        (rest / 72) % 2 == 1,
    );
    (rows, cols, (rest / 144) % 2 == 1)
}

/// The base grid moved by transform `t` (0..TRANSFORMS), digits 1-9.
fn transformed_base(t: u64) -> [u8; CELLS] {
    let (rows, cols, transpose) = transform(t);
    let mut out = [0u8; CELLS];
    for r in 0..9 {
        for c in 0..9 {
            let v = BASE[9 * rows[r] as usize + cols[c] as usize] - b'0';
            if transpose {
                out[9 * c + r] = v;
            } else {
                out[9 * r + c] = v;
            }
        }
    }
    out
}

/// The relabelling for digit permutation `s` (0..8!): `map[v]` is the new digit of base digit
/// `v` (index 0 unused). The base's top-left digit goes to `top_left`; the other eight, in
/// increasing order, go to the other eight digits in the `s`-th permutation (lexicographic).
fn relabelling(s: u64, top_left: u8) -> [u8; 10] {
    let z = BASE[0] - b'0';
    let mut free: [u8; 8] = [0; 8];
    let mut k = 0;
    for d in 1..=9u8 {
        if d != top_left {
            free[k] = d;
            k += 1;
        }
    }
    let mut map = [0u8; 10];
    map[z as usize] = top_left;
    let digits = nth_permutation(s, free);
    for (v, d) in (1..=9u8).filter(|&v| v != z).zip(digits) {
        map[v as usize] = d;
    }
    map
}

/// Final number `n` (0-based) with top-left digit `top_left`: `None` if `n >= MAX_FINALS` or
/// the digit is not 1-9. Constant time.
pub fn final_grid(n: u64, top_left: u8) -> Option<Grid> {
    if n >= MAX_FINALS || !(1..=9).contains(&top_left) {
        return None;
    }
    let base = transformed_base(n / DIGIT_PERMUTATIONS);
    let map = relabelling(n % DIGIT_PERMUTATIONS, top_left);
    let mut cells = [0u8; CELLS];
    for (c, &v) in cells.iter_mut().zip(base.iter()) {
        *c = map[v as usize];
    }
    Grid::from_cells(cells)
}

/// The finals in order, as an iterator (`nth` and `skip` jump in constant time).
///
/// ```
/// use sudoku_engine::generate::Finals;
///
/// let finals = Finals::new(5, 1000).unwrap();
/// let all: Vec<_> = finals.clone().collect();
/// assert_eq!(all.len(), 1000);
/// assert!(all.iter().all(|g| g.is_valid_solution() && g.get(0) == 5));
/// assert_eq!(finals.clone().nth(999), Some(all[999]));
/// ```
#[derive(Clone, Debug)]
pub struct Finals {
    top_left: u8,
    next: u64,
    end: u64,
    /// The transform whose grid `base` holds.
    transform: u64,
    base: [u8; CELLS],
}

impl Finals {
    /// The first `count` finals with top-left digit `top_left`.
    pub fn new(top_left: u8, count: u64) -> Result<Finals, GenerateError> {
        Self::range(top_left, 0, count)
    }

    /// Finals `start..start + count`, to resume or split a long run.
    pub fn range(top_left: u8, start: u64, count: u64) -> Result<Finals, GenerateError> {
        if !(1..=9).contains(&top_left) {
            return Err(GenerateError::BadDigit(top_left));
        }
        let end = start
            .checked_add(count)
            .filter(|&e| e <= MAX_FINALS)
            .ok_or(GenerateError::TooMany {
                asked: start.saturating_add(count),
                max: MAX_FINALS,
            })?;
        Ok(Finals {
            top_left,
            next: start,
            end,
            transform: 0,
            base: transformed_base(0),
        })
    }

    /// Index of the next final.
    pub fn position(&self) -> u64 {
        self.next
    }

    /// Appends the next final in the nine-line text format (162 bytes), without a separator;
    /// false when none is left. The fast path of file generation: no `Grid` in between.
    pub fn write_next_block(&mut self, out: &mut Vec<u8>) -> bool {
        if self.next >= self.end {
            return false;
        }
        let t = self.next / DIGIT_PERMUTATIONS;
        if t != self.transform {
            self.transform = t;
            self.base = transformed_base(t);
        }
        let map = relabelling(self.next % DIGIT_PERMUTATIONS, self.top_left);
        let mut ascii = [0u8; 10];
        for (a, m) in ascii.iter_mut().zip(map.iter()) {
            *a = b'0' + m;
        }
        let mut line = [b' '; 18];
        line[17] = b'\n';
        for row in self.base.chunks_exact(9) {
            for (k, &v) in row.iter().enumerate() {
                line[2 * k] = ascii[v as usize];
            }
            out.extend_from_slice(&line);
        }
        self.next += 1;
        true
    }
}

impl Iterator for Finals {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        if self.next >= self.end {
            return None;
        }
        let g = final_grid(self.next, self.top_left);
        self.next += 1;
        g
    }

    fn nth(&mut self, n: usize) -> Option<Grid> {
        self.next = self.next.saturating_add(n as u64).min(self.end);
        self.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = usize::try_from(self.end - self.next).unwrap_or(usize::MAX);
        (n, Some(n))
    }
}

impl ExactSizeIterator for Finals {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_is_valid() {
        let g = final_grid(0, BASE[0] - b'0').unwrap();
        assert!(g.is_valid_solution());
        assert_eq!(g.cells().map(|v| v + b'0'), *BASE);
    }

    #[test]
    fn base_has_no_symmetry_among_the_moves() {
        // For every transform but the identity, the moved base must not be a relabelling of
        // the base: some base digit would have to map to two different digits.
        let base: Vec<u8> = BASE.iter().map(|b| b - b'0').collect();
        for t in 1..TRANSFORMS {
            let moved = transformed_base(t);
            let mut map = [0u8; 10];
            let mut relabelling = true;
            for (&b, &m) in base.iter().zip(moved.iter()) {
                if map[b as usize] == 0 {
                    map[b as usize] = m;
                } else if map[b as usize] != m {
                    relabelling = false;
                    break;
                }
            }
            assert!(!relabelling, "transform {t} is a symmetry of the base");
        }
    }

    #[test]
    fn every_transform_is_a_different_position_map() {
        // Label the cells 0..81 and move the labels: 41,472 different arrangements.
        let mut seen = std::collections::HashSet::new();
        for t in 0..TRANSFORMS {
            let (rows, cols, transpose) = transform(t);
            assert_eq!((rows[0], cols[0]), (0, 0));
            assert!(seen.insert((rows, cols, transpose)));
        }
    }

    #[test]
    fn relabellings_are_all_distinct_and_keep_the_top_left() {
        let mut seen = std::collections::HashSet::new();
        for s in 0..DIGIT_PERMUTATIONS {
            let m = relabelling(s, 7);
            assert_eq!(m[(BASE[0] - b'0') as usize], 7);
            let mut used = [false; 10];
            for &d in &m[1..] {
                assert!(!used[d as usize]);
                used[d as usize] = true;
            }
            assert!(seen.insert(m));
        }
    }

    #[test]
    fn seed_scheme_comes_first() {
        // Within the seed's finals only rows 4-9 move: the top three rows are relabellings of
        // the base's.
        let g = final_grid(SEED_FINALS - 1, 1).unwrap();
        let b = final_grid(SEED_FINALS - 1 - 35 * DIGIT_PERMUTATIONS, 1).unwrap();
        assert_eq!(g.cells()[..27], b.cells()[..27]);
        assert_ne!(g, b);
    }

    #[test]
    fn bounds_and_errors() {
        assert!(final_grid(MAX_FINALS - 1, 9).unwrap().is_valid_solution());
        assert_eq!(final_grid(MAX_FINALS, 9), None);
        assert_eq!(final_grid(0, 0), None);
        assert_eq!(Finals::new(0, 1).unwrap_err(), GenerateError::BadDigit(0));
        assert!(matches!(
            Finals::new(1, MAX_FINALS + 1),
            Err(GenerateError::TooMany { .. })
        ));
        let mut f = Finals::range(3, MAX_FINALS - 2, 2).unwrap();
        assert_eq!(f.len(), 2);
        assert!(f.next().is_some() && f.next().is_some() && f.next().is_none());
    }

    #[test]
    fn block_writer_matches_the_grids() {
        let mut f = Finals::range(2, SEED_FINALS - 5, 10).unwrap();
        let grids: Vec<Grid> = f.clone().collect();
        let mut out = Vec::new();
        while f.write_next_block(&mut out) {}
        let mut expected = Vec::new();
        for g in &grids {
            g.write_block(&mut expected);
        }
        assert_eq!(out, expected);
    }
}
