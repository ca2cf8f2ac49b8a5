//! Random solvable boards: a path planted in a `width x height` frame and reshaped by random
//! moves; the tiles are the path's cells, the start its first cell. Deterministic per seed.
//!
//! The moves: a backbite (the path's end steps onto a neighbouring path cell, and the tail
//! after that cell is reversed so the path stays one path), an extension (the end steps onto
//! a free neighbouring cell) and a retraction (the end cell is dropped, leaving a gap). The
//! path starts as a full boustrophedon and is retracted to the wanted fill while it is mixed,
//! so gaps appear all over the board.
//!
//! ```
//! use hamilton_solver::{Solver, generate::planted};
//! let (grid, path) = planted(12, 12, 0.85, 7);
//! assert_eq!(grid.tile_count(), path.cells().len());
//! assert!(Solver::new(&grid).solve().is_ok());
//! ```

use crate::grid::{Grid, Pos};
use crate::path::Solution;

/// A small, fast, seedable generator (splitmix64).
#[derive(Clone, Debug)]
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A board with `fill` (0 to 1) of the `width x height` cells as tiles, and the planted path
/// that solves it (from the board's start). `moves_per_cell` mixing moves per cell; 8 is
/// plenty. Panics if `width` or `height` is 0.
pub fn planted_with(
    width: usize,
    height: usize,
    fill: f64,
    seed: u64,
    moves_per_cell: usize,
) -> (Grid, Solution) {
    assert!(width > 0 && height > 0, "an empty frame has no board");
    let cells = width * height;
    let target = ((cells as f64 * fill.clamp(0.0, 1.0)).round() as usize).max(1);
    let mut rng = Rng(seed ^ 0x6A09_E667_F3BC_C909);
    // boustrophedon over the frame
    let mut path: Vec<usize> = Vec::with_capacity(cells);
    for r in 0..height {
        for k in 0..width {
            let c = if r % 2 == 0 { k } else { width - 1 - k };
            path.push(r * width + c);
        }
    }
    const OFF: usize = usize::MAX;
    let mut index = vec![OFF; cells];
    for (i, &c) in path.iter().enumerate() {
        index[c] = i;
    }
    let moves = moves_per_cell.max(1) * cells;
    for step in 0..moves {
        if path.len() > 1 && rng.next() & 1 == 0 {
            path.reverse();
            let n = path.len();
            for &c in &path {
                index[c] = n - 1 - index[c];
            }
        }
        // shrink towards the target over the first half of the mixing
        let due = cells - (cells - target) * (step + 1).min(moves / 2) / (moves / 2).max(1);
        if path.len() > due.max(target) && path.len() > 1 {
            if let Some(c) = path.pop() {
                index[c] = OFF;
            }
            continue;
        }
        let end = path[path.len() - 1];
        let (r, c) = (end / width, end % width);
        let q = match rng.below(4) {
            0 if r > 0 => end - width,
            1 if r + 1 < height => end + width,
            2 if c > 0 => end - 1,
            3 if c + 1 < width => end + 1,
            _ => continue,
        };
        if index[q] == OFF {
            if path.len() < due.max(target) {
                index[q] = path.len();
                path.push(q);
            }
        } else {
            let i = index[q];
            if i + 2 >= path.len() {
                continue; // q is the end's predecessor (or the end)
            }
            path[i + 1..].reverse();
            for (k, &cell) in path.iter().enumerate().skip(i + 1) {
                index[cell] = k;
            }
        }
    }
    let mut tiles = vec![false; cells];
    for &c in &path {
        tiles[c] = true;
    }
    let at = |c: usize| Pos::new(c / width, c % width);
    let grid = Grid::from_tiles(width, height, tiles, Some(at(path[0])), None)
        .unwrap_or_else(|e| unreachable!("a path's cells form a connected board: {e}"));
    let solution = Solution::new(&grid, path.iter().map(|&c| at(c)).collect())
        .unwrap_or_else(|e| unreachable!("the planted path solves its board: {e}"));
    (grid, solution)
}

/// [`planted_with`] with 8 mixing moves per cell.
pub fn planted(width: usize, height: usize, fill: f64, seed: u64) -> (Grid, Solution) {
    planted_with(width, height, fill, seed, 8)
}

/// A planted board plus one gap turned into a tile so that the colour counts forbid any
/// path: the board is impossible by parity. `None` if no suitable gap borders the tiles.
pub fn parity_breaker(width: usize, height: usize, fill: f64, seed: u64) -> Option<Grid> {
    let (grid, _) = planted(width, height, fill, seed);
    let start = grid.start()?;
    let colour = |p: Pos| (p.row + p.col) % 2;
    let same = grid.tiles().filter(|&p| colour(p) == colour(start)).count();
    let other = grid.tile_count() - same;
    // odd board (start's colour one ahead): one more of it unbalances the counts; even
    // board (equal counts): one more of the other colour puts the start in the minority
    let want = if same > other {
        colour(start)
    } else {
        1 - colour(start)
    };
    let mut tiles: Vec<bool> = (0..width * height)
        .map(|i| grid.is_tile(Pos::new(i / width, i % width)))
        .collect();
    let gap = (0..width * height).find(|&i| {
        let p = Pos::new(i / width, i % width);
        !tiles[i]
            && colour(p) == want
            && [(0isize, 1isize), (0, -1), (1, 0), (-1, 0)]
                .iter()
                .any(|&(dr, dc)| {
                    let (r, c) = (p.row as isize + dr, p.col as isize + dc);
                    r >= 0 && c >= 0 && grid.is_tile(Pos::new(r as usize, c as usize))
                })
    })?;
    tiles[gap] = true;
    Grid::from_tiles(width, height, tiles, Some(start), None).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Impossible, Solver};

    #[test]
    fn planted_boards_are_deterministic_and_about_the_fill() {
        let (a, pa) = planted(20, 20, 0.85, 3);
        let (b, pb) = planted(20, 20, 0.85, 3);
        assert_eq!(a, b);
        assert_eq!(pa, pb);
        assert_eq!(a.tile_count(), 340);
        assert_ne!(planted(20, 20, 0.85, 4).0, a);
        // gaps spread over the board, not only in one corner
        let gap_rows = (0..20)
            .filter(|&r| (0..20).any(|c| !a.is_tile(Pos::new(r, c))))
            .count();
        assert!(gap_rows >= 10);
    }

    #[test]
    fn parity_breakers_are_impossible_by_parity() {
        for seed in 0..5 {
            let g = parity_breaker(10, 10, 0.85, seed).unwrap();
            assert!(matches!(
                Solver::new(&g).solve(),
                Err(Impossible::Parity(_))
            ));
        }
    }
}
