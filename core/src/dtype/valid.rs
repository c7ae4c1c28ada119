//! The `all_*`, `valid_*` and `invalid_*` dtype sets, and
//! [`closest_valid_dtype`].
//!
//! The `all_*` sets never change. The `valid_*` sets are the `all_*` sets
//! restricted to what the current backend of this thread supports
//! ([`BackendEntry::valid_dtypes`]), and the `invalid_*` sets are the rest, as
//! Ivy updates its tuples on `set_backend`. With every dtype valid (the
//! `ndarray` backend, or no backend at all), the `invalid_*` sets are empty.
//!
//! ```
//! # extern crate ivy_core as ivy;
//! assert_eq!(ivy::all_int_dtypes().len(), 8);
//! assert_eq!(ivy::valid_dtypes() | ivy::invalid_dtypes(), ivy::all_dtypes());
//! assert!((ivy::valid_dtypes() & ivy::invalid_dtypes()).is_empty());
//! ```
//!
//! [`BackendEntry::valid_dtypes`]: crate::BackendEntry::valid_dtypes

use super::{Dtype, DtypeKind, DtypeSet};
use crate::backend::current_backend;

/// All 15 dtypes (Ivy's `all_dtypes`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert_eq!(ivy::all_dtypes().len(), 15);
/// ```
pub const fn all_dtypes() -> DtypeSet {
    DtypeSet::ALL
}

/// Every dtype but `bool` (Ivy's `all_numeric_dtypes`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert!(!ivy::all_numeric_dtypes().contains(ivy::Dtype::Bool));
/// ```
pub const fn all_numeric_dtypes() -> DtypeSet {
    DtypeSet::NUMERIC
}

/// Signed and unsigned integers (Ivy's `all_int_dtypes`, which includes the
/// `uint*` dtypes).
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert!(ivy::all_int_dtypes().contains(ivy::Dtype::UInt8));
/// ```
pub const fn all_int_dtypes() -> DtypeSet {
    DtypeSet::INT
}

/// `bfloat16`, `float16`, `float32`, `float64` (Ivy's `all_float_dtypes`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert_eq!(ivy::all_float_dtypes().to_string(), "(bfloat16, float16, float32, float64)");
/// ```
pub const fn all_float_dtypes() -> DtypeSet {
    DtypeSet::FLOAT
}

/// `uint8` ... `uint64` (Ivy's `all_uint_dtypes`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert_eq!(ivy::all_uint_dtypes().len(), 4);
/// ```
pub const fn all_uint_dtypes() -> DtypeSet {
    DtypeSet::UINT
}

/// `complex64` and `complex128` (Ivy's `all_complex_dtypes`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert_eq!(ivy::all_complex_dtypes().to_string(), "(complex64, complex128)");
/// ```
pub const fn all_complex_dtypes() -> DtypeSet {
    DtypeSet::COMPLEX
}

/// The dtypes valid on this thread's current backend (Ivy's `valid_dtypes`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert!((ivy::valid_dtypes() - ivy::all_dtypes()).is_empty());
/// assert!(ivy::valid_dtypes().contains(ivy::Dtype::Float32));
/// ```
pub fn valid_dtypes() -> DtypeSet {
    current_backend().valid_dtypes()
}

/// The numeric dtypes valid on the current backend (Ivy's
/// `valid_numeric_dtypes`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert!(!ivy::valid_numeric_dtypes().contains(ivy::Dtype::Bool));
/// ```
pub fn valid_numeric_dtypes() -> DtypeSet {
    valid_dtypes() & all_numeric_dtypes()
}

/// The integer dtypes valid on the current backend (Ivy's `valid_int_dtypes`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert!((ivy::valid_int_dtypes() - ivy::all_int_dtypes()).is_empty());
/// ```
pub fn valid_int_dtypes() -> DtypeSet {
    valid_dtypes() & all_int_dtypes()
}

/// The float dtypes valid on the current backend (Ivy's `valid_float_dtypes`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert!((ivy::valid_float_dtypes() - ivy::all_float_dtypes()).is_empty());
/// ```
pub fn valid_float_dtypes() -> DtypeSet {
    valid_dtypes() & all_float_dtypes()
}

/// The unsigned dtypes valid on the current backend (Ivy's
/// `valid_uint_dtypes`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert!((ivy::valid_uint_dtypes() - ivy::all_uint_dtypes()).is_empty());
/// ```
pub fn valid_uint_dtypes() -> DtypeSet {
    valid_dtypes() & all_uint_dtypes()
}

/// The complex dtypes valid on the current backend (Ivy's
/// `valid_complex_dtypes`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert!((ivy::valid_complex_dtypes() - ivy::all_complex_dtypes()).is_empty());
/// ```
pub fn valid_complex_dtypes() -> DtypeSet {
    valid_dtypes() & all_complex_dtypes()
}

/// The dtypes the current backend does not support (Ivy's `invalid_dtypes`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert_eq!(ivy::invalid_dtypes(), ivy::all_dtypes() - ivy::valid_dtypes());
/// ```
pub fn invalid_dtypes() -> DtypeSet {
    all_dtypes() - valid_dtypes()
}

/// The numeric dtypes the current backend does not support.
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert!(!ivy::invalid_numeric_dtypes().contains(ivy::Dtype::Bool));
/// ```
pub fn invalid_numeric_dtypes() -> DtypeSet {
    all_numeric_dtypes() - valid_dtypes()
}

/// The integer dtypes the current backend does not support.
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert_eq!(ivy::invalid_int_dtypes() | ivy::valid_int_dtypes(), ivy::all_int_dtypes());
/// ```
pub fn invalid_int_dtypes() -> DtypeSet {
    all_int_dtypes() - valid_dtypes()
}

/// The float dtypes the current backend does not support.
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert_eq!(ivy::invalid_float_dtypes() | ivy::valid_float_dtypes(), ivy::all_float_dtypes());
/// ```
pub fn invalid_float_dtypes() -> DtypeSet {
    all_float_dtypes() - valid_dtypes()
}

/// The unsigned dtypes the current backend does not support.
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert_eq!(ivy::invalid_uint_dtypes() | ivy::valid_uint_dtypes(), ivy::all_uint_dtypes());
/// ```
pub fn invalid_uint_dtypes() -> DtypeSet {
    all_uint_dtypes() - valid_dtypes()
}

/// The complex dtypes the current backend does not support.
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert_eq!(
///     ivy::invalid_complex_dtypes() | ivy::valid_complex_dtypes(),
///     ivy::all_complex_dtypes()
/// );
/// ```
pub fn invalid_complex_dtypes() -> DtypeSet {
    all_complex_dtypes() - valid_dtypes()
}

/// Whether the current backend supports `dtype` (Ivy's `valid_dtype`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert_eq!(ivy::valid_dtype(ivy::Dtype::Int8), ivy::valid_dtypes().contains(ivy::Dtype::Int8));
/// ```
pub fn valid_dtype(dtype: Dtype) -> bool {
    valid_dtypes().contains(dtype)
}

/// Whether the current backend does not support `dtype` (Ivy's
/// `invalid_dtype`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype;
/// assert_eq!(ivy::invalid_dtype(Dtype::UInt16), !ivy::valid_dtype(Dtype::UInt16));
/// ```
pub fn invalid_dtype(dtype: Dtype) -> bool {
    !valid_dtype(dtype)
}

/// The dtypes of `dtype`'s kind from lowest to highest precision, as Ivy
/// orders them (`bfloat16` below `float16`, as in `all_float_dtypes`).
fn family(dtype: Dtype) -> &'static [Dtype] {
    match dtype.kind() {
        DtypeKind::Int => &[Dtype::Int8, Dtype::Int16, Dtype::Int32, Dtype::Int64],
        DtypeKind::UInt => &[Dtype::UInt8, Dtype::UInt16, Dtype::UInt32, Dtype::UInt64],
        DtypeKind::Float => &[
            Dtype::BFloat16,
            Dtype::Float16,
            Dtype::Float32,
            Dtype::Float64,
        ],
        DtypeKind::Complex => &[Dtype::Complex64, Dtype::Complex128],
        DtypeKind::Bool => &[Dtype::Bool],
    }
}

/// The valid dtype (in `valid`) closest to `dtype`: `dtype` itself if it is
/// valid; else the nearest valid dtype of the same kind below it (walking
/// down: `uint64` → `uint32` → `uint16` → `uint8`); else the nearest one above
/// it; else `dtype` unchanged (nothing of its kind is valid).
///
/// Ivy leaves this to each backend as a fixed map. The walk reproduces every
/// map it has: torch's and paddle's `uint16`/`uint32`/`uint64` → `uint8` (their
/// other unsigned dtypes are invalid too), numpy's and paddle's `bfloat16` →
/// `float16` (nothing is below `bfloat16`, so it walks up), and jax's `int64` →
/// `int32`, `uint64` → `uint32`, `float64` → `float32`.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::{Dtype, DtypeSet};
/// let torch = DtypeSet::ALL - DtypeSet::of(&[Dtype::UInt16, Dtype::UInt32, Dtype::UInt64]);
/// assert_eq!(ivy::closest_valid_dtype_in(Dtype::UInt64, torch), Dtype::UInt8);
/// let numpy = DtypeSet::ALL - Dtype::BFloat16.set();
/// assert_eq!(ivy::closest_valid_dtype_in(Dtype::BFloat16, numpy), Dtype::Float16);
/// assert_eq!(ivy::closest_valid_dtype_in(Dtype::Float32, numpy), Dtype::Float32);
/// ```
pub fn closest_valid_dtype_in(dtype: Dtype, valid: DtypeSet) -> Dtype {
    if valid.contains(dtype) {
        return dtype;
    }
    let fam = family(dtype);
    let Some(at) = fam.iter().position(|&d| d == dtype) else {
        return dtype;
    };
    let below = fam[..at].iter().rev();
    let above = fam[at + 1..].iter();
    below
        .chain(above)
        .copied()
        .find(|&d| valid.contains(d))
        .unwrap_or(dtype)
}

/// The dtype closest to `dtype` that the current backend supports (Ivy's
/// `closest_valid_dtype`), by the rule of [`closest_valid_dtype_in`].
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype;
/// // every dtype is valid on the default backend
/// assert_eq!(ivy::closest_valid_dtype(Dtype::BFloat16), Dtype::BFloat16);
/// ```
pub fn closest_valid_dtype(dtype: Dtype) -> Dtype {
    closest_valid_dtype_in(dtype, valid_dtypes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_sets_are_ivys_tuples() {
        let names = |s: DtypeSet| s.iter().map(Dtype::name).collect::<Vec<_>>();
        assert_eq!(
            names(all_int_dtypes()),
            [
                "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"
            ]
        );
        assert_eq!(
            names(all_uint_dtypes()),
            ["uint8", "uint16", "uint32", "uint64"]
        );
        assert_eq!(
            names(all_float_dtypes()),
            ["bfloat16", "float16", "float32", "float64"]
        );
        assert_eq!(names(all_complex_dtypes()), ["complex64", "complex128"]);
        assert_eq!(all_numeric_dtypes(), all_dtypes() - Dtype::Bool.set());
    }

    #[test]
    fn without_a_restricting_backend_everything_is_valid() {
        // the unit-test binary links no backend: the kernel-less fallback
        // says every dtype is valid
        assert_eq!(valid_dtypes(), all_dtypes());
        assert!(invalid_dtypes().is_empty());
        assert!(invalid_numeric_dtypes().is_empty());
        assert_eq!(valid_uint_dtypes(), all_uint_dtypes());
        assert!(
            Dtype::ALL
                .iter()
                .all(|&d| valid_dtype(d) && !invalid_dtype(d))
        );
        assert!(Dtype::ALL.iter().all(|&d| closest_valid_dtype(d) == d));
    }

    #[test]
    fn closest_walks_down_then_up_within_the_kind() {
        let jax_no_x64 = DtypeSet::ALL
            - DtypeSet::of(&[
                Dtype::Int64,
                Dtype::UInt64,
                Dtype::Float64,
                Dtype::Complex128,
            ]);
        assert_eq!(
            closest_valid_dtype_in(Dtype::Int64, jax_no_x64),
            Dtype::Int32
        );
        assert_eq!(
            closest_valid_dtype_in(Dtype::UInt64, jax_no_x64),
            Dtype::UInt32
        );
        assert_eq!(
            closest_valid_dtype_in(Dtype::Float64, jax_no_x64),
            Dtype::Float32
        );
        assert_eq!(
            closest_valid_dtype_in(Dtype::Complex128, jax_no_x64),
            Dtype::Complex64
        );
        let only_big = DtypeSet::of(&[Dtype::Int64]);
        assert_eq!(closest_valid_dtype_in(Dtype::Int8, only_big), Dtype::Int64);
        // nothing of the kind: unchanged
        assert_eq!(
            closest_valid_dtype_in(Dtype::Bool, DtypeSet::EMPTY),
            Dtype::Bool
        );
        assert_eq!(
            closest_valid_dtype_in(Dtype::Float16, DtypeSet::INT),
            Dtype::Float16
        );
    }
}
