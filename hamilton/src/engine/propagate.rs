//! Propagation: the degree rules to a fixed point, then the checks on what is left (the
//! connectivity of the open tiles, by one Tarjan pass, and the colour balance of each piece).

use super::state::{Exact, OUT, UNKNOWN};
use crate::graph::NONE;

impl Exact {
    /// Applies the degree rules at `x`.
    pub(super) fn process(&mut self, x: u32) -> bool {
        let c = self.cap(x);
        let d = self.deg[x as usize];
        let a = self.avail[x as usize];
        if a < c {
            return false;
        }
        if d == c {
            if a > d {
                self.for_unknown(x, |s, e| {
                    s.set_out(e);
                    true
                });
            }
            true
        } else if a == c {
            self.for_unknown(x, |s, e| s.set_in(e))
        } else {
            true
        }
    }

    pub(super) fn for_unknown(
        &mut self,
        x: u32,
        mut f: impl FnMut(&mut Self, u32) -> bool,
    ) -> bool {
        if x == self.vend {
            for i in 0..self.vinc.len() {
                let e = self.vinc[i];
                if self.status[e as usize] == UNKNOWN && !f(self, e) {
                    return false;
                }
            }
        } else {
            for i in 0..5 {
                let e = self.inc[x as usize][i];
                if e != NONE && self.status[e as usize] == UNKNOWN && !f(self, e) {
                    return false;
                }
            }
        }
        true
    }

    /// Runs the rules to a fixed point, then the structure checks, until nothing changes.
    pub(super) fn propagate(&mut self) -> bool {
        loop {
            while let Some(x) = self.queue.pop() {
                if !self.process(x) {
                    self.queue.clear();
                    return false;
                }
            }
            // the structure depends only on which board edges are out
            if self.dirty {
                if !self.structure() {
                    self.queue.clear();
                    return false;
                }
                self.dirty = false;
            }
            if self.queue.is_empty() && !self.balance() {
                self.queue.clear();
                return false;
            }
            if self.queue.is_empty() {
                return true;
            }
        }
    }

    /// Colour balance of what is left to choose. Every undecided board edge joins two open
    /// tiles (tiles still short of edges) of different colours, so within each piece of open
    /// tiles joined by undecided edges, the edges still needed by its tiles of one colour
    /// must equal those needed by the other colour. The one exception is the piece that
    /// will hold the end while the end is undecided: its tiles of the end's colour need one
    /// edge fewer than counted. So: with the end decided every piece balances; without, exactly
    /// one piece is one off in the end's direction, and the end lies in it.
    pub(super) fn balance(&mut self) -> bool {
        self.comp_epoch = self.comp_epoch.wrapping_add(1);
        if self.comp_epoch == 0 {
            self.comp.fill(0);
            self.comp_epoch = 1;
        }
        let decided = self.deg[self.vend as usize] == 1;
        let want: i64 = if self.end_colour { 1 } else { -1 };
        let mut odd_piece = NONE;
        let base = self.comp_epoch;
        for r in 0..self.n {
            let ri = r as usize;
            if self.deg[ri] >= self.cap(r) || self.comp[ri] == base {
                continue;
            }
            // a fresh piece: breadth-first over undecided board edges
            self.bfs_piece.clear();
            self.bfs_piece.push(r);
            self.comp[ri] = base;
            let mut head = 0;
            let mut diff: i64 = 0;
            let mut candidate = false;
            while head < self.bfs_piece.len() {
                let v = self.bfs_piece[head];
                head += 1;
                let vi = v as usize;
                let need = i64::from(self.cap(v) - self.deg[vi]);
                diff += if self.colour[vi] { need } else { -need };
                let f = self.inc[vi][4];
                if f != NONE && self.status[f as usize] == UNKNOWN {
                    candidate = true;
                }
                for i in 0..4 {
                    let e = self.inc[vi][i];
                    if e != NONE && self.status[e as usize] == UNKNOWN {
                        let u = self.other(e, v);
                        if self.comp[u as usize] != base {
                            self.comp[u as usize] = base;
                            self.bfs_piece.push(u);
                        }
                    }
                }
            }
            if diff == 0 {
                continue;
            }
            if decided || diff != want || !candidate || odd_piece != NONE {
                return false;
            }
            odd_piece = r;
            self.odd_members.clear();
            self.odd_members.extend_from_slice(&self.bfs_piece);
        }
        if decided {
            return true;
        }
        if odd_piece == NONE {
            return false;
        }
        // the end is in the odd piece: every other candidate is out
        self.comp_epoch = self.comp_epoch.wrapping_add(1);
        if self.comp_epoch == 0 {
            self.comp.fill(0);
            self.comp_epoch = 1;
        }
        let mark = self.comp_epoch;
        for k in 0..self.odd_members.len() {
            let v = self.odd_members[k] as usize;
            self.comp[v] = mark;
        }
        for k in 0..self.vinc.len() {
            let e = self.vinc[k];
            if self.status[e as usize] != UNKNOWN {
                continue;
            }
            let v = self.other(e, self.vend) as usize;
            if self.comp[v] != mark {
                self.set_out(e);
            }
        }
        true
    }

    /// Connectivity through the edges that are not out, by one depth-first search from the
    /// start (Tarjan's low points):
    /// - every tile must be reached, and the start (an end) must not be a cut tile;
    /// - a bridge must be on the path (both sides need covering);
    /// - a cut tile `p` passes the path once, so removing it may split off only one piece
    ///   beyond the start's side; the path enters that piece from `p` and ends in it, so the
    ///   end lies in it, `p` is not the end, and its colour counts must suit a path that
    ///   begins next to `p`.
    pub(super) fn structure(&mut self) -> bool {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.fill(0);
            self.sep_mark.fill(0);
            self.epoch = 1;
        }
        let ep = self.epoch;
        let root = self.start;
        let n = self.n as usize;
        self.bridges.clear();
        self.seps.clear();
        self.dfs.clear();
        let mut time = 0u32;
        let mut visit = |s: &mut Self, v: u32, via: u32| {
            let vi = v as usize;
            s.stamp[vi] = ep;
            s.disc[vi] = time;
            s.low[vi] = time;
            s.sub[vi] = 1;
            s.sub_colour[vi] = u32::from(s.colour[vi]);
            s.via[vi] = via;
            s.dfs.push((v, 0));
            time += 1;
        };
        visit(self, root, NONE);
        let mut root_children = 0;
        while let Some(top) = self.dfs.last_mut() {
            let (v, i) = *top;
            if i < 4 {
                top.1 += 1;
                let e = self.inc[v as usize][i as usize];
                if e == NONE || self.status[e as usize] == OUT {
                    continue;
                }
                let u = self.other(e, v);
                if self.stamp[u as usize] != ep {
                    visit(self, u, e);
                } else if e != self.via[v as usize] {
                    let d = self.disc[u as usize];
                    if d < self.low[v as usize] {
                        self.low[v as usize] = d;
                    }
                }
                continue;
            }
            self.dfs.pop();
            let Some(&(p, _)) = self.dfs.last() else {
                break;
            };
            let (vi, pi) = (v as usize, p as usize);
            if self.low[vi] < self.low[pi] {
                self.low[pi] = self.low[vi];
            }
            self.sub[pi] += self.sub[vi];
            self.sub_colour[pi] += self.sub_colour[vi];
            if p == root {
                root_children += 1;
            } else if self.low[vi] >= self.disc[pi] {
                self.seps.push((p, v));
            }
            if self.low[vi] > self.disc[pi] {
                self.bridges.push(self.via[vi]);
            }
        }
        if time as usize != n || root_children > 1 {
            return false;
        }
        // the end must lie in every split-off piece: the pieces are subtrees, so their
        // intersection is the deepest one
        let (mut lo, mut hi) = (0u32, self.n);
        for k in 0..self.seps.len() {
            let (p, c) = self.seps[k];
            let (pi, ci) = (p as usize, c as usize);
            if self.sep_mark[pi] == ep {
                return false; // a second piece split off by the same tile
            }
            self.sep_mark[pi] = ep;
            // p cannot be the end: the piece behind it would stay uncovered
            let f = self.inc[pi][4];
            if f != NONE && !self.set_out(f) {
                return false;
            }
            let (a, b) = (self.disc[ci], self.disc[ci] + self.sub[ci]);
            lo = lo.max(a);
            hi = hi.min(b);
            if lo >= hi {
                return false;
            }
            // a path through all m tiles of the piece, starting next to p: it alternates
            // colours beginning with the colour p does not have
            let m = self.sub[ci];
            let ones = self.sub_colour[ci];
            let first = if self.colour[pi] { m - ones } else { ones };
            let second = m - first;
            if first != second + (m & 1) {
                return false;
            }
        }
        if lo > 0 || hi < self.n {
            for k in 0..self.vinc.len() {
                let e = self.vinc[k];
                if self.status[e as usize] == OUT {
                    continue;
                }
                let v = self.other(e, self.vend) as usize;
                if (self.disc[v] < lo || self.disc[v] >= hi) && !self.set_out(e) {
                    return false;
                }
            }
        }
        for k in 0..self.bridges.len() {
            let e = self.bridges[k];
            if !self.set_in(e) {
                return false;
            }
        }
        true
    }
}
