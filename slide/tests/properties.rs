//! Properties: parsers never panic, heuristics never overestimate (checked against full BFS
//! distances on small boards), engines agree, and pausing changes nothing.

mod common;

use common::bfs;

use std::collections::HashMap;
use std::sync::OnceLock;

use proptest::prelude::*;
use puzzle_search::check::{run_in_steps, run_whole};
use slide_solver::{
    AStar, Baseline, Board, BucketQueue, Direction, Engine, GoalConvention, HeapQueue, Heuristic,
    HeuristicKind, IdaStar, LinearConflict, Manhattan, Options, Partition, PatternDatabases,
    Puzzle, Search, Solver, Zero,
};

/// Sizes small enough to enumerate.
const SIZES: [(usize, usize); 5] = [(2, 2), (3, 2), (2, 3), (4, 2), (3, 3)];

fn goal_of(size: usize, blank_first: bool) -> Board {
    let (w, h) = SIZES[size];
    let conv = if blank_first {
        GoalConvention::BlankFirst
    } else {
        GoalConvention::BlankLast
    };
    Board::goal(w, h, conv).unwrap()
}

fn distances(size: usize, blank_first: bool) -> &'static HashMap<u128, u32> {
    static TABLES: OnceLock<Vec<HashMap<u128, u32>>> = OnceLock::new();
    let t = TABLES.get_or_init(|| {
        let mut v = Vec::new();
        for s in 0..SIZES.len() {
            for bf in [false, true] {
                v.push(bfs(goal_of(s, bf)));
            }
        }
        v
    });
    &t[size * 2 + usize::from(blank_first)]
}

/// A random solvable state: a random walk from the goal.
fn walk(goal: Board, steps: &[u8]) -> Board {
    let mut b = goal;
    for &s in steps {
        if let Some(c) = b.moved(Direction::ALL[s as usize % 4]) {
            b = c;
        }
    }
    b
}

fn check_admissible<H: Heuristic>(h: &H, puzzle: &Puzzle, truth: u32) {
    let (v, _) = h.evaluate(&puzzle.state());
    assert!(
        v <= truth,
        "{} gives {v} > {truth} on {:?}",
        h.name(),
        puzzle.start()
    );
}

/// The 6-6-3 databases for the blank-last (`false`) or blank-first (`true`) goal, cached in
/// the target directory.
fn pdb_4x4(blank_first: bool) -> &'static PatternDatabases {
    static PDB: [OnceLock<PatternDatabases>; 2] = [OnceLock::new(), OnceLock::new()];
    PDB[usize::from(blank_first)].get_or_init(|| {
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("slide-pdb");
        let blank = if blank_first { 0 } else { 15 };
        PatternDatabases::load(Partition::P663, 4, 4, blank, Some(&dir), |_| true).unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn parsing_never_panics(text in "\\PC{0,40}", w in 0usize..7, h in 0usize..7) {
        let _ = Board::parse(&text);
        let _ = Board::parse_sized(&text, w, h);
        let _ = slide_solver::parse_size(&text);
    }

    #[test]
    fn parsing_digit_soup_never_panics(text in "[0-9xX ,]{0,60}") {
        if let Ok(b) = Board::parse(&text) {
            prop_assert_eq!(Board::parse(&b.to_compact()).ok(), Some(b));
        }
    }

    #[test]
    fn heuristics_are_admissible_and_engines_optimal(
        size in 0..SIZES.len(),
        blank_first: bool,
        steps in proptest::collection::vec(0u8..4, 0..80),
    ) {
        let goal = goal_of(size, blank_first);
        let start = walk(goal, &steps);
        let truth = distances(size, blank_first)[&start.packed()];
        let puzzle = Puzzle::new(start, goal).unwrap();
        let geo = puzzle.geometry();
        let b = goal.blank();
        let md = Manhattan::new(geo, b);
        let lc = LinearConflict::new(geo, b);
        let pdb = PatternDatabases::build(Partition::Small, geo.width, geo.height, b).unwrap();
        check_admissible(&md, &puzzle, truth);
        check_admissible(&lc, &puzzle, truth);
        check_admissible(&pdb, &puzzle, truth);
        if (geo.width, geo.height) == (3, 3) {
            let big = PatternDatabases::build(Partition::P71, 3, 3, b).unwrap();
            check_admissible(&big, &puzzle, truth);
        }
        prop_assert!(lc.evaluate(&puzzle.state()).0 >= md.evaluate(&puzzle.state()).0);

        let mut bucket = AStar::<_, BucketQueue>::new(&puzzle, lc.clone()).unwrap();
        let mut heap = AStar::<_, HeapQueue>::new(&puzzle, lc.clone()).unwrap();
        let a = bucket.next().unwrap();
        let c = heap.next().unwrap();
        prop_assert_eq!(a.len() as u32, truth);
        prop_assert_eq!(&a, &c);
        prop_assert_eq!(bucket.progress(), heap.progress());
        let ucs = AStar::<_, BucketQueue>::new(&puzzle, Zero::new(geo)).unwrap().solve().unwrap();
        prop_assert_eq!(ucs.len() as u32, truth);
        for sol in [
            IdaStar::new(&puzzle, md).unwrap().solve().unwrap(),
            IdaStar::new(&puzzle, pdb.clone()).unwrap().solve().unwrap(),
            AStar::<_, BucketQueue>::new(&puzzle, pdb).unwrap().solve().unwrap(),
        ] {
            prop_assert_eq!(sol.len() as u32, truth);
            prop_assert_eq!(sol.replay(), Some(goal));
            let letters = sol.letters();
            prop_assert_eq!(common::replay(start.tiles(), start.width(), &letters), goal.tiles().to_vec());
        }
    }

    #[test]
    fn pausing_changes_nothing(steps in proptest::collection::vec(0u8..4, 0..60), budget in 1u64..200) {
        let goal = goal_of(4, false);
        let puzzle = Puzzle::new(walk(goal, &steps), goal).unwrap();
        // Every engine behind the one continuation: the same solution and node count however
        // it is stepped, and every paused step spends its node budget exactly.
        for engine in [Engine::Baseline, Engine::AStar, Engine::AStarHeap, Engine::IdaStar] {
            let options = Options::new(engine, HeuristicKind::LinearConflict);
            let whole = run_whole(Solver::new(&puzzle, &options).unwrap());
            let parts = run_in_steps(Solver::new(&puzzle, &options).unwrap(), &[budget, 1, 3]);
            prop_assert_eq!(whole.items.len(), 1);
            prop_assert_eq!(&whole.items, &parts.items);
            prop_assert_eq!(whole.progress, parts.progress);
        }
        // The engines' own counters too.
        let h = LinearConflict::new(puzzle.geometry(), goal.blank());
        let (mut a, mut b) = (IdaStar::new(&puzzle, h.clone()).unwrap(), IdaStar::new(&puzzle, h.clone()).unwrap());
        prop_assert_eq!(a.next(), stepped(&mut b, budget));
        prop_assert_eq!(a.progress(), b.progress());
        let mut a = AStar::<_, BucketQueue>::new(&puzzle, h.clone()).unwrap();
        let mut b = AStar::<_, BucketQueue>::new(&puzzle, h).unwrap();
        prop_assert_eq!(a.next(), stepped(&mut b, budget));
        prop_assert_eq!(a.progress(), b.progress());
        let mut a = Baseline::<HeapQueue>::new(&puzzle);
        let mut b = Baseline::<HeapQueue>::new(&puzzle);
        prop_assert_eq!(a.next(), stepped(&mut b, budget));
        prop_assert_eq!(a.progress(), b.progress());
    }
}

/// Steps `search` in node budgets of `budget` to its solution.
fn stepped<S: Search>(search: &mut S, budget: u64) -> Option<S::Item> {
    loop {
        match search.step(slide_solver::Budget::nodes(budget)) {
            slide_solver::Step::Found(s) => return Some(s),
            slide_solver::Step::Paused => {}
            slide_solver::Step::Finished => return None,
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// The additive 6-6-3 databases (with the mirror) never exceed the true distance, found
    /// independently by IDA* with Manhattan distance.
    #[test]
    #[cfg_attr(target_os = "wasi", ignore = "writes files in a temporary directory: WASI preview 1 has none")]
    fn additive_pdbs_never_exceed_the_true_distance(
        steps in proptest::collection::vec(0u8..4, 0..40),
        blank_first: bool,
    ) {
        let conv = if blank_first { GoalConvention::BlankFirst } else { GoalConvention::BlankLast };
        let goal = Board::goal(4, 4, conv).unwrap();
        let start = walk(goal, &steps);
        let puzzle = Puzzle::new(start, goal).unwrap();
        let md = Manhattan::new(puzzle.geometry(), goal.blank());
        let truth = IdaStar::new(&puzzle, md).unwrap().solve().unwrap().len() as u32;
        let pdb = pdb_4x4(blank_first).clone();
        check_admissible(&pdb, &puzzle, truth);
        let sol = IdaStar::new(&puzzle, pdb).unwrap().solve().unwrap();
        prop_assert_eq!(sol.len() as u32, truth);
    }
}
