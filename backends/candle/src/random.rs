//! Kernels of the random ops.
//!
//! The values come from ivy's generator ([`ivy::random`], the per-thread
//! stream `ivy::seed` sets, or the one of a `seed` argument), as on the
//! ndarray backend: the parameters are read in row-major order, the
//! samplers draw, and the values become a candle tensor. So a seed gives
//! the same arrays on candle as on ndarray (candle's own `rand`/`randn`
//! cannot be seeded on the CPU). `shuffle` draws a permutation and moves
//! the elements with candle's `index_select`.

use crate::CandleBackend;
use crate::tensor::{candle_device, err, tensor, wrap};
use candle_core::{DType, Tensor};
use ivy::kernels::RandomKernels;
use ivy::random::{self as rng, seed_bits};
use ivy::{Array, Device, Dtype, Error, Result, Shape, bf16, f16};

/// `$body` with `T` the element type of the candle dtype holding `$dtype`
/// (a float or an integer).
macro_rules! by_dtype {
    ($op:expr, $dtype:expr, $T:ident => $body:expr) => {
        match $dtype {
            Dtype::Float16 => {
                type $T = f16;
                $body
            }
            Dtype::BFloat16 => {
                type $T = bf16;
                $body
            }
            Dtype::Float32 => {
                type $T = f32;
                $body
            }
            Dtype::Float64 => {
                type $T = f64;
                $body
            }
            Dtype::UInt8 => {
                type $T = u8;
                $body
            }
            Dtype::UInt32 => {
                type $T = u32;
                $body
            }
            Dtype::Int16 => {
                type $T = i16;
                $body
            }
            Dtype::Int32 => {
                type $T = i32;
                $body
            }
            Dtype::Int64 => {
                type $T = i64;
                $body
            }
            d => Err(crate::tensor::no_dtype($op, d)),
        }
    };
}

/// The elements of `x` broadcast to `shape` (one element stays one), in
/// row-major order, as `f64`.
fn spread(op: &str, x: &Array, shape: &Shape, to: DType) -> Result<Tensor> {
    let t = tensor(op, x)?;
    // `ivy::random::sample_shape` made `shape` one the parameters
    // broadcast to.
    let t = if x.size() == 1 {
        t.flatten_all().map_err(err(op))?
    } else {
        t.broadcast_as(shape.dims())
            .and_then(|t| t.flatten_all())
            .map_err(err(op))?
    };
    t.to_dtype(to).map_err(err(op))
}

/// A real parameter (`#[dtypes(real)]` in the spec) as `f64`s broadcast to
/// `shape` (`default` when absent).
fn reals_of(op: &str, x: Option<&Array>, default: f64, shape: &Shape) -> Result<Vec<f64>> {
    match x {
        None => Ok(vec![default]),
        Some(x) => spread(op, x, shape, DType::F64)?
            .to_vec1::<f64>()
            .map_err(err(op)),
    }
}

/// An integer parameter (`#[integer]` in the spec) as `i128`s broadcast to
/// `shape`.
fn ints_of(op: &str, x: &Array, shape: &Shape) -> Result<Vec<i128>> {
    let v = spread(op, x, shape, DType::I64)?
        .to_vec1::<i64>()
        .map_err(err(op))?;
    Ok(v.into_iter().map(i128::from).collect())
}

/// A tensor of `shape` holding `v` on `device`.
fn from_values<T: candle_core::WithDType>(
    op: &str,
    v: Vec<T>,
    shape: &Shape,
    device: Device,
) -> Result<Tensor> {
    let dev = candle_device(op, device)?;
    Tensor::from_vec(v, shape.dims(), &dev).map_err(err(op))
}

#[ivy::kernels]
impl RandomKernels for CandleBackend {
    #[supported_dtypes("0.1.0 and above" => (float))]
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
        candle_device(op, device)?;
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
            Ok(wrap(from_values(op, v, &shape, device)?, dtype))
        })
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
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
        candle_device(op, device)?;
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
            Ok(wrap(from_values(op, v, &shape, device)?, dtype))
        })
    }

    #[supported_dtypes("0.2.0 and above" => (integer))]
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
        candle_device(op, device)?;
        let shape = rng::sample_shape(op, &[low.shape(), high.shape()], shape)?;
        let lo = ints_of(op, low, &shape)?;
        let hi = ints_of(op, high, &shape)?;
        let n = shape.size();
        by_dtype!(op, dtype, T => {
            let v = rng::with_rng(seed_bits(seed), |g| rng::integers::<T>(op, g, &lo, &hi, n))?;
            Ok(wrap(from_values(op, v, &shape, device)?, dtype))
        })
    }

    fn shuffle(&self, x: &Array, axis: usize, seed: Option<i64>) -> Result<Array> {
        let op = "shuffle";
        // `axis` is normalised against `x`'s rank before dispatch.
        let n = x.shape().dims()[axis];
        let perm = rng::with_rng(seed_bits(seed), |g| rng::permutation(g, n));
        if n > u32::MAX as usize {
            return Err(Error::invalid(
                op,
                "candle indexes with u32: the axis is too long",
            ));
        }
        let t = tensor(op, x)?;
        let ids: Vec<u32> = perm.into_iter().map(|p| p as u32).collect();
        let f = || -> candle_core::Result<Tensor> {
            let ids = Tensor::from_vec(ids, n, t.device())?;
            t.index_select(&ids, axis)
        };
        Ok(wrap(f().map_err(err(op))?, x.dtype()))
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
        candle_device(op, device)?;
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
        Ok(wrap(from_values(op, v, &shape, device)?, Dtype::Int64))
    }
}
