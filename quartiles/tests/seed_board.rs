//! The seed's board: its official words and its five quartiles.

mod common;

use puzzle_search::check::assert_agree;
use quartiles_solver::{Board, Budget, Dictionary, Engine, QUARTILES_BONUS, Search, Solver, Step};

#[test]
fn finds_every_official_word_the_dictionary_holds_and_the_quartiles() {
    let dict = Dictionary::english();
    let board = Board::parse(common::SEED).unwrap();
    let solver = Solver::new(&dict, &board).finish();
    assert!(solver.is_finished());
    assert!(solver.is_solved());
    let found: Vec<String> = solver.solution().iter().map(|w| w.to_string()).collect();
    let seed = &common::BOARDS[0];
    assert_eq!(seed.board(), board);
    let official = seed.official.unwrap();
    let mut held = 0;
    for w in official {
        if dict.contains(w) {
            held += 1;
            assert!(
                found.iter().any(|f| f == w),
                "official word `{w}` not found"
            );
        }
    }
    assert_eq!(
        held,
        official.len(),
        "the list holds every official word of this board"
    );
    let covers = solver.quartiles();
    assert_eq!(covers.len(), 1);
    let mut q: Vec<String> = covers[0].iter().map(|w| w.to_string()).collect();
    q.sort();
    assert_eq!(q, seed.quartiles);
    assert!(covers[0].iter().all(|w| w.tiles() == 4));
    // score: distinct words' points plus the bonus
    let words: u32 = solver.words().iter().map(|w| w.points()).sum();
    assert_eq!(solver.score(), words + QUARTILES_BONUS);
}

#[test]
fn agrees_with_the_baseline_word_for_word_and_node_for_node() {
    let dict = Dictionary::english();
    let board = Board::parse(common::SEED).unwrap();
    assert_agree(
        Solver::with_engine(&dict, &board, Engine::Baseline),
        Solver::new(&dict, &board),
        true,
    );
    let ours = Solver::new(&dict, &board).finish();
    let base = Solver::with_engine(&dict, &board, Engine::Baseline).finish();
    assert_eq!(ours.words(), base.words());
    assert_eq!(ours.progress(), base.progress());
}

#[test]
fn known_words_are_skipped_but_counted() {
    let dict = Dictionary::english();
    let board = Board::parse(common::SEED).unwrap();
    let all = Solver::new(&dict, &board).finish();
    let known = ["truss", "CROSSWORDS", "notaword"];
    let rest: Vec<String> = Solver::new(&dict, &board)
        .with_known_words(known)
        .map(|w| w.to_string())
        .collect();
    assert!(!rest.iter().any(|w| w == "truss" || w == "crosswords"));
    assert_eq!(rest.len(), all.words().len() - 2);
    let s = Solver::new(&dict, &board).with_known_words(known).finish();
    assert_eq!(s.score(), all.score());
    assert_eq!(s.remaining_score(), all.score() - 2 - 8);
    assert_eq!(s.quartiles().len(), 1);
    assert_eq!(s.remaining_words().len(), rest.len());
    // every known quartile: no bonus left
    let q: Vec<String> = all.quartiles()[0].iter().map(|w| w.to_string()).collect();
    let s = Solver::new(&dict, &board).with_known_words(&q).finish();
    assert_eq!(s.remaining_score(), all.score() - 5 * 8 - QUARTILES_BONUS);
}

#[test]
fn seed_shaped_time_slices_and_step_budgets() {
    let dict = Dictionary::english();
    let board = Board::parse(common::SEED).unwrap();
    let full = Solver::new(&dict, &board).finish();
    // the seed's loop: solve(Duration) until finished
    let mut s = Solver::new(&dict, &board);
    let mut paths = Vec::new();
    while !s.is_finished() {
        let (next, found) = s.solve(std::time::Duration::ZERO);
        s = next;
        paths.extend(found);
    }
    assert_eq!(
        paths,
        full.words().iter().map(|w| w.path).collect::<Vec<_>>()
    );
    // a finished solver stays finished
    assert_eq!(s.step(Budget::unlimited()), Step::Finished);
    assert_eq!(s.progress().fraction, Some(1.0));
    assert_eq!(s.progress().found, full.words().len() as u64);
}

#[test]
fn zero_time_budgets_still_progress_and_finish() {
    let dict = Dictionary::english();
    let board = Board::parse(common::SEED).unwrap();
    let full = Solver::new(&dict, &board).finish();
    let mut s = Solver::new(&dict, &board);
    let mut words = Vec::new();
    let mut last = (0, s.current_path());
    for _ in 0..100_000 {
        match s.step(Budget::time(std::time::Duration::ZERO)) {
            Step::Found(w) => words.push(w),
            Step::Paused => {
                // a path was extended: the node count or the cursor moved
                let now = (s.progress().nodes, s.current_path());
                assert_ne!(now, last, "a paused step did no work");
            }
            Step::Finished => break,
        }
        last = (s.progress().nodes, s.current_path());
    }
    assert!(s.is_finished());
    assert_eq!(words, full.words());
}

#[test]
fn tier_policy_and_custom_lists_change_what_counts() {
    let board = Board::parse(common::SEED).unwrap();
    let english = Dictionary::english();
    let has = |d: &Dictionary, w: &str| {
        Solver::new(d, &board)
            .finish()
            .solution()
            .iter()
            .any(|t| t.as_str() == w)
    };
    assert!(has(&english, "rallycross"));
    let strict = english.clone().with_tiers(quartiles_solver::Tiers {
        short: 60,
        quartile: 60,
    });
    assert!(!has(&strict, "rallycross"));
    assert!(has(&strict, "razzmatazz"));
    let denied = english.with_denied(["sh", "re"]).unwrap();
    assert!(!has(&denied, "sh") && !has(&denied, "re") && has(&denied, "ref"));
    let custom = Dictionary::from_word_list("# two words\nAzzth\nmentis\n").unwrap();
    let words: Vec<String> = Solver::new(&custom, &board)
        .map(|w| w.to_string())
        .collect();
    assert_eq!(words, ["azzth", "mentis"]);
}

#[test]
#[cfg_attr(target_os = "wasi", ignore = "starts threads: wasm32-wasip1 has none")]
fn solvers_and_dictionaries_cross_threads() {
    fn send_sync<T: Send + Sync + 'static>() {}
    send_sync::<Solver>();
    send_sync::<Dictionary>();
    send_sync::<Board>();
    // a solver forked mid-search finishes like the original
    let dict = Dictionary::english();
    let board = Board::parse(common::SEED).unwrap();
    let mut s = Solver::new(&dict, &board);
    for _ in 0..5 {
        let _ = s.step(Budget::nodes(100));
    }
    assert!(!s.is_finished());
    let fork = s.clone();
    let handle = std::thread::spawn(move || fork.finish().words());
    let s = s.finish();
    assert_eq!(handle.join().unwrap(), s.words());
}
