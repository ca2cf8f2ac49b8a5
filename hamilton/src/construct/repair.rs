//! The exact repair: the neighbourhood of the leftover cycles re-solved by the exact engine
//! with everything else fixed.

use super::{Construct, NONE, Phase, REPAIR};
use puzzle_search::{Meter, Nodes};

use crate::engine::{Event, Exact};

impl Construct {
    /// Re-solves the neighbourhood of the remaining cycles exactly: the exact engine, with
    /// every edge outside the tiles within a few steps of a cycle or of the free end fixed as
    /// the cover has it, searches the inside for at most 100 nodes (radius 3, then 6). A path
    /// it finds is a path of the whole board. Goes on to the walk if none is found.
    pub(super) fn repair(&mut self) -> bool {
        const NODES: u64 = 100;
        // Distances from the cycles and from the free end: the end may have to move (into a
        // pocket, or to even out the colours a reroute shifts), so the window holds the
        // tiles near both.
        self.distances_from(false);
        let to_cycle = self.dist.clone();
        let mut to_end = vec![u32::MAX; self.n as usize];
        self.bfs(&[self.end], &mut to_end);
        self.dist_stale = true;
        for radius in [3, 6] {
            let inside = |v: u32| to_cycle[v as usize] <= radius || to_end[v as usize] <= radius;
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
            // a budget of its own, counted from this engine's first node
            let mut meter = Meter::new(Nodes(NODES), 0);
            let event = engine.run(&mut meter, 0, u64::MAX);
            self.moves += engine.nodes;
            if let Event::Found(path) = event {
                self.repaired = Some(path);
                return true;
            }
        }
        self.phase = Phase::Walk;
        self.order_stale = true;
        true
    }
}
