//! Runs an engine as a child process, measures its CPU time and reads its result.

use std::process::{Command, Stdio};
use std::time::Duration;

use crate::error::{HarnessError, Result};
use crate::measure::children_cpu;

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The tree was enumerated to the end.
    Complete,
    /// The node budget was spent.
    Budget,
    /// The program did not say.
    Unknown,
}

/// What one run of a C engine reported, with the CPU time the harness measured.
#[derive(Clone, Debug, PartialEq)]
pub struct CRun {
    /// Nodes (committed placements, pins not counted).
    pub nodes: u64,
    /// Solutions found.
    pub solutions: Option<u64>,
    /// The search's own CPU seconds, as the program reported them.
    pub reported_cpu_s: Option<f64>,
    /// CPU time of the whole child process (user + system, `getrusage(RUSAGE_CHILDREN)`).
    pub cpu: Duration,
    /// How it ended.
    pub status: Status,
}

impl CRun {
    /// Nodes per CPU-second of the child process, in millions.
    pub fn m_nodes_per_cpu_s(&self) -> f64 {
        self.nodes as f64 / self.cpu.as_secs_f64().max(1e-9) / 1e6
    }
}

/// The fields of a `nodes=... solutions=... cpu_s=... status=...` line (the last such line).
pub fn parse_result_line(stdout: &str) -> Option<CRun> {
    let line = stdout.lines().rev().find(|l| {
        l.split_whitespace().any(|w| {
            w.strip_prefix("nodes=")
                .is_some_and(|v| v.parse::<u64>().is_ok())
        })
    })?;
    let mut run = CRun {
        nodes: 0,
        solutions: None,
        reported_cpu_s: None,
        cpu: Duration::ZERO,
        status: Status::Unknown,
    };
    for word in line.split_whitespace() {
        let Some((key, value)) = word.split_once('=') else {
            continue;
        };
        match key {
            "nodes" => run.nodes = value.parse().ok()?,
            "solutions" => run.solutions = value.parse().ok(),
            "cpu_s" => run.reported_cpu_s = value.parse().ok(),
            "status" => {
                run.status = match value {
                    "complete" => Status::Complete,
                    "budget" => Status::Budget,
                    _ => Status::Unknown,
                }
            }
            _ => {}
        }
    }
    Some(run)
}

/// What a child process printed, with its CPU time.
#[derive(Clone, Debug)]
pub struct ChildOutput {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// CPU time of the child (user + system).
    pub cpu: Duration,
}

/// Runs `cmd` to the end (stdin closed, output captured) and measures its CPU time with
/// `getrusage(RUSAGE_CHILDREN)` around the wait. A command that cannot start, or that exits
/// with a failure status, is an error that quotes the command and its stderr.
///
/// The measurement counts every child this process reaps meanwhile, so the harness runs its
/// engines one at a time.
pub fn run_child(mut cmd: Command, what: &str) -> Result<ChildOutput> {
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let before = children_cpu();
    let out = cmd.output().map_err(|e| HarnessError::Spawn {
        command: what.to_string(),
        source: e,
    })?;
    let cpu = children_cpu().saturating_sub(before);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    if !out.status.success() {
        return Err(HarnessError::Failed {
            command: what.to_string(),
            status: out.status,
            stderr: tail(&stderr),
        });
    }
    Ok(ChildOutput {
        stdout,
        stderr,
        cpu,
    })
}

/// Runs an engine that ends with a result line and returns what it reported.
pub fn run_engine(cmd: Command, what: &str) -> Result<CRun> {
    let out = run_child(cmd, what)?;
    let mut run = parse_result_line(&out.stdout).ok_or_else(|| HarnessError::NoResult {
        command: what.to_string(),
        expected: "a line `nodes=<n> ... cpu_s=<t>`".into(),
        stdout: tail(&out.stdout),
    })?;
    run.cpu = out.cpu;
    Ok(run)
}

/// The last few lines of a program's output, for error messages.
pub(crate) fn tail(s: &str) -> String {
    let lines: Vec<&str> = s.lines().collect();
    let from = lines.len().saturating_sub(8);
    lines[from..].join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_last_result_line() {
        let out = "progress 5\nnodes=12 solutions=1 cpu_s=0.5 status=complete\n";
        let r = parse_result_line(out).unwrap();
        assert_eq!(r.nodes, 12);
        assert_eq!(r.solutions, Some(1));
        assert_eq!(r.reported_cpu_s, Some(0.5));
        assert_eq!(r.status, Status::Complete);
        assert!(parse_result_line("nodes=x\n").is_none());
        assert!(parse_result_line("").is_none());
        // The eternity example's line carries more fields; they are ignored.
        let r = parse_result_line("nodes=7 solutions=0 best_score=3 max_depth=2 cpu_s=1").unwrap();
        assert_eq!((r.nodes, r.status), (7, Status::Unknown));
    }
}
