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

#[ivy::kernels]
impl ElementwiseKernels for NdarrayBackend {
    fn abs(&self, x: &Array) -> Result<Array> {
        if x.dtype().is_uint() {
            return Ok(x.clone());
        }
        numeric!("abs", x, T => host::map("abs", x, <T as Num>::magnitude))
    }

    fn acos(&self, x: &Array) -> Result<Array> {
        inexact_map!("acos", x, acos)
    }

    fn acosh(&self, x: &Array) -> Result<Array> {
        inexact_map!("acosh", x, acosh)
    }

    fn asin(&self, x: &Array) -> Result<Array> {
        inexact_map!("asin", x, asin)
    }

    fn asinh(&self, x: &Array) -> Result<Array> {
        inexact_map!("asinh", x, asinh)
    }

    fn atan(&self, x: &Array) -> Result<Array> {
        inexact_map!("atan", x, atan)
    }

    fn atanh(&self, x: &Array) -> Result<Array> {
        inexact_map!("atanh", x, atanh)
    }

    fn cos(&self, x: &Array) -> Result<Array> {
        inexact_map!("cos", x, cos)
    }

    fn cosh(&self, x: &Array) -> Result<Array> {
        inexact_map!("cosh", x, cosh)
    }

    fn exp(&self, x: &Array) -> Result<Array> {
        inexact_map!("exp", x, exp)
    }

    fn exp2(&self, x: &Array) -> Result<Array> {
        inexact_map!("exp2", x, exp2)
    }

    fn expm1(&self, x: &Array) -> Result<Array> {
        inexact_map!("expm1", x, expm1)
    }

    fn log(&self, x: &Array) -> Result<Array> {
        inexact_map!("log", x, ln)
    }

    fn log10(&self, x: &Array) -> Result<Array> {
        inexact_map!("log10", x, log10)
    }

    fn log1p(&self, x: &Array) -> Result<Array> {
        inexact_map!("log1p", x, log1p)
    }

    fn log2(&self, x: &Array) -> Result<Array> {
        inexact_map!("log2", x, log2)
    }

    fn sin(&self, x: &Array) -> Result<Array> {
        inexact_map!("sin", x, sin)
    }

    fn sinh(&self, x: &Array) -> Result<Array> {
        inexact_map!("sinh", x, sinh)
    }

    fn sqrt(&self, x: &Array) -> Result<Array> {
        inexact_map!("sqrt", x, sqrt)
    }

    fn tan(&self, x: &Array) -> Result<Array> {
        inexact_map!("tan", x, tan)
    }

    fn tanh(&self, x: &Array) -> Result<Array> {
        inexact_map!("tanh", x, tanh)
    }

    fn erf(&self, x: &Array) -> Result<Array> {
        floats!("erf", x, T => host::map("erf", x, <T as FloatOps>::erf))
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
        numeric!("add", x1, T => match alpha {
            None => host::zip("add", x1, x2, |a: T, b: T| a.add(b)),
            Some(s) => {
                let k: T = s.to_element();
                host::zip("add", x1, x2, move |a: T, b: T| a.add(k.mul(b)))
            }
        })
    }

    fn subtract(&self, x1: &Array, x2: &Array, alpha: Option<Scalar>) -> Result<Array> {
        numeric!("subtract", x1, T => match alpha {
            None => host::zip("subtract", x1, x2, |a: T, b: T| a.sub(b)),
            Some(s) => {
                let k: T = s.to_element();
                host::zip("subtract", x1, x2, move |a: T, b: T| a.sub(k.mul(b)))
            }
        })
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
        numeric!("pow", x1, T => host::zip("pow", x1, x2, <T as Num>::pow))
    }

    fn atan2(&self, x1: &Array, x2: &Array) -> Result<Array> {
        floats!("atan2", x1, T => host::zip("atan2", x1, x2, <T as FloatOps>::atan2))
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
        floats!("logaddexp", x1, T => host::zip("logaddexp", x1, x2, <T as FloatOps>::logaddexp))
    }

    fn logaddexp2(&self, x1: &Array, x2: &Array) -> Result<Array> {
        floats!("logaddexp2", x1, T => host::zip("logaddexp2", x1, x2, <T as FloatOps>::logaddexp2))
    }

    fn equal(&self, x1: &Array, x2: &Array) -> Result<Array> {
        all!("equal", x1, T => host::zip("equal", x1, x2, |a: T, b: T| a == b))
    }

    fn not_equal(&self, x1: &Array, x2: &Array) -> Result<Array> {
        all!("not_equal", x1, T => host::zip("not_equal", x1, x2, |a: T, b: T| a != b))
    }

    fn greater(&self, x1: &Array, x2: &Array) -> Result<Array> {
        ordered!("greater", x1, T => host::zip("greater", x1, x2, |a: T, b: T| a > b))
    }

    fn greater_equal(&self, x1: &Array, x2: &Array) -> Result<Array> {
        ordered!("greater_equal", x1, T => host::zip("greater_equal", x1, x2, |a: T, b: T| a >= b))
    }

    fn less(&self, x1: &Array, x2: &Array) -> Result<Array> {
        ordered!("less", x1, T => host::zip("less", x1, x2, |a: T, b: T| a < b))
    }

    fn less_equal(&self, x1: &Array, x2: &Array) -> Result<Array> {
        ordered!("less_equal", x1, T => host::zip("less_equal", x1, x2, |a: T, b: T| a <= b))
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
