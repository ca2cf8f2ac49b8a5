//! The degree cover: a bipartite b-matching, greedy first, then augmenting paths.

use super::{BANNED, Construct, FORCED, NONE, Phase};

impl Construct {
    /// Covers the next tile short of edges: greedily, else by an augmenting path. `false`
    /// when no cover exists.
    pub(super) fn cover_step(&mut self) -> bool {
        while self.cursor < self.n {
            let mut x = self.cursor + self.offset;
            if x >= self.n {
                x -= self.n;
            }
            if self.left[x as usize] && self.degree(x) < self.demand(x) {
                // greedy: a free neighbour first (in an order that varies between attempts),
                // then augmenting paths
                let turn = if self.attempt == 0 {
                    0
                } else {
                    self.next_random() as usize
                };
                for k in 0..4 {
                    let i = (k + turn) & 3;
                    let y = self.nbr[x as usize][i];
                    if y != NONE
                        && self.rule[x as usize][i] != BANNED
                        && self.degree(x) < self.demand(x)
                        && self.degree(y) < self.demand(y)
                        && !self.linked(x, y)
                    {
                        self.add(x, y);
                    }
                }
                if self.degree(x) < self.demand(x) && !self.augment(x) {
                    return false;
                }
                return true;
            }
            self.cursor += 1;
        }
        // the right side must be full too (the colour counts make it so when the left is)
        if (0..self.n).any(|v| self.degree(v) != self.demand(v)) || self.end == NONE {
            return false;
        }
        self.label_pieces();
        self.phase = Phase::Squares;
        true
    }

    /// One augmenting path from `x0` (a left tile short of an edge) to a right tile with room
    /// or to the virtual end: breadth first, left to right along non-edges and back along
    /// edges.
    pub(super) fn augment(&mut self, x0: u32) -> bool {
        let ep = self.next_epoch();
        self.queue.clear();
        self.queue.push(x0);
        self.seen[x0 as usize] = ep;
        self.from[x0 as usize] = (NONE, NONE);
        let mut head = 0;
        while head < self.queue.len() {
            let x = self.queue[head];
            head += 1;
            let xi = x as usize;
            // the virtual end has room for one edge
            if self.candidate[xi] && self.end != x {
                if self.end == NONE {
                    self.flip_back(x);
                    self.end = x;
                    return true;
                }
                let x2 = self.end;
                if self.seen[x2 as usize] != ep {
                    self.seen[x2 as usize] = ep;
                    self.from[x2 as usize] = (x, NONE);
                    self.queue.push(x2);
                }
            }
            for i in 0..4 {
                let y = self.nbr[xi][i];
                if y == NONE || self.rule[xi][i] == BANNED || self.linked(x, y) {
                    continue;
                }
                if self.degree(y) < self.demand(y) {
                    self.flip_back(x);
                    self.add(x, y);
                    return true;
                }
                for k in 0..2 {
                    let x2 = self.link[y as usize][k];
                    if x2 != NONE && self.seen[x2 as usize] != ep && self.rule(y, x2) != FORCED {
                        self.seen[x2 as usize] = ep;
                        self.from[x2 as usize] = (x, y);
                        self.queue.push(x2);
                    }
                }
            }
        }
        false
    }

    /// Flips the alternating path that reached `x`: each step back trades the edge into `x`
    /// (from its right tile, or the virtual end when that is `NONE`) to the previous left tile.
    /// All edges leave before any arrives, so no tile holds three at once.
    pub(super) fn flip_back(&mut self, mut x: u32) {
        let mut moved = std::mem::take(&mut self.queue);
        moved.clear();
        loop {
            let (px, y) = self.from[x as usize];
            if px == NONE {
                break;
            }
            if y == NONE {
                // x held the virtual end; it passes to px
                self.end = px;
            } else {
                self.remove(y, x);
                moved.extend([px, y]);
            }
            x = px;
        }
        for pair in moved.chunks_exact(2) {
            self.add(pair[0], pair[1]);
        }
        self.queue = moved;
    }
}
