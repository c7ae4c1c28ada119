//! Work split over the cores: how many threads large kernels use, and the
//! helpers that split them.
//!
//! Kernels over large arrays cut their work into chunks whose boundaries
//! depend only on the work (its length and a chunk length fixed by the
//! kernel), never on the number of threads; the chunks run on the calling
//! thread and the helpers of a team of [`num_threads`] threads that join it
//! (`team.rs`), and their results are combined in chunk order. So a result
//! is bit-identical for any thread count: one thread runs the same chunks
//! in the same order, one after the other.
//!
//! Below a kernel's size threshold nothing of this runs (a kernel tests the
//! length first), so small arrays never pay for it.
//!
//! The thread count is a per-thread setting like the other global settings
//! (a stack with a guard and a closure form); its default is the
//! `IVY_NUM_THREADS` environment variable, read once, else every core the
//! process may use. Work started inside a task of split work does not
//! split again: nested kernels run their chunks in order on that thread.
//!
//! ```
//! # extern crate ivy_core as ivy;
//! let all = ivy::num_threads();
//! assert!(all >= 1);
//! ivy::with_num_threads(1, || assert_eq!(ivy::num_threads(), 1))?;
//! assert_eq!(ivy::num_threads(), all);
//! # Ok::<(), ivy::Error>(())
//! ```

use crate::error::{Error, Result};
use std::cell::RefCell;
use std::collections::HashMap;
use std::marker::PhantomData;
use std::ops::Range;
use std::sync::{Mutex, OnceLock};

mod team;

use team::Team;

thread_local! {
    static STACK: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
}

/// The process default: `IVY_NUM_THREADS` when it holds a positive whole
/// number, else the parallelism the operating system grants the process.
fn default_threads() -> usize {
    static DEFAULT: OnceLock<usize> = OnceLock::new();
    *DEFAULT.get_or_init(|| {
        std::env::var("IVY_NUM_THREADS")
            .ok()
            .and_then(|v| v.trim().parse::<usize>().ok())
            .filter(|&n| n >= 1)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
    })
}

/// How many threads this thread's large kernels use: the top of its
/// thread-count stack, else the default (`IVY_NUM_THREADS`, else every
/// core).
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert!(ivy::num_threads() >= 1);
/// ```
pub fn num_threads() -> usize {
    STACK
        .try_with(|s| s.borrow().last().copied())
        .ok()
        .flatten()
        .unwrap_or_else(default_threads)
}

fn check(n: usize) -> Result<()> {
    if n == 0 {
        return Err(Error::invalid(
            "set_num_threads",
            "the thread count must be at least 1, got 0",
        ));
    }
    Ok(())
}

/// Push a thread count for this thread's kernels (at least 1).
///
/// ```
/// # extern crate ivy_core as ivy;
/// ivy::set_num_threads(2)?;
/// assert_eq!(ivy::num_threads(), 2);
/// ivy::unset_num_threads();
/// assert!(ivy::set_num_threads(0).is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn set_num_threads(n: usize) -> Result<()> {
    check(n)?;
    STACK.with(|s| s.borrow_mut().push(n));
    Ok(())
}

/// Pop this thread's thread-count stack (a no-op when it is empty).
///
/// ```
/// # extern crate ivy_core as ivy;
/// let all = ivy::num_threads();
/// ivy::set_num_threads(1)?;
/// ivy::unset_num_threads();
/// assert_eq!(ivy::num_threads(), all);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn unset_num_threads() {
    STACK.with(|s| {
        s.borrow_mut().pop();
    });
}

/// Guard for a thread count: while it lives this thread's kernels use `n`
/// threads; dropping it restores the count before it.
///
/// ```
/// # extern crate ivy_core as ivy;
/// {
///     let _g = ivy::NumThreads::new(3)?;
///     assert_eq!(ivy::num_threads(), 3);
/// }
/// assert_ne!(ivy::num_threads(), 0);
/// # Ok::<(), ivy::Error>(())
/// ```
#[must_use = "the setting is undone when the guard is dropped"]
#[derive(Debug)]
pub struct NumThreads {
    depth: usize,
    _not_send: PhantomData<*const ()>,
}

impl NumThreads {
    /// Push `n` (at least 1) and return the guard that pops it.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let g = ivy::NumThreads::new(1)?;
    /// assert_eq!(ivy::num_threads(), 1);
    /// drop(g);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn new(n: usize) -> Result<NumThreads> {
        check(n)?;
        let depth = STACK.with(|s| {
            let mut s = s.borrow_mut();
            let d = s.len();
            s.push(n);
            d
        });
        Ok(NumThreads {
            depth,
            _not_send: PhantomData,
        })
    }
}

impl Drop for NumThreads {
    fn drop(&mut self) {
        let depth = self.depth;
        let _ = STACK.try_with(|s| s.borrow_mut().truncate(depth));
    }
}

/// Run `f` with this thread's kernels on `n` threads (the closure form of
/// [`NumThreads`]); `n = 0` is an error and `f` is not run.
///
/// ```
/// # extern crate ivy_core as ivy;
/// let x = ivy::asarray((0..1000).map(|i| i as f32 * 0.1).collect::<Vec<_>>())?;
/// let a = ivy::with_num_threads(1, || ivy::sum(&x))??;
/// let b = ivy::with_num_threads(4, || ivy::sum(&x))??;
/// assert_eq!(a.to_vec::<f32>()?, b.to_vec::<f32>()?);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn with_num_threads<R>(n: usize, f: impl FnOnce() -> R) -> Result<R> {
    let _g = NumThreads::new(n)?;
    Ok(f())
}

/// The number of threads work started here may split over: 1 inside a
/// task of split work (on a helper, or on the caller while it works), else
/// [`num_threads`].
///
/// ```
/// # extern crate ivy_core as ivy;
/// let inside = ivy::with_num_threads(2, || ivy::parallel::map_chunks(4, 2, |_| ivy::parallel::threads_here()))?;
/// assert_eq!(inside, vec![1, 1]);
/// # Ok::<(), ivy::Error>(())
/// ```
#[inline]
pub fn threads_here() -> usize {
    if team::working() { 1 } else { num_threads() }
}

/// The `i`-th of the chunks of length `chunk` that cover `0..len` (the last
/// may be shorter).
#[inline]
fn chunk_range(i: usize, chunk: usize, len: usize) -> Range<usize> {
    let start = i * chunk;
    start..(start + chunk).min(len)
}

/// How many chunks of length `chunk` cover `len` elements.
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert_eq!(ivy::parallel::chunk_count(10, 4), 3);
/// assert_eq!(ivy::parallel::chunk_count(0, 4), 0);
/// ```
#[inline]
pub fn chunk_count(len: usize, chunk: usize) -> usize {
    len.div_ceil(chunk.max(1))
}

/// The team of `n - 1` helpers that join a caller's work when it splits
/// over `n` threads, made on first use and kept for the process.
fn team(n: usize) -> &'static Team {
    static TEAMS: OnceLock<Mutex<HashMap<usize, &'static Team>>> = OnceLock::new();
    let teams = TEAMS.get_or_init(|| Mutex::new(HashMap::new()));
    let mut teams = teams.lock().unwrap_or_else(|e| e.into_inner());
    teams.entry(n).or_insert_with(|| Team::new(n - 1))
}

/// Run `task(i)` once for every `i` in `0..count`: with [`threads_here`]
/// threads, on this thread and a [`team`] of helpers that join it as they
/// wake (see `team.rs`), else in order, here.
///
/// The one place work is split: the chunk helpers below hand it their work
/// as a `dyn` function of the chunk index, so the splitting machinery is
/// compiled once rather than once per kernel (each kernel's closure is a
/// type of its own).
fn run_tasks(count: usize, task: &(dyn Fn(usize) + Sync)) {
    let n = threads_here();
    if n > 1 && count > 1 {
        team(n).run(count, task);
    } else {
        (0..count).for_each(task);
    }
}

/// Call `f` on each chunk `i * chunk .. min((i + 1) * chunk, len)` of
/// `0..len`, on the pool when there are several chunks and threads. The
/// chunks are the same for any thread count.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use std::sync::atomic::{AtomicUsize, Ordering};
/// let total = AtomicUsize::new(0);
/// ivy::parallel::for_each_chunk(1000, 64, |r| {
///     total.fetch_add(r.len(), Ordering::Relaxed);
/// });
/// assert_eq!(total.into_inner(), 1000);
/// ```
pub fn for_each_chunk(len: usize, chunk: usize, f: impl Fn(Range<usize>) + Sync) {
    let chunk = chunk.max(1);
    let count = chunk_count(len, chunk);
    if count <= 1 {
        if len > 0 {
            f(0..len);
        }
        return;
    }
    run_tasks(count, &|i| f(chunk_range(i, chunk, len)));
}

/// `f` of each chunk of `0..len` (as [`for_each_chunk`]), the results in
/// chunk order: a reduction combines them in that order, so its result does
/// not depend on the thread count.
///
/// ```
/// # extern crate ivy_core as ivy;
/// let parts = ivy::parallel::map_chunks(10, 4, |r| r.len());
/// assert_eq!(parts, vec![4, 4, 2]);
/// ```
pub fn map_chunks<R: Send>(
    len: usize,
    chunk: usize,
    f: impl Fn(Range<usize>) -> R + Sync,
) -> Vec<R> {
    let chunk = chunk.max(1);
    let count = chunk_count(len, chunk);
    if count <= 1 {
        return if len > 0 { vec![f(0..len)] } else { Vec::new() };
    }
    // One slot per chunk, each written by the task of its index.
    let mut slots: Vec<Option<R>> = (0..count).map(|_| None).collect();
    fill_chunks(&mut slots, 1, |i, slot| {
        slot[0] = Some(f(chunk_range(i, chunk, len)));
    });
    slots.into_iter().flatten().collect()
}

/// A pointer to the elements of a slice being filled, shared by the tasks
/// that each write their own chunk of it.
struct Parts<T>(*mut T);

// SAFETY: the tasks of `fill_chunks` write disjoint chunks through it, and
// `T: Send` lets the elements be written from another thread.
unsafe impl<T: Send> Sync for Parts<T> {}

/// Call `f(offset, part)` on consecutive parts of `out` of length `chunk`
/// (the last may be shorter), on the pool when there are several parts and
/// threads: each part is written by one call, so the result does not
/// depend on the thread count.
///
/// ```
/// # extern crate ivy_core as ivy;
/// let mut v = vec![0usize; 10];
/// ivy::parallel::fill_chunks(&mut v, 4, |offset, part| {
///     for (i, x) in part.iter_mut().enumerate() {
///         *x = offset + i;
///     }
/// });
/// assert_eq!(v, (0..10).collect::<Vec<_>>());
/// ```
pub fn fill_chunks<T: Send>(out: &mut [T], chunk: usize, f: impl Fn(usize, &mut [T]) + Sync) {
    let chunk = chunk.max(1);
    let len = out.len();
    if len <= chunk {
        if len > 0 {
            f(0, out);
        }
        return;
    }
    let base = Parts(out.as_mut_ptr());
    let base = &base;
    run_tasks(chunk_count(len, chunk), &|i| {
        let r = chunk_range(i, chunk, len);
        // SAFETY: `r` lies within `out`, which this function borrows
        // mutably until every task has returned, and `run_tasks` runs each
        // index once, so no two parts overlap.
        let part = unsafe { std::slice::from_raw_parts_mut(base.0.add(r.start), r.len()) };
        f(r.start, part);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_do_not_depend_on_the_thread_count() -> Result<()> {
        let parts = |n| with_num_threads(n, || map_chunks(1001, 100, |r| (r.start, r.end)));
        let one = parts(1)?;
        assert_eq!(one.len(), 11);
        assert_eq!(one[10], (1000, 1001));
        assert_eq!(parts(4)?, one);
        Ok(())
    }

    #[test]
    fn the_stack_and_the_guard() -> Result<()> {
        let base = num_threads();
        set_num_threads(3)?;
        {
            let _g = NumThreads::new(5)?;
            set_num_threads(7)?;
            assert_eq!(num_threads(), 7);
        }
        assert_eq!(num_threads(), 3);
        unset_num_threads();
        assert_eq!(num_threads(), base);
        assert!(NumThreads::new(0).is_err());
        Ok(())
    }

    #[test]
    fn work_inside_a_task_does_not_split_again() -> Result<()> {
        let inner = with_num_threads(2, || map_chunks(64, 1, |_| threads_here()))?;
        assert_eq!(inner, vec![1; 64]);
        assert_eq!(with_num_threads(2, threads_here)?, 2);
        Ok(())
    }

    #[test]
    fn fill_chunks_covers_every_element_once() -> Result<()> {
        for n in [1, 2, 4] {
            let mut v = vec![0u32; 1000];
            with_num_threads(n, || {
                fill_chunks(&mut v, 7, |_, p| p.iter_mut().for_each(|x| *x += 1))
            })?;
            assert!(v.iter().all(|&x| x == 1));
        }
        Ok(())
    }
}
