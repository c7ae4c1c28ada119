//! The Python Array API standard, version 2024.12: its inspection functions
//! ([`array_namespace_info`], [`isdtype`]) and the table of where each of its
//! functions lives in ivy.
//!
//! [`STANDARD`] lists every function of the standard (the main namespace and
//! the `linalg` and `fft` extensions). [`coverage`] looks each one up in the
//! op catalogue, or among the few standard functions that are plain Rust
//! functions here rather than ops ([`NON_OP_FUNCTIONS`]), so the table cannot
//! claim an op the crate does not have. `cargo run --example array_api`
//! prints [`coverage_page`]; `docs/array-api.md` is its committed output and
//! `tests/it/array_api.rs` checks that it is current and complete.

use crate::backend::current_backend;
use crate::catalogue::{self, Differentiability, OpInfo};
use crate::device::{Device, default_device};
use crate::dtype::{
    Dtype, DtypeSet, default_complex_dtype, default_float_dtype, default_int_dtype,
};
use crate::error::{Error, Result};
use std::fmt::Write;

/// The version of the standard [`STANDARD`] lists.
pub const VERSION: &str = "2024.12";

/// One function of the standard: the section of the specification it is
/// listed in (`"linalg"` and `"fft"` are the extensions) and its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StandardFunction {
    /// The section of the specification (`"elementwise"`, `"linalg"`, ...).
    pub section: &'static str,
    /// Its name in the standard.
    pub name: &'static str,
}

macro_rules! standard {
    ($($section:literal: [$($name:ident),* $(,)?]),* $(,)?) => {
        &[$($(StandardFunction { section: $section, name: stringify!($name) },)*)*]
    };
}

/// Every function of the Array API standard 2024.12, by section, in the
/// specification's order.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::array_api::STANDARD;
/// assert!(STANDARD.iter().any(|f| f.section == "linalg" && f.name == "solve"));
/// assert!(STANDARD.iter().any(|f| f.section == "fft" && f.name == "rfftn"));
/// ```
pub const STANDARD: &[StandardFunction] = standard! {
    "creation": [arange, asarray, empty, empty_like, eye, from_dlpack, full, full_like, linspace,
        meshgrid, ones, ones_like, tril, triu, zeros, zeros_like],
    "data type": [astype, can_cast, finfo, iinfo, isdtype, result_type],
    "elementwise": [abs, acos, acosh, add, asin, asinh, atan, atan2, atanh, bitwise_and,
        bitwise_left_shift, bitwise_invert, bitwise_or, bitwise_right_shift, bitwise_xor, ceil,
        clip, conj, copysign, cos, cosh, divide, equal, exp, expm1, floor, floor_divide, greater,
        greater_equal, hypot, imag, isfinite, isinf, isnan, less, less_equal, log, log1p, log2,
        log10, logaddexp, logical_and, logical_not, logical_or, logical_xor, maximum, minimum,
        multiply, negative, nextafter, not_equal, positive, pow, real, reciprocal, remainder,
        round, sign, signbit, sin, sinh, square, sqrt, subtract, tan, tanh, trunc],
    "indexing": [take, take_along_axis],
    "inspection": [__array_namespace_info__, capabilities, default_device, default_dtypes,
        devices, dtypes],
    "linear algebra": [matmul, matrix_transpose, tensordot, vecdot],
    "manipulation": [broadcast_arrays, broadcast_to, concat, expand_dims, flip, moveaxis,
        permute_dims, repeat, reshape, roll, squeeze, stack, tile, unstack],
    "searching": [argmax, argmin, count_nonzero, nonzero, searchsorted, r#where],
    "set": [unique_all, unique_counts, unique_inverse, unique_values],
    "sorting": [argsort, sort],
    "statistical": [cumulative_prod, cumulative_sum, max, mean, min, prod, std, sum, var],
    "utility": [all, any, diff],
    "linalg": [cholesky, cross, det, diagonal, eigh, eigvalsh, inv, matmul, matrix_norm,
        matrix_power, matrix_rank, matrix_transpose, outer, pinv, qr, slogdet, solve, svd,
        svdvals, tensordot, trace, vecdot, vector_norm],
    "fft": [fft, ifft, fftn, ifftn, rfft, irfft, rfftn, irfftn, hfft, ihfft, fftfreq, rfftfreq,
        fftshift, ifftshift],
};

/// The standard functions that are plain Rust functions or methods here
/// rather than ops of the catalogue (they take dtypes, devices or foreign
/// buffers, not arrays), with where they live.
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert!(ivy::array_api::NON_OP_FUNCTIONS.iter().any(|(n, p)| *n == "can_cast" && *p == "ivy::can_cast"));
/// ```
pub const NON_OP_FUNCTIONS: &[(&str, &str)] = &[
    ("from_dlpack", "ivy::from_dlpack"),
    ("can_cast", "ivy::can_cast"),
    ("finfo", "ivy::finfo"),
    ("iinfo", "ivy::iinfo"),
    ("isdtype", "ivy::isdtype"),
    ("result_type", "ivy::result_type"),
    ("__array_namespace_info__", "ivy::array_namespace_info"),
    ("capabilities", "ivy::NamespaceInfo::capabilities"),
    ("default_device", "ivy::NamespaceInfo::default_device"),
    ("default_dtypes", "ivy::NamespaceInfo::default_dtypes"),
    ("devices", "ivy::NamespaceInfo::devices"),
    ("dtypes", "ivy::NamespaceInfo::dtypes"),
];

/// Where a standard function lives in ivy.
#[derive(Debug, Clone, Copy)]
pub enum Location {
    /// An op of the catalogue (`ivy::<name>`, with Array and Container
    /// methods).
    Op(&'static OpInfo),
    /// A plain function or method, at this path.
    Function(&'static str),
    /// Not in ivy.
    Missing,
}

/// Each function of [`STANDARD`] with where it lives here.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// use ivy::array_api::{coverage, Location};
/// let table = coverage();
/// let (_, tan) = table
///     .iter()
///     .find(|(f, _)| f.name == "tan")
///     .ok_or_else(|| ivy::Error::invalid("coverage", "tan is a standard function"))?;
/// assert!(matches!(tan, Location::Op(op) if op.name == "tan"));
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn coverage() -> Vec<(StandardFunction, Location)> {
    STANDARD
        .iter()
        .map(|f| {
            let name = f.name.trim_start_matches("r#");
            let here = if let Some((_, path)) = NON_OP_FUNCTIONS.iter().find(|(n, _)| *n == name) {
                Location::Function(path)
            } else if let Ok(op) = catalogue::op(name) {
                Location::Op(op)
            } else {
                Location::Missing
            };
            (*f, here)
        })
        .collect()
}

/// The committed page `docs/array-api.md`: one table per section of the
/// standard, each function with where it lives in ivy, how it is implemented
/// and whether gradients flow through it, and a count of what is present.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let page = ivy::array_api::coverage_page();
/// assert!(page.contains("| `tan` | `ivy::tan` | primary | yes |"));
/// ```
pub fn coverage_page() -> String {
    let table = coverage();
    let present = table
        .iter()
        .filter(|(_, l)| !matches!(l, Location::Missing))
        .count();
    let mut s = String::new();
    let _ = writeln!(s, "# The Array API standard {VERSION} in ivy\n");
    let _ = writeln!(
        s,
        "Every function of the [Python array API standard {VERSION}](https://data-apis.org/array-api/{VERSION}/) \
         (the main namespace and the `linalg` and `fft` extensions) and where it lives in ivy. \
         Ops are `ivy::<name>`, with a keyword form `ivy::<name>_with`, an Array method and a \
         Container method; the extensions' functions are ops of the main namespace here \
         (`linalg.solve` is `ivy::solve`). Generated from the op catalogue by \
         `cargo run --example array_api > docs/array-api.md`; `tests/it/array_api.rs` checks \
         that this page is current.\n"
    );
    let _ = writeln!(s, "{present} of {} functions present.", table.len());
    let mut section = "";
    for (f, here) in &table {
        if f.section != section {
            section = f.section;
            let _ = writeln!(s, "\n## {section}\n");
            let _ = writeln!(s, "| standard | ivy | kind | differentiable |");
            let _ = writeln!(s, "|---|---|---|---|");
        }
        let name = f.name.trim_start_matches("r#");
        let _ = match here {
            Location::Op(op) => writeln!(
                s,
                "| `{name}` | `ivy::{}` | {} | {} |",
                f.name,
                op.kind.name(),
                match op.differentiable {
                    Differentiability::Yes => "yes",
                    Differentiability::Derived => "through its body",
                    Differentiability::No => "no",
                    Differentiability::NotApplicable => "-",
                }
            ),
            Location::Function(path) => writeln!(s, "| `{name}` | `{path}` | function | - |"),
            Location::Missing => writeln!(s, "| `{name}` | missing | - | - |"),
        };
    }
    s
}

/// A dtype kind of the standard's `isdtype`: a kind name, a dtype, or
/// several of them (true if any matches).
pub trait DtypeKind {
    /// The dtypes of the kind, or an error naming an unknown kind.
    fn dtypes(&self) -> Result<DtypeSet>;
}

impl DtypeKind for Dtype {
    fn dtypes(&self) -> Result<DtypeSet> {
        Ok(DtypeSet::from(*self))
    }
}

impl DtypeKind for DtypeSet {
    fn dtypes(&self) -> Result<DtypeSet> {
        Ok(*self)
    }
}

impl DtypeKind for &str {
    fn dtypes(&self) -> Result<DtypeSet> {
        Ok(match *self {
            "bool" => DtypeSet::BOOL,
            "signed integer" => DtypeSet::SIGNED_INT,
            "unsigned integer" => DtypeSet::UINT,
            "integral" => DtypeSet::INT,
            "real floating" => DtypeSet::FLOAT,
            "complex floating" => DtypeSet::COMPLEX,
            "numeric" => DtypeSet::NUMERIC,
            other => match Dtype::from_name(other) {
                Some(d) => DtypeSet::from(d),
                None => {
                    return Err(Error::invalid(
                        "isdtype",
                        format!(
                            "unknown dtype kind {other:?}; the kinds are \"bool\", \"signed integer\", \
                             \"unsigned integer\", \"integral\", \"real floating\", \"complex floating\", \
                             \"numeric\" or a dtype name"
                        ),
                    ));
                }
            },
        })
    }
}

impl<K: DtypeKind> DtypeKind for &[K] {
    fn dtypes(&self) -> Result<DtypeSet> {
        self.iter()
            .try_fold(DtypeSet::EMPTY, |acc, k| Ok(acc | k.dtypes()?))
    }
}

impl<K: DtypeKind, const N: usize> DtypeKind for [K; N] {
    fn dtypes(&self) -> Result<DtypeSet> {
        (&self[..]).dtypes()
    }
}

/// Whether `dtype` is of `kind` (the standard's `isdtype`): a kind name
/// (`"bool"`, `"signed integer"`, `"unsigned integer"`, `"integral"`,
/// `"real floating"`, `"complex floating"`, `"numeric"`), a dtype, a
/// [`DtypeSet`], or an array of them (any of them). An unknown kind name is
/// an error.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::{isdtype, Dtype};
/// assert!(isdtype(Dtype::Int8, "integral")?);
/// assert!(!isdtype(Dtype::UInt8, "signed integer")?);
/// assert!(isdtype(Dtype::Float16, ["integral", "real floating"])?);
/// assert!(isdtype(Dtype::Complex64, Dtype::Complex64)?);
/// assert!(!isdtype(Dtype::Bool, "numeric")?);
/// assert!(isdtype(Dtype::Bool, "floating").is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn isdtype(dtype: Dtype, kind: impl DtypeKind) -> Result<bool> {
    Ok(kind.dtypes()?.contains(dtype))
}

/// The standard's inspection namespace (`__array_namespace_info__()`): what
/// the current backend offers.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let info = ivy::array_namespace_info();
/// assert!(info.capabilities().boolean_indexing);
/// assert_eq!(info.default_device(), ivy::Device::Cpu);
/// assert!(info.dtypes(None, "real floating")?.contains(ivy::Dtype::BFloat16));
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn array_namespace_info() -> NamespaceInfo {
    NamespaceInfo { _private: () }
}

/// The inspection namespace of the standard; see [`array_namespace_info`].
#[derive(Debug, Clone, Copy)]
pub struct NamespaceInfo {
    _private: (),
}

/// The optional features of the standard that ivy supports
/// ([`NamespaceInfo::capabilities`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Capabilities {
    /// Indexing with boolean masks (`ivy::get_item` with a bool array).
    pub boolean_indexing: bool,
    /// Functions whose output shape depends on the data (`nonzero`,
    /// `unique_*`, boolean masks).
    pub data_dependent_shapes: bool,
    /// The largest number of dimensions an array may have (`None`: no limit).
    pub max_dimensions: Option<usize>,
}

/// The default dtypes of each kind ([`NamespaceInfo::default_dtypes`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DefaultDtypes {
    /// For real floating-point arrays.
    pub real_floating: Dtype,
    /// For complex arrays.
    pub complex_floating: Dtype,
    /// For integer arrays.
    pub integral: Dtype,
    /// For arrays of indices (what `argmax`, `nonzero` ... return).
    pub indexing: Dtype,
}

impl NamespaceInfo {
    /// The optional features supported.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let caps = ivy::array_namespace_info().capabilities();
    /// assert!(caps.boolean_indexing && caps.data_dependent_shapes);
    /// assert_eq!(caps.max_dimensions, None);
    /// ```
    pub fn capabilities(&self) -> Capabilities {
        Capabilities {
            boolean_indexing: true,
            data_dependent_shapes: true,
            max_dimensions: None,
        }
    }

    /// The default device of this thread.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// assert_eq!(ivy::array_namespace_info().default_device(), ivy::default_device());
    /// ```
    pub fn default_device(&self) -> Device {
        default_device()
    }

    /// The default dtypes of this thread (the device does not change them).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let d = ivy::array_namespace_info().default_dtypes(None);
    /// assert_eq!(d.real_floating, ivy::Dtype::Float32);
    /// assert_eq!(d.indexing, ivy::Dtype::Int64);
    /// ```
    pub fn default_dtypes(&self, _device: Option<Device>) -> DefaultDtypes {
        DefaultDtypes {
            real_floating: default_float_dtype(),
            complex_floating: default_complex_dtype(),
            integral: default_int_dtype(),
            indexing: Dtype::Int64,
        }
    }

    /// The devices arrays of the current backend can be placed on.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// assert_eq!(ivy::array_namespace_info().devices(), vec![ivy::Device::Cpu]);
    /// ```
    pub fn devices(&self) -> Vec<Device> {
        current_backend().backend().devices().to_vec()
    }

    /// The dtypes of `kind` (as [`isdtype`] takes it) that are valid on the
    /// current backend; an unknown kind name is an error.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let ints = ivy::array_namespace_info().dtypes(None, "integral")?;
    /// assert_eq!(ints.len(), 8);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn dtypes(&self, _device: Option<Device>, kind: impl DtypeKind) -> Result<DtypeSet> {
        Ok(current_backend().valid_dtypes() & kind.dtypes()?)
    }
}
