//! The emit-time analysis: what each cell of the fill order knows when it is filled, and the
//! candidate tables that follow from it.
//!
//! Everything the generated program would otherwise decide at run time is decided here, once:
//! which neighbours are rim, pinned, already placed or still open, which of the placed ones
//! form the bucket key, and which candidates can ever fit. Cells with the same constraints
//! share one table, so the interior of a board uses a single table however large it is.

use std::collections::HashMap;

use eternity_solver::{Piece, Rotation};

/// Sides in edge-array order.
pub(crate) const UP: usize = 0;
pub(crate) const RIGHT: usize = 1;
pub(crate) const DOWN: usize = 2;
pub(crate) const LEFT: usize = 3;

/// Names of the sides, for comments.
pub(crate) const SIDE_NAMES: [&str; 4] = ["up", "right", "down", "left"];

/// Bit offset of each side's colour in a packed `u32` URDL cell.
pub(crate) const SHIFT: [u32; 4] = [24, 16, 8, 0];

/// A puzzle reduced to plain data: what the emitter needs and nothing else.
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
        let mut hinted_piece = vec![false; self.pieces.len()];
        for &(cell, piece, rot) in &self.hints {
            let e = rotated(self.pieces[piece as usize], rot);
            pinned[cell] = Some(pack_urdl(e));
            hinted_piece[piece as usize] = true;
        }
        let max_colour = self
            .pieces
            .iter()
            .flat_map(|p| p.iter().copied())
            .max()
            .unwrap_or(0) as u32;
        let colour_bits = (32 - max_colour.leading_zeros()).max(1);

        // Every distinct (piece, rotation), piece-ascending then rotation-ascending, pinned
        // pieces left out: the order the oracle engine tries them in.
        let mut all = Vec::new();
        for (pid, &edges) in self.pieces.iter().enumerate() {
            if hinted_piece[pid] {
                continue;
            }
            for rotation in Piece::new(edges).distinct_rotations() {
                let rot = rotation.quarter_turns();
                all.push((pid as u16, rot, rotated(edges, rot)));
            }
        }

        let mut position = vec![usize::MAX; cells];
        for (i, &c) in self.order.iter().enumerate() {
            position[c] = i;
        }

        let mut tables: Vec<Table> = Vec::new();
        let mut by_rules: HashMap<[SideRule; 4], usize> = HashMap::new();
        let mut plans = Vec::with_capacity(self.order.len());
        for (i, &cell) in self.order.iter().enumerate() {
            let mut rules = [SideRule::Open; 4];
            let mut sources = [None; 4];
            let mut key_sides = Vec::new();
            // Slot priority: left first (it usually comes in a register), then up, right, down.
            for side in [LEFT, UP, RIGHT, DOWN] {
                rules[side] = match self.neighbour(cell, side) {
                    None => SideRule::Rim,
                    Some(n) => {
                        if let Some(urdl) = pinned[n] {
                            let facing = (side + 2) % 4;
                            SideRule::Fixed((urdl >> SHIFT[facing]) as u8)
                        } else if position[n] < i {
                            sources[side] = Some(if position[n] + 1 == i {
                                Source::Previous
                            } else {
                                Source::Board(n)
                            });
                            if key_sides.len() < 2 {
                                key_sides.push(side);
                                SideRule::Key(key_sides.len() as u8 - 1)
                            } else {
                                SideRule::Check
                            }
                        } else {
                            SideRule::Open
                        }
                    }
                };
            }
            if !self.tight {
                loosen(&mut rules, &mut sources, &mut key_sides);
            }
            // Loose tables are all the same table: one entry for every cell.
            let identity = if self.tight {
                rules
            } else {
                [
                    SideRule::Key(1),
                    SideRule::Open,
                    SideRule::Open,
                    SideRule::Key(0),
                ]
            };
            let table = *by_rules.entry(identity).or_insert_with(|| {
                tables.push(build_table(
                    &all,
                    rules,
                    key_sides.len(),
                    colour_bits,
                    self.tight,
                ));
                tables.len() - 1
            });
            tables[table].users.push(i);
            plans.push(CellPlan {
                index: i,
                cell,
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

/// Builds one table: every candidate that satisfies `rules` (or, for a loose table, every
/// candidate), bucketed by the key colours.
fn build_table(
    all: &[(u16, u8, [u8; 4])],
    rules: [SideRule; 4],
    slots: usize,
    bits: u32,
    filter: bool,
) -> Table {
    let mut key_side = [usize::MAX; 2];
    for (side, rule) in rules.iter().enumerate() {
        if let SideRule::Key(k) = rule {
            key_side[*k as usize] = side;
        }
    }
    let buckets = 1usize << (bits as usize * slots);
    let mut lists: Vec<Vec<u64>> = vec![Vec::new(); buckets];
    for &(pid, rot, e) in all {
        let fits = !filter
            || (0..4).all(|s| match rules[s] {
                SideRule::Rim => e[s] == 0,
                SideRule::Fixed(c) => e[s] == c,
                SideRule::Key(_) | SideRule::Check | SideRule::Open => e[s] != 0,
                SideRule::CheckConst(_) | SideRule::CheckNotGrey => true,
            });
        if !fits {
            continue;
        }
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

    /// A 2x2 board of four corner pieces that fit one way.
    fn tiny() -> Spec {
        Spec {
            name: "tiny".into(),
            width: 2,
            height: 2,
            // Solution: 0 at (0,0) rot 0, 1 at (0,1), 2 at (1,0), 3 at (1,1); colours 1..4.
            pieces: vec![[0, 1, 2, 0], [0, 0, 3, 1], [2, 4, 0, 0], [3, 0, 0, 4]],
            hints: vec![],
            order: vec![0, 1, 2, 3],
            tight: true,
        }
    }

    #[test]
    fn rotation_convention() {
        assert_eq!(rotated([1, 2, 3, 4], 1), [4, 1, 2, 3]);
        assert_eq!(rotated([1, 2, 3, 4], 2), [3, 4, 1, 2]);
        assert_eq!(pack_urdl([1, 2, 3, 4]), 0x0102_0304);
    }

    #[test]
    fn corner_table_holds_only_corner_rotations_that_fit() {
        let plan = tiny().plan();
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
    fn symmetric_rotations_are_listed_once() {
        let mut s = tiny();
        s.width = 3;
        s.height = 3;
        s.pieces = vec![[1, 2, 1, 2]; 9];
        s.order = (0..9).collect();
        let plan = s.plan();
        let centre = &plan.tables[plan.cells[4].table];
        // Piece ids 0..9, two distinct rotations each.
        assert_eq!(centre.cands.len(), 18);
    }
}
