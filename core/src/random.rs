//! Random numbers: the generator behind the random ops, and the ops
//! themselves ([`random_uniform`], [`random_normal`], [`randint`],
//! [`shuffle`], [`multinomial`], [`seed`]).
//!
//! # One generator per thread
//!
//! Each thread has its own generator, a ChaCha12 stream
//! ([`rand_chacha::ChaCha12Rng`]). It starts from operating-system entropy;
//! [`seed`] (`ivy::seed(s)`) replaces it with the stream of seed `s`, on the
//! calling thread only: other threads keep their own streams, so tests and
//! worker threads never disturb one another. An op given a `seed` argument
//! draws from a fresh stream of that seed for that call alone and leaves the
//! thread's generator where it was.
//!
//! # The same values on any number of threads
//!
//! A large draw splits into chunks of [`CHUNK`] values that run on the
//! thread pool ([`crate::parallel`]). ChaCha is a counter-based generator:
//! its output at a word position of a stream is a function of the key, the
//! stream number and the position alone. Chunk `c` of a draw reads stream
//! `s + c` (`s` the generator's stream) from the generator's word position,
//! so value `i` depends only on the generator's state and `i`, never on the
//! thread count; afterwards the generator moves past the furthest word any
//! chunk read, so the next draw does not reuse them. A draw of at most
//! [`CHUNK`] values reads the generator's own stream only, one value after
//! the other, exactly as before the split existed.
//!
//! # The same values on every backend
//!
//! Kernels do not use their framework's generator: they draw through the
//! samplers here ([`uniform`], [`normal`], [`integers`], [`permutation`],
//! [`choices`]), which produce the values in row-major order as plain Rust
//! numbers, and then build their native array from them. For a given seed,
//! every backend, platform and dtype therefore sees the same draws: floats
//! are drawn in `f64` and rounded to the dtype, integers are drawn from the
//! width of the range whatever the dtype. ChaCha's output is fixed by its
//! specification (unlike [`rand::rngs::StdRng`], whose algorithm may change
//! between versions), and the samplers' algorithms change only with a
//! `rand`/`rand_distr` release that says so.
//!
//! ```
//! # extern crate ivy_core as ivy; extern crate ivy_ndarray;
//! ivy::seed(3);
//! let a = ivy::random::with_rng(None, |g| ivy::random::uniform::<f64>("demo", g, &[0.0], &[1.0], 4))?;
//! ivy::seed(3);
//! let b = ivy::random::with_rng(None, |g| ivy::random::uniform::<f64>("demo", g, &[0.0], &[1.0], 4))?;
//! assert_eq!(a, b);
//! // A call-local seed does not move the thread's stream.
//! let c = ivy::random::with_rng(Some(3), |g| ivy::random::uniform::<f64>("demo", g, &[0.0], &[1.0], 4))?;
//! assert_eq!(a, c);
//! # Ok::<(), ivy::Error>(())
//! ```

use crate::{Array, Dtype, Element, Error, Result, Shape, bf16, f16};
use rand::{RngExt, SeedableRng};
use rand_distr::StandardNormal;
use std::cell::RefCell;

pub use crate::api::random::*;

/// The `rand` crate, for the methods of [`Generator`] (`rand::RngExt`).
pub use rand;

/// The generator type: ChaCha with 12 rounds, reproducible across platforms
/// and crate versions.
pub type Generator = rand_chacha::ChaCha12Rng;

thread_local! {
    static THREAD: RefCell<Option<Generator>> = const { RefCell::new(None) };
}

/// The generator of a seed: the stream that `ivy::seed(seed)` starts and
/// that an op's `seed` argument draws from.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// use ivy::random::rand::RngExt;
/// let mut a = ivy::random::generator(9);
/// let mut b = ivy::random::generator(9);
/// assert_eq!(a.random::<u64>(), b.random::<u64>());
/// ```
pub fn generator(seed: u64) -> Generator {
    Generator::seed_from_u64(seed)
}

/// A generator seeded from the operating system (or, should that fail, from
/// the clock and the thread, through std's randomly keyed hasher).
fn from_entropy() -> Generator {
    match Generator::try_from_rng(&mut rand::rngs::SysRng) {
        Ok(g) => g,
        Err(_) => {
            use std::hash::{BuildHasher, Hash, Hasher};
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            std::time::SystemTime::now().hash(&mut h);
            std::thread::current().id().hash(&mut h);
            generator(h.finish())
        }
    }
}

/// Seed this thread's generator (what [`seed`] does): later draws on this
/// thread without a seed of their own follow the stream of `seed`. Other
/// threads are not affected.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// ivy::random::seed_thread(5);
/// let a = ivy::random::with_rng(None, |g| ivy::random::permutation(g, 10));
/// ivy::random::seed_thread(5);
/// let b = ivy::random::with_rng(None, |g| ivy::random::permutation(g, 10));
/// assert_eq!(a, b);
/// ```
pub fn seed_thread(seed: u64) {
    THREAD.with(|t| *t.borrow_mut() = Some(generator(seed)));
}

/// Puts the thread's generator back when the draw ends (also on a panic).
struct Borrowed(Option<Generator>);

impl Drop for Borrowed {
    fn drop(&mut self) {
        if let Some(g) = self.0.take() {
            let _ = THREAD.try_with(|t| *t.borrow_mut() = Some(g));
        }
    }
}

/// Run `f` with a generator: a fresh one of `seed` when given (the call's own
/// stream; the thread's generator does not move), else this thread's
/// generator, which advances by what `f` draws. This is what kernels call.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// use ivy::random::rand::RngExt;
/// let x: u32 = ivy::random::with_rng(Some(1), |g| g.random());
/// let y: u32 = ivy::random::with_rng(Some(1), |g| g.random());
/// assert_eq!(x, y);
/// ```
pub fn with_rng<R>(seed: Option<u64>, f: impl FnOnce(&mut Generator) -> R) -> R {
    match seed {
        Some(s) => f(&mut generator(s)),
        None => {
            let g = THREAD
                .try_with(|t| t.borrow_mut().take())
                .ok()
                .flatten()
                .unwrap_or_else(from_entropy);
            let mut held = Borrowed(Some(g));
            let g = held.0.as_mut().expect("the generator is held");
            f(g)
        }
    }
}

/// An op's `seed` argument as a generator seed: the 64 bits of the `i64`.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// assert_eq!(ivy::random::seed_bits(Some(-1)), Some(u64::MAX));
/// ```
pub fn seed_bits(seed: Option<i64>) -> Option<u64> {
    seed.map(|s| s as u64)
}

/// The default dtype of `random_uniform` and `random_normal`: the promoted
/// dtype of the float arrays among the parameters, else the default float
/// dtype (integer parameters, such as a literal `3`, do not make integer
/// samples).
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let d = ivy::array![1.0f64];
/// assert_eq!(ivy::random::float_dtype_of(Some(&d), None), ivy::Dtype::Float64);
/// assert_eq!(ivy::random::float_dtype_of(Some(&ivy::array![1]), None), ivy::default_float_dtype());
/// ```
pub fn float_dtype_of(a: Option<&Array>, b: Option<&Array>) -> Dtype {
    let floats: Vec<Dtype> = [a, b]
        .into_iter()
        .flatten()
        .map(|x| x.dtype())
        .filter(|d| d.is_float())
        .collect();
    match floats.as_slice() {
        [] => crate::default_float_dtype(),
        [d] => *d,
        [d, e, ..] => crate::promote_types(*d, *e).unwrap_or(*d),
    }
}

/// The shape of the samples of a random op: `shape` when given (every
/// parameter's shape must broadcast to it), else the broadcast shape of the
/// parameters' shapes (`()` for none).
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// use ivy::Shape;
/// let s = ivy::random::sample_shape("demo", &[&Shape::from([2, 1]), &Shape::from([3])], None)?;
/// assert_eq!(s.dims(), &[2, 3]);
/// let t = ivy::random::sample_shape("demo", &[&Shape::from([3])], Some(&Shape::from([4, 3])))?;
/// assert_eq!(t.dims(), &[4, 3]);
/// assert!(ivy::random::sample_shape("demo", &[&Shape::from([2])], Some(&Shape::from([3]))).is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn sample_shape(op: &str, params: &[&Shape], shape: Option<&Shape>) -> Result<Shape> {
    match shape {
        Some(s) => {
            for p in params {
                if crate::broadcast_shapes_of(op, p, s).ok().as_ref() != Some(s) {
                    return Err(Error::shape(
                        op,
                        format!(
                            "a parameter of shape {p} does not broadcast to the shape {s} asked for"
                        ),
                        vec![(*p).clone(), s.clone()],
                    ));
                }
            }
            Ok(s.clone())
        }
        None => {
            let mut out = Shape::scalar();
            for p in params {
                out = crate::broadcast_shapes_of(op, &out, p)?;
            }
            Ok(out)
        }
    }
}

/// The value `i` of a parameter given as one value or one per output.
#[inline]
fn at<T: Copy>(v: &[T], i: usize) -> T {
    if v.len() == 1 { v[0] } else { v[i] }
}

/// Check that parameters have one value or `n`.
fn check_len(op: &str, what: &str, len: usize, n: usize) -> Result<()> {
    if len == 1 || len == n {
        Ok(())
    } else {
        Err(Error::invalid(
            op,
            format!("{what} has {len} values for {n} samples"),
        ))
    }
}

/// The largest value of float dtype `d` below `x` (a value of `d`).
fn below(x: f64, d: Dtype) -> f64 {
    fn step16(bits: u16) -> u16 {
        if bits & 0x7fff == 0 {
            0x8001
        } else if bits & 0x8000 == 0 {
            bits - 1
        } else {
            bits + 1
        }
    }
    match d {
        Dtype::Float64 => x.next_down(),
        Dtype::Float32 => f64::from((x as f32).next_down()),
        Dtype::Float16 => f16::from_bits(step16(f16::from_f64(x).to_bits())).to_f64(),
        Dtype::BFloat16 => bf16::from_bits(step16(bf16::from_f64(x).to_bits())).to_f64(),
        _ => x,
    }
}

/// The values of one chunk of a large draw (see the module docs): a fixed
/// number, as changing it changes the values of every seeded draw of more
/// than this many values.
pub const CHUNK: usize = 1 << 14;

/// `n` values, value `i` being `one(g, i)` with `g` the generator at value
/// `i` of its chunk (the chunks of [`CHUNK`] values run on the thread pool;
/// see the module docs). Draws of at most [`CHUNK`] values use `rng`
/// directly, value after value.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// use ivy::random::rand::RngExt;
/// let n = 3 * ivy::random::CHUNK + 5;
/// let draw = |t| ivy::with_num_threads(t, || {
///     ivy::random::draw(&mut ivy::random::generator(1), n, |g, _| g.random::<u32>())
/// });
/// assert_eq!(draw(1)?, draw(4)?);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn draw<T: Element>(
    rng: &mut Generator,
    n: usize,
    one: impl Fn(&mut Generator, usize) -> T + Sync,
) -> Vec<T> {
    if n <= CHUNK {
        return (0..n).map(|i| one(rng, i)).collect();
    }
    let base = rng.clone();
    let stream = base.get_stream();
    let start = base.get_word_pos();
    let end = std::sync::Mutex::new(start);
    let mut out = vec![T::default(); n];
    crate::parallel::fill_chunks(&mut out, CHUNK, |offset, part| {
        let mut g = base.clone();
        let c = (offset / CHUNK) as u64;
        if c > 0 {
            g.set_stream(stream.wrapping_add(c));
            g.set_word_pos(start);
        }
        for (k, o) in part.iter_mut().enumerate() {
            *o = one(&mut g, offset + k);
        }
        let at = g.get_word_pos();
        let mut e = end.lock().unwrap_or_else(|e| e.into_inner());
        *e = (*e).max(at);
    });
    rng.set_word_pos(end.into_inner().unwrap_or_else(|e| e.into_inner()));
    out
}

/// `n` samples of the uniform distribution over `[low, high)` as `T`
/// (`low` and `high` hold one value or one per sample): each is
/// `low + (high - low) * u` for `u` of 53 random bits in `[0, 1)`, rounded to
/// `T` and kept below `high` rounded to `T` (`low` when the interval holds no
/// value of `T`). The bounds must be finite with `low <= high`.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let g = &mut ivy::random::generator(0);
/// let v: Vec<f32> = ivy::random::uniform("demo", g, &[2.0], &[3.0], 100)?;
/// assert!(v.iter().all(|x| (2.0..3.0).contains(x)));
/// assert!(ivy::random::uniform::<f32>("demo", g, &[1.0], &[0.0], 1).is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn uniform<T: Element>(
    op: &str,
    rng: &mut Generator,
    low: &[f64],
    high: &[f64],
    n: usize,
) -> Result<Vec<T>> {
    check_len(op, "low", low.len(), n)?;
    check_len(op, "high", high.len(), n)?;
    for i in 0..n.min(low.len().max(high.len())) {
        let (l, h) = (at(low, i), at(high, i));
        if !l.is_finite() || !h.is_finite() || l > h {
            return Err(Error::invalid(
                op,
                format!("the bounds must be finite with low <= high, got low = {l} and high = {h}"),
            ));
        }
    }
    Ok(draw(rng, n, |g, i| {
        let (l, h) = (at(low, i), at(high, i));
        let u: f64 = g.random();
        let v = T::from_f64(l + (h - l) * u);
        let (lt, ht) = (T::from_f64(l).to_f64(), T::from_f64(h).to_f64());
        if v.to_f64() >= ht {
            T::from_f64(below(ht, T::DTYPE).max(lt))
        } else {
            v
        }
    }))
}

/// `n` samples of the normal distribution `mean + std * z` as `T` (`mean`
/// and `std` hold one value or one per sample), `z` standard normal in `f64`
/// (ziggurat method). `std` must be non-negative.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let g = &mut ivy::random::generator(0);
/// let v: Vec<f64> = ivy::random::normal("demo", g, &[10.0], &[0.0], 3)?;
/// assert_eq!(v, vec![10.0; 3]);
/// assert!(ivy::random::normal::<f64>("demo", g, &[0.0], &[-1.0], 1).is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn normal<T: Element>(
    op: &str,
    rng: &mut Generator,
    mean: &[f64],
    std: &[f64],
    n: usize,
) -> Result<Vec<T>> {
    check_len(op, "mean", mean.len(), n)?;
    check_len(op, "std", std.len(), n)?;
    if let Some(s) = std.iter().take(n).find(|s| s.is_nan() || **s < 0.0) {
        return Err(Error::invalid(
            op,
            format!("std must be non-negative, got {s}"),
        ));
    }
    Ok(draw(rng, n, |g, i| {
        let z: f64 = g.sample(StandardNormal);
        T::from_f64(at(mean, i) + at(std, i) * z)
    }))
}

/// `n` integers drawn uniformly from `[low, high)` as the integer type `T`
/// (`low` and `high` hold one value or one per sample). Each draw is an
/// offset below `high - low` (64 random bits, unbiased), so the values do not
/// depend on `T`. `low < high` everywhere, and `low` and `high - 1` must fit
/// `T`.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let g = &mut ivy::random::generator(0);
/// let v: Vec<u8> = ivy::random::integers("demo", g, &[250], &[256], 50)?;
/// assert!(v.iter().all(|x| *x >= 250));
/// assert!(ivy::random::integers::<u8>("demo", g, &[0], &[257], 1).is_err());
/// assert!(ivy::random::integers::<i64>("demo", g, &[3], &[3], 1).is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn integers<T: Element>(
    op: &str,
    rng: &mut Generator,
    low: &[i128],
    high: &[i128],
    n: usize,
) -> Result<Vec<T>> {
    check_len(op, "low", low.len(), n)?;
    check_len(op, "high", high.len(), n)?;
    let info = crate::iinfo(T::DTYPE)?;
    for i in 0..n.min(low.len().max(high.len())) {
        let (l, h) = (at(low, i), at(high, i));
        if l >= h {
            return Err(Error::invalid(
                op,
                format!("low must be less than high, got low = {l} and high = {h}"),
            ));
        }
        if l < info.min || h - 1 > info.max {
            return Err(Error::invalid(
                op,
                format!(
                    "[{l}, {h}) is out of bounds for {} ([{}, {}])",
                    T::DTYPE,
                    info.min,
                    info.max
                ),
            ));
        }
    }
    Ok(draw(rng, n, |g, i| {
        let (l, h) = (at(low, i), at(high, i));
        let width = (h - l) as u128;
        let offset = if width > u128::from(u64::MAX) {
            g.random::<u64>()
        } else {
            g.random_range(0..width as u64)
        };
        T::from_i128(l + i128::from(offset))
    }))
}

/// A random permutation of `0..n` (Fisher-Yates).
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let mut p = ivy::random::permutation(&mut ivy::random::generator(1), 5);
/// p.sort();
/// assert_eq!(p, vec![0, 1, 2, 3, 4]);
/// ```
pub fn permutation(rng: &mut Generator, n: usize) -> Vec<usize> {
    use rand::seq::SliceRandom;
    let mut p: Vec<usize> = (0..n).collect();
    p.shuffle(rng);
    p
}

/// The first index whose running total exceeds `u`, skipping zero weights
/// (the last index of non-zero weight if rounding puts `u` past the end).
fn pick(cum: &[f64], weights: &[f64], u: f64) -> usize {
    let i = cum.partition_point(|&c| c <= u);
    if i < weights.len() {
        i
    } else {
        weights.iter().rposition(|w| *w > 0.0).unwrap_or(0)
    }
}

/// The layout of Ivy's `multinomial`: `probs` must have shape
/// `(population_size,)` (with `batch_size` 1) or `(batch_size,
/// population_size)`; returns the number of rows drawn and the shape of
/// the samples (`[batch, num_samples]`, or `[num_samples]` for 1-d probs).
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Shape;
/// let (rows, shape) = ivy::random::multinomial_layout("multinomial", 4, 3, 2, Some(&Shape::from([2, 4])))?;
/// assert_eq!((rows, shape), (2, Shape::from([2, 3])));
/// assert!(ivy::random::multinomial_layout("multinomial", 4, 3, 2, Some(&Shape::from([4]))).is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn multinomial_layout(
    op: &str,
    population_size: usize,
    num_samples: usize,
    batch_size: usize,
    probs: Option<&Shape>,
) -> Result<(usize, Shape)> {
    let (rows, mut dims) = match probs {
        None => (batch_size, vec![batch_size]),
        Some(p) => {
            let dims = p.dims();
            let fits = match dims {
                [k] => *k == population_size && batch_size == 1,
                [b, k] => *k == population_size && *b == batch_size,
                _ => false,
            };
            if !fits {
                return Err(Error::shape(
                    op,
                    format!(
                        "probs must have shape ({population_size},) or ({batch_size}, {population_size}) for population_size {population_size} and batch_size {batch_size}, got {p}"
                    ),
                    vec![p.clone()],
                ));
            }
            (
                if dims.len() == 2 { dims[0] } else { 1 },
                dims[..dims.len() - 1].to_vec(),
            )
        }
    };
    dims.push(num_samples);
    Ok((rows, Shape::from(dims)))
}
/// `num_samples` indices per row of `weights` (`rows` rows of
/// `population` unnormalised, finite, non-negative weights each, with a
/// positive sum; `None`: all equal), row after row. Each draw takes `u` of
/// 53 bits times the row's total and the index where the running total
/// passes it. Without `replace`, a drawn index's weight becomes zero for
/// the rest of its row, so a row needs `num_samples` non-zero weights.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let g = &mut ivy::random::generator(0);
/// let v = ivy::random::choices("demo", g, Some(&[0.0, 2.0, 0.0, 1.0]), 1, 4, 2, false)?;
/// assert!(v == vec![1, 3] || v == vec![3, 1]);
/// assert!(ivy::random::choices("demo", g, None, 1, 3, 4, false).is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn choices(
    op: &str,
    rng: &mut Generator,
    weights: Option<&[f64]>,
    rows: usize,
    population: usize,
    num_samples: usize,
    replace: bool,
) -> Result<Vec<i64>> {
    if !replace && num_samples > population {
        return Err(Error::invalid(
            op,
            format!(
                "cannot draw {num_samples} samples from a population of {population} without replacement"
            ),
        ));
    }
    if let Some(w) = weights
        && w.len() != rows * population
    {
        return Err(Error::invalid(
            op,
            format!("{} weights for {rows} rows of {population}", w.len()),
        ));
    }
    let mut out = Vec::with_capacity(rows * num_samples);
    if num_samples == 0 {
        return Ok(out);
    }
    let mut w = vec![1.0; population];
    let mut cum = vec![0.0; population];
    for r in 0..rows {
        if let Some(all) = weights {
            w.copy_from_slice(&all[r * population..(r + 1) * population]);
        } else {
            w.fill(1.0);
        }
        if let Some(bad) = w.iter().find(|v| !(v.is_finite() && **v >= 0.0)) {
            return Err(Error::invalid(
                op,
                format!("probabilities must be finite and non-negative, got {bad}"),
            ));
        }
        let nonzero = w.iter().filter(|v| **v > 0.0).count();
        if nonzero == 0 {
            return Err(Error::invalid(
                op,
                format!("row {r} of the probabilities has no positive weight"),
            ));
        }
        if !replace && nonzero < num_samples {
            return Err(Error::invalid(
                op,
                format!(
                    "row {r} has {nonzero} indices of non-zero probability, fewer than the {num_samples} samples drawn without replacement"
                ),
            ));
        }
        let mut stale = true;
        for _ in 0..num_samples {
            if stale {
                let mut total = 0.0;
                for (c, v) in cum.iter_mut().zip(&w) {
                    total += v;
                    *c = total;
                }
                stale = false;
            }
            let total = cum[population - 1];
            let u: f64 = rng.random();
            let i = pick(&cum, &w, u * total);
            out.push(i as i64);
            if !replace {
                w[i] = 0.0;
                stale = true;
            }
        }
    }
    Ok(out)
}

/// The draws of Ivy's `multinomial` and their shape, for a backend's kernel:
/// checks the layout of `probs` ([`multinomial_layout`]), reads the weights
/// with `weights` (called only when the layout fits; `None`: equal
/// weights), and draws with the generator of `seed` ([`choices`]).
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Shape;
/// let probs = Shape::from([2, 3]);
/// let weights = || Ok(Some(vec![0.0, 1.0, 0.0, 0.0, 0.0, 1.0]));
/// let (v, shape) = ivy::random::multinomial_draws("multinomial", 3, 2, 2, Some(&probs), weights, true, Some(7))?;
/// assert_eq!((v, shape), (vec![1, 1, 2, 2], Shape::from([2, 2])));
/// let wrong = Shape::from([3]);
/// assert!(ivy::random::multinomial_draws("multinomial", 3, 2, 2, Some(&wrong), weights, true, None).is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
#[allow(clippy::too_many_arguments)]
pub fn multinomial_draws(
    op: &str,
    population_size: usize,
    num_samples: usize,
    batch_size: usize,
    probs: Option<&Shape>,
    weights: impl FnOnce() -> Result<Option<Vec<f64>>>,
    replace: bool,
    seed: Option<u64>,
) -> Result<(Vec<i64>, Shape)> {
    let (rows, shape) = multinomial_layout(op, population_size, num_samples, batch_size, probs)?;
    let weights = weights()?;
    let v = with_rng(seed, |g| {
        choices(
            op,
            g,
            weights.as_deref(),
            rows,
            population_size,
            num_samples,
            replace,
        )
    })?;
    Ok((v, shape))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PINNED: [u64; 3] = [
        13486662071293341567,
        14267822071968393595,
        476749353381333526,
    ];

    /// The stream of a seed is fixed: these are the first draws of seed 0,
    /// recorded from ChaCha12 with rand's `seed_from_u64`. A change here
    /// (a new algorithm or seeding) changes every seeded result users have.
    #[test]
    fn a_seed_gives_a_fixed_stream() {
        let mut a = generator(0);
        let xs: Vec<u64> = (0..3).map(|_| a.random()).collect();
        assert_eq!(xs, PINNED);
        let mut c = generator(1);
        let zs: Vec<u64> = (0..3).map(|_| c.random()).collect();
        assert_ne!(xs, zs);
    }

    /// A uniform sample is the top 53 bits of one 64-bit draw over 2^53,
    /// scaled to the interval.
    #[test]
    fn uniform_uses_the_top_53_bits_of_a_draw() -> Result<()> {
        let bits: Vec<u64> = {
            let mut g = generator(3);
            (0..4).map(|_| g.random()).collect()
        };
        let got: Vec<f64> = uniform("t", &mut generator(3), &[-2.0], &[6.0], 4)?;
        for (b, v) in bits.iter().zip(&got) {
            let u = (b >> 11) as f64 / 2f64.powi(53);
            assert_eq!(*v, -2.0 + 8.0 * u);
        }
        Ok(())
    }

    /// A draw of at most `CHUNK` values is the generator's own stream,
    /// value after value; a larger one takes chunk `c` from stream `c` at
    /// the generator's position, whatever the thread count, and leaves the
    /// generator past every word it read.
    #[test]
    fn large_draws_read_one_stream_per_chunk() -> Result<()> {
        let one = |g: &mut Generator, _: usize| g.random::<u64>();
        let small = draw(&mut generator(7), CHUNK, one);
        let mut g = generator(7);
        let seq: Vec<u64> = (0..CHUNK).map(|_| g.random()).collect();
        assert_eq!(small, seq);
        let n = 3 * CHUNK + 11;
        let mut after = Vec::new();
        for threads in [1, 2, 4] {
            let mut g = generator(7);
            let v = crate::with_num_threads(threads, || draw(&mut g, n, one))?;
            assert_eq!(v.len(), n);
            assert_eq!(&v[..CHUNK], &seq[..]);
            for c in 1..4u64 {
                let mut s = generator(7);
                s.set_stream(c);
                let at = c as usize * CHUNK;
                let want: Vec<u64> = (at..n.min(at + CHUNK)).map(|_| s.random()).collect();
                assert_eq!(&v[at..n.min(at + CHUNK)], &want[..], "chunk {c}");
            }
            // Each chunk read 2 * CHUNK words of its stream.
            assert_eq!(g.get_word_pos(), 2 * CHUNK as u128);
            after.push(draw(&mut g, n, one));
        }
        assert!(after.windows(2).all(|w| w[0] == w[1]));
        // The next draw starts past the words the first one read.
        let first = draw(&mut generator(7), n, one);
        assert!(first.iter().zip(&after[0]).all(|(a, b)| a != b));
        Ok(())
    }

    #[test]
    fn large_draws_keep_their_distributions() -> Result<()> {
        let n = 200_000;
        let z: Vec<f64> = normal("t", &mut generator(12), &[1.0], &[2.0], n)?;
        let mean = z.iter().sum::<f64>() / n as f64;
        let var = z.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / n as f64;
        // Standard errors: 2 / sqrt(n) = 0.0045 for the mean, and about
        // 4 * sqrt(2 / n) = 0.0126 for the variance; 6 of them.
        assert!((mean - 1.0).abs() < 0.027, "{mean}");
        assert!((var - 4.0).abs() < 0.076, "{var}");
        let u: Vec<f32> = uniform("t", &mut generator(12), &[-1.0], &[3.0], n)?;
        assert!(u.iter().all(|v| (-1.0..3.0).contains(v)));
        let m = u.iter().map(|&v| f64::from(v)).sum::<f64>() / n as f64;
        // sd of the mean: (4 / sqrt 12) / sqrt(n) = 0.0026.
        assert!((m - 1.0).abs() < 0.016, "{m}");
        let k: Vec<i32> = integers("t", &mut generator(12), &[0], &[10], n)?;
        for d in 0..10 {
            let c = k.iter().filter(|&&v| v == d).count() as f64;
            // Binomial(n, 0.1): sd = sqrt(n * 0.09) = 134; 6 of them.
            assert!((c - 20_000.0).abs() < 805.0, "{d}: {c}");
        }
        Ok(())
    }

    #[test]
    fn seeding_is_per_thread() {
        seed_thread(11);
        let here: Vec<usize> = with_rng(None, |g| permutation(g, 20));
        seed_thread(11);
        // Another thread seeding and drawing does not move this stream.
        std::thread::spawn(|| {
            seed_thread(99);
            with_rng(None, |g| permutation(g, 50))
        })
        .join()
        .expect("the thread ran");
        let again: Vec<usize> = with_rng(None, |g| permutation(g, 20));
        assert_eq!(here, again);
        // An unseeded thread's stream is its own (from entropy): it does not
        // start where this thread's seed 11 does.
        let other = std::thread::spawn(|| with_rng(None, |g| permutation(g, 20)))
            .join()
            .expect("the thread ran");
        assert_ne!(other, here);
    }

    #[test]
    fn a_call_seed_leaves_the_thread_stream_alone() {
        seed_thread(4);
        let first: u64 = with_rng(None, |g| g.random());
        seed_thread(4);
        let _: u64 = with_rng(Some(123), |g| g.random());
        let again: u64 = with_rng(None, |g| g.random());
        assert_eq!(first, again);
        // And the thread stream moves on between calls.
        let next: u64 = with_rng(None, |g| g.random());
        assert_ne!(next, again);
    }

    #[test]
    fn uniform_stays_in_range_in_every_float_dtype() -> Result<()> {
        let g = &mut generator(2);
        // A narrow interval just below 1, where rounding up to `high` is
        // likely in the half dtypes.
        let v: Vec<f16> = uniform("t", g, &[0.999], &[1.0], 2000)?;
        assert!(
            v.iter()
                .all(|x| x.to_f64() < 1.0
                    && x.to_f64() >= 0.999f64.min(f16::from_f64(0.999).to_f64()))
        );
        let v: Vec<bf16> = uniform("t", g, &[0.99], &[1.0], 2000)?;
        assert!(v.iter().all(|x| x.to_f64() < 1.0));
        let v: Vec<f32> = uniform("t", g, &[-1.0], &[1.0], 10_000)?;
        assert!(v.iter().all(|x| (-1.0..1.0).contains(x)));
        // Both halves of the interval are hit.
        assert!(v.iter().any(|x| *x < -0.5) && v.iter().any(|x| *x > 0.5));
        let v: Vec<f64> = uniform("t", g, &[5.0], &[5.0], 3)?;
        assert_eq!(v, vec![5.0; 3]);
        // Negative bounds next to zero: 0 is excluded in f16.
        let v: Vec<f16> = uniform("t", g, &[-1e-7], &[0.0], 100)?;
        assert!(v.iter().all(|x| x.to_f64() < 0.0 || x.to_bits() == 0x8000));
        Ok(())
    }

    #[test]
    fn below_steps_down_one_value() {
        assert_eq!(below(1.0, Dtype::Float64), 1.0 - f64::EPSILON / 2.0);
        assert_eq!(
            below(1.0, Dtype::Float32),
            f64::from(1.0f32 - f32::EPSILON / 2.0)
        );
        assert_eq!(below(1.0, Dtype::Float16), 1.0 - 2f64.powi(-11));
        assert_eq!(below(1.0, Dtype::BFloat16), 1.0 - 2f64.powi(-8));
        assert_eq!(below(-1.0, Dtype::Float16), -1.0 - 2f64.powi(-10));
        assert!(below(0.0, Dtype::Float16) < 0.0);
    }

    #[test]
    fn parameter_errors_name_the_op() {
        let g = &mut generator(0);
        for e in [
            uniform::<f32>("random_uniform", g, &[0.0], &[f64::INFINITY], 1).unwrap_err(),
            uniform::<f32>("random_uniform", g, &[0.0, 1.0], &[1.0], 3).unwrap_err(),
            normal::<f32>("random_normal", g, &[0.0], &[f64::NAN], 1).unwrap_err(),
            integers::<i8>("randint", g, &[-129], &[0], 1).unwrap_err(),
            choices("multinomial", g, Some(&[1.0, -1.0]), 1, 2, 1, true).unwrap_err(),
            choices("multinomial", g, Some(&[0.0, 0.0]), 1, 2, 1, true).unwrap_err(),
            choices("multinomial", g, Some(&[1.0, 0.0, 1.0]), 1, 3, 3, false).unwrap_err(),
            choices("multinomial", g, Some(&[1.0]), 1, 2, 1, true).unwrap_err(),
        ] {
            let op = e.op().map(str::to_string).unwrap_or_default();
            assert!(
                ["random_uniform", "random_normal", "randint", "multinomial"]
                    .contains(&op.as_str()),
                "{e}"
            );
        }
    }

    #[test]
    fn integers_cover_the_range_and_the_full_width() -> Result<()> {
        let g = &mut generator(5);
        let v: Vec<i8> = integers("t", g, &[-3], &[3], 6000)?;
        for k in -3..3 {
            assert!(v.contains(&k), "{k} never drawn");
        }
        assert!(v.iter().all(|x| (-3..3).contains(x)));
        // The whole of u64 and of i64 (a width of 2^64).
        let _: Vec<u64> = integers("t", g, &[0], &[i128::from(u64::MAX) + 1], 10)?;
        let w: Vec<i64> = integers(
            "t",
            g,
            &[i128::from(i64::MIN)],
            &[i128::from(i64::MAX) + 1],
            10,
        )?;
        assert!(w.iter().any(|x| *x < 0) || w.iter().any(|x| *x > 0));
        // The same seed gives the same values in every integer dtype.
        let a: Vec<i16> = integers("t", &mut generator(8), &[0], &[100], 50)?;
        let b: Vec<u64> = integers("t", &mut generator(8), &[0], &[100], 50)?;
        assert!(a.iter().zip(&b).all(|(x, y)| *x as u64 == *y));
        Ok(())
    }

    #[test]
    fn choices_follow_the_weights() -> Result<()> {
        let g = &mut generator(6);
        // Weight 0 is never drawn; weights 1 : 3 give about a quarter.
        let v = choices("t", g, Some(&[1.0, 0.0, 3.0]), 1, 3, 40_000, true)?;
        assert!(!v.contains(&1));
        let ones = v.iter().filter(|x| **x == 0).count() as f64;
        // Binomial(40000, 1/4): sd = sqrt(40000 * 3/16) ~ 86.6; 6 sd.
        assert!((ones - 10_000.0).abs() < 6.0 * 86.7, "{ones}");
        // Without replacement every row is a set of distinct indices.
        let v = choices("t", g, None, 50, 8, 8, false)?;
        for row in v.chunks(8) {
            let mut r = row.to_vec();
            r.sort();
            assert_eq!(r, (0..8).collect::<Vec<i64>>());
        }
        assert!(choices("t", g, None, 2, 0, 0, true)?.is_empty());
        Ok(())
    }
}
