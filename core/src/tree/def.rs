//! [`TreeDef`]: the structure of a tree without its leaves.

use super::key::{Key, KeyEntry, KeyPath};
use super::record::{RecordNode, RecordShape};
use super::subtree::Subtree;
use super::visit::{DefSource, Tree, flatten_impl};
use crate::error::{Error, Result};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, OnceLock};

/// The kind of a node, without its data.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::tree::NodeKind;
/// let def = ivy::tree_structure(&(1.0, vec![2.0]));
/// assert_eq!(def.kind(), NodeKind::Tuple);
/// assert_eq!(def.children()[1].kind(), NodeKind::List);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeKind {
    /// A leaf (`*`).
    Leaf,
    /// `None` of an `Option` (a node without children), printed `None`.
    None,
    /// A tuple (`()`, `(A,)`, `(A, B)`, ...).
    Tuple,
    /// A sequence: `Vec`, `[T; N]`, `Box<[T]>`.
    List,
    /// A double-ended queue, `VecDeque` (optree's `deque` node).
    Deque,
    /// A map: `BTreeMap`, `HashMap` (children in sorted key order).
    Dict,
    /// An insertion-ordered map, `IndexMap` (optree's `OrderedDict` node):
    /// children in insertion order, and the order is part of the structure.
    OrderedDict,
    /// A [`DefaultDict`](super::DefaultDict) (optree's `defaultdict` node):
    /// children in sorted key order, rebuilt in insertion order.
    DefaultDict,
    /// A struct or enum variant registered with `#[derive(Tree)]`.
    Record,
}

impl NodeKind {
    /// Whether this is one of the three map kinds. Maps of different kinds
    /// have different structures, but zip together in the multi-tree
    /// functions when their key sets are equal (matched by key, as optree
    /// does).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// use ivy::tree::NodeKind;
    /// assert!(NodeKind::OrderedDict.is_map() && !NodeKind::Deque.is_map());
    /// ```
    pub fn is_map(self) -> bool {
        matches!(
            self,
            NodeKind::Dict | NodeKind::OrderedDict | NodeKind::DefaultDict
        )
    }
}

/// Which map node a [`DictNode`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum MapKind {
    /// Sorted keys; insertion order kept in `order`, not compared.
    Dict,
    /// Keys in insertion order, compared in that order.
    Ordered,
    /// As `Dict`, printed and compared as a defaultdict.
    Default,
}

/// A map node: its kind, its keys in traversal order (sorted, or insertion
/// order for an ordered map), and for a sorted map the insertion order to
/// rebuild (`order[j]` is the sorted position of the `j`-th inserted key;
/// `None` when it is the sorted order). Equality and hashing ignore `order`,
/// as optree's do; an ordered map's key order is compared, as its keys are.
#[derive(Clone, Debug)]
pub(crate) struct DictNode {
    pub kind: MapKind,
    pub keys: smallvec::SmallVec<[Key; 4]>,
    pub order: Option<Box<[usize]>>,
}

impl PartialEq for DictNode {
    fn eq(&self, other: &DictNode) -> bool {
        self.kind == other.kind && self.keys == other.keys
    }
}

impl Eq for DictNode {}

impl Hash for DictNode {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.kind.hash(state);
        self.keys.hash(state)
    }
}

impl DictNode {
    /// The node's name in messages: `dict`, `OrderedDict`, `defaultdict`.
    pub fn name(&self) -> &'static str {
        match self.kind {
            MapKind::Dict => "dict",
            MapKind::Ordered => "OrderedDict",
            MapKind::Default => "defaultdict",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    Leaf,
    None,
    Tuple,
    List,
    Deque,
    Dict(Arc<DictNode>),
    Record(Arc<RecordNode>),
}

impl Kind {
    pub fn node_kind(&self) -> NodeKind {
        match self {
            Kind::Leaf => NodeKind::Leaf,
            Kind::None => NodeKind::None,
            Kind::Tuple => NodeKind::Tuple,
            Kind::List => NodeKind::List,
            Kind::Deque => NodeKind::Deque,
            Kind::Dict(d) => match d.kind {
                MapKind::Dict => NodeKind::Dict,
                MapKind::Ordered => NodeKind::OrderedDict,
                MapKind::Default => NodeKind::DefaultDict,
            },
            Kind::Record(_) => NodeKind::Record,
        }
    }
}

/// One node of a [`TreeDef`], with the sizes of its subtree cached.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Node {
    pub kind: Kind,
    pub arity: usize,
    pub num_leaves: usize,
    pub num_nodes: usize,
}

impl Node {
    pub const LEAF: Node = Node {
        kind: Kind::Leaf,
        arity: 0,
        num_leaves: 1,
        num_nodes: 1,
    };
    pub const NONE: Node = Node {
        kind: Kind::None,
        arity: 0,
        num_leaves: 0,
        num_nodes: 1,
    };

    /// The key entry of child `k`.
    pub fn entry(&self, k: usize) -> KeyEntry {
        match &self.kind {
            Kind::Dict(d) => match d.keys.get(k) {
                Some(key) => KeyEntry::Key(key.clone()),
                None => KeyEntry::Index(k),
            },
            Kind::Record(r) => KeyEntry::Field(r.field(k)),
            _ => KeyEntry::Index(k),
        }
    }

    /// How the node reads in an error message: `a list of 2`.
    pub fn describe(&self) -> String {
        match &self.kind {
            Kind::Leaf => "a leaf".to_string(),
            Kind::None => "None".to_string(),
            Kind::Tuple => format!("a tuple of {}", self.arity),
            Kind::List => format!("a list of {}", self.arity),
            Kind::Deque => format!("a deque of {}", self.arity),
            Kind::Dict(d) => {
                let article = if d.kind == MapKind::Ordered {
                    "an"
                } else {
                    "a"
                };
                format!("{article} {} with keys {}", d.name(), KeyList(&d.keys))
            }
            Kind::Record(r) => format!("a `{}`", r.display_name()),
        }
    }
}

/// Prints keys as `['a', 'b']`.
pub(crate) struct KeyList<'a>(pub &'a [Key]);

impl fmt::Display for KeyList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, k) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{k}")?;
        }
        f.write_str("]")
    }
}

/// The structure of a tree: every node but the leaves' values.
///
/// A `TreeDef` is what [`tree_flatten`](crate::tree_flatten) returns next to
/// the leaves, and what [`tree_unflatten`](crate::tree_unflatten) needs to
/// rebuild a value. As in JAX and optree it is a flat vector of nodes (here
/// in pre-order, root first) in which every node caches its arity and the
/// number of leaves and nodes below it, so equality and hashing are a linear
/// scan, cloning is a reference-count increment, and a subtree is a
/// contiguous slice.
///
/// It prints as `TreeDef(...)` with `*` for each leaf:
///
/// | node | printed |
/// | --- | --- |
/// | leaf | `*` |
/// | `None` | `None` |
/// | tuple | `(*, *)`, `(*,)`, `()` |
/// | `Vec`, `[T; N]` | `[*, *]` |
/// | `VecDeque` | `deque([*, *])`, `deque()` |
/// | `BTreeMap`, `HashMap` | `{'a': *, 'b': *}` (sorted key order = leaf order) |
/// | `IndexMap` | `OrderedDict({'b': *, 'a': *})` (insertion order = leaf order), `OrderedDict()` |
/// | [`DefaultDict`](super::DefaultDict) | `defaultdict({'a': *, 'b': *})` (sorted) |
/// | struct | `Linear { w: *, b: * }`, `Pair(*, *)`, `Marker` |
/// | enum variant | `Act::Scaled { x: * }` |
/// | static fields | `Conv { w: *, static stride: 2 }` |
///
/// and ends with `, NoneIsLeaf` when flattened with
/// [`FlattenConfig::NONE_IS_LEAF`](super::FlattenConfig::NONE_IS_LEAF).
///
/// ```
/// # use ivy_core as ivy;
/// let (leaves, def) = ivy::tree_flatten(&vec![(1.0, None, 2.0), (3.0, Some(4.0), 5.0)]);
/// assert_eq!(leaves, [1.0, 2.0, 3.0, 4.0, 5.0]);
/// assert_eq!(def.to_string(), "TreeDef([(*, None, *), (*, *, *)])");
/// assert_eq!((def.num_leaves(), def.num_nodes()), (5, 9));
/// ```
#[derive(Clone)]
pub struct TreeDef {
    pub(crate) inner: Arc<Nodes>,
    pub(crate) none_is_leaf: bool,
}

/// The nodes of a [`TreeDef`], stored compactly: a list node whose children
/// are all leaves (`arity == num_leaves == num_nodes - 1 > 0`, a *leaf run*)
/// is stored without its leaf nodes. The rule is canonical (every such list
/// is stored so, however it was built), so two structures are equal exactly
/// when their compact forms are. The full pre-order vector, which every
/// structural operation reads, is built on first use.
pub(crate) struct Nodes {
    compact: Vec<Node>,
    /// Whether `compact` elides any leaf (if not, it is the full vector).
    has_runs: bool,
    /// The number of nodes of the full vector.
    len: usize,
    /// The full vector, built on first use; null when `!has_runs`. A raw
    /// pointer to a boxed cell rather than the cell itself, so that
    /// `TreeDef` has no interior mutability (clippy's `mutable_key_type`
    /// would flag every map keyed by it).
    full: *const OnceLock<Vec<Node>>,
}

// SAFETY: `full` is an owned `Box<OnceLock<Vec<Node>>>` (or null), which is
// `Send` and `Sync` as `Vec<Node>` is.
unsafe impl Send for Nodes {}
unsafe impl Sync for Nodes {}

impl Drop for Nodes {
    fn drop(&mut self) {
        if !self.full.is_null() {
            // SAFETY: made by `Box::into_raw` in `Nodes::new`, dropped once.
            drop(unsafe { Box::from_raw(self.full.cast_mut()) });
        }
    }
}

impl Node {
    /// Whether this is a list whose children are all leaves (stored without
    /// them in the compact form).
    #[inline]
    pub(crate) fn is_leaf_run(&self) -> bool {
        matches!(self.kind, Kind::List)
            && self.arity > 0
            && self.arity == self.num_leaves
            && self.num_nodes == self.arity + 1
    }
}

impl Nodes {
    /// From compact nodes (as [`DefBuilder`](super::visit::DefBuilder)
    /// makes them: runs already elided).
    pub(crate) fn from_compact(compact: Vec<Node>, has_runs: bool, len: usize) -> Nodes {
        Nodes::new(compact, has_runs, len, OnceLock::new())
    }

    fn new(compact: Vec<Node>, has_runs: bool, len: usize, full: OnceLock<Vec<Node>>) -> Nodes {
        let full = if has_runs {
            Box::into_raw(Box::new(full)).cast_const()
        } else {
            std::ptr::null()
        };
        Nodes {
            compact,
            has_runs,
            len,
            full,
        }
    }

    /// From the full pre-order vector.
    fn from_full(full: Vec<Node>) -> Nodes {
        let len = full.len();
        let has_runs = full.iter().any(Node::is_leaf_run);
        if !has_runs {
            return Nodes::from_compact(full, false, len);
        }
        let mut compact = Vec::with_capacity(len);
        let mut i = 0;
        while let Some(n) = full.get(i) {
            compact.push(n.clone());
            i += if n.is_leaf_run() { n.num_nodes } else { 1 };
        }
        let cell = OnceLock::new();
        let _ = cell.set(full);
        Nodes::new(compact, has_runs, len, cell)
    }

    /// The compact nodes.
    #[inline]
    pub(crate) fn compact(&self) -> &[Node] {
        &self.compact
    }

    /// The full pre-order vector, one node per leaf.
    pub(crate) fn full(&self) -> &[Node] {
        if !self.has_runs || self.full.is_null() {
            return &self.compact;
        }
        // SAFETY: non-null, owned by `self` and dropped with it.
        let full = unsafe { &*self.full };
        full.get_or_init(|| {
            let mut out = Vec::with_capacity(self.len);
            for n in &self.compact {
                out.push(n.clone());
                if n.is_leaf_run() {
                    out.extend(std::iter::repeat_n(Node::LEAF, n.arity));
                }
            }
            out
        })
    }
}

fn leaf_nodes() -> Arc<Nodes> {
    static LEAF: OnceLock<Arc<Nodes>> = OnceLock::new();
    LEAF.get_or_init(|| Arc::new(Nodes::from_compact(vec![Node::LEAF], false, 1)))
        .clone()
}

impl TreeDef {
    pub(crate) fn from_nodes(nodes: Vec<Node>, none_is_leaf: bool) -> TreeDef {
        if nodes.len() == 1 && nodes[0] == Node::LEAF {
            return TreeDef {
                inner: leaf_nodes(),
                none_is_leaf,
            };
        }
        TreeDef {
            inner: Arc::new(Nodes::from_full(nodes)),
            none_is_leaf,
        }
    }

    /// From compact nodes (see [`Nodes`]).
    pub(crate) fn from_compact(
        nodes: Vec<Node>,
        has_runs: bool,
        len: usize,
        none_is_leaf: bool,
    ) -> TreeDef {
        if !has_runs && nodes.len() == 1 && nodes[0] == Node::LEAF {
            return TreeDef {
                inner: leaf_nodes(),
                none_is_leaf,
            };
        }
        TreeDef {
            inner: Arc::new(Nodes::from_compact(nodes, has_runs, len)),
            none_is_leaf,
        }
    }

    /// The full pre-order node vector (one node per leaf).
    pub(crate) fn nodes(&self) -> &[Node] {
        self.inner.full()
    }

    /// The compact node vector (see [`Nodes`]).
    #[inline]
    pub(crate) fn compact_nodes(&self) -> &[Node] {
        self.inner.compact()
    }

    pub(crate) fn root(&self) -> Option<&Node> {
        self.inner.compact().first()
    }

    /// The structure of a single leaf, `TreeDef(*)`.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// assert_eq!(ivy::tree::TreeDef::leaf(), ivy::tree_structure(&1.0));
    /// ```
    pub fn leaf() -> TreeDef {
        TreeDef {
            inner: leaf_nodes(),
            none_is_leaf: false,
        }
    }

    /// The structure of `None`, `TreeDef(None)`.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// assert_eq!(ivy::tree::TreeDef::none(), ivy::tree_structure(&None::<f64>));
    /// ```
    pub fn none() -> TreeDef {
        TreeDef::from_nodes(vec![Node::NONE], false)
    }

    fn with_children(kind: Kind, children: Vec<TreeDef>) -> TreeDef {
        let arity = children.len();
        let num_leaves = children.iter().map(TreeDef::num_leaves).sum();
        let num_nodes = 1 + children.iter().map(TreeDef::num_nodes).sum::<usize>();
        let mut nodes = Vec::with_capacity(num_nodes);
        nodes.push(Node {
            kind,
            arity,
            num_leaves,
            num_nodes,
        });
        for c in &children {
            nodes.extend(c.nodes().iter().cloned());
        }
        TreeDef::from_nodes(nodes, false)
    }

    /// A tuple of the given structures (JAX's `treedef_tuple`).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// use ivy::tree::TreeDef;
    /// let def = TreeDef::tuple([TreeDef::leaf(), TreeDef::list([TreeDef::leaf(), TreeDef::leaf()])]);
    /// assert_eq!(def, ivy::tree_structure(&(1, vec![2, 3])));
    /// ```
    pub fn tuple(children: impl IntoIterator<Item = TreeDef>) -> TreeDef {
        TreeDef::with_children(Kind::Tuple, children.into_iter().collect())
    }

    /// A list (`Vec`, `[T; N]`) of the given structures.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// use ivy::tree::TreeDef;
    /// assert_eq!(TreeDef::list([]).to_string(), "TreeDef([])");
    /// ```
    pub fn list(children: impl IntoIterator<Item = TreeDef>) -> TreeDef {
        TreeDef::with_children(Kind::List, children.into_iter().collect())
    }

    /// A map of the given keys and structures. The children are sorted by
    /// key, as a flattened map's are.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// use ivy::tree::{Key, TreeDef};
    /// let def = TreeDef::dict([(Key::from("b"), TreeDef::leaf()), (Key::from("a"), TreeDef::none())]);
    /// assert_eq!(def.to_string(), "TreeDef({'a': None, 'b': *})");
    /// let m = std::collections::BTreeMap::from([("a", None), ("b", Some(1.0))]);
    /// assert_eq!(def, ivy::tree_structure(&m));
    /// ```
    pub fn dict(entries: impl IntoIterator<Item = (Key, TreeDef)>) -> TreeDef {
        TreeDef::map(MapKind::Dict, entries)
    }

    /// An insertion-ordered map (`IndexMap`, optree's `OrderedDict`) of the
    /// given keys and structures, in the order given.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// use ivy::tree::{Key, TreeDef};
    /// let def = TreeDef::ordered_dict([(Key::from("b"), TreeDef::leaf()), (Key::from("a"), TreeDef::leaf())]);
    /// assert_eq!(def.to_string(), "TreeDef(OrderedDict({'b': *, 'a': *}))");
    /// let m = indexmap::IndexMap::from([("b", 1.0), ("a", 2.0)]);
    /// assert_eq!(def, ivy::tree_structure(&m));
    /// ```
    pub fn ordered_dict(entries: impl IntoIterator<Item = (Key, TreeDef)>) -> TreeDef {
        TreeDef::map(MapKind::Ordered, entries)
    }

    /// A [`DefaultDict`](super::DefaultDict) of the given keys and
    /// structures, sorted by key as a flattened one is.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// use ivy::tree::{DefaultDict, Key, TreeDef};
    /// let def = TreeDef::default_dict([(Key::from("b"), TreeDef::leaf()), (Key::from("a"), TreeDef::leaf())]);
    /// assert_eq!(def.to_string(), "TreeDef(defaultdict({'a': *, 'b': *}))");
    /// let d: DefaultDict<&str, f64> = [("b", 1.0), ("a", 2.0)].into_iter().collect();
    /// assert_eq!(def, ivy::tree_structure(&d));
    /// ```
    pub fn default_dict(entries: impl IntoIterator<Item = (Key, TreeDef)>) -> TreeDef {
        TreeDef::map(MapKind::Default, entries)
    }

    fn map(kind: MapKind, entries: impl IntoIterator<Item = (Key, TreeDef)>) -> TreeDef {
        let mut entries: Vec<(Key, TreeDef)> = entries.into_iter().collect();
        if kind != MapKind::Ordered {
            entries.sort_by(|a, b| a.0.cmp(&b.0));
        }
        let (keys, children): (Vec<Key>, Vec<TreeDef>) = entries.into_iter().unzip();
        let dict = DictNode {
            kind,
            keys: keys.into_iter().collect(),
            order: None,
        };
        TreeDef::with_children(Kind::Dict(Arc::new(dict)), children)
    }

    /// A deque (`VecDeque`, optree's `deque`) of the given structures.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// use ivy::tree::TreeDef;
    /// let def = TreeDef::deque([TreeDef::leaf(), TreeDef::leaf()]);
    /// assert_eq!(def.to_string(), "TreeDef(deque([*, *]))");
    /// assert_eq!(def, ivy::tree_structure(&std::collections::VecDeque::from([1, 2])));
    /// assert_ne!(def, ivy::tree_structure(&vec![1, 2]));
    /// ```
    pub fn deque(children: impl IntoIterator<Item = TreeDef>) -> TreeDef {
        TreeDef::with_children(Kind::Deque, children.into_iter().collect())
    }

    /// Number of leaves.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// assert_eq!(ivy::tree_structure(&[(1, 2), (3, 4)]).num_leaves(), 4);
    /// ```
    pub fn num_leaves(&self) -> usize {
        self.root().map_or(0, |n| n.num_leaves)
    }

    /// Number of nodes, leaves included (`None` and empty containers count).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// assert_eq!(ivy::tree_structure(&(1.0, None::<f64>, Vec::<f64>::new())).num_nodes(), 4);
    /// ```
    pub fn num_nodes(&self) -> usize {
        self.inner.len
    }

    /// Number of children of the root.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// assert_eq!(ivy::tree_structure(&(1, (2, 3), 4)).num_children(), 3);
    /// ```
    pub fn num_children(&self) -> usize {
        self.root().map_or(0, |n| n.arity)
    }

    /// The kind of the root node.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// assert_eq!(ivy::tree_structure(&Some(vec![1])).kind(), ivy::tree::NodeKind::List);
    /// ```
    pub fn kind(&self) -> NodeKind {
        self.root().map_or(NodeKind::Leaf, |n| n.kind.node_kind())
    }

    /// Whether this is the structure of a single leaf (optree's
    /// `is_leaf(strict=True)`: one node that is a leaf, so `None` and `[]`
    /// are not leaves).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// assert!(ivy::tree_structure(&1.0).is_leaf());
    /// assert!(!ivy::tree_structure(&None::<f64>).is_leaf());
    /// ```
    pub fn is_leaf(&self) -> bool {
        self.inner.len == 1 && self.kind() == NodeKind::Leaf
    }

    /// Whether the structure was built with `None` as a leaf
    /// ([`FlattenConfig::NONE_IS_LEAF`](super::FlattenConfig::NONE_IS_LEAF)).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// use ivy::tree::FlattenConfig;
    /// assert!(!ivy::tree_structure(&None::<f64>).none_is_leaf());
    /// assert!(ivy::tree_structure_with(&None::<f64>, FlattenConfig::NONE_IS_LEAF, ivy::tree::never).none_is_leaf());
    /// ```
    pub fn none_is_leaf(&self) -> bool {
        self.none_is_leaf
    }

    /// The keys of a map root, in traversal order (empty for other nodes).
    /// An `IndexMap`'s are in insertion order, the other maps' sorted.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// let m = std::collections::HashMap::from([("b", 1), ("a", 2)]);
    /// let keys: Vec<String> = ivy::tree_structure(&m).keys().iter().map(|k| k.to_string()).collect();
    /// assert_eq!(keys, ["'a'", "'b'"]);
    /// ```
    pub fn keys(&self) -> &[Key] {
        match self.root().map(|n| &n.kind) {
            Some(Kind::Dict(d)) => &d.keys,
            _ => &[],
        }
    }

    /// The type name of a record root (`Linear`, `Act::Scaled`).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// assert_eq!(ivy::tree_structure(&vec![1]).type_name(), None);
    /// ```
    pub fn type_name(&self) -> Option<String> {
        match self.root().map(|n| &n.kind) {
            Some(Kind::Record(r)) => Some(r.display_name()),
            _ => None,
        }
    }

    /// The key entries of the root's children (`[0]`, `['a']`, `.w`).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// let e = ivy::tree_structure(&(1, 2)).entries();
    /// assert_eq!(e, [ivy::tree::KeyEntry::Index(0), ivy::tree::KeyEntry::Index(1)]);
    /// ```
    pub fn entries(&self) -> Vec<KeyEntry> {
        match self.root() {
            Some(n) => (0..n.arity).map(|k| n.entry(k)).collect(),
            None => Vec::new(),
        }
    }

    /// The structures of the root's children (JAX's `treedef_children`).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// let def = ivy::tree_structure(&(1.0, vec![2.0, 3.0]));
    /// let c = def.children();
    /// assert_eq!(c.len(), 2);
    /// assert_eq!(c[1].to_string(), "TreeDef([*, *])");
    /// ```
    pub fn children(&self) -> Vec<TreeDef> {
        child_roots(self.nodes(), 0)
            .map(|c| self.subtree(c))
            .collect()
    }

    /// The structure of child `k` of the root.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// let def = ivy::tree_structure(&(1.0, None::<f64>));
    /// assert_eq!(def.child(1), Some(ivy::tree::TreeDef::none()));
    /// assert_eq!(def.child(2), None);
    /// ```
    pub fn child(&self, k: usize) -> Option<TreeDef> {
        child_roots(self.nodes(), 0).nth(k).map(|c| self.subtree(c))
    }

    /// The subtree rooted at node `i` (pre-order index).
    pub(crate) fn subtree(&self, i: usize) -> TreeDef {
        let nodes = self.nodes();
        let n = nodes.get(i).map_or(0, |n| n.num_nodes);
        match nodes.get(i..i + n) {
            Some(slice) => TreeDef::from_nodes(slice.to_vec(), false),
            None => TreeDef::leaf(),
        }
    }

    /// The root of the structure as a [`NodeRef`].
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// assert_eq!(ivy::tree_structure(&(1, 2)).root_ref().arity(), 2);
    /// ```
    pub fn root_ref(&self) -> NodeRef<'_> {
        NodeRef {
            nodes: self.nodes(),
            index: 0,
        }
    }

    /// The key paths of all leaves, in leaf order (optree's `treespec_paths`).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// let m = std::collections::BTreeMap::from([("a", vec![1.0, 2.0]), ("b", vec![3.0])]);
    /// let paths: Vec<String> = ivy::tree_structure(&m).paths().iter().map(|p| p.key_chain()).collect();
    /// assert_eq!(paths, ["a/0", "a/1", "b/0"]);
    /// ```
    pub fn paths(&self) -> Vec<KeyPath> {
        let mut out = Vec::with_capacity(self.num_leaves());
        let mut path = KeyPath::new();
        collect_paths(self.nodes(), 0, &mut path, &mut out);
        out
    }

    /// The [`Accessor`](super::Accessor)s of all leaves, in leaf order
    /// (optree's `treespec_accessors`).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// let def = ivy::tree_structure(&(1, indexmap::IndexMap::from([("y", 2), ("x", 3)])));
    /// let a: Vec<String> = def.accessors().iter().map(|a| a.to_string()).collect();
    /// assert_eq!(a, ["*[0]", "*[1]['y']", "*[1]['x']"]);
    /// ```
    pub fn accessors(&self) -> Vec<super::Accessor> {
        super::accessor::accessors_of(self)
    }

    /// Replace every leaf of `self` by `inner` (JAX's `compose`): the
    /// structure of a tree of trees.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// let outer = ivy::tree_structure(&vec![0, 0]);
    /// let inner = ivy::tree_structure(&(0, 0, 0));
    /// assert_eq!(outer.compose(&inner), ivy::tree_structure(&vec![(1, 2, 3), (4, 5, 6)]));
    /// ```
    pub fn compose(&self, inner: &TreeDef) -> TreeDef {
        let n = self.num_leaves();
        substitute(self, std::iter::repeat_n(inner, n))
    }

    /// Rebuild a value of type `T` from leaves (method form of
    /// [`tree_unflatten`](crate::tree_unflatten)).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// let def = ivy::tree_structure(&(0.0, [0.0, 0.0]));
    /// let t: (f64, [f64; 2]) = def.unflatten(vec![1.0, 2.0, 3.0])?;
    /// assert_eq!(t, (1.0, [2.0, 3.0]));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn unflatten<T: Tree<L>, L>(&self, leaves: impl IntoIterator<Item = L>) -> Result<T> {
        unflatten_impl("tree_unflatten", self, leaves.into_iter().collect())
    }

    /// Whether `self` is a prefix of `other`: `other` is `self` with each
    /// leaf replaced by some subtree (optree's `is_prefix`; a structure is a
    /// prefix of itself).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// let prefix = ivy::tree_structure(&(0, 0));
    /// assert!(prefix.is_prefix_of(&ivy::tree_structure(&(1, vec![2, 3]))));
    /// assert!(!prefix.is_prefix_of(&ivy::tree_structure(&vec![1, 2])));
    /// ```
    pub fn is_prefix_of(&self, other: &TreeDef) -> bool {
        self.check_prefix_of(other, "is_prefix_of").is_ok()
    }

    /// `Ok` if `self` is a prefix of `other`, else the first disagreement as
    /// an [`Error::Structure`] naming its key path and why (JAX's
    /// `prefix_errors`, one line).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// let prefix = ivy::tree_structure(&(0, 0));
    /// let err = prefix.check_prefix_of(&ivy::tree_structure(&vec![1, 2]), "vmap").unwrap_err();
    /// assert_eq!(err.to_string(), "vmap: at tree: expected a tuple of 2, got a list of 2");
    /// ```
    pub fn check_prefix_of(&self, other: &TreeDef, op: &str) -> Result<()> {
        let mut path = KeyPath::new();
        prefix_walk(self.nodes(), 0, other.nodes(), 0, &mut path, &mut |_, _| {})
            .map_err(|m| Error::structure(op, m.0.error_path(), m.1))
    }

    /// The subtrees of `tree` at the leaves of `self` (which must be a
    /// prefix of `tree`'s structure), in leaf order (JAX's
    /// `treedef.flatten_up_to`).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// let prefix = ivy::tree_structure(&(0, 0));
    /// let parts = prefix.flatten_up_to(&(1.0, vec![2.0, 3.0]))?;
    /// assert_eq!(parts[0].leaf(), Some(&1.0));
    /// let v: Vec<f64> = parts[1].clone().unflatten()?;
    /// assert_eq!(v, [2.0, 3.0]);
    /// let err = prefix.flatten_up_to(&vec![1.0]).unwrap_err();
    /// assert_eq!(err.to_string(), "flatten_up_to: at tree: expected a tuple of 2, got a list of 1");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn flatten_up_to<T: Tree<L>, L: Clone>(&self, tree: &T) -> Result<Vec<Subtree<L>>> {
        let (leaves, full) = flatten_impl(tree);
        split_up_to(self, &full, leaves, "flatten_up_to")
    }
}

/// The child roots of node `i`.
pub(crate) fn child_roots(nodes: &[Node], i: usize) -> impl Iterator<Item = usize> + '_ {
    let arity = nodes.get(i).map_or(0, |n| n.arity);
    let mut next = i + 1;
    (0..arity).map_while(move |_| {
        let c = next;
        let n = nodes.get(c)?;
        next = c + n.num_nodes;
        Some(c)
    })
}

/// The path from the root to node `target`.
pub(crate) fn path_to(nodes: &[Node], target: usize) -> KeyPath {
    let mut path = KeyPath::new();
    let mut i = 0;
    while i < target {
        let Some(node) = nodes.get(i) else { break };
        let mut found = false;
        for (k, c) in child_roots(nodes, i).enumerate() {
            let span = nodes.get(c).map_or(1, |n| n.num_nodes);
            if c <= target && target < c + span {
                path.push(node.entry(k));
                i = c;
                found = true;
                break;
            }
        }
        if !found {
            break;
        }
    }
    path
}

fn collect_paths(nodes: &[Node], i: usize, path: &mut KeyPath, out: &mut Vec<KeyPath>) {
    let Some(node) = nodes.get(i) else { return };
    if matches!(node.kind, Kind::Leaf) {
        out.push(path.clone());
        return;
    }
    for (k, c) in child_roots(nodes, i).enumerate() {
        path.push(node.entry(k));
        collect_paths(nodes, c, path, out);
        path.pop();
    }
}

/// `outer` with its `j`-th leaf replaced by the `j`-th structure of `inner`.
pub(crate) fn substitute<'a>(
    outer: &TreeDef,
    mut inner: impl Iterator<Item = &'a TreeDef>,
) -> TreeDef {
    let mut nodes = Vec::with_capacity(outer.num_nodes());
    sub_rec(outer.nodes(), 0, &mut inner, &mut nodes);
    TreeDef::from_nodes(nodes, false)
}

fn sub_rec<'a>(
    outer: &[Node],
    i: usize,
    inner: &mut impl Iterator<Item = &'a TreeDef>,
    out: &mut Vec<Node>,
) -> (usize, usize) {
    let Some(node) = outer.get(i) else {
        return (0, 0);
    };
    if matches!(node.kind, Kind::Leaf) {
        return match inner.next() {
            Some(def) => {
                out.extend(def.nodes().iter().cloned());
                (def.num_leaves(), def.num_nodes())
            }
            None => {
                out.push(Node::LEAF);
                (1, 1)
            }
        };
    }
    let at = out.len();
    out.push(node.clone());
    let (mut leaves, mut count) = (0, 1);
    for c in child_roots(outer, i) {
        let (l, n) = sub_rec(outer, c, inner, out);
        leaves += l;
        count += n;
    }
    if let Some(n) = out.get_mut(at) {
        n.num_leaves = leaves;
        n.num_nodes = count;
    }
    (leaves, count)
}

/// A disagreement found by [`prefix_walk`]: where, and why.
pub(crate) struct Mismatch(pub KeyPath, pub String);

/// Compare node `ai` of `a` (the prefix) with node `bi` of `b`. At each leaf
/// of `a`, calls `at_leaf(bi, path)` with the node of `b` at that position.
/// Maps of any kind match maps of any kind with the same key set, child by
/// key (optree's rule), so `at_leaf` may see `b`'s nodes out of order.
pub(crate) fn prefix_walk(
    a: &[Node],
    ai: usize,
    b: &[Node],
    bi: usize,
    path: &mut KeyPath,
    at_leaf: &mut dyn FnMut(usize, &KeyPath),
) -> std::result::Result<(), Mismatch> {
    let (Some(x), Some(y)) = (a.get(ai), b.get(bi)) else {
        return Err(Mismatch(path.clone(), "malformed structure".to_string()));
    };
    if matches!(x.kind, Kind::Leaf) {
        at_leaf(bi, path);
        return Ok(());
    }
    node_agrees(x, y).map_err(|m| Mismatch(path.clone(), m))?;
    for (k, (ca, cb)) in paired_children(a, ai, b, bi).into_iter().enumerate() {
        path.push(x.entry(k));
        prefix_walk(a, ca, b, cb, path, at_leaf)?;
        path.pop();
    }
    Ok(())
}

/// The children of node `ai` of `a` with the children of node `bi` of `b`
/// they face, in `a`'s order: by position, or by key for two maps whose
/// keys come in different orders. The nodes must agree ([`node_agrees`]).
pub(crate) fn paired_children(a: &[Node], ai: usize, b: &[Node], bi: usize) -> Vec<(usize, usize)> {
    let by_key = match (a.get(ai).map(|n| &n.kind), b.get(bi).map(|n| &n.kind)) {
        (Some(Kind::Dict(dx)), Some(Kind::Dict(dy))) if dx.keys != dy.keys => Some((dx, dy)),
        _ => None,
    };
    match by_key {
        None => child_roots(a, ai).zip(child_roots(b, bi)).collect(),
        Some((dx, dy)) => {
            let kids_b: Vec<usize> = child_roots(b, bi).collect();
            child_roots(a, ai)
                .zip(dx.keys.iter())
                .filter_map(|(ca, key)| {
                    let j = dy.keys.iter().position(|k| k == key)?;
                    Some((ca, *kids_b.get(j)?))
                })
                .collect()
        }
    }
}

/// Whether two non-leaf nodes have the same kind, arity and node data; if
/// not, why, in one line. Maps of any two kinds agree when their key sets
/// are equal (optree's rule for zipping `dict`, `OrderedDict` and
/// `defaultdict`).
pub(crate) fn node_agrees(x: &Node, y: &Node) -> std::result::Result<(), String> {
    match (&x.kind, &y.kind) {
        (Kind::None, Kind::None) => Ok(()),
        (Kind::Tuple, Kind::Tuple) | (Kind::List, Kind::List) | (Kind::Deque, Kind::Deque)
            if x.arity != y.arity =>
        {
            let what = match x.kind {
                Kind::Tuple => "tuple",
                Kind::Deque => "deque",
                _ => "list",
            };
            Err(format!(
                "{what} arity mismatch: expected {} children, got {}",
                x.arity, y.arity
            ))
        }
        (Kind::Tuple, Kind::Tuple) | (Kind::List, Kind::List) | (Kind::Deque, Kind::Deque) => {
            Ok(())
        }
        (Kind::Dict(dx), Kind::Dict(dy)) => {
            let same = dx.keys == dy.keys
                || (dx.keys.len() == dy.keys.len() && dx.keys.iter().all(|k| dy.keys.contains(k)));
            if same {
                Ok(())
            } else {
                Err(key_mismatch(&dx.keys, &dy.keys))
            }
        }
        (Kind::Record(rx), Kind::Record(ry)) => {
            if !rx.same_type(ry) {
                return Err(format!("expected {}, got {}", x.describe(), y.describe()));
            }
            for (k, (sx, sy)) in rx.statics.iter().zip(ry.statics.iter()).enumerate() {
                if sx != sy {
                    return Err(format!(
                        "static field `{}` of `{}` differs: expected {sx:?}, got {sy:?}",
                        rx.static_name(k),
                        rx.display_name()
                    ));
                }
            }
            Ok(())
        }
        _ => Err(format!("expected {}, got {}", x.describe(), y.describe())),
    }
}

/// For every node of `nodes`, the number of leaves before it in pre-order
/// (the index of its first leaf).
pub(crate) fn leaf_offsets(nodes: &[Node]) -> Vec<usize> {
    let mut out = Vec::with_capacity(nodes.len());
    let mut seen = 0;
    for n in nodes {
        out.push(seen);
        if matches!(n.kind, Kind::Leaf) {
            seen += 1;
        }
    }
    out
}

/// For each leaf of `prefix`, the root (node index in `full`) of the subtree
/// of `full` at its position; the error names the first disagreement.
pub(crate) fn match_prefix(op: &str, prefix: &TreeDef, full: &TreeDef) -> Result<Vec<usize>> {
    let mut roots: Vec<usize> = Vec::with_capacity(prefix.num_leaves());
    let mut path = KeyPath::new();
    prefix_walk(
        prefix.nodes(),
        0,
        full.nodes(),
        0,
        &mut path,
        &mut |bi, _| roots.push(bi),
    )
    .map_err(|m| Error::structure(op, m.0.error_path(), m.1))?;
    Ok(roots)
}

/// How the leaves of `b` line up with those of `a` when the two structures
/// agree (equal, or maps with the same keys in other orders): `None` when
/// leaf `i` of `a` faces leaf `i` of `b`, else the index in `b` of the leaf
/// facing each leaf of `a`. The error names the first disagreement, or the
/// first place where `b` goes deeper than `a`.
pub(crate) fn zip_order(op: &str, a: &TreeDef, b: &TreeDef) -> Result<Option<Vec<usize>>> {
    if a == b {
        return Ok(None);
    }
    let bn = b.nodes();
    let mut deeper: Option<(KeyPath, String)> = None;
    let mut roots: Vec<usize> = Vec::with_capacity(a.num_leaves());
    let mut path = KeyPath::new();
    prefix_walk(a.nodes(), 0, bn, 0, &mut path, &mut |bi, p| {
        if deeper.is_none()
            && let Some(node) = bn.get(bi)
            && !matches!(node.kind, Kind::Leaf)
        {
            deeper = Some((
                p.clone(),
                format!("expected a leaf, got {}", node.describe()),
            ));
        }
        roots.push(bi);
    })
    .map_err(|m| Error::structure(op, m.0.error_path(), m.1))?;
    if let Some((p, m)) = deeper {
        return Err(Error::structure(op, p.error_path(), m));
    }
    let offsets = leaf_offsets(bn);
    let order: Vec<usize> = roots
        .iter()
        .map(|&bi| offsets.get(bi).copied().unwrap_or(0))
        .collect();
    if order.iter().enumerate().all(|(i, &j)| i == j) {
        Ok(None)
    } else {
        Ok(Some(order))
    }
}

pub(crate) fn key_mismatch(expected: &[Key], got: &[Key]) -> String {
    let missing: Vec<Key> = expected
        .iter()
        .filter(|k| !got.contains(k))
        .cloned()
        .collect();
    let extra: Vec<Key> = got
        .iter()
        .filter(|k| !expected.contains(k))
        .cloned()
        .collect();
    let mut msg = format!(
        "dict key mismatch: expected keys {}, got {}",
        KeyList(expected),
        KeyList(got)
    );
    if !missing.is_empty() {
        msg.push_str(&format!("; missing {}", KeyList(&missing)));
    }
    if !extra.is_empty() {
        msg.push_str(&format!("; extra {}", KeyList(&extra)));
    }
    msg
}

/// Split the leaves of `full` into the subtrees at the leaves of `prefix`, in
/// `prefix`'s leaf order.
pub(crate) fn split_up_to<L>(
    prefix: &TreeDef,
    full: &TreeDef,
    leaves: Vec<L>,
    op: &str,
) -> Result<Vec<Subtree<L>>> {
    let roots = match_prefix(op, prefix, full)?;
    Ok(take_subtrees(full, &roots, leaves))
}

/// The subtrees of `full` rooted at `roots` (which do not overlap), with
/// their leaves taken from `leaves` (`full`'s, in its leaf order).
pub(crate) fn take_subtrees<L>(full: &TreeDef, roots: &[usize], leaves: Vec<L>) -> Vec<Subtree<L>> {
    let nodes = full.nodes();
    let offsets = leaf_offsets(nodes);
    let in_order = roots
        .windows(2)
        .all(|w| offsets.get(w[0]) <= offsets.get(w[1]));
    let mut out = Vec::with_capacity(roots.len());
    if in_order {
        // The common case: consecutive runs of the leaf vector.
        let mut it = leaves.into_iter();
        let mut at = 0;
        for &bi in roots {
            let start = offsets.get(bi).copied().unwrap_or(at);
            let skip = start.saturating_sub(at);
            it.by_ref().take(skip).for_each(drop);
            let def = full.subtree(bi);
            let part: Vec<L> = it.by_ref().take(def.num_leaves()).collect();
            at = start + part.len();
            out.push(Subtree::from_parts_unchecked(def, part));
        }
        return out;
    }
    let mut slots: Vec<Option<L>> = leaves.into_iter().map(Some).collect();
    for &bi in roots {
        let def = full.subtree(bi);
        let start = offsets.get(bi).copied().unwrap_or(0);
        let part: Vec<L> = (start..start + def.num_leaves())
            .filter_map(|j| slots.get_mut(j).and_then(Option::take))
            .collect();
        out.push(Subtree::from_parts_unchecked(def, part));
    }
    out
}

/// Rebuild a `T` from a structure and its leaves.
pub(crate) fn unflatten_impl<T: Tree<L>, L>(
    op: &'static str,
    def: &TreeDef,
    leaves: Vec<L>,
) -> Result<T> {
    if def.none_is_leaf {
        return Err(Error::structure(
            op,
            "tree",
            "this structure was flattened with None as a leaf; rebuild it with tree_unflatten_with",
        ));
    }
    if leaves.len() != def.num_leaves() {
        return Err(Error::structure(
            op,
            "tree",
            format!("expected {} leaves, got {}", def.num_leaves(), leaves.len()),
        ));
    }
    let mut src = DefSource::new(op, def, leaves);
    let value = T::unflatten_from(&mut src)?;
    src.finish()?;
    Ok(value)
}

impl PartialEq for TreeDef {
    fn eq(&self, other: &TreeDef) -> bool {
        self.none_is_leaf == other.none_is_leaf
            && (Arc::ptr_eq(&self.inner, &other.inner)
                || (self.inner.len == other.inner.len
                    && self.inner.compact() == other.inner.compact()))
    }
}

impl Eq for TreeDef {}

impl Hash for TreeDef {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.none_is_leaf.hash(state);
        self.inner.len.hash(state);
        for n in self.inner.compact() {
            n.kind.hash(state);
            n.arity.hash(state);
        }
    }
}

impl fmt::Display for TreeDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("TreeDef(")?;
        fmt_node(self.nodes(), 0, f)?;
        if self.none_is_leaf {
            f.write_str(", NoneIsLeaf")?;
        }
        f.write_str(")")
    }
}

impl fmt::Debug for TreeDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

fn fmt_children(nodes: &[Node], i: usize, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    for (k, c) in child_roots(nodes, i).enumerate() {
        if k > 0 {
            f.write_str(", ")?;
        }
        fmt_node(nodes, c, f)?;
    }
    Ok(())
}

fn fmt_node(nodes: &[Node], i: usize, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let Some(node) = nodes.get(i) else {
        return f.write_str("?");
    };
    match &node.kind {
        Kind::Leaf => f.write_str("*"),
        Kind::None => f.write_str("None"),
        Kind::Tuple => {
            f.write_str("(")?;
            fmt_children(nodes, i, f)?;
            if node.arity == 1 {
                f.write_str(",")?;
            }
            f.write_str(")")
        }
        Kind::List => {
            f.write_str("[")?;
            fmt_children(nodes, i, f)?;
            f.write_str("]")
        }
        // optree's spellings: `deque([*, *])`, `deque()`.
        Kind::Deque => {
            if node.arity == 0 {
                return f.write_str("deque()");
            }
            f.write_str("deque([")?;
            fmt_children(nodes, i, f)?;
            f.write_str("])")
        }
        // `{...}`, `OrderedDict({...})` (`OrderedDict()` when empty),
        // `defaultdict({...})`.
        Kind::Dict(d) => {
            match d.kind {
                MapKind::Dict => {}
                MapKind::Ordered if node.arity == 0 => return f.write_str("OrderedDict()"),
                MapKind::Ordered => f.write_str("OrderedDict(")?,
                MapKind::Default => f.write_str("defaultdict(")?,
            }
            f.write_str("{")?;
            for (k, c) in child_roots(nodes, i).enumerate() {
                if k > 0 {
                    f.write_str(", ")?;
                }
                match d.keys.get(k) {
                    Some(key) => write!(f, "{key}: ")?,
                    None => f.write_str("?: ")?,
                }
                fmt_node(nodes, c, f)?;
            }
            f.write_str("}")?;
            if d.kind != MapKind::Dict {
                f.write_str(")")?;
            }
            Ok(())
        }
        Kind::Record(r) => fmt_record(nodes, i, r, f),
    }
}

fn fmt_record(nodes: &[Node], i: usize, r: &RecordNode, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    f.write_str(&r.display_name())?;
    let arity = nodes.get(i).map_or(0, |n| n.arity);
    match r.shape() {
        RecordShape::Named => {
            if arity == 0 && r.statics.is_empty() {
                return f.write_str(" {}");
            }
            f.write_str(" { ")?;
            let mut first = true;
            for (k, c) in child_roots(nodes, i).enumerate() {
                if !first {
                    f.write_str(", ")?;
                }
                first = false;
                write!(f, "{}: ", r.field(k))?;
                fmt_node(nodes, c, f)?;
            }
            for (k, v) in r.statics.iter().enumerate() {
                if !first {
                    f.write_str(", ")?;
                }
                first = false;
                write!(f, "static {}: {v:?}", r.static_name(k))?;
            }
            f.write_str(" }")
        }
        RecordShape::Tuple | RecordShape::Unit => {
            if r.shape() == RecordShape::Unit && arity == 0 && r.statics.is_empty() {
                return Ok(());
            }
            f.write_str("(")?;
            fmt_children(nodes, i, f)?;
            for (k, v) in r.statics.iter().enumerate() {
                if k > 0 || arity > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "static {v:?}")?;
            }
            f.write_str(")")
        }
    }
}

/// A borrowed view of one node of a [`TreeDef`], given to `is_leaf`
/// predicates (see [`tree_flatten_with`](crate::tree_flatten_with)).
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::tree::NodeKind;
/// let def = ivy::tree_structure(&vec![(1.0, 2.0)]);
/// let root = def.root_ref();
/// assert_eq!((root.kind(), root.arity(), root.num_leaves(), root.num_nodes()), (NodeKind::List, 1, 2, 4));
/// assert_eq!(root.to_treedef(), def);
/// let pair = root.children()[0];
/// assert_eq!((pair.kind(), pair.type_name(), pair.keys().len()), (NodeKind::Tuple, None, 0));
/// ```
#[derive(Clone, Copy)]
pub struct NodeRef<'a> {
    pub(crate) nodes: &'a [Node],
    pub(crate) index: usize,
}

impl<'a> NodeRef<'a> {
    fn node(&self) -> Option<&'a Node> {
        self.nodes.get(self.index)
    }

    /// The node's kind.
    pub fn kind(&self) -> NodeKind {
        self.node().map_or(NodeKind::Leaf, |n| n.kind.node_kind())
    }

    /// Number of children.
    pub fn arity(&self) -> usize {
        self.node().map_or(0, |n| n.arity)
    }

    /// Number of leaves below (1 for a leaf).
    pub fn num_leaves(&self) -> usize {
        self.node().map_or(0, |n| n.num_leaves)
    }

    /// Number of nodes below, itself included.
    pub fn num_nodes(&self) -> usize {
        self.node().map_or(0, |n| n.num_nodes)
    }

    /// A record's type name (`Linear`, `Act::Scaled`).
    pub fn type_name(&self) -> Option<String> {
        match self.node().map(|n| &n.kind) {
            Some(Kind::Record(r)) => Some(r.display_name()),
            _ => None,
        }
    }

    /// A map's keys, in traversal order.
    pub fn keys(&self) -> &'a [Key] {
        match self.node().map(|n| &n.kind) {
            Some(Kind::Dict(d)) => &d.keys,
            _ => &[],
        }
    }

    /// The children.
    pub fn children(&self) -> Vec<NodeRef<'a>> {
        let nodes = self.nodes;
        child_roots(nodes, self.index)
            .map(|index| NodeRef { nodes, index })
            .collect()
    }

    /// The subtree rooted here, as an owned [`TreeDef`].
    pub fn to_treedef(&self) -> TreeDef {
        let n = self.num_nodes();
        match self.nodes.get(self.index..self.index + n) {
            Some(slice) => TreeDef::from_nodes(slice.to_vec(), false),
            None => TreeDef::leaf(),
        }
    }
}

impl fmt::Debug for NodeRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_node(self.nodes, self.index, f)
    }
}

// Keys sort by variant (bool < float < int < char < str < other: optree's
// order for the keys of a Python dict that do not compare with each other,
// by type name), then by value; `Other` keys by their `Debug` text. This is the order of
// [`TreeDef::dict`]; typed maps sort by their own key type's `Ord`, which
// agrees for the builtin key types.
impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Key) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Key {
    fn cmp(&self, other: &Key) -> std::cmp::Ordering {
        fn rank(k: &Key) -> u8 {
            match k {
                Key::Bool(_) => 0,
                Key::Float(_) => 1,
                Key::Int(_) => 2,
                Key::Char(_) => 3,
                Key::Str(_) => 4,
                Key::Other(_) => 5,
            }
        }
        match (self, other) {
            (Key::Bool(a), Key::Bool(b)) => a.cmp(b),
            (Key::Float(a), Key::Float(b)) => a.cmp(b),
            (Key::Int(a), Key::Int(b)) => a.cmp(b),
            (Key::Char(a), Key::Char(b)) => a.cmp(b),
            (Key::Str(a), Key::Str(b)) => a.cmp(b),
            (Key::Other(a), Key::Other(b)) => format!("{a:?}").cmp(&format!("{b:?}")),
            _ => rank(self).cmp(&rank(other)),
        }
    }
}
