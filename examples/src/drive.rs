//! One driver for every solver of the family: run a [`Search`] to the end (or a wall-clock
//! limit, or until the caller stops it) and show its progress on the terminal.
//!
//! On a terminal, stderr shows a bar where the search can estimate the fraction explored, and a
//! spinner with nodes, items found and the rate otherwise, redrawn at most ten times a second.
//! When stderr is not a terminal nothing is drawn, so piped output stays clean.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use puzzle_search::{Progress, Run, Search};

/// Slice length between two redraws: ten a second at most.
const SLICE: Duration = Duration::from_millis(100);
/// Positions of the bar (a fraction is shown to 0.1%).
const BAR_LEN: u64 = 1000;

/// How a drive ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The search is over.
    Finished,
    /// The item callback asked to stop.
    Stopped,
    /// The wall-clock limit passed.
    OutOfTime,
    /// A cap of the search's own stopped it.
    Capped,
}

/// Options of [`drive`].
#[derive(Clone, Debug)]
pub struct Drive {
    /// What the spinner says the search is ("solving", "counting", ...).
    pub label: String,
    /// Stop once this much wall time has passed.
    pub limit: Option<Duration>,
    /// Draw progress on stderr when it is a terminal (false: never draw).
    pub show: bool,
}

impl Drive {
    /// A drive labelled `label`, with no time limit, showing progress on a terminal.
    pub fn new(label: &str) -> Drive {
        Drive {
            label: label.to_string(),
            limit: None,
            show: true,
        }
    }

    /// The same with a wall-clock limit.
    pub fn limit(self, limit: Option<Duration>) -> Drive {
        Drive { limit, ..self }
    }

    /// The same without progress drawing.
    pub fn quiet(self, quiet: bool) -> Drive {
        Drive {
            show: self.show && !quiet,
            ..self
        }
    }
}

/// Runs `search` until it finishes, `on_item` returns [`ControlFlow::Break`], or the drive's
/// time limit passes; every item goes to `on_item` as it is found. The search can be stepped
/// on afterwards (its state is exactly where the drive left it).
pub fn drive<S: Search>(
    search: &mut S,
    options: &Drive,
    on_item: impl FnMut(S::Item) -> ControlFlow<()>,
) -> Ended {
    drive_with(search, options, on_item, |_| ControlFlow::Continue(()))
}

/// [`drive`], with `on_pause` seeing the search about ten times a second (after the progress
/// is drawn): to save a checkpoint, print a log line, or stop it.
pub fn drive_with<S: Search>(
    search: &mut S,
    options: &Drive,
    mut on_item: impl FnMut(S::Item) -> ControlFlow<()>,
    mut on_pause: impl FnMut(&S) -> ControlFlow<()>,
) -> Ended {
    let bar = Bar::new(options);
    let started = Instant::now();
    let out_of_time = std::cell::Cell::new(false);
    let past_limit = || {
        let past = options.limit.is_some_and(|l| started.elapsed() >= l);
        out_of_time.set(past);
        past
    };
    let slice = options.limit.map_or(SLICE, |l| l.min(SLICE));
    let run = search.run_with_progress(
        slice,
        |item| {
            let flow = on_item(item);
            if flow.is_continue() && past_limit() {
                return ControlFlow::Break(());
            }
            flow
        },
        |s| {
            // Progress can cost more than a slice of search (Eternity builds its best board):
            // read it only for a bar that is drawn.
            if bar.visible() {
                bar.update(s.progress().as_ref(), started.elapsed());
            }
            if on_pause(s).is_break() || past_limit() {
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        },
    );
    bar.finish();
    match run {
        Run::Finished => Ended::Finished,
        Run::Capped => Ended::Capped,
        Run::Stopped if out_of_time.get() => Ended::OutOfTime,
        Run::Stopped => Ended::Stopped,
    }
}

/// The terminal view of one drive. The bar is made at the first report, a slice into the
/// run, so a search that ends sooner pays nothing for it and draws nothing.
struct Bar {
    bar: std::cell::OnceCell<ProgressBar>,
    label: String,
    show: bool,
}

impl Bar {
    fn new(options: &Drive) -> Bar {
        Bar {
            bar: std::cell::OnceCell::new(),
            label: options.label.clone(),
            show: options.show,
        }
    }

    fn bar(&self) -> &ProgressBar {
        self.bar.get_or_init(|| {
            let target = if self.show {
                ProgressDrawTarget::stderr_with_hz(10)
            } else {
                ProgressDrawTarget::hidden()
            };
            let bar = ProgressBar::with_draw_target(None, target);
            bar.set_style(spinner_style());
            bar
        })
    }

    /// True when the bar is drawn: progress shown and stderr a terminal.
    fn visible(&self) -> bool {
        self.show && !self.bar().is_hidden()
    }

    fn update(&self, p: &Progress, elapsed: Duration) {
        let bar = self.bar();
        let secs = elapsed.as_secs_f64();
        let rate = if secs > 0.0 {
            p.nodes as f64 / secs
        } else {
            0.0
        };
        let counters = format!(
            "{}: {} nodes, {} found, {}/s",
            self.label,
            human(p.nodes as f64),
            p.found,
            human(rate)
        );
        match p.fraction {
            Some(f) => {
                if bar.length().is_none() {
                    bar.set_length(BAR_LEN);
                    bar.set_style(bar_style());
                }
                bar.set_position((f * BAR_LEN as f64) as u64);
            }
            None => bar.tick(),
        }
        bar.set_message(counters);
    }

    fn finish(&self) {
        if let Some(bar) = self.bar.get() {
            bar.finish_and_clear();
        }
    }
}

/// A bar for work of a known size that is not a search (writing `total` grids, say), in the
/// drive's style: on stderr at most ten redraws a second, hidden when stderr is not a terminal.
pub fn counter_bar(label: &str, total: u64) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr_with_hz(10));
    bar.set_style(
        ProgressStyle::with_template("[{elapsed_precise}] {wide_bar} {pos}/{len} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.set_message(label.to_string());
    bar
}

fn spinner_style() -> ProgressStyle {
    ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}")
        .unwrap_or_else(|_| ProgressStyle::default_spinner())
}

fn bar_style() -> ProgressStyle {
    ProgressStyle::with_template("[{elapsed_precise}] {wide_bar} {percent}% {msg}")
        .unwrap_or_else(|_| ProgressStyle::default_bar())
}

/// 1234567 as `1.23 M`.
fn human(x: f64) -> String {
    let (v, unit) = if x >= 1e9 {
        (x / 1e9, " G")
    } else if x >= 1e6 {
        (x / 1e6, " M")
    } else if x >= 1e3 {
        (x / 1e3, " k")
    } else {
        return format!("{x:.0}");
    };
    format!("{v:.2}{unit}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn human_numbers() {
        assert_eq!(human(12.0), "12");
        assert_eq!(human(1234.0), "1.23 k");
        assert_eq!(human(5.5e6), "5.50 M");
        assert_eq!(human(2e9), "2.00 G");
    }
}
