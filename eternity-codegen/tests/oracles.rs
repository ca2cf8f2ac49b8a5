//! Node counts of the generated programs against the baseline engine of `eternity-solver`, the
//! oracle, on small planted boards built in code. The published oracle boards (bench-easy-h52
//! and the long ones) are checked by the workspace's oracle tests.

mod common;

use eternity_codegen::{EmitOptions, Group, Status};
use eternity_solver::OrderKind;
use eternity_solver::engine::{Limits, Mode};

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "runs rustc and the program it builds: WASI has no processes"
)]
fn every_group_size_counts_like_the_baseline() {
    let inst = common::small();
    let base = common::baseline(&inst, OrderKind::RowMajor, Limits::all());
    assert!(base.solutions >= 1, "the planted solution is there");
    for g in [1, 2, 3, 4, 6, 8] {
        let opts = EmitOptions::default().group(Group::new(g).unwrap());
        let out = common::program(&inst, &opts).run(&common::quiet()).unwrap();
        assert_eq!(out.nodes, base.nodes, "group {g}");
        assert_eq!(out.solutions, base.solutions, "group {g}");
        assert_eq!(out.status, Status::Exhausted);
        assert_eq!(out.max_depth, base.max_depth, "group {g}");
        assert_eq!(out.best_score as usize, inst.max_score(), "group {g}");
        assert_eq!(out.first_solution, base.first_solution, "group {g}");
        out.first_solution.unwrap().verify_solution(&inst).unwrap();
    }
}

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "runs rustc and the program it builds: WASI has no processes"
)]
fn a_changed_fill_order_changes_the_count() {
    // The counter-case: the oracle check can fail. On a small planted board, spiral order walks
    // a different tree than row-major; each count still equals the baseline's in that order.
    let inst = common::planted(5, 4, 2, 3, 7);
    let mut counts = Vec::new();
    for kind in [OrderKind::RowMajor, OrderKind::Spiral] {
        let opts = EmitOptions::default().order(kind);
        let out = common::program(&inst, &opts).run(&common::quiet()).unwrap();
        let base = common::baseline(&inst, kind, Limits::all());
        assert_eq!(out.nodes, base.nodes, "{kind}");
        assert_eq!(out.solutions, base.solutions, "{kind}");
        assert!(out.solutions >= 1, "the planted solution is found");
        counts.push(out.nodes);
    }
    assert_ne!(counts[0], counts[1]);
}

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "runs rustc and the program it builds: WASI has no processes"
)]
fn node_caps_count_exactly_like_the_baseline() {
    let inst = common::small();
    let program = common::program(&inst, &EmitOptions::default());
    let total = common::baseline(&inst, OrderKind::RowMajor, Limits::all()).nodes;
    for cap in [0u64, 1, 17, total - 1, total, total + 1] {
        let out = program
            .run(&eternity_codegen::RunOptions {
                max_nodes: Some(cap),
                ..common::quiet()
            })
            .unwrap();
        let base = common::baseline(
            &inst,
            OrderKind::RowMajor,
            Limits::all().with_max_nodes(cap),
        );
        assert_eq!(out.nodes, base.nodes, "cap {cap}");
        assert_eq!(out.solutions, base.solutions, "cap {cap}");
        assert_eq!(out.max_depth, base.max_depth, "cap {cap}");
        let expected = if base.complete {
            Status::Exhausted
        } else {
            Status::Budget
        };
        assert_eq!(out.status, expected, "cap {cap}");
    }
}

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "runs rustc and the program it builds: WASI has no processes"
)]
fn first_mode_stops_at_the_solution() {
    let inst = common::small();
    let program = common::program(&inst, &EmitOptions::default());
    let out = program
        .run(&eternity_codegen::RunOptions {
            mode: Some(Mode::First),
            ..common::quiet()
        })
        .unwrap();
    let base = common::baseline(&inst, OrderKind::RowMajor, Limits::first());
    assert_eq!(out.status, Status::First);
    assert_eq!(out.nodes, base.nodes);
    assert_eq!(out.first_solution, base.first_solution);
}

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "runs rustc and the program it builds: WASI has no processes"
)]
fn loose_tables_walk_the_same_tree() {
    // The measurement switch must not move a node count.
    let inst = common::small();
    let base = common::baseline(&inst, OrderKind::RowMajor, Limits::all());
    let opts = EmitOptions::default().tight_tables(false);
    let out = common::program(&inst, &opts).run(&common::quiet()).unwrap();
    assert_eq!(out.nodes, base.nodes);
    assert_eq!(out.solutions, base.solutions);
}
