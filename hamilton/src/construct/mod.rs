//! A constructive first attempt: cover every tile with the right degrees, then join the
//! pieces into one path. Used by [`Solver`](crate::Solver) before the exact engine.
//!
//! 1. **Rules first.** The exact engine's propagation at its root (degree rules, cut tiles,
//!    colour balance) decides some edges and narrows down where the path can end (into a
//!    pocket behind a cut tile, say). Whatever it decides holds for every path, so the cover
//!    keeps to it.
//! 2. **Degree cover** ([`cover`]). Choose edges so that the start has one, one tile of the
//!    end's colour has one (the end), and every other tile two. The board is bipartite
//!    (chessboard colours), so this is a bipartite b-matching: a greedy pass, then augmenting
//!    paths. If no cover exists there is no path at all, and the exact engine proves it.
//! 3. **Joining.** The cover is the path from the start plus disjoint cycles; every move
//!    below keeps each tile's degree.
//!    - [`squares`]: a unit square whose two opposite sides are edges of different pieces
//!      trades them for its other two sides, joining the pieces (the 2-factor merging behind
//!      Umans and Lenhart's algorithm for solid grid graphs);
//!    - [`reroute`]: a cycle tile `c` next to a tile `p` of another piece takes the edge
//!      `c-p` and both drop an edge; the two tiles left short get theirs back along an
//!      alternating path (which may hand the path's end to another tile). Kept if the pieces
//!      went down; when nothing joins, a few reroutes that keep the count are taken anyway to
//!      shake the arrangement;
//!    - [`repair`]: the tiles within a few steps of the leftover cycles and of the end are
//!      re-solved by the exact engine with every other edge fixed, for at most 100 nodes;
//!    - [`walk`]: backbites at the path's free end (Pósa's rotation), splicing in a cycle
//!      when the end meets one.
//! 4. **Another attempt** if cycles remain: a fresh cover from another place in another
//!    order; every other attempt keeps the end near a cycle the last one left (regions that
//!    stay cycles usually need the end).
//!
//! On planted boards this finishes in one or two passes over the board nearly always; after
//! 64 moves a tile the exact engine takes over, so the answer never depends on luck, only the
//! time. Every random choice comes from a generator seeded by the start tile, so the work is
//! the same on every run.

mod cover;
mod repair;
mod reroute;
mod squares;
mod walk;

use puzzle_search::{Limit, Meter};

use crate::engine::{Config, Exact};
use crate::graph::{Graph, NONE};
use crate::path::Solution;
use crate::proof::EndColour;

/// Alternating paths tried per reroute.
const DETOURS: usize = 4;

/// How near a leftover cycle a focused attempt puts the end.
const FOCUS_RADIUS: u32 = 4;

/// A board edge the rules leave open, must take, or rule out.
const FREE: u8 = 0;
const FORCED: u8 = 1;
const BANNED: u8 = 2;

/// How the exact repair branches.
const REPAIR: Config = Config {
    end_first: false,
    head: false,
    probe: false,
};

/// The virtual end vertex in an alternating path's hops.
const VIRTUAL: u32 = NONE - 1;

/// What [`Construct::run`] stopped on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// The pieces are joined: a path through every tile.
    Found(Solution),
    /// The step's budget is spent; call again to go on.
    Paused,
    /// No degree cover exists, or the move budget ran out: leave it to the exact engine.
    GaveUp,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Cover,
    Squares,
    Rejoin,
    Repair,
    Walk,
    Done,
}

/// The constructive search for one start; plain data, so it clones and resumes.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Construct {
    n: u32,
    start: u32,
    /// Tiles that may end the path (by the rules), and those this attempt lets end it.
    may_end: Vec<bool>,
    candidate: Vec<bool>,
    /// This attempt keeps the end near where the last one left a cycle.
    focused: bool,
    nbr: Vec<[u32; 4]>,
    /// What the rules decided for each neighbour slot before any search ([`FREE`],
    /// [`FORCED`] or [`BANNED`]); the cover keeps to it.
    rule: Vec<[u8; 4]>,
    /// Tiles of the end's colour: the side of the b-matching that augments.
    left: Vec<bool>,
    /// The (up to two) cover edges at each tile.
    link: Vec<[u32; 2]>,
    /// The tile joined to the virtual end vertex (the path's free end).
    end: u32,
    /// Union-find over pieces of the cover; pieces only ever merge.
    parent: Vec<u32>,
    /// Pieces that are not the path from the start.
    cycles: u32,
    phase: Phase,
    /// Next tile to cover (cover phase), counted from `offset`.
    cursor: u32,
    offset: u32,
    /// Attempts so far (each with its own cover), moves in this one, and the most a walk
    /// may take before the next attempt.
    attempt: u32,
    attempt_moves: u64,
    /// Sideways reroutes in this attempt, and the most allowed.
    kicks: u64,
    max_kicks: u64,
    walk_moves: u64,
    /// Visit stamps (by `epoch`) and scratch of the breadth-first searches.
    seen: Vec<u32>,
    epoch: u32,
    from: Vec<(u32, u32)>,
    queue: Vec<u32>,
    rng: u64,
    /// Distance of each tile from the nearest cycle (for the walk, the repair and a focused
    /// retry), and whether it is stale.
    dist: Vec<u32>,
    dist_stale: bool,
    /// The path's tiles in order from the start, each tile's place in it, and whether they
    /// need rebuilding (walk phase).
    order: Vec<u32>,
    idx: Vec<u32>,
    order_stale: bool,
    /// Moves made: cover steps, flips, reroute passes, repair nodes, backbites.
    pub moves: u64,
    max_moves: u64,
    positions: Vec<crate::grid::Pos>,
    /// The board (for the exact repair), the colours of the ends, and a path the repair found.
    graph: Graph,
    colours: EndColour,
    repaired: Option<Solution>,
    /// The exact repair, when a step paused inside it.
    repairing: Option<Box<repair::Repair>>,
}

impl Construct {
    /// A constructive search for paths from `start`, giving up after `max_moves` moves.
    pub(crate) fn new(
        g: &Graph,
        start: u32,
        colours: EndColour,
        seed: u64,
        max_moves: u64,
    ) -> Construct {
        let n = g.len() as u32;
        let mut candidate: Vec<bool> = (0..n)
            .map(|v| match g.end() {
                Some(e) => v == e,
                None => v != start && colours.allows(g, start, v),
            })
            .collect();
        // What the exact engine's rules decide before any branching holds for every path:
        // the cover starts from it (it pins the end into pockets, for one).
        let nbr: Vec<[u32; 4]> = (0..n).map(|v| g.slots(v)).collect();
        let mut rule = vec![[FREE; 4]; n as usize];
        let root = Exact::new(g, start, colours, REPAIR).decided();
        for &(a, b, on) in root.iter().flatten() {
            if b == NONE {
                candidate[a as usize] &= on;
                continue;
            }
            for (x, y) in [(a, b), (b, a)] {
                if let Some(i) = nbr[x as usize].iter().position(|&t| t == y) {
                    rule[x as usize][i] = if on { FORCED } else { BANNED };
                }
            }
        }
        // every candidate end has one colour; with none, any side will do (the cover fails)
        let end_colour = (0..n)
            .find(|&v| candidate[v as usize])
            .is_some_and(|v| g.colour(v));
        let mut construct = Construct {
            n,
            start,
            may_end: candidate.clone(),
            candidate,
            focused: false,
            nbr,
            rule,
            left: (0..n).map(|v| g.colour(v) == end_colour).collect(),
            link: vec![[NONE; 2]; n as usize],
            end: NONE,
            parent: (0..n).collect(),
            cycles: 0,
            phase: if root.is_some() {
                Phase::Cover
            } else {
                Phase::Done
            },
            cursor: 0,
            offset: 0,
            attempt: 0,
            attempt_moves: 0,
            kicks: 0,
            max_kicks: 20 + u64::from(n) / 50,
            walk_moves: u64::from(n) / 4 + 100,
            seen: vec![0; n as usize],
            epoch: 0,
            from: vec![(NONE, NONE); n as usize],
            queue: Vec::new(),
            rng: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
            dist: vec![u32::MAX; n as usize],
            dist_stale: true,
            order: Vec::with_capacity(n as usize),
            idx: vec![0; n as usize],
            order_stale: true,
            moves: 0,
            max_moves,
            positions: (0..n).map(|v| g.pos(v)).collect(),
            graph: g.clone(),
            colours,
            repaired: None,
            repairing: None,
        };
        construct.seed_cover();
        construct
    }

    /// The start tile this search is for.
    pub(crate) fn start(&self) -> u32 {
        self.start
    }

    fn next_random(&mut self) -> u64 {
        crate::rng::xorshift64_star(&mut self.rng)
    }

    /// Edges the cover must give tile `v` (the virtual end edge counts).
    #[inline]
    fn demand(&self, v: u32) -> u32 {
        if v == self.start { 1 } else { 2 }
    }

    #[inline]
    fn degree(&self, v: u32) -> u32 {
        let [a, b] = self.link[v as usize];
        u32::from(a != NONE) + u32::from(b != NONE) + u32::from(v == self.end)
    }

    #[inline]
    fn linked(&self, a: u32, b: u32) -> bool {
        self.link[a as usize].contains(&b)
    }

    fn add(&mut self, a: u32, b: u32) {
        for (x, y) in [(a, b), (b, a)] {
            let l = &mut self.link[x as usize];
            if l[0] == NONE {
                l[0] = y;
            } else {
                debug_assert_eq!(l[1], NONE);
                l[1] = y;
            }
        }
    }

    fn remove(&mut self, a: u32, b: u32) {
        for (x, y) in [(a, b), (b, a)] {
            let l = &mut self.link[x as usize];
            if l[0] == y {
                l[0] = l[1];
            } else {
                debug_assert_eq!(l[1], y);
            }
            l[1] = NONE;
        }
    }

    fn find(&mut self, mut v: u32) -> u32 {
        while self.parent[v as usize] != v {
            let p = self.parent[v as usize];
            self.parent[v as usize] = self.parent[p as usize];
            v = p;
        }
        v
    }

    /// Joins the pieces of `a` and `b` (which differ); the path's root stays a root.
    fn union(&mut self, a: u32, b: u32) {
        let (ra, rb) = (self.find(a), self.find(b));
        let root = self.find(self.start);
        let (keep, drop) = if rb == root { (rb, ra) } else { (ra, rb) };
        self.parent[drop as usize] = keep;
        self.cycles -= 1;
    }

    /// A fresh stamp for `seen` (a wrapped counter clears the stamps, so no old one matches).
    fn next_epoch(&mut self) -> u32 {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.seen.fill(0);
            self.epoch = 1;
        }
        self.epoch
    }

    /// The cover edge at `cur` that does not lead back to `prev` (walking along a piece),
    /// or [`NONE`] at a path's end.
    #[inline]
    fn next_along(&self, prev: u32, cur: u32) -> u32 {
        let l = self.link[cur as usize];
        if l[0] != prev { l[0] } else { l[1] }
    }

    /// The rule for the board edge from `x` to its neighbour `y`.
    #[inline]
    fn rule(&self, x: u32, y: u32) -> u8 {
        let slots = self.nbr[x as usize];
        (0..4)
            .find(|&i| slots[i] == y)
            .map_or(BANNED, |i| self.rule[x as usize][i])
    }

    /// May the cover drop edges `d1`, `d2` and take `a1`, `a2` under the rules?
    fn may_trade(&self, d1: (u32, u32), d2: (u32, u32), a1: (u32, u32), a2: (u32, u32)) -> bool {
        self.rule(d1.0, d1.1) != FORCED
            && self.rule(d2.0, d2.1) != FORCED
            && self.rule(a1.0, a1.1) != BANNED
            && self.rule(a2.0, a2.1) != BANNED
    }

    /// Empties the cover but for the edges the rules force.
    fn seed_cover(&mut self) {
        self.link.fill([NONE; 2]);
        self.end = NONE;
        for x in 0..self.n {
            for i in 0..4 {
                let y = self.nbr[x as usize][i];
                if y != NONE && x < y && self.rule[x as usize][i] == FORCED {
                    self.add(x, y);
                }
            }
        }
        let ends: Vec<u32> = (0..self.n)
            .filter(|&v| self.candidate[v as usize])
            .collect();
        if ends.len() == 1 {
            self.end = ends[0];
        }
    }

    /// Starts a fresh attempt, with another cover, after the walk got stuck.
    fn retry(&mut self) {
        self.attempt += 1;
        self.attempt_moves = 0;
        self.kicks = 0;
        // Every other attempt puts the end near a cycle the last one left: a region that
        // stays a cycle often needs the end (a pocket, or a colour count to even out).
        self.candidate.clone_from(&self.may_end);
        self.focused = false;
        if self.attempt % 2 == 1 && self.cycles > 0 {
            self.distances();
            let near: Vec<bool> = (0..self.n as usize)
                .map(|v| self.may_end[v] && self.dist[v] <= FOCUS_RADIUS)
                .collect();
            if near.iter().any(|&b| b) {
                self.candidate = near;
                self.focused = true;
            }
        }
        self.seed_cover();
        self.cycles = 0;
        self.cursor = 0;
        self.offset = (self.next_random() % u64::from(self.n)) as u32;
        self.phase = Phase::Cover;
        self.dist_stale = true;
        self.order_stale = true;
    }

    /// Searches until the path, giving up, or the step's `meter` running out. The meter
    /// counts in the caller's total: `base` plus this attempt's moves.
    pub(crate) fn run<L: Limit>(&mut self, meter: &mut Meter<L>, base: u64) -> Outcome {
        loop {
            // a repair under way finishes first, as if it had been done at once
            if self.phase != Phase::Done && self.moves >= self.max_moves && self.repairing.is_none()
            {
                self.phase = Phase::Done;
            }
            if self.phase == Phase::Walk && self.attempt_moves >= self.walk_moves {
                self.retry();
            }
            let progressed = match self.phase {
                Phase::Done => return Outcome::GaveUp,
                Phase::Cover => self.cover_step(),
                Phase::Squares => self.squares_pass(),
                Phase::Rejoin => self.rejoin_pass(),
                Phase::Repair => match self.repair(meter, base) {
                    Some(progressed) => progressed,
                    None => return Outcome::Paused,
                },
                Phase::Walk => self.walk_step(),
            };
            if !progressed && self.phase == Phase::Cover && self.focused {
                // no cover ends there: an attempt with every end allowed
                self.cycles = 0;
                self.retry();
                continue;
            }
            if !progressed && self.phase == Phase::Walk {
                // the end cannot move: another cover may not need it to
                self.retry();
                continue;
            }
            if !progressed || self.phase == Phase::Done {
                self.phase = Phase::Done;
                return Outcome::GaveUp;
            }
            if let Some(found) = self.repaired.take() {
                self.phase = Phase::Done;
                return Outcome::Found(found);
            }
            if self.phase == Phase::Walk && self.cycles == 0 {
                self.phase = Phase::Done;
                self.moves += 1;
                return Outcome::Found(self.solution());
            }
            self.moves += 1;
            self.attempt_moves += 1;
            if !meter.go_on(base.wrapping_add(self.moves)) {
                return Outcome::Paused;
            }
        }
    }

    /// Union-find over the pieces of the finished cover: each piece's tiles point at its
    /// first tile.
    fn label_pieces(&mut self) {
        let mut pieces = 0u32;
        let ep = self.next_epoch();
        let mut stack = std::mem::take(&mut self.queue);
        for s in 0..self.n {
            if self.seen[s as usize] == ep {
                continue;
            }
            pieces += 1;
            self.seen[s as usize] = ep;
            stack.clear();
            stack.push(s);
            while let Some(v) = stack.pop() {
                self.parent[v as usize] = s;
                for u in self.link[v as usize] {
                    if u != NONE && self.seen[u as usize] != ep {
                        self.seen[u as usize] = ep;
                        stack.push(u);
                    }
                }
            }
        }
        self.queue = stack;
        self.cycles = pieces - 1;
    }

    /// Breadth-first distances (through tiles) from `sources` into `out`.
    fn bfs(&mut self, sources: &[u32], out: &mut [u32]) {
        out.fill(u32::MAX);
        let mut queue = std::mem::take(&mut self.queue);
        queue.clear();
        for &v in sources {
            out[v as usize] = 0;
            queue.push(v);
        }
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            let d = out[v as usize] + 1;
            for u in self.nbr[v as usize] {
                if u != NONE && out[u as usize] == u32::MAX {
                    out[u as usize] = d;
                    queue.push(u);
                }
            }
        }
        self.queue = queue;
    }

    /// Grid distances (through tiles) from the nearest tile not on the path.
    fn distances(&mut self) {
        self.distances_from(false);
    }

    /// [`Construct::distances`], counting the path's free end as a source too if `with_end`.
    fn distances_from(&mut self, with_end: bool) {
        self.dist_stale = with_end;
        let root = self.find(self.start);
        let mut queue = std::mem::take(&mut self.queue);
        queue.clear();
        for v in 0..self.n {
            if self.find(v) == root && !(with_end && v == self.end) {
                self.dist[v as usize] = u32::MAX;
            } else {
                self.dist[v as usize] = 0;
                queue.push(v);
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            let d = self.dist[v as usize] + 1;
            for u in self.nbr[v as usize] {
                if u != NONE && self.dist[u as usize] == u32::MAX {
                    self.dist[u as usize] = d;
                    queue.push(u);
                }
            }
        }
        self.queue = queue;
    }

    fn solution(&self) -> Solution {
        let mut cells = Vec::with_capacity(self.n as usize);
        let (mut prev, mut cur) = (NONE, self.start);
        while cur != NONE {
            cells.push(self.positions[cur as usize]);
            let next = self.next_along(prev, cur);
            prev = cur;
            cur = next;
        }
        debug_assert_eq!(cells.len(), self.n as usize);
        Solution::from_cells(cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::planted;
    use crate::proof::precheck;
    use puzzle_search::{Nodes, Unlimited};

    fn construct_for(grid: &crate::Grid, seed: u64) -> Construct {
        let g = Graph::new(grid);
        let colours = precheck(&g).unwrap();
        Construct::new(
            &g,
            g.start().unwrap(),
            colours,
            seed,
            64 * g.len() as u64 + 1_000,
        )
    }

    #[test]
    fn planted_boards_are_built_without_the_exact_engine() {
        for (n, seeds) in [(8, 20), (14, 10), (20, 10), (30, 5), (40, 5)] {
            for seed in 0..seeds {
                let (grid, _) = planted(n, n, 0.85, seed);
                let mut c = construct_for(&grid, 0);
                match c.run(&mut Meter::new(Unlimited, 0), 0) {
                    Outcome::Found(path) => {
                        assert!(crate::Solution::new(&grid, path.cells().to_vec()).is_ok());
                    }
                    other => panic!("{n}x{n} seed {seed}: {other:?}"),
                }
            }
        }
    }

    #[test]
    fn stepping_changes_nothing() {
        for seed in 0..4 {
            let (grid, _) = planted(24, 24, 0.85, seed);
            let mut whole = construct_for(&grid, 3);
            let at_once = whole.run(&mut Meter::new(Unlimited, 0), 0);
            let mut stepped = construct_for(&grid, 3);
            let mut steps = 0;
            let in_steps = loop {
                let mut meter = Meter::new(Nodes(7), stepped.moves);
                match stepped.run(&mut meter, 0) {
                    Outcome::Paused => steps += 1,
                    done => break done,
                }
            };
            assert!(steps > 1);
            assert_eq!(at_once, in_steps);
            assert_eq!(whole.moves, stepped.moves);
        }
    }

    #[test]
    fn a_board_the_rules_refute_gives_up_at_once() {
        // it passes the O(N) checks, but the root propagation finds no path: no cover
        let grid = crate::Grid::parse("xxxx\nXx").unwrap();
        let g = Graph::new(&grid);
        let colours = precheck(&g).unwrap();
        let mut c = Construct::new(&g, g.start().unwrap(), colours, 0, 1_000);
        assert_eq!(c.run(&mut Meter::new(Unlimited, 0), 0), Outcome::GaveUp);
        assert_eq!(c.moves, 0);
        assert!(crate::Solver::new(&grid).solve().is_err());
    }
}
