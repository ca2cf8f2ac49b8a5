//! What one call to `step` ended with.

/// The end of one [`Search::step`](crate::Search::step).
#[must_use = "a Found step carries an item, and Finished means stepping again is pointless"]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step<T> {
    /// A discovery; the search has already moved past it, so the next step goes on from there.
    Found(T),
    /// The budget ran out (or, under an unlimited budget, a cap of the search's own was
    /// reached); call `step` again to go on.
    Paused,
    /// Nothing more to find: every later step returns `Finished` again.
    Finished,
}

impl<T> Step<T> {
    /// The item, if one was found.
    pub fn found(self) -> Option<T> {
        match self {
            Step::Found(t) => Some(t),
            Step::Paused | Step::Finished => None,
        }
    }

    /// True for [`Step::Found`].
    pub fn is_found(&self) -> bool {
        matches!(self, Step::Found(_))
    }

    /// True for [`Step::Paused`].
    pub fn is_paused(&self) -> bool {
        matches!(self, Step::Paused)
    }

    /// True for [`Step::Finished`].
    pub fn is_finished(&self) -> bool {
        matches!(self, Step::Finished)
    }

    /// The same step with its item mapped.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Step<U> {
        match self {
            Step::Found(t) => Step::Found(f(t)),
            Step::Paused => Step::Paused,
            Step::Finished => Step::Finished,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accessors() {
        assert_eq!(Step::Found(3).map(|x| x * 2).found(), Some(6));
        assert!(Step::<u8>::Paused.is_paused());
        assert!(Step::<u8>::Finished.is_finished());
        assert!(Step::Found(()).is_found());
        assert_eq!(Step::<u8>::Finished.found(), None);
    }
}
