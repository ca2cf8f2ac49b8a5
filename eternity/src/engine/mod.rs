//! Search engines: [`EngineKind::Baseline`] ([`baseline`], the seed's plain recursive DFS,
//! kept as the oracle) and [`EngineKind::Table`] ([`table`], the fast one, built on the
//! crate's [`plan`](crate::plan)). Both run behind the same continuation,
//! [`Solver`](crate::search::Solver), chosen by [`SearchOptions::engine`](crate::search::SearchOptions::engine).
//!
//! # The node-count contract
//!
//! Every engine walks the same tree in the same order and counts nodes the same way, so the
//! baseline and the table engine give equal node counts, the same solutions and the same
//! order on every instance, fill order and limit:
//!
//! - the tree: cells are filled in a [`FillOrder`]; at each depth the engine tries the
//!   candidates of [`Instance::candidates`] in that order (piece id ascending, rotation
//!   ascending, duplicate rotations removed), skipping pieces already used and candidates that
//!   are not legal there ([`Board::fits`]);
//! - a **node** is one committed placement: counted after the fit and used checks, as the piece
//!   is placed. Hints are placed before the search and are not counted;
//! - a solution is a placement at the last depth; the search then backtracks and goes on
//!   ([`Mode::All`]) or stops ([`Mode::First`]);
//! - a node limit stops the search just before the placement that would exceed it, so a run
//!   with `max_nodes = n` on a tree of more than `n` nodes counts exactly `n`.

pub mod baseline;
pub mod table;

use std::fmt;
use std::str::FromStr;

use crate::board::Board;
use crate::error::ParseNameError;
use crate::instance::{Candidate, Instance as Inst};
use crate::order::FillOrder as Order;
#[cfg(doc)]
use crate::{instance::Instance, order::FillOrder};
use puzzle_search::{Limit, Meter, Unlimited};

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

/// The engines of this crate. The default is the fastest, [`EngineKind::Table`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EngineKind {
    /// The plain recursive DFS: the oracle for correctness and the yardstick for speed.
    Baseline,
    /// The iterative table-driven engine.
    #[default]
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
    type Err = ParseNameError;
    fn from_str(s: &str) -> Result<EngineKind, ParseNameError> {
        match s {
            "baseline" => Ok(EngineKind::Baseline),
            "table" => Ok(EngineKind::Table),
            _ => Err(ParseNameError {
                what: "engine",
                name: puzzle_search::excerpt(s),
                expected: "baseline or table",
            }),
        }
    }
}

/// Where a search stands, in engine-independent terms: the choices per depth.
///
/// `choices[d]` for `d < choices.len() - 1` is the key ([`Candidate::key`]) of the candidate
/// placed at depth `d`; the last entry is the key from which the frontier depth resumes
/// scanning (`u32::MAX` when that depth is exhausted). Depths below `floor` are fixed: the
/// search never backtracks above them (a split job). `leaf` is the depth at which a filled
/// prefix is reported (the fill order's length, or the split depth while splitting).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Cursor {
    pub(crate) choices: Vec<u32>,
    pub(crate) floor: usize,
    pub(crate) leaf: usize,
    pub(crate) finished: bool,
}

impl Cursor {
    pub(crate) fn start(order: &Order) -> Cursor {
        Cursor {
            choices: vec![0],
            floor: 0,
            leaf: order.len(),
            finished: order.is_empty(),
        }
    }
}

/// Counters every engine keeps the same way.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Stats {
    pub(crate) nodes: u64,
    pub(crate) max_depth: usize,
    /// The path the first time `max_depth` was reached.
    pub(crate) best: Vec<Candidate>,
}

/// Why an engine returned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    /// Depth `leaf` was filled with these choices (a solution when `leaf` is the order's
    /// length). The cursor has moved past it.
    Leaf(Vec<Candidate>),
    /// The budget ran out; the cursor points at the next node.
    Paused,
    /// The (sub)tree is exhausted.
    Finished,
}

/// One engine's resumable state.
#[derive(Clone, Debug)]
pub(crate) enum Core {
    Baseline(Box<baseline::BaselineCore>),
    Table(Box<table::TableCore>),
}

impl Core {
    pub(crate) fn new(kind: EngineKind, inst: &Inst, order: &Order, cursor: Cursor) -> Core {
        match kind {
            EngineKind::Baseline => {
                Core::Baseline(Box::new(baseline::BaselineCore::new(inst, order, cursor)))
            }
            EngineKind::Table => Core::Table(Box::new(table::TableCore::new(inst, order, cursor))),
        }
    }

    pub(crate) fn run<B: Limit>(&mut self, meter: &mut Meter<B>, stats: &mut Stats) -> Event {
        match self {
            Core::Baseline(c) => c.run(meter, stats),
            Core::Table(c) => c.run(meter, stats),
        }
    }

    pub(crate) fn cursor(&self) -> Cursor {
        match self {
            Core::Baseline(c) => c.cursor(),
            Core::Table(c) => c.cursor(),
        }
    }

    /// Moves the core to `cursor`, keeping the tables it built: the next `run` goes on from
    /// there exactly as a core built anew at `cursor` would.
    pub(crate) fn reset(&mut self, cursor: Cursor) {
        match self {
            Core::Baseline(c) => c.reset(cursor),
            Core::Table(c) => c.reset(cursor),
        }
    }

    /// The frontier depth.
    pub(crate) fn depth(&self) -> usize {
        match self {
            Core::Baseline(c) => c.depth(),
            Core::Table(c) => c.depth(),
        }
    }
}

/// Runs `engine` on `inst` in `order` within `limits`: the one-shot form of every engine.
pub fn run(engine: EngineKind, inst: &Inst, order: &Order, limits: Limits) -> Outcome {
    match engine {
        EngineKind::Baseline => baseline::run(inst, order, limits),
        EngineKind::Table => table::run(inst, order, limits),
    }
}

/// Turns a path of choices into a board with the hints.
pub(crate) fn board_of(inst: &Inst, order: &Order, path: &[Candidate]) -> Board {
    let mut b = Board::with_hints(inst);
    for (&cell, &c) in order.cells().iter().zip(path) {
        b.place(cell, c);
    }
    b
}

/// Drives a core to the end of a one-shot run.
fn run_core(core: impl Into<Core>, inst: &Inst, order: &Order, limits: Limits) -> Outcome {
    let mut core = core.into();
    let mut stats = Stats::default();
    let mut meter = Meter::with_cap(Unlimited, 0, limits.max_nodes.unwrap_or(u64::MAX));
    let mut solutions = 0;
    let mut first_solution = None;
    if order.is_empty() {
        return Outcome {
            nodes: 0,
            solutions: 1,
            first_solution: Some(Board::with_hints(inst)),
            max_depth: 0,
            complete: true,
        };
    }
    let complete = loop {
        match core.run(&mut meter, &mut stats) {
            Event::Leaf(path) => {
                solutions += 1;
                if first_solution.is_none() {
                    first_solution = Some(board_of(inst, order, &path));
                }
                if limits.mode == Mode::First {
                    break true;
                }
            }
            Event::Paused => break false,
            Event::Finished => break true,
        }
    };
    Outcome {
        nodes: stats.nodes,
        solutions,
        first_solution,
        max_depth: stats.max_depth,
        complete,
    }
}

impl From<baseline::BaselineCore> for Core {
    fn from(c: baseline::BaselineCore) -> Core {
        Core::Baseline(Box::new(c))
    }
}

impl From<table::TableCore> for Core {
    fn from(c: table::TableCore) -> Core {
        Core::Table(Box::new(c))
    }
}
