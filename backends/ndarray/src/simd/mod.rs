//! The float functions on SIMD registers: `exp`, `log`, `sin`, `tanh`,
//! `sigmoid` and the others of the elementwise kernels, for `float32` and
//! `float64` (`float16` and `bfloat16` widened to `float32`).
//!
//! The SIMD layer is [`fearless_simd`]: the best instruction set the
//! processor has is found once at run time (AVX-512, AVX2 with FMA, SSE4.2,
//! SSE2 on x86-64; NEON on aarch64; a scalar fallback elsewhere) and each
//! function is compiled for every one of them. The approximations are this
//! module's: the classical range reductions (Cody and Waite's split
//! constants, the exponent of the IEEE format) and polynomials of the
//! published algorithms (fdlibm, Cephes, musl), written once over a
//! [`Real`] type so `float32` and `float64` share the code and differ in
//! their constants.
//!
//! Every element goes through the same vector code, the last partial
//! vector padded, so a result depends on its input alone: not on where it
//! sits in the array, the array's length or how the work is split over
//! threads. Special values (NaN, infinities, signed zeros, the overflow and
//! underflow thresholds) give what the scalar functions of the standard
//! library give; the accuracy of each function and dtype is measured by
//! the `accuracy` test against a more precise reference.

mod erf;
mod exp;
mod hyperbolic;
mod inverse_trig;
mod log;
mod logistic;
mod shift;
mod trig;

#[cfg(test)]
mod accuracy;

pub(crate) use erf::{Erf, Gelu};
pub(crate) use exp::{Exp, Exp2, Expm1};
pub(crate) use hyperbolic::{Acosh, Asinh, Atanh, Cosh, Sinh, Tanh};
pub(crate) use inverse_trig::{Acos, Asin, Atan, Atan2};
pub(crate) use log::{Log, Log1p, Log2, Log10};
pub(crate) use logistic::{GeluTanh, LogAddExp, LogAddExp2, Pow, Sigmoid, Silu, Softplus, Sqrt};
pub(crate) use shift::{Div, DivBy, ExpDiff, ExpSub, Normalize, ShiftLog, Sub};
pub(crate) use trig::{Cos, Sin, Tan};

use fearless_simd::{
    Level, Select, Simd, SimdBase, SimdFloat, SimdFloatElement, SimdFrom, dispatch,
};
use half::{bf16, f16};
use std::cell::Cell;

/// The vector of `T` for instruction set `S`.
pub(crate) type V<S, T> = <T as SimdFloatElement>::Native<S>;

/// The bit pattern vector of a [`V`].
pub(crate) type Bits<S, T> = <V<S, T> as SimdFloat<S>>::Bits;

/// A float type the vector functions compute in (`f32`, `f64`): its format
/// and the constants of the approximations that differ between the two.
pub(crate) trait Real:
    SimdFloatElement + Scalar + Copy + Default + PartialOrd + Send + Sync + std::fmt::Debug + 'static
{
    /// Explicit mantissa bits (23, 52).
    const MANT: u32;
    /// The exponent bias (127, 1023).
    const BIAS: u64;
    /// From an `f64` constant (rounded to nearest).
    fn k(v: f64) -> Self;
    /// An integer constant in the bit-pattern type.
    fn bits(v: u64) -> Self::Bits;
    /// The bit pattern, widened.
    fn to_u64(self) -> u64;
    /// The smallest positive normal value.
    const MIN_POSITIVE: f64;

    /// `exp(r) - 1 - r = r^2 (c_0 + c_1 r + ...)` on `|r| <= ln 2 / 2`,
    /// highest degree first.
    const EXP: &'static [f64];
    /// `ln 2` split so that `n * LN2_HI` is exact for the `n` in range.
    const LN2_HI: f64;
    /// `ln 2 - LN2_HI`.
    const LN2_LO: f64;
    /// Inputs of `exp` are clamped to `[EXP_MIN, EXP_MAX]`, past which the
    /// result is 0 or infinite (`EXP_MIN` is lower than `exp` needs, so a
    /// product `x e^x` scaled last still finds its subnormal digits).
    const EXP_MIN: f64;
    /// See [`Real::EXP_MIN`].
    const EXP_MAX: f64;

    /// `log(1 + f) = 2s + 2s^3/3 + ...` with `s = f / (2 + f)`: the
    /// coefficients of `R(z) = z (c_0 + c_1 z + ...)`, `z = s^2`, highest
    /// first (fdlibm's and musl's `Lg1 ..`).
    const LOG: &'static [f64];
    /// `ln 2` split for the logarithm (fdlibm's `ln2_hi`, `ln2_lo`).
    const LOG_LN2_HI: f64;
    /// See [`Real::LOG_LN2_HI`].
    const LOG_LN2_LO: f64;
    /// The mask keeping the high bits of a value whose product with a
    /// `*_HI` constant is exact.
    const HI_MASK: u64;
    /// `1 / ln 2` split (musl's `ivln2hi`, `ivln2lo`).
    const IVLN2: [f64; 2];
    /// `1 / ln 10` split.
    const IVLN10: [f64; 2];
    /// `log10(2)` split.
    const LOG10_2: [f64; 2];

    /// `pi / 2` in parts: each product `n * part` is exact for `|n|` below
    /// [`Real::TRIG_MAX_N`], the last carries the rest.
    const PIO2: [f64; 4];
    /// Beyond this many quarter turns the reduction by [`Real::PIO2`]
    /// loses digits and the argument goes to the fallback.
    const TRIG_MAX_N: f64;
    /// `sin r = r + r^3 (c_0 + c_1 r^2 + ...)`, highest first.
    const SIN: &'static [f64];
    /// `cos r = 1 - r^2 / 2 + r^4 (c_0 + c_1 r^2 + ...)`, highest first.
    const COS: &'static [f64];
}

impl Real for f32 {
    const MANT: u32 = 23;
    const BIAS: u64 = 127;
    #[inline(always)]
    fn k(v: f64) -> f32 {
        v as f32
    }
    #[inline(always)]
    fn bits(v: u64) -> u32 {
        v as u32
    }
    #[inline(always)]
    fn to_u64(self) -> u64 {
        u64::from(self.to_bits())
    }
    const MIN_POSITIVE: f64 = f32::MIN_POSITIVE as f64;
    // Taylor coefficients 1/7! .. 1/2: the remainder r^8 / 8! is below
    // 2^-27 of the result on the reduced range.
    const EXP: &'static [f64] = &[
        1.0 / 5040.0,
        1.0 / 720.0,
        1.0 / 120.0,
        1.0 / 24.0,
        1.0 / 6.0,
        0.5,
    ];
    // Cephes' split: 0.693359375 has 9 significant bits.
    const LN2_HI: f64 = 0.693359375;
    const LN2_LO: f64 = -2.121_944_400_546_905_7e-4;
    const EXP_MIN: f64 = -170.0;
    const EXP_MAX: f64 = 89.5;
    // musl's logf: Lg4 .. Lg1 (0xf89e26.0p-26, 0x91e9ee.0p-25,
    // 0xccce13.0p-25, 0xaaaaaa.0p-24).
    const LOG: &'static [f64] = &[
        0.242_790_344_357_490_54,
        0.284_987_867_879_867_6,
        0.400_009_721_517_562_87,
        0.666_666_626_930_236_8,
    ];
    const LOG_LN2_HI: f64 = 6.931_381_225_585_938e-1;
    const LOG_LN2_LO: f64 = 9.058_000_614_5e-6;
    const HI_MASK: u64 = 0xffff_f000;
    const IVLN2: [f64; 2] = [1.442_871_093_75, -1.760_528_539_3e-4];
    const IVLN10: [f64; 2] = [4.343_261_718_75e-1, -3.168_997_136_4e-5];
    const LOG10_2: [f64; 2] = [3.010_292_053_222_656e-1, 7.903_415_166_8e-7];
    // pi/2 in float32 parts: each the float32 nearest the rest.
    const PIO2: [f64; 4] = [
        1.570_796_370_506_286_6,
        -4.371_138_828_673_793e-8,
        -1.715_124_510_005_881_9e-15,
        1.056_299_906_698_742_8e-23,
    ];
    const TRIG_MAX_N: f64 = 65536.0;
    // Taylor coefficients: the remainders past r^9 and r^10 are below
    // 2^-27 of the result on |r| <= pi/4.
    const SIN: &'static [f64] = &[1.0 / 362_880.0, -1.0 / 5040.0, 1.0 / 120.0, -1.0 / 6.0];
    const COS: &'static [f64] = &[-1.0 / 3_628_800.0, 1.0 / 40320.0, -1.0 / 720.0, 1.0 / 24.0];
}

impl Real for f64 {
    const MANT: u32 = 52;
    const BIAS: u64 = 1023;
    #[inline(always)]
    fn k(v: f64) -> f64 {
        v
    }
    #[inline(always)]
    fn bits(v: u64) -> u64 {
        v
    }
    #[inline(always)]
    fn to_u64(self) -> u64 {
        self.to_bits()
    }
    const MIN_POSITIVE: f64 = f64::MIN_POSITIVE;
    // Taylor coefficients 1/13! .. 1/2: the remainder r^14 / 14! is below
    // 2^-57 of the result on the reduced range.
    const EXP: &'static [f64] = &[
        1.0 / 6_227_020_800.0,
        1.0 / 479_001_600.0,
        1.0 / 39_916_800.0,
        1.0 / 3_628_800.0,
        1.0 / 362_880.0,
        1.0 / 40320.0,
        1.0 / 5040.0,
        1.0 / 720.0,
        1.0 / 120.0,
        1.0 / 24.0,
        1.0 / 6.0,
        0.5,
    ];
    // fdlibm's split: LN2_HI has 32 significant bits.
    const LN2_HI: f64 = 6.931_471_803_691_238e-1;
    const LN2_LO: f64 = 1.908_214_929_270_587_7e-10;
    const EXP_MIN: f64 = -1400.0;
    const EXP_MAX: f64 = 711.0;
    // fdlibm's Lg7 .. Lg1.
    const LOG: &'static [f64] = &[
        1.479_819_860_511_658_6e-1,
        1.531_383_769_920_937_3e-1,
        1.818_357_216_161_805e-1,
        2.222_219_843_214_978_4e-1,
        2.857_142_874_366_239e-1,
        3.999_999_999_940_942e-1,
        6.666_666_666_666_735e-1,
    ];
    const LOG_LN2_HI: f64 = 6.931_471_803_691_238e-1;
    const LOG_LN2_LO: f64 = 1.908_214_929_270_587_7e-10;
    const HI_MASK: u64 = 0xffff_ffff_0000_0000;
    const IVLN2: [f64; 2] = [1.442_695_040_721_446_3, 1.675_171_316_488_651_2e-10];
    const IVLN10: [f64; 2] = [4.342_944_818_781_689e-1, 2.508_294_671_164_527_5e-11];
    const LOG10_2: [f64; 2] = [3.010_299_956_636_117_7e-1, 3.694_239_077_158_931e-13];
    // fdlibm's pio2_1, pio2_2, pio2_3 (33 significant bits each, so products
    // with n below 2^20 are exact) and pio2_3t.
    const PIO2: [f64; 4] = [
        1.570_796_326_734_125_6,
        6.077_100_506_303_966e-11,
        2.022_266_248_711_166_5e-21,
        8.478_427_660_368_9e-32,
    ];
    const TRIG_MAX_N: f64 = 524_288.0;
    // Taylor coefficients 1/17! .. 1/3!: the remainder r^19 / 19! is below
    // 2^-60 of the result on |r| <= pi/4.
    const SIN: &'static [f64] = &[
        1.0 / 355_687_428_096_000.0,
        -1.0 / 1_307_674_368_000.0,
        1.0 / 6_227_020_800.0,
        -1.0 / 39_916_800.0,
        1.0 / 362_880.0,
        -1.0 / 5040.0,
        1.0 / 120.0,
        -1.0 / 6.0,
    ];
    const COS: &'static [f64] = &[
        -1.0 / 6_402_373_705_728_000.0,
        1.0 / 20_922_789_888_000.0,
        -1.0 / 87_178_291_200.0,
        1.0 / 479_001_600.0,
        -1.0 / 3_628_800.0,
        1.0 / 40320.0,
        -1.0 / 720.0,
        1.0 / 24.0,
    ];
}

/// The table of `T`: `single` for `float32`, `double` for `float64`
/// (resolved at compile time).
#[inline(always)]
pub(crate) fn table<T: Real>(single: &'static [f64], double: &'static [f64]) -> &'static [f64] {
    if T::MANT < 32 { single } else { double }
}

/// `single` for `float32`, `double` for `float64`.
#[inline(always)]
pub(crate) fn by_type<T: Real>(single: f64, double: f64) -> f64 {
    if T::MANT < 32 { single } else { double }
}

/// `v` in every lane.
#[inline(always)]
pub(crate) fn splat<S: Simd, T: Real>(s: S, v: f64) -> V<S, T> {
    V::<S, T>::simd_from(s, T::k(v))
}

/// `v` in every lane of the bit-pattern vector.
#[inline(always)]
pub(crate) fn splat_bits<S: Simd, T: Real>(s: S, v: u64) -> Bits<S, T> {
    Bits::<S, T>::simd_from(s, T::bits(v))
}

/// `c[0] x^(n-1) + .. + c[n-1]` by Horner's rule with fused steps where
/// the processor has them.
#[inline(always)]
pub(crate) fn poly<S: Simd, T: Real>(s: S, x: V<S, T>, c: &[f64]) -> V<S, T> {
    let mut acc = splat::<S, T>(s, c[0]);
    for &k in &c[1..] {
        acc = acc.mul_add(x, splat::<S, T>(s, k));
    }
    acc
}

/// `if m then a else b`, lane by lane.
#[inline(always)]
pub(crate) fn pick<S: Simd, T: Real>(
    m: <V<S, T> as SimdBase<S>>::Mask,
    a: V<S, T>,
    b: V<S, T>,
) -> V<S, T> {
    m.select(a, b)
}

/// The magic constant `1.5 * 2^MANT`: adding it to a value of magnitude
/// below `2^(MANT - 1)` rounds the value to an integer that sits in the low
/// bits of the sum.
#[inline(always)]
fn magic<T: Real>() -> f64 {
    1.5 * 2f64.powi(T::MANT as i32)
}

/// `2^n` for integer-valued `n` with `n + BIAS` in `[1, 2 BIAS]`.
#[inline(always)]
pub(crate) fn pow2i<S: Simd, T: Real>(s: S, n: V<S, T>) -> V<S, T> {
    let m = magic::<T>();
    let offset = T::k(m).to_u64() - T::BIAS;
    let b = (n + splat::<S, T>(s, m)).to_bits() - splat_bits::<S, T>(s, offset);
    V::<S, T>::from_bits(b << T::MANT)
}

/// The integer-valued `n` as bits of the integer, for the quadrant tests of
/// the trigonometric functions (`n` below `2^(MANT - 1)` in magnitude):
/// the low bits are those of `n` in two's complement.
#[inline(always)]
pub(crate) fn int_bits<S: Simd, T: Real>(s: S, n: V<S, T>) -> Bits<S, T> {
    (n + splat::<S, T>(s, magic::<T>())).to_bits()
}

/// `x * 2^n` for integer-valued `n` within twice the exponent range, in two
/// steps so that a subnormal or overflowing result is rounded once.
#[inline(always)]
pub(crate) fn scale<S: Simd, T: Real>(s: S, x: V<S, T>, n: V<S, T>) -> V<S, T> {
    let n1 = (n * splat::<S, T>(s, 0.5)).floor();
    x * pow2i::<S, T>(s, n1) * pow2i::<S, T>(s, n - n1)
}

/// `y`, except `x` itself where `x` is zero (keeps the sign of a zero for
/// the functions with `f(±0) = ±0`).
#[inline(always)]
pub(crate) fn keep_zero<S: Simd, T: Real>(s: S, x: V<S, T>, y: V<S, T>) -> V<S, T> {
    pick::<S, T>(x.simd_eq(splat::<S, T>(s, 0.0)), x, y)
}

/// What the vector functions need of the scalar type: the standard
/// library's functions for the lanes a vector path leaves to them, and
/// conversions.
pub(crate) trait Scalar: Copy + PartialOrd {
    /// To `f64` (exact).
    fn to_f64(self) -> f64;
    /// From `f64` (rounded to nearest).
    fn from_f64(v: f64) -> Self;
    /// `sin x` of the standard library.
    fn sin(self) -> Self;
    /// `cos x` of the standard library.
    fn cos(self) -> Self;
    /// `tan x` of the standard library.
    fn tan(self) -> Self;
    /// `atan2(self, x)` of the standard library.
    fn atan2(self, x: Self) -> Self;
    /// `self^y` of the standard library.
    fn powf(self, y: Self) -> Self;
}

macro_rules! scalar {
    ($($t:ident),*) => {$(
        impl Scalar for $t {
            #[inline(always)]
            fn to_f64(self) -> f64 {
                self as f64
            }
            #[inline(always)]
            fn from_f64(v: f64) -> $t {
                v as $t
            }
            fn sin(self) -> $t {
                $t::sin(self)
            }
            fn cos(self) -> $t {
                $t::cos(self)
            }
            fn tan(self) -> $t {
                $t::tan(self)
            }
            fn atan2(self, x: $t) -> $t {
                $t::atan2(self, x)
            }
            fn powf(self, y: $t) -> $t {
                $t::powf(self, y)
            }
        }
    )*};
}
scalar!(f32, f64);

/// `y` with the lanes where `f` of the inputs gives a value replaced by it
/// (the rare lanes a vector path hands to the scalar function).
#[cold]
#[inline(never)]
pub(crate) fn lanes<S: Simd, T: Real>(
    x: V<S, T>,
    y: V<S, T>,
    f: impl Fn(T) -> Option<T>,
) -> V<S, T> {
    let mut out = y;
    for i in 0..V::<S, T>::LEN {
        if let Some(v) = f(x[i]) {
            out[i] = v;
        }
    }
    out
}

/// [`lanes`] for functions of two arguments.
#[cold]
#[inline(never)]
pub(crate) fn lanes2<S: Simd, T: Real>(
    a: V<S, T>,
    b: V<S, T>,
    y: V<S, T>,
    f: impl Fn(T, T) -> Option<T>,
) -> V<S, T> {
    let mut out = y;
    for i in 0..V::<S, T>::LEN {
        if let Some(v) = f(a[i], b[i]) {
            out[i] = v;
        }
    }
    out
}

/// `f` computed in `float64` on a vector of `T`: `float32` lanes widened
/// (in two halves), computed and rounded once; `float64` directly. For the
/// `float32` functions whose intermediate values need more than `float32`
/// digits.
#[inline(always)]
pub(crate) fn via_f64<S: Simd, T: Real, F: Unary>(s: S, f: F, x: V<S, T>) -> V<S, T> {
    let n = V::<S, f64>::LEN;
    if V::<S, T>::LEN == n {
        let y = f.eval::<S, f64>(s, V::<S, f64>::from_fn(s, |i| x[i].to_f64()));
        return V::<S, T>::from_fn(s, |i| T::from_f64(y[i]));
    }
    let lo = f.eval::<S, f64>(s, V::<S, f64>::from_fn(s, |i| x[i].to_f64()));
    let hi = f.eval::<S, f64>(s, V::<S, f64>::from_fn(s, |i| x[i + n].to_f64()));
    V::<S, T>::from_fn(s, |i| T::from_f64(if i < n { lo[i] } else { hi[i - n] }))
}

/// [`via_f64`] for functions of two arguments.
#[inline(always)]
pub(crate) fn via_f64_2<S: Simd, T: Real, F: Binary>(
    s: S,
    f: F,
    a: V<S, T>,
    b: V<S, T>,
) -> V<S, T> {
    let n = V::<S, f64>::LEN;
    let w = |v: V<S, T>, o: usize| V::<S, f64>::from_fn(s, |i| v[i + o].to_f64());
    if V::<S, T>::LEN == n {
        let y = f.eval::<S, f64>(s, w(a, 0), w(b, 0));
        return V::<S, T>::from_fn(s, |i| T::from_f64(y[i]));
    }
    let lo = f.eval::<S, f64>(s, w(a, 0), w(b, 0));
    let hi = f.eval::<S, f64>(s, w(a, n), w(b, n));
    V::<S, T>::from_fn(s, |i| T::from_f64(if i < n { lo[i] } else { hi[i - n] }))
}

/// Structs for functions of one vector: `Name => function;` makes a
/// [`Unary`] that calls `function`.
macro_rules! unary_op {
    ($($(#[$doc:meta])* $name:ident => $f:ident;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy)]
        pub(crate) struct $name;

        impl $crate::simd::Unary for $name {
            #[inline(always)]
            fn eval<S: fearless_simd::Simd, T: $crate::simd::Real>(
                self,
                s: S,
                x: $crate::simd::V<S, T>,
            ) -> $crate::simd::V<S, T> {
                $f::<S, T>(s, x)
            }
        }
    )*};
}
pub(crate) use unary_op;

/// A real function of one argument on vectors of `f32` and `f64`.
pub(crate) trait Unary: Copy + Send + Sync {
    /// The function on one vector.
    fn eval<S: Simd, T: Real>(self, s: S, x: V<S, T>) -> V<S, T>;
}

/// A real function of two arguments on vectors of `f32` and `f64`.
pub(crate) trait Binary: Copy + Send + Sync {
    /// The function on two vectors.
    fn eval<S: Simd, T: Real>(self, s: S, a: V<S, T>, b: V<S, T>) -> V<S, T>;
}

thread_local! {
    /// A level set by a test (to measure each instruction set the machine
    /// has), else `None`: the best one.
    static FORCED: Cell<Option<Level>> = const { Cell::new(None) };
}

/// The instruction set the vector functions run on.
#[inline]
pub(crate) fn level() -> Level {
    FORCED.with(Cell::get).unwrap_or_else(Level::new)
}

/// Run `f` with the vector functions on `level` (tests).
#[cfg(test)]
pub(crate) fn with_level<R>(level: Level, f: impl FnOnce() -> R) -> R {
    let before = FORCED.with(|c| c.replace(Some(level)));
    let r = f();
    FORCED.with(|c| c.set(before));
    r
}

/// How many elements a block of the widening path holds (`float16`,
/// `bfloat16`): a few kilobytes on the stack.
pub(crate) const BLOCK: usize = 256;

/// Where a vector loop writes its results, in order (a part of a buffer
/// being made, or a block of scratch space).
pub(crate) trait Out<T> {
    /// Write the next `v.len()` results.
    fn put(&mut self, v: &[T]);
}

impl<T: Copy> Out<T> for Vec<T> {
    #[inline(always)]
    fn put(&mut self, v: &[T]) {
        self.extend_from_slice(v);
    }
}

/// A slice written from the front.
struct Cursor<'a, T>(&'a mut [T], usize);

impl<T: Copy> Out<T> for Cursor<'_, T> {
    #[inline(always)]
    fn put(&mut self, v: &[T]) {
        if let Some(d) = self.0.get_mut(self.1..self.1 + v.len()) {
            d.copy_from_slice(v);
            self.1 += v.len();
        }
    }
}

/// `f` of every element of `x`, written to `out`.
#[inline(always)]
fn map_real<S: Simd, T: Real, F: Unary>(s: S, f: F, x: &[T], out: &mut impl Out<T>) {
    let n = V::<S, T>::LEN;
    let mut xs = x.chunks_exact(n);
    for a in &mut xs {
        let r = f.eval::<S, T>(s, V::<S, T>::from_slice(s, a));
        out.put(r.as_slice());
    }
    let a = xs.remainder();
    if !a.is_empty() {
        let v = V::<S, T>::from_fn(s, |i| a.get(i).copied().unwrap_or_default());
        let r = f.eval::<S, T>(s, v);
        out.put(&r.as_slice()[..a.len()]);
    }
}

/// `f` of pairs of elements of `a` and `b` (of one length).
#[inline(always)]
fn zip_real<S: Simd, T: Real, F: Binary>(s: S, f: F, a: &[T], b: &[T], out: &mut impl Out<T>) {
    let n = V::<S, T>::LEN;
    let mut xa = a.chunks_exact(n);
    let mut xb = b.chunks_exact(n);
    for (u, v) in (&mut xa).zip(&mut xb) {
        let r = f.eval::<S, T>(s, V::<S, T>::from_slice(s, u), V::<S, T>::from_slice(s, v));
        out.put(r.as_slice());
    }
    let (u, v) = (xa.remainder(), xb.remainder());
    if !u.is_empty() {
        let pu = V::<S, T>::from_fn(s, |i| u.get(i).copied().unwrap_or_default());
        let pv = V::<S, T>::from_fn(s, |i| v.get(i).copied().unwrap_or_default());
        let r = f.eval::<S, T>(s, pu, pv);
        out.put(&r.as_slice()[..u.len()]);
    }
}

/// A float element the vector functions take: `f32` and `f64` directly,
/// `float16` and `bfloat16` widened to `f32` a block at a time and rounded
/// once at the end.
pub(crate) trait Element: Copy + Send + Sync + 'static {
    /// `f` of every element of `x`, written to `out`.
    fn map<F: Unary>(f: F, x: &[Self], out: &mut impl Out<Self>);
    /// `f` of pairs of elements of `a` and `b` (of one length), written to
    /// `out`.
    fn zip<F: Binary>(f: F, a: &[Self], b: &[Self], out: &mut impl Out<Self>);
}

macro_rules! native_element {
    ($($t:ty),*) => {$(
        impl Element for $t {
            #[inline]
            fn map<F: Unary>(f: F, x: &[$t], out: &mut impl Out<$t>) {
                dispatch!(level(), s => map_real::<_, $t, F>(s, f, x, out))
            }
            #[inline]
            fn zip<F: Binary>(f: F, a: &[$t], b: &[$t], out: &mut impl Out<$t>) {
                dispatch!(level(), s => zip_real::<_, $t, F>(s, f, a, b, out))
            }
        }
    )*};
}
native_element!(f32, f64);

/// A half-precision float: widened to `f32` and rounded back.
trait Half: Copy + Send + Sync + 'static {
    fn widen(src: &[Self], dst: &mut [f32]);
    fn narrow(src: &[f32], out: &mut impl Out<Self>);
}

impl Half for f16 {
    #[inline]
    fn widen(src: &[f16], dst: &mut [f32]) {
        use half::slice::HalfFloatSliceExt;
        src.convert_to_f32_slice(dst);
    }
    #[inline]
    fn narrow(src: &[f32], out: &mut impl Out<f16>) {
        use half::slice::HalfFloatSliceExt;
        let mut h = [f16::ZERO; BLOCK];
        let h = &mut h[..src.len()];
        h.convert_from_f32_slice(src);
        out.put(h);
    }
}

impl Half for bf16 {
    #[inline]
    fn widen(src: &[bf16], dst: &mut [f32]) {
        for (d, v) in dst.iter_mut().zip(src) {
            *d = v.to_f32();
        }
    }
    #[inline]
    fn narrow(src: &[f32], out: &mut impl Out<bf16>) {
        let mut h = [bf16::ZERO; BLOCK];
        for (d, &v) in h.iter_mut().zip(src) {
            *d = bf16::from_f32(v);
        }
        out.put(&h[..src.len()]);
    }
}

impl<H: Half> Element for H {
    fn map<F: Unary>(f: F, x: &[H], out: &mut impl Out<H>) {
        let (mut wide, mut res) = ([0f32; BLOCK], [0f32; BLOCK]);
        for c in x.chunks(BLOCK) {
            let (w, r) = (&mut wide[..c.len()], &mut res[..c.len()]);
            H::widen(c, w);
            dispatch!(level(), s => map_real::<_, f32, F>(s, f, w, &mut Cursor(r, 0)));
            H::narrow(r, out);
        }
    }
    fn zip<F: Binary>(f: F, a: &[H], b: &[H], out: &mut impl Out<H>) {
        let (mut wa, mut wb, mut res) = ([0f32; BLOCK], [0f32; BLOCK], [0f32; BLOCK]);
        for (ca, cb) in a.chunks(BLOCK).zip(b.chunks(BLOCK)) {
            let n = ca.len().min(cb.len());
            let (ua, ub, r) = (&mut wa[..n], &mut wb[..n], &mut res[..n]);
            H::widen(&ca[..n], ua);
            H::widen(&cb[..n], ub);
            dispatch!(level(), s => zip_real::<_, f32, F>(s, f, ua, ub, &mut Cursor(r, 0)));
            H::narrow(r, out);
        }
    }
}
