//! The fast engine's run to the end from the start: the same walk as the resumable loop in
//! `fast.rs`, written as plain recursion over local variables.
//!
//! A run that will not pause (an unlimited budget, nothing stepped yet) needs neither the
//! state kept between calls nor the counting ahead of a budget: the path, the tiles in use,
//! the tiles still to try and the states after each first letter live in registers and on
//! the stack, and the nodes are summed as the walk goes (20 one-tile paths, then `20 - k`
//! for every live path of `k < 4` tiles). It visits the paths in the same order, records the
//! same hits in the same order and counts the same nodes as the loop: the tests run both
//! and the baseline on every public board and on random boards.

use super::Hit;
use super::Spelling;
use super::fast::NONE;
use crate::board::TILE_COUNT;
use crate::dictionary::Tiers;
use crate::index::{NOT_FINAL, View, rank_below};

/// What the walk reads and where it records, fixed for a run.
pub(crate) struct Walk<'a> {
    pub(crate) index: View<'a>,
    pub(crate) tiers: Tiers,
    pub(crate) spelling: &'a Spelling,
    /// For each letter, the tiles starting with it; and the letters that start some tile.
    pub(crate) by_letter: &'a [u32; 26],
    pub(crate) letter_mask: u32,
}

impl Walk<'_> {
    /// Runs the whole search, recording words in `hits`; returns the nodes counted. `first`
    /// and `path` are the engine's own arrays (a fresh engine's): they are left as the
    /// resumable loop leaves them at its end, so the two finished states are equal.
    pub(crate) fn run(
        &self,
        hits: &mut Vec<Hit>,
        first: &mut [[u32; 26]; 4],
        path: &mut [u8; 4],
    ) -> u64 {
        let pending = self.expand(0, 0, &mut first[0]);
        TILE_COUNT as u64 + self.depth(hits, first, path, 0, 0, pending)
    }

    /// Tiles not in `exclude` whose first letter `state` has an edge for; records in `first`
    /// the state after each such letter (as `Fast::expand` does).
    #[inline(always)]
    fn expand(&self, state: u32, exclude: u32, first: &mut [u32; 26]) -> u32 {
        let mut tiles = 0;
        let mask = self.index.mask(state);
        let mut letters = mask & self.letter_mask;
        while letters != 0 {
            let l = letters.trailing_zeros() as usize;
            let bit = letters & letters.wrapping_neg();
            letters &= letters - 1;
            let these = self.by_letter[l] & !exclude;
            if these != 0
                && let Some(next) = self.index.edge(state, rank_below(mask & (bit - 1)))
            {
                first[l] = next;
                tiles |= these;
            }
        }
        tiles
    }

    /// Tries every tile of `pending` at depth `d` (tiles of `path[..d]` in `used`), in order
    /// of index, and descends into live paths; returns the nodes below this depth's one-tile
    /// visits (which the caller counted).
    fn depth(
        &self,
        hits: &mut Vec<Hit>,
        first: &mut [[u32; 26]; 4],
        path: &mut [u8; 4],
        d: usize,
        used: u32,
        mut pending: u32,
    ) -> u64 {
        let sp = self.spelling;
        let len = d + 1;
        let mut nodes = 0;
        while pending != 0 {
            let t = pending.trailing_zeros() as usize;
            pending &= pending - 1;
            path[d & 3] = t as u8;
            let from = first[d & 3][sp.first[t] as usize];
            let rest = &sp.bits[t][1..(sp.lens[t] as usize).max(1)];
            let Some(state) = self.index.walk_bits(from, rest) else {
                continue;
            };
            let fin = self.index.fin(state);
            if fin != NOT_FINAL && self.tiers.accepts(fin as u8, len) {
                let mut tiles = [0; 4];
                tiles[..len].copy_from_slice(&path[..len]);
                hits.push(Hit {
                    tiles,
                    len: len as u8,
                    tier: fin as u8,
                });
            }
            if len < 4 {
                // A live path: the plain search visits its `20 - len` extensions.
                nodes += (TILE_COUNT - len) as u64;
                let used = used | (1 << t);
                let next = self.expand(state, used, &mut first[len]);
                // As the loop does: no tile visited yet at the new depth.
                path[len] = NONE;
                nodes += self.depth(hits, first, path, len, used, next);
            }
        }
        nodes
    }
}
