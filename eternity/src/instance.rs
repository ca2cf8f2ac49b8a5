//! Pieces, colours, rotations, hints and the puzzle instance.
//!
//! Conventions (shared by every engine, format and companion crate):
//! - A piece lists its four edge colours clockwise starting at the top: `[up, right, down,
//!   left]`. Colour [`GREY`] (0) is the border colour.
//! - A [`Rotation`] is a number of clockwise quarter turns. Turning once moves the top edge to
//!   the right side, so rotation 1 maps `[u, r, d, l]` to `[l, u, r, d]`.
//! - Cells are numbered row-major from the top-left corner: `cell = row * width + col`.
//! - Pieces are numbered from 0 in the order they are listed.

use std::fmt;

use crate::error::InstanceError;

/// An edge colour. [`GREY`] (0) is the border colour; the others are interior colours.
pub type Colour = u8;

/// The border colour: every rim-facing edge is grey and no grey edge may face the interior.
pub const GREY: Colour = 0;

/// A piece number: the index of the piece in [`Instance::pieces`].
pub type PieceId = u16;

/// The largest number of pieces an instance may have (piece ids fit in a `u16`).
pub const MAX_PIECES: usize = u16::MAX as usize;

/// A side of a cell or piece, in the clockwise order used by edge arrays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Top edge (index 0).
    Up = 0,
    /// Right edge (index 1).
    Right = 1,
    /// Bottom edge (index 2).
    Down = 2,
    /// Left edge (index 3).
    Left = 3,
}

impl Side {
    /// All four sides in edge-array order.
    pub const ALL: [Side; 4] = [Side::Up, Side::Right, Side::Down, Side::Left];

    /// The index of this side in an edge array `[up, right, down, left]`.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side facing this one across an edge (`Up` <-> `Down`, `Left` <-> `Right`).
    pub const fn opposite(self) -> Side {
        Side::ALL[(self as usize + 2) % 4]
    }
}

/// Clockwise quarter turns, 0 to 3. Rotation 1 maps `[u, r, d, l]` to `[l, u, r, d]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rotation(u8);

impl Rotation {
    /// No turn.
    pub const R0: Rotation = Rotation(0);
    /// One clockwise quarter turn.
    pub const R1: Rotation = Rotation(1);
    /// A half turn.
    pub const R2: Rotation = Rotation(2);
    /// Three clockwise quarter turns.
    pub const R3: Rotation = Rotation(3);
    /// All four rotations in ascending order (the order candidates are tried in).
    pub const ALL: [Rotation; 4] = [Self::R0, Self::R1, Self::R2, Self::R3];

    /// The rotation of `quarter_turns` clockwise quarter turns, if it is below 4.
    pub const fn new(quarter_turns: u8) -> Option<Rotation> {
        if quarter_turns < 4 {
            Some(Rotation(quarter_turns))
        } else {
            None
        }
    }

    /// The number of clockwise quarter turns, 0 to 3.
    pub const fn quarter_turns(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Rotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A piece: four edge colours `[up, right, down, left]` as it lies unrotated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Edge colours clockwise from the top: `[up, right, down, left]`.
    pub edges: [Colour; 4],
}

impl Piece {
    /// A piece with edges `[up, right, down, left]`.
    pub const fn new(edges: [Colour; 4]) -> Piece {
        Piece { edges }
    }

    /// The edges `[up, right, down, left]` after turning the piece clockwise by `rot`.
    ///
    /// The colour on side `s` of the turned piece is the colour on side `s - rot` of the
    /// unturned one: rotation 1 gives `[l, u, r, d]`.
    pub const fn rotated(self, rot: Rotation) -> [Colour; 4] {
        let e = self.edges;
        let r = rot.0 as usize;
        [
            e[(4 - r) % 4],
            e[(5 - r) % 4],
            e[(6 - r) % 4],
            e[(7 - r) % 4],
        ]
    }

    /// The colour on side `side` after turning the piece by `rot`.
    pub const fn edge(self, rot: Rotation, side: Side) -> Colour {
        self.edges[(side as usize + 4 - rot.0 as usize) % 4]
    }

    /// The rotations that give distinct edge arrays, ascending: a piece with two-fold symmetry
    /// (`[a, b, a, b]`) has rotations 0 and 1 only, a four-fold one (`[a, a, a, a]`) only 0.
    pub fn distinct_rotations(self) -> impl Iterator<Item = Rotation> {
        Rotation::ALL
            .into_iter()
            .filter(move |&r| (0..r.0).all(|q| self.rotated(Rotation(q)) != self.rotated(r)))
    }

    /// Number of grey edges: 2 for a corner, 1 for a border piece, 0 for an interior piece.
    pub fn grey_edges(self) -> usize {
        self.edges.iter().filter(|&&c| c == GREY).count()
    }
}

/// A pinned piece: `piece` lies at `cell` turned by `rotation` before the search starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hint {
    /// Row-major cell index (`row * width + col`, 0 = top-left).
    pub cell: usize,
    /// The piece pinned there.
    pub piece: PieceId,
    /// Its rotation.
    pub rotation: Rotation,
}

/// One way to place a piece: the piece and its rotation.
///
/// Candidates order by piece id, then rotation: exactly the order every engine tries them in
/// (see [`Instance::candidates`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Candidate {
    /// The piece.
    pub piece: PieceId,
    /// Its rotation.
    pub rotation: Rotation,
}

impl Candidate {
    /// A compact key, `piece * 4 + rotation`, that orders candidates the way they are tried.
    pub const fn key(self) -> u32 {
        self.piece as u32 * 4 + self.rotation.0 as u32
    }

    /// The candidate with key `key` (`piece * 4 + rotation`), if the piece id fits in a `u16`.
    pub const fn from_key(key: u32) -> Option<Candidate> {
        let piece = key / 4;
        if piece > u16::MAX as u32 {
            return None;
        }
        Some(Candidate {
            piece: piece as u16,
            rotation: Rotation((key % 4) as u8),
        })
    }
}

impl fmt::Display for Candidate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.piece, self.rotation)
    }
}

/// An edge-matching puzzle: a `width` x `height` board, one piece per cell, and hints.
///
/// Built with [`Instance::new`], which checks that it is well formed: as many pieces as cells,
/// hints on distinct cells with distinct pieces, and hints that agree with the rim and with each
/// other. Engines may rely on all of that.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    name: String,
    width: usize,
    height: usize,
    pieces: Vec<Piece>,
    hints: Vec<Hint>,
    colours: usize,
}

impl Instance {
    /// A checked instance. `pieces` must hold exactly `width * height` pieces; hints must be on
    /// distinct cells, use distinct pieces, and fit the rim and each other (see
    /// [`Instance::check_hints`]).
    pub fn new(
        width: usize,
        height: usize,
        pieces: Vec<Piece>,
        hints: Vec<Hint>,
    ) -> Result<Instance, InstanceError> {
        if width == 0 || height == 0 {
            return Err(InstanceError::EmptyBoard { width, height });
        }
        let cells = width
            .checked_mul(height)
            .filter(|&c| c <= MAX_PIECES)
            .ok_or(InstanceError::TooLarge { width, height })?;
        if pieces.len() != cells {
            return Err(InstanceError::PieceCount {
                width,
                height,
                pieces: pieces.len(),
            });
        }
        let mut cell_used = vec![usize::MAX; cells];
        let mut piece_used = vec![usize::MAX; cells];
        for (i, h) in hints.iter().enumerate() {
            if h.cell >= cells {
                return Err(InstanceError::HintCell {
                    hint: i,
                    cell: h.cell,
                    cells,
                });
            }
            if h.piece as usize >= cells {
                return Err(InstanceError::HintPiece {
                    hint: i,
                    piece: h.piece as usize,
                    pieces: cells,
                });
            }
            if cell_used[h.cell] != usize::MAX {
                return Err(InstanceError::HintSameCell {
                    first: cell_used[h.cell],
                    second: i,
                    cell: h.cell,
                });
            }
            if piece_used[h.piece as usize] != usize::MAX {
                return Err(InstanceError::HintSamePiece {
                    first: piece_used[h.piece as usize],
                    second: i,
                    piece: h.piece as usize,
                });
            }
            cell_used[h.cell] = i;
            piece_used[h.piece as usize] = i;
        }
        let colours = pieces
            .iter()
            .flat_map(|p| p.edges)
            .max()
            .map_or(1, |c| c as usize + 1);
        let inst = Instance {
            name: String::new(),
            width,
            height,
            pieces,
            hints,
            colours,
        };
        inst.check_hints()?;
        Ok(inst)
    }

    /// The same instance under another name.
    pub fn with_name(mut self, name: impl Into<String>) -> Instance {
        self.name = name.into();
        self
    }

    /// The instance's name (empty when the source gave none).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Board width (columns).
    pub fn width(&self) -> usize {
        self.width
    }

    /// Board height (rows).
    pub fn height(&self) -> usize {
        self.height
    }

    /// Number of cells, which is also the number of pieces.
    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    /// The pieces, indexed by [`PieceId`].
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The piece with id `id`.
    pub fn piece(&self, id: PieceId) -> Piece {
        self.pieces[id as usize]
    }

    /// The hints, in the order they were given.
    pub fn hints(&self) -> &[Hint] {
        &self.hints
    }

    /// One more than the largest colour used (so colours are `0..colours()`), at least 1.
    pub fn colours(&self) -> usize {
        self.colours
    }

    /// `(row, col)` of a cell.
    pub fn row_col(&self, cell: usize) -> (usize, usize) {
        (cell / self.width, cell % self.width)
    }

    /// The cell next to `cell` across `side`, or `None` where that side faces the rim.
    pub fn neighbour(&self, cell: usize, side: Side) -> Option<usize> {
        let (r, c) = self.row_col(cell);
        match side {
            Side::Up => (r > 0).then(|| cell - self.width),
            Side::Right => (c + 1 < self.width).then(|| cell + 1),
            Side::Down => (r + 1 < self.height).then(|| cell + self.width),
            Side::Left => (c > 0).then(|| cell - 1),
        }
    }

    /// The hint at `cell`, if any.
    pub fn hint_at(&self, cell: usize) -> Option<&Hint> {
        self.hints.iter().find(|h| h.cell == cell)
    }

    /// Which pieces are pinned by a hint, indexed by piece id.
    pub fn hinted_pieces(&self) -> Vec<bool> {
        let mut v = vec![false; self.pieces.len()];
        for h in &self.hints {
            v[h.piece as usize] = true;
        }
        v
    }

    /// Which cells are pinned by a hint, indexed by cell.
    pub fn hinted_cells(&self) -> Vec<bool> {
        let mut v = vec![false; self.cells()];
        for h in &self.hints {
            v[h.cell] = true;
        }
        v
    }

    /// Every candidate placement the search may try, in the oracle's order: pieces not pinned
    /// by a hint, by ascending id, each with its distinct rotations ascending (a rotation that
    /// gives the same edges as a smaller one is left out).
    ///
    /// Every engine scans the candidates that can fit a cell in exactly this order, which is
    /// what makes node counts and the order of solutions identical across engines.
    pub fn candidates(&self) -> Vec<Candidate> {
        let hinted = self.hinted_pieces();
        let mut out = Vec::with_capacity(self.pieces.len() * 4);
        for (id, p) in self.pieces.iter().enumerate() {
            if hinted[id] {
                continue;
            }
            for rotation in p.distinct_rotations() {
                out.push(Candidate {
                    piece: id as PieceId,
                    rotation,
                });
            }
        }
        out
    }

    /// The largest possible score: the number of interior edges, `2wh - w - h` (480 on 16x16).
    pub fn max_score(&self) -> usize {
        2 * self.width * self.height - self.width - self.height
    }

    /// Checks that the hints agree with the rim (grey exactly on rim-facing sides) and with
    /// each other (adjacent hints match). [`Instance::new`] already calls this.
    pub fn check_hints(&self) -> Result<(), InstanceError> {
        let mut board = crate::board::Board::empty(self);
        for (i, h) in self.hints.iter().enumerate() {
            let cand = Candidate {
                piece: h.piece,
                rotation: h.rotation,
            };
            if let Err(side) = board.check_fit(self, h.cell, cand) {
                let (row, col) = self.row_col(h.cell);
                return Err(InstanceError::HintConflict {
                    hint: i,
                    row,
                    col,
                    side,
                    with: match self.neighbour(h.cell, side) {
                        None => "the rim".to_string(),
                        Some(n) => match self.hint_at(n) {
                            Some(_) => {
                                let (nr, nc) = self.row_col(n);
                                format!("the hint at row {nr}, col {nc}")
                            }
                            None => "the interior (grey edge facing inward)".to_string(),
                        },
                    },
                });
            }
            board.place(h.cell, cand);
        }
        Ok(())
    }
}
