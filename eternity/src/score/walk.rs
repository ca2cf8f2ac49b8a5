//! The depth-first walk of one restart: the continuation (a cursor per depth), the break
//! accounting and the best-board check, with nothing else in the inner loop.

use puzzle_search::{Limit, Meter};

use super::tables::{Cand, Hot, Layout, parity_bit};
use crate::board::Board;
use crate::instance::{Candidate, Colour, Instance, Rotation};

/// The cursor of one depth: which list is being walked and where, the key colours of the
/// cell, and what lies there now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Frame {
    /// The list being walked (see the `tables` module docs).
    pub(crate) phase: u8,
    /// The position of the next candidate to try in that list.
    pub(crate) pos: u32,
    /// That list's range in the layout's pool ([`NO_LIST`] in `lo` past the last list).
    lo: u32,
    hi: u32,
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
    /// The fewest breaks that parity needs ([`breaks_for`]).
    need: u32,
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
            lo: 0,
            hi: 0,
            x: 0,
            y: 0,
            cand: EMPTY,
            exact: false,
            breaks: 0,
            matched: 0,
            parity: 0,
            need: 0,
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
    /// The colours the key and extra sides read ([`Layout::colour_slots`]): the placed
    /// depths' edges, then every colour itself.
    colours: Vec<Colour>,
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

/// `Frame::lo` of a cursor whose phase names no list.
const NO_LIST: u32 = u32::MAX;

/// The list of phase `phase` at a depth with `keys` keys showing `(x, y)`: its pool range and
/// the breaks it costs on the key sides ([`phase_base`]; see the `tables` module docs).
#[inline]
fn phase_list(
    layout: &Layout,
    h: &Hot,
    phase: usize,
    x: Colour,
    y: Colour,
) -> Option<((u32, u32), u32)> {
    let range = match (h.keys, phase) {
        (0, 0) | (1, 1) | (2, 3) => h.all,
        (1, 0) | (2, 1) => layout.bucket(h.first, x as usize),
        (2, 0) => layout.bucket(h.pair, layout.pair_bucket(x, y)),
        (2, 2) => layout.bucket(h.second, y as usize),
        _ => return None,
    };
    Some((range, phase_base(h.keys, phase)))
}

/// The breaks a list of `phase` costs on the key sides (phases past the last list included:
/// they are never scanned).
#[inline]
fn phase_base(keys: u8, phase: usize) -> u32 {
    match (keys, phase) {
        (_, 0) => 0,
        (2, 3) => 2,
        _ => 1,
    }
}

/// What one scan of a list compares each candidate with: all of it fixed for the scan.
struct Scan {
    /// The key sides (`& 3`).
    k0: usize,
    k1: usize,
    x: Colour,
    y: Colour,
    /// The parity before this depth, and the fewest breaks it needs.
    parity: u64,
    parity_breaks: u32,
    /// The breaks of the list, the most this placement may cost, the most to the end.
    base: u32,
    slack: u32,
    to_end: u32,
    /// The extra sides: a mask of their edge bytes and the colours they want there, then
    /// each side (its wanted colour is its byte of `extra_want`).
    extra_mask: u32,
    extra_want: u32,
    extras: usize,
    extra_side: [usize; 2],
}

/// The edges of a candidate as one word, a byte a side.
#[inline(always)]
fn word(c: &Cand) -> u32 {
    u32::from_le_bytes(c.edges)
}

/// The edge byte of side `k` (`0..4`) of a word.
#[inline(always)]
fn byte(e: u32, k: usize) -> Colour {
    (e >> (8 * (k & 3))) as Colour
}

/// Scans `list` from `*pos` for the first free candidate that [`Walk::next_candidate`] takes;
/// `T0` (`T1`): the list skips candidates whose first (second) key matches, and breaks it on
/// the others.
#[inline(always)]
fn scan<const T0: bool, const T1: bool>(
    list: &[Cand],
    pos: &mut usize,
    used: &[bool],
    s: &Scan,
) -> Option<(Cand, u32, (u64, u32))> {
    while let Some(c) = list.get(*pos) {
        *pos += 1;
        if used[c.piece as usize] {
            continue;
        }
        let e = word(c);
        let (e0, e1) = (byte(e, s.k0), byte(e, s.k1));
        if (T0 && e0 == s.x) || (T1 && e1 == s.y) {
            continue;
        }
        let mut p = s.parity;
        if T0 {
            p ^= parity_bit(e0) ^ parity_bit(s.x);
        }
        if T1 {
            p ^= parity_bit(e1) ^ parity_bit(s.y);
        }
        let mut cost = s.base;
        if e & s.extra_mask != s.extra_want {
            for i in 0..s.extras {
                let side = s.extra_side[i];
                let (have, want) = (byte(e, side), byte(s.extra_want, side));
                if have != want {
                    cost += 1;
                    p ^= parity_bit(have) ^ parity_bit(want);
                }
            }
        }
        if cost <= s.slack {
            let need = if p == s.parity {
                s.parity_breaks
            } else {
                breaks_for(p)
            };
            if cost + need <= s.to_end {
                return Some((*c, cost, (p, need)));
            }
        }
    }
    None
}

/// The depth being filled as [`Walk::run`] keeps it from node to node: its cursor (the
/// fields of its [`Frame`], written back only when the walk leaves the depth or returns) and
/// what its scans compare with, fixed while the depth is open. Kept in locals, the set-up of
/// a scan reads no frame and no colour.
#[derive(Clone, Copy, Debug)]
struct Cur {
    phase: usize,
    pos: usize,
    lo: u32,
    hi: u32,
    x: Colour,
    y: Colour,
    exact: bool,
    /// Breaks, matched edges and parity (with the breaks it needs) once the depths before
    /// are placed ([`Walk::before`]).
    breaks: u32,
    matched: u32,
    parity: u64,
    need: u32,
    /// The extra sides' edge-byte mask and the colours they want there ([`Scan`]).
    extra_mask: u32,
    extra_want: u32,
}

/// The next candidate of the depth of `c` (whose table data is `h`) that is free and costs at
/// most `slack` breaks, leaving a parity that the `to_end` breaks still allowed to the end of
/// the board can make up; with its cost and that parity, advancing the cursor past it. The
/// parity comes with the fewest breaks it needs.
#[inline(always)]
fn next_in(
    layout: &Layout,
    h: &Hot,
    used: &[bool],
    stuck_only: bool,
    c: &mut Cur,
    slack: u32,
    to_end: u32,
) -> Option<(Cand, u32, (u64, u32))> {
    if c.lo == NO_LIST {
        return None;
    }
    if c.phase == 0 {
        // The exact list (nearly every scan starts there) compares no key and costs no break
        // on the keys: its scan needs none of the key set-up of the later lists.
        let s = Scan {
            k0: 0,
            k1: 0,
            x: 0,
            y: 0,
            parity: c.parity,
            parity_breaks: c.need,
            base: 0,
            slack,
            to_end,
            extra_mask: c.extra_mask,
            extra_want: c.extra_want,
            extras: h.extras as usize,
            extra_side: [h.extra_side[0] as usize & 3, h.extra_side[1] as usize & 3],
        };
        let found = scan::<false, false>(layout.list((c.lo, c.hi)), &mut c.pos, used, &s);
        if found.is_some() {
            c.exact = true;
            return found;
        }
        if stuck_only && c.exact {
            // Something fitted here without a break: no breaks at this cell.
            c.phase = SPENT as usize;
            c.pos = 0;
            c.lo = NO_LIST;
            return None;
        }
        c.phase = 1;
        c.pos = 0;
        let Some((r, _)) = phase_list(layout, h, 1, c.x, c.y) else {
            c.lo = NO_LIST;
            return None;
        };
        (c.lo, c.hi) = r;
    }
    next_keyed(layout, h, used, c, slack, to_end)
}

/// [`next_in`] past the exact list: the lists that break a key.
#[inline]
fn next_keyed(
    layout: &Layout,
    h: &Hot,
    used: &[bool],
    c: &mut Cur,
    slack: u32,
    to_end: u32,
) -> Option<(Cand, u32, (u64, u32))> {
    let mut s = Scan {
        k0: h.k[0] as usize & 3,
        k1: h.k[1] as usize & 3,
        x: c.x,
        y: c.y,
        parity: c.parity,
        parity_breaks: c.need,
        base: phase_base(h.keys, c.phase),
        slack,
        to_end,
        extra_mask: c.extra_mask,
        extra_want: c.extra_want,
        extras: h.extras as usize,
        extra_side: [h.extra_side[0] as usize & 3, h.extra_side[1] as usize & 3],
    };
    loop {
        if s.base > slack {
            return None;
        }
        let list = layout.list((c.lo, c.hi));
        let found = match (h.keys, c.phase) {
            (1, 1) | (2, 2) => scan::<true, false>(list, &mut c.pos, used, &s),
            (2, 1) => scan::<false, true>(list, &mut c.pos, used, &s),
            (2, 3) => scan::<true, true>(list, &mut c.pos, used, &s),
            _ => scan::<false, false>(list, &mut c.pos, used, &s),
        };
        if found.is_some() {
            return found;
        }
        c.phase += 1;
        c.pos = 0;
        let Some((r, base)) = phase_list(layout, h, c.phase, c.x, c.y) else {
            c.lo = NO_LIST;
            return None;
        };
        (c.lo, c.hi) = r;
        s.base = base;
    }
}

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
            colours: layout.colour_slots(),
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
    #[inline]
    fn enter(&mut self, layout: &Layout, d: usize) {
        let c = self.fresh(layout, &layout.hot[d], (0, 0, 0, 0));
        self.frames[d] = Frame {
            x: c.x,
            y: c.y,
            lo: c.lo,
            hi: c.hi,
            ..Frame::fresh()
        };
    }

    /// The state of a depth just opened (table data `h`) after depths placed to `before`
    /// (breaks, matched edges, parity and its breaks).
    #[inline(always)]
    fn fresh(&self, layout: &Layout, h: &Hot, before: (u32, u32, u64, u32)) -> Cur {
        let (x, y) = (
            self.colours[h.key_src[0] as usize],
            self.colours[h.key_src[1] as usize],
        );
        let (lo, hi) = phase_list(layout, h, 0, x, y).map_or((0, 0), |(r, _)| r);
        let (extra_mask, extra_want) = self.extras(h);
        let (breaks, matched, parity, need) = before;
        Cur {
            phase: 0,
            pos: 0,
            lo,
            hi,
            x,
            y,
            exact: false,
            breaks,
            matched,
            parity,
            need,
            extra_mask,
            extra_want,
        }
    }

    /// The state of open depth `d` from its frame.
    #[inline(always)]
    fn load(&self, layout: &Layout, d: usize) -> Cur {
        let f = &self.frames[d];
        let (breaks, matched, (parity, need)) = self.before(layout, d);
        let (extra_mask, extra_want) = self.extras(&layout.hot[d]);
        Cur {
            phase: f.phase as usize,
            pos: f.pos as usize,
            lo: f.lo,
            hi: f.hi,
            x: f.x,
            y: f.y,
            exact: f.exact,
            breaks,
            matched,
            parity,
            need,
            extra_mask,
            extra_want,
        }
    }

    /// Writes the cursor of `c` back to the frame of depth `d`.
    #[inline(always)]
    fn store(&mut self, d: usize, c: &Cur) {
        let f = &mut self.frames[d];
        f.phase = c.phase as u8;
        f.pos = c.pos as u32;
        f.lo = c.lo;
        f.hi = c.hi;
        f.x = c.x;
        f.y = c.y;
        f.exact = c.exact;
    }

    /// The edge-byte mask of a depth's extra sides and the colours the placed neighbours
    /// want there.
    #[inline(always)]
    fn extras(&self, h: &Hot) -> (u32, u32) {
        let (mut mask, mut want) = (0, 0);
        for i in 0..h.extras as usize {
            let side = h.extra_side[i] as usize & 3;
            mask |= 0xFF << (8 * side);
            want |= u32::from(self.colours[h.extra_src[i] as usize]) << (8 * side);
        }
        (mask, want)
    }

    /// Points the cursor of depth `d` at the list of its phase (after a replay set it).
    fn aim(&mut self, layout: &Layout, d: usize) {
        let f = self.frames[d];
        let (lo, hi) = phase_list(layout, &layout.hot[d], f.phase as usize, f.x, f.y)
            .map_or((NO_LIST, 0), |(r, _)| r);
        let f = &mut self.frames[d];
        f.lo = lo;
        f.hi = hi;
    }

    /// Records the candidate placed at depth `d` where later depths read its edges.
    #[inline]
    fn record(&mut self, d: usize, cand: Cand) {
        self.colours[4 * d..4 * d + 4].copy_from_slice(&cand.edges);
    }

    /// The board of the candidates placed at the depths before `depth`, pins included.
    fn board(&self, inst: &Instance, layout: &Layout, depth: usize) -> Board {
        let mut b = Board::with_hints(inst);
        for (f, dp) in self.frames[..depth].iter().zip(&layout.depths) {
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
        let last_allowed = allowed[n - 1];
        // The depth being filled and the node counters live in locals while the walk runs;
        // the frame of the depth and the counters are written back on return.
        let mut d = self.depth;
        let mut h = &layout.hot[d];
        let mut c = self.load(layout, d);
        let (mut run_nodes, mut walk_nodes) = (*nodes, self.nodes);
        let event = loop {
            if self.exhausted || walk_nodes >= allowance {
                break Event::Done;
            }
            if !meter.go_on(run_nodes) {
                break Event::Paused;
            }
            // Past the bound, nothing below can improve: back up at once.
            let found = if c.breaks > self.bound {
                None
            } else {
                let slack = allowed[d].min(self.bound) - c.breaks;
                let to_end = last_allowed.min(self.bound).saturating_sub(c.breaks);
                let slack = slack.min(self.cell_breaks);
                next_in(
                    layout,
                    h,
                    &self.used,
                    self.stuck_only,
                    &mut c,
                    slack,
                    to_end,
                )
            };
            let Some((cand, breaks, (parity, need))) = found else {
                // This depth is exhausted: back up (its frame is not read again before the
                // depth is opened afresh).
                if d == 0 {
                    self.exhausted = true;
                    break Event::Done;
                }
                d -= 1;
                h = &layout.hot[d];
                c = self.load(layout, d);
                self.used[self.frames[d].cand.piece as usize] = false;
                continue;
            };
            run_nodes += 1;
            walk_nodes += 1;
            let placed = Frame {
                phase: c.phase as u8,
                pos: c.pos as u32,
                lo: c.lo,
                hi: c.hi,
                x: c.x,
                y: c.y,
                cand,
                exact: c.exact,
                breaks: c.breaks + breaks,
                matched: c.matched + h.soft - breaks,
                parity,
                need,
            };
            self.frames[d] = placed;
            // Boards order by score alone: a partial one is completed before it is kept.
            let key = layout.pinned_matches + placed.matched;
            let improved = key > *best_key;
            self.max_depth = self.max_depth.max(d + 1);
            if improved {
                *best_key = key;
                *best = Some(self.board(inst, layout, d + 1));
            }
            if d + 1 < n {
                self.used[cand.piece as usize] = true;
                self.record(d, cand);
                d += 1;
                h = &layout.hot[d];
                c = self.fresh(layout, h, (placed.breaks, placed.matched, parity, need));
            } else {
                // A full board: nothing deeper; the next candidate here comes next, and from
                // now on only boards with fewer breaks.
                self.bound = self.bound.min(placed.breaks.saturating_sub(1));
                if placed.breaks == 0 {
                    // Full score: nothing in this restart can do better.
                    self.exhausted = true;
                }
            }
            if improved {
                break Event::Improved;
            }
        };
        self.store(d, &c);
        self.depth = d;
        *nodes = run_nodes;
        self.nodes = walk_nodes;
        event
    }

    /// Breaks, matched edges and parity (with the breaks it needs) once the depths before `d`
    /// are placed.
    #[inline]
    fn before(&self, layout: &Layout, d: usize) -> (u32, u32, (u64, u32)) {
        match d.checked_sub(1) {
            None => (0, 0, (layout.parity, breaks_for(layout.parity))),
            Some(p) => {
                let f = &self.frames[p];
                (f.breaks, f.matched, (f.parity, f.need))
            }
        }
    }

    /// The next candidate of depth `d` that is free and costs at most `slack` breaks (and at
    /// most the walk's breaks per placement), leaving a parity that the `to_end` breaks still
    /// allowed to the end of the board can make up; with its cost and that parity, advancing
    /// the cursor past it. The parity comes with the fewest breaks it needs.
    #[inline]
    fn next_candidate(
        &mut self,
        layout: &Layout,
        d: usize,
        slack: u32,
        to_end: u32,
        (parity, parity_breaks): (u64, u32),
    ) -> Option<(Cand, u32, (u64, u32))> {
        let slack = slack.min(self.cell_breaks);
        let mut c = Cur {
            parity,
            need: parity_breaks,
            ..self.load(layout, d)
        };
        let found = next_in(
            layout,
            &layout.hot[d],
            &self.used,
            self.stuck_only,
            &mut c,
            slack,
            to_end,
        );
        self.store(d, &c);
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
                self.aim(layout, d);
                let (breaks_before, matched_before, parity_before) = self.before(layout, d);
                let slack = allowed[d].saturating_sub(breaks_before);
                let to_end = allowed[n - 1].saturating_sub(breaks_before);
                let Some((cand, breaks, (parity, need))) =
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
                f.matched = matched_before + layout.hot[d].soft - breaks;
                f.parity = parity;
                f.need = need;
                self.used[cand.piece as usize] = true;
                self.record(d, cand);
                self.depth = d + 1;
                self.enter(layout, d + 1);
            } else {
                let f = &mut self.frames[d];
                f.phase = phase;
                f.pos = pos;
                self.aim(layout, d);
                let f = &mut self.frames[d];
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
