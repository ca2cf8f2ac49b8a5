//! Additive disjoint pattern databases with reflection (mirror) lookups.
//!
//! The tiles are split into disjoint patterns. For each pattern a table holds, for every
//! placement of its tiles, the fewest moves *of those tiles* that bring them home. Only
//! pattern-tile moves are counted, so the tables of disjoint patterns add up to an admissible
//! estimate. A table is built by a backward breadth-first search from the goal placement over
//! ranked partial permutations (`n!/(n-k)!` entries for `k` tiles on `n` cells, one byte
//! each). The search tracks the blank the way the puzzle does: a pattern tile moves only into
//! the blank, and the blank travels for free through the cells outside the pattern, so a
//! search node is a placement together with the region of free cells the blank is in. The
//! stored value is the least over the blank's regions, a lower bound for every position with
//! those tiles in those cells. (Letting a tile move into any free cell, ignoring where the
//! blank can go, is simpler but much weaker: with 6-6-3 tables it needed 14x more nodes on
//! the first 20 of Korf's 100.)
//!
//! The search runs layer by layer over the whole rank space, with a small bit set of the
//! blank's regions per rank instead of a queue, on all cores (rayon): the 8-tile table of the
//! 4x4 board (518,918,400 entries) takes minutes and a little over 2 GB while building.
//! The progress callback is called every few million ranks and can stop the build.
//!
//! On a square board whose blank goal lies on the main diagonal, the position mirrored in that
//! diagonal has the same distance to the goal; looking the mirrored position up in the same
//! tables gives a second admissible estimate, and the larger of the two is used.
//!
//! Tables are saved to a cache directory with a checksum and reloaded on later runs: see
//! [`PatternDatabases::default_dir`].

mod build;
mod cache;
mod database;
mod format;
mod partition;
#[cfg(test)]
mod reference;
#[cfg(test)]
mod tests;

pub use database::{PatternDatabases, PatternDb, PdbMemo};
pub use partition::Partition;

/// An entry not reached (yet) by the build.
const UNSEEN: u8 = u8::MAX;

/// How far a build has come, handed to the progress callback.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// Tiles in the pattern being built.
    pub tiles: usize,
    /// Breadth-first layer (distance) being finished.
    pub depth: u32,
    /// Placements reached so far.
    pub reached: u64,
    /// Placements in total.
    pub total: u64,
}

/// Number of placements of `k` distinct tiles on `n` cells: `n!/(n-k)!`.
pub(crate) fn placements(n: usize, k: usize) -> u64 {
    (n - k + 1..=n).map(|x| x as u64).product()
}

/// Rank of a placement (positions of the pattern's tiles, in pattern order) among all
/// `n!/(n-k)!`: the lexicographic rank of the partial permutation.
#[inline]
fn rank(positions: impl Iterator<Item = u8>, n: usize) -> usize {
    let mut used = 0u32;
    let mut r = 0usize;
    for (i, p) in positions.enumerate() {
        let below = (used & ((1u32 << p) - 1)).count_ones() as usize;
        r = r * (n - i) + (p as usize - below);
        used |= 1 << p;
    }
    r
}
