//! Cutting a search into independent parts whose totals add up exactly to the whole.

use crate::progress::Progress;
use crate::search::Search;
use crate::step::Step;

/// A search that cuts into independent parts: subtrees below a depth, prefixes of a path,
/// chunks of a batch. Run the parts anywhere, in any order, on any number of machines; add
/// their counters to [`Parts::prefix`] and concatenate their items in part order, and you have
/// the counters and items of the uncut search, exactly.
pub trait Split: Search + Sized {
    /// Cuts this search, as it stands before its first step, at `depth` (what a depth is
    /// belongs to the crate: a search depth, a prefix length, a chunk size). Items are found
    /// only in parts: a crate either caps `depth` below the depth of its items, or hands an
    /// item found above the cut out as a part of its own that finds just that item.
    fn split(&self, depth: usize) -> Parts<Self>;
}

/// A search cut into parts (see [`Split`]).
#[derive(Clone, Debug)]
pub struct Parts<S> {
    /// The depth of the cut, after the crate capped it.
    pub depth: usize,
    /// The work done above the cut while enumerating the parts; it counts toward the whole.
    pub prefix: Progress,
    /// The parts, in the order in which the uncut search would reach them.
    pub parts: Vec<S>,
}

impl<S: Search> Parts<S> {
    /// Runs every part here, one after the other, and returns the totals and the items in the
    /// uncut search's order: the oracle against which distributed runs are checked.
    pub fn solve_serially(self) -> (Progress, Vec<S::Item>) {
        let mut total = self.prefix;
        let mut items = Vec::new();
        for mut part in self.parts {
            while let Step::Found(item) = part.step(crate::Unlimited) {
                items.push(item);
            }
            total += *part.progress().as_ref();
        }
        (total, items)
    }
}
