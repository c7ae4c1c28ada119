use ivy::{Dtype, Scalar};

#[test]
fn smoke() -> ivy::Result<()> {
    let x = ivy::array![1.0, 2.0, 3.0];
    assert_eq!(x.dtype(), Dtype::Float32);
    let y = ivy::add(&x, &x)?;
    assert_eq!(y.to_vec::<f32>()?, vec![2.0, 4.0, 6.0]);
    let z = (&x + 1)?;
    assert_eq!(z.to_vec::<f32>()?, vec![2.0, 3.0, 4.0]);
    let i = ivy::array![1, 2, 3];
    assert_eq!(i.dtype(), Dtype::Int32);
    let f = (&i + 1.5)?;
    assert_eq!(f.dtype(), Dtype::Float64);
    let t = ivy::tan(&i)?;
    assert_eq!(t.dtype(), Dtype::Float32);
    let s = ivy::sum(&ivy::array![[1i8, 2], [3, 4]])?;
    assert_eq!(s.dtype(), Dtype::Int32);
    assert_eq!(s.item()?, Scalar::Int(10));
    let m = ivy::max_with(&ivy::array![[1, 5], [3, 2]], ivy::opts::Max::new().axis(1))?;
    assert_eq!(m.to_vec::<i32>()?, vec![5, 3]);
    let sm = ivy::softmax(&x)?;
    let total: f32 = sm.to_vec::<f32>()?.iter().sum();
    assert!((total - 1.0).abs() < 1e-6);
    let e = ivy::add(&ivy::array![1.0, 2.0, 3.0], &ivy::array![1.0, 2.0]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "add: shapes (3,) and (2,) cannot be broadcast together"
    );
    let u = ivy::tan(&ivy::array![true]).unwrap_err();
    println!("{u}");
    let z = ivy::zeros([2, 3])?;
    assert_eq!(z.shape().dims(), &[2, 3]);
    println!(
        "{:?}",
        ivy::catalogue::op("softmax")?.supported_dtypes(ivy::current_backend())
    );
    println!(
        "{:?}",
        ivy::catalogue::op("tan")?.supported_dtypes(ivy::current_backend())
    );
    Ok(())
}

#[test]
fn operators_infer_literal_types() -> ivy::Result<()> {
    let x = ivy::array![1.0, 2.0];
    let a = (2 * &x)?;
    let b = (2.0 * &x)?;
    let c = (&x * 2)?;
    let d = (&x - &x + &x)?;
    let e = (-&x)?;
    assert_eq!(a, b);
    assert_eq!(b, c);
    assert_eq!(d, x);
    let _ = e;
    Ok(())
}
