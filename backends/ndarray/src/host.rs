//! Shared machinery of the kernels: typed access to host arrays, building
//! results, elementwise maps with broadcasting, and dtype dispatch by class.

use crate::NDARRAY;
use crate::parallel::{PAR_MIN, TASK};
use crate::simd;
use ivy::{Array, Buffer, Dtype, Element, Error, Fill, HostData, Result, Shape};
use ndarray::{ArrayD, ArrayViewD, IxDyn};

/// A result array of this backend.
#[inline]
pub fn out<T: Element>(shape: Shape, buf: Buffer<T>) -> Array {
    Array::from_host_unchecked(&NDARRAY, shape, T::wrap(buf))
}

/// A result array from a vector (no copy).
#[inline]
pub fn out_vec<T: Element>(shape: Shape, v: Vec<T>) -> Array {
    out(shape, Buffer::from_vec(v))
}

/// A result array from an ndarray array (no copy when it is in standard
/// layout).
pub fn from_nd<T: Element>(a: ArrayD<T>) -> Array {
    let shape = Shape::from(a.shape());
    let a = if a.is_standard_layout() {
        a
    } else {
        a.as_standard_layout().into_owned()
    };
    let (v, offset) = a.into_raw_vec_and_offset();
    match offset {
        Some(0) | None => out_vec(shape, v),
        Some(o) => out_vec(shape.clone(), v[o..o + shape.size()].to_vec()),
    }
}

/// The error of a kernel handed a dtype it does not implement; the dtype
/// tables are meant to stop such calls first.
pub fn wrong_dtype(op: &str, dtype: Dtype) -> Error {
    Error::UnsupportedDtype {
        op: op.to_string(),
        dtypes: ivy::DtypeList(vec![dtype]),
        backend: "ndarray".into(),
        version: crate::NDARRAY_VERSION.into(),
        supported: ivy::DtypeSet::EMPTY,
    }
}

/// The host data of an array of this backend.
#[inline]
pub fn data<'a>(op: &str, x: &'a Array) -> Result<&'a HostData> {
    x.host()
        .ok_or_else(|| Error::invalid(op, "the ndarray backend got an array with native storage"))
}

/// The elements of `x` as `T`.
#[inline]
pub fn slice<'a, T: Element>(op: &str, x: &'a Array) -> Result<&'a [T]> {
    data(op, x)?
        .as_slice::<T>()
        .ok_or_else(|| wrong_dtype(op, x.dtype()))
}

/// `x` as an ndarray view.
pub fn view<'a, T: Element>(op: &str, x: &'a Array) -> Result<ArrayViewD<'a, T>> {
    let s = slice::<T>(op, x)?;
    ArrayViewD::from_shape(IxDyn(x.shape().dims()), s)
        .map_err(|e| Error::invalid(op, format!("bad host layout: {e}")))
}

/// How a result of `len` elements is cut for the threads: one part below
/// [`PAR_MIN`], parts of [`TASK`] elements from there on (the same parts
/// for any thread count).
#[inline]
fn part_len(len: usize) -> usize {
    if len < PAR_MIN { len.max(1) } else { TASK }
}

/// A fresh buffer of `len` elements written by `f(offset, part)` (see
/// [`Buffer::from_fill`]), over the threads from [`PAR_MIN`] elements on.
#[inline]
pub fn fill<T: Copy + Send + Sync>(
    len: usize,
    f: impl Fn(usize, &mut Fill<'_, T>) + Sync,
) -> Buffer<T> {
    Buffer::from_fill(len, part_len(len), f)
}

/// The elements of `s` that a part at `offset` covers.
#[inline]
fn part<'a, T>(s: &'a [T], offset: usize, part: &Fill<'_, impl Copy>) -> &'a [T] {
    s.get(offset..offset + part.len()).unwrap_or_default()
}

/// Map every element of `x` (of type `T`) through `f`.
#[inline]
pub fn map<T: Element, U: Element>(
    op: &str,
    x: &Array,
    f: impl Fn(T) -> U + Sync,
) -> Result<Array> {
    let s = slice::<T>(op, x)?;
    if s.len() < PAR_MIN {
        let buf: Buffer<U> = s.iter().map(|v| f(*v)).collect();
        return Ok(out(x.shape().clone(), buf));
    }
    let buf = fill(s.len(), |offset, p| p.extend_map(part(s, offset, p), &f));
    Ok(out(x.shape().clone(), buf))
}

/// `f` (a vector function of [`simd`]) of every element of the real float
/// array `x`.
#[inline]
pub fn map_real<T: Element + simd::Element, F: simd::Unary>(
    op: &str,
    x: &Array,
    f: F,
) -> Result<Array> {
    let s = slice::<T>(op, x)?;
    let buf = fill(s.len(), |offset, p| T::map(f, part(s, offset, p), p));
    Ok(out(x.shape().clone(), buf))
}

impl<T: Copy> simd::Out<T> for Fill<'_, T> {
    #[inline(always)]
    fn put(&mut self, v: &[T]) {
        self.extend_from_slice(v);
    }
}

/// `f` (a vector function of [`simd`]) of pairs of elements of the real
/// float arrays `a` and `b`, shapes broadcast: operands of one shape and
/// a single element against an array directly, other broadcasts after
/// laying the operands out in the result's shape.
pub fn zip_real<T: Element + simd::Element, F: simd::Binary>(
    op: &str,
    a: &Array,
    b: &Array,
    f: F,
) -> Result<Array> {
    let (sa, sb) = (slice::<T>(op, a)?, slice::<T>(op, b)?);
    if a.shape() == b.shape() {
        let buf = fill(sa.len(), |o, p| {
            T::zip(f, part(sa, o, p), part(sb, o, p), p)
        });
        return Ok(out(a.shape().clone(), buf));
    }
    // One element against an array of at least as many dimensions: the
    // element repeated in a block beside each stretch of the array.
    let repeat = |s: &[T], v: T, first: bool| {
        fill(s.len(), |o, p| {
            let block = [v; simd::BLOCK];
            for c in part(s, o, p).chunks(simd::BLOCK) {
                let r = &block[..c.len()];
                let (x, y) = if first { (r, c) } else { (c, r) };
                T::zip(f, x, y, p);
            }
        })
    };
    if sb.len() == 1 && b.ndim() <= a.ndim() {
        return Ok(out(a.shape().clone(), repeat(sa, sb[0], false)));
    }
    if sa.len() == 1 && a.ndim() <= b.ndim() {
        return Ok(out(b.shape().clone(), repeat(sb, sa[0], true)));
    }
    let shape = ivy::broadcast_shapes_of(op, a.shape(), b.shape())?;
    let dims = IxDyn(shape.dims());
    let (va, vb) = (view::<T>(op, a)?, view::<T>(op, b)?);
    let (Some(va), Some(vb)) = (va.broadcast(dims.clone()), vb.broadcast(dims)) else {
        return Err(Error::Broadcast {
            op: op.to_string(),
            shapes: vec![a.shape().clone(), b.shape().clone()],
        });
    };
    let (la, lb) = (va.as_standard_layout(), vb.as_standard_layout());
    let (Some(la), Some(lb)) = (la.as_slice(), lb.as_slice()) else {
        return Err(Error::invalid(
            op,
            "a broadcast operand has no contiguous layout",
        ));
    };
    let buf = fill(la.len(), |o, p| {
        T::zip(f, part(la, o, p), part(lb, o, p), p)
    });
    Ok(out(shape, buf))
}

/// Map pairs of elements of `a` and `b` (both of type `T`, shapes broadcast)
/// through `f`.
///
/// Operands of one shape (the common case) take the inlined loop here;
/// broadcasting is out of line, so the many kernels built on this stay small.
#[inline]
pub fn zip<T: Element, U: Element, F: Fn(T, T) -> U + Sync>(
    op: &str,
    a: &Array,
    b: &Array,
    f: F,
) -> Result<Array> {
    let sa = slice::<T>(op, a)?;
    let sb = slice::<T>(op, b)?;
    if a.shape() == b.shape() {
        if sa.len() < PAR_MIN {
            let buf: Buffer<U> = sa.iter().zip(sb).map(|(x, y)| f(*x, *y)).collect();
            return Ok(out(a.shape().clone(), buf));
        }
        let buf = fill(sa.len(), |o, p| {
            p.extend_zip(part(sa, o, p), part(sb, o, p), &f)
        });
        return Ok(out(a.shape().clone(), buf));
    }
    zip_broadcast(op, a, b, sa, sb, f)
}

/// [`zip`] of operands of different shapes.
#[inline(never)]
fn zip_broadcast<T: Element, U: Element, F: Fn(T, T) -> U + Sync>(
    op: &str,
    a: &Array,
    b: &Array,
    sa: &[T],
    sb: &[T],
    f: F,
) -> Result<Array> {
    // One element against an array of at least as many dimensions (a scalar
    // operand's 0-d array): the result has the array's shape, with nothing
    // to work out (every dimension of the single element is 1).
    if sb.len() == 1 && b.ndim() <= a.ndim() {
        let y = sb[0];
        let buf = fill(sa.len(), |o, p| p.extend_map(part(sa, o, p), |x| f(x, y)));
        return Ok(out(a.shape().clone(), buf));
    }
    if sa.len() == 1 && a.ndim() <= b.ndim() {
        let x = sa[0];
        let buf = fill(sb.len(), |o, p| p.extend_map(part(sb, o, p), |y| f(x, y)));
        return Ok(out(b.shape().clone(), buf));
    }
    let shape = ivy::broadcast_shapes_of(op, a.shape(), b.shape())?;
    let va = view::<T>(op, a)?;
    let vb = view::<T>(op, b)?;
    let dims = IxDyn(shape.dims());
    let (Some(va), Some(vb)) = (va.broadcast(dims.clone()), vb.broadcast(dims)) else {
        return Err(Error::Broadcast {
            op: op.to_string(),
            shapes: vec![a.shape().clone(), b.shape().clone()],
        });
    };
    if shape.size() >= PAR_MIN {
        // Rows of the result's last axis, each read from the broadcast views.
        let (va, vb) = (va.as_standard_layout(), vb.as_standard_layout());
        if let (Some(la), Some(lb)) = (va.as_slice(), vb.as_slice()) {
            let buf = fill(la.len(), |o, p| {
                p.extend_zip(part(la, o, p), part(lb, o, p), &f)
            });
            return Ok(out(shape, buf));
        }
    }
    let zipped = ndarray::Zip::from(&va)
        .and(&vb)
        .map_collect(|x, y| f(*x, *y));
    Ok(out(shape, into_buffer(zipped)))
}

/// The elements of a freshly collected array in row-major order, as a
/// buffer: adopted without a copy when the array is in standard layout (as
/// `map_collect` gives for broadcast operands), copied in logical order
/// otherwise. (Iterating an owned `ArrayD` element by element steps a
/// dynamic index per element, about 25 ns each.)
fn into_buffer<U: Element>(a: ArrayD<U>) -> Buffer<U> {
    if !a.is_standard_layout() {
        return a.as_standard_layout().iter().copied().collect();
    }
    let n = a.len();
    let (v, offset) = a.into_raw_vec_and_offset();
    match offset.unwrap_or(0) {
        0 if v.len() == n => Buffer::from_vec(v),
        o => v[o..o + n].iter().copied().collect(),
    }
}

/// Map triples of elements (shapes broadcast): `where`.
pub fn zip3<A: Element, T: Element, U: Element>(
    op: &str,
    a: &Array,
    b: &Array,
    c: &Array,
    f: impl Fn(A, T, T) -> U,
) -> Result<Array> {
    let shape = ivy::broadcast_shapes_of(op, a.shape(), b.shape())?;
    let shape = ivy::broadcast_shapes_of(op, &shape, c.shape())?;
    let dims = IxDyn(shape.dims());
    let va = view::<A>(op, a)?;
    let vb = view::<T>(op, b)?;
    let vc = view::<T>(op, c)?;
    let (Some(va), Some(vb), Some(vc)) = (
        va.broadcast(dims.clone()),
        vb.broadcast(dims.clone()),
        vc.broadcast(dims),
    ) else {
        return Err(Error::Broadcast {
            op: op.to_string(),
            shapes: vec![a.shape().clone(), b.shape().clone(), c.shape().clone()],
        });
    };
    let zipped = ndarray::Zip::from(&va)
        .and(&vb)
        .and(&vc)
        .map_collect(|x, y, z| f(*x, *y, *z));
    Ok(out(shape, into_buffer(zipped)))
}

/// Run `$body` with `$T` the element type of `$x`, for the dtypes listed;
/// any other dtype is a "wrong dtype" error.
macro_rules! dispatch {
    ($op:expr, $x:expr, $T:ident => $body:expr; $($V:ident => $t:ty),* $(,)?) => {{
        #[allow(unused_imports)]
        use ivy::{bf16, f16, Complex32, Complex64};
        match $crate::host::data($op, $x)? {
            $(ivy::HostData::$V(_) => { #[allow(dead_code)] type $T = $t; $body })*
            #[allow(unreachable_patterns)]
            _ => Err($crate::host::wrong_dtype($op, $x.dtype())),
        }
    }};
}
pub(crate) use dispatch;

/// [`dispatch!`] over the real floats.
macro_rules! floats {
    ($op:expr, $x:expr, $T:ident => $body:expr) => {
        $crate::host::dispatch!($op, $x, $T => $body; F32 => f32, F64 => f64, F16 => f16, BF16 => bf16)
    };
}
pub(crate) use floats;

/// [`dispatch!`] over the real floats and complex dtypes.
macro_rules! inexact {
    ($op:expr, $x:expr, $T:ident => $body:expr) => {
        $crate::host::dispatch!($op, $x, $T => $body;
            F32 => f32, F64 => f64, F16 => f16, BF16 => bf16, C64 => Complex32, C128 => Complex64)
    };
}
pub(crate) use inexact;

/// [`dispatch!`] over the integers.
macro_rules! ints {
    ($op:expr, $x:expr, $T:ident => $body:expr) => {
        $crate::host::dispatch!($op, $x, $T => $body;
            I8 => i8, I16 => i16, I32 => i32, I64 => i64, U8 => u8, U16 => u16, U32 => u32, U64 => u64)
    };
}
pub(crate) use ints;

/// [`dispatch!`] over the integers and reals floats.
macro_rules! reals {
    ($op:expr, $x:expr, $T:ident => $body:expr) => {
        $crate::host::dispatch!($op, $x, $T => $body;
            I8 => i8, I16 => i16, I32 => i32, I64 => i64, U8 => u8, U16 => u16, U32 => u32, U64 => u64,
            F32 => f32, F64 => f64, F16 => f16, BF16 => bf16)
    };
}
pub(crate) use reals;

/// [`dispatch!`] over the integers, real floats and bool (the ordered dtypes).
macro_rules! ordered {
    ($op:expr, $x:expr, $T:ident => $body:expr) => {
        $crate::host::dispatch!($op, $x, $T => $body;
            I8 => i8, I16 => i16, I32 => i32, I64 => i64, U8 => u8, U16 => u16, U32 => u32, U64 => u64,
            F32 => f32, F64 => f64, F16 => f16, BF16 => bf16, Bool => bool)
    };
}
pub(crate) use ordered;

/// [`dispatch!`] over every dtype but bool.
macro_rules! numeric {
    ($op:expr, $x:expr, $T:ident => $body:expr) => {
        $crate::host::dispatch!($op, $x, $T => $body;
            I8 => i8, I16 => i16, I32 => i32, I64 => i64, U8 => u8, U16 => u16, U32 => u32, U64 => u64,
            F32 => f32, F64 => f64, F16 => f16, BF16 => bf16, C64 => Complex32, C128 => Complex64)
    };
}
pub(crate) use numeric;

/// [`dispatch!`] over all 15 dtypes.
macro_rules! all {
    ($op:expr, $x:expr, $T:ident => $body:expr) => {
        $crate::host::dispatch!($op, $x, $T => $body;
            I8 => i8, I16 => i16, I32 => i32, I64 => i64, U8 => u8, U16 => u16, U32 => u32, U64 => u64,
            F32 => f32, F64 => f64, F16 => f16, BF16 => bf16, C64 => Complex32, C128 => Complex64, Bool => bool)
    };
}
pub(crate) use all;

/// The same dispatch on a dtype value instead of an array (creation).
macro_rules! by_dtype {
    ($op:expr, $d:expr, $T:ident => $body:expr) => {{
        #[allow(unused_imports)]
        use ivy::{Complex32, Complex64, bf16, f16};
        match $d {
            Dtype::Int8 => {
                type $T = i8;
                $body
            }
            Dtype::Int16 => {
                type $T = i16;
                $body
            }
            Dtype::Int32 => {
                type $T = i32;
                $body
            }
            Dtype::Int64 => {
                type $T = i64;
                $body
            }
            Dtype::UInt8 => {
                type $T = u8;
                $body
            }
            Dtype::UInt16 => {
                type $T = u16;
                $body
            }
            Dtype::UInt32 => {
                type $T = u32;
                $body
            }
            Dtype::UInt64 => {
                type $T = u64;
                $body
            }
            Dtype::BFloat16 => {
                type $T = bf16;
                $body
            }
            Dtype::Float16 => {
                type $T = f16;
                $body
            }
            Dtype::Float32 => {
                type $T = f32;
                $body
            }
            Dtype::Float64 => {
                type $T = f64;
                $body
            }
            Dtype::Bool => {
                type $T = bool;
                $body
            }
            Dtype::Complex64 => {
                type $T = Complex32;
                $body
            }
            Dtype::Complex128 => {
                type $T = Complex64;
                $body
            }
        }
    }};
}
pub(crate) use by_dtype;

/// `x` cast to `dtype` (shared, not copied, when it already has it).
pub fn cast_to(op: &str, x: &Array, dtype: Dtype) -> Result<Array> {
    if x.dtype() == dtype {
        return Ok(x.clone());
    }
    let d = data(op, x)?.cast(dtype);
    Ok(Array::from_host_unchecked(&NDARRAY, x.shape().clone(), d))
}
