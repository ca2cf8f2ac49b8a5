//! The public continuation: [`Solver`], the words it finds and its progress.
//!
//! The solver holds what every engine shares (the board, the dictionary, the words found, the
//! node counter, the words the player already knows) and the state of the engine it runs
//! (see [`Engine`]); [`Search`] is its stepping API.

use std::fmt;
use std::time::Duration;

use puzzle_search::{Budget, Limit, Meter, Search, Step, Unlimited};

use crate::board::{Board, TILE_COUNT};
use crate::dictionary::Dictionary;
use crate::engine::{Engine, Flow, Hit, Spelling, State, baseline, fast};
use crate::path::{FragmentPath, WordText};
use crate::score::{QUARTILES_BONUS, Small, exact_covers, points};

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

/// Counters of the search, cheap to read at any time.
///
/// The family's common counters are in [`core`](Self::core) (and readable through `Deref`:
/// `progress.nodes`): `nodes` counts the candidate paths of the plain search (the same for
/// every [`Engine`]), `found` the words handed out as [`Step::Found`], and `fraction` the
/// share of the search space behind the last path visited (an estimate by position; 1 once
/// finished).
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Progress {
    /// Nodes, words handed out, fraction explored.
    pub core: puzzle_search::Progress,
    /// Words the search found so far, including words the player already knows (never
    /// handed out) and words found by [`Solver::finish`] not handed out yet.
    pub words: usize,
    /// True once the search is exhausted.
    pub finished: bool,
}

puzzle_search::extends_progress!(Progress, core);

/// The exhaustive, resumable Quartiles solver: a [`Search`] whose items are the [`Word`]s of
/// the board, in search order.
///
/// ```
/// use quartiles_solver::{Board, Budget, Dictionary, Search, Solver, Step};
///
/// let dict = Dictionary::english();
/// let board: Board = "azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment"
///     .parse()
///     .unwrap();
/// // all at once
/// let solved = Solver::new(&dict, &board).finish();
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
/// assert_eq!(solver.progress().nodes, solved.progress().nodes);
/// ```
#[derive(Clone, PartialEq)]
pub struct Solver {
    dict: Dictionary,
    board: Board,
    spelling: Spelling,
    engine: State,
    nodes: u64,
    hits: Vec<Hit>,
    /// Hits already looked at by `step` (handed out, or skipped as known).
    reported: usize,
    /// Hits handed out as `Step::Found`.
    found: u64,
    /// Words the player already has: never reported, kept in the solution.
    known: Vec<WordText>,
}

impl fmt::Debug for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("board", &self.board)
            .field("engine", &self.engine.engine())
            .field("path", &self.current_path())
            .field("progress", &self.progress())
            .finish_non_exhaustive()
    }
}

impl Solver {
    /// A solver for `board` with `dictionary` (cloned cheaply), running [`Engine::Fast`]. No
    /// search happens yet.
    pub fn new(dictionary: &Dictionary, board: &Board) -> Solver {
        Solver::with_engine(dictionary, board, Engine::Fast)
    }

    /// A solver running `engine`. Every engine finds the same words in the same order and
    /// counts the same nodes (see [`Engine`]); [`Engine::Baseline`] is the seed's algorithm,
    /// for differential tests and speed comparisons.
    pub fn with_engine(dictionary: &Dictionary, board: &Board, engine: Engine) -> Solver {
        let state = match engine {
            Engine::Fast => State::Fast(fast::Fast::new(board)),
            Engine::Baseline => State::Baseline(baseline::Baseline::new()),
        };
        Solver {
            dict: dictionary.clone(),
            board: *board,
            spelling: Spelling::new(board),
            engine: state,
            nodes: 0,
            hits: Vec::with_capacity(64),
            reported: 0,
            found: 0,
            known: Vec::new(),
        }
    }

    /// Marks words the player already found: the search still finds them (they count in
    /// [`words`](Self::words), [`score`](Self::score) and the quartiles) but
    /// [`step`](Search::step) and the iterator skip them, and [`quartiles`](Self::quartiles)
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

    /// The engine this solver runs.
    pub fn engine(&self) -> Engine {
        self.engine.engine()
    }

    /// Runs the engine with `meter`; with `REPORT`, returns after each word recorded.
    #[inline]
    fn run<L: Limit, const REPORT: bool>(&mut self, meter: &mut Meter<L>) -> Flow {
        match &mut self.engine {
            State::Fast(f) => f.run::<L, REPORT>(
                self.dict.index().view(),
                self.dict.tiers(),
                &self.spelling,
                meter,
                &mut self.nodes,
                &mut self.hits,
            ),
            State::Baseline(b) => b.run::<L, REPORT>(
                &self.dict,
                &self.board,
                meter,
                &mut self.nodes,
                &mut self.hits,
            ),
        }
    }

    fn hit_word(&self, i: usize) -> Word {
        let h = &self.hits[i];
        Word {
            path: h.path(),
            text: self.spelling.text(h),
            tier: h.tier,
        }
    }

    /// The next recorded word not handed out yet, skipping known words.
    fn next_reported(&mut self) -> Option<Word> {
        while self.reported < self.hits.len() {
            let w = self.hit_word(self.reported);
            self.reported += 1;
            if !self.known.contains(&w.text) {
                self.found += 1;
                return Some(w);
            }
        }
        None
    }

    /// The seed's form: runs until a word is found or `duration` passes, and hands back the
    /// solver with the word's path, if any. Call [`is_finished`](Self::is_finished) to know
    /// whether to go on.
    pub fn solve(mut self, duration: Duration) -> (Solver, Option<FragmentPath>) {
        match self.step(Budget::time(duration)) {
            Step::Found(w) => (self, Some(w.path)),
            Step::Paused | Step::Finished => (self, None),
        }
    }

    /// Runs the search to the end and returns the finished solver, to read its
    /// [`words`](Self::words), [`quartiles`](Self::quartiles) and [`score`](Self::score).
    /// The words are not handed out: stepping the finished solver hands them out in order
    /// (so [`Search::solve_fully`] after `finish` still returns them all).
    #[must_use]
    pub fn finish(mut self) -> Solver {
        // From the start, the fast engine runs the whole walk at once (same order, same
        // hits, same nodes), without the resumable loop's bookkeeping.
        if let State::Fast(f) = &mut self.engine
            && f.run_whole(
                self.dict.index().view(),
                self.dict.tiers(),
                &self.spelling,
                &mut self.nodes,
                &mut self.hits,
            )
        {
            return self;
        }
        let mut meter = Meter::new(Unlimited, self.nodes);
        self.run::<Unlimited, false>(&mut meter);
        self
    }

    /// True once the search space is exhausted.
    pub fn is_finished(&self) -> bool {
        self.engine.is_finished()
    }

    /// True once the search is finished and five 4-tile words cover all 20 tiles.
    pub fn is_solved(&self) -> bool {
        self.is_finished() && !self.quartiles().is_empty()
    }

    /// The path of the last node counted: empty before the first step and once finished.
    /// Every engine stands at the same path after the same work.
    pub fn current_path(&self) -> FragmentPath {
        if self.engine.is_started() && !self.engine.is_finished() {
            self.engine.last_visited(&self.dict, &self.spelling)
        } else {
            FragmentPath::default()
        }
    }

    /// Share of the search space behind the last path visited, by position.
    fn fraction(&self) -> f64 {
        if self.engine.is_finished() {
            return 1.0;
        }
        let mut f = 0.0;
        let mut scale = 1.0 / TILE_COUNT as f64;
        for t in self.current_path().iter() {
            f += t as f64 * scale;
            scale /= TILE_COUNT as f64;
        }
        f
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
        // The 4-tile hits, and their masks for the cover (on the stack for a usual board).
        let mut full: Small<usize> = Small::new();
        let mut masks: Small<u32> = Small::new();
        for (i, h) in self.hits.iter().enumerate() {
            if h.len == 4 {
                full.push(i);
                masks.push(h.mask());
            }
        }
        let (full, masks) = (full.as_slice(), masks.as_slice());
        let covers = exact_covers(masks);
        if covers.is_empty() {
            return Vec::new();
        }
        let word = |k: usize| self.hit_word(full[k]);
        let known4: Vec<WordText> = if self.known.is_empty() {
            Vec::new()
        } else {
            (0..masks.len())
                .map(|k| word(k).text)
                .filter(|t| self.known.contains(t))
                .collect()
        };
        // The five words built one by one: `array::map` goes through a fallible copy of the
        // whole array and cost about three times as much a word.
        covers
            .into_iter()
            .map(|c| [word(c[0]), word(c[1]), word(c[2]), word(c[3]), word(c[4])])
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

impl Search for Solver {
    type Item = Word;
    type Progress = Progress;

    /// Searches until a new word is found (returned), the budget is spent, or the search
    /// ends. Each call does at least one node of work unless it hands out a word already
    /// found, so a loop of calls always terminates.
    fn step<L: Limit>(&mut self, budget: L) -> Step<Word> {
        // Words found by `finish` are handed out before searching further.
        if let Some(w) = self.next_reported() {
            return Step::Found(w);
        }
        let mut meter = Meter::new(budget, self.nodes);
        loop {
            match self.run::<L, true>(&mut meter) {
                Flow::Found => {
                    if let Some(w) = self.next_reported() {
                        return Step::Found(w);
                    }
                }
                Flow::Paused => return Step::Paused,
                Flow::Finished => return Step::Finished,
            }
        }
    }

    fn progress(&self) -> Progress {
        Progress {
            core: puzzle_search::Progress::new(self.nodes, self.found)
                .with_fraction(self.fraction()),
            words: self.hits.len(),
            finished: self.is_finished(),
        }
    }
}

/// Every word not known yet, in search order (as [`Search::items`]).
impl Iterator for Solver {
    type Item = Word;

    fn next(&mut self) -> Option<Word> {
        // Under an unlimited budget a step pauses never: it finds a word or ends.
        self.step(Unlimited).found()
    }
}
