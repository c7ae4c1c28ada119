// A kernel's dtype table has a version key outside the grammar.
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
    #[unsupported_dtypes("1.0 or later" => (float16))]
    fn tan(&self, x: &ivy::Array) -> ivy::Result<ivy::Array> {
        Ok(x.clone())
    }
}

fn main() {}
