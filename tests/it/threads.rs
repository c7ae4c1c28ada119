//! Per-thread settings do not leak: eight threads run the same ops at the same
//! time, each with its own default dtypes, precise mode, default device,
//! random seed and gradient tracing, and each sees only its own settings.
//!
//! The threads meet at a barrier before every round, so their pushes, reads
//! and pops interleave; arrays made on one thread are dropped on another, which
//! exercises the per-thread block cache across threads.

use ivy::{Array, Device, Dtype, Result};
use std::sync::{Arc, Barrier, mpsc};

const THREADS: usize = 8;
const ROUNDS: usize = 60;

const FLOATS: [Dtype; 4] = [
    Dtype::Float16,
    Dtype::BFloat16,
    Dtype::Float32,
    Dtype::Float64,
];
const INTS: [Dtype; 4] = [Dtype::Int8, Dtype::Int16, Dtype::Int32, Dtype::Int64];
const UINTS: [Dtype; 4] = [Dtype::UInt8, Dtype::UInt16, Dtype::UInt32, Dtype::UInt64];

/// What thread `i` sets.
#[derive(Clone, Copy, Debug)]
struct Settings {
    float: Dtype,
    int: Dtype,
    uint: Dtype,
    precise: bool,
    device: Device,
    seed: u64,
    traced: bool,
}

impl Settings {
    fn of(i: usize) -> Settings {
        Settings {
            float: FLOATS[i % 4],
            int: INTS[(i / 2) % 4],
            uint: UINTS[(i + 1) % 4],
            precise: i.is_multiple_of(2),
            device: Device::Gpu(i as u32 + 1),
            seed: 1_000 + i as u64,
            traced: i % 4 == 1,
        }
    }

    /// The dtype `int32 + float32` promotes to under this thread's mode:
    /// Ivy's precise table widens to float64, the other keeps float32.
    fn mixed(&self) -> Dtype {
        if self.precise {
            Dtype::Float64
        } else {
            Dtype::Float32
        }
    }
}

/// Check, in the current thread, that every setting reads as `s`.
fn check(s: &Settings, round: usize) -> Result<()> {
    let ctx = format!("{s:?}, round {round}");
    assert_eq!(ivy::default_float_dtype(), s.float, "{ctx}");
    assert_eq!(ivy::default_int_dtype(), s.int, "{ctx}");
    assert_eq!(ivy::default_uint_dtype(), s.uint, "{ctx}");
    assert_eq!(ivy::precise_mode(), s.precise, "{ctx}");
    assert_eq!(ivy::default_device(), Device::Cpu, "{ctx}");
    // The settings reach the ops: creation takes the default dtypes,
    // promotion the precise mode.
    let ones = ivy::ones([3])?;
    assert_eq!(ones.dtype(), s.float, "{ctx}");
    assert_eq!(ivy::sum(&ones)?.astype(Dtype::Float64)?.item()?, 3.0.into());
    assert_eq!(ivy::arange(4)?.dtype(), s.int, "{ctx}");
    let mixed = ivy::add(
        &ivy::astype(&ivy::array![1, 2], Dtype::Int32)?,
        &ivy::astype(&ivy::array![0.5, 0.25], Dtype::Float32)?,
    )?;
    assert_eq!(mixed.dtype(), s.mixed(), "{ctx}");
    assert_eq!(
        mixed.astype(Dtype::Float64)?.to_vec::<f64>()?,
        [1.5, 2.25],
        "{ctx}"
    );
    assert_eq!(
        ivy::promote_types(Dtype::Int32, Dtype::Float32)?,
        s.mixed(),
        "{ctx}"
    );
    Ok(())
}

/// One round of thread `i`, in two halves around a barrier the caller
/// holds: `first` checks the settings and pushes a scoped change; `second`
/// checks the change, undoes it, draws random numbers, takes a gradient on
/// traced threads and passes an array round the ring.
struct Round<'a> {
    i: usize,
    s: Settings,
    round: usize,
    send: &'a mpsc::Sender<Array>,
    recv: &'a mpsc::Receiver<Array>,
}

impl Round<'_> {
    fn first(&self) -> Result<(ivy::DefaultFloatDtype, ivy::PreciseMode, Dtype)> {
        check(&self.s, self.round)?;
        // A scoped change on this thread only, undone in `second`.
        let other = FLOATS[(self.i + self.round + 1) % 4];
        let g = ivy::DefaultFloatDtype::new(other)?;
        let p = ivy::PreciseMode::new(!self.s.precise);
        assert_eq!(ivy::ones([1])?.dtype(), other);
        assert_eq!(ivy::precise_mode(), !self.s.precise);
        // A device of this thread's own, held across the barrier. (Arrays
        // cannot be made while it is set: the ndarray backend has no GPU.)
        ivy::set_default_device(self.s.device);
        assert_eq!(ivy::default_device(), self.s.device);
        Ok((g, p, other))
    }

    fn second(
        &self,
        scoped: (ivy::DefaultFloatDtype, ivy::PreciseMode, Dtype),
        draws: &mut Vec<f64>,
    ) -> Result<()> {
        // Every thread is inside its scoped change now.
        assert_eq!(ivy::default_float_dtype(), scoped.2);
        assert_eq!(ivy::default_device(), self.s.device);
        ivy::unset_default_device();
        drop(scoped);
        check(&self.s, self.round)?;
        // Random numbers continue this thread's sequence, whatever the
        // others draw.
        draws.extend(uniform()?);
        if self.s.traced {
            let x = ivy::array![0.5f64, 2.0];
            let g = ivy::grad(|x: &Array| ivy::sum(&ivy::multiply(x, x)?))(&x)?;
            assert_eq!(g.to_vec::<f64>()?, [1.0, 4.0]);
        }
        // Arrays made here are not traced, whatever other threads do.
        let y = ivy::multiply(&ivy::ones([2])?, &ivy::ones([2])?)?;
        assert!(!ivy::requires_gradient(&y));
        // Hand an array to the next thread and drop the one from the last.
        self.send
            .send(ivy::full([5], self.i as f64)?)
            .expect("the next thread keeps its receiver until it ends");
        let got = self
            .recv
            .recv_timeout(std::time::Duration::from_secs(60))
            .expect("the previous thread sends one array per round");
        let prev = (self.i + THREADS - 1) % THREADS;
        assert_eq!(
            got.astype(Dtype::Float64)?.to_vec::<f64>()?,
            [prev as f64; 5]
        );
        Ok(())
    }
}

/// Two uniform float64 draws from this thread's generator.
fn uniform() -> Result<Vec<f64>> {
    ivy::random_uniform_with(
        ivy::opts::RandomUniform::new()
            .shape([2])
            .dtype(Dtype::Float64),
    )?
    .to_vec::<f64>()
}

/// Run `f`, turning a panic into a message, so that a failing thread still
/// reaches every barrier and the test fails instead of hanging.
fn guarded<R>(what: &str, f: impl FnOnce() -> Result<R>) -> std::result::Result<R, String> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(Ok(r)) => Ok(r),
        Ok(Err(e)) => Err(format!("{what}: {e}")),
        Err(p) => Err(format!(
            "{what}: panicked: {}",
            p.downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default()
        )),
    }
}

/// The body of thread `i`: set everything, then run the rounds, meeting the
/// other threads at a barrier twice per round. Returns the random draws and
/// the first failure, if any.
fn run(
    i: usize,
    barrier: Arc<Barrier>,
    send: mpsc::Sender<Array>,
    recv: mpsc::Receiver<Array>,
) -> (Vec<f64>, Option<String>) {
    let s = Settings::of(i);
    let mut failure = guarded("setting", || {
        ivy::set_default_float_dtype(s.float)?;
        ivy::set_default_int_dtype(s.int)?;
        ivy::set_default_uint_dtype(s.uint)?;
        ivy::set_precise_mode(s.precise);
        ivy::seed(s.seed as i64);
        Ok(())
    })
    .err();
    let mut draws = Vec::new();
    for round in 0..ROUNDS {
        let r = Round {
            i,
            s,
            round,
            send: &send,
            recv: &recv,
        };
        barrier.wait();
        let scoped = match failure {
            None => guarded(&format!("thread {i}, round {round}"), || r.first()),
            Some(_) => Err(String::new()),
        };
        barrier.wait();
        match scoped {
            Ok(scoped) if failure.is_none() => {
                let label = format!("thread {i}, round {round}");
                failure = guarded(&label, || r.second(scoped, &mut draws)).err();
            }
            Ok(_) => {}
            Err(e) => failure = failure.or(Some(e)),
        }
        if failure.is_some() {
            // Keep the ring going so the next thread is not left waiting.
            if let Ok(z) = ivy::zeros([5]) {
                let _ = send.send(z);
            }
            let _ = recv.try_recv();
        }
    }
    ivy::unset_precise_mode();
    ivy::unset_default_uint_dtype();
    ivy::unset_default_int_dtype();
    ivy::unset_default_float_dtype();
    if failure.is_none() && ivy::default_float_dtype() != Dtype::Float32 {
        failure = Some(format!("thread {i}: the settings were not popped"));
    }
    (draws, failure)
}

/// The draws a fresh thread makes with `seed` and no other thread running.
fn alone(seed: u64) -> Vec<f64> {
    std::thread::spawn(move || {
        ivy::seed(seed as i64);
        (0..ROUNDS)
            .flat_map(|_| uniform().expect("a uniform draw"))
            .collect()
    })
    .join()
    .expect("the thread runs")
}

#[test]
fn eight_threads_keep_their_own_settings() {
    let barrier = Arc::new(Barrier::new(THREADS));
    // A ring of channels: thread i sends to i+1.
    let (senders, receivers): (Vec<_>, Vec<_>) = (0..THREADS).map(|_| mpsc::channel()).unzip();
    let mut receivers: Vec<Option<mpsc::Receiver<Array>>> =
        receivers.into_iter().map(Some).collect();
    let handles: Vec<_> = (0..THREADS)
        .map(|i| {
            let barrier = barrier.clone();
            let send = senders[(i + 1) % THREADS].clone();
            let recv = receivers[i].take().expect("one receiver per thread");
            std::thread::spawn(move || run(i, barrier, send, recv))
        })
        .collect();
    let (results, failures): (Vec<Vec<f64>>, Vec<Option<String>>) = handles
        .into_iter()
        .map(|h| h.join().expect("the thread catches its own panics"))
        .unzip();
    let failures: Vec<String> = failures.into_iter().flatten().collect();
    assert!(failures.is_empty(), "{failures:#?}");
    // The main thread's settings were never touched.
    assert_eq!(ivy::default_float_dtype(), Dtype::Float32);
    assert_eq!(ivy::default_int_dtype(), Dtype::Int32);
    assert!(ivy::precise_mode());
    assert_eq!(ivy::default_device(), Device::Cpu);
    for (i, draws) in results.iter().enumerate() {
        assert_eq!(draws.len(), 2 * ROUNDS);
        assert_eq!(
            *draws,
            alone(Settings::of(i).seed),
            "thread {i}'s random sequence was disturbed by the others"
        );
    }
    // Different seeds give different sequences.
    assert_ne!(results[0], results[1]);
}
