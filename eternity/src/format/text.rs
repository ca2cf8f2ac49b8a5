//! Whitespace-separated numbers in lines, with positions for error messages.

use crate::error::FormatError;

/// A number read from a text file, with where it was.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Num {
    pub(crate) value: u64,
    pub(crate) line: usize,
    pub(crate) column: usize,
}

/// The non-blank lines of `text` (1-based line numbers), each split into numbers. Text after
/// `#` is a comment. A token that is not a whole number is a syntax error naming its line and
/// column and what `what` the line holds.
pub(crate) fn number_lines(text: &str, what: &str) -> Result<Vec<(usize, Vec<Num>)>, FormatError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("");
        let mut nums = Vec::new();
        let mut col = 0;
        for tok in line.split_whitespace() {
            // Column of this token: search from the end of the previous one.
            let at = line[col..].find(tok).map_or(col, |p| col + p);
            col = at + tok.len();
            let value = tok.parse::<u64>().map_err(|_| FormatError::Syntax {
                line: i + 1,
                column: at + 1,
                message: format!(
                    "expected a whole number in {what}, got `{}`",
                    puzzle_search::excerpt(tok)
                ),
            })?;
            nums.push(Num {
                value,
                line: i + 1,
                column: at + 1,
            });
        }
        if !nums.is_empty() {
            out.push((i + 1, nums));
        }
    }
    Ok(out)
}

/// A field error at a line.
pub(crate) fn field(line: usize, field: &str, message: impl Into<String>) -> FormatError {
    FormatError::Field {
        line: Some(line),
        field: field.to_string(),
        message: message.into(),
    }
}

/// Checks a number is at most `max`.
pub(crate) fn at_most(n: Num, max: u64, name: &str) -> Result<u64, FormatError> {
    if n.value > max {
        Err(field(
            n.line,
            name,
            format!("{} at column {} is larger than {max}", n.value, n.column),
        ))
    } else {
        Ok(n.value)
    }
}

/// Four colours `[up, right, down, left]` from a line of exactly four numbers.
pub(crate) fn edges(
    line: usize,
    nums: &[Num],
    max_colour: u64,
    name: &str,
) -> Result<[u8; 4], FormatError> {
    if nums.len() != 4 {
        return Err(field(
            line,
            name,
            format!("expected 4 edge colours, got {} numbers", nums.len()),
        ));
    }
    let mut e = [0u8; 4];
    for (k, n) in nums.iter().enumerate() {
        e[k] = at_most(*n, max_colour.min(255), name)? as u8;
    }
    Ok(e)
}
