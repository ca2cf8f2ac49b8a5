//! The C reference engines search the same tree as `eternity-solver`: same node counts on the
//! CI oracle (bench-easy-h52, 151,512 nodes, 1 solution), and a wrong fill order is caught.

use bench_harness::HarnessError;
use bench_harness::eternity_c::{
    BuiltEngine, CBoard, CCompiler, CEngine, CpuTarget, Status, check_count,
};
use eternity_solver::engine::{Limits, baseline};
use eternity_solver::{FillOrder, Instance};

const H52_NODES: u64 = 151_512;

fn h52() -> Instance {
    let path = bench_harness::testdata().join("eternity/oracles/bench-easy-h52.json");
    eternity_solver::format::json::read(path).expect("bench-easy-h52 loads")
}

fn compiler() -> CCompiler {
    CCompiler::new(CpuTarget::from_env()).expect("a C compiler is installed")
}

#[test]
fn both_c_engines_match_the_oracle_and_the_baseline_on_h52() {
    let inst = h52();
    let oracle = baseline::run(&inst, &FillOrder::row_major(&inst), Limits::all());
    assert_eq!(oracle.nodes, H52_NODES);
    let board = CBoard::from_instance(&inst);
    let cc = compiler();
    for engine in CEngine::ALL {
        let built = BuiltEngine::build(engine, &board, &cc).unwrap();
        let run = built.run(None).unwrap();
        assert_eq!(run.status, Status::Complete, "{}", engine.name());
        assert_eq!(run.solutions, Some(oracle.solutions), "{}", engine.name());
        check_count(engine.name(), "bench-easy-h52", oracle.nodes, run.nodes).unwrap();
    }
}

/// The bench oracle: bench-easy-h40 enumerates in 487,397,329 nodes with one solution in
/// both C engines (about 2 + 7 CPU-seconds after a 20-second build; `compare -- eternity`
/// checks it on every run too). `cargo test --release -p bench-harness --test eternity_c --
/// --ignored`.
#[test]
#[ignore = "long: about half a minute of CPU"]
fn both_c_engines_match_the_h40_oracle() {
    let path = bench_harness::testdata().join("eternity/oracles/bench-easy-h40.json");
    let inst = eternity_solver::format::json::read(path).unwrap();
    let board = CBoard::from_instance(&inst);
    let cc = compiler();
    for engine in CEngine::ALL {
        let run = BuiltEngine::build(engine, &board, &cc)
            .unwrap()
            .run(None)
            .unwrap();
        assert_eq!(run.solutions, Some(1), "{}", engine.name());
        check_count(engine.name(), "bench-easy-h40", 487_397_329, run.nodes).unwrap();
    }
}

#[test]
fn node_budget_stops_exactly_where_the_baseline_does() {
    let inst = h52();
    let limit = 10_007;
    let oracle = baseline::run(
        &inst,
        &FillOrder::row_major(&inst),
        Limits::all().with_max_nodes(limit),
    );
    let board = CBoard::from_instance(&inst);
    let cc = compiler();
    for engine in CEngine::ALL {
        let run = BuiltEngine::build(engine, &board, &cc)
            .unwrap()
            .run(Some(limit))
            .unwrap();
        assert_eq!(run.status, Status::Budget, "{}", engine.name());
        assert_eq!(run.nodes, oracle.nodes, "{}", engine.name());
        assert_eq!(run.solutions, Some(oracle.solutions), "{}", engine.name());
    }
}

#[test]
fn a_wrong_fill_order_is_caught_by_the_count_check() {
    // Column-major instead of row-major: the generated C searches the transposed board in
    // row-major order, a different tree (286,746,060 nodes, under a CPU-second) with the same
    // solution.
    let inst = h52();
    let wrong = CBoard::from_instance(&inst).transposed();
    let engine = CEngine::Generated;
    let run = BuiltEngine::build(engine, &wrong, &compiler())
        .unwrap()
        .run(None)
        .unwrap();
    assert_eq!(run.solutions, Some(1), "same puzzle, same solution count");
    let err = check_count(engine.name(), "bench-easy-h52", H52_NODES, run.nodes).unwrap_err();
    assert!(
        matches!(err, HarnessError::CountMismatch { got, .. } if got == run.nodes),
        "{err}"
    );
    assert!(err.to_string().contains("no rate"), "{err}");
}

#[test]
fn a_broken_c_source_is_a_clear_error() {
    let err = compiler()
        .compile("broken", "int main(void) { return undefined_name; }\n")
        .unwrap_err();
    assert!(matches!(err, HarnessError::Compile { .. }), "{err}");
    assert!(err.to_string().contains("undefined_name"), "{err}");
}

mod external {
    use super::*;
    use bench_harness::Ctx;
    use bench_harness::eternity_c::rows::c_rows;
    use bench_harness::suites::eternity::{Limit, SuiteArgs};
    use eternity_solver::engine::Mode;

    const ALL: Limit = Limit {
        max_nodes: None,
        mode: Mode::All,
    };

    fn rows(extra: &[&str]) -> Vec<bench_harness::suites::eternity::EngineRow> {
        let ctx = Ctx {
            quick: true,
            ..Ctx::default()
        };
        let args: Vec<String> = extra.iter().map(|s| s.to_string()).collect();
        let mut args = SuiteArgs::new(&args);
        let rows = c_rows(&ctx, &mut args).unwrap();
        args.finish().unwrap();
        rows
    }

    #[test]
    fn external_row_on_our_own_table_binary_counts_like_the_built_in_row() {
        let inst = h52();
        let table =
            BuiltEngine::build(CEngine::Table, &CBoard::from_instance(&inst), &compiler()).unwrap();
        let cmd = format!("'{}' {{puz}} {{hnt}}", table.exe.display());
        let mut rows = rows(&[
            "--external",
            &cmd,
            "--external-format",
            "result-line",
            "--external-name",
            "ours",
        ]);
        assert_eq!(
            rows.iter().map(|r| r.name.as_str()).collect::<Vec<_>>(),
            ["c-generated", "c-table", "ours"]
        );
        let mut runs = Vec::new();
        for row in &mut rows {
            runs.push((row.run)(&inst, ALL).unwrap());
        }
        assert_eq!(runs[1].nodes, H52_NODES);
        assert_eq!(
            runs[2].nodes, runs[1].nodes,
            "external row = built-in c-table row"
        );
        assert_eq!(runs[2].solutions, 1);
        let note = runs[2].note.clone().unwrap_or_default();
        assert!(note.contains("exact (= c-generated)"), "{note}");
    }

    #[test]
    fn a_node_budget_reaches_the_external_program_through_its_placeholder() {
        let inst = h52();
        let table =
            BuiltEngine::build(CEngine::Table, &CBoard::from_instance(&inst), &compiler()).unwrap();
        let budget = Limit {
            max_nodes: Some(10_007),
            mode: Mode::All,
        };
        let with = format!("'{}' {{puz}} {{hnt}} {{nodes}}", table.exe.display());
        let mut rows = rows(&[
            "--no-c",
            "--external",
            &with,
            "--external-format",
            "result-line",
        ]);
        assert_eq!((rows[0].run)(&inst, budget).unwrap().nodes, 10_007);
        // Without `{nodes}` the row is not run on a budgeted board, and says so.
        let without = format!("'{}' {{puz}} {{hnt}}", table.exe.display());
        let mut rows = rows_named(&without);
        let run = (rows[0].run)(&inst, budget).unwrap();
        assert_eq!(run.nodes, 0);
        assert!(run.note.unwrap_or_default().contains("{nodes}"));
    }

    fn rows_named(cmd: &str) -> Vec<bench_harness::suites::eternity::EngineRow> {
        rows(&[
            "--no-c",
            "--external",
            cmd,
            "--external-format",
            "result-line",
        ])
    }

    #[test]
    fn a_missing_or_failing_external_command_is_a_clear_error() {
        let inst = h52();
        for (cmd, says) in [
            ("/no/such/program {puz} {hnt}", "command not found"),
            ("false {puz}", "failed"),
            ("echo hello {puz}", "printed no result"),
        ] {
            let mut rows = rows(&["--no-c", "--external", cmd]);
            assert_eq!(rows.len(), 1);
            let err = (rows[0].run)(&inst, ALL).unwrap_err().chain();
            assert!(err.contains(says), "{cmd}: {err}");
        }
        let ctx = Ctx::default();
        let mut args = SuiteArgs::new(&["--external".to_string(), "prog".to_string()]);
        let err = c_rows(&ctx, &mut args).err().unwrap().chain();
        assert!(err.contains("{puz}"), "{err}");
    }

    #[test]
    fn genbody_counts_have_the_pins_taken_off() {
        // A stand-in that prints genbody's summary with the pins counted, for h52's 52 pins.
        let inst = h52();
        let cmd = format!(
            "echo 'Rate: 1000 tiles'; echo '{} tiles placed in 0.01 s, 15.1M tiles/second' # {{puz}}",
            H52_NODES + 52
        );
        let mut rows = rows(&["--no-c", "--external", &cmd, "--external-format", "genbody"]);
        let run = (rows[0].run)(&inst, ALL).unwrap();
        assert_eq!(run.nodes, H52_NODES);
        let note = run.note.unwrap_or_default();
        assert!(
            note.contains(&format!("genbody counts {}", H52_NODES + 52)),
            "{note}"
        );
    }
}

/// Random solvable boards (a solution cut into pieces, shuffled and turned), some with pins:
/// both C engines count exactly what `eternity-solver`'s baseline counts.
#[test]
fn random_boards_agree_with_the_baseline() {
    use eternity_solver::{Hint, Piece, Rotation};
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let cc = compiler();
    for case in 0..6 {
        let (w, h) = [(3, 3), (4, 4), (5, 4), (4, 5), (5, 5), (6, 4)][case];
        let colours = 3 + next(4) as u8;
        // Edge colours of the solution: horizontal edges below each cell, vertical right.
        let mut down = vec![0u8; w * h];
        let mut right = vec![0u8; w * h];
        for c in 0..w * h {
            if c / w + 1 < h {
                down[c] = 1 + next(u64::from(colours)) as u8;
            }
            if c % w + 1 < w {
                right[c] = 1 + next(u64::from(colours)) as u8;
            }
        }
        let solved: Vec<[u8; 4]> = (0..w * h)
            .map(|c| {
                let up = if c >= w { down[c - w] } else { 0 };
                let left = if c % w > 0 { right[c - 1] } else { 0 };
                [up, right[c], down[c], left]
            })
            .collect();
        // Shuffle the pieces and turn each; remember where each went.
        let mut order: Vec<usize> = (0..w * h).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, next(i as u64 + 1) as usize);
        }
        let turns: Vec<u8> = (0..w * h).map(|_| next(4) as u8).collect();
        let pieces: Vec<Piece> = order
            .iter()
            .zip(&turns)
            .map(|(&cell, &t)| {
                Piece::new(bench_harness::eternity_c::board::rotated(solved[cell], t))
            })
            .collect();
        // Pin one or two pieces where the solution has them.
        let mut hints = Vec::new();
        for _ in 0..(case % 3) {
            let id = next((w * h) as u64) as usize;
            let cell = order[id];
            if hints.iter().any(|x: &Hint| x.cell == cell) {
                continue;
            }
            hints.push(Hint {
                cell,
                piece: id as u16,
                rotation: Rotation::new((4 - turns[id]) % 4).unwrap(),
            });
        }
        let inst = Instance::new(w, h, pieces, hints)
            .unwrap()
            .with_name(format!("random-{case}"));
        // A budget keeps every case short; the engines must stop at the same place with the
        // same solutions found so far (and give equal totals where the tree is smaller).
        let budget = 2_000_000;
        let limits = Limits::all().with_max_nodes(budget);
        let oracle = baseline::run(&inst, &FillOrder::row_major(&inst), limits);
        if oracle.complete {
            assert!(oracle.solutions >= 1, "case {case}: the planted solution");
        }
        let board = CBoard::from_instance(&inst);
        for engine in CEngine::ALL {
            let run = BuiltEngine::build(engine, &board, &cc)
                .unwrap()
                .run(Some(budget))
                .unwrap();
            assert_eq!(
                (run.nodes, run.solutions),
                (oracle.nodes, Some(oracle.solutions)),
                "case {case} ({w}x{h}), {}",
                engine.name()
            );
        }
    }
}
