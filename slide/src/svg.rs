//! Boards and solutions drawn as SVG pictures (feature `svg`, on by default).
//!
//! - [`Board::to_svg`]: one board, the tiles numbered and tinted by the row they belong to
//!   (tile `t` is at home in row `(t - 1) / width` of the usual goal), the blank empty.
//! - [`Solution::strip_svg`]: the start, the board after every move with the tile just moved
//!   highlighted and its number and arrow above it, and the end.
//! - [`Solution::animated_svg`]: one board that plays the moves (SVG animation, which every
//!   browser shows): each tile slides in turn, highlighted while it moves, then the loop
//!   starts again.
//!
//! ```
//! use slide_solver::{Board, Direction, Solution};
//!
//! let start = Board::parse("1 2 3 4 5 6 7 0 8").unwrap();
//! let solution = Solution::new(start, vec![Direction::Right]);
//! let strip = solution.strip_svg();
//! assert_eq!(strip.matches("class=\"board\"").count(), 2);
//! assert_eq!(strip.matches("class=\"moved\"").count(), 1);
//! let movie = solution.animated_svg();
//! assert_eq!(movie.matches("<animateTransform").count(), 8);
//! ```

use std::fmt::Write as _;

use crate::board::Board;
use crate::solution::Solution;

/// Tile tints by home row.
const ROW_TINTS: [&str; 5] = ["#e76f51", "#f4a261", "#2a9d8f", "#457b9d", "#8e7dbe"];
/// The tile just moved.
const MOVED: &str = "#ffd60a";
/// Boards per row of a strip.
const STRIP_COLUMNS: usize = 8;

impl Board {
    /// The board as an SVG picture.
    pub fn to_svg(&self) -> String {
        let s = cell_size(self);
        let (bw, bh) = board_size(self, s);
        let (w, h) = (bw + 24.0, bh + 24.0);
        let mut out = header(w, h, &format!("{}x{} board", self.width(), self.height()));
        draw_board(&mut out, self, 12.0, 12.0, s, None);
        out.push_str("</svg>\n");
        out
    }
}

impl Solution {
    /// The solution as a strip of boards (class `board`): the start, the board after each move
    /// with the moved tile highlighted (class `moved`) under a label like `3: 7 ←`, and the
    /// end, eight boards to a row.
    pub fn strip_svg(&self) -> String {
        let start = *self.start();
        let s = cell_size(&start) * 0.7;
        let (bw, bh) = board_size(&start, s);
        let (gap, label) = (16.0, 20.0);
        let boards: Vec<(String, Board, Option<u8>)> =
            std::iter::once(("start".to_string(), start, None))
                .chain(self.steps().enumerate().map(|(i, step)| {
                    (
                        format!("{}: {} {}", i + 1, step.tile, step.direction.arrow()),
                        step.after,
                        Some(step.tile),
                    )
                }))
                .collect();
        let columns = boards.len().clamp(1, STRIP_COLUMNS);
        let rows = boards.len().div_ceil(columns);
        let caption = 30.0;
        let w = columns as f64 * (bw + gap) + gap;
        let h = caption + rows as f64 * (bh + gap + label) + gap;
        let title = format!("{} moves: {}", self.len(), self.arrows());
        let mut out = header(w.max(320.0), h, &title);
        let _ = writeln!(
            out,
            "<text x=\"{gap}\" y=\"22\" font-size=\"15\" fill=\"#222\">{} moves</text>",
            self.len()
        );
        let last = boards.len() - 1;
        for (i, (name, board, moved)) in boards.iter().enumerate() {
            let (col, row) = (i % columns, i / columns);
            let x = gap + col as f64 * (bw + gap);
            let y = caption + row as f64 * (bh + gap + label);
            let name = if i == last && i > 0 {
                format!("{name} (end)")
            } else {
                name.clone()
            };
            let _ = writeln!(
                out,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#333\">{name}</text>",
                x + bw / 2.0,
                y + 14.0
            );
            draw_board(&mut out, board, x, y + label, s, *moved);
        }
        out.push_str("</svg>\n");
        out
    }

    /// The solution as one animated SVG board: a tile slides at each step (half a second a
    /// move), highlighted while it moves; the start and the end are held for a moment, and the
    /// film loops. Every tile carries one `animateTransform`.
    pub fn animated_svg(&self) -> String {
        let start = *self.start();
        let s = cell_size(&start);
        let (bw, bh) = board_size(&start, s);
        let caption = 30.0;
        let (w, h) = (bw + 24.0, bh + 24.0 + caption);
        let title = format!("{} moves: {}", self.len(), self.arrows());
        let mut out = header(w.max(220.0), h, &title);
        let _ = writeln!(
            out,
            "<text x=\"12\" y=\"22\" font-size=\"15\" fill=\"#222\">{} moves</text>",
            self.len()
        );
        let (x0, y0) = (12.0, 12.0 + caption);
        frame(&mut out, &start, x0, y0, s);
        let boards: Vec<Board> = self.boards().collect();
        let moved: Vec<u8> = self.tiles();
        // Slots: hold the start, one per move, hold the end.
        let slots = moved.len() + 2;
        let times: Vec<String> = (0..=slots)
            .map(|i| format!("{:.4}", i as f64 / slots as f64))
            .collect();
        let dur = 0.5 * slots as f64;
        let width = start.width();
        for tile in 1..start.len() as u8 {
            let Some(home) = start.position_of(tile) else {
                continue;
            };
            let place = |b: &Board| {
                let cell = b.position_of(tile).unwrap_or(home);
                let (r, c) = (cell / width, cell % width);
                format!("{:.1},{:.1}", x0 + c as f64 * s, y0 + r as f64 * s)
            };
            let mut values = vec![place(&boards[0])];
            values.extend(boards.iter().map(place));
            values.push(place(&boards[boards.len() - 1]));
            let mut fills = vec![tint(tile, width)];
            fills.extend(
                moved
                    .iter()
                    .map(|&m| if m == tile { MOVED } else { tint(tile, width) }),
            );
            fills.push(tint(tile, width));
            fills.push(tint(tile, width));
            let _ = writeln!(
                out,
                "<g class=\"tile\"><animateTransform attributeName=\"transform\" type=\"translate\" values=\"{}\" keyTimes=\"{}\" dur=\"{dur:.1}s\" repeatCount=\"indefinite\"/>{}<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"{:.1}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#1d1d1d\">{tile}</text></g>",
                values.join(";"),
                times.join(";"),
                format_args!(
                    "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" rx=\"{:.1}\" fill=\"{}\" stroke=\"#1d1d1d\" stroke-width=\"1.2\"><animate attributeName=\"fill\" values=\"{}\" keyTimes=\"{}\" dur=\"{dur:.1}s\" calcMode=\"discrete\" repeatCount=\"indefinite\"/></rect>",
                    s * 0.05,
                    s * 0.05,
                    s * 0.9,
                    s * 0.9,
                    s * 0.14,
                    tint(tile, width),
                    fills.join(";"),
                    times.join(";")
                ),
                s / 2.0,
                s * 0.66,
                s * 0.42
            );
        }
        out.push_str("</svg>\n");
        out
    }
}

/// The SVG start tag, title and background.
fn header(w: f64, h: f64, title: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.1} {h:.1}" font-family="DejaVu Sans, Verdana, sans-serif">"#
    );
    let _ = writeln!(out, "<title>{title}</title>");
    out.push_str("<rect width=\"100%\" height=\"100%\" fill=\"#fbfaf7\"/>\n");
    out
}

fn cell_size(board: &Board) -> f64 {
    if board.width().max(board.height()) <= 3 {
        56.0
    } else {
        48.0
    }
}

fn board_size(board: &Board, s: f64) -> (f64, f64) {
    (board.width() as f64 * s, board.height() as f64 * s)
}

/// The tint of `tile` by its home row in the usual goal (blank last).
fn tint(tile: u8, width: usize) -> &'static str {
    ROW_TINTS[(tile as usize).saturating_sub(1) / width.max(1) % ROW_TINTS.len()]
}

/// The tray the tiles lie in (class `board`).
fn frame(out: &mut String, board: &Board, x: f64, y: f64, s: f64) {
    let (bw, bh) = board_size(board, s);
    let pad = s * 0.08;
    let _ = writeln!(
        out,
        "<rect class=\"board\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" rx=\"{:.1}\" fill=\"#3d405b\"/>",
        x - pad,
        y - pad,
        bw + 2.0 * pad,
        bh + 2.0 * pad,
        pad * 1.5
    );
}

/// One board at `(x, y)`: its tray and tiles, `moved` highlighted.
fn draw_board(out: &mut String, board: &Board, x: f64, y: f64, s: f64, moved: Option<u8>) {
    frame(out, board, x, y, s);
    for (cell, &tile) in board.tiles().iter().enumerate() {
        if tile == 0 {
            continue;
        }
        let (r, c) = (cell / board.width(), cell % board.width());
        let (tx, ty) = (x + c as f64 * s, y + r as f64 * s);
        let is_moved = moved == Some(tile);
        let (fill, class, stroke) = if is_moved {
            (MOVED, "moved", "stroke=\"#c1121f\" stroke-width=\"2.5\"")
        } else {
            (
                tint(tile, board.width()),
                "tile",
                "stroke=\"#1d1d1d\" stroke-width=\"1\"",
            )
        };
        let _ = writeln!(
            out,
            "<rect class=\"{class}\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" rx=\"{:.1}\" fill=\"{fill}\" {stroke}/><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"{:.1}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#1d1d1d\">{tile}</text>",
            tx + s * 0.05,
            ty + s * 0.05,
            s * 0.9,
            s * 0.9,
            s * 0.14,
            tx + s / 2.0,
            ty + s * 0.66,
            s * 0.42
        );
    }
}
