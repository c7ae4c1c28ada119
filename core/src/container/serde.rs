//! serde for [`Container`] (its form is documented on the `Serialize` impl).

use super::{Container, ContainerRef, Entry, EntryRef, key_chain};
use ::serde::de::value::{MapDeserializer, SeqDeserializer};
use ::serde::de::{
    self, Deserialize, DeserializeOwned, Deserializer, EnumAccess, IntoDeserializer, MapAccess,
    SeqAccess, VariantAccess, Visitor,
};
use ::serde::ser::{Serialize, SerializeMap, Serializer};
use std::fmt;
use std::marker::PhantomData;

/// serde for [`Container`]: a nested map, keys in their order.
///
/// A container is written as a map from its keys (in order) to its entries:
/// a leaf in its own serde form, a sub-container as a nested map. With
/// [`Array`](crate::Array) leaves (whose form is `{"dtype", "shape",
/// "data"}`) that reads:
///
/// ```json
/// {"dense": {"w": {"dtype": "float32", "shape": [2], "data": [1.0, 2.0]}},
///  "step": {"dtype": "int64", "shape": [], "data": [3]}}
/// ```
///
/// Reading tells a leaf from a sub-container by trying the leaf first: an
/// entry that is a valid leaf is one, any other map is a sub-container (an
/// array's map cannot be mistaken for a container, since its `dtype` is a
/// string, not an array). Keys keep the order they are read in; a key that
/// is not a valid key (empty, or holding `/` or `.`) or that appears twice
/// is an error naming its key chain, and so is an entry that is neither a
/// leaf nor a map. The form has no tags, so it needs a self-describing
/// format (JSON, YAML, RON, MessagePack, CBOR, ...), not bincode. Empty
/// sub-containers are kept. The print [`Config`](crate::Config) is not
/// written.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let c = ivy::container! { b: { x: [1, 2] }, a: 0.5 };
/// let json = serde_json::to_string(&c).unwrap();
/// assert!(json.starts_with(r#"{"b":{"x":{"dtype":"int32","shape":[2],"data":[1,2]}},"a":"#));
/// let back: ivy::Container = serde_json::from_str(&json).unwrap();
/// assert_eq!(back, c);
/// assert_eq!(back.cont_all_key_chains(), ["b/x", "a"]); // the order is kept
///
/// // Any leaf type works the same way.
/// let n: ivy::Container<i64> = serde_json::from_str(r#"{"a": {"b": 1}, "c": 2}"#).unwrap();
/// assert_eq!(n.cont_to_flat_list(), [1, 2]);
/// let err = serde_json::from_str::<ivy::Container<i64>>(r#"{"a": {"b": "x"}}"#).unwrap_err();
/// assert!(err.to_string().starts_with("at key chain `a/b`: invalid type: string \"x\""));
/// ```
impl<L: Serialize> Serialize for Container<L> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.view().serialize(s)
    }
}

/// A sub-container as a map, as [`Container`]'s.
impl<L: Serialize> Serialize for ContainerRef<'_, L> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.len()))?;
        for (k, e) in self.iter() {
            map.serialize_entry(k, &e)?;
        }
        map.end()
    }
}

/// A leaf as itself, a sub-container as a nested map (no tag).
impl<L: Serialize> Serialize for EntryRef<'_, L> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            EntryRef::Leaf(l) => l.serialize(s),
            EntryRef::Container(c) => c.serialize(s),
        }
    }
}

/// A leaf as itself, a sub-container as a nested map (no tag).
impl<L: Serialize> Serialize for Entry<L> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Entry::Leaf(l) => l.serialize(s),
            Entry::Container(c) => c.serialize(s),
        }
    }
}

impl<'de, L: DeserializeOwned> Deserialize<'de> for Container<L> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Container<L>, D::Error> {
        struct V<L>(PhantomData<L>);
        impl<'de, L: DeserializeOwned> Visitor<'de> for V<L> {
            type Value = Container<L>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a container: a map from keys to leaves and containers")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Container<L>, A::Error> {
                let mut out = Container::new();
                while let Some(key) = map.next_key::<String>()? {
                    let content: Content = map.next_value()?;
                    add_entry(&mut out, &key, &content).map_err(de::Error::custom)?;
                }
                Ok(out)
            }
        }
        d.deserialize_map(V(PhantomData))
    }
}

/// Why an entry could not be read, and where.
struct Failure {
    /// The keys from the entry up to the failing one, innermost last.
    chain: Vec<String>,
    message: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "at key chain `{}`: {}",
            self.chain.join("/"),
            self.message
        )
    }
}

fn add_entry<L: DeserializeOwned>(
    out: &mut Container<L>,
    key: &str,
    content: &Content,
) -> Result<(), Failure> {
    let fail = |message: String| Failure {
        chain: vec![key.to_string()],
        message,
    };
    if let Err(e) = key_chain::check_key("deserialize", key, key) {
        return Err(fail(match e {
            crate::Error::KeyChain { message, .. } => message,
            e => e.to_string(),
        }));
    }
    if out.get_key(key).is_some() {
        return Err(fail("the key appears twice".into()));
    }
    let entry = entry_from(content).map_err(|mut f| {
        f.chain.insert(0, key.to_string());
        f
    })?;
    out.insert_key_unchecked(key, entry);
    Ok(())
}

fn entry_from<L: DeserializeOwned>(content: &Content) -> Result<Entry<L>, Failure> {
    let leaf = L::deserialize(ContentRef::<de::value::Error>::new(content));
    let leaf_error = match leaf {
        Ok(l) => return Ok(Entry::Leaf(l)),
        Err(e) => e.to_string(),
    };
    let Content::Map(entries) = content else {
        return Err(Failure {
            chain: Vec::new(),
            message: leaf_error,
        });
    };
    let mut sub = Container::new();
    let mut first_failure = None;
    for (k, v) in entries {
        let Content::Str(k) = k else {
            first_failure = Some(Failure {
                chain: Vec::new(),
                message: format!("a container's keys are strings, got {}", k.kind()),
            });
            break;
        };
        if let Err(f) = add_entry(&mut sub, k, v) {
            first_failure = Some(f);
            break;
        }
    }
    match first_failure {
        None => Ok(Entry::Container(sub)),
        // A map where the leaf type takes no map, or a map of maps, is meant
        // as a container: its error is the useful one. A map of plain
        // values may be a malformed leaf: say both. (The leaf error comes
        // from serde's own `invalid_type` wording through `ContentRef`.)
        Some(f)
            if leaf_error.starts_with("invalid type: map")
                || entries.iter().any(|(_, v)| matches!(v, Content::Map(_))) =>
        {
            Err(f)
        }
        Some(f) => Err(Failure {
            chain: Vec::new(),
            message: format!("neither a leaf ({leaf_error}) nor a container ({f})"),
        }),
    }
}

/// A deserialized value held in memory, so that an entry can be tried as a
/// leaf and then as a container.
#[derive(Debug, Clone, PartialEq)]
enum Content {
    Bool(bool),
    U64(u64),
    I64(i64),
    F64(f64),
    Str(String),
    Bytes(Vec<u8>),
    None,
    Some(Box<Content>),
    Unit,
    Seq(Vec<Content>),
    Map(Vec<(Content, Content)>),
}

impl Content {
    fn kind(&self) -> &'static str {
        match self {
            Content::Bool(_) => "a bool",
            Content::U64(_) | Content::I64(_) | Content::F64(_) => "a number",
            Content::Str(_) => "a string",
            Content::Bytes(_) => "bytes",
            Content::None | Content::Some(_) | Content::Unit => "a null",
            Content::Seq(_) => "a sequence",
            Content::Map(_) => "a map",
        }
    }
}

impl<'de> Deserialize<'de> for Content {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Content, D::Error> {
        d.deserialize_any(ContentVisitor)
    }
}

struct ContentVisitor;

impl<'de> Visitor<'de> for ContentVisitor {
    type Value = Content;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any value")
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Content, E> {
        Ok(Content::Bool(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Content, E> {
        Ok(Content::I64(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Content, E> {
        Ok(Content::U64(v))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Content, E> {
        Ok(Content::F64(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Content, E> {
        Ok(Content::Str(v.to_string()))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Content, E> {
        Ok(Content::Str(v))
    }
    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Content, E> {
        Ok(Content::Bytes(v.to_vec()))
    }
    fn visit_byte_buf<E: de::Error>(self, v: Vec<u8>) -> Result<Content, E> {
        Ok(Content::Bytes(v))
    }
    fn visit_none<E: de::Error>(self) -> Result<Content, E> {
        Ok(Content::None)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Content, D::Error> {
        Content::deserialize(d).map(|c| Content::Some(Box::new(c)))
    }
    fn visit_unit<E: de::Error>(self) -> Result<Content, E> {
        Ok(Content::Unit)
    }
    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Content, D::Error> {
        Content::deserialize(d)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Content, A::Error> {
        let mut v = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(x) = seq.next_element()? {
            v.push(x);
        }
        Ok(Content::Seq(v))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Content, A::Error> {
        let mut v = Vec::with_capacity(map.size_hint().unwrap_or(0).min(4096));
        while let Some(kv) = map.next_entry()? {
            v.push(kv);
        }
        Ok(Content::Map(v))
    }
}

/// A deserializer reading a borrowed [`Content`].
struct ContentRef<'a, E> {
    content: &'a Content,
    marker: PhantomData<E>,
}

impl<'a, E> ContentRef<'a, E> {
    fn new(content: &'a Content) -> Self {
        ContentRef {
            content,
            marker: PhantomData,
        }
    }
}

impl<'a, E: de::Error> IntoDeserializer<'a, E> for &'a Content {
    type Deserializer = ContentRef<'a, E>;
    fn into_deserializer(self) -> ContentRef<'a, E> {
        ContentRef::new(self)
    }
}

impl<'de, E: de::Error> Deserializer<'de> for ContentRef<'de, E> {
    type Error = E;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, E> {
        match self.content {
            Content::Bool(b) => v.visit_bool(*b),
            Content::U64(x) => v.visit_u64(*x),
            Content::I64(x) => v.visit_i64(*x),
            Content::F64(x) => v.visit_f64(*x),
            Content::Str(s) => v.visit_borrowed_str(s),
            Content::Bytes(b) => v.visit_borrowed_bytes(b),
            Content::None => v.visit_none(),
            Content::Some(c) => v.visit_some(ContentRef::new(c)),
            Content::Unit => v.visit_unit(),
            Content::Seq(items) => {
                let mut seq = SeqDeserializer::new(items.iter());
                let out = v.visit_seq(&mut seq)?;
                seq.end()?;
                Ok(out)
            }
            Content::Map(entries) => {
                let mut map = MapDeserializer::new(entries.iter().map(|(k, v)| (k, v)));
                let out = v.visit_map(&mut map)?;
                map.end()?;
                Ok(out)
            }
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, E> {
        match self.content {
            Content::None | Content::Unit => v.visit_none(),
            Content::Some(c) => v.visit_some(ContentRef::new(c)),
            _ => v.visit_some(self),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        v: V,
    ) -> Result<V::Value, E> {
        v.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, E> {
        let (variant, value) = match self.content {
            Content::Str(_) => (self.content, None),
            Content::Map(entries) if entries.len() == 1 => (&entries[0].0, Some(&entries[0].1)),
            other => {
                return Err(de::Error::invalid_type(
                    de::Unexpected::Other(other.kind()),
                    &"a string or a map of one entry (an enum)",
                ));
            }
        };
        v.visit_enum(ContentEnum {
            variant,
            value,
            marker: PhantomData,
        })
    }

    ::serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map struct
        identifier ignored_any
    }
}

struct ContentEnum<'a, E> {
    variant: &'a Content,
    value: Option<&'a Content>,
    marker: PhantomData<E>,
}

impl<'a, E: de::Error> EnumAccess<'a> for ContentEnum<'a, E> {
    type Error = E;
    type Variant = ContentVariant<'a, E>;
    fn variant_seed<S: de::DeserializeSeed<'a>>(
        self,
        seed: S,
    ) -> Result<(S::Value, ContentVariant<'a, E>), E> {
        let tag = seed.deserialize(ContentRef::<E>::new(self.variant))?;
        Ok((
            tag,
            ContentVariant {
                value: self.value,
                marker: PhantomData,
            },
        ))
    }
}

struct ContentVariant<'a, E> {
    value: Option<&'a Content>,
    marker: PhantomData<E>,
}

impl<'a, E: de::Error> VariantAccess<'a> for ContentVariant<'a, E> {
    type Error = E;
    fn unit_variant(self) -> Result<(), E> {
        match self.value {
            None | Some(Content::Unit) => Ok(()),
            Some(c) => Err(de::Error::invalid_type(
                de::Unexpected::Other(c.kind()),
                &"a unit variant",
            )),
        }
    }
    fn newtype_variant_seed<S: de::DeserializeSeed<'a>>(self, seed: S) -> Result<S::Value, E> {
        match self.value {
            Some(c) => seed.deserialize(ContentRef::new(c)),
            None => Err(de::Error::invalid_type(
                de::Unexpected::UnitVariant,
                &"a newtype variant",
            )),
        }
    }
    fn tuple_variant<V: Visitor<'a>>(self, _len: usize, v: V) -> Result<V::Value, E> {
        match self.value {
            Some(c) => ContentRef::new(c).deserialize_any(v),
            None => Err(de::Error::invalid_type(
                de::Unexpected::UnitVariant,
                &"a tuple variant",
            )),
        }
    }
    fn struct_variant<V: Visitor<'a>>(
        self,
        _fields: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, E> {
        match self.value {
            Some(c) => ContentRef::new(c).deserialize_any(v),
            None => Err(de::Error::invalid_type(
                de::Unexpected::UnitVariant,
                &"a struct variant",
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Array, Container};
    use std::collections::BTreeMap;

    #[test]
    fn nested_containers_round_trip_with_their_order() {
        let mut c = crate::container! { z: { y: [1.0, 2.0], x: [true, false] }, a: 3 };
        c.insert("e", Container::new()).unwrap();
        let json = serde_json::to_string(&c).unwrap();
        let back: Container = serde_json::from_str(&json).unwrap();
        assert_eq!(back, c);
        assert_eq!(
            back.cont_all_key_chains_with(true),
            ["z/y", "z/x", "a", "e"]
        );
        assert!(back.sub("e").unwrap().is_empty());
    }

    #[test]
    fn generic_leaves_of_any_serde_type() {
        let c: Container<Vec<u8>> =
            Container::from_key_chains([("a/b", vec![1u8, 2]), ("c", vec![])]).unwrap();
        let json = serde_json::to_string(&c).unwrap();
        assert_eq!(json, r#"{"a":{"b":[1,2]},"c":[]}"#);
        assert_eq!(
            serde_json::from_str::<Container<Vec<u8>>>(&json).unwrap(),
            c
        );
        // Leaves that are maps: a map that is a valid leaf is a leaf.
        let m: Container<BTreeMap<String, i32>> =
            serde_json::from_str(r#"{"a": {"x": 1}, "b": {"c": {"y": 2}}}"#).unwrap();
        assert_eq!(m.leaf("a").unwrap()["x"], 1);
        assert_eq!(m.leaf("b/c").unwrap()["y"], 2);
        // Options and enums go through the buffered form too.
        #[derive(serde::Deserialize, serde::Serialize, PartialEq, Debug, Clone)]
        enum E {
            U,
            N(i32),
            S { x: Option<i8> },
        }
        let json = r#"{"a": "U", "b": {"N": 3}, "c": {"S": {"x": null}}, "d": {"S": {"x": 4}}}"#;
        let e: Container<E> = serde_json::from_str(json).unwrap();
        assert_eq!(
            e.cont_to_flat_list(),
            [E::U, E::N(3), E::S { x: None }, E::S { x: Some(4) }]
        );
        let again: Container<E> =
            serde_json::from_str(&serde_json::to_string(&e).unwrap()).unwrap();
        assert_eq!(again, e);
    }

    #[test]
    fn errors_name_the_key_chain() {
        let cases = [
            (
                r#"{"a": {"b": {"dtype": "int8", "shape": [], "data": [1]}, "b": {"dtype": "int8", "shape": [], "data": [1]}}}"#,
                "at key chain `a/b`: the key appears twice",
            ),
            (r#"{"a/b": 1}"#, "at key chain `a/b`: "),
            (r#"{"": 1}"#, "at key chain ``: "),
            (
                r#"{"a": {"b": {"dtype": "int8", "shape": [2], "data": [1]}}}"#,
                "at key chain `a/b`: neither a leaf (shape (2,) needs 2 elements, data has 1) nor a container",
            ),
            (
                r#"{"a": [1, 2]}"#,
                "at key chain `a`: invalid type: integer `1`, expected a string",
            ),
            (r#"[1]"#, "invalid type: sequence, expected a container"),
        ];
        for (json, expected) in cases {
            let err = serde_json::from_str::<Container>(json)
                .unwrap_err()
                .to_string();
            assert!(err.contains(expected), "{json}: {err}");
        }
    }

    #[test]
    fn an_array_leaf_inside_is_read_as_an_array() {
        let c: Container = serde_json::from_str(
            r#"{"w": {"shape": [2], "data": [1, 2], "dtype": "uint8"}, "s": {"t": {"dtype": "float64", "shape": [], "data": ["nan"]}}}"#,
        )
        .unwrap();
        assert_eq!(c.leaf("w").unwrap(), &Array::from_vec(vec![1u8, 2]));
        assert!(c.leaf("s/t").unwrap().item().unwrap().to_f64().is_nan());
    }
}
