//! `quartiles-solver` on every public board of `testdata/quartiles/boards-public.json`: the
//! quartiles, agreement of the engines word for word and node for node (whole and stepped),
//! and the words found beyond the partial official lists.

use puzzle_search::check::{assert_agree, run_in_steps, run_whole};
use quartiles_solver::{Board, Dictionary, Engine, Solver};

/// One public board with its official answers.
struct PublicBoard {
    id: String,
    board: Board,
    /// The five quartiles, as the file lists them (sorted).
    quartiles: Vec<String>,
    /// Words copied from the official game, where the source has them (a subset of what the
    /// game accepts).
    official: Option<Vec<String>>,
}

fn strings(v: &serde_json::Value) -> Vec<String> {
    v.as_array()
        .expect("an array of strings")
        .iter()
        .map(|s| s.as_str().expect("a string").to_string())
        .collect()
}

fn public_boards() -> Vec<PublicBoard> {
    let path = oracle_tests::testdata_path("quartiles/boards-public.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let json: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    json["boards"]
        .as_array()
        .expect("boards")
        .iter()
        .map(|b| PublicBoard {
            id: b["id"].as_str().expect("id").to_string(),
            board: Board::from_tiles(strings(&b["tiles"])).expect("a valid board"),
            quartiles: strings(&b["quartiles"]),
            official: b.get("official_words_subset").map(strings),
        })
        .collect()
}

#[test]
fn quartiles_found_on_every_public_board() {
    let dict = Dictionary::english();
    let boards = public_boards();
    assert_eq!(boards.len(), 65);
    let mut missed = Vec::new();
    for b in &boards {
        let s = Solver::new(&dict, &b.board).finish();
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
fn engines_agree_on_every_public_board() {
    let dict = Dictionary::english();
    for b in public_boards() {
        let base = || Solver::with_engine(&dict, &b.board, Engine::Baseline);
        let fast = || Solver::new(&dict, &b.board);
        assert_agree(base(), fast(), true);
        // stepped in small node budgets, each engine gives its one long run
        let whole = run_whole(fast());
        let sliced = run_in_steps(fast(), &[1, 17, 250]);
        assert_eq!(sliced.items, whole.items, "board {}", b.id);
        assert_eq!(sliced.progress, whole.progress, "board {}", b.id);
        assert_eq!(
            run_in_steps(base(), &[1, 17, 250]).progress,
            whole.progress,
            "board {}",
            b.id
        );
    }
}

#[test]
fn junk_against_official_lists_stays_small() {
    // Only the two seed boards carry (partial) official word lists; words found beyond them
    // are an upper bound on junk (some are real words the copied list left out).
    let dict = Dictionary::english();
    for b in public_boards() {
        let Some(official) = &b.official else {
            continue;
        };
        let s = Solver::new(&dict, &b.board).finish();
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

/// The game's record (`official-answers.json`, `known-invalid.txt`) and the held-out days.
fn record() -> (
    std::collections::HashMap<String, Vec<String>>,
    std::collections::HashSet<String>,
    std::collections::HashSet<String>,
) {
    let read = |name: &str| {
        let path = oracle_tests::testdata_path(&format!("quartiles/{name}"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    let json: serde_json::Value = serde_json::from_str(&read("official-answers.json")).unwrap();
    let days = json["days"]
        .as_object()
        .expect("days")
        .iter()
        .map(|(d, w)| (d.clone(), strings(w)))
        .collect();
    let lines = |text: String| {
        text.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(String::from)
            .collect()
    };
    (
        days,
        lines(read("known-invalid.txt")),
        lines(read("held-out-days.txt")),
    )
}

#[test]
fn held_out_days_keep_the_tuned_recall_and_junk() {
    // The embedded list was tuned on the other days only (see quartiles/README.md); these
    // floors are the figures measured when it was built, so a rebuild that loses ground fails.
    let (days, rejected, held_out) = record();
    let dict = Dictionary::english();
    let (mut accepted, mut hit, mut reported, mut junk, mut boards) = (0, 0, 0, 0, 0);
    for b in public_boards() {
        let day = b.id.trim_start_matches("qc-");
        if !held_out.contains(day) {
            continue;
        }
        let official = &days[day];
        let s = Solver::new(&dict, &b.board).finish();
        let found: Vec<String> = s.solution().iter().map(|w| w.to_string()).collect();
        boards += 1;
        accepted += official.len();
        hit += official.iter().filter(|w| found.contains(w)).count();
        reported += found.len();
        junk += found
            .iter()
            .filter(|w| !official.contains(w) && rejected.contains(*w))
            .count();
        assert!(s.is_solved(), "board {}", b.id);
    }
    assert_eq!(boards, 31);
    let recall = hit as f64 / accepted as f64;
    let junk = junk as f64 / reported as f64;
    assert!(recall >= 0.973, "held-out recall {recall:.4}");
    assert!(junk <= 0.061, "held-out junk {junk:.4}");
}
