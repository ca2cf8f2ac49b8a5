//! `e2pieces.txt` piece lists, with and without a stated size.
#![no_main]
use eternity_solver::format::e2pieces::parse;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: (u32, u32, &str)| {
    let (w, h, text) = data;
    let _ = parse(text, None);
    let _ = parse(text, Some((w as usize, h as usize)));
});
