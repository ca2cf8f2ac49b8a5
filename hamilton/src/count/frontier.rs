//! The moves of the frontier sweep, apart from what is done with them: the count adds the
//! ways into each next state, the sampler weighs each move by the ways out of it. One
//! definition of the moves keeps the two exactly in step.
//!
//! A state is the frontier between the swept part and the rest: for each of the `width + 1`
//! slots, two bits (`NONE`, `OPEN`/`CLOSE` for the two frontier ends of one path piece,
//! `END` for a piece with one frontier end and one path end), and in its top bits how many
//! free path ends were used.

use crate::grid::{Grid, Pos};

pub(super) const NONE: u64 = 0;
pub(super) const OPEN: u64 = 1;
pub(super) const CLOSE: u64 = 2;
pub(super) const END: u64 = 3;
const USED_SHIFT: u32 = 62;

#[inline]
pub(super) fn get(st: u64, i: usize) -> u64 {
    (st >> (2 * i)) & 3
}

#[inline]
fn set(st: u64, i: usize, v: u64) -> u64 {
    (st & !(3 << (2 * i))) | (v << (2 * i))
}

/// The slot holding the other frontier end of the bracket at `i`.
fn partner(st: u64, i: usize, slots: usize) -> usize {
    let mut depth = 0i32;
    if get(st, i) == OPEN {
        for j in i + 1..slots {
            match get(st, j) {
                OPEN => depth += 1,
                CLOSE if depth == 0 => return j,
                CLOSE => depth -= 1,
                _ => {}
            }
        }
    } else {
        for j in (0..i).rev() {
            match get(st, j) {
                CLOSE => depth += 1,
                OPEN if depth == 0 => return j,
                OPEN => depth -= 1,
                _ => {}
            }
        }
    }
    // States are built with matched brackets.
    unreachable!("unmatched bracket in a frontier state")
}

/// One cell of the sweep, as its moves need it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Cell {
    /// Its column: its left plug is slot `col`, its up plug slot `col + 1`.
    pub col: usize,
    pub is_tile: bool,
    /// Whether the cell to the right and the cell below are tiles.
    pub right: bool,
    pub down: bool,
    /// The start or the marked end: a path end must be here.
    pub fixed: bool,
    /// No tile is left after this one: a closed path here covers the board.
    pub last_tile: bool,
}

/// A board laid out for the sweep, cell by cell in reading order.
#[derive(Clone, Debug)]
pub(super) struct Frontier {
    pub width: usize,
    pub cells: Vec<Cell>,
    slots: usize,
    slot_mask: u64,
    free_ends: u64,
}

/// What a move leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Move {
    /// The next state.
    To(u64),
    /// A path through every tile is complete.
    Finish,
}

impl Frontier {
    /// `g` laid out for the sweep (rows of `g` are swept in order; the caller transposes a
    /// board wider than high).
    pub(super) fn new(g: &Grid) -> Frontier {
        let (w, h) = (g.width(), g.height());
        let slots = w + 1;
        let slot_mask = if 2 * slots >= 64 {
            u64::MAX
        } else {
            (1u64 << (2 * slots)) - 1
        };
        // With an end and no start, the end is the one fixed path end.
        let (start, end) = match (g.start(), g.end()) {
            (None, Some(e)) => (Some(e), None),
            other => other,
        };
        let free_ends = 2 - u64::from(start.is_some()) - u64::from(end.is_some());
        let tile = |r: usize, c: usize| g.is_tile(Pos::new(r, c));
        let mut tiles_left = g.tile_count();
        let mut cells = Vec::with_capacity(w * h);
        for r in 0..h {
            for c in 0..w {
                let is_tile = tile(r, c);
                if is_tile {
                    tiles_left -= 1;
                }
                let p = Pos::new(r, c);
                cells.push(Cell {
                    col: c,
                    is_tile,
                    right: c + 1 < w && tile(r, c + 1),
                    down: r + 1 < h && tile(r + 1, c),
                    fixed: Some(p) == start || Some(p) == end,
                    last_tile: tiles_left == 0,
                });
            }
        }
        Frontier {
            width: w,
            cells,
            slots,
            slot_mask,
            free_ends,
        }
    }

    /// The moves from state `st` at `cell`, in a fixed order, each given to `emit`.
    #[inline(always)]
    pub(super) fn moves(&self, cell: Cell, st: u64, mut emit: impl FnMut(Move)) {
        let c = cell.col;
        let l = get(st, c);
        let u = get(st, c + 1);
        if !cell.is_tile {
            if l == NONE && u == NONE {
                emit(Move::To(st));
            }
            return;
        }
        let (right, down, fixed) = (cell.right, cell.down, cell.fixed);
        let used = st >> USED_SHIFT;
        let base = set(set(st, c, NONE), c + 1, NONE);
        // this cell may end the path: a fixed end must, a free end may if one is left
        let can_end = fixed || used < self.free_ends;
        let after_end = if fixed {
            base
        } else {
            (base & !(3 << USED_SHIFT)) | ((used + 1) << USED_SHIFT)
        };
        // the path is closed: nothing else may be open or left to cover
        let closes = |rest: u64| rest & self.slot_mask == 0 && cell.last_tile;
        match (l, u) {
            (NONE, NONE) => {
                if !fixed && right && down {
                    emit(Move::To(set(set(base, c, OPEN), c + 1, CLOSE)));
                }
                if can_end {
                    if down {
                        emit(Move::To(set(after_end, c, END)));
                    }
                    if right {
                        emit(Move::To(set(after_end, c + 1, END)));
                    }
                }
            }
            (x, NONE) | (NONE, x) => {
                let at = if l != NONE { c } else { c + 1 };
                if !fixed {
                    if down {
                        emit(Move::To(set(base, c, x)));
                    }
                    if right {
                        emit(Move::To(set(base, c + 1, x)));
                    }
                }
                if can_end {
                    if x == END {
                        if closes(after_end) {
                            emit(Move::Finish);
                        }
                    } else {
                        let q = partner(st, at, self.slots);
                        emit(Move::To(set(after_end, q, END)));
                    }
                }
            }
            (l, u) => {
                if fixed {
                    return;
                }
                match (l, u) {
                    (OPEN, CLOSE) => {} // would close a cycle
                    (CLOSE, OPEN) => emit(Move::To(base)),
                    (OPEN, OPEN) => {
                        let q = partner(st, c + 1, self.slots);
                        emit(Move::To(set(base, q, OPEN)));
                    }
                    (CLOSE, CLOSE) => {
                        let q = partner(st, c, self.slots);
                        emit(Move::To(set(base, q, CLOSE)));
                    }
                    (END, END) => {
                        if closes(base) {
                            emit(Move::Finish);
                        }
                    }
                    (END, _) => {
                        let q = partner(st, c + 1, self.slots);
                        emit(Move::To(set(base, q, END)));
                    }
                    (_, END) => {
                        let q = partner(st, c, self.slots);
                        emit(Move::To(set(base, q, END)));
                    }
                    _ => unreachable!("two plugs of kinds {l} and {u}"),
                }
            }
        }
    }

    /// The state the next cell sees after a move to `to` at `cell`: `to` itself within a row,
    /// [`Frontier::next_row`] of it after a row's last cell (`None`: no path goes on).
    #[inline]
    pub(super) fn seen_next(&self, cell: Cell, to: u64) -> Option<u64> {
        if cell.col + 1 == self.width {
            self.next_row(to)
        } else {
            Some(to)
        }
    }

    /// The state after a row's last cell as the next row's first cell sees it: the down
    /// plugs move one slot right, under the next row's up slots; `None` when a plug leaves
    /// the board on the right.
    #[inline]
    pub(super) fn next_row(&self, st: u64) -> Option<u64> {
        if get(st, self.width) != NONE {
            return None;
        }
        let used = st & !self.slot_mask;
        let moved = ((st & self.slot_mask) << 2) & self.slot_mask;
        Some(used | moved)
    }
}
