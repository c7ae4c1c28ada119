//! Proc macros of ivy.
//!
//! - `api!` turns the op spec into the functional API, the Array methods, the
//!   backend kernel traits, the dtype tables and the op catalogue (used once,
//!   by `ivy-core`, through `ivy_spec::for_each_op!`).
//! - `#[op]` does the same for one function: how a user adds an op.
//! - `#[kernels]` records the dtype tables written on a backend's kernels.
//! - `register_backend!` registers a backend and fills in the kernel
//!   categories it does not implement.
//! - `array!` builds an array from nested literals, `container!` a
//!   Container from nested `key: value` literals.
//! - `#[derive(Tree)]` registers a struct or enum as a pytree node.
//!
//! The model, parser and checks of the spec live in `ivy-spec`; the code of
//! each output family lives in the private module `emit` (`src/emit/`), as
//! pure functions from the model to tokens.

use proc_macro::TokenStream;

mod api;
mod array_lit;
mod container_lit;
mod emit;
#[cfg(test)]
mod golden;
mod kernels_attr;
mod op;
mod register_backend;
mod tree;

/// The whole spec to the API (used by `ivy-core`).
#[doc(hidden)]
#[proc_macro]
pub fn api(input: TokenStream) -> TokenStream {
    api::expand(input.into()).into()
}

/// The whole spec to the Python module of `bindings/python` (used by
/// `ivy-python` through `ivy_spec::for_each_op!`).
#[doc(hidden)]
#[proc_macro]
pub fn python(input: TokenStream) -> TokenStream {
    let spec = match ivy_spec::load(input.into()) {
        Ok(spec) => spec,
        Err(e) => return e.to_compile_error().into(),
    };
    emit::python::module(&spec, &emit::python::PyTarget::binding()).into()
}

/// Define an op from an ordinary function written in terms of ivy ops.
///
/// The function's parameters use the spec's parameter kinds (`Array`,
/// `Axis`, `Dtype`, ...), parameters with `= default` become keyword
/// arguments, and the attribute takes the spec's entry attributes
/// (`dtypes(..)`, `category = ..`, ...). The op gets `name` and `name_with`
/// functions, a `NameOpts` struct, a `NameExt` trait of Array methods and a
/// catalogue entry.
#[proc_macro_attribute]
pub fn op(args: TokenStream, item: TokenStream) -> TokenStream {
    op::expand(args.into(), item.into()).into()
}

/// Record the dtype tables written on a backend's kernels
/// (`#[unsupported_dtypes("1.0 and below" => (float16))]`).
#[proc_macro_attribute]
pub fn kernels(args: TokenStream, item: TokenStream) -> TokenStream {
    kernels_attr::expand(args.into(), item.into()).into()
}

/// The expansion of `ivy::register_backend!`: the public macro is a
/// `macro_rules!` wrapper in ivy-core that passes `{ $crate; input }` and the
/// spec (through `ivy_spec::for_each_op_with!`).
#[doc(hidden)]
#[proc_macro]
pub fn register_backend(input: TokenStream) -> TokenStream {
    register_backend::expand(input.into()).into()
}

/// The expansion of `ivy::array!` (`array![[1.0, 2.0], [3.0, 4.0]]`): the
/// public macro is a `macro_rules!` wrapper in ivy-core that calls this with
/// `$crate;` in front of the literal.
#[doc(hidden)]
#[proc_macro]
pub fn array(input: TokenStream) -> TokenStream {
    array_lit::expand(input.into()).into()
}

/// The expansion of `ivy::container!` (`container!{ a: [1.0], b: { c: 2 } }`):
/// the public macro is a `macro_rules!` wrapper in ivy-core that calls this
/// with `$crate;` in front.
#[doc(hidden)]
#[proc_macro]
pub fn container(input: TokenStream) -> TokenStream {
    container_lit::expand(input.into()).into()
}

/// Derive `ivy::Tree` for a struct or enum: its fields become children (or, with
/// `#[tree(static)]`, metadata kept in the `TreeDef`).
#[proc_macro_derive(Tree, attributes(tree))]
pub fn derive_tree(input: TokenStream) -> TokenStream {
    tree::derive(input.into()).into()
}
