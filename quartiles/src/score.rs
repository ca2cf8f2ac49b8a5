//! Points and the quartiles: the exact cover of the board by 4-tile words.

use smallvec::{SmallVec, smallvec};

/// Points for a word of `tiles` tiles: 1, 2, 4 or 8 (0 outside 1-4).
pub const fn points(tiles: usize) -> u32 {
    match tiles {
        1 => 1,
        2 => 2,
        3 => 4,
        4 => 8,
        _ => 0,
    }
}

/// Bonus for finding all five quartiles.
pub const QUARTILES_BONUS: u32 = 40;

/// Entries the cover's scratch lists keep on the stack (a board has a handful of 4-tile
/// words): an ordinary board allocates nothing for them.
pub(crate) type Small<T> = SmallVec<[T; 64]>;

/// Every way to cover all 20 tiles with five of these 4-tile masks (indices into `masks`,
/// ascending within a cover; covers in lexicographic order).
///
/// Backtracking on the lowest uncovered tile: each tile belongs to exactly one word of a
/// cover, so every cover is found once. Every tile below the lowest uncovered one is
/// covered, so a word that can cover it has it as its own lowest tile: the words are
/// bucketed by lowest tile, and each step tries only that tile's bucket.
pub(crate) fn exact_covers(masks: &[u32]) -> Vec<[usize; 5]> {
    const FULL: u32 = (1 << 20) - 1;
    /// The words by lowest tile: `order[start[u]..start[u + 1]]` lowest at tile `u`.
    struct Buckets<'a> {
        masks: &'a [u32],
        order: &'a [usize],
        start: [usize; 22],
    }
    // The words chosen so far live in a fixed array; `out` allocates only for a cover found.
    fn go(b: &Buckets, covered: u32, chosen: &mut [usize; 5], n: usize, out: &mut Vec<[usize; 5]>) {
        if covered == FULL {
            if n == 5 {
                let mut cover = *chosen;
                cover.sort_unstable();
                out.push(cover);
            }
            return;
        }
        if n == 5 {
            return;
        }
        let u = ((!covered).trailing_zeros() as usize).min(19);
        for &i in &b.order[b.start[u]..b.start[u + 1]] {
            let m = b.masks[i];
            if m & covered == 0 {
                chosen[n] = i;
                go(b, covered | m, chosen, n + 1, out);
            }
        }
    }
    let mut out = Vec::new();
    // Fewer than five 4-tile words, or some tile in none of them: no cover, no search.
    let union = masks.iter().fold(0, |a, &m| a | m);
    if masks.len() < 5 || union != FULL {
        return out;
    }
    // The words by lowest tile, in index order within a tile: a counting sort (one pass to
    // count, one to place), no comparison sort. A word's lowest tile is at most 19 (a mask
    // is never empty here: their union is every tile, and an empty one goes to bucket 20,
    // which no step reads).
    let lowest = |m: u32| (m.trailing_zeros() as usize).min(20);
    let mut start = [0usize; 22];
    for &m in masks {
        start[lowest(m) + 1] += 1;
    }
    for u in 1..22 {
        start[u] += start[u - 1];
    }
    let mut order: Small<usize> = smallvec![0; masks.len()];
    let slots = order.as_mut_slice();
    let mut fill = start;
    for (i, &m) in masks.iter().enumerate() {
        let u = lowest(m);
        slots[fill[u]] = i;
        fill[u] += 1;
    }
    let buckets = Buckets {
        masks,
        order: order.as_slice(),
        start,
    };
    go(&buckets, 0, &mut [0; 5], 0, &mut out);
    // Almost always one cover: no sort to run.
    if out.len() > 1 {
        out.sort_unstable();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(ix: [u32; 4]) -> u32 {
        ix.iter().fold(0, |a, &i| a | (1 << i))
    }

    #[test]
    fn covers_are_exact_and_complete() {
        let mut masks = vec![
            m([0, 1, 2, 3]),
            m([4, 5, 6, 7]),
            m([8, 9, 10, 11]),
            m([12, 13, 14, 15]),
            m([16, 17, 18, 19]),
            m([0, 1, 2, 4]), // overlaps, useless
        ];
        assert_eq!(exact_covers(&masks), vec![[0, 1, 2, 3, 4]]);
        masks.push(m([3, 5, 6, 7])); // with [0,1,2,4] a second cover
        assert_eq!(exact_covers(&masks), vec![[0, 1, 2, 3, 4], [2, 3, 4, 5, 6]]);
        assert!(exact_covers(&masks[1..5]).is_empty());
        // Past the stack part of the scratch list: the same covers, shifted by the padding.
        let mut many = vec![m([0, 1, 2, 19]); 70]; // in no cover
        many.extend_from_slice(&masks);
        assert_eq!(
            exact_covers(&many),
            vec![[70, 71, 72, 73, 74], [72, 73, 74, 75, 76]]
        );
        assert_eq!(points(3), 4);
        assert_eq!(points(5), 0);
    }
}
