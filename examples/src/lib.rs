//! Helpers shared by the example programs of the puzzle-solver family.
#![warn(missing_docs)]

use std::path::PathBuf;

pub mod args;
pub mod drive;
pub mod eternity_score;
pub mod output;
pub mod picture;

pub use drive::{Drive, Ended, counter_bar, drive, drive_with};

/// The workspace's `testdata/` folder, where the built-in puzzles of the demos live.
pub fn testdata() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("testdata")
}

/// The result type of a demo section: any error, shown to the user as text.
pub type DemoResult = Result<(), Box<dyn std::error::Error>>;

/// A Quartiles board of `testdata/quartiles/boards-public.json`, by its id (e.g. `xebia-1`).
pub fn quartiles_public_board(id: &str) -> Result<quartiles_solver::Board, String> {
    let path = testdata().join("quartiles").join("boards-public.json");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let json: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let boards = json["boards"].as_array().cloned().unwrap_or_default();
    let board = boards
        .iter()
        .find(|b| b["id"] == id)
        .ok_or_else(|| format!("no public board `{id}`"))?;
    let tiles: Vec<&str> = board["tiles"]
        .as_array()
        .map(|t| t.iter().filter_map(|s| s.as_str()).collect())
        .unwrap_or_default();
    quartiles_solver::Board::from_tiles(tiles).map_err(|e| format!("board {id}: {e}"))
}
