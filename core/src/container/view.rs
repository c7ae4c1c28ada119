//! Borrowed views of a [`Container`]: a sub-container is a view of its shape
//! and of its range of the leaf list ([`ContainerRef`], [`ContainerMut`]),
//! and an entry read from a container is an [`EntryRef`] / [`EntryMut`].

use super::node::Node;
use super::{Config, Container, Entry};
use std::fmt;
use std::sync::Arc;

/// A sub-container, borrowed: what [`Container::sub`], [`Container::get`]
/// and iteration give for a level below the top. Reading works as on a
/// [`Container`]; [`to_container`](ContainerRef::to_container) makes an
/// owned one (for the `cont_*` methods).
///
/// ```
/// # extern crate ivy_core as ivy;
/// let c: ivy::Container<i64> = ivy::Container::from_key_chains([("a/x", 1i64), ("a/y", 2i64), ("b", 3i64)])?;
/// let a = c.sub("a")?;
/// assert_eq!(a.keys().collect::<Vec<_>>(), ["x", "y"]);
/// assert_eq!(*a.leaf("y")?, 2);
/// assert_eq!(a.to_container().cont_all_key_chains(), ["x", "y"]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub struct ContainerRef<'a, L = crate::Array> {
    pub(crate) node: &'a Arc<Node>,
    pub(crate) leaves: &'a [L],
    pub(crate) config: &'a Config,
}

impl<L> Clone for ContainerRef<'_, L> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<L> Copy for ContainerRef<'_, L> {}

/// A sub-container, borrowed mutably: its leaves can be changed, its
/// structure cannot (insert and remove by key chain on the owning
/// [`Container`]).
///
/// ```
/// # extern crate ivy_core as ivy;
/// let mut c: ivy::Container<i64> = ivy::Container::from_key_chains([("a/x", 1i64), ("a/y", 2i64)])?;
/// c.sub_mut("a")?.leaves_mut().for_each(|x| *x *= 10);
/// assert_eq!(c.cont_to_flat_list(), [10, 20]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub struct ContainerMut<'a, L = crate::Array> {
    pub(crate) node: &'a Arc<Node>,
    pub(crate) leaves: &'a mut [L],
    pub(crate) config: &'a Config,
}

/// One entry of a container, borrowed: a leaf or a sub-container.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::EntryRef;
/// let c: ivy::Container<i64> = ivy::Container::from_key_chains([("a", 1i64), ("b/c", 2i64)])?;
/// assert!(matches!(c.get("a"), Some(EntryRef::Leaf(&1))));
/// assert!(c.get("b").is_some_and(|e| e.is_container()));
/// # Ok::<(), ivy::Error>(())
/// ```
pub enum EntryRef<'a, L = crate::Array> {
    /// A leaf.
    Leaf(&'a L),
    /// A sub-container.
    Container(ContainerRef<'a, L>),
}

impl<L> Clone for EntryRef<'_, L> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<L> Copy for EntryRef<'_, L> {}

/// One entry of a container, borrowed mutably.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::EntryMut;
/// let mut c: ivy::Container<i64> = ivy::Container::from_key_chains([("a", 1i64)])?;
/// if let Some(EntryMut::Leaf(x)) = c.get_mut("a") { *x = 5; }
/// assert_eq!(*c.leaf("a")?, 5);
/// # Ok::<(), ivy::Error>(())
/// ```
pub enum EntryMut<'a, L = crate::Array> {
    /// A leaf.
    Leaf(&'a mut L),
    /// A sub-container.
    Container(ContainerMut<'a, L>),
}

impl<'a, L> EntryRef<'a, L> {
    /// Whether it is a leaf.
    pub fn is_leaf(&self) -> bool {
        matches!(self, EntryRef::Leaf(_))
    }

    /// Whether it is a sub-container.
    pub fn is_container(&self) -> bool {
        matches!(self, EntryRef::Container(_))
    }

    /// The leaf, if it is one.
    pub fn as_leaf(&self) -> Option<&'a L> {
        match *self {
            EntryRef::Leaf(l) => Some(l),
            EntryRef::Container(_) => None,
        }
    }

    /// The sub-container, if it is one.
    pub fn as_container(&self) -> Option<ContainerRef<'a, L>> {
        match *self {
            EntryRef::Container(c) => Some(c),
            EntryRef::Leaf(_) => None,
        }
    }

    /// An owned copy of the entry (for arrays, clones share their elements).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c: ivy::Container<i64> = ivy::Container::from_key_chains([("a/b", 1i64)])?;
    /// let e: Option<ivy::Entry<i64>> = c.get("a").map(|e| e.to_entry());
    /// assert!(e.is_some_and(|e| e.as_container().is_some_and(|s| s.contains("b"))));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn to_entry(&self) -> Entry<L>
    where
        L: Clone,
    {
        match *self {
            EntryRef::Leaf(l) => Entry::Leaf(l.clone()),
            EntryRef::Container(c) => Entry::Container(c.to_container()),
        }
    }
}

impl<'a, L> EntryMut<'a, L> {
    /// Whether it is a leaf.
    pub fn is_leaf(&self) -> bool {
        matches!(self, EntryMut::Leaf(_))
    }

    /// The leaf, if it is one.
    pub fn into_leaf(self) -> Option<&'a mut L> {
        match self {
            EntryMut::Leaf(l) => Some(l),
            EntryMut::Container(_) => None,
        }
    }

    /// The sub-container, if it is one.
    pub fn into_container(self) -> Option<ContainerMut<'a, L>> {
        match self {
            EntryMut::Container(c) => Some(c),
            EntryMut::Leaf(_) => None,
        }
    }
}

impl<'a, L> ContainerRef<'a, L> {
    /// The entry of kid `i` of this level.
    #[inline]
    pub(crate) fn entry(&self, i: usize) -> EntryRef<'a, L> {
        let kid = &self.node.kids[i];
        match &kid.sub {
            None => EntryRef::Leaf(&self.leaves[kid.at]),
            Some(node) => EntryRef::Container(ContainerRef {
                node,
                leaves: &self.leaves[kid.range()],
                config: node.config.as_ref().unwrap_or(self.config),
            }),
        }
    }

    /// The number of entries at this level.
    pub fn len(&self) -> usize {
        self.node.kids.len()
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.node.kids.is_empty()
    }

    /// The print configuration (the owning container's).
    pub fn config(&self) -> Config {
        *self.config
    }

    /// The keys of this level, in order.
    pub fn keys(&self) -> impl ExactSizeIterator<Item = &'a str> + use<'a, L> {
        self.node.keys.iter()
    }

    /// The `(key, entry)` pairs of this level, in order.
    pub fn iter(&self) -> Iter<'a, L> {
        Iter {
            level: *self,
            next: 0..self.len(),
        }
    }

    /// The entries of this level, in order.
    pub fn values(&self) -> impl ExactSizeIterator<Item = EntryRef<'a, L>> + use<'a, L> {
        let this = *self;
        (0..self.len()).map(move |i| this.entry(i))
    }

    /// The entry of one key of this level.
    pub fn get_key(&self, key: &str) -> Option<EntryRef<'a, L>> {
        self.node.keys.position(key).map(|i| self.entry(i))
    }

    /// The `i`th entry of this level with its key.
    pub fn get_index(&self, i: usize) -> Option<(&'a str, EntryRef<'a, L>)> {
        (i < self.len()).then(|| (self.node.keys.get(i), self.entry(i)))
    }

    /// The leaves below this level, in order (depth first).
    pub fn leaves(&self) -> std::slice::Iter<'a, L> {
        self.leaves.iter()
    }

    /// The number of leaves below this level.
    pub fn num_leaves(&self) -> usize {
        self.leaves.len()
    }

    /// An owned container of the same entries (leaves cloned: for arrays,
    /// clones share their elements; the structure is shared).
    pub fn to_container(&self) -> Container<L>
    where
        L: Clone,
    {
        Container {
            node: self.node.clone(),
            leaves: self.leaves.to_vec(),
            config: *self.config,
        }
    }
}

impl<'a, L> ContainerMut<'a, L> {
    /// A read-only view of the same level.
    pub fn as_ref(&self) -> ContainerRef<'_, L> {
        ContainerRef {
            node: self.node,
            leaves: self.leaves,
            config: self.config,
        }
    }

    /// The number of entries at this level.
    pub fn len(&self) -> usize {
        self.node.kids.len()
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.node.kids.is_empty()
    }

    /// The keys of this level, in order.
    pub fn keys(&self) -> impl ExactSizeIterator<Item = &'a str> + use<'a, L> {
        self.node.keys.iter()
    }

    /// The leaves below this level, mutably, in order.
    pub fn leaves_mut(self) -> std::slice::IterMut<'a, L> {
        self.leaves.iter_mut()
    }

    /// The `(key, entry)` pairs of this level, the entries mutable.
    pub fn into_iter_mut(self) -> impl Iterator<Item = (&'a str, EntryMut<'a, L>)> + use<'a, L> {
        let (level, config) = (self.node, self.config);
        let mut rest: &'a mut [L] = self.leaves;
        level.kids.iter().enumerate().map(move |(i, kid)| {
            let (mine, tail) = std::mem::take(&mut rest).split_at_mut(kid.len());
            rest = tail;
            let e = match &kid.sub {
                None => EntryMut::Leaf(&mut mine[0]),
                Some(node) => EntryMut::Container(ContainerMut {
                    node,
                    leaves: mine,
                    config: node.config.as_ref().unwrap_or(config),
                }),
            };
            (level.keys.get(i), e)
        })
    }

    /// The entry of one key of this level, mutably.
    pub fn into_key_mut(self, key: &str) -> Option<EntryMut<'a, L>> {
        let i = self.node.keys.position(key)?;
        let kid = &self.node.kids[i];
        let mine = &mut self.leaves[kid.range()];
        Some(match &kid.sub {
            None => EntryMut::Leaf(&mut mine[0]),
            Some(node) => EntryMut::Container(ContainerMut {
                node,
                leaves: mine,
                config: node.config.as_ref().unwrap_or(self.config),
            }),
        })
    }
}

/// The `(key, entry)` pairs of one level, in order: [`Container::iter`],
/// [`ContainerRef::iter`].
pub struct Iter<'a, L> {
    level: ContainerRef<'a, L>,
    next: std::ops::Range<usize>,
}

impl<'a, L> Iterator for Iter<'a, L> {
    type Item = (&'a str, EntryRef<'a, L>);
    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let i = self.next.next()?;
        Some((self.level.node.keys.get(i), self.level.entry(i)))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.next.size_hint()
    }
}

impl<L> DoubleEndedIterator for Iter<'_, L> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let i = self.next.next_back()?;
        Some((self.level.node.keys.get(i), self.level.entry(i)))
    }
}

impl<L> ExactSizeIterator for Iter<'_, L> {}

impl<L: fmt::Debug> fmt::Debug for ContainerRef<'_, L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<L: fmt::Debug> fmt::Debug for EntryRef<'_, L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EntryRef::Leaf(l) => l.fmt(f),
            EntryRef::Container(c) => c.fmt(f),
        }
    }
}

/// Equal keys (in any order) with equal entries, as [`Container`]'s `==`.
impl<L: PartialEq> PartialEq for ContainerRef<'_, L> {
    fn eq(&self, other: &Self) -> bool {
        if self.len() != other.len() {
            return false;
        }
        if Node::same(self.node, other.node) {
            return self.leaves == other.leaves;
        }
        self.iter().all(|(k, v)| other.get_key(k) == Some(v))
    }
}

impl<L: PartialEq> PartialEq for EntryRef<'_, L> {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (EntryRef::Leaf(a), EntryRef::Leaf(b)) => a == b,
            (EntryRef::Container(a), EntryRef::Container(b)) => a == b,
            _ => false,
        }
    }
}
