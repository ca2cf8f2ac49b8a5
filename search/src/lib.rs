//! The one search vocabulary of the puzzle-solvers family.
//!
//! Every solver of the family (`quartiles-solver`, `hamilton-solver`, `sudoku-engine`,
//! `slide-solver`, `eternity-solver`, `eternity-codegen`) is a value that is its own
//! continuation, and speaks the words of this crate:
//!
//! - [`Search`]: `step(budget) -> Step<Item>` and `progress()`, with `solve_fully`, an
//!   iterator ([`Search::items`]) and a run with a progress callback
//!   ([`Search::run_with_progress`]) provided once for all.
//! - [`Budget`] (and the [`Limit`] trait behind it): [`Nodes`], [`Time`] (the deadline starts
//!   when `step` does), [`Unlimited`], and a [`Cancel`] flag any of them can watch. A search
//!   meters its work with a [`Meter`]: one compare per node, the clock read every
//!   [`CLOCK_EVERY`] nodes.
//! - [`Step<T>`]: found, paused, finished; every step does at least one unit of work.
//! - [`Progress`]: nodes, items found, and the fraction explored where a crate can estimate
//!   it; each crate's own progress extends it.
//! - [`Split`] and [`Parts`]: searches that cut into independent parts whose totals add up
//!   exactly to the whole, for all cores or many machines.
//! - [`Checkpoint`]: the self-checking saved form of a search, for save and resume.
//! - [`ReplaceFile`] and [`write_atomically`]: files replaced whole (a temporary file and a
//!   rename), never left half-written.
//! - [`check`]: the run-to-the-end and engines-agree helpers every crate's tests use.
//!
//! So a progress bar, a time-sliced scheduler, language bindings or a distributed runner is
//! written once, for every solver.
//!
//! # Example
//!
//! A search for the subsets of some numbers that add up to a target, written on this crate's
//! vocabulary, then driven in small node budgets and all at once:
//!
//! ```
//! use puzzle_search::{Budget, Limit, Meter, Progress, Search, Step};
//!
//! /// Depth-first over "take it or leave it", with the stack as the continuation.
//! #[derive(Clone, Debug)]
//! struct SubsetSums {
//!     numbers: Vec<u32>,
//!     target: u32,
//!     /// One entry per decided number: was it taken? A `false` that was already tried as
//!     /// `true` is the last branch at that depth.
//!     stack: Vec<bool>,
//!     started: bool,
//!     nodes: u64,
//!     found: u64,
//! }
//!
//! impl SubsetSums {
//!     fn sum(&self) -> u32 {
//!         self.stack.iter().zip(&self.numbers).filter(|(t, _)| **t).map(|(_, n)| n).sum()
//!     }
//!     /// Moves to the next node in depth-first order; false when the tree is exhausted.
//!     fn advance(&mut self) -> bool {
//!         if !self.started {
//!             self.started = true;
//!             return true;
//!         }
//!         if self.stack.len() < self.numbers.len() && self.sum() <= self.target {
//!             self.stack.push(true);
//!             return true;
//!         }
//!         while let Some(taken) = self.stack.pop() {
//!             if taken {
//!                 self.stack.push(false);
//!                 return true;
//!             }
//!         }
//!         false
//!     }
//! }
//!
//! impl Search for SubsetSums {
//!     type Item = Vec<u32>;
//!     type Progress = Progress;
//!
//!     fn step<L: Limit>(&mut self, budget: L) -> Step<Vec<u32>> {
//!         let mut meter = Meter::new(budget, self.nodes);
//!         while meter.go_on(self.nodes) {
//!             if !self.advance() {
//!                 return Step::Finished;
//!             }
//!             self.nodes += 1;
//!             if self.stack.len() == self.numbers.len() && self.sum() == self.target {
//!                 self.found += 1;
//!                 let taken = self.stack.iter().zip(&self.numbers);
//!                 return Step::Found(taken.filter(|(t, _)| **t).map(|(_, n)| *n).collect());
//!             }
//!         }
//!         Step::Paused
//!     }
//!
//!     fn progress(&self) -> Progress {
//!         Progress::new(self.nodes, self.found)
//!     }
//! }
//!
//! let search = SubsetSums {
//!     numbers: vec![3, 5, 6, 7, 2],
//!     target: 15,
//!     stack: Vec::new(),
//!     started: false,
//!     nodes: 0,
//!     found: 0,
//! };
//!
//! // In small steps, as a user interface would drive it...
//! let mut stepped = search.clone();
//! let mut found = Vec::new();
//! loop {
//!     match stepped.step(Budget::nodes(3)) {
//!         Step::Found(subset) => found.push(subset),
//!         Step::Paused => {} // redraw, save, yield to another search...
//!         Step::Finished => break,
//!     }
//! }
//! // ...or all at once: the same items in the same order, and the same node count.
//! let nodes = stepped.progress().nodes;
//! let mut whole = search.clone();
//! let mut all = Vec::new();
//! while let Step::Found(s) = whole.step(Budget::unlimited()) {
//!     all.push(s);
//! }
//! assert_eq!(found, all);
//! assert_eq!(nodes, whole.progress().nodes);
//! assert_eq!(search.solve_fully(), vec![vec![3, 5, 7], vec![6, 7, 2]]);
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]
// Every public function that returns a `Result` says when it fails.
#![warn(clippy::missing_errors_doc)]

mod budget;
pub mod check;
mod checkpoint;
mod error;
mod excerpt;
mod meter;
mod progress;
mod read;
mod replace;
mod search;
mod split;
mod step;

pub use budget::{Budget, CLOCK_EVERY, Cancel, Limit, Nodes, Time, Unlimited, WithCancel};
pub use checkpoint::{Checkpoint, MAX_BODY, fingerprint, write_atomically};
pub use error::CheckpointError;
pub use excerpt::{EXCERPT_CHARS, excerpt};
pub use meter::Meter;
pub use progress::Progress;
pub use read::{MAX_TEXT_BYTES, read_text_within};
pub use replace::{ReplaceFile, ReplaceWriter};
pub use search::{DynSearch, Items, Run, Search};
pub use split::{Parts, Split};
pub use step::Step;
/// The family's clock: [`std::time::Instant`] itself natively and on WASI; on
/// `wasm32-unknown-unknown`, where `std::time::Instant::now` panics, the same API over the
/// browser's `performance.now()` (the `web-time` crate). Every time budget and every
/// solver's own timing reads it, so the crates run in a web page.
pub use web_time::Instant;
