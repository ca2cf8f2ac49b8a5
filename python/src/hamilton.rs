//! `puzzle_solvers.hamilton`: block-fill paths, their number, and proofs that there is none.

use std::sync::Mutex;

use hamilton_solver::{
    Grid, Impossible as Proof, Paths, Search, Solver, Step, count as crate_count,
};
use puzzle_search::Split;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::args::{unsigned, unsigned_opt};
use crate::drive::{self, Allowance};
use crate::errors::{HamiltonError, Impossible, to_py};

/// Reads a grid: one line per row, `x` a tile, `X` the start, `E` a required end, a space a
/// gap. A grid without a start is accepted (every start is then tried).
fn parse(grid: &str) -> PyResult<Grid> {
    Grid::parse_any_start(grid).map_err(to_py::<HamiltonError>)
}

/// The proof as a Python `Impossible` with `reason` (a short name) and the crate's message.
fn impossible(py: Python<'_>, proof: &Proof) -> PyErr {
    let err = Impossible::new_err(proof.to_string());
    if let Err(e) = err.value(py).setattr("reason", proof.reason()) {
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

/// The grid drawn, with `path` (a list of `(row, col)` cells from `solve` or `sample`) when
/// given: a `puzzle_solvers.Picture`, which Jupyter shows. Raises `HamiltonError` for a
/// malformed grid or a path that is not one of its paths.
#[pyfunction]
#[pyo3(signature = (grid, path = None))]
fn picture(grid: &str, path: Option<Vec<(usize, usize)>>) -> PyResult<crate::picture::Picture> {
    let grid = parse(grid)?;
    let svg = match path {
        None => grid.to_svg(),
        Some(cells) => {
            let cells = cells
                .into_iter()
                .map(|(row, col)| hamilton_solver::Pos { row, col })
                .collect();
            let path =
                hamilton_solver::Solution::new(&grid, cells).map_err(to_py::<HamiltonError>)?;
            grid.solution_svg(&path)
        }
    };
    Ok(crate::picture::Picture::new(svg))
}

/// The number of paths from the start through every tile (from every start when the grid
/// has none), counted exactly without enumerating them; any size of integer. `max_states`
/// caps the count's memory (frontier states held at once, some 70 bytes each; the crate's
/// default when `None`): a grid needing more raises `HamiltonError`.
#[pyfunction]
#[pyo3(signature = (grid, max_states=None))]
fn count(py: Python<'_>, grid: &str, max_states: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
    let grid = parse(grid)?;
    let counted = within_limits(py, max_states, |limits| match grid.start() {
        Some(_) => crate_count::count_with(&grid, limits),
        None => crate_count::count_all_starts_with(&grid, limits),
    })?;
    // Python's int parses any size of decimal; the crate's big count prints one.
    let int = py.get_type::<pyo3::types::PyInt>();
    Ok(int.call1((counted.to_string(),))?.unbind())
}

/// The most paths one `sample` call returns: they come back as one list.
const MAX_SAMPLES: u32 = 1_000_000;

/// `k` paths drawn uniformly at random from all the paths `count` counts (from the start;
/// without one, undirected, read from the end first in reading order), each as `(row, col)`
/// cells like `solve`'s; the same `seed` gives the same paths. Empty when there is none.
/// `k` is at most 1,000,000.
/// `max_states` caps the frontier states kept in all (the crate's default when `None`).
#[pyfunction]
#[pyo3(signature = (grid, k, seed = None, max_states = None))]
fn sample(
    py: Python<'_>,
    grid: &str,
    k: &Bound<'_, PyAny>,
    seed: Option<&Bound<'_, PyAny>>,
    max_states: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<Vec<(usize, usize)>>> {
    let grid = parse(grid)?;
    let k: u32 = unsigned(k, "k")?;
    if k > MAX_SAMPLES {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "k must be at most {MAX_SAMPLES} (the paths are returned as one list), got {k}"
        )));
    }
    let seed: u64 = unsigned_opt(seed, "seed")?.unwrap_or(0);
    let drawn = within_limits(py, max_states, |limits| {
        crate_count::Sampler::new(&grid, limits).map(|s| s.sample(k as usize, seed))
    })?;
    Ok(drawn
        .iter()
        .map(|p| p.cells().iter().map(|c| (c.row, c.col)).collect())
        .collect())
}

/// How many paths use each edge between two tiles: a dict from `((row, col), (row, col))`
/// (the upper or left tile first) to the number of paths, for the edges some path uses, and
/// the total, as `(total, edges)`. An edge used by `total` paths is forced. `max_states` as
/// for `sample`.
#[pyfunction]
#[pyo3(signature = (grid, max_states = None))]
fn edge_counts<'py>(
    py: Python<'py>,
    grid: &str,
    max_states: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Py<PyAny>, Bound<'py, pyo3::types::PyDict>)> {
    let grid = parse(grid)?;
    let counts = within_limits(py, max_states, |limits| {
        crate_count::Sampler::new(&grid, limits).map(|s| s.edge_counts())
    })?;
    // Counts may pass 2^64: Python's int reads any size of decimal.
    let int = py.get_type::<pyo3::types::PyInt>();
    let big = |n: u128| int.call1((n.to_string(),)).map(Bound::unbind);
    let edges = pyo3::types::PyDict::new(py);
    for (a, b, n) in counts.edges() {
        edges.set_item(((a.row, a.col), (b.row, b.col)), big(n)?)?;
    }
    Ok((big(counts.total())?, edges))
}

/// Runs `work` (a count, a sampler's layout) within the limits of `max_states` (the crate's
/// default when `None`): it is one dynamic programme, not a stepped search, so it runs on a
/// thread of its own, which Ctrl-C stops through the limits' cancel flag before the call
/// returns. A count error is a `HamiltonError`.
fn within_limits<T: Send>(
    py: Python<'_>,
    max_states: Option<&Bound<'_, PyAny>>,
    work: impl FnOnce(&crate_count::CountLimits) -> Result<T, hamilton_solver::CountError> + Send,
) -> PyResult<T> {
    let max_states =
        unsigned_opt::<usize>(max_states, "max_states")?.unwrap_or(crate_count::DEFAULT_MAX_STATES);
    let stop = puzzle_search::Cancel::new();
    let limits = crate_count::CountLimits {
        max_states,
        cancel: Some(stop.clone()),
    };
    drive::until_signal(py, &stop, || work(&limits))?.map_err(frontier_error)
}

/// A frontier error as `HamiltonError`, with the argument that raises the state limit.
fn frontier_error(e: hamilton_solver::CountError) -> PyErr {
    match e {
        hamilton_solver::CountError::TooManyStates { .. } => {
            HamiltonError::new_err(format!("{e}; raise it with max_states="))
        }
        e => to_py::<HamiltonError>(e),
    }
}

/// One cut of a grid's enumeration: the grid's text, the depth, the prefix's nodes, the parts.
struct Cut {
    text: String,
    depth: usize,
    prefix_nodes: u64,
    parts: Vec<Paths>,
}

/// The last split made in this process: unpickling many parts of one split (a worker running
/// part after part) cuts the grid once, not once per part.
static LAST_SPLIT: Mutex<Option<Cut>> = Mutex::new(None);

/// `text`'s enumeration cut at `depth` as `(prefix nodes, parts)`, from [`LAST_SPLIT`] when
/// it holds that cut.
fn split_parts(py: Python<'_>, text: &str, depth: usize) -> PyResult<(u64, Vec<Paths>)> {
    {
        let last = LAST_SPLIT.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(cut) = last.as_ref()
            && cut.text == text
            && cut.depth == depth
        {
            return Ok((cut.prefix_nodes, cut.parts.clone()));
        }
    }
    // Cut without the lock held: the cut releases the GIL, and a thread waiting on the lock
    // while holding the GIL would otherwise never let it back.
    let grid = parse(text)?;
    let cut = py.detach(|| Paths::new(&grid).split(depth));
    let (prefix_nodes, parts) = (cut.prefix.nodes, cut.parts);
    *LAST_SPLIT.lock().unwrap_or_else(|p| p.into_inner()) = Some(Cut {
        text: text.to_string(),
        depth,
        prefix_nodes,
        parts: parts.clone(),
    });
    Ok((prefix_nodes, parts))
}

/// Every path of a grid in the crate's fixed order, or one part of that enumeration cut by
/// `split`: steps in GIL-free slices, counts the paths it finds (and keeps them on request),
/// and pickles while it has not started (a part travels as its grid, depth and index; the
/// receiving process cuts the grid again, which is deterministic).
#[pyclass(module = "puzzle_solvers.hamilton", name = "Paths")]
pub struct PyPaths {
    text: String,
    /// `None` for the whole enumeration, else the split's depth.
    depth: Option<usize>,
    index: usize,
    prefix_nodes: u64,
    paths: Paths,
    found: u64,
    kept: Vec<String>,
}

impl PyPaths {
    fn started(&self) -> bool {
        self.paths.progress().nodes > 0 || self.found > 0 || self.paths.is_finished()
    }
}

#[pymethods]
impl PyPaths {
    /// The whole enumeration of `grid` (text as for `solve`; without a start every start is
    /// tried).
    #[new]
    fn new(grid: &str) -> PyResult<PyPaths> {
        let parsed = parse(grid)?;
        Ok(PyPaths {
            text: grid.to_string(),
            depth: None,
            index: 0,
            prefix_nodes: 0,
            paths: Paths::new(&parsed),
            found: 0,
            kept: Vec::new(),
        })
    }

    /// Cuts the whole enumeration by prefixes of `depth` branching decisions into parts, in
    /// serial order: their paths in part order are the uncut run's, their counts add up to
    /// its count, and their nodes plus `prefix_nodes` (on every part) to its nodes.
    fn split(&self, py: Python<'_>, depth: &Bound<'_, PyAny>) -> PyResult<Vec<PyPaths>> {
        let depth: usize = unsigned(depth, "depth")?;
        if self.depth.is_some() {
            return Err(HamiltonError::new_err(
                "a part of a split cannot be split again",
            ));
        }
        let (prefix, parts) = split_parts(py, &self.text, depth)?;
        Ok(parts
            .into_iter()
            .enumerate()
            .map(|(index, paths)| PyPaths {
                text: self.text.clone(),
                depth: Some(depth),
                index,
                prefix_nodes: prefix,
                paths,
                found: 0,
                kept: Vec::new(),
            })
            .collect())
    }

    /// Runs to the end (`"finished"`) or the budget (`"paused"`): `nodes` more nodes or
    /// `seconds` of wall time. Every path found adds one to `found`; with `keep=True` its
    /// moves are kept in `paths` (letters `U`, `D`, `L`, `R`). Ctrl-C raises
    /// `KeyboardInterrupt` within about 0.02 s and keeps the work done.
    #[pyo3(signature = (nodes = None, seconds = None, keep = false))]
    fn run(
        &mut self,
        py: Python<'_>,
        nodes: Option<&Bound<'_, PyAny>>,
        seconds: Option<&Bound<'_, PyAny>>,
        keep: bool,
    ) -> PyResult<&'static str> {
        let (nodes, seconds) = crate::args::budget(nodes, seconds)?;
        let start = self.paths.progress().nodes;
        let deadline = seconds
            .map(|s| std::time::Instant::now() + std::time::Duration::from_secs_f64(s.max(0.0)));
        loop {
            let allowance = Allowance {
                nodes: nodes.map(|n| n.saturating_sub(self.paths.progress().nodes - start)),
                seconds: deadline.map(|d| {
                    d.saturating_duration_since(std::time::Instant::now())
                        .as_secs_f64()
                }),
            };
            match drive::step(py, &mut self.paths, allowance)? {
                Step::Found(path) => {
                    self.found += 1;
                    if keep {
                        self.kept.push(path.letters());
                    }
                }
                Step::Paused => return Ok("paused"),
                Step::Finished => return Ok("finished"),
            }
        }
    }

    /// Nodes searched by this object (a part's own, without the prefix).
    #[getter]
    fn nodes(&self) -> u64 {
        self.paths.progress().nodes
    }

    /// Paths found so far by this object.
    #[getter]
    fn found(&self) -> u64 {
        self.found
    }

    /// The paths kept by `run(keep=True)`, as move letters, in order.
    #[getter]
    fn paths(&self) -> Vec<String> {
        self.kept.clone()
    }

    /// True once this object's paths have all been produced.
    #[getter]
    fn finished(&self) -> bool {
        self.paths.is_finished()
    }

    /// The part's position in its split (0 for the whole enumeration).
    #[getter]
    fn index(&self) -> usize {
        self.index
    }

    /// The split's depth, `None` for the whole enumeration.
    #[getter]
    fn depth(&self) -> Option<usize> {
        self.depth
    }

    /// Nodes above the split's cut (0 for the whole enumeration).
    #[getter]
    fn prefix_nodes(&self) -> u64 {
        self.prefix_nodes
    }

    /// The grid's text.
    #[getter]
    fn grid(&self) -> &str {
        &self.text
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.borrow();
        if this.started() {
            return Err(HamiltonError::new_err(
                "a started enumeration cannot be pickled (only its grid and place travel); \
                 pickle it before running it",
            ));
        }
        // By name through the Python package: a native function's own module name is the
        // bare submodule's, which pickle cannot import.
        let restore = py
            .import("puzzle_solvers.hamilton")?
            .getattr("_restore_part")?;
        let args = (this.text.clone(), this.depth, this.index);
        (restore, args).into_pyobject(py)
    }

    fn __repr__(&self) -> String {
        format!(
            "Paths(index={}, depth={:?}, nodes={}, found={}, finished={})",
            self.index,
            self.depth,
            self.paths.progress().nodes,
            self.found,
            self.paths.is_finished()
        )
    }
}

/// Unpickles a `Paths`: the whole enumeration (`depth` `None`) or part `index` of the split at
/// `depth`.
#[pyfunction]
fn _restore(py: Python<'_>, grid: &str, depth: Option<usize>, index: usize) -> PyResult<PyPaths> {
    let Some(depth) = depth else {
        return PyPaths::new(grid);
    };
    let (prefix_nodes, parts) = split_parts(py, grid, depth)?;
    let n = parts.len();
    let paths = parts
        .into_iter()
        .nth(index)
        .ok_or_else(|| HamiltonError::new_err(format!("part {index} of a split into {n} parts")))?;
    Ok(PyPaths {
        text: grid.to_string(),
        depth: Some(depth),
        index,
        prefix_nodes,
        paths,
        found: 0,
        kept: Vec::new(),
    })
}

/// Fills the `hamilton` submodule.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(picture, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(sample, m)?)?;
    m.add_function(wrap_pyfunction!(edge_counts, m)?)?;
    m.add_function(wrap_pyfunction!(_restore, m)?)?;
    m.add_class::<PyPaths>()?;
    m.add("Impossible", m.py().get_type::<Impossible>())?;
    Ok(())
}
