//! The SVG pictures: well-formed XML, one rectangle per tile, a path with one point per tile
//! and an arrow per move, and the cells each kind of proof names.
#![cfg(feature = "svg")]

use hamilton_solver::{Grid, Impossible, Pos, Solver};
use proptest::prelude::*;

/// The elements with class `class` in a well-formed SVG document.
fn with_class<'a>(doc: &'a roxmltree::Document<'a>, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .collect()
}

fn parse(svg: &str) -> roxmltree::Document<'_> {
    let doc = roxmltree::Document::parse(svg).expect("the picture is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc
}

#[test]
fn a_path_has_a_point_per_tile_and_an_arrow_per_move() {
    let grid = Grid::parse("Xxxxx\nxxxxx\nxx xx\nxxxxx\nxxxxx").unwrap();
    let path = Solver::new(&grid).solve().unwrap();
    let svg = grid.solution_svg(&path);
    let doc = parse(&svg);
    assert_eq!(with_class(&doc, "tile").len(), grid.tile_count());
    let line = with_class(&doc, "path");
    assert_eq!(line.len(), 1);
    let points = line[0].attribute("points").unwrap().split(' ').count();
    assert_eq!(points, grid.tile_count());
    assert_eq!(with_class(&doc, "arrow").len(), grid.tile_count() - 1);
    assert_eq!(with_class(&doc, "start").len(), 1);
    assert_eq!(with_class(&doc, "end").len(), 1);
}

#[test]
fn a_board_alone_shows_its_start_and_end() {
    let grid = Grid::parse("Xxx\nxxx\nxxE").unwrap();
    let svg = grid.to_svg();
    let doc = parse(&svg);
    assert_eq!(with_class(&doc, "tile").len(), 9);
    assert_eq!(with_class(&doc, "start").len(), 1);
    assert_eq!(with_class(&doc, "end").len(), 1);
    assert!(with_class(&doc, "path").is_empty());
}

#[test]
fn a_parity_proof_shows_both_colours() {
    let grid = Grid::parse("Xxx\nx x").unwrap();
    let why = Solver::new(&grid).solve().unwrap_err();
    let Impossible::Parity(parity) = &why else {
        panic!("expected a parity proof, got {why}");
    };
    let svg = grid.proof_svg(&why);
    let doc = parse(&svg);
    assert_eq!(with_class(&doc, "same").len(), parity.same);
    assert_eq!(with_class(&doc, "other").len(), parity.other);
    assert!(svg.contains("no path: parity"));
}

#[test]
fn a_dead_end_proof_marks_the_dead_ends() {
    let grid = Grid::parse("xxxxx\nx X x\nxxxxx").unwrap();
    let why = Impossible::DeadEnds {
        cells: vec![Pos::new(0, 0), Pos::new(2, 4)],
    };
    let svg = grid.proof_svg(&why);
    let doc = parse(&svg);
    assert_eq!(with_class(&doc, "dead-end").len(), 2);
    assert!(svg.contains("have a single neighbour"));
}

#[test]
fn a_cut_proof_marks_the_cut_and_colours_the_pieces() {
    let why = Impossible::Disconnected {
        cut: Pos::new(1, 2),
        pieces: 3,
    };
    let grid = Grid::parse("xx xx\nXxxxx\nxx xx").unwrap();
    let svg = grid.proof_svg(&why);
    let doc = parse(&svg);
    assert_eq!(with_class(&doc, "cut").len(), 1);
    let fills: std::collections::BTreeSet<_> = with_class(&doc, "tile")
        .iter()
        .filter_map(|n| n.attribute("fill"))
        .collect();
    // Two pieces plus the cut tile's plain colour.
    assert_eq!(fills.len(), 3);
}

proptest! {
    /// Any parsable board draws as well-formed XML with one rectangle per tile.
    #[test]
    fn any_board_draws(text in "[xX E\n]{0,60}") {
        if let Ok(grid) = Grid::parse_any_start(&text) {
            let svg = grid.to_svg();
            let doc = parse(&svg);
            prop_assert_eq!(with_class(&doc, "tile").len(), grid.tile_count());
            match Solver::new(&grid).solve() {
                Ok(path) => {
                    let svg = grid.solution_svg(&path);
                    let doc = parse(&svg);
                    prop_assert_eq!(with_class(&doc, "arrow").len(), grid.tile_count() - 1);
                }
                Err(why) => {
                    let svg = grid.proof_svg(&why);
                    parse(&svg);
                }
            }
        }
    }
}
