//! Bit and vector helpers on the words of a band (a digit's 27 candidate cells each).

use wide::u32x4;

use super::BandWords;
use super::triads::splat_masks;

/// The bands (3 bits) that have a bit set in a 27-bit mask indexed like `cand`.
#[inline(always)]
pub(super) fn bands_of(mask: u32) -> u32 {
    ((mask & 511 != 0) as u32)
        | ((mask & (511 << 9) != 0) as u32) << 1
        | ((mask >> 18 != 0) as u32) << 2
}

/// The words of `words` that share a cell with `cells` (bit per word), four words a vector
/// compare: no branch per word.
#[inline(always)]
pub(super) fn words_with(words: &BandWords, cells: u32) -> u32 {
    let c = u32x4::splat(cells);
    let (lo, hi) = (lanes4(words, 0), lanes4(words, 4));
    let none = (lo & c).simd_eq(u32x4::ZERO).to_bitmask()
        | (hi & c).simd_eq(u32x4::ZERO).to_bitmask() << 4;
    (!none & 255) | ((words[8] & cells != 0) as u32) << 8
}

/// The rows and boxes of a band word, each as a mask in every lane.
const SEGMENTS: [u32x4; 6] = splat_masks([
    511,
    511 << 9,
    511 << 18,
    0x1C0E07,
    0x1C0E07 << 3,
    0x1C0E07 << 6,
]);

/// `words[k..k + 4]` as a vector.
#[inline(always)]
pub(super) fn lanes4<const N: usize>(words: &[u32; N], k: usize) -> u32x4 {
    u32x4::new([words[k], words[k + 1], words[k + 2], words[k + 3]])
}

/// Per lane: the cells of the rows and boxes of a band word that hold one of its bits, and
/// minus the number of rows and boxes that hold none.
#[inline(always)]
pub(super) fn units_of(x: u32x4) -> (u32x4, u32x4) {
    let mut units = u32x4::ZERO;
    let mut absent = u32x4::ZERO;
    for seg in SEGMENTS {
        let none = (x & seg).simd_eq(u32x4::ZERO);
        units |= seg & !none;
        absent += none;
    }
    (units, absent)
}

/// [`columns_mask`](crate::engine::tables::columns_mask) per lane.
#[inline(always)]
pub(super) fn columns_v(cols: u32x4) -> u32x4 {
    cols | cols << 9 | cols << 18
}

/// Lanes 2, 3, 0, 1 of `x` (one shuffle).
#[inline(always)]
pub(super) fn swap_halves(x: u32x4) -> u32x4 {
    let [a, b, c, d] = x.to_array();
    u32x4::new([c, d, a, b])
}

/// Clears `cells` from the nine words of a band; returns the words that had one of them.
///
/// Four words a vector; a word had one of the cells when clearing them changed it, so the
/// compare reads the cleared words instead of masking the old ones a second time.
#[inline(always)]
pub(super) fn clear_cells(words: &mut BandWords, cells: u32) -> u32 {
    let keep = u32x4::splat(!cells);
    let mut same = 0;
    for g in 0..2 {
        let old = lanes4(words, 4 * g);
        let new = old & keep;
        same |= new.simd_eq(old).to_bitmask() << (4 * g);
        words[4 * g..4 * g + 4].copy_from_slice(&new.to_array());
    }
    let had8 = words[8] & cells != 0;
    words[8] &= !cells;
    (!same & 255) | (had8 as u32) << 8
}

/// The digits (9 bits) that have a bit set in a 27-bit mask indexed like `cand`.
#[inline(always)]
pub(super) fn digits_of(mask: u32) -> u32 {
    (mask | mask >> 9 | mask >> 18) & 511
}
