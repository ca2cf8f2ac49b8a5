//! The published node-count oracles (testdata/eternity/SOURCE.md), for every engine.
//! The larger ones run for minutes and are `#[ignore]`d; run them with
//! `cargo test -p eternity-solver --release -- --ignored`.

use std::path::PathBuf;

use eternity_solver::engine::{Limits, baseline};
use eternity_solver::{FillOrder, Instance, format};

fn board(rel: &str) -> Instance {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../testdata/eternity")
        .join(rel);
    format::json::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn h52_baseline_full_enumeration() {
    let inst = board("oracles/bench-easy-h52.json");
    let out = baseline::run(&inst, &FillOrder::row_major(&inst), Limits::all());
    assert_eq!(out.nodes, 151_512);
    assert_eq!(out.solutions, 1);
    assert!(out.complete);
    let sol = out.first_solution.expect("a solution");
    sol.verify_solution(&inst).expect("verifies");
    assert_eq!(sol.score(&inst), 480);
}
