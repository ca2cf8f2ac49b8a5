//! Compile errors, warnings and the shape of the emitted source.

mod common;

use eternity_codegen::{CompileError, Compiler, EmitOptions, Group, emit_module, emit_program};

#[test]
fn bogus_rustc_is_rustc_missing() {
    let c = common::compiler().rustc("/definitely/not/a/rustc");
    match c.compile("fn main() {}") {
        Err(CompileError::RustcMissing { tried, .. }) => {
            assert_eq!(tried, "/definitely/not/a/rustc")
        }
        other => panic!("expected RustcMissing, got {other:?}"),
    }
    // A file that exists but is not a compiler fails the same way.
    let not_rustc = std::env::current_dir().unwrap().join("Cargo.toml");
    let err = common::compiler()
        .rustc(not_rustc)
        .compile("fn main() {}")
        .unwrap_err();
    assert!(matches!(err, CompileError::RustcMissing { .. }), "{err}");
}

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "runs rustc and the program it builds: WASI has no processes"
)]
fn broken_program_gives_the_compile_error_with_stderr_and_source() {
    let broken = "fn main() { let x: u32 = \"not a number\"; let _ = x; }\n";
    match common::compiler().compile(broken) {
        Err(CompileError::Failed {
            stderr,
            source_path,
            ..
        }) => {
            assert!(stderr.contains("mismatched types"), "{stderr}");
            assert_eq!(std::fs::read_to_string(&source_path).unwrap(), broken);
        }
        other => panic!("expected Failed, got {other:?}"),
    }
}

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "runs rustc and the program it builds: WASI has no processes"
)]
fn emitted_programs_compile_without_warnings_and_without_unsafe() {
    let inst = common::small();
    for g in [1, 6] {
        let opts = EmitOptions::default().group(Group::new(g).unwrap());
        let src = emit_program(&inst, &opts);
        assert!(src.contains("#![forbid(unsafe_code)]"));
        assert_eq!(
            src.matches("unsafe").count(),
            1,
            "only the forbid attribute"
        );
        assert!(!src.contains("extern crate") && !src.contains("use ::"));
        let compiled = common::compiler().compile(&src).unwrap();
        assert_eq!(compiled.warnings, "", "group {g}");
        let module = emit_module(&inst, &opts);
        assert!(!module.contains("unsafe") && !module.contains("fn main"));
    }
}

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "runs rustc and the program it builds: WASI has no processes"
)]
fn second_compile_is_a_cache_hit() {
    let inst = common::small();
    let src = emit_program(&inst, &EmitOptions::default());
    let c: Compiler = common::compiler();
    let first = c.compile(&src).unwrap();
    let again = c.compile(&src).unwrap();
    assert!(again.cached);
    assert_eq!(first.binary, again.binary);
    assert_eq!(
        c.cache_key(&src).unwrap(),
        c.clone().native_cpu(false).cache_key(&src).unwrap()
    );
    assert_ne!(
        c.cache_key(&src).unwrap(),
        c.clone().native_cpu(true).cache_key(&src).unwrap()
    );
}

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "runs rustc and the program it builds: WASI has no processes"
)]
fn a_damaged_cache_entry_is_built_again() {
    // A cache of its own, so the other tests' entries are not touched.
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("damaged-cache");
    let _ = std::fs::remove_dir_all(&dir);
    let c = Compiler::new().cache_dir(&dir);
    let inst = common::small();
    let src = emit_program(&inst, &EmitOptions::default().group(Group::new(3).unwrap()));
    let first = c.compile(&src).unwrap();
    let whole = std::fs::read(&first.binary).unwrap();
    // Truncated, as a full disk or a killed copy leaves it: not run, built again.
    std::fs::write(&first.binary, &whole[..whole.len() / 2]).unwrap();
    let again = c.compile(&src).unwrap();
    assert!(!again.cached, "a damaged binary was taken from the cache");
    // Rebuilt whole, byte for byte: the build folder's name is not in the binary.
    assert!(std::fs::read(&again.binary).unwrap() == whole);
    // And the rebuilt entry is a cache hit again.
    assert!(c.compile(&src).unwrap().cached);
    let program = eternity_codegen::Program::build_with(
        &c,
        &inst,
        &EmitOptions::default().group(Group::new(3).unwrap()),
    )
    .unwrap();
    assert_eq!(program.run(&common::quiet()).unwrap().nodes, 2_117);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn emitted_source_is_readable() {
    let inst = common::small();
    let src = emit_program(&inst, &EmitOptions::default().group(Group::new(2).unwrap()));
    // One comment per cell naming it and its neighbours, one doc line per function.
    assert!(src.contains("// Depth 1: cell 0 (row 0, col 0); up rim (grey)"));
    assert!(src.contains("/// Fill-order positions 0..=1"));
    assert!(src.contains("fn cell_2(st: &mut State<'_>, edge: u32, mut left: u64) -> Option<u64>"));
}

/// A program that hangs without a word (a stopped or deadlocked child) no longer holds its
/// caller past the time budget: it is killed once it has been silent for the grace period
/// past the deadline.
#[cfg(unix)]
#[test]
fn a_silent_program_is_stopped_past_its_time_budget() {
    use std::os::unix::fs::PermissionsExt;
    use std::time::{Duration, Instant};

    use eternity_codegen::{RunError, RunOptions, Running, SILENCE_GRACE, run};
    use puzzle_search::{Budget, Search};

    let dir = std::env::temp_dir().join(format!("codegen-silent-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let program = dir.join("silent.sh");
    std::fs::write(&program, "#!/bin/sh\nexec sleep 600\n").unwrap();
    std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
    let options = RunOptions {
        time_budget: Some(Duration::from_millis(100)),
        ..RunOptions::default()
    };
    let began = Instant::now();
    assert!(matches!(
        run(&program, 4, 4, &options),
        Err(RunError::Unresponsive)
    ));
    let took = began.elapsed();
    assert!(took < SILENCE_GRACE + Duration::from_secs(5), "{took:?}");

    // The same through a step with a time budget.
    let mut running = Running::spawn(&program, 4, 4, &RunOptions::default()).unwrap();
    let began = Instant::now();
    assert!(
        running
            .step(Budget::time(Duration::from_millis(100)))
            .is_finished()
    );
    assert!(matches!(running.error(), Some(RunError::Unresponsive)));
    assert!(began.elapsed() < SILENCE_GRACE + Duration::from_secs(5));
    std::fs::remove_dir_all(&dir).unwrap();
}
