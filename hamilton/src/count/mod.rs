//! Counting paths without enumerating them: a dynamic programme over the frontier of a
//! row-by-row sweep (the transfer-matrix or "plug" method behind SIMPATH and other
//! frontier-based counters).
//!
//! The board is swept cell by cell in reading order (along its shorter side). Between two
//! cells, the state is what the finished part shows the unfinished part: for each of the
//! `width + 1` frontier edges, whether a path piece crosses it, and how the crossing pieces
//! pair up (a piece has two frontier ends, marked like brackets `(` and `)`, or one frontier
//! end and one path end, marked `|`), plus how many free path ends were used. States with the
//! same frontier merge and their counts add; a count never enumerates a path.
//!
//! Counts are kept in `u64`; if one could overflow, the sweep is redone in `u128`, then with
//! [`BigCount`].

mod big;
mod frontier;
mod sample;

pub use big::BigCount;
pub use sample::{EdgeCounts, Sampler};

use hashbrown::HashMap;
use puzzle_search::Cancel;

use crate::error::CountError;
use crate::graph::Graph;
use crate::grid::Grid;
use crate::proof;
use frontier::{Frontier, Move};

/// The widest frontier supported: boards at most this many tiles wide on their narrower
/// side.
pub const MAX_WIDTH: usize = 30;

/// The default of [`CountLimits::max_states`]: 2^24 frontier states in one layer of the
/// sweep, about 1.1 GB at the peak (some 70 bytes a state; more with counts past
/// `u64`). A full 13x13 board peaks at 0.17 GB (22 s); a full 20x20 board needs far more.
pub const DEFAULT_MAX_STATES: usize = 1 << 24;

/// What a count may spend: the sweep's memory, and a flag that stops it early.
#[derive(Clone, Debug)]
pub struct CountLimits {
    /// The most frontier states one layer of the sweep may hold; a board that needs more is
    /// refused with [`CountError::TooManyStates`] instead of exhausting the machine's memory.
    pub max_states: usize,
    /// Once set, the sweep stops within a few thousand states with [`CountError::Cancelled`].
    pub cancel: Option<Cancel>,
}

impl Default for CountLimits {
    fn default() -> CountLimits {
        CountLimits {
            max_states: DEFAULT_MAX_STATES,
            cancel: None,
        }
    }
}

/// How many states the sweep handles between two looks at the cancel flag.
const CANCEL_EVERY: u32 = 4096;

/// The number of paths through every tile once:
/// - with a start tile: the paths from the start (to any end, or to the `E` tile if marked),
///   the number [`crate::Paths`] enumerates;
/// - without a start: the undirected paths (each counted once, whatever its ends), e.g.
///   OEIS A120443 for full n x n boards (with an `E` tile: the paths with an end there).
///
/// ```
/// use hamilton_solver::{Grid, count::count};
/// let full4 = Grid::parse_any_start("xxxx\nxxxx\nxxxx\nxxxx").unwrap();
/// assert_eq!(count(&full4).unwrap(), 276u128);
/// let corner = Grid::parse("Xxxx\nxxxx\nxxxx\nxxxx").unwrap();
/// assert_eq!(count(&corner).unwrap(), 52u128);
/// ```
///
/// # Errors
/// [`CountError::TooWide`] when both sides are longer than [`MAX_WIDTH`];
/// [`CountError::TooManyStates`] past the default [`CountLimits`].
pub fn count(grid: &Grid) -> Result<BigCount, CountError> {
    count_with(grid, &CountLimits::default())
}

/// [`count`] within `limits`: refused with [`CountError::TooManyStates`] when a layer of
/// the sweep would hold more than `limits.max_states` states (or the memory for them cannot
/// be had), stopped with [`CountError::Cancelled`] once `limits.cancel` is set.
///
/// ```
/// use hamilton_solver::{Grid, count::{CountLimits, count_with}};
/// use hamilton_solver::CountError;
/// let full8 = Grid::parse_any_start(&"xxxxxxxx\n".repeat(8)).unwrap();
/// let tight = CountLimits { max_states: 100, ..CountLimits::default() };
/// assert!(matches!(count_with(&full8, &tight), Err(CountError::TooManyStates { .. })));
/// ```
///
/// # Errors
/// [`CountError::TooWide`] when both sides are longer than [`MAX_WIDTH`];
/// [`CountError::TooManyStates`] past `limits.max_states` (or without the memory);
/// [`CountError::Cancelled`] once `limits.cancel` is set.
pub fn count_with(grid: &Grid, limits: &CountLimits) -> Result<BigCount, CountError> {
    let g = if grid.width() > grid.height() {
        grid.transposed()
    } else {
        grid.clone()
    };
    if g.width() > MAX_WIDTH {
        return Err(CountError::TooWide { width: g.width() });
    }
    if g.tile_count() == 1 {
        return Ok(BigCount::from(1u64));
    }
    // the O(N) proofs of impossibility (parity, dead ends, cut tiles) save a sweep
    let graph = Graph::new(&g);
    let impossible = if g.start().is_some() {
        proof::precheck(&graph).is_err()
    } else {
        proof::parity(&graph).is_err()
    };
    // and the exact search's first propagation, when it already fails
    let refuted = || {
        let options = crate::Options {
            construct: false,
            ..crate::Options::default()
        };
        let mut solver = crate::Solver::with_options(&g, options);
        use crate::Search as _;
        solver.step(crate::Budget::nodes(1)) == crate::Step::Finished && solver.proof().is_some()
    };
    if impossible || (g.start().is_some() && refuted()) {
        return Ok(BigCount::zero());
    }
    // the narrowest counter that holds every partial count, tried in turn
    Ok(match sweep::<u64>(&g, limits)? {
        Some(c) => BigCount::from(u128::from(c)),
        None => match sweep::<u128>(&g, limits)? {
            Some(c) => BigCount::from(c),
            None => sweep::<BigCount>(&g, limits)?.unwrap_or_default(),
        },
    })
}

/// The count of paths from every start, summed: twice [`count`] of the start-less board
/// (each path is counted from both its ends), for boards of two or more tiles.
///
/// # Errors
/// As [`count`].
pub fn count_all_starts(grid: &Grid) -> Result<BigCount, CountError> {
    count_all_starts_with(grid, &CountLimits::default())
}

/// [`count_all_starts`] within `limits` (see [`count_with`]).
///
/// # Errors
/// As [`count_with`].
pub fn count_all_starts_with(grid: &Grid, limits: &CountLimits) -> Result<BigCount, CountError> {
    let free = grid.with_start(None).unwrap_or_else(|| grid.clone());
    let undirected = count_with(&free, limits)?;
    if free.tile_count() == 1 || free.end().is_some() {
        return Ok(undirected);
    }
    let mut twice = undirected.clone();
    twice += &undirected;
    Ok(twice)
}

/// A number the sweep can add; `add` says whether the sum was exact.
trait Tally: Clone {
    fn zero() -> Self;
    fn one() -> Self;
    fn add(&mut self, other: &Self) -> bool;
}

/// Machine integers add with an overflow check.
macro_rules! machine_tally {
    ($($t:ty),*) => {$(
        impl Tally for $t {
            fn zero() -> Self {
                0
            }
            fn one() -> Self {
                1
            }
            #[inline]
            fn add(&mut self, other: &Self) -> bool {
                match self.checked_add(*other) {
                    Some(v) => {
                        *self = v;
                        true
                    }
                    None => false,
                }
            }
        }
    )*};
}

machine_tally!(u64, u128);

impl Tally for BigCount {
    fn zero() -> Self {
        BigCount::zero()
    }
    fn one() -> Self {
        BigCount::from(1u64)
    }
    fn add(&mut self, other: &Self) -> bool {
        *self += other;
        true
    }
}

/// What went wrong while a layer was filled: a count overflowed `C` (the sweep is redone
/// with a wider counter), or the layer ran out of room (the count is refused).
#[derive(Default)]
struct Trouble {
    overflow: bool,
    full: bool,
}

/// The sweep; `Ok(None)` if a count overflowed `C`.
fn sweep<C: Tally>(g: &Grid, limits: &CountLimits) -> Result<Option<C>, CountError> {
    let max_states = limits.max_states;
    let too_many = || CountError::TooManyStates { max_states };
    let mut until_cancel_check = CANCEL_EVERY;
    let frontier = Frontier::new(g);
    let w = frontier.width;
    let mut total: Option<C> = None;
    let mut trouble = Trouble::default();
    let mut states: HashMap<u64, C> = HashMap::new();
    states.insert(0, C::one());
    let mut next: HashMap<u64, C> = HashMap::new();
    // A new state takes room only while the layer is under the cap and its table can grow:
    // memory is reserved fallibly, so a board too big for the machine is an error, not an
    // abort.
    let put =
        |map: &mut HashMap<u64, C>, st: u64, c: &C, trouble: &mut Trouble| match map.get_mut(&st) {
            Some(v) => {
                if !v.add(c) {
                    trouble.overflow = true;
                }
            }
            None => {
                let len = map.len();
                if len >= max_states
                    || (len == map.capacity()
                        && map.try_reserve(len.clamp(16, max_states - len)).is_err())
                {
                    trouble.full = true;
                } else {
                    map.insert(st, c.clone());
                }
            }
        };
    for &cell in &frontier.cells {
        if next.try_reserve(states.len()).is_err() {
            return Err(too_many());
        }
        for (st, cnt) in states.drain() {
            until_cancel_check -= 1;
            if until_cancel_check == 0 {
                until_cancel_check = CANCEL_EVERY;
                if limits.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
                    return Err(CountError::Cancelled);
                }
            }
            frontier.moves(cell, st, |m| match m {
                Move::To(n) => put(&mut next, n, &cnt, &mut trouble),
                Move::Finish => match &mut total {
                    Some(t) => {
                        if !t.add(&cnt) {
                            trouble.overflow = true;
                        }
                    }
                    None => total = Some(cnt.clone()),
                },
            });
            if trouble.full {
                return Err(too_many());
            }
            if trouble.overflow {
                return Ok(None);
            }
        }
        std::mem::swap(&mut states, &mut next);
        if cell.col + 1 == w {
            // next row: the down plugs move under the next row's up slots
            let mut shifted: Vec<(u64, C)> = Vec::new();
            if shifted.try_reserve_exact(states.len()).is_err() {
                return Err(too_many());
            }
            shifted.extend(states.drain());
            for (st, cnt) in shifted {
                if let Some(moved) = frontier.next_row(st) {
                    put(&mut states, moved, &cnt, &mut trouble);
                }
            }
        }
    }
    if trouble.full {
        return Err(too_many());
    }
    if trouble.overflow {
        return Ok(None);
    }
    Ok(Some(total.unwrap_or_else(C::zero)))
}
