//! The trait every solver of the family implements, and what is built on it once for all.

use std::fmt;
use std::ops::ControlFlow;
use std::time::Duration;

use crate::Instant;

use crate::budget::{Budget, Limit, Time, Unlimited};
use crate::progress::Progress;
use crate::step::Step;

/// A search that is its own continuation: step it with a budget, read its progress, step it
/// again, and it finds the same items in the same order, with the same node counts, as one
/// long run.
///
/// # Contract
/// - Every call to [`Search::step`] does at least one unit of work unless the search is over
///   or stopped by a cap of its own, so every stepping loop ends.
/// - Under an [`Unlimited`] budget, `step` returns [`Step::Paused`] only when a cap of the
///   search's own (a total node limit, say) stopped it; the provided methods then stop too.
/// - After [`Step::Finished`], every later step returns `Finished`.
/// - [`Search::progress`] is cheap: counters the search keeps anyway.
pub trait Search {
    /// What the search finds: a solution, a word, a path.
    type Item;
    /// The crate's progress report, which extends the common [`Progress`].
    type Progress: Clone + fmt::Debug + AsRef<Progress>;

    /// Works until an item is found, the search ends, or `budget` runs out.
    fn step<L: Limit>(&mut self, budget: L) -> Step<Self::Item>;

    /// A snapshot of the counters.
    fn progress(&self) -> Self::Progress;

    /// Runs to the end (or the search's own cap) and returns every item found, in order.
    fn solve_fully(mut self) -> Vec<Self::Item>
    where
        Self: Sized,
    {
        let mut out = Vec::new();
        while let Step::Found(item) = self.step(Unlimited) {
            out.push(item);
        }
        out
    }

    /// The items as an iterator; it ends where [`Search::solve_fully`] would.
    fn items(self) -> Items<Self>
    where
        Self: Sized,
    {
        Items { search: self }
    }

    /// Runs in slices of about `every` of wall time: `on_item` sees each item as it is found;
    /// `on_pause` sees the search after every slice that paused, and after an item when
    /// `every` has passed since it last saw it (so a search that finds items all the time is
    /// still watched). It gets the search itself, to read its progress, save a checkpoint or
    /// redraw. Either callback stops the run by returning [`ControlFlow::Break`]; the search
    /// can be stepped on afterwards.
    fn run_with_progress<I, P>(&mut self, every: Duration, mut on_item: I, mut on_pause: P) -> Run
    where
        Self: Sized,
        I: FnMut(Self::Item) -> ControlFlow<()>,
        P: FnMut(&Self) -> ControlFlow<()>,
    {
        let mut last_report = Instant::now();
        // The node count at the last pause, while no item was found since: a second pause at
        // the same count did no work. (Progress is read at pauses only: it may cost more than
        // a step that finds an item.)
        let mut paused_at = None;
        loop {
            match self.step(Time::new(every)) {
                Step::Found(item) => {
                    paused_at = None;
                    if on_item(item).is_break() {
                        return Run::Stopped;
                    }
                    if last_report.elapsed() >= every {
                        last_report = Instant::now();
                        if on_pause(self).is_break() {
                            return Run::Stopped;
                        }
                    }
                }
                Step::Paused => {
                    last_report = Instant::now();
                    if on_pause(self).is_break() {
                        return Run::Stopped;
                    }
                    // Every step works unless a cap of the search's own stops it, so a pause
                    // that did no work is that cap.
                    let nodes = self.progress().as_ref().nodes;
                    if paused_at == Some(nodes) {
                        return Run::Capped;
                    }
                    paused_at = Some(nodes);
                }
                Step::Finished => return Run::Finished,
            }
        }
    }
}

/// How [`Search::run_with_progress`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Run {
    /// The search is over.
    Finished,
    /// A callback asked to stop.
    Stopped,
    /// A cap of the search's own stopped it (a pause that did no work).
    Capped,
}

/// The items of a search, as an iterator (see [`Search::items`]).
#[derive(Clone, Debug)]
pub struct Items<S> {
    search: S,
}

impl<S> Items<S> {
    /// The search, to read its progress or step it on.
    pub fn search(&self) -> &S {
        &self.search
    }

    /// The search back.
    pub fn into_search(self) -> S {
        self.search
    }
}

impl<S: Search> Iterator for Items<S> {
    type Item = S::Item;

    fn next(&mut self) -> Option<S::Item> {
        self.search.step(Unlimited).found()
    }
}

/// [`Search`] behind a budget chosen at run time, so different solvers can sit in one
/// collection (`Vec<Box<dyn DynSearch<Item = String>>>`) for a time-sliced scheduler or a user
/// interface. Every [`Search`] is one.
pub trait DynSearch {
    /// What the search finds.
    type Item;

    /// [`Search::step`] with a [`Budget`].
    fn step_budget(&mut self, budget: Budget) -> Step<Self::Item>;

    /// The common core of [`Search::progress`].
    fn progress_core(&self) -> Progress;
}

impl<S: Search> DynSearch for S {
    type Item = S::Item;

    fn step_budget(&mut self, budget: Budget) -> Step<S::Item> {
        self.step(budget)
    }

    fn progress_core(&self) -> Progress {
        *self.progress().as_ref()
    }
}
