//! Backend handles (`ivy::get_backend`), native dtypes per backend, casting
//! modes and the superset behaviour across backends, and user ops. The
//! parts that need a second backend run with `--features candle`.
//!
//! Its own test binary (the other integration tests are one binary,
//! `tests/it/`): the test backends and user ops it registers join the
//! registry of the whole program, where the catalogue-driven tests would
//! see them.

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
            nd.concat(std::slice::from_ref(&b)),
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

    /// Handles are `Send`: two threads, one per backend, each with its own
    /// current backend, computing the same thing.
    #[test]
    fn handles_on_two_threads() -> Result<()> {
        let run = |name: &'static str| {
            std::thread::spawn(move || -> Result<(String, Vec<f32>)> {
                let h = ivy::get_backend(name)?;
                let x = h.arange(5.0)?;
                let y = h.sum(&h.multiply(&x, &x)?)?;
                Ok((y.backend().name().to_string(), y.to_vec::<f32>()?))
            })
        };
        let (a, b) = (run("ndarray"), run("candle"));
        let (a, b) = (a.join().expect("thread")?, b.join().expect("thread")?);
        assert_eq!((a.0.as_str(), b.0.as_str()), ("ndarray", "candle"));
        assert_eq!((a.1, b.1), (vec![30.0], vec![30.0]));
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

// ---------------------------------------------------------------------------
// Casting modes
// ---------------------------------------------------------------------------

mod casting {
    use ivy::dtype::casting::{cast_target, cross_caster, downcaster, upcaster};
    use ivy::{Dtype::*, DtypeSet};

    const ALL: DtypeSet = DtypeSet::ALL;

    #[test]
    fn casters_follow_the_reference_examples() {
        // The cases the reference verified (numpy backend; bfloat16 is not
        // valid there).
        let numpy = ALL - DtypeSet::of(&[BFloat16]);
        assert_eq!(upcaster(Int8, DtypeSet::of(&[Int8]), numpy), Some(Int16));
        assert_eq!(upcaster(Int64, DtypeSet::of(&[Int64]), numpy), None);
        assert_eq!(
            downcaster(Float32, DtypeSet::of(&[Float32]), numpy),
            Some(Float16)
        );
        assert_eq!(
            upcaster(UInt8, DtypeSet::of(&[UInt8, UInt16]), numpy),
            Some(UInt32)
        );
        assert_eq!(cross_caster(DtypeSet::INT, numpy), Some(Float32));
        assert_eq!(cross_caster(DtypeSet::of(&[Bool]), numpy), Some(Int32));
        // The float family in Ivy's order: bfloat16 < float16 < float32 <
        // float64, among the valid ones.
        assert_eq!(
            upcaster(BFloat16, DtypeSet::of(&[BFloat16]), ALL),
            Some(Float16)
        );
        assert_eq!(
            downcaster(Float16, DtypeSet::of(&[Float16]), ALL),
            Some(BFloat16)
        );
        assert_eq!(downcaster(Float16, DtypeSet::of(&[Float16]), numpy), None);
        // uint is its own family, tested before int; bool has none.
        assert_eq!(
            downcaster(UInt32, DtypeSet::of(&[UInt32]), ALL),
            Some(UInt16)
        );
        assert_eq!(upcaster(Int64, DtypeSet::of(&[Int64]), ALL), None);
        assert_eq!(upcaster(Bool, DtypeSet::of(&[Bool]), ALL), None);
        assert_eq!(
            upcaster(Complex64, DtypeSet::of(&[Complex64]), ALL),
            Some(Complex128)
        );
        // Invalid dtypes are skipped (candle: no uint16, so uint8 -> uint32).
        let candle = ALL - DtypeSet::of(&[Int8, UInt16, UInt64, Complex64, Complex128]);
        assert_eq!(
            upcaster(UInt8, DtypeSet::of(&[UInt8]), candle),
            Some(UInt32)
        );
        assert_eq!(
            upcaster(Int16, DtypeSet::of(&[Int16, Int32]), candle),
            Some(Int64)
        );
        // Crosscasting ignores the input dtype, and follows the defaults.
        let _f = ivy::DefaultFloatDtype::new(Float64).unwrap();
        assert_eq!(cross_caster(DtypeSet::INT, ALL), Some(Float64));
        assert_eq!(cross_caster(DtypeSet::FLOAT, ALL), Some(Int32));
        assert_eq!(cross_caster(DtypeSet::of(&[Float16]), ALL), None);
    }

    #[test]
    fn the_modes_choose_as_the_reference_caster_does() {
        // A table without float16 and without bool: cross finds int32
        // (bool is unsupported), up finds float32, down bfloat16.
        let un = DtypeSet::of(&[Float16, Bool]);
        assert_eq!(cast_target(Float16, un, ALL), None, "no mode");
        {
            let _g = ivy::UpcastDataTypes::new(true);
            assert_eq!(cast_target(Float16, un, ALL), Some(Float32));
            // A supported dtype is never cast.
            assert_eq!(cast_target(Float32, un, ALL), None);
        }
        {
            let _g = ivy::DowncastDataTypes::new(true);
            assert_eq!(cast_target(Float16, un, ALL), Some(BFloat16));
        }
        {
            let _g = ivy::CrosscastDataTypes::new(true);
            assert_eq!(cast_target(Float16, un, ALL), Some(Int32));
        }
        // Two modes: an elif chain, crosscast before upcast before
        // downcast; only the first one on is tried.
        {
            let _u = ivy::UpcastDataTypes::new(true);
            let _d = ivy::DowncastDataTypes::new(true);
            assert_eq!(cast_target(Float64, DtypeSet::of(&[Float64]), ALL), None);
            let _c = ivy::CrosscastDataTypes::new(true);
            // All three: cross, then up, then down.
            assert!(ivy::cast_dtypes());
            assert_eq!(
                cast_target(Float64, DtypeSet::of(&[Float64]), ALL),
                Some(Float32)
            );
            assert_eq!(cast_target(Float16, un, ALL), Some(Int32));
        }
        {
            let _c = ivy::CrosscastDataTypes::new(true);
            let _u = ivy::UpcastDataTypes::new(true);
            assert_eq!(cast_target(Float64, DtypeSet::of(&[Float64]), ALL), None);
        }
        // cast_data_types sets all three; unset pops all three.
        ivy::cast_data_types(true);
        assert!(ivy::upcast_dtypes() && ivy::downcast_dtypes() && ivy::crosscast_dtypes());
        ivy::upcast_data_types(false);
        assert!(!ivy::cast_dtypes());
        ivy::unset_upcast_data_types();
        ivy::unset_cast_data_types();
        assert!(!ivy::upcast_dtypes() && !ivy::downcast_dtypes() && !ivy::crosscast_dtypes());
        // Per thread: another thread starts with every mode off.
        let _g = ivy::CastDataTypes::new(true);
        assert!(!std::thread::spawn(ivy::upcast_dtypes).join().unwrap());
    }
}

/// A backend with Ivy's torch `expm1` table (no float16, no complex, for
/// 2.0.1 and below): the seed's example of an op without float16 support.
mod halfless {
    use ivy::backend::BackendBase;
    use ivy::kernels::{DataTypeKernels, ElementwiseKernels};
    use ivy::{Array, Dtype, Error, HostData, Result};

    pub struct Halfless;

    impl BackendBase for Halfless {
        fn name(&self) -> &'static str {
            "halfless"
        }
        fn version(&self) -> &'static str {
            "2.0.1"
        }
    }

    #[ivy::kernels]
    impl ElementwiseKernels for Halfless {
        #[unsupported_dtypes("2.0.1 and below" => (float16, complex))]
        fn expm1(&self, x: &Array) -> Result<Array> {
            let h = x
                .host()
                .ok_or_else(|| Error::invalid("expm1", "not a host array"))?;
            let x64 = Array::from_host(&HALFLESS, x.shape().clone(), h.cast(Dtype::Float64))?;
            let v: Vec<f64> = x64.to_vec::<f64>()?.iter().map(|v| v.exp_m1()).collect();
            let h = HostData::from(v).cast(x.dtype());
            Array::from_host(&HALFLESS, x.shape().clone(), h)
        }
    }

    #[ivy::kernels]
    impl DataTypeKernels for Halfless {
        fn astype(&self, x: &Array, dtype: Dtype, copy: bool) -> Result<Array> {
            let _ = copy;
            let h = x
                .host()
                .ok_or_else(|| Error::invalid("astype", "not a host array"))?;
            Array::from_host(&HALFLESS, x.shape().clone(), h.cast(dtype))
        }
    }

    ivy::register_backend! {
        /// The test backend.
        pub static HALFLESS: Halfless = Halfless;
        kernels: [elementwise, data_type];
    }
}

#[test]
fn the_seed_float16_example_under_each_mode() -> Result<()> {
    let h = ivy::get_backend("halfless")?;
    let x = h.astype(&h.run(|| ivy::array![1.0f32, 0.5]), Dtype::Float16)?;
    assert_eq!(x.backend().name(), "halfless");
    // No mode: the unsupported error, naming op, dtype, backend, version.
    let e = h.expm1(&x).unwrap_err();
    let msg = e.to_string();
    assert!(matches!(e, Error::UnsupportedDtype { .. }), "{msg}");
    for part in ["expm1", "float16", "halfless", "2.0.1"] {
        assert!(msg.contains(part), "{part} in {msg}");
    }
    let want = [1f64.exp_m1(), 0.5f64.exp_m1()];
    let close = |y: &ivy::Array, tol: f64| -> Result<()> {
        for (a, b) in h
            .astype(y, Dtype::Float64)?
            .to_vec::<f64>()?
            .iter()
            .zip(want)
        {
            assert!((a - b).abs() <= tol, "{a} vs {b}");
        }
        Ok(())
    };
    {
        let _g = ivy::UpcastDataTypes::new(true);
        let y = h.expm1(&x)?;
        assert_eq!(y.dtype(), Dtype::Float32); // not cast back (as in Ivy)
        close(&y, 1e-6)?;
    }
    {
        let _g = ivy::DowncastDataTypes::new(true);
        let y = h.expm1(&x)?;
        assert_eq!(y.dtype(), Dtype::BFloat16);
        close(&y, 1e-2)?;
    }
    {
        // All three: crosscasting comes first, and the op does not support
        // bool, so Ivy's cross_caster picks the default int dtype (the
        // values are truncated: 1 and 0), which expm1 takes through its
        // integer-to-float cast.
        let _g = ivy::CastDataTypes::new(true);
        let y = h.expm1(&x)?;
        assert_eq!(y.dtype(), Dtype::Float32);
        assert_eq!(y.to_vec::<f32>()?, [1f64.exp_m1() as f32, 0.0]);
    }
    // The modes are off again: the error is back.
    assert!(h.expm1(&x).is_err());
    Ok(())
}

#[cfg(feature = "candle")]
mod candle_casting {
    use super::*;

    /// The seed's op without float support, on candle: `one_hot` takes
    /// integer indices only; crosscasting casts float indices to the
    /// default int dtype.
    #[test]
    fn an_op_without_float_support_crosscasts_to_the_default_int() -> Result<()> {
        let cd = ivy::get_backend("candle")?;
        let xf = cd.asarray(vec![0.0f32, 2.0, 1.0])?;
        let e = cd.one_hot(&xf, 3).unwrap_err();
        let msg = e.to_string();
        for part in ["one_hot", "float32", "candle", ivy::candle::CANDLE_VERSION] {
            assert!(msg.contains(part), "{part} in {msg}");
        }
        // Upcasting finds no float dtype one_hot supports: still the error.
        {
            let _g = ivy::UpcastDataTypes::new(true);
            assert!(matches!(
                cd.one_hot(&xf, 3),
                Err(Error::UnsupportedDtype { .. })
            ));
        }
        // An op candle has no kernel for supports nothing: every mode
        // finds no supported target, and the error comes back (no loop).
        {
            let _g = ivy::CastDataTypes::new(true);
            let e = cd.eigvals(&xf).unwrap_err();
            assert!(matches!(e, Error::UnsupportedDtype { .. }), "{e}");
        }
        let want = cd.one_hot(&cd.asarray(vec![0i32, 2, 1])?, 3)?;
        for guard in [0, 1] {
            let _c = (guard == 0).then(|| ivy::CrosscastDataTypes::new(true));
            let _a = (guard == 1).then(|| ivy::CastDataTypes::new(true));
            let y = cd.one_hot(&xf, 3)?;
            assert_eq!(y.backend().name(), "candle");
            assert_eq!(
                (y.dtype(), y.shape().dims()),
                (want.dtype(), want.shape().dims())
            );
            assert_eq!(y.to_vec::<f32>()?, want.to_vec::<f32>()?);
            assert_eq!(
                y.to_vec::<f32>()?,
                [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0]
            );
        }
        Ok(())
    }
}

#[cfg(feature = "candle")]
mod candle_dtype_argument {
    use super::*;

    /// A `dtype` argument the kernel refuses (candle's `arange` has no
    /// bool) is replaced by the casting modes' choice and the result cast
    /// back to it, as Ivy does with a given `dtype` keyword.
    #[test]
    fn a_refused_dtype_argument_runs_cast_and_comes_back() -> Result<()> {
        let cd = ivy::get_backend("candle")?;
        let o = || ivy::opts::Arange::new().stop(3).dtype(Dtype::Bool);
        let e = cd.arange_with(0, o()).unwrap_err();
        assert!(matches!(e, Error::UnsupportedDtype { .. }), "{e}");
        // Up/downcasting has no family for bool: still the error.
        {
            let _g = ivy::UpcastDataTypes::new(true);
            assert!(cd.arange_with(0, o()).is_err());
        }
        let _g = ivy::CrosscastDataTypes::new(true);
        let y = cd.arange_with(0, o())?;
        assert_eq!(y.backend().name(), "candle");
        assert_eq!(
            (y.dtype(), y.to_vec::<bool>()?),
            (Dtype::Bool, vec![false, true, true])
        );
        // A supported dtype argument is untouched.
        let z = cd.arange_with(0, ivy::opts::Arange::new().stop(3).dtype(Dtype::Int16))?;
        assert_eq!(z.dtype(), Dtype::Int16);
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// Superset behaviour
// ---------------------------------------------------------------------------

#[cfg(feature = "candle")]
mod superset {
    use super::*;
    use ivy::Array;

    fn both(f: impl Fn(ivy::BackendHandle) -> Result<Array>) -> Result<(Array, Array)> {
        let nd = f(ivy::get_backend("ndarray")?)?;
        let cd = f(ivy::get_backend("candle")?)?;
        assert_eq!(cd.backend().name(), "candle");
        Ok((nd, cd))
    }

    /// Every op candle has a kernel for takes every integer dtype the
    /// ndarray backend takes (among candle's valid dtypes): where candle
    /// itself has no integer kernel, the spec's cast or the kernel's
    /// superset path supplies it.
    #[test]
    fn candle_kernels_take_the_integers_ndarray_takes() -> Result<()> {
        let nd = ivy::get_backend("ndarray")?;
        let cd = ivy::get_backend("candle")?;
        let ints = cd.valid_dtypes() & ivy::DtypeSet::INT;
        for op in ivy::catalogue::ops() {
            let Some(id) = op.id else { continue };
            if !cd.entry().has_kernel(id) {
                continue;
            }
            let missing =
                (op.supported_dtypes(nd.entry()) & ints) - op.supported_dtypes(cd.entry());
            assert!(missing.is_empty(), "{}: candle lacks {missing:?}", op.name);
        }
        Ok(())
    }

    /// The seed's example: `cos` on integers is computed in the default
    /// float dtype on both backends, with the same result.
    #[test]
    fn cos_of_integers_does_not_depend_on_the_backend() -> Result<()> {
        for d in [Dtype::UInt8, Dtype::Int16, Dtype::Int32, Dtype::Int64] {
            let (a, b) = both(|h| h.cos(&h.astype(&h.asarray(vec![0i32, 1, 2, 3])?, d)?))?;
            assert_eq!((a.dtype(), b.dtype()), (Dtype::Float32, Dtype::Float32));
            let want: Vec<f32> = [0f32, 1.0, 2.0, 3.0].iter().map(|v| v.cos()).collect();
            for (x, y) in a.to_vec::<f32>()?.iter().zip(b.to_vec::<f32>()?) {
                assert!((x - y).abs() <= 1e-6, "{d}: {x} vs {y}");
            }
            for (x, w) in b.to_vec::<f32>()?.iter().zip(&want) {
                assert!((x - w).abs() <= 1e-6, "{d}: {x} vs {w}");
            }
        }
        Ok(())
    }

    /// `pow` and `matmul`, which candle computes on floats only, give the
    /// integer results (dtype and values) the ndarray backend gives.
    #[test]
    fn integer_pow_and_matmul_match_ndarray() -> Result<()> {
        let (a, b) = both(|h| {
            h.pow(
                &h.asarray(vec![2i32, 3, 2, 1, -1, -1, 0, 5, 0, -3, 2])?,
                &h.asarray(vec![3i32, 2, -1, -5, -2, -3, -1, 0, 0, 3, 31])?,
            )
        })?;
        assert_eq!(b.dtype(), Dtype::Int32);
        assert_eq!(b.to_vec::<i32>()?, a.to_vec::<i32>()?);
        assert_eq!(
            b.to_vec::<i32>()?,
            [8, 9, 0, 1, 1, -1, 0, 1, 1, -27, i32::MIN]
        );
        let (a, b) = both(|h| h.pow(&h.asarray(vec![2u8, 7])?, &h.asarray(vec![8u8, 2])?))?;
        assert_eq!((b.dtype(), b.to_vec::<u8>()?), (Dtype::UInt8, vec![0, 49]));
        assert_eq!(a.to_vec::<u8>()?, b.to_vec::<u8>()?);
        for d in [
            Dtype::UInt8,
            Dtype::UInt32,
            Dtype::Int16,
            Dtype::Int32,
            Dtype::Int64,
        ] {
            let (a, b) = both(|h| {
                let x = h.astype(&h.reshape(&h.arange(6.0)?, [2, 3])?, d)?;
                let y = h.astype(&h.reshape(&h.arange(6.0)?, [3, 2])?, d)?;
                h.matmul(&x, &y)
            })?;
            assert_eq!(b.dtype(), d);
            let (a, b) = (
                ivy::astype(&a, Dtype::Int64)?,
                ivy::astype(&b, Dtype::Int64)?,
            );
            assert_eq!(b.to_vec::<i64>()?, [10, 13, 28, 40]);
            assert_eq!(a.to_vec::<i64>()?, b.to_vec::<i64>()?);
        }
        // Vectors, as NumPy treats them.
        let (a, b) =
            both(|h| h.matmul(&h.asarray(vec![1i64, 2, 3])?, &h.asarray(vec![4i64, 5, 6])?))?;
        assert_eq!(
            (a.to_vec::<i64>()?, b.to_vec::<i64>()?),
            (vec![32], vec![32])
        );
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// Device tables
// ---------------------------------------------------------------------------

/// A backend that declares a gpu besides the cpu, with device tables on its
/// kernels (computed on the host: arrays only live on its cpu).
mod devs {
    use ivy::backend::BackendBase;
    use ivy::kernels::{DataTypeKernels, ElementwiseKernels};
    use ivy::{Array, Device, Dtype, Error, HostData, Result};

    pub struct Devs;

    impl BackendBase for Devs {
        fn name(&self) -> &'static str {
            "devs"
        }
        fn version(&self) -> &'static str {
            "1.5.0"
        }
        fn devices(&self) -> &'static [Device] {
            &[Device::Cpu, Device::Gpu(0)]
        }
    }

    fn map(op: &str, x: &Array, f: fn(f64) -> f64) -> Result<Array> {
        let h = x
            .host()
            .ok_or_else(|| Error::invalid(op, "not a host array"))?;
        let x64 = Array::from_host(&DEVS, x.shape().clone(), h.cast(Dtype::Float64))?;
        let v: Vec<f64> = x64.to_vec::<f64>()?.into_iter().map(f).collect();
        Array::from_host(&DEVS, x.shape().clone(), HostData::from(v).cast(x.dtype()))
    }

    #[ivy::kernels]
    impl ElementwiseKernels for Devs {
        #[unsupported_devices("1.0 and above" => (gpu))]
        fn sin(&self, x: &Array) -> Result<Array> {
            map("sin", x, f64::sin)
        }

        #[unsupported_device_and_dtypes(
            "1.4 and below" => { all: (float64) },
            "1.5 and above" => { cpu: (float16), gpu: (bfloat16, float16), all: (complex) }
        )]
        fn cos(&self, x: &Array) -> Result<Array> {
            map("cos", x, f64::cos)
        }

        #[supported_device_and_dtypes("1.0 and above" => { cpu: (float), gpu: (float32) })]
        fn multiply(&self, x1: &Array, x2: &Array) -> Result<Array> {
            let (a, b) = (x1.to_vec::<f32>()?, x2.to_vec::<f32>()?);
            let v: Vec<f32> = a.iter().zip(&b).map(|(a, b)| a * b).collect();
            Array::from_host(&DEVS, x1.shape().clone(), HostData::from(v))
        }
    }

    #[ivy::kernels]
    impl DataTypeKernels for Devs {
        fn astype(&self, x: &Array, dtype: Dtype, copy: bool) -> Result<Array> {
            let _ = copy;
            let h = x
                .host()
                .ok_or_else(|| Error::invalid("astype", "not a host array"))?;
            Array::from_host(&DEVS, x.shape().clone(), h.cast(dtype))
        }
    }

    ivy::register_backend! {
        /// The test backend.
        pub static DEVS: Devs = Devs;
        kernels: [elementwise, data_type];
    }
}

/// A compositional op: its device tables are derived from the ops it calls.
#[ivy::op]
fn sin_times_cos(x: Array) -> Array {
    ivy::multiply(&ivy::sin(x)?, &ivy::cos(x)?)
}

/// A compositional op with its own device table for one backend (Ivy's
/// `unsupported_devices` attribute), combined with what it derives.
#[ivy::op(unsupported_devices(backend = "devs", "1.0 and above" => (gpu)))]
fn cos_twice(x: Array) -> Array {
    ivy::cos(&ivy::cos(x)?)
}

#[test]
fn device_tables_resolve_and_derive() -> Result<()> {
    use ivy::{Device, DeviceSet, DtypeSet};
    let h = ivy::get_backend("devs")?;
    let _on = h.enter();
    let both = DeviceSet::CPU | DeviceSet::GPU;
    // Device tables: sin has no gpu; cos and multiply run on both.
    assert_eq!(ivy::function_supported_devices("sin")?, DeviceSet::CPU);
    assert_eq!(
        ivy::function_unsupported_devices("sin")?,
        DeviceSet::GPU | DeviceSet::TPU
    );
    assert_eq!(ivy::function_supported_devices("cos")?, both);
    // A primary op without a kernel runs nowhere.
    assert_eq!(ivy::function_supported_devices("tan")?, DeviceSet::EMPTY);
    // Device-and-dtype tables, resolved for 1.5.0 (the second row).
    let cos = ivy::function_supported_devices_and_dtypes("cos")?;
    let floats = DtypeSet::FLOAT;
    let (cpu, gpu) = (cos[0].1 & floats, cos[1].1 & floats);
    assert_eq!((cos[0].0, cos[1].0), (Device::Cpu, Device::Gpu(0)));
    assert_eq!(
        cpu,
        DtypeSet::of(&[Dtype::BFloat16, Dtype::Float32, Dtype::Float64])
    );
    assert_eq!(gpu, DtypeSet::of(&[Dtype::Float32, Dtype::Float64]));
    // function_supported_dtypes is the cpu answer, what calls are checked
    // against (the backend's arrays live on its cpu).
    assert_eq!(ivy::function_supported_dtypes("cos")?, cos[0].1);
    let x = ivy::array![0.5f32, 1.0];
    let x = h.to_backend(&x)?;
    let half = h.astype(&x, Dtype::Float16)?;
    let e = ivy::cos(&half).unwrap_err();
    assert!(
        e.to_string().contains("float16") && e.to_string().contains("devs"),
        "{e}"
    );
    assert!(ivy::cos(&h.astype(&x, Dtype::BFloat16)?).is_ok());
    // Unsupported devices and dtypes: every dtype on tpu.
    let un = ivy::function_unsupported_devices_and_dtypes("cos")?;
    assert_eq!(un[2], (Device::Tpu(0), DtypeSet::ALL));
    assert!(un[1].1.contains(Dtype::BFloat16) && !un[0].1.contains(Dtype::BFloat16));
    // Derived for a compositional op: devices intersect (sin has no gpu),
    // dtypes intersect per device (multiply: floats on cpu, float32 on gpu;
    // cos: no float16 on cpu).
    let op = ivy::catalogue::op("sin_times_cos")?;
    assert_eq!(op.supported_devices(h.entry()), DeviceSet::CPU);
    assert_eq!(
        op.unsupported_devices(h.entry()),
        DeviceSet::GPU | DeviceSet::TPU
    );
    let s = op.supported_devices_and_dtypes(h.entry());
    assert_eq!(s.len(), 1);
    assert_eq!(
        s[0].1 & floats,
        DtypeSet::of(&[Dtype::BFloat16, Dtype::Float32, Dtype::Float64])
    );
    let u = op.unsupported_devices_and_dtypes(h.entry());
    assert_eq!(u[1], (Device::Gpu(0), DtypeSet::ALL));
    // The op's own table removes the gpu its callee (cos) has; on another
    // backend the table does not apply.
    let op = ivy::catalogue::op("cos_twice")?;
    assert_eq!(op.supported_devices(h.entry()), DeviceSet::CPU);
    assert_eq!(ivy::function_supported_devices("cos")?, both);
    let nd = ivy::get_backend("ndarray")?;
    assert_eq!(op.supported_devices(nd.entry()), DeviceSet::CPU);
    assert_eq!(cos_twice(&x)?.dtype(), Dtype::Float32);
    let y = sin_times_cos(&x)?;
    let want: Vec<f32> = [0.5f32, 1.0].iter().map(|v| v.sin() * v.cos()).collect();
    for (a, b) in y.to_vec::<f32>()?.iter().zip(want) {
        assert!((a - b).abs() < 1e-6);
    }
    Ok(())
}

/// A user op, differentiable through the ops it calls.
mod user_op {
    use ivy::{Array, Container};

    /// `x * tanh(softplus(x))`, written in ivy ops by a user.
    #[ivy::op(category = activations, dtypes(float))]
    fn my_mish(x: Array) -> Array {
        ivy::multiply(x, &ivy::tanh(&ivy::softplus(x)?)?)
    }

    #[test]
    fn a_user_op_is_differentiable_through_the_ops_it_calls() {
        let x = Array::from_vec(vec![-1.0f64, 0.5, 2.0]);
        let g = ivy::grad(|x: &Array| ivy::sum(&my_mish(x)?))(&x)
            .unwrap()
            .to_vec::<f64>()
            .unwrap();
        for (i, &v) in [-1.0f64, 0.5, 2.0].iter().enumerate() {
            let sp = v.exp().ln_1p();
            let t = sp.tanh();
            let want = t + v * (1.0 - t * t) * (1.0 / (1.0 + (-v).exp()));
            assert!((g[i] - want).abs() < 1e-12, "{} vs {want}", g[i]);
        }
        // And over a container, through the generated method.
        let c = ivy::container! { a: x.clone() };
        let gc = ivy::grad(|c: &Container| ivy::sum(c.my_mish()?.leaf("a")?))(&c).unwrap();
        assert_eq!(gc.leaf("a").unwrap().to_vec::<f64>().unwrap(), g);
    }
}
