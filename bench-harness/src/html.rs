//! `compare --html FILE`: one page with every suite's table and plots drawn from it.
//!
//! The plots read the tables the suites print (by column title), so a page shows exactly the
//! numbers of the run: Eternity rates per engine and board with the ratio to the baseline,
//! block-fill time against board size on log axes, sliding-tile nodes per engine and
//! heuristic, sudoku rates per set against the peer, Quartiles time per engine. A suite whose
//! table has none of those columns gets a plot of its headline figures, so every suite has at
//! least one plot.

use std::fmt::Write as _;

use plotters::coord::Shift;
use plotters::coord::ranged1d::SegmentedCoord;
use plotters::coord::types::RangedCoordu32;
use plotters::prelude::*;

use crate::report::{SuiteReport, Table};

/// Colours of the bars and lines, by series.
const PALETTE: [RGBColor; 8] = [
    RGBColor(38, 84, 197),
    RGBColor(230, 57, 70),
    RGBColor(42, 157, 143),
    RGBColor(244, 162, 97),
    RGBColor(142, 68, 173),
    RGBColor(109, 76, 65),
    RGBColor(0, 187, 249),
    RGBColor(124, 181, 24),
];

/// One bar of a bar chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    /// The label on the left.
    pub label: String,
    /// Its length.
    pub value: f64,
    /// Colour index into the palette.
    pub series: usize,
    /// Text after the bar's end (e.g. a ratio).
    pub note: String,
}

/// A plot for the page: a title and the SVG.
#[derive(Clone, Debug, PartialEq)]
pub struct Plot {
    /// What it shows.
    pub title: String,
    /// The picture.
    pub svg: String,
}

/// The whole page: a heading, then per suite its table and its plots.
pub fn page(reports: &[SuiteReport], quick: bool) -> String {
    let mut html = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>compare: puzzle-solvers side by side</title>\n<style>\nbody { font-family: 'DejaVu Sans', Verdana, sans-serif; background: #f7f5f0; color: #222; margin: 2em; }\ntable { border-collapse: collapse; font-size: 13px; background: #fff; margin: 0.5em 0 1em; }\nth, td { padding: 3px 9px; border-bottom: 1px solid #e2ddd2; }\nth { background: #ece7dc; text-align: right; }\ntd { text-align: right; font-variant-numeric: tabular-nums; }\ntd:first-child, th:first-child { text-align: left; }\nfigure { display: inline-block; background: #fff; margin: 0 1em 1em 0; padding: 0.5em; border-radius: 6px; box-shadow: 0 1px 3px #0002; vertical-align: top; }\n.last { font-family: monospace; background: #fff; padding: 0.4em; display: inline-block; }\n</style>\n</head>\n<body>\n<h1>compare: puzzle-solvers side by side</h1>\n",
    );
    if quick {
        html.push_str(
            "<p><b>Quick run</b>: a smoke test on small inputs; the timings are not figures.</p>\n",
        );
    }
    // Every suite of one run shares the machine; the page names it once.
    if let Some(r) = reports.iter().find(|r| !r.machine.is_empty()) {
        let _ = writeln!(html, "<p>machine: {}</p>", escape(&r.machine));
    }
    for r in reports {
        let _ = writeln!(html, "<h2 id=\"{0}\">{0}</h2>", escape(&r.suite));
        html.push_str(&table_html(&r.table));
        let _ = writeln!(html, "<p class=\"last\">{}</p>", escape(&r.last_line));
        for plot in plots(r) {
            let _ = writeln!(
                html,
                "<figure class=\"plot\"><figcaption>{}</figcaption>\n{}</figure>",
                escape(&plot.title),
                plot.svg
            );
        }
    }
    html.push_str("</body>\n</html>\n");
    html
}

/// The plots of one suite's report: the ones its table allows, else its headline figures.
pub fn plots(r: &SuiteReport) -> Vec<Plot> {
    let t = &r.table;
    let mut out: Vec<Plot> = Vec::new();
    let mut add = |title: String, svg: Result<String, String>| {
        if let Ok(svg) = svg {
            out.push(Plot { title, svg });
        }
    };
    if let (Some(board), Some(engine), Some(rate)) =
        (col(t, "board"), col(t, "engine"), col(t, "M/cpu-s"))
    {
        let ratio = col(t, "vs baseline");
        let bars = bars_from(t, |row, boards: &mut Vec<String>| {
            let b = row[board].clone();
            let series = index_of(boards, &b);
            Some(Bar {
                label: format!("{} {}", b, row[engine]),
                value: num(&row[rate])?,
                series,
                note: ratio.map_or(String::new(), |k| format!("{} vs baseline", row[k])),
            })
        });
        add(
            "Eternity II: nodes per CPU second by engine (ratio to the baseline)".into(),
            bar_chart(&bars, "M nodes / cpu-s", false),
        );
    }
    if let (Some(size), Some(engine), Some(median)) =
        (col(t, "size"), col(t, "engine"), col(t, "median ms"))
    {
        let mut series: Vec<(String, Vec<(f64, f64)>)> = Vec::new();
        for row in &t.rows {
            // Only the square planted boards (`6x6`), not the proofs and counts.
            let Some((w, h)) = row[size].split_once('x') else {
                continue;
            };
            let (Ok(w), Ok(h)) = (w.parse::<f64>(), h.parse::<f64>()) else {
                continue;
            };
            let Some(ms) = num(&row[median]).filter(|&v| v > 0.0) else {
                continue;
            };
            let name = row[engine].clone();
            match series.iter_mut().find(|(n, _)| *n == name) {
                Some((_, pts)) => pts.push((w * h, ms)),
                None => series.push((name, vec![(w * h, ms)])),
            }
        }
        add(
            "Block fill: median time against board size (tiles), log axes".into(),
            log_log_chart(&series, "tiles on the board", "median ms"),
        );
    }
    if let (Some(engine), Some(input), Some(nodes)) =
        (col(t, "engine"), col(t, "input"), col(t, "nodes"))
    {
        let mut inputs = Vec::new();
        let bars = bars_from(t, |row, _: &mut Vec<String>| {
            let value = num(&row[nodes]).filter(|&v| v > 0.0)?;
            let series = index_of(&mut inputs, &row[input]);
            Some(Bar {
                label: row[engine].clone(),
                value,
                series,
                note: format!("{} nodes, {}", row[nodes], row[input]),
            })
        });
        add(
            "Sliding tiles: nodes expanded per engine and heuristic, log axis".into(),
            bar_chart(&bars, "nodes", true),
        );
    }
    if let (Some(set), Some(ours), Some(peer)) =
        (col(t, "set"), col(t, "ours /s"), col(t, "peer /s"))
    {
        let ratio = col(t, "ratio");
        let mut bars = Vec::new();
        for row in &t.rows {
            if let (Some(a), Some(b)) = (num(&row[ours]), num(&row[peer])) {
                let note = ratio.map_or(String::new(), |k| format!("{} of the peer", row[k]));
                bars.push(Bar {
                    label: format!("{} ours", row[set]),
                    value: a,
                    series: 0,
                    note,
                });
                bars.push(Bar {
                    label: format!("{} peer", row[set]),
                    value: b,
                    series: 1,
                    note: String::new(),
                });
            }
        }
        add(
            "Sudoku: puzzles per CPU second per set, ours against the peer, log axis".into(),
            bar_chart(&bars, "puzzles / cpu-s", true),
        );
    }
    if let (Some(engine), Some(boards), Some(us)) =
        (col(t, "engine"), col(t, "boards"), col(t, "cpu us/solve"))
    {
        let bars = bars_from(t, |row, _: &mut Vec<String>| {
            // Engines only: their rows count boards (`1`), the others are ratios or notes.
            if row[boards].is_empty()
                || row[boards].contains('/')
                || row[engine].starts_with("speedup")
            {
                return None;
            }
            Some(Bar {
                label: row[engine].clone(),
                value: num(&row[us]).filter(|&v| v > 0.0)?,
                series: 0,
                note: format!("{} us", row[us]),
            })
        });
        add(
            "Quartiles: CPU time per full solve by engine, log axis".into(),
            bar_chart(&bars, "cpu us / solve", true),
        );
    }
    if out.is_empty() {
        // The headline figures of the commonest unit.
        let mut units: Vec<(&str, usize)> = Vec::new();
        for f in &r.figures {
            match units.iter_mut().find(|(u, _)| *u == f.unit) {
                Some((_, n)) => *n += 1,
                None => units.push((&f.unit, 1)),
            }
        }
        if let Some(&(unit, _)) = units.iter().max_by_key(|(_, n)| *n) {
            let bars: Vec<Bar> = r
                .figures
                .iter()
                .filter(|f| f.unit == unit && f.value.is_finite() && f.value >= 0.0)
                .map(|f| Bar {
                    label: f.name.clone(),
                    value: f.value,
                    series: 0,
                    note: String::new(),
                })
                .collect();
            let title = format!("{}: headline figures ({unit})", r.suite);
            if let Ok(svg) = bar_chart(&bars, unit, false) {
                out.push(Plot { title, svg });
            }
        }
    }
    out
}

/// The bars `f` makes of the table's rows, in row order; `f` may keep a list of groups.
fn bars_from(
    t: &Table,
    mut f: impl FnMut(&Vec<String>, &mut Vec<String>) -> Option<Bar>,
) -> Vec<Bar> {
    let mut groups = Vec::new();
    t.rows
        .iter()
        .filter(|row| row.len() >= t.header.len())
        .filter_map(|row| f(row, &mut groups))
        .collect()
}

/// The position of `name` in `list`, added at the end if new.
fn index_of(list: &mut Vec<String>, name: &str) -> usize {
    match list.iter().position(|n| n == name) {
        Some(i) => i,
        None => {
            list.push(name.to_string());
            list.len() - 1
        }
    }
}

/// The column titled `name`.
fn col(t: &Table, name: &str) -> Option<usize> {
    t.header.iter().position(|h| h == name)
}

/// The number a cell starts with (`2.25x`, `151512`, `0.412x`), if any.
pub fn num(cell: &str) -> Option<f64> {
    let s = cell.trim().replace(',', "");
    let end = s
        .char_indices()
        .find(|&(i, c)| !(c.is_ascii_digit() || c == '.' || (i == 0 && c == '-')))
        .map_or(s.len(), |(i, _)| i);
    s[..end].parse().ok().filter(|v: &f64| v.is_finite())
}

/// A horizontal bar chart, one bar per row; `log` puts the values on a log axis.
pub fn bar_chart(bars: &[Bar], x_label: &str, log: bool) -> Result<String, String> {
    if bars.is_empty() {
        return Err("no bars".into());
    }
    let max = bars.iter().map(|b| b.value).fold(0.0, f64::max);
    let min = bars
        .iter()
        .map(|b| b.value)
        .filter(|&v| v > 0.0)
        .fold(f64::INFINITY, f64::min);
    let height = 70 + 26 * bars.len() as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (820, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let n = bars.len() as u32;
        // The y axis counts upwards: the first bar is drawn at the top.
        let labels: Vec<String> = bars.iter().rev().map(|b| b.label.clone()).collect();
        let label_of = |v: &SegmentValue<u32>| match v {
            SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => {
                labels.get(*i as usize).cloned().unwrap_or_default()
            }
            SegmentValue::Last => String::new(),
        };
        if log {
            let lo = if min.is_finite() { min / 2.0 } else { 0.1 };
            let hi = (max * 8.0).max(lo * 10.0);
            let mut chart = builder(&root)
                .build_cartesian_2d((lo..hi).log_scale(), (0..n).into_segmented())
                .map_err(|e| e.to_string())?;
            chart
                .configure_mesh()
                .disable_y_mesh()
                .y_labels(n as usize)
                .y_label_formatter(&label_of)
                .x_desc(x_label)
                .x_label_formatter(&|v| crate::report::sig3(*v))
                .draw()
                .map_err(|e| e.to_string())?;
            draw_bars(&mut chart, bars, lo)?;
        } else {
            let mut chart = builder(&root)
                .build_cartesian_2d(0.0..(max * 1.35).max(1e-9), (0..n).into_segmented())
                .map_err(|e| e.to_string())?;
            chart
                .configure_mesh()
                .disable_y_mesh()
                .y_labels(n as usize)
                .y_label_formatter(&label_of)
                .x_desc(x_label)
                .x_label_formatter(&|v| crate::report::sig3(*v))
                .draw()
                .map_err(|e| e.to_string())?;
            draw_bars(&mut chart, bars, 0.0)?;
        }
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

/// The frame every chart shares: margins and room for the labels.
fn builder<'a, 'b>(
    root: &'a DrawingArea<SVGBackend<'b>, Shift>,
) -> ChartBuilder<'a, 'b, SVGBackend<'b>> {
    let mut b = ChartBuilder::on(root);
    b.margin(14).x_label_area_size(40).y_label_area_size(250);
    b
}

fn draw_bars<X>(
    chart: &mut ChartContext<'_, SVGBackend<'_>, Cartesian2d<X, SegmentedCoord<RangedCoordu32>>>,
    bars: &[Bar],
    base: f64,
) -> Result<(), String>
where
    X: Ranged<ValueType = f64>,
{
    for (k, b) in bars.iter().enumerate() {
        let i = (bars.len() - 1 - k) as u32;
        let colour = PALETTE[b.series % PALETTE.len()];
        let mut rect = Rectangle::new(
            [
                (base, SegmentValue::Exact(i)),
                (b.value.max(base), SegmentValue::Exact(i + 1)),
            ],
            colour.filled(),
        );
        rect.set_margin(4, 4, 0, 0);
        chart.draw_series([rect]).map_err(|e| e.to_string())?;
        let note = if b.note.is_empty() {
            crate::report::sig3(b.value)
        } else {
            b.note.clone()
        };
        chart
            .draw_series([Text::new(
                format!("  {note}"),
                (b.value.max(base), SegmentValue::CenterOf(i)),
                ("sans-serif", 12).into_font().color(&BLACK),
            )])
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Lines of (x, y) points on log axes, one per named series, with a legend.
pub fn log_log_chart(
    series: &[(String, Vec<(f64, f64)>)],
    x_label: &str,
    y_label: &str,
) -> Result<String, String> {
    let points = || series.iter().flat_map(|(_, p)| p.iter().copied());
    if points().next().is_none() {
        return Err("no points".into());
    }
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, 0.0f64, f64::MAX, 0.0f64);
    for (x, y) in points() {
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (820, 480)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let mut chart = ChartBuilder::on(&root)
            .margin(16)
            .x_label_area_size(44)
            .y_label_area_size(70)
            .build_cartesian_2d(
                ((x0 / 1.5)..(x1 * 1.5)).log_scale(),
                ((y0 / 2.0)..(y1 * 2.0)).log_scale(),
            )
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .x_desc(x_label)
            .y_desc(y_label)
            .x_label_formatter(&|v| crate::report::sig3(*v))
            .y_label_formatter(&|v| crate::report::sig3(*v))
            .draw()
            .map_err(|e| e.to_string())?;
        for (k, (name, pts)) in series.iter().enumerate() {
            let colour = PALETTE[k % PALETTE.len()];
            chart
                .draw_series(LineSeries::new(pts.iter().copied(), colour.stroke_width(2)))
                .map_err(|e| e.to_string())?
                .label(name.clone())
                .legend(move |(x, y)| {
                    PathElement::new([(x, y), (x + 18, y)], colour.stroke_width(2))
                });
            chart
                .draw_series(pts.iter().map(|&p| Circle::new(p, 4, colour.filled())))
                .map_err(|e| e.to_string())?;
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK)
            .position(SeriesLabelPosition::UpperLeft)
            .draw()
            .map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

/// A table as HTML.
fn table_html(t: &Table) -> String {
    let mut html = String::from("<table>\n<tr>");
    for h in &t.header {
        let _ = write!(html, "<th>{}</th>", escape(h));
    }
    html.push_str("</tr>\n");
    for row in &t.rows {
        html.push_str("<tr>");
        for c in row {
            let _ = write!(html, "<td>{}</td>", escape(c));
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</table>\n");
    html
}

/// Text made safe for HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_read_from_the_start_of_a_cell() {
        assert_eq!(num("2.25x"), Some(2.25));
        assert_eq!(num("151512"), Some(151512.0));
        assert_eq!(num("181,449 entries"), Some(181449.0));
        assert_eq!(num("-"), None);
        assert_eq!(num("±0%"), None);
    }
}
