//! The board as the counter's searches see it: a row's attack masks, the squares the rules
//! allow, the queens so far, and the squares whose queens may let a solution tie.
//!
//! The bottom of the crate: it imports nothing of it, and every other module builds on it
//! ([`super::last_rows`], [`super::leaf`], [`super::lanes`], [`super::search`],
//! [`super::symmetry`]). Read next: [`super::leaf`].

/// More rows than any supported board has: the size of a board's arrays.
pub const STACK: usize = 32;

/// Indices are masked to the arrays' size, which they never reach, so that no bounds check is
/// compiled into the loops.
pub(crate) const M: usize = STACK - 1;

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
pub struct Allowance {
    /// The board size.
    pub n: usize,
    /// The squares of each row a queen may take at all.
    pub allowed: [u32; STACK],
}

impl Allowance {
    /// Every square of every row of an `n`×`n` board: the plain search.
    pub fn plain(n: usize) -> Allowance {
        Allowance { n, allowed: [full(n); STACK] }
    }

    /// The squares of the last row still open, seen from `row` entered with `m`: where the last
    /// row allows few squares, a placement that closes them all is a dead end found early.
    #[inline(always)]
    pub fn ahead(&self, row: usize, m: Masks) -> u32 {
        let rows = self.n - 1 - row;
        self.allowed[(self.n - 1) & M] & !(m.col | m.diag << rows | m.anti >> rows)
    }

    /// The open squares of `row`, entered with `m`.
    #[inline(always)]
    pub fn open(&self, row: usize, m: Masks) -> u32 {
        self.allowed[row & M] & !(m.col | m.diag | m.anti)
    }
}

/// Every column of an `n`-wide row.
pub fn full(n: usize) -> u32 {
    u32::MAX >> (32 - n)
}

/// Whether a queen of the rows above `row` in `queens` stands on one of the squares `ties`.
#[inline(always)]
pub fn tied(queens: &Placed, ties: &[(usize, u32); 3], row: usize) -> bool {
    ties.iter().any(|&(r, square)| r < row && queens[r & M] == square)
}

/// The square of `row` among `ties` (0, never a queen, if none is in that row).
#[inline(always)]
pub fn tie_in(ties: &[(usize, u32); 3], row: usize) -> u32 {
    ties.iter().find(|t| t.0 == row).map_or(0, |t| t.1)
}

/// The squares among `ties` in the last three rows of an `n`×`n` board, row by row: what
/// [`Bottom::stands_on`](super::last_rows::Bottom::stands_on) closes.
pub fn ties_below(ties: &[(usize, u32); 3], n: usize) -> [u32; 3] {
    std::array::from_fn(|k| tie_in(ties, n - 3 + k))
}

/// The queens of a search, one bit per row.
pub type Placed = [u32; STACK];
