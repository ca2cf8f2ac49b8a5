//! Boards drawn as SVG pictures (feature `svg`, on by default).
//!
//! A piece is a square cut into four triangles by its diagonals, one per edge, the way the
//! community viewers draw Eternity II: each edge colour has its own background colour and
//! motif (a half shape on the edge, so that two matched edges make one whole shape), and the
//! rim colour [`GREY`] is plain grey. Pinned hints carry a gold frame and pin, empty cells are
//! pale and dashed, and on a partial or broken board every interior edge whose two sides
//! differ is marked with a red bar ([`Board::mismatched_edges`]).
//!
//! ```
//! use eternity_solver::{Board, Instance, Piece};
//!
//! let pieces = vec![
//!     Piece::new([0, 1, 2, 0]),
//!     Piece::new([0, 0, 3, 1]),
//!     Piece::new([2, 4, 0, 0]),
//!     Piece::new([3, 0, 0, 4]),
//! ];
//! let inst = Instance::new(2, 2, pieces, vec![]).unwrap();
//! let board = Board::empty(&inst);
//! let svg = board.to_svg(&inst);
//! assert!(svg.starts_with("<svg"));
//! assert_eq!(svg.matches("class=\"empty\"").count(), 4);
//! ```

use std::fmt::Write as _;

use crate::board::Board;
use crate::instance::{Colour, GREY, Instance, Side};

/// How a board is drawn by [`Board::to_svg_with`].
#[derive(Clone, Debug, PartialEq)]
pub struct SvgOptions {
    /// The side of one cell in pixels.
    pub cell: f64,
    /// The caption above the board; `None` gives the instance's name with the score.
    pub title: Option<String>,
    /// Print each piece's number in its centre.
    pub piece_numbers: bool,
}

impl Default for SvgOptions {
    fn default() -> SvgOptions {
        SvgOptions {
            cell: 48.0,
            title: None,
            piece_numbers: false,
        }
    }
}

/// Background colours of the interior edge colours (colour `c` takes entry `(c - 1) % 12`).
const BACKGROUNDS: [&str; 12] = [
    "#d7263d", "#1b998b", "#f4a259", "#2e86de", "#8e44ad", "#7cb518", "#f15bb5", "#00bbf9",
    "#6d4c41", "#fee440", "#005f73", "#ff7f11",
];

/// Motif colours (colour `c` takes entry `(c - 1) / 12 % 4`), chosen to stand out on every
/// background.
const FOREGROUNDS: [&str; 4] = ["#fdfdfd", "#1d1d35", "#ffd23f", "#3a0ca3"];

/// The rim colour.
const RIM_GREY: &str = "#8c8c8c";

/// Number of distinct motif shapes (colour `c` takes shape `(c - 1) % 5`); with 12
/// backgrounds every colour up to 60 looks different.
const SHAPES: usize = 5;

impl Board {
    /// The board as an SVG picture with the default [`SvgOptions`].
    pub fn to_svg(&self, inst: &Instance) -> String {
        self.to_svg_with(inst, &SvgOptions::default())
    }

    /// The board as an SVG picture: pieces as four coloured triangles, hints framed in gold,
    /// empty cells dashed, and every mismatched interior edge marked by a red bar (class
    /// `mismatch`, one per edge). A solved board has none.
    ///
    /// The instance gives the colours; the board must be of its size (cells beyond it are
    /// not drawn, pieces the instance lacks are drawn as empty cells).
    pub fn to_svg_with(&self, inst: &Instance, options: &SvgOptions) -> String {
        let s = options.cell.max(8.0);
        let rim = (s * 0.18).max(4.0);
        let margin = 12.0;
        let (w, h) = (
            self.width().min(inst.width()),
            self.height().min(inst.height()),
        );
        let board_w = w as f64 * s;
        let board_h = h as f64 * s;
        let total_w = board_w + 2.0 * (rim + margin);
        let mismatches = self.mismatched_edges(inst);
        let hints = inst.hints().iter().filter(|hint| hint.cell < w * h).count();
        let title = options.title.clone().unwrap_or_else(|| {
            let name = if inst.name().is_empty() {
                "board"
            } else {
                inst.name()
            };
            format!(
                "{name}: {}x{}, {} of {} placed, score {}/{}, {} mismatched",
                inst.width(),
                inst.height(),
                self.filled(),
                inst.cells(),
                self.score(inst),
                inst.max_score(),
                mismatches.len()
            )
        });
        // The title and the legend wrap to the picture's width (a 6x6 board is narrower than
        // its title): about 8.6 px a character at 15 px, 7.5 at 13 px.
        let title_lines = wrap(&title, ((total_w - 2.0 * margin) / 8.6) as usize);
        let mut keys = Vec::new();
        if hints > 0 {
            keys.push("gold frame and pin: a hint (a piece the puzzle fixes)");
        }
        if !mismatches.is_empty() {
            keys.push("red bar: a mismatched edge");
        }
        let legend_lines = wrap(&keys.join("; "), ((total_w - 2.0 * margin) / 7.5) as usize);
        let caption = 10.0 + 18.0 * title_lines.len() as f64;
        let legend = 16.0 * legend_lines.len() as f64;
        let total_h = board_h + 2.0 * (rim + margin) + caption + legend;
        let x0 = margin + rim;
        let y0 = margin + rim + caption;

        let mut out = String::new();
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{total_w:.0}" height="{total_h:.0}" viewBox="0 0 {total_w:.1} {total_h:.1}" font-family="DejaVu Sans, Verdana, sans-serif">"#
        );
        let _ = writeln!(out, "<title>{}</title>", escape(&title));
        out.push_str("<defs>\n");
        let top_colour = inst
            .pieces()
            .iter()
            .flat_map(|p| p.edges)
            .max()
            .unwrap_or(GREY);
        let mut used = vec![false; top_colour as usize + 1];
        for p in self.cells().iter().flatten() {
            if let Some(piece) = inst.pieces().get(p.piece as usize) {
                for &c in &piece.edges {
                    if let Some(u) = used.get_mut(c as usize) {
                        *u = true;
                    }
                }
            }
        }
        for (c, _) in used.iter().enumerate().filter(|(_, u)| **u) {
            edge_symbol(&mut out, c as Colour, s);
        }
        out.push_str("</defs>\n");
        out.push_str("<rect width=\"100%\" height=\"100%\" fill=\"#faf7f0\"/>\n");
        for (k, line) in title_lines.iter().enumerate() {
            let _ = writeln!(
                out,
                "<text class=\"caption\" x=\"{margin}\" y=\"{:.1}\" font-size=\"15\" fill=\"#222\">{}</text>",
                margin + 16.0 + 18.0 * k as f64,
                escape(line)
            );
        }
        for (k, line) in legend_lines.iter().enumerate() {
            let _ = writeln!(
                out,
                "<text class=\"legend\" x=\"{margin}\" y=\"{:.1}\" font-size=\"13\" fill=\"#444\">{}</text>",
                y0 + board_h + rim + 4.0 + 16.0 * (k + 1) as f64,
                escape(line)
            );
        }
        // The grey rim around the board.
        let _ = writeln!(
            out,
            "<rect class=\"rim\" x=\"{margin}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" rx=\"{:.1}\" fill=\"#4a4a4a\"/>",
            margin + caption,
            board_w + 2.0 * rim,
            board_h + 2.0 * rim,
            rim * 0.6
        );
        for row in 0..h {
            for col in 0..w {
                let cell = row * self.width() + col;
                let (x, y) = (x0 + col as f64 * s, y0 + row as f64 * s);
                let placed = self
                    .get(cell)
                    .filter(|p| (p.piece as usize) < inst.pieces().len());
                match placed {
                    None => {
                        let _ = writeln!(
                            out,
                            "<rect class=\"empty\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"#ece6d8\" stroke=\"#b9ae96\" stroke-width=\"1\" stroke-dasharray=\"3 3\"/>",
                            x + 1.0,
                            y + 1.0,
                            s - 2.0,
                            s - 2.0
                        );
                    }
                    Some(p) => {
                        let edges = inst.piece(p.piece).rotated(p.rotation);
                        let (cx, cy) = (x + s / 2.0, y + s / 2.0);
                        let _ = write!(out, "<g class=\"cell\" data-cell=\"{cell}\">");
                        for side in Side::ALL {
                            let _ = write!(
                                out,
                                "<use href=\"#edge{}\" transform=\"translate({cx:.1} {cy:.1}) rotate({})\"/>",
                                edges[side.index()],
                                side.index() * 90
                            );
                        }
                        if options.piece_numbers {
                            let _ = write!(
                                out,
                                "<text x=\"{cx:.1}\" y=\"{:.1}\" font-size=\"{:.1}\" text-anchor=\"middle\" fill=\"#111\" stroke=\"#fff\" stroke-width=\"2.5\" paint-order=\"stroke\">{}</text>",
                                cy + s * 0.1,
                                s * 0.26,
                                p.piece
                            );
                        }
                        out.push_str("</g>\n");
                    }
                }
            }
        }
        // Hints over the pieces: a gold frame and a pin.
        for hint in inst.hints() {
            if hint.cell >= w * h {
                continue;
            }
            let (row, col) = inst.row_col(hint.cell);
            let (x, y) = (x0 + col as f64 * s, y0 + row as f64 * s);
            let _ = writeln!(
                out,
                "<g class=\"hint\"><rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"none\" stroke=\"#ffd700\" stroke-width=\"{:.1}\"/><circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{:.1}\" fill=\"#ffd700\" stroke=\"#222\" stroke-width=\"1.2\"/></g>",
                x + 2.0,
                y + 2.0,
                s - 4.0,
                s - 4.0,
                (s * 0.07).max(1.5),
                x + s / 2.0,
                y + s / 2.0,
                (s * 0.09).max(2.0)
            );
        }
        for &(cell, side) in &mismatches {
            let (row, col) = inst.row_col(cell);
            let (x, y) = (x0 + col as f64 * s, y0 + row as f64 * s);
            let (x1, y1, x2, y2) = match side {
                Side::Right => (x + s, y + s * 0.12, x + s, y + s * 0.88),
                _ => (x + s * 0.12, y + s, x + s * 0.88, y + s),
            };
            let _ = writeln!(
                out,
                "<g class=\"mismatch\" stroke-linecap=\"round\"><line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"#fff\" stroke-width=\"{:.1}\"/><line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"#ff1744\" stroke-width=\"{:.1}\"/></g>",
                (s * 0.16).max(4.0),
                (s * 0.09).max(2.5)
            );
        }
        out.push_str("</svg>\n");
        out
    }

    /// The interior edges whose two sides are both filled but differ in colour, each once, as
    /// the cell on its left or top and [`Side::Right`] or [`Side::Down`], in cell order. A
    /// solved board has none; the score counts the matched ones.
    pub fn mismatched_edges(&self, inst: &Instance) -> Vec<(usize, Side)> {
        let mut out = Vec::new();
        if self.width() != inst.width() || self.height() != inst.height() {
            return out;
        }
        let edge = |cell: usize, side: Side| {
            self.get(cell)
                .filter(|p| (p.piece as usize) < inst.pieces().len())
                .map(|p| inst.piece(p.piece).edge(p.rotation, side))
        };
        for cell in 0..inst.cells() {
            for side in [Side::Right, Side::Down] {
                if let Some(n) = inst.neighbour(cell, side)
                    && let (Some(a), Some(b)) = (edge(cell, side), edge(n, side.opposite()))
                    && a != b
                {
                    out.push((cell, side));
                }
            }
        }
        out
    }
}

/// Writes the symbol of edge colour `c` as it lies on the top side of a cell of size `s`
/// centred on the origin: the triangle and its motif, `<g id="edge{c}">`.
fn edge_symbol(out: &mut String, c: Colour, s: f64) {
    let h = s / 2.0;
    let _ = write!(out, "<g id=\"edge{c}\">");
    let triangle = format!("M {:.2} {:.2} L {h:.2} {:.2} L 0 0 Z", -h, -h, -h);
    if c == GREY {
        let _ = write!(
            out,
            "<path d=\"{triangle}\" fill=\"{RIM_GREY}\" stroke=\"#333\" stroke-width=\"0.6\" stroke-linejoin=\"round\"/>"
        );
        out.push_str("</g>\n");
        return;
    }
    let k = (c - 1) as usize;
    let bg = BACKGROUNDS[k % BACKGROUNDS.len()];
    let fg = FOREGROUNDS[k / BACKGROUNDS.len() % FOREGROUNDS.len()];
    let _ = write!(
        out,
        "<path d=\"{triangle}\" fill=\"{bg}\" stroke=\"#333\" stroke-width=\"0.6\" stroke-linejoin=\"round\"/>"
    );
    // Half shapes sit on the edge (y = -h) and reach at most 0.28 s inwards, which keeps them
    // inside the triangle (a half disc of radius r fits while r * sqrt 2 <= h).
    let r = s * 0.28;
    let top = -h;
    let _ = match k % SHAPES {
        0 => write!(
            out,
            "<path d=\"M {:.2} {top:.2} A {r:.2} {r:.2} 0 0 0 {r:.2} {top:.2} Z\" fill=\"{fg}\"/>",
            -r
        ),
        1 => write!(
            out,
            "<path d=\"M {:.2} {top:.2} L 0 {:.2} L {r:.2} {top:.2} Z\" fill=\"{fg}\"/>",
            -r,
            top + r
        ),
        2 => write!(
            out,
            "<rect x=\"{:.2}\" y=\"{top:.2}\" width=\"{:.2}\" height=\"{:.2}\" fill=\"{fg}\"/>",
            -r * 0.55,
            r * 1.1,
            r * 0.55
        ),
        3 => write!(
            out,
            "<circle cx=\"0\" cy=\"{:.2}\" r=\"{:.2}\" fill=\"{fg}\"/>",
            top + s * 0.2,
            s * 0.1
        ),
        _ => write!(
            out,
            "<path d=\"M {:.2} {top:.2} A {:.2} {:.2} 0 0 0 {:.2} {top:.2}\" fill=\"none\" stroke=\"{fg}\" stroke-width=\"{:.2}\"/>",
            -r * 0.8,
            r * 0.8,
            r * 0.8,
            r * 0.8,
            s * 0.07
        ),
    };
    out.push_str("</g>\n");
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

/// `text` cut into lines of at most `width` characters, at spaces (a longer word stands on
/// a line of its own); no line for an empty text.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width.max(1) => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_every_word_within_the_width() {
        let text = "e2_clue_clue1: 6x6, 36 of 36 placed, score 60/60, 0 mismatched";
        let lines = wrap(text, 30);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| l.chars().count() <= 30), "{lines:?}");
        assert_eq!(lines.join(" "), text);
        assert!(wrap("", 10).is_empty());
        assert_eq!(
            wrap("averyveryverylongword x", 5),
            ["averyveryverylongword", "x"]
        );
    }
}
