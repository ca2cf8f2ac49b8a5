//! The depth-first walk of one restart: the continuation (a cursor per depth), the break
//! accounting and the best-board check, with nothing else in the inner loop.

use puzzle_search::{Limit, Meter};

use super::tables::{Cand, Layout, Source, parity_bit};
use crate::board::Board;
use crate::instance::{Candidate, Instance, Rotation};

/// The cursor of one depth: which list is being walked and where, the key colours of the
/// cell, and what lies there now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Frame {
    /// The list being walked (see the `tables` module docs).
    pub(crate) phase: u8,
    /// The position of the next candidate to try in that list.
    pub(crate) pos: u32,
    /// The key colours the cell's filled neighbours show.
    x: u8,
    y: u8,
    /// The candidate placed here (valid while a deeper depth is open).
    pub(crate) cand: Cand,
    /// A candidate without breaks on its keys was placed here.
    exact: bool,
    /// Breaks in total once this depth's candidate is placed.
    breaks: u32,
    /// Matched edges in total (pins excluded) once it is placed.
    matched: u32,
    /// The colour parity the breaks still to come must make up once it is placed (see
    /// [`Layout::parity`]).
    parity: u64,
}

const EMPTY: Cand = Cand {
    piece: 0,
    rot: 0,
    edges: [0; 4],
};

impl Frame {
    fn fresh() -> Frame {
        Frame {
            phase: 0,
            pos: 0,
            x: 0,
            y: 0,
            cand: EMPTY,
            exact: false,
            breaks: 0,
            matched: 0,
            parity: 0,
        }
    }
}

/// The fewest breaks that can make up `parity`: each flips two bits.
#[inline]
fn breaks_for(parity: u64) -> u32 {
    parity.count_ones().div_ceil(2)
}

/// What a call to [`Walk::run`] ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    /// A board (partial or complete) scoring more than the best so far was placed.
    Improved,
    /// The step's budget is spent.
    Paused,
    /// The restart's node allowance is spent, or its tree is exhausted.
    Done,
}

/// The walk of one restart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Walk {
    /// One frame per depth; `frames[..depth]` hold placed candidates.
    pub(crate) frames: Vec<Frame>,
    /// The depth being filled.
    pub(crate) depth: usize,
    /// Pieces in use (pins included).
    used: Vec<bool>,
    /// The tree of this restart is exhausted.
    pub(crate) exhausted: bool,
    /// Nodes of this restart.
    pub(crate) nodes: u64,
    /// The deepest depth filled in this restart (the number of placed pieces).
    pub(crate) max_depth: usize,
    /// The most breaks a board may still have in this restart: one fewer than the best
    /// complete board of the restart had (branch and bound: a complete board improves only
    /// with fewer breaks). Per restart, so restarts stay independent of each other.
    pub(crate) bound: u32,
    /// Breaks only at cells where no candidate fits exactly (see
    /// [`ScoreOptions::breaks_when_stuck`](super::ScoreOptions::breaks_when_stuck)).
    pub(crate) stuck_only: bool,
    /// The most breaks one placement may cost.
    pub(crate) cell_breaks: u32,
}

/// The phase of a cursor that has nothing more to try.
const SPENT: u8 = u8::MAX;

impl Walk {
    /// A walk from the root of a restart.
    pub(crate) fn start(
        inst: &Instance,
        layout: &Layout,
        stuck_only: bool,
        cell_breaks: u32,
    ) -> Walk {
        let mut w = Walk {
            frames: vec![Frame::fresh(); layout.depths.len()],
            depth: 0,
            used: inst.hinted_pieces(),
            exhausted: layout.depths.is_empty(),
            nodes: 0,
            max_depth: 0,
            bound: u32::MAX,
            stuck_only,
            cell_breaks: cell_breaks.max(1),
        };
        if !w.exhausted {
            w.enter(layout, 0);
        }
        w
    }

    /// Opens depth `d`: a fresh cursor and the key colours its neighbours show.
    fn enter(&mut self, layout: &Layout, d: usize) {
        let dp = &layout.depths[d];
        let colour = |k: usize| match dp.keys.get(k).map(|s| s.source) {
            Some(Source::Earlier { depth, side }) => self.frames[depth].cand.edges[side.index()],
            Some(Source::Fixed(c)) => c,
            None => 0,
        };
        let (x, y) = (colour(0), colour(1));
        let f = &mut self.frames[d];
        *f = Frame {
            x,
            y,
            ..Frame::fresh()
        };
    }

    /// The board of the placed candidates, pins included.
    pub(crate) fn board(&self, inst: &Instance, layout: &Layout) -> Board {
        let mut b = Board::with_hints(inst);
        for (f, dp) in self.frames[..self.depth].iter().zip(&layout.depths) {
            b.place(dp.cell, candidate(f.cand));
        }
        b
    }

    /// Walks until an improvement on `best_key`, the end of the step's budget or the end of
    /// the restart (`allowance` nodes). `nodes` is the run's total node counter (the meter's).
    /// On [`Event::Improved`], `best` holds the improving board and `best_key` its key.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn run<L: Limit>(
        &mut self,
        inst: &Instance,
        layout: &Layout,
        allowed: &[u32],
        allowance: u64,
        meter: &mut Meter<L>,
        nodes: &mut u64,
        best_key: &mut u32,
        best: &mut Option<Board>,
    ) -> Event {
        let n = layout.depths.len();
        loop {
            if self.exhausted || self.nodes >= allowance {
                return Event::Done;
            }
            if !meter.go_on(*nodes) {
                return Event::Paused;
            }
            let d = self.depth;
            let (breaks_before, matched_before, parity_before) = self.before(layout, d);
            // Past the bound, nothing below can improve: back up at once.
            let found = if breaks_before > self.bound {
                None
            } else {
                let slack = allowed[d].min(self.bound) - breaks_before;
                let to_end = allowed[n - 1].min(self.bound).saturating_sub(breaks_before);
                self.next_candidate(layout, d, slack, to_end, parity_before)
            };
            let Some((cand, breaks, parity)) = found else {
                // This depth is exhausted: back up.
                if d == 0 {
                    self.exhausted = true;
                    return Event::Done;
                }
                self.depth -= 1;
                let back = self.frames[d - 1].cand;
                self.used[back.piece as usize] = false;
                continue;
            };
            *nodes += 1;
            self.nodes += 1;
            let dp = &layout.depths[d];
            let f = &mut self.frames[d];
            f.cand = cand;
            f.breaks = breaks_before + breaks;
            f.matched = matched_before + dp.soft() - breaks;
            f.parity = parity;
            let f_breaks = f.breaks;
            // Boards order by score alone: a partial one is completed before it is kept.
            let key = layout.pinned_matches + f.matched;
            let improved = key > *best_key;
            self.depth = d + 1;
            self.max_depth = self.max_depth.max(self.depth);
            if improved {
                *best_key = key;
                *best = Some(self.board(inst, layout));
            }
            if d + 1 < n {
                self.used[cand.piece as usize] = true;
                self.enter(layout, d + 1);
            } else {
                // A full board: nothing deeper; the next candidate here comes next, and from
                // now on only boards with fewer breaks.
                self.depth = d;
                self.bound = self.bound.min(f_breaks.saturating_sub(1));
                if f_breaks == 0 {
                    // Full score: nothing in this restart can do better.
                    self.exhausted = true;
                }
            }
            if improved {
                return Event::Improved;
            }
        }
    }

    /// Breaks, matched edges and parity once the depths before `d` are placed.
    #[inline]
    fn before(&self, layout: &Layout, d: usize) -> (u32, u32, u64) {
        match d.checked_sub(1) {
            None => (0, 0, layout.parity),
            Some(p) => {
                let f = &self.frames[p];
                (f.breaks, f.matched, f.parity)
            }
        }
    }

    /// The next candidate of depth `d` that is free and costs at most `slack` breaks (and at
    /// most the walk's breaks per placement), leaving a parity that the `to_end` breaks still
    /// allowed to the end of the board can make up; with its cost and that parity, advancing
    /// the cursor past it.
    #[inline]
    fn next_candidate(
        &mut self,
        layout: &Layout,
        d: usize,
        slack: u32,
        to_end: u32,
        parity: u64,
    ) -> Option<(Cand, u32, u64)> {
        let slack = slack.min(self.cell_breaks);
        let dp = &layout.depths[d];
        let t = &layout.tables[dp.table];
        let keys = dp.keys.len();
        let Frame { x, y, .. } = self.frames[d];
        let (mut phase, mut pos) = (self.frames[d].phase as usize, self.frames[d].pos as usize);
        let k0 = dp.keys.first().map_or(0, |s| s.side.index());
        let k1 = dp.keys.get(1).map_or(0, |s| s.side.index());
        let found = 'phases: loop {
            // The list of this phase, the breaks it costs on the key sides, and which of its
            // candidates belong to an earlier list (and are skipped here).
            let (list, base): (&[Cand], u32) = match (keys, phase) {
                (0, 0) => (t.all.bucket(0), 0),
                (1, 0) => (t.first.bucket(x as usize), 0),
                (1, 1) => (t.all.bucket(0), 1),
                (2, 0) => (t.pair.bucket(layout.pair_bucket(x, y)), 0),
                (2, 1) => (t.first.bucket(x as usize), 1),
                (2, 2) => (t.second.bucket(y as usize), 1),
                (2, 3) => (t.all.bucket(0), 2),
                _ => break None,
            };
            if base > slack {
                break None;
            }
            while pos < list.len() {
                let c = list[pos];
                pos += 1;
                if self.used[c.piece as usize] {
                    continue;
                }
                let earlier = match (keys, phase) {
                    (1, 1) | (2, 2) => c.edges[k0] == x,
                    (2, 1) => c.edges[k1] == y,
                    (2, 3) => c.edges[k0] == x || c.edges[k1] == y,
                    _ => false,
                };
                if earlier {
                    continue;
                }
                // The colours a break flips: the key sides this list breaks, then the extras.
                let flip0 = parity_bit(c.edges[k0]) ^ parity_bit(x);
                let flip1 = parity_bit(c.edges[k1]) ^ parity_bit(y);
                let mut p = parity
                    ^ match (keys, phase) {
                        (1, 1) | (2, 2) => flip0,
                        (2, 1) => flip1,
                        (2, 3) => flip0 ^ flip1,
                        _ => 0,
                    };
                let mut cost = base;
                for s in &dp.extra {
                    let want = match s.source {
                        Source::Earlier { depth, side } => {
                            self.frames[depth].cand.edges[side.index()]
                        }
                        Source::Fixed(c) => c,
                    };
                    let have = c.edges[s.side.index()];
                    if have != want {
                        cost += 1;
                        p ^= parity_bit(have) ^ parity_bit(want);
                    }
                }
                if cost <= slack && cost + breaks_for(p) <= to_end {
                    break 'phases Some((c, cost, p));
                }
            }
            if phase == 0 && self.stuck_only && self.frames[d].exact {
                // Something fitted here without a break: no breaks at this cell.
                phase = SPENT as usize;
                pos = 0;
                break None;
            }
            phase += 1;
            pos = 0;
        };
        let f = &mut self.frames[d];
        f.phase = phase as u8;
        f.pos = pos as u32;
        if found.is_some() && phase == 0 {
            f.exact = true;
        }
        found
    }

    /// Replays recorded cursors `(phase, pos)` from the root: each must name a free
    /// candidate within the schedule. Returns the depth of the first that does not, and why.
    pub(crate) fn replay(
        &mut self,
        layout: &Layout,
        allowed: &[u32],
        cursors: &[(u8, u32)],
    ) -> Result<(), (usize, String)> {
        let n = layout.depths.len();
        for (d, &(phase, pos)) in cursors.iter().enumerate() {
            if d >= n {
                return Err((d, "deeper than the fill order".into()));
            }
            if d + 1 < cursors.len() {
                // A placed depth: its cursor sits just past its candidate.
                if pos == 0 {
                    return Err((d, "a placed depth's cursor cannot be at 0".into()));
                }
                let f = &mut self.frames[d];
                f.phase = phase;
                f.pos = pos - 1;
                let (breaks_before, matched_before, parity_before) = self.before(layout, d);
                let slack = allowed[d].saturating_sub(breaks_before);
                let to_end = allowed[n - 1].saturating_sub(breaks_before);
                let Some((cand, breaks, parity)) =
                    self.next_candidate(layout, d, slack, to_end, parity_before)
                else {
                    return Err((d, "no candidate at the recorded position".into()));
                };
                let f = &mut self.frames[d];
                if (f.phase, f.pos) != (phase, pos) {
                    return Err((
                        d,
                        "the recorded candidate is in use or over the schedule".into(),
                    ));
                }
                f.cand = cand;
                f.breaks = breaks_before + breaks;
                f.matched = matched_before + layout.depths[d].soft() - breaks;
                f.parity = parity;
                self.used[cand.piece as usize] = true;
                self.depth = d + 1;
                self.enter(layout, d + 1);
            } else {
                let f = &mut self.frames[d];
                f.phase = phase;
                f.pos = pos;
                // The cursor moves within the first list only past candidates it returned.
                f.exact = phase == 0 && pos > 0;
            }
        }
        Ok(())
    }

    /// The cursors of the open depths, root first (what [`Walk::replay`] takes).
    pub(crate) fn cursors(&self) -> Vec<(u8, u32)> {
        if self.frames.is_empty() {
            return Vec::new();
        }
        self.frames[..=self.depth]
            .iter()
            .map(|f| (f.phase, f.pos))
            .collect()
    }
}

/// The family's candidate of a score-search candidate.
pub(crate) fn candidate(c: Cand) -> Candidate {
    Candidate {
        piece: c.piece,
        rotation: Rotation::new(c.rot).expect("rotations are below 4"),
    }
}
