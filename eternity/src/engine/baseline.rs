//! `baseline`: the plain recursive depth-first search, written from the definition.
//!
//! At each depth it looks up the candidates whose edges match two already-known adjacent sides
//! of the cell (an index built once, kept in candidate order), and for each one checks that the
//! piece is unused and that [`Board::fits`](crate::Board::fits) allows it. It is deliberately
//! simple: it is the oracle the other engines are tested against and the yardstick their speed
//! is quoted against.
//!
//! It resumes from a continuation by walking down the recorded choices again (placing them
//! without counting them) and pauses by unwinding the recursion and recording the choices.

use crate::board::Board;
use crate::engine::{Cursor, Event, Limits, Outcome, Stats};
use crate::instance::{Candidate, Colour, GREY, Instance, Side};
use crate::order::FillOrder;
use puzzle_search::{Limit, Meter};

/// Runs the baseline search on `inst` in `order` within `limits`.
pub fn run(inst: &Instance, order: &FillOrder, limits: Limits) -> Outcome {
    super::run_core(
        BaselineCore::new(inst, order, Cursor::start(order)),
        inst,
        order,
        limits,
    )
}

/// Candidates indexed by the colours on two adjacent sides.
#[derive(Clone, Debug)]
pub(crate) struct PairIndex {
    pub(crate) colours: usize,
    /// `lists[side][a * colours + b]`: candidates (in order) whose edge on `side` is `a` and
    /// on the next side clockwise is `b`.
    pub(crate) lists: [Vec<Vec<Candidate>>; 4],
}

impl PairIndex {
    pub(crate) fn new(inst: &Instance, cands: &[Candidate]) -> PairIndex {
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
#[derive(Clone, Copy, Debug)]
pub(crate) enum Lookup {
    Pair(Side),
    All,
}

/// The lookup of each depth when `cells` are filled in that order after the hints.
pub(crate) fn lookups(inst: &Instance, cells: &[usize]) -> Vec<Lookup> {
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
    lookup
}

/// The colour `cell`'s `side` must show on `board`: grey at the rim, else the facing edge of
/// the neighbour (filled, where a depth's lookup reads it).
pub(crate) fn known_colour(inst: &Instance, board: &Board, cell: usize, side: Side) -> Colour {
    match inst.neighbour(cell, side) {
        None => GREY,
        Some(n) => board.edge(inst, n, side.opposite()).unwrap_or(GREY),
    }
}

/// How a recursive call ended.
enum Flow {
    /// The subtree is exhausted; the caller goes on scanning.
    Exhausted,
    /// Stop unwinding: the cursor and event are recorded.
    Stop,
}

/// The resumable baseline search.
#[derive(Clone, Debug)]
pub(crate) struct BaselineCore {
    inst: Instance,
    cells: Vec<usize>,
    all: Vec<Candidate>,
    index: PairIndex,
    lookup: Vec<Lookup>,
    board: Board,
    used: Vec<bool>,
    path: Vec<Candidate>,
    cursor: Cursor,
    event: Option<Event>,
}

impl BaselineCore {
    pub(crate) fn new(inst: &Instance, order: &FillOrder, cursor: Cursor) -> BaselineCore {
        let all = inst.candidates();
        let index = PairIndex::new(inst, &all);
        let cells = order.cells().to_vec();
        let lookup = lookups(inst, &cells);
        BaselineCore {
            inst: inst.clone(),
            cells,
            all,
            index,
            lookup,
            board: Board::with_hints(inst),
            used: inst.hinted_pieces(),
            path: Vec::new(),
            cursor,
            event: None,
        }
    }

    pub(crate) fn cursor(&self) -> Cursor {
        self.cursor.clone()
    }

    /// Moves to `cursor`, keeping the lookups: the board holds the hints only again (a run
    /// ends with its path unwound, but a reset does not count on it).
    pub(crate) fn reset(&mut self, cursor: Cursor) {
        self.board = Board::with_hints(&self.inst);
        self.used = self.inst.hinted_pieces();
        self.path.clear();
        self.event = None;
        self.cursor = cursor;
    }

    pub(crate) fn depth(&self) -> usize {
        self.cursor.choices.len().saturating_sub(1)
    }

    pub(crate) fn run<B: Limit>(&mut self, meter: &mut Meter<B>, stats: &mut Stats) -> Event {
        if self.cursor.finished {
            return Event::Finished;
        }
        self.event = None;
        let resume = std::mem::take(&mut self.cursor.choices);
        let flow = self.dfs(0, Some(&resume), meter, stats);
        debug_assert!(self.path.is_empty());
        match flow {
            Flow::Exhausted => {
                self.cursor.finished = true;
                Event::Finished
            }
            Flow::Stop => self.event.take().unwrap_or(Event::Paused),
        }
    }

    /// The colour a cell's `side` must show: grey at the rim, else the facing edge of the
    /// neighbour (which the lookup guarantees is filled).
    fn known_colour(&self, cell: usize, side: Side) -> Colour {
        known_colour(&self.inst, &self.board, cell, side)
    }

    fn place(&mut self, cell: usize, cand: Candidate) {
        self.used[cand.piece as usize] = true;
        self.board.place(cell, cand);
        self.path.push(cand);
    }

    fn unplace(&mut self, cell: usize, cand: Candidate) {
        self.used[cand.piece as usize] = false;
        self.board.clear(cell);
        self.path.pop();
    }

    /// Records where to resume (`path` so far, then `next` at the frontier) and stops.
    fn stop_at(&mut self, next: u32, event: Event) -> Flow {
        let mut choices: Vec<u32> = self.path.iter().map(|c| c.key()).collect();
        choices.push(next);
        self.cursor.choices = choices;
        self.event = Some(event);
        Flow::Stop
    }

    /// Fills depth `depth` and below. `resume` holds the choices to walk down again first:
    /// above its last entry they are placed again (uncounted), at its last entry scanning
    /// starts from that key.
    fn dfs<B: Limit>(
        &mut self,
        depth: usize,
        resume: Option<&[u32]>,
        meter: &mut Meter<B>,
        stats: &mut Stats,
    ) -> Flow {
        if depth == self.cursor.leaf {
            // Every depth above is filled: report it, and resume after the last choice.
            let last = self.path[depth - 1].key() + 1;
            let leaf = self.path.clone();
            let cell = self.cells[depth - 1];
            let cand = self.path[depth - 1];
            self.unplace(cell, cand);
            let flow = self.stop_at(last, Event::Leaf(leaf));
            self.place(cell, cand);
            return flow;
        }
        let cell = self.cells[depth];
        let mut from = 0u32;
        if let Some(r) = resume {
            if depth + 1 < r.len() {
                // Walk down the recorded choice again without counting it.
                let cand = Candidate::from_key(r[depth]).expect("valid resume key");
                self.place(cell, cand);
                let flow = self.dfs(depth + 1, Some(r), meter, stats);
                self.unplace(cell, cand);
                if matches!(flow, Flow::Stop) || depth < self.cursor.floor {
                    return flow;
                }
                from = r[depth].saturating_add(1);
            } else {
                from = r[depth];
            }
        }
        // Which list to scan; the list is read by position so that the board can change while
        // it is scanned.
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
            if cand.key() < from
                || self.used[cand.piece as usize]
                || !self.board.fits(&self.inst, cell, cand)
            {
                continue;
            }
            if stats.nodes >= meter.next() && !meter.reached(stats.nodes) {
                return self.stop_at(cand.key(), Event::Paused);
            }
            stats.nodes += 1;
            self.place(cell, cand);
            if depth + 1 > stats.max_depth {
                stats.max_depth = depth + 1;
                stats.best.clone_from(&self.path);
            }
            let flow = self.dfs(depth + 1, None, meter, stats);
            self.unplace(cell, cand);
            if matches!(flow, Flow::Stop) {
                return flow;
            }
        }
        Flow::Exhausted
    }
}
