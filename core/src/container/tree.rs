//! A [`Container`] is a pytree: a dict node per level, so every `tree_*`
//! function (and, later, every gradient function) applies to it.
//!
//! As every map, a level is traversed in sorted key order (so containers
//! with the same keys in another order zip together) and rebuilt in its own
//! insertion order, which the `TreeDef` keeps. [`Container::leaves`] and
//! [`Container::cont_to_flat_list`] follow the insertion order instead.

use super::{Container, Entry, Keys};
use crate::error::{Error, Result};
use crate::tree::{DictKeys, NodeKind, Sink, Source, Tree, TreeMap, insertion_order};

/// The positions of a level's keys in sorted order.
fn sorted_positions(keys: &Keys) -> Vec<usize> {
    let mut order: Vec<usize> = (0..keys.len()).collect();
    order.sort_by(|&a, &b| keys.get(a).cmp(keys.get(b)));
    order
}

/// ```
/// # extern crate ivy_core as ivy;
/// let c = ivy::Container::from_key_chains([("b", 1.0), ("a/y", 2.0), ("a/x", 3.0)])?;
/// let (leaves, def) = ivy::tree_flatten(&c);
/// assert_eq!(leaves, [3.0, 2.0, 1.0]); // a/x, a/y, b: sorted at each level
/// let back: ivy::Container<f64> = ivy::tree_unflatten(&def, leaves)?;
/// assert_eq!(back.cont_all_key_chains(), c.cont_all_key_chains()); // insertion order kept
/// let doubled = ivy::tree_map(|x| x * 2.0, &c);
/// assert_eq!(*doubled.leaf("a/x")?, 6.0);
/// # Ok::<(), ivy::Error>(())
/// ```
impl<L> Tree<L> for Container<L> {
    fn flatten_into<'a, S: Sink<'a, L>>(&'a self, sink: &mut S)
    where
        L: 'a,
    {
        let positions = sorted_positions(&self.keys);
        let keys: smallvec::SmallVec<[&str; 16]> =
            positions.iter().map(|&i| self.keys.get(i)).collect();
        let boxed: smallvec::SmallVec<[Box<str>; 16]> =
            keys.iter().map(|k| Box::from(*k)).collect();
        let refs: smallvec::SmallVec<[&Box<str>; 16]> = boxed.iter().collect();
        let order = insertion_order(&positions);
        let token = sink.dict(&refs, order.as_deref());
        for (j, &i) in positions.iter().enumerate() {
            sink.child_key(refs[j]);
            match &self.values[i] {
                Entry::Leaf(l) => sink.leaf(l),
                Entry::Container(c) => c.flatten_into(sink),
            }
        }
        sink.end(token);
    }

    fn unflatten_from<S: Source<L>>(src: &mut S) -> Result<Self> {
        let d: DictKeys<Box<str>> = src.dict()?;
        let mut entries: Vec<Option<(Box<str>, Entry<L>)>> = Vec::with_capacity(d.keys.len());
        for k in d.keys {
            let e = match src.peek() {
                Some((NodeKind::Dict, _)) => Entry::Container(Container::unflatten_from(src)?),
                Some((NodeKind::Leaf, _)) | None => Entry::Leaf(src.leaf()?),
                Some((kind, _)) => {
                    return Err(Error::structure(
                        "tree_unflatten",
                        format!("container['{k}']"),
                        format!("a container holds leaves and dicts, not a {kind:?} node"),
                    ));
                }
            };
            entries.push(Some((k, e)));
        }
        src.end()?;
        let mut c = Container::new();
        if let Some(order) = d.order {
            for j in order {
                if let Some((k, v)) = entries.get_mut(j).and_then(Option::take) {
                    c.insert_key_unchecked(&k, v);
                }
            }
        }
        for (k, v) in entries.into_iter().flatten() {
            c.insert_key_unchecked(&k, v);
        }
        Ok(c)
    }

    fn for_each_mut<F: FnMut(&mut L)>(&mut self, f: &mut F) {
        let positions = sorted_positions(&self.keys);
        let mut slots: Vec<Option<&mut Entry<L>>> = self.values.iter_mut().map(Some).collect();
        for i in positions {
            match slots.get_mut(i).and_then(Option::take) {
                Some(Entry::Leaf(l)) => f(l),
                Some(Entry::Container(c)) => c.for_each_mut(f),
                None => {}
            }
        }
    }
}

impl<L, M> TreeMap<L, M> for Container<L> {
    type Output = Container<M>;

    fn map_ref<F: FnMut(&L) -> M>(&self, f: &mut F) -> Container<M> {
        let positions = sorted_positions(&self.keys);
        let mut slots: Vec<Option<Entry<M>>> = (0..self.values.len()).map(|_| None).collect();
        for i in positions {
            let v = match &self.values[i] {
                Entry::Leaf(l) => Entry::Leaf(f(l)),
                Entry::Container(c) => Entry::Container(c.map_ref(f)),
            };
            slots[i] = Some(v);
        }
        Container::from_parts(
            self.keys.clone(),
            slots.into_iter().flatten().collect(),
            self.config,
        )
    }

    fn try_map_ref<E: From<Error>, F: FnMut(&L) -> std::result::Result<M, E>>(
        &self,
        f: &mut F,
    ) -> std::result::Result<Container<M>, E> {
        let positions = sorted_positions(&self.keys);
        let mut slots: Vec<Option<Entry<M>>> = (0..self.values.len()).map(|_| None).collect();
        for i in positions {
            let v = match &self.values[i] {
                Entry::Leaf(l) => Entry::Leaf(f(l)?),
                Entry::Container(c) => Entry::Container(c.try_map_ref(f)?),
            };
            slots[i] = Some(v);
        }
        Ok(Container::from_parts(
            self.keys.clone(),
            slots.into_iter().flatten().collect(),
            self.config,
        ))
    }
}
