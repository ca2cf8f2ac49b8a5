//! Korf & Felner's 24-puzzle instances with the 6-6-6-6 databases and the mirror: the
//! easiest ones (by the published IDA* expansions), every length equal to the published
//! optimum. Ignored: the four tables (127.5 M entries each, 510 MB on disk) are built on
//! first use in the default cache directory (`$SLIDE_PDB_DIR`), which takes minutes.

mod common;

use slide_solver::{Board, GoalConvention, IdaStar, Partition, PatternDatabases, Puzzle};

use common::{korf_felner_24, replay};

/// The easiest instances (fewest nodes in published 6-6-6-6 runs), easiest first.
const EASIEST: [usize; 4] = [40, 38, 25, 44];

#[test]
#[ignore = "needs the 6-6-6-6 tables (minutes to build on first use) and a minute of CPU"]
fn easiest_24_puzzles_with_the_6_6_6_6_databases() {
    let goal = Board::goal(5, 5, GoalConvention::BlankFirst).unwrap();
    let h = PatternDatabases::load(Partition::P6666, 5, 5, 0, None, |_| true).unwrap();
    assert!(h.mirrored());
    let all = korf_felner_24();
    for id in EASIEST {
        let (kid, optimal, tiles) = &all[id - 1];
        assert_eq!(*kid, id);
        let puzzle = Puzzle::new(Board::new(5, 5, tiles).unwrap(), goal).unwrap();
        let started = std::time::Instant::now();
        let mut search = IdaStar::new(&puzzle, h.clone()).unwrap();
        let sol = search.next().expect("solvable");
        assert_eq!(sol.len(), *optimal, "instance {id}");
        assert_eq!(
            replay(tiles, 5, &sol.letters()),
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
