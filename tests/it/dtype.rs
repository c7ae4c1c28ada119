//! Integration tests of ivy's dtype rules: promotion against Ivy's tables
//! (`tests/data/promotion.json`, read from the reference implementation),
//! defaults and precise mode (stacks, guards, threads), inference thresholds,
//! machine limits, valid sets and the laws promotion obeys.
//!
//! Expected values come from the JSON files, the reference notes or NumPy
//! facts, never from ivy's own output.

use ivy::{Complex64, Dtype, DtypeLike, DtypeSet, Error, Scalar};
use proptest::prelude::*;
use serde_json::Value;
use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Barrier, OnceLock};

// ---------------------------------------------------------------------------
// Reference data
// ---------------------------------------------------------------------------

fn load(name: &str) -> Value {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn promotion_json() -> &'static Value {
    static JSON: OnceLock<Value> = OnceLock::new();
    JSON.get_or_init(|| load("promotion.json"))
}

fn dt(name: &str) -> Dtype {
    name.parse()
        .unwrap_or_else(|_| panic!("unknown dtype {name}"))
}

/// The ordered-pair table of one mode (`precise`, `non_precise` or
/// `array_api_promotion_true`); `None` for `"ERROR"`.
fn table(mode: &str) -> HashMap<(Dtype, Dtype), Option<Dtype>> {
    let obj = promotion_json()[mode].as_object().unwrap();
    obj.iter()
        .map(|(k, v)| {
            let (a, b) = k.split_once(',').unwrap();
            let v = v.as_str().unwrap();
            (
                (dt(a), dt(b)),
                if v == "ERROR" { None } else { Some(dt(v)) },
            )
        })
        .collect()
}

fn pairs(list: &Value) -> BTreeSet<(Dtype, Dtype)> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|k| {
            let (a, b) = k.as_str().unwrap().split_once(',').unwrap();
            (dt(a), dt(b))
        })
        .collect()
}

fn expected(precise: bool, a: Dtype, b: Dtype) -> Dtype {
    static P: OnceLock<HashMap<(Dtype, Dtype), Option<Dtype>>> = OnceLock::new();
    static NP: OnceLock<HashMap<(Dtype, Dtype), Option<Dtype>>> = OnceLock::new();
    let t = if precise {
        P.get_or_init(|| table("precise"))
    } else {
        NP.get_or_init(|| table("non_precise"))
    };
    t[&(a, b)].unwrap()
}

fn any_dtype() -> impl Strategy<Value = Dtype> {
    (0u8..15).prop_map(|i| Dtype::from_index(i).unwrap())
}

// ---------------------------------------------------------------------------
// Promotion tables
// ---------------------------------------------------------------------------

#[test]
fn json_lists_the_15_dtypes_in_ivys_order() {
    let names: Vec<&str> = promotion_json()["_meta"]["dtypes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let ours: Vec<&str> = Dtype::ALL.iter().map(|d| d.name()).collect();
    assert_eq!(names, ours);
}

#[test]
fn all_225_pairs_match_in_precise_mode() {
    let t = table("precise");
    assert_eq!(t.len(), 225);
    assert!(ivy::precise_mode(), "precise mode is the default");
    for (&(a, b), &want) in &t {
        assert_eq!(ivy::promote_types(a, b).ok(), want, "precise {a},{b}");
    }
}

#[test]
fn all_225_pairs_match_in_non_precise_mode() {
    let t = table("non_precise");
    assert_eq!(t.len(), 225);
    ivy::set_precise_mode(false);
    for (&(a, b), &want) in &t {
        assert_eq!(ivy::promote_types(a, b).ok(), want, "non-precise {a},{b}");
    }
    ivy::unset_precise_mode();
    // and once more through the guard
    let _g = ivy::PreciseMode::new(false);
    for (&(a, b), &want) in &t {
        assert_eq!(ivy::promote_types(a, b).ok(), want, "non-precise {a},{b}");
    }
}

#[test]
fn no_pair_is_undefined_in_either_mode() {
    let undefined = &promotion_json()["undefined_pairs"];
    assert!(pairs(&undefined["precise"]).is_empty());
    assert!(pairs(&undefined["non_precise"]).is_empty());
    for precise in [true, false] {
        ivy::with_precise_mode(precise, || {
            for a in Dtype::ALL {
                for b in Dtype::ALL {
                    assert!(ivy::promote_types(a, b).is_ok(), "{a},{b}");
                }
            }
        });
    }
}

#[test]
fn promotion_is_symmetric_in_both_modes() {
    for precise in [true, false] {
        ivy::with_precise_mode(precise, || {
            for a in Dtype::ALL {
                for b in Dtype::ALL {
                    assert_eq!(ivy::promote_types(a, b).ok(), ivy::promote_types(b, a).ok());
                }
            }
        });
    }
}

#[test]
fn modes_differ_exactly_on_the_listed_pairs() {
    let listed = pairs(&promotion_json()["_meta"]["diff_precise_vs_non_precise_unordered"]);
    let mut differing = BTreeSet::new();
    for a in Dtype::ALL {
        for b in Dtype::ALL {
            let p = ivy::with_precise_mode(true, || ivy::promote_types(a, b).unwrap());
            let np = ivy::with_precise_mode(false, || ivy::promote_types(a, b).unwrap());
            if p != np {
                differing.insert((a, b));
            }
        }
    }
    // the JSON lists each unordered pair once, in name order
    let unordered: BTreeSet<(Dtype, Dtype)> = differing
        .iter()
        .filter(|(a, b)| a.name() < b.name())
        .copied()
        .collect();
    assert_eq!(unordered, listed);
    assert_eq!(differing.len(), 2 * listed.len());
}

#[test]
fn array_api_table_errors_exactly_on_the_undefined_pairs() {
    let undefined = pairs(&promotion_json()["undefined_pairs"]["array_api_promotion_true"]);
    let t = table("array_api_promotion_true");
    assert_eq!(t.len(), 225);
    for a in Dtype::ALL {
        for b in Dtype::ALL {
            match ivy::array_api_promote_types(a, b) {
                Ok(d) => {
                    assert!(!undefined.contains(&(a, b)), "{a},{b} should fail");
                    assert_eq!(Some(d), t[&(a, b)], "{a},{b}");
                }
                Err(e) => {
                    assert!(undefined.contains(&(a, b)), "{a},{b} should succeed");
                    assert_eq!(t[&(a, b)], None);
                    assert_eq!(
                        e,
                        Error::NoPromotion {
                            op: "promote_types".into(),
                            a,
                            b,
                            array_api: true
                        }
                    );
                    assert!(e.to_string().contains(a.name()) && e.to_string().contains(b.name()));
                }
            }
        }
    }
    // the array API table does not depend on precise mode
    ivy::with_precise_mode(false, || {
        assert_eq!(
            ivy::array_api_promote_types(Dtype::Int8, Dtype::UInt8),
            Ok(Dtype::Int16)
        );
        assert!(ivy::array_api_promote_types(Dtype::Int32, Dtype::Float32).is_err());
    });
}

#[test]
fn notable_facts_of_the_reference() {
    use Dtype::*;
    // _meta.notable and bool_with_numeric, in both modes
    for precise in [true, false] {
        ivy::with_precise_mode(precise, || {
            for s in [Int8, Int16, Int32, Int64] {
                assert_eq!(ivy::promote_types(UInt64, s), Ok(Float64));
            }
            assert_eq!(ivy::promote_types(Float16, BFloat16), Ok(Float32));
            assert_eq!(ivy::promote_types(Int8, Float16), Ok(Float16));
            assert_eq!(ivy::promote_types(UInt8, BFloat16), Ok(BFloat16));
            assert_eq!(ivy::promote_types(Complex64, Float64), Ok(Complex128));
            for d in Dtype::ALL {
                assert_eq!(ivy::promote_types(Bool, d), Ok(d));
            }
        });
    }
    assert_eq!(ivy::promote_types(Int16, Float16), Ok(Float32));
    assert_eq!(ivy::promote_types(Int64, Float32), Ok(Float64));
    assert_eq!(ivy::promote_types(UInt32, Complex64), Ok(Complex128));
    ivy::with_precise_mode(false, || {
        assert_eq!(ivy::promote_types(Int64, Float16), Ok(Float16));
        assert_eq!(ivy::promote_types(UInt64, Complex64), Ok(Complex64));
    });
}

#[test]
fn can_cast_is_promotion_to_the_target_in_both_modes() {
    for precise in [true, false] {
        ivy::with_precise_mode(precise, || {
            for a in Dtype::ALL {
                for b in Dtype::ALL {
                    assert_eq!(
                        ivy::can_cast(a, b),
                        expected(precise, a, b) == b,
                        "{a}->{b}"
                    );
                }
                assert!(ivy::can_cast(a, a));
                assert!(ivy::can_cast(Dtype::Bool, a));
            }
        });
    }
    // Ivy's own docstring examples
    assert!(ivy::can_cast(Dtype::UInt8, Dtype::Int32));
    assert!(!ivy::can_cast(Dtype::Float64, Dtype::Int64));
    assert!(!ivy::can_cast(Dtype::Int16, Dtype::UInt8));
}

// ---------------------------------------------------------------------------
// Laws
// ---------------------------------------------------------------------------

/// Triples where `promote(a, promote(b, c)) != promote(promote(a, b), c)`,
/// from the reference tables.
fn non_associative_triples(precise: bool) -> Vec<(Dtype, Dtype, Dtype)> {
    let p = |a, b| expected(precise, a, b);
    let mut out = Vec::new();
    for a in Dtype::ALL {
        for b in Dtype::ALL {
            for c in Dtype::ALL {
                if p(a, p(b, c)) != p(p(a, b), c) {
                    out.push((a, b, c));
                }
            }
        }
    }
    out
}

#[test]
fn promotion_is_not_associative_and_we_agree_with_ivy_where_it_fails() {
    for precise in [true, false] {
        let triples = non_associative_triples(precise);
        assert!(
            !triples.is_empty(),
            "the reference tables are not associative"
        );
        ivy::with_precise_mode(precise, || {
            for (a, b, c) in triples {
                let left = ivy::promote_types(ivy::promote_types(a, b).unwrap(), c).unwrap();
                let right = ivy::promote_types(a, ivy::promote_types(b, c).unwrap()).unwrap();
                assert_ne!(left, right, "{a},{b},{c}");
                assert_eq!(left, expected(precise, expected(precise, a, b), c));
            }
        });
    }
    // the classic case: (int8 + uint8) + float16 vs int8 + (uint8 + float16)
    assert!(non_associative_triples(true).contains(&(Dtype::Int8, Dtype::UInt8, Dtype::Float16)));
}

proptest! {
    /// Promotion is commutative, idempotent, has `bool` as identity, absorbs
    /// (`promote(a, promote(a, b)) == promote(a, b)`) and makes `can_cast`
    /// transitive, in both modes. It is **not** associative (see
    /// `promotion_is_not_associative_and_we_agree_with_ivy_where_it_fails`),
    /// so no associativity law is asserted.
    #[test]
    fn promotion_laws(a in any_dtype(), b in any_dtype(), c in any_dtype(), precise in any::<bool>()) {
        let _g = ivy::PreciseMode::new(precise);
        let ab = ivy::promote_types(a, b).unwrap();
        prop_assert_eq!(ab, ivy::promote_types(b, a).unwrap());
        prop_assert_eq!(ivy::promote_types(a, a).unwrap(), a);
        prop_assert_eq!(ivy::promote_types(Dtype::Bool, a).unwrap(), a);
        prop_assert_eq!(ivy::promote_types(a, ab).unwrap(), ab);
        if ivy::can_cast(a, b) && ivy::can_cast(b, c) {
            prop_assert!(ivy::can_cast(a, c));
        }
        prop_assert_eq!(ab, expected(precise, a, b));
    }

    /// A strong operand next to a weak scalar of the same kind keeps its dtype.
    #[test]
    fn weak_scalars_of_the_same_kind_never_widen(a in any_dtype(), v in -1000i64..1000, x in -1e3f64..1e3) {
        if a.is_int() {
            prop_assert_eq!(ivy::promote_types_of_inputs(a, v).unwrap(), a);
        }
        if a.is_float() || a.is_complex() {
            prop_assert_eq!(ivy::promote_types_of_inputs(a, x).unwrap(), a);
            prop_assert_eq!(ivy::promote_types_of_inputs(v, a).unwrap(), a);
        }
    }
}

// ---------------------------------------------------------------------------
// Scalars, arrays and result_type
// ---------------------------------------------------------------------------

#[test]
fn promote_types_of_inputs_follows_ivys_scalar_rule() {
    use Dtype::*;
    // _meta.notable, last entry: float scalar with an int array -> float64
    assert_eq!(ivy::promote_types_of_inputs(Int32, 1.5), Ok(Float64));
    assert_eq!(ivy::promote_types_of_inputs(0.5f32, UInt16), Ok(Float64));
    // non-bool scalar with a bool array -> the scalar's inferred dtype
    assert_eq!(ivy::promote_types_of_inputs(Bool, 3), Ok(Int32));
    assert_eq!(ivy::promote_types_of_inputs(Bool, 2.0), Ok(Float32));
    assert_eq!(ivy::promote_types_of_inputs(Bool, 1u64 << 63), Ok(UInt64));
    assert_eq!(ivy::promote_types_of_inputs(Bool, true), Ok(Bool));
    // complex scalar with a non-complex array -> complex128
    let z = ivy::Complex64::new(1.0, -1.0);
    assert_eq!(ivy::promote_types_of_inputs(Float16, z), Ok(Complex128));
    assert_eq!(ivy::promote_types_of_inputs(UInt8, z), Ok(Complex128));
    assert_eq!(ivy::promote_types_of_inputs(Complex64, z), Ok(Complex64));
    // otherwise the scalar takes the array's dtype
    assert_eq!(ivy::promote_types_of_inputs(Int8, 100_000), Ok(Int8));
    assert_eq!(ivy::promote_types_of_inputs(BFloat16, 7), Ok(BFloat16));
    assert_eq!(ivy::promote_types_of_inputs(Float32, 1e300), Ok(Float32));
    assert_eq!(
        ivy::promote_types_of_inputs(Complex128, 2.0),
        Ok(Complex128)
    );
    // two scalars: each its default dtype, then promote
    assert_eq!(ivy::promote_types_of_inputs(2, 3), Ok(Int32));
    assert_eq!(ivy::promote_types_of_inputs(2, 1i64 << 40), Ok(Int64));
    assert_eq!(ivy::promote_types_of_inputs(2, 3.0), Ok(Float64)); // int32 with float32, precise
    assert_eq!(
        ivy::with_precise_mode(false, || ivy::promote_types_of_inputs(2, 3.0)),
        Ok(Float32)
    );
    // two strong operands: promote_types
    assert_eq!(ivy::promote_types_of_inputs(UInt64, Int8), Ok(Float64));
}

#[test]
fn every_rust_number_is_a_weak_scalar() {
    let weak: Vec<DtypeLike> = vec![
        true.into(),
        1i8.into(),
        1i16.into(),
        1i32.into(),
        1i64.into(),
        1isize.into(),
        1u8.into(),
        1u16.into(),
        1u32.into(),
        1u64.into(),
        1usize.into(),
        1f32.into(),
        1f64.into(),
        ivy::Complex32::new(1.0, 0.0).into(),
        Complex64::new(1.0, 0.0).into(),
    ];
    for w in weak {
        assert!(w.is_weak(), "{w:?}");
        // an int8 array with any of them stays int8, except floats and complex
        let d = ivy::promote_types_of_inputs(Dtype::Int8, w).unwrap();
        match w {
            DtypeLike::Weak(Scalar::Float(_)) => assert_eq!(d, Dtype::Float64),
            DtypeLike::Weak(Scalar::Complex(_)) => assert_eq!(d, Dtype::Complex128),
            _ => assert_eq!(d, Dtype::Int8),
        }
    }
    assert_eq!(
        DtypeLike::from(Scalar::Int(5)),
        DtypeLike::Weak(Scalar::Int(5))
    );
    assert_eq!(
        DtypeLike::from(Dtype::UInt8),
        DtypeLike::Strong(Dtype::UInt8)
    );
}

#[test]
fn arrays_are_strong_operands() {
    let x = ivy::Array::from_vec(vec![1u8, 2, 3]);
    assert_eq!(DtypeLike::from(&x), DtypeLike::Strong(Dtype::UInt8));
    assert_eq!(ivy::promote_types_of_inputs(&x, 300), Ok(Dtype::UInt8));
    assert_eq!(
        ivy::promote_types_of_inputs(&x, Dtype::Int8),
        Ok(Dtype::Int16)
    );
    let y = ivy::Array::scalar(true);
    assert_eq!(ivy::promote_types_of_inputs(&y, 2.5), Ok(Dtype::Float32));
    assert_eq!(
        ivy::result_type(&[(&x).into(), (&y).into(), 0.5.into()]),
        Ok(Dtype::Float64)
    );
}

#[test]
fn result_type_uses_ivys_tables() {
    use Dtype::*;
    let r = |items: &[DtypeLike]| ivy::result_type(items).unwrap();
    // strong items fold left to right with promote_types
    assert_eq!(r(&[Int8.into(), UInt8.into(), Float16.into()]), Float32);
    assert_eq!(r(&[UInt8.into(), Float16.into(), Int8.into()]), Float16);
    assert_eq!(r(&[UInt64.into(), Int64.into()]), Float64);
    // weak scalars adapt to the strong result
    assert_eq!(r(&[3.into(), Int16.into()]), Int16);
    assert_eq!(r(&[Int16.into(), 0.5.into()]), Float64);
    assert_eq!(r(&[Float16.into(), 0.5.into(), 1.into()]), Float16);
    assert_eq!(r(&[Bool.into(), 1.into()]), Int32);
    // all weak: their default dtypes
    assert_eq!(r(&[1.into()]), Int32);
    assert_eq!(r(&[true.into(), false.into()]), Bool);
    // int32 with complex64 is complex128 in precise mode, complex64 otherwise
    let z = ivy::Complex64::new(0.0, 1.0);
    assert_eq!(r(&[1.into(), z.into()]), Complex128);
    assert_eq!(
        ivy::with_precise_mode(false, || r(&[1.into(), z.into()])),
        Complex64
    );
    // precise mode applies
    assert_eq!(
        ivy::with_precise_mode(false, || r(&[Int32.into(), Float32.into()])),
        Float32
    );
    // empty input names the function
    let e = ivy::result_type(&[]).unwrap_err();
    assert_eq!(e.op(), Some("result_type"));
}

// ---------------------------------------------------------------------------
// Defaults: stacks, guards, closures, threads
// ---------------------------------------------------------------------------

#[test]
fn defaults_without_settings() {
    // reference: float32, int32, uint32, complex64; default_dtype falls back to float
    assert_eq!(ivy::default_dtype(), Dtype::Float32);
    assert_eq!(ivy::default_float_dtype(), Dtype::Float32);
    assert_eq!(ivy::default_int_dtype(), Dtype::Int32);
    assert_eq!(ivy::default_uint_dtype(), Dtype::UInt32);
    assert_eq!(ivy::default_complex_dtype(), Dtype::Complex64);
    assert!(ivy::precise_mode());
}

#[test]
fn set_and_unset_are_a_stack() {
    ivy::set_default_float_dtype(Dtype::Float64).unwrap();
    ivy::set_default_float_dtype(Dtype::Float16).unwrap();
    assert_eq!(ivy::default_float_dtype(), Dtype::Float16);
    // default_dtype falls back to the top of the float stack
    assert_eq!(ivy::default_dtype(), Dtype::Float16);
    ivy::unset_default_float_dtype();
    assert_eq!(ivy::default_float_dtype(), Dtype::Float64);
    ivy::unset_default_float_dtype();
    assert_eq!(ivy::default_float_dtype(), Dtype::Float32);
    // popping an empty stack is a no-op
    ivy::unset_default_float_dtype();
    ivy::unset_default_dtype();
    ivy::unset_default_int_dtype();
    ivy::unset_default_uint_dtype();
    ivy::unset_default_complex_dtype();
    ivy::unset_precise_mode();
    assert_eq!(ivy::default_float_dtype(), Dtype::Float32);
    assert!(ivy::precise_mode());

    ivy::set_default_dtype(Dtype::Int64).unwrap();
    assert_eq!(ivy::default_dtype(), Dtype::Int64);
    assert_eq!(ivy::default_int_dtype(), Dtype::Int64);
    assert_eq!(ivy::default_float_dtype(), Dtype::Float32);
    ivy::unset_default_dtype();

    ivy::set_default_dtype(Dtype::Complex128).unwrap();
    assert_eq!(ivy::default_complex_dtype(), Dtype::Complex128);
    assert_eq!(
        ivy::infer_default_dtype(Dtype::Complex64),
        Dtype::Complex128
    );
    ivy::unset_default_dtype();
}

#[test]
fn setters_reject_the_wrong_kind() {
    use Dtype::*;
    type Setter = fn(Dtype) -> ivy::Result<()>;
    let cases: [(Setter, &str, Dtype); 4] = [
        (
            ivy::set_default_float_dtype,
            "set_default_float_dtype",
            Int32,
        ),
        (ivy::set_default_int_dtype, "set_default_int_dtype", Float32),
        (ivy::set_default_uint_dtype, "set_default_uint_dtype", Int8),
        (
            ivy::set_default_complex_dtype,
            "set_default_complex_dtype",
            Float64,
        ),
    ];
    for (set, name, d) in cases {
        match set(d) {
            Err(Error::InvalidDtype { op, dtype, .. }) => {
                assert_eq!(op, name);
                assert_eq!(dtype, d);
            }
            other => panic!("{name}({d}) gave {other:?}"),
        }
    }
    for d in [Bool, BFloat16, Complex64] {
        assert!(ivy::set_default_int_dtype(d).is_err());
        assert!(ivy::DefaultUintDtype::new(d).is_err());
        assert!(ivy::with_default_float_dtype(Int8, || ()).is_err());
    }
    // nothing was pushed by the failures
    assert_eq!(ivy::default_float_dtype(), Float32);
    assert_eq!(ivy::default_int_dtype(), Int32);
    assert_eq!(ivy::default_uint_dtype(), UInt32);
    assert_eq!(ivy::default_complex_dtype(), Complex64);
}

#[test]
fn guards_restore_the_depth_they_saw() {
    {
        let _outer = ivy::DefaultIntDtype::new(Dtype::Int16).unwrap();
        {
            let _inner = ivy::DefaultIntDtype::new(Dtype::Int64).unwrap();
            ivy::set_default_int_dtype(Dtype::Int8).unwrap(); // left unbalanced on purpose
            assert_eq!(ivy::default_int_dtype(), Dtype::Int8);
        }
        assert_eq!(ivy::default_int_dtype(), Dtype::Int16);
    }
    assert_eq!(ivy::default_int_dtype(), Dtype::Int32);

    let g = ivy::DefaultDtype::new(Dtype::UInt16).unwrap();
    let u = ivy::DefaultUintDtype::new(Dtype::UInt8).unwrap();
    let c = ivy::DefaultComplexDtype::new(Dtype::Complex128).unwrap();
    let f = ivy::DefaultFloatDtype::new(Dtype::BFloat16).unwrap();
    let p = ivy::PreciseMode::new(false);
    assert_eq!(ivy::default_dtype(), Dtype::UInt16);
    assert_eq!(ivy::default_uint_dtype(), Dtype::UInt8);
    assert_eq!(ivy::default_complex_dtype(), Dtype::Complex128);
    assert_eq!(ivy::default_float_dtype(), Dtype::BFloat16);
    assert!(!ivy::precise_mode());
    drop((p, f, c, u, g));
    assert_eq!(ivy::default_dtype(), Dtype::Float32);
    assert_eq!(ivy::default_uint_dtype(), Dtype::UInt32);
    assert_eq!(ivy::default_complex_dtype(), Dtype::Complex64);
    assert!(ivy::precise_mode());
}

#[test]
fn closure_forms_restore_even_on_panic() {
    let got = ivy::with_default_uint_dtype(Dtype::UInt16, ivy::default_uint_dtype).unwrap();
    assert_eq!(got, Dtype::UInt16);
    let got = ivy::with_default_complex_dtype(Dtype::Complex128, || {
        ivy::with_default_int_dtype(Dtype::Int8, || {
            (ivy::default_complex_dtype(), ivy::default_int_dtype())
        })
    });
    assert_eq!(got, Ok(Ok((Dtype::Complex128, Dtype::Int8))));
    let caught = std::panic::catch_unwind(|| {
        let _ = ivy::with_precise_mode(false, || -> u8 { panic!("inside") });
    });
    assert!(caught.is_err());
    assert!(ivy::precise_mode());
    assert_eq!(ivy::default_uint_dtype(), Dtype::UInt32);
}

#[test]
fn settings_are_per_thread() {
    // a new thread starts from the defaults, whatever this thread set
    ivy::set_default_dtype(Dtype::Int16).unwrap();
    ivy::set_default_float_dtype(Dtype::Float64).unwrap();
    ivy::set_precise_mode(false);
    let seen = std::thread::spawn(|| {
        (
            ivy::default_dtype(),
            ivy::default_float_dtype(),
            ivy::precise_mode(),
            ivy::promote_types(Dtype::Int32, Dtype::Float32),
        )
    })
    .join()
    .unwrap();
    assert_eq!(
        seen,
        (Dtype::Float32, Dtype::Float32, true, Ok(Dtype::Float64))
    );
    assert_eq!(
        ivy::promote_types(Dtype::Int32, Dtype::Float32),
        Ok(Dtype::Float32)
    );
    ivy::unset_precise_mode();
    ivy::unset_default_float_dtype();
    ivy::unset_default_dtype();

    // threads changing settings at the same time do not see each other's
    let barrier = Arc::new(Barrier::new(4));
    let handles: Vec<_> = [
        Dtype::BFloat16,
        Dtype::Float16,
        Dtype::Float32,
        Dtype::Float64,
    ]
    .into_iter()
    .enumerate()
    .map(|(i, d)| {
        let barrier = Arc::clone(&barrier);
        std::thread::spawn(move || {
            let precise = i % 2 == 0;
            let _f = ivy::DefaultFloatDtype::new(d).unwrap();
            let _p = ivy::PreciseMode::new(precise);
            barrier.wait();
            for _ in 0..1000 {
                assert_eq!(ivy::default_float_dtype(), d);
                assert_eq!(ivy::precise_mode(), precise);
                let want = if precise {
                    Dtype::Float64
                } else {
                    Dtype::Float32
                };
                assert_eq!(ivy::promote_types(Dtype::UInt32, Dtype::Float32), Ok(want));
            }
            barrier.wait();
        })
    })
    .collect();
    for h in handles {
        h.join().unwrap();
    }
    assert_eq!(ivy::default_float_dtype(), Dtype::Float32);
}

// ---------------------------------------------------------------------------
// Inference thresholds
// ---------------------------------------------------------------------------

#[test]
fn inference_matches_the_verified_reference_values() {
    // ivy.md "Default dtypes", all verified there
    assert_eq!(Scalar::Int(5).default_dtype(), Dtype::Int32); // default_dtype(item=5)
    assert_eq!(ivy::default_dtype_for(&[Scalar::Int(5)]), Dtype::Int32);
    assert_eq!(ivy::default_float_dtype_for(&[1e-40]), Dtype::Float64);
    assert_eq!(ivy::default_int_dtype_for(&[1 << 31]), Dtype::Int64);
    assert_eq!(ivy::default_uint_dtype_for(&[1 << 32]), Dtype::UInt64);
    // Ivy's docstrings: default_int_dtype(input=4294967346) -> int64,
    // default_uint_dtype(input=4294967346) -> uint64,
    // default_complex_dtype(input=4294.967346) -> complex64
    assert_eq!(ivy::default_int_dtype_for(&[4294967346]), Dtype::Int64);
    assert_eq!(ivy::default_uint_dtype_for(&[4294967346]), Dtype::UInt64);
    assert_eq!(
        ivy::default_complex_dtype_for(&[Complex64::new(4294.967346, 0.0)]),
        Dtype::Complex64
    );
    // with no settings a plain float that fits float32 is float32
    assert_eq!(
        ivy::default_dtype_for(&[Scalar::Float(53.234)]),
        Dtype::Float32
    );
    assert_eq!(
        ivy::default_dtype_for(&[Scalar::Int(1), Scalar::Int(2), Scalar::Int(3)]),
        Dtype::Int32
    );
}

#[test]
fn int_thresholds() {
    let f = ivy::default_int_dtype_for;
    assert_eq!(f(&[2147483647]), Dtype::Int32);
    assert_eq!(f(&[2147483648]), Dtype::Int64);
    assert_eq!(f(&[-2147483648]), Dtype::Int32);
    assert_eq!(f(&[-2147483649]), Dtype::Int64);
    assert_eq!(f(&[9223372036854775807]), Dtype::Int64);
    assert_eq!(f(&[9223372036854775808]), Dtype::UInt64);
    assert_eq!(f(&[1, 2, 18446744073709551615]), Dtype::UInt64);
    assert_eq!(f(&[]), Dtype::Int32);
    let u = ivy::default_uint_dtype_for;
    assert_eq!(u(&[4294967295]), Dtype::UInt32);
    assert_eq!(u(&[4294967296]), Dtype::UInt64);
    assert_eq!(u(&[]), Dtype::UInt32);
}

#[test]
fn float_thresholds() {
    let f = ivy::default_float_dtype_for;
    // |x| > 3.4028235e38
    assert_eq!(f(&[3.4028235e38]), Dtype::Float32);
    assert_eq!(f(&[3.5e38]), Dtype::Float64);
    assert_eq!(f(&[-3.5e38]), Dtype::Float64);
    // frexp exponent < -126: 2**-127 has exponent -126, 2**-128 has -127
    assert_eq!(f(&[2f64.powi(-127)]), Dtype::Float32);
    assert_eq!(f(&[2f64.powi(-128)]), Dtype::Float64);
    assert_eq!(f(&[1e-38]), Dtype::Float32);
    assert_eq!(f(&[5e-324]), Dtype::Float64);
    // inf, nan and zero never need float64
    assert_eq!(f(&[f64::INFINITY, f64::NAN, 0.0, -0.0]), Dtype::Float32);
    assert_eq!(f(&[]), Dtype::Float32);
    // complex128 needs both parts to need float64
    let c = ivy::default_complex_dtype_for;
    assert_eq!(c(&[Complex64::new(1e300, 0.0)]), Dtype::Complex64);
    assert_eq!(c(&[Complex64::new(1e300, 1e300)]), Dtype::Complex128);
    assert_eq!(
        c(&[Complex64::new(1.0, 1.0), Complex64::new(1e-300, -1e300)]),
        Dtype::Complex128
    );
    // the stacks decide when no value needs more
    ivy::with_default_float_dtype(Dtype::BFloat16, || {
        assert_eq!(f(&[1.0]), Dtype::BFloat16);
        assert_eq!(f(&[1e300]), Dtype::Float64);
    })
    .unwrap();
}

#[test]
fn default_dtype_for_items_picks_the_kind() {
    let c = Scalar::Complex(Complex64::new(0.0, 1.0));
    assert_eq!(
        ivy::default_dtype_for(&[Scalar::Int(1), Scalar::Float(1.0), c]),
        Dtype::Complex64
    );
    assert_eq!(
        ivy::default_dtype_for(&[Scalar::Bool(true), Scalar::Float(1.0)]),
        Dtype::Float32
    );
    assert_eq!(
        ivy::default_dtype_for(&[Scalar::Bool(true), Scalar::Int(-(1 << 40))]),
        Dtype::Int64
    );
    assert_eq!(ivy::default_dtype_for(&[Scalar::Bool(true)]), Dtype::Bool);
    // an empty item is like no item
    assert_eq!(ivy::default_dtype_for(&[]), ivy::default_dtype());
    ivy::with_default_dtype(Dtype::Int8, || {
        assert_eq!(ivy::default_dtype_for(&[]), Dtype::Int8)
    })
    .unwrap();
}

#[test]
fn infer_default_dtype_by_kind() {
    use Dtype::*;
    for (d, want) in [
        (Int8, Int32),
        (Int64, Int32),
        (UInt8, UInt32),
        (BFloat16, Float32),
        (Float64, Float32),
        (Complex128, Complex64),
        (Bool, Bool),
    ] {
        assert_eq!(ivy::infer_default_dtype(d), want, "{d}");
    }
    let _g = ivy::DefaultFloatDtype::new(Float64).unwrap();
    assert_eq!(ivy::infer_default_dtype(Float16), Float64);
}

// ---------------------------------------------------------------------------
// iinfo / finfo (NumPy's values)
// ---------------------------------------------------------------------------

#[test]
fn iinfo_values() {
    use Dtype::*;
    for (d, bits, min, max) in [
        (Int8, 8, -128i128, 127i128),
        (Int16, 16, -32768, 32767),
        (Int32, 32, -2147483648, 2147483647),
        (Int64, 64, -9223372036854775808, 9223372036854775807),
        (UInt8, 8, 0, 255),
        (UInt16, 16, 0, 65535),
        (UInt32, 32, 0, 4294967295),
        (UInt64, 64, 0, 18446744073709551615),
    ] {
        let i = ivy::iinfo(d).unwrap();
        assert_eq!((i.bits, i.min, i.max, i.dtype), (bits, min, max, d));
    }
    for d in [Bool, Float32, Complex64, BFloat16] {
        let e = ivy::iinfo(d).unwrap_err();
        assert_eq!(e.op(), Some("iinfo"));
        assert!(e.to_string().contains(d.name()), "{e}");
    }
}

#[test]
fn finfo_values() {
    use Dtype::*;
    // np.finfo: bits, eps, max, tiny (smallest_normal), resolution
    let f = ivy::finfo(Float16).unwrap();
    assert_eq!(
        (f.bits, f.eps, f.max, f.min),
        (16, 0.0009765625, 65504.0, -65504.0)
    );
    assert_eq!(
        (f.smallest_normal, f.resolution, f.dtype),
        (6.103515625e-05, 0.001, Float16)
    );
    let f = ivy::finfo(Float32).unwrap();
    assert_eq!(
        (f.bits, f.eps, f.resolution),
        (32, 1.1920928955078125e-07, 1e-6)
    );
    assert_eq!(
        (f.max, f.min),
        (3.4028234663852886e38, -3.4028234663852886e38)
    );
    assert_eq!(f.smallest_normal, 1.1754943508222875e-38);
    let f = ivy::finfo(Float64).unwrap();
    assert_eq!(
        (f.bits, f.eps, f.resolution),
        (64, 2.220446049250313e-16, 1e-15)
    );
    assert_eq!(
        (f.max, f.smallest_normal),
        (1.7976931348623157e308, 2.2250738585072014e-308)
    );
    // bfloat16: Ivy's Bfloat16Finfo values (eps and resolution exact, the
    // others rounded by Ivy to 6 digits)
    let f = ivy::finfo(BFloat16).unwrap();
    assert_eq!((f.bits, f.eps, f.resolution), (16, 0.0078125, 0.01));
    assert!((f.max - 3.38953e38).abs() / 3.38953e38 < 1e-5);
    assert!((f.min + 3.38953e38).abs() / 3.38953e38 < 1e-5);
    assert!((f.smallest_normal - 1.17549e-38).abs() / 1.17549e-38 < 1e-5);
    // complex: the real part's finfo, as NumPy
    assert_eq!(ivy::finfo(Complex64).unwrap(), ivy::finfo(Float32).unwrap());
    assert_eq!(ivy::finfo(Complex128).unwrap().dtype, Float64);
    for d in [Bool, Int8, UInt64] {
        assert_eq!(ivy::finfo(d).unwrap_err().op(), Some("finfo"));
    }
}

// ---------------------------------------------------------------------------
// Valid and invalid sets
// ---------------------------------------------------------------------------

#[test]
fn all_sets() {
    assert_eq!(ivy::all_dtypes().len(), 15);
    assert_eq!(ivy::all_numeric_dtypes().len(), 14);
    assert_eq!(ivy::all_int_dtypes(), DtypeSet::INT);
    assert_eq!(ivy::all_uint_dtypes(), DtypeSet::UINT);
    assert_eq!(ivy::all_float_dtypes(), DtypeSet::FLOAT);
    assert_eq!(ivy::all_complex_dtypes(), DtypeSet::COMPLEX);
}

#[test]
fn the_default_backend_supports_every_dtype() {
    // the ndarray backend: all 15 dtypes (DESIGN.md)
    assert_eq!(ivy::valid_dtypes(), ivy::all_dtypes());
    assert_eq!(ivy::valid_numeric_dtypes(), ivy::all_numeric_dtypes());
    assert_eq!(ivy::valid_int_dtypes(), ivy::all_int_dtypes());
    assert_eq!(ivy::valid_float_dtypes(), ivy::all_float_dtypes());
    assert_eq!(ivy::valid_uint_dtypes(), ivy::all_uint_dtypes());
    assert_eq!(ivy::valid_complex_dtypes(), ivy::all_complex_dtypes());
    for s in [
        ivy::invalid_dtypes(),
        ivy::invalid_numeric_dtypes(),
        ivy::invalid_int_dtypes(),
        ivy::invalid_float_dtypes(),
        ivy::invalid_uint_dtypes(),
        ivy::invalid_complex_dtypes(),
    ] {
        assert!(s.is_empty());
    }
    for d in Dtype::ALL {
        assert!(ivy::valid_dtype(d) && !ivy::invalid_dtype(d));
        assert_eq!(ivy::closest_valid_dtype(d), d);
    }
}

/// The valid set of each backend version in `backend_dtypes.json`.
fn backend_valid_sets() -> Vec<(String, DtypeSet)> {
    let json = load("backend_dtypes.json");
    let mut out = Vec::new();
    for (backend, info) in json.as_object().unwrap() {
        if backend.starts_with('_') {
            continue;
        }
        for (version, list) in info["valid_dtypes"].as_object().unwrap() {
            let set: DtypeSet = list
                .as_array()
                .unwrap()
                .iter()
                .map(|v| dt(v.as_str().unwrap()))
                .collect();
            out.push((format!("{backend} {version}"), set));
        }
    }
    out
}

#[test]
fn closest_valid_dtype_reproduces_the_backends_maps() {
    use Dtype::*;
    let sets: HashMap<String, DtypeSet> = backend_valid_sets().into_iter().collect();
    // reference table (ivy.md "Per-backend valid / invalid dtypes")
    let torch = sets["torch 2.2 and below"];
    for d in [UInt16, UInt32, UInt64] {
        assert_eq!(ivy::closest_valid_dtype_in(d, torch), UInt8);
    }
    let numpy = sets["numpy 1.26.3 and below"];
    assert_eq!(ivy::closest_valid_dtype_in(BFloat16, numpy), Float16);
    let paddle_old = sets["paddle 2.4.2 and below"];
    for d in [UInt16, UInt32, UInt64] {
        assert_eq!(ivy::closest_valid_dtype_in(d, paddle_old), UInt8);
    }
    assert_eq!(ivy::closest_valid_dtype_in(BFloat16, paddle_old), Float16);
    // jax's map for when the 64-bit dtypes are invalid (no jax_enable_x64)
    let jax_no_x64 = sets["jax 0.4.25 and below"] - DtypeSet::of(&[Int64, UInt64, Float64]);
    assert_eq!(ivy::closest_valid_dtype_in(Int64, jax_no_x64), Int32);
    assert_eq!(ivy::closest_valid_dtype_in(UInt64, jax_no_x64), UInt32);
    assert_eq!(ivy::closest_valid_dtype_in(Float64, jax_no_x64), Float32);
    // valid dtypes map to themselves; invalid ones to a valid dtype of the
    // same kind, or to themselves when no dtype of their kind is valid
    // (mxnet has no complex dtype)
    for (name, valid) in &sets {
        for d in Dtype::ALL {
            let c = ivy::closest_valid_dtype_in(d, *valid);
            let kind_valid = Dtype::ALL
                .iter()
                .any(|&k| k.kind() == d.kind() && valid.contains(k));
            if valid.contains(d) || !kind_valid {
                assert_eq!(c, d, "{name}");
            } else {
                assert!(valid.contains(c), "{name}: {d} -> {c}");
                assert_eq!(c.kind(), d.kind(), "{name}: {d} -> {c}");
            }
        }
    }
    let mxnet = sets["mxnet 1.9.1 and below"];
    assert_eq!(ivy::closest_valid_dtype_in(Complex128, mxnet), Complex128);
    assert_eq!(ivy::closest_valid_dtype_in(Int16, mxnet), Int8);
}
