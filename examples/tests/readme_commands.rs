//! The command lines of `examples/README.md` run as written, with their outputs checked.
//!
//! Every line of a ```` ```sh ```` block of that README is a command a reader may paste. Each
//! is run here by `bash` (with `pipefail`), `cargo run --release -p examples --example NAME
//! --` standing for the built program, in a temporary directory that sees the repository's
//! `testdata/`, with `HOME` and the cache directories pointed inside it, so nothing is
//! written anywhere else. A line's comment says what it must show: `-> TEXT` (TEXT appears in
//! its standard output or error) and, for a failure the README shows on purpose, `exit N`.
//! Lines of ```` ```text ```` blocks (long runs, or files of the reader's own) are not run.

use std::path::Path;
use std::process::Command;

mod common;
use common::root;

/// One command line of the README and what its comment expects.
#[derive(Debug)]
struct Line {
    /// The command as written (without its comment).
    command: String,
    /// The exit status expected (0 unless the comment says `exit N`).
    status: i32,
    /// The text the output must contain (after `->` in the comment).
    expect: String,
}

/// The README's ```` ```sh ```` lines, in order.
fn lines(readme: &str) -> Vec<Line> {
    let mut out = Vec::new();
    let mut in_sh = false;
    for raw in readme.lines() {
        let t = raw.trim();
        if t.starts_with("```") {
            in_sh = !in_sh && t == "```sh";
            continue;
        }
        if !in_sh || t.is_empty() || t.starts_with('#') {
            continue;
        }
        let (command, comment) = match t.find("  # ") {
            Some(k) => (t[..k].trim(), t[k + 4..].trim()),
            None => (t, ""),
        };
        let status = comment
            .split(';')
            .find_map(|part| part.trim().strip_prefix("exit "))
            .map_or(0, |n| n.trim().parse().expect("`exit N` takes a number"));
        let expect = comment
            .split_once("->")
            .map(|(_, e)| e.trim().to_string())
            .unwrap_or_default();
        out.push(Line {
            command: command.to_string(),
            status,
            expect,
        });
    }
    out
}

/// Where `cargo test` built the example programs.
fn examples_dir() -> std::path::PathBuf {
    let exe = std::env::current_exe().expect("the test knows where it is");
    exe.parent()
        .and_then(|d| d.parent())
        .expect("target/<profile>")
        .join("examples")
}

fn run(line: &Line, dir: &Path) -> (i32, String) {
    let programs = examples_dir();
    let command = line
        .command
        .split("cargo run --release -p examples --example ")
        .enumerate()
        .map(|(k, part)| {
            if k == 0 {
                return part.to_string();
            }
            // `NAME -- ARGS` (or `NAME` alone) after the prefix.
            let (name, rest) = part.split_once(' ').unwrap_or((part, ""));
            let rest = rest.strip_prefix("--").unwrap_or(rest);
            format!("'{}'{rest}", programs.join(name).display())
        })
        .collect::<String>();
    let home = dir.join("home");
    std::fs::create_dir_all(&home).expect("a home in the temporary directory");
    let out = Command::new("bash")
        .args(["-c", &format!("set -o pipefail\n{command}")])
        .current_dir(dir)
        .env("HOME", &home)
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .env_remove("SLIDE_PDB_DIR")
        .output()
        .expect("bash runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().unwrap_or(-1), text)
}

#[test]
fn every_command_line_of_the_examples_readme_runs_as_documented() {
    let readme = std::fs::read_to_string(root().join("examples/README.md")).expect("README");
    let lines = lines(&readme);
    assert!(
        lines.len() >= 25,
        "only {} command lines found",
        lines.len()
    );
    let dir = std::env::temp_dir().join(format!("examples-readme-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    std::os::unix::fs::symlink(root().join("testdata"), dir.join("testdata"))
        .expect("testdata linked into the temporary directory");
    let mut failures = Vec::new();
    for line in &lines {
        assert!(
            !line.expect.is_empty(),
            "`{}` says nothing of its output: add `# -> TEXT`",
            line.command
        );
        let (status, text) = run(line, &dir);
        if status != line.status || !text.contains(&line.expect) {
            let tail: String = text
                .chars()
                .rev()
                .take(600)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            failures.push(format!(
                "`{}`: exit {status} (expected {}), output lacks `{}`?\n{tail}",
                line.command, line.status, line.expect
            ));
        }
    }
    let home_files = std::fs::read_dir(dir.join("home"))
        .map(|d| d.count())
        .unwrap_or(0);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert_eq!(home_files, 0, "a program wrote into HOME");
}

#[test]
fn the_parser_reads_status_and_expectation() {
    let text =
        "```sh\ncargo run -p x  # exit 1; -> no path\nls  # -> a b\n```\n```text\nnot run\n```\n";
    let l = lines(text);
    assert_eq!(l.len(), 2);
    assert_eq!((l[0].status, l[0].expect.as_str()), (1, "no path"));
    assert_eq!((l[1].status, l[1].expect.as_str()), (0, "a b"));
}
