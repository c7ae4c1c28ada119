// A kernel category that does not exist (the spec'\''s are snake case).
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
    kernels: [elementwise, Creation];
}

fn main() {}
