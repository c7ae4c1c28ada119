//! `#[derive(Tree)]`. (Being written.)

use proc_macro2::TokenStream;

pub fn derive(input: TokenStream) -> TokenStream {
    let _ = input;
    TokenStream::new()
}
