//! Batches of generated puzzles, written through the writer thread: one puzzle a line, its
//! grade after a space (`<81 characters> <grade>`), in index order for any number of threads.

use std::io::Write;
use std::path::Path;

use super::{Pipe, Pool, commit, create, pool};
use crate::error::FileError;
use crate::puzzle_gen::{Generated, Generator};
use crate::rating::{GRADES, Grade};

/// Puzzles made per batch (one batch is spread over the threads, then written in order).
const PUZZLE_BATCH: u64 = 256;

/// What a batch run made.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct GenerateReport {
    /// Puzzles written.
    pub puzzles: u64,
    /// Puzzles per grade, in [`GRADES`] order.
    pub per_grade: [u64; 5],
    /// Attempts made in all (at least one per puzzle).
    pub attempts: u64,
}

impl GenerateReport {
    /// Puzzles written of grade `g`.
    pub fn of_grade(&self, g: Grade) -> u64 {
        GRADES
            .iter()
            .position(|&x| x == g)
            .map_or(0, |i| self.per_grade[i])
    }
}

/// Writes puzzles `0..count` of `generator` to `out`, made on `threads` threads (the bytes do
/// not depend on the number), calling `progress(done, count)` after each batch.
pub fn write_puzzles<W: Write + Send + 'static>(
    out: W,
    generator: &Generator,
    count: u64,
    threads: usize,
    mut progress: impl FnMut(u64, u64),
) -> Result<GenerateReport, FileError> {
    let pool = pool(threads)?;
    let pipe = Pipe::new(out);
    let mut report = GenerateReport::default();
    let mut stopped = false;
    let mut start = 0;
    while start < count {
        let end = count.min(start + PUZZLE_BATCH);
        let batch = make(generator, start..end, &pool);
        let mut buf = pipe.buffer();
        for p in &batch {
            p.puzzle.write_line(&mut buf, b'.');
            buf.pop();
            buf.push(b' ');
            buf.extend_from_slice(p.rating.grade.name().as_bytes());
            buf.push(b'\n');
            report.puzzles += 1;
            report.attempts += u64::from(p.attempts);
            if let Some(i) = GRADES.iter().position(|&g| g == p.rating.grade) {
                report.per_grade[i] += 1;
            }
        }
        if !pipe.send(buf) {
            stopped = true;
            break;
        }
        start = end;
        progress(start, count);
    }
    match pipe.finish() {
        Err(source) => Err(FileError::Write(source)),
        Ok(()) if stopped => Err(FileError::Write(std::io::Error::other(
            "the writer stopped early",
        ))),
        Ok(()) => Ok(report),
    }
}

/// Writes puzzles `0..count` of `generator` to the file `path` (see [`write_puzzles`]).
///
/// ```
/// use sudoku_engine::puzzle_gen::Generator;
///
/// let path = std::env::temp_dir().join("sudoku-engine-doc-puzzles.txt");
/// let report = sudoku_engine::io::generate_puzzles_to(&path, &Generator::new(1), 20, 2)?;
/// assert_eq!(report.puzzles, 20);
/// assert_eq!(std::fs::read_to_string(&path)?.lines().count(), 20);
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn generate_puzzles_to(
    path: impl AsRef<Path>,
    generator: &Generator,
    count: u64,
    threads: usize,
) -> Result<GenerateReport, FileError> {
    let path = path.as_ref();
    // Written beside the target and renamed into place once complete, so a failed or
    // interrupted run never leaves a half-written file where a good one was.
    let (out, file) = create(path)?;
    let report =
        write_puzzles(file, generator, count, threads, |_, _| {}).map_err(|e| match e {
            FileError::Write(source) => FileError::Io {
                path: path.to_path_buf(),
                source,
            },
            other => other,
        })?;
    commit(out, path)?;
    Ok(report)
}

/// Generates puzzles `range` of `generator` on `pool` (the io module's: one built per file),
/// in index order.
fn make(generator: &Generator, range: std::ops::Range<u64>, pool: &Pool) -> Vec<Generated> {
    #[cfg(feature = "parallel")]
    if let Some(pool) = pool {
        use rayon::prelude::*;

        return pool.install(|| {
            range
                .into_par_iter()
                .map_init(crate::Solver::new, |s, i| generator.puzzle_with(i, s))
                .collect()
        });
    }
    #[cfg(not(feature = "parallel"))]
    let _ = pool;
    serially(generator, range)
}

fn serially(generator: &Generator, range: std::ops::Range<u64>) -> Vec<Generated> {
    let mut solver = crate::Solver::new();
    range
        .map(|i| generator.puzzle_with(i, &mut solver))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::tests::Sink;

    #[test]
    #[cfg_attr(target_os = "wasi", ignore = "starts threads: wasm32-wasip1 has none")]
    fn batches_are_the_same_for_any_thread_count() {
        let g = Generator::new(9);
        let mut outs = Vec::new();
        for threads in [1, 2, 3] {
            let sink = Sink::default();
            let mut calls = 0;
            let r = write_puzzles(sink.clone(), &g, 300, threads, |_, _| calls += 1).unwrap();
            assert_eq!(r.puzzles, 300);
            assert_eq!(r.per_grade.iter().sum::<u64>(), 300);
            assert_eq!(calls, 2);
            outs.push(sink.0.lock().unwrap().clone());
        }
        assert!(outs.windows(2).all(|w| w[0] == w[1]));
        let text = String::from_utf8(outs.pop().unwrap()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 300);
        let p = g.puzzle(299);
        assert_eq!(lines[299], format!("{} {}", p.puzzle, p.rating.grade));
        let read = crate::rating::read_rated(&text).unwrap();
        assert_eq!(read[299], p.puzzle);
    }
}
