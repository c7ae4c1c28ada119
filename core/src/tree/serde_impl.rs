//! Serialization of [`TreeDef`]: a flat list of nodes in pre-order.
//!
//! ```json
//! {"nodes":[{"kind":"tuple","arity":2},{"kind":"leaf"},{"kind":"none"}],"none_is_leaf":false}
//! ```
//!
//! Everything serializes. Deserialization rebuilds every node whose data is
//! plain (leaves, `None`, tuples, lists, maps with bool/float/int/char/string keys,
//! records); static metadata and custom map keys are written as their `Debug`
//! text and cannot be read back (as JAX's proto serialization, which takes
//! builtin node kinds and string keys only). To check that a stored
//! structure matches a live one in that case, compare their serialized forms.

use super::def::{DictNode, Kind, MapKind, Node, TreeDef};
use super::key::{FloatKey, Key, KeyStr};
use super::record::{OwnedRecordInfo, RecordNode, RecordRef, RecordShape};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Deepest structure accepted when deserializing (optree's recursion limit).
const MAX_DEPTH: usize = 1000;

#[derive(Serialize, Deserialize)]
struct Repr {
    nodes: Vec<NodeRepr>,
    #[serde(default)]
    none_is_leaf: bool,
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum NodeRepr {
    Leaf,
    None,
    Tuple {
        arity: usize,
    },
    List {
        arity: usize,
    },
    Deque {
        arity: usize,
    },
    Dict {
        keys: Vec<KeyRepr>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<Vec<usize>>,
    },
    OrderedDict {
        keys: Vec<KeyRepr>,
    },
    DefaultDict {
        keys: Vec<KeyRepr>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<Vec<usize>>,
    },
    Record {
        module: KeyStr,
        name: KeyStr,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        variant: Option<KeyStr>,
        shape: RecordShape,
        fields: Vec<KeyStr>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        statics: Vec<(KeyStr, String)>,
    },
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum KeyRepr {
    Bool(bool),
    /// A float key; a JSON number, or a string for `inf`, `-inf`, `nan`.
    Float(FloatRepr),
    Int(i64),
    /// An integer beyond `i64`, as its decimal text.
    BigInt(String),
    Char(char),
    Str(KeyStr),
    Other(String),
}

/// A float key: written as the text of Python's `repr` (the shortest text
/// that reads back to the same value, and `nan`, `inf`, `-inf`), since JSON
/// numbers do not hold every float exactly through every reader; a number
/// is read too.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum FloatRepr {
    Number(f64),
    Text(String),
}

impl From<f64> for FloatRepr {
    fn from(x: f64) -> FloatRepr {
        FloatRepr::Text(FloatKey::new(x).to_string())
    }
}

impl FloatRepr {
    fn value(&self) -> Option<f64> {
        match self {
            FloatRepr::Number(x) => Some(*x),
            FloatRepr::Text(t) => t.parse::<f64>().ok(),
        }
    }
}

impl Serialize for TreeDef {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let nodes = self.nodes().iter().map(to_repr).collect();
        Repr {
            nodes,
            none_is_leaf: self.none_is_leaf(),
        }
        .serialize(s)
    }
}

fn to_repr(n: &Node) -> NodeRepr {
    match &n.kind {
        Kind::Leaf => NodeRepr::Leaf,
        Kind::None => NodeRepr::None,
        Kind::Tuple => NodeRepr::Tuple { arity: n.arity },
        Kind::List => NodeRepr::List { arity: n.arity },
        Kind::Deque => NodeRepr::Deque { arity: n.arity },
        Kind::Dict(d) => {
            let keys = d.keys.iter().map(key_repr).collect();
            let order = d.order.as_ref().map(|o| o.to_vec());
            match d.kind {
                MapKind::Dict => NodeRepr::Dict { keys, order },
                MapKind::Ordered => NodeRepr::OrderedDict { keys },
                MapKind::Default => NodeRepr::DefaultDict { keys, order },
            }
        }
        Kind::Record(r) => NodeRepr::Record {
            module: KeyStr::from(r.module().to_string()),
            name: KeyStr::from(r.name().to_string()),
            variant: r.variant().map(|v| KeyStr::from(v.to_string())),
            shape: r.shape(),
            fields: (0..r.num_fields()).map(|k| r.field(k)).collect(),
            statics: r
                .statics
                .iter()
                .enumerate()
                .map(|(k, v)| (r.static_name(k), format!("{v:?}")))
                .collect(),
        },
    }
}

fn key_repr(k: &Key) -> KeyRepr {
    match k {
        Key::Bool(b) => KeyRepr::Bool(*b),
        Key::Float(x) => KeyRepr::Float(FloatRepr::from(x.get())),
        Key::Int(i) => match i64::try_from(*i) {
            Ok(small) => KeyRepr::Int(small),
            Err(_) => KeyRepr::BigInt(i.to_string()),
        },
        Key::Char(c) => KeyRepr::Char(*c),
        Key::Str(s) => KeyRepr::Str(s.clone()),
        Key::Other(v) => KeyRepr::Other(format!("{v:?}")),
    }
}

impl<'de> Deserialize<'de> for TreeDef {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<TreeDef, D::Error> {
        let repr = Repr::deserialize(d)?;
        from_repr(repr).map_err(serde::de::Error::custom)
    }
}

fn from_repr(repr: Repr) -> Result<TreeDef, String> {
    let total = repr.nodes.len();
    let mut nodes: Vec<Node> = Vec::with_capacity(total);
    // Open nodes: (index, children still expected).
    let mut stack: Vec<(usize, usize)> = Vec::new();
    let mut leaves = 0usize;
    for (i, r) in repr.nodes.into_iter().enumerate() {
        if i > 0 && stack.is_empty() {
            return Err(format!("TreeDef: node {i} is after the end of the tree"));
        }
        let (kind, arity) = from_node_repr(r, i)?;
        if arity > total {
            return Err(format!(
                "TreeDef: node {i} has {arity} children but there are {total} nodes"
            ));
        }
        if let Some(top) = stack.last_mut() {
            top.1 -= 1;
        }
        let is_leaf = matches!(kind, Kind::Leaf);
        nodes.push(Node {
            kind,
            arity,
            num_leaves: leaves,
            num_nodes: 0,
        });
        if is_leaf {
            leaves += 1;
        }
        if arity > 0 {
            stack.push((i, arity));
            if stack.len() > MAX_DEPTH {
                return Err(format!("TreeDef: deeper than {MAX_DEPTH} levels"));
            }
        } else if let Some(n) = nodes.last_mut() {
            n.num_leaves = usize::from(is_leaf);
            n.num_nodes = 1;
        }
        while let Some(&(j, 0)) = stack.last() {
            stack.pop();
            let len = nodes.len();
            if let Some(n) = nodes.get_mut(j) {
                n.num_leaves = leaves - n.num_leaves;
                n.num_nodes = len - j;
            }
        }
    }
    if nodes.is_empty() {
        return Err("TreeDef: no nodes".to_string());
    }
    if !stack.is_empty() {
        return Err("TreeDef: the nodes end before the tree is complete".to_string());
    }
    Ok(TreeDef::from_nodes(nodes, repr.none_is_leaf))
}

fn from_node_repr(r: NodeRepr, i: usize) -> Result<(Kind, usize), String> {
    Ok(match r {
        NodeRepr::Leaf => (Kind::Leaf, 0),
        NodeRepr::None => (Kind::None, 0),
        NodeRepr::Tuple { arity } => (Kind::Tuple, arity),
        NodeRepr::List { arity } => (Kind::List, arity),
        NodeRepr::Deque { arity } => (Kind::Deque, arity),
        NodeRepr::Dict { keys, order } => map_from_repr(MapKind::Dict, keys, order, i)?,
        NodeRepr::OrderedDict { keys } => map_from_repr(MapKind::Ordered, keys, None, i)?,
        NodeRepr::DefaultDict { keys, order } => map_from_repr(MapKind::Default, keys, order, i)?,

        NodeRepr::Record {
            module,
            name,
            variant,
            shape,
            fields,
            statics,
        } => {
            if let Some((field, text)) = statics.first() {
                return Err(format!(
                    "TreeDef: node {i}: the static field `{field}` of `{name}` ({text}) cannot be deserialized"
                ));
            }
            let arity = fields.len();
            let info = OwnedRecordInfo {
                module,
                name,
                variant,
                shape,
                fields,
                statics: Vec::new(),
            };
            let node = RecordNode {
                info: RecordRef::Owned(Box::new(info)),
                statics: Box::default(),
            };
            (Kind::Record(Arc::new(node)), arity)
        }
    })
}

fn map_from_repr(
    kind: MapKind,
    keys: Vec<KeyRepr>,
    order: Option<Vec<usize>>,
    i: usize,
) -> Result<(Kind, usize), String> {
    let n = keys.len();
    let keys: Vec<Key> =
        keys.into_iter()
            .map(|k| match k {
                KeyRepr::Bool(b) => Ok(Key::Bool(b)),
                KeyRepr::Float(x) => x.value().map(Key::from).ok_or_else(|| {
                    format!("TreeDef: node {i}: a float key is a number or its text")
                }),
                KeyRepr::Int(v) => Ok(Key::Int(i128::from(v))),
                KeyRepr::BigInt(text) => text
                    .parse::<i128>()
                    .map(Key::Int)
                    .map_err(|_| format!("TreeDef: node {i}: `{text}` is not an integer key")),
                KeyRepr::Char(c) => Ok(Key::Char(c)),
                KeyRepr::Str(s) => Ok(Key::Str(s)),
                KeyRepr::Other(text) => Err(format!(
                    "TreeDef: node {i}: the custom map key {text} cannot be deserialized"
                )),
            })
            .collect::<Result<_, String>>()?;
    if let Some(o) = &order {
        let mut seen = vec![false; n];
        let valid = o.len() == n
            && o.iter().all(|&j| match seen.get_mut(j) {
                Some(s) if !*s => {
                    *s = true;
                    true
                }
                _ => false,
            });
        if !valid {
            return Err(format!(
                "TreeDef: node {i}: `order` is not a permutation of the keys"
            ));
        }
    }
    let dict = DictNode {
        kind,
        keys: keys.into_iter().collect(),
        order: order.map(Vec::into_boxed_slice),
    };
    Ok((Kind::Dict(Arc::new(dict)), n))
}
