//! `slide-solver` against the big oracle files of `testdata/slide`: every solvable 8-puzzle
//! state solved optimally and checked move by move, Slidr's layouts, Korf's 100 15-puzzles
//! (a fast subset here, all of them in ignored tests) and Korf and Felner's 24-puzzles
//! (ignored: the 6-6-6-6 tables take minutes to build on first use).

use std::path::Path;

use puzzle_search::check::{assert_agree, run_in_steps, run_whole};
use slide_solver::{
    AStar, Baseline, Board, BucketQueue, Engine, Geometry, GoalConvention, HeapQueue, Heuristic,
    HeuristicKind, IdaStar, LinearConflict, Manhattan, Options, PQLike, Partition,
    PatternDatabases, Puzzle, Search, Solver, WalkingDistance,
};

fn read(name: &str) -> String {
    let path = oracle_tests::testdata_path(&format!("slide/{name}"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Plays blank moves given as `URDL` letters on plain tiles (0 = blank), without using the
/// crate's board code. Panics when a move leaves the board.
fn replay(tiles: &[u8], width: usize, letters: &str) -> Vec<u8> {
    let mut t = tiles.to_vec();
    let height = t.len() / width;
    let mut b = t.iter().position(|&x| x == 0).expect("a blank");
    for ch in letters.chars() {
        let (r, c) = (b / width, b % width);
        let to = match ch {
            'U' if r > 0 => b - width,
            'D' if r + 1 < height => b + width,
            'L' if c > 0 => b - 1,
            'R' if c + 1 < width => b + 1,
            _ => panic!("move {ch} from cell {b} leaves the board"),
        };
        t.swap(b, to);
        b = to;
    }
    t
}

/// A Korf instance: id, optimal length, Korf's 1985 IDA*+Manhattan node count, tiles.
struct Korf {
    id: usize,
    optimal: usize,
    tiles: Vec<u8>,
}

/// The rows of a Korf-style instance file (`id optimal [more numbers] | tiles`, `#`
/// comments): the id, the optimal length and the tiles.
fn korf_file(name: &str) -> Vec<Korf> {
    read(name)
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (head, tiles) = l.split_once('|').expect("a | separator");
            let head: Vec<usize> = head
                .split_whitespace()
                .map(|x| x.parse().unwrap())
                .collect();
            let tiles = tiles
                .split_whitespace()
                .map(|x| x.parse().unwrap())
                .collect();
            Korf {
                id: head[0],
                optimal: head[1],
                tiles,
            }
        })
        .collect()
}

/// `korf100.txt` (goal: blank first).
fn korf100() -> Vec<Korf> {
    korf_file("korf100.txt")
}

/// `korf100_goal_blank_last.txt` (goal: blank last).
fn korf100_blank_last() -> Vec<Korf> {
    korf_file("korf100_goal_blank_last.txt")
}

/// `korf_felner_24puzzle_50.txt` (goal `0 1 ... 24`).
fn korf_felner_24() -> Vec<Korf> {
    korf_file("korf_felner_24puzzle_50.txt")
}

/// The 181,440 solvable 8-puzzle states (goal `123456780`) with their optimal distances.
fn eight_puzzle_all() -> Vec<([u8; 9], usize)> {
    read("eightpuzzle_all_distances.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (s, d) = l.split_once(' ').expect("state and distance");
            let mut t = [0u8; 9];
            for (i, ch) in s.bytes().enumerate() {
                t[i] = ch - b'0';
            }
            (t, d.trim().parse().unwrap())
        })
        .collect()
}

/// The tables of `partition` for 4x4, cached in the target directory.
fn pdb_4x4(partition: Partition, blank_goal: usize) -> PatternDatabases {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("slide-pdb");
    PatternDatabases::load(partition, 4, 4, blank_goal, Some(&dir), |_| true).unwrap()
}

// ---- The 8-puzzle in full ----

/// Solves every `step`-th state with A* over `Q` on two threads, with the heuristic `h`;
/// returns (states, total expanded).
fn all_states_with<Q: PQLike, H: Heuristic + Clone + Send + Sync>(h: H, step: usize) -> (usize, u64)
where
    H::Memo: Send,
{
    let all: Vec<_> = eight_puzzle_all().into_iter().step_by(step).collect();
    let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    let half = all.len() / 2;
    let (a, b) = all.split_at(half);
    let work = |part: &[([u8; 9], usize)]| {
        let mut expanded = 0;
        let first = Puzzle::with_default_goal(Board::new(3, 3, &part[0].0).unwrap()).unwrap();
        // One engine per thread, reset for each state: no allocation per solve.
        let mut search = AStar::<_, Q>::new(&first, h.clone()).unwrap();
        for (tiles, dist) in part {
            let puzzle = Puzzle::with_default_goal(Board::new(3, 3, tiles).unwrap()).unwrap();
            search.reset(&puzzle).unwrap();
            let sol = search.next().expect("solvable");
            expanded += search.progress().expanded;
            assert_eq!(sol.len(), *dist, "{tiles:?}");
            assert_eq!(replay(tiles, 3, &sol.letters()), goal, "{tiles:?}");
        }
        expanded
    };
    let (x, y) = std::thread::scope(|s| {
        let h = s.spawn(|| work(a));
        let y = work(b);
        (h.join().unwrap(), y)
    });
    (all.len(), x + y)
}

#[test]
fn every_eight_puzzle_state_optimal_with_each_queue() {
    assert_eq!(eight_puzzle_all().len(), 181_440);
    let pdb = PatternDatabases::build(Partition::P71, 3, 3, 8).unwrap();
    let (n, bucket) = all_states_with::<BucketQueue, _>(pdb.clone(), 1);
    let (_, heap) = all_states_with::<HeapQueue, _>(pdb, 1);
    // Both queues pop in the same order, so A* expands exactly the same nodes.
    assert_eq!(bucket, heap);
    assert_eq!(n, 181_440);
    eprintln!("{n} states, {bucket} nodes expanded in total (A*, 7-1 databases)");
}

#[test]
fn every_tenth_eight_puzzle_state_optimal_with_linear_conflict() {
    let lc = LinearConflict::new(&Geometry::new(3, 3), 8);
    let (n, bucket) = all_states_with::<BucketQueue, _>(lc.clone(), 10);
    let (_, heap) = all_states_with::<HeapQueue, _>(lc, 10);
    assert_eq!(bucket, heap);
    eprintln!("{n} states, {bucket} nodes expanded in total (A*, linear conflict)");
}

/// Both open lists of A* behind the one continuation, on a sample of every state: the same
/// solution and the same nodes; and stepped in small budgets, the same run as one long one.
#[test]
fn eight_puzzle_sample_engines_agree_through_the_solver() {
    let pdb_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("slide-pdb");
    for (tiles, dist) in eight_puzzle_all().iter().step_by(97) {
        let puzzle = Puzzle::with_default_goal(Board::new(3, 3, tiles).unwrap()).unwrap();
        let solver = |engine, heuristic| {
            let mut options = Options::new(engine, heuristic);
            options.pdb_dir = Some(pdb_dir.clone());
            Solver::new(&puzzle, &options).unwrap()
        };
        for h in [
            HeuristicKind::LinearConflict,
            HeuristicKind::Pdb(Partition::P71),
        ] {
            assert_agree(solver(Engine::AStar, h), solver(Engine::AStarHeap, h), true);
            let ida = run_whole(solver(Engine::IdaStar, h));
            assert_eq!(ida.items[0].len(), *dist, "{tiles:?}");
            let stepped = run_in_steps(solver(Engine::IdaStar, h), &[3, 50]);
            assert_eq!(ida.items, stepped.items, "{tiles:?}");
            assert_eq!(ida.progress, stepped.progress, "{tiles:?}");
        }
        let base = run_whole(solver(Engine::Baseline, HeuristicKind::Manhattan));
        let stepped = run_in_steps(solver(Engine::Baseline, HeuristicKind::Manhattan), &[7]);
        assert_eq!(base.items, stepped.items, "{tiles:?}");
        assert_eq!(base.progress, stepped.progress, "{tiles:?}");
        assert!(base.items[0].len() >= *dist, "{tiles:?}");
    }
}

#[test]
fn unsolvable_eight_puzzle_states_are_reported_at_once() {
    // Swapping two tiles of a solvable state flips the parity.
    for (tiles, _) in eight_puzzle_all().iter().step_by(101) {
        let mut t = *tiles;
        let (i, j) = if t[0] != 0 && t[1] != 0 {
            (0, 1)
        } else {
            (7, 8)
        };
        t.swap(i, j);
        let err = Puzzle::with_default_goal(Board::new(3, 3, &t).unwrap()).unwrap_err();
        assert!(err.to_string().contains("unsolvable"), "{err}");
    }
}

#[test]
fn baseline_is_valid_but_not_always_optimal() {
    let all = eight_puzzle_all();
    let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    let mut longer = 0;
    let mut checked = 0;
    for (tiles, dist) in all.iter().step_by(7) {
        let puzzle = Puzzle::with_default_goal(Board::new(3, 3, tiles).unwrap()).unwrap();
        let sol = Baseline::<HeapQueue>::new(&puzzle)
            .solve()
            .expect("baseline finds a solution");
        assert_eq!(replay(tiles, 3, &sol.letters()), goal);
        assert!(sol.len() >= *dist);
        longer += usize::from(sol.len() > *dist);
        checked += 1;
    }
    // The seed's flaw, reproduced: some answers are longer than optimal.
    assert!(
        longer > 0,
        "baseline was optimal on all {checked} states sampled"
    );
    eprintln!("baseline: {longer} of {checked} sampled states longer than optimal");
}

#[test]
fn slidr_layouts_have_their_published_lengths() {
    for file in [
        "eightpuzzle_slidr_bench9.txt",
        "eightpuzzle_slidr_tests.txt",
    ] {
        for line in read(file).lines().filter(|l| !l.starts_with('#')) {
            let parts: Vec<&str> = line.split('|').collect();
            let optimal: usize = parts[0].split_whitespace().nth(1).unwrap().parse().unwrap();
            let board: Board = parts[2].trim().parse().unwrap();
            assert_eq!(board, parts[1].trim().parse().unwrap());
            let puzzle = Puzzle::with_default_goal(board).unwrap();
            let h = Manhattan::new(puzzle.geometry(), puzzle.goal().blank());
            let sol = IdaStar::new(&puzzle, h).unwrap().solve().unwrap();
            assert_eq!(sol.len(), optimal, "{line}");
            assert_eq!(sol.replay(), Some(*puzzle.goal()));
        }
    }
}

#[test]
fn walking_distance_never_above_the_distance_of_any_eight_puzzle_state() {
    let goal = Board::default_goal(3, 3).unwrap();
    let first = Puzzle::new(goal, goal).unwrap();
    let wd = WalkingDistance::new(first.geometry(), goal.blank()).unwrap();
    let md = Manhattan::new(first.geometry(), goal.blank());
    let (mut sum_wd, mut sum_md, mut exact) = (0u64, 0u64, 0usize);
    for (tiles, dist) in eight_puzzle_all() {
        let p = Puzzle::new(Board::new(3, 3, &tiles).unwrap(), goal).unwrap();
        let h = wd.evaluate(&p.state()).0;
        let m = md.evaluate(&p.state()).0;
        assert!(h as usize <= dist, "{tiles:?}: wd {h} > {dist}");
        assert!(h >= m, "{tiles:?}: wd {h} < manhattan {m}");
        sum_wd += h as u64;
        sum_md += m as u64;
        exact += usize::from(h as usize == dist);
    }
    // Never below Manhattan, and strictly above it somewhere.
    assert!(sum_wd > sum_md, "wd {sum_wd} vs manhattan {sum_md}");
    eprintln!("8-puzzle: wd sums to {sum_wd}, manhattan to {sum_md}; wd exact on {exact} states");
}

// ---- Korf's 100 ----

/// Instances IDA* with the 6-6-3 databases solves in well under a second each.
const FAST: [usize; 8] = [9, 12, 13, 19, 2, 18, 22, 28];

fn solve_and_check<H: Heuristic>(tiles: &[u8], goal: &Board, optimal: usize, h: H) -> u64 {
    let puzzle = Puzzle::new(Board::new(4, 4, tiles).unwrap(), *goal).unwrap();
    let mut search = IdaStar::new(&puzzle, h).unwrap();
    let sol = search.next().expect("solvable");
    assert_eq!(sol.len(), optimal, "{tiles:?}");
    assert_eq!(replay(tiles, 4, &sol.letters()), goal.tiles(), "{tiles:?}");
    search.progress().generated
}

#[test]
fn korf_fast_subset_blank_first_goal() {
    let goal = Board::goal(4, 4, GoalConvention::BlankFirst).unwrap();
    let h = pdb_4x4(Partition::P663, 0);
    let all = korf100();
    for id in FAST {
        let k = &all[id - 1];
        assert_eq!(k.id, id);
        solve_and_check(&k.tiles, &goal, k.optimal, h.clone());
    }
}

#[test]
fn korf_fast_subset_blank_last_goal() {
    let goal = Board::default_goal(4, 4).unwrap();
    let h = pdb_4x4(Partition::P663, 15);
    let all = korf100_blank_last();
    for id in FAST {
        let k = &all[id - 1];
        assert_eq!(k.id, id);
        solve_and_check(&k.tiles, &goal, k.optimal, h.clone());
    }
}

#[test]
fn korf_walking_distance_instances_optimal() {
    let goal = Board::goal(4, 4, GoalConvention::BlankFirst).unwrap();
    let all = korf100();
    for id in [9, 12, 13, 19] {
        let k = &all[id - 1];
        let wd = WalkingDistance::new(&Geometry::new(4, 4), 0).unwrap();
        let n = solve_and_check(&k.tiles, &goal, k.optimal, wd);
        eprintln!("korf {id}: {n} generated (walking distance)");
    }
    let goal = Board::default_goal(4, 4).unwrap();
    let k = &korf100_blank_last()[8];
    assert_eq!(k.id, 9);
    let wd = WalkingDistance::new(&Geometry::new(4, 4), 15).unwrap();
    solve_and_check(&k.tiles, &goal, k.optimal, wd);
}

#[test]
fn korf_linear_conflict_solves_the_easiest_instance() {
    let goal = Board::goal(4, 4, GoalConvention::BlankFirst).unwrap();
    let k = &korf100()[8];
    solve_and_check(
        &k.tiles,
        &goal,
        k.optimal,
        LinearConflict::new(&Geometry::new(4, 4), 0),
    );
}

/// Solves all 100 with IDA* and the tables of `partition` from the default cache directory
/// (`$SLIDE_PDB_DIR`, built there on first use), checking every length; prints the nodes.
fn all_one_hundred(partition: Partition) {
    let goal = Board::goal(4, 4, GoalConvention::BlankFirst).unwrap();
    let h = PatternDatabases::load(partition, 4, 4, 0, None, |_| true).unwrap();
    let started = std::time::Instant::now();
    let mut total = 0;
    for k in korf100() {
        total += solve_and_check(&k.tiles, &goal, k.optimal, h.clone());
    }
    eprintln!(
        "Korf's 100: {total} nodes generated ({} with the mirror), {:.2?}",
        partition.name(),
        started.elapsed()
    );
}

/// All 100 with the 6-6-3 databases (`compare -- slide` times the same run).
#[test]
#[ignore = "solves all 100 (several seconds of CPU, a first build of the tables)"]
fn korf_all_one_hundred_with_the_6_6_3_databases() {
    all_one_hundred(Partition::P663);
}

/// All 100 with the 7-8 databases (577 MB, a few minutes to build on first use).
#[test]
#[ignore = "needs the 7-8 tables (minutes to build on first use, 2 GB while building)"]
fn korf_all_one_hundred_with_the_7_8_databases() {
    all_one_hundred(Partition::P78);
}

/// Nodes generated by IDA* with Manhattan, linear conflict and walking distance on a few Korf
/// instances (`--ignored --nocapture`).
#[test]
#[ignore = "a table of node counts for the README (tens of seconds with Manhattan distance)"]
fn korf_node_counts_against_manhattan_and_linear_conflict() {
    fn run<H: Heuristic>(p: &Puzzle, h: H, optimal: usize) -> u64 {
        let mut search = IdaStar::new(p, h).unwrap();
        assert_eq!(search.next().expect("solvable").len(), optimal);
        search.progress().generated
    }
    let goal = Board::goal(4, 4, GoalConvention::BlankFirst).unwrap();
    let all = korf100();
    let t = std::time::Instant::now();
    let wd = WalkingDistance::new(&Geometry::new(4, 4), 0).unwrap();
    eprintln!("tables {:?} built in {:?}", wd.table_sizes(), t.elapsed());
    eprintln!("id optimal manhattan linear-conflict walking-distance");
    for id in [9, 12, 13, 19, 2, 18, 28] {
        let k = &all[id - 1];
        let p = Puzzle::new(Board::new(4, 4, &k.tiles).unwrap(), goal).unwrap();
        let g = p.geometry();
        let md = run(&p, Manhattan::new(g, 0), k.optimal);
        let lc = run(&p, LinearConflict::new(g, 0), k.optimal);
        let wd = run(&p, WalkingDistance::new(g, 0).unwrap(), k.optimal);
        eprintln!("{id} {} {md} {lc} {wd}", k.optimal);
    }
}

// ---- Korf and Felner's 24-puzzles ----

/// The easiest instances (fewest nodes in published 6-6-6-6 runs), easiest first.
const EASIEST_24: [usize; 4] = [40, 38, 25, 44];

#[test]
#[ignore = "needs the 6-6-6-6 tables (minutes to build on first use) and a minute of CPU"]
fn easiest_24_puzzles_with_the_6_6_6_6_databases() {
    let goal = Board::goal(5, 5, GoalConvention::BlankFirst).unwrap();
    let h = PatternDatabases::load(Partition::P6666, 5, 5, 0, None, |_| true).unwrap();
    assert!(h.mirrored());
    let all = korf_felner_24();
    for id in EASIEST_24 {
        let k = &all[id - 1];
        assert_eq!(k.id, id);
        let puzzle = Puzzle::new(Board::new(5, 5, &k.tiles).unwrap(), goal).unwrap();
        let started = std::time::Instant::now();
        let mut search = IdaStar::new(&puzzle, h.clone()).unwrap();
        let sol = search.next().expect("solvable");
        assert_eq!(sol.len(), k.optimal, "instance {id}");
        assert_eq!(
            replay(&k.tiles, 5, &sol.letters()),
            goal.tiles(),
            "instance {id}"
        );
        eprintln!(
            "24-puzzle #{id}: {} moves, {} nodes generated, {} expanded, {:.2?}; per iteration {:?}",
            sol.len(),
            search.progress().generated,
            search.progress().expanded,
            started.elapsed(),
            search.iterations()
        );
    }
}
