//! `row` — one queen per row, and three flag arrays that answer the check at once.
//!
//! Mirrors the second program of document 002 and the program of document 003 (OpenJudge
//! Bailian 2698). Each level of the recursion places the queen of one row, trying its columns left
//! to right. A square is free when its column flag, its `/` anti-diagonal flag (indexed
//! row + column) and its `\` diagonal flag (indexed n − row + column) are all clear — the order
//! document 002 reads them in. Placing sets the three, returning clears them. On a full board the
//! search reports the solution and returns, as document 003 does (document 002's program goes on
//! to try the columns of a row past the last, all of them taken).
//!
//! `node` counts queens placed; `probe` counts flags read, the check stopping at the first set.
//! At n = 8 the tree has 2,057 nodes counting its root: 1, 8, 42, 140, 344, 568, 550, 312, 92.
//!
//! Same tree as `naive`, `bordered` and `kruse`, but each check reads at most three flags.
//! Read `kruse` next for the same search wrapped in a board type, then `bits`.

use super::{Conflict, Probed, Visitor};
use std::ops::ControlFlow;

struct Search {
    n: usize,
    col: Vec<bool>,
    /// The `/` anti-diagonals, by row + column: `udg` in document 002's second program, `dg` in
    /// its first (and so in `cell`); each variant keeps its document's names.
    udg: Vec<bool>,
    /// The `\` diagonals, by n − row + column: `dg` here, `udg` in `cell`.
    dg: Vec<bool>,
    cols: Vec<usize>,
}

impl Search {
    /// The three flags of square (u, i), in the document's order: `Ok` if none is set, else the
    /// first one set, which refuses it.
    fn check<V: Visitor + ?Sized>(&self, u: usize, i: usize, v: &mut V) -> Result<(), Conflict> {
        let flags = [
            (self.col[i], Conflict::Column),
            (self.udg[i + u], Conflict::AntiDiagonal),
            (self.dg[self.n + i - u], Conflict::Diagonal),
        ];
        for (taken, why) in flags {
            v.probe_at(Probed::Flag(why, u, i));
            if taken {
                return Err(why);
            }
        }
        Ok(())
    }

    fn mark(&mut self, u: usize, i: usize, on: bool) {
        self.col[i] = on;
        self.udg[i + u] = on;
        self.dg[self.n + i - u] = on;
    }

    /// The documents' `dfs(u)`: rows above `u` hold their queens.
    fn dfs<V: Visitor + ?Sized>(&mut self, u: usize, v: &mut V) -> ControlFlow<()> {
        v.proceed()?;
        if u == self.n {
            return v.solution(&self.cols);
        }
        let n = self.n;
        // Always true; stated so the compiler can drop the bounds checks from the check below,
        // which makes `labs run` faster than document 002's C++ program instead of slower.
        assert!(u < n && self.col.len() == n && self.udg.len() == 2 * n && self.dg.len() == 2 * n);
        for i in 0..n {
            if let Err(why) = self.check(u, i, v) {
                v.reject(u, i, why);
                continue;
            }
            self.mark(u, i, true);
            self.cols[u] = i;
            v.node(u, i);
            let flow = self.dfs(u + 1, v);
            self.mark(u, i, false);
            v.backtrack(u, i);
            flow?;
        }
        ControlFlow::Continue(())
    }
}

/// Streams every solution of the `n`×`n` board to `v`, in row-major order.
pub fn solve<V: Visitor + ?Sized>(n: usize, v: &mut V) -> ControlFlow<()> {
    let mut search =
        Search { n, col: vec![false; n], udg: vec![false; 2 * n], dg: vec![false; 2 * n], cols: vec![0; n] };
    search.dfs(0, v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::Count;

    #[test]
    fn placing_then_clearing_restores_every_flag() {
        let mut search =
            Search { n: 8, col: vec![false; 8], udg: vec![false; 16], dg: vec![false; 16], cols: vec![0; 8] };
        let mut count = Count::default();
        let _ = search.dfs(0, &mut count);
        assert_eq!(count.0, 92);
        assert!([&search.col, &search.udg, &search.dg].iter().all(|f| f.iter().all(|&b| !b)));
    }
}
