//! The `indexing` ops.

#[doc(hidden)]
#[macro_export]
macro_rules! __ops_indexing {
    ([$($cb:tt)*] $($acc:tt)*) => { $crate::__ops_statistical! { [$($cb)*] $($acc)*
category indexing {
    //! Indexing: reading and writing parts of arrays by integers, slices, `...`, new axes and integer or boolean arrays (the Array API's `__getitem__` and `__setitem__`), and scattering.

    /// The part of `x` that `index` selects (Python's `x[index]`): integers
    /// (negative count from the end) remove their axis, slices (with steps,
    /// negative too) keep it, `...` stands for the axes the other items leave,
    /// [`NewAxis`](crate::NewAxis) inserts an axis of length 1, and integer
    /// or boolean arrays select by advanced indexing (the Array API 2024.12
    /// rules, see [`Index`](crate::Index)). Write the index with
    /// [`s!`](crate::s); `x.get(..)` is the short method. An index out of
    /// range is an error naming the axis, the index and the axis length.
    ///
    /// ```
    /// let x = ivy::reshape(&ivy::arange(12)?, [3, 4])?;
    /// assert_eq!(ivy::get_item(&x, ivy::s![1..3, .., NewAxis])?.shape().dims(), &[2, 4, 1]);
    /// assert_eq!(x.get(ivy::s![-1, ..;2])?.to_vec::<i32>()?, vec![8, 10]);
    /// assert_eq!(x.get(ivy::s![..;-2, 0])?.to_vec::<i32>()?, vec![8, 0]);
    /// let e = x.get(ivy::s![.., 4]).unwrap_err();
    /// assert_eq!(e.to_string(), "get_item: index 4 is out of bounds for axis 1 with size 4");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[differentiable]
    #[sample(x = [3, 4], index = ivy::s![1.., ..;-2])]
    #[vjp(x = ivy::gradients::rules::unindex(g, x, index))]
    fn get_item(x: Array, index: Index) -> Array;

    /// `x` with the part that `index` selects replaced by `value` (Python's
    /// `x[index] = value`, functional: a new array is returned and `x` is left
    /// as it was). `value` broadcasts to the shape of the selected part and is
    /// cast to the dtype of `x`; where advanced indices repeat a position, the
    /// last value written wins. `x.set(..)` is the short method.
    ///
    /// ```
    /// let x = ivy::zeros_with([2, 3], ivy::opts::Zeros::new().dtype(ivy::Dtype::Int32))?;
    /// let y = ivy::set_item(&x, ivy::s![.., 1..], 7)?;
    /// assert_eq!(y.to_vec::<i32>()?, vec![0, 7, 7, 0, 7, 7]);
    /// let z = y.set(ivy::s![-1, ..;2], &ivy::array![1, 2])?;
    /// assert_eq!(z.to_vec::<i32>()?, vec![0, 7, 7, 1, 7, 2]);
    /// assert_eq!(x.to_vec::<i32>()?, vec![0; 6]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[differentiable]
    #[sample(x = [3, 4], index = ivy::s![1.., ..;-2], value = [2])]
    #[vjp(x = ivy::set_item(g, index, 0), value = ivy::get_item(g, index))]
    fn set_item(x: Array, index: Index, value: Array) -> Array;

    /// An array of length `size` (one more than the largest index by
    /// default) holding `updates` scattered to the flat positions `indices`
    /// (integers in `0..size`), combined where positions repeat by
    /// `reduction`: `"sum"` (the default) adds them, `"replace"` keeps the
    /// last; positions no index names are zero.
    ///
    /// ```
    /// let s = ivy::scatter_flat(&ivy::array![0, 2, 0], &ivy::array![1.0, 2.0, 3.0])?;
    /// assert_eq!(s.to_vec::<f32>()?, vec![4.0, 0.0, 2.0]);
    /// let r = ivy::scatter_flat_with(
    ///     &ivy::array![0, 2, 0],
    ///     &ivy::array![1.0, 2.0, 3.0],
    ///     ivy::opts::ScatterFlat::new().size(4usize).reduction("replace"),
    /// )?;
    /// assert_eq!(r.to_vec::<f32>()?, vec![3.0, 0.0, 2.0, 0.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[dtype_of(updates)]
    #[differentiable]
    #[sample(indices = ([3], int64), updates = [3])]
    #[vjp(indices = zero, updates = ivy::gradients::rules::scatter_flat_updates(g, indices, reduction))]
    fn scatter_flat(
        #[dtypes(integer)]
        #[same_shape(updates)]
        indices: Array,
        updates: Array,
        #[default(None)] size: Option<usize>,
        #[default("sum")]
        #[one_of("sum", "replace")]
        reduction: Str,
    ) -> Array;
    /// The elements of `x` at `indices` (integers, negative counting from
    /// the end) along `axis`, or of the flattened `x` when `axis` is `None`
    /// (the default): `x[..., indices, ...]` with `indices` at `axis`.
    ///
    /// ```
    /// let x = ivy::array![[1, 2, 3], [4, 5, 6]];
    /// assert_eq!(ivy::take(&x, &ivy::array![5, 0])?.to_vec::<i32>()?, vec![6, 1]);
    /// let cols = ivy::take_with(&x, &ivy::array![2, -3], ivy::opts::Take::new().axis(1))?;
    /// assert_eq!(cols, ivy::array![[3, 1], [6, 4]]);
    /// assert!(ivy::take(&x, &ivy::array![6]).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[sample(indices = ([2], int64))]
    fn take(x: Array, indices: Array, #[default(None)] axis: Option<Axis>) -> Array {
        match axis {
            None => ivy::get_item(&ivy::reshape(x, [-1])?, ivy::Index::from(indices)),
            Some(a) => {
                let a = ivy::shape::normalize_axis("take", a, x.ndim())?;
                let mut items = vec![ivy::IndexItem::from(..); a];
                items.push(ivy::IndexItem::from(indices));
                ivy::get_item(x, ivy::Index::new(items))
            }
        }
    }

    /// The elements of `x` at `indices` along `axis` (the last by default),
    /// pairing every other axis position by position: `out[i, j] =
    /// x[i, indices[i, j]]` for `axis = 1`. `indices` has the rank of `x`
    /// and broadcasts with it along the other axes.
    ///
    /// ```
    /// let x = ivy::array![[10, 30, 20], [60, 40, 50]];
    /// let i = ivy::argsort(&x)?;
    /// assert_eq!(ivy::take_along_axis(&x, &i)?, ivy::array![[10, 20, 30], [40, 50, 60]]);
    /// let first = ivy::take_along_axis_with(&x, &ivy::array![[1, 0, 1]], ivy::opts::TakeAlongAxis::new().axis(0))?;
    /// assert_eq!(first, ivy::array![[60, 30, 50]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[sample(x = [2, 4], indices = ([2, 1], int64))]
    fn take_along_axis(x: Array, indices: Array, #[default(-1)] axis: Axis) -> Array {
        let op = "take_along_axis";
        let nd = x.ndim();
        if indices.ndim() != nd {
            return Err(ivy::Error::shape(
                op,
                "indices must have as many dimensions as x",
                vec![x.shape().clone(), indices.shape().clone()],
            ));
        }
        let a = ivy::shape::normalize_axis(op, axis, nd)?;
        let mut items = Vec::with_capacity(nd);
        for (k, &len) in x.shape().dims().iter().enumerate() {
            if k == a {
                items.push(ivy::IndexItem::from(indices));
                continue;
            }
            // The positions along axis k, shaped to broadcast along it
            // (built directly: an index, not data of the computation).
            let mut shape = vec![1usize; nd];
            shape[k] = len;
            let positions = ivy::Array::from_shape_vec(shape, (0..len as i64).collect::<Vec<_>>())?;
            items.push(ivy::IndexItem::Array(positions));
        }
        ivy::get_item(x, ivy::Index::new(items))
    }

    /// The slices of `params` at `indices` along `axis` (the last by
    /// default), Ivy's (and TensorFlow's) `gather`: the result has shape
    /// `params.shape[..axis] + indices.shape[batch_dims..] +
    /// params.shape[axis + 1..]`. The first `batch_dims` axes of `params` and
    /// `indices` are batch axes of equal lengths, paired position by
    /// position (`batch_dims <= axis`).
    ///
    /// ```
    /// let p = ivy::array![[1, 2, 3], [4, 5, 6]];
    /// let g = ivy::gather(&p, &ivy::array![2, 0])?;
    /// assert_eq!(g, ivy::array![[3, 1], [6, 4]]);
    /// let rows = ivy::gather_with(&p, &ivy::array![1], ivy::opts::Gather::new().axis(0))?;
    /// assert_eq!(rows, ivy::array![[4, 5, 6]]);
    /// // One index list per row (batch_dims = 1).
    /// let b = ivy::gather_with(&p, &ivy::array![[0, 0], [2, 1]], ivy::opts::Gather::new().batch_dims(1))?;
    /// assert_eq!(b, ivy::array![[1, 1], [6, 5]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[sample(indices = ([1], int64))]
    fn gather(
        params: Array,
        indices: Array,
        #[default(-1)] axis: Axis,
        #[default(0usize)] batch_dims: usize,
    ) -> Array {
        let op = "gather";
        let a = ivy::shape::normalize_axis(op, axis, params.ndim())?;
        let b = batch_dims;
        if b > a || b > indices.ndim() {
            return Err(ivy::Error::invalid(
                op,
                format!("batch_dims {b} must be at most axis ({a}) and the rank of indices ({})", indices.ndim()),
            ));
        }
        if params.shape().dims()[..b] != indices.shape().dims()[..b] {
            return Err(ivy::Error::shape(
                op,
                format!("the first {b} axes of params and indices must have the same lengths"),
                vec![params.shape().clone(), indices.shape().clone()],
            ));
        }
        let mut items = Vec::with_capacity(params.ndim());
        let r = indices.ndim();
        for k in 0..b {
            // Positions along batch axis k, broadcasting against indices.
            let len = params.shape().dims()[k];
            let mut shape = vec![1usize; r];
            shape[k] = len;
            let positions = ivy::Array::from_shape_vec(shape, (0..len as i64).collect::<Vec<_>>())?;
            items.push(ivy::IndexItem::Array(positions));
        }
        let (sliced, perm) = ivy::gradients::rules::gather_layout(a, b, r, params.ndim());
        items.extend(std::iter::repeat_n(ivy::IndexItem::from(..), sliced));
        items.push(ivy::IndexItem::from(indices));
        let out = ivy::get_item(params, ivy::Index::new(items))?;
        match perm {
            Some(p) => ivy::permute_dims(&out, p),
            None => Ok(out),
        }
    }

    /// The slices of `params` that the index tuples in the last axis of
    /// `indices` name (TensorFlow's and Ivy's `gather_nd`): with `m =
    /// indices.shape[-1]`, the result has shape `indices.shape[..-1] +
    /// params.shape[batch_dims + m..]`. The first `batch_dims` axes of
    /// `params` and `indices` are batch axes of equal lengths, paired
    /// position by position. Negative indices count from the end; an index
    /// out of range is an error.
    ///
    /// ```
    /// let p = ivy::array![[1, 2], [3, 4]];
    /// assert_eq!(ivy::gather_nd(&p, &ivy::array![[1, 0], [0, 1]])?, ivy::array![3, 2]);
    /// assert_eq!(ivy::gather_nd(&p, &ivy::array![[1]])?, ivy::array![[3, 4]]);
    /// // One index per row (batch_dims = 1).
    /// let b = ivy::gather_nd_with(&p, &ivy::array![[1], [0]], ivy::opts::GatherNd::new().batch_dims(1))?;
    /// assert_eq!(b, ivy::array![2, 3]);
    /// assert!(ivy::gather_nd(&p, &ivy::array![[2, 0]]).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(all)]
    #[dtype_of(params)]
    #[sample(params = [3, 3], indices = ([1, 2], int64), batch_dims = 0usize)]
    fn gather_nd(params: Array, indices: Array, #[default(0usize)] batch_dims: usize) -> Array {
        let op = "gather_nd";
        if !indices.dtype().is_int() {
            return Err(ivy::Error::invalid(op, format!("indices must be integers, got {}", indices.dtype())));
        }
        let r = indices.ndim();
        let m = indices.shape().dims().last().copied().unwrap_or(0);
        let b = batch_dims;
        if r == 0 || m == 0 || b >= r || b + m > params.ndim() {
            return Err(ivy::Error::shape(
                op,
                format!("indices needs a last axis of 1 to params.ndim - batch_dims index components and batch_dims ({b}) below its rank"),
                vec![params.shape().clone(), indices.shape().clone()],
            ));
        }
        if params.shape().dims()[..b] != indices.shape().dims()[..b] {
            return Err(ivy::Error::shape(
                op,
                format!("the first {b} axes of params and indices must have the same lengths"),
                vec![params.shape().clone(), indices.shape().clone()],
            ));
        }
        let mut items = Vec::with_capacity(b + m);
        for k in 0..b {
            let len = params.shape().dims()[k];
            let mut shape = vec![1usize; r - 1];
            shape[k] = len;
            let positions = ivy::Array::from_shape_vec(shape, (0..len as i64).collect::<Vec<_>>())?;
            items.push(ivy::IndexItem::Array(positions));
        }
        for j in 0..m {
            let component = ivy::get_item(indices, ivy::Index::new(vec![ivy::IndexItem::Ellipsis, ivy::IndexItem::Int(j as i64)]))?;
            items.push(ivy::IndexItem::Array(component));
        }
        ivy::get_item(params, ivy::Index::new(items))
    }

    /// An array of `shape` holding `updates` scattered to the index tuples in
    /// the last axis of `indices` (TensorFlow's and Ivy's `scatter_nd`): with
    /// `m = indices.shape[-1]`, `updates` has shape `indices.shape[..-1] +
    /// shape[m..]`. Where tuples repeat, `reduction` combines: `"sum"` (the
    /// default) adds, `"replace"` keeps the last, `"min"` and `"max"` keep
    /// the extreme update; positions no tuple names are zero. Without
    /// `shape`, each indexed axis is one longer than its largest index.
    /// Negative indices count from the end; an index out of range is an
    /// error.
    ///
    /// ```
    /// let i = ivy::array![[0], [2], [0]];
    /// let s = ivy::scatter_nd(&i, &ivy::array![1.0, 2.0, 3.0])?;
    /// assert_eq!(s.to_vec::<f32>()?, vec![4.0, 0.0, 2.0]);
    /// let m = ivy::scatter_nd_with(&i, &ivy::array![1.0, 2.0, 3.0],
    ///     ivy::opts::ScatterNd::new().shape([4]).reduction("max"))?;
    /// assert_eq!(m.to_vec::<f32>()?, vec![3.0, 0.0, 2.0, 0.0]);
    /// // Whole rows.
    /// let rows = ivy::scatter_nd_with(&ivy::array![[1]], &ivy::array![[5, 6]], ivy::opts::ScatterNd::new().shape([2, 2]))?;
    /// assert_eq!(rows, ivy::array![[0, 0], [5, 6]]);
    /// assert!(ivy::scatter_nd_with(&ivy::array![[2]], &ivy::array![1], ivy::opts::ScatterNd::new().shape([2])).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(numeric)]
    #[dtype_of(updates)]
    #[sample(indices = ([2, 1], int64), updates = [2], shape = [3])]
    fn scatter_nd(
        indices: Array,
        updates: Array,
        #[default(None)] shape: Option<Shape>,
        #[default("sum")] reduction: Str,
    ) -> Array {
        let op = "scatter_nd";
        let plan = ivy::__private::scatter_nd_plan(op, indices, updates, shape.map(|s| s.dims().to_vec()))?;
        let flat_updates = ivy::reshape(updates, [-1])?;
        let size = plan.size;
        let scatter = |pos: Vec<i64>, upd: &ivy::Array, red: &str| {
            let pos = ivy::Array::from_shape_vec(vec![pos.len()], pos)?;
            ivy::scatter_flat_with(&pos, upd, ivy::opts::ScatterFlat::new().size(size).reduction(red))
        };
        let flat = match reduction {
            "sum" | "replace" => scatter(plan.positions, &flat_updates, reduction)?,
            "min" | "max" => {
                if updates.dtype().is_complex() {
                    return Err(ivy::Error::invalid(op, format!("reduction {reduction:?} needs real updates, got {}", updates.dtype())));
                }
                // Sorted so the extreme update of each position is written last.
                let order = ivy::argsort_with(&flat_updates, ivy::opts::Argsort::new().descending(reduction == "min"))?;
                let ord = order.to_vec::<i64>()?;
                let pos: Vec<i64> = ord.iter().map(|&k| plan.positions[k as usize]).collect();
                scatter(pos, &ivy::get_item(&flat_updates, ivy::Index::from(&order))?, "replace")?
            }
            other => {
                return Err(ivy::Error::invalid(
                    op,
                    format!("reduction must be \"sum\", \"replace\", \"min\" or \"max\", got {other:?}"),
                ));
            }
        };
        ivy::reshape(&flat, plan.shape.iter().map(|&d| d as i64).collect::<Vec<_>>())
    }
}
    } };
}
