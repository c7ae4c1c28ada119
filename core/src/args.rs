//! Argument types of the API: what an op's parameters accept.
//!
//! | spec kind | you pass | the kernel gets |
//! |---|---|---|
//! | `Array` | `&Array`, `Array`, any Rust number ([`Operand`]) | `&Array` |
//! | `Arrays` | `&[Array]`, `Vec<Array>`, `[&Array; N]` ([`ArrayList`]) | `&[Array]` |
//! | `Shape` | `[usize; N]`, `Vec<usize>`, `usize`, `()` ([`Shape`]) | `&Shape` |
//! | `Axis`, `NewAxis` | `i64` (negative counts from the end) | `usize` |
//! | `Axes`, `Permutation`, `Ints` | `i64`, `[i64; N]`, `Vec<i64>` ([`Ints`]) | `&[usize]` / `&[i64]` |
//! | `Splits` | `usize` (sections) or `[usize; N]` (sizes) ([`Splits`]) | `&Splits` |
//! | `Dtype`, `Device` | [`Dtype`], [`Device`] | the resolved value |
//! | `Scalar` | any Rust number ([`Scalar`]) | `Scalar` |
//!
//! [`Shape`]: crate::Shape
//! [`Dtype`]: crate::Dtype
//! [`Device`]: crate::Device
//! [`Scalar`]: crate::Scalar

use crate::array::Array;
use crate::error::{Error, Result};
use smallvec::SmallVec;
use std::fmt;

pub use crate::nestable::{
    ArrayLike, ArrayOperand, Join, Kind, Leaf, Nestable, Nested, Node, Operand, OperandRef,
    Operands, Out, ScalarOperand,
};

/// A list of integers: axes, a permutation, repeats, a new shape with `-1`.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Ints;
/// assert_eq!(Ints::from(-1).as_slice(), &[-1]);
/// assert_eq!(Ints::from([0, 2]).as_slice(), &[0, 2]);
/// assert_eq!(Ints::from(vec![3i64]).len(), 1);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Ints(SmallVec<[i64; 4]>);

/// Axes are a list of integers.
pub type Axes = Ints;

impl Ints {
    /// The integers.
    pub fn as_slice(&self) -> &[i64] {
        &self.0
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Normalise as a set of axes of an array of rank `ndim` (sorted, no
    /// repeats).
    pub fn to_axes(&self, op: &str, ndim: usize) -> Result<Vec<usize>> {
        crate::shape::normalize_axes(op, Some(&self.0), ndim)
    }

    /// Normalise as a permutation of `0..ndim`.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// assert_eq!(ivy::Ints::from([1, 0, -1]).to_permutation("permute_dims", 3)?, vec![1, 0, 2]);
    /// assert!(ivy::Ints::from([0, 0]).to_permutation("permute_dims", 2).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn to_permutation(&self, op: &str, ndim: usize) -> Result<Vec<usize>> {
        if self.0.len() != ndim {
            return Err(Error::invalid(
                op,
                format!(
                    "axes {self} do not permute the {ndim} dimension{} of the array",
                    if ndim == 1 { "" } else { "s" }
                ),
            ));
        }
        let mut out = Vec::with_capacity(ndim);
        let mut seen = vec![false; ndim];
        for &a in &self.0 {
            let n = crate::shape::normalize_axis(op, a, ndim)?;
            if seen[n] {
                return Err(Error::invalid(
                    op,
                    format!("axis {a} is repeated in {self}"),
                ));
            }
            seen[n] = true;
            out.push(n);
        }
        Ok(out)
    }
}

impl fmt::Display for Ints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.0.as_slice())
    }
}

impl fmt::Debug for Ints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Ints{self}")
    }
}

macro_rules! ints_from {
    ($($t:ty),*) => {$(
        impl From<$t> for Ints {
            fn from(v: $t) -> Ints { Ints(smallvec::smallvec![v as i64]) }
        }
        impl<const N: usize> From<[$t; N]> for Ints {
            fn from(v: [$t; N]) -> Ints { Ints(v.iter().map(|x| *x as i64).collect()) }
        }
        impl From<Vec<$t>> for Ints {
            fn from(v: Vec<$t>) -> Ints { Ints(v.iter().map(|x| *x as i64).collect()) }
        }
        impl From<&[$t]> for Ints {
            fn from(v: &[$t]) -> Ints { Ints(v.iter().map(|x| *x as i64).collect()) }
        }
        impl From<&Vec<$t>> for Ints {
            fn from(v: &Vec<$t>) -> Ints { Ints(v.iter().map(|x| *x as i64).collect()) }
        }
    )*};
}
ints_from!(i64, i32, usize);

impl From<&Ints> for Ints {
    fn from(v: &Ints) -> Ints {
        v.clone()
    }
}

impl From<&crate::Shape> for Ints {
    fn from(s: &crate::Shape) -> Ints {
        Ints(s.iter().map(|&d| d as i64).collect())
    }
}

/// How to split an array: into a number of equal sections, or into sections
/// of the given sizes (Ivy's `num_or_size_splits`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Splits;
/// assert_eq!(Splits::from(3), Splits::Sections(3));
/// assert_eq!(Splits::from([1, 2]), Splits::Sizes(vec![1, 2]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Splits {
    /// This many sections of equal size.
    Sections(usize),
    /// Sections of these sizes.
    Sizes(Vec<usize>),
}

impl From<usize> for Splits {
    fn from(n: usize) -> Splits {
        Splits::Sections(n)
    }
}

impl From<i32> for Splits {
    fn from(n: i32) -> Splits {
        Splits::Sections(n.max(0) as usize)
    }
}

impl<const N: usize> From<[usize; N]> for Splits {
    fn from(s: [usize; N]) -> Splits {
        Splits::Sizes(s.to_vec())
    }
}

impl From<Vec<usize>> for Splits {
    fn from(s: Vec<usize>) -> Splits {
        Splits::Sizes(s)
    }
}

impl From<&[usize]> for Splits {
    fn from(s: &[usize]) -> Splits {
        Splits::Sizes(s.to_vec())
    }
}

/// A sequence of arrays (the `Arrays` parameter kind).
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let a = ivy::array![1.0];
/// let b = ivy::array![2.0];
/// let c = ivy::concat([&a, &b])?;
/// assert_eq!(c.size(), 2);
/// # Ok::<(), ivy::Error>(())
/// ```
pub trait ArrayList {
    /// The arrays, cloned into a vector (clones are cheap).
    fn to_arrays(&self) -> Vec<Array>;
}

impl ArrayList for [Array] {
    fn to_arrays(&self) -> Vec<Array> {
        self.to_vec()
    }
}

impl ArrayList for Vec<Array> {
    fn to_arrays(&self) -> Vec<Array> {
        self.clone()
    }
}

impl ArrayList for Vec<&Array> {
    fn to_arrays(&self) -> Vec<Array> {
        self.iter().map(|a| (*a).clone()).collect()
    }
}

impl<const N: usize> ArrayList for [Array; N] {
    fn to_arrays(&self) -> Vec<Array> {
        self.to_vec()
    }
}

impl<const N: usize> ArrayList for [&Array; N] {
    fn to_arrays(&self) -> Vec<Array> {
        self.iter().map(|a| (*a).clone()).collect()
    }
}

impl<T: ArrayList + ?Sized> ArrayList for &T {
    fn to_arrays(&self) -> Vec<Array> {
        (**self).to_arrays()
    }
}
