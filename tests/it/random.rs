//! The random ops: reproducibility, ranges, moments, permutations, draws with
//! and without replacement, per-thread generators and errors.
//!
//! The statistical tests use 100,000 samples and bounds of about six standard
//! errors: a wrong distribution (a shifted mean, a scaled spread) fails them,
//! while a correct one fails with probability about 2e-9 per bound.

use ivy::opts::{Multinomial, Randint, RandomNormal, RandomUniform, Shuffle};
use ivy::{Array, Dtype, Error, Result};

/// The elements of `x` as `f64`.
fn f64s(x: &Array) -> Result<Vec<f64>> {
    ivy::astype(x, Dtype::Float64)?.to_vec::<f64>()
}

/// The elements of `x` as `i128` (any integer dtype).
fn ints(x: &Array) -> Result<Vec<i128>> {
    Ok(ivy::astype(x, Dtype::Int64)?
        .to_vec::<i64>()?
        .into_iter()
        .map(i128::from)
        .collect())
}

fn mean_and_std(v: &[f64]) -> (f64, f64) {
    let n = v.len() as f64;
    let m = v.iter().sum::<f64>() / n;
    let var = v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1.0);
    (m, var.sqrt())
}

const FLOATS: [Dtype; 4] = [
    Dtype::Float16,
    Dtype::BFloat16,
    Dtype::Float32,
    Dtype::Float64,
];
const INTS: [Dtype; 8] = [
    Dtype::Int8,
    Dtype::Int16,
    Dtype::Int32,
    Dtype::Int64,
    Dtype::UInt8,
    Dtype::UInt16,
    Dtype::UInt32,
    Dtype::UInt64,
];

#[test]
fn the_same_seed_gives_the_same_values_and_other_seeds_differ() -> Result<()> {
    let u = |s: i64| ivy::random_uniform_with(RandomUniform::new().shape([50]).seed(s));
    assert_eq!(u(1)?, u(1)?);
    assert_ne!(u(1)?, u(2)?);
    let z = |s: i64| ivy::random_normal_with(RandomNormal::new().shape([50]).seed(s));
    assert_eq!(z(1)?, z(1)?);
    assert_ne!(z(1)?, z(2)?);
    let r = |s: i64| ivy::randint_with(0, 1000, Randint::new().shape([50]).seed(s));
    assert_eq!(r(1)?, r(1)?);
    assert_ne!(r(1)?, r(2)?);
    let x = ivy::arange(50)?;
    let p = |s: i64| ivy::shuffle_with(&x, Shuffle::new().seed(s));
    assert_eq!(p(1)?, p(1)?);
    assert_ne!(p(1)?, p(2)?);
    let m = |s: i64| ivy::multinomial_with(100, 50, Multinomial::new().seed(s));
    assert_eq!(m(1)?, m(1)?);
    assert_ne!(m(1)?, m(2)?);

    // The thread's generator: `seed` replays the same sequence of calls.
    let run = || -> Result<(Array, Array, Array)> {
        Ok((
            ivy::random_uniform_with(RandomUniform::new().shape([5]))?,
            ivy::random_normal_with(RandomNormal::new().shape([5]))?,
            ivy::randint_with(0, 10, Randint::new().shape([5]))?,
        ))
    };
    ivy::seed(1234);
    let a = run()?;
    ivy::seed(1234);
    let b = run()?;
    assert_eq!(a, b);
    // Successive calls continue the stream rather than repeating it.
    assert_ne!(
        a.0,
        ivy::random_uniform_with(RandomUniform::new().shape([5]))?
    );
    Ok(())
}

#[test]
fn a_seed_argument_is_the_stream_of_that_seed_and_leaves_the_thread_alone() -> Result<()> {
    ivy::seed(7);
    let first = ivy::random_uniform_with(RandomUniform::new().shape([4]))?;
    ivy::seed(7);
    let _ = ivy::random_uniform_with(RandomUniform::new().shape([4]).seed(99))?;
    let again = ivy::random_uniform_with(RandomUniform::new().shape([4]))?;
    assert_eq!(first, again);
    // `seed = 7` on the call draws what `ivy::seed(7)` starts.
    assert_eq!(
        first,
        ivy::random_uniform_with(RandomUniform::new().shape([4]).seed(7))?
    );
    Ok(())
}

/// The kernels draw from ivy's generator: the values are core's samplers'
/// for that seed, which every backend shares.
#[test]
fn kernels_draw_from_the_core_generator() -> Result<()> {
    use ivy::random::{self as r, generator};
    let got = ivy::random_uniform_with(
        RandomUniform::new()
            .low(-2.0)
            .high(3.0)
            .shape([6])
            .dtype(Dtype::Float64)
            .seed(5),
    )?;
    let want: Vec<f64> = r::uniform("t", &mut generator(5), &[-2.0], &[3.0], 6)?;
    assert_eq!(got.to_vec::<f64>()?, want);
    let got =
        ivy::random_normal_with(RandomNormal::new().shape([6]).dtype(Dtype::Float64).seed(5))?;
    let want: Vec<f64> = r::normal("t", &mut generator(5), &[0.0], &[1.0], 6)?;
    assert_eq!(got.to_vec::<f64>()?, want);
    let got = ivy::randint_with(3, 9, Randint::new().shape([6]).dtype(Dtype::Int64).seed(5))?;
    let want: Vec<i64> = r::integers("t", &mut generator(5), &[3], &[9], 6)?;
    assert_eq!(got.to_vec::<i64>()?, want);
    let got = ivy::shuffle_with(&ivy::arange(6)?, Shuffle::new().seed(5))?;
    let want: Vec<i32> = r::permutation(&mut generator(5), 6)
        .into_iter()
        .map(|i| i as i32)
        .collect();
    assert_eq!(got.to_vec::<i32>()?, want);
    Ok(())
}

/// A seed gives the same draws in every float dtype (rounded) and every
/// integer dtype.
#[test]
fn a_seed_gives_the_same_values_in_every_dtype() -> Result<()> {
    let wide = ivy::random_normal_with(
        RandomNormal::new()
            .shape([100])
            .dtype(Dtype::Float64)
            .seed(3),
    )?;
    let wide = wide.to_vec::<f64>()?;
    for d in FLOATS {
        let got = ivy::random_normal_with(RandomNormal::new().shape([100]).dtype(d).seed(3))?;
        assert_eq!(got.dtype(), d);
        let rounded = f64s(&ivy::astype(
            &Array::from_shape_vec([100], wide.clone())?,
            d,
        )?)?;
        assert_eq!(f64s(&got)?, rounded, "{d}");
    }
    let base = ints(&ivy::randint_with(
        0,
        100,
        Randint::new().shape([100]).dtype(Dtype::Int64).seed(3),
    )?)?;
    for d in INTS {
        let got = ivy::randint_with(0, 100, Randint::new().shape([100]).dtype(d).seed(3))?;
        assert_eq!(got.dtype(), d);
        assert_eq!(ints(&got)?, base, "{d}");
    }
    Ok(())
}

#[test]
fn uniform_samples_lie_in_low_high_in_every_float_dtype() -> Result<()> {
    for d in FLOATS {
        let u = ivy::random_uniform_with(
            RandomUniform::new()
                .low(-1.5)
                .high(2.5)
                .shape([20_000])
                .dtype(d),
        )?;
        assert_eq!(u.dtype(), d);
        let v = f64s(&u)?;
        assert!(v.iter().all(|x| (-1.5..2.5).contains(x)), "{d}");
        // The interval is covered: each quarter gets samples.
        for q in 0..4 {
            let lo = -1.5 + f64::from(q);
            assert!(
                v.iter().any(|x| (lo..lo + 1.0).contains(x)),
                "{d}: nothing in [{lo}, {})",
                lo + 1.0
            );
        }
        // A narrow interval below 1 where rounding up to `high` is likely.
        let n = ivy::random_uniform_with(
            RandomUniform::new()
                .low(0.998)
                .high(1.0)
                .shape([5000])
                .dtype(d),
        )?;
        assert!(f64s(&n)?.iter().all(|x| *x < 1.0), "{d}");
    }
    // Defaults: [0, 1) of the default float dtype, a 0-d array.
    let u = ivy::random_uniform()?;
    assert_eq!(u.dtype(), ivy::default_float_dtype());
    assert_eq!(u.ndim(), 0);
    let x = f64s(&u)?[0];
    assert!((0.0..1.0).contains(&x));
    Ok(())
}

#[test]
fn randint_values_lie_in_low_high_in_every_int_dtype() -> Result<()> {
    for d in INTS {
        let info = ivy::iinfo(d)?;
        let r = ivy::randint_with(0, 100, Randint::new().shape([5000]).dtype(d))?;
        assert_eq!(r.dtype(), d);
        let v = ints(&r)?;
        assert!(v.iter().all(|x| (0..100).contains(x)), "{d}");
        for k in [0, 99] {
            assert!(v.contains(&k), "{d}: {k} never drawn");
        }
        // The top of the dtype's range, with int64 bounds: high - 1 is its
        // max (for 64 bits, high is the largest int64).
        let hi = (info.max + 1).min(i128::from(i64::MAX));
        let r = ivy::randint_with(
            hi as i64 - 5,
            hi as i64,
            Randint::new().shape([500]).dtype(d),
        )?;
        let v = ints(&r)?;
        assert!(v.iter().all(|x| (hi - 5..hi).contains(x)), "{d}");
        assert!(v.contains(&(hi - 1)), "{d}: the top value was never drawn");
    }
    // Negative bounds and the default int dtype.
    let r = ivy::randint_with(-3, 2, Randint::new().shape([1000]))?;
    assert_eq!(r.dtype(), ivy::default_int_dtype());
    let v = ints(&r)?;
    assert!(v.iter().all(|x| (-3..2).contains(x)));
    for k in -3..2 {
        assert!(v.contains(&k));
    }
    // The very top of uint8 and int8.
    let b = ivy::randint_with(250, 256, Randint::new().shape([500]).dtype(Dtype::UInt8))?;
    assert!(b.to_vec::<u8>()?.iter().all(|x| *x >= 250));
    assert!(b.to_vec::<u8>()?.contains(&255));
    let s = ivy::randint_with(-128, -126, Randint::new().shape([100]).dtype(Dtype::Int8))?;
    assert!(s.to_vec::<i8>()?.iter().all(|x| *x == -128 || *x == -127));
    Ok(())
}

#[test]
fn normal_samples_have_the_asked_mean_and_spread() -> Result<()> {
    const N: usize = 100_000;
    for (mean, std) in [(0.0, 1.0), (3.0, 2.0), (-10.0, 0.5)] {
        let z = ivy::random_normal_with(
            RandomNormal::new()
                .mean(mean)
                .std(std)
                .shape([N])
                .dtype(Dtype::Float64)
                .seed(17),
        )?;
        let (m, s) = mean_and_std(&z.to_vec::<f64>()?);
        // Standard error of the mean: std / sqrt(N); of the standard
        // deviation: about std / sqrt(2 N).
        let se_mean = std / (N as f64).sqrt();
        let se_std = std / (2.0 * N as f64).sqrt();
        assert!((m - mean).abs() < 6.0 * se_mean, "mean {m} for {mean}");
        assert!((s - std).abs() < 6.0 * se_std, "std {s} for {std}");
        // About 68.27% within one standard deviation (binomial sd ~ 0.0015).
        let within = z
            .to_vec::<f64>()?
            .iter()
            .filter(|x| (*x - mean).abs() < std)
            .count() as f64
            / N as f64;
        assert!((within - 0.682_689).abs() < 6.0 * 0.001_472, "{within}");
    }
    // The uniform's moments: mean 1/2, variance 1/12.
    let u = ivy::random_uniform_with(
        RandomUniform::new()
            .shape([N])
            .dtype(Dtype::Float64)
            .seed(17),
    )?;
    let (m, s) = mean_and_std(&u.to_vec::<f64>()?);
    let sd = (1.0f64 / 12.0).sqrt();
    assert!((m - 0.5).abs() < 6.0 * sd / (N as f64).sqrt(), "{m}");
    // The variance of U(0,1)^2 samples: sd of the sample variance is
    // sqrt((1/80 - 1/144) / N); in terms of the std, divide by 2 sd.
    let se_std = ((1.0 / 80.0 - 1.0 / 144.0) / N as f64).sqrt() / (2.0 * sd);
    assert!((s - sd).abs() < 6.0 * se_std, "{s}");
    Ok(())
}

#[test]
fn array_parameters_broadcast_against_each_other_and_shape() -> Result<()> {
    // One sample per element of the bounds.
    let low = ivy::array![[0.0], [100.0]];
    let high = ivy::array![1.0, 2.0, 3.0];
    let u = ivy::random_uniform_with(RandomUniform::new().low(&low).high(&high).seed(0));
    // Row 1 has low 100 > high: an error, not a sample.
    assert!(u.is_err());
    let low = ivy::array![[0.0], [10.0]];
    let high = ivy::array![[1.0], [20.0]];
    let u = ivy::random_uniform_with(
        RandomUniform::new()
            .low(&low)
            .high(&high)
            .shape([2, 3])
            .seed(0),
    )?;
    assert_eq!(u.shape().dims(), &[2, 3]);
    let v = f64s(&u)?;
    assert!(v[..3].iter().all(|x| (0.0..1.0).contains(x)));
    assert!(v[3..].iter().all(|x| (10.0..20.0).contains(x)));
    // Float64 bounds give float64 samples.
    let u = ivy::random_uniform_with(RandomUniform::new().low(ivy::array![1.0f64, 2.0]).high(3.0))?;
    assert_eq!(
        (u.dtype(), u.shape().dims()),
        (Dtype::Float64, &[2usize][..])
    );
    // A per-element mean and standard deviation.
    let z = ivy::random_normal_with(
        RandomNormal::new()
            .mean(ivy::array![0.0, 1000.0])
            .std(ivy::array![0.0, 1.0])
            .shape([3, 2]),
    )?;
    let v = f64s(&z)?;
    for row in v.chunks(2) {
        assert_eq!(row[0], 0.0);
        assert!((row[1] - 1000.0).abs() < 10.0);
    }
    // Integer bound arrays.
    let r = ivy::randint(ivy::array![0, 10, 20], ivy::array![1, 11, 21])?;
    assert_eq!(r.to_vec::<i32>()?, vec![0, 10, 20]);
    // A shape the parameters do not broadcast to is an error.
    let e = ivy::random_uniform_with(RandomUniform::new().low(ivy::array![0.0, 0.5]).shape([3]))
        .unwrap_err();
    assert!(matches!(e, Error::Shape { .. }), "{e}");
    assert!(ivy::randint_with(ivy::array![0, 1], 5, Randint::new().shape([4, 3])).is_err());
    Ok(())
}

#[test]
fn shuffle_permutes_along_the_axis() -> Result<()> {
    // 1-d: a permutation of the values.
    let x = ivy::arange(100)?;
    let y = ivy::shuffle(&x)?;
    let mut v = y.to_vec::<i32>()?;
    assert_ne!(v, (0..100).collect::<Vec<i32>>());
    v.sort();
    assert_eq!(v, (0..100).collect::<Vec<i32>>());
    // 2-d along axis 1: every row permuted by the same permutation.
    let x = ivy::reshape(&ivy::arange(4 * 30)?, [4i64, 30])?;
    let y = ivy::shuffle_with(&x, Shuffle::new().axis(1).seed(8))?;
    assert_eq!(y.shape(), x.shape());
    let v = y.to_vec::<i32>()?;
    let perm: Vec<i32> = v[..30].to_vec();
    let mut sorted = perm.clone();
    sorted.sort();
    assert_eq!(sorted, (0..30).collect::<Vec<i32>>());
    for (r, row) in v.chunks(30).enumerate() {
        let want: Vec<i32> = perm.iter().map(|c| c + 30 * r as i32).collect();
        assert_eq!(row, &want[..]);
    }
    // Along axis 0 (and -2) rows move whole.
    let y = ivy::shuffle_with(&x, Shuffle::new().axis(-2).seed(8))?;
    let v = y.to_vec::<i32>()?;
    let mut firsts: Vec<i32> = v.chunks(30).map(|row| row[0]).collect();
    for row in v.chunks(30) {
        assert_eq!(row.to_vec(), (row[0]..row[0] + 30).collect::<Vec<i32>>());
    }
    firsts.sort();
    assert_eq!(firsts, vec![0, 30, 60, 90]);
    // Any dtype.
    let b = ivy::array![true, false, false];
    let mut s = ivy::shuffle(&b)?.to_vec::<bool>()?;
    s.sort();
    assert_eq!(s, vec![false, false, true]);
    assert!(ivy::shuffle_with(&x, Shuffle::new().axis(2)).is_err());
    Ok(())
}

#[test]
fn multinomial_with_and_without_replacement() -> Result<()> {
    // Without probs: uniform indices, shape [batch_size, num_samples].
    let m = ivy::multinomial_with(10, 1000, Multinomial::new().batch_size(3))?;
    assert_eq!(
        (m.dtype(), m.shape().dims()),
        (Dtype::Int64, &[3usize, 1000][..])
    );
    let v = m.to_vec::<i64>()?;
    assert!(v.iter().all(|i| (0..10).contains(i)));
    for k in 0..10 {
        assert!(v.contains(&k), "{k} never drawn");
    }
    // With replacement, indices repeat; the frequencies follow the weights:
    // weights 1 : 3 over 100,000 draws give 25% (binomial sd 0.137%).
    let p = ivy::array![1.0, 0.0, 3.0];
    let m = ivy::multinomial_with(3, 100_000, Multinomial::new().probs(&p).seed(2))?;
    assert_eq!(m.shape().dims(), &[100_000]);
    let v = m.to_vec::<i64>()?;
    assert!(!v.contains(&1), "a zero weight was drawn");
    let share = v.iter().filter(|i| **i == 0).count() as f64 / v.len() as f64;
    assert!(
        (share - 0.25).abs() < 6.0 * (0.25f64 * 0.75 / 1e5).sqrt(),
        "{share}"
    );
    // Without replacement no index repeats in a row.
    let m = ivy::multinomial_with(
        20,
        20,
        Multinomial::new().batch_size(5).replace(false).seed(3),
    )?;
    for row in m.to_vec::<i64>()?.chunks(20) {
        let mut r = row.to_vec();
        r.sort();
        assert_eq!(r, (0..20).collect::<Vec<i64>>());
    }
    let probs = ivy::array![[1.0, 1.0, 0.0, 1.0], [0.0, 5.0, 5.0, 0.0]];
    let m = ivy::multinomial_with(
        4,
        2,
        Multinomial::new()
            .batch_size(2)
            .probs(&probs)
            .replace(false),
    )?;
    assert_eq!(m.shape().dims(), &[2, 2]);
    let v = m.to_vec::<i64>()?;
    assert_ne!(v[0], v[1]);
    assert!(v[..2].iter().all(|i| [0, 1, 3].contains(i)));
    let mut second = v[2..].to_vec();
    second.sort();
    assert_eq!(second, vec![1, 2]);
    Ok(())
}

#[test]
fn each_thread_has_its_own_generator() -> Result<()> {
    let draw = || ivy::random_uniform_with(RandomUniform::new().shape([8]).dtype(Dtype::Float64));
    ivy::seed(21);
    let mine = draw()?;
    ivy::seed(21);
    // Another thread seeding and drawing in the meantime changes nothing here.
    std::thread::spawn(move || -> Result<()> {
        ivy::seed(5);
        let _ = ivy::random_normal_with(RandomNormal::new().shape([1000]))?;
        Ok(())
    })
    .join()
    .expect("the thread ran")?;
    assert_eq!(draw()?, mine);
    // Two threads seeded alike draw alike.
    let seeded = || {
        std::thread::spawn(move || {
            ivy::seed(21);
            draw().and_then(|a| a.to_vec::<f64>())
        })
    };
    let (a, b) = (seeded(), seeded());
    let (a, b) = (a.join().expect("ran")?, b.join().expect("ran")?);
    assert_eq!(a, b);
    assert_eq!(a, mine.to_vec::<f64>()?);
    // A thread never seeded does not share this thread's stream.
    let fresh = std::thread::spawn(move || draw().and_then(|a| a.to_vec::<f64>()))
        .join()
        .expect("ran")?;
    assert_ne!(fresh, a);
    Ok(())
}

#[test]
fn bad_parameters_are_errors_naming_the_op() {
    let op_of = |e: Error| {
        e.op()
            .map(str::to_string)
            .unwrap_or_else(|| format!("no op in {e}"))
    };
    let cases: Vec<(&str, Result<Array>)> = vec![
        (
            "random_uniform",
            ivy::random_uniform_with(RandomUniform::new().low(2.0).high(1.0)),
        ),
        (
            "random_uniform",
            ivy::random_uniform_with(RandomUniform::new().high(f64::INFINITY)),
        ),
        (
            "random_uniform",
            ivy::random_uniform_with(RandomUniform::new().dtype(Dtype::Int32)),
        ),
        (
            "random_uniform",
            ivy::random_uniform_with(RandomUniform::new().device(ivy::Device::Gpu(0))),
        ),
        (
            "random_normal",
            ivy::random_normal_with(RandomNormal::new().std(-1.0)),
        ),
        (
            "random_normal",
            ivy::random_normal_with(RandomNormal::new().dtype(Dtype::Complex64)),
        ),
        ("randint", ivy::randint(5, 5)),
        ("randint", ivy::randint(6, 5)),
        ("randint", ivy::randint(0.0, 5)),
        ("randint", ivy::randint(0, 5.0)),
        (
            "randint",
            ivy::randint_with(0, 300, Randint::new().dtype(Dtype::UInt8)),
        ),
        (
            "randint",
            ivy::randint_with(-1, 3, Randint::new().dtype(Dtype::UInt32)),
        ),
        (
            "randint",
            ivy::randint_with(0, 3, Randint::new().dtype(Dtype::Float32)),
        ),
        (
            "shuffle",
            ivy::reshape(&ivy::array![1.0], [0i64; 0]).and_then(|s| ivy::shuffle(&s)),
        ),
        (
            "multinomial",
            ivy::multinomial_with(3, 4, Multinomial::new().replace(false)),
        ),
        (
            "multinomial",
            ivy::multinomial_with(
                3,
                2,
                Multinomial::new()
                    .probs(ivy::array![1.0, 0.0, 0.0])
                    .replace(false),
            ),
        ),
        (
            "multinomial",
            ivy::multinomial_with(3, 2, Multinomial::new().probs(ivy::array![1.0, 1.0])),
        ),
        (
            "multinomial",
            ivy::multinomial_with(3, 2, Multinomial::new().probs(ivy::array![1.0, -1.0, 1.0])),
        ),
        (
            "multinomial",
            ivy::multinomial_with(3, 2, Multinomial::new().probs(ivy::array![0.0, 0.0, 0.0])),
        ),
        (
            "multinomial",
            ivy::multinomial_with(
                2,
                2,
                Multinomial::new()
                    .batch_size(2)
                    .probs(ivy::array![0.5, 0.5]),
            ),
        ),
        (
            "multinomial",
            ivy::multinomial_with(2, 1, Multinomial::new().probs(ivy::array![f64::NAN, 1.0])),
        ),
    ];
    for (i, (op, r)) in cases.into_iter().enumerate() {
        match r {
            Ok(a) => panic!("case {i} ({op}) succeeded: {a:?}"),
            Err(e) => assert_eq!(op_of(e), op, "case {i}"),
        }
    }
}

/// A Container is shuffled leaf by leaf; with a seed every leaf gets the
/// permutation of that seed (as in Ivy, where `seed=` reseeds each call).
#[test]
fn shuffle_maps_over_containers() -> Result<()> {
    let c = ivy::container! { a: ivy::array![7, 4, 5, 1, 9], b: { c: ivy::array![9, 8, 2, 3, 6] } };
    let s = ivy::shuffle_with(&c, Shuffle::new().seed(17))?;
    let a = s.leaf("a")?.to_vec::<i32>()?;
    let b = s.leaf("b/c")?.to_vec::<i32>()?;
    let perm = ivy::random::permutation(&mut ivy::random::generator(17), 5);
    let at = |x: [i32; 5]| perm.iter().map(|&i| x[i]).collect::<Vec<i32>>();
    assert_eq!(a, at([7, 4, 5, 1, 9]));
    assert_eq!(b, at([9, 8, 2, 3, 6]));
    Ok(())
}
