//! The family's big oracle tests live in `tests/`, one file per crate; they read the instances
//! in the repository's `testdata/`, which no published crate ships. This library only says
//! where that folder is.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::path::PathBuf;

/// The repository's `testdata/` folder.
pub fn testdata() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata"))
}

/// A file or folder under `testdata/`.
pub fn testdata_path(relative: &str) -> PathBuf {
    testdata().join(relative)
}
