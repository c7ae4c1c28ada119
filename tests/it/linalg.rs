//! Linear algebra: the identities each decomposition promises, checked on
//! random well-conditioned inputs (proptest), in float64 and complex128,
//! batched; and the errors for singular, non-square, mismatched and
//! non-positive-definite inputs, which name the op.

use ivy::{Array, Dtype, opts};
use proptest::prelude::*;

fn f64s(a: &Array) -> Vec<f64> {
    ivy::astype(a, Dtype::Float64)
        .unwrap()
        .to_vec::<f64>()
        .unwrap()
}

/// The largest absolute difference between `a` and `b` (complex: per part).
fn max_diff(a: &Array, b: &Array) -> f64 {
    assert_eq!(a.shape(), b.shape(), "shapes differ");
    let d = ivy::abs(&ivy::subtract(a, b).unwrap()).unwrap();
    f64s(&d).into_iter().fold(0.0, f64::max)
}

fn close(a: &Array, b: &Array, tol: f64) {
    let d = max_diff(a, b);
    assert!(d <= tol, "differ by {d} > {tol}:\n{a:?}\n{b:?}");
}

fn adjoint(x: &Array) -> Array {
    ivy::matrix_transpose_with(x, opts::MatrixTranspose::new().conjugate(true)).unwrap()
}

fn eye_like(n: usize, d: Dtype) -> Array {
    ivy::eye_with(n, opts::Eye::new().dtype(d)).unwrap()
}

/// A batch of `b` well-conditioned `n x n` matrices: random entries in
/// [-1, 1] plus `n` on the diagonal (diagonally dominant).
fn well_conditioned(v: &[f64], b: usize, n: usize) -> Array {
    let a = Array::from_shape_vec([b, n, n], v.to_vec()).unwrap();
    ivy::add(
        &a,
        &ivy::multiply(&eye_like(n, Dtype::Float64), n as f64).unwrap(),
    )
    .unwrap()
}

fn as_complex(re: &Array, im: &Array) -> Array {
    let i = Array::scalar(ivy::Complex64::new(0.0, 1.0));
    ivy::add(
        &ivy::astype(re, Dtype::Complex128).unwrap(),
        &ivy::multiply(&ivy::astype(im, Dtype::Complex128).unwrap(), &i).unwrap(),
    )
    .unwrap()
}

fn matrix_values(max_n: usize) -> impl Strategy<Value = (usize, usize, Vec<f64>)> {
    (1usize..=3, 1usize..=max_n).prop_flat_map(|(b, n)| {
        (
            Just(b),
            Just(n),
            prop::collection::vec(-1.0f64..1.0, b * n * n),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn inverse_solve_and_det_laws((b, n, v) in matrix_values(5), rhs in prop::collection::vec(-1.0f64..1.0, 5)) {
        let a = well_conditioned(&v, b, n);
        let i = ivy::inv(&a).unwrap();
        close(&ivy::matmul(&a, &i).unwrap(), &ivy::multiply(&eye_like(n, Dtype::Float64), &ivy::ones([b, 1, 1]).unwrap()).unwrap(), 1e-10);
        // solve with a vector and with a matrix right-hand side.
        let r = Array::from_shape_vec([n], rhs[..n].to_vec()).unwrap();
        let x = ivy::solve(&a, &r).unwrap();
        prop_assert_eq!(x.shape().dims(), &[b, n]);
        let back = ivy::squeeze_with(&ivy::matmul(&a, &ivy::expand_dims_with(&x, opts::ExpandDims::new().axis(-1)).unwrap()).unwrap(), opts::Squeeze::new().axis(-1)).unwrap();
        close(&back, &ivy::broadcast_to(&r, [b, n]).unwrap(), 1e-10);
        let m = ivy::solve(&a, &a).unwrap();
        close(&m, &ivy::multiply(&eye_like(n, Dtype::Float64), &ivy::ones([b, 1, 1]).unwrap()).unwrap(), 1e-10);
        // det(A B) = det(A) det(B); slogdet agrees with det.
        let a2 = ivy::flip_with(&a, opts::Flip::new().axis(0)).unwrap();
        let dab = ivy::det(&ivy::matmul(&a, &a2).unwrap()).unwrap();
        let prod = ivy::multiply(&ivy::det(&a).unwrap(), &ivy::det(&a2).unwrap()).unwrap();
        close(&ivy::divide(&dab, &prod).unwrap(), &ivy::ones([b]).unwrap().astype(Dtype::Float64).unwrap(), 1e-9);
        let (sign, logabs) = ivy::slogdet(&a).unwrap();
        let det = ivy::multiply(&sign, &ivy::exp(&logabs).unwrap()).unwrap();
        close(&ivy::divide(&det, &ivy::det(&a).unwrap()).unwrap(), &ivy::ones([b]).unwrap().astype(Dtype::Float64).unwrap(), 1e-10);
    }

    #[test]
    fn qr_svd_and_eigh_reconstruct((b, n, v) in matrix_values(5), extra in 0usize..3) {
        // A tall (n + extra) x n matrix, a wide one and a symmetric one.
        let m = n + extra;
        let vals: Vec<f64> = (0..b * m * n).map(|i| v[i % v.len()] + (i as f64 * 0.37).sin()).collect();
        let a = Array::from_shape_vec([b, m, n], vals).unwrap();
        for mode in ["reduced", "complete"] {
            let (q, r) = ivy::qr_with(&a, opts::Qr::new().mode(mode)).unwrap();
            close(&ivy::matmul(&q, &r).unwrap(), &a, 1e-10);
            let qc = q.shape().dims()[2];
            close(&ivy::matmul(&adjoint(&q), &q).unwrap(), &ivy::broadcast_to(&eye_like(qc, Dtype::Float64), [b, qc, qc]).unwrap(), 1e-10);
            close(&ivy::triu(&r).unwrap(), &r, 0.0);
        }
        for at in [a.clone(), adjoint(&a)] {
            let (u, s, vh) = ivy::svd_with(&at, opts::Svd::new().full_matrices(false)).unwrap();
            let sv = f64s(&s);
            let k = s.shape().dims()[1];
            for row in sv.chunks(k) {
                prop_assert!(row.windows(2).all(|w| w[0] >= w[1]) && row.iter().all(|&x| x >= 0.0));
            }
            let us = ivy::multiply(&u, &ivy::expand_dims_with(&s, opts::ExpandDims::new().axis(-2)).unwrap()).unwrap();
            close(&ivy::matmul(&us, &vh).unwrap(), &at, 1e-10);
            close(&ivy::svdvals(&at).unwrap(), &s, 1e-10);
            let (uf, _, vf) = ivy::svd(&at).unwrap();
            let (rows, cols) = (at.shape().dims()[1], at.shape().dims()[2]);
            close(&ivy::matmul(&adjoint(&uf), &uf).unwrap(), &ivy::broadcast_to(&eye_like(rows, Dtype::Float64), [b, rows, rows]).unwrap(), 1e-10);
            close(&ivy::matmul(&vf, &adjoint(&vf)).unwrap(), &ivy::broadcast_to(&eye_like(cols, Dtype::Float64), [b, cols, cols]).unwrap(), 1e-10);
        }
        let sym = ivy::add(&a.get(ivy::s![.., ..n, ..]).unwrap(), &adjoint(&a.get(ivy::s![.., ..n, ..]).unwrap())).unwrap();
        let (w, vecs) = ivy::eigh(&sym).unwrap();
        let av = ivy::matmul(&sym, &vecs).unwrap();
        let vw = ivy::multiply(&vecs, &ivy::expand_dims_with(&w, opts::ExpandDims::new().axis(-2)).unwrap()).unwrap();
        close(&av, &vw, 1e-9);
        close(&ivy::eigvalsh(&sym).unwrap(), &w, 1e-9);
        for row in f64s(&w).chunks(n) {
            prop_assert!(row.windows(2).all(|p| p[0] <= p[1]));
        }
    }

    #[test]
    fn cholesky_pinv_and_rank((b, n, v) in matrix_values(4), k in 1usize..4) {
        let a = well_conditioned(&v, b, n);
        let spd = ivy::matmul(&a, &adjoint(&a)).unwrap();
        let l = ivy::cholesky(&spd).unwrap();
        close(&ivy::tril(&l).unwrap(), &l, 0.0);
        close(&ivy::matmul(&l, &adjoint(&l)).unwrap(), &spd, 1e-9);
        let u = ivy::cholesky_with(&spd, opts::Cholesky::new().upper(true)).unwrap();
        close(&u, &adjoint(&l), 1e-12);
        // Moore-Penrose conditions on a (possibly rank-deficient) product.
        let k = k.min(n);
        let left = a.get(ivy::s![.., .., ..k]).unwrap();
        let low = ivy::matmul(&left, &adjoint(&left)).unwrap();
        let p = ivy::pinv(&low).unwrap();
        close(&ivy::matmul(&ivy::matmul(&low, &p).unwrap(), &low).unwrap(), &low, 1e-8);
        close(&ivy::matmul(&ivy::matmul(&p, &low).unwrap(), &p).unwrap(), &p, 1e-8);
        let ap = ivy::matmul(&low, &p).unwrap();
        close(&adjoint(&ap), &ap, 1e-8);
        let rank = ivy::matrix_rank(&low).unwrap();
        prop_assert_eq!(rank.to_vec::<i64>().unwrap(), vec![k as i64; b]);
    }

    #[test]
    fn complex_inverse_and_eigh((_, n, v) in matrix_values(4), w in prop::collection::vec(-1.0f64..1.0, 16)) {
        let re = well_conditioned(&v[..n * n], 1, n);
        let im = Array::from_shape_vec([1, n, n], w[..n * n].to_vec()).unwrap();
        let a = as_complex(&re, &im);
        let i = ivy::inv(&a).unwrap();
        close(&ivy::matmul(&a, &i).unwrap(), &ivy::astype(&eye_like(n, Dtype::Float64).reshape([1, n as i64, n as i64]).unwrap(), Dtype::Complex128).unwrap(), 1e-10);
        let h = ivy::add(&a, &adjoint(&a)).unwrap();
        let (ev, vecs) = ivy::eigh(&h).unwrap();
        prop_assert_eq!(ev.dtype(), Dtype::Float64);
        let vw = ivy::multiply(&vecs, &ivy::expand_dims_with(&ev, opts::ExpandDims::new().axis(-2)).unwrap()).unwrap();
        close(&ivy::matmul(&h, &vecs).unwrap(), &vw, 1e-9);
        let (s, lg) = ivy::slogdet(&a).unwrap();
        let d = ivy::det(&a).unwrap();
        close(&ivy::multiply(&s, &ivy::exp(&lg).unwrap()).unwrap(), &d, 1e-8 * f64s(&ivy::abs(&d).unwrap())[0].max(1.0));
    }
}

#[test]
fn eig_of_a_rotation_and_a_triangular_matrix() {
    let (w, v) = ivy::eig(&ivy::array![[2.0, 1.0], [0.0, 3.0]]).unwrap();
    assert_eq!(w.dtype(), Dtype::Complex64);
    let a = ivy::astype(&ivy::array![[2.0, 1.0], [0.0, 3.0]], Dtype::Complex64).unwrap();
    let vw = ivy::multiply(
        &v,
        &ivy::expand_dims_with(&w, opts::ExpandDims::new().axis(-2)).unwrap(),
    )
    .unwrap();
    close(&ivy::matmul(&a, &v).unwrap(), &vw, 1e-5);
    let mut re = f64s(&ivy::real(&w).unwrap());
    re.sort_by(f64::total_cmp);
    assert_eq!(re, vec![2.0, 3.0]);
    let w2 = ivy::eigvals(&ivy::array![[0.0f64, -1.0], [1.0, 0.0]]).unwrap();
    assert_eq!(w2.dtype(), Dtype::Complex128);
}

#[test]
fn norms_powers_and_products() {
    let x = ivy::array![[1.0f64, -2.0], [3.0, 4.0]];
    let s = f64s(&ivy::svdvals(&x).unwrap());
    let norm =
        |ord: &str| f64s(&ivy::matrix_norm_with(&x, opts::MatrixNorm::new().ord(ord)).unwrap())[0];
    assert!((norm("fro") - 30f64.sqrt()).abs() < 1e-12);
    assert!((norm("nuc") - (s[0] + s[1])).abs() < 1e-12);
    assert!((norm("2") - s[0]).abs() < 1e-12);
    assert!((norm("-2") - s[1]).abs() < 1e-12);
    assert_eq!(
        (norm("1"), norm("-1"), norm("inf"), norm("-inf")),
        (6.0, 4.0, 7.0, 3.0)
    );
    // s0 s1 = |det| = 10.
    assert!((s[0] * s[1] - 10.0).abs() < 1e-12);
    let p = ivy::matrix_power(&x, 5).unwrap();
    let mut q = x.clone();
    for _ in 0..4 {
        q = ivy::matmul(&q, &x).unwrap();
    }
    close(&p, &q, 1e-9);
    close(
        &ivy::matmul(
            &ivy::matrix_power(&x, -2).unwrap(),
            &ivy::matrix_power(&x, 2).unwrap(),
        )
        .unwrap(),
        &eye_like(2, Dtype::Float64),
        1e-12,
    );
    let k = ivy::kron(&ivy::array![[1, 2], [3, 4]], &ivy::array![[0, 1], [1, 0]]).unwrap();
    assert_eq!(
        k,
        ivy::array![[0, 1, 0, 2], [1, 0, 2, 0], [0, 3, 0, 4], [3, 0, 4, 0]]
    );
    let a = ivy::arange(24).unwrap().reshape([2, 3, 4]).unwrap();
    let b = ivy::arange(12).unwrap().reshape([4, 3]).unwrap();
    let t = ivy::tensordot_with(&a, &b, opts::Tensordot::new().axes(1)).unwrap();
    assert_eq!(t, ivy::matmul(&a, &b).unwrap());
    let t2 = ivy::tensordot_with(
        &a,
        &b,
        opts::Tensordot::new().x1_axes([1, 2]).x2_axes([1, 0]),
    )
    .unwrap();
    assert_eq!(t2.shape().dims(), &[2]);
    assert_eq!(
        t2.to_vec::<i32>().unwrap()[0],
        (0..12).map(|i| i * ((i % 4) * 3 + i / 4)).sum::<i32>()
    );
    // NumPy's pair-of-lists `axes` is the keyword pair; a number n is the
    // pair (last n axes of x1, first n of x2).
    let pair = ivy::tensordot_with(&a, &b, opts::Tensordot::new().axes(([1, 2], [1, 0]))).unwrap();
    assert_eq!(pair, t2);
    let c3 = ivy::arange(24).unwrap().reshape([3, 4, 2]).unwrap();
    let n2 = ivy::tensordot_with(&a, &c3, opts::Tensordot::new().axes(2)).unwrap();
    let p2 = ivy::tensordot_with(&a, &c3, opts::Tensordot::new().axes(([1, 2], [0, 1]))).unwrap();
    assert_eq!(n2, p2);
    let neg =
        ivy::tensordot_with(&a, &c3, opts::Tensordot::new().axes(([-2, -1], [0, 1]))).unwrap();
    assert_eq!(neg, p2);
    for bad in [
        opts::Tensordot::new().axes(([2], [0])), // lengths 4 and 3 differ
        opts::Tensordot::new().axes(([1, 2], [0])), // one axis against two
        opts::Tensordot::new().axes(([1, 1], [0, 0])), // repeated axes
        opts::Tensordot::new().axes(([5], [0])), // out of range
        opts::Tensordot::new().axes(-1),
    ] {
        let e = ivy::tensordot_with(&a, &c3, bad).unwrap_err();
        assert!(e.to_string().contains("tensordot"), "{e}");
    }
    let c = ivy::cross(&ivy::array![[1, 2, 3]], &ivy::array![4, 5, 6]).unwrap();
    assert_eq!(c, ivy::array![[-3, 6, -3]]);
    let sk = ivy::vector_to_skew_symmetric_matrix(&ivy::array![1.0, 2.0, 3.0]).unwrap();
    // skew(a) b = a x b.
    let via = ivy::matmul(&sk, &ivy::array![4.0, 5.0, 6.0]).unwrap();
    assert_eq!(via, ivy::array![-3.0, 6.0, -3.0]);
    assert_eq!(
        ivy::inner(&ivy::array![[1, 2], [3, 4]], &ivy::array![1, 1]).unwrap(),
        ivy::array![3, 7]
    );
    assert_eq!(
        ivy::multi_dot([
            &ivy::array![1, 1],
            &ivy::array![[1, 2], [3, 4]],
            &ivy::array![1, 0]
        ])
        .unwrap()
        .item()
        .unwrap(),
        ivy::Scalar::Int(4)
    );
    let d = ivy::diag_with(&ivy::array![1, 2], opts::Diag::new().k(-1)).unwrap();
    assert_eq!(d, ivy::array![[0, 0, 0], [1, 0, 0], [0, 2, 0]]);
    assert_eq!(
        ivy::vander(&ivy::array![0, 2]).unwrap(),
        ivy::array![[0, 1], [2, 1]]
    );
}

#[test]
fn gradients_of_det_and_inverse() {
    // d det(A) / dA = det(A) A^-T.
    let a = ivy::array![[2.0f64, 1.0], [1.0, 3.0]];
    let g = ivy::grad(|x: &Array| ivy::det(x))(&a).unwrap();
    let expected =
        ivy::multiply(&ivy::matrix_transpose(&ivy::inv(&a).unwrap()).unwrap(), 5.0).unwrap();
    close(&g, &expected, 1e-12);
    // d logdet / dA through cholesky: sum(log(diag(L))) * 2 = log det.
    let logdet = |x: &Array| -> ivy::Result<Array> {
        let l = ivy::cholesky(x)?;
        ivy::multiply(&ivy::sum(&ivy::log(&ivy::diagonal(&l)?)?)?, 2.0)
    };
    let gl = ivy::grad(logdet)(&a).unwrap();
    // The lower triangle carries the symmetric gradient: 2 A^-1 below the
    // diagonal, A^-1 on it.
    let inv = f64s(&ivy::inv(&a).unwrap());
    close(
        &gl,
        &Array::from_shape_vec([2, 2], vec![inv[0], 0.0, 2.0 * inv[2], inv[3]]).unwrap(),
        1e-10,
    );
}

fn err_of(r: ivy::Result<Array>) -> String {
    r.expect_err("an error").to_string()
}

#[test]
fn bad_inputs_are_errors_naming_the_op() {
    let singular = ivy::array![[1.0, 2.0], [2.0, 4.0]];
    assert!(err_of(ivy::inv(&singular)).contains("inv"));
    assert!(err_of(ivy::inv(&singular)).contains("singular"));
    assert!(err_of(ivy::solve(&singular, &ivy::array![1.0, 1.0])).contains("solve"));
    let rect = ivy::zeros([2, 3]).unwrap();
    for (op, e) in [
        ("inv", err_of(ivy::inv(&rect))),
        ("det", err_of(ivy::det(&rect))),
        ("cholesky", err_of(ivy::cholesky(&rect))),
        ("eigh", err_of(ivy::eigh(&rect).map(|p| p.0))),
        ("eigvals", err_of(ivy::eigvals(&rect))),
        ("matrix_power", err_of(ivy::matrix_power(&rect, 2))),
    ] {
        assert!(e.contains(op) && e.contains("(2, 3)"), "{e}");
    }
    let e = err_of(ivy::solve(&ivy::eye(2).unwrap(), &ivy::ones([3]).unwrap()));
    assert!(e.contains("solve") && e.contains("rows"), "{e}");
    let e = err_of(ivy::cholesky(&ivy::array![[1.0, 2.0], [2.0, 1.0]]));
    assert!(
        e.contains("cholesky") && e.contains("positive definite"),
        "{e}"
    );
    let e = err_of(ivy::qr_with(&rect, opts::Qr::new().mode("raw")).map(|p| p.0));
    assert!(e.contains("qr") && e.contains("raw"), "{e}");
    let e = err_of(ivy::matrix_norm_with(
        &rect,
        opts::MatrixNorm::new().ord("3"),
    ));
    assert!(e.contains("matrix_norm"), "{e}");
    assert!(err_of(ivy::det(&ivy::array![1.0, 2.0])).contains("det"));
    assert!(err_of(ivy::inv(&ivy::array![[1, 2], [3, 4]])).contains("inv"));
    assert!(err_of(ivy::cross(&ivy::array![1, 2], &ivy::array![3, 4])).contains("cross"));
    assert!(
        err_of(ivy::tensordot(
            &ivy::ones([2, 3]).unwrap(),
            &ivy::ones([3, 2]).unwrap()
        ))
        .contains("tensordot")
    );
    // A singular matrix has slogdet (0, -inf) and det 0, as NumPy.
    let (s, l) = ivy::slogdet(&singular).unwrap();
    assert_eq!((f64s(&s)[0], f64s(&l)[0]), (0.0, f64::NEG_INFINITY));
    assert_eq!(f64s(&ivy::det(&singular).unwrap())[0], 0.0);
}

#[test]
fn empty_and_batched_shapes() {
    let e = ivy::zeros([0, 3, 3]).unwrap();
    assert_eq!(ivy::inv(&e).unwrap().shape().dims(), &[0, 3, 3]);
    assert_eq!(ivy::det(&e).unwrap().shape().dims(), &[0]);
    let (u, s, vh) = ivy::svd(&ivy::zeros([2, 0, 3]).unwrap()).unwrap();
    assert_eq!(
        (u.shape().dims(), s.shape().dims(), vh.shape().dims()),
        (&[2, 0, 0][..], &[2, 0][..], &[2, 3, 3][..])
    );
    let b = ivy::solve(
        &ivy::broadcast_to(&ivy::eye(2).unwrap(), [3, 2, 2]).unwrap(),
        &ivy::ones([2, 1]).unwrap(),
    )
    .unwrap();
    assert_eq!(b.shape().dims(), &[3, 2, 1]);
}

#[test]
fn qr_in_single_precision() {
    let a = ivy::array![[3.0, 0.0], [4.0, 5.0]];
    let (q, r) = ivy::qr(&a).unwrap();
    assert_eq!(f64s(&r)[0].abs(), 5.0);
    close(&ivy::matmul(&q, &r).unwrap(), &a, 1e-5);
}

#[test]
fn triangular_tensor_and_exponential() {
    let a = ivy::array![[2.0f64, 1.0, 0.5], [0.3, 3.0, -1.0], [0.2, 0.1, 4.0]];
    let b = ivy::array![1.0f64, 2.0, 3.0];
    // The upper triangle only, then the lower with a unit diagonal, then
    // the adjoint of the upper one: each is solve on that matrix.
    let up = ivy::solve_triangular(&a, &b).unwrap();
    close(
        &up,
        &ivy::solve(&ivy::triu(&a).unwrap(), &b).unwrap(),
        1e-14,
    );
    let lo = ivy::solve_triangular_with(
        &a,
        &b,
        opts::SolveTriangular::new()
            .upper(false)
            .unit_diagonal(true),
    )
    .unwrap();
    let unit = ivy::add(
        &ivy::tril_with(&a, opts::Tril::new().k(-1)).unwrap(),
        &eye_like(3, Dtype::Float64),
    )
    .unwrap();
    close(&lo, &ivy::solve(&unit, &b).unwrap(), 1e-14);
    let adj =
        ivy::solve_triangular_with(&a, &b, opts::SolveTriangular::new().adjoint(true)).unwrap();
    close(
        &ivy::matmul(&adjoint(&ivy::triu(&a).unwrap()), &adj).unwrap(),
        &b,
        1e-13,
    );
    // tensorsolve: tensordot(a, x, x.ndim) = b.
    let t = ivy::reshape(
        &ivy::add(
            &ivy::reshape(
                &ivy::arange(36).unwrap().astype(Dtype::Float64).unwrap(),
                [6, 6],
            )
            .unwrap(),
            &ivy::multiply(&eye_like(6, Dtype::Float64), 40.0).unwrap(),
        )
        .unwrap(),
        [2, 3, 3, 2],
    )
    .unwrap();
    let rhs = ivy::array![[1.0f64, 2.0, 3.0], [4.0, 5.0, 6.0]];
    let x = ivy::tensorsolve(&t, &rhs).unwrap();
    assert_eq!(x.shape().dims(), &[3, 2]);
    close(&ivy::tensordot(&t, &x).unwrap(), &rhs, 1e-12);
    // exp(A) exp(-A) = I; exp of a diagonal is the exponential of each entry;
    // exp of a nilpotent N is I + N.
    let e = ivy::matrix_exp(&a).unwrap();
    let em = ivy::matrix_exp(&ivy::negative(&a).unwrap()).unwrap();
    close(
        &ivy::matmul(&e, &em).unwrap(),
        &eye_like(3, Dtype::Float64),
        1e-10,
    );
    let d = ivy::matrix_exp(&ivy::diag(&ivy::array![1.0f64, -2.0]).unwrap()).unwrap();
    close(
        &d,
        &ivy::diag(&Array::from_shape_vec([2], vec![1f64.exp(), (-2f64).exp()]).unwrap()).unwrap(),
        1e-14,
    );
    let n = ivy::array![[0.0f64, 5.0], [0.0, 0.0]];
    close(
        &ivy::matrix_exp(&n).unwrap(),
        &ivy::array![[1.0f64, 5.0], [0.0, 1.0]],
        1e-13,
    );
    assert!(
        ivy::matrix_exp(&ivy::zeros([2, 3]).unwrap())
            .unwrap_err()
            .to_string()
            .contains("matrix_exp")
    );
    assert!(
        ivy::tensorsolve(&ivy::zeros([2, 3]).unwrap(), &ivy::zeros([2]).unwrap())
            .unwrap_err()
            .to_string()
            .contains("tensorsolve")
    );
}

/// `x * 2^k` in the dtype of `x` (exact for results in range).
fn pow2(x: &Array, k: i32) -> Array {
    let c = ivy::astype(&Array::scalar(2f64.powi(k)), x.dtype()).unwrap();
    let y = ivy::multiply(x, &c).unwrap();
    assert_eq!(y.dtype(), x.dtype());
    y
}

/// `got` within `tol` of `want`, relative to the largest magnitude of
/// `want` (at least 1).
fn near(got: &Array, want: &Array, tol: f64) {
    let scale = f64s(&ivy::abs(want).unwrap())
        .into_iter()
        .fold(1.0, f64::max);
    close(got, want, tol * scale);
}

/// A batch of `b` well-conditioned `m x n` matrices in `dtype`: entries
/// in [-1, 1] plus `max(m, n)` on the main diagonal; complex ones take
/// their imaginary parts from the values read backwards.
fn rectangular(v: &[f64], b: usize, m: usize, n: usize, dtype: Dtype) -> Array {
    let len = b * m * n;
    let part = |vals: Vec<f64>| {
        let a = Array::from_shape_vec([b, m, n], vals).unwrap();
        let eye = ivy::eye_with(m, opts::Eye::new().n_cols(n).dtype(Dtype::Float64)).unwrap();
        ivy::add(&a, &ivy::multiply(&eye, m.max(n) as f64).unwrap()).unwrap()
    };
    let re = part(v[..len].to_vec());
    if dtype.is_complex() {
        let im = Array::from_shape_vec(
            [b, m, n],
            v[v.len() - len..].iter().rev().copied().collect(),
        )
        .unwrap();
        ivy::astype(&as_complex(&re, &im), dtype).unwrap()
    } else {
        ivy::astype(&re, dtype).unwrap()
    }
}

fn scale_case() -> impl Strategy<Value = (usize, usize, usize, Vec<f64>, i32, Dtype)> {
    (
        1usize..=2,
        1usize..=4,
        1usize..=4,
        prop::collection::vec(-1.0f64..1.0, 32),
        prop::sample::select(vec![-600, -300, -38, 0, 38, 300, 600]),
        prop::sample::select(vec![Dtype::Float64, Dtype::Float32, Dtype::Complex128]),
    )
        .prop_map(|(b, m, n, v, k, d)| {
            // float32 scales within its range (2^-126 .. 2^128).
            let k = if d == Dtype::Float32 { k / 6 } else { k };
            (b, m, n, v, k, d)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Scaling a matrix by `2^k` scales what the decompositions return by
    /// their laws, for `k` up to +-600 (float32: +-100), where products of
    /// two entries overflow or underflow.
    #[test]
    fn decompositions_follow_scaling_by_powers_of_two((b, m, n, v, k, d) in scale_case()) {
        let tol = if d == Dtype::Float32 { 1e-4 } else { 1e-12 };
        let a = rectangular(&v, b, m, n, d);
        let ak = pow2(&a, k);
        // svdvals(A 2^k) = 2^k svdvals(A), and the norms built on it.
        near(&pow2(&ivy::svdvals(&ak).unwrap(), -k), &ivy::svdvals(&a).unwrap(), tol);
        let (u, s, vh) = ivy::svd_with(&ak, opts::Svd::new().full_matrices(false)).unwrap();
        near(&pow2(&s, -k), &ivy::svdvals(&a).unwrap(), tol);
        let us = ivy::multiply(&u, &ivy::expand_dims_with(&pow2(&s, -k), opts::ExpandDims::new().axis(-2)).unwrap()).unwrap();
        near(&ivy::matmul(&us, &vh).unwrap(), &a, tol);
        for ord in ["2", "-2", "nuc"] {
            let o = opts::MatrixNorm::new().ord(ord);
            near(&pow2(&ivy::matrix_norm_with(&ak, o.clone()).unwrap(), -k), &ivy::matrix_norm_with(&a, o).unwrap(), tol);
        }
        prop_assert_eq!(ivy::matrix_rank(&ak).unwrap().to_vec::<i64>().unwrap(), vec![m.min(n) as i64; b]);
        near(&pow2(&ivy::pinv(&ak).unwrap(), k), &ivy::pinv(&a).unwrap(), tol);
        // QR: R scales, Q does not.
        let (q, r) = ivy::qr(&ak).unwrap();
        let (q0, r0) = ivy::qr(&a).unwrap();
        near(&pow2(&r, -k), &r0, tol);
        near(&q, &q0, tol);
        // Square matrices: the leading n x n block of the well-conditioned a.
        let w = rectangular(&v, b, n, n, d);
        let wk = pow2(&w, k);
        near(&pow2(&ivy::inv(&wk).unwrap(), k), &ivy::inv(&w).unwrap(), tol);
        let rhs = ivy::astype(&Array::from_shape_vec([n], v[..n].to_vec()).unwrap(), d).unwrap();
        near(&pow2(&ivy::solve(&wk, &rhs).unwrap(), k), &ivy::solve(&w, &rhs).unwrap(), tol);
        // det(W 2^k) = 2^(k n) det(W) where that is in range.
        let kn = k * n as i32;
        if kn.abs() <= if d == Dtype::Float32 { 100 } else { 900 } {
            near(&pow2(&ivy::det(&wk).unwrap(), -kn), &ivy::det(&w).unwrap(), tol);
        }
        let (sign, logabs) = ivy::slogdet(&wk).unwrap();
        let (sign0, logabs0) = ivy::slogdet(&w).unwrap();
        near(&sign, &sign0, tol);
        let shift = f64::from(kn) * std::f64::consts::LN_2;
        let back = ivy::subtract(&ivy::astype(&logabs, Dtype::Float64).unwrap(), shift).unwrap();
        // The log is rounded to the dtype at its scaled size.
        near(&back, &ivy::astype(&logabs0, Dtype::Float64).unwrap(), tol * (1.0 + shift.abs()));
        // Hermitian: eigenvalues scale by 2^k, eigenvectors do not.
        let h = ivy::add(&w, &adjoint(&w)).unwrap();
        let hk = pow2(&h, k);
        let w0 = ivy::eigvalsh(&h).unwrap();
        near(&pow2(&ivy::eigvalsh(&hk).unwrap(), -k), &w0, tol);
        let (ew, ev) = ivy::eigh(&hk).unwrap();
        near(&pow2(&ew, -k), &w0, tol);
        let vw = ivy::multiply(&ev, &ivy::expand_dims_with(&pow2(&ew, -k), opts::ExpandDims::new().axis(-2)).unwrap()).unwrap();
        near(&ivy::matmul(&h, &ev).unwrap(), &vw, tol);
        // Cholesky (k even): L(S 2^k) = 2^(k/2) L(S).
        let spd = ivy::matmul(&w, &adjoint(&w)).unwrap();
        near(&pow2(&ivy::cholesky(&pow2(&spd, k)).unwrap(), -k / 2), &ivy::cholesky(&spd).unwrap(), tol);
    }
}

#[test]
fn svd_of_matrices_near_the_ends_of_the_range() {
    // [[1, 1, 0], [0, 1, 1]] A^T = [[2, 1], [1, 2]]: singular values
    // sqrt(3) and 1 (faer's SVD alone did not converge at 1e200 and gave
    // 2.29e-200 and 2.24e-200 at 1e-200).
    for c in [1e200, 1e-200, 1e300, 1e-300, f64::MIN_POSITIVE / 4.0] {
        let a = ivy::multiply(&ivy::array![[1.0f64, 1.0, 0.0], [0.0, 1.0, 1.0]], c).unwrap();
        let want = [3f64.sqrt() * c, c];
        for s in [ivy::svdvals(&a).unwrap(), ivy::svd(&a).unwrap().1] {
            let got = f64s(&s);
            for (g, w) in got.iter().zip(want) {
                assert!(((g - w) / w).abs() < 1e-14, "{c}: {got:?}");
            }
        }
    }
    for c in [1e30f32, 1e-30] {
        let a = ivy::multiply(&ivy::array![[1.0f32, 1.0, 0.0], [0.0, 1.0, 1.0]], c).unwrap();
        let got = f64s(&ivy::svdvals(&a).unwrap());
        let want = [3f64.sqrt() * f64::from(c), f64::from(c)];
        for (g, w) in got.iter().zip(want) {
            assert!(((g - w) / w).abs() < 1e-6, "{c}: {got:?}");
        }
    }
    // Norms and rank built on svdvals.
    let a = ivy::array![[1e200f64, 1e200, 0.0], [0.0, 1e200, 1e200]];
    let two = f64s(&ivy::matrix_norm_with(&a, opts::MatrixNorm::new().ord("2")).unwrap())[0];
    assert!((two / (3f64.sqrt() * 1e200) - 1.0).abs() < 1e-14);
    assert_eq!(
        ivy::matrix_rank(&a).unwrap().to_vec::<i64>().unwrap(),
        vec![2]
    );
}
