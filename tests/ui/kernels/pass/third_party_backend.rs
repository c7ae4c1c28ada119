// A third-party backend: it says who it is, implements the kernels it has,
// and gets the tabled "unsupported" error for the rest.
use ivy::backend::BackendBase;
use ivy::kernels::ElementwiseKernels;

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
        let v: Vec<f32> = x
            .as_slice::<f32>()
            .unwrap_or(&[])
            .iter()
            .map(|v| -v)
            .collect();
        ivy::Array::from_host(&TINY, x.shape().clone(), ivy::HostData::from(v))
    }
}

ivy::register_backend! {
    static TINY: Tiny = Tiny;
    kernels: [elementwise];
}

fn main() {
    let x = ivy::Array::from_host(
        &TINY,
        ivy::Shape::from([2]),
        ivy::HostData::from(vec![1.0f32, -2.0]),
    )
    .unwrap();
    let y = ivy::negative(&x).unwrap();
    assert_eq!(y.to_vec::<f32>().unwrap(), vec![-1.0, 2.0]);
    assert_eq!(y.backend().name(), "tiny");
    // float64 is not in its table; tan has no kernel at all.
    let err = ivy::negative(
        &ivy::Array::from_host(
            &TINY,
            ivy::Shape::from([1]),
            ivy::HostData::from(vec![1.0f64]),
        )
        .unwrap(),
    )
    .unwrap_err();
    assert!(
        err.to_string()
            .contains("not supported by the tiny backend"),
        "{err}"
    );
    assert!(ivy::tan(&x).is_err());
    // Registered by name; the categories it left out have their defaults.
    let _on = ivy::use_backend("tiny").unwrap();
    assert!(ivy::zeros([2]).unwrap_err().to_string().contains("tiny"));
}
