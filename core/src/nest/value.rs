//! [`Nest`]: a nested value whose shape is known only at run time, its
//! indices, and its conversions to and from [`Tree`] types.

use crate::Array;
use crate::error::{Error, Result};
use crate::tree::{
    DictKeys, Key, KeyEntry, KeyPath, NodeKind, RecordInfo, RecordMatch, RecordShape, Sink, Source,
    StaticField, StaticValue, Tree, TreeKey, TreeMap,
};
use indexmap::IndexMap;
use std::collections::VecDeque;
use std::fmt;

/// A nest: Ivy's nested lists, tuples and string-keyed dicts of leaves, for
/// data whose shape is known only at run time.
///
/// `None` is a value of its own (Python's `None`); dicts keep their
/// insertion order. A `Nest` is also a [`Tree`], so every `tree_*` function
/// applies to it (dicts are then traversed in sorted key order, as any map),
/// and it converts to and from typed trees with [`Nest::from_tree`] and
/// [`Nest::into_tree`].
///
/// Build one with the [`nest!`](crate::nest!) macro; its `Debug` form is
/// Python's:
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::Nest;
/// let n: Nest<i64> = ivy::nest!({"a": [1, (2, 3)], "b": None});
/// assert_eq!(format!("{n:?}"), "{'a': [1, (2, 3)], 'b': None}");
/// assert_eq!(n.get(&"a".into()).and_then(|a| a.get(&1.into())), Some(&ivy::nest!((2, 3))));
/// ```
#[derive(Clone, PartialEq)]
pub enum Nest<L = Array> {
    /// A leaf.
    Leaf(L),
    /// Python's `None`.
    None,
    /// A list.
    List(Vec<Nest<L>>),
    /// A tuple.
    Tuple(Vec<Nest<L>>),
    /// A dict with string keys, in insertion order.
    Dict(IndexMap<String, Nest<L>>),
}

/// One step of a nest index: a position in a list or tuple (negative counts
/// from the end, as in Python), or a dict key.
///
/// A position used on a dict means the key of that number (`{1: ...}[1]` in
/// Python). Indices print as Python's: `['a', 0]`.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::IndexKey;
/// let index = ivy::nest_index!["b", 1, -1];
/// assert_eq!(index, [IndexKey::Key("b".into()), IndexKey::Pos(1), IndexKey::Pos(-1)]);
/// assert_eq!(format!("{index:?}"), "['b', 1, -1]");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum IndexKey {
    /// A position.
    Pos(isize),
    /// A dict key.
    Key(String),
}

/// A path into a nest (Ivy's index tuples).
///
/// ```
/// # use ivy_core as ivy;
/// let i: ivy::nest::Index = ivy::nest_index!["a", 0];
/// assert_eq!(i.len(), 2);
/// ```
pub type Index = Vec<IndexKey>;

impl fmt::Debug for IndexKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IndexKey::Pos(i) => write!(f, "{i}"),
            IndexKey::Key(k) => write!(f, "{}", PyStr(k)),
        }
    }
}

impl fmt::Display for IndexKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IndexKey::Pos(i) => write!(f, "{i}"),
            IndexKey::Key(k) => f.write_str(k),
        }
    }
}

macro_rules! index_from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for IndexKey {
            fn from(i: $t) -> IndexKey {
                IndexKey::Pos(i as isize)
            }
        }
    )*};
}
index_from_int!(i8, i16, i32, i64, isize, u8, u16, u32, usize);

impl From<&str> for IndexKey {
    fn from(k: &str) -> IndexKey {
        IndexKey::Key(k.to_string())
    }
}

impl From<String> for IndexKey {
    fn from(k: String) -> IndexKey {
        IndexKey::Key(k)
    }
}

impl From<&String> for IndexKey {
    fn from(k: &String) -> IndexKey {
        IndexKey::Key(k.clone())
    }
}

/// Writes a string as Python's `repr` does: `'a'`.
pub(crate) struct PyStr<'a>(pub &'a str);

impl fmt::Display for PyStr<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        f.write_char('\'')?;
        for c in self.0.chars() {
            match c {
                '\'' => f.write_str("\\'")?,
                '\\' => f.write_str("\\\\")?,
                '\n' => f.write_str("\\n")?,
                c => f.write_char(c)?,
            }
        }
        f.write_char('\'')
    }
}

/// An index as the `path` of an error: `nest['a'][0]`.
pub(crate) fn index_path(index: &[IndexKey]) -> String {
    let mut s = String::from("nest");
    for k in index {
        match k {
            IndexKey::Pos(i) => s.push_str(&format!("[{i}]")),
            IndexKey::Key(key) => s.push_str(&format!("[{}]", PyStr(key))),
        }
    }
    s
}

impl<L> Nest<L> {
    /// A leaf (`Nest::Leaf(value)`).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// use ivy::nest::Nest;
    /// let n = Nest::from_leaf(2);
    /// assert!(!n.is_nest() && !n.is_none());
    /// assert_eq!((n.len(), n.is_empty()), (0, true));
    /// let mut l: Nest<i32> = ivy::nest!([1, None]);
    /// assert!(l.is_nest() && l.get(&1.into()).is_some_and(Nest::is_none));
    /// if let Some(first) = l.get_mut(&0.into()) {
    ///     *first = n;
    /// }
    /// assert_eq!(l, ivy::nest!([2, None]));
    /// ```
    pub fn from_leaf(value: L) -> Nest<L> {
        Nest::Leaf(value)
    }

    /// The leaf, if this is one.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// assert_eq!(ivy::nest!(3).leaf(), Some(&3));
    /// assert_eq!(ivy::nest!([3]).leaf(), None);
    /// ```
    pub fn leaf(&self) -> Option<&L> {
        match self {
            Nest::Leaf(l) => Some(l),
            _ => None,
        }
    }

    /// Whether this is a list, tuple or dict (Ivy's nests); leaves and
    /// `None` are not.
    pub fn is_nest(&self) -> bool {
        matches!(self, Nest::List(_) | Nest::Tuple(_) | Nest::Dict(_))
    }

    /// Whether this is `None`.
    pub fn is_none(&self) -> bool {
        matches!(self, Nest::None)
    }

    /// Number of children of a list, tuple or dict (0 for anything else).
    pub fn len(&self) -> usize {
        match self {
            Nest::List(v) | Nest::Tuple(v) => v.len(),
            Nest::Dict(d) => d.len(),
            _ => 0,
        }
    }

    /// Whether [`Nest::len`] is 0.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The child at one index step.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// let n: ivy::nest::Nest<i32> = ivy::nest!([1, 2, 3]);
    /// assert_eq!(n.get(&(-1).into()), Some(&ivy::nest!(3)));
    /// assert_eq!(n.get(&"a".into()), None);
    /// ```
    pub fn get(&self, key: &IndexKey) -> Option<&Nest<L>> {
        match (self, key) {
            (Nest::List(v) | Nest::Tuple(v), IndexKey::Pos(i)) => {
                resolve(*i, v.len()).and_then(|i| v.get(i))
            }
            (Nest::Dict(d), IndexKey::Key(k)) => d.get(k),
            (Nest::Dict(d), IndexKey::Pos(i)) => d.get(&i.to_string()),
            _ => None,
        }
    }

    /// The child at one index step, mutably.
    pub fn get_mut(&mut self, key: &IndexKey) -> Option<&mut Nest<L>> {
        match (self, key) {
            (Nest::List(v) | Nest::Tuple(v), IndexKey::Pos(i)) => {
                let n = v.len();
                resolve(*i, n).and_then(|i| v.get_mut(i))
            }
            (Nest::Dict(d), IndexKey::Key(k)) => d.get_mut(k),
            (Nest::Dict(d), IndexKey::Pos(i)) => d.get_mut(&i.to_string()),
            _ => None,
        }
    }

    /// What this is, for error messages.
    pub(crate) fn describe(&self) -> String {
        match self {
            Nest::Leaf(_) => "a leaf".to_string(),
            Nest::None => "None".to_string(),
            Nest::List(v) => format!("a list of {}", v.len()),
            Nest::Tuple(v) => format!("a tuple of {}", v.len()),
            Nest::Dict(d) => {
                let keys: Vec<String> = d.keys().map(|k| PyStr(k).to_string()).collect();
                format!("a dict with keys [{}]", keys.join(", "))
            }
        }
    }

    /// A typed tree as a nest: sequences become lists, tuples tuples, maps
    /// dicts (keys as text), `None` stays `None`; a struct becomes a dict of
    /// its fields (a tuple struct a tuple), an enum variant a one-entry dict
    /// `{variant: fields}`. Static fields are metadata, not data, and are
    /// left out.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// use std::collections::BTreeMap;
    /// let t = (vec![1.0, 2.0], BTreeMap::from([("w", None), ("b", Some(3.0))]));
    /// let n = ivy::nest::Nest::from_tree(&t);
    /// assert_eq!(format!("{n:?}"), "([1.0, 2.0], {'b': 3.0, 'w': None})");
    /// ```
    pub fn from_tree<T: Tree<L>>(tree: &T) -> Nest<L>
    where
        L: Clone,
    {
        let mut b = NestBuilder {
            stack: Vec::new(),
            root: None,
        };
        tree.flatten_into(&mut b);
        b.root.unwrap_or(Nest::None)
    }

    /// Rebuild a typed tree from this nest; the inverse of
    /// [`Nest::from_tree`]. Lists and tuples are accepted for one another;
    /// dict keys are parsed into the map's key type. Fails with the path of
    /// the first part that does not fit, and for types with static fields
    /// (a nest does not hold them).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// use std::collections::BTreeMap;
    /// let n: ivy::nest::Nest<f64> = ivy::nest!({"w": [1.0, 2.0], "b": [3.0]});
    /// let m: BTreeMap<String, Vec<f64>> = n.clone().into_tree()?;
    /// assert_eq!(m["w"], [1.0, 2.0]);
    /// let err = n.into_tree::<BTreeMap<String, (f64, f64)>>().unwrap_err();
    /// assert_eq!(err.to_string(), "Nest::into_tree: at nest['b']: expected a tuple of 2, got a list of 1");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn into_tree<T: Tree<L>>(self) -> Result<T> {
        let mut src = NestSource {
            frames: Vec::new(),
            root: Some(self),
            current: None,
        };
        let value = T::unflatten_from(&mut src)?;
        Ok(value)
    }
}

/// A Python index into a sequence of length `n`.
pub(crate) fn resolve(i: isize, n: usize) -> Option<usize> {
    let n = isize::try_from(n).ok()?;
    let j = if i < 0 { i + n } else { i };
    if (0..n).contains(&j) {
        usize::try_from(j).ok()
    } else {
        None
    }
}

impl<L: fmt::Debug> fmt::Debug for Nest<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Nest::Leaf(l) => write!(f, "{l:?}"),
            Nest::None => f.write_str("None"),
            Nest::List(v) => {
                f.write_str("[")?;
                for (i, x) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{x:?}")?;
                }
                f.write_str("]")
            }
            Nest::Tuple(v) => {
                f.write_str("(")?;
                for (i, x) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{x:?}")?;
                }
                if v.len() == 1 {
                    f.write_str(",")?;
                }
                f.write_str(")")
            }
            Nest::Dict(d) => {
                f.write_str("{")?;
                for (i, (k, x)) in d.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{}: {x:?}", PyStr(k))?;
                }
                f.write_str("}")
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Nest as a Tree
// ---------------------------------------------------------------------------

/// Sorted positions of a dict's keys, and its insertion order when not
/// sorted.
fn sorted_dict<L>(d: &IndexMap<String, Nest<L>>) -> (Vec<usize>, Option<Vec<usize>>) {
    let mut pos: Vec<usize> = (0..d.len()).collect();
    pos.sort_by(|&a, &b| {
        d.get_index(a)
            .map(|e| e.0)
            .cmp(&d.get_index(b).map(|e| e.0))
    });
    let sorted = pos.iter().enumerate().all(|(j, &p)| j == p);
    let order = if sorted {
        None
    } else {
        let mut order = vec![0; pos.len()];
        for (j, &p) in pos.iter().enumerate() {
            if let Some(slot) = order.get_mut(p) {
                *slot = j;
            }
        }
        Some(order)
    };
    (pos, order)
}

/// A nest is a tree: lists are list nodes, tuples tuple nodes, dicts dict
/// nodes (visited in sorted key order, rebuilt in insertion order), `None`
/// the `None` node. Rebuilding reads whatever structure comes (a nest has
/// no fixed shape), except records, which a nest cannot hold.
///
/// ```
/// # use ivy_core as ivy;
/// let n: ivy::nest::Nest<i32> = ivy::nest!({"b": [1, 2], "a": (3, None)});
/// let (leaves, def) = ivy::tree_flatten(&n);
/// assert_eq!(leaves, [3, 1, 2]);
/// assert_eq!(def.to_string(), "TreeDef({'a': (*, None), 'b': [*, *]})");
/// let back: ivy::nest::Nest<i32> = ivy::tree_unflatten(&def, leaves)?;
/// assert_eq!(back, n);
/// assert_eq!(ivy::tree_map(|x| x * 10, &n), ivy::nest!({"b": [10, 20], "a": (30, None)}));
/// # Ok::<(), ivy::Error>(())
/// ```
impl<L> Tree<L> for Nest<L> {
    fn flatten_into<'a, S: Sink<'a, L>>(&'a self, sink: &mut S)
    where
        L: 'a,
    {
        match self {
            Nest::Leaf(l) => sink.leaf(l),
            Nest::None => sink.none(),
            Nest::List(v) => {
                let t = sink.list(v.len());
                for (k, x) in v.iter().enumerate() {
                    sink.child_index(k);
                    x.flatten_into(sink);
                }
                sink.end(t);
            }
            Nest::Tuple(v) => {
                let t = sink.tuple(v.len());
                for (k, x) in v.iter().enumerate() {
                    sink.child_index(k);
                    x.flatten_into(sink);
                }
                sink.end(t);
            }
            Nest::Dict(d) => {
                let (pos, order) = sorted_dict(d);
                let entries: Vec<(&String, &Nest<L>)> =
                    pos.iter().filter_map(|&i| d.get_index(i)).collect();
                let keys: Vec<&String> = entries.iter().map(|e| e.0).collect();
                let t = sink.dict(&keys, order.as_deref());
                for (k, x) in entries {
                    sink.child_key(k);
                    x.flatten_into(sink);
                }
                sink.end(t);
            }
        }
    }

    fn unflatten_from<S: Source<L>>(src: &mut S) -> Result<Self> {
        let Some((kind, arity)) = src.peek() else {
            return Err(Error::structure(
                "tree_unflatten",
                "tree",
                "this source cannot say what node comes next",
            ));
        };
        match kind {
            NodeKind::Leaf => src.leaf().map(Nest::Leaf),
            NodeKind::None => {
                src.take_none()?;
                Ok(Nest::None)
            }
            NodeKind::Tuple => {
                src.tuple(arity)?;
                let v = (0..arity)
                    .map(|_| Nest::unflatten_from(src))
                    .collect::<Result<Vec<_>>>()?;
                src.end()?;
                Ok(Nest::Tuple(v))
            }
            NodeKind::List | NodeKind::Deque => {
                // A deque becomes a list (a nest has no deques).
                let n = if kind == NodeKind::Deque {
                    src.deque()?
                } else {
                    src.list(None)?
                };
                let v = (0..n)
                    .map(|_| Nest::unflatten_from(src))
                    .collect::<Result<Vec<_>>>()?;
                src.end()?;
                Ok(Nest::List(v))
            }
            NodeKind::Dict | NodeKind::OrderedDict | NodeKind::DefaultDict => {
                // Every map becomes a dict in its insertion order.
                let d: DictKeys<DictKeyText> = match kind {
                    NodeKind::OrderedDict => src.ordered_dict()?,
                    NodeKind::DefaultDict => src.default_dict()?,
                    _ => src.dict()?,
                };
                let mut pairs: Vec<Option<(String, Nest<L>)>> = Vec::with_capacity(d.keys.len());
                for k in d.keys {
                    pairs.push(Some((k.0, Nest::unflatten_from(src)?)));
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
                m.extend(pairs.into_iter().flatten());
                Ok(Nest::Dict(m))
            }
            NodeKind::Record => Err(Error::structure(
                "tree_unflatten",
                "tree",
                "a Nest cannot hold a record; convert the typed value with Nest::from_tree",
            )),
        }
    }

    fn for_each_mut<F: FnMut(&mut L)>(&mut self, f: &mut F) {
        match self {
            Nest::Leaf(l) => f(l),
            Nest::None => {}
            Nest::List(v) | Nest::Tuple(v) => {
                for x in v {
                    x.for_each_mut(f)
                }
            }
            Nest::Dict(d) => {
                let mut entries: Vec<(&String, &mut Nest<L>)> = d.iter_mut().collect();
                entries.sort_by(|a, b| a.0.cmp(b.0));
                for (_, x) in entries {
                    x.for_each_mut(f)
                }
            }
        }
    }

    /// Any node but a record (a nest holds no records).
    fn accepts(next: &crate::tree::Peek<'_>) -> bool {
        next.kind() != NodeKind::Record
    }
}

impl<L, M> TreeMap<L, M> for Nest<L> {
    type Output = Nest<M>;

    fn map_ref<F: FnMut(&L) -> M>(&self, f: &mut F) -> Nest<M> {
        match self.try_map_ref::<Error, _>(&mut |x| Ok(f(x))) {
            Ok(n) => n,
            // `f` cannot fail; keep the structure's shape with no value.
            Err(_) => Nest::None,
        }
    }

    fn try_map_ref<E: From<Error>, F: FnMut(&L) -> std::result::Result<M, E>>(
        &self,
        f: &mut F,
    ) -> std::result::Result<Nest<M>, E> {
        Ok(match self {
            Nest::Leaf(l) => Nest::Leaf(f(l)?),
            Nest::None => Nest::None,
            Nest::List(v) => Nest::List(
                v.iter()
                    .map(|x| x.try_map_ref(f))
                    .collect::<std::result::Result<_, E>>()?,
            ),
            Nest::Tuple(v) => Nest::Tuple(
                v.iter()
                    .map(|x| x.try_map_ref(f))
                    .collect::<std::result::Result<_, E>>()?,
            ),
            Nest::Dict(d) => {
                let (pos, _) = sorted_dict(d);
                let mut out: Vec<Option<(String, Nest<M>)>> = (0..d.len()).map(|_| None).collect();
                for i in pos {
                    if let (Some((k, x)), Some(slot)) = (d.get_index(i), out.get_mut(i)) {
                        *slot = Some((k.clone(), x.try_map_ref(f)?));
                    }
                }
                Nest::Dict(out.into_iter().flatten().collect())
            }
        })
    }
}

/// A dict key read back as text, whatever key type wrote it.
struct DictKeyText(String);

impl PartialEq for DictKeyText {
    fn eq(&self, o: &DictKeyText) -> bool {
        self.0 == o.0
    }
}
impl Eq for DictKeyText {}
impl PartialOrd for DictKeyText {
    fn partial_cmp(&self, o: &DictKeyText) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for DictKeyText {
    fn cmp(&self, o: &DictKeyText) -> std::cmp::Ordering {
        self.0.cmp(&o.0)
    }
}
impl Clone for DictKeyText {
    fn clone(&self) -> DictKeyText {
        DictKeyText(self.0.clone())
    }
}
impl TreeKey for DictKeyText {
    fn to_key(&self) -> Key {
        Key::from(self.0.clone())
    }
    fn from_key(key: &Key) -> Option<DictKeyText> {
        Some(DictKeyText(key.chain_segment()))
    }
}

// ---------------------------------------------------------------------------
// Typed tree -> Nest
// ---------------------------------------------------------------------------

enum Frame<L> {
    Seq {
        tuple: bool,
        items: Vec<Nest<L>>,
    },
    Dict {
        keys: Vec<String>,
        order: Option<Vec<usize>>,
        items: Vec<Nest<L>>,
    },
    Record {
        info: &'static RecordInfo,
        items: Vec<Nest<L>>,
    },
}

struct NestBuilder<L> {
    stack: Vec<Frame<L>>,
    root: Option<Nest<L>>,
}

impl<L> NestBuilder<L> {
    fn push_value(&mut self, value: Nest<L>) {
        match self.stack.last_mut() {
            Some(
                Frame::Seq { items, .. } | Frame::Dict { items, .. } | Frame::Record { items, .. },
            ) => items.push(value),
            None => self.root = Some(value),
        }
    }
}

impl<'a, L: Clone + 'a> Sink<'a, L> for NestBuilder<L> {
    fn leaf(&mut self, leaf: &'a L) {
        self.push_value(Nest::Leaf(leaf.clone()));
    }
    fn none(&mut self) {
        self.push_value(Nest::None);
    }
    fn tuple(&mut self, arity: usize) -> usize {
        self.stack.push(Frame::Seq {
            tuple: true,
            items: Vec::with_capacity(arity),
        });
        0
    }
    fn list(&mut self, len: usize) -> usize {
        self.stack.push(Frame::Seq {
            tuple: false,
            items: Vec::with_capacity(len),
        });
        0
    }
    fn dict<K: TreeKey>(&mut self, keys: &[&K], order: Option<&[usize]>) -> usize {
        let keys = keys.iter().map(|k| k.to_key().chain_segment()).collect();
        self.stack.push(Frame::Dict {
            keys,
            order: order.map(<[usize]>::to_vec),
            items: Vec::new(),
        });
        0
    }
    fn record<F: FnOnce() -> Vec<StaticValue>>(
        &mut self,
        info: &'static RecordInfo,
        _: F,
    ) -> usize {
        self.stack.push(Frame::Record {
            info,
            items: Vec::new(),
        });
        0
    }
    fn end(&mut self, _: usize) {
        let value = match self.stack.pop() {
            Some(Frame::Seq { tuple: true, items }) => Nest::Tuple(items),
            Some(Frame::Seq {
                tuple: false,
                items,
            }) => Nest::List(items),
            Some(Frame::Dict { keys, order, items }) => {
                let mut pairs: Vec<Option<(String, Nest<L>)>> =
                    keys.into_iter().zip(items).map(Some).collect();
                let mut m = IndexMap::with_capacity(pairs.len());
                if let Some(order) = order {
                    for j in order {
                        if let Some((k, v)) = pairs.get_mut(j).and_then(Option::take) {
                            m.insert(k, v);
                        }
                    }
                }
                m.extend(pairs.into_iter().flatten());
                Nest::Dict(m)
            }
            Some(Frame::Record { info, items }) => {
                let payload = match info.shape {
                    RecordShape::Named => Nest::Dict(
                        info.fields
                            .iter()
                            .map(|f| f.to_string())
                            .zip(items)
                            .collect(),
                    ),
                    RecordShape::Tuple | RecordShape::Unit => Nest::Tuple(items),
                };
                match info.variant {
                    Some(v) => Nest::Dict(IndexMap::from([(v.to_string(), payload)])),
                    None => payload,
                }
            }
            None => return,
        };
        self.push_value(value);
    }
}

// ---------------------------------------------------------------------------
// Nest -> typed tree
// ---------------------------------------------------------------------------

/// An open node of a [`NestSource`]: its entry in its parent and the
/// children left to read.
type OpenNode<L> = (Option<KeyEntry>, VecDeque<(KeyEntry, Nest<L>)>);

struct NestSource<L> {
    /// Open nodes, innermost last.
    frames: Vec<OpenNode<L>>,
    root: Option<Nest<L>>,
    /// The entry of the node last taken.
    current: Option<KeyEntry>,
}

const INTO_TREE: &str = "Nest::into_tree";

impl<L> NestSource<L> {
    fn peek_ref(&self) -> Option<&Nest<L>> {
        match self.frames.last() {
            Some((_, items)) => items.front().map(|e| &e.1),
            None => self.root.as_ref(),
        }
    }

    fn take(&mut self) -> Result<Nest<L>> {
        let next = match self.frames.last_mut() {
            Some((_, items)) => items.pop_front().map(|(e, n)| (Some(e), n)),
            None => self.root.take().map(|n| (None, n)),
        };
        match next {
            Some((entry, n)) => {
                self.current = entry;
                Ok(n)
            }
            None => Err(self.error(
                None,
                "the nest has fewer children than the type reads".to_string(),
            )),
        }
    }

    fn path_of(&self, last: Option<&KeyEntry>) -> String {
        let mut p: KeyPath = self.frames.iter().filter_map(|f| f.0.clone()).collect();
        if let Some(e) = last {
            p.push(e.clone());
        }
        format!("nest{p}")
    }

    #[cold]
    fn error(&self, last: Option<&KeyEntry>, message: String) -> Error {
        Error::structure(INTO_TREE, self.path_of(last), message)
    }

    #[cold]
    fn expected(&self, what: &str, got: &Nest<L>) -> Error {
        self.error(
            self.current.as_ref(),
            format!("expected {what}, got {}", got.describe()),
        )
    }

    fn open(&mut self, items: VecDeque<(KeyEntry, Nest<L>)>) {
        let entry = self.current.take();
        self.frames.push((entry, items));
    }
}

fn indexed<L>(v: Vec<Nest<L>>) -> VecDeque<(KeyEntry, Nest<L>)> {
    v.into_iter()
        .enumerate()
        .map(|(i, n)| (KeyEntry::Index(i), n))
        .collect()
}

impl<L> Source<L> for NestSource<L> {
    fn leaf(&mut self) -> Result<L> {
        match self.take()? {
            Nest::Leaf(l) => Ok(l),
            other => Err(self.expected("a leaf", &other)),
        }
    }

    fn take_none(&mut self) -> Result<bool> {
        if matches!(self.peek_ref(), Some(Nest::None)) {
            self.take()?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    fn tuple(&mut self, arity: usize) -> Result<()> {
        match self.take()? {
            Nest::Tuple(v) | Nest::List(v) if v.len() == arity => {
                self.open(indexed(v));
                Ok(())
            }
            other => Err(self.expected(&format!("a tuple of {arity}"), &other)),
        }
    }

    fn list(&mut self, len: Option<usize>) -> Result<usize> {
        match self.take()? {
            Nest::List(v) | Nest::Tuple(v) if len.is_none_or(|l| l == v.len()) => {
                let n = v.len();
                self.open(indexed(v));
                Ok(n)
            }
            other => {
                let what = match len {
                    Some(l) => format!("a list of {l}"),
                    None => "a list".to_string(),
                };
                Err(self.expected(&what, &other))
            }
        }
    }

    fn dict<K: TreeKey>(&mut self) -> Result<DictKeys<K>> {
        match self.take()? {
            Nest::Dict(d) => {
                let mut keys = smallvec::SmallVec::with_capacity(d.len());
                let mut items = VecDeque::with_capacity(d.len());
                for (k, v) in d {
                    let parsed = K::from_key(&Key::from(k.clone()))
                        .or_else(|| {
                            k.parse::<i128>()
                                .ok()
                                .and_then(|i| K::from_key(&Key::Int(i)))
                        })
                        .or_else(|| {
                            let mut cs = k.chars();
                            match (cs.next(), cs.next()) {
                                (Some(c), None) => K::from_key(&Key::Char(c)),
                                _ => None,
                            }
                        })
                        .or_else(|| {
                            k.parse::<bool>()
                                .ok()
                                .and_then(|b| K::from_key(&Key::Bool(b)))
                        })
                        .or_else(|| {
                            k.parse::<f64>()
                                .ok()
                                .and_then(|x| K::from_key(&Key::from(x)))
                        });
                    match parsed {
                        Some(key) => keys.push(key),
                        None => {
                            let what = std::any::type_name::<K>();
                            return Err(self.error(
                                self.current.as_ref(),
                                format!("key {} is not a key of type `{what}`", PyStr(&k)),
                            ));
                        }
                    }
                    items.push_back((KeyEntry::key(k), v));
                }
                self.open(items);
                Ok(DictKeys { keys, order: None })
            }
            other => Err(self.expected("a dict", &other)),
        }
    }

    fn record(&mut self, variants: &[&'static RecordInfo]) -> Result<RecordMatch> {
        let node = self.take()?;
        // An enum variant is `{variant: payload}`.
        let is_enum = variants.iter().any(|v| v.variant.is_some());
        let (index, payload) = if is_enum {
            let found = match &node {
                Nest::Dict(d) if d.len() == 1 => d
                    .get_index(0)
                    .and_then(|(k, _)| variants.iter().position(|v| v.variant == Some(k.as_str()))),
                _ => None,
            };
            let Some(i) = found else {
                let names: Vec<String> = variants
                    .iter()
                    .filter_map(|v| v.variant.map(String::from))
                    .collect();
                return Err(self.expected(
                    &format!(
                        "a one-entry dict naming a variant of `{}` ({})",
                        variants.first().map_or("?", |v| v.name),
                        names.join(", ")
                    ),
                    &node,
                ));
            };
            let Nest::Dict(d) = node else {
                return Err(self.error(None, "malformed enum".to_string()));
            };
            let Some((vname, payload)) = d.into_iter().next() else {
                return Err(self.error(None, "malformed enum".to_string()));
            };
            self.current = Some(KeyEntry::key(vname));
            (i, payload)
        } else {
            (0, node)
        };
        let Some(info) = variants.get(index) else {
            return Err(self.error(None, "no record type to read".to_string()));
        };
        let items = match (info.shape, payload) {
            (RecordShape::Named, Nest::Dict(mut d)) => {
                let mut items = VecDeque::with_capacity(info.fields.len());
                for f in info.fields {
                    match d.shift_remove(*f) {
                        Some(v) => items.push_back((KeyEntry::field(*f), v)),
                        None => {
                            return Err(self.error(
                                self.current.as_ref(),
                                format!("missing field `{f}` of `{}`", info.display_name()),
                            ));
                        }
                    }
                }
                if let Some((extra, _)) = d.first() {
                    return Err(self.error(
                        self.current.as_ref(),
                        format!("`{}` has no field `{extra}`", info.display_name()),
                    ));
                }
                items
            }
            (RecordShape::Tuple | RecordShape::Unit, Nest::Tuple(v) | Nest::List(v))
                if v.len() == info.fields.len() =>
            {
                v.into_iter()
                    .zip(info.fields.iter())
                    .map(|(n, f)| (KeyEntry::field(*f), n))
                    .collect()
            }
            (RecordShape::Unit, Nest::None) if info.fields.is_empty() => VecDeque::new(),
            (_, other) => {
                let what = match info.shape {
                    RecordShape::Named => {
                        format!("a dict of the fields of `{}`", info.display_name())
                    }
                    _ => format!(
                        "a tuple of {} for `{}`",
                        info.fields.len(),
                        info.display_name()
                    ),
                };
                return Err(self.expected(&what, &other));
            }
        };
        self.open(items);
        Ok(RecordMatch::new(index, 0))
    }

    fn static_field<T: StaticField>(&mut self, _: &RecordMatch, k: usize) -> Result<T> {
        Err(self.error(
            self.current.as_ref(),
            format!("static field {k} cannot be rebuilt from a nest (a nest holds no metadata)"),
        ))
    }

    fn end(&mut self) -> Result<()> {
        match self.frames.pop() {
            Some((entry, items)) => {
                if let Some((e, _)) = items.front() {
                    let e = e.clone();
                    self.frames.push((entry, VecDeque::new()));
                    let err = self.error(
                        Some(&e),
                        "the nest has more children than the type reads".to_string(),
                    );
                    self.frames.pop();
                    return Err(err);
                }
                Ok(())
            }
            None => Ok(()),
        }
    }

    fn peek(&self) -> Option<(NodeKind, usize)> {
        self.peek_ref().map(|n| match n {
            Nest::Leaf(_) => (NodeKind::Leaf, 0),
            Nest::None => (NodeKind::None, 0),
            Nest::List(v) => (NodeKind::List, v.len()),
            Nest::Tuple(v) => (NodeKind::Tuple, v.len()),
            Nest::Dict(d) => (NodeKind::Dict, d.len()),
        })
    }
}
