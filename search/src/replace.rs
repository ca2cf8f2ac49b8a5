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
/// replaced by a rename; it is written directly. A symbolic link is written through: the file
/// it points to is replaced (with its permissions kept) and the link stays, as a shell's
/// `> link` would; a link into `/proc` or `/dev` (`/dev/stdout`) or one that points nowhere
/// is opened and written directly. A replaced regular file keeps its permissions.
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
    ///
    /// # Errors
    /// The I/O error of opening `path` (written directly: a device, a pipe) or of making the
    /// temporary file beside it.
    pub fn create(path: impl AsRef<Path>) -> io::Result<ReplaceFile> {
        let given = path.as_ref().to_path_buf();
        let path = match where_to_replace(&given) {
            Some(target) => target,
            None => {
                // Written directly, through any link: a device, a pipe, a process's file.
                let file = std::fs::OpenOptions::new()
                    .write(true)
                    .create(true)
                    .truncate(true)
                    .open(&given)?;
                let sync = file.metadata().is_ok_and(|m| m.is_file());
                return Ok(ReplaceFile {
                    path: given,
                    tmp: None,
                    out: ReplaceWriter::new(file, sync),
                });
            }
        };
        let tmp = temporary_beside(&path)?;
        let file = File::create(&tmp)?;
        if let Ok(old) = std::fs::metadata(&path) {
            // The replacement keeps the permissions of the file it replaces.
            file.set_permissions(old.permissions())?;
        }
        Ok(ReplaceFile {
            path,
            tmp: Some(tmp),
            out: ReplaceWriter::new(file, true),
        })
    }

    /// Another handle on the file being written, for writers that take ownership (a writer
    /// thread); what it writes is committed with this one.
    ///
    /// # Errors
    /// The I/O error of duplicating the file handle.
    pub fn writer(&self) -> io::Result<ReplaceWriter> {
        Ok(ReplaceWriter::new(
            self.out.file.try_clone()?,
            self.out.sync,
        ))
    }

    /// Flushes the data to disk and puts the file in place of `path`.
    ///
    /// # Errors
    /// The I/O error of flushing, syncing or renaming; the temporary file is removed and the
    /// file at the path is unchanged.
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

/// The regular file to replace for an output named `path`: `path` itself, or for a symbolic
/// link the file it points to; `None` when the output must be written directly instead (it
/// exists and is not a regular file, or it is a link that points nowhere or into `/proc` or
/// `/dev`, such as `/dev/stdout`).
fn where_to_replace(path: &Path) -> Option<PathBuf> {
    let meta = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        // Nothing there yet: a new regular file.
        Err(_) => return Some(path.to_path_buf()),
    };
    if meta.file_type().is_symlink() {
        let target = std::fs::canonicalize(path).ok()?;
        let special = target.starts_with("/proc") || target.starts_with("/dev");
        let regular = std::fs::metadata(&target).is_ok_and(|m| m.is_file());
        return (regular && !special).then_some(target);
    }
    // A kernel file (`/proc/...`, `/dev/...`) cannot have a temporary file beside it: written
    // directly, it fails with the kernel's own reason.
    let special = path.starts_with("/proc") || path.starts_with("/dev");
    (meta.is_file() && !special).then(|| path.to_path_buf())
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
    #[cfg_attr(
        target_os = "wasi",
        ignore = "writes files in a temporary directory: WASI preview 1 has none"
    )]
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
    #[cfg_attr(
        target_os = "wasi",
        ignore = "writes files in a temporary directory: WASI preview 1 has none"
    )]
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
    #[cfg_attr(
        target_os = "wasi",
        ignore = "writes files in a temporary directory: WASI preview 1 has none"
    )]
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
    fn a_symbolic_link_is_written_through_and_stays_a_link() {
        let d = dir("link");
        let real = d.join("real");
        let link = d.join("lnk");
        std::fs::write(&real, "old").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_all(&link, b"new");
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
        // A link that points nowhere yet: the file is created where it points.
        let dangling = d.join("dangling");
        std::os::unix::fs::symlink(d.join("later"), &dangling).unwrap();
        write_all(&dangling, b"made");
        assert_eq!(std::fs::read_to_string(d.join("later")).unwrap(), "made");
        assert!(
            std::fs::symlink_metadata(&dangling)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let d = dir("mode");
        let path = d.join("f");
        std::fs::write(&path, "old").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_all(&path, b"new");
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[cfg(unix)]
    fn write_all(path: &Path, bytes: &[u8]) {
        let mut out = ReplaceFile::create(path).unwrap();
        out.write_all(bytes).unwrap();
        out.commit().unwrap();
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
