//! Locked candidates: where a box meets a row or column. Pointing: a digit whose places in a
//! box all lie in one row (column) is not elsewhere in that row (column). Claiming: a digit
//! whose places in a row (column) all lie in one box is not elsewhere in that box.

use super::board::{Board, UNITS};
use super::{Finding, Technique};
use crate::grid::{box_of, col_of, row_of};

/// A box's positions 0..9 in its first row (shifted by 3r: row r).
const BOX_ROW: u16 = 0b111;
/// A box's positions 0..9 in its first column (shifted by c: column c).
const BOX_COL: u16 = 0b1_001_001;

/// The first pointing or claiming move that removes a candidate.
pub(crate) fn locked_candidates(b: &Board) -> Option<Finding> {
    for d in 1..=9u8 {
        // Pointing: box -> line (the row through the first place, then its column).
        for (bx, unit) in UNITS.iter().enumerate().skip(18) {
            let places = b.places(bx, d);
            if places.count_ones() < 2 {
                continue;
            }
            let first = places.trailing_zeros();
            let cell = unit[first as usize] as usize;
            let lines = [
                (row_of(cell), BOX_ROW << (3 * (first / 3))),
                (9 + col_of(cell), BOX_COL << (first % 3)),
            ];
            for (line, within) in lines {
                if places & !within == 0 {
                    let f = eliminate_outside(b, d, line, bx);
                    if !f.eliminate.is_empty() {
                        return Some(f);
                    }
                }
            }
        }
        // Claiming: line -> box. A line's positions 0..9 fall in its three boxes three by
        // three, for rows and columns alike.
        for (line, unit) in UNITS.iter().enumerate().take(18) {
            let places = b.places(line, d);
            if places.count_ones() < 2 {
                continue;
            }
            let first = places.trailing_zeros();
            if places & !(BOX_ROW << (3 * (first / 3))) == 0 {
                let bx = 18 + box_of(unit[first as usize] as usize);
                let f = eliminate_outside(b, d, bx, line);
                if !f.eliminate.is_empty() {
                    return Some(f);
                }
            }
        }
    }
    None
}

/// True when `cell` is in unit `u` (rows 0-8, columns 9-17, boxes 18-26).
fn in_unit(cell: usize, u: usize) -> bool {
    match u {
        0..9 => row_of(cell) == u,
        9..18 => col_of(cell) == u - 9,
        _ => box_of(cell) == u - 18,
    }
}

/// Removes `d` from the cells of `target` outside `source`.
fn eliminate_outside(b: &Board, d: u8, target: usize, source: usize) -> Finding {
    let eliminate = UNITS[target]
        .iter()
        .map(|&c| c as usize)
        .filter(|&c| b.has(c, d) && !in_unit(c, source))
        .map(|c| (c, d))
        .collect();
    Finding::eliminations(Technique::LockedCandidates, eliminate)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{board, keep_only};
    use super::*;

    #[test]
    fn pointing_clears_the_rest_of_the_row() {
        // In box 1 the 5 can only be in row 1 (r1c1, r1c2): no 5 in the rest of row 1.
        let mut b = board("");
        keep_only(&mut b, 5, 18, &[0, 1]);
        let f = locked_candidates(&b).unwrap();
        assert_eq!(f.technique, Technique::LockedCandidates);
        assert_eq!(f.eliminate, (3..9).map(|c| (c, 5)).collect::<Vec<_>>());
        assert!(f.place.is_empty());
    }

    #[test]
    fn claiming_clears_the_rest_of_the_box() {
        // In column 5 the 7 can only be in box 5 (r4c5, r6c5): no 7 elsewhere in box 5.
        let mut b = board("");
        keep_only(&mut b, 7, 9 + 4, &[3, 5]);
        let f = locked_candidates(&b).unwrap();
        let mut cells: Vec<usize> = f
            .eliminate
            .iter()
            .map(|&(c, d)| {
                assert_eq!(d, 7);
                c
            })
            .collect();
        cells.sort();
        assert_eq!(cells, vec![30, 32, 39, 41, 48, 50]);
    }

    #[test]
    fn nothing_to_remove_is_no_move() {
        assert!(locked_candidates(&board("")).is_none());
    }
}
