//! Building containers: from key chains, from nests, from flat lists of
//! leaves, and what the [`container!`](crate::container!) macro expands to.

use super::{Config, Container, ContainerRef, Entry, EntryRef, Keys};
use crate::error::{Error, Result};
use crate::nest::Nest;
use indexmap::IndexMap;

impl<L> Container<L> {
    /// A container from `(key chain, value)` pairs, in order, creating the
    /// levels each chain names (Ivy's `Container(dict_in)`, whose keys may be
    /// chains: `{'a/b': 1, 'c.d': 2}` gives `{a: {b: 1}, c: {d: 2}}`). A
    /// value may be a leaf or a container (an [`Entry`]); a chain given
    /// twice keeps its last value.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::Container;
    /// let c: Container<i64> = Container::from_key_chains([("a/b", 1i64), ("c.d", 2), ("e", 3)])?;
    /// assert_eq!(c.cont_all_key_chains(), ["a/b", "c/d", "e"]);
    /// let nested: Container<i64> = Container::from_key_chains([("x", c.clone()), ("y", c)])?;
    /// assert_eq!(nested.cont_all_key_chains().len(), 6);
    /// assert!(Container::<i64>::from_key_chains([("a", 1i64), ("a/b", 2)]).is_err()); // `a` is a leaf
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn from_key_chains<K: AsRef<str>, V: Into<Entry<L>>>(
        pairs: impl IntoIterator<Item = (K, V)>,
    ) -> Result<Container<L>> {
        let mut c = Container::new();
        for (k, v) in pairs {
            c.insert_at("Container::from_key_chains", k.as_ref(), v.into())?;
        }
        Ok(c)
    }

    /// A container of `(key, entry)` pairs whose keys are known to be valid
    /// and distinct (what `container!` checks at compile time).
    #[doc(hidden)]
    pub fn from_entries_unchecked<const N: usize>(entries: [(&str, Entry<L>); N]) -> Container<L> {
        let keys = Keys(std::sync::Arc::new(
            entries.iter().map(|(k, _)| Box::<str>::from(*k)).collect(),
        ));
        let values = entries.into_iter().map(|(_, v)| v).collect();
        Container::from_parts(keys, values, Config::default())
    }

    /// The leaves in order (depth first, keys in order): Ivy's
    /// `cont_to_flat_list`.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a", 1), ("b/c", 2), ("b/d", 3)])?;
    /// assert_eq!(c.cont_to_flat_list(), [1, 2, 3]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_to_flat_list(&self) -> Vec<L>
    where
        L: Clone,
    {
        self.leaves.clone()
    }

    /// The same structure with the leaves of `flat` in order (Ivy's
    /// `cont_from_flat_list`); the key lists are shared with `self`. The
    /// number of leaves must match.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a", 1), ("b/c", 2)])?;
    /// let d = c.cont_from_flat_list(vec!["x", "y"])?;
    /// assert_eq!(*d.leaf("b/c")?, "y");
    /// assert!(c.cont_from_flat_list(vec![1]).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_from_flat_list<M>(
        &self,
        flat: impl IntoIterator<Item = M>,
    ) -> Result<Container<M>> {
        let it = flat.into_iter();
        let n = self.leaves.len();
        // An iterator that knows its length (a `Vec`'s) is collected whole,
        // in place; any other is read up to one leaf too many.
        let exact = matches!(it.size_hint(), (lo, Some(hi)) if lo == hi);
        let leaves: Vec<M> = if exact {
            it.collect()
        } else {
            it.take(n + 1).collect()
        };
        if leaves.len() > n {
            return Err(Error::invalid(
                "cont_from_flat_list",
                format!("got more leaves than the container's {n}"),
            ));
        }
        if leaves.len() < n {
            return Err(Error::invalid(
                "cont_from_flat_list",
                format!(
                    "the list ran out at key chain `{}`; the container has more leaves",
                    self.node.key_chain_of(leaves.len())
                ),
            ));
        }
        Ok(Container::from_flat(self.node.clone(), leaves, self.config))
    }

    /// The container as a nest of dicts (a Container is a dict-only nest).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a/b", 1), ("c", 2)])?;
    /// assert_eq!(c.to_nest(), ivy::nest!({"a": {"b": 1}, "c": 2}));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn to_nest(&self) -> Nest<L>
    where
        L: Clone,
    {
        nest_of(self.view())
    }

    /// The container of a nest whose nodes are all dicts (Ivy's containers
    /// hold dicts as sub-containers). Dict keys that are key chains create
    /// levels, as in [`from_key_chains`](Self::from_key_chains). A list,
    /// tuple or `None` inside, or a nest that is not a dict, is an error
    /// naming where.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let n: ivy::nest::Nest<i64> = ivy::nest!({"a": {"b": 1}, "c/d": 2});
    /// let c = ivy::Container::from_nest(n)?;
    /// assert_eq!(c.cont_all_key_chains(), ["a/b", "c/d"]);
    /// let bad: ivy::nest::Nest<i64> = ivy::nest!({"a": [1, 2]});
    /// assert!(ivy::Container::from_nest(bad).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn from_nest(nest: Nest<L>) -> Result<Container<L>> {
        match nest {
            Nest::Dict(d) => {
                let mut c = Container::new();
                for (k, v) in d {
                    let entry = match v {
                        Nest::Leaf(l) => Entry::Leaf(l),
                        dict @ Nest::Dict(_) => {
                            Entry::Container(Container::from_nest(dict).map_err(|e| prefix(&k, e))?)
                        }
                        other => {
                            return Err(Error::structure(
                                "Container::from_nest",
                                format!("nest['{k}']"),
                                format!(
                                    "a container holds leaves and dicts, not {}",
                                    other.describe()
                                ),
                            ));
                        }
                    };
                    c.insert_at("Container::from_nest", &k, entry)?;
                }
                Ok(c)
            }
            other => Err(Error::structure(
                "Container::from_nest",
                "nest",
                format!("a container is built from a dict, not {}", other.describe()),
            )),
        }
    }
}

/// Put `key` in front of the path of a nested `from_nest` error.
fn prefix(key: &str, e: Error) -> Error {
    match e {
        Error::Structure { op, path, message } => Error::Structure {
            op,
            path: path.replacen("nest", &format!("nest['{key}']"), 1),
            message,
        },
        other => other,
    }
}

impl<L: Clone> From<&Container<L>> for Nest<L> {
    fn from(c: &Container<L>) -> Nest<L> {
        c.to_nest()
    }
}

impl<L> TryFrom<Nest<L>> for Container<L> {
    type Error = Error;
    fn try_from(n: Nest<L>) -> Result<Container<L>> {
        Container::from_nest(n)
    }
}

/// A [`Container`] from nested `key: value` literals.
///
/// Keys are identifiers or string literals (one key each: no `/` or `.`);
/// values are `{ .. }` for a sub-container, `[ .. ]` for an array literal (as
/// [`array!`](crate::array!)), a number or bool literal for a 0-d array of
/// Ivy's default dtype for it, or any other expression that converts into an
/// [`Entry`] (an `Array`, a `Container`, or a leaf of another type). Keys
/// stay in the order written. A bad or repeated key is a compile error.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let w = ivy::array![[1.0, 2.0]];
/// let c = ivy::container! {
///     layer: { w: w.clone(), b: [0.0, 0.5] },
///     "step-size": 0.1,
///     count: 3,
/// };
/// assert_eq!(c.cont_all_key_chains(), ["layer/w", "layer/b", "step-size", "count"]);
/// assert_eq!(c.leaf("layer/w")?, &w);
/// assert_eq!(c.leaf("count")?.dtype(), ivy::Dtype::Int32);
/// assert_eq!(c.leaf("step-size")?.shape().ndim(), 0);
///
/// // Leaves of any type:
/// let names = ivy::container! { a: "x", b: { c: "y" } };
/// assert_eq!(*names.leaf("b/c")?, "y");
/// # Ok::<(), ivy::Error>(())
/// ```
#[macro_export]
macro_rules! container {
    ($($tokens:tt)*) => {
        $crate::__private::container!($crate; $($tokens)*)
    };
}

/// The nest of dicts of a (sub-)container.
fn nest_of<L: Clone>(c: ContainerRef<'_, L>) -> Nest<L> {
    let map: IndexMap<String, Nest<L>> = c
        .iter()
        .map(|(k, e)| {
            let v = match e {
                EntryRef::Leaf(l) => Nest::Leaf(l.clone()),
                EntryRef::Container(c) => nest_of(c),
            };
            (k.to_string(), v)
        })
        .collect();
    Nest::Dict(map)
}
