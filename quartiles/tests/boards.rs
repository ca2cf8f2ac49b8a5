//! A few public boards, solved for real: their quartiles, agreement with the baseline, and
//! the words found beyond the partial official lists.

mod common;

use puzzle_search::check::{assert_agree, run_in_steps, run_whole};
use quartiles_solver::{Dictionary, Engine, Solver};

#[test]
fn quartiles_found_on_each_board() {
    let dict = Dictionary::english();
    for b in &common::BOARDS {
        let s = Solver::new(&dict, &b.board()).finish();
        assert!(s.is_solved(), "board {}", b.id);
        let ok = s.quartiles().iter().any(|c| {
            let mut q: Vec<String> = c.iter().map(|w| w.to_string()).collect();
            q.sort();
            q == b.quartiles
        });
        assert!(ok, "quartiles missed on {}", b.id);
    }
}

#[test]
fn engines_agree_word_for_word_and_node_for_node() {
    let dict = Dictionary::english();
    for b in &common::BOARDS {
        let board = b.board();
        let base = || Solver::with_engine(&dict, &board, Engine::Baseline);
        let fast = || Solver::new(&dict, &board);
        assert_agree(base(), fast(), true);
        // and however it is stepped
        let whole = run_whole(fast());
        for budgets in [&[1][..], &[7, 100, 3], &[4096]] {
            let sliced = run_in_steps(fast(), budgets);
            assert_eq!(sliced.items, whole.items, "board {}", b.id);
            assert_eq!(sliced.progress, whole.progress, "board {}", b.id);
            assert_eq!(run_in_steps(base(), budgets).progress, whole.progress);
        }
    }
}

#[test]
fn junk_against_official_lists_stays_small() {
    // Only the two seed boards carry (partial) official word lists; words found beyond them
    // are an upper bound on junk (some are real words the copied list left out).
    let dict = Dictionary::english();
    for b in &common::BOARDS {
        let Some(official) = b.official else {
            continue;
        };
        let s = Solver::new(&dict, &b.board()).finish();
        let found: Vec<String> = s.solution().iter().map(|w| w.to_string()).collect();
        let extra = found
            .iter()
            .filter(|w| !official.contains(&w.as_str()))
            .count();
        let missing = official
            .iter()
            .filter(|w| !found.iter().any(|f| f == *w))
            .count();
        assert_eq!(missing, 0, "board {}", b.id);
        assert!(
            extra <= 6,
            "board {}: {extra} words beyond the official list",
            b.id
        );
    }
}
