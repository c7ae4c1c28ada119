//! Compile tests: every mistake a user can make in a spec entry, an `#[op]`
//! function, a kernel table or a `#[derive(Tree)]`, with the error it gives.
//! Each `tests/ui/<area>/fail/*.rs` has its expected `.stderr` beside it.
//!
//! The pass cases (`tests/ui/<area>/pass/*.rs`, programs that must build and
//! run) are test targets of their own (`[[test]]` with `harness = false` in
//! Cargo.toml, run by `cargo test`), so trybuild only checks: with a pass
//! case it would build its own copy of ivy and its dependencies.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*/fail/*.rs");
}
