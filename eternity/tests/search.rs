//! The search API: stepping, pausing, saving and resuming, splitting, and parallel runs all
//! give the totals of one uninterrupted run.

use std::path::PathBuf;

use eternity_solver::engine::{self, EngineKind, Limits, Mode};
use eternity_solver::search::{
    Budget, Continuation, NodeBudget, SearchOptions, Solver, Step, run_parallel, split,
};
use eternity_solver::{Board, FillOrder, Instance, format};

fn board(rel: &str) -> Instance {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../testdata/eternity")
        .join(rel);
    format::json::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Steps with `budget` nodes at a time until done; returns nodes and solutions.
fn stepped(inst: &Instance, order: &FillOrder, kind: EngineKind, budget: u64) -> (u64, Vec<Board>) {
    let mut s = Solver::new(inst, order, SearchOptions::default().engine(kind));
    let mut found = Vec::new();
    let mut steps = 0u64;
    loop {
        let before = s.nodes();
        match s.step(NodeBudget(budget)) {
            Step::Found(b) => found.push(b),
            Step::Paused => assert_eq!(
                s.nodes() - before,
                budget,
                "a paused step spends its budget"
            ),
            Step::Finished => break,
        }
        steps += 1;
    }
    assert!(steps >= s.nodes() / budget);
    (s.nodes(), found)
}

#[test]
fn stepping_in_small_budgets_gives_the_oracle_count() {
    let inst = board("oracles/bench-easy-h52.json");
    let order = FillOrder::row_major(&inst);
    for kind in EngineKind::ALL {
        for budget in [1_000, 7_919, 100_000] {
            let (nodes, found) = stepped(&inst, &order, kind, budget);
            assert_eq!(nodes, 151_512, "{kind} budget {budget}");
            assert_eq!(found.len(), 1);
            found[0].verify_solution(&inst).unwrap();
        }
    }
}

#[test]
fn save_and_resume_across_engines_gives_the_same_totals() {
    let inst = board("oracles/bench-easy-h52.json");
    let order = FillOrder::row_major(&inst);
    for (first, second) in [
        (EngineKind::Baseline, EngineKind::Table),
        (EngineKind::Table, EngineKind::Baseline),
        (EngineKind::Table, EngineKind::Table),
    ] {
        let mut s = Solver::new(&inst, &order, SearchOptions::default().engine(first));
        let mut solutions = 0;
        let mut saves = 0;
        loop {
            match s.step(Budget::nodes(12_345)) {
                Step::Found(_) => solutions += 1,
                Step::Paused => {
                    // Go through the text form, as a process that was stopped would.
                    let text = s.continuation().to_text();
                    let cont = Continuation::from_text(&text).unwrap();
                    assert_eq!(cont, s.continuation());
                    let engine = if saves % 2 == 0 { second } else { first };
                    s = Solver::resume(
                        &inst,
                        &order,
                        &cont,
                        SearchOptions::default().engine(engine),
                    )
                    .unwrap();
                    saves += 1;
                }
                Step::Finished => break,
            }
        }
        assert_eq!(s.nodes(), 151_512);
        assert_eq!(solutions, 1);
        assert_eq!(s.solutions(), 1);
        assert!(saves >= 10);
        assert_eq!(s.progress().best_score, 480);
        assert!(s.continuation().finished);
    }
}

#[test]
fn resume_rejects_another_puzzle_and_illegal_choices() {
    let inst = board("oracles/bench-easy-h52.json");
    let other = board("oracles/bench-easy-h40.json");
    let order = FillOrder::row_major(&inst);
    let mut s = Solver::new(&inst, &order, SearchOptions::default());
    assert_eq!(s.step(NodeBudget(100)), Step::Paused);
    let cont = s.continuation();
    let other_order = FillOrder::row_major(&other);
    assert!(Solver::resume(&other, &other_order, &cont, SearchOptions::default()).is_err());
    let mut bad = cont.clone();
    if bad.choices.len() > 1 {
        bad.choices[0] = bad.choices[0].wrapping_add(4 * 7);
        assert!(Solver::resume(&inst, &order, &bad, SearchOptions::default()).is_err());
    }
    assert!(Continuation::from_text("nonsense").is_err());
    let mut text = cont.to_text();
    text.push_str("nodes x\n");
    let err = Continuation::from_text(&text).unwrap_err().to_string();
    assert!(err.contains("line") && err.contains("nodes"), "{err}");
}

#[test]
fn split_jobs_sum_to_the_single_thread_count() {
    let inst = board("oracles/bench-easy-h52.json");
    let order = FillOrder::row_major(&inst);
    let single = engine::run(EngineKind::Baseline, &inst, &order, Limits::all());
    for depth in [0, 1, 3, 8, 20] {
        let sp = split(&inst, &order, depth);
        let mut nodes = sp.prefix_nodes;
        let mut found = Vec::new();
        for (i, job) in sp.jobs.iter().enumerate() {
            let kind = EngineKind::ALL[i % 2];
            let s =
                Solver::resume(&inst, &order, job, SearchOptions::default().engine(kind)).unwrap();
            let mut s2 = s.clone();
            found.extend(s.solve_fully());
            while s2.step(Budget::nodes(u64::MAX)) != Step::Finished {}
            nodes += s2.nodes();
        }
        assert_eq!(nodes, single.nodes, "depth {depth}");
        assert_eq!(found, vec![single.first_solution.clone().unwrap()]);
        let par = run_parallel(&inst, &order, depth, SearchOptions::default());
        assert_eq!(par.nodes, single.nodes);
        assert_eq!(par.solutions, 1);
        assert_eq!(par.found, found);
        assert_eq!(par.jobs, sp.jobs.len());
    }
}

#[test]
fn node_limits_stop_every_engine_at_the_same_place() {
    let inst = board("dfs-study-bench/bench-hard.json");
    let order = FillOrder::row_major(&inst);
    let limits = Limits::all().with_max_nodes(200_000);
    let a = engine::run(EngineKind::Baseline, &inst, &order, limits);
    let b = engine::run(EngineKind::Table, &inst, &order, limits);
    assert_eq!(a, b);
    assert_eq!(a.nodes, 200_000);
    assert!(!a.complete);
    // And a solver with a total limit reports the same best board.
    let mut s = Solver::new(&inst, &order, SearchOptions::default().max_nodes(200_000));
    assert_eq!(s.step(Budget::nodes(u64::MAX)), Step::Paused);
    assert!(s.is_out_of_nodes());
    assert_eq!(s.step(Budget::nodes(10)), Step::Paused);
    assert_eq!(s.nodes(), 200_000);
    let p = s.progress();
    assert_eq!(p.max_depth, a.max_depth);
    assert_eq!(p.best_board.filled(), inst.hints().len() + a.max_depth);
}

#[test]
fn first_mode_stops_at_the_first_solution() {
    let inst = board("oracles/bench-easy-h52.json");
    let order = FillOrder::row_major(&inst);
    let all = engine::run(EngineKind::Table, &inst, &order, Limits::all());
    for kind in EngineKind::ALL {
        let first = engine::run(kind, &inst, &order, Limits::first());
        assert!(first.complete);
        assert_eq!(first.solutions, 1);
        assert_eq!(first.first_solution, all.first_solution);
        assert!(first.nodes <= all.nodes);
        let mut s = Solver::new(
            &inst,
            &order,
            SearchOptions::default().engine(kind).mode(Mode::First),
        );
        assert!(matches!(s.step(Budget::nodes(u64::MAX)), Step::Found(_)));
        assert_eq!(s.step(Budget::nodes(1)), Step::Finished);
        assert_eq!(s.nodes(), first.nodes);
    }
}
