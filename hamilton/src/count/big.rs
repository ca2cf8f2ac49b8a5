//! A non-negative integer of any size, with just what path counting needs: addition,
//! comparison and decimal printing. (A full big-integer crate would put a third-party type
//! into this crate's public API for two operations.)

use std::cmp::Ordering;
use std::fmt;

/// A path count of any size.
///
/// ```
/// use hamilton_solver::count::BigCount;
/// let mut c = BigCount::from(u128::MAX);
/// c += &BigCount::from(1u128);
/// assert_eq!(c.to_string(), "340282366920938463463374607431768211456");
/// assert_eq!(c.to_u128(), None);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct BigCount {
    /// Little-endian 64-bit limbs, no high zero limbs.
    limbs: Vec<u64>,
}

impl BigCount {
    /// Zero.
    pub fn zero() -> BigCount {
        BigCount { limbs: Vec::new() }
    }

    /// True for zero.
    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// The value as a `u128`, if it fits.
    pub fn to_u128(&self) -> Option<u128> {
        match self.limbs.len() {
            0 => Some(0),
            1 => Some(u128::from(self.limbs[0])),
            2 => Some(u128::from(self.limbs[0]) | (u128::from(self.limbs[1]) << 64)),
            _ => None,
        }
    }

    /// The value as a `u64`, if it fits.
    pub fn to_u64(&self) -> Option<u64> {
        self.to_u128().and_then(|v| u64::try_from(v).ok())
    }

    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    /// Divides in place by a small divisor, returning the remainder.
    fn div_small(&mut self, d: u64) -> u64 {
        let mut rem = 0u128;
        for limb in self.limbs.iter_mut().rev() {
            let cur = (rem << 64) | u128::from(*limb);
            *limb = (cur / u128::from(d)) as u64;
            rem = cur % u128::from(d);
        }
        self.trim();
        rem as u64
    }
}

impl From<u128> for BigCount {
    fn from(v: u128) -> Self {
        let mut c = BigCount {
            limbs: vec![v as u64, (v >> 64) as u64],
        };
        c.trim();
        c
    }
}

impl From<u64> for BigCount {
    fn from(v: u64) -> Self {
        BigCount::from(u128::from(v))
    }
}

impl std::ops::AddAssign<&BigCount> for BigCount {
    fn add_assign(&mut self, rhs: &BigCount) {
        if self.limbs.len() < rhs.limbs.len() {
            self.limbs.resize(rhs.limbs.len(), 0);
        }
        let mut carry = false;
        for i in 0..self.limbs.len() {
            let r = rhs.limbs.get(i).copied().unwrap_or(0);
            if r == 0 && !carry && i >= rhs.limbs.len() {
                break;
            }
            let (s1, c1) = self.limbs[i].overflowing_add(r);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            self.limbs[i] = s2;
            carry = c1 || c2;
        }
        if carry {
            self.limbs.push(1);
        }
    }
}

impl Ord for BigCount {
    fn cmp(&self, other: &Self) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

impl PartialOrd for BigCount {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq<u128> for BigCount {
    fn eq(&self, other: &u128) -> bool {
        self.to_u128() == Some(*other)
    }
}

impl fmt::Display for BigCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const CHUNK: u64 = 10_000_000_000_000_000_000; // 10^19
        if self.is_zero() {
            return f.pad("0");
        }
        let mut v = self.clone();
        let mut parts = Vec::new();
        while !v.is_zero() {
            parts.push(v.div_small(CHUNK));
        }
        let mut s = parts.pop().map(|p| p.to_string()).unwrap_or_default();
        for p in parts.iter().rev() {
            s.push_str(&format!("{p:019}"));
        }
        f.pad(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds_with_carries_and_prints() {
        let mut a = BigCount::from(u64::MAX);
        a += &BigCount::from(1u64);
        assert_eq!(a.to_u128(), Some(1u128 << 64));
        let mut b = BigCount::zero();
        for _ in 0..1000 {
            b += &BigCount::from(u128::MAX);
        }
        assert_eq!(b.to_string(), "340282366920938463463374607431768211455000");
        assert!(b > a);
        assert_eq!(BigCount::zero().to_string(), "0");
        assert_eq!(BigCount::from(12345u64), 12345u128);
    }
}
