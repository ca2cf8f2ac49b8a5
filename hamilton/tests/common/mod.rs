//! What the property tests share: random small boards from proptest's raw values.

use hamilton_solver::{Grid, Pos};

/// A board of `w x h` cells from `mask` (row-major, `true` a tile; at least `w * h` long):
/// its start the `start`-th tile (modulo the tiles) when `with_start`, its end the `end`-th
/// tile when given and not the start. `None` when the mask is not a valid board (no tile,
/// disconnected tiles).
pub fn board(
    w: usize,
    h: usize,
    mask: &[bool],
    start: usize,
    end: Option<usize>,
    with_start: bool,
) -> Option<Grid> {
    let tiles: Vec<bool> = mask[..w * h].to_vec();
    let cells: Vec<usize> = (0..w * h).filter(|&i| tiles[i]).collect();
    if cells.is_empty() {
        return None;
    }
    let at = |i: usize| Pos::new(i / w, i % w);
    let s = cells[start % cells.len()];
    let e = end.map(|k| cells[k % cells.len()]).filter(|&e| e != s);
    Grid::from_tiles(w, h, tiles, with_start.then(|| at(s)), e.map(at)).ok()
}
