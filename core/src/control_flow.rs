//! Control flow over closures: Ivy's `if_else`, `while_loop`, `for_loop`
//! and `vmap`.
//!
//! They take functions, which the op spec cannot express (its parameters are
//! arrays, shapes, axes and plain values), so they are plain generic
//! functions here, as the gradient functions are. They run eagerly: the
//! branches and bodies are ordinary ivy ops, so traced arrays stay traced and
//! gradients flow through whichever branch or iterations ran.

use crate::array::Array;
use crate::error::{Error, Result};
use crate::index::{Index, IndexItem};
use crate::scalar::Scalar;

/// A condition of [`if_else`] and [`while_loop`]: a `bool`, or an array of
/// one element read as Python's `bool(x)` does (nonzero is true).
pub trait Condition {
    /// The condition's truth value, or an error naming `op` when it has none
    /// (an array of more or fewer than one element).
    fn truth(&self, op: &str) -> Result<bool>;
}

impl Condition for bool {
    fn truth(&self, _op: &str) -> Result<bool> {
        Ok(*self)
    }
}

impl Condition for Array {
    fn truth(&self, op: &str) -> Result<bool> {
        if self.size() != 1 {
            return Err(Error::shape(
                op,
                "the truth value of an array of more or fewer than one element is ambiguous",
                vec![self.shape().clone()],
            ));
        }
        Ok(match self.item()? {
            Scalar::Bool(b) => b,
            Scalar::Int(i) => i != 0,
            Scalar::Float(f) => f != 0.0,
            Scalar::Complex(c) => c.re != 0.0 || c.im != 0.0,
        })
    }
}

impl<C: Condition + ?Sized> Condition for &C {
    fn truth(&self, op: &str) -> Result<bool> {
        (**self).truth(op)
    }
}

/// `body_fn(vars)` if `cond` holds, else `orelse_fn(vars)` (Ivy's
/// `if_else`). `cond` is a `bool` or a one-element array.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::array![1.0, -2.0];
/// let positive = ivy::greater(&ivy::sum(&x)?, 0)?;
/// let y = ivy::if_else(&positive, |v: &ivy::Array| ivy::multiply(v, 2), |v| ivy::negative(v), &x)?;
/// assert_eq!(y.to_vec::<f32>()?, vec![-1.0, 2.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn if_else<V, T>(
    cond: impl Condition,
    body_fn: impl FnOnce(V) -> Result<T>,
    orelse_fn: impl FnOnce(V) -> Result<T>,
    vars: V,
) -> Result<T> {
    if cond.truth("if_else")? {
        body_fn(vars)
    } else {
        orelse_fn(vars)
    }
}

/// Apply `body_fn` to `vars` while `test_fn(&vars)` holds, and return the
/// last `vars` (Ivy's `while_loop`). The test returns a `bool` or a
/// one-element array.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// // Double x until it passes 100.
/// let x = ivy::while_loop(
///     |x: &ivy::Array| ivy::less(x, 100),
///     |x| ivy::multiply(&x, 2),
///     ivy::array![3],
/// )?;
/// assert_eq!(x.to_vec::<i32>()?, vec![192]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn while_loop<V, C: Condition>(
    mut test_fn: impl FnMut(&V) -> Result<C>,
    mut body_fn: impl FnMut(V) -> Result<V>,
    vars: V,
) -> Result<V> {
    let mut vars = vars;
    while test_fn(&vars)?.truth("while_loop")? {
        vars = body_fn(vars)?;
    }
    Ok(vars)
}

/// Fold `body_fn(item, vars)` over the items of `iterable`, starting from
/// `vars`, and return the last `vars` (Ivy's `for_loop`). To loop over the
/// rows of an array, pass `ivy::unstack(&x)?`.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let rows = ivy::unstack(&ivy::array![[1, 2], [3, 4], [5, 6]])?;
/// let total = ivy::for_loop(rows, |row, acc: ivy::Array| ivy::add(&acc, &row), ivy::array![0, 0])?;
/// assert_eq!(total.to_vec::<i32>()?, vec![9, 12]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn for_loop<I: IntoIterator, V>(
    iterable: I,
    mut body_fn: impl FnMut(I::Item, V) -> Result<V>,
    vars: V,
) -> Result<V> {
    let mut vars = vars;
    for item in iterable {
        vars = body_fn(item, vars)?;
    }
    Ok(vars)
}

/// Map `func` over one axis of its inputs (Ivy's `vmap`, computed by a loop):
/// the returned function takes the inputs as a slice, cuts every input `k`
/// with `in_axes[k] = Some(a)` into its slices along axis `a` (inputs with
/// `None` are passed whole to every call), calls `func` on each set of slices
/// and stacks the results along `out_axes`. The mapped inputs must have one
/// length along their axes, and there must be at least one slice. An empty
/// `in_axes` maps axis 0 of every input.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let a = ivy::reshape(&ivy::arange(12)?, [3, 2, 2])?;
/// let b = ivy::array![[1, 0], [0, 2]];
/// // A matrix product per slice of a, with b shared.
/// let f = ivy::vmap(|xs: &[ivy::Array]| ivy::matmul(&xs[0], &xs[1]), [Some(0), None], 0);
/// assert_eq!(f(&[a.clone(), b.clone()])?, ivy::matmul(&a, &b)?);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn vmap<F>(
    func: F,
    in_axes: impl Into<Vec<Option<i64>>>,
    out_axes: i64,
) -> impl Fn(&[Array]) -> Result<Array>
where
    F: Fn(&[Array]) -> Result<Array>,
{
    let in_axes: Vec<Option<i64>> = in_axes.into();
    move |inputs: &[Array]| {
        let op = "vmap";
        let axes: Vec<Option<i64>> = if in_axes.is_empty() {
            vec![Some(0); inputs.len()]
        } else if in_axes.len() == inputs.len() {
            in_axes.clone()
        } else {
            return Err(Error::invalid(
                op,
                format!(
                    "in_axes has {} entries for {} inputs",
                    in_axes.len(),
                    inputs.len()
                ),
            ));
        };
        let mut len: Option<usize> = None;
        let mut mapped = Vec::with_capacity(inputs.len());
        for (x, a) in inputs.iter().zip(&axes) {
            let Some(a) = a else {
                mapped.push(None);
                continue;
            };
            let a = crate::shape::normalize_axis(op, *a, x.ndim())?;
            let n = x.shape().dims()[a];
            match len {
                Some(l) if l != n => {
                    return Err(Error::shape(
                        op,
                        format!("the mapped axes have different lengths ({l} and {n})"),
                        inputs.iter().map(|x| x.shape().clone()).collect(),
                    ));
                }
                _ => len = Some(n),
            }
            mapped.push(Some(a));
        }
        let n = match len {
            Some(n) if n > 0 => n,
            Some(_) => {
                return Err(Error::invalid(
                    op,
                    "the mapped axes are empty: there is no call to take the output shape from",
                ));
            }
            None => return Err(Error::invalid(op, "in_axes maps no input")),
        };
        let mut outs = Vec::with_capacity(n);
        for i in 0..n {
            let args = inputs
                .iter()
                .zip(&mapped)
                .map(|(x, a)| match a {
                    None => Ok(x.clone()),
                    Some(a) => {
                        let mut items = vec![IndexItem::from(..); *a];
                        items.push(IndexItem::Int(i as i64));
                        crate::api::get_item(x, Index::new(items))
                    }
                })
                .collect::<Result<Vec<Array>>>()?;
            outs.push(func(&args)?);
        }
        crate::api::stack_with(outs, crate::api::opts::Stack::new().axis(out_axes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bool_conditions_are_themselves() {
        assert!(true.truth("t").unwrap());
        assert!(!Condition::truth(&&false, "t").unwrap());
    }

    #[test]
    fn loops_run_their_bodies_in_order() {
        let n = while_loop(|n: &i32| Ok(*n < 10), |n| Ok(n + 3), 1).unwrap();
        assert_eq!(n, 10);
        let s = for_loop(
            1..=4,
            |i, acc: Vec<i32>| Ok([acc, vec![i]].concat()),
            vec![],
        )
        .unwrap();
        assert_eq!(s, vec![1, 2, 3, 4]);
        let e = if_else(true, |v: i32| Ok(v + 1), |v| Ok(v - 1), 5).unwrap();
        assert_eq!(e, 6);
    }
}
