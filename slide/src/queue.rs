//! The open list: the [`PQLike`] trait and two implementations that pop in the same order.
//!
//! Order: smallest `f` first; among equal `f`, largest `g` first (the node nearest the goal by
//! its estimate); among equal `(f, g)`, the most recently pushed (largest `id`). Because both
//! queues follow this exact order, A* expands the same nodes with either.

use std::collections::BinaryHeap;

/// One open-list entry: the node's `f = g + h`, its `g`, and its id in the engine's node arena
/// (ids grow with every push, so they also record push order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// Estimated total cost `g + h`.
    pub f: u32,
    /// Cost so far.
    pub g: u32,
    /// Node id (push order).
    pub id: u32,
}

impl Ord for Entry {
    /// "Greater" means "pops first", as `BinaryHeap` wants.
    fn cmp(&self, o: &Self) -> std::cmp::Ordering {
        o.f.cmp(&self.f)
            .then(self.g.cmp(&o.g))
            .then(self.id.cmp(&o.id))
    }
}

impl PartialOrd for Entry {
    fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}

/// A priority queue of [`Entry`] values, in the shape of the seed's `PQLike` concept
/// (`empty`, `size`, `push`, `pop`, `top`), under Rust names.
pub trait PQLike: Default {
    /// True when nothing is queued (the seed's `empty()`).
    fn is_empty(&self) -> bool;
    /// Number of entries queued.
    fn len(&self) -> usize;
    /// Adds an entry.
    fn push(&mut self, e: Entry);
    /// Removes and returns the entry that comes first.
    fn pop(&mut self) -> Option<Entry>;
    /// The entry that would be popped next.
    fn peek(&self) -> Option<Entry>;
    /// Removes every entry, keeping allocations for reuse.
    fn clear(&mut self);
    /// A short name for tables.
    fn name() -> &'static str;
}

/// A binary heap (`std::collections::BinaryHeap`).
#[derive(Clone, Debug, Default)]
pub struct HeapQueue {
    heap: BinaryHeap<Entry>,
}

impl PQLike for HeapQueue {
    fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }
    fn len(&self) -> usize {
        self.heap.len()
    }
    fn push(&mut self, e: Entry) {
        self.heap.push(e);
    }
    fn pop(&mut self) -> Option<Entry> {
        self.heap.pop()
    }
    fn peek(&self) -> Option<Entry> {
        self.heap.peek().copied()
    }
    fn clear(&mut self) {
        self.heap.clear();
    }
    fn name() -> &'static str {
        "heap"
    }
}

/// Buckets indexed by `f`, each split into stacks by `g`: push and pop in O(1) amortised,
/// since `f` and `g` are small integers.
#[derive(Clone, Debug, Default)]
pub struct BucketQueue {
    /// `buckets[f][g]`: a stack of ids.
    buckets: Vec<Vec<Vec<u32>>>,
    /// Entries per `f`.
    count: Vec<usize>,
    /// Largest `g` that may be non-empty, per `f`.
    top_g: Vec<usize>,
    /// No entry has `f` below this.
    min_f: usize,
    len: usize,
}

impl BucketQueue {
    fn first(&self) -> Option<(usize, usize)> {
        if self.len == 0 {
            return None;
        }
        let mut f = self.min_f;
        while self.count[f] == 0 {
            f += 1;
        }
        let mut g = self.top_g[f];
        while self.buckets[f][g].is_empty() {
            g -= 1;
        }
        Some((f, g))
    }
}

impl PQLike for BucketQueue {
    fn is_empty(&self) -> bool {
        self.len == 0
    }
    fn len(&self) -> usize {
        self.len
    }
    fn push(&mut self, e: Entry) {
        let (f, g) = (e.f as usize, e.g as usize);
        if self.buckets.len() <= f {
            self.buckets.resize_with(f + 1, Vec::new);
            self.count.resize(f + 1, 0);
            self.top_g.resize(f + 1, 0);
        }
        let b = &mut self.buckets[f];
        if b.len() <= g {
            b.resize_with(g + 1, Vec::new);
        }
        b[g].push(e.id);
        self.count[f] += 1;
        self.top_g[f] = self.top_g[f].max(g);
        if self.len == 0 || f < self.min_f {
            self.min_f = f;
        }
        self.len += 1;
    }
    fn pop(&mut self) -> Option<Entry> {
        let (f, g) = self.first()?;
        let id = self.buckets[f][g].pop()?;
        self.min_f = f;
        self.top_g[f] = g;
        self.count[f] -= 1;
        self.len -= 1;
        Some(Entry {
            f: f as u32,
            g: g as u32,
            id,
        })
    }
    fn peek(&self) -> Option<Entry> {
        let (f, g) = self.first()?;
        let id = *self.buckets[f][g].last()?;
        Some(Entry {
            f: f as u32,
            g: g as u32,
            id,
        })
    }
    fn clear(&mut self) {
        for b in &mut self.buckets {
            for s in b.iter_mut() {
                s.clear();
            }
        }
        self.count.iter_mut().for_each(|c| *c = 0);
        self.top_g.iter_mut().for_each(|g| *g = 0);
        self.min_f = 0;
        self.len = 0;
    }
    fn name() -> &'static str {
        "bucket"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drain<Q: PQLike>(entries: &[Entry]) -> Vec<Entry> {
        let mut q = Q::default();
        for &e in entries {
            q.push(e);
        }
        assert_eq!(q.len(), entries.len());
        let mut out = Vec::new();
        while let Some(p) = q.peek() {
            assert_eq!(q.pop(), Some(p));
            out.push(p);
        }
        assert!(q.is_empty());
        out
    }

    #[test]
    fn both_queues_pop_in_the_same_order() {
        let mut entries = Vec::new();
        let mut x = 12345u32;
        for id in 0..500 {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let g = (x >> 16) % 20;
            let f = g + (x >> 8) % 7;
            entries.push(Entry { f, g, id });
        }
        let a = drain::<HeapQueue>(&entries);
        let b = drain::<BucketQueue>(&entries);
        assert_eq!(a, b);
        for w in a.windows(2) {
            assert!(w[0].f < w[1].f || (w[0].f == w[1].f && w[0].g >= w[1].g));
        }
    }
}
