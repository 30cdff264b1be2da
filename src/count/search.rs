//! The inner loop: fills a range of rows with three bitmasks, on an explicit stack, no recursion.
//!
//! The usual bitboard search — a row's attacked squares are the columns taken plus the `\` and `/`
//! diagonals, shifted one square per row, all in `u32`s — with two additions for the symmetry
//! cases of [`super::symmetry`]: each row has its own mask of squares a queen may take at all
//! ([`Rules::allowed`]), and by one given row both side columns must be taken
//! ([`Rules::sides_row`]). The search does not descend into the range's last row: every open
//! square there ends a placement, handed to a [`Leaf`] (which only counts, on the hot path).
//!
//! The stack holds, per row, the masks and the squares still to try; the loop places the lowest
//! open square, computes the next row's open squares in a handful of register operations, and
//! backs up when a row has none left. While backing up through the top rows it reads the stop flag,
//! so Ctrl-C is obeyed within moments even when one subproblem runs for minutes.
//!
//! Nodes count queens placed, the last row's included, as [`crate::solvers::bits`] counts them.
//! Read next: [`super::symmetry`], whose cases set the rules.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

/// More rows than any supported board has: the size of the search's stack.
pub const STACK: usize = 32;

/// The attack masks on entering a row.
#[derive(Clone, Copy, Debug, Default)]
pub struct Masks {
    /// Columns taken.
    pub col: u32,
    /// `\` diagonals reaching this row (they move one column right per row).
    pub diag: u32,
    /// `/` diagonals reaching this row (they move one column left per row).
    pub anti: u32,
}

impl Masks {
    /// The masks of the next row, after a queen on `bit`.
    #[inline(always)]
    pub fn after(self, bit: u32) -> Masks {
        Masks { col: self.col | bit, diag: (self.diag | bit) << 1, anti: (self.anti | bit) >> 1 }
    }
}

/// What a search may place beyond the queens' own attacks.
#[derive(Clone, Debug)]
pub struct Rules {
    /// The squares of each row a queen may take at all.
    pub allowed: [u32; STACK],
    /// The row by whose end both `sides` columns must be taken (`STACK` for no such rule): if
    /// neither is taken on reaching it, nothing fits; if one is, its queen takes the other.
    pub sides_row: usize,
    /// The two side columns.
    pub sides: u32,
}

impl Rules {
    /// Every square of every row of an `n`×`n` board, no side rule: the plain search.
    pub fn plain(n: usize) -> Rules {
        Rules { allowed: [(1u32 << n) - 1; STACK], sides_row: STACK, sides: 0 }
    }

    /// The open squares of `row`, entered with `m`.
    #[inline(always)]
    fn open(&self, row: usize, m: Masks) -> u32 {
        let open = self.allowed[row] & !(m.col | m.diag | m.anti);
        if row != self.sides_row {
            return open;
        }
        match m.col & self.sides {
            0 => 0,
            taken if taken == self.sides => open,
            _ => open & self.sides,
        }
    }
}

/// What an ended placement is worth to the caller.
pub trait Leaf {
    /// `board[r]` is the bit of row `r`'s queen for every row but the range's last; each bit of
    /// `last` is an open square there, each ending one placement.
    fn reached(&mut self, board: &[u32], last: u32);
}

/// Counts whole solutions (the range ends at the board's last row, where at most one column is
/// left, so `last` has at most one bit).
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally(pub u64);

impl Leaf for Tally {
    #[inline(always)]
    fn reached(&mut self, _board: &[u32], last: u32) {
        self.0 += u64::from(last != 0);
    }
}

/// Fills `rows` (at least one) under `rules`, entering the first with `start`; `board` holds the
/// queens of the rows above. Returns the queens placed; stops early, with a partial result the
/// caller must discard, once `stop` is set.
pub fn search<L: Leaf>(
    rules: &Rules,
    rows: Range<usize>,
    start: Masks,
    board: &mut [u32; STACK],
    leaf: &mut L,
    stop: &AtomicBool,
) -> u64 {
    let (top, last) = (rows.start, rows.end - 1);
    if top == last {
        let open = rules.open(top, start);
        leaf.reached(&board[..top], open);
        return u64::from(open.count_ones());
    }
    let mut masks = [Masks::default(); STACK];
    let mut free = [0u32; STACK];
    let mut nodes = 0u64;
    masks[top] = start;
    free[top] = rules.open(top, start);
    let mut row = top;
    loop {
        let f = free[row];
        if f == 0 {
            if row == top {
                break;
            }
            row -= 1;
            // Backing up to the top rows is rare, so the check costs nothing per node.
            if row < top + 2 && stop.load(Ordering::Relaxed) {
                break;
            }
            continue;
        }
        let bit = f & f.wrapping_neg();
        free[row] = f ^ bit;
        board[row] = bit;
        nodes += 1;
        let next = masks[row].after(bit);
        let open = rules.open(row + 1, next);
        if row + 1 == last {
            leaf.reached(&board[..last], open);
            nodes += u64::from(open.count_ones());
        } else {
            row += 1;
            masks[row] = next;
            free[row] = open;
        }
    }
    nodes
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain search of a whole board.
    fn whole(n: usize) -> (u64, u64) {
        let mut tally = Tally::default();
        let nodes =
            search(&Rules::plain(n), 0..n, Masks::default(), &mut [0; STACK], &mut tally, &AtomicBool::new(false));
        (tally.0, nodes)
    }

    #[test]
    fn a_whole_board_gives_the_known_counts_and_the_bits_tree() {
        // `bits` at n = 8 places 2,056 queens (2,057 nodes with the root): the same tree.
        assert_eq!(whole(8), (92, 2056));
        for n in 1..=10 {
            assert_eq!(whole(n).0, crate::solvers::KNOWN_COUNTS[n], "n = {n}");
        }
    }

    #[test]
    fn a_set_stop_flag_ends_the_search_early() {
        let mut tally = Tally::default();
        search(&Rules::plain(12), 0..12, Masks::default(), &mut [0; STACK], &mut tally, &AtomicBool::new(true));
        assert!(tally.0 < crate::solvers::KNOWN_COUNTS[12], "{}", tally.0);
    }

    #[test]
    fn the_side_rule_forces_the_missing_side() {
        let rules = Rules { allowed: [0b1111; STACK], sides_row: 2, sides: 0b1001 };
        let one_side = Masks { col: 0b0001, ..Masks::default() };
        assert_eq!(rules.open(2, one_side), 0b1000);
        assert_eq!(rules.open(2, Masks::default()), 0);
        assert_eq!(rules.open(1, Masks::default()), 0b1111);
    }
}
