//! The elements of a host buffer as raw bytes and back: the layout of
//! NumPy's `.npy` and of safetensors (row-major, little-endian, `bool` as one
//! byte 0 or 1, a complex number as its real then its imaginary part).

use super::HostData;
use crate::dtype::{Complex32, Complex64, Dtype, Element, bf16, f16};

/// An element with a fixed-size byte form.
trait Raw: Element {
    /// Append the little-endian bytes.
    fn put(self, out: &mut Vec<u8>);
    /// Read one element from exactly `size_of::<Self>()` bytes; `None` if
    /// the bytes are not a valid element (a `bool` byte other than 0 or 1).
    fn get(b: &[u8], big_endian: bool) -> Option<Self>;
}

macro_rules! raw_prim {
    ($($t:ty),*) => {$(
        impl Raw for $t {
            #[inline]
            fn put(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
            #[inline]
            fn get(b: &[u8], big_endian: bool) -> Option<$t> {
                let a = b.try_into().ok()?;
                Some(if big_endian { <$t>::from_be_bytes(a) } else { <$t>::from_le_bytes(a) })
            }
        }
    )*};
}

raw_prim!(i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);

impl Raw for bool {
    #[inline]
    fn put(self, out: &mut Vec<u8>) {
        out.push(u8::from(self));
    }
    #[inline]
    fn get(b: &[u8], _big_endian: bool) -> Option<bool> {
        match b {
            [0] => Some(false),
            [1] => Some(true),
            _ => None,
        }
    }
}

macro_rules! raw_complex {
    ($($t:ty => $part:ty),*) => {$(
        impl Raw for $t {
            #[inline]
            fn put(self, out: &mut Vec<u8>) {
                self.re.put(out);
                self.im.put(out);
            }
            #[inline]
            fn get(b: &[u8], big_endian: bool) -> Option<$t> {
                let half = std::mem::size_of::<$part>();
                if b.len() != 2 * half {
                    return None;
                }
                let re = <$part>::get(&b[..half], big_endian)?;
                let im = <$part>::get(&b[half..], big_endian)?;
                Some(<$t>::new(re, im))
            }
        }
    )*};
}

raw_complex!(Complex32 => f32, Complex64 => f64);

/// Bytes per element of `dtype`.
pub(crate) fn item_size(dtype: Dtype) -> usize {
    crate::with_dtype!(dtype, T => std::mem::size_of::<T>())
}

/// The elements as little-endian bytes, in order.
pub(crate) fn to_le_bytes(host: &HostData) -> Vec<u8> {
    crate::with_host_data!(host, b, T => {
        let s = b.as_slice();
        let mut out = Vec::with_capacity(std::mem::size_of_val(s));
        for &x in s {
            x.put(&mut out);
        }
        out
    })
}

/// The elements of `dtype` stored in `bytes` (little-endian unless
/// `big_endian`), or why they are not: a length that is not a whole number
/// of elements, or an invalid `bool` byte.
pub(crate) fn from_bytes(dtype: Dtype, bytes: &[u8], big_endian: bool) -> Result<HostData, String> {
    crate::with_dtype!(dtype, T => {
        let size = std::mem::size_of::<T>();
        if !bytes.len().is_multiple_of(size) {
            return Err(format!(
                "{} bytes are not a whole number of {dtype} elements ({size} bytes each)",
                bytes.len()
            ));
        }
        let mut v: Vec<T> = Vec::with_capacity(bytes.len() / size);
        for (i, chunk) in bytes.chunks_exact(size).enumerate() {
            match <T as Raw>::get(chunk, big_endian) {
                Some(x) => v.push(x),
                None => {
                    return Err(format!(
                        "element {i} (bytes {chunk:?}) is not a valid {dtype}"
                    ));
                }
            }
        }
        Ok(HostData::from(v))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_dtype_round_trips_through_its_bytes() {
        for dtype in Dtype::ALL {
            let host = crate::with_dtype!(dtype, T => HostData::from(
                (0..5).map(|i| T::from_i128(i * 37 - 70)).collect::<Vec<T>>()
            ));
            let bytes = to_le_bytes(&host);
            assert_eq!(bytes.len(), 5 * item_size(dtype));
            let back = from_bytes(dtype, &bytes, false).unwrap();
            crate::with_host_data!(&host, b, T => assert_eq!(back.as_slice::<T>(), Some(b.as_slice())));
        }
    }

    #[test]
    fn known_layouts() {
        let h = HostData::from(vec![1u16, 0x0203]);
        assert_eq!(to_le_bytes(&h), [1, 0, 3, 2]);
        let c = HostData::from(vec![Complex32::new(1.0, -2.0)]);
        assert_eq!(
            to_le_bytes(&c),
            [1.0f32.to_le_bytes(), (-2.0f32).to_le_bytes()].concat()
        );
        let be = from_bytes(Dtype::Int32, &[0, 0, 1, 2], true).unwrap();
        assert_eq!(be.as_slice::<i32>(), Some(&[0x0102][..]));
        let be = from_bytes(Dtype::Complex64, &[63, 128, 0, 0, 192, 0, 0, 0], true).unwrap();
        assert_eq!(
            be.as_slice::<Complex32>(),
            Some(&[Complex32::new(1.0, -2.0)][..])
        );
    }

    #[test]
    fn bad_bytes_are_errors() {
        assert_eq!(
            from_bytes(Dtype::Bool, &[0, 1, 2], false).unwrap_err(),
            "element 2 (bytes [2]) is not a valid bool"
        );
        assert!(
            from_bytes(Dtype::Float32, &[0; 7], false)
                .unwrap_err()
                .contains("7 bytes are not a whole number of float32 elements")
        );
    }
}
