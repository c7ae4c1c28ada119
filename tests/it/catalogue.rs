//! The op x dtype x backend matrix, driven by the catalogue: every op is
//! called with every dtype it claims on every registered backend, and must
//! succeed with the output dtype its spec entry promises; every valid dtype it
//! does not claim must be refused with an error (never a panic, never a
//! silent success). A table that lies in either direction fails here.

use ivy::catalogue::{self, CallArgs, OpInfo, OpKind, OutRule};
use ivy::{Dtype, DtypeSet, Error};

/// The dtype an op's output must have for inputs of `d`.
fn expected_dtype(op: &OpInfo, d: Dtype, dtype_kwarg: bool) -> Option<Dtype> {
    let k = op.kernel_dtype(d);
    match op.out {
        OutRule::Same | OutRule::SameEach => Some(k),
        OutRule::Bool => Some(Dtype::Bool),
        OutRule::Real => Some(k.real()),
        OutRule::Index => Some(Dtype::Int64),
        OutRule::DtypeParam if dtype_kwarg => Some(d),
        OutRule::DtypeParam | OutRule::Custom => None,
    }
}

fn has_dtype_param(op: &OpInfo) -> (bool, bool) {
    let p = op
        .params
        .iter()
        .find(|p| p.name == "dtype" && p.kind == "Dtype");
    (p.is_some(), p.is_some_and(|p| p.is_keyword()))
}

fn has_array_input(op: &OpInfo) -> bool {
    op.params
        .iter()
        .any(|p| !p.is_keyword() && (p.kind == "Array" || p.kind == "Arrays"))
}

/// The calls that exercise `op` on dtype `d`: the sample arguments, plus
/// `dtype = d` when the op takes a keyword dtype (creation ops are about the
/// dtype they make).
fn calls(op: &OpInfo, d: Dtype) -> Vec<(CallArgs, bool)> {
    let Some(sample) = op.sample else {
        return Vec::new();
    };
    let (has_dtype, keyword) = has_dtype_param(op);
    let mut out = Vec::new();
    if has_array_input(op) {
        out.push((sample(d), false));
    }
    if has_dtype && keyword {
        out.push((sample(d).kwarg("dtype", d), true));
    }
    if out.is_empty() {
        out.push((sample(d), false));
    }
    out
}

#[test]
fn every_op_runs_every_dtype_it_claims_and_refuses_the_rest() {
    let mut failures = Vec::new();
    let mut checked = 0usize;
    for name in ivy::available_backends() {
        let _g = ivy::use_backend(name).expect("registered backend");
        let backend = ivy::current_backend();
        for op in catalogue::ops() {
            if op.kind == OpKind::Standalone || op.sample.is_none() {
                continue;
            }
            let claimed = op.supported_dtypes(backend);
            for d in Dtype::ALL {
                let claims = claimed.contains(d);
                if !claims && !backend.valid_dtypes().contains(d) {
                    continue;
                }
                for (args, dtype_kwarg) in calls(op, d) {
                    checked += 1;
                    let got = op.call(&args);
                    match (claims, got) {
                        (true, Ok(outs)) => {
                            if let Some(want) = expected_dtype(op, d, dtype_kwarg) {
                                for o in &outs {
                                    if o.dtype() != want {
                                        failures.push(format!(
                                            "{name}: {} on {d}{}: output dtype {} but the spec promises {want}",
                                            op.name,
                                            if dtype_kwarg { " (dtype kwarg)" } else { "" },
                                            o.dtype()
                                        ));
                                    }
                                }
                            }
                        }
                        (true, Err(e)) => failures.push(format!(
                            "{name}: {} claims {d} but failed{}: {e}",
                            op.name,
                            if dtype_kwarg { " (dtype kwarg)" } else { "" }
                        )),
                        (false, Ok(_)) => failures.push(format!(
                            "{name}: {} does not claim {d} but ran on it{}",
                            op.name,
                            if dtype_kwarg { " (dtype kwarg)" } else { "" }
                        )),
                        (false, Err(e)) => {
                            if let Error::KernelPanic { message, .. } = e.leaf_error() {
                                failures.push(format!(
                                    "{name}: {} panicked on unclaimed {d} instead of refusing: {message}",
                                    op.name
                                ));
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 1000, "only {checked} calls were made");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_primary_op_has_a_kernel_on_the_default_backend() {
    let backend = ivy::current_backend();
    let missing: Vec<&str> = catalogue::ops()
        .filter(|o| o.kind == OpKind::Primary)
        .filter(|o| o.supported_dtypes(backend).is_empty())
        .map(|o| o.name)
        .collect();
    assert!(
        missing.is_empty(),
        "primary ops without an ndarray kernel: {missing:?}"
    );
}

#[test]
fn the_catalogue_describes_every_op_consistently() {
    let ops: Vec<&OpInfo> = catalogue::ops().collect();
    assert!(ops.len() >= 80, "{} ops", ops.len());
    let mut names: Vec<&str> = ops.iter().map(|o| o.name).collect();
    names.sort();
    let n = names.len();
    names.dedup();
    assert_eq!(names.len(), n, "duplicate op names");
    for kind in [
        OpKind::Primary,
        OpKind::Compositional,
        OpKind::Mixed,
        OpKind::Standalone,
    ] {
        assert!(ops.iter().any(|o| o.kind == kind), "no {kind:?} op");
    }
    for op in &ops {
        assert!(!op.summary.is_empty(), "{} has no summary", op.name);
        assert!(!op.dtypes.is_empty(), "{} accepts no dtype", op.name);
        // A compositional op's callees are ops of the catalogue.
        for c in op.callees {
            assert!(catalogue::op(c).is_ok(), "{} calls unknown op {c}", op.name);
        }
        if op.kind != OpKind::Standalone {
            assert!(
                op.call.is_some() && op.sample.is_some(),
                "{} cannot be called dynamically",
                op.name
            );
        }
    }
}

#[test]
fn ivy_function_supported_dtypes_matches_the_catalogue() -> ivy::Result<()> {
    let tan = ivy::function_supported_dtypes("tan")?;
    assert!(tan.contains(Dtype::Int8), "ints are cast to float for tan");
    assert!(!tan.contains(Dtype::Bool));
    let all = ivy::function_supported_dtypes("tan")? | ivy::function_unsupported_dtypes("tan")?;
    assert_eq!(all, DtypeSet::ALL);
    assert!(ivy::function_supported_dtypes("no_such_op").is_err());
    Ok(())
}

/// Every nestable op, with a two-leaf container in each array position in
/// turn, equals the op applied leaf by leaf: the generated nested path, the
/// Container results of multi-output ops and the broadcasting of the other
/// (array) operands, for every op of the catalogue.
#[test]
fn every_nestable_op_maps_over_a_container_in_each_array_position() {
    use ivy::catalogue::Value;
    let mut failures = Vec::new();
    let mut checked = 0usize;
    let mut lists = Vec::new();
    for op in catalogue::ops() {
        let (Some(call_nested), Some(sample)) = (op.call_nested, op.sample) else {
            continue;
        };
        let backend = ivy::current_backend();
        let Some(d) = [Dtype::Float32, Dtype::Int32, Dtype::Bool]
            .into_iter()
            .chain(Dtype::ALL)
            .find(|d| op.supported_dtypes(backend).contains(*d))
        else {
            continue;
        };
        let args = sample(d);
        let positions: Vec<usize> = args
            .positional()
            .iter()
            .enumerate()
            .filter(|(_, v)| matches!(v, Value::Array(_) | Value::Arrays(_)))
            .map(|(i, _)| i)
            .collect();
        let array_params: Vec<usize> = op
            .params
            .iter()
            .filter(|p| !p.is_keyword())
            .enumerate()
            .filter(|(_, p)| p.kind == "Array" || p.kind == "Arrays")
            .map(|(i, _)| i)
            .collect();
        assert_eq!(positions, array_params, "{}: sample positions", op.name);
        let Ok(direct) = op.call(&args) else {
            failures.push(format!("{}: the direct call on {d} failed", op.name));
            continue;
        };
        for (pos, &slot) in positions.iter().enumerate() {
            // A list position gets a list of the container, as long as the
            // sample list, so each leaf call takes that many copies of it.
            let (leaf, list_len) = match &args.positional()[slot] {
                Value::Array(a) => (a, None),
                Value::Arrays(xs) => (&xs[0], Some(xs.len())),
                _ => unreachable!("positions hold arrays"),
            };
            // Two leaves with different values at different depths: the
            // sample and the sample with its elements reversed along axis 0.
            let other = if leaf.ndim() > 0 {
                ivy::flip_with(leaf, ivy::opts::Flip::new().axis(0)).unwrap()
            } else {
                leaf.clone()
            };
            let c = ivy::container! { a: leaf.clone(), b: { c: other.clone() } };
            checked += 1;
            if list_len.is_some() {
                lists.push(op.name);
            }
            let got = match call_nested(&args, pos, &c) {
                Ok(g) => g,
                Err(e) => {
                    failures.push(format!("{} (container at operand {pos}): {e}", op.name));
                    continue;
                }
            };
            // The op applied leaf by leaf.
            let mut by_leaf = Vec::new();
            for x in [leaf, &other] {
                let arg = match list_len {
                    None => Value::Array(x.clone()),
                    Some(n) => Value::Arrays(vec![x.clone(); n]),
                };
                by_leaf.push(op.call(&args.clone().with_arg(slot, arg)));
            }
            if got.len() != direct.len() {
                failures.push(format!(
                    "{}: {} containers for {} outputs",
                    op.name,
                    got.len(),
                    direct.len()
                ));
                continue;
            }
            for (kc, want) in [("a", &by_leaf[0]), ("b/c", &by_leaf[1])] {
                let Ok(want) = want else {
                    failures.push(format!("{}: the leaf call at {kc} failed", op.name));
                    continue;
                };
                for (o, (g, w)) in got.iter().zip(want).enumerate() {
                    let Ok(g) = g.leaf(kc) else {
                        failures.push(format!("{}: output {o} has no leaf {kc}", op.name));
                        continue;
                    };
                    if g.dtype() != w.dtype()
                        || g.shape() != w.shape()
                        || format!("{g:?}") != format!("{w:?}")
                    {
                        failures.push(format!(
                            "{} (container at operand {pos}), output {o} at {kc}: {g:?} != {w:?}",
                            op.name
                        ));
                    }
                }
            }
        }
    }
    assert!(checked > 150, "only {checked} nested calls were made");
    for name in ["concat", "stack", "broadcast_arrays", "meshgrid"] {
        assert!(
            lists.contains(&name),
            "{name}: no list position checked ({lists:?})"
        );
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The bad calls of an op made from its sample arguments: every axis-like
/// argument set to 17, and every array argument replaced, in turn, by a
/// 0-d array and by a 4-d one.
fn bad_calls(op: &OpInfo, args: &CallArgs) -> Vec<(String, CallArgs)> {
    use ivy::catalogue::Value;
    let axis_like = |name: &str| {
        ["axis", "axes", "dim", "normalized_idxs"]
            .iter()
            .any(|a| name.contains(a))
    };
    let value_17 = |kind: &str| -> Value {
        if kind.contains("Axes") || kind.contains("Ints") || kind.contains("Vec") {
            Value::from([17i64])
        } else {
            Value::from(17i64)
        }
    };
    let mut out = Vec::new();
    let positional: Vec<_> = op.params.iter().filter(|p| !p.is_keyword()).collect();
    for (i, p) in positional.iter().enumerate() {
        if axis_like(p.name) && i < args.positional().len() {
            out.push((
                format!("{} = 17", p.name),
                args.clone().with_arg(i, value_17(p.kind)),
            ));
        }
    }
    for p in op.params.iter().filter(|p| p.is_keyword()) {
        if axis_like(p.name) && !p.kind.contains("Array") {
            out.push((
                format!("{} = 17", p.name),
                args.clone().kwarg(p.name, value_17(p.kind)),
            ));
        }
    }
    for (i, v) in args.positional().iter().enumerate() {
        if let Value::Array(a) = v {
            let d = a.dtype();
            let scalar = ivy::ones_with([], ivy::opts::Ones::new().dtype(d)).expect("ones");
            let four = ivy::ones_with([2, 1, 3, 5], ivy::opts::Ones::new().dtype(d)).expect("ones");
            out.push((format!("operand {i} 0-d"), args.clone().with_arg(i, scalar)));
            out.push((format!("operand {i} 4-d"), args.clone().with_arg(i, four)));
        }
    }
    out
}

/// An error that comes out of a compositional op names that op, the one
/// the user called, even when an op inside its body raised it (issue 25:
/// `layer_norm` used to fail as `mean`). Every compositional and mixed op
/// is called with bad arguments made from its sample; every error must
/// start with the op's own name and report it as [`Error::op`], and its
/// message must not name the op twice.
#[test]
fn every_compositional_op_names_itself_in_its_errors() {
    let backend = ivy::current_backend();
    let mut failures = Vec::new();
    let mut failing_ops = std::collections::BTreeSet::new();
    let mut within = 0usize;
    let mut compositional = 0usize;
    for op in catalogue::ops() {
        if !matches!(op.kind, OpKind::Compositional | OpKind::Mixed) {
            continue;
        }
        let Some(sample) = op.sample else { continue };
        let Some(d) = [Dtype::Float32, Dtype::Int32, Dtype::Bool]
            .into_iter()
            .chain(Dtype::ALL)
            .find(|d| op.supported_dtypes(backend).contains(*d))
        else {
            continue;
        };
        compositional += 1;
        for (what, args) in bad_calls(op, &sample(d)) {
            let Err(e) = op.call(&args) else { continue };
            failing_ops.insert(op.name);
            let text = e.to_string();
            let prefix = format!("{}: ", op.name);
            if !text.starts_with(&prefix) || e.op() != Some(op.name) {
                failures.push(format!("{} ({what}): {text}", op.name));
            }
            if text[prefix.len().min(text.len())..].starts_with(&prefix) {
                failures.push(format!("{} ({what}) names itself twice: {text}", op.name));
            }
            if let Error::Within { source, .. } = &e {
                within += 1;
                if matches!(**source, Error::Within { .. }) {
                    failures.push(format!("{} ({what}): a chain of Within: {e:?}", op.name));
                }
            }
        }
    }
    println!(
        "{compositional} compositional/mixed ops, {} failed on a bad argument, {within} errors from inside a body",
        failing_ops.len()
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // Most compositional ops can be made to fail from their sample, and
    // many of those errors come from inside the body.
    assert!(
        failing_ops.len() * 2 > compositional,
        "only {} of {compositional} ops failed on a bad argument",
        failing_ops.len()
    );
    assert!(within > 20, "only {within} errors came from inside a body");
}

/// The example of issue 25: the error names layer_norm. On the ndarray
/// backend layer_norm has a kernel, and its axes are checked as the op's
/// own; a backend that runs the composition reports the same error from
/// inside its body, "(in mean)".
#[test]
fn layer_norm_with_a_bad_axis_names_layer_norm() {
    let x = ivy::ones([2, 3, 4]).unwrap();
    let e = ivy::layer_norm(&x, [4]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "layer_norm: axis 4 is out of bounds for an array of 3 dimensions"
    );
    assert!(matches!(e.leaf_error(), Error::AxisOutOfBounds { op, .. } if op == "layer_norm"));
}
