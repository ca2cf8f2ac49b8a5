//! Placements on a board, and the legality rule every engine implements.
//!
//! **Legality** (the definition; engines may implement it faster but never differently): a
//! piece turned by a rotation may lie on a cell when, on each of its four sides,
//! - the side faces the rim and its edge is [`GREY`], or
//! - the side faces a cell and its edge is not [`GREY`] (a grey edge never faces the interior),
//!   and, if that cell is already filled, the edge equals the facing edge of the piece there.
//!
//! The **score** of a board is the number of matched interior edges: pairs of adjacent filled
//! cells whose facing edges are equal. A full legal board scores [`Instance::max_score`].

use std::fmt;

use crate::error::SolutionError;
use crate::instance::{Candidate, Colour, GREY, Instance, PieceId, Rotation, Side};

/// A piece lying on a cell, turned by `rotation`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The piece.
    pub piece: PieceId,
    /// Its rotation.
    pub rotation: Rotation,
}

impl From<Candidate> for Placement {
    fn from(c: Candidate) -> Placement {
        Placement {
            piece: c.piece,
            rotation: c.rotation,
        }
    }
}

impl From<Placement> for Candidate {
    fn from(p: Placement) -> Candidate {
        Candidate {
            piece: p.piece,
            rotation: p.rotation,
        }
    }
}

/// A (possibly partial) board: what lies on each cell, row-major.
///
/// A board knows its size but not its pieces' colours; methods that need colours take the
/// [`Instance`].
///
/// **Legality** (the definition; engines may implement it faster but never differently, see
/// [`Board::fits`]): a piece turned by a rotation may lie on a cell when, on each of its four
/// sides,
/// - the side faces the rim and its edge is [`GREY`], or
/// - the side faces a cell and its edge is not [`GREY`] (a grey edge never faces the
///   interior), and, if that cell is already filled, the edge equals the facing edge of the
///   piece there.
///
/// The **score** of a board ([`Board::score`]) is the number of matched interior edges: pairs
/// of adjacent filled cells whose facing edges are equal. A full legal board scores
/// [`Instance::max_score`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    width: usize,
    height: usize,
    cells: Vec<Option<Placement>>,
}

impl Board {
    /// An empty board the size of `inst` (hints are not placed).
    pub fn empty(inst: &Instance) -> Board {
        Board {
            width: inst.width(),
            height: inst.height(),
            cells: vec![None; inst.cells()],
        }
    }

    /// A board of `inst` with its hints placed.
    pub fn with_hints(inst: &Instance) -> Board {
        let mut b = Board::empty(inst);
        for h in inst.hints() {
            b.cells[h.cell] = Some(Placement {
                piece: h.piece,
                rotation: h.rotation,
            });
        }
        b
    }

    /// A board from its cells, row-major; `None` when the count is not `width * height`.
    pub fn from_cells(width: usize, height: usize, cells: Vec<Option<Placement>>) -> Option<Board> {
        (width.checked_mul(height) == Some(cells.len())).then_some(Board {
            width,
            height,
            cells,
        })
    }

    /// Width of the board.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height of the board.
    pub fn height(&self) -> usize {
        self.height
    }

    /// What lies on each cell, row-major.
    pub fn cells(&self) -> &[Option<Placement>] {
        &self.cells
    }

    /// What lies on `cell`.
    pub fn get(&self, cell: usize) -> Option<Placement> {
        self.cells[cell]
    }

    /// Number of filled cells.
    pub fn filled(&self) -> usize {
        self.cells.iter().filter(|c| c.is_some()).count()
    }

    /// Puts `cand` on `cell`, replacing whatever was there, without checking legality.
    pub fn place(&mut self, cell: usize, cand: Candidate) {
        self.cells[cell] = Some(cand.into());
    }

    /// Empties `cell`.
    pub fn clear(&mut self, cell: usize) {
        self.cells[cell] = None;
    }

    /// The colour on side `side` of whatever lies on `cell`, if it is filled.
    pub fn edge(&self, inst: &Instance, cell: usize, side: Side) -> Option<Colour> {
        self.cells[cell].map(|p| inst.piece(p.piece).edge(p.rotation, side))
    }

    /// Whether `cand` may lie on `cell` given what is on the board: the legality rule of the
    /// module docs. The piece's own use elsewhere is not checked here.
    pub fn fits(&self, inst: &Instance, cell: usize, cand: Candidate) -> bool {
        self.check_fit(inst, cell, cand).is_ok()
    }

    /// Like [`Board::fits`], but says which side (the first in up, right, down, left order)
    /// breaks the rule.
    pub fn check_fit(&self, inst: &Instance, cell: usize, cand: Candidate) -> Result<(), Side> {
        let edges = inst.piece(cand.piece).rotated(cand.rotation);
        for side in Side::ALL {
            let e = edges[side.index()];
            let ok = match inst.neighbour(cell, side) {
                None => e == GREY,
                Some(n) => {
                    e != GREY
                        && self
                            .edge(inst, n, side.opposite())
                            .is_none_or(|facing| facing == e)
                }
            };
            if !ok {
                return Err(side);
            }
        }
        Ok(())
    }

    /// The number of matched interior edges: adjacent filled cells with equal facing edges.
    pub fn score(&self, inst: &Instance) -> usize {
        let mut s = 0;
        for cell in 0..self.cells.len() {
            for side in [Side::Right, Side::Down] {
                if let (Some(a), Some(n)) =
                    (self.edge(inst, cell, side), inst.neighbour(cell, side))
                    && self.edge(inst, n, side.opposite()) == Some(a)
                {
                    s += 1;
                }
            }
        }
        s
    }

    /// Checks, independently of any engine, that this is a complete solution of `inst`: every
    /// cell filled, every piece used exactly once, every hint respected, every placement legal.
    /// Returns the first fault, with its row and column.
    pub fn verify_solution(&self, inst: &Instance) -> Result<(), SolutionError> {
        if self.width != inst.width() || self.height != inst.height() {
            return Err(SolutionError::Size {
                width: self.width,
                height: self.height,
                inst_width: inst.width(),
                inst_height: inst.height(),
            });
        }
        let mut seen = vec![false; inst.cells()];
        for (cell, p) in self.cells.iter().enumerate() {
            let (row, col) = inst.row_col(cell);
            let Some(p) = p else {
                return Err(SolutionError::Empty { row, col });
            };
            let piece = p.piece as usize;
            if piece >= inst.cells() {
                return Err(SolutionError::NoPiece { row, col, piece });
            }
            if std::mem::replace(&mut seen[piece], true) {
                return Err(SolutionError::Repeated { row, col, piece });
            }
            if let Err(side) = self.check_fit(inst, cell, (*p).into()) {
                return Err(SolutionError::Misfit {
                    row,
                    col,
                    piece,
                    rotation: p.rotation.quarter_turns(),
                    side,
                });
            }
        }
        for h in inst.hints() {
            let want = Placement {
                piece: h.piece,
                rotation: h.rotation,
            };
            let have = self.cells[h.cell];
            // A piece with rotational symmetry may satisfy the hint in another rotation.
            let same = have.is_some_and(|p| {
                p.piece == want.piece
                    && inst.piece(p.piece).rotated(p.rotation)
                        == inst.piece(want.piece).rotated(want.rotation)
            });
            if !same {
                let (row, col) = inst.row_col(h.cell);
                return Err(SolutionError::Hint {
                    row,
                    col,
                    piece: h.piece as usize,
                    rotation: h.rotation.quarter_turns(),
                });
            }
        }
        Ok(())
    }

    /// The board as text: one line per row, each cell `piece/rotation` or `.` when empty.
    pub fn to_text(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.cells.chunks(self.width) {
            let cells: Vec<String> = row
                .iter()
                .map(|c| match c {
                    Some(p) => format!("{}/{}", p.piece, p.rotation),
                    None => ".".to_string(),
                })
                .collect();
            writeln!(f, "{}", cells.join(" "))?;
        }
        Ok(())
    }
}
