//! `cell` — visit every square in turn and decide: put a queen here, or don't.
//!
//! Mirrors the first program of document 002 (AcWing 843). The search does not know that each row
//! holds one queen: it walks the n² squares in row-major order and at each square first tries to
//! place a queen (if the square's row, column, `/` and `\` flags are all free) and go on to the
//! next square, then tries leaving it empty and going on. Passing the last square with n queens
//! on the board is a solution; with fewer, a dead end. The flag arrays are the document's `row`,
//! `col`, `dg` (indexed row + column) and `udg` (row − column + n), checked in that order.
//!
//! `node` counts queens placed; `probe` counts flags read by the check, which stops at the first
//! one that is set.
//!
//! Its tree is far larger than `row`'s: it also explores every way of leaving rows empty, which
//! no solution can afford. Read `row` next: one queen per row removes the skip branch.

use super::{Conflict, Probed, Visitor};
use std::ops::ControlFlow;

struct Search {
    n: usize,
    row: Vec<bool>,
    col: Vec<bool>,
    /// The `/` anti-diagonals, by row + column. Document 002's first program calls them `dg`;
    /// its second program, and so `row`, calls the same lines `udg`: each keeps its document's
    /// names, so that a student reads the code beside the document.
    dg: Vec<bool>,
    /// The `\` diagonals, by row − column + n: `udg` here, `dg` in `row`.
    udg: Vec<bool>,
    cols: Vec<usize>,
}

impl Search {
    /// The four flags of square (x, y), in the document's order: `Ok` if none is set, else the
    /// first one set, which refuses it. Like the document's `&&`, a flag is read only if the ones
    /// before it were free.
    #[inline(always)]
    fn check<V: Visitor + ?Sized>(&self, x: usize, y: usize, v: &mut V) -> Result<(), Conflict> {
        for why in [Conflict::Row, Conflict::Column, Conflict::AntiDiagonal, Conflict::Diagonal] {
            v.probe_at(Probed::Flag(why, x, y));
            if self.flag(why, x, y) {
                return Err(why);
            }
        }
        Ok(())
    }

    /// The flag of square (x, y) for the line `why`: `row[x]`, `col[y]`, `dg[x + y]` or
    /// `udg[x − y + n]`.
    #[inline(always)]
    fn flag(&self, why: Conflict, x: usize, y: usize) -> bool {
        match why {
            Conflict::Row => self.row[x],
            Conflict::Column => self.col[y],
            Conflict::AntiDiagonal => self.dg[x + y],
            Conflict::Diagonal => self.udg[x + self.n - y],
        }
    }

    #[inline(always)]
    fn mark(&mut self, x: usize, y: usize, on: bool) {
        let n = self.n;
        self.row[x] = on;
        self.col[y] = on;
        self.dg[x + y] = on;
        self.udg[x + n - y] = on;
    }

    /// The document's `dfs(x, y, u)`: square (x, y) is next, `u` queens stand on the board. Its
    /// last line, `dfs(x, y + 1, u)` (leave the square empty), is the loop a C compiler makes of
    /// that tail call: one turn of the loop is one call of the document's recursion.
    fn dfs<V: Visitor + ?Sized>(&mut self, mut x: usize, mut y: usize, u: usize, v: &mut V) -> ControlFlow<()> {
        loop {
            v.proceed()?;
            if y == self.n {
                y = 0;
                x += 1;
            }
            if x == self.n {
                return if u == self.n { v.solution(&self.cols) } else { ControlFlow::Continue(()) };
            }
            match self.check(x, y, v) {
                Err(why) => v.reject(x, y, why),
                Ok(()) => {
                    self.mark(x, y, true);
                    self.cols[x] = y;
                    v.node(x, y);
                    let flow = self.dfs(x, y + 1, u + 1, v);
                    self.mark(x, y, false);
                    v.backtrack(x, y);
                    flow?;
                }
            }
            y += 1;
        }
    }
}

/// Streams every solution of the `n`×`n` board to `v`, in row-major order.
pub fn solve<V: Visitor + ?Sized>(n: usize, v: &mut V) -> ControlFlow<()> {
    let mut search = Search {
        n,
        row: vec![false; n],
        col: vec![false; n],
        dg: vec![false; 2 * n],
        udg: vec![false; 2 * n + 1],
        cols: vec![0; n],
    };
    search.dfs(0, 0, 0, v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::Count;

    #[test]
    fn every_flag_is_clear_again_after_the_search() {
        let mut search = Search {
            n: 6,
            row: vec![false; 6],
            col: vec![false; 6],
            dg: vec![false; 12],
            udg: vec![false; 13],
            cols: vec![0; 6],
        };
        let mut count = Count::default();
        let _ = search.dfs(0, 0, 0, &mut count);
        assert_eq!(count.0, 4);
        let flags = [&search.row, &search.col, &search.dg, &search.udg];
        assert!(flags.iter().all(|f| f.iter().all(|&b| !b)));
    }
}
