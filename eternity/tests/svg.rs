//! The SVG pictures: well-formed XML, one group per placed piece, hints and empty cells
//! shown, and a red mark on exactly the mismatched interior edges.
#![cfg(feature = "svg")]

mod common;

use eternity_solver::engine::{self, EngineKind, Limits};
use eternity_solver::svg::SvgOptions;
use eternity_solver::{Board, Candidate, FillOrder, Hint, Instance, Piece, Rotation};
use proptest::prelude::*;

/// The number of elements with class `class` in a well-formed SVG document.
fn count_class(svg: &str, class: &str) -> usize {
    let doc = roxmltree::Document::parse(svg).expect("the picture is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .count()
}

fn solved_h52() -> (Instance, Board) {
    let inst = common::h52();
    let order = FillOrder::row_major(&inst);
    let out = engine::run(EngineKind::Table, &inst, &order, Limits::first());
    let board = out.first_solution.expect("h52 has a solution");
    board.verify_solution(&inst).expect("a solution");
    (inst, board)
}

#[test]
fn a_solved_board_shows_every_piece_and_every_edge_matched() {
    let (inst, board) = solved_h52();
    let svg = board.to_svg(&inst);
    assert_eq!(count_class(&svg, "cell"), 256);
    assert_eq!(count_class(&svg, "empty"), 0);
    assert_eq!(count_class(&svg, "hint"), 52);
    assert_eq!(count_class(&svg, "mismatch"), 0);
    assert!(board.mismatched_edges(&inst).is_empty());
    // Four triangles per piece.
    assert_eq!(svg.matches("<use ").count(), 4 * 256);
    // The rim grey and at least a few edge colours are drawn.
    assert!(svg.contains("#8c8c8c"));
    assert!(svg.matches("<g id=\"edge").count() > 5);
}

#[test]
fn a_broken_board_marks_its_mismatched_edges() {
    let (inst, mut board) = solved_h52();
    // Swap two interior pieces that are not hints: both lose their matches.
    let (a, b) = (17 + 16 * 3, 17 + 16 * 9);
    assert!(inst.hint_at(a).is_none() && inst.hint_at(b).is_none());
    let (pa, pb) = (board.get(a).unwrap(), board.get(b).unwrap());
    board.place(a, pb.into());
    board.place(b, pa.into());
    let mismatched = board.mismatched_edges(&inst).len();
    assert!(mismatched > 0);
    let svg = board.to_svg(&inst);
    assert_eq!(count_class(&svg, "mismatch"), mismatched);
    assert_eq!(board.score(&inst) + mismatched, inst.max_score());
}

#[test]
fn a_partial_board_shows_its_empty_cells() {
    let (inst, mut board) = solved_h52();
    for cell in 100..140 {
        board.clear(cell);
    }
    let svg = board.to_svg_with(
        &inst,
        &SvgOptions {
            title: Some("half <done> & more".into()),
            piece_numbers: true,
            ..SvgOptions::default()
        },
    );
    assert_eq!(count_class(&svg, "empty"), 40);
    assert_eq!(count_class(&svg, "cell"), 216);
    assert_eq!(count_class(&svg, "mismatch"), 0);
    assert!(svg.contains("half &lt;done&gt; &amp; more"));
}

proptest! {
    /// Any placement of pieces (legal or not) draws as well-formed XML, and its matched and
    /// mismatched edges add up to the adjacent filled pairs.
    #[test]
    fn any_board_draws(cells in proptest::collection::vec(proptest::option::of((0u16..9, 0u8..4)), 9)) {
        let pieces: Vec<Piece> = (0..9u8)
            .map(|i| Piece::new([i % 4, (i + 1) % 5, (i * 3) % 4, (i + 2) % 3]))
            .collect();
        let inst = Instance::new(3, 3, pieces, vec![]).unwrap();
        let mut board = Board::empty(&inst);
        for (cell, c) in cells.iter().enumerate() {
            if let Some((piece, rot)) = *c {
                board.place(cell, Candidate { piece, rotation: Rotation::new(rot).unwrap() });
            }
        }
        let svg = board.to_svg(&inst);
        let mismatched = count_class(&svg, "mismatch");
        prop_assert_eq!(mismatched, board.mismatched_edges(&inst).len());
        let filled = |c: usize| cells[c].is_some();
        let pairs = (0..9)
            .map(|c| usize::from(c % 3 < 2 && filled(c) && filled(c + 1)) + usize::from(c < 6 && filled(c) && filled(c + 3)))
            .sum::<usize>();
        prop_assert_eq!(board.score(&inst) + mismatched, pairs);
        prop_assert_eq!(count_class(&svg, "cell") + count_class(&svg, "empty"), 9);
    }
}

/// The caption and legend lines of a picture, with the picture's width.
fn texts(svg: &str, class: &str) -> (f64, Vec<String>) {
    let doc = roxmltree::Document::parse(svg).expect("the picture is well-formed XML");
    let width: f64 = doc
        .root_element()
        .attribute("width")
        .and_then(|w| w.parse().ok())
        .expect("the picture has a width");
    let lines = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .map(|n| n.text().unwrap_or_default().to_string())
        .collect();
    (width, lines)
}

#[test]
fn a_small_board_wraps_its_title_and_explains_its_marks() {
    // A 2x2 board with its hint placed: a narrow picture whose title is longer than it.
    let pieces = vec![
        Piece::new([0, 1, 2, 0]),
        Piece::new([0, 0, 3, 1]),
        Piece::new([2, 4, 0, 0]),
        Piece::new([3, 0, 0, 4]),
    ];
    let hint = Hint {
        cell: 0,
        piece: 0,
        rotation: Rotation::R0,
    };
    let inst = Instance::new(2, 2, pieces, vec![hint]).expect("a valid 2x2 board");
    let svg = Board::with_hints(&inst).to_svg(&inst);
    let (width, caption) = texts(&svg, "caption");
    assert!(caption.len() > 1, "{caption:?}");
    for line in &caption {
        // About 8.6 px a character at the caption's 15 px.
        assert!(
            line.chars().count() as f64 * 8.6 <= width,
            "`{line}` in {width} px"
        );
    }
    let (_, legend) = texts(&svg, "legend");
    assert!(legend.join(" ").contains("a hint"), "{legend:?}");
}
