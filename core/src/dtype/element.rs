//! [`Element`]: the Rust type that stores each dtype, and casts between them.

use super::Dtype;
use crate::array::{Buffer, HostData};
use crate::scalar::Scalar;
use std::fmt::Debug;

pub use half::{bf16, f16};

/// `complex64`: two `f32`.
pub type Complex32 = num_complex::Complex<f32>;
/// `complex128`: two `f64`.
pub type Complex64 = num_complex::Complex<f64>;

/// A Rust type that stores the elements of one dtype.
///
/// Implemented for `bool`, `i8`..`i64`, `u8`..`u64`, [`bf16`],
/// [`f16`](struct@f16), `f32`, `f64`, [`Complex32`] and [`Complex64`]. Casts
/// between any two elements follow NumPy's `astype`: integers wrap, floats
/// truncate toward zero and saturate when cast to integers (NaN gives 0),
/// complex to real keeps the real part, and anything to `bool` is "not zero".
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::{Dtype, Element};
/// assert_eq!(<i16 as Element>::DTYPE, Dtype::Int16);
/// assert_eq!(300i32.cast::<u8>(), 44);
/// assert_eq!((-2.7f64).cast::<i8>(), -2);
/// assert_eq!(2u8.cast::<bool>(), true);
/// ```
pub trait Element: Copy + Send + Sync + Debug + PartialEq + Default + 'static {
    /// The dtype stored by this type.
    const DTYPE: Dtype;

    /// Wrap a typed buffer into the dtype-erased host storage.
    fn wrap(buf: Buffer<Self>) -> HostData;
    /// The typed buffer inside `data`, if `data` holds this dtype.
    fn unwrap(data: &HostData) -> Option<&Buffer<Self>>;
    /// The typed buffer taken out of `data`, or `data` back if it holds
    /// another dtype.
    fn take(data: HostData) -> Result<Buffer<Self>, HostData>;

    /// The value as a bool (not zero).
    fn to_bool(self) -> bool;
    /// The value as an integer (floats truncate and saturate, complex uses the
    /// real part).
    fn to_i128(self) -> i128;
    /// The value as an `f64` (complex uses the real part).
    fn to_f64(self) -> f64;
    /// The value as a `complex128`.
    fn to_c64(self) -> Complex64;

    /// From a bool: 0 or 1.
    fn from_bool(b: bool) -> Self;
    /// From an integer, wrapping for integer dtypes.
    fn from_i128(i: i128) -> Self;
    /// From an `f64`, truncating and saturating for integer dtypes.
    fn from_f64(f: f64) -> Self;
    /// From a complex number, keeping the real part for real dtypes.
    fn from_c64(c: Complex64) -> Self;

    /// The value as a dynamically typed scalar of the same kind.
    fn to_scalar(self) -> Scalar;

    /// Cast to another element type with NumPy's `astype` rules.
    #[inline]
    fn cast<U: Element>(self) -> U {
        use super::DtypeKind::*;
        match Self::DTYPE.kind() {
            Bool => U::from_bool(self.to_bool()),
            Int | UInt => U::from_i128(self.to_i128()),
            Float => U::from_f64(self.to_f64()),
            Complex => U::from_c64(self.to_c64()),
        }
    }
}

macro_rules! wrap_impl {
    ($t:ty, $variant:ident) => {
        fn wrap(buf: Buffer<Self>) -> HostData {
            HostData::$variant(buf)
        }
        fn unwrap(data: &HostData) -> Option<&Buffer<Self>> {
            match data {
                HostData::$variant(b) => Some(b),
                _ => None,
            }
        }
        fn take(data: HostData) -> Result<Buffer<Self>, HostData> {
            match data {
                HostData::$variant(b) => Ok(b),
                other => Err(other),
            }
        }
    };
}

macro_rules! int_element {
    ($($t:ty => $variant:ident, $dtype:ident;)*) => {$(
        impl Element for $t {
            const DTYPE: Dtype = Dtype::$dtype;
            wrap_impl!($t, $variant);
            #[inline] fn to_bool(self) -> bool { self != 0 }
            #[inline] fn to_i128(self) -> i128 { self as i128 }
            #[inline] fn to_f64(self) -> f64 { self as f64 }
            #[inline] fn to_c64(self) -> Complex64 { Complex64::new(self as f64, 0.0) }
            #[inline] fn from_bool(b: bool) -> Self { b as $t }
            #[inline] fn from_i128(i: i128) -> Self { i as $t }
            #[inline] fn from_f64(f: f64) -> Self { f as $t }
            #[inline] fn from_c64(c: Complex64) -> Self { c.re as $t }
            fn to_scalar(self) -> Scalar { Scalar::Int(self as i128) }
        }
    )*};
}

int_element! {
    i8 => I8, Int8;
    i16 => I16, Int16;
    i32 => I32, Int32;
    i64 => I64, Int64;
    u8 => U8, UInt8;
    u16 => U16, UInt16;
    u32 => U32, UInt32;
    u64 => U64, UInt64;
}

macro_rules! float_element {
    ($($t:ty => $variant:ident, $dtype:ident;)*) => {$(
        impl Element for $t {
            const DTYPE: Dtype = Dtype::$dtype;
            wrap_impl!($t, $variant);
            #[inline] fn to_bool(self) -> bool { self != 0.0 }
            #[inline] fn to_i128(self) -> i128 { self as i128 }
            #[inline] fn to_f64(self) -> f64 { self as f64 }
            #[inline] fn to_c64(self) -> Complex64 { Complex64::new(self as f64, 0.0) }
            #[inline] fn from_bool(b: bool) -> Self { b as u8 as $t }
            // Through `i64` when the value fits (one instruction; the same
            // rounding, since both convert the exact integer): `x + 1`
            // converts its `1` on every call, and the 128-bit conversion is
            // a library routine of some fifty instructions. The wide case is
            // out of line, else the compiler sees the two conversions agree
            // and keeps only the routine.
            #[inline] fn from_i128(i: i128) -> Self {
                #[cold]
                #[inline(never)]
                fn wide(i: i128) -> $t { i as $t }
                match i64::try_from(i) { Ok(v) => v as $t, Err(_) => wide(i) }
            }
            #[inline] fn from_f64(f: f64) -> Self { f as $t }
            #[inline] fn from_c64(c: Complex64) -> Self { c.re as $t }
            fn to_scalar(self) -> Scalar { Scalar::Float(self as f64) }
        }
    )*};
}

float_element! {
    f32 => F32, Float32;
    f64 => F64, Float64;
}

macro_rules! half_element {
    ($($t:ident => $variant:ident, $dtype:ident;)*) => {$(
        impl Element for $t {
            const DTYPE: Dtype = Dtype::$dtype;
            wrap_impl!($t, $variant);
            #[inline] fn to_bool(self) -> bool { $t::to_f32(self) != 0.0 }
            #[inline] fn to_i128(self) -> i128 { $t::to_f32(self) as i128 }
            #[inline] fn to_f64(self) -> f64 { $t::to_f64(self) }
            #[inline] fn to_c64(self) -> Complex64 { Complex64::new($t::to_f64(self), 0.0) }
            #[inline] fn from_bool(b: bool) -> Self { if b { $t::ONE } else { $t::ZERO } }
            #[inline] fn from_i128(i: i128) -> Self { $t::from_f32(<f32 as Element>::from_i128(i)) }
            #[inline] fn from_f64(f: f64) -> Self { $t::from_f64(f) }
            #[inline] fn from_c64(c: Complex64) -> Self { $t::from_f64(c.re) }
            fn to_scalar(self) -> Scalar { Scalar::Float($t::to_f64(self)) }
        }
    )*};
}

half_element! {
    bf16 => BF16, BFloat16;
    f16 => F16, Float16;
}

impl Element for bool {
    const DTYPE: Dtype = Dtype::Bool;
    wrap_impl!(bool, Bool);
    #[inline]
    fn to_bool(self) -> bool {
        self
    }
    #[inline]
    fn to_i128(self) -> i128 {
        self as i128
    }
    #[inline]
    fn to_f64(self) -> f64 {
        self as u8 as f64
    }
    #[inline]
    fn to_c64(self) -> Complex64 {
        Complex64::new(self as u8 as f64, 0.0)
    }
    #[inline]
    fn from_bool(b: bool) -> Self {
        b
    }
    #[inline]
    fn from_i128(i: i128) -> Self {
        i != 0
    }
    #[inline]
    fn from_f64(f: f64) -> Self {
        f != 0.0
    }
    #[inline]
    fn from_c64(c: Complex64) -> Self {
        c.re != 0.0 || c.im != 0.0
    }
    fn to_scalar(self) -> Scalar {
        Scalar::Bool(self)
    }
}

macro_rules! complex_element {
    ($($t:ty => $f:ty, $variant:ident, $dtype:ident;)*) => {$(
        impl Element for $t {
            const DTYPE: Dtype = Dtype::$dtype;
            wrap_impl!($t, $variant);
            #[inline] fn to_bool(self) -> bool { self.re != 0.0 || self.im != 0.0 }
            #[inline] fn to_i128(self) -> i128 { self.re as i128 }
            #[inline] fn to_f64(self) -> f64 { self.re as f64 }
            #[inline] fn to_c64(self) -> Complex64 { Complex64::new(self.re as f64, self.im as f64) }
            #[inline] fn from_bool(b: bool) -> Self { <$t>::new(b as u8 as $f, 0.0) }
            #[inline] fn from_i128(i: i128) -> Self { <$t>::new(i as $f, 0.0) }
            #[inline] fn from_f64(f: f64) -> Self { <$t>::new(f as $f, 0.0) }
            #[inline] fn from_c64(c: Complex64) -> Self { <$t>::new(c.re as $f, c.im as $f) }
            fn to_scalar(self) -> Scalar { Scalar::Complex(self.to_c64()) }
        }
    )*};
}

complex_element! {
    Complex32 => f32, C64, Complex64;
    Complex64 => f64, C128, Complex128;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn casts_follow_numpy_astype() {
        assert_eq!((-1i8).cast::<u8>(), 255);
        assert_eq!(70000i32.cast::<i16>(), 4464);
        assert_eq!(f64::NAN.cast::<i32>(), 0);
        assert_eq!(1e10f64.cast::<i32>(), i32::MAX);
        assert_eq!(2.9f32.cast::<u8>(), 2);
        assert!(Complex64::new(0.0, 1.0).cast::<bool>());
        assert_eq!(Complex32::new(1.5, 2.0).cast::<f64>(), 1.5);
        assert_eq!(true.cast::<Complex64>(), Complex64::new(1.0, 0.0));
        assert_eq!(3u64.cast::<bf16>(), bf16::from_f32(3.0));
        assert_eq!(f16::from_f32(2.5).cast::<i64>(), 2);
        assert_eq!(u64::MAX.cast::<f64>(), 18446744073709551615.0);
        assert_eq!(16777217i64.cast::<f32>(), 16777216.0);
    }

    #[test]
    fn every_element_names_its_dtype() {
        let all = [
            <i8 as Element>::DTYPE,
            <i16 as Element>::DTYPE,
            <i32 as Element>::DTYPE,
            <i64 as Element>::DTYPE,
            <u8 as Element>::DTYPE,
            <u16 as Element>::DTYPE,
            <u32 as Element>::DTYPE,
            <u64 as Element>::DTYPE,
            <bf16 as Element>::DTYPE,
            <f16 as Element>::DTYPE,
            <f32 as Element>::DTYPE,
            <f64 as Element>::DTYPE,
            <bool as Element>::DTYPE,
            <Complex32 as Element>::DTYPE,
            <Complex64 as Element>::DTYPE,
        ];
        assert_eq!(all, Dtype::ALL);
    }

    use proptest::prelude::*;

    proptest! {
        /// Integers that fit `i64` go to floats through it: the value must
        /// be the 128-bit conversion's, on both sides of the boundary.
        #[test]
        fn integers_convert_to_floats_as_the_128_bit_conversion_does(
            i in prop_oneof![
                any::<i128>(),
                any::<i64>().prop_map(i128::from),
                (-3i128..3).prop_map(|d| i128::from(i64::MAX) + d),
                (-3i128..3).prop_map(|d| i128::from(i64::MIN) + d),
            ]
        ) {
            prop_assert_eq!(<f32 as Element>::from_i128(i).to_bits(), (i as f32).to_bits());
            prop_assert_eq!(<f64 as Element>::from_i128(i).to_bits(), (i as f64).to_bits());
        }
    }
}
