//! Properties on random inputs: generated programs agree with the baseline engine on random
//! small solvable boards, and the board parser never panics.

mod common;

use eternity_codegen::{EmitOptions, Group, RunOptions, parse_board};
use eternity_solver::engine::{Limits, Mode, baseline};
use eternity_solver::{FillOrder, OrderKind};
use proptest::prelude::*;
use puzzle_search::check::run_in_steps;

proptest! {
    // Every case compiles a program (about a second): few cases, chosen to vary everything.
    #![proptest_config(ProptestConfig { cases: 4, ..ProptestConfig::default() })]

    #[test]
    #[cfg_attr(target_os = "wasi", ignore = "runs rustc and the program it builds: WASI has no processes")]
    fn generated_programs_agree_with_the_baseline(
        w in 3usize..6,
        h in 3usize..5,
        border in 1u8..3,
        inner in 3u8..6,
        seed in any::<u64>(),
        group in 1usize..=8,
        budget in 1u64..5000,
        order in prop_oneof![
            Just(OrderKind::RowMajor),
            Just(OrderKind::Spiral),
            Just(OrderKind::BorderFirst)
        ],
    ) {
        let inst = common::planted(w, h, border, inner, seed);
        let opts = EmitOptions::default()
            .order(order)
            .group(Group::new(group).unwrap());
        let program = common::program(&inst, &opts);
        let fill = FillOrder::new(&inst, order);
        let all = program.run(&RunOptions::default()).unwrap();
        let base = baseline::run(&inst, &fill, Limits::all());
        prop_assert_eq!(all.nodes, base.nodes);
        prop_assert_eq!(all.solutions, base.solutions);
        prop_assert!(all.solutions >= 1, "the planted solution is found");
        prop_assert_eq!(&all.first_solution, &base.first_solution);
        let first = program
            .run(&RunOptions { mode: Some(Mode::First), ..RunOptions::default() })
            .unwrap();
        let base_first = baseline::run(&inst, &fill, Limits::first());
        prop_assert_eq!(first.nodes, base_first.nodes);
        let sol = first.first_solution.unwrap();
        prop_assert!(sol.verify_solution(&inst).is_ok());
        // Stepped in node budgets, the same tree and the same solutions (on trees small
        // enough for a round trip per step and per solution).
        if base.nodes <= 100_000 && base.solutions <= 1000 {
            let stepped = run_in_steps(program.spawn(&common::quiet()).unwrap(), &[budget]);
            prop_assert_eq!(stepped.progress.nodes, base.nodes);
            prop_assert_eq!(stepped.items.len() as u64, base.solutions);
            prop_assert_eq!(stepped.items.first(), base.first_solution.as_ref());
        }
    }
}

proptest! {
    #[test]
    fn board_parser_returns_ok_or_err(text in ".{0,80}", w in 0usize..5, h in 0usize..5) {
        let _ = parse_board(&text, w, h);
    }

    #[test]
    fn board_parser_reads_what_programs_print(cells in proptest::collection::vec(
        proptest::option::of((0u16..300, 0u8..4)), 6)) {
        let text: Vec<String> = cells
            .iter()
            .map(|c| match c {
                Some((p, r)) => format!("{p}/{r}"),
                None => "-".into(),
            })
            .collect();
        let board = parse_board(&text.join(" "), 3, 2).unwrap();
        for (i, c) in cells.iter().enumerate() {
            let got = board.get(i).map(|p| (p.piece, p.rotation.quarter_turns()));
            prop_assert_eq!(got, *c);
        }
    }
}
