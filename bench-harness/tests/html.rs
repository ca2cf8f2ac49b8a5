//! `compare --html`: every suite's table gets at least one plot, and every plot is a
//! well-formed SVG with one bar per engine row (or one line per engine).

use bench_harness::html::{page, plots};
use bench_harness::report::{SuiteReport, Table};

fn report(suite: &str, header: &[&str], rows: &[&[&str]]) -> SuiteReport {
    let mut table = Table::new(header.iter().copied());
    for r in rows {
        table.row(r.iter().copied());
    }
    SuiteReport {
        suite: suite.into(),
        table,
        figures: Vec::new(),
        last_line: format!("{suite}: done"),
        machine: String::new(),
    }
}

fn parse(svg: &str) -> roxmltree::Document<'_> {
    let doc = roxmltree::Document::parse(svg).expect("each plot is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc
}

/// Filled rectangles other than the white background: the bars.
fn bars(svg: &str) -> usize {
    let doc = parse(svg);
    doc.descendants()
        .filter(|n| n.has_tag_name("rect"))
        .filter(|n| {
            n.attribute("fill")
                .is_some_and(|f| f != "#FFFFFF" && f != "none")
        })
        .count()
}

#[test]
fn eternity_rates_are_bars_with_ratios() {
    let r = report(
        "eternity",
        &["board", "engine", "nodes", "M/cpu-s", "vs baseline"],
        &[
            &["bench-easy-h52", "baseline", "151512", "12.5", "1.00x"],
            &["bench-easy-h52", "table", "151512", "37.0", "2.96x"],
            &["bench-hard", "baseline", "4000000", "13.0", "1.00x"],
        ],
    );
    let p = plots(&r);
    assert_eq!(p.len(), 1);
    assert_eq!(bars(&p[0].svg), 3);
    assert!(p[0].svg.contains("2.96x vs baseline"));
}

#[test]
fn hamilton_times_are_lines_on_log_axes() {
    let r = report(
        "hamilton",
        &["size", "boards", "engine", "solved", "median ms"],
        &[
            &["6x6", "3", "baseline", "3/3", "0.178"],
            &["6x6", "3", "fast", "3/3", "0.014"],
            &["8x8", "3", "fast", "3/3", "0.021"],
            &["40x40+1 tile", "3", "parity proof", "3/3", "0.034"],
        ],
    );
    let p = plots(&r);
    assert_eq!(p.len(), 1);
    let doc = parse(&p[0].svg);
    let circles = doc
        .descendants()
        .filter(|n| n.has_tag_name("circle"))
        .count();
    assert_eq!(circles, 3, "one point per planted board row");
    assert!(p[0].svg.contains("fast") && p[0].svg.contains("baseline"));
}

#[test]
fn slide_sudoku_and_quartiles_get_their_plots() {
    let slide = report(
        "slide",
        &["engine", "input", "median", "nodes"],
        &[
            &[
                "ours: A* bucket + pdb71 (mirror)",
                "Slidr 9 (sum)",
                "150",
                "227",
            ],
            &["IDA* + linear conflict", "Slidr 9 (sum)", "1857", "21755"],
            &["speedup vs baseline (paired)", "Slidr 9", "23.8", ""],
        ],
    );
    assert_eq!(bars(&plots(&slide)[0].svg), 2);
    let sudoku = report(
        "sudoku",
        &["set", "puzzles", "ours /s", "peer /s", "ratio"],
        &[
            &["17-clue", "40", "364834", "358914", "1.02x"],
            &["top1465", "40", "44175", "19659", "2.25x"],
        ],
    );
    assert_eq!(bars(&plots(&sudoku)[0].svg), 4);
    let quartiles = report(
        "quartiles",
        &["engine", "boards", "cpu us/solve"],
        &[
            &["ours", "1", "31.7"],
            &["baseline", "1", "1666"],
            &["speedup (paired)", "", "52.6x"],
            &["quartiles found", "1/1", ""],
            &["load embedded dictionary (wall us)", "", "27.9"],
        ],
    );
    assert_eq!(bars(&plots(&quartiles)[0].svg), 2);
}

#[test]
fn any_other_suite_plots_its_figures_and_the_page_holds_everything() {
    let mut other = report("other", &["thing", "value"], &[&["a", "1"]]);
    other.figure("first", 3.0, "ms");
    other.figure("second", 5.0, "ms");
    other.figure("ratio", 2.0, "x");
    let p = plots(&other);
    assert_eq!(p.len(), 1);
    assert_eq!(bars(&p[0].svg), 2);
    other.machine = "Some <CPU> (family 6, model 1), 2 logical CPUs".into();
    let html = page(&[other], true);
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("<p>machine: Some &lt;CPU&gt; (family 6, model 1), 2 logical CPUs</p>"));
    assert_eq!(html.matches("<figure class=\"plot\">").count(), 1);
    assert!(html.contains("<td>a</td>"));
    assert!(html.contains("Quick run"));
}
