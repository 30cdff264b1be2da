//! The inner loop: a bitboard search on an explicit stack, with a look at the last row.
//!
//! The usual bitboard search — a row's attacked squares are the columns taken plus the `\` and `/`
//! diagonals, shifted one square per row, all in `u32`s — with two additions for the symmetry
//! cases of [`super::symmetry`]: each row has its own mask of squares a queen may take at all
//! ([`Rules::allowed`]), and where a case allows the last row only a few squares, the search
//! looks ahead ([`Rules::ahead`]): a queen that closes every one of them is a dead end at once,
//! not a dozen rows later. For the plain search that look costs more than it saves, so it is a
//! compile-time switch.
//!
//! The row being filled lives in registers and the rows above wait on a stack; a queen with no
//! open square below is not stacked at all, and the last row is never entered: its one remaining
//! column either is open or not. Backing up to a row with eight or more rows below it, the loop
//! reads the stop flag, so Ctrl-C is obeyed within moments even when one subproblem would run for
//! hours (at n = 28 they do).
//!
//! Nodes count queens placed, as [`crate::solvers::bits`] counts them (the plain search walks the
//! very same tree). Read next: [`super::symmetry`], whose cases set the rules.

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
    /// The board size.
    pub n: usize,
    /// The squares of each row a queen may take at all.
    pub allowed: [u32; STACK],
}

impl Rules {
    /// Every square of every row of an `n`×`n` board: the plain search.
    pub fn plain(n: usize) -> Rules {
        Rules { n, allowed: [(1u32 << n) - 1; STACK] }
    }

    /// The squares of the last row still open, seen from `row` entered with `m`: where the last
    /// row allows few squares, a placement that closes them all is a dead end found early.
    #[inline(always)]
    pub fn ahead(&self, row: usize, m: Masks) -> u32 {
        let rows = self.n - 1 - row;
        self.allowed[self.n - 1] & !(m.col | m.diag << rows | m.anti >> rows)
    }

    /// The open squares of `row`, entered with `m`.
    #[inline(always)]
    pub fn open(&self, row: usize, m: Masks) -> u32 {
        self.allowed[row] & !(m.col | m.diag | m.anti)
    }
}

/// What the solutions are worth to the caller.
pub trait Leaf {
    /// Whether it reads the solutions' queens; if not, the search only tells it how many.
    const RECORDS: bool;

    /// `solutions` more were found (called only if it does not record).
    fn count(&mut self, _solutions: u64) {}

    /// `board[r]` is the bit of row `r`'s queen in one more solution (called only if it records).
    fn solution(&mut self, _board: &[u32]) {}
}

/// Counts solutions and records nothing: the hot path.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally(pub u64);

impl Leaf for Tally {
    const RECORDS: bool = false;

    #[inline(always)]
    fn count(&mut self, solutions: u64) {
        self.0 += solutions;
    }
}

/// Completes the board from row `top` under `rules`, entering it with `start`; `board` holds the
/// queens of the rows above; with `AHEAD`, it checks [`Rules::ahead`] before entering a row.
/// Returns the queens placed; stops early, with a partial result the caller must discard, once
/// `stop` is set. Kept out of line: one compact loop per leaf type, with the registers to itself
/// and easy to find in a profile.
#[inline(never)]
pub fn search<L: Leaf, const AHEAD: bool>(
    rules: &Rules,
    top: usize,
    start: Masks,
    board: &mut [u32; STACK],
    leaf: &mut L,
    stop: &AtomicBool,
) -> u64 {
    let last = rules.n - 1;
    if top == last {
        // On a small board the subproblem's own rows leave only the last one.
        return last_row(rules, start, board, leaf);
    }
    // Indices are masked to the stack's size, which they never reach, so that no bounds check
    // is compiled into the loop.
    const M: usize = STACK - 1;
    let mut stack = [[0u32; 4]; STACK];
    let Masks { mut col, mut diag, mut anti } = start;
    let mut free = rules.open(top, start);
    let mut row = top;
    let mut nodes = 0u64;
    loop {
        if free == 0 {
            if row == top {
                break;
            }
            row -= 1;
            [free, col, diag, anti] = stack[row & M];
            // Checked on backing up to any row with eight or more below it: rare enough to cost
            // nothing, and what runs between two checks is never more than eight rows deep, so
            // even a subproblem that would run for hours stops within moments.
            if row + 8 <= last && stop.load(Ordering::Relaxed) {
                break;
            }
            continue;
        }
        let bit = free & free.wrapping_neg();
        free ^= bit;
        if L::RECORDS {
            board[row & M] = bit;
        }
        nodes += 1;
        let next = Masks { col: col | bit, diag: (diag | bit) << 1, anti: (anti | bit) >> 1 };
        if row + 1 == last {
            nodes += last_row(rules, next, board, leaf);
            continue;
        }
        let open = rules.open((row + 1) & M, next);
        // A queen that leaves the next row (or, looking ahead, the last) no open square is a
        // dead end: it is not even stacked.
        if (open != 0) & (!AHEAD || rules.ahead(row + 1, next) != 0) {
            stack[row & M] = [free, col, diag, anti];
            row += 1;
            Masks { col, diag, anti } = next;
            free = open;
        }
    }
    nodes
}

/// The last row, entered with `m`: one column is left, so at most one square is open, and it
/// completes a solution. Returns the queens placed there (0 or 1).
#[inline(always)]
fn last_row<L: Leaf>(rules: &Rules, m: Masks, board: &mut [u32; STACK], leaf: &mut L) -> u64 {
    let last = rules.n - 1;
    let open = rules.open(last, m);
    let found = u64::from(open != 0);
    if !L::RECORDS {
        leaf.count(found);
    } else if open != 0 {
        board[last] = open;
        leaf.solution(&board[..rules.n]);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain search of a whole board.
    fn whole(n: usize) -> (u64, u64) {
        let mut tally = Tally::default();
        let nodes = search::<_, false>(
            &Rules::plain(n),
            0,
            Masks::default(),
            &mut [0; STACK],
            &mut tally,
            &AtomicBool::new(false),
        );
        (tally.0, nodes)
    }

    #[test]
    fn a_whole_board_gives_the_known_counts_and_the_bits_tree() {
        // `bits` at n = 8 places 2,056 queens (2,057 nodes with the root): the same tree.
        assert_eq!(whole(8), (92, 2056));
        for n in 1..=10 {
            assert_eq!(whole(n).0, crate::facts::A000170[n], "n = {n}");
        }
    }

    #[test]
    fn a_set_stop_flag_ends_the_search_early() {
        let mut tally = Tally::default();
        search::<_, false>(&Rules::plain(12), 0, Masks::default(), &mut [0; STACK], &mut tally, &AtomicBool::new(true));
        assert!(tally.0 < crate::facts::A000170[12], "{}", tally.0);
    }

    #[test]
    fn looking_ahead_sees_the_last_row_through_the_diagonals() {
        let mut rules = Rules::plain(5);
        rules.allowed[4] = 0b00110;
        // A queen at (0, 0) leaves diagonal masks that reach (4, 4) four rows down: still open.
        let m = Masks::default().after(0b00001);
        assert_eq!(rules.ahead(1, m), 0b00110);
        // One at (1, 2) attacks (4, 5) off the board and (4, −1): both allowed squares stay open,
        // but the column of (1, 2) closes (4, 2).
        assert_eq!(rules.ahead(2, Masks::default().after(0b00100)), 0b00010);
    }
}
