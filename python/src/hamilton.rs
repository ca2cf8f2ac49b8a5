//! `puzzle_solvers.hamilton`: block-fill paths, their number, and proofs that there is none.

use hamilton_solver::{Grid, Impossible as Proof, Search, Solver, count as crate_count};
use pyo3::prelude::*;

use crate::drive;
use crate::errors::{HamiltonError, Impossible, to_py};

/// Reads a grid: one line per row, `x` a tile, `X` the start, `E` a required end, a space a
/// gap. A grid without a start is accepted (every start is then tried).
fn parse(grid: &str) -> PyResult<Grid> {
    Grid::parse_any_start(grid).map_err(to_py::<HamiltonError>)
}

/// The proof as a Python `Impossible` with `reason` (a short name) and the crate's message.
fn impossible(py: Python<'_>, proof: &Proof) -> PyErr {
    let reason = match proof {
        Proof::Parity(_) => "parity",
        Proof::Disconnected { .. } => "disconnected",
        Proof::DeadEnds { .. } => "dead-ends",
        Proof::Exhausted { .. } => "exhausted",
        _ => "other",
    };
    let err = Impossible::new_err(proof.to_string());
    if let Err(e) = err.value(py).setattr("reason", reason) {
        return e;
    }
    err
}

/// Finds a path from the start through every tile once, as `(row, col)` cells counted from 0
/// at the top left, starting at the start. Raises `Impossible` (with `.reason`) when there is
/// none, `HamiltonError` for a malformed grid (naming line and column).
#[pyfunction]
fn solve(py: Python<'_>, grid: &str) -> PyResult<Vec<(usize, usize)>> {
    let grid = parse(grid)?;
    let mut solver = Solver::new(&grid);
    match drive::next(py, &mut solver)? {
        Some(path) => Ok(path.cells().iter().map(|p| (p.row, p.col)).collect()),
        None => {
            let nodes = solver.progress().nodes;
            let proof = solver
                .proof()
                .cloned()
                .unwrap_or(Proof::Exhausted { nodes });
            Err(impossible(py, &proof))
        }
    }
}

/// The number of paths from the start through every tile (from every start when the grid
/// has none), counted exactly without enumerating them; any size of integer.
#[pyfunction]
fn count(py: Python<'_>, grid: &str) -> PyResult<Py<PyAny>> {
    let grid = parse(grid)?;
    // The count is one dynamic programme, not a stepped search: it runs on a thread of its
    // own so that Ctrl-C still answers at once.
    let counted = drive::off_thread(py, move || match grid.start() {
        Some(_) => crate_count::count(&grid),
        None => crate_count::count_all_starts(&grid),
    })?
    .map_err(to_py::<HamiltonError>)?;
    // Python's int parses any size of decimal; the crate's big count prints one.
    let int = py.get_type::<pyo3::types::PyInt>();
    Ok(int.call1((counted.to_string(),))?.unbind())
}

/// Fills the `hamilton` submodule.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add("Impossible", m.py().get_type::<Impossible>())?;
    Ok(())
}
