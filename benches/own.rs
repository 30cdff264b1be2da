//! criterion bench of `labs trace --own`'s comparison: `cargo bench --bench own`. Ids read
//! `queens/own/compare/<n>`.
//!
//! The target: at n = 8 the comparison adds at most 10 % to the program's own time. A
//! row search in C that writes its place, remove and reject lines (one write each, to an
//! unbuffered stderr) takes some 9 ms of CPU at n = 8 (docs/internals.md, Performance); this times
//! what the trace adds to it: the same stream's lines parsed, replayed and compared with both
//! trees (`TREES`, as without `--vs`), each variant's search on its own thread. The stream is what
//! such a program writes, generated here once, and the known work is asserted inside the loop.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use nqueens::own::{Comparison, Parsed, TREES, parse};
use std::hint::black_box;
use std::time::Duration;

/// The stderr of a row search that writes every place, remove and reject, at `n`.
fn written(n: usize) -> Vec<u8> {
    fn go(n: usize, queens: &mut Vec<usize>, out: &mut Vec<u8>) {
        let r = queens.len();
        if r == n {
            return;
        }
        for c in 0..n {
            if queens.iter().enumerate().all(|(i, &q)| q != c && q.abs_diff(c) != r - i) {
                out.extend(format!("place {r} {c} @12\n").bytes());
                queens.push(c);
                go(n, queens, out);
                queens.pop();
                out.extend(format!("remove {r} {c}\n").bytes());
            } else {
                out.extend(format!("reject {r} {c}\n").bytes());
            }
        }
    }
    let mut out = Vec::new();
    go(n, &mut Vec::new(), &mut out);
    out
}

/// `queens/own/compare/<n>`: every line parsed and fed, then the comparison finished.
fn compare(c: &mut Criterion) {
    let mut group = c.benchmark_group("queens/own/compare");
    group.sample_size(50).measurement_time(Duration::from_secs(3));
    // Row's placements at each n: its tree's nodes less the root.
    for (n, placed) in [(6, 152), (8, 2056), (10, 35_538)] {
        let bytes = written(n);
        group.bench_with_input(BenchmarkId::from_parameter(n), &bytes, |b, bytes| {
            b.iter(|| {
                let mut comparison = Comparison::new(n, &TREES).unwrap();
                for line in black_box(bytes).split(|&b| b == b'\n') {
                    if let Parsed::Event(event) = parse(line, Default::default()) {
                        let _ = comparison.feed(event);
                    }
                }
                let compared = comparison.finish();
                assert_eq!((compared.difference, compared.own_nodes), (None, placed));
            })
        });
    }
    group.finish();
}

criterion_group!(benches, compare);
criterion_main!(benches);
