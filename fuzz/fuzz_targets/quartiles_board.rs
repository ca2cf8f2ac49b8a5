//! Quartiles boards from text: `Board::parse` returns a board or a typed error, never panics.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(board) = quartiles_solver::Board::parse(text) {
        // A parsed board prints and parses back to itself.
        let again = quartiles_solver::Board::parse(&board.to_string());
        assert!(again.is_ok(), "{board} does not parse back: {again:?}");
    }
});
