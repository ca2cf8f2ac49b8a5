//! Locked candidates: where a box meets a row or column. Pointing: a digit whose places in a
//! box all lie in one row (column) is not elsewhere in that row (column). Claiming: a digit
//! whose places in a row (column) all lie in one box is not elsewhere in that box.

use super::board::{Board, UNITS};
use super::{Finding, Technique};

/// The first pointing or claiming move that removes a candidate.
pub(crate) fn locked_candidates(b: &Board) -> Option<Finding> {
    for d in 1..=9u8 {
        // Pointing: box -> line.
        for bx in 18..27 {
            let cells = cells_with(b, bx, d);
            if cells.len() < 2 {
                continue;
            }
            for line in lines_through(cells[0]) {
                if cells.iter().all(|&c| in_unit(c, line)) {
                    let f = eliminate_outside(b, d, line, bx);
                    if !f.eliminate.is_empty() {
                        return Some(f);
                    }
                }
            }
        }
        // Claiming: line -> box.
        for line in 0..18 {
            let cells = cells_with(b, line, d);
            if cells.len() < 2 {
                continue;
            }
            let bx = 18 + crate::grid::box_of(cells[0]);
            if cells.iter().all(|&c| in_unit(c, bx)) {
                let f = eliminate_outside(b, d, bx, line);
                if !f.eliminate.is_empty() {
                    return Some(f);
                }
            }
        }
    }
    None
}

fn cells_with(b: &Board, u: usize, d: u8) -> Vec<usize> {
    UNITS[u]
        .iter()
        .map(|&c| c as usize)
        .filter(|&c| b.has(c, d))
        .collect()
}

fn lines_through(cell: usize) -> [usize; 2] {
    [crate::grid::row_of(cell), 9 + crate::grid::col_of(cell)]
}

fn in_unit(cell: usize, u: usize) -> bool {
    UNITS[u].contains(&(cell as u8))
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
