//! The exact search's state: the edges and their status, the degrees and fragment ends, and
//! the trail that undoes every change; with the edge rules applied as each edge is set.

use super::Config;
use crate::graph::{Graph, NONE};
use crate::proof::EndColour;

/// The status of an edge: not decided yet, on the path, or not.
pub(super) const UNKNOWN: u8 = 0;
pub(super) const IN: u8 = 1;
pub(super) const OUT: u8 = 2;

/// One change on the trail: an edge decided, or a fragment end's mate and size before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Undo {
    Edge(u32),
    Mate { v: u32, mate: u32, size: u32 },
}

/// A decision: the trail length before it, its edge, and whether it is on its second branch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Frame {
    pub(super) trail: u32,
    pub(super) edge: u32,
    pub(super) second: bool,
}

/// What the run loop does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Next {
    Propagate,
    Backtrack,
    Done,
}

/// The search state for one start tile; plain data, so it clones and compares.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Exact {
    pub(super) config: Config,
    pub(super) n: u32,
    pub(super) start: u32,
    pub(super) vend: u32,
    pub(super) edges: Vec<[u32; 2]>,
    /// Edges at each tile: four board slots (up, down, left, right) and the virtual edge.
    pub(super) inc: Vec<[u32; 5]>,
    /// Edges at the virtual vertex.
    pub(super) vinc: Vec<u32>,
    pub(super) status: Vec<u8>,
    pub(super) deg: Vec<u32>,
    pub(super) avail: Vec<u32>,
    pub(super) mate: Vec<u32>,
    pub(super) size: Vec<u32>,
    pub(super) trail: Vec<Undo>,
    pub(super) root_trail: usize,
    pub(super) root_ok: bool,
    pub(super) queue: Vec<u32>,
    pub(super) frames: Vec<Frame>,
    pub(super) next: Next,
    pub(super) stamp: Vec<u32>,
    pub(super) epoch: u32,
    // scratch of the structure check, indexed by tile
    pub(super) disc: Vec<u32>,
    pub(super) low: Vec<u32>,
    pub(super) sub: Vec<u32>,
    pub(super) sub_colour: Vec<u32>,
    pub(super) via: Vec<u32>,
    pub(super) sep_mark: Vec<u32>,
    pub(super) colour: Vec<bool>,
    pub(super) dfs: Vec<(u32, u8)>,
    pub(super) seps: Vec<(u32, u32)>,
    pub(super) bridges: Vec<u32>,
    pub(super) positions: Vec<crate::grid::Pos>,
    /// Component of each open tile in the balance check (by epoch), and its scratch.
    pub(super) comp: Vec<u32>,
    pub(super) comp_epoch: u32,
    /// Colour the end tile must have.
    pub(super) end_colour: bool,
    pub(super) bfs_piece: Vec<u32>,
    pub(super) odd_members: Vec<u32>,
    /// Board edges went out since the last structure check passed.
    pub(super) dirty: bool,
    /// Decisions made so far.
    pub(crate) nodes: u64,
    /// Rotation of the scan that breaks ties (0 = reading order).
    pub(super) offset: u32,
    pub(super) rng: u64,
    /// Decisions below which this engine never backtracks: 0 for a whole search, the depth
    /// of the cut for a part of a split one.
    pub(super) floor: usize,
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
            floor: 0,
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

    /// The next number of the tie-breaking generator.
    pub(super) fn next_random(&mut self) -> u64 {
        crate::rng::xorshift64_star(&mut self.rng)
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
    #[inline]
    pub(super) fn cap(&self, v: u32) -> u32 {
        if v == self.start || v == self.vend {
            1
        } else {
            2
        }
    }

    #[inline]
    pub(super) fn other(&self, e: u32, v: u32) -> u32 {
        let [a, b] = self.edges[e as usize];
        if a == v { b } else { a }
    }

    pub(super) fn set_mate(&mut self, v: u32, mate: u32, size: u32) {
        self.trail.push(Undo::Mate {
            v,
            mate: self.mate[v as usize],
            size: self.size[v as usize],
        });
        self.mate[v as usize] = mate;
        self.size[v as usize] = size;
    }

    /// The edge between `a` and `b`, if any (either may be the virtual vertex).
    pub(super) fn edge_between(&self, a: u32, b: u32) -> u32 {
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

    pub(super) fn set_out(&mut self, e: u32) -> bool {
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

    pub(super) fn set_in(&mut self, e: u32) -> bool {
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

    pub(super) fn undo_to(&mut self, len: usize) {
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
}
