//! One part of a cut IDA* iteration: the bounded depth-first search below one frontier node,
//! a continuation of its own with a checkpoint.

use std::path::{Path, PathBuf};

use puzzle_search::{Checkpoint, Limit, Meter, Search, Step};

use super::saved::{KIND, Saved, VERSION};
use crate::board::Direction;
use crate::engine::Counters;
use crate::engine::dfs::{Bounded, Frame, Outcome};
use crate::error::SplitError;
use crate::heuristic::Heuristic;
use crate::search::Progress;
use crate::solution::Solution;
use crate::state::{NONE, Puzzle, State};

/// The subtree below one frontier node of a cut iteration (see [`cut`](crate::cut)): the
/// serial IDA* engine's depth-first search under the iteration's bound, from that node only.
/// It finds at most one item, the first solution in serial order below its node (the whole
/// path from the start), then is finished. Its nodes are the generated children below the
/// frontier node, counted as the engine counts them (the frontier node itself is counted by
/// the cut).
#[derive(Clone, Debug)]
pub struct Subtree<H: Heuristic> {
    puzzle: Puzzle,
    heuristic: H,
    index: usize,
    cut_nodes: u64,
    prefix: Vec<Direction>,
    dfs: Bounded<H::Memo>,
    counters: Counters,
}

impl<H: Heuristic> Subtree<H> {
    /// The part whose path frames (root first, the frontier node last) are `stack`, `state`
    /// the frontier node's: made by the cut, which checked every frame against the bound.
    pub(crate) fn new(
        puzzle: &Puzzle,
        heuristic: H,
        index: usize,
        cut_nodes: u64,
        bound: u32,
        mut stack: Vec<Frame<H::Memo>>,
        state: State,
    ) -> Subtree<H> {
        let prefix = moves_of(&stack);
        let k = stack.len() - 1;
        for f in &mut stack[..k] {
            f.next = 4;
        }
        stack[k].next = 0;
        Subtree {
            puzzle: puzzle.clone(),
            heuristic,
            index,
            cut_nodes,
            prefix,
            dfs: Bounded {
                state,
                stack,
                threshold: bound,
                next_threshold: u32::MAX,
            },
            counters: Counters {
                bound,
                open: k + 1,
                ..Counters::default()
            },
        }
    }

    /// Its place in the cut's serial order (from 0).
    pub fn index(&self) -> usize {
        self.index
    }

    /// The cut's nodes up to and including this part's frontier node, in serial order: the
    /// serial engine's count for the iteration when it enters this part's subtree is this
    /// plus the nodes of the parts before it.
    pub fn cut_nodes(&self) -> u64 {
        self.cut_nodes
    }

    /// The iteration's bound.
    pub fn bound(&self) -> u32 {
        self.dfs.threshold
    }

    /// The blank's moves from the start to the part's frontier node.
    pub fn prefix(&self) -> &[Direction] {
        &self.prefix
    }

    /// The least `f` above the bound seen so far in this part (`None`: none yet).
    pub fn next_bound(&self) -> Option<u32> {
        (self.dfs.next_threshold != u32::MAX).then_some(self.dfs.next_threshold)
    }

    /// The solution this part found (the whole path from the start), if it found one.
    pub fn solution(&self) -> Option<Solution> {
        (self.counters.found == 1).then(|| Solution::new(*self.puzzle.start(), self.dfs.moves()))
    }

    /// True once the part has found its solution or exhausted its subtree.
    pub fn is_finished(&self) -> bool {
        self.counters.done
    }

    /// The puzzle searched.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The heuristic guiding the search.
    pub fn heuristic(&self) -> &H {
        &self.heuristic
    }

    /// The part's state as the family's checkpoint (kind `slide-solver/ida-part`): the
    /// puzzle, heuristic name, bound, prefix, the path on the stack with the next move to try,
    /// and the counters. [`Subtree::from_checkpoint`] resumes it exactly.
    pub fn checkpoint(&self) -> Checkpoint {
        self.checkpoint_with_dir(None)
    }

    pub(crate) fn checkpoint_with_dir(&self, pdb_dir: Option<&Path>) -> Checkpoint {
        let found = self.counters.found == 1;
        let (path, top_next) = if self.counters.done && !found {
            (self.prefix.clone(), 4)
        } else {
            let top = self
                .dfs
                .stack
                .last()
                .expect("a running part has its frontier frame");
            (self.dfs.moves(), top.next)
        };
        let saved = Saved {
            start: *self.puzzle.start(),
            goal: *self.puzzle.goal(),
            heuristic: self.heuristic.name(),
            pdb_dir: pdb_dir.map(Path::to_path_buf),
            bound: self.dfs.threshold,
            index: self.index,
            cut_nodes: self.cut_nodes,
            prefix: self.prefix.clone(),
            path,
            top_next,
            next_bound: self.next_bound(),
            expanded: self.counters.expanded,
            done: self.counters.done,
        };
        Checkpoint {
            kind: KIND.into(),
            version: VERSION,
            fingerprint: saved.fingerprint(),
            progress: puzzle_search::Progress::new(self.counters.generated, self.counters.found),
            body: saved.to_body(),
        }
    }

    /// Resumes a part from its checkpoint, with `heuristic` (of the name the checkpoint
    /// gives, for its board). Every field is checked: the envelope, each body line, that the
    /// path is legal, never undoes a move and stays within the bound, and that the counters
    /// agree; anything wrong is a [`SplitError`].
    pub fn from_checkpoint(cp: &Checkpoint, heuristic: H) -> Result<Subtree<H>, SplitError> {
        let (saved, _) = read(cp)?;
        Subtree::from_saved(&saved, cp, heuristic)
    }

    pub(crate) fn from_saved(
        saved: &Saved,
        cp: &Checkpoint,
        heuristic: H,
    ) -> Result<Subtree<H>, SplitError> {
        let puzzle = Puzzle::new(saved.start, saved.goal)?;
        let geometry = puzzle.geometry();
        heuristic.check(geometry)?;
        if heuristic.name() != saved.heuristic {
            return Err(SplitError::Mismatch(format!(
                "the part was saved with heuristic {:?}, restored with {:?}",
                saved.heuristic,
                heuristic.name()
            )));
        }
        let bound = saved.bound;
        let k = saved.prefix.len();
        if !saved.path.starts_with(&saved.prefix) {
            return Err(SplitError::Mismatch(
                "the path does not start with the prefix".into(),
            ));
        }
        let (generated, found) = (cp.progress.nodes, cp.progress.found);
        if found > 1 || (found == 1 && !saved.done) {
            return Err(SplitError::Mismatch(format!(
                "found {found} with done {}",
                u8::from(saved.done)
            )));
        }
        if saved.expanded > generated {
            return Err(SplitError::Mismatch(format!(
                "{} nodes expanded but only {generated} generated",
                saved.expanded
            )));
        }
        if let Some(b) = saved.next_bound
            && b <= bound
        {
            return Err(SplitError::Mismatch(format!(
                "next bound {b} is not above the bound {bound}"
            )));
        }
        // Replay the path as the search made it: the same heuristic calls, so every frame's
        // estimate and memo are the ones the saved search had.
        let mut state = puzzle.state();
        let (h0, memo0) = heuristic.evaluate(&state);
        let mut stack = vec![Frame {
            arrived: 4,
            next: 4,
            h: h0,
            memo: memo0,
        }];
        for (i, &dir) in saved.path.iter().enumerate() {
            let step = i + 1;
            let top = *stack.last().expect("the root is on the stack");
            if state.is_goal() && top.h == 0 {
                return Err(SplitError::Path {
                    step,
                    why: "the path goes on past the goal".into(),
                });
            }
            let d = dir.index() as u8;
            if top.arrived < 4 && d == (top.arrived + 2) % 4 {
                return Err(SplitError::Path {
                    step,
                    why: format!("{} undoes the move before it", dir.letter()),
                });
            }
            let from = geometry.nbr[state.blank as usize][d as usize];
            if from == NONE {
                return Err(SplitError::Path {
                    step,
                    why: format!("{} moves the blank off the board", dir.letter()),
                });
            }
            let limit = bound.saturating_sub(step as u32);
            let (h, memo) = heuristic.update_within(&state, from as usize, top.h, &top.memo, limit);
            if step as u32 + h > bound {
                return Err(SplitError::Path {
                    step,
                    why: format!("f = {} is above the bound {bound}", step as u32 + h),
                });
            }
            state.slide_unchecked(from as usize);
            // Every frame below the top has tried the move up to the one taken.
            if i >= k {
                stack.last_mut().expect("the root is on the stack").next = d + 1;
            }
            stack.push(Frame {
                arrived: d,
                next: 4,
                h,
                memo,
            });
        }
        let at_goal = {
            let top = stack.last().expect("the root is on the stack");
            top.h == 0 && state.is_goal()
        };
        if found == 1 && !at_goal {
            return Err(SplitError::Mismatch(
                "the part says it found a solution, but its path does not reach the goal".into(),
            ));
        }
        if found == 0 && at_goal {
            return Err(SplitError::Mismatch(
                "the path reaches the goal, but the part says it found nothing".into(),
            ));
        }
        if found == 0 && saved.done && saved.path.len() != k {
            return Err(SplitError::Mismatch(
                "a finished part keeps its prefix only".into(),
            ));
        }
        stack.last_mut().expect("the root is on the stack").next =
            if found == 1 { 4 } else { saved.top_next };
        let open = if saved.done && found == 0 {
            0
        } else {
            stack.len()
        };
        Ok(Subtree {
            index: saved.index,
            cut_nodes: saved.cut_nodes,
            prefix: saved.prefix.clone(),
            dfs: Bounded {
                state,
                stack,
                threshold: bound,
                next_threshold: saved.next_bound.unwrap_or(u32::MAX),
            },
            counters: Counters {
                expanded: saved.expanded,
                generated,
                bound,
                open,
                found,
                done: saved.done,
            },
            puzzle,
            heuristic,
        })
    }
}

/// Reads and checks a part checkpoint's envelope and body.
pub(crate) fn read(cp: &Checkpoint) -> Result<(Saved, Option<PathBuf>), SplitError> {
    cp.expect_kind(KIND, VERSION)?;
    let saved = Saved::from_body(&cp.body)?;
    let expected = saved.fingerprint();
    if cp.fingerprint != expected {
        return Err(puzzle_search::CheckpointError::Fingerprint {
            expected,
            found: cp.fingerprint,
        }
        .into());
    }
    let dir = saved.pdb_dir.clone();
    Ok((saved, dir))
}

fn moves_of<M>(stack: &[Frame<M>]) -> Vec<Direction> {
    stack[1..]
        .iter()
        .map(|f| Direction::ALL[f.arrived as usize])
        .collect()
}

impl<H: Heuristic> Search for Subtree<H> {
    type Item = Solution;
    type Progress = Progress;

    /// Runs until the solution, the end of the subtree, or the budget (counted in generated
    /// nodes).
    fn step<L: Limit>(&mut self, budget: L) -> Step<Solution> {
        if self.counters.done {
            return Step::Finished;
        }
        let mut meter = Meter::new(budget, self.counters.generated);
        let floor = self.prefix.len();
        match self.dfs.run(
            self.puzzle.geometry(),
            &self.heuristic,
            &mut self.counters,
            floor,
            &mut meter,
        ) {
            Outcome::Paused => Step::Paused,
            Outcome::Found => {
                self.counters.done = true;
                self.counters.found = 1;
                Step::Found(Solution::new(*self.puzzle.start(), self.dfs.moves()))
            }
            Outcome::Exhausted => {
                self.counters.done = true;
                self.counters.open = 0;
                Step::Finished
            }
        }
    }

    fn progress(&self) -> Progress {
        self.counters.progress()
    }
}
