//! Fuzzing the public API through the catalogue: a property test draws an op
//! of [`ivy::catalogue::ops`], a dtype, shapes (0-d, empty, long,
//! broadcastable or not), axes (in and out of range, negative), scalars and
//! values (NaN, ±inf, ±0, integer extremes among them), calls the op through
//! [`ivy::catalogue::call`] on a worker thread with a watchdog, and requires:
//!
//! - no panic escapes (a kernel panic caught by the guard,
//!   `Error::KernelPanic`, counts as a failure too), and no call hangs
//!   (each must return within [`WATCHDOG`]);
//! - an error is an `ivy::Error` attributed to an op: the op called, or for a
//!   compositional or mixed op one of the ops it calls;
//! - a success has the output dtype the catalogue promises for the input
//!   dtype (where its output rule fixes one), and an elementwise op on
//!   arrays of one shape keeps that shape.
//!
//! CI runs `PROPTEST_CASES` cases (3,000 by default); a long run is
//! `PROPTEST_CASES=1000000 cargo test --release -p ivy --test it fuzz::`.
//! Regression seeds proptest writes land in `tests/it/fuzz.proptest-regressions`.

use ivy::catalogue::{self, CallArgs, OpInfo, OpKind, OutRule, Value};
use ivy::{Array, Dtype, Error, Scalar};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::mpsc;
use std::time::Duration;

/// How long one call may take before it counts as a hang. Generous: a
/// debug build on a shared machine, and legitimate calls can be large (a
/// 4,096-long pred against a one-hot of shape [4096, 1] broadcasts to 16M
/// float16 elements in `sparse_cross_entropy`: 10 s in a debug build, which
/// exceeded an earlier 20 s watchdog while the machine was loaded).
const WATCHDOG: Duration = Duration::from_secs(90);

/// Outcomes so far: answered, refused with an error, not drawn (a
/// positional parameter of a kind the fuzzer does not make).
static ANSWERED: AtomicUsize = AtomicUsize::new(0);
static REFUSED: AtomicUsize = AtomicUsize::new(0);
static SKIPPED: AtomicUsize = AtomicUsize::new(0);

/// The fifteen dtypes, in a fixed order.
const DTYPES: [Dtype; 15] = [
    Dtype::Bool,
    Dtype::Int8,
    Dtype::Int16,
    Dtype::Int32,
    Dtype::Int64,
    Dtype::UInt8,
    Dtype::UInt16,
    Dtype::UInt32,
    Dtype::UInt64,
    Dtype::Float16,
    Dtype::BFloat16,
    Dtype::Float32,
    Dtype::Float64,
    Dtype::Complex64,
    Dtype::Complex128,
];

/// Ops the fuzzer leaves out, and why.
const SKIP: &[(&str, &str)] = &[(
    "seed",
    "sets the global random seed; harmless but would make other ops' draws depend on order",
)];

/// The callable ops, in catalogue order.
fn ops() -> Vec<&'static OpInfo> {
    catalogue::ops()
        .filter(|o| o.call.is_some() && !SKIP.iter().any(|(n, _)| *n == o.name))
        .collect()
}

/// Special values as f64 (cast into the dtype: integers wrap or saturate as
/// `astype` does).
const SPECIAL: [f64; 12] = [
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    1e300,
    -1e-300,
    127.0,
    -129.0,
];

/// A deterministic generator for the array contents (the shape of the draw
/// is what proptest shrinks; the values follow from one seed).
struct Fill(u64);

impl Fill {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn value(&mut self) -> f64 {
        match self.next() % 4 {
            0 => SPECIAL[(self.next() % SPECIAL.len() as u64) as usize],
            1 => (self.next() % 2001) as f64 / 100.0 - 10.0,
            2 => (self.next() as i64) as f64,
            _ => (self.next() % 7) as f64 - 3.0,
        }
    }

    fn array(&mut self, d: Dtype, shape: &[usize]) -> Array {
        let n: usize = shape.iter().product();
        let v: Vec<f64> = (0..n).map(|_| self.value()).collect();
        let a = Array::from_shape_vec(shape.to_vec(), v).expect("a float64 array");
        ivy::astype(&a, d).expect("astype from float64")
    }
}

/// One drawn call, before it is turned into arguments.
#[derive(Clone, Debug)]
struct Draw {
    op: usize,
    dtype: usize,
    shapes: Vec<Vec<usize>>,
    ints: Vec<i64>,
    keywords: u32,
    seed: u64,
}

fn shape() -> impl Strategy<Value = Vec<usize>> {
    prop_oneof![
        Just(vec![]),
        Just(vec![0]),
        Just(vec![2, 0]),
        Just(vec![4096]),
        prop::collection::vec(0usize..5, 1..4),
        prop::collection::vec(1usize..4, 1..5),
    ]
}

fn draw(n_ops: usize) -> impl Strategy<Value = Draw> {
    (
        0..n_ops,
        0..DTYPES.len(),
        prop::collection::vec(shape(), 3),
        prop::collection::vec(-5i64..6, 4),
        any::<u32>(),
        any::<u64>(),
    )
        .prop_map(|(op, dtype, shapes, ints, keywords, seed)| Draw {
            op,
            dtype,
            shapes,
            ints,
            keywords,
            seed,
        })
}

/// A value for a parameter of spec kind `kind`, or None to leave a keyword
/// at its default (or to skip the case when a positional one has a kind
/// the fuzzer does not make).
fn argument(kind: &str, d: &Draw, k: usize, fill: &mut Fill, op: &OpInfo) -> Option<Value> {
    let dt = DTYPES[d.dtype];
    let shape = &d.shapes[k % 3];
    let i = d.ints[k % 4];
    Some(match kind {
        "Array" | "Option<Array>" => Value::Array(fill.array(dt, shape)),
        "Arrays" => Value::Arrays(vec![
            fill.array(dt, shape),
            fill.array(dt, &d.shapes[(k + 1) % 3]),
        ]),
        "Axes" | "Option<Axes>" | "Ints" | "Option<Ints>" | "Permutation" => {
            Value::Ints(ivy::Ints::from(d.ints[..(k % 3)].to_vec()))
        }
        "Axis" | "Option<Axis>" | "NewAxis" | "i64" | "Option<i64>" => Value::from(i),
        "Shape" | "Option<Shape>" => Value::Ints(ivy::Ints::from(
            d.ints[..(k % 4)]
                .iter()
                .map(|v| v.unsigned_abs() as i64)
                .collect::<Vec<_>>(),
        )),
        "usize" | "Option<usize>" => Value::from(i.unsigned_abs() as usize * 3),
        "f64" | "Option<f64>" => Value::from(SPECIAL[(d.seed as usize + k) % SPECIAL.len()]),
        "Scalar" | "Option<Scalar>" => match (d.seed >> k) % 4 {
            0 => Value::from(i),
            1 => Value::from(SPECIAL[k % SPECIAL.len()]),
            2 => Value::Scalar(Scalar::Bool(i > 0)),
            _ => Value::from(i as f64 / 2.0),
        },
        "bool" => Value::from(i > 0),
        // Integers, slices with odd steps, `...`, new axes and arrays of the
        // draw (an out-of-range or non-integer one must be an error).
        "Index" => Value::Index(ivy::Index::new(
            d.ints[..(k % 4)]
                .iter()
                .enumerate()
                .map(|(j, &v)| match (v.unsigned_abs() as usize + j) % 5 {
                    0 => ivy::IndexItem::Int(v),
                    1 => ivy::IndexItem::stepped(v.., if v == 0 { 1 } else { -v }),
                    2 => ivy::IndexItem::Ellipsis,
                    3 => ivy::IndexItem::NewAxis,
                    _ => ivy::IndexItem::Array(fill.array(dt, &d.shapes[j % 3])),
                })
                .collect(),
        )),
        "Dtype" | "Option<Dtype>" => Value::Dtype(DTYPES[(d.seed as usize >> 8) % 15]),
        "Str" => {
            Value::from(["mean", "sum", "none", "xy", "ij", "bogus"][i.unsigned_abs() as usize % 6])
        }
        // A container-dependent op's container: leaves keyed by the op's own
        // array parameter names (`multi_head_attention`'s weights are keyed
        // so), at times one key that names none, or a sub-container.
        "Container" | "Option<Container>" => {
            let names: Vec<&str> = op
                .params
                .iter()
                .filter(|p| p.kind == "Option<Array>")
                .map(|p| p.name)
                .chain(["bogus", "nested/leaf"])
                .collect();
            let mut c = ivy::Container::new();
            for (j, &v) in d.ints.iter().enumerate().take(1 + k % 3) {
                let name = names[(v.unsigned_abs() as usize + j) % names.len()];
                let _ = c.insert(name, fill.array(dt, &d.shapes[j % 3]));
            }
            Value::Container(c)
        }
        _ => return None,
    })
}

/// The call a draw makes, or None when the op has a positional parameter
/// the fuzzer does not make.
fn call_args(op: &OpInfo, d: &Draw) -> Option<CallArgs> {
    let mut fill = Fill(d.seed);
    let mut args = CallArgs::new();
    for (k, p) in op.params.iter().enumerate() {
        if p.is_keyword() {
            if d.keywords >> (k % 32) & 1 == 1
                && let Some(v) = argument(p.kind, d, k, &mut fill, op)
            {
                args = args.kwarg(p.name, v);
            }
        } else {
            args = args.arg(argument(p.kind, d, k, &mut fill, op)?);
        }
    }
    Some(args)
}

/// The dtype the catalogue promises for an input of `d`, where the output
/// rule fixes one.
fn promised(op: &OpInfo, d: Dtype) -> Option<Dtype> {
    let k = op.kernel_dtype(d);
    match op.out {
        OutRule::Same => Some(k),
        OutRule::Bool => Some(Dtype::Bool),
        OutRule::Real => Some(k.real()),
        OutRule::Index => Some(Dtype::Int64),
        _ => None,
    }
}

/// Whether `e` is attributed to `op` or, for a composition, to an op.
fn names_the_op(op: &OpInfo, e: &Error) -> bool {
    match e.op() {
        Some(name) if name == op.name => true,
        Some(_) => op.kind != OpKind::Primary,
        None => false,
    }
}

/// Runs one draw; Err describes a failure.
fn check(d: &Draw) -> Result<(), String> {
    let all = ops();
    let op = all[d.op % all.len()];
    let Some(args) = call_args(op, d) else {
        SKIPPED.fetch_add(1, Relaxed);
        return Ok(());
    };
    let arrays: Vec<(Dtype, Vec<usize>)> = args
        .positional()
        .iter()
        .filter_map(|v| match v {
            Value::Array(a) => Some((a.dtype(), a.shape().dims().to_vec())),
            _ => None,
        })
        .collect();
    let described = format!("{} {:?}", op.name, d);
    let has_dtype_kw = args.keyword("dtype").is_some();
    let has_alpha = args.keyword("alpha").is_some();
    let (tx, rx) = mpsc::channel();
    let name = op.name;
    std::thread::spawn(move || {
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            catalogue::call(name, &args)
        }));
        let _ = tx.send(r);
    });
    let outcome = rx
        .recv_timeout(WATCHDOG)
        .map_err(|_| format!("hang (no result within {WATCHDOG:?}): {described}"))?;
    match outcome {
        Err(_) => Err(format!("panic: {described}")),
        Ok(Err(e @ Error::KernelPanic { .. })) => Err(format!("{e}: {described}")),
        Ok(Err(e)) if !names_the_op(op, &e) => {
            Err(format!("error without the op ({e}): {described}"))
        }
        Ok(Err(_)) => {
            REFUSED.fetch_add(1, Relaxed);
            Ok(())
        }
        Ok(Ok(outs)) => {
            ANSWERED.fetch_add(1, Relaxed);
            let Some((d0, s0)) = arrays.first() else {
                return Ok(());
            };
            let one_dtype = arrays.iter().all(|(dt, _)| dt == d0);
            if let (true, false, Some(want)) = (one_dtype, has_dtype_kw, promised(op, *d0))
                && (op.out != OutRule::Index || op.category != "random")
            {
                for o in &outs {
                    if o.dtype() != want {
                        return Err(format!(
                            "dtype {} (promised {want}): {described}",
                            o.dtype()
                        ));
                    }
                }
            }
            let same_shapes = arrays.iter().all(|(_, s)| s == s0);
            if op.category == "elementwise" && same_shapes && !has_alpha {
                for o in &outs {
                    if o.shape().dims() != s0.as_slice() {
                        return Err(format!(
                            "shape {:?} (input {s0:?}): {described}",
                            o.shape().dims()
                        ));
                    }
                }
            }
            Ok(())
        }
    }
}

/// Draws that once failed, replayed on every run (found by the long run:
/// a slow call, not a hang, see [`WATCHDOG`]).
fn regressions() -> Vec<(&'static str, Draw)> {
    vec![(
        "sparse_cross_entropy on float16 with a 4,096-long pred",
        Draw {
            op: 148,
            dtype: 9,
            shapes: vec![vec![1], vec![4096], vec![0]],
            ints: vec![4, 2, 0, 0],
            keywords: 1012215996,
            seed: 5335026066042809847,
        },
    )]
}

#[test]
fn regression_draws_pass() {
    for (what, d) in regressions() {
        let start = std::time::Instant::now();
        let r = check(&d);
        eprintln!("{what}: {:?} in {:?}", r, start.elapsed());
        assert!(r.is_ok(), "{what}: {r:?}");
    }
}

#[test]
fn every_op_either_answers_as_promised_or_errs_naming_the_op() {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000);
    let config = Config {
        cases,
        source_file: Some(file!()),
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..Config::default()
    };
    let start = std::time::Instant::now();
    let mut runner = TestRunner::new(config);
    let n = ops().len();
    let result = runner.run(&draw(n), |d| {
        check(&d).map_err(proptest::test_runner::TestCaseError::fail)
    });
    eprintln!(
        "{cases} cases in {:?}: {} answered, {} refused with an error naming the op, {} not drawable",
        start.elapsed(),
        ANSWERED.load(Relaxed),
        REFUSED.load(Relaxed),
        SKIPPED.load(Relaxed)
    );
    if let Err(e) = result {
        panic!("{e}");
    }
}
