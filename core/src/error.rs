//! [`Error`], the one error type of ivy, and [`Result`].
//!
//! Every variant says what went wrong and where: the op, the dtypes, the shapes,
//! the backend and its version, or the key path inside a nest.

use crate::dtype::Dtype;
use crate::shape::Shape;
use std::fmt;

/// `Result<T, ivy::Error>`.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// The error type of every fallible ivy function.
///
/// ```
/// # extern crate ivy_ndarray;
/// # extern crate ivy_core as ivy;
/// let a = ivy::array![1.0, 2.0, 3.0];
/// let b = ivy::array![1.0, 2.0];
/// let err = ivy::add(&a, &b).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "add: shapes (3,) and (2,) cannot be broadcast together"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The op has no kernel for these dtypes on this backend version.
    #[error("{op}: {dtypes} is not supported by the {backend} backend (version {version}){}", hint(.supported))]
    UnsupportedDtype {
        /// The op.
        op: String,
        /// The offending dtypes (the first array argument's dtype first).
        dtypes: DtypeList,
        /// The backend.
        backend: String,
        /// The backend's version.
        version: String,
        /// The dtypes the op supports there.
        supported: crate::dtype::DtypeSet,
    },
    /// The op is defined only for some dtypes (it is not a backend limitation).
    #[error("{op}: expected {expected}, got {dtype}")]
    InvalidDtype {
        /// The op.
        op: String,
        /// The dtype given.
        dtype: Dtype,
        /// What the op accepts, in words (e.g. "an integer or bool dtype").
        expected: String,
    },
    /// Two dtypes have no common dtype in the active promotion table.
    #[error("{op}: no promotion rule for {a} and {b}{}", mode(*.array_api))]
    NoPromotion {
        /// The op (or `promote_types`).
        op: String,
        /// First dtype.
        a: Dtype,
        /// Second dtype.
        b: Dtype,
        /// Whether the Array API-only table was asked for.
        array_api: bool,
    },
    /// Shapes that cannot be broadcast together.
    #[error("{op}: shapes {} cannot be broadcast together", join_shapes(.shapes))]
    Broadcast {
        /// The op.
        op: String,
        /// The shapes involved.
        shapes: Vec<Shape>,
    },
    /// A shape that does not fit what the op needs.
    #[error("{op}: {message} (shapes {})", join_shapes(.shapes))]
    Shape {
        /// The op.
        op: String,
        /// What is wrong.
        message: String,
        /// The shapes involved.
        shapes: Vec<Shape>,
    },
    /// An axis outside `-ndim..ndim`.
    #[error("{op}: axis {axis} is out of bounds for an array of {ndim} dimension{}", plural(*.ndim))]
    AxisOutOfBounds {
        /// The op.
        op: String,
        /// The axis given.
        axis: i64,
        /// The number of dimensions it indexes.
        ndim: usize,
    },
    /// Any other argument the op cannot accept.
    #[error("{op}: {message}")]
    InvalidArgument {
        /// The op.
        op: String,
        /// What is wrong.
        message: String,
    },
    /// Arrays of different backends given to one op.
    #[error(
        "{op}: arguments live on different backends ({first} and {second}); convert with `to_backend` first"
    )]
    BackendMismatch {
        /// The op.
        op: String,
        /// Backend of the first array.
        first: String,
        /// Backend of the other array.
        second: String,
    },
    /// No backend of that name is registered.
    #[error("unknown backend `{name}`; available: {}", .available.join(", "))]
    UnknownBackend {
        /// The name asked for.
        name: String,
        /// The registered backends.
        available: Vec<String>,
    },
    /// No op of that name is in the catalogue.
    #[error("unknown op `{name}`")]
    UnknownOp {
        /// The name asked for.
        name: String,
    },
    /// A dtype name that is not one of the 15.
    #[error(
        "unknown dtype `{name}`; expected one of int8, int16, int32, int64, uint8, uint16, uint32, uint64, bfloat16, float16, float32, float64, bool, complex64, complex128"
    )]
    UnknownDtype {
        /// The name given.
        name: String,
    },
    /// A device the backend does not have.
    #[error("{op}: device {device} is not available on the {backend} backend")]
    UnsupportedDevice {
        /// The op.
        op: String,
        /// The device asked for.
        device: String,
        /// The backend.
        backend: String,
    },
    /// A version string that does not follow the grammar.
    #[error("invalid version `{text}`: {reason}")]
    InvalidVersion {
        /// The text given.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A gradient had to pass through an op that has no derivative (it is
    /// marked `#[not_differentiable]` in the spec). The gradient function
    /// that needed it is named too.
    #[error("{op}: not differentiable, but {during} needs a gradient through it")]
    NotDifferentiable {
        /// The op without a derivative.
        op: String,
        /// The gradient function that was computing.
        during: String,
    },
    /// The backend kernel panicked; the panic was caught at the op boundary.
    #[error("{op}: the {backend} kernel panicked: {message}")]
    KernelPanic {
        /// The op.
        op: String,
        /// The backend.
        backend: String,
        /// The panic message.
        message: String,
    },
    /// A key chain of a container that does not name what the function
    /// needs: missing (naming the keys that exist where the walk stopped), a
    /// leaf where a container is needed, or not a valid chain.
    #[error("{op}: key chain `{key_chain}`: {message}")]
    KeyChain {
        /// The function.
        op: String,
        /// The key chain given.
        key_chain: String,
        /// What is wrong, in one line.
        message: String,
    },
    /// An op failed at one leaf of a container: the key chain of the leaf
    /// and the op's own error.
    #[error("at key chain `{key_chain}`: {source}")]
    InContainer {
        /// Where in the container.
        key_chain: String,
        /// The error at that leaf.
        source: Box<Error>,
    },
    /// An error raised inside the body of a compositional op, by an op the
    /// body called: `op` is the op the user called, `source` the error where
    /// it arose. Printed as the source's message under the outer op's name,
    /// with the inner op in parentheses: `layer_norm: axis 4 is out of
    /// bounds for an array of 3 dimensions (in mean)`. However deep the
    /// composition, there is one level: the outermost op replaces the name
    /// (see [`Error::within`]).
    #[error("{op}: {}", within_message(.source))]
    Within {
        /// The op the user called.
        op: String,
        /// The error where it arose (never itself a `Within`).
        source: Box<Error>,
    },
    /// Containers passed to one op do not share a nested structure (seed
    /// 000): every key chain that breaks it, with the reason.
    #[error("{op}: the containers do not share a nested structure: {}", .problems.join("; "))]
    UnsharedStructure {
        /// The op.
        op: String,
        /// One line per offending key chain.
        problems: Vec<String>,
    },
    /// A structure mismatch or bad index inside a nest or pytree, located by
    /// its key path.
    #[error("{op}: at {path}: {message}")]
    Structure {
        /// The function.
        op: String,
        /// The key path of the first disagreement (`tree` for the root).
        path: String,
        /// What disagrees, in one line.
        message: String,
    },
    /// Reading or writing a file or its bytes failed: the file system
    /// refused, or the bytes are not a valid file of the format (truncated,
    /// corrupt, a header that does not match the data, a dtype the format or
    /// ivy cannot hold).
    #[error("{op}: {}{message}", at_path(.path))]
    Io {
        /// The function (`cont_save`, `cont_load`, ...).
        op: String,
        /// The file (empty for in-memory bytes).
        path: String,
        /// What went wrong, naming the entry of the file when there is one.
        message: String,
    },
}

/// A list of dtypes printed as `int8` or `(int8, float32)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DtypeList(pub Vec<Dtype>);

impl fmt::Display for DtypeList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.as_slice() {
            [one] => write!(f, "dtype {one}"),
            many => {
                f.write_str("dtypes (")?;
                for (i, d) in many.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{d}")?;
                }
                f.write_str(")")
            }
        }
    }
}

fn hint(supported: &crate::dtype::DtypeSet) -> String {
    if supported.is_empty() {
        "; this backend has no kernel for it".to_string()
    } else {
        format!("; supported: {supported}")
    }
}

fn mode(array_api: bool) -> &'static str {
    if array_api {
        " in the Array API promotion table"
    } else {
        ""
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn at_path(path: &str) -> String {
    if path.is_empty() {
        String::new()
    } else {
        format!("{path}: ")
    }
}

fn join_shapes(shapes: &[Shape]) -> String {
    match shapes {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(|s| s.to_string()).collect();
            format!("{} and {last}", init.join(", "))
        }
    }
}

/// The message of `source` without its own op's name in front, followed by
/// that name in parentheses (`(in mean)`); without a name, the message as is.
fn within_message(source: &Error) -> String {
    let text = source.to_string();
    match source.op() {
        Some(inner) => match text.strip_prefix(inner).and_then(|t| t.strip_prefix(": ")) {
            Some(rest) => format!("{rest} (in {inner})"),
            None => format!("{text} (in {inner})"),
        },
        None => text,
    }
}

impl From<ivy_spec::version::VersionError> for Error {
    fn from(e: ivy_spec::version::VersionError) -> Error {
        Error::InvalidVersion {
            text: e.text,
            reason: e.reason,
        }
    }
}

impl Error {
    /// An [`Error::InvalidArgument`] for `op`.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let e = ivy::Error::invalid("reshape", "cannot reshape 6 elements into (4,)");
    /// assert_eq!(e.to_string(), "reshape: cannot reshape 6 elements into (4,)");
    /// ```
    pub fn invalid(op: impl Into<String>, message: impl Into<String>) -> Error {
        Error::InvalidArgument {
            op: op.into(),
            message: message.into(),
        }
    }

    /// An [`Error::Shape`] for `op`.
    pub fn shape(op: impl Into<String>, message: impl Into<String>, shapes: Vec<Shape>) -> Error {
        Error::Shape {
            op: op.into(),
            message: message.into(),
            shapes,
        }
    }

    /// An [`Error::Structure`] for `op` at the key path `path`.
    pub fn structure(
        op: impl Into<String>,
        path: impl Into<String>,
        message: impl Into<String>,
    ) -> Error {
        Error::Structure {
            op: op.into(),
            path: path.into(),
            message: message.into(),
        }
    }

    /// An error of an op at the leaf `key_chain` of a container. An error
    /// that already names a leaf (of a nested call) keeps it.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let e = ivy::Error::in_container("a/b", ivy::Error::invalid("tan", "bad"));
    /// assert_eq!(e.to_string(), "at key chain `a/b`: tan: bad");
    /// assert_eq!(e.op(), Some("tan"));
    /// ```
    pub fn in_container(key_chain: &str, error: Error) -> Error {
        match error {
            e @ Error::InContainer { .. } => e,
            e => Error::InContainer {
                key_chain: key_chain.to_string(),
                source: Box::new(e),
            },
        }
    }

    /// The error raised inside the body of the compositional op `op` (by an
    /// op the body called), as the user sees it: under `op`'s name, with the
    /// inner op kept in parentheses. An error already about `op` is
    /// returned as it is; an error that already went through another
    /// composition keeps its origin and takes the new name, so the message
    /// never grows a chain (the op the user called is the outermost). An
    /// error at a container leaf is wrapped at the leaf, under its key chain.
    /// Generated op wrappers call this on the error path only.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let inner = ivy::Error::invalid("mean", "axis 4 is out of bounds");
    /// let e = inner.within("var").within("layer_norm");
    /// assert_eq!(e.to_string(), "layer_norm: axis 4 is out of bounds (in mean)");
    /// assert_eq!(e.op(), Some("layer_norm"));
    /// assert!(matches!(e.leaf_error(), ivy::Error::InvalidArgument { op, .. } if op == "mean"));
    /// ```
    #[cold]
    pub fn within(self, op: &str) -> Error {
        match self {
            Error::InContainer { key_chain, source } => Error::InContainer {
                key_chain,
                source: Box::new(source.within(op)),
            },
            Error::Within { source, .. } => {
                if source.op() == Some(op) {
                    *source
                } else {
                    Error::Within {
                        op: op.to_string(),
                        source,
                    }
                }
            }
            e if e.op().is_none_or(|inner| inner == op) => e,
            e => Error::Within {
                op: op.to_string(),
                source: Box::new(e),
            },
        }
    }

    /// The error where it arose: the error itself, or for
    /// [`Error::InContainer`] the error at the leaf, or for
    /// [`Error::Within`] the error of the op inside the composition.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let e = ivy::Error::in_container("a", ivy::Error::invalid("tan", "bad"));
    /// assert!(matches!(e.leaf_error(), ivy::Error::InvalidArgument { .. }));
    /// ```
    pub fn leaf_error(&self) -> &Error {
        match self {
            Error::InContainer { source, .. } | Error::Within { source, .. } => source.leaf_error(),
            e => e,
        }
    }

    /// The op (or function) the error is about, when it names one.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let e = ivy::Error::invalid("eye", "n_rows must be positive");
    /// assert_eq!(e.op(), Some("eye"));
    /// ```
    pub fn op(&self) -> Option<&str> {
        match self {
            Error::UnsupportedDtype { op, .. }
            | Error::InvalidDtype { op, .. }
            | Error::NoPromotion { op, .. }
            | Error::Broadcast { op, .. }
            | Error::Shape { op, .. }
            | Error::AxisOutOfBounds { op, .. }
            | Error::InvalidArgument { op, .. }
            | Error::BackendMismatch { op, .. }
            | Error::UnsupportedDevice { op, .. }
            | Error::KernelPanic { op, .. }
            | Error::NotDifferentiable { op, .. }
            | Error::KeyChain { op, .. }
            | Error::UnsharedStructure { op, .. }
            | Error::Structure { op, .. }
            | Error::Io { op, .. }
            | Error::Within { op, .. } => Some(op),
            Error::InContainer { source, .. } => source.op(),
            Error::UnknownBackend { .. }
            | Error::UnknownOp { .. }
            | Error::UnknownDtype { .. }
            | Error::InvalidVersion { .. } => None,
        }
    }
}
