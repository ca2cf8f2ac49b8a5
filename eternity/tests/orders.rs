//! Fill orders, on blank boards and on bench-easy-h52 (shipped in `tests/data/`).

mod common;

use common::h52;
use eternity_solver::engine::{self, EngineKind, Limits};
use eternity_solver::{FillOrder, Instance, OrderKind, Piece};

fn blank(w: usize, h: usize) -> Instance {
    // Shape only matters here; the pieces need not fit.
    Instance::new(w, h, vec![Piece::new([1; 4]); w * h], vec![]).unwrap()
}

#[test]
fn spiral_and_border_shapes() {
    let i = blank(4, 3);
    assert_eq!(
        FillOrder::new(&i, OrderKind::Spiral).cells(),
        &[0, 1, 2, 3, 7, 11, 10, 9, 8, 4, 5, 6]
    );
    assert_eq!(
        FillOrder::new(&i, OrderKind::BorderFirst).cells(),
        &[0, 1, 2, 3, 7, 11, 10, 9, 8, 4, 5, 6]
    );
    let i = blank(4, 4);
    assert_eq!(
        FillOrder::new(&i, OrderKind::BorderFirst).cells(),
        &[0, 1, 2, 3, 7, 11, 15, 14, 13, 12, 8, 4, 5, 6, 9, 10]
    );
    assert_eq!(
        FillOrder::new(&i, OrderKind::Spiral).cells(),
        &[0, 1, 2, 3, 7, 11, 15, 14, 13, 12, 8, 4, 5, 6, 10, 9]
    );
    for (w, h) in [(1, 1), (1, 5), (5, 1), (2, 7), (7, 2), (16, 16)] {
        let i = blank(w, h);
        for kind in OrderKind::ALL {
            let mut cells = FillOrder::new(&i, kind).cells().to_vec();
            cells.sort();
            assert_eq!(cells, (0..w * h).collect::<Vec<_>>(), "{kind} {w}x{h}");
        }
    }
}

#[test]
fn column_major_goes_down_each_column() {
    assert_eq!(
        FillOrder::new(&blank(4, 3), OrderKind::Column).cells(),
        &[0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]
    );
    assert_eq!("column".parse::<OrderKind>(), Ok(OrderKind::Column));
    assert_eq!(OrderKind::Column.to_string(), "column");
}

/// Four corner pieces: each starts the top-left cell in one rotation and the rest follows.
fn four_corners() -> Instance {
    let pieces = vec![
        Piece::new([0, 1, 2, 0]),
        Piece::new([0, 0, 3, 1]),
        Piece::new([2, 4, 0, 0]),
        Piece::new([3, 0, 0, 4]),
    ];
    Instance::new(2, 2, pieces, vec![]).unwrap()
}

#[test]
fn tree_estimates_are_exact_on_a_uniform_tree() {
    // Every probe meets 4 choices at the root and 1 below: 4 + 4 + 4 + 4 nodes, the tree's
    // exact size, whatever the seed.
    let inst = four_corners();
    let order = FillOrder::row_major(&inst);
    let whole = engine::run(EngineKind::Table, &inst, &order, Limits::all());
    assert_eq!(whole.nodes, 16);
    for seed in [0, 1, 99] {
        let e = order.estimate(&inst, 50, seed);
        assert_eq!(e.nodes, 16.0);
        assert_eq!((e.probes, e.solved, e.deepest), (50, 50, 4));
    }
    assert_eq!(order.estimate(&inst, 0, 0).nodes, 0.0);
}

#[test]
fn the_automatic_order_on_h52_is_the_smallest_whole_tree() {
    use eternity_solver::AutoReason;
    use eternity_solver::engine::Mode;
    let inst = h52();
    let auto = FillOrder::auto(&inst, Mode::All);
    let AutoReason::Race { nodes } = auto.reason else {
        panic!("h52's trees fit in the race: {auto:?}");
    };
    // Each order's whole tree, or a node past the winner's (column-major's is far larger).
    let limits = Limits::all().with_max_nodes(nodes + 1);
    let sizes: Vec<u64> = OrderKind::ALL
        .iter()
        .map(|&k| engine::run(EngineKind::Table, &inst, &FillOrder::new(&inst, k), limits).nodes)
        .collect();
    assert_eq!(Some(&nodes), sizes.iter().min());
    assert_eq!(
        sizes[OrderKind::ALL.iter().position(|&k| k == auto.kind).unwrap()],
        nodes
    );
    assert!(sizes[0] >= nodes && sizes[0] <= common::H52_NODES);
    assert_eq!(auto.estimates.len(), 4);
    assert!(auto.race_nodes >= nodes);
}

#[cfg(feature = "json")]
#[test]
fn the_automatic_order_solves_every_clue_puzzle_at_once() {
    use common::clue;
    use eternity_solver::AutoReason;
    use eternity_solver::engine::Mode;
    use eternity_solver::search::{SearchOptions, Solver};
    use eternity_solver::{Budget, Search, Step};
    // Row-major, the old default, finds no solution of clue 1 in a million nodes.
    let row = engine::run(
        EngineKind::Table,
        &clue(1),
        &FillOrder::row_major(&clue(1)),
        Limits::first().with_max_nodes(1_000_000),
    );
    assert_eq!(row.solutions, 0);
    for n in 1..=4 {
        let inst = clue(n);
        let auto = FillOrder::auto(&inst, Mode::First);
        let AutoReason::Race { nodes } = auto.reason else {
            panic!("clue {n}: no order finished in the race: {auto:?}");
        };
        // The race and the choice together stay near a million nodes (milliseconds).
        assert!(nodes + auto.race_nodes < 1_500_000, "clue {n}: {auto:?}");
        let mut solver = Solver::new(
            &inst,
            &auto.order,
            SearchOptions::default().mode(Mode::First),
        );
        let Step::Found(board) = solver.step(Budget::unlimited()) else {
            panic!("clue {n}: no solution in order {}", auto.kind);
        };
        board.verify_solution(&inst).unwrap();
        assert_eq!(board.score(&inst), inst.max_score());
        assert_eq!(solver.progress().core.nodes, nodes, "clue {n}");
    }
}

#[test]
fn orders_skip_pins_and_keep_going() {
    // bench-easy-h52 pins 52 cells all over the board: every order still lists each open
    // cell once, in its own sequence with the pinned cells left out.
    let inst = h52();
    let hinted = inst.hinted_cells();
    for kind in OrderKind::ALL {
        let order = FillOrder::new(&inst, kind);
        assert_eq!(order.len(), 204);
        assert!(order.cells().iter().all(|&c| !hinted[c]));
        let full = FillOrder::new(&blank(16, 16), kind);
        let expected: Vec<usize> = full
            .cells()
            .iter()
            .copied()
            .filter(|&c| !hinted[c])
            .collect();
        assert_eq!(order.cells(), &expected[..]);
    }
    assert!(FillOrder::from_cells(&inst, vec![0, 0]).is_err());
    assert!(FillOrder::from_cells(&inst, vec![255]).is_err());
    assert!(FillOrder::from_cells(&inst, vec![0]).is_err());
    let custom: Vec<usize> = FillOrder::row_major(&inst)
        .cells()
        .iter()
        .rev()
        .copied()
        .collect();
    assert!(FillOrder::from_cells(&inst, custom).is_ok());
}

#[test]
fn engines_agree_in_every_order_under_a_node_limit() {
    let inst = h52();
    for kind in [OrderKind::Spiral, OrderKind::BorderFirst, OrderKind::Column] {
        let order = FillOrder::new(&inst, kind);
        let limits = Limits::all().with_max_nodes(1_500_000);
        let a = engine::run(EngineKind::Baseline, &inst, &order, limits);
        let b = engine::run(EngineKind::Table, &inst, &order, limits);
        assert_eq!(a, b, "{kind}");
        assert_eq!(a.nodes, 1_500_000);
    }
}

#[test]
fn custom_orders_and_solution_checks_say_what_and_where() {
    use eternity_solver::{Board, OrderError, SolutionError};
    let i = blank(3, 2);
    assert!(matches!(
        FillOrder::from_cells(&i, vec![0, 7]),
        Err(OrderError::Outside {
            index: 1,
            cell: 7,
            cells: 6
        })
    ));
    let e = FillOrder::from_cells(&i, vec![4, 4]).unwrap_err();
    assert_eq!(
        e,
        OrderError::Repeated {
            index: 1,
            cell: 4,
            row: 1,
            col: 1
        }
    );
    assert!(e.to_string().contains("row 1, col 1"), "{e}");
    assert!(matches!(
        FillOrder::from_cells(&i, vec![0, 1]),
        Err(OrderError::Count { listed: 2, open: 6 })
    ));
    let inst = h52();
    let hinted = inst.hints()[0].cell;
    assert!(matches!(
        FillOrder::from_cells(&inst, vec![hinted]),
        Err(OrderError::Hinted { index: 0, .. })
    ));
    assert_eq!(
        Board::with_hints(&inst).verify_solution(&inst),
        Err(SolutionError::Empty { row: 0, col: 0 })
    );
    assert!(
        "fast"
            .parse::<EngineKind>()
            .unwrap_err()
            .to_string()
            .contains("baseline or table")
    );
    assert!("zigzag".parse::<OrderKind>().is_err());
}
