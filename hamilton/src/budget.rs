//! Budgets for one `step` of a search, and what a step reports.
//!
//! A budget is a generic parameter so that a node budget costs one comparison per node and a
//! time budget reads the clock only every [`CLOCK_EVERY`] nodes.

use std::time::{Duration, Instant};

/// A time budget reads the clock once per this many nodes.
pub const CLOCK_EVERY: u64 = 4096;

/// Decides when a step has spent its budget. Implemented by [`Nodes`], [`Time`] and
/// [`Unlimited`]; build them with [`Budget`].
pub trait Limit {
    /// Called once per node with the nodes spent in this step so far (from 1); `true` stops
    /// the step.
    fn spent(&mut self, nodes: u64) -> bool;
}

/// Constructors of the budgets.
#[derive(Clone, Copy, Debug)]
pub struct Budget;

impl Budget {
    /// At most `n` nodes per step (at least one).
    pub fn nodes(n: u64) -> Nodes {
        Nodes(n.max(1))
    }

    /// About `d` of wall time per step (the clock is read every [`CLOCK_EVERY`] nodes).
    pub fn time(d: Duration) -> Time {
        Time {
            deadline: Instant::now() + d,
        }
    }

    /// No limit: the step runs until it finds something or finishes.
    pub fn unlimited() -> Unlimited {
        Unlimited
    }
}

/// A node budget (see [`Budget::nodes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nodes(pub u64);

impl Limit for Nodes {
    #[inline]
    fn spent(&mut self, nodes: u64) -> bool {
        nodes >= self.0
    }
}

/// A time budget (see [`Budget::time`]).
#[derive(Clone, Copy, Debug)]
pub struct Time {
    deadline: Instant,
}

impl Limit for Time {
    #[inline]
    fn spent(&mut self, nodes: u64) -> bool {
        nodes.is_multiple_of(CLOCK_EVERY) && Instant::now() >= self.deadline
    }
}

/// No budget (see [`Budget::unlimited`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unlimited;

impl Limit for Unlimited {
    #[inline]
    fn spent(&mut self, _nodes: u64) -> bool {
        false
    }
}

/// Counters of a search, cheap to read at any time.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Progress {
    /// Work so far: branching decisions of the exact search, plus the moves of the
    /// constructive attempt when [`Options::construct`](crate::Options::construct) is on
    /// (cover steps, flips, reroutes, backbites, and the nodes of its exact re-solves).
    pub nodes: u64,
    /// Paths found so far.
    pub found: u64,
    /// Restarts so far (find-one searches only).
    pub restarts: u64,
    /// Starts finished so far, for boards without a start tile (every start is tried).
    pub starts_done: usize,
    /// An estimate of the fraction of the current search tree explored, 0 to 1 (exact 1 when
    /// finished).
    pub fraction: f64,
}
