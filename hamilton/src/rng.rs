//! The small seeded generator behind every random choice of the engines (tie-breaks after
//! restarts, cover orders): deterministic, so the same board gives the same work.

/// The next number of a xorshift64* generator with state `x` (never 0).
#[inline]
pub(crate) fn xorshift64_star(x: &mut u64) -> u64 {
    *x ^= *x >> 12;
    *x ^= *x << 25;
    *x ^= *x >> 27;
    x.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_numbers_and_never_stuck() {
        let (mut a, mut b) = (1u64, 1u64);
        let xs: Vec<u64> = (0..8).map(|_| xorshift64_star(&mut a)).collect();
        let ys: Vec<u64> = (0..8).map(|_| xorshift64_star(&mut b)).collect();
        assert_eq!(xs, ys);
        assert!(xs.windows(2).all(|w| w[0] != w[1]));
        assert_ne!(a, 0);
    }
}
