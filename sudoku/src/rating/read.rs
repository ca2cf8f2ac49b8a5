//! Reading files of puzzles to rate: the generator's output (a puzzle and its grade per line),
//! plain one-line files, and nine-line grid files.

use crate::error::ParseError;
use crate::grid::{CELLS, Grid};
use crate::io::read_puzzles;
use crate::parse::Format;

/// The puzzles of `text`: one per line with anything after the 81 characters and a space
/// ignored (the generator writes `<puzzle> <grade>`), `#` comments and empty lines skipped;
/// or, when the first puzzle line is the nine-line format, every grid of it.
pub fn read_rated(text: &str) -> Result<Vec<Grid>, ParseError> {
    let first = text
        .lines()
        .map(|l| l.trim_end_matches('\r'))
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    let Some(first) = first else {
        return Ok(Vec::new());
    };
    if first.split(' ').next().is_none_or(|t| t.len() != CELLS) {
        return read_puzzles(text, Some(Format::Grid)).map(|(g, _)| g);
    }
    let mut grids = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let puzzle = line.split(' ').next().unwrap_or("");
        let number = grids.len() + 1;
        if puzzle.chars().count() != CELLS {
            return Err(ParseError::WrongLength {
                puzzle: number,
                line: n + 1,
                expected: CELLS,
                found: puzzle.chars().count(),
            });
        }
        let mut cells = [0u8; CELLS];
        for (i, (cell, ch)) in cells.iter_mut().zip(puzzle.chars()).enumerate() {
            *cell = match ch {
                '.' | '0' => 0,
                '1'..='9' => ch as u8 - b'0',
                _ => {
                    return Err(ParseError::BadChar {
                        puzzle: number,
                        line: n + 1,
                        column: i + 1,
                        found: ch,
                        expected: "a digit 1-9, or `.` or `0` for a blank",
                    });
                }
            };
        }
        grids.push(Grid::from_cells(cells).unwrap_or_default());
    }
    Ok(grids)
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    #[test]
    fn lines_with_grades_plain_lines_and_grids() {
        let text = format!("# made by a generator\n{P} hard\n\n{P}\r\n");
        let g = read_rated(&text).unwrap();
        assert_eq!(g, vec![P.parse().unwrap(); 2]);
        let mut block = Vec::new();
        write_block(&mut block);
        assert_eq!(
            read_rated(std::str::from_utf8(&block).unwrap())
                .unwrap()
                .len(),
            1
        );
        assert_eq!(read_rated("").unwrap(), vec![]);
    }

    fn write_block(out: &mut Vec<u8>) {
        P.parse::<Grid>().unwrap().write_block(out);
    }

    #[test]
    fn errors_say_where() {
        let text = format!("{P} easy\n{} easy\n", &P[..80]);
        assert!(matches!(
            read_rated(&text),
            Err(ParseError::WrongLength {
                puzzle: 2,
                line: 2,
                found: 80,
                ..
            })
        ));
        let bad = format!("{P}\n{}x\n", &P[..80]);
        assert!(matches!(
            read_rated(&bad),
            Err(ParseError::BadChar {
                puzzle: 2,
                line: 2,
                column: 81,
                found: 'x',
                ..
            })
        ));
    }
}
