//! The fast engine: a depth-first walk of tile paths in step with a walk of the dictionary.
//!
//! The state is its own continuation: the path (at the deepest depth, the last tile visited
//! there, which says which of the plain search's visits are counted), and for each depth the
//! tiles still to try there and the dictionary states one letter into them.
//! Extending a path by a tile follows only that tile's letters from the parent's state (in
//! the dictionary's flat search index, see `index.rs`); a tile is tried only if the state has
//! an edge for its first letter, and tiles sharing a first letter share that step; a path no
//! word continues is never extended. Nothing allocates in the loop (the list of hits is
//! reserved up front).
//!
//! The tiles it does not try are still nodes of the plain search (see the
//! [module docs](super)), visited in order between the tiles it tries. The hot loop counts
//! them ahead: extending a live path adds its `20 - k` extensions to an `ahead` counter at
//! once, and as long as that counter is below the budget's threshold no node in flight can
//! reach it, so the loop does no more than it would without counting. When `ahead` reaches
//! the threshold, the loop switches to exact counting (each depth's uncounted tiles as a bit
//! set, a popcount per tile tried), so that a node budget pauses after exactly its count and
//! the state records exactly where; it switches back once the threshold has moved on. Under
//! an unlimited budget the exact loop never runs.

use puzzle_search::{Limit, Meter};

use super::{Flow, Hit, Spelling};
use crate::board::{Board, TILE_COUNT};
use crate::dictionary::Tiers;
use crate::index::{NOT_FINAL, View, rank_below};
use crate::path::FragmentPath;

/// Every tile of the board, as a bit set.
const ALL: u32 = (1 << TILE_COUNT) - 1;

/// `path[d]` when no tile is visited yet at depth `d`.
pub(crate) const NONE: u8 = u8::MAX;

/// The tiles after `last` (every tile for [`NONE`]).
#[inline(always)]
fn after(last: u8) -> u32 {
    if last == NONE {
        ALL
    } else {
        ALL & !((2u32 << last) - 1)
    }
}

/// What one tile tried ended with.
struct Tried {
    found: bool,
    descended: bool,
}

/// How the exact loop ended.
enum Exact {
    /// The threshold moved past the nodes counted ahead: back to the hot loop, with the new
    /// threshold.
    Ahead(u64),
    /// The run ends here, with the exact node count.
    Done(Flow, u64),
}

/// The fast engine's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Fast {
    /// For each letter, the tiles starting with it; and the letters that start some tile.
    by_letter: [u32; 26],
    letter_mask: u32,
    /// The depth being enumerated: `path[..depth]` is the live prefix whose extensions are
    /// being visited, and `used` its tiles.
    depth: u8,
    /// The tiles of the path; `path[depth]` is the last tile visited at that depth ([`NONE`]
    /// before the first): every free tile up to it is counted, none after it.
    path: [u8; 4],
    used: u32,
    /// Per depth, the tiles still to try there.
    pending: [u32; 4],
    /// Per depth, for each letter that starts a pending tile: the state after that letter
    /// (tiles sharing a first letter share that step).
    first: [[u32; 26]; 4],
    started: bool,
    finished: bool,
}

impl Fast {
    pub(crate) fn new(board: &Board) -> Fast {
        let mut by_letter = [0u32; 26];
        let mut letter_mask = 0u32;
        for (i, tile) in board.tiles().iter().enumerate() {
            // A board holds only lowercase letters (checked by `Board`).
            let l = tile.as_u8()[0].wrapping_sub(b'a').min(25) as usize;
            by_letter[l] |= 1 << i;
            letter_mask |= 1 << l;
        }
        Fast {
            by_letter,
            letter_mask,
            depth: 0,
            path: [NONE; 4],
            used: 0,
            pending: [0; 4],
            first: [[0; 26]; 4],
            started: false,
            finished: false,
        }
    }

    /// Runs the whole search from the start at once (see `whole.rs`), if nothing has run
    /// yet; returns false, doing nothing, once the search has started.
    pub(crate) fn run_whole(
        &mut self,
        index: View<'_>,
        tiers: Tiers,
        spelling: &Spelling,
        nodes: &mut u64,
        hits: &mut Vec<Hit>,
    ) -> bool {
        if self.started {
            return false;
        }
        let openings = super::whole::Openings::new(spelling, &self.by_letter, self.letter_mask);
        let walk = super::whole::Walk {
            index,
            tiers,
            letter_mask: self.letter_mask,
            openings: &openings,
        };
        // The walk keeps its own scratch: the state stays as `new` made it, which is how the
        // loop leaves it when it finishes (`settle`).
        *nodes += walk.run(hits);
        self.started = true;
        self.finished = true;
        true
    }

    /// Marks the search finished and clears the walk's scratch (the path, the states after
    /// first letters), so that a finished engine is the same value however it got there:
    /// by this loop, or by the whole walk, which leaves them as `new` made them.
    fn settle(&mut self) {
        self.finished = true;
        self.depth = 0;
        self.path = [NONE; 4];
        self.used = 0;
        self.pending = [0; 4];
        self.first = [[0; 26]; 4];
    }

    pub(crate) fn is_started(&self) -> bool {
        self.started
    }

    pub(crate) fn is_finished(&self) -> bool {
        self.finished
    }

    /// The path of the last node counted. At the current depth that is the last tile
    /// visited there, unless it is a live path: then its extensions are all visited (it is
    /// left only when they are), and the last node is the last one of that subtree.
    pub(crate) fn last_visited(&self, index: View<'_>, spelling: &Spelling) -> FragmentPath {
        let d = self.depth as usize;
        let mut path = [0u8; 4];
        path[..d].copy_from_slice(&self.path[..d]);
        if self.path[d] == NONE {
            return FragmentPath::from_search(&path[..d]);
        }
        path[d] = self.path[d];
        let mut len = d + 1;
        let mut used = self.used | (1 << self.path[d]);
        // The dictionary state after the path, while it is live.
        let mut state = path[..len].iter().try_fold(0, |s, &t| {
            index.walk(
                s,
                &spelling.letters[t as usize][..spelling.lens[t as usize] as usize],
            )
        });
        while let Some(s) = state
            && len < 4
        {
            let hi = (31 - (ALL & !used).leading_zeros()) as u8;
            path[len] = hi;
            used |= 1 << hi;
            len += 1;
            state = index.walk(
                s,
                &spelling.letters[hi as usize][..spelling.lens[hi as usize] as usize],
            );
        }
        FragmentPath::from_search(&path[..len])
    }

    /// Per depth up to the current one, the free tiles whose visit is not counted yet.
    fn uncounted(&self) -> [u32; 4] {
        let mut out = [0; 4];
        let mut used = 0u32;
        let d = self.depth as usize;
        for (u, &last) in out.iter_mut().zip(&self.path).take(d + 1) {
            *u = ALL & !used & after(last);
            if last != NONE {
                used |= 1 << last;
            }
        }
        out
    }

    /// How many visits are counted ahead of the exact count.
    fn uncounted_total(&self) -> u64 {
        self.uncounted()
            .iter()
            .map(|u| u64::from(u.count_ones()))
            .sum()
    }

    /// Tiles not in `exclude` whose first letter `state` has an edge for; records in
    /// `first[depth]` the state after each such letter.
    #[inline(always)]
    fn expand(&mut self, index: View<'_>, depth: usize, state: u32, exclude: u32) -> u32 {
        let mut tiles = 0;
        // The state's mask is read once; each letter's edge is found by its rank in it.
        let mask = index.mask(state);
        let mut letters = mask & self.letter_mask;
        while letters != 0 {
            let l = letters.trailing_zeros() as usize;
            let bit = letters & letters.wrapping_neg();
            letters &= letters - 1;
            let these = self.by_letter[l] & !exclude;
            if these != 0
                && let Some(next) = index.edge(state, rank_below(mask & (bit - 1)))
            {
                self.first[depth][l] = next;
                tiles |= these;
            }
        }
        tiles
    }

    /// Tries tile `t` (the lowest pending) at depth `d`: its visit is counted by the caller.
    /// Records the word it ends, and descends if the path is live and shorter than four.
    #[inline(always)]
    fn try_tile(
        &mut self,
        index: View<'_>,
        tiers: Tiers,
        spelling: &Spelling,
        hits: &mut Vec<Hit>,
        d: usize,
        t: usize,
    ) -> Tried {
        let mut tried = Tried {
            found: false,
            descended: false,
        };
        self.pending[d] &= self.pending[d] - 1;
        self.path[d] = t as u8;
        let len = d + 1;
        let bits = &spelling.bits[t];
        let l = spelling.first[t] as usize;
        let Some(state) = index.walk_bits(self.first[d][l], &bits[1..spelling.lens[t] as usize])
        else {
            return tried;
        };
        let fin = index.fin(state);
        if fin != NOT_FINAL {
            let tier = fin as u8;
            if tiers.accepts(tier, len) {
                let mut tiles = [0; 4];
                tiles[..len].copy_from_slice(&self.path[..len]);
                hits.push(Hit {
                    tiles,
                    len: len as u8,
                    tier,
                });
                tried.found = true;
            }
        }
        if len < 4 {
            // A live path: the plain search visits every free tile after it, so descend
            // even when none of them can be tried, to count those visits.
            let used = self.used | (1 << t);
            self.pending[len] = self.expand(index, len, state, used);
            self.path[len] = NONE;
            self.used = used;
            self.depth = len as u8;
            tried.descended = true;
        }
        tried
    }

    /// Leaves depth `d > 0`, whose tiles are all tried.
    #[inline(always)]
    fn pop(&mut self, d: usize) {
        self.depth -= 1;
        self.used &= !(1 << self.path[d - 1]);
    }

    /// The search loop, counting in `nodes` and recording words in `hits`. With `REPORT` it
    /// returns [`Flow::Found`] after each word (the last hit); otherwise it runs until the
    /// meter pauses it or the search ends.
    #[inline(always)]
    pub(crate) fn run<L: Limit, const REPORT: bool>(
        &mut self,
        index: View<'_>,
        tiers: Tiers,
        spelling: &Spelling,
        meter: &mut Meter<L>,
        nodes: &mut u64,
        hits: &mut Vec<Hit>,
    ) -> Flow {
        if self.finished {
            return Flow::Finished;
        }
        if !self.started {
            self.started = true;
            self.pending[0] = self.expand(index, 0, 0, 0);
        }
        // The nodes counted so far plus the visits known to lie ahead at every depth.
        let mut ahead = *nodes + self.uncounted_total();
        let mut next = meter.next();
        let flow = 'run: loop {
            if ahead >= next {
                match self.run_exact::<L, REPORT>(index, tiers, spelling, meter, &mut ahead, hits) {
                    Exact::Ahead(n) => {
                        next = n;
                        continue;
                    }
                    Exact::Done(flow, n) => {
                        *nodes = n;
                        return flow;
                    }
                }
            }
            // The hot loop: no node in flight can reach the threshold until `ahead` does,
            // and `ahead` grows only when a path is extended.
            loop {
                let d = self.depth as usize;
                let pend = self.pending[d];
                if pend == 0 {
                    if d == 0 {
                        self.settle();
                        break 'run Flow::Finished;
                    }
                    self.pop(d);
                    continue;
                }
                let t = pend.trailing_zeros() as usize;
                let tried = self.try_tile(index, tiers, spelling, hits, d, t);
                if REPORT && tried.found {
                    if tried.descended {
                        ahead += (TILE_COUNT - d - 1) as u64;
                    }
                    break 'run Flow::Found;
                }
                if tried.descended {
                    ahead += (TILE_COUNT - d - 1) as u64;
                    if ahead >= next {
                        continue 'run;
                    }
                }
            }
        };
        // Once finished every visit is counted; otherwise `path` says which are not yet.
        *nodes = match flow {
            Flow::Finished => ahead,
            Flow::Found | Flow::Paused => ahead - self.uncounted_total(),
        };
        flow
    }

    /// The loop with exact counting, for when the nodes counted ahead reach the threshold:
    /// counts the visits up to each tile tried with a popcount, and one by one where the
    /// threshold falls among them.
    #[cold]
    #[inline(never)]
    fn run_exact<L: Limit, const REPORT: bool>(
        &mut self,
        index: View<'_>,
        tiers: Tiers,
        spelling: &Spelling,
        meter: &mut Meter<L>,
        ahead: &mut u64,
        hits: &mut Vec<Hit>,
    ) -> Exact {
        let mut uncounted = self.uncounted();
        let mut n = *ahead
            - uncounted
                .iter()
                .map(|u| u64::from(u.count_ones()))
                .sum::<u64>();
        let mut next = meter.next();
        loop {
            let d = self.depth as usize;
            let pend = self.pending[d];
            // The visits up to the next tile tried here (`pend ^ (pend - 1)` is every bit up
            // to its lowest), or to the end of this depth.
            let upto = if pend == 0 {
                uncounted[d]
            } else {
                uncounted[d] & (pend ^ (pend - 1))
            };
            let gap = u64::from(upto.count_ones());
            if n + gap > next {
                // The threshold falls among these visits: count up to it, then ask.
                for _ in n..next {
                    let u = uncounted[d];
                    self.path[d] = u.trailing_zeros() as u8;
                    uncounted[d] = u & (u - 1);
                }
                n = next;
                if !meter.reached(n) {
                    return Exact::Done(Flow::Paused, n);
                }
                next = meter.next();
                if *ahead < next {
                    return Exact::Ahead(next);
                }
                continue;
            }
            n += gap;
            uncounted[d] &= !upto;
            if pend == 0 {
                if d == 0 {
                    self.settle();
                    return Exact::Done(Flow::Finished, n);
                }
                self.pop(d);
                continue;
            }
            let tried = self.try_tile(
                index,
                tiers,
                spelling,
                hits,
                d,
                pend.trailing_zeros() as usize,
            );
            if tried.descended {
                uncounted[d + 1] = ALL & !self.used;
                *ahead += (TILE_COUNT - d - 1) as u64;
            }
            if REPORT && tried.found {
                return Exact::Done(Flow::Found, n);
            }
        }
    }
}
