//! [`Array`]: a dynamically typed n-dimensional array that remembers its backend.

mod buffer;
pub(crate) mod bytes;
mod convert;
mod display;
mod dlpack;
mod literal;
pub(crate) mod npy;
pub(crate) mod pool;
mod serde;

pub use buffer::{Buffer, Fill, HostData};
pub use convert::IntoArray;
pub use display::format_float;
pub(crate) use display::format_float32;
pub use dlpack::{from_dlpack, from_dlpack_shared};

use crate::backend::{self, BackendEntry};
use crate::device::Device;
use crate::dtype::{Dtype, Element};
use crate::error::{Error, Result};
use crate::gradients::NodeRef;
use crate::scalar::Scalar;
use crate::shape::Shape;
use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// An n-dimensional array of one of the 15 dtypes, on one backend and device.
///
/// Arrays are immutable values: every op returns a new array, and cloning is
/// cheap (the elements are shared). An array remembers the backend that made
/// it, and ops run on the backend of their array arguments.
///
/// Host arrays (the ndarray backend's) hold their elements in one contiguous
/// row-major [`Buffer`]; other backends keep a native tensor.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::array![[1.0, 2.0], [3.0, 4.0]];
/// assert_eq!(x.shape().dims(), &[2, 2]);
/// assert_eq!(x.dtype(), ivy::Dtype::Float32);
/// let y = x.clone(); // shares the elements
/// assert_eq!(x, y);
/// ```
#[derive(Clone)]
pub struct Array {
    shape: Shape,
    data: Data,
    backend: &'static BackendEntry,
    /// The node of the gradient graph that made this array, while a gradient
    /// function traces it (see [`crate::gradients`]); `None` for every other
    /// array, which then pays one pointer test per op.
    trace: Option<NodeRef>,
}

/// Where the elements of an [`Array`] live.
#[derive(Clone)]
pub enum Data {
    /// Contiguous row-major host memory; every backend accepts it.
    Host(HostData),
    /// A tensor owned by a backend (for example a candle tensor), shared by
    /// the clones of the array. Behind one pointer, so a `Data` is a host
    /// buffer's four words whatever the variant, and copying one never splits
    /// a word.
    Native(Arc<NativeData>),
}

/// A backend's own tensor inside an [`Array`].
pub struct NativeData {
    /// Dtype of the elements.
    pub dtype: Dtype,
    /// Device holding them.
    pub device: Device,
    /// The tensor; the backend that made it knows its type.
    pub value: Box<dyn Any + Send + Sync>,
}

impl Array {
    /// An array of host data on `backend`. `data.len()` must equal
    /// `shape.size()`.
    ///
    /// This is how kernels build their results.
    pub fn from_host(
        backend: &'static BackendEntry,
        shape: Shape,
        data: HostData,
    ) -> Result<Array> {
        if data.len() != shape.size() {
            return Err(Error::shape(
                "asarray",
                format!("{} elements cannot have shape {shape}", data.len()),
                vec![shape],
            ));
        }
        Ok(Array {
            shape,
            data: Data::Host(data),
            backend,
            trace: None,
        })
    }

    /// Like [`Array::from_host`] for callers that have already checked the
    /// length (kernels). A mismatch is a bug in the caller; it is caught in
    /// debug builds.
    #[inline]
    pub fn from_host_unchecked(
        backend: &'static BackendEntry,
        shape: Shape,
        data: HostData,
    ) -> Array {
        debug_assert_eq!(data.len(), shape.size());
        Array {
            shape,
            data: Data::Host(data),
            backend,
            trace: None,
        }
    }

    /// An array of Rust data on `backend`: in the backend's own storage when
    /// it has one (a candle tensor, made once here rather than per call),
    /// else the host buffer itself. `data.len()` must equal `shape.size()`
    /// (checked in debug builds).
    #[inline]
    pub(crate) fn from_rust(backend: &'static BackendEntry, shape: Shape, data: HostData) -> Array {
        match backend.backend().native_from_host(backend, &shape, &data) {
            Some(native) => native,
            None => Array::from_host_unchecked(backend, shape, data),
        }
    }

    /// An array holding a backend's native tensor.
    pub fn from_native(backend: &'static BackendEntry, shape: Shape, native: NativeData) -> Array {
        Array {
            shape,
            data: Data::Native(Arc::new(native)),
            backend,
            trace: None,
        }
    }

    /// A 1-d array of `values` on the current backend; the dtype is `T`'s.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let x = ivy::Array::from_vec(vec![1u8, 2, 3]);
    /// assert_eq!(x.dtype(), ivy::Dtype::UInt8);
    /// ```
    pub fn from_vec<T: Element>(values: Vec<T>) -> Array {
        let shape = Shape::from(values.len());
        Array::from_rust(backend::current_backend(), shape, HostData::from(values))
    }

    /// An array of the given shape holding `values` in row-major order.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let x = ivy::Array::from_shape_vec([2, 2], vec![1i64, 2, 3, 4])?;
    /// assert_eq!(x.shape().dims(), &[2, 2]);
    /// assert!(ivy::Array::from_shape_vec([3], vec![1i64, 2]).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn from_shape_vec<T: Element>(shape: impl Into<Shape>, values: Vec<T>) -> Result<Array> {
        let a = Array::from_host(
            backend::current_backend(),
            shape.into(),
            HostData::from(values),
        )?;
        Ok(a.adopted())
    }

    /// A host array of Rust data moved into its backend's own storage (see
    /// [`Array::from_rust`]); other arrays as they are.
    pub(crate) fn adopted(self) -> Array {
        if let Data::Host(h) = &self.data
            && let Some(native) =
                self.backend
                    .backend()
                    .native_from_host(self.backend, &self.shape, h)
        {
            return native;
        }
        self
    }

    /// A 0-d array holding `value`, whose dtype is `T`'s (unlike a [`Scalar`],
    /// which takes the dtype of the array it meets).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let s = ivy::Array::scalar(3i8);
    /// assert_eq!(s.ndim(), 0);
    /// assert_eq!(s.dtype(), ivy::Dtype::Int8);
    /// ```
    pub fn scalar<T: Element>(value: T) -> Array {
        Array::from_host_unchecked(
            backend::current_backend(),
            Shape::scalar(),
            HostData::from(vec![value]),
        )
    }

    /// The shape.
    #[inline]
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// Number of dimensions.
    #[inline]
    pub fn ndim(&self) -> usize {
        self.shape.ndim()
    }

    /// Number of elements.
    #[inline]
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// The dtype.
    #[inline]
    pub fn dtype(&self) -> Dtype {
        match &self.data {
            Data::Host(h) => h.dtype(),
            Data::Native(n) => n.dtype,
        }
    }

    /// The device holding the elements.
    pub fn device(&self) -> Device {
        match &self.data {
            Data::Host(_) => Device::Cpu,
            Data::Native(n) => n.device,
        }
    }

    /// The backend the array belongs to.
    #[inline]
    pub fn backend(&self) -> &'static BackendEntry {
        self.backend
    }

    /// Where the elements live.
    #[inline]
    pub fn data(&self) -> &Data {
        &self.data
    }

    /// The host elements, when the array is a host array.
    #[inline]
    pub fn host(&self) -> Option<&HostData> {
        match &self.data {
            Data::Host(h) => Some(h),
            Data::Native(_) => None,
        }
    }

    /// The elements as a typed slice, when the array is a host array of `T`.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let x = ivy::Array::from_vec(vec![1.0f64, 2.0]);
    /// assert_eq!(x.as_slice::<f64>(), Some(&[1.0, 2.0][..]));
    /// assert_eq!(x.as_slice::<f32>(), None);
    /// ```
    #[inline]
    pub fn as_slice<T: Element>(&self) -> Option<&[T]> {
        self.host().and_then(|h| h.as_slice::<T>())
    }

    /// The elements in host memory (a copy from the device for native arrays).
    pub fn to_host(&self) -> Result<HostData> {
        match &self.data {
            Data::Host(h) => Ok(h.clone()),
            Data::Native(_) => self.backend.backend().to_host(self),
        }
    }

    /// The elements as a vector of `T`, in row-major order. The dtype must be
    /// `T`'s; use [`astype`](crate::astype) first to convert.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let x = ivy::array![[1, 2], [3, 4]];
    /// assert_eq!(x.to_vec::<i32>()?, vec![1, 2, 3, 4]);
    /// assert!(x.to_vec::<f32>().is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn to_vec<T: Element>(&self) -> Result<Vec<T>> {
        let host = self.to_host()?;
        match host.buffer::<T>() {
            Some(b) => Ok(b.as_slice().to_vec()),
            None => Err(self.wrong_element::<T>("to_vec")),
        }
    }

    /// Like [`Array::to_vec`] but without copying when this is the only handle
    /// to a vector the array adopted.
    pub fn into_vec<T: Element>(self) -> Result<Vec<T>> {
        let dtype = self.dtype();
        let host = match self.data {
            Data::Host(h) => h,
            Data::Native(_) => self.backend.backend().to_host(&self)?,
        };
        match T::take(host) {
            Ok(buffer) => Ok(buffer.into_vec()),
            Err(_) => Err(Error::InvalidDtype {
                op: "into_vec".into(),
                dtype,
                expected: format!("the element type's dtype {}", T::DTYPE),
            }),
        }
    }

    /// The only element as a [`Scalar`]; the array must have one element.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let s = ivy::sum(&ivy::array![1, 2, 3])?;
    /// assert_eq!(s.item()?, ivy::Scalar::Int(6));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn item(&self) -> Result<Scalar> {
        if self.size() != 1 {
            return Err(Error::shape(
                "item",
                "only arrays of one element can be converted to a scalar",
                vec![self.shape.clone()],
            ));
        }
        let host = self.to_host()?;
        host.scalar_at(0)
            .ok_or_else(|| Error::invalid("item", "array has no element"))
    }

    /// The element at a row-major flat index, as a [`Scalar`].
    pub fn get_flat(&self, index: usize) -> Result<Scalar> {
        let host = self.to_host()?;
        host.scalar_at(index).ok_or_else(|| {
            Error::invalid(
                "get_flat",
                format!("index {index} out of bounds for size {}", self.size()),
            )
        })
    }

    /// This array on the backend named `name` (Ivy's `to_backend`-style
    /// conversion, as `ivy.to_native` then `ivy.array` on another backend
    /// do). The elements are **copied**: read into host memory
    /// ([`Array::to_host`]) and handed to the target backend, which keeps
    /// them as a host buffer (ndarray) or copies them into its own tensor
    /// (candle). On the array's own backend it returns a clone, which
    /// shares the elements. Ops never convert implicitly: an op given
    /// arrays of two backends is an error naming both.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let x = ivy::array![1.0, 2.0];
    /// let y = x.to_backend("ndarray")?;
    /// assert_eq!(y.backend().name(), "ndarray");
    /// assert!(y.shares_data_with(&x));
    /// assert!(x.to_backend("no-such-backend").is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn to_backend(&self, name: &str) -> Result<Array> {
        let target = backend::registry::find(name)?;
        if target.same(self.backend) {
            return Ok(self.clone());
        }
        let host = self.to_host()?;
        target
            .backend()
            .array_from_host(target, self.shape.clone(), host)
    }

    /// Whether both arrays share their element storage.
    pub fn shares_data_with(&self, other: &Array) -> bool {
        match (&self.data, &other.data) {
            (Data::Host(a), Data::Host(b)) => {
                crate::with_host_data!(a, x, T => b.buffer::<T>().is_some_and(|y| x.ptr_eq(y)))
            }
            (Data::Native(a), Data::Native(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }

    /// Whether a gradient function is tracing this array: it is one of the
    /// inputs being differentiated, or was computed from one (Ivy's
    /// `requires_gradient`). Arrays are never traced outside the gradient
    /// functions, which detach everything they return.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let x = ivy::array![1.0, 2.0];
    /// assert!(!x.is_traced());
    /// ivy::grad(|x: &ivy::Array| {
    ///     assert!(x.is_traced()); // inside a gradient function
    ///     ivy::sum(x)
    /// })(&x)?;
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn is_traced(&self) -> bool {
        self.trace.is_some()
    }

    /// This array without its gradient trace: the same elements, a constant
    /// to any gradient function (the array form of
    /// [`stop_gradient`](crate::stop_gradient)).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let x = ivy::array![1.0, 2.0];
    /// let y = x.detach();
    /// assert!(!y.is_traced() && y.shares_data_with(&x));
    /// ```
    #[inline]
    pub fn detach(&self) -> Array {
        Array {
            shape: self.shape.clone(),
            data: self.data.clone(),
            backend: self.backend,
            trace: None,
        }
    }

    /// The address of the elements (an identity for duplicate detection:
    /// clones of an array share it).
    pub(crate) fn storage_addr(&self) -> usize {
        match &self.data {
            Data::Host(h) => crate::with_host_data!(h, b, T => b.as_slice().as_ptr() as usize),
            Data::Native(n) => Arc::as_ptr(n) as usize,
        }
    }

    /// The gradient node that made this array, if it is traced.
    #[inline]
    pub(crate) fn grad_node(&self) -> Option<&NodeRef> {
        self.trace.as_ref()
    }

    /// This array as the output of `node`.
    pub(crate) fn with_trace(mut self, node: Option<NodeRef>) -> Array {
        self.trace = node;
        self
    }

    fn wrong_element<T: Element>(&self, op: &str) -> Error {
        Error::InvalidDtype {
            op: op.into(),
            dtype: self.dtype(),
            expected: format!("the element type's dtype {}", T::DTYPE),
        }
    }
}

/// Two arrays are equal when they have the same shape, dtype and elements
/// (Ivy's `array_equal` plus a dtype check). NaN is not equal to NaN.
impl PartialEq for Array {
    fn eq(&self, other: &Array) -> bool {
        if self.shape != other.shape || self.dtype() != other.dtype() {
            return false;
        }
        match (self.to_host(), other.to_host()) {
            (Ok(a), Ok(b)) => crate::with_host_data!(&a, x, T => {
                b.as_slice::<T>().is_some_and(|y| x.as_slice() == y)
            }),
            _ => false,
        }
    }
}

impl fmt::Debug for Array {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{self} /* {} {} on {} */",
            self.dtype(),
            self.shape,
            self.backend.name()
        )
    }
}
