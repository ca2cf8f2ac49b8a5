//! The exact repair: the neighbourhood of the leftover cycles re-solved by the exact engine
//! with everything else fixed.

use puzzle_search::{Limit, Meter};

use super::{Construct, NONE, Phase, REPAIR};
use crate::engine::{Event, Exact};

/// Nodes each exact re-solve may take.
const NODES: u64 = 100;

/// The windows tried in turn: tiles within this many steps of a cycle or of the free end.
const RADII: [u32; 2] = [3, 6];

/// A repair under way, kept across steps: the next window, the engine of the current one,
/// and the distances the windows are cut by.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Repair {
    next: usize,
    engine: Option<Box<Exact>>,
    to_cycle: Vec<u32>,
    to_end: Vec<u32>,
}

impl Construct {
    /// Re-solves the neighbourhood of the remaining cycles exactly: the exact engine, with
    /// every edge outside the tiles within a few steps of a cycle or of the free end fixed as
    /// the cover has it, searches the inside for at most 100 nodes (radius 3, then 6). A path
    /// it finds is a path of the whole board. Goes on to the walk if none is found.
    ///
    /// Its nodes are moves, metered by the step's `meter` (which counts `base` plus the
    /// moves) like every other move: `None` when the step's budget ran out inside, to be
    /// resumed by the next call.
    pub(super) fn repair<L: Limit>(&mut self, meter: &mut Meter<L>, base: u64) -> Option<bool> {
        let mut r = match self.repairing.take() {
            Some(r) => r,
            None => {
                // Distances from the cycles and from the free end: the end may have to move
                // (into a pocket, or to even out the colours a reroute shifts), so the window
                // holds the tiles near both.
                self.distances_from(false);
                let to_cycle = self.dist.clone();
                let mut to_end = vec![u32::MAX; self.n as usize];
                self.bfs(&[self.end], &mut to_end);
                self.dist_stale = true;
                Box::new(Repair {
                    next: 0,
                    engine: None,
                    to_cycle,
                    to_end,
                })
            }
        };
        loop {
            if r.engine.is_none() {
                let Some(&radius) = RADII.get(r.next) else {
                    break;
                };
                r.next += 1;
                let (to_cycle, to_end) = (&r.to_cycle, &r.to_end);
                let inside =
                    |v: u32| to_cycle[v as usize] <= radius || to_end[v as usize] <= radius;
                let mut engine = Exact::new(&self.graph, self.start, self.colours, REPAIR);
                let ok = engine.fix(|a, b| {
                    if b == NONE {
                        // the virtual end edge: free inside (the end is inside)
                        if inside(a) { None } else { Some(false) }
                    } else if inside(a) && inside(b) {
                        None
                    } else {
                        Some(self.linked(a, b))
                    }
                });
                if !ok {
                    continue;
                }
                r.engine = Some(Box::new(engine));
            }
            let Some(engine) = r.engine.as_mut() else {
                unreachable!("an engine was just opened");
            };
            let before = engine.nodes;
            let event = engine.run(
                meter,
                base.wrapping_add(self.moves).wrapping_sub(before),
                NODES,
            );
            self.moves += engine.nodes - before;
            match event {
                Event::Found(path) => {
                    self.repaired = Some(path);
                    return Some(true);
                }
                Event::Paused => {
                    self.repairing = Some(r);
                    return None;
                }
                Event::Cutoff | Event::Exhausted => r.engine = None,
            }
        }
        self.phase = Phase::Walk;
        self.order_stale = true;
        Some(true)
    }
}
