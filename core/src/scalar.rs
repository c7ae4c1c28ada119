//! [`Scalar`]: a Rust number used where Ivy takes a Python scalar.

use crate::dtype::{self, Complex32, Complex64, Dtype, Element, bf16, f16};
use std::fmt;

/// A dynamically typed scalar with Python-scalar semantics.
///
/// Every Rust number converts into a `Scalar` of its *kind* (bool, integer,
/// float, complex); its width is forgotten, as a Python scalar has none. That
/// is what makes `x + 2` keep the dtype of `x` whatever type Rust infers for
/// the literal `2`. To pass a value of a fixed dtype, make a 0-d array
/// ([`Array::scalar`](crate::Array::scalar)).
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::{Dtype, Scalar};
/// assert_eq!(Scalar::from(3u8), Scalar::Int(3));
/// assert_eq!(Scalar::from(1.5f32).default_dtype(), Dtype::Float32);
/// assert_eq!(Scalar::from(1e300).default_dtype(), Dtype::Float64);
/// assert_eq!(Scalar::from(1i64 << 40).default_dtype(), Dtype::Int64);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    /// A bool.
    Bool(bool),
    /// An integer (wide enough for every `i64` and `u64`).
    Int(i128),
    /// A real float.
    Float(f64),
    /// A complex number.
    Complex(Complex64),
}

impl Scalar {
    /// The dtype Ivy infers for this value with the current defaults
    /// (`ivy.default_dtype(item=value)`): `bool`; the default int dtype, or
    /// `int64`/`uint64` when the value needs it; the default float dtype, or
    /// `float64` when the value needs it; the default complex dtype, or
    /// `complex128` when the value needs it.
    pub fn default_dtype(self) -> Dtype {
        match self {
            Scalar::Bool(_) => Dtype::Bool,
            Scalar::Int(i) => dtype::default_int_dtype_for(&[i]),
            Scalar::Float(f) => dtype::default_float_dtype_for(&[f]),
            Scalar::Complex(c) => dtype::default_complex_dtype_for(&[c]),
        }
    }

    /// The value converted to the element type `T` with `astype` rules.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::Scalar;
    /// assert_eq!(Scalar::Float(2.7).to_element::<i32>(), 2);
    /// assert_eq!(Scalar::Int(-1).to_element::<u8>(), 255);
    /// ```
    pub fn to_element<T: Element>(self) -> T {
        match self {
            Scalar::Bool(b) => T::from_bool(b),
            Scalar::Int(i) => T::from_i128(i),
            Scalar::Float(f) => T::from_f64(f),
            Scalar::Complex(c) => T::from_c64(c),
        }
    }

    /// The value as an `f64` (complex keeps the real part).
    pub fn to_f64(self) -> f64 {
        self.to_element::<f64>()
    }

    /// The value as an `i64` (floats truncate, integers wrap).
    pub fn to_i64(self) -> i64 {
        self.to_element::<i64>()
    }

    /// Whether the scalar is a bool.
    pub fn is_bool(self) -> bool {
        matches!(self, Scalar::Bool(_))
    }

    /// Whether the scalar is an integer.
    pub fn is_int(self) -> bool {
        matches!(self, Scalar::Int(_))
    }

    /// Whether the scalar is a real float.
    pub fn is_float(self) -> bool {
        matches!(self, Scalar::Float(_))
    }

    /// Whether the scalar is complex.
    pub fn is_complex(self) -> bool {
        matches!(self, Scalar::Complex(_))
    }
}

impl fmt::Display for Scalar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Scalar::Bool(b) => f.write_str(if *b { "True" } else { "False" }),
            Scalar::Int(i) => write!(f, "{i}"),
            Scalar::Float(x) => write!(f, "{}", crate::array::format_float(*x)),
            Scalar::Complex(c) => write!(
                f,
                "({}{}{}j)",
                crate::array::format_float(c.re),
                if c.im < 0.0 || (c.im == 0.0 && c.im.is_sign_negative()) {
                    ""
                } else {
                    "+"
                },
                crate::array::format_float(c.im)
            ),
        }
    }
}

macro_rules! from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Scalar {
            fn from(v: $t) -> Scalar { Scalar::Int(v as i128) }
        }
    )*};
}
from_int!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

impl From<bool> for Scalar {
    fn from(v: bool) -> Scalar {
        Scalar::Bool(v)
    }
}

impl From<f64> for Scalar {
    fn from(v: f64) -> Scalar {
        Scalar::Float(v)
    }
}

impl From<f32> for Scalar {
    fn from(v: f32) -> Scalar {
        Scalar::Float(v as f64)
    }
}

impl From<f16> for Scalar {
    fn from(v: f16) -> Scalar {
        Scalar::Float(v.to_f64())
    }
}

impl From<bf16> for Scalar {
    fn from(v: bf16) -> Scalar {
        Scalar::Float(v.to_f64())
    }
}

impl From<Complex64> for Scalar {
    fn from(v: Complex64) -> Scalar {
        Scalar::Complex(v)
    }
}

impl From<Complex32> for Scalar {
    fn from(v: Complex32) -> Scalar {
        Scalar::Complex(Complex64::new(v.re as f64, v.im as f64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_like_python() {
        assert_eq!(Scalar::Bool(true).to_string(), "True");
        assert_eq!(Scalar::Int(-3).to_string(), "-3");
        assert_eq!(Scalar::Float(2.0).to_string(), "2.0");
        assert_eq!(
            Scalar::Complex(Complex64::new(1.0, -2.0)).to_string(),
            "(1.0-2.0j)"
        );
    }

    #[test]
    fn width_is_forgotten() {
        assert_eq!(Scalar::from(7u64), Scalar::from(7i8));
        assert_eq!(Scalar::from(u64::MAX), Scalar::Int(u64::MAX as i128));
    }
}
