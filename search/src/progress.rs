//! The counters every search reports.

use std::ops::{Add, AddAssign};

/// The core of every solver's progress report: what generic code (a progress bar, a
/// scheduler, a distributed runner) can read of any search. Each crate's own `Progress`
/// holds one of these and adds its own fields; it hands it out through `AsRef<Progress>`.
///
/// What a node is belongs to each crate (its node-count contract); within a crate it is fixed,
/// so the same search reports the same counts on every run and whichever way it is stepped.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Progress {
    /// Units of work so far.
    pub nodes: u64,
    /// Items found so far.
    pub found: u64,
    /// An estimate of the fraction of the search explored, from 0 to 1 (1 when finished), where
    /// the crate can estimate it.
    pub fraction: Option<f64>,
}

impl Progress {
    /// Counters with no fraction.
    pub const fn new(nodes: u64, found: u64) -> Progress {
        Progress {
            nodes,
            found,
            fraction: None,
        }
    }

    /// These counters with a fraction explored (clamped to 0..=1; NaN gives none).
    pub fn with_fraction(self, fraction: f64) -> Progress {
        Progress {
            fraction: (!fraction.is_nan()).then(|| fraction.clamp(0.0, 1.0)),
            ..self
        }
    }
}

/// Implements `AsRef<puzzle_search::Progress>` and `Deref<Target = puzzle_search::Progress>`
/// for a crate's own progress type that holds the common counters in a field, so
/// `progress.nodes` reads through and generic code sees the core.
///
/// ```
/// use puzzle_search::{Progress, extends_progress};
///
/// #[derive(Clone, Debug)]
/// pub struct MyProgress {
///     pub core: Progress,
///     pub depth: usize,
/// }
/// extends_progress!(MyProgress, core);
///
/// let p = MyProgress { core: Progress::new(10, 1), depth: 3 };
/// assert_eq!((p.nodes, p.found, p.depth), (10, 1, 3));
/// let core: &Progress = p.as_ref();
/// assert_eq!(core.nodes, 10);
/// ```
#[macro_export]
macro_rules! extends_progress {
    ($ty:ty, $field:ident) => {
        impl ::core::convert::AsRef<$crate::Progress> for $ty {
            fn as_ref(&self) -> &$crate::Progress {
                &self.$field
            }
        }

        impl ::core::ops::Deref for $ty {
            type Target = $crate::Progress;
            fn deref(&self) -> &$crate::Progress {
                &self.$field
            }
        }
    };
}

impl AsRef<Progress> for Progress {
    fn as_ref(&self) -> &Progress {
        self
    }
}

/// Adds nodes and found items, as the parts of a split search add up to the whole. The sum
/// has no fraction: the parts' fractions do not add.
impl Add for Progress {
    type Output = Progress;
    fn add(self, other: Progress) -> Progress {
        Progress::new(self.nodes + other.nodes, self.found + other.found)
    }
}

impl AddAssign for Progress {
    fn add_assign(&mut self, other: Progress) {
        *self = *self + other;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_are_clamped_and_sums_drop_them() {
        assert_eq!(Progress::new(1, 0).with_fraction(2.0).fraction, Some(1.0));
        assert_eq!(Progress::new(1, 0).with_fraction(f64::NAN).fraction, None);
        let mut p = Progress::new(1, 2).with_fraction(0.5);
        p += Progress::new(10, 20);
        assert_eq!(p, Progress::new(11, 22));
    }
}
