//! The bridge between ivy arrays and candle tensors: dtype mapping, reading
//! an argument as a tensor, wrapping a result, and errors.
//!
//! Where data is copied:
//!
//! - Rust data made into an array on this backend (`asarray`, `array!`,
//!   `Array::from_vec`) is copied into a tensor once, at creation
//!   (`native_from_host`), so it is a native array from then on;
//! - a **host** array still handed to a candle kernel (a scalar operand, a
//!   dtype candle lacks, or an ndarray-built buffer tagged with this
//!   backend) is copied into a tensor once per call ([`tensor`]);
//! - a **native** array (a kernel result, or [`crate::from_tensor`]) is used
//!   as it is: cloning a `Tensor` clones an `Arc`;
//! - reading elements back ([`to_host`]) copies them out of the tensor; for
//!   `bool` arrays that same copy turns candle's `u8` 0/1 mask into `bool`.
//!
//! `bool` arrays are `u8` tensors holding 0 or 1, tagged `bool` in the
//! array: candle has no bool dtype, and its comparisons return such masks and
//! its `where_cond` takes them, so booleans never need a conversion inside
//! candle.

use crate::CANDLE;
use candle_core::{DType, Tensor};
use ivy::{Array, Device, Dtype, Error, HostData, NativeData, Result, Scalar, Shape, bf16, f16};

/// The candle dtype that holds an ivy dtype, if any (`bool` is held as
/// `u8`).
pub(crate) fn candle_dtype(d: Dtype) -> Option<DType> {
    Some(match d {
        Dtype::Bool | Dtype::UInt8 => DType::U8,
        Dtype::UInt32 => DType::U32,
        Dtype::Int16 => DType::I16,
        Dtype::Int32 => DType::I32,
        Dtype::Int64 => DType::I64,
        Dtype::BFloat16 => DType::BF16,
        Dtype::Float16 => DType::F16,
        Dtype::Float32 => DType::F32,
        Dtype::Float64 => DType::F64,
        _ => return None,
    })
}

/// The superset behaviour (Ivy's, for backends without integer support for
/// an op other backends have): `f` run on the integer tensors `a` and `b`
/// converted to `f64`, and the result cast back to their dtype through
/// `i64` (the float-to-integer cast truncates toward zero and saturates,
/// the `i64`-to-narrower cast wraps, as the ndarray backend's integer
/// arithmetic does), so the result has the dtype and, while every value
/// stays below 2^53 in magnitude, the values the ndarray backend gives.
pub(crate) fn int_via_f64(
    a: &Tensor,
    b: &Tensor,
    f: impl FnOnce(&Tensor, &Tensor) -> candle_core::Result<Tensor>,
) -> candle_core::Result<Tensor> {
    let dt = a.dtype();
    let r = f(&a.to_dtype(DType::F64)?, &b.to_dtype(DType::F64)?)?;
    r.to_dtype(DType::I64)?.to_dtype(dt)
}

/// The ivy dtype of a candle dtype, if ivy has one (`u8` is `uint8`).
pub(crate) fn ivy_dtype(d: DType) -> Option<Dtype> {
    Some(match d {
        DType::U8 => Dtype::UInt8,
        DType::U32 => Dtype::UInt32,
        DType::I16 => Dtype::Int16,
        DType::I32 => Dtype::Int32,
        DType::I64 => Dtype::Int64,
        DType::BF16 => Dtype::BFloat16,
        DType::F16 => Dtype::Float16,
        DType::F32 => Dtype::Float32,
        DType::F64 => Dtype::Float64,
        _ => return None,
    })
}

/// The error of a dtype candle cannot hold (the tables are meant to stop
/// such calls first).
pub(crate) fn no_dtype(op: &str, dtype: Dtype) -> Error {
    Error::UnsupportedDtype {
        op: op.to_string(),
        dtypes: ivy::DtypeList(vec![dtype]),
        backend: "candle".into(),
        version: crate::CANDLE_VERSION.into(),
        supported: CANDLE.valid_dtypes(),
    }
}

/// A candle error as an ivy error naming the op.
pub(crate) fn err(op: &str) -> impl Fn(candle_core::Error) -> Error + '_ {
    move |e| Error::invalid(op, format!("candle: {e}"))
}

/// The candle dtype holding `d`, or the unsupported error.
pub(crate) fn dtype_of(op: &str, d: Dtype) -> Result<DType> {
    candle_dtype(d).ok_or_else(|| no_dtype(op, d))
}

/// The tensor inside a native array of this backend, if it is one.
pub(crate) fn native(x: &Array) -> Option<&Tensor> {
    match x.data() {
        ivy::Data::Native(n) => n.value.downcast_ref::<Tensor>(),
        ivy::Data::Host(_) => None,
    }
}

/// The argument `x` as a tensor: the array's own tensor (no copy), or its
/// host elements copied into a new one.
pub(crate) fn tensor(op: &str, x: &Array) -> Result<Tensor> {
    if let Some(t) = native(x) {
        return Ok(t.clone());
    }
    match x.data() {
        ivy::Data::Host(h) => host_tensor(op, x.shape(), h),
        ivy::Data::Native(_) => Err(Error::invalid(
            op,
            format!(
                "the candle backend got a native array of the {} backend",
                x.backend().name()
            ),
        )),
    }
}

/// Host elements copied into a tensor of `shape`.
pub(crate) fn host_tensor(op: &str, shape: &Shape, h: &HostData) -> Result<Tensor> {
    let dims = shape.dims().to_vec();
    let dev = &candle_core::Device::Cpu;
    macro_rules! from {
        ($T:ty) => {{
            let s = h.as_slice::<$T>().ok_or_else(|| no_dtype(op, h.dtype()))?;
            Tensor::from_slice(s, dims, dev)
        }};
    }
    let t = match h.dtype() {
        Dtype::Bool => {
            let s = h
                .as_slice::<bool>()
                .ok_or_else(|| no_dtype(op, h.dtype()))?;
            let v: Vec<u8> = s.iter().map(|b| u8::from(*b)).collect();
            Tensor::from_vec(v, dims, dev)
        }
        Dtype::UInt8 => from!(u8),
        Dtype::UInt32 => from!(u32),
        Dtype::Int16 => from!(i16),
        Dtype::Int32 => from!(i32),
        Dtype::Int64 => from!(i64),
        Dtype::BFloat16 => from!(bf16),
        Dtype::Float16 => from!(f16),
        Dtype::Float32 => from!(f32),
        Dtype::Float64 => from!(f64),
        d => return Err(no_dtype(op, d)),
    };
    t.map_err(err(op))
}

/// A result tensor as an array of dtype `dtype` (which the tensor's candle
/// dtype must hold).
pub(crate) fn wrap(t: Tensor, dtype: Dtype) -> Array {
    debug_assert_eq!(candle_dtype(dtype), Some(t.dtype()));
    let shape = Shape::from(t.dims());
    Array::from_native(
        &CANDLE,
        shape,
        NativeData {
            dtype,
            device: ivy_device(&t),
            value: Box::new(t),
        },
    )
}

/// A result tensor as an array of its own dtype.
pub(crate) fn out(op: &str, t: Tensor) -> Result<Array> {
    let d = ivy_dtype(t.dtype()).ok_or_else(|| {
        Error::invalid(op, format!("candle dtype {:?} has no ivy dtype", t.dtype()))
    })?;
    Ok(wrap(t, d))
}

/// A `u8` 0/1 mask tensor as a `bool` array.
pub(crate) fn mask(t: Tensor) -> Array {
    wrap(t, Dtype::Bool)
}

/// The elements of a tensor holding ivy dtype `dtype`, copied to the host.
pub(crate) fn to_host(op: &str, t: &Tensor, dtype: Dtype) -> Result<HostData> {
    let flat = t.flatten_all().map_err(err(op))?;
    macro_rules! read {
        ($T:ty) => {
            HostData::from(flat.to_vec1::<$T>().map_err(err(op))?)
        };
    }
    Ok(match dtype {
        Dtype::Bool => {
            let v = flat.to_vec1::<u8>().map_err(err(op))?;
            HostData::from(v.into_iter().map(|b| b != 0).collect::<Vec<bool>>())
        }
        Dtype::UInt8 => read!(u8),
        Dtype::UInt32 => read!(u32),
        Dtype::Int16 => read!(i16),
        Dtype::Int32 => read!(i32),
        Dtype::Int64 => read!(i64),
        Dtype::BFloat16 => read!(bf16),
        Dtype::Float16 => read!(f16),
        Dtype::Float32 => read!(f32),
        Dtype::Float64 => read!(f64),
        d => return Err(no_dtype(op, d)),
    })
}

/// A 0-d tensor holding `s` in candle dtype `dtype` on `dev`.
pub(crate) fn scalar(
    op: &str,
    s: Scalar,
    dtype: DType,
    dev: &candle_core::Device,
) -> Result<Tensor> {
    let t = match dtype {
        DType::U8 => Tensor::new(s.to_element::<u8>(), dev),
        DType::U32 => Tensor::new(s.to_element::<u32>(), dev),
        DType::I16 => Tensor::new(s.to_element::<i16>(), dev),
        DType::I32 => Tensor::new(s.to_element::<i32>(), dev),
        DType::I64 => Tensor::new(s.to_element::<i64>(), dev),
        DType::BF16 => Tensor::new(s.to_element::<bf16>(), dev),
        DType::F16 => Tensor::new(s.to_element::<f16>(), dev),
        DType::F32 => Tensor::new(s.to_element::<f32>(), dev),
        DType::F64 => Tensor::new(s.to_element::<f64>(), dev),
        d => {
            return Err(Error::invalid(
                op,
                format!("candle dtype {d:?} is not used"),
            ));
        }
    };
    t.map_err(err(op))
}

/// The candle device of an ivy device: the CPU, or CUDA device `n` for
/// `gpu:n` in a build with the `cuda` feature. Any other device is the
/// unsupported-device error; a GPU candle cannot open is an error with
/// candle's reason.
pub(crate) fn candle_device(op: &str, device: Device) -> Result<candle_core::Device> {
    match device {
        Device::Cpu => Ok(candle_core::Device::Cpu),
        // `cfg!`, not `#[cfg]`: this arm compiles (and is checked) in every
        // build; candle's `new_cuda` exists without its `cuda` feature.
        Device::Gpu(n) if cfg!(feature = "cuda") => candle_core::Device::new_cuda(n as usize)
            .map_err(|e| Error::invalid(op, format!("candle could not open gpu:{n}: {e}"))),
        other => Err(Error::UnsupportedDevice {
            op: op.to_string(),
            device: other.to_string(),
            backend: "candle".into(),
        }),
    }
}

/// The ivy device holding a candle tensor (candle's CUDA and Metal devices
/// are GPUs).
pub(crate) fn ivy_device(t: &Tensor) -> Device {
    match t.device().location() {
        candle_core::DeviceLocation::Cpu => Device::Cpu,
        candle_core::DeviceLocation::Cuda { gpu_id }
        | candle_core::DeviceLocation::Metal { gpu_id } => Device::Gpu(gpu_id as u32),
    }
}

/// A tensor holding 0/1 as `u8`: whether each element of `t` is nonzero
/// (NaN counts as nonzero, as in NumPy).
pub(crate) fn nonzero(t: &Tensor) -> candle_core::Result<Tensor> {
    t.ne(0.0)
}

/// The result of reducing a size-0 `t` over `axes` (all of them of
/// nonzero length: the spec's checks refuse the others), which candle's
/// reductions cannot make: an empty tensor of the reduced shape.
pub(crate) fn empty_reduction(
    t: &Tensor,
    axes: &[usize],
    keepdims: bool,
    dtype: DType,
) -> candle_core::Result<Tensor> {
    let dims = ivy::Shape::from(t.dims()).reduced(axes, keepdims);
    Tensor::zeros(dims.dims(), dtype, t.device())
}

/// Reduce `t` over `axes` with `f` (a keep-the-axis reduction over one
/// axis), dropping the axes unless `keepdims`.
pub(crate) fn reduce(
    t: &Tensor,
    axes: &[usize],
    keepdims: bool,
    f: impl Fn(&Tensor, usize) -> candle_core::Result<Tensor>,
) -> candle_core::Result<Tensor> {
    let mut r = t.clone();
    for &a in axes {
        r = f(&r, a)?;
    }
    if keepdims {
        return Ok(r);
    }
    let dims: Vec<usize> = t
        .dims()
        .iter()
        .enumerate()
        .filter(|(i, _)| !axes.contains(i))
        .map(|(_, d)| *d)
        .collect();
    r.reshape(dims)
}

/// The axes a reduction runs over: the given ones, or all.
pub(crate) fn axes_or_all(t: &Tensor, axis: Option<&[usize]>) -> Vec<usize> {
    match axis {
        Some(a) => a.to_vec(),
        None => (0..t.rank()).collect(),
    }
}
