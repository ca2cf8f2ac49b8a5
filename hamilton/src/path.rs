//! A found path: its cells, and the moves between them as arrows or letters.

use std::fmt;

use crate::error::PathError;
use crate::grid::{Grid, Pos};

/// A step between neighbouring tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// One row up.
    Up,
    /// One row down.
    Down,
    /// One column left.
    Left,
    /// One column right.
    Right,
}

impl Dir {
    /// The four directions in the order the engines try them.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// (row, column) change of the step.
    pub const fn delta(self) -> (isize, isize) {
        match self {
            Dir::Up => (-1, 0),
            Dir::Down => (1, 0),
            Dir::Left => (0, -1),
            Dir::Right => (0, 1),
        }
    }

    /// The arrow the seed prints: `↑ ↓ ← →`.
    pub const fn arrow(self) -> char {
        match self {
            Dir::Up => '↑',
            Dir::Down => '↓',
            Dir::Left => '←',
            Dir::Right => '→',
        }
    }

    /// The letter `U`, `D`, `L` or `R`.
    pub const fn letter(self) -> char {
        match self {
            Dir::Up => 'U',
            Dir::Down => 'D',
            Dir::Left => 'L',
            Dir::Right => 'R',
        }
    }

    /// The direction from `a` to its neighbour `b`, or `None` if they are not neighbours.
    pub fn between(a: Pos, b: Pos) -> Option<Dir> {
        match (
            b.row as isize - a.row as isize,
            b.col as isize - a.col as isize,
        ) {
            (-1, 0) => Some(Dir::Up),
            (1, 0) => Some(Dir::Down),
            (0, -1) => Some(Dir::Left),
            (0, 1) => Some(Dir::Right),
            _ => None,
        }
    }
}

/// A path through every tile of a board once, from its first cell to its last.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Solution {
    cells: Vec<Pos>,
}

impl Solution {
    /// Checks `cells` against `grid` and wraps them; see [`PathError`] for what is checked.
    ///
    /// # Errors
    /// The first [`PathError`] found: a cell that is not a tile, two cells that are not
    /// neighbours, a cell visited twice, tiles left out, or ends other than the board's start
    /// and end.
    pub fn new(grid: &Grid, cells: Vec<Pos>) -> Result<Solution, PathError> {
        let mut seen = vec![false; grid.width() * grid.height()];
        for (i, &p) in cells.iter().enumerate() {
            if !grid.is_tile(p) {
                return Err(PathError::NotATile(p));
            }
            let k = p.row * grid.width() + p.col;
            if seen[k] {
                return Err(PathError::Revisited(p));
            }
            seen[k] = true;
            if i > 0 && Dir::between(cells[i - 1], p).is_none() {
                return Err(PathError::NotAdjacent(cells[i - 1], p));
            }
        }
        if cells.len() != grid.tile_count() {
            return Err(PathError::Incomplete {
                visited: cells.len(),
                tiles: grid.tile_count(),
            });
        }
        if grid.start().is_some_and(|s| cells.first() != Some(&s))
            || grid.end().is_some_and(|e| cells.last() != Some(&e))
        {
            return Err(PathError::WrongEnds);
        }
        Ok(Solution { cells })
    }

    /// Wraps cells the engines produced (already valid by construction).
    pub(crate) fn from_cells(cells: Vec<Pos>) -> Solution {
        Solution { cells }
    }

    /// The cells in path order, the start first.
    pub fn cells(&self) -> &[Pos] {
        &self.cells
    }

    /// The first cell.
    pub fn start(&self) -> Pos {
        self.cells[0]
    }

    /// The last cell.
    pub fn end(&self) -> Pos {
        self.cells[self.cells.len() - 1]
    }

    /// The moves, one fewer than the cells.
    pub fn moves(&self) -> impl Iterator<Item = Dir> + '_ {
        self.cells
            .windows(2)
            .map(|w| match Dir::between(w[0], w[1]) {
                Some(d) => d,
                // Solutions are validated or built from neighbouring tiles.
                None => unreachable!("a solution's consecutive cells are neighbours"),
            })
    }

    /// The moves as arrows separated by spaces, as the seed prints them: `← ← ↑ → …`.
    pub fn arrows(&self) -> String {
        let mut s = String::new();
        for (i, d) in self.moves().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            s.push(d.arrow());
        }
        s
    }

    /// The moves as letters `U`, `D`, `L`, `R` without separators: `LLUR…`.
    pub fn letters(&self) -> String {
        self.moves().map(Dir::letter).collect()
    }
}

impl fmt::Display for Solution {
    /// Same as [`Solution::arrows`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.arrows())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_and_letters() {
        let g = Grid::parse("Xx\nxx").unwrap();
        let s = Solution::new(
            &g,
            vec![
                Pos::new(0, 0),
                Pos::new(0, 1),
                Pos::new(1, 1),
                Pos::new(1, 0),
            ],
        )
        .unwrap();
        assert_eq!(s.arrows(), "→ ↓ ←");
        assert_eq!(s.letters(), "RDL");
        assert_eq!(s.end(), Pos::new(1, 0));
        assert_eq!(
            Solution::new(&g, vec![Pos::new(0, 0), Pos::new(1, 1)]),
            Err(PathError::NotAdjacent(Pos::new(0, 0), Pos::new(1, 1)))
        );
    }
}
