//! `std::ops` impls for ops marked `#[operator(..)]`: arrays with arrays, with
//! Rust numbers on either side, and a `Result<Array>` on the left so
//! expressions chain (`&a + &b - &c`). Every impl returns `Result<Array>`;
//! the impls themselves are written once in `ivy-core`'s
//! `__private::operator_impls!`, so this only names the op.

use super::*;

/// The operator impls of one op.
pub fn operator_impls(op: &Op, t: &Target) -> TokenStream {
    let k = &t.krate;
    let name = super::ident(&op.name, op.ident.span());
    let impls = op.operators.iter().map(|o| {
        let (tr, method) = o.trait_and_method();
        let tr = format_ident!("{}", tr);
        let method = format_ident!("{}", method);
        if o.is_unary() {
            quote!(#k::__private::unary_operator_impls!(#tr, #method, crate::#name);)
        } else {
            quote!(#k::__private::binary_operator_impls!(#tr, #method, crate::#name);)
        }
    });
    quote!(#(#impls)*)
}
