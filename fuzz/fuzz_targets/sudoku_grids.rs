//! Sudoku grids in both formats and whole files: every reader returns grids or a typed error.
#![no_main]
use libfuzzer_sys::fuzz_target;
use sudoku_engine::Grid;
use sudoku_engine::io::read_puzzles;
use sudoku_engine::parse::{Format, parse_all, parse_all_strict, parse_one};

fuzz_target!(|text: &str| {
    // The lenient parse reads what the strict one reads, and more only past a clash.
    match (text.parse::<Grid>(), parse_one(text)) {
        (Err(sudoku_engine::ParseError::Clash { .. }), lenient) => {
            if let Ok(g) = lenient {
                assert!(g.clash().is_some());
            }
        }
        (strict, lenient) => assert_eq!(strict, lenient),
    }
    for format in [Format::Grid, Format::Line] {
        let _ = parse_all(text, format);
        let _ = parse_all_strict(text, format);
        let _ = read_puzzles(text, Some(format));
    }
    if let Ok((grids, format)) = read_puzzles(text, None) {
        // What the detector read, the named format reads the same.
        let (again, _) = read_puzzles(text, Some(format)).expect("the detected format reads");
        assert_eq!(grids, again);
    }
});
