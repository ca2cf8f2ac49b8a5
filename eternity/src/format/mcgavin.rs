//! Peter McGavin's `.puz` / `.hnt` pair.
//!
//! `.puz`: line 1 `W H C` (width, height, number of colours, grey not counted, so colours run
//! `0..=C`), then one line `N E S W` per piece (piece 1 first), 0 = grey.
//!
//! `.hnt`: line 1 the number of hints, then one line `piece x y rot` per hint, all 1-based
//! except `rot`: `piece` is the piece's line number in the `.puz`, `x` the column (1 = left),
//! `y` the row counted from the [`HintAxis`] chosen, `rot` clockwise quarter turns (0..=3).
//! The axis is an explicit option because files in the wild use both.
//!
//! Reading checks the hints against the rim and each other and names the offending line.

use std::path::Path;

use super::text::{at_most, field, number_lines};
use crate::board::Board;
use crate::error::{FormatError, InstanceError};
use crate::instance::{Hint, Instance, MAX_PIECES, Piece, Rotation};

/// Where `.hnt` rows are counted from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum HintAxis {
    /// `y = 1` is the top row (row-major order, as this crate numbers cells).
    #[default]
    TopDown,
    /// `y = 1` is the bottom row (as on a chessboard).
    BottomUp,
}

impl std::str::FromStr for HintAxis {
    type Err = crate::error::ParseNameError;
    fn from_str(s: &str) -> Result<HintAxis, crate::error::ParseNameError> {
        match s {
            "top-down" | "top" => Ok(HintAxis::TopDown),
            "bottom-up" | "bottom" => Ok(HintAxis::BottomUp),
            _ => Err(crate::error::ParseNameError {
                what: "hint axis",
                name: puzzle_search::excerpt(s),
                expected: "top-down or bottom-up",
            }),
        }
    }
}

/// A `.puz` file: size, colour count and pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puz {
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// Number of colours, grey not counted.
    pub colours: usize,
    /// Pieces `[N, E, S, W]` = `[up, right, down, left]`.
    pub pieces: Vec<Piece>,
}

/// Parses a `.puz` file.
pub fn parse_puz(text: &str) -> Result<Puz, FormatError> {
    let lines = number_lines(text, "a .puz file")?;
    let Some((hl, head)) = lines.first() else {
        return Err(field(1, "W H C", "the file is empty"));
    };
    if head.len() != 3 {
        return Err(field(
            *hl,
            "W H C",
            format!("expected 3 numbers, got {}", head.len()),
        ));
    }
    let width = at_most(head[0], 65_535, "W")? as usize;
    let height = at_most(head[1], 65_535, "H")? as usize;
    let colours = at_most(head[2], 255, "C")? as usize;
    let mut pieces = Vec::new();
    for (line, nums) in &lines[1..] {
        let name = format!("piece {}", pieces.len() + 1);
        pieces.push(Piece::new(super::text::edges(
            *line,
            nums,
            colours as u64,
            &name,
        )?));
    }
    if pieces.len() != width * height {
        return Err(field(
            lines.last().map_or(1, |l| l.0),
            "pieces",
            format!(
                "a {width}x{height} board needs {} pieces, the file has {}",
                width * height,
                pieces.len()
            ),
        ));
    }
    Ok(Puz {
        width,
        height,
        colours,
        pieces,
    })
}

/// Parses a `.hnt` file for a `width` x `height` board of `pieces` pieces. Returns each hint
/// with the line it came from.
pub fn parse_hnt(
    text: &str,
    width: usize,
    height: usize,
    axis: HintAxis,
) -> Result<Vec<(usize, Hint)>, FormatError> {
    let lines = number_lines(text, "a .hnt file")?;
    let Some((cl, count)) = lines.first() else {
        return Err(field(1, "count", "the file is empty"));
    };
    if count.len() != 1 {
        return Err(field(*cl, "count", "expected the number of hints alone"));
    }
    let n = count[0].value as usize;
    if lines.len() - 1 != n {
        return Err(field(
            *cl,
            "count",
            format!("says {n} hints, the file has {}", lines.len() - 1),
        ));
    }
    // A board past what an instance holds has no hints to read (and `width * height` could
    // overflow): refused before any hint is looked at.
    let cells = width
        .checked_mul(height)
        .filter(|&c| c <= MAX_PIECES)
        .ok_or_else(|| {
            field(
                *cl,
                "size",
                format!("a {width}x{height} board has more than {MAX_PIECES} cells"),
            )
        })?;
    let mut out = Vec::with_capacity(n);
    for (line, nums) in &lines[1..] {
        if nums.len() != 4 {
            return Err(field(
                *line,
                "hint",
                format!("expected `piece x y rot`, got {} numbers", nums.len()),
            ));
        }
        let one_based = |k: usize, name: &str, max: usize| -> Result<usize, FormatError> {
            let v = nums[k].value as usize;
            if v == 0 || v > max {
                Err(field(
                    *line,
                    name,
                    format!("{v} is outside 1..={max} (column {})", nums[k].column),
                ))
            } else {
                Ok(v - 1)
            }
        };
        let piece = one_based(0, "piece", cells)?;
        let x = one_based(1, "x", width)?;
        let y = one_based(2, "y", height)?;
        let rot = at_most(nums[3], 3, "rot")? as u8;
        let row = match axis {
            HintAxis::TopDown => y,
            HintAxis::BottomUp => height - 1 - y,
        };
        out.push((
            *line,
            Hint {
                cell: row * width + x,
                piece: piece as u16,
                rotation: Rotation::new(rot).unwrap_or_default(),
            },
        ));
    }
    Ok(out)
}

/// Builds an instance from a `.puz` and an optional `.hnt` text, checking the hints (the error
/// names the `.hnt` line of the hint at fault).
pub fn parse(puz: &str, hnt: Option<&str>, axis: HintAxis) -> Result<Instance, FormatError> {
    let p = parse_puz(puz)?;
    let hints = match hnt {
        Some(h) => parse_hnt(h, p.width, p.height, axis)?,
        None => Vec::new(),
    };
    let lines: Vec<usize> = hints.iter().map(|h| h.0).collect();
    let hints = hints.into_iter().map(|h| h.1).collect();
    Instance::new(p.width, p.height, p.pieces, hints).map_err(|e| at_hint_line(e, &lines))
}

/// Reads a `.puz` file and, if given, a `.hnt` file.
pub fn read(
    puz: impl AsRef<Path>,
    hnt: Option<&Path>,
    axis: HintAxis,
) -> Result<Instance, FormatError> {
    let p = super::read_text(puz.as_ref())?;
    let h = match hnt {
        Some(h) => Some(super::read_text(h)?),
        None => None,
    };
    let name = puz
        .as_ref()
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    Ok(parse(&p, h.as_deref(), axis)?.with_name(name))
}

/// Replaces `inst`'s hints with those of a `.hnt` text, checking them.
pub fn with_hints(inst: &Instance, hnt: &str, axis: HintAxis) -> Result<Instance, FormatError> {
    let hints = parse_hnt(hnt, inst.width(), inst.height(), axis)?;
    let lines: Vec<usize> = hints.iter().map(|h| h.0).collect();
    Instance::new(
        inst.width(),
        inst.height(),
        inst.pieces().to_vec(),
        hints.into_iter().map(|h| h.1).collect(),
    )
    .map(|i| i.with_name(inst.name()))
    .map_err(|e| at_hint_line(e, &lines))
}

/// Points an instance error about hint `i` at its `.hnt` line.
fn at_hint_line(e: InstanceError, lines: &[usize]) -> FormatError {
    let hint = match &e {
        InstanceError::HintConflict { hint, .. }
        | InstanceError::HintCell { hint, .. }
        | InstanceError::HintPiece { hint, .. } => Some(*hint),
        InstanceError::HintSameCell { second, .. }
        | InstanceError::HintSamePiece { second, .. } => Some(*second),
        _ => None,
    };
    match hint.and_then(|h| lines.get(h)) {
        Some(&line) => field(line, "hint", e.to_string()),
        None => FormatError::Instance(e),
    }
}

/// The instance as a `.puz` text. `C` is the largest colour used.
pub fn puz_to_string(inst: &Instance) -> String {
    let mut s = format!(
        "{} {} {}\n",
        inst.width(),
        inst.height(),
        inst.colours() - 1
    );
    for p in inst.pieces() {
        let [n, e, so, w] = p.edges;
        s.push_str(&format!("{n} {e} {so} {w}\n"));
    }
    s
}

/// The instance's hints as a `.hnt` text, rows counted along `axis`.
pub fn hnt_to_string(inst: &Instance, axis: HintAxis) -> String {
    placements_to_hnt(inst, inst.hints(), axis)
}

/// The pieces placed on `board` (a board of `inst`) as a `.hnt` text, rows counted along
/// `axis`: with the `.puz` of `inst`, it loads the board as pins, when the board passes the
/// checks reading makes (the rim, and the hints against each other).
pub fn board_to_hnt(inst: &Instance, board: &Board, axis: HintAxis) -> String {
    let placed: Vec<Hint> = board
        .cells()
        .iter()
        .enumerate()
        .filter_map(|(cell, p)| {
            p.map(|p| Hint {
                cell,
                piece: p.piece,
                rotation: p.rotation,
            })
        })
        .collect();
    placements_to_hnt(inst, &placed, axis)
}

/// `placements` as the lines of a `.hnt` text, after the count.
fn placements_to_hnt(inst: &Instance, placements: &[Hint], axis: HintAxis) -> String {
    let mut s = format!("{}\n", placements.len());
    for h in placements {
        let (row, col) = inst.row_col(h.cell);
        let y = match axis {
            HintAxis::TopDown => row,
            HintAxis::BottomUp => inst.height() - 1 - row,
        };
        s.push_str(&format!(
            "{} {} {} {}\n",
            h.piece as usize + 1,
            col + 1,
            y + 1,
            h.rotation
        ));
    }
    s
}

/// Writes the instance as `.puz` and its hints as `.hnt`.
pub fn write(
    inst: &Instance,
    puz: impl AsRef<Path>,
    hnt: impl AsRef<Path>,
    axis: HintAxis,
) -> Result<(), FormatError> {
    super::write_text(puz.as_ref(), &puz_to_string(inst))?;
    super::write_text(hnt.as_ref(), &hnt_to_string(inst, axis))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_of_the_hints_gives_the_hints_text() {
        let puz = "2 2 4\n0 1 2 0\n0 0 3 1\n2 4 0 0\n3 0 0 4\n";
        let hnt = "2\n1 1 1 0\n4 2 2 0\n";
        for axis in [HintAxis::TopDown, HintAxis::BottomUp] {
            let inst = parse(puz, Some(hnt), HintAxis::TopDown).unwrap();
            let board = Board::with_hints(&inst);
            assert_eq!(
                board_to_hnt(&inst, &board, axis),
                hnt_to_string(&inst, axis)
            );
        }
        let inst = parse(puz, Some(hnt), HintAxis::TopDown).unwrap();
        assert_eq!(hnt_to_string(&inst, HintAxis::TopDown), hnt);
    }

    /// Found reviewing what the fuzz target feeds `parse_hnt`: `width * height` overflowed.
    #[test]
    fn a_board_too_large_for_hints_is_a_typed_error() {
        let hnt = "1\n1 1 1 0\n";
        for (w, h) in [(usize::MAX, 2), (1 << 16, 1 << 16), (65_536, 1)] {
            let e = parse_hnt(hnt, w, h, HintAxis::TopDown).unwrap_err();
            assert!(e.to_string().contains("more than"), "{e}");
        }
        assert_eq!(parse_hnt(hnt, 2, 2, HintAxis::BottomUp).unwrap().len(), 1);
    }
}
