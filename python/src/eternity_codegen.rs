//! `puzzle_solvers.eternity_codegen`: a stand-alone Rust solver program for one puzzle.

use eternity_codegen::{EmitOptions, emit_program as crate_emit};
use eternity_solver::OrderKind;
use pyo3::prelude::*;

use crate::errors::{CodegenError, to_py};
use crate::eternity::Puzzle;

/// The source of a dependency-free, `#![forbid(unsafe_code)]` Rust program that solves
/// `puzzle` in fill order `order` (`row`, `spiral`, `border` or `column`); compile it with rustc.
#[pyfunction]
#[pyo3(signature = (puzzle, order = "row"))]
fn emit_program(py: Python<'_>, puzzle: &Bound<'_, Puzzle>, order: &str) -> PyResult<String> {
    let kind: OrderKind = order.parse().map_err(to_py::<CodegenError>)?;
    let inst = &puzzle.get().inst;
    let options = EmitOptions::default().order(kind);
    Ok(py.detach(|| crate_emit(inst, &options)))
}

/// Fills the `eternity_codegen` submodule.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(emit_program, m)?)?;
    Ok(())
}
