//! [`DtypeSet`]: a set of dtypes as a 15-bit mask.

use super::Dtype;
use std::fmt;
use std::ops::{BitAnd, BitOr, Not, Sub};

/// A set of dtypes, stored as a bit mask (bit `d as u8` for dtype `d`).
///
/// Sets are what the dtype tables resolve to: one mask per (op, backend), so
/// checking support on a call is one `&`.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::{Dtype, DtypeSet};
/// let s = DtypeSet::FLOAT | DtypeSet::COMPLEX;
/// assert!(s.contains(Dtype::Complex64));
/// assert!(!s.contains(Dtype::Int8));
/// assert_eq!(s.len(), 6);
/// assert_eq!(s.to_string(), "(bfloat16, float16, float32, float64, complex64, complex128)");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DtypeSet(u16);

impl DtypeSet {
    /// No dtype.
    pub const EMPTY: DtypeSet = DtypeSet(0);
    /// All 15 dtypes (Ivy's `all_dtypes`).
    pub const ALL: DtypeSet = DtypeSet(0x7fff);
    /// Signed integers.
    pub const SIGNED_INT: DtypeSet = DtypeSet(0b1111);
    /// Unsigned integers (Ivy's class `"unsigned"`).
    pub const UINT: DtypeSet = DtypeSet(0b1111_0000);
    /// Signed and unsigned integers (Ivy's `all_int_dtypes`, class `"integer"`).
    pub const INT: DtypeSet = DtypeSet(0b1111_1111);
    /// Real floating-point dtypes (Ivy's `all_float_dtypes`, class `"float"`).
    pub const FLOAT: DtypeSet = DtypeSet(0b1111_0000_0000);
    /// `bool` only.
    pub const BOOL: DtypeSet = DtypeSet(1 << 12);
    /// Complex dtypes (class `"complex"`).
    pub const COMPLEX: DtypeSet = DtypeSet(0b11 << 13);
    /// Every dtype but `bool` (Ivy's `all_numeric_dtypes`, class `"numeric"`).
    pub const NUMERIC: DtypeSet = DtypeSet(0x7fff & !(1 << 12));
    /// Integers and real floats.
    pub const REAL: DtypeSet = DtypeSet(0b1111_1111_1111);

    /// The set with the given bit mask (bits above 14 are dropped).
    pub const fn from_bits(bits: u16) -> DtypeSet {
        DtypeSet(bits & 0x7fff)
    }

    /// The bit mask.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set of the given dtypes.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::{Dtype, DtypeSet};
    /// let s = DtypeSet::of(&[Dtype::Int8, Dtype::Bool]);
    /// assert_eq!(s.len(), 2);
    /// ```
    pub const fn of(dtypes: &[Dtype]) -> DtypeSet {
        let mut bits = 0u16;
        let mut i = 0;
        while i < dtypes.len() {
            bits |= 1 << dtypes[i] as u16;
            i += 1;
        }
        DtypeSet(bits)
    }

    /// Whether `dtype` is in the set.
    #[inline]
    pub const fn contains(self, dtype: Dtype) -> bool {
        self.0 & (1 << dtype as u16) != 0
    }

    /// Number of dtypes in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Union.
    pub const fn union(self, other: DtypeSet) -> DtypeSet {
        DtypeSet(self.0 | other.0)
    }

    /// Intersection.
    pub const fn intersection(self, other: DtypeSet) -> DtypeSet {
        DtypeSet(self.0 & other.0)
    }

    /// Difference: the dtypes of `self` that are not in `other`.
    pub const fn difference(self, other: DtypeSet) -> DtypeSet {
        DtypeSet(self.0 & !other.0)
    }

    /// Complement within all 15 dtypes.
    pub const fn complement(self) -> DtypeSet {
        DtypeSet(!self.0 & 0x7fff)
    }

    /// The set with `dtype` added.
    pub const fn with(self, dtype: Dtype) -> DtypeSet {
        DtypeSet(self.0 | (1 << dtype as u16))
    }

    /// The dtypes of the set, in Ivy's `all_dtypes` order.
    pub fn iter(self) -> Iter {
        Iter { bits: self.0 }
    }

    /// The dtypes of the set as a vector.
    pub fn to_vec(self) -> Vec<Dtype> {
        self.iter().collect()
    }

    /// The set named by one of Ivy's dtype class names (`"float"`, `"integer"`,
    /// `"unsigned"`, `"complex"`, `"numeric"`, `"valid"`/`"all"`, `"bool"`) or by
    /// a single dtype name. Classes are static here; intersecting with a
    /// backend's valid dtypes happens when the backend is resolved.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::DtypeSet;
    /// assert_eq!(DtypeSet::from_class("unsigned"), Some(DtypeSet::UINT));
    /// assert_eq!(DtypeSet::from_class("int8").map(|s| s.len()), Some(1));
    /// assert_eq!(DtypeSet::from_class("half"), None);
    /// ```
    pub fn from_class(name: &str) -> Option<DtypeSet> {
        Some(match name {
            "valid" | "all" => DtypeSet::ALL,
            "numeric" => DtypeSet::NUMERIC,
            "float" => DtypeSet::FLOAT,
            "integer" => DtypeSet::INT,
            "signed" => DtypeSet::SIGNED_INT,
            "unsigned" => DtypeSet::UINT,
            "complex" => DtypeSet::COMPLEX,
            "real" => DtypeSet::REAL,
            "bool" => DtypeSet::BOOL,
            other => return Dtype::from_name(other).map(Dtype::set),
        })
    }
}

impl BitOr for DtypeSet {
    type Output = DtypeSet;
    fn bitor(self, rhs: DtypeSet) -> DtypeSet {
        self.union(rhs)
    }
}

impl BitAnd for DtypeSet {
    type Output = DtypeSet;
    fn bitand(self, rhs: DtypeSet) -> DtypeSet {
        self.intersection(rhs)
    }
}

impl Sub for DtypeSet {
    type Output = DtypeSet;
    fn sub(self, rhs: DtypeSet) -> DtypeSet {
        self.difference(rhs)
    }
}

impl Not for DtypeSet {
    type Output = DtypeSet;
    fn not(self) -> DtypeSet {
        self.complement()
    }
}

impl From<Dtype> for DtypeSet {
    fn from(d: Dtype) -> DtypeSet {
        d.set()
    }
}

impl FromIterator<Dtype> for DtypeSet {
    fn from_iter<I: IntoIterator<Item = Dtype>>(iter: I) -> DtypeSet {
        iter.into_iter().fold(DtypeSet::EMPTY, DtypeSet::with)
    }
}

impl IntoIterator for DtypeSet {
    type Item = Dtype;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

/// Iterator over the dtypes of a [`DtypeSet`], in Ivy's `all_dtypes` order.
#[derive(Clone, Debug)]
pub struct Iter {
    bits: u16,
}

impl Iterator for Iter {
    type Item = Dtype;
    fn next(&mut self) -> Option<Dtype> {
        if self.bits == 0 {
            return None;
        }
        let i = self.bits.trailing_zeros() as u8;
        self.bits &= self.bits - 1;
        Dtype::from_index(i)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.bits.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Iter {}

/// Printed as Ivy prints a tuple of dtypes: `(float16, float32)`.
impl fmt::Display for DtypeSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        for (i, d) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(d.name())?;
        }
        if self.len() == 1 {
            f.write_str(",")?;
        }
        f.write_str(")")
    }
}

impl fmt::Debug for DtypeSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DtypeSet{self}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_partition_all() {
        assert_eq!(
            DtypeSet::INT | DtypeSet::FLOAT | DtypeSet::BOOL | DtypeSet::COMPLEX,
            DtypeSet::ALL
        );
        assert_eq!(DtypeSet::ALL.len(), 15);
        assert_eq!(DtypeSet::NUMERIC.len(), 14);
        assert_eq!((DtypeSet::INT & DtypeSet::FLOAT), DtypeSet::EMPTY);
        for d in DtypeSet::UINT.iter() {
            assert!(d.is_uint());
        }
    }

    #[test]
    fn display_matches_python_tuples() {
        assert_eq!(DtypeSet::EMPTY.to_string(), "()");
        assert_eq!(Dtype::Int8.set().to_string(), "(int8,)");
        assert_eq!(
            (Dtype::Int8.set() | Dtype::Bool.set()).to_string(),
            "(int8, bool)"
        );
    }

    #[test]
    fn set_algebra() {
        let s = DtypeSet::NUMERIC - DtypeSet::COMPLEX;
        assert_eq!(s, DtypeSet::REAL);
        assert_eq!(!DtypeSet::NUMERIC, DtypeSet::BOOL);
        assert_eq!(s.into_iter().count(), 12);
        let collected: DtypeSet = [Dtype::Float16, Dtype::Float16].into_iter().collect();
        assert_eq!(collected.len(), 1);
    }
}
