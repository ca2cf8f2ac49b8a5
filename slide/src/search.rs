//! The public continuation: [`Solver`], any engine with any heuristic chosen at run time from
//! [`Options`], and its [`Progress`]; [`solve`] runs one to the end.

use std::path::PathBuf;
use std::str::FromStr;

use puzzle_search::{Limit, Search, Step, Unlimited};

use crate::engine::{AStar, Baseline, Engine, IdaStar, Iteration};
use crate::error::{NameError, SolveError};
use crate::heuristic::{Heuristic, LinearConflict, Manhattan};
use crate::pdb::{BuildProgress, Partition, PatternDatabases};
use crate::queue::{BucketQueue, HeapQueue};
use crate::solution::Solution;
use crate::state::Puzzle;
use crate::walking::WalkingDistance;

/// What a search has done so far: the family's common counters plus the engine's own. Cheap
/// to read at any time ([`Search::progress`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct Progress {
    /// Nodes (generated children, see [`Engine`]) and solutions found (0 or 1); the fraction
    /// is 1 once the search is over and unknown before.
    pub core: puzzle_search::Progress,
    /// Nodes expanded (A*: states whose children were generated; IDA*: children within the
    /// threshold).
    pub expanded: u64,
    /// Nodes generated (children created, before the bound or duplicate check): the same
    /// count as `core.nodes`.
    pub generated: u64,
    /// The current f bound: the f of the last expanded node (A*) or the iteration's
    /// threshold (IDA*).
    pub bound: u32,
    /// Nodes waiting in the open list (A*) or on the path (IDA*), as of the last pause or
    /// solution.
    pub open: usize,
}

puzzle_search::extends_progress!(Progress, core);

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

impl FromStr for HeuristicKind {
    type Err = NameError;
    fn from_str(s: &str) -> Result<Self, NameError> {
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
                return Err(NameError::Heuristic {
                    name: puzzle_search::excerpt(s),
                });
            }
        })
    }
}

/// What a [`Solver`] runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Engine.
    pub engine: Engine,
    /// Heuristic (ignored by [`Engine::Baseline`], which always uses the seed's).
    pub heuristic: HeuristicKind,
    /// Where pattern databases are cached (`None`: [`PatternDatabases::default_dir`]).
    pub pdb_dir: Option<PathBuf>,
    /// The most nodes the A* engines ([`Engine::AStar`], [`Engine::AStarHeap`],
    /// [`Engine::Baseline`]) store, their memory; IDA* stores none. A search that reaches it
    /// stops ([`Solver::is_out_of_memory`]) instead of exhausting the machine's memory.
    pub max_stored: usize,
}

impl Options {
    /// `engine` with `heuristic`, pattern databases in the default cache directory.
    pub fn new(engine: Engine, heuristic: HeuristicKind) -> Options {
        Options {
            engine,
            heuristic,
            pdb_dir: None,
            max_stored: crate::DEFAULT_MAX_STORED,
        }
    }

    /// The defaults for a board size ([`Engine::default_for`], [`HeuristicKind::default_for`]).
    pub fn default_for(width: usize, height: usize) -> Options {
        Options::new(
            Engine::default_for(width, height),
            HeuristicKind::default_for(width, height),
        )
    }
}

/// One engine over one heuristic, monomorphised. Boxed as a whole in [`Inner`], so the
/// variants' sizes do not matter.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
enum Engines<H: Heuristic> {
    AStar(AStar<H, BucketQueue>),
    AStarHeap(AStar<H, HeapQueue>),
    IdaStar(IdaStar<H>),
}

impl<H: Heuristic> Engines<H> {
    fn new(puzzle: &Puzzle, h: H, engine: Engine, max_stored: usize) -> Result<Self, SolveError> {
        Ok(match engine {
            Engine::AStar => Engines::AStar(AStar::new(puzzle, h)?.with_max_stored(max_stored)),
            Engine::AStarHeap => {
                Engines::AStarHeap(AStar::new(puzzle, h)?.with_max_stored(max_stored))
            }
            Engine::IdaStar | Engine::Baseline => Engines::IdaStar(IdaStar::new(puzzle, h)?),
        })
    }

    fn is_out_of_memory(&self) -> bool {
        match self {
            Engines::AStar(s) => s.is_out_of_memory(),
            Engines::AStarHeap(s) => s.is_out_of_memory(),
            Engines::IdaStar(_) => false,
        }
    }

    #[inline]
    fn step<L: Limit>(&mut self, budget: L) -> Step<Solution> {
        match self {
            Engines::AStar(s) => s.step(budget),
            Engines::AStarHeap(s) => s.step(budget),
            Engines::IdaStar(s) => s.step(budget),
        }
    }

    fn iterations(&self) -> &[Iteration] {
        match self {
            Engines::IdaStar(s) => s.iteration_log(),
            Engines::AStar(_) | Engines::AStarHeap(_) => &[],
        }
    }

    fn progress(&self) -> Progress {
        match self {
            Engines::AStar(s) => s.progress(),
            Engines::AStarHeap(s) => s.progress(),
            Engines::IdaStar(s) => s.progress(),
        }
    }
}

#[derive(Clone, Debug)]
enum Inner {
    Baseline(Box<Baseline>),
    Manhattan(Box<Engines<Manhattan>>),
    LinearConflict(Box<Engines<LinearConflict>>),
    WalkingDistance(Box<Engines<WalkingDistance>>),
    Pdb(Box<Engines<PatternDatabases>>),
}

/// A search with the engine and heuristic chosen at run time ([`Options`]): the crate's
/// continuation for programs with command-line options and for tests that compare engines.
/// It finds one item, a solution (optimal unless the engine is [`Engine::Baseline`]), with
/// the same nodes, in the same order, as the engine it runs.
///
/// ```
/// use slide_solver::{Board, Budget, Engine, HeuristicKind, Options, Puzzle, Search, Solver, Step};
///
/// let puzzle = Puzzle::with_default_goal("8672543x1".parse::<Board>()?)?;
/// let options = Options::new(Engine::IdaStar, HeuristicKind::Manhattan);
/// let mut solver = Solver::new(&puzzle, &options)?;
/// let solution = loop {
///     match solver.step(Budget::nodes(10_000)) {
///         Step::Found(s) => break s,
///         Step::Paused => eprintln!("{} nodes so far", solver.progress().nodes),
///         Step::Finished => unreachable!("a solvable puzzle has a solution"),
///     }
/// };
/// assert_eq!(solution.len(), 31);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    engine: Engine,
    heuristic: HeuristicKind,
    inner: Inner,
}

impl Solver {
    /// A search of `puzzle` as `options` say; pattern databases are loaded from the cache, or
    /// built and saved there (see [`Solver::with_build_progress`] to watch a build).
    pub fn new(puzzle: &Puzzle, options: &Options) -> Result<Solver, SolveError> {
        Solver::with_build_progress(puzzle, options, |_| true)
    }

    /// [`Solver::new`], with `progress` seeing each pattern database build layer (return
    /// `false` to stop the build, which then fails with [`crate::PdbError::Interrupted`]).
    pub fn with_build_progress(
        puzzle: &Puzzle,
        options: &Options,
        progress: impl FnMut(BuildProgress) -> bool,
    ) -> Result<Solver, SolveError> {
        let g = puzzle.geometry();
        let blank = puzzle.goal().blank();
        let engine = options.engine;
        let inner = match (engine, options.heuristic) {
            (Engine::Baseline, _) => Inner::Baseline(Box::new(
                Baseline::new(puzzle).with_max_stored(options.max_stored),
            )),
            (_, HeuristicKind::Manhattan) => Inner::Manhattan(Box::new(Engines::new(
                puzzle,
                Manhattan::new(g, blank),
                engine,
                options.max_stored,
            )?)),
            (_, HeuristicKind::LinearConflict) => Inner::LinearConflict(Box::new(Engines::new(
                puzzle,
                LinearConflict::new(g, blank),
                engine,
                options.max_stored,
            )?)),
            (_, HeuristicKind::WalkingDistance) => Inner::WalkingDistance(Box::new(Engines::new(
                puzzle,
                WalkingDistance::new(g, blank)?,
                engine,
                options.max_stored,
            )?)),
            (_, HeuristicKind::Pdb(part)) => {
                let h = PatternDatabases::load(
                    part,
                    g.width,
                    g.height,
                    blank,
                    options.pdb_dir.as_deref(),
                    progress,
                )?;
                Inner::Pdb(Box::new(Engines::new(
                    puzzle,
                    h,
                    engine,
                    options.max_stored,
                )?))
            }
        };
        Ok(Solver {
            engine,
            heuristic: options.heuristic,
            inner,
        })
    }

    /// The engine it runs.
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// The heuristic it was asked for (the baseline uses the seed's whatever this says).
    pub fn heuristic(&self) -> HeuristicKind {
        self.heuristic
    }

    /// True once an A* engine stopped at [`Options::max_stored`] (or the machine's memory):
    /// every later step pauses without work, and a run ends as
    /// [`Run::Capped`](puzzle_search::Run::Capped).
    pub fn is_out_of_memory(&self) -> bool {
        match &self.inner {
            Inner::Baseline(s) => s.is_out_of_memory(),
            Inner::Manhattan(s) => s.is_out_of_memory(),
            Inner::LinearConflict(s) => s.is_out_of_memory(),
            Inner::WalkingDistance(s) => s.is_out_of_memory(),
            Inner::Pdb(s) => s.is_out_of_memory(),
        }
    }

    /// IDA*'s finished iterations, bound and nodes each (empty for the other engines).
    pub fn iterations(&self) -> &[Iteration] {
        match &self.inner {
            Inner::Baseline(_) => &[],
            Inner::Manhattan(s) => s.iterations(),
            Inner::LinearConflict(s) => s.iterations(),
            Inner::WalkingDistance(s) => s.iterations(),
            Inner::Pdb(s) => s.iterations(),
        }
    }
}

impl Search for Solver {
    type Item = Solution;
    type Progress = Progress;

    /// Runs until the solution, the end, or the budget (counted in generated nodes).
    fn step<L: Limit>(&mut self, budget: L) -> Step<Solution> {
        match &mut self.inner {
            Inner::Baseline(s) => s.step(budget),
            Inner::Manhattan(s) => s.step(budget),
            Inner::LinearConflict(s) => s.step(budget),
            Inner::WalkingDistance(s) => s.step(budget),
            Inner::Pdb(s) => s.step(budget),
        }
    }

    fn progress(&self) -> Progress {
        match &self.inner {
            Inner::Baseline(s) => s.progress(),
            Inner::Manhattan(s) => s.progress(),
            Inner::LinearConflict(s) => s.progress(),
            Inner::WalkingDistance(s) => s.progress(),
            Inner::Pdb(s) => s.progress(),
        }
    }
}

impl Iterator for Solver {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        self.step(Unlimited).found()
    }
}

/// A solution with the search's counters.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The moves.
    pub solution: Solution,
    /// Nodes expanded and generated.
    pub progress: Progress,
}

/// Solves with the chosen engine and heuristic, building pattern databases if needed
/// (`progress` sees each build layer; return `false` to stop the build): a [`Solver`] run to
/// its solution.
pub fn solve(
    puzzle: &Puzzle,
    options: &Options,
    progress: impl FnMut(BuildProgress) -> bool,
) -> Result<Outcome, SolveError> {
    let mut solver = Solver::with_build_progress(puzzle, options, progress)?;
    match solver.step(Unlimited) {
        Step::Found(solution) => Ok(Outcome {
            solution,
            progress: solver.progress(),
        }),
        Step::Paused | Step::Finished => Err(SolveError::NoSolution),
    }
}
