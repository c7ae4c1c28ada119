//! serde for [`Array`] (its form is documented on the `Serialize` impl).

use super::{Array, HostData};
use crate::backend::current_backend;
use crate::dtype::{Complex32, Complex64, Dtype, Element, bf16, f16};
use crate::shape::Shape;
use ::serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use ::serde::ser::{self, Serialize, SerializeStruct, SerializeTuple, Serializer};
use std::fmt;

/// serde for [`Array`]: a struct of its dtype, shape and elements.
///
/// The form is the same in every format:
///
/// ```json
/// {"dtype": "float32", "shape": [2, 2], "data": [1.0, 2.0, 3.0, 4.0]}
/// ```
///
/// - `dtype` is Ivy's name of the dtype (`"int8"` ... `"complex128"`);
/// - `shape` is the list of dimensions (`[]` for a 0-d array);
/// - `data` is the flat list of the elements in row-major order: `true` /
///   `false` for `bool`, integers for the integer dtypes, numbers for the
///   float dtypes (`float16` and `bfloat16` written as the `float32` they
///   widen to exactly), and `[re, im]` pairs for the complex dtypes. JSON has
///   no NaN or infinity, so a non-finite float element is written as the
///   string `"nan"`, `"inf"` or `"-inf"` (in every format, so the form does
///   not depend on the format); NaN payloads and signs are not kept.
///
/// Reading accepts the fields in any order and checks everything: an
/// unknown dtype name, a `data` list whose length is not the product of
/// `shape`, an element that does not fit the dtype (`300` for `uint8`, `1.5`
/// for `int32`, `1` for `bool`), are deserialization errors, never panics.
/// The array is made on the current backend.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::array![[1.0, 2.0], [3.0, f32::INFINITY]];
/// let json = serde_json::to_string(&x).unwrap();
/// assert_eq!(json, r#"{"dtype":"float32","shape":[2,2],"data":[1.0,2.0,3.0,"inf"]}"#);
/// let back: ivy::Array = serde_json::from_str(&json).unwrap();
/// assert_eq!(back, x);
///
/// let err = serde_json::from_str::<ivy::Array>(r#"{"dtype":"uint8","shape":[2],"data":[1,300]}"#);
/// assert!(err.unwrap_err().to_string().contains("element 1 (300) does not fit uint8"));
/// ```
impl Serialize for Array {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let host = self.to_host().map_err(ser::Error::custom)?;
        let mut st = s.serialize_struct("Array", 3)?;
        st.serialize_field("dtype", &self.dtype())?;
        st.serialize_field("shape", self.shape())?;
        st.serialize_field("data", &Elements(&host))?;
        st.end()
    }
}

/// The elements of a host buffer as a serde sequence.
struct Elements<'a>(&'a HostData);

impl Serialize for Elements<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::with_host_data!(self.0, b, T => s.collect_seq(b.as_slice().iter().map(|x| Wire(*x))))
    }
}

/// One element, serialized by [`WireElement::put`].
struct Wire<T>(T);

impl<T: WireElement> Serialize for Wire<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.put(s)
    }
}

/// A real number as a finite number or one of the strings of a non-finite
/// float.
struct Real(f64);

impl Serialize for Real {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        put_f64(self.0, s)
    }
}

fn put_f64<S: Serializer>(x: f64, s: S) -> Result<S::Ok, S::Error> {
    match non_finite_name(x) {
        Some(name) => s.serialize_str(name),
        None => s.serialize_f64(x),
    }
}

fn put_f32<S: Serializer>(x: f32, s: S) -> Result<S::Ok, S::Error> {
    match non_finite_name(f64::from(x)) {
        Some(name) => s.serialize_str(name),
        None => s.serialize_f32(x),
    }
}

fn non_finite_name(x: f64) -> Option<&'static str> {
    if x.is_nan() {
        Some("nan")
    } else if x == f64::INFINITY {
        Some("inf")
    } else if x == f64::NEG_INFINITY {
        Some("-inf")
    } else {
        None
    }
}

/// An element as read, before the dtype is known (the fields may come in
/// any order).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Value {
    Bool(bool),
    Int(i128),
    Float(f64),
    Complex(f64, f64),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Bool(b) => write!(f, "{b}"),
            Value::Int(i) => write!(f, "{i}"),
            Value::Float(x) => write!(f, "{x:?}"),
            Value::Complex(re, im) => write!(f, "[{re:?}, {im:?}]"),
        }
    }
}

/// How each element type is written and read back.
trait WireElement: Element {
    fn put<S: Serializer>(self, s: S) -> Result<S::Ok, S::Error>;
    /// The element `v` stands for, if it fits this type exactly enough
    /// (integers in range, reals for floats, pairs or reals for complex).
    fn get(v: Value) -> Option<Self>;
}

impl WireElement for bool {
    fn put<S: Serializer>(self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bool(self)
    }
    fn get(v: Value) -> Option<bool> {
        match v {
            Value::Bool(b) => Some(b),
            _ => None,
        }
    }
}

macro_rules! wire_int {
    ($($t:ty => $put:ident),*) => {$(
        impl WireElement for $t {
            fn put<S: Serializer>(self, s: S) -> Result<S::Ok, S::Error> {
                s.$put(self)
            }
            fn get(v: Value) -> Option<$t> {
                match v {
                    Value::Int(i) => <$t>::try_from(i).ok(),
                    _ => None,
                }
            }
        }
    )*};
}

wire_int!(
    i8 => serialize_i8, i16 => serialize_i16, i32 => serialize_i32, i64 => serialize_i64,
    u8 => serialize_u8, u16 => serialize_u16, u32 => serialize_u32, u64 => serialize_u64
);

fn real(v: Value) -> Option<f64> {
    match v {
        Value::Float(x) => Some(x),
        // Integers written for a float array (`[1, 2]`) are read as floats.
        Value::Int(i) => Some(i as f64),
        _ => None,
    }
}

impl WireElement for f64 {
    fn put<S: Serializer>(self, s: S) -> Result<S::Ok, S::Error> {
        put_f64(self, s)
    }
    fn get(v: Value) -> Option<f64> {
        real(v)
    }
}

impl WireElement for f32 {
    fn put<S: Serializer>(self, s: S) -> Result<S::Ok, S::Error> {
        put_f32(self, s)
    }
    fn get(v: Value) -> Option<f32> {
        real(v).map(|x| x as f32)
    }
}

impl WireElement for f16 {
    fn put<S: Serializer>(self, s: S) -> Result<S::Ok, S::Error> {
        put_f32(self.to_f32(), s)
    }
    fn get(v: Value) -> Option<f16> {
        real(v).map(f16::from_f64)
    }
}

impl WireElement for bf16 {
    fn put<S: Serializer>(self, s: S) -> Result<S::Ok, S::Error> {
        put_f32(self.to_f32(), s)
    }
    fn get(v: Value) -> Option<bf16> {
        real(v).map(bf16::from_f64)
    }
}

fn complex(v: Value) -> Option<(f64, f64)> {
    match v {
        Value::Complex(re, im) => Some((re, im)),
        v => real(v).map(|re| (re, 0.0)),
    }
}

impl WireElement for Complex32 {
    fn put<S: Serializer>(self, s: S) -> Result<S::Ok, S::Error> {
        let mut t = s.serialize_tuple(2)?;
        t.serialize_element(&Real(f64::from(self.re)))?;
        t.serialize_element(&Real(f64::from(self.im)))?;
        t.end()
    }
    fn get(v: Value) -> Option<Complex32> {
        complex(v).map(|(re, im)| Complex32::new(re as f32, im as f32))
    }
}

impl WireElement for Complex64 {
    fn put<S: Serializer>(self, s: S) -> Result<S::Ok, S::Error> {
        let mut t = s.serialize_tuple(2)?;
        t.serialize_element(&Real(self.re))?;
        t.serialize_element(&Real(self.im))?;
        t.end()
    }
    fn get(v: Value) -> Option<Complex64> {
        complex(v).map(|(re, im)| Complex64::new(re, im))
    }
}

/// A real part: a number or the name of a non-finite float.
struct RealPart(f64);

impl<'de> Deserialize<'de> for RealPart {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<RealPart, D::Error> {
        match Value::deserialize(d)? {
            Value::Float(x) => Ok(RealPart(x)),
            Value::Int(i) => Ok(RealPart(i as f64)),
            v => Err(de::Error::custom(format!(
                "expected a real number as a part of a complex element, got {v}"
            ))),
        }
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Value;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(
                    "an element: a bool, a number, \"nan\", \"inf\", \"-inf\" or a [re, im] pair",
                )
            }
            fn visit_bool<E: de::Error>(self, b: bool) -> Result<Value, E> {
                Ok(Value::Bool(b))
            }
            fn visit_i64<E: de::Error>(self, i: i64) -> Result<Value, E> {
                Ok(Value::Int(i128::from(i)))
            }
            fn visit_u64<E: de::Error>(self, i: u64) -> Result<Value, E> {
                Ok(Value::Int(i128::from(i)))
            }
            fn visit_i128<E: de::Error>(self, i: i128) -> Result<Value, E> {
                Ok(Value::Int(i))
            }
            fn visit_u128<E: de::Error>(self, i: u128) -> Result<Value, E> {
                i128::try_from(i)
                    .map(Value::Int)
                    .map_err(|_| E::custom(format!("integer {i} is too large for any dtype")))
            }
            fn visit_f64<E: de::Error>(self, x: f64) -> Result<Value, E> {
                Ok(Value::Float(x))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Value, E> {
                match s {
                    "nan" | "NaN" => Ok(Value::Float(f64::NAN)),
                    "inf" | "+inf" | "Infinity" => Ok(Value::Float(f64::INFINITY)),
                    "-inf" | "-Infinity" => Ok(Value::Float(f64::NEG_INFINITY)),
                    _ => Err(E::custom(format!(
                        "expected an element, got the string {s:?} (only \"nan\", \"inf\" and \"-inf\" stand for numbers)"
                    ))),
                }
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
                let re: RealPart = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::custom("a complex element needs [re, im], got []"))?;
                let im: RealPart = seq.next_element()?.ok_or_else(|| {
                    de::Error::custom("a complex element needs [re, im], got one number")
                })?;
                if seq.next_element::<de::IgnoredAny>()?.is_some() {
                    return Err(de::Error::custom(
                        "a complex element needs [re, im], got more than two numbers",
                    ));
                }
                Ok(Value::Complex(re.0, im.0))
            }
        }
        d.deserialize_any(V)
    }
}

/// Build the array a deserialized dtype, shape and element list describe,
/// or say why they do not describe one.
fn build_array(
    dtype: Dtype,
    dims: Vec<usize>,
    data: Vec<Value>,
) -> std::result::Result<Array, String> {
    let shape = Shape::from(dims);
    let size = shape
        .dims()
        .iter()
        .try_fold(1usize, |n, &d| n.checked_mul(d))
        .ok_or_else(|| format!("shape {shape} has more elements than fit in memory"))?;
    if data.len() != size {
        return Err(format!(
            "shape {shape} needs {size} element{}, data has {}",
            if size == 1 { "" } else { "s" },
            data.len()
        ));
    }
    let host = crate::with_dtype!(dtype, T => {
        let mut v: Vec<T> = Vec::with_capacity(size);
        for (i, &x) in data.iter().enumerate() {
            match <T as WireElement>::get(x) {
                Some(e) => v.push(e),
                None => return Err(format!("element {i} ({x}) does not fit {dtype}")),
            }
        }
        HostData::from(v)
    });
    Array::from_host(current_backend(), shape, host).map_err(|e| e.to_string())
}

const FIELDS: &[&str] = &["dtype", "shape", "data"];

enum Field {
    Dtype,
    Shape,
    Data,
}

impl<'de> Deserialize<'de> for Field {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Field, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Field;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("`dtype`, `shape` or `data`")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Field, E> {
                match s {
                    "dtype" => Ok(Field::Dtype),
                    "shape" => Ok(Field::Shape),
                    "data" => Ok(Field::Data),
                    _ => Err(E::unknown_field(s, FIELDS)),
                }
            }
        }
        d.deserialize_identifier(V)
    }
}

impl<'de> Deserialize<'de> for Array {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Array, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Array;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an array: {dtype, shape, data}")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Array, A::Error> {
                let (mut dtype, mut shape, mut data) = (None, None, None);
                while let Some(field) = map.next_key::<Field>()? {
                    match field {
                        Field::Dtype if dtype.is_none() => dtype = Some(map.next_value::<Dtype>()?),
                        Field::Shape if shape.is_none() => {
                            shape = Some(map.next_value::<Vec<usize>>()?)
                        }
                        Field::Data if data.is_none() => {
                            data = Some(map.next_value::<Vec<Value>>()?)
                        }
                        Field::Dtype => return Err(de::Error::duplicate_field("dtype")),
                        Field::Shape => return Err(de::Error::duplicate_field("shape")),
                        Field::Data => return Err(de::Error::duplicate_field("data")),
                    }
                }
                let dtype = dtype.ok_or_else(|| de::Error::missing_field("dtype"))?;
                let shape = shape.ok_or_else(|| de::Error::missing_field("shape"))?;
                let data = data.ok_or_else(|| de::Error::missing_field("data"))?;
                build_array(dtype, shape, data).map_err(de::Error::custom)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Array, A::Error> {
                let dtype: Dtype = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(0, &self))?;
                let shape: Vec<usize> = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(1, &self))?;
                let data: Vec<Value> = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(2, &self))?;
                build_array(dtype, shape, data).map_err(de::Error::custom)
            }
        }
        d.deserialize_struct("Array", FIELDS, V)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Array, Complex32, Complex64, Dtype, bf16, f16};

    fn round_trip(x: &Array) -> Array {
        let json = serde_json::to_string(x).unwrap();
        serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json}: {e}"))
    }

    #[test]
    fn every_dtype_round_trips_through_json() {
        let cases = vec![
            Array::from_shape_vec([2, 2], vec![true, false, false, true]).unwrap(),
            Array::from_vec(vec![i8::MIN, -1, 0, i8::MAX]),
            Array::from_vec(vec![i16::MIN, 7, i16::MAX]),
            Array::from_vec(vec![i32::MIN, 7, i32::MAX]),
            Array::from_vec(vec![i64::MIN, 7, i64::MAX]),
            Array::from_vec(vec![0u8, 7, u8::MAX]),
            Array::from_vec(vec![0u16, 7, u16::MAX]),
            Array::from_vec(vec![0u32, 7, u32::MAX]),
            Array::from_vec(vec![0u64, 7, u64::MAX]),
            Array::from_vec(vec![bf16::from_f32(1.5), bf16::MAX, bf16::MIN_POSITIVE]),
            Array::from_vec(vec![
                f16::from_f32(-2.25),
                f16::MAX,
                f16::MIN_POSITIVE_SUBNORMAL,
            ]),
            Array::from_vec(vec![
                0.1f32,
                -0.0,
                f32::MAX,
                f32::INFINITY,
                f32::NEG_INFINITY,
            ]),
            Array::from_vec(vec![0.1f64, 1e-300, f64::MIN, f64::INFINITY]),
            Array::from_vec(vec![
                Complex32::new(1.5, -f32::INFINITY),
                Complex32::new(0.1, 0.2),
            ]),
            Array::from_vec(vec![Complex64::new(0.1, -0.3)]),
            Array::scalar(3i32),
            Array::from_shape_vec([0, 3], Vec::<f32>::new()).unwrap(),
        ];
        for x in &cases {
            let back = round_trip(x);
            assert_eq!(&back, x, "{x:?}");
            assert_eq!(back.shape(), x.shape());
        }
        // -0.0 keeps its sign.
        let z = round_trip(&Array::from_vec(vec![-0.0f64]));
        assert!(z.to_vec::<f64>().unwrap()[0].is_sign_negative());
    }

    #[test]
    fn nan_round_trips_as_the_string_nan() {
        let x = Array::from_vec(vec![f16::NAN, f16::ONE]);
        let json = serde_json::to_string(&x).unwrap();
        assert_eq!(
            json,
            r#"{"dtype":"float16","shape":[2],"data":["nan",1.0]}"#
        );
        let back = round_trip(&x).to_vec::<f16>().unwrap();
        assert!(back[0].is_nan() && back[1] == f16::ONE);
    }

    #[test]
    fn the_written_form_names_dtype_shape_and_elements() {
        let x = Array::from_shape_vec(
            [1, 2],
            vec![Complex64::new(1.0, 2.0), Complex64::new(3.0, -4.5)],
        )
        .unwrap();
        assert_eq!(
            serde_json::to_value(&x).unwrap(),
            serde_json::json!({"dtype": "complex128", "shape": [1, 2], "data": [[1.0, 2.0], [3.0, -4.5]]})
        );
        let b = Array::from_vec(vec![true]);
        assert_eq!(
            serde_json::to_string(&b).unwrap(),
            r#"{"dtype":"bool","shape":[1],"data":[true]}"#
        );
    }

    #[test]
    fn fields_in_any_order_and_integers_for_floats() {
        let x: Array =
            serde_json::from_str(r#"{"data":[1,2.5],"shape":[2],"dtype":"float64"}"#).unwrap();
        assert_eq!(x.to_vec::<f64>().unwrap(), vec![1.0, 2.5]);
        let c: Array =
            serde_json::from_str(r#"{"dtype":"complex64","shape":[2],"data":[1,[0,"-inf"]]}"#)
                .unwrap();
        assert_eq!(
            c.to_vec::<Complex32>().unwrap(),
            vec![
                Complex32::new(1.0, 0.0),
                Complex32::new(0.0, f32::NEG_INFINITY)
            ]
        );
    }

    #[test]
    fn bad_inputs_are_errors_that_say_what_is_wrong() {
        let cases = [
            (
                r#"{"dtype":"float33","shape":[1],"data":[1]}"#,
                "unknown dtype `float33`",
            ),
            (
                r#"{"dtype":"float32","shape":[3],"data":[1,2]}"#,
                "shape (3,) needs 3 elements, data has 2",
            ),
            (
                r#"{"dtype":"float32","shape":[],"data":[]}"#,
                "shape () needs 1 element, data has 0",
            ),
            (
                r#"{"dtype":"int8","shape":[1],"data":[128]}"#,
                "element 0 (128) does not fit int8",
            ),
            (
                r#"{"dtype":"int32","shape":[1],"data":[1.5]}"#,
                "element 0 (1.5) does not fit int32",
            ),
            (
                r#"{"dtype":"uint64","shape":[1],"data":[-1]}"#,
                "element 0 (-1) does not fit uint64",
            ),
            (
                r#"{"dtype":"bool","shape":[1],"data":[1]}"#,
                "element 0 (1) does not fit bool",
            ),
            (
                r#"{"dtype":"float32","shape":[1],"data":[true]}"#,
                "element 0 (true) does not fit float32",
            ),
            (
                r#"{"dtype":"float32","shape":[1],"data":["x"]}"#,
                "got the string \"x\"",
            ),
            (
                r#"{"dtype":"complex64","shape":[1],"data":[[1,2,3]]}"#,
                "more than two numbers",
            ),
            (
                r#"{"dtype":"complex64","shape":[1],"data":[[1]]}"#,
                "got one number",
            ),
            (r#"{"dtype":"float32","shape":[1]}"#, "missing field `data`"),
            (
                r#"{"dtype":"float32","shape":[1],"data":[1],"x":1}"#,
                "unknown field `x`",
            ),
            (
                r#"{"dtype":"float32","dtype":"int8","shape":[1],"data":[1]}"#,
                "duplicate field `dtype`",
            ),
            (
                r#"{"dtype":"float32","shape":[-1],"data":[]}"#,
                "invalid value",
            ),
            (
                r#"{"dtype":"float32","shape":[4294967296,4294967296,4294967296],"data":[]}"#,
                "more elements than fit in memory",
            ),
            (r#"[1,2]"#, "invalid type"),
        ];
        for (json, expected) in cases {
            let err = serde_json::from_str::<Array>(json).unwrap_err().to_string();
            assert!(err.contains(expected), "{json}: {err}");
        }
    }

    #[test]
    fn a_sequence_form_is_read_in_field_order() {
        let x: Array = serde_json::from_str(r#"["int16",[2],[3,-4]]"#).unwrap();
        assert_eq!(
            (x.dtype(), x.to_vec::<i16>().unwrap()),
            (Dtype::Int16, vec![3, -4])
        );
    }
}
