//! `docs/support-matrix.md` is current: the section of every backend in this
//! build, generated from the resolved tables, appears in it verbatim. (A build
//! without the `candle` feature checks the ndarray section only; CI also runs
//! it with the feature.)

#[test]
fn the_committed_support_matrix_is_current() {
    let page = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/support-matrix.md"
    ))
    .expect("docs/support-matrix.md is committed");
    for name in ivy::available_backends() {
        let _on = ivy::use_backend(name).expect("a registered backend");
        let section = ivy::backend::support_matrix(ivy::current_backend());
        assert!(
            page.contains(&section),
            "the {name} section of docs/support-matrix.md is out of date; regenerate it with \
             `cargo run --example support_matrix --features candle > docs/support-matrix.md`"
        );
    }
}

#[test]
fn every_built_in_op_has_a_row_per_backend() {
    let page = ivy::backend::support_matrix_page();
    let n = ivy::catalogue::ops().filter(|o| o.id.is_some()).count();
    for name in ivy::available_backends() {
        let b = ivy::with_backend(name, ivy::current_backend).expect("a registered backend");
        let section = ivy::backend::support_matrix(b);
        let rows = section.lines().filter(|l| l.starts_with("| `")).count();
        assert_eq!(rows, n, "{name}");
        assert!(page.contains(&section));
    }
}
