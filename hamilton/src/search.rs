//! The public searches, each its own continuation: [`Solver`] finds one path or proves there
//! is none; [`Paths`] enumerates every path.

use crate::budget::{Budget, Limit, Progress};
use crate::construct::{Construct, Outcome};
use crate::engine::{Config, Engine, Event};
use crate::graph::Graph;
use crate::grid::Grid;
use crate::path::Solution;
use crate::proof::{self, EndColour, Impossible};

/// What one `step` of a search ended on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A path was found; the search has already moved past it.
    Found(Solution),
    /// The budget is spent; call `step` again to resume.
    Paused,
    /// Nothing is left to search.
    Finished,
}

/// Options of the fast engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
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
        Some(Run::Engine(Box::new(self.engine(start, config))))
    }

    /// The exact engine for paths from `start`.
    fn engine(&self, start: u32, config: Config) -> Engine {
        let colours = self
            .colours
            .unwrap_or_else(|| unreachable!("starts are listed only when the colours allow"));
        if self.graph.start().is_none() {
            Engine::new(&self.graph_with_start(start), start, colours, config)
        } else {
            Engine::new(&self.graph, start, colours, config)
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
    Engine(Box<Engine>),
    /// A one-tile board's path, or a start ruled out before searching.
    Single(Option<Solution>),
}

/// Finds one path from the start through every tile, or proves there is none.
///
/// With [`Options::construct`] (the default) each start gets the constructive attempt first,
/// then the exact search. A board without a start gives every start a short constructive
/// attempt before any exact search, since ruling a start out exactly can take long.
///
/// Deterministic: the same board and options give the same path and the same node counts,
/// however the work is split into steps.
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

    /// A solver with the given options.
    pub fn with_options(grid: &Grid, options: Options) -> Solver {
        let starts = Starts::new(grid);
        let proof = starts.proof.clone();
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
            run: None,
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
    fn found(&mut self, path: Solution) -> Step {
        self.finished = true;
        self.found = Some(path.clone());
        Step::Found(path)
    }

    fn cutoff(&self) -> u64 {
        if self.options.restart_unit == 0 {
            u64::MAX
        } else {
            luby(self.restarts + 1).saturating_mul(self.options.restart_unit)
        }
    }

    /// Works within `budget`: [`Step::Found`] once with the path, then [`Step::Finished`];
    /// or [`Step::Finished`] with [`Solver::proof`] set when there is no path.
    pub fn step<L: Limit>(&mut self, mut budget: L) -> Step {
        let mut spent = 0u64;
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
                    None => {
                        self.finished = true;
                        self.proof = Some(Impossible::Exhausted {
                            nodes: self.nodes_done,
                        });
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
                    let before = c.moves;
                    let outcome = c.run(&mut budget, &mut spent);
                    self.nodes_done += c.moves - before;
                    match outcome {
                        Outcome::Found(s) => return self.found(s),
                        Outcome::Paused => return Step::Paused,
                        Outcome::GaveUp if self.sweep == Sweep::Constructing => self.run = None,
                        Outcome::GaveUp => {
                            let start = c.start();
                            let engine = self.starts.engine(start, self.config());
                            self.run = Some(Run::Engine(Box::new(engine)));
                            self.restarts = 0;
                            self.restart_at = self.cutoff();
                        }
                    }
                }
                Some(Run::Engine(engine)) => {
                    let before = engine.nodes;
                    let event = engine.run(&mut budget, &mut spent, self.restart_at);
                    self.nodes_done += engine.nodes - before;
                    match event {
                        Event::Found(s) => return self.found(s),
                        Event::Exhausted => self.run = None,
                        Event::Paused => {
                            if engine.nodes >= self.restart_at {
                                self.restarts += 1;
                                let base = Config {
                                    end_first: self.options.end_first,
                                    head: self.options.head,
                                    probe: self.options.probe,
                                };
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
                            if budget.spent(spent) {
                                return Step::Paused;
                            }
                        }
                    }
                }
                None => {}
            }
        }
    }

    /// Runs to the end: the path, or why there is none.
    pub fn solve(mut self) -> Result<Solution, Impossible> {
        loop {
            match self.step(Budget::unlimited()) {
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

    /// Counters so far.
    pub fn progress(&self) -> Progress {
        Progress {
            nodes: self.nodes_done,
            found: u64::from(self.found.is_some()),
            restarts: self.restarts,
            starts_done: self
                .starts
                .next
                .saturating_sub(usize::from(self.run.is_some())),
            fraction: match &self.run {
                _ if self.finished => 1.0,
                Some(Run::Engine(e)) if self.options.restart_unit == 0 => e.fraction(),
                _ => 0.0,
            },
        }
    }
}

/// Every path from the start through every tile, in a fixed order; for a board without a
/// start, the paths from each start in reading order (so each path is met once from each
/// of its ends).
///
/// An [`Iterator`], and a continuation: [`Paths::step`] works within a budget and can be
/// resumed; a clone resumes from the same point.
///
/// ```
/// use hamilton_solver::{Grid, Paths};
/// let grid = Grid::parse("Xxx\nxxx\nxxx").unwrap();
/// assert_eq!(Paths::new(&grid).count(), 8);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Paths {
    starts: Starts,
    run: Option<Run>,
    nodes_done: u64,
    found: u64,
    finished: bool,
}

impl Paths {
    /// An enumerator; cheap, the work happens in `step` or `next`.
    pub fn new(grid: &Grid) -> Paths {
        let starts = Starts::new(grid);
        Paths {
            finished: starts.proof.is_some(),
            starts,
            run: None,
            nodes_done: 0,
            found: 0,
        }
    }

    /// Works within `budget` until the next path, the budget's end, or the end of the search.
    pub fn step<L: Limit>(&mut self, mut budget: L) -> Step {
        let mut spent = 0u64;
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
                        self.found += 1;
                        return Step::Found(s);
                    }
                }
                Some(Run::Construct(c)) => {
                    // enumeration needs the whole tree: straight to the exact engine
                    let engine = self.starts.engine(c.start(), ENUMERATE);
                    self.run = Some(Run::Engine(Box::new(engine)));
                }
                Some(Run::Engine(engine)) => {
                    let before = engine.nodes;
                    let event = engine.run(&mut budget, &mut spent, u64::MAX);
                    self.nodes_done += engine.nodes - before;
                    match event {
                        Event::Found(s) => {
                            self.found += 1;
                            return Step::Found(s);
                        }
                        Event::Exhausted => self.run = None,
                        Event::Paused => return Step::Paused,
                    }
                }
                None => {}
            }
        }
    }

    /// True once every path has been produced.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Why there is no path at all, when the O(N) checks prove it before any search.
    pub fn proof(&self) -> Option<&Impossible> {
        self.starts.proof.as_ref()
    }

    /// Counters so far.
    pub fn progress(&self) -> Progress {
        Progress {
            nodes: self.nodes_done,
            found: self.found,
            restarts: 0,
            starts_done: self
                .starts
                .next
                .saturating_sub(usize::from(self.run.is_some())),
            fraction: match &self.run {
                _ if self.finished => 1.0,
                Some(Run::Engine(e)) => e.fraction(),
                _ => 0.0,
            },
        }
    }
}

impl Iterator for Paths {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        next_path(|| self.step(Budget::unlimited()))
    }
}

/// Steps an enumerator until its next path, or `None` when it is finished (what `next` of
/// the enumerators' iterators does).
pub(crate) fn next_path(mut step: impl FnMut() -> Step) -> Option<Solution> {
    loop {
        match step() {
            Step::Found(s) => return Some(s),
            Step::Paused => {}
            Step::Finished => return None,
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
