//! The argument checks of particular ops that no parameter rule of the spec
//! states (`#[check(path)]` on the op): the generated wrapper calls each
//! once, with the op's name and the kernel's arguments, before dispatch, so
//! no backend repeats it. Also what such a check establishes that kernels
//! then use: [`arange_bounds`].
//!
//! A user's `#[ivy::op]` names its own check functions the same way: any
//! `fn(&str, <the kernel's arguments>) -> ivy::Result<()>`.

use crate::array::Array;
use crate::error::{Error, Result};
use crate::scalar::Scalar;
use crate::shape::Shape;

/// `axis1` and `axis2` are different axes (`diagonal`, `trace`: the spec's
/// `#[min_ndim(2)]` has checked that `x` has two, and the wrapper has
/// resolved negative axes against its rank).
///
/// ```
/// # extern crate ivy_core as ivy;
/// let x = ivy::zeros([2, 3])?;
/// assert!(ivy::checks::distinct_axes("trace", &x, 0, 0, 1).is_ok());
/// let e = ivy::checks::distinct_axes("trace", &x, 0, 1, 1).unwrap_err();
/// assert!(e.to_string().contains("axis1 and axis2 are the same axis (1)"));
/// # Ok::<(), ivy::Error>(())
/// ```
#[inline]
pub fn distinct_axes(op: &str, _x: &Array, _offset: i64, axis1: usize, axis2: usize) -> Result<()> {
    if axis1 != axis2 {
        return Ok(());
    }
    Err(Error::invalid(
        op,
        format!("axis1 and axis2 are the same axis ({axis1})"),
    ))
}

/// A reduction without an identity (`min`, `max`) reduces no axis of
/// length 0 (`axis` `None`: all of them). A kept empty axis is fine: the
/// result is empty too.
///
/// ```
/// # extern crate ivy_core as ivy;
/// let x = ivy::zeros([0, 3])?;
/// assert!(ivy::checks::nonempty_reduction("max", &x, Some(&[1]), false).is_ok());
/// assert!(ivy::checks::nonempty_reduction("max", &x, Some(&[0]), false).is_err());
/// assert!(ivy::checks::nonempty_reduction("max", &x, None, false).is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
#[inline]
pub fn nonempty_reduction(
    op: &str,
    x: &Array,
    axis: Option<&[usize]>,
    _keepdims: bool,
) -> Result<()> {
    let dims = x.shape().dims();
    let empty = match axis {
        None => dims.contains(&0),
        Some(axes) => axes.iter().any(|&a| dims.get(a) == Some(&0)),
    };
    if empty {
        return Err(no_identity(op, x.shape()));
    }
    Ok(())
}

/// [`nonempty_reduction`] for the ops that reduce one axis, or the
/// flattened array (`argmin`, `argmax`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// let x = ivy::zeros([0, 3])?;
/// assert!(ivy::checks::nonempty_axis("argmax", &x, Some(1), false).is_ok());
/// assert!(ivy::checks::nonempty_axis("argmax", &x, None, false).is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
#[inline]
pub fn nonempty_axis(op: &str, x: &Array, axis: Option<usize>, keepdims: bool) -> Result<()> {
    nonempty_reduction(op, x, axis.as_ref().map(std::slice::from_ref), keepdims)
}

#[cold]
#[inline(never)]
fn no_identity(op: &str, shape: &Shape) -> Error {
    Error::shape(
        op,
        format!("cannot reduce an empty array (an axis of length 0) with {op}: it has no identity"),
        vec![shape.clone()],
    )
}

/// `arange`'s arguments give a length ([`arange_bounds`]).
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::{Device, Dtype, Scalar};
/// let r = ivy::checks::arange("arange", Scalar::Int(0), Some(Scalar::Int(3)), Scalar::Int(0), Dtype::Int64, Device::Cpu);
/// assert!(r.unwrap_err().to_string().contains("step must not be zero"));
/// # Ok::<(), ivy::Error>(())
/// ```
#[inline]
pub fn arange(
    op: &str,
    start: Scalar,
    stop: Option<Scalar>,
    step: Scalar,
    _dtype: crate::Dtype,
    _device: crate::Device,
) -> Result<()> {
    arange_bounds(op, start, stop, step).map(|_| ())
}

/// `arange`'s first element, step and length, with `stop` `None` read as
/// `arange(0, start, step)` and bools as integers: what a kernel fills
/// from. The length is NumPy's, `ceil((stop - start) / step)`, at least 0,
/// exact for integers. A complex bound, a zero step, a length that is not
/// a number (an infinite or NaN bound) or one past `isize::MAX` is an
/// error.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Scalar::{Bool, Float, Int};
/// let len = |start, stop, step| ivy::checks::arange_bounds("arange", start, stop, step).map(|b| b.2);
/// assert_eq!(ivy::checks::arange_bounds("arange", Int(3), None, Bool(true))?, (Int(0), Int(1), 3));
/// assert_eq!(ivy::checks::arange_bounds("arange", Int(1), Some(Float(2.0)), Float(0.5))?, (Int(1), Float(0.5), 2));
/// assert_eq!(len(Int(4), None, Int(1))?, 4);
/// assert_eq!(len(Int(1), Some(Float(2.0)), Float(0.25))?, 4);
/// assert_eq!(len(Int(5), Some(Int(1)), Int(1))?, 0);
/// assert!(len(Int(0), Some(Float(f64::INFINITY)), Int(1)).is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn arange_bounds(
    op: &str,
    start: Scalar,
    stop: Option<Scalar>,
    step: Scalar,
) -> Result<(Scalar, Scalar, usize)> {
    let (start, stop) = match stop {
        Some(stop) => (real(op, start)?, real(op, stop)?),
        None => (Scalar::Int(0), real(op, start)?),
    };
    let step = real(op, step)?;
    let n = real_arange_len(op, start, stop, step)?;
    Ok((start, step, n))
}

/// The length of [`arange_bounds`] for real bounds.
fn real_arange_len(op: &str, start: Scalar, stop: Scalar, step: Scalar) -> Result<usize> {
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
            (1, 1) | (-1, -1) => d.unsigned_abs().div_ceil(s.unsigned_abs()),
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
