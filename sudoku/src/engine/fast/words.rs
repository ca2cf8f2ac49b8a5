//! Bit and vector helpers on the words of a band (a digit's 27 candidate cells each).

use wide::u32x4;

use super::BandWords;
use super::triads::spread_v;

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

/// `words[k..k + 4]` as a vector.
#[inline(always)]
pub(super) fn lanes4<const N: usize>(words: &[u32; N], k: usize) -> u32x4 {
    u32x4::new([words[k], words[k + 1], words[k + 2], words[k + 3]])
}

/// Per lane: the cells of the rows and boxes of a band word that hold one of its bits, and
/// how many rows and boxes hold one, as three fields of nine bits (bits 0, 9 and 18: row 0
/// plus box 0, row 1 plus box 1, row 2 plus box 2) that sums of up to 255 lanes keep apart.
///
/// From the minirows that hold a bit (bit `9 * row + 3 * box`), folded once over the rows
/// and once over the boxes: a few shifts a lane and no compare, so the lanes' values stay
/// in registers.
#[inline(always)]
pub(super) fn units_of(x: u32x4) -> (u32x4, u32x4) {
    let minirows = spread_v(x);
    // Bit 9 * row: the row holds a bit.
    let rows = (minirows | minirows >> 3 | minirows >> 6) & u32x4::splat(ROW_TOPS);
    // Bit 3 * box: the box holds a bit.
    let boxes = (minirows | minirows >> 9 | minirows >> 18) & u32x4::splat(BOX_TOPS);
    // Times 511 (a row's cells) and times 7 (a box's minirow) by a shift and a subtraction:
    // `wide` picks its vector multiply when the crate is built, and the baseline x86-64 it
    // is built for has none for 32-bit lanes.
    let box_minirows = (boxes << 3) - boxes;
    let units = ((rows << 9) - rows) | columns_v(box_minirows);
    let boxes_at_rows = (boxes | boxes << 6 | boxes << 12) & u32x4::splat(ROW_TOPS);
    (units, rows + boxes_at_rows)
}

/// Bit `9 * row` of a band word for its three rows: the first cell of each row.
const ROW_TOPS: u32 = 1 | 1 << 9 | 1 << 18;
/// Bit `3 * box` of a band word for its three boxes: the first cell of each box.
const BOX_TOPS: u32 = 1 | 1 << 3 | 1 << 6;

/// [`columns_mask`](crate::engine::tables::columns_mask) per lane.
#[inline(always)]
pub(super) fn columns_v(cols: u32x4) -> u32x4 {
    cols | cols << 9 | cols << 18
}

/// Lanes `K`, `K + 1`, `K + 2`, `K + 3` (mod 4) of `x` (one shuffle).
#[inline(always)]
pub(super) fn rotate<const K: usize>(x: u32x4) -> u32x4 {
    let a = x.to_array();
    u32x4::new([a[K % 4], a[(K + 1) % 4], a[(K + 2) % 4], a[(K + 3) % 4]])
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
