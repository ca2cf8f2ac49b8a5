//! Heuristics behind one trait: Manhattan distance, linear conflict (done right), and the
//! seed's pairwise linear conflict (kept for `baseline` only: it can overestimate).
//!
//! The additive pattern databases live in [`crate::pdb`].

use std::fmt::Debug;
use std::sync::{Arc, OnceLock};

use crate::board::MAX_CELLS;
use crate::error::PuzzleError;
use crate::state::{Geometry, State};

/// A lower bound on the moves left, evaluated from scratch or updated after one move.
///
/// `Memo` is what a heuristic keeps per node to update cheaply (for example the per-line
/// conflict counts); engines store it beside each node and hand it back.
pub trait Heuristic {
    /// Per-node data for incremental updates.
    type Memo: Copy + Debug + Default;

    /// A short name for tables and messages.
    fn name(&self) -> String;

    /// Fails when this heuristic was built for another board size.
    fn check(&self, geometry: &Geometry) -> Result<(), PuzzleError>;

    /// The estimate for a state, from scratch.
    fn evaluate(&self, s: &State) -> (u32, Self::Memo);

    /// The estimate after the tile in cell `from` slides into the blank of `s` (which is the
    /// state *before* the move), given the estimate `h` and memo of `s`. The default evaluates
    /// the new state from scratch.
    #[inline]
    fn update(&self, s: &State, from: usize, h: u32, memo: &Self::Memo) -> (u32, Self::Memo) {
        let _ = (h, memo);
        let mut t = *s;
        t.slide_unchecked(from);
        self.evaluate(&t)
    }

    /// Like [`Heuristic::update`], for a search that prunes the child when the estimate
    /// exceeds `limit`: once the estimate is known to exceed it, the heuristic may stop early
    /// and return any value above `limit` (and a memo that will not be used). Pruning
    /// decisions are the same as with `update`, so node counts do not change.
    #[inline]
    fn update_within(
        &self,
        s: &State,
        from: usize,
        h: u32,
        memo: &Self::Memo,
        limit: u32,
    ) -> (u32, Self::Memo) {
        let _ = limit;
        self.update(s, from, h, memo)
    }
}

fn check_size(name: &str, own: &Geometry, g: &Geometry) -> Result<(), PuzzleError> {
    if own.width == g.width && own.height == g.height {
        Ok(())
    } else {
        Err(PuzzleError::Unsupported {
            heuristic: format!("{name} (built for {}x{})", own.width, own.height),
            width: g.width,
            height: g.height,
        })
    }
}

/// Sum over tiles of the taxicab distance from each tile's cell to its goal cell.
#[derive(Clone, Debug)]
pub struct Manhattan {
    geometry: Geometry,
    /// `table[label][cell]`; zero for the blank's label.
    table: Box<[[u8; MAX_CELLS]; MAX_CELLS]>,
    blank_label: u8,
}

impl Manhattan {
    /// For a board size. `blank_goal` is the goal cell of the blank (it does not count).
    pub fn new(geometry: &Geometry, blank_goal: usize) -> Manhattan {
        let mut table = Box::new(geometry.dist);
        table[blank_goal] = [0; MAX_CELLS];
        Manhattan {
            geometry: geometry.clone(),
            table,
            blank_label: blank_goal as u8,
        }
    }

    /// The distance of the tile labelled `label` standing in `cell`.
    #[inline]
    pub fn tile(&self, label: usize, cell: usize) -> u32 {
        self.table[label][cell] as u32
    }
}

impl Heuristic for Manhattan {
    type Memo = ();

    fn name(&self) -> String {
        "manhattan".into()
    }

    fn check(&self, g: &Geometry) -> Result<(), PuzzleError> {
        check_size("manhattan", &self.geometry, g)
    }

    fn evaluate(&self, s: &State) -> (u32, ()) {
        debug_assert_eq!(s.blank_label, self.blank_label);
        let h = (0..s.n as usize)
            .map(|c| self.tile(s.cells[c] as usize, c))
            .sum();
        (h, ())
    }

    #[inline]
    fn update(&self, s: &State, from: usize, h: u32, _: &()) -> (u32, ()) {
        let l = s.cells[from] as usize;
        (h + self.tile(l, s.blank as usize) - self.tile(l, from), ())
    }
}

/// Per-line conflict counts (rows first, then columns) and their Manhattan base.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineMemo {
    manhattan: u32,
    /// Sum of `lines`.
    conflicts: u32,
    lines: [u8; 10],
}

/// Manhattan distance plus linear conflicts, counted correctly: in every row (column), among
/// the tiles that belong to that row (column), the fewest tiles that must leave the line so the
/// rest stand in goal order, i.e. the line's tiles minus a longest increasing subsequence of
/// their goal columns (rows). Each such tile needs two extra moves. Counting +2 per
/// conflicting pair instead (as the seed does) overestimates when three tiles are mutually
/// reversed.
#[derive(Clone, Debug)]
pub struct LinearConflict {
    md: Manhattan,
    /// Pairwise (+2 per reversed pair) instead of the minimum removals: inadmissible, only for
    /// reproducing the seed.
    pairwise: bool,
    /// Cells of each line, rows first, then columns; unused slots repeat the first cell.
    line_cells: [[u8; 5]; 10],
    /// `line_key[line][label]`: where in that line the tile belongs, or `ABSENT`.
    line_key: Box<[[u8; MAX_CELLS]; 10]>,
    /// Conflict count for every sequence of up to five 3-bit keys (`ABSENT` = not in line).
    table: Arc<[u8]>,
}

/// Key of a tile that does not belong to the line.
const ABSENT: u8 = 7;

impl LinearConflict {
    /// Admissible linear conflict for a board size.
    pub fn new(geometry: &Geometry, blank_goal: usize) -> LinearConflict {
        Self::with_rule(geometry, blank_goal, false)
    }

    /// The seed's count: +2 per reversed pair. It can overestimate (three mutually reversed
    /// tiles count 6 where 4 moves suffice), so a search using it is not guaranteed optimal.
    pub fn seed_pairwise(geometry: &Geometry, blank_goal: usize) -> LinearConflict {
        Self::with_rule(geometry, blank_goal, true)
    }

    fn with_rule(g: &Geometry, blank_goal: usize, pairwise: bool) -> LinearConflict {
        let mut line_cells = [[0u8; 5]; 10];
        let mut line_key = Box::new([[ABSENT; MAX_CELLS]; 10]);
        for (line, cells) in line_cells.iter_mut().enumerate().take(g.height + g.width) {
            let len = if line < g.height { g.width } else { g.height };
            for (i, slot) in cells.iter_mut().enumerate() {
                let i = if i < len { i } else { 0 };
                *slot = if line < g.height {
                    (line * g.width + i) as u8
                } else {
                    (i * g.width + line - g.height) as u8
                };
            }
        }
        for l in 0..g.cells {
            if l == blank_goal {
                continue;
            }
            line_key[l / g.width][l] = (l % g.width) as u8;
            line_key[g.height + l % g.width][l] = (l / g.width) as u8;
        }
        // The tables depend on nothing but the rule: build each once per process.
        static TABLES: [OnceLock<Arc<[u8]>>; 2] = [OnceLock::new(), OnceLock::new()];
        let table = TABLES[usize::from(pairwise)]
            .get_or_init(|| {
                (0..1usize << 15)
                    .map(|code| {
                        let mut keys = [0u8; 5];
                        let mut k = 0;
                        for i in 0..5 {
                            let key = ((code >> (3 * i)) & 7) as u8;
                            if key != ABSENT {
                                keys[k] = key;
                                k += 1;
                            }
                        }
                        Self::count(&keys[..k], pairwise)
                    })
                    .collect()
            })
            .clone();
        LinearConflict {
            md: Manhattan::new(g, blank_goal),
            pairwise,
            line_cells,
            line_key,
            table,
        }
    }

    /// Conflicts among the keys of one line, in board order.
    fn count(keys: &[u8], pairwise: bool) -> u8 {
        let k = keys.len();
        if pairwise {
            let mut pairs = 0;
            for i in 0..k {
                for j in i + 1..k {
                    if keys[i] > keys[j] {
                        pairs += 1;
                    }
                }
            }
            return pairs;
        }
        // Tiles to remove = tiles minus a longest increasing subsequence.
        let mut best = [1u8; 5];
        let mut lis = 0;
        for i in 0..k {
            for j in 0..i {
                if keys[j] < keys[i] && best[j] + 1 > best[i] {
                    best[i] = best[j] + 1;
                }
            }
            lis = lis.max(best[i]);
        }
        k as u8 - lis
    }

    /// Conflict count of line `line` (rows `0..height`, then columns), by table lookup.
    #[inline]
    fn line(&self, s: &State, line: usize) -> u8 {
        let key = &self.line_key[line];
        let cells = &self.line_cells[line];
        let len = if line < self.md.geometry.height {
            self.md.geometry.width
        } else {
            self.md.geometry.height
        };
        let mut code = 0usize;
        for (i, &c) in cells.iter().enumerate() {
            let k = if i < len {
                key[s.cells[c as usize] as usize]
            } else {
                ABSENT
            };
            code |= (k as usize) << (3 * i);
        }
        self.table[code]
    }

    fn total(memo: &LineMemo) -> u32 {
        memo.manhattan + 2 * memo.conflicts
    }
}

impl Heuristic for LinearConflict {
    type Memo = LineMemo;

    fn name(&self) -> String {
        if self.pairwise {
            "seed-linear-conflict".into()
        } else {
            "linear-conflict".into()
        }
    }

    fn check(&self, g: &Geometry) -> Result<(), PuzzleError> {
        check_size("linear-conflict", &self.md.geometry, g)
    }

    fn evaluate(&self, s: &State) -> (u32, LineMemo) {
        let g = &self.md.geometry;
        let mut memo = LineMemo {
            manhattan: self.md.evaluate(s).0,
            conflicts: 0,
            lines: [0; 10],
        };
        for line in 0..g.width + g.height {
            memo.lines[line] = self.line(s, line);
            memo.conflicts += memo.lines[line] as u32;
        }
        (Self::total(&memo), memo)
    }

    #[inline]
    fn update(&self, s: &State, from: usize, _h: u32, memo: &LineMemo) -> (u32, LineMemo) {
        let g = &self.md.geometry;
        let to = s.blank as usize;
        let mut t = *s;
        t.slide_unchecked(from);
        let l = s.cells[from] as usize;
        let mut m = *memo;
        m.manhattan = memo.manhattan + self.md.tile(l, to) - self.md.tile(l, from);
        // A vertical move changes the tile's row (the order within its column is kept); a
        // horizontal move changes its column. Only those two lines can change.
        let (a, b) = if g.col(from) == g.col(to) {
            (g.row(from), g.row(to))
        } else {
            (g.height + g.col(from), g.height + g.col(to))
        };
        m.lines[a] = self.line(&t, a);
        m.lines[b] = self.line(&t, b);
        m.conflicts = memo.conflicts + m.lines[a] as u32 + m.lines[b] as u32
            - memo.lines[a] as u32
            - memo.lines[b] as u32;
        (Self::total(&m), m)
    }
}

/// Zero everywhere: turns A* into uniform-cost search (useful as a reference in tests).
#[derive(Clone, Debug)]
pub struct Zero {
    geometry: Geometry,
}

impl Zero {
    /// For a board size.
    pub fn new(geometry: &Geometry) -> Zero {
        Zero {
            geometry: geometry.clone(),
        }
    }
}

impl Heuristic for Zero {
    type Memo = ();
    fn name(&self) -> String {
        "zero".into()
    }
    fn check(&self, g: &Geometry) -> Result<(), PuzzleError> {
        check_size("zero", &self.geometry, g)
    }
    fn evaluate(&self, _: &State) -> (u32, ()) {
        (0, ())
    }
    fn update(&self, _: &State, _: usize, _: u32, _: &()) -> (u32, ()) {
        (0, ())
    }
}
