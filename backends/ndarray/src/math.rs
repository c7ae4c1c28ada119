//! Element arithmetic for the kernels, in the element's own dtype.
//!
//! Integers wrap on overflow (NumPy's behaviour, and no panic in debug
//! builds); integer division by zero gives 0. `float16` and `bfloat16`
//! evaluate each function in `f32` and round the result once, as NumPy's
//! half-precision loops do: the array stays in its dtype.

use ivy::{Complex32, Complex64, Element, bf16, f16};

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

/// Functions of the inexact elements (real floats and complex).
pub trait Inexact: Arith {
    /// `a / b`.
    fn div(self, b: Self) -> Self;
    /// Tangent.
    fn tan(self) -> Self;
    /// `e^x`.
    fn exp(self) -> Self;
}

macro_rules! float_inexact {
    ($($t:ty),*) => {$(
        impl Inexact for $t {
            #[inline] fn div(self, b: Self) -> Self { self / b }
            #[inline] fn tan(self) -> Self { <$t>::tan(self) }
            #[inline] fn exp(self) -> Self { <$t>::exp(self) }
        }
    )*};
}
float_inexact!(f32, f64);

macro_rules! half_inexact {
    ($($t:ident),*) => {$(
        impl Inexact for $t {
            #[inline] fn div(self, b: Self) -> Self { self / b }
            #[inline] fn tan(self) -> Self { $t::from_f32(self.to_f32().tan()) }
            #[inline] fn exp(self) -> Self { $t::from_f32(self.to_f32().exp()) }
        }
    )*};
}
half_inexact!(f16, bf16);

macro_rules! complex_inexact {
    ($($t:ty),*) => {$(
        impl Inexact for $t {
            #[inline] fn div(self, b: Self) -> Self { self / b }
            #[inline] fn tan(self) -> Self { <$t>::tan(self) }
            #[inline] fn exp(self) -> Self { <$t>::exp(self) }
        }
    )*};
}
complex_inexact!(Complex32, Complex64);

/// Total order for the real elements (NaN propagates through max and min).
pub trait Ordered: Element {
    /// The larger, NaN if either is NaN.
    fn max_nan(self, b: Self) -> Self;
    /// The smallest value (the start of a max fold).
    fn lowest() -> Self;
}

macro_rules! int_ordered {
    ($($t:ty),*) => {$(
        impl Ordered for $t {
            #[inline] fn max_nan(self, b: Self) -> Self { if b > self { b } else { self } }
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
    fn lowest() -> Self {
        false
    }
}

macro_rules! float_ordered {
    ($($t:ty: $lowest:expr),*) => {$(
        impl Ordered for $t {
            #[inline]
            fn max_nan(self, b: Self) -> Self {
                if self.is_nan() || b.is_nan() { <$t>::NAN } else if b > self { b } else { self }
            }
            #[inline] fn lowest() -> Self { $lowest }
        }
    )*};
}
float_ordered!(f32: f32::NEG_INFINITY, f64: f64::NEG_INFINITY, f16: f16::NEG_INFINITY, bf16: bf16::NEG_INFINITY);
