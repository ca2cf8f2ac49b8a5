//! The symmetries a puzzle's givens can keep: a blank cell's images are blank too.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::grid::CELLS;

/// Which cells must be given together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No constraint.
    #[default]
    None,
    /// Half-turn about the centre: cell (r, c) with (8 - r, 8 - c).
    Rot180,
    /// Reflection in the main diagonal: (r, c) with (c, r).
    Diagonal,
    /// Reflection in the middle column: (r, c) with (r, 8 - c).
    Mirror,
}

/// Every symmetry.
pub const SYMMETRIES: [Symmetry; 4] = [
    Symmetry::None,
    Symmetry::Rot180,
    Symmetry::Diagonal,
    Symmetry::Mirror,
];

impl Symmetry {
    /// The image of `cell`.
    pub fn image(self, cell: usize) -> usize {
        let (r, c) = (cell / 9, cell % 9);
        match self {
            Symmetry::None => cell,
            Symmetry::Rot180 => CELLS - 1 - cell,
            Symmetry::Diagonal => 9 * c + r,
            Symmetry::Mirror => 9 * r + 8 - c,
        }
    }

    /// The orbits: each cell with its image, every cell in exactly one orbit, in cell order.
    pub(crate) fn orbits(self) -> Vec<Vec<usize>> {
        (0..CELLS)
            .filter(|&c| self.image(c) >= c)
            .map(|c| {
                let i = self.image(c);
                if i == c { vec![c] } else { vec![c, i] }
            })
            .collect()
    }

    /// True when every given's image is a given.
    pub fn holds(self, puzzle: &crate::Grid) -> bool {
        (0..CELLS).all(|c| (puzzle.get(c) == 0) == (puzzle.get(self.image(c)) == 0))
    }

    /// The name: `none`, `rot180`, `diagonal` or `mirror`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Mirror => "mirror",
        }
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A symmetry name that is not one of `none`, `rot180`, `diagonal`, `mirror`.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
#[error("unknown symmetry `{name}` (expected none, rot180, diagonal or mirror)")]
pub struct UnknownSymmetry {
    /// The name given.
    pub name: String,
}

impl FromStr for Symmetry {
    type Err = UnknownSymmetry;

    fn from_str(s: &str) -> Result<Symmetry, UnknownSymmetry> {
        SYMMETRIES
            .into_iter()
            .find(|y| y.name() == s.trim())
            .ok_or_else(|| UnknownSymmetry {
                name: puzzle_search::excerpt(s),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_are_involutions_and_orbits_partition() {
        for s in SYMMETRIES {
            assert_eq!(s.name().parse::<Symmetry>(), Ok(s));
            let mut seen = [0; CELLS];
            for o in s.orbits() {
                for &c in &o {
                    seen[c] += 1;
                }
            }
            assert!(seen.iter().all(|&n| n == 1), "{s}");
            assert!((0..CELLS).all(|c| s.image(s.image(c)) == c));
        }
        assert_eq!(Symmetry::Rot180.orbits().len(), 41);
        assert_eq!(Symmetry::Diagonal.orbits().len(), 45);
        assert_eq!(Symmetry::Mirror.orbits().len(), 45);
        assert_eq!(Symmetry::Mirror.image(0), 8);
        assert!("spiral".parse::<Symmetry>().is_err());
    }
}
