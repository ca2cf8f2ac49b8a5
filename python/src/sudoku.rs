//! `puzzle_solvers.sudoku`: solve, count, isomorphs, generate finals, solve files.

use std::ops::ControlFlow;
use std::path::PathBuf;

use puzzle_search::Cancel;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sudoku_engine::generate::Finals as CrateFinals;
use sudoku_engine::io::{self, SolveOptions, count_all, read_puzzles};
use sudoku_engine::isomorph::Isomorph;
use sudoku_engine::parse::{Format, write_all};
use sudoku_engine::{FileError, Grid, Solutions};

use crate::args::{unsigned, unsigned_opt};
use crate::drive;
use crate::errors::{SudokuError, to_py};

/// Puzzles solved between two looks for Ctrl-C in `solve_chunk` (the order of magnitude of
/// the crate's own batches: a few milliseconds of work).
const FILE_BATCH: usize = 1024;

fn parse(puzzle: &str) -> PyResult<Grid> {
    puzzle.parse::<Grid>().map_err(to_py::<SudokuError>)
}

/// The puzzle drawn, with `solution` (81 digits, as `solve` returns) filled in light blue
/// when given: a `puzzle_solvers.Picture`, which Jupyter shows. Raises `SudokuError` for
/// malformed text.
#[pyfunction]
#[pyo3(signature = (puzzle, solution = None))]
fn picture(puzzle: &str, solution: Option<&str>) -> PyResult<crate::picture::Picture> {
    let grid = parse(puzzle)?;
    let svg = match solution {
        None => grid.to_svg(),
        Some(s) => grid.solution_svg(&parse(s)?),
    };
    Ok(crate::picture::Picture::new(svg))
}

/// Solves one puzzle and returns its solution as 81 digits.
///
/// `puzzle` is one line of 81 characters, `0` or `.` for blanks (or the nine-line form).
/// Raises `SudokuError` when the text is malformed (naming line and column), the givens
/// clash, or the puzzle has no solution. With several solutions, the first in search order.
#[pyfunction]
fn solve(py: Python<'_>, puzzle: &str) -> PyResult<String> {
    let grid = parse(puzzle)?;
    let mut search = Solutions::new(&grid);
    match drive::next(py, &mut search)? {
        Some(solution) => Ok(solution.to_string()),
        None => Err(SudokuError::new_err("the puzzle has no solution")),
    }
}

/// Counts the solutions of `puzzle`, stopping at `limit` (default 2, so `count(p) == 1` means
/// unique). An integer argument that is negative or not an int raises `ValueError` or
/// `TypeError` naming it.
#[pyfunction]
#[pyo3(signature = (puzzle, limit = None))]
fn count(py: Python<'_>, puzzle: &str, limit: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    let limit: u64 = unsigned_opt(limit, "limit")?.unwrap_or(2);
    let grid = parse(puzzle)?;
    let mut search = Solutions::new(&grid);
    let mut found = 0;
    while found < limit && drive::next(py, &mut search)?.is_some() {
        found += 1;
    }
    Ok(found)
}

/// Puzzle `index` (default 0) of a run seeded with `seed`, moved by its own symmetry of sudoku (band,
/// row, stack and column orders, the transpose, a relabelling of the digits), as 81
/// characters (`.` for a blank). The image has as many solutions as `puzzle`, and they are
/// the images of its solutions; the same `(seed, index)` always gives the same move.
#[pyfunction]
#[pyo3(signature = (puzzle, seed, index = None))]
fn isomorph(
    puzzle: &str,
    seed: &Bound<'_, PyAny>,
    index: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let seed: u64 = unsigned(seed, "seed")?;
    let index: u64 = unsigned_opt(index, "index")?.unwrap_or(0);
    let grid = parse(puzzle)?;
    Ok(Isomorph::for_puzzle(seed, index).apply(&grid).to_line())
}

/// An iterator over distinct solved grids ("finals"), as 81-digit strings.
#[pyclass(module = "puzzle_solvers.sudoku")]
struct Finals {
    inner: CrateFinals,
}

#[pymethods]
impl Finals {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> Option<String> {
        self.inner.next().map(|g: Grid| g.to_string())
    }

    /// The index of the next final.
    #[getter]
    fn position(&self) -> u64 {
        self.inner.position()
    }
}

/// The first `n` distinct solved grids whose top-left cell is `digit` (default 1), as an iterator of
/// 81-digit strings (the crate's fixed order, so the same `n` always gives the same grids).
#[pyfunction]
#[pyo3(signature = (n, digit = None))]
fn finals(n: &Bound<'_, PyAny>, digit: Option<&Bound<'_, PyAny>>) -> PyResult<Finals> {
    let n: u64 = unsigned(n, "n")?;
    let digit: u8 = unsigned_opt(digit, "digit")?.unwrap_or(1);
    let inner = CrateFinals::new(digit, n).map_err(to_py::<SudokuError>)?;
    Ok(Finals { inner })
}

fn parse_format(name: Option<&str>) -> PyResult<Option<Format>> {
    name.map(|n| n.parse::<Format>().map_err(to_py::<SudokuError>))
        .transpose()
}

fn io_error(path: &std::path::Path, e: std::io::Error) -> PyErr {
    pyo3::exceptions::PyOSError::new_err(format!("{}: {e}", path.display()))
}

/// Solves every puzzle of the file `path` (one-line or nine-line format, detected unless
/// `input_format` says) and writes the solutions to `out`, in input order, in the input's
/// format unless `output_format` says (`"line"` or `"grid"`), on `threads` threads (default 1). This is
/// the crate's `io::solve_file`, byte for byte: the file is read a batch at a time while the
/// batch before is solved; a puzzle without a solution is written as given, one with several
/// gets its first solution; `out` is replaced only once complete, so an error or a Ctrl-C
/// (which stops the run after the batch in hand, some milliseconds) leaves the old file. Returns a
/// dict: `puzzles`, `unique`, `guesses` and `anomalies` (a list of `(puzzle number from 1,
/// "none" | "several")`).
#[pyfunction]
#[pyo3(signature = (path, out, threads = None, input_format = None, output_format = None))]
fn solve_file<'py>(
    py: Python<'py>,
    path: PathBuf,
    out: PathBuf,
    threads: Option<&Bound<'py, PyAny>>,
    input_format: Option<&str>,
    output_format: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let threads: usize = unsigned_opt(threads, "threads")?.unwrap_or(1);
    // Writing the solutions over the puzzles would destroy what is being read.
    if let (Ok(a), Ok(b)) = (path.canonicalize(), out.canonicalize())
        && a == b
    {
        return Err(SudokuError::new_err(format!(
            "{}: the output would overwrite the input; choose another output",
            out.display()
        )));
    }
    let options = SolveOptions {
        input: parse_format(input_format)?,
        output: parse_format(output_format)?,
        threads,
    };
    let stop = Cancel::new();
    let pipes = [path.as_path(), out.as_path()];
    let solved = drive::until_signal_unblocking(
        py,
        &stop,
        || drive::unblock_pipes(&pipes),
        || {
            io::solve_file_watched(&path, &out, options, |_| {
                if stop.is_cancelled() {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
        },
    )?;
    let report = solved.map_err(file_error)?;
    let anomalies: Vec<(usize, &str)> = report
        .anomalies
        .iter()
        .map(|a| (a.puzzle, a.verdict.name()))
        .collect();
    let dict = PyDict::new(py);
    dict.set_item("puzzles", report.puzzles)?;
    dict.set_item("unique", report.unique)?;
    dict.set_item("guesses", report.guesses)?;
    dict.set_item("anomalies", anomalies)?;
    Ok(dict)
}

/// A file error as Python raises it: the system's refusals as `OSError`, the rest (a
/// malformed or empty input, one too large) as `SudokuError`; both with the crate's message,
/// which names the file.
fn file_error(e: FileError) -> PyErr {
    match e {
        FileError::Io { .. } => to_py::<pyo3::exceptions::PyOSError>(e),
        e => to_py::<SudokuError>(e),
    }
}

/// Reads the puzzles of the file `path` (one-line or nine-line format, detected unless
/// `input_format` says) as the crate's batch solver reads them, and returns them as 81-character
/// lines (`.` for blanks) with the format's name (`"line"` or `"grid"`): the input of
/// `solve_chunk`, cut into chunks anywhere.
#[pyfunction]
#[pyo3(signature = (path, input_format = None))]
fn read_file(
    py: Python<'_>,
    path: PathBuf,
    input_format: Option<&str>,
) -> PyResult<(Vec<String>, &'static str)> {
    let input = parse_format(input_format)?;
    // Read on a worker that Ctrl-C stops, bounded and fallibly reserved: a named pipe
    // without a writer, an endless device or a huge file ends in KeyboardInterrupt or an
    // error, never in a hang or an abort.
    let stop = Cancel::new();
    let text = drive::until_signal_unblocking(
        py,
        &stop,
        || drive::unblock_pipes(&[path.as_path()]),
        || {
            std::fs::File::open(&path)
                .and_then(|f| puzzle_search::read_text_within(f, io::MAX_INPUT_BYTES, Some(&stop)))
        },
    )?
    .map_err(|e| io_error(&path, e))?;
    let (grids, format) = py
        .detach(|| read_puzzles(&text, input))
        .map_err(|e| SudokuError::new_err(format!("{}: {e}", path.display())))?;
    let lines = grids.iter().map(Grid::to_line).collect();
    Ok((lines, format_name(format)))
}

fn format_name(format: Format) -> &'static str {
    match format {
        Format::Line => "line",
        Format::Grid => "grid",
    }
}

/// A line of `read_file` as the file reader read it: givens that clash are kept (the
/// puzzle then has no solution, as in `solve_file`), where `Grid`'s parser would refuse them.
fn chunk_grid(line: &str) -> Option<Grid> {
    let bytes = line.as_bytes();
    if bytes.len() != 81 {
        return None;
    }
    let mut cells = [0u8; 81];
    for (cell, &b) in cells.iter_mut().zip(bytes) {
        *cell = match b {
            b'.' | b'0' => 0,
            b'1'..=b'9' => b - b'0',
            _ => return None,
        };
    }
    Grid::from_cells(cells)
}

/// Solves a chunk of puzzles (81-character lines, as `read_file` gives) and returns a dict:
/// `text` (bytes: the chunk's answers written in `output_format`, `"line"` or `"grid"`, as
/// `solve_file` writes them: a puzzle without a solution as given, one with several its
/// first solution), `verdicts` (one of `"none"`, `"unique"`, `"several"` a puzzle) and
/// `guesses`. Chunks joined in order (with one empty line between chunks of the nine-line
/// format) are byte for byte `solve_file`'s output for the whole file.
#[pyfunction]
#[pyo3(signature = (puzzles, output_format = "line"))]
fn solve_chunk<'py>(
    py: Python<'py>,
    puzzles: Vec<String>,
    output_format: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let format = output_format
        .parse::<Format>()
        .map_err(to_py::<SudokuError>)?;
    let grids = puzzles
        .iter()
        .enumerate()
        .map(|(k, p)| {
            chunk_grid(p).ok_or_else(|| {
                SudokuError::new_err(format!(
                    "puzzle {} of the chunk: expected 81 characters, `.` or a digit 1 to 9 each",
                    k + 1
                ))
            })
        })
        .collect::<PyResult<Vec<Grid>>>()?;
    let mut answers = Vec::with_capacity(grids.len());
    let mut verdicts = Vec::with_capacity(grids.len());
    let mut guesses = 0u64;
    for batch in grids.chunks(FILE_BATCH) {
        let counts = py
            .detach(|| count_all(batch, 1))
            .map_err(to_py::<SudokuError>)?;
        for (g, c) in batch.iter().zip(&counts) {
            guesses += c.guesses;
            verdicts.push(c.verdict().name());
            answers.push(c.first.unwrap_or(*g));
        }
        py.check_signals()?;
    }
    let mut text = Vec::new();
    write_all(&mut text, &answers, format);
    let report = PyDict::new(py);
    report.set_item("text", pyo3::types::PyBytes::new(py, &text))?;
    report.set_item("verdicts", verdicts)?;
    report.set_item("guesses", guesses)?;
    Ok(report)
}

/// Fills the `sudoku` submodule.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(picture, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(finals, m)?)?;
    m.add_function(wrap_pyfunction!(isomorph, m)?)?;
    m.add_function(wrap_pyfunction!(solve_file, m)?)?;
    m.add_function(wrap_pyfunction!(read_file, m)?)?;
    m.add_function(wrap_pyfunction!(solve_chunk, m)?)?;
    m.add_class::<Finals>()?;
    Ok(())
}
