//! Human difficulty ratings: the techniques a person needs to solve a puzzle.
//!
//! [`rate`] solves on pencil marks, independent of the solving engines: at every step it
//! applies the easiest technique that makes progress (see [`Technique`] for the order), and
//! logs each deduction (cell, digit, technique) for hint features. The grade is the band of
//! the hardest technique used ([`Grade`]); when no technique applies the puzzle "needs trial".
//! The score adds each step's [`Technique::weight`], so two puzzles of one grade still
//! compare: more and harder steps score higher.
//!
//! ```
//! use sudoku_engine::rating::{Grade, Technique, rate};
//!
//! let puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!     .parse()
//!     .unwrap();
//! let rating = rate(&puzzle).unwrap();
//! assert_eq!(rating.grade, Grade::Easy);
//! let hint = rating.log.iter().find(|d| d.is_placement()).unwrap();
//! println!("r{}c{} is {} ({})", hint.cell / 9 + 1, hint.cell % 9 + 1, hint.digit, hint.technique);
//! assert!(rating.log.iter().all(|d| d.technique <= Technique::NakedSingle));
//! ```

mod board;
mod colouring;
mod fish;
mod intersections;
mod read;
mod singles;
mod subsets;
mod wings;

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::error::Clash;
use crate::grid::{CELLS, Grid};
use crate::search::{Solver, Verdict};
use board::Board;

pub use read::read_rated;

/// A solving technique, in order of difficulty (the order [`rate`] tries them in).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Technique {
    /// The only place left for a digit in a box, row or column.
    HiddenSingle,
    /// The only digit left for a cell.
    NakedSingle,
    /// Pointing and claiming: a digit confined to where a box meets a row or column.
    LockedCandidates,
    /// Two cells of a unit with the same two candidates.
    NakedPair,
    /// Two digits with the same two places in a unit.
    HiddenPair,
    /// Three cells of a unit with three candidates between them.
    NakedTriple,
    /// Three digits with three places between them in a unit.
    HiddenTriple,
    /// One digit in two rows (columns) confined to two columns (rows).
    XWing,
    /// A bivalue pivot and two bivalue pincers.
    XyWing,
    /// Four cells of a unit with four candidates between them.
    NakedQuad,
    /// Four digits with four places between them in a unit.
    HiddenQuad,
    /// One digit in three rows (columns) confined to three columns (rows).
    Swordfish,
    /// A three-candidate pivot and two bivalue pincers.
    XyzWing,
    /// Chains of conjugate pairs of one digit, in two colours (wrap and trap).
    SimpleColouring,
}

/// Every technique, easiest first.
pub const TECHNIQUES: [Technique; 14] = [
    Technique::HiddenSingle,
    Technique::NakedSingle,
    Technique::LockedCandidates,
    Technique::NakedPair,
    Technique::HiddenPair,
    Technique::NakedTriple,
    Technique::HiddenTriple,
    Technique::XWing,
    Technique::XyWing,
    Technique::NakedQuad,
    Technique::HiddenQuad,
    Technique::Swordfish,
    Technique::XyzWing,
    Technique::SimpleColouring,
];

impl Technique {
    /// What one step with this technique adds to the score.
    pub fn weight(self) -> u32 {
        match self {
            Technique::HiddenSingle => 1,
            Technique::NakedSingle => 2,
            Technique::LockedCandidates => 10,
            Technique::NakedPair => 20,
            Technique::HiddenPair => 25,
            Technique::NakedTriple => 40,
            Technique::HiddenTriple => 45,
            Technique::XWing => 50,
            Technique::XyWing => 60,
            Technique::NakedQuad => 70,
            Technique::HiddenQuad => 75,
            Technique::Swordfish => 90,
            Technique::XyzWing => 100,
            Technique::SimpleColouring => 110,
        }
    }

    /// The grade a puzzle gets when this is the hardest technique it needs.
    pub fn grade(self) -> Grade {
        match self {
            Technique::HiddenSingle | Technique::NakedSingle => Grade::Easy,
            Technique::LockedCandidates | Technique::NakedPair | Technique::HiddenPair => {
                Grade::Medium
            }
            Technique::NakedTriple
            | Technique::HiddenTriple
            | Technique::XWing
            | Technique::XyWing
            | Technique::NakedQuad
            | Technique::HiddenQuad => Grade::Hard,
            Technique::Swordfish | Technique::XyzWing | Technique::SimpleColouring => Grade::Expert,
        }
    }

    /// The technique's name, as in the step log ("hidden single", "x-wing", ...).
    pub fn name(self) -> &'static str {
        match self {
            Technique::HiddenSingle => "hidden single",
            Technique::NakedSingle => "naked single",
            Technique::LockedCandidates => "locked candidates",
            Technique::NakedPair => "naked pair",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::HiddenTriple => "hidden triple",
            Technique::XWing => "x-wing",
            Technique::XyWing => "xy-wing",
            Technique::NakedQuad => "naked quad",
            Technique::HiddenQuad => "hidden quad",
            Technique::Swordfish => "swordfish",
            Technique::XyzWing => "xyz-wing",
            Technique::SimpleColouring => "simple colouring",
        }
    }

    /// The step this technique finds on `b`, if any.
    fn find(self, b: &Board) -> Option<Finding> {
        match self {
            Technique::HiddenSingle => singles::hidden_single(b),
            Technique::NakedSingle => singles::naked_single(b),
            Technique::LockedCandidates => intersections::locked_candidates(b),
            Technique::NakedPair => subsets::naked(b, 2),
            Technique::HiddenPair => subsets::hidden(b, 2),
            Technique::NakedTriple => subsets::naked(b, 3),
            Technique::HiddenTriple => subsets::hidden(b, 3),
            Technique::XWing => fish::fish(b, 2),
            Technique::XyWing => wings::xy_wing(b),
            Technique::NakedQuad => subsets::naked(b, 4),
            Technique::HiddenQuad => subsets::hidden(b, 4),
            Technique::Swordfish => fish::fish(b, 3),
            Technique::XyzWing => wings::xyz_wing(b),
            Technique::SimpleColouring => colouring::simple_colouring(b),
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How hard a puzzle is for a person, from the hardest technique it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    /// Singles only.
    Easy,
    /// Locked candidates, naked and hidden pairs.
    Medium,
    /// Triples, quads, X-wing, XY-wing.
    Hard,
    /// Swordfish, XYZ-wing, simple colouring.
    Expert,
    /// No technique above applies at some point: trial and error (or harder logic) is needed.
    Trial,
}

/// Every grade, easiest first.
pub const GRADES: [Grade; 5] = [
    Grade::Easy,
    Grade::Medium,
    Grade::Hard,
    Grade::Expert,
    Grade::Trial,
];

impl Grade {
    /// The grade's name: `easy`, `medium`, `hard`, `expert` or `trial`.
    pub fn name(self) -> &'static str {
        match self {
            Grade::Easy => "easy",
            Grade::Medium => "medium",
            Grade::Hard => "hard",
            Grade::Expert => "expert",
            Grade::Trial => "trial",
        }
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A grade name that is not one of `easy`, `medium`, `hard`, `expert`, `trial`.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
#[error("unknown grade `{name}` (expected easy, medium, hard, expert or trial)")]
pub struct UnknownGrade {
    /// The name given.
    pub name: String,
}

impl FromStr for Grade {
    type Err = UnknownGrade;

    fn from_str(s: &str) -> Result<Grade, UnknownGrade> {
        GRADES
            .into_iter()
            .find(|g| g.name() == s.trim())
            .ok_or_else(|| UnknownGrade {
                name: puzzle_search::excerpt(s),
            })
    }
}

/// What a deduction does to its cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The digit is placed in the cell.
    Place,
    /// The digit is removed from the cell's candidates.
    Eliminate,
}

/// One deduction of the log: a digit placed in (or removed from) a cell, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Deduction {
    /// The cell (row-major, 0..81).
    pub cell: usize,
    /// The digit, 1-9.
    pub digit: u8,
    /// The technique that found it.
    pub technique: Technique,
    /// Placed or eliminated.
    pub action: Action,
    /// The step it belongs to, from 0 (one technique application may make several).
    pub step: u32,
}

impl Deduction {
    /// True when the deduction places its digit.
    pub fn is_placement(&self) -> bool {
        self.action == Action::Place
    }
}

impl fmt::Display for Deduction {
    /// `r3c5 = 7 (hidden single)` or `r3c5 <> 7 (x-wing)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let op = if self.is_placement() { "=" } else { "<>" };
        write!(
            f,
            "r{}c{} {op} {} ({})",
            self.cell / 9 + 1,
            self.cell % 9 + 1,
            self.digit,
            self.technique
        )
    }
}

/// The rating of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Rating {
    /// The grade: the band of the hardest technique used, or [`Grade::Trial`].
    pub grade: Grade,
    /// The sum of the steps' weights, plus [`TRIAL_SCORE`] and [`TRIAL_PER_CELL`] for each
    /// cell left blank when no technique applies.
    pub score: u32,
    /// The hardest technique used (`None` when the puzzle was already full).
    pub hardest: Option<Technique>,
    /// Steps taken (technique applications).
    pub steps: u32,
    /// Every deduction, in order.
    pub log: Vec<Deduction>,
    /// The grid as far as the techniques got (the solution unless the grade is trial).
    pub reached: Grid,
}

/// Added to the score when the techniques run out.
pub const TRIAL_SCORE: u32 = 1000;
/// Added to the score per cell still blank when the techniques run out.
pub const TRIAL_PER_CELL: u32 = 10;

/// Why a puzzle cannot be rated.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum RatingError {
    /// Two givens clash.
    #[error("the givens clash: {0}")]
    Clash(Clash),
    /// The puzzle has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The puzzle has more than one solution (a rating assumes exactly one).
    #[error("the puzzle has more than one solution")]
    Multiple,
}

/// A step a technique found: placements or eliminations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Finding {
    pub(crate) technique: Technique,
    pub(crate) place: Vec<(usize, u8)>,
    pub(crate) eliminate: Vec<(usize, u8)>,
}

impl Finding {
    fn place(technique: Technique, cell: usize, digit: u8) -> Finding {
        Finding {
            technique,
            place: vec![(cell, digit)],
            eliminate: Vec::new(),
        }
    }

    fn eliminations(technique: Technique, eliminate: Vec<(usize, u8)>) -> Finding {
        Finding {
            technique,
            place: Vec::new(),
            eliminate,
        }
    }
}

/// Rates a puzzle with exactly one solution (checked first, with the fast solver).
pub fn rate(puzzle: &Grid) -> Result<Rating, RatingError> {
    if let Some(c) = puzzle.clash() {
        return Err(RatingError::Clash(c));
    }
    match Solver::new().count(puzzle, 2).verdict() {
        Verdict::NoSolution => return Err(RatingError::NoSolution),
        Verdict::Multiple => return Err(RatingError::Multiple),
        Verdict::Unique => {}
    }
    Ok(rate_unique(puzzle))
}

/// Rates a puzzle already known to have exactly one solution (the generator's case).
pub(crate) fn rate_unique(puzzle: &Grid) -> Rating {
    let (mut rating, board) = solve_with(puzzle, &TECHNIQUES);
    if !board.is_solved() {
        give_up(&mut rating, &board);
    }
    rating
}

/// The rating of a puzzle known to have one solution, or `None` as soon as it is sure to be
/// harder than `max`: when no technique of grade `max` or below applies. The techniques are
/// ordered by grade, so those tried are a prefix of [`TECHNIQUES`] and a puzzle within `max`
/// gets the same rating, step for step, as from [`rate`]. The generator asks for its target
/// grade this way and drops harder attempts without trying the harder techniques.
pub(crate) fn rate_up_to(puzzle: &Grid, max: Grade) -> Option<Rating> {
    if max == Grade::Trial {
        return Some(rate_unique(puzzle));
    }
    let allowed = TECHNIQUES.iter().take_while(|t| t.grade() <= max).count();
    let (rating, board) = solve_with(puzzle, &TECHNIQUES[..allowed]);
    board.is_solved().then_some(rating)
}

/// Steps through the puzzle with `techniques` (easiest first: each step takes the first that
/// applies) until it is solved or none applies; the rating so far and the board reached.
fn solve_with(puzzle: &Grid, techniques: &[Technique]) -> (Rating, Board) {
    let mut board = Board::new(puzzle);
    let mut rating = Rating {
        grade: Grade::Easy,
        score: 0,
        hardest: None,
        steps: 0,
        log: Vec::new(),
        reached: *puzzle,
    };
    'steps: while !board.is_solved() && !board.is_broken() {
        for t in techniques {
            if let Some(f) = t.find(&board) {
                apply(&mut board, &mut rating, f);
                continue 'steps;
            }
        }
        break;
    }
    rating.reached = board.grid();
    (rating, board)
}

/// The techniques ran out: the puzzle needs trial.
fn give_up(rating: &mut Rating, board: &Board) {
    let blank = (0..CELLS).filter(|&c| board.value(c) == 0).count() as u32;
    rating.grade = Grade::Trial;
    rating.score += TRIAL_SCORE + TRIAL_PER_CELL * blank;
}

fn apply(board: &mut Board, rating: &mut Rating, f: Finding) {
    let step = rating.steps;
    for &(cell, digit) in &f.place {
        board.place(cell, digit);
        rating.log.push(Deduction {
            cell,
            digit,
            technique: f.technique,
            action: Action::Place,
            step,
        });
    }
    for &(cell, digit) in &f.eliminate {
        board.eliminate(cell, digit);
        rating.log.push(Deduction {
            cell,
            digit,
            technique: f.technique,
            action: Action::Eliminate,
            step,
        });
    }
    rating.steps += 1;
    rating.score += f.technique.weight();
    rating.hardest = rating.hardest.max(Some(f.technique));
    rating.grade = rating.grade.max(f.technique.grade());
}

#[cfg(test)]
pub(crate) mod tests {
    use super::board::{Board, UNITS};
    use super::*;

    /// The board of a puzzle given as a prefix of its one-line form (the rest blank).
    pub(crate) fn board(prefix: &str) -> Board {
        let mut s = prefix.to_string();
        while s.len() < 81 {
            s.push('.');
        }
        Board::new(&s.parse().unwrap())
    }

    /// The board with these givens (cell, digit).
    pub(crate) fn board_with(givens: &[(usize, u8)]) -> Board {
        let mut g = Grid::EMPTY;
        for &(c, d) in givens {
            g.set(c, d).unwrap();
        }
        Board::new(&g)
    }

    /// Removes `d` from the cells of unit `u` except those at `positions` (0..9).
    pub(crate) fn keep_only(b: &mut Board, d: u8, u: usize, positions: &[usize]) {
        for (i, &c) in UNITS[u].iter().enumerate() {
            if !positions.contains(&i) {
                b.eliminate(c as usize, d);
            }
        }
    }

    /// Leaves `cell` only the candidates `ds`.
    pub(crate) fn keep_cands(b: &mut Board, cell: usize, ds: &[u8]) {
        for d in 1..=9 {
            if !ds.contains(&d) {
                b.eliminate(cell, d);
            }
        }
    }

    #[test]
    fn order_weights_and_grades_agree() {
        for w in TECHNIQUES.windows(2) {
            assert!(w[0] < w[1]);
            assert!(w[0].weight() < w[1].weight());
            assert!(w[0].grade() <= w[1].grade());
        }
        for g in GRADES {
            assert_eq!(g.name().parse::<Grade>(), Ok(g));
        }
        assert!("insane".parse::<Grade>().is_err());
    }

    #[test]
    fn bad_puzzles_are_errors() {
        assert_eq!(rate(&Grid::EMPTY), Err(RatingError::Multiple));
        let mut clash = Grid::EMPTY;
        clash.set(0, 1).unwrap();
        clash.set(1, 1).unwrap();
        assert!(matches!(rate(&clash), Err(RatingError::Clash(_))));
        // Row 1 leaves r1c9 only a 9, and column 9 holds a 9 already.
        let mut none = Grid::EMPTY;
        for (c, d) in (0..8).zip(1..=8) {
            none.set(c, d).unwrap();
        }
        none.set(17, 9).unwrap();
        assert_eq!(rate(&none), Err(RatingError::NoSolution));
    }
}
