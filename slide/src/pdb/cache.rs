//! The cache directory: where tables are saved after a build and found on later runs.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::{BuildProgress, Partition, PatternDatabases, PatternDb};
use crate::error::PdbError;

impl PatternDatabases {
    /// Environment variable naming the cache directory for pattern databases.
    pub const DIR_ENV: &str = "SLIDE_PDB_DIR";

    /// The cache directory: `$SLIDE_PDB_DIR` if set, else `$XDG_CACHE_HOME/slide-solver`, else
    /// `$HOME/.cache/slide-solver`, else `slide-solver` in the system temporary directory.
    pub fn default_dir() -> PathBuf {
        if let Some(d) = std::env::var_os(Self::DIR_ENV).filter(|d| !d.is_empty()) {
            return PathBuf::from(d);
        }
        if let Some(d) = std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()) {
            return PathBuf::from(d).join("slide-solver");
        }
        if let Some(d) = std::env::var_os("HOME").filter(|d| !d.is_empty()) {
            return PathBuf::from(d).join(".cache").join("slide-solver");
        }
        std::env::temp_dir().join("slide-solver")
    }

    /// Loads (or builds and caches) the tables of a partition for a board size and blank goal
    /// cell. `dir` defaults to [`PatternDatabases::default_dir`]; `progress` sees every build layer.
    pub fn load(
        partition: Partition,
        width: usize,
        height: usize,
        blank_goal: usize,
        dir: Option<&Path>,
        mut progress: impl FnMut(BuildProgress) -> bool,
    ) -> Result<PatternDatabases, PdbError> {
        let dir = dir.map(Path::to_path_buf).unwrap_or_else(Self::default_dir);
        let mut dbs = Vec::new();
        for p in partition.patterns(width, height, blank_goal)? {
            dbs.push(PatternDb::load_or_build(
                &dir,
                width,
                height,
                &p,
                blank_goal,
                &mut progress,
            )?);
        }
        Self::from_tables(partition.name(), width, height, blank_goal, dbs)
    }
}

/// The tables this process has loaded, by partition, size, blank goal and directory.
type Shared = Vec<((Partition, usize, usize, usize, PathBuf), PatternDatabases)>;

/// Every table set loaded through [`PatternDatabases::load_shared`] in this process.
static SHARED: Mutex<Shared> = Mutex::new(Vec::new());

impl PatternDatabases {
    /// [`PatternDatabases::load`], memoised for the process: the first call for a partition,
    /// size, blank goal and directory loads (or builds and saves) the tables, later calls
    /// share them (a clone shares the tables). Calls wait for each other, so two threads never
    /// build the same tables; two processes may, and then each writes a temporary file and
    /// renames it, so a reader sees a whole file either way.
    pub fn load_shared(
        partition: Partition,
        width: usize,
        height: usize,
        blank_goal: usize,
        dir: Option<&Path>,
        progress: impl FnMut(BuildProgress) -> bool,
    ) -> Result<PatternDatabases, PdbError> {
        let dir = dir.map(Path::to_path_buf).unwrap_or_else(Self::default_dir);
        let key = (partition, width, height, blank_goal, dir);
        // A panic elsewhere while holding the lock leaves the list whole: take it anyway.
        let mut shared = SHARED.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((_, dbs)) = shared.iter().find(|(k, _)| *k == key) {
            return Ok(dbs.clone());
        }
        let dbs = Self::load(partition, width, height, blank_goal, Some(&key.4), progress)?;
        shared.push((key, dbs.clone()));
        Ok(dbs)
    }
}

impl PatternDb {
    /// Loads the table from `dir`, or builds it (calling `progress`) and saves it there.
    /// A damaged or mismatched file is rebuilt and replaced.
    pub fn load_or_build(
        dir: &Path,
        width: usize,
        height: usize,
        pattern: &[u8],
        blank_goal: usize,
        progress: impl FnMut(BuildProgress) -> bool,
    ) -> Result<PatternDb, PdbError> {
        let path = dir.join(Self::file_name(width, height, pattern, blank_goal));
        if path.exists()
            && let Ok(db) = Self::load(&path, width, height, pattern, blank_goal)
        {
            return Ok(db);
        }
        // A folder that cannot be made fails now, not after a build of minutes.
        std::fs::create_dir_all(dir).map_err(|source| PdbError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
        let db = Self::build(width, height, pattern, blank_goal, progress)?;
        db.save(dir)?;
        Ok(db)
    }
}
