//! The score search's one source of randomness: SplitMix64, seeded per restart, so a run is a
//! pure function of its seed and every restart can be replayed on its own.

/// SplitMix64 (Steele, Lea and Flood, 2014): 64 bits of state, passes BigCrush, and any seed
/// (zero included) is a good one.
#[derive(Clone, Debug)]
pub(crate) struct SplitMix(u64);

impl SplitMix {
    /// The generator of restart `restart` of a run seeded with `seed`: the two are mixed so
    /// neighbouring restarts share no prefix of their streams.
    pub(crate) fn for_restart(seed: u64, restart: u64) -> SplitMix {
        let mut g = SplitMix(seed ^ 0x6A09_E667_F3BC_C908);
        let a = g.next_u64();
        SplitMix(a ^ restart.wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_reproducible_and_distinct() {
        let take = |s, r| {
            let mut g = SplitMix::for_restart(s, r);
            [g.next_u64(), g.next_u64(), g.next_u64()]
        };
        assert_eq!(take(7, 3), take(7, 3));
        assert_ne!(take(7, 3), take(7, 4));
        assert_ne!(take(7, 3), take(8, 3));
        // The published first output of SplitMix64 seeded with 0.
        let mut g = SplitMix(0);
        assert_eq!(g.next_u64(), 0xE220_A839_7B1D_CDAF);
    }
}
