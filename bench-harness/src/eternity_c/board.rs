//! The C engines' view of a puzzle, and the per-cell plan the generator bakes into C.
//!
//! A [`CBoard`] is plain data (pieces as `[up, right, down, left]`, hints as piece + clockwise
//! quarter turns at a cell), converted from an `eternity_solver` instance. [`Plan`] lays out,
//! for every free cell in row-major order, what is fixed before the search starts (the rim,
//! pinned neighbours) and what the search supplies (the placed neighbours above and to the
//! left), and files every legal (piece, rotation) of each kind of cell in buckets keyed by the
//! colours the search supplies, the way the C generator indexes them. The candidate order,
//! the side rules and the legal candidates per kind of cell are `eternity-solver`'s planner
//! ([`eternity_solver::plan::Plan`]), the one derivation the family's fast engines share, so
//! the C search tries exactly the candidates the baseline tries, in the same order.

use std::fmt;

use eternity_solver::plan::{self as solver, SideRule};
use eternity_solver::{FillOrder, Piece, Rotation, Side};

/// Largest colour the packed C candidate word can carry (6 bits).
pub const MAX_COLOUR: u8 = 63;
/// Largest piece count the packed C candidate word can carry (10 bits, one value kept for the
/// end-of-bucket sentinel).
pub const MAX_PIECES: usize = 1022;

/// A pinned piece: `piece` (0-based) at `cell` (row-major, 0 = top-left), turned `rot`
/// clockwise quarter turns (rot 1 maps `[u, r, d, l]` to `[l, u, r, d]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CHint {
    /// Row-major cell index.
    pub cell: usize,
    /// 0-based piece index.
    pub piece: usize,
    /// Clockwise quarter turns, 0..4.
    pub rot: u8,
}

/// A puzzle as the C engines see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CBoard {
    /// Name for tables and file names.
    pub name: String,
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Pieces as `[up, right, down, left]`; colour 0 is the grey rim.
    pub pieces: Vec<[u8; 4]>,
    /// Pinned pieces.
    pub hints: Vec<CHint>,
}

/// Why a board cannot be handed to the C engines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The piece count is not width x height, or the board is empty.
    Shape(String),
    /// More pieces or colours than the packed C candidate word holds.
    TooLarge(String),
    /// A hint names a missing piece or cell, repeats one, or contradicts the rim or another hint.
    Hint(String),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Shape(s) => write!(f, "board shape: {s}"),
            BoardError::TooLarge(s) => write!(f, "board too large for the C engines: {s}"),
            BoardError::Hint(s) => write!(f, "hint: {s}"),
        }
    }
}

impl std::error::Error for BoardError {}

/// Edges of `piece` turned `rot` clockwise quarter turns.
pub fn rotated(piece: [u8; 4], rot: u8) -> [u8; 4] {
    Piece::new(piece).rotated(Rotation::new(rot % 4).unwrap_or_default())
}

const UP: usize = 0;
const RIGHT: usize = 1;
const DOWN: usize = 2;
const LEFT: usize = 3;

impl CBoard {
    /// The C engines' view of an `eternity-solver` instance (same pieces, same pins).
    pub fn from_instance(inst: &eternity_solver::Instance) -> CBoard {
        CBoard {
            name: inst.name().to_string(),
            width: inst.width(),
            height: inst.height(),
            pieces: inst.pieces().iter().map(|p| p.edges).collect(),
            hints: inst
                .hints()
                .iter()
                .map(|h| CHint {
                    cell: h.cell,
                    piece: usize::from(h.piece),
                    rot: h.rotation.quarter_turns(),
                })
                .collect(),
        }
    }

    /// Back to an `eternity-solver` instance (checked like any other).
    pub fn to_instance(&self) -> Result<eternity_solver::Instance, BoardError> {
        use eternity_solver::{Hint, Instance, Piece, Rotation};
        let hints = self
            .hints
            .iter()
            .map(|h| {
                let piece = u16::try_from(h.piece)
                    .map_err(|_| BoardError::Hint(format!("piece {} out of range", h.piece)))?;
                let rotation = Rotation::new(h.rot)
                    .ok_or_else(|| BoardError::Hint(format!("rotation {} out of range", h.rot)))?;
                Ok(Hint {
                    cell: h.cell,
                    piece,
                    rotation,
                })
            })
            .collect::<Result<Vec<_>, BoardError>>()?;
        let pieces = self.pieces.iter().map(|&e| Piece::new(e)).collect();
        Instance::new(self.width, self.height, pieces, hints)
            .map(|i| i.with_name(self.name.clone()))
            .map_err(|e| BoardError::Hint(e.to_string()))
    }

    /// The same puzzle mirrored about its main diagonal: row-major order on the result is
    /// column-major order on `self`. Used to build a deliberately different search tree.
    pub fn transposed(&self) -> CBoard {
        let t = |[u, r, d, l]: [u8; 4]| [l, d, r, u];
        let cell = |c: usize| (c % self.width) * self.height + c / self.width;
        CBoard {
            name: format!("{}-transposed", self.name),
            width: self.height,
            height: self.width,
            pieces: self.pieces.iter().map(|&p| t(p)).collect(),
            // A reflection turns clockwise into anticlockwise: T(R^k p) = R^-k T(p).
            hints: self
                .hints
                .iter()
                .map(|h| CHint {
                    cell: cell(h.cell),
                    piece: h.piece,
                    rot: (4 - h.rot % 4) % 4,
                })
                .collect(),
        }
    }

    /// The same puzzle turned half a turn: row-major order on the result is the reverse of
    /// row-major order on `self` (bottom-right first, right to left, bottom to top). Used to
    /// build a deliberately different search tree.
    pub fn reversed(&self) -> CBoard {
        let n = self.width * self.height;
        CBoard {
            name: format!("{}-reversed", self.name),
            width: self.width,
            height: self.height,
            // Turning the whole board turns every piece; pins keep their own turn on top.
            pieces: self.pieces.iter().map(|&p| rotated(p, 2)).collect(),
            hints: self
                .hints
                .iter()
                .map(|h| CHint {
                    cell: n - 1 - h.cell,
                    ..*h
                })
                .collect(),
        }
    }

    /// Number of colours including grey (largest colour + 1).
    pub fn colours(&self) -> usize {
        self.pieces
            .iter()
            .flat_map(|p| p.iter())
            .map(|&c| usize::from(c) + 1)
            .max()
            .unwrap_or(1)
    }

    /// Checks the shape, the size limits and the hints; returns the pinned edges per cell.
    pub fn check(&self) -> Result<Vec<Option<[u8; 4]>>, BoardError> {
        let (w, h) = (self.width, self.height);
        if w == 0 || h == 0 || self.pieces.len() != w * h {
            return Err(BoardError::Shape(format!(
                "{} pieces for a {w}x{h} board",
                self.pieces.len()
            )));
        }
        if self.pieces.len() > MAX_PIECES {
            return Err(BoardError::TooLarge(format!(
                "{} pieces (at most {MAX_PIECES})",
                self.pieces.len()
            )));
        }
        if self.colours() > usize::from(MAX_COLOUR) + 1 {
            return Err(BoardError::TooLarge(format!(
                "colour {} (at most {MAX_COLOUR})",
                self.colours() - 1
            )));
        }
        let mut pinned: Vec<Option<[u8; 4]>> = vec![None; w * h];
        let mut used = vec![false; self.pieces.len()];
        for (i, hint) in self.hints.iter().enumerate() {
            let n = i + 1;
            if hint.cell >= w * h {
                return Err(BoardError::Hint(format!(
                    "hint {n}: cell {} is off the board",
                    hint.cell
                )));
            }
            if hint.piece >= self.pieces.len() || used[hint.piece] {
                return Err(BoardError::Hint(format!(
                    "hint {n}: piece {} is missing or pinned twice",
                    hint.piece
                )));
            }
            if pinned[hint.cell].is_some() {
                return Err(BoardError::Hint(format!(
                    "hint {n}: cell {} is pinned twice",
                    hint.cell
                )));
            }
            used[hint.piece] = true;
            pinned[hint.cell] = Some(rotated(self.pieces[hint.piece], hint.rot));
        }
        for cell in 0..w * h {
            let Some(e) = pinned[cell] else { continue };
            let (r, c) = (cell / w, cell % w);
            for (side, &colour) in e.iter().enumerate() {
                if !fits_rim(colour, self.rim(r, c, side)) {
                    return Err(BoardError::Hint(format!(
                        "pinned piece at row {r} column {c} has colour {colour} on side \
                         {side}, which contradicts the rim"
                    )));
                }
            }
            let right = (c + 1 < w).then(|| pinned[cell + 1]).flatten();
            let below = (r + 1 < h).then(|| pinned[cell + w]).flatten();
            if right.is_some_and(|n| n[LEFT] != e[RIGHT]) || below.is_some_and(|n| n[UP] != e[DOWN])
            {
                return Err(BoardError::Hint(format!(
                    "pinned piece at row {r} column {c} contradicts a pinned neighbour"
                )));
            }
        }
        Ok(pinned)
    }

    /// Whether `side` of the cell at (`r`, `c`) faces the rim.
    fn rim(&self, r: usize, c: usize, side: usize) -> bool {
        match side {
            UP => r == 0,
            RIGHT => c + 1 == self.width,
            DOWN => r + 1 == self.height,
            _ => c == 0,
        }
    }
}

/// A grey edge exactly where the rim is.
fn fits_rim(colour: u8, rim: bool) -> bool {
    (colour == 0) == rim
}

/// Where a free cell's up or left colour comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// Known before the search: the rim (0) or a pinned neighbour.
    Fixed(u8),
    /// Supplied by the search: the piece placed earlier in that neighbour cell.
    Placed,
}

/// What a side that the search has not filled yet must show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Need {
    /// The rim: grey.
    Grey,
    /// The interior, neighbour still free: any colour but grey.
    Interior,
    /// A pinned neighbour: exactly this colour.
    Colour(u8),
}

/// The kind of a free cell: everything about it that is fixed before the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kind {
    /// Where the up colour comes from.
    pub up: Source,
    /// Where the left colour comes from.
    pub left: Source,
    /// What the right side must show.
    pub right: Need,
    /// What the down side must show.
    pub down: Need,
}

/// One free cell of the fill order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellPlan {
    /// Row-major cell index.
    pub cell: usize,
    /// Row.
    pub row: usize,
    /// Column.
    pub col: usize,
    /// What is fixed about it.
    pub kind: Kind,
    /// Index into [`Plan::kinds`].
    pub kind_index: usize,
    /// Whether a later cell reads this cell's down colour (the cell below is free).
    pub down_read: bool,
    /// Whether the next cell of the order reads this cell's right colour.
    pub right_read: bool,
}

/// One legal (piece, rotation) of a kind of cell, in search order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// 0-based piece index.
    pub piece: usize,
    /// Clockwise quarter turns.
    pub rot: u8,
    /// Edges after the turn, `[up, right, down, left]`.
    pub edges: [u8; 4],
}

/// The candidates of one kind of cell, in buckets keyed by the colours the search supplies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindTable {
    /// The kind.
    pub kind: Kind,
    /// `buckets[up * colours + left]`: the candidates showing those colours, in search order
    /// (piece ascending, then rotation ascending, rotations that repeat an earlier one left
    /// out). A fixed up or left colour is keyed as 0.
    pub buckets: Vec<Vec<Candidate>>,
}

/// The search plan of a board in row-major order: free cells, kinds and their buckets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The board.
    pub board: CBoard,
    /// Number of colours including grey (the bucket key radix).
    pub colours: usize,
    /// Free cells in fill order.
    pub cells: Vec<CellPlan>,
    /// The distinct kinds of free cells with their candidate buckets.
    pub kinds: Vec<KindTable>,
    /// Whether each piece is pinned by a hint.
    pub pinned_piece: Vec<bool>,
}

impl Plan {
    /// Plans the row-major search of `board` from `eternity-solver`'s planner.
    pub fn new(board: &CBoard) -> Result<Plan, BoardError> {
        board.check()?;
        let inst = board.to_instance()?;
        let planned = solver::Plan::new(&inst, &FillOrder::row_major(&inst));
        let colours = board.colours();
        let mut pinned_piece = vec![false; board.pieces.len()];
        for hint in &board.hints {
            pinned_piece[hint.piece] = true;
        }
        let not_row_major = |cell: usize| {
            BoardError::Shape(format!(
                "cell {cell}: the plan is not a row-major one (a side above or to the left is \
                 filled later, or one below or to the right earlier)"
            ))
        };
        let mut cells = Vec::new();
        let mut kinds: Vec<KindTable> = Vec::new();
        let order = planned.cells();
        for (i, cp) in order.iter().enumerate() {
            let cell = cp.cell;
            let source = |side: Side| match cp.rules[side.index()] {
                SideRule::Rim => Ok(Source::Fixed(0)),
                SideRule::Fixed(f) => Ok(Source::Fixed(f)),
                SideRule::Earlier => Ok(Source::Placed),
                SideRule::Later => Err(not_row_major(cell)),
            };
            let need = |side: Side| match cp.rules[side.index()] {
                SideRule::Rim => Ok(Need::Grey),
                SideRule::Fixed(f) => Ok(Need::Colour(f)),
                SideRule::Later => Ok(Need::Interior),
                SideRule::Earlier => Err(not_row_major(cell)),
            };
            let kind = Kind {
                up: source(Side::Up)?,
                left: source(Side::Left)?,
                right: need(Side::Right)?,
                down: need(Side::Down)?,
            };
            let kind_index = match kinds.iter().position(|k| k.kind == kind) {
                Some(k) => k,
                None => {
                    kinds.push(KindTable::new(kind, colours, &planned.tables()[cp.table]));
                    kinds.len() - 1
                }
            };
            let next = order.get(i + 1).map(|n| n.cell);
            cells.push(CellPlan {
                cell,
                row: cell / board.width,
                col: cell % board.width,
                kind,
                kind_index,
                down_read: cp.rules[Side::Down.index()] == SideRule::Later,
                right_read: next.is_some() && cp.neighbours[Side::Right.index()] == next,
            });
        }
        Ok(Plan {
            board: board.clone(),
            colours,
            cells,
            kinds,
            pinned_piece,
        })
    }
}

impl KindTable {
    /// The planner's table for a kind of cell, filed by (up, left) colours. Each C bucket is
    /// one of the planner's buckets (keyed by the same placed sides), so it keeps its search
    /// order.
    fn new(kind: Kind, colours: usize, table: &solver::Table) -> KindTable {
        let mut buckets = vec![Vec::new(); colours * colours];
        for o in table.candidates() {
            let [u, _, _, l] = o.edges;
            let ku = if kind.up == Source::Placed { u } else { 0 };
            let kl = if kind.left == Source::Placed { l } else { 0 };
            buckets[usize::from(ku) * colours + usize::from(kl)].push(Candidate {
                piece: usize::from(o.candidate.piece),
                rot: o.candidate.rotation.quarter_turns(),
                edges: o.edges,
            });
        }
        KindTable { kind, buckets }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> CBoard {
        // A 2x2 board whose solution is the pieces as given.
        CBoard {
            name: "tiny".into(),
            width: 2,
            height: 2,
            pieces: vec![[0, 1, 2, 0], [0, 0, 3, 1], [2, 4, 0, 0], [3, 0, 0, 4]],
            hints: vec![],
        }
    }

    #[test]
    fn rotation_follows_the_json_convention() {
        assert_eq!(rotated([1, 2, 3, 4], 1), [4, 1, 2, 3]);
        assert_eq!(rotated([1, 2, 3, 4], 2), [3, 4, 1, 2]);
    }

    #[test]
    fn plan_buckets_respect_the_rim() {
        let plan = Plan::new(&tiny()).unwrap();
        assert_eq!(plan.cells.len(), 4);
        let first = &plan.kinds[plan.cells[0].kind_index];
        let all: Vec<_> = first.buckets.iter().flatten().collect();
        // Only the four corners turned to the top-left corner fit there.
        assert_eq!(all.len(), 4);
        assert!(all.iter().all(|c| c.edges[0] == 0 && c.edges[3] == 0));
    }

    #[test]
    fn transpose_twice_is_identity_and_keeps_hints_consistent() {
        let mut b = tiny();
        b.hints.push(CHint {
            cell: 1,
            piece: 1,
            rot: 0,
        });
        let t = b.transposed();
        assert!(t.check().is_ok());
        let tt = t.transposed();
        assert_eq!(tt.pieces, b.pieces);
        assert_eq!(tt.hints, b.hints);
    }

    #[test]
    fn contradicting_hints_are_rejected() {
        let mut b = tiny();
        b.hints.push(CHint {
            cell: 0,
            piece: 1,
            rot: 0,
        });
        assert!(matches!(b.check(), Err(BoardError::Hint(_))));
    }
}
