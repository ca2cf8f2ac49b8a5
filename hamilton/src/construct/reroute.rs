//! Reroutes: a cycle joined to a neighbouring piece by one new edge, two dropped ones and an
//! alternating path that gives the two short tiles their edges back.

use super::{BANNED, Construct, DETOURS, FORCED, NONE, Phase, VIRTUAL};

impl Construct {
    /// Tries to join each remaining cycle to a neighbouring piece by rerouting: with `c` on
    /// the cycle next to `p` outside it, take the edge `c-p` and drop an edge at each (`c-c2`,
    /// `p-q`); `c2` and `q` are then each one edge short, and the shortest alternating path
    /// between them (edges taken and dropped in turn) gives both their edge back. Kept if the
    /// pieces went down, undone otherwise. When no cycle joins, a few sideways reroutes shake
    /// the arrangement (back to the square flips after each); then on to the exact repair.
    pub(super) fn rejoin_pass(&mut self) -> bool {
        let root = self.find(self.start);
        let mut firsts = Vec::new();
        for v in 0..self.n {
            // one union-find root per piece
            if self.parent[v as usize] == v && v != root {
                firsts.push(v);
            }
        }
        let mut joined = false;
        for &c in &firsts {
            if self.cycles == 0 {
                break;
            }
            // an earlier join may have taken this cycle in already
            if self.find(c) != self.find(self.start) && self.rejoin_cycle(c, false) {
                joined = true;
            }
        }
        if !joined && self.cycles > 0 && self.kicks < self.max_kicks && !firsts.is_empty() {
            // stuck: reroute a random cycle anyway, even if another piece splits off
            // elsewhere, and try the joins again from the new arrangement
            self.kicks += 1;
            let c = firsts[(self.next_random() % firsts.len() as u64) as usize];
            if self.find(c) != self.find(self.start) && self.rejoin_cycle(c, true) {
                self.phase = Phase::Squares;
                return true;
            }
        }
        if self.cycles == 0 || !joined {
            self.phase = if self.cycles == 0 {
                Phase::Walk
            } else {
                Phase::Repair
            };
            self.order_stale = true;
            self.dist_stale = true;
        }
        true
    }

    /// One rerouting attempt for the cycle through `c0`; see [`Construct::rejoin_pass`]. Keeps
    /// a reroute that leaves fewer pieces, or with `sideways`, the first (from a random place)
    /// that leaves as many.
    pub(super) fn rejoin_cycle(&mut self, c0: u32, sideways: bool) -> bool {
        let piece = self.find(c0);
        // the cycle's tiles, in order
        let mut cells = Vec::new();
        let (mut prev, mut cur) = (NONE, c0);
        loop {
            cells.push(cur);
            let next = self.next_along(prev, cur);
            if next == c0 || next == NONE {
                break;
            }
            prev = cur;
            cur = next;
        }
        let (shift, turn) = if sideways {
            let r = self.next_random();
            ((r % cells.len() as u64) as usize, (r >> 32) as usize)
        } else {
            (0, 0)
        };
        for k in 0..cells.len() {
            let c = cells[(k + shift) % cells.len()];
            for i in 0..4 {
                let p = self.nbr[c as usize][(i + turn) & 3];
                if p == NONE
                    || self.linked(c, p)
                    || self.find(p) == piece
                    || self.rule(c, p) == BANNED
                {
                    continue;
                }
                for c2 in self.link[c as usize] {
                    for q in self.link[p as usize] {
                        if q == NONE
                            || c2 == NONE
                            || self.rule(c, c2) == FORCED
                            || self.rule(p, q) == FORCED
                        {
                            continue;
                        }
                        self.remove(c, c2);
                        self.remove(p, q);
                        self.add(c, p);
                        // search from the one of the end's colour (it may take the end over)
                        let (a, b) = if self.left[c2 as usize] {
                            (c2, q)
                        } else {
                            (q, c2)
                        };
                        // the shortest alternating path first; when it splits a piece off,
                        // others (each with the tiles of the last one's first hop barred)
                        let mut barred = [NONE; DETOURS];
                        for round in 0..DETOURS {
                            let Some(hops) = self.alternating(a, b, [c, p], &barred) else {
                                break;
                            };
                            let change = self.piece_change(&hops, [c, p, c2, q]);
                            if change < 0 || (sideways && change == 0) {
                                self.label_pieces();
                                return true;
                            }
                            let last = hops.last().map_or(a, |h| h.2);
                            self.undo_hops(&hops, last, b);
                            match hops.first() {
                                Some(&(_, y, x2)) => {
                                    barred[round] = if y == VIRTUAL { x2 } else { y }
                                }
                                None => break,
                            }
                        }
                        self.remove(c, p);
                        self.add(c, c2);
                        self.add(p, q);
                    }
                }
            }
        }
        false
    }

    /// The shortest alternating path from `a` to `b` (both one edge short, `a` of the end's
    /// colour), avoiding the tiles `c` and `p` of the reroute, applied; returns its hops `(x, y, x2)` (edge
    /// `x-y` taken, `y-x2` dropped; `y` is [`VIRTUAL`] when `x` takes over the end from `x2`)
    /// so it can be undone. At most 40 hops; `barred` tiles are avoided too.
    pub(super) fn alternating(
        &mut self,
        a: u32,
        b: u32,
        [c, p]: [u32; 2],
        barred: &[u32],
    ) -> Option<Vec<(u32, u32, u32)>> {
        const MAX_HOPS: usize = 40;
        let ep = self.next_epoch();
        let mut frontier = vec![a];
        self.seen[a as usize] = ep;
        self.from[a as usize] = (NONE, NONE);
        let avoid = |t: u32| t == c || t == p || barred.contains(&t);
        for _ in 0..MAX_HOPS {
            let mut next = Vec::new();
            for &x in &frontier {
                for i in 0..4 {
                    let y = self.nbr[x as usize][i];
                    if y == NONE
                        || avoid(y)
                        || self.linked(x, y)
                        || self.rule[x as usize][i] == BANNED
                    {
                        continue;
                    }
                    if y == b {
                        let mut hops = Vec::new();
                        let mut t = x;
                        while self.from[t as usize].0 != NONE {
                            let (px, y2) = self.from[t as usize];
                            hops.push((px, y2, t));
                            t = px;
                        }
                        hops.reverse();
                        self.apply_hops(&hops, x, b);
                        return Some(hops);
                    }
                    for k in 0..2 {
                        let x2 = self.link[y as usize][k];
                        if x2 == NONE
                            || avoid(x2)
                            || self.seen[x2 as usize] == ep
                            || self.rule(y, x2) == FORCED
                        {
                            continue;
                        }
                        self.seen[x2 as usize] = ep;
                        self.from[x2 as usize] = (x, y);
                        next.push(x2);
                    }
                }
                // or take over the end: the old end is then one edge short
                let e = self.end;
                if self.candidate[x as usize] && e != x && !avoid(e) && self.seen[e as usize] != ep
                {
                    self.seen[e as usize] = ep;
                    self.from[e as usize] = (x, VIRTUAL);
                    next.push(e);
                }
            }
            if next.is_empty() {
                return None;
            }
            frontier = next;
        }
        None
    }

    /// Carries out the hops of an alternating path, then its last edge `last-b`.
    pub(super) fn apply_hops(&mut self, hops: &[(u32, u32, u32)], last: u32, b: u32) {
        for &(_, y, x2) in hops {
            if y != VIRTUAL {
                self.remove(y, x2);
            }
        }
        for &(x, y, _) in hops {
            if y == VIRTUAL {
                self.end = x;
            } else {
                self.add(x, y);
            }
        }
        self.add(last, b);
    }

    /// Undoes [`Construct::alternating`]'s hops and last edge `last-b`.
    pub(super) fn undo_hops(&mut self, hops: &[(u32, u32, u32)], last: u32, b: u32) {
        self.remove(last, b);
        for &(x, y, _) in hops {
            if y != VIRTUAL {
                self.remove(x, y);
            }
        }
        for &(_, y, x2) in hops.iter().rev() {
            if y == VIRTUAL {
                self.end = x2;
            } else {
                self.add(y, x2);
            }
        }
    }

    /// After a reroute (the tiles `ends` and the `hops` of its alternating path): the change
    /// in the number of pieces it touched (negative: they joined; positive values are capped
    /// at 1). Every piece after it holds a tile whose edges changed, so walking the pieces from
    /// those tiles counts them; the labels (not yet updated) count the pieces before.
    pub(super) fn piece_change(&mut self, hops: &[(u32, u32, u32)], ends: [u32; 4]) -> i64 {
        let mut touched: Vec<u32> = ends.to_vec();
        for &(x, y, x2) in hops {
            touched.extend([x, x2]);
            if y != VIRTUAL {
                touched.push(y);
            }
        }
        let mut before: Vec<u32> = touched.iter().map(|&t| self.find(t)).collect();
        before.sort_unstable();
        before.dedup();
        let ep = self.next_epoch();
        let mut after = 0;
        for &t in &touched {
            if self.seen[t as usize] == ep {
                continue;
            }
            after += 1;
            if after > before.len() {
                return 1;
            }
            // a piece is a path or a cycle: walk both ways from t
            self.seen[t as usize] = ep;
            for first in self.link[t as usize] {
                let (mut prev, mut cur) = (t, first);
                while cur != NONE && self.seen[cur as usize] != ep {
                    self.seen[cur as usize] = ep;
                    let next = self.next_along(prev, cur);
                    prev = cur;
                    cur = next;
                }
            }
        }
        after as i64 - before.len() as i64
    }
}
