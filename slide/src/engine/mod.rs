//! The engines: the seed's A* ([`Baseline`]), [`AStar`] over either open list, and
//! [`IdaStar`]. Each is a continuation implementing [`Search`](puzzle_search::Search); the
//! [`Solver`](crate::Solver) runs any of them, chosen by an [`Engine`] at run time.
//!
//! # Node-count contract
//!
//! One *node* is one generated child: a state made by sliding one tile into the blank, counted
//! before the duplicate check (A*, baseline) or the threshold check (IDA*). The move that
//! would undo the move a state was reached by is never generated. Budgets count these nodes
//! (`Budget::nodes(n)` pauses after exactly `n` of them), and the common progress counter
//! (`Progress::core.nodes`) is this count, which every engine also reports as `generated`.
//! `expanded` counts the states whose children were generated (A*, baseline: states popped
//! and not superseded; IDA*: children within the threshold, which are then descended into).
//!
//! [`Engine::AStar`] and [`Engine::AStarHeap`] pop in the same order (smallest `f`, then
//! largest `g`, then last pushed), so they generate and expand exactly the same nodes and
//! return the same solution. [`Engine::IdaStar`] and [`Engine::Baseline`] count their own:
//! IDA* repeats the shallow levels in every iteration, and the baseline uses the seed's
//! heuristic and closed set. Counts do not depend on how a search is stepped.

use std::str::FromStr;

use crate::error::NameError;
use crate::search::Progress;

mod astar;
mod baseline;
pub(crate) mod dfs;
mod idastar;

pub use astar::AStar;
pub use baseline::Baseline;
pub use idastar::{IdaStar, Iteration};

/// The engines a [`Solver`](crate::Solver) runs: [`Baseline`], [`AStar`] over either open
/// list, [`IdaStar`].
///
/// # Node-count contract
///
/// One *node* is one generated child: a state made by sliding one tile into the blank, counted
/// before the duplicate check (A*, baseline) or the threshold check (IDA*). The move that
/// would undo the move a state was reached by is never generated. Budgets count these nodes
/// (`Budget::nodes(n)` pauses after exactly `n` of them), and the common progress counter
/// (`Progress::core.nodes`) is this count, which every engine also reports as `generated`.
/// `expanded` counts the states whose children were generated (A*, baseline: states popped
/// and not superseded; IDA*: children within the threshold, which are then descended into).
///
/// [`Engine::AStar`] and [`Engine::AStarHeap`] pop in the same order (smallest `f`, then
/// largest `g`, then last pushed), so they generate and expand exactly the same nodes and
/// return the same solution. [`Engine::IdaStar`] and [`Engine::Baseline`] count their own:
/// IDA* repeats the shallow levels in every iteration, and the baseline uses the seed's
/// heuristic and closed set. Counts do not depend on how a search is stepped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Engine {
    /// The seed's A* (closes on generation, pairwise linear conflict; may be non-optimal).
    Baseline,
    /// A* with the bucket queue.
    AStar,
    /// A* with the binary heap (the same nodes and solution as [`Engine::AStar`]).
    AStarHeap,
    /// IDA* with incremental heuristic updates.
    IdaStar,
}

impl Engine {
    /// Name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Baseline => "baseline",
            Engine::AStar => "astar",
            Engine::AStarHeap => "astar-heap",
            Engine::IdaStar => "idastar",
        }
    }

    /// A good default for a board: A* up to 3x3 (it never repeats work), IDA* beyond (its
    /// memory is the path only).
    pub fn default_for(width: usize, height: usize) -> Engine {
        if width * height <= 9 {
            Engine::AStar
        } else {
            Engine::IdaStar
        }
    }
}

impl FromStr for Engine {
    type Err = NameError;
    fn from_str(s: &str) -> Result<Self, NameError> {
        Ok(match s {
            "baseline" => Engine::Baseline,
            "astar" | "astar-bucket" => Engine::AStar,
            "astar-heap" => Engine::AStarHeap,
            "idastar" | "ida" => Engine::IdaStar,
            _ => {
                return Err(NameError::Engine {
                    name: puzzle_search::excerpt(s),
                });
            }
        })
    }
}

/// The default of the most nodes an A* engine ([`AStar`], [`Baseline`]) stores: 2^24,
/// about 1.1 GB at the peak (some 64 bytes a node). A 3x3 board needs at most 181,440; an
/// easy 4x4 board fits; a hard one needs IDA*, whose memory is its path.
pub const DEFAULT_MAX_STORED: usize = 1 << 24;

/// The memory of an A* engine: the most nodes it may store, and whether it ran out. Its
/// arena and its table grow fallibly, so a machine without the memory stops the search the
/// same way the limit does, instead of aborting the process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Room {
    pub(crate) max: usize,
    pub(crate) full: bool,
}

impl Room {
    pub(crate) fn new(max: usize) -> Room {
        Room { max, full: false }
    }

    /// True when one more node fits beside the `stored` ones: under the limit, and the
    /// arena's and table's room for it was had (`grow` reserves it where they are full).
    /// Once false, it stays false.
    #[inline]
    pub(crate) fn fits(&mut self, stored: usize, grow: impl FnOnce() -> bool) -> bool {
        if !self.full && (stored >= self.max || !grow()) {
            self.full = true;
        }
        !self.full
    }
}

/// Room for one more item in `v`: what it has, or fallibly doubled.
#[inline]
pub(crate) fn vec_room<T>(v: &mut Vec<T>) -> bool {
    v.len() < v.capacity() || v.try_reserve(v.len().max(1024)).is_ok()
}

/// Room for one more entry in a hash table of `len` entries and `capacity`, reserved by
/// `reserve` (its `try_reserve`) when full.
#[inline]
pub(crate) fn table_room<E>(
    len: usize,
    capacity: usize,
    reserve: impl FnOnce(usize) -> Result<(), E>,
) -> bool {
    len < capacity || reserve(len.max(1024)).is_ok()
}

/// The counters every engine keeps, turned into a [`Progress`] on demand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counters {
    pub(crate) expanded: u64,
    pub(crate) generated: u64,
    pub(crate) bound: u32,
    pub(crate) open: usize,
    pub(crate) found: u64,
    /// The search is over (its solution returned, or none exists).
    pub(crate) done: bool,
}

impl Counters {
    pub(crate) fn progress(&self) -> Progress {
        let core = puzzle_search::Progress::new(self.generated, self.found);
        Progress {
            core: if self.done {
                core.with_fraction(1.0)
            } else {
                core
            },
            expanded: self.expanded,
            generated: self.generated,
            bound: self.bound,
            open: self.open,
        }
    }
}
