//! criterion bench of the similarity check: `cargo bench --bench copies`. Ids read
//! `grade/copies/<students>`.
//!
//! A class of 40 and one of 200, each student one of tests/class's 13 sources (Java, C, C++,
//! Python, 200 to 350 tokens: a lab's size) with 20 lines of its own after it, so that every
//! student has fingerprints no one else has and every source is one of about 15 with the same
//! body: a harder class than a real one, where most pairs share nothing.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use nqueens_labs::grade::copies::{self, Source};
use nqueens_labs::judge::compile::Language;
use std::hint::black_box;
use std::time::Duration;

/// tests/class's sources: (language, text).
const CLASS: [(Language, &str); 13] = [
    (Language::Java, include_str!("../tests/class/Iter.java")),
    (Language::Java, include_str!("../tests/class/Main.java")),
    (Language::C, include_str!("../tests/class/bits.c")),
    (Language::C, include_str!("../tests/class/cells.c")),
    (Language::Cpp, include_str!("../tests/class/luoshiwu.cpp")),
    (Language::Python, include_str!("../tests/class/perms.py")),
    (Language::Python, include_str!("../tests/class/recurse.py")),
    (Language::C, include_str!("../tests/class/rows.c")),
    (Language::Cpp, include_str!("../tests/class/stack.cpp")),
    (Language::C, include_str!("../tests/class/textbook.c")),
    (Language::Python, include_str!("../tests/class/walk.py")),
    (Language::Cpp, include_str!("../tests/class/wangwu.cpp")),
    (Language::Cpp, include_str!("../tests/class/zhangsan.cpp")),
];

/// A class of `size` students.
fn class(size: usize) -> Vec<Source> {
    const OPS: [&str; 6] = ["+", "-", "*", "<", "&", "=="];
    (0..size)
        .map(|k| {
            let (language, text) = CLASS[k % CLASS.len()];
            // 20 lines only this student has: a little generator of operators from k.
            let mut state = k as u64 * 2654435761 + 1;
            let mut own = String::new();
            for line in 0..20 {
                let mut ops = Vec::new();
                for _ in 0..4 {
                    state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    ops.push(OPS[(state >> 33) as usize % OPS.len()]);
                }
                own += &format!("x{line} = (a {} b) {} (c {} d) {} e;\n", ops[0], ops[1], ops[2], ops[3]);
            }
            Source {
                name: format!("s{k:03}"),
                language,
                text: format!("{text}\n{own}"),
                wrong_outputs: Vec::new(),
                format: None,
            }
        })
        .collect()
}

/// `grade/copies/<students>`: the whole check, from sources to flagged pairs.
fn copies_check(c: &mut Criterion) {
    let mut group = c.benchmark_group("grade/copies");
    group.sample_size(20).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
    for size in [40, 200] {
        let class = class(size);
        group.bench_with_input(BenchmarkId::from_parameter(size), &class, |b, class| {
            b.iter(|| {
                let flagged = copies::check(black_box(class), None, copies::THRESHOLD);
                assert!(!flagged.pairs.is_empty(), "every body is some 15 students'");
            })
        });
    }
    group.finish();
}

criterion_group!(benches, copies_check);
criterion_main!(benches);
