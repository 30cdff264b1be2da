//! criterion benches of what comes after backtracking: `cargo bench --bench beyond`. Ids read
//! `queens/one/<method>/<n>` and `queens/check/<n>`.
//!
//! The targets: min-conflicts places 10⁶ queens in at most a second on one core (10⁷ in
//! 15 s, too long for a bench: `labs solve --method min-conflicts 10000000` measures it); the
//! construction is the yardstick it is compared with at the same n, and the O(n) check is timed
//! on the construction's board. Each result is checked inside the loop.

use criterion::{BenchmarkId, Criterion, SamplingMode, criterion_group, criterion_main};
use nqueens::beyond::{Budget, check, construct, min_conflicts};
use std::hint::black_box;
use std::time::Duration;

/// The board sizes: a thousand, a hundred thousand, a million queens.
const SIZES: [usize; 3] = [1_000, 100_000, 1_000_000];

/// `queens/one/construct/<n>` and `queens/one/min-conflicts/<n>`: one solution each way.
fn one(c: &mut Criterion) {
    let mut group = c.benchmark_group("queens/one");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .sampling_mode(SamplingMode::Flat);
    for n in SIZES {
        group.bench_with_input(BenchmarkId::new("construct", n), &n, |b, &n| {
            b.iter(|| assert_eq!(construct(black_box(n)).map(|c| c.len()), Some(n)))
        });
        group.bench_with_input(BenchmarkId::new("min-conflicts", n), &n, |b, &n| {
            b.iter(|| {
                let cols = min_conflicts(black_box(n), 1, Budget::for_board(n), &mut ()).unwrap().unwrap();
                assert_eq!(cols.len(), n);
            })
        });
    }
    group.finish();
}

/// `queens/check/<n>`: the O(n) check of the construction's board.
fn checked(c: &mut Criterion) {
    let mut group = c.benchmark_group("queens/check");
    group.sample_size(10).measurement_time(Duration::from_secs(3));
    for n in SIZES {
        let cols = construct(n).unwrap();
        group.bench_with_input(BenchmarkId::from_parameter(n), &cols, |b, cols| {
            b.iter(|| assert_eq!(check(black_box(cols)), Ok(())))
        });
    }
    group.finish();
}

criterion_group!(benches, one, checked);
criterion_main!(benches);
