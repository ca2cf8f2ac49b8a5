//! The small board the crate's own tests solve, shipped in `tests/data/`.

#![allow(dead_code)]

use eternity_solver::Instance;
use eternity_solver::format::mcgavin::{self, HintAxis};

/// bench-easy-h52's `.puz` and `.hnt` (hint rows top-down).
pub const H52_PUZ: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/bench-easy-h52.puz"
));
/// See [`H52_PUZ`].
pub const H52_HNT: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/bench-easy-h52.hnt"
));
/// bench-easy-h52 as a JSON bench board.
pub const H52_JSON: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/bench-easy-h52.json"
));

/// Nodes of the full row-major enumeration of bench-easy-h52 (one solution).
pub const H52_NODES: u64 = 151_512;

/// Official clue puzzle `n` (1 to 4), shipped in `tests/data/`.
#[cfg(feature = "json")]
pub fn clue(n: u8) -> Instance {
    let path = format!(
        "{}/tests/data/e2-clue-clue{n}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    eternity_solver::format::json::read(&path).expect("a clue puzzle reads")
}

/// bench-easy-h52, read without the `json` feature.
pub fn h52() -> Instance {
    mcgavin::parse(H52_PUZ, Some(H52_HNT), HintAxis::TopDown).expect("bench-easy-h52 reads")
}
