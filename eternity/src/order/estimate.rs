//! Knuth's estimate of the size of a search tree (D. E. Knuth, "Estimating the efficiency of
//! backtrack programs", 1975): walk from the root to a dead end choosing uniformly among the
//! legal placements at each depth; the sum over depths of the product of the branching factors
//! met is an unbiased estimate of the number of nodes in the tree. The mean over many such
//! probes is what [`FillOrder::auto`](crate::FillOrder::auto) compares orders by.

use crate::board::Board;
use crate::engine::baseline::{Lookup, PairIndex, known_colour, lookups};
use crate::instance::{Candidate, Instance, Side};
use crate::order::FillOrder;
use crate::score::rng::SplitMix;

/// What the random probes of one fill order measured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TreeEstimate {
    /// The estimated number of nodes of the whole strict search tree (the mean of the probes'
    /// estimates; every probe counts at least its first level).
    pub nodes: f64,
    /// How many probes were walked.
    pub probes: u32,
    /// How many probes reached a full board (a solution found by chance).
    pub solved: u32,
    /// The deepest depth a probe reached.
    pub deepest: usize,
}

/// Estimates the strict search tree of `inst` in `order` from `probes` random walks, seeded
/// with `seed` (the same seed gives the same estimate).
pub fn estimate(inst: &Instance, order: &FillOrder, probes: u32, seed: u64) -> TreeEstimate {
    let cells = order.cells();
    let all = inst.candidates();
    let index = PairIndex::new(inst, &all);
    let lookup = lookups(inst, cells);
    let mut total = 0.0f64;
    let mut solved = 0;
    let mut deepest = 0;
    let mut legal: Vec<Candidate> = Vec::new();
    for probe in 0..probes {
        let mut rng = SplitMix::for_restart(seed, u64::from(probe));
        let mut board = Board::with_hints(inst);
        let mut used = inst.hinted_pieces();
        // The product of the branching factors above the current depth.
        let mut width = 1.0f64;
        let mut depth = 0;
        while depth < cells.len() {
            let cell = cells[depth];
            let list: &[Candidate] = match lookup[depth] {
                Lookup::All => &all,
                Lookup::Pair(s) => {
                    let a = known_colour(inst, &board, cell, s) as usize;
                    let b = known_colour(inst, &board, cell, Side::ALL[(s.index() + 1) % 4]);
                    &index.lists[s.index()][a * index.colours + b as usize]
                }
            };
            legal.clear();
            legal.extend(
                list.iter()
                    .copied()
                    .filter(|c| !used[c.piece as usize] && board.fits(inst, cell, *c)),
            );
            if legal.is_empty() {
                break;
            }
            width *= legal.len() as f64;
            total += width;
            // Uniform over the legal placements (the bias of a 64-bit modulus is negligible).
            let pick = legal[(rng.next_u64() % legal.len() as u64) as usize];
            used[pick.piece as usize] = true;
            board.place(cell, pick);
            depth += 1;
        }
        deepest = deepest.max(depth);
        if depth == cells.len() {
            solved += 1;
        }
    }
    TreeEstimate {
        nodes: if probes == 0 {
            0.0
        } else {
            total / f64::from(probes)
        },
        probes,
        solved,
        deepest,
    }
}
