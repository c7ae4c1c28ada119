//! Indexing (`get_item`, `set_item`, `s!`, `scatter_flat`): cases of the
//! Array API 2024.12 indexing rules with values worked out by hand (NumPy
//! agrees with each), the errors for bad indices, gradients, containers, and
//! the law that slicing then reading equals reading then selecting.

use ivy::{Array, Error, Index, IndexItem};
use proptest::prelude::*;

/// `0..n` as int32 in `shape`.
fn grid(shape: &[usize]) -> Array {
    let n: usize = shape.iter().product();
    Array::from_shape_vec(shape.to_vec(), (0..n as i32).collect::<Vec<_>>()).unwrap()
}

fn vals(a: &Array) -> Vec<i32> {
    a.to_vec::<i32>().unwrap()
}

fn dims(a: &Array) -> Vec<usize> {
    a.shape().dims().to_vec()
}

#[test]
fn integers_and_negative_integers_remove_their_axis() {
    let x = grid(&[3, 4]);
    assert_eq!(vals(&x.get(1).unwrap()), [4, 5, 6, 7]);
    assert_eq!(vals(&x.get(-1).unwrap()), [8, 9, 10, 11]);
    let e = x.get(ivy::s![-3, -4]).unwrap();
    assert_eq!(dims(&e), Vec::<usize>::new());
    assert_eq!(vals(&e), [0]);
}

// `8..2;-2` is Python's `8:2:-2`: a backward slice, not an empty range.
#[allow(clippy::reversed_empty_ranges)]
#[test]
fn slices_follow_python_with_positive_and_negative_steps() {
    let x = grid(&[10]);
    let cases: Vec<(Index, Vec<i32>)> = vec![
        (ivy::s![2..5], vec![2, 3, 4]),
        (ivy::s![..;3], vec![0, 3, 6, 9]),
        (ivy::s![..;-1], vec![9, 8, 7, 6, 5, 4, 3, 2, 1, 0]),
        (ivy::s![8..2;-2], vec![8, 6, 4]),
        (ivy::s![-3..], vec![7, 8, 9]),
        (ivy::s![..-7], vec![0, 1, 2]),
        (ivy::s![-100..100], (0..10).collect()),
        (ivy::s![5..2], vec![]),
        (ivy::s![1..=3], vec![1, 2, 3]),
        (ivy::s![..=-1], (0..10).collect()),
        (ivy::s![..2;-1], vec![9, 8, 7, 6, 5, 4, 3]),
        (ivy::s![3..;-1], vec![3, 2, 1, 0]),
    ];
    for (idx, want) in cases {
        let text = idx.to_string();
        assert_eq!(vals(&x.get(idx).unwrap()), want, "{text}");
    }
}

#[test]
fn ellipsis_and_new_axes_place_axes() {
    let x = grid(&[2, 3, 4]);
    assert_eq!(dims(&x.get(ivy::s![..., 0]).unwrap()), [2, 3]);
    assert_eq!(
        vals(&x.get(ivy::s![..., 0]).unwrap()),
        [0, 4, 8, 12, 16, 20]
    );
    assert_eq!(dims(&x.get(ivy::s![0, ...]).unwrap()), [3, 4]);
    assert_eq!(dims(&x.get(ivy::s![NewAxis]).unwrap()), [1, 2, 3, 4]);
    assert_eq!(
        dims(&x.get(ivy::s![.., NewAxis, ..., NewAxis]).unwrap()),
        [2, 1, 3, 4, 1]
    );
    assert_eq!(
        dims(&x.get(ivy::s![1..3, .., NewAxis]).unwrap()),
        [1, 3, 1, 4]
    );
    // An empty index and `...` alone select everything.
    assert_eq!(vals(&x.get(Index::default()).unwrap()), vals(&x));
    assert_eq!(vals(&x.get(ivy::s![...]).unwrap()), vals(&x));
    // A 0-d array: `x[...]` and `x[()]` are itself.
    let s = Array::scalar(5i32);
    assert_eq!(vals(&s.get(ivy::s![...]).unwrap()), [5]);
    assert_eq!(dims(&s.get(ivy::s![NewAxis]).unwrap()), [1]);
}

#[test]
fn integer_arrays_gather_and_broadcast() {
    let x = grid(&[2, 3, 4]);
    // x[[1, 0, 1]]: along the first axis.
    let r = x.get(ivy::array![1, 0, 1]).unwrap();
    assert_eq!(dims(&r), [3, 3, 4]);
    assert_eq!(vals(&r)[..4], [12, 13, 14, 15]);
    // x[:, [0, 2], [1, 3]]: adjacent advanced indices stay in place.
    let r = x
        .get(ivy::s![.., &ivy::array![0, 2], &ivy::array![1, 3]])
        .unwrap();
    assert_eq!(dims(&r), [2, 2]);
    assert_eq!(vals(&r), [1, 11, 13, 23]);
    // x[[0, 1], :, [1, 3]]: separated by a slice, the broadcast axis goes first.
    let r = x
        .get(ivy::s![&ivy::array![0, 1], .., &ivy::array![1, 3]])
        .unwrap();
    assert_eq!(dims(&r), [2, 3]);
    assert_eq!(vals(&r), [1, 5, 9, 15, 19, 23]);
    // x[0, :, [1, 2]]: the integer joins the advanced indices (2024.12), so
    // they are not adjacent either.
    let r = x.get(ivy::s![0, .., &ivy::array![1, 2]]).unwrap();
    assert_eq!(dims(&r), [2, 3]);
    assert_eq!(vals(&r), [1, 5, 9, 2, 6, 10]);
    // x[[[0], [1]], [0, 2]]: index arrays broadcast to (2, 2).
    let r = x
        .get(ivy::s![&ivy::array![[0], [1]], &ivy::array![0, 2]])
        .unwrap();
    assert_eq!(dims(&r), [2, 2, 4]);
    assert_eq!(vals(&r)[..8], [0, 1, 2, 3, 8, 9, 10, 11]);
    // Negative entries count from the end; any integer dtype will do.
    let r = x.get(ivy::s![-1, -1, &ivy::array![-1i8, 0]]).unwrap();
    assert_eq!(vals(&r), [23, 20]);
}

#[test]
fn boolean_masks_select_true_positions() {
    let x = grid(&[2, 3]);
    let m = ivy::greater(&x, 2).unwrap();
    assert_eq!(vals(&x.get(&m).unwrap()), [3, 4, 5]);
    // A 1-d mask over the second axis.
    let r = x.get(ivy::s![.., &ivy::array![true, false, true]]).unwrap();
    assert_eq!(dims(&r), [2, 2]);
    assert_eq!(vals(&r), [0, 2, 3, 5]);
    // 0-d masks add an axis of length 1 (true) or 0 (false).
    assert_eq!(dims(&x.get(Array::scalar(true)).unwrap()), [1, 2, 3]);
    assert_eq!(dims(&x.get(Array::scalar(false)).unwrap()), [0, 2, 3]);
    // A mask over a 3-d array's leading axes keeps the trailing one.
    let y = grid(&[2, 2, 2]);
    let r = y.get(ivy::array![[true, false], [false, true]]).unwrap();
    assert_eq!(vals(&r), [0, 1, 6, 7]);
}

#[test]
fn bad_indices_are_errors_naming_op_axis_index_and_size() {
    let x = grid(&[3, 4]);
    let msg = |r: ivy::Result<Array>| r.unwrap_err().to_string();
    assert_eq!(
        msg(x.get(ivy::s![3])),
        "get_item: index 3 is out of bounds for axis 0 with size 3"
    );
    assert_eq!(
        msg(x.get(ivy::s![.., -5])),
        "get_item: index -5 is out of bounds for axis 1 with size 4"
    );
    assert_eq!(
        msg(x.get(ivy::s![.., &ivy::array![0, 4]])),
        "get_item: index 4 is out of bounds for axis 1 with size 4"
    );
    assert!(msg(x.get(ivy::s![0, 0, 0])).contains("too many indices"));
    assert!(msg(x.get(ivy::s![..., ...])).contains("single ellipsis"));
    assert!(msg(x.get(ivy::s![..;0])).contains("step cannot be zero"));
    assert!(msg(x.get(ivy::array![0.5])).contains("integer or boolean"));
    assert!(msg(x.get(ivy::array![true, false])).contains("boolean index"));
    let e = x
        .get(ivy::s![&ivy::array![0, 1], &ivy::array![0, 1, 2]])
        .unwrap_err();
    assert!(matches!(e, Error::Shape { .. }), "{e}");
    // set_item checks the same way and names itself; a value that does not
    // broadcast is an error too.
    assert_eq!(
        msg(x.set(ivy::s![7], 0)),
        "set_item: index 7 is out of bounds for axis 0 with size 3"
    );
    let e = x.set(ivy::s![0], ivy::array![1, 2]).unwrap_err();
    assert!(
        matches!(e, Error::Broadcast { ref op, .. } if op == "set_item"),
        "{e}"
    );
    assert!(msg(ivy::scatter_flat(&ivy::array![-1], &ivy::array![1.0])).contains("out of bounds"));
    // The largest index sets the size: i64::MAX + 1 does not fit (found by
    // the fuzz test, which saw an overflow panic here).
    let huge = ivy::astype(&ivy::array![i64::MAX], ivy::Dtype::Int64).unwrap();
    assert!(
        msg(ivy::scatter_flat(&huge, &ivy::array![1.0])).contains("scatter_flat"),
        "an error naming the op"
    );
}

#[test]
fn set_item_is_functional_and_casts_the_value() {
    let x = grid(&[2, 3]);
    let y = x.set(ivy::s![.., 1..], 9.7).unwrap();
    assert_eq!(vals(&y), [0, 9, 9, 3, 9, 9]);
    assert_eq!(vals(&x), [0, 1, 2, 3, 4, 5]);
    let y = x.set(ivy::s![..;-1, 0], ivy::array![10, 20]).unwrap();
    assert_eq!(vals(&y), [20, 1, 2, 10, 4, 5]);
    let m = ivy::less(&x, 2).unwrap();
    assert_eq!(vals(&x.set(&m, -1).unwrap()), [-1, -1, 2, 3, 4, 5]);
    // Repeated advanced positions: the last value wins.
    let r = grid(&[3])
        .set(ivy::array![0, 0], ivy::array![7, 8])
        .unwrap();
    assert_eq!(vals(&r), [8, 1, 2]);
}

#[test]
fn indexing_works_on_every_leaf_of_a_container() {
    let c = ivy::container! { a: [1, 2, 3], b: { c: [4, 5, 6] } };
    let r = ivy::get_item(&c, ivy::s![..;-1]).unwrap();
    assert_eq!(vals(r.leaf("a").unwrap()), [3, 2, 1]);
    assert_eq!(vals(r.leaf("b/c").unwrap()), [6, 5, 4]);
    let s = c.set_item(ivy::s![0], 0).unwrap();
    assert_eq!(vals(s.leaf("b/c").unwrap()), [0, 5, 6]);
}

#[test]
fn gradients_scatter_back_and_accumulate_repeats() {
    let x = ivy::array![1.0, 2.0, 3.0, 4.0];
    // d/dx sum(x[[0, 2, 0]] * [1, 2, 3]) = [4, 0, 2, 0].
    let g = ivy::grad(|x: &Array| {
        let picked = x.get(ivy::array![0, 2, 0])?;
        ivy::sum(&ivy::multiply(&picked, &ivy::array![1.0, 2.0, 3.0])?)
    })(&x)
    .unwrap();
    assert_eq!(g.to_vec::<f32>().unwrap(), [4.0, 0.0, 2.0, 0.0]);
    // set_item: x loses the overwritten part; the value gets its sum.
    let g = ivy::grad(|xs: &(Array, Array)| {
        let y = xs.0.set(ivy::s![1..3], &xs.1)?;
        ivy::sum(&ivy::multiply(&y, &ivy::array![1.0, 2.0, 3.0, 4.0])?)
    })(&(x.clone(), ivy::array![5.0]))
    .unwrap();
    assert_eq!(g.0.to_vec::<f32>().unwrap(), [1.0, 0.0, 0.0, 4.0]);
    assert_eq!(g.1.to_vec::<f32>().unwrap(), [5.0]);
}

#[test]
fn index_items_convert_and_print() {
    assert!(matches!(
        IndexItem::from(..),
        IndexItem::Slice {
            start: None,
            stop: None,
            step: 1
        }
    ));
    assert_eq!(
        ivy::s![1..3, .., NewAxis, ..., -1, ..;-2].to_string(),
        "[1:3, :, None, ..., -1, ::-2]"
    );
    let i: Index = 3usize.into();
    assert_eq!(i.items().len(), 1);
}

/// The positions a slice selects, walked one step at a time from Python's
/// definition of `range(n)[start:stop:step]`.
fn slice_positions(n: i64, start: Option<i64>, stop: Option<i64>, step: i64) -> Vec<usize> {
    let all: Vec<i64> = (0..n).collect();
    let norm = |v: i64| if v < 0 { v + n } else { v };
    let mut out = Vec::new();
    if step > 0 {
        let s = start.map_or(0, norm).clamp(0, n);
        let e = stop.map_or(n, norm).clamp(0, n);
        let mut i = s;
        while i < e {
            out.push(all[i as usize] as usize);
            i += step;
        }
    } else {
        let s = start.map_or(n - 1, norm).clamp(-1, n - 1);
        let e = stop.map_or(-1, norm).clamp(-1, n - 1);
        let mut i = s;
        while i > e {
            out.push(all[i as usize] as usize);
            i += step;
        }
    }
    out
}

/// One axis of a basic index: an integer or a slice.
#[derive(Clone, Debug)]
enum Sel {
    At(i64),
    Slice(Option<i64>, Option<i64>, i64),
}

fn sel_strategy(n: usize) -> impl Strategy<Value = Sel> {
    let n = n as i64;
    prop_oneof![
        (-n..n).prop_map(Sel::At),
        (
            proptest::option::of(-n - 2..n + 2),
            proptest::option::of(-n - 2..n + 2),
            prop_oneof![1i64..4, -3i64..0]
        )
            .prop_map(|(a, b, s)| Sel::Slice(a, b, s)),
    ]
}

fn case() -> impl Strategy<Value = (Vec<usize>, Vec<Sel>)> {
    proptest::collection::vec(1usize..5, 1..4).prop_flat_map(|shape| {
        let sels: Vec<_> = shape.iter().map(|&d| sel_strategy(d)).collect();
        (Just(shape), sels)
    })
}

proptest! {
    /// Slicing then reading equals reading then selecting: `x.get(index)`
    /// holds the elements a per-axis walk of the index picks from the
    /// elements read out of `x`.
    #[test]
    fn slice_then_read_equals_read_then_select((shape, sels) in case()) {
        let x = grid(&shape);
        let flat = vals(&x);
        let items: Vec<IndexItem> = sels.iter().map(|s| match *s {
            Sel::At(i) => IndexItem::Int(i),
            Sel::Slice(a, b, st) => IndexItem::Slice { start: a, stop: b, step: st },
        }).collect();
        let got = x.get(Index::new(items)).unwrap();
        // Per axis, the positions and whether the axis stays.
        let per_axis: Vec<(Vec<usize>, bool)> = sels.iter().zip(&shape).map(|(s, &n)| match *s {
            Sel::At(i) => (vec![if i < 0 { (i + n as i64) as usize } else { i as usize }], false),
            Sel::Slice(a, b, st) => (slice_positions(n as i64, a, b, st), true),
        }).collect();
        let want_shape: Vec<usize> = per_axis.iter().filter(|(_, keep)| *keep).map(|(p, _)| p.len()).collect();
        let mut want = vec![0usize];
        for ((pos, _), k) in per_axis.iter().zip(0..) {
            let stride: usize = shape[k + 1..].iter().product();
            want = want.iter().flat_map(|&base| pos.iter().map(move |&p| base + p * stride)).collect();
        }
        let want: Vec<i32> = want.into_iter().map(|o| flat[o]).collect();
        prop_assert_eq!(dims(&got), want_shape);
        prop_assert_eq!(vals(&got), want);
    }

    /// Writing then reading the same index gives the value back, and every
    /// other element is unchanged.
    #[test]
    fn set_then_get_reads_the_value((shape, sels) in case(), v in -50i32..50) {
        let x = grid(&shape);
        let items: Vec<IndexItem> = sels.iter().map(|s| match *s {
            Sel::At(i) => IndexItem::Int(i),
            Sel::Slice(a, b, st) => IndexItem::Slice { start: a, stop: b, step: st },
        }).collect();
        let idx = Index::new(items);
        let y = x.set(&idx, v).unwrap();
        let back = y.get(&idx).unwrap();
        prop_assert!(vals(&back).iter().all(|&e| e == v));
        let changed = vals(&y).iter().zip(vals(&x)).filter(|(a, b)| **a != *b).count();
        prop_assert!(changed <= back.size());
    }

    /// An integer array along the first axis equals stacking the rows it
    /// names.
    #[test]
    fn integer_arrays_equal_stacked_rows(rows in proptest::collection::vec(-3i64..3, 0..6)) {
        let x = grid(&[3, 2]);
        let got = x.get(Array::from_vec(rows.clone())).unwrap();
        let want: Vec<i32> = rows.iter().flat_map(|&r| vals(&x.get(r).unwrap())).collect();
        prop_assert_eq!(dims(&got), vec![rows.len(), 2]);
        prop_assert_eq!(vals(&got), want);
    }
}

#[test]
fn indices_that_read_everything_in_order_share_the_buffer() {
    let x = grid(&[2, 3]);
    for idx in [
        ivy::s![...],
        ivy::s![.., ..],
        ivy::s![NewAxis, ..],
        ivy::s![.., NewAxis, ..],
    ] {
        let y = x.get(idx).unwrap();
        assert!(y.shares_data_with(&x));
        assert_eq!(vals(&y), vals(&x));
    }
    assert!(!x.get(ivy::s![..;-1]).unwrap().shares_data_with(&x));
    assert!(!x.get(ivy::s![..1]).unwrap().shares_data_with(&x));
}

proptest! {
    /// A boolean mask of the array's shape selects the elements where it is
    /// true, in row-major order; one over the leading axes keeps the rows.
    #[test]
    fn masks_select_what_a_filter_selects(
        (shape, bits) in proptest::collection::vec(1usize..4, 1..4)
            .prop_flat_map(|s| { let n: usize = s.iter().product(); (Just(s), proptest::collection::vec(any::<bool>(), n)) })
    ) {
        let x = grid(&shape);
        let mask = Array::from_shape_vec(shape.clone(), bits.clone()).unwrap();
        let want: Vec<i32> = vals(&x).into_iter().zip(&bits).filter(|(_, b)| **b).map(|(v, _)| v).collect();
        prop_assert_eq!(vals(&x.get(&mask).unwrap()), want);
        // The same mask's first row over the leading axis.
        let rows = Array::from_vec(bits[..shape[0]].to_vec());
        let got = x.get(&rows).unwrap();
        let inner: usize = shape[1..].iter().product();
        let want: Vec<i32> = (0..shape[0]).filter(|&r| bits[r]).flat_map(|r| (r * inner..(r + 1) * inner).map(|v| v as i32)).collect();
        prop_assert_eq!(vals(&got), want);
    }
}

#[test]
fn a_one_element_value_must_still_broadcast() {
    let x = grid(&[2, 3]);
    // (1, 1) has more dimensions than the (3,) it would fill: refused, as in NumPy.
    assert!(x.set(ivy::s![0], ivy::array![[9]]).is_err());
    let e = x.set(ivy::s![0], ivy::array![[[9]]]).unwrap_err();
    assert!(matches!(e, Error::Broadcast { .. }), "{e}");
    assert_eq!(
        vals(&x.set(ivy::s![0], ivy::array![9]).unwrap()),
        [9, 9, 9, 3, 4, 5]
    );
}
