//! `array!`: an array from nested literals or expressions.
//!
//! Unsuffixed literals follow Ivy's default-dtype rules at run time (the
//! current default int or float dtype, widened when a value needs 64 bits);
//! a suffixed literal fixes the dtype of the whole array (`[1i8, 2]` is
//! `int8`). Other expressions are Rust numbers, taken as Python scalars.

use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};
use quote::quote;
use syn::spanned::Spanned;

enum Node {
    List(Vec<Node>, Span),
    Leaf(Box<syn::Expr>),
}

fn parse_items(tokens: TokenStream, span: Span) -> syn::Result<Node> {
    let mut items = Vec::new();
    let mut current: Vec<TokenTree> = Vec::new();
    let flush = |current: &mut Vec<TokenTree>, items: &mut Vec<Node>| -> syn::Result<()> {
        if current.is_empty() {
            return Ok(());
        }
        let node = match current.as_slice() {
            [TokenTree::Group(g)] if g.delimiter() == Delimiter::Bracket => {
                parse_items(g.stream(), g.span())?
            }
            _ => {
                let ts: TokenStream = current.iter().cloned().collect();
                Node::Leaf(Box::new(syn::parse2(ts)?))
            }
        };
        items.push(node);
        current.clear();
        Ok(())
    };
    for tt in tokens {
        match &tt {
            TokenTree::Punct(p) if p.as_char() == ',' => flush(&mut current, &mut items)?,
            _ => current.push(tt),
        }
    }
    flush(&mut current, &mut items)?;
    Ok(Node::List(items, span))
}

/// The shape, read down the first elements.
fn first_shape(node: &Node, shape: &mut Vec<usize>) {
    if let Node::List(items, _) = node {
        shape.push(items.len());
        if let Some(first) = items.first() {
            first_shape(first, shape);
        }
    }
}

/// Every list at depth `d` has `shape[d]` elements and leaves sit at the
/// bottom.
fn check_shape(node: &Node, depth: usize, shape: &[usize]) -> syn::Result<()> {
    match node {
        Node::Leaf(e) if depth != shape.len() => Err(syn::Error::new(
            e.span(),
            format!(
                "ragged array: an element at depth {depth}, where the first row puts elements at depth {}",
                shape.len()
            ),
        )),
        Node::Leaf(_) => Ok(()),
        Node::List(_, span) if depth >= shape.len() => Err(syn::Error::new(
            *span,
            "ragged array: a nested list where the first row has an element",
        )),
        Node::List(items, span) => {
            if items.len() != shape[depth] {
                return Err(syn::Error::new(
                    *span,
                    format!(
                        "ragged array: this list has {} element{}, the first list at this depth has {}",
                        items.len(),
                        if items.len() == 1 { "" } else { "s" },
                        shape[depth]
                    ),
                ));
            }
            items
                .iter()
                .try_for_each(|n| check_shape(n, depth + 1, shape))
        }
    }
}

fn leaves<'a>(node: &'a Node, out: &mut Vec<&'a syn::Expr>) {
    match node {
        Node::Leaf(e) => out.push(e),
        Node::List(items, _) => items.iter().for_each(|n| leaves(n, out)),
    }
}

fn suffix_of(e: &syn::Expr) -> Option<(String, Span)> {
    match e {
        syn::Expr::Lit(l) => match &l.lit {
            syn::Lit::Int(i) if !i.suffix().is_empty() => Some((i.suffix().to_string(), i.span())),
            syn::Lit::Float(f) if !f.suffix().is_empty() => {
                Some((f.suffix().to_string(), f.span()))
            }
            _ => None,
        },
        syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => suffix_of(&u.expr),
        syn::Expr::Paren(p) => suffix_of(&p.expr),
        syn::Expr::Group(g) => suffix_of(&g.expr),
        _ => None,
    }
}

/// Expand `array![...]`. The input starts with the path of the ivy crate
/// and a `;`: the public `array!` is a `macro_rules!` wrapper in ivy-core
/// that passes its `$crate`, so the expansion names the crate however the
/// user's crate (or a doctest, or a renamed dependency) reaches it.
pub fn expand(input: TokenStream) -> TokenStream {
    let (krate, rest) = crate::emit::split_krate(input);
    match try_expand(&krate, rest) {
        Ok(t) => t,
        Err(e) => {
            let err = e.to_compile_error();
            quote!({ #err; #krate::__private::array_lit(&[0], &[], ::std::option::Option::None) })
        }
    }
}

fn try_expand(krate: &TokenStream, input: TokenStream) -> syn::Result<TokenStream> {
    let root = parse_items(input, Span::call_site())?;
    let mut shape = Vec::new();
    first_shape(&root, &mut shape);
    check_shape(&root, 0, &shape)?;
    let mut values = Vec::new();
    leaves(&root, &mut values);
    let mut suffix: Option<(String, Span)> = None;
    for v in &values {
        if let Some((s, sp)) = suffix_of(v) {
            match &suffix {
                None => suffix = Some((s, sp)),
                Some((first, _)) if *first == s => {}
                Some((first, _)) => {
                    return Err(syn::Error::new(
                        sp,
                        format!(
                            "mixed literal suffixes: `{s}` here, `{first}` earlier; an array has one dtype"
                        ),
                    ));
                }
            }
        }
    }
    let dims = shape.iter();
    if let Some((s, sp)) = suffix {
        let ty: syn::Type = match s.as_str() {
            "i8" | "i16" | "i32" | "i64" | "u8" | "u16" | "u32" | "u64" | "f32" | "f64" => {
                syn::parse_str(&s)?
            }
            _ => {
                return Err(syn::Error::new(
                    sp,
                    format!(
                        "`{s}` is not a suffix of an ivy dtype; use i8..i64, u8..u64, f32 or f64"
                    ),
                ));
            }
        };
        let vals = values.iter().map(|v| quote!((#v) as #ty));
        return Ok(
            quote!(#krate::__private::array_typed::<#ty>(&[#(#dims),*], ::std::vec![#(#vals),*])),
        );
    }
    let vals = values.iter().map(|v| scalar_of(krate, v));
    Ok(
        quote!(#krate::__private::array_lit(&[#(#dims),*], &[#(#vals),*], ::std::option::Option::None)),
    )
}

/// An unsuffixed literal as a Python scalar without going through a Rust type
/// (so `3000000000` is not an `i32` overflow); any other expression through
/// `Scalar::from`.
pub(crate) fn scalar_of(krate: &TokenStream, e: &syn::Expr) -> TokenStream {
    let (neg, inner) = match e {
        syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => (true, &*u.expr),
        other => (false, other),
    };
    if let syn::Expr::Lit(l) = inner {
        match &l.lit {
            syn::Lit::Int(i) => {
                if let Ok(v) = i.base10_parse::<i128>() {
                    let v = if neg { -v } else { v };
                    let lit = proc_macro2::Literal::i128_suffixed(v);
                    return quote!(#krate::Scalar::Int(#lit));
                }
            }
            syn::Lit::Float(f) => {
                if let Ok(v) = f.base10_parse::<f64>() {
                    let v = if neg { -v } else { v };
                    let lit = proc_macro2::Literal::f64_suffixed(v);
                    return quote!(#krate::Scalar::Float(#lit));
                }
            }
            syn::Lit::Bool(b) if !neg => {
                let v = b.value;
                return quote!(#krate::Scalar::Bool(#v));
            }
            _ => {}
        }
    }
    quote!(#krate::Scalar::from(#e))
}
