//! [`DefaultDict`]: Python's `collections.defaultdict` as a Rust map, and
//! optree's `defaultdict` node.

use super::def::NodeKind;
use super::key::TreeKey;
use super::visit::{DictKeys, Peek, Sink, Source, Tree, TreeMap, insertion_order};
use crate::error::{Error, Result};
use indexmap::IndexMap;
use std::fmt;
use std::hash::Hash;
use std::ops::{Deref, DerefMut};

/// A map that inserts `V::default()` for a key it does not hold when asked
/// for it mutably (Python's `collections.defaultdict`, its default factory
/// being `V::default`), in insertion order.
///
/// As a tree it is optree's `defaultdict` node: children in sorted key
/// order (so equal maps flatten alike), rebuilt in insertion order, printed
/// `defaultdict({'a': *, 'b': *})`. It reads as an `IndexMap` through
/// `Deref`.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::tree::DefaultDict;
/// let mut counts: DefaultDict<&str, Vec<f64>> = DefaultDict::new();
/// counts.get_or_default("b").push(1.0); // d['b'].append(1.0)
/// counts.get_or_default("a").push(2.0);
/// counts.get_or_default("b").push(3.0);
/// let (leaves, def) = ivy::tree_flatten(&counts);
/// assert_eq!(leaves, [2.0, 1.0, 3.0]);
/// assert_eq!(def.to_string(), "TreeDef(defaultdict({'a': [*], 'b': [*, *]}))");
/// let back: DefaultDict<&str, Vec<f64>> = ivy::tree_unflatten(&def, leaves)?;
/// assert_eq!(back.keys().copied().collect::<Vec<_>>(), ["b", "a"]); // insertion order
/// assert_eq!(back, counts);
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone)]
pub struct DefaultDict<K, V> {
    map: IndexMap<K, V>,
}

impl<K, V> DefaultDict<K, V> {
    /// An empty map.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// assert!(ivy::tree::DefaultDict::<String, f64>::new().is_empty());
    /// ```
    pub fn new() -> DefaultDict<K, V> {
        DefaultDict {
            map: IndexMap::new(),
        }
    }

    /// The map inside.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// let d: ivy::tree::DefaultDict<&str, i32> = [("a", 1)].into_iter().collect();
    /// assert_eq!(d.into_inner()["a"], 1);
    /// ```
    pub fn into_inner(self) -> IndexMap<K, V> {
        self.map
    }
}

impl<K: Hash + Eq, V: Default> DefaultDict<K, V> {
    /// The value of `key`, inserting `V::default()` first if it is missing
    /// (Python's `d[key]` on a defaultdict).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// let mut d: ivy::tree::DefaultDict<&str, i32> = ivy::tree::DefaultDict::new();
    /// *d.get_or_default("n") += 2;
    /// *d.get_or_default("n") += 3;
    /// assert_eq!(d["n"], 5);
    /// ```
    pub fn get_or_default(&mut self, key: K) -> &mut V {
        self.map.entry(key).or_default()
    }
}

impl<K, V> Default for DefaultDict<K, V> {
    fn default() -> DefaultDict<K, V> {
        DefaultDict::new()
    }
}

impl<K, V> Deref for DefaultDict<K, V> {
    type Target = IndexMap<K, V>;
    fn deref(&self) -> &IndexMap<K, V> {
        &self.map
    }
}

impl<K, V> DerefMut for DefaultDict<K, V> {
    fn deref_mut(&mut self) -> &mut IndexMap<K, V> {
        &mut self.map
    }
}

impl<K, V> From<IndexMap<K, V>> for DefaultDict<K, V> {
    fn from(map: IndexMap<K, V>) -> DefaultDict<K, V> {
        DefaultDict { map }
    }
}

impl<K: Hash + Eq, V> FromIterator<(K, V)> for DefaultDict<K, V> {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> DefaultDict<K, V> {
        DefaultDict {
            map: IndexMap::from_iter(iter),
        }
    }
}

impl<K, V> IntoIterator for DefaultDict<K, V> {
    type Item = (K, V);
    type IntoIter = indexmap::map::IntoIter<K, V>;
    fn into_iter(self) -> Self::IntoIter {
        self.map.into_iter()
    }
}

impl<'a, K, V> IntoIterator for &'a DefaultDict<K, V> {
    type Item = (&'a K, &'a V);
    type IntoIter = indexmap::map::Iter<'a, K, V>;
    fn into_iter(self) -> Self::IntoIter {
        self.map.iter()
    }
}

/// Equal when they hold the same entries, in any order (as Python's).
impl<K: Hash + Eq, V: PartialEq> PartialEq for DefaultDict<K, V> {
    fn eq(&self, other: &DefaultDict<K, V>) -> bool {
        self.map == other.map
    }
}

impl<K: Hash + Eq, V: Eq> Eq for DefaultDict<K, V> {}

impl<K: fmt::Debug, V: fmt::Debug> fmt::Debug for DefaultDict<K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("DefaultDict(")?;
        f.debug_map().entries(self.map.iter()).finish()?;
        f.write_str(")")
    }
}

/// The positions of the entries in sorted key order.
fn sorted_positions<K: Ord, V>(m: &IndexMap<K, V>) -> Vec<usize> {
    let mut order: Vec<usize> = (0..m.len()).collect();
    order.sort_by(|&a, &b| {
        m.get_index(a)
            .map(|e| e.0)
            .cmp(&m.get_index(b).map(|e| e.0))
    });
    order
}

impl<L, K: TreeKey + Hash, V: Tree<L>> Tree<L> for DefaultDict<K, V> {
    fn flatten_into<'a, S: Sink<'a, L>>(&'a self, sink: &mut S)
    where
        L: 'a,
    {
        let positions = sorted_positions(&self.map);
        let entries: Vec<(&K, &V)> = positions
            .iter()
            .filter_map(|&i| self.map.get_index(i))
            .collect();
        let keys: Vec<&K> = entries.iter().map(|e| e.0).collect();
        let order = insertion_order(&positions);
        let token = sink.default_dict(&keys, order.as_deref());
        for (k, v) in entries {
            sink.child_key(k);
            v.flatten_into(sink);
        }
        sink.end(token);
    }

    fn unflatten_from<S: Source<L>>(src: &mut S) -> Result<Self> {
        let d: DictKeys<K> = src.default_dict::<K>()?;
        let mut pairs: Vec<Option<(K, V)>> = Vec::with_capacity(d.keys.len());
        for k in d.keys {
            let v = V::unflatten_from(src)?;
            pairs.push(Some((k, v)));
        }
        src.end()?;
        let mut m = IndexMap::with_capacity(pairs.len());
        if let Some(order) = d.order {
            for j in order {
                if let Some((k, v)) = pairs.get_mut(j).and_then(Option::take) {
                    m.insert(k, v);
                }
            }
        }
        // Everything not placed by the order (all of it without one) keeps
        // the sorted order.
        m.extend(pairs.into_iter().flatten());
        Ok(DefaultDict { map: m })
    }

    fn for_each_mut<F: FnMut(&mut L)>(&mut self, f: &mut F) {
        let mut entries: Vec<(&K, &mut V)> = self.map.iter_mut().collect();
        entries.sort_by(|a, b| a.0.cmp(b.0));
        for (_, v) in entries {
            v.for_each_mut(f)
        }
    }

    #[inline]
    fn accepts(next: &Peek<'_>) -> bool {
        next.kind() == NodeKind::DefaultDict
    }
}

impl<L, M, K: TreeKey + Hash, V: TreeMap<L, M>> TreeMap<L, M> for DefaultDict<K, V> {
    type Output = DefaultDict<K, V::Output>;

    fn map_ref<F: FnMut(&L) -> M>(&self, f: &mut F) -> Self::Output {
        let mut out: Vec<Option<(K, V::Output)>> = (0..self.map.len()).map(|_| None).collect();
        for i in sorted_positions(&self.map) {
            if let (Some((k, v)), Some(slot)) = (self.map.get_index(i), out.get_mut(i)) {
                *slot = Some((k.clone(), v.map_ref(f)));
            }
        }
        out.into_iter().flatten().collect()
    }

    fn try_map_ref<E: From<Error>, F: FnMut(&L) -> std::result::Result<M, E>>(
        &self,
        f: &mut F,
    ) -> std::result::Result<Self::Output, E> {
        let mut out: Vec<Option<(K, V::Output)>> = (0..self.map.len()).map(|_| None).collect();
        for i in sorted_positions(&self.map) {
            if let (Some((k, v)), Some(slot)) = (self.map.get_index(i), out.get_mut(i)) {
                *slot = Some((k.clone(), v.try_map_ref(f)?));
            }
        }
        Ok(out.into_iter().flatten().collect())
    }
}
