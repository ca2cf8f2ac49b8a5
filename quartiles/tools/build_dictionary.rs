//! Builds the embedded tiered word list `data/english.fst` from SCOWL.
//!
//! ```sh
//! apt-get install scowl          # Debian's SCOWL 2020.12.07 lists in /usr/share/dict/scowl
//! cargo run --release -p quartiles-solver --example build_dictionary -- \
//!     /usr/share/dict/scowl quartiles/data/english.fst
//! ```
//!
//! The output is an `fst::Map` from word to *tier*: the smallest SCOWL size (10, 20, 35, 40,
//! 50, 55, 60, 70, 80) whose American English list (`english-words.N` + `american-words.N`)
//! holds the word. Only words up to size 80 are kept. Accented letters are folded to ASCII
//! (`boutonnière` -> `boutonniere`, `æ` -> `ae`) because Quartiles tiles are plain letters;
//! words with any other character (possessives, hyphens, capitals) are dropped.
//!
//! The solver's default policy accepts words of tier <= 60 made of 1-3 tiles and tier <= 80
//! made of 4 tiles (see `Tiers` in the crate): size 60 alone misses quartiles, size 80 for
//! every word adds junk short words.
#![forbid(unsafe_code)]

use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;

/// The SCOWL sizes, smallest first; a word's tier is the first size that lists it.
const SIZES: [u8; 9] = [10, 20, 35, 40, 50, 55, 60, 70, 80];
/// The American English spelling categories.
const CATEGORIES: [&str; 2] = ["english-words", "american-words"];

/// Folds one character to lowercase ASCII letters, or `None` if it cannot be part of a word.
fn fold(c: char) -> Option<&'static str> {
    const PLAIN: &str = "abcdefghijklmnopqrstuvwxyz";
    if c.is_ascii_lowercase() {
        let i = (c as u8 - b'a') as usize;
        return Some(&PLAIN[i..i + 1]);
    }
    Some(match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => "a",
        'ç' => "c",
        'è' | 'é' | 'ê' | 'ë' => "e",
        'ì' | 'í' | 'î' | 'ï' => "i",
        'ñ' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' => "o",
        'ù' | 'ú' | 'û' | 'ü' => "u",
        'ý' | 'ÿ' => "y",
        'æ' => "ae",
        'œ' => "oe",
        _ => return None,
    })
}

/// The word as lowercase ASCII letters, or `None` if it has a character we cannot fold.
fn normalise(word: &str) -> Option<String> {
    let mut out = String::with_capacity(word.len());
    for c in word.chars() {
        out.push_str(fold(c)?);
    }
    (!out.is_empty()).then_some(out)
}

fn run(dir: &Path, out: &Path) -> Result<(), String> {
    let mut tiers: BTreeMap<String, u8> = BTreeMap::new();
    let mut per_size = Vec::new();
    for size in SIZES {
        let before = tiers.len();
        for cat in CATEGORIES {
            let path = dir.join(format!("{cat}.{size}"));
            let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            // SCOWL 2020 lists are UTF-8; older releases were ISO-8859-1, so fall back to it.
            let text = match String::from_utf8(bytes) {
                Ok(t) => t,
                Err(e) => e.into_bytes().iter().map(|&b| b as char).collect(),
            };
            for line in text.lines() {
                if let Some(w) = normalise(line.trim()) {
                    tiers.entry(w).or_insert(size);
                }
            }
        }
        per_size.push((size, tiers.len() - before));
    }
    let map = fst::Map::from_iter(tiers.iter().map(|(w, &t)| (w.as_bytes(), u64::from(t))))
        .map_err(|e| format!("building the map: {e}"))?;
    let bytes = map.into_fst().into_inner();
    std::fs::write(out, &bytes).map_err(|e| format!("{}: {e}", out.display()))?;
    for (size, n) in per_size {
        eprintln!("tier {size:>2}: {n:>6} new words");
    }
    eprintln!(
        "{} words, {} bytes written to {}",
        tiers.len(),
        bytes.len(),
        out.display()
    );
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dir, out] = args.as_slice() else {
        eprintln!("usage: build_dictionary SCOWL_DIR OUT.fst   (SCOWL_DIR: /usr/share/dict/scowl)");
        return ExitCode::from(2);
    };
    match run(Path::new(dir), Path::new(out)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("build_dictionary: {e}");
            ExitCode::FAILURE
        }
    }
}
