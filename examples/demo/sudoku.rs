//! The `sudoku-engine` section of the demo: solve and check a hard puzzle, watch a budgeted
//! search, generate a few finals.

use examples::input::plural;
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
    let agrees = base.first == Some(solution) && base.solutions == count.solutions;
    println!(
        "the baseline engine (the seed's plain backtracker) {} ({} placements tried)",
        if agrees { "agrees" } else { "DISAGREES" },
        base.guesses
    );

    // The same search in steps of 5 nodes: pause, look, resume.
    let mut search = Solutions::new(&puzzle);
    let mut steps = 0u64;
    loop {
        steps += 1;
        match search.step(Budget::nodes(5)) {
            Step::Found(g) => println!(
                "step {steps}: the stepped search found {} solution",
                if g == solution {
                    "the same"
                } else {
                    "a DIFFERENT"
                }
            ),
            Step::Paused => {}
            Step::Finished => break,
        }
    }
    let p = search.progress();
    println!(
        "stepped search (5 nodes a step): {}, {}, {}, {}",
        plural(steps, "step", "steps"),
        plural(p.nodes, "node", "nodes"),
        plural(p.guesses, "guess", "guesses"),
        plural(p.found, "solution", "solutions")
    );

    let finals: Vec<Grid> = Finals::new(5, 3)?.collect();
    println!("first 3 of {MAX_FINALS} finals with a 5 in the top-left corner:");
    for f in &finals {
        println!(
            "{f}  {}",
            if f.is_valid_solution() {
                "valid"
            } else {
                "INVALID"
            }
        );
    }
    Ok(())
}
