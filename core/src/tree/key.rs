//! Map keys, static metadata and key paths.
//!
//! - [`Key`]: a map key as the [`TreeDef`](super::TreeDef) stores it, and
//!   [`TreeKey`], the trait of the key types a map node may have.
//! - [`StaticValue`] and [`StaticField`]: metadata kept in a `TreeDef`
//!   (`#[tree(static)]` fields, unusual map keys).
//! - [`KeyEntry`] and [`KeyPath`]: where a leaf sits, printed as JAX's
//!   `keystr` (`[0]['a'].w`) or as an Ivy key chain (`0/a/w`).

use std::any::Any;
use std::borrow::Borrow;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::sync::Arc;

/// A string that is either `&'static` (field names, `&'static str` keys) or
/// shared (`Arc<str>`), so cloning never copies the text.
///
/// Equality, order and hashing look only at the text.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::tree::KeyStr;
/// let a = KeyStr::from("w");
/// let b = KeyStr::from(String::from("w"));
/// assert_eq!(a, b);
/// assert_eq!(&*a, "w");
/// ```
#[derive(Clone)]
pub struct KeyStr(StrRepr);

#[derive(Clone)]
enum StrRepr {
    Static(&'static str),
    Shared(Arc<str>),
}

impl KeyStr {
    /// The text.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// assert_eq!(ivy::tree::KeyStr::from("w").as_str(), "w");
    /// ```
    pub fn as_str(&self) -> &str {
        match &self.0 {
            StrRepr::Static(s) => s,
            StrRepr::Shared(s) => s,
        }
    }

    /// The `&'static str` this was made from, if it was.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// use ivy::tree::KeyStr;
    /// assert_eq!(KeyStr::from("a").as_static(), Some("a"));
    /// assert_eq!(KeyStr::from(String::from("a")).as_static(), None);
    /// ```
    pub fn as_static(&self) -> Option<&'static str> {
        match &self.0 {
            StrRepr::Static(s) => Some(s),
            StrRepr::Shared(_) => None,
        }
    }
}

impl Deref for KeyStr {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<str> for KeyStr {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for KeyStr {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl From<&'static str> for KeyStr {
    fn from(s: &'static str) -> KeyStr {
        KeyStr(StrRepr::Static(s))
    }
}

impl From<String> for KeyStr {
    fn from(s: String) -> KeyStr {
        KeyStr(StrRepr::Shared(Arc::from(s)))
    }
}

impl From<Arc<str>> for KeyStr {
    fn from(s: Arc<str>) -> KeyStr {
        KeyStr(StrRepr::Shared(s))
    }
}

impl PartialEq for KeyStr {
    fn eq(&self, other: &KeyStr) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for KeyStr {}

impl PartialOrd for KeyStr {
    fn partial_cmp(&self, other: &KeyStr) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for KeyStr {
    fn cmp(&self, other: &KeyStr) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Hash for KeyStr {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}

impl fmt::Display for KeyStr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for KeyStr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl serde::Serialize for KeyStr {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> serde::Deserialize<'de> for KeyStr {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<KeyStr, D::Error> {
        String::deserialize(d).map(KeyStr::from)
    }
}

// ---------------------------------------------------------------------------
// Static values
// ---------------------------------------------------------------------------

/// What a `#[tree(static)]` field (or a custom map key) must be: compared and
/// hashed when [`TreeDef`](super::TreeDef)s are, cloned back out on rebuild,
/// printed with `Debug`, and shareable between threads.
///
/// Implemented for every type with these bounds; there is nothing to write.
///
/// ```
/// # use ivy_core as ivy;
/// fn takes<T: ivy::tree::StaticField>(_: T) {}
/// takes("relu");
/// takes((3usize, String::from("same")));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be tree metadata: a `#[tree(static)]` field must be `Eq + Hash + Clone + Debug + Send + Sync + 'static`",
    label = "this type is not `Eq + Hash + Clone + Debug + Send + Sync + 'static`",
    note = "floats are not `Eq`: keep them as leaves, or wrap them in a type that is"
)]
pub trait StaticField: Any + Eq + Hash + Clone + fmt::Debug + Send + Sync {}

impl<T: Any + Eq + Hash + Clone + fmt::Debug + Send + Sync> StaticField for T {}

trait DynStatic: Any + Send + Sync {
    fn dyn_eq(&self, other: &dyn DynStatic) -> bool;
    fn dyn_hash(&self, state: &mut dyn Hasher);
    fn dyn_fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    fn as_any(&self) -> &dyn Any;
}

impl<T: StaticField> DynStatic for T {
    fn dyn_eq(&self, other: &dyn DynStatic) -> bool {
        other
            .as_any()
            .downcast_ref::<T>()
            .is_some_and(|o| o == self)
    }
    fn dyn_hash(&self, mut state: &mut dyn Hasher) {
        self.hash(&mut state)
    }
    fn dyn_fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A type-erased [`StaticField`] value held by a [`TreeDef`](super::TreeDef):
/// compared by its own `Eq` (values of different types are unequal), hashed
/// by its own `Hash`, printed by its `Debug`.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::tree::StaticValue;
/// let a = StaticValue::new("relu");
/// assert_eq!(a, StaticValue::new("relu"));
/// assert_ne!(a, StaticValue::new(String::from("relu"))); // another type
/// assert_eq!(a.downcast_ref::<&str>(), Some(&"relu"));
/// assert_eq!(format!("{a:?}"), "\"relu\"");
/// ```
#[derive(Clone)]
pub struct StaticValue(Arc<dyn DynStatic>);

impl StaticValue {
    /// Wrap a value.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// assert_eq!(ivy::tree::StaticValue::new(3u8), ivy::tree::StaticValue::new(3u8));
    /// ```
    pub fn new<T: StaticField>(value: T) -> StaticValue {
        StaticValue(Arc::new(value))
    }

    /// The value, if it is a `T`.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// let v = ivy::tree::StaticValue::new(3u8);
    /// assert_eq!(v.downcast_ref::<u8>(), Some(&3));
    /// assert_eq!(v.downcast_ref::<u16>(), None);
    /// ```
    pub fn downcast_ref<T: Any>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref::<T>()
    }
}

impl PartialEq for StaticValue {
    fn eq(&self, other: &StaticValue) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0.dyn_eq(&*other.0)
    }
}

impl Eq for StaticValue {}

impl Hash for StaticValue {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.as_any().type_id().hash(state);
        self.0.dyn_hash(state)
    }
}

impl fmt::Debug for StaticValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.dyn_fmt(f)
    }
}

// ---------------------------------------------------------------------------
// Keys
// ---------------------------------------------------------------------------

/// A map key as stored in a [`TreeDef`](super::TreeDef) and in a
/// [`KeyPath`].
///
/// Strings, integers, floats, chars and bools have their own variants (they
/// survive serialization); any other [`TreeKey`] is kept as a
/// [`StaticValue`].
///
/// Keys of different variants sort as optree sorts the keys of a Python
/// dict whose keys do not compare with each other (by type name): bool <
/// float < int < char < str < other. A typed map has one key type, so this
/// only shows in a map keyed by `Key` itself.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::tree::{FloatKey, Key, TreeKey};
/// assert_eq!(String::from("a").to_key(), Key::from("a"));
/// assert_eq!(3u8.to_key(), Key::Int(3));
/// assert_eq!(FloatKey::new(1.5).to_key(), Key::from(1.5));
/// assert_eq!(Key::from("a").to_string(), "'a'");
/// assert_eq!(Key::Int(3).to_string(), "3");
/// assert_eq!(Key::from(1e20).to_string(), "1e+20"); // Python's repr
/// let mut keys = vec![Key::from("a"), Key::Int(1), Key::from(1.5), Key::Bool(true)];
/// keys.sort();
/// assert_eq!(keys, [Key::Bool(true), Key::from(1.5), Key::Int(1), Key::from("a")]);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Key {
    /// A `bool` key.
    Bool(bool),
    /// A float key ([`FloatKey`], `f64` or `f32` values).
    Float(FloatKey),
    /// An integer key (of any integer type up to 64 bits, and `i128`).
    Int(i128),
    /// A `char` key.
    Char(char),
    /// A string key (`String`, `&'static str`, [`KeyStr`]).
    Str(KeyStr),
    /// Any other key type.
    Other(StaticValue),
}

impl Key {
    /// A key of another type.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// #[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    /// enum Part { Encoder, Decoder }
    /// let k = ivy::tree::Key::other(Part::Decoder);
    /// assert_eq!(k.downcast_ref::<Part>(), Some(&Part::Decoder));
    /// assert_eq!(k.to_string(), "Decoder");
    /// ```
    pub fn other<T: StaticField>(value: T) -> Key {
        Key::Other(StaticValue::new(value))
    }

    /// The value of an [`Key::Other`] key, if it is a `T`.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// assert_eq!(ivy::tree::Key::other(7u8).downcast_ref::<u8>(), Some(&7));
    /// assert_eq!(ivy::tree::Key::Int(7).downcast_ref::<u8>(), None);
    /// ```
    pub fn downcast_ref<T: Any>(&self) -> Option<&T> {
        match self {
            Key::Other(v) => v.downcast_ref::<T>(),
            _ => None,
        }
    }

    /// The text of a string key.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// assert_eq!(ivy::tree::Key::from("w").as_str(), Some("w"));
    /// assert_eq!(ivy::tree::Key::Int(1).as_str(), None);
    /// ```
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Key::Str(s) => Some(s.as_str()),
            _ => None,
        }
    }

    /// The key as a segment of an Ivy key chain: the text of a string key,
    /// the number of an integer key, the `Debug` form of anything else.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// assert_eq!(ivy::tree::Key::from("w").chain_segment(), "w");
    /// assert_eq!(ivy::tree::Key::Int(-2).chain_segment(), "-2");
    /// ```
    pub fn chain_segment(&self) -> String {
        match self {
            Key::Bool(b) => b.to_string(),
            Key::Float(x) => x.to_string(),
            Key::Int(i) => i.to_string(),
            Key::Char(c) => c.to_string(),
            Key::Str(s) => s.to_string(),
            Key::Other(v) => format!("{v:?}"),
        }
    }
}

impl From<f64> for Key {
    fn from(x: f64) -> Key {
        Key::Float(FloatKey::new(x))
    }
}

impl From<FloatKey> for Key {
    fn from(x: FloatKey) -> Key {
        Key::Float(x)
    }
}

impl From<&'static str> for Key {
    fn from(s: &'static str) -> Key {
        Key::Str(KeyStr::from(s))
    }
}

impl From<String> for Key {
    fn from(s: String) -> Key {
        Key::Str(KeyStr::from(s))
    }
}

/// Python-like: `'a'` for strings (as JAX prints dict keys), numbers bare
/// (floats as Python's `repr`: `1.5`, `1e+20`, `inf`, `nan`),
/// `true`/`false`, chars as `'c'`, other keys by `Debug`.
impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Key::Bool(b) => write!(f, "{b}"),
            Key::Float(x) => write!(f, "{x}"),
            Key::Int(i) => write!(f, "{i}"),
            Key::Char(c) => write!(f, "{c:?}"),
            Key::Str(s) => write_py_str(f, s),
            Key::Other(v) => write!(f, "{v:?}"),
        }
    }
}

impl fmt::Debug for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Writes `s` in single quotes, escaping `'` and `\` as Python's `repr` does.
pub(crate) fn write_py_str(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    use fmt::Write;
    f.write_char('\'')?;
    for c in s.chars() {
        match c {
            '\'' => f.write_str("\\'")?,
            '\\' => f.write_str("\\\\")?,
            '\n' => f.write_str("\\n")?,
            '\t' => f.write_str("\\t")?,
            c => f.write_char(c)?,
        }
    }
    f.write_char('\'')
}

/// A type that can key a map node (`BTreeMap`, `HashMap`, `IndexMap`).
///
/// The order (`Ord`) is the traversal order of the map's children, so equal
/// maps give equal leaf orders whatever their insertion order. `to_key` is
/// what the [`TreeDef`](super::TreeDef) stores and `from_key` turns it back
/// when a map is rebuilt.
///
/// Implemented for `String`, `&'static str`, [`KeyStr`], `Arc<str>`,
/// `Box<str>`, `char`, `bool`, the integers up to 64 bits plus `i128`,
/// [`FloatKey`] (floats, which are not `Ord` themselves) and [`Key`] (a map
/// whose keys are of several types, as a Python dict's may be).
/// For a key type of your own, wrap the value with [`Key::other`]:
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::tree::{Key, TreeKey};
/// #[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
/// enum Part { Encoder, Decoder }
/// impl TreeKey for Part {
///     fn to_key(&self) -> Key { Key::other(self.clone()) }
///     fn from_key(key: &Key) -> Option<Part> { key.downcast_ref::<Part>().cloned() }
/// }
/// let m = std::collections::BTreeMap::from([(Part::Decoder, 1.0), (Part::Encoder, 2.0)]);
/// let (leaves, def) = ivy::tree_flatten(&m);
/// assert_eq!(leaves, vec![2.0, 1.0]); // Encoder < Decoder
/// assert_eq!(def.to_string(), "TreeDef({Encoder: *, Decoder: *})");
/// ```
pub trait TreeKey: Ord + Clone {
    /// The key as a [`TreeDef`](super::TreeDef) stores it.
    fn to_key(&self) -> Key;
    /// The key back from its stored form, or `None` if it is not one of this
    /// type's keys.
    fn from_key(key: &Key) -> Option<Self>;
}

impl TreeKey for String {
    fn to_key(&self) -> Key {
        Key::Str(KeyStr::from(Arc::<str>::from(self.as_str())))
    }
    fn from_key(key: &Key) -> Option<String> {
        key.as_str().map(String::from)
    }
}

impl TreeKey for &'static str {
    fn to_key(&self) -> Key {
        Key::Str(KeyStr::from(*self))
    }
    /// Only keys made from a `&'static str` come back (a deserialized
    /// `TreeDef` owns its strings).
    fn from_key(key: &Key) -> Option<&'static str> {
        match key {
            Key::Str(s) => s.as_static(),
            _ => None,
        }
    }
}

impl TreeKey for KeyStr {
    fn to_key(&self) -> Key {
        Key::Str(self.clone())
    }
    fn from_key(key: &Key) -> Option<KeyStr> {
        match key {
            Key::Str(s) => Some(s.clone()),
            _ => None,
        }
    }
}

impl TreeKey for Arc<str> {
    fn to_key(&self) -> Key {
        Key::Str(KeyStr::from(self.clone()))
    }
    fn from_key(key: &Key) -> Option<Arc<str>> {
        key.as_str().map(Arc::from)
    }
}

impl TreeKey for Box<str> {
    fn to_key(&self) -> Key {
        Key::Str(KeyStr::from(String::from(&**self)))
    }
    fn from_key(key: &Key) -> Option<Box<str>> {
        key.as_str().map(Box::from)
    }
}

impl TreeKey for char {
    fn to_key(&self) -> Key {
        Key::Char(*self)
    }
    fn from_key(key: &Key) -> Option<char> {
        match key {
            Key::Char(c) => Some(*c),
            _ => None,
        }
    }
}

impl TreeKey for bool {
    fn to_key(&self) -> Key {
        Key::Bool(*self)
    }
    fn from_key(key: &Key) -> Option<bool> {
        match key {
            Key::Bool(b) => Some(*b),
            _ => None,
        }
    }
}

impl TreeKey for FloatKey {
    fn to_key(&self) -> Key {
        Key::Float(*self)
    }
    fn from_key(key: &Key) -> Option<FloatKey> {
        match key {
            Key::Float(x) => Some(*x),
            _ => None,
        }
    }
}

/// Keys of any kind in one map (`BTreeMap<Key, V>`), sorted by [`Key`]'s
/// order.
impl TreeKey for Key {
    fn to_key(&self) -> Key {
        self.clone()
    }
    fn from_key(key: &Key) -> Option<Key> {
        Some(key.clone())
    }
}

macro_rules! int_keys {
    ($($t:ty),*) => {$(
        impl TreeKey for $t {
            fn to_key(&self) -> Key {
                Key::Int(*self as i128)
            }
            fn from_key(key: &Key) -> Option<$t> {
                match key {
                    Key::Int(i) => <$t>::try_from(*i).ok(),
                    _ => None,
                }
            }
        }
    )*};
}
int_keys!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, usize);

// ---------------------------------------------------------------------------
// Float keys
// ---------------------------------------------------------------------------

/// A float map key: an `f64` with the total order and equality a map key
/// needs (floats are not `Ord`, `Eq` or `Hash` in Rust).
///
/// Values compare by number, with `-0.0 == 0.0` (one key, as in a Python
/// dict) and every NaN equal to every other and above `+inf`; hashing
/// agrees. It prints as Python's `repr` does (`1.0`, `1e-07`, `1e+20`,
/// `inf`, `nan`), so a `TreeDef` of a float-keyed map reads as optree's.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::tree::FloatKey;
/// use std::collections::BTreeMap;
/// let m = BTreeMap::from([(FloatKey::new(1.5), 1), (FloatKey::new(0.5), 2), (FloatKey::new(1e20), 3)]);
/// let (leaves, def) = ivy::tree_flatten(&m);
/// assert_eq!(leaves, [2, 1, 3]);
/// assert_eq!(def.to_string(), "TreeDef({0.5: *, 1.5: *, 1e+20: *})");
/// assert_eq!(FloatKey::new(-0.0), FloatKey::new(0.0));
/// assert_eq!(FloatKey::from(2.5f32).get(), 2.5);
/// ```
#[derive(Clone, Copy)]
pub struct FloatKey(f64);

impl FloatKey {
    /// A key of value `x`.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// assert_eq!(ivy::tree::FloatKey::new(0.25).get(), 0.25);
    /// ```
    pub const fn new(x: f64) -> FloatKey {
        FloatKey(x)
    }

    /// The value.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// assert!(ivy::tree::FloatKey::new(f64::NAN).get().is_nan());
    /// ```
    pub const fn get(self) -> f64 {
        self.0
    }

    /// The value with `-0.0` made `0.0` and every NaN the same NaN: equal
    /// keys have equal bits.
    fn canonical(self) -> f64 {
        if self.0.is_nan() {
            f64::NAN
        } else if self.0 == 0.0 {
            0.0
        } else {
            self.0
        }
    }
}

impl From<f64> for FloatKey {
    fn from(x: f64) -> FloatKey {
        FloatKey(x)
    }
}

impl From<f32> for FloatKey {
    fn from(x: f32) -> FloatKey {
        FloatKey(f64::from(x))
    }
}

impl From<FloatKey> for f64 {
    fn from(x: FloatKey) -> f64 {
        x.0
    }
}

impl PartialEq for FloatKey {
    fn eq(&self, other: &FloatKey) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for FloatKey {}

impl PartialOrd for FloatKey {
    fn partial_cmp(&self, other: &FloatKey) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for FloatKey {
    fn cmp(&self, other: &FloatKey) -> Ordering {
        match (self.0.is_nan(), other.0.is_nan()) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Greater,
            (false, true) => Ordering::Less,
            (false, false) => self.0.partial_cmp(&other.0).unwrap_or(Ordering::Equal),
        }
    }
}

impl Hash for FloatKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.canonical().to_bits().hash(state)
    }
}

/// Python's `repr` of a float: the shortest text that reads back, with an
/// exponent (`1e+20`, `1e-07`) below `1e-4` and from `1e16` on.
impl fmt::Display for FloatKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_py_float(f, self.0)
    }
}

impl fmt::Debug for FloatKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FloatKey({self})")
    }
}

/// Writes `x` as Python's `repr(float)`.
pub(crate) fn write_py_float(f: &mut fmt::Formatter<'_>, x: f64) -> fmt::Result {
    if x.is_nan() {
        return f.write_str("nan");
    }
    if x.is_infinite() {
        return f.write_str(if x > 0.0 { "inf" } else { "-inf" });
    }
    // Rust's `Debug` is the shortest round-trip text, with an exponent in
    // the same ranges as Python's repr; only the exponent's spelling
    // differs (`1e20` for `1e+20`, `1e-7` for `1e-07`).
    let text = format!("{x:?}");
    match text.split_once('e') {
        None => f.write_str(&text),
        Some((mantissa, exp)) => {
            let (sign, digits) = match exp.strip_prefix('-') {
                Some(d) => ('-', d),
                None => ('+', exp),
            };
            write!(f, "{mantissa}e{sign}{digits:0>2}")
        }
    }
}

// ---------------------------------------------------------------------------
// Key paths
// ---------------------------------------------------------------------------

/// One step from a node to one of its children.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::tree::KeyEntry;
/// assert_eq!(KeyEntry::Index(0).to_string(), "[0]");
/// assert_eq!(KeyEntry::key("a").to_string(), "['a']");
/// assert_eq!(KeyEntry::field("w").to_string(), ".w");
/// assert_eq!(KeyEntry::FlatIndex(2).to_string(), "[<flat index 2>]");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum KeyEntry {
    /// A position in a sequence (`Vec`, array, tuple): JAX's `SequenceKey`.
    Index(usize),
    /// A map key: JAX's `DictKey`.
    Key(Key),
    /// A named field of a record: JAX's `GetAttrKey` (tuple-struct fields are
    /// named `0`, `1`, ...).
    Field(KeyStr),
    /// The `k`-th child of a node, whatever its kind: JAX's
    /// `FlattenedIndexKey` (the key of the children of a node registered
    /// without keys), printed `[<flat index k>]`. A path built of these
    /// addresses any tree of the same shape.
    FlatIndex(usize),
}

impl KeyEntry {
    /// A [`KeyEntry::Key`] entry.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// assert_eq!(ivy::tree::KeyEntry::key("a"), ivy::tree::KeyEntry::Key(ivy::tree::Key::from("a")));
    /// ```
    pub fn key(key: impl Into<Key>) -> KeyEntry {
        KeyEntry::Key(key.into())
    }

    /// A [`KeyEntry::Field`] entry.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// assert_eq!(ivy::tree::KeyEntry::field("w").chain_segment(), "w");
    /// ```
    pub fn field(name: impl Into<KeyStr>) -> KeyEntry {
        KeyEntry::Field(name.into())
    }

    /// The entry as a segment of an Ivy key chain (`0`, `a`, `w`).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// assert_eq!(ivy::tree::KeyEntry::key("a").chain_segment(), "a");
    /// ```
    pub fn chain_segment(&self) -> String {
        match self {
            KeyEntry::Index(i) => i.to_string(),
            KeyEntry::Key(k) => k.chain_segment(),
            KeyEntry::Field(f) => f.to_string(),
            KeyEntry::FlatIndex(i) => i.to_string(),
        }
    }
}

/// JAX's `keystr` of one entry: `[0]`, `['a']`, `.w`.
impl fmt::Display for KeyEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeyEntry::Index(i) => write!(f, "[{i}]"),
            KeyEntry::Key(k) => write!(f, "[{k}]"),
            KeyEntry::Field(name) => write!(f, ".{name}"),
            KeyEntry::FlatIndex(i) => write!(f, "[<flat index {i}>]"),
        }
    }
}

impl fmt::Debug for KeyEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeyEntry::Index(i) => write!(f, "Index({i})"),
            KeyEntry::Key(k) => write!(f, "Key({k})"),
            KeyEntry::Field(name) => write!(f, "Field({name})"),
            KeyEntry::FlatIndex(i) => write!(f, "FlatIndex({i})"),
        }
    }
}

/// The path from the root of a tree to one of its nodes.
///
/// It prints (`Display`) as JAX's `keystr`, and [`KeyPath::key_chain`] gives
/// Ivy's `/`-separated key chain.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::tree::{KeyEntry, KeyPath};
/// let p = KeyPath::from(vec![KeyEntry::Index(0), KeyEntry::key("a"), KeyEntry::field("w")]);
/// assert_eq!(p.to_string(), "[0]['a'].w");
/// assert_eq!(p.key_chain(), "0/a/w");
/// assert_eq!(p.keystr_simple("."), "0.a.w");
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct KeyPath(Vec<KeyEntry>);

impl KeyPath {
    /// The empty path (the root).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// use ivy::tree::{KeyEntry, KeyPath};
    /// let mut p = KeyPath::new();
    /// assert!(p.is_empty());
    /// p.push(KeyEntry::Index(2));
    /// p.push(KeyEntry::key("b"));
    /// assert_eq!((p.len(), p.entries()[0].clone()), (2, KeyEntry::Index(2)));
    /// assert_eq!(p.iter().count(), 2);
    /// assert_eq!(p.pop(), Some(KeyEntry::key("b")));
    /// assert_eq!(p.keystr(), "[2]");
    /// ```
    pub fn new() -> KeyPath {
        KeyPath(Vec::new())
    }

    /// The entries from the root down.
    pub fn entries(&self) -> &[KeyEntry] {
        &self.0
    }

    /// Number of entries (the depth).
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether this is the root's path.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Append an entry.
    pub fn push(&mut self, entry: KeyEntry) {
        self.0.push(entry)
    }

    /// Remove the last entry.
    pub fn pop(&mut self) -> Option<KeyEntry> {
        self.0.pop()
    }

    /// The entries.
    pub fn iter(&self) -> std::slice::Iter<'_, KeyEntry> {
        self.0.iter()
    }

    /// JAX's `keystr(path)`: `[0]['a'].w` (the empty path is `""`).
    pub fn keystr(&self) -> String {
        self.to_string()
    }

    /// JAX's `keystr(path, simple=True, separator=sep)`: the bare segments
    /// joined by `sep`.
    pub fn keystr_simple(&self, separator: &str) -> String {
        let parts: Vec<String> = self.0.iter().map(KeyEntry::chain_segment).collect();
        parts.join(separator)
    }

    /// Ivy's key chain: `0/a/w` (the empty path is `""`).
    pub fn key_chain(&self) -> String {
        self.keystr_simple("/")
    }

    /// The path as the `path` of an [`Error::Structure`](crate::Error):
    /// `tree` followed by the keystr, e.g. `tree[0]['a']`.
    pub(crate) fn error_path(&self) -> String {
        format!("tree{self}")
    }
}

impl From<Vec<KeyEntry>> for KeyPath {
    fn from(v: Vec<KeyEntry>) -> KeyPath {
        KeyPath(v)
    }
}

impl FromIterator<KeyEntry> for KeyPath {
    fn from_iter<I: IntoIterator<Item = KeyEntry>>(iter: I) -> KeyPath {
        KeyPath(iter.into_iter().collect())
    }
}

impl<'a> IntoIterator for &'a KeyPath {
    type Item = &'a KeyEntry;
    type IntoIter = std::slice::Iter<'a, KeyEntry>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl fmt::Display for KeyPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for e in &self.0 {
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for KeyPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "KeyPath({self})")
    }
}

/// JAX's `keystr`: the path as `[0]['a'].w`.
///
/// ```
/// # use ivy_core as ivy;
/// let paths: Vec<String> = ivy::tree_leaves_with_path(&(1.0, vec![2.0]))
///     .iter()
///     .map(|(p, _)| ivy::keystr(p))
///     .collect();
/// assert_eq!(paths, ["[0]", "[1][0]"]);
/// ```
pub fn keystr(path: &KeyPath) -> String {
    path.keystr()
}
