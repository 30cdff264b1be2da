//! `construct` — one solution for every n ≥ 4, by formula: O(n), no search.
//!
//! The construction of Hoffman, Loessi & Moore (1969), in the form Bernhardsson (1991) gave it.
//! Counting rows and columns from 1 for the derivation: row i's queen stands in the i-th column
//! of the list *the even columns, then the odd ones* (n = 8: 2 4 6 8 1 3 5 7), with two repairs.
//!
//! **Why evens then odds works (n even, m = n/2).** The first m queens are (i, 2i): on one line
//! of slope 2, so no two share a column or a diagonal (their column gap is twice their row gap).
//! The same holds for the last m, (m + j, 2j − 1). A queen of each, i and j, with k = j − i: row
//! gap m + k, column gap 2k − 1. They share a diagonal when |2k − 1| = m + k, that is k = m + 1
//! (impossible: |k| < m) or 3k = 1 − m, which has a solution with |k| < m exactly when
//! m ≡ 1 (mod 3), n ≡ 2 (mod 6). So evens-then-odds is a solution for n ≡ 0, 4 (mod 6).
//!
//! **n odd.** Add a queen in the corner (n, n) to the solution for n − 1: it shares no column or
//! row, and the main diagonal is free (no (i, 2i) or (m + j, 2j − 1) lies on it). So n ≡ 1, 5
//! (mod 6) follow from 0, 4.
//!
//! **The repairs.** For n ≡ 2 (mod 6) the clash above is between the two halves: swapping the odd
//! columns 1 and 3 and moving 5 to the end (3 1 7 9 … 5) breaks it. For n ≡ 3 (mod 6), n − 1 ≡ 2:
//! the even columns with 2 moved to the end (4 6 … 2), then the odd ones with 1 and 3 moved to the
//! end (5 7 … 1 3). The tests check every n up to 2,000 and n = 10⁶ with [`check()`](super::check()).
//!
//! No nodes, no probes: nothing is tried. [`column()`] gives one row's column in O(1), so a million
//! rows can be written without being stored; [`construct()`] collects them.

/// The column (from 0) of row `row`'s queen (from 0) in the construction for `n` (n ≥ 4 or n = 1).
pub fn column(n: usize, row: usize) -> usize {
    let evens = n / 2;
    let odds = n - evens;
    // From 1, as the derivation counts.
    let one_based = if row < evens {
        let k = row;
        match n % 6 {
            3 if k == evens - 1 => 2,
            3 => 2 * k + 4,
            _ => 2 * k + 2,
        }
    } else {
        let k = row - evens;
        match n % 6 {
            2 if k == 0 => 3,
            2 if k == 1 => 1,
            2 if k == odds - 1 => 5,
            2 => 2 * k + 3,
            3 if k == odds - 2 => 1,
            3 if k == odds - 1 => 3,
            3 => 2 * k + 5,
            _ => 2 * k + 1,
        }
    };
    one_based - 1
}

/// Whether the construction has a solution for `n`: every n but 2 and 3 (and 0), which have none.
pub fn exists(n: usize) -> bool {
    !matches!(n, 0 | 2 | 3)
}

/// One solution of the `n`×`n` board (row r's queen at column `cols[r]`), or `None` for n = 2 and
/// 3, which have none (and 0, no board).
pub fn construct(n: usize) -> Option<Vec<usize>> {
    exists(n).then(|| (0..n).map(|row| column(n, row)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::beyond::check;
    use crate::solvers::Algo;

    #[test]
    fn every_board_up_to_two_thousand_has_its_solution_and_two_and_three_none() {
        assert_eq!(construct(2), None);
        assert_eq!(construct(3), None);
        assert_eq!(construct(1), Some(vec![0]));
        for n in 4..=2000 {
            let cols = construct(n).unwrap();
            assert_eq!(check(&cols), Ok(()), "n = {n}: {cols:?}");
        }
    }

    #[test]
    fn the_small_ones_are_among_the_backtracking_variants_solutions() {
        assert_eq!(construct(8), Some(vec![1, 3, 5, 7, 2, 0, 6, 4]));
        assert_eq!(construct(9), Some(vec![3, 5, 7, 1, 4, 6, 8, 0, 2]));
        for n in [1, 4, 5, 6, 7, 8, 9, 10, 11, 12] {
            assert!(Algo::Bits.solutions(n).contains(&construct(n).unwrap()), "n = {n}");
        }
    }

    #[test]
    fn a_million_queens() {
        let n = 1_000_000;
        assert_eq!(check(&construct(n).unwrap()), Ok(()));
    }
}
