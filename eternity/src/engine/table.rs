//! `table`: the iterative, table-driven engine.
//!
//! What makes it fast, each step measurable on its own:
//! - candidates are pre-rotated and packed one `u64` each (edges in the low 32 bits, one byte
//!   per side, then the candidate key `piece * 4 + rotation`), so a scan reads one word;
//! - for every depth, the candidates that satisfy everything known before the search starts
//!   (grey exactly on rim-facing sides, the colours of hinted neighbours, no grey towards a cell
//!   filled later) are bucketed by the colours of the (up to two) neighbours filled earlier in
//!   the fill order; depths with the same constraints share one table. The rules, key sides,
//!   tables and buckets are the crate's one [`Plan`]. A scan touches only candidates that fit,
//!   except for pieces already in use;
//! - the board is one `u32` per cell (the four edge bytes), used pieces a byte free-list;
//! - the search is a loop over an explicit stack, not recursion, and keeps the frontier's
//!   scan position in registers; the left neighbour's colour comes from the piece just placed.
//!
//! Within a bucket candidates stay in key order, so the engine tries exactly the candidates
//! the baseline tries, in the same order: same nodes, same solutions.

use crate::engine::{Cursor, Event, Limits, Outcome, Stats};
use crate::instance::{Candidate, Instance, Side};
use crate::order::FillOrder;
use crate::plan::{Oriented, Plan};
use puzzle_search::{Limit, Meter};

/// Runs the table engine on `inst` in `order` within `limits`.
pub fn run(inst: &Instance, order: &FillOrder, limits: Limits) -> Outcome {
    super::run_core(
        TableCore::new(inst, order, Cursor::start(order)),
        inst,
        order,
        limits,
    )
}

const PIECE_SHIFT: u32 = 34;
const KEY_MASK: u64 = 0x3_FFFF;

/// Packs a candidate: edges `u | r << 8 | d << 16 | l << 24`, then its key from bit 32.
fn pack(o: &Oriented) -> u64 {
    let edges = u32::from_le_bytes(o.edges);
    edges as u64 | (o.candidate.key() as u64) << 32
}

fn unpack(c: u64) -> Candidate {
    Candidate::from_key(((c >> 32) & KEY_MASK) as u32).expect("packed key")
}

/// Per-depth data, read when the search enters a depth.
#[derive(Clone, Copy, Debug, Default)]
struct Depth {
    /// The cell filled at this depth.
    cell: u32,
    /// Board index and bit shift of the facing edge of the first key neighbour (the dummy
    /// cell, always 0, when there is none).
    na: u32,
    sa: u32,
    /// The same for the second key neighbour.
    nb: u32,
    sb: u32,
    /// Start of this depth's table in `starts`.
    table: u32,
    /// True when the first key neighbour is the cell filled at the previous depth and the
    /// key side is `Left` (so its colour is the right edge of the piece just placed).
    left_from_prev: bool,
    /// Sides matched per candidate rather than by the table (a third or fourth neighbour
    /// filled earlier): mask over the candidate's edges, and where to read each colour.
    mask: u32,
    extra: [(u32, u32, u32); 2],
    extras: u8,
}

/// A frame of the explicit stack: the scan state of one depth.
#[derive(Clone, Copy, Debug, Default)]
struct Frame {
    /// Next position to scan in `pool`.
    pos: u32,
    /// Expected colours of the extra sides (see [`Depth::mask`]).
    expect: u32,
    /// The candidate placed at this depth.
    placed: u64,
}

/// Cells and pieces are indexed with a `u16`, so these fixed-size arrays need no bounds
/// checks; the last board cell is the dummy neighbour, always 0.
const SLOTS: usize = 1 << 16;
const DUMMY: usize = SLOTS - 1;

/// Ends every bucket. Its piece field is `0xFFFF`, a slot no real piece uses and that is
/// always marked free, so the scan finds the end of a bucket with the same test that finds
/// a free piece: one unpredictable branch per candidate instead of two.
const SENTINEL: u64 = u64::MAX;

fn key_of(c: u64) -> u32 {
    if c == SENTINEL {
        u32::MAX
    } else {
        ((c >> 32) & KEY_MASK) as u32
    }
}

/// The resumable table-driven search.
#[derive(Clone, Debug)]
pub(crate) struct TableCore {
    /// Keys are `a << shift | b`: the colour count rounded up to a power of two.
    shift: u32,
    depths: Vec<Depth>,
    /// Packed candidates, table by table, bucket by bucket, each bucket ended by
    /// [`SENTINEL`].
    pool: Vec<u64>,
    /// Bucket `k` of the table starting at `t` starts at `pool[starts[t + k]]`.
    starts: Vec<u32>,
    /// One `u32` per cell (edges `u | r << 8 | d << 16 | l << 24`).
    board: Box<[u32; SLOTS]>,
    /// 1 when the piece is free (and for the sentinel's slot).
    free: Box<[u8; SLOTS]>,
    hints: Vec<(usize, u32, usize)>,
    pieces: usize,
    frames: Vec<Frame>,
    /// The frontier depth.
    depth: usize,
    cursor: Cursor,
    /// False until the cursor's choices are replayed on the board.
    positioned: bool,
}
impl TableCore {
    pub(crate) fn new(inst: &Instance, order: &FillOrder, cursor: Cursor) -> TableCore {
        let cells = order.cells();
        let n = inst.cells();
        let plan = Plan::new(inst, order);
        // Keys are `a << shift | b`: a shift and an or. Every table has `1 << 2 * shift`
        // buckets, whatever its number of key sides; missing key sides read the dummy cell (0).
        let shift = plan.key_bits();
        let mut hint_board = vec![0u32; n];
        for h in inst.hints() {
            hint_board[h.cell] = u32::from_le_bytes(inst.piece(h.piece).rotated(h.rotation));
        }

        // Every empty bucket shares the sentinel at position 0, so tables for cells next to
        // hints (mostly empty buckets) take little room and the pool stays in cache.
        let mut pool = vec![SENTINEL];
        let mut starts = Vec::new();
        let mut table_start = Vec::with_capacity(plan.tables().len());
        for t in plan.tables() {
            table_start.push(starts.len() as u32);
            let base = starts.len();
            starts.resize(base + (1 << (2 * shift)), 0);
            for k in 0..t.buckets() {
                let b = t.bucket(k);
                if b.is_empty() {
                    continue;
                }
                // The plan folds the key sides it has; this engine always reads two.
                let at = if t.key_slots() == 1 { k << shift } else { k };
                starts[base + at] = pool.len() as u32;
                pool.extend(b.iter().map(pack));
                pool.push(SENTINEL);
            }
        }
        let dummy = DUMMY as u32;
        let mut depths = Vec::with_capacity(cells.len());
        for cp in plan.cells() {
            let read = |s: Option<Side>| match s {
                None => (dummy, 0),
                Some(s) => {
                    let nb = cp.neighbours[s.index()].expect("earlier neighbour") as u32;
                    (nb, 8 * s.opposite().index() as u32)
                }
            };
            let (na, sa) = read(cp.key[0]);
            let (nb, sb) = read(cp.key[1]);
            let mut dp = Depth {
                cell: cp.cell as u32,
                na,
                sa,
                nb,
                sb,
                table: table_start[cp.table],
                left_from_prev: cp.key[0] == Some(Side::Left) && cp.previous == Some(Side::Left),
                ..Depth::default()
            };
            for &s in &cp.checked {
                let (n_, sh) = read(Some(s));
                dp.mask |= 0xFF << (8 * s.index());
                dp.extra[dp.extras as usize] = (n_, sh, 8 * s.index() as u32);
                dp.extras += 1;
            }
            depths.push(dp);
        }
        if starts.is_empty() {
            starts.push(0);
        }
        let hints = inst
            .hints()
            .iter()
            .map(|h| (h.cell, hint_board[h.cell], h.piece as usize))
            .collect();
        TableCore {
            shift,
            depths,
            pool,
            starts,
            board: Box::new([0; SLOTS]),
            free: Box::new([0; SLOTS]),
            hints,
            pieces: n,
            frames: vec![Frame::default(); cells.len() + 1],
            depth: 0,
            cursor,
            positioned: false,
        }
    }

    /// The bucket start and extra-side colours for depth `d` on the current board; `prev` is
    /// the edges of the piece placed at depth `d - 1`.
    fn enter(&self, d: usize, prev: u32) -> (u32, u32) {
        let t = Tables {
            pool: &self.pool,
            starts: &self.starts,
            depths: &self.depths,
            shift: self.shift,
        };
        t.enter(&self.board, d, prev)
    }

    /// Moves to `cursor`, keeping the tables: the next `run` replays its choices on a board
    /// of hints only (see [`position`](TableCore::position)).
    pub(crate) fn reset(&mut self, cursor: Cursor) {
        self.cursor = cursor;
        self.depth = 0;
        self.positioned = false;
    }

    /// Replays the cursor's choices on an empty board (hints only).
    fn position(&mut self) {
        self.board.fill(0);
        self.free.fill(0);
        self.free[..self.pieces].fill(1);
        self.free[(SENTINEL >> PIECE_SHIFT) as u16 as usize] = 1;
        for &(cell, edges, piece) in &self.hints {
            self.board[cell] = edges;
            self.free[piece] = 0;
        }
        let choices = self.cursor.choices.clone();
        let last = choices.len() - 1;
        let mut prev = 0u32;
        for (d, &key) in choices.iter().enumerate() {
            let (start, expect) = self.enter(d, prev);
            let mut p = start;
            while key_of(self.pool[p as usize]) < key {
                p += 1;
            }
            let f = &mut self.frames[d];
            f.pos = p;
            f.expect = expect;
            if d < last {
                let c = self.pool[p as usize];
                debug_assert_eq!(key_of(c), key, "resume choice fits");
                f.pos = p + 1;
                f.placed = c;
                self.free[(c >> PIECE_SHIFT) as u16 as usize] = 0;
                self.board[self.depths[d].cell as u16 as usize] = c as u32;
                prev = c as u32;
            }
        }
        self.depth = last;
        self.positioned = true;
    }

    pub(crate) fn cursor(&self) -> Cursor {
        if !self.positioned || self.cursor.finished {
            return self.cursor.clone();
        }
        let d = self.depth;
        let mut choices: Vec<u32> = self.frames[..d].iter().map(|f| key_of(f.placed)).collect();
        choices.push(key_of(self.pool[self.frames[d].pos as usize]));
        Cursor {
            choices,
            ..self.cursor.clone()
        }
    }

    pub(crate) fn depth(&self) -> usize {
        if self.positioned {
            self.depth
        } else {
            self.cursor.choices.len().saturating_sub(1)
        }
    }

    pub(crate) fn run<B: Limit>(&mut self, meter: &mut Meter<B>, stats: &mut Stats) -> Event {
        if self.cursor.finished {
            return Event::Finished;
        }
        if !self.positioned {
            self.position();
        }
        let tables = Tables {
            pool: &self.pool,
            starts: &self.starts,
            depths: &self.depths,
            shift: self.shift,
        };
        let (event, d) = search(
            &tables,
            &mut self.board,
            &mut self.free,
            &mut self.frames,
            self.depth,
            (self.cursor.floor, self.cursor.leaf),
            meter,
            stats,
        );
        self.depth = d;
        if event == Event::Finished {
            self.cursor.finished = true;
        }
        event
    }
}

/// The read-only data of the search, borrowed apart from the mutable state so that the
/// compiler knows the two never alias and keeps pointers in registers.
struct Tables<'a> {
    pool: &'a [u64],
    starts: &'a [u32],
    depths: &'a [Depth],
    shift: u32,
}

impl Tables<'_> {
    /// The bucket start and extra-side colours for depth `d` on `board`; `prev` is the
    /// edges of the piece placed at depth `d - 1`.
    #[inline(always)]
    fn enter(&self, board: &[u32; SLOTS], d: usize, prev: u32) -> (u32, u32) {
        let dp = &self.depths[d];
        let a = if dp.left_from_prev {
            (prev >> 8) & 0xFF
        } else {
            (board[dp.na as u16 as usize] >> dp.sa) & 0xFF
        };
        let b = (board[dp.nb as u16 as usize] >> dp.sb) & 0xFF;
        let k = (dp.table + (a << self.shift | b)) as usize;
        let mut expect = 0;
        if dp.extras > 0 {
            for &(n, sh, own) in &dp.extra[..dp.extras as usize] {
                expect |= ((board[n as u16 as usize] >> sh) & 0xFF) << own;
            }
        }
        (self.starts[k], expect)
    }
}

fn path(frames: &[Frame], d: usize) -> Vec<Candidate> {
    frames[..d].iter().map(|f| unpack(f.placed)).collect()
}

/// The search loop: from the frontier depth `d`, until a leaf, the budget's end or the end of
/// the (sub)tree above `floor`. Returns the event and the frontier depth.
#[allow(clippy::too_many_arguments)]
fn search<B: Limit>(
    t: &Tables<'_>,
    board: &mut [u32; SLOTS],
    free: &mut [u8; SLOTS],
    frames: &mut [Frame],
    mut d: usize,
    (floor, leaf): (usize, usize),
    meter: &mut Meter<B>,
    stats: &mut Stats,
) -> (Event, usize) {
    let mut nodes = stats.nodes;
    let mut max_depth = stats.max_depth;
    let mut pos = frames[d].pos;
    let mut expect = frames[d].expect;
    let mut dp = t.depths[d];
    loop {
        let c = t.pool[pos as usize];
        pos += 1;
        let piece = (c >> PIECE_SHIFT) as u16 as usize;
        if free[piece] == 0 {
            continue;
        }
        if c == SENTINEL {
            // The bucket is exhausted.
            if d == floor {
                frames[d].pos = pos - 1;
                stats.nodes = nodes;
                return (Event::Finished, d);
            }
            // Backtrack: free the piece placed one depth up and go on scanning there.
            d -= 1;
            let f = frames[d];
            free[(f.placed >> PIECE_SHIFT) as u16 as usize] = 1;
            pos = f.pos;
            expect = f.expect;
            dp = t.depths[d];
            continue;
        }
        if (c as u32 & dp.mask) != expect {
            continue;
        }
        if nodes >= meter.next() && !meter.reached(nodes) {
            frames[d].pos = pos - 1;
            stats.nodes = nodes;
            return (Event::Paused, d);
        }
        nodes += 1;
        free[piece] = 0;
        board[dp.cell as u16 as usize] = c as u32;
        let f = &mut frames[d];
        f.pos = pos;
        f.placed = c;
        d += 1;
        if d > max_depth {
            max_depth = d;
            stats.max_depth = d;
            stats.best = path(frames, d);
        }
        if d == leaf {
            let p = path(frames, d);
            d -= 1;
            free[piece] = 1;
            stats.nodes = nodes;
            return (Event::Leaf(p), d);
        }
        let (start, x) = t.enter(board, d, c as u32);
        pos = start;
        expect = x;
        frames[d].expect = x;
        dp = t.depths[d];
    }
}
