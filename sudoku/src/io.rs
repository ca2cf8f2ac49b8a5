//! Files: writing finals and solving puzzle files, through a writer thread.
//!
//! The producer (generator or solver) fills large buffers and hands them to a writer thread
//! over a bounded blocking channel (`std::sync::mpsc::sync_channel`): the writer sleeps while
//! it waits and the producer blocks when the writer falls behind, so nothing spins and memory
//! stays bounded. Spent buffers travel back on a second channel to be refilled. Output order is
//! input order, whatever the number of solving threads. An output file's data goes to the
//! disk as it is written (every 8 MiB, on the writer thread: see [`ReplaceFile`]), so putting
//! the complete file in place of the old one at the end waits for the last stretch only.
//!
//! Puzzle files are read the same way round: a batch at a time (`read`), the next batch read
//! and parsed on one thread while the solving threads work on the current one, so neither
//! reading nor parsing waits in front of the solving, and memory stays bounded.

use std::fs::File;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread;

use puzzle_search::{ReplaceFile, ReplaceWriter};

use crate::error::{FileError, ParseError};
use crate::generate::Finals;
use crate::grid::{BLOCK_BYTES, CELLS, Grid, LINE_BYTES};
use crate::parse::{Format, Puzzles};
use crate::search::{Count, Solver, Verdict};

// Batches of generated puzzles (a child module, so it shares the writer thread).
mod puzzles;
// Puzzle files read a piece at a time.
mod read;
pub use puzzles::{GenerateReport, generate_puzzles_to, write_puzzles};
use read::{PuzzleReader, ReadError};
/// The largest puzzle file [`solve_file`] and [`verdicts_file`] read: 1 GiB, some 13 million
/// one-line puzzles. A larger file is refused with [`FileError::TooLarge`] before it is read
/// (or, if it grows while it is read, once more than this has been read). Both read a batch
/// at a time, so memory does not grow with the file; the limit bounds a run's length and
/// [`verdicts_file`]'s answer (a byte a puzzle).
pub const MAX_INPUT_BYTES: u64 = 1 << 30;

/// Bytes per buffer handed to the writer.
const CHUNK_BYTES: usize = 1 << 20;
/// Buffers in flight between producer and writer.
const IN_FLIGHT: usize = 4;
/// Puzzles solved per batch (one batch is split across threads, then written in order).
const BATCH: usize = 4096;

/// A writer thread fed through a bounded channel, with buffers recycled.
struct Pipe {
    full: Option<SyncSender<Vec<u8>>>,
    empty: Receiver<Vec<u8>>,
    handle: Option<thread::JoinHandle<std::io::Result<()>>>,
}

impl Pipe {
    fn new<W: Write + Send + 'static>(mut out: W) -> Pipe {
        let (full_tx, full_rx) = sync_channel::<Vec<u8>>(IN_FLIGHT);
        let (empty_tx, empty_rx) = sync_channel::<Vec<u8>>(IN_FLIGHT + 1);
        for _ in 0..IN_FLIGHT {
            let _ = empty_tx.try_send(Vec::with_capacity(CHUNK_BYTES + 512));
        }
        let handle = thread::spawn(move || {
            for buf in full_rx {
                out.write_all(&buf)?;
                // Handed back as it is (see `Pipe::unclear_buffer`). The producer may be gone
                // (finished or failed): dropping the buffer is fine.
                let _ = empty_tx.try_send(buf);
            }
            out.flush()
        });
        Pipe {
            full: Some(full_tx),
            empty: empty_rx,
            handle: Some(handle),
        }
    }

    /// An empty buffer to fill (a recycled one, or a new one when all are in flight).
    fn buffer(&self) -> Vec<u8> {
        let mut buf = self.unclear_buffer();
        buf.clear();
        buf
    }

    /// A buffer that may still hold what it was last sent with, for a caller that resizes
    /// it and overwrites every byte: resizing a recycled buffer of the same length writes
    /// nothing, where an emptied one would be filled with zeros first.
    fn unclear_buffer(&self) -> Vec<u8> {
        self.empty
            .try_recv()
            .unwrap_or_else(|_| Vec::with_capacity(CHUNK_BYTES + 512))
    }

    /// Hands a buffer to the writer; blocks while the writer is `IN_FLIGHT` buffers behind.
    /// False when the writer has stopped (its error comes from [`Pipe::finish`]).
    fn send(&self, buf: Vec<u8>) -> bool {
        match &self.full {
            Some(tx) => tx.send(buf).is_ok(),
            None => false,
        }
    }

    fn finish(mut self) -> std::io::Result<()> {
        self.full = None;
        match self.handle.take().map(|h| h.join()) {
            Some(Ok(r)) => r,
            Some(Err(_)) => Err(std::io::Error::other("the writer thread panicked")),
            None => Ok(()),
        }
    }
}

/// The output file, written beside `path` and renamed over it once complete (see
/// [`ReplaceFile`]), so an error midway never leaves a half-written file in its place; and a
/// handle for the writer thread.
fn create(path: &Path) -> Result<(ReplaceFile, ReplaceWriter), FileError> {
    let io = |source| FileError::Io {
        path: path.to_path_buf(),
        source,
    };
    let out = ReplaceFile::create(path).map_err(io)?;
    let writer = out.writer().map_err(io)?;
    Ok((out, writer))
}

/// Puts a complete output in place.
fn commit(out: ReplaceFile, path: &Path) -> Result<(), FileError> {
    out.commit().map_err(|source| FileError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// Writes `count` finals with top-left digit `top_left` to `out` in the nine-line format
/// (`163 * count - 1` bytes), calling `progress(done, total)` after each buffer.
pub fn write_finals<W: Write + Send + 'static>(
    out: W,
    finals: Finals,
    mut progress: impl FnMut(u64, u64),
) -> std::io::Result<()> {
    let total = finals.len() as u64;
    let start = finals.position();
    let mut finals = finals;
    let pipe = Pipe::new(out);
    let mut first = true;
    let mut buf = pipe.buffer();
    loop {
        if !first {
            buf.push(b'\n');
        }
        if !finals.write_next_block(&mut buf) {
            // Nothing was written after the separator: take it back.
            if !first {
                buf.pop();
            }
            break;
        }
        first = false;
        if buf.len() >= CHUNK_BYTES {
            let full = std::mem::replace(&mut buf, pipe.buffer());
            if !pipe.send(full) {
                break;
            }
            progress(finals.position() - start, total);
        }
    }
    if !buf.is_empty() {
        pipe.send(buf);
    }
    let r = pipe.finish();
    progress(finals.position() - start, total);
    r
}

/// Writes the first `count` finals with top-left digit `top_left` to the file `path`.
///
/// ```
/// let path = std::env::temp_dir().join("sudoku-engine-doc-finals.txt");
/// sudoku_engine::io::generate_to(&path, 1_000, 1)?;
/// assert_eq!(std::fs::metadata(&path)?.len(), 162_999); // 163 bytes a grid, less one
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn generate_to(path: impl AsRef<Path>, count: u64, top_left: u8) -> Result<(), FileError> {
    let path = path.as_ref();
    let finals = Finals::new(top_left, count)?;
    let (out, file) = create(path)?;
    write_finals(file, finals, |_, _| {}).map_err(|source| FileError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    commit(out, path)
}

/// How to solve a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// Input format; `None` detects it from the first puzzle line.
    pub input: Option<Format>,
    /// Output format; `None` writes the input's format.
    pub output: Option<Format>,
    /// Solving threads (1 solves on the calling thread). The output is the same for any count.
    /// Without the `parallel` feature every puzzle is solved on the calling thread.
    pub threads: usize,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            input: None,
            output: None,
            threads: 1,
        }
    }
}

/// A puzzle that does not have exactly one solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Anomaly {
    /// Its number in the input, from 1.
    pub puzzle: usize,
    /// No solution, or several.
    pub verdict: Verdict,
}

/// What solving a file found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolveReport {
    /// Puzzles read.
    pub puzzles: usize,
    /// Puzzles with exactly one solution.
    pub unique: usize,
    /// Every other puzzle, in input order.
    pub anomalies: Vec<Anomaly>,
    /// Guesses made in all.
    pub guesses: u64,
    /// The format written.
    pub format: Option<Format>,
}

/// Counts the solutions (limit 2) of every puzzle with the fast engine, on `threads` threads,
/// in input order (the same counts for any number of threads). Without the `parallel`
/// feature every puzzle is counted on the calling thread.
pub fn count_all(grids: &[Grid], threads: usize) -> Result<Vec<Count>, FileError> {
    let mut counts = Vec::new();
    count_on(&pool(threads)?, grids, &mut counts);
    Ok(counts)
}

/// The verdict (limit 2) of every puzzle with the fast engine, on `threads` threads, in input
/// order: [`count_all`]'s verdicts, without building any solution's grid.
pub fn verdicts(grids: &[Grid], threads: usize) -> Result<Vec<Verdict>, FileError> {
    let mut verdicts = Vec::new();
    map_on(
        &pool(threads)?,
        grids,
        |s, g| Verdict::of(s.count_solutions(g, 2)),
        &mut verdicts,
    );
    Ok(verdicts)
}

/// Where batches are counted: a thread pool built once for a whole file (building one per
/// batch cost more than small batches take), or `None` for the calling thread.
#[cfg(feature = "parallel")]
type Pool = Option<rayon::ThreadPool>;
/// Without the `parallel` feature every batch is counted on the calling thread.
#[cfg(not(feature = "parallel"))]
type Pool = Option<std::convert::Infallible>;

#[cfg(feature = "parallel")]
fn pool(threads: usize) -> Result<Pool, FileError> {
    if threads <= 1 {
        return Ok(None);
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map(Some)
        .map_err(|e| FileError::Threads {
            threads,
            source: Box::new(e),
        })
}

#[cfg(not(feature = "parallel"))]
fn pool(_threads: usize) -> Result<Pool, FileError> {
    Ok(None)
}

/// Counts (limit 2) every puzzle of `grids` on `pool`, in input order, into `out`.
fn count_on(pool: &Pool, grids: &[Grid], out: &mut Vec<Count>) {
    map_on(pool, grids, |s, g| s.count(g, 2), out);
}

/// `each` of every puzzle of `grids`, with a solver per thread, on `pool`, in input order,
/// into `out` (emptied first): [`map_to_slots_on`] with nothing to write.
fn map_on<T: Send>(
    pool: &Pool,
    grids: &[Grid],
    each: impl Fn(&mut Solver, &Grid) -> T + Sync + Send,
    out: &mut Vec<T>,
) {
    // A vector of `()` takes no memory.
    map_to_slots_on(
        pool,
        grids,
        &mut vec![(); grids.len()],
        |s, g, ()| each(s, g),
        out,
    );
}

/// `each` of every puzzle of `grids` and its slot of `slots` (as many), with a solver per
/// thread, on `pool`, in input order, into `out` (emptied first). `out` keeps its
/// allocation from one batch to the next: a new vector for each batch of a file was freed
/// and allocated again every time, and the allocator handed its pages back to the system
/// and faulted them in again (`solve_file` on 491,580 puzzles: 0.13 s of system time
/// against 0.08 s with the vectors reused).
///
/// Each batch ends with every thread waiting for the last piece of work, so the pieces are
/// kept small: at most 64 puzzles (about 0.15 ms of 17-clue puzzles). Left to itself, rayon
/// split a batch of 4,096 into about a dozen pieces, and a thread that ran out of work
/// waited up to a piece's time at the end of every batch. At least 8, so that a steal does
/// not cut a piece below many times the cost of the solver `map_init` makes for it (about
/// 0.5 us).
fn map_to_slots_on<S: Send, T: Send>(
    pool: &Pool,
    grids: &[Grid],
    slots: &mut [S],
    each: impl Fn(&mut Solver, &Grid, &mut S) -> T + Sync + Send,
    out: &mut Vec<T>,
) {
    #[cfg(feature = "parallel")]
    if let Some(pool) = pool {
        use rayon::prelude::*;

        pool.install(|| {
            grids
                .par_iter()
                .zip(slots.par_iter_mut())
                .with_min_len(8)
                .with_max_len(64)
                .map_init(Solver::new, |s, (g, slot)| each(s, g, slot))
                .collect_into_vec(out)
        });
        return;
    }
    #[cfg(not(feature = "parallel"))]
    let _ = pool;
    let mut solver = Solver::new();
    out.clear();
    let work = grids.iter().zip(slots.iter_mut());
    out.extend(work.map(|(g, slot)| each(&mut solver, g, slot)));
}

/// [`count_on`], each puzzle's answer (its first solution, or the puzzle as given when it
/// has none) written into `text` in `format` as it is counted: a line a puzzle, or a block
/// after the empty line that separates it from the one before. `text` is resized to the
/// batch's answers, whatever it held before.
///
/// Every answer takes the same room, so each thread writes its own answers in their
/// places, and the batch's text is whole when its counts are. Formatted between batches
/// instead, on one thread while the others waited, the answers and the batch's loop took
/// 1.2% of the samples of `solve_file`'s two-thread run on the 17-clue set (see the crate
/// README, "End to end").
fn count_and_write_on(
    pool: &Pool,
    grids: &[Grid],
    out: &mut Vec<Count>,
    text: &mut Vec<u8>,
    format: Format,
) {
    match format {
        Format::Line => count_and_write_slots::<LINE_BYTES>(pool, grids, out, text, |g, slot| {
            *slot = g.line_bytes(b'.');
        }),
        Format::Grid => {
            count_and_write_slots::<{ BLOCK_BYTES + 1 }>(pool, grids, out, text, |g, slot| {
                slot[0] = b'\n';
                slot[1..].copy_from_slice(&g.block_bytes());
            });
        }
    }
}

/// [`count_and_write_on`] with answers of `N` bytes, each written into its slot by `write`.
fn count_and_write_slots<const N: usize>(
    pool: &Pool,
    grids: &[Grid],
    out: &mut Vec<Count>,
    text: &mut Vec<u8>,
    write: impl Fn(&Grid, &mut [u8; N]) + Sync + Send,
) {
    text.resize(grids.len() * N, 0);
    let (slots, _) = text.as_chunks_mut::<N>();
    let each = |s: &mut Solver, g: &Grid, slot: &mut [u8; N]| {
        let c = s.count(g, 2);
        write(c.first.as_ref().unwrap_or(g), slot);
        c
    };
    map_to_slots_on(pool, grids, slots, each, out);
}

/// Reads every puzzle of `text` (format given or detected); malformed input is an error
/// naming puzzle, line and column, and nothing is solved.
pub fn read_puzzles(text: &str, format: Option<Format>) -> Result<(Vec<Grid>, Format), ParseError> {
    let format = format.unwrap_or_else(|| Format::detect(text));
    // Room for every puzzle at once (each takes at least 81 bytes of text), so the vector
    // is not copied as it grows: that copying cost as much as parsing.
    let mut grids = Vec::with_capacity(text.len() / CELLS + 1);
    let mut puzzles = Puzzles::new(text, format);
    loop {
        puzzles.plain_lines_into(&mut grids);
        match puzzles.next() {
            Some(grid) => grids.push(grid?),
            None => return Ok((grids, format)),
        }
    }
}

/// Opens `input` to be read a batch at a time, refusing a file larger than
/// [`MAX_INPUT_BYTES`].
fn open_puzzles(input: &Path, format: Option<Format>) -> Result<PuzzleReader<File>, FileError> {
    let io = |source| FileError::Io {
        path: input.to_path_buf(),
        source,
    };
    let bytes = std::fs::metadata(input).map_err(io)?.len();
    if bytes > MAX_INPUT_BYTES {
        return Err(FileError::TooLarge {
            path: input.to_path_buf(),
            bytes,
            max: MAX_INPUT_BYTES,
        });
    }
    Ok(PuzzleReader::new(File::open(input).map_err(io)?, format))
}

/// A [`ReadError`] of the file `input` as the error this module returns.
fn file_error(input: &Path, e: ReadError) -> FileError {
    let path = input.to_path_buf();
    match e {
        ReadError::Io(source) => FileError::Io { path, source },
        ReadError::TooLarge(bytes) => FileError::TooLarge {
            path,
            bytes,
            max: MAX_INPUT_BYTES,
        },
        ReadError::Parse(source) => FileError::Parse { path, source },
    }
}

/// Runs `a` and `b`, on two threads of `pool` when there is one, and returns what each does.
fn both<A, B, RA, RB>(pool: &Pool, a: A, b: B) -> (RA, RB)
where
    A: FnOnce() -> RA + Send,
    B: FnOnce() -> RB + Send,
    RA: Send,
    RB: Send,
{
    #[cfg(feature = "parallel")]
    if let Some(pool) = pool {
        return pool.install(|| rayon::join(a, b));
    }
    #[cfg(not(feature = "parallel"))]
    let _ = pool;
    (a(), b())
}

/// Calls `work` on each batch of the puzzles of `reader` with its index, in order, reading
/// and parsing the next batch while `work` runs on this one (on another thread of `pool`:
/// reading is then off the solving's path), until `work` says false. Returns the number of
/// puzzles read.
fn in_batches<R: std::io::Read + Send>(
    reader: &mut PuzzleReader<R>,
    pool: &Pool,
    mut work: impl FnMut(usize, &[Grid]) -> bool + Send,
) -> Result<usize, ReadError> {
    // The whole loop on a thread of the pool, so that each batch's `both` and the counting
    // inside it start there, not through a hand-over from the calling thread.
    on_pool(pool, || {
        let mut current = Vec::with_capacity(BATCH);
        let mut next = Vec::with_capacity(BATCH);
        reader.next_batch(&mut current)?;
        let mut total = 0;
        let mut b = 0;
        while !current.is_empty() {
            total += current.len();
            let (batch, work) = (&current, &mut work);
            let (go_on, read) = both(pool, || work(b, batch), || reader.next_batch(&mut next));
            read?;
            if !go_on {
                break;
            }
            std::mem::swap(&mut current, &mut next);
            b += 1;
        }
        Ok(total)
    })
}

/// Runs `f` on a thread of `pool` when there is one, else on the calling thread.
fn on_pool<R: Send>(pool: &Pool, f: impl FnOnce() -> R + Send) -> R {
    #[cfg(feature = "parallel")]
    if let Some(pool) = pool {
        return pool.install(f);
    }
    #[cfg(not(feature = "parallel"))]
    let _ = pool;
    f()
}

/// The verdict (limit 2) of every puzzle of the file `input` (in `format`, or the format
/// detected), in input order, on `threads` threads, with the format read: [`verdicts`] of
/// the file's puzzles. The file is read a batch at a time, each batch read and parsed while
/// the one before it is solved. A malformed puzzle is an error naming it, as is a file
/// with no puzzle.
pub fn verdicts_file(
    input: impl AsRef<Path>,
    format: Option<Format>,
    threads: usize,
) -> Result<(Vec<Verdict>, Format), FileError> {
    let input = input.as_ref();
    let mut reader = open_puzzles(input, format)?;
    let pool = pool(threads)?;
    let mut all = Vec::new();
    let mut verdicts = Vec::with_capacity(BATCH);
    let total = in_batches(&mut reader, &pool, |_, batch| {
        map_on(
            &pool,
            batch,
            |s, g| Verdict::of(s.count_solutions(g, 2)),
            &mut verdicts,
        );
        all.extend_from_slice(&verdicts);
        true
    })
    .map_err(|e| file_error(input, e))?;
    if total == 0 {
        return Err(FileError::Empty(input.to_path_buf()));
    }
    let format = reader.format().map_err(|e| file_error(input, e))?;
    Ok((all, format))
}

/// Solves every puzzle of the file `input` and writes the solutions to `output`, in input
/// order. A puzzle without a solution is written as given (blanks stay blank) and one with
/// several gets its first solution; both are listed in the report. The input is read a
/// batch at a time, each batch read and parsed while the one before it is solved, so memory
/// stays bounded and reading is off the solving's path. A malformed puzzle stops the run
/// with an error naming it. The output is written beside `output` and renamed over it once
/// complete, so a run that fails (a malformed puzzle, a full disk) leaves the old file,
/// never a half-written one.
pub fn solve_file(
    input: impl AsRef<Path>,
    output: impl AsRef<Path>,
    options: SolveOptions,
) -> Result<SolveReport, FileError> {
    solve_file_watched(input, output, options, |_| ControlFlow::Continue(()))
}

/// [`solve_file`], calling `watch` with the report so far after each batch of puzzles (a
/// few thousand: some milliseconds of work) has been solved, from whichever thread solved
/// it. `watch` shows progress, and stops the run by returning [`ControlFlow::Break`]: the
/// batch in hand is the last, and the run returns [`FileError::Stopped`] with the puzzles
/// solved, leaving the old output as it was (nothing half-written in its place).
///
/// ```
/// use std::ops::ControlFlow;
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use sudoku_engine::io::{SolveOptions, solve_file_watched};
///
/// let dir = std::env::temp_dir();
/// let (puzzles, solved) = (dir.join("sudoku-engine-doc-in.txt"), dir.join("sudoku-engine-doc-out.txt"));
/// std::fs::write(&puzzles, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n")?;
///
/// let stop = AtomicBool::new(false); // set by a Ctrl-C handler, a button, a deadline...
/// let report = solve_file_watched(&puzzles, &solved, SolveOptions::default(), |so_far| {
///     eprint!("\r{} puzzles", so_far.puzzles);
///     if stop.load(Ordering::Relaxed) {
///         ControlFlow::Break(())
///     } else {
///         ControlFlow::Continue(())
///     }
/// })?;
/// assert_eq!((report.puzzles, report.unique), (1, 1));
/// # std::fs::remove_file(&puzzles)?;
/// # std::fs::remove_file(&solved)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_file_watched(
    input: impl AsRef<Path>,
    output: impl AsRef<Path>,
    options: SolveOptions,
    mut watch: impl FnMut(&SolveReport) -> ControlFlow<()> + Send,
) -> Result<SolveReport, FileError> {
    let input = input.as_ref();
    let output = output.as_ref();
    let mut reader = open_puzzles(input, options.input)?;
    let format = reader.format().map_err(|e| file_error(input, e))?;
    let pool = pool(options.threads)?;
    let (out, file) = create(output)?;
    let mut solving = Solving::new(file, options.output.unwrap_or(format), BATCH);
    let mut stopped = false;
    let read = in_batches(&mut reader, &pool, |b, batch| {
        let written = solving.batch(&pool, b, batch);
        stopped = watch(&solving.report).is_break();
        written && !stopped
    });
    // The writer is waited for on every path, so that no error leaves it writing.
    let written = solving.finish();
    let total = read.map_err(|e| file_error(input, e))?;
    if total == 0 {
        return Err(FileError::Empty(input.to_path_buf()));
    }
    let report = written.map_err(|source| FileError::Io {
        path: output.to_path_buf(),
        source,
    })?;
    if stopped {
        // `out` is dropped unused: the partial output is removed and the old file stays.
        return Err(FileError::Stopped {
            path: input.to_path_buf(),
            puzzles: report.puzzles,
        });
    }
    commit(out, output)?;
    Ok(report)
}

/// Solves `grids` and writes the answers to `out` (see [`solve_file`]); `input_format` is the
/// format written unless `options.output` says otherwise.
pub fn solve_to_writer<W: Write + Send + 'static>(
    grids: &[Grid],
    out: W,
    input_format: Format,
    options: SolveOptions,
) -> Result<SolveReport, FileError> {
    let pool = pool(options.threads)?;
    let room = BATCH.min(grids.len());
    let mut solving = Solving::new(out, options.output.unwrap_or(input_format), room);
    for (b, batch) in grids.chunks(BATCH).enumerate() {
        if !solving.batch(&pool, b, batch) {
            break;
        }
    }
    solving.finish().map_err(FileError::Write)
}

/// Batches of puzzles solved, and their answers written in order through a writer thread.
struct Solving {
    pipe: Pipe,
    report: SolveReport,
    format: Format,
    /// Reused from batch to batch (see `map_to_slots_on`).
    counts: Vec<Count>,
    /// The writer stopped before the end.
    stopped: bool,
}

impl Solving {
    /// Answers written to `out` in `format`, in batches of at most `room` puzzles.
    fn new<W: Write + Send + 'static>(out: W, format: Format, room: usize) -> Solving {
        Solving {
            pipe: Pipe::new(out),
            report: SolveReport {
                format: Some(format),
                ..SolveReport::default()
            },
            format,
            counts: Vec::with_capacity(room),
            stopped: false,
        }
    }

    /// Solves batch `b` on `pool` and sends its answers to the writer; false once the
    /// writer has stopped (nothing more can be written).
    fn batch(&mut self, pool: &Pool, b: usize, batch: &[Grid]) -> bool {
        let mut text = self.pipe.unclear_buffer();
        count_and_write_on(pool, batch, &mut self.counts, &mut text, self.format);
        if b == 0 && self.format == Format::Grid {
            // The file's first block has no empty line before it.
            text.remove(0);
        }
        let report = &mut self.report;
        for (k, c) in self.counts.iter().enumerate() {
            report.puzzles += 1;
            report.guesses += c.guesses;
            match c.verdict() {
                Verdict::Unique => report.unique += 1,
                verdict => report.anomalies.push(Anomaly {
                    puzzle: b * BATCH + k + 1,
                    verdict,
                }),
            }
        }
        self.stopped = !self.pipe.send(text);
        !self.stopped
    }

    /// Waits for the writer: the report once everything is written.
    fn finish(self) -> std::io::Result<SolveReport> {
        self.pipe.finish()?;
        if self.stopped {
            return Err(std::io::Error::other("the writer stopped early"));
        }
        Ok(self.report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::write_all;
    use std::sync::{Arc, Mutex};

    #[test]
    #[cfg_attr(
        target_os = "wasi",
        ignore = "writes files in a temporary directory: WASI preview 1 has none"
    )]
    fn files_are_replaced_whole_and_a_failed_write_keeps_the_old_file() {
        let dir = std::env::temp_dir().join(format!("sudoku-io-replace-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join("finals.txt");
        generate_to(&out, 3, 1).unwrap();
        assert_eq!(std::fs::metadata(&out).unwrap().len(), 163 * 3 - 1);
        // Only the output: the temporary file was renamed into place.
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        // A malformed input stops the run and the old output stays, also when the bad puzzle
        // comes after batches already solved; so does an input without a puzzle.
        let bad = dir.join("bad.txt");
        std::fs::write(&bad, "1234\n").unwrap();
        assert!(solve_file(&bad, &out, SolveOptions::default()).is_err());
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
        std::fs::write(&bad, line.repeat(2 * BATCH + 3) + "1234\n").unwrap();
        for threads in [1, 2] {
            let options = SolveOptions {
                threads,
                ..SolveOptions::default()
            };
            match solve_file(&bad, &out, options) {
                Err(FileError::Parse { source, .. }) => {
                    assert_eq!(
                        source.to_string(),
                        format!(
                            "puzzle {}, line {}: expected 81 characters, found 4",
                            2 * BATCH + 4,
                            2 * BATCH + 4
                        )
                    )
                }
                other => panic!("{other:?}"),
            }
        }
        std::fs::write(&bad, "# nothing\n\n").unwrap();
        assert!(matches!(
            solve_file(&bad, &out, SolveOptions::default()),
            Err(FileError::Empty(_))
        ));
        assert_eq!(std::fs::metadata(&out).unwrap().len(), 163 * 3 - 1);
        std::fs::remove_file(&bad).unwrap();
        // A 20-million-line file (sparse: no disk taken) is refused before it is read.
        let huge = dir.join("huge.txt");
        std::fs::File::create(&huge)
            .unwrap()
            .set_len(20_000_000 * 82)
            .unwrap();
        assert!(matches!(
            solve_file(&huge, &out, SolveOptions::default()),
            Err(FileError::TooLarge {
                bytes: 1_640_000_000,
                ..
            })
        ));
        std::fs::remove_dir_all(&dir).unwrap();
        // A full device is written directly (it cannot be renamed over) and its error told.
        #[cfg(target_os = "linux")]
        assert!(matches!(
            generate_to("/dev/full", 10_000, 1),
            Err(FileError::Io { .. })
        ));
    }

    #[test]
    #[cfg_attr(target_os = "wasi", ignore = "starts threads: wasm32-wasip1 has none")]
    fn verdicts_are_the_counts_verdicts_on_any_number_of_threads() {
        let solved: Grid = crate::SOLVED.parse().unwrap();
        let mut grids = Vec::new();
        for k in 0..300usize {
            // Every 7th puzzle loses many givens (several solutions), every 11th gets a clash.
            let mut g = solved;
            for c in (0..81).filter(|c| (c * 31 + k * 17) % 81 < if k % 7 == 0 { 70 } else { 50 }) {
                g.set(c, 0).unwrap();
            }
            if k % 11 == 0 {
                g.set(k % 81, 1 + (solved.get(k % 81) % 9)).unwrap();
            }
            grids.push(g);
        }
        let counts: Vec<Verdict> = count_all(&grids, 1)
            .unwrap()
            .iter()
            .map(Count::verdict)
            .collect();
        assert!(counts.contains(&Verdict::Unique));
        assert!(counts.contains(&Verdict::Multiple));
        assert!(counts.contains(&Verdict::NoSolution));
        for threads in [1, 2, 3] {
            assert_eq!(verdicts(&grids, threads).unwrap(), counts);
        }
    }

    #[test]
    #[cfg_attr(
        target_os = "wasi",
        ignore = "writes files in a temporary directory: WASI preview 1 has none"
    )]
    fn files_read_a_batch_at_a_time_give_the_verdicts_of_their_grids() {
        let dir = std::env::temp_dir().join(format!("sudoku-io-verdicts-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let grids = Finals::new(1, 2 * BATCH as u64 + 7).unwrap().map(|g| {
            // Blanks in a pattern that moves with the grid: unique, several or none.
            let mut g = g;
            let k = g.get(80) as usize;
            for c in (0..81).filter(|c| (c * c * 7 + c / 9 + k) % 9 < 4 + k % 4) {
                g.set(c, 0).unwrap();
            }
            g
        });
        let grids: Vec<Grid> = grids.collect();
        let expected = verdicts(&grids, 1).unwrap();
        assert!(expected.contains(&Verdict::Unique) && expected.contains(&Verdict::Multiple));
        for format in [Format::Line, Format::Grid] {
            let path = dir.join("puzzles.txt");
            let mut text = Vec::new();
            write_all(&mut text, &grids, format);
            std::fs::write(&path, &text).unwrap();
            for threads in [1, 2, 3] {
                for given in [None, Some(format)] {
                    assert_eq!(
                        verdicts_file(&path, given, threads).unwrap(),
                        (expected.clone(), format)
                    );
                }
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    #[cfg_attr(target_os = "wasi", ignore = "starts threads: wasm32-wasip1 has none")]
    fn a_watched_run_reports_each_batch_and_stops_when_told() {
        let dir = std::env::temp_dir().join(format!("sudoku-io-watched-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let input = dir.join("puzzles.txt");
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
        let puzzles = 3 * BATCH + 5;
        std::fs::write(&input, line.repeat(puzzles)).unwrap();
        let out = dir.join("solved.txt");
        std::fs::write(&out, "old\n").unwrap();
        for threads in [1, 2] {
            let options = SolveOptions {
                threads,
                ..SolveOptions::default()
            };
            // Watched to the end: one call a batch, the last with the whole report.
            let mut seen = Vec::new();
            let report = solve_file_watched(&input, &out, options, |so_far| {
                seen.push(so_far.clone());
                ControlFlow::Continue(())
            })
            .unwrap();
            let done: Vec<usize> = seen.iter().map(|r| r.puzzles).collect();
            assert_eq!(done, [BATCH, 2 * BATCH, 3 * BATCH, puzzles]);
            assert_eq!(seen.last(), Some(&report));
            assert_eq!(report, solve_file(&input, &out, options).unwrap());
            let solved = std::fs::read(&out).unwrap();
            // Stopped after the second batch: an error saying so, the output untouched and
            // no partial file left beside it.
            let mut calls = 0;
            let stopped = solve_file_watched(&input, dir.join("new.txt"), options, |_| {
                calls += 1;
                if calls == 2 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            match stopped {
                Err(e @ FileError::Stopped { puzzles, .. }) => {
                    assert_eq!(puzzles, 2 * BATCH);
                    assert!(e.to_string().contains("stopped after 8192 puzzles"), "{e}");
                }
                other => panic!("{other:?}"),
            }
            assert_eq!(calls, 2);
            let stopped = solve_file_watched(&input, &out, options, |_| ControlFlow::Break(()));
            assert!(matches!(
                stopped,
                Err(FileError::Stopped { puzzles: BATCH, .. })
            ));
            assert_eq!(std::fs::read(&out).unwrap(), solved);
            let mut left: Vec<_> = std::fs::read_dir(&dir)
                .unwrap()
                .map(|e| e.unwrap().file_name())
                .collect();
            left.sort();
            assert_eq!(left, ["puzzles.txt", "solved.txt"]);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A `Write` that keeps what it gets, shareable with the test after the thread is done
    /// (the batch tests of `io::puzzles` use it too).
    #[derive(Clone, Default)]
    pub(super) struct Sink(pub(super) Arc<Mutex<Vec<u8>>>);

    impl Write for Sink {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    #[cfg_attr(
        target_os = "wasi",
        ignore = "writes files in a temporary directory: WASI preview 1 has none"
    )]
    fn finals_are_written_with_the_exact_size() {
        for n in [1u64, 2, 6433, 6434, 20_000] {
            let sink = Sink::default();
            let mut calls = 0;
            write_finals(sink.clone(), Finals::new(4, n).unwrap(), |_, _| calls += 1).unwrap();
            let bytes = sink.0.lock().unwrap().clone();
            assert_eq!(bytes.len() as u64, 163 * n - 1, "n = {n}");
            assert!(calls >= 1);
            let text = String::from_utf8(bytes).unwrap();
            let grids = crate::parse::parse_all(&text, Format::Grid).unwrap();
            assert_eq!(grids.len() as u64, n);
            assert_eq!(grids, Finals::new(4, n).unwrap().collect::<Vec<_>>());
        }
    }

    #[test]
    #[cfg_attr(target_os = "wasi", ignore = "starts threads: wasm32-wasip1 has none")]
    fn solving_keeps_order_and_reports_anomalies_with_any_thread_count() {
        // Twelve proper puzzles (the first of the magictour top1465 list) over and over: more
        // than one batch.
        let text = crate::TOP1465_HEAD.join("\n");
        let (one, _) = read_puzzles(&text, None).unwrap();
        let mut grids: Vec<Grid> = one.iter().cycle().take(BATCH + 300).copied().collect();
        let n = grids.len();
        assert!(n > BATCH);
        grids[5] = Grid::EMPTY; // several solutions
        let mut clash = grids[7];
        clash.set(0, 1).unwrap();
        clash.set(1, 1).unwrap();
        grids[7] = clash; // none
        let mut outputs = Vec::new();
        for threads in [1, 2, 3] {
            for format in [Format::Line, Format::Grid] {
                let sink = Sink::default();
                let report = solve_to_writer(
                    &grids,
                    sink.clone(),
                    Format::Line,
                    SolveOptions {
                        output: Some(format),
                        threads,
                        ..SolveOptions::default()
                    },
                )
                .unwrap();
                assert_eq!(report.puzzles, n);
                assert_eq!(report.unique, n - 2);
                assert_eq!(
                    report.anomalies,
                    vec![
                        Anomaly {
                            puzzle: 6,
                            verdict: Verdict::Multiple
                        },
                        Anomaly {
                            puzzle: 8,
                            verdict: Verdict::NoSolution
                        }
                    ]
                );
                let text = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
                let answers = crate::parse::parse_all(&text, format).unwrap();
                assert_eq!(answers.len(), n);
                assert_eq!(answers[7], clash);
                // Batches join as if written at once (a blank line between grids throughout).
                let mut whole = Vec::new();
                write_all(&mut whole, &answers, format);
                assert_eq!(text.as_bytes(), whole.as_slice());
                for (g, a) in grids.iter().zip(&answers).filter(|(g, _)| **g != clash) {
                    assert!(g.is_solved_by(a));
                }
                outputs.push((format, text));
            }
        }
        for w in outputs.chunks(2).collect::<Vec<_>>().windows(2) {
            assert_eq!(w[0][0], w[1][0]);
            assert_eq!(w[0][1], w[1][1]);
        }
    }

    #[test]
    #[cfg_attr(target_os = "wasi", ignore = "starts threads: wasm32-wasip1 has none")]
    fn a_failing_writer_is_an_error_not_a_hang() {
        struct Broken;
        impl Write for Broken {
            fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
                Err(std::io::Error::other("disk full"))
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let r = write_finals(Broken, Finals::new(1, 100_000).unwrap(), |_, _| {});
        assert!(r.is_err());
        let grids: Vec<Grid> = Finals::new(1, 10_000).unwrap().collect();
        assert!(solve_to_writer(&grids, Broken, Format::Line, SolveOptions::default()).is_err());
    }
}
