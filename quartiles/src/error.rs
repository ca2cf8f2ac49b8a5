//! The crate's public errors, typed: each says what was wrong and where.

use std::path::PathBuf;

use thiserror::Error;

/// Why a board could not be built from text or tiles.
///
/// Positions are 1-based: `tile` counts tiles in input order, `line`/`column` point into the
/// text (columns count characters).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
    /// A board has exactly 20 tiles.
    #[error("a board has 20 tiles, found {found}")]
    WrongCount {
        /// How many tiles the input had.
        found: usize,
    },
    /// An empty tile: two commas with no tile between them, a comma at either end of the
    /// text, or an empty string among the tiles given to [`Board::from_tiles`](crate::Board::from_tiles).
    #[error("empty tile {tile} at line {line}, column {column}")]
    EmptyTile {
        /// Which tile would have been there.
        tile: usize,
        /// Line of the comma after the empty tile (for `from_tiles`, the tile's position).
        line: usize,
        /// Column of that comma (for `from_tiles`, 1).
        column: usize,
    },
    /// A tile holds something other than ASCII letters.
    #[error(
        "tile {tile} `{text}` has `{ch}` at line {line}, column {column}; tiles are letters a-z"
    )]
    NotALetter {
        /// Which tile.
        tile: usize,
        /// The tile as written.
        text: String,
        /// The offending character.
        ch: char,
        /// Its line.
        line: usize,
        /// Its column.
        column: usize,
    },
    /// A tile longer than [`MAX_TILE_LEN`](crate::MAX_TILE_LEN) bytes.
    #[error("tile {tile} `{text}` has {len} letters; at most 8 fit a tile")]
    TileTooLong {
        /// Which tile.
        tile: usize,
        /// The tile as written.
        text: String,
        /// Its length in bytes.
        len: usize,
    },
    /// The same tile twice (after case normalisation).
    #[error("tile `{text}` appears twice: tiles {first} and {second}")]
    DuplicateTile {
        /// The tile, lowercased.
        text: String,
        /// Its first position.
        first: usize,
        /// Its second position.
        second: usize,
    },
}

/// Why a dictionary could not be built.
///
/// The variants that wrap a lower-level error hand it out through
/// [`source`](std::error::Error::source).
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum DictionaryError {
    /// A word with a character other than an ASCII letter.
    #[error("line {line}, column {column}: `{ch}` is not a letter a-z")]
    NotALetter {
        /// Line of the word list (or position in the iterator), from 1.
        line: usize,
        /// Column of the character in that line, from 1.
        column: usize,
        /// The character.
        ch: char,
    },
    /// A word of a list of words (not a text of lines) with a character other than an
    /// ASCII letter: which word, the word itself (cut to 40 characters) and where in it.
    #[error("word {index} `{word}`, character {column}: `{ch}` is not a letter a-z")]
    NotALetterInWord {
        /// The word's position in the list, from 1.
        index: usize,
        /// The word, cut to 40 characters ([`puzzle_search::excerpt`]).
        word: String,
        /// Position of the character in the word, from 1.
        column: usize,
        /// The character.
        ch: char,
    },
    /// A word list file could not be read.
    #[error("cannot read the word list {}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// A word list file that was read but holds a bad word: the file, and what is wrong
    /// where (as [`source`](std::error::Error::source)).
    #[error("word list {}", path.display())]
    InFile {
        /// The file.
        path: PathBuf,
        /// The error in its text (a [`DictionaryError::NotALetter`] with line and column).
        #[source]
        source: Box<DictionaryError>,
    },
    /// Bytes that are not a valid `fst::Map` (bad header, checksum or structure).
    #[error("the dictionary bytes are not a valid fst map")]
    Fst {
        /// What the fst reader found wrong.
        #[source]
        source: fst::Error,
    },
    /// A key of a supplied map that is not a lowercase ASCII word.
    #[error("entry {index} `{key}` is not a lowercase word a-z")]
    BadKey {
        /// Position of the entry, from 1.
        index: usize,
        /// The key, lossily decoded.
        key: String,
    },
    /// A value of a supplied map that is not a tier (0-255).
    #[error("entry {index} has tier {tier}; tiers are 0-255")]
    BadTier {
        /// Position of the entry, from 1.
        index: usize,
        /// The value found.
        tier: u64,
    },
}

/// Why a [`FragmentPath`](crate::FragmentPath) motion failed (the seed's vocabulary).
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FragmentPathError {
    /// The path already holds four tiles; nothing can be appended.
    #[error("the path is full (4 tiles)")]
    Overflow,
    /// The path is empty; nothing can be popped.
    #[error("the path is empty")]
    Underflow,
    /// The last index is already the highest free tile; it cannot be incremented.
    #[error("the last tile index cannot be incremented further")]
    IndexOverflow,
    /// An empty path has no index to increment.
    #[error("an empty path cannot be incremented")]
    CannotIncrementEmpty,
}
