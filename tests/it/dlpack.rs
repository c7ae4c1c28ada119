//! DLPack interchange: `ivy::from_dlpack` reads tensors of any layout a
//! producer may hand over (row-major, transposed, negative strides, an
//! offset), refuses device memory and dtypes ivy lacks with an error, and
//! `Array::to_dlpack` round-trips every dtype without copying.

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

#[cfg(feature = "candle")]
#[test]
fn candle_arrays_export_through_the_host() -> ivy::Result<()> {
    let c = ivy::array![1.0f32, 2.0].to_backend("candle")?;
    let t = c.to_dlpack()?;
    let back = ivy::with_backend("candle", || ivy::from_dlpack(&t))??;
    assert_eq!(back.backend().name(), "candle");
    assert_eq!(back.to_vec::<f32>()?, vec![1.0, 2.0]);
    Ok(())
}
