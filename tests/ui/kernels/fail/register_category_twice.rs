// A kernel category listed twice.
use ivy::backend::BackendBase;

struct Mine;

impl BackendBase for Mine {
    fn name(&self) -> &'static str {
        "mine"
    }
    fn version(&self) -> &'static str {
        "1.0"
    }
}

ivy::register_backend! {
    static MINE: Mine = Mine;
    kernels: [elementwise, creation, elementwise];
}

#[ivy::kernels]
impl ivy::kernels::ElementwiseKernels for Mine {}
#[ivy::kernels]
impl ivy::kernels::CreationKernels for Mine {}

fn main() {}
