//! The Quartiles section of the demo: the seed's board and two public boards, every word and
//! the quartiles, then the same board solved in budgeted slices as a UI would run it.

use std::time::Instant;

use examples::DemoResult;
use examples::picture::Pictures;
use quartiles_solver::{Board, Budget, Dictionary, Search, Solver, Step};

/// (name, tiles) of the boards shown.
const BOARDS: &[(&str, &str)] = &[
    (
        "seed board",
        "azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment",
    ),
    (
        "xebia-2",
        "tab nch ec dis oo per mb ous cour le mar te zle su la ba ket del il chi",
    ),
    (
        "qc-2025-02-21",
        "ct san bou ri lly sub ro hik ard ton hit nd nie sac ch sta re gene es ca",
    ),
];

pub fn run(pictures: &mut Pictures) -> DemoResult {
    let start = Instant::now();
    let dict = Dictionary::english();
    let loaded = start.elapsed();
    dict.prepare();
    println!(
        "dictionary: {} words, loaded in {loaded:.1?}, search index built in {:.1?}",
        dict.len(),
        start.elapsed() - loaded
    );
    for (name, tiles) in BOARDS {
        let board = Board::parse(tiles)?;
        let start = Instant::now();
        let solver = Solver::new(&dict, &board).finish();
        let took = start.elapsed();
        let covers = solver.quartiles();
        let cover = covers
            .first()
            .ok_or(format!("{name}: no quartiles found"))?;
        let quartiles: Vec<&str> = cover.iter().map(|w| w.as_str()).collect();
        println!(
            "{name}: {} words, score {}, solved in {took:.1?}\n  quartiles: {}",
            solver.solution().len(),
            solver.score(),
            quartiles.join(" ")
        );
        if *name == "seed board" {
            pictures.add("quartiles.svg", "Quartiles: the seed board", || {
                solver.to_svg()
            })?;
        }
    }
    // The continuation: slices of 50 nodes, as a UI draws between them.
    let board = Board::parse(BOARDS[0].1)?;
    let mut solver = Solver::new(&dict, &board);
    let (mut slices, mut found) = (0, Vec::new());
    loop {
        match solver.step(Budget::nodes(50)) {
            Step::Found(w) => found.push(w.to_string()),
            Step::Paused => slices += 1,
            Step::Finished => break,
        }
    }
    println!(
        "seed board in slices of 50 nodes: {} pauses, {} words, first five: {}",
        slices,
        found.len(),
        found[..5.min(found.len())].join(" ")
    );
    Ok(())
}
