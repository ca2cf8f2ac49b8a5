//! Property tests: random solvable boards (a planted solution cut into pieces, turned and
//! shuffled) are solved by every engine in every fill order with identical node counts, and
//! stepped, resumed and split runs give the same totals; parsers never panic.

use eternity_solver::engine::{self, EngineKind, Limits};
#[cfg(feature = "json")]
use eternity_solver::format::json;
use eternity_solver::format::{e2pieces, mcgavin};
use eternity_solver::search::{Continuation, SearchOptions, Solver, split};
use eternity_solver::{
    Board, Budget, FillOrder, Hint, Instance, OrderKind, Piece, Rotation, Search, Step,
};
use proptest::prelude::*;

/// A planted puzzle: the instance and the edges of its planted solution per cell.
#[derive(Debug, Clone)]
struct Planted {
    inst: Instance,
    solution: Vec<[u8; 4]>,
}

fn planted() -> impl Strategy<Value = Planted> {
    (2usize..=4, 2usize..=4, 1u8..=3, 2u8..=6)
        .prop_flat_map(|(w, h, frame, inner)| {
            let cells = w * h;
            (
                Just((w, h, frame, inner)),
                // Colours of the horizontal then vertical interior edges.
                proptest::collection::vec(0u8..=255, 2 * cells),
                // Rotation of each piece, a shuffle, and which cells are hinted.
                proptest::collection::vec(0u8..4, cells),
                Just((0..cells).collect::<Vec<usize>>()).prop_shuffle(),
                proptest::collection::vec(prop::bool::weighted(0.2), cells),
            )
        })
        .prop_map(|((w, h, frame, inner), colours, rots, perm, hinted)| {
            let cells = w * h;
            // Edge between a cell and its right / lower neighbour. Edges on the rim's ring
            // (between two rim cells along the rim) take frame colours, others inner ones.
            let on_rim = |r: usize, c: usize| r == 0 || c == 0 || r == h - 1 || c == w - 1;
            let colour = |k: usize, frame_edge: bool| {
                let x = colours[k];
                if frame_edge {
                    1 + x % frame
                } else {
                    1 + frame + x % inner
                }
            };
            let right = |r: usize, c: usize| {
                colour(
                    r * w + c,
                    (r == 0 || r == h - 1) && on_rim(r, c) && on_rim(r, c + 1),
                )
            };
            let down = |r: usize, c: usize| {
                colour(
                    cells + r * w + c,
                    (c == 0 || c == w - 1) && on_rim(r, c) && on_rim(r + 1, c),
                )
            };
            let mut solution = Vec::with_capacity(cells);
            for r in 0..h {
                for c in 0..w {
                    let u = if r == 0 { 0 } else { down(r - 1, c) };
                    let rt = if c + 1 == w { 0 } else { right(r, c) };
                    let d = if r + 1 == h { 0 } else { down(r, c) };
                    let l = if c == 0 { 0 } else { right(r, c - 1) };
                    solution.push([u, rt, d, l]);
                }
            }
            // Piece perm[cell] is the piece lying on `cell`, stored turned back by rots[cell].
            let mut pieces = vec![Piece::new([0; 4]); cells];
            let mut hints = Vec::new();
            for cell in 0..cells {
                let rot = Rotation::new(rots[cell]).unwrap();
                let back = Rotation::new((4 - rots[cell]) % 4).unwrap();
                let stored = Piece::new(solution[cell]).rotated(back);
                pieces[perm[cell]] = Piece::new(stored);
                debug_assert_eq!(Piece::new(stored).rotated(rot), solution[cell]);
                if hinted[cell] {
                    hints.push(Hint {
                        cell,
                        piece: perm[cell] as u16,
                        rotation: rot,
                    });
                }
            }
            let inst = Instance::new(w, h, pieces, hints).expect("planted hints fit");
            Planted { inst, solution }
        })
}

fn edges_of(inst: &Instance, b: &Board) -> Vec<[u8; 4]> {
    b.cells()
        .iter()
        .map(|p| {
            let p = p.expect("full board");
            inst.piece(p.piece).rotated(p.rotation)
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_engine_finds_the_planted_solution_with_equal_counts(p in planted()) {
        for kind in OrderKind::ALL {
            let order = FillOrder::new(&p.inst, kind);
            let limits = Limits::all().with_max_nodes(2_000_000);
            let base = engine::run(EngineKind::Baseline, &p.inst, &order, limits);
            let table = engine::run(EngineKind::Table, &p.inst, &order, limits);
            prop_assert_eq!(&base, &table, "order {}", kind);
            if !base.complete {
                continue;
            }
            puzzle_search::check::assert_agree(
                Solver::new(&p.inst, &order, SearchOptions::default().engine(EngineKind::Baseline)),
                Solver::new(&p.inst, &order, SearchOptions::default().engine(EngineKind::Table)),
                true,
            );
            let sols = Solver::new(&p.inst, &order, SearchOptions::default()).solve_fully();
            prop_assert_eq!(sols.len() as u64, base.solutions);
            prop_assert!(
                sols.iter().any(|s| edges_of(&p.inst, s) == p.solution),
                "planted solution not found in order {}", kind
            );
            for s in &sols {
                prop_assert!(s.verify_solution(&p.inst).is_ok());
                prop_assert_eq!(s.score(&p.inst), p.inst.max_score());
            }
        }
    }

    #[test]
    fn stepped_resumed_and_split_runs_give_the_same_totals(
        p in planted(),
        budget in 1u64..500,
        depth in 0usize..6,
        order_pick in 0usize..3,
    ) {
        let order = FillOrder::new(&p.inst, OrderKind::ALL[order_pick]);
        let full = engine::run(EngineKind::Baseline, &p.inst, &order, Limits::all().with_max_nodes(300_000));
        prop_assume!(full.complete);
        // Stepped, saved through text and resumed with alternating engines.
        let mut s = Solver::new(&p.inst, &order, SearchOptions::default());
        let mut found = Vec::new();
        let mut i = 0;
        loop {
            match s.step(Budget::nodes(budget)) {
                Step::Found(b) => found.push(b),
                Step::Paused => {
                    let text = s.continuation().to_text();
                    let c = Continuation::from_text(&text).unwrap();
                    let kind = EngineKind::ALL[i % 2];
                    s = Solver::resume(&p.inst, &order, &c, SearchOptions::default().engine(kind)).unwrap();
                    i += 1;
                }
                Step::Finished => break,
            }
        }
        prop_assert_eq!(s.nodes(), full.nodes);
        prop_assert_eq!(found.len() as u64, full.solutions);
        prop_assert_eq!(found.first(), full.first_solution.as_ref());
        // Split into jobs and run them in turn, then in parallel.
        let sp = split(&p.inst, &order, depth);
        let mut nodes = sp.prefix_nodes;
        let mut split_found = Vec::new();
        for job in &sp.jobs {
            let mut js = Solver::resume(&p.inst, &order, job, SearchOptions::default()).unwrap();
            for b in js.by_ref() {
                split_found.push(b);
            }
            nodes += js.nodes();
        }
        prop_assert_eq!(nodes, full.nodes);
        prop_assert_eq!(&split_found, &found);
        // The same cut through the family's Split, with either engine.
        for kind in EngineKind::ALL {
            let whole = Solver::new(&p.inst, &order, SearchOptions::default().engine(kind));
            let (total, items) = puzzle_search::Split::split(&whole, depth).solve_serially();
            prop_assert_eq!((total.nodes, total.found), (full.nodes, full.solutions));
            prop_assert_eq!(&items, &found);
        }
        #[cfg(feature = "parallel")]
        {
            let par = eternity_solver::search::run_parallel(&p.inst, &order, depth, SearchOptions::default());
            prop_assert_eq!(par.nodes, full.nodes);
            prop_assert_eq!(&par.found, &found);
        }
    }

    #[test]
    fn written_boards_read_back(p in planted(), bottom_up in any::<bool>()) {
        let axis = if bottom_up { mcgavin::HintAxis::BottomUp } else { mcgavin::HintAxis::TopDown };
        let back = mcgavin::parse(
            &mcgavin::puz_to_string(&p.inst),
            Some(&mcgavin::hnt_to_string(&p.inst, axis)),
            axis,
        ).unwrap();
        prop_assert_eq!(back.pieces(), p.inst.pieces());
        prop_assert_eq!(back.hints(), p.inst.hints());
        #[cfg(feature = "json")]
        prop_assert_eq!(json::parse(&json::to_string(&p.inst)).unwrap(), p.inst.clone());
        let listed = e2pieces::parse(&e2pieces::to_string(&p.inst), None).unwrap();
        prop_assert_eq!(listed.pieces(), p.inst.pieces());
    }

    #[test]
    fn the_automatic_order_is_a_built_in_order_searched_exactly(p in planted(), first in any::<bool>()) {
        // The race's verdict is the strict search's own count in the chosen order: a first
        // solution (or the whole tree) after exactly the nodes the race reported, and no
        // built-in order gets there in fewer.
        let mode = if first { engine::Mode::First } else { engine::Mode::All };
        let auto = FillOrder::auto(&p.inst, mode);
        prop_assert_eq!(&auto, &FillOrder::auto(&p.inst, mode), "the choice is deterministic");
        prop_assert_eq!(&auto.order, &FillOrder::new(&p.inst, auto.kind));
        prop_assert_eq!(auto.estimates.len(), OrderKind::ALL.len());
        match auto.reason {
            eternity_solver::AutoReason::Race { nodes } => {
                let limits = Limits { mode, max_nodes: Some(nodes) };
                let out = engine::run(EngineKind::Table, &p.inst, &auto.order, limits);
                prop_assert!(out.complete);
                prop_assert_eq!(out.nodes, nodes);
                prop_assert!(out.solutions >= 1, "a planted board has a solution");
                if nodes > 0 {
                    let short = Limits { mode, max_nodes: Some(nodes - 1) };
                    for kind in OrderKind::ALL {
                        let order = FillOrder::new(&p.inst, kind);
                        let other = engine::run(EngineKind::Table, &p.inst, &order, short);
                        prop_assert!(!other.complete, "{} finished in fewer nodes", kind);
                    }
                }
            }
            eternity_solver::AutoReason::Estimate => {
                // A tree too big for the race (an enumeration of a board of few colours):
                // row-major, or an order estimated far smaller.
                let row = auto.estimates[0].1.nodes;
                prop_assert!(
                    auto.kind == OrderKind::RowMajor
                        || auto.estimate().nodes * eternity_solver::order::ESTIMATE_MARGIN <= row
                );
            }
        }
    }

    #[test]
    fn parsers_never_panic_on_random_text(text in ".{0,300}") {
        #[cfg(feature = "json")]
        let _ = json::parse(&text);
        let _ = mcgavin::parse(&text, Some(&text), mcgavin::HintAxis::TopDown);
        let _ = mcgavin::parse_puz(&text);
        let _ = e2pieces::parse(&text, None);
        let _ = Continuation::from_text(&text);
    }

    #[test]
    fn parsers_never_panic_on_random_numbers(
        lines in proptest::collection::vec(proptest::collection::vec(0u32..70_000, 0..6), 0..20),
        w in 0usize..5,
        h in 0usize..5,
    ) {
        let text: String = lines
            .iter()
            .map(|l| l.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" ") + "\n")
            .collect();
        let _ = mcgavin::parse(&text, Some(&text), mcgavin::HintAxis::BottomUp);
        let _ = mcgavin::parse_hnt(&text, w, h, mcgavin::HintAxis::TopDown);
        let _ = e2pieces::parse(&text, Some((w, h)));
        let _ = e2pieces::parse(&text, None);
        let head = format!("eternity-solver continuation 1\nfingerprint 0\nnodes 1\nchoices {}", text.replace('\n', " "));
        let _ = Continuation::from_text(&head);
    }

    #[test]
    fn resuming_random_choices_never_panics(
        p in planted(),
        keys in proptest::collection::vec(0u32..80, 1..8),
        floor in 0usize..3,
    ) {
        let order = FillOrder::row_major(&p.inst);
        let cont = Continuation {
            fingerprint: Continuation::fingerprint(&p.inst, &order),
            mode: eternity_solver::engine::Mode::All,
            finished: false,
            choices: keys,
            floor,
            nodes: 0,
            solutions: 0,
            max_depth: 0,
            best: Vec::new(),
        };
        for kind in EngineKind::ALL {
            if let Ok(mut s) = Solver::resume(&p.inst, &order, &cont, SearchOptions::default().engine(kind)) {
                for _ in 0..50 {
                    if s.step(Budget::nodes(100)) == Step::Finished {
                        break;
                    }
                }
            }
        }
    }
}
