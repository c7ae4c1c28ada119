//! The candle backend of ivy: kernels over [`candle_core`] tensors.
//!
//! Arrays of this backend hold a [`candle_core::Tensor`] (an
//! [`ivy::Data::Native`] array) and ops run candle's own kernels on it, on
//! the CPU. Linking this crate registers the backend under the name
//! `"candle"`; the facade crate `ivy` links it with its cargo feature
//! `candle`.
//!
//! # Dtypes
//!
//! candle has `u8`, `u32`, `i16`, `i32` (both since 0.9.2), `i64` (since
//! 0.2), `bf16`, `f16`, `f32` and `f64` (and float8 formats ivy has no dtype
//! for). So on candle `int8`, `uint16`, `uint64` and the complex dtypes are
//! not valid: making such an array there is an error. `bool` is valid, held
//! as a `u8` tensor of 0 and 1 (candle's comparisons return such masks), and
//! read back as `bool`.
//!
//! Each kernel declares the dtypes it runs in a table keyed by candle's
//! version, next to its code. The tables stop every call candle would answer
//! with a `todo!()` panic (its float ops on integers), an error, or a hang
//! (`f8e4m3` to `f64`, unreachable here since ivy has no float8 dtype)
//! before it reaches candle; what is left (integer overflow in debug builds,
//! integer division by zero) is caught by ivy's kernel guard and returned as
//! [`ivy::Error::KernelPanic`].
//!
//! # Interop
//!
//! [`from_tensor`] wraps a tensor as an array without copying, and
//! [`ToTensor::to_tensor`] returns an array's tensor (a clone of its `Arc`
//! when the array is native; host arrays are copied in).
//! [`ivy::Array::to_backend`] moves an array between backends by copying.
//!
//! ```
//! # extern crate ivy_candle; extern crate ivy_ndarray;
//! # extern crate ivy_core as ivy;
//! use ivy_candle::ToTensor;
//! let t = candle_core::Tensor::new(&[1.0f32, 2.0, 3.0], &candle_core::Device::Cpu).unwrap();
//! let x = ivy_candle::from_tensor(t.clone())?; // no copy
//! assert_eq!(x.backend().name(), "candle");
//! let y = ivy::exp(&x)?; // candle's kernel
//! let back = y.to_tensor()?; // no copy either
//! assert_eq!(back.to_vec1::<f32>().unwrap()[0], 1.0f32.exp());
//! // Ops never mix backends: convert explicitly.
//! let z = ivy::array![1.0f32, 1.0, 1.0]; // on ndarray, the default
//! assert!(ivy::add(&x, &z).is_err());
//! let sum = ivy::add(&x, &z.to_backend("candle")?)?;
//! assert_eq!(sum.to_vec::<f32>()?, vec![2.0, 3.0, 4.0]);
//! # Ok::<(), ivy::Error>(())
//! ```

#![warn(missing_docs)]

extern crate ivy_core as ivy;

mod creation;
mod data_type;
mod elementwise;
mod indexing;
mod layers;
mod linear_algebra;
mod manipulation;
mod math;
mod random;
mod searching;
mod sorting;
mod statistical;
mod tensor;
mod utility;

use candle_core::Tensor;
use ivy::backend::{BackendBase, BackendEntry};
use ivy::{Array, Device, Dtype, DtypeSet, Error, HostData, Result, Shape};

/// The version of `candle-core` the kernels are built and tested against;
/// the dtype tables are resolved for it. (A test checks it against
/// `Cargo.lock`.)
pub const CANDLE_VERSION: &str = "0.11.1";

/// The candle backend.
///
/// ```
/// # extern crate ivy_candle;
/// # extern crate ivy_core as ivy;
/// use ivy::backend::BackendBase;
/// assert_eq!(ivy_candle::CandleBackend.name(), "candle");
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct CandleBackend;

ivy::register_backend! {
    /// The registered entry of the candle backend.
    pub static CANDLE: CandleBackend = CandleBackend;
    kernels: [
        creation, data_type, elementwise, indexing, layers, linear_algebra, manipulation, random, searching, sorting, statistical,
        utility,
    ];
}

/// Dtypes valid on every candle release: `bool` (as a `u8` mask), `uint8`,
/// `uint32` and the four floats.
const BASE: DtypeSet = DtypeSet::of(&[
    Dtype::Bool,
    Dtype::UInt8,
    Dtype::UInt32,
    Dtype::BFloat16,
    Dtype::Float16,
    Dtype::Float32,
    Dtype::Float64,
]);

/// The valid dtypes per candle version: `i64` arrived in 0.2.0, `i16` and
/// `i32` in 0.9.2 (0.9.2-alpha.2 among the pre-releases).
const VALID: &[(&str, DtypeSet)] = &[
    ("0.1.2 and below", BASE),
    ("0.2.0 to 0.9.1", BASE.union(DtypeSet::of(&[Dtype::Int64]))),
    (
        "0.9.2 and above",
        BASE.union(DtypeSet::of(&[Dtype::Int16, Dtype::Int32, Dtype::Int64])),
    ),
];

impl BackendBase for CandleBackend {
    fn name(&self) -> &'static str {
        "candle"
    }

    fn version(&self) -> &'static str {
        CANDLE_VERSION
    }

    fn valid_dtypes_table(&self) -> &'static [(&'static str, DtypeSet)] {
        VALID
    }

    /// The CPU, and with the `cuda` feature CUDA device 0 (`gpu:n` for any
    /// `n` candle can open is accepted by the creation ops).
    fn devices(&self) -> &'static [Device] {
        if cfg!(feature = "cuda") {
            &[Device::Cpu, Device::Gpu(0)]
        } else {
            &[Device::Cpu]
        }
    }

    fn native_dtype_name(&self, dtype: Dtype) -> Option<&'static str> {
        tensor::candle_dtype(dtype).map(|d| d.as_str())
    }

    fn to_host(&self, x: &Array) -> Result<HostData> {
        if let Some(h) = x.host() {
            return Ok(h.clone());
        }
        let t = tensor::native(x).ok_or_else(|| {
            Error::invalid("to_host", "the candle backend got another backend's tensor")
        })?;
        tensor::to_host("to_host", t, x.dtype())
    }

    fn array_from_host(
        &self,
        entry: &'static BackendEntry,
        shape: Shape,
        data: HostData,
    ) -> Result<Array> {
        let _ = entry;
        let t = tensor::host_tensor("to_backend", &shape, &data)?;
        Ok(tensor::wrap(t, data.dtype()))
    }

    /// Rust data (`asarray`, `array!`) becomes a tensor once, at creation,
    /// so ops on it run candle's kernels on the tensor as on any other
    /// (the dtypes candle lacks stay host data, which its ops refuse).
    fn native_from_host(
        &self,
        entry: &'static BackendEntry,
        shape: &Shape,
        data: &HostData,
    ) -> Option<Array> {
        let _ = entry;
        let t = tensor::host_tensor("asarray", shape, data).ok()?;
        Some(tensor::wrap(t, data.dtype()))
    }
}

/// The candle dtype an ivy dtype is held as on this backend (Ivy's
/// `as_native_dtype`): `bool` is held as `u8`; the dtypes candle lacks
/// (`int8`, `uint16`, `uint64`, complex) are [`Error::UnsupportedDtype`].
///
/// ```
/// # extern crate ivy_candle;
/// # extern crate ivy_core as ivy;
/// use ivy_candle::candle_core::DType;
/// assert_eq!(ivy_candle::as_native_dtype(ivy::Dtype::BFloat16)?, DType::BF16);
/// assert!(ivy_candle::as_native_dtype(ivy::Dtype::UInt16).is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn as_native_dtype(dtype: Dtype) -> Result<candle_core::DType> {
    let valid = CANDLE.valid_dtypes();
    match tensor::candle_dtype(dtype) {
        Some(d) if valid.contains(dtype) => Ok(d),
        _ => Err(Error::UnsupportedDtype {
            op: "as_native_dtype".into(),
            dtypes: ivy::DtypeList(vec![dtype]),
            backend: "candle".into(),
            version: CANDLE_VERSION.into(),
            supported: valid,
        }),
    }
}

/// The ivy dtype of a candle dtype (Ivy's `as_ivy_dtype`): `u8` is
/// `uint8`; the float8 and narrower formats, which ivy has no dtype for,
/// are an error naming them.
///
/// ```
/// # extern crate ivy_candle;
/// # extern crate ivy_core as ivy;
/// use ivy_candle::candle_core::DType;
/// assert_eq!(ivy_candle::as_ivy_dtype(DType::I64)?, ivy::Dtype::Int64);
/// assert!(ivy_candle::as_ivy_dtype(DType::F8E4M3).is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn as_ivy_dtype(dtype: candle_core::DType) -> Result<Dtype> {
    tensor::ivy_dtype(dtype).ok_or_else(|| {
        Error::invalid(
            "as_ivy_dtype",
            format!("candle's {} has no ivy dtype", dtype.as_str()),
        )
    })
}

/// An array of the candle backend holding `t`, without copying (the array
/// shares the tensor's storage). Its dtype is the tensor's: `u8` is
/// `uint8` (use [`ivy::astype`] for `bool`). Tensors of dtypes ivy has no
/// dtype for (the float8 formats) are an error.
///
/// ```
/// # extern crate ivy_candle;
/// # extern crate ivy_core as ivy;
/// let t = candle_core::Tensor::new(&[[1i64, 2], [3, 4]], &candle_core::Device::Cpu).unwrap();
/// let x = ivy_candle::from_tensor(t)?;
/// assert_eq!(x.dtype(), ivy::Dtype::Int64);
/// assert_eq!(x.shape().dims(), &[2, 2]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn from_tensor(t: Tensor) -> Result<Array> {
    if !t.device().is_cpu() {
        return Err(Error::UnsupportedDevice {
            op: "from_tensor".into(),
            device: format!("{:?}", t.device().location()),
            backend: "candle".into(),
        });
    }
    tensor::out("from_tensor", t)
}

/// Arrays as candle tensors.
pub trait ToTensor {
    /// The array as a candle tensor. A native candle array gives its own
    /// tensor (a clone of an `Arc`: no copy); a host array (of any backend)
    /// is copied into a new tensor. `bool` arrays give `u8` tensors of 0
    /// and 1; dtypes candle lacks (`int8`, `uint16`, `uint64`, complex) are
    /// an error.
    ///
    /// ```
    /// # extern crate ivy_candle; extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// use ivy_candle::ToTensor;
    /// let x = ivy::array![true, false];
    /// let t = x.to_tensor()?;
    /// assert_eq!(t.dtype(), candle_core::DType::U8);
    /// assert_eq!(t.to_vec1::<u8>().unwrap(), vec![1, 0]);
    /// assert!(ivy::array![1i8].to_tensor().is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    fn to_tensor(&self) -> Result<Tensor>;
}

impl ToTensor for Array {
    fn to_tensor(&self) -> Result<Tensor> {
        if let Some(t) = tensor::native(self) {
            return Ok(t.clone());
        }
        let h = self.to_host()?;
        tensor::host_tensor("to_tensor", self.shape(), &h)
    }
}

/// The `candle-core` crate these kernels are built on, re-exported so users
/// of [`from_tensor`] and [`ToTensor`] name the same `Tensor` type.
pub use candle_core;
