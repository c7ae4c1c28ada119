//! Iterating a [`Container`]: its leaves with their key chains (Ivy's
//! `cont_to_iterator` family). The top-level entries and the leaves alone
//! are [`Container::iter`] and [`Container::leaves`].

use super::{Container, ContainerRef, EntryRef, Iter};

/// `for (key, entry) in &c`: the top-level entries, as [`Container::iter`].
///
/// ```
/// # extern crate ivy_core as ivy;
/// let c: ivy::Container<i64> = ivy::Container::from_key_chains([("a", 1i64), ("b/c", 2i64)])?;
/// let mut keys = Vec::new();
/// for (k, _) in &c { keys.push(k); }
/// assert_eq!(keys, ["a", "b"]);
/// # Ok::<(), ivy::Error>(())
/// ```
impl<'a, L> IntoIterator for &'a Container<L> {
    type Item = (&'a str, EntryRef<'a, L>);
    type IntoIter = Iter<'a, L>;
    fn into_iter(self) -> Iter<'a, L> {
        self.iter()
    }
}

/// Options of [`Container::cont_to_iterator_with`] (Ivy's keyword
/// arguments of `cont_to_iterator`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// let o = ivy::container::IterOptions { include_empty: true, ..Default::default() };
/// assert!(!o.leaf_keys_only);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct IterOptions {
    /// Yield each entry's own key instead of its whole key chain.
    pub leaf_keys_only: bool,
    /// Yield empty sub-containers too (as entries), instead of skipping them.
    pub include_empty: bool,
}

/// One open level of a [`ToIterator`] walk: the level, the index of its
/// next entry, and the length of the key chain before the level.
type OpenLevel<'a, L> = (ContainerRef<'a, L>, usize, usize);

/// The leaves with their key chains, depth first, keys in order (Ivy's
/// `cont_to_iterator`): see [`Container::cont_to_iterator_with`].
pub struct ToIterator<'a, L> {
    /// Per open level: its keys, its entries, and the chain length before it.
    stack: Vec<OpenLevel<'a, L>>,
    chain: String,
    options: IterOptions,
}

impl<'a, L> ToIterator<'a, L> {
    pub(crate) fn new(c: ContainerRef<'a, L>, options: IterOptions) -> ToIterator<'a, L> {
        ToIterator {
            stack: vec![(c, 0, 0)],
            chain: String::new(),
            options,
        }
    }
}

impl<'a, L> Iterator for ToIterator<'a, L> {
    type Item = (String, EntryRef<'a, L>);
    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let (level, next, base) = self.stack.last_mut()?;
            let (level, i, base) = (*level, *next, *base);
            let Some((key, e)) = level.get_index(i) else {
                self.stack.pop();
                continue;
            };
            *next += 1;
            self.chain.truncate(base);
            if !self.chain.is_empty() {
                self.chain.push('/');
            }
            self.chain.push_str(key);
            let name = || {
                if self.options.leaf_keys_only {
                    key.to_string()
                } else {
                    self.chain.clone()
                }
            };
            match e {
                EntryRef::Leaf(_) => return Some((name(), e)),
                EntryRef::Container(c) if c.is_empty() => {
                    if self.options.include_empty {
                        return Some((name(), e));
                    }
                }
                EntryRef::Container(c) => {
                    let len = self.chain.len();
                    self.stack.push((c, 0, len));
                }
            }
        }
    }
}

/// The key chains of a container's leaves, in order
/// ([`Container::cont_to_iterator_keys`]).
pub struct KeyChains<'a, L> {
    inner: ToIterator<'a, L>,
}

impl<L> Iterator for KeyChains<'_, L> {
    type Item = String;
    fn next(&mut self) -> Option<String> {
        self.inner.next().map(|(k, _)| k)
    }
}

impl<L> Container<L> {
    /// The leaves with their key chains, depth first, keys in order (Ivy's
    /// `cont_to_iterator`; empty sub-containers are skipped).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a", 1), ("b/c", 2), ("b/d", 3)])?;
    /// let items: Vec<(String, i64)> = c.cont_to_iterator().map(|(k, v)| (k, *v)).collect();
    /// assert_eq!(items, [("a".into(), 1), ("b/c".into(), 2), ("b/d".into(), 3)]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_to_iterator(&self) -> impl Iterator<Item = (String, &L)> + '_ {
        ToIterator::new(self.view(), IterOptions::default())
            .filter_map(|(k, e)| e.as_leaf().map(|l| (k, l)))
    }

    /// [`cont_to_iterator`](Self::cont_to_iterator) with Ivy's options:
    /// own keys instead of chains, and empty sub-containers as entries.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::container::IterOptions;
    /// let mut c = ivy::Container::from_key_chains([("a/b", 1)])?;
    /// c.insert("e", ivy::Container::new())?;
    /// let keys: Vec<String> = c
    ///     .cont_to_iterator_with(IterOptions { leaf_keys_only: true, include_empty: true })
    ///     .map(|(k, _)| k)
    ///     .collect();
    /// assert_eq!(keys, ["b", "e"]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_to_iterator_with(&self, options: IterOptions) -> ToIterator<'_, L> {
        ToIterator::new(self.view(), options)
    }

    /// The key chains of the leaves, in order (Ivy's `cont_to_iterator_keys`).
    pub fn cont_to_iterator_keys(&self) -> KeyChains<'_, L> {
        KeyChains {
            inner: ToIterator::new(self.view(), IterOptions::default()),
        }
    }

    /// The leaves, in order (Ivy's `cont_to_iterator_values`).
    pub fn cont_to_iterator_values(&self) -> std::slice::Iter<'_, L> {
        self.leaves()
    }

    /// The key chains of every leaf, in order (Ivy's `cont_all_key_chains`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a", 1), ("b/c", 2), ("b/d", 3)])?;
    /// assert_eq!(c.cont_all_key_chains(), ["a", "b/c", "b/d"]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_all_key_chains(&self) -> Vec<String> {
        self.cont_to_iterator_keys().collect()
    }

    /// The key chains of every leaf and, with `include_empty`, of every
    /// empty sub-container: `{a: {b: {}}, c: 1}` gives `["c"]`, or
    /// `["a/b", "c"]` with `include_empty`.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let mut c: ivy::Container<i64> = ivy::Container::new();
    /// c.insert("a/b", ivy::Container::new())?;
    /// c.insert("c", 1)?;
    /// assert_eq!(c.cont_all_key_chains_with(false), ["c"]);
    /// assert_eq!(c.cont_all_key_chains_with(true), ["a/b", "c"]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_all_key_chains_with(&self, include_empty: bool) -> Vec<String> {
        ToIterator::new(
            self.view(),
            IterOptions {
                include_empty,
                ..Default::default()
            },
        )
        .map(|(k, _)| k)
        .collect()
    }
}
