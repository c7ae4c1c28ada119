//! Host storage: [`Buffer`] (one typed, shared, contiguous buffer) and
//! [`HostData`] (a buffer of any of the 15 dtypes).

use super::pool;
use crate::dtype::{Complex32, Complex64, Dtype, Element, bf16, f16};
use std::alloc::{Layout, dealloc, handle_alloc_error};
use std::fmt;
use std::marker::PhantomData;
use std::mem::{ManuallyDrop, MaybeUninit};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicUsize, Ordering, fence};

/// A shared, immutable, contiguous buffer of `T`.
///
/// Buffers made by kernels are one allocation: a small header (the reference
/// count) followed by the elements; small ones come from a per-thread cache
/// of freed blocks, so an op on a few elements does not wait on `malloc`. Buffers adopted from a `Vec<T>` or an
/// `ndarray::ArrayD<T>` keep that vector's memory without copying it; only the
/// header is allocated beside it. A buffer can also borrow memory another
/// owner keeps alive (a DLPack producer's, [`Buffer::from_foreign`]): the
/// owner is dropped with the last handle. Cloning increments the count.
///
/// Dropping the last handle frees the memory without an atomic
/// read-modify-write: a handle that sees a count of one is the only one, so
/// a temporary result costs what a `Vec` costs. (An atomic decrement costs
/// about 9 ns on the machines this crate is benchmarked on, a third of adding
/// two 16-element arrays; `std::sync::Arc` pays two of them per drop.)
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Buffer;
/// let b: Buffer<f32> = Buffer::from_vec(vec![1.0, 2.0]);
/// let c = b.clone();
/// assert_eq!(c.as_slice(), &[1.0, 2.0]);
/// assert!(b.ptr_eq(&c));
/// drop(c);
/// assert_eq!(b.into_vec(), vec![1.0, 2.0]);
/// let d: Buffer<i64> = (1..=3).collect();
/// assert_eq!(d.as_slice(), &[1, 2, 3]);
/// ```
pub struct Buffer<T: Copy> {
    /// The first element.
    ptr: NonNull<T>,
    len: usize,
    head: NonNull<Head>,
    _elements: PhantomData<T>,
}

/// The header of a buffer's storage: in front of the elements when the buffer
/// allocated them, alone when it adopted a vector, the first field of a
/// [`ForeignHead`] when it borrows another owner's memory. It records how to
/// free the storage, so freeing is the same code for every element type.
#[repr(C)]
struct Head {
    count: AtomicUsize,
    /// The layout of the allocation holding the elements: this header's own
    /// allocation, or the adopted vector's (unused for foreign memory).
    layout: Layout,
    /// Whose memory the elements are.
    kind: Kind,
}

/// Whose memory a buffer's elements are.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
enum Kind {
    /// The buffer's own allocation, after the header.
    Own,
    /// An adopted vector's allocation.
    Vec,
    /// Memory an owner keeps alive ([`ForeignHead::owner`]).
    Foreign,
}

/// The header of a buffer over foreign memory: the common header, then the
/// owner to drop with the last handle.
#[repr(C)]
struct ForeignHead {
    head: Head,
    owner: Box<dyn std::any::Any + Send + Sync>,
}

// SAFETY: a buffer is a shared reference to immutable `T`s plus an atomic
// count, like `Arc<[T]>`.
unsafe impl<T: Copy + Send + Sync> Send for Buffer<T> {}
// SAFETY: as for `Send`.
unsafe impl<T: Copy + Send + Sync> Sync for Buffer<T> {}

/// The alignment of an allocation that begins with a [`Head`]; element
/// types need at most this.
const ALIGN: usize = pool::ALIGN;

/// Where the elements start in such an allocation.
const OFFSET: usize = std::mem::size_of::<Head>().next_multiple_of(ALIGN);

/// Storage for a header followed by `cap` elements of `size` bytes (rounded
/// up to a size class of the small-block cache), with a count of one; the
/// elements are uninitialised. `None` past `isize::MAX` bytes.
///
/// The same code for every element type, out of line: a kernel inlines only
/// the call.
#[inline(never)]
fn allocate_storage(size: usize, cap: usize) -> Option<NonNull<Head>> {
    let layout = size
        .checked_mul(cap)
        .and_then(|bytes| bytes.checked_add(OFFSET))
        .and_then(pool::layout_for)?;
    match pool::take(layout) {
        // SAFETY: a cached block of `layout`, which nothing else refers to.
        Some(block) => Some(unsafe { init_storage(block.cast(), layout) }),
        None => allocate_storage_slow(layout),
    }
}

/// [`allocate_storage`] when the small-block cache has no block of the size:
/// from the system allocator.
#[cold]
#[inline(never)]
fn allocate_storage_slow(layout: Layout) -> Option<NonNull<Head>> {
    // SAFETY: layouts from `pool::layout_for` have a non-zero size.
    let Some(block) = NonNull::new(unsafe { std::alloc::alloc(layout) }) else {
        handle_alloc_error(layout)
    };
    // SAFETY: a fresh block of `layout`.
    Some(unsafe { init_storage(block.cast(), layout) })
}

/// Write the header of fresh storage of `layout` at `head`.
///
/// # Safety
/// `head` must be an allocation of `layout` (which has room for a `Head`)
/// that nothing else refers to.
#[inline]
unsafe fn init_storage(head: NonNull<Head>, layout: Layout) -> NonNull<Head> {
    // SAFETY: the caller promises the allocation.
    unsafe {
        head.write(Head {
            count: AtomicUsize::new(1),
            layout,
            kind: Kind::Own,
        })
    };
    head
}

/// Free a buffer's storage; called by its last handle. The same for every
/// element type, so dropping a [`HostData`] of any dtype is one code path.
///
/// # Safety
/// `head` must be the header of storage with no handle left, and `elements`
/// its elements.
#[inline(never)]
unsafe fn release(head: NonNull<Head>, elements: NonNull<u8>) {
    // SAFETY: the header lives until the storage is freed; a block of the
    // buffer's own came from `pool::allocate` with `layout`, and no handle
    // is left to use it.
    unsafe {
        let h = head.as_ref();
        if h.kind != Kind::Own || !pool::keep_fast(head.cast(), h.layout) {
            release_slow(head, elements);
        }
    }
}

/// [`release`] when the small-block cache's fast path does not take the
/// storage: the cache may still keep it (its first block on this thread),
/// else it goes back to the system allocator.
///
/// # Safety
/// As for [`release`].
#[cold]
#[inline(never)]
unsafe fn release_slow(head: NonNull<Head>, elements: NonNull<u8>) {
    // SAFETY: the storage is ours to free (no handle is left), with the
    // layouts recorded when it was made.
    unsafe {
        let Head { layout, kind, .. } = head.read();
        match kind {
            Kind::Vec => {
                if layout.size() != 0 {
                    dealloc(elements.as_ptr(), layout);
                }
                dealloc(head.as_ptr().cast::<u8>(), Layout::new::<Head>());
            }
            // Boxed by `from_foreign`; dropping it drops the owner.
            Kind::Foreign => drop(Box::from_raw(head.as_ptr().cast::<ForeignHead>())),
            Kind::Own => {
                if !pool::keep(head.cast(), layout) {
                    dealloc(head.as_ptr().cast::<u8>(), layout);
                }
            }
        }
    }
}

impl<T: Copy> Buffer<T> {
    /// Storage for `cap` elements with a count of one; the elements are
    /// uninitialised. `None` if `cap` elements would pass `isize::MAX` bytes.
    #[inline]
    fn allocate(cap: usize) -> Option<(NonNull<Head>, NonNull<T>)> {
        const { assert!(std::mem::align_of::<T>() <= ALIGN && std::mem::align_of::<Head>() <= ALIGN) };
        let head = allocate_storage(std::mem::size_of::<T>(), cap)?;
        // SAFETY: the storage has room for `cap` elements at `OFFSET`.
        let elements = unsafe { head.cast::<u8>().add(OFFSET).cast::<T>() };
        Some((head, elements))
    }

    /// Adopt a vector without copying its elements.
    pub fn from_vec(v: Vec<T>) -> Buffer<T> {
        let mut v = ManuallyDrop::new(v);
        // SAFETY: a vector of capacity `cap` holds the allocation
        // `Layout::array::<T>(cap)`, whose size is at most `isize::MAX` (and
        // zero when nothing was allocated).
        let layout = unsafe {
            Layout::from_size_align_unchecked(
                std::mem::size_of::<T>() * v.capacity(),
                std::mem::align_of::<T>(),
            )
        };
        let head = Box::new(Head {
            count: AtomicUsize::new(1),
            layout,
            kind: Kind::Vec,
        });
        Buffer {
            // SAFETY: a vector's pointer is never null.
            ptr: unsafe { NonNull::new_unchecked(v.as_mut_ptr()) },
            len: v.len(),
            head: NonNull::from(Box::leak(head)),
            _elements: PhantomData,
        }
    }

    /// A buffer over `len` elements at `ptr` that `owner` keeps alive, without
    /// copying them; `owner` is dropped with the last handle (on whichever
    /// thread drops it).
    ///
    /// # Safety
    /// `ptr` must point at `len` initialised, properly aligned `T`s that stay
    /// valid while `owner` lives, and nothing may write them meanwhile: a
    /// buffer is immutable, and kernels read it from several threads.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::Buffer;
    /// use std::ptr::NonNull;
    /// let storage: Box<[f32]> = vec![1.0, 2.0, 3.0].into_boxed_slice();
    /// let ptr = NonNull::from(&storage[0]);
    /// // SAFETY: the boxed slice holds 3 floats, and nothing writes them
    /// // while the buffer owns it.
    /// let b = unsafe { Buffer::from_foreign(ptr, 3, Box::new(storage)) };
    /// assert_eq!(b.as_slice(), &[1.0, 2.0, 3.0]);
    /// assert_eq!(b.into_vec(), vec![1.0, 2.0, 3.0]);
    /// ```
    pub unsafe fn from_foreign(
        ptr: NonNull<T>,
        len: usize,
        owner: Box<dyn std::any::Any + Send + Sync>,
    ) -> Buffer<T> {
        let head = Box::new(ForeignHead {
            head: Head {
                count: AtomicUsize::new(1),
                layout: Layout::new::<()>(),
                kind: Kind::Foreign,
            },
            owner,
        });
        Buffer {
            ptr,
            len,
            // `Head` is the first field of the `repr(C)` `ForeignHead`.
            head: NonNull::from(Box::leak(head)).cast::<Head>(),
            _elements: PhantomData,
        }
    }

    fn head(&self) -> &Head {
        // SAFETY: the header lives as long as any handle.
        unsafe { self.head.as_ref() }
    }

    /// Whether this is the only handle to the storage.
    fn is_unique(&self) -> bool {
        // Acquire: the other handles' drops happen before whatever this
        // handle does next with the storage.
        self.head().count.load(Ordering::Acquire) == 1
    }

    /// The elements.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        // SAFETY: `ptr` points at `len` initialised elements, which live and
        // stay unchanged as long as any handle.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }

    /// Number of elements.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the buffer is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether two buffers share their storage.
    pub fn ptr_eq(&self, other: &Buffer<T>) -> bool {
        self.head == other.head && self.ptr == other.ptr && self.len == other.len
    }

    /// The elements as a vector; no copy when this is the only handle to an
    /// adopted vector.
    pub fn into_vec(self) -> Vec<T> {
        if !(self.head().kind == Kind::Vec && self.is_unique()) {
            return self.as_slice().to_vec();
        }
        let this = ManuallyDrop::new(self);
        // SAFETY: this is the only handle, and the elements are a vector's
        // allocation of `layout` (so of its capacity), `len` of them
        // initialised; the header was boxed by `from_vec` and nothing else
        // refers to it.
        unsafe {
            let head = Box::from_raw(this.head.as_ptr());
            let cap = match std::mem::size_of::<T>() {
                0 => usize::MAX,
                n => head.layout.size() / n,
            };
            Vec::from_raw_parts(this.ptr.as_ptr(), this.len, cap)
        }
    }
}

impl<T: Copy> Clone for Buffer<T> {
    #[inline]
    fn clone(&self) -> Buffer<T> {
        // Relaxed, as `Arc` does: a new handle is made from an existing one,
        // which keeps the storage alive meanwhile.
        let old = self.head().count.fetch_add(1, Ordering::Relaxed);
        if old > isize::MAX as usize {
            // Billions of leaked clones; `Arc` aborts here too.
            std::process::abort();
        }
        Buffer { ..*self }
    }
}

impl<T: Copy> Drop for Buffer<T> {
    #[inline]
    fn drop(&mut self) {
        // The last handle sees a count of one and needs no decrement; a
        // shared one decrements, and the one that takes the count to zero
        // frees (after an acquire fence, as in `Arc`).
        if !self.is_unique() {
            if self.head().count.fetch_sub(1, Ordering::Release) != 1 {
                return;
            }
            fence(Ordering::Acquire);
        }
        // SAFETY: this is the last handle.
        unsafe { release(self.head, self.ptr.cast()) }
    }
}

impl<T: Copy + fmt::Debug> fmt::Debug for Buffer<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T: Copy> FromIterator<T> for Buffer<T> {
    /// One allocation for an iterator that knows its length (kernels mapping
    /// slices with `zip` and `map`), written in place in a loop the compiler
    /// can vectorise. Other iterators are collected into a vector, which is
    /// then adopted.
    #[inline]
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Buffer<T> {
        let iter = iter.into_iter();
        match iter.size_hint() {
            (lo, Some(hi)) if lo == hi => match Buffer::<T>::allocate(lo) {
                Some(storage) => collect_exact(storage, lo, iter),
                // More than `isize::MAX` bytes cannot be allocated, so the
                // hint is wrong: grow by pushing, without trusting it.
                None => {
                    let mut v = Vec::new();
                    for x in iter {
                        v.push(x);
                    }
                    Buffer::from_vec(v)
                }
            },
            _ => Buffer::from_vec(iter.collect()),
        }
    }
}

/// Collect an iterator that says it yields exactly `n` items into fresh
/// storage for `n` (from [`Buffer::allocate`]). One that
/// yields fewer (a broken `size_hint`) gives the items it yielded; items past
/// `n` are not taken.
#[inline]
fn collect_exact<T: Copy>(
    (head, ptr): (NonNull<Head>, NonNull<T>),
    n: usize,
    iter: impl Iterator<Item = T>,
) -> Buffer<T> {
    // SAFETY: `allocate` made room for `n` elements at `ptr`, which nothing
    // else refers to yet; `MaybeUninit` needs no initialisation.
    let slots = unsafe { std::slice::from_raw_parts_mut(ptr.as_ptr().cast::<MaybeUninit<T>>(), n) };
    let mut len = 0;
    for (slot, item) in slots.iter_mut().zip(iter) {
        slot.write(item);
        len += 1;
    }
    // The first `len` slots are written; `cap` stays `n`, so the storage is
    // freed with the layout it was allocated with.
    Buffer {
        ptr,
        len,
        head,
        _elements: PhantomData,
    }
}

/// The elements of one part of a buffer being made by [`Buffer::from_fill`],
/// written in order: a kernel pushes values or copies slices into it, and
/// the buffer exists only once every part has been written in full.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Buffer;
/// let b: Buffer<u32> = Buffer::from_fill(5, 2, |offset, part| {
///     for i in 0..part.len() {
///         part.push((offset + i) as u32 * 10);
///     }
/// });
/// assert_eq!(b.as_slice(), &[0, 10, 20, 30, 40]);
/// ```
pub struct Fill<'a, T> {
    slots: &'a mut [MaybeUninit<T>],
    written: usize,
}

impl<T: Copy> Fill<'_, T> {
    /// How many elements this part holds.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let b: ivy::Buffer<u8> = ivy::Buffer::from_fill(3, 8, |_, part| {
    ///     assert_eq!(part.len(), 3);
    ///     part.extend_from_slice(&[1, 2, 3]);
    /// });
    /// assert_eq!(b.len(), 3);
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether this part holds no elements.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let b: ivy::Buffer<u8> = ivy::Buffer::from_fill(0, 8, |_, part| assert!(part.is_empty()));
    /// assert!(b.is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// How many elements are written so far.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let b: ivy::Buffer<u8> = ivy::Buffer::from_fill(2, 8, |_, part| {
    ///     part.push(7);
    ///     assert_eq!(part.written(), 1);
    ///     part.push(8);
    /// });
    /// assert_eq!(b.as_slice(), &[7, 8]);
    /// ```
    #[inline]
    pub fn written(&self) -> usize {
        self.written
    }

    /// Write the next element (nothing past the end of the part).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let b: ivy::Buffer<i8> = ivy::Buffer::from_fill(1, 1, |_, part| part.push(-1));
    /// assert_eq!(b.as_slice(), &[-1]);
    /// ```
    #[inline]
    pub fn push(&mut self, v: T) {
        if let Some(slot) = self.slots.get_mut(self.written) {
            slot.write(v);
            self.written += 1;
        }
    }

    /// Write the next `v.len()` elements (those that fit in the part).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let b: ivy::Buffer<f32> = ivy::Buffer::from_fill(3, 3, |_, part| {
    ///     part.extend_from_slice(&[1.0, 2.0]);
    ///     part.extend_from_slice(&[3.0, 4.0]); // only 3.0 fits
    /// });
    /// assert_eq!(b.as_slice(), &[1.0, 2.0, 3.0]);
    /// ```
    #[inline]
    pub fn extend_from_slice(&mut self, v: &[T]) {
        let start = self.written;
        // The whole of `v` fits (every call but a part's last): a copy of
        // `v.len()` elements, which a vector loop's constant length turns
        // into a store instead of a call to `memcpy`.
        if let Some(dst) = self.slots.get_mut(start..start + v.len()) {
            dst.write_copy_of_slice(v);
            self.written += v.len();
            return;
        }
        let n = v.len().min(self.slots.len() - start);
        if let (Some(dst), Some(src)) = (self.slots.get_mut(start..start + n), v.get(..n)) {
            dst.write_copy_of_slice(src);
            self.written += n;
        }
    }
}

impl<T: Copy> Fill<'_, T> {
    /// Write `f` of each element of `src` (as many as fit), in one loop the
    /// compiler can vectorise.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let b: ivy::Buffer<f32> = ivy::Buffer::from_fill(3, 3, |_, part| {
    ///     part.extend_map(&[1u8, 2, 3], |v| f32::from(v) / 2.0)
    /// });
    /// assert_eq!(b.as_slice(), &[0.5, 1.0, 1.5]);
    /// ```
    #[inline]
    pub fn extend_map<A: Copy>(&mut self, src: &[A], f: impl Fn(A) -> T) {
        let start = self.written;
        let rest = self.slots.get_mut(start..).unwrap_or_default();
        let n = rest.len().min(src.len());
        for (slot, v) in rest.iter_mut().zip(src) {
            slot.write(f(*v));
        }
        self.written += n;
    }

    /// Write `f` of each pair of elements of `a` and `b` (as many as fit).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let b: ivy::Buffer<i32> = ivy::Buffer::from_fill(2, 2, |_, part| {
    ///     part.extend_zip(&[1, 2], &[10, 20], |x, y| x + y)
    /// });
    /// assert_eq!(b.as_slice(), &[11, 22]);
    /// ```
    #[inline]
    pub fn extend_zip<A: Copy, B: Copy>(&mut self, a: &[A], b: &[B], f: impl Fn(A, B) -> T) {
        let start = self.written;
        let rest = self.slots.get_mut(start..).unwrap_or_default();
        let n = rest.len().min(a.len()).min(b.len());
        for (slot, (x, y)) in rest.iter_mut().zip(a.iter().zip(b)) {
            slot.write(f(*x, *y));
        }
        self.written += n;
    }
}

impl<T: Copy + Send + Sync> Buffer<T> {
    /// A buffer of `len` elements written part by part: `fill(offset,
    /// part)` writes the elements `offset .. offset + part.len()` of each
    /// part of `chunk` elements (the last may be shorter). With several
    /// parts they run on the threads of [`crate::parallel`]; the parts are
    /// the same for any thread count, and one part (`len <= chunk`) runs
    /// here without touching the pool.
    ///
    /// # Panics
    ///
    /// If `fill` leaves a part short (a kernel bug; the panic guard around
    /// kernels reports it as an error naming the op), or `len` elements of
    /// `T` would pass `isize::MAX` bytes.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::Buffer;
    /// let squares: Buffer<u64> = Buffer::from_fill(1000, 64, |offset, part| {
    ///     for i in offset..offset + part.len() {
    ///         part.push((i * i) as u64);
    ///     }
    /// });
    /// assert_eq!(squares.as_slice()[999], 998_001);
    /// ```
    pub fn from_fill(
        len: usize,
        chunk: usize,
        fill: impl Fn(usize, &mut Fill<'_, T>) + Sync,
    ) -> Buffer<T> {
        let Some((head, ptr)) = Buffer::<T>::allocate(len) else {
            panic!(
                "a buffer of {len} elements of {} bytes passes isize::MAX bytes",
                std::mem::size_of::<T>()
            );
        };
        // Until every part is written the buffer claims no elements, so a
        // panic in `fill` frees the storage without reading it.
        let mut made = Buffer {
            ptr,
            len: 0,
            head,
            _elements: PhantomData,
        };
        // SAFETY: `allocate` made room for `len` elements at `ptr`, which
        // nothing else refers to; `MaybeUninit` needs no initialisation.
        let slots =
            unsafe { std::slice::from_raw_parts_mut(ptr.as_ptr().cast::<MaybeUninit<T>>(), len) };
        crate::parallel::fill_chunks(slots, chunk, |offset, part| {
            let want = part.len();
            let mut f = Fill {
                slots: part,
                written: 0,
            };
            fill(offset, &mut f);
            assert!(
                f.written == want,
                "a kernel wrote {} of the {want} elements from {offset}",
                f.written
            );
        });
        // Every part was written in full (each was checked), so all `len`
        // elements are initialised.
        made.len = len;
        made
    }
}

impl<T: Copy> From<Vec<T>> for Buffer<T> {
    fn from(v: Vec<T>) -> Buffer<T> {
        Buffer::from_vec(v)
    }
}

/// The elements of a host array: a [`Buffer`] of one of the 15 dtypes.
///
/// The tag is a whole word whose value is the dtype's (`repr(u64)` with the
/// dtypes as discriminants): reading the dtype is one load, and moving a
/// `HostData` is a copy of four aligned words.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::{Dtype, HostData};
/// let d = HostData::from(vec![1u8, 2, 3]);
/// assert_eq!(d.dtype(), Dtype::UInt8);
/// assert_eq!(d.len(), 3);
/// ```
#[derive(Clone, Debug)]
#[allow(missing_docs)]
#[repr(u64)]
pub enum HostData {
    I8(Buffer<i8>) = Dtype::Int8 as u64,
    I16(Buffer<i16>) = Dtype::Int16 as u64,
    I32(Buffer<i32>) = Dtype::Int32 as u64,
    I64(Buffer<i64>) = Dtype::Int64 as u64,
    U8(Buffer<u8>) = Dtype::UInt8 as u64,
    U16(Buffer<u16>) = Dtype::UInt16 as u64,
    U32(Buffer<u32>) = Dtype::UInt32 as u64,
    U64(Buffer<u64>) = Dtype::UInt64 as u64,
    BF16(Buffer<bf16>) = Dtype::BFloat16 as u64,
    F16(Buffer<f16>) = Dtype::Float16 as u64,
    F32(Buffer<f32>) = Dtype::Float32 as u64,
    F64(Buffer<f64>) = Dtype::Float64 as u64,
    Bool(Buffer<bool>) = Dtype::Bool as u64,
    C64(Buffer<Complex32>) = Dtype::Complex64 as u64,
    C128(Buffer<Complex64>) = Dtype::Complex128 as u64,
}

/// Run `$body` with `$b` bound to the typed buffer inside a [`HostData`] and
/// `$T` to its element type.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::{HostData, with_host_data};
/// let d = HostData::from(vec![1.5f32, 2.5]);
/// let n = with_host_data!(&d, b, T => b.as_slice().len());
/// assert_eq!(n, 2);
/// ```
#[macro_export]
macro_rules! with_host_data {
    ($data:expr, $b:ident, $T:ident => $body:expr) => {{
        use $crate::HostData as __H;
        #[allow(unused_imports)]
        use $crate::{Complex32, Complex64, bf16, f16};
        match $data {
            __H::I8($b) => {
                #[allow(dead_code)]
                type $T = i8;
                $body
            }
            __H::I16($b) => {
                #[allow(dead_code)]
                type $T = i16;
                $body
            }
            __H::I32($b) => {
                #[allow(dead_code)]
                type $T = i32;
                $body
            }
            __H::I64($b) => {
                #[allow(dead_code)]
                type $T = i64;
                $body
            }
            __H::U8($b) => {
                #[allow(dead_code)]
                type $T = u8;
                $body
            }
            __H::U16($b) => {
                #[allow(dead_code)]
                type $T = u16;
                $body
            }
            __H::U32($b) => {
                #[allow(dead_code)]
                type $T = u32;
                $body
            }
            __H::U64($b) => {
                #[allow(dead_code)]
                type $T = u64;
                $body
            }
            __H::BF16($b) => {
                #[allow(dead_code)]
                type $T = bf16;
                $body
            }
            __H::F16($b) => {
                #[allow(dead_code)]
                type $T = f16;
                $body
            }
            __H::F32($b) => {
                #[allow(dead_code)]
                type $T = f32;
                $body
            }
            __H::F64($b) => {
                #[allow(dead_code)]
                type $T = f64;
                $body
            }
            __H::Bool($b) => {
                #[allow(dead_code)]
                type $T = bool;
                $body
            }
            __H::C64($b) => {
                #[allow(dead_code)]
                type $T = Complex32;
                $body
            }
            __H::C128($b) => {
                #[allow(dead_code)]
                type $T = Complex64;
                $body
            }
        }
    }};
}

/// Run `$body` with `$T` bound to the element type of the dtype `$dtype`.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::{Dtype, Element, with_dtype};
/// let bits = with_dtype!(Dtype::Int16, T => std::mem::size_of::<T>() * 8);
/// assert_eq!(bits, 16);
/// ```
#[macro_export]
macro_rules! with_dtype {
    ($dtype:expr, $T:ident => $body:expr) => {{
        use $crate::Dtype as __D;
        #[allow(unused_imports)]
        use $crate::{Complex32, Complex64, bf16, f16};
        match $dtype {
            __D::Int8 => {
                #[allow(dead_code)]
                type $T = i8;
                $body
            }
            __D::Int16 => {
                #[allow(dead_code)]
                type $T = i16;
                $body
            }
            __D::Int32 => {
                #[allow(dead_code)]
                type $T = i32;
                $body
            }
            __D::Int64 => {
                #[allow(dead_code)]
                type $T = i64;
                $body
            }
            __D::UInt8 => {
                #[allow(dead_code)]
                type $T = u8;
                $body
            }
            __D::UInt16 => {
                #[allow(dead_code)]
                type $T = u16;
                $body
            }
            __D::UInt32 => {
                #[allow(dead_code)]
                type $T = u32;
                $body
            }
            __D::UInt64 => {
                #[allow(dead_code)]
                type $T = u64;
                $body
            }
            __D::BFloat16 => {
                #[allow(dead_code)]
                type $T = bf16;
                $body
            }
            __D::Float16 => {
                #[allow(dead_code)]
                type $T = f16;
                $body
            }
            __D::Float32 => {
                #[allow(dead_code)]
                type $T = f32;
                $body
            }
            __D::Float64 => {
                #[allow(dead_code)]
                type $T = f64;
                $body
            }
            __D::Bool => {
                #[allow(dead_code)]
                type $T = bool;
                $body
            }
            __D::Complex64 => {
                #[allow(dead_code)]
                type $T = Complex32;
                $body
            }
            __D::Complex128 => {
                #[allow(dead_code)]
                type $T = Complex64;
                $body
            }
        }
    }};
}

impl HostData {
    /// The dtype of the elements.
    #[inline]
    pub fn dtype(&self) -> Dtype {
        // SAFETY: an enum with a primitive representation begins with its
        // discriminant, of that type (here `u64`).
        let tag = unsafe { *(self as *const HostData).cast::<u64>() };
        // SAFETY: every discriminant is a `Dtype` value (see the enum), and
        // `Dtype` is `repr(u8)`.
        unsafe { std::mem::transmute::<u8, Dtype>(tag as u8) }
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        with_host_data!(self, b, T => b.len())
    }

    /// Whether there are no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether two host data share their storage (the same elements of the
    /// same dtype).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::HostData;
    /// let a = HostData::from(vec![1.0f32, 2.0]);
    /// assert!(a.ptr_eq(&a.clone()));
    /// assert!(!a.ptr_eq(&HostData::from(vec![1.0f32, 2.0])));
    /// ```
    pub fn ptr_eq(&self, other: &HostData) -> bool {
        self.dtype() == other.dtype()
            && with_host_data!(self, b, T => T::unwrap(other).is_some_and(|o| b.ptr_eq(o)))
    }

    /// The typed buffer, if the elements are of type `T`.
    pub fn buffer<T: Element>(&self) -> Option<&Buffer<T>> {
        T::unwrap(self)
    }

    /// The elements as a typed slice, if they are of type `T`.
    pub fn as_slice<T: Element>(&self) -> Option<&[T]> {
        T::unwrap(self).map(Buffer::as_slice)
    }

    /// A copy of the elements cast to `dtype` with `astype` rules (no copy when
    /// the dtype already matches).
    pub fn cast(&self, dtype: Dtype) -> HostData {
        if self.dtype() == dtype {
            return self.clone();
        }
        with_host_data!(self, b, S => {
            let src: &[S] = b.as_slice();
            with_dtype!(dtype, D => {
                let buf: Buffer<D> = src.iter().map(|x| x.cast::<D>()).collect();
                D::wrap(buf)
            })
        })
    }

    /// Element `i` as a scalar.
    pub fn scalar_at(&self, i: usize) -> Option<crate::Scalar> {
        with_host_data!(self, b, T => b.as_slice().get(i).map(|x| x.to_scalar()))
    }
}

impl<T: Element> From<Vec<T>> for HostData {
    fn from(v: Vec<T>) -> HostData {
        T::wrap(Buffer::from_vec(v))
    }
}

impl<T: Element> From<Buffer<T>> for HostData {
    fn from(b: Buffer<T>) -> HostData {
        T::wrap(b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dtype_of_host_data_is_its_element_type_s_for_all_15() {
        for dtype in Dtype::ALL {
            let data = crate::with_dtype!(dtype, T => HostData::from(vec![T::default(); 2]));
            assert_eq!(data.dtype(), dtype);
            crate::with_host_data!(&data, _b, T => assert_eq!(<T as Element>::DTYPE, dtype));
        }
    }

    /// An iterator whose `size_hint` claims exactly `.1` items, whatever it
    /// yields.
    struct Liar<T>(std::ops::Range<T>, usize);
    impl<T> Iterator for Liar<T>
    where
        std::ops::Range<T>: Iterator<Item = T>,
    {
        type Item = T;
        fn next(&mut self) -> Option<T> {
            self.0.next()
        }
        fn size_hint(&self) -> (usize, Option<usize>) {
            (self.1, Some(self.1))
        }
    }

    #[test]
    fn collect_writes_exact_iterators_in_place() {
        let a = [1.0f32, 2.0, 3.0];
        let b = [10.0f32, 20.0, 30.0];
        let buf: Buffer<f32> = a.iter().zip(&b).map(|(x, y)| x + y).collect();
        assert_eq!(buf.as_slice(), [11.0, 22.0, 33.0]);
        let empty: Buffer<u8> = std::iter::empty().collect();
        assert!(empty.is_empty());
    }

    #[test]
    fn collect_survives_a_lying_size_hint() {
        // Fewer items than promised: only the written ones are visible.
        let buf: Buffer<u32> = Liar(0..3u32, 10).collect();
        assert_eq!(buf.as_slice(), [0, 1, 2]);
        drop(buf.clone());
        // More items than promised: the promised ones are taken.
        let buf: Buffer<u32> = Liar(0..30u32, 10).collect();
        assert_eq!(buf.len(), 10);
        // A length no memory can hold: the items it yields are collected.
        let buf: Buffer<u64> = Liar(0..5u64, usize::MAX).collect();
        assert_eq!(buf.as_slice(), [0, 1, 2, 3, 4]);
        // No exact size hint at all.
        let buf: Buffer<u32> = (0..100).filter(|x| x % 2 == 0).collect();
        assert_eq!(buf.len(), 50);
    }

    #[test]
    fn cast_between_every_pair_keeps_the_length() {
        let data = HostData::from(vec![0i32, 1, 2, -3]);
        for d in Dtype::ALL {
            let c = data.cast(d);
            assert_eq!(c.dtype(), d);
            assert_eq!(c.len(), 4);
            for e in Dtype::ALL {
                assert_eq!(c.cast(e).dtype(), e);
            }
        }
    }

    #[test]
    fn into_vec_adopts_a_unique_vector() {
        let v = vec![1.0f64, 2.0];
        let ptr = v.as_ptr();
        let b = Buffer::from_vec(v);
        let back = b.into_vec();
        assert_eq!(back.as_ptr(), ptr);
        // A shared vector is copied, and the other handle keeps its elements.
        let b = Buffer::from_vec(back);
        let c = b.clone();
        let copy = b.into_vec();
        assert_ne!(copy.as_ptr(), ptr);
        assert_eq!(c.as_slice(), copy.as_slice());
        // A buffer that allocated its elements is copied out.
        let d: Buffer<u8> = [1u8, 2, 3].into_iter().collect();
        assert_eq!(d.into_vec(), vec![1, 2, 3]);
    }

    #[test]
    fn handles_share_across_threads_and_free_once() {
        let b: Buffer<f64> = (0..1000).map(f64::from).collect();
        let handles: Vec<_> = (0..8)
            .map(|_| {
                let b = b.clone();
                std::thread::spawn(move || {
                    let mine: Vec<Buffer<f64>> = (0..100).map(|_| b.clone()).collect();
                    mine.iter().map(|x| x.as_slice()[999]).sum::<f64>()
                })
            })
            .collect();
        for h in handles {
            assert_eq!(h.join().expect("thread"), 99_900.0);
        }
        assert!(b.is_unique());
        let empty: Buffer<bool> = Buffer::from_vec(Vec::new());
        assert!(empty.clone().is_empty());
        let zero: Buffer<Complex64> = std::iter::empty().collect();
        assert_eq!(zero.len(), 0);
    }
}
