//! Functions with a gradient of your own.

use super::graph::{Grads, Recorded, Rule, VjpArgs};
use crate::array::Array;
use crate::error::{Error, Result};
use crate::tree::{Tree, tree_flatten};
use std::sync::Arc;

/// `func` with `custom_grad_fn` as its derivative (the reference's
/// `bind_custom_gradient_function`): when a gradient function traces the
/// arguments, `func` runs untraced and the backward pass calls
/// `custom_grad_fn((xs, ret), upstream)` for the gradient with respect to
/// `xs`, where `ret` is `func(xs)` and `upstream` the gradient arriving at
/// `ret`. Outside gradient functions it is just `func`.
///
/// For numerical stability, smoothing or clipping of gradients. The seed's
/// example, with what its `custom_grad_fn` meant (the seed's code returns
/// `upstream * args`, a typo for the factor it computes):
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::Array::scalar(50.0f32);
/// let inter = ivy::bind_custom_gradient_function(
///     |x: &ivy::Array| ivy::log1p(&ivy::exp(x)?),
///     |(x, _ret): (&ivy::Array, &ivy::Array), upstream: &ivy::Array| {
///         // 1 - 10 / (1 + x), instead of the true sigmoid(x)
///         let factor = ivy::subtract(1, &ivy::divide(10, &ivy::add(x, 1)?)?)?;
///         ivy::multiply(upstream, &factor)
///     },
/// );
/// let func = |x: &ivy::Array| ivy::sum(&ivy::pow(&inter(x)?, 2)?);
/// let (ret, grad) = ivy::execute_with_gradients(func, &x)?;
/// assert_eq!(ret, ivy::Array::scalar(2500.0f32));
/// let g = grad.leaf().unwrap().to_vec::<f32>()?[0];
/// assert!((g - 2.0 * 50.0 * (1.0 - 10.0 / 51.0)).abs() < 1e-3, "{g}");
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn bind_custom_gradient_function<X, F, G>(
    func: F,
    custom_grad_fn: G,
) -> impl Fn(&X) -> Result<Array>
where
    X: Tree<Array> + 'static,
    F: Fn(&X) -> Result<Array>,
    G: Fn((&X, &Array), &Array) -> Result<X> + Send + Sync + 'static,
{
    let custom = Arc::new(custom_grad_fn);
    move |xs: &X| {
        let (leaves, def) = tree_flatten::<X, Array>(xs);
        if !leaves.iter().any(Array::is_traced) {
            return func(xs);
        }
        let plain = def.unflatten::<X, Array>(leaves.iter().map(Array::detach))?;
        let ret = func(&plain)?.detach();
        let custom = custom.clone();
        let def = def.clone();
        let n = leaves.len();
        let rule = move |a: &VjpArgs<'_>| -> Result<Grads> {
            let xs = def.unflatten::<X, Array>(a.inputs.iter().cloned())?;
            let g = custom((&xs, &a.outputs[0]), &a.cotangents[0])?;
            let (gs, gdef) = tree_flatten::<X, Array>(&g);
            if gs.len() != n {
                return Err(Error::invalid(
                    "bind_custom_gradient_function",
                    format!("the custom gradient has structure {gdef}, the inputs {def}"),
                ));
            }
            Ok(gs.into_iter().map(Some).collect())
        };
        let refs: Vec<&Array> = leaves.iter().collect();
        Ok(ret.record("custom_gradient", &refs, Rule::Vjp(Box::new(rule))))
    }
}
