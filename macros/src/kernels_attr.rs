//! `#[ivy::kernels]` on a backend's `impl <Category>Kernels for Backend`:
//! strips the dtype tables written on each kernel and records them, with the
//! list of implemented kernels, in the trait's `kernel_tables`.

use ivy_spec::ctxt::Ctxt;
use ivy_spec::model::TableMode;
use ivy_spec::parse::parse_table;
use proc_macro2::TokenStream;
use quote::quote;
use syn::spanned::Spanned;

/// Expand the attribute.
pub fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    let cx = Ctxt::new();
    if !args.is_empty() {
        cx.error(
            args.span(),
            "#[kernels] takes no arguments; dtype tables sit on each kernel",
        );
    }
    let mut imp: syn::ItemImpl = match syn::parse2(item) {
        Ok(i) => i,
        Err(e) => return e.to_compile_error(),
    };
    if imp.trait_.is_none() {
        cx.error(
            imp.self_ty.span(),
            "#[kernels] goes on `impl <Category>Kernels for YourBackend`",
        );
    }
    let mut entries = Vec::new();
    for item in &mut imp.items {
        let syn::ImplItem::Fn(f) = item else { continue };
        let name = f.sig.ident.to_string();
        let name = name.strip_prefix("r#").unwrap_or(&name).to_string();
        let mut tables = Vec::new();
        let mut kept = Vec::new();
        for attr in f.attrs.drain(..) {
            let mode = if attr.path().is_ident("supported_dtypes") {
                Some(TableMode::Supported)
            } else if attr.path().is_ident("unsupported_dtypes") {
                Some(TableMode::Unsupported)
            } else {
                None
            };
            match mode {
                Some(mode) => match attr
                    .parse_args_with(|input: syn::parse::ParseStream| parse_table(input, false))
                {
                    Ok(mut t) => {
                        t.mode = mode;
                        t.span = attr.path().span();
                        tables.push(t);
                    }
                    Err(e) => cx.syn_error(e),
                },
                None => kept.push(attr),
            }
        }
        f.attrs = kept;
        if tables.len() > 1 {
            cx.error(
                tables[1].span,
                format!(
                    "kernel `{name}` has more than one dtype table; write one #[supported_dtypes] or #[unsupported_dtypes] with several version rows"
                ),
            );
        }
        let (mode, rows) = match tables.first() {
            None => (quote!(All), Vec::new()),
            Some(t) => {
                let mode = if t.mode == TableMode::Supported {
                    quote!(Supported)
                } else {
                    quote!(Unsupported)
                };
                let rows = t
                    .rows
                    .iter()
                    .map(|(k, m)| {
                        let m = m.0;
                        quote!((#k, ::ivy::DtypeSet::from_bits(#m)))
                    })
                    .collect();
                (mode, rows)
            }
        };
        entries.push(quote! {
            ::ivy::backend::KernelTable { op: #name, mode: ::ivy::backend::TableMode::#mode, rows: &[#(#rows),*] }
        });
    }
    imp.items.push(syn::parse_quote! {
        fn kernel_tables(&self) -> &'static [::ivy::backend::KernelTable] {
            const TABLES: &[::ivy::backend::KernelTable] = &[#(#entries),*];
            TABLES
        }
    });
    let errors = match cx.finish() {
        Ok(()) => quote!(),
        Err(e) => e.to_compile_error(),
    };
    quote!(#errors #imp)
}
