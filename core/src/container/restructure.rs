//! Restructuring a [`Container`]: flattening and renaming key chains,
//! moving entries (with an einops-style rearrange of the leaves), slicing
//! the keys, copying, reshaping like another container, and unstacking or
//! splitting into a list of containers.

use super::iter::IterOptions;
use super::keys::{FlattenOptions, height, kc_error, merge_into};
use super::{Container, ContainerRef, Entry, EntryRef};
use crate::args::Ints;
use crate::array::{Array, Buffer, Data};
use crate::dtype::Element;
use crate::error::{Error, Result};
use crate::nest::Nest;
use std::collections::BTreeMap;
use std::ops::{Range, RangeFrom, RangeFull, RangeInclusive, RangeTo};

/// Options of [`Container::cont_restructure_key_chains_with`] and
/// [`Container::cont_restructure_with`] (Ivy's `keep_orig` and `replace`,
/// both `true` by default).
///
/// ```
/// # extern crate ivy_core as ivy;
/// let o = ivy::container::RestructureOptions::default();
/// assert!(o.keep_orig && o.replace);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RestructureOptions {
    /// Start from a copy of the container (else from an empty one, so only
    /// the moved entries are in the result).
    pub keep_orig: bool,
    /// Remove each moved entry from its old chain.
    pub replace: bool,
}

impl Default for RestructureOptions {
    fn default() -> Self {
        RestructureOptions {
            keep_orig: true,
            replace: true,
        }
    }
}

/// Where [`Container::cont_restructure`] moves one entry: a new key chain,
/// and optionally an einops-style rearrange pattern applied to every leaf
/// of the entry (Ivy's `{"key_chain": .., "pattern": .., "axes_lengths": ..}`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::container::Restructure;
/// let r = Restructure::new("x/y").pattern("b (h w) -> b h w").axis_length("h", 2);
/// assert_eq!(r.key_chain, "x/y");
/// assert_eq!(r.axes_lengths, [("h".to_string(), 2)]);
/// let plain: Restructure = "x/y".into();
/// assert!(plain.pattern.is_none());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Restructure {
    /// The new key chain.
    pub key_chain: String,
    /// The rearrange pattern, `"b (h w) c -> b h w c"` (see
    /// [`Container::cont_restructure`] for the grammar).
    pub pattern: Option<String>,
    /// Lengths of the axes the pattern cannot infer.
    pub axes_lengths: Vec<(String, usize)>,
}

impl Restructure {
    /// Move to `key_chain`, without rearranging.
    pub fn new(key_chain: impl Into<String>) -> Restructure {
        Restructure {
            key_chain: key_chain.into(),
            ..Default::default()
        }
    }

    /// Rearrange every leaf with `pattern`.
    pub fn pattern(mut self, pattern: impl Into<String>) -> Restructure {
        self.pattern = Some(pattern.into());
        self
    }

    /// Give the length of the pattern's axis `name`.
    pub fn axis_length(mut self, name: impl Into<String>, length: usize) -> Restructure {
        self.axes_lengths.push((name.into(), length));
        self
    }
}

impl From<&str> for Restructure {
    fn from(kc: &str) -> Restructure {
        Restructure::new(kc)
    }
}

impl From<String> for Restructure {
    fn from(kc: String) -> Restructure {
        Restructure::new(kc)
    }
}

/// Which top-level keys [`Container::cont_slice_keys`] keeps: a Python
/// slice over the key list (from Rust ranges or [`KeySlice::new`]), or
/// Ivy's string form `"b:d"`.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::container::KeySlice;
/// assert_eq!(KeySlice::from(1..3), KeySlice::new(Some(1), Some(3), 1));
/// assert_eq!(KeySlice::from(..), KeySlice::new(None, None, 1));
/// assert_eq!(KeySlice::from("b:d"), KeySlice::Chars("b:d".into()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeySlice {
    /// Python's `slice(start, stop, step)`: negative positions count from
    /// the end, `None` is the end in the step's direction; `step` is not 0.
    Slice {
        /// First position.
        start: Option<isize>,
        /// Position after the last.
        stop: Option<isize>,
        /// Step.
        step: isize,
    },
    /// `"x:y"`: the keys whose first character is from `x` to `y`
    /// inclusive.
    Chars(String),
}

impl KeySlice {
    /// Python's `slice(start, stop, step)`.
    pub fn new(start: Option<isize>, stop: Option<isize>, step: isize) -> KeySlice {
        KeySlice::Slice { start, stop, step }
    }

    /// Which of `keys` it keeps, as a flag per key.
    fn select(&self, op: &str, keys: &[&str]) -> Result<Vec<bool>> {
        let n = keys.len() as isize;
        let mut keep = vec![false; keys.len()];
        match self {
            KeySlice::Slice { start, stop, step } => {
                let step = *step;
                if step == 0 {
                    return Err(Error::invalid(op, "a key slice's step cannot be 0"));
                }
                let (lower, upper) = if step > 0 { (0, n) } else { (-1, n - 1) };
                let clamp = |v: Option<isize>, default: isize| match v {
                    None => default,
                    Some(v) if v < 0 => (v + n).max(lower),
                    Some(v) => v.min(upper),
                };
                let (mut i, stop) = if step > 0 {
                    (clamp(*start, lower), clamp(*stop, upper))
                } else {
                    (clamp(*start, upper), clamp(*stop, lower))
                };
                while (step > 0 && i < stop) || (step < 0 && i > stop) {
                    keep[i as usize] = true;
                    i += step;
                }
            }
            KeySlice::Chars(s) => {
                let chars: Vec<char> = s.chars().collect();
                let [first, ':', last] = chars[..] else {
                    return Err(Error::invalid(
                        op,
                        format!("a key slice string is three characters, `x:y`, not `{s}`"),
                    ));
                };
                for (f, k) in keep.iter_mut().zip(keys) {
                    *f = k.chars().next().is_some_and(|c| first <= c && c <= last);
                }
            }
        }
        Ok(keep)
    }
}

impl From<&str> for KeySlice {
    fn from(s: &str) -> KeySlice {
        KeySlice::Chars(s.to_string())
    }
}

impl From<Range<usize>> for KeySlice {
    fn from(r: Range<usize>) -> KeySlice {
        KeySlice::new(Some(r.start as isize), Some(r.end as isize), 1)
    }
}

impl From<RangeInclusive<usize>> for KeySlice {
    fn from(r: RangeInclusive<usize>) -> KeySlice {
        KeySlice::new(Some(*r.start() as isize), Some(*r.end() as isize + 1), 1)
    }
}

impl From<RangeFrom<usize>> for KeySlice {
    fn from(r: RangeFrom<usize>) -> KeySlice {
        KeySlice::new(Some(r.start as isize), None, 1)
    }
}

impl From<RangeTo<usize>> for KeySlice {
    fn from(r: RangeTo<usize>) -> KeySlice {
        KeySlice::new(None, Some(r.end as isize), 1)
    }
}

impl From<RangeFull> for KeySlice {
    fn from(_: RangeFull) -> KeySlice {
        KeySlice::new(None, None, 1)
    }
}

/// Options of [`Container::cont_unstack_conts_with`] (Ivy's `keepdims`
/// and `dim_size`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// let o = ivy::container::UnstackOptions::default();
/// assert!(!o.keepdims && o.dim_size.is_none());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UnstackOptions {
    /// Keep the unstacked axis, of length 1.
    pub keepdims: bool,
    /// How many containers to make (the first `dim_size` slices); by
    /// default the length of the axis, which every leaf must share.
    pub dim_size: Option<usize>,
}

/// Put `prefix` in front of the key chain of an error from inside the
/// entry at `prefix`.
fn under(prefix: &str, e: Error) -> Error {
    match e {
        Error::InContainer { key_chain, source } => Error::InContainer {
            key_chain: format!("{prefix}/{key_chain}"),
            source,
        },
        e => Error::in_container(prefix, e),
    }
}

impl<L> Container<L> {
    /// A new container of one level whose keys are the leaves' key chains
    /// flattened with `"__"` (Ivy's `cont_flatten_key_chains`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a", 1), ("b/c/d", 2)])?;
    /// assert_eq!(c.cont_flatten_key_chains()?.cont_all_key_chains(), ["a", "b__c__d"]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_flatten_key_chains(&self) -> Result<Container<L>>
    where
        L: Clone,
    {
        self.cont_flatten_key_chains_with(false, FlattenOptions::default())
    }

    /// [`cont_flatten_key_chains`](Self::cont_flatten_key_chains) with
    /// Ivy's options: `include_empty` keeps empty sub-containers (flattened
    /// as leaves are), and [`FlattenOptions`] keeps the first and last
    /// levels. Two chains that flatten to the same one keep the later
    /// entry, as Ivy's dict does.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::container::FlattenOptions;
    /// let c = ivy::Container::from_key_chains([("a/b/c/d", 1), ("a/e", 2)])?;
    /// let o = FlattenOptions { below_depth: Some(1), ..Default::default() };
    /// assert_eq!(c.cont_flatten_key_chains_with(false, o)?.cont_all_key_chains(), ["a/b__c__d", "a/e"]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_flatten_key_chains_with(
        &self,
        include_empty: bool,
        options: FlattenOptions<'_>,
    ) -> Result<Container<L>>
    where
        L: Clone,
    {
        let iter = IterOptions {
            include_empty,
            ..Default::default()
        };
        let mut out = Container::with_config(self.config);
        for (kc, e) in self.cont_to_iterator_with(iter) {
            let flat = Container::cont_flatten_key_chain_with(&kc, options);
            out.insert_at("cont_flatten_key_chains", &flat, e.to_entry())?;
        }
        Ok(out)
    }

    /// A new container with every leaf moved to `format_fn(its key chain)`
    /// (Ivy's `cont_format_key_chains`). A chain given twice keeps the
    /// later leaf; an invalid chain is an error.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a", 1), ("b/c", 2)])?;
    /// let out = c.cont_format_key_chains(|kc| format!("w/{}", kc.to_uppercase()))?;
    /// assert_eq!(out.cont_all_key_chains(), ["w/A", "w/B/C"]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_format_key_chains(
        &self,
        mut format_fn: impl FnMut(&str) -> String,
    ) -> Result<Container<L>>
    where
        L: Clone,
    {
        let mut out = Container::with_config(self.config);
        for (kc, leaf) in self.cont_to_iterator() {
            out.insert_at(
                "cont_format_key_chains",
                &format_fn(&kc),
                Entry::Leaf(leaf.clone()),
            )?;
        }
        Ok(out)
    }

    /// A new container with the entries moved from the old key chains to
    /// the new ones of `mapping` (Ivy's `cont_restructure_key_chains`): each
    /// moved entry is merged in at its new chain (recursively, the moved
    /// entry winning, as Ivy's `cont_combine`) and removed from its old one.
    /// A missing old chain is an error naming the keys where the walk
    /// stopped.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a", 1), ("b/c", 2), ("b/d", 3)])?;
    /// let out = c.cont_restructure_key_chains([("a", "A"), ("b/c", "B/C")])?;
    /// assert_eq!(out, ivy::Container::from_key_chains([("A", 1), ("B/C", 2), ("b/d", 3)])?);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_restructure_key_chains<K: AsRef<str>, N: AsRef<str>>(
        &self,
        mapping: impl IntoIterator<Item = (K, N)>,
    ) -> Result<Container<L>>
    where
        L: Clone,
    {
        self.cont_restructure_key_chains_with(mapping, RestructureOptions::default())
    }

    /// [`cont_restructure_key_chains`](Self::cont_restructure_key_chains)
    /// with Ivy's `keep_orig` and `replace`.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::container::RestructureOptions;
    /// let c = ivy::Container::from_key_chains([("a", 1), ("b", 2)])?;
    /// let only = RestructureOptions { keep_orig: false, ..Default::default() };
    /// assert_eq!(c.cont_restructure_key_chains_with([("a", "x/y")], only)?.cont_all_key_chains(), ["x/y"]);
    /// let copy = RestructureOptions { replace: false, ..Default::default() };
    /// assert_eq!(c.cont_restructure_key_chains_with([("a", "z")], copy)?.cont_all_key_chains(), ["a", "b", "z"]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_restructure_key_chains_with<K: AsRef<str>, N: AsRef<str>>(
        &self,
        mapping: impl IntoIterator<Item = (K, N)>,
        options: RestructureOptions,
    ) -> Result<Container<L>>
    where
        L: Clone,
    {
        self.restructure(
            "cont_restructure_key_chains",
            mapping.into_iter().map(|(k, n)| {
                (
                    k,
                    n.as_ref().to_string(),
                    None::<fn(Entry<L>) -> Result<Entry<L>>>,
                )
            }),
            options,
        )
    }

    /// The engine of both restructure methods: per mapping entry, take the
    /// entry at the old chain, transform it, prune the old chain and merge
    /// it in at the new one.
    fn restructure<K: AsRef<str>, F: FnOnce(Entry<L>) -> Result<Entry<L>>>(
        &self,
        op: &str,
        mapping: impl IntoIterator<Item = (K, String, Option<F>)>,
        options: RestructureOptions,
    ) -> Result<Container<L>>
    where
        L: Clone,
    {
        let mut out = if options.keep_orig {
            self.clone()
        } else {
            Container::with_config(self.config)
        };
        for (old, new, transform) in mapping {
            let old = old.as_ref();
            let mut value = self.view().walk(op, old)?.to_entry();
            if let Some(f) = transform {
                value = f(value)?;
            }
            if options.replace {
                out = out.cont_prune_key_chain(old);
            }
            let mut moved = Container::with_config(self.config);
            moved.insert_at(op, &new, value)?;
            merge_into(&mut out, moved);
        }
        Ok(out)
    }

    /// A new container keeping the top-level keys `key_slice` selects, in
    /// their order (Ivy's `cont_slice_keys`). The string form `"b:d"` keeps
    /// the keys whose first character is from `b` to `d`; Ivy takes the
    /// keys from the first starting with `b` to the last starting with `d`,
    /// which is the same on its sorted keys but fails when no key starts
    /// with `b`; this form needs no sorted keys.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a", 1), ("b", 2), ("c/x", 3), ("e", 4)])?;
    /// assert_eq!(c.cont_slice_keys(1..3)?.cont_all_key_chains(), ["b", "c/x"]);
    /// assert_eq!(c.cont_slice_keys("b:d")?.cont_all_key_chains(), ["b", "c/x"]);
    /// use ivy::container::KeySlice;
    /// assert_eq!(c.cont_slice_keys(KeySlice::new(None, None, -2))?.cont_all_key_chains(), ["b", "e"]);
    /// assert!(c.cont_slice_keys("bd").is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_slice_keys(&self, key_slice: impl Into<KeySlice>) -> Result<Container<L>>
    where
        L: Clone,
    {
        let mut out = self.clone();
        out.slice_keys_mut(&key_slice.into())?;
        Ok(out)
    }

    /// [`cont_slice_keys`](Self::cont_slice_keys) applied to the keys of
    /// the container and of every sub-container (Ivy's `all_depths=True`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a/x", 1), ("a/y", 2), ("b", 3)])?;
    /// assert_eq!(c.cont_slice_keys_all_depths(..1)?.cont_all_key_chains(), ["a/x"]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_slice_keys_all_depths(&self, key_slice: impl Into<KeySlice>) -> Result<Container<L>>
    where
        L: Clone,
    {
        self.cont_slice_keys_per_depth([(0, key_slice.into())], true)
    }

    /// Slice the keys of the sub-containers at given depths (Ivy's
    /// `cont_slice_keys` with a dict `{depth: slice}`; the container itself
    /// is depth 0). With `all_depths`, every depth not given gets the first
    /// slice given.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a/x", 1), ("a/y", 2), ("b/z", 3)])?;
    /// let out = c.cont_slice_keys_per_depth([(1, (1..).into())], false)?;
    /// assert_eq!(out.cont_all_key_chains(), ["a/y"]);
    /// assert!(out.sub("b")?.is_empty());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_slice_keys_per_depth(
        &self,
        slices: impl IntoIterator<Item = (usize, KeySlice)>,
        all_depths: bool,
    ) -> Result<Container<L>>
    where
        L: Clone,
    {
        let mut first = None;
        let mut per_depth = BTreeMap::new();
        for (d, s) in slices {
            first.get_or_insert_with(|| s.clone());
            per_depth.insert(d, s);
        }
        if let (true, Some(first)) = (all_depths, first) {
            for d in 0..=height(self.view()) {
                per_depth.entry(d).or_insert_with(|| first.clone());
            }
        }
        let mut out = self.clone();
        out.try_for_each_sub_mut(&mut |c, _, depth| match per_depth.get(&depth) {
            Some(s) => c.slice_keys_mut(s),
            None => Ok(()),
        })?;
        Ok(out)
    }

    fn slice_keys_mut(&mut self, key_slice: &KeySlice) -> Result<()> {
        let keys: Vec<&str> = self.keys().collect();
        let keep = key_slice.select("cont_slice_keys", &keys)?;
        let mut i = 0;
        self.retain(|_, _| {
            i += 1;
            keep[i - 1]
        });
        Ok(())
    }

    /// A new container where every sub-container that has the key
    /// `slice_key` is replaced by that key's entry (Ivy's
    /// `cont_slice_via_key`). Ivy returns the entry itself when the
    /// container at the top has the key; here that entry must be a
    /// container (a leaf is an error), and is returned.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a/x", 1), ("a/y", 2), ("b/x", 3), ("b/y", 4)])?;
    /// assert_eq!(c.cont_slice_via_key("x")?, ivy::Container::from_key_chains([("a", 1), ("b", 3)])?);
    /// let top = ivy::Container::from_key_chains([("x", 0), ("b/x", 1)])?;
    /// assert!(top.cont_slice_via_key("x").is_err()); // the result would be the leaf 0
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_slice_via_key(&self, slice_key: &str) -> Result<Container<L>>
    where
        L: Clone,
    {
        match slice_via_key(self.view(), slice_key) {
            Entry::Container(c) => Ok(c),
            Entry::Leaf(_) => Err(kc_error(
                "cont_slice_via_key",
                slice_key,
                "the top level holds a leaf at this key, and the result cannot be a leaf",
            )),
        }
    }

    /// A new tree of containers whose leaves are clones of these (Ivy's
    /// `cont_copy`: array leaves share their elements; see
    /// [`cont_deep_copy`](Container::cont_deep_copy)).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a/b", 1)])?;
    /// let mut d = c.cont_copy();
    /// d.insert("a/c", 2)?;
    /// assert_eq!((c.cont_all_key_chains().len(), d.cont_all_key_chains().len()), (1, 2));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_copy(&self) -> Container<L>
    where
        L: Clone,
    {
        self.clone()
    }

    /// The container as a plain nested dict: Ivy's `cont_to_dict`, which
    /// is [`to_nest`](Self::to_nest) here (a [`Nest`] of dicts).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a/b", 1), ("c", 2)])?;
    /// assert_eq!(c.cont_to_dict(), ivy::nest!({"a": {"b": 1}, "c": 2}));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_to_dict(&self) -> Nest<L>
    where
        L: Clone,
    {
        self.to_nest()
    }

    /// The values without their keys, as nested lists (Ivy's
    /// `cont_to_nested_list`; leaves here are never `None`, which Ivy
    /// skips).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a/b", 1), ("a/c", 2), ("d", 3)])?;
    /// assert_eq!(c.cont_to_nested_list(), ivy::nest!([[1, 2], 3]));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_to_nested_list(&self) -> Nest<L>
    where
        L: Clone,
    {
        nested_list(self.view())
    }
}

/// A copy of `x` that shares no elements with it (Ivy's `copy_array`). A
/// backend's native tensor is copied through host memory into a host array
/// of the same backend.
fn copy_array(x: &Array) -> Result<Array> {
    let host = match x.data() {
        Data::Host(h) => h.clone(),
        Data::Native(_) => x.to_host()?,
    };
    let fresh =
        crate::with_host_data!(&host, b, T => T::wrap(Buffer::from_vec(b.as_slice().to_vec())));
    Array::from_host(x.backend(), x.shape().clone(), fresh)
}

impl Container {
    /// A new container whose array leaves are copies that share no elements
    /// with these (Ivy's `cont_deep_copy`, `ivy.copy_array` per leaf).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let c = ivy::container! { a: [1.0, 2.0] };
    /// let d = c.cont_deep_copy()?;
    /// assert_eq!(d, c);
    /// assert!(!d.leaf("a")?.shares_data_with(c.leaf("a")?));
    /// assert!(c.cont_copy().leaf("a")?.shares_data_with(c.leaf("a")?));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_deep_copy(&self) -> Result<Container> {
        self.try_map_leaves(copy_array)
    }

    /// A new container with the entries moved as [`Restructure`] says, each
    /// leaf of a moved entry rearranged by its pattern (Ivy's
    /// `cont_restructure`; Ivy calls `ivy.einops_rearrange`).
    ///
    /// The pattern is einops' `rearrange` grammar: axis names, `(h w)`
    /// groups that merge (on the right) or split (on the left) axes, `1` and
    /// `()` for axes of length 1, and one `...` for the remaining axes, as in
    /// `"b (h w) c -> b h w c"` or `"b ... -> (...) b"`. The left side must
    /// name every axis of the leaf, both sides the same names once each, and
    /// `axes_lengths` the lengths a split cannot infer. Other anonymous axes
    /// (`2`) and a `...` inside a group on the left are errors. It runs as
    /// reshape, permute_dims, reshape per leaf.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::container::Restructure;
    /// let c = ivy::container! { img: ivy::reshape(&ivy::arange(12)?, [1, 6, 2])?, keep: 1 };
    /// let r = Restructure::new("out/img").pattern("b (h w) c -> b h w c").axis_length("h", 2);
    /// let out = c.cont_restructure([("img", r)])?;
    /// assert_eq!(out.cont_all_key_chains(), ["keep", "out/img"]);
    /// assert_eq!(out.leaf("out/img")?.shape().dims(), &[1, 2, 3, 2]);
    /// let t = c.cont_restructure([("img", Restructure::new("t").pattern("b h c -> c (b h)"))])?;
    /// assert_eq!(t.leaf("t")?.to_vec::<i32>()?, vec![0, 2, 4, 6, 8, 10, 1, 3, 5, 7, 9, 11]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_restructure<K: AsRef<str>, R: Into<Restructure>>(
        &self,
        mapping: impl IntoIterator<Item = (K, R)>,
    ) -> Result<Container> {
        self.cont_restructure_with(mapping, RestructureOptions::default())
    }

    /// [`cont_restructure`](Self::cont_restructure) with Ivy's `keep_orig`
    /// and `replace`.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::container::{Restructure, RestructureOptions};
    /// let c = ivy::container! { x: [[1, 2, 3]] };
    /// let o = RestructureOptions { replace: false, ..Default::default() };
    /// let out = c.cont_restructure_with([("x", Restructure::new("xt").pattern("a b -> b a"))], o)?;
    /// assert_eq!(out.leaf("xt")?.shape().dims(), &[3, 1]);
    /// assert_eq!(out.leaf("x")?.shape().dims(), &[1, 3]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_restructure_with<K: AsRef<str>, R: Into<Restructure>>(
        &self,
        mapping: impl IntoIterator<Item = (K, R)>,
        options: RestructureOptions,
    ) -> Result<Container> {
        let op = "cont_restructure";
        let mapping: Vec<(K, Restructure)> =
            mapping.into_iter().map(|(k, r)| (k, r.into())).collect();
        let steps = mapping.iter().map(|(old, r)| {
            let old = old.as_ref();
            let transform = r.pattern.as_deref().map(|pattern| {
                let lengths = &r.axes_lengths;
                move |e: Entry| -> Result<Entry> {
                    let rearrange = |x: &Array| rearrange(op, x, pattern, lengths);
                    Ok(match e {
                        Entry::Leaf(x) => Entry::Leaf(rearrange(&x).map_err(|e| under(old, e))?),
                        Entry::Container(c) => Entry::Container(
                            c.try_map_leaves(rearrange).map_err(|e| under(old, e))?,
                        ),
                    })
                }
            });
            (old, r.key_chain.clone(), transform)
        });
        self.restructure(op, steps, options)
    }

    /// A new container with every leaf at a key chain of `target` reshaped
    /// to `leading_shape` followed by `target`'s shape there (Ivy's
    /// `cont_reshape_like`). Ivy pairs the entries by position; here they
    /// are paired by key chain: every leaf chain of `target` must be a leaf
    /// of `self` (else an error naming it), and leaves `target` does not
    /// name stay as they are.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let c = ivy::container! { a: [1, 2, 3, 4, 5, 6], b: { c: [1, 2] } };
    /// let target = ivy::Container::from_key_chains([("a", vec![3usize]), ("b/c", vec![1])])?;
    /// let out = c.cont_reshape_like(&target, &[2])?;
    /// assert_eq!(out.leaf("a")?.shape().dims(), &[2, 3]);
    /// assert_eq!(out.leaf("b/c")?.shape().dims(), &[2, 1]);
    /// let shapes = ivy::Container::from_key_chains([("a", ivy::Shape::from([3, 2]))])?;
    /// assert_eq!(c.cont_reshape_like(&shapes, &[])?.leaf("a")?.shape().dims(), &[3, 2]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_reshape_like<S>(
        &self,
        target: &Container<S>,
        leading_shape: &[usize],
    ) -> Result<Container>
    where
        for<'s> &'s S: Into<Ints>,
    {
        let op = "cont_reshape_like";
        let mut out = self.clone();
        for (kc, shape) in target.cont_to_iterator() {
            out.view().walk(op, &kc)?;
            let x = out
                .leaf_mut(&kc)
                .map_err(|_| kc_error(op, &kc, "it is a container, not a leaf"))?;
            let shape: Ints = shape.into();
            let full: Vec<i64> = leading_shape
                .iter()
                .map(|&d| d as i64)
                .chain(shape.as_slice().iter().copied())
                .collect();
            *x = crate::reshape(&*x, full).map_err(|e| Error::in_container(&kc, e))?;
        }
        Ok(out)
    }

    /// The containers of the slices of every leaf along `axis` (Ivy's
    /// `cont_unstack_conts`): container `i` holds slice `i` of each leaf.
    /// Every leaf must have the same length along `axis`; a leaf that
    /// differs is an error naming its key chain. A container without leaves
    /// gives no containers.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let c = ivy::container! { a: [[1, 2], [3, 4]], b: { c: [5, 6] } };
    /// let parts = c.cont_unstack_conts(0)?;
    /// assert_eq!(parts.len(), 2);
    /// assert_eq!(parts[1].leaf("a")?.to_vec::<i32>()?, vec![3, 4]);
    /// assert_eq!(parts[1].leaf("b/c")?.to_vec::<i32>()?, vec![6]);
    /// let bad = ivy::container! { a: [1, 2], b: [1, 2, 3] };
    /// assert_eq!(
    ///     bad.cont_unstack_conts(0).unwrap_err().to_string(),
    ///     "cont_unstack_conts: key chain `b`: the leaf has 3 slices along axis 0, but `a` has 2"
    /// );
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_unstack_conts(&self, axis: i64) -> Result<Vec<Container>> {
        self.cont_unstack_conts_with(axis, UnstackOptions::default())
    }

    /// [`cont_unstack_conts`](Self::cont_unstack_conts) with Ivy's
    /// `keepdims` and `dim_size` (the first `dim_size` slices; every leaf
    /// needs at least that many).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::container::UnstackOptions;
    /// let c = ivy::container! { a: [[1, 2], [3, 4]] };
    /// let o = UnstackOptions { keepdims: true, dim_size: Some(1) };
    /// let parts = c.cont_unstack_conts_with(1, o)?;
    /// assert_eq!(parts.len(), 1);
    /// assert_eq!(parts[0].leaf("a")?.shape().dims(), &[2, 1]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_unstack_conts_with(
        &self,
        axis: i64,
        options: UnstackOptions,
    ) -> Result<Vec<Container>> {
        let op = "cont_unstack_conts";
        let pieces = self.try_map_leaves(|x| {
            crate::unstack_with(
                x,
                crate::opts::Unstack::new()
                    .axis(axis)
                    .keepdims(options.keepdims),
            )
        })?;
        let what = format!("slices along axis {axis}");
        transpose_pieces(op, &pieces, options.dim_size, &what)
    }

    /// The containers of the parts of every leaf split along an axis (Ivy's
    /// `split_conts`: `ivy.split` per leaf, then one container per part),
    /// with `split`'s defaults: one part per index of axis 0.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let c = ivy::container! { a: [1, 2], b: { c: [[3], [4]] } };
    /// let parts = c.split_conts()?;
    /// assert_eq!(parts.len(), 2);
    /// assert_eq!(parts[0].leaf("b/c")?.shape().dims(), &[1, 1]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn split_conts(&self) -> Result<Vec<Container>> {
        self.split_conts_with(crate::opts::Split::new())
    }

    /// [`split_conts`](Self::split_conts) with [`split`](crate::split)'s
    /// options (`num_or_size_splits`, `axis`, `with_remainder`). Every leaf
    /// must split into as many parts; a leaf that does not is an error
    /// naming its key chain. Ivy's `key_chains` / `to_apply` filters are
    /// [`cont_at_key_chains`](Container::cont_at_key_chains) first here.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let c = ivy::container! { a: [1, 2, 3, 4, 5, 6], b: [[1, 2, 3], [4, 5, 6]] };
    /// let o = ivy::opts::Split::new().num_or_size_splits(3usize).axis(-1);
    /// let parts = c.split_conts_with(o)?;
    /// assert_eq!(parts.len(), 3);
    /// assert_eq!(parts[2].leaf("a")?.to_vec::<i32>()?, vec![5, 6]);
    /// assert_eq!(parts[2].leaf("b")?.to_vec::<i32>()?, vec![3, 6]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn split_conts_with(&self, options: crate::opts::Split) -> Result<Vec<Container>> {
        let pieces = self.try_map_leaves(|x| crate::split_with(x, options.clone()))?;
        transpose_pieces("split_conts", &pieces, None, "parts")
    }
}

/// Container `i` of the `i`th piece of every leaf; every leaf needs the
/// same number of pieces (or at least `dim_size`).
fn transpose_pieces(
    op: &str,
    pieces: &Container<Vec<Array>>,
    dim_size: Option<usize>,
    what: &str,
) -> Result<Vec<Container>> {
    let mut first: Option<(String, usize)> = None;
    for (kc, p) in pieces.cont_to_iterator() {
        let n = p.len();
        match (&first, dim_size) {
            (_, Some(d)) if n < d => {
                return Err(kc_error(
                    op,
                    &kc,
                    format!("the leaf has {n} {what}, fewer than dim_size {d}"),
                ));
            }
            (Some((k0, n0)), None) if *n0 != n => {
                return Err(kc_error(
                    op,
                    &kc,
                    format!("the leaf has {n} {what}, but `{k0}` has {n0}"),
                ));
            }
            (None, _) => first = Some((kc, n)),
            _ => {}
        }
    }
    let Some((_, n)) = first else {
        return Ok(Vec::new());
    };
    let n = dim_size.unwrap_or(n);
    Ok((0..n)
        .map(|i| pieces.map_leaves(|p| p[i].clone()))
        .collect())
}

/// One token of a rearrange pattern side.
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Name(String),
    One,
    /// `...` on its own (the axes it stands for stay separate).
    Ellipsis,
    /// `...` inside a group (the axes it stands for are merged).
    GroupedEllipsis,
}

/// A side of a pattern: one group per axis (`a` is the group `[a]`).
fn parse_side(op: &str, pattern: &str, side: &str) -> Result<Vec<Vec<Tok>>> {
    let bad = |msg: String| Error::invalid(op, format!("rearrange pattern `{pattern}`: {msg}"));
    let mut groups: Vec<Vec<Tok>> = Vec::new();
    let mut open: Option<Vec<Tok>> = None;
    let mut chars = side.chars().peekable();
    while let Some(&ch) = chars.peek() {
        if ch.is_whitespace() {
            chars.next();
        } else if ch == '(' {
            chars.next();
            if open.is_some() {
                return Err(bad("groups cannot nest".into()));
            }
            open = Some(Vec::new());
        } else if ch == ')' {
            chars.next();
            groups.push(open.take().ok_or_else(|| bad("`)` without `(`".into()))?);
        } else {
            let mut word = String::new();
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() || c == '(' || c == ')' {
                    break;
                }
                word.push(c);
                chars.next();
            }
            let tok = if word == "..." {
                Tok::Ellipsis
            } else if word == "1" {
                Tok::One
            } else if word.chars().all(|c| c.is_ascii_digit()) {
                return Err(bad(format!(
                    "anonymous axis `{word}`: rearrange takes only `1` as a number"
                )));
            } else if word
                .chars()
                .next()
                .is_some_and(|c| c.is_alphabetic() || c == '_')
                && word.chars().all(|c| c.is_alphanumeric() || c == '_')
            {
                Tok::Name(word)
            } else {
                return Err(bad(format!("`{word}` is not an axis name")));
            };
            match &mut open {
                Some(g) if tok == Tok::Ellipsis => g.push(Tok::GroupedEllipsis),
                Some(g) => g.push(tok),
                None => groups.push(vec![tok]),
            }
        }
    }
    if open.is_some() {
        return Err(bad("`(` without `)`".into()));
    }
    Ok(groups)
}

/// einops' `rearrange` of one array: reshape to the elementary axes of the
/// left side, permute them to the right side's order, reshape to its
/// groups.
fn rearrange(
    op: &str,
    x: &Array,
    pattern: &str,
    axes_lengths: &[(String, usize)],
) -> Result<Array> {
    let bad = |msg: String| Error::invalid(op, format!("rearrange pattern `{pattern}`: {msg}"));
    let Some((l, r)) = pattern.split_once("->") else {
        return Err(bad("it has no `->`".into()));
    };
    let mut left = parse_side(op, pattern, l)?;
    let mut right = parse_side(op, pattern, r)?;
    let count = |side: &[Vec<Tok>]| {
        side.iter()
            .flatten()
            .filter(|t| matches!(t, Tok::Ellipsis | Tok::GroupedEllipsis))
            .count()
    };
    let (nl, nr) = (count(&left), count(&right));
    if nl > 1 || nr > 1 || nl != nr {
        return Err(bad(
            "`...` must appear once on both sides or on neither".into()
        ));
    }
    if nl == 1 {
        // `...` stands for the axes the other groups do not name.
        if left.iter().flatten().any(|t| *t == Tok::GroupedEllipsis) {
            return Err(bad("`...` cannot be inside a group on the left".into()));
        }
        let n = (x.ndim() + 1).checked_sub(left.len()).ok_or_else(|| {
            bad(format!(
                "the array has {} axes, fewer than the pattern names",
                x.ndim()
            ))
        })?;
        let names: Vec<Tok> = (0..n).map(|i| Tok::Name(format!("...{i}"))).collect();
        left = left
            .into_iter()
            .flat_map(|g| {
                if g == [Tok::Ellipsis] {
                    names.iter().map(|t| vec![t.clone()]).collect()
                } else {
                    vec![g]
                }
            })
            .collect();
        right = right
            .into_iter()
            .flat_map(|g| {
                if g == [Tok::Ellipsis] {
                    names.iter().map(|t| vec![t.clone()]).collect()
                } else {
                    vec![
                        g.into_iter()
                            .flat_map(|t| {
                                if t == Tok::GroupedEllipsis {
                                    names.clone()
                                } else {
                                    vec![t]
                                }
                            })
                            .collect(),
                    ]
                }
            })
            .collect();
    }
    if left.len() != x.ndim() {
        return Err(bad(format!(
            "the left side has {} axes, the array {} (shape {})",
            left.len(),
            x.ndim(),
            x.shape()
        )));
    }
    let names = |side: &[Vec<Tok>]| -> Vec<String> {
        side.iter()
            .flatten()
            .filter_map(|t| match t {
                Tok::Name(n) => Some(n.clone()),
                _ => None,
            })
            .collect()
    };
    let (ln, rn) = (names(&left), names(&right));
    for (side, list) in [("left", &ln), ("right", &rn)] {
        let mut seen = std::collections::HashSet::new();
        if let Some(d) = list.iter().find(|n| !seen.insert(*n)) {
            return Err(bad(format!("the axis `{d}` appears twice on the {side}")));
        }
    }
    let missing: Vec<&String> = ln
        .iter()
        .filter(|n| !rn.contains(n))
        .chain(rn.iter().filter(|n| !ln.contains(n)))
        .collect();
    if !missing.is_empty() {
        let list: Vec<String> = missing.iter().map(|n| format!("`{n}`")).collect();
        return Err(bad(format!(
            "{} must appear on both sides",
            list.join(", ")
        )));
    }
    let mut len: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for (name, n) in axes_lengths {
        if !ln.contains(name) {
            return Err(bad(format!(
                "axes_lengths names `{name}`, which the pattern does not"
            )));
        }
        len.insert(name, *n);
    }
    for (g, &d) in left.iter().zip(x.shape().dims()) {
        let mut known = 1usize;
        let mut unknown = Vec::new();
        for t in g {
            if let Tok::Name(n) = t {
                match len.get(n.as_str()) {
                    Some(&k) => known *= k,
                    None => unknown.push(n.as_str()),
                }
            }
        }
        match unknown[..] {
            [] if known == d => {}
            [u] if known > 0 && d % known == 0 => {
                len.insert(u, d / known);
            }
            [] | [_] => {
                return Err(bad(format!(
                    "an axis of length {d} cannot be split into lengths of product {known}"
                )));
            }
            _ => {
                return Err(bad(format!(
                    "cannot infer the lengths of {} from one axis; give them in axes_lengths",
                    unknown.join(", ")
                )));
            }
        }
    }
    let elementary: Vec<i64> = ln.iter().map(|n| len[n.as_str()] as i64).collect();
    let perm: Vec<i64> = rn
        .iter()
        .map(|n| ln.iter().position(|m| m == n).unwrap_or(0) as i64)
        .collect();
    let out_shape: Vec<i64> = right
        .iter()
        .map(|g| {
            g.iter()
                .map(|t| match t {
                    Tok::Name(n) => len[n.as_str()] as i64,
                    _ => 1,
                })
                .product()
        })
        .collect();
    let mut y = crate::reshape(x, elementary)?;
    if perm.iter().enumerate().any(|(i, &p)| i as i64 != p) {
        y = crate::permute_dims(&y, perm)?;
    }
    crate::reshape(&y, out_shape)
}

/// [`Container::cont_slice_via_key`] below one level.
fn slice_via_key<L: Clone>(c: ContainerRef<'_, L>, slice_key: &str) -> Entry<L> {
    if let Some(e) = c.get_key(slice_key) {
        return e.to_entry();
    }
    let values = c
        .values()
        .map(|e| match e {
            EntryRef::Container(c) => slice_via_key(c, slice_key),
            leaf => leaf.to_entry(),
        })
        .collect();
    Entry::Container(Container::from_parts(
        c.node.keys.clone(),
        values,
        *c.config,
    ))
}

/// [`Container::cont_to_nested_list`] below one level.
fn nested_list<L: Clone>(c: ContainerRef<'_, L>) -> Nest<L> {
    Nest::List(
        c.values()
            .map(|e| match e {
                EntryRef::Leaf(l) => Nest::Leaf(l.clone()),
                EntryRef::Container(c) => nested_list(c),
            })
            .collect(),
    )
}
