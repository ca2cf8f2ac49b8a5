//! Properties: termination, determinism, slicing, agreement with the baseline, and parsers
//! that never panic.

use proptest::prelude::*;
use quartiles_solver::baseline::Baseline;
use quartiles_solver::{Board, Budget, Dictionary, Solver, Step};

/// 20 distinct tiles of 1-3 letters from common letters, so English words appear.
fn board() -> impl Strategy<Value = Board> {
    prop::collection::hash_set("[aeiorstlnd]{1,3}", 20).prop_map(|tiles| {
        let mut v: Vec<String> = tiles.into_iter().collect();
        v.sort(); // a hash set's order is not reproducible
        Board::from_tiles(v).expect("20 distinct letter tiles")
    })
}

/// A board and a small dictionary: some words spelled by 1-4 of its tiles, some noise.
fn board_and_dictionary() -> impl Strategy<Value = (Board, Dictionary)> {
    (
        board(),
        prop::collection::vec(prop::collection::vec(0usize..20, 1..5), 0..40),
        prop::collection::vec("[a-z]{1,6}", 0..20),
    )
        .prop_map(|(board, paths, noise)| {
            let mut words: Vec<String> = paths
                .iter()
                .map(|p| p.iter().map(|&i| board.tile(i)).collect())
                .collect();
            words.extend(noise);
            (board, Dictionary::from_words(words).expect("letters only"))
        })
}

fn run_sliced(mut s: Solver, budgets: &[u64]) -> Solver {
    let mut i = 0;
    let mut steps = 0;
    loop {
        let b = budgets[i % budgets.len()];
        i += 1;
        steps += 1;
        assert!(steps < 10_000_000, "no progress");
        if s.step(Budget::nodes(b)) == Step::Finished {
            return s;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn any_board_terminates_and_is_deterministic(b in board()) {
        let dict = Dictionary::english();
        let one = Solver::new(&dict, &b).solve_fully();
        prop_assert!(one.is_finished());
        let two = Solver::new(&dict, &b).solve_fully();
        prop_assert_eq!(one.words(), two.words());
        prop_assert_eq!(one.progress(), two.progress());
        // the iterator gives the same words in the same order
        let iter: Vec<_> = Solver::new(&dict, &b).collect();
        prop_assert_eq!(iter, one.words());
    }

    #[test]
    fn slices_of_any_size_give_one_run(
        b in board(),
        budgets in prop::collection::vec(1u64..1000, 1..8),
    ) {
        let dict = Dictionary::english();
        let full = Solver::new(&dict, &b).solve_fully();
        let sliced = run_sliced(Solver::new(&dict, &b), &budgets);
        prop_assert_eq!(sliced.words(), full.words());
        prop_assert_eq!(sliced.progress(), full.progress());
        // collecting the words step by step gives them in order, each once
        let mut s = Solver::new(&dict, &b);
        let mut seen = Vec::new();
        let mut i = 0;
        loop {
            match s.step(Budget::nodes(budgets[i % budgets.len()])) {
                Step::Found(w) => seen.push(w),
                Step::Paused => {}
                Step::Finished => break,
            }
            i += 1;
        }
        prop_assert_eq!(seen, full.words());
    }

    #[test]
    fn agrees_with_the_baseline_on_random_dictionaries((b, dict) in board_and_dictionary()) {
        let ours = Solver::new(&dict, &b).solve_fully();
        let base = Baseline::new(&dict, &b).solve_fully();
        prop_assert_eq!(ours.words(), base.words());
        prop_assert_eq!(ours.progress().nodes, base.nodes());
    }

    #[test]
    fn agrees_with_the_baseline_on_english(b in board()) {
        let dict = Dictionary::english();
        let ours = Solver::new(&dict, &b).solve_fully();
        let base = Baseline::new(&dict, &b).solve_fully();
        prop_assert_eq!(ours.words(), base.words());
        prop_assert_eq!(ours.progress().nodes, base.nodes());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn board_parser_never_panics(text in "\\PC{0,200}") {
        let _ = Board::parse(&text);
    }

    #[test]
    fn board_parser_on_board_like_text(text in "([A-Za-z]{0,9}[ ,\n\t]{1,3}){15,25}[A-Za-z0-9é]{0,3}") {
        match Board::parse(&text) {
            Ok(b) => prop_assert_eq!(Board::parse(&b.to_string()), Ok(b)),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn from_tiles_never_panics(tiles in prop::collection::vec("\\PC{0,10}", 0..25)) {
        let _ = Board::from_tiles(&tiles);
    }

    #[test]
    fn word_list_parser_never_panics(text in "\\PC{0,300}") {
        let _ = Dictionary::from_word_list(&text);
    }

    #[test]
    fn fst_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let _ = Dictionary::from_fst_bytes(bytes);
    }
}
