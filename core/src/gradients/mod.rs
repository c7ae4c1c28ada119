//! Functional gradients: reverse-mode automatic differentiation over the ops
//! of the spec, independent of the backend.
//!
//! # The model
//!
//! Arrays are never "variables" to the user (seed 003, "our policy on
//! gradients"). A gradient function such as [`execute_with_gradients`],
//! [`grad`] or [`value_and_grad`] *traces* its inputs on entry: each becomes
//! a fresh array whose elements are shared with the input and which carries
//! a node of the gradient graph. Every op applied to a traced array records
//! a node holding what its vector-Jacobian product needs (the product itself
//! is written in ivy ops next to the op in the spec, `#[vjp(..)]`); the
//! gradient function then runs the graph backwards from the outputs and
//! returns detached arrays. The graph lives in the traced arrays and is freed
//! with them: nothing global grows.
//!
//! Arrays that are not traced pay one pointer test per op.
//!
//! - Compositional ops, and your own `#[ivy::op]` ops, are differentiable
//!   through the ops they call; mixed ops run their compositional body when
//!   traced.
//! - An op marked `#[not_differentiable]` is an error
//!   ([`Error::NotDifferentiable`](crate::Error::NotDifferentiable)) when a
//!   gradient must pass through it; integer and boolean results (`argmax`,
//!   `greater`) are constants.
//! - Broadcasting is undone by one rule for every op: a gradient is summed
//!   over the axes its input was broadcast along, and cast back to the
//!   input's dtype.
//! - Because the products are ivy ops, they are recorded too when a gradient
//!   function runs inside another one, so [`grad`] nests to any order.
//!
//! ```
//! # extern crate ivy_core as ivy; extern crate ivy_ndarray;
//! // d/dx sum(x^3) = 3x^2, and its derivative 6x.
//! let f = |x: &ivy::Array| ivy::sum(&ivy::pow(x, 3)?);
//! let x = ivy::array![1.0, 2.0];
//! assert_eq!(ivy::grad(f)(&x)?, ivy::array![3.0, 12.0]);
//! assert_eq!(ivy::grad(ivy::grad(f))(&x)?, ivy::array![6.0, 12.0]);
//! # Ok::<(), ivy::Error>(())
//! ```

mod backward;
mod custom;
mod execute;
pub(crate) mod graph;
pub mod rules;

pub use custom::bind_custom_gradient_function;
pub use execute::{
    ExecuteWithGradients, execute_with_gradients, execute_with_gradients_with, grad, jac, jvp,
    requires_gradient, value_and_grad, vjp,
};
pub(crate) use graph::NodeRef;
pub use graph::live_nodes;
