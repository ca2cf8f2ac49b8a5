//! The seed's plain algorithm, kept as the oracle and the yardstick.
//!
//! As the original solver's write-up describes it: walk every path of 1-4 distinct tiles in
//! lexicographic order; for each, build the word, ask the dictionary from its root whether
//! the word is in it and whether any word starts with it, and move the cursor with
//! `append` / `increment` / `pop_and_increment`, each motion collecting the tiles in use into
//! a fresh `HashSet`. Do not optimise this module: its slowness is the reference.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use crate::board::{Board, TILE_COUNT};
use crate::dictionary::Dictionary;
use crate::error::FragmentPathError;
use crate::path::FragmentPath;
use crate::solver::Word;

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

/// The seed's solver: resumable by time, exhaustive, slow.
#[derive(Clone, Debug, PartialEq)]
pub struct Baseline {
    dict: Dictionary,
    board: Board,
    path: Slots,
    words: Vec<Word>,
    nodes: u64,
    finished: bool,
}

impl Baseline {
    /// A solver at the first path.
    pub fn new(dictionary: &Dictionary, board: &Board) -> Baseline {
        Baseline {
            dict: dictionary.clone(),
            board: *board,
            path: [Some(0), None, None, None],
            words: Vec::new(),
            nodes: 0,
            finished: false,
        }
    }

    /// Considers paths until a word is found or `duration` passes (at least one path).
    pub fn solve(mut self, duration: Duration) -> (Baseline, Option<FragmentPath>) {
        let start = Instant::now();
        while !self.finished {
            let found = self.visit();
            if found.is_some() {
                return (self, found);
            }
            if start.elapsed() >= duration {
                break;
            }
        }
        (self, None)
    }

    /// Runs to the end.
    #[must_use]
    pub fn solve_fully(mut self) -> Baseline {
        while !self.finished {
            self.visit();
        }
        self
    }

    /// One path: test it, then move the cursor.
    fn visit(&mut self) -> Option<FragmentPath> {
        self.nodes += 1;
        let path = to_path(&self.path);
        let word = path.word(&self.board);
        let mut found = None;
        if let Some(tier) = self.dict.tier(word.as_str())
            && self.dict.tiers().accepts(tier, path.len())
        {
            self.words.push(Word {
                path,
                text: word,
                tier,
            });
            found = Some(path);
        }
        let before = self.path;
        if self.dict.has_prefix(word.as_str())
            && let Ok(q) = append(&self.path)
        {
            self.path = q;
        }
        if self.path == before {
            match increment(&self.path) {
                Ok(q) => self.path = q,
                Err(_) => match pop_and_increment(&self.path) {
                    Ok(q) => self.path = q,
                    Err(_) => self.finished = true,
                },
            }
        }
        found
    }

    /// True once every path was considered.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Paths considered so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Words found so far, in search order.
    pub fn words(&self) -> &[Word] {
        &self.words
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

    #[test]
    fn time_slices_find_the_words_of_one_run() {
        let dict = Dictionary::from_words(["ab", "abc", "c", "ca", "bab"]).unwrap();
        let board = Board::parse("a b c d e f g h i j k l m n o p q r s t").unwrap();
        let full = Baseline::new(&dict, &board).solve_fully();
        let mut s = Baseline::new(&dict, &board);
        let mut paths = Vec::new();
        while !s.is_finished() {
            let (next, found) = s.solve(Duration::ZERO);
            s = next;
            paths.extend(found);
        }
        let want: Vec<FragmentPath> = full.words().iter().map(|w| w.path).collect();
        assert_eq!(paths, want);
        let texts: Vec<&str> = full.words().iter().map(|w| w.text.as_str()).collect();
        // "bab" would need tile `b` twice
        assert_eq!(texts, ["ab", "abc", "c", "ca"]);
    }
}
