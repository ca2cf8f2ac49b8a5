//! Uniform sampling through the counts: every draw is a path of the board, the sampler's
//! count is the counter's, the draws are reproducible from the seed, and they are uniform
//! (a chi-square test over every path of a board with 824 of them).

use std::collections::HashMap;

use hamilton_solver::count::{CountLimits, Sampler, count};
use hamilton_solver::{CountError, Engine, Grid, Paths, Pos, Solution};
use proptest::prelude::*;

mod common;

fn sampler(grid: &Grid) -> Sampler {
    Sampler::new(grid, &CountLimits::default()).expect("a small board lays out")
}

/// The path as the board's cells, and reversed when the board has neither a start nor an
/// `E` tile (an undirected path, read from either end).
fn key(grid: &Grid, path: &Solution) -> Vec<Pos> {
    let mut cells = path.cells().to_vec();
    if grid.start().is_none() && grid.end().is_none() && cells.last() < cells.first() {
        cells.reverse();
    }
    cells
}

#[test]
fn draws_are_uniform_over_every_path() {
    // The 5 x 5 board from a corner: 824 paths.
    let grid = Grid::parse("Xxxxx\nxxxxx\nxxxxx\nxxxxx\nxxxxx").unwrap();
    let all: Vec<Vec<Pos>> = Paths::new(&grid).map(|p| p.cells().to_vec()).collect();
    assert_eq!(all.len(), 824);
    let s = sampler(&grid);
    assert_eq!(s.count(), 824);
    let per_path = 40;
    let draws = s.sample(all.len() * per_path, 7);
    let mut seen: HashMap<Vec<Pos>, usize> = all.iter().map(|p| (p.clone(), 0)).collect();
    for d in &draws {
        *seen
            .get_mut(d.cells())
            .expect("every draw is a path of the board") += 1;
    }
    // Pearson's statistic against the uniform expectation, 823 degrees of freedom.
    let expected = per_path as f64;
    let chi2: f64 = seen
        .values()
        .map(|&o| (o as f64 - expected).powi(2) / expected)
        .sum();
    let df = (all.len() - 1) as f64;
    // The 0.999 quantile by the Wilson-Hilferty approximation (z = 3.09): about 953.
    let t = 2.0 / (9.0 * df);
    let critical = df * (1.0 - t + 3.09 * t.sqrt()).powi(3);
    assert!(chi2 < critical, "chi2 = {chi2:.1}, critical {critical:.1}");
    // And far from too good to be true (the 0.001 quantile, about 700).
    let low = df * (1.0 - t - 3.09 * t.sqrt()).powi(3);
    assert!(chi2 > low, "chi2 = {chi2:.1}, below {low:.1}");
    assert!(seen.values().all(|&o| o > 0), "some path never drawn");
}

#[test]
fn draws_are_reproducible_and_prefixes_of_longer_runs() {
    let grid = Grid::parse("Xxxxxx\nxx xxx\nxxxxxx\nxxxxxx").unwrap();
    let s = sampler(&grid);
    let ten = s.sample(10, 3);
    assert_eq!(ten, s.sample(10, 3));
    assert_eq!(ten[..4], s.sample(4, 3)[..]);
    assert_ne!(ten, s.sample(10, 4));
}

#[test]
fn a_wide_board_and_one_without_a_start_are_drawn_in_their_own_coordinates() {
    // Wider than high: swept transposed, drawn back in the board's coordinates.
    let wide = Grid::parse_any_start("xxxxxxx\nxxxxxxx\nxxxxxxx").unwrap();
    let s = sampler(&wide);
    assert_eq!(count(&wide).unwrap(), s.count());
    for p in s.sample(50, 1) {
        let cells = p.cells().to_vec();
        assert!(Solution::new(&wide, cells.clone()).is_ok() || wide.start().is_none());
        assert_eq!(cells.len(), wide.tile_count());
        // Read from its end first in reading order.
        assert!(cells.first() < cells.last());
    }
}

#[test]
fn a_board_without_a_path_draws_nothing_and_one_tile_draws_itself() {
    let parity = Grid::parse("xXx\nxxx\nxxx").unwrap();
    let s = sampler(&parity);
    assert_eq!(s.count(), 0);
    assert!(s.sample(3, 0).is_empty());
    let one = Grid::parse("X").unwrap();
    let draws = sampler(&one).sample(2, 0);
    assert_eq!(draws.len(), 2);
    assert_eq!(draws[0].cells(), &[Pos::new(0, 0)]);
}

#[test]
fn the_sampler_keeps_to_its_state_limit() {
    let grid = Grid::parse("Xxxxxx\nxxxxxx\nxxxxxx\nxxxxxx\nxxxxxx\nxxxxxx").unwrap();
    let tight = CountLimits {
        max_states: 100,
        ..CountLimits::default()
    };
    assert!(matches!(
        Sampler::new(&grid, &tight),
        Err(CountError::TooManyStates { max_states: 100 })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// On random small boards (holes, starts, ends): the sampler counts what the counter
    /// counts, and every draw is one of the paths the search enumerates.
    #[test]
    fn every_draw_is_an_enumerated_path(
        w in 1usize..=5, h in 1usize..=5,
        mask in proptest::collection::vec(prop::bool::weighted(0.85), 25),
        start in 0usize..25, end in proptest::option::of(0usize..25), with_start in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let Some(grid) = common::board(w, h, &mask, start, end, with_start) else {
            return Ok(())
        };
        let sampler = sampler(&grid);
        prop_assert_eq!(count(&grid).unwrap(), sampler.count(), "{}", grid);
        let paths: Vec<Vec<Pos>> = Paths::with_engine(&grid, Engine::Baseline)
            .map(|p| key(&grid, &p))
            .collect();
        for d in sampler.sample(20, seed) {
            let k = key(&grid, &d);
            prop_assert!(paths.contains(&k), "{}: {:?} is not a path", grid, k);
            if grid.start().is_none() && grid.end().is_some() {
                prop_assert_eq!(d.end(), grid.end().unwrap());
            }
        }
    }
}

/// The edge counts by enumeration: each path's edges, each undirected path once.
fn enumerated_edges(grid: &Grid) -> HashMap<(Pos, Pos), u128> {
    let mut edges = HashMap::new();
    let twice = grid.start().is_none() && grid.end().is_none() && grid.tile_count() > 1;
    for p in Paths::with_engine(grid, Engine::Baseline) {
        for pair in p.cells().windows(2) {
            let (a, b) = (pair[0].min(pair[1]), pair[0].max(pair[1]));
            *edges.entry((a, b)).or_insert(0u128) += 1;
        }
    }
    if twice {
        for n in edges.values_mut() {
            *n /= 2;
        }
    }
    edges
}

#[test]
fn edge_counts_add_up_and_show_the_forced_edges() {
    // The corridor at the top is forced; the 3 x 3 block below it is not.
    let grid = Grid::parse("Xxxx\n   x\n xxx\n xxx\n xxx").unwrap();
    let s = sampler(&grid);
    let e = s.edge_counts();
    assert_eq!(e.total(), s.count());
    assert!(e.total() > 1);
    let sum: u128 = e.edges().map(|(_, _, n)| n).sum();
    assert_eq!(sum, e.total() * (grid.tile_count() as u128 - 1));
    assert_eq!(e.right(Pos::new(0, 0)), e.total());
    assert_eq!(e.down(Pos::new(0, 3)), e.total());
    let by_enumeration = enumerated_edges(&grid);
    for (a, b, n) in e.edges() {
        assert_eq!(by_enumeration.get(&(a, b)), Some(&n), "{a:?}-{b:?}");
    }
    assert_eq!(e.edges().count(), by_enumeration.len());
    #[cfg(feature = "svg")]
    {
        let svg = grid.edges_svg(&e);
        assert_eq!(svg.matches("class=\"edge").count(), by_enumeration.len());
        let forced = by_enumeration.values().filter(|&&n| n == e.total()).count();
        assert_eq!(svg.matches("class=\"edge forced\"").count(), forced);
        assert!(forced >= 4);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// On random small boards (wide ones swept transposed): the edge counts are the
    /// enumeration's, edge for edge.
    #[test]
    fn edge_counts_are_the_enumerations(
        w in 1usize..=5, h in 1usize..=4,
        mask in proptest::collection::vec(prop::bool::weighted(0.85), 20),
        start in 0usize..20, end in proptest::option::of(0usize..20), with_start in any::<bool>(),
    ) {
        let Some(grid) = common::board(w, h, &mask, start, end, with_start) else {
            return Ok(())
        };
        let counts = sampler(&grid).edge_counts();
        let expected = enumerated_edges(&grid);
        let got: HashMap<(Pos, Pos), u128> = counts.edges().map(|(a, b, n)| ((a, b), n)).collect();
        prop_assert_eq!(got, expected, "{}", grid);
    }
}
