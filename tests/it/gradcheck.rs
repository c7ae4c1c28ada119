//! Gradient checking for every op, driven by the catalogue: for every
//! differentiable op (primary ops with a `#[vjp]`, compositional and mixed
//! ops through their bodies) and every float dtype it supports, the tape's
//! gradient of a random projection of the op's outputs is compared with
//! central finite differences computed in float64 at the same point.
//!
//! A new op with a wrong or missing derivative fails here. Ops exempt from
//! the comparison are listed in [`EXEMPT`] with the reason.

use ivy::catalogue::{self, CallArgs, Differentiability, OpInfo, OpKind, Value};
use ivy::{Array, Dtype};

/// Ops whose gradient is not compared, and why.
const EXEMPT: &[(&str, &str)] = &[
    (
        "stop_gradient",
        "its gradient is zero by definition, unlike its finite differences",
    ),
    (
        "optimizer_update",
        "stops gradients by default (stop_gradients = true); tested in tests/optimizers.rs",
    ),
    (
        "gradient_descent_update",
        "stops gradients by default; tested in tests/optimizers.rs",
    ),
    (
        "lars_update",
        "stops gradients by default; tested in tests/optimizers.rs",
    ),
    (
        "adam_update",
        "stops gradients by default; tested in tests/optimizers.rs",
    ),
    (
        "lamb_update",
        "stops gradients by default; tested in tests/optimizers.rs",
    ),
];

/// Where an op's inputs are drawn, away from its singular points (the
/// default is [0.3, 0.9]).
fn input_range(op: &str) -> (f64, f64) {
    match op {
        "acosh" => (1.2, 2.0),
        // Away from the kinks at integers of x1 / x2.
        "remainder" | "fmod" => (0.55, 0.95),
        _ => (0.3, 0.9),
    }
}

/// A point of `shape` in the domain of the op: random values in
/// `[lo, hi]`, except for ops that need more than a range. `cholesky` gets
/// a 3 x 3 symmetric positive-definite matrix `B B^T + 3 I` (its sample is
/// 1 x 1 so that the catalogue's sample values are valid); the finite
/// differences then move one element at a time, which `cholesky` sees in
/// the lower triangle only, as its derivative says. `solve` gets a 3 x 3
/// system.
fn valid_point(
    op: &str,
    shape: ivy::Shape,
    rng: &mut Rng,
    lo: f64,
    hi: f64,
) -> (ivy::Shape, Vec<f64>) {
    match op {
        "cholesky" => {
            let n = 3;
            let b = rng.uniform(lo, hi, n * n);
            let m = (0..n * n)
                .map(|ij| {
                    let (i, j) = (ij / n, ij % n);
                    let dot: f64 = (0..n).map(|k| b[i * n + k] * b[j * n + k]).sum();
                    dot + if i == j { n as f64 } else { 0.0 }
                })
                .collect();
            (ivy::Shape::from([n, n]), m)
        }
        // solve's sample is 1 x 1 (so that the docs' all-ones example is
        // not singular): check it on a diagonally dominant 3 x 3 system.
        "solve" if shape.ndim() == 2 => {
            let n = 3;
            let mut m = rng.uniform(lo, hi, n * n);
            for i in 0..n {
                m[i * n + i] += n as f64;
            }
            (ivy::Shape::from([n, n]), m)
        }
        "solve" => (ivy::Shape::from([3]), rng.uniform(lo, hi, 3)),
        _ => {
            let v = rng.uniform(lo, hi, shape.size());
            (shape, v)
        }
    }
}

/// A small deterministic generator (splitmix64), so the test needs nothing.
struct Rng(u64);

/// A seed of its own per op (FNV-1a of the name), so adding an op does not
/// change the points the other ops are checked at.
fn seed_for(base: u64, name: &str) -> u64 {
    name.bytes().fold(base ^ 0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

impl Rng {
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 53) as f64
    }

    fn uniform(&mut self, lo: f64, hi: f64, n: usize) -> Vec<f64> {
        (0..n).map(|_| lo + (hi - lo) * self.next()).collect()
    }
}

/// Tolerances (relative, absolute) of the comparison per dtype.
fn tolerance(d: Dtype) -> (f64, f64) {
    match d {
        Dtype::Float64 => (1e-5, 1e-6),
        Dtype::Float32 => (2e-3, 2e-4),
        _ => (6e-2, 3e-2),
    }
}

/// Where the differentiated arrays sit in the call: (positional index,
/// element index within a list, or None for a single array).
type Slot = (usize, Option<usize>);

fn float_slots(args: &CallArgs, d: Dtype) -> Vec<Slot> {
    let mut out = Vec::new();
    for (i, v) in args.positional().iter().enumerate() {
        match v {
            Value::Array(a) if a.dtype() == d => out.push((i, None)),
            Value::Arrays(xs) => {
                for (j, a) in xs.iter().enumerate() {
                    if a.dtype() == d {
                        out.push((i, Some(j)));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

fn get(args: &CallArgs, s: Slot) -> Array {
    match (&args.positional()[s.0], s.1) {
        (Value::Array(a), None) => a.clone(),
        (Value::Arrays(xs), Some(j)) => xs[j].clone(),
        _ => unreachable!("slots come from float_slots"),
    }
}

fn set(args: &CallArgs, s: Slot, a: Array) -> CallArgs {
    match (&args.positional()[s.0], s.1) {
        (Value::Array(_), None) => args.clone().with_arg(s.0, a),
        (Value::Arrays(xs), Some(j)) => {
            let mut xs = xs.clone();
            xs[j] = a;
            args.clone().with_arg(s.0, Value::Arrays(xs))
        }
        _ => unreachable!("slots come from float_slots"),
    }
}

/// `x diag(c) y^H` with `c = [1, 2, ..]` (as many as `x` has columns):
/// a sum of `c_j x_j y_j^H`, unchanged when the column pair `(x_j, y_j)`
/// is multiplied by one unit number.
fn paired(x: &Array, y: &Array) -> ivy::Result<Array> {
    let k = x.shape().dims().last().copied().unwrap_or(0);
    let c = Array::from_shape_vec([k], (1..=k).map(|i| i as f64).collect::<Vec<_>>())?;
    let c = ivy::astype(&c, x.dtype().real())?;
    let adj = ivy::opts::MatrixTranspose::new().conjugate(true);
    ivy::matmul(&ivy::multiply(x, &c)?, &ivy::matrix_transpose_with(y, adj)?)
}

/// What the loss sees of an op's results: the results themselves, except
/// for the decompositions whose vectors carry a free phase (eigenvectors
/// of `eig`, complex singular vectors and eigenvectors), which are
/// replaced by phase-invariant products of them (a loss that depends on
/// the phase has no gradient; PyTorch refuses it). Complex results are
/// then split into their real and imaginary parts, so both are checked.
fn real_views(op: &str, outs: Vec<Array>) -> ivy::Result<Vec<Array>> {
    let complex = outs.iter().any(|o| o.dtype().is_complex());
    let outs = match (op, outs.as_slice()) {
        ("eig", [w, v]) => vec![w.clone(), paired(v, v)?],
        ("eigh", [w, v]) if complex => vec![w.clone(), paired(v, v)?],
        ("svd", [u, s, vh]) if complex => {
            let v =
                ivy::matrix_transpose_with(vh, ivy::opts::MatrixTranspose::new().conjugate(true))?;
            let k = s.shape().dims().last().copied().unwrap_or(0);
            let thin = |a: &Array| -> ivy::Result<Array> {
                let idx = Array::from_shape_vec([k], (0..k as i64).collect::<Vec<_>>())?;
                ivy::take_with(a, &idx, ivy::opts::Take::new().axis(-1))
            };
            let (u, v) = (thin(u)?, thin(&v)?);
            vec![s.clone(), paired(&u, &v)?, paired(&u, &u)?, paired(&v, &v)?]
        }
        _ => outs,
    };
    let mut views = Vec::new();
    for o in outs {
        if o.dtype().is_complex() {
            views.push(ivy::real(&o)?);
            views.push(ivy::imag(&o)?);
        } else {
            views.push(o);
        }
    }
    Ok(views)
}

/// `sum_k sum(out_k * w_k)` in float64, with the projection weights `w`
/// drawn once per output shape.
fn projection(outs: &[Array], weights: &[Array]) -> ivy::Result<Array> {
    let mut total = ivy::Array::scalar(0.0f64);
    for (o, w) in outs.iter().zip(weights) {
        let o = ivy::astype(o, Dtype::Float64)?;
        total = ivy::add(&total, &ivy::sum(&ivy::multiply(&o, w)?)?)?;
    }
    Ok(total)
}

fn to_f64(a: &Array) -> Vec<f64> {
    ivy::astype(a, Dtype::Float64)
        .and_then(|a| a.to_vec::<f64>())
        .expect("a float array converts to float64")
}

fn array_f64(shape: &ivy::Shape, v: Vec<f64>) -> Array {
    Array::from_shape_vec(shape.clone(), v).expect("the shape fits")
}

/// Check one op on one dtype; `Ok(None)` when there is nothing to check.
fn check(op: &'static OpInfo, d: Dtype, rng: &mut Rng) -> Result<Option<String>, String> {
    let sample = op.sample.ok_or("no sample")?;
    let base = sample(d);
    let slots = float_slots(&base, d);
    if slots.is_empty() {
        return Ok(None);
    }
    // The point: random values of dtype d (and their exact float64 copy).
    let (lo, hi) = input_range(op.name);
    let mut args = base.clone();
    let mut args64 = base.clone();
    for &s in &slots {
        let (shape, v) = valid_point(op.name, get(&base, s).shape().clone(), rng, lo, hi);
        let x = ivy::astype(&array_f64(&shape, v), d).map_err(|e| e.to_string())?;
        let x64 = ivy::astype(&x, Dtype::Float64).map_err(|e| e.to_string())?;
        args = set(&args, s, x);
        args64 = set(&args64, s, x64);
    }
    // A dtype argument equal to d (a cast, a creation dtype) is float64 in
    // the finite differences' call, which would otherwise round to d.
    for (i, v) in base.positional().iter().enumerate() {
        if matches!(v, Value::Dtype(x) if *x == d) {
            args64 = args64.with_arg(i, Value::Dtype(Dtype::Float64));
        }
    }
    let outs = match op.call(&args) {
        Ok(outs) => outs,
        Err(e) => return Err(format!("the call fails: {e}")),
    };
    if outs
        .iter()
        .any(|o| !(o.dtype().is_float() || o.dtype().is_complex()))
    {
        return Ok(None);
    }
    let outs = real_views(op.name, outs).map_err(|e| format!("the views fail: {e}"))?;
    let weights: Vec<Array> = outs
        .iter()
        .map(|o| array_f64(o.shape(), rng.uniform(-1.0, 1.0, o.size())))
        .collect();

    // The tape's gradient, in dtype d.
    let inputs: Vec<Array> = slots.iter().map(|&s| get(&args, s)).collect();
    let grads = ivy::grad(|xs: &Vec<Array>| {
        let mut a = args.clone();
        for (&s, x) in slots.iter().zip(xs) {
            a = set(&a, s, x.clone());
        }
        projection(&real_views(op.name, op.call(&a)?)?, &weights)
    })(&inputs)
    .map_err(|e| format!("the gradient fails: {e}"))?;

    // Central differences in float64.
    let eps = 1e-6;
    let (rtol, atol) = tolerance(d);
    let mut worst = String::new();
    for (k, &s) in slots.iter().enumerate() {
        let x64 = get(&args64, s);
        let shape = x64.shape().clone();
        let xv = to_f64(&x64);
        let tape = to_f64(&grads[k]);
        for i in 0..xv.len() {
            let f = |delta: f64| -> Result<f64, String> {
                let mut v = xv.clone();
                v[i] += delta;
                let a = set(&args64, s, array_f64(&shape, v));
                let outs = op.call(&a).and_then(|o| real_views(op.name, o));
                let p = projection(&outs.map_err(|e| e.to_string())?, &weights)
                    .map_err(|e| e.to_string())?;
                Ok(to_f64(&p)[0])
            };
            let fd = (f(eps)? - f(-eps)?) / (2.0 * eps);
            let got = tape[i];
            if (got - fd).abs() > atol + rtol * fd.abs() {
                worst =
                    format!("input {k} element {i}: tape {got:.6e} vs finite difference {fd:.6e}");
                break;
            }
        }
        if !worst.is_empty() {
            break;
        }
    }
    if worst.is_empty() {
        Ok(Some(String::new()))
    } else {
        Err(worst)
    }
}

/// The ops whose gradients are checked: differentiable (with a rule, or
/// through their bodies), computing arrays, not exempt.
fn checked_ops() -> impl Iterator<Item = &'static OpInfo> {
    catalogue::ops().filter(|op| {
        matches!(
            op.differentiable,
            Differentiability::Yes | Differentiability::Derived
        ) && op.kind != OpKind::Standalone
            && !EXEMPT.iter().any(|(n, _)| *n == op.name)
    })
}

#[test]
fn every_differentiable_op_matches_finite_differences_on_every_float_dtype() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for op in checked_ops() {
        let mut rng = Rng(seed_for(12345, op.name));
        let supported = op.supported_dtypes(ivy::current_backend());
        for d in [
            Dtype::Float64,
            Dtype::Float32,
            Dtype::Float16,
            Dtype::BFloat16,
        ] {
            if !supported.contains(d) {
                continue;
            }
            match check(op, d, &mut rng) {
                Ok(Some(_)) => checked += 1,
                Ok(None) => eprintln!("skipped {} on {d}", op.name),
                Err(e) => failures.push(format!("{} on {d}: {e}", op.name)),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} gradient mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        checked > 200,
        "only {checked} op x dtype pairs were checked"
    );
    eprintln!("{checked} op x dtype pairs checked");
}

#[test]
fn exempt_ops_exist() {
    for (name, _) in EXEMPT {
        assert!(
            catalogue::op(name).is_ok(),
            "{name} is listed but not an op"
        );
    }
}

/// Second order, in float64: the gradient of `h(x) = <grad L(x), v>` (a
/// gradient function inside another) against finite differences of the
/// first-order gradient. It checks that every derivative rule is itself
/// differentiable.
fn check_second_order(op: &'static OpInfo, rng: &mut Rng) -> Result<bool, String> {
    let d = Dtype::Float64;
    let sample = op.sample.ok_or("no sample")?;
    let base = sample(d);
    let slots = float_slots(&base, d);
    if slots.is_empty() {
        return Ok(false);
    }
    let (lo, hi) = input_range(op.name);
    let mut args = base.clone();
    for &s in &slots {
        let (shape, v) = valid_point(op.name, get(&base, s).shape().clone(), rng, lo, hi);
        args = set(&args, s, array_f64(&shape, v));
    }
    let outs = op.call(&args).map_err(|e| format!("the call fails: {e}"))?;
    if outs.iter().any(|o| !o.dtype().is_float()) {
        return Ok(false);
    }
    let weights: Vec<Array> = outs
        .iter()
        .map(|o| array_f64(o.shape(), rng.uniform(-1.0, 1.0, o.size())))
        .collect();
    let inputs: Vec<Array> = slots.iter().map(|&s| get(&args, s)).collect();
    let vs: Vec<Array> = inputs
        .iter()
        .map(|x| array_f64(x.shape(), rng.uniform(-1.0, 1.0, x.size())))
        .collect();
    let loss = |xs: &Vec<Array>| -> ivy::Result<Array> {
        let mut a = args.clone();
        for (&s, x) in slots.iter().zip(xs) {
            a = set(&a, s, x.clone());
        }
        projection(&op.call(&a)?, &weights)
    };
    let h = |xs: &Vec<Array>| -> ivy::Result<Array> {
        let g = ivy::grad(loss)(xs)?;
        let mut total = Array::scalar(0.0f64);
        for (gi, v) in g.iter().zip(&vs) {
            total = ivy::add(&total, &ivy::sum(&ivy::multiply(gi, v)?)?)?;
        }
        Ok(total)
    };
    let tape =
        ivy::grad(h)(&inputs).map_err(|e| format!("the second-order gradient fails: {e}"))?;
    let eps = 1e-5;
    for (k, x) in inputs.iter().enumerate() {
        let xv = to_f64(x);
        let t = to_f64(&tape[k]);
        for i in 0..xv.len() {
            let at = |delta: f64| -> Result<f64, String> {
                let mut v = xv.clone();
                v[i] += delta;
                let mut xs = inputs.clone();
                xs[k] = array_f64(x.shape(), v);
                h(&xs).map(|a| to_f64(&a)[0]).map_err(|e| e.to_string())
            };
            let fd = (at(eps)? - at(-eps)?) / (2.0 * eps);
            if (t[i] - fd).abs() > 1e-4 + 1e-4 * fd.abs() {
                return Err(format!(
                    "input {k} element {i}: tape {:.6e} vs finite difference {fd:.6e}",
                    t[i]
                ));
            }
        }
    }
    Ok(true)
}

#[test]
fn every_derivative_rule_is_itself_differentiable() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for op in checked_ops() {
        let mut rng = Rng(seed_for(777, op.name));
        if !op
            .supported_dtypes(ivy::current_backend())
            .contains(Dtype::Float64)
        {
            continue;
        }
        match check_second_order(op, &mut rng) {
            Ok(true) => checked += 1,
            Ok(false) => {}
            Err(e) => failures.push(format!("{}: {e}", op.name)),
        }
    }
    assert!(
        failures.is_empty(),
        "{} second-order mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(checked > 100, "only {checked} ops were checked");
}

/// The factors of one decomposition call, for the table below.
type Factor = fn(&Array) -> ivy::Result<Vec<Array>>;

/// The decompositions on shapes and modes the catalogue's samples do not
/// reach, and on `complex128` inputs (the catalogue-driven test above checks
/// float dtypes only; the gradient of a complex input is `dL/dRe +
/// i dL/dIm`): the tape against central differences of the real and
/// imaginary parts, through the same phase-invariant views.
#[test]
fn decompositions_match_finite_differences_on_more_shapes_and_complex_inputs() {
    let qr = |x: &Array| -> ivy::Result<Vec<Array>> {
        let (q, r) = ivy::qr(x)?;
        Ok(vec![q, r])
    };
    let qr_complete = |x: &Array| -> ivy::Result<Vec<Array>> {
        let (q, r) = ivy::qr_with(x, ivy::opts::Qr::new().mode("complete"))?;
        Ok(vec![q, r])
    };
    let svd = |x: &Array| -> ivy::Result<Vec<Array>> {
        let (u, s, vh) = ivy::svd(x)?;
        Ok(vec![u, s, vh])
    };
    let svd_thin = |x: &Array| -> ivy::Result<Vec<Array>> {
        let (u, s, vh) = ivy::svd_with(x, ivy::opts::Svd::new().full_matrices(false))?;
        Ok(vec![u, s, vh])
    };
    let eig = |x: &Array| -> ivy::Result<Vec<Array>> {
        let (w, v) = ivy::eig(x)?;
        Ok(vec![w, v])
    };
    let eigvals = |x: &Array| -> ivy::Result<Vec<Array>> { Ok(vec![ivy::eigvals(x)?]) };
    let eigh = |x: &Array| -> ivy::Result<Vec<Array>> {
        let (w, v) = ivy::eigh(x)?;
        Ok(vec![w, v])
    };
    let cases: Vec<(&str, Vec<usize>, Factor)> = vec![
        ("qr", vec![3, 2], qr),
        ("qr", vec![3, 3], qr),
        ("qr", vec![2, 4], qr),
        ("qr", vec![2, 3], qr_complete),
        ("qr", vec![2, 4, 3], qr),
        ("svd", vec![3, 3], svd),
        ("svd", vec![4, 2], svd_thin),
        ("svd", vec![2, 3], svd_thin),
        ("eig", vec![3, 3], eig),
        ("eig", vec![2, 4, 4], eig),
        ("eigvals", vec![4, 4], eigvals),
        ("eigh", vec![3, 3], eigh),
    ];
    let mut failures = Vec::new();
    for d in [Dtype::Float64, Dtype::Complex128] {
        for (name, shape, f) in &cases {
            let mut rng = Rng(seed_for(4242, name) ^ shape.iter().product::<usize>() as u64);
            let n = shape.iter().product::<usize>();
            let re = rng.uniform(-1.0, 1.0, n);
            let im = if d.is_complex() {
                rng.uniform(-1.0, 1.0, n)
            } else {
                vec![0.0; n]
            };
            let make = |re: &[f64], im: &[f64]| -> Array {
                if d.is_complex() {
                    let v: Vec<ivy::Complex64> = re
                        .iter()
                        .zip(im)
                        .map(|(&a, &b)| ivy::Complex64::new(a, b))
                        .collect();
                    Array::from_shape_vec(shape.clone(), v).expect("the shape fits")
                } else {
                    array_f64(&ivy::Shape::from(shape.clone()), re.to_vec())
                }
            };
            let x = make(&re, &im);
            let outs = match f(&x).and_then(|o| real_views(name, o)) {
                Ok(o) => o,
                Err(e) => {
                    failures.push(format!("{name} {shape:?} on {d}: the call fails: {e}"));
                    continue;
                }
            };
            let weights: Vec<Array> = outs
                .iter()
                .map(|o| array_f64(o.shape(), rng.uniform(-1.0, 1.0, o.size())))
                .collect();
            let loss = |x: &Array| -> ivy::Result<Array> {
                projection(&real_views(name, f(x)?)?, &weights)
            };
            let g = match ivy::grad(|xs: &Vec<Array>| loss(&xs[0]))(&vec![x.clone()]) {
                Ok(g) => g[0].clone(),
                Err(e) => {
                    failures.push(format!("{name} {shape:?} on {d}: the gradient fails: {e}"));
                    continue;
                }
            };
            let (g_re, g_im) = if d.is_complex() {
                (
                    to_f64(&ivy::real(&g).expect("real")),
                    to_f64(&ivy::imag(&g).expect("imag")),
                )
            } else {
                (to_f64(&g), vec![0.0; n])
            };
            let eps = 1e-6;
            let parts = if d.is_complex() { 2 } else { 1 };
            'elements: for part in 0..parts {
                for i in 0..n {
                    let at = |delta: f64| -> f64 {
                        let (mut r, mut m) = (re.clone(), im.clone());
                        if part == 0 {
                            r[i] += delta;
                        } else {
                            m[i] += delta;
                        }
                        to_f64(&loss(&make(&r, &m)).expect("the loss at a nearby point"))[0]
                    };
                    let fd = (at(eps) - at(-eps)) / (2.0 * eps);
                    let got = if part == 0 { g_re[i] } else { g_im[i] };
                    if (got - fd).abs() > 1e-6 + 1e-5 * fd.abs() {
                        let which = if part == 0 { "real" } else { "imaginary" };
                        failures.push(format!(
                            "{name} {shape:?} on {d}: {which} part of element {i}: tape {got:.6e} vs finite difference {fd:.6e}"
                        ));
                        break 'elements;
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Where a decomposition's factors are not determined by its input, the
/// gradient is an error naming the op, not a number.
#[test]
fn undetermined_decomposition_derivatives_are_refused() {
    let x = array_f64(
        &ivy::Shape::from([3, 2]),
        vec![1.0, 2.0, 3.0, 4.0, 5.0, 7.0],
    );
    let complete = ivy::grad(|xs: &Vec<Array>| {
        let (q, r) = ivy::qr_with(&xs[0], ivy::opts::Qr::new().mode("complete"))?;
        ivy::add(&ivy::sum(&q)?, &ivy::sum(&r)?)
    })(&vec![x.clone()]);
    let e = complete.expect_err("complete QR of a tall matrix has no derivative");
    assert!(e.to_string().contains("qr"), "{e}");
    let full = ivy::grad(|xs: &Vec<Array>| {
        let (u, s, vh) = ivy::svd(&xs[0])?;
        ivy::add(&ivy::add(&ivy::sum(&u)?, &ivy::sum(&s)?)?, &ivy::sum(&vh)?)
    })(&vec![x]);
    let e = full.expect_err("a full SVD of a non-square matrix has no derivative");
    assert!(e.to_string().contains("svd"), "{e}");
}
