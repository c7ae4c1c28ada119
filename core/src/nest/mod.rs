//! Ivy's nest functions over [`Nest`], a nested value whose shape is known
//! only at run time (`ivy/functional/ivy/nest.py`).
//!
//! A [`Nest`] holds lists, tuples, string-keyed dicts (in insertion order),
//! `None` and leaves (`Array` by default; any type works). The
//! [`nest!`](crate::nest!) macro writes one as Python would, and
//! [`nest_index!`](crate::nest_index!) writes an index (`("b", 1)` in Ivy):
//!
//! ```
//! # use ivy_core as ivy;
//! use ivy::nest::{Nest, index_nest, set_nest_at_index, all_nested_indices};
//! let x: Nest<i64> = ivy::nest!({"a": [1, (2, 3)], "b": 4});
//! assert_eq!(index_nest(&x, &ivy::nest_index!["a", 1, 0])?, &ivy::nest!(2));
//! let y = set_nest_at_index(&x, &ivy::nest_index!["b"], ivy::nest!([5, 6]))?;
//! assert_eq!(format!("{y:?}"), "{'a': [1, (2, 3)], 'b': [5, 6]}");
//! assert_eq!(format!("{:?}", all_nested_indices(&x, false)), "[['a', 0], ['a', 1, 0], ['a', 1, 1], ['b']]");
//! # Ok::<(), ivy::Error>(())
//! ```
//!
//! # From Python Ivy
//!
//! - **No hidden mutation.** Where Ivy changes its input (`shallow=True`,
//!   the default of `set_nest_at_index`, `map_nest_at_index(es)`,
//!   `set_nest_at_indices`, `nested_map`), the function here returns a new
//!   nest and leaves its argument alone, and a `_mut` twin takes `&mut Nest`
//!   and changes it in place. The functions that Ivy defines as in-place
//!   only (`prune_nest_at_index(es)`, `insert_into_nest_at_index(es)`) take
//!   `&mut Nest`.
//! - Leaves are typed, so Ivy's type filters (`include_derived`,
//!   `to_ignore`, `extra_nest_types`) have no counterpart, and `to_ivy`
//!   conversions are not needed.
//! - Errors are [`Error::Structure`](crate::Error::Structure) naming the
//!   index where the walk failed (`nest['a'][2]`).
//! - A `Nest` is a [`Tree`](crate::Tree): the `tree_*` functions apply, and
//!   [`Nest::from_tree`] / [`Nest::into_tree`] convert to and from typed
//!   trees.

mod ops;
mod value;

pub use ops::{
    MultiMapOptions, NestedMapOptions, all_nested_indices, copy_nest, duplicate_array_index_chains,
    duplicate_leaf_index_chains, index_nest, insert_into_nest_at_index,
    insert_into_nest_at_indices, map, map_mean, map_nest_at_index, map_nest_at_index_mut,
    map_nest_at_indices, map_nest_at_indices_mut, multi_index_nest, nested_any, nested_argwhere,
    nested_map, nested_map_mut, nested_map_with, nested_multi_map, nested_multi_map_with,
    prune_empty, prune_empty_mut, prune_nest_at_index, prune_nest_at_indices, set_nest_at_index,
    set_nest_at_index_mut, set_nest_at_indices, set_nest_at_indices_mut,
};
pub use value::{Index, IndexKey, Nest};

/// Used by [`nest!`](crate::nest!): a dict from its entries.
#[doc(hidden)]
pub fn __dict<L>(pairs: Vec<(String, Nest<L>)>) -> Nest<L> {
    Nest::Dict(pairs.into_iter().collect())
}

/// Used by [`nest!`](crate::nest!): a dict key from a literal or expression.
#[doc(hidden)]
pub fn __key(k: impl ToString) -> String {
    k.to_string()
}

/// Write a [`Nest`] as Python would: `[...]` is a list, `(...)` a tuple
/// (any parentheses), `{"k": ...}` a dict, `None` is `None`, anything else
/// an expression giving a leaf.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::Nest;
/// let n: Nest<f64> = ivy::nest!({"w": [1.0, -2.0], "b": (0.5,), "skip": None});
/// assert_eq!(format!("{n:?}"), "{'w': [1.0, -2.0], 'b': (0.5,), 'skip': None}");
/// let x = 3.0;
/// let m: Nest<f64> = ivy::nest!([x * 2.0, {}, []]);
/// assert_eq!(format!("{m:?}"), "[6.0, {}, []]");
/// ```
#[macro_export]
macro_rules! nest {
    (None) => { $crate::nest::Nest::None };
    ([ $($tt:tt)* ]) => { $crate::nest::Nest::List($crate::__nest_seq!([] $($tt)*)) };
    (( $($tt:tt)* )) => { $crate::nest::Nest::Tuple($crate::__nest_seq!([] $($tt)*)) };
    ({ $($tt:tt)* }) => { $crate::nest::__dict($crate::__nest_dict!([] $($tt)*)) };
    ($e:expr) => { $crate::nest::Nest::Leaf($e) };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __nest_seq {
    ([$($done:expr,)*]) => { ::std::vec![$($done),*] };
    ([$($done:expr,)*] None $(, $($rest:tt)*)?) => {
        $crate::__nest_seq!([$($done,)* $crate::nest::Nest::None,] $($($rest)*)?)
    };
    ([$($done:expr,)*] [$($x:tt)*] $(, $($rest:tt)*)?) => {
        $crate::__nest_seq!([$($done,)* $crate::nest!([$($x)*]),] $($($rest)*)?)
    };
    ([$($done:expr,)*] ($($x:tt)*) $(, $($rest:tt)*)?) => {
        $crate::__nest_seq!([$($done,)* $crate::nest!(($($x)*)),] $($($rest)*)?)
    };
    ([$($done:expr,)*] {$($x:tt)*} $(, $($rest:tt)*)?) => {
        $crate::__nest_seq!([$($done,)* $crate::nest!({$($x)*}),] $($($rest)*)?)
    };
    ([$($done:expr,)*] $e:expr $(, $($rest:tt)*)?) => {
        $crate::__nest_seq!([$($done,)* $crate::nest::Nest::Leaf($e),] $($($rest)*)?)
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __nest_dict {
    ([$($done:expr,)*]) => { ::std::vec![$($done),*] };
    ([$($done:expr,)*] $k:tt : None $(, $($rest:tt)*)?) => {
        $crate::__nest_dict!([$($done,)* ($crate::nest::__key($k), $crate::nest::Nest::None),] $($($rest)*)?)
    };
    ([$($done:expr,)*] $k:tt : [$($x:tt)*] $(, $($rest:tt)*)?) => {
        $crate::__nest_dict!([$($done,)* ($crate::nest::__key($k), $crate::nest!([$($x)*])),] $($($rest)*)?)
    };
    ([$($done:expr,)*] $k:tt : ($($x:tt)*) $(, $($rest:tt)*)?) => {
        $crate::__nest_dict!([$($done,)* ($crate::nest::__key($k), $crate::nest!(($($x)*))),] $($($rest)*)?)
    };
    ([$($done:expr,)*] $k:tt : {$($x:tt)*} $(, $($rest:tt)*)?) => {
        $crate::__nest_dict!([$($done,)* ($crate::nest::__key($k), $crate::nest!({$($x)*})),] $($($rest)*)?)
    };
    ([$($done:expr,)*] $k:tt : $e:expr $(, $($rest:tt)*)?) => {
        $crate::__nest_dict!([$($done,)* ($crate::nest::__key($k), $crate::nest::Nest::Leaf($e)),] $($($rest)*)?)
    };
}

/// Write a nest index (an [`Index`]): positions and dict keys, as Ivy's
/// index tuples `("b", 1)`.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::IndexKey;
/// assert_eq!(ivy::nest_index!["b", 1], vec![IndexKey::Key("b".into()), IndexKey::Pos(1)]);
/// ```
#[macro_export]
macro_rules! nest_index {
    ($($k:expr),* $(,)?) => { ::std::vec![$($crate::nest::IndexKey::from($k)),*] as $crate::nest::Index };
}

#[cfg(test)]
mod tests;
