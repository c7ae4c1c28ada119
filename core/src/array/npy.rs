//! NumPy's `.npy` format for one [`Array`] (documented on `Array::to_npy`'s impl block).

use super::{Array, bytes};
use crate::backend::current_backend;
use crate::dtype::Dtype;
use crate::error::{Error, Result};
use crate::shape::Shape;

const MAGIC: &[u8; 6] = b"\x93NUMPY";

/// NumPy's `descr` of `dtype`, when NumPy has it.
pub(crate) fn descr(dtype: Dtype) -> Option<&'static str> {
    Some(match dtype {
        Dtype::Bool => "|b1",
        Dtype::Int8 => "|i1",
        Dtype::Int16 => "<i2",
        Dtype::Int32 => "<i4",
        Dtype::Int64 => "<i8",
        Dtype::UInt8 => "|u1",
        Dtype::UInt16 => "<u2",
        Dtype::UInt32 => "<u4",
        Dtype::UInt64 => "<u8",
        Dtype::Float16 => "<f2",
        Dtype::Float32 => "<f4",
        Dtype::Float64 => "<f8",
        Dtype::Complex64 => "<c8",
        Dtype::Complex128 => "<c16",
        Dtype::BFloat16 => return None,
    })
}

/// The dtype and byte order (`true`: big-endian) of a NumPy `descr`.
fn parse_descr(s: &str) -> std::result::Result<(Dtype, bool), String> {
    let (order, rest) = match s.as_bytes().first() {
        Some(b'<' | b'|' | b'=') => (false, &s[1..]),
        Some(b'>') => (true, &s[1..]),
        _ => (false, s),
    };
    let dtype = match rest {
        "b1" | "?" => Dtype::Bool,
        "i1" => Dtype::Int8,
        "i2" => Dtype::Int16,
        "i4" => Dtype::Int32,
        "i8" => Dtype::Int64,
        "u1" => Dtype::UInt8,
        "u2" => Dtype::UInt16,
        "u4" => Dtype::UInt32,
        "u8" => Dtype::UInt64,
        "f2" => Dtype::Float16,
        "f4" => Dtype::Float32,
        "f8" => Dtype::Float64,
        "c8" => Dtype::Complex64,
        "c16" => Dtype::Complex128,
        _ => return Err(format!("the NumPy dtype `{s}` has no ivy dtype")),
    };
    Ok((dtype, order))
}

fn python_shape(dims: &[usize]) -> String {
    match dims {
        [] => "()".into(),
        [d] => format!("({d},)"),
        ds => {
            let parts: Vec<String> = ds.iter().map(usize::to_string).collect();
            format!("({})", parts.join(", "))
        }
    }
}

/// The `.npy` bytes of `x`, or why it has none.
pub(crate) fn encode(x: &Array) -> std::result::Result<Vec<u8>, String> {
    let dtype = x.dtype();
    let descr = descr(dtype).ok_or_else(|| {
        "bfloat16 has no NumPy dtype; cast it to float32 first (exact) with astype".to_string()
    })?;
    let host = x.to_host().map_err(|e| e.to_string())?;
    let data = bytes::to_le_bytes(&host);
    let dict = format!(
        "{{'descr': '{descr}', 'fortran_order': False, 'shape': {}, }}",
        python_shape(x.shape().dims())
    );
    // Version 1.0 has a 2-byte length; a longer header needs version 2.0.
    let (major, prefix) = if dict.len() + 1 + 10 + 63 <= usize::from(u16::MAX) {
        (1u8, 10)
    } else {
        (2u8, 12)
    };
    let unpadded = prefix + dict.len() + 1;
    let pad = (64 - unpadded % 64) % 64;
    let header_len = dict.len() + pad + 1;
    let mut out = Vec::with_capacity(prefix + header_len + data.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&[major, 0]);
    if major == 1 {
        out.extend_from_slice(&(header_len as u16).to_le_bytes());
    } else {
        let len = u32::try_from(header_len).map_err(|_| "the .npy header is too long")?;
        out.extend_from_slice(&len.to_le_bytes());
    }
    out.extend_from_slice(dict.as_bytes());
    out.resize(out.len() + pad, b' ');
    out.push(b'\n');
    out.extend_from_slice(&data);
    Ok(out)
}

/// The array in the `.npy` bytes, or what is wrong with them.
pub(crate) fn decode(b: &[u8]) -> std::result::Result<Array, String> {
    if b.len() < 8 || &b[..6] != MAGIC {
        return Err("not a .npy file (no \\x93NUMPY magic)".into());
    }
    let (major, minor) = (b[6], b[7]);
    let (len_size, utf8) = match major {
        1 => (2, false),
        2 => (4, false),
        3 => (4, true),
        _ => return Err(format!("unsupported .npy version {major}.{minor}")),
    };
    let len_bytes = b
        .get(8..8 + len_size)
        .ok_or("the .npy file ends inside its header length")?;
    let header_len = if len_size == 2 {
        usize::from(u16::from_le_bytes([len_bytes[0], len_bytes[1]]))
    } else {
        let n = u32::from_le_bytes([len_bytes[0], len_bytes[1], len_bytes[2], len_bytes[3]]);
        usize::try_from(n).map_err(|_| "the .npy header length does not fit in memory")?
    };
    let start = 8 + len_size;
    let header = start
        .checked_add(header_len)
        .and_then(|end| b.get(start..end))
        .ok_or_else(|| {
            format!(
                "the header length says {header_len} bytes but the file has {} after it",
                b.len() - start
            )
        })?;
    let header = if utf8 {
        std::str::from_utf8(header).map_err(|_| "the .npy header is not UTF-8".to_string())?
    } else {
        // Versions 1 and 2 are latin-1; every header NumPy writes is ASCII.
        std::str::from_utf8(header)
            .ok()
            .filter(|s| s.is_ascii())
            .ok_or("the .npy header is not ASCII")?
    };
    let info = parse_header(header)?;
    let (dtype, big_endian) = parse_descr(&info.descr)?;
    let shape = Shape::from(info.shape.clone());
    let size = info
        .shape
        .iter()
        .try_fold(1usize, |n, &d| n.checked_mul(d))
        .and_then(|n| n.checked_mul(bytes::item_size(dtype)))
        .ok_or_else(|| format!("the header's shape {shape} is too large"))?;
    let data = &b[start + header_len..];
    if data.len() != size {
        return Err(format!(
            "the header says shape {shape} of {dtype} ({size} bytes) but {} bytes of data follow",
            data.len()
        ));
    }
    let host = if info.fortran_order && info.shape.len() > 1 {
        let reordered = fortran_to_c(data, &info.shape, bytes::item_size(dtype));
        bytes::from_bytes(dtype, &reordered, big_endian)?
    } else {
        bytes::from_bytes(dtype, data, big_endian)?
    };
    Array::from_host(current_backend(), shape, host).map_err(|e| e.to_string())
}

/// Column-major elements of `dims` reordered to row-major.
fn fortran_to_c(data: &[u8], dims: &[usize], item: usize) -> Vec<u8> {
    let n: usize = dims.iter().product();
    let mut strides = Vec::with_capacity(dims.len());
    let mut s = 1usize;
    for &d in dims {
        strides.push(s);
        s *= d;
    }
    let mut out = Vec::with_capacity(data.len());
    let mut idx = vec![0usize; dims.len()];
    for _ in 0..n {
        let off: usize = idx.iter().zip(&strides).map(|(i, s)| i * s).sum();
        out.extend_from_slice(&data[off * item..(off + 1) * item]);
        for k in (0..dims.len()).rev() {
            idx[k] += 1;
            if idx[k] < dims[k] {
                break;
            }
            idx[k] = 0;
        }
    }
    out
}

struct HeaderInfo {
    descr: String,
    fortran_order: bool,
    shape: Vec<usize>,
}

/// The subset of Python literals a `.npy` header uses.
#[derive(Debug)]
enum Py {
    Str(String),
    Int(u64),
    Bool(bool),
    None,
    Seq(Vec<Py>),
    Dict(Vec<(Py, Py)>),
}

fn parse_header(s: &str) -> std::result::Result<HeaderInfo, String> {
    let mut p = Parser {
        s: s.as_bytes(),
        i: 0,
        depth: 0,
    };
    let value = p.value()?;
    p.ws();
    if p.i != p.s.len() {
        return Err(format!(
            "unexpected text after the .npy header's dict at byte {}",
            p.i
        ));
    }
    let Py::Dict(entries) = value else {
        return Err("the .npy header is not a dict".into());
    };
    let (mut descr, mut fortran, mut shape) = (None, None, None);
    for (k, v) in entries {
        let Py::Str(k) = k else {
            return Err("the .npy header has a key that is not a string".into());
        };
        match (k.as_str(), v) {
            ("descr", Py::Str(d)) => descr = Some(d),
            ("descr", other) => {
                return Err(format!(
                    "the .npy header's descr is {other:?}: structured dtypes have no ivy dtype"
                ));
            }
            ("fortran_order", Py::Bool(f)) => fortran = Some(f),
            ("shape", Py::Seq(dims)) => {
                let dims = dims
                    .into_iter()
                    .map(|d| match d {
                        Py::Int(n) => usize::try_from(n).ok(),
                        _ => None,
                    })
                    .collect::<Option<Vec<usize>>>()
                    .ok_or("the .npy header's shape is not a tuple of integers")?;
                shape = Some(dims);
            }
            (k, v) => return Err(format!("unexpected .npy header entry `{k}`: {v:?}")),
        }
    }
    match (descr, fortran, shape) {
        (Some(descr), Some(fortran_order), Some(shape)) => Ok(HeaderInfo {
            descr,
            fortran_order,
            shape,
        }),
        _ => Err("the .npy header needs descr, fortran_order and shape".into()),
    }
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
    depth: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn err<T>(&self, what: &str) -> std::result::Result<T, String> {
        Err(format!("bad .npy header at byte {}: {what}", self.i))
    }

    fn word(&mut self, w: &str, v: Py) -> std::result::Result<Py, String> {
        if self.s[self.i..].starts_with(w.as_bytes()) {
            self.i += w.len();
            Ok(v)
        } else {
            self.err("expected a Python literal")
        }
    }

    fn value(&mut self) -> std::result::Result<Py, String> {
        self.ws();
        match self.peek() {
            Some(b'{' | b'(' | b'[') => {
                if self.depth >= 16 {
                    return self.err("nested too deeply");
                }
                self.depth += 1;
                let open = self.s[self.i];
                self.i += 1;
                let v = if open == b'{' {
                    self.dict()
                } else {
                    self.seq(if open == b'(' { b')' } else { b']' })
                };
                self.depth -= 1;
                v
            }
            Some(q @ (b'\'' | b'"')) => self.string(q),
            Some(b'0'..=b'9') => self.int(),
            Some(b'T') => self.word("True", Py::Bool(true)),
            Some(b'F') => self.word("False", Py::Bool(false)),
            Some(b'N') => self.word("None", Py::None),
            Some(_) => self.err("expected a Python literal"),
            None => self.err("the header ends early"),
        }
    }

    fn string(&mut self, quote: u8) -> std::result::Result<Py, String> {
        self.i += 1;
        let mut out = Vec::new();
        loop {
            match self.peek() {
                None => return self.err("unterminated string"),
                Some(c) if c == quote => {
                    self.i += 1;
                    break;
                }
                Some(b'\\') => {
                    let Some(&c) = self.s.get(self.i + 1) else {
                        return self.err("unterminated string");
                    };
                    out.push(c);
                    self.i += 2;
                }
                Some(c) => {
                    out.push(c);
                    self.i += 1;
                }
            }
        }
        String::from_utf8(out)
            .map(Py::Str)
            .or_else(|_| self.err("a string is not UTF-8"))
    }

    fn int(&mut self) -> std::result::Result<Py, String> {
        let start = self.i;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.i += 1;
        }
        let text = std::str::from_utf8(&self.s[start..self.i]).unwrap_or("");
        let n: u64 = match text.parse() {
            Ok(n) => n,
            Err(_) => return self.err("an integer is too large"),
        };
        // Python 2 wrote long integers with an `L` suffix.
        if self.peek() == Some(b'L') {
            self.i += 1;
        }
        Ok(Py::Int(n))
    }

    fn seq(&mut self, close: u8) -> std::result::Result<Py, String> {
        let mut items = Vec::new();
        loop {
            self.ws();
            if self.peek() == Some(close) {
                self.i += 1;
                return Ok(Py::Seq(items));
            }
            items.push(self.value()?);
            self.ws();
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(c) if c == close => {}
                _ => return self.err("expected `,` or the end of a tuple"),
            }
        }
    }

    fn dict(&mut self) -> std::result::Result<Py, String> {
        let mut entries = Vec::new();
        loop {
            self.ws();
            if self.peek() == Some(b'}') {
                self.i += 1;
                return Ok(Py::Dict(entries));
            }
            let k = self.value()?;
            self.ws();
            if self.peek() != Some(b':') {
                return self.err("expected `:` in a dict");
            }
            self.i += 1;
            let v = self.value()?;
            entries.push((k, v));
            self.ws();
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(b'}') => {}
                _ => return self.err("expected `,` or `}` in a dict"),
            }
        }
    }
}

fn npy_error(op: &str, message: String) -> Error {
    Error::Io {
        op: op.into(),
        path: String::new(),
        message,
    }
}

/// NumPy's `.npy` format for one [`Array`] (the members of a `.npz`).
///
/// The format (NumPy's `numpy.lib.format`): the magic `\x93NUMPY`, a
/// version (1.0; 2.0 when the header is longer than 65535 bytes), the
/// header's length (2 bytes, or 4 from version 2.0, little-endian), the
/// header (a Python dict literal with the keys `descr`, `fortran_order` and
/// `shape`, padded with spaces and a newline so that the data starts at a
/// multiple of 64 bytes), then the elements.
///
/// dtypes map to NumPy's `descr` as `|b1`, `|i1`, `<i2`, `<i4`, `<i8`, `|u1`,
/// `<u2`, `<u4`, `<u8`, `<f2`, `<f4`, `<f8`, `<c8`, `<c16`. NumPy has no
/// `bfloat16`: writing one is an error (cast to `float32` first, which is
/// exact). Reading accepts versions 1.0, 2.0 and 3.0, both byte orders,
/// and `fortran_order: True` (the elements are reordered to row-major);
/// any other dtype (strings, objects, dates, structured) is an error.
impl Array {
    /// The array in NumPy's `.npy` format (what `numpy.save` writes and
    /// `numpy.load` reads). `bfloat16`, which NumPy lacks, is an error.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let x = ivy::array![[1, 2, 3], [4, 5, 6]];
    /// let npy = x.to_npy()?;
    /// assert_eq!(&npy[..8], b"\x93NUMPY\x01\x00");
    /// assert_eq!(npy.len(), 128 + 6 * 4); // a 64-byte aligned header, then the data
    /// assert!(std::str::from_utf8(&npy[10..128]).unwrap()
    ///     .starts_with("{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), }"));
    /// assert_eq!(ivy::Array::from_npy(&npy)?, x);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn to_npy(&self) -> Result<Vec<u8>> {
        encode(self).map_err(|m| npy_error("to_npy", m))
    }

    /// The array stored in `.npy` bytes, on the current backend. Bytes that
    /// are not a valid `.npy` file of an ivy dtype (truncated, a header
    /// whose shape does not match the data, an unknown dtype) are an
    /// [`Error::Io`], never a panic.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let npy = ivy::array![1.5, 2.5].to_npy()?;
    /// assert_eq!(ivy::Array::from_npy(&npy)?.to_vec::<f32>()?, vec![1.5, 2.5]);
    /// let err = ivy::Array::from_npy(&npy[..npy.len() - 1]).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "from_npy: the header says shape (2,) of float32 (8 bytes) but 7 bytes of data follow"
    /// );
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn from_npy(bytes: &[u8]) -> Result<Array> {
        decode(bytes).map_err(|m| npy_error("from_npy", m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Complex64, bf16};

    fn npy(header: &str, data: &[u8]) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&[1, 0]);
        out.extend_from_slice(&(header.len() as u16).to_le_bytes());
        out.extend_from_slice(header.as_bytes());
        out.extend_from_slice(data);
        out
    }

    #[test]
    fn headers_are_64_byte_aligned_and_numpy_shaped() {
        for (x, shape) in [
            (Array::scalar(1.0f64), "()"),
            (Array::from_vec(vec![1u8, 2, 3]), "(3,)"),
            (
                Array::from_shape_vec([2, 0, 1], Vec::<bool>::new()).unwrap(),
                "(2, 0, 1)",
            ),
        ] {
            let b = x.to_npy().unwrap();
            let hlen = usize::from(u16::from_le_bytes([b[8], b[9]]));
            assert_eq!((10 + hlen) % 64, 0);
            let header = std::str::from_utf8(&b[10..10 + hlen]).unwrap();
            assert!(header.ends_with('\n'));
            assert!(header.contains(&format!("'shape': {shape}, ")), "{header}");
            assert_eq!(Array::from_npy(&b).unwrap(), x);
        }
    }

    #[test]
    fn bfloat16_is_an_error_naming_the_fix() {
        let e = Array::from_vec(vec![bf16::ONE]).to_npy().unwrap_err();
        assert!(e.to_string().contains("cast it to float32"), "{e}");
    }

    #[test]
    fn fortran_order_and_big_endian_are_read() {
        // numpy.asfortranarray([[1, 2, 3], [4, 5, 6]], dtype='>i2')
        let data: Vec<u8> = [1i16, 4, 2, 5, 3, 6]
            .iter()
            .flat_map(|x| x.to_be_bytes())
            .collect();
        let b = npy(
            "{'descr': '>i2', 'fortran_order': True, 'shape': (2, 3), }\n",
            &data,
        );
        let x = Array::from_npy(&b).unwrap();
        assert_eq!(x.shape().dims(), &[2, 3]);
        assert_eq!(x.to_vec::<i16>().unwrap(), vec![1, 2, 3, 4, 5, 6]);
        // Python 2's long integers, and double quotes.
        let c = npy(
            "{\"descr\": \"<c16\", \"fortran_order\": False, \"shape\": (1L,)}",
            &[2.0f64.to_le_bytes(), 3.0f64.to_le_bytes()].concat(),
        );
        assert_eq!(
            Array::from_npy(&c).unwrap().to_vec::<Complex64>().unwrap(),
            vec![Complex64::new(2.0, 3.0)]
        );
    }

    #[test]
    fn lying_or_malformed_headers_are_errors() {
        let cases: Vec<(Vec<u8>, &str)> = vec![
            (b"\x93NUMPX\x01\x00".to_vec(), "no \\x93NUMPY magic"),
            (
                b"\x93NUMPY\x07\x00\x00\x00".to_vec(),
                "unsupported .npy version 7.0",
            ),
            (
                b"\x93NUMPY\x01\x00\xff".to_vec(),
                "ends inside its header length",
            ),
            (
                b"\x93NUMPY\x01\x00\xff\x00{".to_vec(),
                "the header length says 255 bytes",
            ),
            (
                npy(
                    "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }",
                    &[0; 8],
                ),
                "the header says shape (3,) of float32 (12 bytes) but 8 bytes of data follow",
            ),
            (
                npy(
                    "{'descr': '<U3', 'fortran_order': False, 'shape': (1,), }",
                    &[0; 12],
                ),
                "the NumPy dtype `<U3` has no ivy dtype",
            ),
            (
                npy(
                    "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (1,), }",
                    &[0; 4],
                ),
                "structured dtypes",
            ),
            (
                npy("{'descr': '<f4', 'shape': (1,), }", &[0; 4]),
                "needs descr, fortran_order and shape",
            ),
            (
                npy(
                    "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), 'x': 1}",
                    &[0; 4],
                ),
                "unexpected .npy header entry `x`",
            ),
            (
                npy(
                    "{'descr': '<f4', 'fortran_order': False, 'shape': ('a',), }",
                    &[0; 4],
                ),
                "not a tuple of integers",
            ),
            (
                npy(
                    "{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999,), }",
                    &[],
                ),
                "too large",
            ),
            (
                npy(
                    "{'descr': '<f4', 'fortran_order': False, 'shape': (4294967296, 4294967296, 4294967296), }",
                    &[],
                ),
                "too large",
            ),
            (
                npy(
                    "{'descr': '|b1', 'fortran_order': False, 'shape': (2,), }",
                    &[1, 5],
                ),
                "element 1 (bytes [5]) is not a valid bool",
            ),
            (
                npy(&format!("{}1{}", "(".repeat(40), ")".repeat(40)), &[]),
                "nested too deeply",
            ),
            (npy("{'descr': '<f4'", &[]), "expected `,` or `}` in a dict"),
            (npy("{'descr': ", &[]), "the header ends early"),
            (npy("{'descr': '<f4", &[]), "unterminated string"),
            (npy("[1, 2]", &[]), "not a dict"),
            (npy("{} x", &[]), "unexpected text after"),
        ];
        for (bytes, expected) in cases {
            let e = Array::from_npy(&bytes).unwrap_err().to_string();
            assert!(e.contains(expected), "{expected}: {e}");
        }
    }
}
