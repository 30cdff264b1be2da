//! How long a search or a count will take, said before a long one starts.
//!
//! The fast counter's time grows with the number of solutions, about ×8 to ×10 per n from
//! n = 15 on, and that growth is known (OEIS A000170, in `nqueens::known`). So a short count on
//! this machine, with the same threads, scaled by Q(n) / Q(m), predicts the long one to within a
//! small factor: `labs count 24` learns within a second that it needs days, where its bar would
//! show "ETA 0s" for minutes. [`count()`] counts m = 12, 13, … until one count takes
//! [`SAMPLE`] (a fraction of a second in all); `app::count` prints the estimate when it is over
//! [`WORTH_SAYING`], with how to shard or bound the run. `labs run` estimates its variant's
//! search the same way ([`sampled`]), starting from smaller sizes.

use crate::count::{self, Job, shard::Shard};
use nqueens::known::A000170;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// A count expected to take longer than this gets an estimate first.
pub const WORTH_SAYING: Duration = Duration::from_secs(60);

/// The shortest sample count worth scaling: shorter ones are mostly start-up.
pub const SAMPLE: Duration = Duration::from_millis(50);

/// Sizes below this are never estimated: they take seconds at most.
pub const FROM: usize = 18;

/// What a short count said about a long one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The size counted as a sample.
    pub sample_n: usize,
    /// How long the sample took.
    pub sample: Duration,
    /// The whole job's expected time (its shard's, for a shard).
    pub total: Duration,
}

/// Q(n); past the table, the last known growth applied once per n beyond it.
fn solutions(n: usize) -> f64 {
    let last = A000170.len() - 1;
    match A000170.get(n) {
        Some(&q) => q as f64,
        None => A000170[last] as f64 * (A000170[last] as f64 / A000170[last - 1] as f64).powi((n - last) as i32),
    }
}

/// The expected time of `job`'s `shard` on `threads`, from a sample count on this machine;
/// `None` for sizes below [`FROM`].
pub fn count(job: Job, shard: Shard, threads: Option<usize>) -> Result<Option<Estimate>, count::Error> {
    if job.n < FROM {
        return Ok(None);
    }
    let never = AtomicBool::new(false);
    let count = |m| Job { n: m, mode: job.mode, unique: false }.run(Shard::WHOLE, threads, &never, &()).map(drop);
    sampled(job.n, 12, shard.of, count).map(Some)
}

/// The expected time of some work at size `n` split in `parts`, from `run` timed at m = `from`,
/// `from` + 1, … until one takes [`SAMPLE`] (or m is four below n), scaled by Q(n) / Q(m): the
/// solutions' growth, which a search's work grows at least as fast as.
pub fn sampled<E>(
    n: usize,
    from: usize,
    parts: usize,
    mut run: impl FnMut(usize) -> Result<(), E>,
) -> Result<Estimate, E> {
    let mut sample_n = from;
    loop {
        let started = Instant::now();
        run(sample_n)?;
        let sample = started.elapsed();
        if sample >= SAMPLE || sample_n + 4 >= n {
            let scale = solutions(n) / solutions(sample_n) / parts as f64;
            let total = Duration::from_secs_f64((sample.as_secs_f64() * scale).min(1e15));
            return Ok(Estimate { sample_n, sample, total });
        }
        sample_n += 1;
    }
}

/// The growth per n the estimate assumes at `n`: Q(n) / Q(n − 1).
pub fn growth(n: usize) -> f64 {
    solutions(n) / solutions(n - 1)
}
