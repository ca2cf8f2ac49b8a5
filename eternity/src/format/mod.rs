//! Reading and writing boards: the JSON bench boards, `e2pieces.txt` piece lists, McGavin's
//! `.puz`/`.hnt` pair, and bucas-style URLs.

pub mod json;

use std::path::Path;

use crate::error::FormatError;

pub(crate) fn read_text(path: &Path) -> Result<String, FormatError> {
    std::fs::read_to_string(path).map_err(|source| FormatError::Io {
        path: path.to_path_buf(),
        source,
    })
}
