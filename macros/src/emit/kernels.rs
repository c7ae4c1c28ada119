//! The backend side: one kernel trait per category, with a method per primary
//! and mixed op whose default returns the tabled "unsupported" error, and the
//! `Backend` trait that gathers them.

use super::*;
use ivy_spec::model::{Category, Spec};

/// The kernel trait of one category.
pub fn kernel_trait_for(cat: &Category, t: &Target) -> TokenStream {
    let k = &t.krate;
    let name = kernel_trait(&cat.name.to_string());
    let cat_name = cat.name.to_string();
    let methods = cat.ops.iter().filter(|o| o.kind.has_kernel()).map(|op| {
        let m = super::ident(&op.name, op.ident.span());
        let params: Vec<TokenStream> = op
            .params
            .iter()
            .map(|p| {
                let n = &p.ident;
                let ty = kernel_type(&p.kind, k);
                quote!(#n: #ty)
            })
            .collect();
        let names = op.params.iter().map(|p| &p.ident);
        let ret = ret_type(&op.ret, k);
        let op_name = &op.name;
        let summary = op.summary();
        let kind = if op.kind == ivy_spec::model::OpKind::Mixed {
            "Without it, the op runs its compositional fallback."
        } else {
            "Without it, the op is unsupported on the backend."
        };
        let d1 = doc(&format!("Kernel of [`ivy::{0}`](fn@crate::{0}): {summary}", op.name));
        let d2 = doc(&format!(
            "Arguments arrive resolved: dtypes promoted and cast, defaults filled in, axes normalised, and the dtype checked against this backend's table. {kind}"
        ));
        quote! {
            #d1
            #[doc = ""]
            #d2
            #[allow(unused_variables, clippy::too_many_arguments)]
            fn #m(&self, #(#params),*) -> #k::Result<#ret> {
                let _ = (#(#names,)*);
                ::std::result::Result::Err(#k::__private::no_kernel(#op_name, #k::backend::BackendBase::name(self)))
            }
        }
    });
    let d = doc(&format!(
        "The kernels of the `{cat_name}` ops. A backend implements the ones it has, under `#[ivy::kernels]`, which also records their dtype tables; the rest keep their defaults."
    ));
    let example = doc_attrs(
        &[
            "```".to_string(),
            format!("use ivy::kernels::{name};"),
            "let b = ivy::current_backend().backend();".to_string(),
            format!("let tables = <dyn ivy::Backend as {name}>::kernel_tables(b);"),
            "assert!(tables.iter().all(|t| !t.op.is_empty()));".to_string(),
            "```".to_string(),
        ],
        t,
    );
    quote! {
        #d
        #[doc = ""]
        #example
        pub trait #name: #k::backend::BackendBase {
            /// The dtype tables of this backend's kernels in the category, one
            /// entry per kernel it implements; written by `#[ivy::kernels]`.
            #[doc(hidden)]
            fn kernel_tables(&self) -> &'static [#k::backend::KernelTable] {
                &[]
            }

            #(#methods)*
        }
    }
}

/// The `kernels` module: every kernel trait, the `Backend` trait, and the
/// function that gathers the tables of a backend.
pub fn kernels_module(spec: &Spec, t: &Target) -> TokenStream {
    let k = &t.krate;
    let traits = spec.categories.iter().map(|c| kernel_trait_for(c, t));
    let names: Vec<Ident> = spec
        .categories
        .iter()
        .map(|c| kernel_trait(&c.name.to_string()))
        .collect();
    let n = names.len();
    let no_backend = if t.builtin {
        quote!(#(impl #names for crate::backend::NoBackend {})*)
    } else {
        quote!()
    };
    quote! {
        /// Kernel traits, one per category of ops, and the [`Backend`] trait
        /// that gathers them.
        pub mod kernels {
            #(#traits)*

            /// A backend: what it says about itself ([`BackendBase`](crate::backend::BackendBase))
            /// and its kernels, one trait per category of ops. Implemented for every
            /// type that implements those traits.
            ///
            /// ```
            /// # extern crate ivy_ndarray;
            /// # extern crate ivy_core as ivy;
            /// let b: &dyn ivy::Backend = ivy::current_backend().backend();
            /// assert_eq!(b.name(), "ndarray");
            /// ```
            pub trait Backend: #k::backend::BackendBase #(+ #names)* {}

            impl<T: ?Sized + #k::backend::BackendBase #(+ #names)*> Backend for T {}

            /// The kernel tables of a backend, category by category.
            #[doc(hidden)]
            pub fn kernel_tables(b: &dyn Backend) -> [&'static [#k::backend::KernelTable]; #n] {
                [#(<dyn Backend as #names>::kernel_tables(b)),*]
            }

            #no_backend
        }
    }
}
