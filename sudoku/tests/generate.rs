//! Generated finals: a million of them, written to a file, are valid, distinct, keep the
//! top-left digit and take exactly `163 * N - 1` bytes.

use sudoku_engine::generate::{self, Finals, MAX_FINALS};
use sudoku_engine::io::generate_to;

/// Checks one nine-line grid of `bytes` (162 bytes) and returns its digits packed 4 bits each.
fn check_block(bytes: &[u8], top_left: u8, k: usize) -> [u64; 6] {
    let mut rows = [0u16; 9];
    let mut cols = [0u16; 9];
    let mut boxes = [0u16; 9];
    let mut key = [0u64; 6];
    for r in 0..9 {
        let line = &bytes[18 * r..18 * r + 18];
        assert_eq!(line[17], b'\n', "grid {k}, row {r}: line end");
        for c in 0..9 {
            let d = line[2 * c];
            assert!((b'1'..=b'9').contains(&d), "grid {k}: digit {d}");
            if c < 8 {
                assert_eq!(line[2 * c + 1], b' ', "grid {k}: separator");
            }
            let bit = 1u16 << (d - b'0');
            let b = (r / 3) * 3 + c / 3;
            assert_eq!(rows[r] & bit, 0, "grid {k}: row {r} repeats {d}");
            assert_eq!(cols[c] & bit, 0, "grid {k}: column {c} repeats {d}");
            assert_eq!(boxes[b] & bit, 0, "grid {k}: box {b} repeats {d}");
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
            let cell = 9 * r + c;
            key[cell / 16] |= ((d - b'1') as u64) << (4 * (cell % 16));
        }
    }
    assert_eq!(bytes[0], b'0' + top_left, "grid {k}: top-left digit");
    key
}

fn check_file(path: &std::path::Path, n: usize, top_left: u8) {
    let bytes = std::fs::read(path).unwrap();
    assert_eq!(bytes.len(), 163 * n - 1, "file size");
    let mut keys = Vec::with_capacity(n);
    for k in 0..n {
        let block = &bytes[163 * k..163 * k + 162];
        keys.push(check_block(block, top_left, k));
        if k + 1 < n {
            assert_eq!(bytes[163 * k + 162], b'\n', "grid {k}: empty line after it");
        }
    }
    keys.sort_unstable();
    assert!(
        keys.windows(2).all(|w| w[0] != w[1]),
        "two generated finals are equal"
    );
}

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "writes files in a temporary directory: WASI preview 1 has none"
)]
fn a_million_finals_are_valid_distinct_and_exactly_sized() {
    let dir = std::env::temp_dir().join(format!("sudoku-engine-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("finals.txt");
    let n = 1_000_000;
    generate_to(&path, n as u64, 1).unwrap();
    check_file(&path, n, 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn finals_from_far_ranges_are_valid_and_distinct() {
    // Spread over the whole order, including the last finals and other top-left digits.
    let mut seen = std::collections::HashSet::new();
    for d in 1..=9u8 {
        for start in [
            0,
            generate::SEED_FINALS - 50,
            MAX_FINALS / 3,
            MAX_FINALS - 100,
        ] {
            for g in Finals::range(d, start, 100).unwrap() {
                assert!(g.is_valid_solution());
                assert_eq!(g.get(0), d);
                assert!(seen.insert(g));
            }
        }
    }
}

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "writes files in a temporary directory: WASI preview 1 has none"
)]
fn small_files_have_the_exact_size_too() {
    let dir = std::env::temp_dir().join(format!("sudoku-engine-small-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (n, d) in [(1usize, 9u8), (2, 5), (7000, 3)] {
        let path = dir.join(format!("f{n}.txt"));
        generate_to(&path, n as u64, d).unwrap();
        check_file(&path, n, d);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
