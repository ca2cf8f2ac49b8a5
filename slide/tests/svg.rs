//! The SVG pictures: well-formed XML, one board per position of a strip with the moved tile
//! highlighted, and one animation per tile whose last position is the goal's.
#![cfg(feature = "svg")]

use proptest::prelude::*;
use slide_solver::{AStar, Board, BucketQueue, Direction, LinearConflict, Puzzle, Solution};

fn parse(svg: &str) -> roxmltree::Document<'_> {
    let doc = roxmltree::Document::parse(svg).expect("the picture is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc
}

fn count(doc: &roxmltree::Document<'_>, class: &str) -> usize {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .count()
}

fn solved() -> (Puzzle, Solution) {
    let puzzle = Puzzle::with_default_goal("1274x5836".parse::<Board>().unwrap()).unwrap();
    let h = LinearConflict::new(puzzle.geometry(), puzzle.goal().blank());
    let solution = AStar::<_, BucketQueue>::new(&puzzle, h)
        .unwrap()
        .solve()
        .unwrap();
    (puzzle, solution)
}

#[test]
fn a_strip_shows_every_position_with_the_moved_tile() {
    let (_, solution) = solved();
    let svg = solution.strip_svg();
    let doc = parse(&svg);
    assert_eq!(count(&doc, "board"), solution.len() + 1);
    assert_eq!(count(&doc, "moved"), solution.len());
    // Eight tiles on every board, one of them highlighted after each move.
    assert_eq!(
        count(&doc, "tile") + count(&doc, "moved"),
        8 * (solution.len() + 1)
    );
}

#[test]
fn an_animation_ends_on_the_goal() {
    let (puzzle, solution) = solved();
    let svg = solution.animated_svg();
    let doc = parse(&svg);
    let tiles: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("tile"))
        .collect();
    assert_eq!(tiles.len(), 8);
    for g in tiles {
        let tile: usize = g
            .descendants()
            .find(|n| n.has_tag_name("text"))
            .and_then(|n| n.text())
            .unwrap()
            .parse()
            .unwrap();
        let motion = g
            .children()
            .find(|n| n.has_tag_name("animateTransform"))
            .unwrap();
        let values: Vec<&str> = motion.attribute("values").unwrap().split(';').collect();
        let times = motion.attribute("keyTimes").unwrap().split(';').count();
        assert_eq!(values.len(), solution.len() + 3);
        assert_eq!(times, values.len());
        // The last position is the tile's cell in the goal.
        let cell = puzzle.goal().position_of(tile as u8).unwrap();
        let (x, y) = (
            12.0 + (cell % 3) as f64 * 56.0,
            42.0 + (cell / 3) as f64 * 56.0,
        );
        assert_eq!(values.last().unwrap(), &format!("{x:.1},{y:.1}"));
    }
}

#[test]
fn a_board_alone_draws_its_tiles() {
    let board: Board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0".parse().unwrap();
    let svg = board.to_svg();
    let doc = parse(&svg);
    assert_eq!(count(&doc, "tile"), 15);
}

proptest! {
    /// Any sequence of blank moves draws as well-formed XML, whatever it reaches.
    #[test]
    fn any_moves_draw(moves in proptest::collection::vec(0usize..4, 0..20)) {
        let dirs = [Direction::Up, Direction::Down, Direction::Left, Direction::Right];
        let start: Board = "1274x5836".parse().unwrap();
        let solution = Solution::new(start, moves.iter().map(|&i| dirs[i]).collect());
        parse(&solution.strip_svg());
        parse(&solution.animated_svg());
    }
}
