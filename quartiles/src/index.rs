//! The search index: the dictionary's fst unrolled into a flat array for the inner loop.
//!
//! Decoding an fst node (its header, packed transitions and outputs) costs tens of
//! nanoseconds, and the solver takes about a thousand letter steps a board. Here every fst
//! node becomes a 26-bit letter mask and a tier followed by its edges, so a letter step is a
//! bit test, a popcount and a load, usually in the same cache line. The array is
//! built once per dictionary from the map (tens of milliseconds for the English list) and
//! shared by every clone of the dictionary.

use std::borrow::Cow;
use std::collections::HashMap;

use fst::raw::{CompiledAddr, Fst};

/// The `fin` of a state that is not a word.
pub(crate) const NOT_FINAL: u32 = u32::MAX;

/// Words of a state's header: letter mask, tier.
const HEADER: usize = 2;

/// Words of a state's *window*: its header and room for all 26 edges, rounded up to a power
/// of two. The array ends with this many zero words, so every state's window lies inside it:
/// a walk checks the bounds once per state (the window) instead of once per word read, and
/// an edge's index within the window is masked into range rather than checked.
pub(crate) const WINDOW: usize = 32;
const _: () = assert!(HEADER + 26 <= WINDOW && WINDOW.is_power_of_two());

/// The unrolled automaton, one flat array. A state at offset `s` is `data[s]` = its letter
/// mask (bit `l` for letter `b'a' + l`), `data[s + 1]` = the tier of the word it ends
/// ([`NOT_FINAL`] if none), then one word per edge in letter order: the offset of the target
/// state. The root is at offset 0; [`WINDOW`] zero words follow the last state.
///
/// An fst carries a word's value as outputs spread over the path's transitions. Here a state
/// is an fst node *together with* the output gathered on the way to it, so the tier sits in
/// the state and a walk carries nothing but the state (the English list has 138 thousand
/// such states against 130 thousand fst nodes).
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Index {
    /// The array: built at run time for custom lists, or embedded (the English list's index
    /// is built by `build.rs` when the crate compiles, and read in place as `u32` words).
    data: Cow<'static, [u32]>,
}

/// A state of the product: fst node address and the output gathered on the way to it.
type Key = (CompiledAddr, u64);

/// Numbers product states. Most fst nodes are reached with one output only, so a flat table
/// by address holds the first state of each node and a hash map the rest.
struct Numbering {
    first: Vec<u32>,
    rest: HashMap<Key, u32>,
    keys: Vec<Key>,
}

impl Numbering {
    fn id(&mut self, key: Key) -> u32 {
        let slot = key.0.min(self.first.len() - 1);
        let id = self.first[slot];
        let n = self.keys.len() as u32;
        if id == u32::MAX {
            self.first[slot] = n;
            self.keys.push(key);
            return n;
        }
        if self.keys[id as usize].1 == key.1 {
            return id;
        }
        let id = *self.rest.entry(key).or_insert(n);
        if id == n {
            self.keys.push(key);
        }
        id
    }
}

impl Index {
    /// Unrolls the fst breadth first (shallow states, which every board visits, sit together
    /// at the front). Transitions on bytes other than `a`-`z` are left out (no tile spells
    /// them; the dictionary's constructors admit only lowercase letters).
    pub fn build<D: AsRef<[u8]>>(fst: &Fst<D>) -> Index {
        let mut numbering = Numbering {
            first: vec![u32::MAX; fst.as_bytes().len() + 1],
            rest: HashMap::new(),
            keys: Vec::new(),
        };
        numbering.id((fst.root().addr(), 0));
        // First pass: number the states breadth first and record their targets.
        let mut targets: Vec<u32> = Vec::new();
        let mut spans: Vec<(u32, u32, u32)> = Vec::new(); // mask, tier, edges
        let mut next = 0;
        while next < numbering.keys.len() {
            let (addr, acc) = numbering.keys[next];
            next += 1;
            let node = fst.node(addr);
            let mut mask = 0u32;
            let mut edges = 0;
            for t in node.transitions() {
                let l = t.inp.wrapping_sub(b'a');
                if l >= 26 {
                    continue;
                }
                mask |= 1 << l;
                edges += 1;
                targets.push(numbering.id((t.addr, acc.saturating_add(t.out.value()))));
            }
            let fin = if node.is_final() {
                acc.saturating_add(node.final_output().value()).min(0xff) as u32
            } else {
                NOT_FINAL
            };
            spans.push((mask, fin, edges));
        }
        // Offsets of the states, then the array with targets turned into offsets.
        let mut offset = Vec::with_capacity(spans.len());
        let mut at = 0u32;
        for &(_, _, edges) in &spans {
            offset.push(at);
            at = at.saturating_add(HEADER as u32 + edges);
        }
        let mut data = Vec::with_capacity(at as usize + WINDOW);
        let mut t = 0;
        for &(mask, fin, edges) in &spans {
            data.extend([mask, fin]);
            for &target in &targets[t..t + edges as usize] {
                data.push(offset[target as usize]);
            }
            t += edges as usize;
        }
        data.extend([0; WINDOW]);
        Index {
            data: Cow::Owned(data),
        }
    }

    /// An index from bytes written by [`to_le_bytes`](Self::to_le_bytes) (trusted: the crate's
    /// own build output; a bad array could only give wrong words, never a panic). On a
    /// little-endian machine with the bytes aligned to 4 (the embedded index is), the words
    /// are read in place; otherwise they are copied once.
    pub fn from_static(bytes: &'static [u8]) -> Index {
        let data = match bytemuck::try_cast_slice::<u8, u32>(bytes) {
            Ok(words) if cfg!(target_endian = "little") => Cow::Borrowed(words),
            _ => Cow::Owned(
                bytes
                    .chunks_exact(4)
                    .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                    .collect(),
            ),
        };
        Index { data }
    }

    /// The array as little-endian bytes (for `build.rs`, which embeds the English index).
    #[allow(dead_code)]
    pub fn to_le_bytes(&self) -> Vec<u8> {
        self.data.iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    /// True if the array is read in place from static bytes (not copied).
    #[allow(dead_code)]
    pub fn is_borrowed(&self) -> bool {
        matches!(self.data, Cow::Borrowed(_))
    }

    /// The array as a plain slice, for the inner loop (one look at the `Cow` per run).
    #[inline(always)]
    pub fn view(&self) -> View<'_> {
        View { data: &self.data }
    }

    /// The tier of the word the state ends, or [`NOT_FINAL`].
    #[allow(dead_code)]
    pub fn fin(&self, state: u32) -> u32 {
        self.view().fin(state)
    }

    /// Follows `letters` from `state`.
    #[allow(dead_code)]
    pub fn walk(&self, state: u32, letters: &[u8]) -> Option<u32> {
        self.view().walk(state, letters)
    }
}

/// Bits of a letter mask counted by one look-up of [`POPCOUNT_13`].
const HALF: u32 = 13;

/// The number of set bits of every 13-bit value (two look-ups count a 26-bit letter mask).
static POPCOUNT_13: [u8; 1 << HALF] = {
    let mut t = [0u8; 1 << HALF];
    let mut i = 1;
    while i < t.len() {
        t[i] = t[i >> 1] + (i & 1) as u8;
        i += 1;
    }
    t
};

/// The set bits of a letter mask (26 bits; higher bits are never set).
#[inline(always)]
pub(crate) fn rank_below(below: u32) -> u32 {
    // A build for a target with the instruction (`-C target-cpu=native`) uses it.
    if cfg!(target_feature = "popcnt") {
        return below.count_ones();
    }
    let lo = (below & ((1 << HALF) - 1)) as usize;
    let hi = ((below >> HALF) & ((1 << HALF) - 1)) as usize;
    u32::from(POPCOUNT_13[lo]) + u32::from(POPCOUNT_13[hi])
}

/// The target of the edge for the letter with mask bit `bit`, which `mask` (the window's
/// letter mask) has. Its rank is at most 25, so the index is within the window; the mask
/// (a no-op) spares the bounds check.
#[inline(always)]
pub(crate) fn window_edge(window: &[u32; WINDOW], mask: u32, bit: u32) -> u32 {
    window[(HEADER + rank_below(mask & bit.wrapping_sub(1)) as usize) & (WINDOW - 1)]
}

/// A borrowed [`Index`]: the same queries on the bytes themselves.
#[derive(Clone, Copy, Debug)]
pub(crate) struct View<'a> {
    data: &'a [u32],
}

impl View<'_> {
    /// Word `i` of the array.
    #[inline(always)]
    fn word(&self, i: usize) -> Option<u32> {
        self.data.get(i).copied()
    }

    /// The letter mask of the state at `state`.
    #[inline(always)]
    pub fn mask(&self, state: u32) -> u32 {
        self.word(state as usize).unwrap_or(0)
    }

    /// The tier of the word the state ends, or [`NOT_FINAL`].
    #[inline(always)]
    pub fn fin(&self, state: u32) -> u32 {
        self.word(state as usize + 1).unwrap_or(NOT_FINAL)
    }

    /// The state after one letter, if there is an edge for it.
    #[inline(always)]
    pub fn step(&self, state: u32, letter: u8) -> Option<u32> {
        let mask = self.mask(state);
        let bit = 1u32.checked_shl(letter.wrapping_sub(b'a') as u32)?;
        if mask & bit == 0 {
            return None;
        }
        // The edge's rank among the state's edges. Without a popcount instruction (the
        // baseline x86-64 target has none) `count_ones` is a dozen operations; two loads from
        // a table of 13-bit popcounts (8 KiB, which stays in the L1 cache) do it instead.
        self.edge(state, rank_below(mask & (bit - 1)))
    }

    /// The target of the state's edge of rank `rank` (its `rank`-th letter, from 0): for a
    /// caller that walks a state's letters in order and knows the mask already.
    #[inline(always)]
    pub fn edge(&self, state: u32, rank: u32) -> Option<u32> {
        self.word(state as usize + HEADER + rank as usize)
    }

    /// The state after the letter whose mask bit is `bit` (one bit of the low 26), if there
    /// is an edge for it.
    #[inline(always)]
    pub fn step_bit(&self, state: u32, bit: u32) -> Option<u32> {
        let mask = self.mask(state);
        if mask & bit == 0 {
            return None;
        }
        self.edge(state, rank_below(mask & bit.wrapping_sub(1)))
    }

    /// Follows the letters whose mask bits are `bits` from `state`.
    #[inline(always)]
    pub fn walk_bits(&self, mut state: u32, bits: &[u32]) -> Option<u32> {
        for &bit in bits {
            state = self.step_bit(state, bit)?;
        }
        Some(state)
    }

    /// The window of the state at `state` (see [`WINDOW`]), if it lies in the array.
    #[inline(always)]
    pub fn window(&self, state: u32) -> Option<&[u32; WINDOW]> {
        let s = state as usize;
        self.data.get(s..s + WINDOW)?.try_into().ok()
    }

    /// From a state's window, the state after the letter whose mask bit is `bit`, if there
    /// is an edge for it, with its window.
    #[inline(always)]
    pub fn step_window(&self, window: &[u32; WINDOW], bit: u32) -> Option<(u32, &[u32; WINDOW])> {
        let mask = window[0];
        if mask & bit == 0 {
            return None;
        }
        let next = window_edge(window, mask, bit);
        Some((next, self.window(next)?))
    }

    /// Follows the letters whose mask bits are `bits` from the state `state` with window
    /// `window`: the state reached and its window.
    #[inline(always)]
    pub fn walk_window<'w>(
        &'w self,
        mut state: (u32, &'w [u32; WINDOW]),
        bits: &[u32],
    ) -> Option<(u32, &'w [u32; WINDOW])> {
        for &bit in bits {
            state = self.step_window(state.1, bit)?;
        }
        Some(state)
    }

    /// Follows `letters` from `state`.
    #[inline(always)]
    pub fn walk(&self, mut state: u32, letters: &[u8]) -> Option<u32> {
        for &b in letters {
            state = self.step(state, b)?;
        }
        Some(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_counts_the_bits_below() {
        for m in [
            0u32,
            1,
            0b1011,
            (1 << 26) - 1,
            1 << 25,
            0x2aa_aaaa,
            0x155_5555,
        ] {
            assert_eq!(rank_below(m), m.count_ones(), "{m:#x}");
        }
    }

    #[test]
    fn walks_like_the_fst() {
        let map = fst::Map::from_iter([("ab", 3u64), ("abc", 7), ("b", 1), ("bcd", 200)]).unwrap();
        let ix = Index::build(map.as_fst());
        for (w, v) in [("ab", 3), ("abc", 7), ("b", 1), ("bcd", 200)] {
            let s = ix.walk(0, w.as_bytes()).unwrap();
            assert_eq!(ix.fin(s), v, "{w}");
        }
        let s = ix.walk(0, b"bc").unwrap();
        assert_eq!(ix.fin(s), NOT_FINAL);
        assert!(ix.walk(0, b"ac").is_none());
        assert!(ix.walk(0, b"A").is_none());
    }

    #[test]
    fn every_state_has_a_window_and_windows_walk_like_letters() {
        let map = fst::Map::from_iter([("ab", 3u64), ("abc", 7), ("b", 1), ("bcd", 200)]).unwrap();
        let ix = Index::build(map.as_fst());
        let v = ix.view();
        let bit = |c: u8| 1u32 << (c - b'a');
        for w in ["ab", "abc", "b", "bcd"] {
            let bits: Vec<u32> = w.bytes().map(bit).collect();
            let (s, window) = v.walk_window((0, v.window(0).unwrap()), &bits).unwrap();
            assert_eq!(Some(s), ix.walk(0, w.as_bytes()), "{w}");
            assert_eq!(window[1], ix.fin(s), "{w}");
        }
        // The deepest state ("bcd", no edges) is among the last: its window still fits.
        let last = ix.walk(0, b"bcd").unwrap();
        assert!(v.window(last).is_some());
        assert!(
            v.walk_window((0, v.window(0).unwrap()), &[bit(b'c')])
                .is_none()
        );
    }
}
