// Registration without the list of implemented categories.
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
}

fn main() {}
