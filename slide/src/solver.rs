//! Choosing an engine and a heuristic at run time (for programs with command-line options).

use std::path::PathBuf;
use std::str::FromStr;

use crate::astar::AStar;
use crate::error::{PdbError, PuzzleError};
use crate::heuristic::{Heuristic, LinearConflict, Manhattan};
use crate::idastar::IdaStar;
use crate::pdb::{BuildProgress, Partition, PatternDatabases};
use crate::queue::{BucketQueue, HeapQueue};
use crate::search::{Progress, Step, Unlimited};
use crate::solution::Solution;
use crate::state::Puzzle;
use crate::walking::WalkingDistance;

/// The engines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EngineKind {
    /// The seed's A* (closes on generation, pairwise linear conflict; may be non-optimal).
    Baseline,
    /// A* with the bucket queue.
    AStar,
    /// A* with the binary heap.
    AStarHeap,
    /// IDA* with incremental heuristic updates.
    IdaStar,
}

impl EngineKind {
    /// Name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Baseline => "baseline",
            EngineKind::AStar => "astar",
            EngineKind::AStarHeap => "astar-heap",
            EngineKind::IdaStar => "idastar",
        }
    }
}

impl FromStr for EngineKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Ok(match s {
            "baseline" => EngineKind::Baseline,
            "astar" | "astar-bucket" => EngineKind::AStar,
            "astar-heap" => EngineKind::AStarHeap,
            "idastar" | "ida" => EngineKind::IdaStar,
            _ => {
                return Err(format!(
                    "unknown engine {s:?}: use baseline, astar, astar-heap or idastar"
                ));
            }
        })
    }
}

/// The heuristics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeuristicKind {
    /// Manhattan distance.
    Manhattan,
    /// Manhattan distance plus linear conflicts.
    LinearConflict,
    /// Takahashi's walking distance (boards with sides up to 4).
    WalkingDistance,
    /// Additive pattern databases of a partition.
    Pdb(Partition),
}

impl HeuristicKind {
    /// Name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            HeuristicKind::Manhattan => "manhattan",
            HeuristicKind::LinearConflict => "linear-conflict",
            HeuristicKind::WalkingDistance => "walking-distance",
            HeuristicKind::Pdb(p) => p.name(),
        }
    }

    /// A good default for a board: the 7-1 databases for 3x3 (built in milliseconds), the
    /// 6-6-3 databases for 4x4 (seconds to build once), linear conflict otherwise.
    pub fn default_for(width: usize, height: usize) -> HeuristicKind {
        match (width, height) {
            (3, 3) => HeuristicKind::Pdb(Partition::P71),
            (4, 4) => HeuristicKind::Pdb(Partition::P663),
            _ => HeuristicKind::LinearConflict,
        }
    }
}

impl EngineKind {
    /// A good default for a board: A* up to 3x3 (it never repeats work), IDA* beyond (its
    /// memory is the path only).
    pub fn default_for(width: usize, height: usize) -> EngineKind {
        if width * height <= 9 {
            EngineKind::AStar
        } else {
            EngineKind::IdaStar
        }
    }
}

impl FromStr for HeuristicKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Ok(match s {
            "manhattan" | "md" => HeuristicKind::Manhattan,
            "linear-conflict" | "lc" => HeuristicKind::LinearConflict,
            "walking-distance" | "wd" => HeuristicKind::WalkingDistance,
            "pdb663" | "pdb-6-6-3" => HeuristicKind::Pdb(Partition::P663),
            "pdb78" | "pdb-7-8" => HeuristicKind::Pdb(Partition::P78),
            "pdb6666" | "pdb-6-6-6-6" => HeuristicKind::Pdb(Partition::P6666),
            "pdb71" | "pdb-7-1" => HeuristicKind::Pdb(Partition::P71),
            "pdb-small" => HeuristicKind::Pdb(Partition::Small),
            _ => {
                return Err(format!(
                    "unknown heuristic {s:?}: use manhattan, linear-conflict, walking-distance, pdb71, pdb663, pdb78, pdb6666 or pdb-small"
                ));
            }
        })
    }
}

/// Anything that can stop a run-time solve.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// The puzzle or heuristic choice is wrong.
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    /// A pattern database could not be loaded or built.
    #[error(transparent)]
    Pdb(#[from] PdbError),
    /// The engine ended without a solution (cannot happen for a solvable puzzle).
    #[error("the search ended without a solution")]
    NoSolution,
}

/// Options for [`solve`].
#[derive(Clone, Debug)]
pub struct Options {
    /// Engine.
    pub engine: EngineKind,
    /// Heuristic (ignored by `baseline`, which always uses the seed's).
    pub heuristic: HeuristicKind,
    /// Where pattern databases are cached (`None`: [`crate::pdb::default_dir`]).
    pub pdb_dir: Option<PathBuf>,
}

/// A solution with the search's counters.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The moves.
    pub solution: Solution,
    /// Nodes expanded and generated.
    pub progress: Progress,
}

fn run_astar<H: Heuristic>(p: &Puzzle, h: H, heap: bool) -> Result<Outcome, SolveError> {
    if heap {
        let mut s = AStar::<H, HeapQueue>::new(p, h)?;
        match s.step(Unlimited) {
            Step::Found(solution) => Ok(Outcome {
                solution,
                progress: s.progress(),
            }),
            _ => Err(SolveError::NoSolution),
        }
    } else {
        let mut s = AStar::<H, BucketQueue>::new(p, h)?;
        match s.step(Unlimited) {
            Step::Found(solution) => Ok(Outcome {
                solution,
                progress: s.progress(),
            }),
            _ => Err(SolveError::NoSolution),
        }
    }
}

fn run<H: Heuristic>(p: &Puzzle, h: H, engine: EngineKind) -> Result<Outcome, SolveError> {
    match engine {
        EngineKind::AStar => run_astar(p, h, false),
        EngineKind::AStarHeap => run_astar(p, h, true),
        EngineKind::IdaStar | EngineKind::Baseline => {
            let mut s = IdaStar::new(p, h)?;
            match s.step(Unlimited) {
                Step::Found(solution) => Ok(Outcome {
                    solution,
                    progress: s.progress(),
                }),
                _ => Err(SolveError::NoSolution),
            }
        }
    }
}

/// Solves with the chosen engine and heuristic, building pattern databases if needed
/// (`progress` sees each build layer; return `false` to stop the build).
pub fn solve(
    puzzle: &Puzzle,
    options: &Options,
    progress: impl FnMut(BuildProgress) -> bool,
) -> Result<Outcome, SolveError> {
    let g = puzzle.geometry();
    let blank = puzzle.goal().blank();
    if options.engine == EngineKind::Baseline {
        let (solution, progress) = crate::baseline::solve(puzzle);
        return solution
            .map(|solution| Outcome { solution, progress })
            .ok_or(SolveError::NoSolution);
    }
    match options.heuristic {
        HeuristicKind::Manhattan => run(puzzle, Manhattan::new(g, blank), options.engine),
        HeuristicKind::LinearConflict => run(puzzle, LinearConflict::new(g, blank), options.engine),
        HeuristicKind::WalkingDistance => {
            run(puzzle, WalkingDistance::new(g, blank)?, options.engine)
        }
        HeuristicKind::Pdb(part) => {
            let h = PatternDatabases::load(
                part,
                g.width,
                g.height,
                blank,
                options.pdb_dir.as_deref(),
                progress,
            )?;
            run(puzzle, h, options.engine)
        }
    }
}
