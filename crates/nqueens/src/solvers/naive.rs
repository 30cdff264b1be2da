//! `naive` — the brute-force check: scan the column, then the whole board, before every queen.
//!
//! Mirrors document 000 (PTA "八皇后问题(*)"). The board is an n×n grid of squares, each empty or
//! holding a queen. The search fills rows top to bottom and tries the columns of a row left to
//! right. Its check, the document's `IsValid`, first reads the column from the top row down, then
//! walks every square of the board and reads those that lie on one of the two diagonals through
//! the candidate; it stops at the first queen it meets. A queen is placed, the next row searched,
//! and the queen taken off again when that call returns.
//!
//! `node` counts queens placed; `probe` counts squares the check visits: each square of the
//! column scan, then each square of the board-wide diagonal scan (the scan visits every square to
//! test whether it lies on a diagonal, so a passing check costs n + n² probes).
//!
//! It walks exactly the tree of `row`, `bordered` and `kruse`; only the check costs more.
//! Read `bordered` next: a frame around the board lets the check stop at the edge instead.

use super::{Conflict, Probed, Visitor};
use std::ops::ControlFlow;

/// The n×n board: `true` where a queen stands, row-major.
struct Board {
    n: usize,
    queen: Vec<bool>,
    /// The column of each placed row's queen, passed to the visitor on a solution.
    cols: Vec<usize>,
}

impl Board {
    /// The document's `IsValid`: column first, then every square for the two diagonals; `Ok` if a
    /// queen may stand on (row, col), else the line of the first queen met.
    fn is_valid<V: Visitor + ?Sized>(&self, row: usize, col: usize, v: &mut V) -> Result<(), Conflict> {
        let n = self.n;
        for (i, &queen) in self.queen.iter().skip(col).step_by(n).enumerate() {
            v.probe_at(Probed::Square(i, col));
            if queen {
                return Err(Conflict::Column);
            }
        }
        // Every square is still visited in the document's order; a slice per row spares a bounds
        // check on each read, and the two diagonal columns of a row are worked out once per row.
        for i in 0..n {
            let squares = &self.queen[i * n..(i + 1) * n];
            // Square (i, j) lies on the `\` diagonal through (row, col) when j − i = col − row,
            // and on the `/` one when i + j = row + col; off the board, the wrapped value matches
            // no j. The document tests `\` first.
            let diagonal = (i + col).wrapping_sub(row);
            let anti_diagonal = (row + col).wrapping_sub(i);
            for (j, queen) in squares.iter().enumerate() {
                v.probe_at(Probed::Square(i, j));
                if (j == diagonal || j == anti_diagonal) && *queen {
                    return Err(if j == diagonal { Conflict::Diagonal } else { Conflict::AntiDiagonal });
                }
            }
        }
        Ok(())
    }

    fn tracing<V: Visitor + ?Sized>(&mut self, row: usize, v: &mut V) -> ControlFlow<()> {
        v.proceed()?;
        let n = self.n;
        if row == n {
            return v.solution(&self.cols);
        }
        for col in 0..n {
            if let Err(why) = self.is_valid(row, col, v) {
                v.reject(row, col, why);
                continue;
            }
            self.queen[row * n + col] = true;
            self.cols[row] = col;
            v.node(row, col);
            let flow = self.tracing(row + 1, v);
            self.queen[row * n + col] = false;
            v.backtrack(row, col);
            flow?;
        }
        ControlFlow::Continue(())
    }
}

/// Streams every solution of the `n`×`n` board to `v`, in row-major order.
pub fn solve<V: Visitor + ?Sized>(n: usize, v: &mut V) -> ControlFlow<()> {
    let mut board = Board { n, queen: vec![false; n * n], cols: vec![0; n] };
    board.tracing(0, v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::Count;
    use crate::solvers::Tally;

    #[test]
    fn a_passing_check_visits_the_column_and_every_square() {
        let board = Board { n: 5, queen: vec![false; 25], cols: vec![0; 5] };
        let mut t = Tally::new(Count::default());
        assert_eq!(board.is_valid(2, 3, &mut t), Ok(()));
        assert_eq!(t.work.probes, 5 + 25);
    }

    #[test]
    fn the_board_is_empty_again_after_the_search() {
        let mut board = Board { n: 6, queen: vec![false; 36], cols: vec![0; 6] };
        let mut count = Count::default();
        let _ = board.tracing(0, &mut count);
        assert_eq!(count.0, 4);
        assert!(board.queen.iter().all(|&q| !q));
    }
}
