//! `puzzle_solvers.slide.Plan`, `Cut` and `Part`: one IDA* iteration cut into parts that run
//! anywhere (each picklable as its checkpoint text), with node counts that add up exactly to
//! the serial run's.

use std::path::PathBuf;

use pyo3::prelude::*;

use crate::args::{unsigned, unsigned_opt};
use pyo3::types::PyTuple;
use slide_solver::{Plan as CratePlan, Search, Step};

use super::{Solution, heuristic_kind, puzzle, with_signals};
use crate::drive::{self, Allowance};
use crate::errors::{SlideError, to_py};

/// A board with its heuristic loaded, ready to cut IDA* iterations into parts.
#[pyclass(module = "puzzle_solvers.slide", frozen)]
pub struct Plan {
    plan: CratePlan,
}

#[pymethods]
impl Plan {
    /// A plan for `board` (as `solve` reads it) towards the blank-last goal, with `heuristic`
    /// (default as in `solve`). Pattern databases are loaded once per process from
    /// `cache_dir` (default: the crate's cache directory), or built there once, written to a
    /// temporary file and renamed, so processes sharing the directory share the tables.
    #[new]
    #[pyo3(signature = (board, size = None, heuristic = None, cache_dir = None))]
    fn new(
        py: Python<'_>,
        board: &str,
        size: Option<&Bound<'_, PyAny>>,
        heuristic: Option<&str>,
        cache_dir: Option<PathBuf>,
    ) -> PyResult<Plan> {
        let puzzle = puzzle(board, size)?;
        let (w, h) = (puzzle.start().width(), puzzle.start().height());
        let kind = match heuristic {
            Some(name) => heuristic_kind(name)?,
            None => slide_solver::HeuristicKind::default_for(w, h),
        };
        let plan = with_signals(py, |progress| {
            CratePlan::new(&puzzle, kind, cache_dir.as_deref(), progress)
        })?;
        Ok(Plan { plan })
    }

    /// The heuristic's estimate of the start: the first iteration's bound.
    #[getter]
    fn start_bound(&self) -> u32 {
        self.plan.start_bound()
    }

    /// The start board in the crate's text form (compact up to ten cells).
    #[getter]
    fn board(&self) -> String {
        self.plan.puzzle().start().to_compact()
    }

    /// The board size, `"WxH"`.
    #[getter]
    fn size(&self) -> String {
        let b = self.plan.puzzle().start();
        format!("{}x{}", b.width(), b.height())
    }

    /// The heuristic's name.
    #[getter]
    fn heuristic(&self) -> &'static str {
        self.plan.heuristic().name()
    }

    /// The pattern database directory given (`None`: the default).
    #[getter]
    fn cache_dir(&self) -> Option<String> {
        self.plan
            .pdb_dir()
            .map(|d| d.to_string_lossy().into_owned())
    }

    /// Cuts the iteration with cost bound `bound` at `depth` moves from the start, or (no
    /// depth) at the least depth giving at least `min_parts` (default 64) parts, in the serial engine's
    /// order. The same board, heuristic, bound and depth give the same parts.
    #[pyo3(signature = (bound, depth = None, min_parts = None))]
    fn split(
        &self,
        py: Python<'_>,
        bound: &Bound<'_, PyAny>,
        depth: Option<&Bound<'_, PyAny>>,
        min_parts: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Cut> {
        let bound: u32 = unsigned(bound, "bound")?;
        let depth: Option<usize> = unsigned_opt(depth, "depth")?;
        let min_parts: usize = unsigned_opt(min_parts, "min_parts")?.unwrap_or(64);
        let cut = py
            .detach(|| self.plan.split(bound, depth, min_parts))
            .map_err(to_py::<SlideError>)?;
        let parts = cut
            .parts
            .into_iter()
            .map(|p| Py::new(py, Part::from(p)))
            .collect::<PyResult<Vec<_>>>()?;
        let solution = cut
            .solution
            .map(|s| Solution {
                moves: s.letters(),
                length: s.len(),
                nodes: cut.nodes,
                expanded: cut.expanded,
                tiles: s.tiles(),
                engine: slide_solver::Engine::IdaStar.name().to_string(),
                heuristic: self.plan.heuristic().name().to_string(),
                iterations: Vec::new(),
                svg: s.animated_svg(),
            })
            .map(|s| Py::new(py, s))
            .transpose()?;
        Ok(Cut {
            parts,
            nodes: cut.nodes,
            next_bound: cut.next_bound,
            depth: cut.depth,
            bound: cut.bound,
            solution,
        })
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.get();
        let args = (
            this.board(),
            this.size(),
            this.heuristic(),
            this.plan.pdb_dir().map(PathBuf::from),
        );
        (slf.get_type(), args).into_pyobject(py)
    }

    fn __repr__(&self) -> String {
        format!(
            "Plan(board={:?}, size={:?}, heuristic={:?}, start_bound={})",
            self.board(),
            self.size(),
            self.heuristic(),
            self.start_bound()
        )
    }
}

/// One iteration cut into parts: the cut's own counts and the parts in serial order.
#[pyclass(module = "puzzle_solvers.slide", frozen, get_all)]
pub struct Cut {
    /// The parts, in serial order.
    parts: Vec<Py<Part>>,
    /// Nodes generated by the cut itself (down to the frontier depth).
    nodes: u64,
    /// The least f above the bound among the cut's own nodes.
    next_bound: Option<u32>,
    /// The frontier depth.
    depth: usize,
    /// The iteration's bound.
    bound: u32,
    /// A solution met inside the cut (tiny boards); the cut stopped there.
    solution: Option<Py<Solution>>,
}

#[pymethods]
impl Cut {
    fn __len__(&self) -> usize {
        self.parts.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "Cut(bound={}, depth={}, parts={}, nodes={})",
            self.bound,
            self.depth,
            self.parts.len(),
            self.nodes
        )
    }
}

/// One part of a cut iteration: the serial depth-first search below one frontier node.
#[pyclass(module = "puzzle_solvers.slide")]
pub struct Part {
    part: slide_solver::Part,
    solution: Option<Py<Solution>>,
}

impl From<slide_solver::Part> for Part {
    fn from(part: slide_solver::Part) -> Part {
        Part {
            part,
            solution: None,
        }
    }
}

#[pymethods]
impl Part {
    /// Its place in the cut's serial order (from 0).
    #[getter]
    fn index(&self) -> usize {
        self.part.index()
    }

    /// The iteration's bound.
    #[getter]
    fn bound(&self) -> u32 {
        self.part.bound()
    }

    /// The blank's moves from the start to the part's node (`U`, `R`, `D`, `L`).
    #[getter]
    fn prefix(&self) -> String {
        self.part.prefix().iter().map(|d| d.letter()).collect()
    }

    /// The cut's nodes up to and including this part's node, in serial order: the serial
    /// count when it enters this part is this plus the nodes of the parts before it.
    #[getter]
    fn cut_nodes(&self) -> u64 {
        self.part.cut_nodes()
    }

    /// Nodes generated so far in this part.
    #[getter]
    fn nodes(&self) -> u64 {
        self.part.progress().nodes
    }

    /// Nodes within the bound so far in this part.
    #[getter]
    fn expanded(&self) -> u64 {
        self.part.progress().expanded
    }

    /// The least f above the bound seen so far (`None`: none yet).
    #[getter]
    fn next_bound(&self) -> Option<u32> {
        self.part.next_bound()
    }

    /// True once the part found its solution or exhausted its subtree.
    #[getter]
    fn finished(&self) -> bool {
        self.part.is_finished()
    }

    /// The solution this part found, the whole path from the start (`nodes`: the part's).
    #[getter]
    fn solution(&mut self, py: Python<'_>) -> PyResult<Option<Py<Solution>>> {
        if self.solution.is_none()
            && let Some(s) = self.part.solution()
        {
            self.solution = Some(Py::new(py, Solution::of_part(&s, &self.part))?);
        }
        Ok(self.solution.as_ref().map(|s| s.clone_ref(py)))
    }

    /// Searches until the solution (`"found"`), the end of the subtree (`"finished"`), or the
    /// budget: `nodes` more nodes or `seconds` of wall time (`"paused"`). Without a budget it
    /// runs to the end. The GIL is released; Ctrl-C raises `KeyboardInterrupt` within about
    /// 0.02 s and keeps the work done.
    #[pyo3(signature = (nodes = None, seconds = None))]
    fn step(
        &mut self,
        py: Python<'_>,
        nodes: Option<&Bound<'_, PyAny>>,
        seconds: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<&'static str> {
        let (nodes, seconds) = crate::args::budget(nodes, seconds)?;
        Ok(
            match drive::step(py, &mut self.part, Allowance { nodes, seconds })? {
                Step::Found(_) => "found",
                Step::Paused => "paused",
                Step::Finished => "finished",
            },
        )
    }

    /// The part's checkpoint text: board, goal, heuristic, cache directory, bound, prefix,
    /// the path and next move of the depth-first search, and the counters.
    fn save(&self) -> String {
        self.part.checkpoint().to_text()
    }

    /// A part resumed exactly from `save`'s text; its tables are loaded from the cache
    /// directory the text names, once per process. Raises `SlideError` (a `ValueError`) on
    /// bad text.
    #[staticmethod]
    fn restore(py: Python<'_>, text: &str) -> PyResult<Part> {
        let part = with_signals(py, |progress| slide_solver::Part::restore(text, progress))?;
        Ok(Part::from(part))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let restore = slf.get_type().getattr("restore")?;
        let text = slf.borrow().save();
        (restore, (text,)).into_pyobject(py)
    }

    fn __repr__(&self) -> String {
        format!(
            "Part(index={}, bound={}, prefix={:?}, nodes={}, finished={})",
            self.index(),
            self.bound(),
            self.prefix(),
            self.nodes(),
            self.finished()
        )
    }
}

/// Adds `Plan`, `Cut` and `Part` to the `slide` submodule.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Plan>()?;
    m.add_class::<Cut>()?;
    m.add_class::<Part>()?;
    Ok(())
}
