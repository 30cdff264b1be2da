//! criterion benches: `cargo bench`. Ids read `queens/<workload>/<algo>/<n>`.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use nqueens_labs::count::shard::Shard;
use nqueens_labs::count::{Job, Mode};
use nqueens_labs::solvers::{Algo, Count, KNOWN_COUNTS, Tally};
use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// What the work counters cost: `row` at n = 12 counted plainly, then with every node and probe
/// tallied. The plain run must not pay for hooks it does not use.
fn tally_overhead(c: &mut Criterion) {
    let mut group = c.benchmark_group("queens/tally");
    group.sample_size(20).measurement_time(Duration::from_secs(3));
    let n = 12;
    group.bench_function(BenchmarkId::new("row/plain", n), |b| {
        b.iter(|| {
            let mut count = Count::default();
            let _ = Algo::Row.solve(black_box(n), &mut count);
            assert_eq!(count.0, KNOWN_COUNTS[n]);
        })
    });
    group.bench_function(BenchmarkId::new("row/tallied", n), |b| {
        b.iter(|| {
            let mut tally = Tally::new(Count::default());
            let _ = Algo::Row.solve(black_box(n), &mut tally);
            assert_eq!(tally.inner.0, KNOWN_COUNTS[n]);
            tally.work
        })
    });
    group.finish();
}

/// `labs count` on one thread (symmetry cases, bitboard loop), the whole job per iteration:
/// listing the subproblems, starting the pool, counting.
fn fast_count(c: &mut Criterion) {
    let mut group = c.benchmark_group("queens/fastcount");
    group.sample_size(20).measurement_time(Duration::from_secs(3));
    for (n, &known) in KNOWN_COUNTS.iter().enumerate().take(15).skip(12) {
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

criterion_group!(benches, tally_overhead, fast_count);
criterion_main!(benches);
