//! `sin`, `cos` and `tan`: `x = n pi/2 + r` with `|r| <= pi/4`, `pi/2` in
//! parts (Cody and Waite) subtracted with single roundings (and, for
//! `float64`, the low part of `r` carried as in fdlibm's medium-size
//! reduction), then the Taylor polynomials of `sin r` and `cos r` in
//! fdlibm's arrangement and the quadrant of `n`. Arguments past
//! [`Real::TRIG_MAX_N`] quarter turns (and infinities) take the scalar
//! function of the standard library, lane by lane, as before.

use super::{Bits, Real, Scalar, Unary, V, int_bits, keep_zero, lanes, poly, splat, splat_bits};
use fearless_simd::{Simd, SimdBase, SimdFloat, SimdMask};

/// `(q, hi, lo)`: the low bits of `n` and `r = hi + lo`.
#[inline(always)]
fn reduce<S: Simd, T: Real>(s: S, x: V<S, T>) -> (Bits<S, T>, V<S, T>, V<S, T>) {
    let n = (x * splat::<S, T>(s, std::f64::consts::FRAC_2_PI)).round_ties_even();
    let q = int_bits::<S, T>(s, n);
    let nn = -n;
    let t = sub_n::<S, T>(s, x, nn, T::PIO2[0]);
    if T::MANT < 32 {
        // float32: three parts of 24 bits leave r accurate to far below
        // its last digit for the arguments in range.
        let r = sub_n::<S, T>(s, sub_n::<S, T>(s, t, nn, T::PIO2[1]), nn, T::PIO2[2]);
        return (q, r, splat::<S, T>(s, 0.0));
    }
    // float64: r = t - n p1 - n p2 in two sums whose errors are kept.
    let (r1, e1) = two_diff::<S, T>(t, n * splat::<S, T>(s, T::PIO2[1]));
    let (r2, e2) = two_diff::<S, T>(r1, n * splat::<S, T>(s, T::PIO2[2]));
    let lo = nn.mul_add(splat::<S, T>(s, T::PIO2[3]), e1 + e2);
    let hi = r2 + lo;
    (q, hi, lo - (hi - r2))
}

/// `a + nn c` with one rounding, on every instruction set.
#[inline(always)]
fn sub_n<S: Simd, T: Real>(s: S, a: V<S, T>, nn: V<S, T>, c: f64) -> V<S, T> {
    nn.mul_add_precise(splat::<S, T>(s, c), a)
}

/// `a - b` and its rounding error (Knuth's two-sum).
#[inline(always)]
fn two_diff<S: Simd, T: Real>(a: V<S, T>, b: V<S, T>) -> (V<S, T>, V<S, T>) {
    let d = a - b;
    let bb = a - d;
    (d, (a - (d + bb)) + (bb - b))
}

/// `sin(x + y)` for `|x| <= pi/4` and `y` below the last digit of `x`.
#[inline(always)]
fn sin_k<S: Simd, T: Real>(s: S, x: V<S, T>, y: V<S, T>) -> V<S, T> {
    let z = x * x;
    let p = poly::<S, T>(s, z, T::SIN);
    // y (1 - x^2/2) is the first-order correction of the tail.
    let tail = (splat::<S, T>(s, -0.5) * z).mul_add(y, y);
    x + (z * x).mul_add(p, tail)
}

/// `cos(x + y)` for `|x| <= pi/4` (fdlibm's `__kernel_cos`: `1 - x^2/2`
/// rounded, its rounding error added back with the rest).
#[inline(always)]
fn cos_k<S: Simd, T: Real>(s: S, x: V<S, T>, y: V<S, T>) -> V<S, T> {
    let one = splat::<S, T>(s, 1.0);
    let z = x * x;
    let hz = splat::<S, T>(s, 0.5) * z;
    let w = one - hz;
    let r = z * z * poly::<S, T>(s, z, T::COS);
    w + (((one - w) - hz) + (r - x * y))
}

/// The lanes of `b` where bit `bit` of `q` is set, of `a` elsewhere.
#[inline(always)]
fn by_bit<S: Simd, T: Real>(s: S, q: Bits<S, T>, bit: u64, a: V<S, T>, b: V<S, T>) -> V<S, T> {
    let zero = splat_bits::<S, T>(s, 0);
    // All ones where the bit is set.
    let m = zero - ((q >> bit.trailing_zeros()) & splat_bits::<S, T>(s, 1));
    V::<S, T>::from_bits((b.to_bits() & m) | (a.to_bits() & !m))
}

/// `v` with its sign flipped where bit `bit` of `q` is set.
#[inline(always)]
fn flip<S: Simd, T: Real>(s: S, q: Bits<S, T>, bit: u64, v: V<S, T>) -> V<S, T> {
    let sign_shift = T::MANT + if T::MANT < 32 { 8 } else { 11 };
    let m = ((q >> bit.trailing_zeros()) & splat_bits::<S, T>(s, 1)) << sign_shift;
    V::<S, T>::from_bits(v.to_bits() ^ m)
}

/// Whether any lane is past the reduction's range (or infinite).
#[inline(always)]
fn any_large<S: Simd, T: Real>(s: S, x: V<S, T>) -> bool {
    let limit = splat::<S, T>(s, T::TRIG_MAX_N * std::f64::consts::FRAC_PI_2);
    x.abs().simd_gt(limit).to_bitmask() != 0
}

/// `y` with the lanes past the reduction's range replaced by `scalar` of
/// the input.
#[inline(always)]
fn fix_large<T: Real, S: Simd>(x: V<S, T>, y: V<S, T>, scalar: fn(T) -> T) -> V<S, T> {
    let limit = T::k(T::TRIG_MAX_N * std::f64::consts::FRAC_PI_2);
    lanes::<S, T>(x, y, |v| {
        // Outside the reduced range and not NaN (a NaN compares unordered with itself).
        (!(v <= limit && v >= -limit) && v.partial_cmp(&v).is_some()).then(|| scalar(v))
    })
}

/// `sin x`.
#[inline(always)]
pub(crate) fn sin<S: Simd, T: Real>(s: S, x: V<S, T>) -> V<S, T> {
    let (q, hi, lo) = reduce::<S, T>(s, x);
    let v = by_bit::<S, T>(s, q, 1, sin_k::<S, T>(s, hi, lo), cos_k::<S, T>(s, hi, lo));
    keep_zero::<S, T>(s, x, flip::<S, T>(s, q, 2, v))
}

/// `cos x`.
#[inline(always)]
pub(crate) fn cos<S: Simd, T: Real>(s: S, x: V<S, T>) -> V<S, T> {
    let (q, hi, lo) = reduce::<S, T>(s, x);
    let v = by_bit::<S, T>(s, q, 1, cos_k::<S, T>(s, hi, lo), sin_k::<S, T>(s, hi, lo));
    flip::<S, T>(s, q + splat_bits::<S, T>(s, 1), 2, v)
}

/// `tan x = sin x / cos x` on the reduced argument: `sin r / cos r` in even
/// quadrants, `-cos r / sin r` in odd ones.
#[inline(always)]
pub(crate) fn tan<S: Simd, T: Real>(s: S, x: V<S, T>) -> V<S, T> {
    let (q, hi, lo) = reduce::<S, T>(s, x);
    let (sn, cs) = (sin_k::<S, T>(s, hi, lo), cos_k::<S, T>(s, hi, lo));
    let num = by_bit::<S, T>(s, q, 1, sn, -cs);
    let den = by_bit::<S, T>(s, q, 1, cs, sn);
    keep_zero::<S, T>(s, x, num / den)
}

macro_rules! trig_op {
    ($(#[$doc:meta])* $name:ident, $f:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy)]
        pub(crate) struct $name;

        impl Unary for $name {
            #[inline(always)]
            fn eval<S: Simd, T: Real>(self, s: S, x: V<S, T>) -> V<S, T> {
                let y = $f::<S, T>(s, x);
                if any_large::<S, T>(s, x) {
                    return fix_large::<T, S>(x, y, <T as Scalar>::$f);
                }
                y
            }
        }
    };
}

trig_op!(
    /// `sin x` ([`sin`]).
    Sin, sin
);
trig_op!(
    /// `cos x` ([`cos`]).
    Cos, cos
);
trig_op!(
    /// `tan x` ([`tan`]).
    Tan, tan
);
