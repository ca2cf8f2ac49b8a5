//! Properties: parsers never panic, the fast engine agrees with the seed's baseline on
//! random puzzles made by removing givens from solved grids, an isomorph of a puzzle has
//! the images of its solutions, hard puzzles (the engine's full inference) with one more
//! given are solved exactly as their recorded solutions say, and puzzles of fewer than 17
//! givens have two solutions.

mod common;

use common::{FirstN, TOP1465_HEAD};
use proptest::prelude::*;
use puzzle_search::check::{assert_agree, run_in_steps, run_whole};
use sudoku_engine::generate::{MAX_FINALS, final_grid};
use sudoku_engine::isomorph::Isomorph;
use sudoku_engine::parse::{self, Format};
use sudoku_engine::{Engine, Grid, Solutions, Solver};

/// A random generated final with random givens removed (at least `min` kept).
fn puzzle() -> impl Strategy<Value = Grid> {
    (
        0..MAX_FINALS,
        1u8..=9,
        prop::collection::vec(any::<bool>(), 81),
        // Keep at least this many givens so the plain backtracker stays quick.
        24usize..=81,
    )
        .prop_map(|(n, digit, keep, min)| {
            let mut g = final_grid(n, digit).unwrap();
            let mut givens = 81;
            for (cell, k) in keep.iter().enumerate() {
                if !k && givens > min {
                    g.set(cell, 0).unwrap();
                    givens -= 1;
                }
            }
            g
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn parsers_never_panic_on_arbitrary_text(s in "\\PC{0,400}") {
        for f in [Format::Line, Format::Grid] {
            let _ = parse::parse_all(&s, f);
            let _ = parse::parse_all_strict(&s, f);
            let _ = sudoku_engine::io::read_puzzles(&s, Some(f));
        }
        let _ = s.parse::<Grid>();
    }

    #[test]
    fn parsers_never_panic_on_near_puzzles(
        chars in prop::collection::vec(prop::sample::select(vec!['1', '5', '9', '0', '.', ' ', '\n', '#', 'x', '\r']), 0..400)
    ) {
        let s: String = chars.into_iter().collect();
        for f in [Format::Line, Format::Grid] {
            let _ = parse::parse_all(&s, f);
        }
        let _ = s.parse::<Grid>();
    }

    #[test]
    fn the_batch_reader_reads_what_the_iterator_reads(
        lines in prop::collection::vec(
            prop::sample::select(vec![
                // Well-formed lines (the batch reader's fast path), then everything it
                // must leave to the iterator: comments, blank lines, CRLF, a line too
                // short or too long, a bad byte, a multi-byte character.
                "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
                "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
                "000000010400000000020000000000050407008000300001090000300400200050100000000806000\r",
                "# a comment",
                "",
                "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....",
                "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.......",
                "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....x",
                "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....é",
            ]),
            0..40,
        ),
        end_with_newline: bool,
    ) {
        let mut text = lines.join("\n");
        if end_with_newline {
            text.push('\n');
        }
        let by_iterator = parse::parse_all(&text, Format::Line);
        let by_batch = sudoku_engine::io::read_puzzles(&text, Some(Format::Line)).map(|(g, _)| g);
        prop_assert_eq!(by_batch, by_iterator);
    }

    #[test]
    fn printing_and_parsing_round_trip(g in puzzle()) {
        let mut line = Vec::new();
        let mut grid = Vec::new();
        parse::write_all(&mut line, [&g, &g], Format::Line);
        parse::write_all(&mut grid, [&g, &g], Format::Grid);
        prop_assert_eq!(grid.len(), 163 * 2 - 1);
        let line = String::from_utf8(line).unwrap();
        let grid = String::from_utf8(grid).unwrap();
        prop_assert_eq!(parse::parse_all_strict(&line, Format::detect(&line)).unwrap(), vec![g, g]);
        prop_assert_eq!(parse::parse_all_strict(&grid, Format::detect(&grid)).unwrap(), vec![g, g]);
    }

    #[test]
    fn fast_engine_agrees_with_baseline(g in puzzle()) {
        agree(&g)?;
        prop_assert!(Solver::new().count(&g, 2).solutions >= 1);
    }

    #[test]
    fn a_changed_given_agrees_too(g in puzzle(), cell in 0usize..81, digit in 1u8..=9) {
        // Overwriting a cell may break the puzzle: both engines must then agree on 0.
        let mut g = g;
        g.set(cell, digit).unwrap();
        agree(&g)?;
    }

    #[test]
    fn an_isomorph_has_the_images_of_the_solutions(
        g in puzzle(),
        cell in 0usize..81,
        digit in 0u8..=9,
        n in 0..Isomorph::COUNT,
    ) {
        // A changed cell makes some puzzles unsolvable or ambiguous: every verdict is met.
        let mut g = g;
        g.set(cell, digit).unwrap();
        let m = Isomorph::nth(n).unwrap();
        let image = m.apply(&g);
        prop_assert_eq!(m.inverse().apply(&image), g);
        let mut solver = Solver::new();
        let (a, b) = (solver.count(&g, 2), solver.count(&image, 2));
        prop_assert_eq!(a.solutions, b.solutions);
        if a.solutions == 1 {
            prop_assert_eq!(b.first, a.first.map(|s| m.apply(&s)));
        }
        // With several solutions the first found differs, but each is an image of one.
        if let Some(first) = b.first {
            prop_assert!(g.is_solved_by(&m.inverse().apply(&first)));
        }
    }

    /// A hard puzzle, moved by a random symmetry, with one blank set to a digit: its
    /// solution's digit keeps the one solution (the image of the recorded one), any other
    /// digit leaves none. The baseline is too slow for these; the recorded solutions are
    /// the oracle.
    #[test]
    fn a_hard_puzzle_with_one_more_given_is_solved_exactly(
        k in 0..TOP1465_HEAD.len(),
        n in 0..Isomorph::COUNT,
        pick in 0usize..64,
        digit in 1u8..=9,
    ) {
        let (puzzle, solution) = TOP1465_HEAD[k];
        let m = Isomorph::nth(n).unwrap();
        let mut g = m.apply(&puzzle.parse::<Grid>().unwrap());
        let s = m.apply(&solution.parse::<Grid>().unwrap());
        let blanks: Vec<usize> = (0..81).filter(|&c| g.cells()[c] == 0).collect();
        let cell = blanks[pick % blanks.len()];
        g.set(cell, digit).unwrap();
        let c = Solver::new().count(&g, 2);
        if s.cells()[cell] == digit {
            prop_assert_eq!(c.solutions, 1);
            prop_assert_eq!(c.first, Some(s));
        } else {
            prop_assert_eq!(c.solutions, 0);
        }
        // Stepped in small budgets, the search finds the same and counts the same nodes.
        let whole = run_whole(Solutions::new(&g));
        let stepped = run_in_steps(Solutions::new(&g), &[3, 1, 5]);
        prop_assert_eq!(&stepped.items, &whole.items);
        prop_assert_eq!(stepped.progress, whole.progress);
    }

    /// Fewer than 17 givens never leave one solution, so the search (the engine's cheap
    /// rules for such puzzles) must find two distinct, valid ones, and stepped in small
    /// budgets find the same with the same counts. The baseline is too slow for these; the
    /// givens' own solution and validity checks are the oracle.
    #[test]
    fn a_puzzle_of_fewer_than_17_givens_has_two_solutions(
        n in 0..MAX_FINALS,
        digit in 1u8..=9,
        order in prop::collection::vec(any::<u32>(), 81),
        givens in 0usize..=16,
    ) {
        let solved = final_grid(n, digit).unwrap();
        let mut cells: Vec<usize> = (0..81).collect();
        cells.sort_by_key(|&c| order[c]);
        let mut g = solved;
        for &c in &cells[givens..] {
            g.set(c, 0).unwrap();
        }
        let c = Solver::new().count(&g, 2);
        prop_assert_eq!(c.solutions, 2);
        let whole = run_whole(FirstN::new(Solutions::new(&g), 2));
        prop_assert_eq!(whole.items.len(), 2);
        prop_assert!(whole.items[0] != whole.items[1]);
        prop_assert!(whole.items.iter().all(|s| g.is_solved_by(s)));
        prop_assert_eq!(c.first.as_ref(), whole.items.first());
        let stepped = run_in_steps(FirstN::new(Solutions::new(&g), 2), &[2, 1, 3]);
        prop_assert_eq!(&stepped.items, &whole.items);
        prop_assert_eq!(stepped.progress, whole.progress);
    }

    #[test]
    fn stepping_in_small_budgets_finds_the_same_solutions(g in puzzle(), n in 1u64..5) {
        for engine in [Engine::Fast, Engine::Baseline] {
            let whole = run_whole(FirstN::new(Solutions::with_engine(&g, engine), 3));
            let stepped = run_in_steps(FirstN::new(Solutions::with_engine(&g, engine), 3), &[n, 1, 2 * n]);
            prop_assert_eq!(&stepped.items, &whole.items);
            prop_assert_eq!(stepped.progress, whole.progress);
        }
    }
}

/// The engines agree: item by item (and on the count) when the puzzle has at most one
/// solution; on the verdict and the validity of the first two solutions otherwise, since
/// their orders differ.
fn agree(g: &Grid) -> Result<(), TestCaseError> {
    let fast = Solver::new().count(g, 2);
    let base = Solver::with_engine(Engine::Baseline).count(g, 2);
    prop_assert_eq!(fast.solutions, base.solutions);
    if fast.solutions <= 1 {
        assert_agree(
            Solutions::with_engine(g, Engine::Baseline),
            Solutions::new(g),
            false,
        );
        prop_assert_eq!(fast.first, base.first);
    } else {
        for engine in [Engine::Fast, Engine::Baseline] {
            let two: Vec<Grid> = Solutions::with_engine(g, engine).take(2).collect();
            prop_assert_eq!(two.len(), 2);
            prop_assert!(two[0] != two[1]);
            prop_assert!(two.iter().all(|s| g.is_solved_by(s)));
        }
    }
    Ok(())
}
