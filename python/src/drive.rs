//! Running a search from Python: in slices of [`SLICE`] with the GIL released, looking for
//! Ctrl-C (and other signals) between slices, so a long call answers a `KeyboardInterrupt`
//! within about a slice and other Python threads run meanwhile.

use std::sync::{Mutex, mpsc};
use std::time::{Duration, Instant};

use puzzle_search::{Cancel, Limit, Search, Step, Time};
use pyo3::prelude::*;

/// The longest stretch of search between two looks for signals.
pub const SLICE: Duration = Duration::from_millis(20);

/// A slice's limit: [`SLICE`] of wall time, and at most `nodes_left` nodes (the caller's own
/// node budget), whichever comes first.
struct Slice {
    time: Time,
    nodes_left: Option<u64>,
    end: u64,
}

impl Limit for Slice {
    fn start(&mut self, nodes: u64) -> u64 {
        self.end = self
            .nodes_left
            .map_or(u64::MAX, |left| nodes.saturating_add(left));
        self.time.start(nodes).min(self.end)
    }

    fn check(&mut self, nodes: u64) -> Option<u64> {
        if nodes >= self.end {
            return None;
        }
        self.time.check(nodes).map(|next| next.min(self.end))
    }

    fn deadline(&self) -> Option<Instant> {
        self.time.deadline()
    }
}

/// How far one call may go: a node budget, a wall-time budget, both or neither (then the
/// call runs until the next item or the end).
#[derive(Clone, Copy, Debug, Default)]
pub struct Allowance {
    /// Nodes this call may spend.
    pub nodes: Option<u64>,
    /// Wall time this call may take.
    pub seconds: Option<f64>,
}

/// Steps `search` until it finds an item, finishes, or spends `allowance`, in GIL-free slices
/// with a signal check before and between them (a spent time allowance returns at once). A
/// pending signal's exception (a `KeyboardInterrupt` for Ctrl-C) is returned as the error;
/// the search keeps every node done and can go on.
pub fn step<S>(py: Python<'_>, search: &mut S, allowance: Allowance) -> PyResult<Step<S::Item>>
where
    S: Search + Send,
    S::Item: Send,
{
    // A caller that steps from item to item (a count, a `run` collecting paths) calls again
    // at once after each: the look for signals comes first, so Ctrl-C is answered between
    // items too, and no item already returned is lost to it.
    py.check_signals()?;
    if allowance.seconds.is_some_and(|s| s <= 0.0) {
        return Ok(Step::Paused);
    }
    let deadline = allowance
        .seconds
        .map(|s| Instant::now() + Duration::from_secs_f64(s.max(0.0)));
    let start_nodes = search.progress().as_ref().nodes;
    loop {
        let nodes_left = allowance
            .nodes
            .map(|n| n.saturating_sub(search.progress().as_ref().nodes - start_nodes));
        if nodes_left == Some(0) {
            return Ok(Step::Paused);
        }
        let slice = match deadline {
            Some(d) => SLICE.min(d.saturating_duration_since(Instant::now())),
            None => SLICE,
        };
        let limit = Slice {
            time: Time::new(slice),
            nodes_left,
            end: 0,
        };
        let before = search.progress().as_ref().nodes;
        match py.detach(|| search.step(limit)) {
            // A pause without work is a cap of the search's own (an A* out of memory): it
            // will not move on, so the caller hears of it now instead of spinning.
            Step::Paused if search.progress().as_ref().nodes == before => {
                return Ok(Step::Paused);
            }
            Step::Paused => {}
            done => return Ok(done),
        }
        py.check_signals()?;
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Ok(Step::Paused);
        }
    }
}

/// Runs `search` to its next item or its end (see [`step`]).
pub fn next<S>(py: Python<'_>, search: &mut S) -> PyResult<Option<S::Item>>
where
    S: Search + Send,
    S::Item: Send,
{
    Ok(step(py, search, Allowance::default())?.found())
}

/// Runs `work`, which stops early once `stop` is set, on a thread of its own while this
/// thread waits with the GIL released and looks for signals every [`SLICE`]. On Ctrl-C it sets
/// `stop`, waits for `work` to wind down (a library call that looks at the flag between
/// short stretches of work, so this takes about one such stretch), and returns the
/// `KeyboardInterrupt`: nothing goes on in the background after the call returns.
pub fn until_signal<T, F>(py: Python<'_>, stop: &Cancel, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce() -> T + Send,
{
    until_signal_unblocking(py, stop, || {}, work)
}

/// [`until_signal`] for work that may wait on something outside the process, where the stop
/// flag alone cannot reach it (a read blocked in opening a named pipe that has no writer):
/// on Ctrl-C, `unblock` runs after the flag is set, and again every [`SLICE`] until the
/// work has ended, to release such a wait (see [`unblock_pipes`]).
pub fn until_signal_unblocking<T, F>(
    py: Python<'_>,
    stop: &Cancel,
    unblock: impl Fn() + Sync,
    work: F,
) -> PyResult<T>
where
    T: Send,
    F: FnOnce() -> T + Send,
{
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        worker()
            .spawn_scoped(scope, move || {
                let _ = tx.send(work());
            })
            .map_err(spawn_error)?;
        // A worker that panicked is joined when the scope ends, which raises its panic again
        // (a `PanicException` in Python), whatever is returned here.
        answer_or_signal(py, rx, |rx| {
            stop.cancel();
            // Its answer (most likely "stopped") is dropped: the signal is the caller's answer.
            // `unblock` is repeated while the worker is not done: it may reach its blocking
            // call only after an earlier try.
            py.detach(|| {
                loop {
                    unblock();
                    match lock(rx).recv_timeout(SLICE) {
                        Err(mpsc::RecvTimeoutError::Timeout) => {}
                        _ => break,
                    }
                }
            });
        })
    })
}

/// Releases a thread blocked in opening one of `paths` that is a named pipe (FIFO): a read
/// end waits in `open` for a writer, a write end for a reader. Opening the pipe for both
/// reading and writing never waits (on Linux and the BSDs) and counts as both, so the
/// waiting `open` returns; once this end is closed again the reader sees the end of the
/// input and a writer a broken pipe, and the work ends with that. Paths that are not pipes
/// are left alone.
pub fn unblock_pipes(paths: &[&std::path::Path]) {
    #[cfg(unix)]
    for path in paths {
        use std::os::unix::fs::FileTypeExt;
        if std::fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo()) {
            // Opened and dropped at once: its only purpose is to have existed.
            let _ = std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .open(path);
        }
    }
    #[cfg(not(unix))]
    let _ = paths;
}

/// The builder of a worker thread of [`until_signal`].
fn worker() -> std::thread::Builder {
    std::thread::Builder::new().name("puzzle-solvers-work".into())
}

fn spawn_error(e: std::io::Error) -> PyErr {
    pyo3::exceptions::PyRuntimeError::new_err(e.to_string())
}

/// A receiver is not `Sync`; the GIL-free waits borrow it through a lock.
fn lock<T>(rx: &Mutex<mpsc::Receiver<T>>) -> std::sync::MutexGuard<'_, mpsc::Receiver<T>> {
    rx.lock().unwrap_or_else(|p| p.into_inner())
}

/// Waits with the GIL released for the worker's answer on `rx`, looking for signals every
/// [`SLICE`]; on a pending signal, calls `interrupted` (with the receiver) and returns the
/// signal's exception.
fn answer_or_signal<T: Send>(
    py: Python<'_>,
    rx: mpsc::Receiver<T>,
    interrupted: impl FnOnce(&Mutex<mpsc::Receiver<T>>),
) -> PyResult<T> {
    let rx = Mutex::new(rx);
    loop {
        match py.detach(|| lock(&rx).recv_timeout(SLICE)) {
            Ok(value) => return Ok(value),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Err(signal) = py.check_signals() {
                    interrupted(&rx);
                    return Err(signal);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(pyo3::exceptions::PyRuntimeError::new_err(
                    "the worker thread stopped without an answer",
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_search::{Meter, Progress};

    /// Counts to `end`, one node at a time, metered by any limit.
    struct Counter {
        nodes: u64,
        end: u64,
    }

    impl Search for Counter {
        type Item = u64;
        type Progress = Progress;

        fn step<L: Limit>(&mut self, budget: L) -> Step<u64> {
            let mut meter = Meter::new(budget, self.nodes);
            while meter.go_on(self.nodes) {
                if self.nodes == self.end {
                    return Step::Finished;
                }
                self.nodes += 1;
            }
            Step::Paused
        }

        fn progress(&self) -> Progress {
            Progress::new(self.nodes, 0)
        }
    }

    fn slice(nodes_left: Option<u64>, time: Duration) -> Slice {
        Slice {
            time: Time::new(time),
            nodes_left,
            end: 0,
        }
    }

    #[test]
    fn a_slice_stops_at_its_node_allowance() {
        let mut c = Counter {
            nodes: 10,
            end: u64::MAX,
        };
        assert!(
            c.step(slice(Some(12_345), Duration::from_secs(3600)))
                .is_paused()
        );
        assert_eq!(c.nodes, 10 + 12_345);
    }

    #[test]
    fn a_slice_stops_at_its_time() {
        let mut c = Counter {
            nodes: 0,
            end: u64::MAX,
        };
        assert!(c.step(slice(None, Duration::ZERO)).is_paused());
        // The clock is read every CLOCK_EVERY nodes: one round at most.
        assert!(c.nodes <= puzzle_search::CLOCK_EVERY);
    }

    #[test]
    fn a_slice_lets_a_search_finish() {
        let mut c = Counter { nodes: 0, end: 100 };
        assert!(
            c.step(slice(Some(1_000), Duration::from_secs(3600)))
                .is_finished()
        );
        assert_eq!(c.nodes, 100);
    }
}
