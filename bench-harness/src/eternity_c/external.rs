//! Runs an external engine (a user-built headless `genbody`, or any program) on the same board.
//!
//! The user gives a command template such as `'./e2solver {puz} {hnt}'`; the harness writes
//! the board as McGavin's `.puz` and `.hnt` into a temporary directory, substitutes the paths
//! (shell-quoted), runs the command with `sh -c`, measures its CPU time with `getrusage` and
//! reads its node count from its output in one of two formats:
//!
//! - [`ExternalFormat::Genbody`]: the final summary line with `tiles placed` (the number
//!   before those words is the count; a `tiles/second` figure on it is kept as the program's
//!   own rate); without a summary, the last `Rate:` line (its first number). `genbody` counts
//!   the pinned pieces as placements too, so the harness shows both its count and the count
//!   less the pins, which is what the family's engines count.
//! - [`ExternalFormat::ResultLine`]: the family's own `nodes=<n> ... cpu_s=<t>` line.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use super::run::{parse_result_line, run_child, tail};
use crate::error::{HarnessError, Result};

/// How to read the external program's output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ExternalFormat {
    /// McGavin's `genbody` output: `Rate:` lines and a `tiles placed` summary.
    #[default]
    Genbody,
    /// A `nodes=<n> ... cpu_s=<t>` line.
    ResultLine,
}

impl ExternalFormat {
    /// Parses `genbody` or `result-line`.
    pub fn parse(s: &str) -> Result<ExternalFormat> {
        match s {
            "genbody" => Ok(ExternalFormat::Genbody),
            "result-line" => Ok(ExternalFormat::ResultLine),
            other => Err(HarnessError::usage(format!(
                "external command: unknown --external-format `{other}` (expected genbody or result-line)"
            ))),
        }
    }

    /// Whether the program counts pinned pieces as placements.
    pub fn counts_pins(self) -> bool {
        self == ExternalFormat::Genbody
    }
}

/// An external engine given on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct External {
    /// Row name.
    pub name: String,
    /// The command template with `{puz}` and optionally `{hnt}` and `{nodes}` (a node budget).
    pub template: String,
    /// Output format.
    pub format: ExternalFormat,
}

/// What the external engine reported.
#[derive(Clone, Debug, PartialEq)]
pub struct ExternalRun {
    /// The program's own count (for genbody this includes the pinned pieces).
    pub reported_nodes: u64,
    /// The count as the family defines it (pins not counted).
    pub nodes: u64,
    /// Where the count was read.
    pub source: &'static str,
    /// The program's own rate, when it printed one (nodes per second).
    pub reported_rate: Option<f64>,
    /// Solutions, when the format reports them (result line only).
    pub solutions: Option<u64>,
    /// CPU time of the child process (user + system).
    pub cpu: Duration,
}

impl ExternalRun {
    /// Nodes (family definition) per CPU-second, in millions.
    pub fn m_nodes_per_cpu_s(&self) -> f64 {
        self.nodes as f64 / self.cpu.as_secs_f64().max(1e-9) / 1e6
    }
}

impl External {
    /// Takes `--external CMD`, `--external-name NAME` and `--external-format F` out of `args`.
    /// Returns `None` when `--external` is absent (and the other two are then refused).
    pub fn take_from_args(args: &mut Vec<String>) -> Result<Option<External>> {
        let mut template = None;
        let mut name = None;
        let mut format = ExternalFormat::default();
        let mut rest = Vec::new();
        let mut it = std::mem::take(args).into_iter();
        while let Some(a) = it.next() {
            let (flag, inline) = match a.split_once('=') {
                Some((f, v)) if f.starts_with("--external") => (f.to_string(), Some(v.to_string())),
                _ => (a.clone(), None),
            };
            let mut value = |flag: &str| {
                inline.clone().or_else(|| it.next()).ok_or_else(|| {
                    HarnessError::usage(format!("external command: {flag} needs a value"))
                })
            };
            match flag.as_str() {
                "--external" => template = Some(value("--external")?),
                "--external-name" => name = Some(value("--external-name")?),
                "--external-format" => {
                    format = ExternalFormat::parse(&value("--external-format")?)?
                }
                _ => rest.push(a),
            }
        }
        *args = rest;
        let Some(template) = template else {
            if name.is_some() {
                return Err(HarnessError::usage(
                    "external command: --external-name given without --external",
                ));
            }
            return Ok(None);
        };
        if !template.contains("{puz}") {
            return Err(HarnessError::usage(format!(
                "external command: the command `{template}` has no {{puz}} placeholder for the board file"
            )));
        }
        let name = name.unwrap_or_else(|| {
            let prog = template.split_whitespace().next().unwrap_or("external");
            let base = Path::new(prog)
                .file_name()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| prog.to_string());
            format!("ext:{base}")
        });
        Ok(Some(External {
            name,
            template,
            format,
        }))
    }

    /// Whether the template takes a node budget (`{nodes}`); without one the external row
    /// runs only on boards enumerated to completion.
    pub fn takes_budget(&self) -> bool {
        self.template.contains("{nodes}")
    }

    /// The shell command for these files.
    pub fn command_line(&self, puz: &Path, hnt: &Path, max_nodes: Option<u64>) -> String {
        self.template
            .replace("{puz}", &shell_quote(puz))
            .replace("{hnt}", &shell_quote(hnt))
            .replace("{nodes}", &max_nodes.unwrap_or(0).to_string())
    }

    /// Runs the command on the board files, measuring its CPU time; `pins` is the number of
    /// pinned pieces (subtracted from a genbody count).
    pub fn run(
        &self,
        puz: &Path,
        hnt: &Path,
        pins: u64,
        max_nodes: Option<u64>,
    ) -> Result<ExternalRun> {
        let line = self.command_line(puz, hnt, max_nodes);
        let mut cmd = Command::new("sh");
        cmd.arg("-c").arg(&line);
        let out = run_child(cmd, &line).map_err(|e| match e {
            HarnessError::Failed {
                command,
                status,
                stderr,
            } if status.code() == Some(127) => HarnessError::external(format!(
                "cannot run `{command}`: command not found ({status}): {stderr}"
            )),
            other => other,
        })?;
        let parsed = match self.format {
            ExternalFormat::ResultLine => parse_result_line(&out.stdout).map(|r| {
                let rate = match r.reported_cpu_s {
                    Some(t) if t > 0.0 => Some(r.nodes as f64 / t),
                    _ => None,
                };
                (r.nodes, "result line", rate, r.solutions)
            }),
            ExternalFormat::Genbody => {
                parse_genbody(&out.stdout).map(|(n, src, rate)| (n, src, rate, None))
            }
        };
        let Some((reported, source, reported_rate, solutions)) = parsed else {
            let expected = match self.format {
                ExternalFormat::ResultLine => "a line `nodes=<n> ... cpu_s=<t>`",
                ExternalFormat::Genbody => "a `... tiles placed ...` summary or a `Rate:` line",
            };
            return Err(HarnessError::NoResult {
                command: line,
                expected: expected.into(),
                stdout: tail(&out.stdout),
            });
        };
        let nodes = if self.format.counts_pins() {
            reported.saturating_sub(pins)
        } else {
            reported
        };
        Ok(ExternalRun {
            reported_nodes: reported,
            nodes,
            source,
            reported_rate,
            solutions,
            cpu: out.cpu,
        })
    }
}

/// Single-quotes a path for `sh`.
fn shell_quote(p: &Path) -> String {
    format!("'{}'", p.display().to_string().replace('\'', r"'\''"))
}

/// Numbers in a piece of text, commas between digit groups allowed.
fn numbers(s: &str) -> Vec<f64> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let flush = |cur: &mut String, out: &mut Vec<f64>| {
        let t = cur.trim_end_matches([',', '.']);
        if t.chars().any(|c| c.is_ascii_digit())
            && let Ok(v) = t.replace(',', "").parse()
        {
            out.push(v);
        }
        cur.clear();
    };
    for c in s.chars() {
        if c.is_ascii_digit() || ((c == ',' || c == '.') && !cur.is_empty()) {
            cur.push(c);
        } else {
            flush(&mut cur, &mut out);
        }
    }
    flush(&mut cur, &mut out);
    out
}

/// Reads a genbody-style output: the count before `tiles placed` on the last summary line
/// (with the figure before `tiles/s...` as the program's rate), else the first number of the
/// last `Rate:` line. Returns (count, where it came from, rate).
pub fn parse_genbody(stdout: &str) -> Option<(u64, &'static str, Option<f64>)> {
    let lower: Vec<String> = stdout.lines().map(str::to_ascii_lowercase).collect();
    if let Some(line) = lower.iter().rev().find(|l| l.contains("tiles placed")) {
        let at = line.find("tiles placed")?;
        let count = *numbers(&line[..at]).last()?;
        let rate = line
            .find("tiles/s")
            .and_then(|r| numbers(&line[..r]).last().copied());
        // A rate quoted as `12.3M tiles/second` scales.
        let rate = rate.map(|v| {
            let r = line.find("tiles/s").unwrap_or(0);
            let before = line[..r].trim_end();
            match before.chars().last() {
                Some('m') => v * 1e6,
                Some('k') => v * 1e3,
                _ => v,
            }
        });
        return Some((count as u64, "tiles placed summary", rate));
    }
    let line = lower
        .iter()
        .rev()
        .find(|l| l.trim_start().starts_with("rate:"))?;
    let count = *numbers(&line[line.find("rate:")? + 5..]).first()?;
    Some((count as u64, "last Rate: line", None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn genbody_summary_and_rate_lines() {
        let out = "Rate: 1,000,000 tiles\nRate: 2000000 tiles\n\
                   Done: 151530 tiles placed in 0.01 seconds, 15.2M tiles/second\n";
        let (n, src, rate) = parse_genbody(out).unwrap();
        assert_eq!((n, src), (151_530, "tiles placed summary"));
        assert_eq!(rate, Some(15.2e6));
        let (n, src, _) = parse_genbody("Rate: 2,000,000 placed\n").unwrap();
        assert_eq!((n, src), (2_000_000, "last Rate: line"));
        assert!(parse_genbody("nothing here\n").is_none());
    }

    #[test]
    fn random_output_never_panics_the_parsers() {
        // Text made of the pieces the parsers look for, glued at random.
        let parts = [
            "Rate:",
            "rate: ",
            "tiles placed",
            "tiles/second",
            " ",
            "\n",
            "1",
            "23",
            ",",
            ".",
            "M",
            "k",
            "nodes=",
            "cpu_s=",
            "=",
            "é",
            "status=budget",
            "solutions=",
            "-",
            "\t",
        ];
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..5000 {
            let mut text = String::new();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            for i in 0..(x % 24) {
                text.push_str(parts[((x >> (i % 50)) as usize + i as usize * 7) % parts.len()]);
            }
            let _ = parse_genbody(&text);
            let _ = parse_result_line(&text);
            let _ = numbers(&text);
        }
    }

    #[test]
    fn args_are_taken_and_checked() {
        let mut args: Vec<String> = ["--external", "./x {puz} {hnt}", "--foo"]
            .map(String::from)
            .to_vec();
        let e = External::take_from_args(&mut args).unwrap().unwrap();
        assert_eq!(args, vec!["--foo".to_string()]);
        assert_eq!(e.name, "ext:x");
        assert_eq!(e.format, ExternalFormat::Genbody);
        let mut bad = vec!["--external".to_string(), "./x".to_string()];
        assert!(External::take_from_args(&mut bad).is_err());
        let mut fmt = ["--external=./y {puz}", "--external-format", "result-line"]
            .map(String::from)
            .to_vec();
        let e = External::take_from_args(&mut fmt).unwrap().unwrap();
        assert_eq!(e.format, ExternalFormat::ResultLine);
        assert!(External::take_from_args(&mut vec![]).unwrap().is_none());
    }
}
