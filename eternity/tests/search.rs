//! The search API on bench-easy-h52: stepping, pausing, saving and resuming, splitting and
//! parallel runs all give the totals of one uninterrupted run, every engine alike.

mod common;

use common::{H52_NODES, h52};
use eternity_solver::engine::{self, EngineKind, Limits, Mode};
use eternity_solver::search::{Continuation, SearchOptions, Solver, split, split_nonempty};
use eternity_solver::{Budget, FillOrder, ResumeError, Search, Step};
use puzzle_search::check::{assert_agree, run_in_steps, run_whole};
use puzzle_search::{Checkpoint, CheckpointError, Split};

fn solver(kind: EngineKind) -> Solver {
    let inst = h52();
    Solver::new(
        &inst,
        &FillOrder::row_major(&inst),
        SearchOptions::default().engine(kind),
    )
}

#[test]
fn every_engine_gives_the_oracle_count_in_one_run() {
    let inst = h52();
    for kind in EngineKind::ALL {
        let out = run_whole(solver(kind));
        assert_eq!(out.progress.nodes, H52_NODES, "{kind}");
        assert_eq!(out.progress.found, 1, "{kind}");
        assert_eq!(out.items.len(), 1, "{kind}");
        out.items[0].verify_solution(&inst).unwrap();
        assert_eq!(out.items[0].score(&inst), 480);
    }
}

#[test]
fn the_table_engine_agrees_with_the_baseline() {
    assert_agree(
        solver(EngineKind::Baseline),
        solver(EngineKind::Table),
        true,
    );
    // Under a total node limit too, in every built-in order.
    let inst = h52();
    for kind in [
        eternity_solver::OrderKind::RowMajor,
        eternity_solver::OrderKind::Spiral,
        eternity_solver::OrderKind::BorderFirst,
    ] {
        let order = FillOrder::new(&inst, kind);
        let options = SearchOptions::default().max_nodes(100_000);
        assert_agree(
            Solver::new(&inst, &order, options.engine(EngineKind::Baseline)),
            Solver::new(&inst, &order, options.engine(EngineKind::Table)),
            true,
        );
    }
}

#[test]
fn stepping_in_small_budgets_gives_the_oracle_count() {
    let whole = run_whole(solver(EngineKind::Baseline));
    for kind in EngineKind::ALL {
        for budgets in [&[1_000][..], &[7_919], &[100_000], &[1, 2, 3, 50_000]] {
            let out = run_in_steps(solver(kind), budgets);
            assert_eq!(out.progress, whole.progress, "{kind} {budgets:?}");
            assert_eq!(out.items, whole.items, "{kind} {budgets:?}");
            assert!(out.steps >= H52_NODES / budgets.iter().max().unwrap());
        }
    }
}

#[test]
fn progress_reads_the_core_and_estimates_the_fraction() {
    let mut s = solver(EngineKind::Table);
    let p = s.progress();
    assert_eq!((p.nodes, p.found), (0, 0));
    assert_eq!(p.fraction, Some(0.0));
    let mut last = 0.0;
    loop {
        match s.step(Budget::nodes(20_000)) {
            Step::Found(_) => {}
            Step::Paused => {
                let p = s.progress();
                let f = p.fraction.expect("a fraction");
                assert!((last..=1.0).contains(&f), "{last} then {f}");
                last = f;
                assert_eq!(p.core, *p.as_ref());
                assert_eq!(p.nodes, s.nodes());
            }
            Step::Finished => break,
        }
    }
    let p = s.progress();
    assert_eq!((p.nodes, p.found, p.fraction), (H52_NODES, 1, Some(1.0)));
    assert_eq!(p.best_score, 480);
    assert_eq!(p.max_depth, p.total_depth);
}

#[test]
fn save_and_resume_across_engines_gives_the_same_totals() {
    let inst = h52();
    let order = FillOrder::row_major(&inst);
    for (first, second) in [
        (EngineKind::Baseline, EngineKind::Table),
        (EngineKind::Table, EngineKind::Baseline),
        (EngineKind::Table, EngineKind::Table),
    ] {
        let mut s = Solver::new(&inst, &order, SearchOptions::default().engine(first));
        let mut solutions = 0;
        let mut saves = 0;
        loop {
            match s.step(Budget::nodes(12_345)) {
                Step::Found(_) => solutions += 1,
                Step::Paused => {
                    // Go through the text form, as a process that was stopped would.
                    let text = s.checkpoint().to_text();
                    let cp = Checkpoint::from_text(&text).unwrap();
                    assert_eq!(cp, s.checkpoint());
                    assert_eq!(
                        Continuation::from_checkpoint(&cp).unwrap(),
                        s.continuation()
                    );
                    let engine = if saves % 2 == 0 { second } else { first };
                    s = Solver::from_checkpoint(
                        &inst,
                        &order,
                        &cp,
                        SearchOptions::default().engine(engine),
                    )
                    .unwrap();
                    saves += 1;
                }
                Step::Finished => break,
            }
        }
        assert_eq!(s.nodes(), H52_NODES);
        assert_eq!(solutions, 1);
        assert_eq!(s.solutions(), 1);
        assert!(saves >= 10);
        assert_eq!(s.progress().best_score, 480);
        assert!(s.continuation().finished);
    }
}

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "writes files in a temporary directory: WASI preview 1 has none"
)]
fn saved_files_resume_and_bad_files_get_typed_errors() {
    let inst = h52();
    let order = FillOrder::row_major(&inst);
    let mut s = Solver::new(&inst, &order, SearchOptions::default());
    assert_eq!(s.step(Budget::nodes(100)), Step::Paused);
    let dir = std::env::temp_dir().join(format!("eternity-search-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("run.state");
    s.continuation().save(&path).unwrap();
    let cont = Continuation::load(&path).unwrap();
    assert_eq!(cont, s.continuation());
    let resumed = Solver::resume(&inst, &order, &cont, SearchOptions::default()).unwrap();
    assert_eq!(run_whole(resumed).progress.nodes, H52_NODES);

    let good = std::fs::read_to_string(&path).unwrap();
    let load = |text: &str| {
        std::fs::write(&path, text).unwrap();
        let cp = Continuation::load(&path).err();
        let from = Checkpoint::from_text(text)
            .map_err(ResumeError::from)
            .and_then(|cp| Solver::from_checkpoint(&inst, &order, &cp, SearchOptions::default()))
            .err();
        (
            cp.expect("load refuses it"),
            from.expect("from_checkpoint refuses it"),
        )
    };
    // Truncated anywhere: refused by the envelope.
    for cut in [0, 10, good.len() / 2, good.len() - 1] {
        let (a, b) = load(&good[..cut]);
        assert!(matches!(a, ResumeError::Checkpoint(_)), "cut {cut}: {a}");
        assert!(matches!(b, ResumeError::Checkpoint(_)), "cut {cut}: {b}");
    }
    // Corrupted: a changed choice in the body.
    let corrupt = good.replacen("choices ", "choices 1/1 ", 1);
    let (a, _) = load(&corrupt);
    assert!(
        matches!(
            a,
            ResumeError::Checkpoint(
                CheckpointError::BodyLength { .. } | CheckpointError::Checksum { .. }
            )
        ),
        "{a}"
    );
    // Foreign: not a checkpoint at all, or one of another kind of search.
    let (a, _) = load("eternity-solver continuation 1\nnodes 0\n");
    assert!(
        matches!(a, ResumeError::Checkpoint(CheckpointError::NotACheckpoint)),
        "{a}"
    );
    let mut other = s.checkpoint();
    other.kind = "slide-solver/ida".into();
    let (a, b) = load(&other.to_text());
    assert!(
        matches!(a, ResumeError::Checkpoint(CheckpointError::Kind { .. })),
        "{a}"
    );
    assert!(
        matches!(b, ResumeError::Checkpoint(CheckpointError::Kind { .. })),
        "{b}"
    );
    // Another version of this crate's body.
    let mut newer = s.checkpoint();
    newer.version = Continuation::VERSION + 1;
    let (a, b) = load(&newer.to_text());
    assert!(
        matches!(a, ResumeError::Checkpoint(CheckpointError::Version { .. })),
        "{a}"
    );
    assert!(
        matches!(b, ResumeError::Checkpoint(CheckpointError::Version { .. })),
        "{b}"
    );
    // Another puzzle: the same file against another fill order.
    let spiral = FillOrder::new(&inst, eternity_solver::OrderKind::Spiral);
    let err = Solver::from_checkpoint(&inst, &spiral, &s.checkpoint(), SearchOptions::default())
        .unwrap_err();
    assert!(
        matches!(
            err,
            ResumeError::Checkpoint(CheckpointError::Fingerprint { .. })
        ),
        "{err}"
    );
    // A missing file names the path.
    let missing = Continuation::load(dir.join("nope.state")).unwrap_err();
    assert!(missing.to_string().contains("nope.state"), "{missing}");
    assert!(std::error::Error::source(&missing).is_some());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn resume_rejects_another_order_and_illegal_choices() {
    let inst = h52();
    let order = FillOrder::row_major(&inst);
    let mut s = Solver::new(&inst, &order, SearchOptions::default());
    assert_eq!(s.step(Budget::nodes(100)), Step::Paused);
    let cont = s.continuation();
    let spiral = FillOrder::new(&inst, eternity_solver::OrderKind::Spiral);
    assert!(matches!(
        Solver::resume(&inst, &spiral, &cont, SearchOptions::default()),
        Err(ResumeError::Fingerprint { .. })
    ));
    let mut bad = cont.clone();
    if bad.choices.len() > 1 {
        bad.choices[0] = bad.choices[0].wrapping_add(4 * 7);
        assert!(Solver::resume(&inst, &order, &bad, SearchOptions::default()).is_err());
    }
    assert!(Continuation::from_text("nonsense").is_err());
    let mut text = cont.to_text();
    text.push_str("nodes x\n");
    let err = Continuation::from_text(&text).unwrap_err().to_string();
    assert!(err.contains("line") && err.contains("nodes"), "{err}");
}

#[test]
fn split_parts_sum_to_the_single_thread_count() {
    let inst = h52();
    let order = FillOrder::row_major(&inst);
    let single = engine::run(EngineKind::Baseline, &inst, &order, Limits::all());
    assert_eq!(single.nodes, H52_NODES);
    for kind in EngineKind::ALL {
        for depth in [0, 1, 3, 8, 20] {
            let whole = Solver::new(&inst, &order, SearchOptions::default().engine(kind));
            let parts = whole.split(depth);
            assert_eq!(parts.depth, depth);
            let jobs = split(&inst, &order, depth);
            assert_eq!(parts.parts.len(), jobs.jobs.len());
            assert_eq!(parts.prefix.nodes, jobs.prefix_nodes);
            let (total, items) = parts.solve_serially();
            assert_eq!(
                (total.nodes, total.found),
                (H52_NODES, 1),
                "{kind} depth {depth}"
            );
            assert_eq!(items, vec![single.first_solution.clone().unwrap()]);
        }
    }
}

#[test]
fn split_nonempty_drops_exactly_the_empty_jobs() {
    let inst = h52();
    let order = FillOrder::row_major(&inst);
    let options = SearchOptions::default();
    let template = Solver::new(&inst, &order, options);
    let nodes_of = |job: &Continuation| run_whole(template.resume_with_tables(job).unwrap());
    let mut dropped_some = false;
    for depth in [0, 1, 3, 5, 8, 20, order.len() - 1, order.len() + 3] {
        let all = split(&inst, &order, depth);
        let kept = split_nonempty(&inst, &order, depth);
        assert_eq!(
            (kept.depth, kept.prefix_nodes, kept.prefix_max_depth),
            (all.depth, all.prefix_nodes, all.prefix_max_depth)
        );
        let mut rest = kept.jobs.iter().peekable();
        let (mut nodes, mut found) = (kept.prefix_nodes, 0);
        for job in &all.jobs {
            let out = nodes_of(job);
            if rest.peek() == Some(&job) {
                rest.next();
                assert!(out.progress.nodes > 0, "depth {depth}: a kept job is empty");
                nodes += out.progress.nodes;
                found += out.items.len();
            } else {
                assert_eq!(
                    out.progress.nodes, 0,
                    "depth {depth}: a dropped job has nodes"
                );
                dropped_some = true;
            }
        }
        assert!(
            rest.next().is_none(),
            "depth {depth}: kept jobs out of order"
        );
        assert_eq!((nodes, found), (H52_NODES, 1), "depth {depth}");
    }
    assert!(dropped_some);
}

#[test]
fn resume_with_tables_does_what_resume_does_on_a_used_solver() {
    let inst = h52();
    let order = FillOrder::row_major(&inst);
    for kind in EngineKind::ALL {
        let options = SearchOptions::default().engine(kind);
        // A template that has searched (and paused mid-tree): its state must not leak.
        let mut template = Solver::new(&inst, &order, options);
        while template.nodes() < 5_000 {
            let _ = template.step(Budget::nodes(5_000));
        }
        assert!(!template.is_finished());
        let mut nodes = split(&inst, &order, 3).prefix_nodes;
        let mut found = Vec::new();
        for job in &split(&inst, &order, 3).jobs {
            let fresh = run_whole(Solver::resume(&inst, &order, job, options).unwrap());
            let mut part = template.resume_with_tables(job).unwrap();
            // Half a part, then its continuation on the same tables: still the same totals.
            let mut items = Vec::new();
            while let Step::Found(board) = part.step(Budget::nodes(700)) {
                items.push(board);
            }
            let rest = template.resume_with_tables(&part.continuation()).unwrap();
            let reused = run_whole(rest);
            assert_eq!(reused.progress.nodes, fresh.progress.nodes, "{kind}");
            items.extend(reused.items);
            assert_eq!(items, fresh.items, "{kind}");
            nodes += fresh.progress.nodes;
            found.extend(items);
        }
        assert_eq!((nodes, found.len()), (H52_NODES, 1), "{kind}");
        // The template itself goes on where it paused.
        let rest = run_whole(template);
        assert_eq!(rest.progress.nodes, H52_NODES, "{kind}");
    }
    let other = Solver::new(
        &inst,
        &FillOrder::new(&inst, eternity_solver::OrderKind::Spiral),
        SearchOptions::default(),
    );
    let job = &split(&inst, &order, 3).jobs[0];
    assert!(matches!(
        other.resume_with_tables(job),
        Err(ResumeError::Fingerprint { .. })
    ));
}

#[cfg(feature = "parallel")]
#[test]
fn parallel_runs_give_the_single_thread_totals() {
    use eternity_solver::search::run_parallel;
    let inst = h52();
    let order = FillOrder::row_major(&inst);
    let single = run_whole(solver(EngineKind::Table));
    for depth in [0, 3, 20] {
        let par = run_parallel(&inst, &order, depth, SearchOptions::default());
        assert_eq!(par.nodes, H52_NODES);
        assert_eq!(par.solutions, 1);
        assert_eq!(par.found, single.items);
        assert_eq!(par.jobs, split(&inst, &order, depth).jobs.len());
    }
}

#[test]
fn node_limits_stop_every_engine_at_the_same_place() {
    let inst = h52();
    let order = FillOrder::row_major(&inst);
    let limits = Limits::all().with_max_nodes(100_000);
    let a = engine::run(EngineKind::Baseline, &inst, &order, limits);
    let b = engine::run(EngineKind::Table, &inst, &order, limits);
    assert_eq!(a, b);
    assert_eq!(a.nodes, 100_000);
    assert!(!a.complete);
    // And a solver with a total limit pauses there for good, with the same best board.
    let mut s = Solver::new(&inst, &order, SearchOptions::default().max_nodes(100_000));
    while let Step::Found(_) = s.step(Budget::unlimited()) {}
    assert!(s.is_out_of_nodes());
    assert_eq!(s.step(Budget::nodes(10)), Step::Paused);
    assert_eq!(s.nodes(), 100_000);
    let p = s.progress();
    assert_eq!(p.max_depth, a.max_depth);
    assert_eq!(p.best_board.filled(), inst.hints().len() + a.max_depth);
}

#[test]
fn first_mode_stops_at_the_first_solution() {
    let inst = h52();
    let order = FillOrder::row_major(&inst);
    let all = engine::run(EngineKind::Table, &inst, &order, Limits::all());
    for kind in EngineKind::ALL {
        let first = engine::run(kind, &inst, &order, Limits::first());
        assert!(first.complete);
        assert_eq!(first.solutions, 1);
        assert_eq!(first.first_solution, all.first_solution);
        assert!(first.nodes <= all.nodes);
        let mut s = Solver::new(
            &inst,
            &order,
            SearchOptions::default().engine(kind).mode(Mode::First),
        );
        assert!(matches!(s.step(Budget::unlimited()), Step::Found(_)));
        assert_eq!(s.step(Budget::nodes(1)), Step::Finished);
        assert_eq!(s.nodes(), first.nodes);
    }
}

#[test]
fn time_budgets_and_cancel_pause_and_resume_to_the_same_totals() {
    use puzzle_search::{Cancel, Limit};
    let mut s = solver(EngineKind::Table);
    let cancel = Cancel::new();
    cancel.cancel();
    // A cancelled step still does its one node of work, then pauses.
    assert_eq!(s.step(Budget::unlimited().or_cancel(&cancel)), Step::Paused);
    assert!(s.nodes() >= 1);
    cancel.reset();
    let mut found = 0;
    loop {
        match s.step(Budget::time(std::time::Duration::from_millis(1))) {
            Step::Found(_) => found += 1,
            Step::Paused => {}
            Step::Finished => break,
        }
    }
    assert_eq!((s.nodes(), found), (H52_NODES, 1));
}

#[cfg(feature = "parallel")]
#[test]
fn a_node_limit_caps_a_parallel_run_in_total_as_one_thread() {
    use eternity_solver::search::run_parallel;
    let inst = h52();
    let order = FillOrder::row_major(&inst);
    for mode in [Mode::All, Mode::First] {
        for cap in [50, 20_000, 100_000, H52_NODES, 2 * H52_NODES] {
            let options = SearchOptions::default().mode(mode).max_nodes(cap);
            let mut one = Solver::new(&inst, &order, options);
            let mut found = Vec::new();
            while let Step::Found(b) = one.step(Budget::unlimited()) {
                found.push(b);
            }
            let p = one.progress();
            for depth in [1, 4] {
                let par = run_parallel(&inst, &order, depth, options);
                let what = format!("{mode:?}, cap {cap}, depth {depth}");
                assert_eq!(par.nodes, p.nodes, "{what}");
                if mode == Mode::All {
                    assert_eq!(par.nodes, cap.min(H52_NODES), "{what}");
                }
                assert_eq!(par.found, found, "{what}");
                assert_eq!(par.max_depth, p.max_depth, "{what}");
                assert_eq!(par.best_board, p.best_board, "{what}");
            }
        }
    }
}

/// A board with every cell hinted has an empty fill order; its search has one solution (the
/// hints) and places no piece. Splitting, saving at the start and resuming, and the parallel
/// run must all still report that solution.
#[test]
fn a_fully_hinted_board_keeps_its_one_solution_through_split_and_resume() {
    use eternity_solver::{Hint, Instance, Piece, Rotation};
    let pieces = vec![
        Piece::new([0, 1, 1, 0]),
        Piece::new([0, 0, 1, 1]),
        Piece::new([1, 1, 0, 0]),
        Piece::new([1, 0, 0, 1]),
    ];
    let hints = (0..4)
        .map(|cell| Hint {
            cell,
            piece: cell as u16,
            rotation: Rotation::R0,
        })
        .collect();
    let inst = Instance::new(2, 2, pieces, hints).unwrap();
    let order = FillOrder::row_major(&inst);
    assert!(order.is_empty());
    let whole = engine::run(EngineKind::Baseline, &inst, &order, Limits::all());
    assert_eq!((whole.nodes, whole.solutions), (0, 1));
    let hints_board = whole.first_solution.clone().unwrap();
    hints_board.verify_solution(&inst).unwrap();
    for kind in EngineKind::ALL {
        let options = SearchOptions::default().engine(kind);
        // Saved before the first step, through text, and resumed.
        let fresh = Solver::new(&inst, &order, options);
        let text = fresh.continuation().to_text();
        let cont = Continuation::from_text(&text).unwrap();
        let resumed: Vec<_> = Solver::resume(&inst, &order, &cont, options)
            .unwrap()
            .collect();
        assert_eq!(resumed, vec![hints_board.clone()], "{kind} resumed");
        // Stepped to the end: the saved state then says finished.
        let mut done = Solver::new(&inst, &order, options);
        assert!(matches!(done.step(Budget::nodes(1)), Step::Found(_)));
        assert!(matches!(done.step(Budget::nodes(1)), Step::Finished));
        assert!(done.continuation().finished);
        // Cut at any depth: one job, which holds the solution.
        for depth in [0, 1, 5] {
            let jobs = split(&inst, &order, depth);
            assert_eq!((jobs.depth, jobs.prefix_nodes, jobs.jobs.len()), (0, 0, 1));
            assert_eq!(split_nonempty(&inst, &order, depth), jobs);
            let found: Vec<_> = Solver::resume(&inst, &order, &jobs.jobs[0], options)
                .unwrap()
                .collect();
            assert_eq!(found, vec![hints_board.clone()], "{kind} depth {depth}");
            let (total, items) = fresh.split(depth).solve_serially();
            assert_eq!((total.nodes, total.found), (0, 1), "{kind} depth {depth}");
            assert_eq!(items, vec![hints_board.clone()]);
        }
    }
}

#[test]
fn a_split_within_limits_is_the_plain_split_or_refused() {
    use eternity_solver::search::{SplitError, SplitLimits, split_nonempty_within, split_within};
    let inst = h52();
    let order = FillOrder::row_major(&inst);
    let roomy = SplitLimits::default();
    for depth in [0, 2, 5] {
        assert_eq!(
            split_within(&inst, &order, depth, &roomy).unwrap(),
            split(&inst, &order, depth)
        );
        assert_eq!(
            split_nonempty_within(&inst, &order, depth, &roomy).unwrap(),
            split_nonempty(&inst, &order, depth)
        );
    }
    let tight = SplitLimits {
        max_parts: 3,
        ..SplitLimits::default()
    };
    assert!(matches!(
        split_within(&inst, &order, 5, &tight),
        Err(SplitError::TooManyParts { max_parts: 3, .. })
    ));
    let cancel = puzzle_search::Cancel::new();
    cancel.cancel();
    let cancelled = SplitLimits {
        cancel: Some(cancel),
        ..SplitLimits::default()
    };
    assert_eq!(
        split_within(&inst, &order, 5, &cancelled),
        Err(SplitError::Cancelled)
    );
}
