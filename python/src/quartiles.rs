//! `puzzle_solvers.quartiles`: every dictionary word of a board and its five quartiles.

use pyo3::prelude::*;
use quartiles_solver::{Board, Dictionary as CrateDictionary, Search, Solver, Step};

use crate::drive;
use crate::errors::{QuartilesError, to_py};

/// A word list to solve with, built once and reused by any number of `solve` calls.
#[pyclass(module = "puzzle_solvers.quartiles", frozen)]
#[derive(Clone)]
pub struct Dictionary {
    inner: CrateDictionary,
}

#[pymethods]
impl Dictionary {
    /// A dictionary of `words` (letters only, any case; duplicates and empty strings are
    /// ignored). Raises `QuartilesError` naming the word (line) and column of a non-letter.
    #[new]
    fn new(py: Python<'_>, words: Vec<String>) -> PyResult<Dictionary> {
        let inner = py
            .detach(|| CrateDictionary::from_words(&words))
            .map_err(to_py::<QuartilesError>)?;
        Ok(Dictionary { inner })
    }

    /// The embedded English list (the default of `solve`).
    #[staticmethod]
    fn english() -> Dictionary {
        Dictionary {
            inner: CrateDictionary::english(),
        }
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }

    fn __contains__(&self, word: &str) -> bool {
        self.inner.contains(word)
    }

    fn __repr__(&self) -> String {
        format!("Dictionary({} words)", self.inner.len())
    }
}

/// What `solve` found: every word, the five quartiles and the score.
#[pyclass(module = "puzzle_solvers.quartiles", frozen, get_all)]
pub struct Solution {
    /// Every word of the board, in search order.
    words: Vec<String>,
    /// The five 4-tile words that cover all 20 tiles (the first such cover), or `[]`.
    quartiles: Vec<String>,
    /// Every cover of the 20 tiles by five 4-tile words (usually one).
    covers: Vec<Vec<String>>,
    /// The points of every word found, with the quartiles bonus when solved.
    score: u32,
    /// The 20 tiles, lowercased, in board order.
    tiles: Vec<String>,
    /// Candidate paths the search visited.
    nodes: u64,
    /// When the dictionary lacks one quartile: the four found and the four tiles they leave,
    /// which must be the fifth (else `None`).
    missing: Option<Py<MissingQuartile>>,
    /// The board drawn, its quartiles marked, with the words found (SVG).
    svg: String,
}

/// The fifth quartile a dictionary lacks: the five quartiles cover all 20 tiles, so the four
/// tiles the four found quartiles leave are the fifth.
#[pyclass(module = "puzzle_solvers.quartiles", frozen, get_all)]
pub struct MissingQuartile {
    /// The four quartiles found.
    found: Vec<String>,
    /// The four tiles left, in board order.
    tiles: Vec<String>,
    /// Their 24 spellings, the most word-like first.
    spellings: Vec<String>,
}

#[pymethods]
impl MissingQuartile {
    /// The most word-like spelling: the one to offer.
    #[getter]
    fn best(&self) -> String {
        self.spellings.first().cloned().unwrap_or_default()
    }

    fn __repr__(&self) -> String {
        format!(
            "MissingQuartile(best={:?}, tiles={:?})",
            self.best(),
            self.tiles
        )
    }
}

#[pymethods]
impl Solution {
    fn __repr__(&self) -> String {
        format!(
            "Solution(words={}, quartiles={:?}, score={})",
            self.words.len(),
            self.quartiles,
            self.score
        )
    }

    /// The picture for Jupyter and IPython: `svg`.
    fn _repr_svg_(&self) -> &str {
        &self.svg
    }
}

fn board(tiles: &Bound<'_, PyAny>) -> PyResult<Board> {
    let board = if let Ok(text) = tiles.extract::<String>() {
        Board::parse(&text)
    } else {
        let list: Vec<String> = tiles.extract().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(
                "tiles must be one string of 20 tiles or a list of 20 strings",
            )
        })?;
        Board::from_tiles(&list)
    };
    board.map_err(to_py::<QuartilesError>)
}

fn dictionary(given: Option<&Bound<'_, PyAny>>) -> PyResult<CrateDictionary> {
    let Some(given) = given else {
        return Ok(CrateDictionary::english());
    };
    if let Ok(d) = given.cast::<Dictionary>() {
        return Ok(d.get().inner.clone());
    }
    let words: Vec<String> = given.extract().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(
            "dictionary must be a quartiles.Dictionary or a list of words",
        )
    })?;
    CrateDictionary::from_words(&words).map_err(to_py::<QuartilesError>)
}

/// Solves a board: `tiles` is a list of 20 strings or one string of 20 tiles separated by
/// spaces or commas; `dictionary` a `Dictionary`, a list of words, or `None` for the embedded
/// English list. Raises `QuartilesError` for a bad board (naming the tile, line and column).
#[pyfunction]
#[pyo3(signature = (tiles, dictionary = None))]
fn solve(
    py: Python<'_>,
    tiles: &Bound<'_, PyAny>,
    dictionary: Option<&Bound<'_, PyAny>>,
) -> PyResult<Solution> {
    let board = board(tiles)?;
    let dict = self::dictionary(dictionary)?;
    let mut solver = Solver::new(&dict, &board);
    // The words are recorded by the solver as it goes; the items are not needed here.
    while !matches!(
        drive::step(py, &mut solver, drive::Allowance::default())?,
        Step::Finished
    ) {}
    let text = |w: &quartiles_solver::Word| w.as_str().to_string();
    let covers: Vec<Vec<String>> = solver
        .quartiles()
        .iter()
        .map(|cover| cover.iter().map(text).collect())
        .collect();
    let missing = solver
        .missing_quartile()
        .map(|m| {
            Py::new(
                py,
                MissingQuartile {
                    found: m.found.iter().map(text).collect(),
                    tiles: m.tiles.iter().map(|&t| board.tile(t).to_string()).collect(),
                    spellings: m.spellings,
                },
            )
        })
        .transpose()?;
    Ok(Solution {
        missing,
        words: solver.words().iter().map(text).collect(),
        quartiles: covers.first().cloned().unwrap_or_default(),
        covers,
        score: solver.score(),
        tiles: board.tiles().iter().map(|t| t.to_string()).collect(),
        nodes: solver.progress().nodes,
        svg: solver.to_svg(),
    })
}

/// Fills the `quartiles` submodule.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_class::<Dictionary>()?;
    m.add_class::<Solution>()?;
    m.add_class::<MissingQuartile>()?;
    Ok(())
}
