//! Kernels of the Fourier transforms: `fft` and `ifft` over rustfft,
//! `rfft` and `irfft` over realfft, along one axis, in the precision of the
//! input (`float32`/`complex64` in single, `float64`/`complex128` in
//! double). Each lane along the axis is gathered into a buffer (cut or
//! zero-padded to `n`), transformed in place and scaled once. The planners
//! (which cache their plans) live in a thread-local per precision.

use crate::NdarrayBackend;
use crate::host;
use ivy::kernels::FftKernels;
use ivy::{Array, Element, Error, Result, Shape};
use num_complex::Complex;
use realfft::RealFftPlanner;
use rustfft::{FftNum, FftPlanner};
use std::cell::RefCell;

/// A float precision rustfft and realfft run in, with its planners.
trait Precision: FftNum + Element + num_traits::Float
where
    Complex<Self>: Element,
{
    fn with_planner<R>(f: impl FnOnce(&mut FftPlanner<Self>) -> R) -> R;
    fn with_real_planner<R>(f: impl FnOnce(&mut RealFftPlanner<Self>) -> R) -> R;
    fn of(v: f64) -> Self;
}

thread_local! {
    static PLAN32: RefCell<FftPlanner<f32>> = RefCell::new(FftPlanner::new());
    static PLAN64: RefCell<FftPlanner<f64>> = RefCell::new(FftPlanner::new());
    static REAL32: RefCell<RealFftPlanner<f32>> = RefCell::new(RealFftPlanner::new());
    static REAL64: RefCell<RealFftPlanner<f64>> = RefCell::new(RealFftPlanner::new());
}

macro_rules! precision {
    ($t:ty, $plan:ident, $real:ident) => {
        impl Precision for $t {
            fn with_planner<R>(f: impl FnOnce(&mut FftPlanner<$t>) -> R) -> R {
                $plan.with(|p| f(&mut p.borrow_mut()))
            }
            fn with_real_planner<R>(f: impl FnOnce(&mut RealFftPlanner<$t>) -> R) -> R {
                $real.with(|p| f(&mut p.borrow_mut()))
            }
            fn of(v: f64) -> $t {
                v as $t
            }
        }
    };
}
precision!(f32, PLAN32, REAL32);
precision!(f64, PLAN64, REAL64);

/// The scale of a transform of length `n` in direction `inverse`.
fn scale(op: &str, norm: &str, n: usize, inverse: bool) -> Result<f64> {
    let n = n as f64;
    match (norm, inverse) {
        ("backward", false) | ("forward", true) => Ok(1.0),
        ("backward", true) | ("forward", false) => Ok(1.0 / n),
        ("ortho", _) => Ok(1.0 / n.sqrt()),
        (other, _) => Err(Error::invalid(
            op,
            format!("norm must be \"backward\", \"ortho\" or \"forward\", got {other:?}"),
        )),
    }
}

/// The layout of the lanes of `shape` along `axis`: (outer count, length,
/// inner count); the element `i` of lane `(o, k)` is at
/// `(o * len + i) * inner + k`.
fn lanes(op: &str, shape: &Shape, axis: usize) -> Result<(usize, usize, usize)> {
    let d = shape.dims();
    let len = *d.get(axis).ok_or(Error::AxisOutOfBounds {
        op: op.into(),
        axis: axis as i64,
        ndim: d.len(),
    })?;
    let outer = d[..axis].iter().product();
    let inner = d[axis + 1..].iter().product();
    Ok((outer, len, inner))
}

fn out_shape(shape: &Shape, axis: usize, n: usize) -> Shape {
    let mut s = shape.clone();
    s.dims_mut()[axis] = n;
    s
}

fn check_n(op: &str, n: usize) -> Result<usize> {
    if n == 0 {
        return Err(Error::invalid(
            op,
            "the transform length n must be at least 1",
        ));
    }
    Ok(n)
}

/// `x` as complex values of precision `T` (real inputs get zero imaginary
/// parts).
fn complex_of<T: Precision>(op: &str, x: &Array) -> Result<Vec<Complex<T>>>
where
    Complex<T>: Element,
{
    if x.dtype().is_complex() {
        Ok(host::slice::<Complex<T>>(op, x)?.to_vec())
    } else {
        Ok(host::slice::<T>(op, x)?
            .iter()
            .map(|&r| Complex::new(r, T::zero()))
            .collect())
    }
}

/// `fft` / `ifft` along `axis` in precision `T`.
fn c2c<T: Precision>(
    op: &str,
    x: &Array,
    n: Option<usize>,
    axis: usize,
    norm: &str,
    inverse: bool,
) -> Result<Array>
where
    Complex<T>: Element,
{
    let (outer, m, inner) = lanes(op, x.shape(), axis)?;
    let n = check_n(op, n.unwrap_or(m))?;
    let s = T::of(scale(op, norm, n, inverse)?);
    let data = complex_of::<T>(op, x)?;
    let mut out = vec![Complex::new(T::zero(), T::zero()); outer * n * inner];
    if out.is_empty() {
        return Ok(host::out_vec(out_shape(x.shape(), axis, n), out));
    }
    let plan = T::with_planner(|p| {
        if inverse {
            p.plan_fft_inverse(n)
        } else {
            p.plan_fft_forward(n)
        }
    });
    let mut buf = vec![Complex::new(T::zero(), T::zero()); n];
    for o in 0..outer {
        for k in 0..inner {
            for (i, b) in buf.iter_mut().enumerate() {
                *b = if i < m {
                    data[(o * m + i) * inner + k]
                } else {
                    Complex::new(T::zero(), T::zero())
                };
            }
            plan.process(&mut buf);
            for (i, b) in buf.iter().enumerate() {
                out[(o * n + i) * inner + k] = *b * s;
            }
        }
    }
    Ok(host::out_vec(out_shape(x.shape(), axis, n), out))
}

/// `rfft` along `axis`.
fn r2c<T: Precision>(x: &Array, n: Option<usize>, axis: usize, norm: &str) -> Result<Array>
where
    Complex<T>: Element,
{
    let op = "rfft";
    let (outer, m, inner) = lanes(op, x.shape(), axis)?;
    let n = check_n(op, n.unwrap_or(m))?;
    let k_out = n / 2 + 1;
    let s = T::of(scale(op, norm, n, false)?);
    let data = host::slice::<T>(op, x)?;
    let mut out = vec![Complex::new(T::zero(), T::zero()); outer * k_out * inner];
    if out.is_empty() {
        return Ok(host::out_vec(out_shape(x.shape(), axis, k_out), out));
    }
    let plan = T::with_real_planner(|p| p.plan_fft_forward(n));
    let mut buf = plan.make_input_vec();
    let mut spec = plan.make_output_vec();
    for o in 0..outer {
        for k in 0..inner {
            for (i, b) in buf.iter_mut().enumerate() {
                *b = if i < m {
                    data[(o * m + i) * inner + k]
                } else {
                    T::zero()
                };
            }
            plan.process(&mut buf, &mut spec)
                .map_err(|e| Error::invalid(op, format!("the transform failed: {e}")))?;
            for (i, b) in spec.iter().enumerate() {
                out[(o * k_out + i) * inner + k] = *b * s;
            }
        }
    }
    Ok(host::out_vec(out_shape(x.shape(), axis, k_out), out))
}

/// `irfft` along `axis`.
fn c2r<T: Precision>(x: &Array, n: Option<usize>, axis: usize, norm: &str) -> Result<Array>
where
    Complex<T>: Element,
{
    let op = "irfft";
    let (outer, m, inner) = lanes(op, x.shape(), axis)?;
    let n = check_n(op, n.unwrap_or(2 * m.saturating_sub(1)))?;
    let k_in = n / 2 + 1;
    let s = T::of(scale(op, norm, n, true)?);
    let data = complex_of::<T>(op, x)?;
    let mut out = vec![T::zero(); outer * n * inner];
    if out.is_empty() {
        return Ok(host::out_vec(out_shape(x.shape(), axis, n), out));
    }
    let plan = T::with_real_planner(|p| p.plan_fft_inverse(n));
    let mut spec = plan.make_input_vec();
    let mut buf = plan.make_output_vec();
    for o in 0..outer {
        for k in 0..inner {
            for (i, b) in spec.iter_mut().enumerate() {
                *b = if i < m && i < k_in {
                    data[(o * m + i) * inner + k]
                } else {
                    Complex::new(T::zero(), T::zero())
                };
            }
            // The zero (and, for even n, the Nyquist) terms are real in a
            // Hermitian spectrum: their imaginary parts are ignored.
            spec[0].im = T::zero();
            if n.is_multiple_of(2) {
                spec[k_in - 1].im = T::zero();
            }
            plan.process(&mut spec, &mut buf)
                .map_err(|e| Error::invalid(op, format!("the transform failed: {e}")))?;
            for (i, b) in buf.iter().enumerate() {
                out[(o * n + i) * inner + k] = *b * s;
            }
        }
    }
    Ok(host::out_vec(out_shape(x.shape(), axis, n), out))
}

/// The precision of `x`: `true` for 64-bit floats and 128-bit complex.
fn double(op: &str, x: &Array) -> Result<bool> {
    use ivy::Dtype::*;
    match x.dtype() {
        Float32 | Complex64 => Ok(false),
        Float64 | Complex128 => Ok(true),
        d => Err(host::wrong_dtype(op, d)),
    }
}

#[ivy::kernels]
impl FftKernels for NdarrayBackend {
    fn fft(&self, x: &Array, n: Option<usize>, axis: usize, norm: &str) -> Result<Array> {
        if double("fft", x)? {
            c2c::<f64>("fft", x, n, axis, norm, false)
        } else {
            c2c::<f32>("fft", x, n, axis, norm, false)
        }
    }

    fn ifft(&self, x: &Array, n: Option<usize>, axis: usize, norm: &str) -> Result<Array> {
        if double("ifft", x)? {
            c2c::<f64>("ifft", x, n, axis, norm, true)
        } else {
            c2c::<f32>("ifft", x, n, axis, norm, true)
        }
    }

    fn rfft(&self, x: &Array, n: Option<usize>, axis: usize, norm: &str) -> Result<Array> {
        if x.dtype().is_complex() {
            return Err(host::wrong_dtype("rfft", x.dtype()));
        }
        if double("rfft", x)? {
            r2c::<f64>(x, n, axis, norm)
        } else {
            r2c::<f32>(x, n, axis, norm)
        }
    }

    fn irfft(&self, x: &Array, n: Option<usize>, axis: usize, norm: &str) -> Result<Array> {
        if double("irfft", x)? {
            c2r::<f64>(x, n, axis, norm)
        } else {
            c2r::<f32>(x, n, axis, norm)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scales_follow_norm() -> Result<()> {
        assert_eq!(scale("fft", "backward", 4, true)?, 0.25);
        assert_eq!(scale("fft", "forward", 4, false)?, 0.25);
        assert_eq!(scale("fft", "ortho", 4, false)?, 0.5);
        assert!(scale("fft", "nope", 4, false).is_err());
        Ok(())
    }

    #[test]
    fn lanes_split_around_the_axis() -> Result<()> {
        assert_eq!(lanes("fft", &Shape::from([2, 3, 4]), 1)?, (2, 3, 4));
        assert!(lanes("fft", &Shape::from([2]), 1).is_err());
        Ok(())
    }
}
