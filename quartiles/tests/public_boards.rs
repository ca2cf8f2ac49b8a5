//! Every public board: quartiles, agreement with the baseline, and recall figures.

mod common;

use quartiles_solver::baseline::Baseline;
use quartiles_solver::{Dictionary, Solver};

#[test]
fn quartiles_found_on_every_public_board() {
    let dict = Dictionary::english();
    let boards = common::public_boards();
    assert_eq!(boards.len(), 65);
    let mut missed = Vec::new();
    for b in &boards {
        let s = Solver::new(&dict, &b.board).solve_fully();
        let covers = s.quartiles();
        let ok = covers.iter().any(|c| {
            let mut q: Vec<String> = c.iter().map(|w| w.to_string()).collect();
            q.sort();
            q == b.quartiles
        });
        if !ok {
            missed.push(b.id.clone());
        }
        assert!(s.is_solved() || !ok);
    }
    // The issue allows one miss; the tiered list with folded accents misses none.
    assert!(missed.is_empty(), "quartiles missed on {missed:?}");
}

#[test]
fn matches_the_baseline_on_every_public_board() {
    let dict = Dictionary::english();
    for b in common::public_boards() {
        let ours = Solver::new(&dict, &b.board).solve_fully();
        let base = Baseline::new(&dict, &b.board).solve_fully();
        assert_eq!(ours.words(), base.words(), "board {}", b.id);
        assert_eq!(ours.progress().nodes, base.nodes(), "board {}", b.id);
    }
}

#[test]
fn junk_against_official_lists_stays_small() {
    // Only the two seed boards carry (partial) official word lists; words found beyond them
    // are an upper bound on junk (some are real words the copied list left out).
    let dict = Dictionary::english();
    for b in common::public_boards() {
        let Some(official) = &b.official else {
            continue;
        };
        let s = Solver::new(&dict, &b.board).solve_fully();
        let found: Vec<String> = s.solution().iter().map(|w| w.to_string()).collect();
        let extra = found.iter().filter(|w| !official.contains(w)).count();
        let missing = official.iter().filter(|w| !found.contains(w)).count();
        assert_eq!(missing, 0, "board {}", b.id);
        assert!(
            extra <= 6,
            "board {}: {extra} words beyond the official list",
            b.id
        );
    }
}
