//! `check` — is this board a solution? In O(n) time, naming the first attacking pair.
//!
//! [`is_solution`](crate::solvers::is_solution) compares every pair of queens: O(n²), fine for
//! the variants' boards, hopeless for a million queens. Here each queen marks the three lines it
//! stands on — its column, its `\` diagonal (row − column) and its `/` diagonal (row + column) —
//! in three bit sets, one bit per line: about 5n bits, under one byte per queen. A queen whose
//! line is already marked is attacked by a queen above it. Rows are read top down, so the first
//! attack found is the one whose lower queen is highest on the board; its upper queen is then
//! found by one more pass over the rows above ([`upper`]).
//!
//! [`Checker`] takes the rows one at a time and needs no board size (a file of 10⁸ rows is
//! checked as it is read, its size known only at its end); [`check()`] runs it over a slice and
//! names both queens of the pair.

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

/// A check fed one row at a time, that needs no board size: it marks lines, and a line met twice
/// is an attack. Whether a column is off the board is the caller's to say, once the size is known
/// ([`check`] does it for a slice).
#[derive(Clone, Debug, Default)]
pub struct Checker {
    row: usize,
    columns: Bits,
    diagonals: Bits,
    anti_diagonals: Bits,
}

/// A queen on a line that a queen above already holds, as [`Checker::push`] meets it: the square
/// and the line, not yet which queen holds it ([`upper`] finds it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clash {
    /// The row, from 0.
    pub row: usize,
    /// Its column.
    pub col: usize,
    /// The line: the column is looked at first, then `\`, then `/`.
    pub line: Conflict,
}

impl Checker {
    /// A check with room for an `n`×`n` board's lines (it grows past them if it must).
    pub fn with_capacity(n: usize) -> Checker {
        let bits = |len: usize| Bits(Vec::with_capacity(len.div_ceil(64)));
        Checker { row: 0, columns: bits(n), diagonals: bits(2 * n), anti_diagonals: bits(2 * n) }
    }

    /// Rows read so far.
    pub fn rows(&self) -> usize {
        self.row
    }

    /// Reads the next row's queen, at column `col`: `Err` with the first of its lines found held,
    /// and the row is not marked.
    pub fn push(&mut self, col: usize) -> Result<(), Clash> {
        let row = self.row;
        self.row += 1;
        // `\` is row − col, folded to a whole number (0, −1, 1, −2, …: 0, 1, 2, 3, …).
        let down = row as i64 - col as i64;
        let lines = [
            (&mut self.columns, col, Conflict::Column),
            (&mut self.diagonals, ((down << 1) ^ (down >> 63)) as usize, Conflict::Diagonal),
            (&mut self.anti_diagonals, row + col, Conflict::AntiDiagonal),
        ];
        if let Some((_, _, line)) = lines.iter().find(|(bits, at, _)| bits.get(*at)) {
            return Err(Clash { row, col, line: *line });
        }
        for (bits, at, _) in lines {
            bits.set(at);
        }
        Ok(())
    }
}

/// Whether `cols` (row `r`'s queen at column `cols[r]`, n = `cols.len()`) is a solution, and if not,
/// the first flaw, top down: the first queen off the board or attacked from above.
pub fn check(cols: &[usize]) -> Result<(), Flaw> {
    let n = cols.len();
    let off = cols.iter().position(|&c| c >= n).unwrap_or(n);
    let mut checker = Checker::with_capacity(n);
    if let Some(held) = cols[..off].iter().find_map(|&c| checker.push(c).err()) {
        return Err(Flaw::attack(held, cols.iter().copied()));
    }
    match cols.get(off) {
        Some(&col) => Err(Flaw::OffBoard { row: off, col }),
        None => Ok(()),
    }
}

impl Flaw {
    /// The attack `held` met, its upper queen found among the rows of `rows` (from row 0).
    pub fn attack(held: Clash, rows: impl IntoIterator<Item = usize>) -> Flaw {
        let upper = upper(rows, (held.row, held.col), held.line).expect("a queen above holds the line");
        Flaw::Attack(Attack { upper, lower: (held.row, held.col), line: held.line })
    }
}

/// Among the queens `above` (row 0 first), the one on `line` through `square`: the upper queen of
/// the pair [`Checker::push`] met; one more pass over rows already read.
pub fn upper(above: impl IntoIterator<Item = usize>, square: (usize, usize), line: Conflict) -> Option<(usize, usize)> {
    let held = Clash { row: square.0, col: square.1, line };
    above.into_iter().enumerate().take(held.row).find(|&(r, c)| held.is_held_by(r, c))
}

impl Clash {
    /// Whether the queen at (`row`, `col`), above this one, stands on its line.
    pub fn is_held_by(&self, row: usize, col: usize) -> bool {
        row < self.row
            && match self.line {
                Conflict::Column => col == self.col,
                Conflict::Diagonal => self.row - row == self.col.wrapping_sub(col),
                Conflict::AntiDiagonal => self.row - row == col.wrapping_sub(self.col),
                Conflict::Row => false,
            }
    }
}

/// A set of bits that grows as it is set, one `u64` per 64.
#[derive(Clone, Debug, Default)]
struct Bits(Vec<u64>);

impl Bits {
    fn get(&self, at: usize) -> bool {
        self.0.get(at / 64).is_some_and(|word| word & (1 << (at % 64)) != 0)
    }
    fn set(&mut self, at: usize) {
        if at / 64 >= self.0.len() {
            self.0.resize(at / 64 + 1, 0);
        }
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
