//! `compare -- eternity`: Eternity II engines side by side on the same tree.
//!
//! Boards: `bench-hard` (never terminates) for a fixed node budget, and `bench-easy-h40` to
//! completion (487,397,329 nodes, one solution). `--quick` runs `bench-easy-h52` (151,512
//! nodes) once, in well under a second, to check that every row runs and agrees.
//!
//! Each round runs every row once per board, round-robin (A B C A B C ...), measuring CPU
//! time. The table shows per board and engine: nodes, solutions, median CPU seconds with the
//! spread, M nodes per CPU-second and the paired ratios to `baseline` and to the Rust
//! `codegen` row at the default group size. The reference count is
//! `baseline`'s (or the first row's, if no baseline row exists); a row whose node count
//! disagrees with it in any round gets no rate, and the table says why.
//!
//! Suite arguments: `--hard-nodes N` (node budget on bench-hard; default 100,000,000);
//! `--score` runs the score-search curve instead (see [`super::eternity_score`]).
//!
//! # Extension points (one line each)
//! - **A new engine row**: write a provider `fn my_rows(ctx: &Ctx, args: &mut SuiteArgs) ->
//!   crate::Result<Vec<EngineRow>>` (in your own module) that returns one [`EngineRow`] per
//!   engine: a name and a closure `FnMut(&Instance, Limit) -> crate::Result<EngineRun>`
//!   that runs the search on that instance in row-major order within the [`Limit`] and
//!   reports nodes, solutions and the CPU time it took (use [`crate::measure::cpu_timed`] for
//!   in-process work, [`crate::measure::children_cpu`] for a child process). Then add it to
//!   [`PROVIDERS`]. Rows appear in provider order.
//! - **Arguments**: a provider takes its own flags out of [`SuiteArgs`]
//!   ([`SuiteArgs::take_value`], [`SuiteArgs::take_flag`]); flags left over are an error.
//! - **Errors**: a closure's [`HarnessError`] is shown in the row's `note` column (its
//!   [`chain`](HarnessError::chain)); a row that fails in every round ends the suite.
//! - **Notes**: [`EngineRun::with_note`] puts a remark in the row (e.g. a node count taken
//!   under another definition); it shows in the `note` column.
//! - **Last line**: built by [`last_line`] from the rates on the headline board.

use std::time::Duration;

use eternity_solver::engine::{self, EngineKind, Limits, Mode};
use eternity_solver::{FillOrder, Instance, format};

use crate::error::{HarnessError, Result};
use crate::measure::{Samples, cpu_timed, paired_ratio};
use crate::report::{SuiteReport, Table, pct, sig3};
use crate::{Ctx, testdata};

/// What a row must do on a board: row-major strict DFS, hints pre-placed, enumerate all
/// solutions (or stop at the first), stopping after `max_nodes` nodes if given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    /// Node budget (exactly this many nodes are counted when the tree is larger).
    pub max_nodes: Option<u64>,
    /// Enumerate or stop at the first solution.
    pub mode: Mode,
}

impl Limit {
    /// The same limit as `eternity_solver` [`Limits`].
    pub fn limits(self) -> Limits {
        Limits {
            mode: self.mode,
            max_nodes: self.max_nodes,
        }
    }
}

/// What one run of one row reported.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineRun {
    /// Nodes counted (committed placements, hints not counted).
    pub nodes: u64,
    /// Solutions found.
    pub solutions: u64,
    /// CPU time the run took.
    pub cpu: Duration,
    /// A remark for the table.
    pub note: Option<String>,
}

impl EngineRun {
    /// A run's figures, without a note.
    pub fn new(nodes: u64, solutions: u64, cpu: Duration) -> EngineRun {
        EngineRun {
            nodes,
            solutions,
            cpu,
            note: None,
        }
    }

    /// The same figures with a remark for the table.
    pub fn with_note(self, note: impl Into<String>) -> EngineRun {
        EngineRun {
            note: Some(note.into()),
            ..self
        }
    }
}

/// The closure a row runs: search `inst` within the limit, report what it did.
pub type RunFn = Box<dyn FnMut(&Instance, Limit) -> Result<EngineRun>>;

/// One engine in the table.
pub struct EngineRow {
    /// Name shown in the table and used by the last line (`baseline`, `table`, ...).
    pub name: String,
    /// Runs it.
    pub run: RunFn,
}

impl EngineRow {
    /// A row named `name` that runs `run`.
    pub fn new(
        name: impl Into<String>,
        run: impl FnMut(&Instance, Limit) -> Result<EngineRun> + 'static,
    ) -> EngineRow {
        EngineRow {
            name: name.into(),
            run: Box::new(run),
        }
    }
}

/// The suite's arguments, taken out by the suite and its providers; whatever is left is an
/// error.
#[derive(Clone, Debug, Default)]
pub struct SuiteArgs {
    rest: Vec<String>,
}

impl SuiteArgs {
    /// Wraps the arguments given after the suite name.
    pub fn new(args: &[String]) -> SuiteArgs {
        SuiteArgs {
            rest: args.to_vec(),
        }
    }

    /// Takes `--name VALUE` (the last one wins if repeated); an error if the value is missing.
    pub fn take_value(&mut self, name: &str) -> Result<Option<String>> {
        let mut out = None;
        while let Some(i) = self.rest.iter().position(|a| a == name) {
            if i + 1 >= self.rest.len() {
                return Err(HarnessError::usage(format!("{name} needs a value")));
            }
            out = Some(self.rest.remove(i + 1));
            self.rest.remove(i);
        }
        Ok(out)
    }

    /// Takes a bare `--name` flag; true if it was there.
    pub fn take_flag(&mut self, name: &str) -> bool {
        let before = self.rest.len();
        self.rest.retain(|a| a != name);
        self.rest.len() != before
    }

    /// An error naming the arguments nobody took, if any.
    pub fn finish(self) -> Result<()> {
        if self.rest.is_empty() {
            Ok(())
        } else {
            Err(HarnessError::usage(format!(
                "unknown eternity suite arguments: {}",
                self.rest.join(" ")
            )))
        }
    }
}

/// Builds rows for the table; see the module docs.
pub type RowProvider = fn(&Ctx, &mut SuiteArgs) -> Result<Vec<EngineRow>>;

/// Every row provider, in table order. Add yours here (one line).
pub const PROVIDERS: &[RowProvider] = &[
    solver_rows,
    crate::eternity_c::rows::c_rows,
    super::eternity_codegen::codegen_rows,
];

/// The rows of `eternity-solver`'s own engines: `baseline` and `table`.
pub fn solver_rows(_ctx: &Ctx, _args: &mut SuiteArgs) -> Result<Vec<EngineRow>> {
    Ok(EngineKind::ALL
        .into_iter()
        .map(|kind| {
            EngineRow::new(kind.name(), move |inst: &Instance, limit: Limit| {
                let order = FillOrder::row_major(inst);
                let (out, cpu) = cpu_timed(|| engine::run(kind, inst, &order, limit.limits()));
                Ok(EngineRun::new(out.nodes, out.solutions, cpu))
            })
        })
        .collect())
}

/// Every row of every provider.
pub fn engines(ctx: &Ctx, args: &mut SuiteArgs) -> Result<Vec<EngineRow>> {
    let mut rows = Vec::new();
    for p in PROVIDERS {
        rows.extend(p(ctx, args)?);
    }
    Ok(rows)
}

/// A board of the suite with what each row must do on it.
pub struct BenchBoard {
    /// Short name for the table.
    pub name: &'static str,
    /// The instance.
    pub instance: Instance,
    /// The limit every row runs with.
    pub limit: Limit,
    /// True for the board the last line quotes.
    pub headline: bool,
}

/// Reads a board from `testdata/eternity/`.
pub fn load(rel: &str) -> Result<Instance> {
    let path = testdata().join("eternity").join(rel);
    format::json::read(&path).map_err(|e| HarnessError::input(path.display().to_string(), e))
}

/// Default node budget on bench-hard.
pub const HARD_NODES: u64 = 100_000_000;

/// The boards a run uses: bench-hard (budget) and bench-easy-h40 (to completion); in quick
/// mode bench-easy-h52 only.
pub fn boards(ctx: &Ctx, hard_nodes: u64) -> Result<Vec<BenchBoard>> {
    let all = Limit {
        max_nodes: None,
        mode: Mode::All,
    };
    if ctx.quick {
        return Ok(vec![BenchBoard {
            name: "bench-easy-h52",
            instance: load("oracles/bench-easy-h52.json")?,
            limit: all,
            headline: true,
        }]);
    }
    Ok(vec![
        BenchBoard {
            name: "bench-hard",
            instance: load("dfs-study-bench/bench-hard.json")?,
            limit: Limit {
                max_nodes: Some(hard_nodes),
                mode: Mode::All,
            },
            headline: true,
        },
        BenchBoard {
            name: "bench-easy-h40",
            instance: load("oracles/bench-easy-h40.json")?,
            limit: all,
            headline: false,
        },
    ])
}

/// What was measured for one row on one board.
#[derive(Clone, Debug, Default)]
pub struct RowResult {
    /// Row name.
    pub name: String,
    /// Node count of each round.
    pub nodes: Vec<u64>,
    /// Solutions of each round.
    pub solutions: Vec<u64>,
    /// CPU seconds of each round.
    pub cpu: Samples,
    /// Rate (M nodes per CPU-second) of each round.
    pub rate: Samples,
    /// Notes and errors.
    pub notes: Vec<String>,
    /// True when every round ran and matched the reference count.
    pub agrees: bool,
}

/// The line `compare` ends the suite with (`codegen` is the default group size's row).
pub fn last_line(codegen: f64, table: f64, baseline: f64) -> String {
    format!(
        "eternity: codegen {} M/cpu-s, table {}, baseline {}, speedup-vs-baseline {}x",
        sig3(codegen),
        sig3(table),
        sig3(baseline),
        sig3(codegen / baseline)
    )
}

/// Runs the suite.
pub fn run(ctx: &Ctx) -> Result<SuiteReport> {
    let mut args = SuiteArgs::new(&ctx.args);
    if args.take_flag("--score") {
        return super::eternity_score::run(ctx, args);
    }
    let hard_nodes = match args.take_value("--hard-nodes")? {
        Some(v) => v.parse().map_err(|_| {
            HarnessError::usage(format!("--hard-nodes needs a whole number, got `{v}`"))
        })?,
        None => HARD_NODES,
    };
    let mut rows = engines(ctx, &mut args)?;
    args.finish()?;
    if rows.is_empty() {
        return Err(HarnessError::not_measured("no engine rows"));
    }
    let boards = boards(ctx, hard_nodes)?;
    let rounds = ctx.rounds();
    let mut report = SuiteReport {
        suite: "eternity".into(),
        ..SuiteReport::default()
    };
    let mut table = Table::new([
        "board",
        "engine",
        "nodes",
        "solutions",
        "cpu s",
        "spread",
        "M/cpu-s",
        "vs baseline",
        "vs codegen",
        "note",
    ]);
    let mut headline = (f64::NAN, f64::NAN);
    let mut headline_codegen = f64::NAN;
    for b in &boards {
        let mut results: Vec<RowResult> = rows
            .iter()
            .map(|r| RowResult {
                name: r.name.clone(),
                ..RowResult::default()
            })
            .collect();
        // The first error of each row, the cause if the row never runs.
        let mut first_error: Vec<Option<HarnessError>> = rows.iter().map(|_| None).collect();
        for _ in 0..rounds {
            for ((row, res), first) in rows
                .iter_mut()
                .zip(results.iter_mut())
                .zip(first_error.iter_mut())
            {
                match (row.run)(&b.instance, b.limit) {
                    Ok(run) => {
                        let secs = run.cpu.as_secs_f64();
                        res.nodes.push(run.nodes);
                        res.solutions.push(run.solutions);
                        res.cpu.push(secs);
                        res.rate.push(if secs > 0.0 {
                            run.nodes as f64 / secs / 1e6
                        } else {
                            f64::NAN
                        });
                        if let Some(n) = run.note
                            && !res.notes.contains(&n)
                        {
                            res.notes.push(n);
                        }
                    }
                    Err(e) => {
                        let text = e.chain();
                        if !res.notes.contains(&text) {
                            res.notes.push(format!("error: {text}"));
                        }
                        first.get_or_insert(e);
                    }
                }
            }
        }
        // The reference count: baseline's, else the first row with a count.
        let reference = results
            .iter()
            .find(|r| r.name == "baseline")
            .or_else(|| results.first())
            .and_then(|r| r.nodes.first().copied());
        for r in &mut results {
            let all_ran = r.nodes.len() == rounds;
            let same = r.nodes.iter().all(|&n| Some(n) == reference);
            r.agrees = all_ran && same;
            if all_ran && !same {
                r.notes.push(format!(
                    "node count {} differs from the reference {}: no rate",
                    r.nodes.first().copied().unwrap_or(0),
                    reference.unwrap_or(0)
                ));
            }
        }
        let base = results
            .iter()
            .find(|r| r.name == "baseline" && r.agrees)
            .map(|r| r.rate.clone());
        // The Rust codegen row at the default group size: the yardstick the C rows are
        // compared with, paired per round like the baseline ratio.
        let codegen = results
            .iter()
            .find(|r| r.name == super::eternity_codegen::headline_row() && r.agrees)
            .map(|r| r.rate.clone());
        let paired = |r: &RowResult, to: &Option<Samples>| {
            to.as_ref()
                .map_or(f64::NAN, |t| paired_ratio(&r.rate, t).median())
        };
        let times = |x: f64| {
            if x.is_finite() {
                format!("{}x", sig3(x))
            } else {
                "-".into()
            }
        };
        for r in &results {
            let nodes = r.nodes.first().map_or("-".into(), |n| n.to_string());
            let sols = r.solutions.first().map_or("-".into(), |n| n.to_string());
            let (rate, ratio, vs_codegen) = if r.agrees {
                (r.rate.median(), paired(r, &base), paired(r, &codegen))
            } else {
                (f64::NAN, f64::NAN, f64::NAN)
            };
            table.row([
                b.name.to_string(),
                r.name.clone(),
                nodes,
                sols,
                sig3(r.cpu.median()),
                pct(r.cpu.spread()),
                sig3(rate),
                times(ratio),
                times(vs_codegen),
                r.notes.join("; "),
            ]);
            if rate.is_finite() {
                report.figure(format!("{} {}", b.name, r.name), rate, "M/cpu-s");
            }
            if b.headline {
                if r.name == "table" {
                    headline.0 = rate;
                } else if r.name == "baseline" {
                    headline.1 = rate;
                } else if r.name == super::eternity_codegen::headline_row() {
                    headline_codegen = rate;
                }
            }
        }
        // Every row must at least run; a disagreeing count is shown, not fatal, so the table
        // can say which engine is wrong.
        if let Some(k) = results.iter().position(|r| r.nodes.is_empty()) {
            print!("{}", table.render());
            let r = &results[k];
            return Err(HarnessError::Row {
                row: r.name.clone(),
                board: b.name.to_string(),
                notes: r.notes.join("; "),
                source: first_error[k].take().map(Box::new),
            });
        }
    }
    report.table = table;
    report.last_line = last_line(headline_codegen, headline.0, headline.1);
    if headline.0.is_finite() && headline.1.is_finite() {
        report.figure("speedup table/baseline", headline.0 / headline.1, "x");
    }
    if headline_codegen.is_finite() && headline.1.is_finite() {
        report.figure(
            "speedup codegen/baseline",
            headline_codegen / headline.1,
            "x",
        );
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suite_args_take_and_reject() {
        let mut a = SuiteArgs::new(&["--hard-nodes".into(), "5".into(), "--x".into()]);
        assert_eq!(a.take_value("--hard-nodes").unwrap(), Some("5".into()));
        assert!(a.take_flag("--x"));
        assert!(a.finish().is_ok());
        let mut b = SuiteArgs::new(&["--hard-nodes".into()]);
        assert!(b.take_value("--hard-nodes").is_err());
        assert!(SuiteArgs::new(&["--nope".into()]).finish().is_err());
    }

    #[test]
    fn last_line_format() {
        assert_eq!(
            last_line(110.0, 87.0, 31.0),
            "eternity: codegen 110 M/cpu-s, table 87.0, baseline 31.0, speedup-vs-baseline 3.55x"
        );
    }

    #[test]
    fn quick_run_agrees_on_h52() {
        // The generated programs are compiled in a temporary folder, not the user's cache.
        let cache = std::env::temp_dir().join("bench-harness-test-codegen-cache");
        let ctx = Ctx {
            quick: true,
            rounds: 1,
            args: vec!["--codegen-cache".into(), cache.display().to_string()],
        };
        let r = run(&ctx).unwrap();
        assert!(r.last_line.starts_with("eternity: codegen "));
        assert!(r.table.rows.iter().all(|row| row[2] == "151512"));
    }
}
