//! A team of helper threads that join the calling thread's chunked work.
//!
//! The caller publishes its job (the task of each chunk index and a counter
//! of the next index to claim), wakes the helpers and starts claiming
//! chunks itself at once; a helper that wakes in time claims chunks too.
//! When no chunk is left the caller withdraws the job and waits only for
//! the helpers that joined it to finish their last chunk: a helper that
//! has not woken yet never holds the caller up. So a call is never much
//! slower than the same chunks run on the caller alone, even where waking
//! a sleeping thread takes longer than the work (a virtual machine whose
//! idle processors the host has taken away), and it is as fast as the
//! helpers allow where they wake quickly. Which thread runs a chunk does
//! not change the chunk, so results do not depend on it.
//!
//! A team serves one job at a time: a caller that finds it busy (another
//! thread's job) runs its chunks alone. A panic in a task stops the job
//! (no new chunk starts) and is resumed on the caller once every helper
//! has left.

use std::any::Any;
use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

thread_local! {
    /// Whether this thread runs a team's tasks: always on a helper, and on
    /// a caller while it works on its job. Work started there does not
    /// split again.
    static WORKING: Cell<bool> = const { Cell::new(false) };
}

/// Whether this thread is running a team's tasks.
#[inline]
pub(super) fn working() -> bool {
    WORKING.with(Cell::get)
}

/// How long a helper keeps looking for the next job before it sleeps: a
/// kernel that follows another finds the helpers awake.
const SPIN: Duration = Duration::from_micros(50);

/// The panic payload of a task.
type Payload = Box<dyn Any + Send>;

/// One call's work.
struct Job<'a> {
    task: &'a (dyn Fn(usize) + Sync),
    count: usize,
    /// The next chunk index to claim (past `count` when none is left).
    next: AtomicUsize,
    /// The first panic of a task run by a helper.
    panic: Mutex<Option<Payload>>,
}

impl Job<'_> {
    /// Claim and run chunks until none is left.
    fn work(&self) {
        loop {
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            if i >= self.count {
                return;
            }
            (self.task)(i);
        }
    }

    /// Let no further chunk start.
    fn stop(&self) {
        self.next.store(self.count, Ordering::Relaxed);
    }
}

/// The published job, its lifetime erased: the caller keeps it alive
/// until every helper that took it has left (see [`Withdraw`]).
#[derive(Clone, Copy)]
struct JobRef(*const Job<'static>);

// SAFETY: a `Job` is `Sync` (its task is `Sync`, the rest atomics and a
// mutex); the pointer is only followed while the caller keeps it alive.
unsafe impl Send for JobRef {}

struct State {
    job: Option<JobRef>,
    /// How many jobs have been published: a helper takes each at most once.
    generation: u64,
    /// The helpers inside the published job.
    active: usize,
}

/// A team of helper threads (made once per thread count, kept for the
/// process).
pub(super) struct Team {
    state: Mutex<State>,
    /// Helpers sleep here between jobs.
    wake: Condvar,
    /// The caller waits here for the helpers to leave its job.
    left: Condvar,
    /// `generation`, for helpers looking for a job without the lock.
    published: AtomicU64,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Team {
    /// A team of `helpers` threads beside its callers. A helper the system
    /// refuses to start is left out (with none, callers work alone).
    pub(super) fn new(helpers: usize) -> &'static Team {
        let team: &'static Team = Box::leak(Box::new(Team {
            state: Mutex::new(State {
                job: None,
                generation: 0,
                active: 0,
            }),
            wake: Condvar::new(),
            left: Condvar::new(),
            published: AtomicU64::new(0),
        }));
        for i in 0..helpers {
            let _ = std::thread::Builder::new()
                .name(format!("ivy-{}-{i}", helpers + 1))
                .spawn(move || team.help());
        }
        team
    }

    /// Run `task(i)` once for every `i` in `0..count`, here and on the
    /// helpers that join; returns when every task has run. A panic of a
    /// task is resumed here.
    pub(super) fn run(&self, count: usize, task: &(dyn Fn(usize) + Sync)) {
        let job = Job {
            task,
            count,
            next: AtomicUsize::new(0),
            panic: Mutex::new(None),
        };
        {
            let mut st = lock(&self.state);
            if st.job.is_some() {
                drop(st);
                let _working = Working::enter();
                return (0..count).for_each(task);
            }
            st.job = Some(JobRef((&raw const job).cast()));
            st.generation += 1;
            self.published.store(st.generation, Ordering::Release);
        }
        self.wake.notify_all();
        {
            let _withdraw = Withdraw {
                team: self,
                job: &job,
            };
            let _working = Working::enter();
            job.work();
        }
        if let Some(p) = job
            .panic
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
        {
            panic::resume_unwind(p);
        }
    }

    /// A helper's life: take each job once, work on it, leave it.
    fn help(&self) {
        WORKING.with(|w| w.set(true));
        let mut seen = 0u64;
        loop {
            let start = Instant::now();
            while self.published.load(Ordering::Acquire) == seen && start.elapsed() <= SPIN {
                for _ in 0..64 {
                    std::hint::spin_loop();
                }
            }
            let job = {
                let mut st = lock(&self.state);
                loop {
                    if st.generation != seen {
                        seen = st.generation;
                        if let Some(j) = st.job {
                            st.active += 1;
                            break j;
                        }
                    }
                    st = self.wake.wait(st).unwrap_or_else(PoisonError::into_inner);
                }
            };
            // SAFETY: the caller keeps its job alive until `active`, counted
            // above while the job was published, is back to zero.
            let job = unsafe { &*job.0 };
            if let Err(p) = panic::catch_unwind(AssertUnwindSafe(|| job.work())) {
                job.stop();
                lock(&job.panic).get_or_insert(p);
            }
            let mut st = lock(&self.state);
            st.active -= 1;
            if st.active == 0 {
                self.left.notify_all();
            }
        }
    }
}

/// Withdraws the caller's job when its work is done (or unwinds) and waits
/// for the helpers that took it to leave.
struct Withdraw<'a> {
    team: &'a Team,
    job: &'a Job<'a>,
}

impl Drop for Withdraw<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.job.stop();
        }
        let mut st = lock(&self.team.state);
        st.job = None;
        while st.active > 0 {
            st = self
                .team
                .left
                .wait(st)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }
}

/// Marks the caller as working while it lives.
struct Working(bool);

impl Working {
    fn enter() -> Working {
        Working(WORKING.with(|w| w.replace(true)))
    }
}

impl Drop for Working {
    fn drop(&mut self) {
        WORKING.with(|w| w.set(self.0));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_task_runs_once() {
        let team = Team::new(3);
        for count in [2, 7, 1000] {
            let hits: Vec<AtomicUsize> = (0..count).map(|_| AtomicUsize::new(0)).collect();
            team.run(count, &|i| {
                hits[i].fetch_add(1, Ordering::Relaxed);
            });
            assert!(hits.iter().all(|h| h.load(Ordering::Relaxed) == 1));
        }
    }

    #[test]
    fn a_panic_reaches_the_caller_and_the_team_goes_on() {
        let team = Team::new(1);
        let r = panic::catch_unwind(AssertUnwindSafe(|| {
            team.run(64, &|i| {
                if i == 40 {
                    panic!("task 40");
                }
            })
        }));
        let msg = r.err().and_then(|p| p.downcast_ref::<&str>().copied());
        assert_eq!(msg, Some("task 40"));
        let total = AtomicUsize::new(0);
        team.run(64, &|i| {
            total.fetch_add(i, Ordering::Relaxed);
        });
        assert_eq!(total.into_inner(), 64 * 63 / 2);
    }

    #[test]
    fn callers_on_several_threads_share_a_team() {
        let team = Team::new(2);
        std::thread::scope(|s| {
            for t in 0..4usize {
                s.spawn(move || {
                    for _ in 0..50 {
                        let total = AtomicUsize::new(0);
                        team.run(33, &|i| {
                            assert!(working());
                            total.fetch_add(i * t, Ordering::Relaxed);
                        });
                        assert_eq!(total.into_inner(), t * 33 * 32 / 2);
                    }
                });
            }
        });
        assert!(!working());
    }
}
