//! `asin`, `acos`, `atan` and `atan2`, as fdlibm and musl arrange them:
//! a rational function of `x^2` near 0, and `sqrt((1 - |x|) / 2)` (for
//! `asin`, `acos`) or a reduction to one of four intervals (for `atan`)
//! elsewhere, with `pi/2` in two parts.

use super::{Real, V, keep_zero, pick, poly, splat, splat_bits, table};
use fearless_simd::{Simd, SimdBase, SimdFloat, SimdMask};

const PIO2_HI: f64 = std::f64::consts::FRAC_PI_2;
const PIO2_LO: f64 = 6.123_233_995_736_766e-17;

/// `R(z) = z P(z) / Q(z)` with `asin x = x + x R(x^2)` near 0 (musl's
/// `pS*`, `qS*`; highest first, `Q` without its leading 1).
#[inline(always)]
fn r<S: Simd, T: Real>(s: S, z: V<S, T>) -> V<S, T> {
    let p = table::<T>(
        &[-8.656_363_003_0e-3, -4.274_342_209_1e-2, 1.666_658_669_7e-1],
        &[
            3.479_331_075_960_212e-5,
            7.915_349_942_898_145e-4,
            -4.005_553_450_067_941e-2,
            2.012_125_321_348_629_3e-1,
            -3.255_658_186_224_009e-1,
            1.666_666_666_666_666_6e-1,
        ],
    );
    let q = table::<T>(
        &[-7.066_296_339_0e-1, 1.0],
        &[
            7.703_815_055_590_194e-2,
            -6.882_839_716_054_533e-1,
            2.020_945_760_233_505_7,
            -2.403_394_911_734_414,
            1.0,
        ],
    );
    z * poly::<S, T>(s, z, p) / poly::<S, T>(s, z, q)
}

/// `s` with its low bits cleared (so `df * df` is exact).
#[inline(always)]
fn high<S: Simd, T: Real>(s: S, v: V<S, T>) -> V<S, T> {
    V::<S, T>::from_bits(v.to_bits() & splat_bits::<S, T>(s, T::HI_MASK))
}

/// `asin x`: `x + x R(x^2)` below 1/2; with `z = (1 - |x|) / 2` and
/// `s = sqrt(z)`, `pi/2 - 2 (s + s R(z))` beyond, `s` split in two parts
/// below 0.975 to keep the digits of `pi/2 - 2s`.
#[inline(always)]
pub(crate) fn asin<S: Simd, T: Real>(s: S, x: V<S, T>) -> V<S, T> {
    let a = x.abs();
    let one = splat::<S, T>(s, 1.0);
    let half = splat::<S, T>(s, 0.5);
    let near = a + a * r::<S, T>(s, a * a);
    let z = (one - a) * half;
    let sq = z.sqrt();
    let rz = r::<S, T>(s, z);
    let (hi, lo) = (splat::<S, T>(s, PIO2_HI), splat::<S, T>(s, PIO2_LO));
    let steep = hi - ((sq + sq * rz) * splat::<S, T>(s, 2.0) - lo);
    let f = high::<S, T>(s, sq);
    let c = (z - f * f) / (sq + f);
    let two = splat::<S, T>(s, 2.0);
    let mid = half * hi - ((two * sq * rz - (lo - two * c)) - (half * hi - two * f));
    let far = pick::<S, T>(a.simd_ge(splat::<S, T>(s, 0.975)), steep, mid);
    let y = pick::<S, T>(a.simd_lt(half), near, far);
    keep_zero::<S, T>(s, x, y.copysign(x))
}

/// `acos x`: `pi/2 - (x - (pi_lo/2 - x R(x^2)))` for `|x| <= 1/2`;
/// `pi - 2 (s + s R(z) - pi_lo/2)` below -1/2 and `2 (s_hi + c + s R(z))`
/// above 1/2, with `z = (1 - |x|) / 2`, `s = sqrt(z)`.
#[inline(always)]
pub(crate) fn acos<S: Simd, T: Real>(s: S, x: V<S, T>) -> V<S, T> {
    let a = x.abs();
    let one = splat::<S, T>(s, 1.0);
    let half = splat::<S, T>(s, 0.5);
    let two = splat::<S, T>(s, 2.0);
    let (hi, lo) = (splat::<S, T>(s, PIO2_HI), splat::<S, T>(s, PIO2_LO));
    let near = hi - (x - (lo - x * r::<S, T>(s, x * x)));
    let z = (one - a) * half;
    let sq = z.sqrt();
    let rz = r::<S, T>(s, z);
    let neg = two * (hi - (sq + (rz * sq - lo)));
    let f = high::<S, T>(s, sq);
    // (At x = 1, z = 0 and c would be 0 / 0.)
    let zero = splat::<S, T>(s, 0.0);
    let c = pick::<S, T>(z.simd_eq(zero), zero, (z - f * f) / (sq + f));
    let pos = two * (f + (rz * sq + c));
    let far = pick::<S, T>(x.simd_lt(zero), neg, pos);
    pick::<S, T>(a.simd_le(half), near, far)
}

/// `atan x` for `x >= 0` (or NaN): reduced to `|t| <= 7/16` by one of
/// `t = x`, `(2x - 1) / (2 + x)`, `(x - 1) / (x + 1)`, `(x - 3/2) / (1 + 3x/2)`,
/// `-1 / x`, with `atan` of the interval's point in two parts added back.
#[inline(always)]
fn atan_pos<S: Simd, T: Real>(s: S, a: V<S, T>) -> V<S, T> {
    let one = splat::<S, T>(s, 1.0);
    let two = splat::<S, T>(s, 2.0);
    let c15 = splat::<S, T>(s, 1.5);
    let zero = splat::<S, T>(s, 0.0);
    let i1 = a.simd_ge(splat::<S, T>(s, 0.4375));
    let i2 = a.simd_ge(splat::<S, T>(s, 0.6875));
    let i3 = a.simd_ge(splat::<S, T>(s, 1.1875));
    let i4 = a.simd_ge(splat::<S, T>(s, 2.4375));
    let num = pick::<S, T>(
        i4,
        -one,
        pick::<S, T>(
            i3,
            a - c15,
            pick::<S, T>(i2, a - one, pick::<S, T>(i1, two * a - one, a)),
        ),
    );
    let den = pick::<S, T>(
        i4,
        a,
        pick::<S, T>(
            i3,
            one + c15 * a,
            pick::<S, T>(i2, a + one, pick::<S, T>(i1, two + a, one)),
        ),
    );
    let t = num / den;
    let hi = table::<T>(
        &[
            4.636_476_039_9e-1,
            7.853_981_256_5e-1,
            9.827_936_887_7e-1,
            1.570_796_251_3,
        ],
        &[
            4.636_476_090_008_061e-1,
            std::f64::consts::FRAC_PI_4,
            9.827_937_232_473_29e-1,
            std::f64::consts::FRAC_PI_2,
        ],
    );
    let lo = table::<T>(
        &[
            5.012_158_244_0e-9,
            3.774_894_707_9e-8,
            3.447_321_717_0e-8,
            7.549_789_415_9e-8,
        ],
        &[
            2.269_877_745_296_168_7e-17,
            3.061_616_997_868_383e-17,
            1.390_331_103_123_099_8e-17,
            6.123_233_995_736_766e-17,
        ],
    );
    let (h, l) = (
        by_interval::<S, T>(s, [i1, i2, i3, i4], hi, zero),
        by_interval::<S, T>(s, [i1, i2, i3, i4], lo, zero),
    );
    // atan t = t - t z P(z), z = t^2 (fdlibm's aT, musl's for float32).
    let coef = table::<T>(
        &[
            6.168_760_731_8e-2,
            -1.064_801_737_7e-1,
            1.425_363_570_5e-1,
            -1.999_915_838_2e-1,
            3.333_332_836_6e-1,
        ],
        &[
            1.628_582_011_536_578_2e-2,
            -3.653_157_274_421_691_6e-2,
            4.976_877_994_615_932_4e-2,
            -5.833_570_133_790_573_5e-2,
            6.661_073_137_387_531e-2,
            -7.691_876_205_044_83e-2,
            9.090_887_133_436_507e-2,
            -1.111_111_040_546_235_6e-1,
            1.428_571_427_250_346_6e-1,
            -1.999_999_999_987_648_3e-1,
            3.333_333_333_333_293e-1,
        ],
    );
    let z = t * t;
    let tp = t * z * poly::<S, T>(s, z, coef);
    // Below 7/16 the interval's point is 0: t - tp.
    h - ((tp - l) - t)
}

/// `v[k]` in the lanes of interval `k + 1` (the last of `at` that holds),
/// `zero` in the lanes of none.
#[inline(always)]
fn by_interval<S: Simd, T: Real>(
    s: S,
    at: [<V<S, T> as SimdBase<S>>::Mask; 4],
    v: &[f64],
    zero: V<S, T>,
) -> V<S, T> {
    let mut y = zero;
    for (m, &c) in at.iter().zip(v) {
        y = pick::<S, T>(*m, splat::<S, T>(s, c), y);
    }
    y
}

/// `atan x`.
#[inline(always)]
pub(crate) fn atan<S: Simd, T: Real>(s: S, x: V<S, T>) -> V<S, T> {
    keep_zero::<S, T>(s, x, atan_pos::<S, T>(s, x.abs()).copysign(x))
}

/// `atan2(y, x)` for finite, nonzero `x` and `y`: `atan(|y / x|)` (`pi/2`
/// when the quotient overflows, 0 when it underflows with `x < 0`), taken
/// from `pi` for `x < 0`, with the sign of `y`. The other inputs (zeros,
/// infinities, NaN) take the standard library's `atan2` lane by lane.
#[inline(always)]
pub(crate) fn atan2<S: Simd, T: Real>(s: S, y: V<S, T>, x: V<S, T>) -> V<S, T> {
    let (ay, ax) = (y.abs(), x.abs());
    let q = ay / ax;
    let z = atan_pos::<S, T>(s, q);
    let (hi, lo) = (splat::<S, T>(s, PIO2_HI), splat::<S, T>(s, PIO2_LO));
    let neg = x.simd_lt(splat::<S, T>(s, 0.0));
    let z = pick::<S, T>(q.simd_eq(splat::<S, T>(s, f64::INFINITY)), hi, z);
    let pi_hi = hi + hi;
    let pi_lo = lo + lo;
    let z = pick::<S, T>(neg, pi_hi - (z - pi_lo), z);
    z.copysign(y)
}

/// Whether every lane of `x` and `y` is finite and nonzero.
#[inline(always)]
fn ordinary<S: Simd, T: Real>(s: S, y: V<S, T>, x: V<S, T>) -> bool {
    let zero = splat::<S, T>(s, 0.0);
    let inf = splat::<S, T>(s, f64::INFINITY);
    let ok = y.abs().simd_lt(inf) & x.abs().simd_lt(inf) & y.simd_ne(zero) & x.simd_ne(zero);
    let all = (1u64 << V::<S, T>::LEN) - 1;
    ok.to_bitmask() & all == all
}

super::unary_op! {
    /// `asin x` ([`asin`]).
    Asin => asin;
    /// `acos x` ([`acos`]).
    Acos => acos;
    /// `atan x` ([`atan`]).
    Atan => atan;
}

/// `atan2(y, x)` ([`atan2`]).
#[derive(Clone, Copy)]
pub(crate) struct Atan2;

impl super::Binary for Atan2 {
    #[inline(always)]
    fn eval<S: Simd, T: Real>(self, s: S, y: V<S, T>, x: V<S, T>) -> V<S, T> {
        let r = atan2::<S, T>(s, y, x);
        if ordinary::<S, T>(s, y, x) {
            return r;
        }
        super::lanes2::<S, T>(y, x, r, |y, x| {
            let (a, b) = (y.to_f64(), x.to_f64());
            let special = !(a.is_finite() && b.is_finite() && a != 0.0 && b != 0.0);
            special.then(|| y.atan2(x))
        })
    }
}
