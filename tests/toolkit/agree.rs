//! Cross-validation: every variant against `row`, against the known counts, and against an
//! independent checker; every variant's work at n = 8 pinned in a golden file.

use crate::common;

use nqueens_labs::facts::A000170;
use nqueens_labs::solvers::{Algo, Count, Profile, Tally, is_solution, row};
use pretty_assertions::assert_eq;

fn stream(algo: Algo, n: usize) -> Vec<Vec<usize>> {
    algo.solutions(n)
}

#[test]
fn every_variant_streams_rows_solutions_in_rows_order() {
    for n in 1..=10 {
        let reference = stream(Algo::Row, n);
        for algo in Algo::ALL {
            assert_eq!(reference, stream(algo, n), "{} at n = {n} differs from row", algo.name());
        }
    }
}

#[test]
fn the_stream_is_sorted_row_major() {
    for n in 1..=9 {
        let s = stream(Algo::Row, n);
        assert!(s.windows(2).all(|w| w[0] < w[1]), "row at n = {n} is not in row-major order");
    }
}

#[test]
fn every_solution_passes_the_independent_check() {
    for algo in Algo::ALL {
        for n in 1..=9 {
            for cols in stream(algo, n) {
                assert!(is_solution(&cols), "{} at n = {n} gave a non-solution {cols:?}", algo.name());
            }
        }
    }
}

#[test]
fn counts_match_oeis_a000170() {
    // `cell` explores every way to leave rows empty: it stays in the suite up to n = 11 (n = 12 takes 20 s).
    for algo in Algo::ALL {
        let top = if algo == Algo::Cell { 11 } else { 12 };
        for (n, &known) in A000170.iter().enumerate().take(top + 1).skip(1) {
            let mut count = Count::default();
            let _ = algo.solve(n, &mut count);
            assert_eq!(count.0, known, "{} at n = {n}", algo.name());
        }
    }
}

#[test]
fn the_checker_refuses_attacks() {
    assert!(is_solution(&[1, 3, 0, 2]));
    assert!(!is_solution(&[0, 2, 1, 3]), "diagonal");
    assert!(!is_solution(&[1, 3, 1, 2]), "column");
    assert!(!is_solution(&[1, 4, 0, 2]), "off the board");
}

#[test]
fn row_visits_the_known_tree_at_8() {
    let mut profile = Profile::new(8);
    let _ = row::solve(8, &mut profile);
    assert_eq!(profile.levels, [1, 8, 42, 140, 344, 568, 550, 312, 92]);
    assert_eq!(profile.levels.iter().sum::<u64>(), 2057);
}

#[test]
fn the_same_tree_for_naive_bordered_kruse_bits() {
    let reference = {
        let mut p = Profile::new(8);
        let _ = row::solve(8, &mut p);
        p.levels
    };
    for algo in [Algo::Naive, Algo::Bordered, Algo::Kruse, Algo::Bits] {
        let mut p = Profile::new(8);
        let _ = algo.solve(8, &mut p);
        assert_eq!(reference, p.levels, "{} walks another tree", algo.name());
    }
}

#[test]
fn cells_profile_counts_queens_on_the_board() {
    let mut p = Profile::new(8);
    let _ = Algo::Cell.solve(8, &mut p);
    assert_eq!(p.levels, [1, 64, 1288, 10320, 34568, 46736, 22708, 3192, 92]);
}

#[test]
fn work_at_8_is_pinned() {
    let mut text = String::from("algo      nodes  probes  solutions\n");
    for algo in Algo::ALL {
        let mut tally = Tally::new(Count::default());
        let _ = algo.solve(8, &mut tally);
        let w = tally.work;
        text += &format!("{:<8} {:>6} {:>7} {:>10}\n", algo.name(), w.nodes(), w.probes, w.solutions);
    }
    common::assert_golden("work-n8.txt", &text);
}

#[test]
fn stopping_early_stops_the_search() {
    use nqueens_labs::solvers::Take;
    for algo in Algo::ALL {
        let mut take = Take { inner: Tally::new(Count::default()), left: 1 };
        let flow = algo.solve(8, &mut take);
        assert!(flow.is_break(), "{}", algo.name());
        assert_eq!(take.inner.work.solutions, 1, "{}", algo.name());
        assert_eq!(stream(algo, 8)[0], [0, 4, 7, 5, 2, 6, 1, 3]);
    }
}
