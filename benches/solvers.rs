//! criterion benches: `cargo bench`. Ids read `queens/<workload>/<algo>/<n>`.
//!
//! The workloads are the ones `labs bench` times (`nqueens_labs::timing::workload`), so a number
//! here and a cell there measure the same code, by two methods: criterion runs one search many
//! times back to back, which the branch predictor learns (the steady state of a loop, what tells
//! two versions of a variant apart), where `labs bench` times each search alone after scrambling
//! the predictor (what one run of a program costs; Lab 7 compares the two). Each algorithm gets its own sizes, up to where one
//! search takes a few hundred milliseconds: `cell` is about ten times slower per n than the
//! others and explodes past n = 11. The whole run stays within a few minutes on two cores.

use criterion::{BenchmarkId, Criterion, SamplingMode, criterion_group, criterion_main};
use nqueens_labs::count::shard::Shard;
use nqueens_labs::count::{Job, Mode};
use nqueens_labs::facts::A000170;
use nqueens_labs::solvers::Algo;
use nqueens_labs::timing::workload::{count, tally};
use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The sizes each algorithm is timed at.
fn sizes(algo: Algo) -> &'static [usize] {
    match algo {
        Algo::Cell => &[6, 8, 10],
        Algo::Naive | Algo::Bordered | Algo::Kruse => &[8, 10, 12],
        Algo::Row => &[8, 10, 12, 13],
        Algo::Bits => &[8, 10, 12, 14],
    }
}

/// `queens/count/<algo>/<n>`: one whole search counting solutions, every algorithm at its sizes.
fn count_all(c: &mut Criterion) {
    let mut group = c.benchmark_group("queens/count");
    // Slow searches cannot fill many samples: flat sampling with few of them keeps the run short.
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .sampling_mode(SamplingMode::Flat);
    for algo in Algo::ALL {
        for &n in sizes(algo) {
            group.bench_with_input(BenchmarkId::new(algo.name(), n), &n, |b, &n| {
                b.iter(|| assert_eq!(count(algo, black_box(n)), A000170[n], "{} at n = {n}", algo.name()))
            });
        }
    }
    group.finish();
}

/// What the work counters cost: `row` at n = 12 counted plainly, then with every node and probe
/// tallied. The plain run must not pay for hooks it does not use.
fn tally_overhead(c: &mut Criterion) {
    let mut group = c.benchmark_group("queens/tally");
    group.sample_size(20).measurement_time(Duration::from_secs(3));
    let n = 12;
    group.bench_function(BenchmarkId::new("row/plain", n), |b| {
        b.iter(|| assert_eq!(count(Algo::Row, black_box(n)), A000170[n]))
    });
    group.bench_function(BenchmarkId::new("row/tallied", n), |b| {
        b.iter(|| {
            let work = tally(Algo::Row, black_box(n));
            assert_eq!(work.solutions, A000170[n]);
            work
        })
    });
    group.finish();
}

/// `labs count` on one thread (symmetry cases, bitboard loop), the whole job per iteration:
/// listing the subproblems, starting the pool, counting.
fn fast_count(c: &mut Criterion) {
    let mut group = c.benchmark_group("queens/fastcount");
    group.sample_size(20).measurement_time(Duration::from_secs(3));
    for (n, &known) in A000170.iter().enumerate().take(15).skip(12) {
        let job = Job { n, mode: Mode::Symmetry, unique: false };
        group.bench_function(BenchmarkId::from_parameter(n), |b| {
            b.iter(|| {
                let counts = job.run(Shard::WHOLE, Some(1), &AtomicBool::new(false), &()).unwrap();
                assert_eq!(counts.total, known);
                counts
            })
        });
    }
    group.finish();
}

criterion_group!(benches, count_all, tally_overhead, fast_count);
criterion_main!(benches);
