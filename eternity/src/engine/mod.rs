//! Search engines. All of them walk the same tree in the same order and count nodes the same
//! way, so their node counts are equal on every instance, order and limit:
//!
//! - the tree: cells are filled in a [`FillOrder`]; at each depth the engine tries the
//!   candidates of [`Instance::candidates`] in that order (piece id ascending, rotation
//!   ascending, duplicate rotations removed), skipping pieces already used and candidates that
//!   are not legal there ([`crate::board`]);
//! - a **node** is one committed placement: counted after the fit and used checks, as the piece
//!   is placed. Hints are placed before the search and are not counted;
//! - a solution is a placement at the last depth; the search then backtracks and goes on
//!   ([`Mode::All`]) or stops ([`Mode::First`]);
//! - a node limit stops the search just before the placement that would exceed it, so a run
//!   with `max_nodes = n` on a tree of more than `n` nodes counts exactly `n`.

pub mod baseline;

use std::fmt;
use std::str::FromStr;

use crate::board::Board;
#[cfg(doc)]
use crate::{instance::Instance, order::FillOrder};

/// Whether a search stops at its first solution.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Enumerate the whole tree, counting every solution.
    #[default]
    All,
    /// Stop at the first solution.
    First,
}

/// What a one-shot run may do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Limits {
    /// Stop at the first solution or enumerate all.
    pub mode: Mode,
    /// Stop after this many nodes (exactly this many are counted if the tree is larger).
    pub max_nodes: Option<u64>,
}

impl Limits {
    /// Full enumeration, no node limit.
    pub fn all() -> Limits {
        Limits::default()
    }

    /// Stop at the first solution, no node limit.
    pub fn first() -> Limits {
        Limits {
            mode: Mode::First,
            max_nodes: None,
        }
    }

    /// The same limits with a node limit.
    pub fn with_max_nodes(self, max_nodes: u64) -> Limits {
        Limits {
            max_nodes: Some(max_nodes),
            ..self
        }
    }
}

/// What a one-shot run found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Nodes (committed placements, hints not counted).
    pub nodes: u64,
    /// Solutions found.
    pub solutions: u64,
    /// The first solution found, hints included.
    pub first_solution: Option<Board>,
    /// The most open cells filled at once (the fill order's length when a solution was found).
    pub max_depth: usize,
    /// True when the run ended because the tree was exhausted or, in [`Mode::First`], a
    /// solution was found; false when the node limit stopped it.
    pub complete: bool,
}

/// The engines of this crate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EngineKind {
    /// The plain recursive DFS: the oracle for correctness and the yardstick for speed.
    #[default]
    Baseline,
    /// The iterative table-driven engine.
    Table,
}

impl EngineKind {
    /// Every engine, baseline first.
    pub const ALL: [EngineKind; 2] = [EngineKind::Baseline, EngineKind::Table];

    /// The name used on command lines: `baseline` or `table`.
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Baseline => "baseline",
            EngineKind::Table => "table",
        }
    }
}

impl fmt::Display for EngineKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for EngineKind {
    type Err = String;
    fn from_str(s: &str) -> Result<EngineKind, String> {
        match s {
            "baseline" => Ok(EngineKind::Baseline),
            "table" => Ok(EngineKind::Table),
            _ => Err(format!("unknown engine `{s}` (expected baseline or table)")),
        }
    }
}
