// One table per kernel: Ivy allows supported or unsupported dtypes, not both.
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
    #[supported_dtypes("1.0 and above" => (float32))]
    #[unsupported_dtypes("1.0 and above" => (float16))]
    fn tan(&self, x: &ivy::Array) -> ivy::Result<ivy::Array> {
        Ok(x.clone())
    }
}

fn main() {}
