//! criterion benches of the lanes: `cargo bench -p nqueens-count --bench lanes`. Ids read
//! `count/lanes/<gather>/<n>` and `count/job/<gather>/<threads>/<n>` (gathers `avx512`, `avx2`,
//! `pext`, `portable`).
//!
//! In `count/lanes` one iteration counts a whole board by its symmetry cases on the calling
//! thread: the search above the lanes, the lanes and the last rows' table, without the
//! subproblems' listing or the thread pool that `labs count` adds. The lanes are made once and
//! kept, as a worker keeps them from one subproblem to the next. In `count/job` one iteration is
//! what `labs count --threads T 16` does, by the path named (`Job::run_with`): listing the
//! subproblems, starting the pool, counting; its one-thread time against `bits`' is the ratio the
//! closing notes report. Each gather this processor has is timed; the known count is checked
//! inside the loop.

use criterion::{BenchmarkId, Criterion, SamplingMode, criterion_group, criterion_main};
use nqueens::known::A000170;
use nqueens_count::lanes::Lanes;
use nqueens_count::last_rows::Portable;
use nqueens_count::search::SearchGather;
use nqueens_count::shard::Shard;
use nqueens_count::symmetry::Case;
use nqueens_count::{Job, Mode};
use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The boards timed: from where all six rows of the lanes are used to a tenth of a second.
const SIZES: [usize; 3] = [13, 14, 15];

/// The solutions of an `n`×`n` board, every symmetry case searched whole with `gather`.
fn count<G: SearchGather>(n: usize, gather: G, lanes: &mut Option<Lanes>) -> u64 {
    let never = AtomicBool::new(false);
    Case::symmetric(n).iter().map(|case| case.solve(&[], false, gather, &never, lanes).total).sum()
}

/// Times `gather`, named `name`, at every size.
fn lanes_with<G: SearchGather>(c: &mut Criterion, name: &str, gather: G) {
    let mut group = c.benchmark_group("count/lanes");
    group.sample_size(20).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
    for n in SIZES {
        let mut lanes = None;
        group.bench_with_input(BenchmarkId::new(name, n), &n, |b, &n| {
            b.iter(|| assert_eq!(count(black_box(n), gather, &mut lanes), A000170[n], "{name} at n = {n}"))
        });
    }
    group.finish();
}

/// The board `count/job` times: a third of a second on one thread with the lanes.
const JOB_N: usize = 16;

/// Times the whole job at [`JOB_N`] by `gather`, named `name`, on one thread and on two.
fn job_with<G: SearchGather + Send + Sync>(c: &mut Criterion, name: &str, gather: G) {
    let mut group = c.benchmark_group("count/job");
    // A third of a second to three seconds an iteration: flat sampling, few samples.
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(5))
        .sampling_mode(SamplingMode::Flat);
    let job = Job { n: JOB_N, mode: Mode::Symmetry, unique: false };
    for threads in [1, 2] {
        group.bench_with_input(BenchmarkId::new(format!("{name}/{threads}"), JOB_N), &threads, |b, &threads| {
            b.iter(|| {
                let counts = job.run_with(gather, Shard::WHOLE, Some(threads), &AtomicBool::new(false), &()).unwrap();
                assert_eq!(counts.total, A000170[JOB_N], "{name} on {threads} threads");
                counts
            })
        });
    }
    group.finish();
}

/// Runs `bench` for every gather this processor has, the widest first.
macro_rules! every_gather {
    ($c:expr, $bench:ident) => {
        #[cfg(target_arch = "x86_64")]
        if let Some(wide) = nqueens_count::lanes::Wide::detect() {
            $bench($c, "avx512", wide);
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(avx2) = nqueens_count::lanes::Avx2::detect() {
            $bench($c, "avx2", avx2);
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(pext) = nqueens_count::last_rows::Pext::detect() {
            $bench($c, "pext", pext);
        }
        $bench($c, "portable", Portable);
    };
}

/// `count/lanes/<gather>/<n>`: every gather this processor has.
fn lanes(c: &mut Criterion) {
    every_gather!(c, lanes_with);
}

/// `count/job/<gather>/<threads>/16`: every gather this processor has.
fn job(c: &mut Criterion) {
    every_gather!(c, job_with);
}

criterion_group!(benches, lanes, job);
criterion_main!(benches);
