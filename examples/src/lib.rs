//! Helpers shared by the example programs of the puzzle-solver family.
#![warn(missing_docs)]

use std::path::PathBuf;
use std::time::Duration;

pub mod args;
pub mod drive;
pub mod eternity_score;
pub mod input;
pub mod output;
pub mod picture;

pub use drive::{Drive, Ended, counter_bar, drive, drive_with};

/// The workspace's `testdata/` folder, where the built-in puzzles of the demos live.
pub fn testdata() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("testdata")
}

/// CPU time of this process so far, user and system, over all its threads: what the
/// programs' `cpu_s` figures and CPU budgets count.
pub fn process_cpu() -> Duration {
    use nix::sys::resource::{UsageWho, getrusage};
    let tv = |t: nix::sys::time::TimeVal| {
        Duration::new(t.tv_sec().max(0) as u64, (t.tv_usec().max(0) as u32) * 1000)
    };
    getrusage(UsageWho::RUSAGE_SELF)
        .map_or(Duration::ZERO, |u| tv(u.user_time()) + tv(u.system_time()))
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
