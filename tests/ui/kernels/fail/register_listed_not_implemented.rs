// A category listed as implemented, with no impl of its kernel trait.
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
    kernels: [elementwise];
}

fn main() {}
