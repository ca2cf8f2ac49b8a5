//! `puzzle_solvers.eternity`: Eternity II puzzles, and their resumable, splittable,
//! picklable depth-first search.

use eternity_solver::engine::{EngineKind, Mode};
use eternity_solver::format::{self, e2pieces, json, mcgavin};
use eternity_solver::search::{Continuation, SearchOptions, Solver};
use eternity_solver::{Board, FillOrder, Instance, OrderKind, Search, Step};
use puzzle_search::Checkpoint;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::args::{unsigned, unsigned_opt};
use crate::drive::{self, Allowance};
use crate::errors::{EternityError, to_py};

/// The default of `Search.split`'s `max_parts`: each part is a search with its own tables
/// (about 330 kB on a 16x16 board), so 1024 parts take about a third of a gigabyte.
const SEARCH_PARTS: usize = 1024;

/// An Eternity II puzzle: board size, pieces and hints.
#[pyclass(module = "puzzle_solvers.eternity", frozen)]
pub struct Puzzle {
    pub(crate) inst: Instance,
}

/// Reads `text` in `format`: `json` (the bench boards), `pieces` (an `e2pieces.txt` piece
/// list) or `puz` (McGavin's piece file).
fn parse_text(text: &str, format: &str) -> PyResult<Instance> {
    match format {
        "json" => json::parse(text),
        "pieces" => e2pieces::parse(text, None),
        "puz" => mcgavin::parse(text, None, mcgavin::HintAxis::default()),
        other => {
            return Err(EternityError::new_err(format!(
                "unknown puzzle format `{other}` (expected json, pieces or puz)"
            )));
        }
    }
    .map_err(to_py::<EternityError>)
}

#[pymethods]
impl Puzzle {
    /// A puzzle from its text in `format` (`json`, `pieces` or `puz`). Raises
    /// `EternityError` naming the line and column (or field) at fault.
    #[new]
    #[pyo3(signature = (text, format = "json"))]
    fn new(text: &str, format: &str) -> PyResult<Puzzle> {
        Ok(Puzzle {
            inst: parse_text(text, format)?,
        })
    }

    /// The puzzle's name (from its file, or empty).
    #[getter]
    fn name(&self) -> &str {
        self.inst.name()
    }

    /// Columns.
    #[getter]
    fn width(&self) -> usize {
        self.inst.width()
    }

    /// Rows.
    #[getter]
    fn height(&self) -> usize {
        self.inst.height()
    }

    /// The pieces' edges, `(up, right, down, left)` colours, piece id = index.
    #[getter]
    fn pieces(&self) -> Vec<[u8; 4]> {
        self.inst.pieces().iter().map(|p| p.edges).collect()
    }

    /// The hints: `(cell, piece, rotation)`, cells row-major from the top left.
    #[getter]
    fn hints(&self) -> Vec<(usize, u16, u8)> {
        self.inst
            .hints()
            .iter()
            .map(|h| (h.cell, h.piece, h.rotation.quarter_turns()))
            .collect()
    }

    /// The number of interior edges: the score of a solution.
    #[getter]
    fn max_score(&self) -> usize {
        self.inst.max_score()
    }

    /// The picture for Jupyter and IPython: the board with its hints (SVG).
    fn _repr_svg_(&self) -> String {
        Board::with_hints(&self.inst).to_svg(&self.inst)
    }

    /// The puzzle as a JSON board (what pickling sends).
    fn to_json(&self) -> String {
        json::to_string(&self.inst)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let text = slf.get().to_json();
        (slf.get_type(), (text,)).into_pyobject(slf.py())
    }

    fn __repr__(&self) -> String {
        format!(
            "Puzzle(name={:?}, {}x{}, {} hints)",
            self.inst.name(),
            self.inst.width(),
            self.inst.height(),
            self.inst.hints().len()
        )
    }
}

/// Reads a puzzle file in the format its extension names: `.json` (bench boards), `.puz`
/// (McGavin), anything else an `e2pieces.txt` piece list.
#[pyfunction]
fn load(py: Python<'_>, path: std::path::PathBuf) -> PyResult<Puzzle> {
    let inst = py
        .detach(|| format::read(&path, None, mcgavin::HintAxis::default()))
        .map_err(to_py::<EternityError>)?;
    Ok(Puzzle { inst })
}

fn engine(name: &str) -> PyResult<EngineKind> {
    name.parse().map_err(to_py::<EternityError>)
}

/// The fill order named `name` for a search in `mode`, and the built-in order's name: `auto`
/// chooses one for the puzzle ([`FillOrder::auto`], a race of milliseconds on small boards and
/// at most a fraction of a second on big ones, made without the GIL).
fn order(
    py: Python<'_>,
    inst: &Instance,
    name: &str,
    mode: Mode,
) -> PyResult<(OrderKind, FillOrder)> {
    if name == "auto" {
        let auto = py.detach(|| FillOrder::auto(inst, mode));
        return Ok((auto.kind, auto.order));
    }
    let kind: OrderKind = name.parse().map_err(to_py::<EternityError>)?;
    Ok((kind, FillOrder::new(inst, kind)))
}

/// A board as `(piece, rotation)` per cell, row-major, `None` for an empty cell.
type Cells = Vec<Option<(u16, u8)>>;

/// The board's cells (see [`Cells`]).
fn cells(board: &Board) -> Cells {
    board
        .cells()
        .iter()
        .map(|c| c.map(|p| (p.piece, p.rotation.quarter_turns())))
        .collect()
}

/// A resumable depth-first search of one puzzle in one fill order; picklable, splittable.
#[pyclass(module = "puzzle_solvers.eternity", name = "Search")]
pub struct EternitySearch {
    puzzle: Py<Puzzle>,
    engine: EngineKind,
    order_name: String,
    order: FillOrder,
    solver: Solver,
    solutions: Vec<Cells>,
    prefix_nodes: u64,
}

impl EternitySearch {
    fn with_solver(&self, py: Python<'_>, solver: Solver, prefix_nodes: u64) -> EternitySearch {
        EternitySearch {
            puzzle: self.puzzle.clone_ref(py),
            engine: self.engine,
            order_name: self.order_name.clone(),
            order: self.order.clone(),
            solver,
            solutions: Vec::new(),
            prefix_nodes,
        }
    }

    /// The jobs of a cut at `depth` within `max_parts`, made on a worker thread that Ctrl-C
    /// stops (a deep cut of a big board takes seconds).
    fn cut_jobs(
        &self,
        py: Python<'_>,
        depth: usize,
        nonempty: bool,
        max_parts: usize,
    ) -> PyResult<eternity_solver::search::Jobs> {
        use eternity_solver::search::{SplitLimits, split_nonempty_within, split_within};
        let stop = puzzle_search::Cancel::new();
        let limits = SplitLimits {
            max_parts,
            cancel: Some(stop.clone()),
        };
        let inst = &self.puzzle.get().inst;
        let order = &self.order;
        drive::until_signal(py, &stop, || {
            if nonempty {
                split_nonempty_within(inst, order, depth, &limits)
            } else {
                split_within(inst, order, depth, &limits)
            }
        })?
        .map_err(|e| EternityError::new_err(format!("{e} (or raise max_parts)")))
    }

    /// One call of `step`, recording a solution found.
    fn step_once(&mut self, py: Python<'_>, allowance: Allowance) -> PyResult<&'static str> {
        Ok(match drive::step(py, &mut self.solver, allowance)? {
            Step::Found(board) => {
                self.solutions.push(cells(&board));
                "found"
            }
            Step::Paused => "paused",
            Step::Finished => "finished",
        })
    }
}

#[pymethods]
impl EternitySearch {
    /// A search from the root: `engine` `table` (fast) or `baseline` (the plain oracle; both
    /// visit the same nodes), `order` `auto` (chosen for the puzzle: see the `order`
    /// property), `row`, `spiral`, `border` or `column`; `first=True` stops at the first
    /// solution instead of enumerating them all.
    #[new]
    #[pyo3(signature = (puzzle, engine = "table", order = "auto", first = false))]
    fn new(
        py: Python<'_>,
        puzzle: Py<Puzzle>,
        engine: &str,
        order: &str,
        first: bool,
    ) -> PyResult<EternitySearch> {
        let engine = self::engine(engine)?;
        let inst = &puzzle.get().inst;
        let mode = if first { Mode::First } else { Mode::All };
        let (kind, fill) = self::order(py, inst, order, mode)?;
        let options = SearchOptions::default().engine(engine).mode(mode);
        let solver = py.detach(|| Solver::new(inst, &fill, options));
        Ok(EternitySearch {
            puzzle,
            engine,
            order_name: kind.name().to_string(),
            order: fill,
            solver,
            solutions: Vec::new(),
            prefix_nodes: 0,
        })
    }

    /// Searches until a solution (`"found"`, appended to `solutions`), the end of the tree
    /// (`"finished"`), or the budget: `nodes` more nodes or `seconds` of wall time
    /// (`"paused"`). Without a budget it runs to the next solution or the end. Ctrl-C raises
    /// `KeyboardInterrupt` within about 0.02 s and keeps the work done.
    #[pyo3(signature = (nodes = None, seconds = None))]
    fn step(
        &mut self,
        py: Python<'_>,
        nodes: Option<&Bound<'_, PyAny>>,
        seconds: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<&'static str> {
        let (nodes, seconds) = crate::args::budget(nodes, seconds)?;
        self.step_once(py, Allowance { nodes, seconds })
    }

    /// Steps to the end of the tree (or the budget), collecting every solution on the way;
    /// returns `"finished"` or `"paused"`.
    #[pyo3(signature = (nodes = None, seconds = None))]
    fn run(
        &mut self,
        py: Python<'_>,
        nodes: Option<&Bound<'_, PyAny>>,
        seconds: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<&'static str> {
        let (nodes, seconds) = crate::args::budget(nodes, seconds)?;
        let start = self.solver.nodes();
        let deadline = seconds
            .map(|s| std::time::Instant::now() + std::time::Duration::from_secs_f64(s.max(0.0)));
        loop {
            let allowance = Allowance {
                nodes: nodes.map(|n| n.saturating_sub(self.solver.nodes() - start)),
                seconds: deadline.map(|d| {
                    d.saturating_duration_since(std::time::Instant::now())
                        .as_secs_f64()
                }),
            };
            match self.step_once(py, allowance)? {
                "found" => {}
                other => return Ok(other),
            }
        }
    }

    /// The counters: `nodes`, `solutions`, `depth`, `max_depth`, `best_score` (the score of
    /// the deepest board), `total_depth` (a solution's depth), `fraction` (an estimate of the
    /// share explored, 1.0 when finished), `elapsed` (seconds stepping in this process),
    /// `nodes_per_sec`, `finished`, `prefix_nodes` (nodes above a split's cut, see `split`).
    #[getter]
    fn progress<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let p = self.solver.progress();
        let d = PyDict::new(py);
        d.set_item("nodes", p.nodes)?;
        d.set_item("solutions", self.solver.solutions())?;
        d.set_item("depth", p.depth)?;
        d.set_item("max_depth", p.max_depth)?;
        d.set_item("best_score", p.best_score)?;
        d.set_item("total_depth", p.total_depth)?;
        d.set_item("fraction", p.fraction)?;
        d.set_item("elapsed", p.elapsed.as_secs_f64())?;
        d.set_item("nodes_per_sec", p.nodes_per_sec)?;
        d.set_item("finished", self.solver.is_finished())?;
        d.set_item("prefix_nodes", self.prefix_nodes)?;
        Ok(d)
    }

    /// The solutions found by this object's steps, each `(piece, rotation)` per cell,
    /// row-major (hints included).
    #[getter]
    fn solutions(&self) -> Vec<Cells> {
        self.solutions.clone()
    }

    /// True once the tree is exhausted (or, with `first=True`, a solution was found).
    #[getter]
    fn finished(&self) -> bool {
        self.solver.is_finished()
    }

    /// Nodes above the cut of the `split` that made this part (0 for an unsplit search): the
    /// whole search's nodes are this plus the sum of every part's nodes.
    #[getter]
    fn prefix_nodes(&self) -> u64 {
        self.prefix_nodes
    }

    /// The puzzle searched.
    #[getter]
    fn puzzle(&self, py: Python<'_>) -> Py<Puzzle> {
        self.puzzle.clone_ref(py)
    }

    /// The picture for Jupyter and IPython: the best board so far (the first solution once
    /// one is found), mismatched edges marked (SVG).
    fn _repr_svg_(&self) -> String {
        let inst = &self.puzzle.get().inst;
        self.solver.progress().best_board.to_svg(inst)
    }

    /// The built-in fill order searched (`auto` resolved): `row`, `spiral`, `border` or
    /// `column`. Pass it to `resume` or `from_checkpoint_text` to skip the choice.
    #[getter]
    fn order(&self) -> &str {
        &self.order_name
    }

    /// The search's state as the family's checkpoint text (what `save` writes).
    fn checkpoint(&self) -> String {
        self.solver.checkpoint().to_text()
    }

    /// Saves the search's state to `path` (atomically), to go on later with `Search.resume`.
    fn save(&self, py: Python<'_>, path: std::path::PathBuf) -> PyResult<()> {
        let cp = self.solver.checkpoint();
        py.detach(|| cp.save(&path)).map_err(to_py::<EternityError>)
    }

    /// A search that goes on from the checkpoint file `path`, written by `save` for the same
    /// puzzle and fill order (checked by fingerprint); any engine may resume it.
    #[staticmethod]
    #[pyo3(signature = (puzzle, path, engine = "table", order = "auto"))]
    fn resume(
        py: Python<'_>,
        puzzle: Py<Puzzle>,
        path: std::path::PathBuf,
        engine: &str,
        order: &str,
    ) -> PyResult<EternitySearch> {
        let cp = py
            .detach(|| Checkpoint::load(&path))
            .map_err(|e| EternityError::new_err(format!("{}: {e}", path.display())))?;
        EternitySearch::from_checkpoint(py, puzzle, &cp, engine, order, 0)
    }

    /// Cuts the search (as it stands before its first step) at `depth` into independent
    /// parts, one per subtree, in search order. Each part is a `Search` of its own: step it
    /// here, or pickle it to another process. The parts' nodes plus `prefix_nodes` (on every
    /// part) are the uncut search's nodes; their solutions, in part order, are its solutions.
    /// A part holds its own copy of the search's tables (some hundreds of kilobytes), so a
    /// cut making more than `max_parts` parts (default 1024) raises `EternityError`: `cut`
    /// makes many cheaply. Ctrl-C stops the cut.
    #[pyo3(signature = (depth, max_parts = None))]
    fn split(
        &self,
        py: Python<'_>,
        depth: &Bound<'_, PyAny>,
        max_parts: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<EternitySearch>> {
        let depth: usize = unsigned(depth, "depth")?;
        let max_parts = unsigned_opt::<usize>(max_parts, "max_parts")?.unwrap_or(SEARCH_PARTS);
        let jobs = self.cut_jobs(py, depth, false, max_parts)?;
        let mut parts = Vec::with_capacity(jobs.jobs.len());
        for job in &jobs.jobs {
            let solver = self
                .solver
                .resume_with_tables(job)
                .map_err(to_py::<EternityError>)?;
            parts.push(self.with_solver(py, solver, jobs.prefix_nodes));
        }
        Ok(parts)
    }

    /// Cuts the search at `depth` like `split`, but returns the parts as checkpoint texts,
    /// `(prefix_nodes, texts)`, without building a search for each: cheap in time and memory
    /// for thousands of parts. `Search.from_checkpoint` makes a part of one, anywhere. With
    /// `nonempty=True` the parts whose subtree holds no node are left out (the totals stay
    /// the same: they add nothing), at the price of a look one depth further. A cut making
    /// more than `max_parts` parts (default 2**20) raises `EternityError`; Ctrl-C stops it.
    #[pyo3(signature = (depth, nonempty = false, max_parts = None))]
    fn cut(
        &self,
        py: Python<'_>,
        depth: &Bound<'_, PyAny>,
        nonempty: bool,
        max_parts: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<(u64, Vec<String>)> {
        let depth: usize = unsigned(depth, "depth")?;
        let max_parts = unsigned_opt::<usize>(max_parts, "max_parts")?
            .unwrap_or(eternity_solver::search::DEFAULT_MAX_PARTS);
        let jobs = self.cut_jobs(py, depth, nonempty, max_parts)?;
        let texts = jobs
            .jobs
            .iter()
            .map(|j| j.to_checkpoint().to_text())
            .collect();
        Ok((jobs.prefix_nodes, texts))
    }

    /// A search that goes on from checkpoint `text` (from `checkpoint` or `cut`) of the same
    /// puzzle and fill order, with `prefix_nodes` recorded (a part of a cut carries its
    /// cut's). Its solutions start empty.
    #[staticmethod]
    #[pyo3(signature = (puzzle, text, engine = "table", order = "auto", prefix_nodes = 0))]
    fn from_checkpoint_text(
        py: Python<'_>,
        puzzle: Py<Puzzle>,
        text: &str,
        engine: &str,
        order: &str,
        prefix_nodes: u64,
    ) -> PyResult<EternitySearch> {
        let cp = Checkpoint::from_text(text).map_err(to_py::<EternityError>)?;
        EternitySearch::from_checkpoint(py, puzzle, &cp, engine, order, prefix_nodes)
    }

    /// A search that goes on from checkpoint `text` (from `checkpoint` or `cut`) of this
    /// search's puzzle and fill order, with its engine and `prefix_nodes` recorded, like
    /// `from_checkpoint_text`, but on this search's built tables instead of new ones: a
    /// process running many parts of a cut builds them once, and a part then costs
    /// microseconds instead of a millisecond. Its solutions start empty; this search is left
    /// as it is.
    #[pyo3(signature = (text, prefix_nodes = 0))]
    fn resume_text(
        &self,
        py: Python<'_>,
        text: &str,
        prefix_nodes: u64,
    ) -> PyResult<EternitySearch> {
        let cp = Checkpoint::from_text(text).map_err(to_py::<EternityError>)?;
        let cont = Continuation::from_checkpoint(&cp).map_err(to_py::<EternityError>)?;
        let solver = self
            .solver
            .resume_with_tables(&cont)
            .map_err(to_py::<EternityError>)?;
        Ok(self.with_solver(py, solver, prefix_nodes))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.borrow();
        let args = (
            this.puzzle.clone_ref(py),
            this.engine.name(),
            this.order_name.clone(),
        );
        let state = (this.checkpoint(), this.solutions.clone(), this.prefix_nodes);
        (slf.get_type(), args, state).into_pyobject(py)
    }

    fn __setstate__(&mut self, state: (String, Vec<Cells>, u64)) -> PyResult<()> {
        let (text, solutions, prefix) = state;
        let cp = Checkpoint::from_text(&text).map_err(to_py::<EternityError>)?;
        let inst = &self.puzzle.get().inst;
        let options = SearchOptions::default().engine(self.engine);
        let solver = Solver::from_checkpoint(inst, &self.order, &cp, options)
            .map_err(to_py::<EternityError>)?;
        self.solver = solver;
        self.solutions = solutions;
        self.prefix_nodes = prefix;
        Ok(())
    }

    fn __repr__(&self) -> String {
        format!(
            "Search(nodes={}, solutions={}, finished={})",
            self.solver.nodes(),
            self.solver.solutions(),
            self.solver.is_finished()
        )
    }
}

impl EternitySearch {
    fn from_checkpoint(
        py: Python<'_>,
        puzzle: Py<Puzzle>,
        cp: &Checkpoint,
        engine: &str,
        order: &str,
        prefix_nodes: u64,
    ) -> PyResult<EternitySearch> {
        let kind = self::engine(engine)?;
        let inst = &puzzle.get().inst;
        // `auto` chooses for the mode the search was saved in, as the saved search did.
        let mode = Continuation::from_checkpoint(cp)
            .map_err(to_py::<EternityError>)?
            .mode;
        let (order_kind, fill) = self::order(py, inst, order, mode)?;
        let options = SearchOptions::default().engine(kind);
        let solver = py
            .detach(|| Solver::from_checkpoint(inst, &fill, cp, options))
            .map_err(to_py::<EternityError>)?;
        Ok(EternitySearch {
            puzzle,
            engine: kind,
            order_name: order_kind.name().to_string(),
            order: fill,
            solver,
            solutions: Vec::new(),
            prefix_nodes,
        })
    }
}

/// Fills the `eternity` submodule.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_class::<Puzzle>()?;
    m.add("Search", m.py().get_type::<EternitySearch>())?;
    Ok(())
}
