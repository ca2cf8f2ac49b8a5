//! The h52 oracle (tests/data/SOURCE.md), for every engine, on the copy shipped in
//! `tests/data/`. The larger oracles are in the repository's oracle tests.

mod common;

use common::{H52_NODES, h52};
use eternity_solver::FillOrder;
use eternity_solver::engine::{self, EngineKind, Limits};

#[test]
fn h52_every_engine_full_enumeration() {
    let inst = h52();
    let order = FillOrder::row_major(&inst);
    for kind in EngineKind::ALL {
        let out = engine::run(kind, &inst, &order, Limits::all());
        assert_eq!(out.nodes, H52_NODES, "{kind}");
        assert_eq!(out.solutions, 1, "{kind}");
        assert!(out.complete);
        let sol = out.first_solution.expect("a solution");
        sol.verify_solution(&inst).expect("verifies");
        assert_eq!(sol.score(&inst), 480);
    }
}

#[cfg(feature = "json")]
#[test]
fn the_shipped_json_and_puz_copies_are_the_same_board() {
    let js = eternity_solver::format::json::parse(common::H52_JSON).unwrap();
    let puz = h52();
    assert_eq!(js.pieces(), puz.pieces());
    assert_eq!(js.hints(), puz.hints());
    assert_eq!((js.width(), js.height()), (puz.width(), puz.height()));
}
