//! Korf's 100 15-puzzle instances: a fast subset in CI, all of them in an ignored test.

mod common;

use slide_solver::{
    Board, GoalConvention, IdaStar, LinearConflict, Partition, PatternDatabases, Puzzle,
};

use common::{korf100, korf100_blank_last, replay};

/// Instances IDA* with the 6-6-3 databases solves in well under a second each.
const FAST: [usize; 8] = [9, 12, 13, 19, 2, 18, 22, 28];

fn pdb(partition: Partition, blank_goal: usize) -> PatternDatabases {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("slide-pdb");
    PatternDatabases::load(partition, 4, 4, blank_goal, Some(&dir), |_| true).unwrap()
}

fn solve_and_check(tiles: &[u8], goal: &Board, optimal: usize, h: &PatternDatabases) -> u64 {
    let puzzle = Puzzle::new(Board::new(4, 4, tiles).unwrap(), *goal).unwrap();
    let mut search = IdaStar::new(&puzzle, h.clone()).unwrap();
    let sol = search.next().expect("solvable");
    assert_eq!(sol.len(), optimal, "{tiles:?}");
    assert_eq!(replay(tiles, 4, &sol.letters()), goal.tiles(), "{tiles:?}");
    search.progress().generated
}

#[test]
fn fast_subset_blank_first_goal() {
    let goal = Board::goal(4, 4, GoalConvention::BlankFirst).unwrap();
    let h = pdb(Partition::P663, 0);
    let all = korf100();
    for id in FAST {
        let k = &all[id - 1];
        assert_eq!(k.id, id);
        solve_and_check(&k.tiles, &goal, k.optimal, &h);
    }
}

#[test]
fn fast_subset_blank_last_goal() {
    let goal = Board::default_goal(4, 4).unwrap();
    let h = pdb(Partition::P663, 15);
    let all = korf100_blank_last();
    for id in FAST {
        let (kid, optimal, tiles) = &all[id - 1];
        assert_eq!(*kid, id);
        solve_and_check(tiles, &goal, *optimal, &h);
    }
}

#[test]
fn linear_conflict_solves_the_easiest_instance() {
    let goal = Board::goal(4, 4, GoalConvention::BlankFirst).unwrap();
    let k = &korf100()[8];
    let puzzle = Puzzle::new(Board::new(4, 4, &k.tiles).unwrap(), goal).unwrap();
    let sol = IdaStar::new(&puzzle, LinearConflict::new(puzzle.geometry(), 0))
        .unwrap()
        .solve()
        .unwrap();
    assert_eq!(sol.len(), k.optimal);
}

/// Solves all 100 with IDA* and the tables of `partition` from the default cache directory
/// (`$SLIDE_PDB_DIR`, built there on first use), checking every length; prints the nodes.
fn all_one_hundred(partition: Partition) {
    let goal = Board::goal(4, 4, GoalConvention::BlankFirst).unwrap();
    let h = PatternDatabases::load(partition, 4, 4, 0, None, |_| true).unwrap();
    let started = std::time::Instant::now();
    let mut total = 0;
    for k in korf100() {
        total += solve_and_check(&k.tiles, &goal, k.optimal, &h);
    }
    eprintln!(
        "Korf's 100: {total} nodes generated ({} with the mirror), {:.2?}",
        partition.name(),
        started.elapsed()
    );
}

/// All 100 with the 6-6-3 databases (run with `--ignored`; `compare -- slide` times the same
/// run).
#[test]
#[ignore = "solves all 100 (several seconds of CPU, a first build of the tables)"]
fn all_one_hundred_with_the_6_6_3_databases() {
    all_one_hundred(Partition::P663);
}

/// All 100 with the 7-8 databases (577 MB, a few minutes to build on first use).
#[test]
#[ignore = "needs the 7-8 tables (minutes to build on first use, 2 GB while building)"]
fn all_one_hundred_with_the_7_8_databases() {
    all_one_hundred(Partition::P78);
}
