//! Kernels of the random ops.
//!
//! The values come from ivy's generator ([`ivy::random`]): the kernels
//! broadcast the parameters to the sample shape, hand them to its samplers
//! in row-major order and wrap the values drawn, so a seed gives the same
//! arrays here as on any other backend.

use crate::NdarrayBackend;
use crate::host::{self, by_dtype, ints, reals};
use crate::layout::check_device;
use ivy::kernels::RandomKernels;
use ivy::random::{self as rng, seed_bits};
use ivy::{Array, Device, Dtype, Element, Error, Result, Shape};
use ndarray::{Axis, IxDyn};

/// The values of `x` broadcast to `shape`, through `f`, in row-major order
/// (one value when `x` has one element).
fn spread<T: Element, U>(op: &str, x: &Array, shape: &Shape, f: impl Fn(T) -> U) -> Result<Vec<U>> {
    let v = host::view::<T>(op, x)?;
    if x.size() == 1 {
        return Ok(v.iter().map(|e| f(*e)).collect());
    }
    let b = v.broadcast(IxDyn(shape.dims())).ok_or_else(|| {
        Error::shape(
            op,
            format!(
                "cannot broadcast a parameter of shape {} to {shape}",
                x.shape()
            ),
            vec![x.shape().clone(), shape.clone()],
        )
    })?;
    Ok(b.iter().map(|e| f(*e)).collect())
}

/// A real parameter (`#[dtypes(real)]` in the spec) as `f64`s broadcast to
/// `shape` (`default` when absent).
fn reals_of(op: &str, x: Option<&Array>, default: f64, shape: &Shape) -> Result<Vec<f64>> {
    match x {
        None => Ok(vec![default]),
        Some(x) => reals!(op, x, T => spread(op, x, shape, |v: T| v.to_f64())),
    }
}

/// An integer parameter (`#[integer]` in the spec) as `i128`s broadcast to
/// `shape`.
fn ints_of(op: &str, x: &Array, shape: &Shape) -> Result<Vec<i128>> {
    ints!(op, x, T => spread(op, x, shape, |v: T| v.to_i128()))
}

#[ivy::kernels]
impl RandomKernels for NdarrayBackend {
    fn random_uniform(
        &self,
        low: Option<&Array>,
        high: Option<&Array>,
        shape: Option<&Shape>,
        dtype: Dtype,
        device: Device,
        seed: Option<i64>,
    ) -> Result<Array> {
        let op = "random_uniform";
        check_device(op, device)?;
        let params: Vec<&Shape> = [low, high]
            .into_iter()
            .flatten()
            .map(|a| a.shape())
            .collect();
        let shape = rng::sample_shape(op, &params, shape)?;
        let lo = reals_of(op, low, 0.0, &shape)?;
        let hi = reals_of(op, high, 1.0, &shape)?;
        let n = shape.size();
        by_dtype!(op, dtype, T => {
            let v = rng::with_rng(seed_bits(seed), |g| rng::uniform::<T>(op, g, &lo, &hi, n))?;
            Ok(host::out_vec(shape, v))
        })
    }

    fn random_normal(
        &self,
        mean: Option<&Array>,
        std: Option<&Array>,
        shape: Option<&Shape>,
        dtype: Dtype,
        device: Device,
        seed: Option<i64>,
    ) -> Result<Array> {
        let op = "random_normal";
        check_device(op, device)?;
        let params: Vec<&Shape> = [mean, std]
            .into_iter()
            .flatten()
            .map(|a| a.shape())
            .collect();
        let shape = rng::sample_shape(op, &params, shape)?;
        let mu = reals_of(op, mean, 0.0, &shape)?;
        let sd = reals_of(op, std, 1.0, &shape)?;
        let n = shape.size();
        by_dtype!(op, dtype, T => {
            let v = rng::with_rng(seed_bits(seed), |g| rng::normal::<T>(op, g, &mu, &sd, n))?;
            Ok(host::out_vec(shape, v))
        })
    }

    fn randint(
        &self,
        low: &Array,
        high: &Array,
        shape: Option<&Shape>,
        device: Device,
        dtype: Dtype,
        seed: Option<i64>,
    ) -> Result<Array> {
        let op = "randint";
        check_device(op, device)?;
        let shape = rng::sample_shape(op, &[low.shape(), high.shape()], shape)?;
        let lo = ints_of(op, low, &shape)?;
        let hi = ints_of(op, high, &shape)?;
        let n = shape.size();
        by_dtype!(op, dtype, T => {
            let v = rng::with_rng(seed_bits(seed), |g| rng::integers::<T>(op, g, &lo, &hi, n))?;
            Ok(host::out_vec(shape, v))
        })
    }

    fn shuffle(&self, x: &Array, axis: usize, seed: Option<i64>) -> Result<Array> {
        let op = "shuffle";
        // `axis` is normalised against `x`'s rank before dispatch.
        let n = x.shape().dims()[axis];
        let perm = rng::with_rng(seed_bits(seed), |g| rng::permutation(g, n));
        host::all!(op, x, T => {
            let v = host::view::<T>(op, x)?;
            Ok(host::from_nd(v.select(Axis(axis), &perm)))
        })
    }

    fn multinomial(
        &self,
        population_size: usize,
        num_samples: usize,
        batch_size: usize,
        probs: Option<&Array>,
        replace: bool,
        device: Device,
        seed: Option<i64>,
    ) -> Result<Array> {
        let op = "multinomial";
        check_device(op, device)?;
        let (v, shape) = rng::multinomial_draws(
            op,
            population_size,
            num_samples,
            batch_size,
            probs.map(Array::shape),
            || {
                probs
                    .map(|p| reals_of(op, Some(p), 0.0, p.shape()))
                    .transpose()
            },
            replace,
            seed_bits(seed),
        )?;
        Ok(host::out_vec(shape, v))
    }
}
