//! Boards, paths and proofs drawn as SVG pictures (feature `svg`, on by default).
//!
//! - [`Grid::to_svg`]: the board alone: tiles, gaps, the start (a green disc) and a required
//!   end (a red square).
//! - [`Grid::solution_svg`]: the board with a path, a line through every tile whose colour runs
//!   from blue at the start to orange at the end, with arrows showing its direction.
//! - [`Grid::proof_svg`]: the board with the cells an [`Impossible`] proof names: the two
//!   chessboard colours and their counts (parity), the dead ends, or the cut tile and the
//!   pieces it leaves.
//! - [`Grid::edges_svg`]: where the paths go, a heat map of [`EdgeCounts`]: each edge some
//!   path uses, as wide and as dark as the share of paths using it, red where every path
//!   does.
//!
//! ```
//! use hamilton_solver::{Grid, Solver};
//!
//! let grid = Grid::parse("Xxxx\nx  x\nxxxx").unwrap();
//! let path = Solver::new(&grid).solve().unwrap();
//! let svg = grid.solution_svg(&path);
//! assert_eq!(svg.matches("class=\"tile\"").count(), 10);
//! assert_eq!(svg.matches("class=\"arrow\"").count(), 9);
//! ```

use std::collections::VecDeque;
use std::fmt::Write as _;

use crate::count::EdgeCounts;
use crate::error::Impossible;
use crate::grid::{Grid, Pos};
use crate::path::Solution;
use crate::proof::ParityReason;

/// Colours of the pieces a cut tile leaves (piece `i` takes entry `i % 6`).
const PIECE_COLOURS: [&str; 6] = [
    "#8ecae6", "#ffb703", "#90be6d", "#f28482", "#cdb4db", "#f6bd60",
];

/// What the picture adds to the board.
enum Overlay<'a> {
    None,
    Path(&'a Solution),
    Proof(&'a Impossible),
    Edges(&'a EdgeCounts),
}

impl Grid {
    /// The board as an SVG picture: tiles, gaps, the start and the end, if required.
    pub fn to_svg(&self) -> String {
        draw(self, Overlay::None)
    }

    /// The board and `path` (a path of this board) as an SVG picture: the path is a line
    /// through the tile centres (a `polyline` of class `path` with one point per tile),
    /// coloured from the start to the end, with an arrow (class `arrow`) on each step.
    pub fn solution_svg(&self, path: &Solution) -> String {
        draw(self, Overlay::Path(path))
    }

    /// The board and the cells `why` names as an SVG picture: for a parity proof both
    /// chessboard colours with their counts, for dead ends each dead-end tile (class
    /// `dead-end`), for a cut the cut tile (class `cut`) and each piece it leaves in its own
    /// colour; an exhausted search is told in the caption.
    pub fn proof_svg(&self, why: &Impossible) -> String {
        draw(self, Overlay::Proof(why))
    }

    /// The board and where its paths go (`counts` from
    /// [`Sampler::edge_counts`](crate::count::Sampler::edge_counts) of this board) as an SVG
    /// picture: a line (class `edge`, its share in `data-share`) between the centres of two
    /// tiles for each edge some path uses, wider and darker the more paths use it, red
    /// (class `edge forced`) where every path does.
    pub fn edges_svg(&self, counts: &EdgeCounts) -> String {
        draw(self, Overlay::Edges(counts))
    }
}

fn draw(grid: &Grid, overlay: Overlay<'_>) -> String {
    let (w, h) = (grid.width(), grid.height());
    // Cells shrink on big boards so the picture stays near 900 pixels across at most.
    let s = (900.0 / w.max(h).max(1) as f64).clamp(10.0, 48.0);
    let margin = 14.0;

    let mut fill = vec!["#f3efe6"; w * h];
    let mut caption_lines = vec![format!(
        "{w}x{h} board, {} tiles{}",
        grid.tile_count(),
        match overlay {
            Overlay::Path(p) => format!(", a path of {} moves", p.cells().len() - 1),
            _ => String::new(),
        }
    )];
    if let Overlay::Edges(counts) = overlay {
        caption_lines.push(format!("{} paths", counts.total()));
        caption_lines.push("lines: the share of paths using each edge; red: all".to_string());
    }
    if let Overlay::Proof(why) = overlay {
        // A long reason goes on several lines, cut where it says `;`.
        let why_text = format!("no path: {why}");
        caption_lines.extend(why_text.split("; ").map(str::to_string));
    }
    let caption = 8.0 + 20.0 * caption_lines.len() as f64;
    let total_w = (w as f64 * s + 2.0 * margin).max(420.0);
    let total_h = h as f64 * s + 2.0 * margin + caption;
    let (x0, y0) = (margin, margin + caption);
    let centre = |p: Pos| (x0 + (p.col as f64 + 0.5) * s, y0 + (p.row as f64 + 0.5) * s);
    let mut marks = String::new();
    if let Overlay::Proof(why) = overlay {
        match why {
            Impossible::Parity(parity) => {
                // The start's colour (or the first tile's) is `same`.
                let reference = grid.start().or_else(|| grid.tiles().next());
                let parity_of = |p: Pos| (p.row + p.col) % 2;
                let rc = reference.map_or(0, parity_of);
                let (same_fill, other_fill) = match parity.reason {
                    ParityReason::EndColour => ("#bde0fe", "#ffc8dd"),
                    _ if parity.same < parity.other => ("#ffc8dd", "#bde0fe"),
                    _ => ("#bde0fe", "#ffc8dd"),
                };
                for p in grid.tiles() {
                    fill[p.row * w + p.col] = if parity_of(p) == rc {
                        same_fill
                    } else {
                        other_fill
                    };
                    let _ = write!(
                        marks,
                        "<rect class=\"{}\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"none\"/>",
                        if parity_of(p) == rc { "same" } else { "other" },
                        x0 + p.col as f64 * s,
                        y0 + p.row as f64 * s,
                        s,
                        s
                    );
                }
            }
            Impossible::DeadEnds { cells } => {
                for &p in cells {
                    fill[p.row * w + p.col] = "#ffadad";
                    let (cx, cy) = centre(p);
                    let _ = write!(
                        marks,
                        "<circle class=\"dead-end\" cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\" fill=\"none\" stroke=\"#c1121f\" stroke-width=\"{:.1}\"/>",
                        s * 0.3,
                        (s * 0.08).max(1.5)
                    );
                }
            }
            Impossible::Disconnected { cut, .. } => {
                for (k, piece) in pieces_without(grid, *cut).iter().enumerate() {
                    for &p in piece {
                        fill[p.row * w + p.col] = PIECE_COLOURS[k % PIECE_COLOURS.len()];
                    }
                }
                let (cx, cy) = centre(*cut);
                let d = s * 0.3;
                let _ = write!(
                    marks,
                    "<g class=\"cut\" stroke=\"#c1121f\" stroke-width=\"{:.1}\" stroke-linecap=\"round\"><line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\"/><line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\"/></g>",
                    (s * 0.12).max(2.0),
                    cx - d,
                    cy - d,
                    cx + d,
                    cy + d,
                    cx - d,
                    cy + d,
                    cx + d,
                    cy - d
                );
            }
            Impossible::Exhausted { .. } => {}
        }
    }

    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{total_w:.0}" height="{total_h:.0}" viewBox="0 0 {total_w:.1} {total_h:.1}" font-family="DejaVu Sans, Verdana, sans-serif">"#
    );
    let _ = writeln!(out, "<title>{}</title>", escape(&caption_lines.join("; ")));
    let _ = writeln!(
        out,
        "<rect width=\"100%\" height=\"100%\" fill=\"#fbfaf7\"/>"
    );
    for (i, line) in caption_lines.iter().enumerate() {
        let _ = writeln!(
            out,
            "<text x=\"{margin}\" y=\"{:.1}\" font-size=\"14\" fill=\"#222\">{}</text>",
            margin + 14.0 + 20.0 * i as f64,
            escape(line)
        );
    }
    // Gaps: the board's frame in a dark slate, so the tiles stand on it like blocks.
    let _ = writeln!(
        out,
        "<rect class=\"frame\" x=\"{x0}\" y=\"{y0}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"#2b2d42\" rx=\"4\"/>",
        w as f64 * s,
        h as f64 * s
    );
    let pad = (s * 0.06).max(1.0);
    for p in grid.tiles() {
        let _ = writeln!(
            out,
            "<rect class=\"tile\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" rx=\"{:.1}\" fill=\"{}\"/>",
            x0 + p.col as f64 * s + pad,
            y0 + p.row as f64 * s + pad,
            s - 2.0 * pad,
            s - 2.0 * pad,
            s * 0.15,
            fill[p.row * w + p.col]
        );
    }
    out.push_str(&marks);
    out.push('\n');
    if let Overlay::Path(path) = overlay {
        draw_path(&mut out, path, s, centre);
    }
    if let Overlay::Edges(counts) = overlay {
        draw_edges(&mut out, counts, s, centre);
    }
    if let Some(start) = grid.start() {
        let (cx, cy) = centre(start);
        let _ = writeln!(
            out,
            "<circle class=\"start\" cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\" fill=\"#2a9d8f\" stroke=\"#fff\" stroke-width=\"{:.1}\"/>",
            s * 0.3,
            (s * 0.06).max(1.0)
        );
    }
    let end = match overlay {
        Overlay::Path(path) => Some(path.end()),
        _ => grid.end(),
    };
    if let Some(end) = end {
        let (cx, cy) = centre(end);
        let r = s * 0.26;
        let _ = writeln!(
            out,
            "<rect class=\"end\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"#e63946\" stroke=\"#fff\" stroke-width=\"{:.1}\"/>",
            cx - r,
            cy - r,
            2.0 * r,
            2.0 * r,
            (s * 0.06).max(1.0)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// Each used edge as a line from centre to centre, its width and colour by its share.
fn draw_edges(out: &mut String, counts: &EdgeCounts, s: f64, centre: impl Fn(Pos) -> (f64, f64)) {
    let total = counts.total().max(1) as f64;
    for (p, q, n) in counts.edges() {
        let share = n as f64 / total;
        let forced = n == counts.total();
        // Pale blue for a rare edge to deep blue for a common one; red for a forced one.
        let colour = if forced {
            "#c1121f".to_string()
        } else {
            let mix = |a: f64, b: f64| (a + (b - a) * share).round() as u8;
            format!(
                "#{:02x}{:02x}{:02x}",
                mix(189.0, 2.0),
                mix(224.0, 62.0),
                mix(254.0, 138.0)
            )
        };
        let ((x1, y1), (x2, y2)) = (centre(p), centre(q));
        let _ = writeln!(
            out,
            "<line class=\"edge{}\" data-share=\"{share:.4}\" x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"{colour}\" stroke-width=\"{:.1}\" stroke-linecap=\"round\"/>",
            if forced { " forced" } else { "" },
            (s * (0.05 + 0.25 * share)).max(1.0)
        );
    }
}

/// The path as coloured segments under one `polyline`, and an arrow head on each step.
fn draw_path(out: &mut String, path: &Solution, s: f64, centre: impl Fn(Pos) -> (f64, f64)) {
    let cells = path.cells();
    let points: Vec<String> = cells
        .iter()
        .map(|&p| {
            let (x, y) = centre(p);
            format!("{x:.1},{y:.1}")
        })
        .collect();
    let width = (s * 0.16).max(2.0);
    let _ = writeln!(
        out,
        "<polyline class=\"path\" points=\"{}\" fill=\"none\" stroke=\"#fff\" stroke-width=\"{:.1}\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>",
        points.join(" "),
        width + 2.0
    );
    let steps = cells.len().saturating_sub(1).max(1);
    for (i, pair) in cells.windows(2).enumerate() {
        let (ax, ay) = centre(pair[0]);
        let (bx, by) = centre(pair[1]);
        let colour = gradient(i as f64 / steps as f64);
        let _ = write!(
            out,
            "<line x1=\"{ax:.1}\" y1=\"{ay:.1}\" x2=\"{bx:.1}\" y2=\"{by:.1}\" stroke=\"{colour}\" stroke-width=\"{width:.1}\" stroke-linecap=\"round\"/>"
        );
        // The arrow head at the middle of the step, pointing along it.
        let (mx, my) = ((ax + bx) / 2.0, (ay + by) / 2.0);
        let angle = (by - ay).atan2(bx - ax).to_degrees();
        let a = s * 0.17;
        let _ = writeln!(
            out,
            "<path class=\"arrow\" d=\"M {:.1} {:.1} L {:.1} {:.1} L {:.1} {:.1} Z\" transform=\"translate({mx:.1} {my:.1}) rotate({angle:.0})\" fill=\"{colour}\" stroke=\"#fff\" stroke-width=\"0.8\"/>",
            a,
            0.0,
            -a * 0.7,
            -a * 0.8,
            -a * 0.7,
            a * 0.8
        );
    }
}

/// A colour from blue (`t = 0`) through purple to orange (`t = 1`).
fn gradient(t: f64) -> String {
    let t = t.clamp(0.0, 1.0);
    let stops = [
        (0.0, [38.0, 84.0, 197.0]),
        (0.5, [142.0, 68.0, 173.0]),
        (1.0, [244.0, 140.0, 6.0]),
    ];
    let (lo, hi) = if t <= 0.5 {
        (stops[0], stops[1])
    } else {
        (stops[1], stops[2])
    };
    let u = (t - lo.0) / (hi.0 - lo.0);
    let c: Vec<u8> = (0..3)
        .map(|k| (lo.1[k] + (hi.1[k] - lo.1[k]) * u).round() as u8)
        .collect();
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// The pieces the tiles other than `cut` fall into, each in reading order of its first tile.
fn pieces_without(grid: &Grid, cut: Pos) -> Vec<Vec<Pos>> {
    let (w, h) = (grid.width(), grid.height());
    let mut seen = vec![false; w * h];
    seen[cut.row * w + cut.col] = true;
    let mut pieces = Vec::new();
    for p in grid.tiles() {
        if seen[p.row * w + p.col] {
            continue;
        }
        seen[p.row * w + p.col] = true;
        let mut piece = vec![p];
        let mut queue = VecDeque::from([p]);
        while let Some(q) = queue.pop_front() {
            let around = [
                (q.row.wrapping_sub(1), q.col),
                (q.row + 1, q.col),
                (q.row, q.col.wrapping_sub(1)),
                (q.row, q.col + 1),
            ];
            for (r, c) in around {
                if r < h && c < w && !seen[r * w + c] && grid.is_tile(Pos::new(r, c)) {
                    seen[r * w + c] = true;
                    piece.push(Pos::new(r, c));
                    queue.push_back(Pos::new(r, c));
                }
            }
        }
        pieces.push(piece);
    }
    pieces
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
