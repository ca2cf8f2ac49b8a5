//! One IDA* iteration cut into independent parts, for all cores or many machines.
//!
//! [`cut`] expands the search tree of one iteration (cost bound `t`) from the start down to a
//! frontier depth, in exactly the serial engine's move order and pruning; each frontier node
//! is a part, a [`Subtree`] that runs the same bounded depth-first search below it (the
//! engine and the parts share one loop). So the cut's nodes plus the parts' nodes are the
//! serial iteration's nodes, the least next bound over the cut and its parts is the serial
//! next bound, and the first part in order that finds a solution returns the serial
//! solution, with the nodes of the cut, the parts before it and its own equal to the serial
//! count up to that solution. A part pauses and resumes on any budget and saves as a
//! checkpoint. [`Plan`] and [`Part`] do the same with the heuristic chosen at run time.

mod cut;
mod plan;
mod saved;
mod subtree;

pub use cut::{Cut, CutDepth, MAX_PARTS, cut};
pub use plan::{Part, Plan};
pub use subtree::Subtree;
