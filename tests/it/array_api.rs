//! The Array API standard 2024.12: `docs/array-api.md` is current, every
//! function of the standard is present, and the functions that are not ops
//! exist at the paths the table gives.

use ivy::array_api::{self, Location, NON_OP_FUNCTIONS, STANDARD};
use ivy::{Device, Dtype};

#[test]
fn the_committed_table_is_current() {
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/array-api.md"))
        .expect("docs/array-api.md is committed");
    assert!(
        page == array_api::coverage_page(),
        "docs/array-api.md is out of date; regenerate it with \
         `cargo run --example array_api > docs/array-api.md`"
    );
}

#[test]
fn every_standard_function_is_present() {
    let missing: Vec<_> = array_api::coverage()
        .into_iter()
        .filter(|(_, l)| matches!(l, Location::Missing))
        .map(|(f, _)| format!("{}.{}", f.section, f.name))
        .collect();
    assert!(missing.is_empty(), "missing from ivy: {missing:?}");
}

#[test]
fn the_standard_list_has_no_duplicates_within_a_section() {
    let mut seen = std::collections::HashSet::new();
    for f in STANDARD {
        assert!(seen.insert((f.section, f.name)), "{f:?} listed twice");
    }
    // 2024.12: 16 creation, 6 data type, 67 elementwise, 2 indexing, 6
    // inspection, 4 linear algebra, 14 manipulation, 6 searching, 4 set, 2
    // sorting, 9 statistical, 3 utility; linalg 23, fft 14.
    let count = |s: &str| STANDARD.iter().filter(|f| f.section == s).count();
    let expected = [
        ("creation", 16),
        ("data type", 6),
        ("elementwise", 67),
        ("indexing", 2),
        ("inspection", 6),
        ("linear algebra", 4),
        ("manipulation", 14),
        ("searching", 6),
        ("set", 4),
        ("sorting", 2),
        ("statistical", 9),
        ("utility", 3),
        ("linalg", 23),
        ("fft", 14),
    ];
    for (section, n) in expected {
        assert_eq!(count(section), n, "{section}");
    }
    assert_eq!(
        STANDARD.len(),
        expected.iter().map(|(_, n)| n).sum::<usize>()
    );
}

/// Each path of `NON_OP_FUNCTIONS` named and called here: a path that does
/// not exist fails to compile, one missing from this list fails the test.
#[test]
fn the_non_op_functions_exist() -> ivy::Result<()> {
    let info = ivy::array_namespace_info();
    let called = [
        (
            "from_dlpack",
            ivy::from_dlpack(&ivy::array![1u8].to_dlpack()?)?.to_string(),
        ),
        (
            "can_cast",
            ivy::can_cast(Dtype::Int8, Dtype::Int16).to_string(),
        ),
        ("finfo", ivy::finfo(Dtype::Float32)?.bits.to_string()),
        ("iinfo", ivy::iinfo(Dtype::Int8)?.max.to_string()),
        (
            "isdtype",
            ivy::isdtype(Dtype::Int8, "integral")?.to_string(),
        ),
        (
            "result_type",
            ivy::result_type(&[Dtype::Int8.into(), Dtype::UInt8.into()])?.to_string(),
        ),
        ("__array_namespace_info__", format!("{info:?}")),
        ("capabilities", format!("{:?}", info.capabilities())),
        ("default_device", info.default_device().to_string()),
        ("default_dtypes", format!("{:?}", info.default_dtypes(None))),
        ("devices", format!("{:?}", info.devices())),
        ("dtypes", info.dtypes(None, "bool")?.to_string()),
    ];
    assert_eq!(called.len(), NON_OP_FUNCTIONS.len());
    for (name, _) in NON_OP_FUNCTIONS {
        assert!(
            called.iter().any(|(n, _)| n == name),
            "{name} is not exercised here"
        );
    }
    assert_eq!(called[1].1, "true");
    assert_eq!(called[3].1, "127");
    assert_eq!(called[5].1, "int16");
    Ok(())
}

#[test]
fn isdtype_follows_the_standard_kinds() -> ivy::Result<()> {
    // The standard's kinds, checked against the dtype predicates.
    for d in Dtype::ALL {
        assert_eq!(ivy::isdtype(d, "bool")?, d == Dtype::Bool);
        assert_eq!(
            ivy::isdtype(d, "signed integer")?,
            ivy::is_int_dtype(d) && !ivy::is_uint_dtype(d)
        );
        assert_eq!(ivy::isdtype(d, "unsigned integer")?, ivy::is_uint_dtype(d));
        assert_eq!(ivy::isdtype(d, "integral")?, ivy::is_int_dtype(d));
        assert_eq!(ivy::isdtype(d, "real floating")?, ivy::is_float_dtype(d));
        assert_eq!(
            ivy::isdtype(d, "complex floating")?,
            ivy::is_complex_dtype(d)
        );
        assert_eq!(ivy::isdtype(d, "numeric")?, d != Dtype::Bool);
        assert!(ivy::isdtype(d, d)?);
        assert!(ivy::isdtype(d, d.name())?);
    }
    let err = ivy::isdtype(Dtype::Int8, "integer")
        .unwrap_err()
        .to_string();
    assert!(err.contains("isdtype") && err.contains("integer"), "{err}");
    Ok(())
}

#[test]
fn the_indexing_dtype_is_what_index_functions_return() -> ivy::Result<()> {
    let d = ivy::array_namespace_info().default_dtypes(None);
    assert_eq!(
        ivy::argmax(&ivy::array![1.0, 3.0, 2.0])?.dtype(),
        d.indexing
    );
    assert_eq!(ivy::nonzero(&ivy::array![0, 3, 2])?[0].dtype(), d.indexing);
    assert_eq!(ivy::array_namespace_info().devices(), vec![Device::Cpu]);
    Ok(())
}
