//! Kernels of the creation ops: candle's `zeros`, `ones`, `arange` and
//! broadcasting, in every dtype candle holds.

use crate::CandleBackend;
use crate::tensor::{candle_device, dtype_of, err, scalar, tensor, wrap};
use candle_core::{DType, Tensor};
use ivy::kernels::CreationKernels;
use ivy::{Array, Device, Dtype, Error, Result, Scalar, Shape};

fn filled(op: &str, shape: &Shape, value: Scalar, dtype: Dtype, device: Device) -> Result<Array> {
    let dev = candle_device(op, device)?;
    let dt = dtype_of(op, dtype)?;
    let value = if dtype == Dtype::Bool {
        Scalar::Int(i128::from(value.to_element::<bool>()))
    } else {
        value
    };
    let t = scalar(op, value, dt, &dev)?
        .broadcast_as(shape.dims())
        .and_then(|t| t.contiguous())
        .map_err(err(op))?;
    Ok(wrap(t, dtype))
}

fn constant(op: &str, shape: &Shape, one: bool, dtype: Dtype, device: Device) -> Result<Array> {
    let dev = candle_device(op, device)?;
    let dt = dtype_of(op, dtype)?;
    let t = if one {
        Tensor::ones(shape.dims(), dt, &dev)
    } else {
        Tensor::zeros(shape.dims(), dt, &dev)
    };
    Ok(wrap(t.map_err(err(op))?, dtype))
}

/// `tril` (`lower`) or `triu` of the last two axes of `x`: the mask
/// `j - i <= k` (or `>= k`) of two ramps, broadcast over the batch.
fn triangle(op: &str, x: &Array, k: i64, lower: bool) -> Result<Array> {
    // `#[min_ndim(2)] x` in the spec.
    let d = x.shape().dims();
    let (rows, cols) = (d[d.len() - 2], d[d.len() - 1]);
    let t = tensor(op, x)?;
    let f = || -> candle_core::Result<Tensor> {
        let dev = t.device();
        let r = Tensor::arange(0i64, rows as i64, dev)?.reshape((rows, 1))?;
        let c = Tensor::arange(0i64, cols as i64, dev)?.reshape((1, cols))?;
        let d = c.broadcast_sub(&r)?;
        let k = Tensor::new(k, dev)?;
        let m = if lower {
            d.broadcast_le(&k)?
        } else {
            d.broadcast_ge(&k)?
        };
        let m = m.broadcast_as(t.shape())?;
        m.where_cond(&t, &t.zeros_like()?)
    };
    Ok(wrap(f().map_err(err(op))?, x.dtype()))
}

#[ivy::kernels]
impl CreationKernels for CandleBackend {
    fn zeros(&self, shape: &Shape, dtype: Dtype, device: Device) -> Result<Array> {
        constant("zeros", shape, false, dtype, device)
    }

    fn ones(&self, shape: &Shape, dtype: Dtype, device: Device) -> Result<Array> {
        constant("ones", shape, true, dtype, device)
    }

    // Arrays are immutable, so "uninitialised" is zeros.
    fn empty(&self, shape: &Shape, dtype: Dtype, device: Device) -> Result<Array> {
        constant("empty", shape, false, dtype, device)
    }

    fn full(
        &self,
        shape: &Shape,
        fill_value: Scalar,
        dtype: Dtype,
        device: Device,
    ) -> Result<Array> {
        filled("full", shape, fill_value, dtype, device)
    }

    fn zeros_like(&self, x: &Array, dtype: Dtype, device: Device) -> Result<Array> {
        constant("zeros_like", x.shape(), false, dtype, device)
    }

    fn ones_like(&self, x: &Array, dtype: Dtype, device: Device) -> Result<Array> {
        constant("ones_like", x.shape(), true, dtype, device)
    }

    fn empty_like(&self, x: &Array, dtype: Dtype, device: Device) -> Result<Array> {
        constant("empty_like", x.shape(), false, dtype, device)
    }

    fn full_like(
        &self,
        x: &Array,
        fill_value: Scalar,
        dtype: Dtype,
        device: Device,
    ) -> Result<Array> {
        filled("full_like", x.shape(), fill_value, dtype, device)
    }

    // `start + i * step` computed in f64 and converted (exact for integers
    // up to 2^53), with NumPy's length `ceil((stop - start) / step)`.
    #[supported_dtypes("0.2.0 and above" => (float, integer))]
    fn arange(
        &self,
        start: Scalar,
        stop: Option<Scalar>,
        step: Scalar,
        dtype: Dtype,
        device: Device,
    ) -> Result<Array> {
        let op = "arange";
        let dev = candle_device(op, device)?;
        // `#[check(ivy::checks::arange)]` in the spec: the bounds are real
        // and give a length.
        let (start, step, n) = ivy::checks::arange_bounds(op, start, stop, step)?;
        let (start, step) = (start.to_f64(), step.to_f64());
        // candle allocates infallibly: a length it cannot hold is refused
        // here rather than aborting the process.
        if n > 1 << 40 {
            return Err(Error::invalid(
                op,
                format!("{n} elements is too many for candle"),
            ));
        }
        let dt = dtype_of(op, dtype)?;
        let t = Tensor::arange(0i64, n as i64, &dev)
            .and_then(|t| t.to_dtype(DType::F64))
            .and_then(|t| t.affine(step, start))
            .and_then(|t| t.to_dtype(dt))
            .map_err(err(op))?;
        Ok(wrap(t, dtype))
    }

    // The indices compared with a ramp along the new axis: out-of-range
    // and negative indices light nothing.
    #[supported_dtypes("0.2.0 and above" => (integer))]
    fn one_hot(
        &self,
        indices: &Array,
        depth: usize,
        on_value: Scalar,
        off_value: Scalar,
        axis: Option<i64>,
        dtype: Dtype,
        device: Device,
    ) -> Result<Array> {
        let op = "one_hot";
        let dev = candle_device(op, device)?;
        let nd = indices.ndim();
        let axis = match axis {
            None => nd,
            Some(a) => ivy::normalize_axis(op, a, nd + 1)?,
        };
        let mut shape = indices.shape().clone();
        shape.insert(axis, depth);
        shape.checked_size(op)?;
        let dt = dtype_of(op, dtype)?;
        let (on, off) = if dtype == Dtype::Bool {
            (
                Scalar::Int(i128::from(on_value.to_element::<bool>())),
                Scalar::Int(i128::from(off_value.to_element::<bool>())),
            )
        } else {
            (on_value, off_value)
        };
        let (on, off) = (scalar(op, on, dt, &dev)?, scalar(op, off, dt, &dev)?);
        let idx = crate::tensor::tensor(op, indices)?;
        let f = || -> candle_core::Result<Tensor> {
            let mut ramp_dims = vec![1usize; nd + 1];
            ramp_dims[axis] = depth;
            let ramp = Tensor::arange(0i64, depth as i64, &dev)?
                .to_dtype(idx.dtype())?
                .reshape(ramp_dims)?;
            let m = idx.unsqueeze(axis)?.broadcast_eq(&ramp)?;
            let dims = m.dims().to_vec();
            m.where_cond(
                &on.broadcast_as(dims.as_slice())?,
                &off.broadcast_as(dims.as_slice())?,
            )
        };
        Ok(wrap(f().map_err(err(op))?, dtype))
    }

    // Ones where `column - row == k`, as a comparison of two ramps.
    #[supported_dtypes("0.2.0 and above" => (float, integer, bool))]
    fn eye(
        &self,
        n_rows: usize,
        n_cols: Option<usize>,
        k: i64,
        batch_shape: Option<&Shape>,
        dtype: Dtype,
        device: Device,
    ) -> Result<Array> {
        let op = "eye";
        let dev = candle_device(op, device)?;
        let dt = dtype_of(op, dtype)?;
        let n_cols = n_cols.unwrap_or(n_rows);
        let mut dims = batch_shape.map(|b| b.to_vec()).unwrap_or_default();
        dims.extend([n_rows, n_cols]);
        Shape::from(dims.clone()).checked_size(op)?;
        let f = || -> candle_core::Result<Tensor> {
            let rows = Tensor::arange(0i64, n_rows as i64, &dev)?.reshape((n_rows, 1))?;
            let cols = Tensor::arange(0i64, n_cols as i64, &dev)?.reshape((1, n_cols))?;
            let k = Tensor::new(k, &dev)?;
            let m = cols.broadcast_sub(&rows)?.broadcast_eq(&k)?;
            let m = if dt == DType::U8 { m } else { m.to_dtype(dt)? };
            m.broadcast_as(dims.as_slice())?.contiguous()
        };
        Ok(wrap(f().map_err(err(op))?, dtype))
    }
    // NumPy's formula in `f64` (`start + i * step`, the endpoint set to
    // `stop` exactly), rounded once into the dtype; integers are floored.
    #[supported_dtypes("0.2.0 and above" => (float, integer))]
    fn linspace(
        &self,
        start: Scalar,
        stop: Scalar,
        num: usize,
        endpoint: bool,
        dtype: Dtype,
        device: Device,
    ) -> Result<Array> {
        let op = "linspace";
        let dev = candle_device(op, device)?;
        let dt = dtype_of(op, dtype)?;
        Shape::from(num).checked_size(op)?;
        let (a, b) = (start.to_f64(), stop.to_f64());
        let div = if endpoint { num.saturating_sub(1) } else { num };
        let delta = b - a;
        let body = if endpoint && num > 1 { num - 1 } else { num };
        let f = || -> candle_core::Result<Tensor> {
            let i = Tensor::arange(0i64, body as i64, &dev)?.to_dtype(DType::F64)?;
            let step = (div > 0).then(|| delta / div as f64);
            let mut v = match step {
                Some(step) if step != 0.0 => i.affine(step, a)?,
                Some(_) => i
                    .broadcast_div(&Tensor::new(div as f64, &dev)?)?
                    .affine(delta, a)?,
                None => i.affine(delta, a)?,
            };
            if body < num {
                v = Tensor::cat(&[&v, &Tensor::new(&[b], &dev)?], 0)?;
            }
            if !dt.is_float() {
                v = v.floor()?;
            }
            v.to_dtype(dt)
        };
        Ok(wrap(f().map_err(err(op))?, dtype))
    }

    fn tril(&self, x: &Array, k: i64) -> Result<Array> {
        triangle("tril", x, k, true)
    }

    fn triu(&self, x: &Array, k: i64) -> Result<Array> {
        triangle("triu", x, k, false)
    }

    // Each input flattened and laid along its axis ("xy" swaps the first
    // two), broadcast to the full grid unless `sparse`.
    fn meshgrid(&self, arrays: &[Array], sparse: bool, indexing: &str) -> Result<Vec<Array>> {
        let op = "meshgrid";
        // `#[one_of("xy", "ij")]` in the spec.
        let xy = indexing == "xy";
        let n = arrays.len();
        let axis_of = |i: usize| match i {
            0 if xy && n > 1 => 1,
            1 if xy => 0,
            _ => i,
        };
        let mut full = vec![1; n];
        for (i, a) in arrays.iter().enumerate() {
            full[axis_of(i)] = a.size();
        }
        if !sparse {
            Shape::from(full.clone()).checked_size(op)?;
        }
        arrays
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let along: Vec<usize> = (0..n)
                    .map(|d| if d == axis_of(i) { a.size() } else { 1 })
                    .collect();
                let t = tensor(op, a)?;
                let f = || -> candle_core::Result<Tensor> {
                    let t = t.reshape(along.as_slice())?;
                    if sparse {
                        Ok(t)
                    } else {
                        t.broadcast_as(full.as_slice())?.contiguous()
                    }
                };
                Ok(wrap(f().map_err(err(op))?, a.dtype()))
            })
            .collect()
    }
}
