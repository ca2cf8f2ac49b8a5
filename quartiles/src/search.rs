//! The fast solver: a depth-first walk of tile paths in step with a walk of the dictionary.
//!
//! The state is its own continuation: the path, and for each depth the dictionary state
//! reached and the set of tiles still to try there. Extending a path by a tile follows only
//! that tile's letters from the parent's state (in the dictionary's flat search index, see
//! `index.rs`); a tile is tried only if the state has an edge for its first letter, and tiles
//! sharing a first letter share that step; a prefix no word continues is never extended.
//! Nothing allocates in the loop (the list of hits is reserved up front).
//!
//! Order and counts match [`baseline`](crate::baseline): words come in the same order, and
//! `nodes` counts the candidate paths the plain search would consider (all tiles appended to
//! every live prefix), so both report the same numbers.

use std::fmt;
use std::time::{Duration, Instant};

use crate::board::{Board, TILE_COUNT};
use crate::budget::{Budget, Limit, NoLimit, NodeLimit, TimeLimit};
use crate::dictionary::Dictionary;
use crate::index::{Index, NOT_FINAL};
use crate::path::{FragmentPath, MAX_WORD_LEN, WordText};
use crate::score::{QUARTILES_BONUS, exact_covers, points};

/// A word found on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Word {
    /// The tiles, in order.
    pub path: FragmentPath,
    /// The word.
    pub text: WordText,
    /// Its tier in the dictionary.
    pub tier: u8,
}

impl Word {
    /// Number of tiles (1-4).
    pub fn tiles(&self) -> usize {
        self.path.len()
    }

    /// Points it scores (1, 2, 4 or 8).
    pub fn points(&self) -> u32 {
        points(self.tiles())
    }

    /// True for a 4-tile word.
    pub fn is_quartile(&self) -> bool {
        self.path.is_full()
    }

    /// The word as `&str`.
    pub fn as_str(&self) -> &str {
        self.text.as_str()
    }
}

impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text.as_str())
    }
}

/// What one call to [`Solver::step`] ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A word (not among the known words); the search is already past it.
    Found(Word),
    /// The budget is spent; call `step` again to resume.
    Paused,
    /// The search space is exhausted.
    Finished,
}

/// Counters of the search, cheap to read at any time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Candidate paths considered so far (the same count the baseline reports).
    pub nodes: u64,
    /// Words found so far (including known words).
    pub words: usize,
    /// Share of the search space behind the cursor, from 0 to 1 (an estimate by position).
    pub fraction: f64,
    /// True once the search is exhausted.
    pub finished: bool,
}

/// One found word as the search records it: tile indices and tier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Hit {
    tiles: [u8; 4],
    len: u8,
    tier: u8,
}

impl Hit {
    fn path(&self) -> FragmentPath {
        // The search only records distinct tiles below 20: a valid path by construction.
        FragmentPath::from_search(&self.tiles[..self.len as usize])
    }

    fn mask(&self) -> u32 {
        self.tiles[..self.len as usize]
            .iter()
            .fold(0, |m, &t| m | (1 << t))
    }
}

/// The exhaustive, resumable Quartiles solver.
///
/// ```
/// use quartiles_solver::{Board, Budget, Dictionary, Solver, Step};
///
/// let dict = Dictionary::english();
/// let board: Board = "azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment"
///     .parse()
///     .unwrap();
/// // all at once
/// let solved = Solver::new(&dict, &board).solve_fully();
/// assert!(solved.is_solved());
/// assert_eq!(solved.quartiles().len(), 1);
///
/// // or in slices, as a UI would run it
/// let mut solver = Solver::new(&dict, &board);
/// let mut words = Vec::new();
/// loop {
///     match solver.step(Budget::nodes(500)) {
///         Step::Found(w) => words.push(w),
///         Step::Paused => { /* redraw solver.progress() */ }
///         Step::Finished => break,
///     }
/// }
/// assert_eq!(words, solved.words());
/// ```
#[derive(Clone, PartialEq)]
pub struct Solver {
    dict: Dictionary,
    board: Board,
    /// Each tile's letters (padded) and length.
    letters: [[u8; 8]; TILE_COUNT],
    lens: [u8; TILE_COUNT],
    /// For each letter, the tiles starting with it; and the letters that start some tile.
    by_letter: [u32; 26],
    letter_mask: u32,
    // The continuation: the tiles of the current path (`depth` of them are live), per depth
    // the tiles still to try there and the dictionary states one letter into them, and the
    // tiles in use.
    depth: u8,
    path: [u8; 4],
    pending: [u32; 4],
    /// Per depth, for each letter that starts a pending tile: the state after that letter
    /// (tiles sharing a first letter share that step).
    first: [[u32; 26]; 4],
    used: u32,
    nodes: u64,
    hits: Vec<Hit>,
    /// Hits already handed out by `step`.
    reported: usize,
    /// Words the player already has: never reported, kept in the solution.
    known: Vec<WordText>,
    started: bool,
    finished: bool,
}

impl fmt::Debug for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("board", &self.board)
            .field("path", &self.current_path())
            .field("progress", &self.progress())
            .finish_non_exhaustive()
    }
}

impl Solver {
    /// A solver for `board` with `dictionary` (cloned cheaply). No search happens yet.
    pub fn new(dictionary: &Dictionary, board: &Board) -> Solver {
        let mut letters = [[0u8; 8]; TILE_COUNT];
        let mut lens = [0u8; TILE_COUNT];
        let mut by_letter = [0u32; 26];
        let mut letter_mask = 0u32;
        for (i, tile) in board.tiles().iter().enumerate() {
            let b = tile.as_bytes();
            letters[i][..b.len()].copy_from_slice(b);
            lens[i] = b.len() as u8;
            // A board holds only lowercase letters (checked by `Board`).
            let l = (b[0].wrapping_sub(b'a') % 26) as usize;
            by_letter[l] |= 1 << i;
            letter_mask |= 1 << l;
        }
        Solver {
            dict: dictionary.clone(),
            board: *board,
            letters,
            lens,
            by_letter,
            letter_mask,
            depth: 0,
            path: [0; 4],
            pending: [0; 4],
            first: [[0; 26]; 4],
            used: 0,
            nodes: 0,
            hits: Vec::with_capacity(64),
            reported: 0,
            known: Vec::new(),
            started: false,
            finished: false,
        }
    }

    /// Marks words the player already found: the search still finds them (they count in
    /// [`words`](Self::words), [`score`](Self::score) and the quartiles) but
    /// [`step`](Self::step) and the iterator skip them, and [`quartiles`](Self::quartiles)
    /// keeps only covers that use every known 4-tile word.
    #[must_use]
    pub fn with_known_words<I, S>(mut self, words: I) -> Solver
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        for w in words {
            let mut t = WordText::create(w.as_ref());
            t.make_ascii_lowercase();
            if !self.known.contains(&t) {
                self.known.push(t);
            }
        }
        self
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The dictionary.
    pub fn dictionary(&self) -> &Dictionary {
        &self.dict
    }

    /// Tiles not in `exclude` whose first letter `state` has an edge for; records in
    /// `first[depth]` the state after each such letter.
    #[inline(always)]
    fn expand(&mut self, index: &Index, depth: usize, state: u32, exclude: u32) -> u32 {
        let mut tiles = 0;
        let mut letters = index.mask(state) & self.letter_mask;
        while letters != 0 {
            let l = letters.trailing_zeros() as usize;
            letters &= letters - 1;
            let these = self.by_letter[l] & !exclude;
            if these != 0
                && let Some(next) = index.step(state, b'a' + l as u8)
            {
                self.first[depth][l] = next;
                tiles |= these;
            }
        }
        tiles
    }

    /// The search loop. Returns `Found` only when `REPORT` (the index of the hit is
    /// `hits.len() - 1`); otherwise runs until the limit or the end.
    #[inline(always)]
    fn run<L: Limit, const REPORT: bool>(&mut self, mut limit: L) -> Step {
        if self.finished {
            return Step::Finished;
        }
        let dict = self.dict.clone();
        let index = dict.index();
        if !self.started {
            self.started = true;
            self.pending[0] = self.expand(index, 0, 0, 0);
            self.nodes = TILE_COUNT as u64;
        }
        let tiers = self.dict.tiers();
        loop {
            let d = self.depth as usize;
            let pend = self.pending[d];
            if pend == 0 {
                if d == 0 {
                    self.finished = true;
                    return Step::Finished;
                }
                self.depth -= 1;
                self.used &= !(1 << self.path[d - 1]);
                continue;
            }
            let t = pend.trailing_zeros() as usize;
            self.pending[d] = pend & (pend - 1);
            let bytes = &self.letters[t][1..self.lens[t] as usize];
            let l = (self.letters[t][0].wrapping_sub(b'a') % 26) as usize;
            let Some(state) = index.walk(self.first[d][l], bytes) else {
                continue;
            };
            self.path[d] = t as u8;
            let len = d + 1;
            let fin = index.fin(state);
            let mut found = false;
            if fin != NOT_FINAL {
                let tier = fin as u8;
                if tiers.accepts(tier, len) {
                    self.hits.push(Hit {
                        tiles: self.path,
                        len: len as u8,
                        tier,
                    });
                    found = true;
                }
            }
            if len < 4 {
                // The plain search considers every free tile after a live prefix.
                self.nodes += (TILE_COUNT - len) as u64;
                let used = self.used | (1 << t);
                let next = self.expand(index, len, state, used);
                if next != 0 {
                    self.used = used;
                    self.pending[len] = next;
                    self.depth = len as u8;
                }
            }
            if REPORT && found {
                return Step::Found(self.hit_word(self.hits.len() - 1));
            }
            if limit.spent(self.nodes) {
                return Step::Paused;
            }
        }
    }

    fn hit_word(&self, i: usize) -> Word {
        let h = self.hits[i];
        // Tiles are ASCII letters, so the concatenation is valid UTF-8.
        let mut buf = [0u8; MAX_WORD_LEN];
        let mut n = 0;
        for &t in &h.tiles[..h.len as usize] {
            let len = self.lens[t as usize] as usize;
            buf[n..n + len].copy_from_slice(&self.letters[t as usize][..len]);
            n += len;
        }
        Word {
            path: h.path(),
            text: WordText::create(std::str::from_utf8(&buf[..n]).unwrap_or_default()),
            tier: h.tier,
        }
    }

    fn step_with<L: Limit>(&mut self, mut limit: L) -> Step {
        // Hand out hits found by `solve_fully`-style runs before searching further.
        loop {
            while self.reported < self.hits.len() {
                let w = self.hit_word(self.reported);
                self.reported += 1;
                if !self.known.contains(&w.text) {
                    return Step::Found(w);
                }
            }
            match self.run::<&mut L, true>(&mut limit) {
                Step::Found(_) => continue,
                other => return other,
            }
        }
    }

    /// Searches until a new word is found (returned), the budget is spent, or the search
    /// ends. Each call does at least one unit of work, so a loop of calls always terminates.
    pub fn step(&mut self, budget: Budget) -> Step {
        match budget {
            Budget::Unlimited => self.step_with(NoLimit),
            Budget::Nodes(n) => self.step_with(NodeLimit(self.nodes.saturating_add(n.max(1)))),
            Budget::Time(d) => self.step_with(TimeLimit {
                deadline: Instant::now() + d,
                next_check: self.nodes,
            }),
        }
    }

    /// The seed's form: runs until a word is found or `duration` passes, and hands back the
    /// solver with the word's path, if any. Call [`is_finished`](Self::is_finished) to know
    /// whether to go on.
    pub fn solve(mut self, duration: Duration) -> (Solver, Option<FragmentPath>) {
        match self.step(Budget::Time(duration)) {
            Step::Found(w) => (self, Some(w.path)),
            _ => (self, None),
        }
    }

    /// Runs the search to the end.
    #[must_use]
    pub fn solve_fully(mut self) -> Solver {
        self.run::<NoLimit, false>(NoLimit);
        self
    }

    /// Runs the search to the end in place (for callers that keep the solver).
    pub fn finish(&mut self) {
        self.run::<NoLimit, false>(NoLimit);
    }

    /// True once the search space is exhausted.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// True once the search is finished and five 4-tile words cover all 20 tiles.
    pub fn is_solved(&self) -> bool {
        self.finished && !self.quartiles().is_empty()
    }

    /// Counters: nodes, words, the explored fraction.
    pub fn progress(&self) -> Progress {
        let fraction = if self.finished {
            1.0
        } else if !self.started {
            0.0
        } else {
            let mut f = 0.0;
            let mut scale = 1.0 / TILE_COUNT as f64;
            for &t in &self.path[..=(self.depth as usize).min(3)] {
                f += t as f64 * scale;
                scale /= TILE_COUNT as f64;
            }
            f.min(1.0)
        };
        Progress {
            nodes: self.nodes,
            words: self.hits.len(),
            fraction,
            finished: self.finished,
        }
    }

    /// The path the search is at (the last tile tried at the deepest live depth).
    pub fn current_path(&self) -> FragmentPath {
        let ix: Vec<usize> = self.path[..=(self.depth as usize).min(3)]
            .iter()
            .map(|&t| t as usize)
            .collect();
        if self.started && !self.finished {
            FragmentPath::from_indices(&ix).unwrap_or_default()
        } else {
            FragmentPath::default()
        }
    }

    /// Every word found so far, in search order (a word spelled by two different tile
    /// sequences appears once per sequence).
    pub fn words(&self) -> Vec<Word> {
        (0..self.hits.len()).map(|i| self.hit_word(i)).collect()
    }

    /// The distinct words found so far, in the order first found (the seed's `solution`).
    pub fn solution(&self) -> Vec<WordText> {
        let mut out: Vec<WordText> = Vec::with_capacity(self.hits.len());
        for w in self.words() {
            if !out.contains(&w.text) {
                out.push(w.text);
            }
        }
        out
    }

    /// Found words the player does not know yet (see
    /// [`with_known_words`](Self::with_known_words)).
    pub fn remaining_words(&self) -> Vec<Word> {
        self.words()
            .into_iter()
            .filter(|w| !self.known.contains(&w.text))
            .collect()
    }

    /// Every exact cover of the board by five 4-tile words found so far (usually exactly one
    /// once finished), each in search order; with known words, only covers that use all the
    /// known 4-tile words.
    pub fn quartiles(&self) -> Vec<[Word; 5]> {
        let mut full = Vec::with_capacity(16);
        let mut masks = Vec::with_capacity(16);
        for (i, h) in self.hits.iter().enumerate() {
            if h.len == 4 {
                full.push(i);
                masks.push(h.mask());
            }
        }
        let covers = exact_covers(&masks);
        if covers.is_empty() {
            return Vec::new();
        }
        let known4: Vec<WordText> = if self.known.is_empty() {
            Vec::new()
        } else {
            full.iter()
                .map(|&i| self.hit_word(i).text)
                .filter(|t| self.known.contains(t))
                .collect()
        };
        covers
            .into_iter()
            .map(|c| c.map(|k| self.hit_word(full[k])))
            .filter(|c| known4.iter().all(|k| c.iter().any(|w| w.text == *k)))
            .collect()
    }

    /// The most points the board offers: every distinct word once (by its tile count; the
    /// highest if it can be spelled with different counts), plus the bonus if the quartiles
    /// are found.
    pub fn score(&self) -> u32 {
        self.score_of(|_| true)
    }

    /// Points still to win: the [`score`](Self::score) of the words not known yet, plus the
    /// bonus unless every word of a cover is known.
    pub fn remaining_score(&self) -> u32 {
        self.score_of(|w| !self.known.contains(w))
    }

    fn score_of(&self, count: impl Fn(&WordText) -> bool) -> u32 {
        let mut best: Vec<(WordText, u32)> = Vec::new();
        for w in self.words() {
            match best.iter_mut().find(|(t, _)| *t == w.text) {
                Some((_, p)) => *p = (*p).max(w.points()),
                None => best.push((w.text, w.points())),
            }
        }
        let words: u32 = best.iter().filter(|(t, _)| count(t)).map(|(_, p)| p).sum();
        let covers = self.quartiles();
        let bonus_open =
            !covers.is_empty() && covers.iter().all(|c| c.iter().any(|w| count(&w.text)));
        words + if bonus_open { QUARTILES_BONUS } else { 0 }
    }
}

impl<L: Limit> Limit for &mut L {
    #[inline(always)]
    fn spent(&mut self, nodes: u64) -> bool {
        (**self).spent(nodes)
    }
}

/// Every word not known yet, in search order.
impl Iterator for Solver {
    type Item = Word;

    fn next(&mut self) -> Option<Word> {
        loop {
            match self.step(Budget::Unlimited) {
                Step::Found(w) => return Some(w),
                Step::Paused => continue,
                Step::Finished => return None,
            }
        }
    }
}
