//! The shape of a [`Container`](super::Container): each level's keys and, for
//! each key, a leaf or a sub-level, with where its leaves sit in the
//! container's one flat list of leaves.
//!
//! A container is its shape (shared by reference count between every
//! container of the same structure: a map, an op over it, a list of leaves
//! put back) and a `Vec` of its leaves in depth-first order. The leaves
//! below any level are a contiguous range of that list, so a sub-container
//! is a view of one range and mapping a container is a loop over one
//! vector.

use super::{Config, Container, Entry, Keys};
use std::ops::Range;
use std::sync::{Arc, LazyLock};

/// One level: its keys in order, one [`Kid`] per key, and how many leaves
/// lie below it.
#[derive(Clone, Default)]
pub(crate) struct Node {
    pub(crate) keys: Keys,
    pub(crate) kids: Vec<Kid>,
    /// The number of leaves below this level.
    pub(crate) size: usize,
    /// The print configuration of a sub-container that has its own (else
    /// it prints with its container's).
    pub(crate) config: Option<Config>,
}

/// The entry of one key: where its leaves start (relative to the level's
/// first leaf) and, for a sub-container, its level.
#[derive(Clone)]
pub(crate) struct Kid {
    pub(crate) at: usize,
    pub(crate) sub: Option<Arc<Node>>,
}

impl Kid {
    /// The number of leaves of this entry (1 for a leaf).
    #[inline]
    pub(crate) fn len(&self) -> usize {
        match &self.sub {
            None => 1,
            Some(n) => n.size,
        }
    }

    /// Its leaves, relative to the level's first leaf.
    #[inline]
    pub(crate) fn range(&self) -> Range<usize> {
        self.at..self.at + self.len()
    }
}

static EMPTY: LazyLock<Arc<Node>> = LazyLock::new(|| Arc::new(Node::default()));

impl Node {
    /// The level of an empty container (one shared allocation).
    pub(crate) fn empty() -> Arc<Node> {
        EMPTY.clone()
    }

    /// A level of these keys and entries (`kids[i]` is `None` for a leaf,
    /// else the sub-level); the offsets are computed.
    pub(crate) fn new(keys: Keys, kids: impl IntoIterator<Item = Option<Arc<Node>>>) -> Node {
        let mut size = 0;
        let kids = kids
            .into_iter()
            .map(|sub| {
                let kid = Kid { at: size, sub };
                size += kid.len();
                kid
            })
            .collect();
        Node {
            keys,
            kids,
            size,
            config: None,
        }
    }

    /// The same keys in the same order with the same kinds of entries at
    /// every level (a shared shape is the cheap case).
    pub(crate) fn same(a: &Arc<Node>, b: &Arc<Node>) -> bool {
        Arc::ptr_eq(a, b)
            || (a.size == b.size
                && a.kids.len() == b.kids.len()
                && a.keys.equal_in_order(&b.keys)
                && a.kids
                    .iter()
                    .zip(&b.kids)
                    .all(|(x, y)| match (&x.sub, &y.sub) {
                        (None, None) => true,
                        (Some(x), Some(y)) => Node::same(x, y),
                        _ => false,
                    }))
    }

    /// Drop the print configurations of the levels below (they print with
    /// the container's); shared levels are copied only where one is set.
    pub(crate) fn clear_configs(node: &mut Arc<Node>) {
        fn any(n: &Node) -> bool {
            n.kids.iter().any(|k| {
                k.sub
                    .as_deref()
                    .is_some_and(|s| s.config.is_some() || any(s))
            })
        }
        if !any(node) {
            return;
        }
        for kid in &mut Arc::make_mut(node).kids {
            if let Some(sub) = &mut kid.sub {
                if sub.config.is_some() {
                    Arc::make_mut(sub).config = None;
                }
                Node::clear_configs(sub);
            }
        }
    }

    /// Recompute the offsets and the size after entries changed.
    pub(crate) fn reindex(&mut self) {
        let mut size = 0;
        for kid in &mut self.kids {
            kid.at = size;
            size += kid.len();
        }
        self.size = size;
    }

    /// Entry `i` now has its current number of leaves instead of `old`:
    /// move the offsets of the entries after it and the size. Only those
    /// after it, so appending to the last entry of a wide level (building a
    /// container key by key) costs nothing per sibling.
    pub(crate) fn resized(&mut self, i: usize, old: usize) {
        let new = self.kids[i].len();
        if new == old {
            return;
        }
        // Every later entry starts at least `old` past entry `i`'s start,
        // and the size counts those `old` leaves: nothing goes below zero.
        for kid in &mut self.kids[i + 1..] {
            kid.at = kid.at - old + new;
        }
        self.size = self.size - old + new;
    }

    /// The key chain of the leaf at `index` (relative to this level), for
    /// error messages: found by descending through the offsets.
    pub(crate) fn key_chain_of(&self, mut index: usize) -> String {
        let mut chain = String::new();
        let mut node = self;
        loop {
            let Some(i) = node.kids.iter().position(|k| k.range().contains(&index)) else {
                return chain;
            };
            if !chain.is_empty() {
                chain.push('/');
            }
            chain.push_str(node.keys.get(i));
            let kid = &node.kids[i];
            match &kid.sub {
                None => return chain,
                Some(sub) => {
                    index -= kid.at;
                    node = sub;
                }
            }
        }
    }
}

/// Put `entry` under `key` at the level `node`, whose leaves start at `base`
/// in `leaves`; a new key goes last, a replaced one keeps its place and is
/// returned. The caller fixes the levels above (their sizes changed).
pub(crate) fn insert_in<L>(
    node: &mut Node,
    leaves: &mut Vec<L>,
    base: usize,
    key: &str,
    entry: Entry<L>,
    config: Config,
) -> Option<Entry<L>> {
    let (sub, new) = match entry {
        Entry::Leaf(l) => (None, vec![l]),
        Entry::Container(c) => {
            let (n, l) = c.into_sub(&config);
            (Some(n), l)
        }
    };
    match node.keys.position(key) {
        Some(i) => {
            let range = node.kids[i].range();
            let old: Vec<L> = leaves
                .splice(base + range.start..base + range.end, new)
                .collect();
            let old_len = range.len();
            let old_sub = std::mem::replace(&mut node.kids[i].sub, sub);
            node.resized(i, old_len);
            Some(entry_of(old_sub, old, config))
        }
        None => {
            node.keys.push(key);
            let at = node.size;
            let kid = Kid { at, sub };
            node.size += kid.len();
            node.kids.push(kid);
            let end = base + at;
            leaves.splice(end..end, new);
            None
        }
    }
}

/// Remove `key` from the level `node` (leaves from `base`), returning its
/// entry. The caller fixes the levels above.
pub(crate) fn remove_in<L>(
    node: &mut Node,
    leaves: &mut Vec<L>,
    base: usize,
    key: &str,
    config: Config,
) -> Option<Entry<L>> {
    let i = node.keys.position(key)?;
    let kid = node.kids.remove(i);
    node.keys.shift_remove(i);
    let range = kid.range();
    let old: Vec<L> = leaves.drain(base + range.start..base + range.end).collect();
    node.reindex();
    Some(entry_of(kid.sub, old, config))
}

/// The owned entry of a removed kid.
fn entry_of<L>(sub: Option<Arc<Node>>, leaves: Vec<L>, config: Config) -> Entry<L> {
    match sub {
        None => match leaves.into_iter().next() {
            Some(l) => Entry::Leaf(l),
            None => Entry::Container(Container::with_config(config)),
        },
        Some(n) => {
            let config = n.config.unwrap_or(config);
            Entry::Container(Container::from_flat(n, leaves, config))
        }
    }
}

/// Why [`edit_at`] could not reach its level: the key at `depth` of the
/// path is missing, or the entry there is a leaf.
pub(crate) enum PathStop {
    Missing(usize),
    Leaf(usize),
}

/// Apply `edit` to the level at `path` below `node` (whose leaves start at
/// `base`), creating missing levels when `create`; the offsets and sizes of
/// the levels on the way are fixed afterwards. Shared levels are copied
/// first (copy on write), so containers of the same structure stay as they
/// were.
pub(crate) fn edit_at<L, R>(
    node: &mut Arc<Node>,
    leaves: &mut Vec<L>,
    base: usize,
    path: &[&str],
    create: bool,
    edit: &mut dyn FnMut(&mut Node, &mut Vec<L>, usize) -> R,
) -> Result<R, PathStop> {
    edit_from(node, leaves, base, path, 0, create, edit)
}

fn edit_from<L, R>(
    node: &mut Arc<Node>,
    leaves: &mut Vec<L>,
    base: usize,
    path: &[&str],
    depth: usize,
    create: bool,
    edit: &mut dyn FnMut(&mut Node, &mut Vec<L>, usize) -> R,
) -> Result<R, PathStop> {
    let Some((first, rest)) = path.split_first() else {
        return Ok(edit(Arc::make_mut(node), leaves, base));
    };
    let i = match node.keys.position(first) {
        Some(i) => i,
        None if create => {
            let level = Arc::make_mut(node);
            level.keys.push(first);
            level.kids.push(Kid {
                at: level.size,
                sub: Some(Node::empty()),
            });
            level.kids.len() - 1
        }
        None => return Err(PathStop::Missing(depth)),
    };
    if node.kids[i].sub.is_none() {
        return Err(PathStop::Leaf(depth));
    }
    let level = Arc::make_mut(node);
    let kid = &mut level.kids[i];
    let (at, old_len) = (kid.at, kid.len());
    let Some(sub) = kid.sub.as_mut() else {
        return Err(PathStop::Leaf(depth));
    };
    let r = edit_from(sub, leaves, base + at, rest, depth + 1, create, edit)?;
    level.resized(i, old_len);
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(keys: &[&str], kids: Vec<Option<Arc<Node>>>) -> Arc<Node> {
        Arc::new(Node::new(Keys::from_iter(keys.iter().copied()), kids))
    }

    #[test]
    fn offsets_sizes_and_key_chains_follow_the_entries() {
        let inner = level(&["x", "y"], vec![None, None]);
        let root = level(&["a", "b", "c"], vec![None, Some(inner.clone()), None]);
        assert_eq!(root.size, 4);
        assert_eq!(
            root.kids.iter().map(Kid::range).collect::<Vec<_>>(),
            [0..1, 1..3, 3..4]
        );
        let chains: Vec<String> = (0..4).map(|i| root.key_chain_of(i)).collect();
        assert_eq!(chains, ["a", "b/x", "b/y", "c"]);
        let copy = level(&["a", "b", "c"], vec![None, Some(inner), None]);
        assert!(Node::same(&root, &copy));
        let other = level(&["a", "b", "c"], vec![None, None, None]);
        assert!(!Node::same(&root, &other));
    }

    #[test]
    fn growing_or_shrinking_an_entry_moves_only_the_offsets_after_it() -> crate::Result<()> {
        let mut c = Container::<i64>::new();
        c.insert("a/x", 1)?;
        c.insert("b/y", 2)?;
        c.insert("c", 3)?;
        // Grow the first entry, then the middle one by a sub-container,
        // then replace a sub-container by a leaf: the offsets of the
        // entries after each change follow it.
        c.insert("a/z", 4)?;
        c.insert("b/w", Container::from_key_chains([("p", 5i64), ("q", 6)])?)?;
        let expected = [
            ("a/x", 1),
            ("a/z", 4),
            ("b/y", 2),
            ("b/w/p", 5),
            ("b/w/q", 6),
            ("c", 3),
        ];
        let check = |c: &Container<i64>, expected: &[(&str, i64)]| {
            let chains = c.cont_all_key_chains();
            assert_eq!(chains, expected.iter().map(|e| e.0).collect::<Vec<_>>());
            assert_eq!(
                c.leaves_slice(),
                expected.iter().map(|e| e.1).collect::<Vec<_>>()
            );
            let root = &c.node;
            assert_eq!(root.size, expected.len());
            let mut at = 0;
            for kid in &root.kids {
                assert_eq!(kid.at, at);
                at += kid.len();
            }
            for (i, (chain, _)) in expected.iter().enumerate() {
                assert_eq!(root.key_chain_of(i), *chain);
            }
        };
        check(&c, &expected);
        c.insert("b", 7)?;
        check(&c, &[("a/x", 1), ("a/z", 4), ("b", 7), ("c", 3)]);
        Ok(())
    }
}
