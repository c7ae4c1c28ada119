//! Backend handle methods: `h.<op>(..)` and `h.<op>_with(.., opts)` on
//! `ivy::BackendHandle`, one per op of the spec, each the free function run
//! with the handle's backend current, after a check that every array
//! argument lives on that backend (an error naming both backends if not).

use super::functional::{list_params, operand_params, opt_array_params, signature};
use super::*;
use ivy_spec::model::OpKind;

/// The handle methods of one op (items of `impl BackendHandle`); ivy-core
/// only (a user's `#[op]` runs on a handle through `BackendHandle::run`).
pub fn handle_methods(op: &Op, t: &Target) -> Vec<TokenStream> {
    if !t.builtin {
        return Vec::new();
    }
    let k = &t.krate;
    let name = super::ident(&op.name, op.ident.span());
    let op_name = &op.name;
    if op.kind == OpKind::Standalone {
        let generics = &op.generics;
        let where_clause = &op.generics.where_clause;
        let params = op.params.iter().map(|p| {
            let n = &p.ident;
            let ty = &p.ty;
            quote!(#n: #ty)
        });
        let args = op.params.iter().map(|p| &p.ident);
        let ret = match &op.ret {
            Ret::Verbatim(t) => quote!(#t),
            other => ret_type(other, k),
        };
        let docs = handle_docs(op, t, false);
        return vec![quote! {
            #docs
            #[inline]
            pub fn #name #generics (&self, #(#params),*) -> #ret #where_clause {
                let _on = self.enter();
                crate::#name(#(#args),*)
            }
        }];
    }
    let sig = signature(op, t);
    let (generics, where_clause, params, args, ret) = (
        &sig.generics,
        &sig.where_clause,
        &sig.params,
        &sig.args,
        &sig.ret,
    );
    let mut checks: Vec<TokenStream> = operand_params(op)
        .iter()
        .map(|p| {
            let x = &p.ident;
            quote!(self.__check_node(#op_name, #k::Operand::node(&#x))?;)
        })
        .collect();
    checks.extend(list_params(op).iter().map(|p| {
        let x = &p.ident;
        quote!(self.__check_list(#op_name, &#x)?;)
    }));
    // A container parameter: every leaf on the handle's backend.
    checks.extend(
        op.required()
            .filter(|p| p.kind == ParamKind::Container)
            .map(|p| {
                let x = &p.ident;
                quote!(self.__check_container(#op_name, ::std::option::Option::Some(::std::borrow::Borrow::borrow(&#x)))?;)
            }),
    );
    let docs = handle_docs(op, t, false);
    let mut out = vec![quote! {
        #docs
        #[inline]
        pub fn #name #generics (&self, #(#params),*) -> #ret #where_clause {
            #(#checks)*
            let _on = self.enter();
            crate::#name(#(#args),*)
        }
    }];
    if has_opts(op) {
        let with = with_ident(op);
        let opts = opts_path(op, t);
        let kw_checks = opt_array_params(op).into_iter().map(|p| {
            let f = &p.ident;
            quote!(self.__check_kwarg(#op_name, opts.#f.as_ref())?;)
        });
        let kw_checks = kw_checks.chain(op.optional().filter(|p| p.kind.is_container()).map(|p| {
            let f = &p.ident;
            quote!(self.__check_container(#op_name, opts.#f.as_ref())?;)
        }));
        let docs = handle_docs(op, t, true);
        out.push(quote! {
            #docs
            #[inline]
            pub fn #with #generics (&self, #(#params,)* opts: #opts) -> #ret #where_clause {
                #(#checks)*
                #(#kw_checks)*
                let _on = self.enter();
                crate::#with(#(#args,)* opts)
            }
        });
    }
    out
}

fn handle_docs(op: &Op, t: &Target, with: bool) -> TokenStream {
    let suffix = if with { "_with" } else { "" };
    let mut lines = vec![
        format!(
            "[`ivy::{0}{suffix}`](fn@crate::{0}{suffix}) on this handle's backend, whatever the \
             current backend is; an array argument of another backend is an error naming both.",
            op.name
        ),
        String::new(),
    ];
    let summary = op.summary();
    if !summary.is_empty() {
        lines.push(summary);
        lines.push(String::new());
    }
    let docs = doc_attrs(&lines, t);
    if op.kind == OpKind::Standalone {
        // Standalone ops take plain Rust types: an example value per type.
        let args: Option<Vec<&str>> = op
            .params
            .iter()
            .map(|p| {
                let ty = &p.ty;
                match quote!(#ty).to_string().replace(' ', "").as_str() {
                    "&ivy::Array" => Some("&h.ones([2])?"),
                    "i64" => Some("0"),
                    "D" => Some("vec![1.0f32, 2.0]"),
                    "Option<T>" => Some("Some(1)"),
                    "&Option<T>" => Some("&Some(1)"),
                    "T" => Some("2"),
                    _ => None,
                }
            })
            .collect();
        let Some(args) = args else {
            return docs;
        };
        let ex = vec![
            "```".to_string(),
            "let h = ivy::get_backend(\"ndarray\")?;".to_string(),
            format!("let r = h.{}({});", op.name, args.join(", ")),
            "let _ = r;".into(),
            "# Ok::<(), ivy::Error>(())".into(),
            "```".into(),
        ];
        let ex = example_attrs(&ex, t);
        return quote!(#docs #ex);
    }
    let mut ex = vec![
        "```".to_string(),
        "let h = ivy::get_backend(\"ndarray\")?;".to_string(),
    ];
    let mut args: Vec<String> = op.required().map(|p| example_value(op, p)).collect();
    if with {
        let o = opts_ident(op, t);
        args.push(format!("ivy::opts::{o}::new()"));
    }
    let method = super::ident(&op.name, op.ident.span()).to_string();
    ex.push(format!("let r = h.{method}{suffix}({});", args.join(", ")));
    ex.push("assert!(r.is_ok(), \"{r:?}\");".into());
    ex.push("# Ok::<(), ivy::Error>(())".into());
    ex.push("```".into());
    let ex = example_attrs(&ex, t);
    quote!(#docs #ex)
}
