//! The seed's plain algorithm, kept as the oracle and the yardstick.
//!
//! As the original solver's write-up describes it: walk every path of 1-4 distinct tiles in
//! lexicographic order; for each, build the word, ask the dictionary from its root whether
//! the word is in it and whether any word starts with it, and move the cursor with
//! `append` / `increment` / `pop_and_increment`, each motion collecting the tiles in use into
//! a fresh `HashSet`. Do not optimise this module: its slowness is the reference.

use std::collections::HashSet;

use puzzle_search::{Limit, Meter};

use super::{Flow, Hit};
use crate::board::{Board, TILE_COUNT};
use crate::dictionary::Dictionary;
use crate::error::FragmentPathError;
use crate::path::FragmentPath;

/// The seed's cursor: four optional indices, moved with hash-set bookkeeping.
type Slots = [Option<usize>; 4];

fn last(p: &Slots) -> Option<usize> {
    p.iter().rposition(Option::is_some)
}

fn append(p: &Slots) -> Result<Slots, FragmentPathError> {
    if p[3].is_some() {
        return Err(FragmentPathError::Overflow);
    }
    let next = last(p).map_or(0, |i| i + 1);
    let used: HashSet<usize> = p.iter().flatten().copied().collect();
    let mut start = 0;
    while used.contains(&start) {
        start += 1;
    }
    let mut q = *p;
    q[next] = Some(start);
    Ok(q)
}

fn increment(p: &Slots) -> Result<Slots, FragmentPathError> {
    let i = last(p).ok_or(FragmentPathError::CannotIncrementEmpty)?;
    let used: HashSet<usize> = p.iter().take(i).flatten().copied().collect();
    let mut stop = TILE_COUNT - 1;
    while used.contains(&stop) {
        stop -= 1;
    }
    let mut q = *p;
    loop {
        let cur = q[i].unwrap_or(0);
        if cur >= stop {
            return Err(FragmentPathError::IndexOverflow);
        }
        q[i] = Some(cur + 1);
        if !used.contains(&(cur + 1)) {
            return Ok(q);
        }
    }
}

fn pop_and_increment(p: &Slots) -> Result<Slots, FragmentPathError> {
    let mut q = *p;
    loop {
        let i = last(&q).ok_or(FragmentPathError::Underflow)?;
        q[i] = None;
        match increment(&q) {
            Err(FragmentPathError::IndexOverflow) => continue,
            other => return other,
        }
    }
}

fn to_path(p: &Slots) -> FragmentPath {
    let ix: Vec<usize> = p.iter().flatten().copied().collect();
    FragmentPath::from_indices(&ix).unwrap_or_default()
}

/// The seed's solver state: the cursor (the next path to visit) and the last path visited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Baseline {
    path: Slots,
    /// The path of the last node counted (all `None` before the first).
    last: Slots,
    /// The cursor could not move past the last path: the next run finishes.
    exhausted: bool,
    started: bool,
    finished: bool,
}

impl Baseline {
    /// A solver at the first path.
    pub(crate) fn new() -> Baseline {
        Baseline {
            path: [Some(0), None, None, None],
            last: [None; 4],
            exhausted: false,
            started: false,
            finished: false,
        }
    }

    pub(crate) fn is_started(&self) -> bool {
        self.started
    }

    pub(crate) fn is_finished(&self) -> bool {
        self.finished
    }

    pub(crate) fn last_visited(&self) -> FragmentPath {
        to_path(&self.last)
    }

    /// Visits paths, one node each, until the meter pauses it, the search ends or (with
    /// `REPORT`) a word is found.
    pub(crate) fn run<L: Limit, const REPORT: bool>(
        &mut self,
        dict: &Dictionary,
        board: &Board,
        meter: &mut Meter<L>,
        nodes: &mut u64,
        hits: &mut Vec<Hit>,
    ) -> Flow {
        self.started = true;
        loop {
            if self.exhausted {
                self.finished = true;
                return Flow::Finished;
            }
            if !meter.go_on(*nodes) {
                return Flow::Paused;
            }
            *nodes += 1;
            if self.visit(dict, board, hits) && REPORT {
                return Flow::Found;
            }
        }
    }

    /// One path: test it, then move the cursor. True if it is a word.
    fn visit(&mut self, dict: &Dictionary, board: &Board, hits: &mut Vec<Hit>) -> bool {
        let path = to_path(&self.path);
        self.last = self.path;
        let word = path.word(board);
        let mut found = false;
        if let Some(tier) = dict.tier(word.as_str())
            && dict.tiers().accepts(tier, path.len())
        {
            let mut tiles = [0u8; 4];
            for (slot, i) in tiles.iter_mut().zip(path.iter()) {
                *slot = i as u8;
            }
            hits.push(Hit {
                tiles,
                len: path.len() as u8,
                tier,
            });
            found = true;
        }
        let before = self.path;
        if dict.has_prefix(word.as_str())
            && let Ok(q) = append(&self.path)
        {
            self.path = q;
        }
        if self.path == before {
            match increment(&self.path) {
                Ok(q) => self.path = q,
                Err(_) => match pop_and_increment(&self.path) {
                    Ok(q) => self.path = q,
                    Err(_) => self.exhausted = true,
                },
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn slots(ix: &[usize]) -> Slots {
        let mut s = [None; 4];
        for (d, &i) in s.iter_mut().zip(ix) {
            *d = Some(i);
        }
        s
    }

    proptest! {
        /// The public cursor (bit sets) and the seed's (hash sets) move alike.
        #[test]
        fn public_motions_match_the_seeds(ix in prop::sample::subsequence((0..20).collect::<Vec<usize>>(), 0..=4).prop_shuffle()) {
            let s = slots(&ix);
            let p = FragmentPath::from_indices(&ix).unwrap();
            prop_assert_eq!(append(&s).map(|q| to_path(&q)), p.append());
            prop_assert_eq!(increment(&s).map(|q| to_path(&q)), p.increment());
            prop_assert_eq!(pop_and_increment(&s).map(|q| to_path(&q)), p.pop_and_increment());
        }
    }
}
