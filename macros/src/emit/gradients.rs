//! Gradients: what the leaf function of an op does when one of its arrays
//! is traced by a gradient function.
//!
//! - A primary op runs its kernel as usual, then (only if an input is
//!   traced, one pointer test per array) records a node of the gradient
//!   graph: `__record_<op>` keeps what the op's vector-Jacobian product
//!   needs, and `__vjp_<op>` is that product, made from the spec's `#[vjp]`
//!   expressions. An op marked `#[not_differentiable]` records a node whose
//!   backward pass is an error naming it.
//! - A mixed op runs its compositional body when traced, so it is
//!   differentiable through the ops the body calls, like a compositional op.
//! - A compositional op needs nothing: the ops of its body record themselves.

use super::functional::{keyword_binding, opt_array_params};
use super::*;
use ivy_spec::model::{OpKind, is_zero_rule};

fn record_ident(op: &Op) -> Ident {
    format_ident!("__record_{}", op.name)
}

fn vjp_ident(op: &Op) -> Ident {
    format_ident!("__vjp_{}", op.name)
}

/// The array parameters in parameter order (operands, lists, optional arrays).
fn array_params(op: &Op) -> Vec<&Param> {
    op.params.iter().filter(|p| p.kind.is_array()).collect()
}

/// Parameters whose count varies per call (lists, optional arrays).
fn counted(p: &Param) -> bool {
    !matches!(p.kind, ParamKind::Array)
}

/// Required parameters that are not arrays (passed on to the rule).
fn plain_params(op: &Op) -> Vec<&Param> {
    op.required().filter(|p| !p.kind.is_array()).collect()
}

/// `#p::traced([..], [..])`: whether any array of the call is traced.
pub fn traced_test(op: &Op, t: &Target) -> TokenStream {
    let p = private(t);
    let mut singles = Vec::new();
    let mut lists = Vec::new();
    for prm in array_params(op) {
        let name = &prm.ident;
        match &prm.kind {
            ParamKind::Array => singles.push(quote!(::std::option::Option::Some(#name))),
            ParamKind::Arrays => lists.push(quote!(#name)),
            _ => singles.push(quote!(#name)),
        }
    }
    quote!(#p::traced([#(#singles),*], [#(#lists),*]))
}

fn private(t: &Target) -> TokenStream {
    let k = &t.krate;
    quote!(#k::__private)
}

/// The end of a primary op's leaf: the kernel's result `__out`, recorded
/// when an input is traced.
pub fn finish_primary(op: &Op, t: &Target) -> TokenStream {
    let test = traced_test(op, t);
    let record = record_ident(op);
    let args = array_params(op)
        .into_iter()
        .chain(plain_params(op))
        .map(|p| &p.ident);
    quote! {
        if #test {
            return ::std::result::Result::Ok(#record(__out, #(#args,)* __opts));
        }
        ::std::result::Result::Ok(__out)
    }
}

/// `__record_<op>` and, for a differentiable op, `__vjp_<op>`.
pub fn gradient_fns(op: &Op, t: &Target) -> TokenStream {
    if op.kind != OpKind::Primary {
        return quote!();
    }
    let k = &t.krate;
    let p = private(t);
    let op_name = &op.name;
    let record = record_ident(op);
    let vjp = vjp_ident(op);
    let ret = ret_type(&op.ret, k);
    let opts_ty = super::functional::opts_param_ty(op, t);
    let arrays = array_params(op);
    let plain = plain_params(op);

    let array_decls = arrays.iter().map(|prm| {
        let name = &prm.ident;
        let ty = body_type(&prm.kind, k);
        quote!(#name: #ty)
    });
    let plain_decls: Vec<TokenStream> = plain
        .iter()
        .map(|prm| {
            let name = &prm.ident;
            let ty = body_type(&prm.kind, k);
            quote!(#name: #ty)
        })
        .collect();
    let pushes = arrays.iter().map(|prm| {
        let name = &prm.ident;
        match &prm.kind {
            ParamKind::Array => quote!(__inputs.push(#name);),
            ParamKind::Arrays => quote!(__inputs.extend(#name.iter());),
            _ => quote!(if let ::std::option::Option::Some(__x) = #name { __inputs.push(__x); }),
        }
    });
    let counts: Vec<TokenStream> = arrays
        .iter()
        .filter(|p| counted(p))
        .map(|prm| {
            let name = &prm.ident;
            match &prm.kind {
                ParamKind::Arrays => quote!(#name.len()),
                _ => quote!(usize::from(#name.is_some())),
            }
        })
        .collect();
    let n_counts = counts.len();

    let collect_inputs = quote! {
        let mut __inputs: #p::SmallVec<[&#k::Array; 4]> = #p::SmallVec::new();
        #(#pushes)*
    };
    let record_attrs = quote! {
        #[allow(clippy::too_many_arguments, unused_variables, clippy::needless_borrow, clippy::ptr_arg)]
        #[cold]
        #[inline(never)]
    };

    if op.differentiable != ivy_spec::model::Differentiable::Yes {
        return quote! {
            #record_attrs
            fn #record(__out: #ret, #(#array_decls,)* #(#plain_decls,)* __opts: #opts_ty) -> #ret {
                #collect_inputs
                #p::record_constant(#op_name, &__inputs, __out)
            }
        };
    }

    // Owned copies of the plain parameters, moved into the rule.
    let owned: Vec<(Ident, TokenStream, TokenStream)> = plain
        .iter()
        .map(|prm| {
            let name = &prm.ident;
            let own = format_ident!("__own_{}", prm.name);
            if functional::is_copy(&prm.kind) {
                (own.clone(), quote!(let #own = #name;), quote!(#own))
            } else {
                (
                    own.clone(),
                    quote!(let #own = ::std::borrow::ToOwned::to_owned(#name);),
                    quote!(::std::borrow::Borrow::borrow(&#own)),
                )
            }
        })
        .collect();
    let own_lets = owned.iter().map(|(_, l, _)| l);
    let own_args = owned.iter().map(|(_, _, a)| a);

    let record_fn = quote! {
        #record_attrs
        fn #record(__out: #ret, #(#array_decls,)* #(#plain_decls,)* __opts: #opts_ty) -> #ret {
            #collect_inputs
            let __counts: [usize; #n_counts] = [#(#counts),*];
            let __opts = ::std::clone::Clone::clone(__opts);
            #(#own_lets)*
            #p::record_vjp(
                #op_name,
                &__inputs,
                __out,
                ::std::boxed::Box::new(move |__a: &#p::VjpArgs<'_>| {
                    #vjp(__a, &__opts, #(#own_args,)* &__counts)
                }),
            )
        }
    };

    // The rule: bind the arrays from the flat inputs, the keyword arguments
    // from the options, the cotangents and outputs; then one gradient per
    // array parameter.
    let mut binds = Vec::new();
    let mut grads = Vec::new();
    let mut c = 0usize;
    for prm in &arrays {
        let name = &prm.ident;
        let need = format_ident!("__need_{}", prm.name);
        let rule = op
            .vjp
            .iter()
            .find(|(n, _)| ivy_spec::model::ident_name(n) == prm.name)
            .map(|(_, e)| e);
        let zero = rule.is_none_or(is_zero_rule);
        match &prm.kind {
            ParamKind::Array => {
                binds.push(quote! {
                    let #name: &#k::Array = &__a.inputs[__i];
                    let #need = __a.need[__i];
                    __i += 1;
                });
                grads.push(if zero {
                    quote!(__grads.push(::std::option::Option::None);)
                } else {
                    let e = rule.expect("checked");
                    quote! {
                        __grads.push(if #need {
                            ::std::option::Option::Some({ let __r: #k::Result<#k::Array> = #e; __r? })
                        } else {
                            ::std::option::Option::None
                        });
                    }
                });
            }
            ParamKind::Arrays => {
                let n = format_ident!("__n_{}", prm.name);
                binds.push(quote! {
                    let #n = __counts[#c];
                    let #name: &[#k::Array] = &__a.inputs[__i..__i + #n];
                    let #need = __a.need[__i..__i + #n].iter().any(|b| *b);
                    __i += #n;
                });
                c += 1;
                grads.push(if zero {
                    quote!(__grads.extend((0..#n).map(|_| ::std::option::Option::None));)
                } else {
                    let e = rule.expect("checked");
                    let pname = &prm.name;
                    quote! {
                        if #need {
                            let __r: #k::Result<::std::vec::Vec<#k::Array>> = #e;
                            let __v = __r?;
                            if __v.len() != #n {
                                return ::std::result::Result::Err(#k::Error::invalid(
                                    #op_name,
                                    ::std::format!("the derivative gave {} gradients for the {} arrays of `{}`", __v.len(), #n, #pname),
                                ));
                            }
                            __grads.extend(__v.into_iter().map(::std::option::Option::Some));
                        } else {
                            __grads.extend((0..#n).map(|_| ::std::option::Option::None));
                        }
                    }
                });
            }
            _ => {
                binds.push(quote! {
                    let (#name, #need): (::std::option::Option<&#k::Array>, bool) = if __counts[#c] == 1 {
                        __i += 1;
                        (::std::option::Option::Some(&__a.inputs[__i - 1]), __a.need[__i - 1])
                    } else {
                        (::std::option::Option::None, false)
                    };
                });
                c += 1;
                let push = if zero {
                    quote!(__grads.push(::std::option::Option::None);)
                } else {
                    let e = rule.expect("checked");
                    quote! {
                        __grads.push(if #need {
                            ::std::option::Option::Some({ let __r: #k::Result<#k::Array> = #e; __r? })
                        } else {
                            ::std::option::Option::None
                        });
                    }
                };
                grads.push(quote!(if #name.is_some() { #push }));
            }
        }
    }
    let keywords: Vec<TokenStream> = op
        .optional()
        .filter(|p| !opt_array_params(op).iter().any(|o| o.name == p.name))
        .map(|prm| keyword_binding(op, prm, t))
        .collect();
    // The names a rule reads take the hygiene of the spec's tokens.
    let span = op.vjp.first().map_or(op.ident.span(), |(n, _)| n.span());
    let [g, out, gs, outs] = ["g", "out", "gs", "outs"].map(|n| Ident::new(n, span));
    let outs = match op.ret {
        Ret::Array => quote! {
            let #g: &#k::Array = &__a.cotangents[0];
            let #out: &#k::Array = &__a.outputs[0];
        },
        _ => quote! {
            let #gs: &[#k::Array] = __a.cotangents;
            let #outs: &[#k::Array] = __a.outputs;
        },
    };
    let vjp_fn = quote! {
        #[allow(clippy::too_many_arguments, unused_variables, unused_mut, clippy::needless_borrow, clippy::let_and_return)]
        fn #vjp(__a: &#p::VjpArgs<'_>, __opts: #opts_ty, #(#plain_decls,)* __counts: &[usize; #n_counts]) -> #k::Result<#p::Grads> {
            let mut __i = 0usize;
            #(#binds)*
            #(#keywords)*
            #outs
            let mut __grads = #p::Grads::new();
            #(#grads)*
            ::std::result::Result::Ok(__grads)
        }
    };
    quote!(#record_fn #vjp_fn)
}
