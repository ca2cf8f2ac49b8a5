//! Structure-aware: random solvable edge-matching boards (a random solved board, its pieces
//! shuffled and turned). Baseline and table engines count the same nodes and solutions;
//! stepping changes nothing; a split's jobs add up to the whole; a run saved to text midway
//! and resumed ends with the straight run's totals.
#![no_main]
use arbitrary::Arbitrary;
use eternity_solver::engine::{self, EngineKind, Limits};
use eternity_solver::search::{SearchOptions, Solver, split};
use eternity_solver::{Budget, FillOrder, Instance, OrderKind, Piece, Search};
use libfuzzer_sys::fuzz_target;
use puzzle_search::Checkpoint;
use puzzle_search::check::{assert_steps_change_nothing, run_whole};

#[derive(Arbitrary, Debug)]
struct Puzzle {
    width: u8,
    height: u8,
    colours: u8,
    /// Edge colours, taken in turn (cycled).
    edges: Vec<u8>,
    /// Piece order and turns, taken in turn.
    shuffle: Vec<u16>,
    order: u8,
    budgets: [u8; 3],
    depth: u8,
    pause_after: u16,
}

const MAX_NODES: u64 = 20_000;

fn instance(p: &Puzzle) -> Option<Instance> {
    // 2x2 to 3x3 with 2 to 4 colours: one colour makes every arrangement a solution, a tree
    // too large to enumerate a few times per input.
    let (w, h) = (usize::from(p.width % 2) + 2, usize::from(p.height % 2) + 2);
    let colours = p.colours % 3 + 2;
    let mut edge = p.edges.iter().cycle().map(|&c| c % colours + 1);
    if p.edges.is_empty() {
        return None;
    }
    // Colours of the vertical edges (right of cell (r, c)) and horizontal ones (below it).
    let right: Vec<u8> = (0..w * h)
        .map(|i| {
            if i % w == w - 1 {
                0
            } else {
                edge.next().unwrap()
            }
        })
        .collect();
    let down: Vec<u8> = (0..w * h)
        .map(|i| {
            if i / w == h - 1 {
                0
            } else {
                edge.next().unwrap()
            }
        })
        .collect();
    let mut pieces: Vec<Piece> = (0..w * h)
        .map(|i| {
            let up = if i < w { 0 } else { down[i - w] };
            let left = if i % w == 0 { 0 } else { right[i - 1] };
            Piece::new([up, right[i], down[i], left])
        })
        .collect();
    // Shuffle (Fisher-Yates from the fuzzer's numbers) and turn each piece.
    let mut r = p
        .shuffle
        .iter()
        .cycle()
        .copied()
        .chain(std::iter::repeat(0));
    for i in (1..pieces.len()).rev() {
        pieces.swap(i, usize::from(r.next().unwrap()) % (i + 1));
    }
    for piece in &mut pieces {
        let mut e = piece.edges;
        e.rotate_right(usize::from(r.next().unwrap() % 4));
        *piece = Piece::new(e);
    }
    Instance::new(w, h, pieces, vec![]).ok()
}

fuzz_target!(|p: Puzzle| {
    let Some(inst) = instance(&p) else { return };
    let kind = [
        OrderKind::RowMajor,
        OrderKind::Spiral,
        OrderKind::BorderFirst,
    ][usize::from(p.order % 3)];
    let order = FillOrder::new(&inst, kind);
    let base = engine::run(EngineKind::Baseline, &inst, &order, Limits::all());
    // Inputs whose tree is too large to walk several more times are left to the next one.
    if base.nodes > MAX_NODES {
        return;
    }
    let table = engine::run(EngineKind::Table, &inst, &order, Limits::all());
    assert_eq!(
        (base.nodes, base.solutions),
        (table.nodes, table.solutions),
        "engines differ"
    );
    assert!(base.solutions >= 1, "the board was built solved");
    let options = SearchOptions::default();
    let budgets: Vec<u64> = p.budgets.iter().map(|&n| u64::from(n) + 1).collect();
    let whole = assert_steps_change_nothing(Solver::new(&inst, &order, options), &budgets);
    assert_eq!(
        (whole.progress.nodes, whole.progress.found),
        (base.nodes, base.solutions)
    );
    // The split's jobs, each resumed and run, in order, are the whole.
    let jobs = split(&inst, &order, usize::from(p.depth) % order.len().max(1));
    let mut nodes = jobs.prefix_nodes;
    let mut items = Vec::new();
    for job in &jobs.jobs {
        let part = Solver::resume(&inst, &order, job, options).expect("a job of this puzzle");
        let out = run_whole(part);
        nodes += out.progress.nodes;
        items.extend(out.items);
    }
    assert_eq!(nodes, whole.progress.nodes, "split nodes differ");
    assert_eq!(items, whole.items, "split solutions differ");
    // Saved to text midway (as --save does) and resumed: the straight run's totals.
    let mut first = Solver::new(&inst, &order, options);
    let _ = first.step(Budget::nodes(u64::from(p.pause_after) + 1));
    let text = first.checkpoint().to_text();
    let cp = Checkpoint::from_text(&text).expect("a saved checkpoint reads back");
    let resumed = Solver::from_checkpoint(&inst, &order, &cp, options).expect("same puzzle");
    let rest = run_whole(resumed);
    assert_eq!(
        (rest.progress.nodes, rest.progress.found),
        (whole.progress.nodes, whole.progress.found)
    );
});
