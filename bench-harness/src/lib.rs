//! Measurement discipline shared by the `compare` binary and the criterion benches.
//!
//! Every suite measures CPU time (CPU-time clocks; `getrusage` for child processes), not wall
//! time, runs the engines it compares round-robin (A B A B ...) on the same inputs in the
//! same process, checks that they agree (same answers, same node counts) before it prints a
//! rate, and reports medians with their spread and paired ratios. See `README.md` for how to reproduce each figure.
#![warn(missing_docs)]

pub mod drive;
pub mod error;
pub mod eternity_c;
pub mod html;
pub mod measure;
pub mod report;
pub mod suites;

use std::path::PathBuf;

pub use error::{HarnessError, Result};

/// The workspace's `testdata/` folder, where instances and word lists live.
pub fn testdata() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("testdata")
}

/// What a suite is asked to do.
#[derive(Clone, Debug, Default)]
pub struct Ctx {
    /// Smoke mode for CI: run every engine on a small input once, check answers, time nothing
    /// that matters.
    pub quick: bool,
    /// Rounds of the round-robin (at least 3 unless `quick`).
    pub rounds: usize,
    /// Arguments after the suite name that the harness itself did not recognise; a suite
    /// parses the ones it knows and rejects the rest.
    pub args: Vec<String>,
}

impl Ctx {
    /// Rounds to run: 1 in quick mode, else the requested number (at least 3).
    pub fn rounds(&self) -> usize {
        if self.quick { 1 } else { self.rounds.max(3) }
    }
}
