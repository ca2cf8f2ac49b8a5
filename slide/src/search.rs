//! What every engine shares: budgets, steps and progress (the continuation shape).

use std::time::{Duration, Instant};

use crate::solution::Solution;

/// How much work one call to `step` may do. A generic parameter, so an unlimited run costs
/// nothing per node; a time budget reads the clock only every 4096 nodes.
pub trait Budget {
    /// Called after each unit of work with the units done in this call; `true` stops the call.
    fn exhausted(&mut self, done: u64) -> bool;
}

/// Stop after this many nodes (reproducible: the same count gives the same pause point).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nodes(pub u64);

impl Budget for Nodes {
    #[inline]
    fn exhausted(&mut self, done: u64) -> bool {
        done >= self.0
    }
}

/// Stop once this much wall time has passed since the budget was made.
#[derive(Clone, Copy, Debug)]
pub struct Time {
    deadline: Instant,
}

impl Time {
    /// A budget ending `d` from now.
    pub fn new(d: Duration) -> Time {
        Time {
            deadline: Instant::now() + d,
        }
    }
}

impl Budget for Time {
    #[inline]
    fn exhausted(&mut self, done: u64) -> bool {
        done.is_multiple_of(4096) && Instant::now() >= self.deadline
    }
}

/// Never stop before the search ends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Unlimited;

impl Budget for Unlimited {
    #[inline]
    fn exhausted(&mut self, _: u64) -> bool {
        false
    }
}

/// What one call to `step` ended with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// An optimal solution (the search is then finished).
    Found(Solution),
    /// The budget ran out; call `step` again to resume.
    Paused,
    /// Nothing more to find.
    Finished,
}

/// Counters an engine keeps anyway; cheap to read at any time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Nodes expanded (children generated from them).
    pub expanded: u64,
    /// Nodes generated (children created, before the bound or duplicate check).
    pub generated: u64,
    /// The current f bound: the f of the last expanded node (A*) or the iteration's
    /// threshold (IDA*).
    pub bound: u32,
    /// Nodes waiting in the open list (A*) or on the path (IDA*).
    pub open: usize,
    /// Solutions found so far (0 or 1).
    pub solutions: usize,
}
