//! Block-fill grids: `Grid::parse` and `Grid::parse_any_start` return a grid or a typed error.
#![no_main]
use hamilton_solver::Grid;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = Grid::parse(text);
    let _ = Grid::parse_any_start(text);
});
