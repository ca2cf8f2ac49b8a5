//! eternity-solver on the repository's test data (testdata/eternity/SOURCE.md): the published
//! node-count oracles for every engine, the official clue puzzles, fill orders on bench-hard,
//! and every format on every board. The larger oracles run for minutes and are `#[ignore]`d;
//! run them with `cargo test -p oracle-tests --release --test eternity -- --ignored`.

use std::path::{Path, PathBuf};

use eternity_solver::engine::{self, EngineKind, Limits};
use eternity_solver::format::mcgavin::{self, HintAxis};
use eternity_solver::format::{self, e2pieces, json};
use eternity_solver::search::{SearchOptions, Solver};
use eternity_solver::{Budget, FillOrder, Instance, OrderKind, Piece, Search, Step};
use oracle_tests::testdata_path;
use puzzle_search::check::assert_agree;

fn data(rel: &str) -> PathBuf {
    testdata_path(&format!("eternity/{rel}"))
}

fn board(rel: &str) -> Instance {
    let path = data(rel);
    json::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
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

#[test]
fn official_clue_puzzles_solve_to_full_score() {
    // Border-first finds each clue puzzle's first solution within a few million nodes.
    for (rel, nodes) in [
        ("eternity2dev-instances/e2-clue-clue1.json", 1_920),
        ("eternity2dev-instances/e2-clue-clue2.json", 2_513_136),
        ("eternity2dev-instances/e2-clue-clue3.json", 4_706),
        ("eternity2dev-instances/e2-clue-clue4.json", 2_387_110),
    ] {
        let inst = board(rel);
        let order = FillOrder::new(&inst, OrderKind::BorderFirst);
        let a = engine::run(EngineKind::Baseline, &inst, &order, Limits::first());
        let b = engine::run(EngineKind::Table, &inst, &order, Limits::first());
        assert_eq!(a, b, "{rel}");
        assert_eq!(a.nodes, nodes, "{rel}");
        let sol = a.first_solution.expect("solved");
        sol.verify_solution(&inst).unwrap();
        assert_eq!(sol.score(&inst), inst.max_score());
        assert!(inst.max_score() == 60 || inst.max_score() == 126);
    }
}

#[test]
fn node_limits_stop_every_engine_at_the_same_place_on_bench_hard() {
    let inst = board("dfs-study-bench/bench-hard.json");
    let order = FillOrder::row_major(&inst);
    let limits = Limits::all().with_max_nodes(200_000);
    let a = engine::run(EngineKind::Baseline, &inst, &order, limits);
    let b = engine::run(EngineKind::Table, &inst, &order, limits);
    assert_eq!(a, b);
    assert_eq!(a.nodes, 200_000);
    assert!(!a.complete);
    let options = SearchOptions::default().max_nodes(200_000);
    assert_agree(
        Solver::new(&inst, &order, options.engine(EngineKind::Baseline)),
        Solver::new(&inst, &order, options.engine(EngineKind::Table)),
        true,
    );
    // And a solver with a total limit reports the same best board.
    let mut s = Solver::new(&inst, &order, options);
    assert_eq!(s.step(Budget::unlimited()), Step::Paused);
    assert!(s.is_out_of_nodes());
    assert_eq!(s.step(Budget::nodes(10)), Step::Paused);
    assert_eq!(s.nodes(), 200_000);
    let p = s.progress();
    assert_eq!(p.max_depth, a.max_depth);
    assert_eq!(p.best_board.filled(), inst.hints().len() + a.max_depth);
}

fn blank(w: usize, h: usize) -> Instance {
    // Shape only matters here; the pieces need not fit.
    Instance::new(w, h, vec![Piece::new([1; 4]); w * h], vec![]).unwrap()
}

#[test]
fn orders_skip_pins_and_keep_going_on_bench_hard() {
    // bench-hard pins 40 cells in the lower half: every order still lists each open cell
    // once, in its own sequence with the pinned cells left out.
    let inst = board("dfs-study-bench/bench-hard.json");
    let hinted = inst.hinted_cells();
    for kind in [
        OrderKind::RowMajor,
        OrderKind::Spiral,
        OrderKind::BorderFirst,
    ] {
        let order = FillOrder::new(&inst, kind);
        assert_eq!(order.len(), 216);
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
    assert!(FillOrder::from_cells(&inst, vec![224]).is_err());
    assert!(FillOrder::from_cells(&inst, vec![0]).is_err());
    let custom: Vec<usize> = FillOrder::row_major(&inst)
        .cells()
        .iter()
        .rev()
        .copied()
        .collect();
    assert!(FillOrder::from_cells(&inst, custom).is_ok());
}

fn files(ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for dir in std::fs::read_dir(testdata_path("eternity")).unwrap() {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&dir).unwrap() {
            let f = f.unwrap().path();
            if f.extension().is_some_and(|e| e == ext) && !f.ends_with("index.json") {
                out.push(f);
            }
        }
    }
    out.sort();
    out
}

fn every_board() -> Vec<(PathBuf, Instance)> {
    let mut out: Vec<(PathBuf, Instance)> = files("json")
        .into_iter()
        .map(|p| {
            let i = json::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p, i)
        })
        .collect();
    for p in files("txt") {
        let i = e2pieces::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        out.push((p, i));
    }
    assert!(out.len() >= 29, "{} boards", out.len());
    out
}

#[test]
fn json_round_trip_on_every_board() {
    for (p, inst) in every_board() {
        let back = json::parse(&json::to_string(&inst)).unwrap();
        assert_eq!(back, inst, "{}", p.display());
    }
}

#[test]
fn puz_hnt_round_trip_on_every_board_both_axes() {
    for (p, inst) in every_board() {
        for axis in [HintAxis::TopDown, HintAxis::BottomUp] {
            let puz = mcgavin::puz_to_string(&inst);
            let hnt = mcgavin::hnt_to_string(&inst, axis);
            let back = mcgavin::parse(&puz, Some(&hnt), axis)
                .unwrap_or_else(|e| panic!("{} {axis:?}: {e}", p.display()));
            assert_eq!(back.pieces(), inst.pieces(), "{}", p.display());
            assert_eq!(back.hints(), inst.hints(), "{}", p.display());
            assert_eq!((back.width(), back.height()), (inst.width(), inst.height()));
            back.check_hints().unwrap();
        }
    }
}

#[test]
fn e2pieces_is_the_official_set_of_the_json_instances() {
    let txt = e2pieces::read(data("wortmann-pieces/e2pieces.txt")).unwrap();
    let js = json::read(data("eternity2dev-instances/e2-16x16-v00.json")).unwrap();
    assert_eq!(txt.pieces(), js.pieces());
    assert_eq!((txt.width(), txt.height()), (16, 16));
    // The 72-piece clue puzzles come out 12 wide and 6 high.
    let c2 = e2pieces::read(data("wortmann-pieces/clue2.txt")).unwrap();
    assert_eq!((c2.width(), c2.height()), (12, 6));
    // A header line gives the size explicitly, and the writer writes one.
    let back = e2pieces::parse(&e2pieces::to_string(&c2), None).unwrap();
    assert_eq!(back.pieces(), c2.pieces());
    assert_eq!((back.width(), back.height()), (12, 6));
}

#[test]
fn read_dispatches_on_extension() {
    for rel in [
        "oracles/bench-easy-h52.json",
        "wortmann-pieces/clue1.txt",
        "wortmann-pieces/meta_10x10.txt",
    ] {
        let p: &Path = &data(rel);
        format::read(p, None, HintAxis::TopDown).unwrap();
    }
    let missing = format::read(data("nope.json"), None, HintAxis::TopDown).unwrap_err();
    assert!(missing.to_string().contains("nope.json"));
}

#[test]
fn the_crate_copy_of_h52_is_the_testdata_board() {
    // eternity-solver's own tests solve a copy shipped in its tests/data/.
    let shipped = json::parse(include_str!(
        "../../eternity/tests/data/bench-easy-h52.json"
    ))
    .unwrap();
    assert_eq!(shipped, board("oracles/bench-easy-h52.json"));
}
