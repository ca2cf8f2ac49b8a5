//! The SVG picture: well-formed XML, 20 tiles with the five quartiles in five colours of four
//! tiles each, and every distinct word listed once.
#![cfg(feature = "svg")]

use std::collections::BTreeMap;

use proptest::prelude::*;
use quartiles_solver::{Board, Dictionary, Solver};

fn parse(svg: &str) -> roxmltree::Document<'_> {
    let doc = roxmltree::Document::parse(svg).expect("the picture is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc
}

const SEED: &str = "azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment";

#[test]
fn the_quartiles_have_their_own_colours_and_every_word_is_listed() {
    let dict = Dictionary::english();
    let board = Board::parse(SEED).unwrap();
    let solver = Solver::new(&dict, &board).finish();
    let svg = solver.to_svg();
    let doc = parse(&svg);
    let mut by_colour: BTreeMap<&str, usize> = BTreeMap::new();
    for tile in doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("tile"))
    {
        *by_colour
            .entry(tile.attribute("fill").unwrap())
            .or_default() += 1;
    }
    assert_eq!(by_colour.len(), 5);
    assert!(by_colour.values().all(|&n| n == 4));
    let listed: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("word"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(listed.len(), solver.solution().len());
    assert_eq!(
        &listed[..5],
        [
            "truthfully",
            "refreshment",
            "razzmatazz",
            "nihilistic",
            "crosswords"
        ]
    );
}

#[test]
fn an_unsolved_board_shows_plain_tiles() {
    let dict = Dictionary::english();
    let board = Board::parse(SEED).unwrap();
    let svg = Solver::new(&dict, &board).to_svg();
    let doc = parse(&svg);
    let fills: std::collections::BTreeSet<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("tile"))
        .filter_map(|n| n.attribute("fill"))
        .collect();
    assert_eq!(fills.len(), 1);
}

proptest! {
    /// Any board (tiles with markup characters too) draws as well-formed XML.
    #[test]
    fn any_board_draws(tiles in proptest::collection::vec("[a-z<&>]{1,4}", 20)) {
        if let Ok(board) = Board::from_tiles(&tiles) {
            let dict = Dictionary::english();
            let svg = Solver::new(&dict, &board).finish().to_svg();
            parse(&svg);
        }
    }
}
