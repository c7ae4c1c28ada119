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
}
    } };
}
