//! Simple colouring on one digit. Units where a digit has exactly two places link those cells
//! (one of them holds it); the linked cells split into two colours, one true, one false.
//! Wrap: two cells of one colour see each other, so that colour is false. Trap: a cell that
//! sees both colours is not the digit.

use super::board::{Board, UNITS, sees};
use super::{Finding, Technique};

/// The first colour wrap or trap that removes a candidate.
pub(crate) fn simple_colouring(b: &Board) -> Option<Finding> {
    for d in 1..=9u8 {
        let mut links: Vec<(usize, usize)> = Vec::new();
        for (u, unit) in UNITS.iter().enumerate() {
            let p = b.places(u, d);
            if p.count_ones() == 2 {
                let i = p.trailing_zeros() as usize;
                let j = 15 - p.leading_zeros() as usize;
                links.push((unit[i] as usize, unit[j] as usize));
            }
        }
        // Colour each connected group of linked cells: 0 or 1, `None` when not linked.
        let mut colour: [Option<(usize, u8)>; 81] = [None; 81];
        let mut groups = 0;
        for start in 0..81 {
            if colour[start].is_some() || !links.iter().any(|&(a, c)| a == start || c == start) {
                continue;
            }
            colour[start] = Some((groups, 0));
            let mut stack = vec![start];
            while let Some(x) = stack.pop() {
                let Some((_, cx)) = colour[x] else { continue };
                for &(a, c) in &links {
                    let y = if a == x {
                        c
                    } else if c == x {
                        a
                    } else {
                        continue;
                    };
                    if colour[y].is_none() {
                        colour[y] = Some((groups, 1 - cx));
                        stack.push(y);
                    }
                }
            }
            let group: Vec<(usize, u8)> = (0..81)
                .filter_map(|c| match colour[c] {
                    Some((g, k)) if g == groups => Some((c, k)),
                    _ => None,
                })
                .collect();
            groups += 1;
            if group.len() < 3 {
                continue;
            }
            if let Some(f) = wrap(d, &group).or_else(|| trap(b, d, &group)) {
                return Some(f);
            }
        }
    }
    None
}

/// Two cells of one colour that see each other: every cell of that colour loses `d`.
fn wrap(d: u8, group: &[(usize, u8)]) -> Option<Finding> {
    for k in 0..2u8 {
        let cells: Vec<usize> = group.iter().filter(|g| g.1 == k).map(|g| g.0).collect();
        let clash = cells
            .iter()
            .enumerate()
            .any(|(i, &a)| cells[i + 1..].iter().any(|&c| sees(a, c)));
        if clash {
            let eliminate = cells.into_iter().map(|c| (c, d)).collect();
            return Some(Finding::eliminations(Technique::SimpleColouring, eliminate));
        }
    }
    None
}

/// Cells outside the group that see a cell of each colour lose `d`.
fn trap(b: &Board, d: u8, group: &[(usize, u8)]) -> Option<Finding> {
    let eliminate: Vec<(usize, u8)> = (0..81)
        .filter(|&x| b.has(x, d) && !group.iter().any(|g| g.0 == x))
        .filter(|&x| (0..2u8).all(|k| group.iter().any(|g| g.1 == k && sees(x, g.0))))
        .map(|x| (x, d))
        .collect();
    (!eliminate.is_empty()).then(|| Finding::eliminations(Technique::SimpleColouring, eliminate))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{board, keep_only};
    use super::*;

    #[test]
    fn colour_trap() {
        // A chain of 4s: r1c1 = r1c5 (row 1), r1c5 = r6c5 (column 5), r6c5 = r6c3 (row 6).
        // r1c1 and r6c3 have opposite colours: r2c3, r3c3 (box 1, column 3) and r4c1, r5c1
        // (column 1, box 4) see both, and lose the 4.
        let mut b = board("");
        keep_only(&mut b, 4, 0, &[0, 4]);
        keep_only(&mut b, 4, 13, &[0, 5]);
        keep_only(&mut b, 4, 5, &[2, 4]);
        let f = simple_colouring(&b).unwrap();
        assert_eq!(f.technique, Technique::SimpleColouring);
        assert_eq!(f.eliminate, vec![(11, 4), (20, 4), (27, 4), (36, 4)]);
    }

    #[test]
    fn colour_wrap() {
        // A chain of 7s: r1c1 = r1c5 (row 1) = r4c5 (column 5) = r4c3 (row 4) = r6c1 (box 4).
        // r1c1, r4c5 and r6c1 share a colour, and r1c1 sees r6c1: that colour is false.
        let mut b = board("");
        keep_only(&mut b, 7, 0, &[0, 4]);
        keep_only(&mut b, 7, 13, &[0, 3]);
        keep_only(&mut b, 7, 3, &[2, 4]);
        keep_only(&mut b, 7, 21, &[2, 6]);
        let f = simple_colouring(&b).unwrap();
        assert_eq!(f.technique, Technique::SimpleColouring);
        assert_eq!(f.eliminate, vec![(0, 7), (31, 7), (45, 7)]);
    }
}
