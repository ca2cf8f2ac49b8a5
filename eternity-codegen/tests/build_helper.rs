//! The `build.rs` helper: a puzzle baked into a program at build time through `include!`.
//!
//! This test does what a downstream crate does: its build script calls
//! `build::generate` (here `generate_into`, with an explicit output folder instead of
//! `OUT_DIR`), and its `main.rs` includes the file in a module and calls `solve`. The crate is
//! compiled with `#![deny(warnings)]`, so the included items must be warning-free too.

mod common;

use std::process::Command;

use eternity_codegen::{BuildError, EmitOptions, Group, build};

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "runs rustc and the program it builds: WASI has no processes"
)]
fn a_baked_puzzle_solves_inside_the_including_program() {
    let out_dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("baked-out-dir");
    let inst = common::small();
    let puzzle = common::write_json(&inst, "small-planted");
    let opts = EmitOptions::default().group(Group::new(3).unwrap());
    let generated = build::generate_into(&puzzle, &out_dir, &opts).unwrap();
    assert_eq!(generated.file_name().unwrap(), "small-planted.rs");
    let modified = std::fs::metadata(&generated).unwrap().modified().unwrap();
    // Unchanged input: the file is left alone, so Cargo does not rebuild the includer.
    build::generate_into(&puzzle, &out_dir, &opts).unwrap();
    assert_eq!(
        std::fs::metadata(&generated).unwrap().modified().unwrap(),
        modified
    );

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
    let mut solutions = Vec::new();
    let report = solver::solve(&config, &mut |event| {{
        if let solver::Event::Solution(board) = event {{
            solutions.push(solver::board_text(board));
        }}
    }});
    assert_eq!(report.status, solver::Status::Exhausted);
    assert_eq!(solutions.len() as u64, report.solutions);
    println!("nodes={{}} solutions={{}} best_score={{}}", report.nodes, report.solutions, report.best_score);
}}
"#,
        path = generated.display().to_string()
    );
    let compiled = common::compiler().compile(&main).unwrap();
    let out = Command::new(&compiled.binary).output().unwrap();
    assert!(out.status.success());
    // The same search as the stand-alone program of the same puzzle.
    let whole = common::program(&inst, &opts).run(&common::quiet()).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!(
            "nodes={} solutions={} best_score={}",
            whole.nodes, whole.solutions, whole.best_score
        )
    );
}

#[test]
fn generate_needs_out_dir_and_a_readable_puzzle() {
    // Tests do not run under a build script: no OUT_DIR.
    if std::env::var_os("OUT_DIR").is_none() {
        let err = build::generate("whatever.json", &EmitOptions::default()).unwrap_err();
        assert!(matches!(err, BuildError::NoOutDir));
    }
    let tmp = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let missing = tmp.join("no-such-puzzle.json");
    let err = build::generate_into(&missing, &tmp, &EmitOptions::default()).unwrap_err();
    assert!(
        matches!(&err, BuildError::Format { path, .. } if *path == missing),
        "{err}"
    );
    assert!(
        std::error::Error::source(&err).is_some(),
        "the cause is chained"
    );
}
