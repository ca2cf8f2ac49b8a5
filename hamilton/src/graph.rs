//! The compact graph the engines search: tiles numbered 0.. in reading order, four neighbour
//! slots per tile, no hashing anywhere.

use crate::grid::{Grid, Pos};
use crate::path::Dir;

/// Marks an empty neighbour slot or "no tile".
pub const NONE: u32 = u32::MAX;

/// Tiles of a [`Grid`] as vertices `0..len()` with their grid neighbours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    width: usize,
    /// Tile index of each board cell, or [`NONE`] for a gap.
    index: Vec<u32>,
    /// Position of each tile.
    pos: Vec<Pos>,
    /// Neighbours of each tile in the order of [`Dir::ALL`] (up, down, left, right).
    nbr: Vec<[u32; 4]>,
    start: Option<u32>,
    end: Option<u32>,
}

impl Graph {
    /// The graph of a board.
    pub fn new(grid: &Grid) -> Graph {
        let (w, h) = (grid.width(), grid.height());
        let mut index = vec![NONE; w * h];
        let mut pos = Vec::new();
        for p in grid.tiles() {
            index[p.row * w + p.col] = pos.len() as u32;
            pos.push(p);
        }
        let at = |r: isize, c: isize| -> u32 {
            if r < 0 || c < 0 || r >= h as isize || c >= w as isize {
                NONE
            } else {
                index[r as usize * w + c as usize]
            }
        };
        let nbr = pos
            .iter()
            .map(|p| {
                let (r, c) = (p.row as isize, p.col as isize);
                Dir::ALL.map(|d| {
                    let (dr, dc) = d.delta();
                    at(r + dr, c + dc)
                })
            })
            .collect();
        let start = grid.start().map(|p| index[p.row * w + p.col]);
        let end = grid.end().map(|p| index[p.row * w + p.col]);
        Graph {
            width: w,
            index,
            pos,
            nbr,
            start,
            end,
        }
    }

    /// Number of tiles.
    pub fn len(&self) -> usize {
        self.pos.len()
    }

    /// The start tile's index, if any.
    pub fn start(&self) -> Option<u32> {
        self.start
    }

    /// The required end tile's index, if any.
    pub fn end(&self) -> Option<u32> {
        self.end
    }

    /// Makes tile `v` the start.
    pub(crate) fn set_start(&mut self, v: u32) {
        self.start = Some(v);
    }

    /// Position of tile `v`.
    pub fn pos(&self, v: u32) -> Pos {
        self.pos[v as usize]
    }

    /// The four neighbour slots of `v` (up, down, left, right), [`NONE`] where there is none.
    pub fn slots(&self, v: u32) -> [u32; 4] {
        self.nbr[v as usize]
    }

    /// The neighbours of `v`, in the order up, down, left, right.
    pub fn neighbours(&self, v: u32) -> impl Iterator<Item = u32> + '_ {
        self.nbr[v as usize].into_iter().filter(|&u| u != NONE)
    }

    /// Number of neighbours of `v`.
    pub fn degree(&self, v: u32) -> usize {
        self.neighbours(v).count()
    }

    /// Colour of tile `v` in the chessboard colouring: a path alternates colours.
    pub fn colour(&self, v: u32) -> bool {
        let p = self.pos[v as usize];
        (p.row + p.col) % 2 == 1
    }

    /// Number of pieces the tiles fall into when tile `cut` is removed (`NONE`: remove none).
    pub fn pieces_without(&self, cut: u32) -> usize {
        let n = self.len();
        let mut seen = vec![false; n];
        if cut != NONE {
            seen[cut as usize] = true;
        }
        let mut pieces = 0;
        let mut stack = Vec::new();
        for s in 0..n {
            if seen[s] {
                continue;
            }
            pieces += 1;
            seen[s] = true;
            stack.push(s as u32);
            while let Some(v) = stack.pop() {
                for u in self.neighbours(v) {
                    if !seen[u as usize] {
                        seen[u as usize] = true;
                        stack.push(u);
                    }
                }
            }
        }
        pieces
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_and_colours() {
        let g = Graph::new(&Grid::parse("Xx\n x").unwrap());
        assert_eq!(g.len(), 3);
        assert_eq!(g.start(), Some(0));
        assert_eq!(g.slots(1), [NONE, 2, 0, NONE]);
        assert_eq!(g.degree(0), 1);
        assert_ne!(g.colour(0), g.colour(1));
        assert_eq!(g.pieces_without(1), 2);
        assert_eq!(g.pieces_without(NONE), 1);
    }
}
