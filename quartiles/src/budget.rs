//! How much work one call to `step` may do.
//!
//! The budget reaches the inner loop as a generic [`Limit`], so an unlimited run has no check
//! at all and a time budget reads the clock only every few thousand nodes.

use std::time::{Duration, Instant};

/// A bound on one slice of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Stop once this many more nodes were counted (reproducible; for tests and replays).
    Nodes(u64),
    /// Stop once this much time passed (for user interfaces).
    Time(Duration),
    /// Run until a word is found or the search ends.
    Unlimited,
}

impl Budget {
    /// A node budget.
    pub const fn nodes(n: u64) -> Budget {
        Budget::Nodes(n)
    }

    /// A time budget.
    pub const fn time(d: Duration) -> Budget {
        Budget::Time(d)
    }
}

/// Nodes between two clock reads under a time budget.
const CLOCK_EVERY: u64 = 4096;

/// The inner loop's view of a budget.
pub(crate) trait Limit {
    /// True when the slice must end, given the solver's node counter.
    fn spent(&mut self, nodes: u64) -> bool;
}

/// No bound.
pub(crate) struct NoLimit;

impl Limit for NoLimit {
    #[inline(always)]
    fn spent(&mut self, _: u64) -> bool {
        false
    }
}

/// Stop at a node count.
pub(crate) struct NodeLimit(pub u64);

impl Limit for NodeLimit {
    #[inline(always)]
    fn spent(&mut self, nodes: u64) -> bool {
        nodes >= self.0
    }
}

/// Stop at a deadline, reading the clock every [`CLOCK_EVERY`] nodes.
pub(crate) struct TimeLimit {
    pub deadline: Instant,
    pub next_check: u64,
}

impl Limit for TimeLimit {
    #[inline(always)]
    fn spent(&mut self, nodes: u64) -> bool {
        if nodes < self.next_check {
            return false;
        }
        self.next_check = nodes + CLOCK_EVERY;
        Instant::now() >= self.deadline
    }
}
