//! The walk: backbites at the path's free end, splicing in the cycles it meets.

use super::{BANNED, Construct, FORCED, NONE};

impl Construct {
    /// One backbite at the path's free end. `false` if the end cannot move at all.
    pub(super) fn walk_step(&mut self) -> bool {
        if self.order_stale {
            self.index_path();
        }
        let e = self.end;
        let root = self.find(self.start);
        let toward = self.link[e as usize][0];
        let mut options = [NONE; 4];
        let mut count = 0;
        let mut splice = NONE;
        for i in 0..4 {
            let u = self.nbr[e as usize][i];
            if u == NONE || u == toward || self.rule[e as usize][i] == BANNED {
                continue;
            }
            if self.find(u) != root {
                // a cycle tile: open the cycle at an edge the rules let go
                if splice == NONE
                    && self.link[u as usize]
                        .iter()
                        .any(|&w| self.rule(u, w) != FORCED)
                {
                    splice = u;
                }
                continue;
            }
            if self.rule(u, self.order[self.idx[u as usize] as usize + 1]) == FORCED {
                continue;
            }
            options[count] = u;
            count += 1;
        }
        if splice != NONE {
            count = count.max(1);
        }
        if count == 0 {
            return false;
        }
        if splice != NONE {
            // splice the cycle in: open it at u; the tile after u becomes the end
            let u = splice;
            let mut k = (self.next_random() & 1) as usize;
            if self.rule(u, self.link[u as usize][k]) == FORCED {
                k = 1 - k;
            }
            let w = self.link[u as usize][k];
            self.remove(u, w);
            self.add(e, u);
            self.end = w;
            self.union(u, e);
            self.dist_stale = true;
            // the cycle's tiles join the path's order, from u round to w
            self.append_order(e, u);
            self.squares_near(e, u);
            return true;
        }
        if self.dist_stale {
            self.distances();
        }
        // the new end would be the tile after u: mostly the option that brings the end
        // nearest a cycle, sometimes any (to get out of corners)
        let after = |c: &Self, u: u32| c.order[c.idx[u as usize] as usize + 1];
        let r = self.next_random();
        let u = if r & 3 == 0 {
            options[((r >> 2) % count as u64) as usize]
        } else {
            let mut best = options[0];
            for &o in &options[1..count] {
                if self.dist[after(self, o) as usize] < self.dist[after(self, best) as usize] {
                    best = o;
                }
            }
            best
        };
        let w = after(self, u);
        self.remove(u, w);
        self.add(e, u);
        self.end = w;
        // the path now runs S..u, e..w: reverse the tail of the order
        let from = self.idx[u as usize] as usize + 1;
        self.order[from..].reverse();
        for k in from..self.order.len() {
            self.idx[self.order[k] as usize] = k as u32;
        }
        self.squares_near(e, u);
        true
    }

    /// The path's tiles in order from the start, and each one's place.
    pub(super) fn index_path(&mut self) {
        self.order_stale = false;
        self.order.clear();
        self.append_order(NONE, self.start);
    }

    /// Appends the tiles from `first` to the end of its piece (walking away from `prev`) to
    /// the path's order.
    fn append_order(&mut self, mut prev: u32, first: u32) {
        let mut cur = first;
        while cur != NONE {
            self.idx[cur as usize] = self.order.len() as u32;
            self.order.push(cur);
            let next = self.next_along(prev, cur);
            prev = cur;
            cur = next;
        }
    }
}
