//! Kernels of the elementwise ops, on candle's unary, binary and comparison
//! kernels.
//!
//! candle's float kernels (`exp`, `log`, `sin`, `neg`, `sqr`, ...) hit a
//! `todo!()` on integer tensors, so their tables list the float dtypes only;
//! the spec casts integers to float first for the ops that allow it (the
//! superset behaviour), so those ops still take integers. Where candle's
//! semantics differ from the spec's (NumPy's), the kernel adjusts:
//! `maximum`/`minimum` propagate NaN, `sign` keeps NaN, logical ops read
//! any nonzero value as true.

use crate::CandleBackend;
use crate::tensor::{err, mask, nonzero, scalar, tensor, wrap};
use candle_core::{DType, Tensor};
use ivy::kernels::ElementwiseKernels;
use ivy::{Array, Dtype, Result, Scalar};

type CResult<T> = candle_core::Result<T>;

fn is_float(d: Dtype) -> bool {
    matches!(
        d,
        Dtype::BFloat16 | Dtype::Float16 | Dtype::Float32 | Dtype::Float64
    )
}

/// `f` on the tensor of `x`; the result has `x`'s dtype.
fn unary(op: &str, x: &Array, f: impl FnOnce(&Tensor) -> CResult<Tensor>) -> Result<Array> {
    let t = tensor(op, x)?;
    Ok(wrap(f(&t).map_err(err(op))?, x.dtype()))
}

/// `f` on the tensors of `a` and `b` (promoted to one dtype by the
/// dispatcher); the result has `a`'s dtype.
fn binary(
    op: &str,
    a: &Array,
    b: &Array,
    f: impl FnOnce(&Tensor, &Tensor) -> CResult<Tensor>,
) -> Result<Array> {
    let (x, y) = (tensor(op, a)?, tensor(op, b)?);
    Ok(wrap(f(&x, &y).map_err(err(op))?, a.dtype()))
}

/// A comparison of `a` and `b`: candle's `u8` mask, as `bool`.
fn compare(
    op: &str,
    a: &Array,
    b: &Array,
    f: impl FnOnce(&Tensor, &Tensor) -> CResult<Tensor>,
) -> Result<Array> {
    let (x, y) = (tensor(op, a)?, tensor(op, b)?);
    Ok(mask(f(&x, &y).map_err(err(op))?))
}

/// `x * c` for a float tensor (a product, not candle's `affine`, whose
/// `+ 0.0` would turn `-0.0` into `0.0`).
fn scale(t: &Tensor, c: f64) -> CResult<Tensor> {
    t.broadcast_mul(&Tensor::new(c, t.device())?.to_dtype(t.dtype())?)
}

/// `r` with NaN wherever `a` or `b` is NaN (`a + b` is NaN there).
fn propagate_nan(a: &Tensor, b: &Tensor, r: Tensor) -> CResult<Tensor> {
    let na = a.ne(a)?;
    let nb = b.ne(b)?;
    let any = na.broadcast_maximum(&nb)?;
    let nan = a.broadcast_add(b)?;
    let shape = r.shape().clone();
    any.broadcast_as(&shape)?
        .where_cond(&nan.broadcast_as(&shape)?, &r)
}

/// `f` on `a` and `b`; for the integer dtypes narrower than `i64` the
/// arithmetic runs in `i64` and is cast back, which wraps as NumPy does
/// (candle's own integer arithmetic is Rust's `+`/`-`/`*`: an overflow
/// panics in debug builds and wraps in release ones). `i64` itself, and
/// `uint32` products past `i64`, keep candle's behaviour: in a debug build
/// the kernel guard turns the overflow into [`ivy::Error::KernelPanic`].
fn wrapping(
    a: &Tensor,
    b: &Tensor,
    f: impl FnOnce(&Tensor, &Tensor) -> CResult<Tensor>,
) -> CResult<Tensor> {
    let dt = a.dtype();
    if matches!(dt, DType::U8 | DType::U32 | DType::I16 | DType::I32) {
        f(&a.to_dtype(DType::I64)?, &b.to_dtype(DType::I64)?)?.to_dtype(dt)
    } else {
        f(a, b)
    }
}

/// `a ** b` for float tensors of one shape: `|a|^b` through candle's
/// `exp(b * log|a|)`, then C's `pow` rules: the sign for odd integer
/// exponents, NaN for negative finite bases with non-integer exponents, and
/// 1 when `b == 0` or `a == 1` (even with NaN on the other side).
fn float_pow(a: &Tensor, b: &Tensor) -> CResult<Tensor> {
    let shape = a.shape().clone();
    let r = b.mul(&a.abs()?.log()?)?.exp()?;
    let half = b.affine(0.5, 0.0)?;
    let integer = b.eq(&b.floor()?)?;
    let odd = half.ne(&half.floor()?)?.minimum(&integer)?;
    let negative = a.lt(0.0)?;
    let r = negative.minimum(&odd)?.where_cond(&r.neg()?, &r)?;
    let nan = negative
        .minimum(&integer.eq(0.0)?)?
        .minimum(&a.ne(f64::NEG_INFINITY)?)?;
    let nans = Tensor::full(f64::NAN, &shape, a.device())?.to_dtype(a.dtype())?;
    let r = nan.where_cond(&nans, &r)?;
    let one = b.eq(0.0)?.maximum(&a.eq(1.0)?)?;
    one.where_cond(&a.ones_like()?, &r)
}

/// `a ** b` for `f64` tensors of one shape holding integers, with the
/// ndarray backend's integer results: exponentiation by squaring (exact
/// while the values stay below 2^53), and for negative exponents `1` for
/// a base of `1`, `±1` for `-1` and `0` otherwise.
fn int_pow(a: &Tensor, b: &Tensor) -> CResult<Tensor> {
    let (zero, one) = (a.zeros_like()?, a.ones_like()?);
    let negative = b.lt(0.0)?;
    let mut e = negative.where_cond(&zero, b)?;
    let mut r = one.clone();
    if e.elem_count() > 0 {
        let mut left = e.max_all()?.to_scalar::<f64>()?;
        let mut base = a.clone();
        while left >= 1.0 {
            let half = e.affine(0.5, 0.0)?.floor()?;
            let odd = e.ne(&half.affine(2.0, 0.0)?)?;
            r = odd.where_cond(&r.mul(&base)?, &r)?;
            base = base.mul(&base)?;
            e = half;
            left = (left / 2.0).floor();
        }
    }
    let half_b = b.affine(0.5, 0.0)?;
    let odd_b = half_b.ne(&half_b.floor()?)?;
    let minus_one = odd_b.where_cond(&one.neg()?, &one)?;
    let inverse = a
        .eq(1.0)?
        .where_cond(&one, &a.eq(-1.0)?.where_cond(&minus_one, &zero)?)?;
    negative.where_cond(&inverse, &r)
}

/// `alpha * t` in `t`'s dtype.
fn times(op: &str, t: &Tensor, alpha: Scalar) -> Result<Tensor> {
    let a = scalar(op, alpha, t.dtype(), t.device())?;
    wrapping(t, &a, Tensor::broadcast_mul).map_err(err(op))
}

#[ivy::kernels]
impl ElementwiseKernels for CandleBackend {
    // Unsigned values are their own magnitude; candle's `abs` runs on every
    // dtype it has.
    fn abs(&self, x: &Array) -> Result<Array> {
        if x.dtype() == Dtype::UInt8 || x.dtype() == Dtype::UInt32 {
            return Ok(x.clone());
        }
        unary("abs", x, Tensor::abs)
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
    fn cos(&self, x: &Array) -> Result<Array> {
        unary("cos", x, Tensor::cos)
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
    fn exp(&self, x: &Array) -> Result<Array> {
        unary("exp", x, Tensor::exp)
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
    fn exp2(&self, x: &Array) -> Result<Array> {
        unary("exp2", x, |t| scale(t, std::f64::consts::LN_2)?.exp())
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
    fn log(&self, x: &Array) -> Result<Array> {
        unary("log", x, Tensor::log)
    }

    // `log(u) * x / (u - 1)` with `u = 1 + x` (Goldberg's trick), exact to
    // a few ulps where `log(1 + x)` would lose `x` entirely.
    #[supported_dtypes("0.1.0 and above" => (float))]
    fn log1p(&self, x: &Array) -> Result<Array> {
        unary("log1p", x, |t| {
            let u = t.affine(1.0, 1.0)?;
            let d = u.affine(1.0, -1.0)?;
            let r = u.log()?.mul(t)?.div(&d)?;
            let keep = d.eq(0.0)?.maximum(&t.eq(f64::INFINITY)?)?;
            keep.where_cond(t, &r)
        })
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
    fn log2(&self, x: &Array) -> Result<Array> {
        unary("log2", x, |t| scale(&t.log()?, std::f64::consts::LOG2_E))
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
    fn log10(&self, x: &Array) -> Result<Array> {
        unary("log10", x, |t| scale(&t.log()?, std::f64::consts::LOG10_E))
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
    fn sin(&self, x: &Array) -> Result<Array> {
        unary("sin", x, Tensor::sin)
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
    fn sqrt(&self, x: &Array) -> Result<Array> {
        unary("sqrt", x, Tensor::sqrt)
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
    fn tan(&self, x: &Array) -> Result<Array> {
        unary("tan", x, |t| t.sin()?.div(&t.cos()?))
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
    fn tanh(&self, x: &Array) -> Result<Array> {
        unary("tanh", x, Tensor::tanh)
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
    fn erf(&self, x: &Array) -> Result<Array> {
        unary("erf", x, Tensor::erf)
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
    fn deg2rad(&self, x: &Array) -> Result<Array> {
        unary("deg2rad", x, |t| scale(t, std::f64::consts::PI / 180.0))
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
    fn rad2deg(&self, x: &Array) -> Result<Array> {
        unary("rad2deg", x, |t| scale(t, 180.0 / std::f64::consts::PI))
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
    fn reciprocal(&self, x: &Array) -> Result<Array> {
        unary("reciprocal", x, Tensor::recip)
    }

    // candle's `sign` runs on every dtype but gives 0 for NaN; NumPy keeps
    // NaN.
    fn sign(&self, x: &Array) -> Result<Array> {
        unary("sign", x, |t| {
            let s = t.sign()?;
            if t.dtype().is_float() {
                t.ne(t)?.where_cond(t, &s)
            } else {
                Ok(s)
            }
        })
    }

    // Integers are their own floor and ceiling.
    fn ceil(&self, x: &Array) -> Result<Array> {
        if !is_float(x.dtype()) {
            return Ok(x.clone());
        }
        unary("ceil", x, Tensor::ceil)
    }

    fn floor(&self, x: &Array) -> Result<Array> {
        if !is_float(x.dtype()) {
            return Ok(x.clone());
        }
        unary("floor", x, Tensor::floor)
    }

    // `neg` is a `todo!()` on integers in candle; integers are `0 - x`
    // instead (wrapping for unsigned ones, as in NumPy).
    fn negative(&self, x: &Array) -> Result<Array> {
        unary("negative", x, |t| {
            if t.dtype().is_float() {
                t.neg()
            } else {
                wrapping(&t.zeros_like()?, t, Tensor::sub)
            }
        })
    }

    fn positive(&self, x: &Array) -> Result<Array> {
        Ok(x.clone())
    }

    // `sqr` is a `todo!()` on integers; they multiply instead.
    fn square(&self, x: &Array) -> Result<Array> {
        unary("square", x, |t| {
            if t.dtype().is_float() {
                t.sqr()
            } else {
                wrapping(t, t, Tensor::mul)
            }
        })
    }

    fn isfinite(&self, x: &Array) -> Result<Array> {
        let t = tensor("isfinite", x)?;
        let f = || -> CResult<Tensor> {
            if t.dtype().is_float() {
                // x - x is 0 for finite x and NaN for infinities and NaN.
                t.sub(&t)?.eq(0.0)
            } else {
                Tensor::ones(t.shape(), DType::U8, t.device())
            }
        };
        Ok(mask(f().map_err(err("isfinite"))?))
    }

    fn isinf(&self, x: &Array) -> Result<Array> {
        let t = tensor("isinf", x)?;
        let f = || -> CResult<Tensor> {
            if t.dtype().is_float() {
                t.abs()?.eq(f64::INFINITY)
            } else {
                Tensor::zeros(t.shape(), DType::U8, t.device())
            }
        };
        Ok(mask(f().map_err(err("isinf"))?))
    }

    fn isnan(&self, x: &Array) -> Result<Array> {
        let t = tensor("isnan", x)?;
        let f = || -> CResult<Tensor> {
            if t.dtype().is_float() {
                t.ne(&t)
            } else {
                Tensor::zeros(t.shape(), DType::U8, t.device())
            }
        };
        Ok(mask(f().map_err(err("isnan"))?))
    }

    fn logical_not(&self, x: &Array) -> Result<Array> {
        let t = tensor("logical_not", x)?;
        Ok(mask(t.eq(0.0).map_err(err("logical_not"))?))
    }

    fn add(&self, x1: &Array, x2: &Array, alpha: Option<Scalar>) -> Result<Array> {
        let op = "add";
        let (a, mut b) = (tensor(op, x1)?, tensor(op, x2)?);
        if let Some(alpha) = alpha {
            b = times(op, &b, alpha)?;
        }
        let r = wrapping(&a, &b, |a, b| a.broadcast_add(b));
        Ok(wrap(r.map_err(err(op))?, x1.dtype()))
    }

    fn subtract(&self, x1: &Array, x2: &Array, alpha: Option<Scalar>) -> Result<Array> {
        let op = "subtract";
        let (a, mut b) = (tensor(op, x1)?, tensor(op, x2)?);
        if let Some(alpha) = alpha {
            b = times(op, &b, alpha)?;
        }
        let r = wrapping(&a, &b, |a, b| a.broadcast_sub(b));
        Ok(wrap(r.map_err(err(op))?, x1.dtype()))
    }

    fn multiply(&self, x1: &Array, x2: &Array) -> Result<Array> {
        binary("multiply", x1, x2, |a, b| {
            wrapping(a, b, Tensor::broadcast_mul)
        })
    }

    // The spec casts integers to float first; candle's integer division
    // (truncating, and a panic on zero) is never reached.
    #[supported_dtypes("0.1.0 and above" => (float))]
    fn divide(&self, x1: &Array, x2: &Array) -> Result<Array> {
        binary("divide", x1, x2, Tensor::broadcast_div)
    }

    // candle's `pow` is `exp(b * log(a))`, NaN for every negative base.
    // Here it gives `|a|^b`, then C's `pow` rules (see `float_pow`).
    // candle has no integer `pow`; integers take the superset path (see
    // `crate::tensor::int_via_f64`), with the ndarray backend's results for
    // negative exponents (`0` unless the base is `1` or `-1`, `0` for a
    // zero base).
    #[supported_dtypes("0.1.0 and above" => (float, integer))]
    fn pow(&self, x1: &Array, x2: &Array) -> Result<Array> {
        binary("pow", x1, x2, |a, b| {
            let shape = a.shape().broadcast_shape_binary_op(b.shape(), "pow")?;
            let (a, b) = (a.broadcast_as(&shape)?, b.broadcast_as(&shape)?);
            if a.dtype().is_int() {
                return crate::tensor::int_via_f64(&a, &b, int_pow);
            }
            float_pow(&a, &b)
        })
    }

    fn maximum(&self, x1: &Array, x2: &Array) -> Result<Array> {
        binary("maximum", x1, x2, |a, b| {
            let r = a.broadcast_maximum(b)?;
            if a.dtype().is_float() {
                propagate_nan(a, b, r)
            } else {
                Ok(r)
            }
        })
    }

    fn minimum(&self, x1: &Array, x2: &Array) -> Result<Array> {
        binary("minimum", x1, x2, |a, b| {
            let r = a.broadcast_minimum(b)?;
            if a.dtype().is_float() {
                propagate_nan(a, b, r)
            } else {
                Ok(r)
            }
        })
    }

    fn equal(&self, x1: &Array, x2: &Array) -> Result<Array> {
        compare("equal", x1, x2, Tensor::broadcast_eq)
    }

    fn not_equal(&self, x1: &Array, x2: &Array) -> Result<Array> {
        compare("not_equal", x1, x2, Tensor::broadcast_ne)
    }

    fn greater(&self, x1: &Array, x2: &Array) -> Result<Array> {
        compare("greater", x1, x2, Tensor::broadcast_gt)
    }

    fn greater_equal(&self, x1: &Array, x2: &Array) -> Result<Array> {
        compare("greater_equal", x1, x2, Tensor::broadcast_ge)
    }

    fn less(&self, x1: &Array, x2: &Array) -> Result<Array> {
        compare("less", x1, x2, Tensor::broadcast_lt)
    }

    fn less_equal(&self, x1: &Array, x2: &Array) -> Result<Array> {
        compare("less_equal", x1, x2, Tensor::broadcast_le)
    }

    fn logical_and(&self, x1: &Array, x2: &Array) -> Result<Array> {
        compare("logical_and", x1, x2, |a, b| {
            nonzero(a)?.broadcast_minimum(&nonzero(b)?)
        })
    }

    fn logical_or(&self, x1: &Array, x2: &Array) -> Result<Array> {
        compare("logical_or", x1, x2, |a, b| {
            nonzero(a)?.broadcast_maximum(&nonzero(b)?)
        })
    }

    fn logical_xor(&self, x1: &Array, x2: &Array) -> Result<Array> {
        compare("logical_xor", x1, x2, |a, b| {
            nonzero(a)?.broadcast_ne(&nonzero(b)?)
        })
    }
}
