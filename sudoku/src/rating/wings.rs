//! Wings of bivalue cells. XY-wing: a pivot {x,y} sees a pincer {x,z} and a pincer {y,z};
//! whichever the pivot holds, one pincer is z, so a cell seeing both pincers is not z.
//! XYZ-wing: the pivot is {x,y,z} and the cells losing z must also see the pivot.

use super::board::{Board, digits, sees};
use super::{Finding, Technique};

/// The first XY-wing that removes a candidate.
pub(crate) fn xy_wing(b: &Board) -> Option<Finding> {
    wing(b, 2, Technique::XyWing)
}

/// The first XYZ-wing that removes a candidate.
pub(crate) fn xyz_wing(b: &Board) -> Option<Finding> {
    wing(b, 3, Technique::XyzWing)
}

fn wing(b: &Board, pivot_size: u32, technique: Technique) -> Option<Finding> {
    let bivalue: Vec<usize> = (0..81).filter(|&c| b.cand(c).count_ones() == 2).collect();
    for pivot in (0..81).filter(|&c| b.cand(c).count_ones() == pivot_size) {
        let p = b.cand(pivot);
        let arms: Vec<usize> = bivalue
            .iter()
            .copied()
            .filter(|&c| sees(pivot, c) && (b.cand(c) & p).count_ones() == pivot_size - 1)
            .collect();
        for (i, &a) in arms.iter().enumerate() {
            for &c in &arms[i + 1..] {
                let (ca, cc) = (b.cand(a), b.cand(c));
                if ca == cc {
                    continue;
                }
                // z: the digit both pincers share; the wing needs it outside (XY) or inside
                // (XYZ) the pivot, and the three cells to hold exactly three digits.
                let shared = ca & cc;
                if shared.count_ones() != 1 || (ca | cc | p).count_ones() != 3 {
                    continue;
                }
                if pivot_size == 2 && shared & p != 0 || pivot_size == 3 && shared & p == 0 {
                    continue;
                }
                let z = digits(shared).next().unwrap_or(0);
                let eliminate: Vec<(usize, u8)> = (0..81)
                    .filter(|&x| {
                        x != pivot
                            && b.has(x, z)
                            && sees(x, a)
                            && sees(x, c)
                            && (pivot_size == 2 || sees(x, pivot))
                    })
                    .map(|x| (x, z))
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
    use super::super::tests::{board, keep_cands};
    use super::*;

    #[test]
    fn an_xy_wing() {
        // Pivot r1c1 {1,2}; pincers r1c5 {1,3} (same row) and r5c1 {2,3} (same column):
        // r5c5 sees both pincers and is not 3.
        let mut b = board("");
        keep_cands(&mut b, 0, &[1, 2]);
        keep_cands(&mut b, 4, &[1, 3]);
        keep_cands(&mut b, 36, &[2, 3]);
        let f = xy_wing(&b).unwrap();
        assert_eq!(f.technique, Technique::XyWing);
        assert_eq!(f.eliminate, vec![(40, 3)]);
        assert!(xyz_wing(&b).is_none());
    }

    #[test]
    fn an_xyz_wing() {
        // Pivot r1c2 {1,2,3}; pincers r1c8 {1,3} (row) and r2c1 {2,3} (box): the cells that see
        // all three and may hold a 3 are r1c1 and r1c3.
        let mut b = board("");
        keep_cands(&mut b, 1, &[1, 2, 3]);
        keep_cands(&mut b, 7, &[1, 3]);
        keep_cands(&mut b, 9, &[2, 3]);
        assert!(xy_wing(&b).is_none());
        let f = xyz_wing(&b).unwrap();
        assert_eq!(f.technique, Technique::XyzWing);
        assert_eq!(f.eliminate, vec![(0, 3), (2, 3)]);
    }
}
