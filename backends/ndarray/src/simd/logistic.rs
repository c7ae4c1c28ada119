//! The logistic family and the other compositions of `exp` and `log`:
//! `sigmoid`, `silu`, `softplus`, the tanh GELU, `logaddexp`,
//! `logaddexp2`, `pow` and `sqrt`, each arranged so it neither overflows
//! nor cancels.

use super::exp::{exp, exp2, reduce};
use super::log::{log, log1p};
use super::{Binary, Real, Unary, V, keep_zero, lanes2, pick, scale, splat, via_f64, via_f64_2};
use fearless_simd::{Simd, SimdBase, SimdFloat, SimdMask};

/// `num / (1 + e)` for `0 <= e <= 1`, with `1 + e = d + err` exactly.
///
/// float64 (to about half an ulp, which its bound of 2 ulp needs for the
/// tanh GELU): with `q = num (1 / d)`, the remainder `num - q d` is exact
/// in a fused step, and `q` is corrected by `(num - q (d + err)) / d`.
/// float32 (within its bounds without that, and 20% faster measured on
/// AVX2): `q = num / d` less `q err / d`.
#[inline(always)]
fn over_one_plus<S: Simd, T: Real>(s: S, num: V<S, T>, e: V<S, T>) -> V<S, T> {
    let one = splat::<S, T>(s, 1.0);
    let zero = splat::<S, T>(s, 0.0);
    let d = one + e;
    let err = (one - d) + e;
    if T::MANT < 32 {
        let q = num / d;
        // (Where 1 + e is exact, q itself: an infinite q times 0 is no fix.)
        return pick::<S, T>(err.simd_eq(zero), q, (-q).mul_add(err / d, q));
    }
    let y = one / d;
    let q = num * y;
    let c = (-q).mul_add_precise(err, (-q).mul_add_precise(d, num));
    // Where the correction is 0, q is exact (a zero keeps its sign); an
    // infinite q has nothing to correct.
    let exact = c.simd_eq(zero) | q.abs().simd_eq(splat::<S, T>(s, f64::INFINITY));
    pick::<S, T>(exact, q, c.mul_add_precise(y, q))
}

/// `1 / (1 + e^-x)`: with `e = e^-|x|`, `1 / (1 + e)` for `x >= 0` and
/// `e / (1 + e)` below, so a very negative `x` keeps its tiny result.
#[inline(always)]
pub(crate) fn sigmoid<S: Simd, T: Real>(s: S, x: V<S, T>) -> V<S, T> {
    let one = splat::<S, T>(s, 1.0);
    let e = exp::<S, T>(s, -x.abs());
    over_one_plus::<S, T>(s, pick::<S, T>(x.simd_ge(splat::<S, T>(s, 0.0)), one, e), e)
}

/// `x sigmoid(z)`: `x / (1 + e^-z)` for `z >= 0`, and `x e^z / (1 + e^z)`
/// below, with `x e^z = x (1 + q) 2^n` formed in one (fused) rounding and
/// scaled by `2^n` last, so a subnormal result is rounded once.
#[inline(always)]
fn times_sigmoid<S: Simd, T: Real>(s: S, x: V<S, T>, z: V<S, T>) -> V<S, T> {
    let one = splat::<S, T>(s, 1.0);
    let (n, q) = reduce::<S, T>(s, -z.abs());
    let e = scale::<S, T>(s, q + one, n);
    let tail = scale::<S, T>(s, x.mul_add_precise(q, x), n);
    // Where e^z underflows altogether the result is a zero (of x's sign).
    let tail = pick::<S, T>(
        z.simd_gt(splat::<S, T>(s, T::EXP_MIN)),
        tail,
        x * splat::<S, T>(s, 0.0),
    );
    over_one_plus::<S, T>(
        s,
        pick::<S, T>(z.simd_ge(splat::<S, T>(s, 0.0)), x, tail),
        e,
    )
}

/// `x sigmoid(x)` ([`times_sigmoid`]).
#[inline(always)]
pub(crate) fn silu<S: Simd, T: Real>(s: S, x: V<S, T>) -> V<S, T> {
    times_sigmoid::<S, T>(s, x, x)
}

/// `sqrt x` (the instruction: correctly rounded).
#[inline(always)]
pub(crate) fn sqrt<S: Simd, T: Real>(_s: S, x: V<S, T>) -> V<S, T> {
    x.sqrt()
}

/// The tanh GELU `x (1 + tanh(v)) / 2 = x sigmoid(2v)` ([`times_sigmoid`]),
/// `v = sqrt(2 / pi) (x + 0.044715 x^3)`: the sigmoid form does not cancel
/// for negative `x`.
#[inline(always)]
pub(crate) fn gelu_tanh<S: Simd, T: Real>(s: S, x: V<S, T>) -> V<S, T> {
    let c = (2.0 / std::f64::consts::PI).sqrt();
    // One rounding in the fused step on every instruction set: the tail is
    // sensitive to v's last digit.
    let v2 =
        (x * x * splat::<S, T>(s, 0.044_715)).mul_add_precise(x, x) * splat::<S, T>(s, 2.0 * c);
    keep_zero::<S, T>(s, x, times_sigmoid::<S, T>(s, x, v2))
}

super::unary_op! {
    /// `sigmoid x` ([`sigmoid`]).
    Sigmoid => sigmoid;
    /// `silu x` ([`silu`]).
    Silu => silu;
    /// `sqrt x` ([`sqrt`]).
    Sqrt => sqrt;
}

/// The tanh GELU ([`gelu_tanh`]); `float32` computes in `float64`, since
/// the rounding of `v` would cost `2|v|` ulps of the tail.
#[derive(Clone, Copy)]
pub(crate) struct GeluTanh;

super::unary_op! {
    /// (the `float64` evaluation)
    GeluTanhF64 => gelu_tanh;
}

impl Unary for GeluTanh {
    #[inline(always)]
    fn eval<S: Simd, T: Real>(self, s: S, x: V<S, T>) -> V<S, T> {
        via_f64::<S, T, GeluTanhF64>(s, GeluTanhF64, x)
    }
}

/// `log(1 + e^(beta x)) / beta` as `(log1p(e^-|bx|) + max(bx, 0)) / beta`,
/// and `x` itself where `beta x` is above `threshold`.
#[derive(Clone, Copy)]
pub(crate) struct Softplus {
    /// `beta`.
    pub(crate) beta: f64,
    /// `threshold`, if any.
    pub(crate) threshold: Option<f64>,
}

impl Unary for Softplus {
    #[inline(always)]
    fn eval<S: Simd, T: Real>(self, s: S, x: V<S, T>) -> V<S, T> {
        let b = splat::<S, T>(s, self.beta);
        let bx = x * b;
        let zero = splat::<S, T>(s, 0.0);
        let pos = pick::<S, T>(bx.simd_gt(zero), bx, zero);
        let soft = (log1p::<S, T>(s, exp::<S, T>(s, -bx.abs())) + pos) / b;
        match self.threshold {
            Some(t) => pick::<S, T>(bx.simd_gt(splat::<S, T>(s, t)), x, soft),
            None => soft,
        }
    }
}

/// `log(e^a + e^b) = max + log1p(e^-|a - b|)` (and `a + log 2` where
/// `a == b`, which also covers equal infinities).
#[inline(always)]
pub(crate) fn logaddexp<S: Simd, T: Real>(s: S, a: V<S, T>, b: V<S, T>) -> V<S, T> {
    let d = a - b;
    let m = pick::<S, T>(d.simd_gt(splat::<S, T>(s, 0.0)), a, b);
    let y = m + log1p::<S, T>(s, exp::<S, T>(s, -d.abs()));
    pick::<S, T>(
        a.simd_eq(b),
        a + splat::<S, T>(s, std::f64::consts::LN_2),
        y,
    )
}

/// `log2(2^a + 2^b) = max + log1p(2^-|a - b|) / ln 2`.
#[inline(always)]
pub(crate) fn logaddexp2<S: Simd, T: Real>(s: S, a: V<S, T>, b: V<S, T>) -> V<S, T> {
    let d = a - b;
    let m = pick::<S, T>(d.simd_gt(splat::<S, T>(s, 0.0)), a, b);
    let l = log1p::<S, T>(s, exp2::<S, T>(s, -d.abs()));
    let y = l.mul_add(splat::<S, T>(s, std::f64::consts::LOG2_E), m);
    pick::<S, T>(a.simd_eq(b), a + splat::<S, T>(s, 1.0), y)
}

macro_rules! binary_op {
    ($($(#[$doc:meta])* $name:ident => $f:ident;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy)]
        pub(crate) struct $name;

        impl Binary for $name {
            #[inline(always)]
            fn eval<S: Simd, T: Real>(self, s: S, a: V<S, T>, b: V<S, T>) -> V<S, T> {
                $f::<S, T>(s, a, b)
            }
        }
    )*};
}

binary_op! {
    /// (the `float64` evaluation of [`LogAddExp`])
    LogAddExpWide => logaddexp;
    /// (the `float64` evaluation of [`LogAddExp2`])
    LogAddExp2Wide => logaddexp2;
}

/// `logaddexp(a, b)` ([`logaddexp`]), in `float64` lanes for `float32`:
/// near its zero the sum `max + log1p(..)` cancels, and the wider lanes
/// keep the digits. (In `float64` the cancellation costs the same ulps as
/// it does the standard library's functions.)
#[derive(Clone, Copy)]
pub(crate) struct LogAddExp;

impl Binary for LogAddExp {
    #[inline(always)]
    fn eval<S: Simd, T: Real>(self, s: S, a: V<S, T>, b: V<S, T>) -> V<S, T> {
        via_f64_2::<S, T, LogAddExpWide>(s, LogAddExpWide, a, b)
    }
}

/// `logaddexp2(a, b)` ([`logaddexp2`]), in `float64` lanes for `float32`.
#[derive(Clone, Copy)]
pub(crate) struct LogAddExp2;

impl Binary for LogAddExp2 {
    #[inline(always)]
    fn eval<S: Simd, T: Real>(self, s: S, a: V<S, T>, b: V<S, T>) -> V<S, T> {
        via_f64_2::<S, T, LogAddExp2Wide>(s, LogAddExp2Wide, a, b)
    }
}

/// `|a|^b = e^(b log|a|)`, negated for negative `a` and odd integer `b`
/// (a non-integer power of a negative number is NaN). Meant for `float64`
/// lanes computing a `float32` power, where the product `b log|a|` carries
/// far more digits than the result needs.
#[inline(always)]
fn pow_wide<S: Simd, T: Real>(s: S, a: V<S, T>, b: V<S, T>) -> V<S, T> {
    let y = exp::<S, T>(s, b * log::<S, T>(s, a.abs()));
    let half = b * splat::<S, T>(s, 0.5);
    let odd = half.floor().simd_ne(half) & b.floor().simd_eq(b);
    let neg = a.simd_lt(splat::<S, T>(s, 0.0));
    let y = pick::<S, T>(neg & odd, -y, y);
    pick::<S, T>(neg & b.floor().simd_ne(b), splat::<S, T>(s, f64::NAN), y)
}

binary_op! {
    /// (the `float64` evaluation of `float32` powers)
    PowWide => pow_wide;
}

/// `a^b`. In `float32` the ordinary lanes (finite nonzero `a`, finite `b`)
/// compute in `float64` vectors; zeros, infinities, NaN and every `float64`
/// lane take the standard library's `powf` (a `float64` power within 2 ulps
/// needs a logarithm carried to about 70 bits).
#[derive(Clone, Copy)]
pub(crate) struct Pow;

impl Binary for Pow {
    #[inline(always)]
    fn eval<S: Simd, T: Real>(self, s: S, a: V<S, T>, b: V<S, T>) -> V<S, T> {
        if T::MANT > 32 {
            return lanes2::<S, T>(a, b, a, |a, b| Some(a.powf(b)));
        }
        let y = via_f64_2::<S, T, PowWide>(s, PowWide, a, b);
        let zero = splat::<S, T>(s, 0.0);
        let inf = splat::<S, T>(s, f64::INFINITY);
        let ok = a.simd_ne(zero) & a.abs().simd_lt(inf) & b.abs().simd_lt(inf);
        let all = (1u64 << V::<S, T>::LEN) - 1;
        if ok.to_bitmask() & all == all {
            return y;
        }
        lanes2::<S, T>(a, b, y, |a, b| {
            let (x, e) = (a.to_f64(), b.to_f64());
            (x == 0.0 || !x.is_finite() || !e.is_finite()).then(|| a.powf(b))
        })
    }
}
