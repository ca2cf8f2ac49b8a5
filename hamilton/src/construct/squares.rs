//! Square flips: two opposite sides of a unit square in different pieces traded for the
//! other two sides, which joins the pieces.

use super::{Construct, NONE, Phase};

/// Slots of the neighbour array, as in [`Dir::ALL`](crate::path::Dir::ALL).
const DOWN: usize = 1;
const RIGHT: usize = 3;

impl Construct {
    /// Tries the flip of the square whose top-left tile is `a`; `true` if it joined two pieces.
    pub(super) fn try_square(&mut self, a: u32) -> bool {
        let b = self.nbr[a as usize][RIGHT];
        let d = self.nbr[a as usize][DOWN];
        if b == NONE || d == NONE {
            return false;
        }
        let c = self.nbr[b as usize][DOWN];
        if c == NONE {
            return false;
        }
        // horizontal pair a-b, d-c or vertical pair a-d, b-c
        for (p, q, r, s) in [(a, b, d, c), (a, d, b, c)] {
            if self.linked(p, q)
                && self.linked(r, s)
                && !self.linked(p, r)
                && !self.linked(q, s)
                && self.find(p) != self.find(r)
                && self.may_trade((p, q), (r, s), (p, r), (q, s))
            {
                self.remove(p, q);
                self.remove(r, s);
                self.add(p, r);
                self.add(q, s);
                self.union(p, r);
                // the path's order changed (or grew)
                self.order_stale = true;
                self.dist_stale = true;
                return true;
            }
        }
        false
    }

    /// The squares that have `a` as a corner.
    pub(super) fn squares_around(&self, a: u32) -> [u32; 4] {
        const UP: usize = 0;
        const LEFT: usize = 2;
        let up = self.nbr[a as usize][UP];
        let left = self.nbr[a as usize][LEFT];
        let up_left = if up == NONE {
            NONE
        } else {
            self.nbr[up as usize][LEFT]
        };
        [a, up, left, up_left]
    }

    /// One pass of square flips over the board; then the walk if pieces remain.
    pub(super) fn squares_pass(&mut self) -> bool {
        let mut joined = false;
        for a in 0..self.n {
            if self.cycles == 0 {
                break;
            }
            joined |= self.try_square(a);
        }
        if !joined {
            self.phase = Phase::Rejoin;
        }
        true
    }

    /// Flips the squares next to the new edge `a-b` that now join two pieces.
    pub(super) fn squares_near(&mut self, a: u32, b: u32) {
        for v in [a, b] {
            for s in self.squares_around(v) {
                if s != NONE && self.cycles > 0 {
                    self.try_square(s);
                }
            }
        }
    }
}
