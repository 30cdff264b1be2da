//! `bits` — the whole row at once: columns and both diagonals as bitmasks.
//!
//! Ours, not one of the documents: the standard bitboard search. Bit `c` of a mask stands for
//! column `c`. Three masks carry what the queens above attack in the current row: their columns,
//! their `\` diagonals (shifted one column right per row) and their `/` diagonals (shifted one
//! column left per row). One expression gives every free square of the row; the search takes them
//! lowest bit first, which is left to right, so the stream is the same row-major one as every
//! other variant's. Rows are kept in a `u64`, hence n ≤ 64.
//!
//! `node` counts queens placed; `probe` counts one per mask of free squares computed, that is one
//! per row entered (the check examines a whole row in one operation). Refused squares are reported
//! only when a visitor asks for them (a trace); the plain search never looks at them one by one.
//!
//! Same tree as `row`, with the check reduced to a few machine instructions. The fast counter
//! (`labs count`) builds on it.

use super::{Conflict, Probed, Visitor};
use std::ops::ControlFlow;

struct Search<'a> {
    n: usize,
    /// The squares each row may take at all: the whole row, unless a caller narrows it
    /// ([`solve_within`]).
    allowed: &'a [u64],
    cols: Vec<usize>,
}

impl Search<'_> {
    /// Row `row` is next; `col`, `diag` and `anti` are the squares of this row already attacked.
    fn place<V: Visitor + ?Sized>(&mut self, row: usize, col: u64, diag: u64, anti: u64, v: &mut V) -> ControlFlow<()> {
        v.proceed()?;
        if row == self.n {
            return v.solution(&self.cols);
        }
        v.probe_at(Probed::Mask(row));
        let mut free = self.allowed[row] & !(col | diag | anti);
        let mut next = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            let c = bit.trailing_zeros() as usize;
            refuse(row, next..c, [col, diag, anti], v);
            next = c + 1;
            free ^= bit;
            self.cols[row] = c;
            v.node(row, c);
            let flow = self.place(row + 1, col | bit, (diag | bit) << 1, (anti | bit) >> 1, v);
            v.backtrack(row, c);
            flow?;
        }
        refuse(row, next..self.n, [col, diag, anti], v);
        ControlFlow::Continue(())
    }
}

/// Reports the refused squares `cols` of `row` to a visitor that wants them (for a plain count the
/// loop has no effect and is compiled away). `masks` are the column, `\` and `/` attacks.
#[inline(always)]
fn refuse<V: Visitor + ?Sized>(row: usize, cols: std::ops::Range<usize>, masks: [u64; 3], v: &mut V) {
    const WHY: [Conflict; 3] = [Conflict::Column, Conflict::Diagonal, Conflict::AntiDiagonal];
    for c in cols {
        if let Some(k) = masks.iter().position(|m| m & (1u64 << c) != 0) {
            v.reject(row, c, WHY[k]);
        }
    }
}

/// Streams every solution of the `n`×`n` board to `v`, in row-major order.
pub fn solve<V: Visitor + ?Sized>(n: usize, v: &mut V) -> ControlFlow<()> {
    solve_within(&vec![full_row(n); n], v)
}

/// The same search with row `r`'s queen kept to the squares of `allowed[r]` (n = `allowed.len()`):
/// the completion of a partial board ([`crate::beyond::completion`]) narrows rows this way.
pub fn solve_within<V: Visitor + ?Sized>(allowed: &[u64], v: &mut V) -> ControlFlow<()> {
    let n = allowed.len();
    Search { n, allowed, cols: vec![0; n] }.place(0, 0, 0, 0, v)
}

/// The mask of a whole row of `n` squares (`1 << 64` would overflow, hence the case).
pub(crate) fn full_row(n: usize) -> u64 {
    if n == 64 { u64::MAX } else { (1u64 << n) - 1 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::{Count, Tally};

    #[test]
    fn a_full_row_has_one_bit_per_column_up_to_64() {
        assert_eq!(full_row(1), 0b1);
        assert_eq!(full_row(4), 0b1111);
        assert_eq!(full_row(63), u64::MAX >> 1);
        assert_eq!(full_row(64), u64::MAX);
    }

    #[test]
    fn one_probe_per_row_entered_and_the_tree_of_row() {
        let mut bits = Tally::new(Count::default());
        let _ = solve(8, &mut bits);
        let mut row = Tally::new(Count::default());
        let _ = crate::solvers::row::solve(8, &mut row);
        assert_eq!((bits.inner.0, bits.work.placed), (92, row.work.placed));
        // A mask is computed on entering each non-full row: every node but the 92 full boards,
        // plus the root.
        assert_eq!(bits.work.probes, bits.work.placed + 1 - 92);
    }

    #[test]
    fn refusals_name_the_first_mask_that_attacks() {
        struct Refusals(Vec<(usize, usize, Conflict)>);
        impl Visitor for Refusals {
            fn solution(&mut self, _cols: &[usize]) -> ControlFlow<()> {
                ControlFlow::Break(())
            }
            fn reject(&mut self, row: usize, col: usize, why: Conflict) {
                self.0.push((row, col, why));
            }
        }
        let mut seen = Refusals(Vec::new());
        let _ = solve(4, &mut seen);
        // Queen (0,0): row 1 refuses column 0 (same column) and 1 (its `\\` diagonal).
        assert_eq!(seen.0[..2], [(1, 0, Conflict::Column), (1, 1, Conflict::Diagonal)]);
    }
}
