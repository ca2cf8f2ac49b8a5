//! The cache file format: a header (magic, format version, size, pattern length, blank goal
//! cell, pattern, entry count, checksum), then one byte an entry.

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use super::{PatternDb, placements};
use crate::error::PdbError;

const MAGIC: &[u8; 8] = b"SLIDEPDB";
/// Version 4: tables for the blank's goal cell only, which the header names (version 3
/// counted the pattern's goal placement with the blank in any free region as a goal, a weaker
/// table where the pattern walls the blank's goal cell off); the word-wise checksum of
/// version 3.
const VERSION: u32 = 4;

/// The file checksum: FNV-1a steps over little-endian 64-bit words in four interleaved
/// lanes, then the lanes and the tail bytes. Every step is a bijection of the lane, so a
/// change in any one word always changes the sum. (Format version 2 hashed byte by byte:
/// a second of CPU for the 577 MB of the 7-8 tables; this takes a few hundredths.)
pub(super) fn checksum(data: &[u8]) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    const BASIS: u64 = 0xcbf2_9ce4_8422_2325;
    let mut lanes = [BASIS, BASIS ^ 1, BASIS ^ 2, BASIS ^ 3];
    let words = data.chunks_exact(32);
    let tail = words.remainder();
    for block in words {
        for (lane, w) in lanes.iter_mut().zip(block.chunks_exact(8)) {
            let w = u64::from_le_bytes(w.try_into().expect("8 bytes"));
            *lane = (*lane ^ w).wrapping_mul(PRIME);
        }
    }
    let mut h = BASIS;
    for b in lanes
        .iter()
        .flat_map(|l| l.to_le_bytes())
        .chain(tail.iter().copied())
    {
        h = (h ^ b as u64).wrapping_mul(PRIME);
    }
    h
}

impl PatternDb {
    /// The file name this table is cached under.
    pub fn file_name(width: usize, height: usize, pattern: &[u8], blank_goal: usize) -> String {
        let cells: Vec<String> = pattern.iter().map(|p| p.to_string()).collect();
        format!(
            "pdb-v{VERSION}-{width}x{height}-b{blank_goal}-{}.bin",
            cells.join("-")
        )
    }

    /// Writes the table into `dir` (atomically: a temporary file, then a rename).
    pub fn save(&self, dir: &Path) -> Result<PathBuf, PdbError> {
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| PdbError::Io { path, source }
        };
        fs::create_dir_all(dir).map_err(io(dir))?;
        let path = dir.join(Self::file_name(
            self.width,
            self.height,
            &self.pattern,
            self.blank_goal as usize,
        ));
        // Unique per process and per save, so threads saving the same table at once (tests
        // loading one partition in parallel) never share a temporary file.
        static SAVES: AtomicU64 = AtomicU64::new(0);
        let n = SAVES.fetch_add(1, Ordering::Relaxed);
        let tmp = path.with_extension(format!("tmp{}-{n}", std::process::id()));
        let mut header = Vec::new();
        header.extend_from_slice(MAGIC);
        header.extend_from_slice(&VERSION.to_le_bytes());
        header.extend_from_slice(&[
            self.width as u8,
            self.height as u8,
            self.pattern.len() as u8,
            self.blank_goal,
        ]);
        header.extend_from_slice(&self.pattern);
        header.extend_from_slice(&(self.table.len() as u64).to_le_bytes());
        header.extend_from_slice(&checksum(&self.table).to_le_bytes());
        {
            // Closed at the end of this block, before the rename.
            let mut f = fs::File::create(&tmp).map_err(io(&tmp))?;
            f.write_all(&header).map_err(io(&tmp))?;
            f.write_all(&self.table).map_err(io(&tmp))?;
            f.sync_all().map_err(io(&tmp))?;
        }
        fs::rename(&tmp, &path).map_err(io(&path))?;
        Ok(path)
    }

    /// Reads a table saved by [`PatternDb::save`], checking size, pattern, blank goal cell
    /// and checksum.
    pub fn load(
        path: &Path,
        width: usize,
        height: usize,
        pattern: &[u8],
        blank_goal: usize,
    ) -> Result<PatternDb, PdbError> {
        let corrupt = |reason: &'static str| PdbError::Corrupt {
            path: path.to_path_buf(),
            reason,
        };
        let io = |source| PdbError::Io {
            path: path.to_path_buf(),
            source,
        };
        let mut f = fs::File::open(path).map_err(io)?;
        let k = pattern.len();
        // The header, then the table read straight into its own buffer (no copy).
        let mut head = vec![0u8; 8 + 4 + 4 + k + 8 + 8];
        let mut got = 0;
        while got < head.len() {
            match f.read(&mut head[got..]).map_err(io)? {
                0 => return Err(corrupt("not a pattern database file (too short)")),
                m => got += m,
            }
        }
        if &head[..8] != MAGIC {
            return Err(corrupt("not a pattern database file"));
        }
        if head[8..12] != VERSION.to_le_bytes() {
            return Err(corrupt("written by another format version"));
        }
        if head[12] as usize != width || head[13] as usize != height || head[14] as usize != k {
            return Err(corrupt("for another board size or pattern"));
        }
        if head[15] as usize != blank_goal {
            return Err(corrupt("for another blank goal cell"));
        }
        if &head[16..16 + k] != pattern {
            return Err(corrupt("for another pattern"));
        }
        let at = 16 + k;
        let entries = u64::from_le_bytes(head[at..at + 8].try_into().expect("8 bytes"));
        let sum = u64::from_le_bytes(head[at + 8..at + 16].try_into().expect("8 bytes"));
        if entries != placements(width * height, k) {
            return Err(corrupt("wrong number of entries"));
        }
        let mut table = Vec::with_capacity(entries as usize);
        f.take(entries + 1).read_to_end(&mut table).map_err(io)?;
        if table.len() as u64 != entries {
            return Err(corrupt("wrong length (truncated?)"));
        }
        if checksum(&table) != sum {
            return Err(corrupt("checksum mismatch"));
        }
        Ok(PatternDb {
            width,
            height,
            pattern: pattern.to_vec(),
            blank_goal: blank_goal as u8,
            table,
            build_time: Duration::ZERO,
        })
    }
}
