//! Float functions candle has no kernel for, written with the ones it has
//! (`exp`, `log`, `sin`, `cos`, `sqrt`, `floor`, comparisons and
//! `where_cond`), and exact integer division.
//!
//! The transcendental functions run in `f64` whatever the float dtype (the
//! inputs converted, the result rounded back once), so the approximations
//! only need to be right to `f64`'s precision; the result is then within an
//! ulp or so of the correctly rounded value in `float32` and the half
//! floats. Signs of zero, infinities and NaN follow C99 Annex F (NumPy).

use candle_core::{DType, Result, Tensor};
use std::f64::consts::{FRAC_PI_2, FRAC_PI_4, LN_2, PI};

/// `f` run on `t` converted to `f64`, the result converted back to `t`'s
/// dtype.
pub(crate) fn via_f64(t: &Tensor, f: impl FnOnce(&Tensor) -> Result<Tensor>) -> Result<Tensor> {
    let dt = t.dtype();
    if dt == DType::F64 {
        return f(t);
    }
    f(&t.to_dtype(DType::F64)?)?.to_dtype(dt)
}

/// `f` run on `a` and `b` converted to `f64`, the result converted back.
pub(crate) fn via_f64_2(
    a: &Tensor,
    b: &Tensor,
    f: impl FnOnce(&Tensor, &Tensor) -> Result<Tensor>,
) -> Result<Tensor> {
    let dt = a.dtype();
    if dt == DType::F64 {
        return f(a, b);
    }
    f(&a.to_dtype(DType::F64)?, &b.to_dtype(DType::F64)?)?.to_dtype(dt)
}

/// The dtype the ndarray backend computes a float dtype in: `f32` for the
/// half floats and `f32`, `f64` for `f64`.
pub(crate) fn compute_dtype(dt: DType) -> DType {
    if dt == DType::F64 {
        DType::F64
    } else {
        DType::F32
    }
}

/// `a` and `b` broadcast to their common shape.
pub(crate) fn broadcast_pair(a: &Tensor, b: &Tensor, op: &'static str) -> Result<(Tensor, Tensor)> {
    let shape = a.shape().broadcast_shape_binary_op(b.shape(), op)?;
    Ok((a.broadcast_as(&shape)?, b.broadcast_as(&shape)?))
}

/// A tensor of `t`'s shape and dtype filled with `v`.
pub(crate) fn full_like(t: &Tensor, v: f64) -> Result<Tensor> {
    Tensor::full(v, t.shape(), t.device())?.to_dtype(t.dtype())
}

/// `t * c` (a product: candle's `affine` adds `+0.0`, which turns `-0`
/// into `+0`).
pub(crate) fn mul_c(t: &Tensor, c: f64) -> Result<Tensor> {
    t.broadcast_mul(&Tensor::new(c, t.device())?.to_dtype(t.dtype())?)
}

/// `t + c`.
pub(crate) fn add_c(t: &Tensor, c: f64) -> Result<Tensor> {
    t.broadcast_add(&Tensor::new(c, t.device())?.to_dtype(t.dtype())?)
}

/// `c - t`.
pub(crate) fn rsub_c(t: &Tensor, c: f64) -> Result<Tensor> {
    Tensor::new(c, t.device())?
        .to_dtype(t.dtype())?
        .broadcast_sub(t)
}

/// The `u8` mask of the elements whose sign bit is set: the negative ones
/// and `-0` (whose reciprocal is `-inf`). NaN counts as positive (candle
/// cannot read the sign bit of a NaN).
pub(crate) fn sign_bit(t: &Tensor) -> Result<Tensor> {
    let zero_neg = t.eq(0.0)?.mul(&t.recip()?.lt(0.0)?)?;
    t.lt(0.0)?.maximum(&zero_neg)
}

/// `|m|` with the sign bit of `s` (C's `copysign`, a NaN `s` read as
/// positive).
pub(crate) fn copysign(m: &Tensor, s: &Tensor) -> Result<Tensor> {
    let a = m.abs()?;
    sign_bit(s)?.where_cond(&a.neg()?, &a)
}

/// Whether each element is NaN, as a `u8` mask.
pub(crate) fn isnan(t: &Tensor) -> Result<Tensor> {
    t.ne(t)
}

/// `log(1 + x)` (Goldberg's trick: `log(u) * x / (u - 1)` with
/// `u = 1 + x`).
pub(crate) fn log1p(t: &Tensor) -> Result<Tensor> {
    let u = add_c(t, 1.0)?;
    let d = add_c(&u, -1.0)?;
    let r = u.log()?.mul(t)?.div(&d)?;
    let keep = d.eq(0.0)?.maximum(&t.eq(f64::INFINITY)?)?;
    keep.where_cond(t, &r)
}

/// `exp(x) - 1` (Kahan's trick: `(u - 1) * x / log(u)` with `u = exp(x)`),
/// exact to a few ulps near 0 where `exp(x) - 1` loses every digit.
pub(crate) fn expm1(t: &Tensor) -> Result<Tensor> {
    let u = t.exp()?;
    let d = add_c(&u, -1.0)?;
    let r = d.mul(t)?.div(&u.log()?)?;
    // u == 1: x itself (keeps -0); u - 1 == -1: -1; u infinite: +inf.
    let r = u.eq(1.0)?.where_cond(t, &r)?;
    let r = d.eq(-1.0)?.where_cond(&d, &r)?;
    u.eq(f64::INFINITY)?.where_cond(&u, &r)
}

/// `atan(x)` for `x >= 0` (or NaN): `atan(1/x) = pi/2 - atan(x)` folds it
/// into `[0, 1]`, where a first guess within 0.0015 is refined by Newton's
/// method on `sin(y) - x cos(y) = 0` (cubic convergence there: three steps
/// reach `f64`'s precision, a fourth is margin).
fn atan_nonneg(a: &Tensor) -> Result<Tensor> {
    let big = a.gt(1.0)?;
    let z = big.where_cond(&a.recip()?, a)?;
    // atan(z) ~ pi/4 z - z (z - 1) (0.2447 + 0.0663 z) on [0, 1].
    let corr = add_c(&mul_c(&z, 0.0663)?, 0.2447)?;
    let mut y = mul_c(&z, FRAC_PI_4)?.sub(&z.mul(&add_c(&z, -1.0)?)?.mul(&corr)?)?;
    for _ in 0..4 {
        let (s, c) = (y.sin()?, y.cos()?);
        let f = s.sub(&z.mul(&c)?)?;
        let df = c.add(&z.mul(&s)?)?;
        y = y.sub(&f.div(&df)?)?;
    }
    big.where_cond(&rsub_c(&y, FRAC_PI_2)?, &y)
}

/// `atan(x)` in `f64`.
pub(crate) fn atan(t: &Tensor) -> Result<Tensor> {
    copysign(&atan_nonneg(&t.abs()?)?, t)
}

/// `asin(x) = atan(x / sqrt((1 - x)(1 + x)))` in `f64` (NaN past 1).
pub(crate) fn asin(t: &Tensor) -> Result<Tensor> {
    let a = t.abs()?;
    let s = rsub_c(&a, 1.0)?.mul(&add_c(&a, 1.0)?)?.sqrt()?;
    copysign(&atan_nonneg(&a.div(&s)?)?, t)
}

/// `acos(x) = 2 atan(sqrt((1 - x) / (1 + x)))` in `f64` (NaN past 1).
pub(crate) fn acos(t: &Tensor) -> Result<Tensor> {
    let q = rsub_c(t, 1.0)?.div(&add_c(t, 1.0)?)?.sqrt()?;
    mul_c(&atan_nonneg(&q)?, 2.0)
}

/// `atan2(y, x)` in `f64`, with C's special cases: the quadrant from the
/// signs (of zeros too), `pi/4` multiples for two infinities, `0` or `pi`
/// for two zeros.
pub(crate) fn atan2(y: &Tensor, x: &Tensor) -> Result<Tensor> {
    let (ay, ax) = (y.abs()?, x.abs()?);
    let base = atan_nonneg(&ay.div(&ax)?)?;
    let zeros = ay.eq(0.0)?.mul(&ax.eq(0.0)?)?;
    let base = zeros.where_cond(&full_like(&base, 0.0)?, &base)?;
    let infs = ay.eq(f64::INFINITY)?.mul(&ax.eq(f64::INFINITY)?)?;
    let base = infs.where_cond(&full_like(&base, FRAC_PI_4)?, &base)?;
    let base = sign_bit(x)?.where_cond(&rsub_c(&base, PI)?, &base)?;
    copysign(&base, y)
}

/// `sinh(x) = (u + u / (u + 1)) / 2` with `u = expm1(|x|)`, signed.
pub(crate) fn sinh(t: &Tensor) -> Result<Tensor> {
    let u = expm1(&t.abs()?)?;
    let r = mul_c(&u.add(&u.div(&add_c(&u, 1.0)?)?)?, 0.5)?;
    let r = u.eq(f64::INFINITY)?.where_cond(&u, &r)?;
    copysign(&r, t)
}

/// `cosh(x) = (e^|x| + e^-|x|) / 2`.
pub(crate) fn cosh(t: &Tensor) -> Result<Tensor> {
    let a = t.abs()?;
    mul_c(&a.exp()?.add(&a.neg()?.exp()?)?, 0.5)
}

/// `asinh(x)`: `log1p(a + a^2 / (1 + sqrt(1 + a^2)))` for `a = |x|`, and
/// `log(a) + log 2` past `2^28` (where the next term is below `f64`'s
/// precision, and `a^2` could overflow), signed.
pub(crate) fn asinh(t: &Tensor) -> Result<Tensor> {
    let a = t.abs()?;
    let a2 = a.sqr()?;
    let small = log1p(&a.add(&a2.div(&add_c(&add_c(&a2, 1.0)?.sqrt()?, 1.0)?)?)?)?;
    let large = add_c(&a.log()?, LN_2)?;
    let r = a.gt(268_435_456.0)?.where_cond(&large, &small)?;
    copysign(&r, t)
}

/// `acosh(x)`: `log1p(t + sqrt(2t + t^2))` with `t = x - 1` (which keeps the
/// digits near 1), `log(x) + log 2` past `2^28`; NaN below 1.
pub(crate) fn acosh(x: &Tensor) -> Result<Tensor> {
    let t = add_c(x, -1.0)?;
    let small = log1p(&t.add(&t.mul(&add_c(&t, 2.0)?)?.sqrt()?)?)?;
    let large = add_c(&x.log()?, LN_2)?;
    let r = x.gt(268_435_456.0)?.where_cond(&large, &small)?;
    x.lt(1.0)?.where_cond(&full_like(x, f64::NAN)?, &r)
}

/// `atanh(x) = log1p(2a / (1 - a)) / 2` for `a = |x|`, signed (infinite at
/// 1, NaN past it).
pub(crate) fn atanh(t: &Tensor) -> Result<Tensor> {
    let a = t.abs()?;
    let r = mul_c(&log1p(&mul_c(&a, 2.0)?.div(&rsub_c(&a, 1.0)?)?)?, 0.5)?;
    let r = a.gt(1.0)?.where_cond(&full_like(&r, f64::NAN)?, &r)?;
    copysign(&r, t)
}

/// `x` rounded to the nearest integer, halves to even (IEEE's `rint`):
/// from `floor(x)` and the fraction `x - floor(x)` (exact), a zero result
/// keeping the sign of `x`. Infinities and NaN stay.
pub(crate) fn rint(t: &Tensor) -> Result<Tensor> {
    let f = t.floor()?;
    let d = t.sub(&f)?;
    let half = mul_c(&f, 0.5)?;
    let odd = half.ne(&half.floor()?)?;
    let up = d.gt(0.5)?.maximum(&d.eq(0.5)?.mul(&odd)?)?;
    let r = up.where_cond(&add_c(&f, 1.0)?, &f)?;
    // Infinities: floor(x) is x, and x - x is NaN (never "up").
    let r = r.eq(0.0)?.where_cond(&copysign(&r, t)?, &r)?;
    Ok(r)
}

/// `x` rounded toward zero.
pub(crate) fn trunc(t: &Tensor) -> Result<Tensor> {
    let r = t.lt(0.0)?.where_cond(&t.ceil()?, &t.floor()?)?;
    r.eq(0.0)?.where_cond(&copysign(&r, t)?, &r)
}

/// The truncated quotient and remainder of integer tensors (one shape,
/// `i64` or narrower), with 0 for both where `b == 0` (NumPy's integer
/// division by zero, without its warning). `i64::MIN / -1` overflows
/// (candle's `i64` division is Rust's: a panic the kernel guard returns as
/// an error).
pub(crate) fn int_divmod_trunc(a: &Tensor, b: &Tensor) -> Result<(Tensor, Tensor)> {
    let zero = b.eq(0.0)?;
    let b1 = zero.where_cond(&b.ones_like()?, b)?;
    let q = a.div(&b1)?;
    let r = a.sub(&q.mul(&b1)?)?;
    let z = a.zeros_like()?;
    Ok((zero.where_cond(&z, &q)?, zero.where_cond(&z, &r)?))
}

/// The floored quotient and the remainder with the divisor's sign
/// (Python's `//` and `%`) of integer tensors; 0 for both where `b == 0`.
pub(crate) fn int_divmod_floor(a: &Tensor, b: &Tensor) -> Result<(Tensor, Tensor)> {
    let (q, r) = int_divmod_trunc(a, b)?;
    let adjust = r.ne(0.0)?.mul(&r.lt(0.0)?.ne(&b.lt(0.0)?)?)?;
    // Only where `adjust` (remainder and divisor of opposite signs, so
    // `r + b` cannot overflow); elsewhere 0 is added.
    let zero = q.zeros_like()?;
    let q1 = q.sub(&adjust.where_cond(&q.ones_like()?, &zero)?)?;
    let r1 = r.add(&adjust.where_cond(b, &zero)?)?;
    Ok((q1, r1))
}

/// `f` on integer tensors widened to `i64` (narrower dtypes cannot
/// overflow there), the result cast back (wrapping).
pub(crate) fn via_i64(
    a: &Tensor,
    b: &Tensor,
    f: impl FnOnce(&Tensor, &Tensor) -> Result<Tensor>,
) -> Result<Tensor> {
    let dt = a.dtype();
    if dt == DType::I64 {
        return f(a, b);
    }
    f(&a.to_dtype(DType::I64)?, &b.to_dtype(DType::I64)?)?.to_dtype(dt)
}

/// NumPy's float `divmod` (`npy_divmod`): the floored quotient and the
/// remainder with the divisor's sign, for `b != 0`; from `a - b trunc(a/b)`
/// (exact while the quotient is, which computing `float32` and the half
/// floats in `f64` makes it below 2^29).
pub(crate) fn float_divmod(a: &Tensor, b: &Tensor) -> Result<(Tensor, Tensor)> {
    let m = fmod(a, b)?;
    let div = a.sub(&m)?.div(b)?;
    let zero_m = m.eq(0.0)?;
    let flip = zero_m.eq(0.0)?.mul(&b.lt(0.0)?.ne(&m.lt(0.0)?)?)?;
    let m2 = flip.where_cond(&m.add(b)?, &m)?;
    let div = flip.where_cond(&add_c(&div, -1.0)?, &div)?;
    let m2 = zero_m.where_cond(&copysign(&full_like(&m, 0.0)?, b)?, &m2)?;
    let f = div.floor()?;
    let q = div.sub(&f)?.gt(0.5)?.where_cond(&add_c(&f, 1.0)?, &f)?;
    let q0 = copysign(&full_like(&q, 0.0)?, &a.div(b)?)?;
    let q = div.eq(0.0)?.where_cond(&q0, &q)?;
    Ok((q, m2))
}

/// C's `fmod` on floats: `a - b trunc(a / b)`, with the sign of `a` on a
/// zero result, NaN for `b == 0` or an infinite `a`, and `a` for an
/// infinite `b`.
pub(crate) fn fmod(a: &Tensor, b: &Tensor) -> Result<Tensor> {
    let (ar, br) = (a.abs()?, b.abs()?);
    // The elements with a finite remainder: finite `a`, nonzero finite `b`.
    let ok = ar
        .ne(f64::INFINITY)?
        .mul(&br.ne(f64::INFINITY)?)?
        .mul(&br.ne(0.0)?)?
        .mul(&isnan(a)?.eq(0.0)?)?
        .mul(&isnan(b)?.eq(0.0)?)?;
    let one = ar.ones_like()?;
    let r0 = ok.where_cond(&ar, &ar.zeros_like()?)?;
    let bb = ok.where_cond(&br, &one)?;
    // Long division by `|b| 2^k` for `k` from past the exponent gap down to
    // 0: every subtraction is exact (Sterbenz: `t <= r < 2t`), so the
    // remainder is exact whatever the quotient's size.
    let lg = |t: &Tensor| -> Result<Tensor> {
        let safe = t.eq(0.0)?.where_cond(&one, t)?;
        mul_c(&safe.log()?, std::f64::consts::LOG2_E)?.floor()
    };
    let gap = lg(&r0)?.sub(&lg(&bb)?)?;
    let top = gap.max_all()?.to_scalar::<f64>()?.max(0.0) as i64 + 2;
    let mut r = r0;
    for k in (0..=top).rev() {
        let k1 = k.min(1000);
        let t = mul_c(
            &mul_c(&bb, 2f64.powi(k1 as i32))?,
            2f64.powi((k - k1) as i32),
        )?;
        r = r.ge(&t)?.where_cond(&r.sub(&t)?, &r)?;
    }
    let r = copysign(&r, a)?;
    let nan = full_like(a, f64::NAN)?;
    // An infinite `b` leaves a finite `a` as it is; the rest are NaN.
    let keep = br
        .eq(f64::INFINITY)?
        .mul(&ar.ne(f64::INFINITY)?)?
        .mul(&isnan(a)?.eq(0.0)?)?;
    let r = ok.where_cond(&r, &nan)?;
    keep.where_cond(a, &r)
}

/// `2^i` as `i64` for `i` in `0..64` (`2^63` wraps to `i64::MIN`, the
/// weight of the sign bit), as a lookup tensor.
fn pow2_table(dev: &candle_core::Device) -> Result<Tensor> {
    let v: Vec<i64> = (0..64).map(|i| 1i64.wrapping_shl(i)).collect();
    Tensor::from_vec(v, 64, dev)
}

/// The 64 bits (two's complement, least significant first) of an `i64`
/// tensor, as `i64` tensors of 0 and 1: each the remainder of a floored
/// halving, so a negative value's high bits are ones.
pub(crate) fn bits(t: &Tensor) -> Result<Vec<Tensor>> {
    let two = Tensor::new(2i64, t.device())?.broadcast_as(t.shape())?;
    let mut q = t.clone();
    let mut out = Vec::with_capacity(64);
    for _ in 0..64 {
        let (h, r) = int_divmod_floor(&q, &two)?;
        out.push(r);
        q = h;
    }
    Ok(out)
}

/// The `i64` tensor of 64 bits (as [`bits`] gives them).
pub(crate) fn from_bits(bits: &[Tensor]) -> Result<Tensor> {
    let dev = bits[0].device();
    let table = pow2_table(dev)?.to_vec1::<i64>()?;
    let mut r = bits[0].zeros_like()?;
    for (b, &w) in bits.iter().zip(&table) {
        r = r.add(&b.broadcast_mul(&Tensor::new(w, dev)?)?)?;
    }
    Ok(r)
}

/// `2^e` (as `i64`, wrapping at 63) for an `i64` tensor of exponents in
/// `0..64`.
pub(crate) fn pow2(e: &Tensor) -> Result<Tensor> {
    let table = pow2_table(e.device())?;
    let shape = e.shape().clone();
    table
        .index_select(&e.flatten_all()?.to_dtype(DType::U32)?, 0)?
        .reshape(shape)
}

/// `a << b` on `i64` tensors of one shape, wrapping, for shifts in
/// `0..64` (the caller masks the others): each bit `i` of `a` lands on
/// `i + b` when that is below 64.
pub(crate) fn shift_left(a: &Tensor, b: &Tensor) -> Result<Tensor> {
    let bs = bits(a)?;
    let mut r = a.zeros_like()?;
    for (i, bit) in bs.iter().enumerate() {
        let p = add_c(b, i as f64)?;
        let inside = p.lt(64.0)?;
        let p = inside.where_cond(&p, &p.zeros_like()?)?;
        let w = inside.where_cond(&pow2(&p)?, &p.zeros_like()?)?;
        r = r.add(&bit.mul(&w)?)?;
    }
    Ok(r)
}

/// The greatest common divisor of `|a|` and `|b|` (`i64` tensors of one
/// shape): Euclid's steps on every element at once until every remainder
/// is 0.
pub(crate) fn gcd(a: &Tensor, b: &Tensor) -> Result<Tensor> {
    let (mut a, mut b) = (a.abs()?, b.abs()?);
    while b
        .ne(0.0)?
        .to_dtype(DType::U32)?
        .sum_all()?
        .to_scalar::<u32>()?
        > 0
    {
        let r = int_divmod_trunc(&a, &b)?.1;
        let done = b.eq(0.0)?;
        a = done.where_cond(&a, &b)?;
        b = done.where_cond(&b, &r)?;
    }
    Ok(a)
}

/// `2^k` for every `k` in `-1074..=1023` (every power of two `f64`
/// holds, subnormal ones included), built from their bits: a lookup table
/// indexed by `k + 1074`.
fn f64_powers_of_two(dev: &candle_core::Device) -> Result<Tensor> {
    let v: Vec<f64> = (-1074i32..=1023)
        .map(|k| {
            if k >= -1022 {
                f64::from_bits(((k + 1023) as u64) << 52)
            } else {
                f64::from_bits(1u64 << (k + 1074))
            }
        })
        .collect();
    let n = v.len();
    Tensor::from_vec(v, n, dev)
}

/// `2^e` (exactly) for an `f64` tensor of integer exponents in
/// `-1074..=1023`.
fn exact_pow2(table: &Tensor, e: &Tensor) -> Result<Tensor> {
    let shape = e.shape().clone();
    let i = add_c(e, 1074.0)?.clamp(0.0, 2097.0)?.to_dtype(DType::U32)?;
    table.index_select(&i.flatten_all()?, 0)?.reshape(shape)
}

/// The float format `nextafter` steps in: mantissa bits, smallest normal
/// exponent, largest finite value.
pub(crate) struct Format {
    pub(crate) mantissa: f64,
    pub(crate) min_exp: f64,
    pub(crate) max: f64,
}

/// C's `nextafter` on `f64` tensors of one shape holding values of the
/// float format `fmt`: the neighbour of `x` towards `y` in that format,
/// from the exponent of `|x|` (its binary logarithm, corrected against the
/// exact powers of two) and the spacing `2^(e - mantissa)` there (half of
/// it stepping down from a power of two). `y` when they are equal; NaN
/// when either is; from a zero the smallest subnormal with the sign of
/// `y`; from an infinity the largest finite value.
pub(crate) fn nextafter(x: &Tensor, y: &Tensor, fmt: &Format) -> Result<Tensor> {
    let table = f64_powers_of_two(x.device())?;
    let a = x.abs()?;
    let finite = a.ne(f64::INFINITY)?.mul(&a.ne(0.0)?)?;
    let safe = finite.where_cond(&a, &x.ones_like()?)?;
    let mut e = mul_c(&safe.log()?, std::f64::consts::LOG2_E)?
        .floor()?
        .minimum(&full_like(&safe, 1023.0)?)?;
    e = exact_pow2(&table, &e)?
        .gt(&safe)?
        .where_cond(&add_c(&e, -1.0)?, &e)?;
    let up = add_c(&e, 1.0)?;
    let below_top = e.lt(1023.0)?;
    let bump = below_top.mul(&exact_pow2(&table, &up)?.le(&safe)?)?;
    e = bump.where_cond(&up, &e)?;
    let e = e.maximum(&full_like(&e, fmt.min_exp)?)?;
    let spacing = exact_pow2(&table, &add_c(&e, -fmt.mantissa)?)?;
    let half = exact_pow2(&table, &add_c(&e, -fmt.mantissa - 1.0)?)?;
    let at_power = safe
        .eq(&exact_pow2(&table, &e)?)?
        .mul(&e.gt(fmt.min_exp)?)?;
    let down_step = at_power.where_cond(&half, &spacing)?;
    // Away from zero when `y` is further out on `x`'s side.
    let away = y.gt(x)?.eq(&x.gt(0.0)?)?;
    let r = away.where_cond(&safe.add(&spacing)?, &safe.sub(&down_step)?)?;
    let r = copysign(&r, x)?;
    let tiny = exact_pow2(&table, &full_like(x, fmt.min_exp - fmt.mantissa)?)?;
    let from_zero = copysign(&tiny, y)?;
    let r = x.eq(0.0)?.where_cond(&from_zero, &r)?;
    let from_inf = copysign(&full_like(x, fmt.max)?, x)?;
    let r = a.eq(f64::INFINITY)?.where_cond(&from_inf, &r)?;
    let r = x.eq(y)?.where_cond(y, &r)?;
    let nan = isnan(x)?.maximum(&isnan(y)?)?;
    nan.where_cond(&full_like(x, f64::NAN)?, &r)
}

/// The rotation `J` (`[B, n, n]`) equal to the identity but for
/// `J[p][p] = J[q][q] = c`, `J[p][q] = s`, `J[q][p] = -s`, with `c` and
/// `s` per matrix (`[B, 1, 1]`).
fn rotation(n: usize, p: usize, q: usize, c: &Tensor, s: &Tensor) -> Result<Tensor> {
    let dev = c.device();
    let dt = c.dtype();
    let unit = |i: usize, j: usize| -> Result<Tensor> {
        let mut v = vec![0f64; n * n];
        v[i * n + j] = 1.0;
        Tensor::from_vec(v, (1, n, n), dev)?.to_dtype(dt)
    };
    let eye = Tensor::eye(n, dt, dev)?.unsqueeze(0)?;
    let diag = unit(p, p)?.add(&unit(q, q)?)?;
    let skew = unit(p, q)?.sub(&unit(q, p)?)?;
    eye.broadcast_add(&diag.broadcast_mul(&add_c(c, -1.0)?)?)?
        .broadcast_add(&skew.broadcast_mul(s)?)
}

/// `c, s` of the rotation zeroing the off-diagonal `g` between diagonal
/// entries `a` and `b` (`t = sign(z) / (|z| + sqrt(1 + z^2))` with
/// `z = (b - a) / 2g`, the smaller angle; the identity where `g` is 0).
fn jacobi_angle(a: &Tensor, b: &Tensor, g: &Tensor) -> Result<(Tensor, Tensor)> {
    let zero = g.eq(0.0)?;
    let g1 = zero.where_cond(&g.ones_like()?, g)?;
    let z = b.sub(a)?.div(&mul_c(&g1, 2.0)?)?;
    let sign = z
        .lt(0.0)?
        .where_cond(&full_like(&z, -1.0)?, &z.ones_like()?)?;
    let t = sign.div(&z.abs()?.add(&add_c(&z.sqr()?, 1.0)?.sqrt()?)?)?;
    // |z| past 1e150: z^2 overflows; t is then 1 / 2z.
    let t = z
        .abs()?
        .gt(1e150)?
        .where_cond(&mul_c(&z.recip()?, 0.5)?, &t)?;
    let t = zero.where_cond(&t.zeros_like()?, &t)?;
    let c = add_c(&t.sqr()?, 1.0)?.sqrt()?.recip()?;
    let s = t.mul(&c)?;
    Ok((c, s))
}

/// The eigenvalues (ascending, `[B, n]`) and eigenvectors (columns,
/// `[B, n, n]`) of the symmetric `f64` matrices `a` (`[B, n, n]`), by
/// cyclic Jacobi rotations until the off-diagonal part is below `f64`'s
/// precision; `None` when 60 sweeps do not get there.
pub(crate) fn jacobi_eigen(a: &Tensor) -> Result<Option<(Tensor, Tensor)>> {
    let (b, n, _) = a.dims3()?;
    let mut a = a.clone();
    let mut v = Tensor::eye(n, a.dtype(), a.device())?
        .unsqueeze(0)?
        .broadcast_as((b, n, n))?
        .contiguous()?;
    let off_mask = Tensor::eye(n, DType::U8, a.device())?
        .eq(0.0)?
        .unsqueeze(0)?;
    let mut converged = false;
    for _ in 0..61 {
        let sq = a.sqr()?;
        let off = off_mask
            .broadcast_as(sq.shape())?
            .where_cond(&sq, &sq.zeros_like()?)?
            .sum_keepdim(2)?
            .sum_keepdim(1)?;
        let total = sq.sum_keepdim(2)?.sum_keepdim(1)?;
        let done = off
            .le(&mul_c(&total, 1e-30)?)?
            .min_all()?
            .to_scalar::<u8>()?;
        if done == 1 {
            converged = true;
            break;
        }
        for p in 0..n {
            for q in p + 1..n {
                let at = |i: usize, j: usize| a.narrow(1, i, 1).and_then(|r| r.narrow(2, j, 1));
                let (c, s) = jacobi_angle(&at(p, p)?, &at(q, q)?, &at(p, q)?)?;
                let j = rotation(n, p, q, &c, &s)?;
                a = j.transpose(1, 2)?.contiguous()?.matmul(&a)?.matmul(&j)?;
                v = v.matmul(&j)?;
            }
        }
    }
    let d = a
        .broadcast_mul(&Tensor::eye(n, a.dtype(), a.device())?.unsqueeze(0)?)?
        .sum_keepdim(2)?
        .squeeze(2)?;
    let order = d.contiguous()?.arg_sort_last_dim(true)?;
    let w = d.gather(&order, 1)?;
    let idx = order.unsqueeze(1)?.broadcast_as((b, n, n))?.contiguous()?;
    let v = v.gather(&idx, 2)?;
    Ok(converged.then_some((w, v)))
}

/// The rounds of a round-robin tournament of `n` (even) columns, each
/// pairing every column with one other so that over the `n - 1` rounds
/// every pair meets once (the circle method: column 0 stays, the others
/// turn). A round is the order `[p_0 .. p_h, q_0 .. q_h]` of its pairs
/// (`p_i < q_i`, `h = n / 2`) and the inverse of that order.
fn round_robin(n: usize) -> Vec<(Vec<u32>, Vec<u32>)> {
    let h = n / 2;
    let mut ring: Vec<usize> = (1..n).collect();
    (0..n.saturating_sub(1))
        .map(|_| {
            let seats: Vec<usize> = std::iter::once(0).chain(ring.iter().copied()).collect();
            let pairs = (0..h).map(|i| {
                (
                    seats[i].min(seats[n - 1 - i]),
                    seats[i].max(seats[n - 1 - i]),
                )
            });
            let (ps, qs): (Vec<usize>, Vec<usize>) = pairs.unzip();
            ring.rotate_right(1);
            let order: Vec<u32> = ps.iter().chain(&qs).map(|&c| c as u32).collect();
            let mut inverse = vec![0u32; n];
            for (k, &c) in order.iter().enumerate() {
                inverse[c as usize] = k as u32;
            }
            (order, inverse)
        })
        .collect()
}

/// One-sided Jacobi rotations of the columns of the tall `f64` matrices
/// `w` (`[B, m, n]`, `m >= n`) until every pair is orthogonal to `f64`'s
/// precision: the rotated matrices and, with `with_v`, the product `V`
/// (`[B, n, n]`) of the rotations, so that the input is `w V^T`. The
/// pairs are taken in round-robin order (see [`round_robin`]; a zero
/// column is added when `n` is odd): the `n / 2` disjoint pairs of a round
/// are rotated at once, `n - 1` rounds a sweep. A column whose norm is
/// below `eps` times the matrix's (Frobenius) norm is rounding noise, left
/// as it is: rotating it against a column it is nearly parallel to would
/// only shrink it by `eps` each sweep (the rank-deficient case). `None`
/// when 60 sweeps do not get there.
fn one_sided_jacobi(w: &Tensor, with_v: bool) -> Result<Option<(Tensor, Option<Tensor>)>> {
    let (b, m, n0) = w.dims3()?;
    let (dt, dev) = (w.dtype(), w.device());
    let n = n0 + n0 % 2;
    let w = w.contiguous()?;
    let mut u = if n > n0 {
        Tensor::cat(&[&w, &Tensor::zeros((b, m, 1), dt, dev)?], 2)?.contiguous()?
    } else {
        w
    };
    let noise = mul_c(
        &u.sqr()?.sum_keepdim(2)?.sum_keepdim(1)?,
        f64::EPSILON * f64::EPSILON,
    )?; // [B, 1, 1]
    let mut v = if with_v {
        Some(
            Tensor::eye(n, dt, dev)?
                .unsqueeze(0)?
                .broadcast_as((b, n, n))?
                .contiguous()?,
        )
    } else {
        None
    };
    let h = n / 2;
    let rounds = round_robin(n)
        .into_iter()
        .map(|(o, i)| Ok((Tensor::new(o, dev)?, Tensor::new(i, dev)?)))
        .collect::<Result<Vec<_>>>()?;
    let mut converged = false;
    for _ in 0..60 {
        let mut rotated = false;
        for (order, inverse) in &rounds {
            let paired = u.index_select(order, 2)?; // [B, m, n]
            let (up, uq) = (paired.narrow(2, 0, h)?, paired.narrow(2, h, h)?);
            let alpha = up.sqr()?.sum_keepdim(1)?; // [B, 1, h]
            let beta = uq.sqr()?.sum_keepdim(1)?;
            let gamma = up.mul(&uq)?.sum_keepdim(1)?;
            let big = gamma
                .abs()?
                .gt(&mul_c(&alpha.mul(&beta)?.sqrt()?, 1e-15)?)?
                .mul(&alpha.broadcast_gt(&noise)?)?
                .mul(&beta.broadcast_gt(&noise)?)?;
            if big.max_all()?.to_scalar::<u8>()? == 0 {
                continue;
            }
            rotated = true;
            let g = big.where_cond(&gamma, &gamma.zeros_like()?)?;
            let (c, s) = jacobi_angle(&alpha, &beta, &g)?; // [B, 1, h]
            // Column p becomes c p - s q, column q s p + c q (the
            // identity where `g` is 0: c = 1, s = 0).
            let turn = |paired: &Tensor| -> Result<Tensor> {
                let (tp, tq) = (paired.narrow(2, 0, h)?, paired.narrow(2, h, h)?);
                let np = tp.broadcast_mul(&c)?.sub(&tq.broadcast_mul(&s)?)?;
                let nq = tp.broadcast_mul(&s)?.add(&tq.broadcast_mul(&c)?)?;
                Tensor::cat(&[&np, &nq], 2)?.index_select(inverse, 2)
            };
            u = turn(&paired)?;
            if let Some(v) = v.as_mut() {
                *v = turn(&v.index_select(order, 2)?)?;
            }
        }
        if !rotated {
            converged = true;
            break;
        }
    }
    if !converged {
        return Ok(None);
    }
    let u = u.narrow(2, 0, n0)?;
    let v = match v {
        Some(v) => Some(v.narrow(1, 0, n0)?.narrow(2, 0, n0)?.contiguous()?),
        None => None,
    };
    Ok(Some((u.contiguous()?, v)))
}

/// The column norms (`[B, n]`) of `w` (`[B, m, n]`) and the order that
/// sorts them descending.
fn descending_norms(w: &Tensor) -> Result<(Tensor, Tensor)> {
    let s = w.sqr()?.sum_keepdim(1)?.sqrt()?.squeeze(1)?.contiguous()?;
    let order = s.arg_sort_last_dim(false)?;
    Ok((s.gather(&order, 1)?, order))
}

/// The columns of `t` (`[B, r, n]`) in the order `order` (`[B, n]`).
fn gather_columns(t: &Tensor, order: &Tensor) -> Result<Tensor> {
    let (b, r, n) = t.dims3()?;
    let idx = order.unsqueeze(1)?.broadcast_as((b, r, n))?.contiguous()?;
    t.contiguous()?.gather(&idx, 2)
}

/// The singular values (descending, `[B, min(m, n)]`) of the `f64`
/// matrices `a` (`[B, m, n]`), by one-sided Jacobi rotations of the
/// columns (of `a^T` when wide) until they are orthogonal to `f64`'s
/// precision: accurate to the last digits for small singular values too.
/// `None` when 60 sweeps do not get there.
pub(crate) fn jacobi_singular_values(a: &Tensor) -> Result<Option<Tensor>> {
    let (_, m, n) = a.dims3()?;
    let (a, scale) = unit_scaled(a)?;
    let w = if m < n { a.transpose(1, 2)? } else { a };
    let Some((u, _)) = one_sided_jacobi(&w, false)? else {
        return Ok(None);
    };
    Ok(Some(descending_norms(&u)?.0.broadcast_mul(&scale)?))
}

/// The matrices `a` (`[B, m, n]`, `f64`) each divided by a power of two
/// near its largest magnitude (exactly), and those powers (`[B, 1]`; 1 for
/// a zero matrix): the sums of squares of the Jacobi rotations then
/// neither overflow (entries past `1e154`) nor underflow (below
/// `1e-154`).
fn unit_scaled(a: &Tensor) -> Result<(Tensor, Tensor)> {
    let top = a.abs()?.flatten_from(1)?.max_keepdim(1)?; // [B, 1]
    let safe = top.eq(0.0)?.where_cond(&top.ones_like()?, &top)?;
    let e = mul_c(&safe.log()?, std::f64::consts::LOG2_E)?.floor()?;
    let p = exact_pow2(&f64_powers_of_two(a.device())?, &e)?;
    Ok((a.broadcast_div(&p.unsqueeze(2)?)?, p))
}

/// The matrix `[B, m, cols]` whose first columns are `w / s` (`w`:
/// `[B, m, n]` with orthogonal columns of norms `s`, `[B, n]`,
/// descending), completed to `cols` orthonormal columns: a column whose
/// norm is below `max(m, n) eps` times the largest (a zero singular
/// value), and every column past `n`, is the unit vector furthest from the
/// span of the columns before it, orthogonalised against them (twice, as
/// Gram-Schmidt needs), one column at a time for the whole batch.
fn orthonormal_completion(w: &Tensor, s: &Tensor, cols: usize) -> Result<Tensor> {
    let (b, m, n) = w.dims3()?;
    let dev = w.device();
    let dt = w.dtype();
    let floor = mul_c(&s.max_keepdim(1)?, m.max(n) as f64 * f64::EPSILON)?; // [B, 1]
    let valid = s.broadcast_gt(&floor)?; // [B, n]
    let safe = valid.where_cond(s, &s.ones_like()?)?;
    let scaled = w.broadcast_div(&safe.unsqueeze(1)?)?; // [B, m, n]
    let rows = Tensor::arange(0u32, m as u32, dev)?.reshape((1, m))?;
    let col_ids = Tensor::arange(0u32, cols as u32, dev)?.reshape((1, 1, cols))?;
    let mut q = Tensor::zeros((b, m, cols), dt, dev)?;
    let project_out = |q: &Tensor, c: &Tensor| -> Result<Tensor> {
        let qt = q.transpose(1, 2)?.contiguous()?;
        c.sub(&q.matmul(&qt.matmul(c)?)?)
    };
    let normalise =
        |c: &Tensor| -> Result<Tensor> { c.broadcast_div(&c.sqr()?.sum_keepdim(1)?.sqrt()?) };
    for j in 0..cols {
        let keep = if j < n {
            Some(valid.narrow(1, j, 1)?) // [B, 1]
        } else {
            None
        };
        let ready = match &keep {
            Some(k) => k.min_all()?.to_scalar::<u8>()? == 1,
            None => false,
        };
        let own = scaled.narrow(2, j.min(n.saturating_sub(1)), 1)?;
        let col = if ready {
            own
        } else {
            // How far each unit vector is from the span of the columns so
            // far: 1 - |row i of q|^2; the furthest (the first on ties).
            let far = rsub_c(&q.sqr()?.sum_keepdim(2)?.squeeze(2)?, 1.0)?; // [B, m]
            let i = far.argmax_keepdim(1)?; // [B, 1]
            let e = rows.broadcast_eq(&i)?.to_dtype(dt)?.unsqueeze(2)?; // [B, m, 1]
            let c = normalise(&project_out(&q, &e)?)?;
            let fill = normalise(&project_out(&q, &c)?)?;
            match &keep {
                Some(k) => k
                    .unsqueeze(2)?
                    .broadcast_as((b, m, 1))?
                    .where_cond(&own, &fill)?,
                None => fill,
            }
        };
        let at = col_ids.eq(j as f64)?.to_dtype(dt)?; // [1, 1, cols]
        q = q.add(&col.broadcast_mul(&at)?)?;
    }
    Ok(q)
}

/// The singular value decomposition `a = U diag(S) Vh` of the `f64`
/// matrices `a` (`[B, m, n]`, `k = min(m, n) > 0`): `U` `[B, m, m]` and
/// `Vh` `[B, n, n]` with `full`, else `[B, m, k]` and `[B, k, n]`; `S`
/// `[B, k]` descending. One-sided Jacobi on the columns of `a` (of `a^T`
/// when wide) accumulating the rotations `V`; the left vectors are the
/// rotated columns over their norms, completed to an orthonormal basis
/// where a singular value is zero and past `k` (see
/// [`orthonormal_completion`]). Each of the first `k` left vectors is
/// scaled so its entry of largest magnitude (the first such) is positive,
/// its right vector with it, as on ndarray. `None` when the rotations do
/// not converge.
pub(crate) fn jacobi_svd(a: &Tensor, full: bool) -> Result<Option<(Tensor, Tensor, Tensor)>> {
    let (_, m, n) = a.dims3()?;
    let wide = m < n;
    let (a, scale) = unit_scaled(a)?;
    let w = if wide { a.transpose(1, 2)? } else { a };
    let (big, small) = if wide { (n, m) } else { (m, n) };
    let Some((w, Some(v))) = one_sided_jacobi(&w, true)? else {
        return Ok(None);
    };
    let (s, order) = descending_norms(&w)?;
    let (w, v) = (gather_columns(&w, &order)?, gather_columns(&v, &order)?);
    let cols = if full { big } else { small };
    // `a` (or `a^T`) = left diag(s) v^T.
    let left = orthonormal_completion(&w, &s, cols)?;
    let (u, vh) = if wide {
        (v, left.transpose(1, 2)?.contiguous()?)
    } else {
        (left, v.transpose(1, 2)?.contiguous()?)
    };
    let k = small;
    let uk = u.narrow(2, 0, k)?.contiguous()?;
    let first = uk.abs()?.argmax_keepdim(1)?; // [B, 1, k]
    let pick = uk.gather(&first.contiguous()?, 1)?;
    let sign = pick
        .lt(0.0)?
        .where_cond(&full_like(&pick, -1.0)?, &pick.ones_like()?)?; // [B, 1, k]
    let flip = |t: &Tensor, dim: usize, f: &Tensor| -> Result<Tensor> {
        let len = t.dim(dim)?;
        let head = t.narrow(dim, 0, k)?.broadcast_mul(f)?;
        if len == k {
            return Ok(head);
        }
        Tensor::cat(&[&head, &t.narrow(dim, k, len - k)?], dim)
    };
    let u = flip(&u, 2, &sign)?;
    let vh = flip(&vh, 1, &sign.transpose(1, 2)?)?;
    Ok(Some((u, s.broadcast_mul(&scale)?, vh)))
}
