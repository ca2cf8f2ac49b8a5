//! The walk of the search tree as a continuation: a state, a stack of saved states and the
//! counters, paused and resumed between nodes.

use puzzle_search::{Limit, Meter, Unlimited};

use super::triads::Scratch;
use super::{State, dispatch};
use crate::engine::{Counters, Event};
use crate::grid::Grid;

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
    pub(super) fn reset_here(&mut self, puzzle: &Grid) {
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
    pub(super) fn count_here(
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
    pub(super) fn run_here<L: Limit>(&mut self, limit: L) -> Event<State> {
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
