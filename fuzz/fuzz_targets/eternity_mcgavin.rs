//! McGavin's `.puz` and `.hnt` files, alone and together, in both hint axes.
#![no_main]
use eternity_solver::format::mcgavin::{HintAxis, parse, parse_hnt, parse_puz};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: (u32, u32, &str, &str)| {
    let (w, h, puz, hnt) = data;
    let _ = parse_puz(puz);
    for axis in [HintAxis::TopDown, HintAxis::BottomUp] {
        let _ = parse_hnt(hnt, w as usize, h as usize, axis);
        let _ = parse(puz, Some(hnt), axis);
    }
    let _ = parse(puz, None, HintAxis::TopDown);
});
