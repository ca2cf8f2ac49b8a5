//! A running program as a `puzzle_search::Search`: stepped in any budgets it finds the same
//! solutions with the same node counts as one unlimited run, as the whole-run reader, and as
//! the baseline engine.

mod common;

use std::time::{Duration, Instant};

use eternity_codegen::{Budget, EmitOptions, Limit, RunOptions, Search, Status, Step};
use eternity_solver::OrderKind;
use eternity_solver::engine::{Limits, Mode};
use puzzle_search::check::{run_in_steps, run_whole};
use puzzle_search::{Cancel, Unlimited};

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "runs rustc and the program it builds: WASI has no processes"
)]
fn stepping_gives_the_same_run_as_one_long_step() {
    // 32 solutions in 1,460 nodes, so solution pauses and node thresholds meet often.
    let inst = common::planted(4, 4, 2, 4, 3);
    let program = common::program(&inst, &EmitOptions::default());
    let whole = run_whole(program.spawn(&common::quiet()).unwrap());
    let base = common::baseline(&inst, OrderKind::RowMajor, Limits::all());
    assert_eq!(whole.progress.nodes, base.nodes);
    assert_eq!(whole.progress.found, base.solutions);
    assert_eq!(whole.items.len() as u64, base.solutions);
    assert_eq!(whole.items.first(), base.first_solution.as_ref());
    for budgets in [&[1u64][..], &[7, 1, 300], &[4096], &[0, 2, 100_000]] {
        let stepped = run_in_steps(program.spawn(&common::quiet()).unwrap(), budgets);
        assert_eq!(stepped.items, whole.items, "budgets {budgets:?}");
        assert_eq!(stepped.progress, whole.progress, "budgets {budgets:?}");
    }
    let out = program.run(&common::quiet()).unwrap();
    assert_eq!(out.nodes, whole.progress.nodes);
    assert_eq!(out.solutions, whole.items.len() as u64);
}

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "runs rustc and the program it builds: WASI has no processes"
)]
fn time_budgets_give_the_same_run() {
    let inst = common::small();
    let program = common::program(&inst, &EmitOptions::default());
    let whole = run_whole(program.spawn(&common::quiet()).unwrap());
    let mut running = program.spawn(&common::quiet()).unwrap();
    let mut items = Vec::new();
    loop {
        match running.step(Budget::time(Duration::from_micros(50))) {
            Step::Found(board) => items.push(board),
            Step::Paused => {}
            Step::Finished => break,
        }
    }
    assert!(running.error().is_none(), "{:?}", running.error());
    assert_eq!(items, whole.items);
    assert_eq!(running.progress().nodes, whole.progress.nodes);
    let outcome = running.outcome().unwrap();
    assert_eq!(outcome.status, Status::Exhausted);
    assert_eq!(outcome.first_solution.as_ref(), items.first());
    assert_eq!(
        running.step(Unlimited),
        Step::Finished,
        "finished stays finished"
    );
}

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "runs rustc and the program it builds: WASI has no processes"
)]
fn a_node_budget_stops_on_the_exact_node_on_a_long_tree() {
    let inst = common::long();
    let program = common::program(&inst, &EmitOptions::default());
    let mut one = program.spawn(&common::quiet()).unwrap();
    assert_eq!(one.step(Budget::nodes(300_000)), Step::Paused);
    assert_eq!(one.progress().nodes, 300_000);
    let mut many = program.spawn(&common::quiet()).unwrap();
    for k in 1..=10 {
        assert_eq!(many.step(Budget::nodes(30_000)), Step::Paused);
        assert_eq!(many.progress().nodes, 30_000 * k);
    }
    let (a, b) = (one.progress(), many.progress());
    assert_eq!((a.max_depth, a.best_score), (b.max_depth, b.best_score));
    let base = common::baseline(
        &inst,
        OrderKind::RowMajor,
        Limits::all().with_max_nodes(300_000),
    );
    assert_eq!(a.max_depth, base.max_depth);
    let out = one.stop().unwrap();
    assert_eq!(out.status, Status::Budget);
    assert_eq!(out.nodes, 300_000);
    assert_eq!(out.solutions, base.solutions);
}

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "runs rustc and the program it builds: WASI has no processes"
)]
fn a_time_budget_pauses_in_time_and_goes_on() {
    let inst = common::long();
    let program = common::program(&inst, &EmitOptions::default());
    let mut running = program.spawn(&common::quiet()).unwrap();
    let mut last = 0;
    for _ in 0..3 {
        let t = Instant::now();
        assert_eq!(
            running.step(Budget::time(Duration::from_millis(30))),
            Step::Paused
        );
        let took = t.elapsed();
        assert!(took >= Duration::from_millis(30), "{took:?}");
        assert!(took < Duration::from_secs(5), "{took:?}");
        let nodes = running.progress().nodes;
        assert!(nodes > last, "every step works");
        last = nodes;
    }
    assert!(running.progress().cpu_s > 0.0);
}

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "runs rustc and the program it builds: WASI has no processes"
)]
fn a_cancelled_limit_does_one_node() {
    let inst = common::long();
    let program = common::program(&inst, &EmitOptions::default());
    let mut running = program.spawn(&common::quiet()).unwrap();
    let cancel = Cancel::new();
    cancel.cancel();
    assert_eq!(running.step(Unlimited.or_cancel(&cancel)), Step::Paused);
    assert_eq!(running.progress().nodes, 1);
    assert_eq!(
        running.step(Budget::time(Duration::from_secs(60)).or_cancel(&cancel)),
        Step::Paused
    );
    assert_eq!(running.progress().nodes, 2);
}

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "runs rustc and the program it builds: WASI has no processes"
)]
fn a_cap_of_the_run_pauses_for_good() {
    let inst = common::small();
    let program = common::program(&inst, &EmitOptions::default());
    let total = common::baseline(&inst, OrderKind::RowMajor, Limits::all()).nodes;
    let cap = total / 2;
    let options = RunOptions {
        max_nodes: Some(cap),
        ..common::quiet()
    };
    let capped = run_whole(program.spawn(&options).unwrap());
    assert_eq!(capped.progress.nodes, cap);
    let stepped = run_in_steps(program.spawn(&options).unwrap(), &[3, 10]);
    assert_eq!(stepped.progress, capped.progress);
    assert_eq!(stepped.items, capped.items);

    let mut running = program.spawn(&options).unwrap();
    while running.step(Unlimited).is_found() {}
    assert!(running.is_capped());
    assert_eq!(
        running.step(Budget::nodes(5)),
        Step::Paused,
        "no work after the cap"
    );
    assert_eq!(running.progress().nodes, cap);
    let out = running.stop().unwrap();
    let base = common::baseline(
        &inst,
        OrderKind::RowMajor,
        Limits::all().with_max_nodes(cap),
    );
    assert_eq!(out.status, Status::Budget);
    assert_eq!((out.nodes, out.solutions), (base.nodes, base.solutions));
}

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "runs rustc and the program it builds: WASI has no processes"
)]
fn first_mode_finds_one_and_finishes() {
    let inst = common::small();
    let program = common::program(&inst, &EmitOptions::default());
    let options = RunOptions {
        mode: Some(Mode::First),
        ..common::quiet()
    };
    let out = run_in_steps(program.spawn(&options).unwrap(), &[5]);
    let base = common::baseline(&inst, OrderKind::RowMajor, Limits::first());
    assert_eq!(out.items.len(), 1);
    assert_eq!(Some(&out.items[0]), base.first_solution.as_ref());
    assert_eq!(out.progress.nodes, base.nodes);
    assert_eq!(
        program.spawn(&options).unwrap().wait().unwrap().status,
        Status::First
    );
}

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "runs rustc and the program it builds: WASI has no processes"
)]
fn progress_lines_and_the_outcome_agree() {
    let inst = common::small();
    let program = common::program(&inst, &EmitOptions::default());
    let mut running = program
        .spawn(&RunOptions {
            progress: Some(Some(Duration::from_millis(1))),
            ..RunOptions::default()
        })
        .unwrap();
    let mut found = Vec::new();
    loop {
        match running.step(Budget::nodes(50)) {
            Step::Found(board) => found.push(board),
            Step::Paused => {}
            Step::Finished => break,
        }
    }
    let outcome = running.outcome().unwrap().clone();
    assert_eq!(found.len() as u64, outcome.solutions);
    assert_eq!(outcome.status, Status::Exhausted);
    assert_eq!(running.progress().nodes, outcome.nodes);
    assert_eq!(running.progress().max_depth, outcome.max_depth);
    let whole = program.spawn(&common::quiet()).unwrap().wait().unwrap();
    assert_eq!(whole.nodes, outcome.nodes);
    assert_eq!(whole.solutions, outcome.solutions);
}

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "runs rustc and the program it builds: WASI has no processes"
)]
fn a_killed_run_ends_with_its_error() {
    let inst = common::long();
    let program = common::program(&inst, &EmitOptions::default());
    let mut running = program.spawn(&common::quiet()).unwrap();
    assert_eq!(running.step(Budget::nodes(1000)), Step::Paused);
    running.kill().unwrap();
    assert_eq!(running.step(Budget::nodes(1000)), Step::Finished);
    assert!(running.error().is_some());
    assert_eq!(running.step(Unlimited), Step::Finished);
    assert!(running.stop().is_err());
}

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "runs rustc and the program it builds: WASI has no processes"
)]
fn the_program_agrees_with_the_in_process_engines() {
    use eternity_solver::FillOrder;
    use eternity_solver::engine::EngineKind;
    use eternity_solver::search::{SearchOptions, Solver};
    use puzzle_search::check::assert_agree;

    // 32 solutions: the same boards in the same order, and the same node count.
    let inst = common::planted(4, 4, 2, 4, 3);
    for kind in [OrderKind::RowMajor, OrderKind::Spiral] {
        let order = FillOrder::new(&inst, kind);
        let program = common::program(&inst, &EmitOptions::default().order(kind));
        for engine in EngineKind::ALL {
            let solver = Solver::new(&inst, &order, SearchOptions::default().engine(engine));
            assert_agree(solver, program.spawn(&common::quiet()).unwrap(), true);
        }
        // Under a cap of their own, stepped: the same pause on the same node.
        let cap = 700;
        let solver = Solver::new(&inst, &order, SearchOptions::default().max_nodes(cap));
        let running = program
            .spawn(&RunOptions {
                max_nodes: Some(cap),
                ..common::quiet()
            })
            .unwrap();
        let (a, b) = (
            run_in_steps(solver, &[7, 50]),
            run_in_steps(running, &[7, 50]),
        );
        assert_eq!(a.items, b.items, "{kind}");
        assert_eq!(a.progress, b.progress, "{kind}");
        assert_eq!(b.progress.nodes, cap);
    }
}
