//! Kernels of the sorting ops.
//!
//! The order is NumPy's: numbers ascending with NaN after every number, so
//! NaN comes last in an ascending sort and first in a descending one (NaN is
//! the largest value, as in `max`). Both sorts are stable in either
//! direction: equal elements keep their order (`-0.0` and `0.0` are equal),
//! so `stable = false` gives the same answer. Both sort integer keys of the
//! elements ([`Real::key`]).

use crate::NdarrayBackend;
use crate::host::{self, ordered};
use crate::parallel::PAR_MIN;
use crate::reduce::{self, Real};
use ivy::kernels::SortingKernels;
use ivy::{Array, Result};

/// Sort `lane` by its keys (`keys` is scratch space): an unstable sort of
/// integers, made stable by putting back the elements the keys do not tell
/// apart (the signs of zeros, NaN payloads) in their original order.
fn sort_lane<T: Real>(lane: &mut [T], keys: &mut Vec<T::Key>, descending: bool) {
    keys.clear();
    keys.extend(lane.iter().map(|v| v.key()));
    if descending {
        keys.sort_unstable_by(|a, b| b.cmp(a));
    } else {
        keys.sort_unstable();
    }
    let zero = T::default().key();
    let (zeros, nans): (Vec<T>, Vec<T>) = if T::DTYPE.is_float() {
        (
            lane.iter()
                .copied()
                .filter(|v| !v.nan() && v.key() == zero)
                .collect(),
            lane.iter().copied().filter(|v| v.nan()).collect(),
        )
    } else {
        (Vec::new(), Vec::new())
    };
    lane.iter_mut()
        .zip(keys.iter())
        .for_each(|(o, &k)| *o = T::from_key(k));
    if zeros.is_empty() && nans.is_empty() {
        return;
    }
    let (mut zeros, mut nans) = (zeros.into_iter(), nans.into_iter());
    for o in lane.iter_mut() {
        let next = if o.nan() {
            nans.next()
        } else if o.key() == zero {
            zeros.next()
        } else {
            None
        };
        if let Some(v) = next {
            *o = v;
        }
    }
}

/// `x` sorted along `axis`, lane by lane: contiguous lanes in place in a
/// copy of the data, strided ones through a buffer; blocks of lanes in
/// parallel when the array is large (each lane's sort is the same).
fn sort_typed<T: Real>(x: &Array, axis: usize, descending: bool) -> Result<Array> {
    let s = host::slice::<T>("sort", x)?;
    let (_, n, inner) = reduce::around("sort", x.shape(), axis)?;
    let mut out = s.to_vec();
    if n == 0 || inner == 0 {
        return Ok(host::out_vec(x.shape().clone(), out));
    }
    let block = n * inner;
    let sort_block = |part: &mut [T]| {
        let mut keys = Vec::with_capacity(n);
        if inner == 1 {
            part.chunks_exact_mut(n)
                .for_each(|lane| sort_lane(lane, &mut keys, descending));
            return;
        }
        let mut buf = Vec::with_capacity(n);
        for b in part.chunks_exact_mut(block) {
            for j in 0..inner {
                buf.clear();
                buf.extend(b.iter().skip(j).step_by(inner).copied());
                sort_lane(&mut buf, &mut keys, descending);
                b.iter_mut()
                    .skip(j)
                    .step_by(inner)
                    .zip(&buf)
                    .for_each(|(o, &v)| *o = v);
            }
        }
    };
    if out.len() < PAR_MIN {
        sort_block(&mut out);
    } else {
        // Blocks of lanes small enough to share out (a sort costs more per
        // element than a pass, so tasks are smaller).
        let k = (SORT_TASK / block).max(1);
        ivy::parallel::fill_chunks(&mut out, k * block, |_, part| sort_block(part));
    }
    Ok(host::out_vec(x.shape().clone(), out))
}

/// The least elements sorted by one parallel task.
const SORT_TASK: usize = 1 << 12;

/// The `int64` indices that sort `x` along `axis`, ties by index: pairs of
/// (sort key, index) sorted lane by lane, blocks of lanes in parallel when
/// the array is large.
fn argsort_typed<T: Real>(x: &Array, axis: usize, descending: bool) -> Result<Array> {
    let s = host::slice::<T>("argsort", x)?;
    let (_, n, inner) = reduce::around("argsort", x.shape(), axis)?;
    let mut out = vec![0i64; s.len()];
    if n == 0 || inner == 0 {
        return Ok(host::out_vec(x.shape().clone(), out));
    }
    let block = n * inner;
    let sort_block = |src: &[T], dst: &mut [i64]| {
        let mut pairs: Vec<(T::Key, i64)> = Vec::with_capacity(n);
        for (sb, db) in src.chunks_exact(block).zip(dst.chunks_exact_mut(block)) {
            for j in 0..inner {
                pairs.clear();
                pairs.extend(
                    sb.iter()
                        .skip(j)
                        .step_by(inner)
                        .zip(0i64..)
                        .map(|(&e, i)| (e.key(), i)),
                );
                if descending {
                    pairs.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
                } else {
                    pairs.sort_unstable();
                }
                db.iter_mut()
                    .skip(j)
                    .step_by(inner)
                    .zip(&pairs)
                    .for_each(|(o, p)| *o = p.1);
            }
        }
    };
    if s.len() < PAR_MIN {
        sort_block(s, &mut out);
    } else {
        let k = (SORT_TASK / block).max(1);
        ivy::parallel::fill_chunks(&mut out, k * block, |offset, part| {
            if let Some(src) = s.get(offset..offset + part.len()) {
                sort_block(src, part);
            }
        });
    }
    Ok(host::out_vec(x.shape().clone(), out))
}

#[ivy::kernels]
impl SortingKernels for NdarrayBackend {
    fn sort(&self, x: &Array, axis: usize, descending: bool, stable: bool) -> Result<Array> {
        let _ = stable;
        ordered!("sort", x, T => sort_typed::<T>(x, axis, descending))
    }

    fn argsort(&self, x: &Array, axis: usize, descending: bool, stable: bool) -> Result<Array> {
        let _ = stable;
        ordered!("argsort", x, T => argsort_typed::<T>(x, axis, descending))
    }
}

#[cfg(test)]
mod tests {
    use crate::reduce::testing::{arr, f64s};
    use ivy::opts::{Argsort, Sort};
    use ivy::{Array, Complex32, Dtype, Result, f16};

    fn nan_row() -> Array {
        arr(&[5], vec![3.0f64, f64::NAN, 1.0, f64::NAN, 2.0])
    }

    #[test]
    fn sorts_ascending_and_descending() -> Result<()> {
        let x = arr(&[3], vec![3i32, 1, 2]);
        assert_eq!(ivy::sort(&x)?.to_vec::<i32>()?, vec![1, 2, 3]);
        assert_eq!(
            ivy::sort_with(&x, Sort::new().descending(true))?.to_vec::<i32>()?,
            vec![3, 2, 1]
        );
        let i = arr(&[4], vec![i64::MAX, -5, i64::MIN, 0]);
        assert_eq!(
            ivy::sort(&i)?.to_vec::<i64>()?,
            vec![i64::MIN, -5, 0, i64::MAX]
        );
        let u = arr(&[3], vec![255u8, 0, 128]);
        assert_eq!(
            ivy::sort_with(&u, Sort::new().descending(true))?.to_vec::<u8>()?,
            vec![255, 128, 0]
        );
        let b = arr(&[3], vec![true, false, true]);
        assert_eq!(ivy::sort(&b)?.to_vec::<bool>()?, vec![false, true, true]);
        let h = arr(
            &[3],
            vec![f16::INFINITY, f16::from_f32(-0.5), f16::NEG_INFINITY],
        );
        assert_eq!(
            ivy::sort(&h)?.to_vec::<f16>()?,
            vec![f16::NEG_INFINITY, f16::from_f32(-0.5), f16::INFINITY]
        );
        Ok(())
    }

    #[test]
    fn nan_is_the_largest() -> Result<()> {
        let n = f64::NAN;
        let x = nan_row();
        assert_eq!(
            f64s(&ivy::sort(&x)?)
                .iter()
                .map(|v| v.to_bits())
                .collect::<Vec<_>>(),
            [1.0, 2.0, 3.0, n, n].map(f64::to_bits)
        );
        let d = ivy::sort_with(&x, Sort::new().descending(true))?;
        assert_eq!(
            f64s(&d).iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
            [n, n, 3.0, 2.0, 1.0].map(f64::to_bits)
        );
        assert_eq!(ivy::argsort(&x)?.to_vec::<i64>()?, vec![2, 4, 0, 1, 3]);
        assert_eq!(
            ivy::argsort_with(&x, Argsort::new().descending(true))?.to_vec::<i64>()?,
            vec![1, 3, 0, 4, 2]
        );
        let h = arr(&[3], vec![f16::NAN, f16::ONE, f16::ZERO]);
        assert_eq!(ivy::argsort(&h)?.to_vec::<i64>()?, vec![2, 1, 0]);
        Ok(())
    }

    #[test]
    fn sorts_are_stable_both_ways() -> Result<()> {
        let x = arr(&[4], vec![2u16, 1, 2, 1]);
        let a = ivy::argsort(&x)?;
        assert_eq!(
            (a.dtype(), a.to_vec::<i64>()?),
            (Dtype::Int64, vec![1, 3, 0, 2])
        );
        assert_eq!(
            ivy::argsort_with(&x, Argsort::new().descending(true))?.to_vec::<i64>()?,
            vec![0, 2, 1, 3]
        );
        assert_eq!(
            ivy::argsort_with(&x, Argsort::new().stable(false))?.to_vec::<i64>()?,
            vec![1, 3, 0, 2]
        );
        // 0.0 and -0.0 are equal: their order is kept.
        let z = arr(&[3], vec![0.0f32, -0.0, -1.0]);
        let s = ivy::sort(&z)?.to_vec::<f32>()?;
        assert_eq!(
            s.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
            [-1.0f32, 0.0, -0.0].map(f32::to_bits)
        );
        let s = ivy::sort_with(&z, Sort::new().descending(true))?.to_vec::<f32>()?;
        assert_eq!(
            s.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
            [0.0f32, -0.0, -1.0].map(f32::to_bits)
        );
        Ok(())
    }

    #[test]
    fn zeros_and_nans_keep_their_order_and_bits() -> Result<()> {
        let nan1 = f64::from_bits(0x7ff8_0000_0000_0001);
        let nan2 = -f64::from_bits(0x7ff8_0000_0000_0002);
        let v = vec![-0.0f64, 0.0, nan1, -0.0, nan2, 1.0];
        let bits = |a: &Array| {
            a.to_vec::<f64>()
                .map(|v| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>())
        };
        let want = |w: [f64; 6]| w.map(f64::to_bits).to_vec();
        let x = arr(&[6], v.clone());
        assert_eq!(
            bits(&ivy::sort(&x)?)?,
            want([-0.0, 0.0, -0.0, 1.0, nan1, nan2])
        );
        let d = ivy::sort_with(&x, Sort::new().descending(true))?;
        assert_eq!(bits(&d)?, want([nan1, nan2, 1.0, -0.0, 0.0, -0.0]));
        // The same along a strided axis.
        let col = arr(&[6, 1], v);
        let s = ivy::sort_with(&col, Sort::new().axis(0))?;
        assert_eq!(bits(&s)?, want([-0.0, 0.0, -0.0, 1.0, nan1, nan2]));
        assert_eq!(ivy::argsort(&x)?.to_vec::<i64>()?, vec![0, 1, 3, 5, 2, 4]);
        Ok(())
    }

    #[test]
    fn sorts_along_any_axis() -> Result<()> {
        // [[3, 1], [2, 4], [1, 0]]
        let x = arr(&[3, 2], vec![3i32, 1, 2, 4, 1, 0]);
        assert_eq!(
            ivy::sort_with(&x, Sort::new().axis(0))?,
            arr(&[3, 2], vec![1i32, 0, 2, 1, 3, 4])
        );
        assert_eq!(ivy::sort(&x)?, arr(&[3, 2], vec![1i32, 3, 2, 4, 0, 1]));
        assert_eq!(
            ivy::argsort_with(&x, Argsort::new().axis(0))?,
            arr(&[3, 2], vec![2i64, 2, 1, 0, 0, 1])
        );
        assert_eq!(ivy::argsort(&x)?, arr(&[3, 2], vec![1i64, 0, 0, 1, 1, 0]));
        let d = ivy::sort_with(&x, Sort::new().axis(-2).descending(true))?;
        assert_eq!(d, arr(&[3, 2], vec![3i32, 4, 2, 1, 1, 0]));
        // (2, 2, 2) along the middle axis.
        let c = arr(&[2, 2, 2], vec![4.0f32, 1.0, 3.0, 2.0, 0.0, 9.0, -1.0, 8.0]);
        let s = ivy::sort_with(&c, Sort::new().axis(1))?;
        assert_eq!(
            s.to_vec::<f32>()?,
            vec![3.0, 1.0, 4.0, 2.0, -1.0, 8.0, 0.0, 9.0]
        );
        let a = ivy::argsort_with(&c, Argsort::new().axis(1))?;
        assert_eq!(a.to_vec::<i64>()?, vec![1, 0, 0, 1, 1, 1, 0, 0]);
        Ok(())
    }

    #[test]
    fn empty_zero_d_and_wrong_dtypes() -> Result<()> {
        assert_eq!(
            ivy::sort(&arr(&[0], Vec::<f32>::new()))?.shape().dims(),
            &[0]
        );
        assert_eq!(
            ivy::argsort_with(&arr(&[2, 0], Vec::<i8>::new()), Argsort::new().axis(0))?
                .shape()
                .dims(),
            &[2, 0]
        );
        assert_eq!(
            ivy::sort_with(&arr(&[0, 2], Vec::<i8>::new()), Sort::new().axis(0))?
                .shape()
                .dims(),
            &[0, 2]
        );
        assert!(ivy::sort(&Array::scalar(1.0f32)).is_err());
        assert!(ivy::argsort(&arr(&[1], vec![Complex32::new(1.0, 0.0)])).is_err());
        assert!(ivy::sort_with(&arr(&[2], vec![1i32, 2]), Sort::new().axis(1)).is_err());
        Ok(())
    }
}
