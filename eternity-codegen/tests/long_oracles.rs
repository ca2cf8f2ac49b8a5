//! The long oracles (testdata/eternity/SOURCE.md): full enumeration of bench-easy-h40
//! (487,397,329 nodes) and bench-easy (3,577,121,570 nodes), one solution each. Seconds to
//! minutes per run, so ignored here; the criterion bench `eternity_codegen` checks them too.
//!
//! `cargo test --release -p eternity-codegen --test long_oracles -- --ignored`

mod common;

use eternity_codegen::{EmitOptions, Group, RunOptions, Status};

fn full(file: &str, nodes: u64, group: usize) {
    let inst = common::instance(file);
    let opts = EmitOptions::default().group(Group::new(group).unwrap());
    let out = common::program(&inst, &opts)
        .run(&RunOptions {
            progress: Some(None),
            ..RunOptions::default()
        })
        .unwrap();
    assert_eq!(out.nodes, nodes, "{file} at group {group}");
    assert_eq!(out.solutions, 1);
    assert_eq!(out.status, Status::Exhausted);
    out.first_solution.unwrap().verify_solution(&inst).unwrap();
}

#[test]
#[ignore = "about 3 CPU-seconds per group size"]
fn h40_at_every_group_size() {
    for g in 1..=8 {
        full("oracles/bench-easy-h40.json", 487_397_329, g);
    }
}

#[test]
#[ignore = "about 20 CPU-seconds"]
fn bench_easy_full_tree() {
    full("dfs-study-bench/bench-easy.json", 3_577_121_570, 4);
}
