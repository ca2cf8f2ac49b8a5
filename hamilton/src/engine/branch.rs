//! Branching: the most constrained tile and its edge towards the most constrained neighbour
//! (or the end first, or the head of the start's path), and failed-literal probing.

use super::state::{Exact, UNKNOWN};
use crate::graph::NONE;

impl Exact {
    /// Tries both sides of the decision on `e` with full propagation: `Some(true)` if out
    /// fails (so `e` must be in), `Some(false)` if in fails, `None` if both survive (or both
    /// fail: the caller's branch finds that). The state is restored either way.
    pub(super) fn probe(&mut self, e: u32) -> Option<bool> {
        let mark = self.trail.len();
        let in_ok = self.set_in(e) && self.propagate();
        self.undo_to(mark);
        self.queue.clear();
        let out_ok = self.set_out(e) && self.propagate();
        self.undo_to(mark);
        self.queue.clear();
        match (in_ok, out_ok) {
            (true, false) => Some(true),
            (false, true) => Some(false),
            _ => None,
        }
    }

    /// The edge to branch on, or `None` when every vertex has its edges (a solution).
    pub(super) fn choose(&mut self) -> Option<u32> {
        let n = self.n;
        if self.config.end_first && self.deg[self.vend as usize] == 0 {
            let mut best = NONE;
            let mut best_key = u32::MAX;
            for &e in &self.vinc {
                if self.status[e as usize] != UNKNOWN {
                    continue;
                }
                let v = self.other(e, self.vend);
                let key = self.avail[v as usize] - self.deg[v as usize];
                if key < best_key || (key == best_key && self.rotated(v) < self.rotated(best)) {
                    best_key = key;
                    best = e;
                }
            }
            if best != NONE {
                return Some(best);
            }
        }
        let mut best = NONE;
        let mut best_key = u32::MAX;
        let off = self.offset;
        if self.config.head {
            // extend the path from the start: the other end of the start's fragment
            let h = if self.deg[self.start as usize] == 0 {
                self.start
            } else {
                self.mate[self.start as usize]
            };
            if h != self.vend && self.deg[h as usize] < self.cap(h) {
                best = h;
            }
        }
        for i in 0..if best == NONE { n } else { 0 } {
            let mut v = i + off;
            if v >= n {
                v -= n;
            }
            let d = self.deg[v as usize];
            let c = self.cap(v);
            if d >= c {
                continue;
            }
            let unknown = self.avail[v as usize] - d;
            // fewest open edges first, and a fragment end before an untouched tile
            let key = unknown * 2 + u32::from(d == 0);
            if key < best_key {
                best_key = key;
                best = v;
                if key <= 4 {
                    break; // cannot do better than a fragment end with two choices
                }
            }
        }
        if best == NONE {
            return None;
        }
        // the edge towards the most constrained neighbour
        let mut pick = NONE;
        let mut pick_key = u32::MAX;
        let r = if self.offset == 0 {
            0
        } else {
            self.next_random() as u32
        };
        for i in 0..5 {
            let e = self.inc[best as usize][(i + r as usize) % 5];
            if e == NONE || self.status[e as usize] != UNKNOWN {
                continue;
            }
            let u = self.other(e, best);
            let key = if u == self.vend {
                u32::MAX - 1
            } else {
                self.avail[u as usize] - self.deg[u as usize]
            };
            if key < pick_key {
                pick_key = key;
                pick = e;
            }
        }
        Some(pick)
    }

    #[inline]
    pub(super) fn rotated(&self, v: u32) -> u32 {
        if v == NONE {
            return u32::MAX;
        }
        let r = v + self.n - self.offset;
        if r >= self.n { r - self.n } else { r }
    }
}
