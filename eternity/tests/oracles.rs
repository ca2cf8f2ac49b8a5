//! The published node-count oracles (testdata/eternity/SOURCE.md), for every engine.
//! The larger ones run for minutes and are `#[ignore]`d; run them with
//! `cargo test -p eternity-solver --release -- --ignored`.

use std::path::PathBuf;

use eternity_solver::engine::{self, EngineKind, Limits};
use eternity_solver::{FillOrder, Instance, format};

fn board(rel: &str) -> Instance {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../testdata/eternity")
        .join(rel);
    format::json::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn full_enumeration(rel: &str, nodes: u64) {
    let inst = board(rel);
    let order = FillOrder::row_major(&inst);
    for kind in EngineKind::ALL {
        let out = engine::run(kind, &inst, &order, Limits::all());
        assert_eq!(out.nodes, nodes, "{kind} on {rel}");
        assert_eq!(out.solutions, 1, "{kind} on {rel}");
        assert!(out.complete);
        let sol = out.first_solution.expect("a solution");
        sol.verify_solution(&inst).expect("verifies");
        assert_eq!(sol.score(&inst), 480);
    }
}

#[test]
fn h52_every_engine_full_enumeration() {
    full_enumeration("oracles/bench-easy-h52.json", 151_512);
}

#[test]
#[ignore = "minutes: 487 M nodes per engine"]
fn h40_every_engine_full_enumeration() {
    full_enumeration("oracles/bench-easy-h40.json", 487_397_329);
}

#[test]
#[ignore = "minutes: 671 M nodes per engine"]
fn h30_every_engine_full_enumeration() {
    full_enumeration("oracles/bench-easy-h30.json", 671_411_013);
}

#[test]
#[ignore = "minutes: 913 M nodes per engine"]
fn h24_every_engine_full_enumeration() {
    full_enumeration("oracles/bench-easy-h24.json", 912_981_075);
}

#[test]
#[ignore = "an hour or more: 3.6 G nodes per engine"]
fn bench_easy_every_engine_full_enumeration() {
    full_enumeration("dfs-study-bench/bench-easy.json", 3_577_121_570);
}
