//! Element arithmetic for the kernels, in the element's own dtype.
//!
//! Integers wrap on overflow (NumPy's behaviour, and no panic in debug
//! builds); integer division by zero gives 0. `float16` and `bfloat16`
//! evaluate each function in `f32` and round the result once, as NumPy's
//! half-precision loops do: the array stays in its dtype.
//!
//! The traits, by the dtypes they cover:
//!
//! - [`Arith`]: every numeric element (`+ - * neg`, 0 and 1);
//! - [`Num`]: every numeric element (magnitude, real and imaginary parts,
//!   sign, power, conjugate);
//! - [`Inexact`]: real floats and complex (the transcendental functions);
//! - [`Float`]: the real floats, each with the type it computes in ([`Real`]:
//!   `f32` for the half floats), and [`FloatOps`], what only they have
//!   (`erf`, `atan2`, `fmin`, `logaddexp`, degrees);
//! - [`RealDiv`], [`Rounding`]: integers and real floats;
//! - [`Int`]: the integers (shifts, gcd, lcm);
//! - [`Ordered`]: integers, real floats and bool.
//!
//! Kernels call these as `<T as Trait>::method` with `T` bound to one
//! concrete element type by the dispatch macros, so every loop is
//! monomorphic and no inherent method (such as the panicking `i8::abs`) can
//! be picked by mistake.

use ivy::{Complex32, Complex64, Element, bf16, f16};
use num_complex::Complex;
use num_traits::{Float as NumFloat, FloatConst};

/// Arithmetic every numeric element has.
pub trait Arith: Element {
    /// 0.
    fn zero() -> Self;
    /// 1.
    fn one() -> Self;
    /// `a + b` (wrapping for integers).
    fn add(self, b: Self) -> Self;
    /// `a - b` (wrapping for integers).
    fn sub(self, b: Self) -> Self;
    /// `a * b` (wrapping for integers).
    fn mul(self, b: Self) -> Self;
    /// `-a` (wrapping for integers).
    fn neg(self) -> Self;
}

macro_rules! int_arith {
    ($($t:ty),*) => {$(
        impl Arith for $t {
            #[inline] fn zero() -> Self { 0 }
            #[inline] fn one() -> Self { 1 }
            #[inline] fn add(self, b: Self) -> Self { self.wrapping_add(b) }
            #[inline] fn sub(self, b: Self) -> Self { self.wrapping_sub(b) }
            #[inline] fn mul(self, b: Self) -> Self { self.wrapping_mul(b) }
            #[inline] fn neg(self) -> Self { self.wrapping_neg() }
        }
    )*};
}
int_arith!(i8, i16, i32, i64, u8, u16, u32, u64);

macro_rules! op_arith {
    ($($t:ty: $zero:expr, $one:expr);*) => {$(
        impl Arith for $t {
            #[inline] fn zero() -> Self { $zero }
            #[inline] fn one() -> Self { $one }
            #[inline] fn add(self, b: Self) -> Self { self + b }
            #[inline] fn sub(self, b: Self) -> Self { self - b }
            #[inline] fn mul(self, b: Self) -> Self { self * b }
            #[inline] fn neg(self) -> Self { -self }
        }
    )*};
}
op_arith!(
    f32: 0.0, 1.0;
    f64: 0.0, 1.0;
    f16: f16::ZERO, f16::ONE;
    bf16: bf16::ZERO, bf16::ONE;
    Complex32: Complex32::new(0.0, 0.0), Complex32::new(1.0, 0.0);
    Complex64: Complex64::new(0.0, 0.0), Complex64::new(1.0, 0.0)
);

// ---------------------------------------------------------------------------
// Real floats
// ---------------------------------------------------------------------------

/// A type real float functions are computed in (`f32`, `f64`).
pub trait Real: NumFloat + FloatConst + Element {
    /// From an `f64` constant.
    fn k(v: f64) -> Self;
    /// Round half to even.
    fn rint(self) -> Self;
    /// Inverse hyperbolic tangent from `libm` (std's is the textbook formula,
    /// a few ulps off near ±1).
    fn atanh_libm(self) -> Self;
    /// `|x|` from which `tanh(x)` is `±1` in this precision (and complex
    /// `tanh` switches to its asymptotic form).
    fn tanh_big() -> Self;
}

impl Real for f32 {
    #[inline]
    fn k(v: f64) -> f32 {
        v as f32
    }
    #[inline]
    fn rint(self) -> f32 {
        self.round_ties_even()
    }
    #[inline]
    fn atanh_libm(self) -> f32 {
        libm::atanhf(self)
    }
    #[inline]
    fn tanh_big() -> f32 {
        9.0
    }
}

impl Real for f64 {
    #[inline]
    fn k(v: f64) -> f64 {
        v
    }
    #[inline]
    fn rint(self) -> f64 {
        self.round_ties_even()
    }
    #[inline]
    fn atanh_libm(self) -> f64 {
        libm::atanh(self)
    }
    #[inline]
    fn tanh_big() -> f64 {
        22.0
    }
}

/// A real float element, with the type it computes in (itself for `f32` and
/// `f64`, `f32` for `float16` and `bfloat16`: one rounding per function).
pub trait Float: Arith + PartialOrd {
    /// The compute type.
    type C: Real;
    /// The value in the compute type.
    fn up(self) -> Self::C;
    /// A computed value rounded to this type.
    fn down(c: Self::C) -> Self;
    /// The largest finite value.
    fn max_finite() -> Self;
    /// The lowest finite value.
    fn lowest_finite() -> Self;
}

impl Float for f32 {
    type C = f32;
    #[inline]
    fn up(self) -> f32 {
        self
    }
    #[inline]
    fn down(c: f32) -> f32 {
        c
    }
    #[inline]
    fn max_finite() -> f32 {
        f32::MAX
    }
    #[inline]
    fn lowest_finite() -> f32 {
        f32::MIN
    }
}

impl Float for f64 {
    type C = f64;
    #[inline]
    fn up(self) -> f64 {
        self
    }
    #[inline]
    fn down(c: f64) -> f64 {
        c
    }
    #[inline]
    fn max_finite() -> f64 {
        f64::MAX
    }
    #[inline]
    fn lowest_finite() -> f64 {
        f64::MIN
    }
}

macro_rules! half_float {
    ($($t:ident),*) => {$(
        impl Float for $t {
            type C = f32;
            #[inline] fn up(self) -> f32 { $t::to_f32(self) }
            #[inline] fn down(c: f32) -> $t { $t::from_f32(c) }
            #[inline] fn max_finite() -> $t { $t::MAX }
            #[inline] fn lowest_finite() -> $t { $t::MIN }
        }
    )*};
}
half_float!(f16, bf16);

/// `f(x)` computed in the compute type and rounded once.
#[inline(always)]
fn via<T: Float>(x: T, f: impl Fn(T::C) -> T::C) -> T {
    T::down(f(x.up()))
}

/// `f(a, b)` computed in the compute type and rounded once.
#[inline(always)]
fn via2<T: Float>(a: T, b: T, f: impl Fn(T::C, T::C) -> T::C) -> T {
    T::down(f(a.up(), b.up()))
}

/// NumPy's `npy_divmod`: the floored quotient and the remainder with the
/// sign of the divisor (`b != 0`).
fn divmod<R: Real>(a: R, b: R) -> (R, R) {
    let zero = R::zero();
    let mut m = a % b;
    let mut div = (a - m) / b;
    if m != zero {
        if (b < zero) != (m < zero) {
            m = m + b;
            div = div - R::one();
        }
    } else {
        m = zero.copysign(b);
    }
    let q = if div != zero {
        let f = div.floor();
        if div - f > R::k(0.5) { f + R::one() } else { f }
    } else {
        zero.copysign(a / b)
    };
    (q, m)
}

/// Python's `a // b` on floats (`a / b` when `b` is 0: ±inf or NaN).
fn floor_div_r<R: Real>(a: R, b: R) -> R {
    if b == R::zero() {
        a / b
    } else {
        divmod(a, b).0
    }
}

/// Python's `a % b` on floats (NaN when `b` is 0).
fn py_rem_r<R: Real>(a: R, b: R) -> R {
    if b == R::zero() {
        a % b
    } else {
        divmod(a, b).1
    }
}

/// `x` rounded to `decimals` decimal places, halves to even (NumPy's
/// `round`: scale by a power of ten, round, scale back).
fn round_r<R: Real>(x: R, decimals: i64) -> R {
    if decimals == 0 {
        return x.rint();
    }
    if !x.is_finite() {
        return x;
    }
    // 10^400 is infinite in every float type; larger exponents change nothing.
    let e = decimals.unsigned_abs().min(400) as i32;
    let f = R::k(10f64.powi(e));
    if decimals > 0 {
        let y = x * f;
        // Past the precision (or the range) there are no digits to round.
        if !y.is_finite() || !f.is_finite() {
            x
        } else {
            y.rint() / f
        }
    } else if !f.is_finite() {
        R::zero().copysign(x)
    } else {
        (x / f).rint() * f
    }
}

/// Inverse hyperbolic sine without overflow: past `1 / sqrt(eps)`,
/// `asinh(x) = sign(x) (log|x| + log 2)` to the last bit (the next term is
/// `1 / (4 x^2)`), where `x + sqrt(x^2 + 1)` would overflow near the
/// largest finite value.
pub(crate) fn asinh_r<R: Real>(x: R) -> R {
    let ax = x.abs();
    if ax > R::one() / R::epsilon().sqrt() {
        (ax.ln() + R::LN_2()).copysign(x)
    } else {
        x.asinh()
    }
}

/// Inverse hyperbolic cosine without overflow (glibc's three ranges:
/// `log(x) + log 2` past `1 / sqrt(eps)`, `log(2x - 1 / (x + sqrt(x^2 - 1)))`
/// above 2, `log1p(t + sqrt(2t + t^2))` with `t = x - 1` below, which keeps
/// the digits near 1); NaN below 1.
pub(crate) fn acosh_r<R: Real>(x: R) -> R {
    let one = R::one();
    if x.is_nan() || x < one {
        return R::nan();
    }
    if x > one / R::epsilon().sqrt() {
        return x.ln() + R::LN_2();
    }
    let two = R::k(2.0);
    if x > two {
        return (two * x - one / (x + (x * x - one).sqrt())).ln();
    }
    let t = x - one;
    (t + (two * t + t * t).sqrt()).ln_1p()
}

/// `log(exp(a) + exp(b))` without overflow (NumPy's algorithm).
fn logaddexp_r<R: Real>(a: R, b: R) -> R {
    if a == b {
        // Also handles infinities of the same sign.
        return a + R::LN_2();
    }
    let d = a - b;
    if d > R::zero() {
        a + (-d).exp().ln_1p()
    } else if d <= R::zero() {
        b + d.exp().ln_1p()
    } else {
        d // NaN
    }
}

/// `log2(2^a + 2^b)` without overflow.
fn logaddexp2_r<R: Real>(a: R, b: R) -> R {
    if a == b {
        return a + R::one();
    }
    let d = a - b;
    if d > R::zero() {
        a + (-d).exp2().ln_1p() * R::LOG2_E()
    } else if d <= R::zero() {
        b + d.exp2().ln_1p() * R::LOG2_E()
    } else {
        d
    }
}

/// Functions of the real floats only.
pub trait FloatOps: Float {
    /// Degrees to radians.
    fn deg2rad(self) -> Self;
    /// Radians to degrees.
    fn rad2deg(self) -> Self;
    /// The smaller, ignoring a NaN operand.
    fn fmin(self, b: Self) -> Self;
    /// The magnitude of `a` with the sign bit of `b`.
    fn copysign(self, b: Self) -> Self;
    /// `sqrt(a^2 + b^2)` without overflow.
    fn hypot(self, b: Self) -> Self;
    /// `log(exp(a) + exp(b))`.
    fn logaddexp(self, b: Self) -> Self;
    /// `log2(2^a + 2^b)`.
    fn logaddexp2(self, b: Self) -> Self;
}

impl<T: Float> FloatOps for T {
    #[inline]
    fn deg2rad(self) -> T {
        via(self, |v| v * (T::C::PI() / T::C::k(180.0)))
    }
    #[inline]
    fn rad2deg(self) -> T {
        via(self, |v| v * (T::C::k(180.0) / T::C::PI()))
    }
    #[inline]
    fn fmin(self, b: T) -> T {
        via2(self, b, NumFloat::min)
    }
    #[inline]
    fn copysign(self, b: T) -> T {
        via2(self, b, NumFloat::copysign)
    }
    #[inline]
    fn hypot(self, b: T) -> T {
        via2(self, b, NumFloat::hypot)
    }
    #[inline]
    fn logaddexp(self, b: T) -> T {
        via2(self, b, logaddexp_r)
    }
    #[inline]
    fn logaddexp2(self, b: T) -> T {
        via2(self, b, logaddexp2_r)
    }
}

type C<R> = Complex<R>;
use crate::complex as cx;

// ---------------------------------------------------------------------------
// Inexact: real floats and complex
// ---------------------------------------------------------------------------

/// Functions of the inexact elements (real floats and complex).
pub trait Inexact: Arith {
    /// The real dtype of the same precision.
    type Real: Float;
    /// `a / b`.
    fn div(self, b: Self) -> Self;
    /// `1 / a`.
    fn recip(self) -> Self;
    /// Tangent.
    fn tan(self) -> Self;
    /// Sine.
    fn sin(self) -> Self;
    /// Cosine.
    fn cos(self) -> Self;
    /// Inverse sine.
    fn asin(self) -> Self;
    /// Inverse cosine.
    fn acos(self) -> Self;
    /// Inverse tangent.
    fn atan(self) -> Self;
    /// Hyperbolic sine.
    fn sinh(self) -> Self;
    /// Hyperbolic cosine.
    fn cosh(self) -> Self;
    /// Hyperbolic tangent.
    fn tanh(self) -> Self;
    /// Inverse hyperbolic sine.
    fn asinh(self) -> Self;
    /// Inverse hyperbolic cosine.
    fn acosh(self) -> Self;
    /// Inverse hyperbolic tangent.
    fn atanh(self) -> Self;
    /// `e^x`.
    fn exp(self) -> Self;
    /// `2^x`.
    fn exp2(self) -> Self;
    /// `e^x - 1`, accurate near 0.
    fn expm1(self) -> Self;
    /// Natural logarithm.
    fn ln(self) -> Self;
    /// Base-2 logarithm.
    fn log2(self) -> Self;
    /// Base-10 logarithm.
    fn log10(self) -> Self;
    /// `log(1 + x)`, accurate near 0.
    fn log1p(self) -> Self;
    /// Principal square root.
    fn sqrt(self) -> Self;
    /// The argument (angle) in radians.
    fn arg(self) -> Self::Real;
    /// The argument in degrees.
    fn arg_deg(self) -> Self::Real;
    /// Whether any part is NaN.
    fn is_nan(self) -> bool;
    /// Whether any part is infinite.
    fn is_inf(self) -> bool;
    /// Whether every part is finite.
    fn is_finite(self) -> bool;
    /// NaN, +inf and -inf (of each part) replaced.
    fn nan_to_num(self, nan: Self::Real, posinf: Self::Real, neginf: Self::Real) -> Self;
}

#[inline]
fn nan_to_num_r<T: Float>(v: T, nan: T, posinf: T, neginf: T) -> T {
    let c = v.up();
    if c.is_nan() {
        nan
    } else if c == T::C::infinity() {
        posinf
    } else if c == T::C::neg_infinity() {
        neginf
    } else {
        v
    }
}

impl<T: Float> Inexact for T {
    type Real = T;
    #[inline]
    fn div(self, b: T) -> T {
        via2(self, b, |a, b| a / b)
    }
    #[inline]
    fn recip(self) -> T {
        via(self, NumFloat::recip)
    }
    #[inline]
    fn tan(self) -> T {
        via(self, NumFloat::tan)
    }
    #[inline]
    fn sin(self) -> T {
        via(self, NumFloat::sin)
    }
    #[inline]
    fn cos(self) -> T {
        via(self, NumFloat::cos)
    }
    #[inline]
    fn asin(self) -> T {
        via(self, NumFloat::asin)
    }
    #[inline]
    fn acos(self) -> T {
        via(self, NumFloat::acos)
    }
    #[inline]
    fn atan(self) -> T {
        via(self, NumFloat::atan)
    }
    #[inline]
    fn sinh(self) -> T {
        via(self, NumFloat::sinh)
    }
    #[inline]
    fn cosh(self) -> T {
        via(self, NumFloat::cosh)
    }
    #[inline]
    fn tanh(self) -> T {
        via(self, NumFloat::tanh)
    }
    #[inline]
    fn asinh(self) -> T {
        via(self, asinh_r)
    }
    #[inline]
    fn acosh(self) -> T {
        via(self, acosh_r)
    }
    #[inline]
    fn atanh(self) -> T {
        via(self, Real::atanh_libm)
    }
    #[inline]
    fn exp(self) -> T {
        via(self, NumFloat::exp)
    }
    #[inline]
    fn exp2(self) -> T {
        via(self, NumFloat::exp2)
    }
    #[inline]
    fn expm1(self) -> T {
        via(self, NumFloat::exp_m1)
    }
    #[inline]
    fn ln(self) -> T {
        via(self, NumFloat::ln)
    }
    #[inline]
    fn log2(self) -> T {
        via(self, NumFloat::log2)
    }
    #[inline]
    fn log10(self) -> T {
        via(self, NumFloat::log10)
    }
    #[inline]
    fn log1p(self) -> T {
        via(self, NumFloat::ln_1p)
    }
    #[inline]
    fn sqrt(self) -> T {
        via(self, NumFloat::sqrt)
    }
    #[inline]
    fn arg(self) -> T {
        via(self, |v| <T::C as num_traits::Zero>::zero().atan2(v))
    }
    #[inline]
    fn arg_deg(self) -> T {
        via(self, |v| {
            if v.is_nan() {
                v
            } else if v.is_sign_negative() {
                T::C::k(180.0)
            } else {
                <T::C as num_traits::Zero>::zero()
            }
        })
    }
    #[inline]
    fn is_nan(self) -> bool {
        self.up().is_nan()
    }
    #[inline]
    fn is_inf(self) -> bool {
        self.up().is_infinite()
    }
    #[inline]
    fn is_finite(self) -> bool {
        self.up().is_finite()
    }
    #[inline]
    fn nan_to_num(self, nan: T, posinf: T, neginf: T) -> T {
        nan_to_num_r(self, nan, posinf, neginf)
    }
}

impl<R> Inexact for Complex<R>
where
    R: Real + Float<C = R>,
    Complex<R>: Arith,
{
    type Real = R;
    #[inline]
    fn div(self, b: Self) -> Self {
        cx::div(self, b)
    }
    #[inline]
    fn recip(self) -> Self {
        cx::recip(self)
    }
    #[inline]
    fn tan(self) -> Self {
        cx::tan(self)
    }
    #[inline]
    fn sin(self) -> Self {
        cx::sin(self)
    }
    #[inline]
    fn cos(self) -> Self {
        cx::cos(self)
    }
    #[inline]
    fn asin(self) -> Self {
        cx::asin(self)
    }
    #[inline]
    fn acos(self) -> Self {
        cx::acos(self)
    }
    #[inline]
    fn atan(self) -> Self {
        cx::atan(self)
    }
    #[inline]
    fn sinh(self) -> Self {
        cx::sinh(self)
    }
    #[inline]
    fn cosh(self) -> Self {
        cx::cosh(self)
    }
    #[inline]
    fn tanh(self) -> Self {
        cx::tanh(self)
    }
    #[inline]
    fn asinh(self) -> Self {
        cx::asinh(self)
    }
    #[inline]
    fn acosh(self) -> Self {
        cx::acosh(self)
    }
    #[inline]
    fn atanh(self) -> Self {
        cx::atanh(self)
    }
    #[inline]
    fn exp(self) -> Self {
        cx::exp(self)
    }
    #[inline]
    fn exp2(self) -> Self {
        cx::exp2(self)
    }
    #[inline]
    fn expm1(self) -> Self {
        cx::expm1(self)
    }
    #[inline]
    fn ln(self) -> Self {
        cx::ln(self)
    }
    #[inline]
    fn log2(self) -> Self {
        cx::log2(self)
    }
    #[inline]
    fn log10(self) -> Self {
        cx::log10(self)
    }
    #[inline]
    fn log1p(self) -> Self {
        cx::log1p(self)
    }
    #[inline]
    fn sqrt(self) -> Self {
        cx::sqrt(self)
    }
    #[inline]
    fn arg(self) -> R {
        cx::arg(self)
    }
    #[inline]
    fn arg_deg(self) -> R {
        NumFloat::to_degrees(cx::arg(self))
    }
    #[inline]
    fn is_nan(self) -> bool {
        NumFloat::is_nan(self.re) || NumFloat::is_nan(self.im)
    }
    #[inline]
    fn is_inf(self) -> bool {
        NumFloat::is_infinite(self.re) || NumFloat::is_infinite(self.im)
    }
    #[inline]
    fn is_finite(self) -> bool {
        NumFloat::is_finite(self.re) && NumFloat::is_finite(self.im)
    }
    #[inline]
    fn nan_to_num(self, nan: R, posinf: R, neginf: R) -> Self {
        C::new(
            nan_to_num_r(self.re, nan, posinf, neginf),
            nan_to_num_r(self.im, nan, posinf, neginf),
        )
    }
}

// ---------------------------------------------------------------------------
// Num: every numeric element
// ---------------------------------------------------------------------------

/// What every numeric element (integers, floats, complex) has.
pub trait Num: Arith {
    /// The real dtype of the same precision (the type itself for reals).
    type Real: Element;
    /// `|x|` (wrapping for the lowest signed integer; the modulus of a
    /// complex number).
    fn magnitude(self) -> Self::Real;
    /// The real part.
    fn real_part(self) -> Self::Real;
    /// The imaginary part (0 for reals).
    fn imag_part(self) -> Self::Real;
    /// -1, 0 or 1 (NaN stays NaN; `z / |z|` for complex).
    fn sign(self) -> Self;
    /// `self` to the power `e` (integers wrap; a negative integer exponent
    /// gives 0 unless the base is ±1).
    fn pow(self, e: Self) -> Self;
    /// The complex conjugate (reals unchanged).
    fn conj(self) -> Self;
}

/// `base^e` by squaring, wrapping.
#[inline]
fn ipow<T: Arith>(mut base: T, mut e: u64) -> T {
    let mut acc = T::one();
    while e > 0 {
        if e & 1 == 1 {
            acc = acc.mul(base);
        }
        e >>= 1;
        if e > 0 {
            base = base.mul(base);
        }
    }
    acc
}

macro_rules! signed_num {
    ($($t:ty),*) => {$(
        impl Num for $t {
            type Real = $t;
            #[inline] fn magnitude(self) -> $t { self.wrapping_abs() }
            #[inline] fn real_part(self) -> $t { self }
            #[inline] fn imag_part(self) -> $t { 0 }
            #[inline] fn sign(self) -> $t { self.signum() }
            #[inline]
            fn pow(self, e: $t) -> $t {
                if e < 0 {
                    match self {
                        1 => 1,
                        -1 => if e & 1 == 0 { 1 } else { -1 },
                        _ => 0,
                    }
                } else {
                    ipow(self, e as u64)
                }
            }
            #[inline] fn conj(self) -> $t { self }
        }
    )*};
}
signed_num!(i8, i16, i32, i64);

macro_rules! unsigned_num {
    ($($t:ty),*) => {$(
        impl Num for $t {
            type Real = $t;
            #[inline] fn magnitude(self) -> $t { self }
            #[inline] fn real_part(self) -> $t { self }
            #[inline] fn imag_part(self) -> $t { 0 }
            #[inline] fn sign(self) -> $t { self.min(1) }
            #[inline] fn pow(self, e: $t) -> $t { ipow(self, e as u64) }
            #[inline] fn conj(self) -> $t { self }
        }
    )*};
}
unsigned_num!(u8, u16, u32, u64);

impl<T: Float> Num for T {
    type Real = T;
    #[inline]
    fn magnitude(self) -> T {
        via(self, NumFloat::abs)
    }
    #[inline]
    fn real_part(self) -> T {
        self
    }
    #[inline]
    fn imag_part(self) -> T {
        T::zero()
    }
    #[inline]
    fn sign(self) -> T {
        via(self, |v| {
            let zero = T::C::k(0.0);
            if v > zero {
                T::C::k(1.0)
            } else if v < zero {
                T::C::k(-1.0)
            } else if v == zero {
                zero
            } else {
                v
            }
        })
    }
    #[inline]
    fn pow(self, e: T) -> T {
        via2(self, e, NumFloat::powf)
    }
    #[inline]
    fn conj(self) -> T {
        self
    }
}

impl<R> Num for Complex<R>
where
    R: Real + Float<C = R>,
    Complex<R>: Arith,
{
    type Real = R;
    #[inline]
    fn magnitude(self) -> R {
        NumFloat::hypot(self.re, self.im)
    }
    #[inline]
    fn real_part(self) -> R {
        self.re
    }
    #[inline]
    fn imag_part(self) -> R {
        self.im
    }
    #[inline]
    fn sign(self) -> Self {
        cx::sign(self)
    }
    #[inline]
    fn pow(self, e: Self) -> Self {
        cx::pow(self, e)
    }
    #[inline]
    fn conj(self) -> Self {
        Complex::new(self.re, -self.im)
    }
}

// ---------------------------------------------------------------------------
// Division and rounding of the real elements
// ---------------------------------------------------------------------------

/// Quotients and remainders of integers and real floats.
pub trait RealDiv: Element {
    /// Python's `a // b` (integers: 0 for `b = 0`; floats: `a / b`).
    fn floor_div(self, b: Self) -> Self;
    /// Python's `a % b`, with the sign of `b` (integers: 0 for `b = 0`).
    fn py_rem(self, b: Self) -> Self;
    /// C's `fmod`, with the sign of `a` (integers: 0 for `b = 0`).
    fn fmod(self, b: Self) -> Self;
    /// `a / b` rounded toward zero (integers: 0 for `b = 0`).
    fn trunc_div(self, b: Self) -> Self;
}

/// Rounding of integers and real floats.
pub trait Rounding: Element {
    /// Up to an integer.
    fn ceil(self) -> Self;
    /// Down to an integer.
    fn floor(self) -> Self;
    /// Toward zero.
    fn trunc(self) -> Self;
    /// To `decimals` decimal places, halves to even.
    fn round(self, decimals: i64) -> Self;
}

impl<T: Float> RealDiv for T {
    #[inline]
    fn floor_div(self, b: T) -> T {
        via2(self, b, floor_div_r)
    }
    #[inline]
    fn py_rem(self, b: T) -> T {
        via2(self, b, py_rem_r)
    }
    #[inline]
    fn fmod(self, b: T) -> T {
        via2(self, b, |a, b| a % b)
    }
    #[inline]
    fn trunc_div(self, b: T) -> T {
        via2(self, b, |a, b| (a / b).trunc())
    }
}

impl<T: Float> Rounding for T {
    #[inline]
    fn ceil(self) -> T {
        via(self, NumFloat::ceil)
    }
    #[inline]
    fn floor(self) -> T {
        via(self, NumFloat::floor)
    }
    #[inline]
    fn trunc(self) -> T {
        via(self, NumFloat::trunc)
    }
    #[inline]
    fn round(self, decimals: i64) -> T {
        via(self, |v| round_r(v, decimals))
    }
}

/// An integer rounded to `decimals < 0` places (to a multiple of
/// `10^-decimals`, halves to even), wrapping into the dtype.
#[inline]
fn round_int<T: Element>(x: T, decimals: i64) -> T {
    if decimals >= 0 {
        return x;
    }
    let e = decimals.unsigned_abs();
    if e > 38 {
        // Every 64-bit value is closer to 0 than to ±10^39.
        return T::from_i128(0);
    }
    let v = x.to_i128();
    let f = 10i128.pow(e as u32);
    let mut q = v.div_euclid(f);
    let r = v.rem_euclid(f);
    let rest = f - r;
    if r > rest || (r == rest && q % 2 != 0) {
        q += 1;
    }
    T::from_i128(q * f)
}

macro_rules! signed_int_ops {
    ($($t:ty),*) => {$(
        impl RealDiv for $t {
            #[inline]
            fn floor_div(self, b: $t) -> $t {
                if b == 0 {
                    return 0;
                }
                let q = self.wrapping_div(b);
                let r = self.wrapping_rem(b);
                if r != 0 && ((r < 0) != (b < 0)) { q.wrapping_sub(1) } else { q }
            }
            #[inline]
            fn py_rem(self, b: $t) -> $t {
                if b == 0 {
                    return 0;
                }
                let r = self.wrapping_rem(b);
                if r != 0 && ((r < 0) != (b < 0)) { r.wrapping_add(b) } else { r }
            }
            #[inline]
            fn fmod(self, b: $t) -> $t {
                if b == 0 { 0 } else { self.wrapping_rem(b) }
            }
            #[inline]
            fn trunc_div(self, b: $t) -> $t {
                if b == 0 { 0 } else { self.wrapping_div(b) }
            }
        }

        impl Int for $t {
            #[inline]
            fn shl(self, b: $t) -> $t {
                match u32::try_from(b) {
                    Ok(s) if s < <$t>::BITS => self << s,
                    _ => 0,
                }
            }
            #[inline]
            fn shr(self, b: $t) -> $t {
                match u32::try_from(b) {
                    Ok(s) if s < <$t>::BITS => self >> s,
                    _ => if self < 0 { -1 } else { 0 },
                }
            }
            #[inline]
            fn gcd(self, b: $t) -> $t {
                gcd_u64(self.unsigned_abs() as u64, b.unsigned_abs() as u64) as $t
            }
            #[inline]
            fn lcm(self, b: $t) -> $t {
                lcm_u64(self.unsigned_abs() as u64, b.unsigned_abs() as u64) as $t
            }
        }

        impl Rounding for $t {
            #[inline] fn ceil(self) -> $t { self }
            #[inline] fn floor(self) -> $t { self }
            #[inline] fn trunc(self) -> $t { self }
            #[inline] fn round(self, decimals: i64) -> $t { round_int(self, decimals) }
        }
    )*};
}
signed_int_ops!(i8, i16, i32, i64);

macro_rules! unsigned_int_ops {
    ($($t:ty),*) => {$(
        impl RealDiv for $t {
            #[inline]
            fn floor_div(self, b: $t) -> $t {
                if b == 0 { 0 } else { self / b }
            }
            #[inline]
            fn py_rem(self, b: $t) -> $t {
                if b == 0 { 0 } else { self % b }
            }
            #[inline]
            fn fmod(self, b: $t) -> $t {
                if b == 0 { 0 } else { self % b }
            }
            #[inline]
            fn trunc_div(self, b: $t) -> $t {
                if b == 0 { 0 } else { self / b }
            }
        }

        impl Int for $t {
            #[inline]
            fn shl(self, b: $t) -> $t {
                match u32::try_from(b) {
                    Ok(s) if s < <$t>::BITS => self << s,
                    _ => 0,
                }
            }
            #[inline]
            fn shr(self, b: $t) -> $t {
                match u32::try_from(b) {
                    Ok(s) if s < <$t>::BITS => self >> s,
                    _ => 0,
                }
            }
            #[inline]
            fn gcd(self, b: $t) -> $t {
                gcd_u64(self as u64, b as u64) as $t
            }
            #[inline]
            fn lcm(self, b: $t) -> $t {
                lcm_u64(self as u64, b as u64) as $t
            }
        }

        impl Rounding for $t {
            #[inline] fn ceil(self) -> $t { self }
            #[inline] fn floor(self) -> $t { self }
            #[inline] fn trunc(self) -> $t { self }
            #[inline] fn round(self, decimals: i64) -> $t { round_int(self, decimals) }
        }
    )*};
}
unsigned_int_ops!(u8, u16, u32, u64);

/// Operations of the integers only.
pub trait Int: Arith {
    /// `a << b`; 0 once `b` reaches the bit width (or is negative).
    fn shl(self, b: Self) -> Self;
    /// `a >> b` (arithmetic for signed); past the bit width 0, or -1 for a
    /// negative `a`.
    fn shr(self, b: Self) -> Self;
    /// The greatest common divisor of `|a|` and `|b|` (wrapping: `|MIN|`
    /// does not fit).
    fn gcd(self, b: Self) -> Self;
    /// The least common multiple of `|a|` and `|b|` (wrapping).
    fn lcm(self, b: Self) -> Self;
}

#[inline]
fn gcd_u64(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

#[inline]
fn lcm_u64(a: u64, b: u64) -> u64 {
    a.checked_div(gcd_u64(a, b))
        .map_or(0, |q| q.wrapping_mul(b))
}

// ---------------------------------------------------------------------------
// Ordered: integers, real floats, bool
// ---------------------------------------------------------------------------

/// Total order for the real elements (NaN propagates through max and min).
pub trait Ordered: Element {
    /// The larger, NaN if either is NaN.
    fn max_nan(self, b: Self) -> Self;
    /// The smaller, NaN if either is NaN.
    fn min_nan(self, b: Self) -> Self;
    /// The smallest value (the start of a max fold; kept for the reduction
    /// kernels, which fold with these traits).
    #[allow(dead_code)]
    fn lowest() -> Self;
}

macro_rules! int_ordered {
    ($($t:ty),*) => {$(
        impl Ordered for $t {
            #[inline] fn max_nan(self, b: Self) -> Self { if b > self { b } else { self } }
            #[inline] fn min_nan(self, b: Self) -> Self { if b < self { b } else { self } }
            #[inline] fn lowest() -> Self { <$t>::MIN }
        }
    )*};
}
int_ordered!(i8, i16, i32, i64, u8, u16, u32, u64);

impl Ordered for bool {
    #[inline]
    fn max_nan(self, b: Self) -> Self {
        self | b
    }
    #[inline]
    fn min_nan(self, b: Self) -> Self {
        self & b
    }
    #[inline]
    fn lowest() -> Self {
        false
    }
}

macro_rules! float_ordered {
    ($($t:ty: $lowest:expr),*) => {$(
        impl Ordered for $t {
            #[inline]
            fn max_nan(self, b: Self) -> Self {
                if self.is_nan() { self } else if b.is_nan() { b } else if b > self { b } else { self }
            }
            #[inline]
            fn min_nan(self, b: Self) -> Self {
                if self.is_nan() { self } else if b.is_nan() { b } else if b < self { b } else { self }
            }
            #[inline] fn lowest() -> Self { $lowest }
        }
    )*};
}
float_ordered!(f32: f32::NEG_INFINITY, f64: f64::NEG_INFINITY, f16: f16::NEG_INFINITY, bf16: bf16::NEG_INFINITY);
