//! Properties: termination, determinism, slicing, agreement with the baseline, and parsers
//! that never panic.

use proptest::prelude::*;
use puzzle_search::check::{assert_agree, run_in_steps, run_whole};
use quartiles_solver::{Board, Budget, Dictionary, Engine, Search, Solver, Step};

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

/// Steps both engines with the same budgets, side by side: after every step they must have
/// ended the same way, counted the same nodes and stand at the same path.
fn lockstep(dict: &Dictionary, board: &Board, budgets: &[u64]) -> Result<(), TestCaseError> {
    let mut fast = Solver::new(dict, board);
    let mut base = Solver::with_engine(dict, board, Engine::Baseline);
    for i in 0.. {
        let budget = Budget::nodes(budgets[i % budgets.len()]);
        let (a, b) = (fast.step(budget), base.step(budget));
        prop_assert_eq!(a, b, "step {}", i);
        prop_assert_eq!(fast.progress(), base.progress(), "step {}", i);
        prop_assert_eq!(fast.current_path(), base.current_path(), "step {}", i);
        if a == Step::Finished {
            break;
        }
    }
    Ok(())
}

/// `finish` from the start runs the fast engine's whole walk at once; stepping runs the
/// resumable loop. Both must find the same words in the same order, count the same nodes,
/// give the same quartiles, and, finished, hand out the same words when stepped on.
fn whole_walk_matches_the_loop(
    dict: &Dictionary,
    board: &Board,
    budget: u64,
) -> Result<(), TestCaseError> {
    let whole = Solver::new(dict, board).finish();
    let mut looped = Solver::new(dict, board);
    while looped.step(Budget::nodes(budget)) != Step::Finished {}
    prop_assert_eq!(whole.words(), looped.words());
    prop_assert_eq!(whole.progress().nodes, looped.progress().nodes);
    prop_assert_eq!(whole.quartiles(), looped.quartiles());
    prop_assert_eq!(whole.current_path(), looped.current_path());
    // Started by one step, `finish` runs the loop to the end: the same again.
    let mut started = Solver::new(dict, board);
    let first = started.step(Budget::nodes(1));
    let started = started.finish();
    prop_assert_eq!(started.words(), whole.words());
    prop_assert_eq!(started.progress().nodes, whole.progress().nodes);
    // Finished, each hands out every word in order when stepped on.
    let mut handed: Vec<_> = match first {
        Step::Found(w) => vec![w],
        Step::Paused | Step::Finished => Vec::new(),
    };
    handed.extend(started.solve_fully());
    prop_assert_eq!(whole.clone().solve_fully(), handed);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_whole_walk_matches_the_resumable_loop(
        (b, dict) in board_and_dictionary(),
        budget in 1u64..500,
    ) {
        whole_walk_matches_the_loop(&dict, &b, budget)?;
        whole_walk_matches_the_loop(&Dictionary::english(), &b, budget)?;
    }

    #[test]
    fn any_board_terminates_and_is_deterministic(b in board()) {
        let dict = Dictionary::english();
        let one = Solver::new(&dict, &b).finish();
        prop_assert!(one.is_finished());
        let two = Solver::new(&dict, &b).finish();
        prop_assert_eq!(one.words(), two.words());
        prop_assert_eq!(one.progress(), two.progress());
        // the iterator and the trait give the same words in the same order
        let iter: Vec<_> = Solver::new(&dict, &b).collect();
        prop_assert_eq!(&iter, &one.words());
        prop_assert_eq!(Solver::new(&dict, &b).solve_fully(), iter);
    }

    #[test]
    fn slices_of_any_size_give_one_run(
        b in board(),
        budgets in prop::collection::vec(1u64..1000, 1..8),
    ) {
        let dict = Dictionary::english();
        let whole = run_whole(Solver::new(&dict, &b));
        let sliced = run_in_steps(Solver::new(&dict, &b), &budgets);
        prop_assert_eq!(&sliced.items, &whole.items);
        prop_assert_eq!(sliced.progress, whole.progress);
        prop_assert_eq!(&whole.items, &Solver::new(&dict, &b).finish().words());
    }

    #[test]
    fn agrees_with_the_baseline_on_random_dictionaries(
        (b, dict) in board_and_dictionary(),
        budgets in prop::collection::vec(1u64..300, 1..5),
    ) {
        assert_agree(Solver::with_engine(&dict, &b, Engine::Baseline), Solver::new(&dict, &b), true);
        lockstep(&dict, &b, &budgets)?;
    }

    #[test]
    fn agrees_with_the_baseline_on_english(
        b in board(),
        budgets in prop::collection::vec(1u64..300, 1..5),
    ) {
        let dict = Dictionary::english();
        assert_agree(Solver::with_engine(&dict, &b, Engine::Baseline), Solver::new(&dict, &b), true);
        lockstep(&dict, &b, &budgets)?;
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

mod game_properties {
    use proptest::prelude::*;
    use quartiles_solver::{Board, Dictionary, Game};

    const SEED: &str = "azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment";

    proptest! {
        /// Any text played is accepted or rejected, never a panic; the score only grows and
        /// never passes the maximum, and what is left plus what is found is the whole board.
        #[test]
        fn any_play_is_accepted_or_rejected(plays in prop::collection::vec("[a-zA-Z ]{0,14}", 0..20)) {
            let mut g = Game::new(&Dictionary::english(), &Board::parse(SEED).unwrap());
            let total = g.total_by_tiles();
            let mut last = 0;
            for p in &plays {
                let _ = g.play(p);
                prop_assert!(g.score() >= last);
                prop_assert!(g.score() <= g.max_score());
                last = g.score();
            }
            let found = g.found().count();
            let left: usize = g.remaining_by_tiles().iter().sum();
            prop_assert_eq!(found + left, total.iter().sum::<usize>());
        }
    }
}
