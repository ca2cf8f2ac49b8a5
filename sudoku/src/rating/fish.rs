//! Fish on one digit: X-wing (2 lines) and swordfish (3 lines). When the places of a digit in
//! `n` rows lie in only `n` columns, each of those columns has its digit in one of the rows:
//! the digit goes from the rest of those columns (and the same with rows and columns swapped).

use super::board::Board;
use super::subsets::{positions, subsets_of};
use super::{Finding, Technique};

/// The first fish of `size` lines (2: X-wing, 3: swordfish) that removes a candidate.
pub(crate) fn fish(b: &Board, size: u32) -> Option<Finding> {
    let technique = if size == 2 {
        Technique::XWing
    } else {
        Technique::Swordfish
    };
    for d in 1..=9u8 {
        // Base rows (units 0-8) with columns as cover, then base columns (9-17) with rows.
        for base in [0usize, 9] {
            let mut lines = [0u16; 9];
            let mut open = 0u16;
            for (k, l) in lines.iter_mut().enumerate() {
                *l = b.places(base + k, d);
                let n = l.count_ones();
                if n >= 2 && n <= size {
                    open |= 1 << k;
                }
            }
            for chosen in subsets_of(open, size) {
                let cover = positions(chosen).fold(0u16, |a, k| a | lines[k]);
                if cover.count_ones() != size {
                    continue;
                }
                // Clear the digit from the cover lines outside the base lines.
                let eliminate: Vec<(usize, u8)> = positions(cover)
                    .flat_map(|x| {
                        (0..9)
                            .filter(move |&y| chosen & (1 << y) == 0)
                            .map(move |y| if base == 0 { 9 * y + x } else { 9 * x + y })
                    })
                    .filter(|&c| b.has(c, d))
                    .map(|c| (c, d))
                    .collect();
                if !eliminate.is_empty() {
                    return Some(Finding::eliminations(technique, eliminate));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::tests::{board, keep_only};
    use super::*;

    #[test]
    fn x_wing_on_rows() {
        // The 3s of rows 2 and 6 are only in columns 2 and 8: no other 3 in those columns.
        let mut b = board("");
        keep_only(&mut b, 3, 1, &[1, 7]);
        keep_only(&mut b, 3, 5, &[1, 7]);
        assert!(fish(&b, 3).is_none());
        let f = fish(&b, 2).unwrap();
        assert_eq!(f.technique, Technique::XWing);
        let mut cells: Vec<usize> = f.eliminate.iter().map(|&(c, _)| c).collect();
        cells.sort();
        let mut expect: Vec<usize> = [0, 2, 3, 4, 6, 7, 8]
            .into_iter()
            .flat_map(|r| [9 * r + 1, 9 * r + 7])
            .collect();
        expect.sort();
        assert_eq!(cells, expect);
        assert!(f.eliminate.iter().all(|&(_, d)| d == 3));
    }

    #[test]
    fn swordfish_on_columns() {
        // The 6s of columns 1, 5 and 9 lie in rows 1, 4 and 8 only (two per column).
        let mut b = board("");
        keep_only(&mut b, 6, 9, &[0, 3]);
        keep_only(&mut b, 6, 13, &[3, 7]);
        keep_only(&mut b, 6, 17, &[0, 7]);
        assert!(fish(&b, 2).is_none());
        let f = fish(&b, 3).unwrap();
        assert_eq!(f.technique, Technique::Swordfish);
        // Rows 1, 4, 8 lose their 6s outside columns 1, 5, 9: 6 cells each.
        assert_eq!(f.eliminate.len(), 18);
        assert!(f.eliminate.iter().all(|&(c, d)| {
            d == 6 && [0, 3, 7].contains(&(c / 9)) && ![0, 4, 8].contains(&(c % 9))
        }));
    }
}
