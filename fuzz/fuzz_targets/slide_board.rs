//! Sliding-puzzle boards, sizes and goals: typed errors, never a panic, for any text and size.
#![no_main]
use libfuzzer_sys::fuzz_target;
use slide_solver::{Board, GoalConvention, parse_size};

fuzz_target!(|data: (u32, u32, &str)| {
    let (w, h, text) = data;
    let _ = parse_size(text);
    let _ = Board::parse(text);
    let (w, h) = (w as usize, h as usize);
    let _ = Board::parse_sized(text, w, h);
    let _ = Board::goal(w, h, GoalConvention::BlankFirst);
    if let Ok(board) = Board::default_goal(w, h) {
        assert_eq!(board.len(), w * h);
    }
});
