//! The gradient API: the reference's verified values (reference/ivy.md
//! section c), the seed's examples and policies, broadcasting, nesting,
//! errors.

use ivy::nest::Nest;
use ivy::{Array, Container, Error, gradients::ExecuteWithGradients, nest_index};

fn a(v: &[f32]) -> Array {
    Array::from_vec(v.to_vec())
}

fn leaves(n: &Nest) -> Vec<Vec<f32>> {
    let (ls, _) = ivy::tree_flatten::<Nest, Array>(n);
    ls.iter().map(|x| x.to_vec::<f32>().unwrap()).collect()
}

// --- xs_grad_idxs -----------------------------------------------------------

#[allow(clippy::ptr_arg)] // the type of the nest `xs`
fn product_sum(xs: &Vec<Array>) -> ivy::Result<Array> {
    ivy::sum(&ivy::multiply(&xs[0], &xs[1])?)
}

#[test]
fn a_list_input_defaults_to_its_first_element() {
    let xs = vec![a(&[1.0, 2.0]), a(&[3.0, 4.0])];
    let (ret, grads) = ivy::execute_with_gradients(product_sum, &xs).unwrap();
    assert_eq!(ret.to_vec::<f32>().unwrap(), [11.0]);
    // d/dxs[0] = xs[1]; a list of one is unwrapped.
    assert_eq!(grads.leaf(), Some(&a(&[3.0, 4.0])));
}

#[test]
fn xs_grad_idxs_select_and_none_selects_all() {
    let xs = vec![a(&[1.0, 2.0]), a(&[3.0, 4.0])];
    let second = ExecuteWithGradients::new().xs_grad_idxs(Some(vec![nest_index![1]]));
    let (_, g) = ivy::execute_with_gradients_with(product_sum, &xs, second).unwrap();
    assert_eq!(g.leaf(), Some(&a(&[1.0, 2.0])));
    let all = ExecuteWithGradients::new().xs_grad_idxs(None);
    let (_, g) = ivy::execute_with_gradients_with(product_sum, &xs, all).unwrap();
    assert_eq!(leaves(&g), [vec![3.0, 4.0], vec![1.0, 2.0]]);
    assert!(matches!(g, Nest::List(_)));
}

#[test]
fn a_path_into_a_dict_inside_a_list_gives_a_dict() {
    let w = ivy::container! { a: [1.0, 2.0], b: [3.0, 4.0] };
    let xs = vec![w];
    let f = |xs: &Vec<Container>| -> ivy::Result<Array> {
        ivy::sum(&ivy::multiply(xs[0].leaf("a")?, xs[0].leaf("b")?)?)
    };
    let opts = ExecuteWithGradients::new().xs_grad_idxs(Some(vec![nest_index![0, "a"]]));
    let (_, g) = ivy::execute_with_gradients_with(f, &xs, opts).unwrap();
    let g: Container = g.into_tree().unwrap();
    assert_eq!(g.cont_all_key_chains(), ["a"]);
    assert_eq!(g.leaf("a").unwrap(), &a(&[3.0, 4.0]));
}

// --- ret_grad_idxs ----------------------------------------------------------

fn two_sums(x: &Array) -> ivy::Result<(Array, Array)> {
    Ok((ivy::sum(&ivy::pow(x, 2)?)?, ivy::sum(&ivy::pow(x, 3)?)?))
}

#[test]
fn several_outputs_give_one_gradient_per_selected_output() {
    let x = a(&[1.0, 2.0]);
    let (_, g) = ivy::execute_with_gradients(two_sums, &x).unwrap();
    let Nest::Dict(d) = &g else { panic!("{g:?}") };
    assert_eq!(d.keys().collect::<Vec<_>>(), ["0"]);
    assert_eq!(d["0"].leaf(), Some(&a(&[2.0, 4.0])));

    let second = ExecuteWithGradients::new().ret_grad_idxs(Some(vec![nest_index![1]]));
    let (_, g) = ivy::execute_with_gradients_with(two_sums, &x, second).unwrap();
    let Nest::Dict(d) = &g else { panic!("{g:?}") };
    assert_eq!(d.keys().collect::<Vec<_>>(), ["1"]);
    assert_eq!(d["1"].leaf(), Some(&a(&[3.0, 12.0])));

    let all = ExecuteWithGradients::new().ret_grad_idxs(None);
    let (_, g) = ivy::execute_with_gradients_with(two_sums, &x, all).unwrap();
    assert_eq!(leaves(&g), [vec![2.0, 4.0], vec![3.0, 12.0]]);
}

#[test]
fn a_container_result_gives_grads_keyed_by_output() {
    // The reference raises here with its default (a bug); what it meant is
    // every output, as with `ret_grad_idxs=None`.
    let x = a(&[1.0, 2.0]);
    let f = |x: &Array| -> ivy::Result<Container> {
        Ok(ivy::container! { s: ivy::sum(x)?, q: ivy::sum(&ivy::square(x)?)? })
    };
    let (ret, g) = ivy::execute_with_gradients(f, &x).unwrap();
    assert_eq!(ret.leaf("q").unwrap(), &Array::scalar(5.0f32));
    let Nest::Dict(d) = &g else { panic!("{g:?}") };
    assert_eq!(d["s"].leaf(), Some(&a(&[1.0, 1.0])));
    assert_eq!(d["q"].leaf(), Some(&a(&[2.0, 4.0])));
}

// --- policies ---------------------------------------------------------------

#[test]
fn the_same_array_twice_gets_the_total_gradient_at_both() {
    let x = a(&[1.0, 2.0]);
    let xs = vec![x.clone(), x];
    let all = ExecuteWithGradients::new().xs_grad_idxs(None);
    let (_, g) = ivy::execute_with_gradients_with(product_sum, &xs, all).unwrap();
    assert_eq!(leaves(&g), [vec![2.0, 4.0], vec![2.0, 4.0]]);
}

#[test]
fn equal_but_distinct_arrays_are_not_duplicates() {
    let xs = vec![a(&[1.0, 2.0]), a(&[1.0, 2.0])];
    let all = ExecuteWithGradients::new().xs_grad_idxs(None);
    let (_, g) = ivy::execute_with_gradients_with(product_sum, &xs, all).unwrap();
    assert_eq!(leaves(&g), [vec![1.0, 2.0], vec![1.0, 2.0]]);
}

#[test]
fn integer_inputs_are_cast_to_the_default_float_dtype() {
    let x = ivy::array![1, 2, 3];
    let (ret, g) = ivy::execute_with_gradients(|x: &Array| ivy::sum(&ivy::square(x)?), &x).unwrap();
    assert_eq!(ret, Array::scalar(14.0f32));
    assert_eq!(g.leaf(), Some(&a(&[2.0, 4.0, 6.0])));
}

#[test]
fn non_finite_gradients_become_zero() {
    let (_, g) =
        ivy::execute_with_gradients(|x: &Array| ivy::sum(&ivy::sqrt(x)?), &a(&[0.0, 4.0])).unwrap();
    assert_eq!(g.leaf(), Some(&a(&[0.0, 0.25])));
    let (ret, g) =
        ivy::execute_with_gradients(|x: &Array| ivy::sum(&ivy::log(x)?), &a(&[0.0, 2.0])).unwrap();
    assert_eq!(g.leaf(), Some(&a(&[0.0, 0.5])));
    assert_eq!(ret.to_vec::<f32>().unwrap(), [f32::NEG_INFINITY]);
}

#[test]
fn results_are_detached_unless_retained() {
    let x = a(&[1.0, 2.0]);
    let f = |x: &Array| ivy::sum(&ivy::exp(x)?);
    let (ret, g) = ivy::execute_with_gradients(f, &x).unwrap();
    assert!(!ret.is_traced() && !g.leaf().unwrap().is_traced());
    let keep = ExecuteWithGradients::new().retain_grads(true);
    let (ret, g) = ivy::execute_with_gradients_with(f, &x, keep).unwrap();
    assert!(ret.is_traced() && g.leaf().unwrap().is_traced());
    drop((ret, g));
}

#[test]
fn untraced_arrays_stay_untraced_and_gradient_calls_do_not_leak_to_them() {
    let x = a(&[1.0, 2.0]);
    let c = a(&[5.0, 6.0]);
    let g = ivy::grad(|x: &Array| {
        assert!(ivy::requires_gradient(x));
        let y = ivy::multiply(&c, &c)?; // constants only
        assert!(!y.is_traced());
        ivy::sum(&ivy::multiply(x, &y)?)
    })(&x)
    .unwrap();
    assert_eq!(g, a(&[25.0, 36.0]));
    assert!(!x.is_traced() && !c.is_traced());
}

// --- broadcasting and promotion ---------------------------------------------

#[test]
fn broadcasting_is_summed_back_to_each_input_shape() {
    let m = ivy::array![[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]];
    let v = a(&[1.0, 10.0, 100.0]);
    let g =
        ivy::grad(|xs: &(Array, Array)| ivy::sum(&ivy::multiply(&xs.0, &xs.1)?))(&(m, v)).unwrap();
    assert_eq!(g.0, ivy::array![[1.0, 10.0, 100.0], [1.0, 10.0, 100.0]]);
    assert_eq!(g.1, a(&[5.0, 7.0, 9.0]));
    // A [2, 1] column against a [1, 3] row.
    let col = ivy::array![[1.0], [2.0]];
    let row = ivy::array![[1.0, 2.0, 3.0]];
    let g =
        ivy::grad(|xs: &(Array, Array)| ivy::sum(&ivy::add(&xs.0, &xs.1)?))(&(col, row)).unwrap();
    assert_eq!(g.0, ivy::array![[3.0], [3.0]]);
    assert_eq!(g.1, ivy::array![[2.0, 2.0, 2.0]]);
}

#[test]
fn promoted_inputs_get_gradients_of_their_own_dtype() {
    let x = Array::from_vec(vec![1.0f32, 2.0]);
    let y = Array::from_vec(vec![3.0f64, 4.0]);
    let g =
        ivy::grad(|xs: &(Array, Array)| ivy::sum(&ivy::multiply(&xs.0, &xs.1)?))(&(x, y)).unwrap();
    assert_eq!(g.0.dtype(), ivy::Dtype::Float32);
    assert_eq!(g.1.dtype(), ivy::Dtype::Float64);
    assert_eq!(g.0, a(&[3.0, 4.0]));
    // A Rust number is a constant.
    let g = ivy::grad(|x: &Array| ivy::sum(&ivy::multiply(x, 3)?))(&a(&[1.0])).unwrap();
    assert_eq!(g, a(&[3.0]));
}

#[test]
fn keyword_array_arguments_are_differentiated() {
    // clip's bounds: where x is clipped, the gradient goes to the bound.
    let x = a(&[-2.0, 0.5, 3.0]);
    let lo = a(&[-1.0, -1.0, -1.0]);
    let hi = a(&[1.0, 1.0, 1.0]);
    let g = ivy::grad(|xs: &(Array, Array, Array)| {
        ivy::sum(&ivy::clip_with(
            &xs.0,
            ivy::opts::Clip::new().x_min(&xs.1).x_max(&xs.2),
        )?)
    })(&(x, lo, hi))
    .unwrap();
    assert_eq!(g.0, a(&[0.0, 1.0, 0.0]));
    assert_eq!(g.1, a(&[1.0, 0.0, 0.0]));
    assert_eq!(g.2, a(&[0.0, 0.0, 1.0]));
}

// --- the API ----------------------------------------------------------------

#[test]
fn grad_nests_to_higher_orders() {
    let f = |x: &Array| ivy::sum(&ivy::pow(x, 4)?);
    let x = a(&[1.0, 2.0]);
    assert_eq!(ivy::grad(f)(&x).unwrap(), a(&[4.0, 32.0]));
    assert_eq!(ivy::grad(ivy::grad(f))(&x).unwrap(), a(&[12.0, 48.0]));
    assert_eq!(
        ivy::grad(ivy::grad(ivy::grad(f)))(&x).unwrap(),
        a(&[24.0, 48.0])
    );
    // Through a compositional op and a mixed one.
    let h = |x: &Array| ivy::sum(&ivy::softplus(&ivy::sigmoid(x)?)?);
    let x64 = Array::from_vec(vec![0.3f64]);
    let d2 = ivy::grad(ivy::grad(h))(&x64)
        .unwrap()
        .to_vec::<f64>()
        .unwrap()[0];
    let fd = |x: f64| {
        let g = ivy::grad(h)(&Array::from_vec(vec![x])).unwrap();
        g.to_vec::<f64>().unwrap()[0]
    };
    let want = (fd(0.3 + 1e-6) - fd(0.3 - 1e-6)) / 2e-6;
    assert!((d2 - want).abs() < 1e-6, "{d2} vs {want}");
}

#[test]
fn gradient_functions_nest_without_confusing_their_variables() {
    // d/dx [x * d/dy (x + y)] = d/dx [x * 1] = 1 (the classic perturbation
    // confusion check).
    let x = Array::from_vec(vec![2.0f64]);
    let g = ivy::grad(|x: &Array| {
        let inner =
            ivy::grad(|y: &Array| ivy::sum(&ivy::add(x, y)?))(&Array::from_vec(vec![1.0f64]))?;
        ivy::sum(&ivy::multiply(x, &inner)?)
    })(&x)
    .unwrap();
    assert_eq!(g, Array::from_vec(vec![1.0f64]));
}

#[test]
fn jac_vjp_and_jvp_agree() {
    let f = |x: &Array| ivy::multiply(&ivy::sin(x)?, &ivy::sum(x)?);
    let x = Array::from_vec(vec![0.5f64, 1.0, 2.0]);
    let j = ivy::jac(f)(&x).unwrap();
    assert_eq!(j.shape().dims(), &[3, 3]);
    let jv = j.to_vec::<f64>().unwrap();
    let xs = [0.5f64, 1.0, 2.0];
    let s: f64 = xs.iter().sum();
    for i in 0..3 {
        for k in 0..3 {
            let want = xs[i].sin() + if i == k { xs[i].cos() * s } else { 0.0 };
            assert!((jv[3 * i + k] - want).abs() < 1e-12);
        }
    }
    let (y, back) = ivy::vjp(f, &x).unwrap();
    assert_eq!(y, f(&x).unwrap());
    let u = Array::from_vec(vec![1.0f64, -1.0, 0.5]);
    let ut_j = back(&u).unwrap().to_vec::<f64>().unwrap();
    let t = Array::from_vec(vec![0.25f64, 0.5, -1.0]);
    let (_, jt) = ivy::jvp(f, &x, &t).unwrap();
    let jt = jt.to_vec::<f64>().unwrap();
    for k in 0..3 {
        let col: f64 = (0..3).map(|i| [1.0, -1.0, 0.5][i] * jv[3 * i + k]).sum();
        assert!((ut_j[k] - col).abs() < 1e-12);
        let row: f64 = (0..3).map(|i| jv[3 * k + i] * [0.25, 0.5, -1.0][i]).sum();
        assert!((jt[k] - row).abs() < 1e-12);
    }
    assert!(matches!(back(&a(&[1.0])), Err(Error::Shape { .. })));
}

#[test]
fn value_and_grad_over_a_container_keeps_its_structure() {
    let w = ivy::container! { layer: { w: [[1.0, 2.0], [3.0, 4.0]], b: [0.5, -0.5] } };
    let x = ivy::array![[1.0, 1.0]];
    let loss = |w: &Container| -> ivy::Result<Array> {
        let h = ivy::add(&ivy::matmul(&x, w.leaf("layer/w")?)?, w.leaf("layer/b")?)?;
        ivy::sum(&ivy::square(&h)?)
    };
    let (v, g) = ivy::value_and_grad(loss)(&w).unwrap();
    // h = [4.5, 5.5]; loss = 20.25 + 30.25
    assert_eq!(v, Array::scalar(50.5f32));
    assert_eq!(g.cont_all_key_chains(), w.cont_all_key_chains());
    assert_eq!(g.leaf("layer/b").unwrap(), &a(&[9.0, 11.0]));
    assert_eq!(
        g.leaf("layer/w").unwrap(),
        &ivy::array![[9.0, 11.0], [9.0, 11.0]]
    );
}

#[test]
fn a_custom_gradient_replaces_the_derivative() {
    // Clip the gradient of x^2 to [-1, 1].
    let clipped_square = ivy::bind_custom_gradient_function(
        |x: &Array| ivy::square(x),
        |(x, _ret): (&Array, &Array), up: &Array| {
            ivy::multiply(
                up,
                &ivy::clip_with(
                    &ivy::multiply(x, 2)?,
                    ivy::opts::Clip::new().x_min(-1.0).x_max(1.0),
                )?,
            )
        },
    );
    let x = a(&[0.25, 3.0]);
    assert_eq!(clipped_square(&x).unwrap(), a(&[0.0625, 9.0]));
    let g = ivy::grad(|x: &Array| ivy::sum(&clipped_square(x)?))(&x).unwrap();
    assert_eq!(g, a(&[0.5, 1.0]));
}

#[test]
fn stop_gradient_cuts_the_graph_for_arrays_and_containers() {
    let x = a(&[2.0, 3.0]);
    let g = ivy::grad(|x: &Array| {
        let c = ivy::container! { a: x.clone() };
        let stopped = ivy::stop_gradient(&c)?;
        assert!(!stopped.leaf("a")?.is_traced());
        ivy::sum(&ivy::multiply(x, stopped.leaf("a")?)?)
    })(&x)
    .unwrap();
    assert_eq!(g, x);
}

// --- errors -----------------------------------------------------------------

#[test]
fn a_gradient_through_an_op_without_derivative_is_an_error_naming_it() {
    let x = a(&[0.25, 0.5]);
    let err = ivy::grad(|x: &Array| {
        let r = ivy::random_uniform_with(ivy::opts::RandomUniform::new().low(x).high(1.0).seed(0))?;
        ivy::sum(&r)
    })(&x)
    .unwrap_err();
    assert!(
        matches!(&err, Error::NotDifferentiable { op, during } if op == "random_uniform" && during == "value_and_grad"),
        "{err}"
    );
    // Off the path to the variables, the same op is fine.
    let g = ivy::grad(|x: &Array| {
        let r = ivy::random_uniform_with(ivy::opts::RandomUniform::new().shape([2]).seed(0))?;
        ivy::sum(&ivy::add(x, &ivy::multiply(&r, 0.0)?)?)
    })(&x)
    .unwrap();
    assert_eq!(g, a(&[1.0, 1.0]));
}

#[test]
fn integer_results_are_constants() {
    let x = a(&[3.0, 1.0, 2.0]);
    let g = ivy::grad(|x: &Array| {
        let i = ivy::argmax(x)?;
        assert!(!i.is_traced());
        let mask = ivy::greater(x, 1.5)?;
        assert!(!mask.is_traced());
        ivy::sum(&ivy::r#where(&mask, x, 0)?)
    })(&x)
    .unwrap();
    assert_eq!(g, a(&[1.0, 0.0, 1.0]));
}

#[test]
fn gradients_are_per_thread() {
    let handles: Vec<_> = (0..4)
        .map(|k| {
            std::thread::spawn(move || {
                let x = Array::from_vec(vec![k as f64]);
                for _ in 0..50 {
                    let g = ivy::grad(|x: &Array| ivy::sum(&ivy::pow(x, 3)?))(&x).unwrap();
                    assert_eq!(g, Array::from_vec(vec![3.0 * (k * k) as f64]));
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
}

// --- user ops and the seed's examples ------------------------------------------

#[test]
fn the_seeds_execute_with_gradients_example() {
    // def func(xs): return ivy.mean(xs[0] + xs[1].b)
    // x = Container(a=x, b=x); y = Container(b=y, c=x); xs = [x, y]
    // execute_with_gradients(func, xs, xs_grad_idxs=[[0]], ret_grad_idxs=[["a"]])
    let arr = a(&[1.0, 2.0, 3.0]);
    let x = ivy::container! { a: arr.clone(), b: arr.clone() };
    let y = ivy::container! { b: a(&[4.0, 5.0, 6.0]), c: arr.clone() };
    let xs = vec![x, y];
    let func = |xs: &Vec<Container>| ivy::mean(&ivy::add(&xs[0], xs[1].leaf("b")?)?);
    let opts = ExecuteWithGradients::new()
        .xs_grad_idxs(Some(vec![nest_index![0]]))
        .ret_grad_idxs(Some(vec![nest_index!["a"]]));
    let (ret, grads) = ivy::execute_with_gradients_with(func, &xs, opts).unwrap();
    // func returns a container {a: mean(x + y.b), b: mean(x + y.b)} = 7 each.
    assert_eq!(ret.leaf("a").unwrap(), &Array::scalar(7.0f32));
    assert_eq!(ret.leaf("b").unwrap(), &Array::scalar(7.0f32));
    // Output "a" depends on xs[0].a; xs[0].a and xs[0].b are one array, so
    // both get d mean / d x = 1/3 each.
    let g: Container = grads.into_tree().unwrap();
    assert_eq!(g.cont_all_key_chains(), ["a/a", "a/b"]);
    for kc in ["a/a", "a/b"] {
        let v = g.leaf(kc).unwrap().to_vec::<f32>().unwrap();
        assert!(
            v.iter().all(|&e| (e - 1.0 / 3.0).abs() < 1e-7),
            "{kc}: {v:?}"
        );
    }
}

#[test]
fn the_seeds_custom_gradient_example() {
    // inter_func = log1p(exp(x)) with custom_grad_fn giving
    // upstream * (1 - 10 / (1 + x)) (what the seed's code meant);
    // func = sum(inter_func(x) ** 2) at x = 50.
    let inter = ivy::bind_custom_gradient_function(
        |x: &Array| ivy::log1p(&ivy::exp(x)?),
        |(x, _): (&Array, &Array), up: &Array| {
            ivy::multiply(up, &ivy::subtract(1, &ivy::divide(10, &ivy::add(x, 1)?)?)?)
        },
    );
    let func = |x: &Array| ivy::sum(&ivy::pow(&inter(x)?, 2)?);
    let x = Array::from_vec(vec![50.0f64]);
    let (ret, grad) = ivy::execute_with_gradients(func, &x).unwrap();
    let f = (50.0f64.exp()).ln_1p();
    assert!((ret.to_vec::<f64>().unwrap()[0] - f * f).abs() < 1e-9);
    let g = grad.leaf().unwrap().to_vec::<f64>().unwrap()[0];
    let want = 2.0 * f * (1.0 - 10.0 / 51.0);
    assert!((g - want).abs() < 1e-9, "{g} vs {want}");
}

// --- complex inputs ------------------------------------------------------------

/// PyTorch's convention: for a real loss L of z = x + iy the gradient is
/// dL/dx + i dL/dy, checked by finite differences on both parts.
#[test]
fn complex_gradients_follow_the_real_and_imaginary_derivatives() {
    use ivy::Complex64 as Complex128; // num_complex::Complex<f64>: dtype complex128
    let z0 = [Complex128::new(0.4, 0.3), Complex128::new(-0.7, 0.5)];
    let w = [Complex128::new(0.3, -1.2), Complex128::new(-0.8, 0.6)];
    for name in [
        "sin",
        "cos",
        "exp",
        "log",
        "sqrt",
        "tanh",
        "square",
        "reciprocal",
        "conj",
        "real",
        "imag",
        "abs",
        "angle",
        "negative",
        "expm1",
        "log1p",
        "sinh",
        "cosh",
    ] {
        let op = ivy::catalogue::op(name).unwrap();
        // L(z) = sum(real(f(z) * w)), in complex128.
        let loss = |z: &Array| -> ivy::Result<Array> {
            let out = op
                .call(&ivy::catalogue::CallArgs::new().arg(z.clone()))?
                .remove(0);
            let out = ivy::astype(&out, ivy::Dtype::Complex128)?;
            ivy::sum(&ivy::real(&ivy::multiply(&out, &ivy::asarray(&w[..])?)?)?)
        };
        let z = ivy::asarray(&z0[..]).unwrap();
        let g = ivy::grad(loss)(&z).unwrap().to_vec::<Complex128>().unwrap();
        let at = |k: usize, d: Complex128| -> f64 {
            let mut v = z0;
            v[k] += d;
            loss(&ivy::asarray(&v[..]).unwrap())
                .unwrap()
                .to_vec::<f64>()
                .unwrap()[0]
        };
        let h = 1e-6;
        for k in 0..2 {
            let dx = (at(k, Complex128::new(h, 0.0)) - at(k, Complex128::new(-h, 0.0))) / (2.0 * h);
            let dy = (at(k, Complex128::new(0.0, h)) - at(k, Complex128::new(0.0, -h))) / (2.0 * h);
            assert!(
                (g[k].re - dx).abs() < 1e-6 && (g[k].im - dy).abs() < 1e-6,
                "{name} at {}: tape {} vs {dx} + {dy}i",
                z0[k],
                g[k]
            );
        }
    }
}

#[test]
fn a_graph_of_a_hundred_thousand_ops_drops_without_deep_recursion() {
    // The graph lives in the pullback; dropping it frees 100,000 nodes in a
    // chain, which a recursive drop would do in 100,000 nested frames (more
    // than a test thread's stack).
    let x = a(&[1.0]);
    let (y, back) = ivy::vjp(
        |x: &Array| {
            let mut y = x.clone();
            for _ in 0..100_000 {
                y = ivy::negative(&y)?;
            }
            Ok(y)
        },
        &x,
    )
    .unwrap();
    assert_eq!(y, x);
    drop(back);
}
