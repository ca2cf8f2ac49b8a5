//! The Eternity II section of the demo: an official clue puzzle solved to full score, the
//! h52 oracle enumerated by both engines with identical node counts, and a search of the
//! hard board driven in budgeted steps, saved, and resumed with the other engine.

use std::time::Instant;

use eternity_solver::engine::{self, EngineKind, Limits};
use eternity_solver::format::{self, bucas};
use eternity_solver::search::{Continuation, SearchOptions, Solver};
use eternity_solver::{Budget, FillOrder, Instance, OrderKind, Search, Step};
use examples::input::plural;
use examples::picture::Pictures;
use examples::{DemoResult, testdata};

fn load(rel: &str) -> Result<Instance, Box<dyn std::error::Error>> {
    Ok(format::json::read(testdata().join("eternity").join(rel))?)
}

pub fn run(pictures: &mut Pictures) -> DemoResult {
    // 1. Clue puzzle 1 (6x6), border-first.
    let clue = load("eternity2dev-instances/e2-clue-clue1.json")?;
    let order = FillOrder::new(&clue, OrderKind::BorderFirst);
    let out = engine::run(EngineKind::Table, &clue, &order, Limits::first());
    let sol = out.first_solution.ok_or("clue 1 has no solution?")?;
    sol.verify_solution(&clue)?;
    println!(
        "clue puzzle 1 (6x6): solved in {} nodes, score {}/{}",
        out.nodes,
        sol.score(&clue),
        clue.max_score()
    );
    println!("each cell: piece/rotation (quarter turns); the board in a viewer:");
    print!("{sol}");
    println!("{}", bucas::url(&clue, &sol));
    pictures.add("eternity.svg", "Eternity II: clue puzzle 1, solved", || {
        sol.to_svg(&clue)
    })?;

    // 2. The h52 oracle: full enumeration, every engine, same count.
    let h52 = load("oracles/bench-easy-h52.json")?;
    let order = FillOrder::row_major(&h52);
    for kind in EngineKind::ALL {
        let t = Instant::now();
        let out = engine::run(kind, &h52, &order, Limits::all());
        println!(
            "bench-easy-h52, {kind:>8}: {}, {} in {:.1?} (oracle: 151,512 and 1)",
            plural(out.nodes, "node", "nodes"),
            plural(out.solutions, "solution", "solutions"),
            t.elapsed()
        );
        if out.nodes != 151_512 || out.solutions != 1 {
            return Err(format!("{kind} disagrees with the oracle").into());
        }
    }

    // 3. The hard board in steps of 2 M nodes, watched, saved and resumed elsewhere.
    let hard = load("dfs-study-bench/bench-hard.json")?;
    let order = FillOrder::row_major(&hard);
    let options = SearchOptions::default().max_nodes(6_000_000);
    let mut s = Solver::new(&hard, &order, options);
    for _ in 0..2 {
        let _ = s.step(Budget::nodes(2_000_000));
        let p = s.progress();
        println!(
            "bench-hard: {} nodes, depth {}/{}, deepest {}, best score {}/{}",
            p.nodes,
            p.depth,
            p.total_depth,
            p.max_depth,
            p.best_score,
            hard.max_score()
        );
    }
    let best = s.progress().best_board;
    pictures.add(
        "eternity-best.svg",
        "Eternity II: bench-hard, the best board after 4 M nodes",
        || best.to_svg(&hard),
    )?;
    let saved = s.checkpoint().to_text();
    println!(
        "saved state: {} bytes ({} choices); resuming with the baseline engine",
        saved.len(),
        s.continuation().choices.len()
    );
    let cont = Continuation::from_checkpoint(&puzzle_search::Checkpoint::from_text(&saved)?)?;
    let mut resumed = Solver::resume(&hard, &order, &cont, options.engine(EngineKind::Baseline))?;
    while let Step::Found(_) = resumed.step(Budget::unlimited()) {}
    let mut straight = Solver::new(&hard, &order, options);
    while let Step::Found(_) = straight.step(Budget::unlimited()) {}
    let (a, b) = (resumed.progress(), straight.progress());
    println!(
        "resumed run: {} nodes, best score {}; uninterrupted run: {} nodes, best score {}",
        a.nodes, a.best_score, b.nodes, b.best_score
    );
    if (a.nodes, a.max_depth) != (b.nodes, b.max_depth) {
        return Err("the resumed run differs from the uninterrupted one".into());
    }
    Ok(())
}
