//! The `manipulation` ops.

#[doc(hidden)]
#[macro_export]
macro_rules! __ops_manipulation {
    ([$($cb:tt)*] $($acc:tt)*) => { $crate::__ops_indexing! { [$($cb)*] $($acc)*
category manipulation {
    //! Manipulation: reshaping, permuting, joining, splitting, flipping, rolling, tiling and clipping arrays.

    /// `x` with a new shape of the same size; one dimension may be `-1`, to be
    /// inferred. Host arrays share their elements with the result.
    ///
    /// ```
    /// let x = ivy::arange(6)?;
    /// assert_eq!(ivy::reshape(&x, [2, -1])?.shape().dims(), &[2, 3]);
    /// assert!(ivy::reshape(&x, [4]).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[differentiable]
    #[sample(shape = [4])]
    #[vjp(x = ivy::reshape(g, ivy::Ints::from(x.shape())))]
    fn reshape(x: Array, shape: Ints, #[default(None)] copy: Option<bool>) -> Array;

    /// `x` with its axes permuted: axis `i` of the result is axis `axes[i]`
    /// of `x`.
    ///
    /// ```
    /// let x = ivy::zeros([2, 3, 4])?;
    /// assert_eq!(ivy::permute_dims(&x, [2, 0, 1])?.shape().dims(), &[4, 2, 3]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[differentiable]
    #[vjp(x = ivy::permute_dims(g, ivy::gradients::rules::inverse_permutation(axes, x.ndim())?))]
    fn permute_dims(x: Array, axes: Permutation) -> Array;

    /// `x` with new axes of length 1 inserted at `axis` (positions in the
    /// result).
    ///
    /// ```
    /// let x = ivy::array![1, 2];
    /// assert_eq!(ivy::expand_dims(&x)?.shape().dims(), &[1, 2]);
    /// let y = ivy::expand_dims_with(&x, ivy::opts::ExpandDims::new().axis([0, -1]))?;
    /// assert_eq!(y.shape().dims(), &[1, 2, 1]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[differentiable]
    #[vjp(x = ivy::reshape(g, ivy::Ints::from(x.shape())))]
    fn expand_dims(x: Array, #[default(0)] axis: Ints) -> Array;

    /// `x` without the axes of length 1 given in `axis` (all of them by
    /// default); naming an axis longer than 1 is an error.
    ///
    /// ```
    /// let x = ivy::zeros([1, 2, 1])?;
    /// assert_eq!(ivy::squeeze(&x)?.shape().dims(), &[2]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[differentiable]
    #[sample(x = [1, 2])]
    #[vjp(x = ivy::reshape(g, ivy::Ints::from(x.shape())))]
    fn squeeze(x: Array, #[default(None)] axis: Option<Axes>) -> Array;

    /// The arrays joined along an existing `axis` (after promotion); with
    /// `axis = None`, flattened and joined.
    ///
    /// ```
    /// let c = ivy::concat([&ivy::array![[1, 2]], &ivy::array![[3, 4]]])?;
    /// assert_eq!(c, ivy::array![[1, 2], [3, 4]]);
    /// let f = ivy::concat_with([&ivy::array![[1]], &ivy::array![[2]]], ivy::opts::Concat::new().axis(None))?;
    /// assert_eq!(f, ivy::array![1, 2]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[promote]
    #[differentiable]
    #[vjp(xs = ivy::gradients::rules::unconcat(g, xs, axis))]
    fn concat(xs: Arrays, #[default(Some(0))] axis: Option<Axis>) -> Array;

    /// The arrays (of one shape) joined along a new `axis` (after promotion).
    ///
    /// ```
    /// let s = ivy::stack([&ivy::array![1, 2], &ivy::array![3, 4]])?;
    /// assert_eq!(s, ivy::array![[1, 2], [3, 4]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[promote]
    #[differentiable]
    #[vjp(arrays = ivy::unstack_with(g, ivy::opts::Unstack::new().axis(axis)))]
    fn stack(arrays: Arrays, #[default(0)] axis: NewAxis) -> Array;

    /// `x` split along `axis`: into as many arrays as it is long (the
    /// default), into `n` equal sections, or into sections of the given sizes.
    /// When `n` does not divide the length, `with_remainder` makes `n` the
    /// size of the sections, with a shorter last one (as Ivy's backends do:
    /// 10 elements in 4 give sizes 4, 4, 2).
    ///
    /// ```
    /// let parts = ivy::split_with(&ivy::arange(6)?, ivy::opts::Split::new().num_or_size_splits(3usize))?;
    /// assert_eq!(parts.len(), 3);
    /// assert_eq!(parts[2].to_vec::<i32>()?, vec![4, 5]);
    /// let sized = ivy::split_with(&ivy::arange(6)?, ivy::opts::Split::new().num_or_size_splits([1, 5]))?;
    /// assert_eq!(sized[1].size(), 5);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(same_each)]
    #[differentiable]
    #[vjp(x = ivy::concat_with(gs.to_vec(), ivy::opts::Concat::new().axis(axis)))]
    fn split(
        x: Array,
        #[default(None)] num_or_size_splits: Option<Splits>,
        #[default(0)] axis: Axis,
        #[default(false)] with_remainder: bool,
    ) -> Vec<Array>;

    /// The slices of `x` along `axis`, as a list (kept as length-1 axes with
    /// `keepdims`).
    ///
    /// ```
    /// let rows = ivy::unstack(&ivy::array![[1, 2], [3, 4]])?;
    /// assert_eq!(rows[1], ivy::array![3, 4]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(same_each)]
    #[differentiable]
    #[vjp(x = if keepdims { ivy::concat_with(gs.to_vec(), ivy::opts::Concat::new().axis(axis)) } else { ivy::stack_with(gs.to_vec(), ivy::opts::Stack::new().axis(axis)) })]
    fn unstack(x: Array, #[default(0)] axis: Axis, #[default(false)] keepdims: bool) -> Vec<Array>;

    /// `x` with the order of its elements reversed along `axis` (all axes by
    /// default).
    ///
    /// ```
    /// assert_eq!(ivy::flip(&ivy::array![[1, 2], [3, 4]])?, ivy::array![[4, 3], [2, 1]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[differentiable]
    #[vjp(x = match axis { Some(a) => ivy::flip_with(g, ivy::opts::Flip::new().axis(a.clone())), None => ivy::flip(g) })]
    fn flip(x: Array, #[default(None)] axis: Option<Axes>) -> Array;

    /// `x` rolled by `shift` along `axis` (the flattened array by default):
    /// elements that roll off one end come back at the other.
    ///
    /// ```
    /// assert_eq!(ivy::roll(&ivy::array![1, 2, 3, 4], 1)?, ivy::array![4, 1, 2, 3]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[differentiable]
    #[sample(shift = 1)]
    #[vjp(x = { let back: Vec<i64> = shift.as_slice().iter().map(|s| -s).collect(); match axis { Some(a) => ivy::roll_with(g, back, ivy::opts::Roll::new().axis(a.clone())), None => ivy::roll(g, back) } })]
    fn roll(x: Array, shift: Ints, #[default(None)] axis: Option<Ints>) -> Array;

    /// `x` with the axes `axis0` and `axis1` swapped.
    ///
    /// ```
    /// assert_eq!(ivy::swapaxes(&ivy::zeros([2, 3])?, 0, 1)?.shape().dims(), &[3, 2]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[differentiable]
    #[sample(axis1 = 1)]
    #[vjp(x = ivy::swapaxes(g, axis0, axis1))]
    fn swapaxes(x: Array, axis0: Axis, axis1: Axis) -> Array;

    /// `x` repeated `repeats` times along each axis (`repeats` longer than
    /// the rank adds leading axes).
    ///
    /// ```
    /// assert_eq!(ivy::tile(&ivy::array![1, 2], 2)?, ivy::array![1, 2, 1, 2]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[differentiable]
    #[sample(repeats = [2, 1])]
    #[vjp(x = ivy::gradients::rules::untile(g, x, repeats))]
    fn tile(x: Array, repeats: Ints) -> Array;

    /// Each element of `x` repeated `repeats` times (one count for all, or one
    /// per element) along `axis` (the flattened array by default).
    ///
    /// ```
    /// assert_eq!(ivy::repeat(&ivy::array![1, 2], 2)?, ivy::array![1, 1, 2, 2]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[differentiable]
    #[sample(repeats = 2)]
    #[vjp(x = ivy::gradients::rules::unrepeat(g, x, repeats, axis))]
    fn repeat(x: Array, repeats: Ints, #[default(None)] axis: Option<Axis>) -> Array;

    /// `x` with its elements clipped to `[x_min, x_max]` (either bound may be
    /// left out; bounds are arrays or scalars and broadcast with `x`, and
    /// scalars take the dtype of `x`).
    ///
    /// ```
    /// let c = ivy::clip_with(&ivy::array![1, 5, 9], ivy::opts::Clip::new().x_min(2).x_max(6))?;
    /// assert_eq!(c.to_vec::<i32>()?, vec![2, 5, 6]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real)]
    #[differentiable]
    #[vjp(x = { let mut keep = ivy::ones_like_with(x, ivy::opts::OnesLike::new().dtype(ivy::Dtype::Bool))?; if let Some(m) = x_min { keep = ivy::logical_and(&keep, &ivy::greater_equal(x, m)?)?; } if let Some(m) = x_max { keep = ivy::logical_and(&keep, &ivy::less_equal(x, m)?)?; } ivy::r#where(&keep, g, 0) }, x_min = ivy::r#where(&ivy::less(x, x_min.expect("present"))?, g, 0), x_max = ivy::r#where(&ivy::greater(x, x_max.expect("present"))?, g, 0))]
    fn clip(
        x: Array,
        #[default(None)] x_min: Option<Array>,
        #[default(None)] x_max: Option<Array>,
    ) -> Array;

    /// `x` with the axes at `source` moved to the positions `destination`
    /// (in that order); the other axes keep their order.
    ///
    /// ```
    /// let x = ivy::zeros([2, 3, 4])?;
    /// assert_eq!(ivy::moveaxis(&x, 0, -1)?.shape().dims(), &[3, 4, 2]);
    /// assert_eq!(ivy::moveaxis(&x, [0, 1], [-1, -2])?.shape().dims(), &[4, 3, 2]);
    /// assert!(ivy::moveaxis(&x, [0, 0], [1, 2]).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[sample(destination = [-1])]
    fn moveaxis(x: Array, source: Ints, destination: Ints) -> Array {
        let op = "moveaxis";
        let nd = x.ndim();
        let norm = |v: &ivy::Ints| -> ivy::Result<Vec<usize>> {
            let mut out: Vec<usize> = Vec::with_capacity(v.len());
            for &a in v.as_slice() {
                let n = ivy::shape::normalize_axis(op, a, nd)?;
                if out.contains(&n) {
                    return Err(ivy::Error::invalid(op, format!("axis {a} is repeated in {v}")));
                }
                out.push(n);
            }
            Ok(out)
        };
        let (src, dst) = (norm(source)?, norm(destination)?);
        if src.len() != dst.len() {
            return Err(ivy::Error::invalid(
                op,
                format!("source {source} and destination {destination} must have the same number of axes"),
            ));
        }
        let mut order: Vec<usize> = (0..nd).filter(|k| !src.contains(k)).collect();
        let mut pairs: Vec<(usize, usize)> = dst.into_iter().zip(src).collect();
        pairs.sort_unstable();
        for (d, s) in pairs {
            let at = if d > order.len() { order.len() } else { d };
            order.insert(at, s);
        }
        ivy::permute_dims(x, order)
    }

    /// The `n`-th discrete difference of `x` along `axis` (the last by
    /// default): `out[i] = x[i + 1] - x[i]`, applied `n` times, after joining
    /// `prepend` before and `append` after `x` along `axis` (arrays with the
    /// shape of `x` except along `axis`).
    ///
    /// ```
    /// let x = ivy::array![1, 2, 4, 7, 0];
    /// assert_eq!(ivy::diff(&x)?.to_vec::<i32>()?, vec![1, 2, 3, -7]);
    /// let d2 = ivy::diff_with(&x, ivy::opts::Diff::new().n(2usize))?;
    /// assert_eq!(d2.to_vec::<i32>()?, vec![1, 1, -10]);
    /// let p = ivy::diff_with(&x, ivy::opts::Diff::new().prepend(ivy::array![0]))?;
    /// assert_eq!(p.to_vec::<i32>()?, vec![1, 1, 2, 3, -7]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    fn diff(
        x: Array,
        #[default(1usize)] n: usize,
        #[default(-1)] axis: Axis,
        #[default(None)] prepend: Option<Array>,
        #[default(None)] append: Option<Array>,
    ) -> Array {
        let op = "diff";
        if x.ndim() == 0 {
            return Err(ivy::Error::invalid(op, "needs an array of at least one dimension"));
        }
        let a = ivy::shape::normalize_axis(op, axis, x.ndim())?;
        let mut parts: Vec<ivy::Array> = Vec::new();
        parts.extend(prepend.cloned());
        parts.push(x.clone());
        parts.extend(append.cloned());
        let mut y = if parts.len() == 1 {
            x.clone()
        } else {
            ivy::concat_with(parts, ivy::opts::Concat::new().axis(Some(a as i64)))?
        };
        let lead = vec![ivy::IndexItem::from(..); a];
        let with = |last: ivy::IndexItem| {
            let mut items = lead.clone();
            items.push(last);
            ivy::Index::new(items)
        };
        for _ in 0..n {
            let hi = ivy::get_item(&y, with(ivy::IndexItem::from(1..)))?;
            let lo = ivy::get_item(&y, with(ivy::IndexItem::from(..-1)))?;
            y = ivy::subtract(&hi, &lo)?;
        }
        Ok(y)
    }

    /// `input` padded as NumPy's `pad` does, axis by axis. `pad_width` is
    /// one width for every side of every axis, a `(before, after)` pair for
    /// every axis, or a pair per axis (flattened: `[b0, a0, b1, a1, ..]`);
    /// `stat_length` likewise. `mode`: `"constant"` (the default,
    /// `constant_values`), `"edge"`, `"reflect"` and `"symmetric"` (mirrored
    /// without / with the edge; `reflect_type = "odd"` reflects the values
    /// through the edge value too), `"wrap"`, `"linear_ramp"` (from
    /// `end_values` to the edge), `"maximum"`, `"mean"`, `"median"`,
    /// `"minimum"` (of the `stat_length` values nearest each side, all of the
    /// axis by default; rounded to the nearest integer for integer arrays).
    /// Differentiable: it is written in ivy ops.
    ///
    /// ```
    /// let x = ivy::array![1, 2, 3];
    /// assert_eq!(ivy::pad(&x, [2, 1])?, ivy::array![0, 0, 1, 2, 3, 0]);
    /// let m = |mode| ivy::pad_with(&x, [2], ivy::opts::Pad::new().mode(mode));
    /// assert_eq!(m("edge")?, ivy::array![1, 1, 1, 2, 3, 3, 3]);
    /// assert_eq!(m("reflect")?, ivy::array![3, 2, 1, 2, 3, 2, 1]);
    /// assert_eq!(m("symmetric")?, ivy::array![2, 1, 1, 2, 3, 3, 2]);
    /// assert_eq!(m("wrap")?, ivy::array![2, 3, 1, 2, 3, 1, 2]);
    /// assert_eq!(m("maximum")?, ivy::array![3, 3, 1, 2, 3, 3, 3]);
    /// let odd = ivy::pad_with(&x, [2], ivy::opts::Pad::new().mode("reflect").reflect_type("odd"))?;
    /// assert_eq!(odd, ivy::array![-1, 0, 1, 2, 3, 4, 5]);
    /// let ramp = ivy::pad_with(&ivy::array![4.0, 5.0], [2], ivy::opts::Pad::new().mode("linear_ramp"))?;
    /// assert_eq!(ramp.to_vec::<f32>()?, vec![0.0, 2.0, 4.0, 5.0, 2.5, 0.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[sample(pad_width = [1])]
    fn pad(
        input: Array,
        pad_width: Ints,
        #[default("constant")] mode: Str,
        #[default(None)] stat_length: Option<Ints>,
        #[default(0)] constant_values: Scalar,
        #[default(0)] end_values: Scalar,
        #[default("even")] reflect_type: Str,
    ) -> Array {
        ivy::__private::pad_array(
            "pad",
            input,
            pad_width.as_slice(),
            mode,
            stat_length.map(|s| s.as_slice()),
            constant_values,
            end_values,
            reflect_type,
        )
    }

    /// `x` padded with `value` (Ivy's `constant_pad`): `pad_width` as in
    /// [`pad`](crate::pad).
    ///
    /// ```
    /// let y = ivy::constant_pad_with(&ivy::array![[1, 2]], [1, 0, 0, 1], ivy::opts::ConstantPad::new().value(9))?;
    /// assert_eq!(y, ivy::array![[9, 9, 9], [1, 2, 9]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[sample(pad_width = [1])]
    fn constant_pad(x: Array, pad_width: Ints, #[default(0)] value: Scalar) -> Array {
        ivy::__private::pad_array("constant_pad", x, pad_width.as_slice(), "constant", None, value, ivy::Scalar::Int(0), "even")
    }

    /// `x` padded with zeros (Ivy's `zero_pad`): `pad_width` as in
    /// [`pad`](crate::pad).
    ///
    /// ```
    /// assert_eq!(ivy::zero_pad(&ivy::array![1.0, 2.0], [1, 2])?.to_vec::<f32>()?, vec![0.0, 1.0, 2.0, 0.0, 0.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[sample(pad_width = [1])]
    fn zero_pad(x: Array, pad_width: Ints) -> Array {
        ivy::__private::pad_array("zero_pad", x, pad_width.as_slice(), "constant", None, ivy::Scalar::Int(0), ivy::Scalar::Int(0), "even")
    }

    /// `x` with the axes `start_dim..=end_dim` merged into one (Ivy's
    /// `flatten`; a 0-d `x` gives one element). Row-major order only.
    ///
    /// ```
    /// let x = ivy::zeros([2, 3, 4])?;
    /// assert_eq!(ivy::flatten(&x)?.shape().dims(), &[24]);
    /// let m = ivy::flatten_with(&x, ivy::opts::Flatten::new().start_dim(1))?;
    /// assert_eq!(m.shape().dims(), &[2, 12]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(all)]
    fn flatten(x: Array, #[default(0)] start_dim: i64, #[default(-1)] end_dim: i64) -> Array {
        let op = "flatten";
        if x.ndim() == 0 {
            return ivy::reshape(x, [1]);
        }
        let nd = x.ndim();
        let (s, e) = (ivy::shape::normalize_axis(op, start_dim, nd)?, ivy::shape::normalize_axis(op, end_dim, nd)?);
        if s > e {
            return Err(ivy::Error::invalid(op, format!("start_dim ({start_dim}) comes after end_dim ({end_dim})")));
        }
        let d = x.shape().dims();
        let mut shape: Vec<i64> = d[..s].iter().map(|&v| v as i64).collect();
        shape.push(d[s..=e].iter().product::<usize>() as i64);
        shape.extend(d[e + 1..].iter().map(|&v| v as i64));
        ivy::reshape(x, shape)
    }

    /// `x` with the axis `dim` split into the axes `shape` (whose product is
    /// its length; one entry may be -1), Ivy's `unflatten`.
    ///
    /// ```
    /// let x = ivy::zeros([2, 12])?;
    /// assert_eq!(ivy::unflatten(&x, -1, [3, -1])?.shape().dims(), &[2, 3, 4]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(all)]
    #[sample(dim = 1, shape = [2, 1])]
    fn unflatten(x: Array, dim: i64, shape: Ints) -> Array {
        let op = "unflatten";
        let a = ivy::shape::normalize_axis(op, dim, x.ndim())?;
        let d = x.shape().dims();
        let mut new: Vec<i64> = d[..a].iter().map(|&v| v as i64).collect();
        new.extend_from_slice(shape.as_slice());
        new.extend(d[a + 1..].iter().map(|&v| v as i64));
        let known: i64 = shape.as_slice().iter().filter(|&&v| v != -1).product();
        let fits = if shape.as_slice().contains(&-1) { known > 0 && d[a] as i64 % known == 0 } else { known == d[a] as i64 };
        if !fits || shape.as_slice().iter().any(|&v| v < -1) || shape.as_slice().iter().filter(|&&v| v == -1).count() > 1 {
            return Err(ivy::Error::shape(op, format!("cannot split an axis of length {} into {shape}", d[a]), vec![x.shape().clone()]));
        }
        ivy::reshape(x, new)
    }

    /// The arrays, each with at least one dimension (0-d ones become shape
    /// `[1]`), Ivy's `atleast_1d`.
    ///
    /// ```
    /// let r = ivy::atleast_1d([&ivy::Array::scalar(1.0f32), &ivy::array![[1.0]]])?;
    /// assert_eq!((r[0].shape().dims(), r[1].shape().dims()), (&[1usize][..], &[1usize, 1][..]));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[out(same_each)]
    fn atleast_1d(arys: Arrays) -> Vec<Array> {
        arys.iter().map(|a| if a.ndim() == 0 { ivy::reshape(a, [1]) } else { Ok(a.clone()) }).collect()
    }

    /// The arrays, each with at least two dimensions (`[n]` becomes `[1, n]`),
    /// Ivy's `atleast_2d`.
    ///
    /// ```
    /// let r = ivy::atleast_2d([&ivy::array![1, 2]])?;
    /// assert_eq!(r[0].shape().dims(), &[1, 2]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[out(same_each)]
    fn atleast_2d(arys: Arrays) -> Vec<Array> {
        arys.iter().map(ivy::__private::at_least_2d).collect()
    }

    /// The arrays, each with at least three dimensions (`[n]` becomes `[1,
    /// n, 1]`, `[m, n]` becomes `[m, n, 1]`), Ivy's `atleast_3d`.
    ///
    /// ```
    /// let r = ivy::atleast_3d([&ivy::array![1, 2], &ivy::array![[1, 2]]])?;
    /// assert_eq!((r[0].shape().dims(), r[1].shape().dims()), (&[1usize, 2, 1][..], &[1usize, 2, 1][..]));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[out(same_each)]
    fn atleast_3d(arys: Arrays) -> Vec<Array> {
        arys.iter().map(ivy::__private::at_least_3d).collect()
    }

    /// The arrays stacked as rows: each made at least 2-d, then joined along
    /// axis 0 (NumPy's and Ivy's `vstack`).
    ///
    /// ```
    /// let v = ivy::vstack([&ivy::array![1, 2], &ivy::array![[3, 4], [5, 6]]])?;
    /// assert_eq!(v, ivy::array![[1, 2], [3, 4], [5, 6]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    fn vstack(arrays: Arrays) -> Array {
        let parts = arrays.iter().map(ivy::__private::at_least_2d).collect::<ivy::Result<Vec<_>>>()?;
        ivy::concat_with(parts, ivy::opts::Concat::new().axis(0))
    }

    /// The arrays joined along their second axis, or the first for 1-d ones
    /// (NumPy's and Ivy's `hstack`).
    ///
    /// ```
    /// assert_eq!(ivy::hstack([&ivy::array![1, 2], &ivy::array![3]])?, ivy::array![1, 2, 3]);
    /// assert_eq!(ivy::hstack([&ivy::array![[1], [2]], &ivy::array![[3], [4]]])?, ivy::array![[1, 3], [2, 4]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    fn hstack(arrays: Arrays) -> Array {
        let parts = arrays.iter().map(|a| if a.ndim() == 0 { ivy::reshape(a, [1]) } else { Ok(a.clone()) }).collect::<ivy::Result<Vec<_>>>()?;
        let axis = if parts.first().is_some_and(|a| a.ndim() == 1) { 0 } else { 1 };
        ivy::concat_with(parts, ivy::opts::Concat::new().axis(axis))
    }

    /// The arrays stacked along a third axis: each made at least 3-d, then
    /// joined along axis 2 (NumPy's and Ivy's `dstack`).
    ///
    /// ```
    /// let d = ivy::dstack([&ivy::array![1, 2], &ivy::array![3, 4]])?;
    /// assert_eq!(d, ivy::array![[[1, 3], [2, 4]]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    fn dstack(arrays: Arrays) -> Array {
        let parts = arrays.iter().map(ivy::__private::at_least_3d).collect::<ivy::Result<Vec<_>>>()?;
        ivy::concat_with(parts, ivy::opts::Concat::new().axis(2))
    }

    /// The arrays as columns: 1-d arrays become columns, others are joined
    /// as they are along axis 1 (NumPy's and Ivy's `column_stack`).
    ///
    /// ```
    /// let c = ivy::column_stack([&ivy::array![1, 2], &ivy::array![[3, 4], [5, 6]]])?;
    /// assert_eq!(c, ivy::array![[1, 3, 4], [2, 5, 6]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    fn column_stack(arrays: Arrays) -> Array {
        let parts = arrays
            .iter()
            .map(|a| if a.ndim() < 2 { ivy::reshape(a, [-1, 1]) } else { Ok(a.clone()) })
            .collect::<ivy::Result<Vec<_>>>()?;
        ivy::concat_with(parts, ivy::opts::Concat::new().axis(1))
    }

    /// `m` rotated by 90 degrees `k` times in the plane of `axes`, from the
    /// first axis towards the second (NumPy's and Ivy's `rot90`).
    ///
    /// ```
    /// let m = ivy::array![[1, 2], [3, 4]];
    /// assert_eq!(ivy::rot90(&m)?, ivy::array![[2, 4], [1, 3]]);
    /// assert_eq!(ivy::rot90_with(&m, ivy::opts::Rot90::new().k(-1))?, ivy::array![[3, 1], [4, 2]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    fn rot90(m: Array, #[default(1)] k: i64, #[default([0, 1])] axes: Ints) -> Array {
        let op = "rot90";
        let nd = m.ndim();
        if axes.len() != 2 || nd < 2 {
            return Err(ivy::Error::invalid(op, format!("needs two axes of an array of at least 2 dimensions, got axes {axes} for {nd} dimensions")));
        }
        let (a0, a1) = (ivy::shape::normalize_axis(op, axes.as_slice()[0], nd)?, ivy::shape::normalize_axis(op, axes.as_slice()[1], nd)?);
        if a0 == a1 {
            return Err(ivy::Error::invalid(op, "the two axes must differ"));
        }
        let flip = |x: &ivy::Array, a: usize| ivy::flip_with(x, ivy::opts::Flip::new().axis(a as i64));
        let mut perm: Vec<i64> = (0..nd as i64).collect();
        perm.swap(a0, a1);
        match k.rem_euclid(4) {
            0 => Ok(m.clone()),
            2 => flip(&flip(m, a0)?, a1),
            1 => ivy::permute_dims(&flip(m, a1)?, perm),
            _ => flip(&ivy::permute_dims(m, perm)?, a1),
        }
    }

    /// `m` with its second axis reversed (left and right swapped).
    ///
    /// ```
    /// assert_eq!(ivy::fliplr(&ivy::array![[1, 2], [3, 4]])?, ivy::array![[2, 1], [4, 3]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    fn fliplr(m: Array) -> Array {
        if m.ndim() < 2 {
            return Err(ivy::Error::shape("fliplr", "needs at least two dimensions", vec![m.shape().clone()]));
        }
        ivy::flip_with(m, ivy::opts::Flip::new().axis(1))
    }

    /// `m` with its first axis reversed (up and down swapped).
    ///
    /// ```
    /// assert_eq!(ivy::flipud(&ivy::array![[1, 2], [3, 4]])?, ivy::array![[3, 4], [1, 2]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    fn flipud(m: Array) -> Array {
        if m.ndim() < 1 {
            return Err(ivy::Error::shape("flipud", "needs at least one dimension", vec![m.shape().clone()]));
        }
        ivy::flip_with(m, ivy::opts::Flip::new().axis(0))
    }

    /// The Heaviside step: 0 where `x1 < 0`, `x2` where `x1 == 0`, 1 where
    /// `x1 > 0` (NaN stays NaN).
    ///
    /// ```
    /// let h = ivy::heaviside(&ivy::array![-1.5, 0.0, 2.0], &ivy::array![0.5])?;
    /// assert_eq!(h.to_vec::<f32>()?, vec![0.0, 0.5, 1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote]
    fn heaviside(x1: Array, x2: Array) -> Array {
        let zero = ivy::zeros_like(x1)?;
        let one = ivy::ones_like(x1)?;
        let sign = ivy::r#where(&ivy::greater(x1, 0)?, &one, &ivy::r#where(&ivy::less(x1, 0)?, &zero, x1)?)?;
        ivy::r#where(&ivy::equal(x1, 0)?, x2, &sign)
    }

    /// The 1-d `a` without its leading (`trim` containing `"f"`) and
    /// trailing (`"b"`) zeros.
    ///
    /// ```
    /// let a = ivy::array![0, 0, 1, 0, 2, 0];
    /// assert_eq!(ivy::trim_zeros(&a)?, ivy::array![1, 0, 2]);
    /// assert_eq!(ivy::trim_zeros_with(&a, ivy::opts::TrimZeros::new().trim("b"))?, ivy::array![0, 0, 1, 0, 2]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(all)]
    #[sample(a = [3], trim = "f")]
    fn trim_zeros(a: Array, #[default("fb")] trim: Str) -> Array {
        let op = "trim_zeros";
        if a.ndim() != 1 {
            return Err(ivy::Error::shape(op, "needs a 1-d array", vec![a.shape().clone()]));
        }
        let t = trim.to_ascii_lowercase();
        if t.chars().any(|c| c != 'f' && c != 'b') {
            return Err(ivy::Error::invalid(op, format!("trim must hold only \"f\" and \"b\", got {trim:?}")));
        }
        let nz = ivy::not_equal(a, 0)?.to_vec::<bool>()?;
        let first = if t.contains('f') { nz.iter().position(|&v| v).unwrap_or(nz.len()) } else { 0 };
        let last = if t.contains('b') { nz.iter().rposition(|&v| v).map_or(first, |i| i + 1) } else { nz.len() };
        ivy::get_item(a, ivy::Index::new(vec![ivy::IndexItem::from(first as i64..last.max(first) as i64)]))
    }

    /// The `k` largest (or with `largest = false` smallest) elements of `x`
    /// along `axis` and their indices, as `(values, indices)`, largest first
    /// (ties keep their order). `sorted` is accepted for Ivy's signature;
    /// the result is always sorted.
    ///
    /// ```
    /// let (v, i) = ivy::top_k(&ivy::array![3, 9, 1, 9, 4], 2usize)?;
    /// assert_eq!((v, i), (ivy::array![9, 9], ivy::array![1i64, 3]));
    /// let (v, _) = ivy::top_k_with(&ivy::array![3, 9, 1], 2usize, ivy::opts::TopK::new().largest(false))?;
    /// assert_eq!(v, ivy::array![1, 3]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(real)]
    #[out(custom)]
    #[sample(k = 1usize)]
    fn top_k(
        x: Array,
        k: usize,
        #[default(-1)] axis: i64,
        #[default(true)] largest: bool,
        #[default(true)] sorted: bool,
    ) -> (Array, Array) {
        let op = "top_k";
        let _ = sorted;
        let a = ivy::shape::normalize_axis(op, axis, x.ndim().max(1))?;
        let len = x.shape().dims().get(a).copied().unwrap_or(1);
        if k > len {
            return Err(ivy::Error::invalid(op, format!("k = {k} is more than the {len} elements along axis {axis}")));
        }
        let order = ivy::argsort_with(x, ivy::opts::Argsort::new().axis(axis).descending(largest))?;
        let mut items = vec![ivy::IndexItem::from(..); a];
        items.push(ivy::IndexItem::from(0..k as i64));
        let idx = ivy::get_item(&order, ivy::Index::new(items))?;
        let values = ivy::take_along_axis_with(x, &idx, ivy::opts::TakeAlongAxis::new().axis(axis))?;
        Ok((values, idx))
    }

    /// `arr` with `values` written at `indices` along `axis` (NumPy's
    /// `put_along_axis`, functional: a new array is returned): `indices` has
    /// the rank of `arr` and broadcasts with it along the other axes,
    /// `values` broadcasts to the shape of `indices`. `mode`: `"replace"`
    /// (the default; where positions repeat the last write wins) or `"sum"`
    /// (adds to `arr`, repeats add up).
    ///
    /// ```
    /// let a = ivy::array![[10, 30, 20], [60, 40, 50]];
    /// let i = ivy::array![[1], [0]];
    /// let r = ivy::put_along_axis(&a, &i, &ivy::array![0], 1)?;
    /// assert_eq!(r, ivy::array![[10, 0, 20], [0, 40, 50]]);
    /// let s = ivy::put_along_axis_with(&a, &ivy::array![[1, 1]], &ivy::array![1], 1, ivy::opts::PutAlongAxis::new().mode("sum"))?;
    /// assert_eq!(s, ivy::array![[10, 32, 20], [60, 42, 50]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(numeric)]
    #[dtype_of(arr)]
    #[sample(arr = [2, 3], indices = ([2, 1], int64), values = [1], axis = 1, mode = "sum")]
    fn put_along_axis(arr: Array, indices: Array, values: Array, axis: i64, #[default("replace")] mode: Str) -> Array {
        let op = "put_along_axis";
        let nd = arr.ndim();
        if indices.ndim() != nd || !indices.dtype().is_int() {
            return Err(ivy::Error::shape(op, "indices must be integers with as many dimensions as arr", vec![arr.shape().clone(), indices.shape().clone()]));
        }
        let a = ivy::shape::normalize_axis(op, axis, nd)?;
        let mut items = Vec::with_capacity(nd);
        for (k, &len) in arr.shape().dims().iter().enumerate() {
            if k == a {
                items.push(ivy::IndexItem::from(indices));
                continue;
            }
            let mut shape = vec![1usize; nd];
            shape[k] = len;
            items.push(ivy::IndexItem::Array(ivy::Array::from_shape_vec(shape, (0..len as i64).collect::<Vec<_>>())?));
        }
        let index = ivy::Index::new(items);
        match mode {
            "replace" => ivy::set_item(arr, index, values),
            "sum" => {
                let pos = ivy::index::flat_positions(arr.shape(), &index)?;
                let vals = ivy::astype(&ivy::broadcast_to(values, pos.shape().clone())?, arr.dtype())?;
                let added = ivy::scatter_flat_with(&ivy::reshape(&pos, [-1])?, &ivy::reshape(&vals, [-1])?, ivy::opts::ScatterFlat::new().size(arr.size()))?;
                ivy::add(arr, &ivy::reshape(&added, ivy::Ints::from(arr.shape()))?)
            }
            other => Err(ivy::Error::invalid(op, format!("mode must be \"replace\" or \"sum\", got {other:?}"))),
        }
    }

    /// The first element of each run of equal consecutive elements of `x`
    /// (flattened when `axis` is `None`, else whole slices along `axis`),
    /// with the index of the run of every element (`inverse`, int64) and the
    /// length of every run (`counts`, int64): `(output, inverse, counts)`,
    /// as Ivy's and PyTorch's `unique_consecutive`. NaNs are never equal.
    ///
    /// ```
    /// let (o, i, c) = ivy::unique_consecutive(&ivy::array![1, 1, 2, 2, 3, 1, 1, 2])?;
    /// assert_eq!(o, ivy::array![1, 2, 3, 1, 2]);
    /// assert_eq!(i, ivy::array![0i64, 0, 1, 1, 2, 3, 3, 4]);
    /// assert_eq!(c, ivy::array![2i64, 2, 1, 2, 1]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(all)]
    #[out(custom)]
    fn unique_consecutive(x: Array, #[default(None)] axis: Option<i64>) -> (Array, Array, Array) {
        let op = "unique_consecutive";
        let (y, a) = match axis {
            None => (ivy::reshape(x, [-1])?, 0usize),
            Some(ax) => (x.clone(), ivy::shape::normalize_axis(op, ax, x.ndim())?),
        };
        let n = y.shape().dims()[a];
        let mut starts: Vec<i64> = Vec::new();
        if n > 0 {
            starts.push(0);
            let lead = vec![ivy::IndexItem::from(..); a];
            let at = |r: ivy::IndexItem| {
                let mut items = lead.clone();
                items.push(r);
                ivy::Index::new(items)
            };
            let ne = ivy::not_equal(&ivy::get_item(&y, at(ivy::IndexItem::from(1..)))?, &ivy::get_item(&y, at(ivy::IndexItem::from(..-1)))?)?;
            let other: Vec<i64> = (0..y.ndim() as i64).filter(|&k| k != a as i64).collect();
            let changed = if other.is_empty() { ne } else { ivy::any_with(&ne, ivy::opts::Any::new().axis(other))? };
            for (k, c) in changed.to_vec::<bool>()?.into_iter().enumerate() {
                if c {
                    starts.push(k as i64 + 1);
                }
            }
        }
        let mut inverse = Vec::with_capacity(n);
        let mut counts = Vec::with_capacity(starts.len());
        for (r, &s) in starts.iter().enumerate() {
            let end = starts.get(r + 1).copied().unwrap_or(n as i64);
            counts.push(end - s);
            inverse.extend(std::iter::repeat_n(r as i64, (end - s) as usize));
        }
        let mut items = vec![ivy::IndexItem::from(..); a];
        items.push(ivy::IndexItem::Array(ivy::Array::from_shape_vec(vec![starts.len()], starts)?));
        let out = ivy::get_item(&y, ivy::Index::new(items))?;
        let inv_shape: Vec<usize> = if axis.is_none() { x.shape().dims().to_vec() } else { vec![n] };
        Ok((out, ivy::Array::from_shape_vec(inv_shape, inverse)?, ivy::Array::from_shape_vec(vec![counts.len()], counts)?))
    }
}
    } };
}
