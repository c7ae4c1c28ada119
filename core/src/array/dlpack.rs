//! DLPack, the tensor interchange format of the Array API standard:
//! [`from_dlpack`] reads a managed tensor of any producer (PyTorch, JAX,
//! NumPy through a Python binding, or another Rust crate) into a copy,
//! [`from_dlpack_shared`] keeps the producer's memory instead where the
//! layout allows, and [`Array::to_dlpack`] hands an array to a consumer
//! without copying it. All use the [`dlpark`] crate's handles.

use super::{Array, Data, HostData, bytes};
use crate::backend::current_backend;
use crate::dtype::Dtype;
use crate::error::{Error, Result};
use crate::shape::Shape;
use dlpark::ffi::{
    DLDataType, DLDataTypeCode, DLDevice, DLDeviceType, DLManagedTensor, DLManagedTensorVersioned,
};
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
    let (dtype, shape) = describe(tensor)?;
    let t = tensor.tensor();
    let dl_err =
        |e: dlpark::tensor::Error| Error::invalid(OP, format!("malformed DLPack tensor: {e}"));
    let dims = tensor.shape().map_err(dl_err)?;
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

/// The dtype and shape of a DLPack tensor in host memory (an error naming
/// what ivy cannot read otherwise).
fn describe<M: ManagedTensorBase>(tensor: &ManagedBox<M>) -> Result<(Dtype, Shape)> {
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
    let dims = tensor
        .shape()
        .map_err(|e| Error::invalid(OP, format!("malformed DLPack tensor: {e}")))?;
    let shape: Vec<usize> = dims
        .iter()
        .map(|&d| usize::try_from(d))
        .collect::<std::result::Result<_, _>>()
        .map_err(|_| Error::invalid(OP, format!("negative extent in DLPack shape {dims:?}")))?;
    Ok((dtype, Shape::from(shape)))
}

/// What keeps an imported tensor's memory alive: its handle, whose
/// producer's deleter runs when the last array sharing it is dropped.
struct Imported<M: ManagedTensorBase> {
    _handle: ManagedBox<M>,
}

// SAFETY: the handle is only dropped (its deleter called, which DLPack lets
// any thread do; NumPy's and PyTorch's take the interpreter lock), never
// read through after the import.
unsafe impl<M: ManagedTensorBase> Send for Imported<M> {}
// SAFETY: as for `Send`: no `&Imported` is ever used.
unsafe impl<M: ManagedTensorBase> Sync for Imported<M> {}

/// An array of the current backend that keeps a DLPack tensor's memory as
/// its storage, without copying it (the standard's `from_dlpack` with
/// `copy=False`), or with `copy` the same as [`from_dlpack`]:
///
/// - `Some(true)`: a copy;
/// - `None`: the tensor's memory where it can be shared, else a copy;
/// - `Some(false)`: the tensor's memory, or an error saying why it cannot
///   be shared.
///
/// Memory can be shared when it is in host memory, row-major and
/// contiguous, aligned for the dtype, in little-endian byte order, a `bool`
/// tensor's bytes are each 0 or 1, and the current backend keeps host
/// elements as they are (ndarray does; candle copies into its own storage).
/// The producer's deleter runs when the last array sharing the memory is
/// dropped.
///
/// # Safety
/// Nothing may write the tensor's elements while an array made from it
/// lives (ivy arrays are immutable, and kernels read them from several
/// threads): a writable NumPy array that was shared must not be written
/// meanwhile. The tensor must satisfy DLPack's contract, as for
/// [`from_dlpack`].
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::array![[1.0f32, 2.0], [3.0, 4.0]];
/// let t = x.to_dlpack()?;
/// let at = t.tensor().data;
/// // SAFETY: the tensor is ivy's own read-only export.
/// let y = unsafe { ivy::from_dlpack_shared(t, Some(false)) }?;
/// assert_eq!(y, x);
/// assert_eq!(y.to_host()?.as_slice::<f32>().map(|s| s.as_ptr().cast()), Some(at.cast_const()));
/// # Ok::<(), ivy::Error>(())
/// ```
pub unsafe fn from_dlpack_shared<M: ManagedTensorBase + 'static>(
    tensor: ManagedBox<M>,
    copy: Option<bool>,
) -> Result<Array> {
    if copy == Some(true) {
        return from_dlpack(&tensor);
    }
    let (dtype, shape) = describe(&tensor)?;
    if shape.size() == 0 {
        // No elements to share.
        return from_dlpack(&tensor);
    }
    if let Err(why) = unshareable(&tensor, dtype) {
        if copy == Some(false) {
            return Err(Error::invalid(
                OP,
                format!("copy=False, but the tensor's memory cannot be shared: {why}"),
            ));
        }
        return from_dlpack(&tensor);
    }
    let start = tensor
        .tensor()
        .data
        .cast::<u8>()
        .wrapping_add(tensor.tensor().byte_offset as usize);
    let n = shape.size();
    let owner: Box<dyn std::any::Any + Send + Sync> = Box::new(Imported { _handle: tensor });
    let host = crate::with_dtype!(dtype, T => {
        // SAFETY: `unshareable` checked that `start` is non-null and aligned
        // for `T` and that the `n` elements are contiguous and valid `T`s;
        // the producer keeps them alive until the owner's deleter runs, and
        // the caller promises nothing writes them.
        let ptr = unsafe { std::ptr::NonNull::new_unchecked(start.cast::<T>()) };
        <T as crate::dtype::Element>::wrap(unsafe { super::Buffer::from_foreign(ptr, n, owner) })
    });
    let entry = current_backend();
    let first = host.clone();
    let out = entry.backend().array_from_host(entry, shape, host)?;
    let kept = matches!(out.data(), Data::Host(h) if h.ptr_eq(&first));
    if !kept && copy == Some(false) {
        return Err(Error::invalid(
            OP,
            format!(
                "copy=False, but the {} backend keeps arrays in its own memory",
                entry.backend().name()
            ),
        ));
    }
    Ok(out)
}

/// Why a DLPack tensor's memory cannot be the storage of an array, if it
/// cannot (see [`from_dlpack_shared`]).
fn unshareable<M: ManagedTensorBase>(
    tensor: &ManagedBox<M>,
    dtype: Dtype,
) -> std::result::Result<(), String> {
    let t = tensor.tensor();
    if t.device.device_type != DLDeviceType::CPU {
        return Err("it is not plain CPU memory".into());
    }
    if cfg!(target_endian = "big") {
        return Err(
            "ivy's arrays are little-endian in DLPack terms only on little-endian targets".into(),
        );
    }
    let dims = tensor.shape().map_err(|e| e.to_string())?;
    let n: usize = dims.iter().map(|&d| d as usize).product();
    let align = crate::with_dtype!(dtype, T => std::mem::align_of::<T>());
    let start = t.data.cast::<u8>().wrapping_add(t.byte_offset as usize);
    if t.data.is_null() {
        return Err("its data pointer is null".into());
    }
    if !(start as usize).is_multiple_of(align) {
        return Err(format!("its data pointer is not aligned for {dtype}"));
    }
    if let Some(s) = tensor.strides().map_err(|e| e.to_string())? {
        let compact = row_major(dims);
        let same = dims
            .iter()
            .zip(s.iter().zip(&compact))
            .all(|(&d, (&a, &b))| d <= 1 || a == b);
        if !same {
            return Err(format!(
                "its strides {s:?} are not row-major contiguous for shape {dims:?}"
            ));
        }
    }
    if dtype == Dtype::Bool {
        // SAFETY: the producer's contract: `n` initialised bytes at `start`.
        let b = unsafe { std::slice::from_raw_parts(start, n) };
        if b.iter().any(|&v| v > 1) {
            return Err("a bool element is neither 0 nor 1".into());
        }
    }
    Ok(())
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
        self.export::<DLManagedTensorVersioned>(host, DlpackFlags::READ_ONLY)
    }

    /// The array as a legacy (pre-1.0, unversioned) DLPack tensor, for
    /// consumers that do not ask for a version (`__dlpack__()` without
    /// `max_version`). A legacy tensor cannot say it is read-only, so it
    /// holds a copy of the elements that the consumer may write.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let x = ivy::array![1u8, 2, 3];
    /// let t = x.to_dlpack_legacy()?;
    /// assert_eq!(ivy::from_dlpack(&t)?, x);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn to_dlpack_legacy(&self) -> Result<dlpark::legacy::Dlpack> {
        let host = self.to_host()?;
        let copy = crate::with_host_data!(&host, b, T =>
            <T as crate::dtype::Element>::wrap(super::Buffer::from_vec(b.as_slice().to_vec())));
        self.export::<DLManagedTensor>(copy, DlpackFlags::empty())
    }

    /// The array as a legacy DLPack tensor over its own storage, without a
    /// copy (for a consumer that asks for no copy, `__dlpack__(copy=False)`
    /// without `max_version`).
    ///
    /// # Safety
    /// The consumer must not write the elements: they are the storage of
    /// this array and of every array sharing it, and a legacy tensor cannot
    /// carry the read-only flag that says so.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let x = ivy::array![1.0f64, 2.0];
    /// // SAFETY: the tensor is only read.
    /// let t = unsafe { x.to_dlpack_legacy_shared() }?;
    /// let theirs = t.tensor().data.cast::<f64>().cast_const();
    /// assert_eq!(x.to_host()?.as_slice::<f64>().map(<[f64]>::as_ptr), Some(theirs));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub unsafe fn to_dlpack_legacy_shared(&self) -> Result<dlpark::legacy::Dlpack> {
        let host = match self.data() {
            Data::Host(h) => h.clone(),
            Data::Native(_) => self.to_host()?,
        };
        self.export::<DLManagedTensor>(host, DlpackFlags::empty())
    }

    /// A DLPack tensor over `host` (this array's elements) with `flags`.
    fn export<M: ManagedTensorBase>(
        &self,
        host: HostData,
        flags: DlpackFlags,
    ) -> Result<ManagedBox<M>> {
        let data =
            crate::with_host_data!(&host, b, T => b.as_slice().as_ptr().cast::<u8>().cast_mut());
        let dims: Vec<i64> = self.shape().dims().iter().map(|&d| d as i64).collect();
        let strides = row_major(&dims);
        let dtype = dl_dtype(host.dtype());
        let err = |e: String| Error::invalid("to_dlpack", e);
        // SAFETY: `data` points to the buffer the context keeps alive until
        // the deleter runs (a shared, immutable buffer: nothing writes to it,
        // and the tensor is flagged read-only; or a copy only the tensor
        // holds), holding `shape.size()` initialised elements of `dtype` in
        // row-major order.
        let builder = unsafe {
            Builder::new(
                Box::new(Exported { _storage: host }),
                CopiedSlice::new(dims, strides),
            )
            .data(data.cast())
        }
        .device(DLDevice::CPU)
        .dtype(dtype)
        .insert_flags(flags)
        .map_err(|e| err(e.to_string()))?;
        builder.try_build::<M>().map_err(|e| err(e.to_string()))
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
