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
use crate::math;
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
/// exponents (of `-0` too: `(-0) ** 3` is `-0`, `(-0) ** -1` is `-inf`),
/// NaN for negative finite bases with non-integer exponents, `a` itself
/// when `b == 1` (exactly, as C's `pow`, where `exp(log a)` may miss by an
/// ulp), and 1 when `b == 0` or `a == 1` (even with NaN on the other
/// side).
fn float_pow(a: &Tensor, b: &Tensor) -> CResult<Tensor> {
    let shape = a.shape().clone();
    let r = b.mul(&a.abs()?.log()?)?.exp()?;
    let half = b.affine(0.5, 0.0)?;
    let integer = b.eq(&b.floor()?)?;
    let odd = half.ne(&half.floor()?)?.minimum(&integer)?;
    let r = math::sign_bit(a)?
        .minimum(&odd)?
        .where_cond(&r.neg()?, &r)?;
    let negative = a.lt(0.0)?;
    let nan = negative
        .minimum(&integer.eq(0.0)?)?
        .minimum(&a.ne(f64::NEG_INFINITY)?)?;
    let nans = Tensor::full(f64::NAN, &shape, a.device())?.to_dtype(a.dtype())?;
    let r = nan.where_cond(&nans, &r)?;
    let r = b.eq(1.0)?.where_cond(a, &r)?;
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

/// `x` rounded to `decimals` places, halves to even, in `x`'s (float)
/// dtype: NumPy's scale, round, scale back; past the precision or the
/// range there is nothing to round.
fn round_float(x: &Tensor, decimals: i64) -> CResult<Tensor> {
    if decimals == 0 {
        return math::rint(x);
    }
    let e = decimals.unsigned_abs().min(400) as i32;
    let f = if x.dtype() == DType::F32 {
        f64::from(10f64.powi(e) as f32)
    } else {
        10f64.powi(e)
    };
    let finite = x.sub(x)?.eq(0.0)?;
    let r = if decimals > 0 {
        if !f.is_finite() {
            return Ok(x.clone());
        }
        let y = math::mul_c(x, f)?;
        let y_finite = y.sub(&y)?.eq(0.0)?;
        let r = math::rint(&y)?.broadcast_div(&Tensor::new(f, x.device())?.to_dtype(x.dtype())?)?;
        y_finite.where_cond(&r, x)?
    } else if !f.is_finite() {
        math::copysign(&x.zeros_like()?, x)?
    } else {
        let y = x.broadcast_div(&Tensor::new(f, x.device())?.to_dtype(x.dtype())?)?;
        math::mul_c(&math::rint(&y)?, f)?
    };
    finite.where_cond(&r, x)
}

/// An integer tensor rounded to a multiple of `10^-decimals`
/// (`decimals < 0`), halves to even, in `i64` and cast back (wrapping).
/// Past `10^18` every `i64` is nearer 0 than the next multiple but for
/// the values beyond `5 * 10^18`, which round to `±10^19` (wrapped) in
/// the ndarray backend and to 0 here.
fn round_int(t: &Tensor, decimals: i64) -> CResult<Tensor> {
    let e = decimals.unsigned_abs();
    if e > 18 {
        return t.zeros_like();
    }
    let dt = t.dtype();
    let v = t.to_dtype(DType::I64)?;
    let f = Tensor::new(10i64.pow(e as u32), t.device())?.broadcast_as(v.shape())?;
    let (q, r) = math::int_divmod_floor(&v, &f)?;
    let rest = f.sub(&r)?;
    // q odd: q - 2 * (q floor-div 2) is 1.
    let two = Tensor::new(2i64, t.device())?.broadcast_as(q.shape())?;
    let odd = math::int_divmod_floor(&q, &two)?.1.ne(0.0)?;
    let up = r.gt(&rest)?.maximum(&r.eq(&rest)?.mul(&odd)?)?;
    let q = up.where_cond(&q.add(&q.ones_like()?)?, &q)?;
    q.mul(&f)?.to_dtype(dt)
}

/// `log(e^a + e^b)` (or base 2) by NumPy's algorithm, on `f64` tensors of
/// one shape.
fn logaddexp_base(a: &Tensor, b: &Tensor, base2: bool) -> CResult<Tensor> {
    let d = a.sub(b)?;
    let tail = |x: &Tensor| -> CResult<Tensor> {
        if base2 {
            math::mul_c(
                &math::log1p(&math::mul_c(x, std::f64::consts::LN_2)?.exp()?)?,
                std::f64::consts::LOG2_E,
            )
        } else {
            math::log1p(&x.exp()?)
        }
    };
    let pos = a.add(&tail(&d.neg()?)?)?;
    let neg = b.add(&tail(&d)?)?;
    let r = d.gt(0.0)?.where_cond(&pos, &neg)?;
    let r = math::isnan(&d)?.where_cond(&d, &r)?;
    let same = math::add_c(a, if base2 { 1.0 } else { std::f64::consts::LN_2 })?;
    a.eq(b)?.where_cond(&same, &r)
}

/// The bit width of an integer dtype.
fn bit_width(dt: DType) -> f64 {
    match dt {
        DType::U8 => 8.0,
        DType::I16 => 16.0,
        DType::U32 | DType::I32 => 32.0,
        _ => 64.0,
    }
}

/// A bitwise op of two integer tensors, bit by bit in `i64` (narrower
/// dtypes sign- or zero-extended, the result cast back); `bool` masks
/// combine directly.
fn bitwise(
    a: &Tensor,
    b: &Tensor,
    f: impl Fn(&Tensor, &Tensor) -> CResult<Tensor>,
) -> CResult<Tensor> {
    let (a, b) = math::broadcast_pair(a, b, "bitwise")?;
    let dt = a.dtype();
    let (a, b) = (a.to_dtype(DType::I64)?, b.to_dtype(DType::I64)?);
    let (x, y) = (math::bits(&a)?, math::bits(&b)?);
    let z = x
        .iter()
        .zip(&y)
        .map(|(x, y)| f(x, y))
        .collect::<CResult<Vec<_>>>()?;
    math::from_bits(&z)?.to_dtype(dt)
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
    fn acos(&self, x: &Array) -> Result<Array> {
        unary("acos", x, |t| math::via_f64(t, math::acos))
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
    fn acosh(&self, x: &Array) -> Result<Array> {
        unary("acosh", x, |t| math::via_f64(t, math::acosh))
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
    fn asin(&self, x: &Array) -> Result<Array> {
        unary("asin", x, |t| math::via_f64(t, math::asin))
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
    fn asinh(&self, x: &Array) -> Result<Array> {
        unary("asinh", x, |t| math::via_f64(t, math::asinh))
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
    fn atan(&self, x: &Array) -> Result<Array> {
        unary("atan", x, |t| math::via_f64(t, math::atan))
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
    fn atanh(&self, x: &Array) -> Result<Array> {
        unary("atanh", x, |t| math::via_f64(t, math::atanh))
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
    fn cosh(&self, x: &Array) -> Result<Array> {
        unary("cosh", x, |t| math::via_f64(t, math::cosh))
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
    fn sinh(&self, x: &Array) -> Result<Array> {
        unary("sinh", x, |t| math::via_f64(t, math::sinh))
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
    fn expm1(&self, x: &Array) -> Result<Array> {
        unary("expm1", x, |t| math::via_f64(t, math::expm1))
    }

    // Halves to even (NumPy's `round`), from `floor` (candle's `round`
    // takes halves away from zero). `decimals` scales by a power of ten in
    // the dtype the ndarray backend computes in (`f32` for the half
    // floats), as NumPy does. Integers with `decimals < 0` round to
    // multiples of `10^-decimals` exactly, in `i64` (wrapping back).
    #[supported_dtypes("0.2.0 and above" => (float, integer))]
    fn round(&self, x: &Array, decimals: i64) -> Result<Array> {
        if !is_float(x.dtype()) && decimals >= 0 {
            return Ok(x.clone());
        }
        unary("round", x, |t| {
            if t.dtype().is_int() {
                return round_int(t, decimals);
            }
            let dt = t.dtype();
            let c = t.to_dtype(math::compute_dtype(dt))?;
            round_float(&c, decimals)?.to_dtype(dt)
        })
    }

    fn trunc(&self, x: &Array) -> Result<Array> {
        if !is_float(x.dtype()) {
            return Ok(x.clone());
        }
        unary("trunc", x, math::trunc)
    }

    // Every dtype candle holds is real.
    fn isreal(&self, x: &Array) -> Result<Array> {
        let t = tensor("isreal", x)?;
        let r = Tensor::ones(t.shape(), DType::U8, t.device());
        Ok(mask(r.map_err(err("isreal"))?))
    }

    fn real(&self, x: &Array) -> Result<Array> {
        Ok(x.clone())
    }

    fn imag(&self, x: &Array) -> Result<Array> {
        unary("imag", x, Tensor::zeros_like)
    }

    fn conj(&self, x: &Array) -> Result<Array> {
        Ok(x.clone())
    }

    // The angle of a real number: 0, or pi when its sign bit is set (so
    // `-0` too, as `atan2(0, -0)`); NaN stays NaN.
    #[supported_dtypes("0.1.0 and above" => (float))]
    fn angle(&self, z: &Array, deg: bool) -> Result<Array> {
        unary("angle", z, |t| {
            let pi = if deg { 180.0 } else { std::f64::consts::PI };
            let r = math::sign_bit(t)?.where_cond(&math::full_like(t, pi)?, &t.zeros_like()?)?;
            math::isnan(t)?.where_cond(t, &r)
        })
    }

    // Integers have nothing to replace.
    #[supported_dtypes("0.1.0 and above" => (float, integer))]
    fn nan_to_num(
        &self,
        x: &Array,
        copy: bool,
        nan: f64,
        posinf: Option<f64>,
        neginf: Option<f64>,
    ) -> Result<Array> {
        let _ = copy;
        if !is_float(x.dtype()) {
            return Ok(x.clone());
        }
        let (hi, lo) = match x.dtype() {
            Dtype::Float16 => (f64::from(ivy::f16::MAX), f64::from(ivy::f16::MIN)),
            Dtype::BFloat16 => (f64::from(ivy::bf16::MAX), f64::from(ivy::bf16::MIN)),
            Dtype::Float32 => (f64::from(f32::MAX), f64::from(f32::MIN)),
            _ => (f64::MAX, f64::MIN),
        };
        let (posinf, neginf) = (posinf.unwrap_or(hi), neginf.unwrap_or(lo));
        unary("nan_to_num", x, |t| {
            let r = math::isnan(t)?.where_cond(&math::full_like(t, nan)?, t)?;
            let r = t
                .eq(f64::INFINITY)?
                .where_cond(&math::full_like(t, posinf)?, &r)?;
            t.eq(f64::NEG_INFINITY)?
                .where_cond(&math::full_like(t, neginf)?, &r)
        })
    }

    // Python's `//`: integers exactly (in `i64`, 0 for a zero divisor),
    // floats with NumPy's `divmod` (see `math::float_divmod`).
    #[supported_dtypes("0.2.0 and above" => (float, integer))]
    fn floor_divide(&self, x1: &Array, x2: &Array) -> Result<Array> {
        binary("floor_divide", x1, x2, |a, b| {
            let (a, b) = math::broadcast_pair(a, b, "floor_divide")?;
            if a.dtype().is_int() {
                return math::via_i64(&a, &b, |a, b| Ok(math::int_divmod_floor(a, b)?.0));
            }
            math::via_f64_2(&a, &b, |a, b| {
                let q = math::float_divmod(a, b)?.0;
                b.eq(0.0)?.where_cond(&a.div(b)?, &q)
            })
        })
    }

    // Python's `%` (the divisor's sign), or C's `fmod` with
    // `modulus = false`; integers exactly, 0 for a zero divisor.
    #[supported_dtypes("0.2.0 and above" => (float, integer))]
    fn remainder(&self, x1: &Array, x2: &Array, modulus: bool) -> Result<Array> {
        binary("remainder", x1, x2, |a, b| {
            let (a, b) = math::broadcast_pair(a, b, "remainder")?;
            if a.dtype().is_int() {
                return math::via_i64(&a, &b, |a, b| {
                    Ok(if modulus {
                        math::int_divmod_floor(a, b)?.1
                    } else {
                        math::int_divmod_trunc(a, b)?.1
                    })
                });
            }
            math::via_f64_2(&a, &b, |a, b| {
                if !modulus {
                    return math::fmod(a, b);
                }
                let r = math::float_divmod(a, b)?.1;
                b.eq(0.0)?.where_cond(&math::fmod(a, b)?, &r)
            })
        })
    }

    #[supported_dtypes("0.2.0 and above" => (float, integer))]
    fn fmod(&self, x1: &Array, x2: &Array) -> Result<Array> {
        binary("fmod", x1, x2, |a, b| {
            let (a, b) = math::broadcast_pair(a, b, "fmod")?;
            if a.dtype().is_int() {
                return math::via_i64(&a, &b, |a, b| Ok(math::int_divmod_trunc(a, b)?.1));
            }
            math::via_f64_2(&a, &b, math::fmod)
        })
    }

    #[supported_dtypes("0.2.0 and above" => (float, integer))]
    fn trunc_divide(&self, x1: &Array, x2: &Array) -> Result<Array> {
        binary("trunc_divide", x1, x2, |a, b| {
            let (a, b) = math::broadcast_pair(a, b, "trunc_divide")?;
            if a.dtype().is_int() {
                return math::via_i64(&a, &b, |a, b| Ok(math::int_divmod_trunc(a, b)?.0));
            }
            math::trunc(&a.div(&b)?)
        })
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
    fn atan2(&self, x1: &Array, x2: &Array) -> Result<Array> {
        binary("atan2", x1, x2, |a, b| {
            let (a, b) = math::broadcast_pair(a, b, "atan2")?;
            math::via_f64_2(&a, &b, math::atan2)
        })
    }

    // The smaller operand, the other one where one is NaN.
    #[supported_dtypes("0.1.0 and above" => (float))]
    fn fmin(&self, x1: &Array, x2: &Array) -> Result<Array> {
        binary("fmin", x1, x2, |a, b| {
            let (a, b) = math::broadcast_pair(a, b, "fmin")?;
            let r = b.lt(&a)?.where_cond(&b, &a)?;
            let r = math::isnan(&a)?.where_cond(&b, &r)?;
            math::isnan(&b)?.where_cond(&a, &r)
        })
    }

    // NumPy's algorithm: `max + log1p(exp(-|a - b|))`, `a + log 2` for
    // equal operands (infinities of one sign too).
    #[supported_dtypes("0.1.0 and above" => (float))]
    fn logaddexp(&self, x1: &Array, x2: &Array) -> Result<Array> {
        binary("logaddexp", x1, x2, |a, b| {
            let (a, b) = math::broadcast_pair(a, b, "logaddexp")?;
            math::via_f64_2(&a, &b, |a, b| logaddexp_base(a, b, false))
        })
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
    fn logaddexp2(&self, x1: &Array, x2: &Array) -> Result<Array> {
        binary("logaddexp2", x1, x2, |a, b| {
            let (a, b) = math::broadcast_pair(a, b, "logaddexp2")?;
            math::via_f64_2(&a, &b, |a, b| logaddexp_base(a, b, true))
        })
    }

    // A NaN `x2` counts as positive (candle cannot read a NaN's sign bit).
    #[supported_dtypes("0.1.0 and above" => (float))]
    fn copysign(&self, x1: &Array, x2: &Array) -> Result<Array> {
        binary("copysign", x1, x2, |a, b| {
            let (a, b) = math::broadcast_pair(a, b, "copysign")?;
            math::copysign(&a, &b)
        })
    }

    // `m sqrt(1 + (n / m)^2)` with `m >= n` the magnitudes (no overflow);
    // an infinite operand gives `+inf` even beside a NaN, as in C.
    #[supported_dtypes("0.1.0 and above" => (float))]
    fn hypot(&self, x1: &Array, x2: &Array) -> Result<Array> {
        binary("hypot", x1, x2, |a, b| {
            let (a, b) = math::broadcast_pair(a, b, "hypot")?;
            math::via_f64_2(&a, &b, |a, b| {
                let (a, b) = (a.abs()?, b.abs()?);
                let m = a.maximum(&b)?;
                let n = a.minimum(&b)?;
                let q = n.div(&m)?;
                let r = m.mul(&math::add_c(&q.sqr()?, 1.0)?.sqrt()?)?;
                let r = m.eq(0.0)?.where_cond(&m, &r)?;
                let r = a.add(&b)?.ne(&a.add(&b)?)?.where_cond(&a.add(&b)?, &r)?;
                let inf = a.eq(f64::INFINITY)?.maximum(&b.eq(f64::INFINITY)?)?;
                inf.where_cond(&math::full_like(&r, f64::INFINITY)?, &r)
            })
        })
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
            // In `f64` (see `crate::math`): `exp(b log|a|)` in a half
            // float's own precision is off by percents.
            math::via_f64_2(&a, &b, float_pow)
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
    // candle has no bitwise kernels: integers are split into their 64 bits
    // (floored halvings) and put back together; bool masks combine with
    // `minimum`/`maximum`/`ne`.
    #[supported_dtypes("0.2.0 and above" => (integer, bool))]
    fn bitwise_and(&self, x1: &Array, x2: &Array) -> Result<Array> {
        if x1.dtype() == Dtype::Bool {
            return compare("bitwise_and", x1, x2, Tensor::broadcast_minimum);
        }
        binary("bitwise_and", x1, x2, |a, b| bitwise(a, b, Tensor::mul))
    }

    #[supported_dtypes("0.2.0 and above" => (integer, bool))]
    fn bitwise_or(&self, x1: &Array, x2: &Array) -> Result<Array> {
        if x1.dtype() == Dtype::Bool {
            return compare("bitwise_or", x1, x2, Tensor::broadcast_maximum);
        }
        binary("bitwise_or", x1, x2, |a, b| {
            bitwise(a, b, |x, y| x.maximum(y))
        })
    }

    #[supported_dtypes("0.2.0 and above" => (integer, bool))]
    fn bitwise_xor(&self, x1: &Array, x2: &Array) -> Result<Array> {
        if x1.dtype() == Dtype::Bool {
            return compare("bitwise_xor", x1, x2, Tensor::broadcast_ne);
        }
        binary("bitwise_xor", x1, x2, |a, b| {
            bitwise(a, b, |x, y| x.ne(y)?.to_dtype(DType::I64))
        })
    }

    // `-1 - x` (two's complement) for signed integers, `MAX - x` for
    // unsigned ones, `not` for bool.
    #[supported_dtypes("0.2.0 and above" => (integer, bool))]
    fn bitwise_invert(&self, x: &Array) -> Result<Array> {
        if x.dtype() == Dtype::Bool {
            return self.logical_not(x);
        }
        unary("bitwise_invert", x, |t| {
            let dt = t.dtype();
            let top = match dt {
                DType::U8 => 255.0,
                DType::U32 => 4_294_967_295.0,
                _ => -1.0,
            };
            let w = t.to_dtype(DType::I64)?;
            math::rsub_c(&w, top)?.to_dtype(dt)
        })
    }

    // Shifts past the bit width (or negative) give 0, as on ndarray.
    #[supported_dtypes("0.2.0 and above" => (integer))]
    fn bitwise_left_shift(&self, x1: &Array, x2: &Array) -> Result<Array> {
        binary("bitwise_left_shift", x1, x2, |a, b| {
            let (a, b) = math::broadcast_pair(a, b, "bitwise_left_shift")?;
            let dt = a.dtype();
            let (a, b) = (a.to_dtype(DType::I64)?, b.to_dtype(DType::I64)?);
            let valid = b.ge(0.0)?.mul(&b.lt(bit_width(dt))?)?;
            let s = valid.where_cond(&b, &b.zeros_like()?)?;
            let r = math::shift_left(&a, &s)?;
            valid.where_cond(&r, &r.zeros_like()?)?.to_dtype(dt)
        })
    }

    // Arithmetic for signed integers: a floored division by `2^b`; past
    // the bit width 0, or -1 for a negative value.
    #[supported_dtypes("0.2.0 and above" => (integer))]
    fn bitwise_right_shift(&self, x1: &Array, x2: &Array) -> Result<Array> {
        binary("bitwise_right_shift", x1, x2, |a, b| {
            let (a, b) = math::broadcast_pair(a, b, "bitwise_right_shift")?;
            let dt = a.dtype();
            let (a, b) = (a.to_dtype(DType::I64)?, b.to_dtype(DType::I64)?);
            let valid = b.ge(0.0)?.mul(&b.lt(bit_width(dt).min(63.0))?)?;
            let s = valid.where_cond(&b, &b.zeros_like()?)?;
            let r = math::int_divmod_floor(&a, &math::pow2(&s)?)?.0;
            let past = a
                .lt(0.0)?
                .where_cond(&math::full_like(&a, -1.0)?, &a.zeros_like()?)?;
            valid.where_cond(&r, &past)?.to_dtype(dt)
        })
    }

    // Euclid's algorithm on every element at once, in `i64`.
    #[supported_dtypes("0.2.0 and above" => (integer))]
    fn gcd(&self, x1: &Array, x2: &Array) -> Result<Array> {
        binary("gcd", x1, x2, |a, b| {
            let (a, b) = math::broadcast_pair(a, b, "gcd")?;
            math::via_i64(&a, &b, math::gcd)
        })
    }

    // `|a| / gcd * |b|`, 0 when either is 0.
    #[supported_dtypes("0.2.0 and above" => (integer))]
    fn lcm(&self, x1: &Array, x2: &Array) -> Result<Array> {
        binary("lcm", x1, x2, |a, b| {
            let (a, b) = math::broadcast_pair(a, b, "lcm")?;
            math::via_i64(&a, &b, |a, b| {
                let g = math::gcd(a, b)?;
                let q = math::int_divmod_trunc(&a.abs()?, &g)?.0;
                q.mul(&b.abs()?)
            })
        })
    }
    // Stepped in value space (candle cannot read a float's bits): see
    // `math::nextafter`.
    #[supported_dtypes("0.1.0 and above" => (float))]
    fn nextafter(&self, x1: &Array, x2: &Array) -> Result<Array> {
        let fmt = match x1.dtype() {
            Dtype::Float16 => math::Format {
                mantissa: 10.0,
                min_exp: -14.0,
                max: f64::from(ivy::f16::MAX),
            },
            Dtype::BFloat16 => math::Format {
                mantissa: 7.0,
                min_exp: -126.0,
                max: f64::from(ivy::bf16::MAX),
            },
            Dtype::Float32 => math::Format {
                mantissa: 23.0,
                min_exp: -126.0,
                max: f64::from(f32::MAX),
            },
            _ => math::Format {
                mantissa: 52.0,
                min_exp: -1022.0,
                max: f64::MAX,
            },
        };
        binary("nextafter", x1, x2, |a, b| {
            let (a, b) = math::broadcast_pair(a, b, "nextafter")?;
            math::via_f64_2(&a, &b, |a, b| math::nextafter(a, b, &fmt))
        })
    }
}
