//! Nestable arguments: what may stand where an op takes an array, and how the
//! return type follows statically.
//!
//! Every `Array` parameter of a nestable op accepts any [`Operand`]: an
//! `&Array`, an `Array`, a Rust number (a Python-like scalar), or a
//! [`Container`]. Each operand type has a [`Kind`]; the kinds of all operands
//! of a call decide the return type at compile time through [`Out`]. Arrays
//! and scalars are [`Leaf`]s, so the array-only path returns `Array` and
//! costs one direct call; a container anywhere makes the call [`Nested`]: the
//! op runs at every leaf, leaves and scalars are broadcast over the
//! containers (Ivy's shared nested structure, see
//! [`Container::cont_multi_map`]), and the call returns a container.
//!
//! ```
//! # extern crate ivy_core as ivy; extern crate ivy_ndarray;
//! let x = ivy::array![1.0, 2.0];
//! let y: ivy::Array = ivy::add(&x, 1.0)?; // Leaf + Leaf = Leaf: an Array
//! assert_eq!(y.to_vec::<f32>()?, vec![2.0, 3.0]);
//!
//! let c = ivy::container! { a: [1.0, 2.0], b: { c: 3.0 } };
//! let d: ivy::Container = ivy::add(&x, &c)?; // Leaf + Container = Container
//! assert_eq!(d.leaf("b/c")?.to_vec::<f32>()?, vec![4.0, 5.0]);
//! # Ok::<(), ivy::Error>(())
//! ```

use crate::array::Array;
use crate::container::{Container, ContainerRef};
use crate::dtype::{Complex32, Complex64, bf16, f16};
use crate::error::Result;
use crate::scalar::Scalar;

/// One argument of a call, seen by the op: an array or a scalar.
#[derive(Clone, Copy, Debug)]
pub enum OperandRef<'a> {
    /// An array.
    Array(&'a Array),
    /// A Python-like scalar.
    Scalar(Scalar),
}

impl OperandRef<'_> {
    /// The array, or the scalar made a 0-d array of its default dtype on the
    /// current backend.
    pub fn to_array(self) -> Array {
        match self {
            OperandRef::Array(a) => a.clone(),
            OperandRef::Scalar(s) => crate::__private::scalar_array(
                s,
                s.default_dtype(),
                crate::backend::current_backend(),
            ),
        }
    }
}

/// An owned array argument that may also be a scalar or a container; what
/// keyword parameters of kind `Option<Array>` hold (`clip`'s bounds).
///
/// A container keyword argument maps like a container operand, so the call
/// must have a container among its array arguments (its return type is then
/// a container); with arrays only, it is an error naming the op and the
/// parameter.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// use ivy::ArrayLike;
/// let a: ArrayLike = 0.5.into();
/// assert!(matches!(a, ArrayLike::Scalar(_)));
/// let b: ArrayLike = ivy::array![1.0].into();
/// assert!(matches!(b, ArrayLike::Array(_)));
/// let c: ArrayLike = ivy::container! { a: 1.0 }.into();
/// assert!(matches!(c, ArrayLike::Container(_)));
/// ```
#[derive(Clone, Debug)]
pub enum ArrayLike {
    /// An array.
    Array(Array),
    /// A scalar.
    Scalar(Scalar),
    /// A container of arrays (mapped with the call's other containers).
    Container(Container),
}

impl ArrayLike {
    /// Borrow as a node of the dispatch.
    pub fn node(&self) -> Node<'_> {
        match self {
            ArrayLike::Array(a) => Node::Leaf(OperandRef::Array(a)),
            ArrayLike::Scalar(s) => Node::Leaf(OperandRef::Scalar(*s)),
            ArrayLike::Container(c) => Node::Container(c.view()),
        }
    }
}

impl From<Array> for ArrayLike {
    fn from(a: Array) -> ArrayLike {
        ArrayLike::Array(a)
    }
}

impl From<&Array> for ArrayLike {
    fn from(a: &Array) -> ArrayLike {
        ArrayLike::Array(a.clone())
    }
}

impl From<Container> for ArrayLike {
    fn from(c: Container) -> ArrayLike {
        ArrayLike::Container(c)
    }
}

impl From<&Container> for ArrayLike {
    fn from(c: &Container) -> ArrayLike {
        ArrayLike::Container(c.clone())
    }
}

/// One argument of a nestable call as the dispatch sees it: a leaf (an
/// array or a scalar) or a container whose leaves stand in for it.
///
/// The engine that maps ops over containers walks nodes of any leaf type:
/// `L` is the containers' leaf type, `X` what a leaf argument is (for ops,
/// an [`OperandRef`] to an array or a scalar).
#[derive(Debug)]
pub enum Node<'a, L = Array, X = OperandRef<'a>> {
    /// An array or a scalar (a leaf broadcast over the containers).
    Leaf(X),
    /// A container (or a sub-container's view).
    Container(ContainerRef<'a, L>),
}

impl<L, X: Copy> Clone for Node<'_, L, X> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<L, X: Copy> Copy for Node<'_, L, X> {}

impl<'a> Node<'a> {
    /// The leaf, for the array-only path. On a container (which that path
    /// never sees: the kinds route containers elsewhere) it is an error, not
    /// a panic.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::{Node, Operand};
    /// let x = ivy::array![1.0];
    /// assert!((&x).node().leaf("tan").is_ok());
    /// let c = ivy::container! { a: 1.0 };
    /// assert!((&c).node().leaf("tan").is_err());
    /// ```
    #[inline(always)]
    pub fn leaf(self, op: &'static str) -> Result<OperandRef<'a>> {
        match self {
            Node::Leaf(x) => Ok(x),
            Node::Container(_) => Err(crate::Error::invalid(
                op,
                "a container reached the array-only path of a nestable op",
            )),
        }
    }
}

impl<'a> From<&'a Array> for Node<'a> {
    fn from(a: &'a Array) -> Node<'a> {
        Node::Leaf(OperandRef::Array(a))
    }
}

impl<'a> From<&'a Container> for Node<'a> {
    fn from(c: &'a Container) -> Node<'a> {
        Node::Container(c.view())
    }
}

/// The kind of an operand, which decides what a call returns: [`Leaf`] for
/// arrays and scalars, [`Nested`] for containers.
pub trait Kind {
    /// What a call whose operands have this kind returns, when the op on
    /// arrays returns `R`.
    type Out<R: Nestable>;

    /// Run a call: `leaf` when every operand is a leaf, else `nested`, which
    /// maps the op over the containers' leaves.
    fn dispatch<R: Nestable>(
        leaf: impl FnOnce() -> Result<R>,
        nested: impl FnOnce() -> Result<R::Nested>,
    ) -> Result<Self::Out<R>>;
}

/// The kind of arrays and scalars: the op runs once and its result is returned
/// as is.
pub enum Leaf {}

impl Kind for Leaf {
    type Out<R: Nestable> = R;

    #[inline(always)]
    fn dispatch<R: Nestable>(
        leaf: impl FnOnce() -> Result<R>,
        _nested: impl FnOnce() -> Result<R::Nested>,
    ) -> Result<R> {
        leaf()
    }
}

/// The kind of containers: the op runs at every leaf (a leaf or scalar
/// operand is broadcast over the containers) and the call returns containers
/// of the results.
pub enum Nested {}

impl Kind for Nested {
    type Out<R: Nestable> = R::Nested;

    #[inline]
    fn dispatch<R: Nestable>(
        _leaf: impl FnOnce() -> Result<R>,
        nested: impl FnOnce() -> Result<R::Nested>,
    ) -> Result<R::Nested> {
        nested()
    }
}

/// The kind of a pair of kinds: a Container anywhere makes the call nested.
pub trait Join<K> {
    /// The joined kind.
    type Kind: Kind;
}

impl Join<Leaf> for Leaf {
    type Kind = Leaf;
}

impl Join<Nested> for Leaf {
    type Kind = Nested;
}

impl<K: Kind> Join<K> for Nested {
    type Kind = Nested;
}

/// What an op's result becomes when the op runs over containers: an `Array`
/// becomes a [`Container`], a tuple of arrays a tuple of containers, a list
/// of arrays a list of containers.
pub trait Nestable: Sized {
    /// The result over containers.
    type Nested;
    /// Split a container of results into the nested result.
    fn unzip(op: &'static str, results: Container<Self>) -> Result<Self::Nested>;
}

impl Nestable for Array {
    type Nested = Container;
    #[inline]
    fn unzip(_: &'static str, results: Container) -> Result<Container> {
        Ok(results)
    }
}

macro_rules! nestable_tuple {
    ($($i:tt $t:ident),*) => {
        impl Nestable for ($($t,)*) {
            type Nested = ($(Container<$t>,)*);
            fn unzip(_: &'static str, results: Container<Self>) -> Result<Self::Nested> {
                Ok(($(results.map_leaves(|r| r.$i.clone()),)*))
            }
        }
    };
}
nestable_tuple!(0 Array, 1 Array);
nestable_tuple!(0 Array, 1 Array, 2 Array);
nestable_tuple!(0 Array, 1 Array, 2 Array, 3 Array);

/// A list result (`split`, `unstack`) becomes one container per element;
/// every leaf must give a list of the same length.
impl Nestable for Vec<Array> {
    type Nested = Vec<Container>;
    fn unzip(op: &'static str, results: Container<Vec<Array>>) -> Result<Vec<Container>> {
        let mut lens = results.cont_to_iterator().map(|(kc, v)| (kc, v.len()));
        let Some((first_kc, n)) = lens.next() else {
            return Ok(Vec::new());
        };
        if let Some((kc, m)) = lens.find(|&(_, m)| m != n) {
            return Err(crate::Error::invalid(
                op,
                format!(
                    "the leaves give lists of different lengths ({n} at `{first_kc}`, {m} at \
                     `{kc}`), which cannot be split into one container per element"
                ),
            ));
        }
        Ok((0..n)
            .map(|i| results.map_leaves(|r| r[i].clone()))
            .collect())
    }
}

/// Anything that can stand for an array argument.
///
/// Implemented for `&Array`, `Array`, `&&Array`, every Rust number, `bool`
/// and complex number (these act as Python scalars: they take the dtype of the
/// array they meet, see [`promote_types_of_inputs`](crate::promote_types_of_inputs)),
/// and `&Container` / `Container` (the op then maps over the leaves).
pub trait Operand {
    /// The kind of this operand.
    type Kind: Kind;
    /// Borrow as a node of the dispatch.
    fn node(&self) -> Node<'_>;
}

/// An operand of an op that is not nestable: an array or a scalar, never a
/// container.
///
/// ```compile_fail
/// # extern crate ivy_core as ivy;
/// fn takes<X: ivy::ArrayOperand>(_: X) {}
/// takes(&ivy::Container::new());
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot stand for an array here: this op is not nestable",
    label = "a container is not accepted by this op",
    note = "containers are accepted only by nestable ops; map the op over the leaves with \
            `Container::cont_map` instead"
)]
pub trait ArrayOperand: Operand<Kind = Leaf> {
    /// Borrow as an operand.
    fn operand(&self) -> OperandRef<'_>;
}

/// An operand of a container-dependent op (one with a `Container`
/// parameter, such as [`multi_head_attention`](crate::multi_head_attention)'s
/// `weights`): an array or a scalar, never a container. Such an op takes its
/// containers whole, in its `Container` parameters, and is never mapped over
/// a container given for an array.
///
/// ```compile_fail
/// # extern crate ivy_core as ivy;
/// fn takes<X: ivy::DependentOperand>(_: X) {}
/// takes(&ivy::Container::new());
/// ```
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// fn takes<X: ivy::DependentOperand>(_: X) {}
/// takes(&ivy::array![1.0]);
/// takes(2.0);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot stand for an array here: this op is container-dependent",
    label = "a container is not accepted for an array parameter of this op",
    note = "a container-dependent op takes containers whole, only in its `Container` parameters \
            (see the op's keyword arguments, e.g. `weights`), and is never mapped over the leaves \
            of a container given for an array"
)]
pub trait DependentOperand: ArrayOperand {}

impl<T: ArrayOperand> DependentOperand for T {}

macro_rules! leaf_operand {
    ($($t:ty),*) => {$(
        impl Operand for $t {
            type Kind = Leaf;
            #[inline(always)]
            fn node(&self) -> Node<'_> {
                Node::Leaf(ArrayOperand::operand(self))
            }
        }
    )*};
}
leaf_operand!(&Array, &&Array, Array);

impl ArrayOperand for &Array {
    #[inline(always)]
    fn operand(&self) -> OperandRef<'_> {
        OperandRef::Array(self)
    }
}

impl ArrayOperand for &&Array {
    #[inline(always)]
    fn operand(&self) -> OperandRef<'_> {
        OperandRef::Array(self)
    }
}

impl ArrayOperand for Array {
    #[inline(always)]
    fn operand(&self) -> OperandRef<'_> {
        OperandRef::Array(self)
    }
}

macro_rules! container_operand {
    ($($t:ty),*) => {$(
        impl Operand for $t {
            type Kind = Nested;
            #[inline]
            fn node(&self) -> Node<'_> {
                Node::Container(self.view())
            }
        }
    )*};
}
container_operand!(&Container, &&Container, Container);

/// A sub-container's view (`c.sub("a")?`) is an operand as a container is.
impl Operand for ContainerRef<'_> {
    type Kind = Nested;
    #[inline]
    fn node(&self) -> Node<'_> {
        Node::Container(*self)
    }
}

impl Operand for &ContainerRef<'_> {
    type Kind = Nested;
    #[inline]
    fn node(&self) -> Node<'_> {
        Node::Container(**self)
    }
}

/// A Rust number as an operand (a Python-like scalar). Operators take any of
/// them on the right of an array (`&x * 2`, `&x + 0.5f32`); on the left, `i64`
/// and `f64` (so `2 * &x` and `2.0 * &x` infer their type).
///
/// Every `ScalarOperand` is an [`Operand`] through one blanket impl, so an
/// unsuffixed literal (`ivy::add(&x, 1)`) needs no type annotation.
pub trait ScalarOperand: Copy + Into<Scalar> {}

impl<S: ScalarOperand> Operand for S {
    type Kind = Leaf;
    #[inline(always)]
    fn node(&self) -> Node<'_> {
        Node::Leaf(OperandRef::Scalar((*self).into()))
    }
}

impl<S: ScalarOperand> ArrayOperand for S {
    #[inline(always)]
    fn operand(&self) -> OperandRef<'_> {
        OperandRef::Scalar((*self).into())
    }
}

macro_rules! scalar_operand {
    ($($t:ty),*) => {$(
        impl ScalarOperand for $t {}
        impl From<$t> for ArrayLike {
            fn from(v: $t) -> ArrayLike { ArrayLike::Scalar(Scalar::from(v)) }
        }
    )*};
}
scalar_operand!(
    bool, i8, i16, i32, i64, isize, u8, u16, u32, u64, usize, f32, f64, f16, bf16, Complex32,
    Complex64, Scalar
);

/// One argument of a call as far as the return type is concerned: it has a
/// [`Kind`]. Every [`Operand`] is one; a list parameter takes part as
/// [`List<Xs>`](crate::args::List), with the kind of its elements.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::args::{Argument, Leaf, List, Nested};
/// fn kind<A: Argument<Kind = K>, K>() {}
/// kind::<&ivy::Array, Leaf>();
/// kind::<&ivy::Container, Nested>();
/// kind::<List<[&ivy::Container; 2]>, Nested>();
/// kind::<List<Vec<ivy::Array>>, Leaf>();
/// ```
pub trait Argument {
    /// Its kind.
    type Kind: Kind;
}

impl<T: Operand> Argument for T {
    type Kind = <T as Operand>::Kind;
}

/// A tuple of arguments (operands, and lists as [`List`](crate::args::List)),
/// whose joined kind decides the return type.
pub trait Operands {
    /// The joined kind.
    type Kind: Kind;
}

impl<A: Argument> Operands for (A,) {
    type Kind = A::Kind;
}

macro_rules! operands_tuple {
    ($a:ident $(, $rest:ident)+) => {
        impl<$a: Argument $(, $rest: Argument)+> Operands for ($a, $($rest,)+)
        where
            ($($rest,)+): Operands,
            $a::Kind: Join<<($($rest,)+) as Operands>::Kind>,
        {
            type Kind = <$a::Kind as Join<<($($rest,)+) as Operands>::Kind>>::Kind;
        }
    };
}
operands_tuple!(A, B);
operands_tuple!(A, B, C);
operands_tuple!(A, B, C, D);
operands_tuple!(A, B, C, D, E);
operands_tuple!(A, B, C, D, E, F);

/// What an op returns for operands `Xs` when it returns `R` on arrays:
/// `R` itself for arrays and scalars, `R::Nested` (a [`Container`] for an
/// `Array`) when any operand is a container.
pub type Out<Xs, R> = <<Xs as Operands>::Kind as Kind>::Out<R>;
