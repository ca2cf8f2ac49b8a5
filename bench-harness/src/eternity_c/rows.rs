//! The C rows of `compare -- eternity`: `c-generated`, `c-table`, and the `--external` row.
//!
//! Each row compiles its engine for a board the first time it meets the board (outside the
//! measurement; the build is cached on disk too), then every round runs it as a child process
//! and reports the child's CPU time (`getrusage`). The suite checks every row's node count
//! against `baseline`'s before it prints a rate.
//!
//! Suite arguments taken here:
//! - `--no-c`: leave the C rows out (e.g. on a machine without a C compiler).
//! - `--external 'CMD {puz} {hnt}'`, `--external-name NAME`,
//!   `--external-format genbody|result-line`: one more row running a program of the user's
//!   on the same board, written as McGavin's `.puz`/`.hnt` (rows from the top, rotations
//!   clockwise) into a temporary directory. `{nodes}` in the command, if present, receives the
//!   board's node budget; without it the row runs only on boards enumerated to completion.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::time::Duration;

use eternity_solver::Instance;

use super::external::{External, ExternalFormat};
use super::{BuiltEngine, CBoard, CCompiler, CEngine, CpuTarget, Status, TempDir, write_mcgavin};
use crate::Ctx;
use crate::error::HarnessError;
use crate::suites::eternity::{EngineRow, EngineRun, Limit, SuiteArgs};

/// Node counts of complete `c-generated` runs per board, for marking the external row exact.
type Counts = Rc<RefCell<HashMap<String, u64>>>;

/// A key that tells boards apart even when they share a name.
fn board_key(board: &CBoard) -> String {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    format!("{board:?}").hash(&mut h);
    format!("{}-{:016x}", board.name, h.finish())
}

/// The rows: `c-generated` and `c-table`, plus the external row when `--external` is given.
pub fn c_rows(_ctx: &Ctx, args: &mut SuiteArgs) -> crate::Result<Vec<EngineRow>> {
    let mut ext_args = Vec::new();
    for flag in ["--external", "--external-name", "--external-format"] {
        if let Some(v) = args.take_value(flag)? {
            ext_args.push(flag.to_string());
            ext_args.push(v);
        }
    }
    let external = External::take_from_args(&mut ext_args)?;
    let no_c = args.take_flag("--no-c");
    let mut rows = Vec::new();
    let counts: Counts = Rc::default();
    if !no_c {
        let compiler = Rc::new(CCompiler::new(CpuTarget::from_env())?);
        // The exact build line of the C rows, once, beside the table (stderr keeps stdout's
        // table and last line as they are).
        eprintln!("eternity C rows built with: {}", compiler.describe());
        for engine in CEngine::ALL {
            rows.push(engine_row(engine, Rc::clone(&compiler), Rc::clone(&counts)));
        }
    }
    if let Some(ext) = external {
        rows.push(external_row(ext, counts));
    }
    Ok(rows)
}

fn engine_row(engine: CEngine, compiler: Rc<CCompiler>, counts: Counts) -> EngineRow {
    let mut built: HashMap<String, BuiltEngine> = HashMap::new();
    EngineRow::new(engine.name(), move |inst: &Instance, limit: Limit| {
        if limit.mode != eternity_solver::engine::Mode::All {
            return Err(HarnessError::usage(
                "the C engines enumerate every solution; stop-at-first is not built",
            ));
        }
        let board = CBoard::from_instance(inst);
        let key = board_key(&board);
        if !built.contains_key(&key) {
            let b = BuiltEngine::build(engine, &board, &compiler)?;
            built.insert(key.clone(), b);
        }
        let run = built[&key].run(limit.max_nodes)?;
        let expected = if limit.max_nodes.is_some_and(|m| run.nodes == m) {
            Status::Budget
        } else {
            Status::Complete
        };
        if run.status != expected {
            return Err(HarnessError::external(format!(
                "{} ended with {:?}",
                engine.name(),
                run.status
            )));
        }
        if engine == CEngine::Generated && run.status == Status::Complete {
            counts.borrow_mut().insert(key, run.nodes);
        }
        // The child's whole CPU time is the figure (start-up is milliseconds); the search's
        // own time is in its result line for anyone who runs the program by hand.
        Ok(
            EngineRun::new(run.nodes, run.solutions.unwrap_or(0), run.cpu)
                .with_note("child process, -O3"),
        )
    })
}

fn external_row(ext: External, counts: Counts) -> EngineRow {
    let mut files: HashMap<String, (TempDir, std::path::PathBuf, std::path::PathBuf)> =
        HashMap::new();
    EngineRow::new(ext.name.clone(), move |inst: &Instance, limit: Limit| {
        let board = CBoard::from_instance(inst);
        let key = board_key(&board);
        if limit.max_nodes.is_some() && !ext.takes_budget() {
            // Nothing comparable can be measured: the program would run past the budget.
            return Ok(EngineRun::new(0, 0, Duration::ZERO).with_note(
                "not run: this board has a node budget and the command has no {nodes}",
            ));
        }
        if !files.contains_key(&key) {
            let dir = TempDir::new("bench-harness-external")?;
            let (puz, hnt) = write_mcgavin(&board, dir.path())?;
            files.insert(key.clone(), (dir, puz, hnt));
        }
        let (_, puz, hnt) = &files[&key];
        let pins = inst.hints().len() as u64;
        let run = ext.run(puz, hnt, pins, limit.max_nodes)?;
        let mut notes = Vec::new();
        if ext.format == ExternalFormat::Genbody {
            notes.push(format!(
                "genbody counts {} incl. {pins} pins ({}); shown without pins",
                run.reported_nodes, run.source
            ));
        }
        if limit.max_nodes.is_none() {
            match counts.borrow().get(&key) {
                Some(&c) if c == run.nodes => notes.push("exact (= c-generated)".into()),
                Some(&c) => notes.push(format!("NOT exact: c-generated counts {c}")),
                None => {}
            }
        }
        if let Some(rate) = run.reported_rate {
            notes.push(format!(
                "its own rate {} M/s",
                crate::report::sig3(rate / 1e6)
            ));
        }
        let solutions = match ext.format {
            ExternalFormat::ResultLine => run.solutions.unwrap_or(0),
            ExternalFormat::Genbody => {
                notes.push("solutions not read".into());
                0
            }
        };
        Ok(EngineRun::new(run.nodes, solutions, run.cpu).with_note(notes.join("; ")))
    })
}
