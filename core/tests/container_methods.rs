//! Integration tests of the Container structure methods that need arrays
//! (deep copy, unstack/split into containers, reshape_like, and the
//! einops-style rearrange of `cont_restructure`).

extern crate ivy_ndarray;

use ivy_core::container::{Restructure, UnstackOptions};
use ivy_core::{Array, Container, Result};

fn arr(shape: &[usize], v: Vec<i32>) -> Array {
    match Array::from_shape_vec(shape.to_vec(), v) {
        Ok(a) => a,
        Err(e) => panic!("bad test array: {e}"),
    }
}

fn err_text<T>(r: Result<T>) -> String {
    match r {
        Ok(_) => panic!("expected an error"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn deep_copy_copies_buffers() {
    let a = arr(&[2], vec![1, 2]);
    let x = Container::from_key_chains([("a", a.clone()), ("b/c", a.clone())]).unwrap_or_default();
    let d = x.cont_deep_copy().unwrap_or_default();
    assert_eq!(d, x);
    for (kc, leaf) in d.cont_to_iterator() {
        assert!(!leaf.shares_data_with(&a), "{kc} shares its buffer");
    }
    assert!(
        x.cont_copy()
            .leaf("b/c")
            .is_ok_and(|l| l.shares_data_with(&a))
    );
}

#[test]
fn unstack_and_split_conts() {
    let x = Container::from_key_chains([
        ("a", arr(&[2, 3], vec![1, 2, 3, 4, 5, 6])),
        ("b/c", arr(&[2], vec![7, 8])),
    ])
    .unwrap_or_default();
    let parts = x.cont_unstack_conts(0).unwrap_or_default();
    assert_eq!(parts.len(), 2);
    assert_eq!(parts[0].leaf("a").ok(), Some(&arr(&[3], vec![1, 2, 3])));
    assert_eq!(parts[1].leaf("b/c").ok().map(|l| l.shape().ndim()), Some(0));
    let o = UnstackOptions {
        keepdims: true,
        dim_size: Some(1),
    };
    let parts = x.cont_unstack_conts_with(0, o).unwrap_or_default();
    assert_eq!(parts.len(), 1);
    assert_eq!(parts[0].leaf("b/c").ok(), Some(&arr(&[1], vec![7])));
    let o = UnstackOptions {
        keepdims: false,
        dim_size: Some(3),
    };
    assert_eq!(
        err_text(x.cont_unstack_conts_with(0, o)),
        "cont_unstack_conts: key chain `a`: the leaf has 2 slices along axis 0, fewer than dim_size 3"
    );
    assert!(err_text(x.cont_unstack_conts(1)).starts_with("at key chain `b/c`: "));
    let parts = x.split_conts().unwrap_or_default();
    assert_eq!(parts.len(), 2);
    assert_eq!(parts[1].leaf("a").ok(), Some(&arr(&[1, 3], vec![4, 5, 6])));
    let o = ivy_core::opts::Split::new()
        .num_or_size_splits(3usize)
        .axis(-1);
    assert!(err_text(x.split_conts_with(o)).starts_with("at key chain `b/c`: "));
    assert!(
        Container::<Array>::new()
            .cont_unstack_conts(0)
            .is_ok_and(|v| v.is_empty())
    );
}

#[test]
fn split_conts_reports_a_leaf_with_a_different_number_of_parts() {
    let x = Container::from_key_chains([
        ("a", arr(&[4], vec![1, 2, 3, 4])),
        ("b", arr(&[2], vec![5, 6])),
    ])
    .unwrap_or_default();
    assert_eq!(
        err_text(x.split_conts()),
        "split_conts: key chain `b`: the leaf has 2 parts, but `a` has 4"
    );
    let o = ivy_core::opts::Split::new().num_or_size_splits(2usize);
    let parts = x.split_conts_with(o).unwrap_or_default();
    assert_eq!(parts[1].leaf("a").ok(), Some(&arr(&[2], vec![3, 4])));
    assert_eq!(parts[1].leaf("b").ok(), Some(&arr(&[1], vec![6])));
}

#[test]
fn reshape_like_pairs_by_key_chain() {
    let x = Container::from_key_chains([
        ("a", arr(&[6], vec![1, 2, 3, 4, 5, 6])),
        ("b/c", arr(&[2], vec![7, 8])),
    ])
    .unwrap_or_default();
    let t = Container::from_key_chains([("b/c", ivy_core::Shape::from([2usize, 1]))])
        .unwrap_or_default();
    let y = x.cont_reshape_like(&t, &[]).unwrap_or_default();
    assert_eq!(y.leaf("b/c").ok(), Some(&arr(&[2, 1], vec![7, 8])));
    assert_eq!(y.leaf("a").ok(), x.leaf("a").ok());
    let t = Container::from_key_chains([("b/d", vec![2usize])]).unwrap_or_default();
    assert_eq!(
        err_text(x.cont_reshape_like(&t, &[])),
        "cont_reshape_like: key chain `b/d`: no key `d` at `b`; its keys are `c`"
    );
    let t = Container::from_key_chains([("a", vec![4usize])]).unwrap_or_default();
    assert!(err_text(x.cont_reshape_like(&t, &[])).starts_with("at key chain `a`: "));
}

/// The rearrange of `cont_restructure`, on one array.
fn rearr(x: &Array, pattern: &str, lengths: &[(&str, usize)]) -> Result<Array> {
    let c = Container::from_key_chains([("x", x.clone())])?;
    let mut r = Restructure::new("x").pattern(pattern);
    for (n, l) in lengths {
        r = r.axis_length(*n, *l);
    }
    let out = c
        .cont_restructure([("x", r)])
        .map_err(|e| e.leaf_error().clone())?;
    out.leaf("x").cloned()
}

#[test]
fn rearrange_patterns() {
    let x = arr(&[2, 6], (0..12).collect());
    let y = rearr(&x, "b (h w) -> b h w", &[("h", 2)]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(y, arr(&[2, 2, 3], (0..12).collect()));
    let y = rearr(&x, "b (h w) -> (w b) h", &[("w", 3)]).unwrap_or_else(|e| panic!("{e}"));
    // element [b, h*3 + w] goes to [w*2 + b, h]
    let mut want = vec![0; 12];
    for b in 0..2 {
        for h in 0..2 {
            for w in 0..3 {
                want[(w * 2 + b) * 2 + h] = (b * 6 + h * 3 + w) as i32;
            }
        }
    }
    assert_eq!(y, arr(&[6, 2], want));
    let y = rearr(&x, "a b -> b a", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(y.shape().dims(), &[6, 2]);
    let y = rearr(&x, "a ... -> ... 1 a ()", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(y.shape().dims(), &[6, 1, 2, 1]);
    let z = arr(&[2, 3, 2], (0..12).collect());
    let y = rearr(&z, "a ... -> a (...)", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(y, x);
    let y = rearr(&z, "... c -> c ...", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(y.shape().dims(), &[2, 2, 3]);
}

#[test]
fn rearrange_errors_name_the_pattern() {
    let x = arr(&[2, 6], (0..12).collect());
    let e = |p: &str, l: &[(&str, usize)]| err_text(rearr(&x, p, l));
    assert_eq!(
        e("b (h w) -> b h w", &[]),
        "cont_restructure: rearrange pattern `b (h w) -> b h w`: cannot infer the lengths of h, w from one axis; give them in axes_lengths"
    );
    assert!(e("b (h w) -> b h w", &[("h", 4)]).contains("cannot be split"));
    assert!(e("b h -> b", &[]).contains("`h` must appear on both sides"));
    assert!(e("b h -> b h h", &[]).contains("appears twice"));
    assert!(e("b h c -> b h c", &[]).contains("the left side has 3 axes, the array 2"));
    assert!(e("b (h 2) -> b h", &[]).contains("anonymous axis `2`"));
    assert!(e("b h", &[]).contains("no `->`"));
    assert!(e("b ((h)) -> b h", &[]).contains("cannot nest"));
    assert!(e("b h) -> b h", &[]).contains("without `(`"));
    assert!(e("b ... -> b", &[]).contains("`...`"));
    assert!(e("b h -> b h", &[("q", 1)]).contains("`q`"));
}

#[test]
fn restructure_with_a_pattern_names_the_failing_leaf() {
    let x = Container::from_key_chains([
        ("p/a", arr(&[2, 6], (0..12).collect())),
        ("p/b", arr(&[2, 5], (0..10).collect())),
    ])
    .unwrap_or_default();
    let r = Restructure::new("q")
        .pattern("b (h w) -> b h w")
        .axis_length("h", 2);
    let e = err_text(x.cont_restructure([("p", r)]));
    assert!(
        e.starts_with("at key chain `p/b`: cont_restructure: rearrange pattern"),
        "{e}"
    );
    let r = Restructure::new("q")
        .pattern("b (h w) -> b h w")
        .axis_length("h", 4);
    let e = err_text(x.cont_restructure([("p/a", r)]));
    assert!(e.starts_with("at key chain `p/a`: "), "{e}");
    let r = Restructure::new("q").pattern("b w -> w b");
    let y = x.cont_restructure([("p", r)]).unwrap_or_default();
    assert_eq!(y.cont_all_key_chains(), ["q/a", "q/b"]);
    assert_eq!(
        y.leaf("q/b").ok().map(|l| l.shape().dims().to_vec()),
        Some(vec![5, 2])
    );
}
