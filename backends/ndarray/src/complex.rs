//! Complex element functions, with C99 Annex G's special values.
//!
//! NumPy computes its complex ufuncs with the C library's `csinh`, `ccosh`,
//! `ctanh`, `catanh`, `cacosh`, `casinh`, `cexp` ... (glibc on Linux), which
//! follow Annex G of the C standard at infinite, NaN and signed-zero inputs,
//! and with its own formulas for `expm1`, `reciprocal`, `sign`, `power` and
//! division. This module is the one place those rules live: each function
//! first settles the non-finite and zero inputs by the table (choosing, where
//! the standard leaves a sign unspecified, what glibc and so NumPy return),
//! then computes the finite case without overflow where the result is
//! representable.
//!
//! The circular functions come from the hyperbolic ones by the identities
//! Annex G itself uses to define them: `sin z = -i sinh(i z)`,
//! `cos z = cosh(i z)`, `tan z = -i tanh(i z)`, `atan z = -i atanh(i z)`,
//! `asin z = -i asinh(i z)`.
//!
//! All functions are generic over the real type `R` (`f32` or `f64`).

use crate::math::Real;
use num_complex::Complex;

type C<R> = Complex<R>;

/// `i z`.
#[inline]
fn mul_i<R: Real>(z: C<R>) -> C<R> {
    C::new(-z.im, z.re)
}

/// `-i z`.
#[inline]
fn mul_neg_i<R: Real>(z: C<R>) -> C<R> {
    C::new(z.im, -z.re)
}

/// `sin y` and `cos y`, exact for tiny `y` (as glibc: `sin y = y`, so the
/// sign of a zero survives).
#[inline]
fn sin_cos<R: Real>(y: R) -> (R, R) {
    if y.abs() > R::min_positive_value() {
        y.sin_cos()
    } else {
        (y, R::one())
    }
}

/// `e^x * (c, s)` without overflowing `e^x` where the product is finite
/// (`x` past `ln(max)` is split in two halves).
#[inline]
fn exp_scaled<R: Real>(x: R, c: R, s: R) -> (R, R) {
    if x > R::max_value().ln() {
        let h = (x * R::k(0.5)).exp();
        ((h * c) * h, (h * s) * h)
    } else {
        let e = x.exp();
        (e * c, e * s)
    }
}

/// `a * b` as C99 computes it (Annex G.5.1, `__muldc3`): the textbook
/// product, except that when it gives NaN in both parts although an operand
/// is infinite, the infinities are recovered (so `(inf + inf i) * i` is
/// `-inf + inf i`, not NaN). glibc's `cpow` multiplies this way.
pub fn mul_c99<R: Real>(a: C<R>, b: C<R>) -> C<R> {
    let (mut ar, mut ai, mut br, mut bi) = (a.re, a.im, b.re, b.im);
    let (ac, bd, ad, bc) = (ar * br, ai * bi, ar * bi, ai * br);
    let (x, y) = (ac - bd, ad + bc);
    if !(x.is_nan() && y.is_nan()) {
        return C::new(x, y);
    }
    let (zero, one) = (R::zero(), R::one());
    let box1 = |v: R| {
        if v.is_infinite() {
            one.copysign(v)
        } else {
            zero.copysign(v)
        }
    };
    let unnan = |v: R| if v.is_nan() { zero.copysign(v) } else { v };
    let mut recalc = false;
    if ar.is_infinite() || ai.is_infinite() {
        ar = box1(ar);
        ai = box1(ai);
        br = unnan(br);
        bi = unnan(bi);
        recalc = true;
    }
    if br.is_infinite() || bi.is_infinite() {
        br = box1(br);
        bi = box1(bi);
        ar = unnan(ar);
        ai = unnan(ai);
        recalc = true;
    }
    if !recalc && (ac.is_infinite() || bd.is_infinite() || ad.is_infinite() || bc.is_infinite()) {
        ar = unnan(ar);
        ai = unnan(ai);
        br = unnan(br);
        bi = unnan(bi);
        recalc = true;
    }
    if recalc {
        let inf = R::infinity();
        return C::new(inf * (ar * br - ai * bi), inf * (ar * bi + ai * br));
    }
    C::new(x, y)
}

/// `1 / z` as NumPy's `reciprocal` computes it (Smith's algorithm with the
/// larger part as pivot: `1 / (0 + 0i)` is NaN, `1 / inf` a signed zero).
pub fn recip<R: Real>(z: C<R>) -> C<R> {
    let (x, y) = (z.re, z.im);
    if y.abs() <= x.abs() {
        let r = y / x;
        let d = x + y * r;
        C::new(R::one() / d, -r / d)
    } else {
        let r = x / y;
        let d = x * r + y;
        C::new(r / d, -R::one() / d)
    }
}

/// `e^z` (Annex G `cexp`).
pub fn exp<R: Real>(z: C<R>) -> C<R> {
    let (x, y) = (z.re, z.im);
    let zero = R::zero();
    if x.is_finite() {
        if y.is_finite() {
            if y == zero {
                // Also keeps the sign of the zero when e^x overflows.
                return C::new(x.exp(), y);
            }
            let (s, c) = sin_cos(y);
            let (re, im) = exp_scaled(x, c, s);
            return C::new(re, im);
        }
        return C::new(R::nan(), R::nan());
    }
    if x.is_infinite() {
        if y.is_finite() {
            let v = if x < zero { zero } else { R::infinity() };
            if y == zero {
                return C::new(v, y);
            }
            let (s, c) = sin_cos(y);
            return C::new(v.copysign(c), v.copysign(s));
        }
        if x > zero {
            return C::new(x, R::nan());
        }
        return C::new(zero, zero.copysign(y));
    }
    // x is NaN.
    C::new(R::nan(), if y == zero { y } else { R::nan() })
}

/// `e^z - 1`: NumPy's formula where both parts are finite
/// (`expm1(x) cos y - 2 sin^2(y / 2)` and `e^x sin y`, accurate near 0),
/// and the Array API's special cases where one is infinite or NaN (as
/// `cexp`'s, so `expm1(-inf + b i)` is `-1 + 0 cis(b)` and
/// `expm1(conj z) = conj(expm1 z)`).
pub fn expm1<R: Real>(z: C<R>) -> C<R> {
    let (x, y) = (z.re, z.im);
    let zero = R::zero();
    let nan = R::nan();
    if x.is_finite() {
        if !y.is_finite() {
            return C::new(nan, nan);
        }
        if y == zero {
            // expm1(±0 + 0i) = +0 + 0i (e^z - 1 = 1 - 1; the real expm1 keeps -0).
            let re = if x == zero { zero } else { x.exp_m1() };
            return C::new(re, y);
        }
        let a = (y * R::k(0.5)).sin();
        return C::new(x.exp_m1() * y.cos() - R::k(2.0) * a * a, x.exp() * y.sin());
    }
    if x.is_nan() {
        return C::new(nan, if y == zero { y } else { nan });
    }
    if x > zero {
        if y == zero {
            return C::new(x, y);
        }
        if !y.is_finite() {
            return C::new(x, nan);
        }
        let (s, c) = sin_cos(y);
        return C::new(x.copysign(c), x.copysign(s));
    }
    // x is -inf: e^x is +0.
    let m1 = -R::one();
    if !y.is_finite() {
        // The sign is unspecified; this one keeps the conjugate symmetry.
        return C::new(m1, zero.copysign(y));
    }
    let (s, _) = sin_cos(y);
    C::new(m1, zero.copysign(s))
}

/// `sinh z` (Annex G `csinh`, glibc's choices of unspecified signs).
pub fn sinh<R: Real>(z: C<R>) -> C<R> {
    let (x, y) = (z.re, z.im);
    let zero = R::zero();
    let negate = x.is_sign_negative();
    let ax = x.abs();
    if x.is_finite() {
        if y.is_finite() {
            if y == zero {
                return C::new(x.sinh(), y);
            }
            let (s, c) = sin_cos(y);
            let (re, im) = if ax > R::max_value().ln() {
                let (re, im) = exp_scaled(ax - R::LN_2(), c, s);
                (re, im)
            } else {
                (ax.sinh() * c, ax.cosh() * s)
            };
            return C::new(if negate { -re } else { re }, im);
        }
        if x == zero {
            return C::new(x, R::nan());
        }
        return C::new(R::nan(), R::nan());
    }
    if x.is_infinite() {
        if y.is_finite() {
            if y == zero {
                return C::new(x, y);
            }
            let (s, c) = sin_cos(y);
            let re = R::infinity().copysign(c);
            return C::new(if negate { -re } else { re }, R::infinity().copysign(s));
        }
        return C::new(R::infinity(), R::nan());
    }
    C::new(R::nan(), if y == zero { y } else { R::nan() })
}

/// `cosh z` (Annex G `ccosh`, glibc's choices of unspecified signs).
pub fn cosh<R: Real>(z: C<R>) -> C<R> {
    let (x, y) = (z.re, z.im);
    let zero = R::zero();
    let one = R::one();
    if x.is_finite() {
        if y.is_finite() {
            if y == zero {
                return C::new(x.cosh(), y * one.copysign(x));
            }
            let (s, c) = sin_cos(y);
            let ax = x.abs();
            if ax > R::max_value().ln() {
                let (re, im) = exp_scaled(ax - R::LN_2(), c, s * one.copysign(x));
                return C::new(re, im);
            }
            return C::new(x.cosh() * c, x.sinh() * s);
        }
        return C::new(R::nan(), if x == zero { zero } else { R::nan() });
    }
    if x.is_infinite() {
        if y.is_finite() {
            if y == zero {
                return C::new(R::infinity(), y * one.copysign(x));
            }
            let (s, c) = sin_cos(y);
            return C::new(
                R::infinity().copysign(c),
                R::infinity().copysign(s) * one.copysign(x),
            );
        }
        return C::new(R::infinity(), R::nan());
    }
    C::new(R::nan(), if y == zero { y } else { R::nan() })
}

/// `tanh z` (Annex G `ctanh`, with the Array API's sign of the zero at an
/// infinite `Re z`; glibc's algorithm: no overflow for large `|Re z|`).
pub fn tanh<R: Real>(z: C<R>) -> C<R> {
    let (x, y) = (z.re, z.im);
    let zero = R::zero();
    let one = R::one();
    if !x.is_finite() || !y.is_finite() {
        if x.is_infinite() {
            // The Array API's `1 + 0j` for a positive finite `y` (C99 and
            // glibc take the sign of `sin 2y`); `y`'s sign keeps the
            // conjugate symmetry.
            return C::new(one.copysign(x), zero.copysign(y));
        }
        if y == zero {
            return z;
        }
        if x == zero {
            return C::new(x, R::nan());
        }
        return C::new(R::nan(), R::nan());
    }
    let (s, c) = sin_cos(y);
    // Past t = (mantissa digits - 1) ln 2 / 2, tanh(x) rounds to ±1.
    let t = R::tanh_big();
    if x.abs() > t {
        let e2t = (t + t).exp();
        let mut im = R::k(4.0) * s * c / e2t;
        let ax = x.abs() - t;
        im = if ax > t {
            im / e2t
        } else {
            im / (ax + ax).exp()
        };
        return C::new(one.copysign(x), im);
    }
    let (sh, ch) = if x.abs() > R::min_positive_value() {
        (x.sinh(), x.cosh())
    } else {
        (x, one)
    };
    let den = if sh.abs() > c.abs() * R::epsilon() {
        sh * sh + c * c
    } else {
        c * c
    };
    C::new(sh * ch / den, s * c / den)
}

/// `sin z = -i sinh(i z)` (an infinite imaginary part with a non-finite
/// real one gives `NaN + inf i`, glibc's choice of the unspecified signs).
pub fn sin<R: Real>(z: C<R>) -> C<R> {
    if !z.re.is_finite() && z.im.is_infinite() {
        return C::new(R::nan(), R::infinity());
    }
    mul_neg_i(sinh(mul_i(z)))
}

/// `cos z = cosh(i z)`.
pub fn cos<R: Real>(z: C<R>) -> C<R> {
    cosh(mul_i(z))
}

/// `tan z = -i tanh(i z)`.
pub fn tan<R: Real>(z: C<R>) -> C<R> {
    mul_neg_i(tanh(mul_i(z)))
}

/// The argument of `z` in radians.
pub fn arg<R: Real>(z: C<R>) -> R {
    z.im.atan2(z.re)
}

/// `atanh z` (Annex G `catanh`).
pub fn atanh<R: Real>(z: C<R>) -> C<R> {
    let (x, y) = (z.re, z.im);
    let zero = R::zero();
    if !x.is_finite() || !y.is_finite() {
        if y.is_infinite() {
            return C::new(zero.copysign(x), R::FRAC_PI_2().copysign(y));
        }
        if x.is_infinite() {
            let im = if y.is_nan() {
                R::nan()
            } else {
                R::FRAC_PI_2().copysign(y)
            };
            return C::new(zero.copysign(x), im);
        }
        if x == zero {
            return C::new(x, R::nan());
        }
        return C::new(R::nan(), R::nan());
    }
    if x == zero && y == zero {
        return z;
    }
    if y == zero && x.abs() <= R::one() {
        return C::new(x.atanh_libm(), y);
    }
    // glibc's finite case: the real part from log1p of 4x / |1 - z|^2, the
    // imaginary part from atan2 with an accurate 1 - |z|^2.
    let (one, eps) = (R::one(), R::epsilon());
    let (h, q) = (R::k(0.5), R::k(0.25));
    let (ax, ay) = (x.abs(), y.abs());
    if ax >= R::k(16.0) / eps || ay >= R::k(16.0) / eps {
        let re = if ay <= one {
            one / x
        } else if ax <= one {
            x / y / y
        } else {
            let m = (x * h).hypot(y * h);
            x / m / m * q
        };
        return C::new(re, R::FRAC_PI_2().copysign(y));
    }
    let re = if ax == one && ay < eps * eps {
        h.copysign(x) * (R::LN_2() - ay.ln())
    } else {
        let i2 = if ay >= eps * eps { y * y } else { zero };
        let num = (one + x) * (one + x) + i2;
        let den = (one - x) * (one - x) + i2;
        let f = num / den;
        if f < h {
            q * f.ln()
        } else {
            q * (R::k(4.0) * x / den).ln_1p()
        }
    };
    let (big, small) = if ax < ay { (ay, ax) } else { (ax, ay) };
    let den = if small < eps * h {
        let d = (one - big) * (one + big);
        if d == zero { zero } else { d }
    } else if big >= one || (big < R::k(0.75) && small < h) {
        (one - big) * (one + big) - small * small
    } else {
        // 1 - big^2 - small^2 without cancellation.
        -small.mul_add(small, (big - one) * (big + one))
    };
    C::new(re, h * (y + y).atan2(den))
}

/// `atan z = -i atanh(i z)`.
pub fn atan<R: Real>(z: C<R>) -> C<R> {
    mul_neg_i(atanh(mul_i(z)))
}

/// `asinh z` (Annex G `casinh`).
pub fn asinh<R: Real>(z: C<R>) -> C<R> {
    let (x, y) = (z.re, z.im);
    let zero = R::zero();
    if !x.is_finite() || !y.is_finite() {
        if y.is_infinite() {
            let im = if x.is_nan() {
                R::nan()
            } else if x.is_finite() {
                R::FRAC_PI_2().copysign(y)
            } else {
                R::FRAC_PI_4().copysign(y)
            };
            return C::new(R::infinity().copysign(x), im);
        }
        if !x.is_finite() {
            let im = if (x.is_infinite() && !y.is_nan()) || (x.is_nan() && y == zero) {
                zero.copysign(y)
            } else {
                R::nan()
            };
            return C::new(x, im);
        }
        return C::new(R::nan(), R::nan());
    }
    if y == zero {
        return C::new(crate::math::asinh_r(x), y);
    }
    // asinh is odd: work with Re(w) >= 0.
    let flip = x.is_sign_negative();
    let w = if flip { -z } else { z };
    let big = R::one() / R::epsilon().sqrt();
    let r = if w.re.abs() > big || w.im.abs() > big {
        // asinh(w) = log(2 w) + O(1 / w^2).
        let l = ln(w);
        C::new(l.re + R::LN_2(), l.im)
    } else {
        // asinh(w) = log1p(w + w^2 / (1 + sqrt(1 + w^2))): accurate near 0.
        let w2 = w * w;
        let s = sqrt(C::new(R::one() + w2.re, w2.im));
        log1p(w + div(w2, C::new(R::one() + s.re, s.im)))
    };
    if flip { -r } else { r }
}

/// `asin z = -i asinh(i z)`.
pub fn asin<R: Real>(z: C<R>) -> C<R> {
    if z.im == R::zero() && z.re.abs() <= R::one() {
        return C::new(z.re.asin(), z.im);
    }
    mul_neg_i(asinh(mul_i(z)))
}

/// `acos z = pi / 2 - asin z` (Annex G `cacos`; a zero real part is +0).
pub fn acos<R: Real>(z: C<R>) -> C<R> {
    if z.im == R::zero() && z.re.abs() <= R::one() {
        return C::new(z.re.acos(), -z.im);
    }
    let big = R::one() / R::epsilon().sqrt();
    if z.re.is_finite() && z.im.is_finite() && z.re.abs() < big && z.im.abs() < big {
        // Kahan's formulas: no cancellation near z = ±1, where
        // pi/2 - asin(z) loses the digits of a tiny result.
        // 1 - z is (1 - x) - y i: a real 1, so the sign of a zero y flips.
        let one = R::one();
        let s1 = sqrt(C::new(one - z.re, -z.im));
        let s2 = sqrt(C::new(one + z.re, z.im));
        let re = R::k(2.0) * s1.re.atan2(s2.re);
        let im = crate::math::asinh_r(s2.re * s1.im - s2.im * s1.re);
        return C::new(re, im);
    }
    let a = asin(z);
    let re = R::FRAC_PI_2() - a.re;
    C::new(if re == R::zero() { R::zero() } else { re }, -a.im)
}

/// `acosh z` (Annex G `cacosh`).
pub fn acosh<R: Real>(z: C<R>) -> C<R> {
    let (x, y) = (z.re, z.im);
    let zero = R::zero();
    if !x.is_finite() || !y.is_finite() {
        if y.is_infinite() {
            let im = if x.is_nan() {
                R::nan()
            } else if x.is_finite() {
                R::FRAC_PI_2().copysign(y)
            } else if x < zero {
                (R::PI() - R::FRAC_PI_4()).copysign(y)
            } else {
                R::FRAC_PI_4().copysign(y)
            };
            return C::new(R::infinity(), im);
        }
        if x.is_infinite() {
            let im = if y.is_nan() {
                R::nan()
            } else if x < zero {
                R::PI().copysign(y)
            } else {
                zero.copysign(y)
            };
            return C::new(R::infinity(), im);
        }
        if x == zero {
            // glibc: acosh(±0 + NaN i) = NaN + i pi/2.
            return C::new(R::nan(), R::FRAC_PI_2());
        }
        return C::new(R::nan(), R::nan());
    }
    if x == zero && y == zero {
        return C::new(zero, R::FRAC_PI_2().copysign(y));
    }
    if y == zero && x >= R::one() {
        return C::new(crate::math::acosh_r(x), y);
    }
    let big = R::one() / R::epsilon().sqrt();
    if x.abs() > big || y.abs() > big {
        // acosh(z) = log(2 z) + O(1 / z^2), on the branch with Re >= 0.
        let l = ln(z);
        let (re, im) = (l.re + R::LN_2(), l.im);
        return C::new(re, im);
    }
    // Kahan's formulas (no cancellation near z = 1, where
    // 2 log(sqrt((z + 1) / 2) + sqrt((z - 1) / 2)) loses the digits).
    let one = R::one();
    let s1 = sqrt(C::new(x - one, y));
    let s2 = sqrt(C::new(x + one, y));
    let re = crate::math::asinh_r(s1.re * s2.re + s1.im * s2.im);
    C::new(re, R::k(2.0) * s1.im.atan2(s2.re))
}

/// `z / |z|` as NumPy's `sign`: NaN if `|z|` is NaN, `±1` on the axis of
/// an infinite part (NaN if both are infinite), `0` for `0` (all zeros
/// positive).
pub fn sign<R: Real>(z: C<R>) -> C<R> {
    let (x, y) = (z.re, z.im);
    let zero = R::zero();
    let one = R::one();
    let m = x.hypot(y);
    if m.is_nan() {
        return C::new(R::nan(), R::nan());
    }
    if m.is_infinite() {
        if x.is_infinite() {
            if y.is_infinite() {
                return C::new(R::nan(), R::nan());
            }
            return C::new(if x > zero { one } else { -one }, zero);
        }
        return C::new(zero, if y > zero { one } else { -one });
    }
    if m == zero {
        return C::new(zero, zero);
    }
    C::new(x / m, y / m)
}

/// NumPy's complex division (Smith's algorithm: no overflow of `|b|^2`).
pub fn div<R: Real>(a: C<R>, b: C<R>) -> C<R> {
    let (br, bi) = (b.re.abs(), b.im.abs());
    if br >= bi {
        if br == R::zero() && bi == R::zero() {
            return C::new(a.re / br, a.im / br);
        }
        let rat = b.im / b.re;
        let scl = R::one() / (b.re + b.im * rat);
        C::new((a.re + a.im * rat) * scl, (a.im - a.re * rat) * scl)
    } else {
        let rat = b.re / b.im;
        let scl = R::one() / (b.im + b.re * rat);
        C::new((a.re * rat + a.im) * scl, (a.im * rat - a.re) * scl)
    }
}

pub fn exp2<R: Real>(z: C<R>) -> C<R> {
    if z.im == R::zero() {
        return C::new(z.re.exp2(), z.im);
    }
    exp(C::new(z.re * R::LN_2(), z.im * R::LN_2()))
}

pub fn ln<R: Real>(z: C<R>) -> C<R> {
    C::new(z.re.hypot(z.im).ln(), z.im.atan2(z.re))
}

pub fn log2<R: Real>(z: C<R>) -> C<R> {
    C::new(z.re.hypot(z.im).log2(), z.im.atan2(z.re) * R::LOG2_E())
}

pub fn log10<R: Real>(z: C<R>) -> C<R> {
    C::new(z.re.hypot(z.im).log10(), z.im.atan2(z.re) * R::LOG10_E())
}

/// `log(1 + z)`, accurate near 0: the real part is
/// `log|1 + z| = log1p(x (2 + x) + y^2) / 2`, computed from `x` and `y`
/// themselves (never from the rounded `1 + x`), the imaginary part
/// `atan2(y, 1 + x)`.
pub fn log1p<R: Real>(z: C<R>) -> C<R> {
    let (x, y) = (z.re, z.im);
    let one = R::one();
    let half = R::k(0.5);
    if y == R::zero() && x >= -one {
        // `+ 0`: log|1 + z| of z = -0 is +0, as NumPy's.
        return C::new(x.ln_1p() + R::zero(), y);
    }
    let re = if x.abs() < half && y.abs() < half {
        half * (x * (R::k(2.0) + x) + y * y).ln_1p()
    } else {
        (one + x).hypot(y).ln()
    };
    C::new(re, y.atan2(one + x))
}

/// The principal square root (Kahan's formula, scaled against overflow).
pub fn sqrt<R: Real>(z: C<R>) -> C<R> {
    let (x, y) = (z.re, z.im);
    let zero = R::zero();
    if x == zero && y == zero {
        return C::new(zero, y);
    }
    if y.is_infinite() {
        return C::new(R::infinity(), y);
    }
    if x.is_nan() {
        return C::new(x, x);
    }
    if x.is_infinite() {
        if x > zero {
            return C::new(x, if y.is_nan() { y } else { zero.copysign(y) });
        }
        return C::new(
            if y.is_nan() { y } else { R::zero() },
            R::infinity().copysign(y),
        );
    }
    if y.is_nan() {
        return C::new(y, y);
    }
    let big = R::max_value() / R::k(8.0);
    if x.abs() > big || y.abs() > big {
        let w = sqrt(C::new(x * R::k(0.25), y * R::k(0.25)));
        return C::new(w.re * R::k(2.0), w.im * R::k(2.0));
    }
    let t = ((x.abs() + x.hypot(y)) * R::k(0.5)).sqrt();
    let two_t = t + t;
    if x >= zero {
        C::new(t, y / two_t)
    } else {
        C::new(y.abs() / two_t, t.copysign(y))
    }
}

/// NumPy's complex power: `b = 0` gives 1, a zero base gives 0 for an
/// exponent with a positive real part (whatever its imaginary part) and NaN
/// otherwise, small integer exponents
/// multiply out, the rest is `exp(b log a)`.
pub fn pow<R: Real>(a: C<R>, b: C<R>) -> C<R> {
    let zero = R::zero();
    let one = C::new(R::one(), zero);
    if b.re == zero && b.im == zero {
        return one;
    }
    if a.re == zero && a.im == zero {
        return if b.re > zero {
            C::new(zero, zero)
        } else {
            C::new(R::nan(), R::nan())
        };
    }
    if b.im == zero && b.re == b.re.trunc() && b.re.abs() < R::k(100.0) {
        let n = b.re.to_i32().unwrap_or(0);
        // NumPy returns a, a*a, a*a*a for 1, 2, 3 (so (0 + inf i)^1 keeps
        // its zero real part, which 1 * a would turn into NaN).
        match n {
            1 => return a,
            2 => return a * a,
            3 => return a * a * a,
            _ => {}
        }
        let mut e = n.unsigned_abs();
        let mut acc = one;
        let mut base = a;
        while e > 0 {
            if e & 1 == 1 {
                acc = acc * base;
            }
            e >>= 1;
            if e > 0 {
                base = base * base;
            }
        }
        return if n < 0 { div(one, acc) } else { acc };
    }
    exp(mul_c99(b, ln(a)))
}
#[cfg(test)]
mod tests {
    use super::*;

    type F = fn(C<f64>) -> C<f64>;
    type F32 = fn(C<f32>) -> C<f32>;

    fn by_name(name: &str) -> (F, F32) {
        match name {
            "sin" => (sin, sin),
            "cos" => (cos, cos),
            "tan" => (tan, tan),
            "sinh" => (sinh, sinh),
            "cosh" => (cosh, cosh),
            "tanh" => (tanh, tanh),
            "asin" => (asin, asin),
            "acos" => (acos, acos),
            "atan" => (atan, atan),
            "asinh" => (asinh, asinh),
            "acosh" => (acosh, acosh),
            "atanh" => (atanh, atanh),
            "exp" => (exp, exp),
            "expm1" => (expm1, expm1),
            "log" => (ln, ln),
            "log1p" => (log1p, log1p),
            "sqrt" => (sqrt, sqrt),
            "sign" => (sign, sign),
            "reciprocal" => (recip, recip),
            other => panic!("no function {other} in the table"),
        }
    }

    /// Same value: both NaN (any sign), or equal with the same sign of zero,
    /// or finite and within `tol` relative.
    fn same(got: f64, want: f64, tol: f64) -> bool {
        if want.is_nan() || got.is_nan() {
            return want.is_nan() && got.is_nan();
        }
        if want == 0.0 || want.is_infinite() {
            return got == want && got.is_sign_negative() == want.is_sign_negative();
        }
        (got - want).abs() <= tol * want.abs()
    }

    /// Rows of the tables of C99 Annex G (G.6.2.2 cacosh, G.6.2.3 casinh,
    /// G.6.2.4 catanh, G.6.2.5 ccosh, G.6.2.6 csinh, G.6.2.7 ctanh, G.6.3.1
    /// cexp), and of the Array API's `expm1` (which C99 does not have),
    /// written from the standards.
    #[test]
    fn annex_g_rows() {
        let (inf, nan) = (f64::INFINITY, f64::NAN);
        let pi = std::f64::consts::PI;
        let (h, q) = (pi / 2.0, pi / 4.0);
        type Row = (F, (f64, f64), (f64, f64));
        let rows: &[Row] = &[
            (acosh, (0.0, 0.0), (0.0, h)),
            (acosh, (-0.0, 0.0), (0.0, h)),
            (acosh, (1.0, inf), (inf, h)),
            (acosh, (-inf, 1.0), (inf, pi)),
            (acosh, (inf, 1.0), (inf, 0.0)),
            (acosh, (-inf, inf), (inf, 3.0 * q)),
            (acosh, (inf, inf), (inf, q)),
            (acosh, (inf, nan), (inf, nan)),
            (acosh, (nan, inf), (inf, nan)),
            (acosh, (nan, nan), (nan, nan)),
            (asinh, (0.0, 0.0), (0.0, 0.0)),
            (asinh, (1.0, inf), (inf, h)),
            (asinh, (inf, 1.0), (inf, 0.0)),
            (asinh, (inf, inf), (inf, q)),
            (asinh, (inf, nan), (inf, nan)),
            (asinh, (nan, 0.0), (nan, 0.0)),
            (atanh, (0.0, 0.0), (0.0, 0.0)),
            (atanh, (0.0, nan), (0.0, nan)),
            (atanh, (1.0, 0.0), (inf, 0.0)),
            (atanh, (1.0, inf), (0.0, h)),
            (atanh, (inf, 1.0), (0.0, h)),
            (atanh, (inf, inf), (0.0, h)),
            (atanh, (inf, nan), (0.0, nan)),
            (atanh, (nan, inf), (0.0, h)),
            (cosh, (0.0, 0.0), (1.0, 0.0)),
            (cosh, (inf, 0.0), (inf, 0.0)),
            (cosh, (inf, 1.0), (inf * 1f64.cos(), inf)),
            (cosh, (nan, 0.0), (nan, 0.0)),
            (sinh, (0.0, 0.0), (0.0, 0.0)),
            (sinh, (inf, 0.0), (inf, 0.0)),
            (sinh, (inf, 1.0), (inf, inf)),
            (sinh, (1.0, inf), (nan, nan)),
            (sinh, (nan, 0.0), (nan, 0.0)),
            (tanh, (0.0, 0.0), (0.0, 0.0)),
            (tanh, (inf, 1.0), (1.0, 0.0)),
            (tanh, (inf, 2.5), (1.0, 0.0)),
            (tanh, (-inf, 2.5), (-1.0, 0.0)),
            (tanh, (inf, inf), (1.0, 0.0)),
            (tanh, (inf, nan), (1.0, 0.0)),
            (tanh, (nan, 0.0), (nan, 0.0)),
            (tanh, (1.0, inf), (nan, nan)),
            (exp, (0.0, 0.0), (1.0, 0.0)),
            (exp, (-inf, 1.0), (0.0 * 1f64.cos(), 0.0 * 1f64.sin())),
            (exp, (inf, 1.0), (inf, inf)),
            (exp, (-inf, inf), (0.0, 0.0)),
            (exp, (inf, inf), (inf, nan)),
            (exp, (nan, 0.0), (nan, 0.0)),
            (expm1, (0.0, 0.0), (0.0, 0.0)),
            (expm1, (-0.0, 0.0), (0.0, 0.0)),
            (expm1, (1.0, inf), (nan, nan)),
            (expm1, (1.0, nan), (nan, nan)),
            (expm1, (inf, 0.0), (inf, 0.0)),
            (expm1, (-inf, 1.0), (-1.0, 0.0 * 1f64.sin())),
            (expm1, (-inf, 4.0), (-1.0, -0.0)),
            (expm1, (inf, 1.0), (inf, inf)),
            (expm1, (inf, 2.0), (-inf, inf)),
            (expm1, (-inf, inf), (-1.0, 0.0)),
            (expm1, (inf, inf), (inf, nan)),
            (expm1, (-inf, nan), (-1.0, 0.0)),
            (expm1, (inf, nan), (inf, nan)),
            (expm1, (nan, 0.0), (nan, 0.0)),
            (expm1, (nan, 1.0), (nan, nan)),
            (expm1, (nan, nan), (nan, nan)),
        ];
        for &(f, (x, y), (re, im)) in rows {
            let got = f(C::new(x, y));
            assert!(
                same(got.re, re, 1e-15) && same(got.im, im, 1e-15),
                "({x}, {y}) -> {got}, want ({re}, {im})"
            );
            // f(conj z) = conj f(z) for every one of them.
            let c = f(C::new(x, -y));
            assert!(
                same(c.re, got.re, 0.0) && same(c.im, -got.im, 0.0),
                "conj ({x}, {y}) -> {c}"
            );
        }
    }

    #[test]
    fn c99_multiplication_recovers_infinities() {
        let (inf, nan) = (f64::INFINITY, f64::NAN);
        // (inf + inf i) * i = -inf + inf i (the textbook product is NaN + NaN i).
        let p = mul_c99(C::new(inf, inf), C::new(0.0, 1.0));
        assert_eq!((p.re, p.im), (-inf, inf));
        // inf * (NaN + NaN i) stays NaN; finite products are the textbook ones.
        let p = mul_c99(C::new(inf, 0.0), C::new(nan, nan));
        assert!(p.re.is_nan() || p.im.is_nan() || p.re.is_infinite());
        assert_eq!(
            mul_c99(C::new(1.0, 2.0), C::new(3.0, -1.0)),
            C::new(5.0, 5.0)
        );
        // glibc's cpow: i^(inf + inf i) = exp((inf + inf i) log i) = exp(-inf + inf i) = 0.
        let z = pow(C::new(0.0, 1.0), C::new(inf, inf));
        assert_eq!((z.re, z.im), (0.0, 0.0));
        // NumPy returns a itself for an exponent of 1.
        let z = pow(C::new(0.0, inf), C::new(1.0, 0.0));
        assert_eq!((z.re, z.im), (0.0, inf));
    }

    #[test]
    fn inverse_cosines_keep_their_digits_near_one() {
        // acos(1 + d i) = sqrt(d) (1 - i) (1 + O(d)), acosh(1 + d i) = sqrt(d) (1 + i).
        let d = 1e-20f64;
        let a: C<f64> = acos(C::new(1.0, d));
        assert!(
            (a.re - 1e-10).abs() < 1e-24 && (a.im + 1e-10).abs() < 1e-24,
            "{a}"
        );
        let h: C<f64> = acosh(C::new(1.0, d));
        assert!(
            (h.re - 1e-10).abs() < 1e-24 && (h.im - 1e-10).abs() < 1e-24,
            "{h}"
        );
        let a = acos(C::new(1.0f32, 1e-20));
        assert!(
            (a.re - 1e-10).abs() < 1e-16 && (a.im + 1e-10).abs() < 1e-16,
            "{a}"
        );
    }

    /// Every function at every pair of special parts agrees with NumPy's
    /// table (`complex_special_values.txt`, written by NumPy itself), in
    /// both precisions; except `expm1` at an infinite or NaN part, where
    /// NumPy's formula gives NaN parts, and at `-0 + 0i`, and the sign of the zero of
    /// `tanh(±inf + yi)`: there ivy follows the Array API's special cases
    /// (`annex_g_rows`).
    #[test]
    fn special_values_match_numpy() {
        let table = include_str!("complex_special_values.txt");
        let mut bad = Vec::new();
        let mut n = 0;
        for line in table.lines().filter(|l| !l.starts_with('#')) {
            let f: Vec<&str> = line.split_whitespace().collect();
            let v: Vec<f64> = f[1..].iter().map(|s| s.parse().unwrap()).collect();
            // expm1: NaN parts where a part is infinite or NaN, and -0 for
            // expm1(-0 + 0i), whose real part the Array API makes +0.
            let zero = v[0] == 0.0 && v[1] == 0.0;
            if f[0] == "expm1" && (zero || !(v[0].is_finite() && v[1].is_finite())) {
                continue;
            }
            // tanh(±inf + yi): NumPy's zero has the sign of sin 2y, the
            // Array API's that of y (`annex_g_rows`).
            // tan z = -i tanh(iz) inherits it at tan(x ± inf i).
            let tanh_at_inf = (f[0] == "tanh" && v[0].is_infinite() && v[1].is_finite())
                || (f[0] == "tan" && v[1].is_infinite() && v[0].is_finite());
            if tanh_at_inf {
                continue;
            }
            let (f64f, f32f) = by_name(f[0]);
            let got = f64f(C::new(v[0], v[1]));
            if !same(got.re, v[2], 1e-15) || !same(got.im, v[3], 1e-15) {
                bad.push(format!("f64 {line}: got {} {}", got.re, got.im));
            }
            let g = f32f(C::new(v[0] as f32, v[1] as f32));
            let want32 = (v[2] as f32 as f64, v[3] as f32 as f64);
            if !same(g.re as f64, want32.0, 1e-6) || !same(g.im as f64, want32.1, 1e-6) {
                bad.push(format!("f32 {line}: got {} {}", g.re, g.im));
            }
            n += 1;
        }
        assert!(n > 1000);
        assert!(
            bad.is_empty(),
            "{} mismatches:\n{}",
            bad.len(),
            bad.join("\n")
        );
    }
}
