//! Compile tests: every mistake a user can make in a spec entry, an `#[op]`
//! function, a kernel table or a `#[derive(Tree)]`, with the error it gives.
//! Each `tests/ui/<area>/fail/*.rs` has its expected `.stderr` beside it.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.pass("tests/ui/*/pass/*.rs");
    t.compile_fail("tests/ui/*/fail/*.rs");
}
