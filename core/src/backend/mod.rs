//! Backends: the [`Backend`] trait, the registry, the current backend of each
//! thread, and the per-version dtype tables.
//!
//! A backend is a type implementing [`BackendBase`] (its name, version, valid
//! dtypes and devices, written by hand) and the per-category kernel traits
//! generated from the op spec (one method per primary op, each with a default
//! that returns the tabled "unsupported" error). Together they make the
//! generated [`Backend`] trait. A backend crate implements the categories it
//! has kernels for and registers itself with [`register_backend!`](crate::register_backend),
//! which declares its [`BackendEntry`], adds it to [`BACKENDS`] and gives the
//! other categories their defaults; [`set_backend`] then finds it by name:
//!
//! ```rust,standalone_crate
//! # extern crate ivy_core as ivy;
//! use ivy::backend::BackendBase;
//!
//! struct Tiny;
//!
//! impl BackendBase for Tiny {
//!     fn name(&self) -> &'static str { "tiny" }
//!     fn version(&self) -> &'static str { "0.1.0" }
//! }
//!
//! // No kernels yet: every op returns the tabled "unsupported" error.
//! ivy::register_backend! {
//!     pub static TINY: Tiny = Tiny;
//!     kernels: [];
//! }
//!
//! ivy::set_backend("tiny")?;
//! assert_eq!(ivy::current_backend_str(), "tiny");
//! let err = ivy::zeros([2]).unwrap_err();
//! assert!(err.to_string().contains("tiny"), "{err}");
//! # Ok::<(), ivy::Error>(())
//! ```

mod handle;
mod matrix;
pub(crate) mod registry;
mod tables;

pub use handle::{BackendHandle, get_backend};
pub use ivy_spec::version::{Version, VersionError, VersionKey, resolve_version};
pub use matrix::{support_matrix, support_matrix_page};
pub use registry::{
    BACKENDS, BackendGuard, available_backends, current_backend, current_backend_str, set_backend,
    unset_backend, use_backend, with_backend,
};
pub use tables::{
    DeviceDtypeTable, DeviceTable, KernelTable, Resolved, TableMode, derived_devices,
    derived_support, derived_support_on,
};

pub use crate::api::Backend;

use crate::array::{Array, HostData};
use crate::catalogue::OpId;
use crate::device::Device;
use crate::dtype::{Dtype, DtypeSet};
use crate::error::{Error, Result};
use std::sync::OnceLock;

/// What every backend says about itself, written by hand. The kernels come
/// from the generated per-category traits; see [`Backend`].
pub trait BackendBase: Send + Sync + 'static {
    /// The backend's name (`"ndarray"`), as `set_backend` takes it.
    fn name(&self) -> &'static str;

    /// The version of the library the kernels were built against; the dtype
    /// tables are resolved for it.
    fn version(&self) -> &'static str;

    /// The valid dtypes, as a version-keyed table (Ivy's `valid_dtypes` of a
    /// backend). The default says every dtype is valid.
    fn valid_dtypes_table(&self) -> &'static [(&'static str, DtypeSet)] {
        &[("0 and above", DtypeSet::ALL)]
    }

    /// The backend's native name of an ivy dtype (what
    /// [`BackendHandle::as_native_dtype`] returns), or `None` if it cannot
    /// hold it. The default names the Rust element type of host arrays
    /// (`"f32"`, `"half::bf16"`, `"num_complex::Complex<f32>"`, `"bool"`).
    fn native_dtype_name(&self, dtype: Dtype) -> Option<&'static str> {
        Some(match dtype {
            Dtype::Int8 => "i8",
            Dtype::Int16 => "i16",
            Dtype::Int32 => "i32",
            Dtype::Int64 => "i64",
            Dtype::UInt8 => "u8",
            Dtype::UInt16 => "u16",
            Dtype::UInt32 => "u32",
            Dtype::UInt64 => "u64",
            Dtype::BFloat16 => "half::bf16",
            Dtype::Float16 => "half::f16",
            Dtype::Float32 => "f32",
            Dtype::Float64 => "f64",
            Dtype::Complex64 => "num_complex::Complex<f32>",
            Dtype::Complex128 => "num_complex::Complex<f64>",
            Dtype::Bool => "bool",
        })
    }

    /// The devices the backend can place arrays on.
    fn devices(&self) -> &'static [Device] {
        &[Device::Cpu]
    }

    /// The elements of an array in host memory. The default handles host
    /// arrays; a backend with native tensors overrides it.
    fn to_host(&self, x: &Array) -> Result<HostData> {
        match x.host() {
            Some(h) => Ok(h.clone()),
            None => Err(Error::invalid(
                "to_host",
                format!(
                    "the {} backend cannot read this array's native storage",
                    self.name()
                ),
            )),
        }
    }

    /// An array of this backend holding `data` (row-major, `shape.size()`
    /// elements): what [`Array::to_backend`] makes. `entry` is the backend's
    /// registered entry. The default keeps the host buffer (no copy); a
    /// backend with native tensors overrides it to copy the elements into
    /// one.
    fn array_from_host(
        &self,
        entry: &'static BackendEntry,
        shape: crate::shape::Shape,
        data: HostData,
    ) -> Result<Array> {
        Array::from_host(entry, shape, data)
    }

    /// An array of this backend's own storage holding host elements made
    /// from Rust data (`asarray`, `array!`, [`Array::from_vec`]), so the
    /// kernels never convert them per call; `None` keeps the host buffer
    /// (the default, for backends whose kernels read host memory, and for
    /// a dtype the backend cannot hold, which its ops then refuse).
    /// `data.len()` equals `shape.size()`.
    fn native_from_host(
        &self,
        entry: &'static BackendEntry,
        shape: &crate::shape::Shape,
        data: &HostData,
    ) -> Option<Array> {
        let _ = (entry, shape, data);
        None
    }
}

/// A registered backend: the implementation and its dtype tables, resolved for
/// its version on first use.
///
/// Arrays hold a `&'static BackendEntry`; [`current_backend`] returns one.
pub struct BackendEntry {
    backend: &'static dyn Backend,
    resolved: OnceLock<Resolved>,
}

impl BackendEntry {
    /// An entry for `backend` (a `const fn`, so entries can be statics).
    pub const fn new(backend: &'static dyn Backend) -> BackendEntry {
        BackendEntry {
            backend,
            resolved: OnceLock::new(),
        }
    }

    /// The implementation.
    #[inline]
    pub fn backend(&self) -> &'static dyn Backend {
        self.backend
    }

    /// The backend's name.
    pub fn name(&self) -> &'static str {
        self.backend.name()
    }

    /// The version the tables are resolved for.
    pub fn version(&self) -> &'static str {
        self.backend.version()
    }

    /// The tables, resolved once.
    #[inline]
    pub fn resolved(&self) -> &Resolved {
        self.resolved
            .get_or_init(|| Resolved::resolve(self.backend, self.version()))
    }

    /// The dtypes valid on this backend (Ivy's `valid_dtypes` once the backend
    /// is set).
    #[inline]
    pub fn valid_dtypes(&self) -> DtypeSet {
        self.resolved().valid
    }

    /// The dtypes an op supports on this backend.
    #[inline]
    pub fn supported_dtypes(&self, op: OpId) -> DtypeSet {
        self.resolved().supported(op)
    }

    /// Whether the backend has a kernel (or, for mixed ops, a fallback) that
    /// runs `op` on `dtype`. One mask test.
    #[inline]
    pub fn supports(&self, op: OpId, dtype: Dtype) -> bool {
        self.resolved().kernel_mask(op).contains(dtype)
    }

    /// Whether the backend implements a kernel for `op` (mixed ops without one
    /// run their compositional fallback).
    #[inline]
    pub fn has_kernel(&self, op: OpId) -> bool {
        self.resolved().has_kernel(op)
    }

    /// Whether two entries are the same backend.
    #[inline]
    pub fn same(&self, other: &BackendEntry) -> bool {
        std::ptr::eq(self, other)
    }
}

impl std::fmt::Debug for BackendEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.name(), self.version())
    }
}

/// A backend with no kernels: what ops use when no backend is registered. Every
/// op on it fails with the tabled "unsupported" error.
pub(crate) struct NoBackend;

impl BackendBase for NoBackend {
    fn name(&self) -> &'static str {
        "none"
    }
    fn version(&self) -> &'static str {
        "0"
    }
}

pub(crate) static NO_BACKEND: BackendEntry = BackendEntry::new(&NoBackend);

/// Register a backend: declare its [`BackendEntry`], add it to [`BACKENDS`]
/// (so [`set_backend`] finds it by name), and give every kernel category it
/// does not implement the default impl, whose kernels return the tabled
/// "unsupported" error.
///
/// ```text
/// ivy::register_backend! {
///     /// Docs of the entry.
///     pub static ENTRY: BackendType = <expression of BackendType>;
///     kernels: [elementwise, creation];   // the categories implemented
/// }
/// ```
///
/// `ENTRY` is a `BackendEntry`; arrays of the backend are made with it. The
/// backend value is kept in a `static` of its own, so it may hold state. The
/// `kernels` list names (in snake case, as in the catalogue) the categories
/// whose `<Category>Kernels` trait the backend implements itself; the
/// categories are read from the op spec, so one added to ivy later gets its
/// default here without a change in the backend. The compiler checks the
/// list both ways: a category listed but not implemented is a missing trait
/// impl, one implemented but not listed a conflicting impl.
///
/// ```rust,standalone_crate
/// # extern crate ivy_core as ivy;
/// use ivy::backend::BackendBase;
/// use ivy::kernels::ElementwiseKernels;
/// use ivy::{Array, HostData, Result};
///
/// /// A backend with one kernel.
/// pub struct Negator;
///
/// impl BackendBase for Negator {
///     fn name(&self) -> &'static str { "negator" }
///     fn version(&self) -> &'static str { "2.0.0" }
/// }
///
/// #[ivy::kernels]
/// impl ElementwiseKernels for Negator {
///     #[supported_dtypes("2.0 and above" => (float64))]
///     fn negative(&self, x: &Array) -> Result<Array> {
///         let v: Vec<f64> = x.to_vec::<f64>()?.iter().map(|v| -v).collect();
///         Array::from_host(&NEGATOR, x.shape().clone(), HostData::from(v))
///     }
/// }
///
/// ivy::register_backend! {
///     /// The registered negator backend.
///     pub static NEGATOR: Negator = Negator;
///     kernels: [elementwise];
/// }
///
/// let _on = ivy::use_backend("negator")?;
/// let x = Array::from_host(&NEGATOR, ivy::Shape::from([2]), HostData::from(vec![1.0f64, -2.0]))?;
/// assert_eq!(ivy::negative(&x)?.to_vec::<f64>()?, [-1.0, 2.0]);
/// // The other categories have their defaults: no kernel, a typed error.
/// let err = ivy::zeros([2]).unwrap_err();
/// assert!(err.to_string().contains("negator"), "{err}");
/// # Ok::<(), ivy::Error>(())
/// ```
#[macro_export]
macro_rules! register_backend {
    ($($input:tt)*) => {
        $crate::__private::for_each_op_with!([$crate::__private::register_backend] $crate; $($input)*);
    };
}
