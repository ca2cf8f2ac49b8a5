//! A solved board drawn as an SVG picture (feature `svg`, on by default).
//!
//! [`Solver::to_svg`]: the 20 tiles in the game's grid of 4 columns and 5 rows, the tiles of
//! each quartile in that quartile's own colour (tile class `tile`), and beside them every
//! word found, quartiles first (in their colours), then by tile count, with the score.
//!
//! ```
//! use quartiles_solver::{Board, Dictionary, Solver};
//!
//! let dict = Dictionary::english();
//! let board = Board::parse(
//!     "azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment",
//! )?;
//! let solver = Solver::new(&dict, &board).finish();
//! let svg = solver.to_svg();
//! assert_eq!(svg.matches("class=\"tile\"").count(), 20);
//! assert!(svg.contains(">razzmatazz<"));
//! # Ok::<(), quartiles_solver::BoardError>(())
//! ```

use std::fmt::Write as _;

use crate::board::TILE_COUNT;
use crate::search::{Solver, Word};

/// The quartiles' colours, in the order of the cover.
const QUARTILE_COLOURS: [&str; 5] = ["#e63946", "#2a9d8f", "#f4a261", "#457b9d", "#9b5de5"];
/// A tile in no quartile found.
const PLAIN: &str = "#d9d4c7";
/// Columns and rows of the game's grid.
const COLUMNS: usize = 4;
/// Words per column of the list.
const LIST_ROWS: usize = 22;

impl Solver {
    /// The board and the words found so far as an SVG picture: the tiles of each quartile of
    /// the first cover ([`Solver::quartiles`]) in their own colour, and the distinct words
    /// found, quartiles first, then by tile count (more tiles first), each with its points.
    pub fn to_svg(&self) -> String {
        let board = self.board();
        let cover = self.quartiles().into_iter().next();
        let mut colour = [PLAIN; TILE_COUNT];
        if let Some(cover) = &cover {
            for (k, word) in cover.iter().enumerate() {
                for tile in word.path.iter() {
                    colour[tile] = QUARTILE_COLOURS[k];
                }
            }
        }
        // Distinct words: the quartiles first, then by tile count, in search order.
        let mut listed: Vec<(Word, Option<usize>)> = Vec::new();
        if let Some(cover) = &cover {
            listed.extend(cover.iter().enumerate().map(|(k, w)| (*w, Some(k))));
        }
        let words = self.words();
        for tiles in (1..=4).rev() {
            for w in words.iter().filter(|w| w.tiles() == tiles) {
                if !listed.iter().any(|(l, _)| l.text == w.text) {
                    listed.push((*w, None));
                }
            }
        }

        let (tw, th, gap) = (112.0, 52.0, 10.0);
        let (x0, y0) = (20.0, 56.0);
        let grid_w = COLUMNS as f64 * (tw + gap) - gap;
        let grid_h = (TILE_COUNT / COLUMNS) as f64 * (th + gap) - gap;
        let list_x = x0 + grid_w + 36.0;
        let line = 19.0;
        let columns = listed.len().div_ceil(LIST_ROWS).max(1);
        let col_w = 150.0;
        let w = list_x + columns as f64 * col_w + 10.0;
        let h = (y0 + grid_h).max(y0 + LIST_ROWS.min(listed.len().max(1)) as f64 * line) + 24.0;

        let mut out = String::new();
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.1} {h:.1}" font-family="DejaVu Sans, Verdana, sans-serif">"#
        );
        let summary = format!(
            "{} words, {} points{}",
            listed.len(),
            self.score(),
            if cover.is_some() {
                ", quartiles found"
            } else {
                ""
            }
        );
        let _ = writeln!(out, "<title>Quartiles: {summary}</title>");
        out.push_str("<rect width=\"100%\" height=\"100%\" fill=\"#fbfaf7\"/>\n");
        let _ = writeln!(
            out,
            "<text x=\"{x0}\" y=\"32\" font-size=\"20\" font-weight=\"bold\" fill=\"#222\">Quartiles</text><text x=\"{list_x:.1}\" y=\"32\" font-size=\"15\" fill=\"#444\">{summary}</text>"
        );
        for (i, &fill) in colour.iter().enumerate() {
            let (r, c) = (i / COLUMNS, i % COLUMNS);
            let (x, y) = (x0 + c as f64 * (tw + gap), y0 + r as f64 * (th + gap));
            let text_fill = if fill == PLAIN { "#222" } else { "#fff" };
            let _ = writeln!(
                out,
                "<rect class=\"tile\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{tw}\" height=\"{th}\" rx=\"10\" fill=\"{fill}\"/><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"22\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{text_fill}\">{}</text>",
                x + tw / 2.0,
                y + th / 2.0 + 8.0,
                escape(board.tile(i))
            );
        }
        for (k, (word, quartile)) in listed.iter().enumerate() {
            let (c, r) = (k / LIST_ROWS, k % LIST_ROWS);
            let (x, y) = (list_x + c as f64 * col_w, y0 + 12.0 + r as f64 * line);
            let (fill, weight) = match quartile {
                Some(q) => (QUARTILE_COLOURS[*q], "bold"),
                None => ("#333", "normal"),
            };
            let _ = writeln!(
                out,
                "<text class=\"word\" x=\"{x:.1}\" y=\"{y:.1}\" font-size=\"14\" font-weight=\"{weight}\" fill=\"{fill}\">{}</text><text x=\"{:.1}\" y=\"{y:.1}\" font-size=\"11\" fill=\"#888\" text-anchor=\"end\">{}</text>",
                escape(word.as_str()),
                x + col_w - 14.0,
                word.points()
            );
        }
        out.push_str("</svg>\n");
        out
    }
}

/// Text made safe for an SVG text node or attribute.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(ch),
        }
    }
    out
}
