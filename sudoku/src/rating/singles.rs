//! Singles: a digit with one place left in a unit (hidden single), a cell with one candidate
//! left (naked single).

use super::board::{Board, UNITS};
use super::{Finding, Technique};

/// Units in the order a person scans them for hidden singles: boxes, then rows, then columns.
const SCAN: [usize; 27] = [
    18, 19, 20, 21, 22, 23, 24, 25, 26, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
    17,
];

/// The first digit of a unit that has only one cell left for it.
pub(crate) fn hidden_single(b: &Board) -> Option<Finding> {
    for &u in &SCAN {
        for d in 1..=9u8 {
            let places = b.places(u, d);
            if places.count_ones() == 1 {
                let cell = UNITS[u][places.trailing_zeros() as usize] as usize;
                return Some(Finding::place(Technique::HiddenSingle, cell, d));
            }
        }
    }
    None
}

/// The first blank cell with a single candidate.
pub(crate) fn naked_single(b: &Board) -> Option<Finding> {
    (0..81).find_map(|cell| {
        let c = b.cand(cell);
        (c.count_ones() == 1)
            .then(|| Finding::place(Technique::NakedSingle, cell, c.trailing_zeros() as u8))
    })
}

#[cfg(test)]
mod tests {
    use super::super::tests::{board, board_with};
    use super::*;

    #[test]
    fn hidden_single_in_a_box() {
        // 1s in rows 1 and 2 (r1c4, r2c7) and columns 1 and 2 (r5c1, r8c2) leave box 1 one
        // place for a 1: r3c3 (cell 20).
        let b = board_with(&[(3, 1), (15, 1), (36, 1), (64, 1)]);
        let f = hidden_single(&b).unwrap();
        assert_eq!(f.technique, Technique::HiddenSingle);
        assert_eq!(f.place, vec![(20, 1)]);
        assert!(f.eliminate.is_empty());
    }

    #[test]
    fn naked_single_in_a_cell() {
        // Row 1 holds 1-8: r1c9 can only be 9.
        let b = board("12345678.");
        let f = naked_single(&b).unwrap();
        assert_eq!(f.technique, Technique::NakedSingle);
        assert_eq!(f.place, vec![(8, 9)]);
    }

    #[test]
    fn an_empty_board_has_no_single() {
        assert!(naked_single(&board("")).is_none());
        assert!(hidden_single(&board("")).is_none());
    }
}
