// A device-and-dtype table names a dtype ivy does not know.
use ivy::backend::BackendBase;

struct MyBackend;

impl BackendBase for MyBackend {
    fn name(&self) -> &'static str {
        "mine"
    }
    fn version(&self) -> &'static str {
        "1.0"
    }
}

#[ivy::kernels]
impl ivy::kernels::ElementwiseKernels for MyBackend {
    #[unsupported_device_and_dtypes("1.0 and above" => { cpu: (float16), gpu: (half) })]
    fn tan(&self, x: &ivy::Array) -> ivy::Result<ivy::Array> {
        Ok(x.clone())
    }
}

fn main() {}
