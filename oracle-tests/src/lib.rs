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

/// The Rust examples of the repository's README files, compiled and run as doctests
/// (`cargo test --doc -p oracle-tests`), so every snippet a reader copies is known to work.
/// They run from this package's folder, where `testdata` links to the repository's, so the
/// paths they name (`testdata/...`) are the ones a reader at the repository root uses.
#[cfg(doctest)]
pub mod readmes {
    #[doc = include_str!("../../README.md")]
    pub struct Workspace;
    #[doc = include_str!("../../search/README.md")]
    pub struct Search;
    #[doc = include_str!("../../quartiles/README.md")]
    pub struct Quartiles;
    #[doc = include_str!("../../hamilton/README.md")]
    pub struct Hamilton;
    #[doc = include_str!("../../sudoku/README.md")]
    pub struct Sudoku;
    #[doc = include_str!("../../slide/README.md")]
    pub struct Slide;
    #[doc = include_str!("../../eternity/README.md")]
    pub struct Eternity;
    #[doc = include_str!("../../eternity-codegen/README.md")]
    pub struct EternityCodegen;
}
