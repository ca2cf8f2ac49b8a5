//! One driver for every solver the suites time: any [`Search`], stepped in node budgets with
//! the CPU clock read between steps only, so the clock stays out of the search.

use std::time::Duration;

use puzzle_search::{Budget, Search, Step};

use crate::measure::thread_cpu;

/// How [`first_within`] ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum First<T> {
    /// The first item.
    Found(T),
    /// The search ended without one.
    Finished,
    /// `cap` of this thread's CPU time passed first.
    OutOfTime,
}

/// Steps `search` in budgets of `step_nodes` until its first item, its end, or `cap` of this
/// thread's CPU time.
pub fn first_within<S: Search>(search: &mut S, step_nodes: u64, cap: Duration) -> First<S::Item> {
    let start = thread_cpu();
    loop {
        match search.step(Budget::nodes(step_nodes)) {
            Step::Found(item) => return First::Found(item),
            Step::Finished => return First::Finished,
            Step::Paused => {
                if thread_cpu().saturating_sub(start) > cap {
                    return First::OutOfTime;
                }
            }
        }
    }
}

/// Runs `search` to its end (or its own cap) and returns how many items it found; the search
/// is kept, to read its results and counters afterwards.
pub fn run_to_end<S: Search>(search: &mut S) -> u64 {
    let mut found = 0;
    while let Step::Found(_) = search.step(Budget::unlimited()) {
        found += 1;
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_drivers_on_a_real_search() {
        let grid = hamilton_solver::Grid::parse("Xxx\nxxx\nxxx").unwrap();
        let mut paths = hamilton_solver::Paths::new(&grid);
        let found = run_to_end(&mut paths);
        assert!(found > 1);
        assert_eq!(paths.progress().found, found);
        let mut solver = hamilton_solver::Solver::new(&grid);
        assert!(matches!(
            first_within(&mut solver, 10, Duration::from_secs(10)),
            First::Found(_)
        ));
        // Three dead ends around the start: no path.
        let blocked = hamilton_solver::Grid::parse("xXx\n x ").unwrap();
        let mut solver = hamilton_solver::Solver::new(&blocked);
        assert_eq!(
            first_within(&mut solver, 10, Duration::from_secs(10)),
            First::Finished
        );
    }
}
