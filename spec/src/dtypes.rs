//! Dtype names and classes as the spec spells them, and dtype set expressions.
//!
//! A set expression combines names with `|` (union), `&` (intersection) and
//! `-` (difference), left to right; parentheses group, and a parenthesised
//! comma list is a union (Ivy's tuple form):
//!
//! ```text
//! float | complex
//! numeric - unsigned
//! (float16, bfloat16)
//! ()
//! ```

use syn::parse::{Parse, ParseStream};
use syn::{Ident, Token, parenthesized};

/// The 15 dtype names in bit order (Ivy's `all_dtypes` order; `ivy-core`'s
/// `Dtype` discriminants follow it).
pub const DTYPE_NAMES: [&str; 15] = [
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "bfloat16",
    "float16",
    "float32",
    "float64",
    "bool",
    "complex64",
    "complex128",
];

/// Class names and their masks.
pub const CLASSES: [(&str, u16); 10] = [
    ("all", 0x7fff),
    ("valid", 0x7fff),
    ("numeric", 0x7fff & !(1 << 12)),
    ("integer", 0xff),
    ("signed", 0x0f),
    ("unsigned", 0xf0),
    ("float", 0xf00),
    ("real", 0xfff),
    ("complex", 0b11 << 13),
    ("none", 0),
];

/// A set of dtypes as a bit mask, the compile-time twin of `ivy::DtypeSet`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DtypeMask(pub u16);

impl DtypeMask {
    /// Every dtype.
    pub const ALL: DtypeMask = DtypeMask(0x7fff);

    /// The mask of one dtype or class name.
    pub fn named(name: &str) -> Option<DtypeMask> {
        if let Some(i) = DTYPE_NAMES.iter().position(|n| *n == name) {
            return Some(DtypeMask(1 << i));
        }
        CLASSES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, m)| DtypeMask(*m))
    }

    /// The dtype names in the mask.
    pub fn names(self) -> Vec<&'static str> {
        DTYPE_NAMES
            .iter()
            .enumerate()
            .filter(|(i, _)| self.0 & (1 << i) != 0)
            .map(|(_, n)| *n)
            .collect()
    }
}

/// A suggestion for a misspelt dtype or class name.
pub fn suggest(name: &str) -> Option<&'static str> {
    match name {
        "int" | "ints" => return Some("integer"),
        "uint" | "uints" => return Some("unsigned"),
        "half" => return Some("float16"),
        "double" => return Some("float64"),
        "boolean" => return Some("bool"),
        _ => {}
    }
    let all = DTYPE_NAMES.iter().chain(CLASSES.iter().map(|(n, _)| n));
    all.map(|c| (distance(name, c), *c))
        .filter(|(d, _)| *d <= 2)
        .min()
        .map(|(_, c)| c)
}

fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// A parsed dtype set expression, with the spans of its names for errors.
#[derive(Debug, Clone)]
pub struct DtypeExpr {
    /// The value.
    pub mask: DtypeMask,
}

impl Parse for DtypeExpr {
    fn parse(input: ParseStream) -> syn::Result<DtypeExpr> {
        let mut mask = term(input)?;
        loop {
            if input.peek(Token![|]) && !input.peek(Token![||]) {
                input.parse::<Token![|]>()?;
                mask = DtypeMask(mask.0 | term(input)?.0);
            } else if input.peek(Token![&]) && !input.peek(Token![&&]) {
                input.parse::<Token![&]>()?;
                mask = DtypeMask(mask.0 & term(input)?.0);
            } else if input.peek(Token![-]) && !input.peek(Token![->]) {
                input.parse::<Token![-]>()?;
                mask = DtypeMask(mask.0 & !term(input)?.0);
            } else {
                break;
            }
        }
        Ok(DtypeExpr { mask })
    }
}

fn term(input: ParseStream) -> syn::Result<DtypeMask> {
    if input.peek(syn::token::Paren) {
        let content;
        parenthesized!(content in input);
        let mut mask = DtypeMask(0);
        while !content.is_empty() {
            let e: DtypeExpr = content.parse()?;
            mask = DtypeMask(mask.0 | e.mask.0);
            if content.is_empty() {
                break;
            }
            content.parse::<Token![,]>()?;
        }
        return Ok(mask);
    }
    let name: Ident = input.call(syn::ext::IdentExt::parse_any)?;
    let text = name.to_string();
    match DtypeMask::named(&text) {
        Some(m) => Ok(m),
        None => {
            let hint = match suggest(&text) {
                Some(s) => format!("; did you mean `{s}`?"),
                None => String::new(),
            };
            Err(syn::Error::new(
                name.span(),
                format!(
                    "unknown dtype or dtype class `{text}`{hint}\n\
                     dtypes: {}\nclasses: {}",
                    DTYPE_NAMES.join(", "),
                    CLASSES
                        .iter()
                        .map(|(n, _)| *n)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(s: &str) -> syn::Result<u16> {
        syn::parse_str::<DtypeExpr>(s).map(|e| e.mask.0)
    }

    #[test]
    fn expressions() {
        assert_eq!(eval("float | complex").unwrap(), 0xf00 | 0x6000);
        assert_eq!(
            eval("numeric - unsigned").unwrap(),
            0x7fff & !(1 << 12) & !0xf0
        );
        assert_eq!(eval("(float16, bfloat16)").unwrap(), (1 << 9) | (1 << 8));
        assert_eq!(eval("()").unwrap(), 0);
        assert_eq!(eval("all & integer").unwrap(), 0xff);
        assert_eq!(eval("bool").unwrap(), 1 << 12);
    }

    #[test]
    fn unknown_names_suggest() {
        let e = eval("flaot").unwrap_err().to_string();
        assert!(e.contains("did you mean `float`"), "{e}");
        let e = eval("int").unwrap_err().to_string();
        assert!(e.contains("`integer`"), "{e}");
    }
}
