//! Shape and index helpers shared by the creation, data type and
//! manipulation kernels: zero-copy reshapes, fallible allocation, copying
//! runs of elements along an axis, and materialising ndarray views.
//!
//! Everything here is dtype-agnostic (generic over [`Element`]) and never
//! panics: every slice access goes through `get`, and a range that does not
//! fit (a bug, never user input) becomes an [`Error`].

use crate::host;
use ivy::{Array, Device, Element, Error, Result, Shape};
use ndarray::ArrayViewD;

/// `x` with another shape of the same size, sharing its elements (no copy).
pub(crate) fn share(op: &str, x: &Array, shape: Shape) -> Result<Array> {
    if shape.checked_size(op)? != x.size() {
        return Err(Error::shape(
            op,
            format!(
                "cannot give an array of size {} the shape {shape}",
                x.size()
            ),
            vec![x.shape().clone()],
        ));
    }
    let data = host::data(op, x)?.clone();
    Ok(Array::from_host_unchecked(&crate::NDARRAY, shape, data))
}

/// The ndarray backend places arrays in host memory only.
pub(crate) fn check_device(op: &str, device: Device) -> Result<()> {
    if device == Device::Cpu {
        Ok(())
    } else {
        Err(Error::UnsupportedDevice {
            op: op.to_string(),
            device: device.to_string(),
            backend: "ndarray".into(),
        })
    }
}

/// An empty vector with room for `n` elements, or an error (instead of an
/// abort) when that much memory cannot be had.
pub(crate) fn alloc<T>(op: &str, n: usize) -> Result<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|e| {
        Error::invalid(
            op,
            format!(
                "cannot allocate {n} elements of {}: {e}",
                std::any::type_name::<T>()
            ),
        )
    })?;
    Ok(v)
}

/// An array of `shape` with every element `value`.
pub(crate) fn filled<T: Element>(op: &str, shape: Shape, value: T) -> Result<Array> {
    let n = shape.checked_size(op)?;
    let mut v = alloc::<T>(op, n)?;
    v.resize(n, value);
    Ok(host::out_vec(shape, v))
}

/// Materialise a view (any strides, broadcast included) as a contiguous
/// row-major array of its shape.
pub(crate) fn collect<T: Element>(op: &str, v: ArrayViewD<'_, T>) -> Result<Array> {
    let shape = Shape::from(v.shape());
    let n = shape.checked_size(op)?;
    let mut out = alloc::<T>(op, n)?;
    match v.as_slice() {
        Some(s) => out.extend_from_slice(s),
        None => out.extend(v.iter().copied()),
    }
    Ok(host::out_vec(shape, out))
}

/// `shape` seen as `(outer, len, inner)` around `axis`: the product of the
/// dimensions before it, its length, and the product of those after it.
/// (Products of an existing array's dimensions cannot overflow: they divide
/// its size.)
pub(crate) fn around(shape: &[usize], axis: usize) -> (usize, usize, usize) {
    let outer = shape.iter().take(axis).product();
    let len = shape.get(axis).copied().unwrap_or(1);
    let inner = shape.iter().skip(axis + 1).product();
    (outer, len, inner)
}

/// `shape` with the dimension `axis` set to `d`.
pub(crate) fn set_dim(shape: &[usize], axis: usize, d: usize) -> Shape {
    shape
        .iter()
        .enumerate()
        .map(|(i, &x)| if i == axis { d } else { x })
        .collect()
}

/// `s[start..start + len]`, or an internal error (the callers derive every
/// range from the shapes, so this never fails on valid arrays).
#[inline]
pub(crate) fn run<'a, T>(op: &str, s: &'a [T], start: usize, len: usize) -> Result<&'a [T]> {
    start
        .checked_add(len)
        .and_then(|end| s.get(start..end))
        .ok_or_else(|| {
            Error::invalid(
                op,
                format!("internal error: elements {start}..+{len} of {}", s.len()),
            )
        })
}

/// Append, for every outer index, `count` positions starting at `start` of an
/// axis of length `len` whose positions are runs of `inner` elements.
pub(crate) fn extend_axis_range<T: Copy>(
    op: &str,
    out: &mut Vec<T>,
    s: &[T],
    (outer, len, inner): (usize, usize, usize),
    start: usize,
    count: usize,
) -> Result<()> {
    for o in 0..outer {
        out.extend_from_slice(run(op, s, (o * len + start) * inner, count * inner)?);
    }
    Ok(())
}

/// Integers that must not be negative (repeats, counts), as `usize`.
pub(crate) fn non_negative(op: &str, what: &str, v: &[i64]) -> Result<Vec<usize>> {
    v.iter()
        .map(|&r| {
            usize::try_from(r).map_err(|_| {
                Error::invalid(op, format!("{what} must not be negative, got {}", ints(v)))
            })
        })
        .collect()
}

/// A list of integers as a Python tuple: `(2, -1)`, `(3,)`, `()`.
pub(crate) fn ints(v: &[i64]) -> String {
    match v {
        [one] => format!("({one},)"),
        _ => format!(
            "({})",
            v.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// Run `$body` with `$T` the element type of the dtype `$d`, for the dtypes
/// listed; any other dtype is a "wrong dtype" error (the creation ops whose
/// dtype argument is restricted).
macro_rules! with_dtypes {
    ($op:expr, $d:expr, $T:ident => $body:expr; $($V:ident => $t:ty),* $(,)?) => {{
        #[allow(unused_imports)]
        use ivy::{bf16, f16, Complex32, Complex64};
        match $d {
            $(ivy::Dtype::$V => { #[allow(dead_code)] type $T = $t; $body })*
            #[allow(unreachable_patterns)]
            other => Err($crate::host::wrong_dtype($op, other)),
        }
    }};
}
pub(crate) use with_dtypes;
