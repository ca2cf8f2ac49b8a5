//! Reads the public boards from the workspace's `testdata/`.
#![allow(dead_code)]

use quartiles_solver::Board;

/// One public board with its official answers.
pub struct PublicBoard {
    pub id: String,
    pub board: Board,
    pub quartiles: Vec<String>,
    /// Words copied from the official game, where the source has them (a subset of what the
    /// game accepts).
    pub official: Option<Vec<String>>,
}

fn strings(v: &serde_json::Value) -> Vec<String> {
    v.as_array()
        .expect("an array of strings")
        .iter()
        .map(|s| s.as_str().expect("a string").to_string())
        .collect()
}

pub fn public_boards() -> Vec<PublicBoard> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../testdata/quartiles/boards-public.json"
    );
    let text = std::fs::read_to_string(path).expect("testdata/quartiles/boards-public.json");
    let json: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    json["boards"]
        .as_array()
        .expect("boards")
        .iter()
        .map(|b| PublicBoard {
            id: b["id"].as_str().expect("id").to_string(),
            board: Board::from_tiles(strings(&b["tiles"])).expect("a valid board"),
            quartiles: strings(&b["quartiles"]),
            official: b.get("official_words_subset").map(strings),
        })
        .collect()
}

pub const SEED: &str = "azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment";
