//! The exact re-fill of one window: a small branch and bound over the window's own pieces,
//! built for the window alone.
//!
//! The restarts' walk is made for a board of 256 cells with few breaks allowed, where exact
//! fits come first and most lists are short. A window is the opposite: a dozen cells with as
//! many breaks allowed as it has now, every piece a candidate nearly everywhere, and the edges
//! facing the pinned rest of the board (most of the window's edges) known before the first
//! placement. So the window gets its own tables, built once per window:
//! - per cell, the rotations of the window's pieces that keep the rim rule there, each with its
//!   *fixed cost* (the breaks against pinned neighbours), sorted by that cost, then by the
//!   window's seeded piece ranking;
//! - per depth, the least fixed cost of every cell still to fill (a suffix sum), a lower bound
//!   on the breaks to come that the parity bound of the restarts' walk cannot give here.
//!
//! A candidate whose fixed cost alone, with the bound of the cells after it, passes the limit
//! ends the scan of its cell (the rest cost as much or more). Only the left and upper
//! neighbours of a cell can be earlier in row-major order, so each placement compares at most
//! two edges at run time.

use super::rng::SplitMix;
use crate::board::Board;
use crate::instance::{Candidate, Colour, GREY, Instance, PieceId, Rotation, Side};

/// One candidate of one window cell.
#[derive(Clone, Copy, Debug)]
struct Choice {
    /// The piece's index among the window's pieces (for the used flags).
    local: usize,
    piece: PieceId,
    rotation: Rotation,
    edges: [Colour; 4],
    /// Breaks against pinned neighbours.
    fixed: u32,
}

/// One cell of the window, in fill order.
#[derive(Clone, Debug)]
struct Slot {
    cell: usize,
    /// The depths of its left and upper neighbours when they are in the window.
    left: Option<usize>,
    up: Option<usize>,
    choices: Vec<Choice>,
}

/// The best fills the search found: the last one with fewer breaks than the window has now,
/// and the first different one with as many.
#[derive(Clone, Debug, Default)]
pub(crate) struct Found {
    /// Candidates per depth of a fill with fewer breaks (the fewest found).
    pub(crate) better: Option<Vec<Candidate>>,
    /// Candidates per depth of a different fill with as many breaks.
    pub(crate) drift: Option<Vec<Candidate>>,
    /// Placements made.
    pub(crate) nodes: u64,
}

/// The search over one window (see the module docs).
pub(crate) struct WindowFill {
    slots: Vec<Slot>,
    /// `bound[d]`: the least fixed cost of the cells at depths `d..`.
    bound: Vec<u32>,
    /// The board's own candidates per depth (a drift must differ from them).
    own: Vec<Candidate>,
    /// The breaks the window has now.
    now: u32,
}

impl WindowFill {
    /// The window of `cells` (filled, unpinned cells of `board`, ascending) with the pieces on
    /// them, ranked by a draw of `rng` per piece.
    pub(crate) fn new(
        inst: &Instance,
        board: &Board,
        cells: &[usize],
        rng: &mut SplitMix,
    ) -> WindowFill {
        let own: Vec<Candidate> = cells
            .iter()
            .map(|&c| {
                let p = board.get(c).expect("window cells are filled");
                Candidate {
                    piece: p.piece,
                    rotation: p.rotation,
                }
            })
            .collect();
        let rank: Vec<u64> = own.iter().map(|_| rng.next_u64()).collect();
        let depth_of = |cell: usize| cells.binary_search(&cell).ok();
        let mut slots = Vec::with_capacity(cells.len());
        for &cell in cells {
            let mut choices = Vec::new();
            for (local, c) in own.iter().enumerate() {
                let piece = inst.piece(c.piece);
                for rotation in piece.distinct_rotations() {
                    let edges = piece.rotated(rotation);
                    let mut fixed = 0;
                    let keeps_rim = Side::ALL.iter().all(|&s| {
                        let e = edges[s.index()];
                        match inst.neighbour(cell, s) {
                            None => e == GREY,
                            Some(n) => {
                                if depth_of(n).is_none()
                                    && let Some(f) = board.edge(inst, n, s.opposite())
                                {
                                    fixed += u32::from(f != e);
                                }
                                e != GREY
                            }
                        }
                    });
                    if keeps_rim {
                        choices.push(Choice {
                            local,
                            piece: c.piece,
                            rotation,
                            edges,
                            fixed,
                        });
                    }
                }
            }
            choices.sort_by_key(|o| (o.fixed, rank[o.local], o.local, o.rotation.quarter_turns()));
            let near = |s: Side| inst.neighbour(cell, s).and_then(depth_of);
            slots.push(Slot {
                cell,
                left: near(Side::Left),
                up: near(Side::Up),
                choices,
            });
        }
        let mut bound = vec![0u32; slots.len() + 1];
        for d in (0..slots.len()).rev() {
            let least = slots[d].choices.iter().map(|o| o.fixed).min().unwrap_or(0);
            bound[d] = bound[d + 1] + least;
        }
        let mut w = WindowFill {
            slots,
            bound,
            own,
            now: 0,
        };
        w.now = w.breaks_of(inst, board);
        w
    }

    /// The breaks of `board` on edges with a window cell on either side.
    fn breaks_of(&self, inst: &Instance, board: &Board) -> u32 {
        let mut n = 0;
        for (d, slot) in self.slots.iter().enumerate() {
            for s in Side::ALL {
                let Some(nb) = inst.neighbour(slot.cell, s) else {
                    continue;
                };
                // An edge inside the window is counted from its later cell only.
                let inside = self.slots.binary_search_by_key(&nb, |x| x.cell);
                if matches!(inside, Ok(e) if e > d) {
                    continue;
                }
                if let (Some(a), Some(b)) = (
                    board.edge(inst, slot.cell, s),
                    board.edge(inst, nb, s.opposite()),
                ) {
                    n += u32::from(a != b);
                }
            }
        }
        n
    }

    /// The cells of the window, in fill order.
    pub(crate) fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.slots.iter().map(|s| s.cell)
    }

    /// Searches for at most `cap` placements: fills with as many breaks as now or fewer, each
    /// full fill lowering the limit to one break fewer than it had.
    pub(crate) fn search(&self, cap: u64) -> Found {
        let n = self.slots.len();
        let mut run = Run {
            fill: self,
            cap,
            limit: self.now,
            used: vec![false; n],
            placed: vec![0usize; n],
            found: Found::default(),
            stop: false,
        };
        if n > 0 {
            run.dfs(0, 0);
        }
        run.found
    }
}

/// The state of one search.
struct Run<'a> {
    fill: &'a WindowFill,
    cap: u64,
    /// The most breaks a fill may have.
    limit: u32,
    used: Vec<bool>,
    /// The choice placed at each depth.
    placed: Vec<usize>,
    found: Found,
    stop: bool,
}

impl Run<'_> {
    fn dfs(&mut self, d: usize, breaks: u32) {
        let slots = &self.fill.slots;
        let slot = &slots[d];
        let edge_of = |run: &Run, depth: usize, side: Side| {
            slots[depth].choices[run.placed[depth]].edges[side.index()]
        };
        let left = slot.left.map(|e| edge_of(self, e, Side::Right));
        let up = slot.up.map(|e| edge_of(self, e, Side::Down));
        let rest = self.fill.bound[d + 1];
        for (i, o) in slot.choices.iter().enumerate() {
            if breaks + o.fixed + rest > self.limit {
                // The choices are sorted by fixed cost: none after this one fits either.
                break;
            }
            if self.used[o.local] {
                continue;
            }
            let cost = o.fixed
                + u32::from(left.is_some_and(|c| c != o.edges[Side::Left.index()]))
                + u32::from(up.is_some_and(|c| c != o.edges[Side::Up.index()]));
            if breaks + cost + rest > self.limit {
                continue;
            }
            if self.found.nodes >= self.cap {
                self.stop = true;
                return;
            }
            self.found.nodes += 1;
            self.placed[d] = i;
            if d + 1 == slots.len() {
                self.full(breaks + cost);
            } else {
                self.used[o.local] = true;
                self.dfs(d + 1, breaks + cost);
                self.used[o.local] = false;
            }
            if self.stop {
                return;
            }
        }
    }

    /// A full fill of `breaks` breaks.
    fn full(&mut self, breaks: u32) {
        let fill: Vec<Candidate> = self
            .placed
            .iter()
            .zip(&self.fill.slots)
            .map(|(&i, s)| Candidate {
                piece: s.choices[i].piece,
                rotation: s.choices[i].rotation,
            })
            .collect();
        if breaks < self.fill.now {
            self.found.better = Some(fill);
        } else if self.found.drift.is_none() && fill != self.fill.own {
            self.found.drift = Some(fill);
        }
        match breaks.checked_sub(1) {
            Some(l) => self.limit = l,
            None => self.stop = true,
        }
    }
}
