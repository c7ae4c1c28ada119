//! Argument types of the API: what an op's parameters accept.
//!
//! | spec kind | you pass | the kernel gets |
//! |---|---|---|
//! | `Array` | `&Array`, `Array`, any Rust number ([`Operand`]) | `&Array` |
//! | `Arrays` | `&[Array]`, `Vec<Array>`, `[&Array; N]`; of containers too ([`ArrayList`]) | `&[Array]` |
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
    Argument, ArrayLike, ArrayOperand, DependentOperand, Join, Kind, Leaf, Nestable, Nested, Node,
    Operand, OperandRef, Operands, Out, ScalarOperand,
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

/// The section sizes `split` cuts axis `axis` of `shape` into: ones without
/// `splits`, `n` equal sections for `Sections(n)` (with `with_remainder`,
/// sections of `n` and a shorter last one when `n` does not divide the
/// length, as Ivy does), or the sizes given, which must add up to the
/// length. The one place the rule is written: every backend's `split`
/// kernel reads its sizes here. `axis` is a normalised axis of `shape`.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::{Shape, Splits, split_sizes};
/// let s = Shape::from([10, 2]);
/// assert_eq!(split_sizes("split", &s, Some(&Splits::Sections(5)), 0, false)?, [2; 5]);
/// assert_eq!(split_sizes("split", &s, Some(&Splits::Sections(4)), 0, true)?, [4, 4, 2]);
/// assert!(split_sizes("split", &s, Some(&Splits::Sizes(vec![3, 3])), 0, false).is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn split_sizes(
    op: &str,
    shape: &crate::shape::Shape,
    splits: Option<&Splits>,
    axis: usize,
    with_remainder: bool,
) -> Result<Vec<usize>> {
    let len = shape.dims()[axis];
    let repeated = |n: usize, size: usize| -> Result<Vec<usize>> {
        let mut v = Vec::new();
        v.try_reserve_exact(n)
            .map_err(|_| Error::invalid(op, format!("cannot make {n} sections")))?;
        v.resize(n, size);
        Ok(v)
    };
    match splits {
        None => repeated(len, 1),
        Some(Splits::Sections(0)) => Err(Error::invalid(op, "cannot split into 0 sections")),
        Some(&Splits::Sections(n)) if len.is_multiple_of(n) => repeated(n, len / n),
        // `n` is then the size of the sections and the last one holds what
        // is left (10 in 4 gives 4, 4, 2). Ivy computes the remainder
        // through a float product that can round it to 0; this uses the
        // integer remainder it meant.
        Some(&Splits::Sections(n)) if with_remainder => {
            let mut v = repeated(len / n, n)?;
            v.push(len % n);
            Ok(v)
        }
        Some(&Splits::Sections(n)) => Err(Error::shape(
            op,
            format!(
                "axis {axis} of length {len} cannot be split into {n} equal sections (pass with_remainder for a shorter last one)"
            ),
            vec![shape.clone()],
        )),
        Some(Splits::Sizes(s)) => {
            let total = s.iter().try_fold(0usize, |acc, &d| acc.checked_add(d));
            if total != Some(len) {
                return Err(Error::shape(
                    op,
                    format!("the sizes {s:?} do not add up to the length {len} of axis {axis}"),
                    vec![shape.clone()],
                ));
            }
            Ok(s.clone())
        }
    }
}

/// What `tensordot` contracts (Ivy's and NumPy's `axes`): the last `n`
/// axes of `x1` with the first `n` of `x2`, or the axes of two lists
/// pairwise (`axes=([1, 0], [0, 1])`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Contraction;
/// assert_eq!(Contraction::from(2), Contraction::Count(2));
/// assert_eq!(Contraction::from(([1, 0], [0, 1])), Contraction::Pairs(vec![1, 0], vec![0, 1]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Contraction {
    /// This many axes.
    Count(i64),
    /// These axes of `x1` with these of `x2`, pairwise.
    Pairs(Vec<i64>, Vec<i64>),
}

impl From<i64> for Contraction {
    fn from(n: i64) -> Contraction {
        Contraction::Count(n)
    }
}

impl From<i32> for Contraction {
    fn from(n: i32) -> Contraction {
        Contraction::Count(i64::from(n))
    }
}

impl From<usize> for Contraction {
    fn from(n: usize) -> Contraction {
        Contraction::Count(n as i64)
    }
}

impl<const N: usize, const M: usize> From<([i64; N], [i64; M])> for Contraction {
    fn from((a, b): ([i64; N], [i64; M])) -> Contraction {
        Contraction::Pairs(a.to_vec(), b.to_vec())
    }
}

impl From<(Vec<i64>, Vec<i64>)> for Contraction {
    fn from((a, b): (Vec<i64>, Vec<i64>)) -> Contraction {
        Contraction::Pairs(a, b)
    }
}

impl From<(&[i64], &[i64])> for Contraction {
    fn from((a, b): (&[i64], &[i64])) -> Contraction {
        Contraction::Pairs(a.to_vec(), b.to_vec())
    }
}

/// A sequence of arrays (the `Arrays` parameter kind), or of containers.
///
/// A list of arrays (`&[Array]`, `Vec<Array>`, `[&Array; N]`, ...) is a
/// [`Leaf`]: the op runs once and returns what it returns on arrays. A list
/// of containers (`[&Container; N]`, `Vec<Container>`, `&[Container]`, ...)
/// is [`Nested`]: the op runs at every leaf, on the list of the containers'
/// leaves there, with the shared-nested-structure rule (see
/// [`Container::cont_multi_map`](crate::Container::cont_multi_map)), and
/// returns containers. A list of [`Node`]s mixes arrays and containers (the
/// arrays are broadcast over the containers); it is `Nested`, so it must hold
/// at least one container. In an [`Error::UnsharedStructure`] the arguments
/// are numbered in parameter order, a list's elements in its place
/// (`concat([&c1, &c2])`: `c1` is argument 0, `c2` argument 1).
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let a = ivy::array![1.0];
/// let b = ivy::array![2.0];
/// let c: ivy::Array = ivy::concat([&a, &b])?;
/// assert_eq!(c.size(), 2);
///
/// let c1 = ivy::container! { x: [1.0], y: { z: [2.0] } };
/// let c2 = ivy::container! { x: [3.0], y: { z: [4.0] } };
/// let j: ivy::Container = ivy::concat([&c1, &c2])?;
/// assert_eq!(j.leaf("y/z")?.to_vec::<f32>()?, vec![2.0, 4.0]);
///
/// // Arrays and containers together, as nodes: `a` meets every leaf.
/// let m: ivy::Container = ivy::concat([ivy::Node::from(&c1), ivy::Node::from(&a)])?;
/// assert_eq!(m.leaf("x")?.to_vec::<f32>()?, vec![1.0, 1.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub trait ArrayList {
    /// [`Leaf`] for a list of arrays, [`Nested`] for a list with containers.
    type Kind: Kind;

    /// The arrays, cloned into a vector (clones are cheap); an error for a
    /// list that holds a container (the array-only path never sees one: the
    /// kinds route such lists elsewhere).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::args::ArrayList;
    /// let a = ivy::array![1.0];
    /// assert_eq!([&a, &a].to_arrays("concat")?.len(), 2);
    /// assert!([&ivy::container! { x: 1.0 }].to_arrays("concat").is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    fn to_arrays(&self, op: &'static str) -> Result<Vec<Array>>;

    /// Append the elements, as nodes of the dispatch, to `nodes`.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::args::ArrayList;
    /// let c = ivy::container! { x: 1.0 };
    /// let list = vec![c.clone(), c];
    /// let mut nodes = Vec::new();
    /// list.push_nodes(&mut nodes);
    /// assert!(matches!(nodes[..], [ivy::Node::Container(_), ivy::Node::Container(_)]));
    /// ```
    fn push_nodes<'a>(&'a self, nodes: &mut Vec<Node<'a>>);
}

/// What an [`ArrayList`] may hold: an array, a container, a [`Node`], or a
/// reference to one.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// use ivy::args::{Leaf, ListElement, Nested};
/// fn kind<E: ListElement<Kind = K>, K>() {}
/// kind::<ivy::Array, Leaf>();
/// kind::<&ivy::Container, Nested>();
/// ```
pub trait ListElement {
    /// [`Leaf`] for arrays, [`Nested`] for containers and nodes.
    type Kind: Kind;
    /// The array; an error for a container.
    fn to_array(&self, op: &'static str) -> Result<Array>;
    /// As a node of the dispatch.
    fn node(&self) -> Node<'_>;
}

impl ListElement for Array {
    type Kind = Leaf;
    #[inline(always)]
    fn to_array(&self, _: &'static str) -> Result<Array> {
        Ok(self.clone())
    }
    #[inline]
    fn node(&self) -> Node<'_> {
        Node::Leaf(OperandRef::Array(self))
    }
}

impl ListElement for crate::Container {
    type Kind = Nested;
    fn to_array(&self, op: &'static str) -> Result<Array> {
        Node::Container(self.view())
            .leaf(op)
            .map(OperandRef::to_array)
    }
    #[inline]
    fn node(&self) -> Node<'_> {
        Node::Container(self.view())
    }
}

impl ListElement for Node<'_> {
    type Kind = Nested;
    fn to_array(&self, op: &'static str) -> Result<Array> {
        self.leaf(op).map(OperandRef::to_array)
    }
    #[inline]
    fn node(&self) -> Node<'_> {
        *self
    }
}

impl<E: ListElement + ?Sized> ListElement for &E {
    type Kind = E::Kind;
    #[inline(always)]
    fn to_array(&self, op: &'static str) -> Result<Array> {
        (**self).to_array(op)
    }
    #[inline]
    fn node(&self) -> Node<'_> {
        (**self).node()
    }
}

impl<E: ListElement> ArrayList for [E] {
    type Kind = E::Kind;
    #[inline]
    fn to_arrays(&self, op: &'static str) -> Result<Vec<Array>> {
        let mut out = Vec::with_capacity(self.len());
        for e in self {
            out.push(e.to_array(op)?);
        }
        Ok(out)
    }
    fn push_nodes<'a>(&'a self, nodes: &mut Vec<Node<'a>>) {
        nodes.extend(self.iter().map(ListElement::node));
    }
}

impl<E: ListElement> ArrayList for Vec<E> {
    type Kind = E::Kind;
    #[inline]
    fn to_arrays(&self, op: &'static str) -> Result<Vec<Array>> {
        self.as_slice().to_arrays(op)
    }
    fn push_nodes<'a>(&'a self, nodes: &mut Vec<Node<'a>>) {
        self.as_slice().push_nodes(nodes)
    }
}

impl<E: ListElement, const N: usize> ArrayList for [E; N] {
    type Kind = E::Kind;
    #[inline]
    fn to_arrays(&self, op: &'static str) -> Result<Vec<Array>> {
        self.as_slice().to_arrays(op)
    }
    fn push_nodes<'a>(&'a self, nodes: &mut Vec<Node<'a>>) {
        self.as_slice().push_nodes(nodes)
    }
}

impl<T: ArrayList + ?Sized> ArrayList for &T {
    type Kind = T::Kind;
    #[inline]
    fn to_arrays(&self, op: &'static str) -> Result<Vec<Array>> {
        (**self).to_arrays(op)
    }
    fn push_nodes<'a>(&'a self, nodes: &mut Vec<Node<'a>>) {
        (**self).push_nodes(nodes)
    }
}

/// A list parameter among the arguments whose kinds decide the return type
/// (see [`Operands`]): `concat(xs: Xs)` returns
/// `Out<(List<Xs>,), Array>`, an `Array` for a list of arrays and a
/// `Container` for a list of containers. Never constructed.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::args::List;
/// let _: Option<ivy::Out<(List<[&ivy::Array; 2]>,), ivy::Array>> = None::<ivy::Array>;
/// let _: Option<ivy::Out<(List<Vec<ivy::Container>>,), ivy::Array>> = None::<ivy::Container>;
/// ```
pub struct List<Xs: ?Sized>(std::marker::PhantomData<Xs>, std::convert::Infallible);

impl<Xs: ArrayList + ?Sized> Argument for List<Xs> {
    type Kind = Xs::Kind;
}
