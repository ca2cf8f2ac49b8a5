//! What to generate: fill order, group size, search mode, budget and progress.

use std::fmt;

use eternity_solver::OrderKind;
use eternity_solver::engine::Mode;

use crate::error::GroupError;

/// How many cells of the fill order are fused into one function (1 to 8).
///
/// With 1, every cell is its own `#[inline(never)]` function: advancing is a call to the next
/// cell, backtracking is a return. Larger groups nest the loops of several consecutive cells in
/// one function, so only every `n`-th advance pays for a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Group(u8);

impl Group {
    /// The smallest group: one function per cell.
    pub const MIN: Group = Group(1);
    /// The largest group the emitter accepts.
    pub const MAX: Group = Group(8);

    /// A group of `cells` cells, if it is between 1 and 8.
    pub fn new(cells: usize) -> Result<Group, GroupError> {
        if (1..=8).contains(&cells) {
            Ok(Group(cells as u8))
        } else {
            Err(GroupError { requested: cells })
        }
    }

    /// Number of cells per function.
    pub fn get(self) -> usize {
        self.0 as usize
    }

    /// Every valid group size, ascending.
    pub fn all() -> impl Iterator<Item = Group> {
        (1..=8).map(Group)
    }
}

impl Default for Group {
    /// Four cells per function: the best trade-off between call overhead and code size that
    /// the sweep in the crate README found.
    fn default() -> Self {
        Group(4)
    }
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Options for [`emit_program`](crate::emit_program) and [`emit_module`](crate::emit_module).
///
/// `mode`, `max_nodes` and `progress` are only the generated program's defaults: its command
/// line (`--first`, `--all`, `--max-nodes N`, `--progress-ms N`, `--quiet`) and
/// [`RunOptions`](crate::RunOptions) override them without recompiling.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EmitOptions {
    /// Fill order. The oracle order is row-major; other orders change node counts.
    pub order: OrderKind,
    /// Cells fused per function.
    pub group: Group,
    /// Default search mode.
    pub mode: Mode,
    /// Default node budget (`None`: unlimited).
    pub max_nodes: Option<u64>,
    /// Default progress reporting: a `progress` line at most once a second.
    pub progress: bool,
    /// Per-cell candidate tables filtered by every rule the cell knows in advance (rim, pins,
    /// open sides), the default. `false` gives every cell one shared table keyed by (left, up)
    /// and checks the other sides in the loop, as a general table engine does; the node count
    /// is the same, only the speed differs (kept to measure what tightness is worth).
    pub tight_tables: bool,
}

impl Default for EmitOptions {
    fn default() -> Self {
        EmitOptions {
            order: OrderKind::RowMajor,
            group: Group::default(),
            mode: Mode::All,
            max_nodes: None,
            progress: true,
            tight_tables: true,
        }
    }
}

impl EmitOptions {
    /// Sets the fill order.
    pub fn order(mut self, order: OrderKind) -> Self {
        self.order = order;
        self
    }

    /// Sets the group size.
    pub fn group(mut self, group: Group) -> Self {
        self.group = group;
        self
    }

    /// Sets the default mode.
    pub fn mode(mut self, mode: Mode) -> Self {
        self.mode = mode;
        self
    }

    /// Sets the default node budget.
    pub fn max_nodes(mut self, max_nodes: Option<u64>) -> Self {
        self.max_nodes = max_nodes;
        self
    }

    /// Chooses tight per-cell tables (`true`, the default) or one loose shared table.
    pub fn tight_tables(mut self, on: bool) -> Self {
        self.tight_tables = on;
        self
    }

    /// Turns default progress reporting on or off.
    pub fn progress(mut self, on: bool) -> Self {
        self.progress = on;
        self
    }
}
