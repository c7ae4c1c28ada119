//! Proc macros of ivy.
//!
//! - `api!` turns the op spec into the functional API, the Array methods, the
//!   backend kernel traits, the dtype tables and the op catalogue (used once,
//!   by `ivy-core`).
//! - `#[op]` does the same for one function: how a user adds an op.
//! - `#[kernels]` reads the dtype tables written on a backend's kernels.
//! - `array!` builds an array from nested literals.
//! - `#[derive(Tree)]` registers a struct or enum as a pytree node.

use proc_macro::TokenStream;

mod tree;

/// Derive `ivy::Tree` for a struct or enum: its fields become children (or, with
/// `#[tree(static)]`, metadata kept in the `TreeDef`).
#[proc_macro_derive(Tree, attributes(tree))]
pub fn derive_tree(input: TokenStream) -> TokenStream {
    tree::derive(input.into()).into()
}
