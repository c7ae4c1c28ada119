//! How the kernels split large work over threads ([`ivy::parallel`]):
//! the size below which nothing splits, independent rows handed out in
//! chunks, and the fixed binary tree that combines partial results.
//!
//! Every split here depends only on the sizes of the work, never on the
//! number of threads, and partial results are combined in one fixed order,
//! so a kernel's result is bit-identical for any thread count.

/// Below this many elements of work a kernel runs as it always did, on the
/// calling thread, without touching the thread pool (the length compare is
/// the only cost). The cheapest kernels are memory-bound passes: one over
/// 2^17 `f32` takes about 21 us on one core of the 2-core build machine
/// (a plain 8-accumulator sum of 2^20 took 170 us), so halving it saves
/// about 10 us against a pool hand-off of a few microseconds; at 2^14 the
/// saving would be about the hand-off itself.
pub const PAR_MIN: usize = 1 << 17;

/// The least work of one parallel task, in elements: large enough that the
/// pool's hand-off (a few microseconds) is small beside it.
pub const TASK: usize = 1 << 15;

/// The running values of a fixed binary tree over a sequence of items:
/// items are pushed left to right and merged as a binary counter merges
/// them, so each run of `2^k` items aligned to a multiple of `2^k` becomes
/// one balanced subtree; [`Tree::finish`] joins the leftover subtrees from
/// the right. The shape of the tree depends only on the number of items,
/// and a sum along it has a rounding error that grows as `log n`.
pub struct Tree<I> {
    stack: [Option<I>; 64],
    depth: usize,
    count: u64,
}

impl<I> Tree<I> {
    /// An empty tree.
    #[inline]
    pub fn new() -> Tree<I> {
        Tree {
            stack: std::array::from_fn(|_| None),
            depth: 0,
            count: 0,
        }
    }

    /// Push the next item; `merge(left, right)` joins two neighbours.
    #[inline]
    pub fn push(&mut self, item: I, merge: &impl Fn(I, I) -> I) {
        let mut s = item;
        self.count += 1;
        let mut c = self.count;
        while c & 1 == 0 && self.depth > 0 {
            self.depth -= 1;
            if let Some(left) = self.stack[self.depth].take() {
                s = merge(left, s);
            }
            c >>= 1;
        }
        if let Some(slot) = self.stack.get_mut(self.depth) {
            *slot = Some(s);
            self.depth += 1;
        }
    }

    /// The join of every item pushed (`None` if none was).
    #[inline]
    pub fn finish(mut self, merge: &impl Fn(I, I) -> I) -> Option<I> {
        let mut acc: Option<I> = None;
        while self.depth > 0 {
            self.depth -= 1;
            let left = self.stack[self.depth].take();
            acc = match (left, acc) {
                (Some(l), Some(r)) => Some(merge(l, r)),
                (l, r) => l.or(r),
            };
        }
        acc
    }
}

impl<I> Default for Tree<I> {
    fn default() -> Self {
        Tree::new()
    }
}

/// The join of `items` along the fixed tree of [`Tree`].
#[inline]
pub fn tree<I>(items: impl IntoIterator<Item = I>, merge: impl Fn(I, I) -> I) -> Option<I> {
    let mut t = Tree::new();
    for i in items {
        t.push(i, &merge);
    }
    t.finish(&merge)
}

/// How many of the independent pieces of `unit` elements each go in one
/// parallel task (at least one).
#[inline]
pub fn per_task(unit: usize) -> usize {
    (TASK / unit.max(1)).max(1)
}

/// Apply `f(input row, output row)` to each of the independent rows of `x`
/// (rows of `row_in` elements) and `out` (rows of `row_out` elements), on
/// the pool when there are at least [`PAR_MIN`] input elements.
pub fn rows<T: Sync, U: Send>(
    x: &[T],
    row_in: usize,
    out: &mut [U],
    row_out: usize,
    f: impl Fn(&[T], &mut [U]) + Sync,
) {
    if row_out == 0 || row_in == 0 {
        return;
    }
    let run = |xs: &[T], os: &mut [U]| {
        for (a, b) in xs.chunks_exact(row_in).zip(os.chunks_exact_mut(row_out)) {
            f(a, b);
        }
    };
    if x.len() < PAR_MIN {
        run(x, out);
        return;
    }
    let k = per_task(row_in.max(row_out));
    ivy::parallel::fill_chunks(out, k * row_out, |offset, part| {
        let first = offset / row_out;
        let n = part.len() / row_out;
        if let Some(xs) = x.get(first * row_in..(first + n) * row_in) {
            run(xs, part);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tree_is_a_binary_counter() {
        let show = |n: usize| {
            tree((0..n).map(|i| i.to_string()), |a, b| format!("({a} {b})")).unwrap_or_default()
        };
        assert_eq!(show(1), "0");
        assert_eq!(show(4), "((0 1) (2 3))");
        assert_eq!(show(5), "(((0 1) (2 3)) 4)");
        assert_eq!(show(7), "(((0 1) (2 3)) ((4 5) 6))");
        assert_eq!(show(0), "");
    }

    #[test]
    fn a_tree_of_aligned_runs_is_the_tree_of_their_items() {
        // Tasks of 4 items joined by the tree give the tree of all items.
        for n in 1..70 {
            let items: Vec<String> = (0..n).map(|i| i.to_string()).collect();
            let m = |a: String, b: String| format!("({a} {b})");
            let whole = tree(items.clone(), m);
            let parts = items
                .chunks(4)
                .map(|c| tree(c.to_vec(), m).unwrap_or_default());
            assert_eq!(tree(parts, m), whole, "{n}");
        }
    }

    #[test]
    fn rows_visit_every_row_for_any_thread_count() -> ivy::Result<()> {
        let x: Vec<u32> = (0..PAR_MIN as u32 * 2).collect();
        for n in [1, 3] {
            let mut out = vec![0u64; x.len() / 4];
            ivy::with_num_threads(n, || {
                rows(&x, 4, &mut out, 1, |a, o| {
                    o[0] = a.iter().map(|&v| u64::from(v)).sum()
                })
            })?;
            assert!(out.iter().enumerate().all(|(i, &s)| s == 16 * i as u64 + 6));
        }
        Ok(())
    }
}
