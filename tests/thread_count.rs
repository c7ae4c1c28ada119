//! Results do not depend on the thread count: every op of the catalogue
//! runs on inputs above the kernels' parallel thresholds, once with one
//! thread and once with four, and the outputs must be the same bits (the
//! `.npy` bytes: dtype, shape and every element, NaN payloads included).
//!
//! The inputs grow from each op's catalogue sample: an array argument is
//! tiled along its first or last axis (all array arguments alike, or only
//! the first), or a shape argument grows, by a factor that doubles until an
//! array of the call (an argument or an output) holds at least [`TARGET`]
//! elements, so an op whose output grows faster than its input (`outer`,
//! `diag`, `kron`) stops near the target instead of allocating the square
//! of it; float data gets a deterministic jitter so that no two chunks of
//! work hold the same numbers. The first growth the op accepts is used. Ops that accept none still run at their sample size,
//! and are listed (the test prints them) rather than failed; any
//! difference between the two runs fails.
//!
//! Each op runs with every dtype of [`DTYPES`] it claims (about 1,250
//! pairs of op and dtype; 23 s in a release build on 2 cores).

use ivy::catalogue::{self, CallArgs, OpInfo, OpKind, Value};
use ivy::{Array, Dtype, Ints, Shape};

/// The least elements of the grown array: above every kernel's threshold
/// (the largest is 2^17 = 131,072 elements), so that every kernel splits.
const TARGET: usize = 140_000;

/// The dtypes each op runs with (those it claims): a float of each
/// accumulation (in itself, or widened for the half floats), a complex
/// and an integer dtype.
const DTYPES: [Dtype; 5] = [
    Dtype::Float32,
    Dtype::Float64,
    Dtype::Float16,
    Dtype::Complex64,
    Dtype::Int32,
];

/// Ops left out, and why.
const SKIP: &[(&str, &str)] = &[(
    "seed",
    "sets the thread's random seed; every call here seeds it itself",
)];

/// How an op's sample arguments grow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Growth {
    /// Every array argument tiled along its first axis.
    AllFirst,
    /// The first array argument tiled along its first axis.
    OneFirst,
    /// Every array argument tiled along its last axis.
    AllLast,
    /// The first array argument tiled along its last axis.
    OneLast,
    /// A shape argument's first length multiplied.
    ShapeArg,
    /// A keyword `shape` (random draws) set to `[TARGET]`.
    ShapeKeyword,
}

/// The order growths are tried in: one argument before all of them, so
/// that an op whose work is the product of two arguments' lengths (a
/// convolution's input and filter, where growing both makes patches that
/// grow with the square of the factor) grows linearly.
const GROWTHS: [Growth; 6] = [
    Growth::OneFirst,
    Growth::AllFirst,
    Growth::OneLast,
    Growth::AllLast,
    Growth::ShapeArg,
    Growth::ShapeKeyword,
];

/// A deterministic factor in [0.5, 1.5) for element `i`.
fn jitter(i: usize) -> f64 {
    let mut z = (i as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    0.5 + (z >> 11) as f64 / (1u64 << 53) as f64
}

/// `a` tiled `k` times along `axis`, float data jittered.
fn grow_array(a: &Array, axis: usize, k: usize) -> Option<Array> {
    let mut reps = vec![1i64; a.ndim()];
    *reps.get_mut(axis)? = k as i64;
    let t = ivy::tile(a, Ints::from(reps)).ok()?;
    if !(t.dtype().is_float() || t.dtype().is_complex()) {
        return Some(t);
    }
    let j: Vec<f64> = (0..t.size()).map(jitter).collect();
    let j = Array::from_shape_vec(t.shape().dims().to_vec(), j).ok()?;
    let j = ivy::astype(&j, t.dtype()).ok()?;
    ivy::multiply(&t, &j).ok()
}

/// The arguments of `op`'s sample grown by `g` with the factor `k`, if `g`
/// applies.
fn grown(op: &OpInfo, sample: &CallArgs, g: Growth, k: usize) -> Option<CallArgs> {
    let pos = sample.positional();
    let arrays: Vec<usize> = pos
        .iter()
        .enumerate()
        .filter(|(_, v)| matches!(v, Value::Array(a) if a.ndim() > 0 && a.size() > 0))
        .map(|(i, _)| i)
        .collect();
    let mut out = sample.clone();
    match g {
        Growth::ShapeKeyword => {
            op.params
                .iter()
                .find(|p| p.is_keyword() && p.name == "shape")?;
            out = out.kwarg("shape", Value::Ints(Ints::from([k as i64])));
        }
        Growth::ShapeArg => {
            let i = op
                .params
                .iter()
                .filter(|p| !p.is_keyword())
                .position(|p| p.kind == "Shape")?;
            let dims: Vec<usize> = match pos.get(i)? {
                Value::Ints(s) => s.as_slice().iter().map(|&d| d.max(1) as usize).collect(),
                _ => return None,
            };
            let mut dims = if dims.is_empty() { vec![1] } else { dims };
            dims[0] *= k;
            let new: Vec<i64> = dims.iter().map(|&d| d as i64).collect();
            out = out.with_arg(i, Value::Ints(Ints::from(new)));
        }
        _ => {
            let first = matches!(g, Growth::AllFirst | Growth::OneFirst);
            let chosen: Vec<usize> = if matches!(g, Growth::OneFirst | Growth::OneLast) {
                arrays.first().copied().into_iter().collect()
            } else {
                arrays.clone()
            };
            if chosen.is_empty() {
                return None;
            }
            for &i in &chosen {
                let Value::Array(a) = &pos[i] else {
                    return None;
                };
                let axis = if first { 0 } else { a.ndim() - 1 };
                out = out.with_arg(i, Value::Array(grow_array(a, axis, k)?));
            }
        }
    }
    Some(out)
}

/// The `.npy` bytes of every output, or the error's text.
fn run(op: &OpInfo, args: &CallArgs, threads: usize) -> Result<Vec<Vec<u8>>, String> {
    ivy::random::seed_thread(1234);
    let outs = ivy::with_num_threads(threads, || op.call(args))
        .map_err(|e| e.to_string())?
        .map_err(|e| e.to_string())?;
    outs.iter()
        .map(|a| a.to_npy().map_err(|e| e.to_string()))
        .collect()
}

/// The largest array among the arguments and outputs (elements).
fn largest(args: &CallArgs, outs: &[Vec<u8>]) -> usize {
    let ins = args
        .positional()
        .iter()
        .filter_map(|v| match v {
            Value::Array(a) => Some(a.size()),
            Value::Ints(s) => Some(s.as_slice().iter().map(|&d| d.max(0) as usize).product()),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    let outs = outs
        .iter()
        .filter_map(|b| Array::from_npy(b).ok().map(|a| a.size()))
        .max()
        .unwrap_or(0);
    ins.max(outs)
}

/// Run in an optimised build (`cargo test --release --workspace --test
/// thread_count -- --ignored`, as CI does after building the benches,
/// whose build it shares): in a debug build the sweep takes longer than
/// all the other tests together (faer and the kernels unoptimised, about
/// 1,250 pairs of op and dtype at 140,000 elements, three times each). ivy-ndarray's unit tests check the same property on the shared
/// pieces in every build: reductions of every layout, row splits, matrix
/// products, im2col/col2im and pools, each at several thread counts.
#[test]
#[ignore = "minutes in a debug build; CI runs it in release"]
fn every_op_gives_the_same_bits_on_one_and_four_threads() {
    let _g = ivy::use_backend("ndarray").expect("the ndarray backend");
    let mut differ = Vec::new();
    let mut small = Vec::new();
    let mut compared = 0usize;
    for op in catalogue::ops() {
        if op.kind == OpKind::Standalone && op.call.is_none() {
            continue;
        }
        if SKIP.iter().any(|(n, _)| *n == op.name) {
            continue;
        }
        let (Some(sample), Some(_)) = (op.sample, op.call) else {
            small.push(format!("{} (no sample call)", op.name));
            continue;
        };
        let claimed = op.supported_dtypes(ivy::current_backend());
        let mut dtypes: Vec<Dtype> = DTYPES
            .into_iter()
            .filter(|&d| claimed.contains(d))
            .collect();
        if dtypes.is_empty() {
            dtypes.extend(
                Dtype::ALL
                    .into_iter()
                    .filter(|&d| claimed.contains(d))
                    .take(1),
            );
        }
        let started = std::time::Instant::now();
        let mut known: Option<Growth> = None;
        let mut ran_large = false;
        for d in dtypes {
            let base = sample(d);
            // The growth found for an earlier dtype first, then the others.
            let order = known
                .into_iter()
                .chain(GROWTHS.into_iter().filter(|g| Some(*g) != known));
            let mut chosen = None;
            'growths: for g in order {
                let mut k = 2;
                while k <= 2 * TARGET {
                    let Some(args) = grown(op, &base, g, k) else {
                        continue 'growths;
                    };
                    let Ok(one) = run(op, &args, 1) else {
                        continue 'growths;
                    };
                    if largest(&args, &one) >= TARGET {
                        chosen = Some((g, args, one));
                        break 'growths;
                    }
                    k *= 2;
                }
            }
            let (args, one) = match chosen {
                Some((g, args, one)) => {
                    known = Some(g);
                    ran_large = true;
                    (args, one)
                }
                None => match run(op, &base, 1) {
                    Ok(one) => (base, one),
                    // The sample itself is refused for this dtype (other
                    // tests check refusals): nothing to compare.
                    Err(_) => continue,
                },
            };
            compared += 1;
            match run(op, &args, 4) {
                Ok(four) if four == one => {}
                Ok(_) => differ.push(format!("{} on {d}: outputs differ", op.name)),
                Err(e) => differ.push(format!(
                    "{} on {d}: ran on one thread, failed on four: {e}",
                    op.name
                )),
            }
        }
        if !ran_large {
            small.push(op.name.to_string());
        }
        if started.elapsed().as_secs() >= 20 {
            eprintln!("{}: {:.0} s", op.name, started.elapsed().as_secs_f64());
        }
    }
    eprintln!(
        "{compared} op and dtype pairs compared; {} ops ran at their sample size only: {}",
        small.len(),
        small.join(", ")
    );
    assert!(compared > 1000, "only {compared} calls were compared");
    assert!(
        differ.is_empty(),
        "{} differences between 1 and 4 threads:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

/// The growth itself: tiling keeps the sample's values in place and the
/// jitter keeps floats within a factor of 2 of them.
#[test]
fn growth_tiles_and_jitters() -> ivy::Result<()> {
    let a = ivy::array![[1.0, 2.0], [3.0, 4.0]];
    let g = grow_array(&a, 0, 3).ok_or_else(|| ivy::Error::invalid("test", "no growth"))?;
    assert_eq!(g.shape(), &Shape::from([6, 2]));
    let v = g.to_vec::<f32>()?;
    let base = [1.0f32, 2.0, 3.0, 4.0];
    for (i, x) in v.iter().enumerate() {
        let b = base[i % 4];
        assert!(*x >= 0.5 * b && *x < 1.5 * b, "{i}: {x}");
    }
    let n = ivy::array![[1, 2, 3]];
    let g = grow_array(&n, 1, 2).ok_or_else(|| ivy::Error::invalid("test", "no growth"))?;
    assert_eq!(g.to_vec::<i32>()?, vec![1, 2, 3, 1, 2, 3]);
    Ok(())
}
