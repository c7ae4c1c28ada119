//! Argument rules on the parameters of a user's op: checked before the
//! body runs, with errors naming the op, the parameter and what it got.

/// The rows `keep` of `x`, reduced by `how`.
#[ivy::op(dtypes(float))]
fn my_rows(
    #[min_ndim(2)] x: Array,
    #[dtypes(integer)] keep: Array,
    #[default("sum")]
    #[one_of("sum", "max")]
    how: Str,
) -> Array {
    let x = ivy::take_with(x, keep, ivy::opts::Take::new().axis(0))?;
    if how == "sum" {
        ivy::sum(&x)
    } else {
        ivy::max(&x)
    }
}

fn main() -> ivy::Result<()> {
    let x = ivy::array![[1.0, 2.0], [3.0, 4.0]];
    let rows = my_rows(&x, &ivy::array![1])?;
    assert_eq!(rows.to_vec::<f32>()?, vec![7.0]);
    let m = my_rows_with(&x, &ivy::array![0, 1], MyRowsOpts::new().how("max"))?;
    assert_eq!(m.to_vec::<f32>()?, vec![4.0]);

    let e = my_rows_with(&x, &ivy::array![0], MyRowsOpts::new().how("min")).unwrap_err();
    assert_eq!(
        e.to_string(),
        r#"my_rows: how must be "sum" or "max", got "min""#
    );
    let e = my_rows(&ivy::array![1.0, 2.0], &ivy::array![0]).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("my_rows: x must have at least 2 dimensions"),
        "{e}"
    );
    let e = my_rows(&x, &ivy::array![0.5]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "my_rows: expected keep of dtype integer, got float32"
    );
    Ok(())
}
