//! One-step look-ahead that keeps the node count: a placement after which the next cell's
//! bucket is empty is counted without being made.
//!
//! A node is a committed placement, so a candidate that fits but leaves the next cell of the
//! fill order nothing to try is still one node (a leaf). The generated program used to place
//! it, compute the next cell's key, find the bucket empty and take the piece back. Whether a
//! bucket is empty is known when the program is generated, and the next cell's key is this
//! candidate's colour plus, at most, one colour that was placed before this cell and so stays
//! the same for the whole scan. So each such cell reads, once per scan, a mask of the colours
//! its candidates may show the next cell for that bucket to be non-empty, and a candidate whose
//! colour is not in it is counted as a node (budget check, node count, deepest-depth record
//! included) and skipped. Same tree, same order, same node counts; only the work per leaf
//! shrinks to a bit test.

use crate::plan::{Plan, SHIFT, SideRule, Source, Table};

/// Colours must fit the bits of a `u64` mask.
const MAX_COLOUR_BITS: u32 = 6;

/// The look-ahead of one cell of the fill order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Lookahead {
    /// The next cell's table.
    pub table: usize,
    /// The key slot of the next cell that this cell's candidate fills.
    pub slot: usize,
    /// Bit offset, in a packed candidate, of the colour it shows the next cell.
    pub shift: u32,
    /// The next cell's side whose colour fills the other key slot, if its table has two.
    pub other: Option<usize>,
}

impl Lookahead {
    /// The name of the mask constant in the generated program.
    pub(crate) fn mask_name(&self) -> String {
        format!("L{}_{}", self.table, self.slot)
    }
}

/// The look-ahead of fill-order position `i`, if it has one: not the last cell, the next cell
/// keys its bucket on the colour this cell shows it, colours fit a mask, and the look-ahead
/// finds an empty bucket often enough to pay for the bit test on every other candidate.
pub(crate) fn of(plan: &Plan, i: usize) -> Option<Lookahead> {
    let la = possible(plan, i)?;
    let share = empty_share(plan, i, &la);
    (share >= MIN_EMPTY_SHARE).then_some(la)
}

/// How often the next bucket must be empty for the look-ahead to pay: at 50% it saves a few
/// instructions on every leaf of bench-easy-h40's border rows; on bench-hard's interior (about
/// a third of the buckets empty) the bit test on every candidate cost more than it saved.
const MIN_EMPTY_SHARE: f64 = 0.5;

/// The share of this cell's candidates, paired with every colour the other key slot can
/// take, that leave the next cell an empty bucket: how often the look-ahead saves a
/// placement.
fn empty_share(plan: &Plan, i: usize, la: &Lookahead) -> f64 {
    let here = &plan.tables[plan.cells[i].table];
    let next = &plan.tables[la.table];
    let masks = masks(next, la.slot, plan.colour_bits);
    let colour = |c: u64, shift: u32| (c >> shift) as usize & ((1 << plan.colour_bits) - 1);
    // Colours the other slot takes: those its side shows in the next table's candidates.
    let others: Vec<usize> = match la.other {
        Some(side) => {
            let mut seen: Vec<usize> = next
                .cands
                .iter()
                .map(|&c| colour(c, 32 + SHIFT[side]))
                .collect();
            seen.sort_unstable();
            seen.dedup();
            seen
        }
        None => vec![0],
    };
    let (mut empty, mut all) = (0usize, 0usize);
    for &c in &here.cands {
        let x = colour(c, la.shift);
        for &y in &others {
            all += 1;
            if masks[y.min(masks.len() - 1)] >> x & 1 == 0 {
                empty += 1;
            }
        }
    }
    if all == 0 {
        0.0
    } else {
        empty as f64 / all as f64
    }
}

/// The look-ahead a cell could have (see [`of`]), before asking whether it pays.
fn possible(plan: &Plan, i: usize) -> Option<Lookahead> {
    let next = plan.cells.get(i + 1)?;
    if plan.colour_bits > MAX_COLOUR_BITS {
        return None;
    }
    let side = (0..4).find(|&s| next.sources[s] == Some(Source::Previous))?;
    let slot = match next.rules[side] {
        SideRule::Key(slot) => slot as usize,
        _ => return None,
    };
    let other = next.key_sides.iter().copied().find(|&s| s != side);
    Some(Lookahead {
        table: next.table,
        slot,
        shift: 32 + SHIFT[(side + 2) % 4],
        other,
    })
}

/// The masks of `table` for key slot `slot`: one per colour of the other slot (one mask in
/// all if the table has one key slot). Bit `x` of mask `y` is set when the bucket keyed by
/// colour `x` in `slot` and `y` in the other slot holds a candidate.
pub(crate) fn masks(table: &Table, slot: usize, colour_bits: u32) -> Vec<u64> {
    let colours = 1usize << colour_bits;
    let others = if table.key_slots == 2 { colours } else { 1 };
    (0..others)
        .map(|y| {
            (0..colours).fold(0u64, |mask, x| {
                let key = match (table.key_slots, slot) {
                    (2, 0) => x << colour_bits | y,
                    (2, _) => y << colour_bits | x,
                    _ => x,
                };
                let filled = match (table.start.get(key), table.start.get(key + 1)) {
                    (Some(a), Some(b)) => a < b,
                    _ => false,
                };
                if filled { mask | 1 << x } else { mask }
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use eternity_solver::{Instance, OrderKind, Piece};

    use crate::plan::{LEFT, Spec, UP};

    fn plan_of(pieces: &[[u8; 4]], w: usize, h: usize) -> Plan {
        let inst = Instance::new(
            w,
            h,
            pieces.iter().copied().map(Piece::new).collect(),
            vec![],
        )
        .unwrap();
        Spec::new(&inst, OrderKind::RowMajor, true).plan()
    }

    #[test]
    fn the_next_cell_keyed_on_this_one_gets_a_lookahead() {
        // 2x2: cell 1 keys on cell 0 (left); cell 2 starts a row (keyed on up, not on cell 1);
        // cell 3 keys on cell 2 (left) and cell 1 (up); cell 3 is last.
        let plan = plan_of(
            &[[0, 1, 2, 0], [0, 0, 3, 1], [2, 4, 0, 0], [3, 0, 0, 4]],
            2,
            2,
        );
        let a = possible(&plan, 0).unwrap();
        assert_eq!((a.table, a.slot, a.other), (plan.cells[1].table, 0, None));
        assert_eq!(a.shift, 32 + SHIFT[1]); // the right colour of cell 0
        assert_eq!(possible(&plan, 1), None);
        let c = possible(&plan, 2).unwrap();
        assert_eq!(plan.cells[3].key_sides, vec![LEFT, UP]);
        assert_eq!((c.slot, c.other), (0, Some(UP)));
        assert_eq!(possible(&plan, 3), None);
    }

    #[test]
    fn a_cell_looks_ahead_only_where_the_next_bucket_is_mostly_empty() {
        let plan = plan_of(
            &[[0, 1, 2, 0], [0, 0, 3, 1], [2, 4, 0, 0], [3, 0, 0, 4]],
            2,
            2,
        );
        for i in 0..plan.cells.len() {
            match possible(&plan, i) {
                Some(la) => {
                    let share = empty_share(&plan, i, &la);
                    assert!((0.0..=1.0).contains(&share));
                    assert_eq!(of(&plan, i).is_some(), share >= MIN_EMPTY_SHARE);
                }
                None => assert_eq!(of(&plan, i), None),
            }
        }
        // Cell 0's four corners show cell 1 the colours 1, 3, 2 and 4, and each keys a
        // bucket of cell 1 (the corner whose left edge it is): never empty, no look-ahead.
        let la = possible(&plan, 0).unwrap();
        assert_eq!(empty_share(&plan, 0, &la), 0.0);
        assert_eq!(of(&plan, 0), None);
    }

    #[test]
    fn a_mask_bit_is_set_exactly_for_non_empty_buckets() {
        let plan = plan_of(
            &[[0, 1, 2, 0], [0, 0, 3, 1], [2, 4, 0, 0], [3, 0, 0, 4]],
            2,
            2,
        );
        let bits = plan.colour_bits;
        for (t, table) in plan.tables.iter().enumerate() {
            for slot in 0..table.key_slots {
                let masks = masks(table, slot, bits);
                for (y, mask) in masks.iter().enumerate() {
                    for x in 0..1usize << bits {
                        let key = match (table.key_slots, slot) {
                            (2, 0) => x << bits | y,
                            (2, _) => y << bits | x,
                            _ => x,
                        };
                        let non_empty = table.start[key] < table.start[key + 1];
                        assert_eq!(mask >> x & 1 == 1, non_empty, "table {t} key {key}");
                    }
                }
            }
        }
    }
}
