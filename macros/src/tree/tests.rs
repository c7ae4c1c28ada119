//! Expansion tests of `#[derive(Tree)]`: the generated code of a fixture of
//! every representation, compared with a golden file, and the errors of the
//! derive's checks (the same mistakes, as compile errors, are in
//! `tests/ui/tree/fail/`).

use super::derive;
use proc_macro2::TokenStream;

/// The fixture: one type per representation and shape.
const FIXTURE: &[&str] = &[
    // A generic struct with a static field: a record node.
    "struct Linear<T> { w: T, b: T, #[tree(static)] act: &'static str }",
    // A tuple struct and a unit struct.
    "struct Pair(f64, f64);",
    "struct Marker;",
    // A tagged enum: each variant a record.
    "enum Act<T> { Relu, Scaled(T), Gated { gate: T, #[tree(static)] bias: i32 } }",
    // An untagged enum: each variant the node of its content.
    "#[tree(untagged)] enum Item<T> { Empty, Leaf(T), Pair(T, T), Point { x: T, y: T } }",
    // A transparent newtype.
    "#[tree(transparent)] struct Params(Vec<f64>);",
    // A leaf type.
    "#[tree(leaf)] struct Meters(f64);",
];

fn expand(src: &str) -> TokenStream {
    let tokens: TokenStream = src.parse().expect("fixture tokens");
    derive(tokens)
}

fn pretty(tokens: TokenStream) -> String {
    match syn::parse2::<syn::File>(tokens.clone()) {
        Ok(f) => prettyplease::unparse(&f),
        Err(e) => format!("// does not parse: {e}\n{tokens}"),
    }
}

/// The generated code of the fixture, compared with
/// `tests/golden/tree.rs`; `UPDATE_GOLDEN=1 cargo test -p ivy-macros`
/// rewrites it after a change that is meant.
#[test]
fn generated_code_matches_the_golden_file() {
    let mut got = String::new();
    for src in FIXTURE {
        got.push_str(&format!("// #[derive(Tree)] {src}\n"));
        got.push_str(&pretty(expand(src)));
        got.push('\n');
    }
    crate::golden::compare("tree.rs", &got);
}

/// The `compile_error!` messages of an expansion, in order.
fn errors(src: &str) -> Vec<String> {
    let out = expand(src).to_string();
    let mut msgs = Vec::new();
    let mut rest = out.as_str();
    while let Some(at) = rest.find("compile_error !") {
        rest = &rest[at..];
        let Some(open) = rest.find('"') else { break };
        let body = &rest[open + 1..];
        let mut end = 0;
        let bytes = body.as_bytes();
        while end < bytes.len() && !(bytes[end] == b'"' && (end == 0 || bytes[end - 1] != b'\\')) {
            end += 1;
        }
        msgs.push(body[..end].replace("\\\"", "\"").replace("\\'", "'"));
        rest = &body[end..];
    }
    msgs
}

#[test]
fn valid_input_expands_without_errors() {
    for src in FIXTURE {
        assert!(errors(src).is_empty(), "{src}: {:?}", errors(src));
    }
}

#[test]
fn each_representation_emits_its_nodes() {
    let untagged = expand(FIXTURE[4]).to_string();
    // Unit variant: None; one field: the field itself; several: a tuple;
    // struct variant: a record.
    assert!(untagged.contains("__ivy_sink . none ()"), "{untagged}");
    assert!(
        untagged.contains("__ivy_sink . tuple (2usize)"),
        "{untagged}"
    );
    assert!(untagged.contains("__ivy_sink . record"), "{untagged}");
    assert!(untagged.contains("peek_node"), "{untagged}");
    let tagged = expand(FIXTURE[3]).to_string();
    assert!(!tagged.contains("peek_node"), "{tagged}");
    assert!(!tagged.contains("__ivy_sink . none ()"), "{tagged}");
    let transparent = expand(FIXTURE[5]).to_string();
    assert!(
        !transparent.contains("__ivy_sink . record"),
        "{transparent}"
    );
    assert!(!transparent.contains("RecordInfo {"), "{transparent}");
}

#[test]
fn mistakes_are_reported_together_with_their_reasons() {
    let cases: &[(&str, &[&str])] = &[
        (
            "#[tree(untagged)] struct S { x: f64 }",
            &["`untagged` is for enums"],
        ),
        (
            "#[tree(transparent)] enum E { A(f64) }",
            &["`transparent` is for structs of one field"],
        ),
        (
            "#[tree(transparent)] struct S { x: f64, y: f64 }",
            &[
                "`#[tree(transparent)]` needs exactly one field (the one the struct stands for); `S` has 2",
            ],
        ),
        (
            "#[tree(transparent)] struct S { x: Vec<f64>, #[tree(static)] n: usize }",
            &["a `#[tree(transparent)]` struct has no node to keep a static field in"],
        ),
        (
            "#[tree(untagged)] enum E { A, B }",
            &[
                "in an untagged enum a unit variant stands for `None`, and `A` already does; `B` could never be rebuilt",
            ],
        ),
        (
            "#[tree(untagged)] enum E { A(f64), B(Vec<f64>), C(f64) }",
            &["variants `A` and `C` of an untagged enum both hold `f64`"],
        ),
        (
            "#[tree(untagged)] enum E { A(f64, #[tree(static)] u8) }",
            &["a tuple variant of an untagged enum is its fields' node"],
        ),
        (
            "#[tree(leaf, untagged)] enum E { A(f64) }",
            &["`untagged` cannot go with `leaf`"],
        ),
        (
            "#[tree(untagged, untagged)] enum E { A(f64) }",
            &["duplicate `untagged` option"],
        ),
        (
            "#[tree(flatten)] struct S { #[tree(skip)] x: f64 }",
            &[
                "unknown `tree` option `flatten`",
                "unknown `tree` option `skip`",
            ],
        ),
    ];
    for (src, expected) in cases {
        let got = errors(src);
        assert_eq!(got.len(), expected.len(), "{src}: {got:?}");
        for (g, e) in got.iter().zip(expected.iter()) {
            assert!(g.contains(e), "{src}:\n  got:  {g}\n  want: {e}");
        }
        // Beside the errors, a harmless impl keeps uses of the type quiet.
        assert!(expand(src).to_string().contains("derive_failed"), "{src}");
    }
}
