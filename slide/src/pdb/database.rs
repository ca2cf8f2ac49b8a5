//! The tables: one pattern's [`PatternDb`], and the additive [`PatternDatabases`] of a
//! partition with its mirror lookups (the [`Heuristic`]).

use std::sync::Arc;
use std::time::Duration;

use puzzle_search::Instant;

use super::{BuildProgress, build, placements, rank};
use crate::board::MAX_CELLS;
use crate::error::{PdbError, PuzzleError};
use crate::heuristic::Heuristic;
use crate::pdb::Partition;
use crate::state::{Geometry, State};

/// One pattern's table.
#[derive(Clone, PartialEq, Eq)]
pub struct PatternDb {
    pub(super) width: usize,
    pub(super) height: usize,
    /// Goal cells of the pattern's tiles, in ranking order.
    pub(super) pattern: Vec<u8>,
    /// Goal cell of the blank.
    pub(super) blank_goal: u8,
    pub(super) table: Vec<u8>,
    /// Seconds the build took (zero when loaded from a file).
    pub(super) build_time: Duration,
}

impl std::fmt::Debug for PatternDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "PatternDb({}x{}, tiles at {:?}, blank at {}, {} entries)",
            self.width,
            self.height,
            self.pattern,
            self.blank_goal,
            self.table.len()
        )
    }
}

impl PatternDb {
    /// Builds the table for the tiles whose goal cells are `pattern`, for the goal with the
    /// blank in cell `blank_goal`, by backward BFS. `progress` is called after each layer;
    /// returning `false` interrupts the build.
    ///
    /// The table depends on the blank's goal cell where the pattern's tiles wall it off from
    /// the other free cells (as tiles 1 and 5 do around cell 0 of a 5x5 board).
    pub fn build(
        width: usize,
        height: usize,
        pattern: &[u8],
        blank_goal: usize,
        mut progress: impl FnMut(BuildProgress) -> bool,
    ) -> Result<PatternDb, PdbError> {
        let started = Instant::now();
        let n = width * height;
        let k = pattern.len();
        if k == 0 || k >= n || pattern.iter().any(|&p| p as usize >= n) {
            return Err(PdbError::Unsupported(format!(
                "pattern {pattern:?} does not fit a {width}x{height} board"
            )));
        }
        if blank_goal >= n || pattern.contains(&(blank_goal as u8)) {
            return Err(PdbError::Unsupported(format!(
                "blank goal cell {blank_goal} is off the {width}x{height} board or in pattern {pattern:?}"
            )));
        }
        let total = placements(n, k);
        if total > u32::MAX as u64 {
            return Err(PdbError::Unsupported(format!(
                "a {k}-tile pattern on {n} cells has {total} placements, too many to rank in 32 bits"
            )));
        }
        let table = build::build(width, height, pattern, blank_goal, total, &mut progress)?;
        Ok(PatternDb {
            width,
            height,
            pattern: pattern.to_vec(),
            blank_goal: blank_goal as u8,
            table,
            build_time: started.elapsed(),
        })
    }

    /// Number of placements of `k` distinct tiles on `n` cells, `n!/(n-k)!`: the entries of a
    /// `k`-tile table on `n` cells.
    pub fn placements(n: usize, k: usize) -> u64 {
        placements(n, k)
    }

    /// Goal cells of the pattern's tiles.
    pub fn pattern(&self) -> &[u8] {
        &self.pattern
    }

    /// Goal cell of the blank.
    pub fn blank_goal(&self) -> usize {
        self.blank_goal as usize
    }

    /// Number of entries (bytes).
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Never true (a pattern has at least one tile).
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// Time the build took; zero when loaded from the cache.
    pub fn build_time(&self) -> Duration {
        self.build_time
    }

    /// The stored distance for the pattern tiles standing in `positions` (pattern order).
    #[inline]
    pub fn lookup(&self, positions: impl Iterator<Item = u8>) -> u8 {
        self.table[rank(positions, self.width * self.height)]
    }
}

/// Which table and which slot each tile label belongs to.
const NO_PATTERN: u8 = u8::MAX;

/// The sum of disjoint pattern-database values, maxed with the mirrored lookup where the
/// board allows it. Cheap to clone (the tables are shared).
#[derive(Clone, Debug)]
pub struct PatternDatabases {
    geometry: Geometry,
    blank_goal: u8,
    name: String,
    dbs: Arc<Vec<PatternDb>>,
    /// `owner[label]`: index of the pattern holding that tile.
    owner: [u8; MAX_CELLS],
    /// `transpose[cell]`: the cell mirrored in the main diagonal (when `mirror`).
    transpose: [u8; MAX_CELLS],
    mirror: bool,
}

/// Per-node values of each table, plain and mirrored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PdbMemo {
    pub(super) plain: [u8; 8],
    pub(super) mirrored: [u8; 8],
}

impl PatternDatabases {
    /// Builds the tables in memory only (no cache), for tests and small boards.
    pub fn build(
        partition: Partition,
        width: usize,
        height: usize,
        blank_goal: usize,
    ) -> Result<PatternDatabases, PdbError> {
        let mut dbs = Vec::new();
        for p in partition.patterns(width, height, blank_goal)? {
            dbs.push(PatternDb::build(width, height, &p, blank_goal, |_| true)?);
        }
        Self::from_tables(partition.name(), width, height, blank_goal, dbs)
    }

    /// Combines tables of disjoint patterns that together may cover any tiles but the blank.
    pub fn from_tables(
        name: &str,
        width: usize,
        height: usize,
        blank_goal: usize,
        dbs: Vec<PatternDb>,
    ) -> Result<PatternDatabases, PdbError> {
        let n = width * height;
        if dbs.len() > 8 {
            return Err(PdbError::Unsupported("at most 8 patterns".into()));
        }
        let mut owner = [NO_PATTERN; MAX_CELLS];
        for (j, db) in dbs.iter().enumerate() {
            if (db.width, db.height) != (width, height) {
                return Err(PdbError::Unsupported(
                    "tables for another board size".into(),
                ));
            }
            if db.blank_goal() != blank_goal {
                return Err(PdbError::Unsupported(format!(
                    "a table for the blank's goal in cell {}, not {blank_goal}",
                    db.blank_goal()
                )));
            }
            for &c in &db.pattern {
                if c as usize == blank_goal || owner[c as usize] != NO_PATTERN {
                    return Err(PdbError::Unsupported(format!(
                        "patterns overlap or cover the blank at cell {c}"
                    )));
                }
                owner[c as usize] = j as u8;
            }
        }
        let mut transpose = [0u8; MAX_CELLS];
        for (c, t) in transpose.iter_mut().enumerate().take(n) {
            *t = ((c % width) * width + c / width) as u8;
        }
        let mirror = width == height && transpose[blank_goal] as usize == blank_goal;
        Ok(PatternDatabases {
            geometry: Geometry::new(width, height),
            blank_goal: blank_goal as u8,
            name: puzzle_search::excerpt(name),
            dbs: Arc::new(dbs),
            owner,
            transpose,
            mirror,
        })
    }

    /// The tables.
    pub fn tables(&self) -> &[PatternDb] {
        &self.dbs
    }

    /// True when mirrored lookups are used.
    pub fn mirrored(&self) -> bool {
        self.mirror
    }

    #[inline]
    fn plain(&self, j: usize, pos: &[u8; MAX_CELLS]) -> u8 {
        let db = &self.dbs[j];
        db.lookup(db.pattern.iter().map(|&l| pos[l as usize]))
    }

    /// The mirrored position's tile labelled `l` is the real tile labelled `T(l)`, standing in
    /// the mirror of that tile's cell.
    #[inline]
    fn mirrored_value(&self, j: usize, pos: &[u8; MAX_CELLS]) -> u8 {
        let db = &self.dbs[j];
        let t = &self.transpose;
        db.lookup(
            db.pattern
                .iter()
                .map(|&l| t[pos[t[l as usize] as usize] as usize]),
        )
    }

    #[inline]
    fn total(&self, m: &PdbMemo) -> u32 {
        let k = self.dbs.len();
        let a: u32 = m.plain[..k].iter().map(|&x| x as u32).sum();
        if self.mirror {
            a.max(m.mirrored[..k].iter().map(|&x| x as u32).sum())
        } else {
            a
        }
    }
}

impl Heuristic for PatternDatabases {
    type Memo = PdbMemo;

    fn name(&self) -> String {
        self.name.clone()
    }

    fn check(&self, g: &Geometry) -> Result<(), PuzzleError> {
        if g.width == self.geometry.width && g.height == self.geometry.height {
            Ok(())
        } else {
            Err(PuzzleError::Unsupported {
                heuristic: format!(
                    "{} (built for {}x{})",
                    self.name, self.geometry.width, self.geometry.height
                ),
                width: g.width,
                height: g.height,
            })
        }
    }

    fn evaluate(&self, s: &State) -> (u32, PdbMemo) {
        debug_assert_eq!(s.blank_label, self.blank_goal);
        let mut m = PdbMemo::default();
        for j in 0..self.dbs.len() {
            m.plain[j] = self.plain(j, &s.pos);
            if self.mirror {
                m.mirrored[j] = self.mirrored_value(j, &s.pos);
            }
        }
        (self.total(&m), m)
    }

    #[inline]
    fn update(&self, s: &State, from: usize, h: u32, memo: &PdbMemo) -> (u32, PdbMemo) {
        self.update_within(s, from, h, memo, u32::MAX)
    }

    /// The plain sum first; the mirrored lookup (another cache miss) only when the plain sum
    /// alone does not already exceed `limit`.
    #[inline]
    fn update_within(
        &self,
        s: &State,
        from: usize,
        _h: u32,
        memo: &PdbMemo,
        limit: u32,
    ) -> (u32, PdbMemo) {
        let label = s.cells[from] as usize;
        // Only the moved tile's position changes (the blank is in no pattern).
        let mut pos = s.pos;
        pos[label] = s.blank;
        let mut m = *memo;
        // Only the pattern holding the moved tile changes; in the mirror, the pattern holding
        // the mirrored label.
        let j = self.owner[label];
        if j != NO_PATTERN {
            m.plain[j as usize] = self.plain(j as usize, &pos);
        }
        let k = self.dbs.len();
        let plain: u32 = m.plain[..k].iter().map(|&x| x as u32).sum();
        if !self.mirror || plain > limit {
            return (plain, m);
        }
        let jm = self.owner[self.transpose[label] as usize];
        if jm != NO_PATTERN {
            m.mirrored[jm as usize] = self.mirrored_value(jm as usize, &pos);
        }
        let mirrored: u32 = m.mirrored[..k].iter().map(|&x| x as u32).sum();
        (plain.max(mirrored), m)
    }
}
