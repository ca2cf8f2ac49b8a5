//! Path counts: the frontier dynamic programme against OEIS A120443 and the enumerators.

use hamilton_solver::count::{BigCount, count, count_all_starts};
use hamilton_solver::{Engine, Grid, Paths};
use proptest::prelude::*;

mod common;

fn full(n: usize) -> Grid {
    let row = "x".repeat(n);
    Grid::parse_any_start(&vec![row; n].join("\n")).unwrap()
}

/// OEIS A120443: undirected Hamiltonian paths in the n x n grid graph, n = 1..
const A120443: [&str; 11] = [
    "1",
    "4",
    "20",
    "276",
    "4324",
    "229348",
    "13535280",
    "3023313284",
    "745416341496",
    "730044829512632",
    "786671485270308848",
];

#[test]
fn a120443_up_to_7() {
    for n in 1..=7 {
        assert_eq!(
            count(&full(n)).unwrap().to_string(),
            A120443[n - 1],
            "n = {n}"
        );
    }
}

/// Summed over every start, each path counts from both ends (OEIS A096969 = 2 x A120443).
#[test]
fn summed_over_starts_is_twice_a120443() {
    for n in 2..=6 {
        let g = full(n);
        let by_start: u128 = g
            .tiles()
            .map(|s| {
                count(&g.with_start(Some(s)).unwrap())
                    .unwrap()
                    .to_u128()
                    .unwrap()
            })
            .sum();
        let a: u128 = A120443[n - 1].parse().unwrap();
        assert_eq!(by_start, 2 * a, "n = {n}");
        assert_eq!(count_all_starts(&g).unwrap(), 2 * a);
    }
}

/// n = 8..11: seconds in release; run by `compare -- hamilton --count` and on demand here.
#[test]
#[ignore = "seconds in release (11x11 takes about 0.4 s, in debug far longer)"]
fn a120443_8_to_11() {
    for n in 8..=11 {
        assert_eq!(
            count(&full(n)).unwrap().to_string(),
            A120443[n - 1],
            "n = {n}"
        );
    }
}

#[test]
fn big_counts_are_exact() {
    // 2 x 40 board, no start: more paths than fit in ... small numbers; check the type path
    let g = Grid::parse_any_start(&["x".repeat(40), "x".repeat(40)].join("\n")).unwrap();
    let c = count(&g).unwrap();
    assert!(c > BigCount::from(1000u64));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn count_matches_the_baseline_enumeration(
        w in 1usize..=5, h in 1usize..=5,
        mask in proptest::collection::vec(prop::bool::weighted(0.85), 25),
        start in 0usize..25, end in proptest::option::of(0usize..25), with_start in any::<bool>(),
    ) {
        let Some(grid) = common::board(w, h, &mask, start, end, with_start) else {
            return Ok(())
        };
        let enumerated = Paths::with_engine(&grid, Engine::Baseline).count() as u128;
        let counted = count(&grid).unwrap();
        if grid.start().is_some() || grid.end().is_some() || grid.tile_count() == 1 {
            prop_assert_eq!(counted, enumerated, "{}", grid);
        } else {
            // every start: each path met from both ends
            prop_assert_eq!(counted, enumerated / 2, "{}", grid);
        }
    }
}

#[test]
fn a_count_past_its_state_limit_is_refused_and_within_it_agrees() {
    use hamilton_solver::CountError;
    use hamilton_solver::count::{CountLimits, count_with};
    let grid = full(7);
    let tight = CountLimits {
        max_states: 50,
        ..CountLimits::default()
    };
    assert_eq!(
        count_with(&grid, &tight),
        Err(CountError::TooManyStates { max_states: 50 })
    );
    let roomy = CountLimits {
        max_states: 1 << 16,
        ..CountLimits::default()
    };
    assert_eq!(count_with(&grid, &roomy), count(&grid));
}

#[test]
fn a_cancelled_count_stops() {
    use hamilton_solver::CountError;
    use hamilton_solver::count::{CountLimits, count_with};
    let cancel = puzzle_search::Cancel::new();
    cancel.cancel();
    let limits = CountLimits {
        cancel: Some(cancel),
        ..CountLimits::default()
    };
    // Big enough that the flag is looked at (every few thousand states).
    assert_eq!(count_with(&full(10), &limits), Err(CountError::Cancelled));
}
