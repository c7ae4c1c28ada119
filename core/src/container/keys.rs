//! Key-chain utilities of [`Container`]: flattening chains, finding keys,
//! taking and setting the entries at keys and chains, and sorting keys.
//!
//! Also the one internal walker over sub-containers the structure methods
//! share ([`Container::try_for_each_sub_mut`]) and the recursive merge of
//! Ivy's `cont_combine` ([`merge_into`]).

use super::iter::IterOptions;
use super::key_chain::{KeyChain, split_key_chain};
use super::{Container, ContainerRef, Entry, EntryRef, Keys};
use crate::error::{Error, Result};
use indexmap::IndexMap;

/// An [`Error::KeyChain`] for `op` at `kc`.
#[cold]
pub(super) fn kc_error(op: &str, kc: &str, message: impl Into<String>) -> Error {
    Error::KeyChain {
        op: op.to_string(),
        key_chain: kc.to_string(),
        message: message.into(),
    }
}

/// Options of [`Container::cont_flatten_key_chain_with`] and
/// [`Container::cont_flatten_key_chains_with`] (Ivy's keyword arguments
/// `replacement`, `above_height` and `below_depth`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// let o = ivy::container::FlattenOptions::default();
/// assert_eq!((o.replacement, o.above_height, o.below_depth), ("__", None, None));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlattenOptions<'a> {
    /// What joins the flattened keys (Ivy's default `"__"`).
    pub replacement: &'a str,
    /// The last this many keys stay separate levels (`None` or `Some(0)`:
    /// none, as Python's falsy `0`).
    pub above_height: Option<usize>,
    /// The first this many keys stay separate levels.
    pub below_depth: Option<usize>,
}

impl Default for FlattenOptions<'_> {
    fn default() -> Self {
        FlattenOptions {
            replacement: "__",
            above_height: None,
            below_depth: None,
        }
    }
}

/// Flatten one key chain (Ivy's `cont_flatten_key_chain`, exactly: the
/// counts are taken against the number of keys before either end is cut).
fn flatten_key_chain(kc: &str, o: FlattenOptions<'_>) -> String {
    let mut middle: Vec<&str> = split_key_chain(kc).collect();
    let n = middle.len();
    let mut post: Vec<&str> = Vec::new();
    let mut pre: Vec<&str> = Vec::new();
    if let Some(h) = o.above_height.filter(|&h| h > 0 && n > h) {
        post = middle.split_off(middle.len().saturating_sub(h));
    }
    if let Some(d) = o.below_depth.filter(|&d| d > 0 && n > d) {
        let d = d.min(middle.len());
        pre = middle.drain(..d).collect();
    }
    [pre.join("/"), middle.join(o.replacement), post.join("/")]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("/")
}

/// Merge `src` into `dst` as Ivy's `cont_combine(dst, src)` does: the key
/// union, recursively where both hold a sub-container; otherwise the entry
/// of `src` (the right-most) wins. New keys go last.
pub(super) fn merge_into<L>(dst: &mut Container<L>, src: Container<L>) {
    let (keys, values, _) = src.into_parts();
    for (k, v) in keys.iter().zip(values) {
        match v {
            Entry::Container(s) if dst.get_key(k).is_some_and(|e| e.is_container()) => {
                dst.edit_sub(k, |d| merge_into(d, s));
            }
            v => {
                dst.insert_key_unchecked(k, v);
            }
        }
    }
}

/// The height of a container: the most keys in any chain, empty
/// sub-containers included (Ivy's `cont_max_depth`; `{}` has 0).
/// [`Container::cont_set_at_keys`] below one level.
fn set_at_keys<L: Clone>(
    c: ContainerRef<'_, L>,
    target: &IndexMap<String, Entry<L>>,
) -> Container<L> {
    let values = c
        .iter()
        .map(|(k, e)| match (target.get(k), e) {
            (Some(t), _) => t.clone(),
            (None, EntryRef::Container(c)) => Entry::Container(set_at_keys(c, target)),
            (None, leaf) => leaf.to_entry(),
        })
        .collect();
    Container::from_parts(c.node.keys.clone(), values, *c.config)
}

pub(super) fn height<L>(c: ContainerRef<'_, L>) -> usize {
    if c.is_empty() {
        return 0;
    }
    1 + c
        .values()
        .map(|e| e.as_container().map_or(0, height))
        .max()
        .unwrap_or(0)
}

impl<L> Container<L> {
    /// Merge `other` into this container in place (Ivy's
    /// `cont_inplace_update`): sub-containers at the same key are merged
    /// recursively, any other entry of `other` replaces (or adds) the one
    /// here.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::Container;
    /// let mut c: Container<i64> = Container::from_key_chains([("a", 1i64), ("b/c", 2), ("b/d", 3)])?;
    /// c.cont_inplace_update(Container::from_key_chains([("b/c", 20i64), ("e", 5)])?);
    /// assert_eq!(c.cont_all_key_chains(), ["a", "b/c", "b/d", "e"]);
    /// assert_eq!(c.cont_to_flat_list(), [1, 20, 3, 5]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_inplace_update(&mut self, other: Container<L>) {
        merge_into(self, other);
    }

    /// Call `f` on every sub-container and on the container itself, children
    /// before their parent (post-order, as Ivy's `cont_map_sub_conts`), with
    /// its key chain (`""` for the root) and depth (the number of keys in the
    /// chain). The walker the structure methods share; the first error stops
    /// it.
    pub(crate) fn try_for_each_sub_mut(
        &mut self,
        f: &mut impl FnMut(&mut Container<L>, &str, usize) -> Result<()>,
    ) -> Result<()> {
        let mut chain = KeyChain::new();
        self.for_each_sub_inner(&mut chain, 0, f)
    }

    fn for_each_sub_inner(
        &mut self,
        chain: &mut KeyChain,
        depth: usize,
        f: &mut impl FnMut(&mut Container<L>, &str, usize) -> Result<()>,
    ) -> Result<()> {
        if self.node().kids.iter().any(|k| k.sub.is_some()) {
            // The sub-containers are taken out as containers of their own
            // (their leaves moved), changed, and put back together.
            let (keys, mut values, config) = std::mem::take(self).into_parts();
            let mut done = Ok(());
            for (i, v) in values.iter_mut().enumerate() {
                if let Entry::Container(c) = v {
                    let mut g = chain.push(keys.get(i));
                    done = c.for_each_sub_inner(&mut g, depth + 1, f);
                    if done.is_err() {
                        break;
                    }
                }
            }
            *self = Container::from_parts(keys, values, config);
            done?;
        }
        f(self, chain.as_str(), depth)
    }

    /// [`try_for_each_sub_mut`](Self::try_for_each_sub_mut) with an
    /// infallible `f`.
    pub(crate) fn for_each_sub_mut(&mut self, mut f: impl FnMut(&mut Container<L>, &str, usize)) {
        let _ = self.try_for_each_sub_mut(&mut |c, kc, d| {
            f(c, kc, d);
            Ok(())
        });
    }

    /// Whether `query` is a substring of the key chain of some leaf (Ivy's
    /// `cont_has_key`: a substring test, so `"b"` is found in `"ab/c"`; use
    /// [`cont_has_key_chain`](Self::cont_has_key_chain) for an exact chain).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("ab/cd", 1), ("e", 2)])?;
    /// assert!(c.cont_has_key("cd") && c.cont_has_key("b/c") && c.cont_has_key("e"));
    /// assert!(!c.cont_has_key("x"));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_has_key(&self, query: &str) -> bool {
        self.cont_to_iterator_keys().any(|kc| kc.contains(query))
    }

    /// The key chains of the leaves that contain `sub_str` (Ivy's
    /// `cont_key_chains_containing`, a substring test on the whole chain).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a/b", 1), ("a/c", 2), ("bd", 3)])?;
    /// assert_eq!(c.cont_key_chains_containing("b"), ["a/b", "bd"]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_key_chains_containing(&self, sub_str: &str) -> Vec<String> {
        self.cont_key_chains_containing_with(sub_str, false)
    }

    /// [`cont_key_chains_containing`](Self::cont_key_chains_containing),
    /// with the chains of empty sub-containers too when `include_empty`.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let mut c = ivy::Container::from_key_chains([("a/b", 1)])?;
    /// c.insert("ab", ivy::Container::new())?;
    /// assert_eq!(c.cont_key_chains_containing_with("b", true), ["a/b", "ab"]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_key_chains_containing_with(
        &self,
        sub_str: &str,
        include_empty: bool,
    ) -> Vec<String> {
        let options = IterOptions {
            include_empty,
            ..Default::default()
        };
        self.cont_to_iterator_with(options)
            .map(|(kc, _)| kc)
            .filter(|kc| kc.contains(sub_str))
            .collect()
    }

    /// The entry at `kc`, if there is one (Ivy's `cont_if_exists`; Ivy's
    /// `""` gives the container itself, which is not an [`Entry`] here).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a/b", 1)])?;
    /// assert_eq!(c.cont_if_exists("a/b").and_then(|e| e.as_leaf()), Some(&1));
    /// assert!(c.cont_if_exists("a/x").is_none());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_if_exists(&self, kc: &str) -> Option<EntryRef<'_, L>> {
        self.get(kc)
    }

    /// The entry at `kc`, or the container itself when there is none (Ivy's
    /// `cont_try_kc`). Ivy falls back to itself only for a missing *chain*
    /// (a plain missing key raises `KeyError` there); here every missing
    /// chain falls back, which is what the method is for.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::Entry;
    /// let c = ivy::Container::from_key_chains([("a/b", 1)])?;
    /// assert_eq!(c.cont_try_kc("a/b"), Entry::Leaf(1));
    /// assert_eq!(c.cont_try_kc("x/y"), Entry::Container(c.clone()));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_try_kc(&self, kc: &str) -> Entry<L>
    where
        L: Clone,
    {
        match self.get(kc) {
            Some(e) => e.to_entry(),
            None => Entry::Container(self.clone()),
        }
    }

    /// Set `value` at `kc` unless an entry is there already, creating the
    /// missing levels; returns whether it was set (Ivy's
    /// `cont_create_if_absent`, in place as Ivy's default `inplace=True`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let mut c = ivy::Container::from_key_chains([("a/b", 1)])?;
    /// assert!(!c.cont_create_if_absent("a/b", 5)?);
    /// assert!(c.cont_create_if_absent("a/c/d", 6)?);
    /// assert_eq!(c.cont_to_flat_list(), [1, 6]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_create_if_absent(&mut self, kc: &str, value: impl Into<Entry<L>>) -> Result<bool> {
        if self.contains(kc) {
            return Ok(false);
        }
        self.insert_at("cont_create_if_absent", kc, value.into())?;
        Ok(true)
    }

    /// A new container with `value` at `kc`, creating the missing levels
    /// (Ivy's `cont_set_at_key_chain`; `self` is unchanged). A leaf in the
    /// middle of the chain is an error.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a/b", 1)])?;
    /// let d = c.cont_set_at_key_chain("a/c/d", 2)?;
    /// assert_eq!(d.cont_all_key_chains(), ["a/b", "a/c/d"]);
    /// assert_eq!(c.cont_all_key_chains(), ["a/b"]);
    /// assert!(c.cont_set_at_key_chain("a/b/z", 3).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_set_at_key_chain(
        &self,
        kc: &str,
        value: impl Into<Entry<L>>,
    ) -> Result<Container<L>>
    where
        L: Clone,
    {
        let mut out = self.clone();
        out.insert_at("cont_set_at_key_chain", kc, value.into())?;
        Ok(out)
    }

    /// [`cont_set_at_key_chain`](Self::cont_set_at_key_chain) in place
    /// (Ivy's `inplace=True`), returning the entry it replaces.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let mut c = ivy::Container::from_key_chains([("a/b", 1)])?;
    /// let old = c.cont_set_at_key_chain_mut("a.b", 7)?;
    /// assert_eq!(old.and_then(|e| e.into_leaf()), Some(1));
    /// assert_eq!(*c.leaf("a/b")?, 7);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_set_at_key_chain_mut(
        &mut self,
        kc: &str,
        value: impl Into<Entry<L>>,
    ) -> Result<Option<Entry<L>>> {
        self.insert_at("cont_set_at_key_chain", kc, value.into())
    }

    /// A new container with `value` at `kc`, which must exist (Ivy's
    /// `cont_overwrite_at_key_chain`). A missing chain is an error naming
    /// the keys where the walk stopped.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a/b", 1)])?;
    /// assert_eq!(*c.cont_overwrite_at_key_chain("a/b", 2)?.leaf("a/b")?, 2);
    /// let err = c.cont_overwrite_at_key_chain("a/c", 2).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "cont_overwrite_at_key_chain: key chain `a/c`: no key `c` at `a`; its keys are `b`"
    /// );
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_overwrite_at_key_chain(
        &self,
        kc: &str,
        value: impl Into<Entry<L>>,
    ) -> Result<Container<L>>
    where
        L: Clone,
    {
        let mut out = self.clone();
        out.cont_overwrite_at_key_chain_mut(kc, value)?;
        Ok(out)
    }

    /// [`cont_overwrite_at_key_chain`](Self::cont_overwrite_at_key_chain)
    /// in place, returning the entry it replaces.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let mut c = ivy::Container::from_key_chains([("a/b", 1)])?;
    /// assert_eq!(c.cont_overwrite_at_key_chain_mut("a/b", 2)?.into_leaf(), Some(1));
    /// assert!(c.cont_overwrite_at_key_chain_mut("z", 2).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_overwrite_at_key_chain_mut(
        &mut self,
        kc: &str,
        value: impl Into<Entry<L>>,
    ) -> Result<Entry<L>> {
        const OP: &str = "cont_overwrite_at_key_chain";
        self.view().walk(OP, kc)?;
        self.insert_at(OP, kc, value.into())?
            .ok_or_else(|| kc_error(OP, kc, "the entry disappeared during the walk"))
    }

    /// A new container with the leaves of `target` set at their key chains,
    /// creating missing levels (Ivy's `cont_set_at_key_chains` with a nested
    /// dict; an empty sub-container of `target` creates an empty level where
    /// there is nothing). Ivy fails on a nested dict at a missing key; here
    /// the levels are created, as for a single chain.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a/b", 1), ("a/c", 2)])?;
    /// let t = ivy::Container::from_key_chains([("a/c", 20), ("d/e", 30)])?;
    /// let out = c.cont_set_at_key_chains(&t)?;
    /// assert_eq!(out, ivy::Container::from_key_chains([("a/b", 1), ("a/c", 20), ("d/e", 30)])?);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_set_at_key_chains(&self, target: &Container<L>) -> Result<Container<L>>
    where
        L: Clone,
    {
        let op = "cont_set_at_key_chains";
        let mut out = self.clone();
        let options = IterOptions {
            include_empty: true,
            ..Default::default()
        };
        for (kc, e) in target.cont_to_iterator_with(options) {
            match e {
                EntryRef::Leaf(_) => {
                    out.insert_at(op, &kc, e.to_entry())?;
                }
                EntryRef::Container(_) if !out.contains(&kc) => {
                    out.insert_at(
                        op,
                        &kc,
                        Entry::Container(Container::with_config(self.config)),
                    )?;
                }
                EntryRef::Container(_) => {}
            }
        }
        Ok(out)
    }

    /// A new container with the leaves of `target` set at their key chains,
    /// each of which must exist (Ivy's `cont_overwrite_at_key_chains`). All
    /// chains are checked before anything is set; the first missing one is
    /// the error.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a/b", 1), ("a/c", 2)])?;
    /// let t = ivy::Container::from_key_chains([("a/c", 20)])?;
    /// assert_eq!(c.cont_overwrite_at_key_chains(&t)?.cont_to_flat_list(), [1, 20]);
    /// let bad = ivy::Container::from_key_chains([("a/x", 0)])?;
    /// assert!(c.cont_overwrite_at_key_chains(&bad).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_overwrite_at_key_chains(&self, target: &Container<L>) -> Result<Container<L>>
    where
        L: Clone,
    {
        let op = "cont_overwrite_at_key_chains";
        let options = IterOptions {
            include_empty: true,
            ..Default::default()
        };
        for (kc, _) in target.cont_to_iterator_with(options) {
            self.view().walk(op, &kc)?;
        }
        let mut out = self.clone();
        for (kc, e) in target.cont_to_iterator_with(options) {
            if let EntryRef::Leaf(_) = e {
                out.insert_at(op, &kc, e.to_entry())?;
            }
        }
        Ok(out)
    }

    /// A new container where every entry, at any depth, whose key is one of
    /// `target`'s keys is replaced by `target`'s value (Ivy's
    /// `cont_set_at_keys`). A replaced entry is not searched further.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a", 1), ("b/a", 2), ("b/c", 3)])?;
    /// let out = c.cont_set_at_keys([("a", 0)]);
    /// assert_eq!(out.cont_to_flat_list(), [0, 0, 3]);
    /// let out = c.cont_set_at_keys([("b", ivy::Container::from_key_chains([("z", 9)])?)]);
    /// assert_eq!(out.cont_all_key_chains(), ["a", "b/z"]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_set_at_keys<K: AsRef<str>, V: Into<Entry<L>>>(
        &self,
        target: impl IntoIterator<Item = (K, V)>,
    ) -> Container<L>
    where
        L: Clone,
    {
        let target: IndexMap<String, Entry<L>> = target
            .into_iter()
            .map(|(k, v)| (k.as_ref().to_string(), v.into()))
            .collect();
        set_at_keys(self.view(), &target)
    }

    /// The sub-container holding only the entries at `key_chains` (Ivy's
    /// `cont_at_key_chains` with a list or a string). A missing chain is an
    /// error naming the keys where the walk stopped.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a", 1), ("b/c", 2), ("b/d", 3)])?;
    /// let out = c.cont_at_key_chains(["b/d", "a"])?;
    /// assert_eq!(out, ivy::Container::from_key_chains([("a", 1), ("b/d", 3)])?);
    /// assert!(c.cont_at_key_chains(["b/x"]).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_at_key_chains<S: AsRef<str>>(
        &self,
        key_chains: impl IntoIterator<Item = S>,
    ) -> Result<Container<L>>
    where
        L: Clone,
    {
        self.cont_at_key_chains_with(key_chains, false)
    }

    /// [`cont_at_key_chains`](Self::cont_at_key_chains); with
    /// `ignore_key_errors`, missing chains are skipped instead.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a", 1), ("b/c", 2)])?;
    /// assert_eq!(c.cont_at_key_chains_with(["b/c", "b/x"], true)?.cont_all_key_chains(), ["b/c"]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_at_key_chains_with<S: AsRef<str>>(
        &self,
        key_chains: impl IntoIterator<Item = S>,
        ignore_key_errors: bool,
    ) -> Result<Container<L>>
    where
        L: Clone,
    {
        let op = "cont_at_key_chains";
        let mut out = Container::with_config(self.config);
        for kc in key_chains {
            let kc = kc.as_ref();
            match self.view().walk(op, kc) {
                Ok(e) => {
                    out.insert_at(op, kc, e.to_entry())?;
                }
                Err(_) if ignore_key_errors => {}
                Err(e) => return Err(e),
            }
        }
        Ok(out)
    }

    /// The sub-container holding the entries at the leaf chains of `like`
    /// (Ivy's `cont_at_key_chains` with a nested dict). Only `like`'s
    /// structure is read, as in Ivy: any leaf, `true` or `false`, selects
    /// its chain; an empty sub-container of `like` gives an empty one.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a", 1), ("b/c", 2), ("b/d", 3)])?;
    /// let like = ivy::Container::from_key_chains([("b/c", true)])?;
    /// assert_eq!(c.cont_at_key_chains_like(&like)?.cont_all_key_chains(), ["b/c"]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_at_key_chains_like<M>(&self, like: &Container<M>) -> Result<Container<L>>
    where
        L: Clone,
    {
        let op = "cont_at_key_chains";
        let mut out = Container::with_config(self.config);
        let options = IterOptions {
            include_empty: true,
            ..Default::default()
        };
        for (kc, e) in like.cont_to_iterator_with(options) {
            let entry = match e {
                EntryRef::Leaf(_) => self.view().walk(op, &kc)?.to_entry(),
                EntryRef::Container(_) => Entry::Container(Container::with_config(self.config)),
            };
            out.insert_at(op, &kc, entry)?;
        }
        Ok(out)
    }

    /// The sub-container of the leaves whose key chain has one of `queries`
    /// as one of its keys (Ivy's `cont_at_keys`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a", 1), ("b/c", 2), ("b/d", 3)])?;
    /// let out = c.cont_at_keys(["a", "c"]);
    /// assert_eq!(out, ivy::Container::from_key_chains([("a", 1), ("b/c", 2)])?);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_at_keys<S: AsRef<str>>(&self, queries: impl IntoIterator<Item = S>) -> Container<L>
    where
        L: Clone,
    {
        self.cont_at_keys_with(queries, false)
    }

    /// [`cont_at_keys`](Self::cont_at_keys); with `containing`, a chain is
    /// also kept when a query is a substring of *every* key of the chain
    /// (Ivy's `containing=True`). Ivy's `ignore_key_errors` has nothing to
    /// ignore here: the chains come from the container itself.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("xa/xb", 1), ("xa/c", 2), ("xd", 3)])?;
    /// assert_eq!(c.cont_at_keys_with(["x"], true).cont_all_key_chains(), ["xa/xb", "xd"]);
    /// assert!(c.cont_at_keys_with(["x"], false).is_empty());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_at_keys_with<S: AsRef<str>>(
        &self,
        queries: impl IntoIterator<Item = S>,
        containing: bool,
    ) -> Container<L>
    where
        L: Clone,
    {
        let queries: Vec<S> = queries.into_iter().collect();
        let mut out = Container::with_config(self.config);
        for (kc, leaf) in self.cont_to_iterator() {
            let keep = queries.iter().any(|q| {
                let q = q.as_ref();
                split_key_chain(&kc).any(|k| k == q)
                    || (containing && split_key_chain(&kc).all(|k| k.contains(q)))
            });
            if keep {
                // The chain comes from `self`, so it is valid.
                let _ = out.insert_at("cont_at_keys", &kc, Entry::Leaf(leaf.clone()));
            }
        }
        out
    }

    /// The same container with the keys of every level in sorted order
    /// (Ivy's order: Python's `sorted`, by code point, which is Rust's `str`
    /// order). Containers here keep the order their keys were inserted in;
    /// Ivy sorts on construction by default (`alphabetical_keys=True`), so
    /// this gives the order Ivy would print and iterate in.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("b/z", 1), ("b/a", 2), ("B", 3), ("a", 4)])?;
    /// assert_eq!(c.cont_all_key_chains(), ["b/z", "b/a", "B", "a"]);
    /// assert_eq!(c.cont_sort_by_key().cont_all_key_chains(), ["B", "a", "b/a", "b/z"]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_sort_by_key(&self) -> Container<L>
    where
        L: Clone,
    {
        fn sorted(n: &super::Node) -> bool {
            n.keys
                .iter()
                .zip(n.keys.iter().skip(1))
                .all(|(a, b)| a <= b)
                && n.kids.iter().all(|k| k.sub.as_deref().is_none_or(sorted))
        }
        let mut out = self.clone();
        if sorted(self.node()) {
            // The structure is shared, not rebuilt.
            return out;
        }
        out.for_each_sub_mut(|c, _, _| {
            let sorted = c.keys().zip(c.keys().skip(1)).all(|(a, b)| a <= b);
            if sorted {
                return;
            }
            let (keys, values, config) = std::mem::take(c).into_parts();
            let mut pairs: Vec<(&str, Entry<L>)> = keys.iter().zip(values).collect();
            pairs.sort_by(|a, b| a.0.cmp(b.0));
            let new_keys = Keys::from_iter(pairs.iter().map(|(k, _)| *k));
            let values = pairs.into_iter().map(|(_, v)| v).collect();
            *c = Container::from_parts(new_keys, values, config);
        });
        out
    }
}

impl Container {
    /// One key chain flattened to one key: the keys joined with `"__"`
    /// (Ivy's static `cont_flatten_key_chain` with its defaults).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::Container;
    /// assert_eq!(Container::cont_flatten_key_chain("a/b.c/d"), "a__b__c__d");
    /// ```
    pub fn cont_flatten_key_chain(kc: &str) -> String {
        flatten_key_chain(kc, FlattenOptions::default())
    }

    /// One key chain flattened with Ivy's options: the last `above_height`
    /// and the first `below_depth` keys stay separate levels, the keys
    /// between are joined with `replacement`.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::{Container, container::FlattenOptions};
    /// let o = FlattenOptions { above_height: Some(1), below_depth: Some(1), ..Default::default() };
    /// assert_eq!(Container::cont_flatten_key_chain_with("a/b/c/d", o), "a/b__c/d");
    /// let o = FlattenOptions { replacement: "_", ..Default::default() };
    /// assert_eq!(Container::cont_flatten_key_chain_with("a/b", o), "a_b");
    /// ```
    pub fn cont_flatten_key_chain_with(kc: &str, options: FlattenOptions<'_>) -> String {
        flatten_key_chain(kc, options)
    }
}
