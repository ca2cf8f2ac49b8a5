//! `eternity-codegen` against the published oracles in `testdata/eternity/` (see its
//! `SOURCE.md`): bench-easy-h52 (151,512 nodes, one solution) at several group sizes, stepped
//! and whole, node budgets and first-solution runs equal to the baseline engine, the
//! `build.rs` path, and, ignored for their length, bench-easy-h40 (487,397,329 nodes) at every
//! group size and the full bench-easy tree (3,577,121,570 nodes).
//!
//! `cargo test --release -p oracle-tests --test eternity_codegen [-- --ignored]`

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use eternity_codegen::{
    Budget, Compiler, EmitOptions, Group, Program, RunOptions, Search, Status, Step, build,
    emit_program,
};
use eternity_solver::engine::{Limits, Mode, baseline};
use eternity_solver::{FillOrder, Instance};
use puzzle_search::check::{run_in_steps, run_whole};

const H52: &str = "eternity/oracles/bench-easy-h52.json";
const H52_NODES: u64 = 151_512;

fn instance(rel: &str) -> Instance {
    eternity_solver::format::json::read(oracle_tests::testdata_path(rel))
        .expect("oracle instance parses")
}

/// A compiler caching into this test target's scratch directory.
fn compiler() -> Compiler {
    Compiler::new()
        .cache_dir(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("eternity-codegen-cache"))
}

fn program(inst: &Instance, opts: &EmitOptions) -> Program {
    Program::build_with(&compiler(), inst, opts).expect("generated program compiles")
}

fn quiet() -> RunOptions {
    RunOptions {
        progress: Some(None),
        ..RunOptions::default()
    }
}

fn h52_at_group(g: usize) {
    let inst = instance(H52);
    let opts = EmitOptions::default().group(Group::new(g).unwrap());
    let out = program(&inst, &opts).run(&RunOptions::default()).unwrap();
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
    let inst = instance(H52);
    let base = baseline::run(&inst, &FillOrder::row_major(&inst), Limits::all());
    assert_eq!(base.nodes, H52_NODES);
    let out = program(&inst, &EmitOptions::default())
        .run(&RunOptions::default())
        .unwrap();
    assert_eq!(out.nodes, base.nodes);
    assert_eq!(out.first_solution, base.first_solution);
}

#[test]
fn h52_stepped_gives_the_same_run() {
    let inst = instance(H52);
    let p = program(&inst, &EmitOptions::default());
    let whole = run_whole(p.spawn(&quiet()).unwrap());
    assert_eq!(whole.progress.nodes, H52_NODES);
    assert_eq!(whole.items.len(), 1);
    whole.items[0].verify_solution(&inst).unwrap();
    let stepped = run_in_steps(p.spawn(&quiet()).unwrap(), &[10_000, 1, 4096, 65_537]);
    assert_eq!(stepped.items, whole.items);
    assert_eq!(stepped.progress, whole.progress);
}

#[test]
fn h52_steps_report_progress_found_and_finished() {
    let inst = instance(H52);
    let p = program(&inst, &EmitOptions::default());
    let mut running = p
        .spawn(&RunOptions {
            progress: Some(Some(Duration::from_millis(1))),
            ..RunOptions::default()
        })
        .unwrap();
    let mut found = Vec::new();
    loop {
        match running.step(Budget::time(Duration::from_millis(5))) {
            Step::Found(board) => found.push(board),
            Step::Paused => {}
            Step::Finished => break,
        }
    }
    assert!(running.error().is_none(), "{:?}", running.error());
    let outcome = running.outcome().unwrap().clone();
    assert_eq!(found.len(), 1);
    assert_eq!(outcome.solutions, 1);
    assert_eq!(outcome.status, Status::Exhausted);
    assert_eq!(Some(&found[0]), outcome.first_solution.as_ref());
    assert_eq!(running.progress().nodes, H52_NODES);
    assert_eq!(running.progress().found, 1);
    assert_eq!(running.step(Budget::nodes(1)), Step::Finished);
}

#[test]
fn node_budget_counts_exactly_like_the_baseline() {
    let inst = instance(H52);
    let p = program(&inst, &EmitOptions::default());
    for budget in [0u64, 1, 1000, 151_511, 151_512, 200_000] {
        let out = p
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
    let inst = instance(H52);
    let out = program(&inst, &EmitOptions::default())
        .run(&RunOptions {
            mode: Some(Mode::First),
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
    let inst = instance(H52);
    let opts = EmitOptions::default().tight_tables(false);
    let out = program(&inst, &opts).run(&RunOptions::default()).unwrap();
    assert_eq!(out.nodes, H52_NODES);
    assert_eq!(out.solutions, 1);
}

#[test]
fn emitted_16x16_programs_compile_without_warnings() {
    let inst = instance(H52);
    for g in [1, 6] {
        let opts = EmitOptions::default().group(Group::new(g).unwrap());
        let src = emit_program(&inst, &opts);
        assert_eq!(
            src.matches("unsafe").count(),
            1,
            "only the forbid attribute"
        );
        let compiled = compiler().compile(&src).unwrap();
        assert_eq!(compiled.warnings, "", "group {g}");
    }
}

#[test]
fn a_baked_h52_solves_inside_the_including_program() {
    let out_dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("baked-out-dir");
    let puzzle = oracle_tests::testdata_path(H52);
    let opts = EmitOptions::default().group(Group::new(3).unwrap());
    let generated = build::generate_into(&puzzle, &out_dir, &opts).unwrap();
    assert_eq!(generated.file_name().unwrap(), "bench-easy-h52.rs");
    // The compile cache keys on this text alone: name the included content in it, so a
    // changed puzzle is a new program.
    let content = {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        std::fs::read_to_string(&generated).unwrap().hash(&mut h);
        h.finish()
    };
    let main = format!(
        r#"// Includes generated code whose hash is {content:016x}.
#![forbid(unsafe_code)]
#![deny(warnings)]

mod solver {{
    include!({path:?});
}}

fn main() {{
    let config = solver::Config {{
        progress: None,
        ..solver::Config::default()
    }};
    let report = solver::solve(&config, &mut |_| {{}});
    assert_eq!(report.status, solver::Status::Exhausted);
    println!("nodes={{}} solutions={{}} best_score={{}}", report.nodes, report.solutions, report.best_score);
}}
"#,
        path = generated.display().to_string()
    );
    let compiled = compiler().compile(&main).unwrap();
    let out = Command::new(&compiled.binary).output().unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "nodes=151512 solutions=1 best_score=480"
    );
}

#[test]
fn a_bench_hard_run_pauses_and_stops() {
    let inst = instance("eternity/dfs-study-bench/bench-hard.json");
    let p = program(&inst, &EmitOptions::default());
    let mut running = p.spawn(&quiet()).unwrap();
    assert_eq!(
        running.step(Budget::time(Duration::from_millis(20))),
        Step::Paused
    );
    assert!(running.progress().nodes > 0);
    assert_eq!(running.step(Budget::nodes(1_000_000)), Step::Paused);
    let base = baseline::run(
        &inst,
        &FillOrder::row_major(&inst),
        Limits::all().with_max_nodes(running.progress().nodes),
    );
    assert_eq!(running.progress().max_depth, base.max_depth);
    let out = running.stop().unwrap();
    assert_eq!(out.status, Status::Budget);
    assert_eq!(out.nodes, base.nodes);
}

fn full(file: &str, nodes: u64, group: usize) {
    let inst = instance(file);
    let opts = EmitOptions::default().group(Group::new(group).unwrap());
    let out = program(&inst, &opts).run(&quiet()).unwrap();
    assert_eq!(out.nodes, nodes, "{file} at group {group}");
    assert_eq!(out.solutions, 1);
    assert_eq!(out.status, Status::Exhausted);
    out.first_solution.unwrap().verify_solution(&inst).unwrap();
}

#[test]
#[ignore = "about 3 CPU-seconds per group size"]
fn h40_at_every_group_size() {
    for g in 1..=8 {
        full("eternity/oracles/bench-easy-h40.json", 487_397_329, g);
    }
}

#[test]
#[ignore = "about 20 CPU-seconds"]
fn bench_easy_full_tree() {
    full("eternity/dfs-study-bench/bench-easy.json", 3_577_121_570, 4);
}
