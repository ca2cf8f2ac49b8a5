//! C reference engines for Eternity II, built with `cc` and run headless as child processes.
//!
//! Two engines, both strict depth-first searches in row-major order with pins pre-placed and
//! one node per committed placement, so their node counts must equal `eternity-solver`'s:
//!
//! - [`CEngine::Generated`]: C specialised to one board, emitted by [`genbody::emit`] in the
//!   style of McGavin's `genbody` (straight-line block per cell, constants everywhere,
//!   `goto`-threaded advance and backtrack, a byte free-list).
//! - [`CEngine::Table`]: a plain table-driven C program (`table.c`) that reads any board in
//!   McGavin's `.puz`/`.hnt` formats at run time.
//!
//! Both are compiled by [`compile::CCompiler`] at `-O3` (pinned, whatever the cargo profile),
//! into a cache directory, and run as child processes whose CPU time is measured with
//! `getrusage`; no foreign function is called in-process (bench-harness forbids `unsafe`).
//! [`check_count`] is the gate every figure passes: an engine whose node count disagrees
//! with the oracle gets no rate.

pub mod board;
pub mod compile;
pub mod external;
pub mod genbody;
pub mod rows;
pub mod run;

use std::path::{Path, PathBuf};
use std::process::Command;

use eternity_solver::format::mcgavin::{self, HintAxis};

use crate::error::{HarnessError, Result};

pub use board::{BoardError, CBoard, CHint, Plan};
pub use compile::{CCompiler, CpuTarget};
pub use run::{CRun, Status};

/// The plain table-driven engine's C source.
pub const TABLE_C: &str = include_str!("table.c");

/// The gate before any rate: `got` must equal the oracle's `expected` node count.
pub fn check_count(engine: &str, board: &str, expected: u64, got: u64) -> Result<()> {
    if expected == got {
        Ok(())
    } else {
        Err(HarnessError::CountMismatch {
            engine: engine.to_string(),
            board: board.to_string(),
            expected,
            got,
        })
    }
}

/// The two C reference engines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CEngine {
    /// C specialised to the board (genbody style).
    Generated,
    /// The plain table-driven C program.
    Table,
}

impl CEngine {
    /// Both engines.
    pub const ALL: [CEngine; 2] = [CEngine::Generated, CEngine::Table];

    /// Row name in the comparison tables.
    pub fn name(self) -> &'static str {
        match self {
            CEngine::Generated => "c-generated",
            CEngine::Table => "c-table",
        }
    }
}

/// A temporary directory removed when dropped.
#[derive(Debug)]
pub struct TempDir(PathBuf);

impl TempDir {
    /// Creates a fresh directory under the system temporary directory.
    pub fn new(prefix: &str) -> Result<TempDir> {
        use std::sync::atomic::{AtomicU64, Ordering};
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("{prefix}-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| HarnessError::io(&dir, e))?;
        Ok(TempDir(dir))
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Writes `board` as McGavin's `.puz` and `.hnt` (rows counted from the top) with
/// `eternity-solver`'s writers, into `dir`; returns the two paths.
pub fn write_mcgavin(board: &CBoard, dir: &Path) -> Result<(PathBuf, PathBuf)> {
    let inst = board.to_instance()?;
    let puz = dir.join("board.puz");
    let hnt = dir.join("board.hnt");
    mcgavin::write(&inst, &puz, &hnt, HintAxis::TopDown)
        .map_err(|e| HarnessError::input(dir.display().to_string(), e))?;
    Ok((puz, hnt))
}

/// A C engine compiled for one board, ready to run.
#[derive(Debug)]
pub struct BuiltEngine {
    /// Which engine.
    pub engine: CEngine,
    /// The executable.
    pub exe: PathBuf,
    /// Arguments before the node budget (the table engine's board files).
    pub args: Vec<PathBuf>,
    /// Holds the board files while the engine lives.
    _files: Option<TempDir>,
}

impl BuiltEngine {
    /// Emits (for the generated engine), compiles and prepares `engine` for `board`.
    pub fn build(engine: CEngine, board: &CBoard, compiler: &CCompiler) -> Result<BuiltEngine> {
        match engine {
            CEngine::Generated => {
                let plan = Plan::new(board)?;
                let exe =
                    compiler.compile(&format!("gen-{}", board.name), &genbody::emit(&plan))?;
                Ok(BuiltEngine {
                    engine,
                    exe,
                    args: Vec::new(),
                    _files: None,
                })
            }
            CEngine::Table => {
                board.check()?;
                let exe = compiler.compile("table", TABLE_C)?;
                let dir = TempDir::new("bench-harness-board")?;
                let (puz, hnt) = write_mcgavin(board, dir.path())?;
                Ok(BuiltEngine {
                    engine,
                    exe,
                    args: vec![puz, hnt],
                    _files: Some(dir),
                })
            }
        }
    }

    /// Runs the search to completion, or for `max_nodes` nodes.
    pub fn run(&self, max_nodes: Option<u64>) -> Result<CRun> {
        let mut cmd = Command::new(&self.exe);
        cmd.args(&self.args).arg(max_nodes.unwrap_or(0).to_string());
        run::run_engine(cmd, &self.command_line())
    }

    /// The command line, for messages and the README.
    pub fn command_line(&self) -> String {
        std::iter::once(&self.exe)
            .chain(self.args.iter())
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
}
