//! A [`Container`] is a pytree: a dict node per level, so every `tree_*`
//! function (and, later, every gradient function) applies to it.
//!
//! As every map, a level is traversed in sorted key order (so containers
//! with the same keys in another order zip together) and rebuilt in its own
//! insertion order, which the `TreeDef` keeps. [`Container::leaves`] and
//! [`Container::cont_to_flat_list`] follow the insertion order instead.

use super::{Config, Container, ContainerRef, Entry, EntryRef, Keys, Node};
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
        flatten_view(self.view(), sink);
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
        let mut ordered: Vec<(Box<str>, Entry<L>)> = Vec::with_capacity(entries.len());
        if let Some(order) = d.order {
            for j in order {
                if let Some(kv) = entries.get_mut(j).and_then(Option::take) {
                    ordered.push(kv);
                }
            }
        }
        ordered.extend(entries.into_iter().flatten());
        let keys = Keys::from_iter(ordered.iter().map(|(k, _)| &**k));
        let values = ordered.into_iter().map(|(_, v)| v).collect();
        Ok(Container::from_parts(keys, values, Config::default()))
    }

    fn for_each_mut<F: FnMut(&mut L)>(&mut self, f: &mut F) {
        let (node, leaves) = (&self.node, &mut self.leaves);
        visit_sorted(node, 0, &mut |i| f(&mut leaves[i]));
    }

    /// A container is a dict node.
    fn accepts(next: &crate::tree::Peek<'_>) -> bool {
        next.kind() == NodeKind::Dict
    }
}

/// Flatten a (sub-)container: each level's keys in sorted order.
fn flatten_view<'a, L, S: Sink<'a, L>>(c: ContainerRef<'a, L>, sink: &mut S) {
    let positions = sorted_positions(&c.node.keys);
    let boxed: smallvec::SmallVec<[Box<str>; 16]> = positions
        .iter()
        .map(|&i| Box::from(c.node.keys.get(i)))
        .collect();
    let refs: smallvec::SmallVec<[&Box<str>; 16]> = boxed.iter().collect();
    let order = insertion_order(&positions);
    let token = sink.dict(&refs, order.as_deref());
    for (j, &i) in positions.iter().enumerate() {
        sink.child_key(refs[j]);
        match c.entry(i) {
            EntryRef::Leaf(l) => sink.leaf(l),
            EntryRef::Container(sub) => flatten_view(sub, sink),
        }
    }
    sink.end(token);
}

/// Call `f` with the index of every leaf below `node` (whose first leaf is
/// `base`), each level's keys in sorted order.
fn visit_sorted(node: &Node, base: usize, f: &mut impl FnMut(usize)) {
    for i in sorted_positions(&node.keys) {
        let kid = &node.kids[i];
        match &kid.sub {
            None => f(base + kid.at),
            Some(sub) => visit_sorted(sub, base + kid.at, f),
        }
    }
}

impl<L, M> TreeMap<L, M> for Container<L> {
    type Output = Container<M>;

    fn map_ref<F: FnMut(&L) -> M>(&self, f: &mut F) -> Container<M> {
        let mut slots: Vec<Option<M>> = (0..self.leaves.len()).map(|_| None).collect();
        visit_sorted(&self.node, 0, &mut |i| slots[i] = Some(f(&self.leaves[i])));
        Container::from_flat(
            self.node.clone(),
            slots.into_iter().flatten().collect(),
            self.config,
        )
    }

    fn try_map_ref<E: From<Error>, F: FnMut(&L) -> std::result::Result<M, E>>(
        &self,
        f: &mut F,
    ) -> std::result::Result<Container<M>, E> {
        let mut slots: Vec<Option<M>> = (0..self.leaves.len()).map(|_| None).collect();
        let mut failed = None;
        visit_sorted(&self.node, 0, &mut |i| {
            if failed.is_none() {
                match f(&self.leaves[i]) {
                    Ok(m) => slots[i] = Some(m),
                    Err(e) => failed = Some(e),
                }
            }
        });
        if let Some(e) = failed {
            return Err(e);
        }
        Ok(Container::from_flat(
            self.node.clone(),
            slots.into_iter().flatten().collect(),
            self.config,
        ))
    }
}
