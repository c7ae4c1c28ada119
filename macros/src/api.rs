//! `api!`: the whole spec to the API of ivy-core.

use crate::emit::{self, Target, catalogue, functional, handle, kernels, methods, operators, opts};
use ivy_spec::model::Spec;
use proc_macro2::TokenStream;
use quote::quote;

/// Expand the spec into every output family.
pub fn expand(tokens: TokenStream) -> TokenStream {
    let spec = match ivy_spec::load(tokens) {
        Ok(spec) => spec,
        Err(e) => return e.to_compile_error(),
    };
    generate(&spec, &Target::core())
}

/// Generate the API of a checked spec.
pub fn generate(spec: &Spec, t: &Target) -> TokenStream {
    let k = &t.krate;
    let mut modules = Vec::new();
    let mut reexports = Vec::new();
    let mut opts_structs = Vec::new();
    let mut method_items = Vec::new();
    let mut container_items = Vec::new();
    let mut view_items = Vec::new();
    let mut operator_impls = Vec::new();
    let mut handle_items = Vec::new();
    for cat in &spec.categories {
        let name = &cat.name;
        let items = cat.ops.iter().map(|op| functional::op_items(op, t));
        let mut lines = cat.docs.clone();
        lines.push(String::new());
        lines.push("```".into());
        lines.push(format!(
            "let ops: Vec<_> = ivy::catalogue::ops().filter(|o| o.category == \"{name}\").collect();"
        ));
        lines.push("assert!(!ops.is_empty());".into());
        lines.push("```".into());
        let docs = emit::doc_attrs(&lines, t);
        modules.push(quote! {
            #docs
            pub mod #name {
                #[allow(unused_imports)]
                use #k::{Array, Dtype, Result, Scalar, Shape};
                #(#items)*
            }
        });
        reexports.push(quote!(pub use #name::*;));
        for op in &cat.ops {
            opts_structs.push(opts::opts_struct(op, t));
            method_items.extend(methods::methods(op, t, methods::Receiver::Array).impl_items);
            container_items
                .extend(methods::methods(op, t, methods::Receiver::Container).impl_items);
            view_items.extend(methods::methods(op, t, methods::Receiver::View).impl_items);
            operator_impls.push(operators::operator_impls(op, t));
            handle_items.extend(handle::handle_methods(op, t));
        }
    }
    let opts_mod = opts::opts_module(opts_structs);
    let kernels_mod = kernels::kernels_module(spec, t);
    let catalogue_mod = catalogue::catalogue_module(spec, t);
    quote! {
        #(#modules)*
        #(#reexports)*
        #opts_mod
        #kernels_mod
        pub use kernels::Backend;
        #catalogue_mod

        /// The API ops as methods of [`Array`](crate::Array), with `self` in
        /// place of the first array argument.
        impl #k::Array {
            #(#method_items)*
        }

        /// The nestable API ops as methods of [`Container`](crate::Container),
        /// with `self` in place of the first array argument: each runs at
        /// every leaf.
        impl #k::Container {
            #(#container_items)*
        }

        /// The nestable API ops as methods of a sub-container's view
        /// ([`ContainerRef`](crate::ContainerRef), `c.sub("a")?`), as those
        /// of [`Container`](crate::Container).
        impl #k::ContainerRef<'_> {
            #(#view_items)*
        }

        /// The API ops as methods of a [`BackendHandle`](crate::BackendHandle):
        /// each runs on the handle's backend.
        #[allow(clippy::too_many_arguments)]
        impl #k::BackendHandle {
            #(#handle_items)*
        }

        #(#operator_impls)*
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Render generated code for reading (and for the golden files).
    pub fn pretty(tokens: TokenStream) -> String {
        match syn::parse2::<syn::File>(tokens.clone()) {
            Ok(f) => prettyplease::unparse(&f),
            Err(e) => format!("// does not parse: {e}\n{tokens}"),
        }
    }

    /// The generated code of a small spec, compared with a golden file.
    #[test]
    fn generated_code_matches_the_golden_file() {
        let spec = crate::golden::fixture();
        crate::golden::compare("api.rs", &pretty(generate(&spec, &Target::core())));
    }

    #[test]
    fn dump_for_debugging() {
        let Ok(path) = std::env::var("IVY_DUMP_FIXTURE") else {
            return;
        };
        let src = std::fs::read_to_string(&path).expect("fixture");
        let tokens: TokenStream = src.parse().expect("tokens");
        let spec = ivy_spec::load(tokens).expect("spec");
        println!("{}", pretty(generate(&spec, &Target::core())));
    }
}
