//! The fast engine built twice, for the target's baseline and for x86-64-v3 (AVX2, BMI1/2,
//! LZCNT, POPCNT), the copy picked at run time for the processor found.
//!
//! The engine is bound by the instructions it issues, and the baseline x86-64 target has no
//! `popcnt`, no `tzcnt` that the compiler may count on, no `andn` or `blsr`, and only
//! two-operand vector code. Building the whole crate for a newer processor would make it
//! fail on older ones, so a library cannot ask for that; instead each entry point below is
//! handed to [`pulp::Arch::dispatch`], which calls it inside a function compiled with the
//! features the processor has (detected once). Everything the search runs is
//! `#[inline(always)]` down from the entry point, so the whole search is compiled again into
//! that function; the unsafe call is pulp's, and this crate stays free of `unsafe`.
//!
//! Both copies are the same source, so they do the same work in the same order: the same
//! nodes, guesses and solutions (checked below on the pinned puzzles and on random ones).
//! On other architectures `pulp` runs the one portable copy.
//!
//! The strict parser's clash test ([`Grid`]'s `has_clash`) runs here too: it is on the path
//! of every line `str::parse` reads, and gains from the same instructions.

use std::sync::OnceLock;

use pulp::{Arch, Simd, WithSimd};
use puzzle_search::Limit;

use super::{FastSearch, State};
use crate::engine::Event;
use crate::grid::Grid;

/// The instruction set of this processor, detected on first use.
fn arch() -> Arch {
    static ARCH: OnceLock<Arch> = OnceLock::new();
    *ARCH.get_or_init(Arch::new)
}

/// [`FastSearch::run`] in the processor's copy.
#[inline]
pub(super) fn run<L: Limit>(search: &mut FastSearch, limit: L) -> Event<State> {
    arch().dispatch(Run { search, limit })
}

/// [`FastSearch::reset`] in the processor's copy.
#[inline]
pub(super) fn reset(search: &mut FastSearch, puzzle: &Grid) {
    arch().dispatch(Reset { search, puzzle });
}

/// [`FastSearch::count`] in the processor's copy.
#[inline]
pub(super) fn count(
    search: &mut FastSearch,
    puzzle: Option<&Grid>,
    limit: u64,
    keep_first: bool,
) -> (u64, Option<Grid>) {
    count_with(arch(), search, puzzle, limit, keep_first)
}

/// [`count`] in the copy of `arch`.
#[inline]
fn count_with(
    arch: Arch,
    search: &mut FastSearch,
    puzzle: Option<&Grid>,
    limit: u64,
    keep_first: bool,
) -> (u64, Option<Grid>) {
    arch.dispatch(Count {
        search,
        puzzle,
        limit,
        keep_first,
    })
}

/// [`Grid`]'s clash test in the processor's copy.
#[inline]
pub(crate) fn has_clash(grid: &Grid) -> bool {
    arch().dispatch(HasClash(grid))
}

struct HasClash<'a>(&'a Grid);

impl WithSimd for HasClash<'_> {
    type Output = bool;

    #[inline(always)]
    fn with_simd<S: Simd>(self, _: S) -> bool {
        self.0.has_clash_here()
    }
}

struct Run<'a, L> {
    search: &'a mut FastSearch,
    limit: L,
}

impl<L: Limit> WithSimd for Run<'_, L> {
    type Output = Event<State>;

    #[inline(always)]
    fn with_simd<S: Simd>(self, _: S) -> Event<State> {
        self.search.run_here(self.limit)
    }
}

struct Reset<'a> {
    search: &'a mut FastSearch,
    puzzle: &'a Grid,
}

impl WithSimd for Reset<'_> {
    type Output = ();

    #[inline(always)]
    fn with_simd<S: Simd>(self, _: S) {
        self.search.reset_here(self.puzzle);
    }
}

struct Count<'a> {
    search: &'a mut FastSearch,
    puzzle: Option<&'a Grid>,
    limit: u64,
    keep_first: bool,
}

impl WithSimd for Count<'_> {
    type Output = (u64, Option<Grid>);

    #[inline(always)]
    fn with_simd<S: Simd>(self, _: S) -> (u64, Option<Grid>) {
        self.search
            .count_here(self.puzzle, self.limit, self.keep_first)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hard 18-given puzzle (the full inference), an easy one of 32 givens (the cheap
    /// rules), one with no solution, and the empty grid (the rules across bands).
    const PUZZLES: [&str; 4] = [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        "........1.......23....45.........6....1.......721.34.....2.8...64.......9.....5..",
        ".................................................................................",
    ];

    /// Solutions, first solution, nodes and guesses of a count in `arch`'s copy.
    fn counted(arch: Arch, g: &Grid, limit: u64) -> (u64, Option<Grid>, u64, u64) {
        let mut s = FastSearch::new(&Grid::EMPTY);
        let (n, first) = count_with(arch, &mut s, Some(g), limit, true);
        let c = s.counters();
        (n, first, c.nodes, c.guesses)
    }

    #[test]
    fn both_copies_do_the_same_search() {
        for line in PUZZLES {
            let g: Grid = line.parse().unwrap();
            for limit in [1, 2, 5] {
                let portable = counted(Arch::Scalar, &g, limit);
                assert_eq!(portable, counted(arch(), &g, limit), "{line}");
                assert!(portable.2 > 0, "{line}");
            }
        }
        // Random puzzles: a solution's givens thinned at random, to about 8 to 57 (every mode).
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for k in 0..300 {
            let g = crate::thinned_solution(&mut seed, 8 + k % 50);
            assert_eq!(counted(Arch::Scalar, &g, 3), counted(arch(), &g, 3), "{g}");
        }
    }
}
