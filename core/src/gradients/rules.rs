//! Building blocks of the vector-Jacobian products written in the spec
//! (`#[vjp(..)]`), in ivy ops so that they are differentiable themselves.
//! Your own primary ops may use them too.
//!
//! Complex inputs follow PyTorch's convention: the gradient of a real loss
//! `L` with respect to `z = x + iy` is `dL/dx + i dL/dy`, so a holomorphic
//! op with derivative `f'(z)` passes `g * conj(f'(z))` back.

use crate::array::Array;
use crate::error::{Error, Result};
use crate::{Axes, Dtype, Ints, opts};

/// `g * conj(d)`: the chain rule through a holomorphic op of derivative `d`
/// (`conj` is skipped for real `d`).
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let g = ivy::gradients::rules::mul_conj(&ivy::array![1.0, 2.0], &ivy::array![3.0, 4.0])?;
/// assert_eq!(g, ivy::array![3.0, 8.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn mul_conj(g: &Array, d: &Array) -> Result<Array> {
    if d.dtype().is_complex() {
        ivy::multiply(g, &ivy::conj(d)?)
    } else {
        ivy::multiply(g, d)
    }
}

/// `g / conj(d)`.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let g = ivy::gradients::rules::div_conj(&ivy::array![3.0, 8.0], &ivy::array![3.0, 4.0])?;
/// assert_eq!(g, ivy::array![1.0, 2.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn div_conj(g: &Array, d: &Array) -> Result<Array> {
    if d.dtype().is_complex() {
        ivy::divide(g, &ivy::conj(d)?)
    } else {
        ivy::divide(g, d)
    }
}

/// The gradient of a reduction over `axis` (all axes if `None`) broadcast
/// back to the shape of its input `x`: `g` with the reduced axes restored.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::zeros([2, 3])?;
/// let g = ivy::gradients::rules::unreduce(&ivy::array![1.0, 2.0], &x, Some(&ivy::Ints::from(1)), false)?;
/// assert_eq!(g, ivy::array![[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn unreduce(g: &Array, x: &Array, axis: Option<&Axes>, keepdims: bool) -> Result<Array> {
    let g = if keepdims {
        g.clone()
    } else {
        let axes = reduced_axes("unreduce", x, axis)?;
        let mut dims = x.shape().dims().to_vec();
        for &a in &axes {
            dims[a] = 1;
        }
        ivy::reshape(g, Ints::from(dims))?
    };
    ivy::broadcast_to(&g, x.shape().clone())
}

/// The axes a reduction over `axis` removes from `x`, sorted.
fn reduced_axes(op: &str, x: &Array, axis: Option<&Axes>) -> Result<Vec<usize>> {
    match axis {
        None => Ok((0..x.ndim()).collect()),
        Some(a) => a.to_axes(op, x.ndim()),
    }
}

/// How many elements of `x` each result of a reduction over `axis` covers.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::zeros([2, 3])?;
/// assert_eq!(ivy::gradients::rules::reduced_count(&x, Some(&ivy::Ints::from(1)))?, 3);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn reduced_count(x: &Array, axis: Option<&Axes>) -> Result<usize> {
    let axes = reduced_axes("reduced_count", x, axis)?;
    Ok(axes.iter().map(|&a| x.shape().dims()[a]).product())
}

/// The gradient of `min` or `max` over `axis`: `g` shared equally among the
/// elements equal to the extremum `out`.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::array![1.0, 3.0, 3.0];
/// let out = ivy::max(&x)?;
/// let g = ivy::gradients::rules::extremum(&ivy::Array::scalar(1.0f32), &x, &out, None, false)?;
/// assert_eq!(g, ivy::array![0.0, 0.5, 0.5]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn extremum(
    g: &Array,
    x: &Array,
    out: &Array,
    axis: Option<&Axes>,
    keepdims: bool,
) -> Result<Array> {
    let at = ivy::astype(
        &ivy::equal(x, &unreduce(out, x, axis, keepdims)?)?,
        x.dtype(),
    )?;
    let ties = ivy::sum_with(
        &at,
        opts::Sum::new()
            .axis(
                reduced_axes("extremum", x, axis)?
                    .iter()
                    .map(|&a| a as i64)
                    .collect::<Vec<_>>(),
            )
            .keepdims(true)
            .dtype(x.dtype()),
    )?;
    let share = ivy::divide(&at, &ties)?;
    ivy::multiply(&unreduce(g, x, axis, keepdims)?, &share)
}

/// The weight of `x1` in the gradient of `maximum(x1, x2)` (`greater =
/// true`) or `minimum`: 1 where it wins, 1/2 at ties, 0 elsewhere; with
/// `ignore_nan`, as `fmax`/`fmin`, a NaN loses to a number.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let w = ivy::gradients::rules::winner(&ivy::array![1.0, 2.0, 3.0], &ivy::array![2.0, 2.0, 1.0], true, false)?;
/// assert_eq!(w, ivy::array![0.0, 0.5, 1.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn winner(x1: &Array, x2: &Array, greater: bool, ignore_nan: bool) -> Result<Array> {
    let wins = if greater {
        ivy::greater(x1, x2)?
    } else {
        ivy::less(x1, x2)?
    };
    let wins = if ignore_nan {
        let other_nan = ivy::logical_and(&ivy::isnan(x2)?, &ivy::logical_not(&ivy::isnan(x1)?)?)?;
        ivy::logical_or(&wins, &other_nan)?
    } else {
        wins
    };
    let dtype = promoted(x1, x2);
    let ties = ivy::multiply(&ivy::astype(&ivy::equal(x1, x2)?, dtype)?, 0.5)?;
    ivy::add(&ivy::astype(&wins, dtype)?, &ties)
}

fn promoted(x1: &Array, x2: &Array) -> Dtype {
    crate::dtype::promote_types(x1.dtype(), x2.dtype()).unwrap_or(x1.dtype())
}

/// The gradient of `cumsum` (`exclusive`, `reverse`): the cumulative sum of
/// `g` in the other direction.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let g = ivy::gradients::rules::cumsum_adjoint(&ivy::array![1.0, 1.0, 1.0], 0, false, false)?;
/// assert_eq!(g, ivy::array![3.0, 2.0, 1.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn cumsum_adjoint(g: &Array, axis: i64, exclusive: bool, reverse: bool) -> Result<Array> {
    ivy::cumsum_with(
        g,
        opts::Cumsum::new()
            .axis(axis)
            .exclusive(exclusive)
            .reverse(!reverse)
            .dtype(g.dtype()),
    )
}

/// The gradient of `sort` along `axis`: `g` moved back to the places the
/// sorted elements came from (a one-hot matrix product, so it is itself
/// differentiable).
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::array![3.0, 1.0, 2.0];
/// let g = ivy::gradients::rules::unsort(&ivy::array![10.0, 20.0, 30.0], &x, -1, false, true)?;
/// assert_eq!(g, ivy::array![30.0, 10.0, 20.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn unsort(g: &Array, x: &Array, axis: i64, descending: bool, stable: bool) -> Result<Array> {
    if x.ndim() == 0 {
        return Ok(g.clone());
    }
    let idx = ivy::argsort_with(
        x,
        opts::Argsort::new()
            .axis(axis)
            .descending(descending)
            .stable(stable),
    )?;
    let last = x.ndim() as i64 - 1;
    let idx = ivy::swapaxes(&idx, axis, last)?;
    let gl = ivy::swapaxes(g, axis, last)?;
    let n = *x
        .shape()
        .dims()
        .get(crate::normalize_axis("sort", axis, x.ndim())?)
        .unwrap_or(&1);
    // p[.., i, j] = 1 where element i of the sorted row came from j.
    let p = ivy::one_hot_with(&idx, n, opts::OneHot::new().dtype(g.dtype()))?;
    let back = ivy::matmul(
        &ivy::expand_dims_with(&gl, opts::ExpandDims::new().axis(-2))?,
        &p,
    )?;
    let back = ivy::squeeze_with(&back, opts::Squeeze::new().axis(-2))?;
    ivy::swapaxes(&back, axis, last)
}

/// One operand's gradient of `matmul` with its flags (`which` is 0 for `x1`,
/// 1 for `x2`), 1-d operands included; batch broadcasting is undone by the
/// backward pass's shared rule.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let a = ivy::array![[1.0, 2.0]];
/// let b = ivy::array![[3.0], [4.0]];
/// let g = ivy::array![[1.0]];
/// let flags = [false; 4];
/// assert_eq!(ivy::gradients::rules::matmul_grad(&g, &a, &b, flags, 0)?, ivy::array![[3.0, 4.0]]);
/// assert_eq!(ivy::gradients::rules::matmul_grad(&g, &a, &b, flags, 1)?, ivy::array![[1.0], [2.0]]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn matmul_grad(
    g: &Array,
    x1: &Array,
    x2: &Array,
    flags: [bool; 4],
    which: usize,
) -> Result<Array> {
    let [ta, tb, aa, ab] = flags;
    // op(A) and op(B) as 2-d-or-more matrices.
    let lift = |x: &Array, is_a: bool| -> Result<Array> {
        if x.ndim() == 1 {
            let n = x.shape().dims()[0] as i64;
            ivy::reshape(
                x,
                if is_a {
                    Ints::from([1, n])
                } else {
                    Ints::from([n, 1])
                },
            )
        } else {
            Ok(x.clone())
        }
    };
    let op_of = |x: Array, t: bool, adj: bool| -> Result<Array> {
        if adj {
            ivy::matrix_transpose_with(&x, opts::MatrixTranspose::new().conjugate(true))
        } else if t {
            ivy::matrix_transpose(&x)
        } else {
            Ok(x)
        }
    };
    let a = op_of(lift(x1, true)?, ta, aa)?;
    let b = op_of(lift(x2, false)?, tb, ab)?;
    let mut gd = g.shape().dims().to_vec();
    if x1.ndim() == 1 {
        gd.insert(
            gd.len().saturating_sub(if x2.ndim() == 1 { 0 } else { 1 }),
            1,
        );
    }
    if x2.ndim() == 1 {
        gd.push(1);
    }
    let g = ivy::reshape(g, Ints::from(gd))?;
    let h = |x: &Array| ivy::matrix_transpose_with(x, opts::MatrixTranspose::new().conjugate(true));
    // d op(A) = G op(B)^H, d op(B) = op(A)^H G; undo op.
    // The transposes are matmul's flags, so no transposed copy is made.
    let complex = [&g, &a, &b].iter().any(|x| x.dtype().is_complex());
    let (d, t, adj, x) = if which == 0 {
        let o = if complex {
            opts::Matmul::new().adjoint_b(true)
        } else {
            opts::Matmul::new().transpose_b(true)
        };
        (ivy::matmul_with(&g, &b, o)?, ta, aa, x1)
    } else {
        let o = if complex {
            opts::Matmul::new().adjoint_a(true)
        } else {
            opts::Matmul::new().transpose_a(true)
        };
        (ivy::matmul_with(&a, &g, o)?, tb, ab, x2)
    };
    let d = if adj {
        h(&d)?
    } else if t {
        ivy::matrix_transpose(&d)?
    } else {
        d
    };
    if x.ndim() == 1 {
        let n = x.shape().dims()[0] as i64;
        let flat = ivy::reshape(&d, Ints::from([-1, n]))?;
        return ivy::sum_with(&flat, opts::Sum::new().axis(0).dtype(flat.dtype()));
    }
    Ok(d)
}

/// The inverse of a permutation of axes (negative axes counted from the
/// end).
///
/// ```
/// # extern crate ivy_core as ivy;
/// let inv = ivy::gradients::rules::inverse_permutation(&ivy::Ints::from([2, 0, 1]), 3)?;
/// assert_eq!(inv.as_slice(), &[1, 2, 0]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn inverse_permutation(axes: &Ints, ndim: usize) -> Result<Ints> {
    let p = axes.to_permutation("permute_dims", ndim)?;
    let mut inv = vec![0i64; p.len()];
    for (i, &a) in p.iter().enumerate() {
        inv[a] = i as i64;
    }
    Ok(Ints::from(inv))
}

/// The gradients of the arrays `concat` joined along `axis` (`None`: the
/// arrays were flattened first).
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let xs = [ivy::array![1.0], ivy::array![2.0, 3.0]];
/// let gs = ivy::gradients::rules::unconcat(&ivy::array![4.0, 5.0, 6.0], &xs, Some(0))?;
/// assert_eq!(gs, vec![ivy::array![4.0], ivy::array![5.0, 6.0]]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn unconcat(g: &Array, xs: &[Array], axis: Option<i64>) -> Result<Vec<Array>> {
    let (g, axis_n) = match axis {
        None => (ivy::reshape(g, Ints::from([-1i64]))?, 0usize),
        Some(a) => {
            let first = xs
                .first()
                .ok_or_else(|| Error::invalid("concat", "no arrays"))?;
            (g.clone(), crate::normalize_axis("concat", a, first.ndim())?)
        }
    };
    let sizes: Vec<usize> = xs
        .iter()
        .map(|x| {
            if axis.is_none() {
                x.size()
            } else {
                x.shape().dims()[axis_n]
            }
        })
        .collect();
    let parts = ivy::split_with(
        &g,
        opts::Split::new()
            .num_or_size_splits(crate::Splits::Sizes(sizes))
            .axis(axis_n as i64),
    )?;
    parts
        .into_iter()
        .zip(xs)
        .map(|(p, x)| ivy::reshape(&p, Ints::from(x.shape())))
        .collect()
}

/// The gradient of `tile(x, repeats)`: the tiles of `g` summed.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::array![1.0, 2.0];
/// let g = ivy::gradients::rules::untile(&ivy::array![1.0, 2.0, 3.0, 4.0], &x, &ivy::Ints::from(2))?;
/// assert_eq!(g, ivy::array![4.0, 6.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn untile(g: &Array, x: &Array, repeats: &Ints) -> Result<Array> {
    let gd = g.shape().dims();
    let r = repeats.as_slice();
    let rank = gd.len();
    // x's dims and the repeats, both padded to the result's rank.
    let xd: Vec<usize> = std::iter::repeat_n(1, rank - x.ndim().min(rank))
        .chain(x.shape().dims().iter().copied())
        .collect();
    let rd: Vec<i64> = std::iter::repeat_n(1, rank - r.len().min(rank))
        .chain(r.iter().copied())
        .collect();
    let mut split = Vec::with_capacity(2 * rank);
    for i in 0..rank {
        split.push(rd[i]);
        split.push(xd[i] as i64);
    }
    let parts = ivy::reshape(g, Ints::from(split))?;
    let axes: Vec<i64> = (0..rank).map(|i| 2 * i as i64).collect();
    let summed = ivy::sum_with(&parts, opts::Sum::new().axis(axes).dtype(g.dtype()))?;
    ivy::reshape(&summed, Ints::from(x.shape()))
}

/// The gradient of `repeat(x, repeats, axis)`: the copies of each element
/// summed (`axis = None`: `x` was flattened).
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::array![1.0, 2.0];
/// let g = ivy::gradients::rules::unrepeat(&ivy::array![1.0, 2.0, 3.0], &x, &ivy::Ints::from([1, 2]), Some(0))?;
/// assert_eq!(g, ivy::array![1.0, 5.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn unrepeat(g: &Array, x: &Array, repeats: &Ints, axis: Option<i64>) -> Result<Array> {
    let (g, axis_n, n) = match axis {
        None => (ivy::reshape(g, Ints::from([-1i64]))?, 0usize, x.size()),
        Some(a) => {
            let a = crate::normalize_axis("repeat", a, x.ndim())?;
            (g.clone(), a, x.shape().dims()[a])
        }
    };
    let r = repeats.as_slice();
    let sizes: Vec<usize> = if r.len() == 1 {
        vec![r[0].max(0) as usize; n]
    } else {
        r.iter().map(|&k| k.max(0) as usize).collect()
    };
    let parts = ivy::split_with(
        &g,
        opts::Split::new()
            .num_or_size_splits(crate::Splits::Sizes(sizes))
            .axis(axis_n as i64),
    )?;
    let sums = parts
        .iter()
        .map(|p| {
            ivy::sum_with(
                p,
                opts::Sum::new()
                    .axis(axis_n as i64)
                    .keepdims(true)
                    .dtype(p.dtype()),
            )
        })
        .collect::<Result<Vec<_>>>()?;
    let joined = ivy::concat_with(sums, opts::Concat::new().axis(axis_n as i64))?;
    ivy::reshape(&joined, Ints::from(x.shape()))
}

/// The gradients of the inputs of `meshgrid`: each output's gradient summed
/// over every axis but the one its input spans.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let xs = [ivy::array![1.0, 2.0], ivy::array![1.0, 2.0, 3.0]];
/// let gs = [ivy::ones([3, 2])?, ivy::ones([3, 2])?];
/// let d = ivy::gradients::rules::unmeshgrid(&gs, &xs, "xy")?;
/// assert_eq!(d, vec![ivy::array![3.0, 3.0], ivy::array![2.0, 2.0, 2.0]]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn unmeshgrid(gs: &[Array], xs: &[Array], indexing: &str) -> Result<Vec<Array>> {
    let n = xs.len();
    xs.iter()
        .zip(gs)
        .enumerate()
        .map(|(i, (x, g))| {
            let own = if indexing == "xy" && n >= 2 && i < 2 {
                1 - i
            } else {
                i
            };
            let others: Vec<i64> = (0..g.ndim())
                .filter(|&a| a != own)
                .map(|a| a as i64)
                .collect();
            let s = ivy::sum_with(g, opts::Sum::new().axis(others).dtype(g.dtype()))?;
            ivy::reshape(&s, Ints::from(x.shape()))
        })
        .collect()
}

/// The gradient of `diagonal(x, offset, axis1, axis2)`: `g` written on that
/// diagonal of zeros of `x`'s shape.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::zeros([2, 3])?;
/// let g = ivy::gradients::rules::undiagonal(&ivy::array![1.0, 2.0], &x, 1, 0, 1)?;
/// assert_eq!(g, ivy::array![[0.0, 1.0, 0.0], [0.0, 0.0, 2.0]]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn undiagonal(g: &Array, x: &Array, offset: i64, axis1: i64, axis2: i64) -> Result<Array> {
    let nd = x.ndim();
    let a1 = crate::normalize_axis("diagonal", axis1, nd)?;
    let a2 = crate::normalize_axis("diagonal", axis2, nd)?;
    let (rows, cols) = (x.shape().dims()[a1], x.shape().dims()[a2]);
    let len = *g.shape().dims().last().unwrap_or(&0);
    // e[i, j, d] = 1 where (i, j) is element d of the diagonal.
    let mut e = vec![0.0f64; rows * cols * len];
    for d in 0..len {
        let (i, j) = if offset >= 0 {
            (d, d + offset as usize)
        } else {
            (d + offset.unsigned_abs() as usize, d)
        };
        if i < rows && j < cols {
            e[(i * cols + j) * len + d] = 1.0;
        }
    }
    let e = ivy::astype(&Array::from_shape_vec([rows * cols, len], e)?, g.dtype())?;
    // (.., len) @ (len, rows*cols) -> (.., rows, cols) with the other axes first.
    let flat = ivy::matmul(g, &ivy::matrix_transpose(&e)?)?;
    let mut dims: Vec<i64> = g.shape().dims()[..g.ndim() - 1]
        .iter()
        .map(|&d| d as i64)
        .collect();
    dims.push(rows as i64);
    dims.push(cols as i64);
    let placed = ivy::reshape(&flat, Ints::from(dims))?;
    // Move the two axes from the end back to a1 and a2.
    let others: Vec<usize> = (0..nd).filter(|&a| a != a1 && a != a2).collect();
    let mut perm = vec![0i64; nd];
    for (k, &a) in others.iter().enumerate() {
        perm[a] = k as i64;
    }
    perm[a1] = nd as i64 - 2;
    perm[a2] = nd as i64 - 1;
    ivy::permute_dims(&placed, Ints::from(perm))
}

/// The gradient of `trace(x, offset, axis1, axis2)`: `g` on that diagonal.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::zeros([2, 2])?;
/// let g = ivy::gradients::rules::untrace(&ivy::Array::scalar(3.0f32), &x, 0, 0, 1)?;
/// assert_eq!(g, ivy::array![[3.0, 0.0], [0.0, 3.0]]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn untrace(g: &Array, x: &Array, offset: i64, axis1: i64, axis2: i64) -> Result<Array> {
    let nd = x.ndim();
    let a1 = crate::normalize_axis("trace", axis1, nd)?;
    let a2 = crate::normalize_axis("trace", axis2, nd)?;
    let (rows, cols) = (x.shape().dims()[a1], x.shape().dims()[a2]);
    let len = if offset >= 0 {
        rows.min(cols.saturating_sub(offset as usize))
    } else {
        cols.min(rows.saturating_sub(offset.unsigned_abs() as usize))
    };
    let spread = ivy::broadcast_to(
        &ivy::expand_dims_with(g, opts::ExpandDims::new().axis(-1))?,
        {
            let mut d = g.shape().dims().to_vec();
            d.push(len);
            crate::Shape::from(d)
        },
    )?;
    undiagonal(&spread, x, offset, a1 as i64, a2 as i64)
}

/// The gradient of `get_item(x, index)`: `g` scattered (added, so repeated
/// advanced indices accumulate) into zeros of the shape of `x`.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::array![1.0, 2.0, 3.0];
/// let idx = ivy::Index::from(ivy::array![2, 0, 2]);
/// let g = ivy::gradients::rules::unindex(&ivy::array![1.0, 2.0, 3.0], &x, &idx)?;
/// assert_eq!(g, ivy::array![2.0, 0.0, 4.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn unindex(g: &Array, x: &Array, index: &crate::Index) -> Result<Array> {
    let pos = crate::index::flat_positions(x.shape(), index)?;
    let flat = ivy::scatter_flat_with(
        &ivy::reshape(&pos, [-1])?,
        &ivy::reshape(g, [-1])?,
        opts::ScatterFlat::new().size(x.size()),
    )?;
    ivy::reshape(&flat, Ints::from(x.shape()))
}

/// The gradient of `scatter_flat`'s `updates`: the cotangent at each
/// update's position, except that with `reduction = "replace"` only the
/// update written last at a position gets it (the others were overwritten).
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// use ivy::gradients::rules::scatter_flat_updates;
/// let g = ivy::array![10.0, 20.0];
/// let i = ivy::array![1, 1, 0];
/// assert_eq!(scatter_flat_updates(&g, &i, "sum")?.to_vec::<f32>()?, vec![20.0, 20.0, 10.0]);
/// assert_eq!(scatter_flat_updates(&g, &i, "replace")?.to_vec::<f32>()?, vec![0.0, 20.0, 10.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn scatter_flat_updates(g: &Array, indices: &Array, reduction: &str) -> Result<Array> {
    let picked = ivy::get_item(g, crate::Index::from(indices))?;
    if reduction != "replace" {
        return Ok(picked);
    }
    let idx = ivy::astype(indices, crate::Dtype::Int64)?.to_vec::<i64>()?;
    let mut seen = std::collections::HashSet::new();
    let mut last = vec![false; idx.len()];
    for (k, i) in idx.iter().enumerate().rev() {
        last[k] = seen.insert(*i);
    }
    let mask = Array::from_shape_vec(indices.shape().clone(), last)?;
    ivy::r#where(&mask, &picked, &ivy::zeros_like(&picked)?)
}

/// The axis of `cumulative_sum` / `cumulative_prod` (named `op`): `axis`
/// normalised, or 0 when it is left out for an array of one dimension (it
/// is required above that; 0-d arrays are refused).
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// use ivy::gradients::rules::cumulative_axis;
/// assert_eq!(cumulative_axis("cumulative_sum", &ivy::array![[1, 2]], Some(-1))?, 1);
/// assert_eq!(cumulative_axis("cumulative_sum", &ivy::array![1, 2], None)?, 0);
/// assert!(cumulative_axis("cumulative_sum", &ivy::array![[1, 2]], None).is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn cumulative_axis(op: &str, x: &Array, axis: Option<i64>) -> Result<usize> {
    if x.ndim() == 0 {
        return Err(Error::invalid(
            op,
            "needs an array of at least one dimension",
        ));
    }
    match axis {
        Some(a) => crate::normalize_axis(op, a, x.ndim()),
        None if x.ndim() == 1 => Ok(0),
        None => Err(Error::invalid(
            op,
            format!("axis must be given for an array of {} dimensions", x.ndim()),
        )),
    }
}

/// The layout of `gather(params, indices, axis, batch_dims)` as advanced
/// indexing (batch axes paired by position arrays, full slices up to `axis`,
/// then `indices`): how many full slices, and the permutation that moves the
/// sliced axes back in front of the non-batch index axes when the advanced
/// block came first (`batch_dims > 0` and `axis > batch_dims`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::gradients::rules::gather_layout;
/// assert_eq!(gather_layout(1, 0, 2, 3), (1, None));
/// // params (B, M, N), indices (B, K), axis 2, batch_dims 1: the indexed
/// // result is (B, K, M) and becomes (B, M, K).
/// assert_eq!(gather_layout(2, 1, 2, 3), (1, Some(vec![0, 2, 1])));
/// ```
pub fn gather_layout(
    axis: usize,
    batch_dims: usize,
    indices_ndim: usize,
    params_ndim: usize,
) -> (usize, Option<Vec<i64>>) {
    let (b, r) = (batch_dims, indices_ndim);
    let m = axis.saturating_sub(b);
    if b == 0 || m == 0 {
        return (m, None);
    }
    // The result of the indexing: r index axes, m sliced axes, the rest.
    let rest = params_ndim.saturating_sub(axis + 1);
    let perm = (0..b)
        .chain(r..r + m)
        .chain(b..r)
        .chain(r + m..r + m + rest)
        .map(|i| i as i64)
        .collect();
    (m, Some(perm))
}

// ---------------------------------------------------------------------------
// Linear algebra.

/// The conjugate transpose of the matrices `x` (the transpose for reals).
fn adjoint(x: &Array) -> Result<Array> {
    ivy::matrix_transpose_with(x, opts::MatrixTranspose::new().conjugate(true))
}

/// `x[..., None, None]`: a batch of scalars as 1 x 1 matrices.
fn as_matrices(x: &Array) -> Result<Array> {
    ivy::expand_dims_with(x, opts::ExpandDims::new().axis([-1, -2]))
}

/// `d` (shape `(.., n)`) as diagonal matrices `(.., n, n)`.
fn diag_embed(d: &Array) -> Result<Array> {
    let n = d.shape().dims().last().copied().unwrap_or(0);
    let eye = ivy::eye_with(n, opts::Eye::new().dtype(d.dtype().real()))?;
    ivy::multiply(
        &eye,
        &ivy::expand_dims_with(d, opts::ExpandDims::new().axis(-2))?,
    )
}

/// The gradient with respect to the lower triangle of a Hermitian input
/// read from its lower triangle only, from the gradient `g` of an
/// unconstrained input: `g + g^H` below the diagonal, the real part of `g`
/// on it (and zero above).
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let g = ivy::array![[1.0, 2.0], [3.0, 4.0]];
/// let l = ivy::gradients::rules::lower_grad(&g)?;
/// assert_eq!(l, ivy::array![[1.0, 0.0], [5.0, 4.0]]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn lower_grad(g: &Array) -> Result<Array> {
    let n = g.shape().dims().last().copied().unwrap_or(0);
    let below = ivy::tril_with(&ivy::add(g, &adjoint(g)?)?, opts::Tril::new().k(-1))?;
    let eye = ivy::eye_with(n, opts::Eye::new().dtype(g.dtype().real()))?;
    let mut diag = ivy::multiply(g, &eye)?;
    if g.dtype().is_complex() {
        diag = ivy::astype(&ivy::real(&diag)?, g.dtype())?;
    }
    ivy::add(&below, &diag)
}

/// The vector-Jacobian product of `cholesky` (`out` its result): with `L`
/// the lower factor and `gL` the lower part of its cotangent,
/// `L^-H Φ(L^H gL) L^-1` (`Φ` keeps the lower triangle and halves the
/// diagonal), passed to the lower triangle by [`lower_grad`].
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// // x = [[4]]: L = sqrt(x) = 2, dL/dx = 1 / (2 L) = 0.25.
/// let g = ivy::gradients::rules::cholesky_grad(&ivy::array![[1.0]], &ivy::array![[2.0]], false)?;
/// assert_eq!(g, ivy::array![[0.25]]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn cholesky_grad(g: &Array, out: &Array, upper: bool) -> Result<Array> {
    let (l, gl) = if upper {
        (adjoint(out)?, adjoint(g)?)
    } else {
        (out.clone(), g.clone())
    };
    let gl = ivy::tril(&gl)?;
    let n = l.shape().dims().last().copied().unwrap_or(0);
    let phi = ivy::tril(&ivy::matmul(&adjoint(&l)?, &gl)?)?;
    let eye = ivy::eye_with(n, opts::Eye::new().dtype(l.dtype().real()))?;
    let phi = ivy::multiply(&phi, &ivy::subtract(1.0, &ivy::multiply(&eye, 0.5)?)?)?;
    let li = ivy::inv(&l)?;
    let p = ivy::matmul(&ivy::matmul(&adjoint(&li)?, &phi)?, &li)?;
    lower_grad(&p)
}

/// The vector-Jacobian product of `det`: `g conj(det) A^-H`.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let a = ivy::array![[2.0, 0.0], [0.0, 4.0]];
/// let g = ivy::gradients::rules::det_grad(&ivy::Array::scalar(1.0f32), &ivy::Array::scalar(8.0f32), &a)?;
/// assert_eq!(g, ivy::array![[4.0, 0.0], [0.0, 2.0]]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn det_grad(g: &Array, out: &Array, x: &Array) -> Result<Array> {
    let k = as_matrices(&mul_conj(g, out)?)?;
    ivy::multiply(&k, &adjoint(&ivy::inv(x)?)?)
}

/// The vector-Jacobian product of `slogdet` (`gs` the cotangents of
/// `(sign, logabsdet)`, `outs` the results): `(g_l + i c) A^-H` with
/// `c = -Im(conj(g_sign) sign)` (zero for real `A`).
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let a = ivy::array![[2.0, 0.0], [0.0, 4.0]];
/// let outs = [ivy::Array::scalar(1.0f32), ivy::Array::scalar(8f32.ln())];
/// let gs = [ivy::Array::scalar(0.0f32), ivy::Array::scalar(1.0f32)];
/// let g = ivy::gradients::rules::slogdet_grad(&gs, &outs, &a)?;
/// assert_eq!(g, ivy::array![[0.5, 0.0], [0.0, 0.25]]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn slogdet_grad(gs: &[Array], outs: &[Array], x: &Array) -> Result<Array> {
    let (Some(g_sign), Some(g_l), Some(sign)) = (gs.first(), gs.get(1), outs.first()) else {
        return Err(Error::invalid(
            "slogdet",
            "expected two cotangents and two results",
        ));
    };
    let k = if x.dtype().is_complex() {
        let c = ivy::negative(&ivy::imag(&ivy::multiply(&ivy::conj(g_sign)?, sign)?)?)?;
        let unit = match x.dtype() {
            Dtype::Complex64 => Array::scalar(crate::Complex32::new(0.0, 1.0)),
            _ => Array::scalar(crate::Complex64::new(0.0, 1.0)),
        };
        ivy::add(
            &ivy::astype(g_l, x.dtype())?,
            &ivy::multiply(&ivy::astype(&c, x.dtype())?, &unit)?,
        )?
    } else {
        g_l.clone()
    };
    ivy::multiply(&as_matrices(&k)?, &adjoint(&ivy::inv(x)?)?)
}

/// The vector-Jacobian product of `inv` (`out` = `A^-1`): `-out^H g out^H`.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let g = ivy::gradients::rules::inv_grad(&ivy::array![[1.0]], &ivy::array![[0.5]])?;
/// assert_eq!(g, ivy::array![[-0.25]]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn inv_grad(g: &Array, out: &Array) -> Result<Array> {
    let oh = adjoint(out)?;
    ivy::negative(&ivy::matmul(&ivy::matmul(&oh, g)?, &oh)?)
}

/// The vector-Jacobian product of `solve` (`out` = `x1^-1 x2`) for `x1`
/// (`which = 0`: `-gB out^H`) or `x2` (`which = 1`: `gB = x1^-H g`).
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let a = ivy::array![[2.0, 0.0], [0.0, 4.0]];
/// let (b, x) = (ivy::array![2.0, 2.0], ivy::array![1.0, 0.5]);
/// let gb = ivy::gradients::rules::solve_grad(&ivy::array![1.0, 1.0], &x, &a, &b, 1)?;
/// assert_eq!(gb, ivy::array![0.5, 0.25]);
/// let ga = ivy::gradients::rules::solve_grad(&ivy::array![1.0, 1.0], &x, &a, &b, 0)?;
/// assert_eq!(ga, ivy::array![[-0.5, -0.25], [-0.25, -0.125]]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn solve_grad(g: &Array, out: &Array, x1: &Array, x2: &Array, which: usize) -> Result<Array> {
    let ah = adjoint(x1)?;
    if x2.ndim() == 1 {
        let col = |a: &Array| ivy::expand_dims_with(a, opts::ExpandDims::new().axis(-1));
        let gb = ivy::squeeze_with(&ivy::solve(&ah, &col(g)?)?, opts::Squeeze::new().axis(-1))?;
        if which == 1 {
            return Ok(gb);
        }
        let row = ivy::expand_dims_with(&ivy::conj(out)?, opts::ExpandDims::new().axis(-2))?;
        return ivy::negative(&ivy::multiply(&col(&gb)?, &row)?);
    }
    let gb = ivy::solve(&ah, g)?;
    if which == 1 {
        return Ok(gb);
    }
    ivy::negative(&ivy::matmul(&gb, &adjoint(out)?)?)
}

/// The vector-Jacobian product of `svdvals`: `U diag(g) Vh` (thin SVD).
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let a = ivy::array![[3.0, 0.0], [0.0, 2.0]];
/// let g = ivy::gradients::rules::svdvals_grad(&ivy::array![1.0, 0.0], &a)?;
/// assert_eq!(ivy::abs(&g)?, ivy::array![[1.0, 0.0], [0.0, 0.0]]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn svdvals_grad(g: &Array, x: &Array) -> Result<Array> {
    let (u, _, vh) = ivy::svd_with(x, opts::Svd::new().full_matrices(false))?;
    let scaled = ivy::multiply(
        &u,
        &ivy::expand_dims_with(g, opts::ExpandDims::new().axis(-2))?,
    )?;
    ivy::matmul(&scaled, &vh)
}

/// The vector-Jacobian product of `eigvalsh`: `V diag(g) V^H`, passed to
/// the lower triangle by [`lower_grad`].
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let a = ivy::array![[1.0, 0.0], [0.0, 2.0]];
/// let g = ivy::gradients::rules::eigvalsh_grad(&ivy::array![0.0, 1.0], &a)?;
/// assert_eq!(g, ivy::array![[0.0, 0.0], [0.0, 1.0]]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn eigvalsh_grad(g: &Array, x: &Array) -> Result<Array> {
    let (_, v) = ivy::eigh(x)?;
    let scaled = ivy::multiply(
        &v,
        &ivy::expand_dims_with(g, opts::ExpandDims::new().axis(-2))?,
    )?;
    lower_grad(&ivy::matmul(&scaled, &adjoint(&v)?)?)
}

/// `1 / (w_j - w_i)` off the diagonal and 0 on it, for eigen- or singular
/// value derivatives (`w` of shape `(.., n)`; infinite where values repeat).
fn inverse_gaps(w: &Array) -> Result<Array> {
    let n = w.shape().dims().last().copied().unwrap_or(0);
    let row = ivy::expand_dims_with(w, opts::ExpandDims::new().axis(-2))?;
    let col = ivy::expand_dims_with(w, opts::ExpandDims::new().axis(-1))?;
    let e = ivy::subtract(&row, &col)?;
    let eye = ivy::eye_with(n, opts::Eye::new().dtype(Dtype::Bool))?;
    let e = ivy::r#where(&eye, &ivy::ones_like(&e)?, &e)?;
    let off = ivy::logical_not(&eye)?;
    ivy::multiply(&ivy::reciprocal(&e)?, &ivy::astype(&off, e.dtype())?)
}

/// The vector-Jacobian product of `eigh` (`gs`, `outs`: cotangents and
/// results `(w, V)`): `V (diag(g_w) + F ∘ (V^H g_V)) V^H` with
/// `F_ij = 1 / (w_j - w_i)`, passed to the lower triangle by
/// [`lower_grad`]. Needs distinct eigenvalues.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let outs = [ivy::array![1.0, 2.0], ivy::array![[1.0, 0.0], [0.0, 1.0]]];
/// let gs = [ivy::array![0.0, 1.0], ivy::zeros([2, 2])?];
/// let g = ivy::gradients::rules::eigh_grad(&gs, &outs)?;
/// assert_eq!(g, ivy::array![[0.0, 0.0], [0.0, 1.0]]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn eigh_grad(gs: &[Array], outs: &[Array]) -> Result<Array> {
    let (Some(gw), Some(gv), Some(w), Some(v)) = (gs.first(), gs.get(1), outs.first(), outs.get(1))
    else {
        return Err(Error::invalid(
            "eigh",
            "expected two cotangents and two results",
        ));
    };
    let vh = adjoint(v)?;
    let inner = ivy::multiply(&ivy::matmul(&vh, gv)?, &inverse_gaps(w)?)?;
    let inner = ivy::add(&inner, &diag_embed(gw)?)?;
    lower_grad(&ivy::matmul(&ivy::matmul(v, &inner)?, &vh)?)
}

/// The vector-Jacobian product of `svd` (`gs`, `outs`: cotangents and
/// results `(U, S, Vh)`), after Townsend's formulas:
/// `U [(J S + S K) / E + diag(g_S)] Vh` with `J`, `K` the skew-Hermitian
/// parts of `U^H g_U` and `V^H g_V`, `E_ij = s_j^2 - s_i^2`, plus the terms
/// of the thin factors' complements. For complex inputs the singular
/// vector pairs have a free common phase: the gradient is that of the
/// loss's phase-invariant part (`diag(J) / 2S` added), as PyTorch's
/// `linalg_svd_backward`. Needs distinct non-zero singular values;
/// `full_matrices` with a non-square input is refused (the extra columns
/// of the full factor are not determined by `x`).
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::array![[3.0, 0.0], [0.0, 2.0]];
/// let outs = ivy::svd(&x)?;
/// let gs = [ivy::zeros([2, 2])?, ivy::array![1.0, 0.0], ivy::zeros([2, 2])?];
/// let g = ivy::gradients::rules::svd_grad(&gs, &[outs.0, outs.1, outs.2], &x, true)?;
/// assert_eq!(ivy::abs(&g)?, ivy::array![[1.0, 0.0], [0.0, 0.0]]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn svd_grad(gs: &[Array], outs: &[Array], x: &Array, full_matrices: bool) -> Result<Array> {
    let (Some(gu), Some(gsv), Some(gvh), Some(u), Some(s), Some(vh)) = (
        gs.first(),
        gs.get(1),
        gs.get(2),
        outs.first(),
        outs.get(1),
        outs.get(2),
    ) else {
        return Err(Error::invalid(
            "svd",
            "expected three cotangents and three results",
        ));
    };
    let &[.., m, n] = x.shape().dims() else {
        return Err(Error::shape(
            "svd",
            "needs matrices",
            vec![x.shape().clone()],
        ));
    };
    if full_matrices && m != n {
        return Err(Error::shape(
            "svd",
            "the derivative of svd with full_matrices = true needs square matrices (use full_matrices = false)",
            vec![x.shape().clone()],
        ));
    }
    let v = adjoint(vh)?;
    let gv = adjoint(gvh)?;
    let ut_gu = ivy::matmul(&adjoint(u)?, gu)?;
    let vt_gv = ivy::matmul(&adjoint(&v)?, &gv)?;
    let j = ivy::subtract(&ut_gu, &adjoint(&ut_gu)?)?;
    let k = ivy::subtract(&vt_gv, &adjoint(&vt_gv)?)?;
    let s_row = ivy::expand_dims_with(s, opts::ExpandDims::new().axis(-2))?;
    let s_col = ivy::expand_dims_with(s, opts::ExpandDims::new().axis(-1))?;
    let f = inverse_gaps(&ivy::multiply(s, s)?)?;
    let inner = ivy::multiply(
        &ivy::add(&ivy::multiply(&j, &s_row)?, &ivy::multiply(&s_col, &k)?)?,
        &f,
    )?;
    let mut inner = ivy::add(&inner, &diag_embed(gsv)?)?;
    if x.dtype().is_complex() {
        // The phase of each pair (u_i, v_i) is free; with v_i's held
        // fixed, u_i's phase moves by i Im((U^H dA V)_ii) / s_i, which
        // passes `diag(J) / (2 s)` back (J's diagonal is 2i Im(U^H gU)_ii).
        // A loss that depends on the phases has no gradient; this is the
        // one of its gauge-invariant part (PyTorch's convention).
        let jd = ivy::diagonal(&j)?;
        let twice_s = ivy::multiply(s, 2.0)?;
        inner = ivy::add(&inner, &diag_embed(&ivy::divide(&jd, &twice_s)?)?)?;
    }
    let mut ga = ivy::matmul(&ivy::matmul(u, &inner)?, vh)?;
    if m > n {
        let rest = ivy::subtract(gu, &ivy::matmul(u, &ut_gu)?)?;
        ga = ivy::add(&ga, &ivy::matmul(&ivy::divide(&rest, &s_row)?, vh)?)?;
    } else if n > m {
        let rest = ivy::subtract(&gv, &ivy::matmul(&v, &vt_gv)?)?;
        ga = ivy::add(
            &ga,
            &ivy::matmul(u, &adjoint(&ivy::divide(&rest, &s_row)?)?)?,
        )?;
    }
    Ok(ga)
}

/// The columns `start..end` of the matrices `x`.
fn columns(x: &Array, start: usize, end: usize) -> Result<Array> {
    let idx = Array::from_shape_vec(
        [end - start],
        (start as i64..end as i64).collect::<Vec<_>>(),
    )?;
    ivy::take_with(x, &idx, opts::Take::new().axis(-1))
}

/// `x` with its diagonal's imaginary part dropped (the real part kept, in
/// the dtype of `x`), the rest zero: `Re diag(x)` as a matrix.
fn real_diagonal(x: &Array) -> Result<Array> {
    let n = x.shape().dims().last().copied().unwrap_or(0);
    let eye = ivy::eye_with(n, opts::Eye::new().dtype(x.dtype().real()))?;
    let d = ivy::multiply(x, &eye)?;
    if x.dtype().is_complex() {
        ivy::astype(&ivy::real(&d)?, x.dtype())
    } else {
        Ok(d)
    }
}

/// The vector-Jacobian product of `qr` (`gs`, `outs`: cotangents and
/// results `(Q, R)`; `R`'s diagonal real, as the factorisation gives it).
/// For `m >= n` (reduced): `(g_Q + Q sym(M)) R^-H` with
/// `M = g_R R^H - Q^H g_Q` and `sym(M) = triu(M, 1) + triu(M, 1)^H +
/// Re diag(M)`. For `m < n` (both modes then give the same factors) the
/// columns split as `x = [X | Y]`, `R = [U | V]`: `X = Q U` is square and
/// takes the rule above with `g_Q + Y g_V^H`, and `Y` gets `Q g_V`. With
/// `mode = "complete"` and `m > n` the last `m - n` columns of `Q` are not
/// determined by `x`: refused. Needs full-rank leading columns (`R`
/// invertible).
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// // x = [[2], [0]]: Q = [[1], [0]] (up to sign), R = [[2]]; R = |x|, so
/// // dR/dx = x / |x| = [[1], [0]] (times the sign of Q's column).
/// let x = ivy::array![[2.0], [0.0]];
/// let (q, r) = ivy::qr(&x)?;
/// let gs = [ivy::zeros([2, 1])?, ivy::array![[1.0]]];
/// let g = ivy::gradients::rules::qr_grad(&gs, &[q.clone(), r], &x, "reduced")?;
/// assert_eq!(ivy::multiply(&g, &q)?.to_vec::<f32>()?, vec![1.0, 0.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn qr_grad(gs: &[Array], outs: &[Array], x: &Array, mode: &str) -> Result<Array> {
    let (Some(gq), Some(gr), Some(q), Some(r)) = (gs.first(), gs.get(1), outs.first(), outs.get(1))
    else {
        return Err(Error::invalid(
            "qr",
            "expected two cotangents and two results",
        ));
    };
    let &[.., m, n] = x.shape().dims() else {
        return Err(Error::shape(
            "qr",
            "needs matrices",
            vec![x.shape().clone()],
        ));
    };
    if mode == "complete" && m > n {
        return Err(Error::shape(
            "qr",
            format!(
                "the derivative of qr with mode = \"complete\" needs m <= n (the last {} columns of Q are not determined by x; use mode = \"reduced\")",
                m - n
            ),
            vec![x.shape().clone()],
        ));
    }
    if m >= n {
        return qr_grad_square_or_tall(gq, gr, q, r);
    }
    let y = columns(x, m, n)?;
    let u = columns(r, 0, m)?;
    let gu = columns(gr, 0, m)?;
    let gv = columns(gr, m, n)?;
    let gq = ivy::add(gq, &ivy::matmul(&y, &adjoint(&gv)?)?)?;
    let gx = qr_grad_square_or_tall(&gq, &gu, q, &u)?;
    let gy = ivy::matmul(q, &gv)?;
    ivy::concat_with([&gx, &gy], opts::Concat::new().axis(-1))
}

/// [`qr_grad`] for `m >= n` (`R` square).
fn qr_grad_square_or_tall(gq: &Array, gr: &Array, q: &Array, r: &Array) -> Result<Array> {
    let m = ivy::subtract(
        &ivy::matmul(gr, &adjoint(r)?)?,
        &ivy::matmul(&adjoint(q)?, gq)?,
    )?;
    let up = ivy::triu_with(&m, opts::Triu::new().k(1))?;
    let sym = ivy::add(&ivy::add(&up, &adjoint(&up)?)?, &real_diagonal(&m)?)?;
    let b = ivy::add(gq, &ivy::matmul(q, &sym)?)?;
    // b R^-H, as (R^-1 b^H)^H.
    adjoint(&ivy::solve(r, &adjoint(&b)?)?)
}

/// The vector-Jacobian product of `eig` (`gs`, `outs`: cotangents and
/// results `(w, V)`, `V`'s columns of unit norm), as PyTorch's
/// `linalg_eig_backward`: `V^-H (diag(g_w) + F ∘ (V^H g_V - V^H V
/// Re diag(V^H g_V))) V^H` with `F_ij = 1 / conj(w_j - w_i)` off the
/// diagonal, the real part for a real `x`. Each eigenvector's phase is
/// free: this is the gradient of the loss's phase-invariant part. Needs
/// distinct eigenvalues.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// // A diagonal x: dw_i / dx_ii = 1 (whatever the order of w), so the
/// // cotangent g_w = w passes back diag(w).
/// let x = ivy::array![[1.0, 0.0], [0.0, 2.0]];
/// let (w, v) = ivy::eig(&x)?;
/// let gs = [w.clone(), ivy::zeros_like(&v)?];
/// let g = ivy::gradients::rules::eig_grad(&gs, &[w, v], &x)?;
/// assert_eq!(g, ivy::array![[1.0, 0.0], [0.0, 2.0]]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn eig_grad(gs: &[Array], outs: &[Array], x: &Array) -> Result<Array> {
    let (Some(gw), Some(gv), Some(w), Some(v)) = (gs.first(), gs.get(1), outs.first(), outs.get(1))
    else {
        return Err(Error::invalid(
            "eig",
            "expected two cotangents and two results",
        ));
    };
    let vh = adjoint(v)?;
    let vhgv = ivy::matmul(&vh, gv)?;
    // The unit norm of each column: its radial part is not free.
    let radial = ivy::real(&ivy::diagonal(&vhgv)?)?;
    let radial = ivy::expand_dims_with(&radial, opts::ExpandDims::new().axis(-2))?;
    let vhgv = ivy::subtract(&vhgv, &ivy::matmul(&vh, &ivy::multiply(v, &radial)?)?)?;
    let inner = ivy::multiply(&vhgv, &inverse_gaps(&ivy::conj(w)?)?)?;
    let inner = ivy::add(&inner, &diag_embed(gw)?)?;
    let ga = ivy::solve(&vh, &ivy::matmul(&inner, &vh)?)?;
    real_like(ga, x)
}

/// The vector-Jacobian product of `eigvals`: `V^-H diag(g) V^H` with `V`
/// the eigenvectors of `x` (the real part for a real `x`). Needs a
/// diagonalisable `x`.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// // As for eig: the cotangent w (in any order) passes back diag(w).
/// let x = ivy::array![[1.0, 0.0], [0.0, 2.0]];
/// let gx = ivy::gradients::rules::eigvals_grad(&ivy::eigvals(&x)?, &x)?;
/// assert_eq!(gx, ivy::array![[1.0, 0.0], [0.0, 2.0]]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn eigvals_grad(g: &Array, x: &Array) -> Result<Array> {
    let (_, v) = ivy::eig(x)?;
    let vh = adjoint(&v)?;
    let ga = ivy::solve(&vh, &ivy::matmul(&diag_embed(g)?, &vh)?)?;
    real_like(ga, x)
}

// ---------------------------------------------------------------------------
// Fourier transforms.

/// The normalisation whose transform is the adjoint of a transform with
/// `norm` (in the other direction): `"backward"` and `"forward"` swap,
/// `"ortho"` stays.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// assert_eq!(ivy::gradients::rules::dual_norm("fft", "backward")?, "forward");
/// assert!(ivy::gradients::rules::dual_norm("fft", "both").is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn dual_norm(op: &str, norm: &str) -> Result<&'static str> {
    match norm {
        "backward" => Ok("forward"),
        "forward" => Ok("backward"),
        "ortho" => Ok("ortho"),
        other => Err(Error::invalid(
            op,
            format!("norm must be \"backward\", \"ortho\" or \"forward\", got {other:?}"),
        )),
    }
}

/// `x` cut or zero-padded to `len` elements along `axis`.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::array![1.0, 2.0, 3.0];
/// assert_eq!(ivy::gradients::rules::resize_axis(&x, 0, 2)?, ivy::array![1.0, 2.0]);
/// assert_eq!(ivy::gradients::rules::resize_axis(&x, 0, 4)?, ivy::array![1.0, 2.0, 3.0, 0.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn resize_axis(x: &Array, axis: usize, len: usize) -> Result<Array> {
    let cur = x
        .shape()
        .dims()
        .get(axis)
        .copied()
        .ok_or(Error::AxisOutOfBounds {
            op: "resize_axis".into(),
            axis: axis as i64,
            ndim: x.ndim(),
        })?;
    if cur == len {
        return Ok(x.clone());
    }
    if cur > len {
        let idx = Array::from_shape_vec([len], (0..len as i64).collect::<Vec<_>>())?;
        return ivy::take_with(x, &idx, opts::Take::new().axis(axis as i64));
    }
    let mut dims: Vec<usize> = x.shape().dims().to_vec();
    dims[axis] = len - cur;
    let z = ivy::zeros_with(dims, opts::Zeros::new().dtype(x.dtype()))?;
    ivy::concat_with([x, &z], opts::Concat::new().axis(axis as i64))
}

/// The real part of `g` when `x` is real (the gradient of a real input).
fn real_like(g: Array, x: &Array) -> Result<Array> {
    if x.dtype().is_complex() {
        Ok(g)
    } else {
        ivy::real(&g)
    }
}

/// The vector-Jacobian product of `fft` (`inverse = false`) or `ifft`:
/// the transform in the other direction with the [`dual_norm`], cut or
/// padded back to the length of `x` along `axis`.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let g = ivy::fft(&ivy::array![1.0, 0.0])?;
/// let back = ivy::gradients::rules::fft_grad(&g, &ivy::array![0.0, 0.0], 0, "backward", false)?;
/// assert_eq!(back, ivy::array![2.0, 0.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn fft_grad(g: &Array, x: &Array, axis: i64, norm: &str, inverse: bool) -> Result<Array> {
    let ax = crate::shape::normalize_axis("fft", axis, x.ndim())?;
    let dual = dual_norm(if inverse { "ifft" } else { "fft" }, norm)?;
    let r = if inverse {
        ivy::fft_with(g, opts::Fft::new().axis(axis).norm(dual))?
    } else {
        ivy::ifft_with(g, opts::Ifft::new().axis(axis).norm(dual))?
    };
    real_like(resize_axis(&r, ax, x.shape().dims()[ax])?, x)
}

/// The vector-Jacobian product of `rfft`: the cotangent padded with zeros
/// to the full length `n`, transformed back with the [`dual_norm`], its
/// real part cut or padded to the length of `x`.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let g = ivy::astype(&ivy::array![1.0, 0.0, 0.0], ivy::Dtype::Complex64)?;
/// let back = ivy::gradients::rules::rfft_grad(&g, &ivy::zeros([4])?, None, 0, "backward")?;
/// assert_eq!(back, ivy::array![1.0, 1.0, 1.0, 1.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn rfft_grad(g: &Array, x: &Array, n: Option<usize>, axis: i64, norm: &str) -> Result<Array> {
    let ax = crate::shape::normalize_axis("rfft", axis, x.ndim())?;
    let m = x.shape().dims()[ax];
    let full = n.unwrap_or(m);
    let gp = resize_axis(g, ax, full)?;
    let r = ivy::ifft_with(
        &gp,
        opts::Ifft::new().axis(axis).norm(dual_norm("rfft", norm)?),
    )?;
    resize_axis(&ivy::real(&r)?, ax, m)
}

/// The vector-Jacobian product of `irfft`: `rfft` of the cotangent with
/// the [`dual_norm`], doubled at the frequencies that stand for a
/// conjugate pair, cut or padded to the length of `x`.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::astype(&ivy::zeros([3])?, ivy::Dtype::Complex64)?;
/// let back = ivy::gradients::rules::irfft_grad(&ivy::array![1.0, 0.0, 0.0, 0.0], &x, None, 0, "backward")?;
/// assert_eq!(ivy::real(&back)?, ivy::array![0.25, 0.5, 0.25]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn irfft_grad(g: &Array, x: &Array, n: Option<usize>, axis: i64, norm: &str) -> Result<Array> {
    let ax = crate::shape::normalize_axis("irfft", axis, x.ndim())?;
    let m = x.shape().dims()[ax];
    let full = n.unwrap_or(2 * m.saturating_sub(1));
    let k = full / 2 + 1;
    let r = ivy::rfft_with(
        g,
        opts::Rfft::new().axis(axis).norm(dual_norm("irfft", norm)?),
    )?;
    let w: Vec<f64> = (0..k)
        .map(|i| {
            if i == 0 || (full.is_multiple_of(2) && i == full / 2) {
                1.0
            } else {
                2.0
            }
        })
        .collect();
    let mut shape = vec![1usize; x.ndim()];
    shape[ax] = k;
    let w = ivy::astype(&Array::from_shape_vec(shape, w)?, g.dtype())?;
    real_like(resize_axis(&ivy::multiply(&r, &w)?, ax, m)?, x)
}

/// The `(axis, length)` pairs an n-d transform of `x` runs over: `axes`
/// (normalised; all axes, or the last `len(s)` when only `s` is given)
/// with the lengths `s` (the lengths of `x` by default).
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::zeros([2, 3])?;
/// let plan = ivy::gradients::rules::fftn_plan("fftn", &x, Some(&ivy::Ints::from([4])), None)?;
/// assert_eq!(plan, vec![(1, 4)]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn fftn_plan(
    op: &str,
    x: &Array,
    s: Option<&Ints>,
    axes: Option<&Ints>,
) -> Result<Vec<(i64, usize)>> {
    let nd = x.ndim();
    let axes: Vec<usize> = match (axes, s) {
        (Some(a), _) => a
            .as_slice()
            .iter()
            .map(|&a| crate::shape::normalize_axis(op, a, nd))
            .collect::<Result<_>>()?,
        (None, Some(s)) => {
            if s.len() > nd {
                return Err(Error::shape(
                    op,
                    format!("s has {} lengths for an array of {nd} dimensions", s.len()),
                    vec![x.shape().clone()],
                ));
            }
            (nd - s.len()..nd).collect()
        }
        (None, None) => (0..nd).collect(),
    };
    let mut sorted = axes.clone();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() != axes.len() {
        return Err(Error::invalid(op, "an axis is repeated in axes"));
    }
    let lens: Vec<usize> = match s {
        Some(s) => {
            if s.len() != axes.len() {
                return Err(Error::invalid(
                    op,
                    format!("s has {} lengths but axes has {} axes", s.len(), axes.len()),
                ));
            }
            s.as_slice()
                .iter()
                .map(|&n| {
                    usize::try_from(n).ok().filter(|&n| n > 0).ok_or_else(|| {
                        Error::invalid(op, format!("lengths must be positive, got {n}"))
                    })
                })
                .collect::<Result<_>>()?
        }
        None => axes.iter().map(|&a| x.shape().dims()[a]).collect(),
    };
    Ok(axes.into_iter().map(|a| a as i64).zip(lens).collect())
}

/// The shifts and axes of `fftshift` (`inverse = false`: `len / 2` along
/// each of `axes`, all axes by default) or `ifftshift` (`-(len / 2)`).
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let (shift, axes) = ivy::gradients::rules::shift_plan("fftshift", &ivy::zeros([5, 4])?, None, true)?;
/// assert_eq!((shift, axes), (vec![-2, -2], vec![0, 1]));
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn shift_plan(
    op: &str,
    x: &Array,
    axes: Option<&Ints>,
    inverse: bool,
) -> Result<(Vec<i64>, Vec<i64>)> {
    let nd = x.ndim();
    let axes: Vec<usize> = match axes {
        Some(a) => a
            .as_slice()
            .iter()
            .map(|&a| crate::shape::normalize_axis(op, a, nd))
            .collect::<Result<_>>()?,
        None => (0..nd).collect(),
    };
    let shift = axes
        .iter()
        .map(|&a| {
            let h = (x.shape().dims()[a] / 2) as i64;
            if inverse { -h } else { h }
        })
        .collect();
    Ok((shift, axes.into_iter().map(|a| a as i64).collect()))
}
