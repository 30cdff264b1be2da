//! `kruse` — the search behind a board type: `insert`, `remove`, `unguarded`, `is_solved`.
//!
//! Mirrors document 004, a course lab after Kruse & Ryba, *Data Structures and Program Design in
//! C++*. The [`Queens`] type keeps the document's names: `board_size`, `count` (the queens on the
//! board, which is also the first unoccupied row) and the `queen_square` array. `unguarded(col)`
//! asks whether the square (count, col) is safe by reading, as the textbook does, the column above
//! it from the top, then the `\` diagonal up-left, then the `/` diagonal up-right, each only until
//! the first queen. `solve_from` is the document's recursion: report a solved board, otherwise try
//! each column of the next row that is unguarded, insert, recurse, remove. The document's fixed
//! 15×15 array (`max_board`) is gone: the board is as large as asked.
//!
//! `node` counts `insert` calls; `probe` counts squares `unguarded` reads.
//!
//! Same tree as `row`; the check is O(n) like `bordered`'s, but reads only squares above the row.
//! Read `bits` next.

use super::{Conflict, Probed, Visitor};
use std::ops::ControlFlow;

/// A partly filled board: queens in rows `0..count`, one per row, none guarding another.
#[derive(Clone, Debug)]
pub struct Queens {
    /// The board's dimension, and the number of queens a solution holds.
    pub board_size: usize,
    /// Queens on the board, and so the first unoccupied row.
    count: usize,
    /// `queen_square[row * board_size + col]` is true where a queen stands.
    queen_square: Vec<bool>,
    /// Each occupied row's queen column, for the visitor.
    cols: Vec<usize>,
}

impl Queens {
    /// An empty `board_size`×`board_size` board.
    pub fn new(board_size: usize) -> Self {
        Queens { board_size, count: 0, queen_square: vec![false; board_size * board_size], cols: vec![0; board_size] }
    }

    /// Whether every row holds a queen.
    pub fn is_solved(&self) -> bool {
        self.count == self.board_size
    }

    /// Queens on the board.
    pub fn count(&self) -> usize {
        self.count
    }

    fn square(&self, row: usize, col: usize) -> bool {
        self.queen_square[row * self.board_size + col]
    }

    /// Whether no queen guards (count, `col`): `Ok` if unguarded, else the line a queen guards it on.
    pub fn unguarded<V: Visitor + ?Sized>(&self, col: usize, v: &mut V) -> Result<(), Conflict> {
        let count = self.count;
        for i in 0..count {
            v.probe_at(Probed::Square(i, col));
            if self.square(i, col) {
                return Err(Conflict::Column);
            }
        }
        for i in 1..=count.min(col) {
            v.probe_at(Probed::Square(count - i, col - i));
            if self.square(count - i, col - i) {
                return Err(Conflict::Diagonal);
            }
        }
        for i in 1..=count.min(self.board_size - 1 - col) {
            v.probe_at(Probed::Square(count - i, col + i));
            if self.square(count - i, col + i) {
                return Err(Conflict::AntiDiagonal);
            }
        }
        Ok(())
    }

    /// Puts a queen at (count, `col`) and moves on to the next row.
    pub fn insert(&mut self, col: usize) {
        let row = self.count;
        self.queen_square[row * self.board_size + col] = true;
        self.cols[row] = col;
        self.count += 1;
    }

    /// Takes the queen of the last occupied row, standing at `col`, off the board.
    pub fn remove(&mut self, col: usize) {
        self.count -= 1;
        let row = self.count;
        self.queen_square[row * self.board_size + col] = false;
    }

    /// The document's `solve_from`: every solution that extends this board, board restored after.
    pub fn solve_from<V: Visitor + ?Sized>(&mut self, v: &mut V) -> ControlFlow<()> {
        v.proceed()?;
        if self.is_solved() {
            return v.solution(&self.cols);
        }
        let row = self.count;
        for col in 0..self.board_size {
            if let Err(why) = self.unguarded(col, v) {
                v.reject(row, col, why);
                continue;
            }
            self.insert(col);
            v.node(row, col);
            let flow = self.solve_from(v);
            self.remove(col);
            v.backtrack(row, col);
            flow?;
        }
        ControlFlow::Continue(())
    }
}

/// Streams every solution of the `n`×`n` board to `v`, in row-major order.
pub fn solve<V: Visitor + ?Sized>(n: usize, v: &mut V) -> ControlFlow<()> {
    Queens::new(n).solve_from(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::{Count, Tally};

    #[test]
    fn insert_then_remove_restores_the_board() {
        let mut q = Queens::new(5);
        q.insert(2);
        q.insert(4);
        assert_eq!(q.count(), 2);
        q.remove(4);
        q.remove(2);
        assert_eq!(q.count(), 0);
        assert!(q.queen_square.iter().all(|&s| !s));
    }

    #[test]
    fn unguarded_reads_only_until_the_first_queen() {
        let mut q = Queens::new(4);
        q.insert(1);
        let mut t = Tally::new(Count::default());
        assert_eq!(q.unguarded(1, &mut t), Err(Conflict::Column));
        assert_eq!(t.work.probes, 1);
        assert_eq!(q.unguarded(2, &mut t), Err(Conflict::Diagonal));
        assert_eq!(q.unguarded(3, &mut t), Ok(()));
        assert_eq!(t.work.probes, 1 + 2 + 2);
    }

    #[test]
    fn the_search_leaves_the_board_empty() {
        let mut q = Queens::new(8);
        let mut count = Count::default();
        let _ = q.solve_from(&mut count);
        assert_eq!((count.0, q.count()), (92, 0));
    }
}
