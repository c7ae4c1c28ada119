//! The argument checks of an op, run once before dispatch: the parameter
//! rules of the spec (`#[one_of]`, `#[ndim]`, `#[min_ndim]`, `#[square]`, `#[dtypes]`,
//! `#[same_shape]`) on the arguments as the body sees them, and the
//! `#[check(path)]` functions on the kernel's arguments. An op without rules
//! gets no code at all.

use super::Target;
use ivy_spec::model::{Op, ParamKind, Rule};
use proc_macro2::TokenStream;
use quote::quote;

/// The parameter rules' checks, on the body-level bindings (after the
/// keyword arguments are resolved).
pub fn rule_steps(op: &Op, t: &Target) -> Vec<TokenStream> {
    let k = &t.krate;
    let r = quote!(#k::__private::rules);
    let op_name = &op.name;
    let mut steps = Vec::new();
    for p in &op.params {
        let pname = &p.name;
        let optional = matches!(p.kind, ParamKind::Option(_));
        let v = quote!(__v);
        for (rule, _) in &p.rules {
            let check = match rule {
                Rule::OneOf(values) => quote!(#r::one_of(#op_name, #pname, #v, &[#(#values),*])?;),
                Rule::Ndim(n) => quote!(#r::ndim(#op_name, #pname, #v, #n)?;),
                Rule::MinNdim(n) => quote!(#r::min_ndim(#op_name, #pname, #v, #n)?;),
                Rule::Square => quote!(#r::square(#op_name, #pname, #v)?;),
                Rule::Dtypes(mask, text) => {
                    let bits = mask.0;
                    let set = quote!(#k::DtypeSet::from_bits(#bits));
                    if matches!(p.kind, ParamKind::Dtype) {
                        quote!(#r::dtype_param_in(#op_name, #v, #set, #text)?;)
                    } else {
                        quote!(#r::dtype_in(#op_name, #pname, #v, #set, #text)?;)
                    }
                }
                Rule::SameShape(other) => {
                    let oname = ivy_spec::model::ident_name(other);
                    quote!(#r::same_shape(#op_name, #pname, #v, #oname, #other)?;)
                }
            };
            let name = &p.ident;
            steps.push(if optional {
                quote!(if let ::std::option::Option::Some(__v) = #name { #check })
            } else {
                quote!({ let __v = #name; #check })
            });
        }
    }
    steps
}

/// The `#[check(path)]` calls: each function gets the op's name and the
/// kernel's arguments, in the kernel's order and types.
pub fn check_fn_steps(op: &Op, args: &[TokenStream]) -> Vec<TokenStream> {
    let op_name = &op.name;
    op.checks
        .iter()
        .map(|path| quote!(#path(#op_name, #(#args),*)?;))
        .collect()
}
