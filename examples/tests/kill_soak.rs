//! Crash safety of `eternity --save`: a long enumeration killed with SIGKILL at random moments
//! (20 times) and resumed each time from its state file ends with exactly the totals of one
//! uninterrupted run. The state is written through a temporary file and a rename, so a kill in
//! the middle of a save leaves the previous state, never half of one.
//!
//! The short soak (a ~6 CPU-second puzzle) runs with the tests; the long one is `#[ignore]`d:
//! `cargo test --release -p examples --test kill_soak -- --ignored`. `SOAK_SEED=N` replays the
//! kill moments of a run (each run prints its seed).

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;

fn eternity() -> Command {
    common::program("eternity")
}

/// The totals of the last line: nodes, solutions, best score and deepest depth.
fn totals(stdout: &[u8]) -> String {
    let text = String::from_utf8_lossy(stdout);
    let last = text.lines().last().unwrap_or_default();
    assert!(last.starts_with("nodes="), "no result line in {text}");
    last.split_whitespace()
        .filter(|f| !f.starts_with("cpu_s=") && !f.starts_with("nodes_per_cpu_s="))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A small xorshift generator: the kill moments, reproducible from the seed.
struct Moments(u64);

impl Moments {
    fn next_ms(&mut self, lo: u64, hi: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        lo + self.0 % (hi - lo)
    }
}

fn soak(puzzle: &str, kills: usize, max_wait_ms: u64) {
    let seed = std::env::var("SOAK_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
                | 1
        });
    eprintln!("kill soak on {puzzle}: SOAK_SEED={seed}");
    let mut moments = Moments(seed);

    let straight = eternity().args(["--quiet", puzzle]).output().unwrap();
    assert!(straight.status.success());
    let expected = totals(&straight.stdout);

    let dir = std::env::temp_dir().join(format!("kill-soak-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let state = dir.join("state");
    let run = |state: &Path| {
        let mut cmd = eternity();
        cmd.args(["--quiet", puzzle, "--save"]).arg(state);
        if state.exists() {
            cmd.arg("--resume").arg(state);
        }
        cmd
    };
    let mut finished_early = 0;
    for k in 0..kills {
        let mut child = run(&state)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let wait = Duration::from_millis(moments.next_ms(50, max_wait_ms));
        let start = Instant::now();
        // Killed at the moment drawn, unless it ended by itself before.
        while start.elapsed() < wait {
            if child.try_wait().unwrap().is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        match child.try_wait().unwrap() {
            Some(status) => {
                let out = child.wait_with_output().unwrap();
                assert!(
                    status.success(),
                    "run {k} failed: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
                finished_early += 1;
            }
            None => {
                child.kill().unwrap(); // SIGKILL on Unix
                child.wait().unwrap();
            }
        }
    }
    let last = run(&state).output().unwrap();
    assert!(
        last.status.success(),
        "the last resume failed: {}",
        String::from_utf8_lossy(&last.stderr)
    );
    assert_eq!(
        totals(&last.stdout),
        expected,
        "after {kills} kills ({finished_early} runs ended by themselves), seed {seed}"
    );
    // The state is in place (a save that a kill interrupted may leave its temporary file
    // beside it, never a half-written state under the state's name).
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert!(left.iter().any(|n| n == "state"), "{left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn twenty_kills_and_resumes_end_with_the_totals_of_one_run() {
    // About 490 million nodes: several seconds of search, so the kills land mid-run.
    soak("testdata/eternity/oracles/bench-easy-h40.json", 20, 1500);
}

#[cfg(unix)]
#[test]
#[ignore = "long: about 910 million nodes, killed at moments up to 4 s apart"]
fn twenty_kills_on_a_long_enumeration() {
    soak("testdata/eternity/oracles/bench-easy-h24.json", 20, 4000);
}
