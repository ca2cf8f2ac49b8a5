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
        for kind in [
            OrderKind::RowMajor,
            OrderKind::Spiral,
            OrderKind::BorderFirst,
        ] {
            let mut cells = FillOrder::new(&i, kind).cells().to_vec();
            cells.sort();
            assert_eq!(cells, (0..w * h).collect::<Vec<_>>(), "{kind} {w}x{h}");
        }
    }
}

#[test]
fn orders_skip_pins_and_keep_going() {
    // bench-easy-h52 pins 52 cells all over the board: every order still lists each open
    // cell once, in its own sequence with the pinned cells left out.
    let inst = h52();
    let hinted = inst.hinted_cells();
    for kind in [
        OrderKind::RowMajor,
        OrderKind::Spiral,
        OrderKind::BorderFirst,
    ] {
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
    for kind in [OrderKind::Spiral, OrderKind::BorderFirst] {
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
