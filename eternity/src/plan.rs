//! The search plan of an instance in a fill order: what each depth knows before the search
//! starts, and the candidates that can ever fit there, in search order and bucketed by the
//! colours the search supplies.
//!
//! This is the one derivation of the candidate order, the side rules and the bucketing that
//! every fast engine of the family builds on (the `table` engine here, and the specialised
//! programs emitted by `eternity-codegen`), so they all try exactly the candidates the
//! baseline tries, in the same order.
//!
//! - [`Plan::candidates`]: every distinct orientation of every unpinned piece, piece id
//!   ascending, rotation ascending, duplicate rotations of symmetric pieces removed (the
//!   oracle order, [`Instance::candidates`]), with its turned edges.
//! - [`CellPlan::rules`]: per depth and side, whether it faces the rim (grey), a pinned piece
//!   (that colour), a cell filled earlier (any colour but grey, matched at run time) or a cell
//!   filled later (any colour but grey).
//! - [`CellPlan::key`]: the first two earlier sides in [`KEY_PRIORITY`] order (left first: in
//!   row-major order its colour is the right edge of the piece just placed); further earlier
//!   sides are [`CellPlan::checked`] per candidate.
//! - [`Table`]: the candidates that satisfy the static rules of a kind of depth, in search
//!   order, and their buckets by key colours ([`Plan::key_bits`] bits per colour, slot 0
//!   high). Depths with the same rules share one table.
//!
//! ```
//! use eternity_solver::{FillOrder, Instance, Piece};
//! use eternity_solver::plan::{Plan, SideRule};
//! use eternity_solver::Side;
//!
//! let pieces = vec![
//!     Piece::new([0, 1, 2, 0]),
//!     Piece::new([0, 0, 3, 1]),
//!     Piece::new([2, 4, 0, 0]),
//!     Piece::new([3, 0, 0, 4]),
//! ];
//! let inst = Instance::new(2, 2, pieces, vec![]).unwrap();
//! let plan = Plan::new(&inst, &FillOrder::row_major(&inst));
//! let first = &plan.cells()[0];
//! assert_eq!(first.rules[Side::Up.index()], SideRule::Rim);
//! assert_eq!(first.rules[Side::Right.index()], SideRule::Later);
//! // Only the four corners, each turned to the top-left corner, fit the first cell.
//! let table = &plan.tables()[first.table];
//! assert_eq!(table.candidates().len(), 4);
//! let second = &plan.cells()[1];
//! assert_eq!(second.key[0], Some(Side::Left));
//! assert_eq!(second.previous, Some(Side::Left));
//! ```

use std::collections::HashMap;

use crate::instance::{Candidate, Colour, GREY, Instance, Side};
use crate::order::FillOrder;

/// The order in which sides facing earlier cells become bucket keys: left, up, right, down.
pub const KEY_PRIORITY: [Side; 4] = [Side::Left, Side::Up, Side::Right, Side::Down];

/// The number of key slots: at most two earlier sides key a bucket.
pub const KEY_SLOTS: usize = 2;

/// What is known about one side of a depth's cell before the search starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SideRule {
    /// Faces the rim: the edge must be grey.
    Rim,
    /// Faces a pinned piece: the edge must be this colour.
    Fixed(Colour),
    /// Faces a cell filled at an earlier depth: not grey, and equal to that cell's facing
    /// edge at run time.
    Earlier,
    /// Faces a cell filled at a later depth: not grey.
    Later,
}

impl SideRule {
    /// Whether an edge of colour `c` satisfies what is known before the search.
    pub const fn admits(self, c: Colour) -> bool {
        match self {
            SideRule::Rim => c == GREY,
            SideRule::Fixed(f) => c == f,
            SideRule::Earlier | SideRule::Later => c != GREY,
        }
    }
}

/// A candidate with its edges turned: `edges = piece.rotated(rotation)`, `[up, right, down,
/// left]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Oriented {
    /// The piece and rotation.
    pub candidate: Candidate,
    /// Its edges as placed.
    pub edges: [Colour; 4],
}

/// One depth of the fill order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct CellPlan {
    /// The depth (index in the fill order).
    pub depth: usize,
    /// The board cell filled at this depth.
    pub cell: usize,
    /// The rule per side, indexed by [`Side::index`].
    pub rules: [SideRule; 4],
    /// The neighbour across each side (`None` at the rim), indexed by [`Side::index`].
    pub neighbours: [Option<usize>; 4],
    /// The key sides, slot 0 first: the first [`KEY_SLOTS`] sides in [`KEY_PRIORITY`] order
    /// whose rule is [`SideRule::Earlier`].
    pub key: [Option<Side>; KEY_SLOTS],
    /// Further [`SideRule::Earlier`] sides, matched per candidate (in [`KEY_PRIORITY`] order).
    pub checked: Vec<Side>,
    /// The side facing the cell filled at the previous depth, if it is a neighbour.
    pub previous: Option<Side>,
    /// The index of this depth's table in [`Plan::tables`].
    pub table: usize,
}

impl CellPlan {
    /// The number of key sides (0, 1 or 2).
    pub fn key_slots(&self) -> usize {
        self.key.iter().flatten().count()
    }
}

/// The candidates of one kind of depth: those that satisfy its static rules, in search order,
/// bucketed by the colours of its key sides.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Table {
    /// The rules it was built for (every depth using it has these rules).
    pub rules: [SideRule; 4],
    /// Its key sides, slot 0 first.
    pub key: [Option<Side>; KEY_SLOTS],
    /// The depths using it, ascending.
    pub users: Vec<usize>,
    /// Bucket by bucket, each in search order.
    candidates: Vec<Oriented>,
    /// Bucket `k` is `candidates[starts[k]..starts[k + 1]]`.
    starts: Vec<u32>,
    key_bits: u32,
}

impl Table {
    /// Every candidate of the table, bucket by bucket, each bucket in search order. Filtered
    /// by the rules and nothing else, so they are the candidates in search order once a
    /// bucket is chosen.
    pub fn candidates(&self) -> &[Oriented] {
        &self.candidates
    }

    /// Every candidate of the table in search order, not bucketed: for engines that bucket by
    /// a key of their own (each of their buckets, filled in this order, is in search order).
    pub fn in_search_order(&self) -> Vec<Oriented> {
        let mut all = self.candidates.clone();
        all.sort_by_key(|o| o.candidate);
        all
    }

    /// The number of buckets: `1 << (key_bits * key slots)` (1 without key sides).
    pub fn buckets(&self) -> usize {
        self.starts.len() - 1
    }

    /// Bucket `k` (see [`Table::bucket_of`]), in search order.
    pub fn bucket(&self, k: usize) -> &[Oriented] {
        &self.candidates[self.starts[k] as usize..self.starts[k + 1] as usize]
    }

    /// The key slots used (0, 1 or 2).
    pub fn key_slots(&self) -> usize {
        self.key.iter().flatten().count()
    }

    /// The bucket of a candidate showing `edges`, or of a cell whose earlier neighbours show
    /// those colours on its key sides: the key colours folded slot 0 first,
    /// `k = k << key_bits | colour`.
    pub fn bucket_of(&self, edges: [Colour; 4]) -> usize {
        self.key
            .iter()
            .flatten()
            .fold(0, |k, s| k << self.key_bits | edges[s.index()] as usize)
    }
}

/// The search plan of an instance in a fill order (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Plan {
    key_bits: u32,
    candidates: Vec<Oriented>,
    cells: Vec<CellPlan>,
    tables: Vec<Table>,
}

impl Plan {
    /// Plans the search of `inst` in `order`.
    pub fn new(inst: &Instance, order: &FillOrder) -> Plan {
        let cells = order.cells();
        let max_colour = inst.colours().saturating_sub(1) as u32;
        let key_bits = (u32::BITS - max_colour.leading_zeros()).max(1);
        let candidates: Vec<Oriented> = inst
            .candidates()
            .into_iter()
            .map(|c| Oriented {
                candidate: c,
                edges: inst.piece(c.piece).rotated(c.rotation),
            })
            .collect();
        let mut depth_of = vec![usize::MAX; inst.cells()];
        for (d, &c) in cells.iter().enumerate() {
            depth_of[c] = d;
        }
        let mut pinned: Vec<Option<[Colour; 4]>> = vec![None; inst.cells()];
        for h in inst.hints() {
            pinned[h.cell] = Some(inst.piece(h.piece).rotated(h.rotation));
        }
        let mut tables: Vec<Table> = Vec::new();
        let mut by_rules: HashMap<[SideRule; 4], usize> = HashMap::new();
        let mut plans = Vec::with_capacity(cells.len());
        for (d, &cell) in cells.iter().enumerate() {
            let neighbours = Side::ALL.map(|s| inst.neighbour(cell, s));
            let rules = Side::ALL.map(|s| match neighbours[s.index()] {
                None => SideRule::Rim,
                Some(n) => match pinned[n] {
                    Some(e) => SideRule::Fixed(e[s.opposite().index()]),
                    None if depth_of[n] < d => SideRule::Earlier,
                    None => SideRule::Later,
                },
            });
            let earlier: Vec<Side> = KEY_PRIORITY
                .into_iter()
                .filter(|s| rules[s.index()] == SideRule::Earlier)
                .collect();
            let key = [earlier.first().copied(), earlier.get(1).copied()];
            let previous = (d > 0)
                .then(|| {
                    Side::ALL
                        .into_iter()
                        .find(|s| neighbours[s.index()] == Some(cells[d - 1]))
                })
                .flatten();
            // The key sides follow from the rules, so the rules alone name a table.
            let table = *by_rules.entry(rules).or_insert_with(|| {
                tables.push(Table::new(&candidates, rules, key, key_bits));
                tables.len() - 1
            });
            tables[table].users.push(d);
            plans.push(CellPlan {
                depth: d,
                cell,
                rules,
                neighbours,
                key,
                checked: earlier.iter().skip(KEY_SLOTS).copied().collect(),
                previous,
                table,
            });
        }
        Plan {
            key_bits,
            candidates,
            cells: plans,
            tables,
        }
    }

    /// Bits per colour in a bucket key: enough for the largest colour, at least 1.
    pub fn key_bits(&self) -> u32 {
        self.key_bits
    }

    /// Every candidate in search order (the oracle order), pinned pieces left out.
    pub fn candidates(&self) -> &[Oriented] {
        &self.candidates
    }

    /// One entry per depth of the fill order.
    pub fn cells(&self) -> &[CellPlan] {
        &self.cells
    }

    /// The distinct tables, in order of first use.
    pub fn tables(&self) -> &[Table] {
        &self.tables
    }
}

impl Table {
    fn new(
        all: &[Oriented],
        rules: [SideRule; 4],
        key: [Option<Side>; KEY_SLOTS],
        key_bits: u32,
    ) -> Table {
        let mut t = Table {
            rules,
            key,
            users: Vec::new(),
            candidates: Vec::new(),
            starts: Vec::new(),
            key_bits,
        };
        let slots = t.key_slots() as u32;
        let mut buckets: Vec<Vec<Oriented>> = vec![Vec::new(); 1 << (key_bits * slots)];
        for o in all {
            if Side::ALL
                .iter()
                .all(|s| rules[s.index()].admits(o.edges[s.index()]))
            {
                buckets[t.bucket_of(o.edges)].push(*o);
            }
        }
        for b in buckets {
            t.starts.push(t.candidates.len() as u32);
            t.candidates.extend(b);
        }
        t.starts.push(t.candidates.len() as u32);
        t
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
    fn rules_keys_and_tables() {
        let inst = tiny(vec![]);
        let plan = Plan::new(&inst, &FillOrder::row_major(&inst));
        assert_eq!(plan.key_bits(), 3);
        assert_eq!(plan.candidates().len(), 16);
        let c = plan.cells();
        assert_eq!(c[3].key, [Some(Side::Left), Some(Side::Up)]);
        assert_eq!(c[3].previous, Some(Side::Left));
        assert_eq!(c[2].key, [Some(Side::Up), None]);
        assert_eq!(c[2].previous, None);
        // Four corners, four tables; each holds the four corner pieces turned to fit.
        assert_eq!(plan.tables().len(), 4);
        for t in plan.tables() {
            assert_eq!(t.candidates().len(), 4);
            let total: usize = (0..t.buckets()).map(|k| t.bucket(k).len()).sum();
            assert_eq!(total, 4);
        }
        let t = &plan.tables()[c[3].table];
        let ordered = t.in_search_order();
        assert!(ordered.windows(2).all(|w| w[0].candidate < w[1].candidate));
        assert_eq!(ordered.len(), t.candidates().len());
        // Piece 3 as given shows left 4 and up 3: it is alone in bucket (4, 3).
        let b = t.bucket(4 << 3 | 3);
        assert_eq!(b.len(), 1);
        assert_eq!(b[0].candidate.piece, 3);
        assert_eq!(b[0].candidate.rotation, Rotation::R0);
    }

    #[test]
    fn pinned_neighbours_fix_colours() {
        let inst = tiny(vec![Hint {
            cell: 0,
            piece: 0,
            rotation: Rotation::R0,
        }]);
        let plan = Plan::new(&inst, &FillOrder::row_major(&inst));
        assert_eq!(plan.candidates().len(), 12);
        let first = &plan.cells()[0];
        assert_eq!(first.cell, 1);
        assert_eq!(first.rules[Side::Left.index()], SideRule::Fixed(1));
        assert_eq!(first.key, [None, None]);
        let t = &plan.tables()[first.table];
        assert_eq!(t.buckets(), 1);
        assert_eq!(t.candidates().len(), 1);
        assert_eq!(t.candidates()[0].candidate.piece, 1);
    }
}
