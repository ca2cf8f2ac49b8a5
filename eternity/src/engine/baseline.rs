//! `baseline`: the plain recursive depth-first search, written from the definition.
//!
//! At each depth it looks up the candidates whose edges match two already-known sides of the
//! cell (an index built once per run, kept in candidate order), and for each one checks that
//! the piece is unused and that [`Board::fits`] allows it. It is deliberately simple: it is the
//! oracle the other engines are tested against and the yardstick their speed is quoted against.

use crate::board::Board;
use crate::engine::{Limits, Mode, Outcome};
use crate::instance::{Candidate, Colour, GREY, Instance, Side};
use crate::order::FillOrder;

/// Runs the baseline search on `inst` in `order` within `limits`.
pub fn run(inst: &Instance, order: &FillOrder, limits: Limits) -> Outcome {
    let mut s = Baseline::new(inst, order, limits);
    let complete = s.dfs(0).is_none() || s.found_first;
    Outcome {
        nodes: s.nodes,
        solutions: s.solutions,
        first_solution: s.first_solution,
        max_depth: s.max_depth,
        complete,
    }
}

/// Candidates indexed by the colours on two adjacent sides.
struct PairIndex {
    colours: usize,
    /// `lists[side][a * colours + b]`: candidates (in order) whose edge on `side` is `a` and
    /// on the next side clockwise is `b`.
    lists: [Vec<Vec<Candidate>>; 4],
}

impl PairIndex {
    fn new(inst: &Instance, cands: &[Candidate]) -> PairIndex {
        let colours = inst.colours();
        let mut lists: [Vec<Vec<Candidate>>; 4] =
            std::array::from_fn(|_| vec![Vec::new(); colours * colours]);
        for &c in cands {
            let e = inst.piece(c.piece).rotated(c.rotation);
            for (s, l) in lists.iter_mut().enumerate() {
                l[e[s] as usize * colours + e[(s + 1) % 4] as usize].push(c);
            }
        }
        PairIndex { colours, lists }
    }
}

/// How a depth finds its candidates: the two adjacent sides whose colours are known when it is
/// reached (the rim, a hint or an earlier depth), or every candidate when no such pair exists.
#[derive(Clone, Copy)]
enum Lookup {
    Pair(Side),
    All,
}

struct Baseline<'a> {
    inst: &'a Instance,
    cells: &'a [usize],
    limits: Limits,
    all: Vec<Candidate>,
    index: PairIndex,
    lookup: Vec<Lookup>,
    board: Board,
    used: Vec<bool>,
    nodes: u64,
    solutions: u64,
    first_solution: Option<Board>,
    found_first: bool,
    max_depth: usize,
}

/// Signals that the node limit stopped the search.
struct Stop;

impl<'a> Baseline<'a> {
    fn new(inst: &'a Instance, order: &'a FillOrder, limits: Limits) -> Baseline<'a> {
        let all = inst.candidates();
        let index = PairIndex::new(inst, &all);
        let cells = order.cells();
        let mut known = inst.hinted_cells();
        let mut lookup = Vec::with_capacity(cells.len());
        for &cell in cells {
            let is_known = |s: Side| inst.neighbour(cell, s).is_none_or(|n| known[n]);
            let pair = Side::ALL
                .into_iter()
                .find(|&s| is_known(s) && is_known(Side::ALL[(s.index() + 1) % 4]));
            lookup.push(pair.map_or(Lookup::All, Lookup::Pair));
            known[cell] = true;
        }
        Baseline {
            inst,
            cells,
            limits,
            all,
            index,
            lookup,
            board: Board::with_hints(inst),
            used: inst.hinted_pieces(),
            nodes: 0,
            solutions: 0,
            first_solution: None,
            found_first: false,
            max_depth: 0,
        }
    }

    /// The colour a cell's `side` must show: grey at the rim, else the facing edge of the
    /// neighbour (which the lookup guarantees is filled).
    fn known_colour(&self, cell: usize, side: Side) -> Colour {
        match self.inst.neighbour(cell, side) {
            None => GREY,
            Some(n) => self
                .board
                .edge(self.inst, n, side.opposite())
                .unwrap_or(GREY),
        }
    }

    /// Fills depth `depth` and below. `Some(Stop)` when the node limit or the first solution
    /// ends the search.
    fn dfs(&mut self, depth: usize) -> Option<Stop> {
        if depth == self.cells.len() {
            self.solutions += 1;
            if self.first_solution.is_none() {
                self.first_solution = Some(self.board.clone());
            }
            if self.limits.mode == Mode::First {
                self.found_first = true;
                return Some(Stop);
            }
            return None;
        }
        let cell = self.cells[depth];
        // Which list to scan; the list itself is read by position so that the board can be
        // changed while scanning it.
        let (list_side, key) = match self.lookup[depth] {
            Lookup::All => (None, 0),
            Lookup::Pair(s) => {
                let a = self.known_colour(cell, s);
                let b = self.known_colour(cell, Side::ALL[(s.index() + 1) % 4]);
                (
                    Some(s.index()),
                    a as usize * self.index.colours + b as usize,
                )
            }
        };
        let len = match list_side {
            None => self.all.len(),
            Some(s) => self.index.lists[s][key].len(),
        };
        for i in 0..len {
            let cand = match list_side {
                None => self.all[i],
                Some(s) => self.index.lists[s][key][i],
            };
            if self.used[cand.piece as usize] || !self.board.fits(self.inst, cell, cand) {
                continue;
            }
            if self.limits.max_nodes.is_some_and(|m| self.nodes >= m) {
                return Some(Stop);
            }
            self.nodes += 1;
            self.max_depth = self.max_depth.max(depth + 1);
            self.used[cand.piece as usize] = true;
            self.board.place(cell, cand);
            let stop = self.dfs(depth + 1);
            self.board.clear(cell);
            self.used[cand.piece as usize] = false;
            if stop.is_some() {
                return stop;
            }
        }
        None
    }
}
