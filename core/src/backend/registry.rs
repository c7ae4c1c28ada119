//! The registry of backends and the current backend of each thread.

use super::{BackendEntry, NO_BACKEND};
use crate::error::{Error, Result};
use std::cell::RefCell;

/// Every backend linked into the program. A backend crate adds its entry with
/// [`register_backend!`](crate::register_backend).
#[linkme::distributed_slice]
pub static BACKENDS: [&'static BackendEntry];

thread_local! {
    static STACK: RefCell<Vec<&'static BackendEntry>> = const { RefCell::new(Vec::new()) };
}

/// The names of the registered backends.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// assert!(ivy::available_backends().contains(&"ndarray"));
/// ```
pub fn available_backends() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = BACKENDS.iter().map(|b| b.name()).collect();
    names.sort_unstable();
    names.dedup();
    names
}

pub(crate) fn find(name: &str) -> Result<&'static BackendEntry> {
    BACKENDS
        .iter()
        .copied()
        .find(|b| b.name() == name)
        .ok_or_else(|| Error::UnknownBackend {
            name: name.to_string(),
            available: available_backends().into_iter().map(String::from).collect(),
        })
}

/// The backend new arrays are made on in this thread: the last one set with
/// [`set_backend`], else `ndarray` when it is linked, else the first registered
/// backend, else a backend with no kernels (named `none`).
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// assert_eq!(ivy::current_backend().name(), "ndarray");
/// ```
pub fn current_backend() -> &'static BackendEntry {
    if let Some(b) = STACK.with(|s| s.borrow().last().copied()) {
        return b;
    }
    default_backend()
}

fn default_backend() -> &'static BackendEntry {
    BACKENDS
        .iter()
        .copied()
        .find(|b| b.name() == "ndarray")
        .or_else(|| BACKENDS.first().copied())
        .unwrap_or(&NO_BACKEND)
}

/// The name of the current backend (Ivy's `current_backend_str`).
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// assert_eq!(ivy::current_backend_str(), "ndarray");
/// ```
pub fn current_backend_str() -> &'static str {
    current_backend().name()
}

/// Make `name` the current backend of this thread (Ivy's `set_backend`).
/// Settings are a stack: [`unset_backend`] returns to the previous one.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// ivy::set_backend("ndarray")?;
/// assert!(ivy::set_backend("tensorflow").is_err());
/// ivy::unset_backend();
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn set_backend(name: &str) -> Result<()> {
    let b = find(name)?;
    STACK.with(|s| s.borrow_mut().push(b));
    Ok(())
}

/// Undo the last [`set_backend`] of this thread (a no-op on an empty stack).
pub fn unset_backend() {
    STACK.with(|s| {
        s.borrow_mut().pop();
    });
}

/// Guard returned by [`use_backend`]; restores the previous backend when
/// dropped.
#[must_use = "the backend is restored when the guard is dropped"]
pub struct BackendGuard {
    depth: usize,
}

impl Drop for BackendGuard {
    fn drop(&mut self) {
        STACK.with(|s| s.borrow_mut().truncate(self.depth));
    }
}

/// Set the current backend until the returned guard is dropped.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// {
///     let _g = ivy::use_backend("ndarray")?;
///     assert_eq!(ivy::current_backend_str(), "ndarray");
/// }
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn use_backend(name: &str) -> Result<BackendGuard> {
    Ok(push(find(name)?))
}

/// Push `b` on this thread's backend stack until the guard is dropped.
pub(crate) fn push(b: &'static BackendEntry) -> BackendGuard {
    let depth = STACK.with(|s| {
        let mut s = s.borrow_mut();
        let d = s.len();
        s.push(b);
        d
    });
    BackendGuard { depth }
}

/// Run `f` with `name` as the current backend.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::with_backend("ndarray", || ivy::array![1.0, 2.0])?;
/// assert_eq!(x.backend().name(), "ndarray");
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn with_backend<R>(name: &str, f: impl FnOnce() -> R) -> Result<R> {
    let _g = use_backend(name)?;
    Ok(f())
}
