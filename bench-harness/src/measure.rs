//! CPU-time measurement, repeated samples and round-robin scheduling.

use std::time::Duration;

use nix::sys::resource::{UsageWho, getrusage};
use nix::sys::time::TimeVal;
use nix::time::{ClockId, clock_gettime};

fn to_duration(t: TimeVal) -> Duration {
    Duration::new(t.tv_sec().max(0) as u64, (t.tv_usec().max(0) as u32) * 1000)
}

/// A CPU-time clock of this process or thread. These clocks count the scheduler's exact
/// run time (nanoseconds); `getrusage` for the calling thread splits tick-sampled user and
/// system time and can be off by a millisecond on short work, so it is used only for child
/// processes, which have no clock of their own.
fn clock(id: ClockId) -> Duration {
    // Reading a CPU-time clock of the calling process cannot fail on Linux; a zero reading
    // would only make a rate look infinite, which the ratio code treats as "not measured".
    match clock_gettime(id) {
        Ok(t) => Duration::new(t.tv_sec().max(0) as u64, t.tv_nsec().max(0) as u32),
        Err(_) => Duration::ZERO,
    }
}

/// CPU time (user + system) consumed so far by this process, all threads.
pub fn process_cpu() -> Duration {
    clock(ClockId::CLOCK_PROCESS_CPUTIME_ID)
}

/// CPU time consumed so far by the calling thread only.
pub fn thread_cpu() -> Duration {
    clock(ClockId::CLOCK_THREAD_CPUTIME_ID)
}

/// CPU time consumed so far by waited-for child processes (`getrusage`, user + system).
pub fn children_cpu() -> Duration {
    match getrusage(UsageWho::RUSAGE_CHILDREN) {
        Ok(u) => to_duration(u.user_time()) + to_duration(u.system_time()),
        Err(_) => Duration::ZERO,
    }
}

/// Runs `f` and returns its result with the CPU time the calling thread spent in it.
///
/// The thread's CPU clock reads in nanoseconds, but short work still varies with caches and
/// interrupts; callers that time short work repeat it inside `f` and divide.
pub fn cpu_timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = thread_cpu();
    let out = f();
    (out, thread_cpu().saturating_sub(start))
}

/// Runs `f` and returns its result with the CPU time the whole process spent in it (use this
/// when `f` runs work on several threads).
pub fn process_cpu_timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = process_cpu();
    let out = f();
    (out, process_cpu().saturating_sub(start))
}

/// A set of repeated measurements of one quantity.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Samples {
    values: Vec<f64>,
}

impl Samples {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds one measurement.
    pub fn push(&mut self, v: f64) {
        self.values.push(v);
    }

    /// Number of measurements.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// True when nothing was measured.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    fn sorted(&self) -> Vec<f64> {
        let mut v = self.values.clone();
        v.sort_by(f64::total_cmp);
        v
    }

    /// The median (mean of the two middle values for an even count); NaN when empty.
    pub fn median(&self) -> f64 {
        let v = self.sorted();
        match v.len() {
            0 => f64::NAN,
            n if n % 2 == 1 => v[n / 2],
            n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
        }
    }

    /// Smallest measurement; NaN when empty.
    pub fn min(&self) -> f64 {
        self.sorted().first().copied().unwrap_or(f64::NAN)
    }

    /// Largest measurement; NaN when empty.
    pub fn max(&self) -> f64 {
        self.sorted().last().copied().unwrap_or(f64::NAN)
    }

    /// Spread as (max - min) / median, a fraction; 0 for fewer than two values.
    pub fn spread(&self) -> f64 {
        if self.values.len() < 2 {
            return 0.0;
        }
        let m = self.median();
        if m == 0.0 {
            0.0
        } else {
            (self.max() - self.min()) / m
        }
    }
}

/// Runs each closure once per round, in turn (A B C A B C ...), so that slow drifts of a
/// shared machine touch every engine alike. Returns one [`Samples`] per closure, holding what
/// each call returned (usually CPU seconds or a rate).
pub fn round_robin(rounds: usize, runs: &mut [&mut dyn FnMut() -> f64]) -> Vec<Samples> {
    let mut out = vec![Samples::new(); runs.len()];
    for _ in 0..rounds {
        for (run, samples) in runs.iter_mut().zip(out.iter_mut()) {
            samples.push(run());
        }
    }
    out
}

/// Paired ratios: for each round, `a[i] / b[i]`; their median is a ratio that does not move
/// when the machine slows down for both engines at once.
pub fn paired_ratio(a: &Samples, b: &Samples) -> Samples {
    let mut r = Samples::new();
    for (x, y) in a.values.iter().zip(b.values.iter()) {
        if *y != 0.0 {
            r.push(x / y);
        }
    }
    r
}

/// The machine the figures come from, one line: the processor's model (from
/// `/proc/cpuinfo` where there is one), the logical CPUs this process may use, and on
/// x86-64 whether the processor has the x86-64-v3 features that `pulp` requires for that
/// level (AVX, AVX2, BMI1/2, FMA, LZCNT, POPCNT), which pick the faster copy of the sudoku
/// engine. Ratios between solvers move with the processor, so every table should say where
/// it was measured.
pub fn machine() -> String {
    let text = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    // The first processor's value of `key` (the keys are padded with tabs before the colon).
    let field = |key: &str| {
        text.lines().find_map(|l| {
            let (k, v) = l.split_once(':')?;
            (k.trim() == key).then(|| v.trim().to_string())
        })
    };
    let mut model = field("model name").unwrap_or_else(|| std::env::consts::ARCH.to_string());
    // Virtual machines often name only the vendor's family; the numbers tell the core apart.
    if let (Some(family), Some(number)) = (field("cpu family"), field("model")) {
        model = format!("{model} (family {family}, model {number})");
    }
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    format!("{model}, {cpus} logical CPUs{}", x86_level())
}

#[cfg(target_arch = "x86_64")]
fn x86_level() -> &'static str {
    let v3 = std::is_x86_feature_detected!("avx2")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("fma")
        && std::is_x86_feature_detected!("lzcnt")
        && std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("avx");
    if v3 {
        ", x86-64-v3"
    } else {
        ", below x86-64-v3"
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn x86_level() -> &'static str {
    ""
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_odd_even_and_spread() {
        let mut s = Samples::new();
        for v in [3.0, 1.0, 2.0] {
            s.push(v);
        }
        assert_eq!(s.median(), 2.0);
        assert_eq!(s.spread(), 1.0);
        s.push(10.0);
        assert_eq!(s.median(), 2.5);
        assert!(Samples::new().median().is_nan());
    }

    #[test]
    fn round_robin_interleaves_and_pairs() {
        let order = std::cell::RefCell::new(Vec::new());
        let mut a = || {
            order.borrow_mut().push('a');
            4.0
        };
        let mut b = || {
            order.borrow_mut().push('b');
            2.0
        };
        let s = round_robin(3, &mut [&mut a, &mut b]);
        assert_eq!(order.into_inner(), vec!['a', 'b', 'a', 'b', 'a', 'b']);
        assert_eq!(paired_ratio(&s[0], &s[1]).median(), 2.0);
    }

    #[test]
    fn cpu_time_advances_with_work() {
        // The kernel keeps reported CPU times monotonic by sometimes holding them still for a
        // few milliseconds, so the work must be long enough to be seen: about 50 ms.
        let (x, t) = cpu_timed(|| {
            (0..std::hint::black_box(30_000_000u64))
                .fold(0u64, |a, b| std::hint::black_box(a.wrapping_mul(31) ^ b))
        });
        assert_ne!(x, 1);
        assert!(t > Duration::ZERO);
    }

    #[test]
    fn machine_names_the_processor_and_its_cpus() {
        let m = machine();
        assert!(m.contains(" logical CPUs"), "{m}");
        assert!(!m.starts_with(','), "a model before the counts: {m}");
    }
}
