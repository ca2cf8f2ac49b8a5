//! Choosing a fill order per puzzle ([`FillOrder::auto`]).
//!
//! No one order suits every puzzle: row-major is the oracle order and suits the bench boards,
//! but on the official clue puzzles it runs for minutes where a spiral or a column order
//! finishes in milliseconds. Which order is fast depends less on the shape of the tree than on
//! where its solutions sit in it, which no static measure sees. So the choice is made by a
//! short deterministic **race**: every built-in order searches in turn with the same node
//! budget, doubled each round (1,024 nodes, then 2,048, ... up to 2^20 each); the first round
//! in which an order finishes (finds a first solution, or its whole tree when enumerating)
//! names the order with the fewest nodes. A race costs at most a few times what the winner
//! needs. When no order finishes within the cap, the puzzle is too big for the race to say, and
//! the order with the smallest **estimated tree** wins instead (Knuth's random probes,
//! [`FillOrder::estimate`]).
//!
//! The choice is a pure function of the puzzle and the mode: the same puzzle always gets the
//! same order, so a saved search resumed with `auto` finds its order again (its checkpoint's
//! fingerprint checks it). Node counts of a forced order are untouched: the race runs beside
//! the search, never inside it.

use puzzle_search::{Budget, Search, Step};

use crate::engine::Mode;
use crate::instance::Instance;
use crate::order::{FillOrder, OrderKind, TreeEstimate};
use crate::search::{SearchOptions, Solver};

/// The nodes each order may search in the race's first round.
pub const RACE_START_NODES: u64 = 1 << 10;
/// The most nodes each order may search in the race (its last round).
pub const RACE_MAX_NODES: u64 = 1 << 20;
/// The random probes of each order's tree estimate.
pub const ESTIMATE_PROBES: u32 = 1000;
/// The seed of the tree estimates (fixed: the choice is a function of the puzzle).
pub const ESTIMATE_SEED: u64 = 0x0E7E_2A17;
/// How many times smaller than row-major's an order's estimated tree must be to replace it.
/// Knuth's estimate is unbiased but heavy-tailed: most probes die early, so a thousand of
/// them usually underestimate a big tree, by orders of magnitude on some orders
/// (bench-easy-h40: spiral estimated at 2.3e8 nodes, more than 1e10 in fact, where
/// row-major's 3.9e8 is near its true 487,397,329). A small difference is noise.
pub const ESTIMATE_MARGIN: f64 = 100.0;

/// Why [`FillOrder::auto`] chose its order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AutoReason {
    /// The order finished first in the race (fewest nodes in the first round any finished):
    /// it found a first solution, or (enumerating, or on a puzzle with no solution) searched
    /// its whole tree, in `nodes` nodes.
    Race {
        /// The winner's nodes up to its first solution or the end of its tree.
        nodes: u64,
    },
    /// No order finished within the race's cap; the order has the smallest estimated tree by
    /// [`ESTIMATE_MARGIN`], or it is row-major and none had.
    Estimate,
}

/// The order [`FillOrder::auto`] chose, and what it measured to choose it.
#[derive(Clone, Debug, PartialEq)]
pub struct AutoOrder {
    /// The chosen built-in order.
    pub kind: OrderKind,
    /// The chosen order's cells for this puzzle.
    pub order: FillOrder,
    /// What decided.
    pub reason: AutoReason,
    /// The nodes the race searched, over all orders (the cost of choosing).
    pub race_nodes: u64,
    /// Every built-in order's tree estimate, in [`OrderKind::ALL`] order.
    pub estimates: Vec<(OrderKind, TreeEstimate)>,
}

impl AutoOrder {
    /// The chosen order's tree estimate.
    pub fn estimate(&self) -> TreeEstimate {
        self.estimates
            .iter()
            .find(|(k, _)| *k == self.kind)
            .map(|(_, e)| *e)
            .expect("every built-in order is estimated")
    }
}

/// Runs the race and the estimates for `inst`: `mode` says what finishing means (a first
/// solution, or the whole tree).
pub(crate) fn choose(inst: &Instance, mode: Mode) -> AutoOrder {
    let orders: Vec<(OrderKind, FillOrder)> = OrderKind::ALL
        .iter()
        .map(|&k| (k, FillOrder::new(inst, k)))
        .collect();
    let estimates: Vec<(OrderKind, TreeEstimate)> = orders
        .iter()
        .map(|(k, o)| (*k, o.estimate(inst, ESTIMATE_PROBES, ESTIMATE_SEED)))
        .collect();
    let options = SearchOptions::default().mode(mode);
    let mut runners: Vec<Solver> = orders
        .iter()
        .map(|(_, o)| Solver::new(inst, o, options))
        .collect();
    let mut race_nodes = 0;
    let mut cap = RACE_START_NODES;
    let mut winner: Option<(usize, u64)> = None;
    while winner.is_none() && cap <= RACE_MAX_NODES {
        for (i, solver) in runners.iter_mut().enumerate() {
            let before = solver.nodes();
            let finished = run_to(solver, mode, cap);
            let nodes = solver.nodes();
            race_nodes += nodes - before;
            if finished && winner.is_none_or(|(_, best)| nodes < best) {
                winner = Some((i, nodes));
            }
        }
        cap *= 2;
    }
    let (index, reason) = match winner {
        Some((i, nodes)) => (i, AutoReason::Race { nodes }),
        None => {
            // The smallest estimate; the earlier order on a tie. It replaces row-major (the
            // first, the oracle order) only when it is smaller by ESTIMATE_MARGIN.
            let mut best = 0;
            for (i, (_, e)) in estimates.iter().enumerate() {
                if e.nodes < estimates[best].1.nodes {
                    best = i;
                }
            }
            if estimates[best].1.nodes * ESTIMATE_MARGIN > estimates[0].1.nodes {
                best = 0;
            }
            (best, AutoReason::Estimate)
        }
    };
    let (kind, order) = orders.into_iter().nth(index).expect("index of an order");
    AutoOrder {
        kind,
        order,
        reason,
        race_nodes,
        estimates,
    }
}

/// Searches until `solver` has counted `cap` nodes in all; true when it finished first (its
/// first solution in [`Mode::First`], the end of its tree in either mode).
fn run_to(solver: &mut Solver, mode: Mode, cap: u64) -> bool {
    loop {
        let nodes = solver.nodes();
        if nodes >= cap {
            return false;
        }
        match solver.step(Budget::nodes(cap - nodes)) {
            Step::Found(_) if mode == Mode::First => return true,
            Step::Found(_) | Step::Paused => {}
            Step::Finished => return true,
        }
    }
}
