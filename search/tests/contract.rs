//! The vocabulary's contract, exercised on a real search: N queens, depth first, with its
//! stack as the continuation, split by the first rows and saved as a checkpoint.

use std::ops::ControlFlow;
use std::time::Duration;

use proptest::prelude::*;
use puzzle_search::{
    Budget, Cancel, Checkpoint, CheckpointError, DynSearch, Limit, Meter, Nodes, Parts, Progress,
    Run, Search, Split, Step, Unlimited,
};

/// Places queens row by row. `cols[r]` is the column tried in row `r`; the last entry is the
/// next column to try at the frontier. Rows below `floor` are fixed (a part of a split).
#[derive(Clone, Debug, PartialEq)]
struct Queens {
    /// The board's width, and its number of rows.
    n: usize,
    /// Rows to fill: a placement in row `leaf - 1` is an item (`n`, but less for the prefix
    /// of a split).
    leaf: usize,
    cols: Vec<usize>,
    floor: usize,
    nodes: u64,
    found: u64,
    cap: u64,
    done: bool,
}

impl Queens {
    fn new(n: usize) -> Queens {
        Queens {
            n,
            leaf: n,
            cols: vec![0],
            floor: 0,
            nodes: 0,
            found: 0,
            cap: u64::MAX,
            done: n == 0,
        }
    }

    fn safe(&self, row: usize, col: usize) -> bool {
        self.cols[..row]
            .iter()
            .enumerate()
            .all(|(r, &c)| c != col && row - r != col.abs_diff(c))
    }

    fn checkpoint(&self) -> Checkpoint {
        let body = self
            .cols
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        Checkpoint {
            kind: "queens".into(),
            version: 1,
            fingerprint: self.n as u64,
            progress: Progress::new(self.nodes, self.found),
            body: format!("{} {}\n{body}", self.floor, u8::from(self.done)),
        }
    }

    fn resume(n: usize, cp: &Checkpoint) -> Result<Queens, CheckpointError> {
        cp.expect("queens", 1, n as u64)?;
        let bad = |why: &str| CheckpointError::Field {
            line: 0,
            key: "body",
            why: why.to_string(),
        };
        let (head, cols) = cp.body.split_once('\n').ok_or_else(|| bad("no cols"))?;
        let (floor, done) = head.split_once(' ').ok_or_else(|| bad("no floor"))?;
        let cols = cols
            .split(' ')
            .map(|c| c.parse().map_err(|_| bad("col")))
            .collect::<Result<Vec<usize>, _>>()?;
        Ok(Queens {
            n,
            leaf: n,
            cols,
            floor: floor.parse().map_err(|_| bad("floor"))?,
            nodes: cp.progress.nodes,
            found: cp.progress.found,
            cap: u64::MAX,
            done: done == "1",
        })
    }
}

impl Search for Queens {
    type Item = Vec<usize>;
    type Progress = Progress;

    fn step<L: Limit>(&mut self, budget: L) -> Step<Vec<usize>> {
        if self.done {
            return Step::Finished;
        }
        let mut meter = Meter::with_cap(budget, self.nodes, self.cap);
        loop {
            let row = self.cols.len() - 1;
            let col = self.cols[row];
            if col >= self.n {
                // This row is exhausted: back up, unless it is fixed.
                self.cols.pop();
                if self.cols.len() <= self.floor {
                    self.done = true;
                    return Step::Finished;
                }
                *self.cols.last_mut().expect("above the floor") += 1;
                continue;
            }
            if !meter.go_on(self.nodes) {
                return Step::Paused;
            }
            self.nodes += 1;
            if !self.safe(row, col) {
                self.cols[row] += 1;
            } else if row + 1 == self.leaf {
                let found = self.cols.clone();
                self.cols[row] += 1;
                self.found += 1;
                return Step::Found(found);
            } else {
                self.cols.push(0);
            }
        }
    }

    fn progress(&self) -> Progress {
        Progress::new(self.nodes, self.found)
    }
}

impl Split for Queens {
    fn split(&self, depth: usize) -> Parts<Queens> {
        let depth = depth.min(self.n.saturating_sub(1));
        let mut prefix = Queens {
            leaf: depth,
            ..Queens::new(self.n)
        };
        // The prefix search places `depth` queens, checking them against each other only, as
        // the uncut search does above the cut.
        let mut parts = Vec::new();
        if depth == 0 {
            parts.push(self.clone());
        }
        while depth > 0
            && let Step::Found(cols) = prefix.step(Unlimited)
        {
            let mut part = Queens::new(self.n);
            part.cols = cols;
            part.cols.push(0);
            part.floor = depth;
            parts.push(part);
        }
        // The prefix counted its leaves as found; in the uncut search they are plain nodes.
        Parts {
            depth,
            prefix: Progress::new(prefix.nodes, 0),
            parts,
        }
    }
}

/// Solutions of N queens (OEIS A000170).
const SOLUTIONS: [usize; 9] = [1, 1, 0, 0, 2, 10, 4, 40, 92];

#[test]
fn queens_counts_are_the_known_ones() {
    for (n, &count) in SOLUTIONS.iter().enumerate().skip(1) {
        assert_eq!(Queens::new(n).solve_fully().len(), count, "n = {n}");
    }
}

#[test]
fn items_iterator_equals_solve_fully() {
    let all = Queens::new(6).solve_fully();
    assert_eq!(Queens::new(6).items().collect::<Vec<_>>(), all);
}

#[test]
fn split_parts_add_up_to_the_whole() {
    let mut whole = Queens::new(8);
    let items = std::iter::from_fn(|| whole.step(Unlimited).found()).collect::<Vec<_>>();
    for depth in 0..8 {
        let parts = whole.clone().split(depth);
        let (total, parted) = Queens::new(8).split(depth).solve_serially();
        assert_eq!(parted, items, "depth {depth}");
        assert_eq!(total, whole.progress(), "depth {depth}");
        assert!(parts.parts.len() >= usize::from(depth > 0));
    }
}

#[test]
fn run_with_progress_sees_every_item_and_can_stop() {
    let mut q = Queens::new(8);
    let mut items = 0;
    let mut reports = 0;
    let run = q.run_with_progress(
        Duration::from_millis(1),
        |_| {
            items += 1;
            ControlFlow::Continue(())
        },
        |q: &Queens| {
            reports += 1;
            assert!(q.progress().found <= 92);
            ControlFlow::Continue(())
        },
    );
    assert_eq!(run, Run::Finished);
    assert_eq!(items, 92);
    let mut q = Queens::new(8);
    let run = q.run_with_progress(
        Duration::from_secs(1),
        |_| ControlFlow::Break(()),
        |_| ControlFlow::Continue(()),
    );
    assert_eq!(run, Run::Stopped);
    assert_eq!(q.progress().found, 1);
    assert!(reports >= 1 || items == 92);
}

#[test]
fn a_capped_search_ends_runs_and_iterators() {
    let mut q = Queens::new(8);
    q.cap = 100;
    let run = q.clone().run_with_progress(
        Duration::from_millis(1),
        |_| ControlFlow::Continue(()),
        |_| ControlFlow::Continue(()),
    );
    assert_eq!(run, Run::Capped);
    assert_eq!(q.clone().items().count(), q.clone().solve_fully().len());
    q.solve_fully();
}

#[test]
fn dyn_searches_share_a_scheduler() {
    let mut searches: Vec<Box<dyn DynSearch<Item = Vec<usize>>>> =
        vec![Box::new(Queens::new(6)), Box::new(Queens::new(7))];
    let mut found = [0, 0];
    let mut live = 2;
    while live > 0 {
        live = 0;
        for (i, s) in searches.iter_mut().enumerate() {
            match s.step_budget(Budget::nodes(50)) {
                Step::Found(_) => found[i] += 1,
                Step::Paused => {}
                Step::Finished => continue,
            }
            live += 1;
        }
    }
    assert_eq!(found, [4, 40]);
    assert_eq!(searches[1].progress_core().found, 40);
}

#[test]
fn a_cancelled_step_pauses_after_one_unit() {
    let cancel = Cancel::new();
    cancel.cancel();
    let mut q = Queens::new(8);
    assert_eq!(q.step(Unlimited.or_cancel(&cancel)), Step::Paused);
    assert_eq!(q.progress().nodes, 1);
    cancel.reset();
    assert!(q.step(Unlimited.or_cancel(&cancel)).is_found());
}

#[test]
fn a_spent_time_budget_pauses_at_the_first_clock_read() {
    let mut q = Queens::new(14);
    loop {
        let before = q.progress().nodes;
        match q.step(Budget::time(Duration::ZERO)) {
            Step::Found(_) => continue,
            Step::Paused => {
                assert_eq!(q.progress().nodes - before, puzzle_search::CLOCK_EVERY);
                break;
            }
            Step::Finished => panic!("14 queens do not end within a few steps"),
        }
    }
}

proptest! {
    #[test]
    fn any_node_budgets_give_the_same_run(n in 1usize..8, budgets in prop::collection::vec(1u64..40, 1..20)) {
        let whole = Queens::new(n).solve_fully();
        let mut nodes_whole = Queens::new(n);
        while nodes_whole.step(Unlimited) != Step::Finished {}
        let mut q = Queens::new(n);
        let mut found = Vec::new();
        let mut i = 0;
        loop {
            let before = q.progress().nodes;
            match q.step(Nodes(budgets[i % budgets.len()])) {
                Step::Found(s) => found.push(s),
                Step::Paused => prop_assert_eq!(q.progress().nodes - before, budgets[i % budgets.len()]),
                Step::Finished => break,
            }
            i += 1;
        }
        prop_assert_eq!(found, whole);
        prop_assert_eq!(q.progress(), nodes_whole.progress());
    }

    #[test]
    fn save_and_resume_anywhere_gives_the_same_totals(n in 4usize..8, at in 1u64..2000) {
        let mut q = Queens::new(n);
        let _ = q.step(Nodes(at));
        let text = q.checkpoint().to_text();
        let resumed = Queens::resume(n, &Checkpoint::from_text(&text).unwrap()).unwrap();
        prop_assert_eq!(&resumed, &q);
        let mut a = q;
        let mut b = resumed;
        prop_assert_eq!(a.clone().solve_fully(), b.clone().solve_fully());
        while a.step(Unlimited) != Step::Finished {}
        while b.step(Unlimited) != Step::Finished {}
        prop_assert_eq!(a.progress(), b.progress());
    }

    #[test]
    fn random_text_is_read_or_refused(text in "\\PC*") {
        let _ = Checkpoint::from_text(&text);
    }

    #[test]
    fn damaged_checkpoints_are_refused(at in 0usize..60, byte in 0u8..128) {
        let cp = Queens::new(6).checkpoint();
        let mut text = cp.to_text().into_bytes();
        let at = at % text.len();
        prop_assume!(text[at] != byte);
        text[at] = byte;
        if let Ok(s) = String::from_utf8(text) {
            // Only a change that means the same (a hex digit's case) may read back.
            if let Ok(read) = Checkpoint::from_text(&s) {
                prop_assert_eq!(read, cp, "damage at {} not caught", at);
            }
        }
    }
}

#[test]
fn check_helpers_see_the_same_run() {
    use puzzle_search::check::{assert_agree, run_in_steps, run_whole};
    let whole = run_whole(Queens::new(7));
    let stepped = run_in_steps(Queens::new(7), &[1, 7, 100]);
    assert_eq!(whole.items, stepped.items);
    assert_eq!(whole.progress, stepped.progress);
    assert!(stepped.steps > whole.steps);
    assert_agree(Queens::new(6), Queens::new(6), true);
    let mut capped = Queens::new(8);
    capped.cap = 500;
    assert_eq!(run_in_steps(capped, &[64]).progress.nodes, 500);
}

#[test]
fn steps_change_nothing_returns_the_whole_run() {
    let whole = puzzle_search::check::assert_steps_change_nothing(Queens::new(6), &[3, 11]);
    assert_eq!(whole.items.len(), 4);
}
