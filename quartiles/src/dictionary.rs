//! The word list: an `fst::Map` from lowercase word to tier, embedded or custom.
//!
//! Every word maps to a *tier*: for the embedded English list, the smallest SCOWL size (10 to
//! 80) that lists it; for custom and allowed words, [`CUSTOM_TIER`]. A [`Tiers`] policy says
//! which tiers count for words of 1-3 tiles and which for 4-tile words, so one list serves
//! both: common words for the short plays, rarer long words for the quartiles.

use std::fmt;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use fst::raw::{CompiledAddr, Fst, Output};
use fst::{IntoStreamer, Map, MapBuilder, Streamer};

use crate::error::DictionaryError;
use crate::index::Index;

/// The embedded English list (SCOWL sizes 10-80, American spelling; see `data/SCOWL-COPYRIGHT`).
static ENGLISH_FST: &[u8] = include_bytes!("../data/english.fst");

/// The tier of words from custom lists and allow lists: accepted by every policy.
pub const CUSTOM_TIER: u8 = 0;

/// Which tiers a word may come from, by the number of tiles it uses.
///
/// The default accepts 1-3 tile words from SCOWL size 60 and 4-tile words from size 80: on
/// the 65 public boards this finds all five quartiles on every board with about four words a
/// board beyond the official lists (see the crate README).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tiers {
    /// Highest tier accepted for words of 1, 2 or 3 tiles.
    pub short: u8,
    /// Highest tier accepted for 4-tile words (quartiles).
    pub quartile: u8,
}

impl Default for Tiers {
    fn default() -> Self {
        Tiers {
            short: 60,
            quartile: 80,
        }
    }
}

impl Tiers {
    /// Accept every word of the list whatever its tier.
    pub const ALL: Tiers = Tiers {
        short: u8::MAX,
        quartile: u8::MAX,
    };

    /// True if a word of `tier` counts when it is made of `tiles` tiles.
    #[inline]
    pub const fn accepts(self, tier: u8, tiles: usize) -> bool {
        if tiles >= 4 {
            tier <= self.quartile
        } else {
            tier <= self.short
        }
    }
}

/// The bytes behind a map: the embedded list, or a shared buffer for custom lists. Cloning a
/// dictionary never copies the list.
#[derive(Clone)]
pub(crate) enum Bytes {
    Static(&'static [u8]),
    Shared(Arc<[u8]>),
}

impl AsRef<[u8]> for Bytes {
    fn as_ref(&self) -> &[u8] {
        match self {
            Bytes::Static(b) => b,
            Bytes::Shared(b) => b,
        }
    }
}

/// A word list with tiers and the policy that applies them.
///
/// Cheap to clone (the list is shared, never copied). Loading the embedded list reads only
/// the map's header: no parsing, no allocation.
///
/// ```
/// use quartiles_solver::Dictionary;
///
/// let dict = Dictionary::english();
/// assert!(dict.accepts("truthfully", 4));
/// assert!(dict.has_prefix("truth"));
/// // extend a prefix tile by tile without restarting from the root
/// let c = dict.cursor().extend("tru").and_then(|c| c.extend("th")).unwrap();
/// assert!(c.tier().is_some()); // "truth" is a word
/// ```
#[derive(Clone)]
pub struct Dictionary {
    map: Map<Bytes>,
    tiers: Tiers,
    /// The solver's index, built from `map` on first use and shared by clones.
    index: Arc<OnceLock<Index>>,
}

impl fmt::Debug for Dictionary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Dictionary")
            .field("words", &self.len())
            .field("bytes", &self.map.as_fst().as_bytes().len())
            .field("tiers", &self.tiers)
            .finish()
    }
}

impl PartialEq for Dictionary {
    fn eq(&self, other: &Self) -> bool {
        let (a, b) = (self.map.as_fst().as_bytes(), other.map.as_fst().as_bytes());
        self.tiers == other.tiers && (std::ptr::eq(a, b) || a == b)
    }
}

impl Default for Dictionary {
    fn default() -> Self {
        Dictionary::english()
    }
}

/// The English list's search index, built from `data/english.fst` by `build.rs` when the
/// crate compiles, so loading the list costs nothing at run time.
/// The bytes are aligned to 4 so that the index reads them in place as `u32` words.
static ENGLISH_INDEX: &[u8] = {
    #[repr(C, align(4))]
    struct Aligned<T: ?Sized>(T);
    static ALIGNED: &Aligned<[u8]> =
        &Aligned(*include_bytes!(concat!(env!("OUT_DIR"), "/english.idx")));
    &ALIGNED.0
};

/// Lowercases a word and checks that it is made of ASCII letters only.
fn normalise(word: &str) -> Result<String, (usize, char)> {
    let mut out = String::with_capacity(word.len());
    for (i, c) in word.chars().enumerate() {
        if !c.is_ascii_alphabetic() {
            return Err((i + 1, c));
        }
        out.push(c.to_ascii_lowercase());
    }
    Ok(out)
}

fn build_map<'a>(entries: impl IntoIterator<Item = (&'a [u8], u64)>) -> Map<Bytes> {
    let mut builder = MapBuilder::memory();
    for (k, v) in entries {
        // Keys arrive sorted and unique (every caller guarantees it), so insert cannot fail.
        builder
            .insert(k, v)
            .expect("keys are inserted in sorted order without duplicates");
    }
    let bytes = builder.into_inner().expect("writing to memory cannot fail");
    Map::new(Bytes::Shared(bytes.into())).expect("a map just built is well formed")
}

impl Dictionary {
    /// The embedded English list (SCOWL, sizes 10-80) with the default [`Tiers`].
    ///
    /// Each call loads the list from its embedded bytes: it reads the map's header and wraps
    /// the search index embedded beside it (both are used in place, never copied), so the
    /// dictionary is ready to solve in well under a microsecond. Clones share the load.
    pub fn english() -> Dictionary {
        Dictionary {
            // The embedded bytes are checked by this crate's tests (`Fst::verify`).
            map: Map::new(Bytes::Static(ENGLISH_FST)).expect("the embedded list is a valid map"),
            tiers: Tiers::default(),
            index: Arc::new(OnceLock::from(Index::from_static(ENGLISH_INDEX))),
        }
    }

    /// A dictionary of exactly these words, all at [`CUSTOM_TIER`]. Words are lowercased;
    /// duplicates are fine; empty strings are skipped, and so are words longer than
    /// [`MAX_WORD_LEN`](crate::MAX_WORD_LEN) bytes (four tiles can never spell them, and a
    /// huge one would make the map's memory balloon).
    ///
    /// # Errors
    /// [`DictionaryError::NotALetterInWord`] if a word has a character other than an ASCII
    /// letter: its position in the iterator (from 1), the word, and the character's position.
    pub fn from_words<I, S>(words: I) -> Result<Dictionary, DictionaryError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut list = Vec::new();
        for (i, w) in words.into_iter().enumerate() {
            let w = w.as_ref();
            if w.is_empty() || w.len() > crate::MAX_WORD_LEN {
                continue;
            }
            let word = normalise(w).map_err(|(column, ch)| DictionaryError::NotALetterInWord {
                index: i + 1,
                word: puzzle_search::excerpt(w),
                column,
                ch,
            })?;
            list.push(word);
        }
        list.sort_unstable();
        list.dedup();
        Ok(Dictionary {
            map: build_map(list.iter().map(|w| (w.as_bytes(), u64::from(CUSTOM_TIER)))),
            tiers: Tiers::default(),
            index: Arc::default(),
        })
    }

    /// A dictionary from a word list: one word per line, surrounding whitespace ignored, blank
    /// lines, lines starting with `#` and words longer than
    /// [`MAX_WORD_LEN`](crate::MAX_WORD_LEN) bytes skipped (no board can play them).
    ///
    /// # Errors
    /// [`DictionaryError::NotALetter`] with the line and column of the first bad character.
    pub fn from_word_list(text: &str) -> Result<Dictionary, DictionaryError> {
        let mut list = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let word = line.trim();
            if word.is_empty() || word.starts_with('#') || word.len() > crate::MAX_WORD_LEN {
                continue;
            }
            let lead = line.len() - line.trim_start().len();
            let lead_chars = line[..lead].chars().count();
            let w = normalise(word).map_err(|(column, ch)| DictionaryError::NotALetter {
                line: i + 1,
                column: lead_chars + column,
                ch,
            })?;
            list.push(w);
        }
        list.sort_unstable();
        list.dedup();
        Ok(Dictionary {
            map: build_map(list.iter().map(|w| (w.as_bytes(), u64::from(CUSTOM_TIER)))),
            tiers: Tiers::default(),
            index: Arc::default(),
        })
    }

    /// A dictionary from a word list file (see [`from_word_list`](Self::from_word_list)).
    ///
    /// # Errors
    /// [`DictionaryError::Io`] if the file cannot be read; [`DictionaryError::InFile`] with
    /// the file and, as its source, the error of [`from_word_list`](Self::from_word_list).
    pub fn from_word_list_file(path: impl AsRef<Path>) -> Result<Dictionary, DictionaryError> {
        let path = path.as_ref();
        // Bounded and fallibly reserved: a huge or endless input is an error, not an abort.
        let text = std::fs::File::open(path)
            .and_then(|f| puzzle_search::read_text_within(f, puzzle_search::MAX_TEXT_BYTES, None))
            .map_err(|source| DictionaryError::Io {
                path: path.to_path_buf(),
                source,
            })?;
        Self::from_word_list(&text).map_err(|e| DictionaryError::InFile {
            path: path.to_path_buf(),
            source: Box::new(e),
        })
    }

    /// A dictionary from the bytes of an `fst::Map` of lowercase words to tiers (as written by
    /// this crate's builder). The bytes are checked in full: checksum, keys and tiers.
    ///
    /// # Errors
    /// [`DictionaryError::Fst`] if the bytes are not a valid map, [`DictionaryError::BadKey`]
    /// or [`DictionaryError::BadTier`] if an entry is not a lowercase word with a tier below 256.
    pub fn from_fst_bytes(bytes: Vec<u8>) -> Result<Dictionary, DictionaryError> {
        let fst = Fst::new(Bytes::Shared(bytes.into()))
            .map_err(|source| DictionaryError::Fst { source })?;
        fst.verify()
            .map_err(|source| DictionaryError::Fst { source })?;
        let map = Map::from(fst);
        let mut stream = map.stream();
        let mut index = 0;
        while let Some((k, v)) = stream.next() {
            index += 1;
            if k.is_empty() || !k.iter().all(u8::is_ascii_lowercase) {
                return Err(DictionaryError::BadKey {
                    index,
                    key: String::from_utf8_lossy(k).into_owned(),
                });
            }
            if v > u64::from(u8::MAX) {
                return Err(DictionaryError::BadTier { index, tier: v });
            }
        }
        drop(stream);
        Ok(Dictionary {
            map,
            tiers: Tiers::default(),
            index: Arc::default(),
        })
    }

    /// The same list with another tier policy.
    #[must_use]
    pub fn with_tiers(mut self, tiers: Tiers) -> Dictionary {
        self.tiers = tiers;
        self
    }

    /// The tier policy.
    pub fn tiers(&self) -> Tiers {
        self.tiers
    }

    /// This list plus `allowed` (at [`CUSTOM_TIER`], accepted for any tile count) minus
    /// `denied`. Rebuilds the map once (tens of milliseconds for the English list), so the
    /// solver still walks a single map.
    ///
    /// # Errors
    /// [`DictionaryError::NotALetterInWord`] if a word of either list is not ASCII letters
    /// (`index` is its position in the allow list, or in the deny list).
    pub fn with_overrides<A, D, S, T>(
        &self,
        allowed: A,
        denied: D,
    ) -> Result<Dictionary, DictionaryError>
    where
        A: IntoIterator<Item = S>,
        D: IntoIterator<Item = T>,
        S: AsRef<str>,
        T: AsRef<str>,
    {
        let allowed = Dictionary::from_words(allowed)?;
        let denied = Dictionary::from_words(denied)?;
        let mut builder = MapBuilder::memory();
        let mut union = self.map.op().add(&allowed.map).union();
        while let Some((k, values)) = union.next() {
            if denied.map.contains_key(k) {
                continue;
            }
            let tier = values.iter().map(|v| v.value).min().unwrap_or(0);
            builder
                .insert(k, tier)
                .expect("a union stream is sorted and unique");
        }
        let bytes = builder.into_inner().expect("writing to memory cannot fail");
        Ok(Dictionary {
            map: Map::new(Bytes::Shared(bytes.into())).expect("a map just built is well formed"),
            tiers: self.tiers,
            index: Arc::default(),
        })
    }

    /// This list plus these words (see [`with_overrides`](Self::with_overrides)).
    ///
    /// # Errors
    /// As [`with_overrides`](Self::with_overrides).
    pub fn with_allowed<A, S>(&self, allowed: A) -> Result<Dictionary, DictionaryError>
    where
        A: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.with_overrides(allowed, std::iter::empty::<&str>())
    }

    /// This list minus these words (see [`with_overrides`](Self::with_overrides)).
    ///
    /// # Errors
    /// As [`with_overrides`](Self::with_overrides).
    pub fn with_denied<D, T>(&self, denied: D) -> Result<Dictionary, DictionaryError>
    where
        D: IntoIterator<Item = T>,
        T: AsRef<str>,
    {
        self.with_overrides(std::iter::empty::<&str>(), denied)
    }

    /// Number of words in the list (of every tier).
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// True if the list has no words.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// The word's tier, if the list holds it (whatever the policy).
    pub fn tier(&self, word: &str) -> Option<u8> {
        self.map.get(word).map(|v| v as u8)
    }

    /// True if the word counts when made of `tiles` tiles under this dictionary's policy.
    pub fn accepts(&self, word: &str, tiles: usize) -> bool {
        self.tier(word)
            .is_some_and(|t| self.tiers.accepts(t, tiles))
    }

    /// True if the word counts for some number of tiles (1-3 or 4).
    pub fn contains(&self, word: &str) -> bool {
        self.tier(word)
            .is_some_and(|t| t <= self.tiers.short.max(self.tiers.quartile))
    }

    /// True if some word of the list (of any tier) starts with `prefix` (or equals it).
    pub fn has_prefix(&self, prefix: &str) -> bool {
        self.cursor().extend(prefix).is_some()
    }

    /// Every word of the list that starts with `prefix`, in order, with its tier.
    pub fn words_with_prefix(&self, prefix: &str) -> Vec<(String, u8)> {
        let automaton = fst::automaton::Str::new(prefix);
        let automaton = fst::Automaton::starts_with(automaton);
        let mut stream = self.map.search(automaton).into_stream();
        let mut out = Vec::new();
        while let Some((k, v)) = stream.next() {
            out.push((String::from_utf8_lossy(k).into_owned(), v as u8));
        }
        out
    }

    /// A cursor at the empty prefix, to extend tile by tile.
    pub fn cursor(&self) -> Cursor<'_> {
        Cursor {
            fst: self.map.as_fst(),
            addr: self.map.as_fst().root().addr(),
            out: 0,
        }
    }

    /// Every word of the list with its tier, in order.
    pub fn words(&self) -> Vec<(String, u8)> {
        self.words_with_prefix("")
    }

    /// The raw map.
    #[cfg(test)]
    pub(crate) fn fst(&self) -> &Fst<Bytes> {
        self.map.as_fst()
    }

    /// Builds the solver's search index now rather than on the first solve.
    ///
    /// The solver walks a flat copy of the map's automaton rather than the map itself (a
    /// letter step there is a bit test and a load, against tens of nanoseconds to decode an
    /// fst node). The embedded English list comes with its copy, made when the crate
    /// compiles; a custom list builds its copy on first use (tens of milliseconds for a list
    /// the size of the English one, once per dictionary, shared by its clones). Call this at start-up, or on a background thread,
    /// to keep that cost out of the first solve.
    pub fn prepare(&self) {
        self.index();
    }

    /// True once the search index exists (see [`prepare`](Self::prepare)).
    pub fn is_prepared(&self) -> bool {
        self.index.get().is_some()
    }

    /// The search index, built on first use.
    pub(crate) fn index(&self) -> &Index {
        self.index.get_or_init(|| Index::build(self.map.as_fst()))
    }
}

/// A position in the dictionary after some prefix: extend it by a tile's letters without
/// walking from the root again.
#[derive(Clone, Copy)]
pub struct Cursor<'d> {
    fst: &'d Fst<Bytes>,
    addr: CompiledAddr,
    out: u64,
}

impl fmt::Debug for Cursor<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Cursor")
            .field("node", &self.addr)
            .field("tier", &self.tier())
            .finish()
    }
}

impl<'d> Cursor<'d> {
    /// The cursor after `letters` more, or `None` if no word starts with the longer prefix.
    #[must_use]
    pub fn extend(self, letters: &str) -> Option<Cursor<'d>> {
        let (addr, out) = walk(self.fst, self.addr, self.out, letters.as_bytes())?;
        Some(Cursor { addr, out, ..self })
    }

    /// The tier of the prefix itself, if it is a word of the list.
    pub fn tier(&self) -> Option<u8> {
        let node = self.fst.node(self.addr);
        node.is_final()
            .then(|| (self.out + node.final_output().value()) as u8)
    }

    /// True if some longer word continues this prefix.
    pub fn can_extend(&self) -> bool {
        !self.fst.node(self.addr).is_empty()
    }
}

/// Follows `bytes` from the node at `addr` (with output `out` so far); the node reached and
/// its output, or `None` where the map has no such prefix.
#[inline]
pub(crate) fn walk(
    fst: &Fst<Bytes>,
    mut addr: CompiledAddr,
    mut out: u64,
    bytes: &[u8],
) -> Option<(CompiledAddr, u64)> {
    for &b in bytes {
        let node = fst.node(addr);
        let i = node.find_input(b)?;
        let t = node.transition(i);
        out = Output::new(out).cat(t.out).value();
        addr = t.addr;
    }
    Some((addr, out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_list_is_valid_and_tiered() {
        let d = Dictionary::english();
        d.fst().verify().unwrap();
        assert!(d.len() > 200_000);
        assert_eq!(d.tier("the"), Some(10));
        assert!(d.accepts("razzmatazz", 4));
        assert!(d.accepts("cross", 2));
        assert!(!d.contains("xqzv"));
        // folded accents
        assert!(d.accepts("boutonniere", 4));
    }

    #[test]
    fn search_index_agrees_with_the_map_on_every_word() {
        let d = Dictionary::english();
        let ix = d.index();
        let mut n = 0;
        for (w, tier) in d.words() {
            let state = ix.walk(0, w.as_bytes()).expect("every word is a path");
            assert_eq!(ix.fin(state), u32::from(tier), "{w}");
            n += 1;
        }
        assert_eq!(n, d.len());
        // the index embedded by build.rs is the one built at run time
        assert!(Index::build(d.fst()).to_le_bytes() == ENGLISH_INDEX);
        // read in place, not copied
        assert!(cfg!(target_endian = "big") || ix.is_borrowed());
        // a prefix that is not a word, and a non-prefix
        assert_eq!(
            ix.fin(ix.walk(0, b"crosswo").unwrap()),
            crate::index::NOT_FINAL
        );
        assert!(ix.walk(0, b"qzxv").is_none());
    }

    #[test]
    fn tiers_split_short_and_quartile_words() {
        let d = Dictionary::english();
        let rallycross = d.tier("rallycross").unwrap();
        assert!(rallycross > 60);
        assert!(d.accepts("rallycross", 4));
        assert!(!d.accepts("rallycross", 3));
        let strict = d.clone().with_tiers(Tiers {
            short: 60,
            quartile: 60,
        });
        assert!(!strict.accepts("rallycross", 4));
        assert!(d.clone().with_tiers(Tiers::ALL).accepts("rallycross", 1));
    }

    #[test]
    fn cursor_extends_like_a_root_walk() {
        let d = Dictionary::english();
        let c = d.cursor().extend("cro").unwrap();
        let c = c.extend("ss").unwrap();
        assert_eq!(c.tier(), d.tier("cross"));
        assert!(c.can_extend());
        assert!(
            c.extend("wo")
                .unwrap()
                .extend("rds")
                .unwrap()
                .tier()
                .is_some()
        );
        assert!(d.cursor().extend("zzzq").is_none());
        assert!(d.cursor().tier().is_none());
    }

    #[test]
    fn custom_lists_and_overrides() {
        let d = Dictionary::from_word_list("# comment\n  Alpha\n\nbeta\nalpha\n").unwrap();
        assert_eq!(d.len(), 2);
        assert_eq!(d.tier("alpha"), Some(CUSTOM_TIER));
        let err = Dictionary::from_word_list("ok\n  b4d\n").unwrap_err();
        assert!(matches!(
            err,
            DictionaryError::NotALetter {
                line: 2,
                column: 4,
                ch: '4'
            }
        ));
        assert_eq!(err.to_string(), "line 2, column 4: `4` is not a letter a-z");
        let e = Dictionary::english()
            .with_overrides(["quartilez"], ["cross"])
            .unwrap();
        assert!(e.accepts("quartilez", 1));
        assert!(!e.contains("cross"));
        assert!(e.has_prefix("cross")); // crosswords is still there
        assert_eq!(e.len(), Dictionary::english().len());
    }

    #[test]
    #[cfg_attr(
        target_os = "wasi",
        ignore = "writes files in a temporary directory: WASI preview 1 has none"
    )]
    fn word_list_files_name_the_file_and_the_place() {
        let dir = std::env::temp_dir().join(format!("quartiles-words-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("words.txt");
        std::fs::write(&file, "alpha\nbe7a\n").unwrap();
        let err = Dictionary::from_word_list_file(&file).unwrap_err();
        assert!(matches!(err, DictionaryError::InFile { .. }));
        assert!(err.to_string().contains("words.txt"));
        let inner = std::error::Error::source(&err).unwrap().to_string();
        assert_eq!(inner, "line 2, column 3: `7` is not a letter a-z");
        std::fs::write(&file, "alpha\nbeta\n").unwrap();
        assert_eq!(Dictionary::from_word_list_file(&file).unwrap().len(), 2);
        std::fs::remove_dir_all(&dir).unwrap();
        let missing = Dictionary::from_word_list_file(dir.join("none.txt")).unwrap_err();
        assert!(matches!(missing, DictionaryError::Io { .. }));
        assert!(std::error::Error::source(&missing).is_some());
    }

    #[test]
    fn fst_bytes_are_checked() {
        let err = Dictionary::from_fst_bytes(vec![1, 2, 3]).unwrap_err();
        assert!(matches!(err, DictionaryError::Fst { .. }));
        // the fst reader's own error is the source
        assert!(std::error::Error::source(&err).is_some());
        let bytes = Dictionary::from_words(["ab", "cd"])
            .unwrap()
            .fst()
            .as_bytes()
            .to_vec();
        let d = Dictionary::from_fst_bytes(bytes).unwrap();
        assert_eq!(d.words(), vec![("ab".into(), 0), ("cd".into(), 0)]);
        let bad = fst::Map::from_iter([("AB", 1u64)])
            .unwrap()
            .into_fst()
            .into_inner();
        assert!(matches!(
            Dictionary::from_fst_bytes(bad),
            Err(DictionaryError::BadKey { .. })
        ));
    }

    #[test]
    fn prefix_listing() {
        let d = Dictionary::from_words(["tab", "table", "tablet", "tac"]).unwrap();
        let w: Vec<_> = d
            .words_with_prefix("tabl")
            .into_iter()
            .map(|x| x.0)
            .collect();
        assert_eq!(w, ["table", "tablet"]);
    }
}
