//! Default dtypes (Ivy's stacks) and precise mode, per thread.
//!
//! Each setting is a stack, as in Ivy: `set_*` pushes, `unset_*` pops (a no-op
//! on an empty stack) and the top is the current value. Ivy keeps the stacks in
//! module globals; here every thread has its own, and a new thread starts from
//! the built-in defaults (`float32`, `int32`, `uint32`, `complex64`, precise
//! mode on), so tests and threads do not leak settings into each other.
//!
//! Ivy's context managers become guards that undo their push when dropped
//! ([`PreciseMode`], [`DefaultDtype`], [`DefaultFloatDtype`],
//! [`DefaultIntDtype`], [`DefaultUintDtype`], [`DefaultComplexDtype`]), and
//! closure forms ([`with_precise_mode`], [`with_default_dtype`], ...).
//!
//! ```
//! # extern crate ivy_core as ivy;
//! use ivy::Dtype;
//! assert_eq!(ivy::default_float_dtype(), Dtype::Float32);
//! {
//!     let _g = ivy::DefaultFloatDtype::new(Dtype::Float64)?;
//!     assert_eq!(ivy::default_float_dtype(), Dtype::Float64);
//! }
//! assert_eq!(ivy::default_float_dtype(), Dtype::Float32);
//! # Ok::<(), ivy::Error>(())
//! ```

use super::{Complex64, Dtype};
use crate::error::{Error, Result};
use crate::scalar::Scalar;
use std::cell::RefCell;
use std::marker::PhantomData;

/// The settings of one thread.
struct State {
    dtype: Vec<Dtype>,
    float: Vec<Dtype>,
    int: Vec<Dtype>,
    uint: Vec<Dtype>,
    complex: Vec<Dtype>,
    precise: Vec<bool>,
}

impl State {
    const fn new() -> State {
        State {
            dtype: Vec::new(),
            float: Vec::new(),
            int: Vec::new(),
            uint: Vec::new(),
            complex: Vec::new(),
            precise: Vec::new(),
        }
    }

    fn stack(&mut self, which: Stack) -> &mut Vec<Dtype> {
        match which {
            Stack::Dtype => &mut self.dtype,
            Stack::Float => &mut self.float,
            Stack::Int => &mut self.int,
            Stack::Uint => &mut self.uint,
            Stack::Complex => &mut self.complex,
        }
    }
}

thread_local! {
    static STATE: RefCell<State> = const { RefCell::new(State::new()) };
}

/// One of the five default-dtype stacks.
#[derive(Clone, Copy, Debug)]
enum Stack {
    Dtype,
    Float,
    Int,
    Uint,
    Complex,
}

impl Stack {
    /// The setter's name, for errors.
    fn setter(self) -> &'static str {
        match self {
            Stack::Dtype => "set_default_dtype",
            Stack::Float => "set_default_float_dtype",
            Stack::Int => "set_default_int_dtype",
            Stack::Uint => "set_default_uint_dtype",
            Stack::Complex => "set_default_complex_dtype",
        }
    }

    /// Whether `d` may go on this stack, and what is expected otherwise.
    fn check(self, d: Dtype) -> Result<()> {
        let (ok, expected) = match self {
            Stack::Dtype => (true, ""),
            Stack::Float => (
                d.is_float(),
                "a float dtype (bfloat16, float16, float32 or float64)",
            ),
            Stack::Int => (
                d.is_int(),
                "an integer dtype (int8, int16, int32, int64, uint8, uint16, uint32 or uint64)",
            ),
            Stack::Uint => (
                d.is_uint(),
                "an unsigned integer dtype (uint8, uint16, uint32 or uint64)",
            ),
            Stack::Complex => (d.is_complex(), "a complex dtype (complex64 or complex128)"),
        };
        if ok {
            Ok(())
        } else {
            Err(Error::InvalidDtype {
                op: self.setter().to_string(),
                dtype: d,
                expected: expected.to_string(),
            })
        }
    }
}

/// Run `f` on this thread's state. `None` only while the thread is being torn
/// down (or on a re-entrant borrow, which this module never makes).
fn with_state<R>(f: impl FnOnce(&mut State) -> R) -> Option<R> {
    STATE
        .try_with(|s| s.try_borrow_mut().ok().map(|mut s| f(&mut s)))
        .ok()
        .flatten()
}

fn top(which: Stack) -> Option<Dtype> {
    with_state(|s| s.stack(which).last().copied()).flatten()
}

/// Push after the kind check; returns the depth before the push.
fn push(which: Stack, d: Dtype) -> Result<usize> {
    which.check(d)?;
    Ok(with_state(|s| {
        let st = s.stack(which);
        let depth = st.len();
        st.push(d);
        depth
    })
    .unwrap_or(0))
}

fn pop(which: Stack) {
    with_state(|s| s.stack(which).pop());
}

fn truncate(which: Stack, depth: usize) {
    with_state(|s| s.stack(which).truncate(depth));
}

// ---------------------------------------------------------------------------
// The current defaults
// ---------------------------------------------------------------------------

/// The default dtype (Ivy's `default_dtype()` with no argument): the top of the
/// default-dtype stack, else the top of the default-float stack, else
/// `float32`.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype;
/// assert_eq!(ivy::default_dtype(), Dtype::Float32);
/// ivy::with_default_dtype(Dtype::Int16, || assert_eq!(ivy::default_dtype(), Dtype::Int16))?;
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn default_dtype() -> Dtype {
    top(Stack::Dtype)
        .or_else(|| top(Stack::Float))
        .unwrap_or(Dtype::Float32)
}

/// The default float dtype: the top of its stack, else [`default_dtype`] if
/// that is a float dtype, else `float32`.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype;
/// assert_eq!(ivy::default_float_dtype(), Dtype::Float32);
/// let g = ivy::DefaultDtype::new(Dtype::Float16)?;
/// assert_eq!(ivy::default_float_dtype(), Dtype::Float16);
/// drop(g);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn default_float_dtype() -> Dtype {
    top(Stack::Float).unwrap_or_else(|| {
        let d = default_dtype();
        if d.is_float() { d } else { Dtype::Float32 }
    })
}

/// The default int dtype: the top of its stack, else [`default_dtype`] if that
/// is an integer dtype, else `int32`.
///
/// As in Ivy (whose `is_int_dtype` is true for `uint*` too), an unsigned
/// default dtype counts as an integer dtype here.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype;
/// assert_eq!(ivy::default_int_dtype(), Dtype::Int32);
/// ivy::with_default_dtype(Dtype::UInt8, || assert_eq!(ivy::default_int_dtype(), Dtype::UInt8))?;
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn default_int_dtype() -> Dtype {
    top(Stack::Int).unwrap_or_else(|| {
        let d = default_dtype();
        if d.is_int() { d } else { Dtype::Int32 }
    })
}

/// The default unsigned int dtype: the top of its stack, else
/// [`default_dtype`] if that is unsigned, else `uint32`.
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert_eq!(ivy::default_uint_dtype(), ivy::Dtype::UInt32);
/// ```
pub fn default_uint_dtype() -> Dtype {
    top(Stack::Uint).unwrap_or_else(|| {
        let d = default_dtype();
        if d.is_uint() { d } else { Dtype::UInt32 }
    })
}

/// The default complex dtype: the top of its stack, else [`default_dtype`] if
/// that is complex, else `complex64`.
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert_eq!(ivy::default_complex_dtype(), ivy::Dtype::Complex64);
/// ```
pub fn default_complex_dtype() -> Dtype {
    top(Stack::Complex).unwrap_or_else(|| {
        let d = default_dtype();
        if d.is_complex() { d } else { Dtype::Complex64 }
    })
}

/// The default dtype of the same kind as `dtype` (Ivy's
/// `infer_default_dtype`): the default complex, float, uint or int dtype, or
/// `bool` for `bool`.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype;
/// assert_eq!(ivy::infer_default_dtype(Dtype::Int8), Dtype::Int32);
/// assert_eq!(ivy::infer_default_dtype(Dtype::UInt64), Dtype::UInt32);
/// assert_eq!(ivy::infer_default_dtype(Dtype::Float64), Dtype::Float32);
/// assert_eq!(ivy::infer_default_dtype(Dtype::Complex128), Dtype::Complex64);
/// assert_eq!(ivy::infer_default_dtype(Dtype::Bool), Dtype::Bool);
/// ```
pub fn infer_default_dtype(dtype: Dtype) -> Dtype {
    if dtype.is_complex() {
        default_complex_dtype()
    } else if dtype.is_float() {
        default_float_dtype()
    } else if dtype.is_uint() {
        default_uint_dtype()
    } else if dtype.is_int() {
        default_int_dtype()
    } else {
        Dtype::Bool
    }
}

// ---------------------------------------------------------------------------
// Inference from values
// ---------------------------------------------------------------------------

/// The exponent `e` of Python's `math.frexp(x)` (`x = m * 2**e`,
/// `0.5 <= |m| < 1`) for a finite, non-zero `x`.
fn frexp_exponent(x: f64) -> i32 {
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    if biased == 0 {
        // subnormal: the value is mantissa * 2^-1074
        let mantissa = bits & ((1u64 << 52) - 1);
        let highest = 63 - mantissa.leading_zeros() as i32;
        highest - 1073
    } else {
        biased - 1022
    }
}

/// Ivy's `_check_float64`: a finite value that float32 cannot hold (too large,
/// or too small to be a normal float32 number).
fn needs_float64(x: f64) -> bool {
    if !x.is_finite() || x == 0.0 {
        return false;
    }
    let e = frexp_exponent(x);
    x.abs() > 3.4028235e38 || !(-126..=128).contains(&e)
}

/// Ivy's `_check_complex128`: both parts need float64.
fn needs_complex128(c: Complex64) -> bool {
    needs_float64(c.re) && needs_float64(c.im)
}

/// The float dtype Ivy infers for these values (`default_float_dtype(input=…)`):
/// `float64` if any value needs it, else [`default_float_dtype`].
///
/// A value needs `float64` when it is finite and either `|x| > 3.4028235e38`
/// or its `frexp` exponent is below −126 or above 128 (so `1e-40` does, while
/// `1e-38`, `0`, `inf` and `NaN` do not).
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype;
/// assert_eq!(ivy::default_float_dtype_for(&[1.5, -2.0]), Dtype::Float32);
/// assert_eq!(ivy::default_float_dtype_for(&[1.5, 1e300]), Dtype::Float64);
/// assert_eq!(ivy::default_float_dtype_for(&[1e-40]), Dtype::Float64);
/// assert_eq!(ivy::default_float_dtype_for(&[f64::INFINITY]), Dtype::Float32);
/// ```
pub fn default_float_dtype_for(values: &[f64]) -> Dtype {
    if values.iter().any(|&x| needs_float64(x)) {
        Dtype::Float64
    } else {
        default_float_dtype()
    }
}

/// The int dtype Ivy infers for these values (`default_int_dtype(input=…)`):
/// `uint64` if any value is above `i64::MAX`; else `int64` if any value is
/// above `i32::MAX` **or below `i32::MIN`**; else [`default_int_dtype`].
///
/// Ivy checks only the upper bound (so in Ivy `-2**40` gets `int32` and
/// overflows); the lower bound here is a deliberate fix. Values outside both
/// `int64` and `uint64` get `int64` or `uint64` and wrap when stored. Ivy's
/// exception for the torch backend (no `uint64`) does not apply, as there is
/// no torch backend.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype;
/// assert_eq!(ivy::default_int_dtype_for(&[1, 2, 3]), Dtype::Int32);
/// assert_eq!(ivy::default_int_dtype_for(&[1 << 31]), Dtype::Int64);
/// assert_eq!(ivy::default_int_dtype_for(&[-(1 << 31) - 1]), Dtype::Int64);
/// assert_eq!(ivy::default_int_dtype_for(&[1 << 63]), Dtype::UInt64);
/// ```
pub fn default_int_dtype_for(values: &[i128]) -> Dtype {
    let i32_range = i128::from(i32::MIN)..=i128::from(i32::MAX);
    if values.iter().any(|&v| v > i128::from(i64::MAX)) {
        Dtype::UInt64
    } else if values.iter().any(|v| !i32_range.contains(v)) {
        Dtype::Int64
    } else {
        default_int_dtype()
    }
}

/// The unsigned dtype Ivy infers for these values
/// (`default_uint_dtype(input=…)`): `uint64` if any value is above
/// `u32::MAX`, else [`default_uint_dtype`].
///
/// This is Ivy's rule for a single number. For a list Ivy tests `> i64::MAX`
/// instead (copied from the int rule), so `[2**40]` would get `uint32` there;
/// the single-number threshold is used for every item here.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype;
/// assert_eq!(ivy::default_uint_dtype_for(&[7]), Dtype::UInt32);
/// assert_eq!(ivy::default_uint_dtype_for(&[1 << 32]), Dtype::UInt64);
/// ```
pub fn default_uint_dtype_for(values: &[i128]) -> Dtype {
    if values.iter().any(|&v| v > i128::from(u32::MAX)) {
        Dtype::UInt64
    } else {
        default_uint_dtype()
    }
}

/// The complex dtype Ivy infers for these values
/// (`default_complex_dtype(input=…)`): `complex128` if, for any value, both
/// the real and the imaginary part need `float64` (see
/// [`default_float_dtype_for`]), else [`default_complex_dtype`].
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::{Complex64, Dtype};
/// assert_eq!(ivy::default_complex_dtype_for(&[Complex64::new(1e300, 1.0)]), Dtype::Complex64);
/// assert_eq!(ivy::default_complex_dtype_for(&[Complex64::new(1e300, 1e-300)]), Dtype::Complex128);
/// ```
pub fn default_complex_dtype_for(values: &[Complex64]) -> Dtype {
    if values.iter().any(|&c| needs_complex128(c)) {
        Dtype::Complex128
    } else {
        default_complex_dtype()
    }
}

/// The dtype Ivy infers for a list of Python scalars
/// (`default_dtype(item=[…])`): complex if any item is complex, else float if
/// any is a float, else int if any is an integer, else `bool`; the width comes
/// from the `*_for` function of that kind over the items of that kind. An
/// empty list is treated like no item: [`default_dtype`].
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::{Dtype, Scalar};
/// assert_eq!(ivy::default_dtype_for(&[Scalar::Int(1), Scalar::Float(2.0)]), Dtype::Float32);
/// assert_eq!(ivy::default_dtype_for(&[Scalar::Int(1), Scalar::Int(1 << 40)]), Dtype::Int64);
/// assert_eq!(ivy::default_dtype_for(&[Scalar::Bool(true)]), Dtype::Bool);
/// assert_eq!(ivy::default_dtype_for(&[]), Dtype::Float32);
/// ```
pub fn default_dtype_for(items: &[Scalar]) -> Dtype {
    if items.is_empty() {
        return default_dtype();
    }
    if items.iter().any(|s| s.is_complex()) {
        let values: Vec<Complex64> = items
            .iter()
            .filter_map(|s| match s {
                Scalar::Complex(c) => Some(*c),
                _ => None,
            })
            .collect();
        default_complex_dtype_for(&values)
    } else if items.iter().any(|s| s.is_float()) {
        let values: Vec<f64> = items
            .iter()
            .filter_map(|s| match s {
                Scalar::Float(x) => Some(*x),
                Scalar::Int(i) => Some(*i as f64),
                _ => None,
            })
            .collect();
        default_float_dtype_for(&values)
    } else if items.iter().any(|s| s.is_int()) {
        let values: Vec<i128> = items
            .iter()
            .filter_map(|s| match s {
                Scalar::Int(i) => Some(*i),
                _ => None,
            })
            .collect();
        default_int_dtype_for(&values)
    } else {
        Dtype::Bool
    }
}

// ---------------------------------------------------------------------------
// Setting and unsetting
// ---------------------------------------------------------------------------

/// Push `dtype` onto this thread's default-dtype stack (Ivy's
/// `set_default_dtype`). Any dtype is accepted; the `Result` is for symmetry
/// with the kind-checked setters.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype;
/// ivy::set_default_dtype(Dtype::Float64)?;
/// assert_eq!(ivy::default_dtype(), Dtype::Float64);
/// assert_eq!(ivy::default_float_dtype(), Dtype::Float64);
/// ivy::unset_default_dtype();
/// assert_eq!(ivy::default_dtype(), Dtype::Float32);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn set_default_dtype(dtype: Dtype) -> Result<()> {
    push(Stack::Dtype, dtype).map(drop)
}

/// Push a float dtype onto this thread's default-float stack (Ivy's
/// `set_default_float_dtype`); any other dtype is an [`Error::InvalidDtype`].
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype;
/// ivy::set_default_float_dtype(Dtype::Float16)?;
/// assert_eq!(ivy::default_float_dtype(), Dtype::Float16);
/// ivy::unset_default_float_dtype();
/// assert!(ivy::set_default_float_dtype(Dtype::Int8).is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn set_default_float_dtype(dtype: Dtype) -> Result<()> {
    push(Stack::Float, dtype).map(drop)
}

/// Push an integer dtype onto this thread's default-int stack (Ivy's
/// `set_default_int_dtype`). As in Ivy, whose `IntDtype` accepts any name
/// containing `"int"`, unsigned dtypes are accepted too; a non-integer is an
/// [`Error::InvalidDtype`].
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype;
/// ivy::set_default_int_dtype(Dtype::Int64)?;
/// assert_eq!(ivy::default_int_dtype(), Dtype::Int64);
/// ivy::unset_default_int_dtype();
/// assert!(ivy::set_default_int_dtype(Dtype::Float32).is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn set_default_int_dtype(dtype: Dtype) -> Result<()> {
    push(Stack::Int, dtype).map(drop)
}

/// Push an unsigned dtype onto this thread's default-uint stack (Ivy's
/// `set_default_uint_dtype`); any other dtype is an [`Error::InvalidDtype`].
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype;
/// ivy::set_default_uint_dtype(Dtype::UInt8)?;
/// assert_eq!(ivy::default_uint_dtype(), Dtype::UInt8);
/// ivy::unset_default_uint_dtype();
/// assert!(ivy::set_default_uint_dtype(Dtype::Int8).is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn set_default_uint_dtype(dtype: Dtype) -> Result<()> {
    push(Stack::Uint, dtype).map(drop)
}

/// Push a complex dtype onto this thread's default-complex stack (Ivy's
/// `set_default_complex_dtype`); any other dtype is an [`Error::InvalidDtype`].
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype;
/// ivy::set_default_complex_dtype(Dtype::Complex128)?;
/// assert_eq!(ivy::default_complex_dtype(), Dtype::Complex128);
/// ivy::unset_default_complex_dtype();
/// assert!(ivy::set_default_complex_dtype(Dtype::Float64).is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn set_default_complex_dtype(dtype: Dtype) -> Result<()> {
    push(Stack::Complex, dtype).map(drop)
}

/// Pop this thread's default-dtype stack (a no-op when it is empty).
///
/// ```
/// # extern crate ivy_core as ivy;
/// ivy::unset_default_dtype();
/// assert_eq!(ivy::default_dtype(), ivy::Dtype::Float32);
/// ```
pub fn unset_default_dtype() {
    pop(Stack::Dtype);
}

/// Pop this thread's default-float stack (a no-op when it is empty).
///
/// ```
/// # extern crate ivy_core as ivy;
/// ivy::unset_default_float_dtype();
/// assert_eq!(ivy::default_float_dtype(), ivy::Dtype::Float32);
/// ```
pub fn unset_default_float_dtype() {
    pop(Stack::Float);
}

/// Pop this thread's default-int stack (a no-op when it is empty).
///
/// ```
/// # extern crate ivy_core as ivy;
/// ivy::unset_default_int_dtype();
/// assert_eq!(ivy::default_int_dtype(), ivy::Dtype::Int32);
/// ```
pub fn unset_default_int_dtype() {
    pop(Stack::Int);
}

/// Pop this thread's default-uint stack (a no-op when it is empty).
///
/// ```
/// # extern crate ivy_core as ivy;
/// ivy::unset_default_uint_dtype();
/// assert_eq!(ivy::default_uint_dtype(), ivy::Dtype::UInt32);
/// ```
pub fn unset_default_uint_dtype() {
    pop(Stack::Uint);
}

/// Pop this thread's default-complex stack (a no-op when it is empty).
///
/// ```
/// # extern crate ivy_core as ivy;
/// ivy::unset_default_complex_dtype();
/// assert_eq!(ivy::default_complex_dtype(), ivy::Dtype::Complex64);
/// ```
pub fn unset_default_complex_dtype() {
    pop(Stack::Complex);
}

// ---------------------------------------------------------------------------
// Precise mode
// ---------------------------------------------------------------------------

/// Whether this thread promotes in precise mode (the top of its precise-mode
/// stack; `true` when the stack is empty). See [`promote_types`].
///
/// [`promote_types`]: super::promote_types
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert!(ivy::precise_mode());
/// ```
pub fn precise_mode() -> bool {
    with_state(|s| s.precise.last().copied())
        .flatten()
        .unwrap_or(true)
}

/// Push a precise-mode setting for this thread (Ivy's `set_precise_mode`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype;
/// ivy::set_precise_mode(false);
/// assert_eq!(ivy::promote_types(Dtype::Int64, Dtype::Float16)?, Dtype::Float16);
/// ivy::unset_precise_mode();
/// assert_eq!(ivy::promote_types(Dtype::Int64, Dtype::Float16)?, Dtype::Float64);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn set_precise_mode(mode: bool) {
    with_state(|s| s.precise.push(mode));
}

/// Pop this thread's precise-mode stack (a no-op when it is empty; an empty
/// stack means precise mode).
///
/// ```
/// # extern crate ivy_core as ivy;
/// ivy::unset_precise_mode();
/// assert!(ivy::precise_mode());
/// ```
pub fn unset_precise_mode() {
    with_state(|s| s.precise.pop());
}

// ---------------------------------------------------------------------------
// Guards (Ivy's context managers) and closure forms
// ---------------------------------------------------------------------------

/// `!Send` and `!Sync`: a guard must be dropped on the thread whose stack it
/// pushed.
type NotSend = PhantomData<*const ()>;

/// Guard for a precise-mode setting (Ivy's `with ivy.PreciseMode(mode):`).
/// While it lives, this thread promotes in the given mode; when dropped, the
/// precise-mode stack is cut back to the depth it had before.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype;
/// {
///     let _g = ivy::PreciseMode::new(false);
///     assert!(!ivy::precise_mode());
///     assert_eq!(ivy::promote_types(Dtype::UInt32, Dtype::Float32)?, Dtype::Float32);
/// }
/// assert!(ivy::precise_mode());
/// # Ok::<(), ivy::Error>(())
/// ```
#[must_use = "the setting is undone when the guard is dropped"]
#[derive(Debug)]
pub struct PreciseMode {
    depth: usize,
    _not_send: NotSend,
}

impl PreciseMode {
    /// Push `mode` and return the guard that pops it.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let guard = ivy::PreciseMode::new(false);
    /// assert!(!ivy::precise_mode());
    /// drop(guard);
    /// assert!(ivy::precise_mode());
    /// ```
    pub fn new(mode: bool) -> PreciseMode {
        let depth = with_state(|s| {
            let d = s.precise.len();
            s.precise.push(mode);
            d
        })
        .unwrap_or(0);
        PreciseMode {
            depth,
            _not_send: PhantomData,
        }
    }
}

impl Drop for PreciseMode {
    fn drop(&mut self) {
        let depth = self.depth;
        with_state(|s| s.precise.truncate(depth));
    }
}

macro_rules! dtype_guard {
    ($(#[$doc:meta])* $name:ident, $stack:ident, $example:literal) => {
        $(#[$doc])*
        #[must_use = "the setting is undone when the guard is dropped"]
        #[derive(Debug)]
        pub struct $name {
            depth: usize,
            _not_send: NotSend,
        }

        impl $name {
            /// Push `dtype` (checked as the matching `set_default_*` checks
            /// it) and return the guard that undoes the push.
            ///
            #[doc = concat!(
                "```\n# extern crate ivy_core as ivy;\nlet guard = ivy::",
                stringify!($name),
                "::new(ivy::Dtype::",
                $example,
                ")?;\ndrop(guard);\n# Ok::<(), ivy::Error>(())\n```"
            )]
            pub fn new(dtype: Dtype) -> Result<$name> {
                let depth = push(Stack::$stack, dtype)?;
                Ok($name { depth, _not_send: PhantomData })
            }
        }

        impl Drop for $name {
            fn drop(&mut self) {
                truncate(Stack::$stack, self.depth);
            }
        }
    };
}

dtype_guard!(
    /// Guard for a default dtype (Ivy's `with ivy.DefaultDtype(dtype):`). When
    /// dropped, the default-dtype stack is cut back to the depth it had before.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::Dtype;
    /// {
    ///     let _g = ivy::DefaultDtype::new(Dtype::Int8)?;
    ///     assert_eq!(ivy::default_dtype(), Dtype::Int8);
    ///     assert_eq!(ivy::default_int_dtype(), Dtype::Int8);
    /// }
    /// assert_eq!(ivy::default_dtype(), Dtype::Float32);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    DefaultDtype,
    Dtype,
    "Int8"
);

dtype_guard!(
    /// Guard for a default float dtype (Ivy's `with ivy.DefaultFloatDtype(…):`).
    /// A non-float dtype is an [`Error::InvalidDtype`].
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::Dtype;
    /// {
    ///     let _g = ivy::DefaultFloatDtype::new(Dtype::BFloat16)?;
    ///     assert_eq!(ivy::default_float_dtype(), Dtype::BFloat16);
    /// }
    /// assert_eq!(ivy::default_float_dtype(), Dtype::Float32);
    /// assert!(ivy::DefaultFloatDtype::new(Dtype::Int8).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    DefaultFloatDtype,
    Float,
    "Float64"
);

dtype_guard!(
    /// Guard for a default int dtype (Ivy's `with ivy.DefaultIntDtype(…):`).
    /// A non-integer dtype is an [`Error::InvalidDtype`].
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::Dtype;
    /// {
    ///     let _g = ivy::DefaultIntDtype::new(Dtype::Int64)?;
    ///     assert_eq!(ivy::default_int_dtype(), Dtype::Int64);
    /// }
    /// assert_eq!(ivy::default_int_dtype(), Dtype::Int32);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    DefaultIntDtype,
    Int,
    "Int64"
);

dtype_guard!(
    /// Guard for a default unsigned dtype (Ivy's
    /// `with ivy.DefaultUintDtype(…):`). A signed or non-integer dtype is an
    /// [`Error::InvalidDtype`].
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::Dtype;
    /// {
    ///     let _g = ivy::DefaultUintDtype::new(Dtype::UInt16)?;
    ///     assert_eq!(ivy::default_uint_dtype(), Dtype::UInt16);
    /// }
    /// assert_eq!(ivy::default_uint_dtype(), Dtype::UInt32);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    DefaultUintDtype,
    Uint,
    "UInt8"
);

dtype_guard!(
    /// Guard for a default complex dtype (Ivy's
    /// `with ivy.DefaultComplexDtype(…):`). A non-complex dtype is an
    /// [`Error::InvalidDtype`].
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::Dtype;
    /// {
    ///     let _g = ivy::DefaultComplexDtype::new(Dtype::Complex128)?;
    ///     assert_eq!(ivy::default_complex_dtype(), Dtype::Complex128);
    /// }
    /// assert_eq!(ivy::default_complex_dtype(), Dtype::Complex64);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    DefaultComplexDtype,
    Complex,
    "Complex128"
);

/// Run `f` in the given precise mode (the closure form of [`PreciseMode`]).
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype;
/// let d = ivy::with_precise_mode(false, || ivy::promote_types(Dtype::Int16, Dtype::Float16))?;
/// assert_eq!(d, Dtype::Float16);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn with_precise_mode<R>(mode: bool, f: impl FnOnce() -> R) -> R {
    let _g = PreciseMode::new(mode);
    f()
}

/// Run `f` with `dtype` as the default dtype (the closure form of
/// [`DefaultDtype`]).
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype;
/// let d = ivy::with_default_dtype(Dtype::Float64, ivy::default_float_dtype)?;
/// assert_eq!(d, Dtype::Float64);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn with_default_dtype<R>(dtype: Dtype, f: impl FnOnce() -> R) -> Result<R> {
    let _g = DefaultDtype::new(dtype)?;
    Ok(f())
}

/// Run `f` with `dtype` as the default float dtype (the closure form of
/// [`DefaultFloatDtype`]); a non-float dtype is an error and `f` is not run.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype;
/// let d = ivy::with_default_float_dtype(Dtype::Float16, ivy::default_float_dtype)?;
/// assert_eq!(d, Dtype::Float16);
/// assert!(ivy::with_default_float_dtype(Dtype::Bool, || ()).is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn with_default_float_dtype<R>(dtype: Dtype, f: impl FnOnce() -> R) -> Result<R> {
    let _g = DefaultFloatDtype::new(dtype)?;
    Ok(f())
}

/// Run `f` with `dtype` as the default int dtype (the closure form of
/// [`DefaultIntDtype`]); a non-integer dtype is an error and `f` is not run.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype;
/// let d = ivy::with_default_int_dtype(Dtype::Int16, || ivy::default_int_dtype_for(&[5]))?;
/// assert_eq!(d, Dtype::Int16);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn with_default_int_dtype<R>(dtype: Dtype, f: impl FnOnce() -> R) -> Result<R> {
    let _g = DefaultIntDtype::new(dtype)?;
    Ok(f())
}

/// Run `f` with `dtype` as the default unsigned dtype (the closure form of
/// [`DefaultUintDtype`]); a non-unsigned dtype is an error and `f` is not run.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype;
/// let d = ivy::with_default_uint_dtype(Dtype::UInt64, ivy::default_uint_dtype)?;
/// assert_eq!(d, Dtype::UInt64);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn with_default_uint_dtype<R>(dtype: Dtype, f: impl FnOnce() -> R) -> Result<R> {
    let _g = DefaultUintDtype::new(dtype)?;
    Ok(f())
}

/// Run `f` with `dtype` as the default complex dtype (the closure form of
/// [`DefaultComplexDtype`]); a non-complex dtype is an error and `f` is not
/// run.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Dtype;
/// let d = ivy::with_default_complex_dtype(Dtype::Complex128, ivy::default_complex_dtype)?;
/// assert_eq!(d, Dtype::Complex128);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn with_default_complex_dtype<R>(dtype: Dtype, f: impl FnOnce() -> R) -> Result<R> {
    let _g = DefaultComplexDtype::new(dtype)?;
    Ok(f())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_defaults() {
        assert_eq!(default_dtype(), Dtype::Float32);
        assert_eq!(default_float_dtype(), Dtype::Float32);
        assert_eq!(default_int_dtype(), Dtype::Int32);
        assert_eq!(default_uint_dtype(), Dtype::UInt32);
        assert_eq!(default_complex_dtype(), Dtype::Complex64);
        assert!(precise_mode());
    }

    #[test]
    fn default_dtype_falls_back_to_the_float_stack() {
        set_default_float_dtype(Dtype::Float16).unwrap();
        assert_eq!(default_dtype(), Dtype::Float16);
        set_default_dtype(Dtype::Int8).unwrap();
        assert_eq!(default_dtype(), Dtype::Int8);
        // the float stack wins over a non-float default dtype
        assert_eq!(default_float_dtype(), Dtype::Float16);
        assert_eq!(default_int_dtype(), Dtype::Int8);
        unset_default_dtype();
        unset_default_float_dtype();
        assert_eq!(default_dtype(), Dtype::Float32);
    }

    #[test]
    fn kind_defaults_follow_a_default_dtype_of_their_kind() {
        for (d, f, i, u, c) in [
            (
                Dtype::Float64,
                Dtype::Float64,
                Dtype::Int32,
                Dtype::UInt32,
                Dtype::Complex64,
            ),
            (
                Dtype::Int16,
                Dtype::Float32,
                Dtype::Int16,
                Dtype::UInt32,
                Dtype::Complex64,
            ),
            (
                Dtype::UInt16,
                Dtype::Float32,
                Dtype::UInt16,
                Dtype::UInt16,
                Dtype::Complex64,
            ),
            (
                Dtype::Complex128,
                Dtype::Float32,
                Dtype::Int32,
                Dtype::UInt32,
                Dtype::Complex128,
            ),
            (
                Dtype::Bool,
                Dtype::Float32,
                Dtype::Int32,
                Dtype::UInt32,
                Dtype::Complex64,
            ),
        ] {
            with_default_dtype(d, || {
                assert_eq!(
                    (
                        default_float_dtype(),
                        default_int_dtype(),
                        default_uint_dtype()
                    ),
                    (f, i, u),
                    "{d}"
                );
                assert_eq!(default_complex_dtype(), c, "{d}");
            })
            .unwrap();
        }
    }

    #[test]
    fn setters_check_the_kind_and_name_themselves() {
        let e = set_default_float_dtype(Dtype::Int8).unwrap_err();
        assert!(
            matches!(&e, Error::InvalidDtype { op, dtype: Dtype::Int8, .. } if op == "set_default_float_dtype")
        );
        assert!(set_default_uint_dtype(Dtype::Int8).is_err());
        assert!(set_default_complex_dtype(Dtype::Float64).is_err());
        assert!(set_default_int_dtype(Dtype::Bool).is_err());
        assert!(DefaultIntDtype::new(Dtype::Float32).is_err());
        // a rejected push leaves the stacks alone
        assert_eq!(default_float_dtype(), Dtype::Float32);
        assert_eq!(default_uint_dtype(), Dtype::UInt32);
        for d in Dtype::ALL {
            assert!(set_default_dtype(d).is_ok());
            unset_default_dtype();
        }
    }

    #[test]
    fn guards_restore_their_depth_even_after_extra_pushes() {
        set_default_int_dtype(Dtype::Int16).unwrap();
        {
            let _g = DefaultIntDtype::new(Dtype::Int64).unwrap();
            set_default_int_dtype(Dtype::Int8).unwrap();
            assert_eq!(default_int_dtype(), Dtype::Int8);
        }
        assert_eq!(default_int_dtype(), Dtype::Int16);
        unset_default_int_dtype();
        unset_default_int_dtype(); // no-op on an empty stack
        assert_eq!(default_int_dtype(), Dtype::Int32);
    }

    #[test]
    fn frexp_exponent_matches_python() {
        // math.frexp(1.0) == (0.5, 1), frexp(0.75) == (0.75, 0),
        // frexp(5e-324) == (0.5, -1073), frexp(2**-126) == (0.5, -125)
        assert_eq!(frexp_exponent(1.0), 1);
        assert_eq!(frexp_exponent(0.75), 0);
        assert_eq!(frexp_exponent(-8.0), 4);
        assert_eq!(frexp_exponent(5e-324), -1073);
        assert_eq!(frexp_exponent(2f64.powi(-126)), -125);
        assert_eq!(frexp_exponent(f64::MAX), 1024);
    }

    #[test]
    fn float64_thresholds() {
        assert!(!needs_float64(f32::MAX as f64));
        assert!(needs_float64(3.5e38));
        assert!(!needs_float64(2f64.powi(-127))); // exponent -126
        assert!(needs_float64(2f64.powi(-128))); // exponent -127
        assert!(!needs_float64(f64::NAN));
        assert!(!needs_float64(f64::NEG_INFINITY));
        assert!(!needs_float64(0.0));
        assert!(!needs_complex128(Complex64::new(1e300, 0.0)));
        assert!(needs_complex128(Complex64::new(-1e300, 1e-45)));
    }

    #[test]
    fn inference_uses_the_stack_when_no_value_needs_more() {
        with_default_float_dtype(Dtype::Float16, || {
            assert_eq!(default_float_dtype_for(&[1.0]), Dtype::Float16);
            assert_eq!(default_float_dtype_for(&[1e39]), Dtype::Float64);
            assert_eq!(default_float_dtype_for(&[]), Dtype::Float16);
        })
        .unwrap();
        with_default_int_dtype(Dtype::Int8, || {
            assert_eq!(default_int_dtype_for(&[1]), Dtype::Int8);
            assert_eq!(default_dtype_for(&[Scalar::Int(3)]), Dtype::Int8);
        })
        .unwrap();
    }

    #[test]
    fn default_dtype_for_picks_the_widest_kind() {
        let c = Scalar::Complex(Complex64::new(1.0, 2.0));
        assert_eq!(default_dtype_for(&[Scalar::Int(1), c]), Dtype::Complex64);
        assert_eq!(
            default_dtype_for(&[Scalar::Float(1e-300), Scalar::Int(1)]),
            Dtype::Float64
        );
        assert_eq!(
            default_dtype_for(&[Scalar::Bool(true), Scalar::Int(1 << 63)]),
            Dtype::UInt64
        );
        assert_eq!(default_dtype_for(&[Scalar::Bool(false)]), Dtype::Bool);
        with_default_dtype(Dtype::Int64, || {
            assert_eq!(default_dtype_for(&[]), Dtype::Int64)
        })
        .unwrap();
    }

    #[test]
    fn infer_default_dtype_by_kind() {
        with_default_uint_dtype(Dtype::UInt8, || {
            assert_eq!(infer_default_dtype(Dtype::UInt64), Dtype::UInt8);
            assert_eq!(infer_default_dtype(Dtype::Int64), Dtype::Int32);
        })
        .unwrap();
    }

    #[test]
    fn precise_mode_guard_and_stack() {
        set_precise_mode(false);
        {
            let _g = PreciseMode::new(true);
            assert!(precise_mode());
            set_precise_mode(false);
            assert!(!precise_mode());
        }
        assert!(!precise_mode());
        unset_precise_mode();
        assert!(precise_mode());
        unset_precise_mode();
        assert!(precise_mode());
    }

    #[test]
    fn guards_unwind_on_panic() {
        let r = std::panic::catch_unwind(|| {
            with_default_float_dtype(Dtype::Float64, || -> u8 { panic!("boom") }).ok();
        });
        assert!(r.is_err());
        assert_eq!(default_float_dtype(), Dtype::Float32);
    }

    #[test]
    fn threads_start_from_the_defaults() {
        let _g = DefaultDtype::new(Dtype::Int64).unwrap();
        let _p = PreciseMode::new(false);
        let other = std::thread::spawn(|| (default_dtype(), precise_mode()))
            .join()
            .unwrap();
        assert_eq!(other, (Dtype::Float32, true));
        assert_eq!(default_dtype(), Dtype::Int64);
        assert!(!precise_mode());
    }
}
