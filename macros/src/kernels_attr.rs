//! `#[ivy::kernels]` on a backend's `impl <Category>Kernels for Backend`:
//! strips the tables written on each kernel and records them, with the list
//! of implemented kernels, in the trait's `kernel_tables`: a dtype table
//! (`#[supported_dtypes]` / `#[unsupported_dtypes]`), a device table
//! (`#[supported_devices("1.0 and above" => (cpu, gpu))]` /
//! `#[unsupported_devices]`) and a device-and-dtype table
//! (`#[unsupported_device_and_dtypes("1.0 and above" => { cpu: (float16),
//! all: (complex) })]` / `#[supported_device_and_dtypes]`, `all` adding its
//! dtypes to cpu, gpu and tpu), each with Ivy's version keys.

use ivy_spec::ctxt::Ctxt;
use ivy_spec::model::TableMode;
use ivy_spec::parse::{
    device_bits, parse_device_rows, parse_table, parse_version_key as version_key,
};
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
        let mut devices: Option<(TableMode, Vec<DeviceRow>)> = None;
        let mut device_dtypes: Option<(TableMode, Vec<DeviceDtypeRow>)> = None;
        for attr in f.attrs.drain(..) {
            let device_mode = |name: &str| {
                if attr.path().is_ident(&format!("supported_{name}")) {
                    Some(TableMode::Supported)
                } else if attr.path().is_ident(&format!("unsupported_{name}")) {
                    Some(TableMode::Unsupported)
                } else {
                    None
                }
            };
            if let Some(mode) = device_mode("devices") {
                match attr.parse_args_with(parse_device_rows) {
                    Ok(rows) if devices.is_none() => devices = Some((mode, rows)),
                    Ok(_) => cx.error(
                        attr.path().span(),
                        format!("kernel `{name}` has more than one device table"),
                    ),
                    Err(e) => cx.syn_error(e),
                }
                continue;
            }
            if let Some(mode) = device_mode("device_and_dtypes") {
                match attr.parse_args_with(parse_device_dtype_rows) {
                    Ok(rows) if device_dtypes.is_none() => device_dtypes = Some((mode, rows)),
                    Ok(_) => cx.error(
                        attr.path().span(),
                        format!("kernel `{name}` has more than one device-and-dtype table"),
                    ),
                    Err(e) => cx.syn_error(e),
                }
                continue;
            }
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
        let mode_tokens = |m: TableMode| {
            if m == TableMode::Supported {
                quote!(::ivy::backend::TableMode::Supported)
            } else {
                quote!(::ivy::backend::TableMode::Unsupported)
            }
        };
        let devices = match devices {
            None => quote!(::ivy::backend::DeviceTable::NONE),
            Some((m, rows)) => {
                let m = mode_tokens(m);
                let rows = rows
                    .iter()
                    .map(|(k, b)| quote!((#k, ::ivy::DeviceSet::from_bits(#b))));
                quote!(::ivy::backend::DeviceTable { mode: #m, rows: &[#(#rows),*] })
            }
        };
        let device_dtypes = match device_dtypes {
            None => quote!(::ivy::backend::DeviceDtypeTable::NONE),
            Some((m, rows)) => {
                let m = mode_tokens(m);
                let rows = rows.iter().map(|(k, [c, g, t])| {
                    quote!((#k, [
                        ::ivy::DtypeSet::from_bits(#c),
                        ::ivy::DtypeSet::from_bits(#g),
                        ::ivy::DtypeSet::from_bits(#t),
                    ]))
                });
                quote!(::ivy::backend::DeviceDtypeTable { mode: #m, rows: &[#(#rows),*] })
            }
        };
        entries.push(quote! {
            ::ivy::backend::KernelTable { op: #name, mode: ::ivy::backend::TableMode::#mode, rows: &[#(#rows),*], devices: #devices, device_dtypes: #device_dtypes }
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

/// A row of a device table: a version key and device-kind bits.
type DeviceRow = (syn::LitStr, u8);

/// A row of a device-and-dtype table: a version key and the dtype bits of
/// cpu, gpu and tpu.
type DeviceDtypeRow = (syn::LitStr, [u16; 3]);

/// Rows of a device-and-dtype table: `"KEY" => { cpu: (float16), all:
/// (complex) }, ...`; `all` adds its dtypes to every device kind.
fn parse_device_dtype_rows(input: syn::parse::ParseStream) -> syn::Result<Vec<DeviceDtypeRow>> {
    let mut rows = Vec::new();
    while !input.is_empty() {
        let key = version_key(input)?;
        let content;
        syn::braced!(content in input);
        let mut row = [0u16; 3];
        while !content.is_empty() {
            let name: syn::Ident = content.parse()?;
            let bits = device_bits(&name)?;
            content.parse::<syn::Token![:]>()?;
            let dtypes: ivy_spec::dtypes::DtypeExpr = content.parse()?;
            for (i, r) in row.iter_mut().enumerate() {
                if bits & (1 << i) != 0 {
                    *r |= dtypes.mask.0;
                }
            }
            if content.is_empty() {
                break;
            }
            content.parse::<syn::Token![,]>()?;
        }
        rows.push((key, row));
        if input.is_empty() {
            break;
        }
        input.parse::<syn::Token![,]>()?;
    }
    if rows.is_empty() {
        return Err(input.error(
            "a device-and-dtype table needs at least one row: \"KEY\" => { cpu: (dtypes) }",
        ));
    }
    Ok(rows)
}
