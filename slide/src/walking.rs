//! Takahashi's walking distance (WD): an admissible heuristic for boards up to 4x4, never
//! below Manhattan distance.
//!
//! Forget which tile is which and keep only, for every row, how many of its tiles belong to
//! each goal row (a small matrix), plus the blank's row. A vertical move carries one tile
//! across a row boundary and changes that matrix by one; every such move changes only this
//! "vertical" matrix. A breadth-first search from the goal matrix over those matrices gives the
//! fewest vertical moves that any solution needs. The same for columns gives the fewest
//! horizontal moves. Every move is either vertical or horizontal, so the sum of the two is a
//! lower bound on the solution length.
//!
//! The tables are small (24,964 matrices per direction for 4x4) and are built once per process
//! for each board size and blank goal; a search step is then two array lookups.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use crate::error::PuzzleError;
use crate::heuristic::Heuristic;
use crate::state::{Geometry, State};

/// Largest side the tables support (the matrix of a 5-line side grows to millions of states).
pub(crate) const MAX_SIDE: usize = 4;

/// No such neighbour matrix.
const NO_STATE: u32 = u32::MAX;

/// One direction's table: distances and transitions between occupancy matrices.
///
/// A matrix has `lines` lines of `len` cells each; entry `[r][g]` is how many tiles standing in
/// line `r` belong to line `g`. It is packed three bits per entry, line by line.
#[derive(Debug)]
struct Table {
    lines: usize,
    /// Index of every reachable matrix.
    index: HashMap<u64, u32>,
    /// Fewest moves across lines from each matrix to the goal matrix.
    dist: Vec<u8>,
    /// `next[i * 2 * lines + d * lines + g]`: the matrix after a tile of group `g` crosses
    /// from the line next to the blank into the blank's line, from the line above (`d = 0`)
    /// or below (`d = 1`); `NO_STATE` when there is no such tile or line.
    next: Vec<u32>,
}

fn entry(key: u64, lines: usize, r: usize, g: usize) -> u64 {
    (key >> (3 * (r * lines + g))) & 7
}

impl Table {
    /// Breadth-first search from the goal matrix. `blank_line` is the line the blank's goal
    /// cell lies in.
    fn build(lines: usize, len: usize, blank_line: usize) -> Table {
        let mut goal = 0u64;
        for r in 0..lines {
            let n = if r == blank_line { len - 1 } else { len };
            goal |= (n as u64) << (3 * (r * lines + r));
        }
        // The blank's line is the one holding fewer than `len` tiles.
        let blank_of = |key: u64| {
            (0..lines)
                .find(|&r| (0..lines).map(|g| entry(key, lines, r, g)).sum::<u64>() < len as u64)
                .expect("one line holds the blank")
        };
        let mut keys = vec![goal];
        let mut dist = vec![0u8];
        let mut index = HashMap::new();
        index.insert(goal, 0u32);
        let mut next = Vec::new();
        let mut i = 0;
        while i < keys.len() {
            let key = keys[i];
            let b = blank_of(key);
            let mut out = vec![NO_STATE; 2 * lines];
            for (d, other) in [b.checked_sub(1), Some(b + 1).filter(|&r| r < lines)]
                .into_iter()
                .enumerate()
            {
                let Some(o) = other else { continue };
                for g in 0..lines {
                    if entry(key, lines, o, g) == 0 {
                        continue;
                    }
                    let moved = key - (1 << (3 * (o * lines + g))) + (1 << (3 * (b * lines + g)));
                    let j = *index.entry(moved).or_insert_with(|| {
                        keys.push(moved);
                        dist.push(dist[i] + 1);
                        (keys.len() - 1) as u32
                    });
                    out[d * lines + g] = j;
                }
            }
            next.extend_from_slice(&out);
            i += 1;
        }
        Table {
            lines,
            index,
            dist,
            next,
        }
    }

    /// Index of a packed matrix (every matrix a solvable or unsolvable position gives is
    /// reachable, since the search ignores tile identities).
    fn lookup(&self, key: u64) -> u32 {
        *self
            .index
            .get(&key)
            .expect("every occupancy matrix is reachable")
    }

    #[inline]
    fn step(&self, i: u32, from_below: bool, group: usize) -> u32 {
        let d = usize::from(from_below);
        self.next[i as usize * 2 * self.lines + d * self.lines + group]
    }
}

/// The tables of one direction, built once per (lines, length, blank line).
fn table(lines: usize, len: usize, blank_line: usize) -> Arc<Table> {
    type Cache = Mutex<HashMap<(usize, usize, usize), Arc<Table>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    map.entry((lines, len, blank_line))
        .or_insert_with(|| Arc::new(Table::build(lines, len, blank_line)))
        .clone()
}

/// The matrix indices of a node: vertical (rows) and horizontal (columns).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WdMemo {
    vertical: u32,
    horizontal: u32,
}

/// Walking distance: the fewest vertical moves plus the fewest horizontal moves, each computed
/// exactly for the relaxed puzzle that only tracks which goal row (column) each tile belongs
/// to. Admissible; often well above Manhattan on the 15-puzzle, though not always.
///
/// Never below Manhattan distance: a tile `k` rows from its goal row needs `k` vertical moves,
/// and each vertical move carries one tile one row, so the vertical part alone is at least the
/// vertical part of Manhattan (likewise for columns). Taking the maximum with Manhattan would
/// add nothing.
///
/// Boards with both sides at most [`WalkingDistance::MAX_SIDE`] (2x2 to 4x4, including 3x4 and 4x3).
#[derive(Clone, Debug)]
pub struct WalkingDistance {
    geometry: Geometry,
    blank_label: u8,
    /// Tables over rows (vertical moves) and over columns (horizontal moves).
    rows: Arc<Table>,
    cols: Arc<Table>,
}

impl WalkingDistance {
    /// Largest side the tables support (the matrix of a 5-line side grows to millions of
    /// states).
    pub const MAX_SIDE: usize = MAX_SIDE;

    /// Walking distance for a board size and blank goal cell; builds (or reuses) the tables.
    /// Fails for boards with a side above [`WalkingDistance::MAX_SIDE`].
    pub fn new(geometry: &Geometry, blank_goal: usize) -> Result<WalkingDistance, PuzzleError> {
        let (w, h) = (geometry.width, geometry.height);
        if w > MAX_SIDE || h > MAX_SIDE || blank_goal >= geometry.cells {
            return Err(PuzzleError::Unsupported {
                heuristic: "walking-distance (sides up to 4)".into(),
                width: w,
                height: h,
            });
        }
        Ok(WalkingDistance {
            geometry: geometry.clone(),
            blank_label: blank_goal as u8,
            rows: table(h, w, blank_goal / w),
            cols: table(w, h, blank_goal % w),
        })
    }

    /// Number of occupancy matrices in the vertical and horizontal tables.
    pub fn table_sizes(&self) -> (usize, usize) {
        (self.rows.dist.len(), self.cols.dist.len())
    }

    #[inline]
    fn value(&self, memo: &WdMemo) -> u32 {
        self.rows.dist[memo.vertical as usize] as u32
            + self.cols.dist[memo.horizontal as usize] as u32
    }
}

impl Heuristic for WalkingDistance {
    type Memo = WdMemo;

    fn name(&self) -> String {
        "walking-distance".into()
    }

    fn check(&self, g: &Geometry) -> Result<(), PuzzleError> {
        if self.geometry.width == g.width && self.geometry.height == g.height {
            Ok(())
        } else {
            Err(PuzzleError::Unsupported {
                heuristic: format!(
                    "walking-distance (built for {}x{})",
                    self.geometry.width, self.geometry.height
                ),
                width: g.width,
                height: g.height,
            })
        }
    }

    fn evaluate(&self, s: &State) -> (u32, WdMemo) {
        debug_assert_eq!(s.blank_label, self.blank_label);
        let g = &self.geometry;
        let (mut vk, mut hk) = (0u64, 0u64);
        for c in 0..g.cells {
            let l = s.cells[c] as usize;
            if l == self.blank_label as usize {
                continue;
            }
            vk += 1 << (3 * (g.row(c) * g.height + g.row(l)));
            hk += 1 << (3 * (g.col(c) * g.width + g.col(l)));
        }
        let memo = WdMemo {
            vertical: self.rows.lookup(vk),
            horizontal: self.cols.lookup(hk),
        };
        (self.value(&memo), memo)
    }

    #[inline]
    fn update(&self, s: &State, from: usize, _h: u32, memo: &WdMemo) -> (u32, WdMemo) {
        let g = &self.geometry;
        let to = s.blank as usize;
        let l = s.cells[from] as usize;
        let mut m = *memo;
        // The tile crosses into the blank's line from the line before it (`from < to`) or
        // after it; only the table of the direction it moves in changes.
        if g.col(from) == g.col(to) {
            m.vertical = self.rows.step(memo.vertical, from > to, g.row(l));
        } else {
            m.horizontal = self.cols.step(memo.horizontal, from > to, g.col(l));
        }
        debug_assert_ne!(m.vertical, NO_STATE);
        debug_assert_ne!(m.horizontal, NO_STATE);
        (self.value(&m), m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fifteen_puzzle_tables_have_the_known_size() {
        let wd = WalkingDistance::new(&Geometry::new(4, 4), 15).unwrap();
        assert_eq!(wd.table_sizes(), (24_964, 24_964));
    }

    #[test]
    fn five_wide_boards_are_refused() {
        assert!(WalkingDistance::new(&Geometry::new(5, 5), 24).is_err());
        assert!(WalkingDistance::new(&Geometry::new(5, 3), 14).is_err());
    }

    #[test]
    fn zero_at_the_goal_for_every_blank_goal() {
        for (w, h) in [(2, 2), (3, 3), (4, 3), (3, 4), (4, 4), (2, 4)] {
            let g = Geometry::new(w, h);
            for blank in 0..w * h {
                let wd = WalkingDistance::new(&g, blank).unwrap();
                let s = State::identity(w, h, blank);
                assert_eq!(wd.evaluate(&s).0, 0, "{w}x{h} blank {blank}");
            }
        }
    }
}
