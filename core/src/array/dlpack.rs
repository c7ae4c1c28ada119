//! DLPack, the tensor interchange format of the Array API standard:
//! [`from_dlpack`] reads a managed tensor of any producer (PyTorch, JAX,
//! NumPy through a Python binding, or another Rust crate), and
//! [`Array::to_dlpack`] hands an array to a consumer without copying it.
//! Both use the [`dlpark`] crate's safe handles.

use super::{Array, Data, HostData, bytes};
use crate::backend::current_backend;
use crate::dtype::Dtype;
use crate::error::{Error, Result};
use crate::shape::Shape;
use dlpark::ffi::{DLDataType, DLDataTypeCode, DLDevice, DLDeviceType, DLManagedTensorVersioned};
use dlpark::metadata::CopiedSlice;
use dlpark::{Builder, DlpackFlags, ManagedBox, ManagedTensorBase};

const OP: &str = "from_dlpack";

/// The DLPack descriptor of a dtype.
fn dl_dtype(dtype: Dtype) -> DLDataType {
    let bits = (bytes::item_size(dtype) * 8) as u8;
    let code = match dtype {
        Dtype::Bool => DLDataTypeCode::BOOL,
        Dtype::Int8 | Dtype::Int16 | Dtype::Int32 | Dtype::Int64 => DLDataTypeCode::INT,
        Dtype::UInt8 | Dtype::UInt16 | Dtype::UInt32 | Dtype::UInt64 => DLDataTypeCode::UINT,
        Dtype::BFloat16 => DLDataTypeCode::BFLOAT,
        Dtype::Float16 | Dtype::Float32 | Dtype::Float64 => DLDataTypeCode::FLOAT,
        Dtype::Complex64 | Dtype::Complex128 => DLDataTypeCode::COMPLEX,
    };
    DLDataType::scalar(code, bits)
}

/// The dtype a DLPack descriptor stands for, if ivy has it.
fn ivy_dtype(t: DLDataType) -> Result<Dtype> {
    Dtype::ALL
        .into_iter()
        .find(|&d| dl_dtype(d).matches(t))
        .ok_or_else(|| {
            Error::invalid(
                OP,
                format!(
                    "DLPack dtype (code {}, {} bits, {} lanes) has no ivy dtype",
                    t.code.0, t.bits, t.lanes
                ),
            )
        })
}

/// An array of the current backend holding a copy of the elements of a
/// DLPack tensor (the standard's `from_dlpack` with `copy=True`): any of
/// ivy's 15 dtypes, any strides (negative too), CPU memory (including
/// pinned host memory). A tensor in device memory, of another dtype, or with
/// a malformed shape is an error naming it.
///
/// ivy copies rather than borrows: an array's storage is ivy's own
/// reference-counted buffer, and the producer's deleter runs when the
/// handle is dropped, so the array never refers to memory another framework
/// may free or write.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::array![[1.0f64, 2.0], [3.0, 4.0]];
/// let handle = x.to_dlpack()?;
/// let y = ivy::from_dlpack(&handle)?;
/// assert_eq!(y, x);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn from_dlpack<M: ManagedTensorBase>(tensor: &ManagedBox<M>) -> Result<Array> {
    let t = tensor.tensor();
    let host_memory = [
        DLDeviceType::CPU,
        DLDeviceType::CUDAHOST,
        DLDeviceType::ROCMHOST,
    ];
    if !host_memory.contains(&t.device.device_type) {
        return Err(Error::invalid(
            OP,
            format!(
                "the tensor is in device memory (DLPack device type {}, id {}); ivy reads host memory only",
                t.device.device_type.0, t.device.device_id
            ),
        ));
    }
    let dtype = ivy_dtype(t.dtype)?;
    let dl_err =
        |e: dlpark::tensor::Error| Error::invalid(OP, format!("malformed DLPack tensor: {e}"));
    let dims = tensor.shape().map_err(dl_err)?;
    let shape: Vec<usize> = dims
        .iter()
        .map(|&d| usize::try_from(d))
        .collect::<std::result::Result<_, _>>()
        .map_err(|_| Error::invalid(OP, format!("negative extent in DLPack shape {dims:?}")))?;
    let shape = Shape::from(shape);
    let n = shape.size();
    let size = bytes::item_size(dtype);
    let mut out = Vec::with_capacity(n * size);
    if n > 0 {
        if t.data.is_null() {
            return Err(Error::invalid(
                OP,
                "the DLPack tensor has a null data pointer",
            ));
        }
        let strides: Vec<i64> = match tensor.strides().map_err(dl_err)? {
            Some(s) => s.to_vec(),
            None => row_major(dims),
        };
        // Byte offsets of the first and last element reached, to check the
        // span before reading it.
        let (mut lo, mut hi) = (0i128, 0i128);
        for (&d, &s) in dims.iter().zip(&strides) {
            let reach = i128::from(d - 1) * i128::from(s) * size as i128;
            if reach < 0 {
                lo += reach;
            } else {
                hi += reach;
            }
        }
        let base = t.byte_offset as i128;
        if base + lo < 0 || base + hi + size as i128 > isize::MAX as i128 {
            return Err(Error::invalid(
                OP,
                "the DLPack strides reach outside the address space",
            ));
        }
        let start = t.data.cast::<u8>();
        let mut index = vec![0usize; dims.len()];
        for _ in 0..n {
            let off: i128 = base
                + index
                    .iter()
                    .zip(&strides)
                    .map(|(&i, &s)| i as i128 * i128::from(s) * size as i128)
                    .sum::<i128>();
            // SAFETY: the managed tensor's contract (upheld by its producer
            // and by `ManagedBox`) is that data + byte_offset, read with
            // these shape, strides and dtype, addresses initialised elements
            // that stay valid while the handle lives; `off` is such an
            // element's offset, checked above to stay in the address space.
            let elem = unsafe { std::slice::from_raw_parts(start.offset(off as isize), size) };
            out.extend_from_slice(elem);
            for axis in (0..index.len()).rev() {
                index[axis] += 1;
                if index[axis] < shape.dims()[axis] {
                    break;
                }
                index[axis] = 0;
            }
        }
    }
    let host = bytes::from_bytes(dtype, &out, cfg!(target_endian = "big"))
        .map_err(|e| Error::invalid(OP, e))?;
    let entry = current_backend();
    entry.backend().array_from_host(entry, shape, host)
}

/// Row-major strides (in elements) of a shape.
fn row_major(dims: &[i64]) -> Vec<i64> {
    let mut s = vec![1i64; dims.len()];
    for i in (0..dims.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1] * dims[i + 1].max(1);
    }
    s
}

/// What keeps an exported array's elements alive: its host storage, shared
/// (a clone of the reference-counted buffer).
struct Exported {
    _storage: HostData,
}

impl Array {
    /// The array as a DLPack tensor, without copying host elements: the
    /// tensor holds a reference to the array's storage, read-only (the
    /// `READ_ONLY` flag is set, as ivy arrays are immutable), released when
    /// the consumer calls its deleter. Arrays of a backend that keeps them in
    /// its own memory (candle) are copied to the host first.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let x = ivy::array![[1i32, 2, 3], [4, 5, 6]];
    /// let t = x.to_dlpack()?;
    /// assert_eq!(t.shape().map_err(|e| ivy::Error::invalid("to_dlpack", e.to_string()))?, &[2, 3]);
    /// assert!(t.flags().contains(ivy::dlpark::DlpackFlags::READ_ONLY));
    /// assert_eq!(ivy::from_dlpack(&t)?, x);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn to_dlpack(&self) -> Result<dlpark::versioned::Dlpack> {
        let host = match self.data() {
            Data::Host(h) => h.clone(),
            Data::Native(_) => self.to_host()?,
        };
        let data =
            crate::with_host_data!(&host, b, T => b.as_slice().as_ptr().cast::<u8>().cast_mut());
        let dims: Vec<i64> = self.shape().dims().iter().map(|&d| d as i64).collect();
        let strides = row_major(&dims);
        let dtype = dl_dtype(host.dtype());
        let err = |e: String| Error::invalid("to_dlpack", e);
        // SAFETY: `data` points to the buffer the context keeps alive until
        // the deleter runs (a shared, immutable buffer: nothing writes to it,
        // and the tensor is flagged read-only), holding `shape.size()`
        // initialised elements of `dtype` in row-major order.
        let builder = unsafe {
            Builder::new(
                Box::new(Exported { _storage: host }),
                CopiedSlice::new(dims, strides),
            )
            .data(data.cast())
        }
        .device(DLDevice::CPU)
        .dtype(dtype)
        .insert_flags(DlpackFlags::READ_ONLY)
        .map_err(|e| err(e.to_string()))?;
        builder
            .try_build::<DLManagedTensorVersioned>()
            .map_err(|e| err(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dtype::Element;

    #[test]
    fn every_dtype_round_trips() {
        for dtype in Dtype::ALL {
            let host = crate::with_dtype!(dtype, T => HostData::from(
                (0..6).map(|i| T::from_i128(i * 3 - 7)).collect::<Vec<T>>()
            ));
            let x = Array::from_host(current_backend(), Shape::from([2, 3]), host).unwrap();
            let t = x.to_dlpack().unwrap();
            assert!(t.tensor().dtype.matches(dl_dtype(dtype)), "{dtype}");
            let y = from_dlpack(&t).unwrap();
            assert_eq!(y.dtype(), dtype);
            assert_eq!(y.shape(), x.shape());
            assert_eq!(
                bytes::to_le_bytes(&y.to_host().unwrap()),
                bytes::to_le_bytes(&x.to_host().unwrap())
            );
        }
    }

    #[test]
    fn export_shares_the_buffer() {
        let x = Array::from_vec(vec![1.5f32, 2.5]);
        let t = x.to_dlpack().unwrap();
        assert_eq!(
            t.tensor().data.cast::<f32>().cast_const(),
            x.as_slice::<f32>().unwrap().as_ptr()
        );
        drop(x);
        // The tensor keeps the storage alive after the array is gone.
        assert_eq!(t.cpu_data_slice::<f32>().unwrap(), &[1.5, 2.5]);
    }
}
