//! The generator's random numbers: SplitMix64, small, fast and fully specified, so a seed
//! gives the same puzzles on every platform and in every version of the crate's
//! dependencies (a generator crate's stream may change between its releases).

/// SplitMix64 (Steele, Lea and Flood, 2014).
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    /// The stream of puzzle `index` of the run seeded with `seed`: every puzzle has its own,
    /// so puzzles can be made in any order, on any thread.
    pub(crate) fn for_puzzle(seed: u64, index: u64) -> Rng {
        let mut r = Rng(seed);
        let a = r.next_u64();
        Rng(a ^ mix(index.wrapping_add(0x632B_E59B_D9B4_E019)))
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }

    /// A number below `n` (`n > 0`), by multiply-shift (bias below 2^-32 for n < 2^32).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// Shuffles in place (Fisher-Yates).
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_fixed_and_distinct() {
        // SplitMix64's published first output for seed 0.
        assert_eq!(Rng(0).next_u64(), 0xE220_A839_7B1D_CDAF);
        let a: Vec<u64> = (0..4).map(|i| Rng::for_puzzle(7, i).next_u64()).collect();
        let b: Vec<u64> = (0..4).map(|i| Rng::for_puzzle(7, i).next_u64()).collect();
        assert_eq!(a, b);
        assert!(a.windows(2).all(|w| w[0] != w[1]));
        let mut r = Rng(1);
        assert!((0..1000).all(|_| r.below(9) < 9));
        let mut v: Vec<u8> = (0..9).collect();
        r.shuffle(&mut v);
        v.sort();
        assert_eq!(v, (0..9).collect::<Vec<_>>());
    }
}
