//! Golden files of the generators' tests (`tests/golden/`): the fixture
//! spec they expand and the comparison of an expansion with its file.

/// The folder of the golden files.
const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden");

/// The fixture spec, parsed and checked. It calls ops it does not define
/// (maximum, exp, ...), so it checks the generation, not the callee rule.
pub(crate) fn fixture() -> ivy_spec::model::Spec {
    let src = std::fs::read_to_string(format!("{DIR}/fixture.spec")).expect("fixture");
    let tokens: proc_macro2::TokenStream = src.parse().expect("tokens");
    let cx = ivy_spec::Ctxt::new();
    let spec = ivy_spec::parse::parse_spec(tokens, &cx).expect("parses");
    for op in spec.ops() {
        ivy_spec::check::check_op(op, &cx);
    }
    assert!(cx.finish().is_ok());
    spec
}

/// Compares `got` with the golden file `name`; `UPDATE_GOLDEN=1 cargo test
/// -p ivy-macros` rewrites the file after a change that is meant.
pub(crate) fn compare(name: &str, got: &str) {
    let path = format!("{DIR}/{name}");
    if std::env::var("UPDATE_GOLDEN").is_ok() {
        std::fs::write(&path, got).expect("write golden");
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    if got != want {
        let first = got
            .lines()
            .zip(want.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "generated code differs from {path} at line {}:\n  got:  {}\n  want: {}\n(UPDATE_GOLDEN=1 to accept)",
            first + 1,
            got.lines().nth(first).unwrap_or(""),
            want.lines().nth(first).unwrap_or("")
        );
    }
}
