//! Grids drawn as SVG pictures (feature `svg`, on by default).
//!
//! The 9x9 grid with its 3x3 boxes in heavy lines; the givens bold and dark (class `given`),
//! the digits a solution fills in light and blue (class `filled`).
//!
//! ```
//! use sudoku_engine::{Grid, solve};
//!
//! let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let puzzle: Grid = line.parse().unwrap();
//! let solution = solve(&puzzle).unwrap();
//! let svg = puzzle.solution_svg(&solution);
//! assert_eq!(svg.matches("class=\"given\"").count(), 30);
//! assert_eq!(svg.matches("class=\"filled\"").count(), 51);
//! ```

use std::fmt::Write as _;

use crate::grid::{CELLS, Grid};

/// Side of a cell in pixels.
const CELL: f64 = 44.0;
/// Space around the grid.
const MARGIN: f64 = 16.0;

impl Grid {
    /// The grid as an SVG picture: its digits bold, as givens.
    pub fn to_svg(&self) -> String {
        draw(self, None)
    }

    /// The puzzle (`self`) and its `solution` as one SVG picture: the puzzle's givens bold and
    /// dark, the digits the solution adds light and blue. Cells the solution leaves empty stay
    /// empty; a solution digit that differs from a given is not drawn over it.
    pub fn solution_svg(&self, solution: &Grid) -> String {
        draw(self, Some(solution))
    }
}

fn draw(puzzle: &Grid, solution: Option<&Grid>) -> String {
    let side = 9.0 * CELL + 2.0 * MARGIN;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{side:.0}" height="{side:.0}" viewBox="0 0 {side:.1} {side:.1}" font-family="DejaVu Sans, Verdana, sans-serif">"#
    );
    let _ = writeln!(
        out,
        "<title>sudoku, {} givens{}</title>",
        puzzle.givens(),
        if solution.is_some() { ", solved" } else { "" }
    );
    let _ = writeln!(
        out,
        "<rect width=\"100%\" height=\"100%\" fill=\"#fdfcf8\"/>"
    );
    // Alternate boxes lightly shaded, so the 3x3 boxes read at a glance.
    for b in 0..9 {
        if b % 2 == 1 {
            continue;
        }
        let _ = writeln!(
            out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"#f1ede2\"/>",
            MARGIN + (b % 3) as f64 * 3.0 * CELL,
            MARGIN + (b / 3) as f64 * 3.0 * CELL,
            3.0 * CELL,
            3.0 * CELL
        );
    }
    for cell in 0..CELLS {
        let (row, col) = (cell / 9, cell % 9);
        let (x, y) = (
            MARGIN + (col as f64 + 0.5) * CELL,
            MARGIN + (row as f64 + 0.72) * CELL,
        );
        let given = puzzle.get(cell);
        let (digit, class, style) = if given != 0 {
            (given, "given", "font-weight=\"bold\" fill=\"#1b1b1b\"")
        } else {
            match solution.map(|s| s.get(cell)) {
                Some(d) if d != 0 => (d, "filled", "font-weight=\"normal\" fill=\"#5b8fd0\""),
                _ => continue,
            }
        };
        let _ = writeln!(
            out,
            "<text class=\"{class}\" x=\"{x:.1}\" y=\"{y:.1}\" font-size=\"{:.0}\" text-anchor=\"middle\" {style}>{digit}</text>",
            CELL * 0.62
        );
    }
    for i in 0..=9 {
        let (width, colour) = if i % 3 == 0 {
            (2.6, "#1b1b1b")
        } else {
            (0.8, "#9a9a9a")
        };
        let at = MARGIN + i as f64 * CELL;
        let (from, to) = (MARGIN, MARGIN + 9.0 * CELL);
        let _ = writeln!(
            out,
            "<line x1=\"{at:.1}\" y1=\"{from:.1}\" x2=\"{at:.1}\" y2=\"{to:.1}\" stroke=\"{colour}\" stroke-width=\"{width}\" stroke-linecap=\"square\"/><line x1=\"{from:.1}\" y1=\"{at:.1}\" x2=\"{to:.1}\" y2=\"{at:.1}\" stroke=\"{colour}\" stroke-width=\"{width}\" stroke-linecap=\"square\"/>"
        );
    }
    out.push_str("</svg>\n");
    out
}
