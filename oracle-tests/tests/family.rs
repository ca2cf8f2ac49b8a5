//! Every solver of the family through one generic function: the shared vocabulary is real, not
//! six look-alike APIs. Each solver is run whole, stepped in small node budgets, boxed behind
//! `DynSearch`, and through `run_with_progress`; all four must give the same items and the
//! same counters, and the counts must be the oracles'.

use std::fmt::Debug;
use std::ops::ControlFlow;
use std::time::Duration;

use oracle_tests::testdata_path;
use puzzle_search::check::{run_in_steps, run_whole};
use puzzle_search::{Budget, DynSearch, Progress, Run, Search, Step};

/// What one solver did, however it was driven.
#[derive(Debug, PartialEq)]
struct Driven<T> {
    items: Vec<T>,
    nodes: u64,
    found: u64,
}

/// The one generic function: drives a fresh search from `make` four ways and checks that they
/// agree, then returns what it found.
fn drive<S, F>(name: &str, make: F) -> Driven<S::Item>
where
    S: Search + 'static,
    S::Item: PartialEq + Debug + 'static,
    F: Fn() -> S,
{
    // 1. Whole, under an unlimited budget.
    let whole = run_whole(make());
    // 2. In small, uneven node budgets.
    let stepped = run_in_steps(make(), &[1, 7, 97, 1000]);
    assert_eq!(stepped.items, whole.items, "{name}: stepped items");
    assert_eq!(stepped.progress, whole.progress, "{name}: stepped counters");
    // 3. Boxed, as a scheduler holds it.
    let mut boxed: Box<dyn DynSearch<Item = S::Item>> = Box::new(make());
    let mut items = Vec::new();
    loop {
        let before = boxed.progress_core().nodes;
        match boxed.step_budget(Budget::nodes(500)) {
            Step::Found(item) => items.push(item),
            // A pause without work is a cap of the search's own: the run ends there.
            Step::Paused if boxed.progress_core().nodes == before => break,
            Step::Paused => {}
            Step::Finished => break,
        }
    }
    assert_eq!(items, whole.items, "{name}: boxed items");
    assert_eq!(
        Progress::new(boxed.progress_core().nodes, boxed.progress_core().found),
        whole.progress,
        "{name}: boxed counters"
    );
    // 4. With a progress callback, as a user interface drives it.
    let mut search = make();
    let mut seen = Vec::new();
    let run = search.run_with_progress(
        Duration::from_millis(5),
        |item| {
            seen.push(item);
            ControlFlow::Continue(())
        },
        |s: &S| {
            let nodes = s.progress().as_ref().nodes;
            assert!(nodes <= whole.progress.nodes, "{name}: progress runs ahead");
            ControlFlow::Continue(())
        },
    );
    assert!(
        matches!(run, Run::Finished | Run::Capped),
        "{name}: {run:?}"
    );
    assert_eq!(seen, whole.items, "{name}: items seen by the callback");
    assert_eq!(search.progress().as_ref().nodes, whole.progress.nodes);
    Driven {
        nodes: whole.progress.nodes,
        found: whole.progress.found,
        items: whole.items,
    }
}

#[test]
fn quartiles_through_the_generic_driver() {
    let text = std::fs::read_to_string(testdata_path("quartiles/boards-public.json")).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let board = json["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["id"] == "xebia-1")
        .unwrap();
    let tiles: Vec<&str> = board["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    let board = quartiles_solver::Board::from_tiles(tiles).unwrap();
    let dict = quartiles_solver::Dictionary::english();
    let driven = drive("quartiles", || quartiles_solver::Solver::new(&dict, &board));
    assert_eq!(driven.found as usize, driven.items.len());
    // The board has one cover by five quartiles, and they are among the words.
    let solver = quartiles_solver::Solver::new(&dict, &board).finish();
    let covers = solver.quartiles();
    assert_eq!(covers.len(), 1);
    for quartile in &covers[0] {
        assert!(driven.items.contains(quartile), "{quartile:?}");
    }
}

#[test]
fn hamilton_through_the_generic_driver() {
    // A 4x4 board with the start in a corner: every path, counted by the enumeration.
    let grid = hamilton_solver::Grid::parse("Xxxx\nxxxx\nxxxx\nxxxx").unwrap();
    let all = drive("hamilton paths", || hamilton_solver::Paths::new(&grid));
    assert_eq!(all.items.len() as u64, all.found);
    // The enumeration agrees with the counter, and every path is a real one.
    let counted = hamilton_solver::count::count(&grid).unwrap();
    assert_eq!(counted.to_string(), all.found.to_string());
    assert!(all.found > 1);
    for path in &all.items {
        hamilton_solver::Solution::new(&grid, path.cells().to_vec()).unwrap();
    }
    // The find-one solver, on a shared planted board.
    let grid = hamilton_solver::Grid::parse(
        &std::fs::read_to_string(testdata_path("hamilton/s10_1.txt")).unwrap(),
    )
    .unwrap();
    let one = drive("hamilton solver", || hamilton_solver::Solver::new(&grid));
    assert_eq!(one.items.len(), 1);
    hamilton_solver::Solution::new(&grid, one.items[0].cells().to_vec()).unwrap();
}

#[test]
fn sudoku_through_the_generic_driver() {
    let puzzle: sudoku_engine::Grid =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
            .parse()
            .unwrap();
    let driven = drive("sudoku", || sudoku_engine::Solutions::new(&puzzle));
    assert_eq!(driven.items.len(), 1);
    assert!(puzzle.is_solved_by(&driven.items[0]));
}

#[test]
fn slide_through_the_generic_driver() {
    use slide_solver::{Board, Engine, HeuristicKind, Options, Puzzle, Solver};
    let puzzle = Puzzle::with_default_goal("8672543x1".parse::<Board>().unwrap()).unwrap();
    for engine in [Engine::AStar, Engine::IdaStar] {
        let options = Options::new(engine, HeuristicKind::LinearConflict);
        let driven = drive("slide", || Solver::new(&puzzle, &options).unwrap());
        assert_eq!(driven.items.len(), 1);
        assert_eq!(
            driven.items[0].len(),
            31,
            "the hardest 8-puzzle takes 31 moves"
        );
    }
}

#[test]
fn eternity_through_the_generic_driver() {
    use eternity_solver::search::{SearchOptions, Solver};
    use eternity_solver::{FillOrder, format};
    let inst = format::json::read(testdata_path("eternity/oracles/bench-easy-h52.json")).unwrap();
    let order = FillOrder::row_major(&inst);
    let driven = drive("eternity", || {
        Solver::new(&inst, &order, SearchOptions::default())
    });
    assert_eq!((driven.nodes, driven.found), (151_512, 1));
    driven.items[0].verify_solution(&inst).unwrap();
}

#[test]
fn eternity_codegen_through_the_generic_driver() {
    use eternity_codegen::{EmitOptions, Program, RunOptions};
    use eternity_solver::format;
    let inst = format::json::read(testdata_path("eternity/oracles/bench-easy-h52.json")).unwrap();
    // Compiled into this test target's scratch directory, not the user's cache.
    let compiler = eternity_codegen::Compiler::new().cache_dir(
        std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("eternity-codegen-cache"),
    );
    let program = Program::build_with(&compiler, &inst, &EmitOptions::default()).unwrap();
    let driven = drive("eternity-codegen", || {
        program.spawn(&RunOptions::default()).unwrap()
    });
    assert_eq!((driven.nodes, driven.found), (151_512, 1));
    driven.items[0].verify_solution(&inst).unwrap();
}
