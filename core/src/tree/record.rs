//! Records: structs and enum variants registered with `#[derive(Tree)]` (or by
//! hand), as a [`TreeDef`](super::TreeDef) stores them.

use super::key::{KeyStr, StaticValue};
use std::fmt;
use std::hash::{Hash, Hasher};

/// How a record's fields are written.
///
/// ```
/// # use ivy_core as ivy;
/// #[derive(ivy::tree::Tree)]
/// # #[tree(crate = ivy_core)]
/// struct Pair(f64, f64);
/// assert_eq!(ivy::tree_structure(&Pair(1.0, 2.0)).to_string(), "TreeDef(Pair(*, *))");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RecordShape {
    /// `struct S { a: A }`: printed `S { a: * }`.
    Named,
    /// `struct S(A)`: printed `S(*)`.
    Tuple,
    /// `struct S;`: printed `S`.
    Unit,
}

/// The compile-time description of a record type: a struct, or one variant
/// of an enum. `#[derive(Tree)]` writes one per struct and per variant as a
/// `const`; a hand-written [`Tree`](super::Tree) impl does the same.
///
/// Two records are the same node type when their module, name, variant,
/// shape, field names and static field names are all equal; generic
/// parameters are not part of it, so `Params<f64>` and `Params<Array>` have
/// equal structures.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::tree::{RecordInfo, RecordShape};
/// const LINEAR: RecordInfo = RecordInfo {
///     module: module_path!(),
///     name: "Linear",
///     variant: None,
///     shape: RecordShape::Named,
///     fields: &["w", "b"],
///     statics: &[],
/// };
/// assert_eq!(LINEAR.display_name(), "Linear");
/// ```
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct RecordInfo {
    /// `module_path!()` of the type's definition.
    pub module: &'static str,
    /// The type's name, without generic parameters.
    pub name: &'static str,
    /// The variant's name, for an enum.
    pub variant: Option<&'static str>,
    /// How the fields are written.
    pub shape: RecordShape,
    /// The names of the child fields, in declaration order (`"0"`, `"1"`, ...
    /// for a tuple struct).
    pub fields: &'static [&'static str],
    /// The names of the `#[tree(static)]` fields, in declaration order.
    pub statics: &'static [&'static str],
}

impl RecordInfo {
    /// `Name` or `Name::Variant`.
    pub fn display_name(&self) -> String {
        match self.variant {
            Some(v) => format!("{}::{v}", self.name),
            None => self.name.to_string(),
        }
    }
}

/// A record's description owned at run time (a deserialized `TreeDef`).
#[derive(Clone, Debug)]
pub(crate) struct OwnedRecordInfo {
    pub module: KeyStr,
    pub name: KeyStr,
    pub variant: Option<KeyStr>,
    pub shape: RecordShape,
    pub fields: Vec<KeyStr>,
    pub statics: Vec<KeyStr>,
}

#[derive(Clone, Debug)]
pub(crate) enum RecordRef {
    Static(&'static RecordInfo),
    Owned(Box<OwnedRecordInfo>),
}

/// A record node of a `TreeDef`: its description and its static values.
#[derive(Clone)]
pub(crate) struct RecordNode {
    pub info: RecordRef,
    pub statics: Box<[StaticValue]>,
}

impl RecordNode {
    pub fn module(&self) -> &str {
        match &self.info {
            RecordRef::Static(i) => i.module,
            RecordRef::Owned(o) => &o.module,
        }
    }

    pub fn name(&self) -> &str {
        match &self.info {
            RecordRef::Static(i) => i.name,
            RecordRef::Owned(o) => &o.name,
        }
    }

    pub fn variant(&self) -> Option<&str> {
        match &self.info {
            RecordRef::Static(i) => i.variant,
            RecordRef::Owned(o) => o.variant.as_deref(),
        }
    }

    pub fn shape(&self) -> RecordShape {
        match &self.info {
            RecordRef::Static(i) => i.shape,
            RecordRef::Owned(o) => o.shape,
        }
    }

    pub fn num_fields(&self) -> usize {
        match &self.info {
            RecordRef::Static(i) => i.fields.len(),
            RecordRef::Owned(o) => o.fields.len(),
        }
    }

    pub fn field(&self, k: usize) -> KeyStr {
        match &self.info {
            RecordRef::Static(i) => i.fields.get(k).map(|s| KeyStr::from(*s)),
            RecordRef::Owned(o) => o.fields.get(k).cloned(),
        }
        .unwrap_or_else(|| KeyStr::from(k.to_string()))
    }

    pub fn static_name(&self, k: usize) -> KeyStr {
        match &self.info {
            RecordRef::Static(i) => i.statics.get(k).map(|s| KeyStr::from(*s)),
            RecordRef::Owned(o) => o.statics.get(k).cloned(),
        }
        .unwrap_or_else(|| KeyStr::from(k.to_string()))
    }

    pub fn num_static_names(&self) -> usize {
        match &self.info {
            RecordRef::Static(i) => i.statics.len(),
            RecordRef::Owned(o) => o.statics.len(),
        }
    }

    /// `Name` or `Name::Variant`.
    pub fn display_name(&self) -> String {
        match self.variant() {
            Some(v) => format!("{}::{v}", self.name()),
            None => self.name().to_string(),
        }
    }

    /// Whether this node is of the record type `info`.
    pub fn is(&self, info: &RecordInfo) -> bool {
        if let RecordRef::Static(i) = &self.info
            && std::ptr::eq(*i, info)
        {
            return true;
        }
        self.module() == info.module
            && self.name() == info.name
            && self.variant() == info.variant
            && self.shape() == info.shape
            && self.num_fields() == info.fields.len()
            && (0..info.fields.len()).all(|k| &*self.field(k) == info.fields[k])
            && self.num_static_names() == info.statics.len()
            && (0..info.statics.len()).all(|k| &*self.static_name(k) == info.statics[k])
    }

    /// Same record type (statics not compared).
    pub fn same_type(&self, other: &RecordNode) -> bool {
        if let (RecordRef::Static(a), RecordRef::Static(b)) = (&self.info, &other.info)
            && std::ptr::eq(*a, *b)
        {
            return true;
        }
        self.module() == other.module()
            && self.name() == other.name()
            && self.variant() == other.variant()
            && self.shape() == other.shape()
            && self.num_fields() == other.num_fields()
            && (0..self.num_fields()).all(|k| self.field(k) == other.field(k))
            && self.num_static_names() == other.num_static_names()
            && (0..self.num_static_names()).all(|k| self.static_name(k) == other.static_name(k))
    }
}

impl PartialEq for RecordNode {
    fn eq(&self, other: &RecordNode) -> bool {
        self.same_type(other) && self.statics == other.statics
    }
}

impl Eq for RecordNode {}

impl Hash for RecordNode {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.module().hash(state);
        self.name().hash(state);
        self.variant().hash(state);
        self.num_fields().hash(state);
        self.statics.hash(state);
    }
}

impl fmt::Debug for RecordNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.display_name())
    }
}
