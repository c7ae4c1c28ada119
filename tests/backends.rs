//! Backend handles (`ivy::get_backend`), native dtypes per backend, casting
//! modes and the superset behaviour across backends. The parts that need a
//! second backend run with `--features candle`.

use ivy::{Dtype, Error, Result};

#[test]
fn a_handle_runs_every_op_on_its_backend() -> Result<()> {
    let nd = ivy::get_backend("ndarray")?;
    assert_eq!(
        (nd.name(), nd.valid_dtypes()),
        ("ndarray", ivy::DtypeSet::ALL)
    );
    let x = nd.linspace(0.0, 3.0, 4)?;
    assert_eq!(x.backend().name(), "ndarray");
    // Positional, keyword and list forms, and a container operand.
    assert_eq!(nd.add(&x, 1.0)?.to_vec::<f32>()?, [1.0, 2.0, 3.0, 4.0]);
    let s = nd.sum_with(&x, ivy::opts::Sum::new().keepdims(true))?;
    assert_eq!(
        (s.shape().dims(), s.to_vec::<f32>()?),
        (&[1][..], vec![6.0])
    );
    let c = nd.concat(&[x.clone(), x.clone()])?;
    assert_eq!(c.shape().dims(), &[8]);
    let t = ivy::container! { a: [1.0, 4.0], b: { c: 9.0 } };
    let r = nd.sqrt(&t)?;
    assert_eq!(r.leaf("a")?.to_vec::<f32>()?, [1.0, 2.0]);
    assert!(ivy::get_backend("tensorflow").is_err());
    Ok(())
}

#[test]
fn native_dtypes_of_ndarray_are_rust_element_types() -> Result<()> {
    let nd = ivy::get_backend("ndarray")?;
    for d in Dtype::ALL {
        let n = nd.as_native_dtype(d)?;
        assert_eq!(nd.as_ivy_dtype(n)?, d, "{n}");
    }
    assert_eq!(
        nd.as_native_dtype(Dtype::Complex64)?,
        "num_complex::Complex<f32>"
    );
    let e = nd.as_ivy_dtype("float32").unwrap_err();
    assert!(
        e.to_string().contains("float32") && e.to_string().contains("ndarray"),
        "{e}"
    );
    Ok(())
}

#[cfg(feature = "candle")]
mod candle {
    use super::*;

    #[test]
    fn two_backends_side_by_side() -> Result<()> {
        let nd = ivy::get_backend("ndarray")?;
        let cd = ivy::get_backend("candle")?;
        // The current backend is ndarray; the candle handle makes candle
        // arrays anyway, and each handle's ops stay on its backend.
        assert_eq!(ivy::current_backend_str(), "ndarray");
        let a = nd.arange(4.0)?;
        let b = cd.arange(4.0)?;
        assert_eq!(
            (a.backend().name(), b.backend().name()),
            ("ndarray", "candle")
        );
        let ya = nd.multiply(&a, &a)?;
        let yb = cd.multiply(&b, &b)?;
        assert_eq!(yb.backend().name(), "candle");
        assert!(matches!(yb.data(), ivy::Data::Native(_)));
        assert_eq!(ya.to_vec::<f32>()?, yb.to_vec::<f32>()?);
        assert_eq!(ya.to_vec::<f32>()?, [0.0, 1.0, 4.0, 9.0]);
        // A candle array through the ndarray handle: an error naming both.
        let e = nd.multiply(&a, &b).unwrap_err();
        assert!(matches!(e, Error::BackendMismatch { .. }), "{e}");
        let msg = e.to_string();
        assert!(
            msg.contains("ndarray") && msg.contains("candle") && msg.contains("to_backend"),
            "{msg}"
        );
        // Even when all arrays agree with each other (the free function would
        // run them on candle), the handle refuses another backend's arrays,
        // inside containers and lists too.
        assert!(matches!(nd.sqrt(&b), Err(Error::BackendMismatch { .. })));
        let mut t = ivy::Container::new();
        t.insert_key("x", b.clone())?;
        assert!(matches!(nd.sqrt(&t), Err(Error::BackendMismatch { .. })));
        assert!(matches!(
            nd.concat(&[b.clone()]),
            Err(Error::BackendMismatch { .. })
        ));
        let clip = ivy::opts::Clip::new().x_max(b.clone());
        assert!(matches!(
            cd.clip_with(&a, clip),
            Err(Error::BackendMismatch { .. })
        ));
        // Converted, they run.
        assert_eq!(
            nd.multiply(&a, &nd.to_backend(&b)?)?.to_vec::<f32>()?,
            [0.0, 1.0, 4.0, 9.0]
        );
        // A handle's call leaves the current backend as it was.
        assert_eq!(ivy::current_backend_str(), "ndarray");
        // Under candle as the current backend, the ndarray handle still
        // makes ndarray arrays.
        ivy::with_backend("candle", || -> Result<()> {
            assert_eq!(nd.ones([2])?.backend().name(), "ndarray");
            assert_eq!(ivy::ones([2])?.backend().name(), "candle");
            Ok(())
        })??;
        Ok(())
    }

    #[test]
    fn native_dtypes_of_candle() -> Result<()> {
        use ivy::candle::candle_core::DType;
        let cd = ivy::get_backend("candle")?;
        assert_eq!(cd.as_native_dtype(Dtype::BFloat16)?, "bf16");
        assert_eq!(cd.as_native_dtype(Dtype::Bool)?, "u8");
        assert_eq!(cd.as_ivy_dtype("u8")?, Dtype::UInt8);
        assert_eq!(cd.as_ivy_dtype("i64")?, Dtype::Int64);
        for d in [Dtype::Int8, Dtype::UInt16, Dtype::UInt64, Dtype::Complex64] {
            let e = cd.as_native_dtype(d).unwrap_err();
            assert!(matches!(e, Error::UnsupportedDtype { .. }), "{e}");
            assert!(ivy::candle::as_native_dtype(d).is_err());
        }
        assert!(cd.as_ivy_dtype("f8e4m3").is_err());
        assert_eq!(ivy::candle::as_native_dtype(Dtype::Float16)?, DType::F16);
        assert_eq!(ivy::candle::as_ivy_dtype(DType::U32)?, Dtype::UInt32);
        assert!(ivy::candle::as_ivy_dtype(DType::F8E4M3).is_err());
        Ok(())
    }
}
