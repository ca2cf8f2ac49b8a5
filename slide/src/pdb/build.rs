//! The table builder: a breadth-first search by layers over the whole rank space.
//!
//! A search node is a placement (its rank) together with the region of free cells the blank
//! is in. Instead of a queue of nodes, three arrays hold one small bit set per rank: the
//! regions seen so far, the regions of the current layer and the regions of the next one. A
//! region is named by one bit, the index (among the placement's free cells, in cell order)
//! of its lowest cell, so a set takes `n - k` bits: one byte per rank for the 8-tile table
//! of the 4x4 board, two for 7 tiles, four for 6 tiles on 5x5.
//!
//! A layer is one scan over the ranks, in blocks that share all but the last tile's cell (so
//! the last tile's cell is the next free cell, and only the other tiles are unranked, once a
//! block). Blocks are shared out over threads (rayon); a thread clears the current-layer
//! sets of its own blocks and writes to other ranks only by atomic `fetch_or`, so what a
//! layer finds does not depend on the order of work. A rank's value is the layer that first
//! reached any of its regions: the same table as a queue-based search gives. A flag per group
//! of blocks marks where the next layer has nodes, so the small layers at the start and end
//! of a build skip almost all of the rank space.
//!
//! Per move, the new rank is recomputed only from the moved tile on (the ranks and used
//! cells of the tiles before it are kept per node), and the blank's new region is a
//! bit-parallel flood fill: shifts and masks on a `u32` of cells.

use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU16, AtomicU32, Ordering::Relaxed};

use rayon::prelude::*;

use super::{BuildProgress, UNSEEN};
use crate::board::MAX_CELLS;
use crate::error::PdbError;

/// Ranks scanned between two calls of the progress callback (under a second of work on the
/// busiest layers of the 8-tile table, so interrupting is quick).
const BATCH: usize = 1 << 22;

/// Blocks per group: a layer skips the groups that no node of it reached (the first and last
/// layers of a build touch few ranks; a full scan of 519 M ranks costs about a quarter of a
/// CPU second).
const GROUP: usize = 512;

/// Tables below this size are built on the calling thread (thread hand-offs would cost more
/// than the work).
const PARALLEL_FROM: u64 = 1 << 18;

/// One atomic bit set of regions per rank.
trait RegionSets: Sync + Send + Sized {
    fn zeroed(len: usize) -> Self;
    fn get(&self, i: usize) -> u32;
    fn clear(&self, i: usize);
    /// Adds `bits`, returning the set before.
    fn add(&self, i: usize, bits: u32) -> u32;
}

macro_rules! region_sets {
    ($atomic:ty, $int:ty) => {
        impl RegionSets for Vec<$atomic> {
            fn zeroed(len: usize) -> Self {
                (0..len).map(|_| <$atomic>::new(0)).collect()
            }
            #[inline]
            fn get(&self, i: usize) -> u32 {
                u32::from(self[i].load(Relaxed))
            }
            #[inline]
            fn clear(&self, i: usize) {
                self[i].store(0, Relaxed);
            }
            #[inline]
            fn add(&self, i: usize, bits: u32) -> u32 {
                // `bits` lies below the set's width (`n - k` bits, which chose the type).
                u32::from(self[i].fetch_or(bits as $int, Relaxed))
            }
        }
    };
}

region_sets!(AtomicU8, u8);
region_sets!(AtomicU16, u16);
region_sets!(AtomicU32, u32);

/// The board and pattern, as masks and ranking weights.
struct Shape {
    n: usize,
    k: usize,
    width: usize,
    all: u32,
    /// Cells not in the first (last) column: where a shift right (left) by one may land.
    not_first_col: u32,
    not_last_col: u32,
    /// Neighbour cells of each cell.
    nbrs: [u32; MAX_CELLS],
    /// `weight[i]`: the product of the radices `n - j` of the digits after digit `i`.
    weight: [u32; MAX_CELLS],
    /// Radix of the last digit: the ranks of a block.
    block: usize,
}

impl Shape {
    fn new(width: usize, height: usize, k: usize) -> Shape {
        let n = width * height;
        let all = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
        let mut not_first_col = 0;
        let mut not_last_col = 0;
        let mut nbrs = [0u32; MAX_CELLS];
        for (c, nbr) in nbrs.iter_mut().enumerate().take(n) {
            let (r, col) = (c / width, c % width);
            if col != 0 {
                not_first_col |= 1 << c;
                *nbr |= 1 << (c - 1);
            }
            if col + 1 != width {
                not_last_col |= 1 << c;
                *nbr |= 1 << (c + 1);
            }
            if r > 0 {
                *nbr |= 1 << (c - width);
            }
            if r + 1 < height {
                *nbr |= 1 << (c + width);
            }
        }
        let mut weight = [0u32; MAX_CELLS];
        let mut w = 1u32;
        for i in (0..k).rev() {
            weight[i] = w;
            w = w.saturating_mul((n - i) as u32);
        }
        Shape {
            n,
            k,
            width,
            all,
            not_first_col,
            not_last_col,
            nbrs,
            weight,
            block: n - k + 1,
        }
    }

    /// The cells of `free` connected to `seed`.
    #[inline]
    fn flood(&self, seed: u32, free: u32) -> u32 {
        let mut r = seed;
        loop {
            let g = (r
                | ((r << 1) & self.not_first_col)
                | ((r >> 1) & self.not_last_col)
                | (r << self.width)
                | (r >> self.width))
                & free;
            if g == r {
                return r;
            }
            r = g;
        }
    }
}

/// The `i`-th lowest set bit of `m` (as a cell index).
#[inline]
fn nth_cell(mut m: u32, i: u32) -> u32 {
    for _ in 0..i {
        m &= m - 1;
    }
    m.trailing_zeros()
}

/// The bit naming the region `region` among the free cells `free`.
#[inline]
fn region_bit(region: u32, free: u32) -> u32 {
    let low = region.trailing_zeros();
    1 << (free & ((1u32 << low) - 1)).count_ones()
}

/// The arrays of a build.
struct Layers<S> {
    table: Vec<AtomicU8>,
    seen: S,
    current: S,
    next: S,
    /// Per group of blocks: whether any rank in it has a region in `current` (`next`).
    current_groups: Vec<AtomicBool>,
    next_groups: Vec<AtomicBool>,
}

/// What one scan found: new search nodes and newly reached ranks.
#[derive(Clone, Copy, Default)]
struct Found {
    nodes: u64,
    ranks: u64,
}

impl std::ops::Add for Found {
    type Output = Found;
    fn add(self, o: Found) -> Found {
        Found {
            nodes: self.nodes + o.nodes,
            ranks: self.ranks + o.ranks,
        }
    }
}

impl<S: RegionSets> Layers<S> {
    /// Scans the blocks of group `g` if any of them has current-layer regions.
    fn scan_group(&self, shape: &Shape, g: usize, blocks: usize, depth: u8) -> Found {
        if !self.current_groups[g].load(Relaxed) {
            return Found::default();
        }
        self.current_groups[g].store(false, Relaxed);
        (g * GROUP..((g + 1) * GROUP).min(blocks))
            .map(|b| self.scan_block(shape, b, depth))
            .fold(Found::default(), |a, b| a + b)
    }

    /// Expands the current-layer regions of every rank in block `b`; new nodes go to `next`
    /// with the value `depth + 1`.
    fn scan_block(&self, shape: &Shape, b: usize, depth: u8) -> Found {
        let base = b * shape.block;
        if (base..base + shape.block).all(|r| self.current.get(r) == 0) {
            return Found::default();
        }
        let k = shape.k;
        // The cells of tiles 0..k-1 from the block number (mixed radix n, n-1, ...).
        let mut pos = [0u8; MAX_CELLS];
        let mut rest = b;
        let mut digits = [0u32; MAX_CELLS];
        for i in (0..k - 1).rev() {
            let radix = shape.n - i;
            digits[i] = (rest % radix) as u32;
            rest /= radix;
        }
        let mut used = 0u32;
        for i in 0..k - 1 {
            let c = nth_cell(shape.all & !used, digits[i]);
            pos[i] = c as u8;
            used |= 1 << c;
        }
        let mut last_cells = shape.all & !used;
        let mut found = Found::default();
        for r in base..base + shape.block {
            let last = last_cells.trailing_zeros();
            last_cells &= last_cells - 1;
            let regions = self.current.get(r);
            if regions == 0 {
                continue;
            }
            self.current.clear(r);
            pos[k - 1] = last as u8;
            found = found + self.expand(shape, &pos, regions, depth);
        }
        found
    }

    /// Every move of a pattern tile into the blank's regions `regions` of placement `pos`.
    #[inline]
    fn expand(&self, shape: &Shape, pos: &[u8; MAX_CELLS], regions: u32, depth: u8) -> Found {
        let k = shape.k;
        // Ranks and used cells of the tiles before each tile, to re-rank from the moved one.
        let mut pre_rank = [0u32; MAX_CELLS];
        let mut pre_used = [0u32; MAX_CELLS];
        let (mut rank, mut used) = (0u32, 0u32);
        for i in 0..k {
            pre_rank[i] = rank;
            pre_used[i] = used;
            let p = pos[i] as u32;
            rank += (p - (used & ((1 << p) - 1)).count_ones()) * shape.weight[i];
            used |= 1 << p;
        }
        let free = shape.all & !used;
        let mut cells = 0u32;
        let mut bits = regions;
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            cells |= shape.flood(1 << nth_cell(free, i), free);
        }
        let mut found = Found::default();
        for i in 0..k {
            let here = pos[i] as u32;
            let mut targets = shape.nbrs[here as usize] & cells;
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                let mut r = pre_rank[i];
                let mut u = pre_used[i];
                r += (to - (u & ((1 << to) - 1)).count_ones()) * shape.weight[i];
                u |= 1 << to;
                for (&p, &w) in pos[i + 1..k].iter().zip(&shape.weight[i + 1..k]) {
                    let p = p as u32;
                    r += (p - (u & ((1 << p) - 1)).count_ones()) * w;
                    u |= 1 << p;
                }
                // The blank now stands where the tile was.
                let nfree = free ^ (1 << here) ^ (1 << to);
                let bit = region_bit(shape.flood(1 << here, nfree), nfree);
                let r = r as usize;
                if self.seen.get(r) & bit != 0 {
                    continue;
                }
                let before = self.seen.add(r, bit);
                if before & bit == 0 {
                    self.next.add(r, bit);
                    let group = &self.next_groups[r / shape.block / GROUP];
                    if !group.load(Relaxed) {
                        group.store(true, Relaxed);
                    }
                    found.nodes += 1;
                    if before == 0 {
                        // Only the thread that added the rank's first region writes here.
                        self.table[r].store(depth + 1, Relaxed);
                        found.ranks += 1;
                    }
                }
            }
        }
        found
    }
}

/// Fills the table of the pattern with goal cells `pattern` on a `width` x `height` board
/// whose goal has the blank in cell `blank_goal` (sizes already checked: `pattern` is
/// non-empty, fits, has at most `u32::MAX` placements, and `blank_goal` is a free cell).
pub(super) fn build(
    width: usize,
    height: usize,
    pattern: &[u8],
    blank_goal: usize,
    total: u64,
    progress: &mut dyn FnMut(BuildProgress) -> bool,
) -> Result<Vec<u8>, PdbError> {
    let n = width * height;
    let k = pattern.len();
    match n - k {
        0..=8 => run::<Vec<AtomicU8>>(width, height, pattern, blank_goal, total, progress),
        9..=16 => run::<Vec<AtomicU16>>(width, height, pattern, blank_goal, total, progress),
        _ => run::<Vec<AtomicU32>>(width, height, pattern, blank_goal, total, progress),
    }
}

fn run<S: RegionSets>(
    width: usize,
    height: usize,
    pattern: &[u8],
    blank_goal: usize,
    total: u64,
    progress: &mut dyn FnMut(BuildProgress) -> bool,
) -> Result<Vec<u8>, PdbError> {
    let k = pattern.len();
    let shape = Shape::new(width, height, k);
    let len = total as usize;
    let blocks = len / shape.block;
    let groups = blocks.div_ceil(GROUP);
    let mut layers = Layers {
        table: (0..len).map(|_| AtomicU8::new(UNSEEN)).collect(),
        seen: S::zeroed(len),
        current: S::zeroed(len),
        next: S::zeroed(len),
        current_groups: (0..groups).map(|_| AtomicBool::new(false)).collect(),
        next_groups: (0..groups).map(|_| AtomicBool::new(false)).collect(),
    };
    // The goal placement with the blank in the region of its goal cell, and only there: where
    // the pattern's tiles wall the blank's goal cell off (the tiles 1 and 5 of a 5x5 pattern
    // around a blank in cell 0), the same placement with the blank outside is no goal, and
    // counting it as one lowers the table by up to several moves.
    let goal = super::rank(pattern.iter().copied(), shape.n);
    let goal_free = shape.all & !pattern.iter().fold(0u32, |m, &p| m | 1 << p);
    let goal_region = region_bit(shape.flood(1 << blank_goal, goal_free), goal_free);
    layers.table[goal].store(0, Relaxed);
    layers.seen.add(goal, goal_region);
    layers.current.add(goal, goal_region);
    layers.current_groups[goal / shape.block / GROUP].store(true, Relaxed);

    let batch = (BATCH / (shape.block * GROUP)).max(1);
    let mut reached = 1u64;
    let mut depth = 0u8;
    loop {
        let mut layer = Found::default();
        let mut start = 0;
        while start < groups {
            let end = (start + batch).min(groups);
            let scan = |g| layers.scan_group(&shape, g, blocks, depth);
            let found = if total < PARALLEL_FROM {
                (start..end).map(scan).fold(Found::default(), |a, b| a + b)
            } else {
                (start..end)
                    .into_par_iter()
                    .with_min_len(2)
                    .map(scan)
                    .reduce(Found::default, |a, b| a + b)
            };
            layer = layer + found;
            reached += found.ranks;
            start = end;
            if !progress(BuildProgress {
                tiles: k,
                depth: u32::from(depth),
                reached,
                total,
            }) {
                return Err(PdbError::Interrupted);
            }
        }
        if layer.nodes == 0 {
            break;
        }
        // The next layer writes `depth + 2`, which must stay below `UNSEEN`.
        if u32::from(depth) + 2 >= u32::from(UNSEEN) {
            return Err(PdbError::Unsupported(format!(
                "pattern {pattern:?}: distances beyond {} do not fit a byte",
                UNSEEN - 1
            )));
        }
        std::mem::swap(&mut layers.current, &mut layers.next);
        std::mem::swap(&mut layers.current_groups, &mut layers.next_groups);
        depth += 1;
    }
    Ok(layers.table.into_iter().map(AtomicU8::into_inner).collect())
}
