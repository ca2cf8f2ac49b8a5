//! Cut IDA* iterations: the parts add up to the serial engine's iterations exactly, the
//! solving iteration gives the serial answer, and stepping, saving and resuming a part
//! changes nothing.

mod common;

use proptest::prelude::*;
use puzzle_search::check::assert_steps_change_nothing;
use slide_solver::{
    Board, Budget, CutDepth, GoalConvention, Heuristic, HeuristicKind, IdaStar, LinearConflict,
    Manhattan, Part, Plan, Puzzle, Search, Solution, Step, Subtree, cut,
};

fn eight(board: &str) -> Puzzle {
    Puzzle::with_default_goal(board.parse::<Board>().unwrap()).unwrap()
}

fn korf(id: usize) -> Puzzle {
    let k = common::korf_easy()
        .into_iter()
        .find(|k| k.id == id)
        .unwrap();
    let goal = Board::goal(4, 4, GoalConvention::BlankFirst).unwrap();
    Puzzle::new(Board::new(4, 4, &k.tiles).unwrap(), goal).unwrap()
}

/// The serial run: its solution and every iteration's bound and nodes.
fn serial<H: Heuristic>(puzzle: &Puzzle, h: H) -> (Solution, Vec<(u32, u64)>) {
    let mut s = IdaStar::new(puzzle, h).unwrap();
    let solution = s.step(Budget::unlimited()).found().unwrap();
    let log = s
        .iteration_log()
        .iter()
        .map(|i| (i.bound, i.nodes))
        .collect();
    (solution, log)
}

/// What running a cut's parts in serial order gives: nodes up to the first solution (or all),
/// the least next bound, and that solution.
fn run_parts<H: Heuristic + Clone>(
    puzzle: &Puzzle,
    h: &H,
    bound: u32,
    depth: CutDepth,
) -> (u64, Option<u32>, Option<Solution>) {
    let c = cut(puzzle, h, bound, depth).unwrap();
    let mut nodes = 0;
    let mut next = c.next_bound;
    for mut part in c.parts {
        let found = part.step(Budget::unlimited()).found();
        nodes += part.progress().nodes;
        next = match (next, part.next_bound()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        if found.is_some() {
            assert_eq!(part.solution(), found);
            // The serial run stops here: the cut's nodes after this part do not count.
            return (part.cut_nodes() + nodes, next, found);
        }
        assert!(part.is_finished());
    }
    (c.nodes + nodes, next, c.solution)
}

/// Every iteration of the serial run, cut at `depth`, gives the same nodes, next bound and
/// (in the last one) solution.
fn check_all_iterations<H: Heuristic + Clone>(puzzle: &Puzzle, h: H, depth: CutDepth) {
    let (solution, log) = serial(puzzle, h.clone());
    for (i, &(bound, nodes)) in log.iter().enumerate() {
        let (cut_nodes, next, found) = run_parts(puzzle, &h, bound, depth);
        assert_eq!(cut_nodes, nodes, "iteration {i} (bound {bound}), {depth:?}");
        if i + 1 < log.len() {
            assert_eq!(found, None, "iteration {i}");
            assert_eq!(next, Some(log[i + 1].0), "iteration {i}'s next bound");
        } else {
            assert_eq!(
                found.as_ref(),
                Some(&solution),
                "the solving iteration, {depth:?}"
            );
        }
    }
}

const DEPTHS: [CutDepth; 6] = [
    CutDepth::Exactly(0),
    CutDepth::Exactly(1),
    CutDepth::Exactly(3),
    CutDepth::Exactly(8),
    CutDepth::MinParts(16),
    CutDepth::MinParts(200),
];

#[test]
fn eight_puzzle_parts_add_up_to_every_serial_iteration() {
    for (name, _, board) in common::SLIDR_BENCH9 {
        let p = eight(board);
        for depth in DEPTHS {
            check_all_iterations(&p, Manhattan::new(p.geometry(), p.goal().blank()), depth);
            check_all_iterations(
                &p,
                LinearConflict::new(p.geometry(), p.goal().blank()),
                depth,
            );
        }
        let _ = name;
    }
}

#[test]
fn korf_instances_cut_add_up_with_manhattan_and_linear_conflict() {
    for id in [9, 12] {
        let p = korf(id);
        for depth in [
            CutDepth::Exactly(2),
            CutDepth::MinParts(64),
            CutDepth::Exactly(12),
        ] {
            check_all_iterations(
                &p,
                LinearConflict::new(p.geometry(), p.goal().blank()),
                depth,
            );
        }
        check_all_iterations(
            &p,
            Manhattan::new(p.geometry(), p.goal().blank()),
            CutDepth::MinParts(64),
        );
    }
}

#[test]
fn a_cut_that_meets_the_goal_hands_it_out_after_its_parts() {
    // Two moves from the goal: a cut deeper than the solution meets it itself.
    let p = eight("123456x78");
    let h = Manhattan::new(p.geometry(), p.goal().blank());
    let (solution, log) = serial(&p, h.clone());
    let bound = log.last().unwrap().0;
    let c = cut(&p, &h, bound, CutDepth::Exactly(5)).unwrap();
    assert_eq!(c.solution.as_ref(), Some(&solution));
    check_all_iterations(&p, h.clone(), CutDepth::Exactly(5));
    // The start itself solved: no node, no part.
    let done = eight("12345678x");
    let c = cut(&done, &h, 0, CutDepth::MinParts(4)).unwrap();
    assert_eq!((c.nodes, c.parts.len()), (0, 0));
    assert_eq!(c.solution.map(|s| s.len()), Some(0));
}

#[test]
fn the_same_input_cuts_into_the_same_parts() {
    let p = korf(12);
    let h = LinearConflict::new(p.geometry(), p.goal().blank());
    let a = cut(&p, &h, 43, CutDepth::MinParts(100)).unwrap();
    let b = cut(&p, &h, 43, CutDepth::MinParts(100)).unwrap();
    assert!(a.parts.len() >= 100);
    assert_eq!(a.depth, b.depth);
    let prefixes = |c: &slide_solver::Cut<Subtree<LinearConflict>>| -> Vec<String> {
        c.parts
            .iter()
            .map(|s| s.prefix().iter().map(|d| d.letter()).collect())
            .collect()
    };
    assert_eq!(prefixes(&a), prefixes(&b));
    for (i, s) in a.parts.iter().enumerate() {
        assert_eq!(s.index(), i);
        assert_eq!(s.prefix().len(), a.depth);
        assert_eq!(s.bound(), 43);
    }
}

#[test]
fn stepping_a_part_in_any_budget_changes_nothing() {
    let p = korf(9);
    let h = LinearConflict::new(p.geometry(), p.goal().blank());
    let (_, log) = serial(&p, h.clone());
    for &(bound, _) in &log[log.len() - 2..] {
        let c = cut(&p, &h, bound, CutDepth::Exactly(3)).unwrap();
        for part in c.parts.into_iter().take(6) {
            assert_steps_change_nothing(part, &[1, 7, 4096, 333]);
        }
    }
}

/// Runs `part` in steps of `budget`, saving it to text and restoring it between every two.
fn run_through_checkpoints(mut part: Part, budget: u64) -> (Part, Option<Solution>) {
    loop {
        let text = part.checkpoint().to_text();
        part = Part::restore(&text, |_| true).unwrap();
        match part.step(Budget::nodes(budget)) {
            Step::Found(s) => return (part, Some(s)),
            Step::Paused => {}
            Step::Finished => return (part, None),
        }
    }
}

#[test]
fn saved_and_restored_parts_resume_exactly() {
    let p = korf(12);
    let plan = Plan::new(&p, HeuristicKind::LinearConflict, None, |_| true).unwrap();
    let (solution, log) = serial(&p, LinearConflict::new(p.geometry(), p.goal().blank()));
    for &(bound, nodes) in &log {
        let c = plan.split(bound, Some(4), 0).expect("a cut");
        let cut_nodes = c.nodes;
        let mut total = 0;
        let mut found = None;
        for part in c.parts {
            let (whole, whole_found) = {
                let mut w = part.clone();
                let f = w.step(Budget::unlimited()).found();
                (w, f)
            };
            let (resumed, resumed_found) = run_through_checkpoints(part, 2_000);
            assert_eq!(resumed_found, whole_found);
            assert_eq!(resumed.progress(), whole.progress());
            assert_eq!(resumed.next_bound(), whole.next_bound());
            // A finished or found part saves and restores too.
            let again = Part::restore(&resumed.checkpoint().to_text(), |_| true).unwrap();
            assert_eq!(again.progress().nodes, whole.progress().nodes);
            assert_eq!(again.solution(), whole_found);
            total += whole.progress().nodes;
            if whole_found.is_some() {
                found = whole_found;
                total += resumed.cut_nodes();
                break;
            }
        }
        if found.is_none() {
            total += cut_nodes;
        }
        assert_eq!(total, nodes, "bound {bound}");
        if found.is_some() {
            assert_eq!(found, Some(solution.clone()));
        }
    }
}

#[test]
fn a_plan_names_its_heuristic_and_finds_the_serial_answer() {
    let p = eight("8672543x1");
    let plan = Plan::new(&p, HeuristicKind::Manhattan, None, |_| true).unwrap();
    let (solution, log) = serial(&p, Manhattan::new(p.geometry(), p.goal().blank()));
    assert_eq!(plan.start_bound(), log[0].0);
    assert_eq!(plan.heuristic(), HeuristicKind::Manhattan);
    let c = plan.split(log.last().unwrap().0, None, 32).expect("a cut");
    assert!(c.parts.len() >= 32);
    let mut found = None;
    for mut part in c.parts {
        assert_eq!(part.heuristic_name(), "manhattan");
        if let Some(s) = part.step(Budget::unlimited()).found() {
            found = Some(s);
            break;
        }
    }
    assert_eq!(found, Some(solution));
}

#[test]
fn damaged_checkpoints_are_typed_errors() {
    let p = eight("8672543x1");
    let plan = Plan::new(&p, HeuristicKind::Manhattan, None, |_| true).unwrap();
    let mut part = plan.split(29, Some(4), 0).expect("a cut").parts.remove(3);
    assert!(part.step(Budget::nodes(50)).is_paused());
    let good = part.checkpoint();
    let text = good.to_text();
    assert!(Part::restore(&text, |_| true).is_ok());
    // Every truncation, and a body changed behind a matching checksum.
    for cut in 0..text.len() {
        assert!(
            Part::restore(&text[..cut], |_| true).is_err(),
            "cut at {cut}"
        );
    }
    let rewrite = |from: &str, to: &str| {
        let mut cp = good.clone();
        cp.body = cp.body.replace(from, to);
        Part::restore(&cp.to_text(), |_| true)
    };
    for (from, to) in [
        ("heuristic manhattan", "heuristic nonsense"),
        ("heuristic manhattan", "heuristic linear-conflict"),
        ("bound 29", "bound 20"),
        ("top-next", "top_next"),
        ("done 0", "done 2"),
        ("expanded", "expanded x"),
        ("size 3x3", "size 9x9"),
        ("start 8,6", "start 8,8"),
    ] {
        assert!(rewrite(from, to).is_err(), "{from} -> {to}");
    }
    // A path that leaves the board, undoes a move or leaves the bound.
    let path_line = good.body.lines().find(|l| l.starts_with("path ")).unwrap();
    let prefix: String = path_line[5..9].into();
    for bad in ["UUUU", "UDUD", "RRRR"] {
        let mut cp = good.clone();
        cp.body = cp.body.replace(path_line, &format!("path {prefix}{bad}"));
        assert!(Part::restore(&cp.to_text(), |_| true).is_err(), "{bad}");
    }
}

fn walk8() -> impl Strategy<Value = Board> {
    proptest::collection::vec(0u8..4, 0..60)
        .prop_map(|steps| common::walk(Board::default_goal(3, 3).unwrap(), &steps))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_text_restores_or_fails(text in "\\PC{0,300}") {
        let _ = Part::restore(&text, |_| true);
    }

    #[test]
    fn random_edits_of_a_checkpoint_restore_or_fail(
        at in 0usize..400,
        edit in "[ -~\\n]{0,6}",
        cut_body in any::<bool>(),
    ) {
        let p = eight("8672543x1");
        let plan = Plan::new(&p, HeuristicKind::Manhattan, None, |_| true).unwrap();
        let mut part = plan.split(27, Some(5), 0).expect("a cut").parts.remove(0);
        let _ = part.step(Budget::nodes(20));
        let mut cp = part.checkpoint();
        // Edit the body and re-seal it, so the body parser and checks are what is tested.
        let at = at.min(cp.body.len());
        if cp.body.is_char_boundary(at) {
            if cut_body {
                cp.body.truncate(at);
            }
            cp.body.insert_str(at, &edit);
        }
        if let Ok(mut back) = Part::restore(&cp.to_text(), |_| true) {
            let _ = back.step(Budget::nodes(10_000));
        }
    }

    #[test]
    fn random_eight_puzzles_cut_anywhere_add_up(board in walk8(), depth in 0usize..12) {
        let p = Puzzle::with_default_goal(board).unwrap();
        check_all_iterations(&p, Manhattan::new(p.geometry(), p.goal().blank()), CutDepth::Exactly(depth));
    }
}

/// Korf and Felner's 24-puzzle #40 (optimal 82) with the 6-6-6-6 tables: every iteration's
/// parts add up to the serial counts and the solving iteration gives the serial answer.
/// Builds the tables into the default cache directory on first use (about 4 minutes, 2 GB).
#[test]
#[ignore]
fn korf_felner_40_cut_with_6_6_6_6_adds_up() {
    let tiles: Vec<u8> = "2 17 4 13 7 12 10 3 0 16 21 24 8 5 18 20 15 19 14 9 22 11 6 1 23"
        .split(' ')
        .map(|t| t.parse().unwrap())
        .collect();
    let goal = Board::goal(5, 5, GoalConvention::BlankFirst).unwrap();
    let p = Puzzle::new(Board::new(5, 5, &tiles).unwrap(), goal).unwrap();
    let kind: HeuristicKind = "pdb6666".parse().unwrap();
    let plan = Plan::new(&p, kind, None, |_| true).unwrap();
    let mut solver = slide_solver::Solver::new(
        &p,
        &slide_solver::Options::new(slide_solver::Engine::IdaStar, kind),
    )
    .unwrap();
    let solution = solver.step(Budget::unlimited()).found().unwrap();
    assert_eq!(solution.len(), 82);
    let log = solver.iterations().to_vec();
    let mut next = None;
    for (i, it) in log.iter().enumerate() {
        let c = plan.split(it.bound, None, 256).expect("a cut");
        if let Some(b) = next {
            assert_eq!(it.bound, b);
        }
        let mut nodes = c.nodes;
        let mut least = c.next_bound;
        let mut found = None;
        for mut part in c.parts {
            found = part.step(Budget::unlimited()).found();
            nodes += part.progress().nodes;
            least = match (least, part.next_bound()) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            if found.is_some() {
                // The serial run stops here: the cut's nodes after this part do not count.
                nodes += part.cut_nodes();
                nodes -= c.nodes;
                break;
            }
        }
        eprintln!("bound {} serial {} parts {}", it.bound, it.nodes, nodes);
        assert_eq!(nodes, it.nodes, "iteration {i}");
        if i + 1 == log.len() {
            assert_eq!(found, Some(solution.clone()));
        }
        next = least;
    }
}

#[test]
fn a_cut_past_its_part_limit_is_refused_and_one_by_parts_stops_within_it() {
    use slide_solver::{MAX_PARTS, PuzzleError};
    let puzzle = Puzzle::with_default_goal("8672543x1".parse::<Board>().unwrap()).unwrap();
    let h = Manhattan::new(puzzle.geometry(), puzzle.goal().blank());
    let too_deep = cut(&puzzle, &h, 200, CutDepth::Exactly(40));
    assert!(matches!(
        too_deep,
        Err(PuzzleError::TooManyParts {
            depth: 40,
            max_parts: MAX_PARTS
        })
    ));
    let most = cut(&puzzle, &h, 200, CutDepth::MinParts(usize::MAX)).unwrap();
    assert!(!most.parts.is_empty() && most.parts.len() <= MAX_PARTS);
}
