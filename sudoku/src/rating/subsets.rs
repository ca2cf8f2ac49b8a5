//! Naked and hidden subsets (pairs, triples, quads) in a unit.
//!
//! Naked: `n` cells of a unit whose candidates together are `n` digits; those digits are in
//! no other cell of the unit. Hidden: `n` digits whose places in a unit are together `n`
//! cells; those cells hold no other digit.

use super::board::{Board, Digits, UNITS, digits};
use super::{Finding, Technique};

/// The first naked subset of `size` cells (2, 3 or 4) that removes a candidate.
pub(crate) fn naked(b: &Board, size: u32) -> Option<Finding> {
    let technique = match size {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    };
    for unit in &UNITS {
        // Blank cells of the unit (positions as bits) that could be in a subset of this size.
        let mut open = 0u16;
        for (i, &c) in unit.iter().enumerate() {
            let n = b.cand(c as usize).count_ones();
            if n >= 2 && n <= size {
                open |= 1 << i;
            }
        }
        for chosen in subsets_of(open, size) {
            let union: Digits = positions(chosen)
                .map(|i| b.cand(unit[i] as usize))
                .fold(0, |a, c| a | c);
            if union.count_ones() != size {
                continue;
            }
            let eliminate: Vec<(usize, u8)> = unit
                .iter()
                .enumerate()
                .filter(|&(i, _)| chosen & (1 << i) == 0)
                .flat_map(|(_, &c)| {
                    let c = c as usize;
                    digits(b.cand(c) & union).map(move |d| (c, d))
                })
                .collect();
            if !eliminate.is_empty() {
                return Some(Finding::eliminations(technique, eliminate));
            }
        }
    }
    None
}

/// The first hidden subset of `size` digits (2, 3 or 4) that removes a candidate.
pub(crate) fn hidden(b: &Board, size: u32) -> Option<Finding> {
    let technique = match size {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    };
    for (u, unit) in UNITS.iter().enumerate() {
        // Digits of the unit with between 2 and `size` places.
        let mut open: Digits = 0;
        let mut places = [0u16; 10];
        for d in 1..=9u8 {
            places[d as usize] = b.places(u, d);
            let n = places[d as usize].count_ones();
            if n >= 2 && n <= size {
                open |= 1 << d;
            }
        }
        for chosen in subsets_of(open, size) {
            let cells = digits(chosen).fold(0u16, |a, d| a | places[d as usize]);
            if cells.count_ones() != size {
                continue;
            }
            let eliminate: Vec<(usize, u8)> = positions(cells)
                .flat_map(|i| {
                    let c = unit[i] as usize;
                    digits(b.cand(c) & !chosen).map(move |d| (c, d))
                })
                .collect();
            if !eliminate.is_empty() {
                return Some(Finding::eliminations(technique, eliminate));
            }
        }
    }
    None
}

/// The bit positions of a set, lowest first.
pub(crate) fn positions(set: u16) -> impl Iterator<Item = usize> {
    let mut rest = set;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            i
        })
    })
}

/// Every subset of `set` with `size` members, in increasing order of the subset's bits.
///
/// The combinations are walked on the set's own positions (Gosper's next-combination step on
/// `n` = |set| bits), then spread onto the set's bits: spreading keeps the order, and only
/// the C(n, size) subsets wanted are visited, not every number below the top bit.
pub(crate) fn subsets_of(set: u16, size: u32) -> impl Iterator<Item = u16> {
    let n = set.count_ones();
    let mut at = [0u8; 16];
    for (k, i) in positions(set).enumerate() {
        at[k] = i as u8;
    }
    let end = 1u32 << n;
    // No subsets of size 0 (none is ever asked) or larger than the set.
    let mut next = if size == 0 || size > n {
        end
    } else {
        (1u32 << size) - 1
    };
    std::iter::from_fn(move || {
        if next >= end {
            return None;
        }
        let c = next;
        // Gosper's hack: the next larger number with as many bits set.
        let low = c & c.wrapping_neg();
        let ripple = c + low;
        next = (((ripple ^ c) >> 2) / low) | ripple;
        let mut spread = 0u16;
        let mut rest = c;
        while rest != 0 {
            spread |= 1 << at[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        Some(spread)
    })
}

#[cfg(test)]
mod tests {
    use super::super::tests::{board, keep_cands, keep_only};
    use super::*;

    #[test]
    fn subsets_are_enumerated_in_order() {
        assert_eq!(
            subsets_of(0b1011, 2).collect::<Vec<_>>(),
            vec![0b11, 0b1001, 0b1010]
        );
        assert_eq!(subsets_of(0, 2).count(), 0);
        assert_eq!(subsets_of(0b11_1111_1110, 4).count(), 126);
        // The same subsets, in the same order, as filtering every number below the top bit.
        for set in [
            0u16,
            1,
            0b1011,
            0b1_0110_1001,
            0b11_1111_1110,
            0b1_1111_1111,
        ] {
            for size in 0..=5 {
                let slow: Vec<u16> = (1u32..1 << 10)
                    .map(|s| s as u16)
                    .filter(|&s| s & !set == 0 && s.count_ones() == size)
                    .collect();
                assert_eq!(
                    subsets_of(set, size).collect::<Vec<_>>(),
                    slow,
                    "{set:b} {size}"
                );
            }
        }
        assert_eq!(positions(0b1010_0001).collect::<Vec<_>>(), vec![0, 5, 7]);
    }

    #[test]
    fn naked_pair_in_a_row() {
        // r1c1 and r1c2 can only be 1 or 2: no 1 or 2 in the rest of row 1 (or box 1).
        let mut b = board("");
        keep_cands(&mut b, 0, &[1, 2]);
        keep_cands(&mut b, 1, &[1, 2]);
        let f = naked(&b, 2).unwrap();
        assert_eq!(f.technique, Technique::NakedPair);
        let expect: Vec<_> = (2..9).flat_map(|c| [(c, 1), (c, 2)]).collect();
        assert_eq!(f.eliminate, expect);
        assert!(naked(&b, 3).is_none());
    }

    #[test]
    fn naked_triple_without_a_cell_holding_all_three() {
        // Column 1: r1 {1,2}, r2 {2,3}, r3 {1,3}.
        let mut b = board("");
        keep_cands(&mut b, 0, &[1, 2]);
        keep_cands(&mut b, 9, &[2, 3]);
        keep_cands(&mut b, 18, &[1, 3]);
        assert!(naked(&b, 2).is_none());
        let f = naked(&b, 3).unwrap();
        assert_eq!(f.technique, Technique::NakedTriple);
        // Column 1 comes before box 1 in the unit order: the rest of column 1 loses 1, 2, 3.
        assert!(f.eliminate.contains(&(27, 1)) && f.eliminate.contains(&(80 - 8, 3)));
        assert!(
            f.eliminate
                .iter()
                .all(|&(c, d)| c % 9 == 0 && c > 18 && d <= 3)
        );
    }

    #[test]
    fn naked_quad() {
        let mut b = board("");
        for (cell, ds) in [(0, [1, 2]), (1, [2, 3]), (2, [3, 4]), (3, [4, 1])] {
            keep_cands(&mut b, cell, &ds);
        }
        assert!(naked(&b, 2).is_none() && naked(&b, 3).is_none());
        let f = naked(&b, 4).unwrap();
        assert_eq!(f.technique, Technique::NakedQuad);
        let expect: Vec<_> = (4..9)
            .flat_map(|c| [(c, 1), (c, 2), (c, 3), (c, 4)])
            .collect();
        assert_eq!(f.eliminate, expect);
    }

    #[test]
    fn hidden_pair_in_a_row() {
        // In row 1 the 8 and the 9 can only be in r1c4 and r1c7: those cells hold nothing else.
        let mut b = board("");
        keep_only(&mut b, 8, 0, &[3, 6]);
        keep_only(&mut b, 9, 0, &[3, 6]);
        let f = hidden(&b, 2).unwrap();
        assert_eq!(f.technique, Technique::HiddenPair);
        let expect: Vec<_> = [3, 6]
            .into_iter()
            .flat_map(|c| (1..=7).map(move |d| (c, d)))
            .collect();
        assert_eq!(f.eliminate, expect);
    }

    #[test]
    fn hidden_triple_and_quad() {
        let mut b = board("");
        keep_only(&mut b, 4, 0, &[0, 1]);
        keep_only(&mut b, 5, 0, &[1, 2]);
        keep_only(&mut b, 6, 0, &[0, 2]);
        assert!(hidden(&b, 2).is_none());
        let f = hidden(&b, 3).unwrap();
        assert_eq!(f.technique, Technique::HiddenTriple);
        assert!(
            f.eliminate
                .iter()
                .all(|&(c, d)| c < 3 && ![4, 5, 6].contains(&d))
        );
        assert_eq!(f.eliminate.len(), 3 * 6);

        let mut b = board("");
        for (d, at) in [(1, [0, 1]), (2, [1, 2]), (3, [2, 3]), (4, [3, 0])] {
            keep_only(&mut b, d, 13, &at);
        }
        assert!(hidden(&b, 3).is_none());
        let f = hidden(&b, 4).unwrap();
        assert_eq!(f.technique, Technique::HiddenQuad);
        assert_eq!(f.eliminate.len(), 4 * 5);
        assert!(
            f.eliminate
                .iter()
                .all(|&(c, d)| c % 9 == 4 && c < 36 && d > 4)
        );
    }
}
