//! `bordered` — a sentinel frame, so the check walks until it meets the edge.
//!
//! Mirrors document 001 (eight queens on a board framed with `#`). The board has n+2 rows and
//! n+2 columns: its outer ring is the frame, the n×n inside holds the queens, and rows and
//! columns are numbered from 1 as in the document. The search fills rows top to bottom and tries
//! columns left to right. Its `check(i, j)` walks from (i, j) in the document's three directions
//! — up-left, up, up-right — one square at a time, and stops when it steps onto a queen (refused)
//! or onto the frame (that direction is clear). No index is ever compared with a bound: the frame
//! is what ends every walk.
//!
//! `node` counts queens placed; `probe` counts the squares the walks step onto, the frame square
//! that ends a walk included.
//!
//! It walks exactly the tree of `naive` but looks only above the candidate, where the queens are.
//! Read `cell` next for a search that trades the board for flag arrays.

use super::{Conflict, Probed, Visitor};
use std::ops::ControlFlow;

/// What stands on a square of the framed board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Square {
    Frame,
    Empty,
    Queen,
}

/// The document's three walks, in its order: (row step, column step, what a queen there means).
const WALKS: [(isize, isize, Conflict); 3] =
    [(-1, -1, Conflict::Diagonal), (-1, 0, Conflict::Column), (-1, 1, Conflict::AntiDiagonal)];

/// The (n+2)×(n+2) framed board, row-major.
struct Board {
    n: usize,
    squares: Vec<Square>,
    cols: Vec<usize>,
}

impl Board {
    fn new(n: usize) -> Self {
        let side = n + 2;
        let squares = (0..side * side)
            .map(|k| {
                let (i, j) = (k / side, k % side);
                if i == 0 || j == 0 || i == side - 1 || j == side - 1 { Square::Frame } else { Square::Empty }
            })
            .collect();
        Board { n, squares, cols: vec![0; n] }
    }

    fn at(&self, i: usize, j: usize) -> Square {
        self.squares[i * (self.n + 2) + j]
    }

    fn set(&mut self, i: usize, j: usize, s: Square) {
        let side = self.n + 2;
        self.squares[i * side + j] = s;
    }

    /// The document's `check`: each walk runs until the frame; `Ok` if none meets a queen, else the
    /// line of the first queen met, which refuses (i, j).
    fn check<V: Visitor + ?Sized>(&self, i: usize, j: usize, v: &mut V) -> Result<(), Conflict> {
        for (di, dj, why) in WALKS {
            let (mut ni, mut nj) = (i, j);
            while self.at(ni, nj) != Square::Frame {
                ni = ni.wrapping_add_signed(di);
                nj = nj.wrapping_add_signed(dj);
                v.probe_at(Probed::Framed(ni, nj));
                if self.at(ni, nj) == Square::Queen {
                    return Err(why);
                }
            }
        }
        Ok(())
    }

    /// The document's `find(i)`, for the 1-based row `i`.
    fn find<V: Visitor + ?Sized>(&mut self, i: usize, v: &mut V) -> ControlFlow<()> {
        v.proceed()?;
        if i > self.n {
            return v.solution(&self.cols);
        }
        for j in 1..=self.n {
            if let Err(why) = self.check(i, j, v) {
                v.reject(i - 1, j - 1, why);
                continue;
            }
            self.set(i, j, Square::Queen);
            self.cols[i - 1] = j - 1;
            v.node(i - 1, j - 1);
            let flow = self.find(i + 1, v);
            self.set(i, j, Square::Empty);
            v.backtrack(i - 1, j - 1);
            flow?;
        }
        ControlFlow::Continue(())
    }
}

/// Streams every solution of the `n`×`n` board to `v`, in row-major order.
pub fn solve<V: Visitor + ?Sized>(n: usize, v: &mut V) -> ControlFlow<()> {
    Board::new(n).find(1, v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::{Count, Tally};

    fn frame(board: &Board) -> Vec<Square> {
        let side = board.n + 2;
        (0..side * side)
            .filter(|k| [0, side - 1].contains(&(k / side)) || [0, side - 1].contains(&(k % side)))
            .map(|k| board.squares[k])
            .collect()
    }

    #[test]
    fn the_frame_is_never_written_and_the_inside_is_empty_again() {
        let mut board = Board::new(7);
        let mut count = Count::default();
        let _ = board.find(1, &mut count);
        assert_eq!(count.0, 40);
        assert!(frame(&board).iter().all(|&s| s == Square::Frame));
        assert_eq!(board.squares.iter().filter(|&&s| s == Square::Empty).count(), 49);
    }

    #[test]
    fn a_passing_walk_ends_on_the_frame() {
        // From row 3, column 2 of an empty 5×5 board: up-left 2 steps, up 3, up-right 3.
        let board = Board::new(5);
        let mut t = Tally::new(Count::default());
        assert_eq!(board.check(3, 2, &mut t), Ok(()));
        assert_eq!(t.work.probes, 2 + 3 + 3);
    }
}
