//! Hidden pairs in rows and columns, for the full inference: two digits whose only two
//! cells in a row (column) are the same two cells fill them, so every other digit leaves
//! those cells.
//!
//! Found without a branch per digit or row. A band word holds a digit's three rows as
//! fields of nine bits, so two words are compared row by row with a few operations, and a
//! column's nine cells are the column's bits in the digit's three band words. The 36 pairs
//! of digits of a band are compared four at a time, in ten vector pairs. Only a pair with a
//! cell that holds a third digit counts (the others remove nothing), so a look finds one
//! only where it changes something, and a scalar pass then applies what was found.
//!
//! Whether a state looks for them at all is its `PAIRS` flag (see the `fast` module doc).

use wide::u32x4;

use super::State;
use super::triads::{Bits, Digits, fold_v};
use super::words::{lanes4, rotate};

/// The lowest bit of each row of a band word.
const ROW_LOW: u32 = 1 | 1 << 9 | 1 << 18;
/// The eight low bits of each row.
const ROW_LOW8: u32 = 0xFF * ROW_LOW;
/// The highest bit of each row.
const ROW_HIGH: u32 = ROW_LOW << 8;

/// The highest bit of each row of `z` that has a bit: the low eight bits plus 255 carry into
/// the ninth, and no row's sum reaches the next row.
#[inline(always)]
fn rows_nonzero<T: Bits>(z: T) -> T {
    ((z & T::splat(ROW_LOW8)).add(T::splat(ROW_LOW8)) | z) & T::splat(ROW_HIGH)
}

/// The highest bit of each row of `w` that has exactly two bits. Every row of `w` must have
/// a bit (true of a digit's word wherever the band rule has run): then taking one from each
/// row borrows nothing from the next.
#[inline(always)]
fn rows_with_two<T: Bits>(w: T) -> T {
    let x = w & w.sub(T::splat(ROW_LOW));
    let two_or_more = rows_nonzero(x);
    let y = x & x.sub(two_or_more >> 8);
    two_or_more & !rows_nonzero(y)
}

/// The columns (9 bits) in which a digit has exactly two cells, from its three band words:
/// the nine row slices counted bit-parallel.
#[inline(always)]
fn columns_with_two<T: Bits>(w: [T; 3]) -> T {
    let (mut one, mut two, mut three) = (T::splat(0), T::splat(0), T::splat(0));
    for x in w {
        for r in 0..3 {
            let slice = (x >> (9 * r)) & T::splat(511);
            three = three | (two & slice);
            two = two | (one & slice);
            one = one | slice;
        }
    }
    two & !three
}

/// The words of a band in vector form: digits 0..4, digits 4..8, digit 8.
#[derive(Clone, Copy)]
struct BandDigits {
    lo: u32x4,
    hi: u32x4,
    last: u32,
}

impl BandDigits {
    #[inline(always)]
    fn of(s: &State, band: usize) -> Self {
        Self {
            lo: lanes4(&s.cand, 9 * band),
            hi: lanes4(&s.cand, 9 * band + 4),
            last: s.cand[9 * band + 8],
        }
    }

    /// The operands of comparison `k` (of [`COMPARISONS`]): the first digits' lanes, then
    /// the second's.
    #[inline(always)]
    fn operands(&self, k: usize) -> (u32x4, u32x4) {
        let (lo, hi) = (self.lo, self.hi);
        match k {
            0 => (lo, hi),
            1 => (lo, rotate::<1>(hi)),
            2 => (lo, rotate::<2>(hi)),
            3 => (lo, rotate::<3>(hi)),
            4 => (lo, rotate::<1>(lo)),
            5 => (lo, rotate::<2>(lo)),
            6 => (hi, rotate::<1>(hi)),
            7 => (hi, rotate::<2>(hi)),
            8 => (lo, u32x4::splat(self.last)),
            _ => (hi, u32x4::splat(self.last)),
        }
    }
}

/// The vector comparisons that cover the 36 pairs of nine digits (some twice): lanes of
/// digits 0..4 (4..8) against the other half rotated by 0 to 3 lanes, against their own
/// half rotated by 1 and 2, and against digit 8.
const COMPARISONS: usize = 10;

/// `PAIR_DIGITS[k][lane]`: the two digits that comparison `k` compares in `lane`.
const PAIR_DIGITS: [[(usize, usize); 4]; COMPARISONS] = pair_digits();

const fn pair_digits() -> [[(usize, usize); 4]; COMPARISONS] {
    let mut t = [[(0, 0); 4]; COMPARISONS];
    let mut j = 0;
    while j < 4 {
        let mut k = 0;
        while k < 4 {
            t[k][j] = (j, 4 + (j + k) % 4);
            k += 1;
        }
        t[4][j] = (j, (j + 1) % 4);
        t[5][j] = (j, (j + 2) % 4);
        t[6][j] = (4 + j, 4 + (j + 1) % 4);
        t[7][j] = (4 + j, 4 + (j + 2) % 4);
        t[8][j] = (j, 8);
        t[9][j] = (4 + j, 8);
        j += 1;
    }
    t
}

/// What the comparisons of [`State::hidden_pairs`] need besides the words.
struct Wanted {
    /// Per band, per half of the digits (0..4, 4..8): the rows (bit `9 * row + 8`) with two
    /// cells, one of which holds a third digit.
    rows: [[u32x4; 2]; 3],
    /// Per half of the digits: the columns (9 bits) with two cells, one of which holds a
    /// third digit.
    cols: [u32x4; 2],
}

impl State {
    /// Applies every hidden pair of a row or column with a cell that holds a third digit;
    /// the words changed. `threes`: the cells of each band with at least three candidates.
    /// Call only where the band rule has run on every word (no row of a word is empty).
    #[inline(always)]
    pub(super) fn hidden_pairs(&mut self, threes: [u32; 3]) -> u32 {
        let bands = [
            BandDigits::of(self, 0),
            BandDigits::of(self, 1),
            BandDigits::of(self, 2),
        ];
        let wanted = Wanted::of(&bands, threes);
        let mut found = [u32x4::ZERO; COMPARISONS];
        let mut any = u32x4::ZERO;
        for (k, found) in found.iter_mut().enumerate() {
            *found = hits(&bands, &wanted, k, |_, rows| rows);
            any |= *found;
        }
        if any.simd_eq(u32x4::ZERO).to_bitmask() == 15 {
            return 0;
        }
        self.apply_pairs(&bands, &wanted, &found)
    }

    /// The slow path of [`State::hidden_pairs`], once something was found (`found`: each
    /// comparison's hits, rows and columns together): the comparisons with a hit again,
    /// band by band, each hit applied. Every pair is applied as found in `bands` (a pair found
    /// before another was applied is still a valid deduction after it).
    #[cold]
    #[inline(never)]
    fn apply_pairs(
        &mut self,
        bands: &[BandDigits; 3],
        wanted: &Wanted,
        found: &[u32x4; COMPARISONS],
    ) -> u32 {
        let word = |b: usize, d: usize| {
            let x = &bands[b];
            match d {
                0..4 => x.lo.to_array()[d],
                4..8 => x.hi.to_array()[d - 4],
                _ => x.last,
            }
        };
        let others = |(d1, d2): (usize, usize)| Digits::of_mask(511 & !(1 << d1 | 1 << d2));
        let mut changed = 0;
        for (k, pairs) in PAIR_DIGITS.iter().enumerate() {
            if found[k].simd_eq(u32x4::ZERO).to_bitmask() == 15 {
                continue;
            }
            let mut rows = [u32x4::ZERO; 3];
            let cols = hits(bands, wanted, k, |b, hits| {
                rows[b] = hits;
                u32x4::ZERO
            });
            for (b, hits) in rows.into_iter().enumerate() {
                if hits.simd_eq(u32x4::ZERO).to_bitmask() == 15 {
                    continue;
                }
                for (lane, mut hit) in hits.to_array().into_iter().enumerate() {
                    while hit != 0 {
                        let row = hit.trailing_zeros() / 9;
                        hit &= hit - 1;
                        let pair = pairs[lane];
                        let cells = word(b, pair.0) & 511 << (9 * row);
                        changed |= self.restrict(b, &others(pair), !cells);
                    }
                }
            }
            for (lane, mut hit) in cols.to_array().into_iter().enumerate() {
                while hit != 0 {
                    let column = hit.trailing_zeros();
                    hit &= hit - 1;
                    let pair = pairs[lane];
                    for b in 0..3 {
                        let cells = word(b, pair.0) & 0x40201 << column;
                        changed |= self.restrict(b, &others(pair), !cells);
                    }
                }
            }
        }
        changed
    }
}

impl Wanted {
    #[inline(always)]
    fn of(bands: &[BandDigits; 3], threes: [u32; 3]) -> Self {
        let rows = |b: usize| {
            let t = u32x4::splat(threes[b]);
            let wanted = |w: u32x4| rows_with_two(w) & rows_nonzero(w & t);
            [wanted(bands[b].lo), wanted(bands[b].hi)]
        };
        let cols = |w: [u32x4; 3]| {
            let third = fold_v(w[0] & u32x4::splat(threes[0]))
                | fold_v(w[1] & u32x4::splat(threes[1]))
                | fold_v(w[2] & u32x4::splat(threes[2]));
            columns_with_two(w) & third
        };
        // Written out, as below: `array::from_fn` and `array::map` here are calls the
        // compiler does not inline.
        Self {
            rows: [rows(0), rows(1), rows(2)],
            cols: [
                cols([bands[0].lo, bands[1].lo, bands[2].lo]),
                cols([bands[0].hi, bands[1].hi, bands[2].hi]),
            ],
        }
    }
}

/// Comparison `k` of every band's rows and of the columns, at once (the same two words
/// compared): per lane, the wanted columns of the first digit that the second digit has the
/// same in all three bands (bits 0..9), or'ed with what `rows(band, row hits)` makes of the
/// band's wanted rows of the first digit that the second digit's word has the same (bit
/// `9 * row + 8`).
#[inline(always)]
fn hits(
    bands: &[BandDigits; 3],
    wanted: &Wanted,
    k: usize,
    mut rows: impl FnMut(usize, u32x4) -> u32x4,
) -> u32x4 {
    let half = usize::from(matches!(k, 6 | 7 | 9));
    let mut found = u32x4::ZERO;
    let mut differ = u32x4::ZERO;
    for (b, band) in bands.iter().enumerate() {
        let (first, second) = band.operands(k);
        let x = first ^ second;
        // `rows_nonzero` without its final mask: the wanted rows are high bits alone.
        let row_differs = ((x & u32x4::splat(ROW_LOW8)) + u32x4::splat(ROW_LOW8)) | x;
        found |= rows(b, !row_differs & wanted.rows[b][half]);
        // The columns where the two differ, unmasked: the wanted columns are 9 bits.
        differ |= x | x >> 9_u32 | x >> 18_u32;
    }
    found | (!differ & wanted.cols[half])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fast::triads::Scratch;
    use crate::grid::Grid;

    /// Hidden pairs the slow way: every row and column, every pair of digits, applied until
    /// nothing changes.
    fn slow(s: &mut State) {
        loop {
            let before = s.cand;
            for band in 0..3 {
                for row in 0..3 {
                    let field = |s: &State, d: usize| s.cand[9 * band + d] >> (9 * row) & 511;
                    for d1 in 0..9 {
                        for d2 in d1 + 1..9 {
                            let f = field(s, d1);
                            if f.count_ones() == 2 && field(s, d2) == f {
                                for e in (0..9).filter(|&e| e != d1 && e != d2) {
                                    s.cand[9 * band + e] &= !(f << (9 * row));
                                }
                            }
                        }
                    }
                }
            }
            for column in 0..9 {
                let cells =
                    |s: &State, d: usize| [0, 1, 2].map(|b| s.cand[9 * b + d] & 0x40201 << column);
                for d1 in 0..9 {
                    for d2 in d1 + 1..9 {
                        let x = cells(s, d1);
                        let n: u32 = x.iter().map(|w| w.count_ones()).sum();
                        if n == 2 && cells(s, d2) == x {
                            for (b, &c) in x.iter().enumerate() {
                                for e in (0..9).filter(|&e| e != d1 && e != d2) {
                                    s.cand[9 * b + e] &= !c;
                                }
                            }
                        }
                    }
                }
            }
            if s.cand == before {
                return;
            }
        }
    }

    fn rows_have_bits(s: &State) -> bool {
        s.cand
            .iter()
            .all(|w| (0..3).all(|r| w >> (9 * r) & 511 != 0))
    }

    fn threes(s: &State) -> [u32; 3] {
        [0, 1, 2].map(|b| s.counts(b).2)
    }

    #[test]
    fn bit_tricks_agree_with_their_definitions() {
        let mut seed = 0x853c_49e6_748f_ea9bu64;
        for _ in 0..20_000 {
            crate::xorshift(&mut seed);
            let w = (seed as u32) & ((1 << 27) - 1);
            let rows = |f: &dyn Fn(u32) -> bool| {
                (0..3).fold(0, |m, r| {
                    m | u32::from(f(w >> (9 * r) & 511)) << (9 * r + 8)
                })
            };
            assert_eq!(rows_nonzero(w), rows(&|x| x != 0));
            // Rows with a bit, as the precondition asks.
            let full = w | ROW_LOW << ((seed >> 40) % 9);
            let rows_full = |f: &dyn Fn(u32) -> bool| {
                (0..3).fold(0, |m, r| {
                    m | u32::from(f(full >> (9 * r) & 511)) << (9 * r + 8)
                })
            };
            assert_eq!(rows_with_two(full), rows_full(&|x| x.count_ones() == 2));
            let x = [w, (seed >> 32) as u32 & ((1 << 27) - 1), full];
            let two = (0..9).fold(0, |m, c| {
                let n: u32 = x.iter().map(|w| (w & 0x40201 << c).count_ones()).sum();
                m | u32::from(n == 2) << c
            });
            assert_eq!(columns_with_two(x), two);
        }
    }

    #[test]
    fn pair_digits_cover_every_pair() {
        let mut seen = [[false; 9]; 9];
        for row in PAIR_DIGITS {
            for (a, b) in row {
                assert_ne!(a, b);
                seen[a.min(b)][a.max(b)] = true;
            }
        }
        for (a, seen) in seen.iter().enumerate() {
            assert!(seen[a + 1..].iter().all(|&s| s), "{a}");
        }
    }

    /// States from a search of hard puzzles: each propagated (without hidden pairs), then
    /// the fast hidden pairs to their end against the slow ones.
    #[test]
    fn fast_hidden_pairs_match_the_slow_ones() {
        let puzzles = &crate::TOP1465_HEAD[..6];
        let mut compared = 0;
        let mut applied = 0;
        for &p in puzzles {
            let grid: Grid = p.parse().unwrap();
            let mut todo = vec![State::new(&grid).unwrap()];
            let mut visited = 0;
            while let Some(mut s) = todo.pop() {
                visited += 1;
                if visited > 300 {
                    break;
                }
                s.stack_dirty &= !super::super::PAIRS;
                let mut sc = Scratch::default();
                if !s.propagate(&mut sc) || s.is_solved() {
                    continue;
                }
                let mut fast = s;
                let mut changed = 0;
                loop {
                    let more = fast.hidden_pairs(threes(&fast));
                    if more == 0 {
                        break;
                    }
                    changed |= more;
                    applied += 1;
                    if !rows_have_bits(&fast) {
                        // A contradiction (three digits in two cells) that propagation
                        // finds next; the fast pass needs its precondition back first.
                        break;
                    }
                }
                let mut reference = s;
                slow(&mut reference);
                // The fast pass only looks for pairs that change something, and is repeated
                // until it finds none, so it ends where the slow one does, or short of it
                // only by what needs a propagation (a pair left with no third digit).
                if rows_have_bits(&fast) {
                    assert_eq!(fast.cand, reference.cand, "{p}");
                }
                for i in 0..27 {
                    assert_eq!(changed >> i & 1 == 1, fast.cand[i] != s.cand[i]);
                }
                compared += 1;
                let choice = s.choose(&sc);
                let other = s.split(choice);
                todo.push(other);
                todo.push(s);
            }
        }
        assert!(compared > 100, "{compared}");
        assert!(applied > 10, "{applied}");
    }
}
