//! criterion benches of the lanes: `cargo bench -p nqueens-count --bench lanes`. Ids read
//! `count/lanes/<gather>/<n>` (`avx512`, `avx2`, `pext`, `portable`).
//!
//! One iteration counts a whole board by its symmetry cases on the calling thread: the search
//! above the lanes, the lanes and the last rows' table, without the subproblems' listing or the
//! thread pool that `labs count` adds (the root's `queens/fastcount` times those too). The lanes
//! are made once and kept, as a worker keeps them from one subproblem to the next. Each gather
//! this processor has is timed; the known count is checked inside the loop.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use nqueens::known::A000170;
use nqueens_count::lanes::Lanes;
use nqueens_count::last_rows::Portable;
use nqueens_count::search::SearchGather;
use nqueens_count::symmetry::Case;
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

/// `count/lanes/<gather>/<n>`: every gather this processor has.
fn lanes(c: &mut Criterion) {
    #[cfg(target_arch = "x86_64")]
    if let Some(wide) = nqueens_count::lanes::Wide::detect() {
        lanes_with(c, "avx512", wide);
    }
    #[cfg(target_arch = "x86_64")]
    if let Some(avx2) = nqueens_count::lanes::Avx2::detect() {
        lanes_with(c, "avx2", avx2);
    }
    #[cfg(target_arch = "x86_64")]
    if let Some(pext) = nqueens_count::last_rows::Pext::detect() {
        lanes_with(c, "pext", pext);
    }
    lanes_with(c, "portable", Portable);
}

criterion_group!(benches, lanes);
criterion_main!(benches);
