//! The `sudoku-engine` section of the demo: solve and check a hard puzzle, watch a budgeted
//! search, generate a few finals.

use examples::picture::Pictures;
use examples::{DemoResult, testdata};
use sudoku_engine::generate::{Finals, MAX_FINALS};
use sudoku_engine::{Budget, Engine, Grid, Search, Solutions, Solver, Step};

pub fn run(pictures: &mut Pictures) -> DemoResult {
    let path = testdata().join("sudoku").join("puzzles3_magictour_top1465");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    // Puzzle 4 of the list: hard for people, and quick for the plain backtracker too.
    let line = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .nth(3)
        .ok_or("no puzzle 4 in top1465")?;
    let puzzle: Grid = line.parse()?;
    println!("top1465 #4 ({} givens):\n{puzzle:#}", puzzle.givens());

    let count = Solver::new().count(&puzzle, 2);
    let solution = count.first.ok_or("no solution found")?;
    println!(
        "solution ({}, {} guesses):\n{solution:#}",
        count.verdict(),
        count.guesses
    );
    pictures.add("sudoku.svg", "Sudoku: top1465 #4, solved", || {
        puzzle.solution_svg(&solution)
    })?;
    let base = Solver::with_engine(Engine::Baseline).count(&puzzle, 2);
    println!(
        "baseline agrees: {} ({} placements tried)",
        base.first == Some(solution) && base.solutions == count.solutions,
        base.guesses
    );

    // The same search in steps of 5 nodes: pause, look, resume.
    let mut search = Solutions::new(&puzzle);
    let mut steps = 0;
    loop {
        steps += 1;
        match search.step(Budget::nodes(5)) {
            Step::Found(g) => println!("step {steps}: found it again: {}", g == solution),
            Step::Paused => {}
            Step::Finished => break,
        }
    }
    let p = search.progress();
    println!(
        "stepped search: {steps} steps, {} nodes, {} guesses, {} solution(s)",
        p.nodes, p.guesses, p.found
    );

    let finals: Vec<Grid> = Finals::new(5, 3)?.collect();
    println!("first 3 of {MAX_FINALS} finals with a 5 in the top-left corner:");
    for f in &finals {
        println!("{f}  valid: {}", f.is_valid_solution());
    }
    Ok(())
}
