//! The public searches, each its own continuation and a [`Search`]: [`Solver`] finds one
//! path or proves there is none; [`Paths`] enumerates every path, and cuts into parts
//! ([`Split`]). Both run either [`Engine`].

use puzzle_search::{Limit, Meter, Parts, Search, Split, Step};

use crate::construct::{Construct, Outcome};
use crate::engine::Baseline;
use crate::engine::{Config, Cut, Engine, Event, Exact};
use crate::error::Impossible;
use crate::graph::Graph;
use crate::grid::Grid;
use crate::path::Solution;
use crate::proof::{self, EndColour};

/// Counters of a [`Solver`] or [`Paths`], cheap to read at any time.
///
/// `core` holds the family's common counters and reads through (`progress.nodes`):
/// - `nodes`: work so far: branching decisions of the exact search, plus the moves of the
///   constructive attempt when [`Options::construct`] is on (cover steps, flips, reroutes,
///   backbites, and the nodes of its exact re-solves); with [`Engine::Baseline`], tiles put
///   on the path.
/// - `found`: paths returned as [`Step::Found`].
/// - `fraction`: an estimate of the fraction of the current search tree explored, where one
///   can be given (the exact search without restarts; `Some(1.0)` once finished).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct Progress {
    /// Nodes, paths found and the fraction explored.
    pub core: puzzle_search::Progress,
    /// Restarts so far (find-one searches only).
    pub restarts: u64,
    /// Starts finished so far, for boards without a start tile (every start is tried).
    pub starts_done: usize,
}

puzzle_search::extends_progress!(Progress, core);

/// The common counters, with the fraction when there is one.
fn core(nodes: u64, found: u64, fraction: Option<f64>) -> puzzle_search::Progress {
    let p = puzzle_search::Progress::new(nodes, found);
    match fraction {
        Some(f) => p.with_fraction(f),
        None => p,
    }
}

/// Options of a [`Solver`]: which engine, and how the fast engine works.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The engine: [`Engine::Fast`] (the default), or [`Engine::Baseline`], the plain
    /// backtracker, which ignores every other option.
    pub engine: Engine,
    /// Restart the search (with other tie-breaks, seeded deterministically) after a growing
    /// number of nodes, following the Luby sequence times `restart_unit`; cuts heavy tails
    /// when looking for one path. `0` turns restarts off. Ignored by [`Paths`].
    pub restart_unit: u64,
    /// Decide the end tile before anything else (it makes the degree rules bite everywhere).
    pub end_first: bool,
    /// Branch at the free end of the path from the start (extend it, with the propagation
    /// working everywhere) rather than at the most constrained tile anywhere.
    pub head: bool,
    /// Rotate the branching order at each restart (the configured one, extending the path
    /// from its head, then deciding the end first and extending the head), so that one
    /// order's heavy tail is cut by another's luck. Still deterministic.
    pub portfolio: bool,
    /// Before each decision, try both sides with full propagation; a side that fails at
    /// once is refuted without a search node (failed-literal probing). Off by default: on
    /// planted boards it rarely fires and costs two propagations per node.
    pub probe: bool,
    /// Before the exact search for each start, try to build a path directly: a cover of
    /// every tile with the right degrees, its cycles joined into the path by square flips,
    /// alternating-path reroutes, small exact re-solves and backbites, with fresh covers when
    /// that gets stuck (64 moves a tile at most). Fast on boards that have a path; the exact
    /// search still decides the rest, and proves boards impossible. On by default.
    pub construct: bool,
}

/// How [`Paths`] branches: plain most-constrained order, no probing.
const ENUMERATE: Config = Config {
    end_first: false,
    head: false,
    probe: false,
};

/// Moves the constructive attempt may take per tile before the exact search takes over.
const CONSTRUCT_MOVES_PER_TILE: u64 = 64;

/// On a board without a start, the moves per tile of the short constructive attempt each
/// start gets before any exact search (which may take long to rule a start out).
const SWEEP_MOVES_PER_TILE: u64 = 8;

/// How a [`Solver`] goes through the starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sweep {
    /// The board's own start (or the only one): the constructive attempt, then the exact
    /// search.
    Single,
    /// No start given: first a short constructive attempt from every start...
    Constructing,
    /// ...then the exact search from every start.
    Exact,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            engine: Engine::Fast,
            restart_unit: 300,
            end_first: false,
            head: false,
            portfolio: true,
            probe: false,
            construct: true,
        }
    }
}

/// The i-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 ...
fn luby(mut i: u64) -> u64 {
    loop {
        let mut k = 1u32;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// The starts a search tries, with the proof for a board where none can work.
#[derive(Clone, Debug, PartialEq)]
struct Starts {
    graph: Graph,
    colours: Option<EndColour>,
    list: Vec<u32>,
    next: usize,
    /// The proof found before searching, when there is one.
    proof: Option<Impossible>,
}

impl Starts {
    fn new(grid: &Grid) -> Starts {
        let graph = Graph::new(grid);
        let mut s = Starts {
            colours: None,
            list: Vec::new(),
            next: 0,
            proof: None,
            graph,
        };
        match grid.start() {
            Some(_) => match proof::precheck(&s.graph) {
                Ok(c) => {
                    s.colours = Some(c);
                    s.list = s.graph.start().into_iter().collect();
                }
                Err(p) => s.proof = Some(p),
            },
            None => match proof::parity(&s.graph) {
                Ok(c) => {
                    s.colours = Some(c);
                    let g = &s.graph;
                    s.list = (0..g.len() as u32)
                        .filter(|&v| c.start_ok(g, v) && g.end() != Some(v))
                        .collect();
                    if g.len() == 1 {
                        s.list = vec![0];
                    }
                }
                Err(p) => s.proof = Some(Impossible::Parity(p)),
            },
        }
        s
    }

    /// The search for the next start (a constructive attempt first when `construct` moves
    /// are allowed), or a single-tile path.
    fn open(&mut self, config: Config, construct: u64) -> Option<Run> {
        let start = *self.list.get(self.next)?;
        self.next += 1;
        let colours = self.colours?;
        if self.graph.len() == 1 {
            return Some(Run::Single(Some(Solution::from_cells(vec![
                self.graph.pos(0),
            ]))));
        }
        if self.graph.start().is_none() {
            // a start chosen by us: its own O(N) checks
            let g = self.graph_with_start(start);
            if proof::precheck(&g).is_err() {
                return Some(Run::Single(None));
            }
        }
        if construct > 0 {
            let seed = u64::from(start);
            return Some(Run::Construct(Box::new(Construct::new(
                &self.graph,
                start,
                colours,
                seed,
                construct,
            ))));
        }
        Some(Run::Exact(Box::new(self.engine(start, config))))
    }

    /// The exact engine for paths from `start`.
    fn engine(&self, start: u32, config: Config) -> Exact {
        let colours = self
            .colours
            .unwrap_or_else(|| unreachable!("starts are listed only when the colours allow"));
        if self.graph.start().is_none() {
            Exact::new(&self.graph_with_start(start), start, colours, config)
        } else {
            Exact::new(&self.graph, start, colours, config)
        }
    }

    fn graph_with_start(&self, start: u32) -> Graph {
        let grid_start = self.graph.pos(start);
        // Rebuilding the graph is O(N), like the engine itself.
        let mut g = self.graph.clone();
        g.set_start(start);
        debug_assert_eq!(g.pos(start), grid_start);
        g
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Run {
    /// The constructive attempt, before the exact engine for the same start.
    Construct(Box<Construct>),
    Exact(Box<Exact>),
    /// The plain backtracker, through every start at once.
    Baseline(Box<Baseline>),
    /// A one-tile board's path, or a start ruled out before searching.
    Single(Option<Solution>),
}

/// Finds one path from the start through every tile, or proves there is none.
///
/// With [`Options::construct`] (the default) each start gets the constructive attempt first,
/// then the exact search. A board without a start gives every start a short constructive
/// attempt before any exact search, since ruling a start out exactly can take long.
///
/// A [`Search`] whose one item is the path: [`Search::step`] returns [`Step::Found`] once with
/// it, then [`Step::Finished`]; or [`Step::Finished`] with [`Solver::proof`] set when there is
/// no path. Deterministic: the same board and options give the same path and the same node
/// counts, however the work is split into steps.
///
/// ```
/// use hamilton_solver::{Grid, Solver};
/// let grid = Grid::parse("Xxx\nxxx\nxxx").unwrap();
/// let path = Solver::new(&grid).solve().unwrap();
/// assert_eq!(path.cells().len(), 9);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Solver {
    starts: Starts,
    sweep: Sweep,
    options: Options,
    run: Option<Run>,
    restarts: u64,
    restart_at: u64,
    nodes_done: u64,
    found: Option<Solution>,
    finished: bool,
    proof: Option<Impossible>,
}

impl Solver {
    /// A solver with the default [`Options`]; cheap, the work happens in `step`.
    pub fn new(grid: &Grid) -> Solver {
        Solver::with_options(grid, Options::default())
    }

    /// A solver running `engine`, with the other options at their defaults.
    pub fn with_engine(grid: &Grid, engine: Engine) -> Solver {
        Solver::with_options(
            grid,
            Options {
                engine,
                ..Options::default()
            },
        )
    }

    /// A solver with the given options.
    pub fn with_options(grid: &Grid, options: Options) -> Solver {
        let starts = Starts::new(grid);
        let (proof, run) = match options.engine {
            Engine::Fast => (starts.proof.clone(), None),
            // the plain backtracker proves nothing in advance
            Engine::Baseline => (None, Some(Run::Baseline(Box::new(Baseline::new(grid))))),
        };
        let sweep = if grid.start().is_none() && starts.list.len() > 1 {
            Sweep::Constructing
        } else {
            Sweep::Single
        };
        Solver {
            sweep,
            finished: proof.is_some(),
            proof,
            starts,
            options,
            run,
            restarts: 0,
            restart_at: 0,
            nodes_done: 0,
            found: None,
        }
    }

    fn config(&self) -> Config {
        Config {
            end_first: self.options.end_first,
            head: self.options.head,
            probe: self.options.probe,
        }
    }

    /// Ends the search with `path`.
    fn found(&mut self, path: Solution) -> Step<Solution> {
        self.finished = true;
        self.found = Some(path.clone());
        Step::Found(path)
    }

    /// Ends the search without a path.
    fn exhausted(&mut self) -> Step<Solution> {
        self.finished = true;
        self.proof = Some(Impossible::Exhausted {
            nodes: self.nodes_done,
        });
        Step::Finished
    }

    fn cutoff(&self) -> u64 {
        if self.options.restart_unit == 0 {
            u64::MAX
        } else {
            luby(self.restarts + 1).saturating_mul(self.options.restart_unit)
        }
    }

    /// The next restart: its branching order and tie-break seed.
    fn restart(&mut self, engine: &mut Exact) {
        self.restarts += 1;
        let base = self.config();
        let (config, seed) = if self.options.portfolio {
            let k = self.restarts;
            let config = match k % 3 {
                0 => base,
                1 => Config {
                    end_first: false,
                    head: true,
                    ..base
                },
                _ => Config {
                    end_first: true,
                    head: true,
                    ..base
                },
            };
            (config, if k < 3 { 0 } else { k })
        } else {
            (base, self.restarts)
        };
        engine.set_config(config);
        engine.restart(seed);
        self.restart_at = engine.nodes + self.cutoff();
    }

    /// Runs to the end: the path, or why there is none.
    ///
    /// # Errors
    /// [`Impossible`] with the proof (parity, a cut tile, dead ends) or the exhausted search.
    pub fn solve(mut self) -> Result<Solution, Impossible> {
        loop {
            match self.step(puzzle_search::Unlimited) {
                Step::Found(s) => return Ok(s),
                Step::Paused => {}
                Step::Finished => {
                    return Err(self.proof.unwrap_or(Impossible::Exhausted {
                        nodes: self.nodes_done,
                    }));
                }
            }
        }
    }

    /// True once the search has a path or a proof.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// The path found, if any.
    pub fn solution(&self) -> Option<&Solution> {
        self.found.as_ref()
    }

    /// Why there is no path, once the search has finished without one.
    pub fn proof(&self) -> Option<&Impossible> {
        self.proof.as_ref()
    }
}

impl Search for Solver {
    type Item = Solution;
    type Progress = Progress;

    fn step<L: Limit>(&mut self, budget: L) -> Step<Solution> {
        let mut meter = Meter::new(budget, self.nodes_done);
        loop {
            if self.finished {
                return Step::Finished;
            }
            if self.run.is_none() {
                let tiles = self.starts.graph.len() as u64;
                let moves = match self.sweep {
                    _ if !self.options.construct => 0,
                    Sweep::Single => CONSTRUCT_MOVES_PER_TILE * tiles + 1_000,
                    Sweep::Constructing => SWEEP_MOVES_PER_TILE * tiles + 1_000,
                    Sweep::Exact => 0,
                };
                match self.starts.open(self.config(), moves) {
                    Some(r) => {
                        self.run = Some(r);
                        self.restarts = 0;
                        self.restart_at = self.cutoff();
                    }
                    None if self.sweep == Sweep::Constructing => {
                        // every start had its short attempt: now the exact search for each
                        self.sweep = Sweep::Exact;
                        self.starts.next = 0;
                    }
                    None => return self.exhausted(),
                }
            }
            let Some(mut run) = self.run.take() else {
                continue;
            };
            match &mut run {
                Run::Single(s) => {
                    if let Some(s) = s.take() {
                        return self.found(s);
                    }
                }
                Run::Construct(c) => {
                    let before = c.moves;
                    let outcome = c.run(&mut meter, self.nodes_done.wrapping_sub(before));
                    self.nodes_done += c.moves - before;
                    match outcome {
                        Outcome::Found(s) => return self.found(s),
                        Outcome::Paused => {
                            self.run = Some(run);
                            return Step::Paused;
                        }
                        Outcome::GaveUp if self.sweep == Sweep::Constructing => {}
                        Outcome::GaveUp => {
                            let engine = self.starts.engine(c.start(), self.config());
                            self.run = Some(Run::Exact(Box::new(engine)));
                            self.restarts = 0;
                            self.restart_at = self.cutoff();
                        }
                    }
                }
                Run::Exact(engine) => {
                    let before = engine.nodes;
                    let event = engine.run(
                        &mut meter,
                        self.nodes_done.wrapping_sub(before),
                        self.restart_at,
                    );
                    self.nodes_done += engine.nodes - before;
                    match event {
                        Event::Found(s) => return self.found(s),
                        Event::Exhausted => {}
                        Event::Paused => {
                            self.run = Some(run);
                            return Step::Paused;
                        }
                        Event::Cutoff => {
                            self.restart(engine);
                            self.run = Some(run);
                        }
                    }
                }
                Run::Baseline(b) => {
                    let before = b.nodes;
                    let event = b.run(&mut meter, self.nodes_done.wrapping_sub(before));
                    self.nodes_done += b.nodes - before;
                    match event {
                        Event::Found(s) => return self.found(s),
                        Event::Paused | Event::Cutoff => {
                            self.run = Some(run);
                            return Step::Paused;
                        }
                        Event::Exhausted => return self.exhausted(),
                    }
                }
            }
        }
    }

    fn progress(&self) -> Progress {
        let fraction = match &self.run {
            _ if self.finished => Some(1.0),
            Some(Run::Exact(e)) if self.options.restart_unit == 0 => Some(e.fraction()),
            _ => None,
        };
        Progress {
            core: core(self.nodes_done, u64::from(self.found.is_some()), fraction),
            restarts: self.restarts,
            starts_done: match &self.run {
                Some(Run::Baseline(b)) => b.starts_done(),
                _ if self.options.engine == Engine::Baseline => 0,
                run => self.starts.next.saturating_sub(usize::from(run.is_some())),
            },
        }
    }
}

/// Every path from the start through every tile, in a fixed order; for a board without a
/// start, the paths from each start in reading order (so each path is met once from each
/// of its ends).
///
/// A [`Search`] and an [`Iterator`]: [`Search::step`] works within a budget and can be
/// resumed; a clone resumes from the same point. The two engines find the same paths, each in
/// its own fixed order.
///
/// ```
/// use hamilton_solver::{Engine, Grid, Paths};
/// let grid = Grid::parse("Xxx\nxxx\nxxx").unwrap();
/// assert_eq!(Paths::new(&grid).count(), 8);
/// assert_eq!(Paths::with_engine(&grid, Engine::Baseline).count(), 8);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Paths {
    starts: Starts,
    engine: Engine,
    run: Option<Run>,
    nodes_done: u64,
    found: u64,
    finished: bool,
}

impl Paths {
    /// An enumerator with the fast engine; cheap, the work happens in `step` or `next`.
    pub fn new(grid: &Grid) -> Paths {
        Paths::with_engine(grid, Engine::Fast)
    }

    /// An enumerator running `engine`.
    pub fn with_engine(grid: &Grid, engine: Engine) -> Paths {
        let starts = Starts::new(grid);
        let (finished, run) = match engine {
            Engine::Fast => (starts.proof.is_some(), None),
            Engine::Baseline => (false, Some(Run::Baseline(Box::new(Baseline::new(grid))))),
        };
        Paths {
            finished,
            starts,
            engine,
            run,
            nodes_done: 0,
            found: 0,
        }
    }

    /// True once every path has been produced.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Why there is no path at all, when the fast engine's O(N) checks prove it before any
    /// search.
    pub fn proof(&self) -> Option<&Impossible> {
        match self.engine {
            Engine::Fast => self.starts.proof.as_ref(),
            Engine::Baseline => None,
        }
    }

    fn found(&mut self, path: Solution) -> Step<Solution> {
        self.found += 1;
        Step::Found(path)
    }

    /// The backtracker of a baseline enumeration (it holds it until it has finished).
    fn baseline(&self) -> Option<&Baseline> {
        match &self.run {
            Some(Run::Baseline(b)) => Some(b),
            _ => None,
        }
    }
}

impl Search for Paths {
    type Item = Solution;
    type Progress = Progress;

    fn step<L: Limit>(&mut self, budget: L) -> Step<Solution> {
        let mut meter = Meter::new(budget, self.nodes_done);
        loop {
            if self.finished {
                return Step::Finished;
            }
            if self.run.is_none() {
                match self.starts.open(ENUMERATE, 0) {
                    Some(r) => self.run = Some(r),
                    None => {
                        self.finished = true;
                        return Step::Finished;
                    }
                }
            }
            match self.run.as_mut() {
                Some(Run::Single(s)) => {
                    let s = s.take();
                    self.run = None;
                    if let Some(s) = s {
                        return self.found(s);
                    }
                }
                Some(Run::Construct(c)) => {
                    // enumeration needs the whole tree: straight to the exact engine
                    let engine = self.starts.engine(c.start(), ENUMERATE);
                    self.run = Some(Run::Exact(Box::new(engine)));
                }
                Some(Run::Exact(engine)) => {
                    let before = engine.nodes;
                    let event =
                        engine.run(&mut meter, self.nodes_done.wrapping_sub(before), u64::MAX);
                    self.nodes_done += engine.nodes - before;
                    match event {
                        Event::Found(s) => return self.found(s),
                        Event::Exhausted => self.run = None,
                        Event::Paused | Event::Cutoff => return Step::Paused,
                    }
                }
                Some(Run::Baseline(b)) => {
                    let before = b.nodes;
                    let event = b.run(&mut meter, self.nodes_done.wrapping_sub(before));
                    self.nodes_done += b.nodes - before;
                    match event {
                        Event::Found(s) => return self.found(s),
                        Event::Exhausted => {
                            self.finished = true;
                            return Step::Finished;
                        }
                        Event::Paused | Event::Cutoff => return Step::Paused,
                    }
                }
                None => {}
            }
        }
    }

    fn progress(&self) -> Progress {
        let fraction = match &self.run {
            _ if self.finished => Some(1.0),
            Some(Run::Exact(e)) => Some(e.fraction()),
            _ => None,
        };
        Progress {
            core: core(self.nodes_done, self.found, fraction),
            restarts: 0,
            starts_done: match &self.run {
                Some(Run::Baseline(b)) => b.starts_done(),
                run => self.starts.next.saturating_sub(usize::from(run.is_some())),
            },
        }
    }
}

/// Cuts the enumeration by decision prefixes: `depth` is the number of branching decisions of
/// the exact search above the cut. The parts are, start by start in the uncut order, the
/// subtrees below each prefix of `depth` decisions (and, as a part of its own, each path found
/// above the cut), so their path and node counts add up exactly to the uncut run's, with the
/// prefix's nodes, and their paths in part order are the uncut run's paths in order. Each part
/// is a [`Paths`] of its own: step it, clone it, send it elsewhere.
///
/// The search is cut as it was built, whatever it has done since. [`Engine::Baseline`] is not
/// cut: its one part is the whole search (depth 0).
///
/// ```
/// use hamilton_solver::{Grid, Paths, Search};
/// use puzzle_search::Split;
///
/// let grid = Grid::parse("Xxxxx\nxxxxx\nxxxxx\nxxxxx").unwrap();
/// let parts = Paths::new(&grid).split(4);
/// assert!(parts.parts.len() > 1);
/// let (total, paths) = parts.solve_serially();
/// let whole: Vec<_> = Paths::new(&grid).collect();
/// assert_eq!(paths, whole);
/// assert_eq!(total.found, whole.len() as u64);
/// ```
impl Split for Paths {
    fn split(&self, depth: usize) -> Parts<Paths> {
        if self.engine == Engine::Baseline {
            let whole = Paths {
                starts: self.starts.clone(),
                engine: Engine::Baseline,
                run: self
                    .baseline()
                    .map(|b| Run::Baseline(Box::new(b.restarted()))),
                nodes_done: 0,
                found: 0,
                finished: false,
            };
            return Parts {
                depth: 0,
                prefix: puzzle_search::Progress::default(),
                parts: vec![whole],
            };
        }
        let mut starts = self.starts.clone();
        starts.next = 0;
        // a part runs its own engine and then has no start left
        let mut done = starts.clone();
        done.next = done.list.len();
        let part = |run: Run| Paths {
            starts: done.clone(),
            engine: Engine::Fast,
            run: Some(run),
            nodes_done: 0,
            found: 0,
            finished: false,
        };
        let mut parts = Vec::new();
        let mut nodes = 0;
        if starts.proof.is_none() {
            while let Some(run) = starts.open(ENUMERATE, 0) {
                match run {
                    Run::Exact(mut engine) => {
                        nodes += engine.split(depth, |cut| match cut {
                            Cut::Subtree(sub) => parts.push(part(Run::Exact(sub))),
                            Cut::Path(p) => parts.push(part(Run::Single(Some(p)))),
                        });
                    }
                    Run::Single(Some(p)) => parts.push(part(Run::Single(Some(p)))),
                    Run::Single(None) => {}
                    Run::Construct(_) | Run::Baseline(_) => {
                        unreachable!("an enumeration opens exact engines only")
                    }
                }
            }
        }
        Parts {
            depth,
            prefix: puzzle_search::Progress::new(nodes, 0),
            parts,
        }
    }
}

impl Iterator for Paths {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        loop {
            match self.step(puzzle_search::Unlimited) {
                Step::Found(s) => return Some(s),
                Step::Paused => {}
                Step::Finished => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_sequence() {
        let l: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(l, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
