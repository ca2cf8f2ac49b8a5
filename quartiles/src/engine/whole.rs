//! The fast engine's run to the end from the start: the same walk as the resumable loop in
//! `fast.rs`, written as plain recursion over local variables.
//!
//! A run that will not pause (an unlimited budget, nothing stepped yet) needs neither the
//! state kept between calls nor the counting ahead of a budget: the tiles in use and the
//! tiles still to try live in registers, and the nodes are summed as the walk goes (20
//! one-tile paths, then `20 - k` for every live path of `k < 4` tiles). It visits the paths
//! in the same order, records the same hits in the same order and counts the same nodes as
//! the loop: the tests run both and the baseline on every public board and on random boards.
//!
//! The four depths are four copies of one function, specialised by a type parameter
//! ([`Depth`]) and inlined into one another: the depth is a constant in each, the last one
//! has no descent, and no call or register spill is paid per live path. Each state is read
//! through its window (see `index.rs`): one bounds check per state walked, none per word.
//!
//! Unlike the loop, the walk tries only tiles whose first *two* letters the state can follow
//! ([`Openings`]): a tile that fails on its second letter ends no word and extends no live
//! path, and the nodes are counted per live path (its `20 - k` extensions), not per tile
//! tried, so skipping it changes neither the hits nor the count.

use super::Hit;
use super::Spelling;
use crate::board::{MAX_TILE_LEN, TILE_COUNT};
use crate::dictionary::Tiers;
use crate::index::{CODE_SHIFT, View, WINDOW, window_edge};

/// A depth of the walk as a type: the walk at depth `D` descends into `Next`.
trait Depth {
    /// Tiles on the path before this depth's tile.
    const D: usize;
    /// The depth below (the last depth names itself and never descends).
    type Next: Depth;
}

struct D0;
struct D1;
struct D2;
struct D3;

impl Depth for D0 {
    const D: usize = 0;
    type Next = D1;
}
impl Depth for D1 {
    const D: usize = 1;
    type Next = D2;
}
impl Depth for D2 {
    const D: usize = 2;
    type Next = D3;
}
impl Depth for D3 {
    const D: usize = 3;
    type Next = D3;
}

/// The tile bytes of a path of `len` tiles, packed as in [`Hit::tiles`].
const PATH_BYTES: [u32; 5] = [0, 0xff, 0xffff, 0xff_ffff, u32::MAX];

/// The board's tiles grouped by their first two letters, for [`Walk::expand`]: from a
/// state, a group's tiles are pending only if the state has edges for both letters, so the
/// many tiles whose second letter the dictionary cannot follow are never tried one by one.
/// Arrays by letter, by group and by tile have 32 entries, so that an index taken from a
/// bit position needs no bounds check.
pub(crate) struct Openings {
    /// Per first letter, the range of its groups in `second` and `tiles`.
    range: [(u8, u8); 32],
    /// Per first letter, the second letters of its groups, as a mask.
    seconds: [u32; 32],
    /// Per group, the mask bit of its second letter, and its tiles.
    second: [u32; 32],
    tiles: [u32; 32],
    /// Per first letter, its one-letter tiles (pending as soon as the letter is), and the
    /// letters that have one.
    single: [u32; 32],
    has_single: u32,
    /// Per tile (32 entries, by tile index), the mask bits of its letters after the first
    /// two, and how many there are: what [`Walk::depth`] still follows from the state in
    /// `opened`.
    rest: [[u32; MAX_TILE_LEN - 2]; 32],
    rest_len: [u8; 32],
    /// Per tile, the mask bit of its first letter and the board's tiles with that letter.
    first_bit: [u32; 32],
    same_first: [u32; 32],
}

impl Openings {
    // Inlined into its one caller, so the table is built in place rather than copied out.
    #[inline(always)]
    pub(crate) fn new(spelling: &Spelling, by_letter: &[u32; 26], letter_mask: u32) -> Openings {
        let mut o = Openings {
            range: [(0, 0); 32],
            seconds: [0; 32],
            second: [0; 32],
            tiles: [0; 32],
            single: [0; 32],
            has_single: 0,
            rest: [[0; MAX_TILE_LEN - 2]; 32],
            rest_len: [0; 32],
            first_bit: [0; 32],
            same_first: [0; 32],
        };
        for t in 0..TILE_COUNT {
            let n = spelling.lens[t] as usize;
            let from = n.min(2);
            o.rest[t][..n - from].copy_from_slice(&spelling.bits[t][from..n]);
            o.rest_len[t] = (n - from) as u8;
            let l = spelling.first[t] as usize;
            o.first_bit[t] = 1 << l;
            o.same_first[t] = by_letter[l];
        }
        let mut n = 0;
        let mut letters = letter_mask;
        while letters != 0 {
            let l = (letters.trailing_zeros() as usize).min(25);
            letters &= letters - 1;
            let from = n;
            let mut ts = by_letter[l];
            while ts != 0 {
                let t = (ts.trailing_zeros() as usize).min(TILE_COUNT - 1);
                ts &= ts - 1;
                if spelling.lens[t] < 2 {
                    o.single[l] |= 1 << t;
                    o.has_single |= 1 << l;
                    continue;
                }
                let bit = spelling.bits[t][1];
                o.seconds[l] |= bit;
                match o.second[from..n].iter().position(|&b| b == bit) {
                    Some(i) => o.tiles[from + i] |= 1 << t,
                    None => {
                        o.second[n] = bit;
                        o.tiles[n] = 1 << t;
                        n += 1;
                    }
                }
            }
            o.range[l] = (from as u8, n as u8);
        }
        o
    }
}

/// What the walk reads and where it records, fixed for a run.
pub(crate) struct Walk<'a> {
    pub(crate) index: View<'a>,
    pub(crate) tiers: Tiers,
    /// The letters that start some tile.
    pub(crate) letter_mask: u32,
    pub(crate) openings: &'a Openings,
}

/// Per depth, for each pending tile, the state after its first two letters (its first, for
/// a one-letter tile); 32 per depth, indexed by tile.
type Opened = [[u32; 32]; 4];

impl Walk<'_> {
    /// Runs the whole search, recording words in `hits`; returns the nodes counted.
    pub(crate) fn run(&self, hits: &mut Vec<Hit>) -> u64 {
        let Some(root) = self.index.window(0) else {
            return TILE_COUNT as u64;
        };
        let mut opened = [[0; 32]; 4];
        let pending = self.expand(root, 0, self.letter_mask, &mut opened[0]);
        TILE_COUNT as u64 + self.depth::<D0>(hits, &mut opened, 0, 0, self.letter_mask, pending)
    }

    /// The tiles not in `exclude` whose first two letters (whose letter, for a one-letter
    /// tile) the state with this window has edges for; records in `opened` the state after
    /// them. `letters` are the first letters of the tiles not in `exclude`. The plain search
    /// tries the other tiles too, and they fail; they are counted all the same (see the
    /// callers).
    #[inline(always)]
    fn expand(
        &self,
        window: &[u32; WINDOW],
        exclude: u32,
        letters: u32,
        opened: &mut [u32; 32],
    ) -> u32 {
        let o = self.openings;
        let mut tiles = 0;
        let mask = window[0];
        let mut letters = mask & letters;
        while letters != 0 {
            let l = letters.trailing_zeros() as usize & 31;
            let bit = letters & letters.wrapping_neg();
            letters ^= bit;
            let next = window_edge(window, mask, bit);
            if o.has_single & bit != 0 {
                let mut ones = o.single[l] & !exclude;
                tiles |= ones;
                while ones != 0 {
                    opened[ones.trailing_zeros() as usize & 31] = next;
                    ones &= ones - 1;
                }
            }
            let Some(w2) = self.index.window(next) else {
                continue;
            };
            let m2 = w2[0];
            if m2 & o.seconds[l] == 0 {
                continue;
            }
            let (from, to) = o.range[l];
            for g in from as usize..to as usize {
                let g = g & 31;
                let (second, mut these) = (o.second[g], o.tiles[g] & !exclude);
                if these == 0 || m2 & second == 0 {
                    continue;
                }
                let after = window_edge(w2, m2, second);
                tiles |= these;
                while these != 0 {
                    opened[these.trailing_zeros() as usize & 31] = after;
                    these &= these - 1;
                }
            }
        }
        tiles
    }

    /// Tries every tile of `pending` at depth `L::D` (tiles of `path`, packed, in `used`),
    /// in order of index, and descends into live paths; returns the nodes below this
    /// depth's one-tile visits (which the caller counted).
    #[inline(always)]
    fn depth<L: Depth>(
        &self,
        hits: &mut Vec<Hit>,
        opened: &mut Opened,
        path: u32,
        used: u32,
        letters: u32,
        mut pending: u32,
    ) -> u64 {
        let o = self.openings;
        let d = L::D;
        let len = d + 1;
        let mut nodes = 0;
        while pending != 0 {
            let t = pending.trailing_zeros() as usize;
            pending &= pending - 1;
            let t = t & 31;
            let from = opened[d][t];
            let rest = &o.rest[t][..(o.rest_len[t] as usize).min(MAX_TILE_LEN - 2)];
            let Some(window) = self.index.window(from) else {
                continue;
            };
            let Some((state, window)) = self.index.walk_window((from, window), rest) else {
                continue;
            };
            let path = path | (t as u32) << (8 * d);
            // The tier code shares the header word with the letter mask: 0 if no word ends.
            let code = window[0] >> CODE_SHIFT;
            if code != 0 {
                let tier = self.index.tier(state, code) as u8;
                if self.tiers.accepts(tier, len) {
                    hits.push(Hit {
                        tiles: (path & PATH_BYTES[len]).to_le_bytes(),
                        len: len as u8,
                        tier,
                    });
                }
            }
            if len < 4 {
                // A live path: the plain search visits its `20 - len` extensions.
                nodes += (TILE_COUNT - len) as u64;
                let used = used | (1 << t);
                // The tile's first letter leaves the letters once its last tile is used.
                let letters = if o.same_first[t] & !used == 0 {
                    letters & !o.first_bit[t]
                } else {
                    letters
                };
                let next = self.expand(window, used, letters, &mut opened[len & 3]);
                nodes += self.depth::<L::Next>(hits, opened, path, used, letters, next);
            }
        }
        nodes
    }
}
