//! The JSON boards of the community benchmark sets:
//! `{"name", "width", "height", "numColors", "pieces": [[u, r, d, l], ...], "hints": [{"pos",
//! "piece", "rot"}]}`, where `pos` is the row-major cell (0 = top-left), `piece` is 0-based and
//! `rot` counts clockwise quarter turns (rot 1 maps `[u, r, d, l]` to `[l, u, r, d]`). `name`,
//! `numColors` and `hints` are optional; other fields (`id`, `maxScore`, ...) are ignored.

use std::path::Path;

use serde_json::{Map, Value, json};

use crate::error::FormatError;
use crate::instance::{Colour, Hint, Instance, Piece, PieceId, Rotation};

/// Reads a JSON board from a file.
pub fn read(path: impl AsRef<Path>) -> Result<Instance, FormatError> {
    parse(&super::read_text(path.as_ref())?)
}

/// Parses a JSON board.
pub fn parse(text: &str) -> Result<Instance, FormatError> {
    let value: Value = serde_json::from_str(text).map_err(|e| {
        // serde_json's message ends with the position, which the error states already.
        let message = e.to_string();
        let at = format!(" at line {} column {}", e.line(), e.column());
        FormatError::Syntax {
            line: e.line(),
            column: e.column(),
            message: message.strip_suffix(&at).unwrap_or(&message).to_string(),
        }
    })?;
    let obj = value
        .as_object()
        .ok_or_else(|| field("", "expected a JSON object"))?;
    let width = uint(obj, "width")?;
    let height = uint(obj, "height")?;
    let raw_pieces = obj
        .get("pieces")
        .ok_or_else(|| field("pieces", "missing"))?
        .as_array()
        .ok_or_else(|| field("pieces", "expected an array of [up, right, down, left]"))?;
    let mut pieces = Vec::with_capacity(raw_pieces.len());
    for (i, p) in raw_pieces.iter().enumerate() {
        let arr = p
            .as_array()
            .filter(|a| a.len() == 4)
            .ok_or_else(|| field(&format!("pieces[{i}]"), "expected [up, right, down, left]"))?;
        let mut edges = [0 as Colour; 4];
        for (k, v) in arr.iter().enumerate() {
            edges[k] = v
                .as_u64()
                .and_then(|c| Colour::try_from(c).ok())
                .ok_or_else(|| {
                    field(
                        &format!("pieces[{i}][{k}]"),
                        &format!(
                            "expected a colour 0..=255, got {}",
                            puzzle_search::excerpt(&v.to_string())
                        ),
                    )
                })?;
        }
        pieces.push(Piece::new(edges));
    }
    let mut hints = Vec::new();
    if let Some(h) = obj.get("hints").filter(|h| !h.is_null()) {
        let arr = h
            .as_array()
            .ok_or_else(|| field("hints", "expected an array of {pos, piece, rot}"))?;
        for (i, h) in arr.iter().enumerate() {
            let o = h
                .as_object()
                .ok_or_else(|| field(&format!("hints[{i}]"), "expected {pos, piece, rot}"))?;
            let get = |k: &str| uint(o, k).map_err(|e| rename(e, &format!("hints[{i}].{k}")));
            let cell = get("pos")?;
            let piece = get("piece")?;
            let rot = get("rot")?;
            let piece = PieceId::try_from(piece)
                .map_err(|_| field(&format!("hints[{i}].piece"), "piece id too large"))?;
            let rotation = u8::try_from(rot)
                .ok()
                .and_then(Rotation::new)
                .ok_or_else(|| field(&format!("hints[{i}].rot"), "expected 0..=3"))?;
            hints.push(Hint {
                cell,
                piece,
                rotation,
            });
        }
    }
    let name = obj
        .get("name")
        .or_else(|| obj.get("id"))
        .and_then(Value::as_str)
        .unwrap_or("");
    Ok(Instance::new(width, height, pieces, hints)?.with_name(name))
}

/// The instance as a JSON board in the same schema (with `name` and `numColors`; `numColors`
/// is the largest colour, i.e. the colours not counting grey, as the benchmark files have it).
pub fn to_string(inst: &Instance) -> String {
    let pieces: Vec<Value> = inst.pieces().iter().map(|p| json!(p.edges)).collect();
    let hints: Vec<Value> = inst
        .hints()
        .iter()
        .map(|h| json!({"pos": h.cell, "piece": h.piece, "rot": h.rotation.quarter_turns()}))
        .collect();
    let v = json!({
        "name": inst.name(),
        "width": inst.width(),
        "height": inst.height(),
        "numColors": inst.colours() - 1,
        "pieces": pieces,
        "hints": hints,
    });
    // Serialising a `Value` cannot fail.
    serde_json::to_string(&v).unwrap_or_default()
}

/// The instance as a JSON board (as [`to_string`]) with a board on it: `"board"` lists the
/// cells row-major, each `[piece, rotation]` (pieces numbered from 0 in the instance's order,
/// rotations in clockwise quarter turns as in `hints`) or `null` when empty, and `"score"` is
/// the board's score ([`Board::score`](crate::Board::score)).
pub fn with_board(inst: &Instance, board: &crate::Board) -> String {
    let mut v: Value = serde_json::from_str(&to_string(inst)).unwrap_or_default();
    let cells: Vec<Value> = board
        .cells()
        .iter()
        .map(|c| {
            c.map_or(Value::Null, |p| {
                json!([p.piece, p.rotation.quarter_turns()])
            })
        })
        .collect();
    if let Some(obj) = v.as_object_mut() {
        obj.insert("board".into(), Value::Array(cells));
        obj.insert("score".into(), json!(board.score(inst)));
    }
    serde_json::to_string(&v).unwrap_or_default()
}

/// Writes the instance as a JSON board.
pub fn write(inst: &Instance, path: impl AsRef<Path>) -> Result<(), FormatError> {
    let path = path.as_ref();
    std::fs::write(path, to_string(inst) + "\n").map_err(|source| FormatError::Io {
        path: path.to_path_buf(),
        source,
    })
}

fn field(name: &str, message: &str) -> FormatError {
    FormatError::Field {
        line: None,
        field: name.to_string(),
        message: message.to_string(),
    }
}

fn rename(e: FormatError, name: &str) -> FormatError {
    match e {
        FormatError::Field { line, message, .. } => FormatError::Field {
            line,
            field: name.to_string(),
            message,
        },
        e => e,
    }
}

fn uint(obj: &Map<String, Value>, key: &str) -> Result<usize, FormatError> {
    let v = obj.get(key).ok_or_else(|| field(key, "missing"))?;
    v.as_u64()
        .and_then(|n| usize::try_from(n).ok())
        .ok_or_else(|| {
            let got = puzzle_search::excerpt(&v.to_string());
            field(key, &format!("expected a whole number, got {got}"))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_syntax_error_states_its_position_once() {
        let e = parse("{\n  \"width\": ,\n}").unwrap_err().to_string();
        assert!(e.starts_with("line 2, column 12: "), "{e}");
        assert!(!e.contains("at line"), "{e}");
    }
}
