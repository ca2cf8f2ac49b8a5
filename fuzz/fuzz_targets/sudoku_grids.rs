//! Sudoku grids in both formats and whole files: every reader returns grids or a typed error.
#![no_main]
use libfuzzer_sys::fuzz_target;
use sudoku_engine::Grid;
use sudoku_engine::io::read_puzzles;
use sudoku_engine::parse::{Format, parse_all, parse_all_strict};

fuzz_target!(|text: &str| {
    let _ = text.parse::<Grid>();
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
