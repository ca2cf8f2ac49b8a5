//! Named partitions of the tiles into patterns.

use crate::error::PdbError;

/// Named partitions of the tiles into patterns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Partition {
    /// 4x4: patterns of 6, 6 and 3 tiles (5.8 M + 5.8 M + 3,360 entries).
    P663,
    /// 4x4: patterns of 7 and 8 tiles (57.7 M + 518.9 M entries: a few minutes and about
    /// 2 GB of memory to build once).
    P78,
    /// 5x5: Korf and Felner's four patterns of 6 tiles (127.5 M entries each: a few minutes
    /// to build once).
    P6666,
    /// 3x3: patterns of 7 tiles and 1 tile (181,440 + 9 entries, built in milliseconds).
    P71,
    /// Any size: patterns of up to 4 tiles in row-major order (small, fast to build; a
    /// weaker estimate).
    Small,
}

impl Partition {
    /// Name used on the command line and in tables.
    pub fn name(self) -> &'static str {
        match self {
            Partition::P663 => "pdb663",
            Partition::P78 => "pdb78",
            Partition::P6666 => "pdb6666",
            Partition::P71 => "pdb71",
            Partition::Small => "pdb-small",
        }
    }

    /// The patterns (goal cells) for a board size and blank goal cell.
    pub fn patterns(
        self,
        width: usize,
        height: usize,
        blank_goal: usize,
    ) -> Result<Vec<Vec<u8>>, PdbError> {
        let n = width * height;
        let unsupported = || {
            PdbError::Unsupported(format!(
                "the {} partition is for {} boards, not {width}x{height}",
                self.name(),
                match self {
                    Partition::P6666 => "5x5",
                    Partition::P71 => "3x3",
                    _ => "4x4",
                }
            ))
        };
        // Layouts for the blank in the top-left corner; mirrored by a 180-degree turn for the
        // blank in the bottom-right corner; else row-major chunks of the remaining cells.
        let (base, sizes): (Vec<Vec<u8>>, Vec<usize>) = match self {
            Partition::P663 if (width, height) == (4, 4) => (
                vec![
                    vec![1, 4, 5, 8, 9, 12],
                    vec![2, 3, 6, 7, 10, 11],
                    vec![13, 14, 15],
                ],
                vec![6, 6, 3],
            ),
            Partition::P78 if (width, height) == (4, 4) => {
                (vec![(1..8).collect(), (8..16).collect()], vec![7, 8])
            }
            // Korf and Felner's partition (2002): three of the four patterns are one shape
            // turned. An earlier split into blocks ({1,2,5,6,7,12}, {3,4,8,9,13,14}, ...)
            // needed 7x the nodes on their instance 40.
            Partition::P6666 if (width, height) == (5, 5) => (
                vec![
                    vec![1, 5, 6, 10, 11, 12],
                    vec![2, 3, 4, 7, 8, 9],
                    vec![13, 14, 18, 19, 23, 24],
                    vec![15, 16, 17, 20, 21, 22],
                ],
                vec![6, 6, 6, 6],
            ),
            Partition::P71 if (width, height) == (3, 3) => {
                (vec![(1..8).collect(), vec![8]], vec![7, 1])
            }
            Partition::Small => {
                let rest: Vec<u8> = (0..n as u8).filter(|&c| c as usize != blank_goal).collect();
                return Ok(rest.chunks(4).map(|c| c.to_vec()).collect());
            }
            _ => return Err(unsupported()),
        };
        if blank_goal == 0 {
            Ok(base)
        } else if blank_goal == n - 1 {
            Ok(base
                .into_iter()
                .map(|p| p.into_iter().map(|c| (n - 1) as u8 - c).collect())
                .collect())
        } else {
            let rest: Vec<u8> = (0..n as u8).filter(|&c| c as usize != blank_goal).collect();
            let mut out = Vec::new();
            let mut at = 0;
            for s in sizes {
                out.push(rest[at..at + s].to_vec());
                at += s;
            }
            Ok(out)
        }
    }
}
