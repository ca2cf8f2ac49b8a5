//! Ratings against the solution: every deduction of every log is true of the puzzle's one
//! solution (placements are its digits, eliminations never remove them), a rating below
//! "trial" reaches the solution, and the grade is the hardest technique's.

use proptest::prelude::*;
use sudoku_engine::puzzle_gen::Generator;
use sudoku_engine::rating::{Action, GRADES, Grade, RatingError, TECHNIQUES, rate, read_rated};
use sudoku_engine::{Grid, solve};

fn check(puzzle: &Grid) -> Grade {
    let solution = solve(puzzle).unwrap();
    let r = rate(puzzle).unwrap();
    for d in &r.log {
        match d.action {
            Action::Place => assert_eq!(solution.get(d.cell), d.digit, "{puzzle}: {d}"),
            Action::Eliminate => assert_ne!(solution.get(d.cell), d.digit, "{puzzle}: {d}"),
        }
    }
    assert!(puzzle.is_solved_by(&solution));
    let placed = r.log.iter().filter(|d| d.is_placement()).count();
    assert_eq!(placed + puzzle.givens(), r.reached.givens());
    if r.grade == Grade::Trial {
        assert!(!r.reached.is_full());
    } else {
        assert_eq!(r.reached, solution);
        assert_eq!(Some(r.grade), r.hardest.map(|t| t.grade()));
        let weights: u32 = (0..r.steps)
            .map(|s| {
                r.log
                    .iter()
                    .find(|d| d.step == s)
                    .unwrap()
                    .technique
                    .weight()
            })
            .sum();
        assert_eq!(weights, r.score);
    }
    r.grade
}

#[test]
fn every_grade_is_reached_and_every_deduction_is_true() {
    let mut seen = [0usize; 5];
    let mut used = std::collections::HashSet::new();
    for p in Generator::new(11).iter().take(400) {
        let g = check(&p.puzzle);
        seen[GRADES.iter().position(|&x| x == g).unwrap()] += 1;
        used.extend(p.rating.log.iter().map(|d| d.technique));
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
    // Random minimal puzzles need most techniques at some point.
    assert!(used.len() >= TECHNIQUES.len() - 3, "{used:?}");
}

#[test]
fn a_full_grid_is_easy_with_an_empty_log() {
    let s: Grid =
        "468931527751624839392578461134756298289413675675289314846192753513867942927345186"
            .parse()
            .unwrap();
    let r = rate(&s).unwrap();
    assert_eq!(
        (r.grade, r.score, r.steps, r.hardest),
        (Grade::Easy, 0, 0, None)
    );
    assert!(r.log.is_empty());
    assert_eq!(rate(&Grid::EMPTY), Err(RatingError::Multiple));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn ratings_of_random_puzzles_are_sound(seed in any::<u64>(), index in 0u64..1000) {
        check(&Generator::new(seed).puzzle(index).puzzle);
    }

    #[test]
    fn the_reader_never_panics(text in "[0-9. #a\\n]{0,300}") {
        let _ = read_rated(&text);
    }
}
