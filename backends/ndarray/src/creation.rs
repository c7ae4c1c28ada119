//! Kernels of the creation ops.
//!
//! The ndarray backend places arrays on the CPU only: any other device is an
//! [`Error::UnsupportedDevice`]. Ranges (`arange`, `linspace`) are computed
//! in the requested dtype, as NumPy fills them (half floats evaluate each
//! element in `f32` and round once).

use crate::NdarrayBackend;
use crate::host::{self, all, by_dtype, ints};
use crate::layout::{self, Strided, check_device, with_dtypes};
use ivy::kernels::CreationKernels;
use ivy::{
    Array, Complex32, Complex64, Device, Dtype, Element, Error, Result, Scalar, Shape, bf16, f16,
};
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
        // `#[check(ivy::checks::arange)]` in the spec: the bounds are real
        // and give a length.
        let (start, step, n) = ivy::checks::arange_bounds(op, start, stop, step)?;
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
        // Flat positions of the ones inside one matrix (none when there
        // are no elements: then `n_rows * n_cols` may not even fit).
        let diagonal: Vec<usize> = if n == 0 {
            Vec::new()
        } else {
            (0..n_rows)
                .filter_map(|i| {
                    let j = usize::try_from(i128::try_from(i).ok()? + i128::from(k)).ok()?;
                    (j < n_cols).then_some(i * n_cols + j)
                })
                .collect()
        };
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
        // `#[one_of("xy", "ij")]` in the spec.
        let xy = indexing == "xy";
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
                let along: Vec<usize> = (0..n)
                    .map(|d| if d == axis_of(i) { a.size() } else { 1 })
                    .collect();
                if sparse {
                    return layout::share(op, a, Shape::from(along));
                }
                let view =
                    Strided::of(&along)
                        .broadcast(full.dims())
                        .ok_or_else(|| Error::Broadcast {
                            op: op.to_string(),
                            shapes: vec![Shape::from(along.clone()), full.clone()],
                        })?;
                all!(op, a, T => layout::materialise::<T>(op, a, &view))
            })
            .collect()
    }
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
    (start, stop): (C, C),
    num: usize,
    endpoint: bool,
    zero: C,
    r: fn(usize) -> R,
    mut emit: impl FnMut(C),
) where
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
    // With the endpoint (and more than one point) the last is `stop`.
    let body = if endpoint && num > 1 { num - 1 } else { num };
    match (div > 0).then(|| delta / r(div)) {
        Some(step) if step != zero => (0..body).for_each(|i| emit(start + step * r(i))),
        Some(_) => {
            let d = r(div);
            (0..body).for_each(|i| emit(start + delta * (r(i) / d)));
        }
        None => (0..body).for_each(|i| emit(start + delta * r(i))),
    }
    if body < num {
        emit(stop);
    }
}

macro_rules! int_lin {
    ($($t:ty),*) => {$(
        impl Lin for $t {
            /// Computed in `f64` and floored, as NumPy does for integer dtypes.
            fn lin(start: Scalar, stop: Scalar, num: usize, endpoint: bool, out: &mut Vec<Self>) {
                let ends = (start.to_f64(), stop.to_f64());
                lin_points(ends, num, endpoint, 0.0, |i| i as f64, |v| out.push(<$t as Element>::from_f64(v.floor())));
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
                let ends = (start.to_element::<$c>(), stop.to_element::<$c>());
                lin_points(ends, num, endpoint, $zero, |i| i as $r, |v| out.push(from(v)));
            }
        }
    )*};
}
// Every float dtype computes in float64 and rounds once, as NumPy (whose
// linspace works in the float64 of its Python-float bounds, then casts).
float_lin!(
    f32: f64, f64, 0.0, |v| v as f32;
    f64: f64, f64, 0.0, |v| v;
    f16: f64, f64, 0.0, f16::from_f64;
    bf16: f64, f64, 0.0, bf16::from_f64;
    Complex32: Complex64, f64, Complex64::new(0.0, 0.0), |v| Complex32::new(v.re as f32, v.im as f32);
    Complex64: Complex64, f64, Complex64::new(0.0, 0.0), |v| v
);

/// `tril` (`lower`) or `triu` of the last two dimensions of `x`: row `i`
/// keeps the columns `j` with `j - i <= k` (`tril`) or `j - i >= k` (`triu`),
/// and the others become 0.
fn triangle(op: &str, x: &Array, k: i64, lower: bool) -> Result<Array> {
    // `#[min_ndim(2)] x` in the spec.
    let d = x.shape().dims();
    let (rows, cols) = (d[d.len() - 2], d[d.len() - 1]);
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

#[cfg(test)]
mod tests {
    use ivy::opts::{Arange, Eye, Full, Linspace, Meshgrid, OneHot, Ones, Tril, Triu, Zeros};
    use ivy::{
        Array, Complex32, Complex64, Device, Dtype, Element, Error, Result, Scalar, bf16, f16,
    };

    fn arr<T: Element>(shape: &[usize], v: Vec<T>) -> Array {
        Array::from_shape_vec(shape.to_vec(), v).expect("the test data fits its shape")
    }

    fn i64s(x: &Array) -> Vec<i64> {
        ivy::astype(x, Dtype::Int64)
            .and_then(|y| y.to_vec::<i64>())
            .expect("castable to int64")
    }

    fn dims(x: &Array) -> Vec<usize> {
        x.shape().to_vec()
    }

    #[test]
    fn zeros_ones_empty_full_in_every_dtype() -> Result<()> {
        for d in Dtype::ALL {
            let z = ivy::zeros_with([2, 3], Zeros::new().dtype(d))?;
            assert_eq!((z.dtype(), dims(&z)), (d, vec![2, 3]));
            assert_eq!(
                z.get_flat(5)?,
                Scalar::Int(0).to_element::<f64>().to_scalar_in(d)
            );
            let o = ivy::ones_with(4, Ones::new().dtype(d))?;
            assert!(
                (0..4).all(|i| o.get_flat(i).is_ok_and(|s| s == 1.0f64.to_scalar_in(d))),
                "{d}"
            );
            let e = ivy::empty_with((), ivy::opts::Empty::new().dtype(d))?;
            assert_eq!((e.dtype(), e.ndim(), e.size()), (d, 0, 1));
            let f = ivy::full_with([2], 1, Full::new().dtype(d))?;
            assert_eq!(f, ivy::astype(&arr(&[2], vec![1i64, 1]), d)?, "{d}");
        }
        assert_eq!(ivy::zeros([2])?.to_vec::<f32>()?, [0.0, 0.0]);
        assert_eq!(ivy::ones(())?.to_vec::<f32>()?, [1.0]);
        assert_eq!(ivy::zeros([0, 3])?.size(), 0);
        assert_eq!(ivy::full([2], 7)?, arr(&[2], vec![7i32, 7]));
        assert_eq!(ivy::full([1], 1.5)?, arr(&[1], vec![1.5f32]));
        assert_eq!(ivy::full([2], true)?, arr(&[2], vec![true, true]));
        assert_eq!(ivy::full([1], 1i64 << 40)?.dtype(), Dtype::Int64);
        // The value is cast to the dtype as astype does.
        assert_eq!(
            ivy::full_with([2], -1, Full::new().dtype(Dtype::UInt8))?.to_vec::<u8>()?,
            [255, 255]
        );
        assert_eq!(
            ivy::full_with([1], 2.9, Full::new().dtype(Dtype::Int16))?.to_vec::<i16>()?,
            [2]
        );
        // A complex value takes the default complex dtype, complex64.
        let c = ivy::full([1], Complex64::new(1.0, -2.0))?;
        assert_eq!(c.to_vec::<Complex32>()?, [Complex32::new(1.0, -2.0)]);
        let n =
            ivy::full_with([1], f64::NAN, Full::new().dtype(Dtype::BFloat16))?.to_vec::<bf16>()?;
        assert!(n[0].is_nan());
        Ok(())
    }

    /// A scalar as an element of `d` would print it.
    trait InDtype {
        fn to_scalar_in(self, d: Dtype) -> Scalar;
    }

    impl InDtype for f64 {
        fn to_scalar_in(self, d: Dtype) -> Scalar {
            ivy::with_dtype!(d, T => <T as Element>::from_f64(self).to_scalar())
        }
    }

    #[test]
    fn like_forms_take_shape_and_dtype_of_x() -> Result<()> {
        let x = arr(&[2, 2], vec![1i32, 2, 3, 4]);
        assert_eq!(ivy::zeros_like(&x)?, arr(&[2, 2], vec![0i32; 4]));
        assert_eq!(ivy::ones_like(&x)?, arr(&[2, 2], vec![1i32; 4]));
        assert_eq!(ivy::empty_like(&x)?, arr(&[2, 2], vec![0i32; 4]));
        assert_eq!(ivy::full_like(&x, 9)?, arr(&[2, 2], vec![9i32; 4]));
        let b = arr(&[2], vec![true, false]);
        assert_eq!(ivy::ones_like(&b)?, arr(&[2], vec![true, true]));
        assert_eq!(ivy::zeros_like(&b)?, arr(&[2], vec![false, false]));
        let f = ivy::full_like_with(&x, 0.5, ivy::opts::FullLike::new().dtype(Dtype::Float16))?;
        assert_eq!(f, arr(&[2, 2], vec![f16::from_f32(0.5); 4]));
        let z = ivy::zeros_like_with(&x, ivy::opts::ZerosLike::new().dtype(Dtype::Complex64))?;
        assert_eq!(z, arr(&[2, 2], vec![Complex32::new(0.0, 0.0); 4]));
        let s = arr(&[], vec![3u64]);
        assert_eq!(ivy::ones_like(&s)?, arr(&[], vec![1u64]));
        assert_eq!(
            dims(&ivy::full_like(&arr(&[0, 2], Vec::<f64>::new()), 1)?),
            [0, 2]
        );
        Ok(())
    }

    #[test]
    fn creation_rejects_devices_other_than_the_cpu() {
        let gpu = Device::Gpu(0);
        let e = ivy::zeros_with([2], Zeros::new().device(gpu)).unwrap_err();
        assert!(matches!(e, Error::UnsupportedDevice { .. }), "{e}");
        assert!(ivy::ones_with([2], Ones::new().device(gpu)).is_err());
        assert!(ivy::full_with([2], 1, Full::new().device(gpu)).is_err());
        assert!(ivy::arange_with(3, Arange::new().device(gpu)).is_err());
        assert!(ivy::linspace_with(0, 1, 3, Linspace::new().device(gpu)).is_err());
        assert!(ivy::eye_with(2, Eye::new().device(Device::Tpu(1))).is_err());
        let x = arr(&[1], vec![0i32]);
        assert!(ivy::zeros_like_with(&x, ivy::opts::ZerosLike::new().device(gpu)).is_err());
        assert!(ivy::one_hot_with(&x, 2, OneHot::new().device(gpu)).is_err());
        assert!(ivy::zeros_with([2], Zeros::new().device(Device::Cpu)).is_ok());
    }

    #[test]
    fn arange_follows_numpy() -> Result<()> {
        assert_eq!(ivy::arange(4)?, arr(&[4], vec![0i32, 1, 2, 3]));
        let r = ivy::arange_with(1, Arange::new().stop(2).step(0.25))?;
        assert_eq!(r, arr(&[4], vec![1.0f32, 1.25, 1.5, 1.75]));
        assert_eq!(
            ivy::arange_with(5, Arange::new().stop(1).step(-2))?,
            arr(&[2], vec![5i32, 3])
        );
        assert_eq!(
            ivy::arange_with(2, Arange::new().stop(9).step(3))?,
            arr(&[3], vec![2i32, 5, 8])
        );
        // Wrong-sign step or empty range: no elements.
        assert_eq!(
            ivy::arange_with(0, Arange::new().stop(5).step(-1))?.size(),
            0
        );
        assert_eq!(ivy::arange_with(3, Arange::new().stop(3))?.size(), 0);
        assert_eq!(ivy::arange(-2)?.size(), 0);
        assert_eq!(
            ivy::arange_with(0.0, Arange::new().stop(1.0).step(-0.5))?.size(),
            0
        );
        // Float lengths are ceil((stop - start) / step); element i is
        // start + i * (second - start).
        let r = ivy::arange_with(0.0, Arange::new().stop(1.0).step(0.3).dtype(Dtype::Float64))?;
        assert_eq!(r.to_vec::<f64>()?, [0.0, 0.3, 2.0 * 0.3, 3.0 * 0.3]);
        // A step larger than the range: one element.
        assert_eq!(
            ivy::arange_with(0, Arange::new().stop(5).step(1e300))?.to_vec::<f64>()?,
            [0.0]
        );
        // Exact integer lengths at the ends of int64.
        let big = ivy::arange_with(
            i64::MAX - 2,
            Arange::new().stop(i64::MAX).dtype(Dtype::Int64),
        )?;
        assert_eq!(big.to_vec::<i64>()?, [i64::MAX - 2, i64::MAX - 1]);
        let neg = ivy::arange_with(
            i64::MIN,
            Arange::new().stop(i64::MIN + 3).step(2).dtype(Dtype::Int64),
        )?;
        assert_eq!(neg.to_vec::<i64>()?, [i64::MIN, i64::MIN + 2]);
        Ok(())
    }

    #[test]
    fn arange_computes_in_the_requested_dtype() -> Result<()> {
        let with = |start: f64, stop: f64, step: f64, d: Dtype| {
            ivy::arange_with(start, Arange::new().stop(stop).step(step).dtype(d))
        };
        let h = with(0.0, 2.0, 0.5, Dtype::Float16)?;
        assert_eq!(h.to_vec::<f16>()?, [0.0, 0.5, 1.0, 1.5].map(f16::from_f32));
        let b = with(-1.0, 1.0, 0.5, Dtype::BFloat16)?;
        assert_eq!(
            b.to_vec::<bf16>()?,
            [-1.0, -0.5, 0.0, 0.5].map(bf16::from_f32)
        );
        // NumPy's arange(0.1, 0.4, 0.1) has 4 elements: (0.4 - 0.1) / 0.1
        // is 3.0000000000000004 in f64. In f32, element i >= 2 is
        // f32(0.1) + i * (f32(0.1 + 0.1) - f32(0.1)), rounded as f32 does.
        let f = with(0.1, 0.4, 0.1, Dtype::Float32)?.to_vec::<f32>()?;
        let (s, d) = (0.1f32, 0.2f32 - 0.1f32);
        assert_eq!(f, [0.1f32, 0.2, s + 2.0 * d, s + 3.0 * d]);
        // float16 cannot hold 2049: the fill rounds each element once.
        let h = ivy::arange_with(2046, Arange::new().stop(2050).dtype(Dtype::Float16))?;
        assert_eq!(
            h.to_vec::<f16>()?,
            [2046.0, 2047.0, 2048.0, 2048.0].map(f16::from_f32)
        );
        // Integer dtypes wrap; a float step truncated to 0 repeats start
        // (NumPy's arange(0, 2, 0.5, dtype=int)).
        let w = ivy::arange_with(120, Arange::new().stop(130).dtype(Dtype::Int8))?;
        assert_eq!(
            w.to_vec::<i8>()?,
            [120, 121, 122, 123, 124, 125, 126, 127, -128, -127]
        );
        let z = with(0.0, 2.0, 0.5, Dtype::Int32)?;
        assert_eq!(z.to_vec::<i32>()?, [0, 0, 0, 0]);
        let u = ivy::arange_with(5, Arange::new().stop(0).step(-1).dtype(Dtype::UInt8))?;
        assert_eq!(u.to_vec::<u8>()?, [5, 4, 3, 2, 1]);
        for d in Dtype::ALL
            .into_iter()
            .filter(|d| d.is_int() || d.is_float())
        {
            let a = ivy::arange_with(1, Arange::new().stop(4).dtype(d))?;
            assert_eq!((a.dtype(), i64s(&a)), (d, vec![1, 2, 3]), "{d}");
        }
        Ok(())
    }

    #[test]
    fn arange_errors() {
        let zero = ivy::arange_with(0, Arange::new().stop(5).step(0)).unwrap_err();
        assert!(zero.to_string().contains("step must not be zero"), "{zero}");
        assert!(ivy::arange_with(0.0, Arange::new().stop(5.0).step(0.0)).is_err());
        let nan = ivy::arange_with(0.0, Arange::new().stop(f64::NAN)).unwrap_err();
        assert!(
            nan.to_string().contains("cannot compute the length"),
            "{nan}"
        );
        assert!(ivy::arange(f64::INFINITY).is_err());
        // Too many elements to allocate: an error, not an abort.
        let huge = ivy::arange_with(0, Arange::new().stop(1e15).dtype(Dtype::Float64)).unwrap_err();
        assert!(huge.to_string().contains("cannot allocate"), "{huge}");
        assert!(ivy::arange_with(0, Arange::new().stop(i64::MAX).dtype(Dtype::Int64)).is_err());
        assert!(ivy::arange(Complex64::new(1.0, 1.0)).is_err());
        assert!(ivy::arange_with(3, Arange::new().dtype(Dtype::Bool)).is_err());
        assert!(ivy::arange_with(3, Arange::new().dtype(Dtype::Complex64)).is_err());
    }

    #[test]
    fn linspace_follows_numpy() -> Result<()> {
        assert_eq!(
            ivy::linspace(0, 1, 5)?,
            arr(&[5], vec![0.0f32, 0.25, 0.5, 0.75, 1.0])
        );
        let open = ivy::linspace_with(0, 1, 4, Linspace::new().endpoint(false))?;
        assert_eq!(open, arr(&[4], vec![0.0f32, 0.25, 0.5, 0.75]));
        assert_eq!(ivy::linspace(1, 0, 3)?, arr(&[3], vec![1.0f32, 0.5, 0.0]));
        assert_eq!(ivy::linspace(2, 2, 3)?, arr(&[3], vec![2.0f32; 3]));
        assert_eq!(ivy::linspace(0, 1, 0)?.size(), 0);
        assert_eq!(ivy::linspace(3, 7, 1)?, arr(&[1], vec![3.0f32]));
        assert_eq!(
            ivy::linspace_with(3, 7, 1, Linspace::new().endpoint(false))?,
            arr(&[1], vec![3.0f32])
        );
        // The endpoint is stop exactly; the others are start + i * step.
        let f = ivy::linspace_with(0.0, 0.3, 4, Linspace::new().dtype(Dtype::Float64))?
            .to_vec::<f64>()?;
        let step = 0.3 / 3.0;
        assert_eq!(f, [0.0, step, 2.0 * step, 0.3]);
        // Integer dtypes: computed in float64, then floored.
        let i = ivy::linspace_with(0, 10, 4, Linspace::new().dtype(Dtype::Int32))?;
        assert_eq!(i.to_vec::<i32>()?, [0, 3, 6, 10]);
        let i = ivy::linspace_with(-1, 0, 3, Linspace::new().dtype(Dtype::Int64))?;
        assert_eq!(i.to_vec::<i64>()?, [-1, -1, 0]);
        // Half floats and complex numbers.
        let h = ivy::linspace_with(0, 1, 5, Linspace::new().dtype(Dtype::Float16))?;
        assert_eq!(
            h.to_vec::<f16>()?,
            [0.0, 0.25, 0.5, 0.75, 1.0].map(f16::from_f32)
        );
        let b = ivy::linspace_with(-2, 2, 3, Linspace::new().dtype(Dtype::BFloat16))?;
        assert_eq!(b.to_vec::<bf16>()?, [-2.0, 0.0, 2.0].map(bf16::from_f32));
        let c = ivy::linspace_with(
            0,
            Complex64::new(1.0, 2.0),
            3,
            Linspace::new().dtype(Dtype::Complex64),
        )?;
        assert_eq!(
            c.to_vec::<Complex32>()?,
            [
                Complex32::new(0.0, 0.0),
                Complex32::new(0.5, 1.0),
                Complex32::new(1.0, 2.0)
            ]
        );
        let c = ivy::linspace_with(
            Complex64::new(0.0, 4.0),
            0,
            2,
            Linspace::new().endpoint(false).dtype(Dtype::Complex128),
        )?;
        assert_eq!(
            c.to_vec::<Complex64>()?,
            [Complex64::new(0.0, 4.0), Complex64::new(0.0, 2.0)]
        );
        for d in Dtype::ALL.into_iter().filter(|d| !d.is_bool()) {
            let l = ivy::linspace_with(0, 4, 3, Linspace::new().dtype(d))?;
            assert_eq!((l.dtype(), i64s(&l)), (d, vec![0, 2, 4]), "{d}");
        }
        assert!(ivy::linspace_with(0, 1, 3, Linspace::new().dtype(Dtype::Bool)).is_err());
        Ok(())
    }

    #[test]
    fn eye_places_ones_on_the_kth_diagonal() -> Result<()> {
        assert_eq!(ivy::eye(2)?, arr(&[2, 2], vec![1.0f32, 0.0, 0.0, 1.0]));
        let k = ivy::eye_with(2, Eye::new().n_cols(3usize).k(1))?;
        assert_eq!(k, arr(&[2, 3], vec![0.0f32, 1.0, 0.0, 0.0, 0.0, 1.0]));
        let below = ivy::eye_with(3, Eye::new().k(-1).dtype(Dtype::Int32))?;
        assert_eq!(below.to_vec::<i32>()?, [0, 0, 0, 1, 0, 0, 0, 1, 0]);
        let tall = ivy::eye_with(3, Eye::new().n_cols(2usize).dtype(Dtype::UInt8))?;
        assert_eq!(tall.to_vec::<u8>()?, [1, 0, 0, 1, 0, 0]);
        assert_eq!(i64s(&ivy::eye_with(2, Eye::new().k(2))?), [0, 0, 0, 0]);
        assert_eq!(i64s(&ivy::eye_with(2, Eye::new().k(-5))?), [0, 0, 0, 0]);
        assert_eq!(
            i64s(&ivy::eye_with(2, Eye::new().k(i64::MIN))?),
            [0, 0, 0, 0]
        );
        let batch = ivy::eye_with(2, Eye::new().batch_shape([3]).dtype(Dtype::Bool))?;
        assert_eq!(dims(&batch), [3, 2, 2]);
        assert_eq!(
            batch.to_vec::<bool>()?,
            [true, false, false, true].repeat(3)
        );
        assert_eq!(
            dims(&ivy::eye_with(2, Eye::new().batch_shape([2, 0]))?),
            [2, 0, 2, 2]
        );
        assert_eq!(dims(&ivy::eye(0)?), [0, 0]);
        assert_eq!(dims(&ivy::eye_with(2, Eye::new().n_cols(0usize))?), [2, 0]);
        for d in Dtype::ALL {
            let e = ivy::eye_with(2, Eye::new().dtype(d))?;
            assert_eq!((e.dtype(), i64s(&e)), (d, vec![1, 0, 0, 1]), "{d}");
        }
        assert!(ivy::eye_with(usize::MAX, Eye::new().n_cols(2usize)).is_err());
        // No elements: nothing is computed per row.
        let none = ivy::eye_with(1 << 40, Eye::new().batch_shape([0]))?;
        assert_eq!(dims(&none), [0, 1 << 40, 1 << 40]);
        Ok(())
    }

    #[test]
    fn tril_and_triu_zero_a_triangle() -> Result<()> {
        let x = arr(&[2, 2], vec![1i32, 2, 3, 4]);
        assert_eq!(ivy::tril(&x)?, arr(&[2, 2], vec![1i32, 0, 3, 4]));
        assert_eq!(ivy::triu(&x)?, arr(&[2, 2], vec![1i32, 2, 0, 4]));
        let m = arr(&[3, 3], (1..=9).collect::<Vec<i64>>());
        assert_eq!(
            i64s(&ivy::tril_with(&m, Tril::new().k(1))?),
            [1, 2, 0, 4, 5, 6, 7, 8, 9]
        );
        assert_eq!(
            i64s(&ivy::tril_with(&m, Tril::new().k(-1))?),
            [0, 0, 0, 4, 0, 0, 7, 8, 0]
        );
        assert_eq!(
            i64s(&ivy::triu_with(&m, Triu::new().k(1))?),
            [0, 2, 3, 0, 0, 6, 0, 0, 0]
        );
        assert_eq!(
            i64s(&ivy::triu_with(&m, Triu::new().k(-1))?),
            [1, 2, 3, 4, 5, 6, 0, 8, 9]
        );
        assert_eq!(i64s(&ivy::tril_with(&m, Tril::new().k(5))?), i64s(&m));
        assert_eq!(i64s(&ivy::triu_with(&m, Triu::new().k(i64::MAX))?), [0; 9]);
        assert_eq!(i64s(&ivy::tril_with(&m, Tril::new().k(i64::MIN))?), [0; 9]);
        // Non-square and batched.
        let w = arr(&[2, 3], (1..=6).collect::<Vec<i64>>());
        assert_eq!(i64s(&ivy::tril(&w)?), [1, 0, 0, 4, 5, 0]);
        assert_eq!(i64s(&ivy::triu(&w)?), [1, 2, 3, 0, 5, 6]);
        let t = arr(&[3, 2], (1..=6).collect::<Vec<i64>>());
        assert_eq!(i64s(&ivy::triu(&t)?), [1, 2, 0, 4, 0, 0]);
        let b = arr(&[2, 2, 2], (1..=8).collect::<Vec<i64>>());
        assert_eq!(i64s(&ivy::tril(&b)?), [1, 0, 3, 4, 5, 0, 7, 8]);
        assert_eq!(dims(&ivy::tril(&arr(&[0, 3], Vec::<f32>::new()))?), [0, 3]);
        assert_eq!(dims(&ivy::triu(&arr(&[2, 0], Vec::<f32>::new()))?), [2, 0]);
        let f = ivy::triu(&arr(&[2, 2], vec![f32::NAN, 1.0, f32::NAN, 2.0]))?.to_vec::<f32>()?;
        assert!(f[0].is_nan() && f[1] == 1.0 && f[2] == 0.0 && f[3] == 2.0);
        for d in Dtype::ALL {
            let x = ivy::astype(&arr(&[2, 2], vec![1i64, 1, 1, 1]), d)?;
            assert_eq!(
                ivy::tril(&x)?,
                ivy::astype(&arr(&[2, 2], vec![1i64, 0, 1, 1]), d)?,
                "{d}"
            );
            assert_eq!(
                ivy::triu(&x)?,
                ivy::astype(&arr(&[2, 2], vec![1i64, 1, 0, 1]), d)?,
                "{d}"
            );
        }
        let e = ivy::tril(&arr(&[3], vec![1i32, 2, 3])).unwrap_err();
        assert!(
            matches!(e, Error::Shape { .. }) && e.to_string().contains("at least 2 dimensions"),
            "{e}"
        );
        assert!(ivy::triu(&arr(&[], vec![1i32])).is_err());
        Ok(())
    }

    #[test]
    fn one_hot_encodes_along_a_new_axis() -> Result<()> {
        let idx = arr(&[2], vec![0i32, 2]);
        assert_eq!(
            ivy::one_hot(&idx, 3)?,
            arr(&[2, 3], vec![1.0f32, 0.0, 0.0, 0.0, 0.0, 1.0])
        );
        // Out-of-range and negative indices give all off_value.
        let odd = arr(&[3], vec![-1i64, 3, 1]);
        let h = ivy::one_hot_with(
            &odd,
            3,
            OneHot::new().on_value(5).off_value(-1).dtype(Dtype::Int32),
        )?;
        assert_eq!(h, arr(&[3, 3], vec![-1i32, -1, -1, -1, -1, -1, -1, 5, -1]));
        // The new axis first, or in the middle.
        let first = ivy::one_hot_with(&idx, 3, OneHot::new().axis(0).dtype(Dtype::Int64))?;
        assert_eq!(first, arr(&[3, 2], vec![1i64, 0, 0, 0, 0, 1]));
        assert_eq!(
            ivy::one_hot_with(&idx, 3, OneHot::new().axis(-1))?,
            ivy::one_hot(&idx, 3)?
        );
        let grid = arr(&[2, 2], vec![0u8, 1, 2, 0]);
        let mid = ivy::one_hot_with(&grid, 3, OneHot::new().axis(1).dtype(Dtype::Int8))?;
        assert_eq!(dims(&mid), [2, 3, 2]);
        // mid[a, d, b] = (grid[a, b] == d).
        assert_eq!(mid.to_vec::<i8>()?, [1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0]);
        let s = ivy::one_hot_with(&arr(&[], vec![1u64]), 2, OneHot::new().dtype(Dtype::Bool))?;
        assert_eq!(s, arr(&[2], vec![false, true]));
        assert_eq!(dims(&ivy::one_hot(&idx, 0)?), [2, 0]);
        assert_eq!(
            dims(&ivy::one_hot(&arr(&[0], Vec::<i16>::new()), 4)?),
            [0, 4]
        );
        let c = ivy::one_hot_with(
            &idx,
            2,
            OneHot::new()
                .on_value(Complex64::new(0.0, 1.0))
                .dtype(Dtype::Complex128),
        )?;
        assert_eq!(c.to_vec::<Complex64>()?[0], Complex64::new(0.0, 1.0));
        for d in Dtype::ALL.into_iter().filter(|d| d.is_int()) {
            let h = ivy::one_hot(&ivy::astype(&arr(&[2], vec![1i64, 0]), d)?, 2)?;
            assert_eq!(h, arr(&[2, 2], vec![0.0f32, 1.0, 1.0, 0.0]), "{d}");
        }
        for d in Dtype::ALL {
            let h = ivy::one_hot_with(&idx, 3, OneHot::new().dtype(d))?;
            assert_eq!((h.dtype(), i64s(&h)), (d, vec![1, 0, 0, 0, 0, 1]), "{d}");
        }
        Ok(())
    }

    #[test]
    fn one_hot_errors() {
        let idx = arr(&[2], vec![0i32, 2]);
        assert!(matches!(
            ivy::one_hot_with(&idx, 3, OneHot::new().axis(2)),
            Err(Error::AxisOutOfBounds { .. })
        ));
        assert!(ivy::one_hot_with(&idx, 3, OneHot::new().axis(-3)).is_err());
        assert!(ivy::one_hot(&arr(&[1], vec![1.0f32]), 3).is_err());
        assert!(ivy::one_hot(&arr(&[1], vec![true]), 3).is_err());
        assert!(ivy::one_hot(&idx, usize::MAX).is_err());
    }

    #[test]
    fn meshgrid_xy_ij_and_sparse() -> Result<()> {
        let x = arr(&[3], vec![1i32, 2, 3]);
        let y = arr(&[2], vec![4i32, 5]);
        let g = ivy::meshgrid([&x, &y])?;
        assert_eq!(g[0], arr(&[2, 3], vec![1i32, 2, 3, 1, 2, 3]));
        assert_eq!(g[1], arr(&[2, 3], vec![4i32, 4, 4, 5, 5, 5]));
        let g = ivy::meshgrid_with([&x, &y], Meshgrid::new().indexing("ij"))?;
        assert_eq!(g[0], arr(&[3, 2], vec![1i32, 1, 2, 2, 3, 3]));
        assert_eq!(g[1], arr(&[3, 2], vec![4i32, 5, 4, 5, 4, 5]));
        let s = ivy::meshgrid_with([&x, &y], Meshgrid::new().sparse(true))?;
        assert_eq!((dims(&s[0]), dims(&s[1])), (vec![1, 3], vec![2, 1]));
        assert!(s[0].shares_data_with(&x) && s[1].shares_data_with(&y));
        let s = ivy::meshgrid_with([&x, &y], Meshgrid::new().sparse(true).indexing("ij"))?;
        assert_eq!((dims(&s[0]), dims(&s[1])), (vec![3, 1], vec![1, 2]));
        // Three inputs of different dtypes: "xy" swaps only the first two axes.
        let z = arr(&[2], vec![0.5f64, 1.5]);
        let g = ivy::meshgrid([&x, &y, &z])?;
        assert!(g.iter().all(|a| dims(a) == [2, 3, 2]));
        assert_eq!(g[2].dtype(), Dtype::Float64);
        // g[0][i, j, k] = x[j], g[1][i, j, k] = y[i], g[2][i, j, k] = z[k].
        assert_eq!(i64s(&g[0]), [1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3]);
        assert_eq!(i64s(&g[1]), [4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5]);
        assert_eq!(g[2].to_vec::<f64>()?, [0.5, 1.5].repeat(6));
        // One input, none, empty and 0-d inputs.
        assert_eq!(ivy::meshgrid([&x])?, std::slice::from_ref(&x));
        assert!(ivy::meshgrid(Vec::<Array>::new())?.is_empty());
        let e = ivy::meshgrid([&x, &arr(&[0], Vec::<i32>::new())])?;
        assert_eq!((dims(&e[0]), dims(&e[1])), (vec![0, 3], vec![0, 3]));
        let p = ivy::meshgrid([&arr(&[], vec![7i32]), &y])?;
        assert_eq!(p[0], arr(&[2, 1], vec![7i32, 7]));
        for d in Dtype::ALL {
            let g = ivy::meshgrid([&ivy::astype(&x, d)?, &ivy::astype(&y, d)?])?;
            assert_eq!(
                g[1],
                ivy::astype(&arr(&[2, 3], vec![4i64, 4, 4, 5, 5, 5]), d)?,
                "{d}"
            );
        }
        let bad = ivy::meshgrid_with([&x, &y], Meshgrid::new().indexing("yx")).unwrap_err();
        assert!(bad.to_string().contains("indexing must be"), "{bad}");
        Ok(())
    }
}
