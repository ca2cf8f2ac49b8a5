//! Tables for people and JSON for tools.

use serde::Serialize;

/// A plain text table: a header row and rows of cells, printed with aligned columns.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Table {
    /// Column titles.
    pub header: Vec<String>,
    /// One vector of cells per row, as many cells as the header has titles.
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// A table with these column titles.
    pub fn new<S: Into<String>>(header: impl IntoIterator<Item = S>) -> Self {
        Table {
            header: header.into_iter().map(Into::into).collect(),
            rows: Vec::new(),
        }
    }

    /// Appends a row.
    pub fn row<S: Into<String>>(&mut self, cells: impl IntoIterator<Item = S>) {
        self.rows.push(cells.into_iter().map(Into::into).collect());
    }

    /// Adds a row that fills only a few columns: `first` in the first column, each
    /// `(column, text)` of `cells` in its column, the rest empty.
    pub fn sparse_row(&mut self, first: impl Into<String>, cells: &[(usize, String)]) {
        let mut row = vec![String::new(); self.header.len().max(1)];
        row[0] = first.into();
        for (col, text) in cells {
            if let Some(cell) = row.get_mut(*col) {
                cell.clone_from(text);
            }
        }
        self.rows.push(row);
    }

    /// The table as text: the first column left-aligned, the others right-aligned.
    pub fn render(&self) -> String {
        let cols = self
            .rows
            .iter()
            .map(Vec::len)
            .chain([self.header.len()])
            .max()
            .unwrap_or(0);
        let mut width = vec![0usize; cols];
        for r in std::iter::once(&self.header).chain(self.rows.iter()) {
            for (i, c) in r.iter().enumerate() {
                width[i] = width[i].max(c.chars().count());
            }
        }
        let line = |r: &Vec<String>| {
            let mut s = String::new();
            for (i, w) in width.iter().enumerate() {
                let c = r.get(i).map(String::as_str).unwrap_or("");
                let pad = w - c.chars().count();
                if i > 0 {
                    s.push_str("  ");
                }
                if i == 0 {
                    s.push_str(c);
                    s.push_str(&" ".repeat(pad));
                } else {
                    s.push_str(&" ".repeat(pad));
                    s.push_str(c);
                }
            }
            s.trim_end().to_string()
        };
        let mut out = line(&self.header);
        out.push('\n');
        out.push_str(&"-".repeat(width.iter().sum::<usize>() + 2 * cols.saturating_sub(1)));
        out.push('\n');
        for r in &self.rows {
            out.push_str(&line(r));
            out.push('\n');
        }
        out
    }
}

/// One headline figure of a suite, for the summary table and the JSON output.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Figure {
    /// What was measured, e.g. `top1465 ours`.
    pub name: String,
    /// The value.
    pub value: f64,
    /// Its unit, e.g. `us`, `M/cpu-s`, `x`.
    pub unit: String,
}

/// What a suite hands back after printing its own table.
#[derive(Clone, Debug, Default, Serialize)]
pub struct SuiteReport {
    /// Suite name, as given on the command line.
    pub suite: String,
    /// The full table the suite printed.
    pub table: Table,
    /// Headline figures.
    pub figures: Vec<Figure>,
    /// The suite's last line (a contract other tools read; see each issue).
    pub last_line: String,
    /// The processor it ran on, as [`machine`](crate::measure::machine) names it: ratios
    /// between solvers move with it. `compare` fills it in; empty when not known.
    pub machine: String,
}

impl SuiteReport {
    /// Adds a headline figure.
    pub fn figure(&mut self, name: impl Into<String>, value: f64, unit: impl Into<String>) {
        self.figures.push(Figure {
            name: name.into(),
            value,
            unit: unit.into(),
        });
    }
}

/// Formats a number with three significant digits, the way the tables show rates and times.
pub fn sig3(v: f64) -> String {
    if !v.is_finite() {
        return "-".into();
    }
    let a = v.abs();
    if a >= 100.0 || a == 0.0 {
        format!("{v:.0}")
    } else if a >= 10.0 {
        format!("{v:.1}")
    } else if a >= 1.0 {
        format!("{v:.2}")
    } else {
        format!("{v:.3}")
    }
}

/// Formats a spread fraction as `±N%`.
pub fn pct(spread: f64) -> String {
    format!("±{:.0}%", spread * 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sparse_rows_fill_only_their_columns() {
        let mut t = Table::new(["a", "b", "c", "d"]);
        t.sparse_row("x", &[(2, "y".into()), (9, "ignored".into())]);
        assert_eq!(t.rows, vec![vec!["x", "", "y", ""]]);
    }

    #[test]
    fn table_aligns_columns() {
        let mut t = Table::new(["engine", "nodes"]);
        t.row(["table", "151512"]);
        t.row(["baseline", "7"]);
        let s = t.render();
        let lines: Vec<&str> = s.lines().collect();
        assert_eq!(lines[0], "engine     nodes");
        assert_eq!(lines[2], "table     151512");
        assert_eq!(lines[3], "baseline       7");
    }

    #[test]
    fn sig3_formats() {
        assert_eq!(sig3(123.456), "123");
        assert_eq!(sig3(12.345), "12.3");
        assert_eq!(sig3(1.2345), "1.23");
        assert_eq!(sig3(0.12345), "0.123");
        assert_eq!(sig3(f64::NAN), "-");
    }
}
