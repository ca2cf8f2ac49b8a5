//! The guess: a cell in the cheap mode (the configuration split of full mode is in
//! `triads`), and the split of a state into the branch taken now and the one saved.

use super::triads::Scratch;
use super::words::words_with;
use super::{Choice, State};
use crate::engine::tables::BAND_PEERS;

impl State {
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
    pub(super) fn choose_full(&self, sc: &Scratch) -> Choice {
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
    pub(super) fn choose_cheap(&self) -> Choice {
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
    pub(super) fn first_digit(&self, band: usize, p: usize) -> Option<usize> {
        let digits = words_with(self.band_words(band), 1 << p);
        (digits != 0).then(|| 9 * band + digits.trailing_zeros() as usize)
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
}
