//! A fast hasher for packed board keys (they are already well mixed permutations; one
//! multiply-fold is enough and much cheaper than SipHash).

use std::hash::{BuildHasherDefault, Hasher};

/// Folds the key's words with a multiply and keeps the high bits.
#[derive(Clone, Copy, Debug, Default)]
pub struct KeyHasher(u64);

const K: u64 = 0x9E37_79B9_7F4A_7C15;

impl Hasher for KeyHasher {
    #[inline]
    fn finish(&self) -> u64 {
        let x = (self.0 as u128).wrapping_mul(K as u128);
        (x as u64) ^ ((x >> 64) as u64)
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(K);
        }
    }

    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0 ^ x).wrapping_mul(K);
    }

    #[inline]
    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }
}

/// A `HashMap` keyed by packed boards.
pub type KeyMap<V> = hashbrown::HashMap<u128, V, BuildHasherDefault<KeyHasher>>;

/// A `HashSet` of packed boards.
pub type KeySet = hashbrown::HashSet<u128, BuildHasherDefault<KeyHasher>>;
