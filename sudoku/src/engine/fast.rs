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
//! - the rules across bands, per digit whose words changed (or whose hidden single in a
//!   column they placed last time), once the two above stall: the same pairing rule on the
//!   stacks (columns with boxes).
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
//!   rule can). The guess is on a band configuration, as tdoku's write-up describes: in a
//!   band or stack, the digit with the fewest row-box pairings left (more than one), split
//!   into the pairings that use one minirow (minicolumn) and those that do not. Each branch
//!   removes a whole set of pairings. tdoku takes the band or stack whose digits have the
//!   fewest pairings; this engine weighs how few digits are not fixed yet (ten pairings
//!   each) with how few pairings there are.
//!
//!   Hidden pairs in rows and columns (the `pairs` module) come last at a stall, in the
//!   states whose [`PAIRS`] flag is set: a puzzle's first state, and below it only the
//!   subtrees of states whose own propagation found one. Looking in every state took more
//!   time than the smaller tree saved (about 800 instructions a look, most looks finding
//!   nothing); looking one or two states further below a state that found none cut at most
//!   4% more nodes and gained no time. The tree is about 97 guesses a puzzle on
//!   forum_hardest_1106 and 6.6 on top1465, against tdoku's 113 and 9, at a higher cost
//!   per node than the cheap mode.
//!
//! The modules: `givens` builds a puzzle's first state, `propagate` the rules, `triads` the
//! full inference's triads and configuration choice, `pairs` the hidden pairs, `guess` the
//! cell guess and the split, `search` the walk of the tree as a continuation, `dispatch` its
//! entry points in the copy built for the processor, and `words` the bit and vector helpers
//! on a band's words.

use crate::grid::{CELLS, Grid};

use super::tables::SPREAD8;

pub(crate) mod dispatch;
mod givens;
mod guess;
mod pairs;
mod propagate;
mod search;
mod triads;
mod words;

pub(crate) use search::FastSearch;
use words::lanes4;

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
/// The bit of `State::stack_dirty` that marks a state whose propagation looks for hidden
/// pairs (full mode only): set on a puzzle's first state, kept by a state whose propagation
/// found one, and so by its subtree, and cleared for the subtree of one that found none.
const PAIRS: u32 = 1 << 29;

/// The nine words of a band, as `cand` holds them.
type BandWords = [u32; 9];

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
    /// ([`FULL_MODE`]): the full inference. Bit 29 ([`PAIRS`]): look for hidden pairs.
    stack_dirty: u32,
}

impl State {
    /// The mode of a puzzle with `givens` givens, as `stack_dirty` flags: full inference
    /// ([`FULL_MODE`]), or the cheap rules with the rules across bands ([`LATE`] clear) or
    /// without them ([`LATE`]).
    fn mode(givens: u32) -> u32 {
        if givens > FULL_MAX_GIVENS {
            LATE
        } else if givens >= FULL_MIN_GIVENS {
            FULL_MODE | PAIRS
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
    #[inline(always)]
    pub(crate) fn is_solved(&self) -> bool {
        self.unplaced[0] | self.unplaced[1] | self.unplaced[2] == 0
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
