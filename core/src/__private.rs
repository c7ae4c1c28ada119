//! Runtime helpers the generated code calls. Not part of the public API: the
//! generated functions are thin, and the logic they share lives here once.

use crate::array::{Array, HostData};
use crate::backend::BackendEntry;
use crate::catalogue::OpInfo;
use crate::dtype::{Dtype, DtypeSet, Element};
use crate::error::{DtypeList, Error, Result};
use crate::nestable::OperandRef;
use crate::scalar::Scalar;
use crate::shape::Shape;

pub use crate::gradients::graph::{Grads, VjpArgs};
use crate::gradients::graph::{Recorded, Rule, VjpFn};
pub use smallvec::SmallVec;

mod held;
pub use held::{Held, scalar_array, to_array};
pub mod rules;

/// Whether any array of a call is traced by a gradient function: one
/// pointer test per array, the whole cost of gradients to other calls.
#[inline(always)]
pub fn traced<const N: usize, const M: usize>(
    arrays: [Option<&Array>; N],
    lists: [&[Array]; M],
) -> bool {
    arrays.iter().any(|a| a.is_some_and(Array::is_traced))
        || lists.iter().any(|l| l.iter().any(Array::is_traced))
}

/// Record a call of a differentiable op on traced arrays.
#[cold]
#[inline(never)]
pub fn record_vjp<R: Recorded>(op: &'static str, inputs: &[&Array], out: R, rule: Box<VjpFn>) -> R {
    out.record(op, inputs, Rule::Vjp(rule))
}

/// Record a call of an op without a derivative on traced arrays: a
/// gradient that must pass through it is an error naming it.
#[cold]
#[inline(never)]
pub fn record_constant<R: Recorded>(op: &'static str, inputs: &[&Array], out: R) -> R {
    out.record(op, inputs, Rule::NotDifferentiable)
}

pub use crate::catalogue::CastTarget;
pub use ivy_macros::{api, array, container, register_backend};
pub use ivy_spec::for_each_op_with;
pub use linkme;

/// The backend of a call: the one every array argument lives on, else the
/// current backend. Inlined with the argument counts known, so a call on
/// arrays compares two pointers.
#[inline]
pub fn backend_of<const N: usize, const M: usize>(
    op: &str,
    operands: [Option<OperandRef<'_>>; N],
    lists: [&[Array]; M],
) -> Result<&'static BackendEntry> {
    let mut found: Option<&'static BackendEntry> = None;
    let mut meet = |a: &Array| match found {
        None => {
            found = Some(a.backend());
            Ok(())
        }
        Some(b) if b.same(a.backend()) => Ok(()),
        Some(b) => Err(backend_mismatch(op, b, a.backend())),
    };
    for o in &operands {
        if let Some(OperandRef::Array(a)) = o {
            meet(a)?;
        }
    }
    for list in lists {
        for a in list {
            meet(a)?;
        }
    }
    Ok(match found {
        Some(b) => b,
        None => crate::backend::current_backend(),
    })
}

#[cold]
#[inline(never)]
fn backend_mismatch(op: &str, first: &BackendEntry, second: &BackendEntry) -> Error {
    Error::BackendMismatch {
        op: op.to_string(),
        first: first.name().to_string(),
        second: second.name().to_string(),
    }
}

/// Ivy's dtype for a scalar meeting an array of dtype `array` (see
/// [`promote_types_of_inputs`](crate::promote_types_of_inputs)).
fn scalar_dtype_against(s: Scalar, array: Dtype) -> Dtype {
    match s {
        Scalar::Float(_) if array.is_int() => Dtype::Float64,
        Scalar::Bool(_) => array,
        _ if array.is_bool() => s.default_dtype(),
        Scalar::Complex(_) if !array.is_complex() => Dtype::Complex128,
        _ => array,
    }
}

/// Cast an array to `dtype` (no copy when it already has it).
pub fn astype<'a>(x: Held<'a>, dtype: Dtype) -> Result<Held<'a>> {
    if x.dtype() == dtype {
        return Ok(x);
    }
    crate::api::astype(&*x, dtype).map(Held::owned)
}

/// Promote the operands of an op to one dtype (Ivy's
/// `promote_types_of_inputs`, generalised to `N` operands): arrays promote
/// with the table of the current precise mode; scalars take the dtype the
/// arrays give them. Arrays that already agree cost one comparison each.
#[inline]
pub fn promote<'a, const N: usize>(
    op: &str,
    backend: &'static BackendEntry,
    xs: [OperandRef<'a>; N],
) -> Result<[Held<'a>; N]> {
    let mut first: Option<Dtype> = None;
    let agree = xs.iter().all(|x| match x {
        OperandRef::Array(a) => *first.get_or_insert(a.dtype()) == a.dtype(),
        OperandRef::Scalar(_) => false,
    });
    if agree {
        return Ok(xs.map(|x| to_array(backend, x)));
    }
    promote_mixed(op, backend, xs)
}

/// [`promote`] when the operands disagree or include scalars.
#[inline(never)]
fn promote_mixed<'a, const N: usize>(
    op: &str,
    backend: &'static BackendEntry,
    xs: [OperandRef<'a>; N],
) -> Result<[Held<'a>; N]> {
    let mut common: Option<Dtype> = None;
    for x in &xs {
        if let OperandRef::Array(a) = x {
            common = Some(match common {
                None => a.dtype(),
                Some(c) if c == a.dtype() => c,
                Some(c) => crate::dtype::promote_types(c, a.dtype()).map_err(|e| rename(e, op))?,
            });
        }
    }
    let target = match common {
        Some(arrays) => {
            let mut t = arrays;
            for x in &xs {
                if let OperandRef::Scalar(s) = x {
                    // A dtype promotes with itself to itself: the usual case
                    // (a float array and an int or float scalar) needs no
                    // table.
                    let sd = scalar_dtype_against(*s, arrays);
                    if sd != t {
                        t = crate::dtype::promote_types(t, sd).map_err(|e| rename(e, op))?;
                    }
                }
            }
            t
        }
        None => {
            let mut t: Option<Dtype> = None;
            for x in &xs {
                if let OperandRef::Scalar(s) = x {
                    let d = s.default_dtype();
                    t = Some(match t {
                        None => d,
                        Some(t) => crate::dtype::promote_types(t, d).map_err(|e| rename(e, op))?,
                    });
                }
            }
            t.unwrap_or_else(crate::dtype::default_float_dtype)
        }
    };
    // Mapped in place (a collect into a list is several times slower for
    // two operands, and this runs on every call with a scalar); a failed
    // cast leaves its operand borrowed and is returned after the map.
    let mut failed = None;
    let out = xs.map(|x| match x {
        OperandRef::Array(a) if a.dtype() == target => Held::borrowed(a),
        OperandRef::Array(a) => match crate::api::astype(a, target) {
            Ok(cast) => Held::owned(cast),
            Err(e) => {
                failed.get_or_insert(e);
                Held::borrowed(a)
            }
        },
        OperandRef::Scalar(s) => held::scalar_operand(s, target, backend),
    });
    match failed {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

fn rename(e: Error, op: &str) -> Error {
    match e {
        Error::NoPromotion {
            a, b, array_api, ..
        } => Error::NoPromotion {
            op: op.to_string(),
            a,
            b,
            array_api,
        },
        other => other,
    }
}

/// Promote a list of arrays to one dtype.
pub fn promote_list(op: &str, backend: &'static BackendEntry, xs: &[Array]) -> Result<Vec<Array>> {
    let _ = backend;
    let Some(first) = xs.first() else {
        return Ok(Vec::new());
    };
    let mut t = first.dtype();
    for x in &xs[1..] {
        if x.dtype() != t {
            t = crate::dtype::promote_types(t, x.dtype()).map_err(|e| rename(e, op))?;
        }
    }
    xs.iter()
        .map(|x| astype(Held::borrowed(x), t).map(Held::into_owned))
        .collect()
}

/// Apply an input cast: if the dtype of `x` is in `from`, cast it to the
/// default dtype of `to`.
#[inline]
pub fn cast<'a>(
    op: &str,
    backend: &'static BackendEntry,
    x: &'a Array,
    from: DtypeSet,
    to: CastTarget,
) -> Result<Held<'a>> {
    let _ = (op, backend);
    if from.contains(x.dtype()) {
        astype(Held::borrowed(x), to.dtype())
    } else {
        Ok(Held::borrowed(x))
    }
}

/// [`cast`] for every array of a list.
pub fn cast_list(
    op: &str,
    backend: &'static BackendEntry,
    xs: &[Array],
    from: DtypeSet,
    to: CastTarget,
) -> Result<Vec<Array>> {
    xs.iter()
        .map(|x| cast(op, backend, x, from, to).map(Held::into_owned))
        .collect()
}

#[cold]
#[inline(never)]
fn unsupported(info: &'static OpInfo, backend: &'static BackendEntry, dtype: Dtype) -> Error {
    Error::UnsupportedDtype {
        op: info.name.to_string(),
        dtypes: DtypeList(vec![dtype]),
        backend: backend.name().to_string(),
        version: backend.version().to_string(),
        supported: info.supported_dtypes(backend),
    }
}

/// [`check_supported`]; when the table refuses the dtype, the casting modes'
/// choice `(from, to)` if a mode is on and finds a dtype the op supports
/// there (see [`crate::dtype::casting::cast_target`]), else the error. The
/// supported path returns `Ok(None)` after one mask test.
#[inline]
pub fn check_supported_or_mode(
    info: &'static OpInfo,
    backend: &'static BackendEntry,
    dtype: Option<Dtype>,
) -> Result<Option<(Dtype, Dtype)>> {
    match check_supported(info, backend, dtype) {
        Ok(()) => Ok(None),
        Err(e) => casting_target(info, backend, dtype, e),
    }
}

#[cold]
#[inline(never)]
fn casting_target(
    info: &'static OpInfo,
    backend: &'static BackendEntry,
    dtype: Option<Dtype>,
    refused: Error,
) -> Result<Option<(Dtype, Dtype)>> {
    let Some(from) = dtype else {
        return Err(refused);
    };
    if !crate::dtype::casting::any_mode() {
        return Err(refused);
    }
    let supported = info.supported_dtypes(backend);
    let valid = backend.valid_dtypes();
    match crate::dtype::casting::cast_target(from, valid - supported, valid) {
        Some(to) if supported.contains(to) => Ok(Some((from, to))),
        _ => Err(refused),
    }
}

/// After the kernel table refused the `dtype` argument of an op without
/// array arguments: the dtype the casting modes run it in instead, if the
/// caller gave `dtype` (Ivy casts only a given `dtype` keyword) and a mode
/// finds one the kernel runs.
#[cold]
#[inline(never)]
pub fn casting_target_kernel(
    info: &'static OpInfo,
    backend: &'static BackendEntry,
    dtype: Dtype,
    given: bool,
) -> Option<Dtype> {
    if !given || !crate::dtype::casting::any_mode() {
        return None;
    }
    let supported = info.id.map(|id| backend.resolved().kernel_mask(id))?;
    let valid = backend.valid_dtypes();
    let to = crate::dtype::casting::cast_target(dtype, valid - supported, valid)?;
    supported.contains(to).then_some(to)
}

/// The result of a call the casting modes ran in another dtype, cast back
/// to the `dtype` the caller gave.
#[inline]
pub fn cast_back(out: Array, to: Option<Dtype>) -> Result<Array> {
    match to {
        None => Ok(out),
        Some(d) => cast_back_to(out, d),
    }
}

#[cold]
#[inline(never)]
fn cast_back_to(out: Array, dtype: Dtype) -> Result<Array> {
    crate::api::astype(&out, dtype)
}

/// An array argument under the casting modes' choice `mode` (from
/// [`check_supported_or_mode`]): borrowed as it is unless `mode` is
/// `Some((from, to))` and the array has dtype `from`, which is cast to `to`.
#[inline]
pub fn mode_cast(x: &Array, mode: Option<(Dtype, Dtype)>) -> Result<Held<'_>> {
    match mode {
        None => Ok(Held::borrowed(x)),
        Some((from, to)) => mode_cast_cold(x, from, to),
    }
}

#[cold]
#[inline(never)]
fn mode_cast_cold(x: &Array, from: Dtype, to: Dtype) -> Result<Held<'_>> {
    if x.dtype() == from {
        Ok(Held::owned(crate::api::astype(x, to)?))
    } else {
        Ok(Held::borrowed(x))
    }
}

/// [`mode_cast`] for every array of a list.
#[inline]
pub fn mode_cast_list(
    xs: &[Array],
    mode: Option<(Dtype, Dtype)>,
) -> Result<std::borrow::Cow<'_, [Array]>> {
    match mode {
        None => Ok(std::borrow::Cow::Borrowed(xs)),
        Some(_) => xs
            .iter()
            .map(|x| mode_cast(x, mode).map(Held::into_owned))
            .collect::<Result<Vec<Array>>>()
            .map(std::borrow::Cow::Owned),
    }
}

/// The result of a compositional body, with an error from an op the body
/// called put under the name of the op the user called
/// ([`Error::within`], out of line; the success path is a move).
#[inline(always)]
pub fn within<T>(op: &'static str, result: Result<T>) -> Result<T> {
    match result {
        Ok(v) => Ok(v),
        Err(e) => Err(e.within(op)),
    }
}

/// The op's own dtypes, checked on the input dtype (before casts).
#[inline]
pub fn check_domain(
    info: &'static OpInfo,
    backend: &'static BackendEntry,
    dtype: Option<Dtype>,
) -> Result<()> {
    match dtype {
        Some(d) if !info.dtypes.contains(d) || !backend.valid_dtypes().contains(d) => {
            Err(unsupported(info, backend, d))
        }
        _ => Ok(()),
    }
}

/// A primary op's whole table, checked on the input dtype: its own dtypes,
/// the backend's valid dtypes, the kernel's table (through the op's input
/// casts) and the spec's tables, resolved into one mask when the backend was
/// first used, so this is one mask test.
#[inline]
pub fn check_supported(
    info: &'static OpInfo,
    backend: &'static BackendEntry,
    dtype: Option<Dtype>,
) -> Result<()> {
    check_mask(info, backend, dtype, BackendEntry::supported_dtypes)
}

/// The backend's kernel table, checked on the kernel dtype (after casts):
/// one mask test.
#[inline]
pub fn check_kernel(
    info: &'static OpInfo,
    backend: &'static BackendEntry,
    dtype: Option<Dtype>,
) -> Result<()> {
    check_mask(info, backend, dtype, |b, id| b.resolved().kernel_mask(id))
}

/// `dtype` must be in the op's resolved `mask` on `backend`.
#[inline]
fn check_mask(
    info: &'static OpInfo,
    backend: &'static BackendEntry,
    dtype: Option<Dtype>,
    mask: impl FnOnce(&BackendEntry, crate::catalogue::OpId) -> DtypeSet,
) -> Result<()> {
    match (info.id, dtype) {
        (Some(id), Some(d)) if !mask(backend, id).contains(d) => Err(unsupported(info, backend, d)),
        _ => Ok(()),
    }
}

/// A dtype argument must be valid on the backend.
pub fn check_valid_dtype(op: &str, backend: &'static BackendEntry, dtype: Dtype) -> Result<()> {
    if backend.valid_dtypes().contains(dtype) {
        Ok(())
    } else {
        Err(Error::UnsupportedDtype {
            op: op.to_string(),
            dtypes: DtypeList(vec![dtype]),
            backend: backend.name().to_string(),
            version: backend.version().to_string(),
            supported: backend.valid_dtypes(),
        })
    }
}

/// The error of a kernel the backend does not have.
pub fn no_kernel(op: &str, backend: &str) -> Error {
    Error::invalid(
        op,
        format!("the {backend} backend has no kernel for this op"),
    )
}

/// Run a kernel; a panic inside it becomes [`Error::KernelPanic`].
#[inline]
pub fn kernel<R>(
    op: &str,
    backend: &'static BackendEntry,
    f: impl FnOnce() -> Result<R>,
) -> Result<R> {
    // The kernel writes its result straight into `slot`, and the guard
    // returns nothing: a result passed back through `catch_unwind` is copied
    // once more, which costs more than the rest of the guard.
    let mut slot = std::mem::MaybeUninit::<Result<R>>::uninit();
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        slot.write(f());
    })) {
        // SAFETY: the closure returned, so it wrote the slot.
        Ok(()) => unsafe { slot.assume_init() },
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            Err(Error::KernelPanic {
                op: op.to_string(),
                backend: backend.name().to_string(),
                message,
            })
        }
    }
}

/// The rank of the first array of a list (what its axes are counted against).
pub fn rank_of_list(op: &str, xs: &[Array]) -> Result<usize> {
    xs.first()
        .map(Array::ndim)
        .ok_or_else(|| Error::invalid(op, "expects at least one array"))
}

/// A sample array for the catalogue-driven tests: `1, 2, 3, ...` in row-major
/// order, cast to `dtype`, on the current backend.
pub fn sample_array(dtype: Dtype, shape: &[usize]) -> Array {
    let shape = Shape::from(shape);
    let n = shape.size();
    let data = crate::with_dtype!(dtype, T => {
        let v: Vec<T> = (1..=n).map(|i| Scalar::Int(i as i128).to_element::<T>()).collect();
        HostData::from(v)
    });
    Array::from_host_unchecked(crate::backend::current_backend(), shape, data)
}

/// The array of an `array!` literal: `values` in row-major order, of `dtype`
/// when the literal fixes it (a suffix), else of the dtype Ivy infers for the
/// values with the current defaults.
pub fn array_lit(shape: &[usize], values: &[Scalar], dtype: Option<Dtype>) -> Array {
    let dtype = dtype.unwrap_or_else(|| {
        if values.is_empty() {
            crate::dtype::default_float_dtype()
        } else {
            crate::dtype::default_dtype_for(values)
        }
    });
    let data = crate::with_dtype!(dtype, T => {
        let v: Vec<T> = values.iter().map(|s| s.to_element::<T>()).collect();
        HostData::from(v)
    });
    Array::from_rust(crate::backend::current_backend(), Shape::from(shape), data)
}

/// Typed values for `array!` with a suffix: `T` decides the dtype.
pub fn array_typed<T: Element>(shape: &[usize], values: Vec<T>) -> Array {
    Array::from_rust(
        crate::backend::current_backend(),
        Shape::from(shape),
        HostData::from(values),
    )
}

/// `std::ops` impls of a binary operator for arrays, containers, scalars
/// and `Result`s on the left.
#[macro_export]
#[doc(hidden)]
macro_rules! __binary_operator_impls {
    ($tr:ident, $m:ident, $f:path) => {
        impl ::std::ops::$tr<&$crate::Array> for &$crate::Array {
            type Output = $crate::Result<$crate::Array>;
            fn $m(self, rhs: &$crate::Array) -> $crate::Result<$crate::Array> { $f(self, rhs) }
        }
        impl ::std::ops::$tr<$crate::Array> for &$crate::Array {
            type Output = $crate::Result<$crate::Array>;
            fn $m(self, rhs: $crate::Array) -> $crate::Result<$crate::Array> { $f(self, &rhs) }
        }
        impl ::std::ops::$tr<&$crate::Array> for $crate::Array {
            type Output = $crate::Result<$crate::Array>;
            fn $m(self, rhs: &$crate::Array) -> $crate::Result<$crate::Array> { $f(&self, rhs) }
        }
        impl ::std::ops::$tr<$crate::Array> for $crate::Array {
            type Output = $crate::Result<$crate::Array>;
            fn $m(self, rhs: $crate::Array) -> $crate::Result<$crate::Array> { $f(&self, &rhs) }
        }
        impl ::std::ops::$tr<&$crate::Array> for $crate::Result<$crate::Array> {
            type Output = $crate::Result<$crate::Array>;
            fn $m(self, rhs: &$crate::Array) -> $crate::Result<$crate::Array> { $f(&self?, rhs) }
        }
        impl ::std::ops::$tr<$crate::Array> for $crate::Result<$crate::Array> {
            type Output = $crate::Result<$crate::Array>;
            fn $m(self, rhs: $crate::Array) -> $crate::Result<$crate::Array> { $f(&self?, &rhs) }
        }
        impl<S: $crate::args::ScalarOperand> ::std::ops::$tr<S> for &$crate::Array {
            type Output = $crate::Result<$crate::Array>;
            fn $m(self, rhs: S) -> $crate::Result<$crate::Array> { $f(self, rhs) }
        }
        impl<S: $crate::args::ScalarOperand> ::std::ops::$tr<S> for $crate::Array {
            type Output = $crate::Result<$crate::Array>;
            fn $m(self, rhs: S) -> $crate::Result<$crate::Array> { $f(&self, rhs) }
        }
        $crate::__binary_operator_impls!(@left $tr, $m, $f, i64, f64);
        $crate::__binary_operator_impls!(@containers $tr, $m, $f);
    };
    // Containers: with containers, arrays and `Result`s on either side and
    // scalars on the right (`i64` / `f64` on the left); always a Container.
    (@containers $tr:ident, $m:ident, $f:path) => {
        $crate::__binary_operator_impls!(@pairs $tr, $m, $f,
            [&$crate::Container, $crate::Container],
            [&$crate::Container, $crate::Container, &$crate::Array, $crate::Array]);
        $crate::__binary_operator_impls!(@pairs $tr, $m, $f,
            [&$crate::Array, $crate::Array],
            [&$crate::Container, $crate::Container]);
        $crate::__binary_operator_impls!(@pairs_result $tr, $m, $f, $crate::Container,
            [&$crate::Container, $crate::Container, &$crate::Array, $crate::Array]);
        $crate::__binary_operator_impls!(@pairs_result $tr, $m, $f, $crate::Array,
            [&$crate::Container, $crate::Container]);
        impl<S: $crate::args::ScalarOperand> ::std::ops::$tr<S> for &$crate::Container {
            type Output = $crate::Result<$crate::Container>;
            fn $m(self, rhs: S) -> $crate::Result<$crate::Container> { $f(self, rhs) }
        }
        impl<S: $crate::args::ScalarOperand> ::std::ops::$tr<S> for $crate::Container {
            type Output = $crate::Result<$crate::Container>;
            fn $m(self, rhs: S) -> $crate::Result<$crate::Container> { $f(&self, rhs) }
        }
        $crate::__binary_operator_impls!(@scalar_left $tr, $m, $f, i64, f64);
    };
    (@scalar_left $tr:ident, $m:ident, $f:path, $($s:ty),*) => {$(
        impl ::std::ops::$tr<&$crate::Container> for $s {
            type Output = $crate::Result<$crate::Container>;
            fn $m(self, rhs: &$crate::Container) -> $crate::Result<$crate::Container> { $f(self, rhs) }
        }
        impl ::std::ops::$tr<$crate::Container> for $s {
            type Output = $crate::Result<$crate::Container>;
            fn $m(self, rhs: $crate::Container) -> $crate::Result<$crate::Container> { $f(self, &rhs) }
        }
    )*};
    (@pairs $tr:ident, $m:ident, $f:path, [$($l:ty),*], $rs:tt) => {$(
        $crate::__binary_operator_impls!(@row $tr, $m, $f, $l, $rs);
    )*};
    (@row $tr:ident, $m:ident, $f:path, $l:ty, [$($r:ty),*]) => {$(
        impl ::std::ops::$tr<$r> for $l {
            type Output = $crate::Result<$crate::Container>;
            #[allow(clippy::needless_borrow)]
            fn $m(self, rhs: $r) -> $crate::Result<$crate::Container> { $f(&self, &rhs) }
        }
    )*};
    (@pairs_result $tr:ident, $m:ident, $f:path, $l:ty, [$($r:ty),*]) => {$(
        impl ::std::ops::$tr<$r> for $crate::Result<$l> {
            type Output = $crate::Result<$crate::Container>;
            #[allow(clippy::needless_borrow)]
            fn $m(self, rhs: $r) -> $crate::Result<$crate::Container> { $f(&self?, &rhs) }
        }
    )*};
    (@left $tr:ident, $m:ident, $f:path, $($s:ty),*) => {$(
        impl ::std::ops::$tr<&$crate::Array> for $s {
            type Output = $crate::Result<$crate::Array>;
            fn $m(self, rhs: &$crate::Array) -> $crate::Result<$crate::Array> { $f(self, rhs) }
        }
        impl ::std::ops::$tr<$crate::Array> for $s {
            type Output = $crate::Result<$crate::Array>;
            fn $m(self, rhs: $crate::Array) -> $crate::Result<$crate::Array> { $f(self, &rhs) }
        }
    )*};
}
pub use __binary_operator_impls as binary_operator_impls;

/// `std::ops` impls of a unary operator for arrays.
#[macro_export]
#[doc(hidden)]
macro_rules! __unary_operator_impls {
    ($tr:ident, $m:ident, $f:path) => {
        impl ::std::ops::$tr for &$crate::Array {
            type Output = $crate::Result<$crate::Array>;
            fn $m(self) -> $crate::Result<$crate::Array> {
                $f(self)
            }
        }
        impl ::std::ops::$tr for $crate::Array {
            type Output = $crate::Result<$crate::Array>;
            fn $m(self) -> $crate::Result<$crate::Array> {
                $f(&self)
            }
        }
        impl ::std::ops::$tr for &$crate::Container {
            type Output = $crate::Result<$crate::Container>;
            fn $m(self) -> $crate::Result<$crate::Container> {
                $f(self)
            }
        }
        impl ::std::ops::$tr for $crate::Container {
            type Output = $crate::Result<$crate::Container>;
            fn $m(self) -> $crate::Result<$crate::Container> {
                $f(&self)
            }
        }
    };
}
pub use __unary_operator_impls as unary_operator_impls;

/// Reduce a per-sample loss as losses' `reduction` argument says.
pub fn reduce_loss(op: &str, x: &Array, reduction: &str) -> Result<Array> {
    match reduction {
        "mean" => crate::api::mean(x),
        "sum" => crate::api::sum_with(x, crate::api::opts::Sum::new().dtype(x.dtype())),
        "none" => Ok(x.clone()),
        other => Err(Error::invalid(
            op,
            format!("unknown reduction `{other}`; expected \"mean\", \"sum\" or \"none\""),
        )),
    }
}

/// Reduce a per-sample loss as `reduction` says, along `axis` when given
/// (Ivy's losses that take an `axis`).
pub fn reduce_loss_along(op: &str, x: &Array, reduction: &str, axis: Option<i64>) -> Result<Array> {
    let Some(axis) = axis else {
        return reduce_loss(op, x, reduction);
    };
    match reduction {
        "mean" => crate::api::mean_with(x, crate::api::opts::Mean::new().axis(axis)),
        "sum" => crate::api::sum_with(x, crate::api::opts::Sum::new().axis(axis).dtype(x.dtype())),
        "none" => Ok(x.clone()),
        other => Err(Error::invalid(
            op,
            format!("unknown reduction `{other}`; expected \"mean\", \"sum\" or \"none\""),
        )),
    }
}

/// Stirling's approximation of `log(t!)`, `t log t - t + log(2 pi t) / 2`,
/// where `t > 1`, and 0 elsewhere (the full Poisson losses). The logs read a
/// stand-in of 1 where `t <= 1`, so neither the value nor the gradient of the
/// unselected branch is NaN.
pub fn stirling_term(t: &Array) -> Result<Array> {
    use crate::api as a;
    let big = a::greater(t, 1)?;
    let safe = a::r#where(&big, t, &a::ones_like(t)?)?;
    let s = a::add(
        &a::subtract(&a::multiply(&safe, &a::log(&safe)?)?, &safe)?,
        &a::multiply(
            &a::log(&a::multiply(&safe, 2.0 * std::f64::consts::PI)?)?,
            0.5,
        )?,
    )?;
    a::r#where(&big, &s, &a::zeros_like(&s)?)
}

/// The mean over 3x3 windows (stride 1) of the last two axes of `x`, each
/// window cut to the positions inside the array (an average pool with
/// `SAME` padding that does not count the padding), in ivy ops so it is
/// differentiable.
pub fn avg_pool_3x3(op: &str, x: &Array) -> Result<Array> {
    use crate::api as a;
    use crate::index::{Index, IndexItem};
    let nd = x.ndim();
    if nd < 2 {
        return Err(Error::shape(
            op,
            "needs at least two dimensions",
            vec![x.shape().clone()],
        ));
    }
    let dims = x.shape().dims().to_vec();
    let (h, w) = (dims[nd - 2], dims[nd - 1]);
    let zeros = |axis: usize| -> Result<Array> {
        let mut d = x.shape().dims().to_vec();
        d[axis] = 1;
        if axis == nd - 1 {
            d[nd - 2] = h + 2;
        }
        a::zeros_with(Shape::from(d), a::opts::Zeros::new().dtype(x.dtype()))
    };
    let rows = a::concat_with(
        vec![zeros(nd - 2)?, x.clone(), zeros(nd - 2)?],
        a::opts::Concat::new().axis(nd as i64 - 2),
    )?;
    let padded = a::concat_with(
        vec![zeros(nd - 1)?, rows, zeros(nd - 1)?],
        a::opts::Concat::new().axis(-1),
    )?;
    let mut total: Option<Array> = None;
    for di in 0..3i64 {
        for dj in 0..3i64 {
            let idx = Index::new(vec![
                IndexItem::Ellipsis,
                IndexItem::from(di..di + h as i64),
                IndexItem::from(dj..dj + w as i64),
            ]);
            let part = a::get_item(&padded, idx)?;
            total = Some(match total {
                None => part,
                Some(t) => a::add(&t, &part)?,
            });
        }
    }
    let span =
        |i: usize, n: usize| 1.0 + f64::from(u8::from(i > 0)) + f64::from(u8::from(i + 1 < n));
    let counts: Vec<f64> = (0..h * w)
        .map(|k| span(k / w.max(1), h) * span(k % w.max(1), w))
        .collect();
    let counts = a::astype(&Array::from_shape_vec(vec![h, w], counts)?, x.dtype())?;
    let total = total.ok_or_else(|| Error::invalid(op, "internal error: no window"))?;
    a::divide(&total, &counts)
}

/// `x` with its channel axis last: as it is for `data_format = "NSC"`,
/// moved from axis 1 for `"NCS"` (the norms' data formats).
pub fn channels_last(op: &str, x: &Array, data_format: &str) -> Result<Array> {
    let nd = x.ndim() as i64;
    match data_format {
        "NSC" => Ok(x.clone()),
        "NCS" => {
            let mut perm = vec![0i64];
            perm.extend(2..nd);
            perm.push(1);
            crate::api::permute_dims(x, perm)
        }
        other => Err(Error::invalid(
            op,
            format!("data_format must be \"NSC\" or \"NCS\", got {other:?}"),
        )),
    }
}

/// The inverse of [`channels_last`].
pub fn channels_back(op: &str, y: &Array, data_format: &str) -> Result<Array> {
    let nd = y.ndim() as i64;
    match data_format {
        "NSC" => Ok(y.clone()),
        "NCS" => {
            let mut perm = vec![0i64, nd - 1];
            perm.extend(1..nd - 1);
            crate::api::permute_dims(y, perm)
        }
        other => Err(Error::invalid(
            op,
            format!("data_format must be \"NSC\" or \"NCS\", got {other:?}"),
        )),
    }
}

/// Where `scatter_nd` writes: the result's shape and, per element of
/// `updates` in row-major order, its flat position in the result.
#[derive(Debug, Clone)]
pub struct ScatterNdPlan {
    /// The shape of the result.
    pub shape: Vec<usize>,
    /// The number of elements of the result.
    pub size: usize,
    /// The flat position of each update element.
    pub positions: Vec<i64>,
}

/// Plan `scatter_nd` (named `op` in errors): check the shapes of `indices`
/// and `updates` against `shape` (inferred from the largest indices when
/// `None`) and resolve every index tuple, negative ones counting from the
/// end; out of range is an error.
pub fn scatter_nd_plan(
    op: &str,
    indices: &Array,
    updates: &Array,
    shape: Option<Vec<usize>>,
) -> Result<ScatterNdPlan> {
    let shapes = || vec![indices.shape().clone(), updates.shape().clone()];
    if !indices.dtype().is_int() {
        return Err(Error::invalid(
            op,
            format!("indices must be integers, got {}", indices.dtype()),
        ));
    }
    let idims = indices.shape().dims();
    let r = idims.len();
    let m = idims.last().copied().unwrap_or(0);
    if r == 0 || m == 0 {
        return Err(Error::shape(
            op,
            "indices needs a last axis of at least one index component",
            shapes(),
        ));
    }
    let lead = &idims[..r - 1];
    let udims = updates.shape().dims();
    if udims.len() < lead.len() || &udims[..lead.len()] != lead {
        return Err(Error::shape(
            op,
            "updates must have shape indices.shape[..-1] + shape[m..]",
            shapes(),
        ));
    }
    let trailing = &udims[lead.len()..];
    let tuples = crate::api::astype(indices, Dtype::Int64)?.to_vec::<i64>()?;
    let shape = match shape {
        Some(s) => {
            if s.len() != m + trailing.len() || &s[m..] != trailing {
                let mut all = shapes();
                all.push(Shape::from(s.clone()));
                return Err(Error::shape(
                    op,
                    "updates must have shape indices.shape[..-1] + shape[m..]",
                    all,
                ));
            }
            s
        }
        None => {
            let mut s = vec![0usize; m];
            for t in tuples.chunks(m) {
                for (j, &i) in t.iter().enumerate() {
                    let need = usize::try_from(i)
                        .ok()
                        .and_then(|i| i.checked_add(1))
                        .ok_or_else(|| {
                            Error::invalid(
                                op,
                                format!("index {i} along axis {j} cannot size an axis; give shape"),
                            )
                        })?;
                    s[j] = s[j].max(need);
                }
            }
            s.extend_from_slice(trailing);
            s
        }
    };
    let too_big = || Error::invalid(op, format!("shape {shape:?} has too many elements"));
    let size = shape
        .iter()
        .try_fold(1usize, |a, &d| a.checked_mul(d))
        .filter(|&n| i64::try_from(n).is_ok())
        .ok_or_else(too_big)?;
    let block: usize = trailing.iter().product();
    let mut positions = Vec::with_capacity(tuples.len() / m * block);
    for t in tuples.chunks(m) {
        let mut base: i64 = 0;
        for (j, &i) in t.iter().enumerate() {
            let d = shape[j] as i64;
            let k = if i < 0 { i + d } else { i };
            if k < 0 || k >= d {
                return Err(Error::invalid(
                    op,
                    format!("index {i} is out of bounds for axis {j} with size {d}"),
                ));
            }
            base = base * d + k;
        }
        let base = base * block as i64;
        positions.extend((0..block as i64).map(|e| base + e));
    }
    Ok(ScatterNdPlan {
        shape,
        size,
        positions,
    })
}

/// `x * max_norm / max(norm, max_norm)`: `x` scaled down to a norm of
/// `max_norm` when `norm` is larger (the clip-by-norm ops; `norm` broadcasts
/// against `x`).
pub fn clip_by_norm(op: &str, x: &Array, norm: &Array, max_norm: f64) -> Result<Array> {
    use crate::api as a;
    if max_norm.is_nan() || max_norm < 0.0 {
        return Err(Error::invalid(
            op,
            format!("max_norm must be a non-negative number, got {max_norm}"),
        ));
    }
    if max_norm == 0.0 {
        return a::multiply(x, 0);
    }
    let norm = a::astype(norm, x.dtype())?;
    let ratio = a::divide(max_norm, &a::maximum(&norm, max_norm)?)?;
    a::multiply(x, &a::astype(&ratio, x.dtype())?)
}

/// The right singular vector of the largest singular value of each matrix
/// of `x` (its last two axes), shaped `[.., n, 1]` in the dtype of `x`:
/// power iteration on `x^T x` in float64 from the row of largest norm, to
/// convergence (at most 1,000 steps). A constant (no gradient flows into it).
pub fn top_right_singular_vectors(op: &str, x: &Array) -> Result<Array> {
    let nd = x.ndim();
    let dims = x.shape().dims();
    let (m, n) = (dims[nd - 2], dims[nd - 1]);
    let values = crate::api::astype(x, Dtype::Float64)?.to_vec::<f64>()?;
    let count: usize = dims[..nd - 2].iter().product();
    let mut out = Vec::with_capacity(count * n);
    for b in 0..count {
        let a = &values[b * m * n..(b + 1) * m * n];
        let row = |i: usize| &a[i * n..(i + 1) * n];
        let norm = |v: &[f64]| v.iter().map(|t| t * t).sum::<f64>().sqrt();
        let start = (0..m).max_by(|&i, &j| norm(row(i)).total_cmp(&norm(row(j))));
        let mut v: Vec<f64> = start.map_or_else(|| vec![0.0; n], |i| row(i).to_vec());
        let mut sigma = 0.0;
        for _ in 0..1000 {
            let nv = norm(&v);
            if nv == 0.0 || !nv.is_finite() {
                break;
            }
            v.iter_mut().for_each(|t| *t /= nv);
            // w = A^T (A v)
            let av: Vec<f64> = (0..m)
                .map(|i| row(i).iter().zip(&v).map(|(p, q)| p * q).sum())
                .collect();
            let mut w = vec![0.0; n];
            for (i, s) in av.iter().enumerate() {
                for (wk, p) in w.iter_mut().zip(row(i)) {
                    *wk += p * s;
                }
            }
            let next = norm(&w);
            let done = (next - sigma).abs() <= 1e-15 * next;
            sigma = next;
            v = w;
            if done {
                break;
            }
        }
        let nv = norm(&v);
        if nv == 0.0 || !nv.is_finite() {
            v = vec![0.0; n];
            if let Some(first) = v.first_mut() {
                *first = 1.0;
            }
        } else {
            v.iter_mut().for_each(|t| *t /= nv);
        }
        out.extend(v);
    }
    if out.len() != count * n {
        return Err(Error::invalid(
            op,
            "internal error: singular vectors of the wrong size",
        ));
    }
    let mut shape = dims[..nd - 2].to_vec();
    shape.extend([n, 1]);
    crate::api::astype(&Array::from_shape_vec(shape, out)?, x.dtype())
}

/// `(before, after)` per axis of an array of rank `nd` from a flat list of
/// `n >= 0` integers: one for every side of every axis, a `(before, after)`
/// pair for every axis, or a pair per axis (`2 * nd` values, axis by axis).
pub fn pad_pairs(op: &str, what: &str, v: &[i64], nd: usize) -> Result<Vec<(usize, usize)>> {
    let bad = || {
        Error::invalid(
            op,
            format!(
                "{what} must be 1, 2 or 2 * ndim ({}) non-negative integers, got {v:?}",
                2 * nd
            ),
        )
    };
    let u = |i: i64| usize::try_from(i).map_err(|_| bad());
    match v.len() {
        1 => Ok(vec![(u(v[0])?, u(v[0])?); nd]),
        2 => Ok(vec![(u(v[0])?, u(v[1])?); nd]),
        n if n == 2 * nd => v.chunks(2).map(|p| Ok((u(p[0])?, u(p[1])?))).collect(),
        _ => Err(bad()),
    }
}

/// NumPy's `pad` (named `op` in errors) in ivy ops, so it is differentiable:
/// the axes are padded one after the other, each from the array padded so
/// far, as NumPy does.
#[allow(clippy::too_many_arguments)]
pub fn pad_array(
    op: &str,
    x: &Array,
    pad_width: &[i64],
    mode: &str,
    stat_length: Option<&[i64]>,
    constant_values: Scalar,
    end_values: Scalar,
    reflect_type: &str,
) -> Result<Array> {
    use crate::api as a;
    let nd = x.ndim();
    let widths = pad_pairs(op, "pad_width", pad_width, nd)?;
    let stats = match stat_length {
        Some(v) => Some(pad_pairs(op, "stat_length", v, nd)?),
        None => None,
    };
    const MODES: &[&str] = &[
        "constant",
        "edge",
        "reflect",
        "symmetric",
        "wrap",
        "linear_ramp",
        "maximum",
        "mean",
        "median",
        "minimum",
    ];
    if !MODES.contains(&mode) {
        return Err(Error::invalid(
            op,
            format!("unknown mode {mode:?}; expected one of {MODES:?}"),
        ));
    }
    let odd = match reflect_type {
        "even" => false,
        "odd" => true,
        other => {
            return Err(Error::invalid(
                op,
                format!("reflect_type must be \"even\" or \"odd\", got {other:?}"),
            ));
        }
    };
    let dt = x.dtype();
    let numeric_only = matches!(
        mode,
        "linear_ramp" | "maximum" | "mean" | "median" | "minimum"
    ) || (odd && matches!(mode, "reflect" | "symmetric"));
    if numeric_only
        && (dt.is_bool() || (dt.is_complex() && mode != "reflect" && mode != "symmetric"))
    {
        return Err(Error::invalid(
            op,
            format!("mode {mode:?} does not support {dt} arrays"),
        ));
    }
    // An array of per-position values along axis `ax`, broadcasting against y.
    let along = |vals: Vec<i64>, ax: usize, rank: usize| -> Result<Array> {
        let mut shape = vec![1usize; rank];
        shape[ax] = vals.len();
        Array::from_shape_vec(shape, vals)
    };
    let take = |y: &Array, idx: Vec<i64>, ax: usize| -> Result<Array> {
        let mut items = vec![crate::index::IndexItem::from(..); ax];
        items.push(crate::index::IndexItem::Array(Array::from_shape_vec(
            vec![idx.len()],
            idx,
        )?));
        a::get_item(y, crate::index::Index::new(items))
    };
    let block = |y: &Array, ax: usize, len: usize, value: Scalar| -> Result<Array> {
        let mut d = y.shape().dims().to_vec();
        d[ax] = len;
        a::full_with(Shape::from(d), value, a::opts::Full::new().dtype(dt))
    };
    let mut y = x.clone();
    for (ax, &(before, after)) in widths.iter().enumerate() {
        if before == 0 && after == 0 {
            continue;
        }
        let n = y.shape().dims()[ax];
        if mode == "constant" {
            let parts = vec![
                block(&y, ax, before, constant_values)?,
                y.clone(),
                block(&y, ax, after, constant_values)?,
            ];
            y = a::concat_with(parts, a::opts::Concat::new().axis(ax as i64))?;
            continue;
        }
        if n == 0 {
            return Err(Error::invalid(
                op,
                format!(
                    "cannot extend the empty axis {ax} with mode {mode:?}, only with \"constant\""
                ),
            ));
        }
        let total = n
            .checked_add(before)
            .and_then(|t| t.checked_add(after))
            .ok_or_else(|| Error::invalid(op, "pad_width too large"))?;
        let (b, n_i) = (before as i64, n as i64);
        let positions = (0..total as i64).map(|k| k - b);
        match mode {
            "edge" | "wrap" | "reflect" | "symmetric"
                if !odd || mode == "edge" || mode == "wrap" || (mode == "reflect" && n == 1) =>
            {
                let idx: Vec<i64> = positions
                    .map(|i| match mode {
                        "wrap" => i.rem_euclid(n_i),
                        "symmetric" => {
                            let r = i.rem_euclid(2 * n_i);
                            if r < n_i { r } else { 2 * n_i - 1 - r }
                        }
                        "reflect" if n > 1 => {
                            let p = 2 * (n_i - 1);
                            let r = i.rem_euclid(p);
                            if r < n_i { r } else { p - r }
                        }
                        _ => i.clamp(0, n_i - 1),
                    })
                    .collect();
                y = take(&y, idx, ax)?;
            }
            "reflect" | "symmetric" => {
                // Odd reflection: g(i) = q * D + h(r) with i = q * P + r,
                // D = 2 (x[n-1] - x[0]), h(r) = x[r] below n and
                // 2 x[n-1] - x[P - r] (reflect) / x[2n - 1 - r] (symmetric)
                // above: NumPy's repeated point reflections, in closed form.
                let p = if mode == "reflect" {
                    2 * (n_i - 1)
                } else {
                    2 * n_i
                };
                let (mut j, mut ca, mut c0, mut c1) =
                    (Vec::new(), Vec::new(), Vec::new(), Vec::new());
                for i in positions {
                    let (q, r) = (i.div_euclid(p), i.rem_euclid(p));
                    let mirrored = r >= n_i;
                    j.push(if !mirrored {
                        r
                    } else if mode == "reflect" {
                        p - r
                    } else {
                        2 * n_i - 1 - r
                    });
                    ca.push(if mirrored { -1 } else { 1 });
                    c0.push(-2 * q);
                    c1.push(2 * q + if mirrored { 2 } else { 0 });
                }
                let rank = y.ndim();
                let first = take(&y, vec![0], ax)?;
                let last = take(&y, vec![n_i - 1], ax)?;
                let coef =
                    |c: &Vec<i64>| -> Result<Array> { a::astype(&along(c.clone(), ax, rank)?, dt) };
                let mut out = a::multiply(&take(&y, j, ax)?, &coef(&ca)?)?;
                for (e, c) in [(&first, &c0), (&last, &c1)] {
                    if c.iter().any(|&v| v != 0) {
                        let mask = a::astype(
                            &along(c.iter().map(|&v| i64::from(v != 0)).collect(), ax, rank)?,
                            Dtype::Bool,
                        )?;
                        let with = a::add(&out, &a::multiply(e, &coef(c)?)?)?;
                        out = a::r#where(&mask, &with, &out)?;
                    }
                }
                y = out;
            }
            "linear_ramp" => {
                // NumPy's linspace(end, edge, width, endpoint=False) in
                // float64, floored for integers, then cast.
                let f64_ = Dtype::Float64;
                let end = a::full_with(
                    Shape::scalar(),
                    end_values,
                    a::opts::Full::new().dtype(f64_),
                )?;
                let ramp = |edge: Array, width: usize, rev: bool| -> Result<Array> {
                    let e = a::astype(&edge, f64_)?;
                    let step = a::divide(&a::subtract(&e, &end)?, width as f64)?;
                    let ks: Vec<i64> = if rev {
                        (0..width as i64).rev().collect()
                    } else {
                        (0..width as i64).collect()
                    };
                    let ks = a::astype(&along(ks, ax, y.ndim())?, f64_)?;
                    let mut r = a::add(&a::multiply(&ks, &step)?, &end)?;
                    if dt.is_int() {
                        r = a::floor(&r)?;
                    }
                    a::astype(&r, dt)
                };
                let left = ramp(take(&y, vec![0], ax)?, before, false)?;
                let right = ramp(take(&y, vec![n_i - 1], ax)?, after, true)?;
                y = a::concat_with(
                    vec![left, y.clone(), right],
                    a::opts::Concat::new().axis(ax as i64),
                )?;
            }
            _ => {
                let (sl, sr) = match &stats {
                    Some(s) => s[ax],
                    None => (n, n),
                };
                if sl == 0 || sr == 0 {
                    return Err(Error::invalid(
                        op,
                        format!("stat_length of 0 gives no value to pad axis {ax} with"),
                    ));
                }
                let stat = |idx: Vec<i64>| -> Result<Array> {
                    let part = take(&y, idx, ax)?;
                    let axis = ax as i64;
                    match mode {
                        "maximum" => {
                            a::max_with(&part, a::opts::Max::new().axis(axis).keepdims(true))
                        }
                        "minimum" => {
                            a::min_with(&part, a::opts::Min::new().axis(axis).keepdims(true))
                        }
                        _ => {
                            let m = if mode == "mean" {
                                let src = if dt.is_int() {
                                    a::astype(&part, Dtype::Float64)?
                                } else {
                                    part
                                };
                                a::mean_with(&src, a::opts::Mean::new().axis(axis).keepdims(true))?
                            } else {
                                let sorted = a::sort_with(&part, a::opts::Sort::new().axis(axis))?;
                                let len = sorted.shape().dims()[ax] as i64;
                                let mid = take(&sorted, vec![(len - 1) / 2, len / 2], ax)?;
                                let src = if dt.is_int() {
                                    a::astype(&mid, Dtype::Float64)?
                                } else {
                                    mid
                                };
                                a::mean_with(&src, a::opts::Mean::new().axis(axis).keepdims(true))?
                            };
                            if dt.is_int() {
                                a::astype(&a::round(&m)?, dt)
                            } else {
                                a::astype(&m, dt)
                            }
                        }
                    }
                };
                let (sl, sr) = (sl.min(n) as i64, sr.min(n) as i64);
                let left = stat((0..sl).collect())?;
                let right = stat((n_i - sr..n_i).collect())?;
                let left =
                    a::repeat_with(&left, before as i64, a::opts::Repeat::new().axis(ax as i64))?;
                let right =
                    a::repeat_with(&right, after as i64, a::opts::Repeat::new().axis(ax as i64))?;
                y = a::concat_with(
                    vec![left, y.clone(), right],
                    a::opts::Concat::new().axis(ax as i64),
                )?;
            }
        }
    }
    Ok(y)
}

/// `a` with at least two dimensions: `[]` becomes `[1, 1]`, `[n]` becomes
/// `[1, n]` (NumPy's `atleast_2d`).
pub fn at_least_2d(a: &Array) -> Result<Array> {
    match a.ndim() {
        0 => crate::api::reshape(a, [1, 1]),
        1 => crate::api::reshape(a, [1, -1]),
        _ => Ok(a.clone()),
    }
}

/// `a` with at least three dimensions: `[]` becomes `[1, 1, 1]`, `[n]`
/// becomes `[1, n, 1]`, `[m, n]` becomes `[m, n, 1]` (NumPy's `atleast_3d`).
pub fn at_least_3d(a: &Array) -> Result<Array> {
    let d = a.shape().dims();
    match a.ndim() {
        0 => crate::api::reshape(a, [1, 1, 1]),
        1 => crate::api::reshape(a, [1, d[0] as i64, 1]),
        2 => crate::api::reshape(a, [d[0] as i64, d[1] as i64, 1]),
        _ => Ok(a.clone()),
    }
}

/// Check that the arrays broadcast together, with an error naming `op` (for
/// compositional ops, whose callees would otherwise name themselves).
pub fn check_broadcast(op: &str, xs: &[&Array]) -> Result<()> {
    let mut shape = Shape::scalar();
    for x in xs {
        shape = crate::shape::broadcast_shapes_of(op, &shape, x.shape())?;
    }
    Ok(())
}

/// Map a nestable op's leaf function over the containers among its `N`
/// operands (the engine of the generated `__nested_<op>` functions): `f`
/// gets the operands at one key chain, every one a leaf.
#[inline]
pub fn map_nodes<'a, M, const N: usize>(
    op: &'static str,
    nodes: &[crate::Node<'a>; N],
    f: &mut impl FnMut(&[crate::Node<'a>; N]) -> Result<M>,
) -> Result<crate::Container<M>> {
    crate::container::map_nodes(op, nodes, &OperandRef::Array, f)
}

/// [`map_nodes`] for ops with list parameters: any number of nodes, `f`
/// gets them at one key chain, every one a leaf.
#[inline]
pub fn map_node_list<'a, M>(
    op: &'static str,
    nodes: &[crate::Node<'a>],
    f: &mut impl FnMut(&[crate::Node<'a>]) -> Result<M>,
) -> Result<crate::Container<M>> {
    crate::container::map_node_list(op, nodes, f)
}

/// The first of the leaves `xs` an op with lists gets at one key chain, and
/// the rest.
#[inline]
pub fn take_leaf<'x, 'a>(
    op: &'static str,
    xs: &'x [crate::Node<'a>],
) -> Result<(crate::args::OperandRef<'a>, &'x [crate::Node<'a>])> {
    match xs {
        [crate::Node::Leaf(x), rest @ ..] => Ok((*x, rest)),
        _ => Err(not_a_leaf(op)),
    }
}

/// The first `n` of the leaves `xs` (a list argument at one key chain) as
/// arrays, and the rest.
#[inline]
pub fn take_list<'x, 'a>(
    op: &'static str,
    xs: &'x [crate::Node<'a>],
    n: usize,
) -> Result<(Vec<Array>, &'x [crate::Node<'a>])> {
    if xs.len() < n {
        return Err(not_a_leaf(op));
    }
    let (list, rest) = xs.split_at(n);
    let mut out = Vec::with_capacity(n);
    for x in list {
        match *x {
            crate::Node::Leaf(x) => out.push(x.to_array()),
            crate::Node::Container(_) => return Err(not_a_leaf(op)),
        }
    }
    Ok((out, rest))
}

/// A node whose leaf may be absent: an operand or an optional keyword array
/// argument, for the nested functions of ops that have such arguments.
pub type OptNode<'a> = crate::Node<'a, Array, Option<OperandRef<'a>>>;

/// [`map_nodes`] over operands and optional keyword arrays (absent ones are
/// `Node::Leaf(None)`).
#[inline]
pub fn map_opt_nodes<'a, M, const N: usize>(
    op: &'static str,
    nodes: &[OptNode<'a>; N],
    f: &mut impl FnMut(&[OptNode<'a>; N]) -> Result<M>,
) -> Result<crate::Container<M>> {
    crate::container::map_nodes(op, nodes, &|a| Some(OperandRef::Array(a)), f)
}

/// An operand's node as an [`OptNode`].
#[inline]
pub fn some_node(n: crate::Node<'_>) -> OptNode<'_> {
    match n {
        crate::Node::Leaf(x) => crate::Node::Leaf(Some(x)),
        crate::Node::Container(c) => crate::Node::Container(c),
    }
}

/// An optional keyword array argument's node.
#[inline]
pub fn kwarg_node(v: Option<&crate::ArrayLike>) -> OptNode<'_> {
    match v.map(crate::ArrayLike::node) {
        None => crate::Node::Leaf(None),
        Some(n) => some_node(n),
    }
}

/// An optional keyword array argument on the array-only path: a container
/// there is an error (the call's return type, an `Array`, was fixed by its
/// positional arguments).
#[inline]
pub fn kwarg_leaf<'a>(
    op: &str,
    name: &str,
    v: Option<&'a crate::ArrayLike>,
) -> Result<Option<OperandRef<'a>>> {
    match v.map(crate::ArrayLike::node) {
        None => Ok(None),
        Some(crate::Node::Leaf(x)) => Ok(Some(x)),
        Some(crate::Node::Container(_)) => Err(Error::invalid(
            op,
            format!(
                "the keyword argument `{name}` is a container but no array argument is: a \
                 container keyword maps with the call's containers, so pass a container \
                 positionally too"
            ),
        )),
    }
}

/// The engine handed a nested function a container where it promises
/// leaves (a bug, reported as an error rather than a panic).
#[cold]
pub fn not_a_leaf(op: &str) -> Error {
    Error::invalid(
        op,
        "internal: the container engine passed a container as a leaf",
    )
}
