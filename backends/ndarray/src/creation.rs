//! Kernels of the creation ops.
//!
//! The ndarray backend places arrays on the CPU only: any other device is an
//! [`Error::UnsupportedDevice`]. Ranges (`arange`, `linspace`) are computed
//! in the requested dtype, as NumPy fills them (half floats evaluate each
//! element in `f32` and round once).

use crate::NdarrayBackend;
use crate::host::{self, all, by_dtype, ints};
use crate::layout::{self, check_device, with_dtypes};
use ivy::kernels::CreationKernels;
use ivy::{
    Array, Complex32, Complex64, Device, Dtype, Element, Error, Result, Scalar, Shape, bf16, f16,
};
use ndarray::{ArrayViewD, IxDyn};
use std::ops::{Add, Div, Mul, Sub};

#[ivy::kernels]
impl CreationKernels for NdarrayBackend {
    fn zeros(&self, shape: &Shape, dtype: Dtype, device: Device) -> Result<Array> {
        check_device("zeros", device)?;
        by_dtype!("zeros", dtype, T => layout::filled("zeros", shape.clone(), T::from_bool(false)))
    }

    fn ones(&self, shape: &Shape, dtype: Dtype, device: Device) -> Result<Array> {
        check_device("ones", device)?;
        by_dtype!("ones", dtype, T => layout::filled("ones", shape.clone(), T::from_bool(true)))
    }

    fn empty(&self, shape: &Shape, dtype: Dtype, device: Device) -> Result<Array> {
        check_device("empty", device)?;
        by_dtype!("empty", dtype, T => layout::filled("empty", shape.clone(), T::from_bool(false)))
    }

    fn full(
        &self,
        shape: &Shape,
        fill_value: Scalar,
        dtype: Dtype,
        device: Device,
    ) -> Result<Array> {
        check_device("full", device)?;
        by_dtype!("full", dtype, T => layout::filled("full", shape.clone(), fill_value.to_element::<T>()))
    }

    fn zeros_like(&self, x: &Array, dtype: Dtype, device: Device) -> Result<Array> {
        check_device("zeros_like", device)?;
        by_dtype!("zeros_like", dtype, T => layout::filled("zeros_like", x.shape().clone(), T::from_bool(false)))
    }

    fn ones_like(&self, x: &Array, dtype: Dtype, device: Device) -> Result<Array> {
        check_device("ones_like", device)?;
        by_dtype!("ones_like", dtype, T => layout::filled("ones_like", x.shape().clone(), T::from_bool(true)))
    }

    fn empty_like(&self, x: &Array, dtype: Dtype, device: Device) -> Result<Array> {
        check_device("empty_like", device)?;
        by_dtype!("empty_like", dtype, T => layout::filled("empty_like", x.shape().clone(), T::from_bool(false)))
    }

    fn full_like(
        &self,
        x: &Array,
        fill_value: Scalar,
        dtype: Dtype,
        device: Device,
    ) -> Result<Array> {
        check_device("full_like", device)?;
        by_dtype!("full_like", dtype, T => {
            layout::filled("full_like", x.shape().clone(), fill_value.to_element::<T>())
        })
    }

    fn arange(
        &self,
        start: Scalar,
        stop: Option<Scalar>,
        step: Scalar,
        dtype: Dtype,
        device: Device,
    ) -> Result<Array> {
        let op = "arange";
        check_device(op, device)?;
        let (start, stop) = match stop {
            Some(stop) => (real(op, start)?, real(op, stop)?),
            None => (Scalar::Int(0), real(op, start)?),
        };
        let step = real(op, step)?;
        let n = arange_len(start, stop, step)?;
        // NumPy sets the first two elements, then fills `first + i * delta`
        // with `delta = second - first` computed in the dtype.
        let second = match (start, step) {
            (Scalar::Int(a), Scalar::Int(b)) => a
                .checked_add(b)
                .map_or(Scalar::Float(a as f64 + b as f64), Scalar::Int),
            _ => Scalar::Float(start.to_f64() + step.to_f64()),
        };
        with_dtypes!(op, dtype, T => {
            let mut v = layout::alloc::<T>(op, n)?;
            T::ramp(start.to_element(), second.to_element(), n, &mut v);
            Ok(host::out_vec(Shape::from(n), v))
        };
            Int8 => i8, Int16 => i16, Int32 => i32, Int64 => i64,
            UInt8 => u8, UInt16 => u16, UInt32 => u32, UInt64 => u64,
            BFloat16 => bf16, Float16 => f16, Float32 => f32, Float64 => f64)
    }

    fn linspace(
        &self,
        start: Scalar,
        stop: Scalar,
        num: usize,
        endpoint: bool,
        dtype: Dtype,
        device: Device,
    ) -> Result<Array> {
        let op = "linspace";
        check_device(op, device)?;
        with_dtypes!(op, dtype, T => {
            let mut v = layout::alloc::<T>(op, num)?;
            T::lin(start, stop, num, endpoint, &mut v);
            Ok(host::out_vec(Shape::from(num), v))
        };
            Int8 => i8, Int16 => i16, Int32 => i32, Int64 => i64,
            UInt8 => u8, UInt16 => u16, UInt32 => u32, UInt64 => u64,
            BFloat16 => bf16, Float16 => f16, Float32 => f32, Float64 => f64,
            Complex64 => Complex32, Complex128 => Complex64)
    }

    fn eye(
        &self,
        n_rows: usize,
        n_cols: Option<usize>,
        k: i64,
        batch_shape: Option<&Shape>,
        dtype: Dtype,
        device: Device,
    ) -> Result<Array> {
        let op = "eye";
        check_device(op, device)?;
        let n_cols = n_cols.unwrap_or(n_rows);
        let mut dims = batch_shape.map(|b| b.to_vec()).unwrap_or_default();
        dims.extend([n_rows, n_cols]);
        let shape = Shape::from(dims);
        let n = shape.checked_size(op)?;
        // Flat positions of the ones inside one matrix.
        let diagonal: Vec<usize> = (0..n_rows)
            .filter_map(|i| {
                let j = usize::try_from(i128::try_from(i).ok()? + i128::from(k)).ok()?;
                (j < n_cols).then_some(i * n_cols + j)
            })
            .collect();
        by_dtype!(op, dtype, T => {
            let mut v = layout::alloc::<T>(op, n)?;
            v.resize(n, T::from_bool(false));
            if n > 0 {
                for matrix in v.chunks_exact_mut(n_rows * n_cols) {
                    for &p in &diagonal {
                        if let Some(e) = matrix.get_mut(p) {
                            *e = T::from_bool(true);
                        }
                    }
                }
            }
            Ok(host::out_vec(shape, v))
        })
    }

    fn tril(&self, x: &Array, k: i64) -> Result<Array> {
        triangle("tril", x, k, true)
    }

    fn triu(&self, x: &Array, k: i64) -> Result<Array> {
        triangle("triu", x, k, false)
    }

    fn one_hot(
        &self,
        indices: &Array,
        depth: usize,
        on_value: Scalar,
        off_value: Scalar,
        axis: Option<i64>,
        dtype: Dtype,
        device: Device,
    ) -> Result<Array> {
        let op = "one_hot";
        check_device(op, device)?;
        let nd = indices.ndim();
        let axis = match axis {
            None => nd,
            Some(a) => ivy::normalize_axis(op, a, nd + 1)?,
        };
        let mut shape = indices.shape().clone();
        shape.insert(axis, depth);
        let n = shape.checked_size(op)?;
        // The index `i` at flat position `o * inner + r` of `indices` lights
        // the flat position `(o * depth + i) * inner + r` of the result.
        let inner: usize = indices.shape().iter().skip(axis).product();
        let lit: Vec<usize> = ints!(op, indices, I => {
            let s = host::slice::<I>(op, indices)?;
            Ok(s.iter()
                .enumerate()
                .filter_map(|(flat, &ix)| {
                    let i = usize::try_from(ix.to_i128()).ok().filter(|&i| i < depth)?;
                    let (o, r) = (flat.checked_div(inner)?, flat.checked_rem(inner)?);
                    Some((o * depth + i) * inner + r)
                })
                .collect())
        })?;
        by_dtype!(op, dtype, T => {
            let mut v = layout::alloc::<T>(op, n)?;
            v.resize(n, off_value.to_element::<T>());
            let on = on_value.to_element::<T>();
            for &p in &lit {
                if let Some(e) = v.get_mut(p) {
                    *e = on;
                }
            }
            Ok(host::out_vec(shape, v))
        })
    }

    fn meshgrid(&self, arrays: &[Array], sparse: bool, indexing: &str) -> Result<Vec<Array>> {
        let op = "meshgrid";
        let xy = match indexing {
            "xy" => true,
            "ij" => false,
            other => {
                return Err(Error::invalid(
                    op,
                    format!("indexing must be \"xy\" or \"ij\", got {other:?}"),
                ));
            }
        };
        let n = arrays.len();
        // The axis of the result along which the i-th input varies ("xy"
        // swaps the first two, for two inputs or more).
        let axis_of = |i: usize| match i {
            0 if xy && n > 1 => 1,
            1 if xy => 0,
            _ => i,
        };
        let mut full = vec![1; n];
        for (i, a) in arrays.iter().enumerate() {
            if let Some(d) = full.get_mut(axis_of(i)) {
                *d = a.size();
            }
        }
        let full = Shape::from(full);
        if !sparse {
            full.checked_size(op)?;
        }
        arrays
            .iter()
            .enumerate()
            .map(|(i, a)| {
                // Each input, flattened, laid along its axis.
                let along: Vec<usize> = (0..n).map(|d| if d == axis_of(i) { a.size() } else { 1 }).collect();
                if sparse {
                    return layout::share(op, a, Shape::from(along));
                }
                all!(op, a, T => {
                    let v = ArrayViewD::from_shape(IxDyn(&along), host::slice::<T>(op, a)?)
                        .map_err(|e| Error::invalid(op, format!("internal error: {e}")))?;
                    let b = v.broadcast(IxDyn(full.dims())).ok_or_else(|| {
                        Error::Broadcast { op: op.to_string(), shapes: vec![Shape::from(along.clone()), full.clone()] }
                    })?;
                    layout::collect(op, b)
                })
            })
            .collect()
    }
}

/// A bound of `arange` as a real scalar (bool counts as an integer).
fn real(op: &str, s: Scalar) -> Result<Scalar> {
    match s {
        Scalar::Bool(b) => Ok(Scalar::Int(i128::from(b))),
        Scalar::Complex(c) => Err(Error::invalid(
            op,
            format!("start, stop and step must be real, got {c}"),
        )),
        s => Ok(s),
    }
}

/// NumPy's length of `arange(start, stop, step)`: `ceil((stop - start) /
/// step)`, at least 0; exact for integers.
fn arange_len(start: Scalar, stop: Scalar, step: Scalar) -> Result<usize> {
    let op = "arange";
    let too_long = || {
        Error::invalid(
            op,
            format!("arange({start}, {stop}, {step}) has too many elements"),
        )
    };
    if let (Scalar::Int(a), Scalar::Int(b), Scalar::Int(s)) = (start, stop, step) {
        if s == 0 {
            return Err(Error::invalid(op, "step must not be zero"));
        }
        let d = b.checked_sub(a).ok_or_else(too_long)?;
        // ceil(d / s) for d and s of the same sign, else empty.
        let len = match (d.signum(), s.signum()) {
            (1, 1) | (-1, -1) => {
                let (d, s) = (d.unsigned_abs(), s.unsigned_abs());
                d.div_ceil(s)
            }
            _ => 0,
        };
        return usize::try_from(len)
            .ok()
            .filter(|&l| isize::try_from(l).is_ok())
            .ok_or_else(too_long);
    }
    let (a, b, s) = (start.to_f64(), stop.to_f64(), step.to_f64());
    if s == 0.0 {
        return Err(Error::invalid(op, "step must not be zero"));
    }
    let delta = b - a;
    let q = delta / s;
    let len = if q == 0.0 && delta != 0.0 {
        // The step is so large the quotient underflows: one element if it
        // points the right way.
        if q.is_sign_negative() { 0.0 } else { 1.0 }
    } else {
        q.ceil()
    };
    if len.is_nan() {
        return Err(Error::invalid(
            op,
            format!("cannot compute the length of arange({start}, {stop}, {step})"),
        ));
    }
    if len <= 0.0 {
        return Ok(0);
    }
    if len >= isize::MAX as f64 {
        return Err(too_long());
    }
    // In range (checked above) and integral, so the cast is exact.
    Ok(len as usize)
}

/// `arange`'s fill in the element type: `first`, `second`, then
/// `first + i * (second - first)` computed in the dtype (integers wrap;
/// half floats compute in `f32` and round once).
trait Ramp: Element {
    fn ramp(first: Self, second: Self, n: usize, out: &mut Vec<Self>);
}

macro_rules! int_ramp {
    ($($t:ty),*) => {$(
        impl Ramp for $t {
            fn ramp(first: Self, second: Self, n: usize, out: &mut Vec<Self>) {
                let delta = second.wrapping_sub(first);
                out.extend((0..n).map(|i| match i {
                    0 => first,
                    1 => second,
                    // `i as $t` wraps like the rest of the arithmetic.
                    _ => first.wrapping_add((i as $t).wrapping_mul(delta)),
                }));
            }
        }
    )*};
}
int_ramp!(i8, i16, i32, i64, u8, u16, u32, u64);

macro_rules! float_ramp {
    ($($t:ty: $c:ty, $to:expr, $from:expr);*) => {$(
        impl Ramp for $t {
            fn ramp(first: Self, second: Self, n: usize, out: &mut Vec<Self>) {
                let to: fn($t) -> $c = $to;
                let from: fn($c) -> $t = $from;
                let start = to(first);
                let delta = to(second) - start;
                out.extend((0..n).map(|i| match i {
                    0 => first,
                    1 => second,
                    _ => from(start + (i as $c) * delta),
                }));
            }
        }
    )*};
}
float_ramp!(
    f32: f32, |v| v, |v| v;
    f64: f64, |v| v, |v| v;
    f16: f32, f16::to_f32, f16::from_f32;
    bf16: f32, bf16::to_f32, bf16::from_f32
);

/// `linspace`'s values in the element type.
trait Lin: Element {
    fn lin(start: Scalar, stop: Scalar, num: usize, endpoint: bool, out: &mut Vec<Self>);
}

/// NumPy's `linspace` formula in the compute type `C` (a real float, or a
/// complex number over the real float `R`): `start + i * step` with
/// `step = (stop - start) / div`, `div = num - 1` with the endpoint (then
/// set to `stop` exactly) or `num` without; `start + (i / div) * delta` when
/// the step underflows to 0, and `start + i * delta` when `div` is 0.
fn lin_points<C, R>(
    start: C,
    stop: C,
    num: usize,
    endpoint: bool,
    zero: C,
    r: fn(usize) -> R,
) -> impl Iterator<Item = C>
where
    C: Copy
        + PartialEq
        + Add<Output = C>
        + Sub<Output = C>
        + Mul<R, Output = C>
        + Div<R, Output = C>,
    R: Copy + Div<Output = R>,
{
    let div = if endpoint { num.saturating_sub(1) } else { num };
    let delta = stop - start;
    let step = (div > 0).then(|| delta / r(div));
    (0..num).map(move |i| {
        if endpoint && num > 1 && i + 1 == num {
            return stop;
        }
        match step {
            Some(s) if s != zero => start + s * r(i),
            Some(_) => start + delta * (r(i) / r(div)),
            None => start + delta * r(i),
        }
    })
}

macro_rules! int_lin {
    ($($t:ty),*) => {$(
        impl Lin for $t {
            /// Computed in `f64` and floored, as NumPy does for integer dtypes.
            fn lin(start: Scalar, stop: Scalar, num: usize, endpoint: bool, out: &mut Vec<Self>) {
                let points = lin_points(start.to_f64(), stop.to_f64(), num, endpoint, 0.0, |i| i as f64);
                out.extend(points.map(|v| <$t as Element>::from_f64(v.floor())));
            }
        }
    )*};
}
int_lin!(i8, i16, i32, i64, u8, u16, u32, u64);

macro_rules! float_lin {
    ($($t:ty: $c:ty, $r:ty, $zero:expr, $from:expr);*) => {$(
        impl Lin for $t {
            fn lin(start: Scalar, stop: Scalar, num: usize, endpoint: bool, out: &mut Vec<Self>) {
                let from: fn($c) -> $t = $from;
                let points = lin_points(start.to_element::<$c>(), stop.to_element::<$c>(), num, endpoint, $zero, |i| i as $r);
                out.extend(points.map(from));
            }
        }
    )*};
}
float_lin!(
    f32: f32, f32, 0.0, |v| v;
    f64: f64, f64, 0.0, |v| v;
    f16: f32, f32, 0.0, f16::from_f32;
    bf16: f32, f32, 0.0, bf16::from_f32;
    Complex32: Complex32, f32, Complex32::new(0.0, 0.0), |v| v;
    Complex64: Complex64, f64, Complex64::new(0.0, 0.0), |v| v
);

/// `tril` (`lower`) or `triu` of the last two dimensions of `x`: row `i`
/// keeps the columns `j` with `j - i <= k` (`tril`) or `j - i >= k` (`triu`),
/// and the others become 0.
fn triangle(op: &str, x: &Array, k: i64, lower: bool) -> Result<Array> {
    let (rows, cols) = match x.shape().dims() {
        [.., r, c] => (*r, *c),
        _ => {
            return Err(Error::shape(
                op,
                "needs an array of at least 2 dimensions",
                vec![x.shape().clone()],
            ));
        }
    };
    // Row `i` is split at column `cut`: `tril` keeps `..cut` with
    // `cut = i + k + 1`, `triu` keeps `cut..` with `cut = i + k`.
    let cut = |i: usize| -> usize {
        let c = i128::try_from(i).unwrap_or(i128::MAX) + i128::from(k) + i128::from(lower);
        usize::try_from(c.clamp(0, i128::try_from(cols).unwrap_or(i128::MAX))).unwrap_or(cols)
    };
    all!(op, x, T => {
        let s = host::slice::<T>(op, x)?;
        let zero = T::from_bool(false);
        let mut out = layout::alloc::<T>(op, s.len())?;
        if rows > 0 && cols > 0 {
            for (n, row) in s.chunks_exact(cols).enumerate() {
                let c = cut(n % rows);
                let (left, right) = row.split_at_checked(c).unwrap_or((row, &[]));
                if lower {
                    out.extend_from_slice(left);
                    out.resize(out.len() + right.len(), zero);
                } else {
                    out.resize(out.len() + left.len(), zero);
                    out.extend_from_slice(right);
                }
            }
        }
        Ok(host::out_vec(x.shape().clone(), out))
    })
}
