//! [`Accessor`]: a leaf's path as a value that fetches the leaf from any
//! tree of that shape (optree's `PyTreeAccessor`).

use super::def::{Kind, Node, NodeKind, TreeDef, child_roots};
use super::key::{KeyEntry, KeyPath};
use super::visit::{Tree, TreeMap, flatten_refs, structure_impl};
use crate::error::{Error, Result};
use std::fmt;

/// One step of an [`Accessor`]: the entry of the child and the kind of the
/// node it is taken from (optree's `SequenceEntry`, `MappingEntry`,
/// `GetAttrEntry`, `FlattenedEntry`, which carry the container's type).
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::tree::{AccessorEntry, KeyEntry, NodeKind};
/// let e = AccessorEntry::new(KeyEntry::key("a"), NodeKind::OrderedDict);
/// assert_eq!(e.to_string(), "['a']");
/// assert_eq!(format!("{e:?}"), "MappingEntry(key='a', kind=OrderedDict)");
/// assert_eq!((e.entry(), e.kind()), (&KeyEntry::key("a"), NodeKind::OrderedDict));
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct AccessorEntry {
    entry: KeyEntry,
    kind: NodeKind,
}

impl AccessorEntry {
    /// The step to the child `entry` of a node of kind `kind`.
    pub fn new(entry: KeyEntry, kind: NodeKind) -> AccessorEntry {
        AccessorEntry { entry, kind }
    }

    /// The child's entry.
    pub fn entry(&self) -> &KeyEntry {
        &self.entry
    }

    /// The kind of the node the child is taken from.
    pub fn kind(&self) -> NodeKind {
        self.kind
    }
}

/// As the entry reads in a path: `[0]`, `['a']`, `.w`, `[<flat index 0>]`.
impl fmt::Display for AccessorEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.entry, f)
    }
}

/// optree's entry names: `SequenceEntry(index=0, kind=List)`,
/// `MappingEntry(key='a', kind=Dict)`, `GetAttrEntry(name='w', kind=Record)`,
/// `FlattenedEntry(index=0, kind=Record)`.
impl fmt::Debug for AccessorEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = self.kind;
        match &self.entry {
            KeyEntry::Index(i) => write!(f, "SequenceEntry(index={i}, kind={kind:?})"),
            KeyEntry::Key(k) => write!(f, "MappingEntry(key={k}, kind={kind:?})"),
            KeyEntry::Field(name) => {
                f.write_str("GetAttrEntry(name=")?;
                super::key::write_py_str(f, name)?;
                write!(f, ", kind={kind:?})")
            }
            KeyEntry::FlatIndex(i) => write!(f, "FlattenedEntry(index={i}, kind={kind:?})"),
        }
    }
}

/// A leaf's (or a subtree's) path as a value: it fetches the leaf at that
/// path from any tree that has one there, and prints as optree's accessor,
/// `*[1]['a']` (`*` is the tree).
///
/// Made by [`TreeDef::accessors`], [`tree_accessors`] and
/// [`tree_flatten_with_accessor`], or from its entries. A step matches a
/// child by its entry (`[1]` the second element of a list, tuple or deque,
/// `['a']` the key `'a'` of any map, `.w` a record field, `[<flat index
/// 1>]` the second child of any node), as Python's `tree[1]['a']` does, so
/// the kinds it remembers are only printed.
///
/// ```
/// # use ivy_core as ivy;
/// use std::collections::BTreeMap;
/// // optree.tree_accessors([1, {'a': 2, 'b': (3, None)}])
/// let t = (1.0, BTreeMap::from([("a", 2.0), ("b", 3.0)]));
/// let accessors = ivy::tree_accessors(&t);
/// let printed: Vec<String> = accessors.iter().map(|a| a.to_string()).collect();
/// assert_eq!(printed, ["*[0]", "*[1]['a']", "*[1]['b']"]);
/// assert_eq!(
///     format!("{:?}", accessors[1]),
///     "Accessor(*[1]['a'], (SequenceEntry(index=1, kind=Tuple), MappingEntry(key='a', kind=Dict)))"
/// );
/// // Fetch from another tree of the same shape.
/// let other = (10.0, BTreeMap::from([("a", 20.0), ("b", 30.0)]));
/// assert_eq!(accessors[1].get(&other)?, &20.0);
/// // A tree without that path says where the walk stopped.
/// let err = accessors[1].get(&(1.0, BTreeMap::from([("b", 3.0)]))).unwrap_err();
/// assert_eq!(err.to_string(), "Accessor::get: at tree[1]: no child ['a'] in a dict with keys ['b']");
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct Accessor(Vec<AccessorEntry>);

impl Accessor {
    /// The accessor of the root, `*`.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// let root = ivy::tree::Accessor::root();
    /// assert_eq!(root.to_string(), "*");
    /// assert_eq!(root.get(&5)?, &5);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn root() -> Accessor {
        Accessor(Vec::new())
    }

    /// An accessor of the given steps, root first.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// use ivy::tree::{Accessor, AccessorEntry, KeyEntry, NodeKind};
    /// let a = Accessor::new(vec![AccessorEntry::new(KeyEntry::Index(1), NodeKind::List)]);
    /// assert_eq!(a.get(&vec![7, 8])?, &8);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn new(entries: Vec<AccessorEntry>) -> Accessor {
        Accessor(entries)
    }

    /// The steps, root first.
    pub fn entries(&self) -> &[AccessorEntry] {
        &self.0
    }

    /// The number of steps.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether this is the root's accessor.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The accessor one step further down.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// use ivy::tree::{Accessor, AccessorEntry, KeyEntry, NodeKind};
    /// let a = Accessor::root().child(AccessorEntry::new(KeyEntry::FlatIndex(0), NodeKind::Tuple));
    /// assert_eq!(a.to_string(), "*[<flat index 0>]");
    /// assert_eq!(a.get(&(4, 5))?, &4);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn child(&self, entry: AccessorEntry) -> Accessor {
        let mut v = self.0.clone();
        v.push(entry);
        Accessor(v)
    }

    /// The key path of the entries (JAX's key path).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// let a = &ivy::tree_accessors(&vec![(1, 2)])[1];
    /// assert_eq!(a.path().keystr(), "[0][1]");
    /// ```
    pub fn path(&self) -> KeyPath {
        self.0.iter().map(|e| e.entry.clone()).collect()
    }

    /// The leaf at this path of `tree` (optree's `accessor(tree)`), or an
    /// [`Error::Structure`] naming where the walk stopped: a step that
    /// matches no child, or a path that ends at a node rather than a leaf.
    pub fn get<'t, T: Tree<L>, L>(&self, tree: &'t T) -> Result<&'t L> {
        let (leaves, def) = flatten_refs(tree);
        let at = self.leaf_index(&def, "Accessor::get")?;
        match leaves.get(at) {
            Some(l) => Ok(*l),
            None => Err(Error::structure(
                "Accessor::get",
                "tree",
                "fewer leaves than the structure has",
            )),
        }
    }

    /// Call `f` on the leaf at this path of `tree`, mutably, and return
    /// what it returns (or the error of [`Accessor::get`]).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// let mut t = (1, vec![2, 3]);
    /// let a = ivy::tree_accessors(&t)[2].clone();
    /// let old = a.with_mut(&mut t, |x| std::mem::replace(x, 30))?;
    /// assert_eq!((old, t), (3, (1, vec![2, 30])));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn with_mut<T: Tree<L>, L, R>(
        &self,
        tree: &mut T,
        f: impl FnOnce(&mut L) -> R,
    ) -> Result<R> {
        const OP: &str = "Accessor::with_mut";
        let def = structure_impl(&*tree);
        let at = self.leaf_index(&def, OP)?;
        let mut f = Some(f);
        let mut out = None;
        let mut k = 0usize;
        tree.for_each_mut(&mut |l: &mut L| {
            if k == at
                && let Some(g) = f.take()
            {
                out = Some(g(l));
            }
            k += 1;
        });
        out.ok_or_else(|| Error::structure(OP, "tree", "fewer leaves than the structure has"))
    }

    /// The index, in leaf order, of the leaf this accessor reaches in a tree
    /// of structure `def`.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// let def = ivy::tree_structure(&(1, vec![2, 3]));
    /// let a = &def.accessors()[2];
    /// assert_eq!(a.leaf_index(&def, "lookup")?, 2);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn leaf_index(&self, def: &TreeDef, op: &str) -> Result<usize> {
        let nodes = def.nodes();
        let mut i = 0usize;
        let mut before = 0usize;
        let mut path = KeyPath::new();
        for step in &self.0 {
            let Some(node) = nodes.get(i) else {
                return Err(Error::structure(
                    op,
                    path.error_path(),
                    "malformed structure",
                ));
            };
            let mut next = None;
            for (k, c) in child_roots(nodes, i).enumerate() {
                if step_matches(node, k, &step.entry) {
                    next = Some((k, c));
                    break;
                }
                before += nodes.get(c).map_or(0, |n| n.num_leaves);
            }
            match next {
                Some((k, c)) => {
                    path.push(node.entry(k));
                    i = c;
                }
                None => {
                    return Err(Error::structure(
                        op,
                        path.error_path(),
                        format!("no child {} in {}", step.entry, node.describe()),
                    ));
                }
            }
        }
        match nodes.get(i) {
            Some(n) if matches!(n.kind, Kind::Leaf) => Ok(before),
            Some(n) => Err(Error::structure(
                op,
                path.error_path(),
                format!("the path ends at {}, not at a leaf", n.describe()),
            )),
            None => Err(Error::structure(
                op,
                path.error_path(),
                "malformed structure",
            )),
        }
    }
}

/// Whether child `k` of `node` is the one `entry` names.
fn step_matches(node: &Node, k: usize, entry: &KeyEntry) -> bool {
    match entry {
        KeyEntry::FlatIndex(j) => *j == k,
        KeyEntry::Index(j) => {
            *j == k && matches!(node.kind, Kind::List | Kind::Tuple | Kind::Deque)
        }
        KeyEntry::Key(_) | KeyEntry::Field(_) => node.entry(k) == *entry,
    }
}

/// optree's codified form: `*[1]['a']`.
impl fmt::Display for Accessor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("*")?;
        for e in &self.0 {
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

/// optree's repr: `Accessor(*[1]['a'], (SequenceEntry(index=1, kind=List),
/// MappingEntry(key='a', kind=Dict)))`.
impl fmt::Debug for Accessor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Accessor({self}, (")?;
        for (k, e) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{e:?}")?;
        }
        if self.0.len() == 1 {
            f.write_str(",")?;
        }
        f.write_str("))")
    }
}

/// The accessors of every leaf of a structure, in leaf order.
pub(crate) fn accessors_of(def: &TreeDef) -> Vec<Accessor> {
    let nodes = def.nodes();
    let mut out = Vec::with_capacity(def.num_leaves());
    let mut steps = Vec::new();
    collect(nodes, 0, &mut steps, &mut out);
    out
}

fn collect(nodes: &[Node], i: usize, steps: &mut Vec<AccessorEntry>, out: &mut Vec<Accessor>) {
    let Some(node) = nodes.get(i) else { return };
    if matches!(node.kind, Kind::Leaf) {
        out.push(Accessor(steps.clone()));
        return;
    }
    let kind = node.kind.node_kind();
    for (k, c) in child_roots(nodes, i).enumerate() {
        steps.push(AccessorEntry::new(node.entry(k), kind));
        collect(nodes, c, steps, out);
        steps.pop();
    }
}

/// The accessors of the leaves of `tree`, in leaf order (optree's
/// `tree_accessors`).
///
/// ```
/// # use ivy_core as ivy;
/// let a = ivy::tree_accessors(&vec![(1, None::<i32>), (2, Some(3))]);
/// let printed: Vec<String> = a.iter().map(ToString::to_string).collect();
/// assert_eq!(printed, ["*[0][0]", "*[1][0]", "*[1][1]"]);
/// ```
pub fn tree_accessors<T: Tree<L>, L>(tree: &T) -> Vec<Accessor> {
    accessors_of(&structure_impl(tree))
}

/// The leaves with their accessors, cloned, and the structure (optree's
/// `tree_flatten_with_accessor`).
///
/// ```
/// # use ivy_core as ivy;
/// let (pairs, def) = ivy::tree_flatten_with_accessor(&(1.5, [2.5]));
/// assert_eq!(pairs[1].0.to_string(), "*[1][0]");
/// assert_eq!(pairs[1].1, 2.5);
/// assert_eq!(def.num_leaves(), 2);
/// ```
pub fn tree_flatten_with_accessor<T: Tree<L>, L: Clone>(tree: &T) -> (Vec<(Accessor, L)>, TreeDef) {
    let (leaves, def) = super::visit::flatten_impl(tree);
    let pairs = accessors_of(&def).into_iter().zip(leaves).collect();
    (pairs, def)
}

/// Map every leaf with `f(accessor, leaf)` (optree's
/// `tree_map_with_accessor`).
///
/// ```
/// # use ivy_core as ivy;
/// use std::collections::BTreeMap;
/// let t = BTreeMap::from([("a", vec![1, 2])]);
/// let named = ivy::tree_map_with_accessor(|a, x| format!("{a}={x}"), &t);
/// assert_eq!(named["a"], ["*['a'][0]=1", "*['a'][1]=2"]);
/// ```
pub fn tree_map_with_accessor<T, L, M>(mut f: impl FnMut(&Accessor, &L) -> M, tree: &T) -> T::Output
where
    T: TreeMap<L, M>,
{
    let accessors = tree_accessors(tree);
    let root = Accessor::root();
    let mut it = accessors.iter();
    tree.map_ref(&mut |x| f(it.next().unwrap_or(&root), x))
}
