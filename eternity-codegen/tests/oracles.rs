//! Node counts of the generated programs against the published oracles
//! (testdata/eternity/SOURCE.md) and against the in-process baseline engine.

mod common;

use eternity_codegen::{EmitOptions, Group, RunOptions, Status};
use eternity_solver::engine::{Limits, baseline};
use eternity_solver::{FillOrder, OrderKind};

const H52_NODES: u64 = 151_512;

fn h52_at_group(g: usize) {
    let inst = common::instance("oracles/bench-easy-h52.json");
    let opts = EmitOptions::default().group(Group::new(g).unwrap());
    let program = common::program(&inst, &opts);
    let out = program.run(&RunOptions::default()).unwrap();
    assert_eq!(out.nodes, H52_NODES, "group {g}");
    assert_eq!(out.solutions, 1, "group {g}");
    assert_eq!(out.status, Status::Exhausted);
    assert_eq!(out.max_depth, FillOrder::row_major(&inst).len());
    assert_eq!(out.best_score as usize, inst.max_score());
    let solution = out.first_solution.expect("the solution is reported");
    solution.verify_solution(&inst).unwrap();
    assert_eq!(solution, out.best);
}

#[test]
fn h52_group_1() {
    h52_at_group(1);
}

#[test]
fn h52_group_2() {
    h52_at_group(2);
}

#[test]
fn h52_group_4() {
    h52_at_group(4);
}

#[test]
fn h52_group_6() {
    h52_at_group(6);
}

#[test]
fn h52_matches_the_baseline_solution() {
    let inst = common::instance("oracles/bench-easy-h52.json");
    let base = baseline::run(&inst, &FillOrder::row_major(&inst), Limits::all());
    assert_eq!(base.nodes, H52_NODES);
    let program = common::program(&inst, &EmitOptions::default());
    let out = program.run(&RunOptions::default()).unwrap();
    assert_eq!(out.nodes, base.nodes);
    assert_eq!(out.first_solution, base.first_solution);
}

#[test]
fn a_changed_fill_order_changes_the_count() {
    // The counter-case: the oracle check can fail. On a small planted board, spiral order walks
    // a different tree than row-major; each count still equals the baseline's in that order.
    let inst = common::planted(5, 4, 2, 3, 7);
    let mut counts = Vec::new();
    for kind in [OrderKind::RowMajor, OrderKind::Spiral] {
        let opts = EmitOptions::default().order(kind);
        let out = common::program(&inst, &opts)
            .run(&RunOptions::default())
            .unwrap();
        let base = baseline::run(&inst, &FillOrder::new(&inst, kind), Limits::all());
        assert_eq!(out.nodes, base.nodes, "{kind}");
        assert_eq!(out.solutions, base.solutions, "{kind}");
        assert!(out.solutions >= 1, "the planted solution is found");
        counts.push(out.nodes);
    }
    assert_ne!(counts[0], counts[1]);
}

#[test]
fn node_budget_counts_exactly_like_the_baseline() {
    let inst = common::instance("oracles/bench-easy-h52.json");
    let program = common::program(&inst, &EmitOptions::default());
    for budget in [0u64, 1, 1000, 151_511, 151_512, 200_000] {
        let out = program
            .run(&RunOptions {
                max_nodes: Some(budget),
                ..RunOptions::default()
            })
            .unwrap();
        let base = baseline::run(
            &inst,
            &FillOrder::row_major(&inst),
            Limits::all().with_max_nodes(budget),
        );
        assert_eq!(out.nodes, base.nodes, "budget {budget}");
        assert_eq!(out.solutions, base.solutions, "budget {budget}");
        assert_eq!(out.max_depth, base.max_depth, "budget {budget}");
        let expected = if base.complete {
            Status::Exhausted
        } else {
            Status::Budget
        };
        assert_eq!(out.status, expected, "budget {budget}");
    }
}

#[test]
fn first_mode_stops_at_the_solution() {
    let inst = common::instance("oracles/bench-easy-h52.json");
    let program = common::program(&inst, &EmitOptions::default());
    let out = program
        .run(&RunOptions {
            mode: Some(eternity_solver::engine::Mode::First),
            ..RunOptions::default()
        })
        .unwrap();
    let base = baseline::run(&inst, &FillOrder::row_major(&inst), Limits::first());
    assert_eq!(out.status, Status::First);
    assert_eq!(out.nodes, base.nodes);
    assert_eq!(out.first_solution, base.first_solution);
}

#[test]
fn loose_tables_walk_the_same_tree() {
    // The measurement switch must not move a node count.
    let inst = common::instance("oracles/bench-easy-h52.json");
    let opts = EmitOptions::default().tight_tables(false);
    let out = common::program(&inst, &opts)
        .run(&RunOptions::default())
        .unwrap();
    assert_eq!(out.nodes, H52_NODES);
    assert_eq!(out.solutions, 1);
}
