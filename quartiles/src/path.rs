//! `FragmentPath`: up to four distinct tile indices, the position vocabulary of the search.

use std::fmt;

use fixedstr::fstr;

use crate::board::{Board, TILE_COUNT};
use crate::error::FragmentPathError;

/// The longest word: four tiles of eight letters.
pub const MAX_WORD_LEN: usize = 32;

/// A word formed by up to four tiles, stored inline.
pub type WordText = fstr<MAX_WORD_LEN>;

/// A sequence of at most four distinct tile indices (0-19), filled left to right.
///
/// The search visits paths in lexicographic order of their indices, depth first: a path
/// is followed by its first extension ([`append`](Self::append)), then by its next sibling
/// ([`increment`](Self::increment)), then by the next sibling of an ancestor
/// ([`pop_and_increment`](Self::pop_and_increment)).
///
/// ```
/// use quartiles_solver::{FragmentPath, FragmentPathError};
///
/// let p = FragmentPath::default().append().unwrap(); // [0]
/// let p = p.append().unwrap();                        // [0, 1]
/// assert_eq!(p.indices(), &[0, 1]);
/// assert_eq!(p.increment().unwrap().indices(), &[0, 2]);
/// assert_eq!(FragmentPath::default().increment(), Err(FragmentPathError::CannotIncrementEmpty));
/// ```
// Slot `k` holds tile `i` as `i + 1`, an empty slot as 0: four bytes, ordered as the
// `[Option<usize>; 4]` they stand for (an empty slot before any tile), so a `Word` stays small.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FragmentPath([u8; 4]);

/// What [`FragmentPath`]'s `Index` hands out: `SLOT[0]` is `None`, `SLOT[i + 1]` is `Some(i)`.
static SLOT: [Option<usize>; TILE_COUNT + 1] = {
    let mut t = [None; TILE_COUNT + 1];
    let mut i = 0;
    while i < TILE_COUNT {
        t[i + 1] = Some(i);
        i += 1;
    }
    t
};

/// A slot's tile.
#[inline]
fn tile(slot: u8) -> Option<usize> {
    (slot as usize).checked_sub(1)
}

impl fmt::Debug for FragmentPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl std::ops::Index<usize> for FragmentPath {
    type Output = Option<usize>;

    fn index(&self, i: usize) -> &Option<usize> {
        &SLOT[self.0[i] as usize]
    }
}

impl FragmentPath {
    /// A path from tile indices (at most four, each below 20, all distinct).
    pub fn from_indices(indices: &[usize]) -> Option<FragmentPath> {
        if indices.len() > 4 {
            return None;
        }
        let mut p = FragmentPath::default();
        let mut used = 0u32;
        for (slot, &i) in p.0.iter_mut().zip(indices) {
            if i >= TILE_COUNT || used & (1 << i) != 0 {
                return None;
            }
            used |= 1 << i;
            *slot = i as u8 + 1;
        }
        Some(p)
    }

    /// A path from tile numbers the search produced (distinct, below 20).
    pub(crate) fn from_search(tiles: &[u8]) -> FragmentPath {
        let mut p = FragmentPath::default();
        for (slot, &t) in p.0.iter_mut().zip(tiles) {
            *slot = t.wrapping_add(1);
        }
        p
    }

    /// The path of the first `len` of `tiles` (tile numbers the search produced, below 20):
    /// one add for all four slots (no slot carries into the next), then the empty ones
    /// cleared.
    #[inline]
    pub(crate) fn from_packed(tiles: [u8; 4], len: usize) -> FragmentPath {
        const KEEP: [u32; 5] = [0, 0xff, 0xffff, 0xff_ffff, u32::MAX];
        let slots = u32::from_le_bytes(tiles).wrapping_add(0x0101_0101) & KEEP[len.min(4)];
        FragmentPath(slots.to_le_bytes())
    }

    /// The indices in order, as a slice view (no `None`s).
    pub fn indices(&self) -> Indices {
        let mut out = Indices {
            buf: [0; 4],
            len: 0,
        };
        for i in self.iter() {
            out.buf[out.len] = i;
            out.len += 1;
        }
        out
    }

    /// The indices in order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().map_while(|&x| tile(x))
    }

    /// Number of tiles (0-4).
    pub fn len(&self) -> usize {
        self.0.iter().take_while(|&&x| x != 0).count()
    }

    /// True when no tile is chosen.
    pub fn is_empty(&self) -> bool {
        self.0[0] == 0
    }

    /// True when four tiles are chosen.
    pub fn is_full(&self) -> bool {
        self.0[3] != 0
    }

    /// The tiles used, as a bit set (bit `i` for tile `i`).
    pub fn mask(&self) -> u32 {
        self.iter().fold(0, |m, i| m | (1 << i))
    }

    fn used_before(&self, len: usize) -> u32 {
        self.0[..len]
            .iter()
            .filter_map(|&x| tile(x))
            .fold(0, |m, i| m | (1 << i))
    }

    /// The path with the lowest free tile index appended.
    ///
    /// # Errors
    /// [`FragmentPathError::Overflow`] if the path already has four tiles.
    pub fn append(&self) -> Result<FragmentPath, FragmentPathError> {
        let len = self.len();
        if len == 4 {
            return Err(FragmentPathError::Overflow);
        }
        let used = self.used_before(len);
        let next = (!used).trailing_zeros() as usize;
        let mut p = *self;
        p.0[len] = next as u8 + 1;
        Ok(p)
    }

    /// The path without its last tile.
    ///
    /// # Errors
    /// [`FragmentPathError::Underflow`] if the path is empty.
    pub fn pop(&self) -> Result<FragmentPath, FragmentPathError> {
        let len = self.len();
        if len == 0 {
            return Err(FragmentPathError::Underflow);
        }
        let mut p = *self;
        p.0[len - 1] = 0;
        Ok(p)
    }

    /// The path with its last index moved to the next tile not used by the others.
    ///
    /// # Errors
    /// [`FragmentPathError::CannotIncrementEmpty`] on an empty path;
    /// [`FragmentPathError::IndexOverflow`] if no higher free tile exists.
    pub fn increment(&self) -> Result<FragmentPath, FragmentPathError> {
        let len = self.len();
        if len == 0 {
            return Err(FragmentPathError::CannotIncrementEmpty);
        }
        let used = self.used_before(len - 1);
        let last = tile(self.0[len - 1]).unwrap_or(0);
        // Free tiles above `last`, within the board.
        let above = !used & !((2u32 << last) - 1) & ((1 << TILE_COUNT) - 1);
        if above == 0 {
            return Err(FragmentPathError::IndexOverflow);
        }
        let mut p = *self;
        p.0[len - 1] = above.trailing_zeros() as u8 + 1;
        Ok(p)
    }

    /// Pops the last tile and increments the new last one, repeating while that overflows.
    ///
    /// # Errors
    /// [`FragmentPathError::Underflow`] on an empty path;
    /// [`FragmentPathError::CannotIncrementEmpty`] when every ancestor is exhausted (the
    /// search is over).
    pub fn pop_and_increment(&self) -> Result<FragmentPath, FragmentPathError> {
        let mut p = *self;
        loop {
            p = p.pop()?;
            match p.increment() {
                Err(FragmentPathError::IndexOverflow) => continue,
                other => return other,
            }
        }
    }

    /// The word these tiles spell on `board`.
    pub fn word(&self, board: &Board) -> WordText {
        let mut w = WordText::default();
        for i in self.iter() {
            w.push_str(board.tile(i));
        }
        w
    }
}

/// The indices of a [`FragmentPath`] as a slice (see [`FragmentPath::indices`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Indices {
    buf: [usize; 4],
    len: usize,
}

impl std::ops::Deref for Indices {
    type Target = [usize];

    fn deref(&self) -> &[usize] {
        &self.buf[..self.len]
    }
}

impl PartialEq<[usize]> for Indices {
    fn eq(&self, other: &[usize]) -> bool {
        **self == *other
    }
}

impl<const N: usize> PartialEq<&[usize; N]> for Indices {
    fn eq(&self, other: &&[usize; N]) -> bool {
        **self == other[..]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(ix: &[usize]) -> FragmentPath {
        FragmentPath::from_indices(ix).unwrap()
    }

    #[test]
    fn motions() {
        assert_eq!(p(&[]).append().unwrap(), p(&[0]));
        assert_eq!(p(&[0, 1, 2]).append().unwrap(), p(&[0, 1, 2, 3]));
        assert_eq!(p(&[3, 0]).append().unwrap(), p(&[3, 0, 1]));
        assert_eq!(p(&[0, 1, 2, 3]).append(), Err(FragmentPathError::Overflow));
        assert_eq!(p(&[0, 1]).increment().unwrap(), p(&[0, 2]));
        assert_eq!(p(&[1, 0]).increment().unwrap(), p(&[1, 2]));
        assert_eq!(p(&[19]).increment(), Err(FragmentPathError::IndexOverflow));
        assert_eq!(
            p(&[0, 19, 18]).increment(),
            Err(FragmentPathError::IndexOverflow)
        );
        assert_eq!(p(&[]).pop(), Err(FragmentPathError::Underflow));
        assert_eq!(p(&[0, 19, 18]).pop_and_increment().unwrap(), p(&[1]));
        assert_eq!(
            p(&[19, 18]).pop_and_increment(),
            Err(FragmentPathError::CannotIncrementEmpty)
        );
        assert_eq!(
            p(&[]).pop_and_increment(),
            Err(FragmentPathError::Underflow)
        );
    }

    #[test]
    fn packed_tiles_give_the_same_path() {
        for tiles in [
            [0u8, 0, 0, 0],
            [3, 19, 0, 7],
            [19, 18, 17, 16],
            [5, 0, 12, 1],
        ] {
            for len in 0..=4 {
                let packed = FragmentPath::from_packed(tiles, len);
                assert_eq!(
                    packed,
                    FragmentPath::from_search(&tiles[..len]),
                    "{tiles:?} {len}"
                );
                assert_eq!(packed.len(), len);
                let ix: Vec<usize> = tiles[..len].iter().map(|&t| t as usize).collect();
                assert_eq!(packed.indices(), ix[..]);
            }
        }
        // The byte slots keep the order of the paths they stand for: empty before any tile.
        assert!(p(&[0]) < p(&[0, 1]) && p(&[0, 19]) < p(&[1]) && p(&[]) < p(&[0]));
        assert_eq!(p(&[4, 2])[1], Some(2));
        assert_eq!(p(&[4, 2])[2], None);
    }

    #[test]
    fn from_indices_checks() {
        assert!(FragmentPath::from_indices(&[1, 1]).is_none());
        assert!(FragmentPath::from_indices(&[20]).is_none());
        assert!(FragmentPath::from_indices(&[0, 1, 2, 3, 4]).is_none());
        let q = p(&[4, 2, 9]);
        assert_eq!(q.len(), 3);
        assert_eq!(q.mask(), (1 << 4) | (1 << 2) | (1 << 9));
        assert_eq!(q.indices(), &[4, 2, 9]);
        assert_eq!(q[1], Some(2));
    }

    #[test]
    fn full_enumeration_counts_every_path() {
        // 20 + 20*19 + 20*19*18 + 20*19*18*17 paths of 1-4 distinct tiles.
        let mut n = 0;
        let mut path = FragmentPath::default().append().unwrap();
        loop {
            n += 1;
            path = match path.append() {
                Ok(q) => q,
                Err(_) => match path.increment() {
                    Ok(q) => q,
                    Err(_) => match path.pop_and_increment() {
                        Ok(q) => q,
                        Err(_) => break,
                    },
                },
            };
        }
        assert_eq!(n, 20 + 380 + 6840 + 116_280);
    }
}
