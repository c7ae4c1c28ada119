//! Nestable arguments: what may stand where an op takes an array, and how the
//! return type follows statically.
//!
//! Every `Array` parameter of an op accepts any [`Operand`]: an `&Array`, an
//! `Array`, or a Rust number (a Python-like scalar). Each operand type has a
//! [`Kind`]; the kinds of all operands of a call decide the return type at
//! compile time through [`Out`]. Arrays and scalars are [`Leaf`]s, so the
//! array-only path returns `Array` and costs one direct call. Containers will
//! be a second kind that maps the op over their leaves and returns a
//! Container.
//!
//! ```
//! # extern crate ivy_core as ivy; extern crate ivy_ndarray;
//! let x = ivy::array![1.0, 2.0];
//! let y: ivy::Array = ivy::add(&x, 1.0)?; // Leaf + Leaf = Leaf: an Array
//! assert_eq!(y.to_vec::<f32>()?, vec![2.0, 3.0]);
//! # Ok::<(), ivy::Error>(())
//! ```

use crate::array::Array;
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

/// An owned array argument that may also be a scalar; what keyword parameters
/// of kind `Option<Array>` hold (`clip`'s bounds).
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// use ivy::ArrayLike;
/// let a: ArrayLike = 0.5.into();
/// assert!(matches!(a, ArrayLike::Scalar(_)));
/// let b: ArrayLike = ivy::array![1.0].into();
/// assert!(matches!(b, ArrayLike::Array(_)));
/// ```
/// # extern crate ivy_ndarray;
/// # use ivy_core as ivy;
#[derive(Clone, Debug)]
pub enum ArrayLike {
    /// An array.
    Array(Array),
    /// A scalar.
    Scalar(Scalar),
}

impl ArrayLike {
    /// Borrow as an operand.
    pub fn as_operand(&self) -> OperandRef<'_> {
        match self {
            ArrayLike::Array(a) => OperandRef::Array(a),
            ArrayLike::Scalar(s) => OperandRef::Scalar(*s),
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

/// The kind of an operand, which decides what a call returns.
pub trait Kind {
    /// What a call whose operands have this kind returns, when the op on
    /// arrays returns `R`.
    type Out<R>;

    /// Apply an op over one operand.
    fn map1<R>(x: OperandRef<'_>, f: impl Fn(OperandRef<'_>) -> Result<R>) -> Result<Self::Out<R>>;
    /// Apply an op over two operands.
    fn map2<R>(
        a: OperandRef<'_>,
        b: OperandRef<'_>,
        f: impl Fn(OperandRef<'_>, OperandRef<'_>) -> Result<R>,
    ) -> Result<Self::Out<R>>;
    /// Apply an op over three operands.
    fn map3<R>(
        a: OperandRef<'_>,
        b: OperandRef<'_>,
        c: OperandRef<'_>,
        f: impl Fn(OperandRef<'_>, OperandRef<'_>, OperandRef<'_>) -> Result<R>,
    ) -> Result<Self::Out<R>>;
}

/// The kind of arrays and scalars: the op runs once and its result is returned
/// as is.
pub enum Leaf {}

impl Kind for Leaf {
    type Out<R> = R;

    #[inline(always)]
    fn map1<R>(x: OperandRef<'_>, f: impl Fn(OperandRef<'_>) -> Result<R>) -> Result<R> {
        f(x)
    }

    #[inline(always)]
    fn map2<R>(
        a: OperandRef<'_>,
        b: OperandRef<'_>,
        f: impl Fn(OperandRef<'_>, OperandRef<'_>) -> Result<R>,
    ) -> Result<R> {
        f(a, b)
    }

    #[inline(always)]
    fn map3<R>(
        a: OperandRef<'_>,
        b: OperandRef<'_>,
        c: OperandRef<'_>,
        f: impl Fn(OperandRef<'_>, OperandRef<'_>, OperandRef<'_>) -> Result<R>,
    ) -> Result<R> {
        f(a, b, c)
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

/// Anything that can stand for an array argument.
///
/// Implemented for `&Array`, `Array`, `&&Array`, and every Rust number, `bool`
/// and complex number (these act as Python scalars: they take the dtype of the
/// array they meet, see [`promote_types_of_inputs`](crate::promote_types_of_inputs)).
pub trait Operand {
    /// The kind of this operand.
    type Kind: Kind;
    /// Borrow as an operand.
    fn operand(&self) -> OperandRef<'_>;
}

impl Operand for &Array {
    type Kind = Leaf;
    #[inline(always)]
    fn operand(&self) -> OperandRef<'_> {
        OperandRef::Array(self)
    }
}

impl Operand for &&Array {
    type Kind = Leaf;
    #[inline(always)]
    fn operand(&self) -> OperandRef<'_> {
        OperandRef::Array(self)
    }
}

impl Operand for Array {
    type Kind = Leaf;
    #[inline(always)]
    fn operand(&self) -> OperandRef<'_> {
        OperandRef::Array(self)
    }
}

impl Operand for &ArrayLike {
    type Kind = Leaf;
    fn operand(&self) -> OperandRef<'_> {
        self.as_operand()
    }
}

impl Operand for ArrayLike {
    type Kind = Leaf;
    fn operand(&self) -> OperandRef<'_> {
        self.as_operand()
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

/// A tuple of operands, whose joined kind decides the return type.
pub trait Operands {
    /// The joined kind.
    type Kind: Kind;
}

impl<A: Operand> Operands for (A,) {
    type Kind = A::Kind;
}

impl<A: Operand, B: Operand> Operands for (A, B)
where
    A::Kind: Join<B::Kind>,
{
    type Kind = <A::Kind as Join<B::Kind>>::Kind;
}

impl<A: Operand, B: Operand, C: Operand> Operands for (A, B, C)
where
    A::Kind: Join<B::Kind>,
    <A::Kind as Join<B::Kind>>::Kind: Join<C::Kind>,
{
    type Kind = <<A::Kind as Join<B::Kind>>::Kind as Join<C::Kind>>::Kind;
}

/// What an op returns for operands `Xs` when it returns `R` on arrays:
/// `R` itself for arrays and scalars.
pub type Out<Xs, R> = <<Xs as Operands>::Kind as Kind>::Out<R>;
