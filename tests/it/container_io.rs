//! Saving and loading containers: round trips of every dtype through every
//! format, corrupt and lying files, a property test that no bytes make a
//! loader panic, and interoperability with real Python (NumPy and
//! safetensors).
//!
//! The Python tests run the interpreter named by `IVY_PYTHON` (which must
//! import `numpy` and `safetensors`); without it they print a note and pass,
//! unless `IVY_REQUIRE_PYTHON=1` (as in CI), where a missing interpreter or
//! package fails them.

use ivy::container::Format;
use ivy::{Array, Complex32, Complex64, Container, Dtype, bf16, f16};
use proptest::prelude::*;
use std::path::{Path, PathBuf};
use std::process::Command;

const ALL_FORMATS: [Format; 4] = [
    Format::Safetensors,
    Format::Json,
    Format::Npz,
    Format::NpzCompressed,
];

fn kc(pairs: Vec<(&str, Array)>) -> Container {
    Container::from_key_chains(pairs).unwrap()
}

/// One leaf of each of the 15 dtypes, with their extreme values.
fn every_dtype() -> Container {
    kc(vec![
        (
            "b/bool",
            Array::from_shape_vec([2, 2], vec![true, false, false, true]).unwrap(),
        ),
        ("i/int8", Array::from_vec(vec![i8::MIN, -1, i8::MAX])),
        ("i/int16", Array::from_vec(vec![i16::MIN, 3, i16::MAX])),
        ("i/int32", Array::scalar(-7i32)),
        ("i/int64", Array::from_vec(vec![i64::MIN, i64::MAX])),
        ("u/uint8", Array::from_vec(vec![0u8, 255])),
        ("u/uint16", Array::from_vec(vec![0u16, u16::MAX])),
        ("u/uint32", Array::from_vec(vec![u32::MAX, 1])),
        (
            "u/uint64",
            Array::from_shape_vec([1, 1], vec![u64::MAX]).unwrap(),
        ),
        (
            "f/float16",
            Array::from_vec(vec![f16::from_f32(0.1), f16::NEG_INFINITY, f16::MAX]),
        ),
        (
            "f/bfloat16",
            Array::from_vec(vec![
                bf16::from_f32(-3.5),
                bf16::INFINITY,
                bf16::MIN_POSITIVE,
            ]),
        ),
        (
            "f/float32",
            Array::from_shape_vec([0, 3], Vec::<f32>::new()).unwrap(),
        ),
        (
            "f/float64",
            Array::from_vec(vec![0.1f64, -0.0, f64::MAX, 5e-324]),
        ),
        (
            "c/complex64",
            Array::from_vec(vec![
                Complex32::new(1.0, -2.0),
                Complex32::new(0.0, f32::INFINITY),
            ]),
        ),
        (
            "c/complex128",
            Array::from_vec(vec![Complex64::new(0.1, 1e300)]),
        ),
    ])
}

/// `every_dtype()` without the leaves `format` cannot hold.
fn holdable(format: Format) -> Container {
    let mut c = every_dtype();
    match format {
        Format::Safetensors => drop(c.remove("c/complex128").unwrap()),
        Format::Npz | Format::NpzCompressed => drop(c.remove("f/bfloat16").unwrap()),
        _ => {}
    }
    c
}

/// Equal key chains in order, dtypes, shapes and elements (bit for bit,
/// so -0.0 is not 0.0).
fn assert_same(got: &Container, want: &Container) {
    assert_eq!(got.cont_all_key_chains(), want.cont_all_key_chains());
    for ((k, x), y) in got.cont_to_iterator().zip(want.leaves()) {
        assert_eq!((x.dtype(), x.shape()), (y.dtype(), y.shape()), "{k}");
        assert_eq!(x, y, "{k}");
        assert_eq!(format!("{x:?}"), format!("{y:?}"), "{k}");
    }
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ivy-container-io-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn every_dtype_round_trips_through_every_format_in_memory_and_on_disk() {
    let dir = temp_dir("round-trip");
    for format in ALL_FORMATS {
        let c = holdable(format);
        let bytes = c.cont_to_bytes(format).unwrap();
        assert_same(&Container::cont_from_bytes(&bytes, format).unwrap(), &c);
        let path = dir.join(format!("c-{format:?}.{}", format.extension()));
        c.cont_save(&path, format).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), bytes);
        assert_same(&Container::cont_load(&path, format).unwrap(), &c);
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn every_float_special_value_survives() {
    // NaN is not equal to itself, so it is checked apart.
    let c = kc(vec![
        ("h", Array::from_vec(vec![f16::NAN])),
        ("f", Array::from_vec(vec![f32::NAN, -0.0])),
        ("c", Array::from_vec(vec![Complex32::new(f32::NAN, -0.0)])),
    ]);
    for format in ALL_FORMATS {
        let back = Container::cont_from_bytes(&c.cont_to_bytes(format).unwrap(), format).unwrap();
        assert!(back.leaf("h").unwrap().to_vec::<f16>().unwrap()[0].is_nan());
        let f = back.leaf("f").unwrap().to_vec::<f32>().unwrap();
        assert!(f[0].is_nan() && f[1] == 0.0 && f[1].is_sign_negative());
        let z = back.leaf("c").unwrap().to_vec::<Complex32>().unwrap()[0];
        assert!(z.re.is_nan() && z.im.is_sign_negative(), "{format:?}");
    }
}

#[test]
fn a_dtype_the_format_lacks_is_an_error_naming_the_key_chain_and_dtype() {
    let c = every_dtype();
    let e = c
        .cont_to_bytes(Format::Safetensors)
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("at key chain `c/complex128`: cont_to_bytes: "),
        "{e}"
    );
    assert!(e.ends_with("got complex128"), "{e}");
    for format in [Format::Npz, Format::NpzCompressed] {
        let e = c.cont_to_bytes(format).unwrap_err().to_string();
        assert!(
            e.starts_with("at key chain `f/bfloat16`: cont_to_bytes: "),
            "{e}"
        );
        assert!(e.contains("bfloat16 has no NumPy dtype"), "{e}");
    }
    // Nothing is written when saving fails.
    let dir = temp_dir("no-partial");
    let path = dir.join("x.npz");
    let e = c.cont_save(&path, Format::Npz).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("at key chain `f/bfloat16`: cont_save: ")
    );
    assert!(!path.exists());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn empty_containers_and_empty_sub_containers() {
    let mut c: Container = Container::new();
    for format in ALL_FORMATS {
        let back = Container::cont_from_bytes(&c.cont_to_bytes(format).unwrap(), format).unwrap();
        assert!(back.is_empty(), "{format:?}");
    }
    c.insert("a/b", Container::new()).unwrap();
    c.insert("x", Array::from_vec(vec![1u8])).unwrap();
    let json = Container::cont_from_bytes(&c.cont_to_bytes(Format::Json).unwrap(), Format::Json);
    assert_eq!(json.unwrap().cont_all_key_chains_with(true), ["a/b", "x"]);
    // The tensor formats store leaves only: empty levels are dropped.
    for format in [Format::Safetensors, Format::Npz] {
        let back = Container::cont_from_bytes(&c.cont_to_bytes(format).unwrap(), format).unwrap();
        assert_eq!(back.cont_all_key_chains_with(true), ["x"], "{format:?}");
    }
}

#[test]
fn every_truncation_of_a_valid_file_is_an_error() {
    let c = kc(vec![
        ("a/b", Array::from_vec(vec![1.5f32, 2.5])),
        ("c", Array::from_vec(vec![true])),
    ]);
    for format in ALL_FORMATS {
        let bytes = c.cont_to_bytes(format).unwrap();
        for n in 0..bytes.len() {
            let r = Container::cont_from_bytes(&bytes[..n], format);
            let e = r.expect_err(&format!("{format:?} cut at {n} of {}", bytes.len()));
            assert!(matches!(e, ivy::Error::Io { .. }), "{e:?}");
            assert_eq!(e.op(), Some("cont_from_bytes"));
        }
    }
}

/// A safetensors file with the given header and data.
fn safetensors_file(header: &str, data: &[u8]) -> Vec<u8> {
    let mut out = (header.len() as u64).to_le_bytes().to_vec();
    out.extend_from_slice(header.as_bytes());
    out.extend_from_slice(data);
    out
}

/// A `.npz` holding one member of the given name and bytes.
fn npz_file(name: &str, member: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut z = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    z.start_file(name, zip::write::SimpleFileOptions::default())
        .unwrap();
    z.write_all(member).unwrap();
    z.finish().unwrap().into_inner()
}

fn npy_file(header: &str, data: &[u8]) -> Vec<u8> {
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    out.extend_from_slice(data);
    out
}

#[test]
fn corrupt_and_lying_files_are_errors_that_say_what_is_wrong() {
    let cases: Vec<(Format, Vec<u8>, &str)> = vec![
        // safetensors: sizes that do not match, unknown dtypes, bad headers.
        (
            Format::Safetensors,
            safetensors_file(
                r#"{"w":{"dtype":"F32","shape":[3],"data_offsets":[0,8]}}"#,
                &[0; 8],
            ),
            "not a valid safetensors file",
        ),
        (
            Format::Safetensors,
            safetensors_file(
                r#"{"w":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}}"#,
                &[0; 12],
            ),
            "not a valid safetensors file",
        ),
        (
            Format::Safetensors,
            safetensors_file(
                r#"{"w":{"dtype":"F32","shape":[2],"data_offsets":[0,800]}}"#,
                &[0; 8],
            ),
            "not a valid safetensors file",
        ),
        (
            Format::Safetensors,
            safetensors_file(
                r#"{"w":{"dtype":"Q7","shape":[1],"data_offsets":[0,1]}}"#,
                &[0],
            ),
            "not a valid safetensors file",
        ),
        (
            Format::Safetensors,
            safetensors_file(
                r#"{"w":{"dtype":"F8_E5M2","shape":[1],"data_offsets":[0,1]}}"#,
                &[0],
            ),
            "tensor `w` has the safetensors dtype F8_E5M2, which has no ivy dtype",
        ),
        (
            Format::Safetensors,
            safetensors_file(
                r#"{"w":{"dtype":"BOOL","shape":[1],"data_offsets":[0,1]}}"#,
                &[2],
            ),
            "tensor `w`: element 0 (bytes [2]) is not a valid bool",
        ),
        (
            Format::Safetensors,
            safetensors_file(
                r#"{"a/":{"dtype":"U8","shape":[1],"data_offsets":[0,1]}}"#,
                &[2],
            ),
            "the name `a/` is not a key chain here",
        ),
        (
            Format::Safetensors,
            u64::MAX.to_le_bytes().to_vec(),
            "not a valid safetensors file",
        ),
        (
            Format::Safetensors,
            b"{}".to_vec(),
            "not a valid safetensors file",
        ),
        // npz: a member whose header lies, an unknown dtype, a non-.npy member.
        (
            Format::Npz,
            npz_file(
                "w.npy",
                &npy_file(
                    "{'descr': '<f8', 'fortran_order': False, 'shape': (4,), }\n",
                    &[0; 16],
                ),
            ),
            "member `w.npy`: the header says shape (4,) of float64 (32 bytes) but 16 bytes of data follow",
        ),
        (
            Format::Npz,
            npz_file(
                "w.npy",
                &npy_file(
                    "{'descr': '<M8[ns]', 'fortran_order': False, 'shape': (1,), }\n",
                    &[0; 8],
                ),
            ),
            "member `w.npy`: the NumPy dtype `<M8[ns]` has no ivy dtype",
        ),
        (
            Format::Npz,
            npz_file("w.npy", b"\x93NUMPY\x01\x00\x50\x00{'descr'"),
            "member `w.npy`: the header length says 80 bytes",
        ),
        (
            Format::Npz,
            npz_file("w.txt", b"hello"),
            "the member `w.txt` is not a .npy file",
        ),
        (
            Format::Npz,
            b"PK\x03\x04garbage".to_vec(),
            "not a valid .npz (zip) file",
        ),
        // JSON: a lying shape, a wrong dtype, not JSON.
        (
            Format::Json,
            br#"{"w": {"dtype": "int8", "shape": [1000000000000], "data": [1]}}"#.to_vec(),
            "at key chain `w`: neither a leaf (shape (1000000000000,) needs 1000000000000 elements, data has 1)",
        ),
        (
            Format::Json,
            br#"{"w": {"dtype": "int9", "shape": [1], "data": [1]}}"#.to_vec(),
            "unknown dtype `int9`",
        ),
        (Format::Json, b"\x00\x01".to_vec(), "invalid JSON container"),
    ];
    for (format, bytes, expected) in cases {
        let e = Container::cont_from_bytes(&bytes, format).unwrap_err();
        let text = e.to_string();
        assert!(matches!(e, ivy::Error::Io { .. }), "{e:?}");
        assert!(text.starts_with("cont_from_bytes: "), "{text}");
        assert!(
            text.contains(expected),
            "{format:?}: expected {expected:?} in\n{text}"
        );
    }
}

#[test]
fn a_missing_file_names_its_path() {
    let e = Container::cont_load("/nonexistent/ivy/x.npz", Format::Npz).unwrap_err();
    let ivy::Error::Io { op, path, .. } = &e else {
        panic!("{e:?}")
    };
    assert_eq!(
        (op.as_str(), path.as_str()),
        ("cont_load", "/nonexistent/ivy/x.npz")
    );
}

/// Small valid files of each format, to mutate.
fn valid_files() -> Vec<(Format, Vec<u8>)> {
    let c = kc(vec![
        (
            "a/b",
            Array::from_shape_vec([2, 2], vec![1.5f32, 2.5, -1.0, 0.0]).unwrap(),
        ),
        ("a/m", Array::from_vec(vec![true, false])),
        ("z", Array::from_vec(vec![Complex32::new(1.0, 2.0)])),
        ("i", Array::scalar(7i64)),
    ]);
    ALL_FORMATS
        .iter()
        .map(|&f| (f, c.cont_to_bytes(f).unwrap()))
        .collect()
}

#[derive(Debug, Clone)]
enum Mutation {
    Set(usize, u8),
    Truncate(usize),
    Insert(usize, Vec<u8>),
    Remove(usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        4 => (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::Set(i, b)),
        1 => any::<usize>().prop_map(Mutation::Truncate),
        1 => (any::<usize>(), prop::collection::vec(any::<u8>(), 1..8))
            .prop_map(|(i, b)| Mutation::Insert(i, b)),
        1 => (any::<usize>(), 1usize..8).prop_map(|(i, n)| Mutation::Remove(i, n)),
    ]
}

fn apply(bytes: &mut Vec<u8>, m: &Mutation) {
    if bytes.is_empty() {
        return;
    }
    let len = bytes.len();
    match m {
        Mutation::Set(i, b) => bytes[i % len] = *b,
        Mutation::Truncate(n) => bytes.truncate(n % len),
        Mutation::Insert(i, b) => {
            let at = i % (len + 1);
            bytes.splice(at..at, b.iter().copied());
        }
        Mutation::Remove(i, n) => {
            let at = i % len;
            bytes.drain(at..(at + n).min(len));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Random bytes never make a loader panic.
    #[test]
    fn random_bytes_are_an_error_or_a_container(
        bytes in prop::collection::vec(any::<u8>(), 0..600),
        f in 0usize..4,
    ) {
        let _ = Container::cont_from_bytes(&bytes, ALL_FORMATS[f]);
        // Random bytes behind a valid safetensors length or zip/npy magic.
        let mut st = (bytes.len() as u64 / 2).to_le_bytes().to_vec();
        st.extend_from_slice(&bytes);
        let _ = Container::cont_from_bytes(&st, Format::Safetensors);
        let _ = Container::cont_from_bytes(&npz_file("x.npy", &[b"\x93NUMPY\x01\x00", &bytes[..]].concat()), Format::Npz);
        let _ = Array::from_npy(&[b"\x93NUMPY\x01\x00", &bytes[..]].concat());
    }

    /// Valid files with a few bytes changed, cut, inserted or removed never
    /// make a loader panic; what loads is a container of arrays whose sizes
    /// match their shapes.
    #[test]
    fn mutated_valid_files_are_an_error_or_a_container(
        f in 0usize..4,
        mutations in prop::collection::vec(mutation(), 1..5),
    ) {
        let (format, mut bytes) = valid_files().swap_remove(f);
        for m in &mutations {
            apply(&mut bytes, m);
        }
        if let Ok(c) = Container::cont_from_bytes(&bytes, format) {
            for leaf in c.leaves() {
                prop_assert_eq!(leaf.to_host().unwrap().len(), leaf.shape().size());
            }
        }
    }
}

// ---------------------------------------------------------------- Python

/// The Python interpreter to run, or `None` (with a printed note) when
/// `IVY_PYTHON` is unset or lacks numpy / safetensors. With
/// `IVY_REQUIRE_PYTHON=1` those cases fail instead.
fn python() -> Option<PathBuf> {
    let required = std::env::var("IVY_REQUIRE_PYTHON").is_ok_and(|v| v == "1");
    let skip = |why: String| {
        assert!(!required, "IVY_REQUIRE_PYTHON=1, but {why}");
        eprintln!("note: skipping the Python interop test: {why}");
        None
    };
    let Some(python) = std::env::var_os("IVY_PYTHON") else {
        return skip("IVY_PYTHON is not set".into());
    };
    let python = PathBuf::from(python);
    match Command::new(&python)
        .args(["-c", "import numpy, safetensors"])
        .output()
    {
        Ok(out) if out.status.success() => Some(python),
        Ok(out) => skip(format!(
            "{} cannot import numpy and safetensors: {}",
            python.display(),
            String::from_utf8_lossy(&out.stderr).trim()
        )),
        Err(e) => skip(format!("cannot run {}: {e}", python.display())),
    }
}

fn run_script(python: &Path, script: &str, dir: &Path) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/python")
        .join(script);
    let out = Command::new(python).arg(&script).arg(dir).output().unwrap();
    assert!(
        out.status.success(),
        "{} failed:\n{}{}",
        script.display(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    eprint!("{}", String::from_utf8_lossy(&out.stdout));
}

/// The arrays tests/python/write_files.py writes (both files list them).
fn python_arrays() -> Vec<(&'static str, Array)> {
    vec![
        ("ints/int8", Array::from_vec(vec![-128i8, -1, 0, 127])),
        (
            "ints/int16",
            Array::from_shape_vec([2, 2], vec![-32768i16, 1, 2, 32767]).unwrap(),
        ),
        (
            "ints/int32",
            Array::from_shape_vec([2, 3], vec![0i32, -3, -6, -9, -12, -15]).unwrap(),
        ),
        ("ints/int64", Array::from_vec(vec![i64::MIN, i64::MAX])),
        ("uints/uint8", Array::from_vec(vec![0u8, 255])),
        ("uints/uint16", Array::from_vec(vec![0u16, 65535])),
        ("uints/uint32", Array::from_vec(vec![0u32, u32::MAX])),
        ("uints/uint64", Array::from_vec(vec![0u64, u64::MAX])),
        (
            "floats/float16",
            Array::from_vec(vec![f16::from_f32(0.5), f16::from_f32(-2.0), f16::INFINITY]),
        ),
        (
            "floats/float32",
            Array::from_shape_vec([2, 2], vec![1.5f32, -0.25, 3.0, 1e-30]).unwrap(),
        ),
        ("floats/float64", Array::from_vec(vec![0.1f64, 1e300, -0.0])),
        ("bool", Array::from_vec(vec![true, false, true])),
        (
            "complex/complex64",
            Array::from_vec(vec![Complex32::new(1.0, 2.0), Complex32::new(0.0, -0.5)]),
        ),
        ("scalar", Array::scalar(2.5f64)),
        (
            "empty",
            Array::from_shape_vec([0, 3], Vec::<f32>::new()).unwrap(),
        ),
    ]
}

#[test]
fn ivy_reads_what_python_wrote() {
    let Some(python) = python() else { return };
    let dir = temp_dir("from-python");
    run_script(&python, "write_files.py", &dir);

    let mut npz = python_arrays();
    npz.push((
        "complex/complex128",
        Array::from_shape_vec([1, 1], vec![Complex64::new(1e-300, 1.0)]).unwrap(),
    ));
    npz.push((
        "layout/fortran",
        Array::from_shape_vec([2, 3], vec![0i16, 1, 2, 3, 4, 5]).unwrap(),
    ));
    npz.push(("layout/big_endian", Array::from_vec(vec![1i32, 256])));
    let npz = kc(npz);
    for file in ["py_stored.npz", "py_compressed.npz"] {
        let path = dir.join(file);
        let c = Container::cont_load(&path, Format::from_path(&path).unwrap()).unwrap();
        assert_same(&c, &npz); // in numpy's member order
    }

    let path = dir.join("py.safetensors");
    let c = Container::cont_load(&path, Format::Safetensors).unwrap();
    let mut sorted = python_arrays();
    sorted.sort_by(|a, b| a.0.cmp(b.0));
    assert_same(&c, &kc(sorted)); // no ivy order recorded: sorted by name

    let c = Container::cont_load(dir.join("py_bf16.safetensors"), Format::Safetensors).unwrap();
    let w = c.leaf("w/bf16").unwrap();
    assert_eq!(w.dtype(), Dtype::BFloat16);
    assert_eq!(
        w.to_vec::<bf16>().unwrap(),
        [1.0, -2.5, 0.15625].map(bf16::from_f32)
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// What tests/python/read_files.py expects, in order.
fn rust_arrays() -> Vec<(&'static str, Array)> {
    vec![
        ("zz/first", Array::from_vec(vec![1i8])),
        (
            "a/bool",
            Array::from_shape_vec([2, 2], vec![true, false, false, true]).unwrap(),
        ),
        ("a/int8", Array::from_vec(vec![-128i8, 5, 127])),
        ("a/int16", Array::from_vec(vec![-300i16, 300])),
        ("a/int32", Array::scalar(-7i32)),
        ("a/int64", Array::from_vec(vec![i64::MIN, i64::MAX])),
        ("b/uint8", Array::from_vec(vec![0u8, 200, 255])),
        ("b/uint16", Array::from_vec(vec![65535u16])),
        ("b/uint32", Array::from_vec(vec![u32::MAX, 1])),
        (
            "b/uint64",
            Array::from_shape_vec([1, 1], vec![u64::MAX]).unwrap(),
        ),
        (
            "c/float16",
            Array::from_vec(vec![f16::from_f64(0.1), f16::NEG_INFINITY]),
        ),
        (
            "c/float32",
            Array::from_shape_vec([2, 3], vec![0.0f32, 0.5, 1.0, 1.5, 2.0, 2.5]).unwrap(),
        ),
        ("c/float64", Array::from_vec(vec![0.1f64, -0.0, 1e-300])),
        (
            "d/complex64",
            Array::from_vec(vec![Complex32::new(1.0, -2.0)]),
        ),
        (
            "d/complex128",
            Array::from_vec(vec![Complex64::new(0.1, 1e300)]),
        ),
        (
            "e/empty",
            Array::from_shape_vec([0, 2], Vec::<f32>::new()).unwrap(),
        ),
    ]
}

#[test]
fn python_reads_what_ivy_wrote() {
    let Some(python) = python() else { return };
    let dir = temp_dir("to-python");
    let c = kc(rust_arrays());
    c.cont_save(dir.join("ivy.npz"), Format::Npz).unwrap();
    c.cont_save(dir.join("ivy_compressed.npz"), Format::NpzCompressed)
        .unwrap();
    let mut st = c.clone();
    st.remove("d/complex128").unwrap();
    st.cont_save(dir.join("ivy.safetensors"), Format::Safetensors)
        .unwrap();
    let bf = kc(vec![(
        "w/bf16",
        Array::from_vec([1.0, -2.5, 0.15625].map(bf16::from_f32).to_vec()),
    )]);
    bf.cont_save(dir.join("ivy_bf16.safetensors"), Format::Safetensors)
        .unwrap();
    run_script(&python, "read_files.py", &dir);
    std::fs::remove_dir_all(dir).unwrap();
}
