//! Array and Container methods: `x.tan()`, `x.add(&y)`, `x.sum_with(opts)`,
//! with `self` in place of the op's first array argument. For ivy-core they
//! are inherent methods of `Array` and, for nestable ops, of `Container`; for
//! a user's `#[op]` they form an extension trait implemented for both.

use super::functional::{kind_args, operand_params, signature};
use super::*;

/// Method items (the bodies of an `impl Array` or trait impl) and, for user
/// ops, the trait declaration items.
pub struct Methods {
    /// Items inside `impl Array` (or `impl Trait for Array`).
    pub impl_items: Vec<TokenStream>,
    /// Items inside `trait Trait` (user ops only).
    pub trait_items: Vec<TokenStream>,
}

/// Which type the methods are for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Receiver {
    /// `Array` (every op with a method).
    Array,
    /// `Container` (nestable ops with a method).
    Container,
    /// `ContainerRef`, a sub-container's view (the same methods as
    /// `Container`).
    View,
}

/// The methods of one op on `recv`, if it has them. The receiver is written
/// `Self`, so the items fit an inherent impl and a trait alike.
pub fn methods(op: &Op, t: &Target, recv: Receiver) -> Methods {
    let mut out = Methods {
        impl_items: Vec::new(),
        trait_items: Vec::new(),
    };
    let operands = operand_params(op);
    let Some(first) = operands.first() else {
        return out;
    };
    if !op.method || (recv != Receiver::Array && !op.nestable) {
        return out;
    }
    let k = &t.krate;
    let sig = signature(op, t);
    let self_ty = operand_ty(first);
    // Drop the first operand from the generics, parameters and where clause.
    let others: Vec<Ident> = operands.iter().skip(1).map(|p| operand_ty(p)).collect();
    let bound = operand_bound(op, k);
    let lists = &sig.list_generics;
    let generics = if others.is_empty() && lists.is_empty() {
        quote!(<'__a>)
    } else {
        let all_generics = others
            .iter()
            .map(|t| quote!(#t: #bound))
            .chain(lists.iter().cloned());
        quote!(<'__a, #(#all_generics),*>)
    };
    let all = kind_args(op, k, Some((first.name.as_str(), quote!(&'__a Self))));
    let ret_inner = ret_type(&op.ret, k);
    let (ret, where_clause) = if op.nestable {
        (
            quote!(#k::Result<#k::Out<(#(#all,)*), #ret_inner>>),
            quote!(where (#(#all,)*): #k::Operands),
        )
    } else {
        (quote!(#k::Result<#ret_inner>), quote!())
    };
    let params: Vec<TokenStream> = sig
        .params
        .iter()
        .zip(op.required())
        .filter(|(_, p)| p.name != first.name)
        .map(|(tok, _)| tok.clone())
        .collect();
    let args: Vec<TokenStream> = op
        .required()
        .map(|p| {
            if p.name == first.name {
                quote!(self)
            } else {
                let i = &p.ident;
                quote!(#i)
            }
        })
        .collect();
    let _ = self_ty;
    let name = super::ident(&op.name, op.ident.span());
    let fn_path = if t.builtin {
        quote!(crate::#name)
    } else {
        quote!(#name)
    };
    let docs = method_docs(op, t, false, recv);
    let vis = if t.builtin { quote!(pub) } else { quote!() };
    out.impl_items.push(quote! {
        #docs
        #[inline]
        #vis fn #name #generics (&'__a self, #(#params),*) -> #ret #where_clause {
            #fn_path(#(#args),*)
        }
    });
    out.trait_items.push(quote! {
        #docs
        fn #name #generics (&'__a self, #(#params),*) -> #ret #where_clause;
    });
    if has_opts(op) {
        let with = with_ident(op);
        let opts_path = opts_path(op, t);
        let with_path = if t.builtin {
            quote!(crate::#with)
        } else {
            quote!(#with)
        };
        let docs = method_docs(op, t, true, recv);
        out.impl_items.push(quote! {
            #docs
            #[inline]
            #vis fn #with #generics (&'__a self, #(#params,)* opts: #opts_path) -> #ret #where_clause {
                #with_path(#(#args,)* opts)
            }
        });
        out.trait_items.push(quote! {
            #docs
            fn #with #generics (&'__a self, #(#params,)* opts: #opts_path) -> #ret #where_clause;
        });
    }
    out
}

fn method_docs(op: &Op, t: &Target, with: bool, recv: Receiver) -> TokenStream {
    let suffix = if with { "_with" } else { "" };
    let first = operand_params(op)
        .first()
        .map(|p| p.name.clone())
        .unwrap_or_default();
    let mut lines = vec![
        match recv {
            Receiver::Array => format!(
                "Method form of [`ivy::{0}{suffix}`](fn@crate::{0}{suffix}), with `self` as `{first}`.",
                op.name
            ),
            Receiver::Container => format!(
                "Container method form of [`ivy::{0}{suffix}`](fn@crate::{0}{suffix}), with `self` as \
                 `{first}`: the op runs at every leaf and the result has `self`'s structure.",
                op.name
            ),
            Receiver::View => format!(
                "Sub-container method form of [`ivy::{0}{suffix}`](fn@crate::{0}{suffix}), with `self` \
                 (a view, `c.sub(..)?`) as `{first}`: the op runs at every leaf below it.",
                op.name
            ),
        },
        String::new(),
    ];
    let summary = op.summary();
    if !summary.is_empty() {
        lines.push(summary);
        lines.push(String::new());
    }
    let docs = doc_attrs(&lines, t);
    let mut lines = vec!["```".to_string()];
    let receiver = operand_params(op)
        .first()
        .map(|p| example_value(op, p))
        .unwrap_or_default();
    let value = receiver.trim_start_matches('&');
    lines.push(match recv {
        Receiver::Array => format!("let x = {value};"),
        Receiver::Container => {
            format!("let x = ivy::container! {{ a: {value}, b: {{ c: {value} }} }};")
        }
        Receiver::View => {
            format!("let c = ivy::container! {{ a: {value}, b: {{ c: {value} }} }};\nlet x = c.sub(\"b\")?;")
        }
    });
    let mut args: Vec<String> = op
        .required()
        .filter(|p| p.name != first)
        .map(|p| example_value(op, p))
        .collect();
    if with {
        let o = opts_ident(op, t);
        args.push(if t.builtin {
            format!("ivy::opts::{o}::new()")
        } else {
            format!("{o}::new()")
        });
    }
    lines.push(format!(
        "let r = x.{}{suffix}({});",
        op.name,
        args.join(", ")
    ));
    lines.push("assert!(r.is_ok(), \"{r:?}\");".into());
    lines.push("# Ok::<(), ivy::Error>(())".into());
    lines.push("```".into());
    let ex = example_attrs(&lines, t);
    quote!(#docs #ex)
}
