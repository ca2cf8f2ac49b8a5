//! The engines behind the one continuation ([`Solver`]): they agree where they must (the two
//! open lists of A* node for node, IDA* and A* on every optimal length), the baseline is valid
//! and never shorter than optimal, stepping and budgets change nothing, and small 8- and
//! 15-puzzle instances are solved optimally.

mod common;

use std::path::Path;
use std::time::Duration;

use puzzle_search::check::{assert_agree, run_in_steps, run_whole};
use puzzle_search::{Cancel, Limit};
use slide_solver::{
    Board, Budget, Engine, GoalConvention, HeuristicKind, MoveError, NameError, Options, Partition,
    Puzzle, Search, Solution, Solver, Step,
};

use common::{SLIDR_BENCH9, korf_easy, replay};

/// A search's solutions reduced to their lengths: engines that are all optimal agree on
/// these, not on which of several optimal paths they return.
#[derive(Clone, Debug)]
struct Lengths<S>(S);

impl<S: Search<Item = Solution>> Search for Lengths<S> {
    type Item = usize;
    type Progress = S::Progress;

    fn step<L: Limit>(&mut self, budget: L) -> Step<usize> {
        self.0.step(budget).map(|s| s.len())
    }

    fn progress(&self) -> S::Progress {
        self.0.progress()
    }
}

fn eight(board: &str) -> Puzzle {
    Puzzle::with_default_goal(board.parse::<Board>().unwrap()).unwrap()
}

fn solver(puzzle: &Puzzle, engine: Engine, heuristic: HeuristicKind) -> Solver {
    let mut options = Options::new(engine, heuristic);
    options.pdb_dir = Some(Path::new(env!("CARGO_TARGET_TMPDIR")).join("slide-pdb"));
    Solver::new(puzzle, &options).unwrap()
}

const HEURISTICS_3X3: [HeuristicKind; 5] = [
    HeuristicKind::Manhattan,
    HeuristicKind::LinearConflict,
    HeuristicKind::WalkingDistance,
    HeuristicKind::Pdb(Partition::P71),
    HeuristicKind::Pdb(Partition::Small),
];

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "writes files in a temporary directory: WASI preview 1 has none"
)]
fn both_open_lists_of_astar_agree_node_for_node() {
    for (name, _, board) in SLIDR_BENCH9 {
        let p = eight(board);
        for h in HEURISTICS_3X3 {
            eprintln!("{name} {}", h.name());
            assert_agree(
                solver(&p, Engine::AStar, h),
                solver(&p, Engine::AStarHeap, h),
                true,
            );
        }
    }
}

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "writes files in a temporary directory: WASI preview 1 has none"
)]
fn idastar_and_astar_agree_on_every_optimal_length() {
    for (name, optimal, board) in SLIDR_BENCH9 {
        let p = eight(board);
        for h in HEURISTICS_3X3 {
            let ida = run_whole(solver(&p, Engine::IdaStar, h));
            assert_eq!(ida.items[0].len(), optimal, "{name} {}", h.name());
            assert_eq!(ida.items[0].replay(), Some(*p.goal()));
            assert_agree(
                Lengths(solver(&p, Engine::IdaStar, h)),
                Lengths(solver(&p, Engine::AStar, h)),
                false,
            );
        }
    }
}

/// The baseline is the seed's A*, with another heuristic and closed set, so it cannot agree
/// with the others on paths or nodes; it finds valid solutions, never shorter than optimal.
#[test]
fn the_baseline_is_valid_and_never_shorter() {
    for (name, optimal, board) in SLIDR_BENCH9 {
        let p = eight(board);
        let out = run_whole(solver(&p, Engine::Baseline, HeuristicKind::Manhattan));
        assert_eq!(out.items.len(), 1);
        assert_eq!(out.progress.found, 1);
        let sol = &out.items[0];
        assert!(sol.len() >= optimal, "{name}: {} < {optimal}", sol.len());
        let tiles = p.start().tiles();
        assert_eq!(replay(tiles, 3, &sol.letters()), p.goal().tiles(), "{name}");
    }
}

#[test]
fn stepping_in_any_budget_gives_the_same_run() {
    for (name, _, board) in SLIDR_BENCH9 {
        let p = eight(board);
        for engine in [
            Engine::Baseline,
            Engine::AStar,
            Engine::AStarHeap,
            Engine::IdaStar,
        ] {
            let h = HeuristicKind::LinearConflict;
            let whole = run_whole(solver(&p, engine, h));
            for budgets in [&[1][..], &[2, 5, 13], &[4096]] {
                let parts = run_in_steps(solver(&p, engine, h), budgets);
                assert_eq!(whole.items, parts.items, "{name} {engine:?} {budgets:?}");
                assert_eq!(whole.progress, parts.progress, "{name} {engine:?}");
            }
        }
    }
}

#[test]
fn a_node_budget_counts_generated_nodes() {
    let p = eight("8672543x1");
    for engine in [Engine::Baseline, Engine::AStar, Engine::IdaStar] {
        let mut s = solver(&p, engine, HeuristicKind::Manhattan);
        assert_eq!(s.step(Budget::nodes(10)), Step::Paused);
        let progress = s.progress();
        assert_eq!(progress.nodes, 10, "{engine:?}");
        assert_eq!(progress.generated, 10, "{engine:?}");
        assert_eq!(progress.found, 0);
        assert_eq!(progress.fraction, None);
        // Every step works: a zero budget still generates one node.
        assert_eq!(s.step(Budget::nodes(0)), Step::Paused);
        assert_eq!(s.progress().nodes, 11, "{engine:?}");
        let solution = s.items().next().expect("solvable");
        assert!(solution.len() >= 31);
    }
}

#[test]
fn time_budgets_and_cancellation_pause_and_resume() {
    let p = eight("64785x321");
    let whole = run_whole(solver(&p, Engine::IdaStar, HeuristicKind::Manhattan));
    let mut s = solver(&p, Engine::IdaStar, HeuristicKind::Manhattan);
    let solution = loop {
        match s.step(Budget::time(Duration::from_micros(50))) {
            Step::Found(sol) => break sol,
            Step::Paused => {}
            Step::Finished => panic!("no solution"),
        }
    };
    assert_eq!(solution, whole.items[0]);
    assert_eq!(s.progress().nodes, whole.progress.nodes);
    assert_eq!(s.progress().fraction, Some(1.0));
    assert_eq!(s.step(Budget::unlimited()), Step::Finished);

    let cancel = Cancel::new();
    cancel.cancel();
    let mut s = solver(&p, Engine::AStar, HeuristicKind::Manhattan);
    assert_eq!(s.step(Budget::unlimited().or_cancel(&cancel)), Step::Paused);
    assert_eq!(s.progress().nodes, 1);
    cancel.reset();
    let sol = s
        .step(Budget::unlimited().or_cancel(&cancel))
        .found()
        .unwrap();
    assert_eq!(sol.len(), 31);
}

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "writes files in a temporary directory: WASI preview 1 has none"
)]
fn korf_instances_with_the_6_6_3_databases() {
    let goal = Board::goal(4, 4, GoalConvention::BlankFirst).unwrap();
    for k in korf_easy().iter().take(4) {
        let p = Puzzle::new(Board::new(4, 4, &k.tiles).unwrap(), goal).unwrap();
        let h = HeuristicKind::Pdb(Partition::P663);
        let whole = run_whole(solver(&p, Engine::IdaStar, h));
        let sol = &whole.items[0];
        assert_eq!(sol.len(), k.optimal, "instance {}", k.id);
        assert_eq!(replay(&k.tiles, 4, &sol.letters()), goal.tiles());
        let parts = run_in_steps(solver(&p, Engine::IdaStar, h), &[1000, 77]);
        assert_eq!(whole.items, parts.items, "instance {}", k.id);
        assert_eq!(whole.progress, parts.progress, "instance {}", k.id);
    }
}

#[test]
fn korf_instance_with_linear_conflict() {
    let goal = Board::goal(4, 4, GoalConvention::BlankFirst).unwrap();
    let k = &korf_easy()[0];
    let p = Puzzle::new(Board::new(4, 4, &k.tiles).unwrap(), goal).unwrap();
    let out = run_whole(solver(&p, Engine::IdaStar, HeuristicKind::LinearConflict));
    assert_eq!(out.items[0].len(), k.optimal);
}

#[test]
fn names_and_moves_fail_with_typed_errors() {
    assert_eq!("ida".parse::<Engine>(), Ok(Engine::IdaStar));
    assert_eq!(
        "dijkstra".parse::<Engine>(),
        Err(NameError::Engine {
            name: "dijkstra".into()
        })
    );
    assert!(matches!(
        "pdb99".parse::<HeuristicKind>(),
        Err(NameError::Heuristic { .. })
    ));
    assert!(
        "pdb99"
            .parse::<HeuristicKind>()
            .unwrap_err()
            .to_string()
            .contains("pdb99")
    );

    // 1 2 7 / 4 x 5 / 8 3 6: the blank is in cell 4, the middle.
    let p = eight("1274x5836");
    let mut s = p.state();
    assert_eq!(s.blank(), 4);
    assert_eq!(
        s.slide(0),
        Err(MoveError::NotAdjacent {
            from: 0,
            row: 1,
            column: 1,
            blank_row: 2,
            blank_column: 2
        })
    );
    assert_eq!(s.slide(9), Err(MoveError::OffBoard { from: 9, cells: 9 }));
    let tile = s.label(1);
    s.slide(1).unwrap();
    assert_eq!(s.blank(), 1);
    assert_eq!(s.label(4), tile);
    assert_eq!(s.cell_of(tile), 4);
    let err = s.slide(8).unwrap_err();
    assert!(err.to_string().contains("row 3, column 3"), "{err}");
}

#[test]
fn a_cache_directory_that_cannot_be_made_fails_with_its_path_and_cause() {
    use std::error::Error as _;
    // A regular file where the cache directory should be.
    let file = Path::new(env!("CARGO_TARGET_TMPDIR")).join("slide-not-a-directory");
    std::fs::write(&file, b"a file").unwrap();
    let p = eight("8672543x1");
    let mut options = Options::new(Engine::AStar, HeuristicKind::Pdb(Partition::P71));
    options.pdb_dir = Some(file.join("pdb"));
    let err = Solver::new(&p, &options).unwrap_err();
    assert!(matches!(
        err,
        slide_solver::SolveError::Pdb(slide_solver::PdbError::Io { .. })
    ));
    assert!(err.to_string().contains("slide-not-a-directory"), "{err}");
    let slide_solver::SolveError::Pdb(pdb) = &err else {
        unreachable!()
    };
    let cause = pdb.source().expect("the I/O error is the source");
    assert!(cause.downcast_ref::<std::io::Error>().is_some());
}

#[test]
fn an_astar_past_its_memory_limit_stops_and_says_so() {
    use puzzle_search::Run;
    let puzzle = eight("8672543x1");
    for engine in [Engine::AStar, Engine::AStarHeap, Engine::Baseline] {
        let mut options = Options::new(engine, HeuristicKind::Manhattan);
        options.max_stored = 100;
        let mut s = Solver::new(&puzzle, &options).unwrap();
        let run = s.run_with_progress(
            Duration::from_secs(60),
            |_| std::ops::ControlFlow::Continue(()),
            |_| std::ops::ControlFlow::Continue(()),
        );
        assert_eq!(run, Run::Capped, "{engine:?}");
        assert!(s.is_out_of_memory(), "{engine:?}");
        // A capped search stays where it stopped.
        let nodes = s.progress().nodes;
        assert!(s.step(Budget::nodes(1_000)).is_paused());
        assert_eq!(s.progress().nodes, nodes);
        // With room it solves, node for node as without a limit.
        options.max_stored = 1 << 20;
        let roomy = Solver::new(&puzzle, &options).unwrap();
        let plain = Solver::new(&puzzle, &Options::new(engine, HeuristicKind::Manhattan)).unwrap();
        assert_agree(roomy, plain, true);
    }
}
