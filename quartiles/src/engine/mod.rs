//! The engines behind [`Solver`](crate::Solver), and the node-count contract they share.
//!
//! # What a node is
//!
//! One node is one *candidate path* of the seed's plain search: a sequence of 1-4 distinct
//! tiles that it spells and looks up in the dictionary. The plain search visits, depth first
//! and in order of tile index, the 20 one-tile paths and, after every path that some word of
//! the list starts with (a *live* path) of fewer than four tiles, each of its extensions by a
//! free tile. A board's total is therefore 20 plus, for every live path of `k < 4` tiles,
//! `20 - k`; it depends on the board and the dictionary only.
//!
//! # Which engines count the same
//!
//! Both engines count exactly these nodes, one at a time and in the same order:
//! [`Engine::Baseline`] visits each one, [`Engine::Fast`] skips the extensions whose tile the
//! dictionary cannot follow but counts them as it passes them. So after every step the two
//! have counted the same nodes, found the same words in the same order and stand at the same
//! path, and a node budget of `n` pauses either after exactly `n` nodes.

use crate::board::{Board, MAX_TILE_LEN, TILE_COUNT};
use crate::dictionary::Dictionary;
use crate::path::{FragmentPath, MAX_WORD_LEN, WordText};

pub(crate) mod baseline;
pub(crate) mod fast;
pub(crate) mod whole;

/// Which algorithm a [`Solver`](crate::Solver) runs.
///
/// # Node-count contract
///
/// One node is one candidate path of the seed's plain search: a sequence of 1-4 distinct
/// tiles that it spells and looks up. It visits, depth first in order of tile index, the 20
/// one-tile paths and, after every path some word of the list starts with (a *live* path) of
/// `k < 4` tiles, its `20 - k` extensions by a free tile; a board's total is 20 plus `20 - k`
/// for every live path of `k < 4` tiles.
///
/// Every engine counts exactly these nodes, one at a time and in the same order, finds the
/// same words in the same order, and after the same work stands at the same
/// [`current_path`](crate::Solver::current_path); a node budget of `n` pauses any engine after
/// exactly `n` nodes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Engine {
    /// The walk of tile paths in step with a flat copy of the dictionary's automaton:
    /// microseconds a board.
    #[default]
    Fast,
    /// The seed's plain algorithm, kept as the oracle and the yardstick: every candidate path
    /// spelled and looked up from the dictionary's root, the cursor moved with hash-set
    /// bookkeeping.
    Baseline,
}

/// One found word as an engine records it: tile indices and tier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Hit {
    pub(crate) tiles: [u8; 4],
    pub(crate) len: u8,
    pub(crate) tier: u8,
}

impl Hit {
    pub(crate) fn path(&self) -> FragmentPath {
        // Engines record only distinct tiles below 20: a valid path by construction.
        FragmentPath::from_packed(self.tiles, self.len as usize)
    }

    pub(crate) fn mask(&self) -> u32 {
        self.tiles[..self.len as usize]
            .iter()
            .fold(0, |m, &t| m | (1 << t))
    }
}

/// How an engine's run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    /// A word was recorded (the last hit); only when the run reports words.
    Found,
    /// The limit said stop.
    Paused,
    /// The search space is exhausted.
    Finished,
}

/// The state of the engine a solver runs.
// The fast engine's state is plain arrays (about 700 bytes); boxing it would cost an
// allocation per solve for the engine almost every solver runs.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum State {
    Fast(fast::Fast),
    Baseline(baseline::Baseline),
}

impl State {
    pub(crate) fn engine(&self) -> Engine {
        match self {
            State::Fast(_) => Engine::Fast,
            State::Baseline(_) => Engine::Baseline,
        }
    }

    pub(crate) fn is_started(&self) -> bool {
        match self {
            State::Fast(f) => f.is_started(),
            State::Baseline(b) => b.is_started(),
        }
    }

    pub(crate) fn is_finished(&self) -> bool {
        match self {
            State::Fast(f) => f.is_finished(),
            State::Baseline(b) => b.is_finished(),
        }
    }

    /// The path of the last node counted (empty before the first).
    pub(crate) fn last_visited(&self, dict: &Dictionary, spelling: &Spelling) -> FragmentPath {
        match self {
            State::Fast(f) => f.last_visited(dict.index().view(), spelling),
            State::Baseline(b) => b.last_visited(),
        }
    }
}

/// Each tile's letters (padded to eight) and length: what spells a word from its tiles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Spelling {
    pub(crate) letters: [[u8; MAX_TILE_LEN]; TILE_COUNT],
    pub(crate) lens: [u8; TILE_COUNT],
    /// Each tile's first letter as 0-25, worked out once rather than in the inner loop.
    pub(crate) first: [u8; TILE_COUNT],
    /// Each tile's letters as letter-mask bits (`1 << (letter - b'a')`), worked out once: a
    /// step of the walk tests and ranks the bit without shifting.
    pub(crate) bits: [[u32; MAX_TILE_LEN]; TILE_COUNT],
}

impl Spelling {
    pub(crate) fn new(board: &Board) -> Spelling {
        let mut letters = [[0u8; MAX_TILE_LEN]; TILE_COUNT];
        let mut lens = [0u8; TILE_COUNT];
        let mut first = [0u8; TILE_COUNT];
        let mut bits = [[0u32; MAX_TILE_LEN]; TILE_COUNT];
        for (i, tile) in board.tiles().iter().enumerate() {
            // The tile's bytes padded to eight: one fixed-size copy.
            letters[i] = tile.as_u8();
            let b = tile.as_bytes();
            for (bit, &c) in bits[i].iter_mut().zip(b) {
                // A board holds only lowercase letters (checked by `Board`); `min` keeps the
                // shift in range for any byte, and costs less than `%`.
                *bit = 1 << c.wrapping_sub(b'a').min(25);
            }
            lens[i] = b.len() as u8;
            first[i] = letters[i][0].wrapping_sub(b'a').min(25);
        }
        Spelling {
            letters,
            lens,
            first,
            bits,
        }
    }

    /// The text of a hit, from the tiles' letters: the fixed string is made at its full
    /// capacity, each tile is copied in as its eight padded bytes (one fixed-size store, no
    /// per-byte loop, no call to `memcpy`), and the string is cut to the word's length. No
    /// UTF-8 check is needed: a board's tiles are ASCII letters, so any run of them is valid
    /// UTF-8 and every cut falls on a character boundary.
    pub(crate) fn text(&self, hit: &Hit) -> WordText {
        /// Placeholder bytes that give the fixed string its full length.
        const PAD: &str = "................................";
        const _: () = assert!(PAD.len() == MAX_WORD_LEN && 4 * MAX_TILE_LEN <= MAX_WORD_LEN);
        let mut out = WordText::create(PAD);
        let bytes = out.as_bytes_mut();
        let mut len = 0;
        for &t in &hit.tiles[..hit.len as usize] {
            let t = t as usize;
            // At most three tiles of at most eight letters come before: `at + 8 <= 32`.
            let at = len.min(MAX_WORD_LEN - MAX_TILE_LEN);
            bytes[at..at + MAX_TILE_LEN].copy_from_slice(&self.letters[t]);
            len = at + self.lens[t] as usize;
        }
        out.truncate_bytes(len);
        out
    }
}
