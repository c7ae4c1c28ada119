//! `log`, `log1p`, `log2` and `log10`, as fdlibm and musl compute them:
//! `x = 2^k (1 + f)` with `1 + f` in `[sqrt(1/2), sqrt(2))`, then
//! `log(1 + f) = f - f^2/2 + s (f^2/2 + R(s^2))` with `s = f / (2 + f)`,
//! and `k ln 2` (or `k` and `k log10(2)`) added in two parts; in float32
//! the rest term is a polynomial in `f` instead, without the division.

use super::{Bits, Real, V, keep_zero, pick, poly, splat, splat_bits};
use fearless_simd::{Simd, SimdBase, SimdFloat};

/// The parts of `log(1 + f)`: `(f, hfsq, t)` with `hfsq = f^2/2`, so that
/// `log(1 + f) = f - hfsq + t`. In float64, fdlibm's `t = s (hfsq + R(s^2))`
/// with `s = f / (2 + f)`; in float32, `t = f^3 P(f)` with no division
/// ([`LOG1P_F32`]).
#[inline(always)]
fn kernel<S: Simd, T: Real>(s: S, f: V<S, T>) -> (V<S, T>, V<S, T>, V<S, T>) {
    let hfsq = splat::<S, T>(s, 0.5) * f * f;
    if T::MANT < 32 {
        let f2 = f * f;
        return (f, hfsq, f2 * f * poly::<S, T>(s, f, LOG1P_F32));
    }
    let sv = f / (splat::<S, T>(s, 2.0) + f);
    let z = sv * sv;
    let r = z * poly::<S, T>(s, z, T::LOG);
    (f, hfsq, sv * (hfsq + r))
}

/// `(log(1 + f) - f + f^2/2) / f^3` on `f` in `[sqrt(1/2) - 1, sqrt(2) - 1]`,
/// highest degree first: this module's weighted least-squares fit (made
/// minimax by reweighting), whose error in `log(1 + f)` is below a tenth of
/// a float32 ulp; the float32 results stay within an ulp (the `accuracy`
/// test).
const LOG1P_F32: &[f64] = &[
    -0.078_594_364_225_864_41,
    0.128_815_963_864_326_48,
    -0.131_287_962_198_257_45,
    0.141_812_011_599_540_7,
    -0.166_245_505_213_737_5,
    0.200_022_861_361_503_6,
    -0.250_008_106_231_689_45,
    0.333_333_164_453_506_47,
];

/// `(k, m)` with `x = 2^k m`, `m` in `[sqrt(1/2), sqrt(2))`, for positive
/// finite `x` (a subnormal is scaled up first).
#[inline(always)]
fn split<S: Simd, T: Real>(s: S, x: V<S, T>) -> (V<S, T>, V<S, T>) {
    let up = f64::from(T::MANT + 2);
    let tiny = x.simd_lt(splat::<S, T>(s, T::MIN_POSITIVE));
    let x = pick::<S, T>(tiny, x * splat::<S, T>(s, 2f64.powf(up)), x);
    let k0 = pick::<S, T>(tiny, splat::<S, T>(s, -up), splat::<S, T>(s, 0.0));
    // The bits minus those of sqrt(1/2), offset by one exponent bias to stay
    // positive: the exponent field of that is k + BIAS.
    let sqrt_half = T::k(std::f64::consts::FRAC_1_SQRT_2).to_u64();
    let bias = T::BIAS << T::MANT;
    let u: Bits<S, T> =
        x.to_bits() - splat_bits::<S, T>(s, sqrt_half) + splat_bits::<S, T>(s, bias);
    let e = u >> T::MANT;
    // m = x / 2^k: the exponent field lowered by k.
    let m = V::<S, T>::from_bits(x.to_bits() - (e << T::MANT) + splat_bits::<S, T>(s, bias));
    (
        k0 + int_to_float::<S, T>(s, e) - splat::<S, T>(s, T::BIAS as f64),
        m,
    )
}

/// A small non-negative integer (below `2^MANT`) as a float, by the bits
/// of `2^MANT + e`.
#[inline(always)]
fn int_to_float<S: Simd, T: Real>(s: S, e: Bits<S, T>) -> V<S, T> {
    let two_m = 2f64.powi(T::MANT as i32);
    V::<S, T>::from_bits(e + splat_bits::<S, T>(s, T::k(two_m).to_u64())) - splat::<S, T>(s, two_m)
}

/// The results at the special inputs: `-inf` at zero, NaN below it and
/// at NaN, `+inf` at `+inf`; `y` elsewhere. `zero` is the input at which
/// the function has its pole (0 for `log`, -1 for `log1p`).
#[inline(always)]
fn specials<S: Simd, T: Real>(s: S, x: V<S, T>, zero: f64, y: V<S, T>) -> V<S, T> {
    let z = splat::<S, T>(s, zero);
    let inf = splat::<S, T>(s, f64::INFINITY);
    let y = pick::<S, T>(x.simd_eq(inf), inf, y);
    let y = pick::<S, T>(x.simd_eq(z), -inf, y);
    // Below the pole, and NaN (no comparison holds): NaN.
    pick::<S, T>(x.simd_ge(z), y, splat::<S, T>(s, f64::NAN))
}

/// `log x`.
#[inline(always)]
pub(crate) fn log<S: Simd, T: Real>(s: S, x: V<S, T>) -> V<S, T> {
    let (k, m) = split::<S, T>(s, x);
    let (f, hfsq, t) = kernel::<S, T>(s, m - splat::<S, T>(s, 1.0));
    let hi = splat::<S, T>(s, T::LOG_LN2_HI);
    let lo = splat::<S, T>(s, T::LOG_LN2_LO);
    let y = k.mul_add(hi, (t + k * lo - hfsq) + f);
    specials::<S, T>(s, x, 0.0, y)
}

/// `log(1 + x)`: for `1 + x` near 1 the reduction takes `f = x` itself;
/// elsewhere `u = 1 + x` is split and the rounding of `u` is added back as
/// `c / u` (musl's correction).
#[inline(always)]
pub(crate) fn log1p<S: Simd, T: Real>(s: S, x: V<S, T>) -> V<S, T> {
    let one = splat::<S, T>(s, 1.0);
    let u = one + x;
    let (k, m) = split::<S, T>(s, u);
    let near = x.simd_gt(splat::<S, T>(s, std::f64::consts::FRAC_1_SQRT_2 - 1.0))
        & x.simd_lt(splat::<S, T>(s, std::f64::consts::SQRT_2 - 1.0));
    let c = pick::<S, T>(
        k.simd_ge(splat::<S, T>(s, 2.0)),
        one - (u - x),
        x - (u - one),
    ) / u;
    // Past 2^(MANT + 2) the correction is below the last digit.
    let c = pick::<S, T>(
        k.simd_lt(splat::<S, T>(s, f64::from(T::MANT + 2))),
        c,
        splat::<S, T>(s, 0.0),
    );
    let zero = splat::<S, T>(s, 0.0);
    let k = pick::<S, T>(near, zero, k);
    let c = pick::<S, T>(near, zero, c);
    let f = pick::<S, T>(near, x, m - one);
    let (f, hfsq, t) = kernel::<S, T>(s, f);
    let hi = splat::<S, T>(s, T::LOG_LN2_HI);
    let lo = splat::<S, T>(s, T::LOG_LN2_LO);
    let y = k.mul_add(hi, (t + k.mul_add(lo, c) - hfsq) + f);
    keep_zero::<S, T>(s, x, specials::<S, T>(s, x, -1.0, y))
}

/// `k b + log(m) / ln(base)` for `x = 2^k m`, with `1 / ln(base)` and `b`
/// split in two parts (musl's `log2` and `log10`): `f - hfsq` is cut into
/// a high part whose products are exact and the rest.
#[inline(always)]
fn log_base<S: Simd, T: Real>(s: S, x: V<S, T>, inv: [f64; 2], b: [f64; 2]) -> V<S, T> {
    let (k, m) = split::<S, T>(s, x);
    let (f, hfsq, t) = kernel::<S, T>(s, m - splat::<S, T>(s, 1.0));
    let hi = V::<S, T>::from_bits((f - hfsq).to_bits() & splat_bits::<S, T>(s, T::HI_MASK));
    let lo = f - hi - hfsq + t;
    let (ih, il) = (splat::<S, T>(s, inv[0]), splat::<S, T>(s, inv[1]));
    let val_hi = hi * ih;
    let val_lo = (lo + hi).mul_add(il, lo * ih);
    let y = k * splat::<S, T>(s, b[0]);
    let w = y + val_hi;
    let val_lo = k.mul_add(splat::<S, T>(s, b[1]), val_lo + ((y - w) + val_hi));
    specials::<S, T>(s, x, 0.0, val_lo + w)
}

/// `log2 x`.
#[inline(always)]
pub(crate) fn log2<S: Simd, T: Real>(s: S, x: V<S, T>) -> V<S, T> {
    log_base::<S, T>(s, x, T::IVLN2, [1.0, 0.0])
}

/// `log10 x`.
#[inline(always)]
pub(crate) fn log10<S: Simd, T: Real>(s: S, x: V<S, T>) -> V<S, T> {
    log_base::<S, T>(s, x, T::IVLN10, T::LOG10_2)
}

super::unary_op! {
    /// `log x` ([`log`]).
    Log => log;
    /// `log(1 + x)` ([`log1p`]).
    Log1p => log1p;
    /// `log2 x` ([`log2`]).
    Log2 => log2;
    /// `log10 x` ([`log10`]).
    Log10 => log10;
}
