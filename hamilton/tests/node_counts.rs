//! Node counts and paths, recorded: every engine and option on planted boards and small
//! built-in ones, run whole and in small node budgets. The counts are the node-count contract
//! of `src/engine/mod.rs`; a change here is a change of what the engines do.
//!
//! Each line: `S` a [`Solver`] (name, nodes, paths found, restarts, hash of the paths),
//! `P` [`Paths`] with the fast engine, `B` [`Paths`] with the baseline (name, nodes, paths,
//! hash of the paths in order).

use std::fmt::Write as _;

use hamilton_solver::generate::planted;
use hamilton_solver::{Budget, Engine, Grid, Options, Paths, Progress, Search, Solution, Solver};
use puzzle_search::check::{run_in_steps, run_whole};

/// FNV-1a of the paths, in order.
fn h(paths: &[Solution]) -> u64 {
    let mut x: u64 = 0xcbf29ce484222325;
    for p in paths {
        for b in format!("{:?}{};", p.start(), p.letters()).bytes() {
            x ^= b as u64;
            x = x.wrapping_mul(0x100000001b3);
        }
    }
    x
}

/// Runs `search` whole and in node budgets of 1, 3 and 17 (checking that every paused step
/// spent its budget exactly), asserts that both give the same paths and counts, and returns
/// the whole run's line.
fn run<S: Search<Item = Solution, Progress = Progress> + Clone>(search: S) -> (Progress, u64) {
    let whole = run_whole(search.clone());
    let stepped = run_in_steps(search.clone(), &[1, 3, 17]);
    assert_eq!(whole.items, stepped.items);
    assert_eq!(whole.progress, stepped.progress);
    let mut s = search;
    while s.step(Budget::unlimited()).is_found() {}
    let p = s.progress();
    assert_eq!(p.nodes, whole.progress.nodes);
    (p, h(&whole.items))
}

fn solver(out: &mut String, name: &str, g: &Grid, o: Options) {
    let (p, h) = run(Solver::with_options(g, o));
    writeln!(
        out,
        "S {name} {} {} {} {h:#x}",
        p.nodes, p.found, p.restarts
    )
    .unwrap();
}

fn paths(out: &mut String, name: &str, g: &Grid) {
    let (p, h) = run(Paths::new(g));
    writeln!(out, "P {name} {} {} {h:#x}", p.nodes, p.found).unwrap();
    let (p, h) = run(Paths::with_engine(g, Engine::Baseline));
    writeln!(out, "B {name} {} {} {h:#x}", p.nodes, p.found).unwrap();
}

#[test]
fn node_counts_and_paths_are_as_recorded() {
    let mut out = String::new();
    let d = Options::default();
    for n in [6, 8, 10, 14, 20, 30] {
        for seed in 0..4 {
            let (g, _) = planted(n, n, 0.85, seed);
            solver(&mut out, &format!("planted{n}_{seed}"), &g, d);
            solver(
                &mut out,
                &format!("exact{n}_{seed}"),
                &g,
                Options {
                    construct: false,
                    ..d
                },
            );
        }
    }
    for n in [6, 10] {
        for seed in 0..2 {
            let (g, _) = planted(n, n, 0.85, seed);
            let g = g.with_start(None).unwrap();
            solver(&mut out, &format!("open{n}_{seed}"), &g, d);
            solver(
                &mut out,
                &format!("openexact{n}_{seed}"),
                &g,
                Options {
                    construct: false,
                    ..d
                },
            );
        }
    }
    for seed in 0..3 {
        let (g, _) = planted(10, 10, 0.85, seed);
        let ex = Options {
            construct: false,
            ..d
        };
        solver(
            &mut out,
            &format!("endfirst_{seed}"),
            &g,
            Options {
                end_first: true,
                ..ex
            },
        );
        solver(
            &mut out,
            &format!("head_{seed}"),
            &g,
            Options { head: true, ..ex },
        );
        solver(
            &mut out,
            &format!("probe_{seed}"),
            &g,
            Options { probe: true, ..ex },
        );
        solver(
            &mut out,
            &format!("noportfolio_{seed}"),
            &g,
            Options {
                portfolio: false,
                ..ex
            },
        );
        solver(
            &mut out,
            &format!("norestart_{seed}"),
            &g,
            Options {
                restart_unit: 0,
                ..ex
            },
        );
        solver(
            &mut out,
            &format!("unit7_{seed}"),
            &g,
            Options {
                restart_unit: 7,
                ..ex
            },
        );
    }
    for (i, t) in [
        "xxxxx\nxxXxx\nx   x",
        "Xxx\nx x",
        "xxxx\nXx",
        "Xxxxx\nxxxxx\nxx xx\nxxxxx\nxxxxx",
    ]
    .iter()
    .enumerate()
    {
        let g = Grid::parse(t).unwrap();
        solver(&mut out, &format!("small{i}"), &g, d);
        solver(
            &mut out,
            &format!("smallexact{i}"),
            &g,
            Options {
                construct: false,
                ..d
            },
        );
    }
    let boards = [
        "Xxxx\nxxxx\nxxxx\nxxxx",
        "Xxxxx\nxxxxx\nxxxxx\nxxxxx\nxxxxx",
        "xxxx\nxxxx\nxxxx\nxxxx",
        "Xxxxx\nx xxx\nxxxxx\nxxx x\nxxxxx",
        "xxx\nxXx\nxxx",
        "Xxxxxx\nxxxxxx\nxxxxxx\nxxxxxE",
    ];
    for (i, t) in boards.iter().enumerate() {
        let g = Grid::parse_any_start(t).unwrap();
        paths(&mut out, &format!("board{i}"), &g);
    }
    for seed in 0..3 {
        let (g, _) = planted(6, 6, 0.85, seed);
        paths(&mut out, &format!("p6_{seed}"), &g);
    }
    let got: Vec<&str> = out.lines().collect();
    let want: Vec<&str> = EXPECTED.lines().filter(|l| !l.is_empty()).collect();
    for (g, w) in got.iter().zip(&want) {
        assert_eq!(g, w);
    }
    assert_eq!(got.len(), want.len());
}

const EXPECTED: &str = "
S planted6_0 20 1 0 0xef5655e645e7c1c
S exact6_0 12 1 0 0xf5a265f3dcc97a9b
S planted6_1 17 1 0 0xa5069548e09aee7d
S exact6_1 6 1 0 0xb1ef82c36f8ca348
S planted6_2 20 1 0 0xedb9788387db7cf
S exact6_2 11 1 0 0xbf7f14699e535d83
S planted6_3 18 1 0 0xef5c05f1856aaa63
S exact6_3 11 1 0 0xd4505783f0c90c8d
S planted8_0 26 1 0 0xe172c27f102b56c
S exact8_0 28 1 0 0x24d20c3184db1e40
S planted8_1 23 1 0 0xc5ed0f036dffb32e
S exact8_1 13 1 0 0xd0559cd8f4a681b4
S planted8_2 29 1 0 0x779a2ae576ca3e94
S exact8_2 22 1 0 0x3fd584ee5070bfbd
S planted8_3 28 1 0 0x3154b120388b3d7b
S exact8_3 15 1 0 0xd912c0c2551217b7
S planted10_0 44 1 0 0x7209dbc8e4dbc014
S exact10_0 32 1 0 0xc4f67d54238978ad
S planted10_1 37 1 0 0x8135675f1ea50d9e
S exact10_1 28 1 0 0x4a998355d335dbb
S planted10_2 46 1 0 0x71bb93d926025541
S exact10_2 43 1 0 0x2605541c5a99893c
S planted10_3 45 1 0 0x6eee5be1ddfb9f31
S exact10_3 51 1 0 0x5a421a7114eef219
S planted14_0 89 1 0 0xe2c7a70f984a2993
S exact14_0 598 1 1 0xed8e908738b9c9ba
S planted14_1 80 1 0 0x511bcc663799559b
S exact14_1 83 1 0 0xd2a320b725349941
S planted14_2 81 1 0 0x2e5b2fbf6a892788
S exact14_2 60 1 0 0xe6146965fa622ae0
S planted14_3 60 1 0 0x8f0141ea2c932963
S exact14_3 58 1 0 0xfe3254ce4f1adb86
S planted20_0 148 1 0 0x1624580557d63c50
S exact20_0 430 1 1 0xba19ba630e89469b
S planted20_1 168 1 0 0x26431da118116221
S exact20_1 1332 1 3 0x7021516864921a2b
S planted20_2 163 1 0 0x5d8ebbf9aca86f81
S exact20_2 165 1 0 0x9fd6e3b1e642b3e6
S planted20_3 157 1 0 0x57d58f402f3f7c93
S exact20_3 200 1 0 0x8a88c112e84d3884
S planted30_0 370 1 0 0xfd8ab5088bf6c84b
S exact30_0 14357 1 24 0xbc4be3d7b01b787c
S planted30_1 369 1 0 0xbacd37ab1e791671
S exact30_1 1013 1 2 0x42cc83d6c0914436
S planted30_2 311 1 0 0xa5fcdaa843596fa
S exact30_2 284 1 0 0xb0ed93f502f00f49
S planted30_3 376 1 0 0x891a5b3c05ed45fa
S exact30_3 2100 1 5 0x9d16b7fde4a62be3
S open6_0 20 1 0 0xef5655e645e7c1c
S openexact6_0 12 1 0 0xf5a265f3dcc97a9b
S open6_1 18 1 0 0x66737f0820a314b2
S openexact6_1 11 1 0 0xc6ac530a2439b318
S open10_0 126 1 0 0x7209dbc8e4dbc014
S openexact10_0 238 1 0 0xc4f67d54238978ad
S open10_1 35 1 0 0xf535ab4a7171fa6d
S openexact10_1 28 1 0 0x836153c9a7ebffa2
S endfirst_0 13 1 0 0x223483b8980df41a
S head_0 30 1 0 0x91f3aa6d1d4c55e7
S probe_0 29 1 0 0xc4f67d54238978ad
S noportfolio_0 32 1 0 0xc4f67d54238978ad
S norestart_0 32 1 0 0xc4f67d54238978ad
S unit7_0 190 1 14 0xe972bc405b8ce493
S endfirst_1 10 1 0 0xded33669e2af0095
S head_1 15 1 0 0x6b4ee2ecef589d8c
S probe_1 27 1 0 0x4a998355d335dbb
S noportfolio_1 28 1 0 0x4a998355d335dbb
S norestart_1 28 1 0 0x4a998355d335dbb
S unit7_1 27 1 2 0x35629f4a443c3658
S endfirst_2 25 1 0 0xa42558d60da95314
S head_2 32 1 0 0x125e7ec6fda78387
S probe_2 41 1 0 0x2605541c5a99893c
S noportfolio_2 43 1 0 0x2605541c5a99893c
S norestart_2 43 1 0 0x2605541c5a99893c
S unit7_2 191 1 14 0x1517a9594935cefa
S small0 0 0 0 0xcbf29ce484222325
S smallexact0 0 0 0 0xcbf29ce484222325
S small1 0 0 0 0xcbf29ce484222325
S smallexact1 0 0 0 0xcbf29ce484222325
S small2 0 0 0 0xcbf29ce484222325
S smallexact2 0 0 0 0xcbf29ce484222325
S small3 16 1 0 0x448313337ad5d661
S smallexact3 9 1 0 0xbb89698dcdb3f5f7
P board0 51 52 0xc23acdbc25e5bc6d
B board0 2111 52 0x34e4b5364c9c725d
P board1 843 824 0x8577b0da66a80c71
B board1 153745 824 0x670934ddef992da1
P board2 548 552 0xdc9aafdf3a12d85d
B board2 28512 552 0xd30a46f4d8ffdf0d
P board3 0 0 0xcbf29ce484222325
B board3 5619 0 0xcbf29ce484222325
P board4 7 8 0x22dfadc94b1f1011
B board4 61 8 0x2ccf39f677aac43f
P board5 0 0 0xcbf29ce484222325
B board5 84165 0 0xcbf29ce484222325
P p6_0 508 495 0xb006037c7f539b81
B p6_0 199899 495 0x8dbcee7140346c6f
P p6_1 77 72 0x1c7127a03bb62c7b
B p6_1 493161 72 0xb5ae1907efaf7041
P p6_2 136 129 0x12edfe1de3817879
B p6_2 221198 129 0x718e40dba06ccb8f
";

/// Sparser planted boards (20x20, 70% tiles), where the constructive attempt also runs its
/// exact repair: nodes of each seed's solve, recorded, and the same run in node budgets of 1
/// and 7, every paused step spending its budget exactly.
#[test]
fn boards_with_exact_repairs_count_as_recorded() {
    const NODES: [u64; 15] = [
        100, 132, 92, 107, 128, 101, 109, 100, 129, 116, 302, 137, 111, 106, 93,
    ];
    for (seed, &nodes) in NODES.iter().enumerate() {
        let (g, _) = planted(20, 20, 0.7, seed as u64);
        let whole = run_whole(Solver::new(&g));
        assert_eq!(whole.progress.nodes, nodes, "seed {seed}");
        assert_eq!(whole.items.len(), 1, "seed {seed}");
        let stepped = run_in_steps(Solver::new(&g), &[1, 7]);
        assert_eq!(stepped.items, whole.items, "seed {seed}");
        assert_eq!(stepped.progress, whole.progress, "seed {seed}");
    }
}
