//! Host storage: [`Buffer`] (one typed, shared, contiguous buffer) and
//! [`HostData`] (a buffer of any of the 15 dtypes).

use crate::dtype::{Complex32, Complex64, Dtype, Element, bf16, f16};
use std::sync::Arc;

/// A shared, immutable, contiguous buffer of `T`.
///
/// Buffers made by kernels are one allocation (`Arc<[T]>`); buffers adopted
/// from a `Vec<T>` or an `ndarray::ArrayD<T>` keep that vector without copying
/// it (`Arc<Vec<T>>`). Cloning is a reference-count increment either way.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Buffer;
/// let b: Buffer<f32> = Buffer::from_vec(vec![1.0, 2.0]);
/// let c = b.clone();
/// assert_eq!(c.as_slice(), &[1.0, 2.0]);
/// assert_eq!(b.into_vec(), vec![1.0, 2.0]);
/// ```
#[derive(Clone, Debug)]
pub enum Buffer<T> {
    /// One allocation holding the count and the elements.
    Shared(Arc<[T]>),
    /// A vector adopted without copying.
    Vec(Arc<Vec<T>>),
}

impl<T> Buffer<T> {
    /// Adopt a vector without copying its elements.
    pub fn from_vec(v: Vec<T>) -> Buffer<T> {
        Buffer::Vec(Arc::new(v))
    }

    /// The elements.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        match self {
            Buffer::Shared(a) => a,
            Buffer::Vec(v) => v.as_slice(),
        }
    }

    /// Number of elements.
    #[inline]
    pub fn len(&self) -> usize {
        self.as_slice().len()
    }

    /// Whether the buffer is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether two buffers share their storage.
    pub fn ptr_eq(&self, other: &Buffer<T>) -> bool {
        std::ptr::eq(self.as_slice().as_ptr(), other.as_slice().as_ptr())
            && self.len() == other.len()
    }
}

impl<T: Clone> Buffer<T> {
    /// The elements as a vector; no copy when this is the only handle to an
    /// adopted vector.
    pub fn into_vec(self) -> Vec<T> {
        match self {
            Buffer::Vec(v) => Arc::try_unwrap(v).unwrap_or_else(|v| v.as_ref().clone()),
            Buffer::Shared(a) => a.to_vec(),
        }
    }
}

impl<T> FromIterator<T> for Buffer<T> {
    /// One allocation; an iterator that knows its length (kernels mapping
    /// slices with `zip` and `map`) is written straight into it, in a loop
    /// the compiler can vectorise.
    #[inline]
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Buffer<T> {
        let iter = iter.into_iter();
        match iter.size_hint() {
            (lo, Some(hi)) if lo == hi => Buffer::Shared(collect_exact(lo, iter)),
            _ => Buffer::Shared(iter.collect()),
        }
    }
}

/// Collect an iterator that says it yields exactly `n` items. One that
/// yields fewer (a broken `size_hint`) still gives the items it yielded;
/// items past `n` are not taken.
#[inline]
fn collect_exact<T>(n: usize, iter: impl Iterator<Item = T>) -> Arc<[T]> {
    let mut arc = Arc::<[T]>::new_uninit_slice(n);
    let Some(dst) = Arc::get_mut(&mut arc) else {
        // A new Arc is unique; this arm is never taken.
        return iter.collect();
    };
    let mut written = 0;
    for (slot, item) in dst.iter_mut().zip(iter) {
        slot.write(item);
        written += 1;
    }
    if written == n {
        // SAFETY: all `n` slots were written above.
        return unsafe { arc.assume_init() };
    }
    let Some(dst) = Arc::get_mut(&mut arc) else {
        return Arc::from([]);
    };
    dst[..written]
        .iter()
        .map(|slot| {
            // SAFETY: the first `written` slots were written above, and each
            // is read once; the uninitialised Arc never drops its contents.
            unsafe { slot.assume_init_read() }
        })
        .collect()
}

impl<T> From<Vec<T>> for Buffer<T> {
    fn from(v: Vec<T>) -> Buffer<T> {
        Buffer::from_vec(v)
    }
}

/// The elements of a host array: a [`Buffer`] of one of the 15 dtypes.
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
pub enum HostData {
    I8(Buffer<i8>),
    I16(Buffer<i16>),
    I32(Buffer<i32>),
    I64(Buffer<i64>),
    U8(Buffer<u8>),
    U16(Buffer<u16>),
    U32(Buffer<u32>),
    U64(Buffer<u64>),
    BF16(Buffer<bf16>),
    F16(Buffer<f16>),
    F32(Buffer<f32>),
    F64(Buffer<f64>),
    Bool(Buffer<bool>),
    C64(Buffer<Complex32>),
    C128(Buffer<Complex64>),
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
    pub fn dtype(&self) -> Dtype {
        with_host_data!(self, _b, T => <T as Element>::DTYPE)
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        with_host_data!(self, b, T => b.len())
    }

    /// Whether there are no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
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

    /// An iterator whose `size_hint` promises more items than it yields.
    struct Liar(std::ops::Range<u32>);
    impl Iterator for Liar {
        type Item = String;
        fn next(&mut self) -> Option<String> {
            self.0.next().map(|i| i.to_string())
        }
        fn size_hint(&self) -> (usize, Option<usize>) {
            (10, Some(10))
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
        // Fewer items than promised (non-Copy items, so a double drop or a
        // read of an unwritten slot would show under Miri or as a crash).
        let buf: Buffer<String> = Liar(0..3).collect();
        assert_eq!(buf.as_slice(), ["0", "1", "2"]);
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
    }
}
