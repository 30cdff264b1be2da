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

struct Search {
    n: usize,
    full: u64,
    cols: Vec<usize>,
}

impl Search {
    /// Row `row` is next; `col`, `diag` and `anti` are the squares of this row already attacked.
    fn place<V: Visitor + ?Sized>(&mut self, row: usize, col: u64, diag: u64, anti: u64, v: &mut V) -> ControlFlow<()> {
        v.proceed()?;
        if row == self.n {
            return v.solution(&self.cols);
        }
        v.probe_at(Probed::Mask(row));
        let mut free = self.full & !(col | diag | anti);
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
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    Search { n, full, cols: vec![0; n] }.place(0, 0, 0, 0, v)
}
