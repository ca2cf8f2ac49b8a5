//! Running a compiled program and reading what it prints.
//!
//! The program writes one line per event on standard output:
//! - `progress nodes=N depth=D max_depth=M best_score=S cpu_s=T` (periodically),
//! - `solution <board>` (each full board, in enumeration order),
//! - under `--control` (see [`Running`](crate::Running)), `paused reason=R nodes=N depth=D
//!   max_depth=M best_score=S cpu_s=T` at every pause,
//! - then `best <board>`, `status=exhausted|first|budget` and the summary line
//!   `nodes=N solutions=K best_score=S max_depth=D cpu_s=T nodes_per_cpu_s=R`.
//!
//! A board lists `piece/rotation`, or `-` for an empty cell, per cell in row-major order.
//! [`run`] starts a program and reads it to the end with no round trips at all: the fastest
//! way to a whole result.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

use puzzle_search::Instant;

use eternity_solver::engine::Mode;
use eternity_solver::{Board, Placement, Rotation};

use crate::error::{ParseBoardError, RunError};

/// Per-run settings that override the defaults baked into the program.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunOptions {
    /// Node cap of the whole run (`None`: the program's default); exactly this many nodes
    /// are made if the tree is larger. For a [`Running`](crate::Running) it is a cap of the
    /// search's own: every step pauses there.
    pub max_nodes: Option<u64>,
    /// Search mode (`None`: the program's default).
    pub mode: Option<Mode>,
    /// Wall-time cap of the whole run in whole milliseconds (`None`: none); the program
    /// stops within tens of microseconds of it (it reads the clock every
    /// `puzzle_search::CLOCK_EVERY` nodes) and reports [`Status::Budget`]. For a
    /// [`Running`](crate::Running) it is a cap of the search's own, like `max_nodes`.
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

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The whole tree was searched.
    Exhausted,
    /// Stopped at the first solution.
    First,
    /// A node or time cap was reached, or the run was stopped.
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

/// The counters of a `progress` or `paused` line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Counters {
    pub nodes: u64,
    pub depth: usize,
    pub max_depth: usize,
    pub best_score: u32,
    pub cpu_s: f64,
}

/// Why a controlled program paused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reason {
    /// The threshold the controller sent, or its deadline.
    Limit,
    /// A cap of the run's own (node or time cap).
    Cap,
    /// Right after a `solution` line.
    Solution,
}

/// One line of the program's output, read.
#[derive(Debug)]
pub(crate) enum Line {
    Progress(Counters),
    Paused(Reason, Counters),
    Solution(Board),
    /// `best` and `status` lines: kept by the reader for the summary.
    Noted,
    /// The summary: the run is over.
    Summary(Outcome),
}

/// Reads a program's lines, keeping what the summary needs.
#[derive(Debug)]
pub(crate) struct Reader {
    width: usize,
    height: usize,
    line_no: usize,
    best: Option<Board>,
    status: Option<Status>,
    first_solution: Option<Board>,
}

impl Reader {
    pub(crate) fn new(width: usize, height: usize) -> Reader {
        Reader {
            width,
            height,
            line_no: 0,
            best: None,
            status: None,
            first_solution: None,
        }
    }

    /// The number of lines read so far.
    pub(crate) fn line_no(&self) -> usize {
        self.line_no
    }

    fn malformed(&self, text: &str, reason: impl Into<String>) -> RunError {
        RunError::Malformed {
            line: self.line_no,
            text: text.to_string(),
            reason: reason.into(),
            source: None,
        }
    }

    fn counters(&self, line: &str, rest: &str) -> Result<Counters, RunError> {
        let f = Fields::parse(rest).map_err(|r| self.malformed(line, r))?;
        Ok(Counters {
            nodes: f.get(self, line, "nodes")?,
            depth: f.get(self, line, "depth")?,
            max_depth: f.get(self, line, "max_depth")?,
            best_score: f.get(self, line, "best_score")?,
            cpu_s: f.get(self, line, "cpu_s")?,
        })
    }

    /// Reads the next line of output.
    pub(crate) fn take(&mut self, line: &str) -> Result<Line, RunError> {
        self.line_no += 1;
        if let Some(rest) = line.strip_prefix("progress ") {
            Ok(Line::Progress(self.counters(line, rest)?))
        } else if let Some(rest) = line.strip_prefix("paused reason=") {
            let (reason, rest) = rest.split_once(' ').unwrap_or((rest, ""));
            let reason = match reason {
                "threshold" | "deadline" => Reason::Limit,
                "cap" => Reason::Cap,
                "solution" => Reason::Solution,
                _ => return Err(self.malformed(line, "unknown pause reason")),
            };
            Ok(Line::Paused(reason, self.counters(line, rest)?))
        } else if let Some(rest) = line.strip_prefix("solution ") {
            let board = self.board(rest, line)?;
            if self.first_solution.is_none() {
                self.first_solution = Some(board.clone());
            }
            Ok(Line::Solution(board))
        } else if let Some(rest) = line.strip_prefix("best ") {
            self.best = Some(self.board(rest, line)?);
            Ok(Line::Noted)
        } else if let Some(rest) = line.strip_prefix("status=") {
            self.status = Some(match rest {
                "exhausted" => Status::Exhausted,
                "first" => Status::First,
                "budget" => Status::Budget,
                _ => return Err(self.malformed(line, "unknown status")),
            });
            Ok(Line::Noted)
        } else if line.starts_with("nodes=") {
            let f = Fields::parse(line).map_err(|r| self.malformed(line, r))?;
            let (Some(best), Some(status)) = (self.best.take(), self.status) else {
                return Err(self.malformed(line, "summary before the `best` and `status` lines"));
            };
            Ok(Line::Summary(Outcome {
                nodes: f.get(self, line, "nodes")?,
                solutions: f.get(self, line, "solutions")?,
                best_score: f.get(self, line, "best_score")?,
                max_depth: f.get(self, line, "max_depth")?,
                cpu_s: f.get(self, line, "cpu_s")?,
                status,
                best,
                first_solution: self.first_solution.clone(),
            }))
        } else {
            Err(self.malformed(line, "unknown line"))
        }
    }

    fn board(&self, cells: &str, line: &str) -> Result<Board, RunError> {
        parse_board(cells, self.width, self.height).map_err(|e| RunError::Malformed {
            line: self.line_no,
            text: line.to_string(),
            reason: "bad board".into(),
            source: Some(e),
        })
    }
}

/// How long a program may stay silent past its time budget before it is taken for hung and
/// killed ([`RunError::Unresponsive`]): a working program pauses at its deadline within tens
/// of microseconds and says so.
pub const SILENCE_GRACE: Duration = Duration::from_secs(2);

/// A started program: its output lines and its standard error, each read on a helper thread,
/// so a chatty child never blocks on a full pipe and a silent one can be waited for with a
/// deadline.
#[derive(Debug)]
pub(crate) struct Process {
    pub child: Child,
    lines: mpsc::Receiver<std::io::Result<String>>,
    stderr: Option<JoinHandle<String>>,
}

impl Process {
    /// Starts `binary` with `args`; `stdin` says whether to keep a pipe to its input.
    pub(crate) fn spawn(binary: &Path, args: &[String], stdin: bool) -> Result<Process, RunError> {
        let mut child = Command::new(binary)
            .args(args)
            .stdin(if stdin { Stdio::piped() } else { Stdio::null() })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|source| RunError::Spawn {
                path: binary.to_path_buf(),
                source,
            })?;
        let stdout = child.stdout.take().ok_or_else(|| no_pipe(binary))?;
        let mut stderr = child.stderr.take().ok_or_else(|| no_pipe(binary))?;
        let err = std::thread::spawn(move || {
            let mut s = String::new();
            let _ = stderr.read_to_string(&mut s);
            s
        });
        let (tx, lines) = mpsc::channel();
        // Ends when the program closes its output (or the receiver is gone).
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Process {
            child,
            lines,
            stderr: Some(err),
        })
    }

    /// The program's next output line (`None` once it closed its output). With `deadline`,
    /// a program silent until [`SILENCE_GRACE`] past it is killed and the answer is
    /// [`RunError::Unresponsive`].
    pub(crate) fn next_line(
        &mut self,
        deadline: Option<Instant>,
    ) -> Result<Option<String>, RunError> {
        let got = match deadline {
            None => self.lines.recv().ok(),
            Some(d) => {
                let wait = (d + SILENCE_GRACE).saturating_duration_since(Instant::now());
                match self.lines.recv_timeout(wait) {
                    Ok(line) => Some(line),
                    Err(mpsc::RecvTimeoutError::Disconnected) => None,
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        let _ = self.kill();
                        return Err(RunError::Unresponsive);
                    }
                }
            }
        };
        Ok(got.transpose()?)
    }

    /// Waits for the program to exit; an error unless it succeeded and `done` (its summary
    /// was read).
    pub(crate) fn finish(&mut self, done: bool) -> Result<(), RunError> {
        let status = self.child.wait()?;
        let stderr = self
            .stderr
            .take()
            .and_then(|h| h.join().ok())
            .unwrap_or_default();
        if !status.success() || !done {
            return Err(RunError::Exited {
                status: status.to_string(),
                stderr,
            });
        }
        Ok(())
    }

    /// Stops the program if it still runs.
    pub(crate) fn kill(&mut self) -> Result<(), RunError> {
        if self.child.try_wait()?.is_none() {
            self.child.kill()?;
            self.child.wait()?;
        }
        Ok(())
    }
}

impl Drop for Process {
    /// A dropped run must not leave a search burning CPU in the background.
    fn drop(&mut self) {
        let _ = self.kill();
    }
}

fn no_pipe(binary: &Path) -> RunError {
    RunError::Spawn {
        path: binary.to_path_buf(),
        source: std::io::Error::other("no pipe to the child process"),
    }
}

/// Runs `binary` (a program emitted for a `width` x `height` board) to the end, reading its
/// output as it comes: no round trips, so the search runs at the program's full speed.
pub fn run(
    binary: &Path,
    width: usize,
    height: usize,
    options: &RunOptions,
) -> Result<Outcome, RunError> {
    let deadline = options.time_budget.map(|b| Instant::now() + b);
    let mut process = Process::spawn(binary, &options.args(), false)?;
    let mut reader = Reader::new(width, height);
    let mut outcome = None;
    while let Some(line) = process.next_line(deadline)? {
        match reader.take(&line)? {
            Line::Summary(o) => outcome = Some(o),
            Line::Progress(_) | Line::Paused(..) | Line::Solution(_) | Line::Noted => {}
        }
    }
    process.finish(outcome.is_some())?;
    outcome.ok_or_else(|| RunError::Exited {
        status: "unknown".into(),
        stderr: String::new(),
    })
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

    fn get<T: std::str::FromStr>(&self, r: &Reader, line: &str, key: &str) -> Result<T, RunError> {
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
pub fn parse_board(cells: &str, width: usize, height: usize) -> Result<Board, ParseBoardError> {
    // Grown from the text, not reserved from the stated size: a size past what the text holds
    // (or past `usize`) must be an error, not an allocation.
    let mut out = Vec::new();
    for (i, tok) in cells.split_whitespace().enumerate() {
        if tok == "-" {
            out.push(None);
            continue;
        }
        let bad = || ParseBoardError::Cell {
            cell: i,
            token: tok.to_string(),
        };
        let (p, r) = tok.split_once('/').ok_or_else(bad)?;
        let piece = p.parse().map_err(|_| bad())?;
        let rotation = r.parse().ok().and_then(Rotation::new).ok_or_else(bad)?;
        out.push(Some(Placement { piece, rotation }));
    }
    let cells = out.len();
    Board::from_cells(width, height, out).ok_or(ParseBoardError::Size {
        cells,
        width,
        height,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found reviewing what the fuzz target feeds `parse_board`: the cells were reserved from
    /// the stated size, an overflow or an allocation of terabytes before the text was read.
    #[test]
    fn a_stated_size_past_the_text_is_an_error_not_an_allocation() {
        // Sizes whose product overflows, or is terabytes, on this target's usize.
        let big = 1usize << (usize::BITS / 2);
        for (w, h) in [(usize::MAX, 2), (big, big / 2), (1 << 15, 1 << 15)] {
            assert!(matches!(
                parse_board("0/0 -", w, h),
                Err(ParseBoardError::Size { cells: 2, .. })
            ));
        }
        assert!(parse_board("0/0 -", 2, 1).is_ok());
    }
}
