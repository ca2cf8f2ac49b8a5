//! Completing a partial score board: every free piece put on an empty cell, so a board the
//! walk left short of the end becomes one a competitor can submit, with at least its score.
//!
//! Placing a piece never unmatches an edge, so the completed board scores at least as much as
//! the partial one. The rim stays a hard rule: corners go to corner cells and border pieces to
//! border cells, turned so that grey faces the rim; the kinds of free pieces and empty cells
//! always agree in number, since every placed piece keeps the rule.

use crate::board::Board;
use crate::instance::{Candidate, GREY, Instance, Side};

/// `board` with its empty cells filled greedily, row-major: at each the free piece and turn
/// that keeps the rim rule and matches the most filled neighbours (ties: the lowest piece,
/// then rotation). A cell no free piece can take (only on a board that breaks the rim rule
/// already) stays empty.
pub fn complete(inst: &Instance, board: &Board) -> Board {
    let mut b = board.clone();
    let mut used = vec![false; inst.pieces().len()];
    for p in b.cells().iter().flatten() {
        used[p.piece as usize] = true;
    }
    for cell in 0..inst.cells() {
        if b.get(cell).is_some() {
            continue;
        }
        let mut best: Option<(usize, Candidate)> = None;
        for (id, piece) in inst.pieces().iter().enumerate() {
            if used[id] {
                continue;
            }
            for rotation in piece.distinct_rotations() {
                let edges = piece.rotated(rotation);
                let mut matches = 0;
                let keeps_rim = Side::ALL.iter().all(|&side| {
                    let e = edges[side.index()];
                    match inst.neighbour(cell, side) {
                        None => e == GREY,
                        Some(n) => {
                            matches += usize::from(b.edge(inst, n, side.opposite()) == Some(e));
                            e != GREY
                        }
                    }
                });
                if keeps_rim && best.is_none_or(|(m, _)| matches > m) {
                    best = Some((
                        matches,
                        Candidate {
                            piece: id as u16,
                            rotation,
                        },
                    ));
                }
            }
        }
        if let Some((_, cand)) = best {
            used[cand.piece as usize] = true;
            b.place(cell, cand);
        }
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::instance::{Piece, Rotation};

    #[test]
    fn a_partial_board_is_completed_without_losing_score() {
        let pieces = vec![
            Piece::new([0, 1, 2, 0]),
            Piece::new([0, 0, 3, 1]),
            Piece::new([2, 4, 0, 0]),
            Piece::new([3, 0, 0, 4]),
        ];
        let inst = Instance::new(2, 2, pieces, vec![]).unwrap();
        let mut partial = Board::empty(&inst);
        partial.place(
            0,
            Candidate {
                piece: 0,
                rotation: Rotation::R0,
            },
        );
        let done = complete(&inst, &partial);
        assert_eq!(done.filled(), 4);
        assert!(done.score(&inst) >= partial.score(&inst));
        // Greedy is enough here: each cell has one piece that matches all it can.
        assert_eq!(done.score(&inst), inst.max_score());
        assert_eq!(complete(&inst, &done), done);
    }
}
