//! Ivy's dtype promotion: the four raw tables, the two combined lookup tables,
//! [`promote_types`], [`can_cast`], [`promote_types_of_inputs`] and
//! [`result_type`].
//!
//! Ivy keeps four dicts keyed by an (unordered) pair of dtype names:
//!
//! * `array_api_promotion_table`: the Array API standard's table;
//! * `common_extra_promotion_table`: bool with anything, ints with floats and
//!   complex, mixed floats, and what the standard leaves out, in both modes;
//! * `precise_extra_promotion_table`: int/float pairs in precise mode (the
//!   result can hold every value of both inputs, so it may be wider than
//!   either);
//! * `extra_promotion_table`: the same pairs in non-precise mode (the float or
//!   complex side wins).
//!
//! The active table is `{**array_api, **common_extra, **X}` with `X` the precise
//! or non-precise extras, chosen by the thread's [`precise_mode`]. Both merged
//! tables are built at compile time below as 15x15 arrays, so a lookup is two
//! indexings. They cover all 225 ordered pairs; the Array API table alone does
//! not, and [`array_api_promote_types`] reports the missing pairs as errors.
//!
//! # Laws
//!
//! Promotion is commutative and idempotent (`promote(a, a) == a`), `bool` is an
//! identity (`promote(bool, a) == a`), and `can_cast` is transitive. It is
//! **not associative**: `int8` and `uint8` give `int16`, which with `float16`
//! gives `float32` in precise mode, while `uint8` with `float16` gives
//! `float16`, which with `int8` gives `float16` again:
//!
//! ```
//! # extern crate ivy_core as ivy;
//! use ivy::Dtype::*;
//! let left = ivy::promote_types(ivy::promote_types(Int8, UInt8)?, Float16)?;
//! let right = ivy::promote_types(Int8, ivy::promote_types(UInt8, Float16)?)?;
//! assert_eq!((left, right), (Float32, Float16));
//! # Ok::<(), ivy::Error>(())
//! ```
//!
//! So the order in which [`result_type`] folds its inputs matters, as it does
//! in Ivy.
//!
//! [`precise_mode`]: super::precise_mode

use super::defaults::precise_mode;
use super::{Complex32, Complex64, Dtype, bf16, f16};
use crate::array::Array;
use crate::error::{Error, Result};
use crate::scalar::Scalar;

/// One entry of a promotion dict: `(a, b) => to`.
#[derive(Clone, Copy)]
struct Rule {
    a: Dtype,
    b: Dtype,
    to: Dtype,
}

/// Ivy's dtype names, as written in its tables, to [`Dtype`] variants.
macro_rules! dt {
    (int8) => {
        Dtype::Int8
    };
    (int16) => {
        Dtype::Int16
    };
    (int32) => {
        Dtype::Int32
    };
    (int64) => {
        Dtype::Int64
    };
    (uint8) => {
        Dtype::UInt8
    };
    (uint16) => {
        Dtype::UInt16
    };
    (uint32) => {
        Dtype::UInt32
    };
    (uint64) => {
        Dtype::UInt64
    };
    (bfloat16) => {
        Dtype::BFloat16
    };
    (float16) => {
        Dtype::Float16
    };
    (float32) => {
        Dtype::Float32
    };
    (float64) => {
        Dtype::Float64
    };
    (bool) => {
        Dtype::Bool
    };
    (complex64) => {
        Dtype::Complex64
    };
    (complex128) => {
        Dtype::Complex128
    };
}

/// A promotion dict written as in Ivy: `(int8, uint8) => int16,`.
macro_rules! rules {
    ($( ($a:ident, $b:ident) => $to:ident ),* $(,)?) => {
        &[ $( Rule { a: dt!($a), b: dt!($b), to: dt!($to) } ),* ]
    };
}

/// Ivy's `array_api_promotion_table` (39 unordered pairs).
#[rustfmt::skip]
const ARRAY_API_PROMOTION_TABLE: &[Rule] = rules![
    // bool
    (bool, bool) => bool,
    // signed integers
    (int8, int8) => int8,
    (int8, int16) => int16,
    (int8, int32) => int32,
    (int8, int64) => int64,
    (int16, int16) => int16,
    (int16, int32) => int32,
    (int16, int64) => int64,
    (int32, int32) => int32,
    (int32, int64) => int64,
    (int64, int64) => int64,
    // unsigned with signed integers
    (uint8, int8) => int16,
    (uint8, int16) => int16,
    (uint8, int32) => int32,
    (uint8, int64) => int64,
    // unsigned integers
    (uint8, uint8) => uint8,
    (uint8, uint16) => uint16,
    (uint8, uint32) => uint32,
    (uint8, uint64) => uint64,
    (uint16, int8) => int32,
    (uint16, int16) => int32,
    (uint16, int32) => int32,
    (uint16, int64) => int64,
    (uint16, uint16) => uint16,
    (uint16, uint32) => uint32,
    (uint16, uint64) => uint64,
    (uint32, int8) => int64,
    (uint32, int16) => int64,
    (uint32, int32) => int64,
    (uint32, int64) => int64,
    (uint32, uint32) => uint32,
    (uint32, uint64) => uint64,
    (uint64, uint64) => uint64,
    // real floats
    (float16, float16) => float16,
    (float16, float32) => float32,
    (float16, float64) => float64,
    (float32, float32) => float32,
    (float32, float64) => float64,
    (float64, float64) => float64,
];

/// Ivy's `common_extra_promotion_table` (63 entries), used in both modes.
#[rustfmt::skip]
const COMMON_EXTRA_PROMOTION_TABLE: &[Rule] = rules![
    // bool with anything gives the other dtype
    (bool, int8) => int8,
    (bool, int16) => int16,
    (bool, int32) => int32,
    (bool, int64) => int64,
    (bool, uint8) => uint8,
    (bool, uint16) => uint16,
    (bool, uint32) => uint32,
    (bool, uint64) => uint64,
    (bool, float16) => float16,
    (bool, float32) => float32,
    (bool, float64) => float64,
    (bool, bfloat16) => bfloat16,
    (bool, complex64) => complex64,
    (bool, complex128) => complex128,
    // signed integers with floats and complex
    (int8, float16) => float16,
    (int8, float32) => float32,
    (int8, float64) => float64,
    (int8, bfloat16) => bfloat16,
    (int8, complex64) => complex64,
    (int8, complex128) => complex128,
    (int16, float32) => float32,
    (int16, float64) => float64,
    (int16, complex64) => complex64,
    (int16, complex128) => complex128,
    (int32, float64) => float64,
    (int32, complex128) => complex128,
    (int64, float64) => float64,
    (int64, complex128) => complex128,
    // unsigned integers with floats and complex
    (uint8, float16) => float16,
    (uint8, float32) => float32,
    (uint8, float64) => float64,
    (uint8, bfloat16) => bfloat16,
    (uint8, complex64) => complex64,
    (uint8, complex128) => complex128,
    (uint16, float32) => float32,
    (uint16, float64) => float64,
    (uint16, complex64) => complex64,
    (uint16, complex128) => complex128,
    (uint32, float64) => float64,
    (uint32, complex128) => complex128,
    // uint64 with signed integers has no integer home
    (uint64, int8) => float64,
    (uint64, int16) => float64,
    (uint64, int32) => float64,
    (uint64, int64) => float64,
    (uint64, float64) => float64,
    (uint64, complex128) => complex128,
    // floats with floats and complex
    (float16, bfloat16) => float32,
    (float16, complex64) => complex64,
    (float16, complex128) => complex128,
    (float32, complex64) => complex64,
    (float32, complex128) => complex128,
    (float64, complex64) => complex128,
    (float64, complex128) => complex128,
    (bfloat16, float16) => float32,
    (bfloat16, float32) => float32,
    (bfloat16, float64) => float64,
    (bfloat16, bfloat16) => bfloat16,
    (bfloat16, complex64) => complex64,
    (bfloat16, complex128) => complex128,
    // complex
    (complex64, float64) => complex128,
    (complex64, complex64) => complex64,
    (complex64, complex128) => complex128,
    (complex128, complex128) => complex128,
];

/// Ivy's `precise_extra_promotion_table` (20 entries): the result holds every
/// value of both inputs.
#[rustfmt::skip]
const PRECISE_EXTRA_PROMOTION_TABLE: &[Rule] = rules![
    (float16, int16) => float32,
    (float16, int32) => float64,
    (float16, int64) => float64,
    (float16, uint16) => float32,
    (float16, uint32) => float64,
    (float16, uint64) => float64,
    (float32, int32) => float64,
    (float32, int64) => float64,
    (float32, uint32) => float64,
    (float32, uint64) => float64,
    (bfloat16, int16) => float32,
    (bfloat16, int32) => float64,
    (bfloat16, int64) => float64,
    (bfloat16, uint16) => float32,
    (bfloat16, uint32) => float64,
    (bfloat16, uint64) => float64,
    (complex64, int32) => complex128,
    (complex64, int64) => complex128,
    (complex64, uint32) => complex128,
    (complex64, uint64) => complex128,
];

/// Ivy's `extra_promotion_table` (20 entries, the same pairs as the precise
/// extras): in non-precise mode the float or complex side wins.
#[rustfmt::skip]
const EXTRA_PROMOTION_TABLE: &[Rule] = rules![
    (float16, int16) => float16,
    (float16, int32) => float16,
    (float16, int64) => float16,
    (float16, uint16) => float16,
    (float16, uint32) => float16,
    (float16, uint64) => float16,
    (float32, int32) => float32,
    (float32, int64) => float32,
    (float32, uint32) => float32,
    (float32, uint64) => float32,
    (bfloat16, int16) => bfloat16,
    (bfloat16, int32) => bfloat16,
    (bfloat16, int64) => bfloat16,
    (bfloat16, uint16) => bfloat16,
    (bfloat16, uint32) => bfloat16,
    (bfloat16, uint64) => bfloat16,
    (complex64, int32) => complex64,
    (complex64, int64) => complex64,
    (complex64, uint32) => complex64,
    (complex64, uint64) => complex64,
];

const N: usize = Dtype::ALL.len();

/// A lookup table indexed by `[a as usize][b as usize]`.
type Table = [[Option<Dtype>; N]; N];

/// `{**table, **rules}`: later entries win, and each pair is stored in both
/// orders (Ivy stores one order and looks the swapped pair up on a miss).
const fn merge(mut table: Table, rules: &[Rule]) -> Table {
    let mut i = 0;
    while i < rules.len() {
        let r = rules[i];
        table[r.a as usize][r.b as usize] = Some(r.to);
        table[r.b as usize][r.a as usize] = Some(r.to);
        i += 1;
    }
    table
}

const fn combined(extra: &[Rule]) -> Table {
    let t = merge([[None; N]; N], ARRAY_API_PROMOTION_TABLE);
    let t = merge(t, COMMON_EXTRA_PROMOTION_TABLE);
    merge(t, extra)
}

const fn is_complete(table: &Table) -> bool {
    let mut i = 0;
    while i < N {
        let mut j = 0;
        while j < N {
            if table[i][j].is_none() {
                return false;
            }
            j += 1;
        }
        i += 1;
    }
    true
}

/// The Array API table alone.
static ARRAY_API_TABLE: Table = merge([[None; N]; N], ARRAY_API_PROMOTION_TABLE);
/// Ivy's `promotion_table` in precise mode.
static PRECISE_TABLE: Table = combined(PRECISE_EXTRA_PROMOTION_TABLE);
/// Ivy's `promotion_table` in non-precise mode.
static NON_PRECISE_TABLE: Table = combined(EXTRA_PROMOTION_TABLE);

// Both merged tables define every pair (checked when compiling).
const _: () = assert!(is_complete(&combined(PRECISE_EXTRA_PROMOTION_TABLE)));
const _: () = assert!(is_complete(&combined(EXTRA_PROMOTION_TABLE)));

fn lookup(table: &Table, a: Dtype, b: Dtype, array_api: bool) -> Result<Dtype> {
    table[a as usize][b as usize].ok_or_else(|| Error::NoPromotion {
        op: "promote_types".to_string(),
        a,
        b,
        array_api,
    })
}

/// The dtype two dtypes promote to (Ivy's `promote_types`), with the table of
/// the current thread's [precise mode](super::precise_mode) (precise by
/// default).
///
/// Every pair of the 15 dtypes has a result in both modes, so this fails only
/// if the tables were incomplete (they are checked at compile time).
///
/// Promotion is commutative and idempotent, `bool` is an identity, and
/// [`can_cast`] is transitive, but it is **not associative**: `int8` with
/// `uint8` gives `int16`, which with `float16` gives `float32` (precise mode),
/// while `uint8` with `float16` gives `float16`, which with `int8` stays
/// `float16`. Folding several dtypes therefore depends on the order.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype::*;
/// assert_eq!(ivy::promote_types(Int8, UInt8)?, Int16);
/// assert_eq!(ivy::promote_types(UInt64, Int64)?, Float64);
/// assert_eq!(ivy::promote_types(Bool, BFloat16)?, BFloat16);
/// // precise mode (the default) widens int32 with float32 to float64 ...
/// assert_eq!(ivy::promote_types(Int32, Float32)?, Float64);
/// // ... non-precise mode keeps the float
/// assert_eq!(ivy::with_precise_mode(false, || ivy::promote_types(Int32, Float32))?, Float32);
/// // not associative
/// let left = ivy::promote_types(ivy::promote_types(Int8, UInt8)?, Float16)?;
/// let right = ivy::promote_types(Int8, ivy::promote_types(UInt8, Float16)?)?;
/// assert_eq!((left, right), (Float32, Float16));
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn promote_types(a: Dtype, b: Dtype) -> Result<Dtype> {
    let table = if precise_mode() {
        &PRECISE_TABLE
    } else {
        &NON_PRECISE_TABLE
    };
    lookup(table, a, b, false)
}

/// The dtype two dtypes promote to under the Array API standard's table only
/// (Ivy's `promote_types(a, b, array_api_promotion=True)`).
///
/// That table has no rule for `bool` with a number, for an integer with a
/// float, for `uint64` with a signed integer, for `bfloat16` or for complex
/// dtypes; those pairs give [`Error::NoPromotion`] with `array_api: true`.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype::*;
/// assert_eq!(ivy::array_api_promote_types(UInt8, Int8)?, Int16);
/// let err = ivy::array_api_promote_types(Int8, Float32).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "promote_types: no promotion rule for int8 and float32 in the Array API promotion table"
/// );
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn array_api_promote_types(a: Dtype, b: Dtype) -> Result<Dtype> {
    lookup(&ARRAY_API_TABLE, a, b, true)
}

/// Whether `from` can be cast to `to` under the promotion rules (Ivy's
/// `can_cast`, defined as `promote_types(from, to) == to`), in the current
/// precise mode.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype::*;
/// assert!(ivy::can_cast(UInt8, Int32));
/// assert!(!ivy::can_cast(Float64, Int64));
/// assert!(!ivy::can_cast(Int32, Float32)); // precise: int32 with float32 is float64
/// assert!(ivy::with_precise_mode(false, || ivy::can_cast(Int32, Float32)));
/// ```
pub fn can_cast(from: Dtype, to: Dtype) -> bool {
    promote_types(from, to).is_ok_and(|d| d == to)
}

/// An operand of a promotion: either *strong* (a dtype, or an array's dtype),
/// which keeps its dtype, or *weak* (a Python-like [`Scalar`]), whose dtype is
/// chosen from the other operand.
///
/// Every Rust number converts into a weak scalar, whatever its width, as a
/// Python scalar has no width: `x + 2u8` and `x + 2i64` behave the same. To
/// give a value a fixed dtype, pass the dtype (or a 0-d array) instead.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::{Dtype, DtypeLike, Scalar};
/// assert_eq!(DtypeLike::from(Dtype::Int8), DtypeLike::Strong(Dtype::Int8));
/// assert_eq!(DtypeLike::from(2u8), DtypeLike::Weak(Scalar::Int(2)));
/// assert!(DtypeLike::from(1.5f32).is_weak());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum DtypeLike {
    /// A dtype, or the dtype of an array.
    Strong(Dtype),
    /// A Python-like scalar.
    Weak(Scalar),
}

impl DtypeLike {
    /// Whether this is a weak scalar.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// assert!(ivy::DtypeLike::from(true).is_weak());
    /// assert!(!ivy::DtypeLike::from(ivy::Dtype::Bool).is_weak());
    /// ```
    pub fn is_weak(self) -> bool {
        matches!(self, DtypeLike::Weak(_))
    }

    /// The dtype this operand has on its own: a strong operand's dtype, or a
    /// scalar's default dtype ([`Scalar::default_dtype`]).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::{Dtype, DtypeLike};
    /// assert_eq!(DtypeLike::from(Dtype::UInt16).own_dtype(), Dtype::UInt16);
    /// assert_eq!(DtypeLike::from(3).own_dtype(), Dtype::Int32);
    /// assert_eq!(DtypeLike::from(1e300).own_dtype(), Dtype::Float64);
    /// ```
    pub fn own_dtype(self) -> Dtype {
        match self {
            DtypeLike::Strong(d) => d,
            DtypeLike::Weak(s) => s.default_dtype(),
        }
    }
}

impl From<Dtype> for DtypeLike {
    fn from(d: Dtype) -> DtypeLike {
        DtypeLike::Strong(d)
    }
}

impl From<Scalar> for DtypeLike {
    fn from(s: Scalar) -> DtypeLike {
        DtypeLike::Weak(s)
    }
}

impl From<&Array> for DtypeLike {
    fn from(x: &Array) -> DtypeLike {
        DtypeLike::Strong(x.dtype())
    }
}

impl From<i128> for DtypeLike {
    fn from(v: i128) -> DtypeLike {
        DtypeLike::Weak(Scalar::Int(v))
    }
}

macro_rules! weak_from {
    ($($t:ty),*) => {$(
        impl From<$t> for DtypeLike {
            fn from(v: $t) -> DtypeLike {
                DtypeLike::Weak(Scalar::from(v))
            }
        }
    )*};
}
weak_from!(
    bool, i8, i16, i32, i64, isize, u8, u16, u32, u64, usize, f32, f64, f16, bf16, Complex32,
    Complex64
);

/// The dtype a weak scalar takes next to a strong operand of dtype `other`
/// (Ivy's `_get_target_dtype` in `promote_types_of_inputs`).
fn weak_scalar_dtype(s: Scalar, other: Dtype) -> Dtype {
    match s {
        // a Python float with an int (or uint) array: the scalar is float64
        Scalar::Float(_) if other.is_int() => Dtype::Float64,
        // a non-bool scalar with a bool array: the scalar's own dtype
        _ if other.is_bool() && !s.is_bool() => s.default_dtype(),
        // a Python complex with a non-complex array
        Scalar::Complex(_) if !other.is_complex() => Dtype::Complex128,
        // otherwise the scalar takes the array's dtype
        _ => other,
    }
}

/// The common dtype of two operands, each a dtype, an array or a Rust number
/// (a weak, Python-like scalar): the dtype Ivy's `promote_types_of_inputs`
/// casts both inputs to.
///
/// A weak scalar first gets a dtype from the other operand:
///
/// * a float scalar with an integer (signed or unsigned) operand is `float64`;
/// * a non-bool scalar with a `bool` operand gets its own default dtype
///   ([`Scalar::default_dtype`]);
/// * a complex scalar with a non-complex operand is `complex128`;
/// * otherwise the scalar takes the other operand's dtype.
///
/// Two scalars each take their default dtype. The two dtypes are then combined
/// with [`promote_types`] (in the current precise mode).
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype::*;
/// assert_eq!(ivy::promote_types_of_inputs(Float16, 2)?, Float16);
/// assert_eq!(ivy::promote_types_of_inputs(Int8, 1000)?, Int8);
/// assert_eq!(ivy::promote_types_of_inputs(Int32, 0.5)?, Float64);
/// assert_eq!(ivy::promote_types_of_inputs(Bool, 3)?, Int32);
/// assert_eq!(ivy::promote_types_of_inputs(Float32, ivy::Complex64::new(0.0, 1.0))?, Complex128);
/// // two scalars: int32 and float32, which precise mode widens
/// assert_eq!(ivy::promote_types_of_inputs(1, 2.5)?, Float64);
/// assert_eq!(ivy::promote_types_of_inputs(UInt8, Int8)?, Int16);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn promote_types_of_inputs(
    x1: impl Into<DtypeLike>,
    x2: impl Into<DtypeLike>,
) -> Result<Dtype> {
    match (x1.into(), x2.into()) {
        (DtypeLike::Strong(a), DtypeLike::Strong(b)) => promote_types(a, b),
        (DtypeLike::Strong(a), DtypeLike::Weak(s)) => promote_types(a, weak_scalar_dtype(s, a)),
        (DtypeLike::Weak(s), DtypeLike::Strong(b)) => promote_types(weak_scalar_dtype(s, b), b),
        (DtypeLike::Weak(s), DtypeLike::Weak(t)) => {
            promote_types(s.default_dtype(), t.default_dtype())
        }
    }
}

/// The dtype of the result of an op over all `items` (Ivy's `result_type`),
/// with **ivy's own tables**.
///
/// This differs from Ivy on purpose: Ivy's `result_type` calls the backend's
/// native rule (`np.result_type`, `torch.result_type`, ...), so its answer
/// depends on the backend and may disagree with [`promote_types`]. Here it is
/// the same on every backend:
///
/// 1. the strong items (dtypes, array dtypes) are folded left to right with
///    [`promote_types`] (the order matters, as promotion is not associative);
/// 2. each weak scalar, in order, then gets a dtype from the result so far by
///    the rule of [`promote_types_of_inputs`] and is promoted into it;
/// 3. if every item is a weak scalar, their default dtypes are folded.
///
/// An empty list is an [`Error::InvalidArgument`].
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::{Dtype::*, DtypeLike};
/// let items = [DtypeLike::from(Int8), DtypeLike::from(UInt8), DtypeLike::from(2.5)];
/// assert_eq!(ivy::result_type(&items)?, Float64);
/// assert_eq!(ivy::result_type(&[Float16.into(), 7.into()])?, Float16);
/// assert_eq!(ivy::result_type(&[1.into(), true.into()])?, Int32);
/// assert!(ivy::result_type(&[]).is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn result_type(items: &[DtypeLike]) -> Result<Dtype> {
    if items.is_empty() {
        return Err(Error::invalid(
            "result_type",
            "at least one array, dtype or scalar is required",
        ));
    }
    let mut strong: Option<Dtype> = None;
    for item in items {
        if let DtypeLike::Strong(d) = *item {
            strong = Some(match strong {
                None => d,
                Some(acc) => promote_types(acc, d)?,
            });
        }
    }
    match strong {
        Some(mut acc) => {
            for item in items {
                if let DtypeLike::Weak(s) = *item {
                    acc = promote_types(acc, weak_scalar_dtype(s, acc))?;
                }
            }
            Ok(acc)
        }
        None => {
            let mut acc: Option<Dtype> = None;
            for item in items {
                let d = item.own_dtype();
                acc = Some(match acc {
                    None => d,
                    Some(a) => promote_types(a, d)?,
                });
            }
            acc.ok_or_else(|| {
                Error::invalid(
                    "result_type",
                    "at least one array, dtype or scalar is required",
                )
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dtype::{set_precise_mode, unset_precise_mode, with_precise_mode};
    use std::collections::HashMap;

    const JSON: &str = include_str!("../../../tests/data/promotion.json");

    fn json() -> serde_json::Value {
        serde_json::from_str(JSON).unwrap()
    }

    fn key(a: Dtype, b: Dtype) -> String {
        format!("{a},{b}")
    }

    fn raw(rules: &[Rule]) -> HashMap<String, String> {
        rules
            .iter()
            .map(|r| (key(r.a, r.b), r.to.to_string()))
            .collect()
    }

    #[test]
    fn raw_tables_are_ivys_dicts() {
        let j = json();
        for (name, rules) in [
            ("array_api_promotion_table", ARRAY_API_PROMOTION_TABLE),
            ("common_extra_promotion_table", COMMON_EXTRA_PROMOTION_TABLE),
            (
                "precise_extra_promotion_table",
                PRECISE_EXTRA_PROMOTION_TABLE,
            ),
            ("extra_promotion_table", EXTRA_PROMOTION_TABLE),
        ] {
            let expected: HashMap<String, String> =
                serde_json::from_value(j["raw_tables"][name].clone()).unwrap();
            assert_eq!(raw(rules), expected, "{name}");
            assert_eq!(rules.len(), expected.len(), "{name} has a duplicate key");
        }
    }

    #[test]
    fn every_dtype_promotes_with_itself_to_itself() {
        // Promotion skips the table for a pair of equal dtypes (a scalar
        // meeting an array of its own kind): the tables must agree.
        for precise in [true, false] {
            with_precise_mode(precise, || {
                for d in Dtype::ALL {
                    assert_eq!(promote_types(d, d).ok(), Some(d), "{d}, precise {precise}");
                }
            });
        }
    }

    #[test]
    fn merged_entries_never_disagree_across_orientations() {
        // If two merged dicts held (a, b) and (b, a) with different results,
        // Ivy's lookup would be asymmetric and storing both orders would be
        // wrong; only the precise and extra tables clash, and they are never
        // merged together.
        for extra in [PRECISE_EXTRA_PROMOTION_TABLE, EXTRA_PROMOTION_TABLE] {
            let all: Vec<Rule> = [
                ARRAY_API_PROMOTION_TABLE,
                COMMON_EXTRA_PROMOTION_TABLE,
                extra,
            ]
            .concat();
            for r in &all {
                for s in &all {
                    let same_pair = (r.a, r.b) == (s.a, s.b) || (r.a, r.b) == (s.b, s.a);
                    assert!(!same_pair || r.to == s.to, "{}, {}", r.a, r.b);
                }
            }
        }
    }

    #[test]
    fn combined_tables_match_json_in_both_modes() {
        let j = json();
        for (mode, precise) in [("precise", true), ("non_precise", false)] {
            with_precise_mode(precise, || {
                for a in Dtype::ALL {
                    for b in Dtype::ALL {
                        let want = j[mode][key(a, b)].as_str().unwrap();
                        assert_eq!(promote_types(a, b).unwrap().name(), want, "{mode} {a},{b}");
                    }
                }
            });
        }
    }

    #[test]
    fn array_api_table_matches_json() {
        let j = json();
        for a in Dtype::ALL {
            for b in Dtype::ALL {
                let want = j["array_api_promotion_true"][key(a, b)].as_str().unwrap();
                match array_api_promote_types(a, b) {
                    Ok(d) => assert_eq!(d.name(), want),
                    Err(e) => {
                        assert_eq!(want, "ERROR", "{a},{b}");
                        assert_eq!(
                            e,
                            Error::NoPromotion {
                                op: "promote_types".into(),
                                a,
                                b,
                                array_api: true
                            }
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn precise_mode_stack_switches_tables() {
        assert_eq!(
            promote_types(Dtype::Int64, Dtype::Float16).unwrap(),
            Dtype::Float64
        );
        set_precise_mode(false);
        assert_eq!(
            promote_types(Dtype::Int64, Dtype::Float16).unwrap(),
            Dtype::Float16
        );
        set_precise_mode(true);
        assert_eq!(
            promote_types(Dtype::Int64, Dtype::Float16).unwrap(),
            Dtype::Float64
        );
        unset_precise_mode();
        assert_eq!(
            promote_types(Dtype::UInt64, Dtype::Complex64).unwrap(),
            Dtype::Complex64
        );
        unset_precise_mode();
        assert_eq!(
            promote_types(Dtype::UInt64, Dtype::Complex64).unwrap(),
            Dtype::Complex128
        );
    }

    #[test]
    fn can_cast_is_promotion_to_the_target() {
        assert!(can_cast(Dtype::UInt8, Dtype::Int32));
        assert!(!can_cast(Dtype::Float64, Dtype::Int64));
        assert!(can_cast(Dtype::Bool, Dtype::UInt8));
        assert!(!can_cast(Dtype::Int16, Dtype::Bool));
        assert!(!can_cast(Dtype::UInt64, Dtype::Int64));
    }

    #[test]
    fn weak_scalars_follow_ivys_target_rule() {
        use Dtype::*;
        // float scalar with int / uint arrays: float64
        assert_eq!(promote_types_of_inputs(Int16, 1.0).unwrap(), Float64);
        assert_eq!(promote_types_of_inputs(1.0f32, UInt8).unwrap(), Float64);
        // float scalar with a float array keeps the array's dtype
        assert_eq!(promote_types_of_inputs(BFloat16, 1e300).unwrap(), BFloat16);
        // non-bool scalars with a bool array take their own default dtype
        assert_eq!(promote_types_of_inputs(Bool, 1.5).unwrap(), Float32);
        assert_eq!(promote_types_of_inputs(Bool, 1i64 << 40).unwrap(), Int64);
        assert_eq!(
            promote_types_of_inputs(Bool, super::Complex64::new(1.0, 0.0)).unwrap(),
            Complex64
        );
        assert_eq!(promote_types_of_inputs(Bool, false).unwrap(), Bool);
        // complex scalar with non-complex arrays: complex128
        assert_eq!(
            promote_types_of_inputs(Int8, Complex32::new(1.0, 0.0)).unwrap(),
            Complex128
        );
        assert_eq!(
            promote_types_of_inputs(Complex64, super::Complex64::new(1.0, 2.0)).unwrap(),
            Complex64
        );
        // otherwise the scalar takes the array's dtype
        assert_eq!(promote_types_of_inputs(UInt8, -1).unwrap(), UInt8);
        assert_eq!(promote_types_of_inputs(Complex64, 2.5).unwrap(), Complex64);
        assert_eq!(promote_types_of_inputs(Float16, true).unwrap(), Float16);
        // two scalars: their default dtypes
        assert_eq!(promote_types_of_inputs(1, 2).unwrap(), Int32);
        assert_eq!(promote_types_of_inputs(1, 1e300).unwrap(), Float64);
        assert_eq!(promote_types_of_inputs(true, 2).unwrap(), Int32);
    }

    #[test]
    fn result_type_folds_strong_then_weak() {
        use Dtype::*;
        let r = |items: &[DtypeLike]| result_type(items).unwrap();
        assert_eq!(r(&[Int8.into()]), Int8);
        assert_eq!(r(&[Int8.into(), UInt8.into(), Float16.into()]), Float32);
        assert_eq!(r(&[Float16.into(), Int8.into(), UInt8.into()]), Float16);
        assert_eq!(r(&[2.into(), UInt16.into()]), UInt16);
        assert_eq!(r(&[0.5.into(), UInt16.into(), 3.into()]), Float64);
        assert_eq!(r(&[1.into(), 2.into()]), Int32);
        assert_eq!(r(&[1.into(), 2.5.into()]), Float64);
        assert_eq!(
            with_precise_mode(false, || r(&[1.into(), 2.5.into()])),
            Float32
        );
        assert_eq!(r(&[true.into()]), Bool);
        assert!(
            matches!(result_type(&[]), Err(Error::InvalidArgument { op, .. }) if op == "result_type")
        );
    }

    #[test]
    fn every_primitive_is_weak() {
        let all: [DtypeLike; 17] = [
            true.into(),
            1i8.into(),
            1i16.into(),
            1i32.into(),
            1i64.into(),
            1i128.into(),
            1isize.into(),
            1u8.into(),
            1u16.into(),
            1u32.into(),
            1u64.into(),
            1usize.into(),
            1f32.into(),
            1f64.into(),
            f16::ONE.into(),
            bf16::ONE.into(),
            Complex32::new(1.0, 0.0).into(),
        ];
        assert!(all.iter().all(|d| d.is_weak()));
        assert!(DtypeLike::from(Complex64::new(1.0, 0.0)).is_weak());
        assert!(!DtypeLike::from(Dtype::Int8).is_weak());
    }
}
