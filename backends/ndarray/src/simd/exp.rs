//! `exp`, `exp2` and `expm1`: `x = n ln 2 + r` with `|r| <= ln 2 / 2`
//! (Cody and Waite: `n ln 2` subtracted in two parts, the first exact), a
//! polynomial for `e^r`, and `2^n` put into the exponent in two steps so a
//! subnormal or overflowing result is rounded once.

use super::{Real, V, by_type, keep_zero, pick, poly, pow2i, scale, splat};
use fearless_simd::{Simd, SimdBase, SimdFloat, SimdMask};

/// `(n, q)` with `x = n ln 2 + r` and `q = e^r - 1`, for `x` clamped to
/// the range where `e^x` is neither 0 nor infinite (a NaN stays NaN).
#[inline(always)]
pub(crate) fn reduce<S: Simd, T: Real>(s: S, x: V<S, T>) -> (V<S, T>, V<S, T>) {
    let (lo, hi) = (splat::<S, T>(s, T::EXP_MIN), splat::<S, T>(s, T::EXP_MAX));
    // Comparisons, not min/max, so that a NaN passes through.
    let x = pick::<S, T>(x.simd_gt(hi), hi, x);
    let x = pick::<S, T>(x.simd_lt(lo), lo, x);
    reduce_unclamped::<S, T>(s, x)
}

/// [`reduce`] without the clamp, for `x` already in range.
#[inline(always)]
fn reduce_unclamped<S: Simd, T: Real>(s: S, x: V<S, T>) -> (V<S, T>, V<S, T>) {
    let n = (x * splat::<S, T>(s, std::f64::consts::LOG2_E)).round_ties_even();
    let r = n.mul_add(splat::<S, T>(s, -T::LN2_HI), x);
    let r = n.mul_add(splat::<S, T>(s, -T::LN2_LO), r);
    (n, expm1_reduced::<S, T>(s, r))
}

/// `(n, q)` with `e^(a + b) = 2^n (1 + q)`, for `a` whose difference with
/// `n ln2_hi` is exact (a value of few digits, such as `-z^2 - 0.5625`
/// with `z` short) and a small `b`: the sum is never rounded whole, so a
/// large `a` does not cost its rounding in the result.
#[inline(always)]
pub(crate) fn reduce_split<S: Simd, T: Real>(s: S, a: V<S, T>, b: V<S, T>) -> (V<S, T>, V<S, T>) {
    let (lo, hi) = (splat::<S, T>(s, T::EXP_MIN), splat::<S, T>(s, T::EXP_MAX));
    let sum = a + b;
    let x = pick::<S, T>(sum.simd_gt(hi), hi, pick::<S, T>(sum.simd_lt(lo), lo, sum));
    let n = (x * splat::<S, T>(s, std::f64::consts::LOG2_E)).round_ties_even();
    let r = n.mul_add(splat::<S, T>(s, -T::LN2_HI), a) + b;
    let r = n.mul_add(splat::<S, T>(s, -T::LN2_LO), r);
    let q = expm1_reduced::<S, T>(s, r);
    // Past the clamps r is not reduced: e^(a + b) is 0 or infinite there.
    let one = splat::<S, T>(s, 1.0);
    let q = pick::<S, T>(sum.simd_lt(lo), -one, q);
    (
        n,
        pick::<S, T>(sum.simd_gt(hi), splat::<S, T>(s, f64::INFINITY), q),
    )
}

/// `e^r - 1` for `|r| <= ln 2 / 2`, as `r + r^2 p(r)`.
#[inline(always)]
fn expm1_reduced<S: Simd, T: Real>(s: S, r: V<S, T>) -> V<S, T> {
    let p = poly::<S, T>(s, r, T::EXP);
    (p * r).mul_add(r, r)
}

/// `e^x`: [`exp_normal`] when every lane's result is a normal number (the
/// same bits: the two-step scaling only differs where a result overflows
/// or is subnormal), the clamped reduction and two-step scaling otherwise.
#[inline(always)]
pub(crate) fn exp<S: Simd, T: Real>(s: S, x: V<S, T>) -> V<S, T> {
    let lo = by_type::<T>(-87.0, -708.0);
    let hi = by_type::<T>(88.0, 709.0);
    let normal = x.simd_ge(splat::<S, T>(s, lo)) & x.simd_le(splat::<S, T>(s, hi));
    if normal.to_bitmask() == (1u64 << V::<S, T>::LEN) - 1 {
        return exp_normal::<S, T>(s, x);
    }
    let (n, q) = reduce::<S, T>(s, x);
    scale::<S, T>(s, q + splat::<S, T>(s, 1.0), n)
}

/// `e^x` for `x` of either sign in the range where `e^x` is a normal
/// number (no clamp, no NaN test, `2^n` in one step): for a caller that
/// has bounded its argument, such as [`super::hyperbolic`]'s `tanh`.
#[inline(always)]
pub(crate) fn exp_normal<S: Simd, T: Real>(s: S, x: V<S, T>) -> V<S, T> {
    let (n, q) = reduce_unclamped::<S, T>(s, x);
    (q + splat::<S, T>(s, 1.0)) * pow2i::<S, T>(s, n)
}

/// `e^x - 1`: `(2^n - 1) + 2^n (e^r - 1)` while `2^n` and `2^n - 1` are
/// exact, with `r` and the sum carried in two parts (the rounding of each
/// step added back with the polynomial's small term), `e^x` past that
/// (where the 1 no longer counts), and -1 far below.
#[inline(always)]
pub(crate) fn expm1<S: Simd, T: Real>(s: S, x: V<S, T>) -> V<S, T> {
    let one = splat::<S, T>(s, 1.0);
    let big = splat::<S, T>(s, f64::from(T::MANT + 2) * std::f64::consts::LN_2);
    let lim = f64::from(T::MANT + 3);
    let (lo, hi) = (splat::<S, T>(s, -lim * std::f64::consts::LN_2), big);
    let xm = pick::<S, T>(x.simd_gt(hi), hi, pick::<S, T>(x.simd_lt(lo), lo, x));
    let n = (xm * splat::<S, T>(s, std::f64::consts::LOG2_E)).round_ties_even();
    let r1 = n.mul_add(splat::<S, T>(s, -T::LN2_HI), xm);
    let p = -n * splat::<S, T>(s, T::LN2_LO);
    let r = r1 + p;
    let r_lo = (r1 - r) + p;
    // e^r - 1 - r, with the low part of r through the derivative 1 + r.
    let small = (poly::<S, T>(s, r, T::EXP) * r).mul_add(r, r_lo.mul_add(r, r_lo));
    let k = pow2i::<S, T>(s, n);
    let (a, b) = (k - one, k * r);
    let sum = a + b;
    let bb = sum - a;
    let err = (a - (sum - bb)) + (b - bb);
    let mid = sum + k.mul_add(small, err);
    let (ne, q) = reduce::<S, T>(s, x);
    let far = scale::<S, T>(s, q + one, ne);
    let y = pick::<S, T>(x.simd_gt(big), far, mid);
    // Far below, -1; NaN stays NaN.
    let y = pick::<S, T>(x.simd_lt(lo), -one, y);
    keep_zero::<S, T>(s, x, pick::<S, T>(x.simd_eq(x), y, x))
}

/// `2^x`: `n` the nearest integer, `r = (x - n) ln 2` (the difference is
/// exact; its product with `ln 2` in two parts).
#[inline(always)]
pub(crate) fn exp2<S: Simd, T: Real>(s: S, x: V<S, T>) -> V<S, T> {
    let l2 = std::f64::consts::LOG2_E;
    let (lo, hi) = (
        splat::<S, T>(s, T::EXP_MIN * l2),
        splat::<S, T>(s, T::EXP_MAX * l2),
    );
    let x = pick::<S, T>(x.simd_gt(hi), hi, x);
    let x = pick::<S, T>(x.simd_lt(lo), lo, x);
    let n = x.round_ties_even();
    let f = x - n;
    let r = f * splat::<S, T>(s, T::LN2_HI);
    let r = f.mul_add(splat::<S, T>(s, T::LN2_LO), r);
    scale::<S, T>(s, expm1_reduced::<S, T>(s, r) + splat::<S, T>(s, 1.0), n)
}

super::unary_op! {
    /// `e^x` ([`exp`]).
    Exp => exp;
    /// `e^x - 1` ([`expm1`]).
    Expm1 => expm1;
    /// `2^x` ([`exp2`]).
    Exp2 => exp2;
}
