//! Replacing a file whole: a large output streamed to a temporary file beside the target and
//! renamed over it once complete, so a full disk, a crash or an error midway leaves the old
//! file (or none), never a half-written one in its place.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// A file being written in place of `path`: bytes go to a temporary file in the same
/// directory, and [`ReplaceFile::commit`] syncs it and renames it over `path`. Dropped without
/// a commit, the temporary file is removed and `path` is untouched.
///
/// The temporary file's data is flushed to the disk every 8 MiB written, through this handle
/// or a [`ReplaceFile::writer`], so the commit, which must wait until the whole file is on
/// the disk before the rename, waits for the last stretch only (a writer thread's flushes
/// then run while the work that feeds it goes on). An error from such a flush is an error of
/// the write: it may not be reported again by the commit's sync.
///
/// A `path` that exists and is not a regular file (`/dev/null`, a pipe, a terminal) cannot be
/// replaced by a rename; it is written directly.
///
/// ```
/// use std::io::Write;
/// let dir = std::env::temp_dir().join(format!("replace-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("out.txt");
/// std::fs::write(&path, "old").unwrap();
///
/// let mut out = puzzle_search::ReplaceFile::create(&path).unwrap();
/// out.write_all(b"new, in").unwrap();
/// assert_eq!(std::fs::read_to_string(&path).unwrap(), "old"); // not yet replaced
/// out.write_all(b" full").unwrap();
/// out.commit().unwrap();
/// assert_eq!(std::fs::read_to_string(&path).unwrap(), "new, in full");
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[derive(Debug)]
pub struct ReplaceFile {
    path: PathBuf,
    /// The temporary file, while not yet renamed; `None` when writing `path` directly.
    tmp: Option<PathBuf>,
    out: ReplaceWriter,
}

/// Bytes written through one handle between two flushes of a temporary file's data to the disk.
const SYNC_BYTES: usize = 8 << 20;

/// A handle that writes into a [`ReplaceFile`] (see [`ReplaceFile::writer`]), flushing a
/// temporary file's data to the disk every 8 MiB it writes.
#[derive(Debug)]
pub struct ReplaceWriter {
    file: File,
    /// Bytes written since this handle's last flush.
    unsynced: usize,
    /// False when writing a device or a pipe directly, which cannot be flushed that way.
    sync: bool,
}

impl ReplaceWriter {
    fn new(file: File, sync: bool) -> ReplaceWriter {
        ReplaceWriter {
            file,
            unsynced: 0,
            sync,
        }
    }
}

impl Write for ReplaceWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.file.write(buf)?;
        self.unsynced += n;
        if self.sync && self.unsynced >= SYNC_BYTES {
            self.file.sync_data()?;
            self.unsynced = 0;
        }
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

impl ReplaceFile {
    /// Starts writing a replacement for `path` (which need not exist yet).
    pub fn create(path: impl AsRef<Path>) -> io::Result<ReplaceFile> {
        let path = path.as_ref().to_path_buf();
        if std::fs::metadata(&path).is_ok_and(|m| !m.is_file()) {
            let file = std::fs::OpenOptions::new().write(true).open(&path)?;
            return Ok(ReplaceFile {
                path,
                tmp: None,
                out: ReplaceWriter::new(file, false),
            });
        }
        let tmp = temporary_beside(&path)?;
        let file = File::create(&tmp)?;
        Ok(ReplaceFile {
            path,
            tmp: Some(tmp),
            out: ReplaceWriter::new(file, true),
        })
    }

    /// Another handle on the file being written, for writers that take ownership (a writer
    /// thread); what it writes is committed with this one.
    pub fn writer(&self) -> io::Result<ReplaceWriter> {
        Ok(ReplaceWriter::new(
            self.out.file.try_clone()?,
            self.out.sync,
        ))
    }

    /// Flushes the data to disk and puts the file in place of `path`.
    pub fn commit(mut self) -> io::Result<()> {
        self.out.flush()?;
        match self.tmp.take() {
            Some(tmp) => {
                let synced = self.out.file.sync_all();
                let renamed = synced.and_then(|()| std::fs::rename(&tmp, &self.path));
                if renamed.is_err() {
                    let _ = std::fs::remove_file(&tmp);
                }
                renamed
            }
            None => Ok(()),
        }
    }
}

impl Write for ReplaceFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.out.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

impl Drop for ReplaceFile {
    fn drop(&mut self) {
        if let Some(tmp) = self.tmp.take() {
            let _ = std::fs::remove_file(tmp);
        }
    }
}

/// `DIR/.NAME.tmpPID` beside `path`: same directory, so the rename stays on one file system.
fn temporary_beside(path: &Path) -> io::Result<PathBuf> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(".tmp{}", std::process::id()));
    Ok(dir.join(tmp_name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("replace-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn an_uncommitted_replacement_leaves_the_old_file_and_no_temporary() {
        let d = dir("drop");
        let path = d.join("f");
        std::fs::write(&path, "old").unwrap();
        let mut out = ReplaceFile::create(&path).unwrap();
        out.write_all(b"half").unwrap();
        drop(out);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(std::fs::read_dir(&d).unwrap().count(), 1);
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_clone_writes_into_the_replacement() {
        let d = dir("clone");
        let path = d.join("f");
        let out = ReplaceFile::create(&path).unwrap();
        out.writer().unwrap().write_all(b"from a thread").unwrap();
        out.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "from a thread");
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_large_replacement_is_flushed_on_the_way_and_written_whole() {
        let d = dir("sync");
        let path = d.join("f");
        let out = ReplaceFile::create(&path).unwrap();
        let mut w = out.writer().unwrap();
        assert!(w.sync, "a temporary file is flushed on the way");
        // Two flushes and a remainder, in writes that straddle the flush points.
        let piece: Vec<u8> = (0..1_000_003u32).map(|i| (i % 251) as u8).collect();
        let mut expected = Vec::new();
        while expected.len() <= 2 * SYNC_BYTES {
            w.write_all(&piece).unwrap();
            expected.extend_from_slice(&piece);
        }
        assert!(w.unsynced < SYNC_BYTES);
        drop(w);
        out.commit().unwrap();
        assert!(std::fs::read(&path).unwrap() == expected);
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_written_directly() {
        let mut out = ReplaceFile::create("/dev/null").unwrap();
        // Never flushed on the way (`sync_data` would fail on a device).
        assert!(!out.out.sync && !out.writer().unwrap().sync);
        out.write_all(b"gone").unwrap();
        out.commit().unwrap();
    }
}
