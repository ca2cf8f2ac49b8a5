//! Uniformly random paths, drawn through the counts: no search can do this (a search finds
//! the paths in its own order, and a random walk that backs up is biased toward paths with
//! few alternatives).
//!
//! The frontier sweep of [`count`](super::count) is run forward once to list the states of
//! every layer, then backward to give each state its number of completions (the paths that
//! go on from it). A sample starts from the empty frontier and, cell after cell, takes each
//! move with probability (completions after the move) / (completions before it); each path
//! is one sequence of moves, so every path comes with probability 1 / count. One random
//! number below the count picks the whole sequence. The edges the moves lay down make the
//! path, read from its start.

use hashbrown::{HashMap, HashSet};
use puzzle_search::Cancel;

use super::frontier::{Frontier, Move, NONE, get};
use super::{CANCEL_EVERY, CountLimits, MAX_WIDTH};
use crate::error::CountError;
use crate::grid::{Grid, Pos};
use crate::path::Solution;
use crate::rng::xorshift64_star;

/// A board's paths laid out for drawing: every layer's completions, from which any number
/// of uniformly random paths is drawn without counting again.
///
/// ```
/// use hamilton_solver::Grid;
/// use hamilton_solver::count::{CountLimits, Sampler, count};
/// let grid = Grid::parse("Xxxx\nxxxx\nxxxx\nxxxx").unwrap();
/// let sampler = Sampler::new(&grid, &CountLimits::default()).unwrap();
/// assert_eq!(count(&grid).unwrap(), sampler.count());
/// let paths = sampler.sample(5, 42);
/// assert_eq!(paths.len(), 5);
/// for p in &paths {
///     assert_eq!(p.start(), grid.start().unwrap());
///     assert_eq!(p.cells().len(), 16);
/// }
/// // The same seed draws the same paths.
/// assert_eq!(paths, sampler.sample(5, 42));
/// ```
#[derive(Clone, Debug)]
pub struct Sampler {
    /// The board as swept (transposed when wider than high).
    swept: Grid,
    transposed: bool,
    frontier: Frontier,
    /// `ways[k]`: `(state, paths that go on from it)` before cell `k`, sorted by state,
    /// states without a completion left out (sorted vectors: a third of a hash table's
    /// memory, and the lookups are few).
    ways: Vec<Vec<(u64, u128)>>,
    /// The paths in all (the completions of the empty frontier).
    total: u128,
    /// A board of one tile: its one path.
    single: Option<Pos>,
}

impl Sampler {
    /// Lays out `grid` for drawing: the paths [`count`](super::count) counts (from the start;
    /// without one, undirected). The states of every layer are kept, at most
    /// `limits.max_states` in all (more is [`CountError::TooManyStates`]); a board with more
    /// than `u128::MAX` paths is [`CountError::TooManyPaths`]; `limits.cancel` stops it.
    ///
    /// # Errors
    /// [`CountError::TooWide`], [`CountError::TooManyStates`] and [`CountError::Cancelled`] as
    /// for [`count_with`](super::count_with) (the limit counts every layer's states);
    /// [`CountError::TooManyPaths`] past `u128::MAX` paths.
    pub fn new(grid: &Grid, limits: &CountLimits) -> Result<Sampler, CountError> {
        let transposed = grid.width() > grid.height();
        let swept = if transposed {
            grid.transposed()
        } else {
            grid.clone()
        };
        if swept.width() > MAX_WIDTH {
            return Err(CountError::TooWide {
                width: swept.width(),
            });
        }
        let frontier = Frontier::new(&swept);
        let single = (swept.tile_count() == 1).then(|| {
            (0..swept.height() * swept.width())
                .map(|i| Pos::new(i / swept.width(), i % swept.width()))
                .find(|&p| swept.is_tile(p))
                .expect("one tile")
        });
        let layers = forward(&frontier, limits)?;
        let ways = backward(&frontier, layers, limits)?;
        let total = if single.is_some() {
            1
        } else {
            lookup(&ways[0], 0)
        };
        Ok(Sampler {
            swept,
            transposed,
            frontier,
            ways,
            total,
            single,
        })
    }

    /// The number of paths, the same as [`count`](super::count)'s.
    pub fn count(&self) -> u128 {
        self.total
    }

    /// `k` paths drawn uniformly at random (with replacement) from all of them, reproducible:
    /// the same `seed` gives the same paths, and a larger `k` the same first ones. Each path
    /// is read from the start; without a start, to the `E` tile; without either, from its
    /// end that comes first in reading order. Empty when the board has no path.
    pub fn sample(&self, k: usize, seed: u64) -> Vec<Solution> {
        self.draws(seed).take(k).collect()
    }

    /// The draws of [`sample`](Self::sample) one at a time, without end (none when the board
    /// has no path): for as many as a caller wants without holding them.
    pub fn draws(&self, seed: u64) -> impl Iterator<Item = Solution> + '_ {
        // xorshift's state must not be 0; the odd constant mixes the seed.
        let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        std::iter::from_fn(move || {
            (self.total > 0).then(|| {
                let r = below(&mut rng, self.total);
                self.path(r)
            })
        })
    }

    /// How many paths use each edge: for every move of every state, the ways into the state
    /// times the completions after the move, added to the edges the move lays down (one
    /// more sweep, forward, over the states that have completions). Every path uses
    /// `tiles - 1` edges, so the counts add up to that many times [`count`](Self::count).
    pub fn edge_counts(&self) -> EdgeCounts {
        let (sw, n) = (self.swept.width(), self.frontier.cells.len());
        let mut right = vec![0u128; n];
        let mut down = vec![0u128; n];
        if self.single.is_none() && self.total > 0 {
            // Ways into each state of the current layer, kept to states with completions.
            let mut into: Vec<(u64, u128)> = vec![(0, 1)];
            for (k, &cell) in self.frontier.cells.iter().enumerate() {
                let mut next: HashMap<u64, u128> = HashMap::new();
                for &(st, ways_in) in &into {
                    self.frontier.moves(cell, st, |m| {
                        let Move::To(to) = m else { return };
                        let after = self.after(k, to);
                        if after == 0 {
                            return;
                        }
                        // Both factors count paths, so the product is at most the total.
                        let through = ways_in * after;
                        if get(to, cell.col + 1) != NONE {
                            right[k] += through;
                        }
                        if get(to, cell.col) != NONE {
                            down[k] += through;
                        }
                        let to = self
                            .frontier
                            .seen_next(cell, to)
                            .expect("a move with completions");
                        *next.entry(to).or_insert(0) += ways_in;
                    });
                }
                into = next.into_iter().collect();
                // Sorted: the sums do not depend on the hash order (they are exact anyway).
                into.sort_unstable();
            }
        }
        let (w, h) = if self.transposed {
            (self.swept.height(), sw)
        } else {
            (sw, self.swept.height())
        };
        let mut counts = EdgeCounts {
            width: w,
            height: h,
            total: self.total,
            right: vec![0; w * h],
            down: vec![0; w * h],
        };
        for k in 0..n {
            let p = self.unswept(Pos::new(k / sw, k % sw));
            let at = p.row * w + p.col;
            // Transposed, the swept board's right edges are the board's down edges.
            let (r, d) = if self.transposed {
                (down[k], right[k])
            } else {
                (right[k], down[k])
            };
            counts.right[at] = r;
            counts.down[at] = d;
        }
        counts
    }

    /// The path of rank `r` (below [`count`](Self::count)) in the moves' order.
    fn path(&self, mut r: u128) -> Solution {
        if let Some(p) = self.single {
            return Solution::from_cells(vec![self.unswept(p)]);
        }
        let n = self.frontier.cells.len();
        // right[k], down[k]: the edges from cell k the moves lay down.
        let mut right = vec![false; n];
        let mut down = vec![false; n];
        let mut st = 0u64;
        'cells: for (k, &cell) in self.frontier.cells.iter().enumerate() {
            let mut chosen = None;
            self.frontier.moves(cell, st, |m| {
                if chosen.is_some() {
                    return;
                }
                let weight = match m {
                    Move::Finish => 1,
                    Move::To(next) => self.after(k, next),
                };
                if r < weight {
                    chosen = Some(m);
                } else {
                    r -= weight;
                }
            });
            match chosen {
                Some(Move::To(next)) => {
                    right[k] = get(next, cell.col + 1) != NONE;
                    down[k] = get(next, cell.col) != NONE;
                    st = self
                        .frontier
                        .seen_next(cell, next)
                        .expect("a move with completions");
                }
                Some(Move::Finish) => break 'cells,
                None => unreachable!("a rank below the completions picks a move"),
            }
        }
        self.walk(&right, &down)
    }

    /// The completions after a move to `next` at cell `k` (the next row's view of it after a
    /// row's last cell).
    fn after(&self, k: usize, next: u64) -> u128 {
        match self.frontier.seen_next(self.frontier.cells[k], next) {
            Some(next) => self.ways.get(k + 1).map_or(0, |layer| lookup(layer, next)),
            None => 0,
        }
    }

    /// The path the edges make, from its first cell (see [`Sampler::sample`]), in the
    /// board's own coordinates.
    fn walk(&self, right: &[bool], down: &[bool]) -> Solution {
        let w = self.swept.width();
        let n = right.len();
        let mut adjacent: Vec<[usize; 2]> = vec![[usize::MAX; 2]; n];
        let mut link = |a: usize, b: usize| {
            for (x, y) in [(a, b), (b, a)] {
                let slot = if adjacent[x][0] == usize::MAX { 0 } else { 1 };
                adjacent[x][slot] = y;
            }
        };
        for k in 0..n {
            if right[k] {
                link(k, k + 1);
            }
            if down[k] {
                link(k, k + w);
            }
        }
        let index = |p: Pos| p.row * w + p.col;
        let first = match (self.swept.start(), self.swept.end()) {
            (Some(s), _) => index(s),
            (None, Some(e)) => index(e),
            (None, None) => {
                // The end first in the board's own reading order.
                let key = |k: &usize| {
                    let p = self.unswept(Pos::new(k / w, k % w));
                    (p.row, p.col)
                };
                (0..n)
                    .filter(|&k| {
                        self.swept.is_tile(Pos::new(k / w, k % w)) && adjacent[k][1] == usize::MAX
                    })
                    .min_by_key(key)
                    .expect("a path has two ends")
            }
        };
        let mut cells = Vec::with_capacity(n);
        let (mut prev, mut here) = (usize::MAX, first);
        loop {
            cells.push(self.unswept(Pos::new(here / w, here % w)));
            let next = adjacent[here]
                .into_iter()
                .find(|&x| x != prev && x != usize::MAX);
            match next {
                Some(x) => (prev, here) = (here, x),
                None => break,
            }
        }
        // With an `E` tile and no start, the path is read to its required end.
        if self.swept.start().is_none() && self.swept.end().is_some() {
            cells.reverse();
        }
        Solution::from_cells(cells)
    }

    /// A cell of the swept board in the board's own coordinates.
    fn unswept(&self, p: Pos) -> Pos {
        if self.transposed {
            Pos::new(p.col, p.row)
        } else {
            p
        }
    }
}

/// How many of a board's paths use each edge between two neighbouring tiles: where the board
/// is forced (every path takes the edge), where it is free, and where no path goes. Made by
/// [`Sampler::edge_counts`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeCounts {
    width: usize,
    height: usize,
    total: u128,
    /// `right[r * width + c]`: the paths using the edge from `(r, c)` to `(r, c + 1)`.
    right: Vec<u128>,
    /// `down[r * width + c]`: the paths using the edge from `(r, c)` to `(r + 1, c)`.
    down: Vec<u128>,
}

impl EdgeCounts {
    /// The board's width and height.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The paths in all.
    pub fn total(&self) -> u128 {
        self.total
    }

    /// The paths using the edge from `p` to the tile on its right (0 at the right side).
    pub fn right(&self, p: Pos) -> u128 {
        self.at(&self.right, p)
    }

    /// The paths using the edge from `p` to the tile below it (0 at the bottom).
    pub fn down(&self, p: Pos) -> u128 {
        self.at(&self.down, p)
    }

    fn at(&self, v: &[u128], p: Pos) -> u128 {
        if p.row < self.height && p.col < self.width {
            v[p.row * self.width + p.col]
        } else {
            0
        }
    }

    /// Every edge some path uses, as `(from, to, paths)`, row by row, the right edge of a
    /// cell before its down edge.
    pub fn edges(&self) -> impl Iterator<Item = (Pos, Pos, u128)> + '_ {
        (0..self.width * self.height).flat_map(move |k| {
            let p = Pos::new(k / self.width, k % self.width);
            [
                (Pos::new(p.row, p.col + 1), self.right[k]),
                (Pos::new(p.row + 1, p.col), self.down[k]),
            ]
            .into_iter()
            .filter(|&(_, n)| n > 0)
            .map(move |(q, n)| (p, q, n))
        })
    }
}

/// The completions of `state` in a sorted layer (0 when it has none).
fn lookup(layer: &[(u64, u128)], state: u64) -> u128 {
    layer
        .binary_search_by_key(&state, |&(s, _)| s)
        .map_or(0, |i| layer[i].1)
}

/// A number uniformly below `bound` (> 0), by rejection from the fewest bits that hold it.
fn below(rng: &mut u64, bound: u128) -> u128 {
    let bits = 128 - (bound - 1).leading_zeros();
    loop {
        let x = (u128::from(xorshift64_star(rng)) << 64) | u128::from(xorshift64_star(rng));
        let x = if bits == 0 { 0 } else { x >> (128 - bits) };
        if x < bound {
            return x;
        }
    }
}

/// Looks at the cancel flag every [`CANCEL_EVERY`] calls.
struct CancelCheck<'a> {
    cancel: Option<&'a Cancel>,
    left: u32,
}

impl CancelCheck<'_> {
    fn tick(&mut self) -> Result<(), CountError> {
        self.left -= 1;
        if self.left == 0 {
            self.left = CANCEL_EVERY;
            if self.cancel.is_some_and(Cancel::is_cancelled) {
                return Err(CountError::Cancelled);
            }
        }
        Ok(())
    }
}

/// The states before each cell (and after the last), each layer sorted, at most
/// `limits.max_states` in all.
fn forward(frontier: &Frontier, limits: &CountLimits) -> Result<Vec<Vec<u64>>, CountError> {
    let max_states = limits.max_states;
    let too_many = CountError::TooManyStates { max_states };
    let mut check = CancelCheck {
        cancel: limits.cancel.as_ref(),
        left: CANCEL_EVERY,
    };
    let mut layers: Vec<Vec<u64>> = vec![vec![0]];
    let mut stored = 1usize;
    for &cell in &frontier.cells {
        let mut next: HashSet<u64> = HashSet::new();
        let mut full = false;
        for &st in layers.last().expect("the first layer") {
            check.tick()?;
            frontier.moves(cell, st, |m| {
                if let Move::To(n) = m
                    && let Some(n) = frontier.seen_next(cell, n)
                    && !next.contains(&n)
                {
                    if stored + next.len() >= max_states
                        || (next.len() == next.capacity()
                            && next.try_reserve(next.len().max(16)).is_err())
                    {
                        full = true;
                    } else {
                        next.insert(n);
                    }
                }
            });
            if full {
                return Err(too_many);
            }
        }
        let mut layer: Vec<u64> = Vec::new();
        if layer.try_reserve_exact(next.len()).is_err() {
            return Err(too_many);
        }
        layer.extend(next);
        // Sorted: the layers, and so the work, do not depend on the hash order.
        layer.sort_unstable();
        stored += layer.len();
        layers.push(layer);
    }
    Ok(layers)
}

/// The completions of every state of every layer, from the last layer back.
fn backward(
    frontier: &Frontier,
    layers: Vec<Vec<u64>>,
    limits: &CountLimits,
) -> Result<Vec<Vec<(u64, u128)>>, CountError> {
    let mut check = CancelCheck {
        cancel: limits.cancel.as_ref(),
        left: CANCEL_EVERY,
    };
    let n = frontier.cells.len();
    let mut ways: Vec<Vec<(u64, u128)>> = vec![Vec::new(); n + 1];
    let mut layers = layers;
    // The layer after the last cell has no moves: nothing completes from it.
    layers.truncate(n);
    for (k, layer) in layers.into_iter().enumerate().rev() {
        let cell = frontier.cells[k];
        let mut here: Vec<(u64, u128)> = Vec::new();
        if here.try_reserve_exact(layer.len()).is_err() {
            return Err(CountError::TooManyStates {
                max_states: limits.max_states,
            });
        }
        for st in layer {
            check.tick()?;
            let mut sum: Option<u128> = Some(0);
            frontier.moves(cell, st, |m| {
                let w = match m {
                    Move::Finish => 1,
                    Move::To(next) => frontier
                        .seen_next(cell, next)
                        .map_or(0, |s| lookup(&ways[k + 1], s)),
                };
                sum = sum.and_then(|s| s.checked_add(w));
            });
            match sum {
                Some(0) => {}
                // The layer is sorted, so `here` is too.
                Some(s) => here.push((st, s)),
                None => return Err(CountError::TooManyPaths),
            }
        }
        here.shrink_to_fit();
        ways[k] = here;
    }
    Ok(ways)
}
