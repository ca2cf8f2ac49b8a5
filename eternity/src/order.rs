//! Fill orders: the sequence in which the search fills the cells that hints leave open.
//!
//! The depth of a search node is its position in the fill order: depth 0 is the first open
//! cell. Row-major (left to right, top to bottom, from the top-left corner) is the default and
//! the order the published node-count oracles were measured in.

use std::fmt;
use std::str::FromStr;

use crate::error::{OrderError, ParseNameError};
use crate::instance::Instance;

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
}

impl OrderKind {
    /// The name used on command lines: `row`, `spiral` or `border`.
    pub fn name(self) -> &'static str {
        match self {
            OrderKind::RowMajor => "row",
            OrderKind::Spiral => "spiral",
            OrderKind::BorderFirst => "border",
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
            _ => Err(ParseNameError {
                what: "fill order",
                name: puzzle_search::excerpt(s),
                expected: "row, spiral or border",
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
        };
        let hinted = inst.hinted_cells();
        FillOrder {
            kind: Some(kind),
            cells: all.into_iter().filter(|&c| !hinted[c]).collect(),
        }
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
