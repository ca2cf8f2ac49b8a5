//! What the score search knows of each depth before it starts, and its candidate lists.
//!
//! The strict engines treat every side facing a filled cell as a hard rule. Here the rim stays
//! hard (grey exactly where a side faces the rim, so border pieces stay on the border and
//! corners in the corners) while a side facing a filled neighbour or a pinned piece is *soft*:
//! a mismatch there is a break, allowed while the schedule has room for it.
//!
//! A depth's first two soft sides are its keys (left, up, right, down: the order of
//! [`KEY_PRIORITY`]); further soft sides are counted per candidate. Each table holds the
//! candidates of one rim pattern and key pair in four kinds of list, tried in this order at a
//! node whose key sides must show `(x, y)`:
//! 1. `pair[x, y]`: both keys match (no break on them);
//! 2. `first[x]` without those showing `y`: one break, on the second key;
//! 3. `second[y]` without those showing `x`: one break, on the first key;
//! 4. `all` without those showing `x` or `y`: two breaks.
//!
//! With fewer keys the later lists fall away. Every list is in the order of the restart's
//! piece ranking, so the whole search order is a function of the seed and the restart.

use std::collections::HashMap;

use crate::instance::{Colour, GREY, Instance, Side};
use crate::order::FillOrder;
use crate::plan::{KEY_PRIORITY, Plan, SideRule};

/// A candidate as the score search tries it: piece, rotation, turned edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cand {
    pub(crate) piece: u16,
    pub(crate) rot: u8,
    pub(crate) edges: [Colour; 4],
}

/// Where a soft side's colour comes from at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Source {
    /// The facing edge of the piece placed at this earlier depth.
    Earlier { depth: usize, side: Side },
    /// The facing edge of a pinned piece.
    Fixed(Colour),
}

/// A side facing a filled cell: the side of the piece placed here, and what it should match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Soft {
    pub(crate) side: Side,
    pub(crate) source: Source,
}

/// A depth's sides as its walk reads them: side numbers and colour slots (see
/// [`Layout::colour_slots`]), with nothing to match on at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Hot {
    /// The number of keys (0 to 2).
    pub(crate) keys: u8,
    /// The key sides' numbers (0 where there is no key).
    pub(crate) k: [u8; 2],
    /// The colour slots the keys must match (the slot of colour 0 where there is no key).
    pub(crate) key_src: [u32; 2],
    /// The number of further soft sides (0 to 2: a cell has four sides, two are keys).
    pub(crate) extras: u8,
    /// Their side numbers and colour slots.
    pub(crate) extra_side: [u8; 2],
    pub(crate) extra_src: [u32; 2],
    /// The number of soft sides ([`Depth::soft`]).
    pub(crate) soft: u32,
    /// The depth's table.
    pub(crate) table: u32,
    /// Where that table's `pair`, `first` and `second` buckets start in the layout's
    /// [`Layout::starts`] (set by [`Layout::rank`]), and its `all` list's pool range: the
    /// walk finds a list without going through the table.
    pub(crate) pair: u32,
    pub(crate) first: u32,
    pub(crate) second: u32,
    pub(crate) all: (u32, u32),
}

/// One depth of the fill order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Depth {
    /// The board cell filled here.
    pub(crate) cell: usize,
    /// The key sides (at most two).
    pub(crate) keys: Vec<Soft>,
    /// Further soft sides, counted per candidate.
    pub(crate) extra: Vec<Soft>,
    /// The table of this depth's rim pattern and keys.
    pub(crate) table: usize,
}

impl Depth {
    /// The number of soft sides: the edges this placement matches when it breaks none.
    pub(crate) fn soft(&self) -> u32 {
        (self.keys.len() + self.extra.len()) as u32
    }
}

/// Buckets of candidates: bucket `k` is `pool[starts[k]..starts[k + 1]]` of the layout's
/// shared pool ([`Layout::pool`]), so a walk names any list by two numbers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Lists {
    starts: Vec<u32>,
}

impl Lists {
    /// Appends `buckets` to `pool`.
    fn build(pool: &mut Vec<Cand>, buckets: Vec<Vec<Cand>>) -> Lists {
        let mut l = Lists::default();
        for b in buckets {
            l.starts.push(pool.len() as u32);
            pool.extend(b);
        }
        l.starts.push(pool.len() as u32);
        l
    }

    /// The pool range of bucket `k` (empty past the last bucket).
    #[inline]
    pub(crate) fn range(&self, k: usize) -> (u32, u32) {
        match (self.starts.get(k), self.starts.get(k + 1)) {
            (Some(&a), Some(&b)) => (a, b),
            _ => (0, 0),
        }
    }
}

/// The candidates of one rim pattern and key pair (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Table {
    /// The rim rule per side: true where the side faces the rim.
    rim: [bool; 4],
    /// The key sides.
    pub(crate) keys: Vec<Side>,
    pub(crate) pair: Lists,
    pub(crate) first: Lists,
    pub(crate) second: Lists,
    pub(crate) all: Lists,
}

/// The depths and tables of one instance in one fill order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    pub(crate) depths: Vec<Depth>,
    pub(crate) tables: Vec<Table>,
    /// Bits per colour in a pair bucket number.
    pub(crate) colour_bits: u32,
    /// Matched edges between pinned pieces (they count toward every board's score).
    pub(crate) pinned_matches: u32,
    /// The colour parity the breaks of a complete board must make up, before any placement.
    ///
    /// On a complete board every edge off the rim faces another: a matched pair shows one
    /// colour twice, a break two colours once each. So the colours shown an odd number of
    /// times by all pieces together are exactly those flipped an odd number of times by the
    /// breaks. Bit `c & 63` per colour: the pieces' odd colours, flipped by the breaks between
    /// pinned pieces; each placement's breaks flip it on (see the walk), and since one break
    /// flips at most two bits, a board with parity `p` left needs `popcount(p) / 2` more
    /// breaks, rounded up. On the official board every colour shows an even number of times,
    /// so a single break is never a complete board's only one.
    pub(crate) parity: u64,
    /// Every oriented candidate of an unpinned piece (piece ascending, rotation ascending).
    all: Vec<Cand>,
    /// The lists of every table, one after the other (see [`Lists`]).
    pub(crate) pool: Vec<Cand>,
    /// Per depth, what the walk reads of it ([`Hot`]).
    pub(crate) hot: Vec<Hot>,
    /// The bucket starts of every table's `pair`, `first` and `second` lists, one after the
    /// other, each with its end (see [`Lists`]; [`Hot::pair`] and the like point in here).
    pub(crate) starts: Vec<u32>,
}

/// The bit of a colour in a parity mask ([`Layout::parity`]). Colours past 63 share bits: a
/// break still flips at most two bits, so the bound on breaks to come stays a lower bound.
#[inline]
pub(crate) fn parity_bit(c: Colour) -> u64 {
    1u64 << (c & 63)
}

impl Layout {
    /// The layout of `inst` searched in `order` (its tables still unsorted: call
    /// [`Layout::rank`] before use).
    pub(crate) fn new(inst: &Instance, order: &FillOrder) -> Layout {
        let plan = Plan::new(inst, order);
        let max_colour = inst.colours().saturating_sub(1) as u32;
        let colour_bits = (u32::BITS - max_colour.leading_zeros()).max(1);
        let all: Vec<Cand> = plan
            .candidates()
            .iter()
            .map(|o| Cand {
                piece: o.candidate.piece,
                rot: o.candidate.rotation.quarter_turns(),
                edges: o.edges,
            })
            .collect();
        let mut depth_of = vec![usize::MAX; inst.cells()];
        for (d, &c) in order.cells().iter().enumerate() {
            depth_of[c] = d;
        }
        let mut tables: Vec<Table> = Vec::new();
        let mut by_shape: HashMap<([bool; 4], Vec<Side>), usize> = HashMap::new();
        let mut depths = Vec::with_capacity(plan.cells().len());
        for cp in plan.cells() {
            let mut soft = Vec::new();
            for s in KEY_PRIORITY {
                let source = match cp.rules[s.index()] {
                    SideRule::Earlier => {
                        let n = cp.neighbours[s.index()].expect("an earlier side has a neighbour");
                        Source::Earlier {
                            depth: depth_of[n],
                            side: s.opposite(),
                        }
                    }
                    SideRule::Fixed(c) => Source::Fixed(c),
                    SideRule::Rim | SideRule::Later => continue,
                };
                soft.push(Soft { side: s, source });
            }
            let extra = soft.split_off(soft.len().min(2));
            let rim = Side::ALL.map(|s| cp.rules[s.index()] == SideRule::Rim);
            let key_sides: Vec<Side> = soft.iter().map(|k| k.side).collect();
            let table = *by_shape.entry((rim, key_sides.clone())).or_insert_with(|| {
                tables.push(Table {
                    rim,
                    keys: key_sides,
                    pair: Lists::default(),
                    first: Lists::default(),
                    second: Lists::default(),
                    all: Lists::default(),
                });
                tables.len() - 1
            });
            depths.push(Depth {
                cell: cp.cell,
                keys: soft,
                extra,
                table,
            });
        }
        let mut pinned_matches = 0;
        let mut parity = 0u64;
        for p in inst.pieces() {
            for &c in p.edges.iter().filter(|&&c| c != GREY) {
                parity ^= parity_bit(c);
            }
        }
        let board = crate::board::Board::with_hints(inst);
        for h in inst.hints() {
            for s in [Side::Right, Side::Down] {
                let Some(a) = board.edge(inst, h.cell, s) else {
                    continue;
                };
                let Some(b) = inst
                    .neighbour(h.cell, s)
                    .and_then(|n| board.edge(inst, n, s.opposite()))
                else {
                    continue;
                };
                if a == b {
                    pinned_matches += 1;
                } else if a != GREY && b != GREY {
                    parity ^= parity_bit(a) ^ parity_bit(b);
                }
            }
        }
        let n = depths.len();
        let slot = |src: &Source| match *src {
            Source::Earlier { depth, side } => (4 * depth + side.index()) as u32,
            Source::Fixed(c) => (4 * n + c as usize) as u32,
        };
        let none = (4 * n) as u32;
        let hot = depths
            .iter()
            .map(|dp| {
                let mut h = Hot {
                    keys: dp.keys.len() as u8,
                    k: [0; 2],
                    key_src: [none; 2],
                    extras: dp.extra.len() as u8,
                    extra_side: [0; 2],
                    extra_src: [none; 2],
                    soft: dp.soft(),
                    table: dp.table as u32,
                    pair: 0,
                    first: 0,
                    second: 0,
                    all: (0, 0),
                };
                for (i, s) in dp.keys.iter().enumerate() {
                    h.k[i] = s.side.index() as u8;
                    h.key_src[i] = slot(&s.source);
                }
                for (i, s) in dp.extra.iter().enumerate() {
                    h.extra_side[i] = s.side.index() as u8;
                    h.extra_src[i] = slot(&s.source);
                }
                h
            })
            .collect();
        Layout {
            depths,
            tables,
            colour_bits,
            pinned_matches,
            parity,
            all,
            pool: Vec::new(),
            hot,
            starts: Vec::new(),
        }
    }

    /// The colour slots a walk keeps: slot `4 * depth + side` holds that side's colour of the
    /// piece placed at `depth`, and slot `4 * depths + c` holds colour `c` itself (a pinned
    /// side's colour, or colour 0 for a side that is not there).
    pub(crate) fn colour_slots(&self) -> Vec<Colour> {
        let n = self.depths.len();
        let mut v = vec![0; 4 * n + 256];
        for (c, s) in v[4 * n..].iter_mut().enumerate() {
            *s = c as Colour;
        }
        v
    }

    /// The candidates of a pool range ([`Lists::range`]).
    #[inline]
    pub(crate) fn list(&self, (lo, hi): (u32, u32)) -> &[Cand] {
        &self.pool[lo as usize..hi as usize]
    }

    /// The pair bucket of key colours `(x, y)`.
    #[inline]
    pub(crate) fn pair_bucket(&self, x: Colour, y: Colour) -> usize {
        (x as usize) << self.colour_bits | y as usize
    }

    /// Fills every table's lists with the candidates in the order of `rank` (a number per
    /// piece; lower is tried first; ties by piece, then rotation).
    pub(crate) fn rank(&mut self, rank: &[u64]) {
        let mut order = self.all.clone();
        order.sort_by_key(|c| (rank[c.piece as usize], c.piece, c.rot));
        let colours = 1usize << self.colour_bits;
        let pool = &mut self.pool;
        pool.clear();
        for t in &mut self.tables {
            let admitted: Vec<Cand> = order
                .iter()
                .filter(|c| {
                    Side::ALL
                        .iter()
                        .all(|s| (c.edges[s.index()] == GREY) == t.rim[s.index()])
                })
                .copied()
                .collect();
            let key = |c: &Cand, i: usize| c.edges[t.keys[i].index()] as usize;
            let mut pair = vec![
                Vec::new();
                if t.keys.len() == 2 {
                    colours * colours
                } else {
                    0
                }
            ];
            let mut first = vec![Vec::new(); if t.keys.is_empty() { 0 } else { colours }];
            let mut second = vec![Vec::new(); if t.keys.len() == 2 { colours } else { 0 }];
            for c in &admitted {
                if t.keys.len() == 2 {
                    pair[key(c, 0) << self.colour_bits | key(c, 1)].push(*c);
                    second[key(c, 1)].push(*c);
                }
                if !t.keys.is_empty() {
                    first[key(c, 0)].push(*c);
                }
            }
            t.pair = Lists::build(pool, pair);
            t.first = Lists::build(pool, first);
            t.second = Lists::build(pool, second);
            t.all = Lists::build(pool, vec![admitted]);
        }
        self.starts.clear();
        let mut bases = Vec::with_capacity(self.tables.len());
        for t in &self.tables {
            let mut base = |l: &Lists| {
                let b = self.starts.len() as u32;
                self.starts.extend_from_slice(&l.starts);
                b
            };
            bases.push((
                base(&t.pair),
                base(&t.first),
                base(&t.second),
                t.all.range(0),
            ));
        }
        for h in &mut self.hot {
            (h.pair, h.first, h.second, h.all) = bases[h.table as usize];
        }
    }

    /// The pool range of bucket `k` of the lists starting at `base` in [`Layout::starts`]
    /// (`k` below their number of buckets; empty before [`Layout::rank`], like
    /// [`Lists::range`]: a walk may be started on a layout not ranked yet).
    #[inline(always)]
    pub(crate) fn bucket(&self, base: u32, k: usize) -> (u32, u32) {
        let i = base as usize + k;
        match (self.starts.get(i), self.starts.get(i + 1)) {
            (Some(&a), Some(&b)) => (a, b),
            _ => (0, 0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::instance::{Hint, Piece, Rotation};

    fn tiny(hints: Vec<Hint>) -> Instance {
        let pieces = vec![
            Piece::new([0, 1, 2, 0]),
            Piece::new([0, 0, 3, 1]),
            Piece::new([2, 4, 0, 0]),
            Piece::new([3, 0, 0, 4]),
        ];
        Instance::new(2, 2, pieces, hints).unwrap()
    }

    #[test]
    fn keys_and_lists() {
        let inst = tiny(vec![]);
        let mut l = Layout::new(&inst, &FillOrder::row_major(&inst));
        l.rank(&[0, 0, 0, 0]);
        assert_eq!(l.depths.len(), 4);
        assert!(l.depths[0].keys.is_empty());
        assert_eq!(l.depths[3].keys.len(), 2);
        assert_eq!(l.depths[3].keys[0].side, Side::Left);
        assert_eq!(l.depths[3].keys[1].side, Side::Up);
        // Every corner piece turns to fit each corner once.
        for t in &l.tables {
            assert_eq!(l.list(t.all.range(0)).len(), 4);
        }
        let t = &l.tables[l.depths[3].table];
        assert_eq!(l.list(t.pair.range(l.pair_bucket(4, 3))).len(), 1);
        assert_eq!(l.list(t.first.range(4)).len(), 1);
        assert_eq!(l.list(t.second.range(3)).len(), 1);
        assert_eq!(l.list(t.pair.range(l.pair_bucket(1, 3))).len(), 0);
    }

    #[test]
    fn a_walk_starts_on_an_unranked_layout() {
        // The first depth has a key (the pin's side), so opening it looks a bucket up before
        // any list is built.
        let inst = tiny(vec![Hint {
            cell: 0,
            piece: 0,
            rotation: Rotation::R0,
        }]);
        let l = Layout::new(&inst, &FillOrder::row_major(&inst));
        assert_eq!(l.hot[0].keys, 1);
        assert_eq!(l.bucket(l.hot[0].first, 1), (0, 0));
        let w = super::super::walk::Walk::start(&inst, &l, false, 1);
        assert_eq!(w.depth, 0);
    }

    #[test]
    fn pinned_sides_are_soft_and_counted() {
        let inst = tiny(vec![Hint {
            cell: 0,
            piece: 0,
            rotation: Rotation::R0,
        }]);
        let l = Layout::new(&inst, &FillOrder::row_major(&inst));
        assert_eq!(l.depths.len(), 3);
        assert_eq!(l.depths[0].keys[0].source, Source::Fixed(1));
        assert_eq!(l.pinned_matches, 0);
    }
}
