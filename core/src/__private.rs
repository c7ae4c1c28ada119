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
use std::marker::PhantomData;

pub use crate::gradients::graph::{Grads, VjpArgs};
use crate::gradients::graph::{Recorded, Rule, VjpFn};
pub use smallvec::SmallVec;

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
use std::ops::Deref;
use std::ptr::NonNull;

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

/// An array a call works on: the caller's (borrowed), or one the call made
/// (a scalar operand, a cast). Two words, so the arrays of a call move
/// around cheaply; it derefs to the array. Dropping a borrowed one is a test
/// of a flag, inlined, so the arrays of a call cost nothing to let go.
pub struct Held<'a> {
    array: NonNull<Array>,
    /// Whether `array` is a `Box` this value owns.
    owned: bool,
    _borrow: PhantomData<&'a Array>,
}

impl<'a> Held<'a> {
    /// The caller's array.
    #[inline]
    pub fn borrowed(a: &'a Array) -> Held<'a> {
        Held {
            array: NonNull::from(a),
            owned: false,
            _borrow: PhantomData,
        }
    }

    /// An array made for this call.
    pub fn owned(a: Array) -> Held<'a> {
        Held {
            array: NonNull::from(Box::leak(Box::new(a))),
            owned: true,
            _borrow: PhantomData,
        }
    }

    /// The array, cloned (cheaply: storage is shared) if borrowed.
    pub fn into_owned(self) -> Array {
        let this = std::mem::ManuallyDrop::new(self);
        if this.owned {
            // SAFETY: an owned `array` came from `Box::leak`, and `this` is
            // not dropped, so the box is taken back once.
            *unsafe { Box::from_raw(this.array.as_ptr()) }
        } else {
            (**this).clone()
        }
    }
}

impl Drop for Held<'_> {
    #[inline(always)]
    fn drop(&mut self) {
        if self.owned {
            drop_owned(self.array);
        }
    }
}

/// Drop the array of an owned [`Held`] (out of line: the rare case).
#[cold]
#[inline(never)]
fn drop_owned(array: NonNull<Array>) {
    // SAFETY: called once, from the drop of the `Held` that owns the box.
    drop(unsafe { Box::from_raw(array.as_ptr()) });
}

impl Deref for Held<'_> {
    type Target = Array;
    #[inline]
    fn deref(&self) -> &Array {
        // SAFETY: the array is borrowed for `'a` or owned by this value.
        unsafe { self.array.as_ref() }
    }
}

impl AsRef<Array> for Held<'_> {
    #[inline]
    fn as_ref(&self) -> &Array {
        self
    }
}

/// A 0-d host array holding `s` as `dtype`.
pub fn scalar_array(s: Scalar, dtype: Dtype, backend: &'static BackendEntry) -> Array {
    let data = crate::with_dtype!(dtype, T => HostData::from(vec![s.to_element::<T>()]));
    Array::from_host_unchecked(backend, Shape::scalar(), data)
}

/// The operand as an array: arrays are borrowed, scalars become 0-d arrays of
/// their default dtype.
#[inline]
pub fn to_array<'a>(backend: &'static BackendEntry, x: OperandRef<'a>) -> Held<'a> {
    match x {
        OperandRef::Array(a) => Held::borrowed(a),
        OperandRef::Scalar(s) => held_scalar(s, backend),
    }
}

/// A scalar operand as a 0-d array of its default dtype (kept out of line,
/// so the array case of [`to_array`] inlines to nothing).
#[cold]
#[inline(never)]
fn held_scalar<'a>(s: Scalar, backend: &'static BackendEntry) -> Held<'a> {
    Held::owned(scalar_array(s, s.default_dtype(), backend))
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
                    let sd = scalar_dtype_against(*s, arrays);
                    t = crate::dtype::promote_types(t, sd).map_err(|e| rename(e, op))?;
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
    // On the stack: an operand list is short, and this runs on every call
    // with a scalar.
    let out: smallvec::SmallVec<[Held<'a>; N]> = xs
        .into_iter()
        .map(|x| match x {
            OperandRef::Array(a) => astype(Held::borrowed(a), target),
            OperandRef::Scalar(s) => Ok(Held::owned(scalar_array(s, target, backend))),
        })
        .collect::<Result<_>>()?;
    out.into_inner()
        .map_err(|_| Error::invalid(op, "operand count changed while promoting"))
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

/// Run `f` out of line, in a cold function of its own: for the paths a call
/// almost never takes (a casting-mode retry), so their code does not weigh
/// on the inlining of the common path.
#[cold]
#[inline(never)]
pub fn cold<R>(f: impl FnOnce() -> R) -> R {
    f()
}

/// After the tables refused `dtype` for a primary op on `backend`: the
/// dtype the current casting modes cast it to (see
/// [`crate::dtype::casting::cast_target`]), as `(from, to)`, if a mode is on
/// and finds a dtype the op supports there.
#[cold]
#[inline(never)]
pub fn casting_target(
    info: &'static OpInfo,
    backend: &'static BackendEntry,
    dtype: Option<Dtype>,
) -> Option<(Dtype, Dtype)> {
    let from = dtype?;
    if !crate::dtype::casting::any_mode() {
        return None;
    }
    let supported = info.supported_dtypes(backend);
    let valid = backend.valid_dtypes();
    let to = crate::dtype::casting::cast_target(from, valid - supported, valid)?;
    supported.contains(to).then_some((from, to))
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

/// An array of a casting-mode retry: cast to `to` if it has the refused
/// dtype `from`, else itself.
#[cold]
pub fn mode_cast(x: &Array, from: Dtype, to: Dtype) -> Result<Array> {
    if x.dtype() == from {
        crate::api::astype(x, to)
    } else {
        Ok(x.clone())
    }
}

/// [`mode_cast`] for every array of a list.
#[cold]
pub fn mode_cast_list(xs: &[Array], from: Dtype, to: Dtype) -> Result<Vec<Array>> {
    xs.iter().map(|x| mode_cast(x, from, to)).collect()
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
    Array::from_host_unchecked(crate::backend::current_backend(), Shape::from(shape), data)
}

/// Typed values for `array!` with a suffix: `T` decides the dtype.
pub fn array_typed<T: Element>(shape: &[usize], values: Vec<T>) -> Array {
    Array::from_host_unchecked(
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
