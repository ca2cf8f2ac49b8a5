//! A solution: the moves, in the notations people use, and the boards step by step.

use std::fmt;

use crate::board::{Board, Direction};

/// An optimal (or, from `baseline`, possibly longer) move sequence from a start to a goal.
///
/// Moves are stored as the direction the blank moves; the tile moved goes the opposite way.
#[derive(Clone, PartialEq, Eq)]
pub struct Solution {
    start: Board,
    blank_moves: Vec<Direction>,
}

impl Solution {
    /// A solution from a start and the blank's moves (not checked: see [`Solution::replay`]).
    pub fn new(start: Board, blank_moves: Vec<Direction>) -> Solution {
        Solution { start, blank_moves }
    }

    /// The start board.
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.blank_moves.len()
    }

    /// True when the start already is the goal.
    pub fn is_empty(&self) -> bool {
        self.blank_moves.is_empty()
    }

    /// The blank's moves.
    pub fn blank_moves(&self) -> &[Direction] {
        &self.blank_moves
    }

    /// The directions the tiles move (the opposite of the blank's).
    pub fn tile_moves(&self) -> impl Iterator<Item = Direction> + '_ {
        self.blank_moves.iter().map(|d| d.opposite())
    }

    /// The blank's moves as letters, e.g. `ULDR`.
    pub fn letters(&self) -> String {
        self.blank_moves.iter().map(|d| d.letter()).collect()
    }

    /// The tiles' moves as arrows, as the seed prints them: `↑` means the tile moved up.
    pub fn arrows(&self) -> String {
        self.tile_moves().map(|d| d.arrow()).collect()
    }

    /// The number of the tile moved at each step.
    pub fn tiles(&self) -> Vec<u8> {
        self.steps().map(|s| s.tile).collect()
    }

    /// The boards from the start to the end, `len() + 1` of them.
    pub fn boards(&self) -> impl Iterator<Item = Board> + '_ {
        std::iter::once(self.start).chain(self.steps().map(|s| s.after))
    }

    /// Each move with the tile moved and the board after it. Panics never: a move off the
    /// board (only possible in a hand-built `Solution`) ends the iteration.
    pub fn steps(&self) -> Steps<'_> {
        Steps {
            board: self.start,
            moves: self.blank_moves.iter(),
        }
    }

    /// Plays the moves from the start; returns the final board, or `None` if a move leaves the
    /// board. An independent check: it uses only [`Board::moved`].
    pub fn replay(&self) -> Option<Board> {
        let mut b = self.start;
        for &d in &self.blank_moves {
            b = b.moved(d)?;
        }
        Some(b)
    }
}

/// One move of a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepInfo {
    /// The tile moved.
    pub tile: u8,
    /// The direction it moved.
    pub direction: Direction,
    /// The board after the move.
    pub after: Board,
}

/// Iterator over the moves of a [`Solution`].
#[derive(Clone, Debug)]
pub struct Steps<'a> {
    board: Board,
    moves: std::slice::Iter<'a, Direction>,
}

impl Iterator for Steps<'_> {
    type Item = StepInfo;

    fn next(&mut self) -> Option<StepInfo> {
        let &d = self.moves.next()?;
        let after = self.board.moved(d)?;
        let tile = self.board.tile(after.blank());
        self.board = after;
        Some(StepInfo {
            tile,
            direction: d.opposite(),
            after,
        })
    }
}

impl fmt::Debug for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Solution({:?}, {} moves: {})",
            self.start,
            self.len(),
            self.letters()
        )
    }
}

/// The tiles' moves as arrows.
impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.arrows())
    }
}
