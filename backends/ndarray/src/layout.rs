//! Shape and index helpers shared by the creation, data type and
//! manipulation kernels: zero-copy reshapes, fallible allocation, copying
//! runs of elements along an axis, and materialising ndarray views.
//!
//! Everything here is dtype-agnostic (generic over [`Element`]) and never
//! panics: every slice access goes through `get`, and a range that does not
//! fit (a bug, never user input) becomes an [`Error`].

use crate::host;
use ivy::{Array, Device, Element, Error, Result, Shape};

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

/// `n` copies of `value`, or an error when they cannot be allocated.
pub(crate) fn repeated<T: Clone>(op: &str, n: usize, value: T) -> Result<Vec<T>> {
    let mut v = alloc::<T>(op, n)?;
    v.resize(n, value);
    Ok(v)
}

/// An array of `shape` with every element `value`.
pub(crate) fn filled<T: Element>(op: &str, shape: Shape, value: T) -> Result<Array> {
    let n = shape.checked_size(op)?;
    Ok(host::out_vec(shape, repeated(op, n, value)?))
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

/// A strided view of a row-major buffer: element `idx` of the view is
/// `src[offset + sum(idx[i] * strides[i])]`. Permuting, swapping, flipping
/// and broadcasting only rewrite the view; [`Strided::gather`] then copies
/// the elements out in row-major order, a contiguous (or constant, or
/// evenly strided) run at a time.
#[derive(Clone, Debug)]
pub(crate) struct Strided {
    offset: isize,
    dims: Vec<usize>,
    strides: Vec<isize>,
}

impl Strided {
    /// The row-major view of an array of `shape`.
    pub(crate) fn of(shape: &[usize]) -> Strided {
        let mut strides = vec![0isize; shape.len()];
        let mut acc = 1isize;
        for (s, &d) in strides.iter_mut().zip(shape).rev() {
            *s = acc;
            acc = acc.saturating_mul(isize::try_from(d).unwrap_or(isize::MAX));
        }
        Strided {
            offset: 0,
            dims: shape.to_vec(),
            strides,
        }
    }

    /// The view with the given parts (an index plan's strided source).
    pub(crate) fn new(offset: isize, dims: Vec<usize>, strides: Vec<isize>) -> Strided {
        Strided {
            offset,
            dims,
            strides,
        }
    }

    /// The dimensions of the view.
    pub(crate) fn dims(&self) -> &[usize] {
        &self.dims
    }

    /// Axis `i` of the result is axis `axes[i]` of the view (`axes` is a
    /// permutation, checked by the caller).
    pub(crate) fn permute(&self, axes: &[usize]) -> Strided {
        let pick = |a: usize| {
            (
                self.dims.get(a).copied().unwrap_or(1),
                self.strides.get(a).copied().unwrap_or(0),
            )
        };
        let (dims, strides) = axes.iter().map(|&a| pick(a)).unzip();
        Strided {
            offset: self.offset,
            dims,
            strides,
        }
    }

    /// Swap two axes (in range, checked by the caller).
    pub(crate) fn swap(&mut self, a: usize, b: usize) {
        if a < self.dims.len() && b < self.dims.len() {
            self.dims.swap(a, b);
            self.strides.swap(a, b);
        }
    }

    /// Reverse the order along `axis`.
    pub(crate) fn flip(&mut self, axis: usize) {
        if let (Some(&d), Some(s)) = (self.dims.get(axis), self.strides.get_mut(axis)) {
            if d > 0 {
                self.offset += isize::try_from(d - 1).unwrap_or(0) * *s;
            }
            *s = -*s;
        }
    }

    /// The view broadcast to `target` (NumPy's rule, one way), or `None`.
    pub(crate) fn broadcast(&self, target: &[usize]) -> Option<Strided> {
        let lead = target.len().checked_sub(self.dims.len())?;
        let mut strides = vec![0isize; lead];
        for ((&d, &s), &t) in self
            .dims
            .iter()
            .zip(&self.strides)
            .zip(target.iter().skip(lead))
        {
            strides.push(match d {
                _ if d == t => s,
                1 => 0,
                _ => return None,
            });
        }
        Some(Strided {
            offset: self.offset,
            dims: target.to_vec(),
            strides,
        })
    }

    /// The elements of the view over `src`, in row-major order.
    pub(crate) fn gather<T: Copy>(&self, op: &str, src: &[T]) -> Result<Vec<T>> {
        let n = self
            .dims
            .iter()
            .try_fold(1usize, |acc, &d| acc.checked_mul(d));
        let n = n.ok_or_else(|| {
            Error::shape(
                op,
                "the number of elements overflows usize",
                vec![Shape::from(self.dims.as_slice())],
            )
        })?;
        let mut out = alloc::<T>(op, n)?;
        if n == 0 {
            return Ok(out);
        }
        // Drop length-1 axes and merge neighbours that step as one.
        let mut axes: Vec<(usize, isize)> = Vec::with_capacity(self.dims.len());
        for (&d, &s) in self.dims.iter().zip(&self.strides) {
            if d == 1 {
                continue;
            }
            match axes.last_mut() {
                Some(last)
                    if isize::try_from(d).ok().and_then(|d| s.checked_mul(d)) == Some(last.1) =>
                {
                    *last = (last.0 * d, s)
                }
                _ => axes.push((d, s)),
            }
        }
        let (len, stride) = axes.pop().unwrap_or((1, 0));
        match axes.last() {
            // Transpose-like: contiguous in the source along the next outer
            // axis but not along the inner one. Copy square tiles, so the
            // source lines a tile reads stay in cache while it is written.
            Some(&(rows, 1)) if stride.unsigned_abs() > 1 && len >= TILE && rows >= TILE => {
                axes.pop();
                for_each_base(&axes, self.offset, |base| {
                    push_tiles(op, &mut out, src, base, rows, (len, stride))
                })?;
            }
            _ => for_each_base(&axes, self.offset, |base| {
                push_run(op, &mut out, src, base, len, stride)
            })?,
        }
        Ok(out)
    }
}

/// The side of the square tiles of a transposing copy.
const TILE: usize = 32;

/// Call `f` with the source offset of every position of the `axes`
/// (`(length, stride)` pairs, outermost first) in row-major order, from
/// `offset` (an odometer).
fn for_each_base(
    axes: &[(usize, isize)],
    offset: isize,
    mut f: impl FnMut(isize) -> Result<()>,
) -> Result<()> {
    let mut idx = vec![0usize; axes.len()];
    let mut base = offset;
    loop {
        f(base)?;
        let mut k = axes.len();
        loop {
            let Some(kk) = k.checked_sub(1) else {
                return Ok(());
            };
            k = kk;
            let (Some(&(d, s)), Some(i)) = (axes.get(k), idx.get_mut(k)) else {
                return Ok(());
            };
            *i += 1;
            base += s;
            if *i < d {
                break;
            }
            *i = 0;
            base -= s * isize::try_from(d).unwrap_or(0);
        }
    }
}

/// Append the `rows x len` block whose element `(r, c)` is
/// `src[base + r + c * stride]`, in row-major order, a tile at a time.
fn push_tiles<T: Copy>(
    op: &str,
    out: &mut Vec<T>,
    src: &[T],
    base: isize,
    rows: usize,
    (len, stride): (usize, isize),
) -> Result<()> {
    let bad = || {
        Error::invalid(
            op,
            format!("internal error: tiled copy outside {} elements", src.len()),
        )
    };
    let start = out.len();
    let fill = *src
        .get(usize::try_from(base).map_err(|_| bad())?)
        .ok_or_else(bad)?;
    out.resize(start + rows * len, fill);
    let block = out.get_mut(start..).ok_or_else(bad)?;
    for r0 in (0..rows).step_by(TILE) {
        for c0 in (0..len).step_by(TILE) {
            let cols = c0..(c0 + TILE).min(len);
            for r in r0..(r0 + TILE).min(rows) {
                let row = block.get_mut(r * len..(r + 1) * len).ok_or_else(bad)?;
                // Offsets stay inside the source: they index a valid view.
                let first = base + r as isize + c0 as isize * stride;
                let dst = row.get_mut(cols.clone()).ok_or_else(bad)?;
                let mut at = first;
                for d in dst {
                    *d = *usize::try_from(at)
                        .ok()
                        .and_then(|a| src.get(a))
                        .ok_or_else(bad)?;
                    at += stride;
                }
            }
        }
    }
    Ok(())
}

/// Append the `len` elements `src[base + j * stride]`.
fn push_run<T: Copy>(
    op: &str,
    out: &mut Vec<T>,
    src: &[T],
    base: isize,
    len: usize,
    stride: isize,
) -> Result<()> {
    let bad = || {
        Error::invalid(
            op,
            format!("internal error: strided run outside {} elements", src.len()),
        )
    };
    if len == 0 {
        return Ok(());
    }
    let span = isize::try_from(len - 1).map_err(|_| bad())? * stride;
    let first = usize::try_from(base).map_err(|_| bad())?;
    let last = usize::try_from(base + span).map_err(|_| bad())?;
    match stride {
        1 => out.extend_from_slice(src.get(first..=last).ok_or_else(bad)?),
        0 => out.extend(std::iter::repeat_n(*src.get(first).ok_or_else(bad)?, len)),
        -1 => out.extend(src.get(last..=first).ok_or_else(bad)?.iter().rev()),
        s if s > 0 => out.extend(
            src.get(first..=last)
                .ok_or_else(bad)?
                .iter()
                .step_by(s.unsigned_abs()),
        ),
        s => out.extend(
            src.get(last..=first)
                .ok_or_else(bad)?
                .iter()
                .rev()
                .step_by(s.unsigned_abs()),
        ),
    }
    Ok(())
}

/// The elements of the host array `x` (of element type `T`) seen through
/// `view`, as a new array of the view's shape.
pub(crate) fn materialise<T: Element>(op: &str, x: &Array, view: &Strided) -> Result<Array> {
    let v = view.gather(op, host::slice::<T>(op, x)?)?;
    Ok(host::out_vec(Shape::from(view.dims()), v))
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

#[cfg(test)]
mod tests {
    //! The helpers through the public ops that use them.
    use ivy::opts::{Full, Zeros};
    use ivy::{Array, Device, Error, Result};

    #[test]
    fn shared_results_keep_the_buffer() -> Result<()> {
        let x = Array::from_shape_vec([2, 3], vec![1i16, 2, 3, 4, 5, 6])?;
        for y in [
            ivy::reshape(&x, [3, 2])?,
            ivy::expand_dims(&x)?,
            ivy::squeeze(&ivy::expand_dims(&x)?)?,
        ] {
            assert!(y.shares_data_with(&x));
            assert_eq!(y.to_vec::<i16>()?, [1, 2, 3, 4, 5, 6]);
        }
        Ok(())
    }

    #[test]
    fn devices_other_than_the_cpu_are_refused_by_name() {
        let e = ivy::zeros_with([1], Zeros::new().device(Device::Gpu(3))).unwrap_err();
        assert_eq!(
            e,
            Error::UnsupportedDevice {
                op: "zeros".into(),
                device: "gpu:3".into(),
                backend: "ndarray".into()
            }
        );
    }

    #[test]
    fn allocation_failures_are_errors() {
        // 2^61 float64 elements: the size fits usize, the bytes do not.
        let e = ivy::full_with([1usize << 61], 1.0, Full::new()).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("full: cannot allocate 2305843009213693952 elements"),
            "{e}"
        );
        assert_eq!(e.op(), Some("full"));
    }

    #[test]
    fn integer_lists_print_as_python_tuples() {
        let x = Array::from_vec(vec![1u8, 2, 3]);
        let one = ivy::reshape(&x, [2]).unwrap_err().to_string();
        assert!(one.contains("into shape (2,)"), "{one}");
        let none = ivy::reshape(&x, Vec::<i64>::new()).unwrap_err().to_string();
        assert!(none.contains("into shape ()"), "{none}");
        let two = ivy::tile(&x, [2, -3]).unwrap_err().to_string();
        assert!(two.contains("got (2, -3)"), "{two}");
    }

    #[test]
    fn strided_copies_handle_every_run_kind() -> Result<()> {
        let x = Array::from_shape_vec([2, 4], (0..8).collect::<Vec<i32>>())?;
        // Reversed runs (stride -1), reversed strided runs, constant runs
        // (broadcast), contiguous runs after merging, strided runs.
        assert_eq!(
            ivy::flip_with(&x, ivy::opts::Flip::new().axis(1))?.to_vec::<i32>()?,
            [3, 2, 1, 0, 7, 6, 5, 4]
        );
        let t = ivy::flip(&ivy::permute_dims(&x, [1, 0])?)?;
        assert_eq!(t.to_vec::<i32>()?, [7, 3, 6, 2, 5, 1, 4, 0]);
        let b = ivy::broadcast_to(&ivy::reshape(&x, [2, 4, 1])?, [2, 4, 3])?;
        assert_eq!(b.to_vec::<i32>()?[..6], [0, 0, 0, 1, 1, 1]);
        assert_eq!(
            ivy::tile(&x, [1, 2])?.to_vec::<i32>()?,
            [0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6, 7, 4, 5, 6, 7]
        );
        assert_eq!(
            ivy::swapaxes(&x, 0, 1)?.to_vec::<i32>()?,
            [0, 4, 1, 5, 2, 6, 3, 7]
        );
        Ok(())
    }
}
