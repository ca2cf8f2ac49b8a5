//! How a score search runs: the break schedule, the piece ranking, restarts and the seed.

use std::fmt;
use std::str::FromStr;

/// How many mismatched edges ("breaks") a board may have once each depth is filled.
///
/// None before depth `free_depth`; from there the allowance grows to `max_breaks` at the last
/// depth, evenly (`curve` 1) or as a power of the depths done since (`curve` 2: slowly at
/// first, most of the breaks in the last rows). Early depths are thus filled strictly, and
/// the breaks are spent where a strict search runs dry: near the end of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BreakSchedule {
    /// The first depth at which a break is allowed.
    pub free_depth: usize,
    /// Breaks allowed in all, reached at the last depth.
    pub max_breaks: u32,
    /// The power of the growth: 1 linear, 2 quadratic, ... (0 counts as 1).
    pub curve: u32,
}

impl BreakSchedule {
    /// Breaks allowed in total once each of `depths` depths is filled.
    pub fn allowances(&self, depths: usize) -> Vec<u32> {
        let power = self.curve.clamp(1, 8);
        let span = (depths.saturating_sub(self.free_depth).max(1) as u128).pow(power);
        (0..depths)
            .map(|d| {
                if d < self.free_depth {
                    0
                } else {
                    let done = ((d + 1 - self.free_depth) as u128).pow(power);
                    (u128::from(self.max_breaks) * done).div_ceil(span) as u32
                }
            })
            .collect()
    }

    /// A schedule that grows evenly from `free_depth` to `max_breaks`.
    pub fn linear(free_depth: usize, max_breaks: u32) -> BreakSchedule {
        BreakSchedule {
            free_depth,
            max_breaks,
            curve: 1,
        }
    }

    /// A schedule for a board of `depths` open cells: breaks from 38/51 of the way down,
    /// growing quadratically to 8 for every 85 cells (on the official board, with its centre
    /// piece: from depth 190, 24 in all; the best of the schedules tried there, see the crate
    /// README).
    pub fn for_depths(depths: usize) -> BreakSchedule {
        BreakSchedule {
            free_depth: depths * 38 / 51,
            max_breaks: ((depths as u32) * 8 / 85).max(1),
            curve: 2,
        }
    }
}

impl fmt::Display for BreakSchedule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.free_depth, self.max_breaks)?;
        if self.curve > 1 {
            write!(f, ":{}", self.curve)?;
        }
        Ok(())
    }
}

impl FromStr for BreakSchedule {
    type Err = String;

    /// `FREE_DEPTH:MAX_BREAKS[:CURVE]`, e.g. `150:20` (linear) or `180:24:2` (quadratic).
    fn from_str(s: &str) -> Result<BreakSchedule, String> {
        let (a, b) = s.split_once(':').ok_or_else(|| {
            format!("`{s}`: expected FREE_DEPTH:MAX_BREAKS[:CURVE], e.g. 150:20 or 180:24:2")
        })?;
        let (b, curve) = match b.split_once(':') {
            None => (b, 1),
            Some((b, c)) => (
                b,
                c.trim()
                    .parse::<u32>()
                    .ok()
                    .filter(|c| (1..=8).contains(c))
                    .ok_or_else(|| format!("`{c}`: the curve is a power from 1 to 8"))?,
            ),
        };
        let free_depth = a
            .trim()
            .parse()
            .map_err(|_| format!("`{a}`: the free depth is not a number"))?;
        let max_breaks = b
            .trim()
            .parse()
            .map_err(|_| format!("`{b}`: the break count is not a number"))?;
        Ok(BreakSchedule {
            free_depth,
            max_breaks,
            curve,
        })
    }
}

/// The order in which each restart tries pieces that fit equally well.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PieceOrder {
    /// A random ranking per restart.
    Random,
    /// Pieces whose edge colours are rarest first, ties and near-ties broken at random per
    /// restart: the pieces that are easy to fit are kept for the end of the board, where the
    /// choice is smallest.
    #[default]
    HardFirst,
    /// Pieces whose pairs of neighbouring edge colours are rarest first (a cell filled after
    /// two of its neighbours asks for a pair: a piece whose pairs few pieces share is hard to
    /// place late), near-ties at random per restart. On boards whose colours are all about
    /// equally common, as on the official one, pairs tell pieces apart where single colours
    /// cannot.
    RarePairs,
}

impl PieceOrder {
    /// The name used on command lines and in saved states.
    pub fn name(self) -> &'static str {
        match self {
            PieceOrder::Random => "random",
            PieceOrder::HardFirst => "hard-first",
            PieceOrder::RarePairs => "rare-pairs",
        }
    }
}

impl FromStr for PieceOrder {
    type Err = String;

    fn from_str(s: &str) -> Result<PieceOrder, String> {
        match s {
            "random" => Ok(PieceOrder::Random),
            "hard-first" => Ok(PieceOrder::HardFirst),
            "rare-pairs" => Ok(PieceOrder::RarePairs),
            _ => Err(format!("`{s}`: expected random, hard-first or rare-pairs")),
        }
    }
}

/// How a [`ScoreSearch`](super::ScoreSearch) runs. Two searches with equal options walk the
/// same boards in the same order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScoreOptions {
    /// The seed of every restart's ranking.
    pub seed: u64,
    /// Breaks allowed by depth; `None`: [`BreakSchedule::for_depths`] of the fill order.
    pub schedule: Option<BreakSchedule>,
    /// Nodes per restart before the next one begins; 0 (the default): by the board's size,
    /// [`ScoreOptions::restart_nodes_for`].
    pub restart_nodes: u64,
    /// The ranking of pieces within a restart.
    pub piece_order: PieceOrder,
    /// Break an edge only at a cell where no free piece fits without one. The walk then
    /// tries far fewer boards with breaks where exact ones exist, and goes deeper.
    pub breaks_when_stuck: bool,
    /// The most breaks one placement may cost (1 or 2; at least 1). A placement that matches
    /// neither of its two keys opens hundreds of candidates at its cell; with 1 the walk
    /// spends its nodes on boards whose breaks are spread out.
    pub cell_breaks: u32,
    /// Windows of the best board re-filled after each restart (0: none; see the
    /// [module docs](super)): a window of cells around its breaks is cleared and filled
    /// again, exactly, with its own pieces, keeping a fill that matches more edges (or as
    /// many, differently).
    pub polish_windows: u32,
    /// The most cells in one window (at least 2).
    pub window_cells: u32,
    /// Placements one window's re-fill may make before it gives up: at most
    /// [`MAX_WINDOW_NODES`], and a larger value is taken as that. A window is one unit of
    /// the search's work, so budgets are checked between windows and it bounds how far a
    /// step can run past its budget.
    pub window_nodes: u64,
}

/// The most placements one polish window may make: 10^6, about a fifth of a second for a
/// window of 64 cells on the official board (where 10^7 took 2.2 s), so a time budget or a
/// Ctrl-C is kept to within that.
pub const MAX_WINDOW_NODES: u64 = 1_000_000;

impl Default for ScoreOptions {
    fn default() -> ScoreOptions {
        ScoreOptions {
            seed: 0,
            schedule: None,
            restart_nodes: 0,
            piece_order: PieceOrder::default(),
            breaks_when_stuck: true,
            cell_breaks: 2,
            // Off: on the official board it did not climb past the restarts (see the README).
            polish_windows: 0,
            window_cells: 12,
            window_nodes: 20_000,
        }
    }
}

impl ScoreOptions {
    /// These options with another seed.
    pub fn seed(self, seed: u64) -> ScoreOptions {
        ScoreOptions { seed, ..self }
    }

    /// These options with a break schedule.
    pub fn schedule(self, schedule: BreakSchedule) -> ScoreOptions {
        ScoreOptions {
            schedule: Some(schedule),
            ..self
        }
    }

    /// These options with another restart length (0: by the board's size).
    pub fn restart_nodes(self, restart_nodes: u64) -> ScoreOptions {
        ScoreOptions {
            restart_nodes,
            ..self
        }
    }

    /// The restart length for a board of `cells` cells: 20,000,000 nodes on 16x16 (256
    /// cells, where it was tuned), halved for every 20 cells fewer and doubled for every 20
    /// more (at most 2^40). A restart must be long enough to reach the bottom of the board
    /// and short enough that the ranking is redrawn before the walk is lost in one subtree;
    /// the tree shrinks exponentially with the board, and so does the length. On the clue
    /// puzzles (36 and 72 cells: 9,765 and 39,062 nodes) a fixed 20,000,000 walked one
    /// restart and stayed below the full score; these lengths reach it in milliseconds.
    pub const fn restart_nodes_for(cells: usize) -> u64 {
        const TUNED: u64 = 20_000_000;
        if cells <= 256 {
            let shift = (256 - cells) / 20;
            if shift >= 64 || TUNED >> shift == 0 {
                1
            } else {
                TUNED >> shift
            }
        } else {
            let shift = (cells - 256) / 20;
            if shift >= 16 { 1 << 40 } else { TUNED << shift }
        }
    }

    /// These options with breaks only where nothing fits exactly (or anywhere, `false`).
    pub fn breaks_when_stuck(self, breaks_when_stuck: bool) -> ScoreOptions {
        ScoreOptions {
            breaks_when_stuck,
            ..self
        }
    }

    /// These options with another limit of breaks per placement (at least 1).
    pub fn cell_breaks(self, cell_breaks: u32) -> ScoreOptions {
        ScoreOptions {
            cell_breaks: cell_breaks.max(1),
            ..self
        }
    }

    /// These options with another local improvement: `windows` re-filled after each restart,
    /// of at most `cells` cells (at least 2) and `nodes` placements each (at most
    /// [`MAX_WINDOW_NODES`]).
    pub fn polish(self, windows: u32, cells: u32, nodes: u64) -> ScoreOptions {
        ScoreOptions {
            polish_windows: windows,
            window_cells: cells.max(2),
            window_nodes: nodes.min(MAX_WINDOW_NODES),
            ..self
        }
    }

    /// These options with another piece ranking.
    pub fn piece_order(self, piece_order: PieceOrder) -> ScoreOptions {
        ScoreOptions {
            piece_order,
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allowances_grow_from_the_free_depth_to_the_total() {
        let s = BreakSchedule::linear(6, 2);
        assert_eq!(s.allowances(10), vec![0, 0, 0, 0, 0, 0, 1, 1, 2, 2]);
        let none = BreakSchedule::linear(0, 0);
        assert!(none.allowances(5).iter().all(|&a| a == 0));
        assert_eq!(BreakSchedule::for_depths(255).to_string(), "190:24:2");
        assert_eq!("150:20".parse(), Ok(BreakSchedule::linear(150, 20)));
        let quadratic = BreakSchedule {
            curve: 2,
            ..BreakSchedule::linear(6, 8)
        };
        assert_eq!(quadratic.allowances(10), vec![0, 0, 0, 0, 0, 0, 1, 2, 5, 8]);
        assert_eq!("6:8:2".parse(), Ok(quadratic));
        assert_eq!(quadratic.to_string(), "6:8:2");
        assert!("6:8:0".parse::<BreakSchedule>().is_err());
        assert!("150".parse::<BreakSchedule>().is_err());
        assert_eq!("random".parse(), Ok(PieceOrder::Random));
        assert!("best".parse::<PieceOrder>().is_err());
    }
}
