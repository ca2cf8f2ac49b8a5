//! What the program tests share: the built example programs, run from the repository root.
// Each test file uses the part it needs; the rest would warn as unused there.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;

/// The example program `name`, ready to run from the repository root. `cargo test` builds
/// the examples beside the test's own executable (`target/<profile>/examples/`).
pub fn program(name: &str) -> Command {
    let exe = std::env::current_exe().expect("the test knows where it is");
    // target/<profile>/deps/TEST-HASH -> target/<profile>/examples/NAME
    let profile = exe
        .parent()
        .and_then(|d| d.parent())
        .expect("target/<profile>");
    let path = profile.join("examples").join(name);
    assert!(
        path.exists(),
        "{} is not built (cargo test builds the examples)",
        path.display()
    );
    let mut cmd = Command::new(path);
    cmd.current_dir(root());
    // Caches in this test target's scratch directory, never in the user's cache.
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    cmd.env("SLIDE_PDB_DIR", scratch.join("slide-pdb"));
    cmd.env(
        "ETERNITY_CODEGEN_CACHE",
        scratch.join("eternity-codegen-cache"),
    );
    cmd
}

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The repository's `testdata/`.
pub fn testdata() -> PathBuf {
    root().join("testdata")
}
