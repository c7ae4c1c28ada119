// A third-party backend: it says who it is, implements the kernels it has,
// and gets the tabled "unsupported" error for the rest.
use ivy::backend::{BackendBase, BackendEntry};
use ivy::kernels::*;

struct Tiny;

impl BackendBase for Tiny {
    fn name(&self) -> &'static str {
        "tiny"
    }
    fn version(&self) -> &'static str {
        "0.1.0"
    }
}

#[ivy::kernels]
impl ElementwiseKernels for Tiny {
    #[supported_dtypes("0.1 and above" => (float32))]
    fn negative(&self, x: &ivy::Array) -> ivy::Result<ivy::Array> {
        let v: Vec<f32> = x.as_slice::<f32>().unwrap_or(&[]).iter().map(|v| -v).collect();
        ivy::Array::from_host(&TINY, x.shape().clone(), ivy::HostData::from(v))
    }
}
impl CreationKernels for Tiny {}
impl DataTypeKernels for Tiny {}
impl ManipulationKernels for Tiny {}
impl StatisticalKernels for Tiny {}
impl UtilityKernels for Tiny {}
impl LinearAlgebraKernels for Tiny {}
impl SearchingKernels for Tiny {}
impl SortingKernels for Tiny {}
impl ActivationsKernels for Tiny {}
impl LossesKernels for Tiny {}
impl GeneralKernels for Tiny {}

static TINY: BackendEntry = BackendEntry::new(&Tiny);

fn main() {
    let x = ivy::Array::from_host(&TINY, ivy::Shape::from([2]), ivy::HostData::from(vec![1.0f32, -2.0])).unwrap();
    let y = ivy::negative(&x).unwrap();
    assert_eq!(y.to_vec::<f32>().unwrap(), vec![-1.0, 2.0]);
    assert_eq!(y.backend().name(), "tiny");
    // float64 is not in its table; tan has no kernel at all.
    let err = ivy::negative(&ivy::Array::from_host(&TINY, ivy::Shape::from([1]), ivy::HostData::from(vec![1.0f64])).unwrap()).unwrap_err();
    assert!(err.to_string().contains("not supported by the tiny backend"), "{err}");
    assert!(ivy::tan(&x).is_err());
}
