//! Fill orders: the sequence in which the search fills the cells that hints leave open.
//!
//! The depth of a search node is its position in the fill order: depth 0 is the first open
//! cell. Row-major (left to right, top to bottom, from the top-left corner) is the order the
//! published node-count oracles were measured in; [`FillOrder::auto`] chooses one per puzzle.

use std::fmt;
use std::str::FromStr;

use crate::engine::Mode;
use crate::error::{OrderError, ParseNameError};
use crate::instance::Instance;

mod auto;
mod estimate;

pub use auto::{
    AutoOrder, AutoReason, ESTIMATE_MARGIN, ESTIMATE_PROBES, ESTIMATE_SEED, RACE_MAX_NODES,
    RACE_START_NODES,
};
pub use estimate::TreeEstimate;

/// The built-in fill orders.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OrderKind {
    /// Left to right, top to bottom, from the top-left corner (the oracle order).
    #[default]
    RowMajor,
    /// Clockwise from the top-left corner, ring by ring towards the centre.
    Spiral,
    /// The rim first (clockwise from the top-left corner), then the interior row-major.
    BorderFirst,
    /// Top to bottom, left to right, from the top-left corner (row-major on the board turned
    /// a quarter): the short side first on a board wider than it is high.
    Column,
}

impl OrderKind {
    /// Every built-in order, in the order [`FillOrder::auto`] races them (and breaks ties).
    pub const ALL: [OrderKind; 4] = [
        OrderKind::RowMajor,
        OrderKind::Spiral,
        OrderKind::BorderFirst,
        OrderKind::Column,
    ];

    /// The name used on command lines: `row`, `spiral`, `border` or `column`.
    pub fn name(self) -> &'static str {
        match self {
            OrderKind::RowMajor => "row",
            OrderKind::Spiral => "spiral",
            OrderKind::BorderFirst => "border",
            OrderKind::Column => "column",
        }
    }
}

impl fmt::Display for OrderKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for OrderKind {
    type Err = ParseNameError;
    fn from_str(s: &str) -> Result<OrderKind, ParseNameError> {
        match s {
            "row" | "row-major" => Ok(OrderKind::RowMajor),
            "spiral" => Ok(OrderKind::Spiral),
            "border" | "border-first" => Ok(OrderKind::BorderFirst),
            "column" | "column-major" => Ok(OrderKind::Column),
            _ => Err(ParseNameError {
                what: "fill order",
                name: puzzle_search::excerpt(s),
                expected: "row, spiral, border or column",
            }),
        }
    }
}

/// The open cells of an instance (those without a hint), each exactly once, in the order the
/// search fills them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FillOrder {
    kind: Option<OrderKind>,
    cells: Vec<usize>,
}

impl FillOrder {
    /// The row-major order (the default and the oracle order): open cells left to right, top
    /// to bottom.
    pub fn row_major(inst: &Instance) -> FillOrder {
        FillOrder::new(inst, OrderKind::RowMajor)
    }

    /// The fill order `kind` for `inst`. Hinted cells are left out.
    pub fn new(inst: &Instance, kind: OrderKind) -> FillOrder {
        let all: Vec<usize> = match kind {
            OrderKind::RowMajor => (0..inst.cells()).collect(),
            OrderKind::Spiral => crate::order::spiral(inst.width(), inst.height()),
            OrderKind::BorderFirst => crate::order::border_first(inst.width(), inst.height()),
            OrderKind::Column => column_major(inst.width(), inst.height()),
        };
        let hinted = inst.hinted_cells();
        FillOrder {
            kind: Some(kind),
            cells: all.into_iter().filter(|&c| !hinted[c]).collect(),
        }
    }

    /// The built-in order that suits `inst`, chosen by a short deterministic race of every
    /// built-in order, or by their estimated tree sizes when the race is inconclusive (see
    /// [`AutoOrder`] for what was measured). `mode` says what the search will do: stop at a
    /// first solution, or enumerate the whole tree. The same puzzle and mode always get the
    /// same order. Costs at most [`RACE_MAX_NODES`] nodes per built-in order and
    /// [`ESTIMATE_PROBES`] probes each.
    ///
    /// ```
    /// use eternity_solver::engine::Mode;
    /// use eternity_solver::{FillOrder, Instance, Piece};
    ///
    /// let pieces = vec![
    ///     Piece::new([0, 1, 2, 0]),
    ///     Piece::new([0, 0, 3, 1]),
    ///     Piece::new([2, 4, 0, 0]),
    ///     Piece::new([3, 0, 0, 4]),
    /// ];
    /// let inst = Instance::new(2, 2, pieces, vec![]).unwrap();
    /// let auto = FillOrder::auto(&inst, Mode::First);
    /// // Every order finds a solution of this board at once; row-major, raced first, wins.
    /// assert_eq!(auto.order, FillOrder::row_major(&inst));
    /// ```
    pub fn auto(inst: &Instance, mode: Mode) -> AutoOrder {
        auto::choose(inst, mode)
    }

    /// A custom order: `cells` must list every open cell of `inst` exactly once and no hinted
    /// cell. Says what is wrong otherwise.
    pub fn from_cells(inst: &Instance, cells: Vec<usize>) -> Result<FillOrder, OrderError> {
        let hinted = inst.hinted_cells();
        let mut seen = vec![false; inst.cells()];
        for (index, &cell) in cells.iter().enumerate() {
            if cell >= inst.cells() {
                return Err(OrderError::Outside {
                    index,
                    cell,
                    cells: inst.cells(),
                });
            }
            let (row, col) = inst.row_col(cell);
            if hinted[cell] {
                return Err(OrderError::Hinted {
                    index,
                    cell,
                    row,
                    col,
                });
            }
            if std::mem::replace(&mut seen[cell], true) {
                return Err(OrderError::Repeated {
                    index,
                    cell,
                    row,
                    col,
                });
            }
        }
        let open = hinted.iter().filter(|&&h| !h).count();
        if cells.len() != open {
            return Err(OrderError::Count {
                listed: cells.len(),
                open,
            });
        }
        Ok(FillOrder { kind: None, cells })
    }

    /// The built-in order this was made from, or `None` for a custom order.
    pub fn kind(&self) -> Option<OrderKind> {
        self.kind
    }

    /// The open cells in fill order: `cells()[depth]` is the cell filled at that depth.
    pub fn cells(&self) -> &[usize] {
        &self.cells
    }

    /// Number of open cells (the depth of a solution).
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True when every cell is hinted.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Knuth's estimate of the size of the strict search tree of `inst` in this order, from
    /// `probes` random walks seeded with `seed`: a cheap measure (each probe costs one walk
    /// from the root to a dead end) of how hard the search will be.
    pub fn estimate(&self, inst: &Instance, probes: u32, seed: u64) -> TreeEstimate {
        estimate::estimate(inst, self, probes, seed)
    }
}

/// All cells clockwise from the top-left corner, ring by ring inwards.
fn spiral(width: usize, height: usize) -> Vec<usize> {
    let mut out = Vec::with_capacity(width * height);
    let (mut top, mut left) = (0usize, 0usize);
    let (mut bottom, mut right) = (height, width); // exclusive
    while top < bottom && left < right {
        for c in left..right {
            out.push(top * width + c);
        }
        for r in top + 1..bottom {
            out.push(r * width + right - 1);
        }
        if bottom - top > 1 {
            for c in (left..right - 1).rev() {
                out.push((bottom - 1) * width + c);
            }
        }
        if right - left > 1 {
            for r in (top + 1..bottom - 1).rev() {
                out.push(r * width + left);
            }
        }
        top += 1;
        left += 1;
        bottom -= 1;
        right -= 1;
    }
    out
}

/// All cells top to bottom, column by column from the left.
fn column_major(width: usize, height: usize) -> Vec<usize> {
    (0..width)
        .flat_map(|c| (0..height).map(move |r| r * width + c))
        .collect()
}

/// The rim clockwise from the top-left corner, then the interior row-major.
fn border_first(width: usize, height: usize) -> Vec<usize> {
    let mut out = Vec::with_capacity(width * height);
    let spiral = spiral(width, height);
    let rim = 2 * (width + height) - 4;
    let rim = if width == 1 || height == 1 {
        width * height
    } else {
        rim
    };
    out.extend_from_slice(&spiral[..rim]);
    for r in 1..height.saturating_sub(1) {
        for c in 1..width.saturating_sub(1) {
            out.push(r * width + c);
        }
    }
    out
}
