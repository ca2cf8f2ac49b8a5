//! Compiling generated programs with rustc, through a content-addressed cache.
//!
//! The cache key is a stable hash of the source, the full `rustc -vV` output (so a toolchain
//! change never reuses a stale binary) and the flags. A build happens in a private temporary
//! directory and is renamed into place in one step, so concurrent compilers of the same
//! program never see a half-written binary and a killed build leaves nothing that looks
//! finished. The second run of the same puzzle therefore starts at once.

use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::Duration;

use puzzle_search::Instant;

use crate::error::CompileError;
use crate::hash::Fnv128;

/// The flags every program is built with: full optimisation, one codegen unit (the cells call
/// each other in a chain that must be optimised as a whole), and abort on panic (no unwinding
/// tables in the hot functions).
pub const RUSTC_FLAGS: [&str; 6] = [
    "-C",
    "opt-level=3",
    "-C",
    "codegen-units=1",
    "-C",
    "panic=abort",
];

/// Compiles generated programs into a cache directory.
#[derive(Clone, Debug)]
pub struct Compiler {
    rustc: Option<OsString>,
    cache_dir: PathBuf,
    /// True when the cache directory was chosen by the caller (no fallback then).
    cache_chosen: bool,
    native_cpu: bool,
}

/// A compiled program.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The executable.
    pub binary: PathBuf,
    /// The source it was built from (kept beside the binary).
    pub source: PathBuf,
    /// True when the binary came from the cache.
    pub cached: bool,
    /// rustc's standard error (its warnings; empty for a clean build), kept in the cache so a
    /// cached build reports it too.
    pub warnings: String,
    /// Time spent in this call, including rustc when it ran.
    pub elapsed: Duration,
}

impl Default for Compiler {
    fn default() -> Self {
        Compiler::new()
    }
}

/// `rustc -vV` output per rustc path, so one process asks each rustc only once.
static VERSIONS: Mutex<Option<HashMap<PathBuf, String>>> = Mutex::new(None);

impl Compiler {
    /// A compiler that uses `$RUSTC` (or `rustc` on `PATH`) and the default cache directory:
    /// `$ETERNITY_CODEGEN_CACHE`, else `$XDG_CACHE_HOME/eternity-codegen`, else
    /// `$HOME/.cache/eternity-codegen`, else a folder in the system temporary directory.
    pub fn new() -> Compiler {
        Compiler {
            rustc: None,
            cache_dir: default_cache_dir(),
            cache_chosen: false,
            native_cpu: false,
        }
    }

    /// Uses this rustc instead of looking at `$RUSTC` and `PATH`.
    pub fn rustc(mut self, rustc: impl Into<OsString>) -> Compiler {
        self.rustc = Some(rustc.into());
        self
    }

    /// Uses this cache directory (created when needed).
    pub fn cache_dir(mut self, dir: impl Into<PathBuf>) -> Compiler {
        self.cache_dir = dir.into();
        self.cache_chosen = true;
        self
    }

    /// Builds for the CPU of this machine (`-C target-cpu=native`): sometimes faster, but the
    /// binary may not run on other machines.
    pub fn native_cpu(mut self, on: bool) -> Compiler {
        self.native_cpu = on;
        self
    }

    /// The cache directory in use.
    pub fn cache_path(&self) -> &Path {
        &self.cache_dir
    }

    /// Every flag passed to rustc besides the input and output paths.
    pub fn flags(&self) -> Vec<String> {
        let mut f: Vec<String> = ["--edition", "2021", "--crate-type", "bin"]
            .iter()
            .chain(RUSTC_FLAGS.iter())
            .map(|s| s.to_string())
            .collect();
        if self.native_cpu {
            f.push("-C".into());
            f.push("target-cpu=native".into());
        }
        f
    }

    /// Finds rustc: the explicit one, else `$RUSTC`, else `rustc` on `PATH`.
    pub fn find_rustc(&self) -> Result<PathBuf, CompileError> {
        resolve_rustc(
            self.rustc.clone(),
            std::env::var_os("RUSTC"),
            std::env::var_os("PATH"),
        )
    }

    /// `rustc -vV` of the rustc in use (asked once per process and rustc).
    pub fn rustc_version(&self) -> Result<String, CompileError> {
        let rustc = self.find_rustc()?;
        version_of(&rustc)
    }

    /// The cache key of `source` under this compiler: a stable hash of the source, the rustc
    /// version and the flags.
    pub fn cache_key(&self, source: &str) -> Result<String, CompileError> {
        let version = self.rustc_version()?;
        let mut h = Fnv128::new();
        h.field(b"eternity-codegen program v1")
            .field(source.as_bytes())
            .field(version.as_bytes());
        for f in self.flags() {
            h.field(f.as_bytes());
        }
        Ok(h.hex())
    }

    /// Compiles `source` (or finds it in the cache).
    ///
    /// The cache key covers the text of `source` only: a program that `include!`s other
    /// files must name their content in its own text (a hash in a comment will do), or a
    /// changed included file finds the old binary.
    ///
    /// When the default cache directory cannot be created (a read-only home, say), the
    /// system temporary directory is used instead; a directory set with
    /// [`Compiler::cache_dir`] is used as given.
    pub fn compile(&self, source: &str) -> Result<Compiled, CompileError> {
        if !self.cache_chosen && std::fs::create_dir_all(&self.cache_dir).is_err() {
            let fallback = self
                .clone()
                .cache_dir(std::env::temp_dir().join("eternity-codegen"));
            return fallback.compile_here(source);
        }
        self.compile_here(source)
    }

    fn compile_here(&self, source: &str) -> Result<Compiled, CompileError> {
        let started = Instant::now();
        let rustc = self.find_rustc()?;
        let key = self.cache_key(source)?;
        let entry = self.cache_dir.join(&key);
        let binary = entry.join(exe_name("solver"));
        let kept = entry.join("solver.rs");
        let warnings_file = entry.join("rustc-stderr.txt");
        let digest_file = entry.join("solver.fnv");
        if binary.is_file() && digest_of(&binary) == read_digest(&digest_file) {
            return Ok(Compiled {
                binary,
                source: kept,
                cached: true,
                warnings: std::fs::read_to_string(&warnings_file).unwrap_or_default(),
                elapsed: started.elapsed(),
            });
        }
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| CompileError::Io { path, source }
        };
        if entry.exists() {
            // A damaged entry (a truncated or altered binary, a missing digest): built again.
            std::fs::remove_dir_all(&entry).map_err(io(&entry))?;
        }
        std::fs::create_dir_all(&self.cache_dir).map_err(io(&self.cache_dir))?;
        let tmp = self.cache_dir.join(format!(
            "tmp-{key}-{}-{}",
            std::process::id(),
            started.elapsed().as_nanos() ^ unique()
        ));
        std::fs::create_dir_all(&tmp).map_err(io(&tmp))?;
        let src = tmp.join("solver.rs");
        std::fs::write(&src, source).map_err(io(&src))?;
        let out = tmp.join(exe_name("solver"));
        let result = Command::new(&rustc)
            .args(self.flags())
            .arg("--crate-name")
            .arg("eternity_solver_program")
            // The private build folder's name (process id, time) would otherwise be written
            // into the binary (panic locations, debug info), so two builds of one source
            // differed in bytes and even in size.
            .arg("--remap-path-prefix")
            .arg(format!("{}=.", tmp.display()))
            .arg("-o")
            .arg(&out)
            .arg(&src)
            .current_dir(&tmp)
            .output();
        let output = match result {
            Ok(o) => o,
            Err(e) => {
                let _ = std::fs::remove_dir_all(&tmp);
                return Err(CompileError::RustcMissing {
                    tried: rustc.display().to_string(),
                    reason: e.to_string(),
                });
            }
        };
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        if !output.status.success() || !out.is_file() {
            // Keep the source where the error message says, outside the temporary folder.
            let failed = self.cache_dir.join(format!("failed-{key}.rs"));
            let _ = std::fs::rename(&src, &failed);
            let _ = std::fs::remove_dir_all(&tmp);
            return Err(CompileError::Failed {
                status: output.status.to_string(),
                stderr,
                source_path: failed,
            });
        }
        let stderr_file = tmp.join("rustc-stderr.txt");
        std::fs::write(&stderr_file, &stderr).map_err(io(&stderr_file))?;
        // The binary's digest, checked on every later use of the entry.
        let digest = digest_of(&out).ok_or_else(|| CompileError::Io {
            path: out.clone(),
            source: std::io::Error::other("the built program cannot be read back"),
        })?;
        let digest_tmp = tmp.join("solver.fnv");
        std::fs::write(&digest_tmp, format!("{digest:016x}\n")).map_err(io(&digest_tmp))?;
        // Publish the finished folder in one step. If another process won the race, its
        // binary is just as good: use it and drop ours.
        if std::fs::rename(&tmp, &entry).is_err() {
            let _ = std::fs::remove_dir_all(&tmp);
            if !binary.is_file() {
                return Err(CompileError::Io {
                    path: entry,
                    source: std::io::Error::other("could not move the build into the cache"),
                });
            }
        }
        Ok(Compiled {
            binary,
            source: kept,
            cached: false,
            warnings: stderr,
            elapsed: started.elapsed(),
        })
    }
}

/// A 64-bit FNV-1a digest of the file at `path` (`None` when it cannot be read): what a cache
/// entry's `solver.fnv` holds, so a damaged binary is built again instead of run (a truncated
/// one died of a segmentation fault on every later run).
fn digest_of(path: &Path) -> Option<u64> {
    std::fs::read(path)
        .ok()
        .map(|bytes| puzzle_search::fingerprint(&bytes))
}

/// The digest recorded in a cache entry's `solver.fnv`, if it is there and well formed.
fn read_digest(path: &Path) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    u64::from_str_radix(text.trim(), 16).ok()
}

/// The rustc to use: `explicit`, else `env_rustc` (the value of `$RUSTC`, when set and not
/// empty), else `rustc` looked up in `path` (the value of `$PATH`). A name with a directory
/// part is used as a path; a bare name is looked up in `path`.
fn resolve_rustc(
    explicit: Option<OsString>,
    env_rustc: Option<OsString>,
    path: Option<OsString>,
) -> Result<PathBuf, CompileError> {
    let wanted = explicit.or(env_rustc.filter(|v| !v.is_empty()));
    let name = wanted.clone().unwrap_or_else(|| "rustc".into());
    let missing = |reason: &str| CompileError::RustcMissing {
        tried: name.to_string_lossy().into_owned(),
        reason: reason.to_string(),
    };
    let as_path = PathBuf::from(&name);
    if as_path.components().count() > 1 || as_path.is_absolute() {
        return if as_path.is_file() {
            Ok(as_path)
        } else {
            Err(missing("no such file"))
        };
    }
    let path = path.ok_or_else(|| missing("PATH is not set"))?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(&as_path))
        .find(|p| p.is_file())
        .ok_or_else(|| {
            missing(if wanted.is_some() {
                "not found on PATH"
            } else {
                "no rustc on PATH"
            })
        })
}

/// Compiles `source` with the default [`Compiler`].
pub fn compile(source: &str) -> Result<Compiled, CompileError> {
    Compiler::new().compile(source)
}

fn version_of(rustc: &Path) -> Result<String, CompileError> {
    let mut guard = VERSIONS.lock().unwrap_or_else(|e| e.into_inner());
    let map = guard.get_or_insert_with(HashMap::new);
    if let Some(v) = map.get(rustc) {
        return Ok(v.clone());
    }
    let missing = |reason: String| CompileError::RustcMissing {
        tried: rustc.display().to_string(),
        reason,
    };
    let out = Command::new(rustc)
        .arg("-vV")
        .output()
        .map_err(|e| missing(e.to_string()))?;
    if !out.status.success() {
        return Err(missing(format!("`-vV` exited with {}", out.status)));
    }
    let v = String::from_utf8_lossy(&out.stdout).into_owned();
    if !v.contains("release:") {
        return Err(missing("`-vV` did not print a rustc version".into()));
    }
    map.insert(rustc.to_path_buf(), v.clone());
    Ok(v)
}

fn unique() -> u128 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    N.fetch_add(1, Ordering::Relaxed) as u128
}

fn exe_name(stem: &str) -> String {
    format!("{stem}{}", std::env::consts::EXE_SUFFIX)
}

fn default_cache_dir() -> PathBuf {
    let var = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(d) = var("ETERNITY_CODEGEN_CACHE") {
        return d;
    }
    if let Some(d) = var("XDG_CACHE_HOME") {
        return d.join("eternity-codegen");
    }
    if let Some(d) = var("HOME") {
        return d.join(".cache").join("eternity-codegen");
    }
    std::env::temp_dir().join("eternity-codegen")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg_attr(
        target_os = "wasi",
        ignore = "runs rustc and the program it builds: WASI has no processes"
    )]
    fn bogus_rustc_env_is_rustc_missing() {
        let err = resolve_rustc(None, Some("/no/such/dir/rustc".into()), None).unwrap_err();
        assert!(
            matches!(&err, CompileError::RustcMissing { tried, .. } if tried == "/no/such/dir/rustc"),
            "{err}"
        );
        let err = resolve_rustc(
            None,
            Some("no-such-rustc-xyz".into()),
            Some("/nonexistent".into()),
        )
        .unwrap_err();
        assert!(matches!(err, CompileError::RustcMissing { .. }));
        let err = resolve_rustc(None, None, Some("/nonexistent".into())).unwrap_err();
        assert!(err.to_string().contains("no rustc on PATH"), "{err}");
    }

    #[test]
    #[cfg_attr(
        target_os = "wasi",
        ignore = "runs rustc and the program it builds: WASI has no processes"
    )]
    fn explicit_beats_env_and_empty_env_is_ignored() {
        let me = std::env::current_exe().unwrap();
        let found = resolve_rustc(Some(me.clone().into()), Some("/bogus".into()), None).unwrap();
        assert_eq!(found, me);
        let dir = me.parent().unwrap().as_os_str().to_os_string();
        let name = me.file_name().unwrap().to_os_string();
        assert_eq!(
            resolve_rustc(None, Some(name), Some(dir.clone())).unwrap(),
            me
        );
        let err = resolve_rustc(None, Some("".into()), Some(dir)).unwrap_err();
        assert!(err.to_string().contains("`rustc`"), "{err}");
    }

    #[test]
    fn flags_hold_the_required_options() {
        let f = Compiler::new().flags().join(" ");
        assert!(f.contains("-C opt-level=3 -C codegen-units=1 -C panic=abort"));
        assert!(!f.contains("target-cpu"));
        assert!(
            Compiler::new()
                .native_cpu(true)
                .flags()
                .join(" ")
                .contains("target-cpu=native")
        );
    }
}
