//! Dtype casting modes (Ivy's `upcast_data_types`, `downcast_data_types`,
//! `crosscast_data_types` and `cast_data_types`), per thread.
//!
//! Without a mode, calling an op on a dtype its backend does not support is
//! [`Error::UnsupportedDtype`](crate::Error::UnsupportedDtype), naming the op,
//! the dtype, the backend and its version. With a mode set, the generated
//! dispatch instead casts the arrays of that dtype to a dtype the op supports,
//! chosen exactly as Ivy's `casting_modes_ops` chooses it (see
//! [`cast_target`]), and runs the op on them. The check costs nothing on the
//! supported path: the mode is read only after the table refused the dtype.
//!
//! The result stays in the dtype it was computed in, as in Ivy, which casts
//! the output back only to a `dtype` argument the caller gave: for an op
//! whose tables are about its `dtype` argument (`arange`, `zeros`, ...), a
//! refused `dtype` the caller gave is replaced by the mode's choice and the
//! result cast back to it; for an op on arrays, a `dtype` argument keeps
//! its own effect on the output.
//!
//! Each mode is a stack, like the other settings: `*_data_types(val)` pushes,
//! `unset_*_data_types()` pops (a no-op on an empty stack, which means off),
//! and the guards ([`UpcastDataTypes`], [`DowncastDataTypes`],
//! [`CrosscastDataTypes`], [`CastDataTypes`]) undo their push when dropped.
//!
//! ```
//! # extern crate ivy_core as ivy;
//! assert!(!ivy::upcast_dtypes());
//! {
//!     let _g = ivy::UpcastDataTypes::new(true);
//!     assert!(ivy::upcast_dtypes() && !ivy::cast_dtypes());
//! }
//! ivy::cast_data_types(true);
//! assert!(ivy::cast_dtypes());
//! ivy::unset_cast_data_types();
//! assert!(!ivy::upcast_dtypes());
//! ```

use super::{Dtype, DtypeSet, default_float_dtype, default_int_dtype};
use std::cell::RefCell;
use std::marker::PhantomData;

#[derive(Clone, Copy)]
enum Mode {
    Up = 0,
    Down = 1,
    Cross = 2,
}

thread_local! {
    static MODES: RefCell<[Vec<bool>; 3]> = const { RefCell::new([Vec::new(), Vec::new(), Vec::new()]) };
}

fn get(m: Mode) -> bool {
    MODES
        .try_with(|s| s.borrow()[m as usize].last().copied().unwrap_or(false))
        .unwrap_or(false)
}

fn push(modes: &[Mode], val: bool) -> [usize; 3] {
    MODES
        .try_with(|s| {
            let mut s = s.borrow_mut();
            let depths = [s[0].len(), s[1].len(), s[2].len()];
            for m in modes {
                s[*m as usize].push(val);
            }
            depths
        })
        .unwrap_or([0; 3])
}

fn pop(modes: &[Mode]) {
    let _ = MODES.try_with(|s| {
        let mut s = s.borrow_mut();
        for m in modes {
            s[*m as usize].pop();
        }
    });
}

fn truncate(depths: [usize; 3]) {
    let _ = MODES.try_with(|s| {
        let mut s = s.borrow_mut();
        for (stack, d) in s.iter_mut().zip(depths) {
            stack.truncate(d);
        }
    });
}

/// Whether upcasting is on in this thread (Ivy's `ivy.upcast_dtypes`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert!(!ivy::upcast_dtypes());
/// ```
pub fn upcast_dtypes() -> bool {
    get(Mode::Up)
}

/// Whether downcasting is on in this thread (Ivy's `ivy.downcast_dtypes`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert!(!ivy::downcast_dtypes());
/// ```
pub fn downcast_dtypes() -> bool {
    get(Mode::Down)
}

/// Whether crosscasting is on in this thread (Ivy's `ivy.crosscast_dtypes`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert!(!ivy::crosscast_dtypes());
/// ```
pub fn crosscast_dtypes() -> bool {
    get(Mode::Cross)
}

/// Whether all three modes are on (Ivy's `cast_dtypes()`: the AND of the
/// three).
///
/// ```
/// # extern crate ivy_core as ivy;
/// ivy::upcast_data_types(true);
/// assert!(!ivy::cast_dtypes());
/// ivy::unset_upcast_data_types();
/// ```
pub fn cast_dtypes() -> bool {
    upcast_dtypes() && downcast_dtypes() && crosscast_dtypes()
}

/// Whether any mode is on: the one test the dispatch makes, after a table
/// refused a dtype.
#[inline]
pub(crate) fn any_mode() -> bool {
    upcast_dtypes() || downcast_dtypes() || crosscast_dtypes()
}

macro_rules! mode_fns {
    ($(#[$doc:meta])* $set:ident, $unset:ident, $guard:ident, [$($m:ident),*], $query:ident) => {
        $(#[$doc])*
        ///
        /// ```
        /// # extern crate ivy_core as ivy;
        #[doc = concat!("ivy::", stringify!($set), "(true);")]
        #[doc = concat!("assert!(ivy::", stringify!($query), "());")]
        #[doc = concat!("ivy::", stringify!($unset), "();")]
        #[doc = concat!("assert!(!ivy::", stringify!($query), "());")]
        /// ```
        pub fn $set(val: bool) {
            push(&[$(Mode::$m),*], val);
        }

        #[doc = concat!("Undo the last [`", stringify!($set), "`] of this thread (a no-op on an empty stack).")]
        ///
        /// ```
        /// # extern crate ivy_core as ivy;
        #[doc = concat!("ivy::", stringify!($unset), "();")]
        #[doc = concat!("assert!(!ivy::", stringify!($query), "());")]
        /// ```
        pub fn $unset() {
            pop(&[$(Mode::$m),*]);
        }

        #[doc = concat!("Guard form of [`", stringify!($set), "`]: the setting holds until the guard is dropped.")]
        ///
        /// ```
        /// # extern crate ivy_core as ivy;
        /// {
        #[doc = concat!("    let _g = ivy::", stringify!($guard), "::new(true);")]
        #[doc = concat!("    assert!(ivy::", stringify!($query), "());")]
        /// }
        #[doc = concat!("assert!(!ivy::", stringify!($query), "());")]
        /// ```
        #[must_use = "the setting is undone when the guard is dropped"]
        #[derive(Debug)]
        pub struct $guard {
            depths: [usize; 3],
            _not_send: PhantomData<*const ()>,
        }

        impl $guard {
            /// Push `val` and return the guard that undoes the push.
            ///
            /// ```
            /// # extern crate ivy_core as ivy;
            #[doc = concat!("let g = ivy::", stringify!($guard), "::new(true);")]
            /// drop(g);
            #[doc = concat!("assert!(!ivy::", stringify!($query), "());")]
            /// ```
            pub fn new(val: bool) -> $guard {
                $guard { depths: push(&[$(Mode::$m),*], val), _not_send: PhantomData }
            }
        }

        impl Drop for $guard {
            fn drop(&mut self) {
                truncate(self.depths);
            }
        }
    };
}

mode_fns!(
    /// Turn upcasting on (or off, with `false`) in this thread (Ivy's
    /// `upcast_data_types(val)`): an unsupported dtype is cast to the next
    /// higher supported dtype of its family (`uint8` to `uint16` ...).
    upcast_data_types, unset_upcast_data_types, UpcastDataTypes, [Up], upcast_dtypes
);
mode_fns!(
    /// Turn downcasting on (or off) in this thread (Ivy's
    /// `downcast_data_types(val)`): an unsupported dtype is cast to the next
    /// lower supported dtype of its family.
    downcast_data_types, unset_downcast_data_types, DowncastDataTypes, [Down], downcast_dtypes
);
mode_fns!(
    /// Turn crosscasting on (or off) in this thread (Ivy's
    /// `crosscast_data_types(val)`): for an op without any integer support,
    /// the default float dtype; without any float support (or without bool
    /// support), the default int dtype.
    crosscast_data_types, unset_crosscast_data_types, CrosscastDataTypes, [Cross], crosscast_dtypes
);
mode_fns!(
    /// Set all three modes (Ivy's `cast_data_types(val)`): crosscasting is
    /// tried first, then upcasting, then downcasting.
    cast_data_types, unset_cast_data_types, CastDataTypes, [Up, Down, Cross], cast_dtypes
);

/// The family of `dtype` in the order Ivy walks it (`casting_modes_dict`):
/// the valid dtypes of its kind, `uint` checked before `int`, as Ivy's
/// substring test does; `bool` has none.
fn family(dtype: Dtype, valid: DtypeSet) -> Option<DtypeSet> {
    let kind = if dtype.is_uint() {
        DtypeSet::UINT
    } else if dtype.is_int() {
        DtypeSet::SIGNED_INT
    } else if dtype.is_float() {
        DtypeSet::FLOAT
    } else if dtype.is_complex() {
        DtypeSet::COMPLEX
    } else {
        return None;
    };
    Some(kind & valid)
}

/// Ivy's `cast_helper`: from `dtype`'s place in its family, step up (or
/// down) to the first dtype not in `intersect`.
fn walk(dtype: Dtype, intersect: DtypeSet, valid: DtypeSet, up: bool) -> Option<Dtype> {
    let order = family(dtype, valid)?.to_vec();
    let i = order.iter().position(|d| *d == dtype)?;
    let mut candidates: Box<dyn Iterator<Item = &Dtype>> = if up {
        Box::new(order[i + 1..].iter())
    } else {
        Box::new(order[..i].iter().rev())
    };
    candidates.find(|d| !intersect.contains(**d)).copied()
}

/// Ivy's `upcaster(dtype, intersect)` among the dtypes `valid` on the
/// backend: the next higher dtype of `dtype`'s family not in `intersect`
/// (the unsupported valid dtypes), if any.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::{Dtype::*, DtypeSet};
/// use ivy::dtype::casting::upcaster;
/// let all = DtypeSet::ALL;
/// assert_eq!(upcaster(Int8, DtypeSet::of(&[Int8]), all), Some(Int16));
/// assert_eq!(upcaster(Int64, DtypeSet::of(&[Int64]), all), None);
/// assert_eq!(upcaster(UInt8, DtypeSet::of(&[UInt8, UInt16]), all), Some(UInt32));
/// ```
pub fn upcaster(dtype: Dtype, intersect: DtypeSet, valid: DtypeSet) -> Option<Dtype> {
    walk(dtype, intersect, valid, true)
}

/// Ivy's `downcaster(dtype, intersect)`: the next lower dtype of `dtype`'s
/// family not in `intersect`, if any.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::{Dtype::*, DtypeSet};
/// use ivy::dtype::casting::downcaster;
/// assert_eq!(downcaster(Float32, DtypeSet::of(&[Float32]), DtypeSet::ALL), Some(Float16));
/// assert_eq!(downcaster(Int8, DtypeSet::of(&[Int8]), DtypeSet::ALL), None);
/// ```
pub fn downcaster(dtype: Dtype, intersect: DtypeSet, valid: DtypeSet) -> Option<Dtype> {
    walk(dtype, intersect, valid, false)
}

/// Ivy's `cross_caster(intersect)`, which ignores the input dtype: the
/// default float dtype if every valid integer dtype (unsigned included) is
/// in `intersect`; else the default int dtype if every valid float dtype
/// is, or `bool` is; else none.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::{Dtype, DtypeSet};
/// use ivy::dtype::casting::cross_caster;
/// assert_eq!(cross_caster(DtypeSet::INT, DtypeSet::ALL), Some(Dtype::Float32));
/// assert_eq!(cross_caster(DtypeSet::of(&[Dtype::Bool]), DtypeSet::ALL), Some(Dtype::Int32));
/// assert_eq!(cross_caster(DtypeSet::of(&[Dtype::Float16]), DtypeSet::ALL), None);
/// ```
pub fn cross_caster(intersect: DtypeSet, valid: DtypeSet) -> Option<Dtype> {
    let ints = valid & DtypeSet::INT;
    let floats = valid & DtypeSet::FLOAT;
    if (ints - intersect).is_empty() {
        Some(default_float_dtype())
    } else if (floats - intersect).is_empty() || intersect.contains(Dtype::Bool) {
        Some(default_int_dtype())
    } else {
        None
    }
}

/// The dtype the current casting modes cast `dtype` to for an op whose
/// unsupported dtypes on a backend with `valid` dtypes are `unsupported`
/// (Ivy's `caster`, with `intersect = unsupported - invalid`):
///
/// - none if `dtype` is supported, or no mode is on;
/// - with all three modes on ([`cast_dtypes`]), the first of crosscasting,
///   upcasting and downcasting that finds a dtype;
/// - otherwise only the first mode that is on, in the order crosscast,
///   upcast, downcast (with two modes on, only the first is tried).
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::{Dtype::*, DtypeSet};
/// let no_f16 = DtypeSet::of(&[Float16]);
/// assert_eq!(ivy::dtype::casting::cast_target(Float16, no_f16, DtypeSet::ALL), None);
/// let _up = ivy::UpcastDataTypes::new(true);
/// assert_eq!(ivy::dtype::casting::cast_target(Float16, no_f16, DtypeSet::ALL), Some(Float32));
/// ```
pub fn cast_target(dtype: Dtype, unsupported: DtypeSet, valid: DtypeSet) -> Option<Dtype> {
    let intersect = unsupported & valid;
    if !intersect.contains(dtype) {
        return None;
    }
    let (up, down, cross) = (upcast_dtypes(), downcast_dtypes(), crosscast_dtypes());
    if up && down && cross {
        cross_caster(intersect, valid)
            .or_else(|| upcaster(dtype, intersect, valid))
            .or_else(|| downcaster(dtype, intersect, valid))
    } else if cross {
        cross_caster(intersect, valid)
    } else if up {
        upcaster(dtype, intersect, valid)
    } else if down {
        downcaster(dtype, intersect, valid)
    } else {
        None
    }
}
