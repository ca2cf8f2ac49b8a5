//! Lookup tables of the band engine, computed at compile time.
//!
//! A band is three rows of the grid; for one digit its candidates are 27 bits, bit
//! `9 * row + column` (row 0..3 within the band). Its "shrink" is 9 bits: bit `3 * row + box`
//! is set when the digit still has a candidate in that row of that box (box 0..3 within the
//! band).

use crate::grid::PERMS3;

/// `ROW_BOXES[r]`: for a 9-bit row of candidates, which of its three boxes hold one (3 bits).
const ROW_BOXES: [u32; 512] = row_boxes();

/// `SINGLE[r]`: the row itself if it holds exactly one candidate, else 0.
const SINGLE: [u32; 512] = single();

/// `ROWS[row][r]`: [`ROW_BOXES`] and [`SINGLE`] of row `row` of a band word (its 9 bits `r`)
/// in one word, each already at its place in the band: the row's boxes at bits `3 * row`
/// (the band's shrink), the single at bit `32 + 9 * row`. The band rule reads both with
/// one look-up a row, and ORs the three rows together.
pub(crate) static ROWS: [[u64; 512]; 3] = rows();

/// `COMPLEX[shrink]`: the cells of the band that can still hold the digit.
///
/// In a band the digit appears once per row and once per box, so its three placements pair
/// the rows with the boxes one to one. A (row, box) pair survives only if it belongs to such a
/// pairing that uses occupied pairs alone; this subsumes pointing and claiming (locked
/// candidates) inside the band and hidden singles in its rows and boxes. Zero means no
/// pairing exists: a contradiction.
pub(crate) static COMPLEX: [u32; 512] = complex();

/// `CONFIGS[pairs]`: how many one-to-one pairings of the three rows with the three boxes
/// (configurations of a digit in a band, or of columns with bands in a stack) use only the
/// (row, box) pairs in `pairs` (bit `3 * row + box`): 0 to 6. The engine counts them in
/// vector lanes instead (`fast::triads`); this table is the definition its tests check.
#[cfg(test)]
pub(crate) static CONFIGS: [u8; 512] = configs();

/// `CONFIG_SPLIT[pairs]`: where a digit with the (row, box) pairs `pairs` (bit `3 * row +
/// box`) and at least two configurations is split: `3 * row + box` of the first pair its
/// first configuration uses and its second does not (in `PERMS3` order); [`NO_SPLIT`] for
/// fewer than two configurations.
pub(crate) static CONFIG_SPLIT: [u8; 512] = config_splits();

/// See [`CONFIG_SPLIT`].
pub(crate) const NO_SPLIT: u8 = u8::MAX;

/// `CLAIM[cols]`: for the 9-bit set of columns in which a digit is confined to one band, the
/// columns of that band that may still hold it: in each box with a confined column, only the
/// confined columns (the box's one placement of the digit lies in them); elsewhere all.
pub(crate) static CLAIM: [u32; 512] = claim();

/// `POINT[cols]`: for the 9-bit set of columns in which a band holds a digit, the columns that
/// are the only one of their box: the box's placement lies in that column, so the column's
/// other bands lose the digit.
pub(crate) static POINT: [u32; 512] = point();

/// `SPREAD8[b]`: bit `i` of a byte moved to bit `8 * i`, so that eight cells of a word become
/// eight bytes, each 0 or 1.
pub(crate) static SPREAD8: [u64; 256] = spread8();

/// `BAND_PEERS[p]`: the cells of the band in the same row or box as band cell `p`, without
/// `p` itself.
pub(crate) static BAND_PEERS: [u32; 27] = band_peers();

/// The cells of a band in the given columns (9 bits): the same 9 bits in each of the three
/// rows.
#[inline(always)]
pub(crate) const fn columns_mask(cols: u32) -> u32 {
    cols * 0x40201
}

const fn row_boxes() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut r = 0;
    while r < 512 {
        let mut k = 0;
        while k < 3 {
            if (r >> (3 * k)) & 7 != 0 {
                t[r] |= 1 << k;
            }
            k += 1;
        }
        r += 1;
    }
    t
}

const fn rows() -> [[u64; 512]; 3] {
    let mut t = [[0u64; 512]; 3];
    let mut row = 0;
    while row < 3 {
        let mut r = 0;
        while r < 512 {
            t[row][r] = (ROW_BOXES[r] as u64) << (3 * row) | (SINGLE[r] as u64) << (32 + 9 * row);
            r += 1;
        }
        row += 1;
    }
    t
}

const fn single() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut r = 1;
    while r < 512 {
        if r & (r - 1) == 0 {
            t[r] = r as u32;
        }
        r += 1;
    }
    t
}

const fn spread8() -> [u64; 256] {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            if (b >> i) & 1 != 0 {
                t[b] |= 1 << (8 * i);
            }
            i += 1;
        }
        b += 1;
    }
    t
}

const fn claim() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut c = 0;
    while c < 512 {
        let mut k = 0;
        while k < 3 {
            let part = (c >> (3 * k)) & 7;
            t[c] |= ((if part != 0 { part } else { 7 }) as u32) << (3 * k);
            k += 1;
        }
        c += 1;
    }
    t
}

const fn point() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut c = 0;
    while c < 512 {
        let mut k = 0;
        while k < 3 {
            let part = (c >> (3 * k)) & 7;
            if part != 0 && part & (part - 1) == 0 {
                t[c] |= (part as u32) << (3 * k);
            }
            k += 1;
        }
        c += 1;
    }
    t
}

/// True when the pairing `perm` (row `r` with box `perm[r]`) uses only pairs of `s` (bit
/// `3 * row + box`).
const fn fits(s: usize, perm: [u8; 3]) -> bool {
    let mut row = 0;
    while row < 3 {
        if (s >> (3 * row + perm[row] as usize)) & 1 == 0 {
            return false;
        }
        row += 1;
    }
    true
}

const fn config_splits() -> [u8; 512] {
    let mut t = [NO_SPLIT; 512];
    let mut s = 0;
    while s < 512 {
        // The first two configurations in `PERMS3` order that use only pairs of `s`.
        let mut found = [0usize; 2];
        let mut n = 0;
        let mut p = 0;
        while p < 6 && n < 2 {
            let perm = PERMS3[p];
            if fits(s, perm) {
                found[n] = p;
                n += 1;
            }
            p += 1;
        }
        if n == 2 {
            let (p1, p2) = (PERMS3[found[0]], PERMS3[found[1]]);
            let mut row = 0;
            while p1[row] == p2[row] {
                row += 1;
            }
            t[s] = (3 * row + p1[row] as usize) as u8;
        }
        s += 1;
    }
    t
}

#[cfg(test)]
const fn configs() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut s = 0;
    while s < 512 {
        let mut p = 0;
        while p < 6 {
            let perm = PERMS3[p];
            if fits(s, perm) {
                t[s] += 1;
            }
            p += 1;
        }
        s += 1;
    }
    t
}

const fn complex() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut allowed = 0u32; // bits 3 * row + box
        let mut p = 0;
        while p < 6 {
            let perm = PERMS3[p];
            if fits(s, perm) {
                let mut row = 0;
                while row < 3 {
                    allowed |= 1 << (3 * row + perm[row] as usize);
                    row += 1;
                }
            }
            p += 1;
        }
        let mut mask = 0u32;
        let mut pair = 0;
        while pair < 9 {
            if (allowed >> pair) & 1 != 0 {
                let row = pair / 3;
                let bx = pair % 3;
                mask |= 7 << (9 * row + 3 * bx);
            }
            pair += 1;
        }
        t[s] = mask;
        s += 1;
    }
    t
}

const fn band_peers() -> [u32; 27] {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        let row = p / 9;
        let bx = (p % 9) / 3;
        let mut q = 0;
        while q < 27 {
            if q != p && (q / 9 == row || (q % 9) / 3 == bx) {
                t[p] |= 1 << q;
            }
            q += 1;
        }
        p += 1;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_their_definitions() {
        assert_eq!(ROW_BOXES[0b000_000_001], 0b001);
        assert_eq!(ROW_BOXES[0b100_010_000], 0b110);
        assert_eq!(SINGLE[0b1000], 0b1000);
        assert_eq!(SINGLE[0b1001], 0);
        assert_eq!(SINGLE[0], 0);
        // Everything open: every cell allowed.
        assert_eq!(COMPLEX[511], (1 << 27) - 1);
        // Row 0 only in box 0, others free: box 0 is row 0's, so rows 1 and 2 lose box 0,
        // and row 0 keeps box 0 alone.
        let s = 0b111_111_001;
        assert_eq!(COMPLEX[s], (7) | (0o770 << 9) | (0o770 << 18));
        // Two rows confined to the same single box: no pairing.
        assert_eq!(COMPLEX[0b111_001_001], 0);
        assert_eq!(BAND_PEERS[0].count_ones(), 8 + 6);
        assert_eq!(CLAIM[0b000_000_010], 0b111_111_010);
        assert_eq!(POINT[0b011_100_010], 0b000_100_010);
        assert_eq!(SPREAD8[0b1000_0101], 1 | 1 << 16 | 1 << 56);
        assert_eq!(columns_mask(1), 1 | 1 << 9 | 1 << 18);
        assert_eq!(CONFIGS[511], 6);
        assert_eq!(CONFIGS[0b100_010_001], 1);
        assert_eq!(CONFIGS[0b111_001_001], 0);
        for (s, &n) in CONFIGS.iter().enumerate() {
            assert_eq!(CONFIG_SPLIT[s] == NO_SPLIT, n < 2, "{s:09b}");
            if n >= 2 {
                // The split pair is one of the digit's pairs.
                assert_ne!(s >> CONFIG_SPLIT[s] & 1, 0, "{s:09b}");
            }
        }
        assert_eq!(CONFIG_SPLIT[511], 4);
        // A configuration survives the band rule exactly when it is counted.
        for (s, &n) in CONFIGS.iter().enumerate() {
            assert_eq!(n == 0, COMPLEX[s] == 0, "{s:09b}");
            assert!(n <= 6);
        }
    }
}
