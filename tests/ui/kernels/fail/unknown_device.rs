// A device table names a device kind ivy does not know.
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
    #[unsupported_devices("1.0 and above" => (npu))]
    fn tan(&self, x: &ivy::Array) -> ivy::Result<ivy::Array> {
        Ok(x.clone())
    }
}

fn main() {}
