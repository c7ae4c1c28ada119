//! Iterating a [`Container`]: its top-level entries, its leaves, and its
//! leaves with their key chains (Ivy's `cont_to_iterator` family).

use super::{Container, Entry, Keys};

/// The top-level `(key, entry)` pairs of a container ([`Container::iter`]).
pub struct Iter<'a, L> {
    keys: &'a Keys,
    values: std::iter::Enumerate<std::slice::Iter<'a, Entry<L>>>,
}

impl<'a, L> Iter<'a, L> {
    pub(super) fn new(c: &'a Container<L>) -> Iter<'a, L> {
        Iter {
            keys: &c.keys,
            values: c.values.iter().enumerate(),
        }
    }
}

impl<'a, L> Iterator for Iter<'a, L> {
    type Item = (&'a str, &'a Entry<L>);
    fn next(&mut self) -> Option<Self::Item> {
        self.values.next().map(|(i, e)| (self.keys.get(i), e))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.values.size_hint()
    }
}

impl<L> ExactSizeIterator for Iter<'_, L> {}

impl<'a, L> IntoIterator for &'a Container<L> {
    type Item = (&'a str, &'a Entry<L>);
    type IntoIter = Iter<'a, L>;
    fn into_iter(self) -> Iter<'a, L> {
        self.iter()
    }
}

/// The leaves of a container in order, depth first ([`Container::leaves`]).
pub struct Leaves<'a, L> {
    stack: Vec<std::slice::Iter<'a, Entry<L>>>,
}

impl<'a, L> Leaves<'a, L> {
    pub(super) fn new(c: &'a Container<L>) -> Leaves<'a, L> {
        Leaves {
            stack: vec![c.values.iter()],
        }
    }
}

impl<'a, L> Iterator for Leaves<'a, L> {
    type Item = &'a L;
    #[inline]
    fn next(&mut self) -> Option<&'a L> {
        loop {
            match self.stack.last_mut()?.next() {
                Some(Entry::Leaf(l)) => return Some(l),
                Some(Entry::Container(c)) => self.stack.push(c.values.iter()),
                None => {
                    self.stack.pop();
                }
            }
        }
    }
}

/// The leaves of a container in order, mutably ([`Container::leaves_mut`]).
pub struct LeavesMut<'a, L> {
    stack: Vec<std::slice::IterMut<'a, Entry<L>>>,
}

impl<'a, L> LeavesMut<'a, L> {
    pub(super) fn new(c: &'a mut Container<L>) -> LeavesMut<'a, L> {
        LeavesMut {
            stack: vec![c.values.iter_mut()],
        }
    }
}

impl<'a, L> Iterator for LeavesMut<'a, L> {
    type Item = &'a mut L;
    #[inline]
    fn next(&mut self) -> Option<&'a mut L> {
        loop {
            match self.stack.last_mut()?.next() {
                Some(Entry::Leaf(l)) => return Some(l),
                Some(Entry::Container(c)) => self.stack.push(c.values.iter_mut()),
                None => {
                    self.stack.pop();
                }
            }
        }
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

/// One open level of a [`ToIterator`] walk: the level's keys, its entries
/// still to visit (with their indices), and the length of the key chain
/// before the level.
type OpenLevel<'a, L> = (
    &'a Keys,
    std::iter::Enumerate<std::slice::Iter<'a, Entry<L>>>,
    usize,
);

/// The leaves with their key chains, depth first, keys in order (Ivy's
/// `cont_to_iterator`): see [`Container::cont_to_iterator_with`].
pub struct ToIterator<'a, L> {
    /// Per open level: its keys, its entries, and the chain length before it.
    stack: Vec<OpenLevel<'a, L>>,
    chain: String,
    options: IterOptions,
}

impl<'a, L> ToIterator<'a, L> {
    pub(super) fn new(c: &'a Container<L>, options: IterOptions) -> ToIterator<'a, L> {
        ToIterator {
            stack: vec![(&c.keys, c.values.iter().enumerate(), 0)],
            chain: String::new(),
            options,
        }
    }
}

impl<'a, L> Iterator for ToIterator<'a, L> {
    type Item = (String, &'a Entry<L>);
    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let (keys, it, base) = self.stack.last_mut()?;
            let (keys, base) = (*keys, *base);
            let Some((i, e)) = it.next() else {
                self.stack.pop();
                continue;
            };
            let key = keys.get(i);
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
                Entry::Leaf(_) => return Some((name(), e)),
                Entry::Container(c) if c.is_empty() => {
                    if self.options.include_empty {
                        return Some((name(), e));
                    }
                }
                Entry::Container(c) => {
                    let len = self.chain.len();
                    self.stack.push((&c.keys, c.values.iter().enumerate(), len));
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
        ToIterator::new(self, IterOptions::default())
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
        ToIterator::new(self, options)
    }

    /// The key chains of the leaves, in order (Ivy's `cont_to_iterator_keys`).
    pub fn cont_to_iterator_keys(&self) -> KeyChains<'_, L> {
        KeyChains {
            inner: ToIterator::new(self, IterOptions::default()),
        }
    }

    /// The leaves, in order (Ivy's `cont_to_iterator_values`).
    pub fn cont_to_iterator_values(&self) -> Leaves<'_, L> {
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
            self,
            IterOptions {
                include_empty,
                ..Default::default()
            },
        )
        .map(|(k, _)| k)
        .collect()
    }
}
