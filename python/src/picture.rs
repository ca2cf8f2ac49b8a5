//! `puzzle_solvers.Picture`: an SVG picture that draws itself in a notebook.

use pyo3::prelude::*;

/// A picture drawn by a crate, as SVG text. Jupyter and IPython show it as the picture
/// (`_repr_svg_`); `svg` is the text, `save(path)` writes it to a file.
#[pyclass(module = "puzzle_solvers", frozen)]
pub struct Picture {
    svg: String,
}

impl Picture {
    /// A picture of `svg` text.
    pub fn new(svg: String) -> Picture {
        Picture { svg }
    }
}

#[pymethods]
impl Picture {
    /// The SVG text.
    #[getter]
    fn svg(&self) -> &str {
        &self.svg
    }

    /// The picture for Jupyter and IPython: the SVG text.
    fn _repr_svg_(&self) -> &str {
        &self.svg
    }

    /// Writes the SVG text to `path` (a new file, or the old one replaced whole).
    fn save(&self, py: Python<'_>, path: std::path::PathBuf) -> PyResult<()> {
        py.detach(|| puzzle_search::write_atomically(&path, self.svg.as_bytes()))
            .map_err(|e| pyo3::exceptions::PyOSError::new_err(format!("{}: {e}", path.display())))
    }

    fn __repr__(&self) -> String {
        format!("Picture({} bytes of SVG)", self.svg.len())
    }
}
