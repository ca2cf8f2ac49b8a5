//! The emit-time analysis: what each cell of the fill order knows when it is filled, and the
//! candidate tables that follow from it.
//!
//! Everything the generated program would otherwise decide at run time is decided here, once:
//! which neighbours are rim, pinned, already placed or still open, which of the placed ones
//! form the bucket key, and which candidates can ever fit. Cells with the same constraints
//! share one table, so the interior of a board uses a single table however large it is.
//!
//! The candidate order, the side rules, the key sides and the bucketed tables are
//! `eternity-solver`'s planner ([`eternity_solver::plan::Plan`]), the one derivation every fast
//! engine of the family shares, so the generated program tries exactly the candidates the
//! baseline tries, in the same order. This module turns that plan into what the emitter
//! writes: where each placed neighbour's colour is read at run time, packed candidates, and
//! the loose tables kept to measure what tightness is worth.

use std::collections::HashMap;

use eternity_solver::plan::{self as solver, SideRule as Known};
use eternity_solver::{FillOrder, Instance, OrderKind, Piece, Rotation, Side};

/// Sides in edge-array order.
pub(crate) const UP: usize = 0;
pub(crate) const RIGHT: usize = 1;
pub(crate) const DOWN: usize = 2;
pub(crate) const LEFT: usize = 3;

/// Names of the sides, for comments.
pub(crate) const SIDE_NAMES: [&str; 4] = ["up", "right", "down", "left"];

/// Bit offset of each side's colour in a packed `u32` URDL cell.
pub(crate) const SHIFT: [u32; 4] = [24, 16, 8, 0];

/// A puzzle reduced to what the emitter needs: plain data and the solver's plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Spec {
    /// Name shown in the generated header.
    pub name: String,
    /// Board width in cells.
    pub width: usize,
    /// Board height in cells.
    pub height: usize,
    /// Edge colours `[up, right, down, left]` of every piece, unrotated.
    pub pieces: Vec<[u8; 4]>,
    /// Pinned pieces: `(cell, piece, rotation)`.
    pub hints: Vec<(usize, u16, u8)>,
    /// The cells to fill, in order (every cell that is not pinned, exactly once).
    pub order: Vec<usize>,
    /// Tight per-cell tables (the default) or one loose table keyed by (left, up) for every
    /// cell with the other rules checked in the loop (kept to measure what tightness gains).
    pub tight: bool,
    /// `eternity-solver`'s plan of the search in this fill order.
    pub solver: solver::Plan,
}

impl Spec {
    /// The spec of `inst` filled in `order`, with tight or loose tables.
    pub(crate) fn new(inst: &Instance, order: OrderKind, tight: bool) -> Spec {
        let order = FillOrder::new(inst, order);
        Spec {
            name: inst.name().to_string(),
            width: inst.width(),
            height: inst.height(),
            pieces: inst.pieces().iter().map(|p| p.edges).collect(),
            hints: inst
                .hints()
                .iter()
                .map(|h| (h.cell, h.piece, h.rotation.quarter_turns()))
                .collect(),
            order: order.cells().to_vec(),
            tight,
            solver: solver::Plan::new(inst, &order),
        }
    }
}

/// Edges of `edges` turned clockwise by `rot` quarter turns: rotation 1 maps `[u, r, d, l]` to
/// `[l, u, r, d]`.
pub(crate) fn rotated(edges: [u8; 4], rot: u8) -> [u8; 4] {
    Piece::new(edges).rotated(Rotation::new(rot % 4).unwrap_or_default())
}

/// Packs `[u, r, d, l]` into a `u32` cell: `u << 24 | r << 16 | d << 8 | l`.
pub(crate) fn pack_urdl(e: [u8; 4]) -> u32 {
    (0..4).fold(0u32, |acc, s| acc | (e[s] as u32) << SHIFT[s])
}

/// What a cell knows about one side when it is filled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum SideRule {
    /// Off the board: the edge must be grey.
    Rim,
    /// A pinned neighbour: the edge must equal this colour.
    Fixed(u8),
    /// A neighbour placed earlier whose colour is part of the bucket key (slot 0 or 1).
    Key(u8),
    /// A neighbour placed earlier, beyond the two key slots: checked in the loop.
    Check,
    /// A neighbour filled later: the edge faces the interior, so it must not be grey.
    Open,
    /// Loose tables only: the edge must equal this colour (rim = 0, or a pin), checked in the
    /// loop instead of being filtered out of the table.
    CheckConst(u8),
    /// Loose tables only: the edge must not be grey, checked in the loop.
    CheckNotGrey,
}

/// Where the value of a placed neighbour's edge comes from at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Source {
    /// The cell just before in the fill order: its right/left/... colour is already in a
    /// register (a local of the enclosing loop, or the function argument at a group border).
    Previous,
    /// Read from the board cell.
    Board(usize),
    /// A known colour (loose tables key on the rim or a pin instead of filtering).
    Constant(u8),
}

/// One cell of the fill order.
#[derive(Clone, Debug)]
pub(crate) struct CellPlan {
    /// Position in the fill order (depth - 1).
    pub index: usize,
    /// Board cell.
    pub cell: usize,
    /// Rules per side.
    pub rules: [SideRule; 4],
    /// For sides whose neighbour was placed earlier: where the neighbour's edge is read from
    /// and which side of the neighbour faces this cell.
    pub sources: [Option<Source>; 4],
    /// The table this cell scans.
    pub table: usize,
    /// Sides forming the key, slot 0 first.
    pub key_sides: Vec<usize>,
}

/// A candidate table shared by all cells with the same rules.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    /// The rules it was built for.
    pub rules: [SideRule; 4],
    /// Number of key slots (0, 1 or 2).
    pub key_slots: usize,
    /// Candidates bucket by bucket, each in piece-ascending, rotation-ascending order.
    pub cands: Vec<u64>,
    /// Bucket starts: bucket `k` is `cands[start[k]..start[k + 1]]`.
    pub start: Vec<u32>,
    /// Cells (fill-order indices) using it.
    pub users: Vec<usize>,
}

/// The whole plan.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    /// Bits per colour in a bucket key (colours are masked to this).
    pub colour_bits: u32,
    /// Cells of the fill order.
    pub cells: Vec<CellPlan>,
    /// Distinct tables.
    pub tables: Vec<Table>,
    /// Matched interior edges once the first `d` cells of the order are placed (index `d`).
    pub score: Vec<u32>,
    /// Packed URDL of each pinned cell (`None` where nothing is pinned).
    pub pinned: Vec<Option<u32>>,
}

/// Packs a candidate: piece id in bits 0..16 (so the free-list index is one mask away),
/// rotation in bits 16..18, URDL colours in bits 32..64.
pub(crate) fn pack_candidate(urdl: u32, piece: u16, rot: u8) -> u64 {
    piece as u64 | (rot as u64) << 16 | (urdl as u64) << 32
}

impl Spec {
    fn neighbour(&self, cell: usize, side: usize) -> Option<usize> {
        let (r, c) = (cell / self.width, cell % self.width);
        match side {
            UP if r > 0 => Some(cell - self.width),
            RIGHT if c + 1 < self.width => Some(cell + 1),
            DOWN if r + 1 < self.height => Some(cell + self.width),
            LEFT if c > 0 => Some(cell - 1),
            _ => None,
        }
    }

    /// Builds the plan: rules per cell, shared tables, scores.
    pub(crate) fn plan(&self) -> Plan {
        let cells = self.width * self.height;
        let mut pinned = vec![None; cells];
        for &(cell, piece, rot) in &self.hints {
            pinned[cell] = Some(pack_urdl(rotated(self.pieces[piece as usize], rot)));
        }
        let colour_bits = self.solver.key_bits();
        // Every distinct (piece, rotation) in the order the oracle engine tries them.
        let all: Vec<(u16, u8, [u8; 4])> = self
            .solver
            .candidates()
            .iter()
            .map(|o| {
                (
                    o.candidate.piece,
                    o.candidate.rotation.quarter_turns(),
                    o.edges,
                )
            })
            .collect();

        let mut tables: Vec<Table> = Vec::new();
        // Tight: one table per table of the solver's plan. Loose: one table for every cell.
        let mut by_solver_table: HashMap<usize, usize> = HashMap::new();
        let mut loose_table = None;
        let mut plans = Vec::with_capacity(self.solver.cells().len());
        for cp in self.solver.cells() {
            let i = cp.depth;
            let mut key_sides: Vec<usize> = cp.key.iter().flatten().map(|s| s.index()).collect();
            let mut rules = [SideRule::Open; 4];
            let mut sources = [None; 4];
            for side in Side::ALL {
                let s = side.index();
                rules[s] = match cp.rules[s] {
                    Known::Rim => SideRule::Rim,
                    Known::Fixed(c) => SideRule::Fixed(c),
                    Known::Later => SideRule::Open,
                    Known::Earlier => {
                        sources[s] = Some(if cp.previous == Some(side) {
                            Source::Previous
                        } else {
                            // An earlier side always has a neighbour.
                            cp.neighbours[s].map_or(Source::Constant(0), Source::Board)
                        });
                        match key_sides.iter().position(|&k| k == s) {
                            Some(slot) => SideRule::Key(slot as u8),
                            None => SideRule::Check,
                        }
                    }
                };
            }
            let table = if self.tight {
                *by_solver_table.entry(cp.table).or_insert_with(|| {
                    tables.push(from_solver(&self.solver.tables()[cp.table], rules));
                    tables.len() - 1
                })
            } else {
                loosen(&mut rules, &mut sources, &mut key_sides);
                *loose_table.get_or_insert_with(|| {
                    tables.push(loose(&all, rules, key_sides.len(), colour_bits));
                    tables.len() - 1
                })
            };
            tables[table].users.push(i);
            plans.push(CellPlan {
                index: i,
                cell: cp.cell,
                rules,
                sources,
                table,
                key_sides,
            });
        }

        // Score after d placements: interior edges whose both cells are pinned or among the
        // first d of the order (in a strict search every such edge matches).
        let mut filled: Vec<bool> = pinned.iter().map(Option::is_some).collect();
        let count_pairs = |filled: &[bool], cell: usize| -> u32 {
            [UP, RIGHT, DOWN, LEFT]
                .iter()
                .filter_map(|&s| self.neighbour(cell, s))
                .filter(|&n| filled[n])
                .count() as u32
        };
        let mut base = 0u32;
        for c in 0..cells {
            if filled[c] {
                if c % self.width + 1 < self.width && filled[c + 1] {
                    base += 1;
                }
                if c + self.width < cells && filled[c + self.width] {
                    base += 1;
                }
            }
        }
        let mut score = vec![base];
        for &cell in &self.order {
            base += count_pairs(&filled, cell);
            filled[cell] = true;
            score.push(base);
        }

        Plan {
            colour_bits,
            cells: plans,
            tables,
            score,
            pinned,
        }
    }
}

/// A tight table: the solver's table (its candidates already filtered by the rules and
/// bucketed by the key colours), packed.
fn from_solver(t: &solver::Table, rules: [SideRule; 4]) -> Table {
    let mut cands = Vec::with_capacity(t.candidates().len());
    let mut start = Vec::with_capacity(t.buckets() + 1);
    for k in 0..t.buckets() {
        start.push(cands.len() as u32);
        cands.extend(t.bucket(k).iter().map(|o| {
            pack_candidate(
                pack_urdl(o.edges),
                o.candidate.piece,
                o.candidate.rotation.quarter_turns(),
            )
        }));
    }
    start.push(cands.len() as u32);
    Table {
        rules,
        key_slots: t.key_slots(),
        cands,
        start,
        users: Vec::new(),
    }
}

/// Turns tight rules into loose ones: left and up always form the key (a rim or pin colour
/// becomes a constant key), right and down are checked in the loop.
fn loosen(rules: &mut [SideRule; 4], sources: &mut [Option<Source>; 4], keys: &mut Vec<usize>) {
    if !matches!(
        rules[LEFT],
        SideRule::Key(_) | SideRule::Rim | SideRule::Fixed(_)
    ) || !matches!(
        rules[UP],
        SideRule::Key(_) | SideRule::Rim | SideRule::Fixed(_)
    ) || keys.iter().any(|&k| k != LEFT && k != UP)
    {
        return; // Orders that leave left or up open keep their tight rules.
    }
    for (slot, side) in [LEFT, UP].into_iter().enumerate() {
        match rules[side] {
            SideRule::Rim => sources[side] = Some(Source::Constant(0)),
            SideRule::Fixed(c) => sources[side] = Some(Source::Constant(c)),
            _ => {}
        }
        rules[side] = SideRule::Key(slot as u8);
    }
    *keys = vec![LEFT, UP];
    for side in [RIGHT, DOWN] {
        rules[side] = match rules[side] {
            SideRule::Rim => SideRule::CheckConst(0),
            SideRule::Fixed(c) => SideRule::CheckConst(c),
            SideRule::Open => SideRule::CheckNotGrey,
            other => other,
        };
    }
}

/// The loose table: every candidate, bucketed by the colours of the key sides (left and up,
/// where a rim or pin gives a constant key); every other rule is checked in the loop.
fn loose(all: &[(u16, u8, [u8; 4])], rules: [SideRule; 4], slots: usize, bits: u32) -> Table {
    let mut key_side = [usize::MAX; 2];
    for (side, rule) in rules.iter().enumerate() {
        if let SideRule::Key(k) = rule {
            key_side[*k as usize] = side;
        }
    }
    let buckets = 1usize << (bits as usize * slots);
    let mut lists: Vec<Vec<u64>> = vec![Vec::new(); buckets];
    for &(pid, rot, e) in all {
        let key = (0..slots).fold(0usize, |k, slot| k << bits | e[key_side[slot]] as usize);
        lists[key].push(pack_candidate(pack_urdl(e), pid, rot));
    }
    let mut cands = Vec::new();
    let mut start = Vec::with_capacity(buckets + 1);
    for l in lists {
        start.push(cands.len() as u32);
        cands.extend(l);
    }
    start.push(cands.len() as u32);
    Table {
        rules,
        key_slots: slots,
        cands,
        start,
        users: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 2x2 board of four corner pieces that fit one way (and its turns).
    fn tiny(tight: bool) -> Spec {
        // Solution: 0 at (0,0) rot 0, 1 at (0,1), 2 at (1,0), 3 at (1,1); colours 1..4.
        let pieces = [[0, 1, 2, 0], [0, 0, 3, 1], [2, 4, 0, 0], [3, 0, 0, 4]];
        let inst = Instance::new(2, 2, pieces.map(Piece::new).to_vec(), vec![]).unwrap();
        Spec::new(&inst, OrderKind::RowMajor, tight)
    }

    #[test]
    fn rotation_convention() {
        assert_eq!(rotated([1, 2, 3, 4], 1), [4, 1, 2, 3]);
        assert_eq!(rotated([1, 2, 3, 4], 2), [3, 4, 1, 2]);
        assert_eq!(pack_urdl([1, 2, 3, 4]), 0x0102_0304);
    }

    #[test]
    fn corner_table_holds_only_corner_rotations_that_fit() {
        let plan = tiny(true).plan();
        // Cell 0: up and left are rim, right and down open: one list, no key.
        let t = &plan.tables[plan.cells[0].table];
        assert_eq!(t.key_slots, 0);
        let pieces: Vec<u64> = t.cands.iter().map(|c| c & 0xffff).collect();
        assert_eq!(pieces, vec![0, 1, 2, 3]);
        // Cell 1: left is the previous cell (key), up and right are rim.
        assert_eq!(plan.cells[1].key_sides, vec![LEFT]);
        assert_eq!(plan.cells[1].sources[LEFT], Some(Source::Previous));
        // Cell 3: left (previous) and up (board) are keys.
        assert_eq!(plan.cells[3].key_sides, vec![LEFT, UP]);
        assert_eq!(plan.cells[3].sources[UP], Some(Source::Board(1)));
        assert_eq!(plan.score, vec![0, 0, 1, 2, 4]);
    }

    #[test]
    fn tight_tables_are_the_solver_plans_tables() {
        let spec = tiny(true);
        let plan = spec.plan();
        assert_eq!(plan.tables.len(), spec.solver.tables().len());
        for (ours, theirs) in plan.tables.iter().zip(spec.solver.tables()) {
            assert_eq!(ours.users, theirs.users);
            assert_eq!(ours.start.len(), theirs.buckets() + 1);
            let unpacked: Vec<(u16, u8)> = ours
                .cands
                .iter()
                .map(|&c| ((c & 0xffff) as u16, (c >> 16 & 3) as u8))
                .collect();
            let expected: Vec<(u16, u8)> = theirs
                .candidates()
                .iter()
                .map(|o| (o.candidate.piece, o.candidate.rotation.quarter_turns()))
                .collect();
            assert_eq!(unpacked, expected);
        }
    }

    #[test]
    fn the_loose_table_holds_every_candidate() {
        let plan = tiny(false).plan();
        assert_eq!(plan.tables.len(), 1);
        assert_eq!(plan.tables[0].cands.len(), 16);
        assert_eq!(plan.tables[0].users, vec![0, 1, 2, 3]);
    }
}
