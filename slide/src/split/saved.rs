//! The body of a part's checkpoint: `key value` lines in a fixed order, read back with the
//! line and field of anything wrong.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::board::{Board, Direction};
use crate::error::SplitError;

/// The checkpoint kind of a part.
pub(crate) const KIND: &str = "slide-solver/ida-part";
/// The body's format version.
pub(crate) const VERSION: u32 = 1;
/// The longest path accepted: far above any optimal 5x5 solution, so a damaged length
/// cannot make a reader take memory first.
pub(crate) const MAX_PATH: usize = 4096;

/// A part's saved state, as plain data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Saved {
    pub(crate) start: Board,
    pub(crate) goal: Board,
    pub(crate) heuristic: String,
    pub(crate) pdb_dir: Option<PathBuf>,
    pub(crate) bound: u32,
    pub(crate) index: usize,
    pub(crate) cut_nodes: u64,
    pub(crate) prefix: Vec<Direction>,
    /// The path from the start to the node on top of the stack.
    pub(crate) path: Vec<Direction>,
    /// The next direction the top node tries (`4`: none left).
    pub(crate) top_next: u8,
    pub(crate) next_bound: Option<u32>,
    pub(crate) expanded: u64,
    pub(crate) done: bool,
}

fn letters(moves: &[Direction]) -> String {
    if moves.is_empty() {
        "-".into()
    } else {
        moves.iter().map(|d| d.letter()).collect()
    }
}

fn tiles(board: &Board) -> String {
    let t: Vec<String> = board.tiles().iter().map(|t| t.to_string()).collect();
    t.join(",")
}

/// A path on one line: `%`, newline and carriage return escaped as `%25`, `%0A`, `%0D`.
fn escape(path: &Path) -> String {
    let text = path.to_string_lossy();
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '%' => out.push_str("%25"),
            '\n' => out.push_str("%0A"),
            '\r' => out.push_str("%0D"),
            c => out.push(c),
        }
    }
    out
}

fn unescape(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('%') {
        out.push_str(&rest[..i]);
        let code = rest.get(i + 1..i + 3)?;
        out.push(match code {
            "25" => '%',
            "0A" => '\n',
            "0D" => '\r',
            _ => return None,
        });
        rest = &rest[i + 3..];
    }
    out.push_str(rest);
    Some(out)
}

impl Saved {
    /// The fingerprint of what the part belongs to: the puzzle, heuristic, bound and prefix.
    pub(crate) fn fingerprint(&self) -> u64 {
        let text = format!(
            "{}x{} {} {} {} {} {}",
            self.start.width(),
            self.start.height(),
            tiles(&self.start),
            tiles(&self.goal),
            self.heuristic,
            self.bound,
            letters(&self.prefix)
        );
        puzzle_search::fingerprint(text.as_bytes())
    }

    pub(crate) fn to_body(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "size {}x{}", self.start.width(), self.start.height());
        let _ = writeln!(s, "start {}", tiles(&self.start));
        let _ = writeln!(s, "goal {}", tiles(&self.goal));
        let _ = writeln!(s, "heuristic {}", self.heuristic);
        match &self.pdb_dir {
            Some(d) => {
                let _ = writeln!(s, "pdb-dir {}", escape(d));
            }
            None => s.push_str("pdb-dir -\n"),
        }
        let _ = writeln!(s, "bound {}", self.bound);
        let _ = writeln!(s, "index {}", self.index);
        let _ = writeln!(s, "cut-nodes {}", self.cut_nodes);
        let _ = writeln!(s, "prefix {}", letters(&self.prefix));
        let _ = writeln!(s, "path {}", letters(&self.path));
        let _ = writeln!(s, "top-next {}", self.top_next);
        match self.next_bound {
            Some(b) => {
                let _ = writeln!(s, "next-bound {b}");
            }
            None => s.push_str("next-bound none\n"),
        }
        let _ = writeln!(s, "expanded {}", self.expanded);
        let _ = writeln!(s, "done {}", u8::from(self.done));
        s
    }

    pub(crate) fn from_body(body: &str) -> Result<Saved, SplitError> {
        let mut lines = body.split('\n').enumerate();
        let mut field = |key: &'static str| -> Result<(usize, &str), SplitError> {
            let (i, text) = lines.next().ok_or(SplitError::Field {
                line: 0,
                key,
                why: "the body ends before it".into(),
            })?;
            let line = i + 1;
            match text.split_once(' ') {
                Some((k, v)) if k == key && !v.is_empty() => Ok((line, v)),
                _ => Err(SplitError::Field {
                    line,
                    key,
                    why: format!("expected `{key} VALUE`, found {text:?}"),
                }),
            }
        };
        fn bad(line: usize, key: &'static str, why: String) -> SplitError {
            SplitError::Field { line, key, why }
        }
        fn number<T: std::str::FromStr>(
            (line, v): (usize, &str),
            key: &'static str,
        ) -> Result<T, SplitError> {
            v.parse()
                .map_err(|_| bad(line, key, format!("{v:?} is not a number in range")))
        }
        fn moves(
            (line, v): (usize, &str),
            key: &'static str,
        ) -> Result<Vec<Direction>, SplitError> {
            if v == "-" {
                return Ok(Vec::new());
            }
            if v.len() > MAX_PATH {
                return Err(bad(
                    line,
                    key,
                    format!("{} moves, more than the limit of {MAX_PATH}", v.len()),
                ));
            }
            v.chars()
                .enumerate()
                .map(|(i, c)| match c {
                    'U' => Ok(Direction::Up),
                    'R' => Ok(Direction::Right),
                    'D' => Ok(Direction::Down),
                    'L' => Ok(Direction::Left),
                    _ => Err(bad(
                        line,
                        key,
                        format!("character {} is {c:?}, not one of U, R, D, L", i + 1),
                    )),
                })
                .collect()
        }
        let (size_line, size_text) = field("size")?;
        let (width, height) = crate::board::parse_size(size_text)
            .map_err(|e| bad(size_line, "size", e.to_string()))?;
        let board = |(line, v): (usize, &str), which: &'static str| {
            let mut cells = Vec::new();
            for t in v.split(',') {
                cells.push(
                    t.parse::<u8>()
                        .map_err(|_| bad(line, which, format!("{t:?} is not a tile number")))?,
                );
            }
            Board::new(width, height, &cells).map_err(|source| SplitError::Board { which, source })
        };
        let start = board(field("start")?, "start")?;
        let goal = board(field("goal")?, "goal")?;
        let heuristic = field("heuristic")?.1.to_string();
        let (dir_line, dir_text) = field("pdb-dir")?;
        let pdb_dir = match dir_text {
            "-" => None,
            d => Some(PathBuf::from(unescape(d).ok_or_else(|| {
                bad(dir_line, "pdb-dir", format!("{d:?} has a bad % escape"))
            })?)),
        };
        let bound = number(field("bound")?, "bound")?;
        let index = number(field("index")?, "index")?;
        let cut_nodes = number(field("cut-nodes")?, "cut-nodes")?;
        let prefix = moves(field("prefix")?, "prefix")?;
        let path = moves(field("path")?, "path")?;
        let (next_line, next_text) = field("top-next")?;
        let top_next: u8 = number((next_line, next_text), "top-next")?;
        if top_next > 4 {
            return Err(bad(next_line, "top-next", format!("{top_next} is above 4")));
        }
        let next_bound = match field("next-bound")? {
            (_, "none") => None,
            f => Some(number(f, "next-bound")?),
        };
        let expanded = number(field("expanded")?, "expanded")?;
        let done = match field("done")? {
            (_, "0") => false,
            (_, "1") => true,
            (line, v) => return Err(bad(line, "done", format!("{v:?} is neither 0 nor 1"))),
        };
        match lines.next() {
            Some((_, "")) if lines.next().is_none() => {}
            Some((i, text)) => {
                return Err(bad(i + 1, "(end)", format!("unexpected line {text:?}")));
            }
            None => {
                return Err(bad(
                    0,
                    "(end)",
                    "the body does not end with a newline".into(),
                ));
            }
        }
        Ok(Saved {
            start,
            goal,
            heuristic,
            pdb_dir,
            bound,
            index,
            cut_nodes,
            prefix,
            path,
            top_next,
            next_bound,
            expanded,
            done,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_with_odd_characters_round_trip() {
        for p in ["/tmp/a b", "100%/x", "two\nlines\r", "%0A"] {
            assert_eq!(unescape(&escape(Path::new(p))).as_deref(), Some(p));
        }
        assert_eq!(unescape("%zz"), None);
        assert_eq!(unescape("%2"), None);
    }
}
