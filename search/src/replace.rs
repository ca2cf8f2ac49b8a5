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
    file: File,
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
                file,
            });
        }
        let tmp = temporary_beside(&path)?;
        let file = File::create(&tmp)?;
        Ok(ReplaceFile {
            path,
            tmp: Some(tmp),
            file,
        })
    }

    /// Another handle on the file being written, for writers that take ownership (a writer
    /// thread); what it writes is committed with this one.
    pub fn writer(&self) -> io::Result<File> {
        self.file.try_clone()
    }

    /// Flushes the data to disk and puts the file in place of `path`.
    pub fn commit(mut self) -> io::Result<()> {
        self.file.flush()?;
        match self.tmp.take() {
            Some(tmp) => {
                let synced = self.file.sync_all();
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
        self.file.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
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

    #[cfg(unix)]
    #[test]
    fn a_device_is_written_directly() {
        let mut out = ReplaceFile::create("/dev/null").unwrap();
        out.write_all(b"gone").unwrap();
        out.commit().unwrap();
    }
}
