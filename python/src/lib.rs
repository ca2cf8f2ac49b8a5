//! Python bindings of the puzzle-solver family: the extension module `puzzle_solvers._native`
//! behind the Python package `puzzle_solvers` (built with maturin; see `python/README.md`).
//!
//! One submodule per crate, each a thin layer over the crate's own API: `quartiles`,
//! `sudoku`, `slide`, `hamilton`, `eternity`, `eternity_codegen`. Every call that may search
//! for long releases the GIL while it works, in slices of [`drive::SLICE`], and looks for
//! Ctrl-C between slices ([`drive`]); every crate error becomes that crate's Python exception
//! (a `ValueError` subclass, [`errors`]) with the crate's message, positions included.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use pyo3::prelude::*;

pub mod args;
pub mod drive;
pub mod errors;
mod eternity;
mod eternity_codegen;
mod hamilton;
mod picture;
mod quartiles;
mod slide;
mod sudoku;

/// Adds a submodule `name` filled by `fill` to `parent`.
fn submodule(
    parent: &Bound<'_, PyModule>,
    name: &str,
    fill: impl FnOnce(&Bound<'_, PyModule>) -> PyResult<()>,
) -> PyResult<()> {
    let m = PyModule::new(parent.py(), name)?;
    fill(&m)?;
    parent.add_submodule(&m)
}

/// The extension module: the exceptions at the top, one submodule per crate.
#[pymodule]
#[pyo3(name = "_native")]
fn native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_class::<picture::Picture>()?;
    submodule(m, "quartiles", quartiles::register)?;
    submodule(m, "sudoku", sudoku::register)?;
    submodule(m, "slide", slide::register)?;
    submodule(m, "hamilton", hamilton::register)?;
    submodule(m, "eternity", eternity::register)?;
    submodule(m, "eternity_codegen", eternity_codegen::register)?;
    Ok(())
}
