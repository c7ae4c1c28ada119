//! The shared machinery of the `layers` ops (and `einsum`): window geometry
//! (strides, padding, dilations), layout conversions, and the bodies of the
//! compositional convolutions, pools and recurrent cells, written in ivy ops
//! so that they are differentiable through the ops they call.
//!
//! Not part of the public API: the spec entries in `spec/src/ops/layers.rs`
//! call these functions and document the behaviour.

use crate::api::opts;
use crate::args::Ints;
use crate::array::Array;
use crate::dtype::Dtype;
use crate::error::{Error, Result};
use crate::shape::Shape;

/// One spatial dimension of a sliding window over a (dilated, padded) input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WinDim {
    /// The input length.
    pub input: usize,
    /// The kernel length.
    pub kernel: usize,
    /// The step between windows.
    pub stride: usize,
    /// Padding before the (dilated) input; negative crops.
    pub lo: i64,
    /// Padding after it.
    pub hi: i64,
    /// The kernel dilation (1: contiguous taps).
    pub dilation: usize,
    /// The input dilation (1: none; `s` inserts `s - 1` zeros between elements).
    pub x_dilation: usize,
    /// The number of windows.
    pub out: usize,
}

impl WinDim {
    /// The input position tapped by window `o` at kernel tap `k`, if it is
    /// inside the input (not padding, not an inserted zero).
    #[inline]
    pub fn source(&self, o: usize, k: usize) -> Option<usize> {
        let p = (o * self.stride + k * self.dilation) as i64 - self.lo;
        if p < 0 {
            return None;
        }
        let p = p as usize;
        if !p.is_multiple_of(self.x_dilation) {
            return None;
        }
        let i = p / self.x_dilation;
        (i < self.input).then_some(i)
    }
}

/// The span of a dilated kernel.
pub fn effective_kernel(k: usize, d: usize) -> usize {
    if k == 0 { 0 } else { (k - 1) * d + 1 }
}

/// The length of an input after inserting `xd - 1` zeros between elements.
pub fn dilated_len(n: usize, xd: usize) -> usize {
    if n == 0 { 0 } else { (n - 1) * xd + 1 }
}

/// The window geometry of every spatial dimension, checked.
pub fn window(
    op: &str,
    input: &[usize],
    kernel: &[usize],
    strides: &[usize],
    padding: &[(i64, i64)],
    dilations: &[usize],
    x_dilations: &[usize],
) -> Result<Vec<WinDim>> {
    let n = input.len();
    if [
        kernel.len(),
        strides.len(),
        padding.len(),
        dilations.len(),
        x_dilations.len(),
    ]
    .iter()
    .any(|&l| l != n)
    {
        return Err(Error::invalid(
            op,
            format!(
                "expected {n} values per spatial parameter, got kernel {kernel:?}, strides {strides:?}, padding {padding:?}, dilations {dilations:?}, input dilations {x_dilations:?}"
            ),
        ));
    }
    let mut dims = Vec::with_capacity(n);
    for i in 0..n {
        let (k, s, d, xd) = (kernel[i], strides[i], dilations[i], x_dilations[i]);
        if k == 0 || s == 0 || d == 0 || xd == 0 {
            return Err(Error::invalid(
                op,
                format!(
                    "kernel sizes, strides and dilations must be at least 1 (dimension {i}: kernel {k}, stride {s}, dilation {d}, input dilation {xd})"
                ),
            ));
        }
        let (lo, hi) = padding[i];
        let limit = 1i64 << 40;
        if lo.abs() > limit || hi.abs() > limit || k > 1 << 40 || d > 1 << 40 || xd > 1 << 40 {
            return Err(Error::invalid(
                op,
                format!("dimension {i}: window parameters are too large"),
            ));
        }
        let span = dilated_len(input[i], xd) as i64 + lo + hi;
        let keff = effective_kernel(k, d) as i64;
        if span < keff {
            return Err(Error::invalid(
                op,
                format!(
                    "dimension {i}: the window (kernel {k}, dilation {d}, span {keff}) is larger than the padded input ({span} = length {} padded by ({lo}, {hi}))",
                    input[i]
                ),
            ));
        }
        let out = ((span - keff) as usize) / s + 1;
        dims.push(WinDim {
            input: input[i],
            kernel: k,
            stride: s,
            lo,
            hi,
            dilation: d,
            x_dilation: xd,
            out,
        });
    }
    Ok(dims)
}

/// A per-dimension integer parameter: one value for every dimension, or
/// one per dimension; `None` is `default`. Values below `min` are refused.
pub fn per_dim(
    op: &str,
    name: &str,
    v: Option<&[i64]>,
    dims: usize,
    default: i64,
    min: i64,
) -> Result<Vec<i64>> {
    let out = match v {
        None => vec![default; dims],
        Some([one]) => vec![*one; dims],
        Some(v) if v.len() == dims => v.to_vec(),
        Some(v) => {
            return Err(Error::invalid(
                op,
                format!("{name} {v:?}: expected 1 or {dims} values (one per spatial dimension)"),
            ));
        }
    };
    if let Some(bad) = out.iter().find(|&&x| x < min) {
        return Err(Error::invalid(
            op,
            format!("{name} {out:?}: {bad} is below {min}"),
        ));
    }
    Ok(out)
}

fn to_usize(v: &[i64]) -> Vec<usize> {
    v.iter().map(|&x| x.max(0) as usize).collect()
}

/// The `padding` of the convolutions and pools (Ivy's `Union[str, int,
/// Sequence[Tuple[int, int]]]`): a string (`"SAME"`, `"VALID"`, or
/// integers as [`padding_pairs`] reads them), a number for every side, or a
/// `(before, after)` pair per spatial dimension. Held as the string
/// [`padding_pairs`] reads; negative values are refused by the op that
/// gets them.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// use ivy::Padding;
/// assert_eq!(Padding::from([(1, 1), (0, 2)]).as_str(), "[(1, 1), (0, 2)]");
/// assert_eq!(Padding::from(3).as_str(), "3");
/// // x [1, 3, 1] padded with (1, 0): windows [0, 1], [1, 2], [2, 3].
/// let x = ivy::reshape(&ivy::array![1.0, 2.0, 3.0], [1, 3, 1])?;
/// let f = ivy::ones([2, 1, 1])?;
/// let y = ivy::conv1d(&x, &f, 1, [(1, 0)])?;
/// assert_eq!(y.to_vec::<f32>()?, vec![1.0, 3.0, 5.0]);
/// assert_eq!(ivy::conv1d(&x, &f, 1, "[(1, 0)]")?, y);
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Padding(String);

impl From<i64> for Padding {
    fn from(n: i64) -> Padding {
        Padding(n.to_string())
    }
}

impl From<i32> for Padding {
    fn from(n: i32) -> Padding {
        Padding(n.to_string())
    }
}

impl From<usize> for Padding {
    fn from(n: usize) -> Padding {
        Padding(n.to_string())
    }
}

impl From<&[(i64, i64)]> for Padding {
    fn from(pairs: &[(i64, i64)]) -> Padding {
        let inner: Vec<String> = pairs.iter().map(|(a, b)| format!("({a}, {b})")).collect();
        Padding(format!("[{}]", inner.join(", ")))
    }
}

impl<const N: usize> From<[(i64, i64); N]> for Padding {
    fn from(pairs: [(i64, i64); N]) -> Padding {
        Padding::from(&pairs[..])
    }
}

impl From<Vec<(i64, i64)>> for Padding {
    fn from(pairs: Vec<(i64, i64)>) -> Padding {
        Padding::from(pairs.as_slice())
    }
}

impl From<&str> for Padding {
    fn from(s: &str) -> Padding {
        Padding(s.to_string())
    }
}

impl From<String> for Padding {
    fn from(s: String) -> Padding {
        Padding(s)
    }
}

impl From<&String> for Padding {
    fn from(s: &String) -> Padding {
        Padding(s.clone())
    }
}

impl Padding {
    /// The padding as the string [`padding_pairs`] reads.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// assert_eq!(ivy::Padding::from("SAME").as_str(), "SAME");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<Padding> for String {
    fn from(p: Padding) -> String {
        p.0
    }
}

/// The padding string of the convolutions and pools: `"SAME"` (output length
/// `ceil(input / stride)`, the extra padding after, as TensorFlow), `"VALID"`
/// (none), or integers: one for every side, one per dimension (both
/// sides), or a pair per dimension (`"[(1, 1), (0, 2)]"`, `"1,1,0,2"`:
/// brackets, parentheses and spaces are ignored).
pub fn padding_pairs(
    op: &str,
    padding: &str,
    input: &[usize],
    keff: &[usize],
    strides: &[usize],
) -> Result<Vec<(i64, i64)>> {
    let dims = input.len();
    match padding.trim().to_ascii_uppercase().as_str() {
        "VALID" => return Ok(vec![(0, 0); dims]),
        "SAME" => {
            return Ok((0..dims)
                .map(|i| {
                    let s = strides[i].max(1);
                    let out = input[i].div_ceil(s);
                    let total = ((out.max(1) - 1) * s + keff[i]).saturating_sub(input[i]) as i64;
                    (total / 2, total - total / 2)
                })
                .collect());
        }
        _ => {}
    }
    let cleaned: String = padding
        .chars()
        .map(|c| if "[]()".contains(c) { ' ' } else { c })
        .collect();
    let nums: Vec<i64> = cleaned
        .split([',', ' '])
        .filter(|t| !t.is_empty())
        .map(|t| t.parse::<i64>())
        .collect::<std::result::Result<_, _>>()
        .map_err(|_| {
            Error::invalid(
                op,
                format!("padding {padding:?}: expected \"SAME\", \"VALID\" or integers such as \"[(1, 1), (2, 2)]\""),
            )
        })?;
    if let Some(n) = nums.iter().find(|&&n| n < 0) {
        return Err(Error::invalid(
            op,
            format!("padding {padding:?}: {n} is negative"),
        ));
    }
    match nums.len() {
        1 => Ok(vec![(nums[0], nums[0]); dims]),
        l if l == dims => Ok(nums.iter().map(|&n| (n, n)).collect()),
        l if l == 2 * dims => Ok(nums.chunks(2).map(|p| (p[0], p[1])).collect()),
        l => Err(Error::invalid(
            op,
            format!(
                "padding {padding:?}: {l} integers for {dims} spatial dimensions (expected 1, {dims} or {})",
                2 * dims
            ),
        )),
    }
}

/// Whether a data format puts channels first (`"NCHW"`, `"channel_first"`)
/// or last (`"NHWC"`, `"channel_last"`).
pub fn channel_first(op: &str, format: &str) -> Result<bool> {
    let f = format.trim();
    match f {
        "channel_first" => Ok(true),
        "channel_last" => Ok(false),
        _ if f.len() >= 3 && f.starts_with("NC") && f.chars().all(|c| c.is_ascii_uppercase()) => {
            Ok(true)
        }
        _ if f.len() >= 3
            && f.starts_with('N')
            && f.ends_with('C')
            && f.chars().all(|c| c.is_ascii_uppercase()) =>
        {
            Ok(false)
        }
        _ => Err(Error::invalid(
            op,
            format!(
                "data format {format:?}: expected \"channel_last\", \"channel_first\" or a layout such as \"NHWC\" / \"NCHW\""
            ),
        )),
    }
}

fn ints(v: impl IntoIterator<Item = usize>) -> Ints {
    Ints::from(v.into_iter().map(|x| x as i64).collect::<Vec<i64>>())
}

/// `x` with axis 1 moved last (channel-first to channel-last).
pub fn channels_last(x: &Array) -> Result<Array> {
    let n = x.ndim();
    let mut p: Vec<usize> = vec![0];
    p.extend(2..n);
    p.push(1);
    crate::api::permute_dims(x, ints(p))
}

/// `x` with its last axis moved to position 1 (channel-last to channel-first).
pub fn channels_first(x: &Array) -> Result<Array> {
    let n = x.ndim();
    let mut p: Vec<usize> = vec![0, n - 1];
    p.extend(1..n - 1);
    crate::api::permute_dims(x, ints(p))
}

fn check_rank(op: &str, what: &str, a: &Array, rank: usize) -> Result<()> {
    if a.ndim() != rank {
        return Err(Error::shape(
            op,
            format!("{what} must have {rank} dimensions, got {}", a.ndim()),
            vec![a.shape().clone()],
        ));
    }
    Ok(())
}

/// Filters in `channel_first` layout (`[d_out, d_in / groups, *kernel]`)
/// permuted to `channel_last` (`[*kernel, d_in / groups, d_out]`).
fn filters_last(f: &Array) -> Result<Array> {
    let n = f.ndim();
    let mut p: Vec<usize> = (2..n).collect();
    p.push(1);
    p.push(0);
    crate::api::permute_dims(f, ints(p))
}

/// The convolution of channel-last `x` (`[N, *spatial, C_in]`) with
/// channel-last filters (`[*kernel, C_in / groups, C_out]`), padding given
/// as pairs: im2col, then one matrix product (per group).
#[allow(clippy::too_many_arguments)]
pub fn conv_cl(
    op: &str,
    x: &Array,
    filters: &Array,
    strides: &[i64],
    padding: &[(i64, i64)],
    dilations: &[i64],
    x_dilations: &[i64],
    groups: usize,
) -> Result<Array> {
    let dims = x.ndim() - 2;
    let xs = x.shape().dims().to_vec();
    let fs = filters.shape().dims().to_vec();
    let k = &fs[..dims];
    let (cin_g, cout) = (fs[dims], fs[dims + 1]);
    let cin = xs[dims + 1];
    if groups == 0 || cin_g * groups != cin || cout % groups != 0 {
        return Err(Error::shape(
            op,
            format!(
                "the input has {cin} channels and the filters expect {cin_g} per group for {groups} group(s) and give {cout} output channels (need in = filter in * groups and out divisible by groups)"
            ),
            vec![x.shape().clone(), filters.shape().clone()],
        ));
    }
    // The window checked here, so that errors name the calling op.
    let xs_sp = &xs[1..1 + dims];
    window(
        op,
        xs_sp,
        k,
        &to_usize(strides),
        padding,
        &to_usize(dilations),
        &to_usize(x_dilations),
    )?;
    let cols = crate::api::im2col_with(
        x,
        ints(k.iter().copied()),
        opts::Im2col::new()
            .strides(Ints::from(strides.to_vec()))
            .padding(Ints::from(
                padding
                    .iter()
                    .flat_map(|&(a, b)| [a, b])
                    .collect::<Vec<_>>(),
            ))
            .dilations(Ints::from(dilations.to_vec()))
            .x_dilations(Ints::from(x_dilations.to_vec())),
    )?;
    let out_sp: Vec<usize> = cols.shape().dims()[1..1 + dims].to_vec();
    let m: usize = xs[0] * out_sp.iter().product::<usize>();
    let kp: usize = k.iter().product();
    let mut out_shape = vec![xs[0]];
    out_shape.extend(&out_sp);
    out_shape.push(cout);
    let y = if groups == 1 {
        let a = crate::api::reshape(&cols, ints([m, kp * cin]))?;
        let w = crate::api::reshape(filters, ints([kp * cin, cout]))?;
        crate::api::matmul(&a, &w)?
    } else {
        let (g, cog) = (groups, cout / groups);
        let a = crate::api::reshape(&cols, ints([m, kp, g, cin_g]))?;
        let a = crate::api::permute_dims(&a, [2i64, 0, 1, 3])?;
        let a = crate::api::reshape(&a, ints([g, m, kp * cin_g]))?;
        let w = crate::api::reshape(filters, ints([kp, cin_g, g, cog]))?;
        let w = crate::api::permute_dims(&w, [2i64, 0, 1, 3])?;
        let w = crate::api::reshape(&w, ints([g, kp * cin_g, cog]))?;
        let y = crate::api::matmul(&a, &w)?;
        crate::api::permute_dims(&y, [1i64, 0, 2])?
    };
    crate::api::reshape(&y, ints(out_shape))
}

/// `conv_general_dilated`: see its spec entry.
#[allow(clippy::too_many_arguments)]
pub fn conv_general_dilated(
    op: &str,
    x: &Array,
    filters: &Array,
    strides: &Ints,
    padding: &str,
    dims: usize,
    data_format: &str,
    filter_format: &str,
    feature_group_count: usize,
    x_dilations: Option<&Ints>,
    dilations: Option<&Ints>,
    bias: Option<&Array>,
) -> Result<Array> {
    if dims == 0 {
        return Err(Error::invalid(op, "dims must be at least 1"));
    }
    check_rank(op, "x", x, dims + 2)?;
    check_rank(op, "filters", filters, dims + 2)?;
    let cf = channel_first(op, data_format)?;
    let ff = channel_first(op, filter_format)?;
    let x = if cf { channels_last(x)? } else { x.clone() };
    let f = if ff {
        filters_last(filters)?
    } else {
        filters.clone()
    };
    let s = per_dim(op, "strides", Some(strides.as_slice()), dims, 1, 1)?;
    let d = per_dim(op, "dilations", dilations.map(Ints::as_slice), dims, 1, 1)?;
    let xd = per_dim(
        op,
        "x_dilations",
        x_dilations.map(Ints::as_slice),
        dims,
        1,
        1,
    )?;
    let sp = &x.shape().dims()[1..1 + dims];
    let k = &f.shape().dims()[..dims];
    let din: Vec<usize> = sp
        .iter()
        .zip(&xd)
        .map(|(&n, &v)| dilated_len(n, v as usize))
        .collect();
    let keff: Vec<usize> = k
        .iter()
        .zip(&d)
        .map(|(&n, &v)| effective_kernel(n, v as usize))
        .collect();
    let pads = padding_pairs(op, padding, &din, &keff, &to_usize(&s))?;
    let mut y = conv_cl(op, &x, &f, &s, &pads, &d, &xd, feature_group_count)?;
    if let Some(b) = bias {
        y = crate::api::add(&y, b)?;
    }
    if cf { channels_first(&y) } else { Ok(y) }
}

/// `conv_general_transpose`: see its spec entry.
#[allow(clippy::too_many_arguments)]
pub fn conv_general_transpose(
    op: &str,
    x: &Array,
    filters: &Array,
    strides: &Ints,
    padding: &str,
    dims: usize,
    output_shape: Option<&Ints>,
    filter_format: &str,
    data_format: &str,
    dilations: Option<&Ints>,
    feature_group_count: usize,
    bias: Option<&Array>,
) -> Result<Array> {
    if dims == 0 {
        return Err(Error::invalid(op, "dims must be at least 1"));
    }
    check_rank(op, "x", x, dims + 2)?;
    check_rank(op, "filters", filters, dims + 2)?;
    let cf = channel_first(op, data_format)?;
    let ff = channel_first(op, filter_format)?;
    let x = if cf { channels_last(x)? } else { x.clone() };
    // channel_last: [*kernel, d_out / groups, d_in]; channel_first: [d_in, d_out / groups, *kernel].
    let f = if ff {
        filters_last(filters)?
    } else {
        filters.clone()
    };
    let g = feature_group_count;
    let fs = f.shape().dims().to_vec();
    let k = fs[..dims].to_vec();
    let (cog, din_f) = (fs[dims], fs[dims + 1]);
    let cin = x.shape().dims()[dims + 1];
    if g == 0 || din_f != cin || cin % g != 0 {
        return Err(Error::shape(
            op,
            format!(
                "the input has {cin} channels, the filters take {din_f} (they must match and be divisible by the {g} group(s))"
            ),
            vec![x.shape().clone(), filters.shape().clone()],
        ));
    }
    let cig = cin / g;
    let s = per_dim(op, "strides", Some(strides.as_slice()), dims, 1, 1)?;
    let d = per_dim(op, "dilations", dilations.map(Ints::as_slice), dims, 1, 1)?;
    let sp: Vec<usize> = x.shape().dims()[1..1 + dims].to_vec();
    let keff: Vec<usize> = k
        .iter()
        .zip(&d)
        .map(|(&n, &v)| effective_kernel(n, v as usize))
        .collect();
    // The requested output lengths (spatial, or the full shape in the data format).
    let requested: Option<Vec<i64>> = match output_shape {
        None => None,
        Some(o) if o.len() == dims => Some(o.as_slice().to_vec()),
        Some(o) if o.len() == dims + 2 => {
            let v = o.as_slice();
            Some(if cf {
                v[2..].to_vec()
            } else {
                v[1..1 + dims].to_vec()
            })
        }
        Some(o) => {
            return Err(Error::invalid(
                op,
                format!(
                    "output_shape {o}: expected {dims} spatial lengths or a full shape of {} dimensions",
                    dims + 2
                ),
            ));
        }
    };
    let same = padding.trim().eq_ignore_ascii_case("SAME");
    let mut pads: Vec<(i64, i64)> = Vec::with_capacity(dims);
    let mut outs: Vec<i64> = Vec::with_capacity(dims);
    let explicit = if same || padding.trim().eq_ignore_ascii_case("VALID") {
        None
    } else {
        Some(padding_pairs(op, padding, &sp, &keff, &to_usize(&s))?)
    };
    for i in 0..dims {
        let (n, st, ke) = (sp[i] as i64, s[i], keff[i] as i64);
        let default_out = if same {
            n * st
        } else if let Some(e) = &explicit {
            (n - 1) * st + ke - e[i].0 - e[i].1
        } else {
            (n - 1) * st + ke
        };
        let o = requested.as_ref().map_or(default_out, |r| r[i]);
        let (lo, hi) = if same {
            let total = ((n - 1) * st + ke - o).max(0);
            (total / 2, total - total / 2)
        } else if let Some(e) = &explicit {
            e[i]
        } else {
            (0, 0)
        };
        // The forward convolution of an output of length o gives back n.
        let span = o + lo + hi - ke;
        if o < 0 || span < 0 || span / st + 1 != n {
            return Err(Error::invalid(
                op,
                format!(
                    "dimension {i}: an output length of {o} is not consistent with input length {n}, stride {st}, kernel span {ke} and padding {padding:?}"
                ),
            ));
        }
        pads.push((ke - 1 - lo, o - 1 - (n - 1) * st + lo));
        outs.push(o);
    }
    // Flip the taps and swap the channel roles per group:
    // [*k, cog, g, cig] -> [*k, cig, g, cog] -> [*k, cig, g * cog].
    let axes: Vec<i64> = (0..dims as i64).collect();
    let f = crate::api::flip_with(&f, opts::Flip::new().axis(Ints::from(axes)))?;
    let mut shape4: Vec<usize> = k.clone();
    shape4.extend([cog, g, cig]);
    let f = crate::api::reshape(&f, ints(shape4))?;
    let mut perm: Vec<usize> = (0..dims).collect();
    perm.extend([dims + 2, dims + 1, dims]);
    let f = crate::api::permute_dims(&f, ints(perm))?;
    let mut shape3: Vec<usize> = k.clone();
    shape3.extend([cig, g * cog]);
    let f = crate::api::reshape(&f, ints(shape3))?;
    let ones = vec![1i64; dims];
    let mut y = conv_cl(op, &x, &f, &ones, &pads, &d, &s, g)?;
    if let Some(b) = bias {
        y = crate::api::add(&y, b)?;
    }
    if cf { channels_first(&y) } else { Ok(y) }
}

/// Which pooling.
#[derive(Debug, Clone, Copy)]
pub enum Pool {
    /// The largest element of each window.
    Max,
    /// The mean of each window.
    Avg {
        /// Count the padding in the divisor.
        count_include_pad: bool,
        /// A fixed divisor.
        divisor_override: Option<f64>,
    },
}

/// The checked geometry of a max or average pool, for the composition
/// below and for a backend's kernel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoolPlan {
    /// Whether `x` has its channels first (`"NCHW"`-like) rather than last.
    pub channels_first: bool,
    /// The batch size.
    pub batch: usize,
    /// The number of channels.
    pub channels: usize,
    /// The windows of each spatial dimension, with the padding of
    /// `ceil_mode` included in `hi`.
    pub window: Vec<WinDim>,
    /// The padding after each spatial dimension as given (without the
    /// extension of `ceil_mode`): with `count_include_pad`, a tap counts in
    /// the divisor when its position is below `input + explicit_hi`.
    pub explicit_hi: Vec<i64>,
}

impl PoolPlan {
    /// The output shape, in the layout of the input.
    pub fn out_shape(&self) -> Shape {
        let sp = self.window.iter().map(|w| w.out);
        let dims: Vec<usize> = if self.channels_first {
            [self.batch, self.channels].into_iter().chain(sp).collect()
        } else {
            std::iter::once(self.batch)
                .chain(sp)
                .chain([self.channels])
                .collect()
        };
        Shape::from(dims)
    }
}

/// The geometry of a pool of `x` (of shape `shape`) over `dims` spatial
/// dimensions: the checks and windows of [`pool`].
///
/// ```
/// # extern crate ivy_core as ivy;
/// let p = ivy::layer_support::pool_plan("max_pool2d", &ivy::Shape::from([1, 5, 5, 3]), &[2], &[2], "VALID", 2, "NHWC", None, true)?;
/// assert_eq!(p.out_shape().dims(), &[1, 3, 3, 3]);
/// # Ok::<(), ivy::Error>(())
/// ```
#[allow(clippy::too_many_arguments)]
pub fn pool_plan(
    op: &str,
    shape: &Shape,
    kernel: &[i64],
    strides: &[i64],
    padding: &str,
    dims: usize,
    data_format: &str,
    dilation: Option<&[i64]>,
    ceil_mode: bool,
) -> Result<PoolPlan> {
    if shape.ndim() != dims + 2 {
        return Err(Error::shape(
            op,
            format!("x must have {} dimensions, got {}", dims + 2, shape.ndim()),
            vec![shape.clone()],
        ));
    }
    let cf = channel_first(op, data_format)?;
    let d_all = shape.dims();
    let (batch, channels, sp): (usize, usize, Vec<usize>) = if cf {
        (d_all[0], d_all[1], d_all[2..].to_vec())
    } else {
        (d_all[0], d_all[dims + 1], d_all[1..1 + dims].to_vec())
    };
    let k = per_dim(op, "kernel", Some(kernel), dims, 1, 1)?;
    let s = per_dim(op, "strides", Some(strides), dims, 1, 1)?;
    let d = per_dim(op, "dilation", dilation, dims, 1, 1)?;
    let keff: Vec<usize> = k
        .iter()
        .zip(&d)
        .map(|(&n, &v)| effective_kernel(n as usize, v as usize))
        .collect();
    let explicit = padding_pairs(op, padding, &sp, &keff, &to_usize(&s))?;
    for (i, &(lo, hi)) in explicit.iter().enumerate() {
        if 2 * lo.max(hi) > keff[i] as i64 {
            return Err(Error::invalid(
                op,
                format!(
                    "padding {padding:?}: dimension {i} pads {lo}, {hi}, more than half the window ({})",
                    keff[i]
                ),
            ));
        }
    }
    let mut pads = explicit.clone();
    if ceil_mode {
        for i in 0..dims {
            let (lo, hi) = explicit[i];
            let span = sp[i] as i64 + lo + hi - keff[i] as i64;
            if span < 0 {
                continue;
            }
            let st = s[i];
            let mut out = (span + st - 1) / st + 1;
            // The last window must start inside the input or the left padding.
            if (out - 1) * st >= sp[i] as i64 + lo {
                out -= 1;
            }
            pads[i].1 += ((out - 1) * st + keff[i] as i64 - (sp[i] as i64 + lo + hi)).max(0);
        }
    }
    let window = window(
        op,
        &sp,
        &to_usize(&k),
        &to_usize(&s),
        &pads,
        &to_usize(&d),
        &vec![1; dims],
    )?;
    Ok(PoolPlan {
        channels_first: cf,
        batch,
        channels,
        window,
        explicit_hi: explicit.iter().map(|p| p.1).collect(),
    })
}

/// The max and average pools: see their spec entries. Built on `im2col`
/// (the windows as an array) and a reduction over the taps.
#[allow(clippy::too_many_arguments)]
pub fn pool(
    op: &str,
    x: &Array,
    kernel: &Ints,
    strides: &Ints,
    padding: &str,
    dims: usize,
    data_format: &str,
    dilation: Option<&Ints>,
    ceil_mode: bool,
    kind: Pool,
) -> Result<Array> {
    check_rank(op, "x", x, dims + 2)?;
    let plan = pool_plan(
        op,
        x.shape(),
        kernel.as_slice(),
        strides.as_slice(),
        padding,
        dims,
        data_format,
        dilation.map(Ints::as_slice),
        ceil_mode,
    )?;
    let cf = plan.channels_first;
    let x = if cf { channels_last(x)? } else { x.clone() };
    let sp: Vec<usize> = plan.window.iter().map(|w| w.input).collect();
    let k: Vec<i64> = plan.window.iter().map(|w| w.kernel as i64).collect();
    let s: Vec<i64> = plan.window.iter().map(|w| w.stride as i64).collect();
    let d: Vec<i64> = plan.window.iter().map(|w| w.dilation as i64).collect();
    let pads: Vec<(i64, i64)> = plan.window.iter().map(|w| (w.lo, w.hi)).collect();
    let explicit: Vec<(i64, i64)> = plan
        .window
        .iter()
        .zip(&plan.explicit_hi)
        .map(|(w, &hi)| (w.lo, hi))
        .collect();
    let extra: Vec<i64> = plan
        .window
        .iter()
        .zip(&plan.explicit_hi)
        .map(|(w, &hi)| w.hi - hi)
        .collect();
    let flat =
        |p: &[(i64, i64)]| Ints::from(p.iter().flat_map(|&(a, b)| [a, b]).collect::<Vec<_>>());
    let win = |a: &Array, p: &[(i64, i64)]| {
        crate::api::im2col_with(
            a,
            Ints::from(k.clone()),
            opts::Im2col::new()
                .strides(Ints::from(s.clone()))
                .padding(flat(p))
                .dilations(Ints::from(d.clone())),
        )
    };
    let taps = Ints::from(
        (1 + dims..1 + 2 * dims)
            .map(|a| a as i64)
            .collect::<Vec<_>>(),
    );
    let mut ones_shape = vec![1usize];
    ones_shape.extend(&sp);
    ones_shape.push(1);
    let cols = win(&x, &pads)?;
    let y = match kind {
        Pool::Max => {
            let valid = win(
                &crate::api::ones_with(
                    Shape::from(ones_shape.clone()),
                    opts::Ones::new().dtype(Dtype::Bool),
                )?,
                &pads,
            )?;
            let low = if x.dtype().is_float() {
                crate::Scalar::Float(f64::NEG_INFINITY)
            } else {
                crate::Scalar::Int(crate::dtype::iinfo(x.dtype())?.min)
            };
            let low = crate::api::full_with([1usize], low, opts::Full::new().dtype(x.dtype()))?;
            let filled = crate::api::r#where(&valid, &cols, &low)?;
            crate::api::max_with(&filled, opts::Max::new().axis(taps))?
        }
        Pool::Avg {
            count_include_pad,
            divisor_override,
        } => {
            let total =
                crate::api::sum_with(&cols, opts::Sum::new().axis(taps.clone()).dtype(x.dtype()))?;
            let divisor = if let Some(v) = divisor_override {
                if v == 0.0 {
                    return Err(Error::invalid(op, "divisor_override must not be 0"));
                }
                crate::api::full_with([1usize], v, opts::Full::new().dtype(x.dtype()))?
            } else if count_include_pad {
                // Ones over the explicitly padded input; only the ceil-mode
                // extension counts as outside.
                let mut shape = vec![1usize];
                shape.extend(
                    sp.iter()
                        .zip(&explicit)
                        .map(|(&n, &(lo, hi))| n + (lo + hi) as usize),
                );
                shape.push(1);
                let ones =
                    crate::api::ones_with(Shape::from(shape), opts::Ones::new().dtype(x.dtype()))?;
                let p: Vec<(i64, i64)> = extra.iter().map(|&e| (0, e)).collect();
                crate::api::sum_with(
                    &win(&ones, &p)?,
                    opts::Sum::new().axis(taps).dtype(x.dtype()),
                )?
            } else {
                let ones = crate::api::ones_with(
                    Shape::from(ones_shape.clone()),
                    opts::Ones::new().dtype(x.dtype()),
                )?;
                crate::api::sum_with(
                    &win(&ones, &pads)?,
                    opts::Sum::new().axis(taps).dtype(x.dtype()),
                )?
            };
            crate::api::divide(&total, &divisor)?
        }
    };
    if cf { channels_first(&y) } else { Ok(y) }
}

/// The gradient of `im2col` with respect to its input: the patches summed
/// back into place by `col2im`.
pub fn im2col_vjp(
    g: &Array,
    x: &Array,
    strides: Option<&Ints>,
    padding: Option<&Ints>,
    dilations: Option<&Ints>,
    x_dilations: Option<&Ints>,
) -> Result<Array> {
    let dims = x.ndim().saturating_sub(2);
    let sp = ints(x.shape().dims()[1..1 + dims].iter().copied());
    let mut o = opts::Col2im::new();
    if let Some(v) = strides {
        o = o.strides(v.clone());
    }
    if let Some(v) = padding {
        o = o.padding(v.clone());
    }
    if let Some(v) = dilations {
        o = o.dilations(v.clone());
    }
    if let Some(v) = x_dilations {
        o = o.x_dilations(v.clone());
    }
    crate::api::col2im_with(g, sp, o)
}

/// The gradient of `col2im` with respect to its patches: `im2col` of the
/// cotangent with the same window.
pub fn col2im_vjp(
    g: &Array,
    cols: &Array,
    strides: Option<&Ints>,
    padding: Option<&Ints>,
    dilations: Option<&Ints>,
    x_dilations: Option<&Ints>,
) -> Result<Array> {
    let dims = cols.ndim().saturating_sub(2) / 2;
    let k = ints(cols.shape().dims()[1 + dims..1 + 2 * dims].iter().copied());
    let mut o = opts::Im2col::new();
    if let Some(v) = strides {
        o = o.strides(v.clone());
    }
    if let Some(v) = padding {
        o = o.padding(v.clone());
    }
    if let Some(v) = dilations {
        o = o.dilations(v.clone());
    }
    if let Some(v) = x_dilations {
        o = o.x_dilations(v.clone());
    }
    crate::api::im2col_with(g, k, o)
}

/// What a backend's `im2col` or `col2im` kernel needs to know of its
/// operands, checked: the window, the batch and channel counts, and the
/// shape of the image (`x`, `[N, *spatial, C]`).
#[derive(Debug, Clone, PartialEq)]
pub struct Im2colGeometry {
    /// One window dimension per spatial axis.
    pub window: Vec<WinDim>,
    /// `N`.
    pub batch: usize,
    /// `C`.
    pub channels: usize,
    /// The image's shape, `[N, *spatial, C]`.
    pub x_shape: Shape,
}

fn rank_error(op: &str, what: &str, shape: &Shape, need: String) -> Error {
    Error::shape(
        op,
        format!("{what} must have {need} dimensions, got {}", shape.ndim()),
        vec![shape.clone()],
    )
}

/// The geometry of `im2col` of an image of shape `x` (`[N, *spatial, C]`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// let g = ivy::layer_support::im2col_geometry("im2col", &ivy::Shape::from([2, 5, 3]), &[3], None, None, None, None)?;
/// assert_eq!((g.batch, g.channels, g.window[0].out), (2, 3, 3));
/// assert!(ivy::layer_support::im2col_geometry("im2col", &ivy::Shape::from([5, 3]), &[3], None, None, None, None).is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn im2col_geometry(
    op: &str,
    x: &Shape,
    kernel: &[i64],
    strides: Option<&[i64]>,
    padding: Option<&[i64]>,
    dilations: Option<&[i64]>,
    x_dilations: Option<&[i64]>,
) -> Result<Im2colGeometry> {
    if x.ndim() < 3 {
        return Err(rank_error(
            op,
            "x ([N, *spatial, C])",
            x,
            "at least 3".into(),
        ));
    }
    let d = x.dims();
    let window = im2col_window(
        op,
        &d[1..d.len() - 1],
        kernel,
        strides,
        padding,
        dilations,
        x_dilations,
    )?;
    Ok(Im2colGeometry {
        window,
        batch: d[0],
        channels: d[d.len() - 1],
        x_shape: x.clone(),
    })
}

/// The geometry of `col2im` of patches of shape `cols` (`[N, *out,
/// *kernel, C]`) back onto an image of spatial lengths `spatial`; the
/// window counts of `cols` must be those of the window.
///
/// ```
/// # extern crate ivy_core as ivy;
/// let g = ivy::layer_support::col2im_geometry("col2im", &ivy::Shape::from([2, 3, 3, 4]), &[5], None, None, None, None)?;
/// assert_eq!(g.x_shape, ivy::Shape::from([2, 5, 4]));
/// assert!(ivy::layer_support::col2im_geometry("col2im", &ivy::Shape::from([2, 2, 3, 4]), &[5], None, None, None, None).is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn col2im_geometry(
    op: &str,
    cols: &Shape,
    spatial: &[i64],
    strides: Option<&[i64]>,
    padding: Option<&[i64]>,
    dilations: Option<&[i64]>,
    x_dilations: Option<&[i64]>,
) -> Result<Im2colGeometry> {
    let dims = spatial.len();
    if dims == 0 || cols.ndim() != 2 * dims + 2 {
        return Err(rank_error(
            op,
            "cols ([N, *out, *kernel, C])",
            cols,
            format!("{} (2 * len(spatial) + 2)", 2 * dims + 2),
        ));
    }
    if let Some(b) = spatial.iter().find(|&&v| v < 0) {
        return Err(Error::invalid(
            op,
            format!("spatial {spatial:?}: {b} is negative"),
        ));
    }
    let d = cols.dims();
    let sp: Vec<usize> = spatial.iter().map(|&v| v as usize).collect();
    let kernel: Vec<i64> = d[1 + dims..1 + 2 * dims]
        .iter()
        .map(|&v| v as i64)
        .collect();
    let window = im2col_window(op, &sp, &kernel, strides, padding, dilations, x_dilations)?;
    let outs: Vec<usize> = window.iter().map(|w| w.out).collect();
    if outs != d[1..1 + dims] {
        return Err(Error::shape(
            op,
            format!(
                "cols has {:?} windows, but the window over {sp:?} gives {outs:?}",
                &d[1..1 + dims]
            ),
            vec![cols.clone()],
        ));
    }
    let (batch, channels) = (d[0], d[d.len() - 1]);
    let mut x_dims = vec![batch];
    x_dims.extend(&sp);
    x_dims.push(channels);
    Ok(Im2colGeometry {
        window,
        batch,
        channels,
        x_shape: Shape::from(x_dims),
    })
}

/// The geometry `im2col` and `col2im` share: the checked window over the
/// spatial lengths `spatial` (padding as a flat list of pairs).
pub fn im2col_window(
    op: &str,
    spatial: &[usize],
    kernel: &[i64],
    strides: Option<&[i64]>,
    padding: Option<&[i64]>,
    dilations: Option<&[i64]>,
    x_dilations: Option<&[i64]>,
) -> Result<Vec<WinDim>> {
    let dims = spatial.len();
    if kernel.len() != dims {
        return Err(Error::invalid(
            op,
            format!(
                "kernel_size {kernel:?} has {} values for {dims} spatial dimensions",
                kernel.len()
            ),
        ));
    }
    let s = per_dim(op, "strides", strides, dims, 1, 1)?;
    let d = per_dim(op, "dilations", dilations, dims, 1, 1)?;
    let xd = per_dim(op, "x_dilations", x_dilations, dims, 1, 1)?;
    let k: Vec<i64> = kernel.to_vec();
    if let Some(b) = k.iter().find(|&&v| v < 1) {
        return Err(Error::invalid(
            op,
            format!("kernel_size {k:?}: {b} is below 1"),
        ));
    }
    let pads: Vec<(i64, i64)> = match padding {
        None => vec![(0, 0); dims],
        Some(p) if p.len() == 2 * dims => p.chunks(2).map(|c| (c[0], c[1])).collect(),
        Some(p) => {
            return Err(Error::invalid(
                op,
                format!(
                    "padding {p:?}: expected {} integers (a (before, after) pair per spatial dimension)",
                    2 * dims
                ),
            ));
        }
    };
    window(
        op,
        spatial,
        &to_usize(&k),
        &to_usize(&s),
        &pads,
        &to_usize(&d),
        &to_usize(&xd),
    )
}

/// `lstm_update`: see its spec entry.
#[allow(clippy::too_many_arguments)]
pub fn lstm_update(
    op: &str,
    x: &Array,
    init_h: &Array,
    init_c: &Array,
    kernel: &Array,
    recurrent_kernel: &Array,
    bias: Option<&Array>,
    recurrent_bias: Option<&Array>,
    time_major: bool,
) -> Result<(Array, Array, Array)> {
    check_rank(op, "x", x, 3)?;
    let x = if time_major {
        crate::api::permute_dims(x, [1i64, 0, 2])?
    } else {
        x.clone()
    };
    let t_len = x.shape().dims()[1];
    let mut xw = crate::api::matmul(&x, kernel)?;
    if let Some(b) = bias {
        xw = crate::api::add(&xw, b)?;
    }
    let (mut h, mut c) = (init_h.clone(), init_c.clone());
    let mut hs = Vec::with_capacity(t_len);
    for t in 0..t_len {
        let xt = crate::api::get_item(
            &xw,
            crate::Index::new(vec![
                crate::IndexItem::from(..),
                crate::IndexItem::from(t as i64),
            ]),
        )?;
        let mut z = crate::api::add(&xt, &crate::api::matmul(&h, recurrent_kernel)?)?;
        if let Some(b) = recurrent_bias {
            z = crate::api::add(&z, b)?;
        }
        let parts = crate::api::split_with(
            &z,
            opts::Split::new()
                .num_or_size_splits(crate::Splits::Sections(4))
                .axis(-1),
        )?;
        let [i, f, gt, o] = <[Array; 4]>::try_from(parts)
            .map_err(|_| Error::invalid(op, "internal error: split into 4 gave another count"))?;
        let (i, f, gt, o) = (
            crate::api::sigmoid(&i)?,
            crate::api::sigmoid(&f)?,
            crate::api::tanh(&gt)?,
            crate::api::sigmoid(&o)?,
        );
        c = crate::api::add(
            &crate::api::multiply(&f, &c)?,
            &crate::api::multiply(&i, &gt)?,
        )?;
        h = crate::api::multiply(&o, &crate::api::tanh(&c)?)?;
        hs.push(h.clone());
    }
    let hidden = if hs.is_empty() {
        let mut shape = vec![x.shape().dims()[0], 0];
        shape.push(*init_h.shape().dims().last().unwrap_or(&0));
        crate::api::zeros_with(Shape::from(shape), opts::Zeros::new().dtype(x.dtype()))?
    } else {
        crate::api::stack_with(hs, opts::Stack::new().axis(1))?
    };
    let hidden = if time_major {
        crate::api::permute_dims(&hidden, [1i64, 0, 2])?
    } else {
        hidden
    };
    Ok((hidden, h, c))
}

/// `dropout`: see its spec entry.
#[allow(clippy::too_many_arguments)]
pub fn dropout(
    op: &str,
    x: &Array,
    prob: f64,
    scale: bool,
    dtype: Option<Dtype>,
    training: bool,
    seed: Option<i64>,
    noise_shape: Option<&Shape>,
) -> Result<Array> {
    if !(0.0..=1.0).contains(&prob) {
        return Err(Error::invalid(op, format!("prob {prob} is not in [0, 1]")));
    }
    let y = if !training || prob == 0.0 {
        x.clone()
    } else if prob == 1.0 {
        crate::api::zeros_like(x)?
    } else {
        let shape = match noise_shape {
            Some(s) => {
                crate::broadcast_shapes_of(op, s, x.shape())?;
                s.clone()
            }
            None => x.shape().clone(),
        };
        let mut o = opts::RandomUniform::new()
            .shape(shape)
            .dtype(Dtype::Float64);
        if let Some(s) = seed {
            o = o.seed(s);
        }
        let keep = crate::api::greater_equal(&crate::api::random_uniform_with(o)?, prob)?;
        let kept = crate::api::r#where(&keep, x, &crate::api::zeros_like(x)?)?;
        if scale {
            crate::api::multiply(&kept, 1.0 / (1.0 - prob))?
        } else {
            kept
        }
    };
    match dtype {
        Some(d) if d != y.dtype() => crate::api::astype(&y, d),
        _ => Ok(y),
    }
}

/// `dropout1d`, `dropout2d`, `dropout3d`: one draw per (sample, channel).
pub fn channel_dropout(
    op: &str,
    x: &Array,
    prob: f64,
    training: bool,
    data_format: &str,
    dims: usize,
    seed: Option<i64>,
) -> Result<Array> {
    let cf = channel_first(op, data_format)?;
    let nd = x.ndim();
    if nd != dims + 2 && nd != dims + 1 {
        return Err(Error::shape(
            op,
            format!(
                "x must have {} dimensions (or {} without the batch axis), got {nd}",
                dims + 2,
                dims + 1
            ),
            vec![x.shape().clone()],
        ));
    }
    let batched = nd == dims + 2;
    let dimsv = x.shape().dims();
    let channel_axis = match (cf, batched) {
        (true, true) => 1,
        (true, false) => 0,
        (false, _) => nd - 1,
    };
    let noise: Shape = (0..nd)
        .map(|a| {
            if a == channel_axis || (batched && a == 0) {
                dimsv[a]
            } else {
                1
            }
        })
        .collect();
    dropout(op, x, prob, true, None, training, seed, Some(&noise))
}

/// `depthwise_conv2d`: a grouped convolution with one group per channel.
pub fn depthwise_conv2d(
    x: &Array,
    filters: &Array,
    strides: &Ints,
    padding: &str,
    data_format: &str,
    dilations: Option<&Ints>,
) -> Result<Array> {
    let op = "depthwise_conv2d";
    check_rank(op, "filters", filters, 3)?;
    let f = filters.shape().dims();
    let f4 = crate::api::reshape(filters, ints([f[0], f[1], 1, f[2]]))?;
    conv_general_dilated(
        op,
        x,
        &f4,
        strides,
        padding,
        2,
        data_format,
        "channel_last",
        f[2],
        None,
        dilations,
        None,
    )
}

/// `embedding`: see its spec entry.
pub fn embedding(weights: &Array, indices: &Array, max_norm: Option<f64>) -> Result<Array> {
    let op = "embedding";
    check_rank(op, "weights", weights, 2)?;
    if !indices.dtype().is_int() {
        return Err(Error::invalid(
            op,
            format!("indices must be integers, got {}", indices.dtype()),
        ));
    }
    let rows = weights.shape().dims()[0] as i64;
    let ix = crate::api::astype(indices, Dtype::Int64)?;
    let bad = crate::api::logical_or(
        &crate::api::less(&ix, 0)?,
        &crate::api::greater_equal(&ix, rows)?,
    )?;
    if crate::api::any(&bad)?
        .to_vec::<bool>()?
        .first()
        .copied()
        .unwrap_or(false)
    {
        return Err(Error::invalid(
            op,
            format!(
                "an index is outside [0, {rows}) (weights {})",
                weights.shape()
            ),
        ));
    }
    let e = crate::api::take_with(weights, &ix, opts::Take::new().axis(0))?;
    match max_norm {
        None => Ok(e),
        Some(m) => {
            let norms =
                crate::api::vector_norm_with(&e, opts::VectorNorm::new().axis(-1).keepdims(true))?;
            let scaled = crate::api::multiply(&crate::api::divide(&e, &norms)?, m)?;
            crate::api::r#where(&crate::api::greater(&norms, m)?, &scaled, &e)
        }
    }
}

/// `scaled_dot_product_attention`: see its spec entry.
#[allow(clippy::too_many_arguments)]
pub fn attention(
    query: &Array,
    key: &Array,
    value: &Array,
    scale: Option<f64>,
    mask: Option<&Array>,
    dropout_p: f64,
    is_causal: bool,
    training: bool,
) -> Result<Array> {
    let op = "scaled_dot_product_attention";
    if query.ndim() < 2 || key.ndim() < 2 || value.ndim() < 2 {
        return Err(Error::shape(
            op,
            "query, key and value need at least 2 dimensions",
            vec![
                query.shape().clone(),
                key.shape().clone(),
                value.shape().clone(),
            ],
        ));
    }
    let d = *query.shape().dims().last().unwrap_or(&1);
    let scale = scale.unwrap_or(1.0 / (d.max(1) as f64).sqrt());
    let mut s = crate::api::multiply(
        &crate::api::matmul_with(query, key, opts::Matmul::new().transpose_b(true))?,
        scale,
    )?;
    let lowest = crate::dtype::finfo(s.dtype())?.min;
    if is_causal {
        let (l, k) = (
            s.shape().dims()[s.ndim() - 2],
            s.shape().dims()[s.ndim() - 1],
        );
        let ones = crate::api::ones_with([l, k], opts::Ones::new().dtype(Dtype::Bool))?;
        let causal = crate::api::tril(&ones)?;
        s = crate::api::r#where(&causal, &s, lowest)?;
    }
    if let Some(m) = mask {
        s = if m.dtype().is_bool() {
            crate::api::r#where(m, &s, lowest)?
        } else {
            crate::api::add(&s, m)?
        };
    }
    let mut w = crate::api::softmax(&s)?;
    if training && dropout_p > 0.0 {
        w = dropout(op, &w, dropout_p, true, None, true, None, None)?;
    }
    crate::api::matmul(&w, value)
}

/// An einsum label: a letter, or one broadcast (ellipsis) dimension,
/// numbered from the right.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Label {
    Ellipsis(usize),
    Letter(char),
}

/// One einsum term: letters with at most one `...`.
fn einsum_term(eq: &str, term: &str) -> Result<(Vec<char>, Option<usize>)> {
    let mut letters = Vec::new();
    let mut ellipsis = None;
    let mut rest = term;
    while let Some(c) = rest.chars().next() {
        if rest.starts_with("...") {
            if ellipsis.is_some() {
                return Err(Error::invalid(
                    "einsum",
                    format!("{eq:?}: more than one ... in {term:?}"),
                ));
            }
            ellipsis = Some(letters.len());
            rest = &rest[3..];
        } else if c.is_ascii_alphabetic() {
            letters.push(c);
            rest = &rest[1..];
        } else {
            return Err(Error::invalid(
                "einsum",
                format!("{eq:?}: {c:?} is not a subscript (letters and ... only)"),
            ));
        }
    }
    Ok((letters, ellipsis))
}

/// The labels of an operand of rank `ndim` for a term; `total` is the
/// number of broadcast dimensions over all operands.
fn einsum_labels(
    eq: &str,
    term: &(Vec<char>, Option<usize>),
    ndim: usize,
    total: usize,
) -> Result<Vec<Label>> {
    let (letters, ell) = term;
    let n_ell = ndim.checked_sub(letters.len()).ok_or_else(|| {
        Error::invalid(
            "einsum",
            format!(
                "{eq:?}: {} subscripts for an operand of {ndim} dimensions",
                letters.len()
            ),
        )
    })?;
    let at = match ell {
        Some(at) => *at,
        None if n_ell == 0 => letters.len(),
        None => {
            return Err(Error::invalid(
                "einsum",
                format!(
                    "{eq:?}: {} subscripts for an operand of {ndim} dimensions (and no ...)",
                    letters.len()
                ),
            ));
        }
    };
    let mut out: Vec<Label> = letters[..at].iter().map(|&c| Label::Letter(c)).collect();
    out.extend((0..n_ell).map(|j| Label::Ellipsis(total - n_ell + j)));
    out.extend(letters[at..].iter().map(|&c| Label::Letter(c)));
    Ok(out)
}

fn axes_of(labels: &[Label], pick: impl Fn(&Label) -> bool) -> Vec<i64> {
    labels
        .iter()
        .enumerate()
        .filter(|(_, l)| pick(l))
        .map(|(i, _)| i as i64)
        .collect()
}

/// Sum `x` over the axes whose label `drop` selects.
fn sum_labels(
    x: Array,
    labels: Vec<Label>,
    drop: impl Fn(&Label) -> bool,
) -> Result<(Array, Vec<Label>)> {
    let axes = axes_of(&labels, &drop);
    if axes.is_empty() {
        return Ok((x, labels));
    }
    let d = x.dtype();
    let y = crate::api::sum_with(&x, opts::Sum::new().axis(Ints::from(axes)).dtype(d))?;
    Ok((y, labels.into_iter().filter(|l| !drop(l)).collect()))
}

fn permute_to(x: &Array, labels: &[Label], order: &[Label]) -> Result<Array> {
    let perm: Vec<i64> = order
        .iter()
        .map(|l| labels.iter().position(|m| m == l).unwrap_or(0) as i64)
        .collect();
    if perm.iter().enumerate().all(|(i, &p)| i as i64 == p) {
        return Ok(x.clone());
    }
    crate::api::permute_dims(x, Ints::from(perm))
}

/// `x` broadcast so that the axes labelled in `sizes` have those lengths.
fn broadcast_labels(
    x: Array,
    labels: &[Label],
    sizes: &std::collections::BTreeMap<Label, usize>,
) -> Result<Array> {
    let target: Vec<usize> = labels
        .iter()
        .zip(x.shape().dims())
        .map(|(l, &n)| sizes.get(l).copied().unwrap_or(n))
        .collect();
    if target == x.shape().dims() {
        return Ok(x);
    }
    crate::api::broadcast_to(&x, Shape::from(target))
}

/// `einsum`: see its spec entry.
pub fn einsum(equation: &str, operands: &[Array]) -> Result<Array> {
    let op = "einsum";
    let eq: String = equation.chars().filter(|c| !c.is_whitespace()).collect();
    let (lhs, rhs) = match eq.split_once("->") {
        Some((l, r)) => (l.to_string(), Some(r.to_string())),
        None => (eq.clone(), None),
    };
    let terms: Vec<&str> = lhs.split(',').collect();
    if terms.len() != operands.len() {
        return Err(Error::invalid(
            op,
            format!(
                "{equation:?} has {} operand terms for {} operands",
                terms.len(),
                operands.len()
            ),
        ));
    }
    let parsed: Vec<(Vec<char>, Option<usize>)> = terms
        .iter()
        .map(|t| einsum_term(equation, t))
        .collect::<Result<_>>()?;
    let total = parsed
        .iter()
        .zip(operands)
        .map(|(t, x)| x.ndim().saturating_sub(t.0.len()))
        .max()
        .unwrap_or(0);
    let labels: Vec<Vec<Label>> = parsed
        .iter()
        .zip(operands)
        .map(|(t, x)| einsum_labels(equation, t, x.ndim(), total))
        .collect::<Result<_>>()?;
    // The output labels.
    let out: Vec<Label> = match &rhs {
        Some(r) => {
            let (letters, ell) = einsum_term(equation, r)?;
            let at = ell.unwrap_or(letters.len());
            let mut o: Vec<Label> = letters[..at].iter().map(|&c| Label::Letter(c)).collect();
            if ell.is_some() {
                o.extend((0..total).map(Label::Ellipsis));
            }
            o.extend(letters[at..].iter().map(|&c| Label::Letter(c)));
            for (i, l) in o.iter().enumerate() {
                if o[..i].contains(l) {
                    return Err(Error::invalid(
                        op,
                        format!("{equation:?}: an output subscript repeats"),
                    ));
                }
                if !labels.iter().any(|ls| ls.contains(l)) {
                    return Err(Error::invalid(
                        op,
                        format!("{equation:?}: output subscript {l:?} is in no operand"),
                    ));
                }
            }
            o
        }
        None => {
            let mut o: Vec<Label> = (0..total).map(Label::Ellipsis).collect();
            let mut counts: std::collections::BTreeMap<char, usize> = Default::default();
            for t in &parsed {
                for &c in &t.0 {
                    *counts.entry(c).or_default() += 1;
                }
            }
            o.extend(
                counts
                    .into_iter()
                    .filter(|&(_, n)| n == 1)
                    .map(|(c, _)| Label::Letter(c)),
            );
            o
        }
    };
    // The length of every label, checked (1 broadcasts).
    let mut sizes: std::collections::BTreeMap<Label, usize> = Default::default();
    for (ls, x) in labels.iter().zip(operands) {
        for (l, &n) in ls.iter().zip(x.shape().dims()) {
            let e = sizes.entry(*l).or_insert(n);
            if *e != n && n != 1 {
                if *e == 1 {
                    *e = n;
                } else {
                    return Err(Error::shape(
                        op,
                        format!("{equation:?}: subscript {l:?} has lengths {} and {n}", *e),
                        operands.iter().map(|x| x.shape().clone()).collect(),
                    ));
                }
            }
        }
    }
    // Each operand: diagonals for repeated labels.
    let mut items: Vec<(Array, Vec<Label>)> = Vec::with_capacity(operands.len());
    for (x, ls) in operands.iter().zip(&labels) {
        let (mut x, mut ls) = (x.clone(), ls.clone());
        while let Some((a1, a2)) =
            (0..ls.len()).find_map(|i| (i + 1..ls.len()).find(|&j| ls[j] == ls[i]).map(|j| (i, j)))
        {
            let (n1, n2) = (x.shape().dims()[a1], x.shape().dims()[a2]);
            if n1 != n2 {
                x = broadcast_labels(x, &ls, &sizes)?;
            }
            x = crate::api::diagonal_with(
                &x,
                opts::Diagonal::new().axis1(a1 as i64).axis2(a2 as i64),
            )?;
            let l = ls[a1];
            ls.remove(a2);
            ls.remove(a1);
            ls.push(l);
        }
        items.push((x, ls));
    }
    // Combine left to right, summing labels no longer needed as early as possible.
    let needed_after = |k: usize, items: &[(Array, Vec<Label>)], l: &Label| {
        out.contains(l) || items[k + 1..].iter().any(|(_, ls)| ls.contains(l))
    };
    let mut iter = items.clone().into_iter().enumerate();
    let (_, (x0, l0)) = iter
        .next()
        .ok_or_else(|| Error::invalid(op, "einsum needs at least one operand"))?;
    let (mut acc, mut la) = sum_labels(x0, l0, |l| {
        !needed_after(0, &items, l) && !items[1..].iter().any(|(_, ls)| ls.contains(l))
    })?;
    for (k, (b, lb)) in iter {
        let keep = |l: &Label| needed_after(k, &items, l);
        // Labels only in one side and needed nowhere else go first.
        let (a, la2) = sum_labels(acc, la, |l| !keep(l) && !lb.contains(l))?;
        let (b, lb) = sum_labels(b, lb, |l| !keep(l) && !la2.contains(l))?;
        let batch: Vec<Label> = la2
            .iter()
            .filter(|l| lb.contains(l) && keep(l))
            .copied()
            .collect();
        let contract: Vec<Label> = la2
            .iter()
            .filter(|l| lb.contains(l) && !keep(l))
            .copied()
            .collect();
        let a_only: Vec<Label> = la2.iter().filter(|l| !lb.contains(l)).copied().collect();
        let b_only: Vec<Label> = lb.iter().filter(|l| !la2.contains(l)).copied().collect();
        let a = broadcast_labels(a, &la2, &sizes)?;
        let b = broadcast_labels(b, &lb, &sizes)?;
        let ord_a: Vec<Label> = batch
            .iter()
            .chain(&a_only)
            .chain(&contract)
            .copied()
            .collect();
        let ord_b: Vec<Label> = batch
            .iter()
            .chain(&contract)
            .chain(&b_only)
            .copied()
            .collect();
        let a = permute_to(&a, &la2, &ord_a)?;
        let b = permute_to(&b, &lb, &ord_b)?;
        let prod = |ls: &[Label]| ls.iter().map(|l| sizes[l]).product::<usize>();
        let (nb, m, kk, n) = (prod(&batch), prod(&a_only), prod(&contract), prod(&b_only));
        let a = crate::api::reshape(&a, ints([nb, m, kk]))?;
        let b = crate::api::reshape(&b, ints([nb, kk, n]))?;
        let y = crate::api::matmul(&a, &b)?;
        let dims: Vec<usize> = batch
            .iter()
            .chain(&a_only)
            .chain(&b_only)
            .map(|l| sizes[l])
            .collect();
        acc = crate::api::reshape(&y, ints(dims))?;
        la = batch
            .iter()
            .chain(&a_only)
            .chain(&b_only)
            .copied()
            .collect();
    }
    let (acc, la) = sum_labels(acc, la, |l| !out.contains(l))?;
    let acc = broadcast_labels(acc, &la, &sizes)?;
    let y = permute_to(&acc, &la, &out)?;
    Ok(y)
}

/// `x @ w^T + b`.
fn project(x: &Array, w: Option<&Array>, b: Option<&Array>) -> Result<Array> {
    let y = match w {
        Some(w) => crate::api::matmul_with(x, w, opts::Matmul::new().transpose_b(true))?,
        None => x.clone(),
    };
    match b {
        Some(b) => crate::api::add(&y, b),
        None => Ok(y),
    }
}

fn thirds(op: &str, what: &str, a: &Array) -> Result<[Array; 3]> {
    let parts = crate::api::split_with(
        a,
        opts::Split::new()
            .num_or_size_splits(crate::Splits::Sections(3))
            .axis(0),
    )?;
    <[Array; 3]>::try_from(parts)
        .map_err(|_| Error::invalid(op, format!("{what} does not split into 3 parts")))
}

/// The weights of `multi_head_attention`'s projections.
#[derive(Debug, Clone, Copy, Default)]
pub struct Projections<'a> {
    /// `[3 e, e]`: the query, key and value projections stacked.
    pub in_proj_weights: Option<&'a Array>,
    /// `[e_q, e]`.
    pub q_proj_weights: Option<&'a Array>,
    /// `[e_k, e]`.
    pub k_proj_weights: Option<&'a Array>,
    /// `[e_v, e]`.
    pub v_proj_weights: Option<&'a Array>,
    /// `[e_out, h * d_v]`.
    pub out_proj_weights: Option<&'a Array>,
    /// `[3 e]`.
    pub in_proj_bias: Option<&'a Array>,
    /// `[e_out]`.
    pub out_proj_bias: Option<&'a Array>,
}

impl<'a> Projections<'a> {
    /// The key chains of a weights container, one per projection (the
    /// names of the fields and of the array parameters).
    pub const KEY_CHAINS: [&'static str; 7] = [
        "in_proj_weights",
        "q_proj_weights",
        "k_proj_weights",
        "v_proj_weights",
        "out_proj_weights",
        "in_proj_bias",
        "out_proj_bias",
    ];

    fn slot(&mut self, key: &str) -> Option<&mut Option<&'a Array>> {
        Some(match key {
            "in_proj_weights" => &mut self.in_proj_weights,
            "q_proj_weights" => &mut self.q_proj_weights,
            "k_proj_weights" => &mut self.k_proj_weights,
            "v_proj_weights" => &mut self.v_proj_weights,
            "out_proj_weights" => &mut self.out_proj_weights,
            "in_proj_bias" => &mut self.in_proj_bias,
            "out_proj_bias" => &mut self.out_proj_bias,
            _ => return None,
        })
    }

    /// Each projection of the right rank: the weights 2-D (`[out, in]`),
    /// the biases 1-D; else an [`Error::Shape`] for `op` naming it.
    fn check_ranks(&self, op: &str) -> Result<()> {
        let all = [
            ("in_proj_weights", self.in_proj_weights, 2),
            ("q_proj_weights", self.q_proj_weights, 2),
            ("k_proj_weights", self.k_proj_weights, 2),
            ("v_proj_weights", self.v_proj_weights, 2),
            ("out_proj_weights", self.out_proj_weights, 2),
            ("in_proj_bias", self.in_proj_bias, 1),
            ("out_proj_bias", self.out_proj_bias, 1),
        ];
        for (name, a, rank) in all {
            if let Some(a) = a
                && a.ndim() != rank
            {
                return Err(Error::shape(
                    op,
                    format!(
                        "{name} must have {rank} dimension{}",
                        if rank == 1 { "" } else { "s" }
                    ),
                    vec![a.shape().clone()],
                ));
            }
        }
        Ok(())
    }

    /// These projections with those of `weights` (a container whose key
    /// chains are among [`KEY_CHAINS`](Self::KEY_CHAINS), each a leaf) added.
    /// A projection given both ways, an unknown key chain (the valid ones
    /// listed) or a sub-container where a leaf is needed is an
    /// [`Error::KeyChain`] for `op`.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::layer_support::Projections;
    /// let w = ivy::array![[1.0]];
    /// let c = ivy::container! { q_proj_weights: w.clone() };
    /// let p = Projections::default().with_container("mha", Some(&c))?;
    /// assert!(p.q_proj_weights.is_some() && p.k_proj_weights.is_none());
    /// let given = Projections { q_proj_weights: Some(&w), ..Default::default() };
    /// assert!(given.with_container("mha", Some(&c)).is_err());
    /// let bad = ivy::container! { q_proj: w.clone() };
    /// assert!(Projections::default().with_container("mha", Some(&bad)).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn with_container(
        mut self,
        op: &str,
        weights: Option<&'a crate::Container>,
    ) -> Result<Projections<'a>> {
        let Some(weights) = weights else {
            return Ok(self);
        };
        for (key, entry) in weights.iter() {
            let error = |message: String| Error::KeyChain {
                op: op.to_string(),
                key_chain: key.to_string(),
                message,
            };
            let Some(slot) = self.slot(key) else {
                return Err(error(format!(
                    "not a projection of the weights container; the valid key chains are {}",
                    Self::KEY_CHAINS.join(", ")
                )));
            };
            let crate::EntryRef::Leaf(a) = entry else {
                return Err(error(
                    "is a sub-container; a projection is a leaf (an array)".to_string(),
                ));
            };
            if slot.is_some() {
                return Err(error(format!(
                    "the projection is given twice: as the argument `{key}` and in the weights container"
                )));
            }
            *slot = Some(a);
        }
        Ok(self)
    }
}

/// The keys and values `multi_head_attention` adds to or puts in place of
/// the projected ones.
#[derive(Debug, Clone, Copy, Default)]
pub struct ExtraKeys<'a> {
    /// `[e_k]` (or `[1, 1, e_k]`): one more key per batch, after the
    /// projection (with `bias_v`).
    pub bias_k: Option<&'a Array>,
    /// `[e_v]` (or `[1, 1, e_v]`): its value (with `bias_k`).
    pub bias_v: Option<&'a Array>,
    /// `[batch * heads, S', head size]`: the keys split into heads, used
    /// instead of the projected `key`.
    pub static_k: Option<&'a Array>,
    /// `[batch * heads, S', head size of v]`: likewise the values.
    pub static_v: Option<&'a Array>,
    /// A key and a value of zeros appended to each head.
    pub add_zero_attn: bool,
}

/// `k` (`[b, S, e]`) with the row `bias` (of `e` elements) appended to the
/// sequence of every batch.
fn append_row(op: &str, what: &str, k: &Array, bias: &Array) -> Result<Array> {
    let d = k.shape().dims();
    let (b, e) = (d[0], d[2]);
    if bias.size() != e || bias.ndim() > 3 {
        return Err(Error::shape(
            op,
            format!("{what} must hold one row of {e} values ([{e}] or [1, 1, {e}])"),
            vec![bias.shape().clone(), k.shape().clone()],
        ));
    }
    let row = crate::api::reshape(bias, ints([1, 1, e]))?;
    let row = crate::api::broadcast_to(&row, [b, 1, e])?;
    crate::api::concat_with([k, &row], opts::Concat::new().axis(1))
}

/// The keys or values of `static_k` / `static_v` (`[b h, S', d]`) as
/// `[b, h, S', d]`.
fn static_heads(op: &str, what: &str, a: &Array, b: usize, h: usize) -> Result<Array> {
    let d = a.shape().dims();
    if a.ndim() != 3 || d[0] != b * h {
        return Err(Error::shape(
            op,
            format!(
                "{what} must be [batch * num_heads = {}, length, head size]",
                b * h
            ),
            vec![a.shape().clone()],
        ));
    }
    crate::api::reshape(a, ints([b, h, d[1], d[2]]))
}

/// A mask over `base` keys widened to `base + extra` (the keys
/// `multi_head_attention` appended): boolean masks get `fill`, others 0.
/// A mask whose last axis is not `base` long (one that broadcasts) is
/// left as it is.
fn widen_mask(m: &Array, base: usize, extra: usize, fill: bool) -> Result<Array> {
    let dims = m.shape().dims();
    if extra == 0 || dims.last() != Some(&base) {
        return Ok(m.clone());
    }
    let mut pad = dims.to_vec();
    if let Some(last) = pad.last_mut() {
        *last = extra;
    }
    let pad = if m.dtype().is_bool() && fill {
        crate::api::ones_with(pad, opts::Ones::new().dtype(Dtype::Bool))?
    } else {
        crate::api::zeros_with(pad, opts::Zeros::new().dtype(m.dtype()))?
    };
    crate::api::concat_with([m, &pad], opts::Concat::new().axis(-1))
}

/// `multi_head_attention`: see its spec entry.
#[allow(clippy::too_many_arguments)]
pub fn multi_head_attention(
    query: &Array,
    key: Option<&Array>,
    value: Option<&Array>,
    batch_first: bool,
    num_heads: usize,
    scale: Option<f64>,
    attention_mask: Option<&Array>,
    p: Projections<'_>,
    is_causal: bool,
    key_padding_mask: Option<&Array>,
    extra_keys: ExtraKeys<'_>,
    average_attention_weights: bool,
    dropout_p: f64,
    training: bool,
) -> Result<(Array, Array)> {
    let op = "multi_head_attention";
    p.check_ranks(op)?;
    let key = key.unwrap_or(query);
    let value = value.unwrap_or(key);
    let nd = query.ndim();
    if !(nd == 2 || nd == 3) || key.ndim() != nd || value.ndim() != nd {
        return Err(Error::shape(
            op,
            "query, key and value must all be [batch, length, embedding] (or unbatched [length, embedding])",
            vec![
                query.shape().clone(),
                key.shape().clone(),
                value.shape().clone(),
            ],
        ));
    }
    if num_heads == 0 {
        return Err(Error::invalid(op, "num_heads must be at least 1"));
    }
    let batched = nd == 3;
    let prep = |a: &Array| -> Result<Array> {
        if !batched {
            crate::api::expand_dims(a)
        } else if batch_first {
            Ok(a.clone())
        } else {
            crate::api::permute_dims(a, [1i64, 0, 2])
        }
    };
    let (q, k, v) = (prep(query)?, prep(key)?, prep(value)?);
    let (bq, bk, bv) = match p.in_proj_bias {
        Some(b) => {
            let [a, b2, c] = thirds(op, "in_proj_bias", b)?;
            (Some(a), Some(b2), Some(c))
        }
        None => (None, None, None),
    };
    let (q, k, v) = if let Some(w) = p.in_proj_weights {
        let [wq, wk, wv] = thirds(op, "in_proj_weights", w)?;
        (
            project(&q, Some(&wq), bq.as_ref())?,
            project(&k, Some(&wk), bk.as_ref())?,
            project(&v, Some(&wv), bv.as_ref())?,
        )
    } else {
        (
            project(&q, p.q_proj_weights, bq.as_ref())?,
            project(&k, p.k_proj_weights, bk.as_ref())?,
            project(&v, p.v_proj_weights, bv.as_ref())?,
        )
    };
    let heads = |a: &Array| -> Result<Array> {
        let d = a.shape().dims();
        let (b, l, e) = (d[0], d[1], d[2]);
        if e % num_heads != 0 {
            return Err(Error::shape(
                op,
                format!("an embedding of {e} does not split into {num_heads} heads"),
                vec![a.shape().clone()],
            ));
        }
        let r = crate::api::reshape(a, ints([b, l, num_heads, e / num_heads]))?;
        crate::api::permute_dims(&r, [0i64, 2, 1, 3])
    };
    let x = extra_keys;
    let (mut k, mut v) = (k, v);
    let mut extra = 0;
    match (x.bias_k, x.bias_v) {
        (None, None) => {}
        (Some(bk), Some(bv)) => {
            if x.static_k.is_some() || x.static_v.is_some() {
                return Err(Error::invalid(
                    op,
                    "bias_k and bias_v cannot be added to static_k or static_v",
                ));
            }
            k = append_row(op, "bias_k", &k, bk)?;
            v = append_row(op, "bias_v", &v, bv)?;
            extra += 1;
        }
        _ => {
            return Err(Error::invalid(
                op,
                "bias_k and bias_v must be given together",
            ));
        }
    }
    let batches = q.shape().dims()[0];
    let q = heads(&q)?;
    let mut k = match x.static_k {
        Some(sk) => static_heads(op, "static_k", sk, batches, num_heads)?,
        None => heads(&k)?,
    };
    let mut v = match x.static_v {
        Some(sv) => static_heads(op, "static_v", sv, batches, num_heads)?,
        None => heads(&v)?,
    };
    if x.add_zero_attn {
        let zeros = |a: &Array| -> Result<Array> {
            let mut d = a.shape().dims().to_vec();
            d[2] = 1;
            let z = crate::api::zeros_with(d, opts::Zeros::new().dtype(a.dtype()))?;
            crate::api::concat_with([a, &z], opts::Concat::new().axis(2))
        };
        k = zeros(&k)?;
        v = zeros(&v)?;
        extra += 1;
    }
    let (kd, vd) = (k.shape().dims(), v.shape().dims());
    if kd[2] != vd[2] || kd[3] != q.shape().dims()[3] {
        return Err(Error::shape(
            op,
            "the keys and values (after bias_k / bias_v, static_k / static_v) must be as many, and the keys' head size that of the queries",
            vec![q.shape().clone(), k.shape().clone(), v.shape().clone()],
        ));
    }
    let d = q.shape().dims()[3];
    let scale = scale.unwrap_or(1.0 / (d.max(1) as f64).sqrt());
    let mut s = crate::api::multiply(
        &crate::api::matmul_with(&q, &k, opts::Matmul::new().transpose_b(true))?,
        scale,
    )?;
    let lowest = crate::dtype::finfo(s.dtype())?.min;
    let (l, sl) = (s.shape().dims()[2], s.shape().dims()[3]);
    // The masks cover the keys given; the appended ones are kept.
    let base = sl - extra;
    if is_causal {
        let ones = crate::api::ones_with([l, base], opts::Ones::new().dtype(Dtype::Bool))?;
        let causal = widen_mask(&crate::api::tril(&ones)?, base, extra, true)?;
        s = crate::api::r#where(&causal, &s, lowest)?;
    }
    if let Some(m) = attention_mask {
        let m = widen_mask(m, base, extra, true)?;
        s = if m.dtype().is_bool() {
            crate::api::r#where(&m, &s, lowest)?
        } else {
            crate::api::add(&s, &m)?
        };
    }
    if let Some(m) = key_padding_mask {
        let m = if batched {
            m.clone()
        } else {
            crate::api::expand_dims(m)?
        };
        let m = widen_mask(&m, base, extra, false)?;
        let b = s.shape().dims()[0];
        let m = crate::api::reshape(&m, ints([b, 1, 1, sl]))?;
        let ignore = if m.dtype().is_bool() {
            m
        } else {
            crate::api::not_equal(&m, 0)?
        };
        s = crate::api::r#where(&ignore, lowest, &s)?;
    }
    let mut w = crate::api::softmax(&s)?;
    let weights = if average_attention_weights {
        crate::api::mean_with(&w, opts::Mean::new().axis(1))?
    } else {
        w.clone()
    };
    if training && dropout_p > 0.0 {
        w = dropout(op, &w, dropout_p, true, None, true, None, None)?;
    }
    let o = crate::api::matmul(&w, &v)?;
    let o = crate::api::permute_dims(&o, [0i64, 2, 1, 3])?;
    let od = o.shape().dims().to_vec();
    let o = crate::api::reshape(&o, ints([od[0], od[1], od[2] * od[3]]))?;
    let o = project(&o, p.out_proj_weights, p.out_proj_bias)?;
    let (o, weights) = if !batched {
        (
            crate::api::squeeze_with(&o, opts::Squeeze::new().axis(0))?,
            crate::api::squeeze_with(&weights, opts::Squeeze::new().axis(0))?,
        )
    } else if batch_first {
        (o, weights)
    } else {
        (crate::api::permute_dims(&o, [1i64, 0, 2])?, weights)
    };
    Ok((o, weights))
}

/// The adaptive pools: output length `out` per spatial dimension; window
/// `i` of an input of length `n` covers `floor(i n / out)` to `ceil((i + 1)
/// n / out)`, as PyTorch. Both reductions are separable, so they run one
/// spatial axis at a time: a matrix product by the averaging matrix, or a
/// max per window.
pub fn adaptive_pool(
    op: &str,
    x: &Array,
    output_size: &Ints,
    dims: usize,
    data_format: &str,
    max: bool,
) -> Result<Array> {
    let cf = channel_first(op, data_format)?;
    let batched = x.ndim() == dims + 2;
    if !batched && x.ndim() != dims + 1 {
        return Err(Error::shape(
            op,
            format!(
                "x must have {} dimensions (or {} without the batch axis), got {}",
                dims + 2,
                dims + 1,
                x.ndim()
            ),
            vec![x.shape().clone()],
        ));
    }
    let x = if batched {
        x.clone()
    } else {
        crate::api::expand_dims(x)?
    };
    let x = if cf { channels_last(&x)? } else { x };
    let out = per_dim(op, "output_size", Some(output_size.as_slice()), dims, 1, 1)?;
    let mut y = x;
    for (a, &o) in out.iter().enumerate() {
        let axis = a + 1;
        let n = y.shape().dims()[axis];
        let o = o as usize;
        if n == 0 {
            return Err(Error::shape(
                op,
                format!("spatial dimension {a} is empty"),
                vec![y.shape().clone()],
            ));
        }
        let bounds: Vec<(usize, usize)> = (0..o)
            .map(|i| (i * n / o, ((i + 1) * n).div_ceil(o)))
            .collect();
        y = if max {
            let mut parts = Vec::with_capacity(o);
            for &(s, e) in &bounds {
                let mut items = vec![crate::IndexItem::from(..); axis];
                items.push(crate::IndexItem::from(s as i64..e as i64));
                let w = crate::api::get_item(&y, crate::Index::new(items))?;
                parts.push(crate::api::max_with(
                    &w,
                    opts::Max::new().axis(axis as i64).keepdims(true),
                )?);
            }
            crate::api::concat_with(parts, opts::Concat::new().axis(Some(axis as i64)))?
        } else {
            let mut m = vec![0.0f64; n * o];
            for (i, &(s, e)) in bounds.iter().enumerate() {
                for j in s..e {
                    m[j * o + i] = 1.0 / (e - s) as f64;
                }
            }
            let m = crate::api::astype(&Array::from_shape_vec([n, o], m)?, y.dtype())?;
            let last = y.ndim() as i64 - 1;
            let t = crate::api::moveaxis(&y, axis as i64, last)?;
            crate::api::moveaxis(&crate::api::matmul(&t, &m)?, last, axis as i64)?
        };
    }
    let y = if cf { channels_first(&y)? } else { y };
    if batched {
        Ok(y)
    } else {
        crate::api::squeeze_with(&y, opts::Squeeze::new().axis(0))
    }
}
