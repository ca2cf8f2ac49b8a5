//! Both engines behind the one continuation: the node and guess counts each engine reports
//! on fixed puzzles (a change of these numbers is a change of the search), the same runs
//! however they are stepped, and the engines agreeing with each other and with recorded
//! solutions.

mod common;

use common::{FirstN, TOP1465_HEAD};
use puzzle_search::check::{assert_agree, run_in_steps, run_whole};
use sudoku_engine::generate::final_grid;
use sudoku_engine::parse::{self, Format};
use sudoku_engine::{Budget, Engine, Grid, ParseError, Search, Solutions, Solver, Step, Verdict};

/// (solutions, guesses) of a count.
type Counted = (u64, u64);
/// (solutions, nodes, guesses) of a search.
type Searched = (u64, u64, u64);

fn grid(line: &str) -> Grid {
    parse::parse_all(line, Format::Line).unwrap()[0]
}

/// Puzzle, fast `count(2)` as (solutions, guesses), and the fast search stopped after at most
/// 20 solutions as (solutions, nodes, guesses).
const FAST_COUNTS: &[(&str, Counted, Searched)] = &[
    // top1465 #1-#12
    (TOP1465_HEAD[0].0, (1, 48), (1, 97, 48)),
    (TOP1465_HEAD[1].0, (1, 29), (1, 59, 29)),
    (TOP1465_HEAD[2].0, (1, 27), (1, 55, 27)),
    (TOP1465_HEAD[3].0, (1, 0), (1, 1, 0)),
    (TOP1465_HEAD[4].0, (1, 0), (1, 1, 0)),
    (TOP1465_HEAD[5].0, (1, 0), (1, 1, 0)),
    (TOP1465_HEAD[6].0, (1, 17), (1, 35, 17)),
    (TOP1465_HEAD[7].0, (1, 0), (1, 1, 0)),
    (TOP1465_HEAD[8].0, (1, 9), (1, 19, 9)),
    (TOP1465_HEAD[9].0, (1, 0), (1, 1, 0)),
    (TOP1465_HEAD[10].0, (1, 18), (1, 37, 18)),
    (TOP1465_HEAD[11].0, (1, 12), (1, 25, 12)),
    // 17-clue puzzles
    (
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
        (1, 0),
        (1, 1, 0),
    ),
    (
        ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
        (1, 0),
        (1, 1, 0),
    ),
    (
        ".................1.....2.3......425...6.......17....8.....7...64...6....9..8...1.",
        (1, 0),
        (1, 1, 0),
    ),
    (
        ".................1.....2.3......45....1.6.....4......7....8.4....9...2..3.61...9.",
        (1, 0),
        (1, 1, 0),
    ),
    // forum hardest 1106
    (
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        (1, 74),
        (1, 149, 74),
    ),
    (
        "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........",
        (1, 91),
        (1, 183, 91),
    ),
    (
        "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2",
        (1, 89),
        (1, 179, 89),
    ),
    // serg (several solutions)
    (
        "8.........95.......76.........426798...571243...893165......916....3.487....1.532",
        (2, 8),
        (20, 46, 25),
    ),
    (
        "8.........95.......76.........428967...573412...691583.....4196....3.748...8..235",
        (2, 6),
        (20, 49, 26),
    ),
    (
        "8.........95.......76.........426798...571432...893165....5.916...9.8247......583",
        (2, 9),
        (20, 50, 28),
    ),
    // a 17-clue puzzle with a wrong extra clue (none), and one with a clue removed (several)
    (
        "........1.......23....45.........6....1.......721.34.....2.8...64.......9.....5..",
        (0, 0),
        (0, 1, 0),
    ),
    (
        "........1.......23....45.........6....1........21.3......2.8...64.......9.....5..",
        (2, 10),
        (20, 50, 30),
    ),
    // the empty grid, a full grid
    (
        ".................................................................................",
        (2, 47),
        (20, 83, 63),
    ),
    (
        "468931527751624839392578461134756298289413675675289314846192753513867942927345186",
        (1, 0),
        (1, 1, 0),
    ),
];

#[test]
fn fast_engine_counts_are_pinned() {
    let mut solver = Solver::new();
    for &(line, (solutions, guesses), (found, nodes, search_guesses)) in FAST_COUNTS {
        let g = grid(line);
        let c = solver.count(&g, 2);
        assert_eq!((c.solutions, c.guesses), (solutions, guesses), "{line}");
        for budgets in [None, Some(&[1u64, 2, 7][..])] {
            let search = FirstN::new(Solutions::new(&g), 20);
            let run = match budgets {
                None => run_whole(search),
                Some(b) => run_in_steps(search, b),
            };
            assert_eq!(run.items.len() as u64, found, "{line}");
            assert_eq!(run.progress.found, found, "{line}");
            assert_eq!(run.progress.nodes, nodes, "{line}");
        }
        let mut search = Solutions::new(&g);
        search.by_ref().take(20).for_each(drop);
        let p = search.progress();
        assert_eq!(
            (p.found, p.nodes, p.guesses),
            (found, nodes, search_guesses)
        );
    }
}

/// Puzzle, and the baseline's `count(2)` and `count(1)` as (solutions, guesses): its guesses
/// are the placements it tried, as the seed counted them.
const BASELINE_COUNTS: &[(&str, Counted, Counted)] = &[
    (TOP1465_HEAD[1].0, (1, 1_457_214), (1, 1_081_552)),
    (TOP1465_HEAD[3].0, (1, 357_211), (1, 9_666)),
    (
        "........1.......23....45.........6....1.......721.34.....2.8...64.......9.....5..",
        (0, 98_880),
        (0, 98_880),
    ),
    (
        ".................................................................................",
        (2, 415),
        (1, 391),
    ),
    (
        "468931527751624839392578461134756298289413675675289314846192753513867942927345186",
        (1, 0),
        (1, 0),
    ),
];

#[test]
fn baseline_counts_are_pinned() {
    let mut solver = Solver::with_engine(Engine::Baseline);
    for &(line, two, one) in BASELINE_COUNTS {
        let g = grid(line);
        let c = solver.count(&g, 2);
        assert_eq!((c.solutions, c.guesses), two, "{line}");
        let c = solver.count(&g, 1);
        assert_eq!((c.solutions, c.guesses), one, "{line}");
        // Every placement is a node and a guess.
        let mut search = Solutions::with_engine(&g, Engine::Baseline);
        search.by_ref().take(2).for_each(drop);
        let p = search.progress();
        assert_eq!(
            (p.found, p.nodes, p.guesses),
            (two.0, two.1, two.1),
            "{line}"
        );
    }
}

/// Puzzles cut from generated finals (three cells of every five blanked): top-left digit 3,
/// index, fast `count(2)`, baseline `count(2)`, fast search (solutions, nodes, guesses).
const FINALS_COUNTS: [(u64, Counted, Counted, Searched); 3] = [
    (0, (2, 1), (2, 1272), (2, 3, 1)),
    (12_345, (2, 1), (2, 224), (2, 3, 1)),
    (999_999_999, (2, 1), (2, 545), (2, 3, 1)),
];

fn cut_final(n: u64) -> Grid {
    let mut g = final_grid(n, 3).unwrap();
    for cell in 0..81 {
        if (cell * 7 + n as usize) % 5 < 3 {
            g.set(cell, 0).unwrap();
        }
    }
    g
}

#[test]
fn counts_on_cut_finals_are_pinned() {
    for (n, fast, base, search) in FINALS_COUNTS {
        let g = cut_final(n);
        let c = Solver::new().count(&g, 2);
        assert_eq!((c.solutions, c.guesses), fast);
        let b = Solver::with_engine(Engine::Baseline).count(&g, 2);
        assert_eq!((b.solutions, b.guesses), base);
        let whole = run_whole(Solutions::new(&g));
        assert_eq!(
            (whole.progress.found, whole.progress.nodes),
            (search.0, search.1)
        );
        let mut s = Solutions::new(&g);
        s.by_ref().for_each(drop);
        assert_eq!(s.progress().guesses, search.2);
        // Both find both solutions (in their own orders).
        let mut fast: Vec<Grid> = Solutions::new(&g).collect();
        let mut base: Vec<Grid> = Solutions::with_engine(&g, Engine::Baseline).collect();
        fast.sort();
        base.sort();
        assert_eq!(fast, base);
    }
}

#[test]
fn stepping_gives_the_same_run_for_both_engines() {
    for (line, _) in &TOP1465_HEAD[..4] {
        let g = grid(line);
        for engine in [Engine::Fast, Engine::Baseline] {
            let whole = run_whole(Solutions::with_engine(&g, engine));
            for budgets in [&[1u64][..], &[3, 1000, 17], &[4096]] {
                let stepped = run_in_steps(Solutions::with_engine(&g, engine), budgets);
                assert_eq!(stepped.items, whole.items, "{line} {engine:?}");
                assert_eq!(stepped.progress, whole.progress, "{line} {engine:?}");
            }
        }
    }
}

#[test]
fn engines_agree_on_puzzles_with_at_most_one_solution() {
    // The baseline is quick on these (puzzles 2 and 4 of top1465, the clash-free wrong clue).
    for line in [
        TOP1465_HEAD[1].0,
        TOP1465_HEAD[3].0,
        "........1.......23....45.........6....1.......721.34.....2.8...64.......9.....5..",
        "468931527751624839392578461134756298289413675675289314846192753513867942927345186",
        "11...............................................................................",
    ] {
        let g = grid(line);
        assert_agree(
            Solutions::with_engine(&g, Engine::Baseline),
            Solutions::new(&g),
            false,
        );
    }
}

#[test]
fn the_fast_engine_finds_the_recorded_solutions() {
    let mut solver = Solver::new();
    for (puzzle, solution) in TOP1465_HEAD {
        let c = solver.count(&grid(puzzle), 2);
        assert_eq!(c.verdict(), Verdict::Unique);
        assert_eq!(c.first, Some(grid(solution)), "{puzzle}");
    }
}

#[test]
fn a_paused_search_resumes_where_it_stopped() {
    let g = grid(TOP1465_HEAD[0].0);
    let mut s = Solutions::new(&g);
    assert_eq!(s.step(Budget::nodes(10)), Step::Paused);
    let p = s.progress();
    assert_eq!((p.nodes, p.found), (10, 0));
    let mut clone = s.clone();
    assert_eq!(clone.step(Budget::unlimited()), s.step(Budget::unlimited()));
    assert_eq!(clone.progress(), s.progress());
    assert_eq!(s.step(Budget::unlimited()), Step::Finished);
    assert_eq!(s.progress().nodes, 97);
    assert!(s.is_finished());
    assert_eq!(s.step(Budget::nodes(1)), Step::Finished);
}

/// The hand-made cases of the repository's bad-input set, each with the verdict its comment
/// states (`None`: malformed).
const MISC: [(&str, Option<Verdict>); 8] = [
    (
        "11...............................................................................",
        Some(Verdict::NoSolution),
    ),
    (
        "5........5.......................................................................",
        Some(Verdict::NoSolution),
    ),
    (
        "7.........7......................................................................",
        Some(Verdict::NoSolution),
    ),
    (
        ".................................................................................",
        Some(Verdict::Multiple),
    ),
    (
        "468931527751624839392578461134756298289413675675289314846192753513867942927345186",
        Some(Verdict::Unique),
    ),
    (
        "468931527751624839392578461134756298289413675675289314846192753513867942927345181",
        Some(Verdict::NoSolution),
    ),
    (
        "................................................................................",
        None,
    ),
    (
        "x................................................................................",
        None,
    ),
];

#[test]
fn misc_cases_get_their_verdicts_from_both_engines() {
    let mut fast = Solver::new();
    let mut base = Solver::with_engine(Engine::Baseline);
    for (line, want) in MISC {
        let parsed = parse::parse_all(line, Format::Line);
        match want {
            None => assert!(
                matches!(
                    parsed,
                    Err(ParseError::WrongLength { .. } | ParseError::BadChar { .. })
                ),
                "{line}: {parsed:?}"
            ),
            Some(v) => {
                let g = parsed.unwrap()[0];
                assert_eq!(fast.count(&g, 2).verdict(), v, "{line}");
                assert_eq!(base.count(&g, 2).verdict(), v, "{line}");
            }
        }
    }
}

#[test]
fn split_parts_add_up_to_the_whole_for_both_engines() {
    use puzzle_search::Split;

    let quick_for_baseline = [TOP1465_HEAD[3].0, TOP1465_HEAD[1].0];
    let mut cases: Vec<(Grid, Engine)> = Vec::new();
    for (line, _) in TOP1465_HEAD {
        cases.push((grid(line), Engine::Fast));
    }
    for line in quick_for_baseline {
        cases.push((grid(line), Engine::Baseline));
    }
    for n in [0, 12_345, 999_999_999] {
        cases.push((cut_final(n), Engine::Fast));
        cases.push((cut_final(n), Engine::Baseline));
    }
    for (line, _) in MISC
        .iter()
        .filter(|(l, v)| v.is_some() && !l.starts_with("...."))
    {
        cases.push((grid(line), Engine::Fast));
        cases.push((grid(line), Engine::Baseline));
    }
    for (g, engine) in cases {
        let whole = run_whole(Solutions::with_engine(&g, engine));
        for depth in [0, 1, 2, 5, 9, 81] {
            let parts = Solutions::with_engine(&g, engine).split(depth);
            assert!(parts.depth <= depth);
            let (total, items) = parts.solve_serially();
            assert_eq!(items, whole.items, "{g} {engine:?} {depth}");
            assert_eq!(total.nodes, whole.progress.nodes, "{g} {engine:?} {depth}");
            assert_eq!(total.found, whole.progress.found, "{g} {engine:?} {depth}");
        }
        // Parts split again add up too.
        let parts = Solutions::with_engine(&g, engine).split(2);
        let mut total = parts.prefix;
        let mut items = Vec::new();
        for part in parts.parts {
            let (t, i) = part.split(3).solve_serially();
            total += t;
            items.extend(i);
        }
        assert_eq!(items, whole.items);
        assert_eq!(total.nodes, whole.progress.nodes);
    }
    // A stepped search is one part, itself.
    let g = grid(TOP1465_HEAD[0].0);
    for engine in [Engine::Fast, Engine::Baseline] {
        let mut s = Solutions::with_engine(&g, engine);
        let _ = s.step(Budget::nodes(5));
        let parts = s.split(3);
        assert_eq!((parts.depth, parts.parts.len()), (0, 1));
        assert_eq!(parts.parts[0], s);
    }
}
