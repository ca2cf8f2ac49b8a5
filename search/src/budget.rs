//! Budgets: how much work one `step` may do.
//!
//! A budget reaches a search as a generic [`Limit`]. The search never asks it anything per
//! node: a [`Meter`](crate::Meter) compares the node counter with a threshold the limit chose,
//! and only when the counter reaches it is the limit consulted. So a node budget costs one
//! compare per node, an unlimited step the same compare against `u64::MAX`, and a time budget
//! reads the clock once every [`CLOCK_EVERY`] nodes.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::Instant;

/// Nodes between two clock reads under a time budget, for every solver of the family.
///
/// Chosen by measurement (the `search` bench in the family's bench harness): a clock read
/// costs about 20-25 ns here, and the cheapest node of the family (an Eternity placement) about
/// 7 ns, so reading the clock every 4,096 nodes costs under 0.1% even there. The dearest nodes
/// (a block-fill branching decision, a Sudoku guess) take about a microsecond, so a time budget
/// overshoots by at most a few milliseconds: well inside a 10 Hz redraw.
pub const CLOCK_EVERY: u64 = 4096;

/// Decides when a step pauses. [`Budget`], [`Nodes`], [`Time`] and [`Unlimited`] are the
/// common ones; implement it to stop on a condition of your own.
///
/// The protocol: a step calls [`Limit::start`] once with the node count so far; it gets back
/// the node count at which it calls [`Limit::check`], which returns the next such count or
/// `None` to pause there. Between the two the search does not touch the limit at all.
pub trait Limit {
    /// A step begins with `nodes` counted so far. Returns the node count at which
    /// [`Limit::check`] is to be called. The [`Meter`](crate::Meter) raises a value
    /// `<= nodes` to `nodes + 1`: every step does at least one unit of work.
    fn start(&mut self, nodes: u64) -> u64;

    /// The node count reached the last threshold, before that node is done. Returns the next
    /// threshold (greater than `nodes`) to go on, or `None` to pause here.
    fn check(&mut self, nodes: u64) -> Option<u64>;

    /// The wall-clock deadline of this step, if the limit has one (after [`Limit::start`]).
    /// A search whose work happens elsewhere (a child process, another machine) passes it
    /// on, instead of asking [`Limit::check`] every few thousand nodes across a pipe.
    fn deadline(&self) -> Option<Instant> {
        None
    }

    /// This limit, but pausing as well once `cancel` is cancelled (looked at every
    /// [`CLOCK_EVERY`] nodes at the latest). For Ctrl-C handlers and schedulers.
    fn or_cancel(self, cancel: &Cancel) -> WithCancel<Self>
    where
        Self: Sized,
    {
        WithCancel {
            inner: self,
            cancel: cancel.clone(),
            inner_next: 0,
        }
    }
}

impl<L: Limit + ?Sized> Limit for &mut L {
    #[inline]
    fn start(&mut self, nodes: u64) -> u64 {
        (**self).start(nodes)
    }
    #[inline]
    fn check(&mut self, nodes: u64) -> Option<u64> {
        (**self).check(nodes)
    }
    fn deadline(&self) -> Option<Instant> {
        (**self).deadline()
    }
}

/// Pause after this many nodes in one step (at least one). Reproducible: the same budget
/// pauses at the same node on every machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Nodes(pub u64);

impl Limit for Nodes {
    #[inline]
    fn start(&mut self, nodes: u64) -> u64 {
        nodes.saturating_add(self.0.max(1))
    }
    #[inline]
    fn check(&mut self, _nodes: u64) -> Option<u64> {
        None
    }
}

/// Pause once this much wall time has passed since the step began; the clock is read every
/// [`CLOCK_EVERY`] nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Time {
    duration: Duration,
    deadline: Option<Instant>,
}

impl Time {
    /// A budget of `duration` from the start of each step it is given to.
    pub const fn new(duration: Duration) -> Time {
        Time {
            duration,
            deadline: None,
        }
    }

    /// The duration per step.
    pub const fn duration(&self) -> Duration {
        self.duration
    }
}

impl Limit for Time {
    #[inline]
    fn start(&mut self, nodes: u64) -> u64 {
        // `checked_add` fails only for durations of centuries: that is no deadline at all.
        self.deadline = Instant::now().checked_add(self.duration);
        nodes.saturating_add(CLOCK_EVERY)
    }
    #[inline]
    fn check(&mut self, nodes: u64) -> Option<u64> {
        match self.deadline {
            Some(deadline) if Instant::now() >= deadline => None,
            _ => Some(nodes.saturating_add(CLOCK_EVERY)),
        }
    }
    fn deadline(&self) -> Option<Instant> {
        self.deadline
    }
}

/// No limit: the step runs until it finds something or the search ends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Unlimited;

impl Limit for Unlimited {
    #[inline]
    fn start(&mut self, _nodes: u64) -> u64 {
        u64::MAX
    }
    #[inline]
    fn check(&mut self, _nodes: u64) -> Option<u64> {
        Some(u64::MAX)
    }
}

/// The common budgets as one value, for code that picks one at run time. It costs what the
/// budget it holds costs: the variant is looked at only when a threshold is reached.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Budget {
    /// See [`Nodes`].
    Nodes(Nodes),
    /// See [`Time`].
    Time(Time),
    /// See [`Unlimited`].
    #[default]
    Unlimited,
}

impl Budget {
    /// Pause after `n` nodes in one step (at least one).
    pub const fn nodes(n: u64) -> Budget {
        Budget::Nodes(Nodes(n))
    }

    /// Pause once `d` of wall time has passed since the step began.
    pub const fn time(d: Duration) -> Budget {
        Budget::Time(Time::new(d))
    }

    /// No limit.
    pub const fn unlimited() -> Budget {
        Budget::Unlimited
    }
}

impl From<Nodes> for Budget {
    fn from(n: Nodes) -> Budget {
        Budget::Nodes(n)
    }
}

impl From<Time> for Budget {
    fn from(t: Time) -> Budget {
        Budget::Time(t)
    }
}

impl From<Unlimited> for Budget {
    fn from(_: Unlimited) -> Budget {
        Budget::Unlimited
    }
}

impl Limit for Budget {
    #[inline]
    fn start(&mut self, nodes: u64) -> u64 {
        match self {
            Budget::Nodes(b) => b.start(nodes),
            Budget::Time(b) => b.start(nodes),
            Budget::Unlimited => Unlimited.start(nodes),
        }
    }
    #[inline]
    fn check(&mut self, nodes: u64) -> Option<u64> {
        match self {
            Budget::Nodes(b) => b.check(nodes),
            Budget::Time(b) => b.check(nodes),
            Budget::Unlimited => Unlimited.check(nodes),
        }
    }
    fn deadline(&self) -> Option<Instant> {
        match self {
            Budget::Time(b) => b.deadline(),
            Budget::Nodes(_) | Budget::Unlimited => None,
        }
    }
}

/// A flag shared between a running search and whoever may want it to stop (a Ctrl-C handler,
/// another thread, a scheduler). Clones share the flag.
#[derive(Clone, Debug, Default)]
pub struct Cancel {
    flag: Arc<AtomicBool>,
}

impl Cancel {
    /// A flag that is not set.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Asks every step that watches this flag to pause.
    pub fn cancel(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    /// True once [`Cancel::cancel`] was called (and not [`Cancel::reset`] since).
    pub fn is_cancelled(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }

    /// Clears the flag, so the next step runs again.
    pub fn reset(&self) {
        self.flag.store(false, Ordering::Relaxed);
    }
}

/// A limit that also pauses once a [`Cancel`] flag is set (see [`Limit::or_cancel`]).
#[derive(Clone, Debug)]
pub struct WithCancel<L> {
    inner: L,
    cancel: Cancel,
    /// The inner limit's own threshold.
    inner_next: u64,
}

impl<L: Limit> Limit for WithCancel<L> {
    fn start(&mut self, nodes: u64) -> u64 {
        self.inner_next = self.inner.start(nodes);
        if self.cancel.is_cancelled() {
            // Check at once: the meter still does the one unit of work every step owes.
            return nodes;
        }
        self.inner_next.min(nodes.saturating_add(CLOCK_EVERY))
    }

    fn check(&mut self, nodes: u64) -> Option<u64> {
        if self.cancel.is_cancelled() {
            return None;
        }
        if nodes >= self.inner_next {
            self.inner_next = self.inner.check(nodes)?;
        }
        Some(self.inner_next.min(nodes.saturating_add(CLOCK_EVERY)))
    }

    fn deadline(&self) -> Option<Instant> {
        self.inner.deadline()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_start_at_least_one_ahead() {
        assert_eq!(Nodes(0).start(10), 11);
        assert_eq!(Nodes(5).start(10), 15);
        assert_eq!(Nodes(5).start(u64::MAX - 1), u64::MAX);
        assert_eq!(Nodes(5).check(15), None);
    }

    #[test]
    fn time_reads_the_clock_every_clock_every_nodes() {
        let mut t = Time::new(Duration::from_secs(3600));
        assert_eq!(t.start(7), 7 + CLOCK_EVERY);
        assert_eq!(t.check(7 + CLOCK_EVERY), Some(7 + 2 * CLOCK_EVERY));
        let mut t = Time::new(Duration::ZERO);
        assert_eq!(t.deadline(), None);
        t.start(0);
        assert!(t.deadline().is_some());
        assert_eq!(t.check(CLOCK_EVERY), None);
    }

    #[test]
    fn a_huge_duration_is_no_deadline() {
        let mut t = Time::new(Duration::MAX);
        t.start(0);
        assert_eq!(t.check(CLOCK_EVERY), Some(2 * CLOCK_EVERY));
    }

    #[test]
    fn budget_dispatches_to_its_variant() {
        assert_eq!(Budget::nodes(3).start(1), 4);
        assert_eq!(Budget::unlimited().start(1), u64::MAX);
        assert_eq!(Budget::default(), Budget::Unlimited);
        assert_eq!(Budget::from(Nodes(2)), Budget::nodes(2));
    }

    #[test]
    fn cancel_stops_at_the_next_check() {
        let c = Cancel::new();
        let mut l = Unlimited.or_cancel(&c);
        assert_eq!(l.start(0), CLOCK_EVERY);
        assert_eq!(l.check(CLOCK_EVERY), Some(2 * CLOCK_EVERY));
        c.cancel();
        assert!(c.is_cancelled());
        assert_eq!(l.check(2 * CLOCK_EVERY), None);
        c.reset();
        assert_eq!(l.check(2 * CLOCK_EVERY), Some(3 * CLOCK_EVERY));
    }

    #[test]
    fn cancel_keeps_the_inner_threshold() {
        let c = Cancel::new();
        let mut l = Nodes(10).or_cancel(&c);
        assert_eq!(l.start(0), 10);
        assert_eq!(l.check(10), None);
    }
}
