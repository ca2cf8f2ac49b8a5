//! Builds the embedded tiered word list `data/english.fst` from SCOWL.
//!
//! ```sh
//! apt-get install scowl          # Debian's SCOWL 2020.12.07 lists in /usr/share/dict/scowl
//! cargo run --release -p quartiles-solver --example build_dictionary -- \
//!     /usr/share/dict/scowl quartiles/data/english.fst testdata/quartiles
//! ```
//!
//! The output is an `fst::Map` from word to *tier*: the smallest SCOWL size (10, 20, 35, 40,
//! 50, 55, 60, 70, 80) whose American English list (`english-words.N`, `american-words.N`
//! and the common variant spellings `variant_1-words.N`) holds the word. Only words up to
//! size 80 are kept.
//!
//! With the optional third argument (the repository's `testdata/quartiles`), the list is tuned
//! to the game on the *training* days only, that is every day of `official-answers.json` not
//! named in `held-out-days.txt`:
//! - a word the game accepted on a training day gets tier 10 (the game takes it, whatever
//!   SCOWL's size for it; a few, such as `app`, are not in SCOWL at all);
//! - a word of `known-invalid.txt` (rejected by the game) is dropped, unless it can be formed
//!   on a held-out board: those stay, so the held-out evaluation in `compare -- quartiles`
//!   sees only what the list learned from other days;
//! - a two-letter word is dropped unless the game accepted it on a training day or it is one
//!   of [`TWO_LETTER_WORDS`]: SCOWL lists letter names, note names and abbreviations
//!   (`es`, `ks`, `ti`, `sh`) that tiles spell all the time and the game rejects.
//!
//! The lists themselves are not embedded: the map holds SCOWL's words, less the dropped ones. Accented letters are folded to ASCII
//! (`boutonnière` -> `boutonniere`, `æ` -> `ae`) because Quartiles tiles are plain letters;
//! words with any other character (possessives, hyphens, capitals) are dropped.
//!
//! The solver's default policy accepts words of tier <= 60 made of 1-3 tiles and tier <= 80
//! made of 4 tiles (see `Tiers` in the crate): size 60 alone misses quartiles, size 80 for
//! every word adds junk short words.
#![forbid(unsafe_code)]

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::Path;
use std::process::ExitCode;

/// The SCOWL sizes, smallest first; a word's tier is the first size that lists it.
const SIZES: [u8; 9] = [10, 20, 35, 40, 50, 55, 60, 70, 80];
/// The American English spelling categories, with the common variant spellings.
const CATEGORIES: [&str; 3] = ["english-words", "american-words", "variant_1-words"];

/// The tier of a word the game accepted on a training day.
const ACCEPTED_TIER: u8 = 10;

/// Two-letter words of everyday English that stay even when no training day shows them
/// (a judgement, not data: words any player would type).
const TWO_LETTER_WORDS: &[&str] = &[
    "ad", "ah", "am", "an", "as", "at", "aw", "ax", "be", "by", "do", "eh", "go", "ha", "he", "hi",
    "if", "in", "is", "it", "me", "my", "no", "of", "oh", "ok", "on", "or", "ow", "ox", "so", "to",
    "uh", "um", "up", "us", "we", "ye", "yo",
];

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

/// What the game's record says, for the training days only.
struct Training {
    accepted: HashSet<String>,
    rejected: HashSet<String>,
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn json(path: &Path) -> Result<serde_json::Value, String> {
    serde_json::from_str(&read(path)?).map_err(|e| format!("{}: {e}", path.display()))
}

fn strings(v: &serde_json::Value) -> Vec<String> {
    v.as_array()
        .into_iter()
        .flatten()
        .filter_map(|s| s.as_str().map(str::to_string))
        .collect()
}

/// Every string of 1-4 distinct tiles of a board.
fn formable(tiles: &[String], out: &mut HashSet<String>) {
    fn go(tiles: &[String], used: &mut Vec<usize>, word: &mut String, out: &mut HashSet<String>) {
        for i in 0..tiles.len() {
            if used.contains(&i) {
                continue;
            }
            let len = word.len();
            word.push_str(&tiles[i]);
            out.insert(word.clone());
            if used.len() < 3 {
                used.push(i);
                go(tiles, used, word, out);
                used.pop();
            }
            word.truncate(len);
        }
    }
    go(tiles, &mut Vec::new(), &mut String::new(), out);
}

/// Reads the training part of the game's record from the repository's `testdata/quartiles`.
fn training(data: &Path) -> Result<Training, String> {
    let held_out: BTreeSet<String> = read(&data.join("held-out-days.txt"))?
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect();
    let answers = json(&data.join("official-answers.json"))?;
    let days = answers["days"]
        .as_object()
        .ok_or("official-answers.json: no `days` object")?;
    let accepted = days
        .iter()
        .filter(|(day, _)| !held_out.contains(*day))
        .flat_map(|(_, words)| strings(words))
        .collect();
    let boards = json(&data.join("boards-public.json"))?;
    let mut on_held_out = HashSet::new();
    for b in boards["boards"].as_array().into_iter().flatten() {
        let id = b["id"].as_str().unwrap_or_default();
        if held_out.contains(id.trim_start_matches("qc-")) {
            formable(&strings(&b["tiles"]), &mut on_held_out);
        }
    }
    let rejected = read(&data.join("known-invalid.txt"))?
        .lines()
        .map(str::trim)
        .filter(|w| !w.is_empty() && !on_held_out.contains(*w))
        .map(str::to_string)
        .collect();
    Ok(Training { accepted, rejected })
}

/// Applies the training record: see the module docs.
fn tune(tiers: &mut BTreeMap<String, u8>, training: &Training) -> (usize, usize) {
    let before = tiers.len();
    tiers.retain(|w, _| {
        let accepted = training.accepted.contains(w);
        !training.rejected.contains(w)
            && (w.len() != 2 || accepted || TWO_LETTER_WORDS.contains(&w.as_str()))
    });
    let dropped = before - tiers.len();
    let mut raised = 0;
    for w in &training.accepted {
        if let Some(w) = normalise(w) {
            let t = tiers.entry(w).or_insert(ACCEPTED_TIER);
            if *t > ACCEPTED_TIER {
                *t = ACCEPTED_TIER;
                raised += 1;
            }
        }
    }
    (dropped, raised)
}

fn run(dir: &Path, out: &Path, data: Option<&Path>) -> Result<(), String> {
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
    if let Some(data) = data {
        let (dropped, raised) = tune(&mut tiers, &training(data)?);
        eprintln!(
            "tuned to the training days: {dropped} words dropped, {raised} moved to tier {ACCEPTED_TIER}"
        );
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
    let (dir, out, data) = match args.as_slice() {
        [dir, out] => (dir, out, None),
        [dir, out, data] => (dir, out, Some(Path::new(data))),
        _ => {
            eprintln!(
                "usage: build_dictionary SCOWL_DIR OUT.fst [TESTDATA_QUARTILES]   (SCOWL_DIR: /usr/share/dict/scowl)"
            );
            return ExitCode::from(2);
        }
    };
    match run(Path::new(dir), Path::new(out), data) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("build_dictionary: {e}");
            ExitCode::FAILURE
        }
    }
}
