//! Pytrees: nested values flattened into leaves and a structure, mapped,
//! zipped and rebuilt (JAX's `jax.tree_util`, optree).
//!
//! # The model
//!
//! A *tree* is a value built of node types — `Vec`, `[T; N]`, `VecDeque`,
//! tuples, `Option`, `Box`, `BTreeMap`/`HashMap`, `IndexMap`,
//! [`DefaultDict`], and your own structs and enums with `#[derive(Tree)]` —
//! holding *leaves*: `Array`, numbers,
//! `bool`, `String`, [`Scalar`](crate::Scalar)... Where Python keeps a global
//! registry of node types, Rust has the trait [`Tree<L>`](Tree): a type
//! implements `Tree<L>` for the leaf type `L` it holds, so
//! `Vec<(f64, Option<f64>)>` is a tree of `f64` leaves (inferred), and
//! [`TreeMap<L, M>`](TreeMap) gives the same type with `M` leaves, so
//! [`tree_map`] can turn `Vec<f64>` into `Vec<Array>`.
//!
//! [`tree_flatten`] returns the leaves in a fixed order
//! (elements in order, struct fields in declaration order, map entries in
//! sorted key order) and a [`TreeDef`]: the structure, printable, comparable,
//! hashable and serializable, from which
//! [`tree_unflatten`] rebuilds the value.
//!
//! ```
//! # extern crate ivy_core as ivy;
//! use ivy::{Array, Tree};
//! use std::collections::BTreeMap;
//!
//! #[derive(Tree, Debug, Clone, PartialEq)]
//! # #[tree(crate = ivy)]
//! struct Linear<T> {
//!     w: T,
//!     b: T,
//!     #[tree(static)]
//!     activation: &'static str,
//! }
//!
//! let mut model = BTreeMap::new();
//! model.insert("encoder", Linear { w: 1.0, b: 0.5, activation: "relu" });
//! model.insert("decoder", Linear { w: 2.0, b: 0.0, activation: "tanh" });
//!
//! let (leaves, def) = ivy::tree_flatten(&model);
//! assert_eq!(leaves, [2.0, 0.0, 1.0, 0.5]); // 'decoder' < 'encoder'
//! assert_eq!(
//!     def.to_string(),
//!     "TreeDef({'decoder': Linear { w: *, b: *, static activation: \"tanh\" }, \
//!      'encoder': Linear { w: *, b: *, static activation: \"relu\" }})"
//! );
//!
//! // Map to another leaf type: Linear<f64> becomes Linear<Array>.
//! let arrays = ivy::tree_map(|&x| Array::scalar(x), &model);
//! assert_eq!(arrays["encoder"].w, Array::scalar(1.0));
//!
//! // Zip two trees of the same structure.
//! let grads = ivy::tree_map(|_| 0.5, &model);
//! let updated = ivy::tree_map2(|p, g| p - g, &model, &grads)?;
//! assert_eq!(updated["decoder"].w, 1.5);
//!
//! // Key paths, as JAX's keystr and as Ivy key chains.
//! let paths = def.paths();
//! assert_eq!(paths[0].keystr(), "['decoder'].w");
//! assert_eq!(paths[3].key_chain(), "encoder/b");
//!
//! // Structure mismatches say where and why, in one line.
//! let mut other = model.clone();
//! other.insert("head", Linear { w: 0.0, b: 0.0, activation: "relu" });
//! let err = ivy::tree_map2(|a, b| a + b, &model, &other).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "tree_map2: at tree: dict key mismatch: expected keys ['decoder', 'encoder'], \
//!      got ['decoder', 'encoder', 'head']; extra ['head']"
//! );
//! # Ok::<(), ivy::Error>(())
//! ```
//!
//! # Conventions (and where they come from)
//!
//! - `Some(x)` is `x`; `None` is a node without children, printed `None`
//!   (JAX). [`FlattenConfig::NONE_IS_LEAF`] makes it a leaf instead
//!   (optree's `none_is_leaf`), marked `NoneIsLeaf` in the `TreeDef`.
//! - Maps follow optree's three map nodes. `BTreeMap` and `HashMap` are
//!   *dict* nodes: traversed in sorted key order, so equal maps give equal
//!   leaf orders. `IndexMap` is the *OrderedDict* node: traversed in
//!   insertion order, which is part of its structure (printed
//!   `OrderedDict({'b': *, 'a': *})`). [`DefaultDict`] is the *defaultdict*
//!   node: sorted traversal, rebuilt in its insertion order, which the
//!   `TreeDef` keeps but does not compare. Maps of any kinds with the same
//!   keys zip together in the multi-tree functions, key by key (optree).
//! - Keys of different kinds sort bool < float < int < char < str (optree's
//!   order for Python keys that do not compare); floats are keys through
//!   [`FloatKey`] and print as Python's `repr`.
//! - `Vec`, `[T; N]` and `Box<[T]>` are all *list* nodes, so trees of these
//!   container types but equal structure zip together; `VecDeque` is
//!   optree's *deque* node (`deque([*, *])`), a structure of its own.
//! - A record (derived struct or enum variant) is identified by its module,
//!   name, variant and field names, not its generic arguments; its
//!   `#[tree(static)]` fields are part of the `TreeDef` and must be equal
//!   for two structures to be equal.
//! - A leaf's path is a [`KeyPath`] (JAX's key path, printed by `keystr`
//!   as `[0]['a'].w`) or an [`Accessor`] (optree's, printed `*[0]['a'].w`),
//!   which fetches the leaf from any tree of that shape.
//! - `is_leaf` predicates see a node's key path and structure
//!   ([`NodeRef`]); whatever they cut off is handed out as a [`Subtree`]
//!   (see [`tree_flatten_with`]). To make a type
//!   of your own a leaf, derive `Tree` with `#[tree(leaf)]`.
//! - Errors are [`Error::Structure`](crate::Error::Structure): the function,
//!   the key path of the first disagreement (`tree['w'][0]`), and one line
//!   saying why.
//!
//! # `#[derive(Tree)]`
//!
//! Named and tuple structs, unit structs and enums, generic or not. Fields
//! are children in declaration order, except:
//!
//! - `#[tree(static)]`: the field is metadata kept in the `TreeDef` (JAX's
//!   `field(static=True)`); its type must be
//!   [`StaticField`] (`Eq + Hash + Clone + Debug + Send + Sync + 'static`).
//!
//! On the type:
//!
//! - `#[tree(untagged)]` (enums): each variant is the node of what it
//!   holds, as in a Python list of mixed values — a unit variant is `None`,
//!   a one-field tuple variant is that field, a tuple variant of several
//!   fields is a tuple, a struct variant is a record. Rebuilding picks the
//!   first variant that accepts the node it finds ([`Tree::accepts`]).
//! - `#[tree(transparent)]` (structs of one field): the struct is its
//!   field's node (a newtype that adds no level).
//! - `#[tree(leaf)]` makes the whole type a leaf, and
//!   `#[tree(crate = path)]` names the `ivy` crate if it is renamed.
//!
//! ```
//! # extern crate ivy_core as ivy;
//! use ivy::Tree;
//! use std::collections::BTreeMap;
//!
//! #[derive(Tree, Debug, PartialEq)]
//! # #[tree(crate = ivy)]
//! struct Point { x: f64, y: f64 }
//!
//! /// Python's `[1.0, None, (2.0, 3.0), Point(4.0, 5.0), {'a': 6.0}]`.
//! #[derive(Tree, Debug, PartialEq)]
//! # #[tree(crate = ivy)]
//! #[tree(untagged)]
//! enum Item { Missing, Leaf(f64), Pair(f64, f64), Point(Point), Map(BTreeMap<String, f64>) }
//!
//! let list = vec![
//!     Item::Leaf(1.0),
//!     Item::Missing,
//!     Item::Pair(2.0, 3.0),
//!     Item::Point(Point { x: 4.0, y: 5.0 }),
//!     Item::Map(BTreeMap::from([("a".to_string(), 6.0)])),
//! ];
//! let (leaves, def) = ivy::tree_flatten(&list);
//! // optree: PyTreeSpec([*, None, (*, *), Point(x=*, y=*), {'a': *}])
//! assert_eq!(def.to_string(), "TreeDef([*, None, (*, *), Point { x: *, y: * }, {'a': *}])");
//! let back: Vec<Item> = ivy::tree_unflatten(&def, leaves)?;
//! assert_eq!(back, list);
//! # Ok::<(), ivy::Error>(())
//! ```
//!
//! For a generic struct `S<T>`, `TreeMap` maps `S<T>` to
//! `S<<T as TreeMap<L, M>>::Output>`, so `tree_map` can change its leaf
//! type; a non-generic struct maps only to itself.

mod accessor;
mod def;
mod default_dict;
mod impls;
mod key;
mod ops;
mod record;
mod serde_impl;
mod subtree;
mod visit;

pub use accessor::{
    Accessor, AccessorEntry, tree_accessors, tree_flatten_with_accessor, tree_map_with_accessor,
};
pub use def::{NodeKind, NodeRef, TreeDef};
pub use default_dict::DefaultDict;
/// The insertion-ordered map that is optree's `OrderedDict` node
/// (re-exported from `indexmap`, so the `Tree` impls apply to it whatever
/// version of `indexmap` a user's crate depends on).
///
/// ```
/// # use ivy_core as ivy;
/// let m = ivy::tree::IndexMap::from([("b", 1.0), ("a", 2.0)]);
/// assert_eq!(ivy::tree_structure(&m).to_string(), "TreeDef(OrderedDict({'b': *, 'a': *}))");
/// ```
pub use indexmap::IndexMap;
pub use key::{
    FloatKey, Key, KeyEntry, KeyPath, KeyStr, StaticField, StaticValue, TreeKey, keystr,
};
pub use ops::{
    tree_all, tree_all_with, tree_any, tree_any_with, tree_broadcast_common, tree_broadcast_prefix,
    tree_flatten, tree_flatten_with, tree_flatten_with_path, tree_leaves, tree_leaves_with_path,
    tree_map, tree_map_mut, tree_map_n, tree_map_up_to, tree_map_up_to_n, tree_map_with,
    tree_map_with_path, tree_map2, tree_map3, tree_reduce, tree_reduce_with, tree_structure,
    tree_structure_with, tree_transpose, tree_try_map, tree_unflatten, tree_unflatten_with,
};
pub use record::{RecordInfo, RecordShape};
pub use subtree::{FlattenConfig, Subtree, never};
pub(crate) use visit::insertion_order;
pub use visit::{DictKeys, Peek, RecordMatch, Sink, Source, Tree, TreeMap};

/// The derive macro, re-exported so `ivy::tree::Tree` is both the trait and
/// the derive (as `serde::Serialize` is).
pub use ivy_macros::Tree;

#[doc(hidden)]
pub mod __private {
    //! Items used by the output of `#[derive(Tree)]`. Not public API.
    pub use crate::error::{Error, Result};
    pub use std::vec::Vec;

    /// The error of a derive that failed to expand (never reached: the
    /// derive's compile error stops the build first).
    pub fn derive_failed() -> Error {
        Error::structure("tree_unflatten", "tree", "#[derive(Tree)] failed")
    }

    /// Type check that a `#[tree(static)]` field is a `StaticField`.
    pub fn assert_static<T: super::StaticField>() {}
}

#[cfg(test)]
mod tests;
