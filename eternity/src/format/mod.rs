//! Reading and writing boards: the JSON bench boards, `e2pieces.txt` piece lists, McGavin's
//! `.puz`/`.hnt` pair, and bucas-style URLs.

pub mod bucas;
pub mod e2pieces;
#[cfg(feature = "json")]
pub mod json;
pub mod mcgavin;
mod text;

use std::path::Path;

use crate::error::FormatError;

pub(crate) fn read_text(path: &Path) -> Result<String, FormatError> {
    // Bounded and fallibly reserved: a huge or endless input is an error, not an abort.
    std::fs::File::open(path)
        .and_then(|f| puzzle_search::read_text_within(f, puzzle_search::MAX_TEXT_BYTES, None))
        .map_err(|source| FormatError::Io {
            path: path.to_path_buf(),
            source,
        })
}

pub(crate) fn write_text(path: &Path, text: &str) -> Result<(), FormatError> {
    std::fs::write(path, text).map_err(|source| FormatError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// The puzzle formats [`read`] tells apart by file extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// `.json`: the JSON bench boards (`format::json`, with the `json` feature).
    Json,
    /// `.puz`: McGavin's piece file ([`mcgavin`]).
    Puz,
    /// `.txt` (or anything else): a piece list ([`e2pieces`]).
    PieceList,
}

impl Format {
    /// The format a file name suggests.
    pub fn of(path: &Path) -> Format {
        match path.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("json") => Format::Json,
            Some(e) if e.eq_ignore_ascii_case("puz") => Format::Puz,
            _ => Format::PieceList,
        }
    }
}

/// Reads a puzzle in the format its extension names; with `hints`, the hints of that `.hnt`
/// file (rows along `axis`) replace the puzzle's own.
pub fn read(
    path: impl AsRef<Path>,
    hints: Option<&Path>,
    axis: mcgavin::HintAxis,
) -> Result<crate::Instance, FormatError> {
    let path = path.as_ref();
    let inst = match Format::of(path) {
        #[cfg(feature = "json")]
        Format::Json => json::read(path)?,
        #[cfg(not(feature = "json"))]
        Format::Json => {
            return Err(FormatError::NeedsFeature {
                path: path.to_path_buf(),
                feature: "json",
            });
        }
        Format::Puz => mcgavin::read(path, None, axis)?,
        Format::PieceList => e2pieces::read(path)?.with_name(
            path.file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default(),
        ),
    };
    match hints {
        Some(h) => mcgavin::with_hints(&inst, &read_text(h)?, axis),
        None => Ok(inst),
    }
}
