//! The version the dtype tables are resolved for is the version of candle-core the
//! crate is built with (read from the workspace's Cargo.lock).

#[test]
fn candle_version_matches_the_lockfile() {
    let lock = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.lock"))
        .expect("the workspace has a Cargo.lock");
    let mut versions = Vec::new();
    let mut in_candle = false;
    for line in lock.lines() {
        if line == "[[package]]" {
            in_candle = false;
        } else if line == "name = \"candle-core\"" {
            in_candle = true;
        } else if in_candle && let Some(v) = line.strip_prefix("version = \"") {
            versions.push(v.trim_end_matches('"').to_string());
        }
    }
    assert_eq!(versions, vec![ivy_candle::CANDLE_VERSION.to_string()]);
}
