//! Backend handles: [`get_backend`] returns a [`BackendHandle`], through which
//! every op of the API runs on one backend whatever the current backend of the
//! thread is (Ivy's `with_backend` local module), so two backends can be used
//! side by side.
//!
//! The handle's op methods are generated from the op spec, as the free
//! functions are: `h.add(&x, &y)` is `ivy::add(&x, &y)` run with the handle's
//! backend current for the duration of the call, after a check that every
//! array argument (leaves of container arguments included) lives on that
//! backend. An array of another backend is an error naming both backends
//! ([`Error::BackendMismatch`]); convert it first with
//! [`Array::to_backend`](crate::Array::to_backend) (or [`BackendHandle::asarray`]).
//!
//! ```
//! # extern crate ivy_core as ivy; extern crate ivy_ndarray;
//! let nd = ivy::get_backend("ndarray")?;
//! let x = nd.arange(3.0)?; // made on ndarray, whatever the current backend
//! assert_eq!(x.backend().name(), "ndarray");
//! assert_eq!(nd.add(&x, 1.0)?.to_vec::<f32>()?, [1.0, 2.0, 3.0]);
//! # Ok::<(), ivy::Error>(())
//! ```

use super::BackendEntry;
use super::registry::{self, BackendGuard};
use crate::array::Array;
use crate::dtype::{Dtype, DtypeSet};
use crate::error::{Error, Result};
use crate::nestable::{Node, OperandRef};

/// A backend, held (Ivy's `with_backend` local module): the API's ops as
/// methods that run on this backend. Cheap to copy. See [`get_backend`].
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let h = ivy::get_backend("ndarray")?;
/// assert_eq!(h.name(), "ndarray");
/// let y = h.zeros([2, 2])?;
/// assert_eq!(y.backend().name(), "ndarray");
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Copy)]
pub struct BackendHandle {
    entry: &'static BackendEntry,
}

/// The backend `name` as a handle (Ivy's `ivy.with_backend(name)`, which
/// returns a local module): its ops run on that backend, whatever the
/// current backend of the thread is. An unknown name is
/// [`Error::UnknownBackend`].
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let nd = ivy::get_backend("ndarray")?;
/// assert_eq!(nd.sum(&nd.ones([3])?)?.to_vec::<f32>()?, [3.0]);
/// assert!(ivy::get_backend("tensorflow").is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn get_backend(name: &str) -> Result<BackendHandle> {
    Ok(BackendHandle {
        entry: registry::find(name)?,
    })
}

impl BackendHandle {
    /// The handle of a registered entry.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let h = ivy::backend::BackendHandle::of(ivy::current_backend());
    /// assert_eq!(h.name(), ivy::current_backend_str());
    /// ```
    pub fn of(entry: &'static BackendEntry) -> BackendHandle {
        BackendHandle { entry }
    }

    /// The backend's registered entry.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let h = ivy::get_backend("ndarray")?;
    /// assert!(h.entry().same(ivy::current_backend()));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn entry(&self) -> &'static BackendEntry {
        self.entry
    }

    /// The backend's name.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// assert_eq!(ivy::get_backend("ndarray")?.name(), "ndarray");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn name(&self) -> &'static str {
        self.entry.name()
    }

    /// The version of the backend's library (what its tables are resolved
    /// for).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// assert!(!ivy::get_backend("ndarray")?.version().is_empty());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn version(&self) -> &'static str {
        self.entry.version()
    }

    /// The dtypes valid on the backend.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// assert_eq!(ivy::get_backend("ndarray")?.valid_dtypes(), ivy::DtypeSet::ALL);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn valid_dtypes(&self) -> DtypeSet {
        self.entry.valid_dtypes()
    }

    /// The dtypes `op` supports on this backend (Ivy's
    /// `function_supported_dtypes` with this backend set).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let s = ivy::get_backend("ndarray")?.function_supported_dtypes("bitwise_and")?;
    /// assert!(s.contains(ivy::Dtype::Int8) && !s.contains(ivy::Dtype::Float32));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn function_supported_dtypes(&self, op: &str) -> Result<DtypeSet> {
        Ok(crate::catalogue::op(op)?.supported_dtypes(self.entry))
    }

    /// The dtypes `op` does not support on this backend.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let u = ivy::get_backend("ndarray")?.function_unsupported_dtypes("bitwise_and")?;
    /// assert!(u.contains(ivy::Dtype::Float32));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn function_unsupported_dtypes(&self, op: &str) -> Result<DtypeSet> {
        Ok(crate::catalogue::op(op)?.unsupported_dtypes(self.entry))
    }

    /// The device kinds `op` runs on with this backend (Ivy's
    /// `function_supported_devices`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let h = ivy::get_backend("ndarray")?;
    /// assert_eq!(h.function_supported_devices("sum")?, ivy::DeviceSet::CPU);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn function_supported_devices(&self, op: &str) -> Result<crate::DeviceSet> {
        Ok(crate::catalogue::op(op)?.supported_devices(self.entry))
    }

    /// Each supported device kind of `op` with its dtypes on this backend
    /// (Ivy's `function_supported_devices_and_dtypes`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let h = ivy::get_backend("ndarray")?;
    /// let s = h.function_supported_devices_and_dtypes("sum")?;
    /// assert_eq!(s, [(ivy::Device::Cpu, h.function_supported_dtypes("sum")?)]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn function_supported_devices_and_dtypes(
        &self,
        op: &str,
    ) -> Result<Vec<(crate::Device, DtypeSet)>> {
        Ok(crate::catalogue::op(op)?.supported_devices_and_dtypes(self.entry))
    }

    /// The backend's native name of an ivy dtype (Ivy's `as_native_dtype`):
    /// what the backend stores the elements as. For `ndarray`, the Rust
    /// element type (`"f32"`, `"half::f16"`, `"num_complex::Complex<f64>"`,
    /// `"bool"`); for `candle`, candle's `DType` name (`"f32"`, `"bf16"`,
    /// `"u8"`; `bool` is held as `"u8"`). A dtype that is not valid on the
    /// backend is [`Error::UnsupportedDtype`]. Backend crates also give typed
    /// forms (`ivy_candle::as_native_dtype` returns a `candle_core::DType`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let nd = ivy::get_backend("ndarray")?;
    /// assert_eq!(nd.as_native_dtype(ivy::Dtype::BFloat16)?, "half::bf16");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn as_native_dtype(&self, dtype: Dtype) -> Result<&'static str> {
        match self.entry.backend().native_dtype_name(dtype) {
            Some(n) if self.valid_dtypes().contains(dtype) => Ok(n),
            _ => Err(Error::UnsupportedDtype {
                op: "as_native_dtype".to_string(),
                dtypes: crate::error::DtypeList(vec![dtype]),
                backend: self.name().to_string(),
                version: self.version().to_string(),
                supported: self.valid_dtypes(),
            }),
        }
    }

    /// The ivy dtype of a native dtype name of the backend (Ivy's
    /// `as_ivy_dtype`), the inverse of [`as_native_dtype`](Self::as_native_dtype)
    /// (where two ivy dtypes share a native one, as `bool` and `uint8` on
    /// candle, the numeric one). An unknown name is an error naming it.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let nd = ivy::get_backend("ndarray")?;
    /// assert_eq!(nd.as_ivy_dtype("i16")?, ivy::Dtype::Int16);
    /// assert!(nd.as_ivy_dtype("f8e4m3").is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn as_ivy_dtype(&self, native: &str) -> Result<Dtype> {
        let b = self.entry.backend();
        let valid = self.valid_dtypes();
        let mut found = None;
        for d in Dtype::ALL {
            if valid.contains(d) && b.native_dtype_name(d) == Some(native) {
                // The first numeric match wins over bool.
                if found.is_none() || found == Some(Dtype::Bool) {
                    found = Some(d);
                }
            }
        }
        found.ok_or_else(|| {
            Error::invalid(
                "as_ivy_dtype",
                format!(
                    "`{native}` is not a native dtype of the {} backend",
                    self.name()
                ),
            )
        })
    }

    /// Make this backend current until the returned guard is dropped (what
    /// each op method does around its call).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let h = ivy::get_backend("ndarray")?;
    /// let _on = h.enter();
    /// assert_eq!(ivy::current_backend_str(), "ndarray");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn enter(&self) -> BackendGuard {
        registry::push(self.entry)
    }

    /// Run `f` with this backend current: the form for code that is not one
    /// op call (a user's `#[op]`, a block of calls). Unlike the op methods,
    /// it does not check the backend of arrays `f` uses; an op mixing
    /// backends inside still fails with the error naming both.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let h = ivy::get_backend("ndarray")?;
    /// let x = h.run(|| ivy::linspace(0.0, 1.0, 5))?;
    /// assert_eq!(x.backend().name(), "ndarray");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn run<R>(&self, f: impl FnOnce() -> R) -> R {
        let _on = self.enter();
        f()
    }

    /// `x` as an array of this backend: `x` itself (a cheap clone) if it
    /// already lives here, else a copy made with
    /// [`Array::to_backend`](crate::Array::to_backend).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let h = ivy::get_backend("ndarray")?;
    /// let x = ivy::array![1.0, 2.0];
    /// assert_eq!(h.to_backend(&x)?.backend().name(), "ndarray");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn to_backend(&self, x: &Array) -> Result<Array> {
        if x.backend().same(self.entry) {
            Ok(x.clone())
        } else {
            x.to_backend(self.name())
        }
    }

    /// Check that an operand of an op called through the handle lives on
    /// its backend (a container's leaves included).
    #[doc(hidden)]
    pub fn __check_node(&self, op: &str, n: Node<'_>) -> Result<()> {
        match n {
            Node::Leaf(o) => self.__check_operand(op, o),
            Node::Container(c) => {
                for a in c.leaves() {
                    self.__check_array(op, a)?;
                }
                Ok(())
            }
        }
    }

    /// [`__check_node`](Self::__check_node) for an operand that cannot be a
    /// container.
    #[doc(hidden)]
    #[inline]
    pub fn __check_operand(&self, op: &str, o: OperandRef<'_>) -> Result<()> {
        match o {
            OperandRef::Array(a) => self.__check_array(op, a),
            OperandRef::Scalar(_) => Ok(()),
        }
    }

    /// [`__check_node`](Self::__check_node) for every element of a list.
    #[doc(hidden)]
    pub fn __check_list<L: crate::args::ArrayList + ?Sized>(&self, op: &str, xs: &L) -> Result<()> {
        let mut nodes = Vec::new();
        xs.push_nodes(&mut nodes);
        nodes.into_iter().try_for_each(|n| self.__check_node(op, n))
    }

    /// [`__check_node`](Self::__check_node) for an optional keyword array.
    #[doc(hidden)]
    pub fn __check_kwarg(&self, op: &str, x: Option<&crate::ArrayLike>) -> Result<()> {
        match x {
            Some(x) => self.__check_node(op, x.node()),
            None => Ok(()),
        }
    }

    /// [`__check_node`](Self::__check_node) for a container parameter of a
    /// container-dependent op (every leaf), if given.
    #[doc(hidden)]
    pub fn __check_container(&self, op: &str, c: Option<&crate::Container>) -> Result<()> {
        match c {
            Some(c) => self.__check_node(op, Node::Container(c.view())),
            None => Ok(()),
        }
    }

    #[inline]
    fn __check_array(&self, op: &str, a: &Array) -> Result<()> {
        if a.backend().same(self.entry) {
            Ok(())
        } else {
            Err(Error::BackendMismatch {
                op: op.to_string(),
                first: self.name().to_string(),
                second: a.backend().name().to_string(),
            })
        }
    }
}

impl std::fmt::Debug for BackendHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "BackendHandle({} {})", self.name(), self.version())
    }
}
