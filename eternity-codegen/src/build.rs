//! Baking a puzzle into a crate at build time.
//!
//! A downstream crate's `build.rs` calls [`generate`] with a puzzle file; the specialised
//! solver is written into `OUT_DIR` as items (no `main`, no crate attributes) for `include!`:
//!
//! ```no_run
//! // In `main` of the downstream crate's build.rs:
//! let opts = eternity_codegen::EmitOptions::default();
//! eternity_codegen::build::generate("puzzles/bench-easy-h52.json", &opts)?;
//! # Ok::<(), eternity_codegen::BuildError>(())
//! ```
//!
//! ```text
//! // src/main.rs of the downstream crate
//! mod solver {
//!     include!(concat!(env!("OUT_DIR"), "/bench-easy-h52.rs"));
//! }
//! fn main() {
//!     let report = solver::solve(&solver::Config::default(), &mut |_| {});
//!     println!("{} nodes, {} solutions", report.nodes, report.solutions);
//! }
//! ```
//!
//! The included items are `Config`, `Event`, `Status`, `Report`, `Board`, `solve` and
//! `board_text`; see the generated file's comments.

use std::path::{Path, PathBuf};

use crate::error::BuildError;
use crate::options::EmitOptions;

/// Generates the solver for the puzzle at `puzzle` into `$OUT_DIR/<file stem>.rs`, tells
/// Cargo to rerun when the puzzle changes, and returns the path written.
pub fn generate(puzzle: impl AsRef<Path>, options: &EmitOptions) -> Result<PathBuf, BuildError> {
    let out_dir = std::env::var_os("OUT_DIR").ok_or(BuildError::NoOutDir)?;
    let puzzle = puzzle.as_ref();
    println!("cargo:rerun-if-changed={}", puzzle.display());
    generate_into(puzzle, Path::new(&out_dir), options)
}

/// Like [`generate`], into a chosen directory and without printing Cargo directives.
///
/// The file is only rewritten when its content changes, so an unchanged puzzle does not make
/// Cargo rebuild the crate that includes it.
pub fn generate_into(
    puzzle: &Path,
    out_dir: &Path,
    options: &EmitOptions,
) -> Result<PathBuf, BuildError> {
    let inst =
        eternity_solver::format::json::read(puzzle).map_err(|source| BuildError::Format {
            path: puzzle.to_path_buf(),
            source,
        })?;
    let stem = puzzle
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "puzzle".into());
    let path = out_dir.join(format!("{stem}.rs"));
    let code = crate::emit_module(&inst, options);
    let io = |source| BuildError::Io {
        path: path.clone(),
        source,
    };
    if std::fs::read_to_string(&path).ok().as_deref() != Some(code.as_str()) {
        std::fs::create_dir_all(out_dir).map_err(|source| BuildError::Io {
            path: out_dir.to_path_buf(),
            source,
        })?;
        std::fs::write(&path, code).map_err(io)?;
    }
    Ok(path)
}
