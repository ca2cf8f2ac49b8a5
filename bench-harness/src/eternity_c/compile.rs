//! Builds C sources into executables at full speed, with the `cc` crate's compiler detection.
//!
//! The optimisation level is pinned at `-O3` whatever the cargo profile, debug information is
//! off, and the CPU target follows the same policy as the Rust side: the generic baseline of
//! the target triple bench-harness was built for, or `-march=native` when the Rust code is
//! built for the native CPU too ([`CpuTarget::Native`]). Executables land in a cache directory
//! keyed by a stable hash of the source, the compiler's command line and flags, and the
//! compiler's `--version` output, so a board is compiled once per compiler and an upgraded
//! compiler never reuses a binary built by the old one.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

use crate::error::{HarnessError, Result};

/// Which CPU the C code is compiled for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CpuTarget {
    /// The baseline of the target triple (what `cargo build --release` gives the Rust side).
    #[default]
    Generic,
    /// `-march=native`, to pair with Rust built with `-C target-cpu=native`.
    Native,
}

impl CpuTarget {
    /// The policy matching how this binary was compiled: `Native` when it was built with
    /// `RUSTFLAGS=-C target-cpu=native` (detected from its enabled target features), else
    /// `Generic`. Set `BENCH_HARNESS_CPU=native|generic` to override.
    pub fn from_env() -> CpuTarget {
        match std::env::var("BENCH_HARNESS_CPU").as_deref() {
            Ok("native") => CpuTarget::Native,
            Ok("generic") => CpuTarget::Generic,
            // AVX2 is not in the x86-64 baseline: its presence means a native (or v3) build.
            _ if cfg!(target_feature = "avx2") => CpuTarget::Native,
            _ => CpuTarget::Generic,
        }
    }
}

/// A C compiler set up for the reference engines.
#[derive(Clone, Debug)]
pub struct CCompiler {
    tool: cc::Tool,
    extra: Vec<String>,
    cache: PathBuf,
    /// The compiler's `--version` output, part of every cache key.
    version: String,
}

impl CCompiler {
    /// Finds the C compiler (`$CC` or the platform default, as `cc` does) for the target
    /// bench-harness was built for, at `-O3` without debug information.
    pub fn new(cpu: CpuTarget) -> Result<CCompiler> {
        let target = env!("BENCH_HARNESS_TARGET");
        let host = env!("BENCH_HARNESS_HOST");
        let mut build = cc::Build::new();
        build
            .opt_level(3)
            .debug(false)
            .target(target)
            .host(host)
            .cargo_metadata(false)
            .cargo_warnings(false)
            .warnings(false);
        let tool = build
            .try_get_compiler()
            .map_err(|e| HarnessError::NoCompiler {
                what: "none found".into(),
                source: Some(Box::new(e)),
            })?;
        // GCC's RTL loop-invariant pass is quadratic in the depth of the loop nest, and a
        // generated search nests as deep as it has depths per function. Since the search is
        // cut into short functions (genbody::SEGMENT) the flag saves little (official board:
        // 3.8 CPU-s without, 4.3 with, within noise), and it stays because the pass has
        // nothing to hoist out of the scan loops anyway.
        let mut extra = vec![
            "-std=gnu11".to_string(),
            "-fno-move-loop-invariants".to_string(),
        ];
        if cpu == CpuTarget::Native {
            extra.push("-march=native".into());
        }
        let cache = match std::env::var_os("BENCH_HARNESS_C_CACHE") {
            Some(dir) => PathBuf::from(dir),
            None => std::env::temp_dir().join("bench-harness-c"),
        };
        let version = version_of(&tool)?;
        Ok(CCompiler {
            tool,
            extra,
            cache,
            version,
        })
    }

    /// The compiler's `--version` output (GCC and Clang both print one; its first line names
    /// the compiler and its release).
    pub fn version(&self) -> &str {
        &self.version
    }

    /// The cache key of `source`: a stable 64-bit FNV-1a hash of the source, the command line
    /// ([`CCompiler::describe`]) and the compiler's version, each field followed by its
    /// length so no two different inputs run together.
    pub fn cache_key(&self, source: &str) -> String {
        let mut bytes = Vec::with_capacity(source.len() + self.version.len() + 256);
        for field in [
            "bench-harness c v2",
            source,
            &self.describe(),
            &self.version,
        ] {
            bytes.extend_from_slice(field.as_bytes());
            bytes.extend_from_slice(&(field.len() as u64).to_le_bytes());
        }
        format!("{:016x}", puzzle_search::fingerprint(&bytes))
    }

    /// The compiler command line without inputs and outputs, for reports.
    pub fn describe(&self) -> String {
        let mut s = self.tool.path().display().to_string();
        for a in self.tool.args() {
            s.push(' ');
            s.push_str(&a.to_string_lossy());
        }
        for a in &self.extra {
            s.push(' ');
            s.push_str(a);
        }
        s
    }

    /// Compiles `source` into an executable named `name` (cached), returning its path.
    pub fn compile(&self, name: &str, source: &str) -> Result<PathBuf> {
        let dir = self.cache.join(self.cache_key(source));
        let exe = dir.join(sanitize(name));
        // One compile at a time in this process: rows and tests that want the same engine
        // wait for the first build instead of repeating it, and builds do not compete with
        // each other for the cores.
        static COMPILING: Mutex<()> = Mutex::new(());
        let _one = COMPILING.lock().unwrap_or_else(|e| e.into_inner());
        if exe.is_file() {
            return Ok(exe);
        }
        std::fs::create_dir_all(&dir).map_err(|e| HarnessError::io(&dir, e))?;
        // Unique names per process and thread, then a rename: parallel builders never see
        // half-written files.
        let unique = format!("{}-{:?}", std::process::id(), std::thread::current().id())
            .replace(|c: char| !c.is_ascii_alphanumeric(), "");
        let src = dir.join(format!("{}.{unique}.c", sanitize(name)));
        let tmp = dir.join(format!("{}.{unique}.tmp", sanitize(name)));
        std::fs::write(&src, source).map_err(|e| HarnessError::io(&src, e))?;
        let mut cmd: Command = self.tool.to_command();
        cmd.args(&self.extra).arg("-o").arg(&tmp).arg(&src);
        let out = cmd.output().map_err(|e| HarnessError::NoCompiler {
            what: format!("cannot run {}", self.describe()),
            source: Some(Box::new(e)),
        })?;
        if !out.status.success() {
            let _ = std::fs::remove_file(&src);
            let _ = std::fs::remove_file(&tmp);
            return Err(HarnessError::Compile {
                name: name.to_string(),
                stderr: String::from_utf8_lossy(&out.stderr)
                    .chars()
                    .take(4000)
                    .collect(),
            });
        }
        // The source stays beside the executable, for reading and for rebuilding by hand.
        let kept = exe.with_extension("c");
        std::fs::rename(&src, &kept).map_err(|e| HarnessError::io(&kept, e))?;
        std::fs::rename(&tmp, &exe).map_err(|e| HarnessError::io(&exe, e))?;
        Ok(exe)
    }

    /// The cache directory.
    pub fn cache_dir(&self) -> &Path {
        &self.cache
    }
}

/// Runs `tool --version` (with the tool's own arguments, which may select the target).
fn version_of(tool: &cc::Tool) -> Result<String> {
    let out =
        tool.to_command()
            .arg("--version")
            .output()
            .map_err(|e| HarnessError::NoCompiler {
                what: format!("cannot run {} --version", tool.path().display()),
                source: Some(Box::new(e)),
            })?;
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    if !out.status.success() || text.trim().is_empty() {
        return Err(HarnessError::NoCompiler {
            what: format!(
                "{} --version failed ({}): {}",
                tool.path().display(),
                out.status,
                String::from_utf8_lossy(&out.stderr).trim()
            ),
            source: None,
        });
    }
    Ok(text)
}

fn sanitize(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_key_follows_the_compiler_version() {
        let Ok(cc) = CCompiler::new(CpuTarget::Generic) else {
            return; // No C compiler here: nothing to key.
        };
        assert!(!cc.version().trim().is_empty());
        let key = cc.cache_key("int main(void) { return 0; }");
        assert_eq!(key, cc.cache_key("int main(void) { return 0; }"));
        assert_ne!(key, cc.cache_key("int main(void) { return 1; }"));
        let upgraded = CCompiler {
            version: format!("{} (patched)", cc.version()),
            ..cc.clone()
        };
        assert_ne!(key, upgraded.cache_key("int main(void) { return 0; }"));
    }
}
