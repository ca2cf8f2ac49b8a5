//! Running a compiled program and reading what it prints.
//!
//! The program writes one line per event on standard output:
//! - `progress nodes=N depth=D max_depth=M best_score=S cpu_s=T` (periodically),
//! - `solution <board>` (each full board, in enumeration order),
//! - then `best <board>`, `status=exhausted|first|budget` and the summary line
//!   `nodes=N solutions=K best_score=S max_depth=D cpu_s=T nodes_per_cpu_s=R`.
//!
//! A board lists `piece/rotation`, or `-` for an empty cell, per cell in row-major order.
//! [`Running`] reads those lines on a helper thread, so [`Running::step`] can wait with a time
//! budget and report [`Step::Found`], [`Step::Paused`] or [`Step::Finished`] like the
//! in-process engines do.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::Duration;

use eternity_solver::engine::Mode;
use eternity_solver::{Board, Placement, Rotation};

use crate::error::RunError;

/// Per-run settings that override the defaults baked into the program.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunOptions {
    /// Node budget (`None`: the program's default).
    pub max_nodes: Option<u64>,
    /// Search mode (`None`: the program's default).
    pub mode: Option<Mode>,
    /// Wall-time budget (`None`: none); the program stops within a few milliseconds of it
    /// and reports [`Status::Budget`].
    pub time_budget: Option<Duration>,
    /// Progress lines: `Some(None)` turns them off, `Some(Some(d))` sets the interval, `None`
    /// keeps the program's default.
    pub progress: Option<Option<Duration>>,
}

impl RunOptions {
    /// The command-line arguments these options turn into.
    pub fn args(&self) -> Vec<String> {
        let mut a = Vec::new();
        if let Some(n) = self.max_nodes {
            a.push("--max-nodes".to_string());
            a.push(n.to_string());
        }
        if let Some(d) = self.time_budget {
            a.push("--budget-ms".to_string());
            a.push(d.as_millis().to_string());
        }
        match self.mode {
            Some(Mode::First) => a.push("--first".into()),
            Some(Mode::All) => a.push("--all".into()),
            None => {}
        }
        match self.progress {
            Some(None) => a.push("--quiet".into()),
            Some(Some(d)) => {
                a.push("--progress-ms".into());
                a.push(d.as_millis().max(1).to_string());
            }
            None => {}
        }
        a
    }
}

/// A periodic progress report of a running program.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Progress {
    /// Nodes so far.
    pub nodes: u64,
    /// Current depth.
    pub depth: usize,
    /// Deepest depth reached.
    pub max_depth: usize,
    /// Score of the deepest board.
    pub best_score: u32,
    /// CPU seconds the program has used.
    pub cpu_s: f64,
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The whole tree was searched.
    Exhausted,
    /// Stopped at the first solution.
    First,
    /// The node or time budget was spent.
    Budget,
}

/// What a finished run found.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// Nodes (committed placements, pins not counted).
    pub nodes: u64,
    /// Solutions found.
    pub solutions: u64,
    /// Matched interior edges of the deepest board.
    pub best_score: u32,
    /// Deepest depth reached.
    pub max_depth: usize,
    /// CPU seconds of the search, as the program measured them.
    pub cpu_s: f64,
    /// How it ended.
    pub status: Status,
    /// The first deepest board (pins included).
    pub best: Board,
    /// The first solution, if any.
    pub first_solution: Option<Board>,
}

impl Outcome {
    /// Nodes per CPU-second (0 when no CPU time was measured).
    pub fn nodes_per_cpu_s(&self) -> f64 {
        if self.cpu_s > 0.0 {
            self.nodes as f64 / self.cpu_s
        } else {
            0.0
        }
    }
}

/// What [`Running::step`] saw.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// A solution; the program goes on (or stops, in first-solution mode).
    Found(Board),
    /// The time budget passed; [`Running::progress`] holds the latest report.
    Paused,
    /// The program finished; [`Running::outcome`] holds the result.
    Finished,
}

/// A program running in a child process.
#[derive(Debug)]
pub struct Running {
    child: Child,
    lines: Receiver<std::io::Result<String>>,
    stderr: Option<JoinHandle<String>>,
    width: usize,
    height: usize,
    line_no: usize,
    progress: Progress,
    best: Option<Board>,
    status: Option<Status>,
    first_solution: Option<Board>,
    outcome: Option<Outcome>,
}

impl Running {
    /// Starts `binary` (a program emitted for a `width` x `height` board) with `options`.
    pub fn spawn(
        binary: &Path,
        width: usize,
        height: usize,
        options: &RunOptions,
    ) -> Result<Running, RunError> {
        let mut child = Command::new(binary)
            .args(options.args())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|source| RunError::Spawn {
                path: binary.to_path_buf(),
                source,
            })?;
        let stdout = child.stdout.take().ok_or_else(|| no_pipe(binary))?;
        let mut stderr = child.stderr.take().ok_or_else(|| no_pipe(binary))?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let stop = line.is_err();
                if tx.send(line).is_err() || stop {
                    break;
                }
            }
        });
        let err = std::thread::spawn(move || {
            let mut s = String::new();
            let _ = stderr.read_to_string(&mut s);
            s
        });
        Ok(Running {
            child,
            lines: rx,
            stderr: Some(err),
            width,
            height,
            line_no: 0,
            progress: Progress::default(),
            best: None,
            status: None,
            first_solution: None,
            outcome: None,
        })
    }

    /// The latest progress report.
    pub fn progress(&self) -> Progress {
        self.progress
    }

    /// The result, once [`Step::Finished`] was returned.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Reads the program's output for at most `budget`: returns at the next solution, when
    /// the program finishes, or when the budget is spent.
    pub fn step(&mut self, budget: Duration) -> Result<Step, RunError> {
        if self.outcome.is_some() {
            return Ok(Step::Finished);
        }
        let deadline = std::time::Instant::now() + budget;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Ok(line)) => {
                    self.line_no += 1;
                    if let Some(board) = self.take_line(&line)? {
                        return Ok(Step::Found(board));
                    }
                    if self.outcome.is_some() {
                        self.finish()?;
                        return Ok(Step::Finished);
                    }
                }
                Ok(Err(e)) => return Err(RunError::Io(e)),
                Err(RecvTimeoutError::Timeout) => return Ok(Step::Paused),
                Err(RecvTimeoutError::Disconnected) => {
                    self.finish()?;
                    return Ok(Step::Finished);
                }
            }
        }
    }

    /// Runs to the end and returns the outcome.
    pub fn wait(mut self) -> Result<Outcome, RunError> {
        loop {
            if let Step::Finished = self.step(Duration::from_secs(3600))? {
                return match self.outcome.take() {
                    Some(o) => Ok(o),
                    None => Err(RunError::Exited {
                        status: "unknown".into(),
                        stderr: String::new(),
                    }),
                };
            }
        }
    }

    /// Stops the program.
    pub fn kill(&mut self) -> Result<(), RunError> {
        if self.child.try_wait()?.is_none() {
            self.child.kill()?;
            self.child.wait()?;
        }
        Ok(())
    }

    fn finish(&mut self) -> Result<(), RunError> {
        let status = self.child.wait()?;
        let stderr = self
            .stderr
            .take()
            .and_then(|h| h.join().ok())
            .unwrap_or_default();
        if !status.success() || self.outcome.is_none() {
            self.outcome = None;
            return Err(RunError::Exited {
                status: status.to_string(),
                stderr,
            });
        }
        Ok(())
    }

    fn malformed(&self, text: &str, reason: impl Into<String>) -> RunError {
        RunError::Malformed {
            line: self.line_no,
            text: text.to_string(),
            reason: reason.into(),
        }
    }

    /// Takes one line; returns a board for a solution line.
    fn take_line(&mut self, line: &str) -> Result<Option<Board>, RunError> {
        if let Some(rest) = line.strip_prefix("progress ") {
            let f = Fields::parse(rest).map_err(|r| self.malformed(line, r))?;
            self.progress = Progress {
                nodes: f.get(self, line, "nodes")?,
                depth: f.get(self, line, "depth")?,
                max_depth: f.get(self, line, "max_depth")?,
                best_score: f.get(self, line, "best_score")?,
                cpu_s: f.get(self, line, "cpu_s")?,
            };
            Ok(None)
        } else if let Some(rest) = line.strip_prefix("solution ") {
            let board = self.board(rest, line)?;
            if self.first_solution.is_none() {
                self.first_solution = Some(board.clone());
            }
            Ok(Some(board))
        } else if let Some(rest) = line.strip_prefix("best ") {
            self.best = Some(self.board(rest, line)?);
            Ok(None)
        } else if let Some(rest) = line.strip_prefix("status=") {
            self.status = Some(match rest {
                "exhausted" => Status::Exhausted,
                "first" => Status::First,
                "budget" => Status::Budget,
                _ => return Err(self.malformed(line, "unknown status")),
            });
            Ok(None)
        } else if line.starts_with("nodes=") {
            let f = Fields::parse(line).map_err(|r| self.malformed(line, r))?;
            let (Some(best), Some(status)) = (self.best.take(), self.status) else {
                return Err(self.malformed(line, "summary before the `best` and `status` lines"));
            };
            self.outcome = Some(Outcome {
                nodes: f.get(self, line, "nodes")?,
                solutions: f.get(self, line, "solutions")?,
                best_score: f.get(self, line, "best_score")?,
                max_depth: f.get(self, line, "max_depth")?,
                cpu_s: f.get(self, line, "cpu_s")?,
                status,
                best,
                first_solution: self.first_solution.clone(),
            });
            self.progress.nodes = self.outcome.as_ref().map_or(0, |o| o.nodes);
            Ok(None)
        } else {
            Err(self.malformed(line, "unknown line"))
        }
    }

    fn board(&self, cells: &str, line: &str) -> Result<Board, RunError> {
        parse_board(cells, self.width, self.height).map_err(|r| self.malformed(line, r))
    }
}

impl Drop for Running {
    /// A dropped run must not leave a search burning CPU in the background.
    fn drop(&mut self) {
        let _ = self.kill();
    }
}

fn no_pipe(binary: &Path) -> RunError {
    RunError::Spawn {
        path: binary.to_path_buf(),
        source: std::io::Error::other("no output pipe"),
    }
}

/// Runs `binary` to the end.
pub fn run(
    binary: &Path,
    width: usize,
    height: usize,
    options: &RunOptions,
) -> Result<Outcome, RunError> {
    Running::spawn(binary, width, height, options)?.wait()
}

/// `key=value` fields of a line.
struct Fields<'a>(Vec<(&'a str, &'a str)>);

impl<'a> Fields<'a> {
    fn parse(text: &'a str) -> Result<Fields<'a>, String> {
        text.split_whitespace()
            .map(|t| {
                t.split_once('=')
                    .ok_or_else(|| format!("`{t}` is not key=value"))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Fields)
    }

    fn get<T: std::str::FromStr>(&self, r: &Running, line: &str, key: &str) -> Result<T, RunError> {
        let v = self
            .0
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| *v)
            .ok_or_else(|| r.malformed(line, format!("no `{key}` field")))?;
        v.parse()
            .map_err(|_| r.malformed(line, format!("`{key}={v}` is not a number")))
    }
}

/// Parses a board as the programs print it: `piece/rotation` or `-` per cell, row-major.
pub fn parse_board(cells: &str, width: usize, height: usize) -> Result<Board, String> {
    let mut out = Vec::with_capacity(width * height);
    for (i, tok) in cells.split_whitespace().enumerate() {
        if tok == "-" {
            out.push(None);
            continue;
        }
        let bad = || format!("cell {i}: `{tok}` is not piece/rotation");
        let (p, r) = tok.split_once('/').ok_or_else(bad)?;
        let piece = p.parse().map_err(|_| bad())?;
        let rotation = r.parse().ok().and_then(Rotation::new).ok_or_else(bad)?;
        out.push(Some(Placement { piece, rotation }));
    }
    let n = out.len();
    Board::from_cells(width, height, out)
        .ok_or_else(|| format!("{n} cells for a {width}x{height} board"))
}
