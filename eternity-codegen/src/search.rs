//! The public continuation: a generated program running in a child process, driven through
//! [`puzzle_search::Search`].
//!
//! [`Running`] starts the program with `--control`: it waits on its standard input for
//! `go THRESHOLD DEADLINE_US` and searches until the node count reaches the threshold (it stops
//! before that placement), the deadline passes (it reads the clock itself, every
//! [`puzzle_search::CLOCK_EVERY`] nodes), a cap of the run's own is reached, or it finds a
//! solution; then it prints a `paused` line with its counters and waits again.
//!
//! [`Search::step`] translates its [`Limit`] into those commands. It calls [`Limit::start`]
//! and [`Limit::check`] with the child's exact node count, and sends the threshold and the
//! [`Limit::deadline`] hint along, so a node budget stops on the very node an in-process
//! engine stops on, an unlimited step makes no round trip at all, and a time budget makes one
//! at its end. The one exception: under a deadline, a threshold exactly `CLOCK_EVERY` nodes
//! ahead is the limit's clock poll (the family's one poll interval) and is not sent, because
//! the child reads the clock itself; a round trip there would halve the search speed. Such a
//! limit is asked [`Limit::check`] when the child stops at the deadline, so a cancel flag
//! under a time budget is seen at the end of the slice.

use puzzle_search::Instant;
use std::io::Write as _;
use std::path::Path;
use std::process::ChildStdin;

use eternity_solver::Board;
use puzzle_search::{CLOCK_EVERY, Limit, Search, Step, Unlimited};

use crate::error::RunError;
use crate::run::{Counters, Line, Outcome, Process, Reader, Reason, RunOptions};

/// The progress of a [`Running`] program: the family's counters plus what the program
/// reports of its search.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Progress {
    /// Nodes (committed placements, pins not counted) and solutions returned as
    /// [`Step::Found`]; no fraction.
    pub core: puzzle_search::Progress,
    /// Current depth (placements on the current path) at the last report.
    pub depth: usize,
    /// Deepest depth reached.
    pub max_depth: usize,
    /// Score of the deepest board.
    pub best_score: u32,
    /// CPU seconds the program has used.
    pub cpu_s: f64,
}

puzzle_search::extends_progress!(Progress, core);

/// A program running in a child process: a [`Search`] whose items are the solutions, in the
/// order the in-process engines find them, with the same node counts however it is stepped.
///
/// A cap of the run's own ([`RunOptions::max_nodes`], [`RunOptions::time_budget`], or the
/// program's baked-in node budget) pauses it for good: every later step returns
/// [`Step::Paused`] without work. A failure (the child died, printed nonsense) ends the search:
/// that step returns [`Step::Finished`] and [`Running::error`] says what happened. A dropped
/// `Running` kills its child.
#[derive(Debug)]
pub struct Running {
    process: Process,
    stdin: Option<ChildStdin>,
    reader: Reader,
    progress: Progress,
    outcome: Option<Outcome>,
    error: Option<RunError>,
    capped: bool,
    /// A solution line read, to be returned at the pause that follows it.
    pending: Option<Board>,
    /// The run's own time cap, as an instant.
    run_deadline: Option<Instant>,
    /// The deadline of the step in hand (the earlier of the step's and the run's): a program
    /// silent well past it is taken for hung.
    deadline: Option<Instant>,
}

impl Running {
    /// Starts `binary` (a program emitted for a `width` x `height` board) with `options`; it
    /// waits for the first step.
    pub fn spawn(
        binary: &Path,
        width: usize,
        height: usize,
        options: &RunOptions,
    ) -> Result<Running, RunError> {
        let mut args = options.args();
        args.push("--control".into());
        let run_deadline = options.time_budget.map(|b| Instant::now() + b);
        let mut process = Process::spawn(binary, &args, true)?;
        let stdin = process.child.stdin.take();
        Ok(Running {
            process,
            stdin,
            reader: Reader::new(width, height),
            progress: Progress::default(),
            outcome: None,
            error: None,
            capped: false,
            pending: None,
            run_deadline,
            deadline: run_deadline,
        })
    }

    /// The result, once a step returned [`Step::Finished`] without an error (or after
    /// [`Running::stop`]).
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// What ended the search, if a failure did.
    pub fn error(&self) -> Option<&RunError> {
        self.error.as_ref()
    }

    /// True once a cap of the run's own stopped it.
    pub fn is_capped(&self) -> bool {
        self.capped
    }

    /// Runs to the end (or to a cap of its own) and returns the outcome; solutions found on
    /// the way are counted in it.
    pub fn wait(mut self) -> Result<Outcome, RunError> {
        while let Step::Found(_) = self.step(Unlimited) {}
        self.stop()
    }

    /// Ends the search where it stands and returns the outcome: [`Status::Budget`] unless the
    /// search was already over.
    ///
    /// [`Status::Budget`]: crate::Status::Budget
    pub fn stop(mut self) -> Result<Outcome, RunError> {
        if self.outcome.is_none() && self.error.is_none() {
            self.quit();
        }
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        self.outcome.take().ok_or_else(|| RunError::Exited {
            status: "unknown".into(),
            stderr: String::new(),
        })
    }

    /// Kills the program; the next step returns [`Step::Finished`] with an error.
    pub fn kill(&mut self) -> Result<(), RunError> {
        self.stdin = None;
        self.process.kill()
    }

    /// Tells the program to end and reads its summary.
    fn quit(&mut self) {
        if let Err(e) = self.send("quit\n") {
            self.fail(e);
            return;
        }
        self.stdin = None;
        loop {
            match self.next_line() {
                Ok(None) => continue,
                Ok(Some(_)) => {}
                Err(e) => {
                    self.fail(e);
                    return;
                }
            }
            if self.outcome.is_some() {
                return;
            }
        }
    }

    fn send(&mut self, command: &str) -> Result<(), RunError> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| std::io::Error::other("the program's input is closed"))?;
        stdin.write_all(command.as_bytes())?;
        stdin.flush()?;
        Ok(())
    }

    /// Sends `go` for a threshold and the limit's deadline. Under a deadline, a threshold one
    /// clock poll ahead is the limit's clock poll, which the child does itself.
    fn go(&mut self, threshold: u64, deadline: Option<Instant>) -> Result<(), RunError> {
        self.deadline = match (deadline, self.run_deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let nodes = self.progress.core.nodes;
        let command = match deadline {
            Some(d) => {
                let threshold = if threshold == nodes.saturating_add(CLOCK_EVERY) {
                    u64::MAX
                } else {
                    threshold
                };
                let us = d.saturating_duration_since(Instant::now()).as_micros();
                format!("go {threshold} {}\n", u64::try_from(us).unwrap_or(u64::MAX))
            }
            None => format!("go {threshold} -\n"),
        };
        self.send(&command)
    }

    /// Reads one line: `Some(pause)` at a pause, `None` for any other line. At the summary the
    /// child's exit is waited for and the outcome kept.
    fn next_line(&mut self) -> Result<Option<Option<Reason>>, RunError> {
        let line = match self.process.next_line(self.deadline)? {
            Some(line) => line,
            None => {
                self.process.finish(false)?;
                return Err(RunError::Exited {
                    status: "closed its output".into(),
                    stderr: String::new(),
                });
            }
        };
        match self.reader.take(&line)? {
            Line::Progress(c) => {
                self.note(c);
                Ok(None)
            }
            Line::Paused(reason, c) => {
                self.note(c);
                Ok(Some(Some(reason)))
            }
            Line::Solution(board) => {
                self.pending = Some(board);
                Ok(None)
            }
            Line::Noted => Ok(None),
            Line::Summary(outcome) => {
                self.progress.core.nodes = outcome.nodes;
                self.progress.max_depth = outcome.max_depth;
                self.progress.best_score = outcome.best_score;
                self.progress.cpu_s = outcome.cpu_s;
                self.outcome = Some(outcome);
                self.stdin = None;
                self.process.finish(true)?;
                Ok(Some(None))
            }
        }
    }

    fn note(&mut self, c: Counters) {
        self.progress.core.nodes = c.nodes;
        self.progress.depth = c.depth;
        self.progress.max_depth = c.max_depth;
        self.progress.best_score = c.best_score;
        self.progress.cpu_s = c.cpu_s;
    }

    fn fail(&mut self, e: RunError) {
        self.stdin = None;
        let _ = self.process.kill();
        self.error = Some(e);
    }

    fn step_inner<L: Limit>(&mut self, mut limit: L) -> Result<Step<Board>, RunError> {
        let nodes = self.progress.core.nodes;
        // As a meter does: every step owes at least one unit of work.
        let first = limit.start(nodes).max(nodes.saturating_add(1));
        self.go(first, limit.deadline())?;
        loop {
            let Some(reason) = self.next_line()? else {
                continue;
            };
            match reason {
                // The summary: the search is over (a solution in first mode comes first).
                None => {
                    return Ok(match self.pending.take() {
                        Some(board) => self.found(board),
                        None => Step::Finished,
                    });
                }
                Some(Reason::Solution) => {
                    let board = self.pending.take().ok_or_else(|| RunError::Malformed {
                        line: self.reader.line_no(),
                        text: "paused reason=solution".into(),
                        reason: "a solution pause without a solution line".into(),
                        source: None,
                    })?;
                    return Ok(self.found(board));
                }
                Some(Reason::Cap) => {
                    self.capped = true;
                    return Ok(Step::Paused);
                }
                Some(Reason::Limit) => {
                    let nodes = self.progress.core.nodes;
                    match limit.check(nodes) {
                        Some(next) if next > nodes => self.go(next, limit.deadline())?,
                        _ => return Ok(Step::Paused),
                    }
                }
            }
        }
    }

    fn found(&mut self, board: Board) -> Step<Board> {
        self.progress.core.found += 1;
        Step::Found(board)
    }
}

impl Search for Running {
    type Item = Board;
    type Progress = Progress;

    fn step<L: Limit>(&mut self, budget: L) -> Step<Board> {
        if self.outcome.is_some() || self.error.is_some() {
            return Step::Finished;
        }
        if self.capped {
            return Step::Paused;
        }
        match self.step_inner(budget) {
            Ok(step) => step,
            Err(e) => {
                self.fail(e);
                Step::Finished
            }
        }
    }

    fn progress(&self) -> Progress {
        self.progress
    }
}
