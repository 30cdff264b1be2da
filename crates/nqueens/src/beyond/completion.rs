//! `complete` — some queens are given; find the others, or prove that no placement exists.
//!
//! The n-Queens Completion problem: Gent, Jefferson & Nightingale (JAIR 59, 2017) proved it
//! NP-complete, and counting its completions #P-complete, though the n-Queens problem itself is
//! solved by a formula ([`construct`](mod@super::construct)). So this is a search, and no shortcut
//! is known: `bits`' search with the given queens fixed. Before it starts, each row's squares that
//! a given queen attacks are struck out (a given queen below prunes rows above it too); rows with
//! a given queen take that queen alone. Then rows are filled top down by
//! [`bits::solve_within`], which walks through the given rows as it walks through any other.
//!
//! `node` counts queens the search places (the given ones are not placed: they are there);
//! `probe` counts one mask of free squares computed per row entered, as in `bits`. Every
//! completion is streamed, in row-major order, so a visitor can stop at the first or count them
//! all; a search that streams none has searched the whole space, and that is the proof that none
//! exists. Two given queens that attack each other are that proof at once: nothing is searched.
//! n ≤ 64, as `bits`.

use crate::solvers::{Conflict, MAX_N, Probed, Visitor, bits};
use std::ops::ControlFlow;

/// Why the given queens are no partial board of the size asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Misplaced {
    /// The board is larger than [`MAX_N`] (or empty).
    Size(usize),
    /// A queen given at (`row`, `col`) is off the board.
    OffBoard {
        /// Its row, from 0.
        row: usize,
        /// Its column, from 0.
        col: usize,
    },
    /// Two queens given in row `row`: never a partial solution, but said as a mistake in the input.
    SameRow(usize),
}

/// Streams every completion of the `n`×`n` board that keeps the queens `given` (each `(row,
/// col)`, from 0) to `v`, in row-major order. `Err` if `given` is no partial board of that size.
pub fn complete<V: Visitor + ?Sized>(
    n: usize,
    given: &[(usize, usize)],
    v: &mut V,
) -> Result<ControlFlow<()>, Misplaced> {
    if !(1..=MAX_N).contains(&n) {
        return Err(Misplaced::Size(n));
    }
    let mut fixed = vec![None; n];
    for &(row, col) in given {
        if row >= n || col >= n {
            return Err(Misplaced::OffBoard { row, col });
        }
        if fixed[row].replace(col).is_some() {
            return Err(Misplaced::SameRow(row));
        }
    }
    let full = bits::full_row(n);
    // What the given queens leave of each row.
    let mut allowed: Vec<u64> = fixed.iter().map(|c| c.map_or(full, |c| 1 << c)).collect();
    for &(gr, gc) in given {
        for (r, mask) in allowed.iter_mut().enumerate().filter(|&(r, _)| r != gr) {
            let gap = r.abs_diff(gr);
            let mut attacked = 1u64 << gc;
            if gc + gap < n {
                attacked |= 1 << (gc + gap);
            }
            if gap <= gc {
                attacked |= 1 << (gc - gap);
            }
            *mask &= !attacked;
        }
    }
    // A given row left empty: two given queens attack each other.
    if fixed.iter().zip(&allowed).any(|(f, &a)| f.is_some() && a == 0) {
        return Ok(ControlFlow::Continue(()));
    }
    Ok(bits::solve_within(&allowed, &mut Searched { fixed: &fixed, inner: v }))
}

/// Passes every event on but the placing and taking back of the given queens, which the search
/// walks through without placing them.
struct Searched<'a, V: ?Sized> {
    fixed: &'a [Option<usize>],
    inner: &'a mut V,
}

impl<V: Visitor + ?Sized> Visitor for Searched<'_, V> {
    fn solution(&mut self, cols: &[usize]) -> ControlFlow<()> {
        self.inner.solution(cols)
    }
    fn node(&mut self, row: usize, col: usize) {
        if self.fixed[row].is_none() {
            self.inner.node(row, col)
        }
    }
    fn backtrack(&mut self, row: usize, col: usize) {
        if self.fixed[row].is_none() {
            self.inner.backtrack(row, col)
        }
    }
    fn probe_at(&mut self, what: Probed) {
        self.inner.probe_at(what)
    }
    fn reject(&mut self, row: usize, col: usize, why: Conflict) {
        self.inner.reject(row, col, why)
    }
    fn proceed(&mut self) -> ControlFlow<()> {
        self.inner.proceed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::{Algo, Collect, Take, Tally};

    /// Every partial board of `k` queens in distinct rows of the n×n board.
    fn partials(n: usize, k: usize) -> Vec<Vec<(usize, usize)>> {
        let mut out = vec![vec![]];
        for _ in 0..k {
            out = out
                .into_iter()
                .flat_map(|p: Vec<(usize, usize)>| {
                    let from = p.last().map_or(0, |&(r, _)| r + 1);
                    (from..n).flat_map(move |r| {
                        let p = p.clone();
                        (0..n).map(move |c| [p.clone(), vec![(r, c)]].concat())
                    })
                })
                .collect();
        }
        out
    }

    #[test]
    fn every_partial_board_of_up_to_three_queens_completes_exactly_as_the_full_solutions_say() {
        for n in 1..=8 {
            let solutions = Algo::Row.solutions(n);
            for k in 1..=3.min(n) {
                for given in partials(n, k) {
                    let extends = |s: &Vec<usize>| given.iter().all(|&(r, c)| s[r] == c);
                    let expected: Vec<Vec<usize>> = solutions.iter().filter(|s| extends(s)).cloned().collect();
                    let mut found = Collect::default();
                    assert!(complete(n, &given, &mut found).unwrap().is_continue());
                    assert_eq!(found.0, expected, "n = {n}, given {given:?}");
                }
            }
        }
    }

    #[test]
    fn nothing_given_is_bits_own_search() {
        for n in 1..=10 {
            let mut ours = Tally::new(Collect::default());
            let _ = complete(n, &[], &mut ours);
            let mut bits = Tally::new(Collect::default());
            let _ = Algo::Bits.solve(n, &mut bits);
            assert_eq!((ours.inner.0, ours.work), (bits.inner.0, bits.work), "n = {n}");
        }
    }

    #[test]
    fn an_impossible_board_is_proved_so_and_the_first_completion_can_be_taken_alone() {
        // Two given queens that attack each other: nothing to search.
        let mut none = Tally::new(Collect::default());
        assert!(complete(8, &[(0, 0), (5, 5)], &mut none).unwrap().is_continue());
        assert_eq!((none.inner.0.len(), none.work.placed), (0, 0));
        // (0,0) and (1,2) on 4×4: they attack nothing of each other, yet no completion exists.
        let mut proof = Tally::new(Collect::default());
        assert!(complete(4, &[(0, 0), (1, 2)], &mut proof).unwrap().is_continue());
        assert!(proof.inner.0.is_empty());
        let mut first = Take { inner: Collect::default(), left: 1 };
        assert!(complete(20, &[(0, 5), (10, 10)], &mut first).unwrap().is_break());
        assert_eq!(crate::beyond::check(&first.inner.0[0]), Ok(()));
        assert_eq!((first.inner.0[0][0], first.inner.0[0][10]), (5, 10));
    }

    #[test]
    fn a_given_queen_off_the_board_or_twice_in_a_row_is_misplaced() {
        let mut v = Collect::default();
        assert_eq!(complete(4, &[(4, 0)], &mut v), Err(Misplaced::OffBoard { row: 4, col: 0 }));
        assert_eq!(complete(4, &[(1, 0), (1, 3)], &mut v), Err(Misplaced::SameRow(1)));
        assert_eq!(complete(65, &[], &mut v), Err(Misplaced::Size(65)));
    }
}
