//! Cutting one IDA* iteration into parts: the search tree expanded from the start to a
//! frontier depth in the serial engine's order, each frontier node a [`Subtree`].

use crate::board::Direction;
use crate::engine::dfs::Frame;
use crate::error::PuzzleError;
use crate::heuristic::Heuristic;
use crate::solution::Solution;
use crate::state::{NONE, Puzzle};

use super::subtree::Subtree;

/// Where to cut an iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CutDepth {
    /// At exactly this depth (moves from the start); `0` makes the whole iteration one part.
    Exactly(usize),
    /// At the least depth that gives at least this many parts, or where going deeper stops
    /// making sense: the cut met a solution, or no node of the next depth is within the bound.
    MinParts(usize),
}

/// One IDA* iteration cut into parts (see [`cut`]).
///
/// For an iteration without a solution, `nodes` plus every part's nodes equal the serial
/// engine's nodes for that iteration, and the least of `next_bound` and the parts' next
/// bounds is the serial next bound. In the solving iteration the first part in order that
/// finds a solution returns the serial engine's solution, and its
/// [`cut_nodes`](Subtree::cut_nodes) plus the nodes of the parts before it plus its own
/// equal the serial count up to the solution (`nodes` also counts the cut's nodes after that
/// part in serial order, which the serial run never reaches). If the cut itself
/// meets the goal (`solution`, on tiny boards), it stopped there: the parts are the frontier
/// nodes before it in serial order, and the serial answer is the first of theirs, else this.
#[derive(Clone, Debug)]
pub struct Cut<P> {
    /// The iteration's bound.
    pub bound: u32,
    /// The frontier depth.
    pub depth: usize,
    /// Nodes the cut generated (children down to the frontier depth, the frontier included).
    pub nodes: u64,
    /// Of those, the nodes within the bound.
    pub expanded: u64,
    /// The least `f` above the bound among the cut's own nodes.
    pub next_bound: Option<u32>,
    /// A solution met inside the cut (then it stopped there).
    pub solution: Option<Solution>,
    /// The parts, in serial order.
    pub parts: Vec<P>,
}

impl<P> Cut<P> {
    /// The same cut with every part turned into another type.
    pub fn map<Q>(self, f: impl FnMut(P) -> Q) -> Cut<Q> {
        Cut {
            bound: self.bound,
            depth: self.depth,
            nodes: self.nodes,
            expanded: self.expanded,
            next_bound: self.next_bound,
            solution: self.solution,
            parts: self.parts.into_iter().map(f).collect(),
        }
    }
}

/// Cuts the IDA* iteration of `puzzle` with cost bound `bound` (nodes with `f = g + h` above
/// it pruned) into parts at `depth`, in exactly the serial engine's move order and pruning
/// ([`IdaStar`](crate::IdaStar): up, right, down, left, never undoing the last move). The
/// same puzzle, heuristic, bound and depth give the same parts in the same order.
///
/// ```
/// use slide_solver::{Board, Budget, CutDepth, IdaStar, Manhattan, Puzzle, Search, cut};
///
/// let puzzle = Puzzle::with_default_goal("8672543x1".parse::<Board>()?)?;
/// let h = Manhattan::new(puzzle.geometry(), puzzle.goal().blank());
/// let mut serial = IdaStar::new(&puzzle, h.clone())?;
/// let solution = serial.step(Budget::unlimited()).found().expect("solvable");
/// let first = serial.iteration_log()[0];
/// let mut cut = cut(&puzzle, &h, first.bound, CutDepth::MinParts(16))?;
/// let mut nodes = cut.nodes;
/// for part in &mut cut.parts {
///     // The first iteration finds nothing.
///     assert!(part.step(Budget::unlimited()).is_finished());
///     nodes += part.progress().nodes;
/// }
/// assert_eq!(nodes, first.nodes);
/// assert_eq!(solution.len(), 31);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn cut<H: Heuristic + Clone>(
    puzzle: &Puzzle,
    heuristic: &H,
    bound: u32,
    depth: CutDepth,
) -> Result<Cut<Subtree<H>>, PuzzleError> {
    heuristic.check(puzzle.geometry())?;
    match depth {
        CutDepth::Exactly(d) => cut_at(puzzle, heuristic, bound, d),
        CutDepth::MinParts(min) => {
            let mut d = 0;
            let mut shallower = None;
            loop {
                let c = match cut_at(puzzle, heuristic, bound, d) {
                    Ok(c) => c,
                    // The depth before was the deepest that fits: the most parts allowed.
                    Err(too_many @ PuzzleError::TooManyParts { .. }) => {
                        return shallower.ok_or(too_many);
                    }
                    Err(e) => return Err(e),
                };
                // Deeper than the bound every node is pruned; a cut that met the goal or
                // found no frontier node stays the same however deep it goes.
                if c.parts.len() >= min
                    || c.solution.is_some()
                    || c.parts.is_empty()
                    || d as u64 > u64::from(bound)
                {
                    return Ok(c);
                }
                shallower = Some(c);
                d += 1;
            }
        }
    }
}

/// The most parts a [`cut`] makes: 2^16, some tens of megabytes of parts. A cut at an exact
/// depth that would make more is refused with [`PuzzleError::TooManyParts`]; a cut asked for
/// a number of parts stops at the deepest depth within this limit.
pub const MAX_PARTS: usize = 1 << 16;

fn cut_at<H: Heuristic + Clone>(
    puzzle: &Puzzle,
    heuristic: &H,
    bound: u32,
    depth: usize,
) -> Result<Cut<Subtree<H>>, PuzzleError> {
    let geometry = puzzle.geometry();
    let mut state = puzzle.state();
    let (h0, memo0) = heuristic.evaluate(&state);
    let mut out = Cut {
        bound,
        depth,
        nodes: 0,
        expanded: 0,
        next_bound: None,
        solution: None,
        parts: Vec::new(),
    };
    let root = Frame {
        arrived: 4,
        next: 0,
        h: h0,
        memo: memo0,
    };
    // The engine answers a start that is the goal before any node.
    if h0 == 0 && state.is_goal() {
        out.solution = Some(Solution::new(*puzzle.start(), Vec::new()));
        return Ok(out);
    }
    if depth == 0 {
        out.parts.push(Subtree::new(
            puzzle,
            heuristic.clone(),
            0,
            0,
            bound,
            vec![root],
            state,
        ));
        return Ok(out);
    }
    let mut next_bound = u32::MAX;
    let mut stack = vec![root];
    // The same loop as the engine's (engine::dfs), with children at the frontier depth
    // handed out as parts instead of descended into.
    loop {
        let here = stack.len() - 1;
        let top = stack.last_mut().expect("the root stays until the end");
        if top.next == 4 {
            let arrived = top.arrived;
            stack.pop();
            if stack.is_empty() {
                break;
            }
            let back = geometry.nbr[state.blank as usize][((arrived + 2) % 4) as usize];
            state.slide_unchecked(back as usize);
            continue;
        }
        let d = top.next;
        let from = geometry.nbr[state.blank as usize][d as usize];
        if from == NONE || (top.arrived < 4 && d == (top.arrived + 2) % 4) {
            top.next += 1;
            continue;
        }
        top.next += 1;
        out.nodes += 1;
        let limit = bound.saturating_sub(here as u32 + 1);
        let (h, memo) = heuristic.update_within(&state, from as usize, top.h, &top.memo, limit);
        let f = here as u32 + 1 + h;
        if f > bound {
            next_bound = next_bound.min(f);
            continue;
        }
        out.expanded += 1;
        let mut child = state;
        child.slide_unchecked(from as usize);
        let frame = Frame {
            arrived: d,
            next: 0,
            h,
            memo,
        };
        if h == 0 && child.is_goal() {
            let mut moves: Vec<Direction> = stack[1..]
                .iter()
                .map(|f| Direction::ALL[f.arrived as usize])
                .collect();
            moves.push(Direction::ALL[d as usize]);
            out.solution = Some(Solution::new(*puzzle.start(), moves));
            break;
        }
        if here + 1 == depth {
            if out.parts.len() == MAX_PARTS {
                return Err(PuzzleError::TooManyParts {
                    depth,
                    max_parts: MAX_PARTS,
                });
            }
            let mut path = stack.clone();
            path.push(frame);
            let index = out.parts.len();
            out.parts.push(Subtree::new(
                puzzle,
                heuristic.clone(),
                index,
                out.nodes,
                bound,
                path,
                child,
            ));
        } else {
            state = child;
            stack.push(frame);
        }
    }
    out.next_bound = (next_bound != u32::MAX).then_some(next_bound);
    Ok(out)
}
