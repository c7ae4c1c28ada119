//! Array API functions written over indexing and the existing ops (`take`,
//! `take_along_axis`, `moveaxis`, `diff`, `signbit`, `count_nonzero`,
//! `cumulative_sum`/`cumulative_prod`, `isclose`/`allclose`, `logspace`),
//! against values worked out by hand.

use ivy::Array;

fn i32s(a: &Array) -> Vec<i32> {
    a.to_vec::<i32>().unwrap()
}

fn grid(shape: &[usize]) -> Array {
    let n: usize = shape.iter().product();
    Array::from_shape_vec(shape.to_vec(), (0..n as i32).collect::<Vec<_>>()).unwrap()
}

#[test]
fn take_selects_along_an_axis_or_the_flattened_array() {
    let x = grid(&[2, 3]);
    assert_eq!(i32s(&ivy::take(&x, &ivy::array![-1, 0]).unwrap()), [5, 0]);
    let t = ivy::take_with(&x, &ivy::array![[2], [0]], ivy::opts::Take::new().axis(1)).unwrap();
    assert_eq!(t.shape().dims(), &[2, 2, 1]);
    assert_eq!(i32s(&t), [2, 0, 5, 3]);
    let e = ivy::take_with(&x, &ivy::array![3], ivy::opts::Take::new().axis(1)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "take: index 3 is out of bounds for axis 1 with size 3 (in get_item)"
    );
}

#[test]
fn take_along_axis_pairs_positions() {
    let x = ivy::array![[4, 1, 3], [9, 7, 8]];
    let i = ivy::array![[1, 2], [0, 0]];
    let t = ivy::take_along_axis(&x, &i).unwrap();
    assert_eq!(i32s(&t), [1, 3, 9, 9]);
    // Broadcast along the other axis: one row of indices for both rows.
    let b = ivy::take_along_axis(&x, &ivy::array![[2]]).unwrap();
    assert_eq!(i32s(&b), [3, 8]);
    assert!(ivy::take_along_axis(&x, &ivy::array![1]).is_err());
}

#[test]
fn moveaxis_keeps_the_other_axes_in_order() {
    let x = grid(&[2, 3, 4, 5]);
    let m = ivy::moveaxis(&x, [3, 0], [0, 1]).unwrap();
    assert_eq!(m.shape().dims(), &[5, 2, 3, 4]);
    // m[e, a, b, c] = x[a, b, c, e]
    assert_eq!(
        m.get(ivy::s![4, 1, 2, 3]).unwrap().item().unwrap(),
        x.get(ivy::s![1, 2, 3, 4]).unwrap().item().unwrap()
    );
    assert!(ivy::moveaxis(&x, [0], [1, 2]).is_err());
    assert!(ivy::moveaxis(&x, 4, 0).is_err());
}

#[test]
fn diff_differences_repeatedly_with_pre_and_appended_values() {
    let x = ivy::array![[1.0, 4.0, 9.0, 16.0], [0.0, 0.0, 1.0, 0.0]];
    let d = ivy::diff(&x).unwrap();
    assert_eq!(d.to_vec::<f32>().unwrap(), [3.0, 5.0, 7.0, 0.0, 1.0, -1.0]);
    let d2 = ivy::diff_with(&x, ivy::opts::Diff::new().n(2usize)).unwrap();
    assert_eq!(d2.to_vec::<f32>().unwrap(), [2.0, 2.0, 1.0, -2.0]);
    let d0 = ivy::diff_with(&x, ivy::opts::Diff::new().axis(0)).unwrap();
    assert_eq!(d0.to_vec::<f32>().unwrap(), [-1.0, -4.0, -8.0, -16.0]);
    let a = ivy::diff_with(
        &x,
        ivy::opts::Diff::new().append(ivy::array![[20.0], [2.0]]),
    )
    .unwrap();
    assert_eq!(a.shape().dims(), &[2, 4]);
    assert!(ivy::diff(&Array::scalar(1.0f32)).is_err());
    // Differentiable through get_item: d/dx sum(diff(x)) = [-1, 0, 0, 1].
    let g =
        ivy::grad(|x: &Array| ivy::sum(&ivy::diff(x)?))(&ivy::array![1.0, 5.0, 2.0, 0.0]).unwrap();
    assert_eq!(g.to_vec::<f32>().unwrap(), [-1.0, 0.0, 0.0, 1.0]);
}

#[test]
fn signbit_sees_negative_zero_and_nan_signs() {
    let x = Array::from_vec(vec![
        -0.0f64,
        0.0,
        -f64::NAN,
        f64::NAN,
        -1e-300,
        f64::INFINITY,
    ]);
    assert_eq!(
        ivy::signbit(&x).unwrap().to_vec::<bool>().unwrap(),
        [true, false, true, false, true, false]
    );
    assert_eq!(
        ivy::signbit(&ivy::array![0u8, 7])
            .unwrap()
            .to_vec::<bool>()
            .unwrap(),
        [false, false]
    );
}

#[test]
fn count_nonzero_counts_per_axis() {
    let x = ivy::array![[true, false], [true, true]];
    assert_eq!(
        ivy::count_nonzero(&x).unwrap().to_vec::<i64>().unwrap(),
        [3]
    );
    let k = ivy::count_nonzero_with(
        &ivy::array![[0.0, -0.0, f64::NAN]],
        ivy::opts::CountNonzero::new().axis(1).keepdims(true),
    )
    .unwrap();
    assert_eq!(k.shape().dims(), &[1, 1]);
    assert_eq!(k.to_vec::<i64>().unwrap(), [1]);
}

#[test]
fn cumulative_sum_and_prod_with_initial_values() {
    let x = ivy::array![[1, 2], [3, 4]];
    let s = ivy::cumulative_sum_with(
        &x,
        ivy::opts::CumulativeSum::new()
            .axis(0)
            .include_initial(true),
    )
    .unwrap();
    assert_eq!(s.shape().dims(), &[3, 2]);
    assert_eq!(i32s(&s), [0, 0, 1, 2, 4, 6]);
    let p = ivy::cumulative_prod_with(&x, ivy::opts::CumulativeProd::new().axis(-1)).unwrap();
    assert_eq!(i32s(&p), [1, 2, 3, 12]);
    assert!(ivy::cumulative_sum(&x).is_err());
}

#[test]
fn isclose_follows_numpy_tolerances() {
    let a = Array::from_vec(vec![1e10f64, 1e-8, f64::INFINITY, f64::INFINITY, 0.0]);
    let b = Array::from_vec(vec![
        1.00001e10f64,
        1e-9,
        f64::INFINITY,
        f64::NEG_INFINITY,
        1e-9,
    ]);
    assert_eq!(
        ivy::isclose(&a, &b).unwrap().to_vec::<bool>().unwrap(),
        [true, true, true, false, true]
    );
    // Integers compare as floats (no wrapping of unsigned differences).
    assert_eq!(
        ivy::isclose(&ivy::array![1u8, 200], &ivy::array![2u8, 200])
            .unwrap()
            .to_vec::<bool>()
            .unwrap(),
        [false, true]
    );
    assert_eq!(
        ivy::allclose(&a, &b).unwrap().item().unwrap(),
        ivy::Scalar::Bool(false)
    );
}

#[test]
fn logspace_raises_the_base() {
    let x = ivy::logspace_with(
        1,
        -1,
        3usize,
        ivy::opts::Logspace::new().dtype(ivy::Dtype::Float64),
    )
    .unwrap();
    assert_eq!(x.to_vec::<f64>().unwrap(), [10.0, 1.0, 0.1]);
    // In an integer dtype the exponents are integers too.
    let i = ivy::logspace_with(
        0,
        2,
        3usize,
        ivy::opts::Logspace::new().dtype(ivy::Dtype::Int32),
    )
    .unwrap();
    assert_eq!(i32s(&i), [1, 10, 100]);
}

#[test]
fn nextafter_steps_one_ulp_in_every_float_dtype() {
    let x = Array::from_vec(vec![1.0f64, 1.0, 0.0, -0.0, f64::MAX, 5.0, f64::NAN]);
    let y = Array::from_vec(vec![2.0f64, 0.0, 1.0, -1.0, f64::INFINITY, 5.0, 0.0]);
    let n = ivy::nextafter(&x, &y).unwrap().to_vec::<f64>().unwrap();
    assert_eq!(n[0], 1.0 + f64::EPSILON);
    assert_eq!(n[1], 1.0 - f64::EPSILON / 2.0);
    assert_eq!(n[2], f64::from_bits(1));
    assert_eq!(n[3].to_bits(), (-f64::from_bits(1)).to_bits());
    assert_eq!(n[4], f64::INFINITY);
    assert_eq!(n[5], 5.0);
    assert!(n[6].is_nan());
    let h = ivy::nextafter(
        &Array::from_vec(vec![ivy::f16::from_f32(1.0)]),
        &Array::from_vec(vec![ivy::f16::from_f32(-3.0)]),
    )
    .unwrap()
    .to_vec::<ivy::f16>()
    .unwrap();
    assert_eq!(h[0], ivy::f16::from_f32(1.0 - 0.00048828125));
    let b = ivy::nextafter(
        &Array::from_vec(vec![ivy::bf16::from_f32(-2.0)]),
        &Array::from_vec(vec![ivy::bf16::from_f32(-3.0)]),
    )
    .unwrap()
    .to_vec::<ivy::bf16>()
    .unwrap();
    assert_eq!(b[0], ivy::bf16::from_f32(-2.015625));
}

#[test]
fn searchsorted_finds_insertion_points() {
    let x1 = Array::from_vec(vec![1.0f64, 2.0, 2.0, 3.0, f64::NAN]);
    let v = ivy::array![[0.5, 2.0], [3.5, f64::NAN]];
    let l = ivy::searchsorted(&x1, &v).unwrap();
    assert_eq!(l.shape().dims(), &[2, 2]);
    assert_eq!(l.to_vec::<i64>().unwrap(), [0, 1, 4, 4]);
    let r = ivy::searchsorted_with(&x1, &v, ivy::opts::Searchsorted::new().side("right")).unwrap();
    assert_eq!(r.to_vec::<i64>().unwrap(), [0, 3, 4, 5]);
    // Promotion: integer x1, float x2.
    let p = ivy::searchsorted(&ivy::array![1, 3], &ivy::array![2.5]).unwrap();
    assert_eq!(p.to_vec::<i64>().unwrap(), [1]);
    assert!(ivy::searchsorted(&ivy::array![[1, 2]], &ivy::array![1]).is_err());
    assert!(
        ivy::searchsorted_with(
            &ivy::array![1, 2],
            &ivy::array![1],
            ivy::opts::Searchsorted::new().side("middle")
        )
        .is_err()
    );
    assert!(
        ivy::searchsorted_with(
            &ivy::array![1, 2],
            &ivy::array![1],
            ivy::opts::Searchsorted::new().sorter(ivy::array![0, 2])
        )
        .is_err()
    );
}

#[test]
fn unique_functions_agree_with_a_hand_count() {
    let x = Array::from_shape_vec(
        [2, 4],
        vec![4.0f64, -1.0, 4.0, f64::NAN, 0.0, -1.0, f64::NAN, 4.0],
    )
    .unwrap();
    let (values, indices, inverse, counts) = ivy::unique_all(&x).unwrap();
    let v = values.to_vec::<f64>().unwrap();
    assert_eq!(&v[..3], &[-1.0, 0.0, 4.0]);
    assert!(v[3].is_nan() && v[4].is_nan() && v.len() == 5);
    assert_eq!(indices.to_vec::<i64>().unwrap(), [1, 4, 0, 3, 6]);
    assert_eq!(inverse.shape().dims(), &[2, 4]);
    assert_eq!(inverse.to_vec::<i64>().unwrap(), [2, 0, 2, 3, 1, 0, 4, 2]);
    assert_eq!(counts.to_vec::<i64>().unwrap(), [2, 1, 3, 1, 1]);
    let (_, c) = ivy::unique_counts(&ivy::array![7u8, 7, 7]).unwrap();
    assert_eq!(c.to_vec::<i64>().unwrap(), [3]);
    // Empty input, and bool refused.
    let e = ivy::unique_values(&ivy::zeros([0, 3]).unwrap()).unwrap();
    assert_eq!(e.shape().dims(), &[0]);
    assert!(ivy::unique_values(&ivy::array![true, false]).is_err());
}

#[test]
fn isin_checks_membership_with_promotion_and_nan() {
    let e = Array::from_vec(vec![1.5f64, 2.0, f64::NAN, -3.0]);
    let t = ivy::array![[2, -3], [7, 2]];
    assert_eq!(
        ivy::isin(&e, &t).unwrap().to_vec::<bool>().unwrap(),
        [false, true, false, true]
    );
    let none = ivy::isin(&e, &Array::from_vec(Vec::<f64>::new())).unwrap();
    assert_eq!(none.to_vec::<bool>().unwrap(), [false; 4]);
    // Beyond the largest test element.
    let big = ivy::isin(&ivy::array![100], &ivy::array![1, 2]).unwrap();
    assert_eq!(big.to_vec::<bool>().unwrap(), [false]);
}

#[test]
fn gather_with_batch_axes_matches_a_loop() {
    // params (2, 3, 4), indices (2, 2), axis 2, batch_dims 1:
    // out[i, j, k] = params[i, j, indices[i, k]], shape (2, 3, 2).
    let p = grid(&[2, 3, 4]);
    let idx = ivy::array![[3, 0], [1, 1]];
    let g = ivy::gather_with(
        &p,
        &idx,
        ivy::opts::Gather::new().axis(2).batch_dims(1usize),
    )
    .unwrap();
    assert_eq!(g.shape().dims(), &[2, 3, 2]);
    let pv = i32s(&p);
    let iv = [[3usize, 0], [1, 1]];
    let mut want = Vec::new();
    for i in 0..2 {
        for j in 0..3 {
            for k in 0..2 {
                want.push(pv[i * 12 + j * 4 + iv[i][k]]);
            }
        }
    }
    assert_eq!(i32s(&g), want);
    // batch_dims 0 is take along the axis; bad batch axes are errors.
    let t = ivy::gather_with(&p, &ivy::array![0], ivy::opts::Gather::new().axis(1)).unwrap();
    assert_eq!(t.shape().dims(), &[2, 1, 4]);
    assert!(
        ivy::gather_with(
            &p,
            &ivy::array![[0], [0], [0]],
            ivy::opts::Gather::new().batch_dims(1usize)
        )
        .is_err()
    );
    assert!(
        ivy::gather_with(
            &p,
            &idx,
            ivy::opts::Gather::new().axis(0).batch_dims(1usize)
        )
        .is_err()
    );
}
