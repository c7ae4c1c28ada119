//! The argument rules the spec states on parameters (`#[one_of(..)]`,
//! `#[ndim(..)]`, `#[min_ndim(..)]`, `#[square]`, `#[dtypes(..)]`, `#[same_shape(..)]`),
//! checked once per op by the generated wrapper before dispatch, so no
//! kernel repeats them. Each passes with one comparison; the error, built
//! out of line, names the op, the parameter and what it got.

use crate::array::Array;
use crate::dtype::{Dtype, DtypeSet};
use crate::error::{Error, Result};

/// `value` is one of `allowed` (`#[one_of(..)]`).
#[inline]
pub fn one_of(op: &str, param: &str, value: &str, allowed: &[&str]) -> Result<()> {
    if allowed.contains(&value) {
        Ok(())
    } else {
        Err(not_one_of(op, param, value, allowed))
    }
}

#[cold]
#[inline(never)]
fn not_one_of(op: &str, param: &str, value: &str, allowed: &[&str]) -> Error {
    let quoted: Vec<String> = allowed.iter().map(|a| format!("{a:?}")).collect();
    let list = match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => quoted.join(""),
    };
    Error::invalid(op, format!("{param} must be {list}, got {value:?}"))
}

/// `x` has `n` dimensions (`#[ndim(n)]`).
#[inline]
pub fn ndim(op: &str, param: &str, x: &Array, n: usize) -> Result<()> {
    if x.ndim() == n {
        Ok(())
    } else {
        Err(dims_error(op, param, x, n, false))
    }
}

/// `x` has at least `n` dimensions (`#[min_ndim(n)]`).
#[inline]
pub fn min_ndim(op: &str, param: &str, x: &Array, n: usize) -> Result<()> {
    if x.ndim() >= n {
        Ok(())
    } else {
        Err(dims_error(op, param, x, n, true))
    }
}

#[cold]
#[inline(never)]
fn dims_error(op: &str, param: &str, x: &Array, n: usize, at_least: bool) -> Error {
    let msg = match (at_least, n) {
        (false, 0) => format!("{param} must be zero-dimensional"),
        (false, 1) => format!("{param} must be one-dimensional"),
        (false, _) => format!("{param} must have {n} dimensions"),
        (true, 1) => format!("{param} must have at least 1 dimension"),
        (true, _) => format!("{param} must have at least {n} dimensions"),
    };
    Error::shape(op, msg, vec![x.shape().clone()])
}

/// A dtype argument is one of `set` (`#[dtypes(..)]` on a `Dtype`
/// parameter; `words` is the set as the spec writes it).
#[inline]
pub fn dtype_param_in(op: &str, dtype: Dtype, set: DtypeSet, words: &str) -> Result<()> {
    if set.contains(dtype) {
        Ok(())
    } else {
        Err(dtype_param_not_in(op, dtype, words))
    }
}

#[cold]
#[inline(never)]
fn dtype_param_not_in(op: &str, dtype: Dtype, words: &str) -> Error {
    let article = if words.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    Error::InvalidDtype {
        op: op.into(),
        dtype,
        expected: format!("{article} {words} dtype"),
    }
}

/// `x` is a stack of square matrices (`#[square]`).
#[inline]
pub fn square(op: &str, param: &str, x: &Array) -> Result<()> {
    match x.shape().dims() {
        [.., m, n] if m == n => Ok(()),
        _ => Err(not_square(op, param, x)),
    }
}

#[cold]
#[inline(never)]
fn not_square(op: &str, param: &str, x: &Array) -> Error {
    match x.shape().dims() {
        [.., m, n] => Error::shape(
            op,
            format!(
                "{param} must be square matrices, got {m} x {n} ({})",
                x.dtype()
            ),
            vec![x.shape().clone()],
        ),
        _ => dims_error(op, param, x, 2, true),
    }
}

/// `x` has a dtype of `set` (`#[dtypes(..)]` on a parameter; `words` is
/// the set as the spec writes it).
#[inline]
pub fn dtype_in(op: &str, param: &str, x: &Array, set: DtypeSet, words: &str) -> Result<()> {
    if set.contains(x.dtype()) {
        Ok(())
    } else {
        Err(dtype_not_in(op, param, x, words))
    }
}

#[cold]
#[inline(never)]
fn dtype_not_in(op: &str, param: &str, x: &Array, words: &str) -> Error {
    Error::InvalidDtype {
        op: op.into(),
        dtype: x.dtype(),
        expected: format!("{param} of dtype {words}"),
    }
}

/// `x` has the shape of `y` (`#[same_shape(y)]` on `x`).
#[inline]
pub fn same_shape(op: &str, param: &str, x: &Array, other: &str, y: &Array) -> Result<()> {
    if x.shape() == y.shape() {
        Ok(())
    } else {
        Err(shapes_differ(op, param, x, other, y))
    }
}

#[cold]
#[inline(never)]
fn shapes_differ(op: &str, param: &str, x: &Array, other: &str, y: &Array) -> Error {
    Error::shape(
        op,
        format!("{param} and {other} must have one shape"),
        vec![x.shape().clone(), y.shape().clone()],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_of_names_every_choice() {
        assert!(one_of("meshgrid", "indexing", "xy", &["xy", "ij"]).is_ok());
        let e = one_of("meshgrid", "indexing", "yx", &["xy", "ij"]).unwrap_err();
        assert!(
            e.to_string()
                .contains(r#"indexing must be "xy" or "ij", got "yx""#),
            "{e}"
        );
        let e = one_of("fft", "norm", "n", &["backward", "ortho", "forward"]).unwrap_err();
        assert!(
            e.to_string()
                .contains(r#"norm must be "backward", "ortho" or "forward", got "n""#),
            "{e}"
        );
    }
}
