//! The search index: the dictionary's fst unrolled into a flat array for the inner loop.
//!
//! Decoding an fst node (its header, packed transitions and outputs) costs tens of
//! nanoseconds, and the solver takes about a thousand letter steps a board. Here every fst
//! node becomes one header word (a 26-bit letter mask and a 6-bit code for the tier of the
//! word it ends) followed by its edges, so a letter step is a bit test, a popcount and a
//! load, usually in the same cache line. The array is built once per dictionary from the map
//! (tens of milliseconds for the English list) and shared by every clone of the dictionary.

use std::borrow::Cow;
use std::collections::HashMap;

use fst::raw::{CompiledAddr, Fst};

/// The `fin` of a state that is not a word.
pub(crate) const NOT_FINAL: u32 = u32::MAX;

/// Words of a state's header: the letter mask and the tier code in one word.
const HEADER: usize = 1;

/// The letter bits of a header word (the low 26); the tier code is above them.
pub(crate) const LETTERS: u32 = (1 << 26) - 1;

/// The shift of a header word's tier code: 0 for a state that ends no word, 1 to
/// [`ESCAPE`]` - 1` for the tiers of [`Index::tiers`], [`ESCAPE`] for a tier looked up in
/// [`Index::escaped`].
pub(crate) const CODE_SHIFT: u32 = 26;

/// The tier code that sends the look-up to the escaped states: a list with more distinct
/// tiers than the codes has its rarest-valued ones there (the English list has a dozen).
const ESCAPE: u32 = 63;

/// Levels of the index laid out breadth first, before the states below them are laid out
/// depth first (see [`Index::build`]). Measured on the public boards with the index out of
/// the core's caches: 2 to 4 levels lay out alike, 6 is slower.
const BFS_LEVELS: usize = 3;

/// Words of a state's *window*: its header and room for all 26 edges, rounded up to a power
/// of two. The array ends with this many zero words, so every state's window lies inside it:
/// a walk checks the bounds once per state (the window) instead of once per word read, and
/// an edge's index within the window is masked into range rather than checked.
pub(crate) const WINDOW: usize = 32;
const _: () = assert!(HEADER + 26 <= WINDOW && WINDOW.is_power_of_two());

/// The unrolled automaton, one flat array. A state at offset `s` is `data[s]` = its letter
/// mask (bit `l` for letter `b'a' + l`) with the code of the tier of the word it ends in the
/// top six bits (0 if none; see [`CODE_SHIFT`]), then one word per edge in letter order: the
/// offset of the target state. The root is at offset 0; [`WINDOW`] zero words follow the
/// last state. One header word a state, not two, keeps the English index at about 1.6 MB.
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
    /// The tier of each code (`tiers[0]` unused): the list's distinct tiers, smallest first.
    tiers: [u8; 64],
    /// The tiers of the states whose code is [`ESCAPE`], by offset (ascending).
    escaped: Vec<(u32, u8)>,
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
    /// Unrolls the fst. States are laid out in two orders: the top [`BFS_LEVELS`] levels
    /// breadth first (shallow states, which every board visits, sit together at the front),
    /// then the states below each of the last level's, depth first (a state's first child
    /// right after it, so a walk down a chain of letters reads neighbouring cache lines).
    /// Transitions on bytes other than `a`-`z` are left out (no tile spells them; the
    /// dictionary's constructors admit only lowercase letters).
    pub fn build<D: AsRef<[u8]>>(fst: &Fst<D>) -> Index {
        let mut numbering = Numbering {
            first: vec![u32::MAX; fst.as_bytes().len() + 1],
            rest: HashMap::new(),
            keys: Vec::new(),
        };
        numbering.id((fst.root().addr(), 0));
        // A state's targets, in letter order, appended to `out`.
        let children = |(addr, acc): Key, out: &mut Vec<Key>| {
            for t in fst.node(addr).transitions() {
                if t.inp.wrapping_sub(b'a') < 26 {
                    out.push((t.addr, acc.saturating_add(t.out.value())));
                }
            }
        };
        // First pass: number the states, breadth first for the top levels...
        let mut scratch = Vec::new();
        let (mut next, mut level_end) = (0, 1);
        for _ in 0..BFS_LEVELS {
            while next < level_end {
                scratch.clear();
                children(numbering.keys[next], &mut scratch);
                next += 1;
                for &c in &scratch {
                    numbering.id(c);
                }
            }
            level_end = numbering.keys.len();
        }
        // ...then depth first below each state of the last level, in order (a stack of the
        // targets still to visit, the first on top; a state already numbered is not entered
        // again).
        let mut stack: Vec<Key> = Vec::new();
        for f in next..level_end {
            scratch.clear();
            children(numbering.keys[f], &mut scratch);
            stack.extend(scratch.iter().rev());
            while let Some(key) = stack.pop() {
                let fresh = numbering.keys.len();
                if numbering.id(key) as usize == fresh {
                    scratch.clear();
                    children(key, &mut scratch);
                    stack.extend(scratch.iter().rev());
                }
            }
        }
        // Second pass: in the order numbered, record each state's targets.
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
        // Codes for the tiers: the distinct tiers, smallest first, up to the escape code.
        let mut distinct: Vec<u32> = spans
            .iter()
            .map(|s| s.1)
            .filter(|&f| f != NOT_FINAL)
            .collect();
        distinct.sort_unstable();
        distinct.dedup();
        let mut tiers = [0u8; 64];
        for (c, &t) in distinct.iter().take(ESCAPE as usize - 1).enumerate() {
            tiers[c + 1] = t as u8;
        }
        let code = |fin: u32| -> u32 {
            if fin == NOT_FINAL {
                return 0;
            }
            match distinct.binary_search(&fin) {
                Ok(c) if c + 1 < ESCAPE as usize => c as u32 + 1,
                _ => ESCAPE,
            }
        };
        let mut escaped = Vec::new();
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
            let c = code(fin);
            if c == ESCAPE {
                escaped.push((data.len() as u32, fin as u8));
            }
            data.push(mask | c << CODE_SHIFT);
            for &target in &targets[t..t + edges as usize] {
                data.push(offset[target as usize]);
            }
            t += edges as usize;
        }
        data.extend([0; WINDOW]);
        Index {
            data: Cow::Owned(data),
            tiers,
            escaped,
        }
    }

    /// An index from bytes written by [`to_le_bytes`](Self::to_le_bytes) (trusted: the crate's
    /// own build output; a bad array could only give wrong words, never a panic). On a
    /// little-endian machine with the bytes aligned to 4 (the embedded index is), the words
    /// are read in place; otherwise they are copied once.
    pub fn from_static(bytes: &'static [u8]) -> Index {
        let words: Cow<'static, [u32]> = match bytemuck::try_cast_slice::<u8, u32>(bytes) {
            Ok(words) if cfg!(target_endian = "little") => Cow::Borrowed(words),
            _ => Cow::Owned(
                bytes
                    .chunks_exact(4)
                    .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                    .collect(),
            ),
        };
        // The trailer, read from the end: the array's length, the escaped states' count,
        // then (before them) the escaped pairs and the 16 words of the tier table.
        let n = words.len();
        let get = |i: usize| words.get(i).copied().unwrap_or(0) as usize;
        let (len, count) = (get(n.wrapping_sub(2)), get(n.wrapping_sub(1)));
        let table = len.min(n);
        let mut tiers = [0u8; 64];
        if let Some(table) = words.get(table..table + 16) {
            for (four, w) in tiers.chunks_exact_mut(4).zip(table) {
                four.copy_from_slice(&w.to_le_bytes());
            }
        }
        let escaped = (0..count.min(n))
            .map(|k| {
                let at = table + 16 + 2 * k;
                (get(at) as u32, get(at + 1) as u8)
            })
            .collect();
        let data = match words {
            Cow::Borrowed(w) => Cow::Borrowed(&w[..table]),
            Cow::Owned(mut w) => {
                w.truncate(table);
                Cow::Owned(w)
            }
        };
        Index {
            data,
            tiers,
            escaped,
        }
    }

    /// The array and its tier tables as little-endian bytes (for `build.rs`, which embeds the
    /// English index): the array, the tier table (16 words), the escaped states (offset,
    /// tier), the array's length in words and the escaped states' count.
    #[allow(dead_code)]
    pub fn to_le_bytes(&self) -> Vec<u8> {
        let mut words: Vec<u32> = self.data.to_vec();
        words.extend(
            self.tiers
                .chunks_exact(4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])),
        );
        for &(at, tier) in &self.escaped {
            words.extend([at, u32::from(tier)]);
        }
        words.extend([self.data.len() as u32, self.escaped.len() as u32]);
        words.iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    /// True if the array is read in place from static bytes (not copied).
    #[allow(dead_code)]
    pub fn is_borrowed(&self) -> bool {
        matches!(self.data, Cow::Borrowed(_))
    }

    /// The array as a plain slice, for the inner loop (one look at the `Cow` per run).
    #[inline(always)]
    pub fn view(&self) -> View<'_> {
        View {
            data: &self.data,
            tiers: &self.tiers,
            escaped: &self.escaped,
        }
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
    tiers: &'a [u8; 64],
    escaped: &'a [(u32, u8)],
}

impl View<'_> {
    /// Word `i` of the array.
    #[inline(always)]
    fn word(&self, i: usize) -> Option<u32> {
        self.data.get(i).copied()
    }

    /// The letter mask of the state at `state` (its header without the tier code).
    #[inline(always)]
    pub fn mask(&self, state: u32) -> u32 {
        self.word(state as usize).unwrap_or(0) & LETTERS
    }

    /// The tier of the word the state ends, or [`NOT_FINAL`].
    #[inline(always)]
    pub fn fin(&self, state: u32) -> u32 {
        match self.word(state as usize) {
            Some(header) => self.tier(state, header >> CODE_SHIFT),
            None => NOT_FINAL,
        }
    }

    /// The tier of the state at `state` whose header has tier code `code` (its header word
    /// shifted by [`CODE_SHIFT`]), or [`NOT_FINAL`] for code 0.
    #[inline(always)]
    pub fn tier(&self, state: u32, code: u32) -> u32 {
        if code == 0 {
            return NOT_FINAL;
        }
        if code < ESCAPE {
            return u32::from(self.tiers[(code & 63) as usize]);
        }
        self.escaped_tier(state)
    }

    /// The tier of an escaped state (a list with more distinct tiers than codes).
    #[cold]
    #[inline(never)]
    fn escaped_tier(&self, state: u32) -> u32 {
        match self.escaped.binary_search_by_key(&state, |e| e.0) {
            Ok(i) => u32::from(self.escaped[i].1),
            Err(_) => NOT_FINAL,
        }
    }

    /// The state after one letter, if there is an edge for it.
    #[inline(always)]
    pub fn step(&self, state: u32, letter: u8) -> Option<u32> {
        let mask = self.mask(state);
        let bit = 1u32.checked_shl(letter.wrapping_sub(b'a') as u32)? & LETTERS;
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
    fn more_tiers_than_codes_escape_and_survive_the_bytes() {
        // 200 words with 200 distinct tiers: the smallest 62 get codes, the rest escape.
        let words: Vec<(String, u64)> = (0..200u64)
            .map(|i| {
                let w: String = [i / 26, i % 26]
                    .iter()
                    .map(|&c| char::from(b'a' + c as u8))
                    .collect();
                (format!("x{w}"), 255 - i)
            })
            .collect();
        let map = fst::Map::from_iter(words.iter().map(|(w, t)| (w.as_str(), *t))).unwrap();
        let ix = Index::build(map.as_fst());
        assert!(!ix.escaped.is_empty());
        let bytes: &'static [u8] = Box::leak(ix.to_le_bytes().into_boxed_slice());
        let back = Index::from_static(bytes);
        assert_eq!(back, ix);
        for (w, t) in &words {
            let s = ix.walk(0, w.as_bytes()).unwrap();
            assert_eq!(ix.fin(s), *t as u32, "{w}");
            assert_eq!(back.fin(s), *t as u32, "{w}");
        }
        assert_eq!(ix.fin(ix.walk(0, b"x").unwrap()), NOT_FINAL);
        // Letters past `z` never step, whatever the header's code bits.
        assert!(ix.walk(0, &[b'a' + 30]).is_none());
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
            assert_eq!(v.tier(s, window[0] >> CODE_SHIFT), ix.fin(s), "{w}");
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
