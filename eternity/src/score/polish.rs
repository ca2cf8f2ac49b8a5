//! Improving a good board in place (a large neighbourhood search): a window of cells is
//! cleared and filled again, exactly, with just the pieces taken out, the rest of the board
//! standing as fixed surroundings.
//!
//! Restarts from an empty board stop climbing once a board scores well: a board of 460 has
//! about twenty breaks, each of which a better board must repair without opening another, and
//! a fresh restart does not know where they are. A window around the breaks does: its
//! re-fill is a small branch and bound over the window's own pieces (each rotation, the rim
//! rule kept) that may lose no more edges than the board loses there now. A fill that loses
//! fewer is an improvement; one that loses as many but differs is a drift, kept too, so that
//! later windows see another board of the same score.
//!
//! Windows are chosen by a seeded rule ([`window`]): a break at random, and around it either a
//! rectangle of random shape or the cells of a few breaks scattered over the board (so that
//! pieces can swap between distant breaks). Each re-fill stops after a node cap, so one
//! window costs little and the search is a pure function of the seed.

use super::rng::SplitMix;
use super::window_fill::WindowFill;
use crate::board::Board;
use crate::instance::{Candidate, Instance, Side};

/// What a window's re-fill ended with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Refill {
    /// A fill of the window matching more edges than before: the board with it.
    Better(Board),
    /// A different fill matching as many: the board with it.
    Drift(Board),
    /// Nothing else as good was found within the cap.
    Same,
}

/// The cells of the window for `rng`'s next draw on `board`: around a break chosen at random,
/// a rectangle of at most `max_cells` cells (three draws in four) or the cells of up to
/// `max_cells / 2` breaks (the fourth). Pinned cells are left out. Empty when `board` has
/// no break.
pub(crate) fn window(
    inst: &Instance,
    board: &Board,
    max_cells: usize,
    rng: &mut SplitMix,
) -> Vec<usize> {
    let breaks = breaks(inst, board);
    if breaks.is_empty() || max_cells < 2 {
        return Vec::new();
    }
    let pick = |rng: &mut SplitMix, n: usize| (rng.next_u64() % n as u64) as usize;
    let (cell, other) = breaks[pick(rng, breaks.len())];
    let mut cells = Vec::new();
    if rng.next_u64() % 4 < 3 {
        let (w, h) = (inst.width(), inst.height());
        let cw = 2 + pick(rng, (max_cells / 2).clamp(1, w - 1));
        let ch = (max_cells / cw).clamp(1, h);
        let cw = cw.min(w);
        let (r, c) = (cell / w, cell % w);
        let top = r.saturating_sub(pick(rng, ch)).min(h - ch);
        let left = c.saturating_sub(pick(rng, cw)).min(w - cw);
        for rr in top..top + ch {
            for cc in left..left + cw {
                cells.push(rr * w + cc);
            }
        }
        if !cells.contains(&other) && cells.len() < max_cells {
            cells.push(other);
        }
    } else {
        cells.extend([cell, other]);
        for _ in 0..breaks.len().min(max_cells) {
            if cells.len() + 2 > max_cells {
                break;
            }
            let (a, b) = breaks[pick(rng, breaks.len())];
            for x in [a, b] {
                if !cells.contains(&x) {
                    cells.push(x);
                }
            }
        }
    }
    let pinned: Vec<usize> = inst.hints().iter().map(|h| h.cell).collect();
    cells.retain(|c| !pinned.contains(c) && board.get(*c).is_some());
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// The mismatched edges of `board` between filled cells: the two cells of each, the left or
/// upper first.
pub(crate) fn breaks(inst: &Instance, board: &Board) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for cell in 0..inst.cells() {
        for side in [Side::Right, Side::Down] {
            if let (Some(a), Some(n)) = (board.edge(inst, cell, side), inst.neighbour(cell, side))
                && let Some(b) = board.edge(inst, n, side.opposite())
                && a != b
            {
                out.push((cell, n));
            }
        }
    }
    out
}

/// Fills `cells` of `board` again with the pieces on them, looking for a fill that matches
/// more edges (or as many, differently), with at most `cap` placements.
///
/// The rest of the board is pinned (and so are the instance's own pins), and the window is
/// searched by its own small branch and bound ([`WindowFill`]), in row-major order, with as
/// many breaks allowed as the window has now: the first full fill of that many is a drift
/// (unless it is the board's own), and each one after has fewer; the last, the best within
/// the cap, is kept. The pieces are ranked from `rng`. Returns what it found and the
/// placements made.
pub(crate) fn refill(
    inst: &Instance,
    board: &Board,
    cells: &[usize],
    cap: u64,
    rng: &mut SplitMix,
) -> (Refill, u64) {
    let mut cells: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| board.get(c).is_some() && inst.hint_at(c).is_none())
        .collect();
    cells.sort_unstable();
    cells.dedup();
    if cells.len() < 2 {
        return (Refill::Same, 0);
    }
    let fill = WindowFill::new(inst, board, &cells, rng);
    let found = fill.search(cap);
    let with = |cands: Vec<Candidate>| {
        let mut b = board.clone();
        for (cell, cand) in fill.cells().zip(cands) {
            b.place(cell, cand);
        }
        b
    };
    let out = match (found.better, found.drift) {
        (Some(c), _) => Refill::Better(with(c)),
        (None, Some(c)) => Refill::Drift(with(c)),
        (None, None) => Refill::Same,
    };
    (out, found.nodes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::instance::{GREY, Piece, Rotation};

    /// A 4 x 4 board solved by its pieces in order, unturned; interior colours from `seed`.
    fn solved(seed: u64) -> (Instance, Board) {
        let (w, h) = (4usize, 4usize);
        let mut rng = SplitMix::for_restart(seed, 0);
        let mut colour = |frame: bool| {
            let r = rng.next_u64();
            if frame {
                1 + (r % 2) as u8
            } else {
                3 + (r % 3) as u8
            }
        };
        let mut right = [[0u8; 4]; 4];
        let mut down = [[0u8; 4]; 4];
        for r in 0..h {
            for c in 0..w {
                right[r][c] = colour(r == 0 || r + 1 == h);
                down[r][c] = colour(c == 0 || c + 1 == w);
            }
        }
        let pieces: Vec<Piece> = (0..w * h)
            .map(|cell| {
                let (r, c) = (cell / w, cell % w);
                Piece::new([
                    if r == 0 { GREY } else { down[r - 1][c] },
                    if c + 1 == w { GREY } else { right[r][c] },
                    if r + 1 == h { GREY } else { down[r][c] },
                    if c == 0 { GREY } else { right[r][c - 1] },
                ])
            })
            .collect();
        let inst = Instance::new(w, h, pieces, vec![]).unwrap();
        let mut board = Board::empty(&inst);
        for cell in 0..w * h {
            let piece = cell as u16;
            board.place(
                cell,
                Candidate {
                    piece,
                    rotation: Rotation::R0,
                },
            );
        }
        (inst, board)
    }

    /// `board` with the pieces of cells `x` and `y` swapped, each keeping its rotation.
    fn swapped(board: &Board, x: usize, y: usize) -> Board {
        let (a, b) = (board.get(x).unwrap(), board.get(y).unwrap());
        let mut out = board.clone();
        for (cell, c) in [(x, b), (y, a)] {
            out.place(
                cell,
                Candidate {
                    piece: c.piece,
                    rotation: c.rotation,
                },
            );
        }
        out
    }

    #[test]
    fn a_swapped_pair_is_put_back() {
        for seed in 0..20 {
            let (inst, solved) = solved(seed);
            assert_eq!(solved.score(&inst), inst.max_score());
            let board = swapped(&solved, 5, 10);
            if board.score(&inst) == inst.max_score() {
                continue;
            }
            assert!(!breaks(&inst, &board).is_empty());
            let mut rng = SplitMix::for_restart(seed, 1);
            let (out, nodes) = refill(&inst, &board, &[5, 6, 9, 10], 10_000, &mut rng);
            let Refill::Better(fixed) = out else {
                panic!("seed {seed}: {out:?}");
            };
            assert!(nodes > 0);
            assert_eq!(fixed.score(&inst), inst.max_score());
            // Cells outside the window stay as they were.
            for cell in [0, 1, 2, 3, 4, 7, 8, 11, 12, 13, 14, 15] {
                assert_eq!(fixed.get(cell), board.get(cell));
            }
        }
    }

    /// The best score over every placement of the pieces on `cells` (each rotation that
    /// keeps the rim rule), by brute force.
    fn best_by_brute_force(inst: &Instance, board: &Board, cells: &[usize]) -> usize {
        fn go(inst: &Instance, b: &mut Board, cells: &[usize], free: &mut Vec<u16>) -> usize {
            let Some((&cell, rest)) = cells.split_first() else {
                return b.score(inst);
            };
            let mut best = 0;
            for i in 0..free.len() {
                let piece = free.remove(i);
                for rotation in inst.piece(piece).distinct_rotations() {
                    let cand = Candidate { piece, rotation };
                    let edges = inst.piece(piece).rotated(rotation);
                    let keeps_rim = Side::ALL
                        .iter()
                        .all(|&s| (edges[s.index()] == GREY) == inst.neighbour(cell, s).is_none());
                    if keeps_rim {
                        b.place(cell, cand);
                        best = best.max(go(inst, b, rest, free));
                    }
                }
                free.insert(i, piece);
            }
            best
        }
        let mut free: Vec<u16> = cells.iter().map(|&c| board.get(c).unwrap().piece).collect();
        go(inst, &mut board.clone(), cells, &mut free)
    }

    #[test]
    fn an_uncapped_refill_finds_the_best_fill_of_the_window() {
        for seed in 0..30 {
            let (inst, solved) = solved(seed);
            // Scramble the four centre cells: pieces permuted and turned at random.
            let mut rng = SplitMix::for_restart(seed, 7);
            let cells = [5, 6, 9, 10];
            let mut pieces: Vec<u16> = cells
                .iter()
                .map(|&c| solved.get(c).unwrap().piece)
                .collect();
            for i in (1..pieces.len()).rev() {
                pieces.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
            }
            let mut board = solved.clone();
            for (&cell, &piece) in cells.iter().zip(&pieces) {
                let rotation = Rotation::new((rng.next_u64() % 4) as u8).unwrap();
                board.place(cell, Candidate { piece, rotation });
            }
            let best = best_by_brute_force(&inst, &board, &cells);
            let draw = || SplitMix::for_restart(seed, 8);
            let (out, nodes) = refill(&inst, &board, &cells, u64::MAX, &mut draw());
            assert_eq!(
                (out.clone(), nodes),
                refill(&inst, &board, &cells, u64::MAX, &mut draw())
            );
            match out {
                Refill::Better(b) => {
                    assert_eq!(b.score(&inst), best, "seed {seed}");
                    assert!(best > board.score(&inst));
                }
                Refill::Drift(b) => {
                    assert_eq!(b.score(&inst), board.score(&inst));
                    assert_eq!(best, board.score(&inst), "seed {seed}");
                }
                Refill::Same => assert_eq!(best, board.score(&inst), "seed {seed}"),
            }
        }
    }

    #[test]
    fn a_full_score_board_has_no_window_and_windows_follow_the_seed() {
        let (inst, solved) = solved(3);
        let mut rng = SplitMix::for_restart(1, 2);
        assert!(window(&inst, &solved, 8, &mut rng).is_empty());
        let board = swapped(&solved, 1, 2);
        let broken = breaks(&inst, &board);
        if broken.is_empty() {
            return;
        }
        for k in 0..50 {
            let draw = |k| window(&inst, &board, 6, &mut SplitMix::for_restart(9, k));
            let cells = draw(k);
            assert_eq!(cells, draw(k), "the same draw, the same window");
            assert!(cells.len() <= 6 && cells.len() >= 2, "{cells:?}");
            assert!(
                broken
                    .iter()
                    .any(|(x, y)| cells.contains(x) || cells.contains(y))
            );
            // Whatever the window, a re-fill never loses score and keeps the rim rule.
            let (out, _) = refill(
                &inst,
                &board,
                &cells,
                5_000,
                &mut SplitMix::for_restart(9, k),
            );
            if let Refill::Better(b) | Refill::Drift(b) = out {
                assert!(b.score(&inst) >= board.score(&inst));
                assert_eq!(b.filled(), 16);
            }
        }
    }
}
