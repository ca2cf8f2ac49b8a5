//! The saved form of a search, shared by every solver: a small self-checking text envelope
//! around the crate's own state.
//!
//! A checkpoint names the crate's kind of search and the version of its body, the fingerprint
//! of the puzzle it belongs to, the counters, and the body's length and checksum. A truncated,
//! corrupted or foreign file, or one of another version, is refused with a typed error before
//! the crate reads the body, so a resumed run can never report a wrong total.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;

use crate::error::CheckpointError;
use crate::progress::Progress;
use crate::replace::ReplaceFile;

/// The first line of every checkpoint (its envelope's format version follows it).
const MAGIC: &str = "puzzle-search checkpoint";
/// The envelope's format version.
const FORMAT: u32 = 1;
/// The largest body accepted, so a corrupted length cannot make a reader take memory first.
pub const MAX_BODY: usize = 1 << 30;

/// A search's state, ready to save and resume (see the module docs).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Checkpoint {
    /// The kind of search, e.g. `eternity-solver/dfs`: one word without spaces.
    pub kind: String,
    /// The version of the body's format within that kind.
    pub version: u32,
    /// A hash of the puzzle (and whatever else must match) the state belongs to.
    pub fingerprint: u64,
    /// The counters when it was taken.
    pub progress: Progress,
    /// The crate's own state, as text.
    pub body: String,
}

impl Checkpoint {
    /// Checks that this checkpoint is of `kind` and `version` and belongs to `fingerprint`.
    ///
    /// # Errors
    /// [`CheckpointError::Kind`], [`CheckpointError::Version`] or
    /// [`CheckpointError::Fingerprint`] for the first that differs.
    pub fn expect(
        &self,
        kind: &str,
        version: u32,
        fingerprint: u64,
    ) -> Result<(), CheckpointError> {
        self.expect_kind(kind, version)?;
        if self.fingerprint != fingerprint {
            return Err(CheckpointError::Fingerprint {
                expected: fingerprint,
                found: self.fingerprint,
            });
        }
        Ok(())
    }

    /// Checks the kind and version only, for a reader that checks the fingerprint itself
    /// (against a puzzle it loads later, say).
    ///
    /// # Errors
    /// [`CheckpointError::Kind`] or [`CheckpointError::Version`] for the first that differs.
    pub fn expect_kind(&self, kind: &str, version: u32) -> Result<(), CheckpointError> {
        if self.kind != kind {
            return Err(CheckpointError::Kind {
                expected: kind.to_string(),
                found: self.kind.clone(),
            });
        }
        if self.version != version {
            return Err(CheckpointError::Version {
                kind: self.kind.clone(),
                expected: version,
                found: self.version,
            });
        }
        Ok(())
    }

    /// The checkpoint as text: a header of `key value` lines, a blank line, the body.
    pub fn to_text(&self) -> String {
        let mut s = String::with_capacity(self.body.len() + 256);
        let _ = writeln!(s, "{MAGIC} {FORMAT}");
        let _ = writeln!(s, "kind {}", self.kind);
        let _ = writeln!(s, "version {}", self.version);
        let _ = writeln!(s, "fingerprint {:016x}", self.fingerprint);
        let _ = writeln!(s, "nodes {}", self.progress.nodes);
        let _ = writeln!(s, "found {}", self.progress.found);
        let _ = writeln!(s, "body-bytes {}", self.body.len());
        let _ = writeln!(s, "checksum {:016x}", self.checksum());
        s.push('\n');
        s.push_str(&self.body);
        s
    }

    /// Reads a checkpoint written by [`Checkpoint::to_text`].
    ///
    /// # Errors
    /// [`CheckpointError::NotACheckpoint`] or [`CheckpointError::Format`] for a foreign or
    /// newer first line; [`CheckpointError::Truncated`] or [`CheckpointError::Field`] (with the
    /// line) for a missing or malformed header field; [`CheckpointError::BodyLength`] or
    /// [`CheckpointError::Checksum`] for a cut or changed file.
    pub fn from_text(text: &str) -> Result<Checkpoint, CheckpointError> {
        let mut rest = text;
        let mut line_no = 0;
        let mut next_line = |what: &'static str| -> Result<(usize, &str), CheckpointError> {
            line_no += 1;
            match rest.split_once('\n') {
                Some((line, after)) => {
                    rest = after;
                    Ok((line_no, line))
                }
                None => Err(CheckpointError::Truncated {
                    line: line_no,
                    what,
                }),
            }
        };
        let (_, first) = next_line("the first line")?;
        let format = first
            .strip_prefix(MAGIC)
            .and_then(|v| v.strip_prefix(' '))
            .ok_or(CheckpointError::NotACheckpoint)?;
        let format: u32 = format
            .parse()
            .map_err(|_| CheckpointError::NotACheckpoint)?;
        if format != FORMAT {
            return Err(CheckpointError::Format {
                found: format,
                supported: FORMAT,
            });
        }
        let mut field = |key: &'static str| -> Result<(usize, String), CheckpointError> {
            let (line, text) = next_line(key)?;
            match text.split_once(' ') {
                Some((k, v)) if k == key && !v.is_empty() => Ok((line, v.to_string())),
                _ => Err(CheckpointError::Field {
                    line,
                    key,
                    why: format!("expected `{key} VALUE`, found {text:?}"),
                }),
            }
        };
        fn parse<T: TryFrom<u64>>(
            (line, v): (usize, String),
            key: &'static str,
            radix16: bool,
        ) -> Result<T, CheckpointError> {
            let n = if radix16 {
                u64::from_str_radix(&v, 16).ok()
            } else {
                v.parse::<u64>().ok()
            };
            n.and_then(|n| T::try_from(n).ok())
                .ok_or_else(|| CheckpointError::Field {
                    line,
                    key,
                    why: format!("{v:?} is not a number in range"),
                })
        }
        let kind = field("kind")?.1;
        let version: u32 = parse(field("version")?, "version", false)?;
        let fingerprint: u64 = parse(field("fingerprint")?, "fingerprint", true)?;
        let nodes: u64 = parse(field("nodes")?, "nodes", false)?;
        let found: u64 = parse(field("found")?, "found", false)?;
        let (len_line, len_text) = field("body-bytes")?;
        let len: u64 = parse((len_line, len_text), "body-bytes", false)?;
        let len =
            usize::try_from(len)
                .ok()
                .filter(|&l| l <= MAX_BODY)
                .ok_or(CheckpointError::Field {
                    line: len_line,
                    key: "body-bytes",
                    why: format!("{len} is past the limit of {MAX_BODY} bytes"),
                })?;
        let checksum: u64 = parse(field("checksum")?, "checksum", true)?;
        let (blank_line, blank) = next_line("the blank line after the header")?;
        if !blank.is_empty() {
            return Err(CheckpointError::Field {
                line: blank_line,
                key: "(blank line)",
                why: format!("expected a blank line after the header, found {blank:?}"),
            });
        }
        if rest.len() != len {
            return Err(CheckpointError::BodyLength {
                expected: len,
                found: rest.len(),
            });
        }
        let cp = Checkpoint {
            kind,
            version,
            fingerprint,
            progress: Progress::new(nodes, found),
            body: rest.to_string(),
        };
        let actual = cp.checksum();
        if actual != checksum {
            return Err(CheckpointError::Checksum {
                expected: checksum,
                found: actual,
            });
        }
        Ok(cp)
    }

    /// Writes the checkpoint to `path` so that a reader sees the old file or the new one,
    /// never half of one: it writes a temporary file beside it, syncs it and renames it.
    ///
    /// # Errors
    /// [`CheckpointError::Io`] naming `path` when the file cannot be written or renamed into
    /// place (the old file, if any, stays).
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), CheckpointError> {
        write_atomically(path.as_ref(), self.to_text().as_bytes()).map_err(|source| {
            CheckpointError::Io {
                path: path.as_ref().to_path_buf(),
                source,
            }
        })
    }

    /// Reads a checkpoint from `path`.
    ///
    /// # Errors
    /// [`CheckpointError::Io`] naming `path` when it cannot be read (or is longer than
    /// [`MAX_TEXT_BYTES`](crate::MAX_TEXT_BYTES)), and every error of
    /// [`Checkpoint::from_text`].
    pub fn load(path: impl AsRef<Path>) -> Result<Checkpoint, CheckpointError> {
        let path = path.as_ref();
        // Bounded and fallibly reserved: a huge or endless file is an error, not an abort.
        let text = std::fs::File::open(path)
            .and_then(|f| crate::read_text_within(f, crate::MAX_TEXT_BYTES, None))
            .map_err(|source| CheckpointError::Io {
                path: path.to_path_buf(),
                source,
            })?;
        Checkpoint::from_text(&text)
    }

    /// FNV-1a over every field, so a changed counter is caught as well as a changed body.
    fn checksum(&self) -> u64 {
        let mut h = Fnv::default();
        h.write(self.kind.as_bytes());
        h.write(&[0]);
        h.write(&self.version.to_le_bytes());
        h.write(&self.fingerprint.to_le_bytes());
        h.write(&self.progress.nodes.to_le_bytes());
        h.write(&self.progress.found.to_le_bytes());
        h.write(self.body.as_bytes());
        h.0
    }
}

/// FNV-1a, 64 bits: no dependency, and enough to catch a damaged file (not an attacker).
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// A 64-bit FNV-1a hash of `bytes`, for crates that fingerprint their puzzles the same way.
pub fn fingerprint(bytes: &[u8]) -> u64 {
    let mut h = Fnv::default();
    h.write(bytes);
    h.0
}

/// Writes `bytes` to `path` through a temporary file in the same directory and a rename, so
/// the file at `path` is always either the old one or the whole new one: a [`ReplaceFile`]
/// written at once (a `path` that exists and is not a regular file is written directly).
///
/// # Errors
/// The I/O error of making the temporary file, writing, syncing or renaming it (the file at
/// `path` is then unchanged).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut out = ReplaceFile::create(path)?;
    out.write_all(bytes)?;
    out.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Checkpoint {
        Checkpoint {
            kind: "test/dfs".into(),
            version: 3,
            fingerprint: 0xdead_beef,
            progress: Progress::new(1234, 5),
            body: "choices 1 2 3\nfloor 0\n".into(),
        }
    }

    #[test]
    fn round_trips() {
        let cp = sample();
        assert_eq!(Checkpoint::from_text(&cp.to_text()).unwrap(), cp);
        let empty = Checkpoint {
            body: String::new(),
            ..sample()
        };
        assert_eq!(Checkpoint::from_text(&empty.to_text()).unwrap(), empty);
    }

    #[test]
    fn every_truncation_is_refused() {
        let text = sample().to_text();
        for cut in 0..text.len() {
            assert!(Checkpoint::from_text(&text[..cut]).is_err(), "cut at {cut}");
        }
    }

    #[test]
    fn a_changed_counter_is_caught() {
        let text = sample().to_text().replace("nodes 1234", "nodes 1235");
        assert!(matches!(
            Checkpoint::from_text(&text),
            Err(CheckpointError::Checksum { .. })
        ));
    }

    #[test]
    fn foreign_and_other_versions_are_refused() {
        assert!(matches!(
            Checkpoint::from_text("hello\n"),
            Err(CheckpointError::NotACheckpoint)
        ));
        let text = sample().to_text().replace("checkpoint 1", "checkpoint 9");
        assert!(matches!(
            Checkpoint::from_text(&text),
            Err(CheckpointError::Format { found: 9, .. })
        ));
        let cp = sample();
        assert!(cp.expect("test/dfs", 3, 0xdead_beef).is_ok());
        assert!(cp.expect_kind("test/dfs", 3).is_ok());
        assert!(cp.expect_kind("test/dfs", 2).is_err());
        assert!(matches!(
            cp.expect("other", 3, 0xdead_beef),
            Err(CheckpointError::Kind { .. })
        ));
        assert!(matches!(
            cp.expect("test/dfs", 4, 0xdead_beef),
            Err(CheckpointError::Version { .. })
        ));
        assert!(matches!(
            cp.expect("test/dfs", 3, 1),
            Err(CheckpointError::Fingerprint { .. })
        ));
    }

    #[test]
    #[cfg_attr(
        target_os = "wasi",
        ignore = "writes files in a temporary directory: WASI preview 1 has none"
    )]
    fn save_and_load_through_a_rename() {
        let dir = std::env::temp_dir().join(format!("puzzle-search-cp-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("state.txt");
        sample().save(&path).unwrap();
        assert_eq!(Checkpoint::load(&path).unwrap(), sample());
        let leftovers: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no temporary file is left behind");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
