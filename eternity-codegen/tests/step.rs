//! Following a running program: progress lines, solutions and the end, through `step`.

mod common;

use std::time::Duration;

use eternity_codegen::{EmitOptions, RunOptions, Status, Step};

#[test]
fn step_reports_progress_found_and_finished() {
    let inst = common::instance("oracles/bench-easy-h52.json");
    let program = common::program(&inst, &EmitOptions::default());
    let mut running = program
        .spawn(&RunOptions {
            progress: Some(Some(Duration::from_millis(1))),
            ..RunOptions::default()
        })
        .unwrap();
    let mut found = Vec::new();
    loop {
        match running.step(Duration::from_millis(50)).unwrap() {
            Step::Found(board) => found.push(board),
            Step::Paused => {}
            Step::Finished => break,
        }
    }
    let outcome = running.outcome().unwrap().clone();
    assert_eq!(found.len(), 1);
    assert_eq!(outcome.solutions, 1);
    assert_eq!(outcome.status, Status::Exhausted);
    assert_eq!(Some(&found[0]), outcome.first_solution.as_ref());
    assert_eq!(running.progress().nodes, outcome.nodes);
    assert_eq!(running.step(Duration::ZERO).unwrap(), Step::Finished);
}

#[test]
fn a_killed_run_stops() {
    let inst = common::instance("dfs-study-bench/bench-hard.json");
    let program = common::program(&inst, &EmitOptions::default());
    let mut running = program.spawn(&RunOptions::default()).unwrap();
    assert_eq!(
        running.step(Duration::from_millis(20)).unwrap(),
        Step::Paused
    );
    running.kill().unwrap();
    assert!(running.step(Duration::from_secs(5)).is_err());
}
