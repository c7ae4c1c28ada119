//! Data types: the 15 dtypes, sets and classes of dtypes, promotion, defaults and
//! numeric limits.
//!
//! The text form of every dtype is Ivy's name (`"int8"` ... `"complex128"`), in
//! both directions:
//!
//! ```
//! # extern crate ivy_core as ivy;
//! use ivy::Dtype;
//! let d: Dtype = "bfloat16".parse()?;
//! assert_eq!(d, Dtype::BFloat16);
//! assert_eq!(d.to_string(), "bfloat16");
//! # Ok::<(), ivy::Error>(())
//! ```

pub mod casting;
mod defaults;
mod element;
mod info;
mod promotion;
mod set;
mod valid;

pub use casting::{
    CastDataTypes, CrosscastDataTypes, DowncastDataTypes, UpcastDataTypes, cast_data_types,
    cast_dtypes, crosscast_data_types, crosscast_dtypes, downcast_data_types, downcast_dtypes,
    unset_cast_data_types, unset_crosscast_data_types, unset_downcast_data_types,
    unset_upcast_data_types, upcast_data_types, upcast_dtypes,
};
pub use defaults::{
    DefaultComplexDtype, DefaultDtype, DefaultFloatDtype, DefaultIntDtype, DefaultUintDtype,
    PreciseMode, default_complex_dtype, default_complex_dtype_for, default_dtype,
    default_dtype_for, default_float_dtype, default_float_dtype_for, default_int_dtype,
    default_int_dtype_for, default_uint_dtype, default_uint_dtype_for, infer_default_dtype,
    precise_mode, set_default_complex_dtype, set_default_dtype, set_default_float_dtype,
    set_default_int_dtype, set_default_uint_dtype, set_precise_mode, unset_default_complex_dtype,
    unset_default_dtype, unset_default_float_dtype, unset_default_int_dtype,
    unset_default_uint_dtype, unset_precise_mode, with_default_complex_dtype, with_default_dtype,
    with_default_float_dtype, with_default_int_dtype, with_default_uint_dtype, with_precise_mode,
};
pub use element::{Complex32, Complex64, Element, bf16, f16};
pub use info::{Finfo, Iinfo, finfo, iinfo};
pub use promotion::{
    DtypeLike, array_api_promote_types, can_cast, promote_types, promote_types_of_inputs,
    result_type,
};
pub use set::DtypeSet;
pub use valid::{
    all_complex_dtypes, all_dtypes, all_float_dtypes, all_int_dtypes, all_numeric_dtypes,
    all_uint_dtypes, closest_valid_dtype, closest_valid_dtype_in, invalid_complex_dtypes,
    invalid_dtype, invalid_dtypes, invalid_float_dtypes, invalid_int_dtypes,
    invalid_numeric_dtypes, invalid_uint_dtypes, valid_complex_dtypes, valid_dtype, valid_dtypes,
    valid_float_dtypes, valid_int_dtypes, valid_numeric_dtypes, valid_uint_dtypes,
};

use crate::error::{Error, Result};
use crate::scalar::Scalar;
use std::fmt;
use std::str::FromStr;

/// One of the 15 data types of ivy.
///
/// The discriminants follow the order of Ivy's `all_dtypes` (integers, unsigned
/// integers, floats, bool, complex), which is also the bit order of
/// [`DtypeSet`].
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype;
/// assert!(Dtype::Float32.is_float());
/// assert_eq!(Dtype::Int16.bits(), 16);
/// assert_eq!(Dtype::ALL.len(), 15);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Dtype {
    /// 8-bit signed integer.
    Int8 = 0,
    /// 16-bit signed integer.
    Int16 = 1,
    /// 32-bit signed integer.
    Int32 = 2,
    /// 64-bit signed integer.
    Int64 = 3,
    /// 8-bit unsigned integer.
    UInt8 = 4,
    /// 16-bit unsigned integer.
    UInt16 = 5,
    /// 32-bit unsigned integer.
    UInt32 = 6,
    /// 64-bit unsigned integer.
    UInt64 = 7,
    /// Brain floating point (8 exponent bits, 7 mantissa bits), via [`half::bf16`].
    BFloat16 = 8,
    /// IEEE half precision, via [`half::f16`].
    Float16 = 9,
    /// IEEE single precision.
    Float32 = 10,
    /// IEEE double precision.
    Float64 = 11,
    /// Boolean.
    Bool = 12,
    /// Complex number of two `float32`, via [`num_complex::Complex`].
    Complex64 = 13,
    /// Complex number of two `float64`, via [`num_complex::Complex`].
    Complex128 = 14,
}

/// The broad kind of a dtype, used by the default-dtype rules.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::{Dtype, DtypeKind};
/// assert_eq!(Dtype::UInt8.kind(), DtypeKind::UInt);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DtypeKind {
    /// `bool`.
    Bool,
    /// Signed integers.
    Int,
    /// Unsigned integers.
    UInt,
    /// Real floating point.
    Float,
    /// Complex floating point.
    Complex,
}

impl Dtype {
    /// All 15 dtypes in Ivy's `all_dtypes` order.
    pub const ALL: [Dtype; 15] = [
        Dtype::Int8,
        Dtype::Int16,
        Dtype::Int32,
        Dtype::Int64,
        Dtype::UInt8,
        Dtype::UInt16,
        Dtype::UInt32,
        Dtype::UInt64,
        Dtype::BFloat16,
        Dtype::Float16,
        Dtype::Float32,
        Dtype::Float64,
        Dtype::Bool,
        Dtype::Complex64,
        Dtype::Complex128,
    ];

    /// The dtype with the given discriminant (the inverse of `d as u8`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::Dtype;
    /// assert_eq!(Dtype::from_index(10), Some(Dtype::Float32));
    /// assert_eq!(Dtype::from_index(15), None);
    /// ```
    pub const fn from_index(i: u8) -> Option<Dtype> {
        if (i as usize) < Self::ALL.len() {
            Some(Self::ALL[i as usize])
        } else {
            None
        }
    }

    /// Ivy's name of the dtype.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// assert_eq!(ivy::Dtype::Complex128.name(), "complex128");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Dtype::Int8 => "int8",
            Dtype::Int16 => "int16",
            Dtype::Int32 => "int32",
            Dtype::Int64 => "int64",
            Dtype::UInt8 => "uint8",
            Dtype::UInt16 => "uint16",
            Dtype::UInt32 => "uint32",
            Dtype::UInt64 => "uint64",
            Dtype::BFloat16 => "bfloat16",
            Dtype::Float16 => "float16",
            Dtype::Float32 => "float32",
            Dtype::Float64 => "float64",
            Dtype::Bool => "bool",
            Dtype::Complex64 => "complex64",
            Dtype::Complex128 => "complex128",
        }
    }

    /// The dtype named `name` (Ivy's spelling), if there is one.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// assert_eq!(ivy::Dtype::from_name("uint16"), Some(ivy::Dtype::UInt16));
    /// assert_eq!(ivy::Dtype::from_name("float8"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Dtype> {
        Self::ALL.iter().copied().find(|d| d.name() == name)
    }

    /// The kind of the dtype.
    pub const fn kind(self) -> DtypeKind {
        match self {
            Dtype::Int8 | Dtype::Int16 | Dtype::Int32 | Dtype::Int64 => DtypeKind::Int,
            Dtype::UInt8 | Dtype::UInt16 | Dtype::UInt32 | Dtype::UInt64 => DtypeKind::UInt,
            Dtype::BFloat16 | Dtype::Float16 | Dtype::Float32 | Dtype::Float64 => DtypeKind::Float,
            Dtype::Bool => DtypeKind::Bool,
            Dtype::Complex64 | Dtype::Complex128 => DtypeKind::Complex,
        }
    }

    /// Number of bits of one element (`bool` counts 8, as in Ivy's `dtype_bits`;
    /// complex dtypes count both parts).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// assert_eq!(ivy::Dtype::Bool.bits(), 8);
    /// assert_eq!(ivy::Dtype::Complex64.bits(), 64);
    /// ```
    pub const fn bits(self) -> u32 {
        match self {
            Dtype::Int8 | Dtype::UInt8 | Dtype::Bool => 8,
            Dtype::Int16 | Dtype::UInt16 | Dtype::BFloat16 | Dtype::Float16 => 16,
            Dtype::Int32 | Dtype::UInt32 | Dtype::Float32 => 32,
            Dtype::Int64 | Dtype::UInt64 | Dtype::Float64 | Dtype::Complex64 => 64,
            Dtype::Complex128 => 128,
        }
    }

    /// Size of one element in bytes.
    pub const fn itemsize(self) -> usize {
        (self.bits() / 8) as usize
    }

    /// True for signed and unsigned integers (Ivy's `is_int_dtype`, which also
    /// counts `uint*` because it tests for the substring `"int"`).
    pub const fn is_int(self) -> bool {
        matches!(self.kind(), DtypeKind::Int | DtypeKind::UInt)
    }

    /// True for unsigned integers.
    pub const fn is_uint(self) -> bool {
        matches!(self.kind(), DtypeKind::UInt)
    }

    /// True for signed integers only.
    pub const fn is_signed_int(self) -> bool {
        matches!(self.kind(), DtypeKind::Int)
    }

    /// True for real floating-point dtypes.
    pub const fn is_float(self) -> bool {
        matches!(self.kind(), DtypeKind::Float)
    }

    /// True for complex dtypes.
    pub const fn is_complex(self) -> bool {
        matches!(self.kind(), DtypeKind::Complex)
    }

    /// True for `bool`.
    pub const fn is_bool(self) -> bool {
        matches!(self, Dtype::Bool)
    }

    /// True for every dtype but `bool`.
    pub const fn is_numeric(self) -> bool {
        !self.is_bool()
    }

    /// The real dtype of the same precision: `complex64` -> `float32`,
    /// `complex128` -> `float64`, any other dtype -> itself.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// assert_eq!(ivy::Dtype::Complex64.real(), ivy::Dtype::Float32);
    /// ```
    pub const fn real(self) -> Dtype {
        match self {
            Dtype::Complex64 => Dtype::Float32,
            Dtype::Complex128 => Dtype::Float64,
            d => d,
        }
    }

    /// The set holding only this dtype.
    pub const fn set(self) -> DtypeSet {
        DtypeSet::from_bits(1 << self as u16)
    }
}

impl fmt::Display for Dtype {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for Dtype {
    type Err = Error;

    fn from_str(s: &str) -> Result<Dtype> {
        Dtype::from_name(s).ok_or_else(|| Error::UnknownDtype {
            name: s.to_string(),
        })
    }
}

impl serde::Serialize for Dtype {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for Dtype {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Dtype, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Dtype::from_name(&s).ok_or_else(|| serde::de::Error::custom(format!("unknown dtype `{s}`")))
    }
}

/// The dtype a sum or product of `dtype` accumulates in when no dtype is
/// given (the Array API's rule): signed integers narrower than the default
/// integer dtype widen to it, unsigned ones to the default unsigned dtype,
/// `bool` to the default integer dtype; floats and complex keep their dtype.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype;
/// assert_eq!(ivy::dtype::sum_dtype(Dtype::Int8), Dtype::Int32);
/// assert_eq!(ivy::dtype::sum_dtype(Dtype::Int64), Dtype::Int64);
/// assert_eq!(ivy::dtype::sum_dtype(Dtype::UInt8), Dtype::UInt32);
/// assert_eq!(ivy::dtype::sum_dtype(Dtype::Float16), Dtype::Float16);
/// ```
pub fn sum_dtype(dtype: Dtype) -> Dtype {
    match dtype.kind() {
        DtypeKind::Bool => default_int_dtype(),
        DtypeKind::Int => {
            let d = default_int_dtype();
            if dtype.bits() < d.bits() { d } else { dtype }
        }
        DtypeKind::UInt => {
            let d = default_uint_dtype();
            if dtype.bits() < d.bits() { d } else { dtype }
        }
        DtypeKind::Float | DtypeKind::Complex => dtype,
    }
}

/// The dtype `arange` infers from its bounds (Ivy's rule): the default float
/// dtype if any of them is a float, else the default integer dtype (widened
/// when a bound needs it).
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::{Dtype, Scalar};
/// assert_eq!(ivy::dtype::infer_arange_dtype(Scalar::Int(0), None, Scalar::Int(1)), Dtype::Int32);
/// assert_eq!(ivy::dtype::infer_arange_dtype(Scalar::Int(0), Some(Scalar::Float(1.0)), Scalar::Int(1)), Dtype::Float32);
/// ```
pub fn infer_arange_dtype(start: Scalar, stop: Option<Scalar>, step: Scalar) -> Dtype {
    let mut items = vec![start, step];
    items.extend(stop);
    default_dtype_for(&items)
}

/// Ivy's `dtype_bits`: the number of bits of one element.
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert_eq!(ivy::dtype_bits(ivy::Dtype::Float16), 16);
/// ```
pub fn dtype_bits(dtype: Dtype) -> u32 {
    dtype.bits()
}

/// Ivy's `is_float_dtype`.
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert!(ivy::is_float_dtype(ivy::Dtype::BFloat16));
/// ```
pub fn is_float_dtype(dtype: Dtype) -> bool {
    dtype.is_float()
}

/// Ivy's `is_int_dtype` (true for `uint*` too).
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert!(ivy::is_int_dtype(ivy::Dtype::UInt8));
/// ```
pub fn is_int_dtype(dtype: Dtype) -> bool {
    dtype.is_int()
}

/// Ivy's `is_uint_dtype`.
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert!(!ivy::is_uint_dtype(ivy::Dtype::Int8));
/// ```
pub fn is_uint_dtype(dtype: Dtype) -> bool {
    dtype.is_uint()
}

/// Ivy's `is_complex_dtype`.
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert!(ivy::is_complex_dtype(ivy::Dtype::Complex64));
/// ```
pub fn is_complex_dtype(dtype: Dtype) -> bool {
    dtype.is_complex()
}

/// Ivy's `is_bool_dtype`.
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert!(ivy::is_bool_dtype(ivy::Dtype::Bool));
/// ```
pub fn is_bool_dtype(dtype: Dtype) -> bool {
    dtype.is_bool()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_for_every_dtype() {
        for d in Dtype::ALL {
            assert_eq!(d.name().parse::<Dtype>().unwrap(), d);
            assert_eq!(Dtype::from_index(d as u8), Some(d));
        }
        assert!("float8".parse::<Dtype>().is_err());
    }

    #[test]
    fn kinds_partition_the_dtypes() {
        let mut n = 0;
        for d in Dtype::ALL {
            let flags = [
                d.is_signed_int(),
                d.is_uint(),
                d.is_float(),
                d.is_bool(),
                d.is_complex(),
            ];
            assert_eq!(flags.iter().filter(|f| **f).count(), 1, "{d}");
            n += 1;
        }
        assert_eq!(n, 15);
    }

    #[test]
    fn serde_uses_ivy_names() {
        let s = serde_json::to_string(&Dtype::UInt16).unwrap();
        assert_eq!(s, "\"uint16\"");
        assert_eq!(serde_json::from_str::<Dtype>(&s).unwrap(), Dtype::UInt16);
        assert!(serde_json::from_str::<Dtype>("\"uint17\"").is_err());
    }
}
