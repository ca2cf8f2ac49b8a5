//! The search's view of a puzzle: tiles relabelled by their goal cell.
//!
//! Relabelling every tile (and the blank) by the cell it must reach turns any goal into the
//! identity, so one heuristic table serves every goal of a size, and "where must this tile go"
//! is the label itself.

use crate::board::{Board, Direction, MAX_CELLS};
use crate::error::PuzzleError;

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

/// A position in label form: `cells[c]` is the goal cell of the tile in cell `c`; `pos` is the
/// inverse (`pos[label]` = the cell holding it). The blank's label is its goal cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Label in each cell.
    pub cells: [u8; MAX_CELLS],
    /// Cell of each label.
    pub pos: [u8; MAX_CELLS],
    /// Cell of the blank.
    pub blank: u8,
    /// The blank's label (its goal cell).
    pub blank_label: u8,
    /// Number of cells.
    pub n: u8,
}

impl State {
    /// Moves the tile in `from` into the blank at `self.blank` (so the blank goes to `from`).
    #[inline]
    pub fn slide(&mut self, from: usize) {
        let b = self.blank as usize;
        let label = self.cells[from];
        self.cells[b] = label;
        self.pos[label as usize] = b as u8;
        self.cells[from] = self.blank_label;
        self.pos[self.blank_label as usize] = from as u8;
        self.blank = from as u8;
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
