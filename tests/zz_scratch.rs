#[test]
fn dump() {
    let c = ivy::get_backend("candle").unwrap();
    let n = ivy::get_backend("ndarray").unwrap();
    for op in ivy::catalogue::ops() {
        let sc = op.supported_dtypes(c.entry());
        let sn = op.supported_dtypes(n.entry());
        println!(
            "{:?} {:24} has_kernel={} candle={:?} | nd-only={:?}",
            op.kind,
            op.name,
            op.id.map(|i| c.entry().has_kernel(i)).unwrap_or(false),
            sc,
            (sn & c.valid_dtypes()) - sc
        );
    }
}
