//! Helpers shared by the example programs of the puzzle-solver family.
#![warn(missing_docs)]

use std::path::PathBuf;

/// The workspace's `testdata/` folder, where the built-in puzzles of the demos live.
pub fn testdata() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("testdata")
}

/// The result type of a demo section: any error, shown to the user as text.
pub type DemoResult = Result<(), Box<dyn std::error::Error>>;
