//! The fast engine: depth-first search over edge decisions with constraint propagation.
//!
//! The path from the start `S` to its end `E` is extended by a virtual vertex `V` joined to
//! every tile that may end the path (right colour, not the start; only `E` if the board marks
//! it). A Hamiltonian path of the board is then exactly a set of edges in which `S` and `V`
//! have one edge, every tile two, and no cycle. Each edge is unknown, in or out; the rules:
//!
//! - degree: a vertex with all the edges it needs drops its unknown edges; a vertex with only
//!   as many possible edges as it needs takes them all; fewer is a contradiction. A tile down
//!   to one possible board edge therefore takes its virtual edge (it is the end), and two such
//!   tiles contradict at `V` ("two dead ends"); once `V` has its edge the end is decided and
//!   every other tile needs two board edges.
//! - no early cycles: each fragment (run of in-edges) knows its two ends (`mate`); an edge
//!   joining the ends of one fragment is out, and the fragment from `S` may reach `V` only when
//!   it covers every tile.
//! - connectivity: the tiles must stay connected through edges that are not out.
//!
//! Branching takes the most constrained tile (fewest unknown edges, fragment ends first) and
//! tries its edge towards the most constrained neighbour, in then out; with `end_first` it first
//! decides where the path ends. Every change goes on a trail, so backtracking undoes exactly
//! what a decision caused, and the decision stack with the trail is the whole continuation.

use puzzle_search::{Limit, Meter};

use crate::graph::{Graph, NONE};
use crate::path::Solution;
use crate::proof::EndColour;

/// Which engine a [`Solver`](crate::Solver) or [`Paths`](crate::Paths) runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Engine {
    /// The plain backtracker the project started from: extend the path, skip a tile the path
    /// already holds. The oracle of the tests and the yardstick of the benches.
    Baseline,
    /// The constructive attempt and the exact search with propagation.
    #[default]
    Fast,
}

const UNKNOWN: u8 = 0;
const IN: u8 = 1;
const OUT: u8 = 2;

/// How the engine chooses its branches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Config {
    /// Decide the end tile before anything else.
    pub end_first: bool,
    /// Branch at the head of the start's fragment (extend the path) rather than anywhere.
    pub head: bool,
    /// Probe both sides of each decision first (failed-literal detection).
    pub probe: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Undo {
    Edge(u32),
    Mate { v: u32, mate: u32, size: u32 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Frame {
    trail: u32,
    edge: u32,
    second: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Next {
    Propagate,
    Backtrack,
    Done,
}

/// What [`Exact::run`] stopped on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    Found(Solution),
    /// The step's budget ran out.
    Paused,
    /// `nodes` reached the caller's `stop_at` (a restart is due).
    Cutoff,
    Exhausted,
}

/// The search state for one start tile; plain data, so it clones and compares.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Exact {
    config: Config,
    n: u32,
    start: u32,
    vend: u32,
    edges: Vec<[u32; 2]>,
    /// Edges at each tile: four board slots (up, down, left, right) and the virtual edge.
    inc: Vec<[u32; 5]>,
    /// Edges at the virtual vertex.
    vinc: Vec<u32>,
    status: Vec<u8>,
    deg: Vec<u32>,
    avail: Vec<u32>,
    mate: Vec<u32>,
    size: Vec<u32>,
    trail: Vec<Undo>,
    root_trail: usize,
    root_ok: bool,
    queue: Vec<u32>,
    frames: Vec<Frame>,
    next: Next,
    stamp: Vec<u32>,
    epoch: u32,
    // scratch of the structure check, indexed by tile
    disc: Vec<u32>,
    low: Vec<u32>,
    sub: Vec<u32>,
    sub_colour: Vec<u32>,
    via: Vec<u32>,
    sep_mark: Vec<u32>,
    colour: Vec<bool>,
    dfs: Vec<(u32, u8)>,
    seps: Vec<(u32, u32)>,
    bridges: Vec<u32>,
    positions: Vec<crate::grid::Pos>,
    /// Component of each open tile in the balance check (by epoch), and its scratch.
    comp: Vec<u32>,
    comp_epoch: u32,
    /// Colour the end tile must have.
    end_colour: bool,
    bfs_piece: Vec<u32>,
    odd_members: Vec<u32>,
    /// Board edges went out since the last structure check passed.
    dirty: bool,
    /// Decisions made so far.
    pub nodes: u64,
    /// Rotation of the scan that breaks ties (0 = reading order).
    offset: u32,
    rng: u64,
}

impl Exact {
    /// An engine for paths from `start`; `graph` must have at least two tiles.
    pub(crate) fn new(g: &Graph, start: u32, colours: EndColour, config: Config) -> Exact {
        let n = g.len() as u32;
        let vend = n;
        let mut edges = Vec::new();
        let mut inc = vec![[NONE; 5]; n as usize];
        for v in 0..n {
            let slots = g.slots(v);
            // down (1) and right (3) create the edge; up (0) and left (2) receive it
            for (d, back) in [(1usize, 0usize), (3, 2)] {
                let u = slots[d];
                if u != NONE {
                    let e = edges.len() as u32;
                    edges.push([v, u]);
                    inc[v as usize][d] = e;
                    inc[u as usize][back] = e;
                }
            }
        }
        let mut vinc = Vec::new();
        for v in 0..n {
            let allowed = match g.end() {
                Some(e) => v == e,
                None => v != start && colours.allows(g, start, v),
            };
            if allowed {
                let e = edges.len() as u32;
                edges.push([v, vend]);
                inc[v as usize][4] = e;
                vinc.push(e);
            }
        }
        let mut deg = vec![0u32; n as usize + 1];
        let mut avail = vec![0u32; n as usize + 1];
        for &[u, v] in &edges {
            avail[u as usize] += 1;
            avail[v as usize] += 1;
        }
        deg.shrink_to_fit();
        let mut engine = Exact {
            config,
            n,
            start,
            vend,
            status: vec![UNKNOWN; edges.len()],
            edges,
            inc,
            vinc,
            deg,
            avail,
            mate: (0..=n).collect(),
            size: vec![1; n as usize + 1],
            trail: Vec::new(),
            root_trail: 0,
            root_ok: true,
            queue: (0..=n).collect(),
            frames: Vec::new(),
            next: Next::Propagate,
            stamp: vec![0; n as usize],
            epoch: 0,
            disc: vec![0; n as usize],
            low: vec![0; n as usize],
            sub: vec![0; n as usize],
            sub_colour: vec![0; n as usize],
            via: vec![NONE; n as usize],
            sep_mark: vec![0; n as usize],
            colour: (0..n).map(|v| g.colour(v)).collect(),
            dfs: Vec::new(),
            seps: Vec::new(),
            bridges: Vec::new(),
            positions: (0..n).map(|v| g.pos(v)).collect(),
            comp: vec![0; n as usize],
            comp_epoch: 0,
            bfs_piece: Vec::new(),
            odd_members: Vec::new(),
            end_colour: match colours {
                EndColour::Fixed(c) => c,
                EndColour::Opposite => !g.colour(start),
            },
            dirty: true,
            nodes: 0,
            offset: 0,
            rng: 0x9E37_79B9_7F4A_7C15,
        };
        engine.root_ok = engine.propagate();
        engine.root_trail = engine.trail.len();
        engine.next = if engine.root_ok {
            Next::Propagate
        } else {
            Next::Done
        };
        engine
    }

    /// The edges the root propagation decided, as `(a, b, on_path)` with `b` [`NONE`] for
    /// `a`'s edge to the virtual end; `None` if the root already fails (no path at all).
    pub(crate) fn decided(&self) -> Option<Vec<(u32, u32, bool)>> {
        if !self.root_ok {
            return None;
        }
        let mut out = Vec::new();
        for (e, &[u, v]) in self.edges.iter().enumerate() {
            let status = self.status[e];
            if status != UNKNOWN {
                let b = if v == self.vend { NONE } else { v };
                out.push((u, b, status == IN));
            }
        }
        Some(out)
    }

    /// Fixes edges before the search: `fixed(a, b)` is `Some(true)` for an edge that must be
    /// on the path, `Some(false)` for one that must not, `None` to leave it to the search (`b`
    /// is [`NONE`] for `a`'s edge to the virtual end). The fixed edges become part of the root,
    /// so no backtrack undoes them. `false` if they already contradict the rules.
    pub(crate) fn fix(&mut self, mut fixed: impl FnMut(u32, u32) -> Option<bool>) -> bool {
        let mut ok = self.root_ok;
        for e in 0..self.edges.len() as u32 {
            if !ok {
                break;
            }
            let [u, v] = self.edges[e as usize];
            let want = if v == self.vend {
                fixed(u, NONE)
            } else {
                fixed(u, v)
            };
            ok = match want {
                Some(true) => self.set_in(e),
                Some(false) => self.set_out(e),
                None => true,
            };
        }
        // the checks look at every board edge that went out
        self.dirty = true;
        ok = ok && self.propagate();
        self.queue.clear();
        self.root_ok = ok;
        self.root_trail = self.trail.len();
        self.next = if ok { Next::Propagate } else { Next::Done };
        ok
    }

    /// Changes how the engine branches from now on (used between restarts).
    pub(crate) fn set_config(&mut self, config: Config) {
        self.config = config;
    }

    /// Undoes everything back to the root and varies the tie-breaking with `seed`
    /// (0: reading order, as a fresh engine).
    pub(crate) fn restart(&mut self, seed: u64) {
        self.undo_to(self.root_trail);
        self.frames.clear();
        self.queue.clear();
        self.next = if self.root_ok {
            Next::Propagate
        } else {
            Next::Done
        };
        self.rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        self.offset = if seed == 0 {
            0
        } else {
            (self.next_random() % self.n as u64) as u32
        };
    }

    fn next_random(&mut self) -> u64 {
        crate::rng::xorshift64_star(&mut self.rng)
    }

    /// True once the whole tree is searched.
    pub(crate) fn is_finished(&self) -> bool {
        self.next == Next::Done
    }

    /// An estimate of the fraction of the tree explored: each decision whose first branch is
    /// done accounts for half of its subtree.
    pub(crate) fn fraction(&self) -> f64 {
        if self.is_finished() {
            return 1.0;
        }
        let mut f = 0.0;
        let mut w = 0.5;
        for fr in &self.frames {
            if fr.second {
                f += w;
            }
            w *= 0.5;
        }
        f
    }

    #[inline]
    fn cap(&self, v: u32) -> u32 {
        if v == self.start || v == self.vend {
            1
        } else {
            2
        }
    }

    #[inline]
    fn other(&self, e: u32, v: u32) -> u32 {
        let [a, b] = self.edges[e as usize];
        if a == v { b } else { a }
    }

    fn set_mate(&mut self, v: u32, mate: u32, size: u32) {
        self.trail.push(Undo::Mate {
            v,
            mate: self.mate[v as usize],
            size: self.size[v as usize],
        });
        self.mate[v as usize] = mate;
        self.size[v as usize] = size;
    }

    /// The edge between `a` and `b`, if any (either may be the virtual vertex).
    fn edge_between(&self, a: u32, b: u32) -> u32 {
        if a == self.vend {
            return self.inc[b as usize][4];
        }
        if b == self.vend {
            return self.inc[a as usize][4];
        }
        for &e in &self.inc[a as usize][..4] {
            if e != NONE && self.other(e, a) == b {
                return e;
            }
        }
        NONE
    }

    fn set_out(&mut self, e: u32) -> bool {
        match self.status[e as usize] {
            OUT => return true,
            IN => return false,
            _ => {}
        }
        let [u, v] = self.edges[e as usize];
        self.status[e as usize] = OUT;
        if v != self.vend {
            self.dirty = true;
        }
        self.avail[u as usize] -= 1;
        self.avail[v as usize] -= 1;
        self.trail.push(Undo::Edge(e));
        self.queue.push(u);
        self.queue.push(v);
        true
    }

    fn set_in(&mut self, e: u32) -> bool {
        match self.status[e as usize] {
            IN => return true,
            OUT => return false,
            _ => {}
        }
        let [u, v] = self.edges[e as usize];
        if self.deg[u as usize] >= self.cap(u) || self.deg[v as usize] >= self.cap(v) {
            return false;
        }
        let a = self.mate[u as usize];
        let b = self.mate[v as usize];
        if a == v {
            return false; // would close a cycle
        }
        let s = self.size[a as usize] + self.size[b as usize];
        let terminal = |x: u32| x == self.start || x == self.vend;
        if terminal(a) && terminal(b) && s < self.n + 1 {
            return false; // start joined to the end before every tile is on the path
        }
        self.status[e as usize] = IN;
        self.deg[u as usize] += 1;
        self.deg[v as usize] += 1;
        self.trail.push(Undo::Edge(e));
        self.set_mate(a, b, s);
        self.set_mate(b, a, s);
        self.queue.push(u);
        self.queue.push(v);
        // No early cycles: the edge joining the new fragment's ends is out...
        let f = self.edge_between(a, b);
        if f != NONE && self.status[f as usize] == UNKNOWN {
            self.set_out(f);
        }
        // ...and so is the edge that would join the start's fragment to the end too early.
        if s < self.n {
            for (x, y) in [(a, b), (b, a)] {
                if x == self.start && y != self.vend {
                    let f = self.inc[y as usize][4];
                    if f != NONE && self.status[f as usize] == UNKNOWN {
                        self.set_out(f);
                    }
                } else if x == self.vend && y != self.start {
                    let f = self.edge_between(y, self.start);
                    if f != NONE && self.status[f as usize] == UNKNOWN {
                        self.set_out(f);
                    }
                }
            }
        }
        true
    }

    fn undo_to(&mut self, len: usize) {
        // every trail mark is taken after a propagation that passed the structure check
        self.dirty = false;
        while self.trail.len() > len {
            match self.trail.pop() {
                Some(Undo::Edge(e)) => {
                    let [u, v] = self.edges[e as usize];
                    if self.status[e as usize] == IN {
                        self.deg[u as usize] -= 1;
                        self.deg[v as usize] -= 1;
                    } else {
                        self.avail[u as usize] += 1;
                        self.avail[v as usize] += 1;
                    }
                    self.status[e as usize] = UNKNOWN;
                }
                Some(Undo::Mate { v, mate, size }) => {
                    self.mate[v as usize] = mate;
                    self.size[v as usize] = size;
                }
                None => break,
            }
        }
    }

    /// Applies the degree rules at `x`.
    fn process(&mut self, x: u32) -> bool {
        let c = self.cap(x);
        let d = self.deg[x as usize];
        let a = self.avail[x as usize];
        if a < c {
            return false;
        }
        if d == c {
            if a > d {
                self.for_unknown(x, |s, e| {
                    s.set_out(e);
                    true
                });
            }
            true
        } else if a == c {
            self.for_unknown(x, |s, e| s.set_in(e))
        } else {
            true
        }
    }

    fn for_unknown(&mut self, x: u32, mut f: impl FnMut(&mut Self, u32) -> bool) -> bool {
        if x == self.vend {
            for i in 0..self.vinc.len() {
                let e = self.vinc[i];
                if self.status[e as usize] == UNKNOWN && !f(self, e) {
                    return false;
                }
            }
        } else {
            for i in 0..5 {
                let e = self.inc[x as usize][i];
                if e != NONE && self.status[e as usize] == UNKNOWN && !f(self, e) {
                    return false;
                }
            }
        }
        true
    }

    /// Runs the rules to a fixed point, then the structure checks, until nothing changes.
    fn propagate(&mut self) -> bool {
        loop {
            while let Some(x) = self.queue.pop() {
                if !self.process(x) {
                    self.queue.clear();
                    return false;
                }
            }
            // the structure depends only on which board edges are out
            if self.dirty {
                if !self.structure() {
                    self.queue.clear();
                    return false;
                }
                self.dirty = false;
            }
            if self.queue.is_empty() && !self.balance() {
                self.queue.clear();
                return false;
            }
            if self.queue.is_empty() {
                return true;
            }
        }
    }

    /// Colour balance of what is left to choose. Every undecided board edge joins two open
    /// tiles (tiles still short of edges) of different colours, so within each piece of open
    /// tiles joined by undecided edges, the edges still needed by its tiles of one colour
    /// must equal those needed by the other colour. The one exception is the piece that
    /// will hold the end while the end is undecided: its tiles of the end's colour need one
    /// edge fewer than counted. So: with the end decided every piece balances; without, exactly
    /// one piece is one off in the end's direction, and the end lies in it.
    fn balance(&mut self) -> bool {
        self.comp_epoch = self.comp_epoch.wrapping_add(1);
        if self.comp_epoch == 0 {
            self.comp.fill(0);
            self.comp_epoch = 1;
        }
        let decided = self.deg[self.vend as usize] == 1;
        let want: i64 = if self.end_colour { 1 } else { -1 };
        let mut odd_piece = NONE;
        let base = self.comp_epoch;
        for r in 0..self.n {
            let ri = r as usize;
            if self.deg[ri] >= self.cap(r) || self.comp[ri] == base {
                continue;
            }
            // a fresh piece: breadth-first over undecided board edges
            self.bfs_piece.clear();
            self.bfs_piece.push(r);
            self.comp[ri] = base;
            let mut head = 0;
            let mut diff: i64 = 0;
            let mut candidate = false;
            while head < self.bfs_piece.len() {
                let v = self.bfs_piece[head];
                head += 1;
                let vi = v as usize;
                let need = i64::from(self.cap(v) - self.deg[vi]);
                diff += if self.colour[vi] { need } else { -need };
                let f = self.inc[vi][4];
                if f != NONE && self.status[f as usize] == UNKNOWN {
                    candidate = true;
                }
                for i in 0..4 {
                    let e = self.inc[vi][i];
                    if e != NONE && self.status[e as usize] == UNKNOWN {
                        let u = self.other(e, v);
                        if self.comp[u as usize] != base {
                            self.comp[u as usize] = base;
                            self.bfs_piece.push(u);
                        }
                    }
                }
            }
            if diff == 0 {
                continue;
            }
            if decided || diff != want || !candidate || odd_piece != NONE {
                return false;
            }
            odd_piece = r;
            self.odd_members.clear();
            self.odd_members.extend_from_slice(&self.bfs_piece);
        }
        if decided {
            return true;
        }
        if odd_piece == NONE {
            return false;
        }
        // the end is in the odd piece: every other candidate is out
        self.comp_epoch = self.comp_epoch.wrapping_add(1);
        if self.comp_epoch == 0 {
            self.comp.fill(0);
            self.comp_epoch = 1;
        }
        let mark = self.comp_epoch;
        for k in 0..self.odd_members.len() {
            let v = self.odd_members[k] as usize;
            self.comp[v] = mark;
        }
        for k in 0..self.vinc.len() {
            let e = self.vinc[k];
            if self.status[e as usize] != UNKNOWN {
                continue;
            }
            let v = self.other(e, self.vend) as usize;
            if self.comp[v] != mark {
                self.set_out(e);
            }
        }
        true
    }

    /// Connectivity through the edges that are not out, by one depth-first search from the
    /// start (Tarjan's low points):
    /// - every tile must be reached, and the start (an end) must not be a cut tile;
    /// - a bridge must be on the path (both sides need covering);
    /// - a cut tile `p` passes the path once, so removing it may split off only one piece
    ///   beyond the start's side; the path enters that piece from `p` and ends in it, so the
    ///   end lies in it, `p` is not the end, and its colour counts must suit a path that
    ///   begins next to `p`.
    fn structure(&mut self) -> bool {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.fill(0);
            self.sep_mark.fill(0);
            self.epoch = 1;
        }
        let ep = self.epoch;
        let root = self.start;
        let n = self.n as usize;
        self.bridges.clear();
        self.seps.clear();
        self.dfs.clear();
        let mut time = 0u32;
        let mut visit = |s: &mut Self, v: u32, via: u32| {
            let vi = v as usize;
            s.stamp[vi] = ep;
            s.disc[vi] = time;
            s.low[vi] = time;
            s.sub[vi] = 1;
            s.sub_colour[vi] = u32::from(s.colour[vi]);
            s.via[vi] = via;
            s.dfs.push((v, 0));
            time += 1;
        };
        visit(self, root, NONE);
        let mut root_children = 0;
        while let Some(top) = self.dfs.last_mut() {
            let (v, i) = *top;
            if i < 4 {
                top.1 += 1;
                let e = self.inc[v as usize][i as usize];
                if e == NONE || self.status[e as usize] == OUT {
                    continue;
                }
                let u = self.other(e, v);
                if self.stamp[u as usize] != ep {
                    visit(self, u, e);
                } else if e != self.via[v as usize] {
                    let d = self.disc[u as usize];
                    if d < self.low[v as usize] {
                        self.low[v as usize] = d;
                    }
                }
                continue;
            }
            self.dfs.pop();
            let Some(&(p, _)) = self.dfs.last() else {
                break;
            };
            let (vi, pi) = (v as usize, p as usize);
            if self.low[vi] < self.low[pi] {
                self.low[pi] = self.low[vi];
            }
            self.sub[pi] += self.sub[vi];
            self.sub_colour[pi] += self.sub_colour[vi];
            if p == root {
                root_children += 1;
            } else if self.low[vi] >= self.disc[pi] {
                self.seps.push((p, v));
            }
            if self.low[vi] > self.disc[pi] {
                self.bridges.push(self.via[vi]);
            }
        }
        if time as usize != n || root_children > 1 {
            return false;
        }
        // the end must lie in every split-off piece: the pieces are subtrees, so their
        // intersection is the deepest one
        let (mut lo, mut hi) = (0u32, self.n);
        for k in 0..self.seps.len() {
            let (p, c) = self.seps[k];
            let (pi, ci) = (p as usize, c as usize);
            if self.sep_mark[pi] == ep {
                return false; // a second piece split off by the same tile
            }
            self.sep_mark[pi] = ep;
            // p cannot be the end: the piece behind it would stay uncovered
            let f = self.inc[pi][4];
            if f != NONE && !self.set_out(f) {
                return false;
            }
            let (a, b) = (self.disc[ci], self.disc[ci] + self.sub[ci]);
            lo = lo.max(a);
            hi = hi.min(b);
            if lo >= hi {
                return false;
            }
            // a path through all m tiles of the piece, starting next to p: it alternates
            // colours beginning with the colour p does not have
            let m = self.sub[ci];
            let ones = self.sub_colour[ci];
            let first = if self.colour[pi] { m - ones } else { ones };
            let second = m - first;
            if first != second + (m & 1) {
                return false;
            }
        }
        if lo > 0 || hi < self.n {
            for k in 0..self.vinc.len() {
                let e = self.vinc[k];
                if self.status[e as usize] == OUT {
                    continue;
                }
                let v = self.other(e, self.vend) as usize;
                if (self.disc[v] < lo || self.disc[v] >= hi) && !self.set_out(e) {
                    return false;
                }
            }
        }
        for k in 0..self.bridges.len() {
            let e = self.bridges[k];
            if !self.set_in(e) {
                return false;
            }
        }
        true
    }

    /// Tries both sides of the decision on `e` with full propagation: `Some(true)` if out
    /// fails (so `e` must be in), `Some(false)` if in fails, `None` if both survive (or both
    /// fail: the caller's branch finds that). The state is restored either way.
    fn probe(&mut self, e: u32) -> Option<bool> {
        let mark = self.trail.len();
        let in_ok = self.set_in(e) && self.propagate();
        self.undo_to(mark);
        self.queue.clear();
        let out_ok = self.set_out(e) && self.propagate();
        self.undo_to(mark);
        self.queue.clear();
        match (in_ok, out_ok) {
            (true, false) => Some(true),
            (false, true) => Some(false),
            _ => None,
        }
    }

    /// The edge to branch on, or `None` when every vertex has its edges (a solution).
    fn choose(&mut self) -> Option<u32> {
        let n = self.n;
        if self.config.end_first && self.deg[self.vend as usize] == 0 {
            let mut best = NONE;
            let mut best_key = u32::MAX;
            for &e in &self.vinc {
                if self.status[e as usize] != UNKNOWN {
                    continue;
                }
                let v = self.other(e, self.vend);
                let key = self.avail[v as usize] - self.deg[v as usize];
                if key < best_key || (key == best_key && self.rotated(v) < self.rotated(best)) {
                    best_key = key;
                    best = e;
                }
            }
            if best != NONE {
                return Some(best);
            }
        }
        let mut best = NONE;
        let mut best_key = u32::MAX;
        let off = self.offset;
        if self.config.head {
            // extend the path from the start: the other end of the start's fragment
            let h = if self.deg[self.start as usize] == 0 {
                self.start
            } else {
                self.mate[self.start as usize]
            };
            if h != self.vend && self.deg[h as usize] < self.cap(h) {
                best = h;
            }
        }
        for i in 0..if best == NONE { n } else { 0 } {
            let mut v = i + off;
            if v >= n {
                v -= n;
            }
            let d = self.deg[v as usize];
            let c = self.cap(v);
            if d >= c {
                continue;
            }
            let unknown = self.avail[v as usize] - d;
            // fewest open edges first, and a fragment end before an untouched tile
            let key = unknown * 2 + u32::from(d == 0);
            if key < best_key {
                best_key = key;
                best = v;
                if key <= 4 {
                    break; // cannot do better than a fragment end with two choices
                }
            }
        }
        if best == NONE {
            return None;
        }
        // the edge towards the most constrained neighbour
        let mut pick = NONE;
        let mut pick_key = u32::MAX;
        let r = if self.offset == 0 {
            0
        } else {
            self.next_random() as u32
        };
        for i in 0..5 {
            let e = self.inc[best as usize][(i + r as usize) % 5];
            if e == NONE || self.status[e as usize] != UNKNOWN {
                continue;
            }
            let u = self.other(e, best);
            let key = if u == self.vend {
                u32::MAX - 1
            } else {
                self.avail[u as usize] - self.deg[u as usize]
            };
            if key < pick_key {
                pick_key = key;
                pick = e;
            }
        }
        Some(pick)
    }

    #[inline]
    fn rotated(&self, v: u32) -> u32 {
        if v == NONE {
            return u32::MAX;
        }
        let r = v + self.n - self.offset;
        if r >= self.n { r - self.n } else { r }
    }

    fn solution(&self) -> Solution {
        let mut cells = Vec::with_capacity(self.n as usize);
        let mut prev = NONE;
        let mut cur = self.start;
        loop {
            cells.push(self.positions[cur as usize]);
            let mut next = NONE;
            for &e in &self.inc[cur as usize][..4] {
                if e != NONE && self.status[e as usize] == IN {
                    let u = self.other(e, cur);
                    if u != prev {
                        next = u;
                        break;
                    }
                }
            }
            if next == NONE {
                break;
            }
            prev = cur;
            cur = next;
        }
        Solution::from_cells(cells)
    }

    /// Searches until a solution, the end of the tree, the step's `meter` running out, or
    /// `self.nodes` reaching `stop_at`. The meter counts in the caller's total: `base` plus
    /// this engine's nodes. It is asked after each node, which is where a step pauses, so a
    /// resumed step goes on exactly where the paused one stopped.
    pub(crate) fn run<L: Limit>(&mut self, meter: &mut Meter<L>, base: u64, stop_at: u64) -> Event {
        loop {
            match self.next {
                Next::Done => return Event::Exhausted,
                Next::Propagate => {
                    if !self.propagate() {
                        self.next = Next::Backtrack;
                        continue;
                    }
                    let choice = self.choose();
                    if let Some(e) = choice
                        && self.config.probe
                        && let Some(forced) = self.probe(e)
                    {
                        // one side of the decision fails at once: take the other side here,
                        // without a node, and look again
                        let ok = if forced {
                            self.set_in(e)
                        } else {
                            self.set_out(e)
                        };
                        if !ok {
                            self.next = Next::Backtrack;
                        }
                        continue;
                    }
                    match choice {
                        None => {
                            self.next = Next::Backtrack;
                            return Event::Found(self.solution());
                        }
                        Some(e) => {
                            self.nodes += 1;
                            self.frames.push(Frame {
                                trail: self.trail.len() as u32,
                                edge: e,
                                second: false,
                            });
                            self.next = if self.set_in(e) {
                                Next::Propagate
                            } else {
                                Next::Backtrack
                            };
                            if self.nodes >= stop_at {
                                return Event::Cutoff;
                            }
                            if !meter.go_on(base + self.nodes) {
                                return Event::Paused;
                            }
                        }
                    }
                }
                Next::Backtrack => {
                    self.queue.clear();
                    loop {
                        let Some(f) = self.frames.last_mut() else {
                            self.undo_to(self.root_trail);
                            self.next = Next::Done;
                            break;
                        };
                        let (trail, edge, second) = (f.trail, f.edge, f.second);
                        f.second = true;
                        self.undo_to(trail as usize);
                        if second {
                            self.frames.pop();
                        } else {
                            self.set_out(edge);
                            self.next = Next::Propagate;
                            break;
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::planted;
    use crate::proof::precheck;

    /// Exact and graph for a planted board, with the planted path as pairs of tiles.
    fn planted_case(n: usize, seed: u64) -> (Graph, Vec<(u32, u32)>, u32) {
        let (grid, path) = planted(n, n, 0.85, seed);
        let g = Graph::new(&grid);
        let index = |p: crate::grid::Pos| (0..g.len() as u32).find(|&v| g.pos(v) == p).unwrap();
        let cells: Vec<u32> = path.cells().iter().map(|&p| index(p)).collect();
        let pairs = cells.windows(2).map(|w| (w[0], w[1])).collect();
        (g, pairs, *cells.last().unwrap())
    }

    const PLAIN: Config = Config {
        end_first: false,
        head: false,
        probe: false,
    };

    #[test]
    fn fixing_a_window_around_a_known_path_keeps_it_reachable() {
        for seed in 0..6 {
            let (g, pairs, end) = planted_case(12, seed);
            let start = g.start().unwrap();
            let colours = precheck(&g).unwrap();
            let on = |a: u32, b: u32| {
                pairs
                    .iter()
                    .any(|&(x, y)| (x, y) == (a, b) || (y, x) == (a, b))
            };
            // free only the tiles near the middle of the board
            let free = |v: u32| {
                let p = g.pos(v);
                p.row.abs_diff(6) <= 2 && p.col.abs_diff(6) <= 2
            };
            let mut engine = Exact::new(&g, start, colours, PLAIN);
            let ok = engine.fix(|a, b| {
                if b == NONE {
                    if free(a) && free(end) {
                        None
                    } else {
                        Some(a == end)
                    }
                } else if free(a) && free(b) {
                    None
                } else {
                    Some(on(a, b))
                }
            });
            assert!(ok, "seed {seed}");
            let mut meter = Meter::new(puzzle_search::Unlimited, 0);
            let found = engine.run(&mut meter, 0, u64::MAX);
            assert!(matches!(found, Event::Found(_)), "seed {seed}");
        }
    }
}
