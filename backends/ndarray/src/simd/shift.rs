//! The vector steps of the fused row kernels (`crate::rows`): the
//! exponential of a shifted value, a quotient by the row's sum, the shifted
//! log-softmax and the normalization of a row, each one pass over a row
//! with the same roundings as the ops the compositions call.

use super::exp::exp;
use super::{Binary, Real, Unary, V, splat};
use fearless_simd::Simd;

/// `e^(x - m)`.
#[derive(Clone, Copy)]
pub(crate) struct ExpSub(pub(crate) f64);

impl Unary for ExpSub {
    #[inline(always)]
    fn eval<S: Simd, T: Real>(self, s: S, x: V<S, T>) -> V<S, T> {
        exp::<S, T>(s, x - splat::<S, T>(s, self.0))
    }
}

/// `e^(a - b)`.
#[derive(Clone, Copy)]
pub(crate) struct ExpDiff;

impl Binary for ExpDiff {
    #[inline(always)]
    fn eval<S: Simd, T: Real>(self, s: S, a: V<S, T>, b: V<S, T>) -> V<S, T> {
        exp::<S, T>(s, a - b)
    }
}

/// `x / d`.
#[derive(Clone, Copy)]
pub(crate) struct DivBy(pub(crate) f64);

impl Unary for DivBy {
    #[inline(always)]
    fn eval<S: Simd, T: Real>(self, s: S, x: V<S, T>) -> V<S, T> {
        x / splat::<S, T>(s, self.0)
    }
}

/// `a / b`.
#[derive(Clone, Copy)]
pub(crate) struct Div;

impl Binary for Div {
    #[inline(always)]
    fn eval<S: Simd, T: Real>(self, _s: S, a: V<S, T>, b: V<S, T>) -> V<S, T> {
        a / b
    }
}

/// `(x - m) - l`: the log-softmax of `x` with the row's maximum `m` and the
/// log of its sum of exponentials `l`.
#[derive(Clone, Copy)]
pub(crate) struct ShiftLog(pub(crate) f64, pub(crate) f64);

impl Unary for ShiftLog {
    #[inline(always)]
    fn eval<S: Simd, T: Real>(self, s: S, x: V<S, T>) -> V<S, T> {
        (x - splat::<S, T>(s, self.0)) - splat::<S, T>(s, self.1)
    }
}

/// `(a - m) - l` with the maximum and log-sum of each column in `b`'s
/// lanes: `b` holds `m` and the caller subtracts `l` after.
#[derive(Clone, Copy)]
pub(crate) struct Sub;

impl Binary for Sub {
    #[inline(always)]
    fn eval<S: Simd, T: Real>(self, _s: S, a: V<S, T>, b: V<S, T>) -> V<S, T> {
        a - b
    }
}

/// `(x - mean) / d`.
#[derive(Clone, Copy)]
pub(crate) struct Normalize(pub(crate) f64, pub(crate) f64);

impl Unary for Normalize {
    #[inline(always)]
    fn eval<S: Simd, T: Real>(self, s: S, x: V<S, T>) -> V<S, T> {
        (x - splat::<S, T>(s, self.0)) / splat::<S, T>(s, self.1)
    }
}
