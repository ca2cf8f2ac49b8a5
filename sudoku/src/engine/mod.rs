//! The engines behind [`Solutions`](crate::Solutions) and [`Solver`](crate::Solver).
//!
//! - [`Engine::Fast`]: bit-parallel candidates per digit and band, propagation by table
//!   lookups, guesses on a two-candidate cell with the state copied onto a stack; on puzzles
//!   of 17 to 29 givens (every hard one among them) triads and guesses on band
//!   configurations instead (`fast.rs` and its modules in `fast/`, tables in `tables.rs`). It is
//!   compiled twice, for the target's baseline and for x86-64-v3, and the copy for the
//!   processor is picked at run time (`fast/dispatch.rs`); both make the same search.
//! - [`Engine::Baseline`]: the seed's plain backtracker, kept as the oracle and the yardstick:
//!   blank cells in row-major order, digits tried from 1 to 9, a bitset of used digits per
//!   row, column and box; no propagation, no cell ordering (`baseline.rs`). It runs as a
//!   continuation with an explicit stack, in the order and with the counts of the seed's
//!   recursion.
//!
//! # Node-count contract
//!
//! A node is the unit a budget counts ([`Progress::nodes`](puzzle_search::Progress::nodes));
//! within an engine it is fixed, so a puzzle reports the same counts on every run, however
//! the search is stepped.
//!
//! - Fast: a node is one propagation of a candidate state: the givens' state, and each state
//!   a guess makes (the one that takes the first branch, and later the one that takes the
//!   other, when it is taken off the stack). A guess is one split of a state in two: a
//!   cell's guessed digit placed or excluded, or a digit's row-box pairings in a band (or
//!   column-box pairings in a stack) with or without one minirow (minicolumn)
//!   ([`Progress::guesses`](crate::Progress::guesses), [`Count::guesses`](crate::Count)).
//! - Baseline: a node is one digit placed in a blank cell. Every placement is a guess (there
//!   is no propagation), so its guesses equal its nodes: the "placements tried" the seed
//!   counted.
//!
//! The two engines do not count the same nodes. They find the same solutions; when a puzzle
//! has several, in different orders (the baseline's is lexicographic by cell), so a
//! differential test compares them item by item only on puzzles with at most one solution.
//! Givens that clash directly make a search that is over before its first node.
//!
//! Under a node budget of `n` a step does exactly `n` nodes, unless it finds a solution or
//! the search ends first; the budget is one compare per node against a threshold, and a time
//! budget reads the clock every [`CLOCK_EVERY`](puzzle_search::CLOCK_EVERY) nodes.

pub(crate) mod baseline;
pub(crate) mod fast;
mod tables;

/// Which engine a [`Solutions`](crate::Solutions) or a [`Solver`](crate::Solver) runs.
///
/// What a node is (the unit a node budget counts): for [`Engine::Fast`] one propagation of a
/// candidate state (the givens' state, and each state a guess makes); for
/// [`Engine::Baseline`] one digit placed in a blank cell, and every placement is also a
/// guess. The counts are fixed per engine and puzzle, whichever way the search is stepped;
/// the two engines do not count the same nodes. They find the same solutions, in the same
/// order only when there is at most one (the baseline's order is lexicographic by cell).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Engine {
    /// The bit-parallel engine with band propagation (the default).
    #[default]
    Fast,
    /// The seed's plain row-major backtracker: the oracle, and the yardstick for speed.
    Baseline,
}

/// What one run of an engine's loop ended with; `S` is its solved state, turned into a grid
/// only when asked (counting skips it).
pub(crate) enum Event<S> {
    /// A solution; the engine is already positioned after it.
    Solution(S),
    /// The budget ran out.
    Paused,
    /// Every solution has been found.
    Finished,
}

/// The counters every engine keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counters {
    /// Nodes, as the engine defines them (see the module doc).
    pub(crate) nodes: u64,
    /// Guesses.
    pub(crate) guesses: u64,
    /// Solutions found.
    pub(crate) found: u64,
}
