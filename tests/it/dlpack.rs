//! DLPack interchange: `ivy::from_dlpack` reads tensors of any layout a
//! producer may hand over (row-major, transposed, negative strides, an
//! offset), refuses device memory and dtypes ivy lacks with an error,
//! `ivy::from_dlpack_shared` keeps a row-major tensor's memory (and says
//! why it cannot keep another's), and `Array::to_dlpack` round-trips every
//! dtype without copying.

use ivy::dlpark::ffi::{
    DLDataType, DLDataTypeCode, DLDevice, DLDeviceType, DLManagedTensorVersioned,
};
use ivy::dlpark::metadata::CopiedSlice;
use ivy::dlpark::{Builder, versioned};
use ivy::{Array, Dtype};

/// A tensor over `values` (f64) with the given shape, strides (elements)
/// and byte offset, as a foreign producer would hand it over.
fn foreign(
    values: Vec<f64>,
    shape: Vec<i64>,
    strides: Vec<i64>,
    byte_offset: u64,
) -> versioned::Dlpack {
    let mut values = Box::new(values);
    let data = values.as_mut_ptr();
    // SAFETY: the box is the context and keeps the elements alive; every
    // element the shape and strides reach from data + byte_offset lies in it
    // (each test below picks them so).
    unsafe { Builder::new(values, CopiedSlice::new(shape, strides)).data(data.cast()) }
        .device(DLDevice::CPU)
        .dtype(DLDataType::scalar(DLDataTypeCode::FLOAT, 64))
        .byte_offset(byte_offset)
        .try_build::<DLManagedTensorVersioned>()
        .expect("a valid tensor")
}

#[test]
fn row_major_transposed_reversed_and_offset_layouts() -> ivy::Result<()> {
    let v: Vec<f64> = (0..6).map(f64::from).collect();
    // Row-major 2x3.
    let a = ivy::from_dlpack(&foreign(v.clone(), vec![2, 3], vec![3, 1], 0))?;
    assert_eq!(a.to_vec::<f64>()?, v);
    assert_eq!(a.shape().dims(), &[2, 3]);
    // The transpose, 3x2, by strides only.
    let t = ivy::from_dlpack(&foreign(v.clone(), vec![3, 2], vec![1, 3], 0))?;
    assert_eq!(t.to_vec::<f64>()?, vec![0.0, 3.0, 1.0, 4.0, 2.0, 5.0]);
    // Reversed: start at the last element, stride -1.
    let r = ivy::from_dlpack(&foreign(v.clone(), vec![6], vec![-1], 5 * 8))?;
    assert_eq!(r.to_vec::<f64>()?, vec![5.0, 4.0, 3.0, 2.0, 1.0, 0.0]);
    // Every other element from the second one.
    let s = ivy::from_dlpack(&foreign(v.clone(), vec![3], vec![2], 8))?;
    assert_eq!(s.to_vec::<f64>()?, vec![1.0, 3.0, 5.0]);
    // A 0-d tensor and an empty one.
    assert_eq!(
        ivy::from_dlpack(&foreign(v.clone(), vec![], vec![], 16))?.to_vec::<f64>()?,
        vec![2.0]
    );
    assert_eq!(
        ivy::from_dlpack(&foreign(v, vec![0, 3], vec![3, 1], 0))?
            .shape()
            .dims(),
        &[0, 3]
    );
    Ok(())
}

#[test]
fn device_memory_and_foreign_dtypes_are_errors() {
    let mut values = Box::new(vec![0u8; 4]);
    let data = values.as_mut_ptr();
    let on_gpu =
        unsafe { Builder::new(values, CopiedSlice::new(vec![4i64], vec![1i64])).data(data.cast()) }
            .device(DLDevice {
                device_type: DLDeviceType::CUDA,
                device_id: 1,
            })
            .dtype(DLDataType::scalar(DLDataTypeCode::UINT, 8))
            .try_build::<DLManagedTensorVersioned>()
            .expect("a valid tensor");
    let err = ivy::from_dlpack(&on_gpu).unwrap_err().to_string();
    assert!(
        err.contains("from_dlpack") && err.contains("device memory"),
        "{err}"
    );

    let mut values = Box::new(vec![0u8; 4]);
    let data = values.as_mut_ptr();
    let fp8 =
        unsafe { Builder::new(values, CopiedSlice::new(vec![4i64], vec![1i64])).data(data.cast()) }
            .dtype(DLDataType::scalar(DLDataTypeCode::FLOAT8_E4M3, 8))
            .try_build::<DLManagedTensorVersioned>()
            .expect("a valid tensor");
    let err = ivy::from_dlpack(&fp8).unwrap_err().to_string();
    assert!(
        err.contains("from_dlpack") && err.contains("has no ivy dtype"),
        "{err}"
    );
}

#[test]
fn every_dtype_round_trips_through_an_export() -> ivy::Result<()> {
    let base = ivy::array![[-3, 0, 1], [2, 5, 7]];
    for dtype in Dtype::ALL {
        let x = ivy::astype(&base, dtype)?;
        let t = x.to_dlpack()?;
        assert_eq!(t.tensor().device.device_type, DLDeviceType::CPU);
        let y: Array = ivy::from_dlpack(&t)?;
        assert!(ivy::array_equal(&x, &y)?, "{dtype}");
        assert_eq!(y.dtype(), dtype);
    }
    Ok(())
}

/// What a test producer's context counts: its drops (the deleter ran).
struct Counted(Vec<f64>, std::sync::Arc<std::sync::atomic::AtomicUsize>);

impl Drop for Counted {
    fn drop(&mut self) {
        self.1.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }
}

#[test]
fn shared_imports_keep_the_producers_memory_until_the_last_array_drops() -> ivy::Result<()> {
    use std::sync::atomic::Ordering::SeqCst;
    let drops = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut ctx = Box::new(Counted((0..6).map(f64::from).collect(), drops.clone()));
    let data = ctx.0.as_mut_ptr();
    // SAFETY: the context holds the six elements and nothing writes them.
    let t = unsafe {
        Builder::new(ctx, CopiedSlice::new(vec![2i64, 3], vec![3i64, 1])).data(data.cast())
    }
    .device(DLDevice::CPU)
    .dtype(DLDataType::scalar(DLDataTypeCode::FLOAT, 64))
    .try_build::<DLManagedTensorVersioned>()
    .expect("a valid tensor");
    // SAFETY: as above.
    let a = unsafe { ivy::from_dlpack_shared(t, Some(false)) }?;
    assert_eq!(a.to_vec::<f64>()?, vec![0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
    let host = a.to_host()?;
    assert_eq!(
        host.as_slice::<f64>().map(<[f64]>::as_ptr),
        Some(data.cast_const())
    );
    // Arrays made from it (a view, a clone) share the memory too.
    let b = ivy::reshape(&a, ivy::Ints::from([6i64]))?;
    drop((a, host));
    assert_eq!(drops.load(SeqCst), 0, "an array still refers to the memory");
    assert_eq!(ivy::sum(&b)?.item()?, ivy::Scalar::Float(15.0));
    drop(b);
    assert_eq!(drops.load(SeqCst), 1, "the deleter ran with the last array");
    Ok(())
}

#[test]
fn shared_imports_copy_or_refuse_what_they_cannot_keep() -> ivy::Result<()> {
    let v: Vec<f64> = (0..6).map(f64::from).collect();
    // The transpose is strided: copy=None copies, copy=False says why not.
    // SAFETY: the tensors' contexts keep their elements; nothing writes them.
    let t =
        unsafe { ivy::from_dlpack_shared(foreign(v.clone(), vec![3, 2], vec![1, 3], 0), None) }?;
    assert_eq!(t.to_vec::<f64>()?, vec![0.0, 3.0, 1.0, 4.0, 2.0, 5.0]);
    let err = unsafe {
        ivy::from_dlpack_shared(foreign(v.clone(), vec![3, 2], vec![1, 3], 0), Some(false))
    }
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("from_dlpack") && err.contains("not row-major contiguous"),
        "{err}"
    );
    // A misaligned start (4 bytes into an f64).
    let err =
        unsafe { ivy::from_dlpack_shared(foreign(v.clone(), vec![2], vec![1], 4), Some(false)) }
            .unwrap_err()
            .to_string();
    assert!(err.contains("not aligned for float64"), "{err}");
    // copy=True copies a shareable tensor.
    let t = foreign(v.clone(), vec![6], vec![1], 0);
    let at = t.tensor().data.cast::<f64>().cast_const();
    let c = unsafe { ivy::from_dlpack_shared(t, Some(true)) }?;
    assert_ne!(
        c.to_host()?.as_slice::<f64>().map(<[f64]>::as_ptr),
        Some(at)
    );
    assert_eq!(c.to_vec::<f64>()?, v);
    // bool bytes other than 0 and 1 are not bools: refused, not shared.
    let mut bytes = Box::new(vec![0u8, 1, 2]);
    let data = bytes.as_mut_ptr();
    let bad =
        unsafe { Builder::new(bytes, CopiedSlice::new(vec![3i64], vec![1i64])).data(data.cast()) }
            .dtype(DLDataType::scalar(DLDataTypeCode::BOOL, 8))
            .try_build::<DLManagedTensorVersioned>()
            .expect("a valid tensor");
    let err = unsafe { ivy::from_dlpack_shared(bad, Some(false)) }
        .unwrap_err()
        .to_string();
    assert!(err.contains("neither 0 nor 1"), "{err}");
    Ok(())
}

#[test]
fn legacy_exports_are_copies() -> ivy::Result<()> {
    let x = ivy::array![[1.0f32, 2.0], [3.0, 4.0]];
    let t = x.to_dlpack_legacy()?;
    let theirs = t.tensor().data.cast::<f32>().cast_const();
    assert_ne!(
        x.to_host()?.as_slice::<f32>().map(<[f32]>::as_ptr),
        Some(theirs)
    );
    assert_eq!(ivy::from_dlpack(&t)?, x);
    Ok(())
}

#[cfg(feature = "candle")]
#[test]
fn candle_arrays_export_through_the_host() -> ivy::Result<()> {
    let c = ivy::array![1.0f32, 2.0].to_backend("candle")?;
    let t = c.to_dlpack()?;
    let back = ivy::with_backend("candle", || ivy::from_dlpack(&t))??;
    assert_eq!(back.backend().name(), "candle");
    assert_eq!(back.to_vec::<f32>()?, vec![1.0, 2.0]);
    // candle keeps its own memory: copy=False cannot share with it.
    let t = ivy::array![1.0f32, 2.0].to_dlpack()?;
    let err = ivy::with_backend("candle", || unsafe {
        ivy::from_dlpack_shared(t, Some(false))
    })?
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("candle backend keeps arrays in its own memory"),
        "{err}"
    );
    Ok(())
}
