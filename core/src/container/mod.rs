//! [`Container`]: nested, ordered maps from string keys to leaves (Ivy's
//! `ivy.Container`), for model weights, optimiser state and data batches.
//!
//! A container maps keys to entries: a leaf (an [`Array`] by default, any
//! type `L` in general) or a sub-container. Entries are addressed by *key
//! chains*, `"a/b/c"` (or `"a.b.c"`, as in Ivy), and the functional API
//! takes containers wherever it takes arrays: the op runs at every leaf and
//! returns a container of the results.
//!
//! ```
//! # extern crate ivy_core as ivy; extern crate ivy_ndarray;
//! use ivy::Container;
//! let params = ivy::container! {
//!     dense: { w: [[1.0, 2.0], [3.0, 4.0]], b: [0.5, 0.5] },
//!     scale: 2.0,
//! };
//! assert_eq!(params.cont_all_key_chains(), ["dense/w", "dense/b", "scale"]);
//! assert_eq!(params.leaf("dense/b")?.to_vec::<f32>()?, vec![0.5, 0.5]);
//!
//! // Nestable ops and operators map over the leaves.
//! let doubled: Container = ivy::multiply(&params, 2)?;
//! assert_eq!(doubled.leaf("scale")?.item()?.to_f64(), 4.0);
//! let summed = (&params + &doubled)?;
//! assert_eq!(summed.leaf("dense/w")?.to_vec::<f32>()?, vec![3.0, 6.0, 9.0, 12.0]);
//! # Ok::<(), ivy::Error>(())
//! ```
//!
//! # Choices
//!
//! - **Keys keep their insertion order** (a Rust map that remembers order,
//!   as `IndexMap`); Python Ivy sorts keys on construction by default
//!   (`alphabetical_keys=True`). [`Container::cont_sort_by_key`] gives Ivy's sorted
//!   order. Two containers are equal (`==`) when they hold the same keys and
//!   equal entries, in any order, as Python dicts.
//! - **Keys are non-empty and contain neither `/` nor `.`**: both separate
//!   the keys of a chain, so inserting `"a/b"` or `"a.b"` creates the level
//!   `a` (as Ivy's `__setitem__` does).
//! - **A container is its shape and one list of leaves**, depth first (as
//!   a JAX treedef and its leaves): the shape (each level's keys, and where
//!   its leaves sit in the list) is shared by reference count between the
//!   containers of one structure, so mapping a container, an op over
//!   containers of one structure, and `cont_to_flat_list` /
//!   `cont_from_flat_list` are loops over one vector, with no allocation per
//!   level.
//! - So a sub-container read from a container is a view of its range of the
//!   list: [`Container::sub`] and [`Container::get`] give a
//!   [`ContainerRef`] (or an [`EntryRef`]), `sub_mut` / `get_mut` a
//!   [`ContainerMut`] whose leaves can change; the structure changes through
//!   the owning container ([`Container::insert`], [`Container::remove`],
//!   ...), and [`ContainerRef::to_container`] makes an owned copy.
//! - Python's attribute access (`c.a.b`) is key-chain indexing: `c["a/b"]`
//!   is the leaf there, [`Container::get`] any entry, [`Container::leaf`]
//!   and [`Container::sub`] the same as `Result`s. `Index` panics on a
//!   missing chain, as `HashMap`'s does; every other accessor returns a
//!   `Result` or an `Option`.

mod build;
mod combine;
mod compare;
mod display;
mod info;
mod io;
mod iter;
mod key_chain;
mod keys;
mod map;
mod node;
mod prune;
mod restructure;
mod serde;
mod tree;
mod view;

pub use combine::UnifyMode;
pub use compare::{DiffKeys, DiffMode, DiffOptions, IdenticalOptions};
pub use display::{ARRAY_CLASS, LeafPrinter, PrintLeaf};
pub use io::Format;
pub use iter::{IterOptions, KeyChains, ToIterator};
pub(crate) use key_chain::KeyChain;
pub use key_chain::split_key_chain;
pub use keys::FlattenOptions;
pub use map::{MapOptions, MultiArg};
pub(crate) use map::{map_node_list, map_nodes};
pub(crate) use node::Node;
pub use restructure::{KeySlice, Restructure, RestructureOptions, UnstackOptions};
pub use view::{ContainerMut, ContainerRef, EntryMut, EntryRef, Iter};

use crate::array::Array;
use crate::error::{Error, Result};
use indexmap::IndexSet;
use std::fmt;
use std::sync::Arc;

/// A nested, ordered map from string keys to leaves and sub-containers.
///
/// See the [module docs](self) for the model, and
/// [`container!`](crate::container!) to write one.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// use ivy::{Container, EntryRef};
/// let mut c: Container = Container::new();
/// c.insert("a/b", ivy::array![1.0, 2.0])?;
/// c.insert("c", ivy::array![3.0])?;
/// assert_eq!(c.len(), 2); // top level: a and c
/// assert!(c.contains("a/b") && !c.contains("a/x"));
/// assert!(matches!(c.get("a"), Some(EntryRef::Container(_))));
/// assert_eq!(c["c"].to_vec::<f32>()?, vec![3.0]); // `c[..]` is a leaf
/// assert_eq!(c.leaf("c")?.to_vec::<f32>()?, vec![3.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub struct Container<L = Array> {
    node: Arc<Node>,
    leaves: Vec<L>,
    config: Config,
}

/// One value of a [`Container`], owned: a leaf or a sub-container (what
/// [`Container::insert`] takes and [`Container::remove`] gives back; reading
/// gives an [`EntryRef`]).
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::{Container, Entry};
/// let e: Entry<i64> = Entry::Leaf(3);
/// assert_eq!(e.as_leaf(), Some(&3));
/// let s: Entry<i64> = Container::new().into();
/// assert!(s.as_container().is_some_and(|c| c.is_empty()));
/// ```
#[derive(Clone, PartialEq)]
pub enum Entry<L = Array> {
    /// A leaf.
    Leaf(L),
    /// A sub-container.
    Container(Container<L>),
}

/// How a container prints (Ivy's `cont_config` entries that exist here).
///
/// A sub-container prints with its container's, unless it was given its own
/// before it was put in; the setters (`cont_with_print_limit`, ...) change
/// every level.
///
/// ```
/// # extern crate ivy_core as ivy;
/// let c = ivy::Config::default();
/// assert_eq!((c.print_limit, c.print_indent, c.key_length_limit), (Some(10), 4, None));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    /// Arrays of more elements than this print as their type and shape
    /// (`None`: always in full). Ivy's default is 10.
    pub print_limit: Option<usize>,
    /// Spaces per level of indentation. Ivy's default is 4.
    pub print_indent: usize,
    /// Keys longer than this print shortened by
    /// [`cont_trim_key`](Container::cont_trim_key) (`None`: in full).
    pub key_length_limit: Option<usize>,
    /// Blank lines printed between entries. Ivy's default is 0.
    pub print_line_spacing: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            print_limit: Some(10),
            print_indent: 4,
            key_length_limit: None,
            print_line_spacing: 0,
        }
    }
}

/// The keys of one level, in order, shared by the containers of the same
/// structure (a map of the container shares its parent's keys).
#[derive(Clone, Default)]
pub(crate) struct Keys(Arc<IndexSet<Box<str>>>);

impl Keys {
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    #[inline]
    pub(crate) fn get(&self, i: usize) -> &str {
        self.0.get_index(i).map(|k| &**k).unwrap_or("")
    }

    #[inline]
    pub(crate) fn position(&self, key: &str) -> Option<usize> {
        self.0.get_index_of(key)
    }

    pub(crate) fn iter(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.0.iter().map(|k| &**k)
    }

    /// Whether both are the same list (the cheap test before comparing).
    #[inline]
    pub(crate) fn same(&self, other: &Keys) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }

    /// The same keys in the same order.
    pub(crate) fn equal_in_order(&self, other: &Keys) -> bool {
        self.same(other) || self.0.iter().eq(other.0.iter())
    }

    pub(crate) fn push(&mut self, key: &str) -> usize {
        Arc::make_mut(&mut self.0).insert_full(key.into()).0
    }

    pub(crate) fn shift_remove(&mut self, i: usize) {
        Arc::make_mut(&mut self.0).shift_remove_index(i);
    }

    pub(crate) fn from_iter<'a>(keys: impl IntoIterator<Item = &'a str>) -> Keys {
        Keys(Arc::new(keys.into_iter().map(Box::from).collect()))
    }
}

impl<L> Default for Container<L> {
    fn default() -> Container<L> {
        Container::new()
    }
}

impl<L: Clone> Clone for Container<L> {
    /// The same structure (shared) with clones of the leaves (Ivy's
    /// `cont_copy`: for arrays, clones share their elements).
    fn clone(&self) -> Container<L> {
        Container {
            node: self.node.clone(),
            leaves: self.leaves.clone(),
            config: self.config,
        }
    }
}

/// A clone (its arrays share their elements), so a keyword argument of kind
/// `Container` takes `&c` as well as `c`.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let c = ivy::container! { a: 1.0 };
/// let d: ivy::Container = (&c).into();
/// assert_eq!(d.leaf("a")?, c.leaf("a")?);
/// # Ok::<(), ivy::Error>(())
/// ```
impl<L: Clone> From<&Container<L>> for Container<L> {
    fn from(c: &Container<L>) -> Container<L> {
        c.clone()
    }
}

impl<L> Container<L> {
    /// An empty container with the default [`Config`].
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c: ivy::Container = ivy::Container::new();
    /// assert!(c.is_empty());
    /// ```
    pub fn new() -> Container<L> {
        Container {
            node: Node::empty(),
            leaves: Vec::new(),
            config: Config::default(),
        }
    }

    /// An empty container that prints with `config`.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let cfg = ivy::Config { print_indent: 2, ..Default::default() };
    /// let c: ivy::Container<i64> = ivy::Container::with_config(cfg);
    /// assert_eq!(c.config().print_indent, 2);
    /// ```
    pub fn with_config(config: Config) -> Container<L> {
        Container {
            config,
            ..Container::new()
        }
    }

    /// The container of a shape and its leaves (internal: the caller keeps
    /// `leaves.len() == node.size`).
    #[inline]
    pub(crate) fn from_flat(node: Arc<Node>, leaves: Vec<L>, config: Config) -> Container<L> {
        debug_assert_eq!(node.size, leaves.len());
        Container {
            node,
            leaves,
            config,
        }
    }

    /// A container of these keys and entries, one per key in order (the
    /// entries' leaves are moved into one list). Internal: the caller keeps
    /// the counts equal.
    pub(crate) fn from_parts(keys: Keys, values: Vec<Entry<L>>, config: Config) -> Container<L> {
        debug_assert_eq!(keys.len(), values.len());
        let total = values
            .iter()
            .map(|e| match e {
                Entry::Leaf(_) => 1,
                Entry::Container(c) => c.leaves.len(),
            })
            .sum();
        let mut leaves = Vec::with_capacity(total);
        let mut subs = Vec::with_capacity(values.len());
        for e in values {
            match e {
                Entry::Leaf(l) => {
                    leaves.push(l);
                    subs.push(None);
                }
                Entry::Container(c) => {
                    let (node, l) = c.into_sub(&config);
                    leaves.extend(l);
                    subs.push(Some(node));
                }
            }
        }
        Container::from_flat(Arc::new(Node::new(keys, subs)), leaves, config)
    }

    /// The keys of the top level and its entries, owned (each sub-container
    /// takes its range of the leaves).
    pub(crate) fn into_parts(self) -> (Keys, Vec<Entry<L>>, Config) {
        let Container {
            node,
            mut leaves,
            config,
        } = self;
        let mut values = Vec::with_capacity(node.kids.len());
        for kid in node.kids.iter().rev() {
            let mine = leaves.split_off(kid.at);
            values.push(match &kid.sub {
                None => match mine.into_iter().next() {
                    Some(l) => Entry::Leaf(l),
                    None => Entry::Container(Container::with_config(config)),
                },
                Some(sub) => Entry::Container(Container::from_flat(
                    sub.clone(),
                    mine,
                    sub.config.unwrap_or(config),
                )),
            });
        }
        values.reverse();
        (node.keys.clone(), values, config)
    }

    /// The shape and the leaves of this container as the sub-container of a
    /// level printed with `parent`: a print configuration of its own is
    /// kept in its shape.
    pub(crate) fn into_sub(self, parent: &Config) -> (Arc<Node>, Vec<L>) {
        let (mut node, leaves, config) = self.into_flat();
        let own = (config != *parent).then_some(config);
        if node.config != own {
            Arc::make_mut(&mut node).config = own;
        }
        (node, leaves)
    }

    /// The shape and the leaves.
    pub(crate) fn into_flat(self) -> (Arc<Node>, Vec<L>, Config) {
        (self.node, self.leaves, self.config)
    }

    pub(crate) fn node(&self) -> &Arc<Node> {
        &self.node
    }

    pub(crate) fn node_mut(&mut self) -> &mut Arc<Node> {
        &mut self.node
    }

    /// A borrowed view of the whole container.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c: ivy::Container<i64> = ivy::Container::from_key_chains([("a/b", 1i64)])?;
    /// assert_eq!(c.view().num_leaves(), 1);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn view(&self) -> ContainerRef<'_, L> {
        ContainerRef {
            node: &self.node,
            leaves: &self.leaves,
            config: &self.config,
        }
    }

    /// A mutable view of the whole container (its leaves can change, not
    /// its structure).
    #[inline]
    pub fn view_mut(&mut self) -> ContainerMut<'_, L> {
        ContainerMut {
            node: &self.node,
            leaves: &mut self.leaves,
            config: &self.config,
        }
    }

    /// The print configuration.
    pub fn config(&self) -> Config {
        self.config
    }

    /// Set the print configuration of this level (a sub-container that was
    /// given its own keeps it; the `cont_with_*` setters change every
    /// level).
    pub fn set_config(&mut self, config: Config) {
        self.config = config;
    }

    /// The number of top-level entries (Python's `len(c)`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c: ivy::Container<i64> = ivy::Container::from_key_chains([("a/b", 1i64), ("a/c", 2i64), ("d", 3i64)])?;
    /// assert_eq!(c.len(), 2);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn len(&self) -> usize {
        self.node.kids.len()
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.node.kids.is_empty()
    }

    /// The top-level keys, in order.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c: ivy::Container<i64> = ivy::Container::from_key_chains([("b", 1i64), ("a", 2i64)])?;
    /// assert_eq!(c.keys().collect::<Vec<_>>(), ["b", "a"]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn keys(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.node.keys.iter()
    }

    /// The top-level entries, in order.
    pub fn values(&self) -> impl ExactSizeIterator<Item = EntryRef<'_, L>> + '_ {
        self.view().values()
    }

    /// The top-level `(key, entry)` pairs, in order.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c: ivy::Container<i64> = ivy::Container::from_key_chains([("a", 1i64), ("b/c", 2i64)])?;
    /// let kinds: Vec<(&str, bool)> = c.iter().map(|(k, e)| (k, e.is_leaf())).collect();
    /// assert_eq!(kinds, [("a", true), ("b", false)]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn iter(&self) -> Iter<'_, L> {
        self.view().iter()
    }

    /// The top-level `(key, entry)` pairs, the entries mutable (leaves can
    /// change, not the structure).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::EntryMut;
    /// let mut c: ivy::Container<i64> = ivy::Container::from_key_chains([("a", 1i64), ("b/c", 2i64)])?;
    /// for (_, e) in c.iter_mut() {
    ///     if let EntryMut::Leaf(x) = e { *x += 10; }
    /// }
    /// assert_eq!(c.cont_to_flat_list(), [11, 2]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (&str, EntryMut<'_, L>)> + '_ {
        self.view_mut().into_iter_mut()
    }

    /// The top-level entry of `key` (one key, not a chain).
    pub fn get_key(&self, key: &str) -> Option<EntryRef<'_, L>> {
        self.view().get_key(key)
    }

    /// The top-level entry of `key`, mutably.
    pub fn get_key_mut(&mut self, key: &str) -> Option<EntryMut<'_, L>> {
        self.view_mut().into_key_mut(key)
    }

    /// The `i`th top-level entry with its key.
    pub fn get_index(&self, i: usize) -> Option<(&str, EntryRef<'_, L>)> {
        self.view().get_index(i)
    }

    /// Insert `entry` under the top-level `key` (which must be a valid key:
    /// non-empty, without `/` or `.`), returning the entry it replaces. A new
    /// key goes last; a replaced one keeps its place.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let mut c: ivy::Container<i64> = ivy::Container::new();
    /// assert!(c.insert_key("a", 1)?.is_none());
    /// assert_eq!(c.insert_key("a", 2)?, Some(ivy::Entry::Leaf(1)));
    /// assert!(c.insert_key("a/b", 3).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn insert_key(
        &mut self,
        key: &str,
        entry: impl Into<Entry<L>>,
    ) -> Result<Option<Entry<L>>> {
        key_chain::check_key("insert", key, key)?;
        Ok(self.insert_key_unchecked(key, entry.into()))
    }

    pub(crate) fn insert_key_unchecked(&mut self, key: &str, entry: Entry<L>) -> Option<Entry<L>> {
        let config = self.config;
        node::insert_in(
            Arc::make_mut(&mut self.node),
            &mut self.leaves,
            0,
            key,
            entry,
            config,
        )
    }

    /// Change the top-level sub-container of `key` with `f` (taken out as a
    /// container of its own and put back in its place); `None` if `key` is
    /// not a sub-container.
    pub(crate) fn edit_sub<R>(
        &mut self,
        key: &str,
        f: impl FnOnce(&mut Container<L>) -> R,
    ) -> Option<R> {
        if !self.get_key(key).is_some_and(|e| e.is_container()) {
            return None;
        }
        let empty = Entry::Container(Container::with_config(self.config));
        let Some(Entry::Container(mut sub)) = self.insert_key_unchecked(key, empty) else {
            return None;
        };
        let r = f(&mut sub);
        self.insert_key_unchecked(key, Entry::Container(sub));
        Some(r)
    }

    /// Remove the top-level `key`, keeping the order of the others.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let mut c: ivy::Container<i64> = ivy::Container::from_key_chains([("a", 1i64), ("b/c", 2i64), ("d", 3i64)])?;
    /// let b = c.remove_key("b");
    /// let chains = b.as_ref().and_then(|e| e.as_container()).map(|s| s.cont_all_key_chains());
    /// assert_eq!(chains, Some(vec!["c".to_string()]));
    /// assert_eq!(c.cont_to_flat_list(), [1, 3]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn remove_key(&mut self, key: &str) -> Option<Entry<L>> {
        self.node.keys.position(key)?;
        let config = self.config;
        node::remove_in(
            Arc::make_mut(&mut self.node),
            &mut self.leaves,
            0,
            key,
            config,
        )
    }

    /// Keep the top-level entries for which `keep` is true, in order.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let mut c: ivy::Container<i64> = ivy::Container::from_key_chains([("a", 1i64), ("b", 2i64), ("c", 3i64)])?;
    /// c.retain(|k, e| k != "b" && e.as_leaf() != Some(&3));
    /// assert_eq!(c.keys().collect::<Vec<_>>(), ["a"]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn retain(&mut self, mut keep: impl FnMut(&str, EntryRef<'_, L>) -> bool) {
        let flags: Vec<bool> = self.iter().map(|(k, e)| keep(k, e)).collect();
        if flags.iter().all(|&f| f) {
            return;
        }
        let (keys, values, config) = std::mem::take(self).into_parts();
        let kept: Vec<(&str, Entry<L>)> = keys
            .iter()
            .zip(values)
            .zip(&flags)
            .filter(|(_, f)| **f)
            .map(|(kv, _)| kv)
            .collect();
        let keys = Keys::from_iter(kept.iter().map(|(k, _)| *k));
        let values = kept.into_iter().map(|(_, v)| v).collect();
        *self = Container::from_parts(keys, values, config);
    }

    /// The leaves in order (depth first, keys in order), without their key
    /// chains.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c: ivy::Container<i64> = ivy::Container::from_key_chains([("a", 1i64), ("b/c", 2i64), ("b/d", 3i64)])?;
    /// assert_eq!(c.leaves().copied().collect::<Vec<_>>(), [1, 2, 3]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn leaves(&self) -> std::slice::Iter<'_, L> {
        self.leaves.iter()
    }

    /// The leaves in order, mutably.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let mut c: ivy::Container<i64> = ivy::Container::from_key_chains([("a", 1i64), ("b/c", 2i64)])?;
    /// c.leaves_mut().for_each(|x| *x *= 10);
    /// assert_eq!(c.cont_to_flat_list(), [10, 20]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn leaves_mut(&mut self) -> std::slice::IterMut<'_, L> {
        self.leaves.iter_mut()
    }

    /// The leaves in order, as one slice (a container keeps its leaves in
    /// one list, depth first).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c: ivy::Container<i64> = ivy::Container::from_key_chains([("a", 1i64), ("b/c", 2i64)])?;
    /// assert_eq!(c.leaves_slice(), [1, 2]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn leaves_slice(&self) -> &[L] {
        &self.leaves
    }

    /// The leaves, moved out in order (the structure is dropped).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c: ivy::Container<i64> = ivy::Container::from_key_chains([("a", 1i64), ("b/c", 2i64)])?;
    /// assert_eq!(c.into_leaves(), [1, 2]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn into_leaves(self) -> Vec<L> {
        self.leaves
    }

    /// The number of leaves in the whole tree.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c: ivy::Container<i64> = ivy::Container::from_key_chains([("a", 1i64), ("b/c", 2i64), ("b/d", 3i64)])?;
    /// assert_eq!(c.num_leaves(), 3);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn num_leaves(&self) -> usize {
        self.leaves.len()
    }

    /// Map every leaf with an infallible `f`, keeping the structure (shared
    /// with `self`, not copied).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c: ivy::Container<i64> = ivy::Container::from_key_chains([("a", 1i64), ("b/c", 2i64)])?;
    /// let s = c.map_leaves(|x| x.to_string());
    /// assert_eq!(s.leaf("b/c")?, "2");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn map_leaves<M>(&self, f: impl FnMut(&L) -> M) -> Container<M> {
        Container::from_flat(
            self.node.clone(),
            self.leaves.iter().map(f).collect(),
            self.config,
        )
    }

    /// Map every leaf with a fallible `f`; the first error is returned with
    /// the key chain of its leaf ([`Error::InContainer`]).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c: ivy::Container<i64> = ivy::Container::from_key_chains([("a", 1i64), ("b/c", -2i64)])?;
    /// let r = c.try_map_leaves(|&x| u32::try_from(x).map_err(|_| ivy::Error::invalid("to_u32", "negative")));
    /// assert_eq!(r.unwrap_err().to_string(), "at key chain `b/c`: to_u32: negative");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn try_map_leaves<M>(&self, mut f: impl FnMut(&L) -> Result<M>) -> Result<Container<M>> {
        let mut out = Vec::with_capacity(self.leaves.len());
        for (i, l) in self.leaves.iter().enumerate() {
            match f(l) {
                Ok(m) => out.push(m),
                Err(e) => return Err(Error::in_container(&self.node.key_chain_of(i), e)),
            }
        }
        Ok(Container::from_flat(self.node.clone(), out, self.config))
    }

    /// The same structure with every leaf set to `value`'s clone (used to
    /// broadcast an array over a container's structure).
    pub fn fill_like<M: Clone>(&self, value: &M) -> Container<M> {
        self.map_leaves(|_| value.clone())
    }

    /// Whether `self` and `other` have the same keys in the same order at
    /// every level (leaves and sub-containers in the same places).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let a: ivy::Container<i64> = ivy::Container::from_key_chains([("a", 1i64), ("b/c", 2i64)])?;
    /// let b = a.map_leaves(|x| x * 2);
    /// assert!(a.same_structure(&b));
    /// let c: ivy::Container<i64> = ivy::Container::from_key_chains([("b/c", 2i64), ("a", 1i64)])?;
    /// assert!(!a.same_structure(&c));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn same_structure<M>(&self, other: &Container<M>) -> bool {
        Node::same(&self.node, &other.node)
    }
}

impl<L> Entry<L> {
    /// Whether it is a leaf.
    pub fn is_leaf(&self) -> bool {
        matches!(self, Entry::Leaf(_))
    }

    /// Whether it is a sub-container.
    pub fn is_container(&self) -> bool {
        matches!(self, Entry::Container(_))
    }

    /// The leaf, if it is one.
    pub fn as_leaf(&self) -> Option<&L> {
        match self {
            Entry::Leaf(l) => Some(l),
            Entry::Container(_) => None,
        }
    }

    /// The leaf, mutably, if it is one.
    pub fn as_leaf_mut(&mut self) -> Option<&mut L> {
        match self {
            Entry::Leaf(l) => Some(l),
            Entry::Container(_) => None,
        }
    }

    /// The sub-container, if it is one.
    pub fn as_container(&self) -> Option<&Container<L>> {
        match self {
            Entry::Container(c) => Some(c),
            Entry::Leaf(_) => None,
        }
    }

    /// The sub-container, mutably, if it is one.
    pub fn as_container_mut(&mut self) -> Option<&mut Container<L>> {
        match self {
            Entry::Container(c) => Some(c),
            Entry::Leaf(_) => None,
        }
    }

    /// The leaf, if it is one.
    pub fn into_leaf(self) -> Option<L> {
        match self {
            Entry::Leaf(l) => Some(l),
            Entry::Container(_) => None,
        }
    }

    /// The sub-container, if it is one.
    pub fn into_container(self) -> Option<Container<L>> {
        match self {
            Entry::Container(c) => Some(c),
            Entry::Leaf(_) => None,
        }
    }

    /// A borrowed view of the entry.
    pub fn as_ref(&self) -> EntryRef<'_, L> {
        match self {
            Entry::Leaf(l) => EntryRef::Leaf(l),
            Entry::Container(c) => EntryRef::Container(c.view()),
        }
    }
}

impl<L> From<L> for Entry<L> {
    fn from(l: L) -> Entry<L> {
        Entry::Leaf(l)
    }
}

impl<L> From<Container<L>> for Entry<L> {
    fn from(c: Container<L>) -> Entry<L> {
        Entry::Container(c)
    }
}

/// Equal keys (in any order) with equal entries; the print configuration is
/// not compared.
impl<L: PartialEq> PartialEq for Container<L> {
    fn eq(&self, other: &Container<L>) -> bool {
        self.view() == other.view()
    }
}

impl<L: fmt::Debug> fmt::Debug for Container<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.view().fmt(f)
    }
}

impl<L: fmt::Debug> fmt::Debug for Entry<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Entry::Leaf(l) => l.fmt(f),
            Entry::Container(c) => c.fmt(f),
        }
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_methods;
