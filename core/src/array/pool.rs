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
//! most `CLASSES * DEPTH` blocks (64 KiB).

use std::alloc::{Layout, alloc, dealloc};
use std::cell::UnsafeCell;

/// The largest block the cache keeps.
pub(crate) const MAX_BYTES: usize = 1024;

/// Blocks are rounded up to a multiple of this, which is their size class.
const GRAIN: usize = 64;

/// The number of size classes.
const CLASSES: usize = MAX_BYTES / GRAIN;

/// Blocks kept per class.
const DEPTH: usize = 4;

/// The alignment of every block the cache hands out.
pub(crate) const ALIGN: usize = 16;

struct Pool {
    blocks: [[*mut u8; DEPTH]; CLASSES],
    len: [u8; CLASSES],
}

impl Drop for Pool {
    fn drop(&mut self) {
        for class in 0..CLASSES {
            for &block in &self.blocks[class][..usize::from(self.len[class])] {
                // SAFETY: the block was allocated with this class's layout
                // and is owned by the cache.
                unsafe { dealloc(block, class_layout(class)) }
            }
        }
        self.len = [0; CLASSES];
    }
}

thread_local! {
    static POOL: UnsafeCell<Pool> = const {
        UnsafeCell::new(Pool {
            blocks: [[std::ptr::null_mut(); DEPTH]; CLASSES],
            len: [0; CLASSES],
        })
    };
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
    (size <= MAX_BYTES).then(|| size / GRAIN - 1)
}

/// Run `f` on this thread's cache; `None` while the thread is exiting.
#[inline]
fn with_pool<R>(f: impl FnOnce(&mut Pool) -> R) -> Option<R> {
    POOL.try_with(|pool| {
        // SAFETY: the cache is only touched by this thread, by `allocate`
        // and `free`, which do not re-enter each other; no reference to it
        // outlives this call.
        f(unsafe { &mut *pool.get() })
    })
    .ok()
}

/// Allocate a block of `layout` (a layout from [`layout_for`]); null when the
/// system allocator fails.
///
/// # Safety
/// `layout` must come from [`layout_for`].
#[inline]
pub(crate) unsafe fn allocate(layout: Layout) -> *mut u8 {
    if let Some(class) = class_of(layout) {
        let cached = with_pool(|pool| {
            let n = pool.len[class].checked_sub(1)?;
            pool.len[class] = n;
            Some(pool.blocks[class][usize::from(n)])
        });
        if let Some(Some(block)) = cached {
            return block;
        }
    }
    // SAFETY: layouts from `layout_for` have a non-zero size.
    unsafe { alloc(layout) }
}

/// Free a block allocated by [`allocate`] with `layout`.
///
/// # Safety
/// `block` must come from [`allocate`] with this `layout`, and nothing may
/// use it afterwards.
#[inline]
pub(crate) unsafe fn free(block: *mut u8, layout: Layout) {
    if let Some(class) = class_of(layout) {
        let kept = with_pool(|pool| {
            let n = pool.len[class];
            let slot = pool.blocks[class].get_mut(usize::from(n))?;
            *slot = block;
            pool.len[class] = n + 1;
            Some(())
        });
        if let Some(Some(())) = kept {
            return;
        }
    }
    // SAFETY: the caller promises the block and its layout.
    unsafe { dealloc(block, layout) }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            assert_eq!(with_pool(|p| usize::from(p.len[0])), Some(DEPTH));
        }
        let big = layout_for(MAX_BYTES + 1).expect("layout");
        assert_eq!(big.size(), MAX_BYTES + 1);
        assert_eq!(class_of(big), None);
        // SAFETY: as above.
        unsafe { free(allocate(big), big) };
    }

    #[test]
    fn blocks_freed_on_another_thread_stay_valid() {
        let layout = layout_for(200).expect("layout");
        // SAFETY: as above; the block moves to the other thread as an
        // address and is freed there once.
        let addr = unsafe { allocate(layout) } as usize;
        std::thread::spawn(move || unsafe { free(addr as *mut u8, layout) })
            .join()
            .expect("thread");
    }
}
