//! The saved form of a search: the choices per depth plus the counters, as a small text file.

use std::fmt::Write as _;

use puzzle_search::{Checkpoint, CheckpointError};

use crate::board::Board;
use crate::engine::{Cursor, Mode, Stats};
use crate::error::{FormatError, ResumeError};
use crate::instance::{Candidate, Instance};
use crate::order::FillOrder;

/// A search's state as plain data.
///
/// `choices[d]`, for every depth `d` but the last, is the key ([`Candidate::key`], `piece * 4
/// + rotation`) of the candidate on the path at depth `d`; the last entry is the key from
/// which the frontier depth goes on scanning (`u32::MAX`: that depth is exhausted). Depths
/// below `floor` are fixed (a job of a [`split`](super::split)); a whole-tree search has
/// `floor` 0. The counters make a resumed run report the same totals as one long run.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Continuation {
    /// Hash of the instance and fill order it belongs to (see [`Continuation::fingerprint`]).
    pub fingerprint: u64,
    /// Stop at the first solution or enumerate.
    pub mode: Mode,
    /// True when the search is over.
    pub finished: bool,
    /// The choices per depth (see the type's docs).
    pub choices: Vec<u32>,
    /// Depths below this are fixed.
    pub floor: usize,
    /// Nodes so far.
    pub nodes: u64,
    /// Solutions so far.
    pub solutions: u64,
    /// Deepest depth reached.
    pub max_depth: usize,
    /// Keys of the path at the deepest depth (the best board).
    pub best: Vec<u32>,
}

const HEADER: &str = "eternity-solver continuation 1";

impl Continuation {
    /// Where an engine resumes this continuation (after [`Continuation::check`]).
    pub(crate) fn cursor(&self, order: &FillOrder) -> Cursor {
        Cursor {
            choices: self.choices.clone(),
            floor: self.floor,
            leaf: order.len(),
            // With every cell hinted the core has nothing to do (as `Cursor::start`); the
            // solver itself reports the hints as the one solution unless `finished`.
            finished: self.finished || order.is_empty(),
        }
    }

    /// The counters it resumes with (after [`Continuation::check`], which checked `best`).
    pub(crate) fn stats(&self) -> Stats {
        Stats {
            nodes: self.nodes,
            max_depth: self.max_depth,
            best: self
                .best
                .iter()
                .map(|&k| Candidate::from_key(k).expect("checked"))
                .collect(),
        }
    }

    /// A stable hash (FNV-1a) of the board size, pieces, hints and fill order.
    pub fn fingerprint(inst: &Instance, order: &FillOrder) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |x: u64| {
            for b in x.to_le_bytes() {
                h ^= b as u64;
                h = h.wrapping_mul(0x0000_0100_0000_01b3);
            }
        };
        eat(inst.width() as u64);
        eat(inst.height() as u64);
        for p in inst.pieces() {
            eat(u32::from_le_bytes(p.edges) as u64);
        }
        for hint in inst.hints() {
            eat(hint.cell as u64);
            eat(hint.piece as u64);
            eat(hint.rotation.quarter_turns() as u64);
        }
        eat(u64::MAX);
        for &c in order.cells() {
            eat(c as u64);
        }
        h
    }

    /// Checks that this continuation belongs to `inst` in `order` and that every recorded
    /// choice (and the best path) is a legal placement.
    pub fn check(&self, inst: &Instance, order: &FillOrder) -> Result<(), ResumeError> {
        let this = Continuation::fingerprint(inst, order);
        if self.fingerprint != this {
            return Err(ResumeError::Fingerprint {
                saved: self.fingerprint,
                this,
            });
        }
        if !self.finished {
            // A fully hinted board's fill order is empty, and its search still has one
            // frontier (the start, `[0]`) until it reports the hints as its solution.
            if self.choices.is_empty() || self.choices.len() > order.len().max(1) {
                return Err(ResumeError::Shape(format!(
                    "{} choices for a fill order of {} cells",
                    self.choices.len(),
                    order.len()
                )));
            }
            if self.choices.len() <= self.floor {
                return Err(ResumeError::Shape(format!(
                    "floor {} is not above the frontier depth {}",
                    self.floor,
                    self.choices.len() - 1
                )));
            }
            check_path(inst, order, &self.choices[..self.choices.len() - 1])?;
        }
        if self.max_depth != self.best.len() || self.best.len() > order.len() {
            return Err(ResumeError::Shape(format!(
                "max depth {} but a best path of {} choices",
                self.max_depth,
                self.best.len()
            )));
        }
        check_path(inst, order, &self.best)
    }

    /// The continuation as text: a header line, then `key value...` lines; choices are
    /// written as `piece/rotation`, the exhausted marker as `end`.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let keys = |v: &[u32]| -> String {
            v.iter()
                .map(|&k| match Candidate::from_key(k) {
                    Some(c) if k != u32::MAX => c.to_string(),
                    _ => "end".to_string(),
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        // Writing to a String cannot fail.
        let _ = writeln!(s, "{HEADER}");
        let _ = writeln!(s, "fingerprint {:016x}", self.fingerprint);
        let _ = writeln!(
            s,
            "mode {}",
            match self.mode {
                Mode::All => "all",
                Mode::First => "first",
            }
        );
        let _ = writeln!(s, "finished {}", self.finished);
        let _ = writeln!(s, "nodes {}", self.nodes);
        let _ = writeln!(s, "solutions {}", self.solutions);
        let _ = writeln!(s, "max_depth {}", self.max_depth);
        let _ = writeln!(s, "floor {}", self.floor);
        let _ = writeln!(s, "choices {}", keys(&self.choices));
        let _ = writeln!(s, "best {}", keys(&self.best));
        s
    }

    /// Parses [`Continuation::to_text`]'s output.
    pub fn from_text(text: &str) -> Result<Continuation, FormatError> {
        let mut lines = text.lines().enumerate();
        match lines.next() {
            Some((_, l)) if l.trim() == HEADER => {}
            _ => {
                return Err(FormatError::Syntax {
                    line: 1,
                    column: 1,
                    message: format!("expected `{HEADER}`"),
                });
            }
        }
        let mut c = Continuation {
            fingerprint: 0,
            mode: Mode::All,
            finished: false,
            choices: Vec::new(),
            floor: 0,
            nodes: 0,
            solutions: 0,
            max_depth: 0,
            best: Vec::new(),
        };
        let mut seen = Vec::new();
        for (i, line) in lines {
            let line_no = i + 1;
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            let bad = |message: String| FormatError::Field {
                line: Some(line_no),
                field: key.to_string(),
                message,
            };
            let num = |s: &str| -> Result<u64, FormatError> {
                s.trim()
                    .parse()
                    .map_err(|_| bad(format!("expected a whole number, got `{}`", s.trim())))
            };
            let list = |s: &str| -> Result<Vec<u32>, FormatError> {
                s.split_whitespace()
                    .map(|w| {
                        if w == "end" {
                            return Ok(u32::MAX);
                        }
                        let (p, r) = w
                            .split_once('/')
                            .ok_or_else(|| bad(format!("expected piece/rotation, got `{w}`")))?;
                        let p: u32 = p.parse().map_err(|_| bad(format!("bad piece in `{w}`")))?;
                        let r: u32 = r
                            .parse()
                            .ok()
                            .filter(|&r| r < 4)
                            .ok_or_else(|| bad(format!("bad rotation in `{w}`")))?;
                        if p > u16::MAX as u32 {
                            return Err(bad(format!("piece too large in `{w}`")));
                        }
                        Ok(p * 4 + r)
                    })
                    .collect()
            };
            match key {
                "fingerprint" => {
                    c.fingerprint = u64::from_str_radix(rest.trim(), 16)
                        .map_err(|_| bad("expected 16 hex digits".into()))?
                }
                "mode" => {
                    c.mode = match rest.trim() {
                        "all" => Mode::All,
                        "first" => Mode::First,
                        m => return Err(bad(format!("expected all or first, got `{m}`"))),
                    }
                }
                "finished" => {
                    c.finished = match rest.trim() {
                        "true" => true,
                        "false" => false,
                        m => return Err(bad(format!("expected true or false, got `{m}`"))),
                    }
                }
                "nodes" => c.nodes = num(rest)?,
                "solutions" => c.solutions = num(rest)?,
                "max_depth" => c.max_depth = num(rest)? as usize,
                "floor" => c.floor = num(rest)? as usize,
                "choices" => c.choices = list(rest)?,
                "best" => c.best = list(rest)?,
                _ => return Err(bad("unknown field".into())),
            }
            seen.push(key.to_string());
        }
        for need in ["fingerprint", "nodes", "choices"] {
            if !seen.iter().any(|k| k == need) {
                return Err(FormatError::Field {
                    line: None,
                    field: need.to_string(),
                    message: "missing".to_string(),
                });
            }
        }
        Ok(c)
    }

    /// The kind of search in this crate's checkpoints.
    pub const KIND: &'static str = "eternity-solver/dfs";
    /// The version of the body ([`Continuation::to_text`]) in this crate's checkpoints.
    pub const VERSION: u32 = 1;

    /// This continuation in the family's [`Checkpoint`] envelope: kind [`Continuation::KIND`],
    /// version [`Continuation::VERSION`], the fingerprint, the counters, and
    /// [`Continuation::to_text`] as the body.
    pub fn to_checkpoint(&self) -> Checkpoint {
        Checkpoint {
            kind: Continuation::KIND.to_string(),
            version: Continuation::VERSION,
            fingerprint: self.fingerprint,
            progress: puzzle_search::Progress::new(self.nodes, self.solutions),
            body: self.to_text(),
        }
    }

    /// The continuation in a checkpoint: checks its kind and version, parses the body, and
    /// checks that the body agrees with the envelope's fingerprint and counters. Whether it
    /// belongs to a given puzzle is checked by [`Solver::from_checkpoint`](super::Solver::from_checkpoint)
    /// and [`Solver::resume`](super::Solver::resume).
    pub fn from_checkpoint(checkpoint: &Checkpoint) -> Result<Continuation, ResumeError> {
        checkpoint.expect(
            Continuation::KIND,
            Continuation::VERSION,
            checkpoint.fingerprint,
        )?;
        let c = Continuation::from_text(&checkpoint.body).map_err(ResumeError::Body)?;
        if c.fingerprint != checkpoint.fingerprint {
            return Err(CheckpointError::Fingerprint {
                expected: checkpoint.fingerprint,
                found: c.fingerprint,
            }
            .into());
        }
        if (c.nodes, c.solutions) != (checkpoint.progress.nodes, checkpoint.progress.found) {
            return Err(ResumeError::Shape(format!(
                "the body counts {} nodes and {} solutions, the envelope {} and {}",
                c.nodes, c.solutions, checkpoint.progress.nodes, checkpoint.progress.found
            )));
        }
        Ok(c)
    }

    /// Writes [`Continuation::to_checkpoint`] to a file, atomically (a temporary file, synced,
    /// then renamed into place), so a run killed while saving never leaves a torn state
    /// behind.
    pub fn save(&self, path: impl AsRef<std::path::Path>) -> Result<(), CheckpointError> {
        self.to_checkpoint().save(path)
    }

    /// Reads a file written by [`Continuation::save`] (or [`Checkpoint::save`] of a
    /// [`Solver::checkpoint`](super::Solver::checkpoint)): a truncated, damaged or foreign
    /// file, or one of another version, is refused with a typed error.
    pub fn load(path: impl AsRef<std::path::Path>) -> Result<Continuation, ResumeError> {
        Continuation::from_checkpoint(&Checkpoint::load(path)?)
    }
}

/// Places `keys` at depths 0.. on a board with the hints, checking each.
fn check_path(inst: &Instance, order: &FillOrder, keys: &[u32]) -> Result<(), ResumeError> {
    if keys.len() > order.len() {
        return Err(ResumeError::Shape(format!(
            "{} choices for a fill order of {} cells",
            keys.len(),
            order.len()
        )));
    }
    let mut board = Board::with_hints(inst);
    let mut used = inst.hinted_pieces();
    for (depth, (&k, &cell)) in keys.iter().zip(order.cells()).enumerate() {
        let bad = |why: &str| ResumeError::Choice {
            depth,
            choice: Candidate::from_key(k).map_or(k.to_string(), |c| c.to_string()),
            why: why.to_string(),
        };
        let c = Candidate::from_key(k).ok_or_else(|| bad("not a candidate key"))?;
        if c.piece as usize >= inst.cells() {
            return Err(bad("no such piece"));
        }
        if used[c.piece as usize] {
            return Err(bad("piece already used"));
        }
        if !inst
            .piece(c.piece)
            .distinct_rotations()
            .any(|r| r == c.rotation)
        {
            return Err(bad("duplicate rotation of a symmetric piece"));
        }
        if let Err(side) = board.check_fit(inst, cell, c) {
            return Err(bad(&format!("does not fit on its {side:?} side")));
        }
        used[c.piece as usize] = true;
        board.place(cell, c);
    }
    Ok(())
}
