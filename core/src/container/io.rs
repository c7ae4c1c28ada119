//! Saving and loading containers: [`Format`] and [`Container::cont_save`],
//! [`Container::cont_load`], [`Container::cont_to_bytes`],
//! [`Container::cont_from_bytes`].

use super::Container;
use crate::array::{Array, bytes};
use crate::backend::current_backend;
use crate::dtype::Dtype;
use crate::error::{Error, Result};
use crate::shape::Shape;
use safetensors::tensor::{Dtype as StDtype, SafeTensors, TensorView};
use std::collections::HashMap;
use std::io::{Read, Write};
use std::path::Path;

/// A file format of [`Container::cont_save`] and [`Container::cont_load`]
/// (and their in-memory forms [`Container::cont_to_bytes`] and
/// [`Container::cont_from_bytes`]): safetensors, JSON or NumPy's `.npz`.
///
/// Every leaf is stored under its key chain (`"dense/w"`): as the tensor's
/// name in safetensors, as the member `dense/w.npy` of a `.npz` (which
/// `numpy.load` lists as `"dense/w"`), and as nested maps in JSON. Loading
/// rebuilds the levels from the chains (a `.` in a name separates keys too,
/// so PyTorch's `layer.0.weight` loads as `layer/0/weight`).
///
/// | format | dtypes | key order on load | empty sub-containers |
/// | --- | --- | --- | --- |
/// | [`Format::Safetensors`] | all but `complex128` | kept (in the metadata entry `ivy_key_chains`; files without it load sorted by name) | dropped |
/// | [`Format::Json`] | all 15 (the [serde form](crate::Array#impl-Serialize-for-Array)) | kept | kept |
/// | [`Format::Npz`], [`Format::NpzCompressed`] | all but `bfloat16` | kept (member order) | dropped |
///
/// A dtype the format cannot hold is an error naming the key chain and the
/// dtype. A file that is not a valid file of its format (truncated, corrupt,
/// a header whose sizes do not match the data, a dtype ivy does not have, a
/// name that is not a key chain, two entries at one key chain) is an
/// [`Error::Io`] saying what is wrong, never a panic.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// use ivy::container::Format;
/// let params = ivy::container! { dense: { w: [[1.0, 2.0], [3.0, 4.0]], b: [0.5, 0.5] }, step: 7 };
/// let dir = std::env::temp_dir().join(format!("ivy-doc-io-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// for name in ["params.safetensors", "params.json", "params.npz"] {
///     let path = dir.join(name);
///     params.cont_save(&path, Format::from_path(&path)?)?;
///     let back = ivy::Container::cont_load(&path, Format::from_path(&path)?)?;
///     assert_eq!(back, params);
///     assert_eq!(back.cont_all_key_chains(), ["dense/w", "dense/b", "step"]);
/// }
/// # std::fs::remove_dir_all(&dir).unwrap();
/// # Ok::<(), ivy::Error>(())
/// ```
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::container::Format;
/// assert_eq!(Format::from_path("model.safetensors")?, Format::Safetensors);
/// assert_eq!(Format::from_path("a/b/batch.NPZ")?, Format::Npz);
/// assert_eq!(Format::Json.extension(), "json");
/// assert!(Format::from_path("weights.h5").is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Hugging Face's safetensors: an 8-byte header length, a JSON header of
    /// tensor names, dtypes, shapes and offsets, then the raw elements. Holds
    /// every dtype but `complex128`.
    Safetensors,
    /// JSON of the container's serde form (nested maps of `{"dtype",
    /// "shape", "data"}`): every dtype, readable, but large.
    Json,
    /// NumPy's `.npz`, as `numpy.savez` writes it: a zip of one `.npy` per
    /// leaf, stored uncompressed. Holds every dtype but `bfloat16`.
    Npz,
    /// `.npz` with deflate compression, as `numpy.savez_compressed` writes
    /// it (reading is the same as [`Format::Npz`]'s: both read either).
    NpzCompressed,
}

impl Format {
    /// The format a file name's extension names: `.safetensors`, `.json`,
    /// `.npz` (uncompressed; any case). Any other is an [`Error::Io`].
    pub fn from_path(path: impl AsRef<Path>) -> Result<Format> {
        let path = path.as_ref();
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("safetensors") => Ok(Format::Safetensors),
            Some("json") => Ok(Format::Json),
            Some("npz") => Ok(Format::Npz),
            _ => Err(Error::Io {
                op: "Format::from_path".into(),
                path: path.display().to_string(),
                message: "unknown extension; expected .safetensors, .json or .npz".into(),
            }),
        }
    }

    /// The usual file extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Safetensors => "safetensors",
            Format::Json => "json",
            Format::Npz | Format::NpzCompressed => "npz",
        }
    }
}

fn io_error(op: &str, path: &str, message: impl Into<String>) -> Error {
    Error::Io {
        op: op.into(),
        path: path.into(),
        message: message.into(),
    }
}

impl Container {
    /// Write the container to the file `path` in `format` (Ivy's
    /// `cont_save`; see [`Format`] for what each format keeps). The file is
    /// replaced if it exists.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::container::Format;
    /// let c = ivy::container! { a: [1.0, 2.0], b: { c: [true, false] } };
    /// let path = std::env::temp_dir().join(format!("ivy-doc-save-{}.npz", std::process::id()));
    /// c.cont_save(&path, Format::Npz)?;
    /// assert_eq!(ivy::Container::cont_load(&path, Format::Npz)?, c);
    /// # std::fs::remove_file(&path).unwrap();
    /// // A dtype the format cannot hold is an error naming the leaf.
    /// let z = ivy::Container::from_key_chains([("x/y", ivy::Array::from_vec(vec![ivy::bf16::ONE]))])?;
    /// let err = z.cont_save(&path, Format::Npz).unwrap_err();
    /// assert!(err.to_string().starts_with("at key chain `x/y`: cont_save:"));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_save(&self, path: impl AsRef<Path>, format: Format) -> Result<()> {
        let path = path.as_ref();
        let shown = path.display().to_string();
        let bytes = self.to_bytes_as("cont_save", &shown, format)?;
        std::fs::write(path, bytes).map_err(|e| io_error("cont_save", &shown, e.to_string()))
    }

    /// Read a container from the file `path` in `format` (Ivy's static
    /// `cont_load`), its arrays on the current backend.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::container::Format;
    /// let err = ivy::Container::cont_load("/no/such/file.safetensors", Format::Safetensors).unwrap_err();
    /// assert!(err.to_string().starts_with("cont_load: /no/such/file.safetensors: "));
    /// ```
    pub fn cont_load(path: impl AsRef<Path>, format: Format) -> Result<Container> {
        let path = path.as_ref();
        let shown = path.display().to_string();
        let bytes =
            std::fs::read(path).map_err(|e| io_error("cont_load", &shown, e.to_string()))?;
        Container::from_bytes_as("cont_load", &shown, &bytes, format)
    }

    /// The bytes of the file [`cont_save`](Self::cont_save) would write.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::container::Format;
    /// let c = ivy::container! { a: { b: [1, 2] } };
    /// let json = c.cont_to_bytes(Format::Json)?;
    /// assert_eq!(json, br#"{"a":{"b":{"dtype":"int32","shape":[2],"data":[1,2]}}}"#);
    /// let st = c.cont_to_bytes(Format::Safetensors)?;
    /// let header_len = u64::from_le_bytes(st[..8].try_into().unwrap()) as usize;
    /// assert!(std::str::from_utf8(&st[8..8 + header_len]).unwrap()
    ///     .contains(r#""a/b":{"dtype":"I32","shape":[2],"data_offsets":[0,8]}"#));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_to_bytes(&self, format: Format) -> Result<Vec<u8>> {
        self.to_bytes_as("cont_to_bytes", "", format)
    }

    /// The container stored in `bytes` in `format` (what
    /// [`cont_load`](Self::cont_load) does after reading the file).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::container::Format;
    /// let c = ivy::container! { x: [1u8, 2], y: { z: 0.25 } };
    /// for format in [Format::Safetensors, Format::Json, Format::Npz, Format::NpzCompressed] {
    ///     let bytes = c.cont_to_bytes(format)?;
    ///     assert_eq!(ivy::Container::cont_from_bytes(&bytes, format)?, c);
    ///     // Cut short, the bytes are an error, not a panic.
    ///     assert!(ivy::Container::cont_from_bytes(&bytes[..bytes.len() - 3], format).is_err());
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_from_bytes(bytes: &[u8], format: Format) -> Result<Container> {
        Container::from_bytes_as("cont_from_bytes", "", bytes, format)
    }

    fn to_bytes_as(&self, op: &str, path: &str, format: Format) -> Result<Vec<u8>> {
        match format {
            Format::Safetensors => safetensors_bytes(self, op, path),
            Format::Json => serde_json::to_vec(self).map_err(|e| io_error(op, path, e.to_string())),
            Format::Npz => npz_bytes(self, op, path, zip::CompressionMethod::Stored),
            Format::NpzCompressed => npz_bytes(self, op, path, zip::CompressionMethod::Deflated),
        }
    }

    fn from_bytes_as(op: &str, path: &str, bytes: &[u8], format: Format) -> Result<Container> {
        match format {
            Format::Safetensors => safetensors_load(bytes, op, path),
            Format::Json => serde_json::from_slice(bytes)
                .map_err(|e| io_error(op, path, format!("invalid JSON container: {e}"))),
            Format::Npz | Format::NpzCompressed => npz_load(bytes, op, path),
        }
    }

    /// Put `array` at the key chain `name` of a loaded file; a name that is
    /// not a key chain, or that meets another entry, is an error.
    fn insert_loaded(&mut self, op: &str, path: &str, name: &str, array: Array) -> Result<()> {
        if self.get(name).is_some() {
            return Err(io_error(
                op,
                path,
                format!("two entries are at the key chain `{name}`"),
            ));
        }
        self.insert_at(op, name, array.into())
            .map(drop)
            .map_err(|e| {
                let message = match e {
                    Error::KeyChain { message, .. } => message,
                    e => e.to_string(),
                };
                io_error(
                    op,
                    path,
                    format!("the name `{name}` is not a key chain here: {message}"),
                )
            })
    }
}

/// The safetensors dtype of `dtype`, if safetensors has it.
fn st_dtype(dtype: Dtype) -> Option<StDtype> {
    Some(match dtype {
        Dtype::Bool => StDtype::BOOL,
        Dtype::Int8 => StDtype::I8,
        Dtype::Int16 => StDtype::I16,
        Dtype::Int32 => StDtype::I32,
        Dtype::Int64 => StDtype::I64,
        Dtype::UInt8 => StDtype::U8,
        Dtype::UInt16 => StDtype::U16,
        Dtype::UInt32 => StDtype::U32,
        Dtype::UInt64 => StDtype::U64,
        Dtype::Float16 => StDtype::F16,
        Dtype::BFloat16 => StDtype::BF16,
        Dtype::Float32 => StDtype::F32,
        Dtype::Float64 => StDtype::F64,
        Dtype::Complex64 => StDtype::C64,
        Dtype::Complex128 => return None,
    })
}

/// The ivy dtype of a safetensors dtype, if ivy has it.
fn ivy_dtype(dtype: StDtype) -> Option<Dtype> {
    Some(match dtype {
        StDtype::BOOL => Dtype::Bool,
        StDtype::I8 => Dtype::Int8,
        StDtype::I16 => Dtype::Int16,
        StDtype::I32 => Dtype::Int32,
        StDtype::I64 => Dtype::Int64,
        StDtype::U8 => Dtype::UInt8,
        StDtype::U16 => Dtype::UInt16,
        StDtype::U32 => Dtype::UInt32,
        StDtype::U64 => Dtype::UInt64,
        StDtype::F16 => Dtype::Float16,
        StDtype::BF16 => Dtype::BFloat16,
        StDtype::F32 => Dtype::Float32,
        StDtype::F64 => Dtype::Float64,
        StDtype::C64 => Dtype::Complex64,
        _ => return None,
    })
}

/// The metadata entry holding the key chains in order.
const KEY_ORDER: &str = "ivy_key_chains";

fn safetensors_bytes(c: &Container, op: &str, path: &str) -> Result<Vec<u8>> {
    let mut tensors: Vec<(String, StDtype, Vec<usize>, Vec<u8>)> = Vec::new();
    for (kc, leaf) in c.cont_to_iterator() {
        let dtype = leaf.dtype();
        let st = st_dtype(dtype).ok_or_else(|| {
            Error::in_container(
                &kc,
                Error::InvalidDtype {
                    op: op.into(),
                    dtype,
                    expected: "a dtype safetensors holds (every dtype but complex128; \
                               split it into real and imaginary float64 parts)"
                        .into(),
                },
            )
        })?;
        let host = leaf.to_host().map_err(|e| Error::in_container(&kc, e))?;
        tensors.push((kc, st, leaf.shape().to_vec(), bytes::to_le_bytes(&host)));
    }
    let order: Vec<&str> = tensors.iter().map(|t| t.0.as_str()).collect();
    let order = serde_json::to_string(&order).map_err(|e| io_error(op, path, e.to_string()))?;
    let views = tensors
        .iter()
        .map(|(kc, st, shape, data)| {
            TensorView::new(*st, shape.clone(), data)
                .map(|v| (kc.as_str(), v))
                .map_err(|e| io_error(op, path, format!("tensor `{kc}`: {e}")))
        })
        .collect::<Result<Vec<_>>>()?;
    let metadata = HashMap::from([(KEY_ORDER.to_string(), order)]);
    safetensors::serialize(views, Some(metadata)).map_err(|e| io_error(op, path, e.to_string()))
}

fn safetensors_load(bytes: &[u8], op: &str, path: &str) -> Result<Container> {
    let st = SafeTensors::deserialize(bytes)
        .map_err(|e| io_error(op, path, format!("not a valid safetensors file: {e}")))?;
    let mut names: Vec<String> = st.names().into_iter().map(str::to_string).collect();
    names.sort();
    // The order the file was written in, when ivy wrote it (and the entry
    // names exactly the file's tensors); otherwise sorted by name, as
    // Python's `safe_open(...).keys()` lists them.
    let (_, metadata) = SafeTensors::read_metadata(bytes)
        .map_err(|e| io_error(op, path, format!("not a valid safetensors file: {e}")))?;
    if let Some(order) = metadata.metadata().as_ref().and_then(|m| m.get(KEY_ORDER))
        && let Ok(mut order) = serde_json::from_str::<Vec<String>>(order)
    {
        let mut sorted = order.clone();
        sorted.sort();
        if sorted == names {
            std::mem::swap(&mut names, &mut order);
        }
    }
    let mut out = Container::new();
    for name in &names {
        let view = st
            .tensor(name)
            .map_err(|e| io_error(op, path, format!("tensor `{name}`: {e}")))?;
        let dtype = ivy_dtype(view.dtype()).ok_or_else(|| {
            io_error(
                op,
                path,
                format!(
                    "tensor `{name}` has the safetensors dtype {}, which has no ivy dtype",
                    view.dtype()
                ),
            )
        })?;
        let shape = Shape::from(view.shape());
        let host = bytes::from_bytes(dtype, view.data(), false)
            .map_err(|m| io_error(op, path, format!("tensor `{name}`: {m}")))?;
        let array = Array::from_host(current_backend(), shape, host)
            .map_err(|e| io_error(op, path, format!("tensor `{name}`: {e}")))?;
        out.insert_loaded(op, path, name, array)?;
    }
    Ok(out)
}

fn npz_bytes(
    c: &Container,
    op: &str,
    path: &str,
    method: zip::CompressionMethod,
) -> Result<Vec<u8>> {
    let zip_error = |e: &dyn std::fmt::Display| io_error(op, path, format!("writing the zip: {e}"));
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (kc, leaf) in c.cont_to_iterator() {
        let npy = crate::array::npy::encode(leaf).map_err(|message| {
            Error::in_container(
                &kc,
                Error::InvalidDtype {
                    op: op.into(),
                    dtype: leaf.dtype(),
                    expected: format!("a dtype NumPy has ({message})"),
                },
            )
        })?;
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(method)
            .large_file(npy.len() as u64 >= u64::from(u32::MAX));
        zip.start_file(format!("{kc}.npy"), options)
            .map_err(|e| zip_error(&e))?;
        zip.write_all(&npy).map_err(|e| zip_error(&e))?;
    }
    let cursor = zip.finish().map_err(|e| zip_error(&e))?;
    Ok(cursor.into_inner())
}

fn npz_load(bytes: &[u8], op: &str, path: &str) -> Result<Container> {
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes))
        .map_err(|e| io_error(op, path, format!("not a valid .npz (zip) file: {e}")))?;
    let mut out = Container::new();
    for i in 0..zip.len() {
        let mut file = zip
            .by_index(i)
            .map_err(|e| io_error(op, path, format!("zip member {i}: {e}")))?;
        let name = file
            .name()
            .map_err(|e| io_error(op, path, format!("zip member {i}: {e}")))?
            .into_owned();
        if file.is_dir() {
            continue;
        }
        let Some(kc) = name.strip_suffix(".npy") else {
            return Err(io_error(
                op,
                path,
                format!("the member `{name}` is not a .npy file"),
            ));
        };
        let mut npy = Vec::new();
        file.read_to_end(&mut npy)
            .map_err(|e| io_error(op, path, format!("member `{name}`: {e}")))?;
        let array = crate::array::npy::decode(&npy)
            .map_err(|m| io_error(op, path, format!("member `{name}`: {m}")))?;
        out.insert_loaded(op, path, kc, array)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Complex32, Complex64, bf16, f16};

    fn every_dtype() -> Container {
        let mut c = Container::new();
        let leaves: Vec<(&str, Array)> = vec![
            (
                "b/bool",
                Array::from_shape_vec([2, 2], vec![true, false, false, true]).unwrap(),
            ),
            ("i/int8", Array::from_vec(vec![i8::MIN, -1, i8::MAX])),
            ("i/int16", Array::from_vec(vec![i16::MIN, i16::MAX])),
            ("i/int32", Array::scalar(-7i32)),
            ("i/int64", Array::from_vec(vec![i64::MIN, i64::MAX])),
            ("u/uint8", Array::from_vec(vec![0u8, 255])),
            ("u/uint16", Array::from_vec(vec![0u16, u16::MAX])),
            ("u/uint32", Array::from_vec(vec![u32::MAX])),
            (
                "u/uint64",
                Array::from_shape_vec([1, 1], vec![u64::MAX]).unwrap(),
            ),
            (
                "f/float16",
                Array::from_vec(vec![f16::from_f32(0.1), f16::INFINITY]),
            ),
            (
                "f/bfloat16",
                Array::from_vec(vec![bf16::from_f32(-3.5), bf16::NAN]),
            ),
            (
                "f/float32",
                Array::from_shape_vec([0], Vec::<f32>::new()).unwrap(),
            ),
            (
                "f/float64",
                Array::from_vec(vec![0.1f64, -0.0, f64::NEG_INFINITY]),
            ),
            (
                "c/complex64",
                Array::from_vec(vec![Complex32::new(1.0, -2.0)]),
            ),
            (
                "c/complex128",
                Array::from_vec(vec![Complex64::new(0.1, 1e300)]),
            ),
        ];
        for (kc, a) in leaves {
            c.insert(kc, a).unwrap();
        }
        c
    }

    /// Equal, reading NaN as equal to NaN (bitwise, since both sides come
    /// from the same bits here).
    fn same(a: &Container, b: &Container) -> bool {
        a.cont_all_key_chains() == b.cont_all_key_chains()
            && a.leaves().zip(b.leaves()).all(|(x, y)| {
                x.dtype() == y.dtype()
                    && x.shape() == y.shape()
                    && bytes::to_le_bytes(&x.to_host().unwrap())
                        == bytes::to_le_bytes(&y.to_host().unwrap())
            })
    }

    #[test]
    fn json_keeps_every_dtype() {
        let c = every_dtype();
        let b = Container::cont_from_bytes(&c.cont_to_bytes(Format::Json).unwrap(), Format::Json);
        let b = b.unwrap();
        assert_eq!(b.cont_all_key_chains(), c.cont_all_key_chains());
        assert!(b.leaf("f/bfloat16").unwrap().to_vec::<bf16>().unwrap()[1].is_nan());
    }

    #[test]
    fn safetensors_keeps_every_dtype_but_complex128() {
        let mut c = every_dtype();
        let err = c.cont_to_bytes(Format::Safetensors).unwrap_err();
        assert_eq!(
            err.to_string(),
            "at key chain `c/complex128`: cont_to_bytes: expected a dtype safetensors holds \
             (every dtype but complex128; split it into real and imaginary float64 parts), got complex128"
        );
        c.remove("c/complex128").unwrap();
        let bytes = c.cont_to_bytes(Format::Safetensors).unwrap();
        let back = Container::cont_from_bytes(&bytes, Format::Safetensors).unwrap();
        assert!(same(&back, &c), "{back:?}");
    }

    #[test]
    fn npz_keeps_every_dtype_but_bfloat16() {
        let mut c = every_dtype();
        let err = c.cont_to_bytes(Format::Npz).unwrap_err();
        assert!(
            err.to_string().starts_with(
                "at key chain `f/bfloat16`: cont_to_bytes: expected a dtype NumPy has"
            ),
            "{err}"
        );
        c.remove("f/bfloat16").unwrap();
        for format in [Format::Npz, Format::NpzCompressed] {
            let bytes = c.cont_to_bytes(format).unwrap();
            let back = Container::cont_from_bytes(&bytes, format).unwrap();
            assert!(same(&back, &c), "{back:?}");
        }
    }

    #[test]
    fn safetensors_without_ivy_order_loads_sorted_by_name() {
        let c = crate::container! { b: [1.0], a: [2.0] };
        let views = vec![
            (
                "b",
                TensorView::new(StDtype::F32, vec![1], &[0, 0, 128, 63]).unwrap(),
            ),
            (
                "a",
                TensorView::new(StDtype::F32, vec![1], &[0, 0, 0, 64]).unwrap(),
            ),
        ];
        let bytes = safetensors::serialize(views, None).unwrap();
        let back = Container::cont_from_bytes(&bytes, Format::Safetensors).unwrap();
        assert_eq!(back.cont_all_key_chains(), ["a", "b"]);
        assert_eq!(back, c);
    }

    #[test]
    fn loaded_names_must_be_key_chains_at_distinct_places() {
        let t = |name: &'static str| (name, TensorView::new(StDtype::U8, vec![1], &[1]).unwrap());
        for (names, expected) in [
            (
                vec![t("a"), t("a/b")],
                "the name `a/b` is not a key chain here: `a` is a leaf",
            ),
            (
                vec![t("a/b"), t("a")],
                "two entries are at the key chain `a`",
            ),
            (
                vec![t("a/b"), t("a.b")],
                "two entries are at the key chain `a.b`",
            ),
            (vec![t("a//b")], "the name `a//b` is not a key chain here"),
        ] {
            // In the order given (as ivy's metadata entry records it).
            let order: Vec<&str> = names.iter().map(|(n, _)| *n).collect();
            let meta = HashMap::from([(
                KEY_ORDER.to_string(),
                serde_json::to_string(&order).unwrap(),
            )]);
            let bytes = safetensors::serialize(names, Some(meta)).unwrap();
            let err = Container::cont_from_bytes(&bytes, Format::Safetensors).unwrap_err();
            assert!(err.to_string().contains(expected), "{expected}: {err}");
        }
    }

    #[test]
    fn unknown_safetensors_dtypes_are_named() {
        let views = vec![(
            "w",
            TensorView::new(StDtype::F8_E4M3, vec![2], &[1, 2]).unwrap(),
        )];
        let bytes = safetensors::serialize(views, None).unwrap();
        let err = Container::cont_from_bytes(&bytes, Format::Safetensors).unwrap_err();
        assert_eq!(
            err.to_string(),
            "cont_from_bytes: tensor `w` has the safetensors dtype F8_E4M3, which has no ivy dtype"
        );
    }

    #[test]
    fn a_bool_byte_that_is_not_0_or_1_is_an_error() {
        let views = vec![(
            "m",
            TensorView::new(StDtype::BOOL, vec![2], &[1, 9]).unwrap(),
        )];
        let bytes = safetensors::serialize(views, None).unwrap();
        let err = Container::cont_from_bytes(&bytes, Format::Safetensors).unwrap_err();
        assert!(
            err.to_string()
                .contains("tensor `m`: element 1 (bytes [9]) is not a valid bool")
        );
    }

    #[test]
    fn npz_members_must_be_npy_files() {
        let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        zip.start_file("readme.txt", zip::write::SimpleFileOptions::default())
            .unwrap();
        zip.write_all(b"hi").unwrap();
        let bytes = zip.finish().unwrap().into_inner();
        let err = Container::cont_from_bytes(&bytes, Format::Npz).unwrap_err();
        assert_eq!(
            err.to_string(),
            "cont_from_bytes: the member `readme.txt` is not a .npy file"
        );
    }

    #[test]
    fn from_path_reads_the_extension() {
        assert_eq!(Format::from_path("x.json").unwrap(), Format::Json);
        let err = Format::from_path("x").unwrap_err();
        assert_eq!(
            err.to_string(),
            "Format::from_path: x: unknown extension; expected .safetensors, .json or .npz"
        );
    }
}
