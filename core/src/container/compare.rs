//! Comparing containers (Ivy's static "comparison" methods):
//! [`cont_diff`](Container::cont_diff) and
//! [`cont_structural_diff`](Container::cont_structural_diff), the
//! `cont_identical` family and its assertions, and finding a sub-container
//! or a sub-structure inside a container.
//!
//! As in [`combine`](super::combine), several containers are passed as a
//! slice of references: `Container::cont_identical(&[&a, &b])`. Ivy's
//! keyword arguments become an options struct with `Default`
//! ([`DiffOptions`], [`IdenticalOptions`]) taken by the `_with` form of each
//! function.

use super::iter::{IterOptions, ToIterator};
use super::key_chain::{KeyChain, check_key};
use super::{Container, ContainerRef, Entry, EntryRef};
use crate::array::Array;
use crate::error::{Error, Result};
use indexmap::IndexSet;
use std::collections::HashSet;

/// Which entries [`Container::cont_diff_with`] keeps (Ivy's `mode`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert_eq!(ivy::container::DiffMode::default(), ivy::container::DiffMode::All);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DiffMode {
    /// Every key: the shared value where the containers agree, the grouped
    /// values where they differ (Ivy's `"all"`).
    #[default]
    All,
    /// Only the entries where all the containers agree (`"same_only"`).
    SameOnly,
    /// Only the entries where they differ (`"diff_only"`).
    DiffOnly,
}

/// The keys [`Container::cont_diff_with`] gives the differing values
/// (Ivy's `diff_keys`, a string or a list of strings).
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::container::DiffKeys;
/// assert_eq!(DiffKeys::default(), DiffKeys::Prefix("diff".into()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DiffKeys {
    /// `"{prefix}_{i, j, ...}"`: the indices of the containers that hold
    /// the value, as `diff_0, 2` (Ivy's default `"diff"`).
    Prefix(String),
    /// One key per container: a group of equal values is named after its
    /// first container. There must be at least as many names as containers.
    Names(Vec<String>),
}

impl Default for DiffKeys {
    fn default() -> DiffKeys {
        DiffKeys::Prefix("diff".to_string())
    }
}

/// Options of [`Container::cont_diff_with`] (Ivy's keyword arguments of
/// `cont_diff`). The default detects every kind of difference and keeps
/// every key.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::container::{DiffMode, DiffOptions};
/// let o = DiffOptions { mode: DiffMode::DiffOnly, ..Default::default() };
/// assert!(o.detect_key_diffs && o.detect_value_diffs && o.detect_shape_diffs);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DiffOptions {
    /// Which entries to keep.
    pub mode: DiffMode,
    /// The keys of the differing values.
    pub diff_keys: DiffKeys,
    /// Whether a key that only some containers have is a difference. If not,
    /// a key of one container is taken as it is (in [`DiffMode::All`]), and
    /// a key of several is compared among those that have it.
    pub detect_key_diffs: bool,
    /// Whether arrays of different values differ (read by the array forms,
    /// [`Container::cont_diff_with`]; [`Container::cont_diff_by`] compares
    /// with its closure).
    pub detect_value_diffs: bool,
    /// Whether arrays of different shapes differ (read by the array forms).
    pub detect_shape_diffs: bool,
}

impl Default for DiffOptions {
    fn default() -> DiffOptions {
        DiffOptions {
            mode: DiffMode::All,
            diff_keys: DiffKeys::default(),
            detect_key_diffs: true,
            detect_value_diffs: true,
            detect_shape_diffs: true,
        }
    }
}

/// Options of [`Container::cont_identical_with`] and
/// [`Container::cont_identical_structure_with`] (Ivy's keyword arguments
/// of `cont_identical`). The default checks everything: same keys, dtypes
/// and shapes, and the very same arrays.
///
/// ```
/// # extern crate ivy_core as ivy;
/// let o = ivy::container::IdenticalOptions { same_arrays: false, ..Default::default() };
/// assert!(o.arrays_equal && o.to_apply && !o.partial && o.key_chains.is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IdenticalOptions {
    /// Whether the leaves must have the same dtype. (Ivy compares the
    /// leaves' Python types, and its docs say "whether to check if the
    /// datatypes of the leaf nodes are the same"; every leaf here is an
    /// [`Array`], so the dtype is what can differ.)
    pub check_types: bool,
    /// Whether the arrays must have the same shape.
    pub check_shapes: bool,
    /// Whether the arrays must be the very same arrays (Python's `is`): the
    /// same elements in memory, as clones of one array are (see
    /// [`Container::clone`](Clone::clone)), not equal copies.
    pub same_arrays: bool,
    /// When `same_arrays` is off, whether the arrays must have equal values
    /// ([`array_equal`](fn@crate::array_equal)).
    pub arrays_equal: bool,
    /// Compare only these key chains (with `to_apply`) or all but these
    /// (without): a chain selects its whole subtree. Ivy accepts the argument
    /// but ignores it; this does what it describes.
    pub key_chains: Option<Vec<String>>,
    /// Whether `key_chains` are the chains to compare (`true`) or to skip.
    pub to_apply: bool,
    /// Compare only the leaf key chains that all the containers have; no
    /// common chain at all makes them not identical.
    pub partial: bool,
}

impl Default for IdenticalOptions {
    fn default() -> IdenticalOptions {
        IdenticalOptions {
            check_types: true,
            check_shapes: true,
            same_arrays: true,
            arrays_equal: true,
            key_chains: None,
            to_apply: true,
            partial: false,
        }
    }
}

// ---------------------------------------------------------------------------
// cont_diff
// ---------------------------------------------------------------------------

/// The state of one diff: its options, leaf comparison and configuration.
struct Differ<'o, F> {
    options: &'o DiffOptions,
    same: F,
    config: super::Config,
}

impl<F> Differ<'_, F> {
    fn group_key(&self, members: &[usize]) -> String {
        match &self.options.diff_keys {
            DiffKeys::Prefix(p) => {
                let idx: Vec<String> = members.iter().map(|i| i.to_string()).collect();
                format!("{p}_{}", idx.join(", "))
            }
            DiffKeys::Names(names) => names[members[0]].clone(),
        }
    }

    /// The diff of the containers (each with its index among all the
    /// containers compared).
    fn containers<L: Clone>(
        &mut self,
        conts: &[(usize, ContainerRef<'_, L>)],
        chain: &mut KeyChain,
    ) -> Result<Container<L>>
    where
        F: FnMut(&L, &L) -> Result<bool>,
    {
        let mut keys: IndexSet<&str> = IndexSet::new();
        for (_, c) in conts {
            keys.extend(c.keys());
        }
        let mut out = Container::with_config(self.config);
        let mut present: Vec<(usize, EntryRef<'_, L>)> = Vec::with_capacity(conts.len());
        for key in keys {
            let mut g = chain.push(key);
            present.clear();
            present.extend(
                conts
                    .iter()
                    .filter_map(|(i, c)| c.get_key(key).map(|e| (*i, e))),
            );
            let entry = if present.len() == conts.len() {
                self.entries(&present, &mut g)?
            } else if !self.options.detect_key_diffs {
                if present.len() == 1 {
                    // As Ivy: the value of the one container, in "all" mode.
                    (self.options.mode == DiffMode::All).then(|| present[0].1.to_entry())
                } else {
                    self.entries(&present, &mut g)?
                }
            } else if self.options.mode == DiffMode::SameOnly {
                None
            } else {
                let mut d = Container::with_config(self.config);
                for (i, e) in &present {
                    d.insert_key_unchecked(&self.group_key(&[*i]), e.to_entry());
                }
                Some(Entry::Container(d))
            };
            if let Some(e) = entry {
                out.insert_key_unchecked(key, e);
            }
        }
        Ok(out)
    }

    /// The diff of one entry that every container in `present` has; `None`
    /// when the mode drops it.
    fn entries<L: Clone>(
        &mut self,
        present: &[(usize, EntryRef<'_, L>)],
        chain: &mut KeyChain,
    ) -> Result<Option<Entry<L>>>
    where
        F: FnMut(&L, &L) -> Result<bool>,
    {
        if present.iter().all(|(_, e)| e.is_container()) {
            let subs: Vec<(usize, ContainerRef<'_, L>)> = present
                .iter()
                .filter_map(|(i, e)| e.as_container().map(|c| (*i, c)))
                .collect();
            let d = self.containers(&subs, chain)?;
            // Ivy drops every empty result; in "all" mode an empty result
            // means the inputs were empty there too, so it is kept.
            return Ok((!d.is_empty() || self.options.mode == DiffMode::All)
                .then_some(Entry::Container(d)));
        }
        let m = present.len();
        let mut eq = vec![false; m * m];
        let mut all = true;
        for a in 0..m {
            eq[a * m + a] = true;
            for b in a + 1..m {
                let s = self.entries_same(present[a].1, present[b].1, chain)?;
                eq[a * m + b] = s;
                eq[b * m + a] = s;
                all &= s;
            }
        }
        if all {
            return Ok((self.options.mode != DiffMode::DiffOnly).then(|| present[0].1.to_entry()));
        }
        if self.options.mode == DiffMode::SameOnly {
            return Ok(None);
        }
        // Group the containers whose values are equal, as Ivy's equality
        // matrix does: each not yet grouped container with all its equals.
        let mut d = Container::with_config(self.config);
        let mut added = vec![false; m];
        for a in 0..m {
            if added[a] {
                continue;
            }
            let members: Vec<usize> = (0..m).filter(|&b| eq[a * m + b]).collect();
            let idx: Vec<usize> = members.iter().map(|&b| present[b].0).collect();
            d.insert_key_unchecked(&self.group_key(&idx), present[a].1.to_entry());
            for b in members {
                added[b] = true;
            }
        }
        Ok(Some(Entry::Container(d)))
    }

    /// Whether two entries count as the same: leaves by the comparison,
    /// sub-containers key by key (the keys only both have when key
    /// differences are not detected), a leaf never as a sub-container.
    fn entries_same<L>(
        &mut self,
        a: EntryRef<'_, L>,
        b: EntryRef<'_, L>,
        chain: &mut KeyChain,
    ) -> Result<bool>
    where
        F: FnMut(&L, &L) -> Result<bool>,
    {
        match (a, b) {
            (EntryRef::Leaf(x), EntryRef::Leaf(y)) => {
                (self.same)(x, y).map_err(|e| Error::in_container(chain.as_str(), e))
            }
            (EntryRef::Container(x), EntryRef::Container(y)) => {
                if self.options.detect_key_diffs
                    && (x.len() != y.len() || x.keys().any(|k| y.get_key(k).is_none()))
                {
                    return Ok(false);
                }
                for (k, ex) in x.iter() {
                    if let Some(ey) = y.get_key(k) {
                        let mut g = chain.push(k);
                        if !self.entries_same(ex, ey, &mut g)? {
                            return Ok(false);
                        }
                    }
                }
                Ok(true)
            }
            _ => Ok(false),
        }
    }
}

fn check_diff_keys(op: &str, keys: &DiffKeys, n: usize) -> Result<()> {
    match keys {
        DiffKeys::Prefix(p) => {
            if p.contains(['/', '.']) {
                return Err(Error::invalid(
                    op,
                    format!("the diff key prefix `{p}` may not contain `/` or `.`"),
                ));
            }
        }
        DiffKeys::Names(names) => {
            if names.len() < n {
                return Err(Error::invalid(
                    op,
                    format!(
                        "diff_keys has {} name{} for {n} containers",
                        names.len(),
                        if names.len() == 1 { "" } else { "s" }
                    ),
                ));
            }
            let mut seen = HashSet::new();
            for name in names {
                check_key(op, name, name)?;
                if !seen.insert(name.as_str()) {
                    return Err(Error::invalid(
                        op,
                        format!("diff_keys names `{name}` twice"),
                    ));
                }
            }
        }
    }
    Ok(())
}

impl<L: Clone> Container<L> {
    /// [`cont_diff_with`](Container::cont_diff_with) for leaves of any type:
    /// `same(a, b)` says whether two leaves count as equal (the value and
    /// shape flags of the options are not read; the closure decides). Its
    /// error is returned with the key chain of the leaves.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::Container;
    /// use ivy::container::DiffOptions;
    /// let a = Container::from_key_chains([("a", 1), ("b", 2)])?;
    /// let b = Container::from_key_chains([("a", 1), ("b", 3)])?;
    /// let d = Container::cont_diff_by(&[&a, &b], &DiffOptions::default(), |x, y| Ok(x == y))?;
    /// assert_eq!(
    ///     d,
    ///     Container::from_key_chains([("a", 1), ("b/diff_0", 2), ("b/diff_1", 3)])?
    /// );
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_diff_by(
        containers: &[&Container<L>],
        options: &DiffOptions,
        same: impl FnMut(&L, &L) -> Result<bool>,
    ) -> Result<Container<L>> {
        diff_by("cont_diff", containers, options, same)
    }
}

fn diff_by<L: Clone>(
    op: &str,
    containers: &[&Container<L>],
    options: &DiffOptions,
    same: impl FnMut(&L, &L) -> Result<bool>,
) -> Result<Container<L>> {
    check_diff_keys(op, &options.diff_keys, containers.len())?;
    let Some(first) = containers.first() else {
        return Ok(Container::new());
    };
    let mut differ = Differ {
        options,
        same,
        config: first.config(),
    };
    let conts: Vec<(usize, ContainerRef<'_, L>)> =
        containers.iter().map(|c| c.view()).enumerate().collect();
    differ.containers(&conts, &mut KeyChain::new())
}

/// Array equality for comparisons: [`array_equal`](fn@crate::array_equal),
/// with dtypes that have no common dtype counted as different.
fn values_equal(a: &Array, b: &Array) -> Result<bool> {
    match crate::array_equal(a, b) {
        Err(e) if matches!(e.leaf_error(), Error::NoPromotion { .. }) => Ok(false),
        r => r,
    }
}

/// Whether two arrays are the same array: the same elements in memory, of
/// the same shape (Python's `is` for Ivy's arrays).
fn same_array(a: &Array, b: &Array) -> bool {
    a.shares_data_with(b) && a.shape() == b.shape()
}

fn arrays_same(a: &Array, b: &Array, values: bool, shapes: bool) -> Result<bool> {
    if shapes && a.shape() != b.shape() {
        return Ok(false);
    }
    if values { values_equal(a, b) } else { Ok(true) }
}

impl Container<Array> {
    /// The keys and values of several containers side by side (Ivy's static
    /// `cont_diff` with its default options): where all the containers have
    /// equal values (same values and shape) the value itself, and where they
    /// differ a sub-container grouping the containers that agree, under keys
    /// `diff_0, 2` (containers 0 and 2 hold this value), `diff_1`, ... A key
    /// only some containers have gives `diff_i` for each container `i` that
    /// has it.
    ///
    /// Keys are in order of first appearance (Ivy sorts them).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::Container;
    /// let x = ivy::container! { a: [1, 2], b: 5 };
    /// let y = ivy::container! { a: [1, 2], b: 6 };
    /// let z = ivy::container! { a: [1, 2], b: 5, c: 0 };
    /// let d = Container::cont_diff(&[&x, &y, &z])?;
    /// assert_eq!(
    ///     d.cont_all_key_chains(),
    ///     ["a", "b/diff_0, 2", "b/diff_1", "c/diff_2"]
    /// );
    /// assert_eq!(d.leaf("b/diff_1")?, &ivy::Array::scalar(6i32));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_diff(containers: &[&Container]) -> Result<Container> {
        Container::cont_diff_with(containers, &DiffOptions::default())
    }

    /// [`cont_diff`](Container::cont_diff) with Ivy's options: the mode
    /// (keep all, only the agreeing or only the differing entries), the diff
    /// keys, and which differences count (keys, values, shapes).
    ///
    /// Differences from Ivy: in [`DiffMode::All`] an empty sub-container
    /// all the containers share is kept (Ivy drops every empty result), and
    /// without `detect_key_diffs` a key that several but not all containers
    /// have is compared among those (Ivy drops it silently).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::Container;
    /// use ivy::container::{DiffKeys, DiffMode, DiffOptions};
    /// let x = ivy::container! { a: 1, b: 2 };
    /// let y = ivy::container! { a: 1, b: 3 };
    /// let only = DiffOptions { mode: DiffMode::DiffOnly, ..Default::default() };
    /// assert_eq!(Container::cont_diff_with(&[&x, &y], &only)?.cont_all_key_chains(), ["b/diff_0", "b/diff_1"]);
    /// let named = DiffOptions {
    ///     mode: DiffMode::DiffOnly,
    ///     diff_keys: DiffKeys::Names(vec!["old".into(), "new".into()]),
    ///     ..Default::default()
    /// };
    /// assert_eq!(Container::cont_diff_with(&[&x, &y], &named)?.cont_all_key_chains(), ["b/old", "b/new"]);
    /// let same = DiffOptions { mode: DiffMode::SameOnly, ..Default::default() };
    /// assert_eq!(Container::cont_diff_with(&[&x, &y], &same)?.cont_all_key_chains(), ["a"]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_diff_with(containers: &[&Container], options: &DiffOptions) -> Result<Container> {
        let (values, shapes) = (options.detect_value_diffs, options.detect_shape_diffs);
        diff_by("cont_diff", containers, options, |a, b| {
            arrays_same(a, b, values, shapes)
        })
    }

    /// [`cont_diff`](Container::cont_diff) of the keys and shapes only,
    /// not the values (Ivy's static `cont_structural_diff`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::Container;
    /// let x = ivy::container! { a: [1, 2], b: [3] };
    /// let y = ivy::container! { a: [5, 6], b: [3, 4] };
    /// let d = Container::cont_structural_diff(&[&x, &y])?;
    /// assert_eq!(d.cont_all_key_chains(), ["a", "b/diff_0", "b/diff_1"]);
    /// assert_eq!(d.leaf("a")?, &ivy::array![1, 2]); // the first container's
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_structural_diff(containers: &[&Container]) -> Result<Container> {
        Container::cont_structural_diff_with(containers, &DiffOptions::default())
    }

    /// [`cont_structural_diff`](Container::cont_structural_diff) with the
    /// options of [`cont_diff_with`](Container::cont_diff_with) (whose
    /// `detect_value_diffs` is not read: values never differ here).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::Container;
    /// use ivy::container::DiffOptions;
    /// let x = ivy::container! { a: [1, 2] };
    /// let y = ivy::container! { a: [3] };
    /// let o = DiffOptions { detect_shape_diffs: false, ..Default::default() };
    /// assert_eq!(Container::cont_structural_diff_with(&[&x, &y], &o)?.cont_all_key_chains(), ["a"]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_structural_diff_with(
        containers: &[&Container],
        options: &DiffOptions,
    ) -> Result<Container> {
        let shapes = options.detect_shape_diffs;
        diff_by("cont_structural_diff", containers, options, |a, b| {
            arrays_same(a, b, false, shapes)
        })
    }
}

// ---------------------------------------------------------------------------
// cont_identical
// ---------------------------------------------------------------------------

/// Where and why containers are not identical.
struct Difference {
    key_chain: String,
    message: String,
}

/// Which key chains a comparison visits.
struct Selection {
    /// `key_chains` (normalised to `/`) and whether they are the ones to
    /// compare.
    chains: Option<(Vec<String>, bool)>,
    /// With `partial`: the common leaf chains and all their ancestors.
    partial: Option<(HashSet<String>, HashSet<String>)>,
}

/// Whether `kc` is `k` or below it.
fn under(kc: &str, k: &str) -> bool {
    kc.strip_prefix(k)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
        || k.is_empty()
}

/// Whether `kc` is a proper ancestor of `k`.
fn above(kc: &str, k: &str) -> bool {
    k.strip_prefix(kc).is_some_and(|rest| rest.starts_with('/'))
}

impl Selection {
    fn visit(&self, kc: &str) -> bool {
        if let Some((leaves, ancestors)) = &self.partial
            && !(leaves.contains(kc) || ancestors.contains(kc))
        {
            return false;
        }
        match &self.chains {
            None => true,
            Some((chains, true)) => chains.iter().any(|k| under(kc, k) || above(kc, k)),
            Some((chains, false)) => !chains.iter().any(|k| under(kc, k)),
        }
    }
}

/// The checks of one identity test.
struct Identity<'o> {
    options: &'o IdenticalOptions,
    selection: Selection,
}

impl Identity<'_> {
    fn walk(&self, conts: &[ContainerRef<'_>], chain: &mut KeyChain) -> Result<Option<Difference>> {
        let mut keys: IndexSet<&str> = IndexSet::new();
        for c in conts {
            keys.extend(c.keys());
        }
        let mut entries: Vec<EntryRef<'_>> = Vec::with_capacity(conts.len());
        for key in keys {
            let mut g = chain.push(key);
            if !self.selection.visit(g.as_str()) {
                continue;
            }
            entries.clear();
            for (i, c) in conts.iter().enumerate() {
                match c.get_key(key) {
                    Some(e) => entries.push(e),
                    None => {
                        let has: Vec<String> = conts
                            .iter()
                            .enumerate()
                            .filter(|(_, c)| c.get_key(key).is_some())
                            .map(|(j, _)| j.to_string())
                            .collect();
                        return Ok(Some(Difference {
                            key_chain: g.as_str().to_string(),
                            message: format!(
                                "container {i} has no entry there (container{} {} ha{})",
                                if has.len() == 1 { "" } else { "s" },
                                has.join(", "),
                                if has.len() == 1 { "s" } else { "ve" },
                            ),
                        }));
                    }
                }
            }
            let first_is_leaf = entries[0].is_leaf();
            if let Some(i) = entries.iter().position(|e| e.is_leaf() != first_is_leaf) {
                let (a, b) = if first_is_leaf {
                    ("a leaf", "a sub-container")
                } else {
                    ("a sub-container", "a leaf")
                };
                return Ok(Some(Difference {
                    key_chain: g.as_str().to_string(),
                    message: format!("container 0 has {a} there but container {i} has {b}"),
                }));
            }
            if first_is_leaf {
                let leaves: Vec<&Array> = entries.iter().filter_map(|e| e.as_leaf()).collect();
                if let Some(message) = self.leaves(&leaves)? {
                    return Ok(Some(Difference {
                        key_chain: g.as_str().to_string(),
                        message,
                    }));
                }
            } else {
                let subs: Vec<ContainerRef<'_>> =
                    entries.iter().filter_map(|e| e.as_container()).collect();
                if let Some(d) = self.walk(&subs, &mut g)? {
                    return Ok(Some(d));
                }
            }
        }
        Ok(None)
    }

    /// Why the arrays at one key chain are not identical, if they are not.
    fn leaves(&self, xs: &[&Array]) -> Result<Option<String>> {
        let o = self.options;
        let x0 = xs[0];
        for (i, x) in xs.iter().enumerate().skip(1) {
            if o.check_types && x.dtype() != x0.dtype() {
                return Ok(Some(format!(
                    "the dtypes differ: {} in container 0, {} in container {i}",
                    x0.dtype(),
                    x.dtype()
                )));
            }
            if o.check_shapes && x.shape() != x0.shape() {
                return Ok(Some(format!(
                    "the shapes differ: {} in container 0, {} in container {i}",
                    x0.shape(),
                    x.shape()
                )));
            }
            if o.same_arrays {
                if !same_array(x0, x) {
                    return Ok(Some(format!(
                        "container {i} holds another array than container 0 (the same array is required, not an equal one)"
                    )));
                }
            } else if o.arrays_equal && !values_equal(x0, x)? {
                return Ok(Some(format!(
                    "the values differ between container 0 and container {i}"
                )));
            }
        }
        Ok(None)
    }
}

/// The first difference among `containers` under `options`, or `None`.
fn first_difference(
    containers: &[ContainerRef<'_>],
    options: &IdenticalOptions,
) -> Result<Option<Difference>> {
    let partial = if let Some((first, rest)) = containers.split_first().filter(|_| options.partial)
    {
        let common: Vec<String> = ToIterator::new(*first, IterOptions::default())
            .filter(|(kc, e)| {
                e.is_leaf() && rest.iter().all(|c| c.get(kc).is_some_and(|e| e.is_leaf()))
            })
            .map(|(kc, _)| kc)
            .collect();
        if common.is_empty() {
            return Ok(Some(Difference {
                key_chain: String::new(),
                message: "the containers have no leaf key chain in common".to_string(),
            }));
        }
        let mut ancestors = HashSet::new();
        for kc in &common {
            let mut end = 0;
            while let Some(p) = kc[end..].find('/') {
                end += p;
                ancestors.insert(kc[..end].to_string());
                end += 1;
            }
        }
        Some((common.into_iter().collect(), ancestors))
    } else {
        None
    };
    let chains = options.key_chains.as_ref().map(|kcs| {
        let normal = kcs
            .iter()
            .map(|k| super::split_key_chain(k).collect::<Vec<_>>().join("/"))
            .collect();
        (normal, options.to_apply)
    });
    let identity = Identity {
        options,
        selection: Selection { chains, partial },
    };
    identity.walk(containers, &mut KeyChain::new())
}

/// The error of a failed assertion: the op, the key chain of the first
/// difference, why, and the diff.
fn assertion_error(op: &str, what: &str, d: Difference, diff: Result<Container>) -> Error {
    let diff = diff_text(diff);
    let message = format!("{what}: {}; the diff:\n{diff}", d.message);
    if d.key_chain.is_empty() {
        Error::invalid(op, message)
    } else {
        Error::KeyChain {
            op: op.to_string(),
            key_chain: d.key_chain,
            message,
        }
    }
}

/// The text of a diff in an assertion error: the diff container printed
/// as Ivy prints it (its `Display`), or why it could not be computed.
fn diff_text(diff: Result<Container>) -> String {
    match diff {
        Ok(c) => c.to_string(),
        Err(e) => format!("(the diff could not be computed: {e})"),
    }
}

impl Container<Array> {
    /// Whether the containers are identical (Ivy's static `cont_identical`
    /// with its defaults): the same keys at every level, leaves in the same
    /// places, and at each leaf the same dtype, the same shape and **the
    /// same array** (the same elements in memory, as Python's `is`): a
    /// clone of a container is identical to it, an equal copy is not (see
    /// [`cont_identical_with`](Container::cont_identical_with) to compare
    /// values). Fewer than two containers are identical.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::Container;
    /// let c = ivy::container! { a: [1.0, 2.0], b: { c: 3 } };
    /// assert!(Container::cont_identical(&[&c, &c.clone()])?);
    /// let copy = ivy::container! { a: [1.0, 2.0], b: { c: 3 } };
    /// assert!(!Container::cont_identical(&[&c, &copy])?);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_identical(containers: &[&Container]) -> Result<bool> {
        Container::cont_identical_with(containers, &IdenticalOptions::default())
    }

    /// [`cont_identical`](Container::cont_identical) with Ivy's options:
    /// whether dtypes and shapes must agree, whether arrays must be the same
    /// arrays or only equal, which key chains to compare, and `partial`
    /// (only the leaf chains all the containers have).
    ///
    /// The error is that of comparing two arrays' values (arrays of
    /// different backends); dtypes without a common dtype are not equal.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::Container;
    /// use ivy::container::IdenticalOptions;
    /// let c = ivy::container! { a: [1.0, 2.0], b: 3 };
    /// let copy = ivy::container! { a: [1.0, 2.0], b: 3, extra: 4 };
    /// let by_value = IdenticalOptions { same_arrays: false, partial: true, ..Default::default() };
    /// assert!(Container::cont_identical_with(&[&c, &copy], &by_value)?);
    /// let only_a = IdenticalOptions {
    ///     same_arrays: false,
    ///     key_chains: Some(vec!["a".into()]),
    ///     ..Default::default()
    /// };
    /// assert!(Container::cont_identical_with(&[&c, &copy], &only_a)?);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_identical_with(
        containers: &[&Container],
        options: &IdenticalOptions,
    ) -> Result<bool> {
        Ok(first_difference(&views(containers), options)?.is_none())
    }

    /// An error unless the containers are identical
    /// ([`cont_identical`](Container::cont_identical); Ivy's static
    /// `cont_assert_identical`). The error names the key chain of the first
    /// difference and why, and shows the containers'
    /// [`cont_diff`](Container::cont_diff) printed as Ivy prints it (the
    /// container's `Display`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::Container;
    /// let x = ivy::container! { a: 1, b: { c: 2 } };
    /// let y = ivy::container! { a: 1, b: { c: 5 } };
    /// let e = Container::cont_assert_identical(&[&x, &y]).unwrap_err().to_string();
    /// assert!(e.starts_with("cont_assert_identical: key chain `a`: "), "{e}");
    /// // The diff, printed as Ivy prints a container:
    /// assert!(e.ends_with(
    ///     "the diff:\n{\n    a: ivy.array(1),\n    b: {\n        c: {\n            \
    ///      diff_0: ivy.array(2),\n            diff_1: ivy.array(5)\n        }\n    }\n}"
    /// ), "{e}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_assert_identical(containers: &[&Container]) -> Result<()> {
        Container::cont_assert_identical_with(containers, &IdenticalOptions::default())
    }

    /// [`cont_assert_identical`](Container::cont_assert_identical) with the
    /// options of [`cont_identical_with`](Container::cont_identical_with).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::Container;
    /// use ivy::container::IdenticalOptions;
    /// let x = ivy::container! { a: 1, b: { c: 2 } };
    /// let y = ivy::container! { a: 1, b: { c: 5 } };
    /// let by_value = IdenticalOptions { same_arrays: false, ..Default::default() };
    /// let e = Container::cont_assert_identical_with(&[&x, &y], &by_value).unwrap_err();
    /// assert!(e.to_string().starts_with(
    ///     "cont_assert_identical: key chain `b/c`: the containers are not identical: \
    ///      the values differ between container 0 and container 1; the diff:\n"
    /// ));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_assert_identical_with(
        containers: &[&Container],
        options: &IdenticalOptions,
    ) -> Result<()> {
        match first_difference(&views(containers), options)? {
            None => Ok(()),
            Some(d) => Err(assertion_error(
                "cont_assert_identical",
                "the containers are not identical",
                d,
                Container::cont_diff(containers),
            )),
        }
    }

    /// Whether the containers have identical structure (Ivy's static
    /// `cont_identical_structure`): the same keys at every level, leaves in
    /// the same places, of the same dtypes and shapes; the values are not
    /// compared.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::Container;
    /// let x = ivy::container! { a: [1, 2], b: { c: 3 } };
    /// let y = ivy::container! { a: [5, 6], b: { c: 7 } };
    /// let z = ivy::container! { a: [5, 6, 7], b: { c: 7 } };
    /// assert!(Container::cont_identical_structure(&[&x, &y]));
    /// assert!(!Container::cont_identical_structure(&[&x, &z]));
    /// ```
    pub fn cont_identical_structure(containers: &[&Container]) -> bool {
        Container::cont_identical_structure_with(containers, &IdenticalOptions::default())
    }

    /// [`cont_identical_structure`](Container::cont_identical_structure)
    /// with the options of [`cont_identical_with`](Container::cont_identical_with)
    /// (`same_arrays` and `arrays_equal` are not read: values are never
    /// compared).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::Container;
    /// use ivy::container::IdenticalOptions;
    /// let x = ivy::container! { a: [1, 2] };
    /// let z = ivy::container! { a: [1.0, 2.0, 3.0] };
    /// let loose = IdenticalOptions { check_types: false, check_shapes: false, ..Default::default() };
    /// assert!(Container::cont_identical_structure_with(&[&x, &z], &loose));
    /// ```
    pub fn cont_identical_structure_with(
        containers: &[&Container],
        options: &IdenticalOptions,
    ) -> bool {
        structure_difference(&views(containers), options).is_none()
    }

    /// An error unless the containers have identical structure (Ivy's
    /// static `cont_assert_identical_structure`), naming the first
    /// difference and showing the
    /// [`cont_structural_diff`](Container::cont_structural_diff).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::Container;
    /// let x = ivy::container! { a: [1, 2], b: 3 };
    /// let y = ivy::container! { a: [1, 2] };
    /// let e = Container::cont_assert_identical_structure(&[&x, &y]).unwrap_err().to_string();
    /// assert!(e.starts_with(
    ///     "cont_assert_identical_structure: key chain `b`: the containers do not have identical \
    ///      structure: container 1 has no entry there (container 0 has)"
    /// ), "{e}");
    /// assert!(e.ends_with(
    ///     "the diff:\n{\n    a: ivy.array([1, 2]),\n    b: {\n        diff_0: ivy.array(3)\n    }\n}"
    /// ), "{e}");
    /// ```
    pub fn cont_assert_identical_structure(containers: &[&Container]) -> Result<()> {
        Container::cont_assert_identical_structure_with(containers, &IdenticalOptions::default())
    }

    /// [`cont_assert_identical_structure`](Container::cont_assert_identical_structure)
    /// with options.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::Container;
    /// use ivy::container::IdenticalOptions;
    /// let x = ivy::container! { a: [1, 2], b: 3 };
    /// let y = ivy::container! { a: [1, 2] };
    /// let partial = IdenticalOptions { partial: true, ..Default::default() };
    /// Container::cont_assert_identical_structure_with(&[&x, &y], &partial)?;
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_assert_identical_structure_with(
        containers: &[&Container],
        options: &IdenticalOptions,
    ) -> Result<()> {
        match structure_difference(&views(containers), options) {
            None => Ok(()),
            Some(d) => Err(assertion_error(
                "cont_assert_identical_structure",
                "the containers do not have identical structure",
                d,
                Container::cont_structural_diff(containers),
            )),
        }
    }

    /// Whether the containers have the same number of arrays with the same
    /// shapes, ordered by size, whatever their key chains (Ivy's static
    /// `cont_identical_array_shapes`; its `exclusive` flag, which tells
    /// arrays from variables, has nothing to select here). Arrays of one
    /// size are ordered by their dimensions (Ivy keeps them in key order, so
    /// its answer for shapes of equal size depended on the keys).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::Container;
    /// let x = ivy::container! { a: [1, 2, 3], b: { c: [[1, 2]] } };
    /// let y = ivy::container! { p: [[5, 6]], q: [7, 8, 9] };
    /// let z = ivy::container! { p: [[5, 6]], q: [7, 8] };
    /// assert!(Container::cont_identical_array_shapes(&[&x, &y]));
    /// assert!(!Container::cont_identical_array_shapes(&[&x, &z]));
    /// ```
    pub fn cont_identical_array_shapes(containers: &[&Container]) -> bool {
        fn sorted(c: &Container) -> Vec<&crate::Shape> {
            let mut shapes: Vec<&crate::Shape> = c.leaves().map(|a| a.shape()).collect();
            shapes.sort_by(|a, b| (a.size(), a.dims()).cmp(&(b.size(), b.dims())));
            shapes
        }
        let Some((first, rest)) = containers.split_first() else {
            return true;
        };
        let s0 = sorted(first);
        rest.iter().all(|c| sorted(c) == s0)
    }

    /// The key chain of a sub-container identical to `sub` (the same arrays;
    /// see [`cont_identical`](Container::cont_identical)), `""` for this
    /// container itself, or `None` (Ivy's `cont_find_sub_container`, which
    /// returns `False`). With `partial`, the candidate may have more entries
    /// than `sub`. Sub-containers are tried depth first, this container
    /// first, keys in order, and the first match is returned (Ivy returns
    /// the last one it meets bottom-up; for one match they agree).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let w = ivy::array![1.0, 2.0];
    /// let c = ivy::container! { layer: { w: w.clone(), b: 0.0 }, other: 1 };
    /// let sub = ivy::container! { w: w.clone(), b: c.leaf("layer/b")?.clone() };
    /// assert_eq!(c.cont_find_sub_container(&sub, false)?.as_deref(), Some("layer"));
    /// let just_w = ivy::container! { w: w };
    /// assert_eq!(c.cont_find_sub_container(&just_w, false)?, None);
    /// assert_eq!(c.cont_find_sub_container(&just_w, true)?.as_deref(), Some("layer"));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_find_sub_container(
        &self,
        sub: &Container,
        partial: bool,
    ) -> Result<Option<String>> {
        let options = IdenticalOptions {
            partial,
            ..Default::default()
        };
        let needle = sub.cont_all_key_chains();
        let mut found = None;
        let mut test = |c: ContainerRef<'_>, kc: &str| -> Result<bool> {
            if needle.is_empty() || !needle.iter().all(|k| c.contains(k)) {
                return Ok(false);
            }
            if first_difference(&[c, sub.view()], &options)?.is_none() {
                found = Some(kc.to_string());
                return Ok(true);
            }
            Ok(false)
        };
        find_pre_order(self.view(), &mut KeyChain::new(), &mut test)?;
        Ok(found)
    }

    /// Whether a sub-container identical to `sub` is in this container
    /// ([`cont_find_sub_container`](Container::cont_find_sub_container)
    /// finds one; Ivy's `cont_contains_sub_container`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let c = ivy::container! { a: { b: [1, 2] } };
    /// let sub = c.sub("a")?.to_container();
    /// assert!(c.cont_contains_sub_container(&sub, false)?);
    /// assert!(!c.cont_contains_sub_container(&ivy::container! { b: [1, 2] }, false)?);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_contains_sub_container(&self, sub: &Container, partial: bool) -> Result<bool> {
        Ok(self.cont_find_sub_container(sub, partial)?.is_some())
    }

    /// An error unless this container contains `sub`
    /// ([`cont_contains_sub_container`](Container::cont_contains_sub_container);
    /// Ivy's `cont_assert_contains_sub_container`). The error shows the
    /// [`cont_diff`](Container::cont_diff) of `sub` against the
    /// sub-container closest in structure (or this container).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let c = ivy::container! { a: { b: [1, 2] } };
    /// let e = c.cont_assert_contains_sub_container(&ivy::container! { b: [1, 3] }, false).unwrap_err();
    /// let e = e.to_string();
    /// assert!(e.starts_with("cont_assert_contains_sub_container: no sub-container is identical"), "{e}");
    /// assert!(e.contains("the closest in structure is at key chain `a`"), "{e}");
    /// assert!(e.ends_with(
    ///     "the diff:\n{\n    b: {\n        diff_0: ivy.array([1, 2]),\n        \
    ///      diff_1: ivy.array([1, 3])\n    }\n}"
    /// ), "{e}");
    /// ```
    pub fn cont_assert_contains_sub_container(&self, sub: &Container, partial: bool) -> Result<()> {
        if self.cont_contains_sub_container(sub, partial)? {
            return Ok(());
        }
        let (kc, closest) = self.closest_structure(sub);
        let diff = diff_text(Container::cont_diff(&[&closest, sub]));
        Err(Error::invalid(
            "cont_assert_contains_sub_container",
            format!(
                "no sub-container is identical to the one given (the same arrays{}); \
                 the closest in structure is at {}; the diff:\n{diff}",
                if partial { ", partial" } else { "" },
                describe_chain(&kc)
            ),
        ))
    }

    /// The key chain of a sub-container with the structure of `sub` (keys,
    /// dtypes and, with `check_shapes`, shapes; see
    /// [`cont_identical_structure`](Container::cont_identical_structure)),
    /// `""` for this container, or `None` (Ivy's `cont_find_sub_structure`).
    /// The search order is that of
    /// [`cont_find_sub_container`](Container::cont_find_sub_container).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let c = ivy::container! { x: 1, enc: { w: [[1.0, 2.0]], b: [0.0] } };
    /// let like = ivy::container! { w: [[5.0, 6.0]], b: [9.0] };
    /// assert_eq!(c.cont_find_sub_structure(&like, true, false).as_deref(), Some("enc"));
    /// let other_shape = ivy::container! { w: [[5.0]], b: [9.0] };
    /// assert_eq!(c.cont_find_sub_structure(&other_shape, true, false), None);
    /// assert_eq!(c.cont_find_sub_structure(&other_shape, false, false).as_deref(), Some("enc"));
    /// ```
    pub fn cont_find_sub_structure(
        &self,
        sub: &Container,
        check_shapes: bool,
        partial: bool,
    ) -> Option<String> {
        let options = IdenticalOptions {
            check_shapes,
            partial,
            ..Default::default()
        };
        self.find_structure(sub, &options)
    }

    /// Whether a sub-container with the structure of `sub` is in this one
    /// (Ivy's `cont_contains_sub_structure`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let c = ivy::container! { a: { b: [1, 2] } };
    /// assert!(c.cont_contains_sub_structure(&ivy::container! { b: [7, 8] }, true, false));
    /// assert!(!c.cont_contains_sub_structure(&ivy::container! { q: [7, 8] }, true, false));
    /// ```
    pub fn cont_contains_sub_structure(
        &self,
        sub: &Container,
        check_shapes: bool,
        partial: bool,
    ) -> bool {
        self.cont_find_sub_structure(sub, check_shapes, partial)
            .is_some()
    }

    /// An error unless this container contains the structure of `sub`
    /// (Ivy's `cont_assert_contains_sub_structure`), showing the
    /// [`cont_structural_diff`](Container::cont_structural_diff) against the
    /// closest sub-container (with `partial`, only its differences; keys
    /// only one side has are then not differences).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let c = ivy::container! { a: { b: [1, 2] } };
    /// let e = c
    ///     .cont_assert_contains_sub_structure(&ivy::container! { b: [1, 2, 3] }, true, false)
    ///     .unwrap_err()
    ///     .to_string();
    /// assert!(e.starts_with("cont_assert_contains_sub_structure: no sub-container has the structure"), "{e}");
    /// assert!(e.ends_with(
    ///     "the diff:\n{\n    b: {\n        diff_0: ivy.array([1, 2]),\n        \
    ///      diff_1: ivy.array([1, 2, 3])\n    }\n}"
    /// ), "{e}");
    /// ```
    pub fn cont_assert_contains_sub_structure(
        &self,
        sub: &Container,
        check_shapes: bool,
        partial: bool,
    ) -> Result<()> {
        if self.cont_contains_sub_structure(sub, check_shapes, partial) {
            return Ok(());
        }
        let (kc, closest) = self.closest_structure(sub);
        let options = DiffOptions {
            mode: if partial {
                DiffMode::DiffOnly
            } else {
                DiffMode::All
            },
            detect_key_diffs: !partial,
            detect_shape_diffs: check_shapes,
            ..Default::default()
        };
        let diff = diff_text(Container::cont_structural_diff_with(
            &[&closest, sub],
            &options,
        ));
        Err(Error::invalid(
            "cont_assert_contains_sub_structure",
            format!(
                "no sub-container has the structure of the one given{}; \
                 the closest in structure is at {}; the diff:\n{diff}",
                if partial { " (partial)" } else { "" },
                describe_chain(&kc)
            ),
        ))
    }

    fn find_structure(&self, sub: &Container, options: &IdenticalOptions) -> Option<String> {
        let needle = sub.cont_all_key_chains();
        let mut found = None;
        let mut test = |c: ContainerRef<'_>, kc: &str| -> Result<bool> {
            if needle.is_empty() || !needle.iter().all(|k| c.contains(k)) {
                return Ok(false);
            }
            if structure_difference(&[c, sub.view()], options).is_none() {
                found = Some(kc.to_string());
                return Ok(true);
            }
            Ok(false)
        };
        // The structure test cannot fail.
        let _ = find_pre_order(self.view(), &mut KeyChain::new(), &mut test);
        found
    }

    /// The sub-container closest to `sub` in structure (as Ivy: a partial
    /// structure match ignoring shapes), or this container.
    fn closest_structure(&self, sub: &Container) -> (String, Container) {
        let loose = IdenticalOptions {
            check_shapes: false,
            partial: true,
            ..Default::default()
        };
        match self.find_structure(sub, &loose) {
            Some(kc) => {
                let c = self.sub(&kc).unwrap_or(self.view()).to_container();
                (kc, c)
            }
            None => (String::new(), self.clone()),
        }
    }
}

/// Borrowed views of the containers.
fn views<'a>(containers: &[&'a Container]) -> Vec<ContainerRef<'a>> {
    containers.iter().map(|c| c.view()).collect()
}

fn describe_chain(kc: &str) -> String {
    if kc.is_empty() {
        "the top level".to_string()
    } else {
        format!("key chain `{kc}`")
    }
}

/// The structural identity test (no values compared, so no error).
fn structure_difference(
    containers: &[ContainerRef<'_>],
    options: &IdenticalOptions,
) -> Option<Difference> {
    let options = IdenticalOptions {
        same_arrays: false,
        arrays_equal: false,
        ..options.clone()
    };
    // Without value comparisons the walk has no fallible step.
    first_difference(containers, &options).unwrap_or_else(|e| {
        Some(Difference {
            key_chain: String::new(),
            message: e.to_string(),
        })
    })
}

/// Call `test` on `c` and its sub-containers, depth first, `c` first, until
/// it returns true.
fn find_pre_order(
    c: ContainerRef<'_>,
    chain: &mut KeyChain,
    test: &mut impl FnMut(ContainerRef<'_>, &str) -> Result<bool>,
) -> Result<bool> {
    if test(c, chain.as_str())? {
        return Ok(true);
    }
    for (k, e) in c.iter() {
        if let EntryRef::Container(s) = e {
            let mut g = chain.push(k);
            if find_pre_order(s, &mut g, test)? {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

impl<L> Container<L> {
    /// Whether the containers have the same configuration (Ivy's static
    /// `cont_identical_configs`, which compares the top levels' configs).
    /// Fewer than two containers are an error, as in Ivy.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::{Config, Container};
    /// let a: Container<i64> = Container::new();
    /// let b: Container<i64> = Container::with_config(Config { print_indent: 2, ..Default::default() });
    /// assert!(Container::cont_identical_configs(&[&a, &a.clone()])?);
    /// assert!(!Container::cont_identical_configs(&[&a, &b])?);
    /// assert!(Container::cont_identical_configs(&[&a]).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_identical_configs(containers: &[&Container<L>]) -> Result<bool> {
        match containers {
            [] | [_] => Err(Error::invalid(
                "cont_identical_configs",
                format!(
                    "needs at least two containers to compare, got {}",
                    containers.len()
                ),
            )),
            [first, rest @ ..] => Ok(rest.iter().all(|c| c.config() == first.config())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(pairs: &[(&str, i64)]) -> Container<i64> {
        Container::from_key_chains(pairs.iter().copied()).unwrap_or_default()
    }

    fn diff(cs: &[&Container<i64>], o: &DiffOptions) -> Container<i64> {
        Container::cont_diff_by(cs, o, |a: &i64, b: &i64| Ok(a == b)).unwrap_or_default()
    }

    #[test]
    fn diff_groups_equal_containers_as_ivy() {
        // Verified in Ivy: 3 containers where #0 == #2 give `diff_0, 2`, `diff_1`.
        let x = c(&[("a", 1)]);
        let y = c(&[("a", 2)]);
        let z = c(&[("a", 1)]);
        let d = diff(&[&x, &y, &z], &DiffOptions::default());
        assert_eq!(d, c(&[("a/diff_0, 2", 1), ("a/diff_1", 2)]));
        assert_eq!(d.cont_all_key_chains(), ["a/diff_0, 2", "a/diff_1"]);
    }

    #[test]
    fn diff_of_missing_keys() {
        let x = c(&[("a", 1), ("b", 2)]);
        let y = c(&[("a", 1)]);
        let z = c(&[("a", 1), ("b", 3)]);
        let d = diff(&[&x, &y, &z], &DiffOptions::default());
        assert_eq!(d, c(&[("a", 1), ("b/diff_0", 2), ("b/diff_2", 3)]));
        // Without key diffs, one container's key is taken; several are
        // compared among themselves.
        let o = DiffOptions {
            detect_key_diffs: false,
            ..Default::default()
        };
        assert_eq!(diff(&[&x, &y], &o), c(&[("a", 1), ("b", 2)]));
        assert_eq!(
            diff(&[&x, &y, &z], &o),
            c(&[("a", 1), ("b/diff_0", 2), ("b/diff_2", 3)])
        );
        let same = DiffOptions {
            mode: DiffMode::SameOnly,
            ..o.clone()
        };
        assert_eq!(diff(&[&x, &y], &same), c(&[("a", 1)]));
    }

    #[test]
    fn diff_modes() {
        let x = c(&[("a", 1), ("b/c", 2), ("b/d", 3)]);
        let y = c(&[("a", 1), ("b/c", 5), ("b/d", 3)]);
        let only = DiffOptions {
            mode: DiffMode::DiffOnly,
            ..Default::default()
        };
        assert_eq!(
            diff(&[&x, &y], &only),
            c(&[("b/c/diff_0", 2), ("b/c/diff_1", 5)])
        );
        let same = DiffOptions {
            mode: DiffMode::SameOnly,
            ..Default::default()
        };
        assert_eq!(diff(&[&x, &y], &same), c(&[("a", 1), ("b/d", 3)]));
        // A sub-container with no difference is dropped in diff_only.
        let z = c(&[("a", 2), ("b/c", 2), ("b/d", 3)]);
        assert_eq!(
            diff(&[&x, &z], &only),
            c(&[("a/diff_0", 1), ("a/diff_1", 2)])
        );
    }

    #[test]
    fn diff_of_a_leaf_against_a_sub_container() {
        let x = c(&[("a", 1)]);
        let y = c(&[("a/b", 1)]);
        let z = c(&[("a/b", 1)]);
        let d = diff(&[&x, &y, &z], &DiffOptions::default());
        assert_eq!(d, c(&[("a/diff_0", 1), ("a/diff_1, 2/b", 1)]));
    }

    #[test]
    fn diff_keys_by_name_and_bad_names() {
        let x = c(&[("a", 1)]);
        let y = c(&[("a", 2)]);
        let o = DiffOptions {
            diff_keys: DiffKeys::Names(vec!["old".into(), "new".into()]),
            ..Default::default()
        };
        assert_eq!(diff(&[&x, &y], &o), c(&[("a/old", 1), ("a/new", 2)]));
        let short = DiffOptions {
            diff_keys: DiffKeys::Names(vec!["old".into()]),
            ..Default::default()
        };
        let e = Container::cont_diff_by(&[&x, &y], &short, |a, b| Ok(a == b))
            .map(|_| ())
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "cont_diff: diff_keys has 1 name for 2 containers"
        );
        let bad = DiffOptions {
            diff_keys: DiffKeys::Prefix("a.b".into()),
            ..Default::default()
        };
        assert!(Container::cont_diff_by(&[&x, &y], &bad, |a, b| Ok(a == b)).is_err());
        let twice = DiffOptions {
            diff_keys: DiffKeys::Names(vec!["n".into(), "n".into()]),
            ..Default::default()
        };
        assert!(Container::cont_diff_by(&[&x, &y], &twice, |a, b| Ok(a == b)).is_err());
    }

    #[test]
    fn diff_comparison_errors_name_the_chain() {
        let x = c(&[("a/b", 1)]);
        let e = Container::cont_diff_by(&[&x, &x], &DiffOptions::default(), |_, _| {
            Err(Error::invalid("cmp", "no"))
        })
        .map(|_| ())
        .unwrap_err();
        assert_eq!(e.to_string(), "at key chain `a/b`: cmp: no");
    }

    #[test]
    fn diff_keeps_shared_empty_sub_containers_in_all_mode() {
        let mut x = c(&[("a", 1)]);
        let _ = x.insert("e", Container::new());
        let d = diff(&[&x, &x], &DiffOptions::default());
        assert!(d.sub("e").is_ok_and(|e| e.is_empty()));
        let only = DiffOptions {
            mode: DiffMode::DiffOnly,
            ..Default::default()
        };
        assert!(diff(&[&x, &x], &only).is_empty());
    }

    #[test]
    fn diff_of_equal_containers_is_the_container() {
        let x = c(&[("a", 1), ("b/c", 2), ("b/d/e", 3)]);
        let y = x.clone();
        assert_eq!(diff(&[&x, &y, &x], &DiffOptions::default()), x);
        let same = DiffOptions {
            mode: DiffMode::SameOnly,
            ..Default::default()
        };
        assert_eq!(diff(&[&x, &y], &same), x);
        let only = DiffOptions {
            mode: DiffMode::DiffOnly,
            ..Default::default()
        };
        assert!(diff(&[&x, &y], &only).is_empty());
        assert!(diff(&[], &only).is_empty());
        assert_eq!(diff(&[&x], &DiffOptions::default()), x);
    }

    #[test]
    fn selections() {
        let s = Selection {
            chains: Some((vec!["a/b".into()], true)),
            partial: None,
        };
        assert!(s.visit("a") && s.visit("a/b") && s.visit("a/b/c"));
        assert!(!s.visit("a/bc") && !s.visit("x"));
        let s = Selection {
            chains: Some((vec!["a/b".into()], false)),
            partial: None,
        };
        assert!(s.visit("a") && !s.visit("a/b") && !s.visit("a/b/c") && s.visit("a/bc"));
    }

    #[test]
    fn identical_configs_needs_two() {
        let a = c(&[("a", 1)]);
        assert!(Container::cont_identical_configs(&[&a]).is_err());
        assert!(Container::<i64>::cont_identical_configs(&[]).is_err());
        assert!(Container::cont_identical_configs(&[&a, &a]).unwrap_or(false));
    }
}
