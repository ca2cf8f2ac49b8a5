//! The full inference of the fast engine: triads, and the choice of a band configuration
//! (see the `fast` module doc for when they run).
//!
//! A minirow is the three cells a row shares with a box, a minicolumn the three a column
//! shares with a box. Per digit, its minirow presence is 27 bits, bit `9 * row + 3 * box +
//! band` (rows and boxes within the band), and its minicolumn presence 27 bits, bit `9 *
//! band + column`: all nine digits are computed together, four to a vector.

use wide::u32x4;

use super::{ALL27, Choice, MINIROW_TOPS, OTHER_BANDS, State, lanes4};
use crate::engine::tables::{CONFIG_SPLIT, NO_SPLIT};

/// What the last propagation left for the guess that follows it in full mode (its final
/// triads pass's presence masks), and the triads already applied on the path to the current
/// state. It lives beside the state (not in it) so that a state stays 128 bytes to copy.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Scratch {
    /// Minirow presence per digit, then minicolumn presence per digit.
    pres: [u32; 18],
    /// Minirows and minicolumns whose triads were applied in the current state or an
    /// ancestor: a cache, since applying one again changes nothing.
    pub(super) done_h: u32,
    pub(super) done_v: u32,
}

/// Bit operations common to `u32` and `wide::u32x4`, for code written once for both.
pub(super) trait Bits:
    Copy
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::Not<Output = Self>
    + std::ops::Shr<u32, Output = Self>
    + std::ops::Shl<u32, Output = Self>
{
    fn splat(x: u32) -> Self;
    /// Wrapping addition, lane by lane.
    fn add(self, other: Self) -> Self;
    /// Wrapping subtraction, lane by lane.
    fn sub(self, other: Self) -> Self;
}

impl Bits for u32 {
    #[inline(always)]
    fn splat(x: u32) -> Self {
        x
    }
    #[inline(always)]
    fn add(self, other: Self) -> Self {
        self.wrapping_add(other)
    }
    #[inline(always)]
    fn sub(self, other: Self) -> Self {
        self.wrapping_sub(other)
    }
}

impl Bits for wide::u32x4 {
    #[inline(always)]
    fn splat(x: u32) -> Self {
        wide::u32x4::splat(x)
    }
    #[inline(always)]
    fn add(self, other: Self) -> Self {
        self + other
    }
    #[inline(always)]
    fn sub(self, other: Self) -> Self {
        self - other
    }
}

/// Minirow presence of a band word: bit `9r + 3k` set when row `r` of box `k` has a bit.
#[inline(always)]
pub(super) fn spread_v<T: Bits>(x: T) -> T {
    (x | (x >> 1) | (x >> 2)) & T::splat(MINIROW_TOPS)
}

/// The columns (9 bits) of a band word.
#[inline(always)]
pub(super) fn fold_v<T: Bits>(x: T) -> T {
    (x | (x >> 9) | (x >> 18)) & T::splat(511)
}

/// Of configuration counts one a byte (at most six, so in bits 0-2), 1 in each byte whose
/// count is two or more (bit 1 or 2 set): the digit is not fixed there.
#[inline(always)]
fn unfixed<T: Bits>(x: T) -> T {
    ((x >> 1) | (x >> 2)) & T::splat(0x01_0101)
}

/// Minirow presence of a digit's three band words: bit `9r + 3k + band`.
#[inline(always)]
fn presence_h<T: Bits>(x0: T, x1: T, x2: T) -> T {
    spread_v(x0) | (spread_v(x1) << 1) | (spread_v(x2) << 2)
}

/// Minicolumn presence of a digit's three band words: bit `9 * band + column`.
#[inline(always)]
fn presence_v<T: Bits>(x0: T, x1: T, x2: T) -> T {
    fold_v(x0) | (fold_v(x1) << 9) | (fold_v(x2) << 18)
}

/// Of a digit's minirow presence (bit `9r + 3k + band`), the minirows that are the only one
/// of their row (and so of their box): the digit lies in them.
#[inline(always)]
fn forced_h<T: Bits>(h: T) -> T {
    let k0 = T::splat(0x1C0E07);
    let k1 = T::splat(0x1C0E07 << 3);
    let k2 = T::splat(0x1C0E07 << 6);
    (h & k0 & !(h >> 3) & !(h >> 6))
        | (h & k1 & !(h << 3) & !(h >> 3))
        | (h & k2 & !(h << 3) & !(h << 6))
}

/// Of a digit's minicolumn presence (bit `9 * band + column`), the minicolumns that are the
/// only one of their box: the digit lies in them.
#[inline(always)]
fn forced_v<T: Bits>(v: T) -> T {
    let t0 = T::splat(MINIROW_TOPS);
    let t1 = T::splat(MINIROW_TOPS << 1);
    let t2 = T::splat(MINIROW_TOPS << 2);
    (v & t0 & !(v >> 1) & !(v >> 2))
        | (v & t1 & !(v << 1) & !(v >> 1))
        | (v & t2 & !(v << 1) & !(v << 2))
}

/// Band `b`'s (row, box) pairs of a digit's minirow presence, bit `3 * row + box`.
#[inline(always)]
fn compact_h<T: Bits>(h: T, b: u32) -> T {
    let y = (h >> b) & T::splat(MINIROW_TOPS);
    let z = y | (y >> 2) | (y >> 4);
    (z & T::splat(7)) | ((z >> 6) & T::splat(0x38)) | ((z >> 12) & T::splat(0x1C0))
}

/// Stack `st`'s (band, column) pairs of a digit's minicolumn presence, bit
/// `3 * band + column`.
#[inline(always)]
fn compact_v<T: Bits>(v: T, st: u32) -> T {
    let x = (v >> (3 * st)) & T::splat(0x1C0E07);
    (x | (x >> 6) | (x >> 12)) & T::splat(511)
}

/// The six pairings of three rows with three boxes as minirow presence bits (`9 * row + 3 *
/// box`, band 0), and of three bands with three columns as minicolumn presence bits (`9 *
/// band + column`, stack 0).
const PAIRINGS_H: [u32; 6] = pairing_masks(3);
const PAIRINGS_V: [u32; 6] = pairing_masks(1);

const fn pairing_masks(step: u32) -> [u32; 6] {
    let mut masks = [0u32; 6];
    let mut i = 0;
    while i < 6 {
        let perm = crate::grid::PERMS3[i];
        let mut r = 0;
        while r < 3 {
            masks[i] |= 1 << (9 * r as u32 + step * perm[r] as u32);
            r += 1;
        }
        i += 1;
    }
    masks
}

/// The same, each mask in every lane of a vector: built once, read by the vector ops
/// straight from memory instead of broadcast at each use.
const PAIRINGS_H4: [u32x4; 6] = splat_masks(PAIRINGS_H);
const PAIRINGS_V4: [u32x4; 6] = splat_masks(PAIRINGS_V);

const fn splat_masks(masks: [u32; 6]) -> [u32x4; 6] {
    let mut v = [u32x4::ZERO; 6];
    let mut i = 0;
    while i < 6 {
        v[i] = u32x4::new([masks[i]; 4]);
        i += 1;
    }
    v
}

/// Per lane, how many of the six pairings `masks` lie wholly in `x`: the configurations
/// (`CONFIGS`) of a presence mask shifted to band (stack) 0.
#[inline(always)]
fn pairings(x: u32x4, masks: &[u32x4; 6]) -> u32x4 {
    let mut n = u32x4::ZERO;
    for &m in masks {
        // All ones (minus one) in the lanes that hold the pairing.
        n -= (x & m).simd_eq(m);
    }
    n
}

/// A set of digits as [`State::restrict`] reads it: 1 or 0 per digit, digits 0..4 and 4..8
/// in vector lanes, digit 8 alone.
pub(super) struct Digits {
    lo: u32x4,
    hi: u32x4,
    last: u32,
}

impl Digits {
    /// The digits of a 9-bit mask.
    #[inline(always)]
    pub(super) fn of_mask(m: u32) -> Self {
        let bit = |d: u32| m >> d & 1;
        Self {
            lo: u32x4::new([bit(0), bit(1), bit(2), bit(3)]),
            hi: u32x4::new([bit(4), bit(5), bit(6), bit(7)]),
            last: bit(8),
        }
    }
}

impl State {
    /// The triads, across the grid: `None` on a contradiction, else the words changed.
    ///
    /// A minirow's (minicolumn's) three cells hold three different digits, so:
    /// - fewer than three digits with a candidate in it is a contradiction;
    /// - exactly three (a naked triad): each of them lies in it, and leaves the rest of its
    ///   row and box (column and box);
    /// - a digit whose only minirow in its row (only minicolumn in its box) is this one lies
    ///   in it; four such is a contradiction, three (a hidden triad) take the three cells,
    ///   and every other digit leaves them.
    ///
    /// Leaves in `sc` the presence masks it computed, for [`State::choose_config`], and marks
    /// the triads it applied there (`done_h`, `done_v`) so that they are not applied again
    /// below this state.
    #[inline(always)]
    pub(super) fn triads(&mut self, sc: &mut Scratch) -> Option<u32> {
        // Per digit: minirow presence `h` (bit 9r + 3k + band), minicolumn presence `v`
        // (bit 9 * band + column), and the minirows (minicolumns) the digit is forced into,
        // `f` (`w`). Digits 0..4 and 4..8 in vector lanes, kept as vectors for `restrict`
        // (`hn_lanes`, `vn_lanes`: present and not forced), digit 8 alone.
        let mut h_lanes = [u32x4::ZERO; 2];
        let mut v_lanes = [u32x4::ZERO; 2];
        let mut hn_lanes = [u32x4::ZERO; 2];
        let mut vn_lanes = [u32x4::ZERO; 2];
        // Per digit, the vector [h, v, f, w]: one thermometer count below takes all four.
        let mut per_digit = [u32x4::ZERO; 9];
        let c = &self.cand;
        let ld = |k: usize| lanes4(c, k);
        for (g, lo) in [0usize, 4].into_iter().enumerate() {
            let (x0, x1, x2) = (ld(lo), ld(9 + lo), ld(18 + lo));
            let (h, v) = (presence_h(x0, x1, x2), presence_v(x0, x1, x2));
            let (f, w) = (forced_h(h), forced_v(v));
            (h_lanes[g], v_lanes[g], hn_lanes[g], vn_lanes[g]) = (h, v, h & !f, v & !w);
            per_digit[lo..lo + 4].copy_from_slice(&u32x4::transpose([h, v, f, w]));
        }
        let (x0, x1, x2) = (c[8], c[17], c[26]);
        let (h8, v8) = (presence_h(x0, x1, x2), presence_v(x0, x1, x2));
        let (f8, w8) = (forced_h(h8), forced_v(v8));
        per_digit[8] = u32x4::new([h8, v8, f8, w8]);
        // Per lane, the bits set in at least one, two, three and four of the nine digits.
        let (mut n1, mut n2, mut n3, mut n4) = (u32x4::ZERO, u32x4::ZERO, u32x4::ZERO, u32x4::ZERO);
        for x in per_digit {
            n4 |= n3 & x;
            n3 |= n2 & x;
            n2 |= n1 & x;
            n1 |= x;
        }
        let [h3, v3, hidden_h, hidden_v] = n3.to_array();
        let [h4, v4, a4, b4] = n4.to_array();
        if h3 != ALL27 || v3 != ALL27 || a4 | b4 != 0 {
            return None;
        }
        for g in 0..2 {
            sc.pres[4 * g..4 * g + 4].copy_from_slice(&h_lanes[g].to_array());
            sc.pres[9 + 4 * g..13 + 4 * g].copy_from_slice(&v_lanes[g].to_array());
        }
        sc.pres[8] = h8;
        sc.pres[17] = v8;
        // The minirows and minicolumns with an open cell.
        let [u0, u1, u2] = self.unplaced;
        let (open_h, open_v) = (presence_h(u0, u1, u2), presence_v(u0, u1, u2));
        let mut hh = hidden_h & open_h & !sc.done_h & !(h3 & !h4);
        let mut vh = hidden_v & open_v & !sc.done_v & !(v3 & !v4);
        let mut hx = h3 & !h4 & open_h & !sc.done_h;
        let mut vx = v3 & !v4 & open_v & !sc.done_v;
        sc.done_h |= hh | hx;
        sc.done_v |= vh | vx;
        let mut changed = 0u32;
        // Which digits a triad concerns: bit `j` of their masks, as `restrict` takes them.
        let digits = |m: &[u32x4; 2], m8: u32, j: u32| Digits {
            lo: (m[0] >> j) & u32x4::ONE,
            hi: (m[1] >> j) & u32x4::ONE,
            last: m8 >> j & 1,
        };
        // Hidden triads: every digit not forced into the minirow (minicolumn) leaves it.
        while hh != 0 {
            let j = hh.trailing_zeros();
            hh &= hh - 1;
            let b = (j % 3) as usize;
            let mini = 7u32 << (j - b as u32);
            let has = digits(&hn_lanes, h8 & !f8, j);
            changed |= self.restrict(b, &has, !mini);
        }
        while vh != 0 {
            let j = vh.trailing_zeros();
            vh &= vh - 1;
            let b = (j / 9) as usize;
            let col = 0x40201u32 << (j % 9);
            let has = digits(&vn_lanes, v8 & !w8, j);
            changed |= self.restrict(b, &has, !col);
        }
        // Naked triads: each of the three digits leaves the rest of the row and box (column
        // and box, and the column in the other bands).
        while hx != 0 {
            let j = hx.trailing_zeros();
            hx &= hx - 1;
            let b = (j % 3) as usize;
            let base = j - b as u32;
            let (r, k) = (base / 9, (base % 9) / 3);
            let keep = !((511 << (9 * r)) | ((7 << (3 * k)) * 0x40201)) | (7 << base);
            changed |= self.restrict(b, &digits(&h_lanes, h8, j), keep);
        }
        while vx != 0 {
            let j = vx.trailing_zeros();
            vx &= vx - 1;
            let b = (j / 9) as usize;
            let c = j % 9;
            let col = 0x40201 << c;
            let keep = !((7 << (3 * (c / 3))) * 0x40201) | col;
            let (b1, b2) = OTHER_BANDS[b];
            let has = digits(&v_lanes, v8, j);
            changed |= self.restrict(b, &has, keep);
            changed |= self.restrict(b1, &has, !col);
            changed |= self.restrict(b2, &has, !col);
        }
        Some(changed)
    }

    /// Keeps only the cells `keep` in the words of band `b` of the digits `has` holds; the
    /// words it changed.
    #[inline(always)]
    pub(super) fn restrict(&mut self, b: usize, has: &Digits, keep: u32) -> u32 {
        // Four words a vector, without a branch: which digits a triad holds is data the
        // predictor cannot learn. A digit left out keeps every cell (its mask, 0 - 1, is all
        // ones).
        let k = 9 * b;
        let keep4 = u32x4::splat(keep);
        let mut changed = 0;
        for (g, has) in [has.lo, has.hi].into_iter().enumerate() {
            let at = k + 4 * g;
            let Some(words) = self.cand[at..].first_chunk_mut::<4>() else {
                unreachable!("a band has nine words")
            };
            let old = u32x4::new(*words);
            let kept = keep4 | (has - u32x4::ONE);
            let same = (old & !kept).simd_eq(u32x4::ZERO).to_bitmask();
            changed |= (!same & 15) << (4 * g);
            *words = (old & kept).to_array();
        }
        let kept = keep | has.last.wrapping_sub(1);
        changed |= ((self.cand[k + 8] & !kept != 0) as u32) << 8;
        self.cand[k + 8] &= kept;
        changed << k
    }

    /// The configuration guess: the band or stack with a digit not fixed whose score is
    /// least (below), in it the digit with the fewest configurations (at least two), split
    /// on a minirow (minicolumn) of its first configuration that its second lacks. tdoku's
    /// choice takes the band or stack with the fewest configurations over its digits; the
    /// score here counts first how many digits are not fixed yet, which makes the trees of
    /// the hardest puzzles a tenth smaller (see the crate README).
    #[inline(always)]
    pub(super) fn choose_config(&self, sc: &Scratch) -> Option<Choice> {
        // Configurations counted straight from the presence masks, four digits a vector;
        // digit 8 of the three bands (stacks) shares one vector, a band (stack) a lane. A
        // digit has at most six configurations in a band, so the counts of a digit's three
        // bands (stacks) go in the three low bytes of its lane, and the sum over the nine
        // digits (at most 54 a byte) is one horizontal add: the six totals come from two
        // adds, with no count stored or read back one by one.
        let p = &sc.pres;
        let ld = |k: usize| lanes4(p, k);
        let bytes = |x: u32x4, step: u32, masks: &[u32x4; 6]| -> u32x4 {
            pairings(x, masks)
                | pairings(x >> step, masks) << 8
                | pairings(x >> (2 * step), masks) << 16
        };
        let (h_lo, h_hi) = (bytes(ld(0), 1, &PAIRINGS_H4), bytes(ld(4), 1, &PAIRINGS_H4));
        let (v_lo, v_hi) = (
            bytes(ld(9), 3, &PAIRINGS_V4),
            bytes(ld(13), 3, &PAIRINGS_V4),
        );
        let last = |lanes: u32x4| {
            let [a, b, c, _] = lanes.to_array();
            a | b << 8 | c << 16
        };
        let last_h = last(pairings(
            u32x4::new([p[8], p[8] >> 1, p[8] >> 2, 0]),
            &PAIRINGS_H4,
        ));
        let last_v = last(pairings(
            u32x4::new([p[17], p[17] >> 3, p[17] >> 6, 0]),
            &PAIRINGS_V4,
        ));
        let tot_h = (h_lo + h_hi).reduce_add() + last_h;
        let tot_v = (v_lo + v_hi).reduce_add() + last_v;
        // The digits not fixed, one a byte, summed the same way.
        let free_h = (unfixed(h_lo) + unfixed(h_hi)).reduce_add() + unfixed(last_h);
        let free_v = (unfixed(v_lo) + unfixed(v_hi)).reduce_add() + unfixed(last_v);
        // The band or stack with the least score, the first such (bands before stacks): 10
        // for each digit not fixed, 1 for each configuration; only those with a digit not
        // fixed. A score is at most 144, so the three of the bands (stacks) stay in their
        // bytes. In it the digit with the fewest configurations, at least two (the first
        // such). Both as the least key (ties to the first), without branches. The weights
        // are measured (see the crate README): the fewest digits left to fix counts most.
        let score_h = 10 * free_h + tot_h;
        let score_v = 10 * free_v + tot_v;
        let mut best = u32::MAX;
        for at in 0..6usize {
            let (score, free) = [(score_h, free_h), (score_v, free_v)][at / 3];
            let shift = 8 * (at % 3);
            let key = if free >> shift & 255 != 0 {
                (score >> shift & 255) << 4 | at as u32
            } else {
                u32::MAX
            };
            best = best.min(key);
        }
        if best == u32::MAX {
            return None;
        }
        let at = (best & 15) as usize;
        let (lo, hi, last) = if at < 3 {
            (h_lo, h_hi, last_h)
        } else {
            (v_lo, v_hi, last_v)
        };
        let shift = 8 * (at % 3) as u32;
        let [c0, c1, c2, c3] = (lo >> shift).to_array();
        let [c4, c5, c6, c7] = (hi >> shift).to_array();
        let counts = [c0, c1, c2, c3, c4, c5, c6, c7, last >> shift];
        let mut dbest = u32::MAX;
        for (d, &n) in counts.iter().enumerate() {
            let n = n & 255;
            dbest = dbest.min(if n >= 2 { n << 4 | d as u32 } else { u32::MAX });
        }
        let d = (dbest & 15) as usize;
        if at < 3 {
            self.config_split(at, false, d, compact_h(p[d], at as u32))
        } else {
            self.config_split(at - 3, true, d, compact_v(p[9 + d], at as u32 - 3))
        }
    }

    /// The split of digit `d` in band (or stack) `at`, whose (row, box) or (band, column)
    /// pairs are `m` with at least two configurations: on a minirow (minicolumn) that the
    /// first configuration uses and the second does not.
    #[inline(always)]
    fn config_split(&self, at: usize, vertical: bool, d: usize, m: u32) -> Option<Choice> {
        let split = CONFIG_SPLIT[(m & 511) as usize];
        if split == NO_SPLIT {
            return None;
        }
        let (r, k) = (split as usize / 3, split as usize % 3);
        if !vertical {
            // Row r of band `at`, box k: in it the digit leaves the rest of the row and box.
            let i = 9 * at + d;
            let mini = 7u32 << (9 * r + 3 * k);
            let keep = !((511 << (9 * r)) | ((7 << (3 * k)) * 0x40201)) | mini;
            Some(Choice::Confine {
                i,
                keep,
                out: mini,
                others: [i, i],
                spill: 0,
            })
        } else {
            // Band r of stack `at`, column 3 * at + k: in it the digit leaves the rest of the
            // column and of the box.
            let b = r;
            let c = 3 * at + k;
            let i = 9 * b + d;
            let col = 0x40201u32 << c;
            let keep = !((7 << (3 * at)) * 0x40201) | col;
            let (b1, b2) = OTHER_BANDS[b];
            Some(Choice::Confine {
                i,
                keep,
                out: col,
                others: [9 * b1 + d, 9 * b2 + d],
                spill: col,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::tables::CONFIGS;

    /// Minirow presence the slow way.
    fn presence(x: [u32; 3]) -> (u32, u32) {
        let (mut h, mut v) = (0, 0);
        for (band, &w) in x.iter().enumerate() {
            for r in 0..3 {
                for k in 0..3 {
                    if (w >> (9 * r + 3 * k)) & 7 != 0 {
                        h |= 1 << (9 * r + 3 * k + band);
                    }
                }
            }
            for c in 0..9 {
                if w & (0x40201 << c) != 0 {
                    v |= 1 << (9 * band + c);
                }
            }
        }
        (h, v)
    }

    #[test]
    fn bit_tricks_agree_with_their_definitions() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            let mut x = [0u32; 3];
            for w in &mut x {
                crate::xorshift(&mut seed);
                // Sparse words, so that rows and boxes with one minirow occur.
                *w = (seed as u32) & ((seed >> 32) as u32) & ((1 << 27) - 1);
            }
            let (h, v) = presence(x);
            let h4 = u32x4::splat(h);
            let v4 = u32x4::splat(v);
            for b in 0..3u32 {
                let by_table = |m: u32| CONFIGS[m as usize] as u32;
                assert_eq!(
                    pairings(h4 >> b, &PAIRINGS_H4).to_array(),
                    [by_table(compact_h(h, b)); 4]
                );
                assert_eq!(
                    pairings(v4 >> (3 * b), &PAIRINGS_V4).to_array(),
                    [by_table(compact_v(v, b)); 4]
                );
            }
            assert_eq!(presence_h(x[0], x[1], x[2]), h);
            assert_eq!(presence_v(x[0], x[1], x[2]), v);
            assert_eq!(forced_h(h4).to_array(), [forced_h(h); 4]);
            for band in 0..3 {
                for r in 0..3 {
                    let row: Vec<u32> = (0..3).map(|k| h >> (9 * r + 3 * k + band) & 1).collect();
                    for k in 0..3 {
                        let only = row[k] == 1 && row.iter().sum::<u32>() == 1;
                        let got = forced_h(h) >> (9 * r + 3 * k + band) & 1 == 1;
                        assert_eq!(got, only);
                        assert_eq!(
                            compact_h(h, band as u32) >> (3 * r + k) & 1,
                            h >> (9 * r + 3 * k + band) & 1
                        );
                    }
                }
                for st in 0..3 {
                    let cols: Vec<u32> = (0..3).map(|j| v >> (9 * band + 3 * st + j) & 1).collect();
                    for j in 0..3 {
                        let only = cols[j] == 1 && cols.iter().sum::<u32>() == 1;
                        let got = forced_v(v) >> (9 * band + 3 * st + j) & 1 == 1;
                        assert_eq!(got, only);
                        assert_eq!(
                            compact_v(v, st as u32) >> (3 * band + j) & 1,
                            v >> (9 * band + 3 * st + j) & 1
                        );
                    }
                }
            }
        }
    }
}
