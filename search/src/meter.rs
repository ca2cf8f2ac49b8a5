//! The engine's side of a budget: one compare per node.

use crate::budget::Limit;

/// What an engine's inner loop holds for one step: the step's [`Limit`], the search's own cap
/// on total nodes, and the next node count at which either must be asked.
///
/// The loop calls [`Meter::go_on`] before each unit of work with its node counter; that is one
/// compare until the threshold is reached. Engines that keep the threshold in a local read it
/// with [`Meter::next`] and call [`Meter::reached`] themselves.
///
/// ```
/// use puzzle_search::{Budget, Meter};
///
/// let mut nodes = 0u64;
/// let mut meter = Meter::new(Budget::nodes(1000), nodes);
/// while meter.go_on(nodes) {
///     nodes += 1; // one unit of work
/// }
/// assert_eq!(nodes, 1000);
/// ```
#[derive(Clone, Debug)]
pub struct Meter<L> {
    limit: L,
    next: u64,
    cap: u64,
}

impl<L: Limit> Meter<L> {
    /// Starts a step at `nodes` counted so far.
    #[inline]
    pub fn new(limit: L, nodes: u64) -> Meter<L> {
        Meter::with_cap(limit, nodes, u64::MAX)
    }

    /// Starts a step at `nodes`, for a search that stops for good at `cap` nodes in total. At
    /// least one unit of work is allowed unless `nodes >= cap`.
    #[inline]
    pub fn with_cap(mut limit: L, nodes: u64, cap: u64) -> Meter<L> {
        let first = limit.start(nodes).max(nodes.saturating_add(1));
        Meter {
            limit,
            next: first.min(cap),
            cap,
        }
    }

    /// True to do the next unit of work, given the node count so far; false to pause.
    #[inline(always)]
    pub fn go_on(&mut self, nodes: u64) -> bool {
        nodes < self.next || self.reached(nodes)
    }

    /// The node count at which [`Meter::reached`] must be called.
    #[inline(always)]
    pub fn next(&self) -> u64 {
        self.next
    }

    /// The node count reached [`Meter::next`]: true to go on (the threshold has moved past
    /// `nodes`), false to pause.
    #[cold]
    #[inline(never)]
    pub fn reached(&mut self, nodes: u64) -> bool {
        if nodes >= self.cap {
            return false;
        }
        match self.limit.check(nodes) {
            Some(next) if next > nodes => {
                self.next = next.min(self.cap);
                true
            }
            _ => false,
        }
    }

    /// True when the search's own cap on total nodes stopped this step.
    pub fn capped(&self, nodes: u64) -> bool {
        nodes >= self.cap
    }

    /// The limit back, with whatever state it keeps.
    pub fn into_limit(self) -> L {
        self.limit
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::{Nodes, Unlimited};

    fn run<L: Limit>(meter: &mut Meter<L>, mut nodes: u64, stop: u64) -> u64 {
        while nodes < stop && meter.go_on(nodes) {
            nodes += 1;
        }
        nodes
    }

    #[test]
    fn a_node_budget_does_exactly_that_many() {
        let mut m = Meter::new(Nodes(7), 100);
        assert_eq!(run(&mut m, 100, u64::MAX), 107);
    }

    #[test]
    fn a_zero_budget_still_does_one() {
        let mut m = Meter::new(Nodes(0), 5);
        assert_eq!(run(&mut m, 5, u64::MAX), 6);
    }

    #[test]
    fn the_cap_wins_and_allows_nothing_once_reached() {
        let mut m = Meter::with_cap(Unlimited, 0, 50);
        assert_eq!(run(&mut m, 0, u64::MAX), 50);
        assert!(m.capped(50));
        let mut m = Meter::with_cap(Nodes(10), 50, 50);
        assert_eq!(run(&mut m, 50, u64::MAX), 50);
    }

    #[test]
    fn unlimited_never_asks() {
        let m = Meter::new(Unlimited, 0);
        assert_eq!(m.next(), u64::MAX);
    }
}
