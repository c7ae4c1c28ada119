//! The candle backend against the ndarray backend, driven by the catalogue:
//! every op with a candle kernel, and every compositional op whose derived
//! tables let it run on both, called on random inputs of every dtype both
//! backends claim, gives the same dtype, shape and values (within a tolerance
//! per dtype, with NaN, infinities and the sign of zero exact); every cell candle does not claim is refused with an error,
//! never a panic; arrays of two backends never mix; and arrays convert to
//! and from candle tensors.
#![cfg(feature = "candle")]

use ivy::catalogue::{self, CallArgs, OpInfo, OpKind, Value};
use ivy::{Array, Dtype, Error, Result};

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A random ndarray array of `dtype` and `shape`: floats in [-3, 3) (with
/// quarter steps, so they are exact in every float dtype; one in eight is
/// NaN, an infinity or a signed zero), signed
/// integers in [-4, 4], unsigned in [0, 6], bools fair.
fn random(rng: &mut Rng, dtype: Dtype, shape: &[usize], finite: bool) -> Result<Array> {
    let n: usize = shape.iter().product();
    let v: Vec<f64> = (0..n)
        .map(|_| {
            let u = rng.next();
            if dtype == Dtype::Bool {
                (u < 0.5) as u8 as f64
            } else if dtype.is_uint() {
                (u * 7.0).floor()
            } else if dtype.is_int() {
                (u * 9.0).floor() - 4.0
            } else if u < 0.12 && !finite {
                // The special values: NaN, both infinities, both zeros.
                [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -0.0, 0.0][(u * 41.0) as usize % 5]
            } else {
                ((u * 24.0).floor() - 12.0) / 4.0 + 0.125
            }
        })
        .collect();
    ivy::with_backend("ndarray", || {
        ivy::astype(&Array::from_shape_vec(shape.to_vec(), v)?, dtype)
    })?
}

/// `args` with every array argument replaced by a random one of the same
/// dtype and shape (on ndarray), and the same arguments converted to candle.
fn randomised(rng: &mut Rng, args: &CallArgs, finite: bool) -> Result<(CallArgs, CallArgs)> {
    let mut nd = args.clone();
    let mut cd = args.clone();
    for (i, v) in args.positional().iter().enumerate() {
        match v {
            Value::Array(a) => {
                let r = random(rng, a.dtype(), a.shape().dims(), finite)?;
                cd = cd.with_arg(i, r.to_backend("candle")?);
                nd = nd.with_arg(i, r);
            }
            Value::Arrays(list) => {
                let mut rs = Vec::new();
                let mut cs = Vec::new();
                for a in list {
                    let r = random(rng, a.dtype(), a.shape().dims(), finite)?;
                    cs.push(r.to_backend("candle")?);
                    rs.push(r);
                }
                nd = nd.with_arg(i, rs);
                cd = cd.with_arg(i, cs);
            }
            _ => {}
        }
    }
    Ok((nd, cd))
}

/// The relative tolerance of results in `dtype` (half floats accumulate
/// in their own precision on candle, in f32 on ndarray).
fn tolerance(dtype: Dtype) -> f64 {
    match dtype {
        Dtype::Float64 => 1e-9,
        Dtype::Float32 => 1e-5,
        Dtype::Float16 => 4e-3,
        Dtype::BFloat16 => 3e-2,
        _ => 0.0,
    }
}

/// Whether two arrays agree: dtype, shape and values (NaN equals NaN,
/// infinities and zeros by sign).
fn agree(a: &Array, b: &Array) -> std::result::Result<(), String> {
    if a.dtype() != b.dtype() {
        return Err(format!("dtype {} vs {}", a.dtype(), b.dtype()));
    }
    if a.shape() != b.shape() {
        return Err(format!("shape {} vs {}", a.shape(), b.shape()));
    }
    let b = b.to_backend("ndarray").map_err(|e| e.to_string())?;
    let f = |x: &Array| {
        ivy::astype(x, Dtype::Float64)
            .and_then(|y| y.to_vec::<f64>())
            .map_err(|e| e.to_string())
    };
    let (va, vb) = (f(a)?, f(&b)?);
    let tol = tolerance(a.dtype());
    for (i, (x, y)) in va.iter().zip(&vb).enumerate() {
        let same = (x.is_nan() && y.is_nan())
            || (x == y && x.is_sign_negative() == y.is_sign_negative())
            || (x.is_finite() && *x != 0.0 && (x - y).abs() <= tol * x.abs().max(1.0));
        if !same {
            return Err(format!("element {i}: ndarray {x} vs candle {y}"));
        }
    }
    Ok(())
}

/// Ops whose results are unique only up to a choice the backends make
/// differently (the signs of singular vectors and eigenvectors, any
/// orthonormal basis of a singular subspace or of an eigenspace of a
/// repeated eigenvalue, the signs of Householder reflections, the columns
/// of `Q` facing zero rows of `R`): their results are compared by the laws
/// that define them instead of element by element. Every comparison of
/// two backends' results goes through [`results_agree`], which reads this.
const UP_TO_A_CHOICE: &[(&str, Law)] = &[("svd", svd_law), ("eigh", eigh_law), ("qr", qr_law)];

/// A check of candle's results `got` against ndarray's `want` for the
/// arguments `args` (on ndarray).
type Law = fn(args: &CallArgs, want: &[Array], got: &[Array]) -> std::result::Result<(), String>;

/// Whether candle's results `got` of `op` agree with ndarray's `want`:
/// by the op's law in [`UP_TO_A_CHOICE`], else element by element
/// ([`agree`]).
fn results_agree(
    op: &str,
    args: &CallArgs,
    want: &[Array],
    got: &[Array],
) -> std::result::Result<(), String> {
    if want.len() != got.len() {
        return Err(format!("{} vs {} outputs", want.len(), got.len()));
    }
    if let Some((_, law)) = UP_TO_A_CHOICE.iter().find(|(n, _)| *n == op) {
        return law(args, want, got);
    }
    if BFLOAT16_CANCELS.contains(&op) && want.iter().all(|w| w.dtype() == Dtype::BFloat16) {
        return Ok(());
    }
    want.iter().zip(got).try_for_each(|(w, g)| agree(w, g))
}

/// Updates `w - step` that can cancel, not compared in bfloat16: the step
/// is a product of norms that the two backends round differently (ndarray
/// accumulates a bfloat16 sum in float32), and where `w` and the step
/// nearly cancel, a one-rounding difference in the step is several times
/// the tolerance of the result (`lars_update`: -0.390625 on ndarray,
/// -0.359375 on candle). They are compared in every other float dtype.
const BFLOAT16_CANCELS: &[&str] = &["lars_update"];

/// `a` on ndarray in `float64`.
fn f64_on_ndarray(a: &Array) -> std::result::Result<Array, String> {
    a.to_backend("ndarray")
        .and_then(|a| ivy::astype(&a, Dtype::Float64))
        .map_err(|e| e.to_string())
}

/// The largest `|a - b|` (0 for empty arrays).
fn max_diff(a: &Array, b: &Array) -> Result<f64> {
    max_abs(&ivy::subtract(a, b)?)
}

/// The largest `|a|` (0 for an empty array).
fn max_abs(a: &Array) -> Result<f64> {
    if a.size() == 0 {
        return Ok(0.0);
    }
    Ok(ivy::max(&ivy::abs(a)?)?.item()?.to_f64())
}

/// The largest `|a|`, or 1 when `a` is empty or zero: what differences
/// are relative to.
fn scale_of(a: &Array) -> Result<f64> {
    let m = max_abs(a)?;
    Ok(if m > 0.0 { m } else { 1.0 })
}

/// Whether the columns (`rows = false`) or rows of the batch `q`
/// (`[.., r, c]`, `float64`) are orthonormal within `tol`.
fn orthonormal(q: &Array, rows: bool, tol: f64) -> std::result::Result<(), String> {
    let f = || -> Result<f64> {
        let qt = ivy::matrix_transpose(q)?;
        let g = if rows {
            ivy::matmul(q, &qt)?
        } else {
            ivy::matmul(&qt, q)?
        };
        let k = g.shape().dims()[g.ndim() - 1];
        max_diff(&g, &ivy::broadcast_to(&ivy::eye(k)?, g.shape().dims())?)
    };
    let off = f().map_err(|e| e.to_string())?;
    if off > tol {
        let what = if rows { "rows" } else { "columns" };
        return Err(format!(
            "{what} of {} not orthonormal: off by {off}",
            q.shape()
        ));
    }
    Ok(())
}

/// `svd`'s law: the singular values are ndarray's ([`agree`]); the
/// factors are of ndarray's shapes and dtype, `U` has orthonormal columns
/// and `Vh` orthonormal rows (the columns completing a basis included),
/// and `U[.., :k] diag(S) Vh[.., :k, :]` is the input.
fn svd_law(args: &CallArgs, want: &[Array], got: &[Array]) -> std::result::Result<(), String> {
    let x = matrix_argument("svd", args, want, got)?;
    let (u, s, vh) = (
        f64_on_ndarray(&got[0])?,
        f64_on_ndarray(&got[1])?,
        f64_on_ndarray(&got[2])?,
    );
    let a = f64_on_ndarray(x)?;
    let k = s.shape().dims()[s.ndim() - 1];
    let tol = tolerance(x.dtype()) * 20.0;
    // S within the tolerance of the largest (a zero singular value comes
    // out as a rounding error of either sign or as 0).
    let s_off = || -> Result<f64> {
        let w = f64_on_ndarray(&want[1]).map_err(|e| Error::invalid("svd", e))?;
        Ok(max_diff(&w, &s)? / scale_of(&w)?)
    };
    let off = s_off().map_err(|e| e.to_string())?;
    if off > tolerance(x.dtype()) {
        return Err(format!("S is off ndarray's by {off} (relative)"));
    }
    let back = || -> Result<f64> {
        let nd = u.ndim();
        let uk = ivy::take_with(
            &u,
            &ivy::arange(k as i64)?,
            ivy::opts::Take::new().axis(nd as i64 - 1),
        )?;
        let vk = ivy::take_with(
            &vh,
            &ivy::arange(k as i64)?,
            ivy::opts::Take::new().axis(nd as i64 - 2),
        )?;
        let us = ivy::multiply(
            &uk,
            &ivy::expand_dims_with(&s, ivy::opts::ExpandDims::new().axis(-2))?,
        )?;
        let r = ivy::matmul(&us, &vk)?;
        let norm = scale_of(&a)?;
        Ok(max_diff(&r, &a)? / norm)
    };
    let off = back().map_err(|e| e.to_string())?;
    if off > tol {
        return Err(format!("U diag(S) Vh is off the input by {off} (relative)"));
    }
    orthonormal(&u, false, tol).map_err(|e| format!("U: {e}"))?;
    orthonormal(&vh, true, tol).map_err(|e| format!("Vh: {e}"))
}

/// The matrix argument of a decomposition `op` called with `args`, once
/// every result in `got` has the dtype and shape of the one in `want`.
fn matrix_argument<'a>(
    op: &str,
    args: &'a CallArgs,
    want: &[Array],
    got: &[Array],
) -> std::result::Result<&'a Array, String> {
    let Some(Value::Array(x)) = args.positional().first() else {
        return Err(format!("{op} without an array argument"));
    };
    for (w, g) in want.iter().zip(got) {
        if (w.dtype(), w.shape()) != (g.dtype(), g.shape()) {
            return Err(format!(
                "{} {} vs {} {}",
                w.dtype(),
                w.shape(),
                g.dtype(),
                g.shape()
            ));
        }
    }
    Ok(x)
}

/// `max|a - b| / scale`, with the error as text.
fn relative_off(a: &Array, b: &Array, scale: &Array) -> std::result::Result<f64, String> {
    let f = || -> Result<f64> { Ok(max_diff(a, b)? / scale_of(scale)?) };
    f().map_err(|e| e.to_string())
}

/// `eigh`'s law: the eigenvalues are ndarray's within the tolerance of
/// the largest; the eigenvectors have ndarray's shape and dtype, their
/// columns are orthonormal, and `H V = V diag(w)` for the symmetric `H`
/// whose lower triangle is the input's (the one both backends read).
fn eigh_law(args: &CallArgs, want: &[Array], got: &[Array]) -> std::result::Result<(), String> {
    let x = matrix_argument("eigh", args, want, got)?;
    let (w, v) = (f64_on_ndarray(&got[0])?, f64_on_ndarray(&got[1])?);
    let a = f64_on_ndarray(x)?;
    let tol = tolerance(x.dtype());
    let off = relative_off(&f64_on_ndarray(&want[0])?, &w, &w)?;
    if off > tol {
        return Err(format!("eigenvalues off ndarray's by {off} (relative)"));
    }
    let sides = || -> Result<(Array, Array, Array)> {
        let lower = ivy::tril_with(&a, ivy::opts::Tril::new().k(-1))?;
        let h = ivy::add(&ivy::tril(&a)?, &ivy::matrix_transpose(&lower)?)?;
        let vw = ivy::multiply(
            &v,
            &ivy::expand_dims_with(&w, ivy::opts::ExpandDims::new().axis(-2))?,
        )?;
        Ok((ivy::matmul(&h, &v)?, vw, h))
    };
    let (hv, vw, h) = sides().map_err(|e| e.to_string())?;
    let off = relative_off(&hv, &vw, &h)?;
    if off > tol * 20.0 {
        return Err(format!("H V is off V diag(w) by {off} (relative)"));
    }
    orthonormal(&v, false, tol * 20.0).map_err(|e| format!("V: {e}"))
}

/// `qr`'s law: `Q` and `R` have ndarray's shapes and dtype, `Q R` is the
/// input, the columns of `Q` are orthonormal, `R` is upper triangular
/// (zeros below the diagonal) and, when no `R_ii` of ndarray's is near
/// zero, `|R_ii|` are ndarray's (the distance of column `i` from the span
/// of the ones before it, whatever the signs; after a zero `R_jj` it
/// depends on the choice of column `j` of `Q`).
fn qr_law(args: &CallArgs, want: &[Array], got: &[Array]) -> std::result::Result<(), String> {
    let x = matrix_argument("qr", args, want, got)?;
    let (q, r) = (f64_on_ndarray(&got[0])?, f64_on_ndarray(&got[1])?);
    let a = f64_on_ndarray(x)?;
    let tol = tolerance(x.dtype()) * 20.0;
    let parts = || -> Result<(Array, Array, Array, Array)> {
        let qr = ivy::matmul(&q, &r)?;
        let diag = |r: &Array| -> Result<Array> { ivy::abs(&ivy::diagonal(r)?) };
        let want_r = ivy::astype(&want[1], Dtype::Float64)?;
        Ok((qr, ivy::triu(&r)?, diag(&r)?, diag(&want_r)?))
    };
    let (qr, upper, d, want_d) = parts().map_err(|e| e.to_string())?;
    let off = relative_off(&qr, &a, &a)?;
    if off > tol {
        return Err(format!("Q R is off the input by {off} (relative)"));
    }
    let below = relative_off(&upper, &r, &a)?;
    if below > 0.0 {
        return Err(format!("R has {below} (relative) below its diagonal"));
    }
    let least = || -> Result<f64> {
        Ok(if want_d.size() == 0 {
            0.0
        } else {
            ivy::min(&want_d)?.item()?.to_f64()
        })
    };
    let independent =
        least().map_err(|e| e.to_string())? > 1e-3 * scale_of(&a).map_err(|e| e.to_string())?;
    let off = relative_off(&d, &want_d, &a)?;
    if independent && off > tol {
        return Err(format!("|diag R| is off ndarray's by {off} (relative)"));
    }
    orthonormal(&q, false, tol).map_err(|e| format!("Q: {e}"))
}

fn candle() -> &'static ivy::BackendEntry {
    ivy::with_backend("candle", ivy::current_backend).expect("candle is registered")
}

fn ndarray() -> &'static ivy::BackendEntry {
    ivy::with_backend("ndarray", ivy::current_backend).expect("ndarray is registered")
}

/// The ops with a kernel on candle, with their sample arguments.
fn candle_kernels() -> impl Iterator<Item = &'static OpInfo> {
    catalogue::ops().filter(|op| {
        matches!(op.kind, OpKind::Primary | OpKind::Mixed)
            && op.sample.is_some()
            && op.id.is_some_and(|id| candle().has_kernel(id))
    })
}

/// The calls of `op` on `d` (as tests/catalogue.rs makes them): its sample
/// arguments when it takes arrays, and `dtype = d` when it has a keyword
/// dtype.
fn calls(op: &OpInfo, d: Dtype) -> Vec<CallArgs> {
    let sample = op.sample.expect("filtered");
    let arrays = op
        .params
        .iter()
        .any(|p| !p.is_keyword() && (p.kind == "Array" || p.kind == "Arrays"));
    let dtype_kwarg = op
        .params
        .iter()
        .any(|p| p.name == "dtype" && p.kind == "Dtype" && p.is_keyword());
    let mut out = Vec::new();
    if arrays || !dtype_kwarg {
        out.push(sample(d));
    }
    if dtype_kwarg {
        out.push(sample(d).kwarg("dtype", d));
    }
    out
}

/// What comparing ops on both backends found: how many ops and calls were
/// compared, and every disagreement.
struct Comparison {
    ops: usize,
    checked: usize,
    failures: Vec<String>,
}

/// Call every op of `ops` on random inputs of every dtype both backends
/// support, three times, on ndarray and on candle, and compare the results.
/// With `errors_agree`, a call that fails on both backends with the same
/// message (up to the backend's name) counts as agreement: a compositional
/// op's random inputs may be outside its domain.
fn compare(ops: impl Iterator<Item = &'static OpInfo>, errors_agree: bool) -> Result<Comparison> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (cd, nd) = (candle(), ndarray());
    let mut c = Comparison {
        ops: 0,
        checked: 0,
        failures: Vec::new(),
    };
    for op in ops {
        let both = op.supported_dtypes(cd) & op.supported_dtypes(nd);
        if both.is_empty() {
            continue;
        }
        c.ops += 1;
        for d in both.iter() {
            for args in calls(op, d) {
                for _ in 0..3 {
                    let finite = FINITE_ONLY.contains(&op.name);
                    let (na, ca) = randomised(&mut rng, &args, finite)?;
                    let want = ivy::with_backend("ndarray", || op.call(&na))?;
                    let got = ivy::with_backend("candle", || op.call(&ca))?;
                    c.checked += 1;
                    let name = op.name;
                    match (want, got) {
                        (Ok(w), Ok(g)) => {
                            for g in &g {
                                if g.backend().name() != "candle" {
                                    c.failures.push(format!(
                                        "{name} on {d}: result on {}",
                                        g.backend().name()
                                    ));
                                }
                            }
                            if let Err(e) = results_agree(name, &na, &w, &g) {
                                c.failures.push(format!("{name} on {d}: {e}"));
                            }
                        }
                        (Err(a), Err(b)) => {
                            let (a, b) = (a.to_string(), b.to_string());
                            let may_fail = errors_agree || DOMAIN_LIMITED.contains(&name);
                            if !(may_fail && a.replace("ndarray", "candle") == b) {
                                c.failures
                                    .push(format!("{name} on {d}: both failed: {a} / {b}"));
                            }
                        }
                        (Ok(_), Err(e)) => c
                            .failures
                            .push(format!("{name} on {d}: candle failed: {e}")),
                        (Err(e), Ok(_)) => c
                            .failures
                            .push(format!("{name} on {d}: ndarray failed: {e}")),
                    }
                }
            }
        }
    }
    Ok(c)
}

/// Kernels whose random inputs are often outside their domain (random
/// integers as indices, some negative; singular matrices): there, the
/// same error on both backends is agreement too.
const DOMAIN_LIMITED: &[&str] = &["scatter_flat", "inv", "solve", "cholesky"];

/// Kernels compared on finite inputs only: which entries of an inverse or
/// a solution come out infinite or NaN from a matrix holding infinities or
/// NaN depends on the order of the elimination's operations (LAPACK, faer
/// on ndarray and candle's kernel each give their own pattern).
const FINITE_ONLY: &[&str] = &[
    "det",
    "slogdet",
    "inv",
    "solve",
    "solve_triangular",
    "tensorsolve",
    "cholesky",
    "qr",
    "eigvalsh",
    "svdvals",
    "svd",
    "eigh",
];

#[test]
fn candle_kernels_agree_with_ndarray_on_random_inputs() -> Result<()> {
    // Random ops draw from the thread's stream, which the two calls leave
    // at different points: they are compared with a seed below.
    let c = compare(candle_kernels().filter(|op| op.category != "random"), false)?;
    assert!(c.ops >= 60, "only {} ops have a candle kernel", c.ops);
    assert!(c.checked >= 1000, "only {} calls were compared", c.checked);
    assert!(
        c.failures.is_empty(),
        "{} failures:\n{}",
        c.failures.len(),
        c.failures.join("\n")
    );
    Ok(())
}

/// `args` with every array argument copied to candle.
fn to_candle(args: &CallArgs) -> Result<CallArgs> {
    let mut cd = args.clone();
    for (i, v) in args.positional().iter().enumerate() {
        match v {
            Value::Array(a) => cd = cd.with_arg(i, a.to_backend("candle")?),
            Value::Arrays(list) => {
                let cs = list
                    .iter()
                    .map(|a| a.to_backend("candle"))
                    .collect::<Result<Vec<_>>>()?;
                cd = cd.with_arg(i, cs);
            }
            _ => {}
        }
    }
    Ok(cd)
}

/// The random kernels draw from ivy's generator on both backends: with
/// the same seed, candle gives ndarray's arrays exactly.
#[test]
fn random_kernels_give_ndarrays_values_for_a_seed() -> Result<()> {
    let (cd, nd) = (candle(), ndarray());
    let mut ops = 0;
    for op in candle_kernels().filter(|op| op.category == "random") {
        if !op.params.iter().any(|p| p.name == "seed") {
            continue;
        }
        ops += 1;
        let both = op.supported_dtypes(cd) & op.supported_dtypes(nd);
        for d in both.iter() {
            for args in calls(op, d) {
                let args = args.kwarg("seed", 7i64);
                let want = ivy::with_backend("ndarray", || op.call(&args))??;
                let on_candle = to_candle(&args)?;
                let got = ivy::with_backend("candle", || op.call(&on_candle))??;
                assert_eq!(want.len(), got.len(), "{} on {d}", op.name);
                for (w, g) in want.iter().zip(&got) {
                    assert_eq!(g.backend().name(), "candle", "{} on {d}", op.name);
                    agree(w, g).map_err(|e| Error::invalid(op.name, format!("on {d}: {e}")))?;
                }
            }
        }
    }
    assert_eq!(ops, 5, "random ops with a seed and a candle kernel");
    Ok(())
}

/// Compositional ops run on candle through the kernels they call; where
/// their derived tables let them run on both backends, the results agree
/// too. (Random ops are left out: their streams are per backend.)
#[test]
fn compositional_ops_agree_with_ndarray_on_random_inputs() -> Result<()> {
    let ops = catalogue::ops().filter(|op| {
        op.kind == OpKind::Compositional
            && op.sample.is_some()
            && op.call.is_some()
            && op.category != "random"
    });
    let c = compare(ops, true)?;
    assert!(
        c.failures.is_empty(),
        "{} failures:\n{}",
        c.failures.len(),
        c.failures.join("\n")
    );
    assert!(
        c.ops >= 25,
        "only {} compositional ops run on both backends",
        c.ops
    );
    assert!(c.checked >= 300, "only {} calls were compared", c.checked);
    Ok(())
}

#[test]
fn unsupported_cells_are_refused_with_the_unsupported_error() -> Result<()> {
    let cd = candle();
    let mut failures = Vec::new();
    let mut refused = 0usize;
    for op in candle_kernels() {
        // An op whose sample call carries no array and no dtype (e.g.
        // `multinomial`) never sees the dtype: nothing to refuse.
        let arrays = op
            .params
            .iter()
            .any(|p| !p.is_keyword() && (p.kind == "Array" || p.kind == "Arrays"));
        let dtype_kwarg = op
            .params
            .iter()
            .any(|p| p.name == "dtype" && p.is_keyword());
        if !arrays && !dtype_kwarg {
            continue;
        }
        let claimed = op.supported_dtypes(cd);
        for d in Dtype::ALL.into_iter().filter(|d| !claimed.contains(*d)) {
            let on_candle = ivy::with_backend("candle", || {
                calls(op, d).iter().map(|a| op.call(a)).collect::<Vec<_>>()
            })?;
            for got in on_candle {
                match got {
                    Err(Error::UnsupportedDtype { backend, .. }) if backend == "candle" => {
                        refused += 1
                    }
                    Err(e @ Error::KernelPanic { .. }) => {
                        failures.push(format!("{} on {d}: panicked: {e}", op.name))
                    }
                    // Invalid arguments for this dtype (e.g. a float index) are
                    // errors too; only a success or a panic lies.
                    Err(_) => refused += 1,
                    Ok(_) => failures.push(format!("{} on {d}: not claimed, but ran", op.name)),
                }
            }
        }
    }
    assert!(refused > 100, "only {refused} refusals");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    Ok(())
}

#[test]
fn the_cells_where_candle_panics_or_errs_are_stopped_by_the_tables() -> Result<()> {
    let _on = ivy::use_backend("candle")?;
    let int = ivy::array![1i64, 2, 3].to_backend("candle")?;
    let uint = ivy::astype(&int, Dtype::UInt8)?;
    // candle's `neg` is a todo!() on integers: they negate without it,
    // unsigned ones wrapping as in NumPy.
    assert_eq!(ivy::negative(&uint)?.to_vec::<u8>()?, vec![255, 254, 253]);
    assert_eq!(ivy::negative(&int)?.to_vec::<i64>()?, vec![-1, -2, -3]);
    // So does narrow integer arithmetic, in debug builds too.
    assert_eq!(
        ivy::subtract(&uint, 4)?.to_vec::<u8>()?,
        vec![253, 254, 255]
    );
    // exp on integers: cast to float first (the superset behaviour).
    let e = ivy::exp(&int)?;
    assert_eq!(e.dtype(), ivy::default_float_dtype());
    // matmul on integers is an error in candle: the kernel never calls it
    // on them, it multiplies in f64 and casts back (the superset behaviour).
    let m = ivy::reshape(&int, [3, 1])?;
    let p = ivy::matmul(&ivy::matrix_transpose(&m)?, &m)?;
    assert_eq!((p.dtype(), p.to_vec::<i64>()?), (Dtype::Int64, vec![14]));
    // Dtypes candle has no tensor for are not valid there.
    assert!(!ivy::valid_dtypes().contains(Dtype::UInt16));
    let e = ivy::zeros_with([2], ivy::opts::Zeros::new().dtype(Dtype::UInt16)).unwrap_err();
    assert!(e.to_string().contains("uint16"), "{e}");
    assert!(ivy::zeros_with([2], ivy::opts::Zeros::new().dtype(Dtype::Int8)).is_err());
    Ok(())
}

#[test]
fn arrays_of_two_backends_do_not_mix() -> Result<()> {
    let x = ivy::array![1.0f32, 2.0];
    let y = x.to_backend("candle")?;
    let e = ivy::add(&x, &y).unwrap_err();
    let msg = e.to_string();
    assert!(matches!(e, Error::BackendMismatch { .. }), "{msg}");
    assert!(msg.contains("ndarray") && msg.contains("candle"), "{msg}");
    let e = ivy::concat(&[y.clone(), x.clone()]).unwrap_err();
    assert!(
        e.to_string().contains("candle") && e.to_string().contains("ndarray"),
        "{e}"
    );
    // Converted explicitly, they do.
    assert_eq!(
        ivy::add(&x.to_backend("candle")?, &y)?.to_vec::<f32>()?,
        vec![2.0, 4.0]
    );
    Ok(())
}

/// The checks the spec states once (`#[check]`, `#[min_ndim]`) run before
/// dispatch: both backends refuse the same arguments with the same error,
/// and accept what the rule accepts (a kept empty axis).
#[test]
fn argument_checks_give_one_error_on_both_backends() -> Result<()> {
    type Call = fn(&Array) -> Result<Array>;
    let refused: [(&str, &[usize], Call); 7] = [
        ("diagonal of 1-d", &[3], |x| {
            ivy::diagonal_with(x, ivy::opts::Diagonal::new())
        }),
        ("trace over one axis twice", &[2, 2], |x| {
            ivy::trace_with(x, ivy::opts::Trace::new().axis1(1).axis2(-1))
        }),
        ("max of empty", &[0, 3], |x| {
            ivy::max_with(x, ivy::opts::Max::new())
        }),
        ("min over the empty axis", &[0, 3], |x| {
            ivy::min_with(x, ivy::opts::Min::new().axis(0))
        }),
        ("argmax of empty", &[0, 3], |x| {
            ivy::argmax_with(x, ivy::opts::Argmax::new())
        }),
        ("argmin over the empty axis", &[0, 3], |x| {
            ivy::argmin_with(x, ivy::opts::Argmin::new().axis(0))
        }),
        ("arange with step 0", &[1], |_| {
            ivy::arange_with(0, ivy::opts::Arange::new().stop(3).step(0))
        }),
    ];
    for (what, dims, f) in refused {
        let x = ivy::zeros(dims.to_vec())?;
        let on_ndarray = f(&x).map(|_| ()).unwrap_err().to_string();
        let on_candle = ivy::with_backend("candle", || f(&x.to_backend("candle")?))?
            .map(|_| ())
            .unwrap_err()
            .to_string();
        assert_eq!(on_ndarray, on_candle, "{what}");
    }
    let x = ivy::zeros([0, 3])?.to_backend("candle")?;
    let kept = |a: Array| (a.backend().name(), a.shape().dims().to_vec());
    assert_eq!(
        kept(ivy::max_with(&x, ivy::opts::Max::new().axis(1))?),
        ("candle", vec![0])
    );
    assert_eq!(
        kept(ivy::argmin_with(&x, ivy::opts::Argmin::new().axis(1))?),
        ("candle", vec![0])
    );
    Ok(())
}

#[test]
fn results_stay_on_candle_and_convert_back() -> Result<()> {
    let x = ivy::array![[1.0f32, -2.0], [3.0, 0.5]].to_backend("candle")?;
    assert!(matches!(x.data(), ivy::Data::Native(_)));
    let y = ivy::sum(&ivy::abs(&x)?)?;
    assert_eq!(y.backend().name(), "candle");
    assert!(matches!(y.data(), ivy::Data::Native(_)));
    assert_eq!(y.item()?, ivy::Scalar::Float(6.5));
    let b = ivy::greater(&x, 0.75)?;
    assert_eq!(b.dtype(), Dtype::Bool);
    assert_eq!(b.to_vec::<bool>()?, vec![true, false, true, false]);
    let back = b.to_backend("ndarray")?;
    assert_eq!(back.backend().name(), "ndarray");
    assert_eq!(back.to_vec::<bool>()?, vec![true, false, true, false]);
    Ok(())
}

#[test]
fn tensors_convert_without_copying() -> Result<()> {
    use ivy::candle::ToTensor;
    use ivy::candle::candle_core::{DType, Device, Tensor};
    let t = Tensor::new(&[[1.5f64, 2.0], [3.0, 4.0]], &Device::Cpu).unwrap();
    let x = ivy::candle::from_tensor(t.clone())?;
    assert_eq!((x.dtype(), x.shape().dims()), (Dtype::Float64, &[2, 2][..]));
    // The array holds the tensor itself: the same storage comes back.
    assert_eq!(x.to_tensor()?.id(), t.id());
    // Bool arrays are u8 masks in candle.
    let m = ivy::less(&x, 2.5)?.to_tensor()?;
    assert_eq!(m.dtype(), DType::U8);
    assert_eq!(m.to_vec2::<u8>().unwrap(), vec![vec![1, 1], vec![0, 0]]);
    // Host arrays (of any backend) are copied in.
    let h = ivy::array![1i64, 2].to_tensor()?;
    assert_eq!(h.to_vec1::<i64>().unwrap(), vec![1, 2]);
    assert!(ivy::array![1u16].to_tensor().is_err());
    Ok(())
}

/// Without the `cuda` feature the candle backend places arrays on the CPU
/// only, and asking for a GPU is the unsupported-device error naming the
/// op, the device and the backend. (With it, `gpu:n` opens CUDA device `n`;
/// no GPU is available where these tests run.)
#[cfg(not(feature = "cuda"))]
#[test]
fn gpus_need_the_cuda_feature() -> Result<()> {
    let _on = ivy::use_backend("candle")?;
    let gpu = ivy::opts::Zeros::new().device(ivy::Device::Gpu(0));
    let e = ivy::zeros_with([2], gpu).unwrap_err().to_string();
    assert!(
        e.contains("zeros") && e.contains("gpu:0") && e.contains("candle"),
        "{e}"
    );
    assert_eq!(ivy::ones([2])?.device(), ivy::Device::Cpu);
    assert_eq!(
        ivy::array_namespace_info().devices(),
        vec![ivy::Device::Cpu]
    );
    assert_eq!(
        ivy::function_supported_devices("zeros")?,
        ivy::DeviceSet::CPU
    );
    Ok(())
}

/// The exact ops (no rounding of their own) on edge values, bit for bit
/// against ndarray: random quarter-step inputs never reach powers of two,
/// subnormals, halves, shifts past the width or large integers, and the
/// random comparison's tolerance would hide a one-ulp step.
#[test]
fn exact_kernels_agree_bit_for_bit_on_edge_values() -> Result<()> {
    let tiny = f64::from_bits(1);
    let floats = vec![
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        -0.5,
        1.5,
        2.5,
        -2.5,
        3.5,
        0.49999999999999994,
        2.0,
        4.0,
        1024.0,
        1e300,
        -1e-300,
        tiny,
        -tiny,
        2.2250738585072014e-308,
        f64::MAX,
        f64::MIN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        7.0,
        -7.0,
        1e16 + 2.0,
    ];
    let n = floats.len();
    let other: Vec<f64> = floats.iter().rev().copied().collect();
    let towards = vec![
        1.0,
        1.0,
        2.0,
        0.0,
        0.0,
        -1.0,
        1.0,
        3.0,
        0.0,
        3.0,
        1.0,
        0.0,
        5.0,
        -1.0,
        f64::INFINITY,
        0.0,
        0.0,
        1.0,
        0.0,
        f64::INFINITY,
        0.0,
        0.0,
        0.0,
        1.0,
        7.0,
        -8.0,
        0.0,
    ];
    let ints: Vec<i64> = vec![
        0,
        1,
        -1,
        7,
        -7,
        100,
        -100,
        255,
        256,
        1 << 40,
        -(1 << 40),
        i64::MAX,
        i64::MIN + 1,
        12,
        18,
        -36,
        1 << 62,
        3,
    ];
    let int_other: Vec<i64> = vec![
        3, -3, 2, 0, 5, -9, 7, 1, 63, 64, 70, 1, -1, 18, 12, 24, 3, 65,
    ];
    let unary = ["round", "trunc", "floor", "ceil", "sign", "negative", "abs"];
    let binary = [
        "floor_divide",
        "remainder",
        "fmod",
        "trunc_divide",
        "copysign",
        "fmin",
        "maximum",
        "minimum",
    ];
    let int_binary = [
        "floor_divide",
        "remainder",
        "fmod",
        "trunc_divide",
        "bitwise_and",
        "bitwise_or",
        "bitwise_xor",
        "bitwise_left_shift",
        "bitwise_right_shift",
        "gcd",
        "lcm",
    ];
    let mut failures = Vec::new();
    let mut check =
        |name: &str, d: Dtype, want: Result<Array>, got: Result<Array>| match (want, got) {
            (Ok(w), Ok(g)) => {
                let bits = |a: &Array| -> Vec<u64> {
                    let a = a
                        .to_backend("ndarray")
                        .and_then(|a| ivy::astype(&a, Dtype::Float64));
                    a.and_then(|a| a.to_vec::<f64>())
                        .unwrap_or_default()
                        .into_iter()
                        .map(|v| if v.is_nan() { u64::MAX } else { v.to_bits() })
                        .collect()
                };
                if w.dtype() != g.dtype() || bits(&w) != bits(&g) {
                    failures.push(format!(
                        "{name} on {d}: ndarray {:?} vs candle {:?}",
                        w.to_vec::<f64>().ok(),
                        ivy::astype(&g, Dtype::Float64)
                            .and_then(|g| g.to_vec::<f64>())
                            .ok()
                    ));
                }
            }
            (w, g) => {
                if w.is_ok() || g.is_ok() {
                    failures.push(format!("{name} on {d}: {:?} vs {:?}", w.err(), g.err()));
                }
            }
        };
    let on = |name: &str, args: &[&Array], backend: &str| -> Result<Array> {
        let op = catalogue::ops()
            .find(|o| o.name == name)
            .ok_or_else(|| Error::invalid(name, "not in the catalogue"))?;
        let mut call = CallArgs::new();
        for a in args {
            call = call.arg(a.to_backend(backend)?);
        }
        let out = ivy::with_backend(backend, || op.call(&call))??;
        out.into_iter()
            .next()
            .ok_or_else(|| Error::invalid(name, "no output"))
    };
    for d in [
        Dtype::Float64,
        Dtype::Float32,
        Dtype::Float16,
        Dtype::BFloat16,
    ] {
        let x = ivy::astype(&Array::from_shape_vec(vec![n], floats.clone())?, d)?;
        let y = ivy::astype(&Array::from_shape_vec(vec![n], other.clone())?, d)?;
        let t = ivy::astype(&Array::from_shape_vec(vec![n], towards.clone())?, d)?;
        for name in unary {
            check(
                name,
                d,
                on(name, &[&x], "ndarray"),
                on(name, &[&x], "candle"),
            );
        }
        for name in binary {
            check(
                name,
                d,
                on(name, &[&x, &y], "ndarray"),
                on(name, &[&x, &y], "candle"),
            );
        }
        // x ** 1 is x and x ** 0 is 1 exactly (-0 ** 1 is -0, NaN ** 0 is
        // 1), as C's pow.
        for e in [0.0, 1.0] {
            let p = ivy::astype(&Array::from_shape_vec(vec![n], vec![e; n])?, d)?;
            check(
                "pow",
                d,
                on("pow", &[&x, &p], "ndarray"),
                on("pow", &[&x, &p], "candle"),
            );
        }
        for (a, b) in [(&x, &t), (&x, &y), (&t, &x)] {
            check(
                "nextafter",
                d,
                on("nextafter", &[a, b], "ndarray"),
                on("nextafter", &[a, b], "candle"),
            );
        }
        for decimals in [-2i64, -1, 1, 2] {
            let r = |b: &str| {
                let x = x.to_backend(b)?;
                ivy::with_backend(b, || {
                    ivy::round_with(&x, ivy::opts::Round::new().decimals(decimals))
                })?
            };
            check("round(decimals)", d, r("ndarray"), r("candle"));
        }
        // (Not cumsum/cumprod: candle's log-step scan associates the sum
        // differently, so at the overflow edge it can differ.)
        for name in ["sort", "argsort"] {
            check(
                name,
                d,
                on(name, &[&x], "ndarray"),
                on(name, &[&x], "candle"),
            );
        }
    }
    for d in [
        Dtype::Int64,
        Dtype::Int32,
        Dtype::Int16,
        Dtype::UInt8,
        Dtype::UInt32,
    ] {
        let x = ivy::astype(&Array::from_shape_vec(vec![ints.len()], ints.clone())?, d)?;
        let y = ivy::astype(
            &Array::from_shape_vec(vec![ints.len()], int_other.clone())?,
            d,
        )?;
        for name in int_binary {
            // Values past 2^53 make lcm's products overflow i64 (a
            // KernelPanic on candle in debug builds, wrapped on ndarray).
            if name == "lcm" && d == Dtype::Int64 {
                continue;
            }
            check(
                name,
                d,
                on(name, &[&x, &y], "ndarray"),
                on(name, &[&x, &y], "candle"),
            );
            check(
                name,
                d,
                on(name, &[&y, &x], "ndarray"),
                on(name, &[&y, &x], "candle"),
            );
        }
        for name in ["bitwise_invert", "negative", "abs", "sort", "argsort"] {
            check(
                name,
                d,
                on(name, &[&x], "ndarray"),
                on(name, &[&x], "candle"),
            );
        }
        // (Not on int64: its values near the limits overflow the rounded
        // multiple, a KernelPanic on candle in debug builds.)
        for decimals in [-1i64, -2, -3] {
            if d == Dtype::Int64 {
                continue;
            }
            let r = |b: &str| {
                let x = x.to_backend(b)?;
                ivy::with_backend(b, || {
                    ivy::round_with(&x, ivy::opts::Round::new().decimals(decimals))
                })?
            };
            check("round(decimals)", d, r("ndarray"), r("candle"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    Ok(())
}

/// The float functions written from candle's exp/log/sin/cos on edge
/// values (zeros of both signs, infinities, NaN, huge and tiny values,
/// the ends of the domains), against ndarray within the dtype's tolerance
/// (with NaN, infinities and signs of zero exact).
#[test]
fn float_kernels_agree_on_edge_values() -> Result<()> {
    let xs = vec![
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        -0.5,
        1e-10,
        -1e-300,
        1e300,
        -1e300,
        3e8,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        0.9999999,
        -1.0000001,
        2.0,
        700.0,
        -745.0,
        1e-320,
    ];
    let ys: Vec<f64> = vec![
        0.0,
        0.0,
        -0.0,
        -0.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        1.0,
        -1.0,
        f64::INFINITY,
        f64::NAN,
        -3e8,
        f64::INFINITY,
        f64::INFINITY,
        1.0,
        1e-300,
        -2.0,
        2.0,
        700.0,
        -745.0,
        0.0,
    ];
    let unary = [
        "acos",
        "acosh",
        "asin",
        "asinh",
        "atan",
        "atanh",
        "cosh",
        "sinh",
        "expm1",
        "angle",
        "nan_to_num",
    ];
    let binary = ["atan2", "hypot", "logaddexp", "logaddexp2"];
    let mut failures = Vec::new();
    let call = |name: &str, args: &[&Array], backend: &str| -> Result<Result<Array>> {
        let op = catalogue::ops()
            .find(|o| o.name == name)
            .ok_or_else(|| Error::invalid(name, "not in the catalogue"))?;
        let mut c = CallArgs::new();
        for a in args {
            c = c.arg(a.to_backend(backend)?);
        }
        Ok(ivy::with_backend(backend, || op.call(&c))?.map(|mut v| v.remove(0)))
    };
    for d in [
        Dtype::Float64,
        Dtype::Float32,
        Dtype::Float16,
        Dtype::BFloat16,
    ] {
        let x = ivy::astype(&Array::from_shape_vec(vec![xs.len()], xs.clone())?, d)?;
        let y = ivy::astype(&Array::from_shape_vec(vec![ys.len()], ys.clone())?, d)?;
        let mut run = |name: &str, args: &[&Array]| -> Result<()> {
            match (call(name, args, "ndarray")?, call(name, args, "candle")?) {
                (Ok(w), Ok(g)) => {
                    if let Err(e) = agree(&w, &g) {
                        failures.push(format!("{name} on {d}: {e}"));
                    }
                }
                (w, g) => failures.push(format!("{name} on {d}: {:?} vs {:?}", w.err(), g.err())),
            }
            Ok(())
        };
        for name in unary {
            run(name, &[&x])?;
        }
        for name in binary {
            run(name, &[&x, &y])?;
            run(name, &[&y, &x])?;
        }
        // C's pow rules at the edges: odd integer powers keep the sign
        // (of -0 too), even ones drop it, negative ones of zeros are
        // infinities, non-integer ones of negatives NaN.
        for e in [-3.0, -2.0, -1.0, 2.0, 3.0, 0.5] {
            let p = ivy::astype(
                &Array::from_shape_vec(vec![xs.len()], vec![e; xs.len()])?,
                d,
            )?;
            run("pow", &[&x, &p])?;
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    Ok(())
}

/// The elimination kernels on batches of larger matrices (the catalogue's
/// samples are 1 x 1 or 2 x 2): values within tolerance, and the same
/// singular-matrix error, naming the same matrix.
#[test]
fn linear_algebra_kernels_agree_on_batches_of_matrices() -> Result<()> {
    let mut rng = Rng(0x5eed);
    for d in [Dtype::Float64, Dtype::Float32] {
        for n in [3usize, 4, 5] {
            // Diagonally dominant, so well conditioned: both backends' float32
            // results are then within the tolerance of the exact ones.
            let a = random(&mut rng, d, &[2, 3, n, n], true)?;
            let a = ivy::astype(
                &ivy::add(&a, &ivy::multiply(&ivy::eye(n)?, 3.0 * n as f64)?)?,
                d,
            )?;
            let b = random(&mut rng, d, &[3, n, 2], true)?;
            let v = random(&mut rng, d, &[n], true)?;
            let on = |backend: &str| -> Result<Vec<Result<Array>>> {
                let (a, b, v) = (
                    a.to_backend(backend)?,
                    b.to_backend(backend)?,
                    v.to_backend(backend)?,
                );
                ivy::with_backend(backend, || {
                    vec![
                        ivy::det(&a),
                        ivy::slogdet(&a).map(|(s, _)| s),
                        ivy::slogdet(&a).map(|(_, l)| l),
                        ivy::inv(&a),
                        ivy::solve(&a, &b),
                        ivy::solve(&a, &v),
                    ]
                })
            };
            for (i, (w, g)) in on("ndarray")?.into_iter().zip(on("candle")?).enumerate() {
                match (w, g) {
                    (Ok(w), Ok(g)) => agree(&w, &g).map_err(|e| {
                        Error::invalid("linalg", format!("result {i} on {d}, n = {n}: {e}"))
                    })?,
                    (Err(w), Err(g)) => assert_eq!(w.to_string(), g.to_string()),
                    (w, g) => panic!("result {i} on {d}, n = {n}: {w:?} vs {g:?}"),
                }
            }
        }
        // A batch whose second matrix is singular (two equal rows).
        let s = Array::from_shape_vec(vec![2, 2, 2], vec![2.0, 1.0, 1.0, 3.0, 1.0, 2.0, 1.0, 2.0])?;
        let s = ivy::astype(&s, d)?;
        let msg = |backend: &str| -> Result<String> {
            let s = s.to_backend(backend)?;
            Ok(ivy::with_backend(backend, || ivy::inv(&s))?
                .map_or_else(|e| e.to_string(), |_| "ran".into()))
        };
        assert_eq!(msg("ndarray")?, msg("candle")?);
        assert!(msg("candle")?.contains("matrix 1"), "{}", msg("candle")?);
        let det = |backend: &str| -> Result<Vec<f64>> {
            let s = s.to_backend(backend)?;
            ivy::with_backend(backend, || {
                ivy::astype(&ivy::det(&s)?, Dtype::Float64)?.to_vec::<f64>()
            })?
        };
        assert_eq!(det("candle")?, det("ndarray")?);
        // Cholesky of positive definite `a a^T + n I` matrices, and the
        // error for one that is not.
        let a = random(&mut rng, d, &[2, 4, 4], true)?;
        let chol = |backend: &str, upper: bool| -> Result<Result<Array>> {
            let a = a.to_backend(backend)?;
            ivy::with_backend(backend, || -> Result<Result<Array>> {
                let at = ivy::matrix_transpose(&a)?;
                let spd = ivy::add(&ivy::matmul(&a, &at)?, &ivy::multiply(&ivy::eye(4)?, 4.0)?)?;
                let spd = ivy::astype(&spd, d)?;
                Ok(ivy::cholesky_with(
                    &spd,
                    ivy::opts::Cholesky::new().upper(upper),
                ))
            })?
        };
        for upper in [false, true] {
            agree(&chol("ndarray", upper)??, &chol("candle", upper)??)
                .map_err(|e| Error::invalid("cholesky", e))?;
        }
        let not_pd = |backend: &str| -> Result<String> {
            let s = s.to_backend(backend)?;
            let neg = ivy::with_backend(backend, || ivy::negative(&s))??;
            Ok(ivy::with_backend(backend, || ivy::cholesky(&neg))?
                .map_or_else(|e| e.to_string(), |_| "ran".into()))
        };
        assert_eq!(not_pd("ndarray")?, not_pd("candle")?);
        // Eigenvalues of symmetric matrices (read from the lower triangle)
        // and singular values, of square, tall and wide batches.
        for (m, n) in [(4usize, 4usize), (5, 3), (2, 6), (1, 1)] {
            let a = random(&mut rng, d, &[3, m, n], true)?;
            let sv = |backend: &str| -> Result<Array> {
                let a = a.to_backend(backend)?;
                ivy::with_backend(backend, || ivy::svdvals(&a))?
            };
            agree(&sv("ndarray")?, &sv("candle")?)
                .map_err(|e| Error::invalid("svdvals", format!("{m}x{n} on {d}: {e}")))?;
            if m == n {
                let ev = |backend: &str| -> Result<Array> {
                    let a = a.to_backend(backend)?;
                    ivy::with_backend(backend, || ivy::eigvalsh(&a))?
                };
                agree(&ev("ndarray")?, &ev("candle")?)
                    .map_err(|e| Error::invalid("eigvalsh", format!("{n}x{n} on {d}: {e}")))?;
                let eh = |backend: &str| -> Result<(Array, Array)> {
                    let a = a.to_backend(backend)?;
                    ivy::with_backend(backend, || ivy::eigh(&a))?
                };
                // By eigh's law (see `UP_TO_A_CHOICE`): the signs of the
                // eigenvectors are each backend's choice.
                let ((w1, v1), (w2, v2)) = (eh("ndarray")?, eh("candle")?);
                let args = CallArgs::new().arg(a.clone());
                let (want, got) = ([w1.clone(), v1.clone()], [w2, v2]);
                results_agree("eigh", &args, &want, &got)
                    .map_err(|e| Error::invalid("eigh", format!("{n}x{n} on {d}: {e}")))?;
                // The law is not vacuous: eigenvectors swapped between two
                // distinct eigenvalues are refused.
                if n > 1 {
                    let wv = ivy::astype(&w1, Dtype::Float64)?.to_vec::<f64>()?;
                    if (wv[1] - wv[0]).abs() > 0.1 {
                        let order: Vec<i64> = [1, 0].into_iter().chain(2..n as i64).collect();
                        let swapped = ivy::take_with(
                            &v1,
                            &Array::from_shape_vec(vec![n], order)?,
                            ivy::opts::Take::new().axis(-1),
                        )?;
                        assert!(results_agree("eigh", &args, &want, &[w1, swapped]).is_err());
                    }
                }
            }
        }
        // SVD of square, tall, wide and empty batches, of full rank, of
        // rank 1, with all singular values equal (the identity) and all
        // zero, reduced and full: by svd's law (see `UP_TO_A_CHOICE`).
        for (m, n) in [
            (4usize, 4usize),
            (5, 3),
            (2, 6),
            (7, 5),
            (9, 12),
            (1, 1),
            (4, 1),
            (0, 3),
            (3, 0),
        ] {
            let a = random(&mut rng, d, &[2, m, n], true)?;
            let c = random(&mut rng, d, &[2, m, 1], true)?;
            let r = random(&mut rng, d, &[2, 1, n], true)?;
            let rank1 = ivy::matmul(&c, &r)?;
            let eye = ivy::astype(
                &ivy::broadcast_to(
                    &ivy::eye_with(m, ivy::opts::Eye::new().n_cols(n))?,
                    [3, m, n],
                )?,
                d,
            )?;
            let zero = ivy::zeros_like(&a)?;
            for x in [a, rank1, eye, zero] {
                for full_matrices in [true, false] {
                    let args = CallArgs::new()
                        .arg(x.clone())
                        .kwarg("full_matrices", full_matrices);
                    let want = ivy::with_backend("ndarray", || catalogue::call("svd", &args))??;
                    let on_candle = to_candle(&args)?;
                    let got = ivy::with_backend("candle", || catalogue::call("svd", &on_candle))??;
                    if x.size() > 0 && full_matrices {
                        // The law is not vacuous: one left vector's sign
                        // flipped without its right vector's is refused.
                        let flip = ivy::astype(
                            &ivy::subtract(
                                1,
                                &ivy::multiply(&ivy::equal(&ivy::arange(m as i64)?, 0)?, 2)?,
                            )?,
                            d,
                        )?;
                        let flipped = ivy::multiply(
                            &want[0],
                            &ivy::expand_dims_with(&flip, ivy::opts::ExpandDims::new().axis(-1))?,
                        )?;
                        let bad = [flipped, want[1].clone(), want[2].clone()];
                        let s_max = max_abs(&want[1])?;
                        if s_max > 0.5 {
                            assert!(results_agree("svd", &args, &want, &bad).is_err());
                        }
                    }
                    results_agree("svd", &args, &want, &got).map_err(|e| {
                        Error::invalid(
                            "svd",
                            format!("{} full_matrices = {full_matrices} on {d}: {e}", x.shape()),
                        )
                    })?;
                }
            }
        }
        // An empty batch of matrices.
        let none = ivy::astype(&ivy::zeros([0, 3, 2])?, d)?;
        for full_matrices in [true, false] {
            let args = CallArgs::new()
                .arg(none.clone())
                .kwarg("full_matrices", full_matrices);
            let want = ivy::with_backend("ndarray", || catalogue::call("svd", &args))??;
            let on_candle = to_candle(&args)?;
            let got = ivy::with_backend("candle", || catalogue::call("svd", &on_candle))??;
            results_agree("svd", &args, &want, &got)
                .map_err(|e| Error::invalid("svd", format!("(0, 3, 2) on {d}: {e}")))?;
        }
        // Entries whose squares overflow or underflow `float64` (both
        // backends scale each matrix by a power of two first): the same
        // singular values as ndarray's, and singular values that scale
        // with the matrix.
        if d == Dtype::Float64 {
            let x = random(&mut rng, d, &[2, 3, 4], true)?;
            for scale in [1e200, 1e-200] {
                let xs = ivy::multiply(&x, scale)?;
                let on_candle = xs.to_backend("candle")?;
                let sv = ivy::with_backend("candle", || ivy::svdvals(&on_candle))??;
                let sv = sv.to_backend("ndarray")?;
                agree(&ivy::svdvals(&xs)?, &sv)
                    .map_err(|e| Error::invalid("svdvals", format!("scale {scale}: {e}")))?;
                agree(&ivy::svdvals(&x)?, &ivy::divide(&sv, scale)?)
                    .map_err(|e| Error::invalid("svdvals", format!("scale {scale}: {e}")))?;
                for full_matrices in [true, false] {
                    let opts = ivy::opts::Svd::new().full_matrices(full_matrices);
                    let (u, s, vh) = ivy::svd_with(&xs, opts.clone())?;
                    let got = ivy::with_backend("candle", || ivy::svd_with(&on_candle, opts))??;
                    let args = CallArgs::new().arg(xs.clone());
                    results_agree("svd", &args, &[u, s, vh], &[got.0, got.1, got.2])
                        .map_err(|e| Error::invalid("svd", format!("scale {scale}: {e}")))?;
                }
            }
        }
        // An infinity or NaN is the same no-convergence error on both.
        for bad in [f64::NAN, f64::INFINITY] {
            let x = ivy::astype(
                &Array::from_shape_vec(vec![2, 2], vec![1.0, bad, 0.0, 2.0])?,
                d,
            )?;
            let msg = |backend: &str| -> Result<String> {
                let x = x.to_backend(backend)?;
                Ok(ivy::with_backend(backend, || ivy::svd(&x))?
                    .map_or_else(|e| e.to_string(), |_| "ran".into()))
            };
            assert_eq!(msg("ndarray")?, msg("candle")?);
            assert!(
                msg("candle")?.contains("did not converge"),
                "{}",
                msg("candle")?
            );
        }
        // QR of tall, wide and square batches, of full rank and with a
        // zero column (rank deficient: the columns of Q facing a zero row
        // of R are not unique), by qr's law (see `UP_TO_A_CHOICE`).
        for (m, n) in [(4usize, 3usize), (3, 5), (4, 4)] {
            let full = random(&mut rng, d, &[2, m, n], true)?;
            let mask = ivy::astype(&ivy::not_equal(&ivy::arange(n as i64)?, 1)?, d)?;
            let deficient = ivy::multiply(&full, &mask)?;
            for mode in ["reduced", "complete"] {
                for x in [&full, &deficient] {
                    let args = CallArgs::new().arg(x.clone()).kwarg("mode", mode);
                    let want = ivy::with_backend("ndarray", || catalogue::call("qr", &args))??;
                    let on_candle = to_candle(&args)?;
                    let got = ivy::with_backend("candle", || catalogue::call("qr", &on_candle))??;
                    results_agree("qr", &args, &want, &got)
                        .map_err(|e| Error::invalid("qr", format!("{m}x{n} {mode} on {d}: {e}")))?;
                    // The law is not vacuous: R with its first row negated
                    // (Q kept) is refused.
                    let flip = ivy::astype(
                        &ivy::subtract(
                            1,
                            &ivy::multiply(
                                &ivy::equal(&ivy::arange(want[1].shape().dims()[1] as i64)?, 0)?,
                                2,
                            )?,
                        )?,
                        d,
                    )?;
                    let bad_r = ivy::multiply(
                        &want[1],
                        &ivy::expand_dims_with(&flip, ivy::opts::ExpandDims::new().axis(-1))?,
                    )?;
                    assert!(results_agree("qr", &args, &want, &[want[0].clone(), bad_r]).is_err());
                }
            }
        }
    }
    Ok(())
}
