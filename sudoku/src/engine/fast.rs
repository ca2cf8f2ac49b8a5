//! The fast engine: bit-parallel candidates per digit and band, propagation by table lookups,
//! guesses on two-candidate cells or on band configurations, state copied on a guess.
//!
//! For each digit and each band (three rows) the candidate cells are 27 bits of a `u32`; the
//! whole state is 27 such words plus a mask of unplaced cells per band, 128 bytes, so a
//! guess copies it onto a stack instead of undoing moves. Propagation repeats these rules
//! until nothing changes:
//!
//! - band rule, per changed (digit, band): the digit occupies one cell per row and per box of
//!   the band, so only (row, box) pairs that belong to a one-to-one pairing of rows with boxes
//!   survive (one lookup in `COMPLEX`: locked candidates and hidden singles in rows and boxes).
//!   A row left with one candidate places the digit there: the cell leaves the other digits
//!   (four words a vector compare) and its column leaves the digit's other two bands.
//! - naked singles: cells with one candidate left (bit-parallel counting over the nine digits)
//!   place it; a cell with none is a contradiction.
//! - the rules across bands, per digit whose words changed, once the two above stall: the
//!   same pairing rule on the stacks (columns with boxes).
//!
//! Two modes share these rules, chosen by the puzzle's number of givens: every state of a
//! search is in its puzzle's mode, so a split search runs as a whole one does.
//!
//! - cheap, for puzzles of fewer than `FULL_MIN_GIVENS` (17) givens, which never have one
//!   solution, and of more than `FULL_MAX_GIVENS` (29), which propagation nearly solves: the
//!   rules above (the rules across bands only while more than `STACK_RULE_MIN_OPEN` cells
//!   are open, and never with more than 29 givens), and a guess on the last two-candidate
//!   cell of the first band that has one (or else the first cell with the fewest
//!   candidates): the copy with the digit removed goes on the stack, the current state
//!   places it.
//! - full, for puzzles of 17 to 29 givens, among them every hard one: the rules across
//!   bands at any number of open cells, and at each stall the triads of the `triads` module
//!   (naked and hidden triads in minirows and minicolumns, which catch what no single-digit
//!   rule can). The guess is on a band configuration, as tdoku's write-up describes: in the
//!   band or stack whose digits have the fewest row-box pairings left (more than one), the
//!   digit with the fewest, split into the pairings that use one minirow (minicolumn) and
//!   those that do not. Each branch removes a whole set of pairings, so the tree on the hard
//!   sets is the size of tdoku's (about 9 guesses a puzzle on top1465, 112 on
//!   forum_hardest_1106), at a higher cost per node than the cheap mode.

use puzzle_search::{Limit, Meter, Unlimited};

use crate::grid::{CELLS, Grid};

use super::tables::{BAND_PEERS, CLAIM, COMPLEX, POINT, ROWS, SPREAD8, columns_mask};
use super::{Counters, Event};

mod dispatch;
mod triads;
pub(crate) use triads::Scratch;
use triads::{fold_v, splat_masks};
use wide::{u8x16, u32x4};

const BAND: u32 = (1 << 27) - 1;
/// The same, as the 27 minirows (minicolumns) of the grid the triads count.
const ALL27: u32 = BAND;
/// Bit `9 * row + 3 * box` of a band word: the first cell of each minirow.
const MINIROW_TOPS: u32 = 0x124_9249;
/// Puzzles of at least this many givens, and at most [`FULL_MAX_GIVENS`], run the full
/// inference (see the module doc). Fewer than 17 givens never make a unique puzzle, so a
/// uniqueness check of one ends at its second solution, where the cheap rules serve better
/// (measured on the 16-given bad_multi set).
const FULL_MIN_GIVENS: u32 = 17;
/// See [`FULL_MIN_GIVENS`]. Puzzles with more givens than this run the band rule and naked
/// singles only: with that many givens those leave little for other rules, and a search
/// with several solutions stops at its second. Measured (callgrind, a uniqueness check, the
/// same answers): without the rules across bands, the 34-35-given serg set takes 13.8%
/// fewer instructions and random 30-given subsets of solutions 5.5% fewer; unique puzzles
/// of 30 and 34 givens take the same either way. `compare`: serg 0.95x -> 1.04x the
/// `sudoku` crate.
const FULL_MAX_GIVENS: u32 = 29;
/// In puzzles of fewer than [`FULL_MIN_GIVENS`] givens, the rules across bands run only while
/// more cells than this are open. No such puzzle has one solution, and a search that stops
/// at its second solution gains less from cutting its tree than a search that must finish
/// it: measured on the 16-given bad_multi set (`compare`, three alternating runs: 1.00x ->
/// 1.07x the `sudoku` crate, with 4.6% more nodes than at 35 open cells) and on 17-clue
/// puzzles less three givens (wall time 7% less; less one given, the same). Never running
/// them there costs more (bad_multi 0.96x, 30% more nodes).
const STACK_RULE_MIN_OPEN: u32 = 55;

/// A split of a state in two: the state that goes on takes the first branch, a copy saved
/// for later the second.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Choice {
    /// Word `i` placed at band cell `p`; later, `p` removed from word `i`.
    Cell { i: usize, p: usize },
    /// Word `i` confined to `keep` (and `spill` cleared from the words `others`); later, `out`
    /// removed from word `i`.
    Confine {
        i: usize,
        keep: u32,
        out: u32,
        others: [usize; 2],
        spill: u32,
    },
}

const OTHER_BANDS: [(usize, usize); 3] = [(1, 2), (0, 2), (0, 1)];
/// The bit of `State::stack_dirty` that marks a state past the rules across bands (or, from
/// the start, a puzzle of more than [`FULL_MAX_GIVENS`] givens).
const LATE: u32 = 1 << 31;
/// The bit of `State::stack_dirty` that marks full inference for this state and its subtree.
const FULL_MODE: u32 = 1 << 30;

/// The candidates of a partly solved grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct State {
    /// `cand[9 * band + digit]`: cells of the band that may hold the digit (digit 0..9). The
    /// nine digits of a band sit side by side, so clearing a placed cell from all of them is
    /// one short loop over contiguous words.
    cand: [u32; 27],
    /// Cells of each band not placed yet.
    unplaced: [u32; 3],
    /// Bit `i`: `cand[i]` changed since the band rule last ran on it.
    band_dirty: u32,
    /// Bit `i` (below 27): `cand[i]` changed since the stack rule last ran on its digit
    /// (within a propagation, a word that rule changed itself is marked only at its next
    /// pass, and only if the band rule changed it again). Bit 31 ([`LATE`]): the rules
    /// across bands will not run again, and the bits below 27 are no longer kept. Bit 30
    /// ([`FULL_MODE`]): the full inference.
    stack_dirty: u32,
}

/// The bands (3 bits) that have a bit set in a 27-bit mask indexed like `cand`.
#[inline(always)]
fn bands_of(mask: u32) -> u32 {
    ((mask & 511 != 0) as u32)
        | ((mask & (511 << 9) != 0) as u32) << 1
        | ((mask >> 18 != 0) as u32) << 2
}

/// The nine words of a band, as `cand` holds them.
type BandWords = [u32; 9];

/// The words of `words` that share a cell with `cells` (bit per word), four words a vector
/// compare: no branch per word.
#[inline(always)]
fn words_with(words: &BandWords, cells: u32) -> u32 {
    let c = u32x4::splat(cells);
    let (lo, hi) = (lanes4(words, 0), lanes4(words, 4));
    let none = (lo & c).simd_eq(u32x4::ZERO).to_bitmask()
        | (hi & c).simd_eq(u32x4::ZERO).to_bitmask() << 4;
    (!none & 255) | ((words[8] & cells != 0) as u32) << 8
}

/// The rows and boxes of a band word, each as a mask in every lane.
const SEGMENTS: [u32x4; 6] = splat_masks([
    511,
    511 << 9,
    511 << 18,
    0x1C0E07,
    0x1C0E07 << 3,
    0x1C0E07 << 6,
]);

/// `words[k..k + 4]` as a vector.
#[inline(always)]
fn lanes4<const N: usize>(words: &[u32; N], k: usize) -> u32x4 {
    u32x4::new([words[k], words[k + 1], words[k + 2], words[k + 3]])
}

/// Per lane: the cells of the rows and boxes of a band word that hold one of its bits, and
/// minus the number of rows and boxes that hold none.
#[inline(always)]
fn units_of(x: u32x4) -> (u32x4, u32x4) {
    let mut units = u32x4::ZERO;
    let mut absent = u32x4::ZERO;
    for seg in SEGMENTS {
        let none = (x & seg).simd_eq(u32x4::ZERO);
        units |= seg & !none;
        absent += none;
    }
    (units, absent)
}

/// [`columns_mask`] per lane.
#[inline(always)]
fn columns_v(cols: u32x4) -> u32x4 {
    cols | cols << 9 | cols << 18
}

/// Lanes 2, 3, 0, 1 of `x` (one shuffle).
#[inline(always)]
fn swap_halves(x: u32x4) -> u32x4 {
    let [a, b, c, d] = x.to_array();
    u32x4::new([c, d, a, b])
}

/// Clears `cells` from the nine words of a band; returns the words that had one of them.
///
/// Four words a vector; a word had one of the cells when clearing them changed it, so the
/// compare reads the cleared words instead of masking the old ones a second time.
#[inline(always)]
fn clear_cells(words: &mut BandWords, cells: u32) -> u32 {
    let keep = u32x4::splat(!cells);
    let mut same = 0;
    for g in 0..2 {
        let old = lanes4(words, 4 * g);
        let new = old & keep;
        same |= new.simd_eq(old).to_bitmask() << (4 * g);
        words[4 * g..4 * g + 4].copy_from_slice(&new.to_array());
    }
    let had8 = words[8] & cells != 0;
    words[8] &= !cells;
    (!same & 255) | (had8 as u32) << 8
}

/// The digits (9 bits) that have a bit set in a 27-bit mask indexed like `cand`.
#[inline(always)]
fn digits_of(mask: u32) -> u32 {
    (mask | mask >> 9 | mask >> 18) & 511
}

impl State {
    /// The state of a puzzle's givens, or `None` when two givens clash.
    ///
    /// Givens are placed directly (the cell leaves the other digits, its row and box leave
    /// its digit in the band, its column leaves the digit's other bands), so the first
    /// propagation starts from their consequences instead of rediscovering each one. The
    /// givens are first gathered into one mask per digit and band (one pass over the cells,
    /// no branch per cell), then every word is computed once from the masks: placing the
    /// givens one by one touched nine words per given, a large share of the time of an easy
    /// puzzle. The words are computed four to a vector, with no loop over a word's givens:
    /// a clash is found by counting the rows and boxes that hold a given.
    #[inline(always)]
    pub(crate) fn new(grid: &Grid) -> Option<State> {
        // The givens of each digit, one mask per band: the 81 cells, padded with blanks to
        // six vectors of sixteen, compared with the digit, each compare's bits taken at once
        // (a byte compare and a movemask a vector). No branch and no work per cell.
        let mut padded = [0u8; 96];
        padded[..CELLS].copy_from_slice(grid.cells());
        let mut sixteens = [u8x16::ZERO; 6];
        for (v, chunk) in sixteens.iter_mut().zip(padded.chunks_exact(16)) {
            let mut bytes = [0u8; 16];
            bytes.copy_from_slice(chunk);
            *v = u8x16::new(bytes);
        }
        let mut givens = [0u32; 27];
        for d in 0..9 {
            let value = u8x16::splat(d as u8 + 1);
            let bits = |j: usize| u64::from(sixteens[j].simd_eq(value).to_bitmask());
            let lo = bits(0) | bits(1) << 16 | bits(2) << 32 | bits(3) << 48;
            let hi = bits(4) | bits(5) << 16;
            givens[d] = lo as u32 & BAND;
            givens[9 + d] = (lo >> 27) as u32 & BAND;
            givens[18 + d] = (lo >> 54 | hi << 10) as u32 & BAND;
        }
        // Then every word at once from the masks, four words a vector: the words of digits
        // 0..4 and 4..8 of each band, and digit 8 of the three bands in one vector. A word
        // keeps the open cells outside the rows and boxes of its digit's givens and the
        // columns of the digit's givens in the other bands, and its givens.
        let open: [u32; 3] = std::array::from_fn(|band| {
            BAND & !givens[9 * band..9 * band + 9].iter().fold(0, |a, &g| a | g)
        });
        let g: [[u32x4; 2]; 3] =
            std::array::from_fn(|band| [lanes4(&givens, 9 * band), lanes4(&givens, 9 * band + 4)]);
        let cols = g.map(|two| two.map(fold_v));
        // Two givens of a digit in one row or box of a band leave fewer rows and boxes with
        // a given than givens (`absent` counts the others, -1 per lane each); in one column
        // of two bands, `clash`.
        let mut absent = u32x4::ZERO;
        let mut clash = u32x4::ZERO;
        let mut cand = [BAND; 27];
        for band in 0..3 {
            let (b1, b2) = OTHER_BANDS[band];
            for half in 0..2 {
                let x = g[band][half];
                let elsewhere = cols[b1][half] | cols[b2][half];
                clash |= cols[band][half] & elsewhere;
                let (units, none) = units_of(x);
                absent += none;
                let c = (u32x4::splat(open[band]) & !units & !columns_v(elsewhere)) | x;
                let at = 9 * band + 4 * half;
                cand[at..at + 4].copy_from_slice(&c.to_array());
            }
        }
        let x = u32x4::new([givens[8], givens[17], givens[26], 0]);
        let cols8 = fold_v(x);
        let [c0, c1, c2, _] = cols8.to_array();
        let elsewhere = u32x4::new([c1 | c2, c0 | c2, c0 | c1, 0]);
        clash |= cols8 & elsewhere;
        let (units, none) = units_of(x);
        absent += none;
        let open8 = u32x4::new([open[0], open[1], open[2], 0]);
        let [w8, w17, w26, _] = ((open8 & !units & !columns_v(elsewhere)) | x).to_array();
        (cand[8], cand[17], cand[26]) = (w8, w17, w26);
        let mut s = State {
            cand,
            unplaced: open,
            band_dirty: 0,
            stack_dirty: 0,
        };
        // Six segments (three rows, three boxes) in each of 28 lanes (the last a pad); with
        // no clash, each given has a row and a box of its own.
        let given_count = 81 - s.open_cells();
        let absent = 0u32.wrapping_sub(absent.reduce_add());
        if clash.simd_eq(u32x4::ZERO).to_bitmask() != 15 || absent != 28 * 6 - 2 * given_count {
            return None;
        }
        for (band, &open) in open.iter().enumerate() {
            // The words that differ from the full band: all nine when the band has a given
            // (a filled cell leaves every other digit, and the digit's own given the rest
            // of its row), else those of digits whose column is taken in another band.
            let changed = if open != BAND {
                511
            } else {
                let words = s.band_words(band);
                (0..9).fold(0, |m, d| m | ((words[d] != BAND) as u32) << d)
            };
            s.band_dirty |= changed << (9 * band);
        }
        s.stack_dirty = s.band_dirty | State::mode(given_count);
        Some(s)
    }

    /// The mode of a puzzle with `givens` givens, as `stack_dirty` flags: full inference
    /// ([`FULL_MODE`]), or the cheap rules with the rules across bands ([`LATE`] clear) or
    /// without them ([`LATE`]).
    fn mode(givens: u32) -> u32 {
        if givens > FULL_MAX_GIVENS {
            LATE
        } else if givens >= FULL_MIN_GIVENS {
            FULL_MODE
        } else {
            0
        }
    }

    /// The cells not placed yet. Two counts, not three: the target's baseline has no
    /// popcount instruction, and two bands fit in one 64-bit count.
    #[inline(always)]
    fn open_cells(&self) -> u32 {
        let [u0, u1, u2] = self.unplaced;
        (u0 as u64 | (u1 as u64) << 32).count_ones() + u2.count_ones()
    }

    /// True when this state and its subtree run the full inference.
    #[inline(always)]
    fn is_full(&self) -> bool {
        self.stack_dirty & FULL_MODE != 0
    }

    /// True when every cell is placed (after a successful [`State::propagate`], a solution).
    #[inline]
    pub(crate) fn is_solved(&self) -> bool {
        self.unplaced[0] | self.unplaced[1] | self.unplaced[2] == 0
    }

    /// Applies the band rule, naked singles and the rules across bands until nothing
    /// changes; false on a contradiction.
    #[inline]
    pub(crate) fn propagate(&mut self, sc: &mut Scratch) -> bool {
        if self.is_full() {
            self.propagate_with::<true, true>(sc)
        } else {
            self.propagate_plain(sc)
        }
    }

    /// The cheap rules.
    #[inline(always)]
    fn propagate_plain(&mut self, sc: &mut Scratch) -> bool {
        // Once a propagation has ended with too few open cells for the rules across bands,
        // they never run again in this state or any state guessed from it (open cells only
        // get fewer), so what they would read is no longer kept up to date. A puzzle with
        // more than `FULL_MAX_GIVENS` givens is in that case from the start.
        if self.stack_dirty & LATE != 0 {
            self.propagate_with::<false, false>(sc)
        } else {
            self.propagate_with::<true, false>(sc)
        }
    }

    /// [`State::propagate`]; `TRACK`: keep `stack_dirty` up to date for the rules across
    /// bands; `FULL`: the full inference (rules across bands at any number of open cells,
    /// triads at each stall, `sc` left describing the result).
    #[inline(always)]
    fn propagate_with<const TRACK: bool, const FULL: bool>(&mut self, sc: &mut Scratch) -> bool {
        let mut dirty = self.band_dirty;
        self.band_dirty = 0;
        // Entries changed since naked singles last ran: a band none of whose words changed
        // has no new single (the last run, or the end of the last propagation, left none).
        let mut touched = dirty;
        // The words the last pass of the rules across bands changed, and their values then.
        // Every other change to a word marks it for those rules where it is made; these are
        // marked only if the band rule changes them again before the next pass.
        let mut watch = 0u32;
        let mut watched = [0u32; 27];
        let full = FULL;
        loop {
            // In passes: every entry changed during a pass waits for the next one, so a word
            // touched by several placements is examined once per pass, not once per placement.
            while dirty != 0 {
                let mut pass = dirty;
                touched |= pass;
                dirty = 0;
                while pass != 0 {
                    let i = pass.trailing_zeros() as usize;
                    pass &= pass - 1;
                    match self.band_rule::<TRACK>(i) {
                        None => return false,
                        Some(more) => dirty |= more,
                    }
                }
            }
            let bands = bands_of(touched);
            touched = 0;
            match self.naked_singles(bands) {
                None => return false,
                Some(0) => {}
                Some(more) => {
                    dirty = more;
                    if TRACK {
                        self.stack_dirty |= more;
                    }
                    continue;
                }
            }
            // The cheap rules are stuck: try the rules across bands, unless so few cells are
            // open that guessing costs less than the rules would save.
            // In full mode they run while any cell is open, a test that needs no count.
            // Without `TRACK` the rules across bands are over for this state (see
            // `propagate_plain`).
            let stop = if full {
                self.is_solved()
            } else {
                !TRACK || self.open_cells() <= STACK_RULE_MIN_OPEN
            };
            if stop {
                self.stack_dirty |= LATE;
                return true;
            }
            while watch != 0 {
                let i = watch.trailing_zeros() as usize;
                watch &= watch - 1;
                self.stack_dirty |= ((self.cand[i] != watched[i]) as u32) << i;
            }
            let mut todo = digits_of(self.stack_dirty);
            self.stack_dirty &= FULL_MODE;
            while todo != 0 {
                let d = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                match self.stack_rule(d) {
                    None => return false,
                    Some(more) => {
                        dirty |= more;
                        let mut changed = more;
                        while changed != 0 {
                            let i = changed.trailing_zeros() as usize;
                            changed &= changed - 1;
                            watched[i] = self.cand[i];
                        }
                    }
                }
            }
            if dirty == 0 && full {
                match self.triads(sc) {
                    None => return false,
                    Some(more) => {
                        dirty = more;
                        self.stack_dirty |= more;
                    }
                }
            }
            watch = dirty;
            if dirty == 0 {
                return true;
            }
        }
    }

    /// The band rule on `cand[i]`; `None` on a contradiction, else the entries of `cand` it
    /// changed besides `i`.
    #[inline(always)]
    fn band_rule<const TRACK: bool>(&mut self, i: usize) -> Option<u32> {
        let x = self.cand[i];
        let rows = |x: u32| {
            ROWS[0][(x & 511) as usize]
                | ROWS[1][((x >> 9) & 511) as usize]
                | ROWS[2][((x >> 18) & 511) as usize]
        };
        let looked = rows(x);
        let y = x & COMPLEX[(looked & 511) as usize];
        if y == 0 {
            return None;
        }
        // The singles of the rows just looked up, unless the pairing rule took candidates
        // out: then those of what it left.
        let singles = (if y == x { looked } else { rows(y) } >> 32) as u32;
        let band = i / 9;
        let placed = singles & self.unplaced[band];
        if placed == 0 {
            // Stored only when changed: most calls change nothing, and storing every word
            // back cost serg 8% (`compare`: 1.10x -> 1.19x the `sudoku` crate without the
            // store), far more than its instructions. Why was not pinned down: writing the
            // placement path's words as vectors instead (so no narrow store meets a wide
            // load) gained nothing.
            if y != x {
                self.cand[i] = y;
            }
            return Some(0);
        }
        self.unplaced[band] &= !placed;
        // Branch-free: clear the cells from every digit of the band (this one's old word
        // too), then store this digit's new word.
        let base = 9 * band;
        let mut more = clear_cells(self.band_words_mut(band), placed);
        more <<= base;
        self.cand[i] = y;
        more &= !(1 << i);
        let cols = columns_mask((placed | placed >> 9 | placed >> 18) & 511);
        // The digit's words in the two other bands.
        let k1 = if i >= 18 { i - 18 } else { i + 9 };
        let k2 = if i >= 9 { i - 9 } else { i + 18 };
        for k in [k1, k2] {
            let old = self.cand[k];
            self.cand[k] = old & !cols;
            more |= ((old & cols != 0) as u32) << k;
        }
        if TRACK {
            self.stack_dirty |= more;
        }
        Some(more)
    }

    /// The rules across bands for digit `d`: pointing (a box whose candidates lie in one
    /// column clears that column in the other bands), claiming (a column whose candidates lie
    /// in one band confines the box it crosses to it) and hidden singles in columns. `None`
    /// on a column without candidates, else the entries of `cand` it changed.
    #[inline(always)]
    fn stack_rule(&mut self, d: usize) -> Option<u32> {
        let [x0, x1, x2] = [self.cand[d], self.cand[d + 9], self.cand[d + 18]];
        let (c0, c1, c2) = (fold_v(x0), fold_v(x1), fold_v(x2));
        if c0 | c1 | c2 != 511 {
            return None;
        }
        let once = |x: u32| {
            let (a, b, c) = (x & 511, (x >> 9) & 511, x >> 18);
            (a ^ b ^ c) & !(a & b & c)
        };
        let mut y = [x0, x1, x2];
        let only = [c0 & !(c1 | c2), c1 & !(c0 | c2), c2 & !(c0 | c1)];
        let point = [POINT[c0 as usize], POINT[c1 as usize], POINT[c2 as usize]];
        for b in 0..3 {
            let (o1, o2) = OTHER_BANDS[b];
            y[b] &= columns_mask(CLAIM[only[b] as usize]) & !columns_mask(point[o1] | point[o2]);
            let mut singles = y[b] & columns_mask(only[b] & once(y[b])) & self.unplaced[b];
            while singles != 0 {
                let p = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                y[b] &= !BAND_PEERS[p];
            }
        }
        let changed =
            ((y[0] != x0) as u32) | ((y[1] != x1) as u32) << 9 | ((y[2] != x2) as u32) << 18;
        // Most calls change nothing: store only then (see `band_rule`).
        if changed != 0 {
            self.cand[d] = y[0];
            self.cand[d + 9] = y[1];
            self.cand[d + 18] = y[2];
        }
        Some(changed << d)
    }

    /// Places every naked single in the bands of `bands` (bit per band); `None` on a cell
    /// without candidates, else the entries of `cand` it changed.
    #[inline(always)]
    fn naked_singles(&mut self, bands: u32) -> Option<u32> {
        let mut found = 0;
        let mut todo = bands;
        while todo != 0 {
            let band = todo.trailing_zeros() as usize % 3;
            todo &= todo - 1;
            let open = self.unplaced[band];
            let (ones, twos, _) = self.counts(band);
            if open & !ones != 0 {
                return None;
            }
            let mut singles = open & !twos;
            while singles != 0 {
                let p = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                // An earlier single of this pass may have taken this cell's last candidate.
                let i = self.first_digit(band, p)?;
                self.cand[i] &= !BAND_PEERS[p];
                found |= 1 << i;
            }
        }
        Some(found)
    }

    /// Cells of a band with at least one, two and three candidates.
    ///
    /// Four lanes count two words each (digits `d` and `d + 4`), the lanes are merged in
    /// pairs, then digit 8 is added: about half the instructions of one word at a time, and
    /// a shorter chain.
    #[inline(always)]
    fn counts(&self, band: usize) -> (u32, u32, u32) {
        let w = self.band_words(band);
        let (lo, hi) = (lanes4(w, 0), lanes4(w, 4));
        // Per lane: at least one, two (of two words), none with three yet.
        let (o, t) = (lo | hi, lo & hi);
        // Lanes 0 + 2 and 1 + 3: counts of four words.
        let (o2, t2) = (swap_halves(o), swap_halves(t));
        let (o, t, h) = (o | o2, t | t2 | (o & o2), (t & o2) | (o & t2));
        // Lanes 0 + 1: counts of eight words.
        let [o0, o1, ..] = o.to_array();
        let [t0, t1, ..] = t.to_array();
        let [h0, h1, ..] = h.to_array();
        let (ones, twos, threes) = (
            o0 | o1,
            t0 | t1 | (o0 & o1),
            h0 | h1 | (t0 & o1) | (o0 & t1),
        );
        let c = w[8];
        (ones | c, twos | (ones & c), threes | (twos & c))
    }

    /// The guess. After a full-inference propagation, a band configuration split (see
    /// `choose_config`); else a cell (see `choose_cheap`). Call only on an unsolved,
    /// propagated state.
    #[inline(always)]
    pub(crate) fn choose(&self, sc: &Scratch) -> Choice {
        if self.is_full() {
            self.choose_full(sc)
        } else {
            self.choose_cheap()
        }
    }

    /// [`State::choose`] in full mode: `sc` is what the propagation just left.
    #[inline(always)]
    fn choose_full(&self, sc: &Scratch) -> Choice {
        match self.choose_config(sc) {
            Some(c) => c,
            None => self.choose_cheap(),
        }
    }

    /// [`State::choose`] outside full mode, a cell guess: the first band (top to bottom)
    /// with a two-candidate cell, its last such cell in reading order, its lower digit; else
    /// the first cell with the fewest candidates.
    ///
    /// Cheap on purpose: it usually counts the first band's candidates alone (about 35
    /// instructions), and a band below only when the ones above have no two-candidate cell.
    ///
    /// - Choosing the band by its open and two-candidate cells, as before, needed every
    ///   band's counts and a software popcount (the target's baseline has none) for about
    ///   the same nodes (serg 0.5% fewer, bad_multi 0.6% more): the guess alone was 10% of
    ///   serg's instructions (about 240 a guess). Dropping the score took serg 8% and
    ///   bad_multi 10% of their instructions (1.27x -> 1.34x and 1.29x -> 1.40x the `sudoku`
    ///   crate), also on isomorphs of both sets.
    /// - Counting here then cost less than naked singles keeping every band's counts for
    ///   the guess: serg 2.5% fewer instructions, bad_multi 1.6%, the same nodes.
    /// - Scoring each two-candidate cell by the open cells of its row, box and column was no
    ///   better anywhere.
    ///
    /// See the crate README.
    #[inline(always)]
    fn choose_cheap(&self) -> Choice {
        for band in 0..3 {
            let open = self.unplaced[band];
            if open == 0 {
                continue;
            }
            let (_, twos, threes) = self.counts(band);
            let pairs = open & twos & !threes;
            if pairs != 0 {
                return self.cell_choice(band, 31 - pairs.leading_zeros() as usize);
            }
        }
        self.fewest_candidates()
    }

    /// No cell with two candidates: the first one with the fewest.
    #[cold]
    fn fewest_candidates(&self) -> Choice {
        let mut fewest = (u32::MAX, 0, 0);
        for band in 0..3 {
            let mut open = self.unplaced[band];
            while open != 0 {
                let p = open.trailing_zeros() as usize;
                open &= open - 1;
                let n = self
                    .band_words(band)
                    .iter()
                    .filter(|&&c| c & (1 << p) != 0)
                    .count() as u32;
                if n < fewest.0 {
                    fewest = (n, band, p);
                }
            }
        }
        let (_, band, p) = fewest;
        self.cell_choice(band, p)
    }

    /// The guess on band cell `p` of `band`: its lowest digit placed, or excluded.
    #[inline(always)]
    fn cell_choice(&self, band: usize, p: usize) -> Choice {
        // A propagated, unsolved state has a candidate in every open cell.
        let i = self.first_digit(band, p).unwrap_or(9 * band);
        Choice::Cell { i, p }
    }

    /// The index in `cand` of the lowest digit that band cell `p` can hold.
    #[inline(always)]
    fn first_digit(&self, band: usize, p: usize) -> Option<usize> {
        let digits = words_with(self.band_words(band), 1 << p);
        (digits != 0).then(|| 9 * band + digits.trailing_zeros() as usize)
    }

    /// The nine words of `band`.
    #[inline(always)]
    fn band_words(&self, band: usize) -> &BandWords {
        let Some(words) = self.cand[9 * band..].first_chunk() else {
            unreachable!("a band has nine words")
        };
        words
    }

    /// The nine words of `band`, to change.
    #[inline(always)]
    fn band_words_mut(&mut self, band: usize) -> &mut BandWords {
        let Some(words) = self.cand[9 * band..].first_chunk_mut() else {
            unreachable!("a band has nine words")
        };
        words
    }

    /// Splits on a [`Choice`] from [`State::choose`]: `self` takes the first branch (places
    /// the digit, or confines it), the returned copy the second (excludes it).
    #[inline(always)]
    pub(crate) fn split(&mut self, ch: Choice) -> State {
        let mut other = *self;
        match ch {
            Choice::Cell { i, p } => {
                other.cand[i] &= !(1 << p);
                other.band_dirty |= 1 << i;
                other.stack_dirty |= 1 << i;
                self.cand[i] &= !BAND_PEERS[p];
                self.band_dirty |= 1 << i;
                self.stack_dirty |= 1 << i;
            }
            Choice::Confine {
                i,
                keep,
                out,
                others,
                spill,
            } => {
                other.cand[i] &= !out;
                other.band_dirty |= 1 << i;
                other.stack_dirty |= 1 << i;
                self.cand[i] &= keep;
                self.band_dirty |= 1 << i;
                self.stack_dirty |= 1 << i;
                if spill != 0 {
                    for j in others {
                        let changed = ((self.cand[j] & spill != 0) as u32) << j;
                        self.cand[j] &= !spill;
                        self.band_dirty |= changed;
                        self.stack_dirty |= changed;
                    }
                }
            }
        }
        other
    }

    /// The grid of a solved state (every cell placed).
    ///
    /// In a solved state every cell is in exactly one word of its band, so the value of a
    /// cell is known bit by bit from four masks per band, each the union of the words of
    /// the digits whose value has that bit (value 1 to 9 in four bits). Each mask is
    /// spread eight cells at a time into bytes (0 or 1) by table and shifted into its bit
    /// of the byte: 16 look-ups a band instead of one per word and byte.
    pub(crate) fn solution(&self) -> Grid {
        let mut cells = [0u8; CELLS];
        for (band, w) in self.cand.chunks_exact(9).enumerate() {
            // w[d] holds value d + 1.
            let planes = [
                w[0] | w[2] | w[4] | w[6] | w[8],
                w[1] | w[2] | w[5] | w[6],
                w[3] | w[4] | w[5] | w[6],
                w[7] | w[8],
            ];
            let mut bytes = [0u8; 32];
            for (j, chunk) in bytes.chunks_exact_mut(8).enumerate() {
                let mut v = 0u64;
                for (k, &plane) in planes.iter().enumerate() {
                    v |= SPREAD8[((plane >> (8 * j)) & 255) as usize] << k;
                }
                chunk.copy_from_slice(&v.to_le_bytes());
            }
            cells[27 * band..27 * band + 27].copy_from_slice(&bytes[..27]);
        }
        Grid::from_checked_cells(cells)
    }
}

/// The fast engine as a continuation: the state being worked on, the alternatives waiting on
/// the stack, and the counters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FastSearch {
    current: Option<State>,
    stack: Vec<State>,
    /// Beside each state on the stack, its triads cache (`Scratch::done_h`, `done_v`).
    done: Vec<[u32; 2]>,
    /// The triads cache of `current`, kept across a pause.
    current_done: [u32; 2],
    counters: Counters,
}

impl FastSearch {
    /// A search of `puzzle`; no work done yet.
    pub(crate) fn new(puzzle: &Grid) -> FastSearch {
        let mut s = FastSearch {
            current: None,
            stack: Vec::with_capacity(64),
            done: Vec::with_capacity(64),
            current_done: [0; 2],
            counters: Counters::default(),
        };
        s.reset(puzzle);
        s
    }

    /// Starts over on another puzzle, keeping the allocated stack.
    pub(crate) fn reset(&mut self, puzzle: &Grid) {
        dispatch::reset(self, puzzle);
    }

    /// [`FastSearch::reset`] in the caller's instruction set.
    #[inline(always)]
    fn reset_here(&mut self, puzzle: &Grid) {
        self.stack.clear();
        self.done.clear();
        self.current_done = [0; 2];
        self.counters = Counters::default();
        self.current = State::new(puzzle);
    }

    pub(crate) fn counters(&self) -> Counters {
        self.counters
    }

    /// Alternatives waiting on the stack.
    pub(crate) fn depth(&self) -> usize {
        self.stack.len()
    }

    pub(crate) fn is_finished(&self) -> bool {
        self.current.is_none() && self.stack.is_empty()
    }

    /// Cuts this search, if it has not been stepped yet, below `depth` guesses: the states
    /// that many guesses down, in the order the search would reach them, each one a part.
    /// Returns the depth used, the work done above the cut, and the parts. The depth is
    /// lowered to the shallowest solution above the cut, so no solution is found there; a
    /// search already stepped is one part, itself, with nothing above it.
    pub(crate) fn split(&self, depth: usize) -> (usize, Counters, Vec<FastSearch>) {
        let fresh = self.counters == Counters::default() && self.stack.is_empty();
        let Some(root) = self.current.filter(|_| fresh) else {
            return (0, Counters::default(), vec![self.clone()]);
        };
        let mut depth = depth;
        loop {
            let mut above = Counters::default();
            let mut parts = Vec::new();
            let mut solved_at: Option<usize> = None;
            // The search's own order: a guess's first branch, then its second. Each state
            // goes with its triads cache (see `Scratch`), which belongs to its path.
            let mut todo = vec![(root, 0usize, [0u32; 2])];
            while let Some((mut state, k, done)) = todo.pop() {
                if k == depth {
                    parts.push(FastSearch {
                        current: Some(state),
                        stack: Vec::new(),
                        done: Vec::new(),
                        current_done: done,
                        counters: Counters::default(),
                    });
                    continue;
                }
                above.nodes += 1;
                let mut sc = Scratch::default();
                [sc.done_h, sc.done_v] = done;
                if !state.propagate(&mut sc) {
                    continue;
                }
                if state.is_solved() {
                    solved_at = Some(solved_at.map_or(k, |s| s.min(k)));
                    continue;
                }
                above.guesses += 1;
                let choice = state.choose(&sc);
                let other = state.split(choice);
                let done = [sc.done_h, sc.done_v];
                todo.push((other, k + 1, done));
                todo.push((state, k + 1, done));
            }
            match solved_at {
                // Every state above this depth was explored: no solution lies above it.
                Some(k) => depth = k,
                None => return (depth, above, parts),
            }
        }
    }

    /// Works until the next solution, the end, or `limit` pauses it (checked before each
    /// node: one compare against the meter's threshold).
    #[inline]
    pub(crate) fn run<L: Limit>(&mut self, limit: L) -> Event<State> {
        dispatch::run(self, limit)
    }

    /// Counts solutions from here up to `limit` (after starting over on `puzzle`, if given):
    /// how many, and the first one's grid if `keep_first`. The whole count is one call into
    /// the copy of the search built for the processor (see [`dispatch`]).
    pub(crate) fn count(
        &mut self,
        puzzle: Option<&Grid>,
        limit: u64,
        keep_first: bool,
    ) -> (u64, Option<Grid>) {
        dispatch::count(self, puzzle, limit, keep_first)
    }

    /// [`FastSearch::count`] in the caller's instruction set.
    #[inline(always)]
    fn count_here(
        &mut self,
        puzzle: Option<&Grid>,
        limit: u64,
        keep_first: bool,
    ) -> (u64, Option<Grid>) {
        if let Some(p) = puzzle {
            self.reset_here(p);
        }
        let (mut solutions, mut first) = (0, None);
        while solutions < limit {
            match self.run_here(Unlimited) {
                Event::Solution(s) => {
                    solutions += 1;
                    if keep_first && first.is_none() {
                        first = Some(s.solution());
                    }
                }
                Event::Paused | Event::Finished => break,
            }
        }
        (solutions, first)
    }

    /// [`FastSearch::run`] in the caller's instruction set.
    #[inline(always)]
    fn run_here<L: Limit>(&mut self, limit: L) -> Event<State> {
        let mut sc = Scratch::default();
        let state = match self.current.take() {
            Some(s) => {
                [sc.done_h, sc.done_v] = self.current_done;
                s
            }
            None => match self.stack.pop() {
                Some(s) => {
                    if s.is_full() {
                        [sc.done_h, sc.done_v] = self.done.pop().unwrap_or_default();
                    }
                    s
                }
                None => return Event::Finished,
            },
        };
        let meter = Meter::new(limit, self.counters.nodes);
        // A search's states are all in one mode, its puzzle's: one loop for each, so that
        // neither pays for the other's tests.
        if state.is_full() {
            self.run_in::<L, true>(state, sc, meter)
        } else {
            self.run_in::<L, false>(state, sc, meter)
        }
    }

    /// [`FastSearch::run`] from `state`, whose mode is `FULL`.
    #[inline(always)]
    fn run_in<L: Limit, const FULL: bool>(
        &mut self,
        mut state: State,
        mut sc: Scratch,
        mut meter: Meter<L>,
    ) -> Event<State> {
        loop {
            if !meter.go_on(self.counters.nodes) {
                self.current = Some(state);
                self.current_done = [sc.done_h, sc.done_v];
                return Event::Paused;
            }
            self.counters.nodes += 1;
            let consistent = if FULL {
                state.propagate_with::<true, true>(&mut sc)
            } else {
                state.propagate_plain(&mut sc)
            };
            if consistent {
                if state.is_solved() {
                    self.counters.found += 1;
                    return Event::Solution(state);
                }
                self.counters.guesses += 1;
                let choice = if FULL {
                    state.choose_full(&sc)
                } else {
                    state.choose_cheap()
                };
                let other = state.split(choice);
                if FULL {
                    self.done.push([sc.done_h, sc.done_v]);
                }
                self.stack.push(other);
            } else {
                match self.stack.pop() {
                    Some(s) => {
                        state = s;
                        if FULL {
                            [sc.done_h, sc.done_v] = self.done.pop().unwrap_or_default();
                        }
                    }
                    None => return Event::Finished,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The givens placed one at a time, the way the construction is defined.
    fn one_by_one(grid: &Grid) -> Option<State> {
        let mut s = State {
            cand: [BAND; 27],
            unplaced: [BAND; 3],
            band_dirty: 0,
            stack_dirty: 0,
        };
        for (cell, &v) in grid.cells().iter().enumerate() {
            if v != 0 {
                let band = cell / 27;
                let digit = v as usize - 1;
                let i = 9 * band + digit;
                let bit = 1 << (cell % 27);
                if s.cand[i] & bit == 0 {
                    return None;
                }
                for c in &mut s.cand[9 * band..9 * band + 9] {
                    *c &= !bit;
                }
                s.cand[i] = (s.cand[i] & !BAND_PEERS[cell % 27]) | bit;
                let (b1, b2) = OTHER_BANDS[band];
                let col = columns_mask(1 << (cell % 9));
                s.cand[9 * b1 + digit] &= !col;
                s.cand[9 * b2 + digit] &= !col;
                s.unplaced[band] &= !bit;
            }
        }
        for (i, &c) in s.cand.iter().enumerate() {
            s.band_dirty |= ((c != BAND) as u32) << i;
        }
        // The mode: 17 to 29 givens the full inference, more the cheap rules without the
        // rules across bands, fewer the cheap rules.
        let givens = grid.cells().iter().filter(|&&v| v != 0).count() as u32;
        s.stack_dirty = s.band_dirty
            | match givens {
                0..17 => 0,
                17..=29 => FULL_MODE,
                _ => LATE,
            };
        Some(s)
    }

    #[test]
    fn gathered_givens_make_the_state_of_givens_placed_one_by_one() {
        let solved: Grid =
            "468931527751624839392578461134756298289413675675289314846192753513867942927345186"
                .parse()
                .unwrap();
        // Random subsets of a solution's givens (no clash) with a few random givens added
        // (a clash, or not).
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut clashes = 0;
        for _ in 0..2000 {
            let mut cells = [0u8; CELLS];
            for (k, c) in cells.iter_mut().enumerate() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                *c = match seed % 40 {
                    0..8 => solved.get(k),
                    8 => (seed >> 8) as u8 % 10,
                    _ => 0,
                };
            }
            let g = Grid::from_cells(cells).unwrap();
            let s = State::new(&g);
            assert_eq!(s, one_by_one(&g), "{g}");
            clashes += s.is_none() as u32;
        }
        assert!((200..1800).contains(&clashes), "{clashes} clashes");
        assert_eq!(State::new(&solved), one_by_one(&solved));
        assert_eq!(State::new(&Grid::EMPTY), one_by_one(&Grid::EMPTY));
    }
}
