//! The Python exceptions: one `ValueError` subclass per crate, carrying the crate's own
//! message (which names the line, column, cell or tile at fault), and hamilton's
//! `Impossible` with the proof's reason.

use pyo3::PyTypeInfo;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    puzzle_solvers,
    QuartilesError,
    PyValueError,
    "A Quartiles board or dictionary that cannot be used (names the tile, line and column)."
);
create_exception!(
    puzzle_solvers,
    SudokuError,
    PyValueError,
    "A sudoku that cannot be read or solved (names the puzzle, line and column)."
);
create_exception!(
    puzzle_solvers,
    SlideError,
    PyValueError,
    "A sliding-tile board that cannot be read or solved (names the column at fault)."
);
create_exception!(
    puzzle_solvers,
    HamiltonError,
    PyValueError,
    "A block-fill grid that cannot be read (names the line and column)."
);
create_exception!(
    puzzle_solvers,
    Impossible,
    HamiltonError,
    "A block-fill grid with no path; `reason` names the proof (parity, disconnected, \
     dead-ends, exhausted)."
);
create_exception!(
    puzzle_solvers,
    EternityError,
    PyValueError,
    "An Eternity II file, checkpoint or option that cannot be used (names line and column)."
);
create_exception!(
    puzzle_solvers,
    CodegenError,
    PyValueError,
    "An Eternity II program that cannot be emitted."
);

/// Converts a crate error into exception `E` with the crate's message (built lazily, so no
/// interpreter token is needed here).
pub fn to_py<E: PyTypeInfo>(err: impl std::fmt::Display) -> PyErr {
    PyErr::new::<E, _>(err.to_string())
}

/// Adds every exception type to the top module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("QuartilesError", py.get_type::<QuartilesError>())?;
    m.add("SudokuError", py.get_type::<SudokuError>())?;
    m.add("SlideError", py.get_type::<SlideError>())?;
    m.add("HamiltonError", py.get_type::<HamiltonError>())?;
    m.add("Impossible", py.get_type::<Impossible>())?;
    m.add("EternityError", py.get_type::<EternityError>())?;
    m.add("CodegenError", py.get_type::<CodegenError>())?;
    Ok(())
}
