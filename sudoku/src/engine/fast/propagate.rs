//! Propagation: the band rule, naked singles and the rules across bands, until nothing
//! changes (and in full mode the triads at each stall, then the hidden pairs where a state
//! looks for them).

use super::triads::{Scratch, fold_v};
use super::words::{clear_cells, digits_of, lanes4, rotate};
use super::{FULL_MODE, LATE, OTHER_BANDS, PAIRS, STACK_RULE_MIN_OPEN, State};
use crate::engine::tables::{BAND_PEERS, CLAIM, COMPLEX, POINT, ROWS, columns_mask};

impl State {
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
    pub(super) fn propagate_plain(&mut self, sc: &mut Scratch) -> bool {
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
    pub(super) fn propagate_with<const TRACK: bool, const FULL: bool>(
        &mut self,
        sc: &mut Scratch,
    ) -> bool {
        let mut dirty = self.band_dirty;
        self.band_dirty = 0;
        // The words the last pass of the rules across bands changed, and their values then.
        // Every other change to a word marks it for those rules where it is made; these are
        // marked only if the band rule changes them again before the next pass.
        let mut watch = 0u32;
        let mut watched = [0u32; 27];
        let full = FULL;
        // The cells of each band with three candidates or more, as naked singles last
        // counted them, and whether this propagation has found a hidden pair yet.
        let mut threes = [0u32; 3];
        let mut found_pairs = false;
        loop {
            // In passes: an entry changed during a pass waits for the next one (unless its
            // turn in this pass is still to come), so a word touched by several placements
            // is examined once per pass, not once per placement.
            while dirty != 0 {
                let mut pass = dirty;
                dirty = 0;
                while pass != 0 {
                    let i = pass.trailing_zeros() as usize;
                    pass &= pass - 1;
                    match self.band_rule::<TRACK>(i, pass) {
                        None => return false,
                        Some(more) => dirty |= more,
                    }
                }
            }
            match self.naked_singles(&mut threes) {
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
            self.stack_dirty &= FULL_MODE | PAIRS;
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
                // Nothing changed since naked singles counted `threes`.
                if dirty == 0 && self.stack_dirty & PAIRS != 0 {
                    dirty = self.hidden_pairs(threes);
                    self.stack_dirty |= dirty;
                    if dirty != 0 {
                        found_pairs = true;
                    } else if !found_pairs {
                        // None found here: none looked for below this state.
                        self.stack_dirty &= !PAIRS;
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
    /// changed besides `i` and those of `pending`.
    ///
    /// `pending` holds the words still to come in this pass: each will see the change when
    /// its turn comes, so none needs another look in the next pass (top1465: 7% fewer
    /// calls, the same nodes).
    #[inline(always)]
    fn band_rule<const TRACK: bool>(&mut self, i: usize, pending: u32) -> Option<u32> {
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
        Some(more & !pending)
    }

    /// The rules across bands for digit `d`: pointing (a box whose candidates lie in one
    /// column clears that column in the other bands), claiming (a column whose candidates lie
    /// in one band confines the box it crosses to it) and hidden singles in columns. `None`
    /// on a column without candidates, else the entries of `cand` it changed. A hidden
    /// single marks the digit for the next stall, where a second call finds what the single
    /// left (one call is not its own fixpoint).
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
                // The single takes the digit out of the rest of its row and box, which the
                // pointing and claiming above did not see: look at the digit again at the
                // next stall.
                self.stack_dirty |= 1 << (d + 9 * b);
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

    /// Places every naked single; `None` on a cell without candidates, else the entries of
    /// `cand` it changed. Leaves in `threes` the cells of each band with three candidates or
    /// more, as counted before placing.
    ///
    /// Every band, every time: only a band whose words changed since the last run can have
    /// a new single, but keeping track of those bands (a mask kept up to date at every pass
    /// of the band rule, then a loop of one to three turns) was slower on every set than
    /// counting all three, by more than its instructions. Likely the loop's length, which
    /// the processor cannot predict; the machine measured on had no counters to show it.
    /// See the crate README.
    #[inline(always)]
    fn naked_singles(&mut self, threes: &mut [u32; 3]) -> Option<u32> {
        let mut found = 0;
        for (band, threes) in threes.iter_mut().enumerate() {
            let open = self.unplaced[band];
            let (ones, twos, three) = self.counts(band);
            *threes = three;
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
    pub(super) fn counts(&self, band: usize) -> (u32, u32, u32) {
        let w = self.band_words(band);
        let (lo, hi) = (lanes4(w, 0), lanes4(w, 4));
        // Per lane: at least one, two (of two words), none with three yet.
        let (o, t) = (lo | hi, lo & hi);
        // Lanes 0 + 2 and 1 + 3: counts of four words.
        let (o2, t2) = (rotate::<2>(o), rotate::<2>(t));
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
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The band rule's result on a word is a fixpoint of the rule: a second call on the
    /// word, with nothing changed in between, changes nothing and marks nothing. The pass
    /// loop relies on it when it leaves the words still to come in a pass out of the next
    /// one.
    #[test]
    fn the_band_rule_is_its_own_fixpoint() {
        let mut seed = 0x0123_4567_89ab_cdefu64;
        let (mut checked, mut placing) = (0, 0);
        for k in 0..400 {
            let g = crate::thinned_solution(&mut seed, 8 + k % 40);
            let Some(mut s) = State::new(&g) else {
                continue;
            };
            // Each word in turn, on the state the calls before it left (as a pass runs).
            for i in 0..27 {
                let before = s;
                let Some(_) = s.band_rule::<true>(i, 0) else {
                    break;
                };
                placing += (s.unplaced != before.unplaced) as u32;
                let once = s;
                assert_eq!(s.band_rule::<true>(i, 0), Some(0), "{g} word {i}");
                assert_eq!(s, once, "{g} word {i}");
                checked += 1;
            }
        }
        assert!(
            checked > 10_000 && placing > 2_000,
            "{checked} checked, {placing} placing"
        );
    }
}
