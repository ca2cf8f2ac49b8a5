//! eternity-codegen's result parser: the board line a generated program prints.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: (u32, u32, &str)| {
    let (w, h, cells) = data;
    let _ = eternity_codegen::parse_board(cells, w as usize, h as usize);
});
