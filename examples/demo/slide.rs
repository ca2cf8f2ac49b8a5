//! The slide section of the demo: the seed's nine benchmark 8-puzzles and an easy Korf
//! instance, each solved optimally and replayed.

use examples::picture::Pictures;
use examples::{DemoResult, testdata};
use slide_solver::{
    AStar, Board, BucketQueue, GoalConvention, IdaStar, LinearConflict, Partition,
    PatternDatabases, Puzzle, Search,
};

/// Runs the section.
pub fn run(pictures: &mut Pictures) -> DemoResult {
    let text = std::fs::read_to_string(testdata().join("slide/eightpuzzle_slidr_bench9.txt"))?;
    let pdb = PatternDatabases::build(Partition::P71, 3, 3, 8)?;
    println!("  name board      length, nodes expanded, the moves");
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let parts: Vec<&str> = line.split('|').collect();
        let head: Vec<&str> = parts[0].split_whitespace().collect();
        let board: Board = parts[2].trim().parse()?;
        let puzzle = Puzzle::with_default_goal(board)?;
        let mut search = AStar::<_, BucketQueue>::new(&puzzle, pdb.clone())?;
        let solution = search.next().ok_or("no solution")?;
        if solution.replay() != Some(*puzzle.goal()) || solution.len().to_string() != head[1] {
            return Err(format!("{}: wrong answer {}", head[0], solution.len()).into());
        }
        if pictures.written().iter().all(|(f, _)| f != "slide.svg") {
            let caption = format!("8-puzzle {}: the solution, move by move", head[0]);
            pictures.add("slide.svg", &caption, || solution.strip_svg())?;
            let caption = format!("8-puzzle {}: the solution played", head[0]);
            pictures.add("slide-animated.svg", &caption, || solution.animated_svg())?;
        }
        println!(
            "{:>6} {}  {:>2} moves, {:>4} nodes  {}",
            head[0],
            board.to_compact(),
            solution.len(),
            search.progress().expanded,
            solution.arrows()
        );
    }
    // Korf's #12 (45 moves) with linear conflict: IDA* in well under a second.
    let korf12 = Board::parse("14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15")?;
    let puzzle = Puzzle::new(korf12, Board::goal(4, 4, GoalConvention::BlankFirst)?)?;
    let mut search = IdaStar::new(&puzzle, LinearConflict::new(puzzle.geometry(), 0))?;
    let solution = search.next().ok_or("no solution")?;
    if solution.len() != 45 || solution.replay() != Some(*puzzle.goal()) {
        return Err(format!("Korf #12: wrong answer {}", solution.len()).into());
    }
    println!(
        "Korf #12 (15-puzzle, blank-first goal): {} moves, {} nodes (IDA* + linear conflict)\n  {}",
        solution.len(),
        search.progress().generated,
        solution.arrows()
    );
    Ok(())
}
