//! Machine limits of the dtypes: [`iinfo`] and [`finfo`], with NumPy's values.

use super::{Dtype, bf16, f16};
use crate::error::{Error, Result};

/// Machine limits of an integer dtype (Ivy's `iinfo`, NumPy's `np.iinfo`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// let i = ivy::iinfo(ivy::Dtype::Int8)?;
/// assert_eq!((i.bits, i.min, i.max), (8, -128, 127));
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Iinfo {
    /// Number of bits of one element.
    pub bits: u32,
    /// Smallest representable value.
    pub min: i128,
    /// Largest representable value.
    pub max: i128,
    /// The dtype described.
    pub dtype: Dtype,
}

/// Machine limits of a floating-point dtype (Ivy's `finfo`, NumPy's
/// `np.finfo`), every value as an `f64`.
///
/// For a complex dtype these are the limits of its real part, as in NumPy:
/// `finfo(complex64)` describes `float32` (`bits` 32, `dtype` `float32`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// let f = ivy::finfo(ivy::Dtype::Float16)?;
/// assert_eq!(f.eps, 0.0009765625);
/// assert_eq!(f.max, 65504.0);
/// assert_eq!(f.smallest_normal, 6.103515625e-05);
/// assert_eq!(f.resolution, 0.001);
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Finfo {
    /// Number of bits of one (real) element.
    pub bits: u32,
    /// The difference between 1.0 and the next larger representable number.
    pub eps: f64,
    /// Largest finite value.
    pub max: f64,
    /// Smallest (most negative) finite value, `-max`.
    pub min: f64,
    /// Smallest positive normal value (NumPy's `tiny`).
    pub smallest_normal: f64,
    /// The decimal resolution `10**-precision`, where `precision` is the
    /// number of decimal digits the type holds exactly (NumPy's `resolution`),
    /// given as the `f64` nearest to that power of ten.
    pub resolution: f64,
    /// The real dtype described (`float32` for `complex64`).
    pub dtype: Dtype,
}

/// The limits of an integer dtype (Ivy's `iinfo`). A dtype that is not an
/// integer (including `bool`, as in NumPy) is an [`Error::InvalidDtype`].
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype;
/// assert_eq!(ivy::iinfo(Dtype::UInt64)?.max, u64::MAX as i128);
/// assert_eq!(ivy::iinfo(Dtype::Int32)?.min, -2147483648);
/// assert!(ivy::iinfo(Dtype::Float32).is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn iinfo(dtype: Dtype) -> Result<Iinfo> {
    let (min, max) = match dtype {
        Dtype::Int8 => (i8::MIN as i128, i8::MAX as i128),
        Dtype::Int16 => (i16::MIN as i128, i16::MAX as i128),
        Dtype::Int32 => (i32::MIN as i128, i32::MAX as i128),
        Dtype::Int64 => (i64::MIN as i128, i64::MAX as i128),
        Dtype::UInt8 => (0, u8::MAX as i128),
        Dtype::UInt16 => (0, u16::MAX as i128),
        Dtype::UInt32 => (0, u32::MAX as i128),
        Dtype::UInt64 => (0, u64::MAX as i128),
        _ => {
            return Err(Error::InvalidDtype {
                op: "iinfo".to_string(),
                dtype,
                expected: "an integer dtype".to_string(),
            });
        }
    };
    Ok(Iinfo {
        bits: dtype.bits(),
        min,
        max,
        dtype,
    })
}

/// The limits of a float or complex dtype (Ivy's `finfo`). An integer or
/// `bool` dtype is an [`Error::InvalidDtype`].
///
/// The values are NumPy's (`eps`, `max`, `tiny` are exact powers of two or
/// the exact largest finite value of the type). For `bfloat16`, Ivy hard-codes
/// rounded values (`max` 3.38953e38, `smallest_normal` 1.17549e-38); the exact
/// ones are returned here (`(2 - 2**-7) * 2**127` and `2**-126`, which round to
/// Ivy's), with Ivy's `eps` 0.0078125 (= `2**-7`) and `resolution` 0.01.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype;
/// assert_eq!(ivy::finfo(Dtype::Float32)?.eps, f32::EPSILON as f64);
/// assert_eq!(ivy::finfo(Dtype::Float64)?.resolution, 1e-15);
/// assert_eq!(ivy::finfo(Dtype::Complex64)?, ivy::finfo(Dtype::Float32)?);
/// assert_eq!(ivy::finfo(Dtype::BFloat16)?.eps, 0.0078125);
/// assert!(ivy::finfo(Dtype::Int8).is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn finfo(dtype: Dtype) -> Result<Finfo> {
    let real = dtype.real();
    let (eps, max, tiny, resolution) = match real {
        Dtype::BFloat16 => (
            bf16::EPSILON.to_f64(),
            bf16::MAX.to_f64(),
            bf16::MIN_POSITIVE.to_f64(),
            1e-2,
        ),
        Dtype::Float16 => (
            f16::EPSILON.to_f64(),
            f16::MAX.to_f64(),
            f16::MIN_POSITIVE.to_f64(),
            1e-3,
        ),
        Dtype::Float32 => (
            f32::EPSILON as f64,
            f32::MAX as f64,
            f32::MIN_POSITIVE as f64,
            1e-6,
        ),
        Dtype::Float64 => (f64::EPSILON, f64::MAX, f64::MIN_POSITIVE, 1e-15),
        _ => {
            return Err(Error::InvalidDtype {
                op: "finfo".to_string(),
                dtype,
                expected: "a float or complex dtype".to_string(),
            });
        }
    };
    Ok(Finfo {
        bits: real.bits(),
        eps,
        max,
        min: -max,
        smallest_normal: tiny,
        resolution,
        dtype: real,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iinfo_matches_numpy() {
        // np.iinfo(...).min / .max / .bits
        let cases: [(Dtype, u32, i128, i128); 8] = [
            (Dtype::Int8, 8, -128, 127),
            (Dtype::Int16, 16, -32768, 32767),
            (Dtype::Int32, 32, -2147483648, 2147483647),
            (Dtype::Int64, 64, -9223372036854775808, 9223372036854775807),
            (Dtype::UInt8, 8, 0, 255),
            (Dtype::UInt16, 16, 0, 65535),
            (Dtype::UInt32, 32, 0, 4294967295),
            (Dtype::UInt64, 64, 0, 18446744073709551615),
        ];
        for (d, bits, min, max) in cases {
            assert_eq!(
                iinfo(d).unwrap(),
                Iinfo {
                    bits,
                    min,
                    max,
                    dtype: d
                }
            );
        }
        for d in [
            Dtype::Bool,
            Dtype::BFloat16,
            Dtype::Float64,
            Dtype::Complex64,
        ] {
            let e = iinfo(d).unwrap_err();
            assert!(
                matches!(e, Error::InvalidDtype { ref op, dtype, .. } if op == "iinfo" && dtype == d)
            );
        }
    }

    #[test]
    fn finfo_matches_numpy() {
        // np.finfo(np.float16): eps 2**-10, max 65504, tiny 2**-14, resolution 1e-3
        let f = finfo(Dtype::Float16).unwrap();
        assert_eq!(
            (f.bits, f.eps, f.max, f.min),
            (16, 2f64.powi(-10), 65504.0, -65504.0)
        );
        assert_eq!((f.smallest_normal, f.resolution), (2f64.powi(-14), 1e-3));
        // np.finfo(np.float32): eps 2**-23, max (2 - 2**-23) * 2**127, tiny 2**-126
        let f = finfo(Dtype::Float32).unwrap();
        assert_eq!((f.bits, f.eps), (32, 2f64.powi(-23)));
        assert_eq!(f.max, (2.0 - 2f64.powi(-23)) * 2f64.powi(127));
        assert_eq!(f.max, 3.4028234663852886e38);
        assert_eq!((f.smallest_normal, f.resolution), (2f64.powi(-126), 1e-6));
        // np.finfo(np.float64)
        let f = finfo(Dtype::Float64).unwrap();
        assert_eq!(
            (f.bits, f.eps, f.max),
            (64, 2f64.powi(-52), 1.7976931348623157e308)
        );
        assert_eq!((f.smallest_normal, f.resolution), (2f64.powi(-1022), 1e-15));
    }

    #[test]
    fn finfo_bfloat16_is_exact_and_rounds_to_ivys_values() {
        let f = finfo(Dtype::BFloat16).unwrap();
        assert_eq!((f.bits, f.eps, f.resolution), (16, 0.0078125, 0.01));
        assert_eq!(f.max, (2.0 - 2f64.powi(-7)) * 2f64.powi(127));
        assert_eq!(f.smallest_normal, 2f64.powi(-126));
        // Ivy's Bfloat16Finfo: max 3.38953e38, min -3.38953e38, tiny 1.17549e-38
        assert!((f.max / 3.38953e38 - 1.0).abs() < 1e-5);
        assert!((f.min / -3.38953e38 - 1.0).abs() < 1e-5);
        assert!((f.smallest_normal / 1.17549e-38 - 1.0).abs() < 1e-5);
    }

    #[test]
    fn finfo_of_complex_is_its_real_part() {
        assert_eq!(finfo(Dtype::Complex64).unwrap().dtype, Dtype::Float32);
        assert_eq!(
            finfo(Dtype::Complex128).unwrap(),
            finfo(Dtype::Float64).unwrap()
        );
        for d in [Dtype::Bool, Dtype::Int8, Dtype::UInt64] {
            assert!(matches!(finfo(d), Err(Error::InvalidDtype { ref op, .. }) if op == "finfo"));
        }
    }
}
