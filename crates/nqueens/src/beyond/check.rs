//! `check` — is this board a solution? In O(n) time, naming the first attacking pair.
//!
//! [`is_solution`](crate::solvers::is_solution) compares every pair of queens: O(n²), fine for
//! the variants' boards, hopeless for a million queens. Here each queen marks the three lines it
//! stands on — its column, its `\` diagonal (row − column + n − 1) and its `/` diagonal
//! (row + column) — in three bit sets, one bit per line: n + 2(2n − 1) bits, under one byte per
//! queen. A queen whose line is already marked is attacked by a queen above it. Rows are read top
//! down, so the first attack found is the one whose lower queen is highest on the board; its
//! upper queen is then found by one more pass over the rows above.
//!
//! [`Checker`] takes the rows one at a time (a file of 10⁸ rows needs no list of them); [`check()`]
//! runs it over a slice and names both queens of the pair.

use crate::solvers::Conflict;

/// Why a board is not a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flaw {
    /// Row `row`'s queen stands at column `col`, off the n×n board.
    OffBoard {
        /// The row, from 0.
        row: usize,
        /// Its column, n or more.
        col: usize,
    },
    /// Two queens attack each other.
    Attack(Attack),
}

/// Two queens on one line: `upper` (the higher row) and `lower`, each `(row, col)` from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attack {
    /// The queen higher on the board.
    pub upper: (usize, usize),
    /// The queen below it, the first whose line was already held.
    pub lower: (usize, usize),
    /// The line they share: a column or one of the two diagonals.
    pub line: Conflict,
}

/// A check fed one row at a time: `n` is the board's size, known before the first row.
#[derive(Clone, Debug)]
pub struct Checker {
    n: usize,
    row: usize,
    columns: Bits,
    diagonals: Bits,
    anti_diagonals: Bits,
}

/// A queen on a line already held, as [`Checker::push`] sees it: the square and the line, not yet
/// which queen holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Met {
    /// The column is off the board.
    OffBoard {
        /// The row, from 0.
        row: usize,
        /// Its column, n or more.
        col: usize,
    },
    /// The queen at (`row`, `col`) stands on a `line` that a queen above already holds.
    Held {
        /// The row, from 0.
        row: usize,
        /// Its column.
        col: usize,
        /// The line.
        line: Conflict,
    },
}

impl Checker {
    /// A check of an `n`×`n` board, no row read yet.
    pub fn new(n: usize) -> Checker {
        let lines = (2 * n).saturating_sub(1);
        Checker { n, row: 0, columns: Bits::new(n), diagonals: Bits::new(lines), anti_diagonals: Bits::new(lines) }
    }

    /// Rows read so far.
    pub fn rows(&self) -> usize {
        self.row
    }

    /// Reads the next row's queen, at column `col`: `Err` with the first line found held (column,
    /// then `\`, then `/`), and the row is not marked.
    pub fn push(&mut self, col: usize) -> Result<(), Met> {
        let row = self.row;
        self.row += 1;
        if col >= self.n {
            return Err(Met::OffBoard { row, col });
        }
        let lines = [
            (&mut self.columns, col, Conflict::Column),
            (&mut self.diagonals, row + self.n - 1 - col, Conflict::Diagonal),
            (&mut self.anti_diagonals, row + col, Conflict::AntiDiagonal),
        ];
        if let Some((_, _, line)) = lines.iter().find(|(bits, at, _)| bits.get(*at)) {
            return Err(Met::Held { row, col, line: *line });
        }
        for (bits, at, _) in lines {
            bits.set(at);
        }
        Ok(())
    }
}

/// Whether `cols` (row `r`'s queen at column `cols[r]`, n = `cols.len()`) is a solution, and if not,
/// the first fault, top down: the first queen off the board or attacked from above.
pub fn check(cols: &[usize]) -> Result<(), Flaw> {
    let mut checker = Checker::new(cols.len());
    for &col in cols {
        match checker.push(col) {
            Ok(()) => {}
            Err(Met::OffBoard { row, col }) => return Err(Flaw::OffBoard { row, col }),
            Err(Met::Held { row, col, line }) => {
                let upper = upper(cols[..row].iter().copied(), (row, col), line).expect("a queen above holds the line");
                return Err(Flaw::Attack(Attack { upper, lower: (row, col), line }));
            }
        }
    }
    Ok(())
}

/// Among the queens `above` (row 0 first), the one on `line` through `square`: the upper queen of
/// the pair [`Checker::push`] met; one more pass over rows already read.
pub fn upper(above: impl IntoIterator<Item = usize>, square: (usize, usize), line: Conflict) -> Option<(usize, usize)> {
    let (row, col) = square;
    above.into_iter().enumerate().take(row).find(|&(r, c)| match line {
        Conflict::Column => c == col,
        Conflict::Diagonal => row - r == col.wrapping_sub(c),
        Conflict::AntiDiagonal => row - r == c.wrapping_sub(col),
        Conflict::Row => false,
    })
}

/// A fixed set of bits, one `u64` per 64.
#[derive(Clone, Debug)]
struct Bits(Vec<u64>);

impl Bits {
    fn new(len: usize) -> Bits {
        Bits(vec![0; len.div_ceil(64)])
    }
    fn get(&self, at: usize) -> bool {
        self.0[at / 64] & (1 << (at % 64)) != 0
    }
    fn set(&mut self, at: usize) {
        self.0[at / 64] |= 1 << (at % 64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::{Algo, is_solution};

    #[test]
    fn every_solution_passes_and_every_other_board_agrees_with_the_pairwise_check() {
        for n in 1..=6usize {
            let solutions = Algo::Row.solutions(n);
            // Every board with one queen per row, n^n of them.
            for code in 0..n.pow(n as u32) {
                let cols: Vec<usize> = (0..n).map(|r| code / n.pow(r as u32) % n).collect();
                assert_eq!(check(&cols).is_ok(), is_solution(&cols), "{cols:?}");
                assert_eq!(check(&cols).is_ok(), solutions.contains(&cols), "{cols:?}");
            }
        }
    }

    #[test]
    fn the_first_pair_is_named_with_its_line() {
        let attack = |upper, lower, line| Err(Flaw::Attack(Attack { upper, lower, line }));
        assert_eq!(check(&[1, 3, 0, 2]), Ok(()));
        assert_eq!(check(&[0, 2, 0, 3]), attack((0, 0), (2, 0), Conflict::Column));
        assert_eq!(check(&[2, 0, 3, 1, 4]), Ok(()));
        assert_eq!(check(&[0, 3, 1, 2]), attack((2, 1), (3, 2), Conflict::Diagonal));
        assert_eq!(check(&[1, 3, 2, 0]), attack((1, 3), (2, 2), Conflict::AntiDiagonal));
        assert_eq!(check(&[0, 4]), Err(Flaw::OffBoard { row: 1, col: 4 }));
        // A column clash is named before a diagonal one on the same queen.
        assert_eq!(check(&[0, 1, 0]), attack((0, 0), (1, 1), Conflict::Diagonal));
    }
}
