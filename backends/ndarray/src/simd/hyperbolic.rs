//! The hyperbolic functions and their inverses, as fdlibm arranges them:
//! `sinh`, `cosh` and `tanh` from `expm1` and `exp` (with `e^|x| / 2` taken
//! as `e^r 2^(n - 1)` so it does not overflow before the result does),
//! `asinh`, `acosh` and `atanh` from `log` and `log1p`.

use super::exp::{exp_normal, expm1, reduce};
use super::log::{log, log1p};
use super::{Real, V, by_type, keep_zero, pick, poly, scale, splat, table};
use fearless_simd::{Simd, SimdBase, SimdFloat};

/// `e^a / 2` for `a >= 0`, without overflowing where the result is finite.
#[inline(always)]
fn half_exp<S: Simd, T: Real>(s: S, a: V<S, T>) -> V<S, T> {
    let (n, q) = reduce::<S, T>(s, a);
    scale::<S, T>(s, q + splat::<S, T>(s, 1.0), n - splat::<S, T>(s, 1.0))
}

/// Where `e^-|x|` no longer changes `sinh`, `cosh` or `tanh` in the last
/// digit (fdlibm's 22, and 9 in float32).
#[inline(always)]
fn far<T: Real>() -> f64 {
    by_type::<T>(9.0, 22.0)
}

/// `sinh x`: with `t = expm1(|x|)`, `(2t - t^2 / (t + 1)) / 2` below 1,
/// `(t + t / (t + 1)) / 2` below [`far`], `e^|x| / 2` beyond.
#[inline(always)]
pub(crate) fn sinh<S: Simd, T: Real>(s: S, x: V<S, T>) -> V<S, T> {
    let a = x.abs();
    let one = splat::<S, T>(s, 1.0);
    let t = expm1::<S, T>(s, a.min(splat::<S, T>(s, far::<T>())));
    let small = (t + t - t * t / (t + one)) * splat::<S, T>(s, 0.5);
    let mid = (t + t / (t + one)) * splat::<S, T>(s, 0.5);
    let y = pick::<S, T>(a.simd_lt(one), small, mid);
    let y = pick::<S, T>(
        a.simd_lt(splat::<S, T>(s, far::<T>())),
        y,
        half_exp::<S, T>(s, a),
    );
    // NaN stays NaN (no comparison above holds for it).
    let y = pick::<S, T>(a.simd_eq(a), y, a);
    keep_zero::<S, T>(s, x, y.copysign(x))
}

/// `cosh x`: `1 + t^2 / (2 (1 + t))` with `t = expm1(|x|)` below `ln 2 / 2`,
/// `(e^|x| + e^-|x|) / 2` below [`far`], `e^|x| / 2` beyond.
#[inline(always)]
pub(crate) fn cosh<S: Simd, T: Real>(s: S, x: V<S, T>) -> V<S, T> {
    let a = x.abs();
    let one = splat::<S, T>(s, 1.0);
    let half = splat::<S, T>(s, 0.5);
    let ac = a.min(splat::<S, T>(s, far::<T>()));
    let t = expm1::<S, T>(s, ac);
    let w = one + t;
    let small = one + (t * t) / (w + w);
    let e = t + one;
    let mid = half * e + half / e;
    let y = pick::<S, T>(
        a.simd_lt(splat::<S, T>(s, 0.5 * std::f64::consts::LN_2)),
        small,
        mid,
    );
    let y = pick::<S, T>(
        a.simd_lt(splat::<S, T>(s, far::<T>())),
        y,
        half_exp::<S, T>(s, a),
    );
    pick::<S, T>(a.simd_eq(a), y, a)
}

/// `tanh x`: `x + x^3 P(x^2)` below 0.55 (a Chebyshev fit of
/// `(tanh(x)/x - 1)/x^2`, 5 terms in float32 and 11 in float64, both well
/// below half an ulp), `1 - 2 / (e^(2|x|) + 1)` beyond (where `e^(2|x|) >= 3`,
/// so nothing cancels), with `|x|` clamped where that rounds to 1 (9.1 in
/// float32, 22 in float64), so the exponential needs no range checks.
#[inline(always)]
pub(crate) fn tanh<S: Simd, T: Real>(s: S, x: V<S, T>) -> V<S, T> {
    let a = x.abs();
    let one = splat::<S, T>(s, 1.0);
    let two = splat::<S, T>(s, 2.0);
    let z = x * x;
    let p = poly::<S, T>(
        s,
        z,
        table::<T>(
            &[
                -0.006_610_227_831_114_734,
                0.021_309_388_664_443_474,
                -0.053_909_428_827_460_55,
                0.133_331_137_290_208_7,
                -0.333_333_320_079_769_8,
            ],
            &[
                -0.000_020_602_765_376_366_342,
                0.000_085_113_136_855_776_72,
                -0.000_234_634_741_088_723_7,
                0.000_588_936_052_007_405_7,
                -0.001_455_661_830_100_716,
                0.003_592_110_378_689_024,
                -0.008_863_234_397_814_355,
                0.021_869_488_493_666_942,
                -0.053_968_253_967_434_015,
                0.133_333_333_333_327_15,
                -0.333_333_333_333_333_3,
            ],
        ),
    );
    let small = (z * x).mul_add(p, x);
    // Comparisons, not `min`, so that a NaN stays NaN through the clamp.
    let top = splat::<S, T>(s, by_type::<T>(9.1, 22.0));
    let e = exp_normal::<S, T>(s, pick::<S, T>(a.simd_gt(top), top, a) * two);
    let big = one - two / (e + one);
    // Both parts have the sign of x (so does tanh): the sign is put back
    // once, which also keeps the sign of a zero.
    pick::<S, T>(a.simd_lt(splat::<S, T>(s, 0.55)), small, big).copysign(x)
}

/// Past this `|x|`, `sqrt(x^2 + 1)` is `|x|` to the last digit and
/// `asinh`, `acosh` are `log|x| + log 2` (fdlibm's `2^28`, `2^12` in
/// float32).
#[inline(always)]
fn huge<T: Real>() -> f64 {
    by_type::<T>(4096.0, 268_435_456.0)
}

/// `asinh x`: `log1p(|x| + x^2 / (1 + sqrt(1 + x^2)))` up to 2,
/// `log(2|x| + 1 / (sqrt(x^2 + 1) + |x|))` beyond, `log|x| + log 2` past
/// [`huge`].
#[inline(always)]
pub(crate) fn asinh<S: Simd, T: Real>(s: S, x: V<S, T>) -> V<S, T> {
    let a = x.abs();
    let one = splat::<S, T>(s, 1.0);
    let two = splat::<S, T>(s, 2.0);
    let ln2 = splat::<S, T>(s, std::f64::consts::LN_2);
    let am = a.min(splat::<S, T>(s, huge::<T>()));
    let q = (am * am + one).sqrt();
    let small = log1p::<S, T>(s, am + am * am / (one + q));
    let big_arg = pick::<S, T>(
        a.simd_lt(splat::<S, T>(s, huge::<T>())),
        two * am + one / (q + am),
        a,
    );
    let big = log::<S, T>(s, big_arg);
    let big = pick::<S, T>(a.simd_lt(splat::<S, T>(s, huge::<T>())), big, big + ln2);
    let y = pick::<S, T>(a.simd_le(two), small, big);
    let y = pick::<S, T>(a.simd_eq(a), y, a);
    keep_zero::<S, T>(s, x, y.copysign(x))
}

/// `acosh x`: `log1p(t + sqrt(2t + t^2))` with `t = x - 1` up to 2,
/// `log(2x - 1 / (x + sqrt(x^2 - 1)))` beyond, `log x + log 2` past
/// [`huge`]; NaN below 1.
#[inline(always)]
pub(crate) fn acosh<S: Simd, T: Real>(s: S, x: V<S, T>) -> V<S, T> {
    let one = splat::<S, T>(s, 1.0);
    let two = splat::<S, T>(s, 2.0);
    let ln2 = splat::<S, T>(s, std::f64::consts::LN_2);
    let h = splat::<S, T>(s, huge::<T>());
    let xm = x.min(h);
    let t = xm - one;
    let small = log1p::<S, T>(s, t + (two * t + t * t).sqrt());
    let fits = x.simd_lt(h);
    let big_arg = pick::<S, T>(fits, two * xm - one / (xm + (xm * xm - one).sqrt()), x);
    let big = log::<S, T>(s, big_arg);
    let big = pick::<S, T>(fits, big, big + ln2);
    let y = pick::<S, T>(x.simd_le(two), small, big);
    // Below 1, and NaN: NaN.
    pick::<S, T>(x.simd_ge(one), y, splat::<S, T>(s, f64::NAN))
}

/// `atanh x`: `log1p(2a + 2a^2 / (1 - a)) / 2` below `a = 1/2`,
/// `log1p(2a / (1 - a)) / 2` up to 1 (infinite at 1, NaN beyond).
#[inline(always)]
pub(crate) fn atanh<S: Simd, T: Real>(s: S, x: V<S, T>) -> V<S, T> {
    let a = x.abs();
    let one = splat::<S, T>(s, 1.0);
    let half = splat::<S, T>(s, 0.5);
    let a2 = a + a;
    let small = a2 + a2 * a / (one - a);
    let big = a2 / (one - a);
    let arg = pick::<S, T>(a.simd_lt(half), small, big);
    let y = half * log1p::<S, T>(s, arg);
    // |x| = 1 gives log1p(inf) = inf; beyond 1, and NaN: NaN.
    let y = pick::<S, T>(a.simd_le(one), y, splat::<S, T>(s, f64::NAN));
    keep_zero::<S, T>(s, x, y.copysign(x))
}

super::unary_op! {
    /// `sinh x` ([`sinh`]).
    Sinh => sinh;
    /// `cosh x` ([`cosh`]).
    Cosh => cosh;
    /// `tanh x` ([`tanh`]).
    Tanh => tanh;
    /// `asinh x` ([`asinh`]).
    Asinh => asinh;
    /// `acosh x` ([`acosh`]).
    Acosh => acosh;
    /// `atanh x` ([`atanh`]).
    Atanh => atanh;
}
