//! Kernels of the elementwise ops.
//!
//! Each kernel dispatches on the dtype once (the class macros of
//! [`host`](crate::host) bind `T` to one element type) and then runs one
//! monomorphic loop: `host::map` for one operand, `host::zip` (with its
//! broadcasting and same-shape fast paths) for two. The element functions
//! are in [`math`](crate::math), called as `<T as Trait>::f` so no inherent
//! method of a primitive type can stand in for them.
//!
//! Semantics follow NumPy where the spec leaves room: integers wrap,
//! integer division (and remainder) by zero gives 0, shifts past the bit
//! width give 0 (or -1 for a negative value shifted right), `maximum` and
//! `minimum` propagate NaN while `fmin` ignores it, `round` rounds halves to
//! even, `floor_divide` and `remainder` follow Python (the remainder takes
//! the divisor's sign), and ops that keep integers unchanged (`ceil`,
//! `floor`, `trunc`, `real`, `conj`, `positive`, `nan_to_num`) return the
//! input array itself (arrays are immutable, so sharing is safe and free).

use crate::NdarrayBackend;
use crate::host::{self, all, floats, inexact, ints, numeric, ordered, reals};
use crate::math::{Arith, Float, FloatOps, Inexact, Int, Num, Ordered, RealDiv, Rounding};
use crate::simd;
use ivy::kernels::ElementwiseKernels;
use ivy::{Array, DtypeKind, Element, Result, Scalar};

/// [`host::dispatch!`] over the integers and bool (the bitwise ops).
macro_rules! int_or_bool {
    ($op:expr, $x:expr, $T:ident => $body:expr) => {
        host::dispatch!($op, $x, $T => $body;
            I8 => i8, I16 => i16, I32 => i32, I64 => i64, U8 => u8, U16 => u16, U32 => u32, U64 => u64,
            Bool => bool)
    };
}

/// [`host::dispatch!`] over the complex dtypes.
macro_rules! complex {
    ($op:expr, $x:expr, $T:ident => $body:expr) => {
        host::dispatch!($op, $x, $T => $body; C64 => Complex32, C128 => Complex64)
    };
}

/// `f` of every element of an inexact array: the vector function `$v` of
/// [`simd`] for the real floats, the scalar `$f` of [`Inexact`] for complex.
macro_rules! vector_map {
    ($op:literal, $x:expr, $v:expr, $f:ident) => {
        match $x.dtype() {
            ivy::Dtype::Complex64 | ivy::Dtype::Complex128 => {
                complex!($op, $x, T => host::map($op, $x, <T as Inexact>::$f))
            }
            _ => floats!($op, $x, T => host::map_real::<T, _>($op, $x, $v)),
        }
    };
}

/// `f` applied to every element of an inexact (float or complex) array.
macro_rules! inexact_map {
    ($op:literal, $x:expr, $f:ident) => {
        inexact!($op, $x, T => host::map($op, $x, <T as Inexact>::$f))
    };
}

/// An array of `x`'s shape filled with `value`.
fn filled_bool(x: &Array, value: bool) -> Array {
    host::out_vec(x.shape().clone(), vec![value; x.size()])
}

/// Whether `x` holds integers or bools (exact, never NaN or infinite).
fn is_exact(x: &Array) -> bool {
    matches!(
        x.dtype().kind(),
        DtypeKind::Int | DtypeKind::UInt | DtypeKind::Bool
    )
}

/// The next representable value after `self` towards `to` (C's
/// `nextafter`), by stepping the bit pattern: away from zero when moving
/// away from it, towards it otherwise; from a zero, the smallest subnormal
/// with the sign of `to`.
trait NextAfter: Copy {
    fn next_after(self, to: Self) -> Self;
}

macro_rules! next_after {
    ($($t:ty => $sign:expr),*) => {$(
        impl NextAfter for $t {
            #[inline]
            fn next_after(self, to: Self) -> Self {
                if self.is_nan() || to.is_nan() {
                    return <$t>::NAN;
                }
                if self == to {
                    return to;
                }
                let zero = <$t>::from_bits(0);
                if self == zero {
                    return <$t>::from_bits(1 | (to.to_bits() & $sign));
                }
                let b = self.to_bits();
                // Away from zero when the target is further out on this side.
                let away = (self < to) == (self > zero);
                <$t>::from_bits(if away { b + 1 } else { b - 1 })
            }
        }
    )*};
}
next_after!(f32 => 1 << 31, f64 => 1 << 63, ivy::f16 => 1 << 15, ivy::bf16 => 1 << 15);

#[ivy::kernels]
impl ElementwiseKernels for NdarrayBackend {
    fn abs(&self, x: &Array) -> Result<Array> {
        if x.dtype().is_uint() {
            return Ok(x.clone());
        }
        numeric!("abs", x, T => host::map("abs", x, <T as Num>::magnitude))
    }

    fn acos(&self, x: &Array) -> Result<Array> {
        vector_map!("acos", x, simd::Acos, acos)
    }

    fn acosh(&self, x: &Array) -> Result<Array> {
        vector_map!("acosh", x, simd::Acosh, acosh)
    }

    fn asin(&self, x: &Array) -> Result<Array> {
        vector_map!("asin", x, simd::Asin, asin)
    }

    fn asinh(&self, x: &Array) -> Result<Array> {
        vector_map!("asinh", x, simd::Asinh, asinh)
    }

    fn atan(&self, x: &Array) -> Result<Array> {
        vector_map!("atan", x, simd::Atan, atan)
    }

    fn atanh(&self, x: &Array) -> Result<Array> {
        vector_map!("atanh", x, simd::Atanh, atanh)
    }

    fn cos(&self, x: &Array) -> Result<Array> {
        vector_map!("cos", x, simd::Cos, cos)
    }

    fn cosh(&self, x: &Array) -> Result<Array> {
        vector_map!("cosh", x, simd::Cosh, cosh)
    }

    fn exp(&self, x: &Array) -> Result<Array> {
        vector_map!("exp", x, simd::Exp, exp)
    }

    fn exp2(&self, x: &Array) -> Result<Array> {
        vector_map!("exp2", x, simd::Exp2, exp2)
    }

    fn expm1(&self, x: &Array) -> Result<Array> {
        vector_map!("expm1", x, simd::Expm1, expm1)
    }

    fn log(&self, x: &Array) -> Result<Array> {
        vector_map!("log", x, simd::Log, ln)
    }

    fn log10(&self, x: &Array) -> Result<Array> {
        vector_map!("log10", x, simd::Log10, log10)
    }

    fn log1p(&self, x: &Array) -> Result<Array> {
        vector_map!("log1p", x, simd::Log1p, log1p)
    }

    fn log2(&self, x: &Array) -> Result<Array> {
        vector_map!("log2", x, simd::Log2, log2)
    }

    fn sin(&self, x: &Array) -> Result<Array> {
        vector_map!("sin", x, simd::Sin, sin)
    }

    fn sinh(&self, x: &Array) -> Result<Array> {
        vector_map!("sinh", x, simd::Sinh, sinh)
    }

    fn sqrt(&self, x: &Array) -> Result<Array> {
        vector_map!("sqrt", x, simd::Sqrt, sqrt)
    }

    fn tan(&self, x: &Array) -> Result<Array> {
        vector_map!("tan", x, simd::Tan, tan)
    }

    fn tanh(&self, x: &Array) -> Result<Array> {
        vector_map!("tanh", x, simd::Tanh, tanh)
    }

    fn erf(&self, x: &Array) -> Result<Array> {
        floats!("erf", x, T => host::map_real::<T, _>("erf", x, simd::Erf))
    }

    fn deg2rad(&self, x: &Array) -> Result<Array> {
        floats!("deg2rad", x, T => host::map("deg2rad", x, <T as FloatOps>::deg2rad))
    }

    fn rad2deg(&self, x: &Array) -> Result<Array> {
        floats!("rad2deg", x, T => host::map("rad2deg", x, <T as FloatOps>::rad2deg))
    }

    fn reciprocal(&self, x: &Array) -> Result<Array> {
        inexact_map!("reciprocal", x, recip)
    }

    fn sign(&self, x: &Array) -> Result<Array> {
        numeric!("sign", x, T => host::map("sign", x, <T as Num>::sign))
    }

    fn ceil(&self, x: &Array) -> Result<Array> {
        if is_exact(x) {
            return Ok(x.clone());
        }
        floats!("ceil", x, T => host::map("ceil", x, <T as Rounding>::ceil))
    }

    fn floor(&self, x: &Array) -> Result<Array> {
        if is_exact(x) {
            return Ok(x.clone());
        }
        floats!("floor", x, T => host::map("floor", x, <T as Rounding>::floor))
    }

    fn round(&self, x: &Array, decimals: i64) -> Result<Array> {
        if is_exact(x) && decimals >= 0 {
            return Ok(x.clone());
        }
        if x.dtype().is_complex() {
            // NumPy and the Array API: each part rounded on its own.
            return complex!("round", x, T => host::map("round", x, move |v: T| {
                T::new(Rounding::round(v.re, decimals), Rounding::round(v.im, decimals))
            }));
        }
        reals!("round", x, T => host::map("round", x, move |v: T| <T as Rounding>::round(v, decimals)))
    }

    fn trunc(&self, x: &Array) -> Result<Array> {
        if is_exact(x) {
            return Ok(x.clone());
        }
        floats!("trunc", x, T => host::map("trunc", x, <T as Rounding>::trunc))
    }

    fn negative(&self, x: &Array) -> Result<Array> {
        numeric!("negative", x, T => host::map("negative", x, <T as Arith>::neg))
    }

    fn positive(&self, x: &Array) -> Result<Array> {
        host::data("positive", x)?;
        Ok(x.clone())
    }

    fn square(&self, x: &Array) -> Result<Array> {
        numeric!("square", x, T => host::map("square", x, |v: T| v.mul(v)))
    }

    fn isfinite(&self, x: &Array) -> Result<Array> {
        if is_exact(x) {
            return Ok(filled_bool(x, true));
        }
        inexact!("isfinite", x, T => host::map("isfinite", x, <T as Inexact>::is_finite))
    }

    fn isinf(&self, x: &Array) -> Result<Array> {
        if is_exact(x) {
            return Ok(filled_bool(x, false));
        }
        inexact!("isinf", x, T => host::map("isinf", x, <T as Inexact>::is_inf))
    }

    fn isnan(&self, x: &Array) -> Result<Array> {
        if is_exact(x) {
            return Ok(filled_bool(x, false));
        }
        inexact!("isnan", x, T => host::map("isnan", x, <T as Inexact>::is_nan))
    }

    fn isreal(&self, x: &Array) -> Result<Array> {
        if !x.dtype().is_complex() {
            return Ok(filled_bool(x, true));
        }
        complex!("isreal", x, T => host::map("isreal", x, |v: T| v.im == 0.0))
    }

    fn logical_not(&self, x: &Array) -> Result<Array> {
        all!("logical_not", x, T => host::map("logical_not", x, |v: T| !v.to_bool()))
    }

    fn bitwise_invert(&self, x: &Array) -> Result<Array> {
        int_or_bool!("bitwise_invert", x, T => host::map("bitwise_invert", x, |v: T| !v))
    }

    fn real(&self, x: &Array) -> Result<Array> {
        if !x.dtype().is_complex() {
            return Ok(x.clone());
        }
        complex!("real", x, T => host::map("real", x, <T as Num>::real_part))
    }

    fn imag(&self, x: &Array) -> Result<Array> {
        if !x.dtype().is_complex() {
            return numeric!("imag", x, T => Ok(host::out_vec(x.shape().clone(), vec![T::default(); x.size()])));
        }
        complex!("imag", x, T => host::map("imag", x, <T as Num>::imag_part))
    }

    fn angle(&self, z: &Array, deg: bool) -> Result<Array> {
        if deg {
            inexact!("angle", z, T => host::map("angle", z, <T as Inexact>::arg_deg))
        } else {
            inexact!("angle", z, T => host::map("angle", z, <T as Inexact>::arg))
        }
    }

    fn nan_to_num(
        &self,
        x: &Array,
        _copy: bool,
        nan: f64,
        posinf: Option<f64>,
        neginf: Option<f64>,
    ) -> Result<Array> {
        if is_exact(x) {
            return Ok(x.clone());
        }
        inexact!("nan_to_num", x, T => {
            type R = <T as Inexact>::Real;
            let nan = <R as Element>::from_f64(nan);
            let posinf = posinf.map_or_else(<R as Float>::max_finite, <R as Element>::from_f64);
            let neginf = neginf.map_or_else(<R as Float>::lowest_finite, <R as Element>::from_f64);
            host::map("nan_to_num", x, move |v: T| <T as Inexact>::nan_to_num(v, nan, posinf, neginf))
        })
    }

    fn add(&self, x1: &Array, x2: &Array, alpha: Option<Scalar>) -> Result<Array> {
        match alpha {
            None => numeric!("add", x1, T => host::zip("add", x1, x2, |a: T, b: T| a.add(b))),
            Some(k) => scaled("add", x1, x2, k, false),
        }
    }

    fn subtract(&self, x1: &Array, x2: &Array, alpha: Option<Scalar>) -> Result<Array> {
        match alpha {
            None => {
                numeric!("subtract", x1, T => host::zip("subtract", x1, x2, |a: T, b: T| a.sub(b)))
            }
            Some(k) => scaled("subtract", x1, x2, k, true),
        }
    }

    fn multiply(&self, x1: &Array, x2: &Array) -> Result<Array> {
        numeric!("multiply", x1, T => host::zip("multiply", x1, x2, <T as Arith>::mul))
    }

    fn divide(&self, x1: &Array, x2: &Array) -> Result<Array> {
        inexact!("divide", x1, T => host::zip("divide", x1, x2, <T as Inexact>::div))
    }

    fn floor_divide(&self, x1: &Array, x2: &Array) -> Result<Array> {
        reals!("floor_divide", x1, T => host::zip("floor_divide", x1, x2, <T as RealDiv>::floor_div))
    }

    fn remainder(&self, x1: &Array, x2: &Array, modulus: bool) -> Result<Array> {
        if modulus {
            reals!("remainder", x1, T => host::zip("remainder", x1, x2, <T as RealDiv>::py_rem))
        } else {
            reals!("remainder", x1, T => host::zip("remainder", x1, x2, <T as RealDiv>::fmod))
        }
    }

    fn pow(&self, x1: &Array, x2: &Array) -> Result<Array> {
        match x1.dtype() {
            ivy::Dtype::Float32 | ivy::Dtype::Float16 | ivy::Dtype::BFloat16 => {
                floats!("pow", x1, T => host::zip_real::<T, _>("pow", x1, x2, simd::Pow))
            }
            _ => numeric!("pow", x1, T => host::zip("pow", x1, x2, <T as Num>::pow)),
        }
    }

    fn atan2(&self, x1: &Array, x2: &Array) -> Result<Array> {
        floats!("atan2", x1, T => host::zip_real::<T, _>("atan2", x1, x2, simd::Atan2))
    }

    fn maximum(&self, x1: &Array, x2: &Array) -> Result<Array> {
        ordered!("maximum", x1, T => host::zip("maximum", x1, x2, <T as Ordered>::max_nan))
    }

    fn minimum(&self, x1: &Array, x2: &Array) -> Result<Array> {
        ordered!("minimum", x1, T => host::zip("minimum", x1, x2, <T as Ordered>::min_nan))
    }

    fn fmin(&self, x1: &Array, x2: &Array) -> Result<Array> {
        floats!("fmin", x1, T => host::zip("fmin", x1, x2, <T as FloatOps>::fmin))
    }

    fn logaddexp(&self, x1: &Array, x2: &Array) -> Result<Array> {
        // float64 keeps the scalar functions: near the result's zero the sum
        // cancels, and a vector log1p an ulp off the scalar one shows there.
        if x1.dtype() == ivy::Dtype::Float64 {
            return host::zip("logaddexp", x1, x2, <f64 as FloatOps>::logaddexp);
        }
        floats!("logaddexp", x1, T => host::zip_real::<T, _>("logaddexp", x1, x2, simd::LogAddExp))
    }

    fn copysign(&self, x1: &Array, x2: &Array) -> Result<Array> {
        floats!("copysign", x1, T => host::zip("copysign", x1, x2, <T as FloatOps>::copysign))
    }

    fn nextafter(&self, x1: &Array, x2: &Array) -> Result<Array> {
        floats!("nextafter", x1, T => host::zip("nextafter", x1, x2, <T as NextAfter>::next_after))
    }

    fn hypot(&self, x1: &Array, x2: &Array) -> Result<Array> {
        floats!("hypot", x1, T => host::zip("hypot", x1, x2, <T as FloatOps>::hypot))
    }

    fn logaddexp2(&self, x1: &Array, x2: &Array) -> Result<Array> {
        if x1.dtype() == ivy::Dtype::Float64 {
            return host::zip("logaddexp2", x1, x2, <f64 as FloatOps>::logaddexp2);
        }
        floats!("logaddexp2", x1, T => host::zip_real::<T, _>("logaddexp2", x1, x2, simd::LogAddExp2))
    }

    fn equal(&self, x1: &Array, x2: &Array) -> Result<Array> {
        all!("equal", x1, T => host::zip("equal", x1, x2, |a: T, b: T| a == b))
    }

    fn not_equal(&self, x1: &Array, x2: &Array) -> Result<Array> {
        all!("not_equal", x1, T => host::zip("not_equal", x1, x2, |a: T, b: T| a != b))
    }

    fn greater(&self, x1: &Array, x2: &Array) -> Result<Array> {
        ordered!("greater", x1, T => host::zip("greater", x1, x2, |a: T, b: T| a.gt(&b)))
    }

    fn greater_equal(&self, x1: &Array, x2: &Array) -> Result<Array> {
        ordered!("greater_equal", x1, T => host::zip("greater_equal", x1, x2, |a: T, b: T| a.ge(&b)))
    }

    fn less(&self, x1: &Array, x2: &Array) -> Result<Array> {
        ordered!("less", x1, T => host::zip("less", x1, x2, |a: T, b: T| a.lt(&b)))
    }

    fn less_equal(&self, x1: &Array, x2: &Array) -> Result<Array> {
        ordered!("less_equal", x1, T => host::zip("less_equal", x1, x2, |a: T, b: T| a.le(&b)))
    }

    fn logical_and(&self, x1: &Array, x2: &Array) -> Result<Array> {
        all!("logical_and", x1, T => host::zip("logical_and", x1, x2, |a: T, b: T| a.to_bool() & b.to_bool()))
    }

    fn logical_or(&self, x1: &Array, x2: &Array) -> Result<Array> {
        all!("logical_or", x1, T => host::zip("logical_or", x1, x2, |a: T, b: T| a.to_bool() | b.to_bool()))
    }

    fn logical_xor(&self, x1: &Array, x2: &Array) -> Result<Array> {
        all!("logical_xor", x1, T => host::zip("logical_xor", x1, x2, |a: T, b: T| a.to_bool() ^ b.to_bool()))
    }

    fn bitwise_and(&self, x1: &Array, x2: &Array) -> Result<Array> {
        int_or_bool!("bitwise_and", x1, T => host::zip("bitwise_and", x1, x2, |a: T, b: T| a & b))
    }

    fn bitwise_or(&self, x1: &Array, x2: &Array) -> Result<Array> {
        int_or_bool!("bitwise_or", x1, T => host::zip("bitwise_or", x1, x2, |a: T, b: T| a | b))
    }

    fn bitwise_xor(&self, x1: &Array, x2: &Array) -> Result<Array> {
        int_or_bool!("bitwise_xor", x1, T => host::zip("bitwise_xor", x1, x2, |a: T, b: T| a ^ b))
    }

    fn bitwise_left_shift(&self, x1: &Array, x2: &Array) -> Result<Array> {
        ints!("bitwise_left_shift", x1, T => host::zip("bitwise_left_shift", x1, x2, <T as Int>::shl))
    }

    fn bitwise_right_shift(&self, x1: &Array, x2: &Array) -> Result<Array> {
        ints!("bitwise_right_shift", x1, T => host::zip("bitwise_right_shift", x1, x2, <T as Int>::shr))
    }

    fn gcd(&self, x1: &Array, x2: &Array) -> Result<Array> {
        ints!("gcd", x1, T => host::zip("gcd", x1, x2, <T as Int>::gcd))
    }

    fn lcm(&self, x1: &Array, x2: &Array) -> Result<Array> {
        ints!("lcm", x1, T => host::zip("lcm", x1, x2, <T as Int>::lcm))
    }

    fn fmod(&self, x1: &Array, x2: &Array) -> Result<Array> {
        reals!("fmod", x1, T => host::zip("fmod", x1, x2, <T as RealDiv>::fmod))
    }

    fn trunc_divide(&self, x1: &Array, x2: &Array) -> Result<Array> {
        reals!("trunc_divide", x1, T => host::zip("trunc_divide", x1, x2, <T as RealDiv>::trunc_div))
    }

    fn conj(&self, x: &Array) -> Result<Array> {
        if !x.dtype().is_complex() {
            return Ok(x.clone());
        }
        complex!("conj", x, T => host::map("conj", x, <T as Num>::conj))
    }
}

/// `x1 + alpha * x2` (or `x1 - alpha * x2` when `subtract`): the keyword
/// forms of `add` and `subtract`, out of line so the plain forms stay small.
#[inline(never)]
fn scaled(op: &str, x1: &Array, x2: &Array, alpha: Scalar, subtract: bool) -> Result<Array> {
    numeric!(op, x1, T => {
        let k: T = alpha.to_element();
        if subtract {
            host::zip(op, x1, x2, move |a: T, b: T| a.sub(k.mul(b)))
        } else {
            host::zip(op, x1, x2, move |a: T, b: T| a.add(k.mul(b)))
        }
    })
}

#[cfg(test)]
mod tests {
    //! Expected values come from std's f64 functions, from num-complex (an
    //! independent implementation, on inputs where it is accurate), from
    //! hand computation and from NumPy facts; never from these kernels.

    use ivy::catalogue::{self, OutRule};
    use ivy::opts::{Angle, NanToNum, Remainder, Round};
    use ivy::{Array, Complex32, Complex64, Dtype, DtypeSet, Element, Error, Result, bf16, f16};

    fn a<T: Element>(v: Vec<T>) -> Array {
        Array::from_vec(v)
    }

    fn arr<T: Element>(shape: &[usize], v: Vec<T>) -> Result<Array> {
        Array::from_shape_vec(shape.to_vec(), v)
    }

    fn f64s(x: &Array) -> Result<Vec<f64>> {
        Ok(x.to_host()?
            .cast(Dtype::Float64)
            .as_slice::<f64>()
            .map(<[f64]>::to_vec)
            .unwrap_or_default())
    }

    fn c64s(x: &Array) -> Result<Vec<Complex64>> {
        Ok(x.to_host()?
            .cast(Dtype::Complex128)
            .as_slice::<Complex64>()
            .map(<[Complex64]>::to_vec)
            .unwrap_or_default())
    }

    /// `got` within `rtol * |want| + atol` of `want`; NaN matches NaN,
    /// infinities match exactly.
    fn near(got: f64, want: f64, rtol: f64, atol: f64) -> bool {
        if want.is_nan() {
            got.is_nan()
        } else if want.is_infinite() {
            got == want
        } else {
            (got - want).abs() <= rtol * want.abs() + atol
        }
    }

    fn assert_near(got: &[f64], want: &[f64], rtol: f64, atol: f64) {
        assert_eq!(got.len(), want.len(), "{got:?} vs {want:?}");
        for (g, w) in got.iter().zip(want) {
            assert!(
                near(*g, *w, rtol, atol),
                "got {g:e}, want {w:e} (all: {got:?} vs {want:?})"
            );
        }
    }

    fn assert_cnear(got: &[Complex64], want: &[Complex64], rtol: f64) {
        assert_eq!(got.len(), want.len());
        for (g, w) in got.iter().zip(want) {
            let scale = w.norm();
            let ok = |g: f64, w: f64| {
                if w.is_nan() {
                    g.is_nan()
                } else if w.is_infinite() {
                    g == w
                } else {
                    (g - w).abs() <= rtol * scale + 1e-300
                }
            };
            assert!(ok(g.re, w.re) && ok(g.im, w.im), "got {g}, want {w}");
        }
    }

    type Op1 = fn(&Array) -> Result<Array>;
    type RealCase = (&'static str, Op1, fn(f64) -> f64, Vec<f64>);

    /// The real unary functions, with std's f64 function and inputs in
    /// their domain.
    fn real_unary() -> Vec<RealCase> {
        let wide = vec![-2.5, -1.0, -1e-8, 0.0, 0.5, 1.0, 3.0];
        let unit = vec![-0.9, -0.5, -1e-8, 0.0, 0.3, 0.99];
        let pos = vec![1e-10, 0.5, 1.0, 2.0, 100.0];
        vec![
            ("sin", |x| ivy::sin(x), f64::sin, wide.clone()),
            ("cos", |x| ivy::cos(x), f64::cos, wide.clone()),
            ("tan", |x| ivy::tan(x), f64::tan, wide.clone()),
            ("asin", |x| ivy::asin(x), f64::asin, unit.clone()),
            ("acos", |x| ivy::acos(x), f64::acos, unit.clone()),
            ("atan", |x| ivy::atan(x), f64::atan, wide.clone()),
            ("sinh", |x| ivy::sinh(x), f64::sinh, wide.clone()),
            ("cosh", |x| ivy::cosh(x), f64::cosh, wide.clone()),
            ("tanh", |x| ivy::tanh(x), f64::tanh, wide.clone()),
            ("asinh", |x| ivy::asinh(x), f64::asinh, wide.clone()),
            (
                "acosh",
                |x| ivy::acosh(x),
                f64::acosh,
                vec![1.0, 1.5, 2.0, 10.0],
            ),
            ("atanh", |x| ivy::atanh(x), f64::atanh, unit),
            ("exp", |x| ivy::exp(x), f64::exp, wide.clone()),
            ("exp2", |x| ivy::exp2(x), f64::exp2, wide.clone()),
            ("expm1", |x| ivy::expm1(x), f64::exp_m1, wide),
            ("log", |x| ivy::log(x), f64::ln, pos.clone()),
            ("log10", |x| ivy::log10(x), f64::log10, pos.clone()),
            ("log2", |x| ivy::log2(x), f64::log2, pos.clone()),
            ("sqrt", |x| ivy::sqrt(x), f64::sqrt, pos),
            (
                "log1p",
                |x| ivy::log1p(x),
                f64::ln_1p,
                vec![-0.5, -1e-10, 0.0, 1e-10, 1.0, 10.0],
            ),
            (
                "reciprocal",
                |x| ivy::reciprocal(x),
                f64::recip,
                vec![-4.0, 0.5, 3.0, 1e-3],
            ),
            (
                "deg2rad",
                |x| ivy::deg2rad(x),
                f64::to_radians,
                vec![-90.0, 0.0, 45.0, 180.0],
            ),
            (
                "rad2deg",
                |x| ivy::rad2deg(x),
                f64::to_degrees,
                vec![-1.0, 0.0, 0.5, 3.0],
            ),
        ]
    }

    #[test]
    fn add_and_subtract_scale_the_second_operand_by_alpha() -> Result<()> {
        // [1, 2] + 3 * [4, 5] = [13, 17]; [1, 2] - 3 * [4, 5] = [-11, -13].
        for dtype in [Dtype::Float32, Dtype::Int64, Dtype::Complex128] {
            let x1 = ivy::astype(&a(vec![1i64, 2]), dtype)?;
            let x2 = ivy::astype(&a(vec![4i64, 5]), dtype)?;
            let sum = ivy::add_with(&x1, &x2, ivy::opts::Add::new().alpha(3))?;
            let difference = ivy::subtract_with(&x1, &x2, ivy::opts::Subtract::new().alpha(3))?;
            assert_eq!(sum.dtype(), dtype);
            assert_eq!(f64s(&sum)?, vec![13.0, 17.0], "{dtype}");
            assert_eq!(f64s(&difference)?, vec![-11.0, -13.0], "{dtype}");
        }
        // Without alpha, the plain forms.
        let plain = ivy::subtract(&a(vec![1.5f64]), &a(vec![0.25f64]))?;
        assert_eq!(f64s(&plain)?, vec![1.25]);
        Ok(())
    }

    #[test]
    fn real_unary_functions_in_every_float_dtype() -> Result<()> {
        for (name, op, f, xs) in real_unary() {
            // float64: std's own function (the same libm), to the last bits.
            let y = op(&a(xs.clone()))?;
            assert_eq!(y.dtype(), Dtype::Float64, "{name}");
            let want: Vec<f64> = xs.iter().map(|&v| f(v)).collect();
            assert_near(&f64s(&y)?, &want, 4e-16, 0.0);

            // float32: the f64 value of the f32 input, within f32 rounding.
            let x32: Vec<f32> = xs.iter().map(|&v| v as f32).collect();
            let y = op(&a(x32.clone()))?;
            assert_eq!(y.dtype(), Dtype::Float32, "{name}");
            let want: Vec<f64> = x32.iter().map(|&v| f(v as f64)).collect();
            assert_near(&f64s(&y)?, &want, 2.5e-7, 1e-38);

            // float16 / bfloat16: computed in f32 and rounded once, so within
            // half an ulp (plus the f32 error).
            let x16: Vec<f16> = xs.iter().map(|&v| f16::from_f64(v)).collect();
            let y = op(&a(x16.clone()))?;
            assert_eq!(y.dtype(), Dtype::Float16, "{name}");
            let want: Vec<f64> = x16.iter().map(|v| f(v.to_f64())).collect();
            assert_near(&f64s(&y)?, &want, 4.9e-4 * 1.01, 6e-8);

            let xb: Vec<bf16> = xs.iter().map(|&v| bf16::from_f64(v)).collect();
            let y = op(&a(xb.clone()))?;
            assert_eq!(y.dtype(), Dtype::BFloat16, "{name}");
            let want: Vec<f64> = xb.iter().map(|v| f(v.to_f64())).collect();
            assert_near(&f64s(&y)?, &want, 3.91e-3 * 1.01, 1e-38);
        }
        Ok(())
    }

    #[test]
    fn integer_inputs_are_cast_to_the_default_float() -> Result<()> {
        for (name, op, f, _) in real_unary() {
            let y = op(&a(vec![1i32, 2, 4]))?;
            assert_eq!(y.dtype(), Dtype::Float32, "{name}");
            let want: Vec<f64> = [1.0, 2.0, 4.0].iter().map(|&v| f(v)).collect();
            assert_near(&f64s(&y)?, &want, 2.5e-7, 0.0);
        }
        let y = ivy::erf(&a(vec![0u8, 1]))?;
        assert_eq!(y.dtype(), Dtype::Float32);
        let y = ivy::atan2(&a(vec![1i64]), &a(vec![1i64]))?;
        assert_eq!(y.to_vec::<f32>()?, vec![std::f32::consts::FRAC_PI_4]);
        Ok(())
    }

    #[test]
    fn unary_special_values() -> Result<()> {
        let (inf, nan) = (f64::INFINITY, f64::NAN);
        let x = a(vec![nan, inf, -inf, 0.0, -0.0]);
        let check = |y: Array, want: &[f64]| -> Result<()> {
            assert_near(&f64s(&y)?, want, 0.0, 0.0);
            Ok(())
        };
        check(ivy::exp(&x)?, &[nan, inf, 0.0, 1.0, 1.0])?;
        check(ivy::expm1(&x)?, &[nan, inf, -1.0, 0.0, -0.0])?;
        check(ivy::tanh(&x)?, &[nan, 1.0, -1.0, 0.0, -0.0])?;
        check(ivy::log(&x)?, &[nan, inf, nan, -inf, -inf])?;
        check(ivy::sqrt(&x)?, &[nan, inf, nan, 0.0, -0.0])?;
        check(ivy::reciprocal(&x)?, &[nan, 0.0, -0.0, inf, -inf])?;
        check(ivy::sin(&x)?, &[nan, nan, nan, 0.0, -0.0])?;
        check(ivy::erf(&x)?, &[nan, 1.0, -1.0, 0.0, -0.0])?;
        check(ivy::atanh(&a(vec![1.0, -1.0, 2.0]))?, &[inf, -inf, nan])?;
        check(ivy::log1p(&a(vec![-1.0, -2.0]))?, &[-inf, nan])?;
        // The sign of zero survives where it should.
        let y = f64s(&ivy::sqrt(&a(vec![-0.0]))?)?;
        assert!(y[0] == 0.0 && y[0].is_sign_negative());
        // float16 overflow rounds to inf once, not before.
        let y = ivy::exp(&a(vec![f16::from_f32(12.0)]))?.to_vec::<f16>()?;
        assert!(y[0].is_infinite());
        let y = ivy::exp(&a(vec![f16::from_f32(10.0)]))?.to_vec::<f16>()?;
        assert_eq!(y[0], f16::from_f64(10f64.exp()));
        Ok(())
    }

    #[test]
    fn erf_matches_known_values() -> Result<()> {
        // erf(0.5), erf(-1), erf(2), erf(1e-10) ~ 2x/sqrt(pi).
        let xs = vec![0.0, 0.5, -1.0, 2.0, 1e-10, 6.0];
        let want = [
            0.0,
            0.5204998778130465,
            -0.8427007929497149,
            0.9953222650189527,
            1.1283791670955126e-10,
            1.0,
        ];
        assert_near(&f64s(&ivy::erf(&a(xs.clone()))?)?, &want, 1e-15, 0.0);
        let x32: Vec<f32> = xs.iter().map(|&v| v as f32).collect();
        assert_near(&f64s(&ivy::erf(&a(x32))?)?, &want, 3e-7, 0.0);
        let xb: Vec<bf16> = xs.iter().map(|&v| bf16::from_f64(v)).collect();
        let y = ivy::erf(&a(xb))?;
        assert_eq!(y.dtype(), Dtype::BFloat16);
        assert_near(&f64s(&y)?, &want, 8e-3, 0.0);
        // The spec excludes complex.
        assert!(ivy::erf(&a(vec![Complex64::new(1.0, 0.0)])).is_err());
        Ok(())
    }

    fn cplx(pairs: &[(f64, f64)]) -> Vec<Complex64> {
        pairs.iter().map(|&(r, i)| Complex64::new(r, i)).collect()
    }

    #[test]
    fn complex_functions_against_num_complex() -> Result<()> {
        // Moderate inputs off the branch cuts, where num-complex's textbook
        // formulas are accurate.
        let zs = cplx(&[
            (0.5, 0.3),
            (-1.2, 2.0),
            (3.0, -1.0),
            (-0.7, -0.4),
            (0.0, 1.5),
        ]);
        type R = fn(Complex64) -> Complex64;
        let table: Vec<(&str, Op1, R)> = vec![
            ("exp", |x| ivy::exp(x), |z| z.exp()),
            ("exp2", |x| ivy::exp2(x), |z| z.exp2()),
            ("expm1", |x| ivy::expm1(x), |z| z.exp() - 1.0),
            ("log", |x| ivy::log(x), |z| z.ln()),
            ("log2", |x| ivy::log2(x), |z| z.log2()),
            ("log10", |x| ivy::log10(x), |z| z.log10()),
            ("log1p", |x| ivy::log1p(x), |z| (z + 1.0).ln()),
            ("sqrt", |x| ivy::sqrt(x), |z| z.sqrt()),
            ("sin", |x| ivy::sin(x), |z| z.sin()),
            ("cos", |x| ivy::cos(x), |z| z.cos()),
            ("tan", |x| ivy::tan(x), |z| z.tan()),
            ("sinh", |x| ivy::sinh(x), |z| z.sinh()),
            ("cosh", |x| ivy::cosh(x), |z| z.cosh()),
            ("tanh", |x| ivy::tanh(x), |z| z.tanh()),
            ("asin", |x| ivy::asin(x), |z| z.asin()),
            ("acos", |x| ivy::acos(x), |z| z.acos()),
            ("atan", |x| ivy::atan(x), |z| z.atan()),
            ("asinh", |x| ivy::asinh(x), |z| z.asinh()),
            ("acosh", |x| ivy::acosh(x), |z| z.acosh()),
            ("atanh", |x| ivy::atanh(x), |z| z.atanh()),
            ("reciprocal", |x| ivy::reciprocal(x), |z| 1.0 / z),
            ("square", |x| ivy::square(x), |z| z * z),
            ("negative", |x| ivy::negative(x), |z| -z),
        ];
        for (name, op, f) in table {
            let want: Vec<Complex64> = zs.iter().map(|&z| f(z)).collect();
            let y = op(&a(zs.clone()))?;
            assert_eq!(y.dtype(), Dtype::Complex128, "{name}");
            assert_cnear(&y.to_vec::<Complex64>()?, &want, 1e-14);
            // complex64: the same in f32 precision.
            let z32: Vec<Complex32> = zs
                .iter()
                .map(|z| Complex32::new(z.re as f32, z.im as f32))
                .collect();
            let want: Vec<Complex64> = z32
                .iter()
                .map(|z| f(Complex64::new(z.re as f64, z.im as f64)))
                .collect();
            let y = op(&a(z32))?;
            assert_eq!(y.dtype(), Dtype::Complex64, "{name}");
            assert_cnear(&c64s(&y)?, &want, 2e-6);
        }
        Ok(())
    }

    #[test]
    fn complex_branch_cuts_follow_numpy() -> Result<()> {
        use std::f64::consts::{FRAC_PI_2, FRAC_PI_3};
        let acosh2 = 1.3169578969248166; // acosh(2) = asinh(sqrt 3) = ln(2 + sqrt 3)
        let z = a(cplx(&[(2.0, 0.0)]));
        assert_cnear(
            &c64s(&ivy::asin(&z)?)?,
            &cplx(&[(FRAC_PI_2, acosh2)]),
            1e-15,
        );
        assert_cnear(&c64s(&ivy::acos(&z)?)?, &cplx(&[(0.0, -acosh2)]), 1e-15);
        assert_cnear(
            &c64s(&ivy::atanh(&z)?)?,
            &cplx(&[(0.5493061443340549, FRAC_PI_2)]),
            1e-15,
        );
        let z = a(cplx(&[(0.0, 2.0)]));
        assert_cnear(
            &c64s(&ivy::asinh(&z)?)?,
            &cplx(&[(acosh2, FRAC_PI_2)]),
            1e-15,
        );
        let z = a(cplx(&[(0.5, 0.0)]));
        assert_cnear(&c64s(&ivy::acosh(&z)?)?, &cplx(&[(0.0, FRAC_PI_3)]), 1e-15);
        // NumPy: arctan(1+1j), arcsinh(1+1j), arccosh(1+1j).
        let z = a(cplx(&[(1.0, 1.0)]));
        assert_cnear(
            &c64s(&ivy::atan(&z)?)?,
            &cplx(&[(1.0172219678978514, 0.4023594781085251)]),
            1e-15,
        );
        assert_cnear(
            &c64s(&ivy::asinh(&z)?)?,
            &cplx(&[(1.0612750619050357, 0.6662394324925153)]),
            1e-15,
        );
        assert_cnear(
            &c64s(&ivy::acosh(&z)?)?,
            &cplx(&[(1.0612750619050357, 0.9045568943023813)]),
            1e-15,
        );
        // sqrt: the principal root, the sign of a zero imaginary part picks
        // the side of the cut.
        let y = c64s(&ivy::sqrt(&a(cplx(&[
            (-4.0, 0.0),
            (-4.0, -0.0),
            (3.0, 4.0),
            (0.0, 0.0),
        ])))?)?;
        assert_eq!(y, cplx(&[(0.0, 2.0), (0.0, -2.0), (2.0, 1.0), (0.0, 0.0)]));
        let y = c64s(&ivy::log(&a(cplx(&[
            (-1.0, 0.0),
            (-1.0, -0.0),
            (0.0, 0.0),
        ])))?)?;
        assert_cnear(
            &y[..2],
            &cplx(&[(0.0, std::f64::consts::PI), (0.0, -std::f64::consts::PI)]),
            1e-16,
        );
        assert_eq!(y[2], Complex64::new(f64::NEG_INFINITY, 0.0));
        Ok(())
    }

    #[test]
    fn complex_functions_are_accurate_near_zero_and_do_not_overflow() -> Result<()> {
        let z = a(cplx(&[(1e-10, 1e-10), (0.0, 1e-10), (-1e-10, 0.0)]));
        // expm1(z) = z + z^2/2 + ...: z^2/2 = 1e-20 i; expm1(iy) = cos y - 1 + i sin y.
        let y = c64s(&ivy::expm1(&z)?)?;
        assert_cnear(&y[..1], &cplx(&[(1e-10, 1e-10 + 1e-20)]), 1e-15);
        assert!(
            near(y[1].re, -5e-21, 1e-12, 0.0) && near(y[1].im, 1e-10, 1e-15, 0.0),
            "{}",
            y[1]
        );
        assert!(near(y[2].re, (-1e-10f64).exp_m1(), 1e-15, 0.0) && y[2].im == 0.0);
        // log1p(z) = z - z^2/2 + ...; log1p(iy) = log1p(y^2)/2 + i atan(y).
        let y = c64s(&ivy::log1p(&z)?)?;
        assert_cnear(&y[..1], &cplx(&[(1e-10, 1e-10 - 1e-20)]), 1e-15);
        assert!(
            near(y[1].re, 5e-21, 1e-12, 0.0) && near(y[1].im, 1e-10, 1e-15, 0.0),
            "{}",
            y[1]
        );
        // Inverse functions near 0 are z (to O(z^3)).
        for (name, op) in [
            ("asin", (|x| ivy::asin(x)) as Op1),
            ("atan", (|x| ivy::atan(x)) as Op1),
            ("asinh", (|x| ivy::asinh(x)) as Op1),
            ("atanh", (|x| ivy::atanh(x)) as Op1),
            ("sin", (|x| ivy::sin(x)) as Op1),
            ("tan", (|x| ivy::tan(x)) as Op1),
        ] {
            let y = c64s(&op(&a(cplx(&[(0.0, 1e-10), (1e-10, -1e-10)])))?)?;
            assert_cnear(&y, &cplx(&[(0.0, 1e-10), (1e-10, -1e-10)]), 1e-14);
            assert!(y[0].re.abs() < 1e-25, "{name}: {}", y[0]);
        }
        // Overflow-free: tanh and tan saturate, exp keeps a zero imaginary
        // part, division and abs scale.
        let y = c64s(&ivy::tanh(&a(cplx(&[
            (1000.0, 1.0),
            (-1000.0, 0.5),
            (0.0, 0.0),
        ])))?)?;
        assert_cnear(&y, &cplx(&[(1.0, 0.0), (-1.0, 0.0), (0.0, 0.0)]), 1e-16);
        let y = c64s(&ivy::tan(&a(cplx(&[(1.0, 1000.0)])))?)?;
        assert_cnear(&y, &cplx(&[(0.0, 1.0)]), 1e-16);
        let y = c64s(&ivy::exp(&a(cplx(&[
            (1000.0, 0.0),
            (f64::NEG_INFINITY, 1.0),
        ])))?)?;
        assert_eq!(y, cplx(&[(f64::INFINITY, 0.0), (0.0, 0.0)]));
        let y = c64s(&ivy::cosh(&a(cplx(&[(1000.0, 0.0)])))?)?;
        assert_eq!(y, cplx(&[(f64::INFINITY, 0.0)]));
        let y = c64s(&ivy::reciprocal(&a(cplx(&[(1e300, 1e300)])))?)?;
        assert_cnear(&y, &cplx(&[(5e-301, -5e-301)]), 1e-15);
        let y = c64s(&ivy::divide(
            &a(cplx(&[(1.0, 0.0)])),
            &a(cplx(&[(1e300, 1e300)])),
        )?)?;
        assert_cnear(&y, &cplx(&[(5e-301, -5e-301)]), 1e-15);
        let y = ivy::abs(&a(cplx(&[(1e300, 1e300)])))?.to_vec::<f64>()?;
        assert_near(&y, &[std::f64::consts::SQRT_2 * 1e300], 1e-15, 0.0);
        let y = c64s(&ivy::sqrt(&a(cplx(&[(1e308, 1e308)])))?)?;
        assert!(y[0].re.is_finite() && y[0].im.is_finite());
        assert_cnear(&y, &[Complex64::new(1e308, 1e308).sqrt()], 1e-14);
        let y = c64s(&ivy::asinh(&a(cplx(&[(1e200, 1e200)])))?)?;
        assert_cnear(
            &y,
            &cplx(&[(
                (2e200f64 * std::f64::consts::SQRT_2).ln(),
                std::f64::consts::FRAC_PI_4,
            )]),
            1e-15,
        );
        Ok(())
    }

    #[test]
    fn abs_sign_and_the_real_dtype() -> Result<()> {
        assert_eq!(
            ivy::abs(&a(vec![-3i8, 3, i8::MIN]))?.to_vec::<i8>()?,
            vec![3, 3, i8::MIN]
        );
        assert_eq!(ivy::abs(&a(vec![7u16]))?.to_vec::<u16>()?, vec![7]);
        let y = ivy::abs(&a(vec![-1.5f32, -0.0, f32::NEG_INFINITY]))?.to_vec::<f32>()?;
        assert_eq!(y, vec![1.5, 0.0, f32::INFINITY]);
        assert!(y[1].is_sign_positive());
        assert!(ivy::abs(&a(vec![f64::NAN]))?.to_vec::<f64>()?[0].is_nan());
        assert_eq!(
            ivy::abs(&a(vec![f16::from_f32(-2.5)]))?.to_vec::<f16>()?,
            vec![f16::from_f32(2.5)]
        );
        let m = ivy::abs(&a(vec![Complex32::new(3.0, -4.0)]))?;
        assert_eq!((m.dtype(), m.to_vec::<f32>()?), (Dtype::Float32, vec![5.0]));

        assert_eq!(
            ivy::sign(&a(vec![-5i32, 0, 9]))?.to_vec::<i32>()?,
            vec![-1, 0, 1]
        );
        assert_eq!(ivy::sign(&a(vec![0u8, 200]))?.to_vec::<u8>()?, vec![0, 1]);
        let y = ivy::sign(&a(vec![
            -2.0f64,
            -0.0,
            0.0,
            3.0,
            f64::NEG_INFINITY,
            f64::NAN,
        ]))?
        .to_vec::<f64>()?;
        assert_eq!(&y[..5], &[-1.0, 0.0, 0.0, 1.0, -1.0]);
        assert!(y[5].is_nan());
        assert_eq!(
            ivy::sign(&a(vec![bf16::from_f32(-0.25)]))?.to_vec::<bf16>()?,
            vec![bf16::from_f32(-1.0)]
        );
        let y = ivy::sign(&a(cplx(&[
            (3.0, 4.0),
            (0.0, 0.0),
            (f64::INFINITY, 1.0),
            (0.0, -2.0),
        ])))?;
        assert_eq!(y.dtype(), Dtype::Complex128);
        assert_cnear(
            &y.to_vec::<Complex64>()?,
            &cplx(&[(0.6, 0.8), (0.0, 0.0), (1.0, 0.0), (0.0, -1.0)]),
            1e-16,
        );
        let y = c64s(&ivy::sign(&a(cplx(&[(f64::NAN, 0.0)])))?)?;
        assert!(y[0].re.is_nan() && y[0].im.is_nan());
        Ok(())
    }

    #[test]
    fn rounding_functions() -> Result<()> {
        let xs = vec![-1.5f32, -0.2, 0.2, 1.5, 2.5, f32::INFINITY];
        assert_eq!(
            ivy::ceil(&a(xs.clone()))?.to_vec::<f32>()?,
            vec![-1.0, -0.0, 1.0, 2.0, 3.0, f32::INFINITY]
        );
        assert_eq!(
            ivy::floor(&a(xs.clone()))?.to_vec::<f32>()?,
            vec![-2.0, -1.0, 0.0, 1.0, 2.0, f32::INFINITY]
        );
        assert_eq!(
            ivy::trunc(&a(xs.clone()))?.to_vec::<f32>()?,
            vec![-1.0, -0.0, 0.0, 1.0, 2.0, f32::INFINITY]
        );
        assert_eq!(
            ivy::round(&a(xs))?.to_vec::<f32>()?,
            vec![-2.0, -0.0, 0.0, 2.0, 2.0, f32::INFINITY]
        );
        let h: Vec<f16> = [-1.5f32, 0.5, 2.7]
            .iter()
            .map(|&v| f16::from_f32(v))
            .collect();
        let want: Vec<f16> = [-2.0f32, 0.0, 3.0]
            .iter()
            .map(|&v| f16::from_f32(v))
            .collect();
        assert_eq!(ivy::round(&a(h.clone()))?.to_vec::<f16>()?, want);
        let want: Vec<f16> = [-2.0f32, 0.0, 2.0]
            .iter()
            .map(|&v| f16::from_f32(v))
            .collect();
        assert_eq!(ivy::floor(&a(h))?.to_vec::<f16>()?, want);
        // Integers come back unchanged, in their dtype.
        let i = a(vec![-3i16, 7]);
        for y in [
            ivy::ceil(&i)?,
            ivy::floor(&i)?,
            ivy::trunc(&i)?,
            ivy::round(&i)?,
        ] {
            assert_eq!(y.to_vec::<i16>()?, vec![-3, 7]);
        }
        assert!(ivy::ceil(&a(vec![Complex64::new(1.0, 1.0)])).is_err());
        Ok(())
    }

    #[test]
    fn round_with_decimals_halves_to_even() -> Result<()> {
        let r = |x: &Array, d: i64| ivy::round_with(x, Round::new().decimals(d));
        assert_eq!(
            r(&a(vec![1.234f32, 5.678, -0.05]), 1)?.to_vec::<f32>()?,
            vec![1.2, 5.7, -0.0]
        );
        // NumPy scales, rounds and scales back: 2.675 * 100 rounds up to
        // exactly 267.5 (so 2.68, where Python's exact round gives 2.67),
        // 1.005 * 100 is 100.49999999999999, 0.125 * 100 is an exact half.
        assert_eq!((2.675f64 * 100.0).round_ties_even() / 100.0, 2.68);
        assert_eq!(
            r(&a(vec![2.675f64, 1.005, 0.125]), 2)?.to_vec::<f64>()?,
            vec![2.68, 1.0, 0.12]
        );
        assert_eq!(
            r(&a(vec![15.0f64, 25.0, -35.0, 1234.5]), -1)?.to_vec::<f64>()?,
            vec![20.0, 20.0, -40.0, 1230.0]
        );
        assert_eq!(r(&a(vec![1.5e300f64]), -400)?.to_vec::<f64>()?, vec![0.0]);
        assert_eq!(
            r(&a(vec![1.25f64, f64::INFINITY]), 400)?.to_vec::<f64>()?,
            vec![1.25, f64::INFINITY]
        );
        assert!(r(&a(vec![f64::NAN]), 3)?.to_vec::<f64>()?[0].is_nan());
        // Integers: exact, halves to even, wrapping into the dtype.
        assert_eq!(
            r(&a(vec![15i32, 25, -15, -25, 14, 16]), -1)?.to_vec::<i32>()?,
            vec![20, 20, -20, -20, 10, 20]
        );
        assert_eq!(
            r(&a(vec![125i8, 126, -128]), -1)?.to_vec::<i8>()?,
            vec![120, -126, 126]
        );
        assert_eq!(
            r(&a(vec![i64::MAX, 12345]), -40)?.to_vec::<i64>()?,
            vec![0, 0]
        );
        assert_eq!(
            r(&a(vec![u64::MAX]), -19)?.to_vec::<u64>()?,
            vec![(20_000_000_000_000_000_000u128 % (1u128 << 64)) as u64]
        );
        assert_eq!(r(&a(vec![7u8]), 2)?.to_vec::<u8>()?, vec![7]);
        let y = r(&a(vec![bf16::from_f32(1.23456)]), 2)?.to_vec::<bf16>()?;
        assert_eq!(y, vec![bf16::from_f32(1.23)]);
        Ok(())
    }

    #[test]
    fn negative_positive_square() -> Result<()> {
        assert_eq!(
            ivy::negative(&a(vec![1u8, 0]))?.to_vec::<u8>()?,
            vec![255, 0]
        );
        assert_eq!(
            ivy::negative(&a(vec![i8::MIN, 5]))?.to_vec::<i8>()?,
            vec![i8::MIN, -5]
        );
        assert_eq!((-&a(vec![1.5f64]))?.to_vec::<f64>()?, vec![-1.5]);
        assert_eq!(
            ivy::negative(&a(vec![f16::ONE]))?.to_vec::<f16>()?,
            vec![f16::NEG_ONE]
        );
        let x = a(vec![1i32, -2]);
        let p = ivy::positive(&x)?;
        assert!(p.shares_data_with(&x));
        assert_eq!(p, x);
        assert_eq!(ivy::square(&a(vec![-3i8, 16]))?.to_vec::<i8>()?, vec![9, 0]);
        assert_eq!(
            ivy::square(&a(vec![Complex32::new(1.0, 2.0)]))?.to_vec::<Complex32>()?,
            vec![Complex32::new(-3.0, 4.0)]
        );
        assert_eq!(
            ivy::square(&a(vec![bf16::from_f32(3.0)]))?.to_vec::<bf16>()?,
            vec![bf16::from_f32(9.0)]
        );
        assert!(ivy::negative(&a(vec![true])).is_err());
        Ok(())
    }

    #[test]
    fn predicates_return_bool_for_every_dtype() -> Result<()> {
        let (inf, nan) = (f64::INFINITY, f64::NAN);
        let x = a(vec![1.0, inf, -inf, nan]);
        assert_eq!(
            ivy::isfinite(&x)?.to_vec::<bool>()?,
            vec![true, false, false, false]
        );
        assert_eq!(
            ivy::isinf(&x)?.to_vec::<bool>()?,
            vec![false, true, true, false]
        );
        assert_eq!(
            ivy::isnan(&x)?.to_vec::<bool>()?,
            vec![false, false, false, true]
        );
        assert_eq!(ivy::isreal(&x)?.to_vec::<bool>()?, vec![true; 4]);
        let h = a(vec![f16::INFINITY, f16::NAN, f16::MAX]);
        assert_eq!(ivy::isinf(&h)?.to_vec::<bool>()?, vec![true, false, false]);
        assert_eq!(ivy::isnan(&h)?.to_vec::<bool>()?, vec![false, true, false]);
        let z = a(cplx(&[
            (1.0, 0.0),
            (1.0, inf),
            (nan, 0.0),
            (0.0, -0.0),
            (0.0, 2.0),
        ]));
        assert_eq!(
            ivy::isfinite(&z)?.to_vec::<bool>()?,
            vec![true, false, false, true, true]
        );
        assert_eq!(
            ivy::isinf(&z)?.to_vec::<bool>()?,
            vec![false, true, false, false, false]
        );
        assert_eq!(
            ivy::isnan(&z)?.to_vec::<bool>()?,
            vec![false, false, true, false, false]
        );
        assert_eq!(
            ivy::isreal(&z)?.to_vec::<bool>()?,
            vec![true, false, true, true, false]
        );
        for x in [
            a(vec![i64::MIN, 0]),
            a(vec![u8::MAX, 0]),
            a(vec![true, false]),
        ] {
            assert_eq!(ivy::isfinite(&x)?.to_vec::<bool>()?, vec![true, true]);
            assert_eq!(ivy::isinf(&x)?.to_vec::<bool>()?, vec![false, false]);
            assert_eq!(ivy::isnan(&x)?.to_vec::<bool>()?, vec![false, false]);
            assert_eq!(ivy::isreal(&x)?.to_vec::<bool>()?, vec![true, true]);
        }
        Ok(())
    }

    #[test]
    fn logical_ops_treat_nonzero_as_true() -> Result<()> {
        assert_eq!(
            ivy::logical_not(&a(vec![0i32, 3]))?.to_vec::<bool>()?,
            vec![true, false]
        );
        // NaN is not zero, so it is true (NumPy).
        assert_eq!(
            ivy::logical_not(&a(vec![0.0f32, -0.0, f32::NAN]))?.to_vec::<bool>()?,
            vec![true, true, false]
        );
        assert_eq!(
            ivy::logical_not(&a(cplx(&[(0.0, 1.0), (0.0, 0.0)])))?.to_vec::<bool>()?,
            vec![false, true]
        );
        assert_eq!(
            ivy::logical_not(&a(vec![true, false]))?.to_vec::<bool>()?,
            vec![false, true]
        );
        let x = a(vec![0u8, 0, 5, 5]);
        let y = a(vec![0u8, 7, 0, 7]);
        assert_eq!(
            ivy::logical_and(&x, &y)?.to_vec::<bool>()?,
            vec![false, false, false, true]
        );
        assert_eq!(
            ivy::logical_or(&x, &y)?.to_vec::<bool>()?,
            vec![false, true, true, true]
        );
        assert_eq!(
            ivy::logical_xor(&x, &y)?.to_vec::<bool>()?,
            vec![false, true, true, false]
        );
        let z = a(cplx(&[(0.0, 1.0), (0.0, 0.0)]));
        assert_eq!(
            ivy::logical_and(&z, &z)?.to_vec::<bool>()?,
            vec![true, false]
        );
        let b = a(vec![true, false]);
        assert_eq!(
            ivy::logical_xor(&b, &a(vec![true, true]))?.to_vec::<bool>()?,
            vec![false, true]
        );
        Ok(())
    }

    #[test]
    fn bitwise_ops_on_integers_and_bools() -> Result<()> {
        assert_eq!(
            ivy::bitwise_invert(&a(vec![0u8, 255, 1]))?.to_vec::<u8>()?,
            vec![255, 0, 254]
        );
        assert_eq!((!&a(vec![5i32, -1]))?.to_vec::<i32>()?, vec![-6, 0]);
        assert_eq!(
            ivy::bitwise_invert(&a(vec![true, false]))?.to_vec::<bool>()?,
            vec![false, true]
        );
        let (x, y) = (a(vec![12i64, -1]), a(vec![10i64, 6]));
        assert_eq!(ivy::bitwise_and(&x, &y)?.to_vec::<i64>()?, vec![8, 6]);
        assert_eq!(ivy::bitwise_or(&x, &y)?.to_vec::<i64>()?, vec![14, -1]);
        assert_eq!(ivy::bitwise_xor(&x, &y)?.to_vec::<i64>()?, vec![6, -7]);
        let (p, q) = (a(vec![true, true, false]), a(vec![true, false, false]));
        assert_eq!((&p & &q)?.to_vec::<bool>()?, vec![true, false, false]);
        assert_eq!((&p | &q)?.to_vec::<bool>()?, vec![true, true, false]);
        assert_eq!((&p ^ &q)?.to_vec::<bool>()?, vec![false, true, false]);
        assert!(ivy::bitwise_and(&a(vec![1.0f32]), &a(vec![1.0f32])).is_err());
        assert!(ivy::bitwise_invert(&a(vec![1.0f64])).is_err());
        Ok(())
    }

    #[test]
    fn shifts_saturate_past_the_bit_width() -> Result<()> {
        assert_eq!((&a(vec![1u8, 3]) << 2)?.to_vec::<u8>()?, vec![4, 12]);
        let l = ivy::bitwise_left_shift(&a(vec![1i8, 1, 1, 3, -1]), &a(vec![7i8, 8, -1, 6, 3]))?;
        assert_eq!(l.to_vec::<i8>()?, vec![i8::MIN, 0, 0, -64, -8]);
        let l = ivy::bitwise_left_shift(&a(vec![1u64, 1]), &a(vec![63u64, 64]))?;
        assert_eq!(l.to_vec::<u64>()?, vec![1 << 63, 0]);
        let r = ivy::bitwise_right_shift(
            &a(vec![-16i32, 16, -16, 16, -1]),
            &a(vec![2i32, 2, 40, 40, -3]),
        )?;
        assert_eq!(r.to_vec::<i32>()?, vec![-4, 4, -1, 0, -1]);
        let r = ivy::bitwise_right_shift(&a(vec![200u8, 200]), &a(vec![3u8, 8]))?;
        assert_eq!(r.to_vec::<u8>()?, vec![25, 0]);
        assert!(ivy::bitwise_left_shift(&a(vec![true]), &a(vec![true])).is_err());
        Ok(())
    }

    #[test]
    fn gcd_and_lcm_of_absolute_values() -> Result<()> {
        let g = ivy::gcd(
            &a(vec![12i32, -18, 0, 0, 7, i32::MIN]),
            &a(vec![8i32, 12, 0, -5, 13, 6]),
        )?;
        assert_eq!(g.to_vec::<i32>()?, vec![4, 6, 0, 5, 1, 2]);
        // |i8::MIN| = 128 does not fit: it wraps, as in NumPy.
        assert_eq!(
            ivy::gcd(&a(vec![i8::MIN]), &a(vec![0i8]))?.to_vec::<i8>()?,
            vec![i8::MIN]
        );
        let l = ivy::lcm(&a(vec![4i16, -4, 0, 21]), &a(vec![6i16, 6, 5, -6]))?;
        assert_eq!(l.to_vec::<i16>()?, vec![12, 12, 0, 42]);
        // lcm(200, 3) = 600 wraps to 600 - 512 = 88 in uint8.
        assert_eq!(
            ivy::lcm(&a(vec![200u8]), &a(vec![3u8]))?.to_vec::<u8>()?,
            vec![88]
        );
        assert_eq!(
            ivy::gcd(&a(vec![u64::MAX]), &a(vec![5u64]))?.to_vec::<u64>()?,
            vec![5]
        );
        assert!(ivy::gcd(&a(vec![1.0f64]), &a(vec![1.0f64])).is_err());
        Ok(())
    }

    #[test]
    fn real_and_imag_and_conj() -> Result<()> {
        let z = a(vec![Complex32::new(1.5, -2.0), Complex32::new(0.0, 3.0)]);
        let re = ivy::real(&z)?;
        assert_eq!(
            (re.dtype(), re.to_vec::<f32>()?),
            (Dtype::Float32, vec![1.5, 0.0])
        );
        let im = ivy::imag(&z)?;
        assert_eq!(
            (im.dtype(), im.to_vec::<f32>()?),
            (Dtype::Float32, vec![-2.0, 3.0])
        );
        let c = ivy::conj(&z)?.to_vec::<Complex32>()?;
        assert_eq!(c, vec![Complex32::new(1.5, 2.0), Complex32::new(0.0, -3.0)]);
        let z = a(cplx(&[(1.0, 2.0)]));
        assert_eq!(ivy::imag(&z)?.to_vec::<f64>()?, vec![2.0]);
        // Real inputs: real and conj are the input; imag is zeros of its dtype.
        let x = a(vec![-4i16, 5]);
        assert!(ivy::real(&x)?.shares_data_with(&x));
        assert!(ivy::conj(&x)?.shares_data_with(&x));
        assert_eq!(ivy::imag(&x)?.to_vec::<i16>()?, vec![0, 0]);
        assert_eq!(
            ivy::imag(&a(vec![f16::ONE]))?.to_vec::<f16>()?,
            vec![f16::ZERO]
        );
        Ok(())
    }

    #[test]
    fn angle_of_reals_and_complex() -> Result<()> {
        use std::f64::consts::PI;
        let y = ivy::angle(&a(vec![1.0f64, -1.0, 0.0, -0.0, f64::NAN]))?.to_vec::<f64>()?;
        assert_eq!(&y[..4], &[0.0, PI, 0.0, PI]);
        assert!(y[4].is_nan());
        let deg = |x: &Array| ivy::angle_with(x, Angle::new().deg(true));
        assert_eq!(
            deg(&a(vec![-2.0f32, 3.0]))?.to_vec::<f32>()?,
            vec![180.0, 0.0]
        );
        let y = deg(&a(cplx(&[(0.0, 1.0), (-1.0, 0.0), (1.0, -1.0)])))?;
        assert_eq!(
            (y.dtype(), y.to_vec::<f64>()?),
            (Dtype::Float64, vec![90.0, 180.0, -45.0])
        );
        let y = ivy::angle(&a(vec![Complex32::new(1.0, 1.0)]))?;
        assert_eq!(y.to_vec::<f32>()?, vec![std::f32::consts::FRAC_PI_4]);
        let y = ivy::angle(&a(vec![-3i32]))?;
        assert_eq!(
            (y.dtype(), y.to_vec::<f32>()?),
            (Dtype::Float32, vec![std::f32::consts::PI])
        );
        let y = ivy::angle(&a(vec![bf16::from_f32(-1.0)]))?.to_vec::<bf16>()?;
        assert_eq!(y, vec![bf16::from_f64(PI)]);
        Ok(())
    }

    #[test]
    fn nan_to_num_defaults_and_values() -> Result<()> {
        let (inf, nan) = (f32::INFINITY, f32::NAN);
        let x = a(vec![nan, inf, -inf, 1.0]);
        assert_eq!(
            ivy::nan_to_num(&x)?.to_vec::<f32>()?,
            vec![0.0, f32::MAX, f32::MIN, 1.0]
        );
        let y = ivy::nan_to_num_with(
            &x,
            NanToNum::new()
                .nan(-1.0)
                .posinf(9.0)
                .neginf(-9.0)
                .copy(false),
        )?;
        assert_eq!(y.to_vec::<f32>()?, vec![-1.0, 9.0, -9.0, 1.0]);
        let h = a(vec![f16::NAN, f16::INFINITY, f16::NEG_INFINITY]);
        assert_eq!(
            ivy::nan_to_num(&h)?.to_vec::<f16>()?,
            vec![f16::ZERO, f16::from_f32(65504.0), f16::from_f32(-65504.0)]
        );
        let z = a(cplx(&[(f64::NAN, f64::INFINITY), (f64::NEG_INFINITY, 2.0)]));
        let y = ivy::nan_to_num_with(&z, NanToNum::new().nan(5.0))?.to_vec::<Complex64>()?;
        assert_eq!(y, cplx(&[(5.0, f64::MAX), (f64::MIN, 2.0)]));
        let i = a(vec![3i64]);
        assert!(ivy::nan_to_num(&i)?.shares_data_with(&i));
        Ok(())
    }

    #[test]
    fn arithmetic_wraps_and_broadcasts() -> Result<()> {
        assert_eq!(
            ivy::multiply(&a(vec![100i8, -128]), &a(vec![2i8, -1]))?.to_vec::<i8>()?,
            vec![-56, -128]
        );
        assert_eq!((&a(vec![250u8]) + &a(vec![10u8]))?.to_vec::<u8>()?, vec![4]);
        assert_eq!(
            (&a(vec![3u16]) - &a(vec![5u16]))?.to_vec::<u16>()?,
            vec![65534]
        );
        let m = arr(&[2, 3], vec![1i32, 2, 3, 4, 5, 6])?;
        let row = a(vec![10i32, 20, 30]);
        let col = arr(&[2, 1], vec![1i32, -1])?;
        let y = ivy::multiply(&m, &row)?;
        assert_eq!(
            (y.shape().dims().to_vec(), y.to_vec::<i32>()?),
            (vec![2, 3], vec![10, 40, 90, 40, 100, 180])
        );
        let y = ivy::multiply(&col, &row)?;
        assert_eq!(
            (y.shape().dims().to_vec(), y.to_vec::<i32>()?),
            (vec![2, 3], vec![10, 20, 30, -10, -20, -30])
        );
        let y = ivy::multiply(
            &a(vec![Complex64::new(1.0, 2.0)]),
            &a(vec![Complex64::new(3.0, -1.0)]),
        )?;
        assert_eq!(y.to_vec::<Complex64>()?, vec![Complex64::new(5.0, 5.0)]);
        let y = ivy::multiply(
            &a(vec![f16::from_f32(300.0)]),
            &a(vec![f16::from_f32(300.0)]),
        )?;
        assert!(y.to_vec::<f16>()?[0].is_infinite());
        let y = ivy::divide(&a(vec![1.0f64, -1.0, 0.0]), &a(vec![0.0f64, 0.0, 0.0]))?
            .to_vec::<f64>()?;
        assert_eq!(&y[..2], &[f64::INFINITY, f64::NEG_INFINITY]);
        assert!(y[2].is_nan());
        let y = ivy::divide(&a(vec![1i32, 3]), &a(vec![2i32, 0]))?;
        assert_eq!(
            (y.dtype(), y.to_vec::<f32>()?),
            (Dtype::Float32, vec![0.5, f32::INFINITY])
        );
        Ok(())
    }

    #[test]
    fn floor_divide_and_remainder_follow_python() -> Result<()> {
        let x = a(vec![7i32, -7, 7, -7, 5, i32::MIN]);
        let y = a(vec![2i32, 2, -2, -2, 0, -1]);
        assert_eq!(
            ivy::floor_divide(&x, &y)?.to_vec::<i32>()?,
            vec![3, -4, -4, 3, 0, i32::MIN]
        );
        let y3 = a(vec![3i32, 3, -3, -3, 0, -1]);
        assert_eq!(
            ivy::remainder(&x, &y3)?.to_vec::<i32>()?,
            vec![1, 2, -2, -1, 0, 0]
        );
        assert_eq!((&x % &y3)?.to_vec::<i32>()?, vec![1, 2, -2, -1, 0, 0]);
        let fm = ivy::remainder_with(&x, &y3, Remainder::new().modulus(false))?;
        assert_eq!(fm.to_vec::<i32>()?, vec![1, -1, 1, -1, 0, 0]);
        assert_eq!(
            ivy::floor_divide(&a(vec![7u8, 9]), &a(vec![2u8, 0]))?.to_vec::<u8>()?,
            vec![3, 0]
        );
        assert_eq!(
            ivy::remainder(&a(vec![7u8, 9]), &a(vec![2u8, 0]))?.to_vec::<u8>()?,
            vec![1, 0]
        );

        // Floats: Python's // and %. 1.0 // 0.1 is 9.0 (0.1 is above 1/10).
        let xf = a(vec![7.0f64, -7.0, 7.5, -7.5, 1.0, -0.0, 1.0, -1.0, 0.0]);
        let yf = a(vec![2.0f64, 2.0, -2.0, 2.0, 0.1, 1.0, 0.0, 0.0, 0.0]);
        let q = ivy::floor_divide(&xf, &yf)?.to_vec::<f64>()?;
        assert_eq!(&q[..6], &[3.0, -4.0, -4.0, -4.0, 9.0, -0.0]);
        assert!(q[5].is_sign_negative());
        assert_eq!(&q[6..8], &[f64::INFINITY, f64::NEG_INFINITY]);
        assert!(q[8].is_nan());
        let r = ivy::remainder(&xf, &yf)?.to_vec::<f64>()?;
        assert_near(
            &r[..6],
            &[1.0, 1.0, -0.5, 0.5, 1.0 - 9.0 * 0.1, 0.0],
            1e-15,
            1e-16,
        );
        // -0.0 % 1.0 is +0.0 in Python (the sign of the divisor).
        assert!(r[5].is_sign_positive());
        assert!(r[6..].iter().all(|v| v.is_nan()));
        let h = ivy::floor_divide(&a(vec![f16::from_f32(-7.0)]), &a(vec![f16::from_f32(2.0)]))?;
        assert_eq!(h.to_vec::<f16>()?, vec![f16::from_f32(-4.0)]);
        let h = ivy::remainder(
            &a(vec![bf16::from_f32(-7.0)]),
            &a(vec![bf16::from_f32(3.0)]),
        )?;
        assert_eq!(h.to_vec::<bf16>()?, vec![bf16::from_f32(2.0)]);
        assert!(
            ivy::remainder(
                &a(vec![Complex64::new(1.0, 0.0)]),
                &a(vec![Complex64::new(1.0, 0.0)])
            )
            .is_err()
        );
        Ok(())
    }

    #[test]
    fn fmod_and_trunc_divide_round_toward_zero() -> Result<()> {
        assert_eq!(
            ivy::fmod(&a(vec![-7i64, 7, 5, i64::MIN]), &a(vec![3i64, -3, 0, -1]))?
                .to_vec::<i64>()?,
            vec![-1, 1, 0, 0]
        );
        let y =
            ivy::fmod(&a(vec![-7.5f32, 7.5, 1.0]), &a(vec![2.0f32, -2.0, 0.0]))?.to_vec::<f32>()?;
        assert_eq!(&y[..2], &[-1.5, 1.5]);
        assert!(y[2].is_nan());
        let t = ivy::trunc_divide(&a(vec![7i32, -7, 1, i32::MIN]), &a(vec![2i32, 2, 0, -1]))?;
        assert_eq!(t.to_vec::<i32>()?, vec![3, -3, 0, i32::MIN]);
        let t = ivy::trunc_divide(&a(vec![7.5f64, -7.5, 1.0]), &a(vec![-2.0f64, 2.0, 0.0]))?
            .to_vec::<f64>()?;
        assert_eq!(t, vec![-3.0, -3.0, f64::INFINITY]);
        let t = ivy::trunc_divide(&a(vec![f16::from_f32(-7.0)]), &a(vec![f16::from_f32(2.0)]))?;
        assert_eq!(t.to_vec::<f16>()?, vec![f16::from_f32(-3.0)]);
        Ok(())
    }

    #[test]
    fn asinh_and_acosh_do_not_overflow_near_the_largest_value() -> Result<()> {
        // asinh(x) = acosh(x) = ln(x) + ln(2) to the last bit for huge x:
        // ln(f64::MAX) = 709.782712893384, ln(f32::MAX) = 88.72283.
        let want64 = 709.782712893384f64 + std::f64::consts::LN_2;
        let x = a(vec![f64::MAX, -f64::MAX, 1e300]);
        let s = ivy::asinh(&x)?.to_vec::<f64>()?;
        assert!((s[0] - want64).abs() < 1e-12 && (s[1] + want64).abs() < 1e-12);
        assert!((s[2] - (300.0 * std::f64::consts::LN_10 + std::f64::consts::LN_2)).abs() < 1e-12);
        let c = ivy::acosh(&x)?.to_vec::<f64>()?;
        assert!((c[0] - want64).abs() < 1e-12 && c[1].is_nan());
        let want32 = 88.72283f32 + std::f32::consts::LN_2;
        let x = a(vec![f32::MAX]);
        assert!((ivy::asinh(&x)?.to_vec::<f32>()?[0] - want32).abs() < 1e-4);
        assert!((ivy::acosh(&x)?.to_vec::<f32>()?[0] - want32).abs() < 1e-4);
        // bfloat16's largest value (3.39e38): 89.4 rounds to 89.5.
        let x = a(vec![bf16::MAX]);
        assert_eq!(
            ivy::asinh(&x)?.to_vec::<bf16>()?,
            vec![bf16::from_f32(89.5)]
        );
        assert_eq!(
            ivy::acosh(&x)?.to_vec::<bf16>()?,
            vec![bf16::from_f32(89.5)]
        );
        // Near 1, acosh(1 + d) = sqrt(2 d) (1 - d / 12): no cancellation.
        let d = 1e-10f64;
        let c = ivy::acosh(&a(vec![1.0 + d, 1.0, 0.5, f64::INFINITY]))?.to_vec::<f64>()?;
        let want = (2.0 * d).sqrt();
        assert!((c[0] - want).abs() < 1e-6 * want);
        assert_eq!(c[1], 0.0);
        assert!(c[2].is_nan());
        assert_eq!(c[3], f64::INFINITY);
        Ok(())
    }

    #[test]
    fn copysign_and_hypot() -> Result<()> {
        let (inf, nan) = (f64::INFINITY, f64::NAN);
        let y = ivy::copysign(
            &a(vec![1.5f64, -2.0, 0.0, inf, nan]),
            &a(vec![-0.0f64, 1.0, -1.0, -3.0, -1.0]),
        )?
        .to_vec::<f64>()?;
        assert_eq!(&y[..4], &[-1.5, 2.0, -0.0, -inf]);
        assert!(y[2].is_sign_negative() && y[4].is_nan() && y[4].is_sign_negative());
        // Broadcasting, and integers cast to the default float dtype.
        let y = ivy::copysign(&a(vec![1i32, 2, 3]), &a(vec![-1i32]))?;
        assert_eq!(y.dtype(), Dtype::Float32);
        assert_eq!(y.to_vec::<f32>()?, vec![-1.0, -2.0, -3.0]);
        let h = ivy::hypot(
            &a(vec![3.0f64, 3e300, 3e-300, inf, nan, -5.0]),
            &a(vec![4.0f64, 4e300, 4e-300, nan, 1.0, 12.0]),
        )?
        .to_vec::<f64>()?;
        assert_eq!(h[0], 5.0);
        assert!((h[1] - 5e300).abs() < 1e286 && (h[2] - 5e-300).abs() < 1e-314);
        assert_eq!(h[3], inf);
        assert!(h[4].is_nan());
        assert_eq!(h[5], 13.0);
        let h = ivy::hypot(&a(vec![f16::from_f32(3.0)]), &a(vec![f16::from_f32(4.0)]))?;
        assert_eq!(h.to_vec::<f16>()?, vec![f16::from_f32(5.0)]);
        Ok(())
    }

    #[test]
    fn logsumexp_is_stable() -> Result<()> {
        use ivy::opts::Logsumexp;
        let ln2 = std::f64::consts::LN_2;
        let x = arr(&[2, 2], vec![1000.0f64, 1000.0, -1000.0, -1000.0])?;
        let r = ivy::logsumexp_with(&x, Logsumexp::new().axis(1))?.to_vec::<f64>()?;
        assert!((r[0] - (1000.0 + ln2)).abs() < 1e-12 && (r[1] - (-1000.0 + ln2)).abs() < 1e-12);
        // log(e^0 + e^1 + e^2) = 2 + log(1 + e^-1 + e^-2) = 2.40760596444438.
        let r = ivy::logsumexp(&a(vec![0.0f32, 1.0, 2.0]))?;
        assert_eq!(r.shape().ndim(), 0);
        assert!((r.to_vec::<f32>()?[0] - 2.407_606).abs() < 1e-6);
        let k = ivy::logsumexp_with(&x, Logsumexp::new().axis(0).keepdims(true))?;
        assert_eq!(k.shape().dims(), &[1, 2]);
        let inf = f64::INFINITY;
        let r = ivy::logsumexp(&a(vec![-inf, -inf]))?.to_vec::<f64>()?;
        assert_eq!(r, vec![-inf]);
        let r = ivy::logsumexp(&a(vec![inf, 1.0]))?.to_vec::<f64>()?;
        assert_eq!(r, vec![inf]);
        let r = ivy::logsumexp(&a(Vec::<f64>::new()))?.to_vec::<f64>()?;
        assert_eq!(r, vec![-inf]);
        Ok(())
    }

    #[test]
    fn sigmoid_keeps_its_tail_and_linspace_rounds_once() -> Result<()> {
        // sigmoid(-12) = 1 / (1 + e^12) = 6.1441746e-6 (e^12 = 162754.79
        // overflows float16, which made it 0).
        let s =
            ivy::sigmoid(&a(vec![f16::from_f32(-12.0), f16::from_f32(12.0)]))?.to_vec::<f16>()?;
        assert!((s[0].to_f32() - 6.144_174_6e-6).abs() < 1e-7, "{}", s[0]);
        assert_eq!(s[1], f16::from_f32(0.999_993_85));
        let s = ivy::sigmoid(&a(vec![-800.0f64, 0.0, 800.0]))?.to_vec::<f64>()?;
        assert_eq!(s, vec![0.0, 0.5, 1.0]);
        // NumPy computes linspace in float64 and casts: -1 + 3/7 rounded once.
        let l = ivy::linspace_with(
            -1.0,
            2.0,
            7,
            ivy::opts::Linspace::new()
                .endpoint(false)
                .dtype(Dtype::Float32),
        )?;
        assert_eq!(l.to_vec::<f32>()?[1], (-1.0f64 + 3.0 / 7.0) as f32);
        Ok(())
    }

    #[test]
    fn round_of_complex_rounds_each_part() -> Result<()> {
        let z = a(cplx(&[(2.5, -1.5), (1.25, 0.35), (-0.5, f64::INFINITY)]));
        assert_eq!(
            ivy::round(&z)?.to_vec::<Complex64>()?,
            cplx(&[(2.0, -2.0), (1.0, 0.0), (-0.0, f64::INFINITY)])
        );
        let r = ivy::round_with(&z, Round::new().decimals(1))?.to_vec::<Complex64>()?;
        assert_eq!(r[0], Complex64::new(2.5, -1.5));
        assert_eq!(r[1], Complex64::new(1.2, 0.4));
        let z = a(vec![Complex32::new(1234.5, -0.5)]);
        let r = ivy::round_with(&z, Round::new().decimals(-2))?.to_vec::<Complex32>()?;
        assert_eq!(r, vec![Complex32::new(1200.0, -0.0)]);
        Ok(())
    }

    #[test]
    fn complex_pow_of_zero() -> Result<()> {
        // NumPy: 0^b is 0 when Re b > 0, 1 when b = 0, NaN otherwise.
        let zero = a(cplx(&[(0.0, 0.0); 6]));
        let b = a(cplx(&[
            (2.5, 0.0),
            (0.5, 1.0),
            (2.0, 0.0),
            (0.0, 0.0),
            (-1.0, 0.0),
            (0.0, 1.0),
        ]));
        let p = ivy::pow(&zero, &b)?.to_vec::<Complex64>()?;
        assert_eq!(
            &p[..4],
            &cplx(&[(0.0, 0.0), (0.0, 0.0), (0.0, 0.0), (1.0, 0.0)])[..]
        );
        assert!(p[4].re.is_nan() && p[5].re.is_nan());
        Ok(())
    }

    #[test]
    fn pow_of_integers_floats_and_complex() -> Result<()> {
        let p = ivy::pow(
            &a(vec![2i32, 3, 2, 1, -1, -1, 0, 5, 0]),
            &a(vec![3i32, 2, -1, -5, -2, -3, -1, 0, 0]),
        )?;
        assert_eq!(p.to_vec::<i32>()?, vec![8, 9, 0, 1, 1, -1, 0, 1, 1]);
        assert_eq!(
            ivy::pow(&a(vec![2i32]), &a(vec![31i32]))?.to_vec::<i32>()?,
            vec![i32::MIN]
        );
        // 3^40 mod 2^64, computed in u128.
        let want = (3u128.pow(40) % (1u128 << 64)) as u64 as i64;
        assert_eq!(
            ivy::pow(&a(vec![3i64]), &a(vec![40i64]))?.to_vec::<i64>()?,
            vec![want]
        );
        assert_eq!(
            ivy::pow(&a(vec![2u8, 3]), &a(vec![8u8, 255]))?.to_vec::<u8>()?,
            vec![0, 3u8.wrapping_pow(255)]
        );
        let y = ivy::pow(
            &a(vec![4.0f64, -8.0, 0.0, 2.0]),
            &a(vec![0.5f64, 1.0 / 3.0, 0.0, -1.0]),
        )?
        .to_vec::<f64>()?;
        assert_eq!(y[0], 2.0);
        assert!(y[1].is_nan());
        assert_eq!(&y[2..], &[1.0, 0.5]);
        let y = ivy::pow(&a(vec![f16::from_f32(3.0)]), &a(vec![f16::from_f32(2.0)]))?;
        assert_eq!(y.to_vec::<f16>()?, vec![f16::from_f32(9.0)]);
        // Complex: small integer powers multiply out exactly; 0^0 = 1.
        let z = a(cplx(&[
            (1.0, 1.0),
            (1.0, 1.0),
            (0.0, 1.0),
            (0.0, 0.0),
            (0.0, 0.0),
            (0.0, 0.0),
        ]));
        let e = a(cplx(&[
            (2.0, 0.0),
            (-1.0, 0.0),
            (0.0, 1.0),
            (0.0, 0.0),
            (2.0, 0.0),
            (-1.0, 0.0),
        ]));
        let y = ivy::pow(&z, &e)?.to_vec::<Complex64>()?;
        assert_eq!(&y[..2], &cplx(&[(0.0, 2.0), (0.5, -0.5)])[..]);
        assert_cnear(
            &y[2..3],
            &cplx(&[((-std::f64::consts::FRAC_PI_2).exp(), 0.0)]),
            1e-15,
        );
        assert_eq!(&y[3..5], &cplx(&[(1.0, 0.0), (0.0, 0.0)])[..]);
        assert!(y[5].re.is_nan() && y[5].im.is_nan());
        let y = ivy::pow(
            &a(vec![Complex32::new(0.0, 2.0)]),
            &a(vec![Complex32::new(3.0, 0.0)]),
        )?;
        assert_eq!(y.to_vec::<Complex32>()?, vec![Complex32::new(0.0, -8.0)]);
        Ok(())
    }

    #[test]
    fn atan2_covers_the_four_quadrants() -> Result<()> {
        let ys = vec![1.0f64, 1.0, -1.0, -1.0, 0.0, -0.0, 0.0, 2.0];
        let xs = vec![1.0f64, -1.0, -1.0, 1.0, -0.0, -1.0, 0.0, 0.0];
        let want: Vec<f64> = ys.iter().zip(&xs).map(|(y, x)| y.atan2(*x)).collect();
        assert_eq!(
            ivy::atan2(&a(ys.clone()), &a(xs.clone()))?.to_vec::<f64>()?,
            want
        );
        let y32: Vec<f32> = ys.iter().map(|&v| v as f32).collect();
        let x32: Vec<f32> = xs.iter().map(|&v| v as f32).collect();
        let want: Vec<f32> = y32.iter().zip(&x32).map(|(y, x)| y.atan2(*x)).collect();
        assert_eq!(ivy::atan2(&a(y32), &a(x32))?.to_vec::<f32>()?, want);
        let y = ivy::atan2(
            &a(vec![bf16::from_f32(1.0)]),
            &a(vec![bf16::from_f32(-1.0)]),
        )?;
        assert_eq!(
            y.to_vec::<bf16>()?,
            vec![bf16::from_f64(3.0 * std::f64::consts::FRAC_PI_4)]
        );
        Ok(())
    }

    #[test]
    fn maximum_minimum_propagate_nan_and_fmin_ignores_it() -> Result<()> {
        let nan = f64::NAN;
        let x = a(vec![1.0, nan, 3.0, nan, -0.5]);
        let y = a(vec![2.0, 1.0, nan, nan, -1.5]);
        let mx = ivy::maximum(&x, &y)?.to_vec::<f64>()?;
        assert_eq!((mx[0], mx[4]), (2.0, -0.5));
        assert!(mx[1].is_nan() && mx[2].is_nan() && mx[3].is_nan());
        let mn = ivy::minimum(&x, &y)?.to_vec::<f64>()?;
        assert_eq!((mn[0], mn[4]), (1.0, -1.5));
        assert!(mn[1].is_nan() && mn[2].is_nan() && mn[3].is_nan());
        let f = ivy::fmin(&x, &y)?.to_vec::<f64>()?;
        assert_eq!(&f[..3], &[1.0, 1.0, 3.0]);
        assert!(f[3].is_nan());
        assert_eq!(f[4], -1.5);
        let h = ivy::fmin(
            &a(vec![f16::NAN, f16::ONE]),
            &a(vec![f16::from_f32(2.0), f16::NAN]),
        )?;
        assert_eq!(h.to_vec::<f16>()?, vec![f16::from_f32(2.0), f16::ONE]);
        assert_eq!(
            ivy::maximum(&a(vec![1i8, -5]), &a(vec![-3i8, 2]))?.to_vec::<i8>()?,
            vec![1, 2]
        );
        assert_eq!(
            ivy::minimum(&a(vec![u64::MAX, 0]), &a(vec![1u64, 1]))?.to_vec::<u64>()?,
            vec![1, 0]
        );
        let (p, q) = (a(vec![true, true, false]), a(vec![true, false, false]));
        assert_eq!(
            ivy::maximum(&p, &q)?.to_vec::<bool>()?,
            vec![true, true, false]
        );
        assert_eq!(
            ivy::minimum(&p, &q)?.to_vec::<bool>()?,
            vec![true, false, false]
        );
        // Broadcasting against a 0-d array.
        let y = ivy::maximum(
            &arr(&[2, 2], vec![1.0f32, 5.0, -2.0, 0.0])?,
            &Array::scalar(0.5f32),
        )?;
        assert_eq!(
            (y.shape().dims().to_vec(), y.to_vec::<f32>()?),
            (vec![2, 2], vec![1.0, 5.0, 0.5, 0.5])
        );
        assert!(ivy::fmin(&a(vec![1i32]), &a(vec![2i32])).is_err());
        Ok(())
    }

    #[test]
    fn logaddexp_is_stable() -> Result<()> {
        let ln2 = std::f64::consts::LN_2;
        let (inf, nan) = (f64::INFINITY, f64::NAN);
        let x = a(vec![1000.0, -1000.0, 1.0, 0.5, -inf, inf, nan, -inf]);
        let y = a(vec![1000.0, -1000.0, 2.0, -3.0, -inf, 1.0, 1.0, 3.0]);
        let r = f64s(&ivy::logaddexp(&x, &y)?)?;
        let want = [
            1000.0 + ln2,
            -1000.0 + ln2,
            (1f64.exp() + 2f64.exp()).ln(),
            (0.5f64.exp() + (-3f64).exp()).ln(),
            -inf,
            inf,
            nan,
            3.0,
        ];
        assert_near(&r, &want, 1e-15, 0.0);
        let r = f64s(&ivy::logaddexp2(&x, &y)?)?;
        let want = [
            1001.0,
            -999.0,
            (2f64 + 4.0).log2(),
            (0.5f64.exp2() + (-3f64).exp2()).log2(),
            -inf,
            inf,
            nan,
            3.0,
        ];
        assert_near(&r, &want, 1e-15, 0.0);
        let r = ivy::logaddexp(&a(vec![100.0f32]), &a(vec![100.0f32]))?.to_vec::<f32>()?;
        assert_eq!(r, vec![100.0 + std::f32::consts::LN_2]);
        let r = ivy::logaddexp2(&a(vec![f16::from_f32(3.0)]), &a(vec![f16::from_f32(3.0)]))?;
        assert_eq!(r.to_vec::<f16>()?, vec![f16::from_f32(4.0)]);
        assert!(
            ivy::logaddexp(
                &a(vec![Complex64::new(1.0, 0.0)]),
                &a(vec![Complex64::new(1.0, 0.0)])
            )
            .is_err()
        );
        Ok(())
    }

    #[test]
    fn comparisons_for_every_dtype_class() -> Result<()> {
        let nan = f32::NAN;
        let x = a(vec![1.0f32, nan, 2.0, -0.0]);
        let y = a(vec![1.0f32, nan, 3.0, 0.0]);
        assert_eq!(
            ivy::equal(&x, &y)?.to_vec::<bool>()?,
            vec![true, false, false, true]
        );
        assert_eq!(
            ivy::not_equal(&x, &y)?.to_vec::<bool>()?,
            vec![false, true, true, false]
        );
        assert_eq!(
            ivy::less(&x, &y)?.to_vec::<bool>()?,
            vec![false, false, true, false]
        );
        assert_eq!(
            ivy::less_equal(&x, &y)?.to_vec::<bool>()?,
            vec![true, false, true, true]
        );
        assert_eq!(
            ivy::greater(&x, &y)?.to_vec::<bool>()?,
            vec![false, false, false, false]
        );
        assert_eq!(
            ivy::greater_equal(&x, &y)?.to_vec::<bool>()?,
            vec![true, false, false, true]
        );
        let (i, j) = (a(vec![u64::MAX, 0, 5]), a(vec![0u64, u64::MAX, 5]));
        assert_eq!(
            ivy::greater(&i, &j)?.to_vec::<bool>()?,
            vec![true, false, false]
        );
        assert_eq!(
            ivy::greater_equal(&i, &j)?.to_vec::<bool>()?,
            vec![true, false, true]
        );
        let (p, q) = (a(vec![false, true, true]), a(vec![true, false, true]));
        assert_eq!(
            ivy::less(&p, &q)?.to_vec::<bool>()?,
            vec![true, false, false]
        );
        assert_eq!(
            ivy::equal(&p, &q)?.to_vec::<bool>()?,
            vec![false, false, true]
        );
        let z = a(cplx(&[(1.0, 2.0), (1.0, 2.0)]));
        let w = a(cplx(&[(1.0, 2.0), (1.0, -2.0)]));
        assert_eq!(ivy::equal(&z, &w)?.to_vec::<bool>()?, vec![true, false]);
        assert_eq!(ivy::not_equal(&z, &w)?.to_vec::<bool>()?, vec![false, true]);
        assert!(ivy::less(&z, &w).is_err());
        let h = a(vec![bf16::from_f32(1.0), bf16::from_f32(-2.0)]);
        assert_eq!(
            ivy::greater(&h, &Array::scalar(bf16::ZERO))?.to_vec::<bool>()?,
            vec![true, false]
        );
        // Promotion: int32 against a float scalar.
        assert_eq!(
            ivy::equal(&a(vec![1i32, 2]), 2.0)?.to_vec::<bool>()?,
            vec![false, true]
        );
        Ok(())
    }

    #[test]
    fn empty_and_zero_dimensional_arrays() -> Result<()> {
        let e = arr(&[0, 3], Vec::<f32>::new())?;
        for y in [
            ivy::sin(&e)?,
            ivy::abs(&e)?,
            ivy::round(&e)?,
            ivy::nan_to_num(&e)?,
        ] {
            assert_eq!((y.shape().dims().to_vec(), y.size()), (vec![0, 3], 0));
        }
        let b = ivy::isnan(&e)?;
        assert_eq!(
            (b.dtype(), b.shape().dims().to_vec()),
            (Dtype::Bool, vec![0, 3])
        );
        let y = ivy::add(&e, &a(vec![1.0f32, 2.0, 3.0]))?;
        assert_eq!(y.shape().dims(), &[0, 3]);
        let y = ivy::multiply(&arr(&[0], Vec::<i64>::new())?, &Array::scalar(3i64))?;
        assert_eq!(y.shape().dims(), &[0]);
        let s = Array::scalar(-2.0f64);
        let y = ivy::exp(&s)?;
        assert_eq!((y.ndim(), y.to_vec::<f64>()?), (0, vec![(-2f64).exp()]));
        let y = ivy::floor_divide(&Array::scalar(7i32), &Array::scalar(-2i32))?;
        assert_eq!((y.ndim(), y.to_vec::<i32>()?), (0, vec![-4]));
        let y = ivy::less(&Array::scalar(1u8), &a(vec![0u8, 2]))?;
        assert_eq!(y.to_vec::<bool>()?, vec![false, true]);
        let y = ivy::isinf(&Array::scalar(Complex64::new(0.0, f64::INFINITY)))?;
        assert_eq!((y.ndim(), y.to_vec::<bool>()?), (0, vec![true]));
        Ok(())
    }

    #[test]
    fn shapes_that_do_not_broadcast_are_errors() {
        let x = a(vec![1.0f32, 2.0, 3.0]);
        let y = a(vec![1.0f32, 2.0]);
        for r in [
            ivy::add(&x, &y),
            ivy::multiply(&x, &y),
            ivy::pow(&x, &y),
            ivy::atan2(&x, &y),
            ivy::equal(&x, &y),
            ivy::logical_and(&x, &y),
            ivy::maximum(&x, &y),
        ] {
            assert!(matches!(r, Err(Error::Broadcast { .. })), "{r:?}");
        }
        let g = ivy::gcd(&a(vec![1i32, 2, 3]), &a(vec![1i32, 2]));
        assert!(matches!(g, Err(Error::Broadcast { .. })), "{g:?}");
    }

    #[test]
    fn dtypes_outside_the_spec_are_errors() {
        assert!(matches!(
            ivy::abs(&a(vec![true])),
            Err(Error::UnsupportedDtype { .. })
        ));
        assert!(ivy::sin(&a(vec![true])).is_err());
        assert!(
            ivy::floor_divide(
                &a(vec![Complex64::new(1.0, 0.0)]),
                &a(vec![Complex64::new(1.0, 0.0)])
            )
            .is_err()
        );
        assert!(ivy::bitwise_left_shift(&a(vec![1.0f32]), &a(vec![1.0f32])).is_err());
        assert!(
            ivy::maximum(
                &a(vec![Complex32::new(1.0, 0.0)]),
                &a(vec![Complex32::new(1.0, 0.0)])
            )
            .is_err()
        );
    }

    /// Every elementwise op, called through the catalogue with every dtype
    /// it claims on this backend, succeeds with the dtype its out rule
    /// says; every other dtype is an error, not a panic.
    #[test]
    fn every_op_runs_for_every_dtype_it_claims() -> Result<()> {
        let backend = ivy::current_backend();
        let mut count = 0;
        for op in catalogue::ops().filter(|o| o.category == "elementwise") {
            let Some(sample) = op.sample else { continue };
            let supported = op.supported_dtypes(backend);
            // An op that states its dtypes gets all of them here; one whose
            // dtypes are derived from its callees (`signbit`) gets what they
            // run, which the loop below checks cell by cell.
            if !op.derived_dtypes {
                assert_eq!(
                    supported,
                    op.dtypes & backend.valid_dtypes(),
                    "{}: a dtype the spec claims is tabled out",
                    op.name
                );
            }
            for d in DtypeSet::ALL.iter() {
                let r = op.call(&sample(d));
                if !supported.contains(d) {
                    assert!(r.is_err(), "{} accepted {d:?}", op.name);
                    continue;
                }
                let out = r.map_err(|e| Error::invalid(op.name, format!("{d:?}: {e}")))?;
                let k = op.kernel_dtype(d);
                let want = match op.out {
                    OutRule::Bool => Dtype::Bool,
                    OutRule::Real => k.real(),
                    _ => k,
                };
                assert_eq!(out[0].dtype(), want, "{} on {d:?}", op.name);
                count += 1;
            }
        }
        // 75 ops; most take 14 dtypes.
        assert!(count > 600, "only {count} (op, dtype) pairs ran");
        Ok(())
    }
}
