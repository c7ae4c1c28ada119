//! A per-thread cache of small element allocations.
//!
//! Small arrays are made and dropped at a high rate (every op on a few
//! elements makes one), and for them the system allocator's `malloc` and
//! `free` are most of the cost of the op. Freed blocks of up to
//! [`MAX_BYTES`] are kept here, a few per size class, and handed out again
//! by the next allocation of that class on the same thread, as NumPy's data
//! cache does. A block freed on another thread joins that thread's cache;
//! the system allocator takes any memory from any thread. A thread's cache
//! is returned to the system allocator when the thread exits, and holds at
//! most `CLASSES * DEPTH` blocks (2,048 blocks, at most 1.1 MiB). The depth
//! is for recorded gradients: a traced chain of ops keeps every intermediate
//! and its gradient-graph node (which come from this cache too) alive until
//! its backward pass, then frees them together, and the next step makes as
//! many again.

use std::alloc::{Layout, dealloc};
use std::cell::UnsafeCell;
use std::ptr::NonNull;

/// The largest block the cache keeps.
pub(crate) const MAX_BYTES: usize = 1024;

/// Blocks are rounded up to a multiple of this, which is their size class.
const GRAIN: usize = 64;

/// The number of size classes.
const CLASSES: usize = MAX_BYTES / GRAIN;

/// Blocks kept per class (a power of two: see `take`).
const DEPTH: usize = 128;

/// The alignment of every block the cache hands out.
pub(crate) const ALIGN: usize = 16;

struct Pool {
    blocks: [[*mut u8; DEPTH]; CLASSES],
    len: [u8; CLASSES],
    /// Whether this thread's [`Drain`] is registered to empty the cache when
    /// the thread exits.
    drained_at_exit: bool,
}

thread_local! {
    // No destructor, so reaching the cache costs no lazy-initialisation
    // test; blocks are handed back at thread exit by `DRAIN`, registered
    // when the cache first keeps a block.
    static POOL: UnsafeCell<Pool> = const {
        UnsafeCell::new(Pool {
            blocks: [[std::ptr::null_mut(); DEPTH]; CLASSES],
            len: [0; CLASSES],
            drained_at_exit: false,
        })
    };
    static DRAIN: Drain = const { Drain };
}

/// Empties this thread's cache when the thread exits.
struct Drain;

impl Drop for Drain {
    fn drop(&mut self) {
        with_pool(|pool| {
            for class in 0..CLASSES {
                for &block in &pool.blocks[class][..usize::from(pool.len[class])] {
                    // SAFETY: the block was allocated with this class's
                    // layout and is owned by the cache.
                    unsafe { dealloc(block, class_layout(class)) }
                }
            }
            pool.len = [0; CLASSES];
            // Blocks freed later on this thread go to the system allocator.
            pool.drained_at_exit = false;
        });
    }
}

/// Register this thread's [`Drain`]; false when the thread is exiting.
#[cold]
#[inline(never)]
fn register_drain() -> bool {
    DRAIN.try_with(|_| ()).is_ok()
}

/// The layout of the blocks of size class `class` (below `CLASSES`).
#[inline]
fn class_layout(class: usize) -> Layout {
    debug_assert!(class < CLASSES);
    // SAFETY: a multiple of GRAIN no larger than MAX_BYTES, with a
    // power-of-two alignment, is a valid layout.
    unsafe { Layout::from_size_align_unchecked((class + 1) * GRAIN, ALIGN) }
}

/// The layout a block of at least `size` bytes is allocated with: rounded up
/// to its size class when the cache keeps blocks of that size; `None` past
/// `isize::MAX`.
#[inline]
pub(crate) fn layout_for(size: usize) -> Option<Layout> {
    if size <= MAX_BYTES {
        Some(class_layout(size.max(1).div_ceil(GRAIN) - 1))
    } else {
        Layout::from_size_align(size, ALIGN).ok()
    }
}

/// The cache's class for blocks of `layout` (a layout from [`layout_for`]),
/// if it keeps them.
#[inline]
fn class_of(layout: Layout) -> Option<usize> {
    let size = layout.size();
    debug_assert!(
        size > MAX_BYTES || (size.is_multiple_of(GRAIN) && size > 0 && layout.align() == ALIGN)
    );
    // `% CLASSES` changes nothing for a layout from `layout_for` (a
    // multiple of GRAIN from GRAIN to MAX_BYTES) and shows the compiler the
    // class is in range.
    (size <= MAX_BYTES).then(|| (size / GRAIN).wrapping_sub(1) % CLASSES)
}

/// Run `f` on this thread's cache.
#[inline]
fn with_pool<R>(f: impl FnOnce(&mut Pool) -> R) -> R {
    POOL.with(|pool| {
        // SAFETY: the cache is only touched by this thread, by `take`,
        // `keep_fast`, `keep` and `Drain`, which do not re-enter each other;
        // no reference to it outlives this call.
        f(unsafe { &mut *pool.get() })
    })
}

/// A cached block of `layout` (a layout from [`layout_for`]), if this
/// thread's cache has one; the caller allocates otherwise.
#[inline]
pub(crate) fn take(layout: Layout) -> Option<NonNull<u8>> {
    let class = class_of(layout)?;
    with_pool(|pool| {
        let n = pool.len[class].checked_sub(1)?;
        pool.len[class] = n;
        // `% DEPTH` changes nothing (the cache holds at most DEPTH blocks
        // per class) and spares the bounds check.
        NonNull::new(pool.blocks[class][usize::from(n) % DEPTH])
    })
}

/// [`keep`] on its fast path only: false also when this thread's [`Drain`]
/// is not registered yet, which [`keep`] then does. Inlined into the code
/// that frees, which calls [`keep`] out of line when this says no.
///
/// # Safety
/// As for [`keep`].
#[inline]
pub(crate) unsafe fn keep_fast(block: NonNull<u8>, layout: Layout) -> bool {
    let Some(class) = class_of(layout) else {
        return false;
    };
    with_pool(|pool| {
        let n = usize::from(pool.len[class]);
        let kept = n < DEPTH && pool.drained_at_exit;
        if kept {
            pool.blocks[class][n] = block.as_ptr();
            pool.len[class] += 1;
        }
        kept
    })
}

/// Keep a block of `layout` for the next allocation of its class; false when
/// the cache does not take it (too large, its class full, or the thread
/// exiting) and the caller frees it.
///
/// # Safety
/// `block` must be a block of `layout` (a layout from [`layout_for`]) from
/// [`take`] or the system allocator, and nothing may use it afterwards if it
/// is kept.
pub(crate) unsafe fn keep(block: NonNull<u8>, layout: Layout) -> bool {
    if !with_pool(|pool| pool.drained_at_exit) {
        if !register_drain() {
            return false;
        }
        with_pool(|pool| pool.drained_at_exit = true);
    }
    // SAFETY: the caller's promise, passed on.
    unsafe { keep_fast(block, layout) }
}

/// The cache's layout for a value of type `T`.
#[inline]
fn layout_of<T>() -> Layout {
    const { assert!(std::mem::align_of::<T>() <= ALIGN && std::mem::size_of::<T>() > 0) };
    match layout_for(std::mem::size_of::<T>()) {
        Some(layout) => layout,
        // The size of a type is at most `isize::MAX`, which always has a
        // layout; this arm is never taken.
        None => Layout::new::<T>(),
    }
}

/// Move `value` into a block of this thread's cache (or of the system
/// allocator when the cache has none of its class): `Box::new` for values
/// made and dropped once per op, such as the arrays an op makes for its
/// scalar operands and the nodes of a gradient graph.
#[inline]
pub(crate) fn boxed<T>(value: T) -> NonNull<T> {
    let layout = layout_of::<T>();
    let block = take(layout).unwrap_or_else(|| {
        // SAFETY: the layout has a non-zero size.
        NonNull::new(unsafe { std::alloc::alloc(layout) })
            .unwrap_or_else(|| std::alloc::handle_alloc_error(layout))
    });
    let block = block.cast::<T>();
    // SAFETY: a block of at least the size and alignment of `T`, which
    // nothing else refers to.
    unsafe { block.write(value) };
    block
}

/// Move the value out of a block from [`boxed`] and free the block (to
/// this thread's cache, else to the system allocator).
///
/// # Safety
/// `block` must come from [`boxed`] with the same `T`, and nothing may use
/// it afterwards: each block is unboxed once.
#[inline]
pub(crate) unsafe fn unbox<T>(block: NonNull<T>) -> T {
    let layout = layout_of::<T>();
    // SAFETY: the caller promises a live value in a block of `layout` that
    // is not used again, so it is read once and the block freed once.
    unsafe {
        let value = block.read();
        let block = block.cast::<u8>();
        if !keep_fast(block, layout) && !keep(block, layout) {
            dealloc(block.as_ptr(), layout);
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A block of `layout`, from the cache or the system allocator.
    fn allocate(layout: Layout) -> *mut u8 {
        match take(layout) {
            Some(block) => block.as_ptr(),
            // SAFETY: layouts from `layout_for` have a non-zero size.
            None => unsafe { std::alloc::alloc(layout) },
        }
    }

    /// Free a block from `allocate`: kept, or given back to the system.
    ///
    /// # Safety
    /// As for [`keep`]; nothing may use the block afterwards.
    unsafe fn free(block: *mut u8, layout: Layout) {
        // SAFETY: the caller promises the block and its layout.
        unsafe {
            if !keep(NonNull::new(block).expect("a block"), layout) {
                dealloc(block, layout)
            }
        }
    }

    #[test]
    fn a_freed_block_is_reused_by_the_next_allocation_of_its_class() {
        let layout = layout_for(100).expect("layout");
        assert_eq!(layout.size(), 128);
        // SAFETY: blocks of a non-zero layout, freed once with it.
        unsafe {
            let a = allocate(layout);
            assert!(!a.is_null());
            a.write_bytes(7, layout.size());
            free(a, layout);
            let b = allocate(layout);
            assert_eq!(a, b);
            let other = allocate(layout_for(1000).expect("layout"));
            assert_ne!(other, b);
            free(b, layout);
            free(other, layout_for(1000).expect("layout"));
        }
    }

    #[test]
    fn the_cache_keeps_at_most_depth_blocks_per_class_and_not_large_ones() {
        let layout = layout_for(64).expect("layout");
        // SAFETY: as above.
        unsafe {
            let blocks: Vec<*mut u8> = (0..DEPTH + 3).map(|_| allocate(layout)).collect();
            for &b in &blocks {
                free(b, layout);
            }
            assert_eq!(with_pool(|p| usize::from(p.len[0])), DEPTH);
        }
        let big = layout_for(MAX_BYTES + 1).expect("layout");
        assert_eq!(big.size(), MAX_BYTES + 1);
        assert_eq!(class_of(big), None);
        // SAFETY: as above.
        unsafe { free(allocate(big), big) };
    }

    #[test]
    fn a_thread_hands_its_cached_blocks_back_when_it_exits() {
        std::thread::spawn(|| {
            let layout = layout_for(300).expect("layout");
            // SAFETY: as above.
            unsafe { free(allocate(layout), layout) };
            let class = class_of(layout).expect("class");
            assert_eq!(with_pool(|p| (p.len[class], p.drained_at_exit)), (1, true));
            // What the thread's exit runs: the cache is emptied.
            drop(Drain);
            assert_eq!(with_pool(|p| (p.len[class], p.drained_at_exit)), (0, false));
            // SAFETY: as above.
            unsafe { free(allocate(layout), layout) };
            assert_eq!(with_pool(|p| p.len[class]), 1);
        })
        .join()
        .expect("thread");
    }

    #[test]
    fn a_boxed_value_comes_back_whole_and_its_block_is_reused() {
        let value = (String::from("kept"), [7u64; 9]);
        let block = boxed(value.clone());
        // SAFETY: unboxed once, from `boxed` with the same type.
        let back = unsafe { unbox(block) };
        assert_eq!(back, value);
        // The freed block is the next one handed out for its class.
        let again = boxed((String::new(), [0u64; 9]));
        assert_eq!(again.cast::<u8>(), block.cast::<u8>());
        // SAFETY: as above.
        drop(unsafe { unbox(again) });
    }

    #[test]
    fn blocks_freed_on_another_thread_stay_valid() {
        let layout = layout_for(200).expect("layout");
        let addr = allocate(layout) as usize;
        // SAFETY: the block moves to the other thread as an address and is
        // freed there once.
        std::thread::spawn(move || unsafe { free(addr as *mut u8, layout) })
            .join()
            .expect("thread");
    }
}
