//! The engines, and what they count.
//!
//! # The engines
//! - [`Engine::Fast`]: for each start, the constructive attempt (`crate::construct`), then
//!   the exact search over edge decisions with propagation ([`Exact`]: its state in `state`,
//!   the rules in `propagate`, the choice of a decision in `branch`, the loop in `run`).
//!   [`Paths`](crate::Paths) runs the exact search alone, in its plain branching order.
//! - [`Engine::Baseline`]: the seed's plain backtracker (`baseline`), the oracle.
//!
//! # The exact search
//! The path from the start `S` to its end `E` is extended by a virtual vertex `V` joined to
//! every tile that may end the path (right colour, not the start; only `E` if the board marks
//! it). A Hamiltonian path of the board is then exactly a set of edges in which `S` and `V`
//! have one edge, every tile two, and no cycle. Each edge is unknown, in or out; the rules:
//!
//! - degree: a vertex with all the edges it needs drops its unknown edges; a vertex with only
//!   as many possible edges as it needs takes them all; fewer is a contradiction. A tile down
//!   to one possible board edge therefore takes its virtual edge (it is the end), and two such
//!   tiles contradict at `V` ("two dead ends"); once `V` has its edge the end is decided and
//!   every other tile needs two board edges.
//! - no early cycles: each fragment (run of in-edges) knows its two ends (`mate`); an edge
//!   joining the ends of one fragment is out, and the fragment from `S` may reach `V` only when
//!   it covers every tile.
//! - connectivity: the tiles must stay connected through edges that are not out.
//!
//! Branching takes the most constrained tile (fewest unknown edges, fragment ends first) and
//! tries its edge towards the most constrained neighbour, in then out; with `end_first` it first
//! decides where the path ends. Every change goes on a trail, so backtracking undoes exactly
//! what a decision caused, and the decision stack with the trail is the whole continuation.
//!
//! # The node-count contract
//! A node is one unit of work, counted the same on every run and however a search is stepped:
//! - the exact search: one branching decision (an edge tried in, the first branch). The
//!   second branch of a decision, propagation, probing and restarts are not nodes;
//! - the constructive attempt: one move (a cover step, a pass of square flips or reroutes, an
//!   exact repair, a backbite, the join that completes the path), plus the nodes of each
//!   exact repair's search (at most 100);
//! - the baseline: one tile put on the path, each start tile included.
//!
//! A [`Solver`](crate::Solver) counts every start's attempt and exact search; [`Paths`](crate::Paths) the
//! exact search of every start. The engines do not count the same nodes as each other, and
//! the branching options ([`Options`](crate::Options)) change the counts too; within one
//! engine and one set of options the counts are fixed (`tests/node_counts.rs` records them).
//! A step pauses after a node, once the budget has been spent (inside an exact repair too), so
//! a node budget of `n` is spent exactly.

mod baseline;
mod branch;
mod propagate;
mod run;
mod state;

pub(crate) use baseline::Baseline;
pub(crate) use state::Exact;

use crate::path::Solution;

/// Which engine a [`Solver`](crate::Solver) or [`Paths`](crate::Paths) runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Engine {
    /// The plain backtracker the project started from: extend the path, skip a tile the path
    /// already holds. The oracle of the tests and the yardstick of the benches.
    Baseline,
    /// The constructive attempt and the exact search with propagation.
    #[default]
    Fast,
}

/// How the engine chooses its branches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Config {
    /// Decide the end tile before anything else.
    pub end_first: bool,
    /// Branch at the head of the start's fragment (extend the path) rather than anywhere.
    pub head: bool,
    /// Probe both sides of each decision first (failed-literal detection).
    pub probe: bool,
}

/// What [`Exact::run`] stopped on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    Found(Solution),
    /// The step's budget ran out.
    Paused,
    /// `nodes` reached the caller's `stop_at` (a restart is due).
    Cutoff,
    Exhausted,
}

/// What [`Exact::split`] hands out, in the uncut run's order.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Cut {
    /// A subtree at the cut, as an engine that searches it alone.
    Subtree(Box<Exact>),
    /// A path found above the cut.
    Path(Solution),
}
