//! The SVG pictures: well-formed XML, 81 cells' digits split into bold givens and light
//! filled digits, and the grid's 20 lines (4 of them heavy box lines per direction).
#![cfg(feature = "svg")]

use proptest::prelude::*;
use sudoku_engine::{Grid, solve};

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

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn a_solution_shows_givens_bold_and_filled_digits_light() {
    let puzzle: Grid = PUZZLE.parse().unwrap();
    let solution = solve(&puzzle).unwrap();
    let svg = puzzle.solution_svg(&solution);
    let doc = parse(&svg);
    assert_eq!(count(&doc, "given"), 17);
    assert_eq!(count(&doc, "filled"), 64);
    for n in doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("given"))
    {
        assert_eq!(n.attribute("font-weight"), Some("bold"));
    }
    for n in doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("filled"))
    {
        assert_eq!(n.attribute("font-weight"), Some("normal"));
    }
    // The digits read back as the solution, cell by cell in document order.
    let digits: String = doc
        .descendants()
        .filter(|n| matches!(n.attribute("class"), Some("given" | "filled")))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(digits, solution.to_line());
    let lines = doc.descendants().filter(|n| n.has_tag_name("line")).count();
    assert_eq!(lines, 20);
    let heavy = doc
        .descendants()
        .filter(|n| n.has_tag_name("line") && n.attribute("stroke-width") == Some("2.6"))
        .count();
    assert_eq!(heavy, 8);
}

#[test]
fn a_puzzle_alone_shows_only_its_givens() {
    let puzzle: Grid = PUZZLE.parse().unwrap();
    let doc_text = puzzle.to_svg();
    let doc = parse(&doc_text);
    assert_eq!(count(&doc, "given"), 17);
    assert_eq!(count(&doc, "filled"), 0);
}

proptest! {
    /// Any grid draws as well-formed XML with one digit per filled cell.
    #[test]
    fn any_grid_draws(cells in proptest::collection::vec(0u8..10, 81)) {
        let grid = Grid::from_cells(cells.clone().try_into().unwrap()).unwrap();
        let svg = grid.to_svg();
        let doc = parse(&svg);
        prop_assert_eq!(count(&doc, "given"), cells.iter().filter(|&&d| d != 0).count());
    }
}
