//! `#[op]`: the spec's generator applied to one ordinary function, in any
//! crate. It defines a compositional (or standalone) op with the same
//! functional API, options struct, nestability, catalogue entry and dtype
//! handling as the built-in ops; its Array methods come as an extension trait
//! `<Name>Ext`.

use crate::emit::{self, Target, catalogue, functional, methods, opts};
use ivy_spec::ctxt::Ctxt;
use ivy_spec::model::OpKind;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::visit::Visit;

const KINDS: [&str; 4] = ["primary", "compositional", "mixed", "standalone"];

/// Expand `#[op(...)] fn ...`.
pub fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    let cx = Ctxt::new();
    let has_kind = args.clone().into_iter().any(|tt| match tt {
        proc_macro2::TokenTree::Ident(i) => KINDS.contains(&i.to_string().as_str()),
        _ => false,
    });
    let args = if has_kind || args.is_empty() {
        if args.is_empty() {
            quote!(compositional)
        } else {
            args
        }
    } else {
        quote!(compositional, #args)
    };
    let mut op = match ivy_spec::parse::parse_op_fn(args, item, &cx) {
        Ok(op) => op,
        Err(e) => {
            cx.syn_error(e);
            return errors(cx);
        }
    };
    if op.kind.has_kernel() {
        cx.error(
            op.kind_span,
            format!(
                "#[op] defines #[compositional] or #[standalone] ops; a #[{}] op has kernels per backend and is written in the spec",
                op.kind.keyword()
            ),
        );
        return errors(cx);
    }
    ivy_spec::check::check_op(&op, &cx);
    if cx.has_errors() {
        return errors(cx);
    }
    op.callees = callees(&op);
    let t = Target::user();
    generate(&op, &t)
}

fn errors(cx: Ctxt) -> TokenStream {
    match cx.finish() {
        Ok(()) => quote!(),
        Err(e) => e.to_compile_error(),
    }
}

/// Calls of the form `ivy::name(..)` and `.name(..)` in the body; the
/// catalogue keeps the ones that name ops.
fn callees(op: &ivy_spec::model::Op) -> Vec<String> {
    struct V(Vec<String>);
    impl<'ast> Visit<'ast> for V {
        fn visit_expr_call(&mut self, c: &'ast syn::ExprCall) {
            if let syn::Expr::Path(p) = &*c.func
                && p.path.segments.len() == 2
                && p.path.segments[0].ident == "ivy"
            {
                let n = p.path.segments[1].ident.to_string();
                self.0
                    .push(n.strip_suffix("_with").map(str::to_string).unwrap_or(n));
            }
            syn::visit::visit_expr_call(self, c);
        }
        fn visit_expr_method_call(&mut self, c: &'ast syn::ExprMethodCall) {
            let n = c.method.to_string();
            self.0
                .push(n.strip_suffix("_with").map(str::to_string).unwrap_or(n));
            syn::visit::visit_expr_method_call(self, c);
        }
    }
    let mut v = V(Vec::new());
    if let Some(b) = &op.body {
        v.visit_block(b);
    }
    v.0.sort();
    v.0.dedup();
    v.0.retain(|n| {
        *n != op.name
            && !matches!(
                n.as_str(),
                "clone" | "dtype" | "shape" | "ndim" | "size" | "into" | "to_vec"
            )
    });
    v.0
}

fn generate(op: &ivy_spec::model::Op, t: &Target) -> TokenStream {
    let k = &t.krate;
    let items = functional::op_items(op, t);
    if op.kind == OpKind::Standalone {
        return items;
    }
    let opts = opts::opts_struct(op, t);
    let info_name = format_ident!("__IVY_OP_{}", op.name.to_uppercase());
    let reg_name = format_ident!("__IVY_OP_REGISTER_{}", op.name.to_uppercase());
    let info = catalogue::op_info(op, t, None);
    let m = methods::methods(op, t, methods::Receiver::Array);
    let c = methods::methods(op, t, methods::Receiver::Container);
    let v = methods::methods(op, t, methods::Receiver::View);
    let methods_items = if m.impl_items.is_empty() {
        quote!()
    } else {
        let tr = format_ident!("{}Ext", emit::camel(&op.name));
        let impl_items = &m.impl_items;
        let trait_items = &m.trait_items;
        let d = emit::doc(&format!(
            "Array and Container methods of the op [`{0}`](fn@{0}): bring this trait into scope to call `x.{0}(..)`.",
            op.name
        ));
        quote! {
            #d
            pub trait #tr {
                #(#trait_items)*
            }
            impl #tr for #k::Array {
                #(#impl_items)*
            }
        }
    };
    let container_impl = if c.impl_items.is_empty() {
        quote!()
    } else {
        let tr = format_ident!("{}Ext", emit::camel(&op.name));
        let impl_items = &c.impl_items;
        let view_items = &v.impl_items;
        quote! {
            impl #tr for #k::Container {
                #(#impl_items)*
            }
            impl #tr for #k::ContainerRef<'_> {
                #(#view_items)*
            }
        }
    };
    quote! {
        #items
        #opts
        #methods_items
        #container_impl

        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        static #info_name: #k::catalogue::OpInfo = #info;

        #[#k::__private::linkme::distributed_slice(#k::catalogue::USER_OPS)]
        #[linkme(crate = #k::__private::linkme)]
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        static #reg_name: &'static #k::catalogue::OpInfo = &#info_name;
    }
}
