//! Proofs of impossibility, and the O(N) checks that find most of them before any search.

use std::fmt;

use crate::error::Impossible;
use crate::graph::Graph;
use crate::grid::Pos;

/// The colour counts behind [`Impossible::Parity`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parity {
    /// Tiles of the start's colour (for boards without a start: of the colour of the first
    /// tile in reading order).
    pub same: usize,
    /// Tiles of the other colour.
    pub other: usize,
    /// What goes wrong.
    pub reason: ParityReason,
}

/// What goes wrong in a [`Parity`] proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParityReason {
    /// The counts differ by more than one.
    Unbalanced,
    /// The start's colour has one tile fewer than the other colour, but an odd path begins
    /// and ends on the majority colour.
    StartInMinority,
    /// The required end tile has the wrong colour.
    EndColour,
}

impl fmt::Display for Parity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match self.reason {
            ParityReason::Unbalanced => "the colour counts differ by more than one",
            ParityReason::StartInMinority => "the start is on the colour with fewer tiles",
            ParityReason::EndColour => "the end tile has the wrong colour",
        };
        write!(
            f,
            "parity: {} tiles of the start's colour, {} of the other; {why}",
            self.same, self.other
        )
    }
}

/// Which colour the end of a path must have, from the colour counts: `Ok(Some(c))` when the
/// counts fix it, `Ok(None)` when either colour can end (only for unknown starts), or the
/// parity proof of impossibility.
pub(crate) fn parity(g: &Graph) -> Result<EndColour, Parity> {
    let reference = g.start().unwrap_or(0);
    let rc = g.colour(reference);
    let same = (0..g.len() as u32).filter(|&v| g.colour(v) == rc).count();
    let other = g.len() - same;
    let fail = |reason| {
        Err(Parity {
            same,
            other,
            reason,
        })
    };
    if same.abs_diff(other) > 1 {
        return fail(ParityReason::Unbalanced);
    }
    // start colour (if known) and the colour every end must have
    let colours = if same == other {
        // even path: the ends have different colours
        EndColour::Opposite
    } else {
        let majority = if same > other { rc } else { !rc };
        if g.start().is_some() && majority != rc {
            return fail(ParityReason::StartInMinority);
        }
        EndColour::Fixed(majority)
    };
    if let (Some(e), Some(s)) = (g.end(), g.start()) {
        let ok = match colours {
            EndColour::Opposite => g.colour(e) != g.colour(s),
            EndColour::Fixed(c) => g.colour(e) == c,
        };
        if !ok {
            return fail(ParityReason::EndColour);
        }
    }
    Ok(colours)
}

/// The colours the two ends of a path must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EndColour {
    /// Both ends have this colour (an odd number of tiles).
    Fixed(bool),
    /// The ends have different colours (an even number of tiles).
    Opposite,
}

impl EndColour {
    /// Can a path from `start` end at `v`?
    pub(crate) fn allows(self, g: &Graph, start: u32, v: u32) -> bool {
        match self {
            EndColour::Fixed(c) => g.colour(v) == c && g.colour(start) == c,
            EndColour::Opposite => g.colour(v) != g.colour(start),
        }
    }

    /// Can a path start at `s`?
    pub(crate) fn start_ok(self, g: &Graph, s: u32) -> bool {
        match self {
            EndColour::Fixed(c) => g.colour(s) == c,
            EndColour::Opposite => true,
        }
    }
}

/// The O(N) checks for a board with a known start: parity, dead ends, the start as a cut tile.
pub(crate) fn precheck(g: &Graph) -> Result<EndColour, Impossible> {
    let colours = parity(g).map_err(Impossible::Parity)?;
    if g.len() == 1 {
        return Ok(colours);
    }
    let Some(start) = g.start() else {
        return Ok(colours);
    };
    let dead: Vec<Pos> = (0..g.len() as u32)
        .filter(|&v| v != start && g.degree(v) <= 1)
        .map(|v| g.pos(v))
        .collect();
    if dead.len() >= 2 || (dead.len() == 1 && g.end().is_some_and(|e| g.pos(e) != dead[0])) {
        return Err(Impossible::DeadEnds { cells: dead });
    }
    let pieces = g.pieces_without(start);
    if pieces >= 2 {
        return Err(Impossible::Disconnected {
            cut: g.pos(start),
            pieces,
        });
    }
    if let Some(end) = g.end() {
        let pieces = g.pieces_without(end);
        if pieces >= 2 {
            return Err(Impossible::Disconnected {
                cut: g.pos(end),
                pieces,
            });
        }
    }
    Ok(colours)
}
