//! Cut iterations with the heuristic chosen at run time: [`Plan`] holds a puzzle and its
//! loaded heuristic, [`Part`] is a [`Subtree`] of any heuristic with a checkpoint that names
//! everything needed to resume it in another process.

use std::path::{Path, PathBuf};

use puzzle_search::{Checkpoint, Limit, Search, Step};

use super::cut::{Cut, CutDepth, cut};
use super::subtree::{Subtree, read};
use crate::board::Direction;
use crate::error::{PuzzleError, SolveError, SplitError};
use crate::heuristic::{Heuristic, LinearConflict, Manhattan};
use crate::pdb::{BuildProgress, PatternDatabases};
use crate::search::{HeuristicKind, Progress};
use crate::solution::Solution;
use crate::state::Puzzle;
use crate::walking::WalkingDistance;

/// A heuristic of any kind, loaded.
#[derive(Clone, Debug)]
enum Loaded {
    Manhattan(Manhattan),
    LinearConflict(LinearConflict),
    WalkingDistance(WalkingDistance),
    Pdb(PatternDatabases),
}

impl Loaded {
    /// Loads `kind` for `puzzle`; pattern databases come from the process's memo
    /// ([`PatternDatabases::load_shared`]), else from `pdb_dir`, else are built there.
    fn load(
        puzzle: &Puzzle,
        kind: HeuristicKind,
        pdb_dir: Option<&Path>,
        progress: impl FnMut(BuildProgress) -> bool,
    ) -> Result<Loaded, SolveError> {
        let g = puzzle.geometry();
        let blank = puzzle.goal().blank();
        Ok(match kind {
            HeuristicKind::Manhattan => Loaded::Manhattan(Manhattan::new(g, blank)),
            HeuristicKind::LinearConflict => Loaded::LinearConflict(LinearConflict::new(g, blank)),
            HeuristicKind::WalkingDistance => {
                Loaded::WalkingDistance(WalkingDistance::new(g, blank)?)
            }
            HeuristicKind::Pdb(p) => Loaded::Pdb(PatternDatabases::load_shared(
                p, g.width, g.height, blank, pdb_dir, progress,
            )?),
        })
    }
}

/// Runs `$body` with `$h` bound to the loaded heuristic, whatever its kind.
macro_rules! with_loaded {
    ($loaded:expr, $h:ident => $body:expr) => {
        match $loaded {
            Loaded::Manhattan($h) => $body,
            Loaded::LinearConflict($h) => $body,
            Loaded::WalkingDistance($h) => $body,
            Loaded::Pdb($h) => $body,
        }
    };
}

/// A puzzle with its heuristic loaded, ready to cut its IDA* iterations into [`Part`]s.
///
/// ```
/// use slide_solver::{Board, Budget, Engine, HeuristicKind, Options, Part, Plan, Puzzle, Search, Solver};
///
/// let puzzle = Puzzle::with_default_goal("8672543x1".parse::<Board>()?)?;
/// let options = Options::new(Engine::IdaStar, HeuristicKind::Manhattan);
/// let mut serial = Solver::new(&puzzle, &options)?;
/// let solution = serial.step(Budget::unlimited()).found().expect("solvable");
/// let plan = Plan::new(&puzzle, HeuristicKind::Manhattan, None, |_| true)?;
/// for it in serial.iterations() {
///     let cut = plan.split(it.bound, None, 64)?;
///     let mut total = cut.nodes;
///     for part in &cut.parts {
///         // Parts travel as text and resume anywhere.
///         let mut part = Part::restore(&part.checkpoint().to_text(), |_| true)?;
///         let found = part.step(Budget::unlimited()).found();
///         total += part.progress().nodes;
///         if let Some(found) = found {
///             assert_eq!(found, solution);
///             // The serial run stops here: the cut's nodes after this part never come.
///             total -= cut.nodes - part.cut_nodes();
///             break;
///         }
///     }
///     assert_eq!(total, it.nodes);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Plan {
    puzzle: Puzzle,
    kind: HeuristicKind,
    pdb_dir: Option<PathBuf>,
    heuristic: Loaded,
    start_bound: u32,
}

impl Plan {
    /// A plan for `puzzle` guided by `kind`; pattern databases are loaded once per process
    /// from `pdb_dir` (default: [`PatternDatabases::default_dir`]), or built there, `progress`
    /// seeing each build layer (return `false` to stop the build).
    pub fn new(
        puzzle: &Puzzle,
        kind: HeuristicKind,
        pdb_dir: Option<&Path>,
        progress: impl FnMut(BuildProgress) -> bool,
    ) -> Result<Plan, SolveError> {
        let heuristic = Loaded::load(puzzle, kind, pdb_dir, progress)?;
        let start_bound = with_loaded!(&heuristic, h => {
            h.check(puzzle.geometry())?;
            h.evaluate(&puzzle.state()).0
        });
        Ok(Plan {
            puzzle: puzzle.clone(),
            kind,
            pdb_dir: pdb_dir.map(Path::to_path_buf),
            heuristic,
            start_bound,
        })
    }

    /// The heuristic's estimate of the start: the first iteration's bound.
    pub fn start_bound(&self) -> u32 {
        self.start_bound
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The heuristic.
    pub fn heuristic(&self) -> HeuristicKind {
        self.kind
    }

    /// The pattern database directory given (`None`: the default one).
    pub fn pdb_dir(&self) -> Option<&Path> {
        self.pdb_dir.as_deref()
    }

    /// Cuts the iteration with cost bound `bound` at `depth`, or (`None`) at the least depth
    /// that gives at least `min_parts` parts: see [`cut`] and [`Cut`].
    ///
    /// # Errors
    /// [`PuzzleError::TooManyParts`] when the cut at `depth` would make more than
    /// [`MAX_PARTS`](crate::MAX_PARTS) parts (with `min_parts`, the cut stops at the deepest
    /// depth within the limit instead).
    pub fn split(
        &self,
        bound: u32,
        depth: Option<usize>,
        min_parts: usize,
    ) -> Result<Cut<Part>, PuzzleError> {
        let depth = depth.map_or(CutDepth::MinParts(min_parts), CutDepth::Exactly);
        let pdb_dir = self.pdb_dir.clone();
        with_loaded!(&self.heuristic, h => {
            let c = cut(&self.puzzle, h, bound, depth)?;
            Ok(c.map(|s| Part {
                pdb_dir: pdb_dir.clone(),
                inner: s.into(),
            }))
        })
    }
}

/// A [`Subtree`] of any heuristic.
#[derive(Clone, Debug)]
enum AnyPart {
    Manhattan(Subtree<Manhattan>),
    LinearConflict(Subtree<LinearConflict>),
    WalkingDistance(Subtree<WalkingDistance>),
    Pdb(Subtree<PatternDatabases>),
}

macro_rules! impl_from {
    ($($h:ident),*) => {$(
        impl From<Subtree<$h>> for AnyPart {
            fn from(s: Subtree<$h>) -> AnyPart {
                AnyPart::$h(s)
            }
        }
    )*};
}
impl From<Subtree<PatternDatabases>> for AnyPart {
    fn from(s: Subtree<PatternDatabases>) -> AnyPart {
        AnyPart::Pdb(s)
    }
}
impl_from!(Manhattan, LinearConflict, WalkingDistance);

/// Runs `$body` with `$s` bound to the part's subtree, whatever its heuristic.
macro_rules! with_part {
    ($part:expr, $s:ident => $body:expr) => {
        match $part {
            AnyPart::Manhattan($s) => $body,
            AnyPart::LinearConflict($s) => $body,
            AnyPart::WalkingDistance($s) => $body,
            AnyPart::Pdb($s) => $body,
        }
    };
}

/// One part of a cut iteration with the heuristic chosen at run time (see [`Plan::split`]):
/// a [`Search`] that finds at most one solution, with a checkpoint that carries the board,
/// goal, heuristic, pattern database directory, bound, prefix, path and counters, so
/// [`Part::restore`] resumes it exactly in any process.
#[derive(Clone, Debug)]
pub struct Part {
    pdb_dir: Option<PathBuf>,
    inner: AnyPart,
}

impl Part {
    /// Its place in the cut's serial order (from 0).
    pub fn index(&self) -> usize {
        with_part!(&self.inner, s => s.index())
    }

    /// The cut's nodes up to and including this part's frontier node, in serial order (see
    /// [`Subtree::cut_nodes`]).
    pub fn cut_nodes(&self) -> u64 {
        with_part!(&self.inner, s => s.cut_nodes())
    }

    /// The iteration's bound.
    pub fn bound(&self) -> u32 {
        with_part!(&self.inner, s => s.bound())
    }

    /// The blank's moves from the start to the part's frontier node.
    pub fn prefix(&self) -> &[Direction] {
        with_part!(&self.inner, s => s.prefix())
    }

    /// The least `f` above the bound seen so far in this part.
    pub fn next_bound(&self) -> Option<u32> {
        with_part!(&self.inner, s => s.next_bound())
    }

    /// The solution this part found (the whole path from the start), if any.
    pub fn solution(&self) -> Option<Solution> {
        with_part!(&self.inner, s => s.solution())
    }

    /// True once the part found its solution or exhausted its subtree.
    pub fn is_finished(&self) -> bool {
        with_part!(&self.inner, s => s.is_finished())
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        with_part!(&self.inner, s => s.puzzle())
    }

    /// The heuristic's name (a [`HeuristicKind`] name).
    pub fn heuristic_name(&self) -> String {
        with_part!(&self.inner, s => s.heuristic().name())
    }

    /// The pattern database directory the part loads its tables from (`None`: the default).
    pub fn pdb_dir(&self) -> Option<&Path> {
        self.pdb_dir.as_deref()
    }

    /// The part's state as the family's checkpoint (see [`Subtree::checkpoint`]), with the
    /// pattern database directory.
    pub fn checkpoint(&self) -> Checkpoint {
        let dir = self.pdb_dir.as_deref();
        with_part!(&self.inner, s => s.checkpoint_with_dir(dir))
    }

    /// Resumes a part from checkpoint text written by [`Part::checkpoint`] (or
    /// [`Subtree::checkpoint`]): the heuristic is loaded as the text names it (pattern
    /// databases through the process's memo, built if missing, `progress` seeing the build).
    /// Bad text is a [`SplitError`], never a panic.
    pub fn restore(
        text: &str,
        progress: impl FnMut(BuildProgress) -> bool,
    ) -> Result<Part, SplitError> {
        let cp = Checkpoint::from_text(text)?;
        let (saved, pdb_dir) = read(&cp)?;
        let kind: HeuristicKind = saved.heuristic.parse()?;
        let puzzle = Puzzle::new(saved.start, saved.goal)?;
        let loaded = Loaded::load(&puzzle, kind, pdb_dir.as_deref(), progress)?;
        let inner = with_loaded!(loaded, h => Subtree::from_saved(&saved, &cp, h)?.into());
        Ok(Part { pdb_dir, inner })
    }
}

impl Search for Part {
    type Item = Solution;
    type Progress = Progress;

    fn step<L: Limit>(&mut self, budget: L) -> Step<Solution> {
        with_part!(&mut self.inner, s => s.step(budget))
    }

    fn progress(&self) -> Progress {
        with_part!(&self.inner, s => s.progress())
    }
}
