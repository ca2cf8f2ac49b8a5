//! Helpers for the tests every solver owes: the same run however it is stepped, and engines
//! that agree. Each crate's differential tests call these with its baseline and fast engines
//! behind the same continuation.

use crate::budget::{Nodes, Unlimited};
use crate::progress::Progress;
use crate::search::Search;
use crate::step::Step;

/// What a search found and counted, run to the end.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome<T> {
    /// The items, in order.
    pub items: Vec<T>,
    /// The counters at the end (the fraction dropped).
    pub progress: Progress,
    /// The calls to `step` it took.
    pub steps: u64,
}

/// Runs `search` to the end under an unlimited budget.
pub fn run_whole<S: Search>(search: S) -> Outcome<S::Item> {
    run_with(search, |_| None)
}

/// Runs `search` to the end in node budgets taken from `budgets` in turn (cycling).
///
/// # Panics
/// If `budgets` is empty, or a paused step did not spend its budget exactly (the family's
/// contract for node budgets), unless a cap of the search's own stopped it there.
pub fn run_in_steps<S: Search>(search: S, budgets: &[u64]) -> Outcome<S::Item> {
    assert!(
        !budgets.is_empty(),
        "run_in_steps needs at least one budget"
    );
    run_with(search, |i| Some(budgets[i % budgets.len()]))
}

fn run_with<S: Search>(mut search: S, budget: impl Fn(usize) -> Option<u64>) -> Outcome<S::Item> {
    let mut items = Vec::new();
    let mut steps = 0u64;
    // The last paused step spent less than its budget: only a cap may do that.
    let mut short = false;
    loop {
        let before = search.progress().as_ref().nodes;
        let b = budget(steps as usize);
        let step = match b {
            Some(n) => search.step(Nodes(n)),
            None => search.step(Unlimited),
        };
        steps += 1;
        match step {
            Step::Found(item) => items.push(item),
            Step::Paused => {
                let spent = search.progress().as_ref().nodes - before;
                assert!(
                    !(short && spent > 0),
                    "a step spent less than its node budget, yet the search went on after it"
                );
                match b {
                    // A cap of the search's own ends the run: it does no more work.
                    _ if spent == 0 => break,
                    None => break,
                    // A short step is allowed only where the cap stopped it (checked above).
                    Some(n) if spent < n.max(1) => short = true,
                    Some(n) => assert_eq!(spent, n.max(1), "a paused step overspent"),
                }
            }
            Step::Finished => break,
        }
    }
    let p = *search.progress().as_ref();
    Outcome {
        items,
        progress: Progress::new(p.nodes, p.found),
        steps,
    }
}

/// Asserts that stepping `search` in node budgets taken from `budgets` (cycling) finds the same
/// items in the same order and ends with the same counters as one unlimited run, and returns
/// that run: the test every continuation owes.
///
/// # Panics
/// When the two runs differ, or as [`run_in_steps`] does.
pub fn assert_steps_change_nothing<S>(search: S, budgets: &[u64]) -> Outcome<S::Item>
where
    S: Search + Clone,
    S::Item: PartialEq + std::fmt::Debug,
{
    let whole = run_whole(search.clone());
    let stepped = run_in_steps(search, budgets);
    assert_eq!(
        stepped.items, whole.items,
        "stepped items differ from one run's"
    );
    assert_eq!(
        stepped.progress, whole.progress,
        "stepped counters differ from one run's"
    );
    whole
}

/// Asserts that `a` and `b` find the same items in the same order, and, with `same_nodes`,
/// count the same nodes: the differential test of a fast engine against the baseline.
///
/// # Panics
/// When they disagree, naming the first difference.
pub fn assert_agree<A, B>(a: A, b: B, same_nodes: bool)
where
    A: Search,
    B: Search<Item = A::Item>,
    A::Item: PartialEq + std::fmt::Debug,
{
    let (a, b) = (run_whole(a), run_whole(b));
    if let Some(i) = (0..a.items.len().min(b.items.len())).find(|&i| a.items[i] != b.items[i]) {
        panic!(
            "item {i} differs: {:?} against {:?}",
            a.items[i], b.items[i]
        );
    }
    assert_eq!(a.items.len(), b.items.len(), "item counts differ");
    assert_eq!(a.progress.found, b.progress.found, "found counts differ");
    if same_nodes {
        assert_eq!(a.progress.nodes, b.progress.nodes, "node counts differ");
    }
}
