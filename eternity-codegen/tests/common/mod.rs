//! Shared helpers for the integration tests: small boards built in code (no data files), the
//! baseline engine as the oracle, and one compiler whose cache lives in the target directory,
//! so each program is compiled once per checkout.

#![allow(dead_code)]

use std::path::PathBuf;

use eternity_codegen::{Compiler, EmitOptions, Program, RunOptions};
use eternity_solver::engine::{Limits, Outcome, baseline};
use eternity_solver::{FillOrder, Instance, OrderKind};

/// Run options without progress lines.
pub fn quiet() -> RunOptions {
    RunOptions {
        progress: Some(None),
        ..RunOptions::default()
    }
}

/// The baseline engine of `eternity-solver` in fill order `kind`: the oracle.
pub fn baseline(inst: &Instance, kind: OrderKind, limits: Limits) -> Outcome {
    baseline::run(inst, &FillOrder::new(inst, kind), limits)
}

/// The small board most tests use: 5x4, a planted solution, 2,117 nodes, 8 solutions.
pub fn small() -> Instance {
    planted(5, 4, 3, 6, 7)
}

/// A board whose tree takes minutes to walk (12x12, eight interior colours): for budgets,
/// pauses and kills.
pub fn long() -> Instance {
    planted(12, 12, 4, 8, 1)
}

/// Writes `inst` as a JSON puzzle file into this test target's scratch directory.
pub fn write_json(inst: &Instance, name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("puzzles");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.json"));
    eternity_solver::format::json::write(inst, &path).unwrap();
    path
}

/// A compiler caching into this test target's scratch directory.
pub fn compiler() -> Compiler {
    Compiler::new()
        .cache_dir(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("eternity-codegen-cache"))
}

/// Emits and compiles (cached).
pub fn program(inst: &Instance, opts: &EmitOptions) -> Program {
    Program::build_with(&compiler(), inst, opts).expect("generated program compiles")
}

/// A small solvable board: a random planted solution with `border` rim colours and `inner`
/// interior colours, cut into pieces that are shuffled and turned at random (xorshift from
/// `seed`, so the same seed gives the same board).
pub fn planted(width: usize, height: usize, border: u8, inner: u8, seed: u64) -> Instance {
    use eternity_solver::{Piece, Rotation};
    let mut s = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = move |n: u64| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s % n
    };
    // Colours of horizontal edges (between rows) and vertical edges (between columns).
    let colour = |rim: bool, next: &mut dyn FnMut(u64) -> u64| -> u8 {
        if rim {
            1 + next(border as u64) as u8
        } else {
            1 + border + next(inner as u64) as u8
        }
    };
    let (w, h) = (width, height);
    let mut horiz = vec![0u8; w * (h + 1)]; // edge above cell (r, c) = horiz[r * w + c]
    let mut vert = vec![0u8; (w + 1) * h]; // edge left of cell (r, c) = vert[r * (w + 1) + c]
    for r in 1..h {
        for c in 0..w {
            horiz[r * w + c] = colour(c == 0 || c == w - 1, &mut next);
        }
    }
    for r in 0..h {
        for c in 1..w {
            vert[r * (w + 1) + c] = colour(r == 0 || r == h - 1, &mut next);
        }
    }
    let mut pieces = Vec::new();
    for r in 0..h {
        for c in 0..w {
            let e = [
                horiz[r * w + c],
                vert[r * (w + 1) + c + 1],
                horiz[(r + 1) * w + c],
                vert[r * (w + 1) + c],
            ];
            let turn = Rotation::new(next(4) as u8).unwrap();
            pieces.push(Piece::new(Piece::new(e).rotated(turn)));
        }
    }
    for i in (1..pieces.len()).rev() {
        let j = next(i as u64 + 1) as usize;
        pieces.swap(i, j);
    }
    Instance::new(width, height, pieces, vec![]).expect("planted board is well formed")
}
