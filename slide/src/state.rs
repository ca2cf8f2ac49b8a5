//! The search's view of a puzzle: tiles relabelled by their goal cell.
//!
//! Relabelling every tile (and the blank) by the cell it must reach turns any goal into the
//! identity, so one heuristic table serves every goal of a size, and "where must this tile go"
//! is the label itself.

use crate::board::{Board, Direction, MAX_CELLS};
use crate::error::{MoveError, PuzzleError};

/// No neighbour in that direction.
pub(crate) const NONE: u8 = u8::MAX;

/// Board shape: neighbours, rows and columns of every cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Cells.
    pub cells: usize,
    /// `nbr[cell][dir]`: the neighbouring cell, or `NONE`.
    pub(crate) nbr: [[u8; 4]; MAX_CELLS],
    /// `dist[a][b]`: taxicab distance between cells.
    pub(crate) dist: [[u8; MAX_CELLS]; MAX_CELLS],
}

impl Geometry {
    /// The shape of a `width` x `height` board.
    pub fn new(width: usize, height: usize) -> Geometry {
        let cells = width * height;
        let mut nbr = [[NONE; 4]; MAX_CELLS];
        let mut dist = [[0u8; MAX_CELLS]; MAX_CELLS];
        for c in 0..cells {
            let (r, col) = (c / width, c % width);
            if r > 0 {
                nbr[c][Direction::Up.index()] = (c - width) as u8;
            }
            if col + 1 < width {
                nbr[c][Direction::Right.index()] = (c + 1) as u8;
            }
            if r + 1 < height {
                nbr[c][Direction::Down.index()] = (c + width) as u8;
            }
            if col > 0 {
                nbr[c][Direction::Left.index()] = (c - 1) as u8;
            }
            for (d, out) in dist[c].iter_mut().enumerate().take(cells) {
                *out = ((d / width).abs_diff(r) + (d % width).abs_diff(col)) as u8;
            }
        }
        Geometry {
            width,
            height,
            cells,
            nbr,
            dist,
        }
    }

    /// Row of a cell.
    #[inline]
    pub fn row(&self, cell: usize) -> usize {
        cell / self.width
    }

    /// Column of a cell.
    #[inline]
    pub fn col(&self, cell: usize) -> usize {
        cell % self.width
    }
}

/// A position in label form: the tile in each cell is named by its goal cell (its *label*),
/// so the goal is the identity; the blank's label is its goal cell. Read it with
/// [`State::label`], [`State::cell_of`] and [`State::blank`]; move with [`State::slide`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Label in each cell.
    pub(crate) cells: [u8; MAX_CELLS],
    /// Cell of each label.
    pub(crate) pos: [u8; MAX_CELLS],
    /// Cell of the blank.
    pub(crate) blank: u8,
    /// The blank's label (its goal cell).
    pub(crate) blank_label: u8,
    /// Number of cells.
    pub(crate) n: u8,
    /// Columns (for adjacency and messages).
    pub(crate) width: u8,
}

impl State {
    /// Moves the tile in cell `from` into the blank (so the blank goes to `from`).
    ///
    /// # Errors
    /// [`MoveError::OffBoard`] when `from` is not a cell of the board,
    /// [`MoveError::NotAdjacent`] when it is not next to the blank.
    pub fn slide(&mut self, from: usize) -> Result<(), MoveError> {
        let (n, w) = (self.n as usize, self.width as usize);
        if from >= n {
            return Err(MoveError::OffBoard { from, cells: n });
        }
        let b = self.blank as usize;
        let (r, c, br, bc) = (from / w, from % w, b / w, b % w);
        if r.abs_diff(br) + c.abs_diff(bc) != 1 {
            return Err(MoveError::NotAdjacent {
                from,
                row: r + 1,
                column: c + 1,
                blank_row: br + 1,
                blank_column: bc + 1,
            });
        }
        self.slide_unchecked(from);
        Ok(())
    }

    /// [`State::slide`] for a cell the caller knows is next to the blank (the engines' move).
    #[inline]
    pub(crate) fn slide_unchecked(&mut self, from: usize) {
        let b = self.blank as usize;
        let label = self.cells[from];
        self.cells[b] = label;
        self.pos[label as usize] = b as u8;
        self.cells[from] = self.blank_label;
        self.pos[self.blank_label as usize] = from as u8;
        self.blank = from as u8;
    }

    /// The label (goal cell) of the tile in `cell`; the blank's label is its goal cell.
    ///
    /// # Panics
    /// If `cell` is not on the board.
    #[inline]
    pub fn label(&self, cell: usize) -> usize {
        assert!(cell < self.n as usize, "cell {cell} is off the board");
        self.cells[cell] as usize
    }

    /// The cell holding the tile labelled `label`.
    ///
    /// # Panics
    /// If `label` is not a cell of the board.
    #[inline]
    pub fn cell_of(&self, label: usize) -> usize {
        assert!(label < self.n as usize, "label {label} is off the board");
        self.pos[label] as usize
    }

    /// The labels, cell by cell.
    pub fn labels(&self) -> &[u8] {
        &self.cells[..self.n as usize]
    }

    /// The cell of the blank.
    #[inline]
    pub fn blank(&self) -> usize {
        self.blank as usize
    }

    /// The blank's label: its goal cell.
    #[inline]
    pub fn blank_label(&self) -> usize {
        self.blank_label as usize
    }

    /// Cells on the board.
    #[inline]
    pub fn len(&self) -> usize {
        self.n as usize
    }

    /// Never true (a board has at least four cells).
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Columns of the board.
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// True at the goal (the identity).
    pub fn is_goal(&self) -> bool {
        (0..self.n as usize).all(|c| self.cells[c] as usize == c)
    }

    /// Packed key, five bits per cell (fits 25 cells).
    #[inline]
    pub fn key(&self) -> u128 {
        let mut k = 0u128;
        for c in (0..self.n as usize).rev() {
            k = (k << 5) | self.cells[c] as u128;
        }
        k
    }

    /// The goal of a `width` x `height` board with the blank's goal in `blank` (tests).
    #[cfg(test)]
    pub(crate) fn identity(width: usize, height: usize, blank: usize) -> State {
        let mut s = State {
            cells: [0; MAX_CELLS],
            pos: [0; MAX_CELLS],
            blank: blank as u8,
            blank_label: blank as u8,
            n: (width * height) as u8,
            width: width as u8,
        };
        for c in 0..width * height {
            s.cells[c] = c as u8;
            s.pos[c] = c as u8;
        }
        s
    }
}

/// A start and a goal of the same size, checked solvable: what every engine solves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    start: Board,
    goal: Board,
    geometry: Geometry,
    state: State,
}

impl Puzzle {
    /// A puzzle with an explicit goal. Fails at once, with an explanation, when the goal
    /// cannot be reached.
    pub fn new(start: Board, goal: Board) -> Result<Puzzle, PuzzleError> {
        start.check_solvable(&goal)?;
        let n = start.len();
        let mut goal_cell = [0u8; MAX_CELLS];
        for (c, &t) in goal.tiles().iter().enumerate() {
            goal_cell[t as usize] = c as u8;
        }
        let mut cells = [0u8; MAX_CELLS];
        let mut pos = [0u8; MAX_CELLS];
        for (c, &t) in start.tiles().iter().enumerate() {
            let l = goal_cell[t as usize];
            cells[c] = l;
            pos[l as usize] = c as u8;
        }
        let state = State {
            cells,
            pos,
            blank: start.blank() as u8,
            blank_label: goal.blank() as u8,
            n: n as u8,
            width: start.width() as u8,
        };
        Ok(Puzzle {
            geometry: Geometry::new(start.width(), start.height()),
            start,
            goal,
            state,
        })
    }

    /// A puzzle with the default goal (`1 2 ... N-1`, blank last).
    pub fn with_default_goal(start: Board) -> Result<Puzzle, PuzzleError> {
        let goal = start.solved();
        Puzzle::new(start, goal)
    }

    /// The start board.
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// The goal board.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The board's shape.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The start in label form.
    pub fn state(&self) -> State {
        self.state
    }
}
