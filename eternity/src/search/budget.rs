//! Budgets: how much work one [`Solver::step`](crate::search::Solver::step) may do.
//!
//! A budget is a generic parameter of `step`, and engines never ask it anything per node: they
//! compare their node counter with a threshold the budget chose, and only when the counter
//! reaches it is the budget consulted (a time budget reads the clock there, every few thousand
//! nodes). That is why budgets and progress reporting cost nothing a benchmark can see.

use std::time::{Duration, Instant};

/// Decides when a step pauses. Implement it to stop on your own condition (a flag set by a
/// signal handler, a UI deadline, ...).
pub trait StepBudget {
    /// Called as a step starts, with the node count so far. Returns the node count at which
    /// [`StepBudget::check`] is to be called (a value `<= nodes` means "check at once").
    fn start(&mut self, nodes: u64) -> u64;

    /// Called when the node count reaches the last threshold, before that node is placed.
    /// Returns the next threshold (greater than `nodes`) to go on, or `None` to pause here.
    fn check(&mut self, nodes: u64) -> Option<u64>;
}

/// Pause after this many nodes (at least one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeBudget(pub u64);

impl StepBudget for NodeBudget {
    fn start(&mut self, nodes: u64) -> u64 {
        nodes.saturating_add(self.0.max(1))
    }
    fn check(&mut self, _nodes: u64) -> Option<u64> {
        None
    }
}

/// Pause once this much wall time has passed; the clock is read every
/// [`TimeBudget::CHECK_EVERY`] nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    deadline: Option<Instant>,
    duration: Duration,
}

impl TimeBudget {
    /// Nodes between clock reads.
    pub const CHECK_EVERY: u64 = 1 << 14;

    /// A budget of `duration` from the start of the step.
    pub fn new(duration: Duration) -> TimeBudget {
        TimeBudget {
            deadline: None,
            duration,
        }
    }
}

impl StepBudget for TimeBudget {
    fn start(&mut self, nodes: u64) -> u64 {
        self.deadline = Some(Instant::now() + self.duration);
        nodes.saturating_add(Self::CHECK_EVERY)
    }
    fn check(&mut self, nodes: u64) -> Option<u64> {
        match self.deadline {
            Some(d) if Instant::now() >= d => None,
            _ => Some(nodes.saturating_add(Self::CHECK_EVERY)),
        }
    }
}

/// No limit: run to the next solution or to the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Unlimited;

impl StepBudget for Unlimited {
    fn start(&mut self, _nodes: u64) -> u64 {
        u64::MAX
    }
    fn check(&mut self, _nodes: u64) -> Option<u64> {
        Some(u64::MAX)
    }
}

/// The common budgets as one type, for code that picks one at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// See [`NodeBudget`].
    Nodes(NodeBudget),
    /// See [`TimeBudget`].
    Time(TimeBudget),
    /// See [`Unlimited`].
    Unlimited,
}

impl Budget {
    /// Pause after `n` nodes (at least one).
    pub fn nodes(n: u64) -> Budget {
        Budget::Nodes(NodeBudget(n))
    }

    /// Pause after `d` of wall time (checked every few thousand nodes).
    pub fn time(d: Duration) -> Budget {
        Budget::Time(TimeBudget::new(d))
    }
}

impl StepBudget for Budget {
    fn start(&mut self, nodes: u64) -> u64 {
        match self {
            Budget::Nodes(b) => b.start(nodes),
            Budget::Time(b) => b.start(nodes),
            Budget::Unlimited => Unlimited.start(nodes),
        }
    }
    fn check(&mut self, nodes: u64) -> Option<u64> {
        match self {
            Budget::Nodes(b) => b.check(nodes),
            Budget::Time(b) => b.check(nodes),
            Budget::Unlimited => Unlimited.check(nodes),
        }
    }
}

impl<B: StepBudget + ?Sized> StepBudget for &mut B {
    fn start(&mut self, nodes: u64) -> u64 {
        (**self).start(nodes)
    }
    fn check(&mut self, nodes: u64) -> Option<u64> {
        (**self).check(nodes)
    }
}

/// What engines see: the step's budget combined with the run's overall node limit.
pub(crate) struct Meter<B> {
    budget: B,
    max_nodes: u64,
    /// Engines call [`Meter::reached`] when their node count is `>= limit`.
    pub(crate) limit: u64,
}

impl<B: StepBudget> Meter<B> {
    pub(crate) fn new(mut budget: B, nodes: u64, max_nodes: u64) -> Meter<B> {
        let limit = budget.start(nodes).min(max_nodes);
        Meter {
            budget,
            max_nodes,
            limit,
        }
    }

    /// The node count reached the limit, before placing the next node: true to go on (the
    /// limit has moved), false to pause.
    #[cold]
    #[inline(never)]
    pub(crate) fn reached(&mut self, nodes: u64) -> bool {
        if nodes >= self.max_nodes {
            return false;
        }
        match self.budget.check(nodes) {
            Some(next) if next > nodes => {
                self.limit = next.min(self.max_nodes);
                self.limit > nodes
            }
            _ => false,
        }
    }
}
