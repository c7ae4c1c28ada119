//! The error function and the exact GELU, as fdlibm computes `erf` and
//! `erfc`: a rational function of `x^2` below 0.84375, of `|x| - 1` below
//! 1.25, and `exp(-x^2 - 0.5625 + R(1/x^2) / S(1/x^2)) / |x|` for the
//! tails (two sets of coefficients, split at 1/0.35), with `x^2` in two
//! parts so its exponential keeps its digits. A vector evaluates only the
//! pieces some lane needs.

use super::exp::reduce_split;
use super::{Real, V, by_type, keep_zero, pick, poly, scale, splat, splat_bits};
use fearless_simd::{Simd, SimdBase, SimdFloat, SimdMask};

const ERX: f64 = 8.450_629_115_104_675e-1;
const EFX8: f64 = 1.027_033_336_764_100_7;
// fdlibm's pp0..pp4 and qq1..qq5 (highest first; q with its leading 1).
const PP: &[f64] = &[
    -2.376_301_665_665_016_3e-5,
    -5.770_270_296_489_442e-3,
    -2.848_174_957_559_851e-2,
    -3.250_421_072_470_015e-1,
    1.283_791_670_955_125_6e-1,
];
const QQ: &[f64] = &[
    -3.960_228_278_775_368e-6,
    1.324_947_380_043_216_4e-4,
    5.081_306_281_875_766e-3,
    6.502_224_998_876_73e-2,
    3.979_172_239_591_553_5e-1,
    1.0,
];
const PA: &[f64] = &[
    -2.166_375_594_868_791e-3,
    3.547_830_432_561_823_6e-2,
    -1.108_946_942_823_966_8e-1,
    3.183_466_199_011_617_5e-1,
    -3.722_078_760_357_013e-1,
    4.148_561_186_837_483_3e-1,
    -2.362_118_560_752_659_4e-3,
];
const QA: &[f64] = &[
    1.198_449_984_679_910_7e-2,
    1.363_708_391_202_905e-2,
    1.261_712_198_087_616_4e-1,
    7.182_865_441_419_627e-2,
    5.403_979_177_021_71e-1,
    1.064_208_804_008_442_3e-1,
    1.0,
];
const RA: &[f64] = &[
    -9.814_329_344_169_145,
    -8.128_743_550_630_66e1,
    -1.846_050_929_067_110_4e2,
    -1.623_966_694_625_734_7e2,
    -6.237_533_245_032_600_6e1,
    -1.055_862_622_532_329_1e1,
    -6.938_585_727_071_818e-1,
    -9.864_944_034_847_148e-3,
];
const SA: &[f64] = &[
    -6.042_441_521_485_81e-2,
    6.570_249_770_319_282,
    1.086_350_055_417_794_4e2,
    4.290_081_400_275_678_3e2,
    6.453_872_717_332_679e2,
    4.345_658_774_752_292_3e2,
    1.376_577_541_435_190_4e2,
    1.965_127_166_743_925_7e1,
    1.0,
];
const RB: &[f64] = &[
    -4.835_191_916_086_514e2,
    -1.025_095_131_611_077_2e3,
    -6.375_664_433_683_896e2,
    -1.606_363_848_558_219_2e2,
    -1.775_795_491_775_475_2e1,
    -7.992_832_376_805_23e-1,
    -9.864_942_924_700_1e-3,
];
const SB: &[f64] = &[
    -2.244_095_244_658_582e1,
    4.745_285_412_069_553_7e2,
    2.553_050_406_433_164_4e3,
    3.199_858_219_508_595_5e3,
    1.536_729_586_084_437e3,
    3.257_925_129_965_739e2,
    3.033_806_074_348_246e1,
    1.0,
];

/// Whether any lane of the mask is set.
#[inline(always)]
fn any<S: Simd, T: Real>(m: <V<S, T> as SimdBase<S>>::Mask) -> bool {
    m.to_bitmask() != 0
}

/// `x P(x^2) / Q(x^2)`, with `erf x = x + that` below 0.84375.
#[inline(always)]
fn near<S: Simd, T: Real>(s: S, x: V<S, T>) -> V<S, T> {
    let z = x * x;
    x * (poly::<S, T>(s, z, PP) / poly::<S, T>(s, z, QQ))
}

/// `erfc |x|` for `|x|` in [0.84375, 1.25): `1 - erx - P(s) / Q(s)` with
/// `s = |x| - 1`.
#[inline(always)]
fn erfc_mid<S: Simd, T: Real>(s: S, a: V<S, T>) -> V<S, T> {
    let t = a - splat::<S, T>(s, 1.0);
    splat::<S, T>(s, 1.0 - ERX) - poly::<S, T>(s, t, PA) / poly::<S, T>(s, t, QA)
}

/// `k erfc a` for `a >= 1.25`: `exp(-z^2 - 0.5625 + (z - a)(z + a) + R / S) / a`
/// with `z` the high part of `a` (so `-z^2 - 0.5625` is exact and the sum
/// is reduced in its two parts); the power of two is applied last, so a
/// subnormal result is rounded once.
#[inline(always)]
fn erfc_tail<S: Simd, T: Real>(
    s: S,
    a: V<S, T>,
    k: V<S, T>,
    need_a: bool,
    need_b: bool,
) -> V<S, T> {
    let one = splat::<S, T>(s, 1.0);
    let w = one / (a * a);
    let split = a.simd_lt(splat::<S, T>(s, 1.0 / 0.35));
    let (mut r, mut q) = (one, one);
    if need_a {
        r = poly::<S, T>(s, w, RA);
        q = poly::<S, T>(s, w, SA);
    }
    if need_b {
        let (rb, sb) = (poly::<S, T>(s, w, RB), poly::<S, T>(s, w, SB));
        r = pick::<S, T>(split, r, rb);
        q = pick::<S, T>(split, q, sb);
    }
    // The high part of a, short enough that z^2 + 0.5625 is exact.
    let mask = if T::MANT < 32 {
        0xffff_e000
    } else {
        0xffff_ffff_0000_0000
    };
    let z = V::<S, T>::from_bits(a.to_bits() & splat_bits::<S, T>(s, mask));
    let (n, e) = reduce_split::<S, T>(
        s,
        -z * z - splat::<S, T>(s, 0.5625),
        (z - a) * (z + a) + r / q,
    );
    scale::<S, T>(s, k * ((e + one) / a), n)
}

/// `k erfc |x|` for `|x| >= 0.84375`, by the pieces the lanes need (0
/// where `|x|` is below that).
#[inline(always)]
fn far<S: Simd, T: Real>(s: S, a: V<S, T>, k: V<S, T>) -> V<S, T> {
    let mid = a.simd_lt(splat::<S, T>(s, 1.25));
    let tail = !mid & a.simd_lt(splat::<S, T>(s, 28.0));
    let mut c = splat::<S, T>(s, 0.0);
    if any::<S, T>(mid) {
        c = k * erfc_mid::<S, T>(s, a);
    }
    if any::<S, T>(tail) {
        let split = a.simd_lt(splat::<S, T>(s, 1.0 / 0.35));
        let t = erfc_tail::<S, T>(
            s,
            a,
            k,
            any::<S, T>(split & tail),
            any::<S, T>(!split & tail),
        );
        c = pick::<S, T>(mid, c, t);
    }
    // Past 28 erfc underflows to 0, with the sign of k.
    pick::<S, T>(
        a.simd_lt(splat::<S, T>(s, 28.0)),
        c,
        splat::<S, T>(s, 0.0).copysign(k),
    )
}

/// `erf x`.
#[inline(always)]
pub(crate) fn erf<S: Simd, T: Real>(s: S, x: V<S, T>) -> V<S, T> {
    let a = x.abs();
    let small = a.simd_lt(splat::<S, T>(s, 0.84375));
    let one = splat::<S, T>(s, 1.0);
    let mut y = splat::<S, T>(s, 0.0);
    if any::<S, T>(small) {
        // Below 2^-28, x + x efx (scaled so no subnormal step loses digits).
        let tiny = a.simd_lt(splat::<S, T>(s, 2f64.powi(-28)));
        let t = splat::<S, T>(s, 0.125) * (splat::<S, T>(s, 8.0) * x + splat::<S, T>(s, EFX8) * x);
        y = pick::<S, T>(tiny, t, x + near::<S, T>(s, x));
    }
    if !small.to_bitmask() & ((1u64 << V::<S, T>::LEN) - 1) != 0 {
        let f = (one - far::<S, T>(s, a, one)).copysign(x);
        y = pick::<S, T>(small, y, f);
    }
    // erf(NaN) = NaN; erf(±inf) = ±1 (the far branch gives it).
    let y = pick::<S, T>(a.simd_eq(a), y, x);
    keep_zero::<S, T>(s, x, y)
}

/// `k erfc x` (`2 - erfc(-x)` for negative `x`), with the product taken
/// before the tail's last rounding.
#[inline(always)]
pub(crate) fn erfc_times<S: Simd, T: Real>(s: S, x: V<S, T>, k: V<S, T>) -> V<S, T> {
    let a = x.abs();
    let one = splat::<S, T>(s, 1.0);
    let half = splat::<S, T>(s, 0.5);
    let small = a.simd_lt(splat::<S, T>(s, 0.84375));
    let mut y = splat::<S, T>(s, 0.0);
    if any::<S, T>(small) {
        let e = near::<S, T>(s, x);
        // Below 1/4 (or negative): 1 - (x + x y); else 1/2 - (x - 1/2 + x y).
        let lowish = x.simd_lt(splat::<S, T>(s, 0.25));
        y = k * pick::<S, T>(lowish, one - (x + e), half - (x - half + e));
    }
    if !small.to_bitmask() & ((1u64 << V::<S, T>::LEN) - 1) != 0 {
        let neg = x.simd_lt(splat::<S, T>(s, 0.0));
        let c = far::<S, T>(s, a, pick::<S, T>(neg, -k, k));
        let c = pick::<S, T>(neg, splat::<S, T>(s, 2.0) * k + c, c);
        y = pick::<S, T>(small, y, c);
    }
    pick::<S, T>(a.simd_eq(a), y, x)
}

/// The exact GELU `x Phi(x) = x erfc(-x / sqrt 2) / 2`; `-x / sqrt 2` in
/// two parts, whose low part corrects `erfc` to first order
/// (`erfc(u + d) = erfc(u) (1 - 2 u d)`, for the positive `u` of the
/// tail where it matters).
#[inline(always)]
pub(crate) fn gelu<S: Simd, T: Real>(s: S, x: V<S, T>) -> V<S, T> {
    let c_hi = splat::<S, T>(s, -std::f64::consts::FRAC_1_SQRT_2);
    // -1/sqrt(2) less its rounding to T.
    let c_lo = by_type::<T>(
        -std::f64::consts::FRAC_1_SQRT_2 - (-std::f64::consts::FRAC_1_SQRT_2 as f32) as f64,
        4.833_646_656_726_457e-17,
    );
    let hi = x * c_hi;
    let lo = x.mul_add_precise(c_hi, -hi) + x * splat::<S, T>(s, c_lo);
    let two = splat::<S, T>(s, 2.0);
    let fix = splat::<S, T>(s, 1.0) - two * hi * lo;
    let tail = hi.simd_gt(splat::<S, T>(s, 0.0)) & hi.simd_lt(splat::<S, T>(s, 28.0));
    let k = splat::<S, T>(s, 0.5) * x * pick::<S, T>(tail, fix, splat::<S, T>(s, 1.0));
    let y = erfc_times::<S, T>(s, hi, k);
    // As the composition x (1 + erf(x / sqrt 2)) / 2 gave: inf at +inf,
    // NaN (-inf times 0) at -inf.
    let inf = splat::<S, T>(s, f64::INFINITY);
    let y = pick::<S, T>(x.simd_eq(inf), inf, y);
    let y = pick::<S, T>(x.simd_eq(-inf), splat::<S, T>(s, f64::NAN), y);
    keep_zero::<S, T>(s, x, y)
}

super::unary_op! {
    /// `erf x` ([`erf`]).
    Erf => erf;
    /// The exact GELU ([`gelu`]).
    Gelu => gelu;
}
