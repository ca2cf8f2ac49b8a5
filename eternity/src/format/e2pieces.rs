//! `e2pieces.txt`-style piece lists: one piece per line, four edge colours in clockwise order
//! starting at the top (`up right down left`), 0 = grey. Piece `n` is line `n` (0-based ids
//! here). An optional first line of two numbers `rows cols` gives the board size; without it
//! the size is worked out from the pieces (see [`parse`]). Such lists carry no hints; add them
//! with [`Instance::new`] or a `.hnt` file ([`super::mcgavin::parse_hnt`]).

use std::path::Path;

use super::text::{edges, field, number_lines};
use crate::error::FormatError;
use crate::instance::{Instance, Piece};

/// Reads a piece list from a file (see [`parse`]).
pub fn read(path: impl AsRef<Path>) -> Result<Instance, FormatError> {
    parse(&super::read_text(path.as_ref())?, None)
}

/// Parses a piece list. The board size is, in order of preference: `size` (`(width,
/// height)`), the optional `rows cols` header line, or the most nearly square `width x
/// height` (width >= height) whose rim holds exactly the pieces with grey edges.
pub fn parse(text: &str, size: Option<(usize, usize)>) -> Result<Instance, FormatError> {
    let lines = number_lines(text, "a piece list")?;
    let mut header = None;
    let mut body = &lines[..];
    if let Some((line, nums)) = lines.first()
        && nums.len() == 2
    {
        header = Some((nums[1].value as usize, nums[0].value as usize, *line));
        body = &lines[1..];
    }
    let mut pieces = Vec::with_capacity(body.len());
    for (line, nums) in body {
        let name = format!("piece {}", pieces.len());
        pieces.push(Piece::new(edges(*line, nums, 255, &name)?));
    }
    let (width, height) = match (size, header) {
        (Some(s), _) => s,
        (None, Some((w, h, _))) => (w, h),
        (None, None) => infer_size(&pieces).ok_or_else(|| {
            field(
                1,
                "size",
                format!(
                    "cannot tell the board size of {} pieces; give it as a `rows cols` first line",
                    pieces.len()
                ),
            )
        })?,
    };
    Ok(Instance::new(width, height, pieces, Vec::new())?)
}

/// The most nearly square size (width >= height) with `pieces.len()` cells whose rim matches
/// the pieces' grey edges: 4 corners and `2 (w + h) - 8` edge pieces.
fn infer_size(pieces: &[Piece]) -> Option<(usize, usize)> {
    let n = pieces.len();
    let corners = pieces.iter().filter(|p| p.grey_edges() == 2).count();
    let edges = pieces.iter().filter(|p| p.grey_edges() == 1).count();
    (1..=n)
        .rev()
        .filter(|&h| h * h <= n && n.is_multiple_of(h))
        .map(|h| (n / h, h))
        .find(|&(w, h)| w >= 2 && h >= 2 && corners == 4 && edges == 2 * (w + h) - 8)
}

/// The instance's pieces as a list with a `rows cols` header (hints are not written).
pub fn to_string(inst: &Instance) -> String {
    let mut s = format!("{} {}\n", inst.height(), inst.width());
    for p in inst.pieces() {
        let [u, r, d, l] = p.edges;
        s.push_str(&format!("{u} {r} {d} {l}\n"));
    }
    s
}
