//! Walking distance: never above the true distance (full BFS on small boards, IDA*-optimal
//! lengths of random 15-puzzle walks), incremental updates agree with evaluation from
//! scratch, and IDA* with it solves Korf instances optimally.

mod common;

use std::collections::HashMap;
use std::sync::OnceLock;

use proptest::prelude::*;
use slide_solver::{
    Board, Direction, GoalConvention, Heuristic, IdaStar, Manhattan, Puzzle, Search,
    WalkingDistance,
};

use common::{bfs, korf_easy, korf_easy_blank_last, replay};

/// A goal of the given size with the blank in cell `blank` and tiles 1.. in order elsewhere.
fn goal_with_blank(w: usize, h: usize, blank: usize) -> Board {
    let mut tiles = Vec::with_capacity(w * h);
    let mut t = 1;
    for c in 0..w * h {
        if c == blank {
            tiles.push(0);
        } else {
            tiles.push(t);
            t += 1;
        }
    }
    Board::new(w, h, &tiles).unwrap()
}

/// The board reached by a walk of `dirs` (blank directions; impossible ones are skipped).
fn walk(goal: Board, dirs: &[usize]) -> (Board, usize) {
    let mut b = goal;
    let mut len = 0;
    for &d in dirs {
        if let Some(c) = b.moved(Direction::ALL[d % 4]) {
            b = c;
            len += 1;
        }
    }
    (b, len)
}

/// Small boards with a few blank goals, each with its full distance table.
fn small_tables() -> &'static Vec<(Board, HashMap<u128, u32>)> {
    static T: OnceLock<Vec<(Board, HashMap<u128, u32>)>> = OnceLock::new();
    T.get_or_init(|| {
        let mut out = Vec::new();
        for (w, h) in [(2, 2), (3, 2), (2, 3), (4, 2), (2, 4)] {
            for blank in [0, w * h - 1, w + 1] {
                let goal = goal_with_blank(w, h, blank);
                out.push((goal, bfs(goal)));
            }
        }
        out
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// On boards small enough to enumerate: WD at most the BFS distance, and the incremental
    /// update along a walk equals evaluation from scratch.
    #[test]
    fn admissible_on_small_boards(which in 0usize..15, dirs in prop::collection::vec(0usize..4, 0..40)) {
        let (goal, dist) = &small_tables()[which];
        let (start, _) = walk(*goal, &dirs);
        let p = Puzzle::new(start, *goal).unwrap();
        let wd = WalkingDistance::new(p.geometry(), goal.blank()).unwrap();
        let h = wd.evaluate(&p.state()).0;
        prop_assert!(h <= dist[&start.packed()], "{:?}: {} > {}", start.tiles(), h, dist[&start.packed()]);
        prop_assert!(h >= Manhattan::new(p.geometry(), goal.blank()).evaluate(&p.state()).0);
    }

    /// 15-puzzle walks from goals with the blank anywhere: WD at most the walk's length and at
    /// most the optimal length (IDA* with Manhattan), and updates match evaluation.
    #[test]
    fn admissible_on_short_fifteen_puzzle_walks(
        blank in 0usize..16,
        dirs in prop::collection::vec(0usize..4, 0..36),
    ) {
        let goal = goal_with_blank(4, 4, blank);
        let (start, len) = walk(goal, &dirs);
        let p = Puzzle::new(start, goal).unwrap();
        let wd = WalkingDistance::new(p.geometry(), blank).unwrap();
        let (h, mut memo) = wd.evaluate(&p.state());
        prop_assert!(h as usize <= len);
        prop_assert!(h >= Manhattan::new(p.geometry(), blank).evaluate(&p.state()).0);
        let optimal = IdaStar::new(&p, Manhattan::new(p.geometry(), blank))
            .unwrap()
            .solve()
            .unwrap()
            .len();
        prop_assert!(h as usize <= optimal, "{:?}: wd {} > optimal {}", start.tiles(), h, optimal);
        // Walk back along an optimal solution with incremental updates.
        let sol = IdaStar::new(&p, wd.clone()).unwrap().solve().unwrap();
        prop_assert_eq!(sol.len(), optimal);
        let mut s = p.state();
        let mut value = h;
        for &d in sol.blank_moves() {
            let b = s.blank();
            let from = match d {
                Direction::Up => b - 4,
                Direction::Down => b + 4,
                Direction::Left => b - 1,
                Direction::Right => b + 1,
            };
            let (v, m) = wd.update(&s, from, value, &memo);
            s.slide(from).unwrap();
            prop_assert_eq!((v, m), wd.evaluate(&s));
            value = v;
            memo = m;
        }
        prop_assert_eq!(value, 0);
    }
}

/// Instances IDA* with walking distance solves quickly (all in the 6-6-3 fast subset).
const FAST: [usize; 4] = [9, 12, 13, 19];

#[test]
fn korf_instances_solved_optimally_blank_first() {
    let goal = Board::goal(4, 4, GoalConvention::BlankFirst).unwrap();
    let all = korf_easy();
    for id in FAST {
        let k = all.iter().find(|k| k.id == id).unwrap();
        let p = Puzzle::new(Board::new(4, 4, &k.tiles).unwrap(), goal).unwrap();
        let mut search = IdaStar::new(&p, WalkingDistance::new(p.geometry(), 0).unwrap()).unwrap();
        let sol = search.next().expect("solvable");
        assert_eq!(sol.len(), k.optimal, "instance {id}");
        assert_eq!(replay(&k.tiles, 4, &sol.letters()), goal.tiles());
        eprintln!("korf {id}: {} generated", search.progress().generated);
    }
}

#[test]
fn korf_instance_solved_optimally_blank_last() {
    let goal = Board::default_goal(4, 4).unwrap();
    for k in korf_easy_blank_last() {
        let p = Puzzle::new(Board::new(4, 4, &k.tiles).unwrap(), goal).unwrap();
        let h = WalkingDistance::new(p.geometry(), 15).unwrap();
        let sol = IdaStar::new(&p, h).unwrap().solve().expect("solvable");
        assert_eq!(sol.len(), k.optimal, "instance {}", k.id);
        assert_eq!(replay(&k.tiles, 4, &sol.letters()), goal.tiles());
    }
}
