//! The bounded depth-first search under one IDA* threshold, shared by [`IdaStar`] and the
//! parts of a cut iteration ([`Subtree`]), so both generate exactly the same nodes in the same
//! order: the moves tried up, right, down, left, the move that undoes the last one never
//! generated, a child counted before its threshold check.
//!
//! [`IdaStar`]: crate::IdaStar
//! [`Subtree`]: crate::Subtree

use puzzle_search::{Limit, Meter};

use super::Counters;
use crate::board::Direction;
use crate::heuristic::Heuristic;
use crate::state::{Geometry, NONE, State};

/// One node on the path.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame<M> {
    /// Direction the blank moved to reach this frame (`4` at the root).
    pub(crate) arrived: u8,
    /// Next direction to try (`4`: all tried).
    pub(crate) next: u8,
    pub(crate) h: u32,
    pub(crate) memo: M,
}

/// How a run of [`Bounded::run`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// The goal is on top of the stack (its frame has nothing left to try).
    Found,
    /// The meter said stop; the next call goes on with the same node.
    Paused,
    /// Every node above the floor was tried: the subtree is exhausted.
    Exhausted,
}

/// A depth-first search of `f = g + h <= threshold`, as an explicit stack over one state.
#[derive(Clone, Debug)]
pub(crate) struct Bounded<M> {
    /// The state of the top frame.
    pub(crate) state: State,
    pub(crate) stack: Vec<Frame<M>>,
    pub(crate) threshold: u32,
    /// The least `f` above the threshold seen so far (`u32::MAX`: none).
    pub(crate) next_threshold: u32,
}

impl<M: Copy> Bounded<M> {
    /// Runs until the goal, the meter's stop, or the stack shrinks to `floor` frames (the
    /// frames below it are the subtree's fixed prefix; `0` for a whole iteration).
    #[inline]
    pub(crate) fn run<H: Heuristic<Memo = M>, L: Limit>(
        &mut self,
        geometry: &Geometry,
        heuristic: &H,
        counters: &mut Counters,
        floor: usize,
        meter: &mut Meter<L>,
    ) -> Outcome {
        loop {
            let depth = self.stack.len() - 1;
            let top = self
                .stack
                .last_mut()
                .expect("the stack keeps its floor frame while running");
            if top.next == 4 {
                let arrived = top.arrived;
                self.stack.pop();
                if self.stack.len() <= floor {
                    return Outcome::Exhausted;
                }
                // Undo: the blank goes back the way it came.
                let back = geometry.nbr[self.state.blank as usize][((arrived + 2) % 4) as usize];
                self.state.slide_unchecked(back as usize);
                continue;
            }
            let d = top.next;
            let from = geometry.nbr[self.state.blank as usize][d as usize];
            if from == NONE || (top.arrived < 4 && d == (top.arrived + 2) % 4) {
                top.next += 1;
                continue;
            }
            if !meter.go_on(counters.generated) {
                counters.open = self.stack.len();
                return Outcome::Paused;
            }
            top.next += 1;
            counters.generated += 1;
            // A child whose f exceeds the threshold is pruned; the heuristic may stop as soon
            // as it knows that.
            let limit = self.threshold.saturating_sub(depth as u32 + 1);
            let (h, memo) =
                heuristic.update_within(&self.state, from as usize, top.h, &top.memo, limit);
            let f = depth as u32 + 1 + h;
            if f > self.threshold {
                self.next_threshold = self.next_threshold.min(f);
            } else {
                self.state.slide_unchecked(from as usize);
                counters.expanded += 1;
                let goal = h == 0 && self.state.is_goal();
                self.stack.push(Frame {
                    arrived: d,
                    next: if goal { 4 } else { 0 },
                    h,
                    memo,
                });
                if goal {
                    counters.open = self.stack.len();
                    return Outcome::Found;
                }
            }
        }
    }

    /// The blank's moves from the root to the top frame.
    pub(crate) fn moves(&self) -> Vec<Direction> {
        self.stack[1..]
            .iter()
            .map(|fr| Direction::ALL[fr.arrived as usize])
            .collect()
    }
}
